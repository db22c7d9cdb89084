"""What every part of Aridnyk's state stands on: the codes its rules are written in, and
its fields.

The codes: the phases of the game; the kinds of frame on a turn's stack (a frame is a
list whose first item is its kind) and their names; the sources and kinds of effects;
what a tile placement is for, why a Spirit is chosen, and what follows a trade's
payment; the hand limit and starting Sheep; the Spirits and the prices of their trades;
the characters by id. AridnykBase declares the state's fields (rules.py's AridnykState
holds their slots and sets them) and draws from a pile, for the parts that build on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.game import CheckedState
from meeple.core.rng import Rng
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.board import Layout
from meeple.games.aridnyk.components import CHARACTER_NAMES

if TYPE_CHECKING:
    from meeple.games.aridnyk.game import AridnykGame

Cell = tuple[int, int]

# phases
CHOOSE_CHARACTER, PLACE_STARTERS, PLACE_SHEPHERDS, PLACE, EFFECTS, PICK, OVER = range(7)
PHASE_NAMES = (
    "choose_character",
    "place_starters",
    "place_shepherds",
    "place_tile",
    "effects",
    "pick_tile",
    "over",
)

# frame kinds (a frame is a list whose first item is its kind)
F_EFFECTS, F_PLACE, F_SHEPHERD, F_SPIRIT_CHOICE, F_SPIRIT, F_VOVK = range(6)
F_DRAW, F_LIMIT, F_PAY, F_REACT, F_SWAP = range(6, 11)

FRAME_NAMES = (
    "effects",
    "place",
    "shepherd_move",
    "spirit_choice",
    "spirit_move",
    "vovk",
    "draw",
    "hand_limit",
    "pay",
    "reaction",
    "horizon_swap",
)
"""Stable names of the pending step (`observation["pending"]["frame"]`)."""

# effect sources
BLACK, WHITE, TRINKET, REWARD = range(4)
SOURCE_NAMES = ("black", "white", "trinket", "reward")

E_SHEEP, E_CARD, E_PLOT, E_TRINKET, E_SHEPHERD, E_SPIRIT = range(6)
E_TRADE_ANY, E_RETRADE, E_MOVE_TILE, E_SWAP, E_REFRESH = range(6, 11)

# what a tile placement is for
P_TURN, P_ALEY, P_STARTER = range(3)

# why a Spirit is being chosen
C_MOVE, C_TRADE_ANY, C_RETRADE = range(3)

# trade steps after payment
AFTER_DRIZD, AFTER_VOVK = range(2)

HAND_LIMIT = 6
START_SHEEP = 5
S_ARIDNYK, S_ALEY, S_BOH, S_DRIZD, S_VOVK = range(5)
TRADE_SHEEP = (2, 1, 2, 0, 0)
TRADE_CARD = (False, False, False, True, True)
DRIZD_SHEEP = 5
VOVK_MOVES = 3
# Characters by name, their ids in the data's order (the load checks each is there once).
DREAMER = CHARACTER_NAMES.index("dreamer")
MOLFAR = CHARACTER_NAMES.index("molfar")
CRAFTER = CHARACTER_NAMES.index("crafter")
HUNTER = CHARACTER_NAMES.index("hunter")
TRACKER = CHARACTER_NAMES.index("tracker")
CLIMBER = CHARACTER_NAMES.index("climber")
CHIEFTAIN = CHARACTER_NAMES.index("chieftain")
DOWSER = CHARACTER_NAMES.index("dowser")
MUSICIAN = CHARACTER_NAMES.index("musician")
VAGABOND = CHARACTER_NAMES.index("vagabond")

_PLOT, _TRINKET = A.PLOT_KIND, A.TRINKET_KIND


def _pick(pool: list[int], rng: Rng) -> int:
    """Take an element of `pool` at random (its order is not kept)."""
    rng.to_end(pool)
    return pool.pop()


class AridnykBase(CheckedState):
    """The fields of AridnykState, for the parts (mixins) it is made of; see rules.py."""

    __slots__ = ()

    game: AridnykGame
    _characters: list[int]
    _cur: int
    _dealt: list[list[int]]
    _decks: list[list[int]]
    _discards: list[list[int]]
    _first: int
    _fulfilled: list[list[int]]
    _horizon: list[int]
    _ids_cards: list[tuple[Any, ...] | None] | None
    _ids_figures: tuple[Any, ...] | None
    _ids_tiles: list[tuple[Any, ...] | None] | None
    _layout: Layout
    _met: dict[int, int]
    _moved: bool
    _phase: int
    _plots: list[list[int]]
    _public_cards: set[int]
    _public_tiles: set[int]
    _revealed: list[int]
    _revealed_tile: int
    _rows: list[list[int]]
    _set_aside: list[int]
    _setup_queue: list[int]
    _sheep: list[int]
    _shepherds: list[Cell | None]
    _spirits: list[Cell | None]
    _stack: list[list[Any]]
    _stacks: list[list[int]]
    _starter_stack: list[int]
    _stepped: int
    _tiles: list[list[int]]
    _together: int
    _traded: int
    _trinket_used: bool
    _trinkets: list[list[int]]
    _turn: int
    _turns: int
    _white_done: set[int]

    def _take_top(self, pile: list[int]) -> int:
        """Draw the top of a non-empty tile stack or card deck. A guess (see resample)
        leaves its unseen piles unshuffled and draws each card at random instead: the
        same odds as a shuffled pile, for one random number per card drawn rather than
        per card in the pile."""
        if self._resampled:
            return _pick(pile, self._rng)
        return pile.pop()
