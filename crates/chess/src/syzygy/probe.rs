//! Probing loaded tables for a chess [`Position`]: the position's
//! bitboards go to pyrrhic-rs, its answers come back as
//! [`augur_core::Wdl`] verdicts and Augur moves.

use augur_core::{Game, MoveList, RootDtz, Tablebase, Wdl};
use pyrrhic_rs::{DtzProbeValue, Piece, TableBases, WdlProbeResult};
use std::collections::HashSet;
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use super::adapter::Attacks;
use super::files::material_key;
use crate::{Color, Move, Position, Role};

/// Loaded Syzygy tables (see the module docs of [`crate::syzygy`]).
pub struct Syzygy {
    tables: TableBases<Attacks>,
    /// The material of every WDL table found, both colour assignments:
    /// positions of other material are not probed (pyrrhic-rs 0.2.0 would
    /// try to open a file for them at every probe).
    keys: HashSet<u32>,
    /// The same for the DTZ tables: pyrrhic-rs 0.2.0 drops a material's
    /// WDL table too once its DTZ table fails to open, so a root whose
    /// DTZ table is missing is never given to its root probe.
    dtz_keys: HashSet<u32>,
    largest: u32,
    /// What loading found, for `info string`.
    report: String,
    /// The folders loaded, as given.
    path: String,
    /// Root probes one at a time (pyrrhic-rs asks for it).
    root: Mutex<()>,
    /// Set once a probe panicked inside pyrrhic-rs (a table whose header
    /// reads but whose body is damaged): from then on nothing is probed,
    /// and the search goes on as without tables.
    failed: AtomicBool,
}

/// The verdict of a pyrrhic-rs WDL result.
fn wdl(result: WdlProbeResult) -> Wdl {
    match result {
        WdlProbeResult::Loss => Wdl::Loss,
        WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
        WdlProbeResult::Draw => Wdl::Draw,
        WdlProbeResult::CursedWin => Wdl::CursedWin,
        WdlProbeResult::Win => Wdl::Win,
    }
}

/// The promotion role of a pyrrhic-rs piece (`Pawn` means none).
fn promotion(piece: Piece) -> Option<Role> {
    match piece {
        Piece::Queen => Some(Role::Queen),
        Piece::Rook => Some(Role::Rook),
        Piece::Bishop => Some(Role::Bishop),
        Piece::Knight => Some(Role::Knight),
        Piece::Pawn | Piece::King => None,
    }
}

impl Syzygy {
    pub(crate) fn new(
        tables: TableBases<Attacks>,
        keys: HashSet<u32>,
        dtz_keys: HashSet<u32>,
        largest: u32,
        report: String,
        path: String,
    ) -> Self {
        Self {
            tables,
            keys,
            dtz_keys,
            largest,
            report,
            path,
            root: Mutex::new(()),
            failed: AtomicBool::new(false),
        }
    }

    /// Whether a probe has failed inside pyrrhic-rs, so that nothing is
    /// probed any more (see [`Syzygy::guarded`]).
    pub fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Runs one probe of pyrrhic-rs, which asserts on table contents it
    /// cannot read: a panic becomes no answer, and no table is probed
    /// again (its state may be half-built), so a damaged file never ends a
    /// search or plays a bad move.
    fn guarded<T>(&self, probe: impl FnOnce() -> Option<T>) -> Option<T> {
        if self.failed() {
            return None;
        }
        std::panic::catch_unwind(AssertUnwindSafe(probe)).unwrap_or_else(|_| {
            self.failed.store(true, Ordering::Relaxed);
            None
        })
    }

    /// What loading found, in words (`Found 12 tablebases ...`).
    pub fn report(&self) -> &str {
        &self.report
    }

    /// The `SyzygyPath` these tables were loaded from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether a loaded WDL table (DTZ table when `dtz`) holds the
    /// material of `position`, and the position may be in a table at all
    /// (no castling rights).
    fn covers(&self, position: &Position, dtz: bool) -> bool {
        if position.castling.bits() != 0 {
            return false;
        }
        let counts = |color: Color| {
            let mut counts = [0u32; 5];
            for role in &Role::ALL[..5] {
                counts[role.index()] = position.pieces(color, *role).0.count_ones();
            }
            counts
        };
        let key = material_key(counts(Color::White), counts(Color::Black));
        self.keys.contains(&key) && (!dtz || self.dtz_keys.contains(&key))
    }

