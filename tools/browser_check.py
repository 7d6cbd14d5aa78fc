#!/usr/bin/env python3
"""Drive `augur serve` in a real browser (Playwright with Debian's chromium).

For each game: start a new game from the page's controls, play moves by
clicking a piece and then one of its highlighted targets (the page shows
the engine's legal moves; it never decides legality), wait for the
engine's answer each time, take back, ask for an analysis score, and
export/re-import the game through the page's fields. Takes screenshots at
desktop and phone width when --screenshots DIR is given. Prints one line per
game and figures (time from a click to highlighted targets, from "new game"
to the first engine move) and exits non-zero on any failure.

Usage: python3 tools/browser_check.py <path-to-augur> [--plies 10] [--screenshots docs/screenshots]
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start_server(augur):
    # The games go to a database of their own, not the user's.
    db = tempfile.mkdtemp(prefix="augur-browser-check-") + "/games.sqlite3"
    server = subprocess.Popen([augur, "serve", "--port", "0", "--db", db], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    match = re.match(r"augur serve: (http://\S+)", line)
    if not match:
        server.kill()
        sys.exit(f"unexpected first line from augur serve: {line!r}")
    return server, match.group(1)


FRAMES_SHOWN = 16


def is_final_analysis(text):
    """Whether a server message is an analysis's last report."""
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "analysis" and message.get("final") is True


def record_frames(socket, frames):
    """Keeps each websocket message, cut short, with its direction and
    time, for the report of a failure."""
    started = time.time()

    def keep(direction, payload):
        text = payload if isinstance(payload, str) else repr(payload)
        # An analysis's last report is marked whatever the cut leaves.
        final = " [final analysis]" if direction == "server->page" and is_final_analysis(text) else ""
        frames.append(f"{time.time() - started:8.3f} {direction}{final} {text[:400]}")

    socket.on("framesent", lambda payload: keep("page->server", payload))
    socket.on("framereceived", lambda payload: keep("server->page", payload))


def move_count(page):
    return page.locator("#moves li").count()


