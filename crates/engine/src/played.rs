//! One game being played, generic over the game: its position with the
//! move list that led there, its search engine (table, threads), and the
//! search or perft count running, if any. The game-erased
//! [`Engine`](crate::Engine) holds it behind `dyn GameDriver`.

use augur_core::perft::divide_streaming;
use augur_core::replay::{Played, play_text};
use augur_core::{Evaluate, MoveList};
use augur_search::{
    Clock, Engine as Searcher, Limits, SearchConfig, SearchControl, SearchHandle, SearchRequest,
    SearchResult,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::board::{BoardView, GameResult, PieceOnSquare};
use crate::config::Config;
use crate::convert::{best_of, final_score, info_of, move_info};
use crate::describe::Details;
use crate::error::EngineError;
use crate::genfens::GenFensParams;
use crate::limits::SearchLimits;
use crate::values::{
    BenchReport, EvalTerm, Evaluation, ExchangeAnswer, MoveInfo, PerftReport, SearchEvent,
    SearchStart,
};

/// Where a position starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's starting position (or the one its options chose).
    Standard,
    /// A position string.
    Text(String),
}

/// Where a running search's events go (called on the search's thread).
pub type SearchCallback = Box<dyn FnMut(SearchEvent) + Send>;

/// What a running perft count reports: each root move's count as it is
/// counted, then the end.
#[derive(Debug, Clone, PartialEq)]
pub enum PerftEvent {
    /// One root move counted.
    RootMove {
        /// The move's text.
        text: String,
        /// Leaves below it.
        nodes: u64,
    },
    /// The count is over (complete or stopped).
    Done(PerftReport),
}

/// Where a running count's events go (called on the count's thread).
pub type PerftCallback = Box<dyn FnMut(PerftEvent) + Send>;

/// The error a search gives after a refused position.
pub const NO_POSITION: &str =
    "the last position command was refused; send a valid position (answering bestmove 0000)";

/// What the game-erased engine asks of one game.
pub(crate) trait GameDriver: Send {
    fn set_position(&mut self, start: &Start, moves: &[String])
    -> Result<Vec<String>, EngineError>;
    fn play(&mut self, text: &str) -> Result<(), EngineError>;
    fn undo(&mut self) -> Option<String>;
    fn moves(&self) -> Vec<String>;
    fn notations(&self) -> Vec<String>;
    fn start_text(&self) -> String;
    fn position_text(&self) -> String;
    fn legal_moves(&self) -> Vec<MoveInfo>;
    fn board(&self) -> BoardView;
    fn side_to_move(&self) -> (String, String);
    fn outcome(&self) -> Option<GameResult>;
    fn in_check(&self) -> bool;
    fn awaiting_roll(&self) -> bool;
    fn roll(&mut self, outcome: u32) -> Result<String, EngineError>;
    fn start_search(
        &mut self,
        limits: &SearchLimits,
        on_event: SearchCallback,
    ) -> Result<SearchStart, EngineError>;
    fn searching(&self) -> bool;
    fn stop(&self);
    fn ponderhit(&self);
    fn wait(&mut self);
    fn unbounded(&self) -> bool;
    fn start_perft(&mut self, depth: u32, on_event: PerftCallback) -> Result<(), EngineError>;
    fn finish_perft(&mut self);
    fn new_game(&mut self);
    fn prepare(&mut self);
    fn configure(&mut self, config: &Config) -> Result<(), EngineError>;
    fn config(&self) -> &Config;
    fn clear_hash(&mut self);
    fn release(&mut self);
    fn diagram(&self) -> String;
    fn evaluation(&self, network: bool) -> Evaluation;
    fn bench(
        &self,
        depth: Option<u32>,
        on_position: &mut dyn FnMut(usize, usize, u64),
    ) -> Result<BenchReport, EngineError>;
    fn set_evaluation_file(&mut self, value: &str) -> Result<String, EngineError>;
    fn set_start(&mut self, text: Option<String>);
    fn answer_offer(&mut self, movetime_ms: u64) -> Result<ExchangeAnswer, EngineError>;
    fn decline_offer(&mut self) -> Result<(), EngineError>;
    fn genfens(
        &self,
        params: &GenFensParams,
        on_found: &mut dyn FnMut(&str),
    ) -> Result<usize, EngineError>;
    fn set_tablebases(&mut self, path: &str) -> Result<String, EngineError>;
}

