"""The web UI in a real browser: headless Chromium driven by Selenium against a real server.

A uvicorn server runs in a thread on a free loopback port with a temporary SQLite file.
The tests use the pages as a person does: the lobby's form creates a table, the table
page is played by clicking legal moves (buttons of the action list and parts of the game
view: cells and tiles of Aridnyk's SVG board, Anludim's deck and card flips), and the
lobby's Watch link opens the spectator's view.

They need Debian's `chromium` and `chromium-driver` (/usr/bin/chromium,
/usr/bin/chromedriver). Without them the tests are skipped, unless MEEPLE_REQUIRE_BROWSER
is set (.ci/run sets it), in which case they fail.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
REQUIRED = bool(os.environ.get("MEEPLE_REQUIRE_BROWSER"))

if not REQUIRED and not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    pytest.skip(
        "browser tests need Debian's chromium and chromium-driver (/usr/bin/chromium, "
        "/usr/bin/chromedriver): apt-get install chromium chromium-driver; set "
        "MEEPLE_REQUIRE_BROWSER=1 to make their absence an error",
        allow_module_level=True,
    )
if not REQUIRED:
    pytest.importorskip("selenium", reason="pip install -e '.[dev]' brings selenium")

import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
    TimeoutException,
)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.remote.webelement import WebElement  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from meeple.server import create_app  # noqa: E402

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1400,1000",
)
WAIT = 10.0
"""Seconds a step may take before the test fails (a move takes milliseconds)."""
T = TypeVar("T")


# --- the server and the browser --------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app on uvicorn in a thread; yields its base URL."""
    database = tmp_path_factory.mktemp("browser") / "meeple.db"
    # every table of the module's tests is made from this one address
    app = create_app(f"sqlite:///{database}", bot_delay=0.0, tables_per_client=10_000)
    port = _free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=64 * 1024
    )
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    """Headless Chromium with a fresh profile."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            pytest.fail(
                f"{path} is missing but MEEPLE_REQUIRE_BROWSER is set: "
                "apt-get install chromium chromium-driver"
            )
    profile = tempfile.mkdtemp(prefix="meeple-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


# --- helpers ----------------------------------------------------------------------------


def wait_for(driver: WebDriver, what: str, condition: Callable[[], T | None]) -> T:
    """`condition()` once it is truthy (stale elements count as not yet)."""

    def attempt(_: Any) -> T | None:
        try:
            return condition()
        except StaleElementReferenceException:
            return None

    try:
        result = cast(T, WebDriverWait(driver, WAIT, poll_frequency=0.05).until(attempt))
    except TimeoutException:
        banner = driver.find_elements(By.CSS_SELECTOR, "#banner:not([hidden])")
        shown = f"; the page shows {banner[0].text!r}" if banner else ""
        raise AssertionError(f"timed out waiting for {what}{shown}") from None
    return result


def css(driver: WebDriver, selector: str) -> list[WebElement]:
    return driver.find_elements(By.CSS_SELECTOR, selector)


def click(driver: WebDriver, selector: str, pick: Callable[[list[WebElement]], WebElement]) -> str:
    """Click an element matching `selector` (chosen by `pick`) with a real mouse click;
    the page redraws on every message, so a stale element is looked up again. Returns
    the clicked element's data-act or data-action."""

    def attempt() -> str | None:
        found = css(driver, selector)
        if not found:
            return None
        element = pick(found)
        action = element.get_attribute("data-act") or element.get_attribute("data-action")
        try:
            element.click()
        except (ElementClickInterceptedException, ElementNotInteractableException):
            return None
        return action or "?"

    return wait_for(driver, f"a clickable {selector}", attempt)


def present(driver: WebDriver, selector: str) -> Callable[[], list[WebElement]]:
    """A condition: the elements matching `selector` (none: not yet)."""
    return lambda: css(driver, selector)


def more_than(driver: WebDriver, selector: str, count: int) -> Callable[[], bool]:
    """A condition: more than `count` elements match `selector`."""
    return lambda: len(css(driver, selector)) > count


def log_size(driver: WebDriver) -> int:
    return len(css(driver, "[data-testid=log-entry]"))


def wait_my_turn(driver: WebDriver) -> None:
    wait_for(
        driver,
        "your turn",
        lambda: (
            css(driver, "#status[data-state=your-turn]")
            and css(driver, "[data-testid=action-button]")
        ),
    )


def play_move(driver: WebDriver, selector: str, rng: random.Random) -> str:
    """Click one legal element, then wait until the move log has the move."""
    wait_my_turn(driver)
    before = log_size(driver)
    action = click(driver, selector, rng.choice)
    wait_for(driver, f"the move log to grow past {before}", lambda: log_size(driver) > before)
    return action


def create_table(
    driver: WebDriver, base: str, game: str, players: int, options: dict[str, str] | None = None
) -> str:
    """Fill the lobby's form (you in seat 0, random bots elsewhere, `options` chosen by
    the words of their menus), submit, and land on the table page; returns the table's
    id."""
    driver.get(f"{base}/")
    wait_for(
        driver,
        f"{game} in the lobby's game list",
        lambda: css(driver, f"#game-select:enabled option[value={game}]"),
    )
    Select(css(driver, "#game-select")[0]).select_by_value(game)
    wait_for(
        driver,
        "the players choice",
        lambda: css(driver, f"#players-select[data-game={game}] option[value='{players}']"),
    )
    Select(css(driver, "#players-select")[0]).select_by_value(str(players))
    for name, label in (options or {}).items():
        Select(css(driver, f"[data-testid=option-{name}]")[0]).select_by_visible_text(label)
    for seat in range(players):
        select = wait_for(driver, f"seat {seat}", present(driver, f"#seat-{seat}"))
        Select(select[0]).select_by_value("you" if seat == 0 else "random")
    css(driver, "[data-testid=create-button]")[0].click()
    wait_for(driver, "the table page", lambda: "/table/" in driver.current_url)
    table_id = driver.current_url.split("/table/")[1].split("?")[0]
    wait_for(
        driver,
        "the seat to be shown",
        lambda: "You are seat 0" in css(driver, "[data-testid=your-seat]")[0].text,
    )
    return table_id


# --- the tests --------------------------------------------------------------------------


def test_lobby_creates_an_aridnyk_table_played_by_clicking_the_board(
    server: str, browser: WebDriver
) -> None:
    rng = random.Random(5)
    table_id = create_table(browser, server, "aridnyk", 2)
    assert css(browser, "[data-testid=board]"), "the Aridnyk page draws its SVG board"
    seats = css(browser, "[data-testid=seat-row]")
    assert [s.get_attribute("data-seat") for s in seats] == ["0", "1"]
    assert "random" in seats[1].text

    # The first decision of Aridnyk is a tile of the board: a click on the SVG.
    wait_my_turn(browser)
    assert css(browser, "svg [data-testid=board-tile][data-act]"), "board tiles are targets"
    play_move(browser, "svg [data-testid=board-tile][data-act]", rng)

    placed = 0
    board_clicks = 1
    for _ in range(60):
        wait_my_turn(browser)
        tiles = len(css(browser, "svg [data-testid=board-tile]"))
        if css(browser, "svg [data-testid=cell-target][data-act]"):
            # an empty cell where the chosen tile fits: the board gains the tile
            play_move(browser, "svg [data-testid=cell-target][data-act]", rng)
            board_clicks += 1
            wait_for(
                browser,
                "the placed tile on the board",
                more_than(browser, "svg [data-testid=board-tile]", tiles),
            )
            placed += 1
        elif css(browser, "[data-testid=hand-tile][data-act]"):
            play_move(browser, "[data-testid=hand-tile][data-act]", rng)
        elif css(browser, "svg [data-act]"):
            play_move(browser, "svg [data-act]", rng)
            board_clicks += 1
        else:
            play_move(browser, "[data-testid=action-button]", rng)
        if placed >= 2 and log_size(browser) >= 12:
            break
    assert placed >= 2, "two tiles were placed by clicking cells of the board"
    assert board_clicks >= 3

    # What the page shows is what the server stored.
    wait_my_turn(browser)
    shown = log_size(browser)
    info = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/tables/' + arguments[0]).then((r) => r.json()).then(done);",
        table_id,
    )
    assert info["status"] == "playing"
    assert info["moves"] == shown
    assert info["seats"][0]["connected"] is True
    tiles_text = " ".join(e.text for e in css(browser, "[data-testid=log-entry]"))
    assert "place" in tiles_text


def wait_turned(driver: WebDriver, card_id: str, top: str | None) -> None:
    """Wait until the hand card `card_id` shows another half on top than `top`."""
    selector = f"[data-testid=hand-card][data-card='{card_id}']"
    wait_for(
        driver,
        "the card to turn",
        lambda: css(driver, selector)[0].get_attribute("data-top-half") != top,
    )


def test_anludim_generic_buttons_deck_and_card_flip(server: str, browser: WebDriver) -> None:
    rng = random.Random(8)
    create_table(browser, server, "anludim", 2)
    wait_my_turn(browser)
    assert css(browser, "[data-testid=anludim]"), "the Anludim page draws the table"

    # Turning a card of the hand shows its other half on top, and sends nothing.
    before = log_size(browser)
    card = css(browser, "[data-testid=hand-card]")[0]
    card_id = card.get_attribute("data-card")
    top = card.get_attribute("data-top-half")
    css(browser, f"[data-testid=flip][data-card='{card_id}']")[0].click()
    wait_turned(browser, str(card_id), top)
    assert log_size(browser) == before

    # A click on the deck in the game view draws two cards.
    wait_my_turn(browser)
    if css(browser, "[data-testid=deck][data-act]"):
        hand = len(css(browser, "[data-testid=hand-card]"))
        play_move(browser, "[data-testid=deck][data-act]", rng)
        entries = css(browser, "[data-testid=log-entry]")
        assert any("draw" in e.text for e in entries), [e.text for e in entries]
        if css(browser, "#status[data-state=your-turn]"):
            assert len(css(browser, "[data-testid=hand-card]")) >= hand + 2

    # Then the plain buttons of the action list.
    played = 0
    for _ in range(8):
        if css(browser, "[data-testid=scores]:not([hidden])"):
            break
        action = play_move(browser, "[data-testid=action-button]", rng)
        assert action.isdigit()
        played += 1
    assert played >= 4
    assert css(browser, "[data-testid=log-entry]")[0].get_attribute("data-seat") in ("0", "1")


