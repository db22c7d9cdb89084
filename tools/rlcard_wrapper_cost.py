"""The issue's yardstick, measured: what PettingZoo's wrappers of RLCard cost over RLCard.

    pip install rlcard 'pettingzoo[classic]'     # not meeple dependencies
    python tools/rlcard_wrapper_cost.py --seconds 3

Issue 6 asks that meeple's PettingZoo wrapper cost at most 2x "the raw engine's
decisions per second (PettingZoo's own wrappers of RLCard cost 12x here)". This plays
uniformly random legal moves three ways for each RLCard game PettingZoo wraps and
prints decisions per second:

- the game alone (`env.game`: `get_legal_actions()` and `step()`, no observation), as
  `meeple bench` and meeple.rl.bench's raw loop time meeple's engine;
- RLCard's own environment (`env.step()`, which also encodes the next observation);
- PettingZoo's AEC wrapper, driven as meeple.rl.bench drives meeple's (`last()`, the
  mask's ids by `nonzero()[0].tolist()`, `step()`).

The cost against the game alone is the figure that reproduces the issue's 12x, so it
is the one meeple.rl.bench reports for meeple (docs/rl.md, "Speed").
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any


def game_alone(name: str, seconds: float) -> float:
    import rlcard

    game = rlcard.make(name).game
    game.init_game()
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            if game.is_over():
                game.init_game()
            game.step(random.choice(game.get_legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def rlcard_env(name: str, seconds: float) -> float:
    import rlcard

    env = rlcard.make(name)
    state, _ = env.reset()
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            if env.is_over():
                state, _ = env.reset()
            state, _ = env.step(random.choice(list(state["legal_actions"])))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def pettingzoo_aec(make: Callable[[], Any], seconds: float) -> float:
    env = make()
    env.reset(seed=0)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            env.step(random.choice(obs["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    from pettingzoo.classic import leduc_holdem_v4, texas_holdem_no_limit_v6, texas_holdem_v4

    random.seed(0)
    games = [
        ("leduc-holdem", leduc_holdem_v4.env),
        ("limit-holdem", texas_holdem_v4.env),
        ("no-limit-holdem", texas_holdem_no_limit_v6.env),
    ]
    for name, make in games:
        alone = game_alone(name, args.seconds)
        own = rlcard_env(name, args.seconds)
        wrapped = pettingzoo_aec(make, args.seconds)
        print(
            f"{name}: game alone {alone:,.0f}/s, RLCard env {own:,.0f}/s, "
            f"PettingZoo {wrapped:,.0f}/s; cost {alone / wrapped:.1f}x over the game alone, "
            f"{own / wrapped:.1f}x over RLCard's env"
        )


if __name__ == "__main__":
    main()
