"""Helpers shared by the adapters: loading a game, actions from numpy, text views."""

from __future__ import annotations

import io
from typing import Any

import meeple
from meeple.core.game import Game, State, plain_int
from meeple.errors import IllegalActionError, OptionError
from meeple.rl.errors import missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

_INT8 = np.dtype(np.int8)  # a dtype object: frombuffer resolves np.int8 on every call

RENDER_MODES = ("ansi", "human")

MAX_GAME_LENGTH = 100_000
"""The adapters' bound on decisions in one game: OpenSpiel's max_game_length, and the
step after which the PettingZoo and the registered Gymnasium environments truncate an
episode. Games played by meeple's agents end far sooner, but a policy can repeat itself
for ever where the rules allow it (in Anludim, taking back and laying down the same
combinations turn after turn), and a training loop must not hang on it."""


def load(game: str | Game, players: int | None, options: dict[str, Any]) -> Game:
    """A configured game from a name (with players and options) or a ready Game."""
    if isinstance(game, Game):
        if players is not None or options:
            raise OptionError(
                "pass players and options with a game name, not with a loaded game "
                f"({game.info.name} is already configured)"
            )
        return game
    return meeple.load_game(game, players=players, **options)


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(
            f"render_mode cannot be {render_mode!r}; allowed values: None, 'ansi', 'human'"
        )
    return render_mode


REWARDS = ("returns", "score")
"""What an episode's end pays each seat: "returns", `state.returns()` (1.0 for a win:
a game's result), or "score", `state.scores()` (its points: a solo game whose aim is a
score, Aridnyk's, has a result of 1.0 whatever the score)."""


def check_reward(value: Any) -> str:
    if value not in REWARDS:
        raise OptionError(f"reward cannot be {value!r}; allowed values: 'returns', 'score'")
    return str(value)


def final_rewards(state: State, reward: str) -> list[float]:
    """What the end of `state`'s game pays each seat (see REWARDS)."""
    paid = state.returns() if reward == "returns" else state.scores()
    return [float(x) for x in paid]


def check_max_steps(value: Any) -> int | None:
    """A step limit: a positive int, or None for none."""
    if value is None:
        return None
    value = plain_int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OptionError(f"max_steps must be a positive integer or None, not {value!r}")
    return int(value)


def as_integer(action: Any) -> int:
    """An action as a plain int (numpy integers and 0-d arrays are accepted; bools,
    floats and text are not): IllegalActionError otherwise."""
    if action.__class__ is int:
        result: int = action
        return result
    if isinstance(action, bool) or not hasattr(action, "__index__"):
        raise IllegalActionError(f"an action is an integer id, not {action!r}")
    try:
        return int(action.__index__())
    except TypeError:  # numpy arrays of floats or of more than one element
        raise IllegalActionError(f"an action is an integer id, not {action!r}") from None


def as_action(action: Any, num_actions: int) -> int:
    """An action id as a plain int, in range (see as_integer)."""
    result = as_integer(action)
    if not 0 <= result < num_actions:
        raise IllegalActionError(f"action {result} is out of range: ids run 0..{num_actions - 1}")
    return result


def legal_mask(state: State, seat: int, num_actions: int) -> NDArray[np.int8]:
    """1 for each action `seat` may take now, 0 elsewhere (all 0 when it is not to move).

    A few legal actions among hundreds: byte writes into a fresh buffer beat numpy's
    fancy indexing, which turns the list into an index array first."""
    buffer = bytearray(num_actions)
    if state.current_player == seat:
        for action in state.legal_actions():
            buffer[action] = 1
    return np.frombuffer(buffer, _INT8)


def view_text(state: State, seat: int, width: int = 100) -> str:
    """Seat `seat`'s view of `state` as plain text (the game's own view, no colours)."""
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer, width=width, color_system=None, force_terminal=False, highlight=False
    )
    console.print(state.game.render(state.observation(seat)))
    if state.is_terminal():
        returns = ", ".join(f"seat {i}: {r:g}" for i, r in enumerate(state.returns()))
        console.print(f"game over; returns {returns}")
    return buffer.getvalue()
