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
    from meeple.agents import agent_seed
    from meeple.sim.parallel import Backend, GameJob, make_backend
    from meeple.sim.runner import GameResult, Summary, play_game, run_many, summarize
    from meeple.sim.stats import fit_elo, wilson
    from meeple.sim.tournament import TournamentResult, run_tournament

_LAZY = {
    "Backend": "meeple.sim.parallel",
    "GameJob": "meeple.sim.parallel",
    "make_backend": "meeple.sim.parallel",
    "GameResult": "meeple.sim.runner",
    "Summary": "meeple.sim.runner",
    "agent_seed": "meeple.agents",
    "play_game": "meeple.sim.runner",
    "run_many": "meeple.sim.runner",
    "summarize": "meeple.sim.runner",
    "fit_elo": "meeple.sim.stats",
    "wilson": "meeple.sim.stats",
    "TournamentResult": "meeple.sim.tournament",
    "run_tournament": "meeple.sim.tournament",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'meeple.sim' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


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
