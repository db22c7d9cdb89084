"""Arnak invariants along random play (hypothesis chooses the game, its options and the
moves): every item and artifact in exactly one place, every site tile in a pile or on
the board, archaeologists where the board
says, no resource below zero, notebooks no higher than their glass, temple tiles counted,
the quick score the same as its parts, and the solo rival's own bounds."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.arnak.components import (
    ARTIFACTS,
    ITEMS,
    LEVEL1_TILES,
    LEVEL2_TILES,
    TEMPLE_STACKS,
    TWISTED_LEVEL1_TILES,
    TWISTED_LEVEL2_TILES,
)
from meeple.games.arnak.owl import board as owl_board
from meeple.games.arnak.owl import reach as owl_reach
from meeple.games.arnak.rival import OPEN, THEIRS, objective_value
from meeple.games.arnak.rules import FREE, HOME, LOOK_KEEP, LOOK_RETURN, RIVAL, ArnakState

from ..walk import play_checked
from .scenario import fresh

GAP = -1


def check_invariants(s: ArnakState) -> None:
    # Every item and artifact is in exactly one place.
    places: Counter[int] = Counter()
    places.update(s._item_deck + s._art_deck + s._item_exile + s._art_exile)
    places.update(c for c in s._row_item + s._row_art if c != GAP)
    for seat in s._seats:
        places.update(seat.hand + seat.deck + seat.play)
    for frame in s._stack:
        if frame[0] in (LOOK_KEEP, LOOK_RETURN):
            places.update(frame[2])
    if s._rival is not None:
        places.update(s._rival.cards)
    places.update(c for c in s._altar_card if c != FREE)  # the Spider Temple's altars
    cards = set(ITEMS) | set(ARTIFACTS)
    assert {c: n for c, n in places.items() if c in cards} == dict.fromkeys(cards, 1)
    assert all(c in s._item_deck or c in s._art_deck for c in s._revealed)  # shown, not taken
    # Every site tile dealt (Twisted Paths' four with their option) is in a pile or on
    # the board, once.
    tiles = LEVEL1_TILES + LEVEL2_TILES
    if s.game.twisted_paths_sites:
        tiles += TWISTED_LEVEL1_TILES + TWISTED_LEVEL2_TILES
    laid = [t for t in s._tile if t != FREE]
    assert sorted(s._stacks[0] + s._stacks[1] + laid) == sorted(tiles)
    # Archaeologists stand where the board says, and only there.
    standing = {slot: p for p, seat in enumerate(s._seats) for slot in seat.arch if slot != HOME}
    if s._rival is not None:
        standing.update({slot: RIVAL for slot in s._rival.arch if slot >= 0})
    for slot, occupant in enumerate(s._occ):
        if 0 <= occupant < s._n or occupant == RIVAL:
            assert standing.get(slot) == occupant, (slot, occupant)
        else:
            assert slot not in standing
    assert all(s._occ[slot] != FREE for slot in standing)
    # Resources, research and temple tiles.
    nodes = s._track.nodes
    for p, seat in enumerate(s._seats):
        assert min(seat.res) >= 0 and seat.crates >= 0, (p, seat.res, seat.crates)
        # the notebook stays below the glass (on the Owl Temple: the glass's passage row
        # or the lantern, whichever is higher)
        top = nodes[seat.glass].row if s._track.owl is None else owl_reach(s, seat)
        assert nodes[seat.notebook].row <= top
        assert not nodes[seat.notebook].lost_temple
        assert s._score(p) == sum(s.score_parts(p).values())
    ranks = [seat.temple_rank for seat in s._seats if seat.temple_rank >= 0]
    taken = [k for seat in s._seats for k in seat.temples]
    if s._rival is not None:
        ranks += [s._rival.temple_rank] if s._rival.temple_rank >= 0 else []
        taken += s._rival.temples
    assert sorted(ranks) == list(range(s._arrivals))
    table = 2 if s._solo else s._n
    owl = s._track.owl
    if owl is None:
        for k in range(len(TEMPLE_STACKS)):
            assert s._temple_left[k] + taken.count(k) == table
    else:  # the Owl Temple: every Owl tile owned, lying on the track or the top, once
        owned = [v for seat in s._seats for v in seat.owl_tiles]
        owned += s._rival.owl_tiles if s._rival is not None else []
        lying = [t.vp for t in owl.track_tiles if t.kind != "idol" and s._owl_track[t.num]]
        hidden = [p.vp for p in owl.passages if p.content != "idol" and s._passage_used[p.num] < 0]
        top = [t.vp for t in owl.top if t.kind != "idol" for _ in range(s._temple_left[t.num])]
        dealt = [t.vp for t in owl.track_tiles if t.kind != "idol" and t.min_players <= table]
        dealt += [p.vp for p in owl.passages if p.content != "idol"]
        dealt += [
            t.vp for t in owl.top if t.kind != "idol" for _ in range(t.per_players[f"p{table}"])
        ]
        assert sorted(owned + lying + hidden + top) == sorted(dealt)
        for p, seat in enumerate(s._seats):
            assert (seat.passage >= 0) == (p in s._passage_used) == (seat.lantern >= 0)
            assert seat.owl_slotted <= len(seat.owl_tiles) // 2
    # The Spider Temple: every dark tablet in the supply, a hand or under an altar.
    if s._altar_tabs:
        held = sum(seat.dark for seat in s._seats)
        assert all(0 <= seat.dark <= seat.res[2] for seat in s._seats)
        assert sum(s._dark_supply) + held + sum(map(sum, s._altar_tabs)) == 7 * table
        assert all(max(tabs[: s._n]) <= 3 for tabs in s._altar_tabs)
    # The solo rival: its notebook below its glass, its objectives within their points.
    rival = s._rival
    if rival is not None:
        if rival.notebook >= 0:
            top = nodes[rival.glass].row
            if rival.passage >= 0:
                top = owl_board(s).passages[rival.passage].row
            if rival.lantern >= 0:
                top = max(top, nodes[rival.lantern].row)
            assert nodes[rival.notebook].row <= top
            assert not nodes[rival.notebook].lost_temple
        doubled = s.game.first_objective_doubled
        won = [objective_value(i, doubled) for i, o in enumerate(rival.goal_owner) if o == THEIRS]
        assert sum(won) <= rival.goal_points <= s._round * (4 + 2 * 3)
        assert len(set(rival.goals)) == len(rival.goals) == len(rival.goal_owner)
        assert all(o in (OPEN, 0, THEIRS) for o in rival.goal_owner)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(1, 4),
    board=st.sampled_from(["bird", "snake", "spider", "owl"]),
    purple=st.integers(0, 5),
    objectives=st.sampled_from([0, 2, 3, 4]),
    twisted_sites=st.booleans(),
    seed=st.integers(0, 2**31),
    choices=st.lists(st.integers(0, 10**6), min_size=50, max_size=800),
)
def test_invariants_hold_along_play(
    players: int,
    board: str,
    purple: int,
    objectives: int,
    twisted_sites: bool,
    seed: int,
    choices: list[int],
) -> None:
    solo = {"purple": purple, "objectives": objectives} if players == 1 else {}
    s = fresh(players, board, seed=seed, twisted_paths_sites=twisted_sites, **solo)
    check_invariants(s)
    play_checked(s, choices, check_invariants)