def test_spectator_sees_the_public_view_and_follows_the_game(
    server: str, browser: WebDriver
) -> None:
    rng = random.Random(11)
    table_id = create_table(browser, server, "aridnyk", 2)
    player = browser.current_window_handle
    play_move(browser, "svg [data-testid=board-tile][data-act]", rng)

    # Another window (its own sessionStorage: no token) watches from the lobby.
    browser.switch_to.new_window("window")
    spectator = browser.current_window_handle
    try:
        browser.get(f"{server}/")
        watch = f"[data-testid=table-row][data-table='{table_id}'] [data-testid=watch]"
        click(browser, watch, lambda found: found[0])
        wait_for(
            browser, "the spectator's page", lambda: f"/table/{table_id}" in browser.current_url
        )
        wait_for(
            browser,
            "the watching status",
            lambda: (
                css(browser, "[data-testid=actions-idle]")
                and "watching" in css(browser, "[data-testid=actions-idle]")[0].text
            ),
        )
        assert css(browser, "[data-testid=your-seat]")[0].text == "Watching"
        assert css(browser, "[data-testid=connection]")[0].get_attribute("data-state") == "open"
        assert css(browser, "[data-testid=board]"), "the spectator sees the board"
        assert not css(browser, "[data-testid=action-button]"), "a spectator has no choices"
        assert not css(browser, "[data-act]"), "nothing is clickable for a spectator"
        assert not css(browser, "[data-testid=hand-tiles]"), "no hand is shown to a spectator"
        seen = log_size(browser)
        assert seen >= 1

        # The player moves; the spectator's page follows.
        browser.switch_to.window(player)
        for _ in range(3):
            play_move(browser, "[data-testid=action-button]", rng)
        moves = log_size(browser)
        browser.switch_to.window(spectator)
        wait_for(browser, "the spectator's log to follow", lambda: log_size(browser) >= moves)
        assert log_size(browser) > seen
        seats = css(browser, "[data-testid=seat-row]")
        assert "human" in seats[0].text
    finally:
        browser.close()
        browser.switch_to.window(player)


def test_arnak_table_played_by_clicking_cards_sites_and_the_row(
    server: str, browser: WebDriver
) -> None:
    rng = random.Random(3)
    table_id = create_table(browser, server, "arnak", 2)
    for panel in ("sites", "research", "card-row", "hand", "your-side"):
        assert css(browser, f"[data-testid={panel}]"), f"the Arnak page shows its {panel}"
    assert len(css(browser, "[data-testid=site]")) == 17
    assert len(css(browser, "[data-testid=research-node]")) == 15
    assert css(browser, "[data-testid=moon-staff]")
    # every seat's cards off the table (hand and deck together) are public
    off_table = css(browser, "[data-testid=off-table]")
    assert len(off_table) == 2
    assert all(el.text.startswith("Hand and deck: ") for el in off_table)
    assert "Funding" in off_table[0].text and "Exploration" in off_table[0].text

    # A hand card is a target: playing Funding or Exploration puts it in the play area.
    wait_my_turn(browser)
    play_move(browser, "[data-testid=hand-card][data-act]", rng)
    wait_for(browser, "the played card", present(browser, "[data-testid=play-card]"))

    kinds: set[str] = set()
    for _ in range(40):
        wait_my_turn(browser)
        for testid in ("site", "row-card", "hand-card", "research-node"):
            found = css(browser, f"[data-testid={testid}][data-act]") or css(
                browser, f"[data-testid={testid}] [data-act]"
            )
            if found:
                selector = f"[data-testid={testid}][data-act], [data-testid={testid}] [data-act]"
                play_move(browser, selector, rng)
                kinds.add(testid)
                break
        else:
            play_move(browser, "[data-testid=action-button]", rng)
        if len(kinds) >= 2 and log_size(browser) >= 10:
            break
    assert "site" in kinds or "row-card" in kinds, kinds

    info = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/tables/' + arguments[0]).then((r) => r.json()).then(done);",
        table_id,
    )
    assert info["game"] == "arnak"
    assert info["moves"] == log_size(browser)


