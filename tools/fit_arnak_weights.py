"""Fit the weights of Arnak's evaluator by play: greedy against greedy, head to head.

    python tools/fit_arnak_weights.py fit --iterations 110 --out fit.jsonl
    python tools/fit_arnak_weights.py compare fit.json --deals 400 --seed 930000

`fit` runs SPSA (simultaneous perturbation stochastic approximation) on the log of every
weight at once: each iteration perturbs all of them up or down by `--perturb` at random,
plays the two perturbed greedy bots against each other on `--deals` fresh deals with the
seats swapped on each deal, and moves the weights toward the side that scored more, by
`--step` times the points margin. The iterations play `--boards` in turn (by default two
on the Bird side, then one on the Snake side); a board's own weight (`glass_row_owl`)
stays put unless that board is played. It writes
one JSON line per iteration and, at the end, `<out>.json` with the last weights and the
average of the second half of the run.

`compare` plays weights from a file (`last` or `average` of a fit, or a plain mapping)
against another file's or the module's own, and prints the points margin a game with
its standard error and the share of the wins. With `--players 3` or `4` each deal is
played in every even split of the seats between the two (six games a deal).
`arnak_weights_handset.json` beside this file holds the hand-set weights the fit started from.

Why by play and not by regression on final scores: a regression learns what positions
greedy reaches are worth, not which choice is better (see docs/bots.md, Greedy (Arnak)).
The weights of 1 December 2026 came from two runs of this procedure (docs/bots.md).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import meeple
import meeple.agents.arnak as H
from meeple.core.rng import Rng

Weights = dict[str, float]

BOARDS = ("bird", "snake", "spider", "owl")
# Weight name -> (module attribute, index in it or key of it, or None for a plain float).
SLOTS: dict[str, tuple[str, int | str | None]] = {
    **{f"resource_{i}": ("RESOURCE_VALUE", i) for i in range(5)},
    **{name.lower(): (name, None) for name in (
        "HAND_CARD", "TRAVEL_RESERVE", "KEPT_CARD", "ARCH_HOME", "NOTEBOOK_ROW",
        "GLASS_READY", "NOTEBOOK_READY", "READY_ASSISTANT", "CRATE", "IDOL_RESERVE",
        "BRIDGE_CROSSED", "BOON", "GUARDIAN_READY", "GUARDIAN_FEAR", "FEAR_DRAG",
        "BASIC_DRAG", "LAST_CLIMB", "DISCOVER_PRIOR", "ITEM_SCALE", "ARTIFACT_SCALE",
        "_ARTIFACT_PLAY",
    )},
    **{f"glass_row_{board}": ("GLASS_ROW", board) for board in BOARDS},
    "assistant_silver": ("ASSISTANT_USE", 0),
    "assistant_gold": ("ASSISTANT_USE", 1),
}  # fmt: skip


def current() -> Weights:
    """The weights the module plays with now."""
    found: Weights = {}
    for name, (attr, part) in SLOTS.items():
        value = getattr(H, attr)
        found[name] = float(value if part is None else value[part])
    return found


def install(weights: Weights) -> None:
    """Make the module play with `weights` (this process only)."""
    for name, (attr, part) in SLOTS.items():
        if part is None:
            setattr(H, attr, weights[name])
    H.RESOURCE_VALUE = tuple(weights[f"resource_{i}"] for i in range(5))
    H.GLASS_ROW = {board: weights[f"glass_row_{board}"] for board in BOARDS}
    H.ASSISTANT_USE = (weights["assistant_silver"], weights["assistant_gold"])
    H._USE = tuple(H._card_use(c) for c in range(len(H.CARDS)))


def _play(job: tuple[int, str, tuple[Weights, ...]]) -> list[float]:
    """The final scores of one greedy game, each seat with its weights."""
    seed, board, seats = job
    players = len(seats)
    state = meeple.load_game("arnak", players=players, board=board).new_initial_state(seed)
    rngs = [Rng(players * seed + p) for p in range(players)]
    while not state.is_terminal():
        p = state.current_player
        install(seats[p])
        state.apply_action(H.greedy(state, rngs[p]))
    return [float(score) for score in state.scores()]


def seatings(players: int) -> list[tuple[bool, ...]]:
    """Which seats play the first weights: every split as even as the table allows, so
    each side sits in every seat equally often (two players: one game each way)."""
    return [
        split
        for split in itertools.product((True, False), repeat=players)
        if sum(split) in (players // 2, (players + 1) // 2)
    ]


def _outcome(scores: list[float], split: tuple[bool, ...]) -> tuple[float, float]:
    """The first weights' mean score less the second's, and their share of the win (a tie
    on points shared)."""
    mine = [s for s, first in zip(scores, split, strict=True) if first]
    theirs = [s for s, first in zip(scores, split, strict=True) if not first]
    top = max(scores)
    winners = [first for s, first in zip(scores, split, strict=True) if s == top]
    return statistics.fmean(mine) - statistics.fmean(theirs), sum(winners) / len(winners)


def results(
    pool: Any, a: Weights, b: Weights, deals: int, seed: int, board: str, players: int = 2
) -> list[tuple[float, float]]:
    """`a`'s margin over `b` and share of the win in each game: every seating of
    `seatings` on each deal."""
    splits = seatings(players)
    jobs = [
        (seed + d, board, tuple(a if first else b for first in split))
        for d in range(deals)
        for split in splits
    ]
    scores = pool.map(_play, jobs, chunksize=4)
    return [_outcome(s, splits[i % len(splits)]) for i, s in enumerate(scores)]


def match(pool: Any, a: Weights, b: Weights, deals: int, seed: int, board: str) -> list[float]:
    """`a`'s margin over `b` in each two-player game, two a deal with the seats swapped."""
    return [margin for margin, _ in results(pool, a, b, deals, seed, board)]


