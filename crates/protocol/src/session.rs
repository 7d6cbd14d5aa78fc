//! The session state machine: one input line at a time, typed commands in,
//! protocol lines out. Searches and `go perft` run on their own thread, so
//! `isready`, `stop` and `ponderhit` are answered while one runs (other
//! commands wait for a running `go perft` to end). Bad input produces
//! one `info string error: ...` line and changes nothing.

use augur_engine::{BoardView, Engine, PerftEvent, SearchEvent, SearchLimits, SearchStart, Start};
use std::io::BufRead;

use crate::command::{Command, MAX_LINE_LEN, PositionStart, parse};
use crate::go::GoParams;
use crate::options::{Change, Options};
use crate::output::{Output, bestmove_line, eval_text, finished_info_line, info_line};

/// The engine's name as `uci` announces it.
pub const ENGINE_NAME: &str = concat!("Augur ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` announces them.
pub const ENGINE_AUTHOR: &str = "the Augur developers";

/// A protocol session.
pub struct Session {
    out: Output,
    options: Options,
    engine: Engine,
    debug: bool,
}

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading.
    Continue,
    /// `quit` was received (any search has been stopped).
    Quit,
}

impl Session {
    /// A session writing to `out`, playing standard chess from the start.
    pub fn new(out: Output) -> Self {
        let options = Options::default();
        let engine = new_engine(&options);
        Self {
            out,
            options,
            engine,
            debug: false,
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let command = match parse(line) {
            Ok(command) => command,
            Err(error) => {
                self.out.error(error);
                return Flow::Continue;
            }
        };
        if !matches!(
            command,
            Command::Empty | Command::IsReady | Command::Stop | Command::Quit | Command::PonderHit
        ) {
            // A running `go perft` ends before anything else is done, as
            // where perft holds the session, so no output is cut short;
            // `isready` is answered and `stop` or `quit` end it at once.
            self.engine.finish_perft();
        }
        match command {
            Command::Empty => {}
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for line in self.options.announce().lines() {
                    self.out.line(line);
                }
                self.out.line("uciok");
            }
            Command::IsReady => {
                // UCI's moment for slow set-up: make the table now (never
                // waiting for a running search).
                self.engine.prepare();
                self.out.line("readyok");
            }
            Command::Debug(on) => self.debug = on,
            Command::Stop => {
                self.engine.stop();
                self.engine.wait();
            }
            Command::PonderHit => self.engine.ponderhit(),
            Command::Quit => {
                self.engine.stop();
                self.engine.wait();
                return Flow::Quit;
            }
            Command::UciNewGame => {
                self.finish_search();
                self.engine.new_game();
                if let Err(e) = self.engine.set_position(&Start::Standard, &[]) {
                    self.out.error(e);
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => {
                self.finish_search();
                let start = match start {
                    PositionStart::StartPos => Start::Standard,
                    PositionStart::Fen(text) => Start::Text(text),
                };
                match self.engine.set_position(&start, &moves) {
                    Ok(warnings) => {
                        for warning in warnings {
                            self.out.line(&format!("info string warning: {warning}"));
                        }
                    }
                    Err(e) => self.out.error(e),
                }
            }
            Command::Go(params) => self.go(&params),
            Command::ExchangeOffer { movetime } => {
                self.finish_search();
                match self.engine.answer_offer(movetime) {
                    Ok(answer) => {
                        self.out.line(&format!(
                            "info string exchange: accept {} cp, decline {} cp (answering team's view)",
                            answer.accept_cp, answer.decline_cp
                        ));
                        self.out.line(if answer.accept {
                            "exchange accept"
                        } else {
                            "exchange decline"
                        });
                    }
                    Err(e) => self.out.error(e),
                }
            }
            Command::ExchangeDeclined => {
                self.finish_search();
                if let Err(e) = self.engine.decline_offer() {
                    self.out.error(e);
                }
            }
            Command::GenFens(params) => {
                self.finish_search();
                let out = self.out.clone();
                let found = self.engine.genfens(&params, &mut |text| {
                    out.line(&format!("info string genfens {text}"));
                });
                if let Err(e) = found {
                    self.out.error(e);
                }
            }
            Command::Perft(depth) => {
                self.finish_search();
                if let Err(e) = self.perft(depth) {
                    self.out.error(e);
                }
            }
            Command::Display => {
                for line in self.engine.diagram().lines() {
                    self.out.line(line);
                }
            }
            Command::Eval => {
                for line in eval_text(&self.engine.evaluation()).lines() {
                    self.out.line(line);
                }
            }
            Command::Bench(params) => {
                if let Err(e) = self.bench(params.depth) {
                    self.out.error(e);
                }
            }
        }
        Flow::Continue
    }

    /// The protocol's `bench`: searches the game's bench positions to
    /// `depth` (the game's own bench depth when `None`) on one thread and
    /// prints `<nodes> nodes <nps> nps`. An error (a search that failed)
    /// prints no figures, so a script or a testing framework never takes a
    /// broken bench for a result.
    pub fn bench(&mut self, depth: Option<u32>) -> Result<(), String> {
        self.finish_search();
        let out = self.out.clone();
        let report = self.engine.bench(depth, &mut |number, of, nodes| {
            out.line(&format!(
                "info string bench position {number}/{of}: {nodes} nodes"
            ));
        })?;
        self.out
            .line(&format!("{} nodes {} nps", report.nodes, report.nps));
        Ok(())
    }

    /// `go`: starts a search whose `info` lines and one `bestmove` are
    /// printed as it reports, or answers at once when there is nothing to
    /// search.
    fn go(&mut self, params: &GoParams) {
        if self.engine.searching() {
            self.out
                .error("a search is already running; send stop first");
            return;
        }
        self.engine.wait();
        let (out, show_wdl) = (self.out.clone(), self.options.show_wdl);
        let started = self
            .engine
            .start_search(&search_limits(params), move |event| match event {
                SearchEvent::Info(info) => out.line(&info_line(&info, show_wdl)),
                SearchEvent::CurrentMove { depth, mv, number } => out.line(&format!(
                    "info depth {depth} currmove {} currmovenumber {number}",
                    mv.text
                )),
                SearchEvent::Finished(best) => out.line(&bestmove_line(&best)),
                SearchEvent::Failed(best) => {
                    out.error("the search failed; playing the first legal move");
                    out.line(&bestmove_line(&best));
                }
            });
        match started {
            Ok(SearchStart::Running) => {}
            Ok(SearchStart::NoPosition) => {
                self.out.error(augur_engine::NO_POSITION);
                self.out.line("bestmove 0000");
            }
            Ok(SearchStart::GameOver(end)) => {
                // The game is over: a score for the client, then no move.
                self.out.line(&finished_info_line(end, show_wdl));
                self.out.line("bestmove (none)");
            }
            Ok(SearchStart::Forced(pass)) => self.out.line(&format!("bestmove {}", pass.text)),
            Err(e) => self.out.error(e),
        }
    }

    /// `go perft N`: counts on its own thread (so `isready` is answered and
    /// `stop` heard meanwhile), printing `<move>: <count>` per root move as
    /// each is counted, then a blank line, `Nodes searched: <N>` and the
    /// time; stopped, it prints what it counted and an `info string` saying
    /// so instead of the total.
    fn perft(&mut self, depth: u32) -> Result<(), String> {
        let out = self.out.clone();
        self.engine.start_perft(depth, move |event| match event {
            PerftEvent::RootMove { text, nodes } => out.line(&format!("{text}: {nodes}")),
            PerftEvent::Done(report) if !report.complete => out.line(&format!(
                "info string perft {depth} stopped: {} of {} root moves counted, {} nodes",
                report.counted, report.root_moves, report.nodes
            )),
            PerftEvent::Done(report) => {
                let seconds = (report.time_ms / 1000.0).max(1e-9);
                out.line("");
                out.line(&format!("Nodes searched: {}", report.nodes));
                out.line(&format!(
                    "info string perft {depth} took {:.0} ms ({:.1} Mnps)",
                    seconds * 1000.0,
                    report.nodes as f64 / seconds / 1e6
                ));
            }
        })?;
        Ok(())
    }

    /// Stops a running search (it prints its `bestmove`) and waits for it.
    fn finish_search(&mut self) {
        if self.engine.searching() {
            self.engine.stop();
        }
        self.engine.wait();
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut options = self.options.clone();
        let change = match options.set(name, value) {
            Ok(change) => change,
            Err(e) => return self.out.error(e),
        };
        self.finish_search();
        let previous_eval_file = self.options.eval_file.clone();
        self.options = options;
        match change {
            // The new game's table is made on `isready` or first use.
            Change::Variant => {
                self.engine = new_engine(&self.options);
                // Fairy-Stockfish's announcement of the game chosen.
                self.out.line(&format!(
                    "info string variant {} files 8 ranks 8 pocket 0 template fairy startpos {}",
                    self.options.variant,
                    self.engine.start_text()
                ));
            }
            Change::ClearHash => self.engine.clear_hash(),
            Change::Start => {
                if let Err(e) = self.engine.configure(&self.options.engine_config()) {
                    self.out.error(e);
                }
                if let Some(start) = self.options.start_position(self.options.variant) {
                    self.engine.set_start(Some(start));
                    if let Err(e) = self.engine.set_position(&Start::Standard, &[]) {
                        self.out.error(e);
                    }
                }
            }
            Change::EvalFile => match self.engine.set_evaluation_file(&self.options.eval_file) {
                Ok(chosen) => self.out.line(&format!("info string {chosen}")),
                Err(e) => {
                    self.options.eval_file = previous_eval_file;
                    self.out.error(e);
                }
            },
            Change::SyzygyPath => match self.engine.set_tablebases(&self.options.syzygy_path) {
                Ok(report) => self.out.line(&format!("info string {report}")),
                Err(e) => {
                    self.options.syzygy_path = "<empty>".to_string();
                    self.out.error(e);
                }
            },
            Change::Hash | Change::Threads | Change::Setting => {
                if let Err(e) = self.engine.configure(&self.options.engine_config()) {
                    // The table kept its size.
                    self.options.hash_mb = self.engine.config().hash_mb;
                    self.out.error(e);
                }
            }
        }
    }

    /// End of input: a bounded search finishes and prints its move; an
    /// infinite or pondering one is stopped.
    pub fn end_of_input(&mut self) {
        if self.engine.unbounded() {
            self.engine.stop();
        }
        self.engine.wait();
    }

    /// The current position as boards such as `augur serve` draw it
    /// ([`BoardView::to_json`] gives its JSON).
    pub fn board_view(&self) -> BoardView {
        self.engine.board()
    }

    /// Whether `debug on` was sent.
    pub fn debug(&self) -> bool {
        self.debug
    }
}

/// A new engine for the game the options choose, at the start they
/// choose (an Enochian array, divination), with their settings.
fn new_engine(options: &Options) -> Engine {
    let variant = options.variant;
    let mut engine = Engine::with_config(variant, &options.engine_config());
    // The session said what `EvalFile` chose when it was set; a file that
    // no longer reads leaves this game's default evaluation.
    let _ = engine.set_evaluation_file(&options.eval_file);
    // The session said what `SyzygyPath` found when it was set.
    let _ = engine.set_tablebases(&options.syzygy_path);
    engine.set_start(options.start_position(variant));
    // The game is held at the start the options chose, as the session
    // announces, not the standard one; the standard start cannot be refused.
    let _ = engine.set_position(&Start::Standard, &[]);
    engine
}

/// The search limits of a `go` command.
fn search_limits(params: &GoParams) -> SearchLimits {
    SearchLimits {
        depth: params.depth,
        nodes: params.nodes,
        movetime_ms: params.movetime,
        mate: params.mate,
        infinite: params.infinite,
        ponder: params.ponder,
        team_time_ms: [params.wtime, params.btime],
        team_increment_ms: [params.winc, params.binc],
        seat_time_ms: params.seat_time.to_vec(),
        seat_increment_ms: params.seat_inc.to_vec(),
        moves_to_go: params.movestogo,
        search_moves: params.searchmoves.clone(),
    }
}

/// Reads one line of at most [`MAX_LINE_LEN`] bytes (the rest of a longer
/// line is skipped and the line reported as too long). `None` at end of input.
fn read_bounded_line(input: &mut impl BufRead) -> Option<Result<String, usize>> {
    let mut buffer = Vec::new();
    let mut total = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            return if total == 0 {
                None
            } else {
                Some(finish(buffer, total))
            };
        }
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if buffer.len() <= MAX_LINE_LEN {
            let room = (MAX_LINE_LEN + 1 - buffer.len()).min(used);
            buffer.extend_from_slice(&chunk[..room]);
        }
        total += used;
        input.consume(used);
        if done {
            return Some(finish(buffer, total));
        }
    }
}

fn finish(buffer: Vec<u8>, total: usize) -> Result<String, usize> {
    if total > MAX_LINE_LEN + 1 {
        Err(total)
    } else {
        Ok(String::from_utf8_lossy(&buffer)
            .trim_end_matches(['\n', '\r'])
            .to_string())
    }
}

/// Runs a session over `input` until `quit` or end of input (where a
/// bounded search still finishes and an infinite one is stopped).
pub fn run(input: impl BufRead, out: Output) {
    let mut input = input;
    let mut session = Session::new(out.clone());
    while let Some(line) = read_bounded_line(&mut input) {
        match line {
            Ok(line) => {
                if session.handle_line(&line) == Flow::Quit {
                    return;
                }
            }
            Err(length) => out.error(format!(
                "line of {length} bytes is longer than {MAX_LINE_LEN}"
            )),
        }
    }
    session.end_of_input();
}
