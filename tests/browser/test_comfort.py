"""The board page's analysis (eval bar and lines from the first side's
view), evaluation graph, game-end and resignation dialogs, sounds, phone
layout and dark mode."""
import pytest

from board import new_game, open_board, wait_for, wait_moves

# Black, to move, has a queen more.
BLACK_AHEAD = "3qk3/8/8/8/8/8/8/4K3 b - - 0 1"
# White mates with Ra8.
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
VARIANTS = ["chess", "ultima", "oracle", "enochian"]

COUNT_AUDIO_CONTEXTS = """
window.__audioContexts = 0;
const Original = window.AudioContext;
if (Original) {
  window.AudioContext = class extends Original {
    constructor(...options) { super(...options); window.__audioContexts += 1; }
  };
}
"""

# Elements drawn past either side of the screen (none may be).
BEYOND_THE_SCREEN = """() => [...document.body.querySelectorAll('*')]
    .filter((e) => e.getClientRects().length)
    .map((e) => [e.id || e.tagName, e.getBoundingClientRect()])
    .filter(([, box]) => box.width > 0 && (box.left < -1 || box.right > innerWidth + 1))
    .map(([name, box]) => `${name} ${Math.round(box.left)}..${Math.round(box.right)}`)"""


def load_position(page, position):
    """Loads a chess position from the import fields (as a script: the
    fields may be folded away)."""
    page.evaluate("""(position) => {
        document.getElementById('position-text').value = position;
        document.getElementById('moves-text').value = '';
        document.getElementById('load').click();
    }""", position)
    wait_for(lambda: page.evaluate("document.body.dataset.start") == position, message="the position loaded")


def play(page, origin, target):
    """Plays a move by clicking its squares, once the page waits for no
    reply (a click while a new game is on its way is ignored)."""
    count = page.locator("#moves li").count()
    wait_for(lambda: page.evaluate("typeof busy === 'undefined' || !busy"), message="the page ready")
    page.click(f"[data-square='{origin}']")
    page.click(f"[data-square='{target}']")
    wait_moves(page, count + 1)


def dialog_open(page, dialog_id):
    return page.evaluate(f"document.getElementById('{dialog_id}').open")


def test_the_eval_bar_and_lines_are_from_whites_view(page, server):
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    load_position(page, BLACK_AHEAD)
    page.click("#analyse")
    wait_for(lambda: page.locator("#lines li").count() > 0, message="analysis lines")
    # A fast build may already see Black's mate: "#-8" is Black's too.
    black = lambda text: text.startswith("-") or text.startswith("#-")  # noqa: E731
    wait_for(lambda: black(page.text_content("#eval-text")), message="a score for Black")
    assert black(page.text_content("#score"))
    assert float(page.get_attribute("#eval-bar", "data-share")) < 20
    bar = page.evaluate("document.getElementById('eval-bar').getBoundingClientRect().toJSON()")
    assert bar["height"] > 3 * bar["width"], "the bar stands beside the board"
    board = page.evaluate("document.getElementById('board').getBoundingClientRect().toJSON()")
    assert bar["right"] <= board["left"] and abs(bar["top"] - board["top"]) < 5
    # White's share (the light fill, growing up from the bottom) is small.
    fill = "document.getElementById('eval-fill').getBoundingClientRect().height"
    wait_for(lambda: page.evaluate(fill) < bar["height"] * 0.2, message="a short fill")
    for line in page.locator("#lines li").all_text_contents():
        assert line.startswith("-") or line.startswith("#-"), line
    page.click("#analyse")


def test_only_exact_lines_are_listed_and_the_bar_keeps_the_last_exact_score(page, server):
    open_board(page, server)
    # The start position, White to move: the engine's view is White's.
    exact = {"depth": 5, "multipv": 1, "score": {"cp": 30}, "bound": None,
             "pv": [{"text": "e2e4", "notation": "e4"}, {"text": "e7e5"}]}
    lower = {"depth": 6, "multipv": 1, "score": {"cp": 90}, "bound": "lower", "pv": [{"text": "d2d4"}]}
    kept = page.evaluate("(lines) => AnalysisPanel.exactLines(lines).length", [exact, lower])
    assert kept == 1
    page.evaluate("""([exact, lower]) => showAnalysis({type: 'analysis', depth: 6, score: {cp: 30},
        bestmove: 'e2e4', lines: [exact, lower], final: false})""", [exact, lower])
    assert page.locator("#lines li").all_text_contents() == ["+0.30 e4 e7e5"]
    page.evaluate("""(lower) => showAnalysis({type: 'analysis', depth: 6, score: {cp: 90},
        bestmove: 'd2d4', lines: [lower], final: false})""", lower)
    assert page.locator("#lines li").count() == 0
    assert page.text_content("#eval-text") == "+0.30"
    texts = page.evaluate("""() => [{cp: 75}, {cp: -120}, {mate: 5}, {mate: -3}, {cp: 0}]
        .map((s) => AnalysisPanel.text(s))""")
    assert texts == ["+0.75", "-1.20", "#5", "#-3", "0.00"]


