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
import re
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start_server(augur):
    server = subprocess.Popen([augur, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline().strip()
    match = re.match(r"augur serve: (http://\S+)", line)
    if not match:
        server.kill()
        sys.exit(f"unexpected first line from augur serve: {line!r}")
    return server, match.group(1)


def move_count(page):
    return page.locator("#moves li").count()


def wait_moves(page, count, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if move_count(page) >= count:
            return
        time.sleep(0.02)
    raise AssertionError(f"expected {count} moves, have {move_count(page)}: {page.inner_text('#status')}")


def click_a_legal_move(page, timings):
    """Clicks a piece that has targets, then its first target; returns the
    move text the page then records."""
    before = move_count(page)
    legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
    for text in legal:
        squares = re.findall(r"[a-h][1-8]", text)
        if len(squares) < 2 or squares[0] == squares[1]:
            continue
        started = time.time()
        page.click(f"[data-square='{squares[0]}']")
        page.wait_for_selector(".square.target", timeout=5000)
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
    page.click("#undo")
    wait_moves_exact(page, 0)
    played = 0
    while played < plies and not page.inner_text("#status").strip():
        count = move_count(page)
        click_a_legal_move(page, timings)
        wait_moves(page, count + 2)
        played += 2
    assert move_count(page) >= min(plies, 2), f"{variant}: too few moves"
    before = move_count(page)
    page.click("#undo")
    wait_moves_exact(page, before - 2)
    page.click("#analyse")
    page.wait_for_function("() => document.querySelector('#score').textContent !== '-'", timeout=30000)
    score = page.inner_text("#score")
    # The best move is drawn as an arrow, and the eval bar has moved.
    page.wait_for_selector("#best-arrow", state="attached", timeout=5000)
    arrow = page.get_attribute("#best-arrow", "data-move")
    legal = page.eval_on_selector_all("#legal option", "os => os.map(o => o.value)")
    assert arrow in legal, (arrow, legal[:5])
    exported = (page.input_value("#position-text"), page.input_value("#moves-text"))
    page.click("details summary")
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
    page.click("details summary")
    page.click("#new-game")
    wait_moves_exact(page, 0)
    page.click("details summary")
    page.fill("#moves-text", exported[1])
    page.click("#load")
    wait_moves(page, before - 2)
    assert page.input_value("#moves-text") == exported[1], "re-import changed the moves"
    page.click("details summary")
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
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
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
            drag_a_move(page)
            print("drag: g1f3 played by dragging, the engine answered")
            second_side_and_resign(page)
            print("second side: the engine opened; resigning is announced")
            watched = watch(page)
            print(f"watch: {watched} plies of engine against engine, then stopped")
            browser.close()
    finally:
        server.kill()
    timings.sort()
    print(f"click to highlighted targets: median {1000 * timings[len(timings) // 2]:.0f} ms over {len(timings)} clicks")
    print(f"new game to first engine move (level 1000, 50 ms): max {1000 * max(first_moves):.0f} ms")
    print("browser check passed")


def drag_a_move(page):
    """A move by drag: press on a piece, release on one of its targets."""
    page.select_option("#variant", "chess")
    wait_moves_exact(page, 0)
    page.locator("[data-square='g1']").drag_to(page.locator("[data-square='f3']"))
    wait_moves(page, 1)
    assert page.locator("#moves li").first.inner_text() == "g1f3"
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
    assert "resigned" in page.inner_text("#status")
    page.select_option("#side", "first")
    page.click("#new-game")
    wait_moves_exact(page, 0)


def watch(page):
    """Watch mode: the engine plays both sides until stopped."""
    page.select_option("#variant", "chess")
    wait_moves_exact(page, 0)
    page.click("#watch")
    wait_moves(page, 6)
    page.click("#watch")
    time.sleep(0.3)
    settled = move_count(page)
    time.sleep(0.5)
    assert move_count(page) == settled, "watching did not stop"
    return settled


if __name__ == "__main__":
    main()
