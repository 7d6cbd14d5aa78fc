//! One input line to one [`Command`]: [`parse`] and [`ParseError`].
//!
//! Parsing is pure and game-independent: FENs, move texts and option
//! values are kept as text for the session and the game to validate. It is
//! also strict: unlike the UCI advice to skip unknown leading tokens, any
//! token a command does not accept is an error, so a script author learns
//! about a typo instead of having a line silently ignored.

use std::fmt;
use std::iter::Peekable;
use std::str::SplitAsciiWhitespace;

use crate::go::{GoParams, parse_go, parse_int};
use crate::option::parse_setoption;

/// The longest line [`parse`] accepts, in bytes (1 MiB).
pub const MAX_LINE_LEN: usize = 1 << 20;

/// The tokens of a line: runs of non-whitespace separated by ASCII
/// whitespace (`\r` included).
pub(crate) type Tokens<'a> = Peekable<SplitAsciiWhitespace<'a>>;

/// One parsed input line.
// `Go` carries every clock (four armies' too); one command lives per input
// line, so boxing it would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list options.
    Uci,
    /// `isready`: answer `readyok` once ready.
    IsReady,
    /// `ucinewgame`: the next position belongs to a new game.
    UciNewGame,
    /// `stop`: end the current search.
    Stop,
    /// `ponderhit`: the pondered move was played.
    PonderHit,
    /// `quit`: exit.
    Quit,
    /// `debug on` / `debug off`.
    Debug(bool),
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option name as written (words joined with single spaces);
        /// matched case-insensitively by the session.
        name: String,
        /// The value (words joined with single spaces), `None` without
        /// `value`, `Some("")` for `value` with nothing after it.
        value: Option<String>,
    },
    /// `position (startpos | fen <FEN>) [moves <move>...]`.
    Position {
        /// Where the game starts.
        start: PositionStart,
        /// Move texts played from there, not yet validated.
        moves: Vec<String>,
    },
    /// `go [keyword [value]]...`.
    Go(GoParams),
    /// `d`: show the position.
    Display,
    /// `eval`: show the static evaluation.
    Eval,
    /// `bench [depth N]`.
    Bench(BenchParams),
    /// `exchange offer [movetime N]`: the other team offers the agreement
    /// move of the current position; answer `exchange accept|decline`.
    ExchangeOffer {
        /// Milliseconds to search each continuation (default 1000).
        movetime: u64,
    },
    /// `exchange declined`: the other team declined our offer here.
    ExchangeDeclined,
    /// `go perft N`: count leaf nodes `N` plies deep (0 to 64).
    Perft(u32),
    /// `genfens <N> seed <S> [book <None|path>] [<extra>...]`: `N` distinct
    /// balanced start positions for test books (OpenBench's convention;
    /// extra words are accepted and ignored).
    GenFens(GenFensParams),
    /// A blank or whitespace-only line: callers ignore it.
    Empty,
}

/// The start of a `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// `startpos`: the game's standard starting position.
    StartPos,
    /// `fen <FEN>`: every token between `fen` and `moves` (or the end of
    /// the line), joined with single spaces. Not validated here.
    Fen(String),
}

/// The arguments of `genfens`.
pub use augur_engine::GenFensParams;

/// The arguments of `bench`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchParams {
    /// `depth N` (1 to 255); `None` for the bench's own default.
    pub depth: Option<u32>,
}