struct Running<G: Evaluate> {
    /// Gives no result if the search panicked.
    handle: SearchHandle<G::Move>,
    control: SearchControl,
    infinite: bool,
    /// Set just before the search's last event is sent: from then on the
    /// game counts as idle (a search asked for the moment the last one
    /// answered must be accepted).
    answered: Arc<AtomicBool>,
}

/// A perft count on its own thread.
struct PerftJob {
    handle: std::thread::JoinHandle<()>,
    stop: Arc<AtomicBool>,
}

/// One entry of the move list, played.
#[derive(Clone)]
struct Entry<G> {
    /// The entry's text (`e2e4`, `4:h8h6Q`, a roll alone `3:`).
    text: String,
    /// The entry in the game's readable notation, written when it was
    /// played ([`Game::notation`](augur_core::Game::notation) of the move;
    /// a roll alone as [`Game::chance_notation`](augur_core::Game::chance_notation)).
    notation: String,
    /// The position after it.
    position: G,
    /// The key of the position before it, for a move (rolls add none).
    key: Option<u64>,
}

pub(crate) struct GamePlay<G: Evaluate> {
    searcher: Option<Searcher<G>>,
    running: Option<Running<G>>,
    perft: Option<PerftJob>,
    /// The position the move list starts from.
    root: G,
    /// The move list.
    entries: Vec<Entry<G>>,
    /// The current position (the last entry's, or `root`).
    position: G,
    /// Keys of the game's positions before `position`, oldest first.
    history: Vec<u64>,
    config: Config,
    /// The position the standard start means when not the game's own.
    start: Option<G>,
    /// The key of a position whose offer the other team declined.
    declined: Option<u64>,
    /// Whether the last position given was refused: searches then answer
    /// with no move, never one of the position before it.
    refused: bool,
    /// The tablebases searches use.
    tablebases: Option<Arc<dyn augur_core::Tablebase<G>>>,
    /// What every position held, set or searched evaluates with (chess:
    /// its network).
    evaluator: G::Evaluator,
}

impl<G: Evaluate> GamePlay<G> {
    /// A game at its start whose search engine (table and helper threads)
    /// is made by [`GameDriver::prepare`], [`GameDriver::configure`] or on
    /// first use, so switching games never holds two tables at once.
    pub(crate) fn new(config: &Config) -> Self {
        Self {
            searcher: None,
            running: None,
            perft: None,
            root: G::startpos(),
            entries: Vec::new(),
            position: G::startpos(),
            history: Vec::new(),
            config: config.clone(),
            start: None,
            declined: None,
            refused: false,
            tablebases: None,
            evaluator: G::default_evaluator(),
        }
    }

    /// `position` evaluating with this game's evaluator.
    fn evaluated(&self, mut position: G) -> G {
        position.set_evaluator(&self.evaluator);
        position
    }

    /// The agreement move legal here, if any.
    fn agreement_move(&self) -> Option<G::Move> {
        let mut moves = MoveList::new();
        self.position.generate(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&m| self.position.needs_agreement(m))
    }

    fn searcher(&mut self) -> &mut Searcher<G> {
        self.wait();
        let (hash_mb, threads, seed) = (self.config.hash_mb, self.config.threads, self.config.seed);
        let search = self.search_config();
        self.searcher
            .get_or_insert_with(|| seeded(Searcher::new(hash_mb, threads, search), seed))
    }

