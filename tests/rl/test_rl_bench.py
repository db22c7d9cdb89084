"""The wrapper-cost measurement runs and reports (no assertion on speed: tests never
assert on wall time)."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.rl import wrapper_overhead
from meeple.rl.bench import env_play, main, raw_play


def test_loops_count_decisions() -> None:
    game = meeple.load_game("anludim", players=3)
    assert raw_play(game, 0.05, seed=1) > 0
    assert raw_play(game, 0.05, seed=1, observe=True) > 0
    assert env_play(game, 0.05, seed=1, observe=True) > 0
    assert env_play(game, 0.05, seed=1, observe=False) > 0


def test_overhead_result() -> None:
    runs: list[str] = []
    result = wrapper_overhead(
        "anludim", players=2, seconds=0.05, repeats=2, on_run=lambda name, _: runs.append(name)
    )
    assert runs == ["raw", "observed", "mask_only", "observing"] * 2
    assert result.players == 2 and len(result.raw) == 2
    assert result.cost == pytest.approx(result.raw_dps / result.observed_dps)
    assert result.cost_over_observing == pytest.approx(
        result.raw_observing_dps / result.observed_dps
    )
    assert set(result.to_json()) >= {"cost", "cost_mask_only", "cost_over_observing"}


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--players", "2", "--seconds", "0.05", "--repeats", "1"])
    assert "decisions/s" in capsys.readouterr().out
    main(["--seconds", "0.05", "--repeats", "1", "--json"])
    assert json.loads(capsys.readouterr().out)["game"] == "anludim"


@pytest.mark.parametrize("game", meeple.list_games())
def test_breakdown_times_every_part(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    main(["--game", game, "--seconds", "0.05", "--repeats", "1", "--breakdown", "--json"])
    parts = json.loads(capsys.readouterr().out)["breakdown"]
    assert set(parts) == {"decision_us", "observation_us", "encode_us", "mask_us"}
    assert all(value > 0 for value in parts.values())
