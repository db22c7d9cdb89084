"""Pictures of a run: win rates with their intervals, and the scores in each seat.

matplotlib is an optional extra (`pip install 'meeple[plot]'`); nothing here imports it
until a plot is drawn, and `require_matplotlib` says how to install it when it is missing.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.errors import OptionError

PLOT_MISSING = (
    "--plot needs matplotlib, which is not installed: pip install 'meeple[plot]' "
    "(from a checkout: pip install -e '.[plot]')"
)
FORMATS = (".png", ".svg", ".pdf")


@dataclass(frozen=True)
class RateBar:
    """One bar: a label, a win rate and its interval."""

    label: str
    rate: float
    low: float
    high: float


def require_matplotlib(path: Path) -> None:
    """Fail early, before any game is played, when the plot cannot be drawn."""
    if path.suffix.lower() not in FORMATS:
        raise OptionError(f"--plot writes {', '.join(FORMATS)} files, not {path.name!r}")
    try:
        importlib.import_module("matplotlib")
    except ImportError:
        raise OptionError(PLOT_MISSING) from None


def plot_run(
    path: Path,
    title: str,
    bars: Sequence[RateBar],
    seat_scores: Sequence[Sequence[float]],
    even: float | None = None,
    bot_labels: Sequence[str] | None = None,
) -> None:
    """Two panels: win rates with 95% intervals, and box plots of the scores per seat
    (per bot, with `bot_labels`: then `seat_scores` holds each bot's scores).

    `even` draws a dashed line at the rate every bot would have if all were equally good.
    """
    require_matplotlib(path)
    figure_module: Any = importlib.import_module("matplotlib.figure")
    figure = figure_module.Figure(figsize=(11, max(3.5, 0.5 * len(bars) + 2)), layout="tight")
    rates, seats = figure.subplots(1, 2, width_ratios=[3, 2])

    rows = list(range(len(bars)))[::-1]  # the first bar on top
    values = [b.rate for b in bars]
    errors = [[b.rate - b.low for b in bars], [b.high - b.rate for b in bars]]
    rates.barh(rows, values, xerr=errors, color="#4c72b0", ecolor="#222222", capsize=4)
    rates.set_yticks(rows, [b.label for b in bars])
    beside = rates.get_yaxis_transform()  # x in axes fractions, y in data
    for row, bar in zip(rows, bars, strict=True):
        rates.text(1.02, row, f"{bar.rate:.0%}", va="center", fontsize=9, transform=beside)
    if even is not None:
        rates.axvline(even, color="#888888", linestyle="--", linewidth=1)
    rates.set_xlim(0, 1)
    rates.set_xlabel("win rate (95% Wilson interval)")
    rates.set_title("win rates")

    labels = list(bot_labels or [f"seat {s}" for s in range(len(seat_scores))])
    seats.boxplot([list(s) for s in seat_scores], tick_labels=labels, showmeans=True)
    seats.set_ylabel("score")
    seats.set_title(f"score per {'bot' if bot_labels else 'seat'} (triangle: mean)")

    figure.suptitle(title)
    try:
        figure.savefig(path, dpi=110)
    except OSError as exc:
        raise OptionError(f"cannot write plot {str(path)!r}: {exc.strerror or exc}") from None
