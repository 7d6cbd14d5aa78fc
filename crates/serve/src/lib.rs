//! augur-serve: `augur serve`, a web board for every game Augur plays.
//!
//! It owns the HTTP and WebSocket server (axum on tokio), the page's assets
//! (embedded in the binary, so the page works offline), and the JSON
//! messages between page and server (`protocol.md`, section "augur serve").
//! Game logic is not repeated here: each tab plays its game through the
//! engine API (`augur_engine::Engine`, the layer the UCI loop prints;
//! [`tab`]), sends the page the engine's own values as JSON, and the page
//! only offers the legal moves the engine lists.
//!
//! Bounds: at most [`MAX_GAMES`] open games ([`MAX_GAMES_PER_CLIENT`] per
//! client address; a connection beyond them is closed at once with
//! [`CLOSE_TRY_AGAIN_LATER`] and a reason), messages of at most
//! [`MAX_MESSAGE_BYTES`], a game dropped after [`IDLE_TIMEOUT`] without a
//! message, and at most one search per core at a time (the rest queue in
//! arrival order). A malformed message gets one `error` message and changes
//! nothing.
//!
//! Games last: each is stored ([`store`]) after every change, under a
//! random id; `/game/<id>` is its page and `/ws?game=<id>` resumes it, in
//! one connection at a time ([`open_games`]). `/games` lists the stored
//! games ([`api`]).

pub mod analysis;
pub mod api;
pub mod clock;
pub mod connections;
pub mod fields;
pub mod graph;
pub mod guard;
pub mod memory;
pub mod message;
pub mod open_games;
pub mod permits;
pub mod pgn;
pub mod seats;
pub mod store;
pub mod tab;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use guard::Guard;
use open_games::{Lease, OpenGames};
use permits::Permits;
use seats::{Full, Seats};
use store::Store;
use tab::{Event, Tab, error_message};

/// The most games open at once; further connections are closed at once.
pub const MAX_GAMES: usize = 256;
/// The most games one client (IP address) may hold open, so that no
/// single client fills the server.
pub const MAX_GAMES_PER_CLIENT: usize = 64;
/// The largest message a page may send.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// A game without a message from its page for this long is dropped
/// (WebSocket pings do not count).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// The close code of a connection refused because the server (or this
/// client) has its most games open: try again later.
pub const CLOSE_TRY_AGAIN_LATER: u16 = 1013;
/// The close code of a connection whose game was opened in another tab (or
/// deleted from the past games page).
pub const CLOSE_TAKEN_OVER: u16 = 4000;

/// The page's files, embedded in the binary (the page works offline):
/// the path each is served at, its content type and its text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    // A stored game's own address: the same page, which reads the id.
    (
        "/game/{id}",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/games",
        "text/html; charset=utf-8",
        include_str!("../assets/games.html"),
    ),
    (
        "/games.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/games.js"),
    ),
    (
        "/settings.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/settings.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/board.js"),
    ),
    (
        "/moving.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/moving.js"),
    ),
    (
        "/movelist.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/movelist.js"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "/pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/pieces.js"),
    ),
    (
        "/layout.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/layout.js"),
    ),
    (
        "/analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/analysis.js"),
    ),
    (
        "/sound.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/sound.js"),
    ),
    (
        "/graph.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/graph.js"),
    ),
    (
        "/ending.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/ending.js"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
];

/// Where to listen.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to bind (`127.0.0.1` by default: nothing is exposed
    /// unless asked).
    pub host: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Open the page in the default browser once listening.
    pub open: bool,
    /// Origins besides the page's own whose pages may open games
    /// (`--allow-origin http://host:port`).
    pub allowed_origins: Vec<String>,
    /// The game database (`None`: `<user data dir>/augur/games.sqlite3`).
    pub db: Option<PathBuf>,
    /// How long a game may go without a message before it is dropped
    /// (stored first); [`IDLE_TIMEOUT`] unless a test shortens it.
    pub idle_timeout: Duration,
}

impl ServeConfig {
    /// Listening on `host:port`, with the default database and timeouts.
    pub fn new(host: &str, port: u16) -> Self {
        Self {
            host: host.to_string(),
            port,
            open: false,
            allowed_origins: Vec::new(),
            db: None,
            idle_timeout: IDLE_TIMEOUT,
        }
    }
}

