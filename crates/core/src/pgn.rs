//! PGN text shared by everything that writes games (the arena, the web
//! board): the moves numbered, written with [`Game::pgn_move`] (and their
//! roll in divination games), and the movetext wrapped as the PGN standard
//! asks. Two-player games number moves by pairs of plies; Enochian chess by
//! rounds of four (armies that cannot move are skipped, so a round is only
//! nominal).

use crate::{Color, Game};

/// A game's movetext being written.
pub struct Movetext {
    tokens: Vec<String>,
    ply: usize,
    armies: usize,
}

impl Movetext {
    /// Movetext for a game starting at `start`.
    pub fn new<G: Game>(start: &G) -> Self {
        let armies = G::SEAT_TEAMS.len();
        let ply = if armies == 2 {
            usize::from(start.team() == Color::Black)
        } else {
            0
        };
        Self {
            tokens: Vec::new(),
            ply,
            armies,
        }
    }

    /// Adds the move `mv`, chosen in `before` (with its roll drawn), with
    /// its number where one is due.
    pub fn push_move<G: Game>(&mut self, before: &G, mv: G::Move) {
        let written = before.pgn_move(mv);
        self.push_written(match before.chance_text() {
            Some(roll) => format!("{roll}:{written}"),
            None => written,
        });
    }

    /// Adds a move already written as one token (with its roll, if any),
    /// with its number where one is due.
    pub fn push_written(&mut self, written: String) {
        let number = self.ply / self.armies + 1;
        if self.ply.is_multiple_of(self.armies) {
            self.tokens.push(format!("{number}."));
        } else if self.tokens.is_empty() {
            self.tokens.push(format!("{number}..."));
        }
        self.tokens.push(written);
        self.ply += 1;
    }

    /// Adds a comment or any other token as it is.
    pub fn push_token(&mut self, token: String) {
        self.tokens.push(token);
    }

    /// The movetext ending in `result`, wrapped (see [`wrap_movetext`]).
    pub fn finish(mut self, result: &str) -> String {
        self.tokens.push(result.to_string());
        wrap_movetext(&self.tokens)
    }
}

/// The movetext `tokens` (move numbers, moves, comments, the result)
/// joined by spaces and wrapped before 80 columns, ending with a newline.
pub fn wrap_movetext<S: AsRef<str>>(tokens: &[S]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for token in tokens {
        let token = token.as_ref();
        if !line.is_empty() && line.len() + token.len() + 1 > 80 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    text.push_str(&line);
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_stay_under_80_columns_and_keep_every_token() {
        let tokens: Vec<String> = (1..=60).map(|n| format!("{n}. e4")).collect();
        let text = wrap_movetext(&tokens);
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        assert_eq!(text.split_whitespace().count(), 120);
        assert_eq!(wrap_movetext(&["1-0"]), "1-0\n");
    }
}
