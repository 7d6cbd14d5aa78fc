//! The one trait every Augur game implements, and the types it speaks in.

use crate::board_details::BoardDetails;
use crate::move_shape::MoveShape;
use crate::movelist::MoveList;
use std::fmt;
use std::hash::Hash;

/// One of the two sides that win or lose together: a player in two-player
/// games (White moves first), a team of two allied armies in Enochian chess
/// (White is Blue and Black, Black is Yellow and Red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first in two-player games (Blue and Black in Enochian chess).
    White = 0,
    /// The other side (Yellow and Red in Enochian chess).
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other color.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The move-count rule (50 moves in chess) ran out.
    MoveRule,
    /// The same position occurred for the third time (or as the game rules).
    Repetition,
    /// Neither side can win by any sequence of legal moves.
    InsufficientMaterial,
    /// A game-specific rule, named.
    Rule(&'static str),
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Checkmate => f.write_str("checkmate"),
            Termination::Stalemate => f.write_str("stalemate"),
            Termination::MoveRule => f.write_str("move rule"),
            Termination::Repetition => f.write_str("repetition"),
            Termination::InsufficientMaterial => f.write_str("insufficient material"),
            Termination::Rule(name) => f.write_str(name),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning team, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// A win for `team`.
    pub const fn win(team: Color, termination: Termination) -> Self {
        Self {
            winner: Some(team),
            termination,
        }
    }

    /// A draw.
    pub const fn draw(termination: Termination) -> Self {
        Self {
            winner: None,
            termination,
        }
    }
}

/// A position string that could not be read, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// What is wrong, in words a user can act on.
    pub reason: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.reason)
    }
}

impl std::error::Error for PositionError {}

/// Move text that is malformed or names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not move text of this game.
    Syntax(String),
    /// The text is well formed but no legal move matches it here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => write!(f, "malformed move '{text}'"),
            MoveError::Illegal(text) => write!(f, "illegal move '{text}'"),
        }
    }
}

impl std::error::Error for MoveError {}

/// How the search generates a game's moves at nodes below the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStaging {
    /// All of [`Game::generate_pseudo`] at once, each move ranked by
    /// [`Evaluate::noisy_score`](crate::Evaluate::noisy_score).
    AllAtOnce,
    /// In stages: the table's move (found by [`Game::pseudo_move`] when it
    /// is not noisy), then the noisy moves of [`Game::generate_noisy_pseudo`],
    /// and only if none of them cuts the node, the rest of
    /// [`Game::generate_pseudo`]. Worth it where the noisy generator is
    /// direct and cheap. The order is the same as all at once up to ties
    /// between equal scores, except that moves ranked by `noisy_score`
    /// but not generated as noisy come after all the noisy ones.
    NoisyFirst {
        /// Whether the rest is ranked by `noisy_score` too. A game whose
        /// `noisy_score` ranks only the moves its noisy generator gives
        /// (Ultima: captures) says `false` and skips that cost; one that
        /// ranks more (Oracle's fetches and summons) must say `true`.
        rank_rest: bool,
    },
}