def test_a_finished_game_is_replayed_move_by_move(server: str, browser: WebDriver) -> None:
    import json
    import urllib.request

    request = urllib.request.Request(
        f"{server}/api/tables",
        data=json.dumps({"game": "anludim", "seats": ["random", "random"], "seed": 4}).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        table_id = json.load(answer)["table"]["id"]
    browser.get(f"{server}/table/{table_id}?watch")
    wait_for(browser, "the game's end", present(browser, "#status[data-state=over]"))
    bar = wait_for(
        browser, "the replay bar", present(browser, "[data-testid=replay]:not([hidden])")
    )
    moves = log_size(browser)
    assert f"move {moves} of {moves}" in bar[0].text
    link = css(browser, "[data-testid=record-link]")[0].get_attribute("href") or ""
    assert link.endswith(f"/api/tables/{table_id}/record")

    def step_shown(step: int) -> Callable[[], bool]:
        return lambda: (
            f"move {step} of {moves}" in css(browser, "[data-testid=replay-step]")[0].text
            and f"after move {step} of {moves}" in css(browser, "[data-testid=status-text]")[0].text
        )

    click(browser, "[data-testid=replay-first]", lambda found: found[0])
    wait_for(browser, "the deal", step_shown(0))
    assert css(browser, "[data-testid=replay-prev]")[0].get_attribute("disabled") is not None
    assert not css(browser, "#scores:not([hidden]) [data-testid=score-row]"), "no scores yet"
    assert not css(browser, "[data-testid=hand]"), "a spectator's replay shows no hand"
    click(browser, "[data-testid=replay-next]", lambda found: found[0])
    wait_for(browser, "the first move", step_shown(1))
    # presses quicker than the server answers each still count, one move each
    browser.execute_script(
        "for (let i = 0; i < 10; i++) document.dispatchEvent("
        "new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));"
    )
    wait_for(browser, "ten moves on", step_shown(11))
    browser.execute_script(
        "for (let i = 0; i < 10; i++) document.dispatchEvent("
        "new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}));"
    )
    wait_for(browser, "ten moves back", step_shown(1))

    # A move of the log shows the table after it, marked in the log.
    click(browser, "[data-testid=log-entry]", lambda found: found[5])
    wait_for(browser, "the sixth move", step_shown(6))
    entries = css(browser, "[data-testid=log-entry]")
    assert "current" in (entries[5].get_attribute("class") or "")
    assert "future" in (entries[6].get_attribute("class") or "")
    assert "future" not in (entries[4].get_attribute("class") or "")

    # Once the game is over, any seat's view may be shown: the record is public then.
    Select(css(browser, "[data-testid=replay-seat]")[0]).select_by_value("1")
    wait_for(
        browser,
        "seat 1's view",
        lambda: css(browser, "[data-testid=your-seat]")[0].text == "Replay as seat 1",
    )
    wait_for(browser, "seat 1's hand", present(browser, "[data-testid=hand]"))
    assert step_shown(6)()

    click(browser, "[data-testid=replay-last]", lambda found: found[0])
    wait_for(browser, "the last move", step_shown(moves))
    assert css(browser, "#scores:not([hidden]) [data-testid=score-row]"), "the final scores"
    Select(css(browser, "[data-testid=replay-seat]")[0]).select_by_value("")
    wait_for(
        browser,
        "the live end again",
        lambda: css(browser, "[data-testid=status-text]")[0].text.startswith("Game over"),
    )


def test_play_again_starts_a_new_deal_with_the_same_seats(server: str, browser: WebDriver) -> None:
    first = create_table(browser, server, "anludim", 2)
    for _ in range(400):
        state = wait_for(
            browser,
            "your turn or the end",
            lambda: next(
                (
                    s
                    for s in ("your-turn", "over")
                    if css(browser, f"#status[data-state={s}]")
                    and (s == "over" or css(browser, "[data-testid=action-button]"))
                ),
                None,
            ),
        )
        if state == "over":
            break
        play_move(browser, "[data-testid=action-button]", random.Random(0))
    else:
        pytest.fail("the game did not end in 400 of our moves")
    click(browser, "[data-testid=play-again]", lambda found: found[0])
    wait_for(
        browser,
        "a new table",
        lambda: "/table/" in browser.current_url and first not in browser.current_url,
    )
    wait_for(
        browser,
        "seat 0 again",
        lambda: "You are seat 0" in css(browser, "[data-testid=your-seat]")[0].text,
    )
    wait_for(
        browser,
        "the new game in play",
        present(browser, "#status[data-state=your-turn], #status[data-state=other-turn]"),
    )
    seats = css(browser, "[data-testid=seat-row]")
    assert "random bot" in seats[1].text and "human" in seats[0].text
    # Back on the finished game, a second click goes to the seat this browser holds at
    # the next table, not to an error about a seat taken
    second = browser.current_url.split("/table/")[1].split("?")[0]
    browser.get(f"{server}/table/{first}")
    click(browser, "[data-testid=play-again]", lambda found: found[0])
    wait_for(browser, "the same next table", lambda: f"/table/{second}" in browser.current_url)
    wait_for(
        browser,
        "seat 0 there",
        lambda: "You are seat 0" in css(browser, "[data-testid=your-seat]")[0].text,
    )
    assert not css(browser, "[data-testid=error-banner]:not([hidden])")
    # the lobby's finished tables lead this browser back to its own seat (Play again)
    browser.get(f"{server}/")
    click(browser, "#show-over", lambda found: found[0])
    link = wait_for(
        browser,
        "the finished table's seat",
        present(browser, f"[data-testid=table-row][data-table='{first}'] [data-testid=resume]"),
    )
    assert link[0].text == "Your seat"
    link[0].click()
    wait_for(browser, "Play again offered", present(browser, "[data-testid=play-again]"))


def test_the_table_chat(server: str, browser: WebDriver) -> None:
    table_id = create_table(browser, server, "anludim", 2)
    assert css(browser, "[data-testid=chat-input]")[0].is_displayed()
    field = css(browser, "[data-testid=chat-input]")[0]
    field.send_keys("hello <b>table</b>")
    css(browser, "[data-testid=chat-send]")[0].click()
    entry = wait_for(browser, "the message", present(browser, "[data-testid=chat-entry]"))
    assert "you" in entry[0].text and "hello <b>table</b>" in entry[0].text  # text, not markup
    assert field.get_attribute("value") == ""

    # a spectator reads the chat but has no field to write in
    player = browser.current_window_handle
    browser.switch_to.new_window("window")
    try:
        browser.get(f"{server}/table/{table_id}?watch")
        said = wait_for(browser, "the chat so far", present(browser, "[data-testid=chat-entry]"))
        assert "seat 0" in said[0].text and "hello <b>table</b>" in said[0].text
        assert not css(browser, "[data-testid=chat-input]")[0].is_displayed()
    finally:
        browser.close()
        browser.switch_to.window(player)


def test_a_hint_marks_the_greedy_bots_choice(server: str, browser: WebDriver) -> None:
    create_table(browser, server, "arnak", 2)
    wait_my_turn(browser)
    before = log_size(browser)
    click(browser, "[data-testid=hint-button]", lambda found: found[0])
    said = wait_for(browser, "the hint", present(browser, "[data-testid=hint]"))
    marked = css(browser, "button.action.hinted")
    assert len(marked) == 1
    assert said[0].text.startswith("Hint: the greedy bot would choose")
    assert marked[0].text in said[0].text
    # the same move is marked in the game view wherever it can be clicked there
    action = marked[0].get_attribute("data-action")
    in_view = css(browser, f"[data-testid=game-view] [data-act='{action}']")
    assert all("hinted" in (e.get_attribute("class") or "") for e in in_view)
    assert len(css(browser, "[data-testid=game-view] .hinted")) == len(in_view)
    assert log_size(browser) == before  # asking plays nothing
    marked[0].click()  # and the hinted move can be played
    wait_for(browser, "the move", lambda: log_size(browser) > before)


def sit_at_new_table(driver: WebDriver, base: str, body: dict[str, Any]) -> dict[str, Any]:
    """Create a table through the API (`body` as POST /api/tables takes it), open the
    first person's invitation and return it ({seat, token, url})."""
    import json
    import urllib.request

    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        invite: dict[str, Any] = json.load(answer)["invites"][0]
    driver.get(f"{base}{invite['url']}")
    return invite


def test_single_choices_play_themselves_when_asked_to(server: str, browser: WebDriver) -> None:
    sit_at_new_table(
        browser, server, {"game": "anludim", "seats": ["human", "random"], "seed": 161}
    )
    wait_my_turn(browser)
    click(browser, "[data-testid=auto-toggle]", lambda found: found[0])
    for moves in (1, 2):  # this deal's first two decisions are choices, the next two not
        before = log_size(browser)
        wait_my_turn(browser)
        click(browser, "[data-testid=action-button]", lambda found: found[0])
        wait_for(browser, f"move {moves}", lambda b=before: log_size(browser) > b)
    wait_for(browser, "the single choices played", lambda: log_size(browser) >= 4)
    wait_my_turn(browser)
    assert len(css(browser, "[data-testid=action-button]")) > 1
    # said to a screen reader too, since no click made it
    wait_for(
        browser,
        "the announcement",
        lambda: (
            "Played your only choice: "
            in str(css(browser, "[data-testid=announce]")[0].get_attribute("textContent"))
        ),
    )
    # the choice is remembered; unticked, a single choice waits for a click again
    click(browser, "[data-testid=auto-toggle]", lambda found: found[0])
    assert browser.execute_script("return localStorage.getItem('meeple.auto')") is None


def give_name(driver: WebDriver, name: str, shown: str) -> None:
    """Set the seat's name at the table page; wait until its seat reads `shown`."""
    field = wait_for(driver, "the name field", present(driver, "[data-testid=name-input]"))
    field[0].send_keys(name)
    css(driver, "[data-testid=name-save]")[0].click()
    wait_for(
        driver,
        "the name on the seat",
        lambda: shown in css(driver, "[data-testid=seat-name]")[0].text,
    )


def test_players_go_by_their_names(server: str, browser: WebDriver) -> None:
    table_id = create_table(browser, server, "anludim", 2)
    give_name(browser, "Ana", "Ana · Seat 0 (you)")
    browser.get(f"{server}/")
    row = f"[data-testid=table-row][data-table='{table_id}']"
    wait_for(
        browser, "the name in the lobby", lambda: any("0: Ana" in r.text for r in css(browser, row))
    )
    # the next table this browser sits at takes the name it remembers
    create_table(browser, server, "aridnyk", 2)
    wait_for(
        browser,
        "the remembered name",
        lambda: "Ana · Seat 0 (you)" in css(browser, "[data-testid=seat-name]")[0].text,
    )
    browser.execute_script("localStorage.removeItem('meeple.name')")


def test_undo_takes_back_the_last_choice(server: str, browser: WebDriver) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    sit_at_new_table(browser, server, {"game": "aridnyk", "seats": ["human"], "seed": 3})
    wait_my_turn(browser)
    assert not css(browser, "[data-testid=undo-button]")  # nothing to take back yet
    choices = [b.text for b in css(browser, "[data-testid=action-button]")]
    click(browser, "[data-testid=action-button]", lambda found: found[0])
    wait_for(browser, "the move", lambda: log_size(browser) == 1)
    click(browser, "[data-testid=undo-button]", lambda found: found[0])
    wait_for(browser, "the move taken back", lambda: log_size(browser) == 0)
    wait_my_turn(browser)
    assert [b.text for b in css(browser, "[data-testid=action-button]")] == choices
    # Ctrl+Z does the same
    click(browser, "[data-testid=action-button]", lambda found: found[1])
    wait_for(browser, "the move", lambda: bool(css(browser, "[data-testid=undo-button]")))
    assert log_size(browser) == 1
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait_for(browser, "the move taken back", lambda: log_size(browser) == 0)


def test_how_to_play_opens_over_the_table(server: str, browser: WebDriver) -> None:
    sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "random"], "seed": 2})
    wait_my_turn(browser)
    assert not any(d.is_displayed() for d in css(browser, "[data-testid=rules]"))
    click(browser, "[data-testid=how-to-play]", lambda found: found[0])
    dialog = wait_for(browser, "the dialog", present(browser, "[data-testid=rules]"))[0]
    wait_for(browser, "the page", lambda: "The aim" in dialog.text)
    assert "How to play Anludim" in dialog.text
    assert css(browser, "[data-testid=rules-text] li strong")  # lists and bold rendered
    assert "**" not in dialog.text and "## " not in dialog.text
    click(browser, "[data-testid=rules-close]", lambda found: found[0])
    wait_for(browser, "the page closed", lambda: not dialog.is_displayed())
    # the lobby shows the page of the game chosen
    browser.get(server)
    wait_for(browser, "the games", lambda: css(browser, "#game-select:enabled option[value=arnak]"))
    Select(css(browser, "#game-select")[0]).select_by_value("arnak")
    click(browser, "[data-testid=how-to-play]", lambda found: found[0])
    wait_for(
        browser,
        "Arnak's page",
        lambda: "Lost Temple" in browser.find_element(By.CSS_SELECTOR, "[data-testid=rules]").text,
    )
    assert "How to play Lost Ruins of Arnak" in css(browser, "[data-testid=rules]")[0].text


# --- fixes of the QA pass ------------------------------------------------------------------


