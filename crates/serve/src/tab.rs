//! One browser tab's game: an [`Engine`] (the same engine the UCI loop
//! prints) driven by JSON messages, with its clocks and how the game ended
//! when the board alone does not say (resignation, time). It runs on a
//! thread of its own; searches wait for a permit from [`Permits`].
//!
//! Everything that reaches the tab (the page's messages, the running
//! search's reports) arrives as one stream of [`Event`]s, so a page message
//! can stop a search: `stop` ends it and keeps its result (the engine moves
//! now, the analysis is final); any other message ends it, drops its
//! result and is then handled.
//!
//! `move`, `engine` and `analyse` may carry `"ply"`: the length of the move
//! list the page saw when it sent them. One sent from a state the game has
//! since left (two requests crossed with a reply) is dropped without a
//! reply: the newer state is on its way to the page, which then decides
//! again what to ask.
//!
//! A tab has a game id; with a [`Store`] it saves its game after every
//! message that changes it (and when the page goes, its clocks stopped),
//! and [`Tab::resume`] builds a tab from a stored game.

use crate::analysis::{ANALYSIS_LINES, AnalysisLines};
use crate::clock::{Clock, MAX_BASE_MS, MAX_INCREMENT_MS};
use crate::fields;
use crate::message::ToPage;
use crate::permits::Permits;
use crate::store::{self, GameRecord, Over, Store};
use augur_engine::{
    BoardView, Config, Engine, GameResult, MAX_ELO, MIN_ELO, SearchEvent, SearchLimits,
    SearchStart, Start, Strength, Variant,
};
use serde_json::Value;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// The longest a search may take before the tab stops it.
const SEARCH_TIMEOUT: Duration = Duration::from_secs(120);
/// The longest `movetime` a page may ask for, in milliseconds.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// The shortest `movetime` a page may ask for, in milliseconds.
pub const MIN_MOVETIME_MS: u64 = 10;
/// The most plies one `undo` takes back.
pub const MAX_UNDO_PLIES: u64 = 10_000;
/// An error message is cut to this many characters (it must not echo a
/// whole bad message back).
pub const MAX_ERROR_CHARS: usize = 300;
/// The messages that change the game (it is saved after each).
const CHANGES: &[&str] = &[
    "new",
    "import",
    "move",
    "roll",
    "undo",
    "engine",
    "exchange_reply",
    "resign",
    "flag",
    "settings",
];
/// The players' names when the page names none: the first team's and the
/// second's.
const DEFAULT_PLAYERS: [&str; 2] = ["Person", "Augur"];
/// Who may answer an offer of the exchange of prisoners.
const ANSWERS: &[&str] = &["engine", "person"];
/// The deepest analysis a page may ask for.
pub const MAX_ANALYSIS_DEPTH: u64 = 30;
/// How often a running analysis reports, at most.
const ANALYSIS_REPORT: Duration = Duration::from_millis(250);
/// An endless analysis yields its core after this long when another
/// search waits for one (its last report is then final).
const ANALYSIS_YIELD: Duration = Duration::from_secs(5);
/// How long the engine thinks about an offer of the exchange of prisoners
/// (each continuation), in milliseconds.
const EXCHANGE_THINKING_MS: u64 = 300;

/// What reaches a tab.
pub enum Event {
    /// A message from the page.
    Page(String),
    /// A report of the search numbered so.
    Search(u64, Box<SearchEvent>),
    /// The page has gone.
    Closed,
}

/// The settings of an engine's turn, kept while the person answers its
/// offer of an exchange of prisoners.
#[derive(Clone, Copy)]
struct EngineTurn {
    elo: Option<u64>,
    movetime: u64,
}

/// How a search ended.
enum Searched {
    /// Its lines and best move (`None`: the game is over).
    Done {
        lines: AnalysisLines,
        best: Option<String>,
    },
    /// A page message ended it; its result is dropped.
    Interrupted,
}

/// Whether `event` is the page's `stop` message.
fn is_stop(event: &Event) -> bool {
    matches!(event, Event::Page(text) if message_type(text).as_deref() == Some("stop"))
}

/// What a tab tells of each new game's id.
type NewGameHook = Box<dyn FnMut(&str) + Send>;

/// One tab's game.
pub struct Tab {
    engine: Engine,
    events: Receiver<Event>,
    /// Where the running search's reports go (into `events`).
    inbox: Sender<Event>,
    /// The number of the latest search: reports of older ones are dropped.
    search: u64,
    /// Events read early (while a search was set up), handled next.
    queued: VecDeque<Event>,
    /// The position string the game started from (`None`: the start).
    start: Option<String>,
    divination: bool,
    clock: Option<Clock>,
    /// How the game ended off the board (resignation, time).
    over: Option<GameResult>,
    /// An engine's exchange offer waiting for the person's answer.
    offer: Option<EngineTurn>,
    permits: Arc<Permits>,
    /// The game's id.
    id: String,
    /// The page's own settings for this game.
    settings: Option<Value>,
    /// The players' names by team (teams not named are
    /// [`DEFAULT_PLAYERS`]).
    players: BTreeMap<String, String>,
    /// When the game was created (unix milliseconds).
    created: i64,
    /// Where the game is saved (`None`: nowhere).
    store: Option<Arc<Store>>,
    /// A game left before its first move, deleted with the next save.
    discard: Option<String>,
    /// Told the new id when the tab starts another game.
    on_new_game: Option<NewGameHook>,
}

impl Tab {
    /// A new chess game from the start, with its own event channel.
    pub fn new(permits: Arc<Permits>) -> Self {
        let (inbox, events) = channel();
        Self::with_events(permits, inbox, events)
    }

    /// A new chess game whose events arrive on `events`; `inbox` is where
    /// the search's reports go (the page's messages are sent there too).
    pub fn with_events(
        permits: Arc<Permits>,
        inbox: Sender<Event>,
        events: Receiver<Event>,
    ) -> Self {
        Self {
            engine: Engine::new(Variant::Chess),
            events,
            inbox,
            search: 0,
            queued: VecDeque::new(),
            start: None,
            divination: false,
            clock: None,
            over: None,
            offer: None,
            permits,
            id: store::new_id(),
            settings: None,
            players: BTreeMap::new(),
            created: store::now_ms(),
            store: None,
            discard: None,
            on_new_game: None,
        }
    }

    /// A tab playing the stored game `record` (see [`Tab::load`]).
    pub fn resume(
        permits: Arc<Permits>,
        inbox: Sender<Event>,
        events: Receiver<Event>,
        record: &GameRecord,
    ) -> Result<Self, String> {
        let mut tab = Self::with_events(permits, inbox, events);
        tab.load(record)?;
        Ok(tab)
    }

    /// Plays the stored game `record` from now on: its start and moves
    /// replayed through the engine; its clocks, stopped while it was
    /// stored, start for the side to move. An error says why the record is
    /// unusable, and the tab's game is unchanged.
    pub fn load(&mut self, record: &GameRecord) -> Result<(), String> {
        let variant: Variant = record.variant.parse().map_err(|e| format!("{e}"))?;
        if record.divination && variant.divination_start().is_none() {
            return Err("only Enochian chess has divination (dice)".into());
        }
        let mut engine = Engine::new(variant);
        let position = record.start.clone().map_or(Start::Standard, Start::Text);
        engine.set_position(&position, &record.moves)?;
        let board = engine.board();
        let over = match &record.over {
            Some(over)
                if over
                    .winner
                    .as_ref()
                    .is_some_and(|w| !board.teams.contains(w)) =>
            {
                return Err(format!(
                    "'{}' is not a side of this game",
                    over.winner.as_deref().unwrap_or_default()
                ));
            }
            Some(over) => Some(GameResult {
                winner: over.winner.clone(),
                reason: over.reason.clone(),
            }),
            None => None,
        };
        self.engine = engine;
        self.start = record.start.clone();
        self.divination = record.divination;
        self.over = over;
        self.offer = None;
        self.clock = record
            .clock
            .as_ref()
            .map(|clock| Clock::restore(&board.seats, clock));
        self.id = record.id.clone();
        self.settings = record.settings.clone();
        self.players = record.players.clone();
        self.created = record.created;
        self.restart_clock();
        Ok(())
    }

    /// The tab saves its game to `store`.
    pub fn with_store(mut self, store: Arc<Store>) -> Self {
        self.store = Some(store);
        self
    }

