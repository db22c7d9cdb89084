"""The uniformly random agent: legal actions are public, so it needs nothing else."""

from __future__ import annotations

from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.errors import GameOverError


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise GameOverError("the game is over: there is no action to choose")
        return legal[self._rng.below(len(legal))]