    /// How this engine searches the game: the registry's configuration for
    /// it with this engine's parameters.
    fn search_config(&self) -> SearchConfig {
        augur_games::search_config::<G>().with_params(self.config.search_params)
    }

    /// Copies the settings a search reads into the search engine.
    fn apply_settings(&mut self) {
        let config = self.config.clone();
        let tablebases = self.tablebases.clone();
        let search = self.search_config();
        let searcher = self.searcher();
        let settings = searcher.settings_mut();
        settings.config = search;
        settings.multipv = config.multipv;
        settings.move_overhead_ms = config.move_overhead_ms;
        settings.material_only = config.material_only;
        settings.hand_evaluation = config.hand_evaluation();
        settings.chance_lookahead = config.dice_lookahead;
        settings.strength = config.strength;
        settings.tablebases = config.tablebases;
        searcher.set_tablebases(tablebases);
    }

    /// A synchronous search of `root`; the score from the point of view of
    /// `root`'s team to move.
    fn quick_score(&mut self, root: &G, history: &[u64], limits: &Limits<G::Move>) -> i32 {
        let control = SearchControl::new(false);
        self.searcher()
            .search(root, history, limits, &control, &mut |_| {})
            .score
    }

    /// The position the standard start means.
    fn standard_start(&self) -> G {
        self.evaluated(
            self.start
                .clone()
                .unwrap_or_else(G::startpos)
                .with_chess960(self.config.chess960),
        )
    }

    /// Sets the current position from the move list's end.
    fn settle(&mut self) {
        self.position = self
            .entries
            .last()
            .map_or_else(|| self.root.clone(), |e| e.position.clone());
        self.history = self.entries.iter().filter_map(|e| e.key).collect();
        self.declined = None;
    }

    /// Plays an entry written as move text (`e2e4`, `4:h8h6Q`, `3:`).
    fn play_text(&mut self, text: &str) -> Result<(), EngineError> {
        // A move after a roll alone becomes one entry with it (`4:h8h6Q`).
        let pending_roll = self
            .entries
            .last()
            .filter(|e| e.key.is_none() && !text.contains(':'))
            .map(|e| e.text.clone());
        let (before, text) = match &pending_roll {
            Some(roll) => {
                let before = match self.entries.len().checked_sub(2) {
                    Some(i) => &self.entries[i].position,
                    None => &self.root,
                };
                (before.clone(), format!("{roll}{text}"))
            }
            None => (self.position.clone(), text.to_string()),
        };
        let entry = play_entry(&before, &text).map_err(|e| EngineError::Move(e.to_string()))?;
        if pending_roll.is_some() {
            self.entries.pop();
        }
        self.entries.push(entry);
        self.settle();
        Ok(())
    }

    /// The entry text that `text`, written in the game's readable
    /// notation, names here: a move's text; with a roll pending, the roll
    /// and the move (`4:h8f6Q` for `b4:Qh8-f6`) or the roll alone (`4:`
    /// for `Blue rolls 4`). `None` when it names nothing legal.
    fn text_of_notation(&self, text: &str) -> Option<String> {
        let position = &self.position;
        let outcomes = position.chance_outcomes();
        if outcomes == 0 {
            return written_move(position, text);
        }
        (0..outcomes).find_map(|i| {
            let rolled = position.resolve_chance(i);
            let roll = rolled.chance_text()?;
            if rolled.chance_notation().as_deref() == Some(text.trim()) {
                return Some(format!("{roll}:"));
            }
            written_move(&rolled, text).map(|mv| format!("{roll}:{mv}"))
        })
    }

