"""The heuristic agent: one hand-written policy per game, written from its rules.

Policies see the game only as their seat does: its observation and its legal actions,
and where they look ahead, a guess at what is hidden (`resample`), never the truth.
Each game's policy lives in meeple.agents.<game> and registers itself here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.agents.evaluation import load_heuristics, weights_for
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.errors import AgentError, GameOverError

Policy = Callable[[State, Rng], int]

_POLICIES: dict[str, Policy] = {}


def register_policy(game: str, policy: Policy) -> None:
    _POLICIES[game] = policy


def has_policy(game: str) -> bool:
    if game not in _POLICIES:
        load_heuristics(game)
    return game in _POLICIES


def policy_for(game: str) -> Policy:
    if not has_policy(game):
        raise AgentError(f"no greedy policy for {game!r} yet; use random or ismcts")
    return _POLICIES[game]


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def check_game(self, state: State) -> None:
        """A game without a policy is refused when the bot is named, not at its move."""
        policy_for(state.game.info.name)

    def act(self, state: State) -> int:
        if state.is_terminal():
            raise GameOverError("the game is over: there is no action to choose")
        return policy_for(state.game.info.name)(state, self._rng)

    def settings(self, state: State) -> dict[str, Any]:
        """The revision of the weights the game's policy plays with, where it names one
        (see agents.describe)."""
        revision = weights_for(state)
        return {} if revision is None else {"weights": revision}
