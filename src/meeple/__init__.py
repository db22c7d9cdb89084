"""meeple: an engine and play platform for modern tabletop games."""

from meeple import games as _games  # noqa: F401  (registers the built-in games)
from meeple.core import (
    TERMINAL,
    Game,
    GameInfo,
    OptionSpec,
    State,
    list_games,
    load_game,
    replay,
)
from meeple.errors import IllegalActionError, MeepleError, OptionError, RecordError

__version__ = "0.1.0"

__all__ = [
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "MeepleError",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "State",
    "list_games",
    "load_game",
    "replay",
]