    /// The distance to zeroing of `position` for its side to move, signed
    /// (positive: it wins), as the DTZ tables give it with the 50-move
    /// counter at 0 (0 for mate and stalemate); `None` when not covered.
    pub fn probe_dtz(&self, position: &Position) -> Option<i32> {
        if !self.covers(position, true) {
            return None;
        }
        let _one_at_a_time = self.root.lock().unwrap_or_else(|e| e.into_inner());
        let probed = self.guarded(|| self.root_probe(position))?;
        match probed.root {
            DtzProbeValue::DtzResult(result) => {
                let dtz = i32::from(result.dtz);
                Some(match result.wdl {
                    WdlProbeResult::Win | WdlProbeResult::CursedWin => dtz,
                    WdlProbeResult::Draw => 0,
                    WdlProbeResult::Loss | WdlProbeResult::BlessedLoss => -dtz,
                })
            }
            DtzProbeValue::Checkmate | DtzProbeValue::Stalemate => Some(0),
            DtzProbeValue::Failed => None,
        }
    }

    fn root_probe(&self, position: &Position) -> Option<pyrrhic_rs::DtzProbeResult> {
        let (white, black, kings, queens, rooks, bishops, knights, pawns) = bitboards(position);
        self.tables
            .probe_root(
                white,
                black,
                kings,
                queens,
                rooks,
                bishops,
                knights,
                pawns,
                0,
                en_passant(position),
                position.side == Color::White,
            )
            .ok()
    }
}

/// The position's bitboards in the order pyrrhic-rs takes them: white,
/// black, kings, queens, rooks, bishops, knights, pawns.
fn bitboards(position: &Position) -> (u64, u64, u64, u64, u64, u64, u64, u64) {
    let role = |role: Role| position.roles[role.index()].0;
    (
        position.colors[Color::White.index()].0,
        position.colors[Color::Black.index()].0,
        role(Role::King),
        role(Role::Queen),
        role(Role::Rook),
        role(Role::Bishop),
        role(Role::Knight),
        role(Role::Pawn),
    )
}

/// The en passant square as pyrrhic-rs takes it (0: none).
fn en_passant(position: &Position) -> u32 {
    position
        .en_passant
        .map_or(0, |square| square.index() as u32)
}

impl Tablebase<Position> for Syzygy {
    fn largest(&self) -> u32 {
        self.largest
    }

    fn probe_wdl(&self, position: &Position) -> Option<Wdl> {
        if !self.covers(position, false) {
            return None;
        }
        let (white, black, kings, queens, rooks, bishops, knights, pawns) = bitboards(position);
        self.guarded(|| {
            self.tables
                .probe_wdl(
                    white,
                    black,
                    kings,
                    queens,
                    rooks,
                    bishops,
                    knights,
                    pawns,
                    en_passant(position),
                    position.side == Color::White,
                )
                .ok()
        })
        .map(wdl)
    }

    fn probe_root_dtz(&self, position: &Position) -> Option<Vec<RootDtz<Move>>> {
        if !self.covers(position, true) {
            return None;
        }
        let _one_at_a_time = self.root.lock().unwrap_or_else(|e| e.into_inner());
        let probed = self.guarded(|| self.root_probe(position))?;
        let mut legal = MoveList::new();
        position.generate(&mut legal);
        match probed.root {
            DtzProbeValue::Failed => return None,
            DtzProbeValue::Checkmate | DtzProbeValue::Stalemate => return Some(Vec::new()),
            DtzProbeValue::DtzResult(_) => {}
        }
        let mut ranked = Vec::with_capacity(legal.len());
        for value in &probed.moves[..probed.num_moves] {
            let DtzProbeValue::DtzResult(result) = value else {
                return None;
            };
            let dtz = i32::from(result.dtz);
            let dtz = match result.wdl {
                WdlProbeResult::Win | WdlProbeResult::CursedWin => dtz,
                WdlProbeResult::Draw => 0,
                WdlProbeResult::Loss | WdlProbeResult::BlessedLoss => -dtz,
            };
            let mv = legal.iter().copied().find(|m| {
                m.from().index() == usize::from(result.from_square)
                    && m.to().index() == usize::from(result.to_square)
                    && m.promotion_role() == promotion(result.promotion)
            })?;
            ranked.push(RootDtz { mv, dtz });
        }
        // Every legal move must have been ranked.
        (ranked.len() == legal.len()).then_some(ranked)
    }
}
