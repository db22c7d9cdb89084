"""Anludim's forward model: the state and every rule that changes it.

Readings of what the rulebook leaves open follow rulings/anludim.md and are listed in
docs/games/anludim.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from meeple.core.game import TERMINAL, CheckedState, check_resample_seed, check_seat
from meeple.core.rng import Rng, mix_seed
from meeple.core.wording import third_person
from meeple.errors import IllegalActionError
from meeple.games.anludim import actions as A
from meeple.games.anludim.absorption import (
    Whole,
    absorbing_beats,
    absorbing_complete,
    absorbing_picks,
)
from meeple.games.anludim.combinations import (
    Key,
    Pick,
    beats,
    can_complete,
    feasible,
    legal_picks,
    rank,
    remembered_feasible,
    remembered_legal_picks,
)
from meeple.games.anludim.components import (
    CARDS,
    COLOURS,
    DISCIPLINES,
    ITEM_KINDS,
    NUM_CARDS,
    TEACHER_NAMES,
    TEACHERS,
    card_text,
    half_text,
)

if TYPE_CHECKING:
    from meeple.games.anludim.game import AnludimGame

MAIN, PLACING, AFTER_MAIN, KEEPING, OVER = range(5)
PHASE_NAMES = ("main", "placing", "after_main", "keeping", "over")
SILVER, GOLD = 0, 1
HAND_LIMIT = (8, 7)  # cards at the start of a round, by coat side
KEEP_LIMIT = (3, 2)  # cards kept between rounds, by coat side
BOARD = -1
_ARTICLED = ("a straight", "a flush", "pairs", "three of a kind", "a gathering")
_RESAMPLE_TRIES = 64

# A combination on the table: (id, discipline, ((card, half), ...), key)
Combo = tuple[int, int, tuple[tuple[int, int], ...], Key]


# (value, colour name) of both halves per card: observations build many card dicts.
_NAMED = tuple(tuple((v, COLOURS[c]) for v, c in halves) for halves in CARDS)


def card_json(card: int) -> dict[str, Any]:
    (v0, c0), (v1, c1) = _NAMED[card]
    return {"id": card, "halves": [[v0, c0], [v1, c1]]}


# Card dicts a list at a time (one call per list, values unpacked from flat tuples):
# observation() builds a few dozen per call. A placed card also names its active half.
_FLAT = tuple((v0, c0, v1, c1) for (v0, c0), (v1, c1) in _NAMED)
_PLACED = tuple(
    tuple((*_FLAT[card], *_NAMED[card][h]) for h in (0, 1)) for card in range(NUM_CARDS)
)


def _cards_json(cards: list[int]) -> list[dict[str, Any]]:
    return [
        {"id": card, "halves": [[v0, c0], [v1, c1]]}
        for card in cards
        for v0, c0, v1, c1 in [_FLAT[card]]
    ]


def _placed_list(picks: Iterable[tuple[int, int]]) -> list[dict[str, Any]]:
    return [
        {"id": card, "halves": [[v0, c0], [v1, c1]], "value": v, "colour": c, "half": half}
        for card, half in picks
        for v0, c0, v1, c1, v, c in [_PLACED[card][half]]
    ]


def describe(discipline: int, picks: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
    halves = sorted((CARDS[card][h] for card, h in picks), key=lambda vc: (vc[0], vc[1]))
    if discipline == 1 and halves:
        return f"{COLOURS[halves[0][1]]} " + "-".join(str(v) for v, _ in halves)
    return "-".join(str(v) for v, _ in halves) or "(empty)"


class AnludimState(CheckedState):
    __slots__ = (
        "_coats",
        "_cur",
        "_deck",
        "_discard",
        "_face_up",
        "_fresh",
        "_hands",
        "_history",
        "_ids_board",
        "_ids_known",
        "_ids_standing",
        "_ids_table",
        "_items",
        "_keep_order",
        "_kept",
        "_known",
        "_legal",
        "_next_cid",
        "_optional_used",
        "_phase",
        "_placing",
        "_resampled",
        "_results",
        "_rng",
        "_round",
        "_rounds_won",
        "_scrolls",
        "_seed",
        "_selection",
        "_stack_pos",
        "_table",
        "_teacher_cid",
        "_teacher_seat",
        "_turn_player",
        "_turns",
        "_winner",
        "game",
    )

    game: AnludimGame

    def __init__(self, game: AnludimGame, seed: int) -> None:
        n = game.info.players
        self.game = game
        self._begin(seed)
        self._round = 1
        self._turns = 0
        self._results: list[dict[str, Any]] = []
        self._winner = -1
        self._coats = [SILVER] * n
        self._rounds_won = [0] * n
        self._scrolls = [0] * n
        if n >= 3:
            self._scrolls[n - 1] = 1
        elif game.two_player_start_scroll:
            self._scrolls[1] = 1
        self._hands: list[list[int]] = [[] for _ in range(n)]
        self._known: list[list[int]] = [[] for _ in range(n)]
        self._table: list[list[Combo]] = [[] for _ in range(n)]
        self._items: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self._discard: list[int] = []
        self._face_up = [-1, -1, -1]
        self._stack_pos = [0] * 5
        self._teacher_cid = [BOARD] * 5
        self._teacher_seat = [BOARD] * 5
        self._next_cid = 0
        self._selection: list[tuple[int, int]] = []
        self._placing = -1
        self._keep_order: list[int] = []
        self._kept: list[int] = []
        self._phase = MAIN
        self._cur = 0
        self._turn_player = 0
        self._fresh = True
        self._optional_used = False
        self._deck = list(range(NUM_CARDS))
        self._ids_known: tuple[tuple[int, ...], ...] | None = None
        self._ids_table: tuple[tuple[tuple[Any, ...], ...], ...] | None = None
        self._ids_board: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._ids_standing: tuple[Any, ...] | None = None
        self._deal_round(first=0)

    # --- protocol --------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self._cur

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def returns(self) -> list[float]:
        return [1.0 if seat == self._winner else 0.0 for seat in range(len(self._hands))]

    def scores(self) -> list[float]:
        return [float(w) for w in self._rounds_won]

    def standings(self) -> list[tuple[int, int, int]]:
        """Public and cheap, per seat: rounds won, this round's total (items and scrolls),
        and the kinds of item held (a held teacher over an empty stack counts)."""
        totals = self._totals()
        return [
            (self._rounds_won[seat], totals[seat], self._kinds_held(seat))
            for seat in range(len(self._hands))
        ]

    def clone(self) -> AnludimState:
        new = AnludimState.__new__(AnludimState)
        self._copy_common(new)
        new._round = self._round
        new._turns = self._turns
        new._results = self._results[:]
        new._winner = self._winner
        new._coats = self._coats[:]
        new._rounds_won = self._rounds_won[:]
        new._scrolls = self._scrolls[:]
        new._hands = [h[:] for h in self._hands]
        new._known = [k[:] for k in self._known]
        new._table = [t[:] for t in self._table]
        new._items = [i[:] for i in self._items]
        new._deck = self._deck[:]
        new._discard = self._discard[:]
        new._face_up = self._face_up[:]
        new._stack_pos = self._stack_pos[:]
        new._teacher_cid = self._teacher_cid[:]
        new._teacher_seat = self._teacher_seat[:]
        new._next_cid = self._next_cid
        new._selection = self._selection[:]
        new._placing = self._placing
        new._keep_order = self._keep_order[:]
        new._kept = self._kept[:]
        new._phase = self._phase
        new._cur = self._cur
        new._turn_player = self._turn_player
        new._fresh = self._fresh
        new._optional_used = self._optional_used
        # The compact view's sections are immutable: a clone shares them until it
        # changes what they show and drops its own reference.
        new._ids_known = self._ids_known
        new._ids_table = self._ids_table
        new._ids_board = self._ids_board
        new._ids_standing = self._ids_standing
        return new

    # --- setup and rounds ------------------------------------------------------------

    def _deal_round(self, first: int) -> None:
        """Shuffle the deck, fill every hand to its limit, turn three cards face up."""
        self._rng.shuffle(self._deck)
        n = len(self._hands)
        for i in range(n):
            seat = (first + i) % n
            hand = self._hands[seat]
            while len(hand) < HAND_LIMIT[self._coats[seat]] and self._deck:
                hand.append(self._deck.pop())
        self._face_up = [self._deck.pop() if self._deck else -1 for _ in range(3)]
        self._ids_board = None
        self._begin_turn(first)

    def _begin_turn(self, seat: int) -> None:
        self._phase = MAIN
        self._cur = self._turn_player = seat
        self._fresh = True
        self._optional_used = False
        self._selection = []
        self._placing = -1

    def _draw(self) -> int:
        """The top card of the deck, reshuffling the discard pile if needed; -1 if none."""
        if not self._deck:
            if not self._discard:
                return -1
            self._deck = self._discard
            self._discard = []
            self._ids_board = None
            self._rng.shuffle(self._deck)
        elif self._resampled:  # a guess keeps its deck in a canonical order (resample)
            self._rng.to_end(self._deck)
        return self._deck.pop()

    def _can_draw(self) -> bool:
        return bool(self._deck or self._discard)

    # --- legal actions ---------------------------------------------------------------

    def _thresholds(self, exclude_seat: int = -1) -> list[Key | None]:
        """The strongest combination in play per discipline (optionally ignoring a seat)."""
        best: list[Key | None] = [None] * 5
        for seat, row in enumerate(self._table):
            if seat == exclude_seat:
                continue
            for _, d, _, key in row:
                current = best[d]
                if current is None or key > current:
                    best[d] = key
        return best

    def _pool(self, seat: int, discipline: int) -> list[int]:
        """Cards `seat` may build a `discipline` combination from right now."""
        pool = self._hands[seat][:]
        if self.game.expert:
            for combo in self._table[seat]:
                if combo[1] <= discipline:
                    pool.extend(card for card, _ in combo[2])
        return pool

    def _wholes(self, seat: int, discipline: int) -> list[Whole]:
        """Expert: the picks of `seat`'s own combinations of `discipline`, which a new one
        of that discipline absorbs whole or leaves alone (absorption.py)."""
        if not self.game.expert:
            return []
        return [combo[2] for combo in self._table[seat] if combo[1] == discipline]

    def _optional_available(self) -> bool:
        p = self._turn_player
        return (
            not self._optional_used
            and bool(self._items[p] or self._scrolls[p])
            and self._can_draw()
        )

    def _optional_actions(self) -> list[int]:
        p = self._turn_player
        acts = sorted({A.discard_item(kind, value) for kind, value in self._items[p]})
        if self._scrolls[p]:
            acts.append(A.DISCARD_SCROLL)
        return acts

    def _compute_legal(self) -> tuple[int, ...]:
        phase = self._phase
        p = self._cur
        wrap = self.game.straight_wrap
        if phase == MAIN:
            acts: list[int] = []
            if self._fresh and not self.game.expert:
                acts.extend(A.TAKE_BACK + j for j in range(len(self._table[p])))
            thresholds = self._thresholds()
            can_place = remembered_feasible if self._resampled else feasible
            if self.game.expert and self._table[p]:
                # Pools grow with the discipline: the same size means the same pool.
                by_discipline = [self._pool(p, d) for d in range(5)]
                pools: dict[int, tuple[list[int], list[int]]] = {}
                for d, pool in enumerate(by_discipline):
                    pools.setdefault(len(pool), (pool, []))[1].append(d)
                ok = [False] * 5
                for pool, wanted in pools.values():
                    result = can_place(pool, thresholds, wrap, wanted)
                    for d in wanted:
                        ok[d] = result[d]
                for d, pool in enumerate(by_discipline):
                    wholes = self._wholes(p, d)
                    if wholes and ok[d]:
                        ok[d] = absorbing_complete(d, pool, thresholds[d], wrap, wholes)
            else:
                ok = can_place(self._hands[p], thresholds, wrap)
            main: list[int] = [A.PLACE + d for d in range(5) if ok[d]]
            if self._can_draw():
                main.append(A.DRAW_TWO)
            main.extend(A.FACE_UP + i for i, card in enumerate(self._face_up) if card >= 0)
            acts.extend(main)
            if self._optional_available():
                acts.extend(self._optional_actions())
            if not main and not (
                self._fresh and not self.game.expert and self._table[p] and self._could_call(p)
            ):
                # a main action is a must: with none to take, she passes, unless taking
                # her combinations back would let her call a teacher and collect (then
                # she takes back; passing for ever would stall the round)
                acts.append(A.END_TURN)
            return tuple(sorted(acts))
        if phase == PLACING:
            d = self._placing
            threshold = self._thresholds()[d]
            chosen = {card for card, _ in self._selection}
            pool = [c for c in self._pool(p, d) if c not in chosen]
            wholes = self._wholes(p, d)
            if wholes:
                picks = absorbing_picks(d, self._selection, pool, threshold, wrap, wholes)
                done = absorbing_beats(d, self._selection, threshold, wrap, wholes)
            else:
                pick_from = remembered_legal_picks if self._resampled else legal_picks
                picks = pick_from(d, self._selection, pool, threshold, wrap)
                done = beats(d, self._selection, threshold, wrap)
            acts = [A.pick(card, h) for card, h in picks]
            if done:
                acts.append(A.CONFIRM)
            return tuple(sorted(acts))
        if phase == AFTER_MAIN:
            return (*self._optional_actions(), A.END_TURN)
        if phase == KEEPING:
            kept = set(self._kept)
            acts = [A.KEEP + c for c in self._hands[p] if c not in kept]
            acts.sort()
            acts.append(A.KEEP_DONE)
            return tuple(acts)
        return ()

    def _why_illegal(self, action: object) -> str:
        if self._phase == OVER:
            return "the game is over: no action is legal"
        if isinstance(action, bool) or not isinstance(action, int):
            return f"an action is an integer id, not {action!r}"
        if not 0 <= action < A.NUM_ACTIONS:
            return f"action {action} is out of range: ids run 0..{A.NUM_ACTIONS - 1}"
        what = self.action_to_string(action)
        phase = {
            MAIN: "choose a main action, take back or use the optional action",
            PLACING: f"add a card to the {DISCIPLINES[self._placing]} or confirm it",
            AFTER_MAIN: "use the optional action or end the turn",
            KEEPING: "choose the cards to keep for the next round",
        }[self._phase]
        return f"{what!r} (action {action}) is not legal now: seat {self._cur} must {phase}"

    # --- applying actions ------------------------------------------------------------

    def _do(self, a: int) -> None:
        p = self._cur
        if a < A.PLACE:
            self._selection.append(divmod(a - A.PICK, 2))
            return
        if a < A.DRAW_TWO:
            self._phase = PLACING
            self._placing = a - A.PLACE
            self._selection = []
            self._fresh = False
            return
        if a == A.DRAW_TWO:
            for _ in range(2):
                card = self._draw()
                if card >= 0:
                    self._hands[p].append(card)
            self._after_main()
            return
        if a < A.CONFIRM:
            slot = a - A.FACE_UP
            card = self._face_up[slot]
            self._hands[p].append(card)
            self._known[p].append(card)
            self._face_up[slot] = self._draw()
            self._ids_known = self._ids_board = None
            self._after_main()
            return
        if a == A.CONFIRM:
            self._place_combination(p)
            self._after_main()
            return
        if a < A.DISCARD_ITEM:
            self._take_back(p, a - A.TAKE_BACK)
            return
        if a <= A.DISCARD_SCROLL:
            if a == A.DISCARD_SCROLL:
                self._scrolls[p] -= 1
            else:
                kind, value = divmod(a - A.DISCARD_ITEM, 5)
                self._items[p].remove((kind, value + 1))
            self._ids_standing = None
            card = self._draw()
            if card >= 0:
                self._hands[p].append(card)
            self._optional_used = True
            self._fresh = False
            if self._phase == AFTER_MAIN:
                self._end_turn()
            return
        if a == A.END_TURN:
            self._end_turn()
            return
        if a < A.KEEP_DONE:
            self._kept.append(a - A.KEEP)
            if len(self._kept) >= KEEP_LIMIT[self._coats[p]] or len(self._kept) == len(
                self._hands[p]
            ):
                self._finish_keeping()
            return
        self._finish_keeping()

    def _after_main(self) -> None:
        self._selection = []
        self._placing = -1
        self._fresh = False
        if self._optional_available():
            self._phase = AFTER_MAIN
        else:
            self._end_turn()

    def _take_back(self, p: int, index: int) -> None:
        cid, d, picks, _ = self._table[p].pop(index)
        self._ids_known = self._ids_table = None
        for card, _ in picks:
            self._hands[p].append(card)
            self._known[p].append(card)
        if self._teacher_cid[d] == cid:
            self._teacher_cid[d] = self._teacher_seat[d] = BOARD
            self._ids_standing = None

    def _place_combination(self, p: int) -> None:
        d = self._placing
        picks = tuple(self._selection)
        used = {card for card, _ in picks}
        hand = self._hands[p]
        self._hands[p] = [c for c in hand if c not in used]
        known = self._known[p]
        self._known[p] = [c for c in known if c not in used]
        # The compact view keeps a section that did not change (its encoding is reused).
        self._ids_table = None
        if len(self._known[p]) != len(known):
            self._ids_known = None
        if self._teacher_seat[d] != p:
            self._ids_standing = None
        if len(self._hands[p]) + len(picks) != len(hand):
            # Expert: some cards came from own combinations, which dissolve.
            row = []
            for combo in self._table[p]:
                cards = [card for card, _ in combo[2]]
                if used.isdisjoint(cards):
                    row.append(combo)
                    continue
                self._discard.extend(c for c in cards if c not in used)
                self._ids_board = None
                if self._teacher_cid[combo[1]] == combo[0]:
                    self._teacher_cid[combo[1]] = self._teacher_seat[combo[1]] = BOARD
                    self._ids_standing = None
            self._table[p] = row
        cid = self._next_cid
        self._next_cid += 1
        key = rank(d, [CARDS[card][h] for card, h in picks], self.game.straight_wrap)
        self._table[p].append((cid, d, picks, key))
        self._teacher_cid[d] = cid
        self._teacher_seat[d] = p

    # --- end of turn, round and game -------------------------------------------------

    def _stack(self, d: int) -> tuple[int, ...]:
        return self.game.stacks[d][self._stack_pos[d] :]

    def _kinds_held(self, seat: int) -> int:
        kinds = {kind for kind, _ in self._items[seat]}
        for d in range(5):
            if self._teacher_seat[d] == seat and not self._stack(d):
                kinds.add(d)
        return len(kinds)

    def _totals(self) -> list[int]:
        return [
            sum(v for _, v in items) + scrolls
            for items, scrolls in zip(self._items, self._scrolls, strict=True)
        ]

    def _tie_order(self, trigger: int) -> list[int]:
        n = len(self._hands)
        start = trigger if self.game.tie_order == "from_trigger" else trigger + 1
        return [(start + i) % n for i in range(n)]

    def _end_turn(self) -> None:
        p = self._turn_player
        stacks = self.game.stacks
        for d in range(5):
            if self._teacher_seat[d] == p and self._stack_pos[d] < len(stacks[d]):
                self._items[p].append((d, stacks[d][self._stack_pos[d]]))
                self._stack_pos[d] += 1
                self._ids_standing = None
        self._turns += 1
        order = self._tie_order(p)
        five = [seat for seat in order if self._kinds_held(seat) == 5]
        empty = sum(1 for d in range(5) if self._stack_pos[d] >= len(stacks[d]))
        if five:
            self._finish_round(p, five[0], "five_kinds")
        elif empty >= 3:
            self._finish_round(p, -1, "three_stacks_empty")
        elif self._stalled():
            self._finish_round(p, -1, "no_progress")
        else:
            self._begin_turn((p + 1) % len(self._hands))

    def _taken_back(self, seat: int) -> list[int]:
        """Base game: `seat`'s hand with the cards of all her combinations taken back."""
        return self._hands[seat] + [c for co in self._table[seat] for c, _ in co[2]]

    def _could_call(self, seat: int) -> bool:
        """Base game: could `seat`, taking all her combinations back, call a teacher she
        does not hold whose stack still holds items (the progress _stalled looks for)?"""
        wanted = [d for d in range(5) if self._stack(d) and self._teacher_seat[d] != seat]
        if not wanted:
            return False
        thresholds = self._thresholds(exclude_seat=seat)
        ok = feasible(self._taken_back(seat), thresholds, self.game.straight_wrap, wanted)
        return any(ok[d] for d in wanted)

    def _stalled(self) -> bool:
        """No item can ever be collected again this round (rulings: every game ends)."""
        if self._can_draw() or any(c >= 0 for c in self._face_up):
            return False
        open_stacks = [d for d in range(5) if self._stack(d)]
        if any(self._teacher_seat[d] != BOARD for d in open_stacks):
            return False
        wrap = self.game.straight_wrap
        everyone = self._thresholds()
        # Expert: a combination placed for an emptied stack may absorb the strongest one
        # of an open stack's discipline and let another player beat what is left, so any
        # placement counts (with nothing to draw they run out: each spends hand cards,
        # moves cards up the hierarchy or raises its discipline's bar). Base: placing
        # only raises the bar, and a seat's own take-backs are counted below.
        disciplines = range(5) if self.game.expert else open_stacks
        for seat in range(len(self._hands)):
            # In the base game she may take back all her combinations first.
            thresholds = everyone if self.game.expert else self._thresholds(exclude_seat=seat)
            for d in disciplines:
                if self.game.expert:
                    pool = self._pool(seat, d)
                    wholes = self._wholes(seat, d)
                    if wholes:
                        if absorbing_complete(d, pool, thresholds[d], wrap, wholes):
                            return False
                        continue
                else:
                    pool = self._taken_back(seat)
                if can_complete(d, pool, thresholds[d], wrap):
                    return False
        return True

    def _finish_round(self, trigger: int, winner: int, reason: str) -> None:
        n = len(self._hands)
        totals = self._totals()
        order = self._tie_order(trigger)
        if winner < 0:
            winner = min(order, key=lambda seat: (-totals[seat], order.index(seat)))
        # 2nd and 3rd go by "the highest cumulative value of magic items" alone: the
        # scrolls have been put together for them by then (docs/games/anludim.md).
        items = [sum(v for _, v in held) for held in self._items]
        others = sorted(
            (seat for seat in order if seat != winner),
            key=lambda seat: (-items[seat], order.index(seat)),
        )
        self._results.append(
            {
                "round": self._round,
                "winner": winner,
                "reason": reason,
                "trigger": trigger,
                "totals": totals,
                "second": others[0] if others else None,
                "third": others[1] if len(others) > 1 else None,
            }
        )
        self._rounds_won[winner] += 1
        self._ids_table = self._ids_board = self._ids_standing = None
        if self._coats[winner] == GOLD:
            self._winner = winner
            self._phase = OVER
            self._cur = TERMINAL
            return
        self._coats[winner] = GOLD
        self._scrolls = [0] * n
        if n >= 3:
            self._scrolls[others[0]] = 2
            self._scrolls[others[1]] = 1
        # Everything but the hands goes back; the deck is shuffled once keeping is done.
        for row in self._table:
            self._deck.extend(card for _, _, picks, _ in row for card, _ in picks)
        self._table = [[] for _ in range(n)]
        self._deck.extend(c for c in self._face_up if c >= 0)
        self._face_up = [-1, -1, -1]
        self._deck.extend(self._discard)
        self._discard = []
        self._items = [[] for _ in range(n)]
        self._stack_pos = [0] * 5
        self._teacher_cid = [BOARD] * 5
        self._teacher_seat = [BOARD] * 5
        first = (trigger + 1) % n
        self._keep_order = [(first + i) % n for i in range(n)]
        self._phase = KEEPING
        self._turn_player = first
        self._next_keeper()

    def _next_keeper(self) -> None:
        self._kept = []
        while self._keep_order:
            seat = self._keep_order.pop(0)
            if self._hands[seat]:
                self._cur = seat
                return
        self._new_round()

    def _finish_keeping(self) -> None:
        p = self._cur
        kept = set(self._kept)
        self._deck.extend(c for c in self._hands[p] if c not in kept)
        self._hands[p] = [c for c in self._hands[p] if c in kept]
        if self._known[p]:
            self._known[p] = []
            self._ids_known = None
        self._next_keeper()

    def _new_round(self) -> None:
        self._round += 1
        if any(self._known):
            self._known = [[] for _ in self._hands]
            self._ids_known = None
        self._deal_round(first=self._turn_player)

    # --- views -----------------------------------------------------------------------

    def action_to_string(self, action: int) -> str:
        a = action
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < A.NUM_ACTIONS:
            raise IllegalActionError(f"action {a!r} is not an id in 0..{A.NUM_ACTIONS - 1}")
        if a < A.PLACE:
            card, h = divmod(a - A.PICK, 2)
            v, c = CARDS[card][h]
            return f"add {half_text(v, c)} ({card_text(card)})"
        if a < A.DRAW_TWO:
            d = a - A.PLACE
            return f"place {_ARTICLED[d]} for the {TEACHERS[d].title}"
        if a == A.DRAW_TWO:
            return "draw two cards from the deck"
        if a < A.CONFIRM:
            slot = a - A.FACE_UP
            card = self._face_up[slot]
            return f"take face-up card {card_text(card)}" if card >= 0 else f"take face-up {slot}"
        if a == A.CONFIRM:
            d = self._placing
            if d < 0:
                return "confirm the combination"
            name = DISCIPLINES[d].replace("_", " ")
            return f"play {name} {describe(d, self._selection)} for the {TEACHERS[d].title}"
        if a < A.DISCARD_ITEM:
            j = a - A.TAKE_BACK
            row = self._table[self._cur] if self._cur >= 0 else []
            if j < len(row):
                _, d, picks, _ = row[j]
                return f"take back your {DISCIPLINES[d].replace('_', ' ')} {describe(d, picks)}"
            return f"take back combination {j}"
        if a < A.DISCARD_SCROLL:
            kind, value = divmod(a - A.DISCARD_ITEM, 5)
            return f"discard {TEACHERS[kind].item_title} {value + 1} to draw a card"
        if a == A.DISCARD_SCROLL:
            return "discard a scroll to draw a card"
        if a == A.END_TURN:
            return "end turn" if self._phase != MAIN else "pass (no main action possible)"
        if a < A.KEEP_DONE:
            return f"keep {card_text(a - A.KEEP)}"
        return "done keeping: discard the rest"

    def public_action_string(self, action: int) -> str:
        text = self.action_to_string(action)  # refuses what is not an id, first
        if A.KEEP <= action < A.KEEP_DONE:
            return "keeps a card"
        return third_person(text)

    def observation(self, player: int) -> dict[str, Any]:
        n = len(self._hands)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        return self._observe(player)

    def observation_ids(self, player: int) -> tuple[Any, ...]:
        """`observation(player)` as the encoder reads it, in ints; seats are absolute.

        A flat tuple:

        0. `player`;
        1. your hand: card ids;
        2. known cards: per seat, the card ids every seat knows to be in that hand;
        3. table: per seat, its combinations in order, each (discipline, 1 if it holds
           its teacher else 0, ((card, active half), ...));
        4. board: (the three face-up cards, -1 for an empty slot; the discard pile);
        5. standing: (the seat holding each discipline's teacher, -1 on the board; each
           stack's remaining item values, top first; per seat its items as (kind,
           value); scrolls per seat; coat per seat, 1 gold; rounds won per seat);
        6. selection: (card, active half) of the combination being placed;
        7. the cards you chose to keep (only while you are keeping);
        8..17. phase (0 main, 1 placing, 2 after main, 3 keeping, 4 over), current
           player (-4 when over), turn player, discipline being placed (-1 when not
           placing), optional action used (0/1), may take back (0/1), cards the
           keeping seat may keep (0 when no one keeps), deck size, round, turns played;
        18. hand sizes per seat.

        Sections 2..5 are kept in the state until what they show changes (each is
        dropped where the rules change it), so an encoder may key its work on them.
        """
        n = len(self._hands)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        known = self._ids_known
        if known is None:
            known = self._ids_known = tuple([tuple(k) for k in self._known])
        table = self._ids_table
        if table is None:
            cids = self._teacher_cid
            table = self._ids_table = tuple(
                [
                    tuple([(d, 1 if cids[d] == cid else 0, picks) for cid, d, picks, _ in row])
                    for row in self._table
                ]
            )
        board = self._ids_board
        if board is None:
            board = self._ids_board = (tuple(self._face_up), tuple(self._discard))
        standing = self._ids_standing
        if standing is None:
            standing = self._ids_standing = self._standing_ids()
        phase = self._phase
        cur = self._cur
        keeping = phase == KEEPING
        return (
            player,
            tuple(self._hands[player]),
            known,
            table,
            board,
            standing,
            tuple(self._selection),
            tuple(self._kept) if keeping and cur == player else (),
            phase,
            cur,
            self._turn_player,
            self._placing if phase == PLACING else -1,
            1 if self._optional_used else 0,
            1 if phase == MAIN and self._fresh and not self.game.expert else 0,
            KEEP_LIMIT[self._coats[cur]] if keeping else 0,
            len(self._deck),
            self._round,
            self._turns,
            tuple([len(h) for h in self._hands]),
        )

    def _standing_ids(self) -> tuple[Any, ...]:
        stacks = self.game.stacks
        pos = self._stack_pos
        return (
            tuple(self._teacher_seat),
            tuple([stacks[d][pos[d] :] for d in range(5)]),
            tuple([tuple(items) for items in self._items]),
            tuple(self._scrolls),
            tuple(self._coats),
            tuple(self._rounds_won),
        )

    def public_observation(self) -> dict[str, Any]:
        """The table as a spectator sees it: `you` is None, `hand` is empty and no
        seat's kept cards are shown; everything else is as in `observation`."""
        return self._observe(None)

    def _observe(self, player: int | None) -> dict[str, Any]:
        """What `player` may see, or (None) what every seat may see."""
        n = len(self._hands)
        seats = self._teacher_seat
        teachers: dict[str, Any] = {
            name: "board" if seats[d] == BOARD else seats[d] for d, name in enumerate(TEACHER_NAMES)
        }
        cids = self._teacher_cid
        teacher_of = {cids[d]: TEACHER_NAMES[d] for d in range(5) if cids[d] >= 0}
        keeping: dict[str, Any] | None = None
        if self._phase == KEEPING:
            keeping = {"seat": self._cur, "limit": KEEP_LIMIT[self._coats[self._cur]]}
            if player == self._cur:
                keeping["kept"] = _cards_json(self._kept)
        return {
            "game": "anludim",
            "variant": "expert" if self.game.expert else "base",
            "placeholder_data": self.game.info.placeholder_data,
            "players": n,
            "you": player,
            "round": self._round,
            "turn": self._turns + 1,
            "turns_played": self._turns,
            "phase": PHASE_NAMES[self._phase],
            "current_player": self._cur,
            "turn_player": self._turn_player,
            "hand": [] if player is None else _cards_json(self._hands[player]),
            "hand_sizes": [len(h) for h in self._hands],
            "known_cards": [_cards_json(k) for k in self._known],
            "deck_size": len(self._deck),
            "discard_size": len(self._discard),
            "discard": _cards_json(self._discard),
            "face_up": [card_json(c) if c >= 0 else None for c in self._face_up],
            "table": [
                [
                    {
                        "id": cid,
                        "discipline": DISCIPLINES[d],
                        "cards": _placed_list(picks),
                        "teacher": teacher_of.get(cid),
                    }
                    for cid, d, picks, _ in row
                ]
                for row in self._table
            ],
            "teachers": teachers,
            "stacks": {ITEM_KINDS[d]: list(self._stack(d)) for d in range(5)},
            "items": [
                [{"kind": ITEM_KINDS[kind], "value": value} for kind, value in items]
                for items in self._items
            ],
            "scrolls": list(self._scrolls),
            "totals": self._totals(),
            "coats": ["gold" if c == GOLD else "silver" for c in self._coats],
            "rounds_won": list(self._rounds_won),
            "optional_used": self._optional_used,
            "may_take_back": self._phase == MAIN and self._fresh and not self.game.expert,
            "placing": DISCIPLINES[self._placing] if self._phase == PLACING else None,
            "selection": _placed_list(self._selection),
            "keeping": keeping,
            "round_results": [{**r, "totals": list(r["totals"])} for r in self._results],
            "winner": self._winner if self._phase == OVER else None,
        }

    def resample(self, player: int, seed: int) -> AnludimState:
        """Deal the cards hidden from `player` anew, from a canonical order and `seed`.

        A seat other than `player` that is half-way through placing a combination has
        shown that its hand can finish it: deals where it could not are rejected, and if
        many are, one of the possible completions is dealt into that hand first.
        """
        n = len(self._hands)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        seed = check_resample_seed(seed)
        seen = set(self._hands[player])
        seen.update(c for c in self._face_up if c >= 0)
        seen.update(self._discard)
        for row in self._table:
            seen.update(card for _, _, picks, _ in row for card, _ in picks)
        shown = [[] if seat == player else self._shown_in_hand(seat) for seat in range(n)]
        for cards in shown:
            seen.update(cards)
        hidden = [c for c in range(NUM_CARDS) if c not in seen]
        placing = self._phase == PLACING and self._cur != player
        # Only the cards dealt into hands are drawn here; the deck keeps the rest in a
        # canonical order, and the guess draws from it at random (_draw).
        dealt = sum(len(hand) - len(shown[seat]) for seat, hand in enumerate(self._hands))
        dealt -= len(self._hands[player])
        for attempt in range(_RESAMPLE_TRIES + 1):
            rng = Rng(mix_seed(seed, attempt, 0x5EED))
            deal = hidden[:]
            last = attempt == _RESAMPLE_TRIES
            # (the last attempt takes cards out of the deal: it is shuffled whole)
            rng.shuffle_front(deal, len(deal) - 1 if last else min(dealt, len(deal) - 1))
            forced = self._forced_completion(shown, deal, rng) if last else []
            new = self._redeal(player, shown, deal, forced)
            if not placing or new._compute_legal():
                break
        self._as_guess(new, seed)
        return new

    def _shown_in_hand(self, seat: int) -> list[int]:
        """Cards every seat knows to be in `seat`'s hand."""
        cards = list(self._known[seat])
        if self._phase == PLACING and self._cur == seat:
            in_hand = set(self._hands[seat])
            cards.extend(c for c, _ in self._selection if c in in_hand and c not in cards)
        return cards

    def _redeal(
        self, player: int, shown: list[list[int]], deal: list[int], forced: list[int]
    ) -> AnludimState:
        new = self.clone()
        deal = [c for c in deal if c not in forced]
        for seat in range(len(self._hands)):
            if seat == player:
                continue
            hand = shown[seat][:]
            if seat == self._cur and forced:
                hand.extend(forced)
            take = len(self._hands[seat]) - len(hand)
            hand.extend(deal[:take])
            del deal[:take]
            new._hands[seat] = hand
        new._deck = deal
        if self._phase == KEEPING and self._cur != player:
            new._kept = []
        return new

    def _forced_completion(self, shown: list[list[int]], deal: list[int], rng: Rng) -> list[int]:
        """Hidden cards that finish the placing seat's combination, chosen at random
        among the ways to finish it from everything that seat might hold."""
        seat, d = self._cur, self._placing
        room = len(self._hands[seat]) - len(shown[seat])
        picked = {c for c, _ in self._selection}
        visible = set(shown[seat])
        hand = set(self._hands[seat])
        usable = {c for c in self._pool(seat, d) if c in visible or c not in hand}
        pool = sorted((usable | set(deal)) - picked)
        threshold = self._thresholds()[d]
        wrap = self.game.straight_wrap
        wholes = self._wholes(seat, d)
        dealt = set(deal)

        def finish(sel: list[Pick], pool: list[int], forced: list[int]) -> list[int] | None:
            # Depth first, in random order: a pick can lead to a finish that needs more
            # hidden cards than the hand has room for, and another pick must be tried.
            if absorbing_beats(d, sel, threshold, wrap, wholes):
                return forced
            options = absorbing_picks(d, sel, pool, threshold, wrap, wholes)
            options = [o for o in options if o[0] not in dealt or len(forced) < room]
            rng.shuffle(options)
            for card, h in options:
                rest = [c for c in pool if c != card]
                found = finish(
                    [*sel, (card, h)], rest, [*forced, card] if card in dealt else forced
                )
                if found is not None:
                    return found
            return None

        return finish(list(self._selection), pool, []) or []