/// Why a line is not a command. `Display` gives one line of text for
/// `info string error: <message>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The line is longer than [`MAX_LINE_LEN`] bytes.
    LineTooLong {
        /// The line's length in bytes.
        len: usize,
    },
    /// The first word is not a command (commands are lowercase).
    UnknownCommand(String),
    /// `command` got `token` where it wanted `expected`.
    Unexpected {
        /// The command being parsed.
        command: &'static str,
        /// The offending token.
        token: String,
        /// What would have been accepted there, in words.
        expected: &'static str,
    },
    /// The line ended where `command` needs `expected`.
    Missing {
        /// The command being parsed.
        command: &'static str,
        /// What is missing, in words.
        expected: &'static str,
    },
    /// `keyword` is the last token, or (`searchmoves`) has no move after it.
    MissingValue {
        /// The command being parsed.
        command: &'static str,
        /// The keyword without its value.
        keyword: &'static str,
    },
    /// `keyword`'s value is not a decimal integer from `min` to `max`.
    InvalidValue {
        /// The command being parsed.
        command: &'static str,
        /// The keyword whose value is wrong.
        keyword: &'static str,
        /// The value as written.
        text: String,
        /// The smallest value accepted.
        min: i128,
        /// The largest value accepted.
        max: i128,
    },
    /// `keyword` appears twice.
    Duplicate {
        /// The command being parsed.
        command: &'static str,
        /// The repeated keyword.
        keyword: &'static str,
    },
    /// `go perft` with another `go` keyword.
    PerftCombined,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::LineTooLong { len } => {
                write!(
                    f,
                    "line too long: {len} bytes (the limit is {MAX_LINE_LEN})"
                )
            }
            ParseError::UnknownCommand(word) => write!(f, "unknown command '{word}'"),
            ParseError::Unexpected {
                command,
                token,
                expected,
            } => write!(f, "{command}: expected {expected}, got '{token}'"),
            ParseError::Missing { command, expected } => {
                write!(f, "{command}: missing {expected}")
            }
            ParseError::MissingValue { command, keyword } => {
                write!(f, "{command}: '{keyword}' needs a value")
            }
            ParseError::InvalidValue {
                command,
                keyword,
                text,
                min,
                max,
            } => write!(
                f,
                "{command}: invalid {keyword} '{text}': expected an integer from {min} to {max}"
            ),
            ParseError::Duplicate { command, keyword } => {
                write!(f, "{command}: '{keyword}' given twice")
            }
            ParseError::PerftCombined => {
                write!(f, "go: 'perft' cannot be combined with other go keywords")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// What [`ParseError::Unexpected`] says a no-argument command expected.
const END: &str = "end of line";

/// The words that begin a protocol command, as [`parse`] knows them.
pub const COMMAND_WORDS: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "stop",
    "ponderhit",
    "quit",
    "d",
    "eval",
    "debug",
    "bench",
    "genfens",
    "position",
    "setoption",
    "go",
    "exchange",
];

/// Whether `line` begins with a protocol command word (it may still be a
/// malformed command): how the command line tells protocol lines, run as
/// a session, from a mistyped subcommand.
pub fn is_protocol_line(line: &str) -> bool {
    line.split_ascii_whitespace()
        .next()
        .is_some_and(|word| COMMAND_WORDS.contains(&word))
}

/// Parses one input line (with or without its line ending).
///
/// Never panics; every rejection is a [`ParseError`] naming the offending
/// text. A blank line is [`Command::Empty`].
pub fn parse(line: &str) -> Result<Command, ParseError> {
    if line.len() > MAX_LINE_LEN {
        return Err(ParseError::LineTooLong { len: line.len() });
    }
    let mut tokens = line.split_ascii_whitespace().peekable();
    let Some(word) = tokens.next() else {
        return Ok(Command::Empty);
    };
    let (command, name) = match word {
        "uci" => (Command::Uci, "uci"),
        "isready" => (Command::IsReady, "isready"),
        "ucinewgame" => (Command::UciNewGame, "ucinewgame"),
        "stop" => (Command::Stop, "stop"),
        "ponderhit" => (Command::PonderHit, "ponderhit"),
        "quit" => (Command::Quit, "quit"),
        "d" => (Command::Display, "d"),
        "eval" => (Command::Eval, "eval"),
        "debug" => (parse_debug(&mut tokens)?, "debug"),
        "bench" => return parse_bench(&mut tokens),
        "genfens" => return parse_genfens(&mut tokens),
        "position" => return parse_position(&mut tokens),
        "setoption" => return parse_setoption(&mut tokens),
        "go" => return parse_go(&mut tokens),
        "exchange" => return parse_exchange(&mut tokens),
        _ => return Err(ParseError::UnknownCommand(word.to_owned())),
    };
    expect_end(&mut tokens, name)?;
    Ok(command)
}

