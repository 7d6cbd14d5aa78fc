//! The `augur_core::Game` implementation: the end of the game, the chance
//! events of divination mode, and the board drawn for people.

use crate::moves::EnochianMove;
use crate::position::{Die, Position};
use crate::text::START;
use crate::types::{Army, Kind, team_armies};
use crate::zobrist;
use augur_core::{
    Color, Game, GameOption, GameOptionKind, MoveError, MoveList, OptionValues, Outcome,
    PositionError, Square, Termination, option_value,
};

/// The option choosing the starting array of the standard start.
pub const ARRAY_OPTION: &str = "UCI_Enochian_Array";
/// The option turning divination (dice) on for the standard start.
pub const DIVINATION_OPTION: &str = "UCI_Enochian_Divination";
/// The default array: `<setting> of <board> clockwise|widdershins`.
pub const DEFAULT_ARRAY: &str = "water of water clockwise";

/// An array name as the array option reports it (lower case, single
/// spaces, the direction spelled out). The name must already be valid.
fn canonical_array_name(name: &str) -> String {
    let lowered = name.to_ascii_lowercase().replace(['-', '_'], " ");
    let words: Vec<&str> = lowered.split_whitespace().collect();
    let direction = match words.get(3) {
        Some(&("widdershins" | "anticlockwise" | "counterclockwise" | "w")) => "widdershins",
        _ => "clockwise",
    };
    format!(
        "{} of {} {direction}",
        words.first().copied().unwrap_or("water"),
        words.get(2).copied().unwrap_or("water")
    )
}

/// Plies with neither a capture, a pawn move nor an exchange after which
/// Augur calls the game drawn (50 turns of each army). Not in the rulings:
/// an Augur rule so that games end; perft ignores it.
pub const QUIET_LIMIT: u32 = 200;

impl Position {
    /// Whether `army` is a bare King (no other piece, no throne partner).
    fn bare(&self, army: Army) -> bool {
        self.armies[army.index()].count() == 1
            && self.king(army).is_some()
            && (self.shared & self.armies[army.index()]).is_empty()
    }

    /// Whether both Kings of one team are bare (this covers four bare Kings).
    pub fn bare_kings_draw(&self) -> bool {
        [Color::White, Color::Black]
            .into_iter()
            .any(|team| team_armies(team).into_iter().all(|a| self.bare(a)))
    }

    /// Plies since the last capture, pawn move or exchange.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// The board drawn for people: each square shows the army letter and
    /// the piece (pawns with their type), then the state fields.
    pub(crate) fn draw(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let mut cell = String::new();
                for piece in self
                    .pieces_at(Square::new(rank * 8 + file))
                    .into_iter()
                    .flatten()
                {
                    if cell.is_empty() {
                        cell.push(piece.army.letter());
                    }
                    cell.push(piece.kind.letter());
                    if let Some(t) = piece.pawn_type {
                        cell.push(t.letter());
                    }
                }
                if cell.is_empty() {
                    cell.push('.');
                }
                out.push_str(&format!("{cell:<5}"));
            }
            out.push('\n');
        }
        out.push_str("  a    b    c    d    e    f    g    h\n\n");
        out.push_str(
            "Armies: y Yellow, b Blue (team 1, with k Black), r Red (team 2, with y Yellow)\n",
        );
        for army in Army::ALL {
            let state = if self.is_frozen(army) {
                "frozen".to_string()
            } else if self.king(army).is_none() {
                "no King".to_string()
            } else if self.king_attacked(army) {
                "in check".to_string()
            } else {
                "playing".to_string()
            };
            let control = self
                .controller(army)
                .map_or(String::new(), |c| format!(", controlled by {}", c.name()));
            let marker = if army == self.to_move {
                " <- to move"
            } else {
                ""
            };
            out.push_str(&format!("  {:<6} {state}{control}{marker}\n", army.name()));
        }
        out.push_str(&format!(
            "Direction: {}  Die: {}\nPosition: {}\nKey: {:016X}",
            if self.clockwise {
                "clockwise"
            } else {
                "widdershins"
            },
            match self.die {
                Die::Off => "- (normal game)".to_string(),
                Die::Rolled(n) => n.to_string(),
                Die::Pending | Die::Any => "? (not rolled yet)".to_string(),
            },
            self.write_text(),
            self.hash
        ));
        out
    }

    /// The position after `mv`, with the quiet counter kept.
    pub(crate) fn play_move(&self, mv: EnochianMove) -> Position {
        let resets = mv.is_exchange()
            || (!mv.is_lost_turn()
                && (mv.kind() == Kind::Pawn || self.occupied().contains(mv.to())));
        let mut next = self.after(mv);
        next.quiet = if resets {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        next
    }

    /// Whether `mv` is a capture or a promotion.
    pub fn is_noisy(&self, mv: EnochianMove) -> bool {
        !mv.is_exchange()
            && !mv.is_lost_turn()
            && (mv.promotion().is_some() || self.occupied().contains(mv.to()))
    }

    /// The same position with the die set to `roll` (1-6), for divination
    /// games; `None` in a normal game or for a roll out of range.
    pub fn with_roll(&self, roll: u8) -> Option<Position> {
        if !self.die.divination() || !(1..=6).contains(&roll) || self.is_decided() {
            return None;
        }
        let mut next = self.clone();
        next.set_die(Die::Rolled(roll));
        Some(next)
    }
}

