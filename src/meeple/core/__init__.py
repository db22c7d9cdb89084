"""The game-independent core: protocol, registry, RNG, records."""

from meeple.core.game import TERMINAL, Game, GameInfo, OptionSpec, State
from meeple.core.record import load_record, replay, save_record
from meeple.core.registry import list_games, load_game, register_game
from meeple.core.rng import Rng
from meeple.core.undo import TakeBack, can_take_back, take_back

__all__ = [
    "TERMINAL",
    "Game",
    "GameInfo",
    "OptionSpec",
    "Rng",
    "State",
    "TakeBack",
    "can_take_back",
    "list_games",
    "load_game",
    "load_record",
    "register_game",
    "replay",
    "save_record",
    "take_back",
]