/// Fails with the first token left, if any.
fn expect_end(tokens: &mut Tokens<'_>, command: &'static str) -> Result<(), ParseError> {
    match tokens.next() {
        None => Ok(()),
        Some(token) => Err(ParseError::Unexpected {
            command,
            token: token.to_owned(),
            expected: END,
        }),
    }
}

/// `debug on|off` (the tokens after `debug`; the caller checks the end).
fn parse_debug(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const ON_OFF: &str = "'on' or 'off'";
    match tokens.next() {
        Some("on") => Ok(Command::Debug(true)),
        Some("off") => Ok(Command::Debug(false)),
        Some(token) => Err(ParseError::Unexpected {
            command: "debug",
            token: token.to_owned(),
            expected: ON_OFF,
        }),
        None => Err(ParseError::Missing {
            command: "debug",
            expected: ON_OFF,
        }),
    }
}

/// Default milliseconds per continuation for `exchange offer`.
pub const EXCHANGE_MOVETIME_MS: u64 = 1000;

/// `exchange offer [movetime N]` or `exchange declined` (the tokens after
/// `exchange`).
fn parse_exchange(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const WHAT: &str = "'offer' or 'declined'";
    match tokens.next() {
        Some("declined") => {
            expect_end(tokens, "exchange")?;
            Ok(Command::ExchangeDeclined)
        }
        Some("offer") => {
            let mut movetime = EXCHANGE_MOVETIME_MS;
            if let Some(token) = tokens.next() {
                if token != "movetime" {
                    return Err(ParseError::Unexpected {
                        command: "exchange",
                        token: token.to_owned(),
                        expected: "'movetime' or end of line",
                    });
                }
                let text = tokens.next().ok_or(ParseError::MissingValue {
                    command: "exchange",
                    keyword: "movetime",
                })?;
                movetime = parse_int("exchange", "movetime", text, 1, 3_600_000)?
                    .try_into()
                    .unwrap_or(EXCHANGE_MOVETIME_MS);
                expect_end(tokens, "exchange")?;
            }
            Ok(Command::ExchangeOffer { movetime })
        }
        Some(token) => Err(ParseError::Unexpected {
            command: "exchange",
            token: token.to_owned(),
            expected: WHAT,
        }),
        None => Err(ParseError::Missing {
            command: "exchange",
            expected: WHAT,
        }),
    }
}

/// `bench [depth N]` (the tokens after `bench`).
fn parse_bench(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    let mut params = BenchParams::default();
    while let Some(token) = tokens.next() {
        if token != "depth" {
            return Err(ParseError::Unexpected {
                command: "bench",
                token: token.to_owned(),
                expected: "'depth' or end of line",
            });
        }
        if params.depth.is_some() {
            return Err(ParseError::Duplicate {
                command: "bench",
                keyword: "depth",
            });
        }
        let text = tokens.next().ok_or(ParseError::MissingValue {
            command: "bench",
            keyword: "depth",
        })?;
        params.depth = parse_int("bench", "depth", text, 1, 255)?.try_into().ok();
    }
    Ok(Command::Bench(params))
}

/// `genfens <N> seed <S> [book <None|path>] [<extra>...]` (the tokens after
/// `genfens`).
fn parse_genfens(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const COMMAND: &str = "genfens";
    let count = tokens.next().ok_or(ParseError::Missing {
        command: COMMAND,
        expected: "the number of positions",
    })?;
    let count = parse_int(COMMAND, "count", count, 1, 100_000)? as u32;
    match tokens.next() {
        Some("seed") => {}
        Some(token) => {
            return Err(ParseError::Unexpected {
                command: COMMAND,
                token: token.to_owned(),
                expected: "'seed'",
            });
        }
        None => {
            return Err(ParseError::Missing {
                command: COMMAND,
                expected: "'seed <S>'",
            });
        }
    }
    let seed = tokens.next().ok_or(ParseError::MissingValue {
        command: COMMAND,
        keyword: "seed",
    })?;
    let seed = parse_int(COMMAND, "seed", seed, 0, i128::from(u64::MAX))? as u64;
    let mut book = None;
    if tokens.peek() == Some(&"book") {
        tokens.next();
        let path = tokens.next().ok_or(ParseError::MissingValue {
            command: COMMAND,
            keyword: "book",
        })?;
        if !path.eq_ignore_ascii_case("none") {
            book = Some(path.to_owned());
        }
    }
    // OpenBench may append extra words for its own engines: ignored.
    Ok(Command::GenFens(GenFensParams { count, seed, book }))
}

