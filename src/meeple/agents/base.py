"""What an agent is: something that picks an action for the seat to move."""

from __future__ import annotations

from typing import Protocol

from meeple.core.game import State


class Agent(Protocol):
    """Search agents also keep `last_iterations`, the iterations their last decision
    ran (0 where it had nothing to choose); runs report it per seat (sim.runner)."""

    name: str

    def act(self, state: State) -> int:
        """The action for `state.current_player`; sees only what that seat may see."""
        ...
