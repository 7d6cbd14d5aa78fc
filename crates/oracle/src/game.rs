//! The `augur_core::Game` implementation, the end of the game and the
//! board drawn for people.

use augur_core::{Color, Game, MoveError, MoveList, Outcome, PositionError, Square, Termination};

use crate::moves::{MoveKind, OracleMove};
use crate::position::Position;
use crate::text::START;
use crate::types::{Body, Soul};

/// Plies without a reset after which the game is drawn (32 rounds).
pub const QUIET_LIMIT: u32 = 64;
/// Plies after which the game is drawn (256 rounds).
pub const PLY_LIMIT: u32 = 512;

impl Position {
    /// Whether the quiet rule or the round limit has run out (mate and
    /// stalemate on the same ply still take precedence).
    pub fn limit_reached(&self) -> bool {
        self.quiet_plies() >= QUIET_LIMIT || self.plies_played() >= PLY_LIMIT
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.pseudo_moves(&mut pseudo);
        pseudo
            .iter()
            .any(|&mv| !self.play_move(mv).lord_soul_attacked(self.side))
    }

    /// The board drawn for people, with the pools and the position string.
    pub(crate) fn draw(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let cell = self.cell(Square::new(rank * 8 + file));
                let text = match cell.body() {
                    None => ".".to_string(),
                    Some(body) => {
                        let mut t = String::new();
                        t.push(match cell.color() {
                            Color::White => body.letter().to_ascii_uppercase(),
                            Color::Black => body.letter(),
                        });
                        for soul in Soul::ALL {
                            for _ in 0..cell.count(soul) {
                                t.push(soul.letter());
                            }
                        }
                        t
                    }
                };
                out.push_str(&format!("{text:<5}"));
            }
            out.push('\n');
        }
        out.push_str("  a    b    c    d    e    f    g    h\n\n");
        out.push_str("(a body's letter, then the souls it hosts)\n");
        let fields: Vec<String> = self.write_text().split(' ').map(str::to_string).collect();
        out.push_str(&format!(
            "Earth: {}  Underworld: {}\nPosition: {}\nKey: {:016X}",
            fields.get(1).map_or("-", String::as_str),
            fields.get(2).map_or("-", String::as_str),
            self.write_text(),
            self.hash
        ));
        out
    }
}

impl Game for Position {
    type Move = OracleMove;
    const NAME: &'static str = "oracle";
    const PGN_VARIANT: Option<&'static str> = Some("oracle");
    const BENCH_POSITIONS: &'static [&'static str] = BENCH_POSITIONS;
    const BENCH_DEPTH: u32 = 9;

    fn startpos() -> Self {
        Position::read_text(START).unwrap_or_else(|_| std::process::abort())
    }

    fn from_fen(text: &str) -> Result<Self, PositionError> {
        Position::read_text(text)
    }

    fn board_piece(&self, square: Square) -> Option<String> {
        self.square_token(square)
    }

    fn move_shape(&self, mv: OracleMove) -> augur_core::MoveShape {
        self.shape_of(mv)
    }

    fn board_details(&self) -> augur_core::BoardDetails {
        self.details()
    }

    fn fen(&self) -> String {
        self.write_text()
    }

    fn parse_move(&self, text: &str) -> Result<OracleMove, MoveError> {
        let wanted = OracleMove::parse(text)?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| m == wanted)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    fn notation(&self, mv: OracleMove) -> String {
        self.notation_of(mv)
    }

    fn parse_notation(&self, text: &str) -> Result<OracleMove, MoveError> {
        augur_core::notation::find_by_notation(self, text)
    }

    fn royal_in_danger(&self) -> Vec<Square> {
        self.lord_in_danger()
    }

    fn move_text(&self, mv: OracleMove) -> String {
        mv.to_string()
    }

    fn encode_move(mv: OracleMove) -> u32 {
        mv.bits()
    }

    fn team(&self) -> Color {
        self.side
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

    fn generate(&self, out: &mut MoveList<OracleMove>) {
        self.legal_moves(out);
    }

    fn generate_noisy(&self, out: &mut MoveList<OracleMove>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        for &mv in all.iter() {
            if self.is_noisy(mv) {
                out.push(mv);
            }
        }
    }

    fn generate_pseudo(&self, out: &mut MoveList<OracleMove>) {
        self.pseudo_moves(out);
    }

    fn generate_noisy_pseudo(&self, out: &mut MoveList<OracleMove>) {
        self.pseudo_noisy_moves(out);
    }

    fn play_pseudo(&self, mv: OracleMove) -> Option<Self> {
        self.play_if_legal(mv)
    }

    fn play(&self, mv: OracleMove) -> Self {
        self.play_move(mv)
    }

    /// Whether the side to move's Lord soul is attacked.
    fn in_check(&self) -> bool {
        self.lord_soul_attacked(self.side)
    }

    fn reversible_plies(&self) -> u32 {
        self.quiet_plies()
    }

    fn is_rule_draw(&self) -> bool {
        self.limit_reached() && (!self.in_check() || self.has_legal_move())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                Outcome::win(self.team().opponent(), Termination::Checkmate)
            } else {
                Outcome::draw(Termination::Stalemate)
            });
        }
        if self.quiet_plies() >= QUIET_LIMIT {
            return Some(Outcome::draw(Termination::MoveRule));
        }
        if self.plies_played() >= PLY_LIMIT {
            return Some(Outcome::draw(Termination::Rule("round limit")));
        }
        None
    }
}

