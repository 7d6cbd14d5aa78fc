"""A game's settings live with the game: who plays which side and at what
level come back after a reload, and the PGN names the players as they
played (the person, the engine at its level, two engines in Watch) with the
real date."""
import datetime
import time

from board import set_select, move_count, open_board, wait_for, wait_moves


def exported_pgn(page):
    page.evaluate("document.getElementById('import-export').open = true")
    page.fill("#pgn", "")
    page.click("#export")
    wait_for(lambda: "[Result" in page.input_value("#pgn"), message="the PGN")
    return page.input_value("#pgn")


def tag(pgn, name):
    for line in pgn.splitlines():
        if line.startswith(f"[{name} "):
            return line.split('"')[1]
    return None


def test_playing_black_survives_a_reload_and_names_the_players(page, server):
    open_board(page, server)
    page.fill("#movetime", "50")
    set_select(page, "#level", "1500")
    set_select(page, "#side", "second")
    page.click("#new-game")
    wait_moves(page, 1)  # The engine opens for White.
    time.sleep(0.5)
    address = page.url
    assert "/game/" in address
    page.reload()
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: page.evaluate("document.body.dataset.moves") == "1", message="the game resumed")
    assert page.input_value("#side") == "second" and page.input_value("#level") == "1500"
    first = "document.querySelector('#board [data-square]').dataset.square"
    assert page.evaluate(first) == "h1", "the board still turned for Black"
    time.sleep(1.0)
    assert move_count(page) == 1, "the engine must not move for the person after a reload"
    pgn = exported_pgn(page)
    assert tag(pgn, "White") == "Augur 1500" and tag(pgn, "Black") == "Person", pgn
    assert tag(pgn, "Date") == datetime.datetime.now(datetime.timezone.utc).strftime("%Y.%m.%d")


def test_watched_games_name_both_engines(page, server):
    open_board(page, server)
    page.fill("#movetime", "50")
    set_select(page, "#level", "2000")
    set_select(page, "#level-b", "1000")
    page.click("#watch")
    wait_moves(page, 4)
    page.click("#watch")
    wait_for(lambda: "thinking" not in page.inner_text("#status"), message="the engine idle")
    pgn = exported_pgn(page)
    assert tag(pgn, "White") == "Augur 2000" and tag(pgn, "Black") == "Augur 1000", pgn


def test_settings_are_sent_once_not_in_a_loop(page, server):
    sent = []
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda payload: sent.append(payload) if '"settings"' in str(payload) else None))
    open_board(page, server)
    set_select(page, "#level", "1000")
    time.sleep(2.0)
    settings = [frame for frame in sent if '"type":"settings"' in str(frame)]
    assert 1 <= len(settings) <= 3, settings


def test_a_watched_game_the_person_takes_over_names_the_person(page, server):
    open_board(page, server)
    page.fill("#movetime", "50")
    page.click("#watch")
    wait_moves(page, 2)
    page.click("#watch")
    # The engine answers Black's turn, if watching stopped there.
    wait_for(lambda: "thinking" not in page.inner_text("#status") and page.evaluate(
        "state.board.to_move") == "White", message="White to move, the engine idle")
    time.sleep(1.0)
    count = move_count(page)
    move = page.evaluate("state.board.moves.find((m) => m.from && m.to && m.choices.length === 0)")
    page.click(f"[data-square='{move['from']}']")
    page.click(f"[data-square='{move['to']}']")
    wait_moves(page, count + 2)  # The person's move and the engine's answer.
    wait_for(lambda: "thinking" not in page.inner_text("#status"), message="the engine idle")
    pgn = exported_pgn(page)
    assert tag(pgn, "White") == "Person" and tag(pgn, "Black") == "Augur 2000", pgn


def test_the_clock_setting_comes_back_after_a_reload(page, server):
    open_board(page, server)
    set_select(page, "#clock", "3+2")
    page.click("#new-game")
    wait_for(lambda: page.is_visible("#clocks"), message="the clocks")
    page.reload()
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: page.input_value("#clock") == "3+2", message="the clock setting restored")
    page.click("#new-game")
    wait_for(lambda: page.is_visible("#clocks") and page.evaluate("state.clock !== null"),
             message="the next game on the clock too")