/// `position (startpos | fen <FEN>) [moves <move>...]` (the tokens after
/// `position`).
fn parse_position(tokens: &mut Tokens<'_>) -> Result<Command, ParseError> {
    const START: &str = "'startpos' or 'fen'";
    let start = match tokens.next() {
        Some("startpos") => {
            match tokens.next() {
                None | Some("moves") => {}
                Some(token) => {
                    return Err(ParseError::Unexpected {
                        command: "position",
                        token: token.to_owned(),
                        expected: "'moves' or end of line after 'startpos'",
                    });
                }
            }
            PositionStart::StartPos
        }
        Some("fen") => {
            let mut fen = String::new();
            for field in tokens.by_ref().take_while(|&t| t != "moves") {
                if !fen.is_empty() {
                    fen.push(' ');
                }
                fen.push_str(field);
            }
            if fen.is_empty() {
                return Err(ParseError::Missing {
                    command: "position",
                    expected: "FEN after 'fen'",
                });
            }
            PositionStart::Fen(fen)
        }
        Some(token) => {
            return Err(ParseError::Unexpected {
                command: "position",
                token: token.to_owned(),
                expected: START,
            });
        }
        None => {
            return Err(ParseError::Missing {
                command: "position",
                expected: START,
            });
        }
    };
    // Every remaining token follows `moves` (or there are none).
    let mut moves = Vec::new();
    for token in tokens {
        if token == "moves" {
            return Err(ParseError::Duplicate {
                command: "position",
                keyword: "moves",
            });
        }
        moves.push(token.to_owned());
    }
    Ok(Command::Position { start, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::prelude::*;
    use rand::rngs::StdRng;

    fn err(line: &str) -> String {
        match parse(line) {
            Err(e) => e.to_string(),
            Ok(c) => panic!("{line:?} parsed to {c:?}"),
        }
    }

    fn position(start: PositionStart, moves: &[&str]) -> Command {
        Command::Position {
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("isready"), Ok(Command::IsReady));
        assert_eq!(parse("ucinewgame"), Ok(Command::UciNewGame));
        assert_eq!(parse("stop"), Ok(Command::Stop));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("d"), Ok(Command::Display));
        assert_eq!(parse("eval"), Ok(Command::Eval));
    }

    #[test]
    fn simple_commands_reject_arguments() {
        assert_eq!(
            err("isready extra"),
            "isready: expected end of line, got 'extra'"
        );
        for word in [
            "uci",
            "isready",
            "ucinewgame",
            "stop",
            "ponderhit",
            "quit",
            "d",
            "eval",
        ] {
            assert_eq!(
                err(&format!("{word} x y")),
                format!("{word}: expected end of line, got 'x'")
            );
        }
    }

    #[test]
    fn whitespace_is_flexible() {
        assert_eq!(parse("  isready \r\n"), Ok(Command::IsReady));
        assert_eq!(parse("\tuci\r"), Ok(Command::Uci));
        assert_eq!(parse("debug\t \x0con"), Ok(Command::Debug(true)));
        assert_eq!(
            parse("position\tstartpos  moves\r e2e4\x0c e7e5 \r\n"),
            Ok(position(PositionStart::StartPos, &["e2e4", "e7e5"]))
        );
    }

    #[test]
    fn blank_lines_are_empty() {
        for line in ["", " ", "\r\n", "\n", "\t \r \x0c", "\r"] {
            assert_eq!(parse(line), Ok(Command::Empty), "{line:?}");
        }
    }

    #[test]
    fn commands_are_case_sensitive() {
        assert_eq!(err("UCI"), "unknown command 'UCI'");
        assert_eq!(err("IsReady"), "unknown command 'IsReady'");
        assert_eq!(err("D"), "unknown command 'D'");
        assert_eq!(err("Go depth 3"), "unknown command 'Go'");
    }

    #[test]
    fn unknown_leading_tokens_are_not_skipped() {
        assert_eq!(err("joho debug on"), "unknown command 'joho'");
        assert_eq!(err("perft 3"), "unknown command 'perft'");
    }

    #[test]
    fn every_command_word_is_one_parse_knows() {
        for word in COMMAND_WORDS {
            assert!(
                !matches!(parse(word), Err(ParseError::UnknownCommand(_))),
                "{word}"
            );
            assert!(is_protocol_line(&format!("{word} and more")));
        }
        for line in ["perfft 5", "version", "", "  ", "Go depth 3", "serve"] {
            assert!(!is_protocol_line(line), "{line}");
        }
        assert_eq!(
            parse("xyzzy"),
            Err(ParseError::UnknownCommand("xyzzy".into()))
        );
    }

    #[test]
    fn debug() {
        assert_eq!(parse("debug on"), Ok(Command::Debug(true)));
        assert_eq!(parse("debug off"), Ok(Command::Debug(false)));
        assert_eq!(err("debug"), "debug: missing 'on' or 'off'");
        assert_eq!(err("debug yes"), "debug: expected 'on' or 'off', got 'yes'");
        assert_eq!(err("debug ON"), "debug: expected 'on' or 'off', got 'ON'");
        assert_eq!(
            err("debug on off"),
            "debug: expected end of line, got 'off'"
        );
    }

    #[test]
    fn bench() {
        assert_eq!(parse("bench"), Ok(Command::Bench(BenchParams::default())));
        assert_eq!(
            parse("bench depth 13"),
            Ok(Command::Bench(BenchParams { depth: Some(13) }))
        );
        assert_eq!(
            err("bench 13"),
            "bench: expected 'depth' or end of line, got '13'"
        );
        assert_eq!(err("bench depth"), "bench: 'depth' needs a value");
        assert_eq!(
            err("bench depth 0"),
            "bench: invalid depth '0': expected an integer from 1 to 255"
        );
        assert_eq!(
            err("bench depth x"),
            "bench: invalid depth 'x': expected an integer from 1 to 255"
        );
        assert_eq!(err("bench depth 3 depth 4"), "bench: 'depth' given twice");
        assert_eq!(
            err("bench depth 3 nodes"),
            "bench: expected 'depth' or end of line, got 'nodes'"
        );
    }

    #[test]
    fn position_startpos() {
        assert_eq!(
            parse("position startpos"),
            Ok(position(PositionStart::StartPos, &[]))
        );
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(position(PositionStart::StartPos, &["e2e4", "e7e5"]))
        );
    }

    #[test]
    fn position_moves_may_be_empty() {
        assert_eq!(
            parse("position startpos moves"),
            Ok(position(PositionStart::StartPos, &[]))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K6k w - - moves"),
            Ok(position(
                PositionStart::Fen("8/8/8/8/8/8/8/K6k w - -".into()),
                &[]
            ))
        );
    }

    #[test]
    fn position_fen() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(
            parse(&format!("position fen {fen}")),
            Ok(position(PositionStart::Fen(fen.into()), &[]))
        );
        assert_eq!(
            parse(&format!("position fen {fen} moves c7c5 g1f3")),
            Ok(position(PositionStart::Fen(fen.into()), &["c7c5", "g1f3"]))
        );
    }

    #[test]
    fn position_fen_takes_any_number_of_fields() {
        // Validation is the game's job: one field, or seven, pass here.
        assert_eq!(
            parse("position fen x"),
            Ok(position(PositionStart::Fen("x".into()), &[]))
        );
        assert_eq!(
            parse("position fen  a   b c d e f g  moves m"),
            Ok(position(PositionStart::Fen("a b c d e f g".into()), &["m"]))
        );
    }

    #[test]
    fn position_errors() {
        assert_eq!(err("position"), "position: missing 'startpos' or 'fen'");
        assert_eq!(
            err("position moves e2e4"),
            "position: expected 'startpos' or 'fen', got 'moves'"
        );
        assert_eq!(
            err("position StartPos"),
            "position: expected 'startpos' or 'fen', got 'StartPos'"
        );
        assert_eq!(err("position fen"), "position: missing FEN after 'fen'");
        assert_eq!(
            err("position fen moves e2e4"),
            "position: missing FEN after 'fen'"
        );
        assert_eq!(
            err("position startpos e2e4"),
            "position: expected 'moves' or end of line after 'startpos', got 'e2e4'"
        );
        assert_eq!(
            err("position startpos fen 8/8/8/8/8/8/8/8 w - -"),
            "position: expected 'moves' or end of line after 'startpos', got 'fen'"
        );
        assert_eq!(
            err("position startpos moves e2e4 moves e7e5"),
            "position: 'moves' given twice"
        );
    }

    #[test]
    fn line_length_limit() {
        let pad = " ".repeat(MAX_LINE_LEN - 2);
        assert_eq!(parse(&format!("d{pad}\n")), Ok(Command::Display));
        let long = format!(
            "position startpos moves {}",
            "e2e4 ".repeat(MAX_LINE_LEN / 5)
        );
        assert!(long.len() > MAX_LINE_LEN);
        assert_eq!(
            parse(&long),
            Err(ParseError::LineTooLong { len: long.len() })
        );
        assert_eq!(
            err(&" ".repeat(MAX_LINE_LEN + 1)),
            "line too long: 1048577 bytes (the limit is 1048576)"
        );
    }

    #[test]
    fn error_messages_are_single_lines() {
        for line in [
            "joho",
            "go depth 0",
            "position",
            "setoption",
            "debug x",
            "bench y",
        ] {
            let message = err(line);
            assert!(
                !message.is_empty() && !message.contains(['\n', '\r']),
                "{message:?}"
            );
        }
    }

    /// Every word the parser knows, plus some near misses and odd numbers.
    fn vocabulary() -> Vec<String> {
        let mut words: Vec<String> = [
            "on",
            "off",
            "name",
            "value",
            "startpos",
            "fen",
            "moves",
            "e2e4",
            "e7e8q",
            "0",
            "1",
            "-1",
            "64",
            "65",
            "255",
            "256",
            "-9223372036854775809",
            "18446744073709551616",
            "99999999999999999999999999999999999999999",
            "+3",
            "-",
            "",
            "UCI",
            "\u{a0}",
            "é",
            "\u{0}",
        ]
        .iter()
        .map(|w| w.to_string())
        .collect();
        words.extend(COMMAND_WORDS.iter().map(|w| w.to_string()));
        words.extend(GoParams::keywords().map(str::to_owned));
        words
    }

    fn check(line: &str) {
        // Must not panic; errors must be printable on one line.
        if let Err(e) = parse(line) {
            let message = e.to_string();
            assert!(!message.is_empty());
            assert!(!message.contains(['\n', '\r']), "{line:?} -> {message:?}");
        }
    }

    #[test]
    fn never_panics_on_random_bytes() {
        let mut rng = StdRng::seed_from_u64(0x5eed_a11c_e001);
        let mut bytes = Vec::new();
        for _ in 0..100_000 {
            bytes.clear();
            let len = rng.random_range(0..64);
            for _ in 0..len {
                // Mostly printable ASCII and whitespace, sometimes any byte.
                let b = if rng.random_bool(0.8) {
                    rng.random_range(b'\t'..=b'~')
                } else {
                    rng.random()
                };
                bytes.push(b);
            }
            check(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn never_panics_on_token_soup() {
        let words = vocabulary();
        let separators = [" ", "  ", "\t", "\r", "\r\n", "\x0c"];
        let mut rng = StdRng::seed_from_u64(0xa06a_2024);
        let mut line = String::new();
        let mut parsed = 0;
        for _ in 0..100_000 {
            line.clear();
            let len = rng.random_range(0..12);
            for i in 0..len {
                if i > 0 || rng.random_bool(0.1) {
                    line.push_str(separators.choose(&mut rng).unwrap_or(&" "));
                }
                line.push_str(words.choose(&mut rng).map_or("", String::as_str));
            }
            check(&line);
            parsed += usize::from(matches!(parse(&line), Ok(c) if c != Command::Empty));
        }
        // The soup reaches the success paths too, not only errors.
        assert!(parsed > 500, "only {parsed} lines parsed");
    }
}
