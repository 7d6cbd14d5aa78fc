//! The `go` command: [`GoParams`] and the keyword table that parses it.
//!
//! Every `go` keyword is one row of `KEYWORDS`: its name and what it takes
//! (a flag, one integer in a range, or a list of moves) with a setter. The
//! parser loop knows nothing about individual keywords, so a new one (say a
//! per-army clock for a four-army game) is a field on [`GoParams`] plus one
//! table row, e.g. `int_key!("rtime", params.rtime, i64::MIN, i64::MAX)`.
//!
//! `go perft N` is a row of the same table; a line that uses it becomes
//! [`Command::Perft`] instead of [`Command::Go`].

use crate::command::{Command, ParseError, Tokens};

/// The limits and options of one `go` command, as sent.
///
/// Every field is exactly what the line said: nothing is defaulted,
/// combined or checked against the position here (that is the session's
/// job). Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `wtime`: White's remaining clock. May be negative (an overdrawn clock).
    pub wtime: Option<i64>,
    /// `btime`: Black's remaining clock. May be negative (an overdrawn clock).
    pub btime: Option<i64>,
    /// `winc`: White's increment per move. May be negative.
    pub winc: Option<i64>,
    /// `binc`: Black's increment per move. May be negative.
    pub binc: Option<i64>,
    /// `movestogo`: moves until the next time control (at least 1).
    pub movestogo: Option<u32>,
    /// `movetime`: search exactly this long.
    pub movetime: Option<u64>,
    /// `depth`: search this many plies (1 to 255).
    pub depth: Option<u32>,
    /// `nodes`: search about this many nodes (at least 1).
    pub nodes: Option<u64>,
    /// `mate`: look for a mate in this many moves (at least 1).
    pub mate: Option<u32>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Per-army clocks of Enochian chess, in `y b r k` order:
    /// `yellowtime`, `bluetime`, `redtime`, `blacktime`.
    pub seat_time: [Option<i64>; 4],
    /// Per-army increments: `yellowinc`, `blueinc`, `redinc`, `blackinc`.
    pub seat_inc: [Option<i64>; 4],
    /// `searchmoves`: restrict the root to these moves (move text, not yet
    /// validated). Empty when the keyword was not given.
    pub searchmoves: Vec<String>,
}

impl GoParams {
    /// The `go` keywords, in table order (`perft` included).
    pub fn keywords() -> impl Iterator<Item = &'static str> {
        KEYWORDS.iter().map(|key| key.name)
    }
}

/// What the parser fills in while reading a `go` line.
#[derive(Default)]
struct GoBuilder {
    params: GoParams,
    perft: Option<u32>,
}

/// What a `go` keyword takes after it.
#[derive(Clone, Copy)]
enum Arg {
    /// Nothing: the keyword is a flag.
    Flag(fn(&mut GoBuilder)),
    /// Exactly one decimal integer in `min..=max`. The setter is only
    /// called with a value in that range.
    Int {
        min: i128,
        max: i128,
        set: fn(&mut GoBuilder, i128),
    },
    /// Every following token up to the next keyword; at least one.
    Moves(fn(&mut GoBuilder, Vec<String>)),
}

/// One row of the keyword table.
struct GoKeyword {
    name: &'static str,
    arg: Arg,
}

/// A keyword taking one integer in `min..=max`, stored in an
/// `Option<integer>` field of [`GoBuilder`].
macro_rules! int_key {
    ($name:literal, $($field:ident).+, $min:expr, $max:expr) => {
        GoKeyword {
            name: $name,
            arg: Arg::Int {
                min: $min as i128,
                max: $max as i128,
                // In range by construction, so the conversion always succeeds.
                set: |b, v| b.$($field).+ = v.try_into().ok(),
            },
        }
    };
}

/// A keyword taking one army's clock or increment (any `i64`), stored in
/// element `$seat` of an array field of [`GoParams`].
macro_rules! seat_key {
    ($name:literal, $field:ident, $seat:literal) => {
        GoKeyword {
            name: $name,
            arg: Arg::Int {
                min: i64::MIN as i128,
                max: i64::MAX as i128,
                set: |b, v| b.params.$field[$seat] = v.try_into().ok(),
            },
        }
    };
}

