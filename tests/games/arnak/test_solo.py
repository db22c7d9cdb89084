"""The Arnak solo rival: its tile stack, its turns around the human's, every tile type,
the round-V skips, its scoring and who wins (rulebook "Solo Variant"; reference
solo.yaml). The decision arrows on the tile backs are placeholder data, so the tests
pick the next tile by its arrow rather than relying on any tile's arrow."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.games.arnak import actions as A
from meeple.games.arnak.components import CARDS, SOLO_TILES, TRACKS
from meeple.games.arnak.rival import Rival
from meeple.games.arnak.rules import FREE, RIVAL, ArnakState

from .scenario import card, discover, do, fresh, guardian, place, row, setup

FEAR = card("fear")
PAIRS = ("discover", "research", "overcome", "buy_item", "buy_artifact")


def _solo(board: str = "bird", seed: int = 2, **options: object) -> ArnakState:
    """A solo game whose rival opened with a dig tile, with the rival's archaeologist
    back home and a fresh tile stack to set by hand."""
    state = fresh(1, board, seed=seed, **options)
    rival = state._rival
    assert SOLO_TILES[rival.used[0]].type == "dig"
    rival.recall(state)
    state._legal = None
    return state


def _tile(name: str) -> int:
    return next(t.num for t in SOLO_TILES if t.id == name)


def _arrow(direction: str, avoid: int) -> int:
    return next(t.num for t in SOLO_TILES if t.arrow == direction and t.num != avoid)


def _rival_at(state: ArnakState, site: int) -> None:
    """Stand one of the rival's archaeologists on `site` (no effect)."""
    rival = state._rival
    rival.arch[rival._home()] = place(state, RIVAL, site)


def _play(state: ArnakState, name: str, arrow: str = "left") -> Rival:
    """The rival plays tile `name`, with a tile whose arrow is `arrow` next in its stack."""
    rival = state._rival
    tile = _tile(name)
    rival.stack = [_arrow(arrow, tile), tile]
    rival.used = []
    rival.take_turn(state)
    state._legal = None
    return rival


# ------------------------------------------------------------------ setup and flow


@pytest.mark.parametrize("difficulty", range(6))
def test_rival_stack(difficulty: int) -> None:
    state = fresh(1, seed=difficulty, difficulty=difficulty)
    rival = state._rival
    tiles = [SOLO_TILES[t] for t in rival.stack + rival.used]
    assert len(tiles) == 10
    assert sorted(t.id for t in tiles if t.type == "dig") == sorted(
        f"dig_{r}" for r in ("coin", "compass", "tablet", "arrowhead", "jewel")
    )
    assert Counter(t.type for t in tiles if t.type != "dig") == {k: 1 for k in PAIRS}
    assert sum(1 for t in tiles if t.colour == "red") == difficulty
    assert rival.difficulty == difficulty


def test_red_tiles_are_chosen_at_random() -> None:
    reds = set()
    for seed in range(10):
        rival = fresh(1, seed=seed, difficulty=2)._rival
        reds.add(
            frozenset(
                SOLO_TILES[t].type
                for t in rival.stack + rival.used
                if SOLO_TILES[t].colour == "red"
            )
        )
    assert len(reds) > 1