    /// The search limits of `limits` in this position.
    fn limits(&self, limits: &SearchLimits) -> Result<Limits<G::Move>, EngineError> {
        let mut search_moves = Vec::with_capacity(limits.search_moves.len());
        for text in &limits.search_moves {
            search_moves.push(
                self.position
                    .parse_move(text)
                    .map_err(|e| EngineError::Move(format!("searchmoves: {e}")))?,
            );
        }
        let team = self.position.team().index();
        let team_clock = (limits.team_time_ms[team], limits.team_increment_ms[team]);
        // An army's own clock (Enochian) wins over its team's.
        let (time, increment) = match self.position.seat() {
            Some(seat) if limits.seat_time_ms.get(seat).copied().flatten().is_some() => (
                limits.seat_time_ms[seat],
                limits.seat_increment_ms.get(seat).copied().flatten(),
            ),
            _ => team_clock,
        };
        Ok(Limits {
            depth: limits.depth,
            nodes: limits.nodes,
            movetime_ms: limits.movetime_ms,
            mate: limits.mate,
            clock: time.map(|remaining_ms| Clock {
                remaining_ms,
                increment_ms: increment.unwrap_or(0),
                moves_to_go: limits.moves_to_go,
            }),
            infinite: limits.infinite,
            ponder: limits.ponder,
            search_moves,
            no_offers: self.declined == Some(self.position.hash()),
        })
    }
}

impl<G: Evaluate> GameDriver for GamePlay<G> {
    fn set_position(
        &mut self,
        start: &Start,
        moves: &[String],
    ) -> Result<Vec<String>, EngineError> {
        let read = match start {
            Start::Standard => Ok((self.standard_start(), Vec::new())),
            Start::Text(text) if self.config.chess960 => G::from_fen_chess960(text),
            Start::Text(text) => G::from_fen_with_warnings(text),
        }
        .map_err(|e| EngineError::Position(e.to_string()));
        let played = read.and_then(|(root, warnings)| {
            let root = self.evaluated(root);
            let mut entries: Vec<Entry<G>> = Vec::with_capacity(moves.len());
            for (i, text) in moves.iter().enumerate() {
                let before = entries.last().map_or(&root, |e| &e.position);
                let entry =
                    play_entry(before, text).map_err(|e| EngineError::Position(e.to_string()))?;
                if entry.key.is_none() && i + 1 != moves.len() {
                    let error = augur_core::replay::ReplayError::RollNotLast(text.clone());
                    return Err(EngineError::Position(error.to_string()));
                }
                entries.push(entry);
            }
            Ok((root, entries, warnings))
        });
        self.refused = played.is_err();
        let (root, entries, warnings) = played?;
        (self.root, self.entries) = (root, entries);
        self.settle();
        Ok(warnings)
    }

    fn play(&mut self, text: &str) -> Result<(), EngineError> {
        if self.refused {
            return Err(EngineError::Position(NO_POSITION.to_string()));
        }
        match self.play_text(text) {
            Err(error) => match self.text_of_notation(text) {
                Some(written) => self.play_text(&written),
                None => Err(error),
            },
            played => played,
        }
    }

    fn undo(&mut self) -> Option<String> {
        let entry = self.entries.pop()?;
        self.settle();
        Some(entry.text)
    }

