//! [`Engine`]: one game being played, whatever the game.

use augur_games::{Variant, with_game};

use crate::board::{BoardView, GameResult};
use crate::config::Config;
use crate::error::EngineError;
use crate::genfens::GenFensParams;
use crate::limits::SearchLimits;
use crate::played::{GameDriver, GamePlay, PerftCallback, SearchCallback, Start};
use crate::values::{
    BenchReport, BestMove, Evaluation, ExchangeAnswer, MoveInfo, SearchEvent, SearchStart,
};

/// One game being played: its position and move list, and the search
/// engine (table, threads, settings) that plays it. Every answer is a
/// value; nothing is printed.
///
/// ```
/// use augur_engine::{Engine, SearchLimits, Start, Variant};
/// let mut engine = Engine::new(Variant::Chess);
/// engine.set_position(&Start::Standard, &["e2e4".to_string()]).unwrap();
/// assert_eq!(engine.legal_moves().len(), 20);
/// let limits = SearchLimits { depth: Some(4), ..SearchLimits::default() };
/// let best = engine.search(&limits).unwrap();
/// assert!(best.best.is_some());
/// ```
pub struct Engine {
    variant: Variant,
    game: Box<dyn GameDriver>,
}

impl Engine {
    /// A new game of `variant` from its start, with the default settings.
    pub fn new(variant: Variant) -> Self {
        Self::with_config(variant, &Config::default())
    }

    /// A new game of `variant` from its start, with `config` (the table is
    /// made on first use or by [`Engine::prepare`]).
    pub fn with_config(variant: Variant, config: &Config) -> Self {
        let game: Box<dyn GameDriver> =
            with_game!(variant, G => Box::new(GamePlay::<G>::new(config)));
        let mut engine = Self { variant, game };
        // The standard start cannot be refused.
        let _ = engine.set_position(&Start::Standard, &[]);
        engine
    }

    /// The game played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The settings in use.
    pub fn config(&self) -> &Config {
        self.game.config()
    }

    /// Uses `config` from now on (a running search is waited for). When the
    /// table cannot be made at the new size, an error, and the old size is
    /// kept ([`Engine::config`] says which).
    pub fn configure(&mut self, config: &Config) -> Result<(), EngineError> {
        self.game.configure(config)
    }

    /// Sets the position: `start` with `moves` (move text, Enochian rolls
    /// as `4:h8h6Q` and a last roll alone as `3:`) played on it. Checked
    /// completely first: on error the position stays as it was, but
    /// searches answer [`SearchStart::NoPosition`] until a position is
    /// accepted. Returns warnings about what was repaired (chess: castling
    /// rights the position cannot have, dropped).
    pub fn set_position(
        &mut self,
        start: &Start,
        moves: &[String],
    ) -> Result<Vec<String>, EngineError> {
        self.game.set_position(start, moves)
    }

    /// Plays one move (its text; a roll alone `3:` in a game with dice),
    /// or the move written in the game's readable notation (SAN `Nf3`,
    /// `Qc2-c6`, `b4:Qh8-f6`, `Blue rolls 4`): move text is tried first.
    /// The move list records the move text either way. An illegal move
    /// changes nothing.
    pub fn play(&mut self, text: &str) -> Result<(), EngineError> {
        self.game.play(text)
    }

