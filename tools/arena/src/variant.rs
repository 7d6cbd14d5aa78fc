//! What the arena needs from a game beyond `augur_core::Game`: its PGN
//! move text and tags, and who plays each turn. Adding a game to the arena
//! is one impl here and one line in `main.rs`.

use augur_core::Game;

/// A game the arena can run.
pub trait ArenaGame: Game {
    /// The PGN `Variant` tag (`None` for standard chess, which has none).
    const PGN_VARIANT: Option<&'static str>;

    /// The move as written in PGN (SAN for chess; the game's own move text
    /// otherwise).
    fn pgn_move(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// The seat (engine slot) that moves now: seat 0 plays the first team,
    /// seat 1 the second. A game with more armies than teams (Enochian)
    /// maps each army to its own seat here.
    fn turn_seat(&self) -> usize {
        self.team().index()
    }
}

impl ArenaGame for augur_chess::Position {
    const PGN_VARIANT: Option<&'static str> = None;

    fn pgn_move(&self, mv: augur_chess::Move) -> String {
        self.san(mv)
    }
}

impl ArenaGame for augur_ultima::Position {
    const PGN_VARIANT: Option<&'static str> = Some("ultima");
}

impl ArenaGame for augur_oracle::Position {
    const PGN_VARIANT: Option<&'static str> = Some("oracle");
}
