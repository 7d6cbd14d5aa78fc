//! Scores that look ahead along the game (`--lookahead`): each position's
//! search score is replaced by a blend of its own and the later positions'
//! scores of the same game, the TD(λ) return of the scores.
//!
//! In win-probability terms (`sigmoid(score / SCALE)`, from White's view),
//! working back from a game's last recorded position, whose score stays:
//! `blend(t) = (1 - λ) * p(t) + λ * blend(t + 1)`. With λ 0 the scores stay
//! as they are; the larger λ, the further ahead the blend looks (on average
//! `1 / (1 - λ)` recorded positions, about two plies each). A later search
//! has seen what the earlier one could not (a king attack that was beyond
//! its horizon), which is the point; the game's result (`--wdl`) is still
//! blended in afterwards as before.
//!
//! The samples must be in the order the games were played (as
//! `augur-selfplay` writes them). A game ends where the next position's ply
//! is not later, it has more pieces, or its game's result differs.

use augur_chess::nnue::SCALE;

use crate::data::Sample;
use crate::model::sigmoid;

/// Win probabilities are kept inside this margin of 0 and 1, so that the
/// blend turns back into a finite score.
const EDGE: f32 = 1e-6;

/// Replaces each sample's score by the λ-return of its game's scores from
/// it on (see the module's documentation). `lambda` must lie in `0..1`.
pub fn blend_scores(samples: &mut [Sample], lambda: f32) {
    let scale = SCALE as f32;
    // The blend of the position after the current one, White's view; `None`
    // at a game's last position.
    let mut later: Option<f32> = None;
    for index in (0..samples.len()).rev() {
        if samples
            .get(index + 1)
            .is_some_and(|next| starts_new_game(&samples[index], next))
        {
            later = None;
        }
        let sample = &mut samples[index];
        let white_score = if sample.white {
            sample.score
        } else {
            -sample.score
        };
        let own = sigmoid(white_score / scale);
        let blend = match later {
            Some(later) => (1.0 - lambda) * own + lambda * later,
            None => own,
        };
        later = Some(blend);
        let white_blend = logit(blend.clamp(EDGE, 1.0 - EDGE)) * scale;
        sample.score = if sample.white {
            white_blend
        } else {
            -white_blend
        };
    }
}

/// Whether `next` cannot be a later position of `sample`'s game.
fn starts_new_game(sample: &Sample, next: &Sample) -> bool {
    let white_result = |s: &Sample| if s.white { s.result } else { 1.0 - s.result };
    next.ply <= sample.ply
        || next.count > sample.count
        || white_result(next) != white_result(sample)
}

fn logit(p: f32) -> f32 {
    (p / (1.0 - p)).ln()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::parse_line;

    fn sample(line: &str) -> Sample {
        parse_line(line).expect("a position").expect("valid")
    }

    /// Two short games: three positions of a draw, then two of a White win.
    fn games() -> Vec<Sample> {
        [
            "4k3/8/8/8/8/8/3P4/4K3 w - - 0 10 | 1/2-1/2 | 0",
            "4k3/8/8/8/8/3P4/8/4K3 b - - 0 10 | 1/2-1/2 | 200",
            "3k4/8/8/8/8/3P4/8/4K3 w - - 1 11 | 1/2-1/2 | 400",
            "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 5 | 1-0 | 900",
            "4k3/8/8/8/8/8/3P4/3QK3 b - - 0 5 | 1-0 | 1000",
        ]
        .map(sample)
        .to_vec()
    }

    fn white_probability(s: &Sample) -> f32 {
        let white = if s.white { s.score } else { -s.score };
        sigmoid(white / SCALE as f32)
    }

    #[test]
    fn lambda_zero_keeps_every_score() {
        let mut samples = games();
        blend_scores(&mut samples, 0.0);
        for (blended, kept) in samples.iter().zip(games()) {
            assert!(
                (blended.score - kept.score).abs() < 0.01,
                "{}",
                blended.score
            );
        }
    }

    #[test]
    fn scores_blend_within_a_game_and_never_across_games() {
        let mut samples = games();
        blend_scores(&mut samples, 0.25);
        let before: Vec<f32> = games().iter().map(white_probability).collect();
        let after: Vec<f32> = samples.iter().map(white_probability).collect();
        // Each game's last position keeps its score.
        assert!((after[2] - before[2]).abs() < 1e-5);
        assert!((after[4] - before[4]).abs() < 1e-5);
        // The rest blend, in White's view, three quarters their own and a
        // quarter the next position's blend.
        let expect1 = 0.75 * before[1] + 0.25 * before[2];
        assert!((after[1] - expect1).abs() < 1e-5, "{after:?}");
        let expect0 = 0.75 * before[0] + 0.25 * expect1;
        assert!((after[0] - expect0).abs() < 1e-5, "{after:?}");
        // The draw's last position is not blended with the next game's first.
        let expect3 = 0.75 * before[3] + 0.25 * before[4];
        assert!((after[3] - expect3).abs() < 1e-5, "{after:?}");
        // Black to move: the stored score stays in Black's view.
        assert!(samples[1].score < 0.0 && !samples[1].white);
    }

    #[test]
    fn a_new_game_is_found_by_ply_material_and_result() {
        let all = games();
        assert!(!starts_new_game(&all[0], &all[1]));
        assert!(!starts_new_game(&all[1], &all[2]));
        assert!(starts_new_game(&all[2], &all[3]), "an earlier ply");
        let more_pieces = sample("4k3/8/8/8/8/8/2PP4/4K3 b - - 0 12 | 1/2-1/2 | 0");
        assert!(starts_new_game(&all[2], &more_pieces));
        let other_result = sample("3k4/8/8/8/8/3P4/8/4K3 b - - 1 11 | 0-1 | 0");
        assert!(starts_new_game(&all[2], &other_result));
    }
}
