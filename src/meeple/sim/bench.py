"""How fast a game runs: random play, clone(), legal_actions() and ISMCTS on one core,
and how much two worker processes speed up a batch of games.

ISMCTS is timed twice: with the game's own search settings (what `meeple play` and
tournaments run; a game may roll out with a heuristic, dearer per iteration, as far as
the round's end) and as plain search (UCB over the whole tree, uniformly random
rollouts of at most the default depth), the search machinery's own pace.

Each single-core measurement runs `repeats` times and reports the median, so one slow
run (a garbage collection, a busy neighbour) does not move the figure much.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from statistics import median
from typing import Any

from meeple import agents
from meeple.agents.evaluation import DEFAULT_ROLLOUT_DEPTH
from meeple.core.game import Game, State
from meeple.core.rng import Rng
from meeple.errors import MeepleError, OptionError
from meeple.sim.parallel import GameJob, ProcessBackend, SerialBackend

ISMCTS_ITERATIONS = 200
"""Iterations per ISMCTS decision in the benchmark (a fixed budget, not a time)."""

SPEEDUP_JOBS = 2


@dataclass(frozen=True)
class BenchRun:
    """One repeat: random-play throughput and per-call costs in microseconds."""

    decisions_per_second: float
    games_per_second: float
    clone_us: float
    legal_actions_us: float
    ismcts_iterations_per_second: float | None = None
    ismcts_random_rollout_iterations_per_second: float | None = None


@dataclass(frozen=True)
class SpeedUp:
    """One batch of random games run serially and then in worker processes."""

    games: int
    jobs: int
    serial_seconds: float
    parallel_seconds: float
    identical: bool
    cores: int | None = None
    load_before: float | None = None
    """The 1-minute load average as the batch began: other work competing for cores."""
    start_seconds: float | None = None
    """Of `parallel_seconds`, the workers' start: until one had begun playing."""

    @property
    def speedup(self) -> float:
        return self.serial_seconds / self.parallel_seconds

    @property
    def started_speedup(self) -> float | None:
        """The speed-up once the workers run: the parallel time less their start (what a
        run long enough for the start not to matter approaches)."""
        if self.start_seconds is None or self.start_seconds >= self.parallel_seconds:
            return None
        return self.serial_seconds / (self.parallel_seconds - self.start_seconds)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "speedup": self.speedup, "started_speedup": self.started_speedup}


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    runs: list[BenchRun]
    ismcts_note: str | None = None
    speedup: SpeedUp | None = None
    options: dict[str, Any] = field(default_factory=dict)  # those not at their defaults

    def _median(self, name: str) -> float:
        return float(median(getattr(run, name) for run in self.runs))

    def _median_or_none(self, name: str) -> float | None:
        rates = [getattr(run, name) for run in self.runs]
        clean = [r for r in rates if r is not None]
        return float(median(clean)) if clean else None

    @property
    def ismcts_iterations_per_second(self) -> float | None:
        return self._median_or_none("ismcts_iterations_per_second")

    @property
    def ismcts_random_rollout_iterations_per_second(self) -> float | None:
        return self._median_or_none("ismcts_random_rollout_iterations_per_second")

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
            "options": dict(self.options),
            "seconds": self.seconds,
            "repeats": len(self.runs),
            "decisions_per_second": self.decisions_per_second,
            "games_per_second": self.games_per_second,
            "clone_us": self.clone_us,
            "legal_actions_us": self.legal_actions_us,
            "ismcts_iterations": ISMCTS_ITERATIONS,
            "ismcts_iterations_per_second": self.ismcts_iterations_per_second,
            "ismcts_random_rollout_iterations_per_second": (
                self.ismcts_random_rollout_iterations_per_second
            ),
            "ismcts_note": self.ismcts_note,
            "jobs_speedup": None if self.speedup is None else self.speedup.to_json(),
            "runs": [asdict(run) for run in self.runs],
        }