    /// `told` hears the new id each time the tab starts another game
    /// (`new`, `import`).
    pub fn on_new_game(mut self, told: impl FnMut(&str) + Send + 'static) -> Self {
        self.on_new_game = Some(Box::new(told));
        self
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game as stored: its clocks stopped as of now.
    pub fn record(&self) -> GameRecord {
        let ended = self.over.clone().or_else(|| self.engine.outcome());
        GameRecord {
            id: self.id.clone(),
            variant: self.engine.variant().name().to_string(),
            start: self.start.clone(),
            moves: self.engine.moves(),
            divination: self.divination,
            clock: self.clock.as_ref().map(Clock::record),
            over: self.over.as_ref().map(|o| Over {
                winner: o.winner.clone(),
                reason: o.reason.clone(),
            }),
            result: ended.map(|o| match o.winner {
                Some(winner) => format!("{winner} wins: {}", o.reason),
                None => format!("draw: {}", o.reason),
            }),
            settings: self.settings.clone(),
            players: self.players.clone(),
            created: self.created,
            updated: store::now_ms(),
        }
    }

    /// Saves the game (when the tab has a store).
    pub fn save(&mut self) -> Result<(), String> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        store.save_replacing(&self.record(), self.discard.as_deref())?;
        self.discard = None;
        Ok(())
    }

    /// The game as PGN: the players named, dated the day it was created
    /// (UTC), the rolls left out.
    pub fn pgn(&self) -> Result<String, String> {
        let moves: Vec<String> = self
            .engine
            .moves()
            .into_iter()
            .filter(|m| !m.ends_with(':'))
            .collect();
        let over = self
            .over
            .as_ref()
            .map(|o| (o.winner.as_deref(), o.reason.as_str()));
        let [first, second] = self.player_names();
        crate::pgn::export_ended(
            self.engine.variant().name(),
            self.start.as_deref(),
            &moves,
            [&first, &second],
            over,
            Some(&crate::pgn::date(self.created)),
        )
    }

    /// The players' names for the PGN tags: the first team's, the
    /// second's.
    fn player_names(&self) -> [String; 2] {
        let teams = self.board().teams;
        let named = |index: usize| {
            teams
                .get(index)
                .and_then(|team| self.players.get(team))
                .cloned()
                .unwrap_or_else(|| DEFAULT_PLAYERS[index].to_string())
        };
        [named(0), named(1)]
    }

    /// Handles the page's messages until it goes, passing every reply to
    /// `send` (which returns false once the page cannot be reached).
    pub fn run(mut self, mut send: impl FnMut(String) -> bool) {
        self.serve(&mut send);
        // The page has gone: the game is kept with its clocks stopped.
        if let Err(message) = self.save() {
            eprintln!("augur serve: {message}");
        }
    }

    fn serve(&mut self, send: &mut dyn FnMut(String) -> bool) {
        if !send(self.state()) {
            return;
        }
        loop {
            let event = match self.queued.pop_front() {
                Some(event) => event,
                None => match self.events.recv() {
                    Ok(event) => event,
                    Err(_) => return,
                },
            };
            match event {
                Event::Page(text) => {
                    let mut open = true;
                    self.handle_with(&text, &mut |reply| open = open && send(reply));
                    if !open {
                        return;
                    }
                }
                Event::Search(..) => {}
                Event::Closed => return,
            }
        }
    }

    /// Handles one message from the page; returns the messages to send
    /// back. A bad message gets one `error` message and changes nothing.
    pub fn handle(&mut self, text: &str) -> Vec<String> {
        let mut replies = Vec::new();
        self.handle_with(text, &mut |reply| replies.push(reply));
        replies
    }

    /// [`Tab::handle`], passing each reply to `out` as it is ready (a
    /// running analysis reports as it goes).
    pub fn handle_with(&mut self, text: &str, out: &mut dyn FnMut(String)) {
        if let Err(message) = self.dispatch(text, out) {
            out(error_message(&message));
        }
        if message_type(text).is_some_and(|kind| CHANGES.contains(&kind.as_str()))
            && let Err(message) = self.save()
        {
            out(error_message(&message));
        }
    }

