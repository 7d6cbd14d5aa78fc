//! Standard Algebraic Notation (SAN), as used in PGN files.
//!
//! Writing follows the PGN standard (and python-chess's `Board.san`):
//! a piece letter (none for pawns); the origin file if it tells the piece
//! apart from the other legal moves of the same role to the same square, else
//! the origin rank if that does, else both; `x` for captures (pawn captures,
//! en passant included, start with the origin file); the destination; `=Q`
//! and the like for promotions; `O-O` / `O-O-O` for castling; and `+` for
//! check or `#` for checkmate.
//!
//! Reading accepts that, plus the usual leniencies of PGN files: missing or
//! extra check marks, trailing `!`/`?` annotations, `0-0` castling, an
//! optional `=` before the promotion letter (in either case), `-` between
//! origin and destination, superfluous disambiguation, and fully specified
//! origins (`Ng1f3`, `e2e4`). The capture mark is not checked.

use augur_core::{Bitboard, MoveList, Square};

use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::types::Role;

impl Position {
    /// The SAN text of `mv`, a legal move of this position.
    ///
    /// A move that does not start on a piece of this position (so cannot be
    /// legal) is written as UCI text rather than panicking.
    pub fn san(&self, mv: Move) -> String {
        let Some(mover) = self.piece_at(mv.from()) else {
            return mv.to_string();
        };
        let (from, to) = (mv.from(), mv.to());
        let mut text = String::with_capacity(8);
        if mv.kind() == MoveKind::Castling {
            text.push_str(if to.file() > from.file() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture = self.piece_at(to).is_some() || mv.kind() == MoveKind::EnPassant;
            if mover.role == Role::Pawn {
                if capture {
                    text.push(file_char(from));
                }
            } else {
                text.push(mover.role.letter().to_ascii_uppercase());
                self.push_disambiguation(mv, mover.role, &mut text);
            }
            if capture {
                text.push('x');
            }
            text.push_str(&to.to_string());
            if let Some(role) = mv.promotion_role() {
                text.push('=');
                text.push(role.letter().to_ascii_uppercase());
            }
        }
        let child = self.play_unchecked(mv);
        if child.checkers().any() {
            text.push(if child.count_legal_moves() == 0 {
                '#'
            } else {
                '+'
            });
        }
        text
    }

    /// Appends the origin file and/or rank that tell `mv` apart from the
    /// other legal moves of a `role` piece to the same square.
    fn push_disambiguation(&self, mv: Move, role: Role, text: &mut String) {
        let (from, to) = (mv.from(), mv.to());
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let others: Bitboard = moves
            .iter()
            .filter(|m| {
                m.to() == to
                    && m.kind() != MoveKind::Castling
                    && m.from() != from
                    && self.piece_at(m.from()).is_some_and(|p| p.role == role)
            })
            .map(|m| m.from())
            .collect();
        if others.is_empty() {
            return;
        }
        let same_file = (others & Bitboard::file(from.file())).any();
        let same_rank = (others & Bitboard::rank(from.rank())).any();
        if !same_file {
            text.push(file_char(from));
        } else if !same_rank {
            text.push(rank_char(from));
        } else {
            text.push(file_char(from));
            text.push(rank_char(from));
        }
    }

    /// The legal move written as `text` in SAN, or `None` when the text is
    /// not SAN, names no legal move, or is ambiguous.
    pub fn parse_san(&self, text: &str) -> Option<Move> {
        let core = text
            .trim()
            .trim_end_matches(['!', '?', '+', '#'])
            .trim_end();
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);

        let castle_side = match core {
            "O-O" | "0-0" => Some(true),
            "O-O-O" | "0-0-0" => Some(false),
            _ => None,
        };
        if let Some(king_side) = castle_side {
            return moves.iter().copied().find(|m| {
                m.kind() == MoveKind::Castling && (m.to().file() > m.from().file()) == king_side
            });
        }

        let pattern = SanPattern::parse(core)?;
        let mut found = None;
        for &mv in moves.iter() {
            if pattern.matches(self, mv) {
                if found.is_some() {
                    return None; // Ambiguous.
                }
                found = Some(mv);
            }
        }
        found
    }
}

/// The pieces of a non-castling SAN move.
struct SanPattern {
    /// The piece letter's role; `None` for a pawn move (or a fully specified
    /// origin without a letter, which may be any piece).
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<Role>,
}

