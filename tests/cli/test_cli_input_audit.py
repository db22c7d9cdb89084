"""Bad command-line input: one `error:` line on stderr, exit status 2, no traceback, and
nothing played or written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app


def refused(runner: CliRunner, args: list[str]) -> str:
    """The one error line of a refused command (which must print nothing else)."""
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert result.stdout == ""
    return lines[0]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "anludim", "-n", "2", "-b", "random:seed=3"], "seed is not a setting"),
        (["simulate", "anludim", "-p", "2", "-b", "greedy,random:seed=x"], "seed is not a setting"),
        (["tournament", "anludim", "-b", "random,greedy:seed=1"], "seed is not a setting"),
        (["simulate", "anludim", "-b", "ismcts:iterations=abc"], "iterations must be a positive"),
        # (a float count used to be searched as given: 2.0 ran, 1e9 never ended)
        (["simulate", "anludim", "-n", "1", "-b", "ismcts:iterations=2.0"], "a positive integer"),
        (["simulate", "anludim", "-b", "ismcts:iterations=-1"], "iterations must be a positive"),
        (["simulate", "anludim", "-b", "ismcts:seconds=1e308"], "seconds is at most 86400"),
        (["tournament", "anludim", "-b", "random,RANDOM"], "'RANDOM' is listed twice"),
        (["simulate", "anludim", "-o", "players=3"], "the number of players is --players"),
        (["simulate", "anludim", "-o", "name=x"], "unknown option 'name' for anludim"),
        (["play", "anludim", "--save", "/proc/x.json"], "cannot be written"),
        (["simulate", "anludim", "-n", "2", "--csv", "/proc/x.csv"], "cannot be written"),
        (["play", "anludim", "--save", "n" * 300 + ".json"], "cannot be written"),
        (["tournament", "anludim", "-b", "random,greedy", "--plot", "/proc/x.png"], "cannot be"),
        (["simulate", "anludim", "-b", "ismcts:foo=1"], "its settings: iterations, seconds"),
        (["simulate", "anludim", "-b", "ismcts:iterations"], "is not NAME=VALUE"),
        (["simulate", "anludim", "--games", "-3"], "whole number of at least 1, not -3"),
        (["simulate", "anludim", "--jobs", "-2"], "--jobs must be at least 1, not -2"),
        (["simulate", "anludim", "--seed", "-1"], "seed must be a non-negative integer"),
        (["simulate", "anludim", "-o", "variant"], "written name=value"),
        (["simulate", "arnak", "-p", "2", "-o", "difficulty=4"], "only to the solo game"),
        (["simulate", "aridnyk", "-o", "preset=hard"], '"standard", "family"'),
        (
            ["simulate", "anludim", "-o", "straight_wrap=True"],
            'cannot be "True"; allowed values: false, true',
        ),
        (
            ["play", "aridnyk", "-p", "1", "--bots", "random,random"],
            "a game of one player has no other seat",
        ),
        (
            ["bench", "aridnyk", "--seconds", "inf"],
            "--seconds must be a finite number above 0, not inf",
        ),
        (["serve", "--bot-delay", "nan"], "--bot-delay must be 0 or more seconds, not nan"),
        (["serve", "--abandon-after", "inf"], "--abandon-after must be 0 or more hours, not inf"),
        # (`self` was taken by the game's constructor: a TypeError)
        (["simulate", "anludim", "-o", "self=1"], "unknown option 'self' for anludim"),
        (
            ["simulate", "aridnyk", "-o", "preset=family", "-o", "preset=standard"],
            "the option 'preset' is given twice",
        ),
        (["simulate", "anludim", "-b", "ismcts:seconds=" + "9" * 400], "a finite number > 0"),
        (
            ["simulate", "anludim", "--journal", "same.jsonl", "--csv", "same.jsonl"],
            "--csv and --journal name the same file",
        ),
        (
            ["tournament", "anludim", "-b", "random,greedy", "--csv", "a.png", "--plot", "a.png"],
            "--csv and --plot name the same file",
        ),
        # (two games were played and journaled before the third's seed was refused)
        (
            ["simulate", "anludim", "-n", "3", "--seed", str(2**64 - 2)],
            "seeds run from 18446744073709551614 to 18446744073709551616",
        ),
        (
            [
                "tournament",
                "anludim",
                "-b",
                "random,greedy",
                "--games",
                "3",
                "--seed",
                str(2**64 - 1),
            ],
            "past the largest (2**64 - 1)",
        ),
        (["simulate", "anludim", "-n", "100000000"], "--games is at most 1,000,000 in one run"),
    ],
)
def test_bad_bots_and_flags(runner: CliRunner, args: list[str], needle: str) -> None:
    assert needle in refused(runner, args)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"actions": "1 2 3"}, "'actions' must be a list of integers"),
        ({"actions": [1.5]}, "'actions' must be a list of integers"),
        ({"seed": "1"}, "'seed' must be a non-negative integer"),
        ({"players": 2.5}, "'players' must be a non-negative integer"),
        ({"options": ["variant"]}, "'options' must be a mapping"),
        ({"options": {"variant": 3}}, "option 'variant' cannot be 3"),
        ({"game": "arnak", "players": 2, "options": {"difficulty": 5}}, "solo game"),
        ({"actions": [-1]}, "move 1 (actions[0] = -1) is illegal"),
    ],
)
def test_replay_refuses_a_record_with_bad_fields(
    runner: CliRunner, tmp_path: Path, change: dict[str, object], needle: str
) -> None:
    record = {"game": "anludim", "options": {}, "players": 3, "seed": 1, "actions": []}
    path = tmp_path / "record.json"
    path.write_text(json.dumps({**record, **change}), encoding="utf-8")
    assert needle in refused(runner, ["replay", str(path)])


def test_a_record_nested_too_deeply_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 1500 + "]" * 1500, encoding="utf-8")
    assert "nested too deeply for a record" in refused(runner, ["replay", str(path)])
    args = ["play", "aridnyk", "--resume", str(path)]
    assert "nested too deeply for a record" in refused(runner, args)


def test_replay_refuses_a_seat_the_record_does_not_have(
    runner: CliRunner, finished_record: Path
) -> None:
    for seat in ("3", "-1"):
        line = refused(runner, ["replay", str(finished_record), "--seat", seat])
        assert f"--seat must be a seat 0..2, not {seat}" in line


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b'{"game": "anludim"', "is not a meeple journal"),
        (b"[1, 2, 3]\n", "is not a meeple journal"),
        (b"\xff\xfe\x00garbage\n", "is not a meeple journal"),
    ],
)
def test_journal_refuses_a_corrupt_file_and_leaves_it_alone(
    runner: CliRunner, tmp_path: Path, content: bytes, needle: str
) -> None:
    path = tmp_path / "run.jsonl"
    path.write_bytes(content)
    assert needle in refused(runner, ["journal", str(path)])
    assert path.read_bytes() == content


def test_journal_refuses_a_game_record(runner: CliRunner, finished_record: Path) -> None:
    """A record file is not a journal: the command says so rather than failing deep in."""
    before = finished_record.read_bytes()
    assert "is not a meeple journal" in refused(runner, ["journal", str(finished_record)])
    assert finished_record.read_bytes() == before


@pytest.mark.parametrize("games", [0, 2])
def test_replay_names_a_journal_given_for_a_record(
    runner: CliRunner, tmp_path: Path, games: int
) -> None:
    """A journal keeps results, not moves; replay says so rather than "Extra data"."""
    path = tmp_path / "run.jsonl"
    args = ["tournament", "anludim", "-b", "random,greedy", "-n", str(max(games, 1))]
    assert runner.invoke(app, [*args, "--journal", str(path)]).exit_code == 0
    if games == 0:  # a journal of its header alone is one JSON object, as a record is
        path.write_text(path.read_text().splitlines()[0] + "\n")
    line = refused(runner, ["replay", str(path)])
    assert "is a journal of game results, not a game record" in line
    assert f"meeple journal {path}" in line
