"""Running matches between agents: one game, many games, and their statistics."""

from meeple.sim.runner import GameResult, Summary, agent_seed, play_game, run_many, summarize

__all__ = ["GameResult", "Summary", "agent_seed", "play_game", "run_many", "summarize"]