/// What every connection and request shares.
pub(crate) struct Shared {
    pub(crate) permits: Arc<Permits>,
    games: Arc<Seats>,
    pub(crate) store: Arc<Store>,
    pub(crate) open: Arc<OpenGames>,
    idle_timeout: Duration,
}

/// The server's routes (for tests and embedding), behind the guard.
fn router(shared: Arc<Shared>, guard: Arc<Guard>) -> Router {
    let mut routes = Router::new();
    for &(path, content_type, body) in ASSETS {
        routes = routes.route(path, get(move || async move { asset(content_type, body) }));
    }
    routes
        // No icon: an empty answer, not a 404 in the console.
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route("/ws", get(websocket))
        .route("/api/games", get(api::list))
        .route("/api/games/{id}/pgn", get(api::pgn))
        .route("/api/games/{id}", axum::routing::delete(api::delete))
        .with_state(shared)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn websocket(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Query(query): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    // A full server still accepts the socket, to close it with a reason
    // the page can show (an HTTP error is not readable from a page).
    let seat = Seats::take(&shared.games, client.ip());
    let requested = query.get("game").cloned();
    upgrade
        // Somewhat larger messages are read, to be refused with a reason.
        .max_message_size(2 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |mut socket| async move {
            let seat = match seat {
                Ok(seat) => seat,
                Err(full) => {
                    let reason = match full {
                        Full::Server => format!(
                            "the server has {MAX_GAMES} games open: close a tab and reload"
                        ),
                        Full::Client => format!(
                            "this client already has {MAX_GAMES_PER_CLIENT} games open: close a tab and reload"
                        ),
                    };
                    let _ = socket.send(close(CLOSE_TRY_AGAIN_LATER, reason)).await;
                    return;
                }
            };
            play(socket, &shared, requested).await;
            drop(seat);
        })
}

/// A close frame with `code` and `reason`.
fn close(code: u16, reason: String) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }))
}

/// The tab of a connection: the stored game `requested` (taken from the
/// connection that had it), or a new chess game (stored at once) when
/// there is none or it cannot be read. Returns the tab, the connection's
/// hold on its game, and the errors to send the page before the game.
async fn open_tab(
    shared: &Arc<Shared>,
    requested: Option<String>,
    inbox: std::sync::mpsc::Sender<Event>,
    events: std::sync::mpsc::Receiver<Event>,
) -> Result<(Tab, Arc<Lease>, Vec<String>), String> {
    let lease = match requested.as_deref().filter(|id| store::is_id(id)) {
        Some(id) => Some(shared.open.claim(id, open_games::OPENED_ELSEWHERE).await),
        None => None,
    };
    let (store, permits) = (Arc::clone(&shared.store), Arc::clone(&shared.permits));
    let opened = tokio::task::spawn_blocking(move || {
        let mut notices = Vec::new();
        let mut tab = Tab::with_events(permits, inbox, events).with_store(Arc::clone(&store));
        let loaded = match requested.as_deref() {
            None => Ok(()),
            Some(id) if !store::is_id(id) => Err(format!(
                "no game {}",
                fields::shortened(id, store::ID_LENGTH * 3)
            )),
            Some(id) => match store.load(id) {
                Ok(None) => Err(format!("no game {id}")),
                Ok(Some(record)) => tab
                    .load(&record)
                    .map_err(|e| format!("game {id} cannot be read: {e}")),
                Err(e) => Err(e),
            },
        };
        if let Err(message) = loaded {
            notices.push(error_message(&message));
        }
        // A new game is stored at once (and a resumed one marked as
        // played now).
        if let Err(e) = tab.save() {
            notices.push(error_message(&e));
        }
        (tab, notices)
    });
    let (tab, notices) = opened
        .await
        .map_err(|_| "cannot open the game".to_string())?;
    let lease = match lease {
        Some(lease) => {
            shared.open.rename(&lease, tab.id());
            lease
        }
        None => {
            shared
                .open
                .claim(tab.id(), open_games::OPENED_ELSEWHERE)
                .await
        }
    };
    let (open, held) = (Arc::clone(&shared.open), Arc::clone(&lease));
    let tab = tab.on_new_game(move |id| open.rename(&held, id));
    Ok((tab, lease, notices))
}