def api(base: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """GET `path` of the server (POST `body` when given); the answer's JSON."""
    import json
    import urllib.request

    request = urllib.request.Request(
        f"{base}{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def wait_over(base: str, table_id: str) -> dict[str, Any]:
    """The table's final state (the replay of its last move) once its game is over."""
    deadline = time.monotonic() + 60
    while api(base, f"/api/tables/{table_id}")["status"] != "over":
        if time.monotonic() > deadline:
            raise AssertionError(f"table {table_id} did not finish")
        time.sleep(0.1)
    moves = api(base, f"/api/tables/{table_id}")["moves"]
    final: dict[str, Any] = api(base, f"/api/tables/{table_id}/replay?step={moves}")
    return final


def play_randomly(base: str, table_id: str, token: str, seed: int) -> dict[str, Any]:
    """Play a seat to the end over a WebSocket of its own (random legal actions); the last
    state message."""
    import json

    from websockets.sync.client import connect

    rng = random.Random(seed)
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    with connect(url) as ws:
        while True:
            msg = json.loads(ws.recv(timeout=WAIT))
            if msg["type"] != "state":
                continue
            if msg["table"]["status"] == "over":
                return cast(dict[str, Any], msg)
            if msg["legal"]:
                action = rng.choice(msg["legal"])["id"]
                ws.send(json.dumps({"type": "act", "action": action, "version": msg["version"]}))


def status_text(driver: WebDriver) -> str:
    found = css(driver, "[data-testid=status-text]")
    return found[0].text if found else css(driver, "#status")[0].text


def test_a_lost_solo_game_reads_as_a_loss(server: str, browser: WebDriver) -> None:
    made = api(server, "/api/tables", {"game": "arnak", "seats": ["human"], "seed": 1})
    table_id, invite = made["table"]["id"], made["invites"][0]
    browser.get(f"{server}{invite['url']}")
    wait_my_turn(browser)
    final = play_randomly(server, table_id, invite["token"], seed=1)
    assert final["returns"] == [0.0], "a random player loses to Arnak's solo rival"
    wait_for(browser, "the end", present(browser, "#status[data-state=over]"))
    assert status_text(browser) == "Game over: you lose."
    rows = css(browser, "#scores:not([hidden]) [data-testid=score-row]")
    assert len(rows) == 1
    assert rows[0].get_attribute("data-winner") == "false"
    assert "winner" not in rows[0].text and "lost" in rows[0].text
    # the scores panel says whom you lost to, and by how much
    extra = css(browser, "#scores [data-testid=score-extra]")
    assert len(extra) == 1 and "the rival" in extra[0].text and "winner" in extra[0].text
    assert int(extra[0].find_element(By.CSS_SELECTOR, "td.num").text) > final["scores"][0]
    # the rival's points by source, beside yours
    rival = wait_for(
        browser, "the rival's row", present(browser, "[data-testid=final-score-rival]")
    )
    cells = [td.text for td in rival[0].find_elements(By.CSS_SELECTOR, "td.num")]
    assert len(cells) > 2 and sum(map(int, cells[:-1])) == int(cells[-1])


def test_the_action_filter_belongs_to_one_decision(server: str, browser: WebDriver) -> None:
    sit_at_new_table(browser, server, {"game": "arnak", "seats": ["human"], "seed": 3})
    for _ in range(30):
        wait_my_turn(browser)
        if css(browser, "[data-testid=action-filter]"):
            break
        play_move(browser, "[data-testid=action-button]", random.Random(0))
    else:
        pytest.fail("no decision with more than 12 choices")
    # filter the long list down to one choice's text, then play it
    buttons = css(browser, "[data-testid=action-button]")
    wanted = buttons[0].text
    css(browser, "[data-testid=action-filter]")[0].send_keys(wanted)
    wait_for(
        browser,
        "the list filtered",
        lambda: (
            len([b for b in css(browser, "[data-testid=action-button]") if b.is_displayed()])
            < len(buttons)
        ),
    )
    before = log_size(browser)
    click(browser, "[data-testid=action-button]", lambda found: found[0])
    wait_for(browser, "the move", lambda: log_size(browser) > before)
    # the next decision shows every one of its choices, and an empty filter if any
    wait_my_turn(browser)
    shown = css(browser, "[data-testid=action-button]")
    assert shown and all(b.is_displayed() for b in shown), [b.text for b in shown]
    for field in css(browser, "[data-testid=action-filter]"):
        assert field.get_attribute("value") == ""


def test_a_seat_is_resumed_from_another_tab(server: str, browser: WebDriver) -> None:
    table_id = create_table(browser, server, "anludim", 2)
    player = browser.current_window_handle
    browser.switch_to.new_window("window")  # its own sessionStorage, the same localStorage
    try:
        browser.get(f"{server}/")
        resume = f"[data-testid=table-row][data-table='{table_id}'] [data-testid=resume]"
        click(browser, resume, lambda found: found[0])
        wait_for(
            browser,
            "the seat again",
            lambda: "You are seat 0" in css(browser, "[data-testid=your-seat]")[0].text,
        )
        # the first tab holds the seat too, and each tab says the seat is open twice
        note = wait_for(browser, "the note", present(browser, "[data-testid=seat-open-elsewhere]"))
        assert "open in 2 places" in note[0].text
    finally:
        browser.close()
        browser.switch_to.window(player)
    gone = "[data-testid=seat-open-elsewhere]"
    wait_for(browser, "the note gone", lambda: not css(browser, gone))


def finished_with_seat_zero_handed_to_a_bot(
    driver: WebDriver, base: str, game: str, seed: int
) -> tuple[str, dict[str, Any]]:
    """A table of `game` (a person in seat 0, a random bot in seat 1) whose person hands
    the seat to a random bot with the page open; returns its id and final state."""
    made = api(base, "/api/tables", {"game": game, "seats": ["human", "random"], "seed": seed})
    table_id, invite = made["table"]["id"], made["invites"][0]
    driver.get(f"{base}{invite['url']}")
    wait_for(
        driver,
        "the seat",
        lambda: "You are seat 0" in css(driver, "[data-testid=your-seat]")[0].text,
    )
    api(
        base,
        f"/api/tables/{table_id}/seats/0/bot",
        {"token": invite["token"], "spec": "random"},
    )
    final = wait_over(base, table_id)
    wait_for(driver, "the end", present(driver, "#status[data-state=over]"))
    return table_id, final


def test_a_seat_handed_to_a_bot_is_not_you_at_the_end(server: str, browser: WebDriver) -> None:
    for seed in range(1, 12):
        _, final = finished_with_seat_zero_handed_to_a_bot(browser, server, "anludim", seed)
        if final["returns"][0] == 1.0:
            break
    else:
        pytest.fail("seat 0's bot won no game")
    wait_for(browser, "the scores", present(browser, "#scores:not([hidden])"))
    text = status_text(browser)
    assert "you" not in text.lower().replace("your seat, played by a bot", ""), text
    assert "seat 0" in text and "bot" in text, text
    assert "is played by a bot now" in css(browser, "[data-testid=your-seat]")[0].text
    rows = css(browser, "[data-testid=score-row][data-seat='0']")
    assert "(you)" not in rows[0].text


def test_a_replay_as_another_seat_speaks_for_that_seat(server: str, browser: WebDriver) -> None:
    table_id, final = finished_with_seat_zero_handed_to_a_bot(browser, server, "anludim", 4)
    moves = final["version"]
    Select(css(browser, "[data-testid=replay-seat]")[0]).select_by_value("1")
    wait_for(
        browser,
        "seat 1's view",
        lambda: css(browser, "[data-testid=your-seat]")[0].text == "Replay as seat 1",
    )
    click(browser, "[data-testid=log-entry]", lambda found: found[5])
    wait_for(
        browser,
        "the sixth move",
        lambda: f"move 6 of {moves}" in css(browser, "[data-testid=replay-step]")[0].text,
    )
    # every entry reads as seat 1 read it, before the step shown and after it
    seen = api(server, f"/api/tables/{table_id}/replay?step={moves}&seat=1")["log"]
    entries = css(browser, "[data-testid=log-entry]")
    assert len(entries) == moves == len(seen)
    for entry, said in zip(entries, seen, strict=True):
        text = entry.find_element(By.CSS_SELECTOR, ".log-text").text
        chips = entry.find_elements(By.CSS_SELECTOR, ".seat-chip")
        assert text == said["text"], (entry.get_attribute("data-seat"), text, said)
        if chips and chips[0].text == "you":
            assert entry.get_attribute("data-seat") == "1"
    mine = [r.text for r in css(browser, "[data-testid=seat-name]") if "(you)" in r.text]
    assert mine == ["Seat 1 (you)"]
    # back to the live end: the page's own seat and log again
    Select(css(browser, "[data-testid=replay-seat]")[0]).select_by_value("0")
    click(browser, "[data-testid=replay-last]", lambda found: found[0])
    wait_for(browser, "the live end", lambda: status_text(browser).startswith("Game over"))
    own = api(server, f"/api/tables/{table_id}/replay?step={moves}&seat=0")["log"]
    texts = [
        e.find_element(By.CSS_SELECTOR, ".log-text").text
        for e in css(browser, "[data-testid=log-entry]")
    ]
    assert texts == [e["text"] for e in own]


def test_the_status_says_reconnecting_and_the_banner_goes_once_back(
    server: str, browser: WebDriver
) -> None:
    # the page's sockets, kept where the test can close them, and sent nowhere while blocked
    script = """
      const Native = window.WebSocket;
      window.__sockets = [];
      window.__blockSockets = false;
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(window.__blockSockets ? 'ws://127.0.0.1:9/' : url, protocols);
          window.__sockets.push(this);
        }
      };
    """
    added = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    try:
        sit_at_new_table(
            browser, server, {"game": "anludim", "seats": ["human", "random"], "seed": 2}
        )
        wait_my_turn(browser)
        browser.execute_script("window.__blockSockets = true; window.__sockets.at(-1).close();")
        wait_for(
            browser,
            "the status to say so",
            lambda: "reconnecting" in status_text(browser),
        )
        assert not css(browser, "#status[data-state=your-turn]")
        css(browser, "[data-testid=action-button]")[0].click()
        wait_for(
            browser,
            "the not-connected banner",
            lambda: "Not connected" in css(browser, "[data-testid=error-banner]")[0].text,
        )
        browser.execute_script("window.__blockSockets = false;")
        wait_my_turn(browser)
        wait_for(
            browser,
            "the banner gone",
            lambda: not css(browser, "[data-testid=error-banner]")[0].is_displayed(),
        )
        assert css(browser, "[data-testid=connection]")[0].get_attribute("data-state") == "open"
    finally:
        browser.execute_cdp_cmd(
            "Page.removeScriptToEvaluateOnNewDocument", {"identifier": added["identifier"]}
        )


def test_an_invalid_invitation_says_so_in_the_status(server: str, browser: WebDriver) -> None:
    made = api(server, "/api/tables", {"game": "anludim", "seats": ["human", "random"]})
    browser.get(f"{server}/table/{made['table']['id']}?token=not-a-token")
    wait_for(browser, "Watch instead", present(browser, "#banner:not([hidden]) a.button"))
    wait_for(browser, "the status", lambda: "Not connected" in status_text(browser))
    assert "Connecting" not in css(browser, "#status")[0].text


def test_a_seated_token_leaves_the_address_bar_and_a_wrong_link_keeps_it(
    server: str, browser: WebDriver
) -> None:
    invite = sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "random"]})
    table_id = invite["url"].split("/table/")[1].split("?")[0]
    seated = "You are seat 0"
    wait_for(browser, "the seat", lambda: seated in css(browser, "[data-testid=your-seat]")[0].text)
    wait_for(browser, "the bare address", lambda: "token=" not in browser.current_url or None)
    kept = f"return localStorage.getItem('meeple.token.{table_id}')"
    assert browser.execute_script(kept) == invite["token"]
    browser.refresh()  # the kept token seats this browser again
    wait_for(
        browser, "the seat again", lambda: seated in css(browser, "[data-testid=your-seat]")[0].text
    )
    # a link with a wrong token is refused and does not take the kept one with it
    browser.get(f"{server}/table/{table_id}?token=not-a-token")
    wait_for(browser, "the refusal", lambda: "Not connected" in status_text(browser))
    assert browser.execute_script(kept) == invite["token"]
    browser.get(f"{server}/table/{table_id}")
    wait_for(
        browser, "the seat kept", lambda: seated in css(browser, "[data-testid=your-seat]")[0].text
    )


def test_a_waiting_table_shows_no_turn(server: str, browser: WebDriver) -> None:
    import re

    sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "human"], "seed": 2})
    wait_for(browser, "the waiting table", present(browser, "#status[data-state=waiting]"))
    strip = wait_for(browser, "the strip", present(browser, "[data-testid=anludim-status]"))
    pills = [p.text for p in strip[0].find_elements(By.CSS_SELECTOR, ".pill")]
    assert pills and not [p for p in pills if re.search(r"(your|'s) turn$", p, re.I)], pills


