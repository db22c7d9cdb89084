"""Aridnyk's forward model: AridnykState, the state every rule changes.

A turn is driven by a stack of small frames (place a tile, resolve a tile's effects,
move a figure step by step, draw a card, pay for a trade, let other seats react). The
top frame decides what is legal; when the stack runs empty the turn moves on (white
effects of the Shepherd's tile, the Horizon pick, the next player). Readings of what
the rulebook leaves open follow rulings/aridnyk.md and are listed in
docs/games/aridnyk.md.

This module holds the state's slots and their first values, the protocol (the current
player, scores, returns, clone, applying a legal action, the actions' texts) and
resample. The rules are parts of the state (mixins over base.py's AridnykBase), a
module each: base.py (the codes: phases, frames, effects, characters, Spirits'
trades), tiles.py, cards.py, figures.py, plots.py, trades.py, turns.py (setup and a
turn's course), effects.py (the effect interpreter: what is legal, what an action
does), explain.py and observe.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.game import TERMINAL, check_resample_seed, check_seat
from meeple.core.rng import Rng, mix_seed
from meeple.core.wording import third_person
from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    AFTER_VOVK,
    BLACK,
    C_TRADE_ANY,
    CHIEFTAIN,
    CHOOSE_CHARACTER,
    EFFECTS,
    F_DRAW,
    F_EFFECTS,
    F_LIMIT,
    F_PAY,
    F_REACT,
    F_SHEPHERD,
    F_SPIRIT,
    F_VOVK,
    OVER,
    PICK,
    PLACE,
    PLACE_SHEPHERDS,
    PLACE_STARTERS,
    REWARD,
    START_SHEEP,
    TRINKET,
    VAGABOND,
    WHITE,
    Cell,
    _pick,
)
from meeple.games.aridnyk.board import Layout
from meeple.games.aridnyk.components import (
    CHARACTERS,
    SEASON_TILES,
    STARTER_TILES,
    TILE_TERRAIN,
    TILE_WATER,
)
from meeple.games.aridnyk.effects import EffectsMixin
from meeple.games.aridnyk.observe import ObserveMixin
from meeple.games.aridnyk.plots import ALL_TERRAINS, NEAR_SHARE

if TYPE_CHECKING:
    from meeple.games.aridnyk.game import AridnykGame

__all__ = [
    "AFTER_VOVK",
    "ALL_TERRAINS",
    "BLACK",
    "CHIEFTAIN",
    "CHOOSE_CHARACTER",
    "C_TRADE_ANY",
    "EFFECTS",
    "F_DRAW",
    "F_EFFECTS",
    "F_LIMIT",
    "F_PAY",
    "F_REACT",
    "F_SHEPHERD",
    "F_SPIRIT",
    "F_VOVK",
    "NEAR_SHARE",
    "PICK",
    "PLACE",
    "PLACE_SHEPHERDS",
    "PLACE_STARTERS",
    "REWARD",
    "TRINKET",
    "VAGABOND",
    "WHITE",
    "AridnykState",
]
"""The names other modules import from here (defined here before the state's parts moved out)."""


def _copy_frame(frame: list[Any]) -> list[Any]:
    return [x[:] if x.__class__ is list else x for x in frame]


_Deals = list[tuple[int, list[int], int]]  # (seat, cards it shows, how many it hides)
_Plan = tuple[list[int], list[int], _Deals, list[list[int]], list[tuple[list[int], _Deals]]]


class AridnykState(EffectsMixin, ObserveMixin):
    __slots__ = (
        "_characters",
        "_cur",
        "_dealt",
        "_decks",
        "_discards",
        "_first",
        "_fulfilled",
        "_history",
        "_horizon",
        "_ids_cards",
        "_ids_figures",
        "_ids_tiles",
        "_layout",
        "_legal",
        "_met",
        "_moved",
        "_phase",
        "_plan",
        "_plots",
        "_public_cards",
        "_public_tiles",
        "_resampled",
        "_revealed",
        "_revealed_tile",
        "_rng",
        "_rows",
        "_seed",
        "_set_aside",
        "_setup_queue",
        "_sheep",
        "_shepherds",
        "_spirits",
        "_stack",
        "_stacks",
        "_starter_stack",
        "_stepped",
        "_tiles",
        "_together",
        "_traded",
        "_trinket_used",
        "_trinkets",
        "_turn",
        "_turns",
        "_white_done",
        "game",
    )

    game: AridnykGame

    def __init__(self, game: AridnykGame, seed: int) -> None:
        n = game.info.players
        self.game = game
        self._begin(seed)
        self._met: dict[int, int] = {}
        self._plan: tuple[int, _Plan] | None = None  # resample's, for one seat; see there
        # observation_ids' cards section per seat, made on demand; every change of the
        # hands, rows, decks' reveals, fulfilled Plots or discards drops it (None)
        self._ids_cards: list[tuple[Any, ...] | None] | None = None
        self._ids_tiles: list[tuple[Any, ...] | None] | None = None  # likewise, tiles
        self._ids_figures: tuple[Any, ...] | None = None  # and the figures (any seat)
        self._layout = Layout(TILE_TERRAIN, TILE_WATER)
        self._spirits: list[Cell | None] = [None] * 5
        self._shepherds: list[Cell | None] = [None] * n
        self._sheep = [START_SHEEP] * n
        self._tiles: list[list[int]] = [[] for _ in range(n)]
        self._plots: list[list[int]] = [[] for _ in range(n)]
        self._trinkets: list[list[int]] = [[] for _ in range(n)]
        self._fulfilled: list[list[int]] = [[] for _ in range(n)]
        self._characters = [-1] * n
        self._dealt: list[list[int]] = [[] for _ in range(n)]
        self._stacks: list[list[int]] = [list(s) for s in SEASON_TILES]
        self._horizon: list[int] = []
        self._decks: list[list[int]] = [[], []]
        self._rows: list[list[int]] = [[-1, -1, -1], [-1, -1, -1]]
        self._discards: list[list[int]] = [[], []]
        self._revealed = [-1, -1]
        self._revealed_tile = -1
        self._public_tiles: set[int] = set(STARTER_TILES)
        self._public_cards: set[int] = set()
        self._starter_stack: list[int] = []
        self._set_aside: list[int] = []  # tiles discarded because they fit nowhere
        self._stepped = 0  # the move on top has stepped: 1 its Shepherd, 2 its Spirit
        self._stack: list[list[Any]] = []
        self._turn = 0
        self._first = 0
        self._turns = 0
        self._trinket_used = False
        self._traded = 0
        self._together = 0
        self._white_done: set[int] = set()
        self._moved = False
        self._setup_queue: list[int] = []
        self._phase = PLACE
        self._cur = 0
        self._setup()

    # --- protocol ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self._phase == OVER else self._cur

    @property
    def layout(self) -> Layout:
        """The tiles on the table (public): for analyses that would otherwise rebuild
        it from an observation. Read it; the state changes it only through actions."""
        return self._layout

    def scores(self) -> list[float]:
        return [float(s) for s in self._sheep]

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * len(self._sheep)
        keys = [(self._sheep[p], len(self._fulfilled[p])) for p in range(len(self._sheep))]
        best = max(keys)
        return [1.0 if k == best else 0.0 for k in keys]

    def clone(self) -> AridnykState:
        new = AridnykState.__new__(AridnykState)
        self._copy_common(new)
        new._met = self._met
        new._plan = self._plan  # the same content, until either changes
        # likewise: a change drops these, never edits them
        new._ids_cards = self._ids_cards
        new._ids_tiles = self._ids_tiles
        new._ids_figures = self._ids_figures
        new._layout = self._layout.copy()
        new._spirits = self._spirits[:]
        new._shepherds = self._shepherds[:]
        new._sheep = self._sheep[:]
        new._tiles = [h[:] for h in self._tiles]
        new._plots = [h[:] for h in self._plots]
        new._trinkets = [h[:] for h in self._trinkets]
        new._fulfilled = [h[:] for h in self._fulfilled]
        new._characters = self._characters[:]
        new._dealt = [d[:] for d in self._dealt]
        new._stacks = [s[:] for s in self._stacks]
        new._horizon = self._horizon[:]
        new._decks = [self._decks[0][:], self._decks[1][:]]
        new._rows = [self._rows[0][:], self._rows[1][:]]
        new._discards = [self._discards[0][:], self._discards[1][:]]
        new._revealed = self._revealed[:]
        new._revealed_tile = self._revealed_tile
        new._public_tiles = set(self._public_tiles)
        new._public_cards = set(self._public_cards)
        new._starter_stack = self._starter_stack[:]
        new._set_aside = self._set_aside[:]
        new._stepped = self._stepped
        new._stack = [_copy_frame(f) for f in self._stack]
        new._turn = self._turn
        new._first = self._first
        new._turns = self._turns
        new._trinket_used = self._trinket_used
        new._traded = self._traded
        new._together = self._together
        new._white_done = set(self._white_done)
        new._moved = self._moved
        new._setup_queue = self._setup_queue[:]
        new._phase = self._phase
        new._cur = self._cur
        return new

    def _do(self, action: int) -> None:
        self._plan = None
        self._apply(action)
        self._advance()

    def action_to_string(self, action: int) -> str:
        from meeple.games.aridnyk.text import action_text

        return action_text(self, action)

    def public_action_string(self, action: int) -> str:
        from meeple.games.aridnyk.text import action_text

        return third_person(action_text(self, action, public=True))

    # --- resampling ------------------------------------------------------------------

    def _resample_plan(self, player: int) -> _Plan:
        """What every guess for `player` starts from: the unseen tiles and cards pooled
        in canonical order, and per other seat what it shows and how many it hides. A
        search asks for thousands of guesses of one position, so the state keeps it
        until its next action."""
        others = [s for s in range(len(self._sheep)) if s != player]
        public = self._public_tiles
        # tiles: unseen hand tiles were dealt from Spring at setup; Horizon tiles
        # shuffled back into it (a refresh) are known to be there, so they stay
        tile_pool = [t for t in self._stacks[0] if t not in public]
        spring_shown = sorted(t for t in self._stacks[0] if t in public)
        tile_deals = []
        for s in others:
            hand = self._tiles[s]
            hidden = [t for t in hand if t not in public]
            tile_pool.extend(hidden)
            tile_deals.append((s, [t for t in hand if t in public], len(hidden)))
        tile_pool.sort()
        later_stacks = [sorted(stack) for stack in self._stacks[1:]]
        card_plans = []
        for kind in (_PLOT, _TRINKET):
            hands = self._plots if kind == _PLOT else self._trinkets
            base = kind * 64
            seen = self._public_cards
            pool = list(self._decks[kind])
            deals = []
            for s in others:
                hidden = [c for c in hands[s] if base + c not in seen]
                pool.extend(hidden)
                deals.append((s, [c for c in hands[s] if base + c in seen], len(hidden)))
            card_plans.append((sorted(pool), deals))
        return tile_pool, spring_shown, tile_deals, later_stacks, card_plans

    def resample(self, player: int, seed: int) -> AridnykState:
        """Deal what `player` cannot see anew from a canonical order and `seed`: other
        seats' unseen tiles with the stacks (season by season), their unseen cards with
        the decks, and the Unsimple cards still hidden in other seats' hands. The unseen
        piles are left sorted: the guess draws from them at random (_take_top)."""
        n = len(self._sheep)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        seed = check_resample_seed(seed)
        plan = self._plan
        if plan is None or plan[0] != player:
            plan = self._plan = (player, self._resample_plan(player))
        tile_pool, spring_shown, tile_deals, later_stacks, card_plans = plan[1]
        rng = Rng(mix_seed(seed, 0x5EED))
        new = self.clone()
        new._plan = None
        new._ids_cards = None
        new._ids_tiles = None
        # Piles stay in a canonical order: a guess draws from them at random (_take_top).
        pool = tile_pool[:]
        for s, shown, count in tile_deals:
            new._tiles[s] = sorted(shown + [_pick(pool, rng) for _ in range(count)])
        pool += spring_shown
        pool.sort()
        new._stacks = [pool, *(stack[:] for stack in later_stacks)]
        new._starter_stack = sorted(self._starter_stack)
        for kind, (card_pool, card_deals) in enumerate(card_plans):
            new_hands = new._plots if kind == _PLOT else new._trinkets
            pool = card_pool[:]
            for s, shown, count in card_deals:
                new_hands[s] = sorted(shown + [_pick(pool, rng) for _ in range(count)])
            pool.sort()
            new._decks[kind] = pool
        if self._phase == CHOOSE_CHARACTER:
            # the cards `player` saw: her own two, or the one she kept; every other
            # seat's two, or its secret choice, comes from the rest
            others = [s for s in range(n) if s != player]
            seen = set(self._dealt[player])
            if self._characters[player] >= 0:
                seen.add(self._characters[player])
            pool = [c for c in range(len(CHARACTERS)) if c not in seen]
            rng.shuffle(pool)
            for s in others:
                if self._dealt[s]:
                    new._dealt[s] = sorted(pool[:2])
                    del pool[:2]
                elif self._characters[s] >= 0:
                    new._characters[s] = pool.pop()
        self._as_guess(new, seed)
        # The Plot checks cached in _met read the board, the Shepherds, the Spirits and
        # the (public) characters, none of which a resample changes: the guess shares them.
        return new
