"""Arnak at the command line: a whole game with piped input, solo, replay, simulate."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.core.record import load_record

MANY_ONES = "1\n" * 20000


def test_play_arnak_to_the_end_against_a_bot_then_replay(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "arnak.json"
    args = [
        "play",
        "arnak",
        "--players",
        "2",
        "--seat",
        "0",
        "--bots",
        "random",
        "-o",
        "board=snake",
    ]
    result = runner.invoke(app, [*args, "--seed", "7", "--save", str(save)], input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Snake Temple side" in out
    assert "Research track" in out and "Card row" in out and "moon staff" in out
    assert "Funding (1 car)" in out
    assert "Since your last decision:" in out
    assert "Game over" in out
    assert re.search(r"Winners?: seat \d", out)
    state = meeple.replay(load_record(save))
    assert state.is_terminal()
    assert state.game.info.values["board"] == "snake"

    result = runner.invoke(app, ["replay", str(save), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "you are seat 1" in result.stdout


def test_solo_arnak_says_the_rival_arrows_are_placeholders(runner: CliRunner) -> None:
    args = ["play", "arnak", "--players", "1", "-o", "difficulty=4", "--seed", "3"]
    result = runner.invoke(app, args, input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "placeholder" in out
    assert "Rival" in out or "rival" in out
    assert "Game over" in out


def test_bad_arnak_options_are_one_clear_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "arnak", "-p", "3", "-o", "difficulty=4"])
    assert result.exit_code == 2
    assert "difficulty" in result.output and "solo" in result.output
    result = runner.invoke(app, ["simulate", "arnak", "-o", "board=crocodile"])
    assert result.exit_code == 2
    assert "bird" in result.output and "snake" in result.output


def test_simulate_arnak(runner: CliRunner) -> None:
    args = ["simulate", "arnak", "--players", "4", "--games", "6", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["players"] == 4
    assert sum(data["wins"]) >= 6