def test_rival_and_human_alternate() -> None:
    state = _solo()
    rival = state._rival
    assert len(rival.used) == 1 and len(rival.stack) == 9
    setup(state, 0, hand=[FEAR, FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    assert len(rival.used) == 2 and state.current_player == 0
    do(state, A.SITE + 1, A.HAND + FEAR, A.END_TURN)
    assert len(rival.used) == 3


def test_rival_keeps_playing_after_the_human_passes() -> None:
    state = _solo()
    state._round = 5
    setup(state, 0, hand=[])
    do(state, A.PASS)
    assert state.is_terminal()
    assert len(state._rival.used) == 10 and state._rival.stack == []


def test_rival_starts_every_round() -> None:
    state = _solo()
    for expected in (2, 3, 4):
        setup(state, 0, hand=[])
        do(state, A.PASS)
        while state._stack:
            do(state, A.DONE)
        assert state._round == expected
        assert len(state._rival.used) == 1 and len(state._rival.stack) == 9
        assert state.current_player == 0 and state._start == 0


def test_human_plays_on_alone_when_the_rival_is_done() -> None:
    state = _solo()
    state._rival.stack = []
    setup(state, 0, hand=[FEAR, FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    assert state.current_player == 0 and state._round == 1
    assert len(state._rival.used) == 1


def test_rival_shuffles_its_stack_each_round() -> None:
    orders = set()
    for seed in (2, 3, 4, 6):
        state = fresh(1, seed=seed)
        setup(state, 0, hand=[])
        do(state, A.PASS)
        while state._stack:
            do(state, A.DONE)
        orders.add(tuple(state._rival.stack + state._rival.used))
    assert len(orders) > 1


# ------------------------------------------------------------------ dig


def test_dig_prefers_the_highest_row_then_the_arrow() -> None:
    for arrow, site in (("left", 9), ("right", 10)):
        state = _solo()
        discover(state, 5, "L1-05")  # row 1: 1 coin + 2 tablets
        discover(state, 9, "L1-02")  # row 2, left: 1 coin + 1 arrowhead
        discover(state, 10, "L1-03")  # row 2: draw, 1 coin + 1 tablet
        discover(state, 11, "L1-04")  # row 2: no coin
        _play(state, "dig_coin", arrow)
        assert state._occ[site + 5] == RIVAL
        assert state._occ.count(RIVAL) == 1


def test_dig_falls_back_to_lower_rows_and_camps() -> None:
    state = _solo()
    discover(state, 5, "L1-05")
    _play(state, "dig_coin")
    assert state._occ[10] == RIVAL
    _play(state, "dig_coin")
    assert state._occ[0] == RIVAL  # C1: 2 coins, its 1-boot space
    _play(state, "dig_coin")
    assert state._occ.count(RIVAL) == 2  # C1's other space is blocked: nothing


def test_dig_jewel_uses_the_fifth_camp() -> None:
    state = _solo()
    _play(state, "dig_jewel")
    assert state._occ[8] == RIVAL
    assert state._seats[0].res == [1, 1, 0, 0, 0]  # the rival gains nothing, nor do you


# ------------------------------------------------------------------ discover


@pytest.mark.parametrize(
    ("colour", "round_", "level", "guarded"),
    [
        ("green", 1, 1, True),
        ("green", 2, 1, False),
        ("green", 3, 1, True),
        ("green", 4, 2, False),
        ("red", 1, 1, False),
        ("red", 2, 1, True),
        ("red", 3, 1, False),
        ("red", 4, 2, True),
        ("red", 5, 2, False),
    ],
)
def test_discover_schedule(colour: str, round_: int, level: int, guarded: bool) -> None:
    for arrow in ("left", "right"):
        state = _solo()
        state._round = round_
        sites = [5, 8] if level == 1 else [13, 16]  # lowest row: left end, right end
        site = sites[arrow == "right"]
        idol = state._idol_up[site]
        down = state._idol_down[site]
        top = state._stacks[level - 1][-1]
        rival = _play(state, f"{colour}_discover", arrow)
        assert state._occ[site + 5] == RIVAL
        assert state._tile[site] == top
        assert (state._guardian[site] != FREE) == guarded
        assert rival.idols_up == [idol] and rival.minus == down
        assert state._idol_up[site] == FREE and state._idol_down[site] == 0
        assert state._seats[0].res == [1, 1, 0, 0, 0]  # the site's effect is not used


def test_green_discover_skips_round_five() -> None:
    state = _solo()
    state._round = 5
    _play(state, "green_discover")
    assert not any(state.discovered(s) for s in range(5, 17))
    assert state._rival.used == [_tile("green_discover")]


def test_discover_goes_up_a_row_when_the_lowest_is_full() -> None:
    state = _solo()
    for site in (5, 6, 7, 8):
        discover(state, site)
    _play(state, "red_discover", "left")
    assert state._occ[9 + 5] == RIVAL and state.discovered(9)


def test_duplicate_and_face_down_idols_go_to_the_minus_pile() -> None:
    state = _solo()
    state._round = 4
    state._idol_up[13] = 0  # coin
    rival = state._rival
    rival.idols_up = [0]
    _play(state, "red_discover", "left")
    assert rival.idols_up == [0] and rival.minus == 2  # duplicate + face-down
    assert rival.score_parts(state)["idols"] == 3 + 2 * 2


# ------------------------------------------------------------------ research


def test_research_advances_and_removes_bonus_and_assistant() -> None:
    state = _solo()
    rival = state._rival
    rival.glass = 1
    kinds = state._bonus[3][:]
    assert kinds  # a bonus tile on bird.3
    heights = [len(s) for s in state._supply]
    _play(state, "green_research", "left")
    assert rival.glass == 3 and state._bonus[3] == []
    assert [len(s) for s in state._supply] == [heights[0] - 1, *heights[1:]]
    assert state._seats[0].res == [1, 1, 0, 0, 0]


@pytest.mark.parametrize(("arrow", "node", "stack"), [("left", 1, 0), ("right", 2, 2)])
def test_research_ties_follow_the_arrow(arrow: str, node: int, stack: int) -> None:
    state = _solo()
    tops = [s[-1] for s in state._supply]
    _play(state, "red_research", arrow)
    assert state._rival.glass == node
    assert state._supply[stack][-1] != tops[stack] and len(state._supply[stack]) == 3


def test_research_takes_from_the_tallest_stack() -> None:
    state = _solo()
    state._supply[0].pop()
    state._supply[2].pop()
    _play(state, "green_research", "right")
    assert [len(s) for s in state._supply] == [3, 3, 3]


def test_rival_lost_temple_then_six_point_tiles() -> None:
    state = _solo()
    rival = state._rival
    rival.glass = 12
    state._arrivals = 0
    _play(state, "green_research")
    assert rival.glass == 14 and rival.temple_rank == 0 and state._arrivals == 1
    assert len(state._temple_bonus) == 1
    assert rival.score_parts(state)["research"] == 23
    _play(state, "green_research", "left")
    assert rival.temples == [3] and state._temple_left[3] == 1
    _play(state, "green_research", "right")
    assert rival.temples == [3, 4]
    state._temple_left[4] = 0
    _play(state, "green_research", "right")
    assert rival.temples == [3, 4, 3]  # only the left 6-point stack has a tile
    state._temple_left[3] = 0
    _play(state, "green_research")
    assert rival.temples == [3, 4, 3] and rival.score_parts(state)["temple_tiles"] == 18


def test_human_arriving_after_the_rival_scores_second() -> None:
    state = _solo()
    state._rival.glass = 12
    _play(state, "green_research")
    seat = state._seats[0]
    seat.glass = 12
    setup(state, 0, resources={"coin": 1, "compass": 1, "jewel": 1})
    do(state, A.GLASS + 14)
    assert seat.temple_rank == 1 and state.research_points(0) == 21
    assert len(state._temple_bonus) == 1  # one tile left for the human's pick
    assert state.current_player == 0 and state._stack[-1][0] == "bonus_pick"


def test_snake_rival_rescues_in_addition() -> None:
    state = _solo("snake")
    rival = state._rival
    rival.glass = 6
    rescue = state._rescue[:]
    supply = sum(len(s) for s in state._supply)
    _play(state, "green_research")
    assert rival.glass == 8  # no idol needed by the rival
    assert state._rescue == rescue[:-1]
    assert sum(len(s) for s in state._supply) == supply - 1


# ------------------------------------------------------------------ overcome


def test_overcome_takes_a_guardian_at_its_site() -> None:
    state = _solo()
    discover(state, 5, guard="G08")
    discover(state, 9, guard="G09")
    _rival_at(state, 5)
    _rival_at(state, 9)
    rival = _play(state, "red_overcome", "left")
    assert rival.guardians == [guardian("G09")]  # the higher row first
    assert state._guardian[9] == FREE and state._guardian[5] == guardian("G08")
    assert rival.score_parts(state)["guardians"] == 5


def test_overcome_ignores_guardians_elsewhere() -> None:
    state = _solo()
    discover(state, 5, guard="G08")
    place(state, 0, 5)  # the human's site
    heights = [len(s) for s in state._supply]
    rival = _play(state, "green_overcome", "left")
    assert rival.guardians == [] and state._guardian[5] == guardian("G08")
    # research instead, without taking an assistant
    assert rival.glass == 1
    assert [len(s) for s in state._supply] == heights


def test_overcome_fallback_still_rescues_on_snake() -> None:
    state = _solo("snake")
    state._rival.glass = 7
    rescue = len(state._rescue)
    heights = [len(s) for s in state._supply]
    _play(state, "red_overcome")
    assert state._rival.glass == 8 and len(state._rescue) == rescue - 1
    assert [len(s) for s in state._supply] == heights


# ------------------------------------------------------------------ buying


ITEMS = ["item.automobile", "item.hat", "item.whip", "item.steam_boat", "item.flask"]
# VP:          3                1            1             3                 1


@pytest.mark.parametrize(
    ("colour", "arrow", "taken"),
    [
        ("green", "left", "item.hat"),
        ("green", "right", "item.flask"),
        ("red", "left", "item.automobile"),
        ("red", "right", "item.steam_boat"),
    ],
)
def test_buy_item(colour: str, arrow: str, taken: str) -> None:
    state = _solo()
    row(state, items=ITEMS)
    top = state._item_deck[-1]
    rival = _play(state, f"{colour}_buy_item", arrow)
    assert rival.cards == [card(taken)]
    assert state._row_item == [c for c in map(card, ITEMS) if c != card(taken)] + [top]
    assert rival.score_parts(state)["cards"] == CARDS[card(taken)].vp


def test_buy_artifact() -> None:
    state = _solo()
    state._round = 3
    arts = ["art.treasure_chest", "art.war_club", "art.sundial"]  # 3, 1, 1 VP
    row(state, artifacts=arts)
    top = state._art_deck[-1]
    rival = _play(state, "red_buy_artifact", "left")
    assert rival.cards == [card("art.treasure_chest")]
    assert state._row_art == [top, card("art.war_club"), card("art.sundial")]
    rival = _play(state, "green_buy_artifact", "right")
    assert rival.cards[-1] == card("art.sundial")


# ------------------------------------------------------------------ round V


@pytest.mark.parametrize("name", ["green_research", "green_overcome"])
def test_round_five_skips(name: str) -> None:
    state = _solo()
    state._round = 5
    heights = [len(s) for s in state._supply]
    rival = _play(state, name)
    assert rival.glass == TRACKS["bird"].start
    assert [len(s) for s in state._supply] == heights


def test_red_tiles_act_in_round_five() -> None:
    state = _solo()
    state._round = 5
    rival = _play(state, "red_research")
    assert rival.glass != TRACKS["bird"].start


@pytest.mark.parametrize("skip", [False, True])
def test_green_buy_item_in_round_five(skip: bool) -> None:
    state = _solo(rival_skips_green_buy_item=skip)
    state._round = 5
    rival = _play(state, "green_buy_item")
    assert len(rival.cards) == (0 if skip else 1)


# ------------------------------------------------------------------ scoring


def test_rival_scoring() -> None:
    state = _solo()
    rival = state._rival
    rival.glass = 11  # Bird row 6: 12
    rival.temples = [3]  # 6
    rival.guardians = [guardian("G01"), guardian("G02")]  # 10
    rival.cards = [card("item.automobile")]  # 3
    rival.idols_up = [0, 1]  # 2 x 3
    rival.minus = 2  # 2 x 2
    assert rival.score_parts(state) == {
        "research": 12,
        "temple_tiles": 6,
        "idols": 10,
        "guardians": 10,
        "cards": 3,
    }
    assert rival.score(state) == 41


@pytest.mark.parametrize(("extra", "win"), [(False, 0.0), (True, 1.0)])
def test_human_wins_only_with_strictly_more(extra: bool, win: float) -> None:
    state = _solo()
    state._round = 5
    rival = state._rival
    rival.stack = []
    rival.used = []
    rival.idols_up, rival.minus, rival.cards = [], 0, []
    rival.guardians = [guardian("G01"), guardian("G02")]  # 10
    setup(state, 0, hand=[], deck=[card("item.hat")] if extra else [], play=[])
    do(state, A.PASS)  # 10 for the empty idol slots (+1 for the hat)
    assert state.is_terminal()
    assert rival.score(state) == 10
    assert state.scores() == [10.0 + extra]
    assert state.returns() == [win]


def test_rival_never_takes_fear() -> None:
    state = _solo()
    discover(state, 5, guard="G08")
    _rival_at(state, 5)
    fear = state._fear
    setup(state, 0, hand=[])
    human = state._seats[0].cards().count(FEAR)
    state._rival.stack = []
    do(state, A.PASS)
    assert state._round == 2
    assert state._fear == fear and state._seats[0].cards().count(FEAR) == human
    # recalled (the rival has opened round II with one tile since)
    assert sum(1 for slot in state._rival.arch if slot >= 0) <= 1
    assert "fear" not in state._rival.score_parts(state)
