//! The search's and the game's typed values (generic over the game, moves
//! as the game's own type) turned into the engine's game-independent ones.

use augur_core::{Evaluate, Game};
use augur_search::score::{ReportedScore, report};

use crate::describe::{AlsoMoves, Choice};
use crate::values::{BestMove, Bound, FinalScore, MoveInfo, Score, SearchInfo, Wdl};

/// A search score as reported: centipawns or moves to mate.
pub fn score_of(score: i32) -> Score {
    match report(score) {
        ReportedScore::Centipawns(cp) => Score::Cp(cp),
        ReportedScore::Mate(n) => Score::Mate(n),
    }
}

/// Win/draw/loss per mille for a score, from a simple logistic model: a
/// +150 cp advantage is about even between win and draw.
pub fn wdl_of(score: i32) -> Wdl {
    match report(score) {
        ReportedScore::Mate(n) if n > 0 => Wdl {
            win: 1000,
            draw: 0,
            loss: 0,
        },
        ReportedScore::Mate(_) => Wdl {
            win: 0,
            draw: 0,
            loss: 1000,
        },
        ReportedScore::Centipawns(cp) => {
            let p = |x: f64| 1.0 / (1.0 + (-(x - 150.0) / 60.0).exp());
            let win = (1000.0 * p(f64::from(cp))).round() as u32;
            let loss = (1000.0 * p(f64::from(-cp))).round() as u32;
            let loss = loss.min(1000 - win);
            Wdl {
                win,
                draw: 1000 - win - loss,
                loss,
            }
        }
    }
}

/// `mv`, legal in `position`, described.
pub fn move_info<G: Game>(position: &G, mv: G::Move) -> MoveInfo {
    let shape = position.move_shape(mv);
    let names = |squares: &[augur_core::Square]| squares.iter().map(ToString::to_string).collect();
    MoveInfo {
        text: position.move_text(mv),
        from: shape.from.map(|s| s.to_string()),
        to: shape.to.map(|s| s.to_string()),
        captures: names(&shape.captured),
        choices: shape.choices.iter().map(Choice::of).collect(),
        also_moves: shape
            .also_moves
            .iter()
            .map(|(from, to)| AlsoMoves {
                from: from.to_string(),
                to: to.to_string(),
            })
            .collect(),
        placed: names(&shape.placed),
        gives_check: position.play(mv).in_check(),
        notation: position.notation(mv),
    }
}

/// A line of moves played from `root`, described.
pub fn line_of<G: Game>(root: &G, moves: &[G::Move]) -> Vec<MoveInfo> {
    let mut position = root.clone();
    let mut line = Vec::with_capacity(moves.len());
    for &mv in moves {
        line.push(move_info(&position, mv));
        position = position.play(mv);
    }
    line
}

/// A search report of `root`'s search.
pub fn info_of<G: Evaluate>(root: &G, info: &augur_search::SearchInfo<G::Move>) -> SearchInfo {
    let time_ms = info.time.as_millis() as u64;
    SearchInfo {
        depth: info.depth,
        seldepth: info.seldepth,
        multipv: info.multipv,
        score: score_of(info.score),
        bound: match info.bound {
            Some(augur_search::Bound::Lower) => Some(Bound::Lower),
            Some(augur_search::Bound::Upper) => Some(Bound::Upper),
            _ => None,
        },
        wdl: wdl_of(info.score),
        nodes: info.nodes,
        nps: info.nodes.saturating_mul(1000) / time_ms.max(1),
        time_ms,
        hashfull: info.hashfull,
        tbhits: info.tbhits,
        pv: line_of(root, &info.pv),
    }
}

/// The end of `root`'s search.
pub fn best_of<G: Game>(root: &G, result: &augur_search::SearchResult<G::Move>) -> BestMove {
    let best = result.best_move;
    BestMove {
        best: best.map(|mv| move_info(root, mv)),
        ponder: best
            .zip(result.ponder_move)
            .map(|(mv, ponder)| move_info(&root.play(mv), ponder)),
        score: score_of(result.score),
        depth: result.depth,
        nodes: result.nodes,
    }
}

/// The score of `root`, whose game is over, for its side to move.
pub fn final_score<G: Game>(root: &G) -> FinalScore {
    match root.outcome() {
        Some(outcome) if outcome.winner == Some(root.team()) => FinalScore::Won,
        Some(outcome) if outcome.winner.is_some() => FinalScore::Lost,
        _ => FinalScore::Drawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_is_per_mille_and_monotonic() {
        let mut previous_win = 0;
        for cp in (-1000..=1000).step_by(50) {
            let Wdl { win, draw, loss } = wdl_of(cp);
            assert_eq!(win + draw + loss, 1000);
            assert!(win >= previous_win);
            previous_win = win;
        }
        let even = wdl_of(0);
        assert_eq!(even.win, even.loss);
        assert_eq!(score_of(35), Score::Cp(35));
    }
}
