"""Aridnyk configured: options, player count, info."""

from __future__ import annotations

from typing import Any

from meeple.core.game import (
    Game,
    GameInfo,
    OptionSpec,
    check_players,
    check_seed,
    resolve_options,
)
from meeple.errors import OptionError
from meeple.games.aridnyk.actions import NUM_ACTIONS
from meeple.games.aridnyk.components import PLACEHOLDER_DATA
from meeple.games.aridnyk.rules import AridnykState

RULES = "2026-12-04"
"""The rules revision (see GameInfo.rules); docs/games/aridnyk.md lists what each changed."""

OPTIONS = {
    "starter_plots": OptionSpec(
        True, (True, False), "deal each player two of the Starter Plots (cards 1-8)"
    ),
    "starter_tiles": OptionSpec(
        False, (False, True), "Starter Tiles variant: players lay the Starter tiles in turn"
    ),
    "characters": OptionSpec(
        False, (False, True), "Unsimple Characters variant: deal 2, keep 1, each with a power"
    ),
    "preset": OptionSpec(
        "standard",
        ("standard", "family"),
        "family (meeple's own): Starter Plots, no characters, no reaction Trinkets",
    ),
}


class AridnykGame(Game):
    def __init__(self, /, players: int = 2, **options: Any) -> None:
        players = check_players("aridnyk", players, 1, 4)
        values = resolve_options("aridnyk", OPTIONS, options)
        family = values["preset"] == "family"
        if family and values["characters"]:
            raise OptionError(
                "option 'characters' cannot be true with preset \"family\"; "
                "allowed value there: false"
            )
        if family and not values["starter_plots"]:
            raise OptionError(
                "option 'starter_plots' cannot be false with preset \"family\"; "
                "allowed value there: true"
            )
        self.starter_plots: bool = values["starter_plots"]
        self.starter_tiles: bool = values["starter_tiles"]
        self.characters: bool = values["characters"]
        self.family = family
        # the rulebook's variants and meeple's preset in play, as a view names them
        self.variants: tuple[str, ...] = tuple(
            name
            for name, on in (
                ("family preset", family),
                ("Unsimple Characters", self.characters),
                ("Starter Tiles", self.starter_tiles),
                ("no Starter Plots", not self.starter_plots),
            )
            if on
        )
        # reaction Trinkets answer another player; a solo deck leaves them out, as the
        # family preset does (docs/games/aridnyk.md)
        self.reactions = not family and players > 1
        notes = (
            "The 45 tiles, 54 Plots and 42 Trinkets are a designed placeholder set "
            "(docs/games/aridnyk.md), not the published cards; the rules are complete.",
        )
        self.info = GameInfo(
            name="aridnyk",
            title="Aridnyk",
            min_players=1,
            max_players=4,
            players=players,
            num_distinct_actions=NUM_ACTIONS,
            options=OPTIONS,
            values=values,
            placeholder_data=PLACEHOLDER_DATA,
            notes=notes if PLACEHOLDER_DATA else (),
            rules=RULES,
        )

    def new_initial_state(self, seed: int | None = None) -> AridnykState:
        return AridnykState(self, check_seed(seed))

    def catalogue(self) -> dict[str, Any]:
        """Every tile, Plot, Trinket and character as observations name them."""
        from meeple.games.aridnyk.text import catalogue

        return catalogue()

    def render(self, observation: Any) -> Any:
        from meeple.games.aridnyk.view import render

        return render(observation)

    def render_brief(self, observation: Any) -> Any:
        from meeple.games.aridnyk.view import render_brief

        return render_brief(observation)
