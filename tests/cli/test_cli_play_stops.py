"""`meeple play` stopping early: an unwritable --save, Ctrl-C while a bot thinks, a save
name that cannot be written."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.cli.play import Session
from meeple.core.game import State
from meeple.core.record import load_record


@pytest.mark.parametrize("where", ["missing", "folder"])
def test_an_unwritable_save_is_refused_before_the_game(
    runner: CliRunner, tmp_path: Path, where: str
) -> None:
    save = tmp_path / "no such folder" / "game.json" if where == "missing" else tmp_path
    args = ["play", "anludim", "--seed", "2", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 5)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: --save "), result.stderr
    assert "choose an action" not in result.stdout  # no game was started


class Interrupted:
    """A bot whose thinking is cut short by Ctrl-C."""

    name = "slow"

    def act(self, state: State) -> int:
        raise KeyboardInterrupt


def test_ctrl_c_while_a_bot_thinks_stops_the_game_and_saves_it(tmp_path: Path) -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    save = tmp_path / "stopped.json"
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=100)  # noqa: SIM115
    console.input = lambda prompt="", **_: "6"  # type: ignore[method-assign]
    try:
        finished = Session(state, [None, Interrupted()], console, save).run()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C while a bot thought ended the command, with no record saved")
    console.file.close()
    screen = (tmp_path / "screen.txt").read_text()
    assert not finished
    assert "interrupted: the game stopped after 1 decision." in screen
    assert f"game saved to {save}" in screen
    assert load_record(save)["actions"] == state.history()


def test_a_save_name_that_cannot_be_written_is_asked_for_again(
    runner: CliRunner, tmp_path: Path
) -> None:
    bad, good = tmp_path / "missing" / "a.json", tmp_path / "quit.json"
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input=f"q\n{bad}\n{good}\n")
    assert result.exit_code == 0, result.output
    assert "the game stopped after 0 decisions." in result.stdout
    assert f"cannot write record file {str(bad)!r}: No such file or directory" in result.stdout
    assert f"game saved to {good}" in result.stdout
    assert load_record(good)["actions"] == []
    # a name no file can have (a NUL in it) is asked for again too
    nul = f"{tmp_path}/a\0b.json"
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input=f"q\n{nul}\n{good}\n")
    assert result.exit_code == 0, result.output
    assert "embedded null byte" in result.stdout
    assert f"game saved to {good}" in result.stdout


def test_a_yes_or_no_to_the_save_question_is_read_as_one(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input="q\nn\n")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "n").exists() and "game saved" not in result.stdout
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input="q\nYes\ng.json\n")
    assert result.exit_code == 0, result.output
    assert "The file name" in result.stdout and (tmp_path / "g.json").exists()
    assert not (tmp_path / "Yes").exists()


def scripted(answers: Iterator[object]) -> Callable[..., str]:
    """A console's input that gives these lines in turn, Ctrl-C where KeyboardInterrupt
    stands among them."""

    def answer(prompt: object = "", **_: object) -> str:
        line = next(answers)
        if line is KeyboardInterrupt:
            raise KeyboardInterrupt
        return str(line)

    return answer


class Terminal(io.StringIO):
    """Standard input typed at a terminal."""

    def isatty(self) -> bool:
        return True


def test_ctrl_c_at_your_own_prompt_offers_to_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", Terminal())
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    save = tmp_path / "mine.json"
    typed = scripted(iter(["1", KeyboardInterrupt, str(save)]))
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=100)  # noqa: SIM115
    console.input = typed  # type: ignore[method-assign]
    random_bot = meeple.agents.make("random", seed=1)
    finished = Session(state, [None, random_bot], console).run()
    console.file.close()
    screen = (tmp_path / "screen.txt").read_text()
    assert not finished
    assert "interrupted: the game stopped after" in screen and "input ended" not in screen
    assert f"game saved to {save}" in screen
    assert load_record(save)["actions"] == state.history()


def test_ctrl_c_with_piped_input_reads_no_more_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines after a Ctrl-C in a pipe were written as moves: none is taken for the
    name of a file to save to, and the message names --save."""
    monkeypatch.setattr("sys.stdin", io.StringIO())
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    answers: Iterator[object] = iter(["1", KeyboardInterrupt, "2", "3"])
    piped = scripted(answers)
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=100)  # noqa: SIM115
    console.input = piped  # type: ignore[method-assign]
    monkeypatch.chdir(tmp_path)
    finished = Session(state, [None, meeple.agents.make("random", seed=1)], console).run()
    console.file.close()
    screen = (tmp_path / "screen.txt").read_text()
    assert not finished
    assert "interrupted: the game stopped after" in screen
    assert "Save the game?" not in screen and "--save FILE" in " ".join(screen.split())
    assert next(answers) == "2"  # the line after the interruption was left unread
    assert not (tmp_path / "2").exists()


def test_a_game_stopped_by_ctrl_c_exits_with_status_130(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As every other command stopped by Ctrl-C does; `q` is a chosen end (status 0)."""
    monkeypatch.setattr(Console, "input", staticmethod(scripted(iter(["1", KeyboardInterrupt]))))
    result = runner.invoke(app, ["play", "anludim", "--seed", "3", "--bots", "random"])
    assert result.exit_code == 130, result.output
    assert "interrupted: the game stopped after" in result.stdout


def test_ctrl_c_at_the_save_question_says_nothing_was_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", Terminal())
    monkeypatch.chdir(tmp_path)
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=100)  # noqa: SIM115
    console.input = scripted(iter(["q", KeyboardInterrupt]))  # type: ignore[method-assign]
    session = Session(state, [None, meeple.agents.make("random", seed=1)], console)
    assert not session.run()
    console.file.close()
    screen = (tmp_path / "screen.txt").read_text()
    assert "you quit: the game stopped" in screen and "not saved" in screen
    assert session.stopped_by_ctrl_c
    assert list(tmp_path.iterdir()) == [tmp_path / "screen.txt"]