def wait_moves(page, count, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if move_count(page) >= count:
            return
        time.sleep(0.02)
    raise AssertionError(f"expected {count} moves, have {move_count(page)}: {page.inner_text('#status')}")


def wait_engine_idle(page, timeout=30):
    """Waits until the engine is not thinking (in Enochian it may move
    again at once, when an army of the person's team is passed over)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if "thinking" not in page.inner_text("#status"):
            return
        time.sleep(0.02)
    raise AssertionError("the engine is still thinking")


def settle(page, quiet=1.0, timeout=30):
    """Waits until the engine is idle and no move has arrived for `quiet`
    seconds: in Enochian chess the engine may still be moving for one of
    its armies just after `thinking` leaves the status line, and a click
    then is dropped."""
    deadline = time.time() + timeout
    count, since = move_count(page), time.time()
    while time.time() < deadline:
        now = move_count(page)
        if now != count:
            count, since = now, time.time()
        elif time.time() - since >= quiet and "thinking" not in page.inner_text("#status"):
            return
        time.sleep(0.05)
    raise AssertionError("the page never settled")


def pick_with_targets(page, square, attempts=30):
    """Clicks the piece on `square` until its targets are highlighted. The
    page ignores clicks while a request is still in flight (just after the
    engine's move, say), so a click can be dropped; a person clicks again,
    and so does this, up to `attempts` times over about 15 s (on a loaded
    2-core machine running the whole suite, 5 s was once too few)."""
    for _ in range(attempts):
        page.click(f"[data-square='{square}']")
        try:
            page.wait_for_selector(".square.target", timeout=500)
            return
        except Exception:
            pass
    seen = page.evaluate("""() => ({ toMove: state.board.to_move, mine: personSides(), busy, picked,
        premove, personToMove: personToMove(), from: movesFrom(picked).map((m) => m.text)})""")
    raise AssertionError(f"clicking {square} never highlighted its targets: {page.inner_text('#status')} {seen}")


def click_a_legal_move(page, timings):
    """Clicks a piece that has targets, then its first target; returns the
    move text the page then records."""
    # The legal moves listed are the side to move's: wait for the person's
    # turn (in Enochian chess an engine army may still be about to move;
    # its pieces are not the person's to click).
    page.wait_for_function("() => state && (personToMove() || analysing)", timeout=30000)
    before = move_count(page)
    legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
    for text in legal:
        squares = re.findall(r"[a-h][1-8]", text)
        if len(squares) < 2 or squares[0] == squares[1]:
            continue
        started = time.time()
        pick_with_targets(page, squares[0])
        timings.append(time.time() - started)
        page.click(f"[data-square='{squares[1]}']")
        if page.locator("#chooser button").count() and page.is_visible("#chooser"):
            page.click(f"#chooser button[data-move='{text}']")
        wait_moves(page, before + 1)
        return text
    raise AssertionError(f"no clickable legal move among {legal[:10]}")


def play_game(page, variant, plies, timings, first_moves):
    page.select_option("#level", "1000")
    page.fill("#movetime", "50")
    started = time.time()
    page.select_option("#variant", variant)
    page.wait_for_function(f"() => document.querySelector('#legal').options.length > 0")
    # The engine answers each move of the person (it plays the second side).
    page.check("#engine-plays")
    # "Engine move" plays the person's move too; the engine then answers.
    page.click("#engine-move")
    wait_moves(page, 1)
    first_moves.append(time.time() - started)
    wait_moves(page, 2)
    wait_engine_idle(page)
    settle(page)
    page.click("#undo")
    wait_moves_exact(page, 0)
    played = 0
    while played < plies and not page.inner_text("#status").strip():
        count = move_count(page)
        click_a_legal_move(page, timings)
        wait_moves(page, count + 2)
        wait_engine_idle(page)
        # In Enochian chess the engine moves for three armies in turn, and
        # may end the game with the last of them: the loop's test of the
        # status line must come after the engine's last move.
        settle(page, quiet=0.5)
        played += 2
    assert move_count(page) >= min(plies, 2), f"{variant}: too few moves"
    settle(page)
    before = move_count(page)
    page.click("#undo")
    if variant == "enochian":
        # Back to before the person's last move: the person's armies and
        # the engine's do not always alternate (a lost turn, a pass).
        deadline = time.time() + 30
        while move_count(page) > before - 2 and time.time() < deadline:
            time.sleep(0.05)
        settle(page, quiet=0.5)
        before = move_count(page) + 2
        assert page.evaluate("() => personSides().includes(state.board.to_move)"), "not the person's turn"
    else:
        wait_moves_exact(page, before - 2)
    page.click("#analyse")
    page.wait_for_function("() => document.querySelector('#score').textContent !== '-'", timeout=30000)
    score = page.inner_text("#score")
    # The best move is drawn as an arrow, and the eval bar has moved.
    page.wait_for_selector("#best-arrow", state="attached", timeout=5000)
    arrow = page.get_attribute("#best-arrow", "data-move")
    legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
    assert arrow in legal, (arrow, legal[:5])
    # The import fields are never filled from the game: take its moves
    # from the page's state, as a person copies them from the move list.
    exported = (page.evaluate("() => state.start || ''"), page.evaluate("() => state.moves.join(' ')"))
    page.click("#import-export > summary")
    page.click("#export")
    page.wait_for_function("() => document.querySelector('#pgn').value.includes('[Result')")
    pgn = page.input_value("#pgn")
    if variant == "chess":
        import io
        import chess.pgn
        game = chess.pgn.read_game(io.StringIO(pgn))
        assert not game.errors and len(list(game.mainline_moves())) == before - 2, (before, game.errors, pgn)
    else:
        assert f"[Variant " in pgn and "[FEN " in pgn, pgn
    page.click("#import-export > summary")
    page.click("#new-game")
    wait_moves_exact(page, 0)
    page.click("#import-export > summary")
    page.fill("#moves-text", exported[1])
    page.click("#load")
    wait_moves(page, before - 2)
    assert page.input_value("#moves-text") == exported[1], "re-import changed the moves"
    page.click("#import-export > summary")
    return before - 2, score


def wait_moves_exact(page, count, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if move_count(page) == count:
            return
        time.sleep(0.02)
    raise AssertionError(f"expected exactly {count} moves, have {move_count(page)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("augur")
    ap.add_argument("--plies", type=int, default=12)
    ap.add_argument("--screenshots", default=None)
    ap.add_argument("--variants", default="chess,ultima,oracle,enochian")
    args = ap.parse_args()
    server, url = start_server(args.augur)
    timings, first_moves = [], []
    frames = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("websocket", lambda socket: record_frames(socket, frames))
            page.goto(url)
            page.wait_for_selector("[data-square='e2']")
            for variant in args.variants.split(","):
                moves, score = play_game(page, variant, args.plies, timings, first_moves)
                print(f"{variant}: {moves} moves played by clicking, engine answered, took back, score {score}, exported as PGN, re-imported")
                if args.screenshots:
                    time.sleep(1)  # Let the capture cue fade.
                    page.screenshot(path=f"{args.screenshots}/{variant}-desktop.png")
                    page.set_viewport_size({"width": 360, "height": 800})
                    page.screenshot(path=f"{args.screenshots}/{variant}-phone.png", full_page=True)
                    page.set_viewport_size({"width": 1280, "height": 900})
            print(f"typing: {typing_survives_a_reply(page)}")
            for case in SINGLE_MOVES:
                print(f"{case[0]}: {single_move(page, case)}")
            for variant, checks in SPECIAL_MOVES.items():
                for check in checks:
                    print(f"{variant}: {check(page)}")
            print(f"clock: {play_on_the_clock(page)}")
            print(f"analysis: {analyse_and_stop(page, frames)}")
            print(f"import: {import_pgn(page)}")
            drag_a_move(page)
            print("drag: g1f3 played by dragging, the engine answered")
            second_side_and_resign(page)
            print("second side: the engine opened; resigning is announced")
            watched = watch(page)
            print(f"watch: engine against engine at two levels, {watched}, then stopped")
            browser.close()
    except Exception:
        # The last messages between page and server, so that a failure
        # can be read.
        for line in frames[-FRAMES_SHOWN:]:
            print(line, file=sys.stderr)
        raise
    finally:
        server.kill()
    timings.sort()
    print(f"click to highlighted targets: median {1000 * timings[len(timings) // 2]:.0f} ms over {len(timings)} clicks")
    print(f"new game to first engine move (level 1000, 50 ms): max {1000 * max(first_moves):.0f} ms")
    print("browser check passed")


def typing_survives_a_reply(page):
    """A position typed while the page waits for the new game of a changed
    variant is not overwritten when that game arrives, and loads."""
    load(page, "chess", "")
    typed = "7k/8/8/3Qr3/8/8/8/K7 w 0"
    page.uncheck("#engine-plays")
    page.evaluate("() => { document.querySelector('#import-export').open = true; }")
    # One task: the game changes, then the person types, before any reply.
    page.evaluate("""(typed) => {
        const select = document.querySelector('#variant');
        select.value = 'ultima';
        select.dispatchEvent(new Event('change'));
        const field = document.querySelector('#position-text');
        field.value = typed;
        field.dispatchEvent(new Event('input'));
    }""", typed)
    page.wait_for_function("() => document.body.dataset.variant === 'ultima'")
    kept = page.input_value("#position-text")
    assert kept == typed, f"the reply overwrote the typed position with {kept!r}"
    page.click("#load")
    page.wait_for_function("(p) => document.body.dataset.start === p", arg=typed)
    page.evaluate("() => { document.querySelector('#import-export').open = false; }")
    return "a position typed while a new game was on its way was kept and loaded"


def load(page, variant, position, moves=""):
    """Sets up `position` (and `moves`) through the import fields, moving
    for both sides (the engine does not answer)."""
    page.uncheck("#engine-plays")
    if page.input_value("#variant") != variant:
        page.select_option("#variant", variant)
    page.evaluate("() => { document.querySelector('#import-export').open = true; }")
    page.fill("#position-text", position)
    page.fill("#moves-text", moves)
    page.click("#load")
    count = len(moves.split())
    try:
        page.wait_for_function("([p, n]) => document.body.dataset.start === p && document.body.dataset.moves === String(n)",
                               arg=[position, count])
    except PlaywrightTimeout:
        # Say what the page shows instead, so that a failure can be read.
        shown = page.evaluate("() => ({start: document.body.dataset.start, moves: document.body.dataset.moves,"
                              " status: document.querySelector('#status').textContent,"
                              " notice: document.querySelector('#notice').textContent})")
        raise AssertionError(f"loading {variant} {position!r} with {count} moves: the page shows {shown}")
    page.evaluate("() => { document.querySelector('#import-export').open = false; }")


def click_move(page, origin, target, choice=None):
    """Clicks origin then target; picks `choice` (a move text, or a
    predicate on it) in the chooser when one appears. Returns the move text
    recorded."""
    before = move_count(page)
    page.click(f"[data-square='{origin}']")
    if target != origin:
        page.click(f"[data-square='{target}']")
    if choice is not None:
        page.wait_for_selector("#chooser button", timeout=5000)
        options = page.eval_on_selector_all("#chooser button", "bs => bs.map(b => b.dataset.move)")
        wanted = next(m for m in options if (choice(m) if callable(choice) else m == choice))
        page.click(f"#chooser button[data-move='{wanted}']")
    wait_moves(page, before + 1)
    # The list shows the readable notation; the move text is its data-move.
    return page.locator("#moves li").nth(before).get_attribute("data-move")


def piece_on(page, square):
    return page.eval_on_selector(f"[data-square='{square}']",
                                 "c => { const p = c.querySelector('[data-piece]'); return p ? p.dataset.piece : null; }")


# One special move each, set up from a position string and made by
# clicking: (game, position, from, to, chooser pick or None, the move text
# expected, a square and the piece expected there afterwards, what it shows).
SINGLE_MOVES = [
    ("chess", "8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7", "a8", "a7a8r", "a7a8r", "a8", "R",
     "promotion chosen in the chooser"),
    ("ultima", "7k/8/8/3Qr3/8/8/8/K7 w 0", "d5", "b5", None, "d5b5", "e5", None,
     "capture by withdrawal: the coordinator on e5 vanished with a cue"),
    ("oracle", "4l3/8/8/8/8/8/8/4L3 PHS - w 0 1", "e1", "e2", "e1e2+h", "e1e2+h", "e1", "H()",
     "fetch chosen in the chooser: a lifeless Horse body appears"),
    ("oracle", "4l3/8/8/4c()3/4S3/8/8/4L3 - - w 0 1", "e4", "e5", None, "s~e4e5", "e5", "c(s)",
     "a soul moves alone into a lifeless body"),
    ("oracle", "4l3/3H4/8/8/3P(ce)4/8/8/4L3 - hs w 0 1", "d4", "d7", "c~d4d7xh+s", "c~d4d7xh+s", "d7", "H(c)",
     "a soul takes a soul and its Priestess summons, chosen in the chooser"),
    ("oracle", "S3l3/8/8/8/8/8/8/4L3 P - w 5 1", "a8", "a8", "p@a8", "p@a8", "a8", "P",
     "promotion on its square: a lifeless Priestess body replaces the Soldier"),
    ("enochian", "", "h8", "f6", None, "h8f6Q", "h8", "bK",
     "the partner left the shared throne"),
]


def single_move(page, case):
    variant, position, origin, target, choice, expected, square, piece, shows = case
    load(page, variant, position)
    played = click_move(page, origin, target, choice)
    assert played == expected and piece_on(page, square) == piece, (played, piece_on(page, square))
    if variant == "ultima":
        captured = page.eval_on_selector(f"[data-square='{square}']", "c => c.classList.contains('taken')")
        assert captured, "no capture cue"
    return f"{shows} ({played})"


def chess_castling(page):
    load(page, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    played = click_move(page, "e1", "g1")
    assert played == "e1g1" and piece_on(page, "f1") == "R", played
    played = click_move(page, "e8", "c8")
    assert played == "e8c8" and piece_on(page, "d8") == "r", played
    return "castling both ways by moving the king (e1g1, e8c8)"


def enochian_exchange(page):
    load(page, "enochian", EXCHANGE_START)
    page.wait_for_selector("#offer-exchange", state="visible")
    before = move_count(page)
    page.click("#offer-exchange")
    page.wait_for_function("(n) => document.querySelectorAll('#moves li').length > n"
                           " || document.querySelector('#notice').textContent.includes('declined')", arg=before)
    answer = "accepted" if move_count(page) > before else "declined"
    # With every army played by the person, the offer is simply played.
    for army in ("yellow", "blue", "red", "black"):
        page.select_option(f"#army-{army}", "person")
    load(page, "enochian", EXCHANGE_START)
    page.click("#offer-exchange")
    wait_moves(page, 1)
    assert page.locator("#moves li").first.get_attribute("data-move") == "exchange"
    page.select_option("#side", "second")
    page.select_option("#side", "first")
    return f"exchange of prisoners offered by button (the engine {answer}; between people, played)"


def enochian_engine_offer(page):
    """Red (the engine) offers the exchange; the person (Blue and Black)
    answers in a dialog, declining once and accepting once."""
    answers = []
    for accept in (False, True):
        load(page, "enochian", OFFER_START)
        page.click("#engine-move")
        page.wait_for_selector("#offer-dialog", state="visible", timeout=30000)
        text = page.inner_text("#offer-text")
        assert text.startswith("Red offers"), text
        page.click("#accept-offer" if accept else "#decline-offer")
        wait_moves(page, 1)
        first = page.locator("#moves li").first.get_attribute("data-move")
        assert (first == "exchange") == accept, first
        assert not page.is_visible("#offer-dialog")
        answers.append(first)
    return f"the engine's offer answered in a dialog (declined: Red played {answers[0]}; accepted: exchange)"


def enochian_divination(page):
    page.check("#divination")
    page.check("#engine-plays")
    page.click("#new-game")
    page.wait_for_selector("#die", state="visible")
    rolls = []
    for _ in range(3):
        page.wait_for_selector("#roll", state="visible", timeout=30000)
        before = move_count(page)
        page.click("#roll")
        page.wait_for_function("() => !document.querySelector('#die').textContent.includes('not rolled')")
        die = page.inner_text("#die")
        rolls.append(die)
        legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
        if legal == ["0000"]:
            page.wait_for_function("() => document.querySelector('#notice').textContent.includes('turn is lost')")
            wait_moves(page, before + 1)  # The lost turn is played for the person.
        else:
            click_a_legal_move(page, [])
        # The engine's army answers, unless it is frozen and passed over
        # (its King taken): then the person's next army rolls at once.
        settle(page, quiet=0.5)
        assert move_count(page) >= before + 1
        texts = [li.get_attribute("data-move") for li in page.locator("#moves li").all()]
        assert all(re.match(r"^[1-6]:", t) for t in texts), texts
    page.uncheck("#divination")
    return f"divination: rolled by button ({'; '.join(rolls)}), every move carries its roll"


SPECIAL_MOVES = {
    "chess": [chess_castling],
    "enochian": [enochian_exchange, enochian_engine_offer, enochian_divination],
}

# Red, to move, does better with its Yellow ally revived: the engine offers.
OFFER_START = ("yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/1kPN6/8/"
               "4rPNrPRrPBrPQ/4rNrRrBrKQ r d yk - -")
EXCHANGE_START = ("yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/"
                  "kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -")


def clock_text(page, side):
    return page.inner_text(f".clock[data-side='{side}']")


def play_on_the_clock(page):
    """A game with clocks: the person's runs while they think, the engine
    plays on its own."""
    page.select_option("#clock", "1+0")
    page.check("#engine-plays")
    page.select_option("#variant", "chess")
    page.click("#new-game")
    page.wait_for_selector(".clock.running[data-side='White']")
    first = clock_text(page, "White")
    try:
        page.wait_for_function(
            "first => document.querySelector(\".clock[data-side='White']\").innerText !== first",
            arg=first, timeout=10000)
    except PlaywrightTimeout:
        raise AssertionError("the person's clock does not run")
    click_move(page, "e2", "e4")
    wait_moves(page, 2)
    page.wait_for_selector(".clock.running[data-side='White']")
    black = clock_text(page, "Black")
    assert black.startswith("Black 0:5"), black
    page.select_option("#clock", "")
    return f"1 minute each; after a move each, {clock_text(page, 'White')} and {black}"


def analyse_and_stop(page, frames):
    """An endless analysis deepens until stopped, and restarts after a move
    made for either side."""
    page.uncheck("#engine-plays")
    page.select_option("#variant", "ultima")
    page.click("#new-game")
    wait_moves_exact(page, 0)
    page.click("#analyse")
    page.wait_for_function("() => Number(document.querySelector('#depth').textContent) >= 2", timeout=30000)
    first = int(page.inner_text("#depth"))
    time.sleep(1.5)
    later = int(page.inner_text("#depth"))
    assert later >= first, (first, later)
    click_a_legal_move(page, [])
    page.wait_for_function("() => document.querySelector('#depth').textContent !== '-'", timeout=30000)
    finals = sum("[final analysis]" in f for f in frames)
    page.click("#analyse")
    page.wait_for_function("() => document.querySelector('#analyse').textContent === 'Analyse'")
    # The search's last report (it may still deepen the shown depth) ends
    # it. Playwright records frames only while it runs a call, so the wait
    # is the page's, not a sleep.
    deadline = time.time() + 15
    while sum("[final analysis]" in f for f in frames) == finals:
        assert time.time() < deadline, "no final analysis report after stopping"
        page.wait_for_timeout(50)
    time.sleep(0.2)
    settled = page.inner_text("#depth")
    time.sleep(0.6)
    assert page.inner_text("#depth") == settled, "the analysis did not stop"
    return f"depth {first} then {later}, restarted after a move, stopped at depth {settled}"


def import_pgn(page):
    """PGN pasted into the page (SAN, a comment, a variation) becomes the
    game in move text."""
    page.evaluate("() => { document.querySelector('#import-export').open = true; }")
    page.fill("#pgn", '[Event "pasted"]\n\n1. e4 {a comment} e5 (1... c5) 2. Nf3 Nc6 *\n')
    page.click("#import-pgn")
    wait_moves_exact(page, 4)
    texts = [li.get_attribute("data-move") for li in page.locator("#moves li").all()]
    assert texts == ["e2e4", "e7e5", "g1f3", "b8c6"], texts
    assert page.input_value("#variant") == "chess"
    page.evaluate("() => { document.querySelector('#import-export').open = false; }")
    return "SAN with a comment and a variation read as " + " ".join(texts)


def drag_a_move(page):
    """A move by drag: press on a piece, release on one of its targets."""
    page.check("#engine-plays")
    page.select_option("#variant", "chess")
    page.click("#new-game")
    wait_moves_exact(page, 0)
    page.locator("[data-square='g1']").drag_to(page.locator("[data-square='f3']"))
    wait_moves(page, 1)
    assert page.locator("#moves li").first.get_attribute("data-move") == "g1f3"
    wait_moves(page, 2)


def second_side_and_resign(page):
    """Playing the second side: the engine makes the first move, then waits."""
    page.select_option("#variant", "chess")
    page.select_option("#side", "second")
    page.click("#new-game")
    wait_moves(page, 1)
    time.sleep(0.5)
    assert move_count(page) == 1, "the engine should wait for the person"
    page.click("#resign")
    page.click("#resign-confirm")  # Resigning asks first.
    page.wait_for_function("() => document.querySelector('#status').textContent.includes('resigns')")
    status = page.inner_text("#status")
    assert "White wins" in status and "Black resigns" in status, status
    page.click("#result-close")
    page.select_option("#side", "first")
    page.click("#new-game")
    wait_moves_exact(page, 0)


def watch(page):
    """Watch mode: the engine plays both sides on the clock until stopped."""
    page.select_option("#variant", "chess")
    page.select_option("#clock", "1+0")
    page.click("#new-game")
    wait_moves_exact(page, 0)
    page.click("#watch")
    wait_moves(page, 4)
    page.click("#watch")
    # A move already asked for still arrives (and may be answered once if
    # the engine plays a side); then nothing more comes.
    settle(page, quiet=1.0)
    settled = move_count(page)
    time.sleep(1.0)
    assert move_count(page) == settled, "watching did not stop"
    spent = [clock_text(page, side) for side in ("White", "Black")]
    assert all(not t.endswith("1:00") for t in spent), spent
    page.select_option("#clock", "")
    return f"{settled} plies, clocks {', '.join(spent)}"


if __name__ == "__main__":
    main()
