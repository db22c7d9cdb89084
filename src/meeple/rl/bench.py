"""What the PettingZoo wrapper costs: random legal play through it against the raw engine.

    python -m meeple.rl.bench --game anludim --players 3 --seconds 2 --repeats 5

Four loops play uniformly random legal moves for `seconds` each and count decisions
per second: the raw engine (`legal_actions()` and `apply_action()`, as `meeple bench`),
the AEC environment as an RL loop uses it (`last()` with the observation: the encoded
view and the action mask, a legal action read from the mask, `step()`), the
environment without observations (`last(observe=False)` and `action_mask()`), and the
raw engine building the mover's `observation(p)` before each decision, as any agent
that reads its view needs. The loops take turns, `repeats` times, and each figure is
the median, so a busy moment of the machine weighs on all of them alike. The ratios
raw / wrapper are the wrapper's cost; observing raw / wrapper is the part of it that
is the wrapper's own work (encoding, mask, bookkeeping) rather than the game's view.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from statistics import median
from typing import Any

import meeple
from meeple.core.game import Game, State
from meeple.core.rng import Rng
from meeple.core.wording import counted
from meeple.errors import MeepleError
from meeple.rl._common import load
from meeple.rl.errors import missing_extra
from meeple.rl.pettingzoo import MeepleAECEnv
from meeple.sim.bench import check_budget, random_play

try:
    import numpy as np
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc


def raw_play(game: Game, seconds: float, seed: int, observe: bool = False) -> float:
    """Decisions per second of random play on the engine alone (`observe`: building the
    mover's observation before each decision): `meeple bench`'s own loop."""
    return random_play(game, seconds, seed, observe)[0]


def env_play(game: Game, seconds: float, seed: int, observe: bool = True) -> float:
    """Decisions per second of random legal play through the PettingZoo AEC env."""
    rng = Rng(seed)
    env = MeepleAECEnv(game)
    env.reset(seed=seed)
    decisions = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(8):
            if observe:
                obs, _, terminated, truncated, _ = env.last()
                mask = obs["action_mask"]
            else:
                _, _, terminated, truncated, _ = env.last(observe=False)
                mask = None if terminated or truncated else env.action_mask()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            # the cheapest way numpy offers from a mask to a list of ids
            legal = mask.nonzero()[0].tolist()
            env.step(legal[rng.below(len(legal))])
            decisions += 1
        now = clock()
        if now >= deadline:
            return decisions / (now - start)


def components(game: Game, seconds: float, seed: int) -> dict[str, float]:
    """Mean microseconds per decision of the parts of an observed step, along random
    games: the decision itself (legal_actions and apply_action), the game's
    observation(p), its encoding, and the action mask. Where the game and its encoder
    have the compact form, "observation" times `observation_ids(p)` and "encode" its
    encoding, as the environment does."""
    from meeple.rl.encoding import encoder_for

    encoder = encoder_for(game)
    compact = encoder.reads_ids and game.new_initial_state(seed=seed).observation_ids(0) is not None

    def view(state: State, seat: int) -> Any:
        return state.observation_ids(seat) if compact else state.observation(seat)

    encode: Callable[[Any], Any] = encoder.encode_ids if compact else encoder.encode
    size = game.info.num_distinct_actions
    rng = Rng(seed)
    clock = time.perf_counter
    totals = {"decision_us": 0.0, "observation_us": 0.0, "encode_us": 0.0, "mask_us": 0.0}
    count = 0
    next_seed = seed
    state = game.new_initial_state(seed=next_seed)
    deadline = clock() + seconds
    while count == 0 or clock() < deadline:
        if state.is_terminal():
            next_seed += 1
            state = game.new_initial_state(seed=next_seed)
        seat = state.current_player
        t0 = clock()
        observation = view(state, seat)
        t1 = clock()
        encode(observation)
        t2 = clock()
        legal = state.legal_actions()
        t3 = clock()
        mask = np.zeros(size, np.int8)
        mask[legal] = 1
        t4 = clock()
        state.apply_action(legal[rng.below(len(legal))])
        t5 = clock()
        totals["observation_us"] += t1 - t0
        totals["encode_us"] += t2 - t1
        totals["mask_us"] += t4 - t3
        totals["decision_us"] += (t3 - t2) + (t5 - t4)
        count += 1
    return {key: value / count * 1e6 for key, value in totals.items()}


@dataclass(frozen=True)
class OverheadResult:
    game: str
    players: int
    seconds: float
    raw: list[float]
    observed: list[float]
    mask_only: list[float]
    raw_observing: list[float]

    @property
    def raw_dps(self) -> float:
        return float(median(self.raw))

    @property
    def observed_dps(self) -> float:
        return float(median(self.observed))

    @property
    def mask_only_dps(self) -> float:
        return float(median(self.mask_only))

    @property
    def raw_observing_dps(self) -> float:
        return float(median(self.raw_observing))

    @property
    def cost(self) -> float:
        """Raw decisions/s over wrapper decisions/s with observations (2.0 = half as fast)."""
        return self.raw_dps / self.observed_dps

    @property
    def cost_mask_only(self) -> float:
        return self.raw_dps / self.mask_only_dps

    @property
    def cost_over_observing(self) -> float:
        """The engine building observations over the wrapper with them: the wrapper's
        own share of the cost."""
        return self.raw_observing_dps / self.observed_dps

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seconds": self.seconds,
            "raw_decisions_per_second": self.raw_dps,
            "env_decisions_per_second": self.observed_dps,
            "env_mask_only_decisions_per_second": self.mask_only_dps,
            "cost": self.cost,
            "cost_mask_only": self.cost_mask_only,
            "raw_observing_decisions_per_second": self.raw_observing_dps,
            "cost_over_observing": self.cost_over_observing,
            "runs": {
                "raw": self.raw,
                "env": self.observed,
                "env_mask_only": self.mask_only,
                "raw_observing": self.raw_observing,
            },
        }


def wrapper_overhead(
    game: str | Game = "anludim",
    players: int | None = None,
    seconds: float = 1.0,
    repeats: int = 3,
    seed: int = 0,
    on_run: Callable[[str, float], None] | None = None,
    **options: Any,
) -> OverheadResult:
    """Measure the four loops of the module doc, `repeats` times each, interleaved."""
    game = load(game, players, options)
    check_budget(seconds, repeats)
    runs: dict[str, list[float]] = {"raw": [], "observed": [], "mask_only": [], "observing": []}
    loops: dict[str, Callable[[int], float]] = {
        "raw": lambda s: raw_play(game, seconds, s),
        "observed": lambda s: env_play(game, seconds, s, observe=True),
        "mask_only": lambda s: env_play(game, seconds, s, observe=False),
        "observing": lambda s: raw_play(game, seconds, s, observe=True),
    }
    for r in range(repeats):
        for name, loop in loops.items():
            value = loop(seed + r * 1000)
            runs[name].append(value)
            if on_run is not None:
                on_run(name, value)
    return OverheadResult(
        game.info.name,
        game.info.players,
        seconds,
        runs["raw"],
        runs["observed"],
        runs["mask_only"],
        runs["observing"],
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--game", default="anludim")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="also time the parts of an observed decision (decision, observation, encoding)",
    )
    args = parser.parse_args(argv)
    try:
        result = wrapper_overhead(
            args.game, args.players, seconds=args.seconds, repeats=args.repeats, seed=args.seed
        )
        parts: dict[str, float] = {}
        if args.breakdown:
            game = meeple.load_game(args.game, players=args.players)
            parts = components(game, args.seconds, args.seed)
    except MeepleError as exc:  # one line, as the meeple command says it
        parser.exit(2, f"error: {exc}\n")
    if args.json:
        print(json.dumps({**result.to_json(), "breakdown": parts}, indent=2))
        return
    runs = "one run" if args.repeats == 1 else f"medians of {args.repeats} runs"
    print(f"{result.game}, {counted(result.players, 'player')}: {runs}")
    print(f"  raw engine               {result.raw_dps:10,.0f} decisions/s")
    print(
        f"  AEC env, observations    {result.observed_dps:10,.0f} decisions/s"
        f"   cost {result.cost:.2f}x"
    )
    print(
        f"  AEC env, mask only       {result.mask_only_dps:10,.0f} decisions/s"
        f"   cost {result.cost_mask_only:.2f}x"
    )
    print(
        f"  raw engine, observing    {result.raw_observing_dps:10,.0f} decisions/s"
        f"   env over it {result.cost_over_observing:.2f}x"
    )
    if parts:
        print(
            "  per decision, mean µs: " + ", ".join(f"{k[:-3]} {v:.1f}" for k, v in parts.items())
        )


if __name__ == "__main__":
    main()
