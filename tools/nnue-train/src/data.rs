//! Reading training positions: `<FEN> | <result> | <score>` lines as
//! `augur-selfplay --scores` writes them (result `1-0`, `0-1` or
//! `1/2-1/2`, score in centipawns; both from White's point of view).

use augur_chess::nnue::{active_features, mirror_feature, mirrors_files};
use augur_chess::{Color, Position, evaluate_white};
use rayon::prelude::*;

/// At most this many pieces are on a board.
pub const MAX_PIECES: usize = 32;

/// One position reduced to what training needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The side to move's inputs (its own perspective), `count` of them.
    pub features: [u16; MAX_PIECES],
    /// Pieces on the board.
    pub count: u8,
    /// The search score, centipawns, side to move's view.
    pub score: f32,
    /// The game's result, side to move's view: 1 win, 0.5 draw, 0 loss.
    pub result: f32,
    /// The hand-written evaluation, centipawns, side to move's view (the
    /// baseline the network's loss is compared with).
    pub hand: f32,
    /// Whether a castling right is held (then the board is not symmetric
    /// left to right).
    pub castling: bool,
    /// Whether the side to move's perspective and the other side's read
    /// the board flipped left to right (horizontal mirroring: that side's
    /// king on files a-d); both false for a network without it
    /// ([`Sample::without_flips`]).
    pub flips: [bool; 2],
    /// Whether White is to move.
    pub white: bool,
    /// Plies since the game's start (from the FEN's move number), to find
    /// where one game's positions end and the next one's begin.
    pub ply: u16,
}

impl Sample {
    /// The inputs seen from the side to move.
    pub fn ours(&self) -> impl Iterator<Item = usize> + '_ {
        let files = if self.flips[0] { 7 } else { 0 };
        self.unflipped().map(move |f| f ^ files)
    }

    /// The side to move's inputs with the files as they stand.
    fn unflipped(&self) -> impl Iterator<Item = usize> + '_ {
        self.features[..self.count as usize]
            .iter()
            .map(|&f| f as usize)
    }

    /// The same sample read without horizontal mirroring.
    pub fn without_flips(self) -> Sample {
        Sample {
            flips: [false; 2],
            ..self
        }
    }

    /// The same position with files a-h mirrored (king side and queen side
    /// swapped): as good a sample when no castling right is held. (With
    /// horizontal mirroring it reads exactly as the sample itself.)
    pub fn mirrored_files(&self) -> Sample {
        let mut mirrored = *self;
        for f in &mut mirrored.features[..self.count as usize] {
            *f ^= 7;
        }
        mirrored.flips = self.flips.map(|flip| !flip);
        mirrored
    }

    /// The inputs seen from the other side.
    pub fn theirs(&self) -> impl Iterator<Item = usize> + '_ {
        let files = if self.flips[1] { 7 } else { 0 };
        self.unflipped().map(move |f| mirror_feature(f) ^ files)
    }
}

/// Parses one line; `None` for blank and `#` lines.
pub fn parse_line(line: &str) -> Option<Result<Sample, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    Some(parse_fields(line))
}

fn parse_fields(line: &str) -> Result<Sample, String> {
    let mut fields = line.split(" | ");
    let (Some(fen), Some(result), Some(score), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(format!("expected `<FEN> | <result> | <score>`: {line}"));
    };
    let position = Position::from_fen_detailed(fen).map_err(|e| format!("{e}: {line}"))?;
    let white_result = match result.trim() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        other => return Err(format!("unknown result {other:?}: {line}")),
    };
    let white_score: f32 = score
        .trim()
        .parse()
        .map_err(|_| format!("bad score {score:?}: {line}"))?;
    let side = position.side_to_move();
    let mut sample = Sample {
        features: [0; MAX_PIECES],
        count: 0,
        score: if side == Color::White {
            white_score
        } else {
            -white_score
        },
        result: if side == Color::White {
            white_result
        } else {
            1.0 - white_result
        },
        castling: fen.split(' ').nth(2).is_some_and(|field| field != "-"),
        flips: [side, side.opponent()].map(|color| mirrors_files(position.king_square(color))),
        white: side == Color::White,
        ply: fen
            .split(' ')
            .nth(5)
            .and_then(|n| n.parse::<u16>().ok())
            .unwrap_or(1)
            .saturating_mul(2)
            .saturating_add(u16::from(side == Color::Black)),
        hand: match side {
            Color::White => evaluate_white(&position),
            Color::Black => -evaluate_white(&position),
        } as f32,
    };
    for feature in active_features(&position, side, false) {
        let slot = sample
            .features
            .get_mut(sample.count as usize)
            .ok_or_else(|| format!("more than {MAX_PIECES} pieces: {line}"))?;
        *slot = feature as u16;
        sample.count += 1;
    }
    Ok(sample)
}

