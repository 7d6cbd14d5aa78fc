#!/usr/bin/env python3
"""Fresh screenshots of the web board for docs/screenshots: every game at
1280 px (desktop) and 390 px (a phone, settings folded), a few moves into
a game the engine plays against itself, a piece picked to show its targets.

Usage: python3 tools/screenshots.py <augur> [--out docs/screenshots] [--plies 10]
"""
import argparse
import time

from playwright.sync_api import sync_playwright

from serve_figures import ARGS, CHROMIUM, start

GAMES = ["chess", "ultima", "oracle", "enochian"]


def choose_game(page, variant):
    page.evaluate("""(variant) => {
        const select = document.querySelector('select#variant');
        select.value = variant;
        select.dispatchEvent(new Event('change', { bubbles: true }));
    }""", variant)
    page.wait_for_function("(v) => document.body.dataset.variant === v && document.body.dataset.moves === '0'",
                           arg=variant)


def watch_some_moves(page, plies):
    page.fill("#movetime", "80")
    page.click("#watch")
    deadline = time.time() + 90
    while time.time() < deadline and page.locator("#moves li").count() < plies:
        time.sleep(0.2)
    page.click("#watch")
    page.wait_for_function("() => !document.querySelector('#status').textContent.includes('thinking')")
    time.sleep(2.0)  # Let the last capture's flash fade.


def pick_a_piece(page):
    square = page.evaluate("() => (state.board.moves.find((m) => m.from && m.to && m.to !== m.from) || {}).from")
    if square:
        page.click(f"[data-square='{square}']")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("augur")
    parser.add_argument("--out", default="docs/screenshots")
    parser.add_argument("--plies", type=int, default=10)
    args = parser.parse_args()
    server, url = start(args.augur)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for variant in GAMES:
                desktop = browser.new_page(viewport={"width": 1280, "height": 900})
                desktop.goto(url + "/")
                desktop.wait_for_selector("[data-square='e2']")
                choose_game(desktop, variant)
                watch_some_moves(desktop, args.plies)
                start_text = desktop.evaluate("() => state.start || ''")
                moves = desktop.evaluate("() => state.moves.filter((m) => !m.endsWith(':')).join(' ')")
                pick_a_piece(desktop)
                desktop.screenshot(path=f"{args.out}/{variant}-desktop.png")
                desktop.close()
                # The phone opens the same game afresh: the settings folded,
                # the board first.
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                              has_touch=True, device_scale_factor=2)
                phone = context.new_page()
                phone.goto(url + "/")
                phone.wait_for_selector("[data-square='e2']")
                phone.evaluate("document.getElementById('engine-plays').click()")
                choose_game(phone, variant)
                phone.evaluate("document.getElementById('import-export').open = true")
                phone.fill("#position-text", start_text)
                phone.fill("#moves-text", moves)
                phone.click("#load")
                phone.wait_for_function("(n) => Number(document.body.dataset.moves) >= n",
                                        arg=len(moves.split()))
                phone.evaluate("document.getElementById('import-export').open = false")
                phone.evaluate("window.scrollTo(0, 0)")
                pick_a_piece(phone)
                phone.screenshot(path=f"{args.out}/{variant}-phone.png")
                context.close()
                print(f"{variant}: {args.out}/{variant}-desktop.png, {args.out}/{variant}-phone.png")
            browser.close()
    finally:
        server.kill()


if __name__ == "__main__":
    main()
