"""A trained policy as a meeple agent: it plays at the terminal, on the server and in
simulations and tournaments like the built-in bots.

    from meeple.rl.policy_agent import PolicyAgent
    agent = PolicyAgent(lambda observation, mask: my_network.best(observation, mask))
    meeple.agents.register_agent("mine", lambda seed=0, **_: PolicyAgent(my_policy))

The policy sees what the environments give it: the seat's encoded view (the game's
encoder, built from that seat's observation alone) and the mask of legal action ids, so
it decides on what the seat may know and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.core.game import State
from meeple.errors import AgentError, GameOverError, IllegalActionError
from meeple.rl._common import as_integer, legal_mask
from meeple.rl.encoding import encoder_for
from meeple.rl.errors import missing_extra

try:
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

Policy = Callable[[NDArray[Any], NDArray[Any]], Any]
"""(encoded observation, action mask) -> an action id (an int or a numpy integer)."""


class PolicyAgent:
    """Plays `policy` for whichever seat decides."""

    def __init__(self, policy: Policy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name

    def act(self, state: State) -> int:
        seat = state.current_player
        if seat < 0:
            raise GameOverError("the game is over: there is no action to choose")
        size = state.game.info.num_distinct_actions
        observation = encoder_for(state.game).encode_state(state, seat)
        mask = legal_mask(state, seat, size)
        chosen = self.policy(observation, mask)
        try:  # integers only (numpy's too): 130.7 is no id, nor "130"
            action = as_integer(chosen)
        except IllegalActionError:
            raise AgentError(
                f"the policy {self.name!r} answered {chosen!r}, not an action id"
            ) from None
        if not 0 <= action < size or not mask[action]:
            raise AgentError(f"the policy {self.name!r} chose {action}, which is not legal now")
        return action


__all__ = ["Policy", "PolicyAgent"]