impl SanPattern {
    /// Parses `[NBRQK][a-h]?[1-8]?[x-]?<square>(=?[NBRQnbrq])?`.
    fn parse(text: &str) -> Option<SanPattern> {
        if !text.is_ascii() {
            return None;
        }
        let mut bytes = text.as_bytes();

        // Promotion suffix.
        let mut promotion = None;
        if let [rest @ .., last] = bytes
            && !last.is_ascii_digit()
        {
            let role = match last.to_ascii_uppercase() {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                _ => return None,
            };
            promotion = Some(role);
            bytes = rest.strip_suffix(b"=").unwrap_or(rest);
        }

        // Destination.
        let [rest @ .., file, rank] = bytes else {
            return None;
        };
        let to = Square::parse(std::str::from_utf8(&[*file, *rank]).ok()?)?;
        bytes = rest;
        if let [rest @ .., b'x' | b'-'] = bytes {
            if rest.is_empty() {
                return None; // `xe4`: a capture by nothing.
            }
            bytes = rest;
        }

        // Piece letter and origin hints.
        let mut role = None;
        if let [first, rest @ ..] = bytes
            && first.is_ascii_uppercase()
        {
            role = Some(match first {
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                b'K' => Role::King,
                _ => return None,
            });
            bytes = rest;
        }
        let mut from_file = None;
        let mut from_rank = None;
        if let [first, rest @ ..] = bytes
            && (b'a'..=b'h').contains(first)
        {
            from_file = Some(first - b'a');
            bytes = rest;
        }
        if let [first, rest @ ..] = bytes
            && (b'1'..=b'8').contains(first)
        {
            from_rank = Some(first - b'1');
            bytes = rest;
        }
        if !bytes.is_empty() {
            return None;
        }
        Some(SanPattern {
            role,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    /// Whether the legal move `mv` of `position` fits the pattern.
    fn matches(&self, position: &Position, mv: Move) -> bool {
        if mv.kind() == MoveKind::Castling {
            // Only as a fully specified king move (`e1g1`); `O-O` is read
            // before patterns are tried.
            return self.role.is_none()
                && self.from_file == Some(mv.from().file())
                && self.from_rank == Some(mv.from().rank())
                && mv.castling_king_destination() == Some(self.to);
        }
        let (from, to) = (mv.from(), mv.to());
        if to != self.to
            || mv.promotion_role() != self.promotion
            || self.from_file.is_some_and(|f| f != from.file())
            || self.from_rank.is_some_and(|r| r != from.rank())
        {
            return false;
        }
        let Some(mover) = position.piece_at(from) else {
            return false;
        };
        match self.role {
            Some(role) => mover.role == role,
            // A fully specified origin names its piece (`e2e4`, castling as
            // `e1g1`).
            None if self.from_file.is_some() && self.from_rank.is_some() => true,
            // Pawn moves: a capture must name its origin file.
            None => {
                mover.role == Role::Pawn && (self.from_file.is_some() || from.file() == to.file())
            }
        }
    }
}

fn file_char(square: Square) -> char {
    (b'a' + square.file()) as char
}

fn rank_char(square: Square) -> char {
    (b'1' + square.rank()) as char
}

#[cfg(test)]
mod tests {
    use super::*;
    use augur_core::Game;

    fn position(fen: &str) -> Position {
        Position::from_fen_detailed(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The legal move written as UCI text `uci`.
    fn uci(position: &Position, uci: &str) -> Move {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| m.to_string() == uci)
            .unwrap_or_else(|| panic!("{uci} is not legal in {position:?}"))
    }

    /// Checks `san` for the move `uci_text` and that it parses back.
    fn check(fen: &str, uci_text: &str, san: &str) {
        let position = position(fen);
        let mv = uci(&position, uci_text);
        assert_eq!(position.san(mv), san, "{uci_text} in {fen}");
        assert_eq!(position.parse_san(san), Some(mv), "{san} in {fen}");
    }

    #[test]
    fn simple_moves() {
        let start = Position::startpos();
        check(&start.fen(), "e2e4", "e4");
        check(&start.fen(), "g1f3", "Nf3");
        check(&start.fen(), "b1c3", "Nc3");
    }

    #[test]
    fn three_queens_need_double_disambiguation() {
        // Queens on a1, a3 and c1 all reach b2.
        let fen = "4k3/8/8/8/8/Q7/8/Q1Q4K w - - 0 1";
        check(fen, "a1b2", "Qa1b2");
        check(fen, "a3b2", "Q3b2");
        check(fen, "c1b2", "Qcb2");
        // Only a1 and a3 reach a2: same file, so the rank tells them apart.
        check(fen, "a1a2", "Q1a2");
        check(fen, "a3a2", "Q3a2");
        // Only a1 and c1 reach b1: same rank, the file.
        check(fen, "a1b1", "Qab1");
        // Superfluous or long disambiguation is still read.
        let p = position(fen);
        assert_eq!(p.parse_san("Qa1-b2"), Some(uci(&p, "a1b2")));
        assert_eq!(p.parse_san("Qa3b2"), Some(uci(&p, "a3b2")));
        // Too little is ambiguous.
        assert_eq!(p.parse_san("Qb2"), None);
        assert_eq!(p.parse_san("Qab2"), None);
        assert_eq!(p.parse_san("Q1b2"), None);
    }

    #[test]
    fn disambiguation_ignores_pinned_pieces() {
        // Knights on c3 and g3 both reach e2, but the c3 knight is pinned by
        // the b4 bishop, so Ne2 is unambiguous among legal moves.
        let fen = "4k3/8/8/8/1b6/2N3N1/8/4K3 w - - 0 1";
        check(fen, "g3e2", "Ne2");
    }

    #[test]
    fn en_passant() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        check(fen, "e5d6", "exd6");
        let p = position(fen);
        // A pawn capture must name its file.
        assert_eq!(p.parse_san("d6"), None);
        assert_eq!(p.parse_san("exd6 e.p."), None);
        assert_eq!(p.parse_san("ed6"), Some(uci(&p, "e5d6")));
    }

    #[test]
    fn promotions() {
        // Capture-promotion giving check, and a quiet promotion.
        let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        check(fen, "b7a8q", "bxa8=Q+");
        check(fen, "b7a8r", "bxa8=R+");
        check(fen, "b7a8b", "bxa8=B");
        check(fen, "b7a8n", "bxa8=N");
        check(fen, "b7b8q", "b8=Q+");
        check(fen, "b7b8n", "b8=N");
        let p = position(fen);
        assert_eq!(p.parse_san("b8Q"), Some(uci(&p, "b7b8q")));
        assert_eq!(p.parse_san("b8=q+"), Some(uci(&p, "b7b8q")));
        assert_eq!(p.parse_san("b8"), None, "a promotion needs its piece");
        assert_eq!(p.parse_san("b8=K"), None);
        // Black promotes with mate.
        check("8/8/8/8/8/4k3/p7/6RK b - - 0 1", "a2a1q", "a1=Q");
        check("8/8/8/8/8/6k1/p7/7K b - - 0 1", "a2a1q", "a1=Q#");
    }

    #[test]
    fn check_and_mate_suffixes() {
        // Fool's mate.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
        check(fen, "d8h4", "Qh4#");
        let p = position(fen);
        assert_eq!(p.parse_san("Qh4"), Some(uci(&p, "d8h4")));
        assert_eq!(p.parse_san("Qh4+!!"), Some(uci(&p, "d8h4")));
        assert_eq!(p.parse_san("Qh4#?!"), Some(uci(&p, "d8h4")));
        check("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+");
        // Back-rank mate with a capture.
        check("3rk3/8/8/8/8/8/5PPP/3R2K1 b - - 0 1", "d8d1", "Rxd1#");
    }

    #[test]
    fn castling() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        check(fen, "e1g1", "O-O");
        check(fen, "e1c1", "O-O-O");
        let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        check(black, "e8g8", "O-O");
        check(black, "e8c8", "O-O-O");
        let p = position(fen);
        assert_eq!(p.parse_san("0-0"), Some(uci(&p, "e1g1")));
        assert_eq!(p.parse_san("0-0-0"), Some(uci(&p, "e1c1")));
        assert_eq!(p.parse_san("O-O+"), Some(uci(&p, "e1g1")));
        // Castling that gives check.
        check("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+");
        // Without the right, there is nothing to read.
        let no_rights = position("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(no_rights.parse_san("O-O"), None);
    }

    #[test]
    fn rejects_nonsense() {
        let p = Position::startpos();
        for bad in [
            "", "e5", "Ne4", "Pe4", "e2e5", "Z0", "--", "e4e4", "xe4", "Nf3x", "é4", "Kxe2", "O-O",
            "e9", "i3", "Nf", "N",
        ] {
            assert_eq!(p.parse_san(bad), None, "{bad}");
        }
        assert_eq!(p.parse_san("e2e4"), Some(uci(&p, "e2e4")));
        assert_eq!(p.parse_san("Ng1f3"), Some(uci(&p, "g1f3")));
        assert_eq!(p.parse_san("  Nf3  "), Some(uci(&p, "g1f3")));
    }
}