    /// Page events that arrived meanwhile are kept for later; reports of
    /// old searches are dropped.
    fn keep_page_events(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            if !matches!(event, Event::Search(..)) {
                self.queued.push_back(event);
            }
        }
    }

    /// Searches the current position with `limits`; with `report`, a
    /// running analysis is sent to `out` as it deepens.
    fn search(
        &mut self,
        limits: &SearchLimits,
        report: bool,
        out: &mut dyn FnMut(String),
    ) -> Result<Searched, String> {
        let permits = Arc::clone(&self.permits);
        let _permit = permits.acquire();
        self.keep_page_events();
        // A page message read while this search was being set up ends it
        // as one arriving during it would: it is handled next, and a stop
        // makes the search answer at once.
        if self.queued.iter().any(|event| !is_stop(event)) {
            return Ok(Searched::Interrupted);
        }
        let stop_at_once = !self.queued.is_empty();
        self.queued.clear();
        self.search += 1;
        let (number, inbox) = (self.search, self.inbox.clone());
        let started = self.engine.start_search(limits, move |event| {
            let _ = inbox.send(Event::Search(number, Box::new(event)));
        })?;
        match started {
            SearchStart::Running => {}
            SearchStart::GameOver(_) => {
                return Ok(Searched::Done {
                    lines: AnalysisLines::default(),
                    best: None,
                });
            }
            SearchStart::Forced(pass) => {
                return Ok(Searched::Done {
                    lines: AnalysisLines::default(),
                    best: Some(pass.text),
                });
            }
            SearchStart::NoPosition => return Err(augur_engine::NO_POSITION.to_string()),
        }
        if stop_at_once {
            self.engine.stop();
        }
        let started = Instant::now();
        let deadline = started + SEARCH_TIMEOUT;
        let mut last_report = Instant::now();
        let mut lines = AnalysisLines::default();
        let mut interrupted = false;
        let mut yielded = false;
        let mut timed_out = false;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() && !timed_out {
                timed_out = true;
                self.engine.stop();
            }
            if report && !yielded && started.elapsed() >= ANALYSIS_YIELD && self.permits.contended()
            {
                yielded = true;
                self.engine.stop();
            }
            let wait = if timed_out {
                SEARCH_TIMEOUT
            } else if report {
                left.min(ANALYSIS_REPORT)
            } else {
                left
            };
            match self.events.recv_timeout(wait) {
                Ok(Event::Search(n, _)) if n != number => {}
                Ok(Event::Search(_, event)) => match *event {
                    SearchEvent::Finished(best) | SearchEvent::Failed(best) => {
                        // The table belongs to the search, not to the game:
                        // an idle game holds only its positions.
                        self.engine.release();
                        return Ok(if interrupted {
                            Searched::Interrupted
                        } else {
                            Searched::Done {
                                lines,
                                best: best.best.map(|m| m.text),
                            }
                        });
                    }
                    SearchEvent::Info(info) => {
                        let scored = !info.pv.is_empty();
                        lines.add(info);
                        if report && scored && last_report.elapsed() >= ANALYSIS_REPORT {
                            last_report = Instant::now();
                            out(lines.message(None));
                        }
                    }
                    SearchEvent::CurrentMove { .. } => {}
                },
                Ok(Event::Page(text)) => {
                    if message_type(&text).as_deref() != Some("stop") {
                        interrupted = true;
                        self.queued.push_back(Event::Page(text));
                    }
                    self.engine.stop();
                }
                Ok(Event::Closed) => {
                    interrupted = true;
                    self.queued.push_back(Event::Closed);
                    self.engine.stop();
                }
                Err(RecvTimeoutError::Timeout) if timed_out => {
                    return Err("the engine did not stop".into());
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err("engine gone".into()),
            }
        }
    }

    /// The state message: the move list, the board, the clocks and how the
    /// game ended (the board's own result, or a resignation or time).
    pub fn state(&self) -> String {
        let board = self.board();
        ToPage::State {
            id: &self.id,
            settings: self.settings.as_ref(),
            players: &self.players,
            variant: self.engine.variant().name(),
            start: self.start.as_deref(),
            moves: &self.engine.moves(),
            notation: &self.engine.notations(),
            divination: self.divination,
            clock: self.clock.as_ref().map(Clock::view),
            over: self.over.as_ref(),
            offer: self.offer.is_some(),
            board: &board,
        }
        .to_json()
    }

    /// The current position.
    fn board(&self) -> BoardView {
        self.engine.board()
    }

    /// The position after the first `moves` of this game (the page's
    /// stepping through it), the game itself unchanged.
    fn board_after(&self, moves: &[String]) -> Result<BoardView, String> {
        let mut replay = Engine::new(self.engine.variant());
        let start = self.start.clone().map_or(Start::Standard, Start::Text);
        replay.set_position(&start, moves)?;
        Ok(replay.board())
    }

    fn dispatch(&mut self, text: &str, out: &mut dyn FnMut(String)) -> Result<(), String> {
        let message: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let kind = fields::text(&message, "type")?.ok_or("a message needs a \"type\"")?;
        if self.offer.is_some()
            && !matches!(
                kind,
                "exchange_reply" | "state" | "export" | "new" | "settings"
            )
        {
            return Err("answer the offer of an exchange of prisoners first".into());
        }
        if matches!(kind, "move" | "engine" | "analyse") && self.is_stale(&message) {
            return Ok(());
        }
        match kind {
            "state" | "stop" => out(self.state()),
            "settings" => {
                let settings = self.settings_in(&message)?;
                let players = match message.get("players") {
                    None | Some(Value::Null) => self.players.clone(),
                    Some(players) => store::parse_players(players, &self.board().teams)?,
                };
                (self.settings, self.players) = (settings, players);
                out(self.state());
            }
            "new" => {
                self.new_game(&message)?;
                out(self.state());
            }
            "import" => {
                let pgn =
                    fields::text(&message, "pgn")?.ok_or("an import message needs \"pgn\"")?;
                let game = crate::pgn::import(pgn)?;
                // A start whose die is not off is a divination game.
                let variant: Variant = game.variant.parse().map_err(|e| format!("{e}"))?;
                let divination = game.start.as_ref().is_some_and(|start| {
                    let mut engine = Engine::new(variant);
                    engine
                        .set_position(&Start::Text(start.clone()), &[])
                        .is_ok()
                        && engine.board().die.is_some()
                });
                let mut setup = serde_json::json!({
                    "variant": game.variant,
                    "position": game.start,
                    "moves": game.moves,
                    "divination": divination,
                });
                for field in ["settings", "players"] {
                    if let Some(value) = message.get(field) {
                        setup[field] = value.clone();
                    }
                }
                self.new_game(&setup)?;
                out(self.state());
            }
            "move" => {
                let text =
                    fields::text(&message, "move")?.ok_or("a move message needs \"move\"")?;
                if text.is_empty() || text.contains(|c: char| c.is_whitespace() || c == ':') {
                    return Err(format!("'{text}' is not one move"));
                }
                let engine_answers = fields::choice(&message, "answer", ANSWERS)? != Some("person");
                if text == "exchange" && engine_answers && !self.ask_engine_about_exchange()? {
                    out(ToPage::ExchangeDeclined.to_json());
                    self.pass_if_only_the_exchange()?;
                    out(self.state());
                    return Ok(());
                }
                self.push_move(text)?;
                out(self.state());
            }
            "roll" => {
                self.roll()?;
                out(self.state());
            }
            "undo" => {
                let count = fields::number(&message, "plies", 1..=MAX_UNDO_PLIES)?.unwrap_or(1);
                let until = fields::text_list(&message, "until")?;
                if let Some(sides) = &until {
                    let known = self.board().seats;
                    if let Some(bad) = sides.iter().find(|side| !known.contains(side)) {
                        return Err(format!("'{bad}' is not a side of this game"));
                    }
                }
                if self.engine.moves().last().is_some_and(|m| m.ends_with(':')) {
                    self.engine.undo();
                }
                match until {
                    // Back to before the last move of one of these sides
                    // (the person's), whoever moved since.
                    Some(sides) => {
                        while self.engine.undo().is_some() {
                            if sides.contains(&self.engine.side_to_move().0) {
                                break;
                            }
                        }
                    }
                    None => {
                        for _ in 0..count.min(self.engine.moves().len() as u64) {
                            self.engine.undo();
                        }
                    }
                }
                self.over = None;
                self.restart_clock();
                out(self.state());
            }
            "engine" => {
                let turn = EngineTurn {
                    elo: fields::number(&message, "elo", u64::from(MIN_ELO)..=u64::from(MAX_ELO))?,
                    movetime: fields::number(
                        &message,
                        "movetime",
                        MIN_MOVETIME_MS..=MAX_MOVETIME_MS,
                    )?
                    .unwrap_or(500),
                };
                let person_answers = fields::choice(&message, "answer", ANSWERS)? == Some("person");
                self.engine_turn(turn, person_answers, out)?;
            }
            "exchange_reply" => {
                let turn = self.offer.take().ok_or("no exchange has been offered")?;
                let accept = fields::flag(&message, "accept")?
                    .ok_or("an exchange_reply needs \"accept\": true or false")?;
                if accept {
                    self.push_move("exchange")?;
                    out(self.state());
                } else {
                    self.engine.decline_offer()?;
                    self.engine_search_and_play(turn, out)?;
                }
            }
            "analyse" => {
                let depth = fields::number(&message, "depth", 1..=MAX_ANALYSIS_DEPTH)?;
                let limits = if fields::flag(&message, "infinite")? == Some(true) {
                    SearchLimits {
                        infinite: true,
                        ..SearchLimits::default()
                    }
                } else {
                    SearchLimits {
                        depth: Some(depth.unwrap_or(12) as u32),
                        ..SearchLimits::default()
                    }
                };
                self.configure(None, ANALYSIS_LINES)?;
                let searched = self.search(&limits, true, out);
                self.configure(None, 1)?;
                if let Searched::Done { lines, best } = searched? {
                    out(lines.message(Some(best.as_deref())));
                }
            }
            "view" => {
                let moves = self.engine.moves();
                let ply = fields::number(&message, "at", 0..=moves.len() as u64)?
                    .ok_or("a view message needs \"at\": a number of plies")?;
                let board = self.board_after(&moves[..ply as usize])?;
                out(ToPage::View { ply, board: &board }.to_json());
            }
            "resign" => {
                self.live()?;
                let board = self.board();
                let team = fields::text(&message, "team")?
                    .unwrap_or(&board.team)
                    .to_string();
                self.finish(&team, format!("{team} resigns"))?;
                out(self.state());
            }
            "flag" => {
                if let Some(side) = self.clock.as_ref().and_then(Clock::flag_fallen) {
                    self.lose_on_time(&side)?;
                }
                out(self.state());
            }
            "export" => out(ToPage::Export { pgn: self.pgn()? }.to_json()),
            "graph" => self.graph(out)?,
            other => return Err(format!("unknown message type '{other}'")),
        }
        Ok(())
    }

    /// Sends the evaluation graph of the game so far (nothing when a page
    /// message arrives first: it is handled next).
    fn graph(&mut self, out: &mut dyn FnMut(String)) -> Result<(), String> {
        let (variant, start, moves) = (
            self.engine.variant(),
            self.start.clone(),
            self.engine.moves(),
        );
        let permits = Arc::clone(&self.permits);
        let _permit = permits.acquire();
        let scored = crate::graph::scores(
            variant,
            start.as_deref(),
            &moves,
            crate::graph::GRAPH_NODES,
            &mut || {
                self.keep_page_events();
                !self.queued.is_empty()
            },
        )?;
        if let Some(scores) = scored {
            out(ToPage::Graph { scores: &scores }.to_json());
        }
        Ok(())
    }

    /// Whether `message` was sent from a state with another number of
    /// moves than the game has now.
    fn is_stale(&self, message: &Value) -> bool {
        fields::number(message, "ply", 0..=u64::MAX)
            .ok()
            .flatten()
            .is_some_and(|ply| ply != self.engine.moves().len() as u64)
    }

    /// Starts a game from a `new` message's fields; on an error the game
    /// before it is kept.
    fn new_game(&mut self, message: &Value) -> Result<(), String> {
        let variant: Variant = match message.get("variant") {
            None | Some(Value::Null) => Variant::Chess,
            Some(Value::String(name)) => name.parse().map_err(|e| format!("{e}"))?,
            Some(_) => return Err("\"variant\" must be a string".into()),
        };
        let start = match message.get("position") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) if text.trim().is_empty() => None,
            Some(Value::String(text)) => Some(text.trim().to_string()),
            Some(_) => return Err("\"position\" must be a string".into()),
        };
        let moves: Vec<String> = match message.get("moves") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(list)) => list
                .iter()
                .map(|m| m.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or("\"moves\" must be strings")?,
            Some(_) => return Err("\"moves\" must be a list".into()),
        };
        if moves.iter().chain(start.iter()).any(|t| t.contains('\n')) {
            return Err("line breaks are not allowed".into());
        }
        let divination = fields::flag(message, "divination")? == Some(true);
        let divination_start = if divination {
            Some(
                variant
                    .divination_start()
                    .ok_or("only Enochian chess has divination (dice)")?,
            )
        } else {
            None
        };
        let clock = match message.get("clock") {
            None | Some(Value::Null) => None,
            Some(clock) => Some((
                fields::number(clock, "base", 1..=MAX_BASE_MS)?
                    .ok_or("a clock needs \"base\" (milliseconds)")?,
                fields::number(clock, "increment", 0..=MAX_INCREMENT_MS)?.unwrap_or(0),
            )),
        };
        // A divination game names its start (die not rolled yet), so its
        // export and re-import stay divination games.
        let start = start.or(divination_start);
        let settings = self.settings_in(message)?;
        let mut engine = Engine::new(variant);
        let position = start.clone().map_or(Start::Standard, Start::Text);
        engine.set_position(&position, &moves)?;
        let teams = engine.board().teams;
        let players = match message.get("players") {
            None | Some(Value::Null) => {
                // The names carry on while the teams are the same.
                let mut kept = self.players.clone();
                kept.retain(|team, _| teams.contains(team));
                kept
            }
            Some(players) => store::parse_players(players, &teams)?,
        };
        // A game left before its first move is not worth keeping (each
        // visit to the page and each change of game would leave one): it
        // is deleted with the next save.
        if self.engine.moves().is_empty() && self.over.is_none() {
            self.discard = Some(self.id.clone());
        }
        (self.engine, self.start, self.divination) = (engine, start, divination);
        (self.settings, self.players) = (settings, players);
        self.id = store::new_id();
        self.created = store::now_ms();
        if let Some(told) = self.on_new_game.as_mut() {
            told(&self.id);
        }
        self.over = None;
        self.offer = None;
        self.clock =
            clock.map(|(base, increment)| Clock::new(&self.board().seats, base, increment));
        self.restart_clock();
        Ok(())
    }

    /// The page's settings a message carries: absent keeps the game's,
    /// `null` clears them, an object (checked) replaces them.
    fn settings_in(&self, message: &Value) -> Result<Option<Value>, String> {
        match message.get("settings") {
            None => Ok(self.settings.clone()),
            Some(Value::Null) => Ok(None),
            Some(settings) => {
                store::check_settings(settings)?;
                Ok(Some(settings.clone()))
            }
        }
    }

    /// An error when the game is over.
    fn live(&self) -> Result<(), String> {
        if self.over.is_some() || self.engine.outcome().is_some() {
            return Err("the game is over".into());
        }
        Ok(())
    }

    /// Plays `text` (after the pending roll, if any), running the clocks:
    /// a move made after its side's time ran out is not played, and the
    /// game is lost on time instead.
    fn push_move(&mut self, text: &str) -> Result<(), String> {
        self.live()?;
        self.engine.play(text)?;
        if let Some(fallen) = self.clock.as_mut().and_then(Clock::stop) {
            // Take the move back, keeping the roll it was played after.
            if let Some(entry) = self.engine.undo()
                && let Some((roll, _)) = entry.split_once(':')
            {
                let _ = self.engine.play(&format!("{roll}:"));
            }
            return self.lose_on_time(&fallen);
        }
        self.restart_clock();
        Ok(())
    }

    /// Rolls the die for the army to move (divination games).
    fn roll(&mut self) -> Result<(), String> {
        self.live()?;
        if !self.engine.awaiting_roll() {
            return Err("there is no die to roll now".into());
        }
        self.engine.roll(rand::random_range(0..6))?;
        Ok(())
    }

    /// Starts the clock of the side to move, or stops the clocks when the
    /// game is over.
    fn restart_clock(&mut self) {
        if self.clock.is_none() {
            return;
        }
        let live = self.over.is_none() && self.engine.outcome().is_none();
        let (side, _) = self.engine.side_to_move();
        if let Some(clock) = self.clock.as_mut() {
            clock.halt();
            if live {
                clock.start(&side);
            }
        }
    }

    /// Ends the game: the team `loser` loses for `reason`.
    fn finish(&mut self, loser: &str, reason: String) -> Result<(), String> {
        let teams = self.board().teams;
        if !teams.iter().any(|t| t == loser) {
            return Err(format!("'{loser}' is not a side of this game"));
        }
        let winner = teams.into_iter().find(|t| t != loser);
        self.over = Some(GameResult { winner, reason });
        if let Some(clock) = self.clock.as_mut() {
            clock.halt();
        }
        Ok(())
    }

    /// `side` (a side to move) has run out of time: its team loses.
    fn lose_on_time(&mut self, side: &str) -> Result<(), String> {
        let (_, team) = self.engine.side_to_move();
        self.finish(&team, format!("{side} lost on time"))
    }

    /// The engine moves for the side to move (rolling its die first in a
    /// divination game). An offer of an exchange of prisoners goes to the
    /// person when `person_answers`, else to the engine.
    fn engine_turn(
        &mut self,
        turn: EngineTurn,
        person_answers: bool,
        out: &mut dyn FnMut(String),
    ) -> Result<(), String> {
        self.live()?;
        if self.engine.awaiting_roll() {
            self.roll()?;
        }
        match self.engine_search(turn, out)? {
            Some(best) => self.engine_chose(&best, turn, person_answers, out),
            None => Ok(()),
        }
    }

    /// Plays the engine's choice `best`; an offer of the exchange goes to
    /// whoever answers for the other team.
    fn engine_chose(
        &mut self,
        best: &str,
        turn: EngineTurn,
        person_answers: bool,
        out: &mut dyn FnMut(String),
    ) -> Result<(), String> {
        if best == "exchange" {
            if person_answers {
                self.offer = Some(turn);
                out(ToPage::ExchangeOffer.to_json());
                out(self.state());
                return Ok(());
            }
            if !self.ask_engine_about_exchange()? {
                self.engine.decline_offer()?;
                return self.engine_search_and_play(turn, out);
            }
        }
        self.play_engine_move(best, out)
    }

    /// Searches for the engine's move; `None` when a page message
    /// interrupted the search.
    fn engine_search(
        &mut self,
        turn: EngineTurn,
        out: &mut dyn FnMut(String),
    ) -> Result<Option<String>, String> {
        self.configure(turn.elo, 1)?;
        let limits = match &self.clock {
            Some(clock) => clock.search_limits(),
            None => SearchLimits {
                movetime_ms: Some(turn.movetime),
                ..SearchLimits::default()
            },
        };
        let Searched::Done { best, .. } = self.search(&limits, false, out)? else {
            return Ok(None);
        };
        best.map(Some)
            .ok_or_else(|| "the engine has no move (the game is over)".to_string())
    }

    fn engine_search_and_play(
        &mut self,
        turn: EngineTurn,
        out: &mut dyn FnMut(String),
    ) -> Result<(), String> {
        match self.engine_search(turn, out)? {
            Some(best) => self.play_engine_move(&best, out),
            None => Ok(()),
        }
    }

    fn play_engine_move(&mut self, best: &str, out: &mut dyn FnMut(String)) -> Result<(), String> {
        self.push_move(best)?;
        out(ToPage::EngineMove { r#move: best }.to_json());
        out(self.state());
        Ok(())
    }

    /// Asks the engine, for the team not to move, whether it accepts the
    /// exchange of prisoners offered by the army to move.
    fn ask_engine_about_exchange(&mut self) -> Result<bool, String> {
        self.live()?;
        let permits = Arc::clone(&self.permits);
        let _permit = permits.acquire();
        Ok(self.engine.answer_offer(EXCHANGE_THINKING_MS)?.accept)
    }

    /// After the person's offer was declined: an army whose only move was
    /// the exchange passes.
    fn pass_if_only_the_exchange(&mut self) -> Result<(), String> {
        if self.board().legal == ["exchange"] {
            self.engine.decline_offer()?;
            self.push_move("0000")?;
        }
        Ok(())
    }

    /// The engine's level (full strength for `None`, else that Elo) and its
    /// number of lines.
    fn configure(&mut self, elo: Option<u64>, lines: usize) -> Result<(), String> {
        let strength = match elo {
            None => None,
            // The top of the scale is full strength.
            Some(elo) if elo == u64::from(MAX_ELO) => None,
            Some(elo) => match u32::try_from(elo) {
                Ok(elo) if (MIN_ELO..MAX_ELO).contains(&elo) => Some(Strength::from_elo(elo)),
                _ => {
                    return Err(format!(
                        "elo {elo} is not a number from {MIN_ELO} to {MAX_ELO}"
                    ));
                }
            },
        };
        let config = Config {
            strength,
            multipv: lines,
            ..self.engine.config().clone()
        };
        Ok(self.engine.configure(&config)?)
    }
}

/// The `type` of a JSON message, if it has one.
fn message_type(text: &str) -> Option<String> {
    let message: Value = serde_json::from_str(text).ok()?;
    message.get("type")?.as_str().map(str::to_string)
}

/// An `error` message.
pub fn error_message(message: &str) -> String {
    let message = fields::shortened(message, MAX_ERROR_CHARS);
    ToPage::Error { message: &message }.to_json()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Yellow's and Black's Kings are taken: Blue, to move, may offer the
    /// exchange of prisoners.
    const EXCHANGE_START: &str = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -";

    fn tab() -> Tab {
        Tab::new(Arc::new(Permits::new(1)))
    }

    fn parse(reply: &str) -> Value {
        serde_json::from_str(reply).expect("valid JSON")
    }

    /// The last reply of `message`, parsed.
    fn last(tab: &mut Tab, message: &str) -> Value {
        let replies = tab.handle(message);
        parse(replies.last().expect("a reply"))
    }

    #[test]
    fn moves_are_checked_by_the_engine_and_bad_ones_change_nothing() {
        let mut tab = tab();
        let state = last(&mut tab, r#"{"type":"move","move":"e2e4"}"#);
        assert_eq!(state["moves"], serde_json::json!(["e2e4"]));
        assert_eq!(state["board"]["to_move"], "Black");
        assert_eq!(state["board"]["legal"].as_array().map(Vec::len), Some(20));
        for bad in [
            r#"{"type":"move","move":"e2e4"}"#,
            r#"{"type":"move","move":"e7e5 d2d4"}"#,
            r#"{"type":"move","move":"4:e7e5"}"#,
            r#"{"type":"move"}"#,
            r#"{"type":"fly"}"#,
            r#"{"type":"roll"}"#,
            r#"{"type":"exchange_reply","accept":true}"#,
            r#"{"type":"resign","team":"Green"}"#,
            r#"{"type":"import","pgn":"1. e4 e4"}"#,
            r#"not json"#,
            r#"{"type":"new","variant":"checkers"}"#,
            r#"{"type":"new","variant":"chess","divination":true}"#,
            r#"{"type":"new","clock":{"increment":5}}"#,
            r#"{"type":"new","position":"8/8/8/8/8/8/8/8 w - - 0 1"}"#,
            r#"{"type":"new","variant":7}"#,
            r#"{"type":"new","clock":{"base":"long"}}"#,
            r#"{"type":"undo","plies":1e18}"#,
            r#"{"type":"undo","plies":0}"#,
            r#"{"type":"engine","movetime":"fast"}"#,
            r#"{"type":"engine","movetime":5}"#,
            r#"{"type":"engine","elo":99999}"#,
            r#"{"type":"move","move":"e7e5","answer":"robot"}"#,
            r#"{"type":"analyse","depth":99}"#,
            r#"{"type":"analyse","infinite":"yes"}"#,
            r#"{"type":7}"#,
        ] {
            let replies = tab.handle(bad);
            assert_eq!(replies.len(), 1, "{bad}");
            assert_eq!(parse(&replies[0])["type"], "error", "{bad}");
            let state = parse(&tab.state());
            assert_eq!(state["moves"], serde_json::json!(["e2e4"]), "{bad}");
            assert_eq!(state["variant"], "chess", "{bad}");
            assert_eq!(state["over"], Value::Null, "{bad}");
        }
    }

    #[test]
    fn an_error_never_echoes_a_long_message_back() {
        let mut tab = tab();
        let junk = "x".repeat(60_000);
        let replies = tab.handle(&format!(r#"{{"type":"import","pgn":"1. {junk}"}}"#));
        assert_eq!(replies.len(), 1);
        let error = parse(&replies[0]);
        assert_eq!(error["type"], "error");
        let message = error["message"].as_str().expect("a message");
        assert!(
            message.chars().count() <= MAX_ERROR_CHARS + 1,
            "{}",
            message.len()
        );
    }

    #[test]
    fn the_engine_answers_and_undo_takes_back_in_every_game() {
        for variant in ["chess", "ultima", "oracle", "enochian"] {
            let mut tab = tab();
            let state = last(
                &mut tab,
                &format!(r#"{{"type":"new","variant":"{variant}"}}"#),
            );
            assert_eq!(state["board"]["variant"], variant);
            let replies = tab.handle(r#"{"type":"engine","movetime":50}"#);
            let engine = parse(&replies[0]);
            assert_eq!(engine["type"], "engine_move", "{variant}: {replies:?}");
            let mv = engine["move"].as_str().expect("move").to_string();
            assert!(
                state["board"]["legal"]
                    .as_array()
                    .is_some_and(|l| l.iter().any(|m| m == &Value::String(mv.clone()))),
                "{variant}: {mv} is not legal"
            );
            let after = parse(&replies[1]);
            assert_eq!(after["moves"], serde_json::json!([mv]));
            let undone = last(&mut tab, r#"{"type":"undo"}"#);
            assert_eq!(undone["moves"], serde_json::json!([]));
            assert_eq!(undone["board"]["position"], state["board"]["position"]);
        }
    }

    #[test]
    fn view_shows_an_earlier_position_and_changes_nothing() {
        let mut tab = tab();
        tab.handle(r#"{"type":"move","move":"e2e4"}"#);
        tab.handle(r#"{"type":"move","move":"e7e5"}"#);
        let view = last(&mut tab, r#"{"type":"view","at":1}"#);
        assert_eq!(view["type"], "view");
        assert_eq!(view["ply"], 1);
        assert_eq!(
            view["board"]["position"],
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        );
        let start = last(&mut tab, r#"{"type":"view","at":0}"#);
        assert_eq!(start["board"]["legal"].as_array().map(Vec::len), Some(20));
        for bad in [
            r#"{"type":"view","at":3}"#,
            r#"{"type":"view","at":-1}"#,
            r#"{"type":"view","at":"1"}"#,
            r#"{"type":"view"}"#,
        ] {
            assert_eq!(last(&mut tab, bad)["type"], "error", "{bad}");
        }
        let state = last(&mut tab, r#"{"type":"state"}"#);
        assert_eq!(state["moves"], serde_json::json!(["e2e4", "e7e5"]));
    }

    #[test]
    fn undo_until_a_side_takes_back_its_last_move_and_every_move_after_it() {
        // Chess: the person (White) and the engine's answer; or only the
        // person's move when the engine has not answered.
        let mut tab = tab();
        tab.handle(r#"{"type":"move","move":"e2e4"}"#);
        tab.handle(r#"{"type":"move","move":"e7e5"}"#);
        tab.handle(r#"{"type":"move","move":"g1f3"}"#);
        let state = last(&mut tab, r#"{"type":"undo","until":["White"]}"#);
        assert_eq!(state["moves"], serde_json::json!(["e2e4", "e7e5"]));
        let state = last(&mut tab, r#"{"type":"undo","until":["White"]}"#);
        assert_eq!(state["moves"], serde_json::json!([]));
        // Enochian chess, one army against three engine armies: back to
        // before the person's move, whatever the engines played since.
        tab = self::tab();
        let state = last(&mut tab, r#"{"type":"new","variant":"enochian"}"#);
        let person = state["board"]["to_move"].as_str().map(str::to_string);
        let person = person.expect("an army to move");
        let first = state["board"]["legal"][0].as_str().map(str::to_string);
        let first = first.expect("a legal move");
        tab.handle(&format!(r#"{{"type":"move","move":"{first}"}}"#));
        for _ in 0..3 {
            tab.handle(r#"{"type":"engine","movetime":10}"#);
        }
        let state = last(&mut tab, r#"{"type":"state"}"#);
        assert_eq!(state["moves"].as_array().map(Vec::len), Some(4));
        assert_eq!(state["board"]["to_move"], person.as_str());
        let undo = format!(r#"{{"type":"undo","until":["{person}"]}}"#);
        let state = last(&mut tab, &undo);
        assert_eq!(state["moves"], serde_json::json!([]));
        assert_eq!(state["board"]["to_move"], person.as_str());
        for bad in [
            r#"{"type":"undo","until":["purple"]}"#,
            r#"{"type":"undo","until":"yellow"}"#,
            r#"{"type":"undo","until":[1]}"#,
        ] {
            assert_eq!(last(&mut tab, bad)["type"], "error", "{bad}");
        }
    }

    #[test]
    fn chess_boards_list_their_pieces_and_a_mate_has_a_result() {
        let mut tab = tab();
        let state = last(
            &mut tab,
            r#"{"type":"new","variant":"chess","moves":["f2f3","e7e5","g2g4","d8h4"]}"#,
        );
        let board = &state["board"];
        assert_eq!(board["pieces"].as_array().map(Vec::len), Some(32));
        assert_eq!(board["result"]["winner"], "Black");
        assert_eq!(board["legal"], serde_json::json!([]));
        assert_eq!(
            last(&mut tab, r#"{"type":"analyse","depth":3}"#)["type"],
            "analysis"
        );
        // A live position: three lines, best first, each starting with a
        // legal move.
        let mut fresh = Tab::new(Arc::new(Permits::new(1)));
        let state = parse(&fresh.state());
        let analysis = last(&mut fresh, r#"{"type":"analyse","depth":4}"#);
        assert_eq!(analysis["final"], true);
        let lines = analysis["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3, "{analysis}");
        let legal = state["board"]["legal"].as_array().expect("legal");
        for line in lines {
            let first = &line["pv"][0]["text"];
            assert!(legal.iter().any(|m| m == first), "{first}");
            assert!(line["score"]["cp"].is_i64() || line["score"]["mate"].is_i64());
        }
        assert_eq!(lines[0]["pv"][0]["text"], analysis["bestmove"]);
        assert_eq!(lines[0]["score"], analysis["score"]);
        assert_eq!(lines[0]["depth"], analysis["depth"]);
    }

    /// A tab and the sender its page messages arrive on.
    fn tab_with_inbox() -> (Tab, Sender<Event>) {
        let (inbox, events) = channel();
        let tab = Tab::with_events(Arc::new(Permits::new(1)), inbox.clone(), events);
        (tab, inbox)
    }

    #[test]
    fn stop_ends_an_endless_analysis_which_reports_as_it_goes() {
        let (mut tab, inbox) = tab_with_inbox();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(900));
            let _ = inbox.send(Event::Page(r#"{"type":"stop"}"#.to_string()));
        });
        let started = Instant::now();
        let replies = tab.handle(r#"{"type":"analyse","infinite":true}"#);
        let took = started.elapsed();
        let _ = stopper.join();
        assert!(took >= Duration::from_millis(800), "{took:?}");
        assert!(took < Duration::from_secs(30), "{took:?}");
        let reports: Vec<Value> = replies.iter().map(|r| parse(r)).collect();
        assert!(reports.len() >= 2, "{replies:?}");
        assert!(
            reports.iter().all(|r| r["type"] == "analysis"),
            "{replies:?}"
        );
        assert_eq!(
            reports.last().map(|r| &r["final"]),
            Some(&Value::Bool(true))
        );
        assert_eq!(reports[0]["final"], false);
    }

    #[test]
    fn an_endless_analysis_yields_its_core_to_a_waiting_search() {
        let permits = Arc::new(Permits::new(1));
        let analyst = {
            let permits = Arc::clone(&permits);
            std::thread::spawn(move || {
                let mut tab = Tab::new(permits);
                tab.handle(r#"{"type":"analyse","infinite":true}"#)
            })
        };
        for _ in 0..200 {
            // Until the analysis holds the permit, a permit comes at once;
            // then this waits behind it.
            std::thread::sleep(Duration::from_millis(50));
            let started = Instant::now();
            drop(permits.acquire());
            let waited = started.elapsed();
            if waited >= Duration::from_millis(500) {
                assert!(waited < Duration::from_secs(30), "{waited:?}");
                let replies = analyst.join().expect("analysis");
                let last: Value =
                    serde_json::from_str(replies.last().expect("a report")).expect("JSON");
                assert_eq!(last["final"], true);
                return;
            }
        }
        panic!("the analysis never held the permit");
    }

    #[test]
    fn another_message_interrupts_the_engine_and_its_move_is_dropped() {
        let (mut tab, inbox) = tab_with_inbox();
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            let _ = inbox.send(Event::Page(r#"{"type":"new","variant":"ultima"}"#.into()));
        });
        let replies = tab.handle(r#"{"type":"engine","movetime":20000}"#);
        let _ = sender.join();
        assert!(replies.is_empty(), "{replies:?}");
        assert_eq!(parse(&tab.state())["moves"], serde_json::json!([]));
        // The interrupting message is handled next.
        let mut sent = Vec::new();
        tab.queued.push_back(Event::Closed);
        tab.run(|reply| {
            sent.push(reply);
            true
        });
        assert_eq!(parse(&sent[sent.len() - 1])["variant"], "ultima");
    }

    /// The page asks twice for an analysis (once per state when two new
    /// games cross); the second request, read while the first was being
    /// set up, must still end the first search, or a move made next waits
    /// behind an endless analysis of the old position.
    #[test]
    fn a_move_made_during_a_restarted_analysis_is_played_at_once() {
        let (tab, inbox) = tab_with_inbox();
        for message in [
            r#"{"type":"new","variant":"ultima"}"#,
            r#"{"type":"analyse","infinite":true}"#,
            r#"{"type":"analyse","infinite":true}"#,
        ] {
            let _ = inbox.send(Event::Page(message.into()));
        }
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(600));
            let _ = inbox.send(Event::Page(
                r#"{"type":"move","move":"a2a3","answer":"person"}"#.into(),
            ));
            std::thread::sleep(Duration::from_millis(1500));
            let stopped = Instant::now();
            let _ = inbox.send(Event::Page(r#"{"type":"stop"}"#.into()));
            std::thread::sleep(Duration::from_millis(300));
            let _ = inbox.send(Event::Closed);
            stopped
        });
        let mut sent = Vec::new();
        tab.run(|reply| {
            sent.push((Instant::now(), parse(&reply)));
            true
        });
        let stopped = sender.join().expect("the sender");
        let played = sent
            .iter()
            .find(|(_, m)| m["type"] == "state" && m["moves"] == serde_json::json!(["a2a3"]))
            .map(|(at, _)| *at);
        assert!(
            played.is_some_and(|at| at < stopped),
            "the move was played only after the stop: {:?}",
            sent.iter()
                .map(|(_, m)| m["type"].clone())
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_request_sent_from_an_older_state_is_dropped() {
        let mut tab = tab();
        tab.handle(r#"{"type":"move","move":"e2e4","ply":0}"#);
        assert!(
            tab.handle(r#"{"type":"move","move":"d2d4","ply":0}"#)
                .is_empty()
        );
        assert!(
            tab.handle(r#"{"type":"engine","movetime":10,"ply":0}"#)
                .is_empty()
        );
        assert!(
            tab.handle(r#"{"type":"analyse","depth":2,"ply":0}"#)
                .is_empty()
        );
        assert_eq!(parse(&tab.state())["moves"], serde_json::json!(["e2e4"]));
        let state = last(&mut tab, r#"{"type":"move","move":"e7e5","ply":1}"#);
        assert_eq!(state["moves"], serde_json::json!(["e2e4", "e7e5"]));
        let replies = tab.handle(r#"{"type":"engine","movetime":10,"ply":2}"#);
        assert_eq!(
            parse(&replies[replies.len() - 1])["moves"]
                .as_array()
                .map(Vec::len),
            Some(3)
        );
    }

    #[test]
    fn resigning_ends_the_game_and_export_says_so() {
        let mut tab = tab();
        tab.handle(r#"{"type":"move","move":"e2e4"}"#);
        let state = last(&mut tab, r#"{"type":"resign","team":"White"}"#);
        assert_eq!(state["over"]["winner"], "Black");
        assert_eq!(state["over"]["reason"], "White resigns");
        let refused = last(&mut tab, r#"{"type":"move","move":"e7e5"}"#);
        assert_eq!(refused["type"], "error");
        let pgn = last(&mut tab, r#"{"type":"export"}"#);
        let pgn = pgn["pgn"].as_str().expect("pgn");
        assert!(
            pgn.contains("[Result \"0-1\"]") && pgn.contains("{White resigns} 0-1"),
            "{pgn}"
        );
        let undone = last(&mut tab, r#"{"type":"undo"}"#);
        assert_eq!(undone["over"], Value::Null);
    }

    #[test]
    fn clocks_run_for_the_side_to_move_and_a_late_move_loses_on_time() {
        let mut tab = tab();
        let state = last(
            &mut tab,
            r#"{"type":"new","variant":"chess","clock":{"base":1000,"increment":100}}"#,
        );
        assert_eq!(state["clock"]["running"], "White");
        assert_eq!(state["clock"]["left"]["Black"], 1000);
        let state = last(&mut tab, r#"{"type":"move","move":"e2e4"}"#);
        assert_eq!(state["clock"]["running"], "Black");
        let white = state["clock"]["left"]["White"].as_i64().expect("ms");
        assert!((900..=1100).contains(&white), "{state}");
        // The engine plays Black on its clock.
        let replies = tab.handle(r#"{"type":"engine","movetime":5000}"#);
        let state = parse(replies.last().expect("state"));
        assert_eq!(
            state["moves"].as_array().map(Vec::len),
            Some(2),
            "{replies:?}"
        );
        assert!(
            state["clock"]["left"]["Black"].as_i64() < Some(1100),
            "{state}"
        );
        std::thread::sleep(Duration::from_millis(1300));
        let state = last(&mut tab, r#"{"type":"flag"}"#);
        assert_eq!(state["over"]["winner"], "Black", "{state}");
        assert_eq!(state["over"]["reason"], "White lost on time");
        assert_eq!(state["clock"]["running"], Value::Null);
        assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn a_move_after_the_flag_fell_is_not_played() {
        let mut tab = tab();
        tab.handle(r#"{"type":"new","variant":"ultima","clock":{"base":1000}}"#);
        std::thread::sleep(Duration::from_millis(1100));
        let state = last(&mut tab, r#"{"type":"move","move":"e2e3"}"#);
        assert_eq!(state["moves"], serde_json::json!([]), "{state}");
        assert_eq!(state["over"]["winner"], "Black", "{state}");
    }

    #[test]
    fn the_state_names_every_entry_in_readable_notation() {
        let mut tab = tab();
        let state = last(&mut tab, r#"{"type":"move","move":"g1f3"}"#);
        assert_eq!(state["notation"], serde_json::json!(["Nf3"]), "{state}");
        let state = last(&mut tab, r#"{"type":"move","move":"e7e5"}"#);
        assert_eq!(state["moves"], serde_json::json!(["g1f3", "e7e5"]));
        assert_eq!(state["notation"], serde_json::json!(["Nf3", "e5"]));
        let state = last(&mut tab, r#"{"type":"undo"}"#);
        assert_eq!(state["notation"], serde_json::json!(["Nf3"]));
        let state = last(&mut tab, r#"{"type":"new","variant":"ultima"}"#);
        assert_eq!(state["notation"], serde_json::json!([]));
        let state = last(&mut tab, r#"{"type":"move","move":"c2c4"}"#);
        assert_eq!(state["notation"], serde_json::json!(["Pc2-c4"]), "{state}");
        let new = format!(r#"{{"type":"new","variant":"enochian","position":"{EXCHANGE_START}"}}"#);
        tab.handle(&new);
        let state = last(&mut tab, r#"{"type":"move","move":"h8f6Q"}"#);
        assert_eq!(
            state["notation"],
            serde_json::json!(["b:Qh8-f6"]),
            "{state}"
        );
        assert_eq!(state["board"]["check"], serde_json::json!([]), "{state}");
        let state = last(
            &mut tab,
            r#"{"type":"new","variant":"enochian","divination":true}"#,
        );
        assert_eq!(state["notation"], serde_json::json!([]));
        let state = last(&mut tab, r#"{"type":"roll"}"#);
        let roll = state["moves"][0].as_str().expect("a roll");
        let words = format!("{} rolls {}", "Blue", roll.trim_end_matches(':'));
        assert_eq!(state["notation"], serde_json::json!([words]), "{state}");
        let mv = state["board"]["moves"][0].clone();
        let state = last(
            &mut tab,
            &format!(r#"{{"type":"move","move":{}}}"#, mv["text"]),
        );
        assert_eq!(
            state["notation"],
            serde_json::json!([mv["notation"]]),
            "{state}"
        );
        assert!(
            mv["notation"]
                .as_str()
                .is_some_and(|n| n.starts_with(&format!("b{roll}")))
        );
    }

    #[test]
    fn the_board_marks_the_king_in_check() {
        let mut tab = tab();
        for mv in ["f2f3", "e7e5", "g2g4"] {
            let state = last(&mut tab, &format!(r#"{{"type":"move","move":"{mv}"}}"#));
            assert_eq!(state["board"]["check"], serde_json::json!([]), "{state}");
        }
        let state = last(&mut tab, r#"{"type":"move","move":"d8h4"}"#);
        assert_eq!(
            state["board"]["check"],
            serde_json::json!(["e1"]),
            "{state}"
        );
        assert_eq!(state["notation"][3], "Qh4#", "{state}");
    }

    #[test]
    fn divination_games_roll_before_each_move() {
        let mut tab = tab();
        let state = last(
            &mut tab,
            r#"{"type":"new","variant":"enochian","divination":true}"#,
        );
        assert_eq!(state["divination"], true);
        assert_eq!(state["board"]["awaiting_roll"], true, "{state}");
        let refused = last(&mut tab, r#"{"type":"move","move":"h8f6Q"}"#);
        assert_eq!(refused["type"], "error");
        let mut rolls = std::collections::HashSet::new();
        for _ in 0..12 {
            let state = last(&mut tab, r#"{"type":"roll"}"#);
            let moves = state["moves"].as_array().expect("moves");
            let roll = moves.last().and_then(Value::as_str).expect("roll");
            assert!(roll.ends_with(':'), "{state}");
            rolls.insert(roll.to_string());
            assert_eq!(state["board"]["awaiting_roll"], false, "{state}");
            assert_eq!(last(&mut tab, r#"{"type":"roll"}"#)["type"], "error");
            // Whatever the roll, some move (perhaps the lost turn, 0000)
            // is legal and is played with its roll.
            let legal = state["board"]["legal"].as_array().expect("legal");
            let mv = legal[0].as_str().expect("move");
            let after = last(&mut tab, &format!(r#"{{"type":"move","move":"{mv}"}}"#));
            let played = after["moves"].as_array().and_then(|m| m.last()).cloned();
            assert_eq!(
                played,
                Some(Value::String(format!("{roll}{mv}"))),
                "{after}"
            );
            if after["board"]["result"] != Value::Null {
                // The move ended the game (an army's last King taken):
                // the engine has nothing to play.
                break;
            }
            let engine = last(&mut tab, r#"{"type":"engine","movetime":20}"#);
            assert_eq!(engine["type"], "state", "{engine}");
            if engine["board"]["result"] != Value::Null {
                break;
            }
        }
        assert!(rolls.len() >= 2, "{rolls:?}");
        let pgn = last(&mut tab, r#"{"type":"export"}"#);
        let pgn = pgn["pgn"].as_str().expect("pgn");
        let back = crate::pgn::import(pgn).expect("import");
        let moves: Vec<String> = parse(&tab.state())["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(|m| m.as_str().map(str::to_string))
            .filter(|m| !m.ends_with(':'))
            .collect();
        assert_eq!(back.moves, moves);
    }

    #[test]
    fn exchanges_of_prisoners_are_offered_and_answered() {
        let new = format!(r#"{{"type":"new","variant":"enochian","position":"{EXCHANGE_START}"}}"#);
        // The person (Blue) offers; the engine answers for Red and Yellow.
        let mut tab = tab();
        let state = last(&mut tab, &new);
        assert!(
            state["board"]["legal"]
                .as_array()
                .is_some_and(|l| l.iter().any(|m| m == "exchange"))
        );
        let replies = tab.handle(r#"{"type":"move","move":"exchange"}"#);
        let state = parse(replies.last().expect("state"));
        let accepted = state["moves"] == serde_json::json!(["exchange"]);
        let declined = replies
            .iter()
            .any(|r| parse(r)["type"] == "exchange_declined");
        assert!(accepted != declined, "{replies:?}");
        // Both teams played by people: the exchange is simply played.
        let mut tab = self::tab();
        tab.handle(&new);
        let state = last(
            &mut tab,
            r#"{"type":"move","move":"exchange","answer":"person"}"#,
        );
        assert_eq!(state["moves"], serde_json::json!(["exchange"]));
        assert!(
            !state["board"]["position"]
                .as_str()
                .unwrap_or("")
                .contains(" yk ")
        );
        // The engine (Blue) offers to the person (whether its search offers
        // depends on the position, so the offer is made directly here).
        let turn = EngineTurn {
            elo: None,
            movetime: 50,
        };
        for accept in [false, true] {
            let mut tab = self::tab();
            tab.handle(&new);
            let mut replies = Vec::new();
            tab.engine_chose("exchange", turn, true, &mut |r| replies.push(r))
                .expect("offer");
            assert_eq!(parse(&replies[0])["type"], "exchange_offer", "{replies:?}");
            assert_eq!(parse(&tab.state())["offer"], true);
            assert_eq!(
                last(&mut tab, r#"{"type":"move","move":"h6g6"}"#)["type"],
                "error"
            );
            let reply = format!(r#"{{"type":"exchange_reply","accept":{accept}}}"#);
            let state = last(&mut tab, &reply);
            let moves = state["moves"].as_array().expect("moves");
            assert_eq!(moves.len(), 1, "{state}");
            assert_eq!(moves[0] == "exchange", accept, "{state}");
            assert_eq!(state["offer"], false);
        }
        // An engine answering an engine's offer decides itself.
        let mut tab = self::tab();
        tab.handle(&new);
        let mut replies = Vec::new();
        tab.engine_chose("exchange", turn, false, &mut |r| replies.push(r))
            .expect("offer");
        let state = parse(replies.last().expect("state"));
        assert_eq!(state["moves"].as_array().map(Vec::len), Some(1), "{state}");
    }

    #[test]
    fn the_engine_offers_when_the_exchange_helps_its_team() {
        // Red, to move, has little; reviving Yellow is worth more to it.
        let start = "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/1kPN6/8/4rPNrPRrPBrPQ/4rNrRrBrKQ r d yk - -";
        let mut tab = tab();
        tab.handle(&format!(
            r#"{{"type":"new","variant":"enochian","position":"{start}"}}"#
        ));
        let replies = tab.handle(r#"{"type":"engine","movetime":300,"answer":"person"}"#);
        assert_eq!(parse(&replies[0])["type"], "exchange_offer", "{replies:?}");
        assert_eq!(parse(&tab.state())["offer"], true);
    }

    #[test]
    fn a_pgn_import_sets_up_the_game() {
        let mut tab = tab();
        let state = last(
            &mut tab,
            r#"{"type":"import","pgn":"[Variant \"ultima\"]\n\n1. e2e3 e7e6 *"}"#,
        );
        assert_eq!(state["variant"], "ultima");
        assert_eq!(state["moves"], serde_json::json!(["e2e3", "e7e6"]));
    }

    fn stored_tab() -> (Tab, Arc<Store>) {
        let dir = std::env::temp_dir().join(format!(
            "augur-tab-{}-{}",
            std::process::id(),
            store::new_id()
        ));
        let store = Arc::new(Store::open(&dir.join("games.sqlite3")).expect("store"));
        (tab().with_store(Arc::clone(&store)), store)
    }

    fn resumed(record: &GameRecord) -> Result<Tab, String> {
        let (inbox, events) = channel();
        Tab::resume(Arc::new(Permits::new(1)), inbox, events, record)
    }

    #[test]
    fn every_change_is_saved_and_a_stored_game_resumes_as_it_was() {
        let (mut tab, store) = stored_tab();
        let state = last(
            &mut tab,
            r#"{"type":"new","variant":"enochian","divination":true,"clock":{"base":60000},"settings":{"level":"1500"},"players":{"BlueBlack":"Ann"}}"#,
        );
        let id = state["id"].as_str().expect("an id").to_string();
        assert_eq!(state["settings"], serde_json::json!({"level": "1500"}));
        last(&mut tab, r#"{"type":"roll"}"#);
        let legal = parse(&tab.state())["board"]["legal"][0]
            .as_str()
            .expect("a move")
            .to_string();
        let state = last(&mut tab, &format!(r#"{{"type":"move","move":"{legal}"}}"#));
        last(&mut tab, r#"{"type":"roll"}"#);
        let stored = store.load(&id).expect("load").expect("saved");
        assert_eq!(
            serde_json::json!(stored.moves),
            parse(&tab.state())["moves"],
            "the roll after the move is saved too"
        );
        // The move with its roll, then the next army's roll.
        assert!(
            stored.moves.len() == 2
                && stored.moves[0].contains(':')
                && stored.moves[1].ends_with(':'),
            "{stored:?}"
        );
        let back = resumed(&stored).expect("resume");
        let again = parse(&back.state());
        assert_eq!(again["id"], id.as_str());
        assert_eq!(again["variant"], "enochian");
        assert_eq!(again["divination"], true);
        assert_eq!(again["moves"], parse(&tab.state())["moves"]);
        assert_eq!(again["board"], parse(&tab.state())["board"]);
        assert_eq!(again["settings"], serde_json::json!({"level": "1500"}));
        assert_eq!(again["players"], serde_json::json!({"BlueBlack": "Ann"}));
        let left = state["clock"]["left"].clone();
        assert_eq!(
            again["clock"]["left"].as_object().map(|m| m.len()),
            Some(4),
            "{left}"
        );
        assert!(
            again["clock"]["running"].is_string(),
            "the side to move's clock runs"
        );
        // A new game gets a new id; the old one stays stored.
        let fresh = last(&mut tab, r#"{"type":"new","variant":"chess"}"#);
        assert_ne!(fresh["id"], id.as_str());
        assert_eq!(fresh["settings"], serde_json::json!({"level": "1500"}));
        assert_eq!(fresh["players"], serde_json::json!({}));
        assert!(store.load(&id).expect("load").is_some());
        assert_eq!(store.list().expect("list").len(), 2);
        // A game left before its first move is not kept.
        let chess = fresh["id"].as_str().expect("id").to_string();
        assert!(store.load(&chess).expect("load").is_some());
        let ultima = last(&mut tab, r#"{"type":"new","variant":"ultima"}"#);
        assert_eq!(store.load(&chess).expect("load"), None);
        assert!(
            store
                .load(ultima["id"].as_str().expect("id"))
                .expect("load")
                .is_some()
        );
        assert_eq!(store.list().expect("list").len(), 2);
    }

    #[test]
    fn a_record_that_does_not_replay_is_refused() {
        let (tab, _) = stored_tab();
        let good = tab.record();
        let mut bad = good.clone();
        bad.moves = vec!["e2e5".into()];
        assert!(resumed(&bad).is_err());
        let mut bad = good.clone();
        bad.variant = "go".into();
        assert!(resumed(&bad).is_err());
        let mut bad = good.clone();
        bad.divination = true;
        assert!(resumed(&bad).is_err());
        let mut bad = good;
        bad.over = Some(Over {
            winner: Some("Purple".into()),
            reason: "?".into(),
        });
        assert!(resumed(&bad).is_err());
    }

    #[test]
    fn settings_and_players_are_stored_and_named_in_the_pgn() {
        let (mut tab, store) = stored_tab();
        let state = last(
            &mut tab,
            r#"{"type":"settings","settings":{"side":"second"},"players":{"White":"Augur 2000","Black":"Ann"}}"#,
        );
        assert_eq!(state["type"], "state");
        let stored = store.load(tab.id()).expect("load").expect("saved");
        assert_eq!(stored.settings, Some(serde_json::json!({"side": "second"})));
        assert_eq!(stored.players.get("Black").map(String::as_str), Some("Ann"));
        let pgn = last(&mut tab, r#"{"type":"export"}"#);
        let pgn = pgn["pgn"].as_str().expect("pgn");
        assert!(
            pgn.contains("[White \"Augur 2000\"]") && pgn.contains("[Black \"Ann\"]"),
            "{pgn}"
        );
        let today = crate::pgn::date(store::now_ms());
        assert!(pgn.contains(&format!("[Date \"{today}\"]")), "{pgn}");
        for bad in [
            r#"{"type":"settings","settings":[1]}"#,
            r#"{"type":"settings","players":{"Red":"x"}}"#,
            r#"{"type":"new","settings":"x"}"#,
        ] {
            assert_eq!(last(&mut tab, bad)["type"], "error", "{bad}");
        }
        assert_eq!(
            parse(&tab.state())["settings"],
            serde_json::json!({"side": "second"})
        );
        // Default names.
        let mut plain = self::tab();
        let pgn = last(&mut plain, r#"{"type":"export"}"#);
        let pgn = pgn["pgn"].as_str().expect("pgn");
        assert!(
            pgn.contains("[White \"Person\"]") && pgn.contains("[Black \"Augur\"]"),
            "{pgn}"
        );
    }

    #[test]
    fn the_clocks_stop_when_the_page_goes() {
        let (inbox, events) = channel();
        let dir = std::env::temp_dir().join(format!("augur-clock-{}", store::new_id()));
        let store = Arc::new(Store::open(&dir.join("g.sqlite3")).expect("store"));
        let tab = Tab::with_events(Arc::new(Permits::new(1)), inbox.clone(), events)
            .with_store(Arc::clone(&store));
        let id = tab.id().to_string();
        let _ = inbox.send(Event::Page(
            r#"{"type":"new","variant":"chess","clock":{"base":60000}}"#.into(),
        ));
        let (told_tx, told) = channel();
        let tab = tab.on_new_game(move |id| {
            let _ = told_tx.send(id.to_string());
        });
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(400));
            let _ = inbox.send(Event::Closed);
        });
        tab.run(|_| true);
        let _ = sender.join();
        let new_id = told.try_recv().expect("told the new id");
        assert_ne!(new_id, id);
        let stored = store.load(&new_id).expect("load").expect("saved");
        let clock = stored.clock.expect("a clock");
        let white = clock.left[0].1;
        assert!((58_000..=59_700).contains(&white), "{white}");
        let back = resumed(&store.load(&new_id).expect("load").expect("saved")).expect("resume");
        std::thread::sleep(Duration::from_millis(100));
        let view = parse(&back.state());
        assert!(
            view["clock"]["left"]["White"].as_i64() <= Some(white - 90),
            "{view}"
        );
    }

    #[test]
    fn the_graph_scores_every_position_of_the_game_and_changes_nothing() {
        let mut tab = tab();
        tab.handle(r#"{"type":"new","moves":["f2f3","e7e5","g2g4","d8h4"]}"#);
        let before = tab.state();
        let graph = last(&mut tab, r#"{"type":"graph"}"#);
        assert_eq!(graph["type"], "graph");
        let scores = graph["scores"].as_array().expect("scores");
        assert_eq!(scores.len(), 5, "{graph}");
        assert_eq!(scores[3], serde_json::json!({"ply": 3, "mate": -1}));
        assert_eq!(tab.state(), before);
    }

    #[test]
    fn a_page_message_abandons_the_graph_and_is_handled_next() {
        let (inbox, events) = channel();
        let mut tab = Tab::with_events(Arc::new(Permits::new(1)), inbox.clone(), events);
        tab.handle(r#"{"type":"new","moves":["e2e4","e7e5"]}"#);
        inbox
            .send(Event::Page(r#"{"type":"move","move":"g1f3"}"#.into()))
            .expect("sent");
        assert!(tab.handle(r#"{"type":"graph"}"#).is_empty());
        assert_eq!(tab.queued.len(), 1);
    }
}
