"""The board as a person uses it: targets, castling onto the rook, a
promotion chosen by its picture, premoves, the board turned for Black,
stepping through the game with the keys, taking back against engine armies,
and loading a position after a game."""
import time

from board import set_select, move_count, open_board, wait_for, wait_moves


def state(page, expression):
    """A value from the page's current game state (`state` in app.js)."""
    return page.evaluate(f"() => {expression}")


def set_engine_answers(page, answers):
    page.evaluate("""(answers) => {
        const box = document.getElementById('engine-plays');
        if (box.checked !== answers) box.click();
    }""", answers)


def load(page, position, moves=""):
    """Loads a position (and moves) through the import fields."""
    page.evaluate("document.querySelector('details:has(#load)') && (document.querySelector('details:has(#load)').open = true)")
    page.fill("#position-text", position)
    page.fill("#moves-text", moves)
    page.click("#load")
    wait_for(lambda: page.evaluate("document.body.dataset.start") == position
             and move_count(page) == len(moves.split()), message=f"position {position} loaded")


def classes(page, square):
    return page.get_attribute(f"[data-square='{square}']", "class").split()


def drop(page, origin, target):
    page.click(f"[data-square='{origin}']")
    page.click(f"[data-square='{target}']")


def last_move(page):
    return page.get_attribute("#moves li:last-child", "data-move")