def check_budget(seconds: Any, repeats: Any) -> None:
    """A run's budget: a finite number of seconds above 0, and at least one repeat."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise OptionError(f"--seconds must be a finite number above 0, not {seconds!r}")
    if not 0 < seconds < math.inf:
        raise OptionError(f"--seconds must be a finite number above 0, not {seconds}")
    if repeats.__class__ is not int:
        raise OptionError(f"--repeats must be a whole number, not {repeats!r}")
    if repeats < 1:
        raise OptionError(f"--repeats must be at least 1, not {repeats}")


def random_play(
    game: Game, seconds: float, seed: int, observe: bool = False
) -> tuple[float, float]:
    """Decisions and finished games per second of uniformly random play (`observe`:
    building the mover's observation before each decision, as an agent reading its view
    must; meeple.rl.bench compares with it)."""
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
            if observe:
                state.observation(state.current_player)
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


def decision_states(game: Game, seed: int, limit: int = 24) -> list[State]:
    """Up to `limit` states spread along one random game, each with a real choice."""
    rng = Rng(seed)
    state = game.new_initial_state(seed=seed)
    states: list[State] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        if len(legal) > 1:
            states.append(state.clone())
        state.apply_action(legal[rng.below(len(legal))])
    step = max(1, len(states) // limit)
    return states[::step][:limit]


def load_ismcts() -> str | None:
    """None when the ISMCTS agent can be built, else why not (for a note)."""
    try:
        agents.make("ismcts", seed=0, iterations=ISMCTS_ITERATIONS)
    except (ImportError, MeepleError) as exc:
        return f"ISMCTS skipped: the agent cannot be loaded ({exc})"
    return None


def plain_search(state: State) -> dict[str, Any]:
    """The settings that make `state`'s game's search plain ISMCTS: every root move under
    UCB, a tree without bound, uniformly random rollouts of the game's depth (the
    default depth where its own rollouts run to the round's end). A game's settle rule
    stays: it finishes a move half made, as any leaf of that game needs."""
    own = agents.describe("ismcts", state)
    plain: dict[str, Any] = {"rollout": "random"}
    for key, value in (("width", 0), ("tree_depth", 0), ("root", "ucb"), ("round_end", False)):
        if key in own:
            plain[key] = value
    if own.get("round_end"):
        plain["rollout_depth"] = min(own["rollout_depth"], DEFAULT_ROLLOUT_DEPTH)
    return plain


def ismcts_rate(game: Game, seconds: float, seed: int, **settings: Any) -> float:
    """ISMCTS iterations per second, deciding on states along a random game, with the
    game's search settings or the given ones (e.g. rollout="random").

    Each decision runs the whole budget of ISMCTS_ITERATIONS (no early stop, so the
    figure is the search's pace, not how often moves settle); decisions go on, over
    the states in turn, until `seconds` have passed (at least one decision).
    """
    states = decision_states(game, seed)
    clock = time.perf_counter
    iterations = 0
    spent = 0.0
    i = 0
    while i == 0 or spent < seconds:
        agent = agents.make(
            "ismcts", seed=seed + i, iterations=ISMCTS_ITERATIONS, stop_early=False, **settings
        )
        state = states[i % len(states)]
        start = clock()
        agent.act(state)
        spent += clock() - start
        iterations += getattr(agent, "last_iterations", ISMCTS_ITERATIONS)
        i += 1
    return iterations / spent


def speedup_batch(games_per_second: float, seconds: float) -> int:
    """Random games for the speed-up batch: about 5 x `seconds` of serial play, long
    enough that starting the workers does not dominate the figure."""
    return max(4 * SPEEDUP_JOBS, round(games_per_second * seconds * 5))


def jobs_speedup(game: Game, games: int, seed: int, jobs: int = SPEEDUP_JOBS) -> SpeedUp:
    """Wall time of `games` random games serially, then in `jobs` worker processes.

    The parallel time includes starting the workers, as a user of `--jobs` waits for
    that too; the two runs must give identical results.
    """
    players = game.info.players
    batch = [GameJob(i, seed + i, ("random",) * players) for i in range(games)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    start = time.perf_counter()
    serial = SerialBackend().run(game, batch)
    middle = time.perf_counter()
    backend = ProcessBackend(jobs)
    parallel = backend.run(game, batch)
    end = time.perf_counter()
    identical = serial == parallel
    return SpeedUp(
        games,
        jobs,
        middle - start,
        end - middle,
        identical,
        os.cpu_count(),
        load,
        backend.start_seconds,
    )


def bench(
    game: Game,
    seconds: float = 1.0,
    repeats: int = 5,
    seed: int = 0,
    on_run: Callable[[BenchRun], None] | None = None,
    ismcts: bool = True,
    speedup: bool = True,
) -> BenchResult:
    """`repeats` runs of random play (`seconds` each), call timings and the two ISMCTS
    rates (half that each); then one batch of random games, serially and with two
    processes, sized to take about 5 x `seconds` serially."""
    check_budget(seconds, repeats)
    note = load_ismcts() if ismcts else "ISMCTS skipped (--no-ismcts)"
    plain = {} if note else plain_search(game.new_initial_state(seed=seed))
    # Where the game's own search is plain already, the two rates are one.
    own_random = not note and all(
        agents.describe("ismcts", game.new_initial_state(seed=seed)).get(key) == value
        for key, value in plain.items()
    )
    runs = []
    for r in range(repeats):
        dps, gps = random_play(game, seconds, seed + r * 1000)
        clone_us, legal_us = call_costs(game, seconds / 2, seed + r * 1000)
        rate = uniform = None
        if not note:
            rate = ismcts_rate(game, seconds / 2, seed + r * 1000)
            uniform = (
                rate if own_random else ismcts_rate(game, seconds / 2, seed + r * 1000, **plain)
            )
        run = BenchRun(dps, gps, clone_us, legal_us, rate, uniform)
        runs.append(run)
        if on_run is not None:
            on_run(run)
    info = game.info
    changed = {k: v for k, v in info.values.items() if v != info.options[k].default}
    result = BenchResult(info.name, info.players, seconds, runs, note, options=changed)
    if not speedup:
        return result
    batch = speedup_batch(result.games_per_second, seconds)
    return replace(result, speedup=jobs_speedup(game, batch, seed))
