"""Build Arnak positions for rules tests: a fresh game, then a seat's cards, resources,
assistants, guardians and archaeologists set directly on the state's internals.

Every editing helper ends with `state._legal = None` (the cached legal actions are
stale after an edit). `do` applies actions and fails with the legal list when one is
not legal; `by_text` finds the one legal action whose text contains a fragment."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import meeple
from meeple.games.arnak import actions as A  # noqa: F401 (re-exported for tests)
from meeple.games.arnak.components import (
    ASSISTANTS,
    CARD_INDEX,
    CARDS,
    GUARDIANS,
    RESOURCES,
    SITE_TILES,
)
from meeple.games.arnak.rules import FREE, HOME, SITE_SLOTS, ArnakState, is_free


def fresh(players: int = 2, board: str = "bird", seed: int = 0, **options: Any) -> ArnakState:
    """A new game (seat 0 to act in a multiplayer game)."""
    game = meeple.load_game("arnak", players=players, board=board, **options)
    state = game.new_initial_state(seed)
    assert isinstance(state, ArnakState)
    return state


def card(name: str) -> int:
    """A card type from its id: "item.sea_turtle", "art.stone_key", "sea_turtle",
    "basic.funding_car", "fear"."""
    if name in CARD_INDEX:
        return CARD_INDEX[name]
    for prefix in ("item.", "art.", "basic."):
        if prefix + name in CARD_INDEX:
            return CARD_INDEX[prefix + name]
    raise KeyError(f"no card {name!r}")


def cards(*names: str) -> list[int]:
    return [card(n) for n in names]


def assistant(aid: str) -> int:
    """An assistant index from its id ("A01".."A12") or nickname ("banker")."""
    for i, a in enumerate(ASSISTANTS):
        if aid in (a.id, a.nickname):
            return i
    raise KeyError(f"no assistant {aid!r}")


def guardian(gid: str) -> int:
    """A guardian index from its id ("G01".."G15")."""
    for i, g in enumerate(GUARDIANS):
        if g.id == gid:
            return i
    raise KeyError(f"no guardian {gid!r}")


def site_tile(tid: str) -> int:
    """A site tile index from its id ("L1-01".."L2-06")."""
    for i, t in enumerate(SITE_TILES):
        if t.id == tid:
            return i
    raise KeyError(f"no site tile {tid!r}")


def res(
    coin: int = 0, compass: int = 0, tablet: int = 0, arrowhead: int = 0, jewel: int = 0
) -> list[int]:
    return [coin, compass, tablet, arrowhead, jewel]


def seat_of(state: ArnakState, p: int | None = None) -> Any:
    return state._seats[state.current_player if p is None else p]


def _names(items: Iterable[int | str]) -> list[int]:
    return [card(c) if isinstance(c, str) else c for c in items]


def setup(
    state: ArnakState,
    p: int = 0,
    *,
    hand: Iterable[int | str] | None = None,
    deck: Iterable[int | str] | None = None,
    play: Iterable[int | str] | None = None,
    resources: dict[str, int] | list[int] | None = None,
    assistants: Iterable[tuple[int | str, bool, bool] | int | str] | None = None,
    guardians: Iterable[tuple[int | str, bool] | int | str] | None = None,
    crates: int | None = None,
    slots: list[bool] | None = None,
    fear_tiles: int | None = None,
) -> ArnakState:
    """Set seat `p`'s components. `deck` lists cards bottom first (the last is drawn
    next). `resources` is a name -> count mapping (missing ones become 0) or a 5-list.
    `assistants` items are an index/id (silver, ready) or (index/id, gold, exhausted);
    `guardians` items are an index/id (boon unused) or (index/id, used)."""
    seat = state._seats[p]
    if hand is not None:
        seat.hand = _names(hand)
    if deck is not None:
        seat.deck = _names(deck)
        seat.public = [False] * len(seat.deck)
        seat.private_top = 0
    if play is not None:
        seat.play = _names(play)
    if resources is not None:
        if isinstance(resources, dict):
            for key in resources:
                assert key in RESOURCES, key
            seat.res = [int(resources.get(r, 0)) for r in RESOURCES]
        else:
            seat.res = list(resources)
    if assistants is not None:
        codes = []
        for a in assistants:
            if isinstance(a, tuple):
                who, gold, exhausted = a
            else:
                who, gold, exhausted = a, False, False
            i = assistant(who) if isinstance(who, str) else who
            codes.append(i | (16 if gold else 0) | (32 if exhausted else 0))
        seat.assistants = codes
    if guardians is not None:
        codes = []
        for g in guardians:
            if isinstance(g, tuple):
                who, used = g
            else:
                who, used = g, False
            i = guardian(who) if isinstance(who, str) else who
            codes.append(i | (16 if used else 0))
        seat.guardians = codes
    if crates is not None:
        seat.crates = crates
    if slots is not None:
        seat.slots = list(slots)
    if fear_tiles is not None:
        seat.fear_tiles = fear_tiles
    state._legal = None
    return state


def discover(
    state: ArnakState, site: int, tile: int | str | None = None, guard: int | str | None = None
) -> ArnakState:
    """Mark `site` discovered with `tile` (an unused tile of its level by default) and
    optionally a guardian on it; its idols are removed from the board."""
    level = state._spaces[site].level
    if tile is None:
        used = set(state._tile)
        tile = next(t for t in state._stacks[level - 1] if t not in used)
    t = site_tile(tile) if isinstance(tile, str) else tile
    assert SITE_TILES[t].level == level, "tile level must match the site"
    for stack in state._stacks:
        if t in stack:
            stack.remove(t)
    state._clip_known(0)
    state._clip_known(1)
    state._tile[site] = t
    state._idol_up[site] = FREE
    state._idol_down[site] = 0
    if guard is not None:
        g = guardian(guard) if isinstance(guard, str) else guard
        if g in state._guardians:
            state._guardians.remove(g)
        state._guardian[site] = g
    state._legal = None
    return state


def place(state: ArnakState, p: int, site: int, space: int | None = None) -> int:
    """Put one of seat `p`'s home archaeologists on `site` (its first free space, or
    space index `space`) without resolving anything; returns the slot. `p` may be the
    rival mark for a solo game's rival."""
    slots = SITE_SLOTS[site]
    slot = slots[space] if space is not None else next(s for s in slots if state._occ[s] == FREE)
    assert state._occ[slot] == FREE, "that space is taken"
    if 0 <= p < len(state._seats):
        seat = state._seats[p]
        i = seat.arch.index(HOME)
        seat.arch[i] = slot
    state._occ[slot] = p
    state._legal = None
    return slot