/// Reads every file, in parallel; any bad line is an error naming it.
pub fn read_files(paths: &[std::path::PathBuf]) -> Result<Vec<Sample>, String> {
    // Reserved up front: growing by doubling would hold up to twice the
    // positions' memory while the last file is added.
    let mut lines = 0;
    for path in paths {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        lines += bytes.iter().filter(|&&b| b == b'\n').count() + 1;
    }
    let mut samples = Vec::with_capacity(lines);
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let lines: Vec<&str> = text.lines().collect();
        let parsed: Result<Vec<Sample>, String> =
            lines.par_iter().filter_map(|l| parse_line(l)).collect();
        samples.extend(parsed.map_err(|e| format!("{}: {e}", path.display()))?);
    }
    Ok(samples)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_side_to_move_samples() {
        let white = parse_line("4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 | 1-0 | 950")
            .expect("a position")
            .expect("valid");
        assert_eq!((white.count, white.score, white.result), (3, 950.0, 1.0));
        let black = parse_line("4k3/8/8/8/8/8/8/4KQ2 b - - 0 1 | 1-0 | 950")
            .expect("a position")
            .expect("valid");
        assert_eq!((black.score, black.result), (-950.0, 0.0));
        // Black's own king is its first-colour input; White's queen is an enemy.
        let mut ours: Vec<usize> = black.ours().collect();
        ours.sort_unstable();
        let mut theirs: Vec<usize> = white.ours().collect();
        theirs.sort_unstable();
        let mut mirrored: Vec<usize> = black.theirs().collect();
        mirrored.sort_unstable();
        assert_eq!(mirrored, theirs);
        assert!(ours.iter().any(|&f| f < 384), "{ours:?}");
        assert!(!white.castling);
        let mirrored = white.without_flips().mirrored_files().without_flips();
        let mut files: Vec<usize> = mirrored.ours().map(|f| f % 8).collect();
        files.sort_unstable();
        assert_eq!(
            files,
            vec![2, 3, 3],
            "kings and queen from e, e, f to d, d, c"
        );
        // With horizontal mirroring both perspectives read a position and
        // its mirror image alike (the kings change sides, so do the flips).
        let sorted = |it: &mut dyn Iterator<Item = usize>| {
            let mut v: Vec<usize> = it.collect();
            v.sort_unstable();
            v
        };
        assert_eq!(white.flips, [false, false]);
        let flipped = white.mirrored_files();
        assert_eq!(flipped.flips, [true, true]);
        assert_eq!(sorted(&mut flipped.ours()), sorted(&mut white.ours()));
        assert_eq!(sorted(&mut flipped.theirs()), sorted(&mut white.theirs()));
        assert_ne!(sorted(&mut mirrored.ours()), sorted(&mut white.ours()));
        let start = parse_line(&format!("{} | 1/2-1/2 | 20", augur_chess::STARTING_FEN))
            .expect("a position")
            .expect("valid");
        assert!(start.castling);
        assert!(parse_line("  ").is_none());
        assert!(parse_line("# comment").is_none());
        for bad in [
            "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 | 1-0",
            "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 | win | 3",
            "4k3/8/8/8/8/8/8/4KQ2 w - - 0 1 | 1-0 | x",
            "8/8/8/8/8/8/8/8 w - - 0 1 | 1-0 | 0",
        ] {
            assert!(parse_line(bad).expect("not blank").is_err(), "{bad}");
        }
    }
}
