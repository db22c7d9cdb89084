"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel adapters for every game.

They need the optional `rl` extra (`pip install 'meeple[rl]'`): numpy, gymnasium,
pettingzoo and open-spiel. Importing `meeple.rl` needs none of them; each name below is
loaded on first use, and a missing package raises `MissingExtraError` (a `MeepleError`)
that says how to install it.

    import meeple.rl
    env = meeple.rl.pettingzoo_env("anludim", players=3)        # PettingZoo AEC
    env = meeple.rl.gymnasium_env("anludim", opponents="random") # Gymnasium, one seat
    game = meeple.rl.openspiel_game("anludim", players=3)        # pyspiel.Game

See docs/rl.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from meeple.rl.errors import (
    EnvStateError,
    MissingExtraError,
    NoEncoderError,
    UnknownBlockError,
    missing_extra,
)

if TYPE_CHECKING:
    from meeple.rl.bench import wrapper_overhead
    from meeple.rl.encoding import Encoder, encoded_games, encoder_for, register_encoder
    from meeple.rl.gymnasium import MeepleEnv, gymnasium_env, register_gymnasium_envs
    from meeple.rl.openspiel import openspiel_game, register_openspiel_games
    from meeple.rl.pettingzoo import MeepleAECEnv, pettingzoo_env
    from meeple.rl.policy_agent import PolicyAgent

_LAZY = {
    "Encoder": "meeple.rl.encoding",
    "encoded_games": "meeple.rl.encoding",
    "encoder_for": "meeple.rl.encoding",
    "register_encoder": "meeple.rl.encoding",
    "MeepleAECEnv": "meeple.rl.pettingzoo",
    "pettingzoo_env": "meeple.rl.pettingzoo",
    "MeepleEnv": "meeple.rl.gymnasium",
    "gymnasium_env": "meeple.rl.gymnasium",
    "register_gymnasium_envs": "meeple.rl.gymnasium",
    "openspiel_game": "meeple.rl.openspiel",
    "register_openspiel_games": "meeple.rl.openspiel",
    "wrapper_overhead": "meeple.rl.bench",
    "PolicyAgent": "meeple.rl.policy_agent",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'meeple.rl' has no attribute {name!r}")
    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:
        if isinstance(exc, MissingExtraError):
            raise
        raise missing_extra(exc) from exc
    value = getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_LAZY])


__all__ = [
    "Encoder",
    "EnvStateError",
    "MeepleAECEnv",
    "MeepleEnv",
    "MissingExtraError",
    "NoEncoderError",
    "PolicyAgent",
    "UnknownBlockError",
    "encoded_games",
    "encoder_for",
    "gymnasium_env",
    "openspiel_game",
    "pettingzoo_env",
    "register_encoder",
    "register_gymnasium_envs",
    "register_openspiel_games",
    "wrapper_overhead",
]
