//! The web board's PGN export, in the arena's form: standard tags; the
//! other games than chess with a `Variant` tag and the position string in a
//! `FEN` tag; every move in its game's readable notation (chess: SAN;
//! `Qc2-c6`, `h~g1xe2/s`, `b4:Qh8-f6`), or, where the notation would not
//! read back as one movetext token, in move text followed by the notation
//! as a comment; two-player games numbered by pairs of plies, Enochian
//! chess by rounds of four.
//!
//! Import reads the same form back (and PGN from other programs): tags,
//! comments, variations, NAGs and move numbers are skipped; moves may be
//! written in the readable notation or in move text (chess: SAN or UCI
//! text); the game comes back as its start position string and its moves
//! in the protocol's move text.

use augur_core::pgn::Movetext;
use augur_core::{Color, Game, Played, play_text};
use augur_games::{Variant, with_game};
use std::fmt::Write as _;

/// The PGN of a game of `variant` from `start` (`None`: the game's start)
/// with `moves` (move text) played; `White`/`Black` name the players.
pub fn export(
    variant: &str,
    start: Option<&str>,
    moves: &[String],
    players: [&str; 2],
) -> Result<String, String> {
    export_ended(variant, start, moves, players, None, None)
}

/// The PGN `Date` of the unix time `unix_ms` (UTC): `YYYY.MM.DD`.
pub fn date(unix_ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (the proleptic Gregorian
    // calendar, counted in 400-year eras of 146,097 days from 0000-03-01).
    let days = unix_ms.div_euclid(86_400_000) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// [`export`] of a game that ended off the board: `over` names the winning
/// team (`None`: a draw) and the reason, written as a comment and, for a
/// loss on time, a `Termination` tag. `date` is the `Date` tag
/// (`YYYY.MM.DD`; `None`: unknown).
pub fn export_ended(
    variant: &str,
    start: Option<&str>,
    moves: &[String],
    players: [&str; 2],
    over: Option<(Option<&str>, &str)>,
    date: Option<&str>,
) -> Result<String, String> {
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    with_game!(variant, G => write::<G>(start, moves, players, over, date))
}

fn write<G: Game>(
    start: Option<&str>,
    moves: &[String],
    players: [&str; 2],
    over: Option<(Option<&str>, &str)>,
    date: Option<&str>,
) -> Result<String, String> {
    let first = match start {
        Some(text) => G::from_fen(text).map_err(|e| e.to_string())?,
        None => G::startpos(),
    };
    let mut position = first.clone();
    let mut history = Vec::new();
    let mut movetext = Movetext::new(&first);
    for text in moves {
        let Played::Move { before, mv, after } =
            play_text(&position, text).map_err(|e| e.to_string())?
        else {
            return Err(format!("'{text}' is a roll alone"));
        };
        let (token, comment) = written_move(&before, mv);
        movetext.push_written(token);
        if let Some(comment) = comment {
            movetext.push_token(comment);
        }
        history.push(before.hash());
        position = after;
    }
    let score = |winner: Option<Color>| match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    };
    let result = match (position.outcome_with_history(&history), over) {
        (Some(outcome), _) => score(outcome.winner),
        (None, Some((winner, reason))) => {
            movetext.push_token(format!("{{{reason}}}"));
            let team = winner.and_then(|w| G::TEAM_NAMES.iter().position(|t| *t == w));
            score(team.map(|i| if i == 0 { Color::White } else { Color::Black }))
        }
        (None, None) => "*",
    };
    let termination = match over {
        Some((_, reason)) if reason.contains("on time") => Some("time forfeit"),
        _ => None,
    };
    let mut pgn = String::new();
    for (tag, value) in [
        ("Event", "Augur web board"),
        ("Site", "augur serve"),
        ("Date", date.unwrap_or("????.??.??")),
        ("Round", "-"),
        ("White", players[0]),
        ("Black", players[1]),
        ("Result", result),
    ] {
        let _ = writeln!(pgn, "[{tag} \"{value}\"]");
    }
    if let Some(termination) = termination {
        let _ = writeln!(pgn, "[Termination \"{termination}\"]");
    }
    if let Some(name) = G::PGN_VARIANT {
        let _ = writeln!(pgn, "[Variant \"{name}\"]");
    }
    if start.is_some() || G::PGN_VARIANT.is_some() {
        let _ = writeln!(pgn, "[SetUp \"1\"]");
        let _ = writeln!(pgn, "[FEN \"{}\"]", first.fen());
    }
    pgn.push('\n');
    pgn.push_str(&movetext.finish(result));
    Ok(pgn)
}

/// How the move `mv` of `before` goes into movetext: its readable
/// notation when that reads back as exactly one token; else its move text
/// (with its roll) and the notation as a comment.
fn written_move<G: Game>(before: &G, mv: G::Move) -> (String, Option<String>) {
    movetext_entry(before.notation(mv), || {
        let text = before.move_text(mv);
        match before.chance_text() {
            Some(roll) => format!("{roll}:{text}"),
            None => text,
        }
    })
}

/// `notation` as one movetext token when it reads back as exactly that
/// token; else `move_text()` and the notation as a comment.
fn movetext_entry(
    notation: String,
    move_text: impl FnOnce() -> String,
) -> (String, Option<String>) {
    if movetext_tokens(&notation).is_ok_and(|tokens| tokens == [notation.as_str()]) {
        return (notation, None);
    }
    let comment = notation.replace(['{', '}'], "");
    (move_text(), Some(format!("{{{}}}", comment.trim())))
}

/// A game read from PGN: what `position` needs to set it up.
#[derive(Debug, PartialEq)]
pub struct Imported {
    /// The game's `UCI_Variant` name.
    pub variant: String,
    /// The start position string, when the PGN has a `FEN` tag.
    pub start: Option<String>,
    /// The moves in the protocol's move text (rolls included).
    pub moves: Vec<String>,
}

/// Reads one PGN game. The `Variant` tag picks the game (none, or
/// `Standard`: chess); Chess960 games are refused (the web board plays
/// standard chess).
pub fn import(text: &str) -> Result<Imported, String> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let (name, value) = tag
                .split_once(' ')
                .ok_or_else(|| format!("malformed tag [{tag}]"))?;
            let value = value.trim().trim_matches('"').to_string();
            tags.push((name.to_string(), value));
        } else if !line.starts_with('%') {
            movetext.push_str(line.split(';').next().unwrap_or(""));
            movetext.push(' ');
        }
    }
    let tag = |wanted: &str| {
        tags.iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(wanted))
            .map(|(_, value)| value.as_str())
    };
    let variant = match tag("Variant").map(str::to_ascii_lowercase).as_deref() {
        // PGN's name for standard chess, or no tag.
        None | Some("standard" | "") => Variant::Chess,
        Some("chess960" | "fischerandom" | "fischer random") => {
            return Err("Chess960 games cannot be imported here".into());
        }
        Some(name) => name
            .parse()
            .map_err(|_| format!("unknown Variant \"{name}\""))?,
    };
    let start = tag("FEN").map(str::to_string);
    let tokens = movetext_tokens(&movetext)?;
    let moves = with_game!(variant, G => read_moves::<G>(start.as_deref(), &tokens))?;
    Ok(Imported {
        variant: variant.name().to_string(),
        start,
        moves,
    })
}

