//! The web board's PGN export, in the arena's form: standard tags; chess in
//! SAN; the other games with a `Variant` tag, the position string in a
//! `FEN` tag and their own move text; two-player games numbered by pairs of
//! plies, Enochian chess by rounds of four.

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
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    with_game!(variant, G => write::<G>(start, moves, players))
}

fn write<G: Game>(
    start: Option<&str>,
    moves: &[String],
    players: [&str; 2],
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
        movetext.push_move(&before, mv);
        history.push(before.hash());
        position = after;
    }
    let result = match position.outcome_with_history(&history) {
        Some(outcome) => match outcome.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        },
        None => "*",
    };
    let mut pgn = String::new();
    for (tag, value) in [
        ("Event", "Augur web board"),
        ("Site", "augur serve"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", players[0]),
        ("Black", players[1]),
        ("Result", result),
    ] {
        let _ = writeln!(pgn, "[{tag} \"{value}\"]");
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