def test_a_refused_chat_message_stays_in_the_field(server: str, browser: WebDriver) -> None:
    sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "random"], "seed": 2})
    field = wait_for(browser, "the chat", present(browser, "[data-testid=chat-input]"))[0]
    for n in range(1, 10):  # at most 5 messages in 10 s: one of these is refused
        field.send_keys(f"message {n}")
        css(browser, "[data-testid=chat-send]")[0].click()
        wait_for(
            browser,
            f"message {n} sent or refused",
            lambda: (
                field.get_attribute("value") == ""
                or css(browser, "[data-testid=error-banner]")[0].is_displayed()
            ),
        )
        if css(browser, "[data-testid=error-banner]")[0].is_displayed():
            break
    else:
        pytest.fail("no message was refused")
    assert field.get_attribute("value") == f"message {n}"
    said = [e.text for e in css(browser, "[data-testid=chat-entry]")]
    assert not any(f"message {n}" in s for s in said), said


def test_the_lobby_fits_a_phone_and_long_names_break(server: str, browser: WebDriver) -> None:
    sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "random"]})
    give_name(browser, "Abcdefghijklmnopqrstuvwx", "Abcdefghijklmnopqrstuvwx")
    fits = "return document.documentElement.scrollWidth <= window.innerWidth;"
    # on a desktop the seats of a row are a flex box inside their cell
    browser.get(f"{server}/")
    badges = wait_for(browser, "the tables", present(browser, ".seat-list .seat-badge"))
    cell = badges[0].find_element(By.XPATH, "./ancestor::td")
    assert cell.value_of_css_property("display") == "table-cell"
    browser.set_window_size(390, 844)
    try:
        browser.get(f"{server}/")
        wait_for(browser, "the tables", present(browser, "[data-testid=table-row]"))
        assert browser.execute_script("return window.innerWidth;") <= 400
        box = css(browser, ".list-scroll")[0]
        assert browser.execute_script(
            "return arguments[0].scrollWidth <= arguments[0].clientWidth;", box
        )
        width = browser.execute_script("return window.innerWidth;")
        for button in css(browser, "[data-testid=table-row] .row-actions > *"):
            assert button.rect["x"] + button.rect["width"] <= width
        assert browser.execute_script(fits)
        browser.back()
        wait_for(browser, "the table page", present(browser, "[data-testid=seat-name]"))
        wait_for(
            browser,
            "the name",
            lambda: "Abcdefghijklmnopqrstuvwx" in css(browser, "[data-testid=seat-name]")[0].text,
        )
        assert browser.execute_script(fits), browser.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth];"
        )
    finally:
        browser.set_window_size(1400, 1000)
        browser.execute_script("localStorage.removeItem('meeple.name')")


# --- what components do, in the page (Aridnyk and Arnak) ---------------------------------


def catalogue_of(base: str, game: str) -> dict[str, Any]:
    """GET /api/games/{game}/catalogue: the component list with its texts."""
    import json
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/games/{game}/catalogue") as answer:
        data: dict[str, Any] = json.load(answer)
    return data


def test_aridnyk_shows_what_tiles_cards_and_characters_do(server: str, browser: WebDriver) -> None:
    cat = catalogue_of(server, "aridnyk")
    tiles = {t["id"]: t for t in cat["tiles"]}
    plots = {p["number"]: p for p in cat["plots"]}
    characters = {c["name"]: c for c in cat["characters"]}
    body = {"game": "aridnyk", "seats": ["human", "random"], "seed": 3}
    sit_at_new_table(browser, server, {**body, "options": {"characters": True}})
    wait_my_turn(browser)

    # The characters dealt, each with its ability.
    dealt = wait_for(
        browser, "the characters", present(browser, "[data-testid=character-choice] li")
    )
    assert len(dealt) == 2
    for li in dealt:
        assert characters[str(li.get_attribute("data-character"))]["ability"] in li.text

    # Plots in the hand and in the row say what they ask and give.
    for selector in ("[data-testid=plot-card]", "[data-testid=plot-row-card]"):
        card = css(browser, selector)[0]
        text = plots[int(str(card.get_attribute("data-card")))]["effect"]
        assert text in card.find_element(By.CSS_SELECTOR, "[data-testid=card-text]").text
    # Tiles in the hand and on the Horizon show their name and black and white effects.
    for selector in ("[data-testid=hand-tile]", "[data-testid=horizon-tile]"):
        for el in css(browser, selector):
            tile = tiles[int(str(el.get_attribute("data-tile")))]
            shown = el.find_element(By.CSS_SELECTOR, "[data-testid=tile-text]").text
            black, white = tile["black_text"], tile["white_text"]
            assert tile["name"] in shown and black in shown and white in shown, shown

    # Keep a character, put the Shepherd on a starter tile (each listed with its effects).
    click(browser, "[data-testid=action-button]", lambda found: found[0])
    wait_for(browser, "the starter tiles", present(browser, "[data-testid=board-choices] li"))
    choices = css(browser, "[data-testid=board-choices]")[0].text
    assert tiles[1]["name"] in choices and "2 Sheep" in choices
    wait_my_turn(browser)
    click(browser, "svg [data-testid=board-tile][data-act]", lambda found: found[0])

    def first_around() -> tuple[int, int, str] | None:
        """The tiles around, read at once: a redraw between reads made them stale."""
        found = css(browser, "[data-testid=around-tile]")
        if not found:
            return None
        return len(found), int(str(found[0].get_attribute("data-tile"))), found[0].text

    count, tile, text = wait_for(browser, "the tiles around", first_around)
    assert count == 5
    assert tiles[tile]["name"] in text

    # A tap on a board tile that is no target reads that tile, and plays nothing.
    wait_my_turn(browser)
    before = log_size(browser)
    figures = {
        f.get_attribute("data-cell")
        for f in css(browser, "svg [data-testid=shepherd], svg [data-testid=spirit]")
    }
    click(
        browser,
        "svg [data-testid=board-tile]:not([data-act])",
        lambda found: [f for f in found if f.get_attribute("data-cell") not in figures][-1],
    )
    info = css(browser, "[data-testid=tile-info]")[0]
    tile = tiles[int(str(css(browser, "svg .board-tile.inspected")[0].get_attribute("data-tile")))]
    assert tile["name"] in info.text and "white" in info.text
    assert log_size(browser) == before

    # The tile chosen to place is named with its effects.
    wait_my_turn(browser)
    click(browser, "[data-testid=hand-tile][data-act]", lambda found: found[0])
    pending = wait_for(browser, "the tile to place", present(browser, "[data-testid=pending-tile]"))
    chosen = tiles[int(pending[0].text.split()[0])]
    assert chosen["name"] in pending[0].text and "black" in pending[0].text
    # Its turns, with a word where they all lie alike (no water on the tile).
    wait_for(browser, "the rotations", present(browser, "[data-testid=rotate]"))
    note = css(browser, "[data-testid=rotation-note]")
    assert bool(note) == (not chosen["water_edges"]), (chosen, note)


def test_arnak_shows_discovery_and_temple_costs_and_what_a_kept_card_click_does(
    server: str, browser: WebDriver
) -> None:
    cat = catalogue_of(server, "arnak")
    sit_at_new_table(browser, server, {"game": "arnak", "seats": ["human", "random"], "seed": 2})
    wait_my_turn(browser)

    # Every undiscovered site says what discovering it costs beside its travel.
    sites = css(browser, "[data-testid=site].undiscovered")
    assert sites
    for site in sites:
        level = "level2" if "site-level2" in str(site.get_attribute("class")) else "level1"
        cost = site.find_element(By.CSS_SELECTOR, "[data-testid=discover-cost]").text
        assert cost == f"discover: {cat['discover_cost'][level]} compasses"
    # Temple tiles show their price in the page, not only in a tooltip.
    side = "snake" if "Snake" in css(browser, "[data-testid=research] h3")[0].text else "bird"
    costs = cat["boards"][side]["temple_costs"]
    stacks = css(browser, "[data-testid=temple-stack]")
    assert stacks
    for stack in stacks:
        price = costs[str(stack.get_attribute("data-stack"))]["cost"]
        shown = stack.find_element(By.CSS_SELECTOR, "[data-testid=temple-cost]").text
        for resource, n in price.items():
            word = "compass" if resource == "compass" else resource
            assert f"{n} {word}" in shown, shown

    # Passing at once leaves the hand to keep or discard card by card: the prompt says
    # in words what a click on the highlighted card does.
    click(
        browser,
        "[data-testid=action-button]",
        lambda found: next(b for b in found if b.text.startswith("pass")),
    )
    helper = wait_for(browser, "the keep prompt", present(browser, "[data-testid=keep-help]"))
    assert "discard" in helper[0].text and "to your play area" in helper[0].text
    assert "keep" in helper[0].text
    card = css(browser, "[data-testid=hand-card][data-act]")[0]
    assert "discard" in card.find_element(By.CSS_SELECTOR, "[data-testid=click-does]").text


def test_aridnyk_fulfilled_plots_open_to_their_texts(server: str, browser: WebDriver) -> None:
    """A seat's fulfilled Plots (and the cards others saw it take) read as names that
    open to what each card does."""
    plots = {p["number"]: p for p in catalogue_of(server, "aridnyk")["plots"]}
    body = {"game": "aridnyk", "seats": ["human", "greedy"], "seed": 5}
    token = sit_at_new_table(browser, server, body)["token"]
    table_id = browser.current_url.split("/table/")[1].split("?")[0]
    state = play_randomly(server, table_id, token, seed=5)
    assert state["table"]["status"] == "over"
    browser.refresh()
    lists = wait_for(browser, "a fulfilled list", present(browser, "[data-testid=fulfilled-list]"))
    summary = lists[0].find_element(By.TAG_NAME, "summary")
    summary.click()
    items = lists[0].find_elements(By.CSS_SELECTOR, "li")
    assert items
    for li in items:
        number = int(li.text.split("·")[0].split()[1])
        assert plots[number]["effect"] in li.text


def focused(driver: WebDriver) -> WebElement:
    element: WebElement = driver.switch_to.active_element
    return element


