"""An audit of the simulation layer against what the README and docs/bots.md say.

The statistics are checked against the textbook formulas written out here again; the
counting of runs and round robins against results made up for the purpose (a backend
that plays nothing and returns the outcomes a test chose); journals and parallel runs
through the command line, with few and cheap games.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

import meeple
from meeple.cli.app import _standings_table, app
from meeple.core.game import Game
from meeple.errors import AgentError
from meeple.sim.journal import Journal, JournaledBackend
from meeple.sim.parallel import GameJob, OnResult, SerialBackend
from meeple.sim.runner import GameResult, make_agents, play_game, run_many, summarize
from meeple.sim.stats import ELO_MEAN, PairRecord, fit_elo, wilson
from meeple.sim.tournament import Standing, rate_journal, run_tournament

Z = 1.959964  # the two-sided 95% normal quantile, as printed in textbooks


def textbook_wilson(k: float, n: float) -> tuple[float, float]:
    """(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with p = k/n."""
    p = k / n
    centre = p + Z * Z / (2 * n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (centre - half) / (1 + Z * Z / n), (centre + half) / (1 + Z * Z / n)


class Scripted:
    """A backend that plays nothing: job i ends with the returns `outcomes(i, seats)`
    and scores 10·seat + i, so a test knows every result before the run."""

    name = "scripted"
    workers = 1

    def __init__(self, outcomes: Callable[[int, tuple[str, ...]], list[float]]) -> None:
        self.outcomes = outcomes
        self.jobs: list[GameJob] = []

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        results = []
        for job in jobs:
            self.jobs.append(job)
            result = GameResult(
                seed=job.seed,
                returns=self.outcomes(job.index, job.seats),
                scores=[10.0 * seat + job.index for seat in range(len(job.seats))],
                decisions=1,
                agents=job.seats,
            )
            results.append(result)
            if on_result is not None:
                on_result(result)
        return results


# --- Wilson intervals -----------------------------------------------------------------


def score_test_bound(k: float, n: float, upper: bool) -> float:
    """Where the score test stops rejecting: the p in [0, 1] with
    (k/n - p)² = z² p(1 - p)/n on the chosen side of k/n, found by bisection (the Wilson
    interval's definition, without its closed form)."""
    rate = k / n
    low, high = (rate, 1.0) if upper else (0.0, rate)
    if (1.0 if upper else 0.0) == rate:
        return rate
    for _ in range(200):
        mid = (low + high) / 2
        rejects = (rate - mid) ** 2 > Z * Z * mid * (1 - mid) / n
        if rejects == upper:
            high = mid
        else:
            low = mid
    return (low + high) / 2


@pytest.mark.parametrize(
    ("k", "n"),
    [(0, 1), (1, 1), (0.5, 1), (0, 20), (20, 20), (0.5, 20), (19.5, 20), (81, 263), (7.5, 12)],
)
def test_wilson_is_the_textbook_interval_at_the_edges(k: float, n: int) -> None:
    got = wilson(k, n)  # 0.5 and 7.5: draws counted as half a win
    assert got == pytest.approx(textbook_wilson(k, n), abs=1e-6)
    assert got == pytest.approx(
        (score_test_bound(k, n, upper=False), score_test_bound(k, n, upper=True)), abs=1e-6
    )
    # At 0 and n the bound is exactly 0 or 1, not a rounding of it.
    assert (got[0] == 0.0) == (k == 0) and (got[1] == 1.0) == (k == n)


@pytest.mark.parametrize(
    ("score", "games", "shown"),
    [
        (500, 500, "99.2–100%"),
        (80, 80, "95.4–100%"),
        (82.5, 105, "69.8–85.3%"),  # 82 wins and a draw
        (69, 80, "77.0–92.1%"),
        (110.5, 197, "49.1–62.8%"),
        (111, 199, "48.8–62.5%"),
    ],
)
def test_the_intervals_docs_bots_quotes_are_wilsons(score: float, games: int, shown: str) -> None:
    low, high = wilson(score, games)
    assert f"{100 * low:.1f}–{100 * high:.1f}%".replace("100.0%", "100%") == shown


def test_a_standing_counts_a_draw_as_half_a_win_in_its_rate_and_interval() -> None:
    row = Standing(index=0, spec="greedy", wins=6, draws=3, losses=3, elo=1500.0)
    assert row.games == 12 and row.score == 7.5
    assert row.rate == 7.5 / 12
    assert row.interval == pytest.approx(textbook_wilson(7.5, 12), abs=1e-6)


# --- Elo (Bradley-Terry with one virtual draw per pair) ------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 20))
def test_two_bots_rate_apart_by_the_log_odds_of_their_score_with_one_virtual_draw(
    a_wins: int, b_wins: int, draws: int
) -> None:
    if a_wins + b_wins + draws == 0:
        return
    fit = fit_elo(2, [PairRecord(0, 1, a_wins, b_wins, draws)])
    assert fit.converged
    a_score = a_wins + draws / 2 + 0.5  # the virtual draw: half a win to each
    b_score = b_wins + draws / 2 + 0.5
    a, b = fit.ratings
    assert a - b == pytest.approx(400 * math.log10(a_score / b_score), abs=1e-6)
    assert (a + b) / 2 == pytest.approx(ELO_MEAN)


def test_three_bots_fit_the_likelihood_equations_and_order_transitively() -> None:
    # A beats B 7-3 (and draws 2), B beats C 7-3, A beats C 9-1: A > B > C.
    pairs = [PairRecord(0, 1, 7, 3, 2), PairRecord(1, 2, 7, 3, 0), PairRecord(0, 2, 9, 1, 0)]
    fit = fit_elo(3, pairs)
    assert fit.converged and fit.iterations > 1
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2]
    assert sum(fit.ratings) / 3 == pytest.approx(ELO_MEAN)
    # At the maximum of the likelihood every bot's expected score, over its games and
    # the virtual draws, is what it scored: the fit, not just its order, is right.
    for bot in range(3):
        expected = actual = 0.0
        for p in pairs:
            if bot not in (p.a, p.b):
                continue
            other = p.b if bot == p.a else p.a
            games = p.games + 1
            mine = p.a_score if bot == p.a else p.games - p.a_score
            actual += mine + 0.5
            gap = fit.ratings[other] - fit.ratings[bot]
            expected += games / (1 + 10 ** (gap / 400))
        assert expected == pytest.approx(actual, abs=1e-6)


# --- Seats and seeds -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_run_seats_every_bot_in_every_seat_equally_and_seeds_game_i_with_seed_plus_i(
    players: int,
) -> None:
    game = meeple.load_game("anludim", players=players)
    bots = ["greedy", "random", "ismcts:iterations=20", "ismcts:iterations=30"][:players]
    backend = Scripted(lambda i, seats: [1.0] + [0.0] * (len(seats) - 1))
    results = run_many(game, bots, 3 * players, seed=40, backend=backend)
    assert [job.seed for job in backend.jobs] == [40 + i for i in range(3 * players)]
    for j, bot in enumerate(bots):
        seats = Counter(job.seats.index(bot) for job in backend.jobs)
        assert seats == {seat: 3 for seat in range(players)}
        # Game i seats bot j in seat (j + i) mod players.
        assert all(job.seats[(j + job.index) % players] == bot for job in backend.jobs)
    # Seat 0 always wins: each bot wins the games it sat there, a third of its games.
    summary = summarize(results, players, bots=bots, rotate=True)
    assert [b.wins for b in summary.bots] == [3] * players
    assert summary.wins == [3 * players] + [0] * (players - 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pair_plays_each_deal_twice_with_every_seat_swapped(players: int) -> None:
    game = meeple.load_game("anludim", players=players)
    bots = ["greedy", "random", "ismcts:iterations=20"]
    backend = Scripted(lambda i, seats: [1.0] + [0.0] * (len(seats) - 1))
    run_tournament(game, bots, 6, seed=70, backend=backend)
    assert len(backend.jobs) == 3 * 6
    for pair, (a, b) in enumerate(combinations(bots, 2)):
        jobs = backend.jobs[6 * pair : 6 * pair + 6]
        assert [job.seed for job in jobs] == [70, 70, 71, 71, 72, 72]
        for even, odd in zip(jobs[::2], jobs[1::2], strict=True):
            assert set(even.seats) == {a, b}
            # The first of the pair holds the even seats in the even games.
            assert even.seats == tuple(a if seat % 2 == 0 else b for seat in range(players))
            assert odd.seats == tuple(b if who == a else a for who in even.seats)
        # Over the pair's games each bot sits in each seat equally often.
        for bot in (a, b):
            assert Counter(s for job in jobs for s, who in enumerate(job.seats) if who == bot) == {
                seat: 3 for seat in range(players)
            }


# --- Counting ties -----------------------------------------------------------------------


def test_a_round_robin_counts_ties_as_documented_and_reports_them_so() -> None:
    game = meeple.load_game("aridnyk", players=3)
    # Seats alternate g r g / r g r (greedy, random), and a bot wins when one of its
    # seats does; when both bots have a winning seat the game is a draw.
    script = [
        [1.0, 1.0, 0.0],  # g r g: a winner on each side, a draw
        [1.0, 0.0, 1.0],  # r g r: random's two seats tie, random's win
        [0.0, 1.0, 0.0],  # g r g: random
        [1.0, 1.0, 1.0],  # r g r: every seat, a draw
        [0.0, 0.0, 1.0],  # g r g: one of greedy's two seats, greedy's win
        [0.0, 0.0, 1.0],  # r g r: one of random's two seats, random's win
    ]
    backend = Scripted(lambda i, seats: script[i])
    result = run_tournament(game, ["greedy", "random"], 6, seed=5, backend=backend)
    (pair,) = result.pairs
    assert (pair.a_wins, pair.b_wins, pair.draws) == (1, 3, 2)
    greedy, random = result.standings
    assert (greedy.wins, greedy.draws, greedy.losses) == (1, 2, 3)
    assert greedy.rate == 2 / 6 and random.rate == 4 / 6
    # Each seat counts every game it was among the winners.
    assert result.seat_win_rates() == [3 / 6, 3 / 6, 4 / 6]

    data = result.to_json()
    assert data["seat_win_rate"] == [3 / 6, 3 / 6, 4 / 6]
    rows = {row["spec"]: row for row in data["standings"]}
    assert (rows["random"]["wins"], rows["random"]["draws"], rows["random"]["losses"]) == (3, 2, 1)
    assert rows["random"]["win_rate_ci"] == pytest.approx(textbook_wilson(4, 6), abs=1e-6)
    elo = fit_elo(2, [PairRecord(0, 1, 1, 3, 2)]).ratings
    assert [rows["greedy"]["elo"], rows["random"]["elo"]] == pytest.approx(elo)
    assert rows["random"]["elo"] - rows["greedy"]["elo"] == pytest.approx(
        400 * math.log10(4.5 / 2.5)
    )
    assert data["elo"]["converged"] is True
    assert data["pairs"] == [
        {
            "a": "greedy",
            "b": "random",
            "games": 6,
            "a_wins": 1,
            "b_wins": 3,
            "draws": 2,
            "a_win_rate": 2 / 6,
            "a_win_rate_ci": pytest.approx(list(textbook_wilson(2, 6)), abs=1e-6),
        }
    ]
    table = list(csv.DictReader(io.StringIO(result.to_csv())))
    random_row = table[1]
    assert (random_row["bot"], random_row["opponent"], random_row["win_rate"]) == (
        "random",
        "*",
        "0.666667",
    )
    assert float(random_row["ci_low"]) == pytest.approx(textbook_wilson(4, 6)[0], abs=1e-6)
    assert float(random_row["elo"]) == pytest.approx(rows["random"]["elo"], abs=0.05)
    assert [(r["bot"], r["opponent"], r["wins"], r["draws"], r["losses"]) for r in table[2:]] == [
        ("greedy", "random", "1", "2", "3"),
        ("random", "greedy", "3", "2", "1"),
    ]


def test_a_run_counts_every_tied_winner_per_seat_and_per_bot() -> None:
    game = meeple.load_game("anludim", players=3)
    bots = ["greedy", "random", "ismcts:iterations=20"]
    script = [[1.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    backend = Scripted(lambda i, seats: script[i])
    results = run_many(game, bots, 4, seed=1, backend=backend)
    summary = summarize(results, 3, bots=bots, rotate=True)
    assert summary.wins == [2, 2, 2]
    # Who won, by the seats each game recorded, whatever the rotation rule says.
    won = Counter(r.agents[s] for r in results for s in r.winners)
    scored: dict[str, list[float]] = {bot: [] for bot in bots}
    for r in results:
        for seat, who in enumerate(r.agents):
            scored[who].append(r.scores[seat])
    for stats in summary.bots:
        assert stats.wins == won[stats.spec]
        assert stats.scores is not None
        assert stats.scores.mean == pytest.approx(sum(scored[stats.spec]) / 4)
        assert stats.rate.interval == pytest.approx(textbook_wilson(stats.wins, 4), abs=1e-6)
    assert sum(b.wins for b in summary.bots) == 6  # 4 games, 6 winners
    data = summary.to_json()
    assert data["win_rate"] == [0.5, 0.5, 0.5]
    assert data["scores"][2]["mean"] == pytest.approx(20 + 1.5)


# --- Journals ------------------------------------------------------------------------------


def run_json(args: list[str]) -> dict[str, Any]:
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    for fact in ("seconds", "backend", "jobs", "journal"):
        data.pop(fact, None)
    return data


ROUND_ROBIN = ["random", "greedy", "ismcts:iterations=20"]
TOURNAMENT = ["tournament", "anludim", "-p", "2", "--bots", ",".join(ROUND_ROBIN)]


def test_an_interrupted_round_robin_resumed_with_the_same_command_gives_the_same_standings(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rr.jsonl"
    argv = [*TOURNAMENT, "--games", "3", "--seed", "11"]
    game = meeple.load_game("anludim", players=2)
    backend = JournaledBackend(SerialBackend(), Journal.open(path, game))
    ended: list[GameResult] = []

    def stop_after_four(result: GameResult) -> None:
        ended.append(result)
        if len(ended) == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(game, ROUND_ROBIN, 3, seed=11, backend=backend, on_result=stop_after_four)
    assert len(path.read_text().splitlines()) == 1 + 4
    resumed = CliRunner().invoke(app, [*argv, "--journal", str(path), "--json"])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["journal"]["reused"] == 4
    assert len(path.read_text().splitlines()) == 1 + 9  # only the five missing were played
    whole = run_json(argv)
    assert run_json([*argv, "--journal", str(path)]) == whole
    assert {k: v for k, v in run_json(["journal", str(path)]).items() if k != "left_out"} == whole


def test_a_journal_of_other_options_is_refused_by_name_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sim.jsonl"
    argv = ["simulate", "anludim", "-p", "2", "-b", "greedy,random", "-n", "2", "--seed", "3"]
    run_json([*argv, "--journal", str(path)])
    before = path.read_bytes()
    other = CliRunner().invoke(app, [*argv, "--option", "variant=expert", "--journal", str(path)])
    assert other.exit_code == 2
    lines = [line for line in other.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert 'variant="base" (this run: "expert")' in lines[0]
    assert path.read_bytes() == before


def test_a_last_line_cut_short_is_left_out_by_reading_and_cut_by_the_next_run(
    tmp_path: Path,
) -> None:
    path = tmp_path / "sim.jsonl"
    argv = ["simulate", "anludim", "-p", "2", "-b", "greedy,random", "--seed", "3"]
    whole = run_json([*argv, "-n", "4"])
    run_json([*argv, "-n", "3", "--journal", str(path)])
    full = path.read_text().splitlines()
    torn = json.dumps(json.loads(full[-1]) | {"seed": 6})[:-25]  # game 3 died mid-line
    path.write_text("\n".join(full) + "\n" + torn)
    # Reading (`meeple journal`, while a run goes on) leaves the torn line out, and in.
    rated, _ = rate_journal(Journal.read(path))
    assert len(rated.results) == 3
    assert path.read_text().endswith(torn)
    # The same command, extended by one game, plays game 3 and keeps a clean file.
    assert run_json([*argv, "-n", "4", "--journal", str(path)]) == whole
    lines = path.read_text().splitlines()
    assert lines[:4] == full and len(lines) == 5
    assert [json.loads(line).get("seed") for line in lines[1:]] == [3, 4, 5, 6]


# --- Parallel runs ---------------------------------------------------------------------------


def test_two_workers_write_the_same_journal_csv_and_json_as_one(tmp_path: Path) -> None:
    argv = [*TOURNAMENT, "--games", "2", "--seed", "21"]
    outputs = {}
    for jobs in ("1", "2"):
        journal, table = tmp_path / f"j{jobs}.jsonl", tmp_path / f"t{jobs}.csv"
        data = run_json([*argv, "--jobs", jobs, "--journal", str(journal), "--csv", str(table)])
        # Workers finish in any order, so the journal's lines may come in another one.
        games = sorted(journal.read_text().splitlines())
        rated = run_json(["journal", str(journal)])
        by_bot = sorted(rated["standings"], key=lambda s: str(s["spec"]))
        for row in by_bot:
            row.pop("bot")  # its place in the journal's order of first appearance
            row["elo"] = round(row["elo"], 6)  # the fit's sums may run in another order
        outputs[jobs] = (data, table.read_text(), games, by_bot)
    assert outputs["2"] == outputs["1"]


def test_bots_of_a_journal_that_never_met_show_no_rate_against_each_other(
    tmp_path: Path,
) -> None:
    path = tmp_path / "two-runs.jsonl"
    journal = Journal.open(path, meeple.load_game("anludim", players=2))
    # Greedy met random and met search; random and search never played each other.
    for seed, seats, returns in [
        (1, ("greedy", "random"), [1.0, 0.0]),
        (2, ("random", "greedy"), [0.0, 1.0]),
        (1, ("greedy", "ismcts"), [0.0, 1.0]),
    ]:
        journal.record(GameResult(seed, returns, [0.0, 0.0], 1, agents=seats), [{}, {}])
    rated, _ = rate_journal(Journal.read(path))
    assert rated.bots == ["greedy", "random", "ismcts"]
    assert rated.pair_rate(0, 1) == (1.0, wilson(2, 2), 2)
    assert rated.pair_rate(1, 2) is None and rated.pair_rate(2, 1) is None
    shown = CliRunner().invoke(app, ["journal", str(path)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    random_row = next(line for line in shown.stdout.splitlines() if line.startswith("│ random"))
    cells = [cell.strip() for cell in random_row.strip("│").split("│")]
    # Columns by rating: ismcts, greedy, random. Random lost both games to greedy and
    # never played the search: no rate there, not a "0%" that reads as lost games.
    assert cells == ["random", "-", "0% (0%-66%)", "-"]


def test_the_standings_say_when_the_elo_fit_did_not_settle() -> None:
    """The ratings of a fit stopped at its step limit are rough, and the table says so."""
    game = meeple.load_game("anludim", players=2)
    backend = Scripted(lambda i, seats: [1.0, 0.0])
    result = run_tournament(game, ["greedy", "random"], 2, seed=5, backend=backend)

    def caption(r: Any) -> str:
        console = Console(width=100, record=True)
        console.print(_standings_table(r))
        return console.export_text()

    assert result.elo.converged and "did not settle" not in caption(result)
    stuck = replace(result, elo=replace(result.elo, converged=False))
    assert "the Elo fit did not settle" in caption(stuck)


def test_a_game_may_take_exactly_its_bound_of_decisions_and_no_more() -> None:
    game = meeple.load_game("anludim", players=2)
    played = play_game(game, make_agents(["random", "random"], 3), 3)
    n = played.decisions
    assert play_game(game, make_agents(["random", "random"], 3), 3, max_decisions=n) == played
    with pytest.raises(AgentError, match=f"did not end within {n - 1:,} decisions"):
        play_game(game, make_agents(["random", "random"], 3), 3, max_decisions=n - 1)


def test_a_length_some_games_do_not_report_is_not_summarised() -> None:
    """Turns and rounds are summarised only where every game reports them (a journal's
    older games may not): a mean of some of the games would pass for all of them."""
    results = [
        GameResult(seed=1, returns=[1.0, 0.0], scores=[3, 1], decisions=9, turns=4, rounds=2),
        GameResult(seed=2, returns=[0.0, 1.0], scores=[1, 2], decisions=7),
    ]
    summary = summarize(results, 2)
    assert summary.turns is None and summary.rounds is None
    assert summary.decisions is not None and summary.decisions.mean == 8
    both = summarize([results[0], replace(results[1], turns=6, rounds=3)], 2)
    assert both.turns is not None and both.turns.mean == 5
    assert both.rounds is not None and both.rounds.mean == 2.5
