#!/usr/bin/env python3
"""Figures for `augur serve`, for comparing two builds of the web board:

- page weight: the bytes of the page and every script and style it loads;
- RSS of the server with N games open (each game has played a move and
  let the engine answer once, so each has searched), and after they close;
- in a real browser (Playwright with Debian's chromium): the time from a
  click on a piece to its highlighted targets, and from a reload to the
  board drawn again.

Usage: python3 tools/serve_figures.py <augur> [--games 60] [--label name]
Prints one markdown table row (and the header with --header).
"""
import argparse
import base64
import json
import os
import re
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run"]


def start(augur):
    command = [augur, "serve", "--port", "0"]
    if "--db" in subprocess.run([augur, "serve", "--help"], capture_output=True, text=True).stdout:
        command += ["--db", os.path.join(tempfile.mkdtemp(), "games.sqlite3")]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    url = re.match(r"augur serve: (http://\S+?)/?$", server.stdout.readline().strip()).group(1)
    return server, url


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def page_weight(url):
    html = urllib.request.urlopen(url + "/").read()
    total = len(html)
    for path in re.findall(rb'(?:src|href)="(/[^"]+\.(?:js|css))"', html):
        total += len(urllib.request.urlopen(url + path.decode()).read())
    return total


class Socket:
    """A minimal WebSocket client (text frames only)."""

    def __init__(self, url):
        host, port = url.replace("http://", "").rsplit(":", 1)
        self.connection = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.connection.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                                 "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.connection.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def send(self, message):
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        else:
            header += bytes([0x80 | 126]) + len(payload).to_bytes(2, "big")
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.connection.sendall(header + mask + masked)

    def exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.connection.recv(count - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def receive(self):
        first, second = self.exactly(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(self.exactly(2), "big")
        elif length == 127:
            length = int.from_bytes(self.exactly(8), "big")
        payload = self.exactly(length)
        return json.loads(payload) if first & 0x0F == 1 else None

    def until(self, kind, moves=None):
        while True:
            message = self.receive()
            if message and message.get("type") == kind and (moves is None or len(message["moves"]) >= moves):
                return message

    def close(self):
        self.connection.close()


def open_games(url, count):
    games = []
    for _ in range(count):
        game = Socket(url)
        game.until("state")
        game.send({"type": "move", "move": "e2e4"})
        game.until("state", 1)
        game.send({"type": "engine", "movetime": 50})
        game.until("state", 2)
        games.append(game)
    return games


def browser_times(url):
    from playwright.sync_api import sync_playwright
    clicks, reloads = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "/")
        page.wait_for_selector("[data-square='e2']")
        time.sleep(0.5)
        for square in ["b1", "g1", "e2", "d2", "c2", "f2"] * 3:
            started = time.perf_counter()
            page.click(f"[data-square='{square}']")
            page.wait_for_selector(".square.target")
            clicks.append(time.perf_counter() - started)
            page.click("[data-square='e5']")  # An empty square: put it down again.
            page.wait_for_selector(".square.target", state="detached")
        for _ in range(5):
            started = time.perf_counter()
            page.reload()
            page.wait_for_selector("[data-square='e2'] [data-piece]")
            reloads.append(time.perf_counter() - started)
        browser.close()
    return statistics.median(clicks) * 1000, statistics.median(reloads) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("augur")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--label", default="")
    parser.add_argument("--header", action="store_true")
    args = parser.parse_args()
    server, url = start(args.augur)
    try:
        time.sleep(0.3)
        weight = page_weight(url)
        idle = rss_mb(server.pid)
        games = open_games(url, args.games)
        time.sleep(1.0)
        busy = rss_mb(server.pid)
        for game in games:
            game.close()
        time.sleep(2.0)
        closed = rss_mb(server.pid)
        click, reload = browser_times(url)
    finally:
        server.kill()
    if args.header:
        print(f"| build | page weight | RSS idle | RSS with {args.games} games | per game | after they close "
              "| click to targets (median) | reload to board (median) |")
        print("|---|---|---|---|---|---|---|---|")
    per_game = (busy - idle) / args.games
    print(f"| {args.label or args.augur} | {weight / 1024:.1f} KiB | {idle:.0f} MB | {busy:.0f} MB | {per_game:.2f} MB "
          f"| {closed:.0f} MB | {click:.0f} ms | {reload:.0f} ms |")


if __name__ == "__main__":
    main()
