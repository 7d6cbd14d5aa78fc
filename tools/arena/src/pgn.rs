//! PGN output. Standard chess games get the standard tags, SAN moves and
//! per-move comments `{score/depth time}`; other games use the same form
//! with a `Variant` tag, a `FEN` tag holding the game's position string,
//! and the game's own move text.

use std::fmt::Write as _;

use crate::game::GameRecord;
use crate::variant::ArenaGame;

/// Everything the tags need besides the record.
pub struct PgnHeader<'a> {
    /// `Event`.
    pub event: &'a str,
    /// `Round`.
    pub round: usize,
    /// Engine names by seat.
    pub players: [&'a str; 2],
    /// `TimeControl`.
    pub time_control: String,
    /// `Date` (YYYY.MM.DD).
    pub date: &'a str,
}

/// The PGN result token of a record.
pub fn result_token(record: &GameRecord) -> &'static str {
    match record.result.winner {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None if record.result.reason.is_empty() => "*",
        None => "1/2-1/2",
    }
}

fn comment(record: &crate::game::MoveRecord) -> String {
    let seconds = record.millis as f64 / 1000.0;
    match (
        record.report.mate,
        record.report.score_cp,
        record.report.depth,
    ) {
        (Some(m), _, Some(d)) => format!(
            "{{{}M{}/{d} {seconds:.3}s}}",
            if m > 0 { "+" } else { "-" },
            m.abs()
        ),
        (None, Some(cp), Some(d)) => format!("{{{:+.2}/{d} {seconds:.3}s}}", f64::from(cp) / 100.0),
        _ => format!("{{{seconds:.3}s}}"),
    }
}

/// One game in PGN.
pub fn write_game<G: ArenaGame>(header: &PgnHeader<'_>, record: &GameRecord) -> String {
    let mut pgn = String::new();
    let result = result_token(record);
    let start = G::from_fen(&record.start).unwrap_or_else(|_| G::startpos());
    let standard_start = start.fen() == G::startpos().fen();
    let _ = writeln!(pgn, "[Event \"{}\"]", header.event);
    let _ = writeln!(pgn, "[Site \"Augur arena\"]");
    let _ = writeln!(pgn, "[Date \"{}\"]", header.date);
    let _ = writeln!(pgn, "[Round \"{}\"]", header.round);
    let _ = writeln!(pgn, "[White \"{}\"]", header.players[0]);
    let _ = writeln!(pgn, "[Black \"{}\"]", header.players[1]);
    let _ = writeln!(pgn, "[Result \"{result}\"]");
    if let Some(variant) = G::PGN_VARIANT {
        let _ = writeln!(pgn, "[Variant \"{variant}\"]");
    }
    if !standard_start || G::PGN_VARIANT.is_some() {
        let _ = writeln!(pgn, "[SetUp \"1\"]");
        let _ = writeln!(pgn, "[FEN \"{}\"]", record.start);
    }
    let _ = writeln!(pgn, "[TimeControl \"{}\"]", header.time_control);
    let _ = writeln!(pgn, "[Termination \"{}\"]", record.result.reason);
    let _ = writeln!(
        pgn,
        "[PlyCount \"{}\"]",
        record.opening.len() + record.moves.len()
    );
    pgn.push('\n');

    let mut position = start;
    let mut tokens: Vec<String> = Vec::new();
    let mut ply = usize::from(position.team() == augur_core::Team::Second);
    let mut push_move =
        |position: &mut G, text: &str, note: Option<String>, tokens: &mut Vec<String>| -> bool {
            let Ok(mv) = position.parse_move(text) else {
                return false;
            };
            if ply % 2 == 0 {
                tokens.push(format!("{}.", ply / 2 + 1));
            } else if tokens.is_empty() {
                tokens.push(format!("{}...", ply / 2 + 1));
            }
            tokens.push(position.pgn_move(mv));
            if let Some(note) = note {
                tokens.push(note);
            }
            ply += 1;
            match position.play(mv) {
                Some(next) => {
                    *position = next;
                    true
                }
                None => false,
            }
        };
    for (i, text) in record.opening.iter().enumerate() {
        let note = (i == 0).then(|| "{opening}".to_string());
        if !push_move(&mut position, text, note, &mut tokens) {
            break;
        }
    }
    for mv in &record.moves {
        if !push_move(&mut position, &mv.text, Some(comment(mv)), &mut tokens) {
            break;
        }
    }
    tokens.push(format!("{{{}}}", record.result.reason));
    tokens.push(result.to_string());
    // Wrap at 80 columns.
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + token.len() + 1 > 80 {
            let _ = writeln!(pgn, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    let _ = writeln!(pgn, "{line}\n");
    pgn
}