def row(
    state: ArnakState,
    items: Iterable[int | str] | None = None,
    artifacts: Iterable[int | str] | None = None,
) -> ArnakState:
    """Set the card row (items left to right, artifacts left to right); the chosen cards
    leave their decks and the replaced row cards go under their decks."""
    for new, attr, deck_attr in (
        (items, "_row_item", "_item_deck"),
        (artifacts, "_row_art", "_art_deck"),
    ):
        if new is None:
            continue
        chosen = _names(new)
        deck = getattr(state, deck_attr)
        for c in getattr(state, attr):
            if c not in chosen:
                deck.insert(0, c)
        for c in chosen:
            if c in deck:
                deck.remove(c)
        setattr(state, attr, chosen)
    state._known_top = [False, False]
    state._legal = None
    return state


def deck_top(state: ArnakState, c: int | str) -> ArnakState:
    """Put card `c` on top of its (item or artifact) deck, taking it from the row if there."""
    c = card(c) if isinstance(c, str) else c
    item = CARDS[c].kind == "item"
    deck = state._item_deck if item else state._art_deck
    shown = state._row_item if item else state._row_art
    if c in shown:
        shown.remove(c)
    if c in deck:
        deck.remove(c)
    deck.append(c)
    state._legal = None
    return state


def supply(state: ArnakState, *stacks: Iterable[int | str]) -> ArnakState:
    """Set the assistant supply stacks (each bottom first; the last is on top)."""
    state._supply = [[assistant(a) if isinstance(a, str) else a for a in st] for st in stacks]
    state._legal = None
    return state


def answers(state: ArnakState) -> list[int]:
    """The legal actions that answer the pending decision: without the free actions
    also offered on top of it."""
    kind = state._stack[-1][0] if state._stack else None
    legal = state.legal_actions()
    return legal if kind is None else [a for a in legal if not is_free(kind, a)]


def texts(state: ArnakState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


legal_texts = texts


def by_text(state: ArnakState, fragment: str) -> int:
    """The one legal action whose text contains `fragment` (an exact text wins)."""
    found = [a for a in state.legal_actions() if fragment in state.action_to_string(a)]
    exact = [a for a in found if state.action_to_string(a) == fragment]
    if exact:
        return exact[0]
    assert len(found) == 1, (
        f"{fragment!r} matches {[state.action_to_string(a) for a in found]} of {texts(state)}"
    )
    return found[0]


def do(state: ArnakState, *actions: int | str) -> ArnakState:
    """Apply each action (an id, or a text fragment for `by_text`), asserting it is legal."""
    for action in actions:
        a = by_text(state, action) if isinstance(action, str) else action
        legal = state.legal_actions()
        assert a in legal, (
            f"{state.action_to_string(a)!r} ({a}) is not legal; legal: {texts(state)}"
        )
        state.apply_action(a)
    return state


BASIC_DECK = cards("funding_car", "funding_boat", "exploration_car", "exploration_boat")
"""The four basic cards as a deck, bottom first: exploration (boat) is drawn first."""
FC, FB, EC, EB = BASIC_DECK  # bottom .. top: EB is drawn first, FC is the bottom card


def table(hand: list[str | int], **kw: object) -> ArnakState:
    """Seat 0 to act in a two-player game with exactly this hand, the 4-card BASIC_DECK,
    an empty play area and the given resources (none by default); `kw` as for setup."""
    s = fresh()
    kw.setdefault("deck", BASIC_DECK)
    kw.setdefault("play", [])
    kw.setdefault("resources", {})
    setup(s, 0, hand=hand, **kw)  # type: ignore[arg-type]
    return s


def objectives_done(state: ArnakState) -> list[str]:
    """The Rival Objectives the seat is credited with from now on, in order."""
    seen: list[str] = []
    state._objective = lambda name, done=True: seen.append(name)  # type: ignore[method-assign]
    state._legal = None
    return seen