    fn moves(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.text.clone()).collect()
    }

    fn notations(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.notation.clone()).collect()
    }

    fn start_text(&self) -> String {
        self.standard_start().fen()
    }

    fn position_text(&self) -> String {
        self.position.fen()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let mut legal = MoveList::new();
        self.position.generate(&mut legal);
        legal
            .iter()
            .map(|&m| move_info(&self.position, m))
            .collect()
    }

    fn board(&self) -> BoardView {
        let position = &self.position;
        let mut legal = MoveList::new();
        position.generate(&mut legal);
        let names = |list: &[&str]| list.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let details = Details::of(&position.board_details(), &G::TEAM_NAMES, G::SEAT_NAMES);
        let (to_move, team) = self.side_to_move();
        BoardView {
            variant: G::NAME.to_string(),
            position: position.fen(),
            to_move,
            team,
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
            moves: legal.iter().map(|&m| move_info(position, m)).collect(),
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
            squares: details.squares,
            pools: details.pools,
            armies: details.armies,
            direction: details.direction,
            die: details.die,
            diagram: position.diagram(),
            result: self.outcome(),
            check: position
                .royal_in_danger()
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }

    fn side_to_move(&self) -> (String, String) {
        let team = G::TEAM_NAMES[self.position.team().index()];
        let side = match self.position.seat() {
            Some(seat) => G::SEAT_NAMES[seat],
            None => team,
        };
        (side.to_string(), team.to_string())
    }

    fn outcome(&self) -> Option<GameResult> {
        self.position
            .outcome_with_history(&self.history)
            .map(|outcome| GameResult {
                winner: outcome.winner.map(|w| G::TEAM_NAMES[w.index()].to_string()),
                reason: outcome.termination.to_string(),
            })
    }

    fn in_check(&self) -> bool {
        self.position.in_check()
    }

    fn awaiting_roll(&self) -> bool {
        self.position.chance_outcomes() > 0
    }

    fn roll(&mut self, outcome: u32) -> Result<String, EngineError> {
        let outcomes = self.position.chance_outcomes();
        if outcomes == 0 {
            return Err(EngineError::Move("there is no die to roll now".to_string()));
        }
        let rolled = self.position.resolve_chance(outcome % outcomes);
        let text = rolled
            .chance_text()
            .map(|t| format!("{t}:"))
            .ok_or_else(|| EngineError::Move("this roll cannot be written".to_string()))?;
        self.play(&text)?;
        Ok(text)
    }

    fn start_search(
        &mut self,
        limits: &SearchLimits,
        on_event: SearchCallback,
    ) -> Result<SearchStart, EngineError> {
        if self.searching() {
            return Err(EngineError::Busy(
                "a search is already running; send stop first",
            ));
        }
        // A search that has sent its last event is over: collect it.
        self.wait();
        if self.refused {
            return Ok(SearchStart::NoPosition);
        }
        if self.position.chance_outcomes() > 0 {
            return Err(EngineError::RollNeeded(
                "the roll for the army to move is not known: end the move list with '<roll>:' (e.g. 'moves 4:h8h6Q 3:') or give it in the position string",
            ));
        }
        if self.declined == Some(self.position.hash())
            && let Some((pass, _)) = self.position.declined_offer_pass()
        {
            // Nothing to search: the army's only move was declined.
            return Ok(SearchStart::Forced(move_info(&self.position, pass)));
        }
        let mut legal = MoveList::new();
        self.position.generate(&mut legal);
        if legal.is_empty() {
            return Ok(SearchStart::GameOver(final_score(&self.position)));
        }
        let search_limits = self.limits(limits)?;
        self.apply_settings();
        // The root moves by code, for `CurrentMove` reports.
        let root_moves: Vec<(u32, MoveInfo)> = legal
            .iter()
            .map(|&m| (G::encode_move(m), move_info(&self.position, m)))
            .collect();
        let sink = SharedCallback::new(on_event);
        let progress = sink.clone();
        let control = SearchControl::with_root_progress(
            limits.ponder,
            Box::new(move |depth, code, number| {
                if let Some((_, mv)) = root_moves.iter().find(|(c, _)| *c == code) {
                    progress.send(SearchEvent::CurrentMove {
                        depth,
                        mv: mv.clone(),
                        number,
                    });
                }
            }),
        );
        let request = SearchRequest {
            root: self.position.clone(),
            history: self.history.clone(),
            limits: search_limits,
            control: control.clone(),
        };
        let root = self.position.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let answering = Arc::clone(&answered);
        let reports = sink;
        let handle = self
            .searcher()
            .start(request, move |event| match event {
                augur_search::SearchEvent::Info(info) => {
                    reports.send(SearchEvent::Info(info_of(&root, info)));
                }
                augur_search::SearchEvent::Finished(result) => {
                    answering.store(true, Ordering::Release);
                    reports.send(SearchEvent::Finished(best_of(&root, result)));
                }
                augur_search::SearchEvent::Failed => {
                    answering.store(true, Ordering::Release);
                    // A bug, but the caller still gets its one move; the
                    // next search gets a fresh engine (see `wait`).
                    let mut moves = MoveList::new();
                    root.generate(&mut moves);
                    let first = SearchResult::first_of(&moves);
                    reports.send(SearchEvent::Failed(best_of(&root, &first)));
                }
            })
            .map_err(EngineError::Failed)?;
        self.running = Some(Running {
            handle,
            control,
            infinite: limits.infinite,
            answered,
        });
        Ok(SearchStart::Running)
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
            self.searcher = None;
        }
    }

    fn new_game(&mut self) {
        self.searcher().clear();
    }

    fn prepare(&mut self) {
        if self.running.is_none() && self.searcher.is_none() {
            let searcher = Searcher::new(
                self.config.hash_mb,
                self.config.threads,
                self.search_config(),
            );
            self.searcher = Some(seeded(searcher, self.config.seed));
        }
    }

    fn configure(&mut self, config: &Config) -> Result<(), EngineError> {
        let (hash_mb, threads) = (config.hash_mb, config.threads);
        self.wait();
        let chess960 = config.chess960 != self.config.chess960;
        let reseed = config.seed.filter(|_| config.seed != self.config.seed);
        let old_hash = self.config.hash_mb;
        self.config = config.clone();
        if let (Some(seed), Some(searcher)) = (reseed, self.searcher.as_mut()) {
            searcher.set_seed(seed);
        }
        if chess960 {
            let on = config.chess960;
            self.root = self.root.clone().with_chess960(on);
            for entry in &mut self.entries {
                entry.position = entry.position.clone().with_chess960(on);
            }
            self.position = self.position.clone().with_chess960(on);
        }
        if self.searcher.is_none() {
            if hash_mb == old_hash {
                return Ok(());
            }
            // No table yet: make it at the new size (one allocation).
            let made = Searcher::try_new(hash_mb, threads, self.search_config())
                .map(|s| seeded(s, config.seed));
            return match made {
                Ok(searcher) => {
                    self.searcher = Some(searcher);
                    Ok(())
                }
                Err(e) => {
                    self.config.hash_mb = old_hash;
                    Err(EngineError::Setting(e))
                }
            };
        }
        let searcher = self.searcher();
        let resized = if hash_mb != searcher.hash_mb() {
            searcher.set_hash(hash_mb)
        } else {
            Ok(())
        };
        searcher.set_threads(threads);
        let kept = searcher.hash_mb();
        self.config.hash_mb = kept;
        resized.map_err(EngineError::Setting)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn clear_hash(&mut self) {
        self.searcher().clear();
    }

    fn release(&mut self) {
        self.wait();
        self.searcher = None;
    }

    fn diagram(&self) -> String {
        self.position.diagram()
    }

    fn evaluation(&self, network: bool) -> Evaluation {
        let first_view = |own: i32| {
            if self.position.team() == augur_core::Color::White {
                own
            } else {
                -own
            }
        };
        let (network_eval, hand) = (
            self.position.evaluate(),
            self.position.evaluate_hand_written(),
        );
        Evaluation {
            terms: self
                .position
                .eval_terms()
                .into_iter()
                .map(|term| EvalTerm {
                    name: term.name.to_string(),
                    first: term.first,
                    second: term.second,
                })
                .collect(),
            network: (network_eval != hand).then(|| first_view(network_eval)),
            hand_written: first_view(hand),
            used: first_view(if network { network_eval } else { hand }),
        }
    }

    fn finish_perft(&mut self) {
        if let Some(perft) = self.perft.take() {
            // A panic in the count has been reported on stderr; the
            // caller goes on.
            let _ = perft.handle.join();
        }
    }

    fn start_perft(&mut self, depth: u32, on_event: PerftCallback) -> Result<(), EngineError> {
        self.wait();
        let stop = Arc::new(AtomicBool::new(false));
        let (position, stopped) = (self.position.clone(), Arc::clone(&stop));
        let handle = std::thread::Builder::new()
            .name("perft".to_string())
            .spawn(move || {
                let mut on_event = on_event;
                stream_perft(&position, depth, &stopped, on_event.as_mut());
            })
            .map_err(|e| EngineError::Failed(format!("go perft: cannot start a thread: {e}")))?;
        self.perft = Some(PerftJob { handle, stop });
        Ok(())
    }

    fn set_evaluation_file(&mut self, value: &str) -> Result<String, EngineError> {
        self.wait();
        let (evaluator, chosen) =
            crate::eval_file::evaluator_for::<G>(value).map_err(EngineError::Setting)?;
        self.evaluator = evaluator;
        let evaluator = &self.evaluator;
        self.position.set_evaluator(evaluator);
        self.root.set_evaluator(evaluator);
        for entry in &mut self.entries {
            entry.position.set_evaluator(evaluator);
        }
        if let Some(start) = &mut self.start {
            start.set_evaluator(evaluator);
        }
        if let Some(searcher) = &mut self.searcher {
            searcher.clear();
        }
        Ok(chosen)
    }

    fn set_start(&mut self, text: Option<String>) {
        self.start = text
            .and_then(|f| G::from_fen(&f).ok())
            .map(|start| self.evaluated(start));
    }

    fn answer_offer(&mut self, movetime_ms: u64) -> Result<ExchangeAnswer, EngineError> {
        if self.running.is_some() {
            return Err(EngineError::Busy("a search is running; send stop first"));
        }
        let offer = self.agreement_move().ok_or(EngineError::NoExchange(
            "exchange offer: no exchange is possible in this position",
        ))?;
        let root = self.position.clone();
        let accepted = root.play(offer);
        self.apply_settings();
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
        Ok(ExchangeAnswer {
            accept: accept > declined,
            accept_cp: accept,
            decline_cp: declined,
        })
    }

    fn set_tablebases(&mut self, path: &str) -> Result<String, EngineError> {
        self.wait();
        // The old tables go first: the prober holds one set at a time.
        self.tablebases = None;
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.set_tablebases(None);
        }
        let loaded = G::load_tablebases(path).map_err(EngineError::Setting)?;
        self.tablebases = loaded.tables;
        Ok(loaded.report)
    }

    fn decline_offer(&mut self) -> Result<(), EngineError> {
        if self.agreement_move().is_none() {
            return Err(EngineError::NoExchange(
                "exchange declined: no exchange is possible in this position",
            ));
        }
        self.declined = Some(self.position.hash());
        Ok(())
    }

    fn genfens(
        &self,
        params: &GenFensParams,
        on_found: &mut dyn FnMut(&str),
    ) -> Result<usize, EngineError> {
        let chess960 = self.config.chess960;
        let starts = match &params.book {
            Some(path) => crate::genfens::read_book::<G>(path, chess960)
                .map_err(EngineError::Failed)?
                .into_iter()
                .map(|start| self.evaluated(start))
                .collect(),
            None => Vec::new(),
        };
        let count = params.count as usize;
        let found = crate::genfens::generate(
            self.search_config(),
            count,
            params.seed,
            &starts,
            &self.standard_start(),
            on_found,
        );
        if found < count {
            return Err(EngineError::Failed(format!(
                "genfens: found only {found} of {count} positions"
            )));
        }
        Ok(found)
    }

    fn bench(
        &self,
        depth: Option<u32>,
        on_position: &mut dyn FnMut(usize, usize, u64),
    ) -> Result<BenchReport, EngineError> {
        let depth = depth.unwrap_or(G::BENCH_DEPTH);
        let positions = G::BENCH_POSITIONS;
        let mut searcher = Searcher::<G>::new(16, 1, self.search_config());
        let mut counts = Vec::with_capacity(positions.len());
        // Only the searches are timed: clearing the table between positions
        // is a fixed cost that would swamp a game whose bench is short.
        let mut searching = Duration::ZERO;
        for (i, text) in positions.iter().enumerate() {
            let position = G::from_fen(text)
                .map(|position| self.evaluated(position))
                .map_err(|e| EngineError::Failed(format!("bench position {}: {e}", i + 1)))?;
            searcher.clear();
            let control = SearchControl::new(false);
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let start = Instant::now();
            let result = searcher.search(&position, &[], &limits, &control, &mut |_| {});
            searching += start.elapsed();
            // Every bench position has moves, so a search that visited no
            // node failed (its thread panicked, and said so on stderr).
            if result.nodes == 0 {
                return Err(EngineError::Failed(format!(
                    "bench position {}: the search failed",
                    i + 1
                )));
            }
            counts.push(result.nodes);
            on_position(i + 1, positions.len(), result.nodes);
        }
        let nodes = counts.iter().sum();
        let seconds = searching.as_secs_f64();
        Ok(BenchReport {
            positions: counts,
            nodes,
            seconds,
            nps: (nodes as f64 / seconds.max(1e-9)) as u64,
        })
    }
}

