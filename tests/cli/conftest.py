"""Shared pieces of the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.core.record import save_record
from meeple.sim.runner import make_agents


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session")
def finished_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A record file of a whole 3-player Anludim game between random agents."""
    game = meeple.load_game("anludim", players=3)
    state = game.new_initial_state(seed=11)
    players = make_agents(["random"] * 3, 11)
    while not state.is_terminal():
        state.apply_action(players[state.current_player].act(state))
    path = tmp_path_factory.mktemp("records") / "finished.json"
    save_record(state, path)
    return path
