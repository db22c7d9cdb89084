"""Lost Ruins of Arnak configured: board side, solo difficulty, player count, info."""

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
from meeple.errors import OptionError
from meeple.games.arnak.actions import NUM_ACTIONS
from meeple.games.arnak.components import PLACEHOLDERS, ROUND_FIVE_SKIP
from meeple.games.arnak.rules import ArnakState

PLACEHOLDER_NOTE = (
    "Every card, guardian, site, assistant, idol, research and temple fact is from the "
    "cross-checked reference; the solo rival's tile-back decision arrows are meeple's "
    "placeholder (no public source gives them)."
)
"""What a solo game on the base sides tells its players: it names what `PLACEHOLDERS`
finds in the data (checked by tests/games/arnak/test_data_source.py)."""
SPIDER_NOTE = (
    "The Spider Temple side is played on meeple's placeholder research track: its "
    "scoring zones' points, altars, dark tablet supply, Lost Temple points and dark "
    "effects are the reference's, but no public source gives the track's spaces and "
    "bridges, their costs, the rows' effects, the rows the altars are invoked from, its "
    "temple tile costs or its site spaces' travel costs, so those are meeple's."
)
ARROWS_NOTE = (
    "The solo rival's tile-back decision arrows are meeple's placeholder (no public "
    "source gives them)."
)
BOARD_DESCRIPTION = (
    "main board side: Bird Temple, Snake Temple, or Twisted Paths' Spider or Owl Temple "
    "(placeholder tracks)"
)
OWL_NOTE = (
    "The Owl Temple side is played on meeple's placeholder research track: its rows' "
    "points for the glass, notebook and lantern, the top of the temple, the number of "
    "Owl tiles and idols, its camps and idols are the reference's, but no public source "
    "gives the track's spaces and bridges, their costs, the rows' effects, the secret "
    "passages, the Owl tiles' places and prices or its site spaces' travel costs, so "
    "those are meeple's."
)


def placeholder_notes(players: int, board: str) -> tuple[str, ...]:
    """What a game of `players` on `board` tells its players about placeholder data:
    a note for each kind `PLACEHOLDERS` finds in the data it uses."""
    used = {
        name
        for name, side, _, _ in PLACEHOLDERS
        if side in ("", board) and (players == 1 or name != "solo.json")
    }
    side = {"spider": SPIDER_NOTE, "owl": OWL_NOTE}.get(board)
    if side is not None and used - {"solo.json"}:
        return (side, ARROWS_NOTE) if "solo.json" in used else (side,)
    return (PLACEHOLDER_NOTE,) if used else ()


SOLO = (1, 1)
RULES = "2026-12-04"
"""The rules revision (see GameInfo.rules); docs/games/arnak.md lists what each changed."""

OPTIONS = {
    "board": OptionSpec(
        "bird",
        ("bird", "snake", "spider", "owl"),
        BOARD_DESCRIPTION,
        labels=(
            "Bird Temple",
            "Snake Temple",
            "Spider Temple (Twisted Paths, placeholder track)",
            "Owl Temple (Twisted Paths, placeholder track)",
        ),
    ),
    "twisted_paths_sites": OptionSpec(
        False,
        (False, True),
        "Twisted Paths' two level I and two level II site tiles join the base game's piles "
        "(any board side)",
    ),
    "difficulty": OptionSpec(
        2,
        (0, 1, 2, 3, 4, 5),
        "solo only: how many of the rival's five paired tiles are red (with purple tiles "
        "and no difficulty given: all the others)",
        players=SOLO,
    ),
    "rival_skips_green_buy_item": OptionSpec(
        False,
        (False, True),
        "solo only: the green Buy Item tile also does nothing in round V (a disputed reading)",
        players=SOLO,
    ),
    "purple": OptionSpec(
        0,
        (0, 1, 2, 3, 4, 5),
        "solo only (Twisted Paths' Purple Actions): how many of the rival's five paired "
        "tiles are purple, each adding 2 to the difficulty",
        players=SOLO,
    ),
    "objectives": OptionSpec(
        0,
        (0, 2, 3, 4),
        "solo only (Twisted Paths' Rival Objectives): objectives turned up each round "
        "(0: not played; the rulebook suggests 3)",
        players=SOLO,
    ),
    "first_objective_doubled": OptionSpec(
        False,
        (False, True),
        "solo only (Rival Objectives' tweak): the first objective each round is worth 4, "
        "not 2 (alone, it plays the suggested 3 objectives)",
        players=SOLO,
    ),
}


class ArnakGame(Game):
    def __init__(self, /, players: int = 2, **options: Any) -> None:
        players = check_players("arnak", players, 1, 4)
        values = resolve_options("arnak", OPTIONS, options)
        check_option_players("arnak", OPTIONS, values, players)
        self.board: str = values["board"]
        self.twisted_paths_sites: bool = values["twisted_paths_sites"]
        self.purple: int = values["purple"]
        self.difficulty: int = values["difficulty"]
        if self.purple and "difficulty" not in options:
            # Purple Actions' setup: "add 5 purple or red action tiles, one of each type"
            self.difficulty = values["difficulty"] = 5 - self.purple
        if self.difficulty + self.purple > 5:
            raise OptionError(
                f"difficulty={self.difficulty} red tiles and purple={self.purple} purple "
                f"tiles are more than the rival's five paired tiles: at most "
                f"{5 - self.purple} red with purple={self.purple}"
            )
        self.objectives: int = values["objectives"]
        self.first_objective_doubled: bool = values["first_objective_doubled"]
        if self.first_objective_doubled and not self.objectives:
            if "objectives" in options:
                raise OptionError(
                    "option 'first_objective_doubled' needs Rival Objectives: "
                    "set objectives to 2, 3 or 4"
                )
            self.objectives = values["objectives"] = 3  # the rulebook's suggested count
        skips = set(ROUND_FIVE_SKIP)
        if values["rival_skips_green_buy_item"]:
            skips.add("green_buy_item")
        self.round_five_skip = frozenset(skips)
        # solo.json is read by the solo rival alone: its placeholders touch no other game
        notes = placeholder_notes(players, self.board)
        self.info = GameInfo(
            name="arnak",
            title="Lost Ruins of Arnak",
            min_players=1,
            max_players=4,
            players=players,
            num_distinct_actions=NUM_ACTIONS,
            options=OPTIONS,
            values=values,
            placeholder_data=bool(notes),
            notes=notes,
            rules=RULES,
        )

    @staticmethod
    def blocked_camps(players: int) -> int:
        """Camps whose two-boot space a blocking tile covers (solo: set up as for two)."""
        return {2: 5, 3: 3}.get(players, 0)

    def new_initial_state(self, seed: int | None = None) -> ArnakState:
        return ArnakState(self, check_seed(seed))

    def catalogue(self) -> dict[str, Any]:
        from meeple.games.arnak.catalogue import catalogue

        return catalogue()

    def render(self, observation: Any) -> Any:
        from meeple.games.arnak.view import render

        return render(observation)

    def render_brief(self, observation: Any) -> Any:
        from meeple.games.arnak.view import render_brief

        return render_brief(observation)
