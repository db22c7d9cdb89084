"""Aridnyk at the command line: whole games with piped input, hotseat, replay, simulate."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.core.record import load_record

MANY_ONES = "1\n" * 20000


def test_play_aridnyk_to_the_end_against_bots_then_replay(
    runner: CliRunner, tmp_path: Path
) -> None:
    save = tmp_path / "aridnyk.json"
    args = ["play", "aridnyk", "--players", "2", "--seat", "0", "--bots", "random"]
    result = runner.invoke(app, [*args, "--seed", "7", "--save", str(save)], input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "placeholder data" in out
    assert "Board (x grows east" in out
    assert "Your hand" in out and "Horizon" in out
    assert "Since your last decision:" in out
    assert "  seat 1: " in out and "from the Horizon" in out  # the bot's moves, as news
    assert "Game over" in out
    assert re.search(r"Winners?: seat \d", out)
    state = meeple.replay(load_record(save))
    assert state.is_terminal()
    assert state.seed == 7

    result = runner.invoke(app, ["replay", str(save), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "you are seat 1" in result.stdout
    assert "Game over" in result.stdout
    assert f"{len(load_record(save)['actions'])}. seat" in result.stdout


def test_hotseat_aridnyk_with_both_variants(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "hotseat.json"
    args = ["play", "aridnyk", "--players", "2", "--bots", "", "--seed", "4"]
    options = ["-o", "characters=true", "-o", "starter_tiles=true", "--save", str(save)]
    result = runner.invoke(app, [*args, *options], input=MANY_ONES)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seat 0, your turn. Press Enter" in out
    assert "Seat 1, your turn. Press Enter" in out
    assert "Unsimple cards dealt to you" in out
    assert "Game over" in out
    assert "random bot" not in out.split("Game over")[-1]
    assert meeple.replay(load_record(save)).is_terminal()


def test_quit_and_text_choices_in_aridnyk(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    args = ["play", "aridnyk", "--seed", "5", "--save", str(save)]
    result = runner.invoke(app, args, input="choose tile\n1\nv\nq\n")
    assert result.exit_code == 0, result.output
    assert "could be 1. choose tile" in result.stdout
    assert "you quit" in result.stdout
    record = load_record(save)
    assert len(record["actions"]) >= 1
    meeple.replay(record)


def test_simulate_aridnyk(runner: CliRunner) -> None:
    args = ["simulate", "aridnyk", "--players", "3", "--games", "6", "--seed", "2", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and data["players"] == 3
    assert sum(data["wins"]) >= 6


def test_a_replay_without_a_seat_reads_as_a_spectator(runner: CliRunner, tmp_path: Path) -> None:
    """No seat is "you": every move reads in the third person, and one player is one."""
    path = tmp_path / "solo.json"
    state = meeple.load_game("aridnyk", players=1).new_initial_state(seed=3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    path.write_text(json.dumps(state.to_record()))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    moves = [line for line in result.stdout.splitlines() if re.match(r"\s*\d+\. seat 0: ", line)]
    assert len(moves) == len(state.history())
    assert not [line for line in moves if re.search(r"\byour?\b", line)]
    assert "Aridnyk, 1 player, seed 3" in " ".join(result.stdout.split())


def test_hotseat_hands_a_reaction_over_as_a_reaction(runner: CliRunner, tmp_path: Path) -> None:
    """A seat asked to react in another seat's turn is not told it is its turn."""
    import random

    def asked(state: meeple.State) -> bool:
        return state.current_player == 1 and bool(state.observation(1)["reaction"])

    for seed in range(40):  # a random game in which seat 1 is asked to react
        state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and not asked(state):
            state.apply_action(rng.choice(state.legal_actions()))
        if asked(state):
            break
    assert asked(state)
    save = tmp_path / "reaction.json"
    save.write_text(json.dumps(state.to_record()))
    result = runner.invoke(
        app, ["play", "aridnyk", "--resume", str(save), "--bots", ""], input="\nq\n\n"
    )
    assert result.exit_code == 0, result.output
    assert "Seat 1, seat 0's turn: your reaction. Press Enter" in result.stdout
    assert "Seat 1, your turn" not in result.stdout
