"""Running matches between agents: one game, many games, tournaments, their statistics,
and the backends that run them (this process, worker processes, Ray)."""

from meeple.sim.parallel import Backend, GameJob, make_backend
from meeple.sim.runner import GameResult, Summary, agent_seed, play_game, run_many, summarize
from meeple.sim.stats import fit_elo, wilson
from meeple.sim.tournament import TournamentResult, run_tournament

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
