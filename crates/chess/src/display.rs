//! A text drawing of the board (for the protocol's `d` command).

use augur_core::Square;

use crate::position::Position;

impl Position {
    /// The board drawn with rank 8 on top, FEN letters for pieces, then the
    /// FEN, the key and the checkers.
    pub(crate) fn board_diagram(&self) -> String {
        let border = " +---+---+---+---+---+---+---+---+\n";
        let mut out = String::from(border);
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let letter = self
                    .piece_at(Square::new(rank * 8 + file))
                    .map_or(' ', |p| p.letter());
                out.push_str(&format!(" | {letter}"));
            }
            out.push_str(&format!(" | {}\n{border}", rank + 1));
        }
        out.push_str("   a   b   c   d   e   f   g   h\n\n");
        out.push_str(&format!("Fen: {}\n", self.write_fen()));
        out.push_str(&format!("Key: {:016X}\n", self.zobrist()));
        let checkers: Vec<String> = self.checkers().iter().map(|s| s.to_string()).collect();
        out.push_str(&format!("Checkers: {}", checkers.join(" ")));
        out
    }
}