/// The moves of `movetext`: comments, variations, NAGs, move numbers and
/// the result left out.
fn movetext_tokens(movetext: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut current = String::new();
    for c in movetext.chars().chain(std::iter::once(' ')) {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or("unbalanced ')'")?,
            _ if depth > 0 => {}
            c if c.is_whitespace() => {
                let whole = std::mem::take(&mut current);
                let is_result = matches!(whole.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
                // A move number, alone or glued to its move ("3.Bb5").
                let digits = whole.trim_start_matches(|c: char| c.is_ascii_digit());
                let token = if digits.starts_with('.') {
                    digits.trim_start_matches('.')
                } else {
                    whole.as_str()
                };
                if !token.is_empty() && !token.starts_with('$') && !is_result {
                    tokens.push(token.to_string());
                }
            }
            c => current.push(c),
        }
    }
    if in_comment || depth > 0 {
        return Err("unfinished comment or variation".into());
    }
    Ok(tokens)
}

fn read_moves<G: Game>(start: Option<&str>, tokens: &[String]) -> Result<Vec<String>, String> {
    let mut position = match start {
        Some(text) => G::from_fen(text).map_err(|e| e.to_string())?,
        None => G::startpos(),
    };
    let mut moves = Vec::new();
    for token in tokens {
        let (text, after) = match read_move_text(&position, token) {
            Ok(read) => read,
            Err(error) => read_notation(&position, token).ok_or(error)?,
        };
        moves.push(text);
        position = after;
    }
    Ok(moves)
}

