//! `augur serve` through the real binary: the page and its assets load, a
//! WebSocket game answers moves and refuses bad messages with one error,
//! and twenty games open at once all load and answer.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    address: String,
}

impl Server {
    /// `augur serve --port 0` (any free port), once it prints its address.
    fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_augur"))
            .args(["serve", "--port", "0"])
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
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        write!(
            stream,
            "GET {path} HTTP/1.1\r\n{headers}Connection: close\r\n\r\n"
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
        let (socket, _) =
            tungstenite::connect(format!("ws://{}/ws", self.address)).expect("websocket");
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
        match tungstenite::connect(format!("ws://{}/ws", server.address)) {
            Ok((socket, _)) => mine.push(socket),
            Err(tungstenite::Error::Http(response)) => {
                assert_eq!(response.status().as_u16(), 429);
                refused += 1;
            }
            Err(e) => panic!("{e}"),
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
