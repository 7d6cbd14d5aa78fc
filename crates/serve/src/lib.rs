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
//! client address), messages of at most
//! [`MAX_MESSAGE_BYTES`], a game dropped after [`IDLE_TIMEOUT`] without a
//! message, and at most one search per core at a time (the rest queue in
//! arrival order). A malformed message gets one `error` message and changes
//! nothing.

pub mod analysis;
pub mod clock;
pub mod fields;
pub mod graph;
pub mod guard;
pub mod memory;
pub mod message;
pub mod permits;
pub mod pgn;
pub mod seats;
pub mod tab;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{ConnectInfo, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use guard::Guard;
use permits::Permits;
use seats::{Full, Seats};
use tab::{Event, Tab, error_message};

/// The most games open at once; further connections are refused.
pub const MAX_GAMES: usize = 256;
/// The most games one client (IP address) may hold open, so that no
/// single client fills the server.
pub const MAX_GAMES_PER_CLIENT: usize = 64;
/// The largest message a page may send.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// A game without a message from its page for this long is dropped
/// (WebSocket pings do not count).
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30 * 60);

/// The page's files, embedded in the binary (the page works offline):
/// the path each is served at, its content type and its text.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
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
}

struct Shared {
    permits: Arc<Permits>,
    games: Arc<Seats>,
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
        .with_state(shared)
        .layer(axum::middleware::from_fn_with_state(guard, guard::check))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn websocket(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let seat = match Seats::take(&shared.games, client.ip()) {
        Ok(seat) => seat,
        Err(Full::Server) => {
            return (StatusCode::SERVICE_UNAVAILABLE, "too many open games").into_response();
        }
        Err(Full::Client) => {
            return (
                StatusCode::TOO_MANY_REQUESTS,
                "too many open games from this client",
            )
                .into_response();
        }
    };
    upgrade
        // Somewhat larger messages are read, to be refused with a reason.
        .max_message_size(2 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            play(socket, Arc::clone(&shared.permits)).await;
            drop(seat);
        })
}

/// One tab: messages go to its game's own thread, replies come back.
async fn play(mut socket: WebSocket, permits: Arc<Permits>) {
    let (to_game, events) = std::sync::mpsc::channel::<Event>();
    let (to_page, mut replies) = tokio::sync::mpsc::unbounded_channel::<String>();
    let inbox = to_game.clone();
    let game = std::thread::spawn(move || {
        Tab::with_events(permits, inbox, events).run(|reply| to_page.send(reply).is_ok());
    });
    // Only the page's own messages keep a game alive (pings do not).
    let mut last_message = tokio::time::Instant::now();
    loop {
        let idle_until = last_message + IDLE_TIMEOUT;
        tokio::select! {
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
                _ => break,
            },
        }
    }
    let _ = to_game.send(Event::Closed);
    // The game thread ends once its current message is answered (a running
    // search is stopped).
    let _ = tokio::task::spawn_blocking(move || game.join()).await;
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
        });
        let guard = Arc::new(Guard {
            address,
            allowed_origins: config.allowed_origins.clone(),
        });
        let app = router(shared, guard).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, app)
            .await
            .map_err(|e| format!("server stopped: {e}"))
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
