"""`meeple play`: whole games with piped input, hotseat, quitting, saving."""

from __future__ import annotations

import contextlib
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.cli.play import HELP, match_action, seat_agents
from meeple.core.record import load_record
from meeple.errors import AgentError, OptionError

MANY_ONES = "1\n" * 20000
COLOURS = "blue|red|green|yellow|purple"


def test_play_to_the_end_against_bots_and_save(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "anludim", "--players", "3", "--seat", "0", "--bots", "random"]
    result = runner.invoke(app, [*args, "--seed", "3", "--save", str(save)], input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game over" in out
    assert re.search(r"Winners?: seat \d", out)
    assert "placeholder data" in out
    assert "Since your last decision:" in out
    # Other seats' choices of cards to keep are private: only "keeps a card" is shown.
    assert not re.search(rf"seat [12]: [^\n]*keep \[?({COLOURS}) \d", out)
    assert re.search(r"seat [12]: [^\n]*keeps a card", out)
    state = meeple.replay(load_record(save))
    assert state.is_terminal()
    assert state.seed == 3


def test_play_is_reproducible_with_a_seed(runner: CliRunner, tmp_path: Path) -> None:
    records = []
    for name in ("a.json", "b.json"):
        args = ["play", "anludim", "--seed", "8", "--save", str(tmp_path / name)]
        result = runner.invoke(app, args, input="1\n" * 30)
        assert result.exit_code == 0, result.output
        records.append(load_record(tmp_path / name))
    assert records[0] == records[1]
    assert records[0]["actions"]


def test_hotseat_hides_the_hand_between_players(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "hotseat.json"
    args = ["play", "anludim", "--players", "2", "--bots", "", "--seed", "4", "--save", str(save)]
    result = runner.invoke(app, args, input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 0, your turn. Press Enter" in out
    assert "Seat 1, your turn. Press Enter" in out
    assert "Game over" in out
    assert "human" in out and "bot" not in out.split("Game over")[-1]
    assert meeple.replay(load_record(save)).is_terminal()
    # the end is shown as a spectator sees it, not as the last person to move saw it
    last = out.split("your choice")[-1]
    assert "spectator's view" in last and "Your hand" not in last


def test_hotseat_q_at_the_hand_over_quits(runner: CliRunner) -> None:
    args = ["play", "anludim", "--players", "2", "--bots", "", "--seed", "4"]
    result = runner.invoke(app, args, input="q\n\n")
    assert result.exit_code == 0, result.output
    assert "you quit" in result.stdout and "Your hand" not in result.stdout


def test_a_digit_that_is_no_number_is_no_action(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "anludim", "--seed", "5"], input="\u00b2\n")
    assert "no action matches '\u00b2'" in result.stdout


def test_choose_by_text_then_end_of_input(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    args = ["play", "anludim", "--seed", "5", "--save", str(save)]
    result = runner.invoke(app, args, input="no such thing\n99\nDRAW TWO\n")
    assert result.exit_code == 0, result.output
    assert "no action matches 'no such thing'" in result.stdout
    assert "no action numbered 99" in result.stdout
    assert "input ended" in result.stdout
    record = load_record(save)
    state = meeple.load_game("anludim").new_initial_state(seed=5)
    assert state.action_to_string(record["actions"][0]) == "draw two cards from the deck"
    meeple.replay(record)


def test_quit_offers_to_save(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input=f"?\n1\nq\n{save}\n")
    assert result.exit_code == 0, result.output
    assert "quit" in result.stdout
    assert "this help" in result.stdout
    record = load_record(save)
    assert len(record["actions"]) >= 1
    assert not meeple.replay(record).is_terminal()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "nosuchgame"], "unknown game 'nosuchgame'; available games: anludim"),
        (
            ["play", "anludim", "--bots", "clever"],
            "unknown bot 'clever'; available: greedy, ismcts",  # then any plugin's, and random
        ),
        (["play", "anludim", "--bots", "random:speed=3"], "agent 'random' has no setting 'speed'"),
        (["play", "anludim", "--bots", "ismcts:iterations"], "is not NAME=VALUE"),
        (["play", "anludim", "--players", "7"], "anludim takes 2 to 5 players, not 7"),
        (["play", "anludim", "--option", "variant=pro"], 'allowed values: "base", "expert"'),
        (["play", "anludim", "-o", "colour=red"], "unknown option 'colour' for anludim"),
        (["play", "anludim", "-o", "variant"], "an option is written name=value"),
        (["play", "anludim", "--seat", "3"], "--seat must be a seat 0..2, not 3"),
        (["play", "anludim", "--bots", "random,random,random"], "one per other seat"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    runner: CliRunner, args: list[str], needle: str
) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert needle in lines[0]
    assert "Traceback" not in result.output


def test_options_are_parsed_as_json_when_they_can_be(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "options.json"
    args = ["play", "anludim", "--seed", "1", "--save", str(save)]
    opts = ["-o", "variant=expert", "-o", "straight_wrap=true", "-o", "tie_order=from_trigger"]
    result = runner.invoke(app, [*args, *opts], input="")
    assert result.exit_code == 0, result.output
    assert "expert variant" in result.stdout
    options = load_record(save)["options"]
    assert options["variant"] == "expert"
    assert options["straight_wrap"] is True
    assert options["tie_order"] == "from_trigger"


def test_match_action() -> None:
    labels = ["draw two cards", "take face-up card red 1|green 5", "take face-up card blue 2|red 4"]
    assert match_action("2", labels) == 1
    assert match_action("Draw Two Cards", labels) == 0
    assert match_action("draw", labels) == 0
    assert match_action("blue 2", labels) == 2
    with pytest.raises(ValueError, match=r"could be 2\. take face-up card red"):
        match_action("take", labels)
    with pytest.raises(ValueError, match="choose 1 to 3"):
        match_action("0", labels)
    with pytest.raises(ValueError, match="no action matches"):
        match_action("pass", labels)


def test_match_action_reads_the_label_before_its_asides_and_names_a_number_it_holds() -> None:
    cards = ["add green 12 (green 12|yellow 4)", "add yellow 4 (green 12|yellow 4)"]
    assert match_action("green 12", cards) == 0
    assert match_action("yellow 4", cards) == 1
    with pytest.raises(ValueError, match=r"could be 1\. add green 12"):
        match_action("12|yellow", cards)
    turns = ["keep it unturned", "turn it 90 degrees", "turn it 180 degrees", "turn it 270"]
    with pytest.raises(ValueError, match=r"choose 1 to 4 \(3 is 'turn it 180 degrees'\)"):
        match_action("180", turns)
    with pytest.raises(ValueError, match=r"no action numbered 7; choose 1 to 4$"):
        match_action("7", turns)  # a digit of 270 is no number of a label
    with pytest.raises(ValueError, match=r"no action numbered 999999999…; choose 1 to 4$"):
        match_action("9" * 5000, turns)  # past Python's digits for an int


def test_seat_agents() -> None:
    seats = seat_agents("random", 3, 1, seed=2)
    assert seats[1] is None and seats[0] is not None and seats[2] is not None
    assert all(a is None for a in seat_agents("", 4, 0, seed=2))
    mixed = seat_agents("human,random", 3, 0, seed=2)
    assert mixed[0] is None and mixed[1] is None and mixed[2] is not None
    with pytest.raises(AgentError):
        seat_agents("random,random,random", 3, 0, seed=2)
    with pytest.raises(OptionError):
        seat_agents("random", 3, 3, seed=2)


@pytest.mark.parametrize("game", ["anludim", "aridnyk", "arnak"])
def test_hint_names_the_greedy_bots_move_for_you(runner: CliRunner, game: str) -> None:
    from meeple.agents import hint_seed, make

    result = runner.invoke(app, ["play", game, "--seed", "9"], input="hint\nq\n\n")
    assert result.exit_code == 0, result.output
    state = meeple.load_game(game).new_initial_state(seed=9)
    action = make("greedy", seed=hint_seed(9, state.current_player, 0)).act(state)
    number = state.legal_actions().index(action) + 1
    words = " ".join(result.stdout.split())
    assert f"hint: the greedy bot would choose {number}. {state.action_to_string(action)}" in words
    assert "the game stopped after 0 decisions" in words  # a hint plays nothing


def test_auto_takes_the_decisions_with_one_choice(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    args = ["play", "anludim", "-p", "2", "--seed", "5", "--bots", "greedy", "--save", str(save)]
    result = runner.invoke(app, [*args, "--auto"], input="1\n1\nq\n")
    assert result.exit_code == 0, result.output
    forced = [line for line in result.stdout.splitlines() if "your only choice:" in line]
    assert forced, "this deal has decisions with one choice"
    actions = load_record(save)["actions"]
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=5)
    asked = 0
    for action in actions:
        legal = state.legal_actions()
        if state.current_player == 0:
            asked += len(legal) > 1
            if len(legal) == 1:
                assert f"your only choice: {state.action_to_string(action)}" in result.stdout
        state.apply_action(action)
    assert asked == 2  # the person was asked only where there was a choice
    without = runner.invoke(app, args, input="1\n1\nq\n")
    assert "your only choice" not in without.stdout


def test_undo_takes_back_your_last_choice_and_says_when_it_cannot(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "undo.json"
    args = ["play", "aridnyk", "-p", "1", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, input="u\n1\nundo\n2\nq\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "there is no move to take back" in words
    assert "took back 1 move" in words
    state = meeple.load_game("aridnyk", players=1).new_initial_state(seed=3)
    second = state.legal_actions()[1]
    assert load_record(save)["actions"] == [second]  # the second choice, not the first
    assert "the game stopped after 1 decision." in words


def test_undo_is_refused_once_another_seat_has_moved(runner: CliRunner) -> None:
    args = ["play", "aridnyk", "-p", "2", "--seed", "3", "--bots", "random"]
    result = runner.invoke(app, args, input="1\nu\nq\n\n")  # the bot chose its tile between
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "another seat has moved since your last choice" in words
    assert "the game stopped after 2 decisions." in words


def test_rules_shows_how_to_play_and_plays_nothing(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", "aridnyk", "--seed", "2"], input="rules\nq\n\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "The aim" in words and "Pick a tile from the Horizon" in words
    assert "the game stopped after 0 decisions" in words


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX only")
def test_hotseat_in_a_real_terminal_clears_the_last_hand_and_its_scrollback() -> None:
    """The same game in a pseudo-terminal, where rich clears the screen for real: after
    the last hand-over clear (screen and scrollback), no hand is printed again."""
    import os
    import pty
    import subprocess
    import threading

    leader, follower = pty.openpty()
    command = [sys.executable, "-m", "meeple", "play", "anludim", "-p", "2", "--bots", ""]
    env = {**os.environ, "COLUMNS": "100", "LINES": "40", "TERM": "xterm"}
    process = subprocess.Popen(
        [*command, "--seed", "4"], stdin=follower, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)

    def type_ones() -> None:  # as fast as the terminal takes them; stops when it closes
        with contextlib.suppress(OSError):
            for _ in range(5000):
                os.write(leader, b"1\n")

    threading.Thread(target=type_ones, daemon=True).start()
    seen = bytearray()
    with contextlib.suppress(OSError):  # EIO once the program has exited
        while chunk := os.read(leader, 65536):
            seen += chunk
    assert process.wait(timeout=120) == 0
    os.close(leader)
    out = seen.decode("utf-8", "replace")
    assert "Game over" in out
    clears = out.count("\x1b[3J")
    assert clears >= 2  # at every hand-over, and before the end
    end = out.rsplit("\x1b[3J", 1)[1]
    assert "Game over" in end and "spectator's view" in end
    assert "Your hand" not in end


def test_the_prompt_help_fits_an_80_column_terminal() -> None:
    """Lines wider than the terminal were broken again by the console, one word a line."""
    assert max(map(len, HELP.splitlines())) < 80


def test_a_drawn_seed_is_shown_only_once_the_game_is_over(runner: CliRunner) -> None:
    """The seed decides every hidden card: on screen at the start, it told a player the
    bots' hands (or, at one screen, another player's)."""
    args = ["play", "anludim", "--players", "2", "--bots", "random"]
    stopped = runner.invoke(app, args, input="q\n\n")
    assert stopped.exit_code == 0, stopped.output
    assert "seed" not in stopped.stdout
    played = runner.invoke(app, args, input="1\n" * 2000)
    assert played.exit_code == 0, played.output
    assert "game over" in played.stdout.lower()
    assert "play this deal again with --seed" in played.stdout


def test_hotseat_pushes_the_last_view_off_a_screen_that_takes_no_control_codes() -> None:
    import io

    from rich.console import Console

    from meeple.cli.play import Session

    state = meeple.load_game("anludim", players=2).new_initial_state(seed=1)
    shown = io.StringIO()
    dumb = Console(file=shown, force_terminal=True, height=30, _environ={"TERM": "dumb"})
    assert dumb.is_dumb_terminal
    Session(state, [None, None], dumb).hide_screen()
    assert shown.getvalue() == "\n" * 60  # Rich's clear writes nothing to such a terminal


def test_undo_before_a_seats_first_choice_says_there_is_nothing_to_take_back(
    runner: CliRunner,
) -> None:
    args = ["play", "aridnyk", "-p", "2", "--seed", "3", "--seat", "1", "--bots", "random"]
    result = runner.invoke(app, args, input="u\nq\n\n")  # the bot has chosen its tile first
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "there is no choice of yours to take back: you have not chosen yet" in words
    assert "another seat has moved" not in words


def screens(game: str, height: int, answers: list[str]) -> list[str]:
    """What a terminal `height` lines tall shows before each prompt of seat 0, who plays
    `answers` against a random bot."""
    import io

    from rich.console import Console

    from meeple.cli.play import Session

    state = meeple.load_game(game, players=2).new_initial_state(seed=3)
    screen = io.StringIO()
    console = Console(file=screen, width=100, height=height, force_terminal=True)
    console.no_color = True
    shown: list[str] = []
    typed = iter(answers)

    def answer(prompt: object = "", **_: object) -> str:
        shown.append(screen.getvalue())
        screen.seek(0)
        screen.truncate()
        return next(typed)

    console.input = answer  # type: ignore[method-assign]
    Session(state, [None, meeple.agents.make("random", seed=1)], console).run()
    return shown


@pytest.mark.parametrize("game", ["arnak", "aridnyk"])
def test_a_short_terminal_keeps_the_seats_part_beside_the_prompt_while_its_turn_goes_on(
    game: str,
) -> None:
    """On a terminal too short for the whole table, a decision that goes on from the
    seat's own last one shows the brief view (the board is as last shown); the first of a
    turn, one after another seat's move and `v` show the whole table. A tall terminal
    always shows it whole."""
    board = "Research track" if game == "arnak" else "─ Horizon ─"
    answers = ["1"] * 12 + ["v", "q", ""]
    short = screens(game, 50, answers)
    assert board in short[0] and "v shows the whole table" not in short[0]
    brief = [i for i, s in enumerate(short) if "(v shows the whole table)" in s]
    assert brief, "no decision went on from the seat's own last one"
    for i in brief:
        assert board not in short[i] and "Since your last decision" not in short[i]
    for i, s in enumerate(short[: answers.index("q") + 1]):
        assert (board in s) == (i not in brief), i
    after_v = short[answers.index("v") + 1]
    assert board in after_v and "v shows" not in after_v
    tall = screens(game, 1000, answers)
    assert all(board in s and "v shows" not in s for s in tall[: answers.index("q") + 1])


def test_a_long_run_of_moves_wraps_under_its_own_text() -> None:
    import io

    from rich.console import Console

    from meeple.cli.play import Session

    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    console = Console(file=io.StringIO(), width=50)
    session = Session(state, [None, None], console)
    session.print_news("Since your last decision:", [(1, "; ".join(["take a card"] * 8))])
    lines = console.file.getvalue().splitlines()
    assert lines[0] == "Since your last decision:"
    assert lines[1].startswith("  seat 1: take a card;") and len(lines) > 3
    assert all(line.startswith(" " * len("  seat 1: ")) for line in lines[2:])
