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
    app = create_app(f"sqlite:///{database}", bot_delay=0.0)
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


def create_table(driver: WebDriver, base: str, game: str, players: int) -> str:
    """Fill the lobby's form (you in seat 0, random bots elsewhere), submit, and land on
    the table page; returns the table's id."""
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
    card.find_element(By.CSS_SELECTOR, "[data-testid=flip]").click()
    selector = f"[data-testid=hand-card][data-card='{card_id}']"
    wait_for(
        browser,
        "the card to turn",
        lambda: css(browser, selector)[0].get_attribute("data-top-half") != top,
    )
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
    assert log_size(browser) == before  # asking plays nothing
    marked[0].click()  # and the hinted move can be played
    wait_for(browser, "the move", lambda: log_size(browser) > before)


def sit_at_new_table(driver: WebDriver, base: str, body: dict[str, Any]) -> None:
    """Create a table through the API (`body` as POST /api/tables takes it) and open
    the first person's invitation."""
    import json
    import urllib.request

    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        invite = json.load(answer)["invites"][0]
    driver.get(f"{base}{invite['url']}")


def test_single_choices_play_themselves_when_asked_to(server: str, browser: WebDriver) -> None:
    sit_at_new_table(browser, server, {"game": "anludim", "seats": ["human", "random"], "seed": 5})
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
    # the choice is remembered; unticked, a single choice waits for a click again
    click(browser, "[data-testid=auto-toggle]", lambda found: found[0])
    assert browser.execute_script("return localStorage.getItem('meeple.auto')") is None


def test_players_go_by_their_names(server: str, browser: WebDriver) -> None:
    table_id = create_table(browser, server, "anludim", 2)
    field = wait_for(browser, "the name field", present(browser, "[data-testid=name-input]"))
    field[0].send_keys("Ana")
    css(browser, "[data-testid=name-save]")[0].click()
    wait_for(
        browser,
        "the name on the seat",
        lambda: "Ana · Seat 0 (you)" in css(browser, "[data-testid=seat-name]")[0].text,
    )
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
