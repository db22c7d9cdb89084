"""Which games exist: name -> factory, registered by the game packages."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from meeple.core.game import Game
from meeple.errors import UnknownGameError

GameFactory = Callable[..., Game]

_FACTORIES: dict[str, str | GameFactory] = {}


def register_game(name: str, factory: str | GameFactory) -> None:
    """Register a game; `factory` may be "module:attr" to import lazily."""
    _FACTORIES[name] = factory


def list_games() -> list[str]:
    return sorted(_FACTORIES)


def import_path(path: str) -> Any:
    """The object a "module:attr" path names (plugins register such paths to load late)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def _factory(name: str) -> GameFactory:
    try:
        entry = _FACTORIES[name]
    except (KeyError, TypeError):
        valid = ", ".join(list_games())
        raise UnknownGameError(f"unknown game {name!r}; available games: {valid}") from None
    if isinstance(entry, str):
        factory: GameFactory = import_path(entry)
        _FACTORIES[name] = factory
        return factory
    return entry


def load_game(name: str, players: int | None = None, **options: Any) -> Game:
    """The game `name` configured for `players` seats with `options`."""
    factory = _factory(name)
    if players is None:
        return factory(**options)
    return factory(players=players, **options)
