//! One game's state inside a session: its engine, the current position with
//! the keys of the positions before it, and the running search if any.
//! Generic over the game; the session holds it behind `dyn GameSlot`, and
//! `augur-games` picks the type ([`new_slot`]).

use augur_core::Evaluate;
use augur_core::perft::divide_streaming;
use augur_games::{Variant, search_config, with_game};
use augur_search::{
    Clock, Engine, Limits, SearchControl, SearchEvent, SearchHandle, SearchRequest, SearchResult,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::command::{GenFensParams, PositionStart};
use crate::go::GoParams;
use crate::options::Options;
use crate::output::{Output, bestmove_line, finished_info_line, info_line};
use crate::view::{BoardView, GameResult, PieceOnSquare};

/// What the session asks of the current game.
pub trait GameSlot: Send {
    /// Replaces the position: parsed and checked completely first, so on
    /// error the position stays as it was, but `go` refuses to search it
    /// (it answers `bestmove 0000`) until a position is accepted. Returns
    /// warnings about what was repaired (dropped castling rights).
    fn set_position(
        &mut self,
        start: &PositionStart,
        moves: &[String],
    ) -> Result<Vec<String>, String>;
    /// Starts a search on its own thread; it prints `info` lines and exactly
    /// one `bestmove`.
    fn go(&mut self, params: &GoParams, options: &Options, out: &Output) -> Result<(), String>;
    /// Whether a search is running and has not yet written its
    /// `bestmove` (once it has, the slot counts as idle).
    fn searching(&self) -> bool;
    /// Asks the running search to stop.
    fn stop(&self);
    /// Tells the running search the ponder move was played.
    fn ponderhit(&self);
    /// Waits for the running search (if any) to finish.
    fn wait(&mut self);
    /// Whether the running search only ends on `stop` (infinite, pondering).
    fn unbounded(&self) -> bool;
    /// A new game: clears the table and move-ordering memory.
    fn new_game(&mut self);
    /// Applies `Hash`/`Threads`; `clear` empties the table. An error when
    /// the table could not be allocated (the old size is kept).
    fn configure(&mut self, options: &Options, clear: bool) -> Result<(), String>;
    /// Makes the engine (table and helper threads) if it does not exist
    /// yet and no search is running; never blocks.
    fn prepare(&mut self);
    /// The `d` output.
    fn display(&self) -> String;
    /// The `eval` output: the hand-written evaluation's terms, then the
    /// evaluation searched with (the network's when `network` and the game
    /// has one).
    fn eval(&self, network: bool) -> String;
    /// The current position as boards draw it (`augur serve`): the
    /// position string, who moves, every legal move's text, the pieces
    /// when the game lists them, the `d` drawing and the result; see
    /// [`BoardView`].
    fn board_view(&self) -> BoardView;
    /// `go perft N`: counts on its own thread (so `isready` is answered
    /// and `stop` heard meanwhile), printing `<move>: <count>` per root move
    /// as each is counted, then a blank line, `Nodes searched: <N>` and the
    /// time; stopped, it prints what it counted and an `info string` saying
    /// so instead of the total. [`GameSlot::searching`] holds while it runs.
    fn perft(&mut self, depth: u32, out: &Output) -> Result<(), String>;
    /// Waits for a running `go perft` to end by itself (not stopping it).
    fn finish_perft(&mut self);
    /// Runs the bench; returns (nodes, elapsed seconds).
    fn bench(&self, positions: &[&str], depth: u32, out: &Output) -> Result<(u64, f64), String>;
    /// The evaluation changed (another chess network was chosen): the
    /// positions held are brought up to date and what the engine learnt
    /// from the old evaluation (table, cached evaluations, histories) is
    /// forgotten. Never called while a search runs.
    fn evaluation_changed(&mut self);
    /// Sets the position `startpos` means (`None`: the game's standard one).
    fn set_start(&mut self, fen: Option<String>);
    /// The position string of the position `startpos` means.
    fn start_text(&self) -> String;
    /// `UCI_Chess960`: later positions are read in Chess960 mode, and the
    /// current one writes its moves that way from now on.
    fn set_chess960(&mut self, on: bool);
    /// Answers the other team's offer of the agreement move legal in the
    /// current position (Enochian's exchange of prisoners) by searching both
    /// continuations for `movetime_ms` each; prints `exchange accept` or
    /// `exchange decline`.
    fn answer_offer(
        &mut self,
        options: &Options,
        movetime_ms: u64,
        out: &Output,
    ) -> Result<(), String>;
    /// `genfens`: prints `info string genfens <position>` for each position
    /// found (see [`crate::genfens`]); an error when the book cannot be read
    /// or too few positions were found.
    fn genfens(&self, params: &GenFensParams, out: &Output) -> Result<(), String>;
    /// Records that the other team declined this position's offer: the
    /// next `go` here leaves it out.
    fn decline_offer(&mut self) -> Result<(), String>;
    /// `SyzygyPath`: loads the game's tablebases from `path` (none for
    /// games without) and returns what was found, for `info string`; on
    /// error no tables are kept.
    fn set_tablebases(&mut self, path: &str) -> Result<String, String>;
}

/// A new slot for `variant`, starting from the position the options
/// choose for it.
pub fn new_slot(variant: Variant, options: &Options) -> Box<dyn GameSlot> {
    with_game!(variant, G => {
        let mut slot = Slot::<G>::new(options);
        slot.set_chess960(options.chess960);
        // The session said what `SyzygyPath` found when it was set.
        let _ = slot.set_tablebases(&options.syzygy_path);
        slot.set_start(options.start_position(variant));
        // The game is held at the start the options chose (an Enochian
        // array, divination), as the session announces, not the standard
        // one; `startpos` cannot be refused.
        let _ = slot.set_position(&PositionStart::StartPos, &[]);
        Box::new(slot)
    })
}

/// The error `go` gives after a refused `position` (it then answers
/// `bestmove 0000`).
pub const NO_POSITION: &str =
    "the last position command was refused; send a valid position (answering bestmove 0000)";

struct Running<G: Evaluate> {
    /// Gives no result if the search panicked.
    handle: SearchHandle<G::Move>,
    control: SearchControl,
    infinite: bool,
    /// Set just before the search's `bestmove` line is written: from then
    /// on the session treats the slot as idle (a `go` sent the moment
    /// `bestmove` arrives must be accepted).
    answered: Arc<AtomicBool>,
}

/// A `go perft` counting on its own thread.
struct PerftJob {
    handle: std::thread::JoinHandle<()>,
    stop: Arc<AtomicBool>,
}

struct Slot<G: Evaluate> {
    engine: Option<Engine<G>>,
    running: Option<Running<G>>,
    perft: Option<PerftJob>,
    position: G,
    /// Keys of the game's positions before `position`, oldest first.
    history: Vec<u64>,
    hash_mb: usize,
    threads: usize,
    /// The position `startpos` means when not the game's standard one.
    start: Option<G>,
    /// The key of a position whose offer the other team declined.
    declined: Option<u64>,
    /// Whether the last `position` command was refused: `go` then answers
    /// `bestmove 0000`, never a move of the position before it.
    refused: bool,
    /// `UCI_Chess960`.
    chess960: bool,
    /// The tablebases searches use (`SyzygyPath`).
    tablebases: Option<Arc<dyn augur_core::Tablebase<G>>>,
}

impl<G: Evaluate> Slot<G> {
    /// A slot whose engine (table and helper threads) is made on `isready`
    /// ([`GameSlot::prepare`]), by [`GameSlot::configure`] or on first use,
    /// so a session switching games never holds two tables at once.
    fn new(options: &Options) -> Self {
        Self {
            engine: None,
            running: None,
            perft: None,
            position: G::startpos(),
            history: Vec::new(),
            hash_mb: options.hash_mb,
            threads: options.threads,
            start: None,
            declined: None,
            refused: false,
            chess960: false,
            tablebases: None,
        }
    }

    /// The agreement move legal here, if any.
    fn agreement_move(&self) -> Option<G::Move> {
        let mut moves = augur_core::MoveList::new();
        self.position.generate(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.position.needs_agreement(m))
    }

    /// A synchronous search of `root` for `movetime_ms`; the score from
    /// the point of view of `root`'s team to move.
    fn quick_score(&mut self, root: &G, history: &[u64], limits: &Limits<G::Move>) -> i32 {
        let control = SearchControl::new(false);
        let engine = self.engine();
        engine
            .search(root, history, limits, &control, &mut |_| {})
            .score
    }

    fn engine(&mut self) -> &mut Engine<G> {
        self.wait();
        self.engine
            .get_or_insert_with(|| Engine::new(self.hash_mb, self.threads, search_config::<G>()))
    }
}

impl<G: Evaluate> GameSlot for Slot<G> {
    fn set_position(
        &mut self,
        start: &PositionStart,
        moves: &[String],
    ) -> Result<Vec<String>, String> {
        let read = match start {
            PositionStart::StartPos => Ok((
                self.start
                    .clone()
                    .unwrap_or_else(G::startpos)
                    .with_chess960(self.chess960),
                Vec::new(),
            )),
            PositionStart::Fen(fen) if self.chess960 => {
                G::from_fen_chess960(fen).map_err(|e| e.to_string())
            }
            PositionStart::Fen(fen) => G::from_fen_with_warnings(fen).map_err(|e| e.to_string()),
        };
        let replayed = read.and_then(|(position, warnings)| {
            augur_core::replay(position, moves)
                .map(|replayed| (replayed, warnings))
                .map_err(|e| e.to_string())
        });
        self.refused = replayed.is_err();
        let (replayed, warnings) = replayed?;
        self.position = replayed.position;
        self.history = replayed.history;
        self.declined = None;
        Ok(warnings)
    }

    fn go(&mut self, params: &GoParams, options: &Options, out: &Output) -> Result<(), String> {
        if self.searching() {
            return Err("a search is already running; send stop first".to_string());
        }
        // A search that has written its `bestmove` is over: collect it.
        self.wait();
        if self.refused {
            out.error(NO_POSITION);
            out.line("bestmove 0000");
            return Ok(());
        }
        if self.position.chance_outcomes() > 0 {
            return Err(
                "the roll for the army to move is not known: end the move list with '<roll>:' (e.g. 'moves 4:h8h6Q 3:') or give it in the position string"
                    .to_string(),
            );
        }
        if self.declined == Some(self.position.hash())
            && let Some((pass, _)) = self.position.declined_offer_pass()
        {
            // Nothing to search: the army's only move was declined.
            out.line(&format!("bestmove {}", self.position.move_text(pass)));
            return Ok(());
        }
        let mut legal = augur_core::MoveList::new();
        self.position.generate(&mut legal);
        if legal.is_empty() {
            // The game is over: a score for the client, then no move.
            out.line(&finished_info_line(&self.position, options.show_wdl));
            out.line("bestmove (none)");
            return Ok(());
        }
        let mut search_moves = Vec::with_capacity(params.searchmoves.len());
        for text in &params.searchmoves {
            search_moves.push(
                self.position
                    .parse_move(text)
                    .map_err(|e| format!("searchmoves: {e}"))?,
            );
        }
        let team_clock = match self.position.team() {
            augur_core::Color::White => (params.wtime, params.winc),
            augur_core::Color::Black => (params.btime, params.binc),
        };
        // An army's own clock (Enochian) wins over its team's.
        let (time, increment) = match self.position.seat() {
            Some(seat) if params.seat_time[seat].is_some() => {
                (params.seat_time[seat], params.seat_inc[seat])
            }
            _ => team_clock,
        };
        let limits = Limits {
            depth: params.depth,
            nodes: params.nodes,
            movetime_ms: params.movetime,
            mate: params.mate,
            clock: time.map(|remaining_ms| Clock {
                remaining_ms,
                increment_ms: increment.unwrap_or(0),
                moves_to_go: params.movestogo,
            }),
            infinite: params.infinite,
            ponder: params.ponder,
            search_moves,
            no_offers: self.declined == Some(self.position.hash()),
        };
        let engine = self.engine.get_or_insert_with(|| {
            Engine::new(options.hash_mb, options.threads, search_config::<G>())
        });
        {
            let settings = engine.settings_mut();
            settings.multipv = options.multipv;
            settings.move_overhead_ms = options.move_overhead_ms;
            settings.material_only = options.material_only;
            settings.hand_evaluation = options.hand_evaluation();
            settings.chance_lookahead = options.dice_lookahead;
            settings.strength = options.strength();
            settings.tablebases = options.syzygy;
            settings.config = options.search_config::<G>();
        }
        engine.set_tablebases(self.tablebases.clone());
        // `currmove` lines (after the first second, as Stockfish does).
        let root_moves: Vec<(u32, String)> = legal
            .iter()
            .map(|&m| (G::encode_move(m), self.position.move_text(m)))
            .collect();
        let progress_out = out.clone();
        let control = SearchControl::with_root_progress(
            params.ponder,
            Box::new(move |depth, code, number| {
                if let Some((_, text)) = root_moves.iter().find(|(c, _)| *c == code) {
                    progress_out.line(&format!(
                        "info depth {depth} currmove {text} currmovenumber {number}"
                    ));
                }
            }),
        );
        let request = SearchRequest {
            root: self.position.clone(),
            history: self.history.clone(),
            limits,
            control: control.clone(),
        };
        let (root, out, show_wdl) = (self.position.clone(), out.clone(), options.show_wdl);
        let answered = Arc::new(AtomicBool::new(false));
        let answering = Arc::clone(&answered);
        let handle = engine.start(request, move |event| match event {
            SearchEvent::Info(info) => out.line(&info_line(&root, info, show_wdl)),
            SearchEvent::Finished(result) => {
                answering.store(true, Ordering::Release);
                out.line(&bestmove_line(&root, result));
            }
            SearchEvent::Failed => {
                answering.store(true, Ordering::Release);
                // A bug, but the GUI still gets its one bestmove; the next
                // search gets a fresh engine (see `wait`).
                out.error("the search failed; playing the first legal move");
                let mut moves = augur_core::MoveList::new();
                root.generate(&mut moves);
                out.line(&bestmove_line(&root, &SearchResult::first_of(&moves)));
            }
        })?;
        self.running = Some(Running {
            handle,
            control,
            infinite: params.infinite,
            answered,
        });
        Ok(())
    }

    fn searching(&self) -> bool {
        let searching = self
            .running
            .as_ref()
            .is_some_and(|r| !r.answered.load(Ordering::Acquire) && !r.handle.is_finished());
        searching || self.perft.as_ref().is_some_and(|p| !p.handle.is_finished())
    }

    fn stop(&self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
        if let Some(perft) = &self.perft {
            perft.stop.store(true, Ordering::Relaxed);
        }
    }

    fn ponderhit(&self) {
        if let Some(running) = &self.running {
            running.control.ponderhit();
        }
    }

    fn unbounded(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| r.infinite || r.control.pondering())
    }

    fn wait(&mut self) {
        self.finish_perft();
        if let Some(running) = self.running.take()
            && running.handle.wait().is_none()
        {
            // The search panicked: the next one gets a fresh engine.
            self.engine = None;
        }
    }

    fn new_game(&mut self) {
        self.engine().clear();
    }

    fn prepare(&mut self) {
        if self.running.is_none() && self.engine.is_none() {
            self.engine = Some(Engine::new(
                self.hash_mb,
                self.threads,
                search_config::<G>(),
            ));
        }
    }

    fn configure(&mut self, options: &Options, clear: bool) -> Result<(), String> {
        let (hash_mb, threads) = (options.hash_mb, options.threads);
        self.wait();
        if self.engine.is_none() {
            // No table yet: make it at the new size (one allocation).
            let engine = Engine::try_new(hash_mb, threads, search_config::<G>())?;
            (self.hash_mb, self.threads) = (hash_mb, threads);
            self.engine = Some(engine);
            return Ok(());
        }
        let resize = hash_mb != self.hash_mb;
        self.threads = threads;
        let engine = self.engine();
        let resized = if resize {
            engine.set_hash(hash_mb)
        } else {
            if clear {
                engine.clear();
            }
            Ok(())
        };
        engine.set_threads(threads);
        let kept = engine.hash_mb();
        self.hash_mb = if resized.is_ok() { hash_mb } else { kept };
        resized
    }

    fn display(&self) -> String {
        self.position.diagram()
    }

    fn board_view(&self) -> BoardView {
        let position = &self.position;
        let mut legal = augur_core::MoveList::new();
        position.generate(&mut legal);
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let team = G::TEAM_NAMES[position.team().index()];
        let to_move = match position.seat() {
            Some(seat) => G::SEAT_NAMES[seat],
            None => team,
        };
        BoardView {
            variant: G::NAME.to_string(),
            position: position.fen(),
            to_move: to_move.to_string(),
            team: team.to_string(),
            teams: names(&G::TEAM_NAMES),
            // The sides a clock belongs to: the seats in games of more
            // than two, else the teams (as `to_move` names them).
            seats: if G::SEAT_NAMES.len() > 2 {
                names(G::SEAT_NAMES)
            } else {
                names(&G::TEAM_NAMES)
            },
            awaiting_roll: position.chance_outcomes() > 0,
            legal: legal.iter().map(|&m| position.move_text(m)).collect(),
            pieces: position
                .board_pieces()
                .iter()
                .map(|(square, piece)| PieceOnSquare {
                    square: square.to_string(),
                    piece: piece.clone(),
                })
                .collect(),
            frozen: position
                .frozen_squares()
                .iter()
                .map(ToString::to_string)
                .collect(),
            diagram: position.diagram(),
            result: position
                .outcome_with_history(&self.history)
                .map(|outcome| GameResult {
                    winner: outcome.winner.map(|w| G::TEAM_NAMES[w.index()].to_string()),
                    reason: outcome.termination.to_string(),
                }),
        }
    }

    fn eval(&self, network: bool) -> String {
        let terms = self.position.eval_terms();
        let mut text = String::from(
            "       Term    |  First | Second |  Total\n---------------+--------+--------+-------\n",
        );
        for term in &terms {
            text.push_str(&format!(
                "{:>14} | {:>6.2} | {:>6.2} | {:>6.2}\n",
                term.name,
                f64::from(term.first) / 100.0,
                f64::from(term.second) / 100.0,
                f64::from(term.first - term.second) / 100.0
            ));
        }
        let first_view = |own: i32| {
            let first = if self.position.team() == augur_core::Color::White {
                own
            } else {
                -own
            };
            f64::from(first) / 100.0
        };
        let (network_eval, hand) = (
            self.position.evaluate(),
            self.position.evaluate_hand_written(),
        );
        if network_eval != hand {
            text.push_str(&format!(
                "\nNetwork evaluation: {:+.2}\nHand-written evaluation: {:+.2}",
                first_view(network_eval),
                first_view(hand)
            ));
        }
        text.push_str(&format!(
            "\nFinal evaluation: {:+.2} (first team's view; White in chess)",
            first_view(if network { network_eval } else { hand })
        ));
        text
    }

    fn finish_perft(&mut self) {
        if let Some(perft) = self.perft.take() {
            // A panic in the count has been reported on stderr; the
            // session goes on.
            let _ = perft.handle.join();
        }
    }

    fn perft(&mut self, depth: u32, out: &Output) -> Result<(), String> {
        self.wait();
        let stop = Arc::new(AtomicBool::new(false));
        let (position, out, stopped) = (self.position.clone(), out.clone(), Arc::clone(&stop));
        let handle = std::thread::Builder::new()
            .name("perft".to_string())
            .spawn(move || stream_perft(&position, depth, &stopped, &out))
            .map_err(|e| format!("go perft: cannot start a thread: {e}"))?;
        self.perft = Some(PerftJob { handle, stop });
        Ok(())
    }

    fn start_text(&self) -> String {
        self.start.clone().unwrap_or_else(G::startpos).fen()
    }

    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
        self.position = self.position.clone().with_chess960(on);
    }

    fn evaluation_changed(&mut self) {
        self.wait();
        self.position.refresh_evaluation();
        if let Some(start) = &mut self.start {
            start.refresh_evaluation();
        }
        if let Some(engine) = &mut self.engine {
            engine.clear();
        }
    }

    fn set_start(&mut self, fen: Option<String>) {
        self.start = fen.and_then(|f| G::from_fen(&f).ok());
    }

    fn answer_offer(
        &mut self,
        options: &Options,
        movetime_ms: u64,
        out: &Output,
    ) -> Result<(), String> {
        if self.running.is_some() {
            return Err("a search is running; send stop first".to_string());
        }
        let offer = self
            .agreement_move()
            .ok_or("exchange offer: no exchange is possible in this position")?;
        let root = self.position.clone();
        let accepted = root.play(offer);
        {
            let settings = self.engine().settings_mut();
            settings.material_only = options.material_only;
            settings.hand_evaluation = options.hand_evaluation();
            settings.chance_lookahead = options.dice_lookahead;
            settings.strength = options.strength();
            settings.config = options.search_config::<G>();
        }
        let limits = Limits {
            movetime_ms: Some(movetime_ms),
            no_offers: true,
            ..Limits::default()
        };
        // Both scores from the point of view of the team answering (the
        // other team than the one to move at the root).
        let history = self.history.clone();
        let declined = -self.quick_score(&root, &history, &limits);
        let mut after = history;
        after.push(root.hash());
        let child = self.quick_score(
            &accepted,
            &after,
            &Limits {
                no_offers: false,
                ..limits
            },
        );
        let accept = if accepted.team() == root.team() {
            -child
        } else {
            child
        };
        out.line(&format!(
            "info string exchange: accept {accept} cp, decline {declined} cp (answering team's view)"
        ));
        out.line(if accept > declined {
            "exchange accept"
        } else {
            "exchange decline"
        });
        Ok(())
    }

    fn set_tablebases(&mut self, path: &str) -> Result<String, String> {
        self.wait();
        // The old tables go first: the prober holds one set at a time.
        self.tablebases = None;
        if let Some(engine) = self.engine.as_mut() {
            engine.set_tablebases(None);
        }
        let loaded = G::load_tablebases(path)?;
        self.tablebases = loaded.tables;
        Ok(loaded.report)
    }

    fn decline_offer(&mut self) -> Result<(), String> {
        if self.agreement_move().is_none() {
            return Err("exchange declined: no exchange is possible in this position".to_string());
        }
        self.declined = Some(self.position.hash());
        Ok(())
    }

    fn genfens(&self, params: &GenFensParams, out: &Output) -> Result<(), String> {
        let starts = match &params.book {
            Some(path) => crate::genfens::read_book::<G>(path, self.chess960)?,
            None => Vec::new(),
        };
        let default_start = self
            .start
            .clone()
            .unwrap_or_else(G::startpos)
            .with_chess960(self.chess960);
        let count = params.count as usize;
        let found =
            crate::genfens::generate(count, params.seed, &starts, &default_start, &mut |text| {
                out.line(&format!("info string genfens {text}"))
            });
        if found < count {
            return Err(format!("genfens: found only {found} of {count} positions"));
        }
        Ok(())
    }

    fn bench(&self, positions: &[&str], depth: u32, out: &Output) -> Result<(u64, f64), String> {
        let mut engine = Engine::<G>::new(16, 1, search_config::<G>());
        let mut total = 0u64;
        // Only the searches are timed: clearing the table between positions
        // is a fixed cost that would swamp a game whose bench is short.
        let mut searching = Duration::ZERO;
        for (i, fen) in positions.iter().enumerate() {
            let position =
                G::from_fen(fen).map_err(|e| format!("bench position {}: {e}", i + 1))?;
            engine.clear();
            let control = SearchControl::new(false);
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let start = Instant::now();
            let result = engine.search(&position, &[], &limits, &control, &mut |_| {});
            searching += start.elapsed();
            // Every bench position has moves, so a search that visited no
            // node failed (its thread panicked, and said so on stderr).
            if result.nodes == 0 {
                return Err(format!("bench position {}: the search failed", i + 1));
            }
            total += result.nodes;
            out.line(&format!(
                "info string bench position {}/{}: {} nodes",
                i + 1,
                positions.len(),
                result.nodes
            ));
        }
        Ok((total, searching.as_secs_f64()))
    }
}

/// `go perft`'s output for `position`: each root move's count as it is
/// counted, then the total and the time, or, once `stop` is set, what was
/// counted and an `info string` saying the count was stopped.
fn stream_perft<G: Evaluate>(position: &G, depth: u32, stop: &AtomicBool, out: &Output) {
    let start = Instant::now();
    let mut legal = augur_core::MoveList::new();
    position.generate(&mut legal);
    let (mut nodes, mut counted) = (0u64, 0usize);
    let complete = divide_streaming(position, depth, 1, stop, &mut |mv, count| {
        out.line(&format!("{}: {count}", position.move_text(mv)));
        nodes += count;
        counted += 1;
    });
    if !complete {
        out.line(&format!(
            "info string perft {depth} stopped: {counted} of {} root moves counted, {nodes} nodes",
            legal.len()
        ));
        return;
    }
    if depth == 0 {
        nodes = 1;
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    out.line("");
    out.line(&format!("Nodes searched: {nodes}"));
    out.line(&format!(
        "info string perft {depth} took {:.0} ms ({:.1} Mnps)",
        elapsed * 1000.0,
        nodes as f64 / elapsed / 1e6
    ));
}
