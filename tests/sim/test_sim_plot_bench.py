"""Plots (matplotlib, an optional extra) and the new benchmark figures."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.errors import OptionError
from meeple.sim.bench import (
    ISMCTS_ITERATIONS,
    SpeedUp,
    bench,
    decision_states,
    ismcts_rate,
    jobs_speedup,
    load_ismcts,
    plain_search,
)
from meeple.sim.plot import PLOT_MISSING, RateBar, plot_run, require_matplotlib

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is an optional extra: meeple[plot]")
    path = tmp_path / "run.png"
    bars = [RateBar("greedy", 0.8, 0.7, 0.87), RateBar("random", 0.2, 0.13, 0.3)]
    plot_run(path, "a title", bars, [[1, 2, 2, 0], [0, 1, 1, 2]], even=0.5)
    assert path.read_bytes().startswith(PNG_MAGIC)


def test_plot_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(OptionError, match=r"--plot writes \.png, \.svg, \.pdf files, not 'x\.gif'"):
        require_matplotlib(tmp_path / "x.gif")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    with pytest.raises(OptionError) as info:
        require_matplotlib(tmp_path / "x.png")
    assert str(info.value) == PLOT_MISSING
    assert "pip install 'meeple[plot]'" in PLOT_MISSING


def test_decision_states_are_real_choices() -> None:
    game = meeple.load_game("anludim", players=3)
    states = decision_states(game, seed=4, limit=10)
    assert 1 <= len(states) <= 10
    assert all(len(s.legal_actions()) > 1 and not s.is_terminal() for s in states)


def test_ismcts_rate() -> None:
    assert load_ismcts() is None
    game = meeple.load_game("anludim", players=2)
    assert ismcts_rate(game, seconds=0.01, seed=1) > 0  # at least one decision of 200
    assert ISMCTS_ITERATIONS == 200


def test_the_second_rate_is_plain_search() -> None:
    """The machinery's pace is timed as plain ISMCTS in every game: UCB over the whole
    tree and short random rollouts, whatever the game's own search weighs."""
    anludim = meeple.load_game("anludim", players=2).new_initial_state(seed=0)
    assert plain_search(anludim) == {"rollout": "random"}
    arnak = meeple.load_game("arnak", players=2).new_initial_state(seed=0)
    assert plain_search(arnak) == {
        "rollout": "random",
        "width": 0,
        "tree_depth": 0,
        "root": "ucb",
        "round_end": False,
        "rollout_depth": 4,
    }


def test_ismcts_note_when_the_agent_cannot_load(monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple import agents

    monkeypatch.setitem(agents._AGENTS, "ismcts", "meeple.agents.no_such_module:Agent")
    note = load_ismcts()
    assert note is not None and note.startswith("ISMCTS skipped: the agent cannot be loaded")
    game = meeple.load_game("anludim", players=2)
    result = bench(game, seconds=0.05, repeats=1, speedup=False)
    assert result.ismcts_iterations_per_second is None
    assert result.to_json()["ismcts_note"] == note


def test_jobs_speedup_plays_the_same_games() -> None:
    game = meeple.load_game("anludim", players=2)
    up = jobs_speedup(game, games=8, seed=2)
    assert up.identical
    assert (up.games, up.jobs) == (8, 2)
    assert up.serial_seconds > 0 and up.parallel_seconds > 0
    assert up.to_json()["speedup"] == pytest.approx(up.serial_seconds / up.parallel_seconds)


def test_jobs_speedup_tells_the_workers_start_from_their_play() -> None:
    game = meeple.load_game("anludim", players=2)
    up = jobs_speedup(game, games=8, seed=2)
    assert up.start_seconds is not None
    assert 0 < up.start_seconds < up.parallel_seconds
    started = up.started_speedup
    assert started is not None and started > up.speedup
    assert started == pytest.approx(up.serial_seconds / (up.parallel_seconds - up.start_seconds))
    assert up.to_json()["started_speedup"] == started
    no_start = SpeedUp(8, 2, 1.0, 0.5, True)
    assert no_start.started_speedup is None and no_start.to_json()["started_speedup"] is None


def test_a_rotating_runs_scores_are_plotted_per_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots take turns in each seat: a seat's box mixed them, each bot's does not."""
    from typer.testing import CliRunner

    import meeple.cli.app as cli

    drawn: dict[str, Any] = {}
    monkeypatch.setattr(cli, "plot_run", lambda *args, **kwargs: drawn.update(kwargs, args=args))
    args = ["simulate", "anludim", "-p", "2", "--bots", "greedy,random", "--games", "6"]
    result = CliRunner().invoke(cli.app, [*args, "--plot", str(tmp_path / "p.png")])
    assert result.exit_code == 0, result.output
    assert drawn["bot_labels"] == ["0", "1"]
    greedy, random_bot = drawn["args"][3]
    assert min(greedy) > max(random_bot)  # greedy wins every game: its box stands apart
