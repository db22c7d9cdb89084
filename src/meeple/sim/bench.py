"""How fast a game runs: random play, clone() and legal_actions() on one core.

Each measurement runs `repeats` times and reports the median, so one slow run (a
garbage collection, a busy neighbour) does not move the figure much.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from statistics import median
from typing import Any

from meeple.core.game import Game
from meeple.core.rng import Rng


@dataclass(frozen=True)
class BenchRun:
    """One repeat: random-play throughput and per-call costs in microseconds."""

    decisions_per_second: float
    games_per_second: float
    clone_us: float
    legal_actions_us: float


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    runs: list[BenchRun]

    def _median(self, name: str) -> float:
        return float(median(getattr(run, name) for run in self.runs))

    @property
    def decisions_per_second(self) -> float:
        return self._median("decisions_per_second")

    @property
    def games_per_second(self) -> float:
        return self._median("games_per_second")

    @property
    def clone_us(self) -> float:
        return self._median("clone_us")

    @property
    def legal_actions_us(self) -> float:
        return self._median("legal_actions_us")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seconds": self.seconds,
            "repeats": len(self.runs),
            "decisions_per_second": self.decisions_per_second,
            "games_per_second": self.games_per_second,
            "clone_us": self.clone_us,
            "legal_actions_us": self.legal_actions_us,
            "runs": [vars(run) for run in self.runs],
        }


def random_play(game: Game, seconds: float, seed: int) -> tuple[float, float]:
    """Decisions and finished games per second of uniformly random play."""
    rng = Rng(seed)
    decisions = games = 0
    next_seed = seed
    state = game.new_initial_state(seed=next_seed)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        # Check the clock every 8 decisions: cheap next to a decision, and a slow game
        # cannot overrun the budget by much.
        for _ in range(8):
            if state.is_terminal():
                games += 1
                next_seed += 1
                state = game.new_initial_state(seed=next_seed)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return decisions / elapsed, games / elapsed


def call_costs(game: Game, seconds: float, seed: int) -> tuple[float, float]:
    """Mean microseconds of clone() and of a fresh legal_actions() along random games.

    legal_actions() is timed on the first call after each apply_action, which is the
    call a game may not answer from a cache.
    """
    rng = Rng(seed)
    clock = time.perf_counter
    clone_time = legal_time = 0.0
    calls = 0
    next_seed = seed
    state = game.new_initial_state(seed=next_seed)
    deadline = clock() + seconds
    while calls == 0 or clock() < deadline:
        if state.is_terminal():
            next_seed += 1
            state = game.new_initial_state(seed=next_seed)
        t0 = clock()
        state.clone()
        t1 = clock()
        legal = state.legal_actions()
        t2 = clock()
        clone_time += t1 - t0
        legal_time += t2 - t1
        calls += 1
        state.apply_action(legal[rng.below(len(legal))])
    return clone_time / calls * 1e6, legal_time / calls * 1e6


def bench(
    game: Game,
    seconds: float = 1.0,
    repeats: int = 5,
    seed: int = 0,
    on_run: Callable[[BenchRun], None] | None = None,
) -> BenchResult:
    """`repeats` runs of random play (`seconds` each) and call timings (half that)."""
    runs = []
    for r in range(repeats):
        dps, gps = random_play(game, seconds, seed + r * 1000)
        clone_us, legal_us = call_costs(game, seconds / 2, seed + r * 1000)
        run = BenchRun(dps, gps, clone_us, legal_us)
        runs.append(run)
        if on_run is not None:
            on_run(run)
    return BenchResult(game.info.name, game.info.players, seconds, runs)