impl Position {
    /// The moves quiescence looks at: promotions and plain captures of enemy
    /// tokens (a figure taking an enemy body, a soul taking a soul out of an
    /// enemy body), without fetch or summon riders. Each such move lowers
    /// the number of tokens on the board, so quiescence always ends; with
    /// riders or friendly takes, summons could feed a capture sequence
    /// forever.
    pub fn is_noisy(&self, mv: OracleMove) -> bool {
        match mv.kind() {
            MoveKind::Promotion => true,
            MoveKind::Figure => mv.fetched().is_none() && !self.cell(mv.to()).is_empty(),
            MoveKind::Soul => {
                mv.summoned().is_none()
                    && mv.taken().is_some()
                    && self.cell(mv.to()).color() != self.side
            }
        }
    }

    /// Whether `class` bodies of `color` wait in the earth.
    pub fn can_fetch(&self, color: Color, class: Body) -> bool {
        class != Body::Priestess && self.earth_count(color, class) > 0
    }
}

/// The positions `bench` searches: the start and positions from Augur's own
/// games (Priestess forms, ill-suited and lifeless bodies, full pools).
pub const BENCH_POSITIONS: &[&str] = &[
    "cheplehc/ssssssss/8/8/8/8/SSSSSSSS/CHEPLEHC - - w 0 1",
    "1cep(h)lehc/sss1s1ss/2hs1s2/8/8/2H(s)5/SS()SSSSSS/1CEP(h)LEH(c)C() - - w 0 7",
    "c1ep(l)l()1hc/sssss()s1s/8/6s1/1S3e2/7S/1S()SS(h)SSS1/CH()E1LEH()C Hp hhsss w 3 12",
    "c2plehc/ses2ss()1/hs1ss2s/1H6/4S1H1/3S3S/SSS2SS1/C1EP(e)LE()1C - s w 4 16",
    "c()2lh()e1c/p(h)s()s1s()ss1/2h1e2s/4s3/8/3SS2S/S(c)SSS1SS1/C1EP(h)LE1C Hh hsss b 0 19",
    "c3l1c1/s()2s1se(h)1/p(eh)1s1s2s/7P(ee)/3SSh2/1SS()4S/S4SS()1/CH2E()H()LC SSeeh esssss w 1 28",
    "5s()1C/s()7/8/6s()1/4ss()2/cC()S1s()s()2/1S()1S()e()1s()1/1LE()E()le()2 PHHHHSSSSSpc cceeeehhhhssssssssssssss w 3 56",
    "c1eple()1c/ss()1ss1ss/h1s2s()2/5P(ehs)2/8/2H5/SSSSS()1S(c)h/C1EL1EH()C() ss sssss w 0 95",
];