/// A flag keyword, stored in a `bool` field of [`GoBuilder`].
macro_rules! flag_key {
    ($name:literal, $($field:ident).+) => {
        GoKeyword {
            name: $name,
            arg: Arg::Flag(|b| b.$($field).+ = true),
        }
    };
}

/// The keyword that turns `go` into [`Command::Perft`].
const PERFT: &str = "perft";

/// Every `go` keyword. Add a keyword here (and its field) and nothing else.
const KEYWORDS: &[GoKeyword] = &[
    int_key!("wtime", params.wtime, i64::MIN, i64::MAX),
    int_key!("btime", params.btime, i64::MIN, i64::MAX),
    int_key!("winc", params.winc, i64::MIN, i64::MAX),
    int_key!("binc", params.binc, i64::MIN, i64::MAX),
    seat_key!("yellowtime", seat_time, 0),
    seat_key!("bluetime", seat_time, 1),
    seat_key!("redtime", seat_time, 2),
    seat_key!("blacktime", seat_time, 3),
    seat_key!("yellowinc", seat_inc, 0),
    seat_key!("blueinc", seat_inc, 1),
    seat_key!("redinc", seat_inc, 2),
    seat_key!("blackinc", seat_inc, 3),
    int_key!("movestogo", params.movestogo, 1, u32::MAX),
    int_key!("movetime", params.movetime, 0, u64::MAX),
    int_key!("depth", params.depth, 1, 255),
    int_key!("nodes", params.nodes, 1, u64::MAX),
    int_key!("mate", params.mate, 1, u32::MAX),
    flag_key!("infinite", params.infinite),
    flag_key!("ponder", params.ponder),
    GoKeyword {
        name: "searchmoves",
        arg: Arg::Moves(|b, moves| b.params.searchmoves = moves),
    },
    int_key!("perft", perft, 0, 64),
];

/// The table index of a keyword.
fn find(token: &str) -> Option<usize> {
    KEYWORDS.iter().position(|key| key.name == token)
}

/// Reads `text` as a decimal integer in `min..=max` for `command`'s
/// `keyword`. Anything else (not a number, out of range, beyond 128 bits)
/// is [`ParseError::InvalidValue`].
pub(crate) fn parse_int(
    command: &'static str,
    keyword: &'static str,
    text: &str,
    min: i128,
    max: i128,
) -> Result<i128, ParseError> {
    text.parse::<i128>()
        .ok()
        .filter(|value| (min..=max).contains(value))
        .ok_or_else(|| ParseError::InvalidValue {
            command,
            keyword,
            text: text.to_owned(),
            min,
            max,
        })
}

