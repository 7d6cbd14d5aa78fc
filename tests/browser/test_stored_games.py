"""Stored games in a real browser: a reload or a server restart resumes the
game at its own address, its clocks wait while no page is open, and the
past games page lists, opens and deletes it."""
import json
import sqlite3
import time
import urllib.error
import urllib.request

import pytest

from board import move_count, new_game, open_board, wait_for, wait_moves

VARIANTS = ["chess", "ultima", "oracle", "enochian"]


def move_texts(page):
    return page.locator("#moves li").all_inner_texts()


def play_first_legal(page):
    """Plays the first legal move the page lists, as a person would."""
    before = move_count(page)
    page.evaluate("""() => {
        const select = document.getElementById('legal');
        select.value = select.options[0].value;
    }""")
    page.click("#play-selected")
    wait_moves(page, before + 1)


def game_id(page):
    path = page.evaluate("location.pathname")
    assert path.startswith("/game/"), path
    return path[len("/game/"):]


def stored_state(page, server, game):
    """The state a fresh connection to `game` gets (taking the game over)."""
    return page.evaluate("""(url) => new Promise((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === 'state') { socket.close(); resolve(message); }
        };
        socket.onerror = () => reject(new Error('no socket'));
    })""", server.url.replace("http://", "ws://") + f"/ws?game={game}")


def reload_and_wait(page):
    page.reload()
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: page.evaluate("document.body.dataset.moves") is not None, message="first state")


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_reload_and_a_restart_resume_the_game(server, page, variant):
    open_board(page, server)
    new_game(page, variant)
    for _ in range(2):
        play_first_legal(page)
    played = move_texts(page)
    assert len(played) == 2
    url = page.url
    assert "/game/" in url
    reload_and_wait(page)
    assert page.url == url
    assert page.evaluate("document.body.dataset.variant") == variant
    # The engine may answer after the reload; the game played is kept.
    assert move_texts(page)[:2] == played
    server.restart()
    page.goto(url)
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: page.evaluate("document.body.dataset.variant") == variant and move_count(page) >= 2,
             message="the resumed game")
    assert page.url == url
    assert move_texts(page)[:2] == played


def test_a_second_tab_takes_the_game_and_the_first_says_why(server, page, browser):
    open_board(page, server)
    new_game(page, "chess")
    play_first_legal(page)
    other = browser.new_page()
    try:
        other.goto(page.url)
        other.wait_for_selector("[data-square='e2']")
        wait_for(lambda: move_count(other) >= 1, message="the game in the second tab")
        wait_for(lambda: "opened in another tab" in page.inner_text("#status"),
                 message="the first tab's reason")
    finally:
        other.close()


def test_the_clock_waits_while_no_page_is_open(server, page, browser):
    open_board(page, server)
    page.select_option("#clock", "1+0")
    new_game(page, "chess")
    play_first_legal(page)
    game = game_id(page)
    page.goto("about:blank")
    time.sleep(3)
    viewer = browser.new_page()
    try:
        viewer.goto(server.url + "/games")
        state = stored_state(viewer, server, game)
    finally:
        viewer.close()
    assert state["clock"]["running"] == "Black", state["clock"]
    left = state["clock"]["left"]["Black"]
    # Black's clock ran only while a page had the game open.
    assert 58_000 <= left <= 60_000, state["clock"]


def test_the_past_games_page_lists_opens_and_deletes_a_game(server, page):
    open_board(page, server)
    new_game(page, "ultima")
    for _ in range(3):
        play_first_legal(page)
    game = game_id(page)
    page.click("#past-games-link")
    page.wait_for_url(server.url + "/games")
    row = page.locator(f"tr[data-id='{game}']")
    row.wait_for()
    assert "Ultima" in row.inner_text()
    assert "in progress" in row.inner_text()
    assert row.locator("td").nth(2).inner_text() == "3"
    href = row.locator("a.pgn").get_attribute("href")
    with urllib.request.urlopen(server.url + href) as response:
        assert "attachment" in response.headers["Content-Disposition"]
        assert "[Variant" in response.read().decode()
    row.locator("a.open").click()
    page.wait_for_url(server.url + f"/game/{game}")
    wait_for(lambda: move_count(page) >= 3 and page.evaluate("document.body.dataset.variant") == "ultima",
             message="the opened game")
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-id='{game}']")
    row.wait_for()
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    row.locator("button.delete").click()
    row.wait_for(state="detached")
    assert asked and "Delete" in asked[0]
    page.reload()
    page.wait_for_function("document.getElementById('games-status').textContent !== 'Loading…'")
    assert page.locator(f"tr[data-id='{game}']").count() == 0
    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(server.url + f"/api/games/{game}/pgn")
    assert gone.value.code == 404
    listed = json.load(urllib.request.urlopen(server.url + "/api/games"))
    assert game not in [g["id"] for g in listed]


def test_an_unreadable_game_is_listed_as_such_and_its_page_says_why(server, page):
    open_board(page, server)
    play_first_legal(page)
    game = game_id(page)
    page.goto("about:blank")
    server.stop()
    with sqlite3.connect(server.db) as db:
        db.execute("UPDATE games SET moves = '[1, 2' WHERE id = ?", (game,))
    server.start()
    page.goto(server.url + "/games")
    row = page.locator(f"tr[data-id='{game}']")
    row.wait_for()
    assert "unreadable" in row.inner_text()
    assert row.locator("a.open").count() == 0
    errors = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda frame: errors.append(frame) if '"error"' in str(frame) else None))
    page.goto(server.url + f"/game/{game}")
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: errors, message="the error message")
    assert f"game {game} cannot be read" in str(errors[0])
    # A fresh game at its own address.
    wait_for(lambda: page.evaluate("location.pathname") != f"/game/{game}", message="a new address")
    assert move_count(page) == 0
