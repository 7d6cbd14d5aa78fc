//! PGN output. Standard chess games get the standard tags, SAN moves and
//! per-move comments `{score/depth time}`; other games use the same form
//! with a `Variant` tag, a `FEN` tag holding the game's position string,
//! and the game's own move text (with its roll, `4:h8h6Q`, in divination
//! games). Enochian games add tags naming the engine of each team and army
//! (and `Divination`); exchange offers are comments on the move that
//! followed them.

use std::fmt::Write as _;

use crate::game::{GameRecord, OfferRecord, army_title};
use crate::variant::ArenaGame;
use augur_core::pgn::Movetext;
use augur_core::{Played, play_text};

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
    /// More tags (Enochian chess: who played which team and army,
    /// `Divination`), written after `Variant`.
    pub extra: Vec<(String, String)>,
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

/// The comment recording an exchange offer (`{exchange offered by Blue,
/// declined by Red in 0.512s}`).
fn offer_note<G: ArenaGame>(offer: &OfferRecord) -> String {
    let answer = match offer.accepted {
        Some(true) => "accepted",
        Some(false) => "declined",
        None => "not answered",
    };
    format!(
        "{{exchange offered by {}, {answer} by {} in {:.3}s}}",
        army_title::<G>(offer.offering),
        army_title::<G>(offer.answering),
        offer.millis as f64 / 1000.0
    )
}

/// One game in PGN.
pub fn write_game<G: ArenaGame>(header: &PgnHeader<'_>, record: &GameRecord) -> String {
    let mut pgn = String::new();
    let result = result_token(record);
    let start = crate::openings::read_position::<G>(&record.start, record.chess960)
        .unwrap_or_else(|_| G::startpos());
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
    } else if record.chess960 {
        let _ = writeln!(pgn, "[Variant \"Chess960\"]");
    }
    for (name, value) in &header.extra {
        let _ = writeln!(pgn, "[{name} \"{value}\"]");
    }
    if !standard_start || G::PGN_VARIANT.is_some() || record.chess960 {
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

    let mut tokens = Movetext::new(&start);
    let mut position = start;
    let push_move =
        |position: &mut G, text: &str, notes: Vec<String>, tokens: &mut Movetext| -> bool {
            let Ok(Played::Move {
                before,
                mv,
                after: next,
            }) = play_text(position, text)
            else {
                return false;
            };
            tokens.push_move(&before, mv);
            for note in notes {
                tokens.push_token(note);
            }
            *position = next;
            true
        };
    for (i, text) in record.opening.iter().enumerate() {
        let notes = if i == 0 {
            vec!["{opening}".to_string()]
        } else {
            Vec::new()
        };
        if !push_move(&mut position, text, notes, &mut tokens) {
            break;
        }
    }
    for (i, mv) in record.moves.iter().enumerate() {
        let mut notes: Vec<String> = record
            .offers
            .iter()
            .filter(|o| o.ply == i)
            .map(offer_note::<G>)
            .collect();
        notes.push(comment(mv));
        if !push_move(&mut position, &mv.text, notes, &mut tokens) {
            break;
        }
    }
    // An offer that got no answer (the game ended there).
    for offer in record.offers.iter().filter(|o| o.ply >= record.moves.len()) {
        tokens.push_token(offer_note::<G>(offer));
    }
    tokens.push_token(format!("{{{}}}", record.result.reason));
    pgn.push_str(&tokens.finish(result));
    pgn.push('\n');
    pgn
}
