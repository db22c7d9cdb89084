"""Running matches between agents: one game, many games, tournaments, their statistics,
and the backends that run them (this process, worker processes, Ray).

The names below load their module on first use: worker processes import
meeple.sim.parallel, and so this package, when they start, and need neither the
tournaments nor the journals.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.sim.parallel import Backend, GameJob, make_backend
    from meeple.sim.runner import GameResult, Summary, agent_seed, play_game, run_many, summarize
    from meeple.sim.stats import fit_elo, wilson
    from meeple.sim.tournament import TournamentResult, run_tournament

_HOMES = {
    "Backend": "parallel",
    "GameJob": "parallel",
    "make_backend": "parallel",
    "GameResult": "runner",
    "Summary": "runner",
    "agent_seed": "runner",
    "play_game": "runner",
    "run_many": "runner",
    "summarize": "runner",
    "fit_elo": "stats",
    "wilson": "stats",
    "TournamentResult": "tournament",
    "run_tournament": "tournament",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "Backend",
    "GameJob",
    "GameResult",
    "Summary",
    "TournamentResult",
    "agent_seed",
    "fit_elo",
    "make_backend",
    "play_game",
    "run_many",
    "run_tournament",
    "summarize",
    "wilson",
]
