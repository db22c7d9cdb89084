"""Round robins: the schedule, outcomes, standings, Elo, JSON and CSV, serial vs processes."""

from __future__ import annotations

import csv
import io
import json

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app
from meeple.errors import AgentError, OptionError
from meeple.sim.parallel import GameJob, ProcessBackend
from meeple.sim.runner import run_many, summarize
from meeple.sim.tournament import (
    Match,
    outcome,
    pair_seats,
    run_tournament,
    schedule,
    tournament_bots,
)


def test_tournament_bots() -> None:
    assert tournament_bots("greedy, random") == ["greedy", "random"]
    with pytest.raises(AgentError, match="listed twice"):
        tournament_bots("random,greedy,random")
    with pytest.raises(AgentError, match="at least two bots"):
        tournament_bots("random")
    with pytest.raises(AgentError, match="unknown agent 'nobody'"):
        tournament_bots("random,nobody")
    with pytest.raises(AgentError, match="empty"):
        tournament_bots("random,,greedy")


def test_schedule_alternates_seats_on_shared_deals() -> None:
    bots = ["a", "b", "c"]
    matches = schedule(bots, 3, 2, seed=100)
    assert len(matches) == 3 * 3
    assert [m.job.index for m in matches] == list(range(9))
    assert [(m.a, m.b) for m in matches[::3]] == [(0, 1), (0, 2), (1, 2)]
    first = matches[:3]
    assert [m.job.seats for m in first] == [("a", "b"), ("b", "a"), ("a", "b")]
    # Games 2k and 2k+1 of a pair share a deal; every pair plays the same deals.
    assert [m.job.seed for m in first] == [100, 100, 101]
    assert [m.job.seed for m in matches[3:6]] == [100, 100, 101]
    assert pair_seats("a", "b", 0, 3) == ("a", "b", "a")
    assert pair_seats("a", "b", 1, 4) == ("b", "a", "b", "a")


def test_outcome_with_more_seats() -> None:
    seats = Match(0, 0, 1, GameJob(0, 1, ("a", "b", "a"))).job.seats
    assert outcome([0.0, 0.0, 1.0], seats, "a", "b") == 1
    assert outcome([0.0, 1.0, 0.0], seats, "a", "b") == -1
    assert outcome([1.0, 1.0, 0.0], seats, "a", "b") == 0  # both have a winner
    assert outcome([0.0, 0.0, 0.0], seats, "a", "b") == 0


def test_tournament_standings_elo_and_outputs() -> None:
    game = meeple.load_game("anludim", players=2)
    bots = ["random", "greedy"]
    result = run_tournament(game, bots, 6, seed=7)
    assert len(result.results) == 6
    (pair,) = result.pairs
    assert pair.games == 6
    standings = result.standings
    assert [s.spec for s in standings] == bots
    assert standings[0].wins == pair.a_wins and standings[1].wins == pair.b_wins
    assert standings[0].losses == pair.b_wins and standings[0].draws == pair.draws
    assert sum(s.elo for s in standings) / 2 == pytest.approx(1500)
    assert result.ranked()[0].spec == ("greedy" if pair.b_wins > pair.a_wins else "random")
    # Seats alternate, so each bot sat in each seat three times.
    for bot in bots:
        assert sum(r.agents[0] == bot for r in result.results) == 3

    data = json.loads(json.dumps(result.to_json()))
    assert data["bots"] == bots
    assert data["games"] == 6 and data["games_per_pair"] == 6
    assert data["elo"]["anchor"] == "mean 1500"
    row = data["standings"][1]
    assert row["spec"] == "greedy"
    assert row["win_rate_ci"][0] <= row["win_rate"] <= row["win_rate_ci"][1]
    assert data["pairs"][0]["a"] == "random" and data["pairs"][0]["b"] == "greedy"

    rows = list(csv.DictReader(io.StringIO(result.to_csv())))
    assert [(r["bot"], r["opponent"]) for r in rows] == [
        ("random", "*"),
        ("greedy", "*"),
        ("random", "greedy"),
        ("greedy", "random"),
    ]
    assert float(rows[1]["elo"]) == pytest.approx(standings[1].elo, abs=0.05)
    assert int(rows[3]["wins"]) == pair.b_wins and int(rows[2]["losses"]) == pair.b_wins
    assert float(rows[0]["ci_low"]) <= float(rows[0]["win_rate"]) <= float(rows[0]["ci_high"])


def test_tournament_in_processes_gives_the_serial_results() -> None:
    game = meeple.load_game("anludim", players=3)
    bots = ["random", "greedy", "ismcts:iterations=4"]
    serial = run_tournament(game, bots, 2, seed=3)
    parallel = run_tournament(game, bots, 2, seed=3, backend=ProcessBackend(2))
    assert parallel == serial
    assert len(serial.pairs) == 3
    assert serial.players == 3


def test_tournament_rejects_no_games() -> None:
    game = meeple.load_game("anludim", players=2)
    with pytest.raises(OptionError, match="--games must be a whole number of at least 1"):
        run_tournament(game, ["random", "greedy"], 0, seed=1)


def test_runs_whose_seeds_pass_the_largest_are_refused_before_a_game_is_played() -> None:
    game = meeple.load_game("anludim", players=2)
    played: list[object] = []
    with pytest.raises(OptionError, match="past the largest"):
        run_many(game, ["random", "random"], 2, 2**64 - 1, on_game=played.append)
    with pytest.raises(OptionError, match="past the largest"):
        run_tournament(game, ["random", "greedy"], 3, 2**64 - 1, on_result=played.append)
    assert played == []
    assert len(run_many(game, ["random", "random"], 1, 2**64 - 1)) == 1  # the last seed
    with pytest.raises(OptionError, match="at most 1,000,000"):
        run_many(game, ["random", "random"], 10**7, 1)


def test_runs_report_the_search_iterations_a_bot_ran() -> None:
    game = meeple.load_game("anludim", players=2)
    search = "ismcts:iterations=16:stop_early=false"
    result = run_tournament(game, [search, "random"], 2, seed=4)
    assert [s.iterations for s in result.standings] == [16.0, None]
    assert [row["iterations"] for row in result.to_json()["standings"]] == [16.0, None]
    summary = summarize(
        run_many(game, [search, "random"], 2, seed=4), 2, bots=[search, "random"], rotate=True
    )
    searched = summary.bots[0].iterations
    assert searched is not None and (searched.mean, searched.min, searched.max) == (16, 16, 16)
    assert summary.bots[1].iterations is None
    assert summary.to_json()["per_bot"][0]["iterations"] == {"mean": 16, "min": 16, "max": 16}
    shown = CliRunner().invoke(
        app, ["tournament", "anludim", "--bots", f"{search},random", "--games", "2"]
    )
    assert shown.exit_code == 0 and "it/move" in shown.output
