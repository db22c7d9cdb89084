"""Which games exist: name -> factory, registered by the game packages and by plugins.

A plugin is an installed distribution that names its games in the entry point group
"meeple.games" (and its agents in "meeple.agents"), e.g. in its pyproject.toml:

    [project.entry-points."meeple.games"]
    mygame = "mygame.game:MyGame"

They are looked up when a name is not one of meeple's own, and when the games are
listed; a plugin cannot replace a game or an agent meeple has.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Set
from difflib import get_close_matches
from typing import Any

from meeple.core.game import Game, shown_repr
from meeple.errors import MeepleError, UnknownGameError

GameFactory = Callable[..., Game]

_FACTORIES: dict[str, str | GameFactory] = {}
_SCANNED: set[str] = set()
_SCANNING = threading.Lock()
"""Held while a group's entry points are added: a second thread that asks meanwhile
waits for them, rather than finding the group scanned and its names not there yet."""
_OWN_GAMES: set[str] = set()
"""meeple's own games (meeple.games registers them): no plugin or later registration
takes these names."""


def check_name(name: Any, what: str, own: Set[str], error: type[Exception]) -> str:
    """`name` as a new name of a game or agent: text that the command line and specs
    can carry, and none of meeple's own, in any case (names are read case-blind)."""
    if not isinstance(name, str) or not name or any(c in name for c in ":,= \t\n"):
        raise error(f"{what} names are words without ':', ',', '=' or spaces, not {name!r}")
    if name.casefold() in own:
        raise error(f"{name!r} names meeple's own {what} {name.casefold()!r}: choose another name")
    return name


def register_game(name: str, factory: str | GameFactory) -> None:
    """Register a game; `factory` may be "module:attr" to import lazily. A name of one
    of meeple's own games (in any case) is refused with UnknownGameError."""
    _FACTORIES[check_name(name, "game", _OWN_GAMES, UnknownGameError)] = factory


def register_own_game(name: str, factory: str | GameFactory) -> None:
    """Register one of meeple's own games (meeple.games does, on import)."""
    _FACTORIES[name] = factory
    _OWN_GAMES.add(name.casefold())


def plugin_entries(group: str) -> dict[str, str]:
    """The "module:attr" of every entry point the installed distributions declare in
    `group`, by name."""
    from importlib.metadata import entry_points

    return {entry.name: entry.value for entry in entry_points(group=group)}


def add_plugins(group: str, table: dict[str, Any]) -> None:
    """Add `group`'s entry points to `table` (once per process; names taken stay, in
    any case: a plugin's "Anludim" is not added beside meeple's "anludim")."""
    if group in _SCANNED:
        return
    with _SCANNING:
        if group in _SCANNED:
            return
        taken = {str(known).casefold() for known in table}
        for name, path in plugin_entries(group).items():
            if name.casefold() not in taken:
                table[name] = path
                taken.add(name.casefold())
        _SCANNED.add(group)


def list_games() -> list[str]:
    add_plugins("meeple.games", _FACTORIES)
    return sorted(_FACTORIES)


def import_path(path: str) -> Any:
    """The object a "module:attr" path names (plugins register such paths to load late)."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def load_path(path: str, what: str, error: type[Exception]) -> Any:
    """import_path, with a plugin that cannot be loaded reported as `error`."""
    try:
        return import_path(path)
    except (ImportError, AttributeError, ValueError) as exc:  # ValueError: ":x", no module
        raise error(f"{what} cannot be loaded from {path!r}: {exc}") from None


def _factory(name: str) -> GameFactory:
    if isinstance(name, str) and name not in _FACTORIES:
        add_plugins("meeple.games", _FACTORIES)
        if name not in _FACTORIES:  # "Arnak" or "ARNAK" for "arnak", as bot names are
            caseless = {known.casefold(): known for known in _FACTORIES}
            name = caseless.get(name.casefold(), name)
    try:
        entry = _FACTORIES[name]
    except (KeyError, TypeError):
        games = list_games()
        close = get_close_matches(name, games, n=1) if isinstance(name, str) else []
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UnknownGameError(
            f"unknown game {shown_repr(name)}{hint}; available games: {', '.join(games)}"
        ) from None
    if isinstance(entry, str):
        factory: GameFactory = load_path(entry, f"game {name!r}", UnknownGameError)
        _FACTORIES[name] = factory
        return factory
    return entry


def load_game(name: str, /, players: int | None = None, **options: Any) -> Game:
    """The game `name` configured for `players` seats with `options` (an option called
    "name" is the game's to refuse, as any unknown one)."""
    factory = _factory(name)
    if players is None:
        return factory(**options)
    return factory(players=players, **options)


def notes_of_choices(name: str) -> list[tuple[str, Any, tuple[str, ...]]]:
    """The notes that each option's other values add to the default game's, at the
    default player count (a board side played on placeholder data, say): (option,
    value, the notes added), for the values that add some."""
    info = load_game(name).info
    found = []
    for option, spec in info.options.items():
        if not spec.applies_to(info.players):
            continue
        for value in spec.choices:
            if value == spec.default:
                continue
            try:
                notes = load_game(name, **{option: value}).info.notes
            except MeepleError:  # a value refused at this player count
                continue
            added = tuple(note for note in notes if note not in info.notes)
            if added:
                found.append((option, value, added))
    return found
