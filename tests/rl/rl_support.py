"""Shared configurations of the research-interface tests: every registered game, every
player count, built from the registry alone so a new game is covered without a line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import meeple
from meeple.errors import OptionError


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = field(default_factory=tuple)

    @property
    def id(self) -> str:
        return "-".join([self.game, f"p{self.players}", *(f"{k}={v}" for k, v in self.options)])

    def load(self) -> meeple.Game:
        return meeple.load_game(self.game, players=self.players, **dict(self.options))


def every_player_count() -> list[Setup]:
    setups = []
    for name in meeple.list_games():
        info = meeple.load_game(name).info
        setups.extend(Setup(name, n) for n in range(info.min_players, info.max_players + 1))
    return setups


def option_variants() -> list[Setup]:
    """Each non-default value of each option, alone, at the default player count, or at
    the first player count the game accepts it with (Arnak's solo-only options)."""
    setups = []
    for name in meeple.list_games():
        info = meeple.load_game(name).info
        counts = [info.players, *range(info.min_players, info.max_players + 1)]
        for option, spec in info.options.items():
            for value in spec.choices:
                if value == spec.default and type(value) is type(spec.default):
                    continue
                for n in counts:
                    setup = Setup(name, n, ((option, value),))
                    try:
                        setup.load()
                    except OptionError:
                        continue
                    setups.append(setup)
                    break
    return setups


def min_and_max() -> list[Setup]:
    setups = []
    for name in meeple.list_games():
        info = meeple.load_game(name).info
        setups.extend(Setup(name, n) for n in sorted({info.min_players, info.max_players}))
    return setups


PLAYER_COUNTS = every_player_count()
VARIANTS = option_variants()
MIN_MAX = min_and_max()
SPIDER = [Setup("arnak", 2, (("board", "spider"),))]
"""Arnak's Spider Temple side, which adds encoder blocks: one configuration for the
slower whole-environment checks that run on player counts only."""
OWL = [Setup("arnak", 2, (("board", "owl"),))]
"""Arnak's Owl Temple side (its own encoder blocks), likewise."""