def test_targets_are_dots_and_captures_rings(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    page.click("[data-square='e4']")
    assert "picked" in classes(page, "e4")
    assert "target" in classes(page, "e5")
    assert "capture" in classes(page, "d5") and "target" not in classes(page, "d5")
    assert "target" not in classes(page, "e6")


def test_a_position_loaded_after_moves_starts_from_it(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    drop(page, "e2", "e4")
    wait_moves(page, 1)
    drop(page, "e7", "e5")
    wait_moves(page, 2)
    position = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    load(page, position)
    assert move_count(page) == 0
    assert page.get_attribute("[data-square='e2'] .piece", "data-piece") == "P"
    assert page.input_value("#moves-text") == ""


def test_castling_by_dropping_the_king_on_its_rook(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    page.click("[data-square='e1']")
    assert "target" in classes(page, "h1") and "target" in classes(page, "g1")
    page.click("[data-square='h1']")
    wait_moves(page, 1)
    assert last_move(page) == "e1g1"
    drop(page, "e8", "a8")
    wait_moves(page, 2)
    assert last_move(page) == "e8c8"
    assert page.get_attribute("[data-square='d8'] .piece", "data-piece") == "r"


def test_a_promotion_is_chosen_by_its_picture_and_words(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "8/P6k/8/8/8/8/8/K7 w - - 0 1")
    drop(page, "a7", "a8")
    page.wait_for_selector("#chooser:not([hidden]) .choice[data-move]")
    choices = page.locator("#chooser .choice[data-move]")
    assert choices.count() == 4
    words = [choices.nth(i).inner_text() for i in range(4)]
    assert any("knight" in w.lower() for w in words), words
    knight = page.locator("#chooser .choice[data-move='a7a8n']")
    assert knight.locator(".piece").count() == 1
    assert "promotes to a knight" in knight.inner_text().lower()
    knight.click()
    wait_moves(page, 1)
    assert page.get_attribute("[data-square='a8'] .piece", "data-piece") == "N"


def test_a_premove_is_played_when_the_turn_comes(page, server):
    open_board(page, server)
    # Full strength thinks for the whole move time (a level may answer at
    # once).
    set_select(page, "#level", "")
    page.fill("#movetime", "2000")
    drop(page, "e2", "e4")
    wait_moves(page, 1)
    # The engine thinks for two seconds: the person premoves meanwhile.
    wait_for(lambda: "thinking" in page.inner_text("#status"), message="the engine thinking")
    drop(page, "g1", "f3")
    assert "premove" in classes(page, "g1") and "premove" in classes(page, "f3")
    wait_moves(page, 3, timeout=30)
    assert last_move(page) == "g1f3"
    assert "premove" not in classes(page, "f3")


def test_a_right_click_or_a_tap_cancels_a_premove(page, server):
    open_board(page, server)
    # Full strength thinks for the whole move time (a level may answer at
    # once).
    set_select(page, "#level", "")
    page.fill("#movetime", "2000")
    drop(page, "e2", "e4")
    wait_for(lambda: "thinking" in page.inner_text("#status"), message="the engine thinking")
    drop(page, "g1", "f3")
    page.click("[data-square='a4']", button="right")
    assert "premove" not in classes(page, "f3")
    # On a touch screen: a tap on the board cancels it.
    drop(page, "g1", "f3")
    assert "premove" in classes(page, "f3")
    page.click("[data-square='a4']")
    assert "premove" not in classes(page, "f3") and "picked" not in classes(page, "a4")
    wait_moves(page, 2, timeout=30)
    time.sleep(1.0)
    assert move_count(page) == 2


def test_the_board_turns_for_the_person_playing_black(page, server):
    open_board(page, server)
    first = "document.querySelector('#board [data-square]').dataset.square"
    assert page.evaluate(first) == "a8"
    set_engine_answers(page, False)
    set_select(page, "#side", "second")
    page.click("#new-game")
    wait_for(lambda: page.evaluate(first) == "h1", message="the board turned for Black")
    page.click("#flip")
    assert page.evaluate(first) == "a8"
    # Enochian chess: the person's armies' thrones at the bottom.
    set_select(page, "#side", "first")
    set_select(page, "select#variant", "enochian")
    wait_for(lambda: page.evaluate("document.body.dataset.variant") == "enochian", message="enochian")
    for army, player in [("yellow", "person"), ("blue", "engine"), ("red", "engine"), ("black", "engine")]:
        set_select(page, f"#army-{army}", player)
    # Yellow's throne is a8: a8 is drawn in the bottom left corner.
    last = "[...document.querySelectorAll('#board [data-square]')].at(-8).dataset.square"
    wait_for(lambda: page.evaluate(last) == "h8" or page.evaluate(
        "[...document.querySelectorAll('#board [data-square]')].at(-1).dataset.square") == "a8",
        message="yellow's throne at the bottom")


def test_arrow_keys_step_through_the_game(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5 g1f3 b8c6")
    assert page.is_hidden("#viewing")
    page.locator("#board").click(position={"x": 5, "y": 5}, button="right")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#viewing:not([hidden])")
    wait_for(lambda: page.get_attribute("[data-square='b8'] .piece", "data-piece") == "n",
             message="the knight back on b8")
    assert page.get_attribute("#moves li.current", "data-ply") == "3"
    assert "last" in classes(page, "f3")
    page.keyboard.press("Home")
    wait_for(lambda: page.get_attribute("[data-square='e2'] .piece", "data-piece") == "P",
             message="the start")
    page.keyboard.press("ArrowRight")
    wait_for(lambda: page.get_attribute("[data-square='e4'] .piece", "data-piece") == "P",
             message="after the first move")
    # Moves cannot be made on an earlier position.
    page.click("[data-square='d2']")
    assert "picked" not in classes(page, "d2")
    page.keyboard.press("End")
    page.wait_for_selector("#viewing", state="hidden")
    assert page.get_attribute("[data-square='c6'] .piece", "data-piece") == "n"
    # Clicking a move in the list shows it too.
    page.click("#moves li[data-ply='1']")
    wait_for(lambda: page.get_attribute("[data-square='e7'] .piece", "data-piece") == "p",
             message="after 1. e4")
    page.click("#live")
    page.wait_for_selector("#viewing", state="hidden")
    assert move_count(page) == 4


def test_the_move_list_numbers_rounds_and_follows_the_newest_move(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    moves = "g1f3 g8f6 f3g1 f6g8 " * 7 + "e2e4 e7e5"
    load(page, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", moves.strip())
    rounds = page.eval_on_selector_all("#moves li[data-round]", "items => items.map(i => i.dataset.round)")
    assert rounds[:3] == ["1.", "2.", "3."] and len(rounds) == 15
    scrolled = page.evaluate("""() => { const list = document.getElementById('moves');
        return list.scrollHeight <= list.clientHeight || list.scrollTop + list.clientHeight >= list.scrollHeight - 2; }""")
    assert scrolled
    # A game starting with Black's move numbers it "1…".
    load(page, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e8d8 e1d1")
    rounds = page.eval_on_selector_all("#moves li[data-round]", "items => items.map(i => i.dataset.round)")
    assert rounds == ["1…", "2."]


def test_taken_squares_flash_where_the_piece_was_taken(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    drop(page, "e5", "f6")
    wait_moves(page, 1)
    assert "taken" in classes(page, "f5")
    assert page.locator("[data-square='f5'] .piece").count() == 0


def test_enochian_take_back_with_three_engine_armies(page, server):
    open_board(page, server)
    set_select(page, "select#variant", "enochian")
    wait_for(lambda: page.evaluate("document.body.dataset.variant") == "enochian", message="enochian")
    page.fill("#movetime", "50")
    person = state(page, "state.board.to_move")
    for army in ["yellow", "blue", "red", "black"]:
        set_select(page, f"#army-{army}", "person" if army == person else "engine")
    move = state(page, "state.board.moves.find((m) => m.from && m.to && m.choices.length === 0)")
    drop(page, move["from"], move["to"])
    wait_for(lambda: move_count(page) >= 4 and state(page, "state.board.to_move") == person
             and "thinking" not in page.inner_text("#status"), timeout=60,
             message="the three engine armies to have moved")
    page.click("#undo")
    wait_for(lambda: move_count(page) == 0, message="the person's move taken back")
    time.sleep(1.5)
    assert move_count(page) == 0
    assert state(page, "state.board.to_move") == person


def test_moves_are_listed_in_readable_notation_and_check_glows(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    load(page, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1 e8f8")
    assert page.inner_text("#moves li") == "O-O-O"
    drop(page, "d1", "d8")
    wait_moves(page, 3)
    listed = page.eval_on_selector_all("#moves li", "items => items.map(i => i.textContent)")
    assert listed == ["O-O-O", "Kf8", "Rd8+"]
    assert "check" in classes(page, "f8")
    assert "check" not in classes(page, "c1")
    # Stepping back shows the position before the check, without the glow.
    page.keyboard.press("ArrowLeft")
    wait_for(lambda: "check" not in classes(page, "f8"), message="no check before Rd8+")


def test_ultima_moves_read_with_their_captures(page, server):
    open_board(page, server)
    set_engine_answers(page, False)
    set_select(page, "select#variant", "ultima")
    wait_for(lambda: page.evaluate("document.body.dataset.variant") == "ultima", message="ultima")
    load(page, "7k/8/8/3Qr3/8/8/8/K7 w 0")
    drop(page, "d5", "b5")
    wait_moves(page, 1)
    assert page.inner_text("#moves li") == "Qd5-b5xe5"
    assert page.get_attribute("#moves li", "data-move") == "d5b5"