def _scaled(weights: Weights, logs: Weights) -> Weights:
    return {name: value * math.exp(logs.get(name, 0.0)) for name, value in weights.items()}


def fit(args: argparse.Namespace) -> None:
    start = _read(args.start) if args.start else current()
    boards = args.boards.split(",")
    if not boards or set(boards) - set(BOARDS):
        raise SystemExit(f"--boards: a comma list of {', '.join(BOARDS)}")
    # a board's own weight moves only where that board is played: elsewhere it is noise
    logs = {
        name: 0.0
        for name in start
        if not name.startswith("glass_row_") or name.removeprefix("glass_row_") in boards
    }
    rng = Rng(args.seed)
    path = Path(args.out)
    history: list[Weights] = []
    with Pool(args.jobs) as pool, path.open("w") as out:
        for k in range(args.iterations):
            signs = {name: 1 if rng.below(2) else -1 for name in logs}
            up = _scaled(start, {n: logs[n] + args.perturb * signs[n] for n in logs})
            down = _scaled(start, {n: logs[n] - args.perturb * signs[n] for n in logs})
            board = boards[k % len(boards)]
            margin = statistics.fmean(
                match(pool, up, down, args.deals, args.seed + k * args.deals, board)
            )
            for n in logs:  # log-space keeps every weight positive; +-1.5 bounds a run
                logs[n] += args.step * margin / (2 * args.perturb) * signs[n]
                logs[n] = max(-1.5, min(1.5, logs[n]))
            history.append(_scaled(start, logs))
            out.write(json.dumps({"iteration": k, "board": board, "margin": margin,
                                  "weights": history[-1]}) + "\n")  # fmt: skip
            out.flush()
            print(f"{k:4d} {board:5s} margin {margin:+6.2f}", flush=True)
    tail = history[len(history) // 2 :]
    average = {n: statistics.fmean(w[n] for w in tail) for n in start}
    summary = {"last": history[-1], "average": average}
    path.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")


def _read(file: str, which: str = "last") -> Weights:
    """A fit's `which` weights, or a plain mapping; weights it does not name keep the
    module's values (so a file may name only the weights it tries)."""
    data = json.loads(Path(file).read_text())
    named: Weights = data.get(which, data)
    unknown = set(named) - set(SLOTS)
    if unknown:
        raise SystemExit(f"{file}: no such weights: {', '.join(sorted(unknown))}")
    return {**current(), **named}


def compare(args: argparse.Namespace) -> None:
    a = _read(args.weights, args.which)
    b = _read(args.against, args.which) if args.against else current()
    with Pool(args.jobs) as pool:
        games = results(pool, a, b, args.deals, args.seed, args.board, args.players)
    margins = [margin for margin, _ in games]
    mean = statistics.fmean(margins)
    error = statistics.stdev(margins) / math.sqrt(len(margins))
    won = statistics.fmean(share for _, share in games)
    print(f"{args.board}, {args.players} players, {len(margins)} games: {mean:+.2f} points a "
          f"game (SE {error:.2f}), {won:.1%} of the wins (even: 50%)")  # fmt: skip


def _arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fitting = commands.add_parser("fit", help="fit the weights by SPSA")
    fitting.add_argument("--iterations", type=int, default=110)
    fitting.add_argument("--deals", type=int, default=80)
    fitting.add_argument("--perturb", type=float, default=0.1)
    fitting.add_argument("--step", type=float, default=0.002)
    fitting.add_argument("--seed", type=int, default=50000)
    fitting.add_argument(
        "--boards", default="bird,bird,snake", help="the boards iterations play, in turn"
    )
    fitting.add_argument("--start", help="weights to start from (a fit's .json)")
    fitting.add_argument("--out", default="fit.jsonl")
    comparing = commands.add_parser("compare", help="play two sets of weights")
    comparing.add_argument("weights")
    comparing.add_argument("--against", help="the other weights (default: the module's)")
    comparing.add_argument("--which", default="last", choices=("last", "average"))
    comparing.add_argument("--deals", type=int, default=400)
    comparing.add_argument("--seed", type=int, default=930000)
    comparing.add_argument("--board", default="bird", choices=BOARDS)
    comparing.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    for command in (fitting, comparing):
        command.add_argument("--jobs", type=int, default=2)
    return parser


def main() -> None:
    args = _arguments().parse_args()
    if args.command == "fit":
        fit(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