def test_keyboard_play_keeps_its_place_and_the_other_seats_moves_are_announced(
    server: str, browser: WebDriver
) -> None:
    body = {"game": "anludim", "seats": ["human", "random"], "seed": 1}
    sit_at_new_table(browser, server, body)
    wait_my_turn(browser)

    # Enter on an action button plays it; the keyboard lands on the choices, not the page.
    start = next(
        b for b in css(browser, "[data-testid=action-button]") if b.text.startswith("place")
    )
    before = log_size(browser)
    start.send_keys(Keys.ENTER)
    wait_for(browser, "the move", lambda: log_size(browser) > before)
    wait_for(browser, "pickable hand cards", present(browser, "[data-testid=hand-card][data-act]"))
    assert focused(browser).tag_name != "body"

    # Enter on a card's turn button turns the card: it used to play the card.
    card = css(browser, "[data-testid=hand-card][data-act]")[0]
    card_id, top = card.get_attribute("data-card"), card.get_attribute("data-top-half")
    before = log_size(browser)
    flip = css(browser, f"[data-testid=flip][data-card='{card_id}']")[0]
    assert "turn the card" in str(flip.get_attribute("aria-label"))
    flip.send_keys(Keys.ENTER)
    wait_turned(browser, str(card_id), top)
    assert log_size(browser) == before
    assert focused(browser).get_attribute("data-testid") == "flip"
    assert focused(browser).get_attribute("data-card") == card_id
    # a target is named by what choosing it does
    target = css(browser, "[data-testid=game-view] div[data-act]")[0]
    assert target.get_attribute("aria-description") == target.get_attribute("title") != ""

    # Play on with the keyboard until the bot has moved: its move is announced.
    for _ in range(12):
        wait_my_turn(browser)
        before = log_size(browser)
        css(browser, "[data-testid=action-button]")[-1].send_keys(Keys.ENTER)
        wait_for(browser, "the move", lambda b=before: log_size(browser) > b)
        seats = [e.get_attribute("data-seat") for e in css(browser, "[data-testid=log-entry]")]
        if "1" in seats:
            break
    bot_moves = [
        e.find_element(By.CSS_SELECTOR, ".log-text").text
        for e in css(browser, "[data-testid=log-entry]")
        if e.get_attribute("data-seat") == "1"
    ]
    assert bot_moves
    said = wait_for(
        browser,
        "the announcement",
        lambda: css(browser, "[data-testid=announce]")[0].get_attribute("textContent"),
    )
    assert "seat 1: " in said and any(move in said for move in bot_moves), said
    assert css(browser, "[data-testid=error-banner]")[0].get_attribute("role") == "alert"


def test_the_aridnyk_board_is_read_tile_by_tile_with_the_arrow_keys(
    server: str, browser: WebDriver
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    sit_at_new_table(browser, server, {"game": "aridnyk", "seats": ["human", "random"], "seed": 3})
    wait_my_turn(browser)
    board = css(browser, "svg[data-testid=board]")[0]
    tiles = css(browser, "svg [data-testid=board-tile]")
    cells = {str(e.get_attribute("data-cell")) for e in tiles}
    before = log_size(browser)
    browser.execute_script("arguments[0].focus()", board)
    read: set[str] = set()
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_UP, Keys.ARROW_LEFT, Keys.ARROW_DOWN) * 2:
        ActionChains(browser).send_keys(key).perform()
        inspected = css(browser, "svg .board-tile.inspected")
        if inspected:
            read.add(str(inspected[0].get_attribute("data-cell")))
            info = css(browser, "[data-testid=tile-info]")[0].text
            where = str(inspected[0].get_attribute("data-cell"))
            assert info.startswith(f"{inspected[0].get_attribute('data-tile')} "), info
            assert f"at {where}" in info, info
    assert len(read) >= 2 and read <= cells, (read, cells)
    assert focused(browser).get_attribute("data-testid") == "board"
    assert log_size(browser) == before  # reading plays nothing


def test_arnak_solo_shows_the_rival_objectives_and_notebook(
    server: str, browser: WebDriver
) -> None:
    body = {
        "game": "arnak",
        "seats": ["human"],
        "seed": 4,
        "options": {"purple": 2, "objectives": 3, "first_objective_doubled": True},
    }
    sit_at_new_table(browser, server, body)
    wait_my_turn(browser)
    goals = wait_for(browser, "the objectives", present(browser, "[data-testid=rival-objective]"))
    assert len(goals) == 3
    assert "(4 points)" in goals[0].text and "(2 points)" in goals[1].text
    assert all(g.get_attribute("data-done-by") in ("open", "rival") for g in goals)
    assert css(browser, "[data-testid=token-rival-notebook]")
    panel = css(browser, "[data-testid=rival]")[0].text
    assert "Its tiles: the five dig tiles" in panel and "Purple" in panel
    assert "placeholder data: see the note above" in panel
    # the note of the solo configuration, which the 2-player game's page has not
    notes = css(browser, "[data-testid=notes]")[0]
    assert notes.is_displayed() and "solo rival's tile-back decision arrows" in notes.text
    turns = css(browser, "[data-testid=rival-turns] li")  # its opening turn, in words
    assert len(turns) == 1 and ": " in turns[0].text


def test_a_private_table_is_listed_only_where_its_seat_is_held(
    server: str, browser: WebDriver
) -> None:
    import json
    import urllib.request

    browser.get(f"{server}/")
    wait_for(browser, "the form", lambda: css(browser, "#game-select:enabled"))
    css(browser, "[data-testid=private-check]")[0].click()
    css(browser, "[data-testid=create-button]")[0].click()
    wait_for(browser, "the table page", lambda: "/table/" in browser.current_url)
    table_id = browser.current_url.split("/table/")[1].split("?")[0]
    with urllib.request.urlopen(f"{server}/api/tables?status=all&limit=1000") as answer:
        assert table_id not in {t["id"] for t in json.load(answer)}
    browser.get(f"{server}/")
    row = f"[data-testid=table-row][data-table='{table_id}']"
    found = wait_for(browser, "its row", present(browser, row))
    assert found[0].find_elements(By.CSS_SELECTOR, "[data-testid=private]")
    assert found[0].find_elements(By.CSS_SELECTOR, "[data-testid=resume]")


def test_every_games_options_stay_inside_the_new_table_panel(
    server: str, browser: WebDriver
) -> None:
    """A long choice (Arnak's "Spider Temple (Twisted Paths, placeholder track)") once
    widened the Options box past its panel, under the tables list, where the Board menu
    could not be clicked open."""
    browser.get(f"{server}/")
    wait_for(
        browser, "arnak listed", lambda: css(browser, "#game-select:enabled option[value=arnak]")
    )
    outside = """
        const panel = document.getElementById('create').getBoundingClientRect();
        return [...document.querySelectorAll('#options select, #options .help')]
          .filter((el) => el.offsetParent !== null)
          .filter((el) => el.getBoundingClientRect().right > panel.right + 0.5)
          .map((el) => el.dataset.option || el.textContent);
    """
    for width in (1100, 1400):
        browser.set_window_size(width, 1000)
        try:
            for game in ("anludim", "aridnyk", "arnak"):
                Select(css(browser, "#game-select")[0]).select_by_value(game)
                wait_for(
                    browser,
                    f"{game}'s players",
                    lambda game=game: css(browser, f"#players-select[data-game={game}]"),
                )
                for players in (1, 2):
                    choice = css(browser, f"#players-select option[value='{players}']")
                    if choice:
                        Select(css(browser, "#players-select")[0]).select_by_value(str(players))
                        assert browser.execute_script(outside) == [], (game, players, width)
        finally:
            browser.set_window_size(1400, 1000)


def test_the_lobby_shows_solo_options_for_one_player_only(server: str, browser: WebDriver) -> None:
    browser.get(f"{server}/")
    wait_for(
        browser, "arnak listed", lambda: css(browser, "#game-select:enabled option[value=arnak]")
    )
    Select(css(browser, "#game-select")[0]).select_by_value("arnak")
    wait_for(
        browser,
        "players",
        lambda: css(browser, "#players-select[data-game=arnak] option[value='2']"),
    )

    def shown(option: str) -> bool:
        return css(browser, f"[data-option-row={option}]")[0].is_displayed()

    notes = css(browser, "[data-testid=game-notes]")[0]
    Select(css(browser, "#players-select")[0]).select_by_value("2")
    wait_for(browser, "solo options hidden", lambda: not shown("purple") or None)
    assert shown("board") and not shown("difficulty") and not shown("objectives")
    assert not notes.is_displayed()
    Select(css(browser, "#players-select")[0]).select_by_value("1")
    wait_for(browser, "solo options shown", lambda: shown("purple") or None)
    assert shown("objectives") and shown("board")
    # the solo rival's placeholder arrows, said for one player only
    assert notes.is_displayed() and "placeholder" in notes.text


def test_arnak_lobby_puts_twisted_paths_site_tiles_in_the_piles(
    server: str, browser: WebDriver
) -> None:
    create_table(browser, server, "arnak", 2, {"twisted_paths_sites": "yes"})
    status = wait_for(browser, "the status strip", present(browser, "[data-testid=arnak-status]"))
    assert "Twisted Paths site tiles" in status[0].text
    assert "12 level I and 8 level II site tiles" in browser.find_element("tag name", "body").text


SPIDER_LABEL = "Spider Temple (Twisted Paths, placeholder track)"