def test_chess_mate_opens_the_result_dialog_and_the_graph(page, server):
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    load_position(page, MATE_IN_ONE)
    page.evaluate("window.showPly = (n) => { window.__shownPly = n; }")
    play(page, "a1", "a8")
    wait_for(lambda: dialog_open(page, "result-dialog"), message="the result dialog")
    assert page.text_content("#result-text") == "White wins: checkmate"
    page.click("#result-close")
    assert not dialog_open(page, "result-dialog")
    assert page.text_content("#status") == "White wins: checkmate"
    assert not page.is_visible("#to-move-line")
    wait_for(lambda: page.locator("#eval-graph [data-ply]").count() == 2, message="the graph's points")
    assert page.is_visible("#eval-graph")
    assert page.get_attribute("#eval-graph", "data-marked") == "1"
    page.click("#eval-graph [data-ply='0']")
    assert page.evaluate("window.__shownPly") == 0
    assert page.get_attribute("#eval-graph", "data-marked") == "0"
    # White mates in one at the start: the point stands at the top.
    top, end = page.evaluate("""() => [...document.querySelectorAll('#eval-graph [data-ply]')]
        .map((dot) => Number(dot.getAttribute('cy')))""")
    assert top < 20 and end < 20


def test_the_graph_button_asks_for_the_game_so_far(page, server):
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    play(page, "e2", "e4")
    play(page, "e7", "e5")
    page.click("#graph-button")
    wait_for(lambda: page.locator("#eval-graph [data-ply]").count() == 3, message="three points")
    # A new game puts the old graph away.
    new_game(page, "chess", engine_answers=False)
    wait_for(lambda: not page.is_visible("#graph-panel"), message="the graph put away")


def test_asking_for_the_graph_during_an_analysis_resumes_it(page, server):
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    play(page, "e2", "e4")
    page.click("#analyse")
    wait_for(lambda: page.locator("#lines li").count() > 0, message="analysis lines")
    page.click("#graph-button")
    wait_for(lambda: page.locator("#eval-graph [data-ply]").count() == 2, message="two points")
    page.evaluate("document.getElementById('lines').replaceChildren()")
    wait_for(lambda: page.locator("#lines li").count() > 0, message="the analysis again")
    page.click("#analyse")


def test_resigning_asks_first_and_an_enochian_win_names_both_armies(page, server):
    open_board(page, server)
    new_game(page, "enochian", engine_answers=False)
    page.click("#resign")
    assert dialog_open(page, "resign-dialog")
    page.click("#resign-cancel")
    assert not dialog_open(page, "resign-dialog")
    page.wait_for_timeout(300)
    assert page.text_content("#status") == ""
    assert page.is_visible("#to-move-line")
    assert not dialog_open(page, "result-dialog")
    page.click("#resign")
    page.click("#resign-confirm")
    wait_for(lambda: dialog_open(page, "result-dialog"), message="the result dialog")
    text = page.text_content("#result-text")
    assert text == "Red and Yellow win: Blue and Black resign", text
    assert "RedYellow" not in page.text_content("#status")


def test_one_audio_context_and_a_sound_for_each_kind_of_move(page, server):
    page.add_init_script(COUNT_AUDIO_CONTEXTS)
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    page.check("#sound")
    kinds = []
    for origin, target in [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("e7", "e6"), ("f1", "b5")]:
        play(page, origin, target)
        kinds.append(page.evaluate("Sounds.last"))
    assert kinds == ["move", "move", "capture", "move", "check"]
    assert page.evaluate("window.__audioContexts") == 1


def test_sound_is_off_by_default_and_makes_no_context(page, server):
    page.add_init_script(COUNT_AUDIO_CONTEXTS)
    open_board(page, server)
    new_game(page, "chess", engine_answers=False)
    play(page, "e2", "e4")
    assert not page.is_checked("#sound")
    assert page.evaluate("window.__audioContexts") == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_phone_shows_the_board_first_with_large_targets(phone, server, variant):
    open_board(phone, server)
    new_game(phone, variant, engine_answers=False)
    if variant == "chess":
        play(phone, "e2", "e4")  # a move-list item to measure too
    assert phone.evaluate("document.getElementById('settings').open") is False
    board = phone.evaluate("document.getElementById('board').getBoundingClientRect().toJSON()")
    assert board["top"] <= 120, board
    assert board["width"] >= 0.85 * 390, board
    assert board["right"] <= 390
    small = phone.evaluate("""() => [...document.querySelectorAll('button, select, summary, #moves li')]
        .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect().height])
        .filter(([, height]) => height < 44)""")
    assert small == []
    overflow = phone.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert overflow[0] <= overflow[1], overflow
    assert phone.evaluate(BEYOND_THE_SCREEN) == []
    # Opened, the settings still fit the screen.
    phone.click("#settings > summary")
    assert phone.is_visible("select#variant")
    overflow = phone.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
    assert overflow[0] <= overflow[1], overflow
    assert phone.evaluate(BEYOND_THE_SCREEN) == []


def test_the_settings_are_open_on_a_desktop(page, server):
    open_board(page, server)
    assert page.is_visible("select#variant")
    assert page.is_visible("#sound")


def test_dark_mode_follows_the_system(page, server):
    open_board(page, server)
    background = "getComputedStyle(document.body).backgroundColor"
    light = page.evaluate(background)
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate(background)
    assert light != dark
    channels = [int(c) for c in dark[dark.index("(") + 1:-1].split(",")[:3]]
    assert sum(channels) < 150, dark