/// One tab: messages go to its game's own thread, replies come back.
async fn play(mut socket: WebSocket, shared: &Arc<Shared>, requested: Option<String>) {
    let (to_game, events) = std::sync::mpsc::channel::<Event>();
    let (to_page, mut replies) = tokio::sync::mpsc::unbounded_channel::<String>();
    let (tab, lease, notices) = match open_tab(shared, requested, to_game.clone(), events).await {
        Ok(opened) => opened,
        Err(message) => {
            let _ = socket.send(close(close_code::ERROR, message)).await;
            return;
        }
    };
    for notice in notices {
        if socket.send(Message::Text(notice.into())).await.is_err() {
            break;
        }
    }
    let game = std::thread::spawn(move || {
        tab.run(|reply| to_page.send(reply).is_ok());
    });
    // Only the page's own messages keep a game alive (pings do not).
    let mut last_message = tokio::time::Instant::now();
    loop {
        let idle_until = last_message + shared.idle_timeout;
        tokio::select! {
            why = lease.kicked() => {
                let _ = socket.send(close(CLOSE_TAKEN_OVER, why.to_string())).await;
                break;
            }
            reply = replies.recv() => match reply {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
            incoming = tokio::time::timeout_at(idle_until, socket.recv()) => match incoming {
                Ok(Some(Ok(Message::Text(text)))) if text.len() > MAX_MESSAGE_BYTES => {
                    let _ = socket.send(too_large()).await;
                    break;
                }
                Ok(Some(Ok(Message::Text(text)))) => {
                    last_message = tokio::time::Instant::now();
                    if to_game.send(Event::Page(text.to_string())).is_err() {
                        break;
                    }
                }
                Ok(Some(Ok(Message::Binary(_)))) => {
                    let reply = error_message("messages are JSON text");
                    if socket.send(Message::Text(reply.into())).await.is_err() {
                        break;
                    }
                }
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(_))) => {
                    // Most often a message over the read limit.
                    let _ = socket.send(too_large()).await;
                    break;
                }
                Err(_) => {
                    let reason = "the game was idle too long: reload to go on".to_string();
                    let _ = socket.send(close(close_code::NORMAL, reason)).await;
                    break;
                }
                Ok(None) => break,
            },
        }
    }
    let _ = to_game.send(Event::Closed);
    // The game thread saves the game and ends once its current message is
    // answered (a running search is stopped); then the game is free for
    // another connection.
    let _ = tokio::task::spawn_blocking(move || game.join()).await;
    shared.open.release(&lease);
}

/// The close frame for a message over [`MAX_MESSAGE_BYTES`].
fn too_large() -> Message {
    Message::Close(Some(CloseFrame {
        code: close_code::SIZE,
        reason: format!("messages are at most {MAX_MESSAGE_BYTES} bytes").into(),
    }))
}

/// Runs the server until the process ends; an error is a message for the
/// user (the address cannot be bound).
pub fn run(config: &ServeConfig) -> Result<(), String> {
    memory::return_large_blocks_to_the_system();
    let path = match &config.db {
        Some(path) => path.clone(),
        None => {
            let (path, warning) = store::default_path();
            if let Some(warning) = warning {
                eprintln!("augur serve: {warning}");
            }
            path
        }
    };
    let store = Arc::new(Store::open(&path)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((config.host.as_str(), config.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("no local address: {e}"))?;
        let url = format!("http://{address}/");
        println!("augur serve: {url}");
        if config.open {
            open_browser(&url);
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let shared = Arc::new(Shared {
            permits: Arc::new(Permits::new(cores)),
            games: Arc::new(Seats::new(MAX_GAMES, MAX_GAMES_PER_CLIENT)),
            store,
            open: Arc::new(OpenGames::default()),
            idle_timeout: config.idle_timeout,
        });
        let guard = Arc::new(Guard {
            address,
            allowed_origins: config.allowed_origins.clone(),
        });
        connections::serve(listener, router(shared, guard)).await;
        Ok(())
    })
}

/// Asks the desktop to open `url` (best effort).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("augur serve: cannot open a browser ({e}); open {url} yourself");
    }
}