def test_arnak_spider_temple_side_shows_its_altars_supply_and_node_points(
    server: str, browser: WebDriver
) -> None:
    cat = catalogue_of(server, "arnak")["boards"]["spider"]
    # the lobby says the side plays a placeholder track once it is chosen
    browser.get(f"{server}/")
    wait_for(browser, "arnak in the list", lambda: css(browser, "#game-select:enabled"))
    Select(css(browser, "#game-select")[0]).select_by_value("arnak")
    board = wait_for(browser, "the board option", present(browser, "[data-testid=option-board]"))
    Select(board[0]).select_by_visible_text(SPIDER_LABEL)
    wait_for(
        browser,
        "the Spider Temple's note in the lobby",
        lambda: (
            "Spider Temple side is played on meeple's placeholder"
            in str(
                browser.execute_script("return document.getElementById('game-notes')?.textContent")
            )
        ),
    )
    create_table(browser, server, "arnak", 2, {"board": SPIDER_LABEL})
    wait_for(browser, "the Spider Temple panel", present(browser, "[data-testid=spider]"))
    assert "Spider Temple side" in css(browser, "[data-testid=arnak-status]")[0].text
    # the supply: 7 spaces of 2 tablets (2 players), worth the catalogue's points
    spaces = css(browser, "[data-testid=dark-space]")
    assert [int(str(e.get_attribute("data-points"))) for e in spaces] == cat["dark_supply"]
    assert all(e.get_attribute("data-tablets") == "2" for e in spaces)
    assert "score 0 VP" in css(browser, "[data-testid=dark-penalty]")[0].text
    # 5 empty altars with their points and rows, no tablets under them yet
    altars = css(browser, "[data-testid=altar]")
    assert len(altars) == 5
    for element, altar in zip(altars, cat["altars"], strict=True):
        assert f"Altar {altar['altar']}" in element.text
        assert (
            f"{altar['vp']} VP" in element.text and f"from row {altar['min_row']}" in element.text
        )
        assert element.find_elements(By.CSS_SELECTOR, "[data-testid=altar-empty]")
        tablets = element.find_elements(By.CSS_SELECTOR, "[data-testid=altar-tablets]")
        assert [t.text for t in tablets] == ["0", "0"]
    assert len(css(browser, "[data-testid=dark-tablets]")) == 2  # in each seat's panel
    # each research space shows its own points (its scoring zone's), not its row's
    by_id = {n["id"]: n for n in cat["nodes"]}
    points = css(browser, "[data-testid=research-node] [data-testid=node-vp]")
    assert len(points) == sum(1 for n in cat["nodes"] if n["glass_vp"] or n["notebook_vp"])
    for element in points:
        node = by_id[str(element.find_element(By.XPATH, "..").get_attribute("data-node"))]
        assert element.text == f"G {node['glass_vp']} · N {node['notebook_vp']} VP"
    # the four sites with a dark effect say it
    darks = {
        str(e.get_attribute("data-site")): e.find_element(
            By.CSS_SELECTOR, "[data-testid=dark-effect]"
        )
        for e in css(browser, "[data-testid=site]")
        if e.find_elements(By.CSS_SELECTOR, "[data-testid=dark-effect]")
    }
    assert sorted(darks) == ["C3", "L1-4", "L1-8", "L2-4"]
    assert "take a dark tablet" in darks["C3"].text


def altar_position(seed: int) -> list[int]:
    """Moves of a 2-player Spider Temple game of `seed` after which seat 0 may invoke an
    altar."""
    from meeple.games.arnak import actions as A

    return board_position(seed, "spider", lambda a: A.ALTAR <= a < A.LANTERN)


