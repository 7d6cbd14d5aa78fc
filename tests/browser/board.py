"""Small steps a person takes on the board page, shared by the tests."""
import time


def wait_for(condition, timeout=30, message="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {message}")


def open_board(page, server, path="/"):
    """Opens the page and waits for its first board."""
    page.goto(server.url + path)
    page.wait_for_selector("[data-square='e2']")
    wait_for(lambda: page.evaluate("document.body.dataset.moves") is not None, message="first state")


def move_count(page):
    return page.locator("#moves li").count()


def wait_moves(page, count, timeout=30):
    wait_for(lambda: move_count(page) >= count, timeout, f"{count} moves")


def new_game(page, variant, engine_answers=False):
    """Starts a game of `variant` from the page's controls."""
    page.evaluate("""([variant, answers]) => {
        const box = document.getElementById('engine-plays');
        if (box && box.checked !== answers) box.click();
    }""", [variant, engine_answers])
    # The settings may be folded into a menu: set the select as a script.
    page.evaluate("""(variant) => {
        const select = document.querySelector('select#variant');
        select.value = variant;
        select.dispatchEvent(new Event('change', { bubbles: true }));
    }""", variant)
    wait_for(lambda: page.evaluate("document.body.dataset.variant") == variant and move_count(page) == 0,
             message=f"a new {variant} game")


def set_select(page, selector, value):
    """Sets a select as a person would (it may be folded into the settings
    menu), with its change event."""
    page.evaluate("""([selector, value]) => {
        const select = document.querySelector(selector);
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
    }""", [selector, value])
