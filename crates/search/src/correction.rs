//! Correction history: a per-thread table that learns how far the static
//! evaluation errs for positions sharing a [`Evaluate::correction_key`]
//! (in chess, the pawn structure), from the scores searches return, and
//! corrects later static evaluations by it. Games without a key are
//! evaluated as they are.
//!
//! [`Evaluate::correction_key`]: augur_core::Evaluate::correction_key

const TABLE_BITS: u32 = 14;
const TABLE_SIZE: usize = 1 << TABLE_BITS;
/// Entries are kept in 1/`GRAIN` centipawns.
const GRAIN: i32 = 256;
/// The largest correction, in 1/`GRAIN` centipawns (64 cp).
const MAX_CORRECTION: i32 = 64 * GRAIN;
/// The weight of one update grows with the depth searched up to this, out
/// of 256.
const MAX_WEIGHT: i32 = 16;

/// The learnt corrections, per team and key.
pub(crate) struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    /// An empty table: no corrections.
    pub fn new() -> Self {
        Self {
            table: vec![0; 2 * TABLE_SIZE],
        }
    }

    #[inline(always)]
    fn index(team: usize, key: u64) -> usize {
        (team & 1) * TABLE_SIZE + (key >> (64 - TABLE_BITS)) as usize
    }

    /// The correction for `team` to move with `key`, in centipawns.
    #[inline(always)]
    pub fn get(&self, team: usize, key: u64) -> i32 {
        self.table[Self::index(team, key)] / GRAIN
    }

    /// A search of `depth` found `error` = score - corrected static
    /// evaluation (centipawns) where the evaluation read `key`.
    pub fn update(&mut self, team: usize, key: u64, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let entry = &mut self.table[Self::index(team, key)];
        let target = error.clamp(-MAX_CORRECTION / GRAIN, MAX_CORRECTION / GRAIN) * GRAIN;
        *entry = ((*entry * (256 - weight) + (*entry + target) * weight) / 256)
            .clamp(-MAX_CORRECTION, MAX_CORRECTION);
    }

    /// Whether every correction is zero.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.table.iter().all(|&c| c == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_move_towards_the_errors_seen_and_stay_bounded() {
        let mut history = CorrectionHistory::new();
        let key = 0xDEAD_BEEF_0123_4567;
        assert_eq!(history.get(0, key), 0);
        for _ in 0..20 {
            history.update(0, key, 10, 30);
        }
        let learnt = history.get(0, key);
        assert!(learnt > 0 && learnt <= 64, "{learnt}");
        // The other team and other keys are untouched.
        assert_eq!(history.get(1, key), 0);
        assert_eq!(history.get(0, !key), 0);
        for _ in 0..1000 {
            history.update(1, key, 20, -5000);
        }
        assert_eq!(history.get(1, key), -64);
        // Errors of the other sign pull it back.
        for _ in 0..1000 {
            history.update(0, key, 20, -30);
        }
        assert!(history.get(0, key) < 0);
    }
}