def two_people_table(server: str, board: str) -> dict[str, Any]:
    """A 2-player Arnak table of seed 5 on `board`, both seats people: the server's
    answer (the table and each seat's invitation)."""
    import json
    import urllib.request

    body = {"game": "arnak", "seats": ["human", "human"], "seed": 5, "options": {"board": board}}
    request = urllib.request.Request(
        f"{server}/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        made: dict[str, Any] = json.load(answer)
    return made


def play_moves(
    base: str,
    table_id: str,
    tokens: dict[int, str],
    seed: int,
    moves: list[int],
    board: str = "spider",
) -> None:
    """Play `moves` at a 2-player Arnak table of `seed` on `board` whose seats are
    people, each by its seat's own WebSocket."""
    import meeple

    state = meeple.load_game("arnak", players=2, board=board).new_initial_state(seed=seed)
    play_by_sockets(base, table_id, tokens, state, moves)


def play_by_sockets(
    base: str, table_id: str, tokens: dict[int, str], state: Any, moves: list[int]
) -> None:
    """Play `moves` at a table whose seats are people, each by its seat's own WebSocket;
    `state` is the engine's copy of the table's game at its start (moved along too)."""
    import contextlib
    import json

    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token="
    with contextlib.ExitStack() as stack:
        sockets = {s: stack.enter_context(connect(url + token)) for s, token in tokens.items()}
        for version, move in enumerate(moves):
            ws = sockets[state.current_player]
            # a socket may skip versions, never the latest; the game starts once every
            # seat has come
            while True:
                msg = json.loads(ws.recv(timeout=WAIT))
                if msg["type"] == "state" and msg["version"] == version and msg["legal"]:
                    break
            assert move in {a["id"] for a in msg["legal"]}, (version, move)
            ws.send(json.dumps({"type": "act", "action": move, "version": version}))
            state.apply_action(move)


def test_arnak_an_altar_is_invoked_by_a_click_and_given_a_row_artifact(
    server: str, browser: WebDriver
) -> None:
    made = two_people_table(server, "spider")
    table_id = made["table"]["id"]
    invites = {i["seat"]: i for i in made["invites"]}
    moves = altar_position(5)
    play_moves(server, table_id, {seat: i["token"] for seat, i in invites.items()}, 5, moves)

    browser.get(f"{server}{invites[0]['url']}")
    wait_my_turn(browser)
    held = css(browser, "[data-testid=seat-dark-tablets][data-seat='0']")[0].text
    assert held.startswith("You: ") and "dark tablet" in held and "0 dark" not in held
    # the legal altars are the clickable ones; their action says what invoking does
    open_altars = wait_for(
        browser, "an altar to invoke", present(browser, "[data-testid=altar][data-act]")
    )
    titles = [str(a.get_attribute("title")) for a in open_altars]
    assert all(t.startswith("invoke altar ") for t in titles), titles
    before = log_size(browser)
    first = open_altars[0]
    number = str(first.get_attribute("data-altar"))
    # early in the game every altar is empty: the invocation asks for an artifact
    assert first.find_elements(By.CSS_SELECTOR, "[data-testid=altar-empty]")
    click(browser, "[data-testid=altar][data-act]", lambda found: found[0])
    wait_for(browser, "the invocation", lambda: log_size(browser) > before)
    altar = f"[data-testid=altar][data-altar='{number}']"
    # the card row's artifacts are the choice of the one to put on the altar
    wait_for(browser, "the artifact choice", present(browser, f"{altar}.filling"))
    assert "put which artifact" in css(browser, "[data-testid=prompt]")[0].text
    choices = css(browser, "[data-testid=row-artifacts] [data-testid=row-card][data-act]")
    assert choices and all(f"on altar {number}" in str(c.get_attribute("title")) for c in choices)
    picked = str(choices[0].get_attribute("data-card"))
    before = log_size(browser)
    click(browser, "[data-testid=row-artifacts] [data-testid=row-card][data-act]", lambda f: f[0])
    wait_for(browser, "the artifact placed", lambda: log_size(browser) > before)
    placed = wait_for(
        browser,
        "the artifact on the altar",
        present(browser, f"{altar} [data-testid=altar-artifact]"),
    )
    assert placed[0].get_attribute("data-card") == picked
    mine = css(browser, f"{altar} [data-testid=altar-tablets][data-seat='0']")[0]
    assert mine.text == "1"


# --- the Owl Temple side ---------------------------------------------------------------

OWL_LABEL = "Owl Temple (Twisted Paths, placeholder track)"


def test_arnak_owl_temple_side_shows_its_passages_piles_tiles_and_lantern_rows(
    server: str, browser: WebDriver
) -> None:
    board = catalogue_of(server, "arnak")["boards"]["owl"]
    owl = board["owl"]
    create_table(browser, server, "arnak", 2, {"board": OWL_LABEL})
    wait_for(browser, "the Owl Temple panel", present(browser, "[data-testid=owl]"))
    assert "Owl Temple side" in css(browser, "[data-testid=arnak-status]")[0].text
    # rows 0..9 and no Lost Temple; each row names what a lantern there does and scores
    rows = [e.get_attribute("data-row") for e in css(browser, ".track-row")]
    assert rows == [str(r) for r in range(9, -1, -1)]
    assert not css(browser, ".node.lost-temple") and css(browser, "[data-testid=no-lost-temple]")
    lanterns = css(browser, "[data-testid=row-lantern]")
    assert [e.text for e in lanterns] == [
        f"lantern: {r['lantern']} ({r['lantern_vp']} VP)" for r in reversed(board["rows"])
    ]
    # no lantern on the track yet: it comes out when a glass enters a passage
    assert not css(browser, "[data-testid=token-lantern]")
    # the Owl tiles of a 2-player game lie on their spaces, each with its price
    lying = [t for t in owl["track_tiles"] if t["min_players"] <= 2]
    tiles = css(browser, "[data-testid=research-node] [data-testid=owl-track-tile]")
    assert sorted(int(str(e.get_attribute("data-tile"))) for e in tiles) == [
        t["tile"] for t in lying
    ]
    for element in tiles:
        tile = owl["track_tiles"][int(str(element.get_attribute("data-tile"))) - 1]
        node = element.find_element(By.XPATH, "ancestor::*[@data-testid='research-node']")
        assert node.get_attribute("data-node") == tile["space"]
        assert element.get_attribute("data-kind") == tile["kind"]
    assert len(css(browser, "[data-testid=owl-lying]")) == len(lying)
    # the six passages, all open, each also a reserved space on its row
    passages = css(browser, "[data-testid=owl-passage]")
    assert len(passages) == 6 == len(owl["passages"])
    for element, passage in zip(passages, owl["passages"], strict=True):
        assert element.get_attribute("data-taken-by") == "open"
        assert f"→ row {passage['row']}" in element.text
        assert f"costs {passage['cost_text'].replace(' and ', ', ')}" in element.text
        slot = css(browser, f"[data-testid=passage-slot][data-passage='{passage['passage']}']")
        row = slot[0].find_element(By.XPATH, "ancestor::*[contains(@class,'track-row')]")
        assert row.get_attribute("data-row") == str(passage["row"])
    # the top of the temple's piles, with their 2-player counts; no base temple stacks
    piles = css(browser, "[data-testid=owl-top]")
    assert [e.get_attribute("data-pile") for e in piles] == [t["pile"] for t in owl["top"]]
    assert [int(str(e.get_attribute("data-left"))) for e in piles] == [
        t["count"]["p2"] for t in owl["top"]
    ]
    assert all(
        f"from row {t['from_row']}" in e.text for e, t in zip(piles, owl["top"], strict=True)
    )
    assert not css(browser, "[data-testid=temple-stack]")
    seats = css(browser, "[data-testid=owl-seat]")
    assert [e.get_attribute("data-seat") for e in seats] == ["0", "1"]
    assert all("no Owl tiles" in e.text for e in seats)
    # the side's own camps C1 and C4, and the upper level I sites' dearer discovery
    camps = {s["id"]: s["camp"] for s in board["sites"] if s["camp"]}
    assert sorted(camps) == ["C1", "C4"]
    for site, text in camps.items():
        shown = css(browser, f"[data-testid=site][data-site={site}] [data-testid=side-camp]")
        assert shown and shown[0].text == text
    dearer = css(browser, "[data-testid=discover-cost][data-extra]")
    assert len(dearer) == 4 and all(e.text.endswith("+ 2 coins") for e in dearer)


def board_position(seed: int, board: str, wanted: Callable[[int], bool]) -> list[int]:
    """Moves of a 2-player Arnak game of `seed` on `board` after which seat 0 may take an
    action that `wanted` (a seeded random search, biased to digging and research)."""
    import meeple
    from meeple.games.arnak import actions as A

    game = meeple.load_game("arnak", players=2, board=board)
    for attempt in range(200):
        rng = random.Random(attempt)
        state = game.new_initial_state(seed=seed)
        moves: list[int] = []
        while not state.is_terminal() and len(moves) < 300:
            legal = state.legal_actions()
            if state.current_player == 0 and any(wanted(a) for a in legal):
                return moves
            active = [
                a
                for a in legal
                if A.SITE <= a < A.OVERCOME or A.GLASS <= a < A.TEMPLE or a >= A.LANTERN
            ]
            move = rng.choice(active) if active and rng.random() < 0.7 else rng.choice(legal)
            moves.append(move)
            state.apply_action(move)
    raise AssertionError(f"no position with that action found on the {board} side")


def owl_table_at(server: str, wanted: Callable[[int], bool]) -> dict[str, Any]:
    """A 2-player Owl Temple table of seed 5 whose seats are people, played up to a
    position where seat 0 may take a `wanted` action; returns seat 0's invitation."""
    made = two_people_table(server, "owl")
    invites = {i["seat"]: i for i in made["invites"]}
    tokens = {seat: i["token"] for seat, i in invites.items()}
    play_moves(
        server, made["table"]["id"], tokens, 5, board_position(5, "owl", wanted), board="owl"
    )
    invite: dict[str, Any] = invites[0]
    return invite


def test_arnak_owl_glass_enters_a_secret_passage_by_a_click(
    server: str, browser: WebDriver
) -> None:
    from meeple.games.arnak import actions as A

    invite = owl_table_at(server, lambda a: A.PASSAGE <= a < A.TRACK_TILE)
    browser.get(f"{server}{invite['url']}")
    wait_my_turn(browser)
    selector = "[data-testid=owl-passage][data-act]"
    open_passages = wait_for(browser, "a passage to enter", present(browser, selector))
    number = str(open_passages[0].get_attribute("data-passage"))
    title = str(open_passages[0].get_attribute("title"))
    assert title.startswith(f"research: magnifying glass into secret passage {number}"), title
    # the passage leaves from the space where your glass stands
    start = css(browser, f"[data-testid=passage-exit][data-passage='{number}']")[0]
    node = start.find_element(By.XPATH, "ancestor::*[@data-testid='research-node']")
    assert node.find_elements(By.CSS_SELECTOR, "[data-testid=token-glass][data-seat='0']")
    before = log_size(browser)
    action = click(browser, selector, lambda found: found[0])
    assert int(action) == A.PASSAGE + int(number) - 1
    wait_for(browser, "the passage entered", lambda: log_size(browser) > before)
    taken = f"[data-testid=owl-passage][data-passage='{number}'][data-taken-by='0']"
    passage = wait_for(browser, "the passage taken by you", present(browser, taken))
    assert "taken by You" in passage[0].text
    # your glass now stands in the passage's reserved space, off the space it left
    slot = f"[data-testid=passage-slot][data-passage='{number}']"
    assert css(browser, f"{slot} [data-testid=token-glass][data-seat='0']")
    assert not css(browser, "[data-testid=research-node] [data-testid=token-glass][data-seat='0']")
    # and your lantern comes out on the start space
    lantern = css(browser, "[data-testid=token-lantern][data-seat='0']")
    assert len(lantern) == 1
    start_node = lantern[0].find_element(By.XPATH, "ancestor::*[@data-testid='research-node']")
    assert start_node.get_attribute("data-node") == "owl.0"
    mine = css(browser, "[data-testid=owl-seat][data-seat='0']")[0].text
    assert f"glass in passage {number}" in mine and "lantern on 0 (row 0)" in mine


def test_arnak_owl_tile_on_the_track_is_bought_by_a_click(server: str, browser: WebDriver) -> None:
    from meeple.games.arnak import actions as A

    invite = owl_table_at(server, lambda a: A.TRACK_TILE <= a < A.NUM_ACTIONS)
    browser.get(f"{server}{invite['url']}")
    wait_my_turn(browser)
    selector = "[data-testid=research-node] [data-testid=owl-track-tile][data-act]"
    open_tiles = wait_for(browser, "an Owl tile to buy", present(browser, selector))
    tile = str(open_tiles[0].get_attribute("data-tile"))
    kind = str(open_tiles[0].get_attribute("data-kind"))
    assert str(open_tiles[0].get_attribute("title")).startswith("buy ")
    before = log_size(browser)
    action = click(browser, selector, lambda found: found[0])
    assert int(action) == A.TRACK_TILE + int(tile) - 1
    wait_for(browser, "the tile bought", lambda: log_size(browser) > before)
    wait_for(
        browser,
        "the tile gone from the track",
        lambda: not css(browser, f"[data-testid=owl-track-tile][data-tile='{tile}']"),
    )
    mine = css(browser, "[data-testid=owl-seat][data-seat='0'] [data-testid=owl-tiles]")[0]
    if kind != "idol":
        assert mine.text.startswith("Owl tiles ") and mine.text.endswith(" VP")


def test_arnak_owl_lantern_moves_by_a_click_on_a_space(server: str, browser: WebDriver) -> None:
    from meeple.games.arnak import actions as A

    def lantern(action: str | None) -> bool:
        return action is not None and A.LANTERN <= int(action) < A.PASSAGE

    invite = owl_table_at(server, lambda a: A.LANTERN <= a < A.PASSAGE)
    browser.get(f"{server}{invite['url']}")
    wait_my_turn(browser)
    # a space the lantern may reach: a click on it, or its "lantern" button where the
    # glass or the notebook may go there too
    selector = "[data-testid=research-node][data-act], [data-testid=research-node] button[data-act]"
    moves = wait_for(
        browser,
        "a space for the lantern",
        lambda: [e for e in css(browser, selector) if lantern(e.get_attribute("data-act"))],
    )
    action = str(moves[0].get_attribute("data-act"))
    node = int(action) - A.LANTERN
    before = log_size(browser)
    click(
        browser,
        selector,
        lambda found: next(e for e in found if e.get_attribute("data-act") == action),
    )
    wait_for(browser, "the lantern moved", lambda: log_size(browser) > before)
    moved = f"[data-testid=research-node][data-node='owl.{node}'] [data-testid=token-lantern]"
    shown = wait_for(browser, "your lantern on its new space", present(browser, moved))
    assert shown[0].get_attribute("data-seat") == "0"
    mine = css(browser, "[data-testid=owl-seat][data-seat='0']")[0].text
    assert f"lantern on {node} " in mine


# --- a decision in another seat's turn ---------------------------------------------------


def out_of_turn_position(game: str, seed: int, reaction: bool) -> tuple[list[int], int, int]:
    """Moves of a 2-player game of `game` and `seed` (a seeded random search) whose last
    one, made by the seat whose turn it is, leaves the other seat to decide in that turn,
    with a `reaction` in its observation or without; returns them, that turn's seat and
    the deciding seat."""
    import meeple

    rules = meeple.load_game(game, players=2)
    for attempt in range(300):
        rng = random.Random(attempt)
        state = rules.new_initial_state(seed=seed)
        moves: list[int] = []
        while not state.is_terminal() and len(moves) < 120:
            mover = state.current_player
            own_turn = mover >= 0 and state.observation(mover).get("turn_player") == mover
            move = rng.choice(state.legal_actions())
            moves.append(move)
            state.apply_action(move)
            now = state.current_player
            asked = own_turn and now not in (mover, -1) and not state.is_terminal()
            seen = state.observation(now) if asked else {}
            if seen.get("turn_player") == mover and bool(seen.get("reaction")) is reaction:
                return moves, mover, now
    raise AssertionError(f"no decision out of turn found in {game}")


@pytest.mark.parametrize(
    ("game", "seed", "asked"),
    [("aridnyk", 22, "reaction"), ("anludim", 37, "decision")],
)
def test_a_decision_in_another_seats_turn_is_not_your_turn(
    server: str, browser: WebDriver, game: str, seed: int, asked: str
) -> None:
    """An Aridnyk seat asked to react to another seat's trade or Trinket (an Anludim
    seat choosing what to keep in another seat's turn) reads whose turn it is and what
    is asked of it; the seat whose turn it is reads "Your turn." before its move."""
    import meeple

    moves, turn, deciding = out_of_turn_position(game, seed, asked == "reaction")
    state = meeple.load_game(game, players=2).new_initial_state(seed=seed)
    made = api(server, "/api/tables", {"game": game, "seats": ["human", "human"], "seed": seed})
    invites = {i["seat"]: i for i in made["invites"]}
    tokens = {seat: i["token"] for seat, i in invites.items()}
    play_by_sockets(server, made["table"]["id"], tokens, state, moves[:-1])
    # the seats go by their numbers here (no name this browser remembers)
    browser.get(f"{server}/")
    browser.execute_script("localStorage.removeItem('meeple.name')")
    # the seat whose turn it is makes the last move by a click
    browser.get(f"{server}{invites[turn]['url']}")
    wait_my_turn(browser)
    assert status_text(browser) == "Your turn."
    click(browser, f"[data-testid=action-button][data-action='{moves[-1]}']", lambda f: f[0])
    wait_for(
        browser,
        f"seat {deciding} to decide",
        lambda: (
            css(browser, f"#status[data-state=other-turn][data-current-player='{deciding}']")
            and status_text(browser).startswith(f"Seat {deciding} ")
        ),
    )
    # the other seat is asked in that turn: not its turn
    state.apply_action(moves[-1])
    assert bool(state.observation(deciding).get("reaction")) is (asked == "reaction")
    browser.get(f"{server}{invites[deciding]['url']}")
    wait_my_turn(browser)
    assert status_text(browser) == f"Seat {turn}'s turn: your {asked}."
