//! Oracle chess's readable notation (`docs/rules/oracle.md`, "Readable
//! notation"). Bodies are upper-case letters, souls lower-case:
//!
//! - a figure goes `Hg1-f3` or takes `Hg5xf7` (the letter of its body);
//!   a Lord figure fetching a body adds `,H@e1` (the Horse body comes back
//!   onto the square the Lord left): `Le1-e2,H@e1`;
//! - a soul goes alone `h~g1-f3` (`~`: the soul without its body), or takes
//!   the soul named after `/` out of the body it lands in: `h~b3xd4/c`; a
//!   Priestess summoning a soul into itself adds `,e@d1`:
//!   `c~d1-d5,e@d1`, `c~d4xd7/h,s@d4`;
//! - a Soldier promotes `Sa8=P`;
//! - `+` when the other side's Lord soul is then attacked, `#` for mate.
//!
//! Every choice of the move text (soul class, taken soul, fetched body,
//! summoned soul) is written, so the notation is unique per legal move.

use augur_core::notation::check_mark;
use augur_core::{Game, Square};

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;

impl Position {
    /// The notation of `mv`, a legal move of this position.
    pub(crate) fn notation_of(&self, mv: OracleMove) -> String {
        let (from, to) = (mv.from(), mv.to());
        let mut text = match mv.kind() {
            MoveKind::Figure => {
                let letter = self
                    .cell(from)
                    .body()
                    .map_or('?', |body| body.letter().to_ascii_uppercase());
                let mark = if self.cell(to).body().is_some() {
                    'x'
                } else {
                    '-'
                };
                let mut text = format!("{letter}{from}{mark}{to}");
                if let Some(body) = mv.fetched() {
                    text.push_str(&format!(",{}@{from}", body.letter().to_ascii_uppercase()));
                }
                text
            }
            MoveKind::Soul => {
                let mut text = format!("{}~{from}", mv.soul_class().letter());
                match mv.taken() {
                    Some(taken) => text.push_str(&format!("x{to}/{}", taken.letter())),
                    None => text.push_str(&format!("-{to}")),
                }
                if let Some(soul) = mv.summoned() {
                    text.push_str(&format!(",{}@{from}", soul.letter()));
                }
                text
            }
            MoveKind::Promotion => format!("S{from}=P"),
        };
        text.push_str(check_mark(&self.play(mv)));
        text
    }

    /// The body hosting the side to move's Lord soul when it is attacked.
    pub(crate) fn lord_in_danger(&self) -> Vec<Square> {
        match self.lord_soul(self.side_to_move()) {
            Some(square) if self.in_check() => vec![square],
            _ => Vec::new(),
        }
    }
}
