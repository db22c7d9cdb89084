"""`meeple play GAME --resume FILE`: a saved game played on from its last move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.core.record import load_record, save_record


def _saved_after(runner: CliRunner, tmp_path: Path, moves: int) -> Path:
    """An Anludim game against random, quit and saved after `moves` of seat 0's moves."""
    path = tmp_path / "saved.json"
    keys = "1\n" * moves + f"q\n{path}\n"
    result = runner.invoke(app, ["play", "anludim", "--seed", "6"], input=keys)
    assert result.exit_code == 0, result.output
    hint = f"go on with: meeple play anludim --resume {path} --seat 0 --bots random"
    assert hint in result.stdout
    return path


def test_a_saved_game_goes_on_where_it_stopped(runner: CliRunner, tmp_path: Path) -> None:
    saved = _saved_after(runner, tmp_path, 2)
    before = load_record(saved)
    assert before["actions"], "the saved game had moves"
    later = tmp_path / "later.json"
    result = runner.invoke(
        app,
        ["play", "anludim", "--resume", str(saved), "--save", str(later)],
        input="1\nq\n",
    )
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "(seat 0: human, seat 1: random, seat 2: random), resumed after" in words
    assert f"seed {before['seed']}" not in words  # the seed tells every hidden card
    assert f"resumed after {len(before['actions'])} decisions" in words
    after = load_record(later)
    # the same deal and moves, then one more of ours and the bot's answers
    assert {k: v for k, v in after.items() if k != "actions"} == {
        k: v for k, v in before.items() if k != "actions"
    }
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert len(after["actions"]) > len(before["actions"])
    meeple.replay(after)  # the longer record is a legal game


def test_a_resumed_game_shows_the_moves_since_your_last_decision(tmp_path: Path) -> None:
    from rich.console import Console

    from meeple.cli.play import Session, resumed
    from meeple.sim.runner import make_agents

    state = meeple.load_game("anludim", players=3).new_initial_state(seed=4)
    bots = make_agents(["random"] * 3, 4)
    while len(state.history()) < 7 or state.current_player != 0:
        state.apply_action(bots[state.current_player].act(state))

    replayed, log = resumed(state.to_record())
    assert replayed.history() == state.history()
    assert len(log) == len(state.history())
    last_own = max(i for i, (who, _) in enumerate(log) if who == 0)
    since = log[last_own + 1 :]
    assert since, "the other seats moved after seat 0"

    console = Console(file=open(tmp_path / "screen.txt", "w"), width=200)  # noqa: SIM115
    answers = iter(["q", ""])  # quit, and save nothing
    console.input = lambda prompt="", **_: next(answers)  # type: ignore[method-assign]
    Session(replayed, [None, *bots[1:]], console, log=log).run()
    console.file.close()
    screen = (tmp_path / "screen.txt").read_text()
    news = screen.split("Since your last decision:")[1].split("Seat 0, choose an action")[0]
    # the other seats' moves after seat 0's last one, one line per run of a seat
    lines = [line.strip() for line in news.strip().splitlines()]
    runs = [who for i, (who, _) in enumerate(since) if i == 0 or since[i - 1][0] != who]
    assert [int(line.split(":")[0].split()[1]) for line in lines] == runs
    assert "; ".join(text for _, text in since) == "; ".join(
        line.split(": ", 1)[1] for line in lines
    )


def test_a_finished_game_shows_its_result(runner: CliRunner, finished_record: Path) -> None:
    result = runner.invoke(app, ["play", "anludim", "--resume", str(finished_record)])
    assert result.exit_code == 0, result.output
    assert "this game is already over" in result.stdout
    assert "Game over" in result.stdout
    # the record names no players, and none played in this session: no bot is named
    assert "random bot" not in result.stdout and "player" not in result.stdout.split("Game over")[1]


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--seed", "0"], "leave out --seed"),
        (["--players", "3", "-o", "variant=expert"], "leave out --players, --option"),
    ],
)
def test_resume_refuses_what_the_record_fixes(
    runner: CliRunner, tmp_path: Path, extra: list[str], says: str
) -> None:
    path = tmp_path / "game.json"
    save_record(meeple.load_game("anludim").new_initial_state(seed=1), path)
    result = runner.invoke(app, ["play", "anludim", "--resume", str(path), *extra])
    assert result.exit_code == 2
    assert says in result.stderr and "choose an action" not in result.stdout


def test_resume_names_a_record_of_another_game(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_record(meeple.load_game("aridnyk").new_initial_state(seed=1), path)
    result = runner.invoke(app, ["play", "anludim", "--resume", str(path)])
    assert result.exit_code == 2
    assert "holds a game of 'aridnyk', not of 'anludim'" in result.stderr


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ("not json", "is not valid JSON"),
        (json.dumps({"game": "anludim"}), "record lacks"),
        (
            json.dumps(
                {"game": "anludim", "players": 2, "options": {}, "seed": 1, "actions": [9999]}
            ),
            "move 1 (actions[0] = 9999) is illegal",
        ),
        (json.dumps({"journal": "meeple-journal"}) + "\n", None),
    ],
)
def test_a_bad_record_is_one_error_line(
    runner: CliRunner, tmp_path: Path, content: str, says: str | None
) -> None:
    from meeple.sim.journal import MAGIC

    path = tmp_path / "bad.json"
    path.write_text(content.replace("meeple-journal", MAGIC), encoding="utf-8")
    result = runner.invoke(app, ["play", "anludim", "--resume", str(path)])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert (says or "is a journal of game results") in lines[0]