/// The outcome key of a roll: the board's key with the die pending, with
/// the kind of piece the roll moves (or the lost turn) mixed in.
fn outcome_class_key(pending: u64, mover: Option<Kind>) -> u64 {
    let class = mover.map_or(0, |kind| kind.index() as u64 + 1);
    pending ^ class.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl Game for Position {
    type Move = EnochianMove;
    const NAME: &'static str = "enochian";
    const PGN_VARIANT: Option<&'static str> = Some("enochian");
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 14;
    /// Each army keeps its own clock, in [`Army::index`] order.
    const SEAT_NAMES: &'static [&'static str] = &["yellow", "blue", "red", "black"];
    const SEAT_TEAMS: &'static [Color] = &[Color::Black, Color::White, Color::Black, Color::White];
    /// Record tags name each team's pair of armies.
    const TEAM_NAMES: [&'static str; 2] = ["BlueBlack", "RedYellow"];

    fn startpos() -> Self {
        Position::read_text(START).unwrap_or_else(|_| std::process::abort())
    }

    const OPTIONS: &'static [GameOption] = &[
        GameOption {
            name: ARRAY_OPTION,
            kind: GameOptionKind::Text {
                default: DEFAULT_ARRAY,
            },
        },
        GameOption {
            name: DIVINATION_OPTION,
            kind: GameOptionKind::Check { default: false },
        },
    ];

    fn read_option(name: &str, value: &str) -> Result<String, String> {
        if !name.eq_ignore_ascii_case(ARRAY_OPTION) {
            return Ok(value.trim().to_string());
        }
        let value = value.trim();
        Position::array_by_name(value).map_err(|e| e.reason)?;
        Ok(canonical_array_name(value))
    }

    fn start_for_options(values: &OptionValues) -> Option<Self> {
        let array = option_value(values, ARRAY_OPTION).unwrap_or(DEFAULT_ARRAY);
        let position = Position::array_by_name(array).unwrap_or_else(|_| Self::startpos());
        if option_value(values, DIVINATION_OPTION) != Some("true") {
            return Some(position);
        }
        // The same position before the first roll.
        let text = position.to_string();
        let (board, _) = text.rsplit_once(' ')?;
        Position::read_text(&format!("{board} ?")).ok()
    }

    fn startpos_with_chance() -> Option<Self> {
        let (board, _) = START.rsplit_once(' ')?;
        Position::read_text(&format!("{board} ?")).ok()
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::read_text(text)
    }

    fn frozen_squares(&self) -> Vec<Square> {
        self.occupied()
            .into_iter()
            .filter(|&square| {
                self.pieces_at(square)
                    .iter()
                    .flatten()
                    .any(|piece| self.is_frozen(piece.army))
            })
            .collect()
    }

    fn board_piece(&self, square: Square) -> Option<String> {
        self.square_token(square)
    }

    fn move_shape(&self, mv: EnochianMove) -> augur_core::MoveShape {
        self.shape_of(mv)
    }

    fn board_details(&self) -> augur_core::BoardDetails {
        self.details()
    }

    fn fen(&self) -> String {
        self.write_text()
    }

    fn parse_move(&self, text: &str) -> Result<EnochianMove, MoveError> {
        self.read_move(text)
    }

    fn notation(&self, mv: EnochianMove) -> String {
        self.notation_of(mv)
    }

    fn parse_notation(&self, text: &str) -> Result<EnochianMove, MoveError> {
        augur_core::notation::find_by_notation(self, text)
    }

    fn chance_notation(&self) -> Option<String> {
        self.roll_notation()
    }

    fn royal_in_danger(&self) -> Vec<Square> {
        self.kings_in_danger()
    }

    fn move_text(&self, mv: EnochianMove) -> String {
        mv.to_string()
    }

    fn encode_move(mv: EnochianMove) -> u32 {
        mv.bits()
    }

    fn team(&self) -> Color {
        self.to_move.team()
    }

    fn diagram(&self) -> String {
        self.draw()
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.key_from_scratch()
    }

    fn generate(&self, out: &mut MoveList<EnochianMove>) {
        self.legal_moves(out);
    }

    fn generate_noisy(&self, out: &mut MoveList<EnochianMove>) {
        self.noisy_moves(out);
    }

    fn play(&self, mv: EnochianMove) -> Self {
        self.play_move(mv)
    }

    /// Check as the searcher sees it: the King is attacked *and* the army
    /// must move it (it has a step). A boxed-in King in check, or any King
    /// in divination mode, leaves the army free to move any piece, so the
    /// searcher treats the position as quiet (no evasion search, no check
    /// extension).
    fn in_check(&self) -> bool {
        !self.die.divination() && self.king_attacked(self.to_move) && self.king_can_step()
    }

    fn reversible_plies(&self) -> u32 {
        self.quiet
    }

    fn is_rule_draw(&self) -> bool {
        self.bare_kings_draw() || self.stuck || self.quiet >= QUIET_LIMIT
    }

    /// The outcome: a team wins when both enemy Kings are taken; drawn when
    /// both Kings of one team are bare, when no army can move, or (Augur's
    /// rule) after [`QUIET_LIMIT`] quiet plies.
    fn outcome(&self) -> Option<Outcome> {
        for team in [Color::White, Color::Black] {
            if self.kings_of(team) == 0 {
                return Some(Outcome::win(
                    team.opponent(),
                    Termination::Rule("both Kings taken"),
                ));
            }
        }
        if self.bare_kings_draw() {
            return Some(Outcome::draw(Termination::InsufficientMaterial));
        }
        if self.stuck {
            return Some(Outcome::draw(Termination::Rule("no army can move")));
        }
        if self.quiet >= QUIET_LIMIT {
            return Some(Outcome::draw(Termination::MoveRule));
        }
        None
    }

    /// Over for perft and the generator: a team has lost both Kings, or
    /// no army can move.
    fn is_decided(&self) -> bool {
        self.stuck || self.kings_of(Color::White) == 0 || self.kings_of(Color::Black) == 0
    }

    fn chance_outcomes(&self) -> u32 {
        if self.die == Die::Pending && !self.is_decided() {
            6
        } else {
            0
        }
    }

    fn resolve_chance(&self, index: u32) -> Self {
        self.with_roll(index as u8 + 1)
            .unwrap_or_else(|| self.clone())
    }

    /// Rolls that make the army move the same kind of piece (roll 1 with
    /// the King stuck moves pawns, like 6), or that all lose the turn, play
    /// on identically: they share the board's key with the kind (or the
    /// lost turn) mixed in.
    fn outcome_key(&self) -> u64 {
        if !matches!(self.die, Die::Rolled(_)) {
            return self.hash;
        }
        outcome_class_key(self.key_with_pending_die(), self.roll_mover())
    }

    /// Every roll's hash and outcome key from the army's movers, found
    /// once for the six rolls.
    fn outcome_keys(&self, out: &mut [(u64, u64)]) {
        if self.chance_outcomes() == 0 {
            return out.fill((self.hash, self.hash));
        }
        let pending = self.key_with_pending_die();
        let movers = self.movers_by_roll();
        for (roll, slot) in (1..=6u8).zip(out.iter_mut()) {
            let hash = pending
                ^ zobrist::die(Die::Pending.code())
                ^ zobrist::die(Die::Rolled(roll).code());
            *slot = (hash, outcome_class_key(pending, movers[roll as usize - 1]));
        }
    }

    fn ignore_chance(&self) -> Self {
        let mut next = self.clone();
        if next.die == Die::Pending {
            next.set_die(Die::Any);
        }
        next
    }

    fn apply_chance_text(&self, text: &str) -> Result<Self, MoveError> {
        let roll = text
            .parse::<u8>()
            .ok()
            .filter(|r| (1..=6).contains(r))
            .ok_or_else(|| MoveError::Syntax(format!("{text}:")))?;
        match self.die {
            Die::Pending | Die::Any => self
                .with_roll(roll)
                .ok_or_else(|| MoveError::Illegal(format!("{text}: (the game is over)"))),
            Die::Rolled(n) if n == roll => Ok(self.clone()),
            Die::Rolled(n) => Err(MoveError::Illegal(format!(
                "{text}: (the position already has roll {n})"
            ))),
            Die::Off => Err(MoveError::Illegal(format!(
                "{text}: (rolls exist only in divination games)"
            ))),
        }
    }

    fn chance_text(&self) -> Option<String> {
        match self.die {
            Die::Rolled(n) => Some(n.to_string()),
            _ => None,
        }
    }

    fn needs_agreement(&self, mv: EnochianMove) -> bool {
        mv.is_exchange()
    }

    /// An army whose only legal move is the exchange (all its pieces
    /// frozen or gone, say) and whose offer was declined passes, written
    /// `0000`: like a stalemated army, it skips its turn.
    fn declined_offer_pass(&self) -> Option<(EnochianMove, Self)> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let only_offers = !moves.is_empty() && moves.iter().all(|m| m.is_exchange());
        only_offers.then(|| {
            (
                EnochianMove::LOST_TURN,
                self.play_move(EnochianMove::LOST_TURN),
            )
        })
    }

    fn seat(&self) -> Option<usize> {
        Some(self.to_move.index())
    }
}

/// The positions `bench` searches: starting arrays in both directions.
/// (Divination searches average over rolls and grow about six times faster
/// per ply; they are measured by the criterion benches instead.)
pub const BENCH_POSITIONS: &[&str] = &[
    "yKQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kKQkPQ2rNrRrBrKQ b d - - -",
    "yKRyByQyN2bPRbKR/yPRyPByPQyPN2bPBbB/6bPQbQ/6bPNbN/kNkPN6/kQkPQ6/kBkPB2rPNrPQrPBrPR/kKRkPR2rNrQrBrKR k d - - -",
    "yKNyRyByQ2bPNbKN/yPNyPRyPByPQ2bPRbR/6bPBbB/6bPQbQ/kQkPQ6/kBkPB6/kRkPR2rPQrPBrPRrPN/kKNkPN2rQrBrRrKN b w - - -",
];