/// A game Augur can play: positions with copy-make moves.
///
/// Implementations keep positions small (a few hundred bytes) because every
/// move copies one; the hash is maintained incrementally by `play`.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A move, packed small; `Default` is a null/none value never generated.
    type Move: Copy + Eq + Hash + Default + fmt::Debug + Send + Sync + 'static;

    /// The game's name as used by `UCI_Variant` (`chess`, `ultima`, ...).
    const NAME: &'static str;

    /// The PGN `Variant` tag of the game's records; `None` for standard
    /// chess, whose records carry none.
    const PGN_VARIANT: Option<&'static str>;

    /// The positions `bench` searches (a deterministic node count over them
    /// is the search's signature).
    const BENCH_POSITIONS: &'static [&'static str];

    /// The depth `bench` searches each of [`Game::BENCH_POSITIONS`] to.
    const BENCH_DEPTH: u32;

    /// The seats that keep a clock, in the order [`Game::seat`] numbers
    /// them, as `go` names their clocks (`<name>time`). In two-player games
    /// the seats are the teams and `go` says `wtime`/`btime`.
    const SEAT_NAMES: &'static [&'static str] = &["white", "black"];

    /// The team each of [`Game::SEAT_NAMES`] plays for.
    const SEAT_TEAMS: &'static [Color] = &[Color::White, Color::Black];

    /// The teams' names as record tags name their players (`White`,
    /// `Black` in chess).
    const TEAM_NAMES: [&'static str; 2] = ["White", "Black"];

    /// The standard starting position.
    fn startpos() -> Self;

    /// The options the game declares (the protocol announces them; their
    /// values choose the start, [`Game::start_for_options`]). None by
    /// default.
    const OPTIONS: &'static [crate::GameOption] = &[];

    /// Reads a value for the text option `name` (one of
    /// [`Game::OPTIONS`]): the value as the game writes it, or why not (one
    /// line). The default takes any text, trimmed.
    fn read_option(name: &str, value: &str) -> Result<String, String> {
        let _ = name;
        Ok(value.trim().to_string())
    }

    /// The position the standard start means under the option values
    /// `values` (every declared option's value, as read); `None` for the
    /// game's own [`Game::startpos`], the default.
    fn start_for_options(values: &crate::OptionValues) -> Option<Self> {
        let _ = values;
        None
    }

    /// Whether positions are read and written in Chess960 mode under the
    /// option values `values` ([`Game::from_fen_chess960`],
    /// [`Game::with_chess960`]); false, the default, for games without it.
    fn chess960_for_options(values: &crate::OptionValues) -> bool {
        let _ = values;
        false
    }

    /// The standard start of the game played with chance (Enochian
    /// divination: the same position, the die not rolled yet); `None` for
    /// games without chance.
    fn startpos_with_chance() -> Option<Self> {
        None
    }

    /// Reads a position string (FEN for chess), fully validated.
    fn from_fen(text: &str) -> Result<Self, PositionError>;

    /// [`Game::from_fen`], and what was repaired on the way, in words for
    /// a warning (chess: castling rights the position cannot have, dropped).
    /// Games that repair nothing keep the default (no warnings).
    fn from_fen_with_warnings(text: &str) -> Result<(Self, Vec<String>), PositionError> {
        Self::from_fen(text).map(|position| (position, Vec::new()))
    }

    /// Reads a position string in Chess960 mode (the protocol's
    /// `UCI_Chess960`): in chess, castling rights may name any rook on its
    /// king's rank (X-FEN or Shredder-FEN fields) and castling is written
    /// king-takes-rook. Games without such a mode read it as
    /// [`Game::from_fen_with_warnings`].
    fn from_fen_chess960(text: &str) -> Result<(Self, Vec<String>), PositionError> {
        Self::from_fen_with_warnings(text)
    }

    /// The same position with Chess960 move text on or off (chess: how
    /// castling is written); games without that mode return it unchanged.
    fn with_chess960(self, _on: bool) -> Self {
        self
    }

    /// The squares of pieces that cannot move now (Ultima's immobilized
    /// pieces, Enochian chess's frozen armies), for boards to mark; empty
    /// in games without freezing.
    fn frozen_squares(&self) -> Vec<crate::Square> {
        Vec::new()
    }

    /// The canonical position string.
    fn fen(&self) -> String;

    /// What stands on `square`, for boards that draw the position (`augur
    /// serve`): the piece as the position string writes it (chess: the FEN
    /// letter), `None` when the square is empty. Games that do not say
    /// return `None` everywhere (a board then shows [`Game::diagram`]).
    fn board_piece(&self, _square: crate::Square) -> Option<String> {
        None
    }

    /// Every occupied square with its [`Game::board_piece`].
    fn board_pieces(&self) -> Vec<(crate::Square, String)> {
        (0..64u8)
            .map(crate::Square::new)
            .filter_map(|square| self.board_piece(square).map(|piece| (square, piece)))
            .collect()
    }

    /// What the legal move `mv` does to the board, for boards and scripts
    /// (not the search): the squares it leaves and reaches, the squares
    /// whose pieces it takes, the mover's choices besides the squares, and
    /// what else moves or appears with it; see [`MoveShape`]. Whether it
    /// gives check is `self.play(mv).in_check()`. The default reads the
    /// squares from [`Game::move_text`] and the captures from the board
    /// before and after the move
    /// ([`shape_from_board_change`](crate::move_shape::shape_from_board_change)),
    /// which knows no choices and no pieces moving alongside: games with
    /// such moves describe them from their own move representation.
    fn move_shape(&self, mv: Self::Move) -> MoveShape {
        crate::move_shape::shape_from_board_change(self, mv)
    }

    /// The position as a board shows it, in typed values instead of the
    /// position string: each occupied square's piece, team and kind in
    /// words, pools, armies, direction of play, die and frozen squares;
    /// see [`BoardDetails`]. The default
    /// ([`details_from_pieces`](crate::board_details::details_from_pieces))
    /// builds it from [`Game::board_pieces`] (team by letter case, kind
    /// named by the lower-case text) and [`Game::frozen_squares`], with no
    /// pools, armies or die.
    fn board_details(&self) -> BoardDetails {
        crate::board_details::details_from_pieces(self)
    }

    /// A move as PGN writes it: SAN in chess, the move text elsewhere.
    fn pgn_move(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Reads a move as PGN may write it: [`Game::pgn_move`]'s form or the
    /// move text (SAN or UCI text in chess).
    fn parse_pgn_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    /// The legal move `mv` in this game's readable notation, written in
    /// this position before it is played (chess: SAN; the other games:
    /// see their rules page, section "Readable notation"). Unique per
    /// legal move, and read back by [`Game::parse_notation`]. The default
    /// is the move text. The protocol's move text stays the wire format.
    fn notation(&self, mv: Self::Move) -> String {
        self.move_text(mv)
    }

    /// Reads [`Game::notation`]'s form and returns the legal move it names
    /// here. The default reads move text.
    fn parse_notation(&self, text: &str) -> Result<Self::Move, MoveError> {
        self.parse_move(text)
    }

    /// How a roll just drawn reads for people, on the position with the
    /// roll drawn (Enochian: `Yellow rolls 3`); `None` when no roll is
    /// drawn. The default writes `rolls <n>` from [`Game::chance_text`].
    fn chance_notation(&self) -> Option<String> {
        self.chance_text().map(|roll| format!("rolls {roll}"))
    }

    /// The squares of the side to move's royal pieces that are in danger
    /// now, ascending (chess and Ultima: the King in check; Oracle: the
    /// body hosting the Lord soul in check; Enochian: the team's Kings an
    /// enemy could take). Empty by default.
    fn royal_in_danger(&self) -> Vec<crate::Square> {
        Vec::new()
    }

    /// Reads move text and returns the legal move it names in this position.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The move text of a legal move.
    fn move_text(&self, mv: Self::Move) -> String;

    /// The move packed in 32 bits, distinct for distinct moves of one
    /// position (transposition tables and history tables key on it).
    fn encode_move(mv: Self::Move) -> u32;

    /// The team to move.
    fn team(&self) -> Color;

    /// A text drawing of the position for people (the protocol's `d`).
    fn diagram(&self) -> String;

    /// The Zobrist key, maintained incrementally.
    fn hash(&self) -> u64;

    /// The Zobrist key computed from scratch (to check the incremental one).
    fn recompute_hash(&self) -> u64;

    /// Appends every legal move.
    fn generate(&self, out: &mut MoveList<Self::Move>);

    /// Appends the legal "noisy" moves (captures, promotions) for quiescence.
    fn generate_noisy(&self, out: &mut MoveList<Self::Move>);

    /// Appends the moves the search tries at a node: every legal move, and
    /// possibly moves that leave the mover's own royal piece attacked, which
    /// [`Game::play_pseudo`] refuses. Deciding legality only for the moves
    /// the search reaches (most nodes are cut after one or two) is what
    /// makes games with an expensive legality test fast. The default is
    /// [`Game::generate`].
    fn generate_pseudo(&self, out: &mut MoveList<Self::Move>) {
        self.generate(out);
    }

    /// Appends the noisy moves of [`Game::generate_pseudo`]: the legal noisy
    /// moves of [`Game::generate_noisy`], possibly with illegal ones that
    /// [`Game::play_pseudo`] refuses. The default is [`Game::generate_noisy`].
    fn generate_noisy_pseudo(&self, out: &mut MoveList<Self::Move>) {
        self.generate_noisy(out);
    }

    /// Appends the moves of [`Game::generate_pseudo`] that
    /// [`Game::generate_noisy_pseudo`] does not give and returns `true`; or
    /// appends nothing and returns `false` when the game has no such
    /// generator (a staged search then generates everything and skips the
    /// moves it has tried). The default has none.
    fn generate_quiet_pseudo(&self, out: &mut MoveList<Self::Move>) -> bool {
        let _ = out;
        false
    }

    /// How the search generates this game's moves below the root; see
    /// [`MoveStaging`]. The default generates them all at once.
    const MOVE_STAGING: MoveStaging = MoveStaging::AllAtOnce;

    /// The move of [`Game::generate_pseudo`] on this position whose
    /// [`Game::encode_move`] code is `code` (a transposition table's move),
    /// found without generating; `None` when there is no such move or when
    /// the game cannot tell cheaply (the search then generates). Never a
    /// move outside that list. The default tells nothing.
    fn pseudo_move(&self, code: u32) -> Option<Self::Move> {
        let _ = code;
        None
    }

    /// The position after `mv`, a move of [`Game::generate_pseudo`] or
    /// [`Game::generate_noisy_pseudo`] on this position, or `None` when the
    /// move is illegal (it leaves the mover's royal piece attacked). The
    /// default plays the move: the default generators give legal moves only.
    fn play_pseudo(&self, mv: Self::Move) -> Option<Self> {
        Some(self.play(mv))
    }

    /// [`Game::play_pseudo`] written into `out`, which the search keeps
    /// for the purpose: a game whose positions are large may build the
    /// result there instead of returning it (which can cost a copy). The
    /// default stores what `play_pseudo` returns.
    #[inline(always)]
    fn play_pseudo_into(&self, mv: Self::Move, out: &mut Option<Self>) {
        *out = self.play_pseudo(mv);
    }

    /// A cheap guess at the key of the position after `mv` (a move of
    /// this position), before the move is played: the search asks the
    /// processor to fetch the guessed key's table entry while the move is
    /// played, which in chess takes longer than the fetch. Only a hint: a
    /// wrong guess costs a wasted fetch, never a wrong result. The default
    /// has none.
    #[inline(always)]
    fn key_after_hint(&self, mv: Self::Move) -> Option<u64> {
        let _ = mv;
        None
    }

    /// The number of legal moves (games may count without generating).
    fn count_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.len() as u64
    }

    /// The position after `mv`, which must come from [`Game::generate`] on
    /// this position (a move from elsewhere gives an unspecified position).
    fn play(&self, mv: Self::Move) -> Self;

    /// [`Game::play`] for counting moves (perft): a game may skip state
    /// that only its evaluation reads, so the result must not be
    /// evaluated. The default plays normally.
    fn play_to_count(&self, mv: Self::Move) -> Self {
        self.play(mv)
    }

    /// The perft count `depth` plies below this position by the game's own
    /// walk, for a game that counts faster than the generic
    /// [`perft`](crate::perft::perft) (chess walks its board without the
    /// network's hidden layer, which counting never reads). `None`, the
    /// default: the generic walk counts.
    #[inline(always)]
    fn count_leaves(&self, depth: u32) -> Option<u64> {
        let _ = depth;
        None
    }

    /// Whether the team to move is in check (its royal piece attacked).
    fn in_check(&self) -> bool;

    /// Plies since the last irreversible move: earlier positions cannot recur.
    fn reversible_plies(&self) -> u32;

    /// A draw by a rule visible in this position alone (move-count rule,
    /// dead material), cheap enough to test at every search node.
    fn is_rule_draw(&self) -> bool;

    /// The end of the game decided by this position alone (mate, stalemate,
    /// move-count rule, insufficient material), ignoring repetition.
    fn outcome(&self) -> Option<Outcome>;

    /// The outcome given the keys of the positions before this one, oldest
    /// first: [`Game::outcome`], then threefold repetition of this position.
    fn outcome_with_history(&self, earlier_keys: &[u64]) -> Option<Outcome> {
        if let Some(outcome) = self.outcome() {
            return Some(outcome);
        }
        let window = (self.reversible_plies() as usize).min(earlier_keys.len());
        let key = self.hash();
        let seen = earlier_keys[earlier_keys.len() - window..]
            .iter()
            .filter(|&&k| k == key)
            .count();
        (seen >= 2).then_some(Outcome::draw(Termination::Repetition))
    }

    /// Whether `mv` is one of this position's legal moves.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.contains(&mv)
    }

    /// Whether the game is over in a way seen without generating moves
    /// (Enochian: a team has lost both Kings); quiescence then scores it by
    /// [`Game::outcome`] instead of standing pat.
    fn is_decided(&self) -> bool {
        false
    }

    /// Chance: how many equally likely outcomes (die faces) are drawn before
    /// the side to move chooses; 0 (the default) when none is pending. The
    /// searcher averages over them (expectimax) and handles at most 16
    /// (it reads only the first 16 of a larger number).
    fn chance_outcomes(&self) -> u32 {
        0
    }

    /// The position once chance outcome `index` (below
    /// [`Game::chance_outcomes`]) has been drawn.
    fn resolve_chance(&self, index: u32) -> Self {
        let _ = index;
        self.clone()
    }

    /// For a position just drawn by [`Game::resolve_chance`]: a key that
    /// the outcomes of one chance node share exactly when they play on
    /// identically (the same moves, leading to the same positions), so the
    /// searcher searches such twins once. The default, the position's
    /// hash, makes every outcome its own.
    fn outcome_key(&self) -> u64 {
        self.hash()
    }

    /// For a chance node: the hash and the [`Game::outcome_key`] of each
    /// outcome's position (`resolve_chance(i)` into `out[i]`, for the
    /// first `out.len()` outcomes), which a game may find without drawing
    /// the outcomes. The default draws each.
    fn outcome_keys(&self, out: &mut [(u64, u64)]) {
        for (i, slot) in out.iter_mut().enumerate() {
            let child = self.resolve_chance(i as u32);
            *slot = (child.hash(), child.outcome_key());
        }
    }

    /// The position with a pending chance event ignored: the side to move
    /// may play any of its moves. A search that looks past chance without
    /// modelling it (to measure what modelling it is worth) uses this.
    fn ignore_chance(&self) -> Self {
        self.clone()
    }

    /// Draws the pending chance outcome named by `text` (`4` for a die roll
    /// written `4:h8h6Q` in a move list). Games without chance reject it.
    fn apply_chance_text(&self, text: &str) -> Result<Self, MoveError> {
        Err(MoveError::Syntax(format!("{text}:")))
    }

    /// The chance outcome drawn for the side to move, as move lists write it
    /// before the move (`4`), if the game has one.
    fn chance_text(&self) -> Option<String> {
        None
    }

    /// Whether `mv` needs the other team's agreement (Enochian's exchange of
    /// prisoners). The searcher considers such moves at the root only.
    fn needs_agreement(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// When every legal move needs the other team's agreement and the other
    /// team has declined: the pass that follows (the army's turn is skipped,
    /// as for an army that cannot move) and the position after it. `None`
    /// when the mover has a move of its own, or in games without agreement.
    fn declined_offer_pass(&self) -> Option<(Self::Move, Self)> {
        None
    }

    /// The seat whose clock runs when several players share a team (an
    /// Enochian army, 0-3); `None` when the team's clock runs.
    fn seat(&self) -> Option<usize> {
        None
    }

    /// Whether the game has endgame tablebases (chess: Syzygy). The
    /// searcher tests for probes only when it is on, so games without
    /// tables compile the probing away and pay nothing.
    const TABLEBASES: bool = false;

    /// The number of pieces (kings included) that decides whether a table
    /// can hold this position, or `None` when no table can (chess: castling
    /// rights). Read only where [`Game::TABLEBASES`] is on.
    fn tablebase_pieces(&self) -> Option<u32> {
        None
    }

    /// Loads the tables in `path` (the protocol's `SyzygyPath`: folders
    /// separated by `:`). Folders that are missing or hold no tables are
    /// not an error (nothing is loaded and the report says so); unreadable
    /// or corrupted tables are. The default, for games without tables,
    /// loads nothing and says so.
    fn load_tablebases(path: &str) -> Result<crate::LoadedTablebases<Self>, String> {
        let _ = path;
        Ok(crate::LoadedTablebases {
            tables: None,
            report: format!("{} has no tablebases", Self::NAME),
        })
    }
}