/// The move `token` names in `position` written as PGN writes move text
/// (`4:h8f6Q`, chess SAN): its entry text and the position after it.
fn read_move_text<G: Game>(position: &G, token: &str) -> Result<(String, G), String> {
    let (roll, written) = match token.split_once(':') {
        Some((roll, rest)) => (Some(roll), rest),
        None => (None, token),
    };
    let before = match roll {
        Some(roll) => position
            .apply_chance_text(roll)
            .map_err(|e| format!("{token}: {e}"))?,
        None => position.clone(),
    };
    let (mv, after) = match before.declined_offer_pass() {
        Some((pass, after)) if before.move_text(pass) == written => (pass, after),
        _ => {
            let mv = before
                .parse_pgn_move(written)
                .map_err(|e| format!("{token}: {e}"))?;
            (mv, before.play(mv))
        }
    };
    let text = before.move_text(mv);
    let text = match roll {
        Some(roll) => format!("{roll}:{text}"),
        None => text,
    };
    Ok((text, after))
}

/// The move `token` names in `position` written in the game's readable
/// notation (with a roll pending, the notation names the roll too:
/// `b4:Qh8-f6`): its entry text and the position after it.
fn read_notation<G: Game>(position: &G, token: &str) -> Option<(String, G)> {
    let outcomes = position.chance_outcomes();
    let rolled: Vec<G> = if outcomes == 0 {
        vec![position.clone()]
    } else {
        (0..outcomes).map(|i| position.resolve_chance(i)).collect()
    };
    rolled.into_iter().find_map(|before| {
        let (mv, after) = match before.declined_offer_pass() {
            Some((pass, after)) if before.notation(pass) == token => (pass, after),
            _ => {
                let mv = before.parse_notation(token).ok()?;
                (mv, before.play(mv))
            }
        };
        let text = before.move_text(mv);
        let text = match before.chance_text() {
            Some(roll) => format!("{roll}:{text}"),
            None => text,
        };
        Some((text, after))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_days() {
        for (ms, day) in [
            (0, "1970.01.01"),
            (951_782_400_000, "2000.02.29"),
            (1_700_000_000_000, "2023.11.14"),
            (4_102_444_799_000, "2099.12.31"),
            (1_796_601_599_999, "2026.12.06"),
        ] {
            assert_eq!(date(ms), day, "{ms}");
        }
        let pgn =
            export_ended("chess", None, &[], ["A", "B"], None, Some("2024.02.29")).expect("pgn");
        assert!(pgn.contains("[Date \"2024.02.29\"]"), "{pgn}");
    }

    #[test]
    fn chess_is_written_in_san_with_the_result() {
        let moves: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"]
            .iter()
            .map(|m| m.to_string())
            .collect();
        let pgn = export("chess", None, &moves, ["Person", "Augur"]).expect("pgn");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
        assert!(!pgn.contains("[FEN"), "{pgn}");
    }

    #[test]
    fn other_games_carry_variant_and_position_tags() {
        for variant in ["ultima", "oracle", "enochian"] {
            let pgn = export(variant, None, &[], ["a", "b"]).expect("pgn");
            assert!(pgn.contains("[Variant \""), "{pgn}");
            assert!(pgn.contains("[FEN \""), "{pgn}");
            assert!(pgn.trim_end().ends_with('*'), "{pgn}");
        }
        assert!(export("chess", None, &["e2e5".to_string()], ["a", "b"]).is_err());
    }

    /// The move text of `count` plies from the start of `G`, each the
    /// legal move at `count`'s remainder (so games vary a little).
    fn some_moves<G: Game>(count: usize) -> Vec<String> {
        let mut position = G::startpos();
        let mut moves = Vec::new();
        for ply in 0..count {
            let mut legal = augur_core::MoveList::new();
            position.generate(&mut legal);
            let Some(&mv) = legal.get((ply * 7) % legal.len().max(1)) else {
                break;
            };
            moves.push(position.move_text(mv));
            position = position.play(mv);
        }
        moves
    }

    #[test]
    fn exported_games_import_back_to_the_same_moves() {
        for variant in Variant::ALL {
            let moves = with_game!(variant, G => some_moves::<G>(12));
            assert_eq!(moves.len(), 12);
            let pgn = export(variant.name(), None, &moves, ["a", "b"]).expect("export");
            let back = import(&pgn).expect("import");
            assert_eq!(back.variant, variant.name(), "{pgn}");
            assert_eq!(back.moves, moves, "{pgn}");
        }
        let castled: Vec<String> = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]
            .iter()
            .map(|m| m.to_string())
            .collect();
        let pgn = export("chess", None, &castled, ["a", "b"]).expect("export");
        assert!(pgn.contains("O-O"), "{pgn}");
        assert_eq!(import(&pgn).expect("import").moves, castled);
    }

    /// The readable notation of each of `moves` (move text) from the
    /// start of `G`.
    fn notations_of<G: Game>(moves: &[String]) -> Vec<String> {
        let mut position = G::startpos();
        let mut out = Vec::new();
        for text in moves {
            let Ok(Played::Move { before, mv, after }) = play_text(&position, text) else {
                panic!("'{text}' is not a move here");
            };
            out.push(before.notation(mv));
            position = after;
        }
        out
    }

    #[test]
    fn every_game_writes_its_notation_and_reads_it_or_move_text_back() {
        for variant in Variant::ALL {
            let moves = with_game!(variant, G => some_moves::<G>(40));
            let notations = with_game!(variant, G => notations_of::<G>(&moves));
            let pgn = export(variant.name(), None, &moves, ["a", "b"]).expect("export");
            let tokens =
                movetext_tokens(pgn.split("\n\n").nth(1).expect("movetext")).expect("tokens");
            assert_eq!(tokens, notations, "{pgn}");
            assert_eq!(import(&pgn).expect("import").moves, moves, "{pgn}");
            // Move text in place of the notation reads back the same.
            let (tags, _) = pgn.split_once("\n\n").expect("tags");
            let mixed = [&moves[..2], &tokens[2..]].concat().join(" ");
            let by_text = format!("{tags}\n\n{mixed} *\n");
            assert_eq!(import(&by_text).expect("import").moves, moves, "{by_text}");
        }
        let pgn = export("ultima", None, &["c2c4".to_string()], ["a", "b"]).expect("export");
        assert!(pgn.contains("1. Pc2-c4 *"), "{pgn}");
        let pgn = export("oracle", None, &["h~g1e2xs".to_string()], ["a", "b"]).expect("export");
        assert!(pgn.contains("1. h~g1xe2/s *"), "{pgn}");
    }

    #[test]
    fn divination_moves_carry_their_roll_in_the_notation() {
        let start = with_game!(Variant::Enochian, G => G::startpos().fen());
        let (board, _) = start.rsplit_once(' ').expect("fields");
        let dice = format!("{board} ?");
        let moves = ["4:h8f6Q".to_string()];
        let pgn = export("enochian", Some(&dice), &moves, ["a", "b"]).expect("export");
        assert!(pgn.contains("1. b4:Qh8-f6 *"), "{pgn}");
        let back = import(&pgn).expect("import");
        assert_eq!(back.moves, moves);
        assert!(import(&pgn.replace("b4:Qh8-f6", "b5:Qh8-f6")).is_err());
        assert!(import(&pgn.replace("b4:Qh8-f6", "4:h8f6Q")).is_ok());
    }

    #[test]
    fn a_notation_that_is_not_one_token_becomes_a_comment() {
        let position = augur_games::chess::Position::startpos();
        let mv = position.parse_move("e2e4").expect("e2e4");
        assert_eq!(written_move(&position, mv), ("e4".to_string(), None));
        for awkward in ["Yellow passes", "a(b", "{x}", "1-0", "3.", ""] {
            let (token, comment) = movetext_entry(awkward.to_string(), || "3:0000".into());
            assert_eq!(token, "3:0000", "{awkward}");
            let comment = comment.expect("a comment");
            assert_eq!(movetext_tokens(&comment), Ok(Vec::new()), "{comment}");
        }
        let (token, comment) = movetext_entry("y3:turn lost".into(), || "3:0000".into());
        assert_eq!(
            (token.as_str(), comment.as_deref()),
            ("3:0000", Some("{y3:turn lost}"))
        );
    }

    #[test]
    fn pgn_from_elsewhere_is_read_and_bad_pgn_is_refused() {
        let pgn =
            "[Event \"x\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3.Bb5 a6 1/2-1/2\n";
        let game = import(pgn).expect("import");
        assert_eq!(game.variant, "chess");
        assert_eq!(game.moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
        for bad in [
            "1. e4 e4",
            "1. e4 {open",
            "[Variant \"checkers\"]\n1. e4",
            "[FEN \"nonsense\"]\n*",
            "1. e4 (e5",
            "[Variant \"enochian\"]\n1. 4:h8f6Q",
        ] {
            assert!(import(bad).is_err(), "{bad}");
        }
    }
}
