"""Fixtures for the browser tests: `augur serve` on a free port with its
own game database, and Debian's chromium driven by Playwright.

The binary is $AUGUR_BIN (the Rust test that runs this suite passes the
one cargo built), else target/release/augur, else target/debug/augur.
Every page's uncaught script errors fail the test that opened it.
"""
import os
import re
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def augur_binary():
    named = os.environ.get("AUGUR_BIN")
    if named:
        return named
    for build in ("release", "debug"):
        path = ROOT / "target" / build / "augur"
        if path.exists():
            return str(path)
    pytest.exit("no augur binary: build it (cargo build --bin augur) or set AUGUR_BIN", 2)


def serve_takes_db(binary, known={}):
    """Whether this binary's `augur serve` has `--db` (builds before the
    game database do not)."""
    if binary not in known:
        usage = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True)
        known[binary] = "--db" in usage.stdout + usage.stderr
    return known[binary]


class Server:
    """One `augur serve` process; `restart()` stops it and starts another
    on the same database (and, when free, the same port)."""

    def __init__(self, binary, db, extra=()):
        self.binary, self.db, self.extra = binary, db, list(extra)
        self.process, self.url, self.port = None, None, 0
        self.start()

    def start(self):
        database = ["--db", str(self.db)] if serve_takes_db(self.binary) else []
        command = [self.binary, "serve", "--port", str(self.port), *database, *self.extra]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        match = re.match(r"augur serve: (http://\S+?)/?$", line)
        if not match:
            self.process.kill()
            raise AssertionError(f"unexpected first line from augur serve: {line!r}")
        self.url = match.group(1)
        self.port = int(self.url.rsplit(":", 1)[1])

    def stop(self, kill=False):
        if self.process and self.process.poll() is None:
            if kill:
                self.process.kill()
            else:
                self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self, kill=False):
        self.stop(kill)
        for _ in range(50):
            try:
                self.start()
                return
            except AssertionError:
                time.sleep(0.1)
        raise AssertionError("the server did not come back")


@pytest.fixture(scope="session")
def binary():
    return augur_binary()


@pytest.fixture
def server(binary, tmp_path):
    served = Server(binary, tmp_path / "games.sqlite3")
    yield served
    served.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


def new_page(browser, width=1280, height=900, **options):
    """A page in a fresh context, collecting its uncaught script errors in
    `page.errors`."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


@pytest.fixture
def page(browser):
    opened = new_page(browser)
    yield opened
    errors = list(opened.errors)
    opened.context.close()
    assert not errors, f"script errors on the page: {errors}"


@pytest.fixture
def phone(browser):
    opened = new_page(browser, width=390, height=844, is_mobile=True, has_touch=True,
                      device_scale_factor=2)
    yield opened
    errors = list(opened.errors)
    opened.context.close()
    assert not errors, f"script errors on the page: {errors}"
