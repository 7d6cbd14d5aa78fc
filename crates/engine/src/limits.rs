//! What a search may use: depth, nodes, time, the clocks of every side.

/// The limits of one search, as `go` gives them. `Default` is a search
/// without limits (it runs until stopped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search about this many nodes (all threads together).
    pub nodes: Option<u64>,
    /// Search exactly this long, in milliseconds.
    pub movetime_ms: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search until stopped.
    pub infinite: bool,
    /// Ponder until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Each team's clock (first team, second team): milliseconds left, may
    /// be negative when overdrawn.
    pub team_time_ms: [Option<i64>; 2],
    /// Each team's increment per move, milliseconds.
    pub team_increment_ms: [Option<i64>; 2],
    /// Each seat's own clock where the game has seats with clocks of their
    /// own (Enochian chess's armies, in the game's seat order); wins over
    /// the team's clock.
    pub seat_time_ms: Vec<Option<i64>>,
    /// Each seat's increment.
    pub seat_increment_ms: Vec<Option<i64>>,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// Only these root moves, as move text (empty: all).
    pub search_moves: Vec<String>,
}
