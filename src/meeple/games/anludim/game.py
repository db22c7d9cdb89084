"""Anludim configured: options, player count, info."""

from __future__ import annotations

from typing import Any

from meeple.core.game import (
    Game,
    GameInfo,
    OptionSpec,
    check_option_players,
    check_players,
    check_seed,
    resolve_options,
)
from meeple.games.anludim.actions import NUM_ACTIONS
from meeple.games.anludim.components import PLACEHOLDER_DATA, STAND_INS, stacks_for
from meeple.games.anludim.rules import AnludimState

RULES = "2026-12-04"
"""The rules revision (see GameInfo.rules); docs/games/anludim.md lists what each changed."""

OPTIONS = {
    "variant": OptionSpec(
        "base", ("base", "expert"), "expert: hierarchy of disciplines, played cards never return"
    ),
    "straight_wrap": OptionSpec(False, (False, True), "a straight may run from 13 on to 1"),
    "tie_order": OptionSpec(
        "after_trigger",
        ("after_trigger", "from_trigger"),
        "ties go in turn order starting after (or with) the player who ended the round",
    ),
    "two_player_start_scroll": OptionSpec(
        True,
        (True, False),
        "with 2 players the second player starts with a scroll (with more, the last "
        "player always does)",
        players=(2, 2),
    ),
}


class AnludimGame(Game):
    def __init__(self, /, players: int = 3, **options: Any) -> None:
        players = check_players("anludim", players, 2, 5)
        values = resolve_options("anludim", OPTIONS, options)
        self.expert: bool = values["variant"] == "expert"
        self.straight_wrap: bool = values["straight_wrap"]
        self.tie_order: str = values["tie_order"]
        self.two_player_start_scroll: bool = values["two_player_start_scroll"]
        # the rulebook's scroll for 3-5 players goes to the last seat, always
        check_option_players("anludim", OPTIONS, values, players)
        self.stacks = stacks_for(players)
        notes = (f"Placeholder data (docs/games/anludim.md): {STAND_INS}; the rules are complete.",)
        self.info = GameInfo(
            name="anludim",
            title="Anludim",
            min_players=2,
            max_players=5,
            players=players,
            num_distinct_actions=NUM_ACTIONS,
            options=OPTIONS,
            values=values,
            placeholder_data=PLACEHOLDER_DATA,
            notes=notes if PLACEHOLDER_DATA else (),
            rules=RULES,
        )

    def new_initial_state(self, seed: int | None = None) -> AnludimState:
        return AnludimState(self, check_seed(seed))

    def render(self, observation: Any) -> Any:
        from meeple.games.anludim.view import render

        return render(observation)

    def render_brief(self, observation: Any) -> Any:
        from meeple.games.anludim.view import render_brief

        return render_brief(observation)
