//! `augur serve` through the real binary: the page and its assets load, a
//! WebSocket game answers moves and refuses bad messages with one error,
//! twenty games open at once all load and answer, and games are stored:
//! resumed by id, taken over by a second connection, kept across a restart
//! and an idle drop, listed, downloaded and deleted over HTTP.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    address: String,
}

/// A fresh database path in a folder of its own.
fn temp_db() -> std::path::PathBuf {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("augur-serve-test-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir.join("games.sqlite3")
}

impl Server {
    /// `augur serve --port 0` (any free port) on a database of its own,
    /// once it prints its address.
    fn start() -> Self {
        Self::start_with(&temp_db(), &[])
    }

    /// `augur serve --port 0 --db db` with the further arguments `extra`.
    fn start_with(db: &std::path::Path, extra: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_augur"))
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("start augur serve");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("address line");
        let address = line
            .trim()
            .strip_prefix("augur serve: http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_string();
        Server { child, address }
    }

    fn get(&self, path: &str) -> (String, String) {
        self.request(path, &format!("Host: {}\r\n", self.address))
    }

    /// `GET path` with the header lines `headers` (each ending in CRLF).
    fn request(&self, path: &str, headers: &str) -> (String, String) {
        self.send_request("GET", path, headers)
    }

    /// `method path` with the header lines `headers` (each ending in CRLF).
    fn send_request(&self, method: &str, path: &str, headers: &str) -> (String, String) {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"
        )
        .expect("request");
        // Read to the end, or only the head of a switch to a WebSocket
        // (which stays open).
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("a timeout");
        let mut response = Vec::new();
        let mut byte = [0u8; 1];
        while let Ok(1) = stream.read(&mut byte) {
            response.push(byte[0]);
            if response.ends_with(b"\r\n\r\n") && response.starts_with(b"HTTP/1.1 101") {
                break;
            }
        }
        let response = String::from_utf8_lossy(&response).into_owned();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        (head.to_string(), body.to_string())
    }

    fn socket(&self) -> tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>> {
        self.socket_at("/ws")
    }

    /// A WebSocket to `path` (`/ws?game=<id>`).
    fn socket_at(&self, path: &str) -> Socket {
        let (socket, _) =
            tungstenite::connect(format!("ws://{}{path}", self.address)).expect("websocket");
        if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_ref() {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
        }
        socket
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>;

fn receive(socket: &mut Socket) -> Value {
    loop {
        match socket.read().expect("message") {
            tungstenite::Message::Text(text) => {
                return serde_json::from_str(text.as_str()).expect("JSON");
            }
            _ => continue,
        }
    }
}

fn send(socket: &mut Socket, text: &str) {
    socket
        .send(tungstenite::Message::Text(text.into()))
        .expect("send");
}

#[test]
fn the_page_loads_and_a_game_is_played_over_the_websocket() {
    let server = Server::start();
    let (head, body) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    for hook in [
        "id=\"board\"",
        "select id=\"variant\"",
        "id=\"new-game\"",
        "id=\"moves\"",
        "id=\"status\"",
    ] {
        assert!(body.contains(hook), "{hook}");
    }
    for value in ["chess", "ultima", "oracle", "enochian"] {
        assert!(
            body.contains(&format!("<option value=\"{value}\"")),
            "{value}"
        );
    }
    let (head, script) = server.get("/app.js");
    assert!(head.contains("text/javascript"), "{head}");
    assert!(script.contains("new WebSocket"));
    // The board's squares are drawn by board.js.
    let (head, script) = server.get("/board.js");
    assert!(head.contains("text/javascript"), "{head}");
    assert!(script.contains("dataset.square"));

    let mut socket = server.socket();
    let state = receive(&mut socket);
    assert_eq!(state["type"], "state");
    assert_eq!(state["board"]["legal"].as_array().map(Vec::len), Some(20));
    send(&mut socket, r#"{"type":"move","move":"e2e4"}"#);
    let state = receive(&mut socket);
    assert_eq!(state["moves"], serde_json::json!(["e2e4"]));
    send(&mut socket, r#"{"type":"engine","movetime":50,"elo":1500}"#);
    let engine = receive(&mut socket);
    assert_eq!(engine["type"], "engine_move", "{engine}");
    let state = receive(&mut socket);
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(2));
    // Hostile input: one error each, the game unchanged.
    for bad in [
        "{",
        r#"{"type":"move","move":"e2e5"}"#,
        r#"{"type":"new","variant":"go"}"#,
        r#"{"type":"move","move":"a\nquit"}"#,
        r#"[1,2,3]"#,
    ] {
        send(&mut socket, bad);
        let reply = receive(&mut socket);
        assert_eq!(reply["type"], "error", "{bad}: {reply}");
    }
    send(&mut socket, r#"{"type":"state"}"#);
    let again = receive(&mut socket);
    assert_eq!(again["moves"], state["moves"]);
    // Too large a message closes the connection with a reason, and the
    // server goes on.
    let _ = socket.send(tungstenite::Message::Text("x".repeat(70_000).into()));
    if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_ref() {
        let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    }
    let close = loop {
        match socket.read() {
            Ok(tungstenite::Message::Close(frame)) => break frame,
            Ok(_) => continue,
            Err(e) => panic!("no close frame: {e}"),
        }
    };
    let close = close.expect("a close frame with a reason");
    assert_eq!(u16::from(close.code), 1009);
    assert!(close.reason.contains("65536"), "{}", close.reason);
    let mut other = server.socket();
    assert_eq!(receive(&mut other)["type"], "state");
}

/// A WebSocket to `server` from the local address `from`; `None` when
/// that address cannot be used here.
fn socket_from(server: &Server, from: &str) -> Option<Result<Socket, String>> {
    let address: std::net::SocketAddr = server.address.parse().expect("an address");
    let source: std::net::SocketAddr = format!("{from}:0").parse().expect("an address");
    let tcp = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    tcp.bind(&source.into()).ok()?;
    tcp.connect(&address.into()).ok()?;
    let stream: TcpStream = tcp.into();
    let url = format!("ws://{}/ws", server.address);
    Some(
        tungstenite::client(url, tungstenite::stream::MaybeTlsStream::Plain(stream))
            .map(|(socket, _)| socket)
            .map_err(|e| e.to_string()),
    )
}

#[test]
fn one_client_cannot_lock_out_another() {
    let server = Server::start();
    let mut mine = Vec::new();
    let mut refused = 0;
    for _ in 0..70 {
        // A refused socket is accepted and closed at once with a reason
        // the page can show.
        let mut socket = server.socket();
        match socket.read().expect("a first message") {
            tungstenite::Message::Text(_) => mine.push(socket),
            tungstenite::Message::Close(Some(frame)) => {
                assert_eq!(u16::from(frame.code), 1013);
                assert!(
                    frame
                        .reason
                        .contains("this client already has 64 games open"),
                    "{}",
                    frame.reason
                );
                refused += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!((mine.len(), refused), (64, 6));
    match socket_from(&server, "127.0.0.2") {
        Some(other) => {
            let mut other = other.expect("a second client gets a game");
            assert_eq!(receive(&mut other)["type"], "state");
        }
        None => eprintln!("127.0.0.2 is not usable here; the second client was not tried"),
    }
    // Closed games free their seats.
    drop(mine);
    std::thread::sleep(Duration::from_millis(500));
    let mut again = server.socket();
    assert_eq!(receive(&mut again)["type"], "state");
}

#[test]
fn no_other_site_or_host_name_drives_the_server() {
    let server = Server::start();
    let (head, _) = server.get("/");
    for header in [
        "content-security-policy: default-src 'self'",
        "frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "x-frame-options: DENY",
    ] {
        assert!(
            head.to_ascii_lowercase()
                .contains(&header.to_ascii_lowercase()),
            "{header}: {head}"
        );
    }
    let (head, _) = server.get("/favicon.ico");
    assert!(head.starts_with("HTTP/1.1 204"), "{head}");
    // DNS rebinding: the server's port under another name.
    let (head, _) = server.request("/", "Host: evil.example\r\n");
    assert!(head.starts_with("HTTP/1.1 421"), "{head}");
    let upgrade = |origin: &str| {
        let headers = format!(
            "Host: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{origin}",
            server.address
        );
        server.request("/ws", &headers).0
    };
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        let head = upgrade(&format!("Origin: {origin}\r\n"));
        assert!(head.starts_with("HTTP/1.1 403"), "{origin}: {head}");
    }
    let own = upgrade(&format!("Origin: http://{}\r\n", server.address));
    assert!(own.starts_with("HTTP/1.1 101"), "{own}");
}

#[test]
fn twenty_games_at_once_load_and_answer() {
    let server = Server::start();
    let mut sockets: Vec<Socket> = (0..20).map(|_| server.socket()).collect();
    for socket in &mut sockets {
        assert_eq!(receive(socket)["type"], "state");
    }
    // Every game searching at once, and a page load meanwhile.
    for socket in &mut sockets {
        send(socket, r#"{"type":"engine","movetime":300}"#);
    }
    let started = Instant::now();
    let (head, _) = server.get("/");
    let page_time = started.elapsed();
    assert!(head.starts_with("HTTP/1.1 200"));
    eprintln!("page loaded in {page_time:?} with 20 games searching");
    for socket in &mut sockets {
        assert_eq!(receive(socket)["type"], "engine_move");
        assert_eq!(receive(socket)["type"], "state");
    }
    // Searches queue (one per core) but every game is answered.
    let all_answered = started.elapsed();
    assert!(all_answered < Duration::from_secs(60));
    eprintln!("20 engine moves of 300 ms answered in {all_answered:?}");
    // The page did not wait behind the queue of searches (measured against
    // the queue itself, so that a slow machine stretches both alike).
    assert!(
        page_time * 2 < all_answered,
        "page took {page_time:?}, the searches {all_answered:?}"
    );
    // Idle games give their tables back: twenty games that each searched
    // hold far less than twenty 16 MB tables.
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap_or_default();
    if let Some(kb) = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<u64>().ok())
    {
        eprintln!("server RSS with 20 idle games: {} MB", kb / 1024);
        assert!(kb < 100 * 1024, "{kb} kB");
    }
}

/// A real browser (Playwright driving Debian's chromium; `make test`
/// installs both) plays every game by clicking: `tools/browser_check.py`.
#[test]
fn a_real_browser_plays_every_game_by_clicking() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new("python3")
        .arg(root.join("tools/browser_check.py"))
        .arg(env!("CARGO_BIN_EXE_augur"))
        .output()
        .expect("python3 with playwright (pip install playwright) and chromium");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("browser check passed"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for game in ["chess", "ultima", "oracle", "enochian"] {
        assert!(stdout.contains(&format!("{game}: ")), "{game}: {stdout}");
    }
}

/// The next close frame on `socket` (other messages skipped).
fn close_frame(socket: &mut Socket) -> tungstenite::protocol::CloseFrame {
    loop {
        match socket.read() {
            Ok(tungstenite::Message::Close(Some(frame))) => return frame,
            Ok(tungstenite::Message::Close(None)) => panic!("a close frame without a reason"),
            Ok(_) => continue,
            Err(e) => panic!("no close frame: {e}"),
        }
    }
}

/// The next `state` message (other messages skipped).
fn next_state(socket: &mut Socket) -> Value {
    loop {
        let message = receive(socket);
        if message["type"] == "state" {
            return message;
        }
    }
}

#[test]
fn a_game_is_resumed_by_its_id_and_taken_over_by_a_second_connection() {
    let server = Server::start();
    let mut first = server.socket();
    let state = receive(&mut first);
    let id = state["id"].as_str().expect("an id").to_string();
    assert_eq!(id.len(), 10);
    assert_eq!(state["settings"], Value::Null);
    send(&mut first, r#"{"type":"move","move":"e2e4"}"#);
    assert_eq!(receive(&mut first)["moves"], serde_json::json!(["e2e4"]));
    send(
        &mut first,
        r#"{"type":"settings","settings":{"level":"1500"}}"#,
    );
    assert_eq!(receive(&mut first)["settings"]["level"], "1500");
    // Its page is the board page.
    let (head, body) = server.get(&format!("/game/{id}"));
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(body.contains("id=\"board\""));
    // A second connection takes it over: the first is closed with a reason.
    let mut second = server.socket_at(&format!("/ws?game={id}"));
    let frame = close_frame(&mut first);
    assert_eq!(u16::from(frame.code), 4000);
    assert_eq!(frame.reason.as_str(), "this game was opened in another tab");
    let resumed = receive(&mut second);
    assert_eq!(resumed["id"], id.as_str());
    assert_eq!(resumed["moves"], serde_json::json!(["e2e4"]));
    assert_eq!(resumed["settings"]["level"], "1500");
    send(&mut second, r#"{"type":"move","move":"e7e5"}"#);
    assert_eq!(
        receive(&mut second)["moves"],
        serde_json::json!(["e2e4", "e7e5"])
    );
    // `new` starts another game with another id; the first stays stored.
    send(&mut second, r#"{"type":"new","variant":"ultima"}"#);
    let other = receive(&mut second);
    assert_ne!(other["id"], id.as_str());
    assert_eq!(other["variant"], "ultima");
    drop(second);
    let mut third = server.socket_at(&format!("/ws?game={id}"));
    assert_eq!(
        receive(&mut third)["moves"],
        serde_json::json!(["e2e4", "e7e5"])
    );
    // Deleting an open game closes its connection (and it stays deleted:
    // the closing tab does not save it again).
    let headers = format!("Host: {}\r\n", server.address);
    let (head, _) = server.send_request("DELETE", &format!("/api/games/{id}"), &headers);
    assert!(head.starts_with("HTTP/1.1 204"), "{head}");
    let frame = close_frame(&mut third);
    assert_eq!(u16::from(frame.code), 4000);
    assert_eq!(frame.reason.as_str(), "this game was deleted");
    std::thread::sleep(Duration::from_millis(300));
    let (head, _) = server.get(&format!("/api/games/{id}/pgn"));
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    // An unknown id: one error, then a new game.
    let mut lost = server.socket_at("/ws?game=nosuchgame");
    let error = receive(&mut lost);
    assert_eq!(error["type"], "error");
    assert_eq!(error["message"], "no game nosuchgame");
    let fresh = receive(&mut lost);
    assert_eq!(fresh["moves"], serde_json::json!([]));
    assert_ne!(fresh["id"], "nosuchgame");
}

#[test]
fn games_outlive_the_server_and_an_idle_drop() {
    let db = temp_db();
    let id = {
        let server = Server::start_with(&db, &["--idle-timeout", "1"]);
        let mut socket = server.socket();
        let id = receive(&mut socket)["id"].as_str().expect("id").to_string();
        send(
            &mut socket,
            r#"{"type":"new","variant":"chess","clock":{"base":60000}}"#,
        );
        let id2 = receive(&mut socket)["id"].as_str().expect("id").to_string();
        assert_ne!(id, id2);
        send(&mut socket, r#"{"type":"move","move":"d2d4"}"#);
        assert_eq!(receive(&mut socket)["moves"], serde_json::json!(["d2d4"]));
        // Idle: the game is dropped (stored first) with a reason.
        let frame = close_frame(&mut socket);
        assert!(frame.reason.contains("idle"), "{}", frame.reason);
        let mut again = server.socket_at(&format!("/ws?game={id2}"));
        let state = receive(&mut again);
        assert_eq!(state["moves"], serde_json::json!(["d2d4"]));
        assert_eq!(state["clock"]["running"], "Black");
        id2
    };
    // A new server on the same database resumes it.
    let server = Server::start_with(&db, &[]);
    let mut socket = server.socket_at(&format!("/ws?game={id}"));
    let state = receive(&mut socket);
    assert_eq!(state["moves"], serde_json::json!(["d2d4"]));
    let black = state["clock"]["left"]["Black"].as_i64().expect("ms");
    assert!(black > 55_000 && black <= 60_000, "{state}");
    let (head, list) = server.get("/api/games");
    assert!(head.contains("application/json"), "{head}");
    let list: Value = serde_json::from_str(&list).expect("JSON");
    let games = list.as_array().expect("a list");
    // The first game, left before its first move, is not kept.
    assert_eq!(games.len(), 1, "{list}");
    assert_eq!(games[0]["id"], id.as_str(), "newest first: {list}");
    assert_eq!(games[0]["moves"], 1);
    assert_eq!(games[0]["result"], Value::Null);
}

#[test]
fn stored_games_are_listed_downloaded_and_deleted_only_from_the_page_s_origin() {
    let server = Server::start();
    let mut socket = server.socket();
    let id = receive(&mut socket)["id"].as_str().expect("id").to_string();
    send(
        &mut socket,
        r#"{"type":"settings","players":{"White":"Ann","Black":"Augur 2000"}}"#,
    );
    next_state(&mut socket);
    send(&mut socket, r#"{"type":"move","move":"f2f3"}"#);
    next_state(&mut socket);
    send(&mut socket, r#"{"type":"resign","team":"White"}"#);
    assert_eq!(next_state(&mut socket)["over"]["winner"], "Black");
    drop(socket);
    let (head, page) = server.get("/games");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(page.contains("/games.js"));
    let (head, script) = server.get("/games.js");
    assert!(head.contains("text/javascript"), "{head}");
    assert!(script.contains("/api/games"));
    let (_, list) = server.get("/api/games");
    let list: Value = serde_json::from_str(&list).expect("JSON");
    assert_eq!(list[0]["result"], "Black wins: White resigns", "{list}");
    assert_eq!(list[0]["players"]["White"], "Ann");
    let (head, pgn) = server.get(&format!("/api/games/{id}/pgn"));
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        head.to_ascii_lowercase().contains(&format!(
            "content-disposition: attachment; filename=\"augur-{}.pgn\"",
            id.to_ascii_lowercase()
        )),
        "{head}"
    );
    assert!(
        pgn.contains("[White \"Ann\"]") && pgn.contains("[Black \"Augur 2000\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("{White resigns} 0-1"), "{pgn}");
    assert!(!pgn.contains("[Date \"????"), "{pgn}");
    let delete = |origin: &str| {
        let headers = format!("Host: {}\r\n{origin}", server.address);
        server
            .send_request("DELETE", &format!("/api/games/{id}"), &headers)
            .0
    };
    let head = delete("Origin: http://evil.example\r\n");
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    // A browser's cross-site request without an Origin.
    let head = delete("Sec-Fetch-Site: cross-site\r\n");
    assert!(head.starts_with("HTTP/1.1 403"), "{head}");
    let (_, still) = server.get(&format!("/api/games/{id}/pgn"));
    assert!(still.contains("Ann"));
    let head = delete(&format!("Origin: http://{}\r\n", server.address));
    assert!(head.starts_with("HTTP/1.1 204"), "{head}");
    // Again, and without an Origin (a script): already gone.
    let head = delete("");
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
    let (head, _) = server.get(&format!("/api/games/{id}/pgn"));
    assert!(head.starts_with("HTTP/1.1 404"), "{head}");
}

#[test]
fn a_database_that_cannot_be_used_stops_the_server_with_a_reason() {
    let db = temp_db();
    std::fs::write(&db, "not a database at all ".repeat(200)).expect("write");
    let output = Command::new(env!("CARGO_BIN_EXE_augur"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .output()
        .expect("run");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("not a game database"), "{stderr}");
    assert!(stderr.contains(&db.display().to_string()), "{stderr}");
}

#[test]
fn a_connection_that_does_not_finish_its_headers_is_closed() {
    let server = Server::start();
    let mut stream = TcpStream::connect(&server.address).expect("connect");
    stream.write_all(b"GET /ga").expect("half a request line");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("a timeout");
    let started = Instant::now();
    let mut rest = Vec::new();
    // The server closes the connection (perhaps after an error answer).
    let _ = stream.read_to_end(&mut rest);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(15), "{took:?}");
    assert!(took >= Duration::from_secs(5), "closed too soon: {took:?}");
    // A whole request meanwhile is answered.
    let (head, _) = server.get("/");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
}

#[test]
fn a_stored_game_that_cannot_be_read_gets_an_error_and_a_fresh_game() {
    let db = temp_db();
    let (illegal, broken) = {
        let server = Server::start_with(&db, &[]);
        let mut ids = Vec::new();
        for _ in 0..2 {
            let mut socket = server.socket();
            let id = receive(&mut socket)["id"].as_str().expect("id").to_string();
            send(&mut socket, r#"{"type":"move","move":"e2e4"}"#);
            next_state(&mut socket);
            ids.push(id);
        }
        (ids[0].clone(), ids[1].clone())
    };
    // Spoil the rows behind the server's back.
    let connection = rusqlite::Connection::open(&db).expect("open");
    connection
        .execute(
            "UPDATE games SET moves = '[\"e2e5\"]' WHERE id = ?1",
            [&illegal],
        )
        .expect("spoil");
    connection
        .execute("UPDATE games SET moves = '[1, 2' WHERE id = ?1", [&broken])
        .expect("spoil");
    drop(connection);
    let server = Server::start_with(&db, &[]);
    for id in [&illegal, &broken] {
        let mut socket = server.socket_at(&format!("/ws?game={id}"));
        let error = receive(&mut socket);
        assert_eq!(error["type"], "error", "{error}");
        let message = error["message"].as_str().expect("a message");
        assert!(
            message.starts_with(&format!("game {id} cannot be read: ")),
            "{message}"
        );
        let fresh = receive(&mut socket);
        assert_eq!(fresh["type"], "state");
        assert_eq!(fresh["moves"], serde_json::json!([]));
        assert_ne!(fresh["id"], id.as_str());
    }
    let (_, list) = server.get("/api/games");
    let list: Value = serde_json::from_str(&list).expect("JSON");
    let row = |id: &str| {
        list.as_array()
            .and_then(|games| games.iter().find(|g| g["id"] == id))
            .cloned()
            .unwrap_or_else(|| panic!("{id} not listed: {list}"))
    };
    assert!(row(&broken)["unreadable"].is_string(), "{list}");
    let (head, _) = server.get(&format!("/api/games/{illegal}/pgn"));
    assert!(head.starts_with("HTTP/1.1 422"), "{head}");
    // The server is still well.
    let mut socket = server.socket();
    assert_eq!(receive(&mut socket)["type"], "state");
}

/// The browser test suite (`tests/browser`, pytest with Playwright and
/// chromium): one test per behaviour of the page, against this build.
#[test]
fn the_browser_test_suite_passes() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let output = Command::new("python3")
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(root.join("tests/browser"))
        .env("AUGUR_BIN", env!("CARGO_BIN_EXE_augur"))
        .output()
        .expect("python3 with pytest and playwright, and chromium");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains(" passed"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
