"""What a hostile web page or client can do to `augur serve`: another
site's page cannot open games, a foreign host name (the shape of DNS
rebinding) is refused, and one client opening 200 connections does not
lock out a second client."""
import base64
import http.server
import json
import os
import socket
import threading

import pytest
from board import open_board, wait_for
from conftest import ARGS, CHROMIUM

# A page that opens a WebSocket to the server and records what happens.
PROBE = """
window.probe = { opened: false, messages: 0, closed: false };
const socket = new WebSocket(TARGET);
socket.onopen = () => { window.probe.opened = true; };
socket.onmessage = () => { window.probe.messages += 1; };
socket.onclose = () => { window.probe.closed = true; };
socket.onerror = () => { window.probe.closed = true; };
"""


def serve_page(html):
    """Serves `html` at / from another port (another origin); returns the
    server, to be shut down."""
    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    return other


def test_a_page_from_another_origin_cannot_open_a_game(page, server):
    target = server.url.replace("http://", "ws://") + "/ws"
    script = PROBE.replace("TARGET", json.dumps(target))
    other = serve_page(f"<!doctype html><title>elsewhere</title><script>{script}</script>")
    try:
        page.goto(f"http://127.0.0.1:{other.server_address[1]}/")
        wait_for(lambda: page.evaluate("window.probe.closed"), message="the foreign socket refused")
        assert page.evaluate("window.probe") == {"opened": False, "messages": 0, "closed": True}
    finally:
        other.shutdown()
    # The server's own page may.
    open_board(page, server)
    page.evaluate(script)
    wait_for(lambda: page.evaluate("window.probe.messages") > 0, message="a state on the own origin")


def test_a_foreign_host_name_is_refused(browser, server):
    port = server.url.rsplit(":", 1)[1]
    # A browser whose resolver sends a foreign name to the server, as DNS
    # rebinding would.
    rules = "--host-resolver-rules=MAP evil.example 127.0.0.1"
    rebound = browser.browser_type.launch(executable_path=CHROMIUM, args=[*ARGS, rules])
    try:
        page = rebound.new_page()
        response = page.goto(f"http://evil.example:{port}/")
        assert response.status == 421
        assert page.locator("[data-square]").count() == 0
        response = page.goto(f"http://localhost:{port}/")
        assert response.status == 200
        page.wait_for_selector("[data-square='e2']")
    finally:
        rebound.close()


def websocket_from(address, server):
    """A WebSocket handshake to the server from the local `address`; returns
    the socket and the status line."""
    host, port = server.url.replace("http://", "").rsplit(":", 1)
    connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    connection.settimeout(10)
    connection.bind((address, 0))
    connection.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = connection.recv(1)
        if not chunk:
            break
        head += chunk
    return connection, head.split(b"\r\n", 1)[0].decode()


def first_frame(connection):
    """The first WebSocket frame's opcode and payload (server frames are
    not masked)."""
    def exactly(count):
        data = b""
        while len(data) < count:
            chunk = connection.recv(count - len(data))
            if not chunk:
                raise AssertionError("the connection closed")
            data += chunk
        return data

    first, second = exactly(2)
    length = second & 0x7F
    if length == 126:
        length = int.from_bytes(exactly(2), "big")
    elif length == 127:
        length = int.from_bytes(exactly(8), "big")
    return first & 0x0F, exactly(length)


def test_two_hundred_connections_from_one_client_do_not_lock_out_another(page, server):
    try:
        probe = socket.create_connection(("127.0.0.2", 9), timeout=0.2)
        probe.close()
    except ConnectionRefusedError:
        pass
    except OSError:
        pytest.skip("127.0.0.2 is not a loopback address here")
    open_board(page, server)
    page.evaluate("""() => {
        window.crowd = { opened: 0, states: 0, refused: 0 };
        window.crowdSockets = [];
        for (let i = 0; i < 200; i++) {
            const socket = new WebSocket(`ws://${location.host}/ws`);
            socket.onmessage = (event) => {
                if (JSON.parse(event.data).type === "state") window.crowd.states += 1;
            };
            socket.onopen = () => { window.crowd.opened += 1; };
            socket.onclose = () => { window.crowd.refused += 1; };
            window.crowdSockets.push(socket);
        }
    }""")
    wait_for(lambda: page.evaluate("window.crowd.states + window.crowd.refused") >= 199, timeout=60,
             message="every connection answered or refused")
    crowd = page.evaluate("window.crowd")
    # The page's own game counts towards the client's share.
    assert crowd["states"] <= 64 and crowd["refused"] >= 136, crowd
    connection, status = websocket_from("127.0.0.2", server)
    try:
        assert status.startswith("HTTP/1.1 101"), status
        opcode, payload = first_frame(connection)
        assert opcode == 1 and json.loads(payload)["type"] == "state"
    finally:
        connection.close()
        page.evaluate("() => window.crowdSockets.forEach((s) => s.close())")