/// `searcher` with its limited-strength randomness starting from `seed`,
/// when given.
fn seeded<G: Evaluate>(mut searcher: Searcher<G>, seed: Option<u64>) -> Searcher<G> {
    if let Some(seed) = seed {
        searcher.set_seed(seed);
    }
    searcher
}

/// The move text of the legal move of `position` written `text` in the
/// game's readable notation (the pass after a declined offer included).
fn written_move<G: Evaluate>(position: &G, text: &str) -> Option<String> {
    if let Some((pass, _)) = position.declined_offer_pass()
        && position.notation(pass) == text.trim()
    {
        return Some(position.move_text(pass));
    }
    let mv = position.parse_notation(text).ok()?;
    Some(position.move_text(mv))
}

/// One move-list entry played on `before`.
fn play_entry<G: Evaluate>(
    before: &G,
    text: &str,
) -> Result<Entry<G>, augur_core::replay::ReplayError> {
    Ok(match play_text(before, text)? {
        Played::Roll(position) => Entry {
            text: text.to_string(),
            notation: position
                .chance_notation()
                .unwrap_or_else(|| text.to_string()),
            position,
            key: None,
        },
        Played::Move { before, mv, after } => Entry {
            text: text.to_string(),
            notation: before.notation(mv),
            position: after,
            key: Some(before.hash()),
        },
    })
}