/// Parses the arguments of `go` (the tokens after the word `go`).
pub(crate) fn parse_go(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let mut go = GoBuilder::default();
    let mut seen = [false; KEYWORDS.len()];
    while let Some(token) = tokens.next() {
        let Some(index) = find(token) else {
            return Err(ParseError::Unexpected {
                command: "go",
                token: token.to_owned(),
                expected: "a go keyword",
            });
        };
        let key = &KEYWORDS[index];
        if seen[index] {
            return Err(ParseError::Duplicate {
                command: "go",
                keyword: key.name,
            });
        }
        let any_seen = seen.iter().any(|&s| s);
        if any_seen && (key.name == PERFT || go.perft.is_some()) {
            return Err(ParseError::PerftCombined);
        }
        seen[index] = true;
        match key.arg {
            Arg::Flag(set) => set(&mut go),
            Arg::Int { min, max, set } => {
                let text = tokens.next().ok_or(ParseError::MissingValue {
                    command: "go",
                    keyword: key.name,
                })?;
                set(&mut go, parse_int("go", key.name, text, min, max)?);
            }
            Arg::Moves(set) => {
                let mut moves = Vec::new();
                while let Some(text) = tokens.next_if(|t| find(t).is_none()) {
                    moves.push(text.to_owned());
                }
                if moves.is_empty() {
                    return Err(ParseError::MissingValue {
                        command: "go",
                        keyword: key.name,
                    });
                }
                set(&mut go, moves);
            }
        }
    }
    Ok(match go.perft {
        Some(depth) => Command::Perft(depth),
        None => Command::Go(go.params),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::parse;

    fn go(line: &str) -> GoParams {
        match parse(line) {
            Ok(Command::Go(params)) => params,
            other => panic!("{line:?} parsed to {other:?}"),
        }
    }

    fn err(line: &str) -> String {
        match parse(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed to {c:?}"),
        }
    }

    #[test]
    fn bare_go_is_all_defaults() {
        assert_eq!(go("go"), GoParams::default());
    }

    #[test]
    fn clock_keywords() {
        let p = go("go wtime 300000 btime 299000 winc 2000 binc 1000 movestogo 40");
        assert_eq!(p.wtime, Some(300_000));
        assert_eq!(p.btime, Some(299_000));
        assert_eq!(p.winc, Some(2000));
        assert_eq!(p.binc, Some(1000));
        assert_eq!(p.movestogo, Some(40));
        assert!(!p.infinite && !p.ponder);
    }

    #[test]
    fn every_numeric_keyword_and_flag() {
        let p = go("go movetime 0 depth 255 nodes 1 mate 1 infinite ponder");
        assert_eq!(p.movetime, Some(0));
        assert_eq!(p.depth, Some(255));
        assert_eq!(p.nodes, Some(1));
        assert_eq!(p.mate, Some(1));
        assert!(p.infinite && p.ponder);
    }

    #[test]
    fn negative_clocks_and_increments_are_kept() {
        let p = go("go wtime -150 btime -1 winc -5 binc -0");
        assert_eq!(p.wtime, Some(-150));
        assert_eq!(p.btime, Some(-1));
        assert_eq!(p.winc, Some(-5));
        assert_eq!(p.binc, Some(0));
    }

    #[test]
    fn full_width_values() {
        let p = go("go wtime -9223372036854775808 btime 9223372036854775807 \
             nodes 18446744073709551615 movetime 18446744073709551615 \
             movestogo 4294967295 mate 4294967295");
        assert_eq!(p.wtime, Some(i64::MIN));
        assert_eq!(p.btime, Some(i64::MAX));
        assert_eq!(p.nodes, Some(u64::MAX));
        assert_eq!(p.movetime, Some(u64::MAX));
        assert_eq!(p.movestogo, Some(u32::MAX));
        assert_eq!(p.mate, Some(u32::MAX));
    }

    #[test]
    fn missing_value() {
        assert_eq!(err("go depth"), "go: 'depth' needs a value");
        assert_eq!(err("go infinite wtime"), "go: 'wtime' needs a value");
        assert_eq!(err("go perft"), "go: 'perft' needs a value");
    }

    #[test]
    fn a_keyword_in_value_position_is_an_invalid_value() {
        assert_eq!(
            err("go depth infinite"),
            "go: invalid depth 'infinite': expected an integer from 1 to 255"
        );
    }

    #[test]
    fn non_numeric_values() {
        assert_eq!(
            err("go depth ten"),
            "go: invalid depth 'ten': expected an integer from 1 to 255"
        );
        assert_eq!(
            err("go wtime 1.5"),
            "go: invalid wtime '1.5': expected an integer from \
             -9223372036854775808 to 9223372036854775807"
        );
        assert!(err("go nodes 0x10").contains("'0x10'"));
        assert!(err("go movetime 1e3").contains("'1e3'"));
    }

    #[test]
    fn depth_range() {
        assert_eq!(
            err("go depth 0"),
            "go: invalid depth '0': expected an integer from 1 to 255"
        );
        assert_eq!(
            err("go depth 256"),
            "go: invalid depth '256': expected an integer from 1 to 255"
        );
        assert_eq!(go("go depth 1").depth, Some(1));
    }

    #[test]
    fn lower_bounds_of_counts() {
        assert_eq!(
            err("go nodes 0"),
            "go: invalid nodes '0': expected an integer from 1 to 18446744073709551615"
        );
        assert_eq!(
            err("go movestogo 0"),
            "go: invalid movestogo '0': expected an integer from 1 to 4294967295"
        );
        assert_eq!(
            err("go mate 0"),
            "go: invalid mate '0': expected an integer from 1 to 4294967295"
        );
        assert_eq!(
            err("go movetime -1"),
            "go: invalid movetime '-1': expected an integer from 0 to 18446744073709551615"
        );
    }

    #[test]
    fn huge_numbers_are_errors() {
        assert!(err("go wtime 9223372036854775808").starts_with("go: invalid wtime '9223"));
        assert!(err("go btime -9223372036854775809").starts_with("go: invalid btime '-9223"));
        assert!(err("go nodes 18446744073709551616").starts_with("go: invalid nodes '1844"));
        assert!(err("go movestogo 4294967296").starts_with("go: invalid movestogo"));
        let digits = "9".repeat(10_000);
        assert!(err(&format!("go movetime {digits}")).starts_with("go: invalid movetime '999"));
        assert!(err(&format!("go binc -{digits}")).starts_with("go: invalid binc '-999"));
    }

    #[test]
    fn duplicates() {
        assert_eq!(err("go depth 5 depth 6"), "go: 'depth' given twice");
        assert_eq!(err("go infinite infinite"), "go: 'infinite' given twice");
        assert_eq!(err("go ponder wtime 1 ponder"), "go: 'ponder' given twice");
        assert_eq!(
            err("go searchmoves e2e4 searchmoves d2d4"),
            "go: 'searchmoves' given twice"
        );
    }

    #[test]
    fn unknown_keyword() {
        assert_eq!(err("go fast"), "go: expected a go keyword, got 'fast'");
        assert_eq!(
            err("go depth 5 Infinite"),
            "go: expected a go keyword, got 'Infinite'"
        );
        // A stray value is not skipped either.
        assert_eq!(err("go depth 5 6"), "go: expected a go keyword, got '6'");
    }

    #[test]
    fn searchmoves_runs_to_the_next_keyword() {
        let p = go("go searchmoves e2e4 d2d4 g1f3 depth 7");
        assert_eq!(p.searchmoves, ["e2e4", "d2d4", "g1f3"]);
        assert_eq!(p.depth, Some(7));
        let p = go("go infinite searchmoves e7e8q");
        assert_eq!(p.searchmoves, ["e7e8q"]);
        assert!(p.infinite);
        // Move text is not validated here.
        assert_eq!(go("go searchmoves zz9").searchmoves, ["zz9"]);
    }

    #[test]
    fn searchmoves_needs_a_move() {
        assert_eq!(err("go searchmoves"), "go: 'searchmoves' needs a value");
        assert_eq!(
            err("go searchmoves depth 3"),
            "go: 'searchmoves' needs a value"
        );
    }

    #[test]
    fn perft() {
        assert_eq!(parse("go perft 5"), Ok(Command::Perft(5)));
        assert_eq!(parse("go perft 0"), Ok(Command::Perft(0)));
        assert_eq!(parse("go perft 64"), Ok(Command::Perft(64)));
        assert_eq!(
            err("go perft 65"),
            "go: invalid perft '65': expected an integer from 0 to 64"
        );
        assert_eq!(
            err("go perft -1"),
            "go: invalid perft '-1': expected an integer from 0 to 64"
        );
        assert_eq!(err("go perft 3 perft 4"), "go: 'perft' given twice");
    }

    #[test]
    fn perft_does_not_combine() {
        let msg = "go: 'perft' cannot be combined with other go keywords";
        assert_eq!(err("go perft 3 depth 2"), msg);
        assert_eq!(err("go depth 2 perft 3"), msg);
        assert_eq!(err("go infinite perft 3"), msg);
        assert_eq!(err("go perft 3 infinite"), msg);
        assert_eq!(err("go searchmoves e2e4 perft 3"), msg);
    }

    #[test]
    fn keyword_table_is_consistent() {
        let names: Vec<_> = GoParams::keywords().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} listed twice");
            assert_eq!(find(name), Some(i));
        }
        assert!(names.contains(&PERFT));
        // Every integer range fits the type its setter stores into: the
        // extremes round-trip through the table.
        for key in KEYWORDS {
            if let Arg::Int { min, max, set } = key.arg {
                for v in [min, max] {
                    let mut b = GoBuilder::default();
                    set(&mut b, v);
                    assert_ne!(
                        (b.params.clone(), b.perft),
                        (GoParams::default(), None),
                        "{} {v} was not stored",
                        key.name
                    );
                }
            }
        }
    }
}