    /// Takes back the last entry of the move list (a move, or a roll
    /// alone); returns its text, `None` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo()
    }

    /// Rolls the die for the army to move with outcome `index` (taken
    /// modulo the number of outcomes; Enochian chess: 0 is a roll of 1);
    /// returns the roll's text (`3:`), which ends the move list.
    pub fn roll(&mut self, index: u32) -> Result<String, EngineError> {
        self.game.roll(index)
    }

    /// Whether the side to move must roll first.
    pub fn awaiting_roll(&self) -> bool {
        self.game.awaiting_roll()
    }

    /// The move list from the start position.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves()
    }

    /// The move list in the game's readable notation, one entry per entry
    /// of [`Engine::moves`] (a roll alone as the game words it, Enochian
    /// `Yellow rolls 3`), each written when it was played.
    pub fn notations(&self) -> Vec<String> {
        self.game.notations()
    }

    /// The position string of the standard start (as the game's options
    /// chose it).
    pub fn start_text(&self) -> String {
        self.game.start_text()
    }

    /// The current position's string.
    pub fn position_text(&self) -> String {
        self.game.position_text()
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> Vec<MoveInfo> {
        self.game.legal_moves()
    }

    /// The current position as boards draw it.
    pub fn board(&self) -> BoardView {
        self.game.board()
    }

    /// Who moves, as [`BoardView::to_move`] names it (the army in Enochian
    /// chess, else the team), and the team moving: cheaper than the board.
    pub fn side_to_move(&self) -> (String, String) {
        self.game.side_to_move()
    }

    /// How the game ended on the board, or `None` while it goes on.
    pub fn outcome(&self) -> Option<GameResult> {
        self.game.outcome()
    }

    /// Whether the side to move is in check (its King attacked, as the
    /// game defines it).
    ///
    /// ```
    /// use augur_engine::{Engine, Start, Variant};
    /// let mut engine = Engine::new(Variant::Chess);
    /// assert!(!engine.in_check());
    /// let moves = ["e2e4", "f7f6", "d1h5"].map(String::from);
    /// engine.set_position(&Start::Standard, &moves).unwrap();
    /// assert!(engine.in_check());
    /// ```
    pub fn in_check(&self) -> bool {
        self.game.in_check()
    }

    /// The position drawn in text (the protocol's `d`).
    pub fn diagram(&self) -> String {
        self.game.diagram()
    }

    /// The evaluation in terms; `network`: the network's where the game has
    /// one is the one searched with.
    pub fn evaluation(&self) -> Evaluation {
        self.game.evaluation(!self.config().hand_evaluation())
    }

    /// Starts a search of the current position on the engine's search
    /// thread; its events go to `on_event` on that thread, ending with
    /// exactly one [`SearchEvent::Finished`] or [`SearchEvent::Failed`].
    /// When there is nothing to search, says why instead and sends nothing.
    pub fn start_search(
        &mut self,
        limits: &SearchLimits,
        on_event: impl FnMut(SearchEvent) + Send + 'static,
    ) -> Result<SearchStart, EngineError> {
        let callback: SearchCallback = Box::new(on_event);
        self.game.start_search(limits, callback)
    }

    /// Searches the current position and waits for the result (`None` for
    /// the best move when there is none to play).
    pub fn search(&mut self, limits: &SearchLimits) -> Result<BestMove, EngineError> {
        let (sender, receiver) = std::sync::mpsc::channel();
        let start = self.start_search(limits, move |event| {
            if let SearchEvent::Finished(best) | SearchEvent::Failed(best) = event {
                let _ = sender.send(best);
            }
        })?;
        let nothing = |score| BestMove {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
        };
        match start {
            SearchStart::Running => {
                self.wait();
                receiver
                    .recv()
                    .map_err(|_| EngineError::Failed("the search failed".to_string()))
            }
            SearchStart::NoPosition => Err(EngineError::Position(
                crate::played::NO_POSITION.to_string(),
            )),
            SearchStart::GameOver(end) => Ok(nothing(end.score())),
            SearchStart::Forced(pass) => Ok(BestMove {
                best: Some(pass),
                ..nothing(crate::values::Score::Cp(0))
            }),
        }
    }

    /// Whether a search or perft count is running and has not sent its
    /// last event.
    pub fn searching(&self) -> bool {
        self.game.searching()
    }

    /// Asks the running search or count to stop.
    pub fn stop(&self) {
        self.game.stop()
    }

    /// The ponder move was played: the pondering search goes on as a
    /// normal one.
    pub fn ponderhit(&self) {
        self.game.ponderhit()
    }

    /// Waits for the running search or count (if any) to end.
    pub fn wait(&mut self) {
        self.game.wait()
    }

    /// Whether the running search only ends when stopped (infinite,
    /// pondering).
    pub fn unbounded(&self) -> bool {
        self.game.unbounded()
    }

    /// Starts a perft count to `depth` on its own thread; events go to
    /// `on_event`. [`Engine::searching`] holds while it runs; [`Engine::stop`]
    /// ends it early.
    pub fn start_perft(
        &mut self,
        depth: u32,
        on_event: impl FnMut(crate::played::PerftEvent) + Send + 'static,
    ) -> Result<(), EngineError> {
        let callback: PerftCallback = Box::new(on_event);
        self.game.start_perft(depth, callback)
    }

    /// Waits for a running perft count to end by itself.
    pub fn finish_perft(&mut self) {
        self.game.finish_perft()
    }

    /// A new game: forgets what searches learnt (table, histories).
    pub fn new_game(&mut self) {
        self.game.new_game()
    }

    /// Makes the table and helper threads now if not made yet (never
    /// waiting for a running search).
    pub fn prepare(&mut self) {
        self.game.prepare()
    }

    /// Gives back the table and the helper threads (waiting for a running
    /// search): an idle game then holds only its positions. The next search
    /// makes them again, empty.
    pub fn release(&mut self) {
        self.game.release()
    }

    /// Empties the table.
    pub fn clear_hash(&mut self) {
        self.game.clear_hash()
    }

    /// Searches the game's bench positions to `depth` (the game's bench
    /// depth when `None`) on one thread with a fresh 16 MB table;
    /// `on_position` hears (number, of, nodes) after each.
    pub fn bench(
        &self,
        depth: Option<u32>,
        on_position: &mut dyn FnMut(usize, usize, u64),
    ) -> Result<BenchReport, EngineError> {
        self.game.bench(depth, on_position)
    }

    /// Evaluates with what the file `value` holds (chess: its network;
    /// `<embedded>`, empty or `<empty>`: the network built in; see
    /// [`crate::eval_file`]). Every position held, set or searched from now
    /// on evaluates with it, and what searches learnt from the old
    /// evaluation is forgotten. Returns what was chosen, in words; on error
    /// nothing changes. Engines in one process choose independently.
    pub fn set_evaluation_file(&mut self, value: &str) -> Result<String, EngineError> {
        self.game.set_evaluation_file(value)
    }

    /// Sets the position the standard start means (`None`: the game's own).
    pub fn set_start(&mut self, text: Option<String>) {
        self.game.set_start(text)
    }

    /// Answers the other team's offer of the exchange of prisoners legal
    /// here, searching both continuations for `movetime_ms` each.
    pub fn answer_offer(&mut self, movetime_ms: u64) -> Result<ExchangeAnswer, EngineError> {
        self.game.answer_offer(movetime_ms)
    }

    /// The other team declined this position's offer: the next search here
    /// leaves it out.
    pub fn decline_offer(&mut self) -> Result<(), EngineError> {
        self.game.decline_offer()
    }

    /// Distinct, balanced start positions for books (see
    /// [`crate::genfens`]); each goes to `on_found` as found. An error when
    /// the book cannot be read or too few were found.
    pub fn genfens(
        &self,
        params: &GenFensParams,
        on_found: &mut dyn FnMut(&str),
    ) -> Result<usize, EngineError> {
        self.game.genfens(params, on_found)
    }

    /// Loads the game's endgame tablebases from `path` (`:`-separated
    /// folders; none for games without); returns what was found.
    pub fn set_tablebases(&mut self, path: &str) -> Result<String, EngineError> {
        self.game.set_tablebases(path)
    }
}