/// A count of `position` to `depth`: each root move's count as it is
/// counted, then the end (stopped once `stop` is set).
fn stream_perft<G: Evaluate>(
    position: &G,
    depth: u32,
    stop: &AtomicBool,
    on_event: &mut dyn FnMut(PerftEvent),
) {
    let start = Instant::now();
    let mut legal = MoveList::new();
    position.generate(&mut legal);
    let (mut nodes, mut counted) = (0u64, 0usize);
    let complete = divide_streaming(position, depth, 1, stop, &mut |mv, count| {
        on_event(PerftEvent::RootMove {
            text: position.move_text(mv),
            nodes: count,
        });
        nodes += count;
        counted += 1;
    });
    if complete && depth == 0 {
        nodes = 1;
    }
    on_event(PerftEvent::Done(PerftReport {
        depth,
        nodes,
        counted,
        root_moves: legal.len(),
        complete,
        time_ms: start.elapsed().as_secs_f64() * 1000.0,
    }));
}

/// A search's callback, shared by the search's reports and its root
/// progress (both on search threads).
#[derive(Clone)]
struct SharedCallback(Arc<std::sync::Mutex<SearchCallback>>);

impl SharedCallback {
    fn new(callback: SearchCallback) -> Self {
        SharedCallback(Arc::new(std::sync::Mutex::new(callback)))
    }

    fn send(&self, event: SearchEvent) {
        let mut callback = match self.0.lock() {
            Ok(callback) => callback,
            Err(poisoned) => poisoned.into_inner(),
        };
        (*callback)(event);
    }
}
