//! The session state machine: one input line at a time, typed commands in,
//! protocol lines out. Searches and `go perft` run on their own thread, so
//! `isready`, `stop` and `ponderhit` are answered while one runs (other
//! commands wait for a running `go perft` to end). Bad input produces
//! one `info string error: ...` line and changes nothing.

use augur_core::Game;
use augur_games::with_game;
use std::io::BufRead;

use crate::command::{Command, MAX_LINE_LEN, parse};
use crate::options::{Change, Options};
use crate::output::Output;
use crate::slot::{GameSlot, new_slot};
use crate::view::BoardView;

/// The engine's name as `uci` announces it.
pub const ENGINE_NAME: &str = concat!("Augur ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` announces them.
pub const ENGINE_AUTHOR: &str = "the Augur developers";

/// A protocol session.
pub struct Session {
    out: Output,
    options: Options,
    slot: Box<dyn GameSlot>,
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
        let slot = new_slot(options.variant, &options);
        Self {
            out,
            options,
            slot,
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
            self.slot.finish_perft();
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
                self.slot.prepare();
                self.out.line("readyok");
            }
            Command::Debug(on) => self.debug = on,
            Command::Stop => {
                self.slot.stop();
                self.slot.wait();
            }
            Command::PonderHit => self.slot.ponderhit(),
            Command::Quit => {
                self.slot.stop();
                self.slot.wait();
                return Flow::Quit;
            }
            Command::UciNewGame => {
                self.finish_search();
                self.slot.new_game();
                if let Err(e) = self
                    .slot
                    .set_position(&crate::command::PositionStart::StartPos, &[])
                {
                    self.out.error(e);
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => {
                self.finish_search();
                match self.slot.set_position(&start, &moves) {
                    Ok(warnings) => {
                        for warning in warnings {
                            self.out.line(&format!("info string warning: {warning}"));
                        }
                    }
                    Err(e) => self.out.error(e),
                }
            }
            Command::Go(params) => {
                if self.slot.searching() {
                    self.out
                        .error("a search is already running; send stop first");
                } else {
                    self.slot.wait();
                    if let Err(e) = self.slot.go(&params, &self.options, &self.out) {
                        self.out.error(e);
                    }
                }
            }
            Command::ExchangeOffer { movetime } => {
                self.finish_search();
                if let Err(e) = self.slot.answer_offer(&self.options, movetime, &self.out) {
                    self.out.error(e);
                }
            }
            Command::ExchangeDeclined => {
                self.finish_search();
                if let Err(e) = self.slot.decline_offer() {
                    self.out.error(e);
                }
            }
            Command::GenFens(params) => {
                self.finish_search();
                if let Err(e) = self.slot.genfens(&params, &self.out) {
                    self.out.error(e);
                }
            }
            Command::Perft(depth) => {
                self.finish_search();
                if let Err(e) = self.slot.perft(depth, &self.out) {
                    self.out.error(e);
                }
            }
            Command::Display => {
                for line in self.slot.display().lines() {
                    self.out.line(line);
                }
            }
            Command::Eval => {
                for line in self.slot.eval(!self.options.hand_evaluation()).lines() {
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
        let (positions, default_depth) = with_game!(
            self.options.variant,
            G => (G::BENCH_POSITIONS, G::BENCH_DEPTH)
        );
        let depth = depth.unwrap_or(default_depth);
        let (nodes, seconds) = self.slot.bench(positions, depth, &self.out)?;
        let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
        self.out.line(&format!("{nodes} nodes {nps} nps"));
        Ok(())
    }

    /// Stops a running search (it prints its `bestmove`) and waits for it.
    fn finish_search(&mut self) {
        if self.slot.searching() {
            self.slot.stop();
        }
        self.slot.wait();
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let mut options = self.options.clone();
        match options.set(name, value) {
            Err(e) => self.out.error(e),
            Ok(change) => {
                self.finish_search();
                let previous_hash_mb = self.options.hash_mb;
                let previous_eval_file = self.options.eval_file.clone();
                self.options = options;
                match change {
                    Change::Hash | Change::Threads | Change::ClearHash => {
                        let clear = change == Change::ClearHash;
                        if let Err(e) = self.slot.configure(&self.options, clear) {
                            self.options.hash_mb = previous_hash_mb;
                            self.out.error(e);
                        }
                    }
                    // The new game's table is made on `isready` or first use.
                    Change::Variant => {
                        self.slot = new_slot(self.options.variant, &self.options);
                        // Fairy-Stockfish's announcement of the game chosen.
                        self.out.line(&format!(
                            "info string variant {} files 8 ranks 8 pocket 0 template fairy startpos {}",
                            self.options.variant,
                            self.slot.start_text()
                        ));
                    }
                    Change::Start => {
                        if let Some(start) = self.options.start_position(self.options.variant) {
                            self.slot.set_start(Some(start));
                            let start = crate::command::PositionStart::StartPos;
                            if let Err(e) = self.slot.set_position(&start, &[]) {
                                self.out.error(e);
                            }
                        }
                    }
                    Change::Chess960 => self.slot.set_chess960(self.options.chess960),
                    Change::EvalFile => {
                        match self.slot.set_evaluation_file(&self.options.eval_file) {
                            Ok(chosen) => self.out.line(&format!("info string {chosen}")),
                            Err(e) => {
                                self.options.eval_file = previous_eval_file;
                                self.out.error(e);
                            }
                        }
                    }
                    Change::SyzygyPath => match self.slot.set_tablebases(&self.options.syzygy_path)
                    {
                        Ok(report) => self.out.line(&format!("info string {report}")),
                        Err(e) => {
                            self.options.syzygy_path = "<empty>".to_string();
                            self.out.error(e);
                        }
                    },
                    Change::Setting => {}
                }
            }
        }
    }

    /// End of input: a bounded search finishes and prints its move; an
    /// infinite or pondering one is stopped.
    pub fn end_of_input(&mut self) {
        if self.slot.unbounded() {
            self.slot.stop();
        }
        self.slot.wait();
    }

    /// The current position as boards such as `augur serve` draw it
    /// ([`BoardView::to_json`] gives its JSON).
    pub fn board_view(&self) -> BoardView {
        self.slot.board_view()
    }

    /// Whether `debug on` was sent.
    pub fn debug(&self) -> bool {
        self.debug
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
