"""Arnak guardians, assistants and idols: each guardian's overcome cost (resources, travel,
hand cards) is required and paid, the guardian joins the player, its boon works once (a
travel icon when paying travel, otherwise a free action) and it scores 5 points; each
assistant's silver and gold side, its exhaustion, the main-action quartermaster, refresh
at round end and on upgrade; the five idol slot effects, the leftmost empty slot, empty
slot values and 3 points per idol."""

from __future__ import annotations

import pytest

from meeple.games.arnak.components import ASSISTANTS, FEAR, GUARDIANS, RESOURCES
from meeple.games.arnak.rules import SITE_SLOTS, ArnakState, Seat

from .scenario import (
    BASIC_DECK,
    HOME,
    A,
    assistant,
    card,
    discover,
    do,
    fresh,
    guardian,
    place,
    res,
    row,
    setup,
    site_tile,
    supply,
    table,
)

DECK = BASIC_DECK
FC, FB, EC, EB = DECK  # bottom .. top: EB is drawn first, FC is the bottom card
ICON_CARD = {0: FEAR, 1: FC, 2: FB, 3: card("stone_jar")}  # a card with one boot/car/boat/plane


def me(s: ArnakState) -> Seat:
    return s._seats[0]


def legal(s: ArnakState) -> set[int]:
    return set(s.legal_actions())


def top_level(s: ArnakState) -> bool:
    return not s._stack and s.current_player == 0


def travel_cards(need: tuple[int, ...]) -> list[int]:
    return [ICON_CARD[i] for i in range(4) for _ in range(need[i])]


# ---------------------------------------------------------------- guardians

GIDS = [g.id for g in GUARDIANS]


def guarded(gid: str, hand: list[int], cost: list[int]) -> ArnakState:
    s = table(hand, resources=dict(zip(RESOURCES, cost, strict=True)))
    discover(s, 5, "L1-02", guard=gid)
    place(s, 0, 5)
    return s


@pytest.mark.parametrize("gid", GIDS)
def test_overcome_pays_the_exact_cost(gid: str) -> None:
    g = GUARDIANS[guardian(gid)]
    spent_travel = travel_cards(g.cost_travel)
    hand = spent_travel + [EC] * g.cost_hand_cards
    s = guarded(gid, hand, list(g.cost))
    assert A.OVERCOME + 5 in legal(s)
    do(s, A.OVERCOME + 5)
    for _ in range(g.cost_hand_cards):
        assert s._stack[-1][0] == "hand_cards"
        do(s, A.HAND + EC)
    for c in spent_travel:
        assert s._stack[-1][0] == "travel"
        do(s, A.HAND + c)
    seat = me(s)
    assert top_level(s) and s._main
    assert seat.guardians == [guardian(gid)]
    assert s._guardian[5] == -1
    assert seat.res == res()
    assert seat.hand == []
    assert sorted(seat.play) == sorted(hand)
    # the archaeologist stays; no Fear from this site at round end any more
    assert seat.arch[0] == SITE_SLOTS[5][0]


@pytest.mark.parametrize("gid", GIDS)
def test_overcome_needs_every_part_of_the_cost(gid: str) -> None:
    g = GUARDIANS[guardian(gid)]
    hand = travel_cards(g.cost_travel) + [EC] * g.cost_hand_cards
    cost = list(g.cost)
    for r in range(5):
        if cost[r]:
            short = cost[:]
            short[r] -= 1
            s = guarded(gid, hand, short)
            assert A.OVERCOME + 5 not in legal(s), RESOURCES[r]
    if g.cost_hand_cards:
        s = guarded(gid, travel_cards(g.cost_travel), cost)
        assert A.OVERCOME + 5 not in legal(s), "hand card"
    if any(g.cost_travel):
        s = guarded(gid, [EC] * g.cost_hand_cards, cost)
        if g.cost_travel == (0, 0, 1, 0) or g.cost_travel == (0, 1, 0, 0):
            # a card of the other kind (a boat for a car, a car for a boat) does not pay it
            wrong = FB if g.cost_travel[1] else FC
            setup(s, 0, hand=[wrong] + [EC] * g.cost_hand_cards)
        assert A.OVERCOME + 5 not in legal(s), "travel"
        # hiring a pilot: 2 coins per plane beyond the coin cost
        planes = sum(g.cost_travel)
        setup(s, 0, resources=dict(zip(RESOURCES, cost, strict=True)))
        me(s).res[0] += 2 * planes
        s._legal = None
        assert A.OVERCOME + 5 in legal(s)
    # full cost but nobody of yours there
    s = guarded(gid, hand, cost)
    s._occ[SITE_SLOTS[5][0]] = 1
    me(s).arch[0] = HOME
    s._legal = None
    assert A.OVERCOME + 5 not in legal(s)


COIN_AND_TRAVEL = [
    gid
    for gid in GIDS
    if GUARDIANS[guardian(gid)].cost[0] and any(GUARDIANS[guardian(gid)].cost_travel)
]


@pytest.mark.parametrize("gid", COIN_AND_TRAVEL)
def test_pilot_coins_come_on_top_of_the_guardians_coin_cost(gid: str) -> None:
    # the coins the guardian costs cannot also hire the pilot for its travel icon
    g = GUARDIANS[guardian(gid)]
    cost = list(g.cost)
    planes = sum(g.cost_travel)
    s = guarded(gid, [], cost)
    me(s).res[0] += 2 * planes - 1
    s._legal = None
    assert A.OVERCOME + 5 not in legal(s)
    me(s).res[0] += 1
    s._legal = None
    do(s, A.OVERCOME + 5)
    for _ in range(planes):
        do(s, A.COINS_FOR_PLANE)
    assert top_level(s)
    assert me(s).guardians == [guardian(gid)]
    assert me(s).res == res()


def test_overcome_is_a_main_action() -> None:
    s = guarded("G13", [FEAR], [0, 0, 3, 0, 0])
    do(s, A.SITE + 0, A.HAND + FEAR)  # dig at C1: the main action
    assert A.OVERCOME + 5 not in legal(s)


TRAVEL_BOONS = [gid for gid in GIDS if GUARDIANS[guardian(gid)].boon_travel is not None]
EFFECT_BOONS = [gid for gid in GIDS if GUARDIANS[guardian(gid)].boon_travel is None]


def test_boon_kinds_match_the_reference() -> None:
    assert TRAVEL_BOONS == ["G01", "G03", "G04", "G09", "G10", "G12", "G13", "G15"]
    assert EFFECT_BOONS == ["G02", "G05", "G06", "G07", "G08", "G11", "G14"]


@pytest.mark.parametrize("gid", TRAVEL_BOONS)
def test_travel_boon_pays_travel_once(gid: str) -> None:
    g = guardian(gid)
    boon = GUARDIANS[g].boon_travel
    assert boon is not None
    s = table([], guardians=[gid])
    discover(s, 5, "L1-02")  # one car
    discover(s, 7, "L1-06")  # one boat
    site = 5 if boon[1] else 7  # the icon's own kind; a plane pays either
    assert A.BOON + g not in legal(s)  # not a free action: only a travel icon
    assert A.SITE + site in legal(s)
    do(s, A.SITE + site)
    assert s._stack[-1][0] == "travel"
    assert A.BOON + g in legal(s)
    do(s, A.BOON + g)
    assert me(s).guardians == [g | 16]
    assert me(s).arch[0] == SITE_SLOTS[site][0]
    assert top_level(s)
    # spent: the second archaeologist cannot use it again
    do(s, A.END_TURN)
    do(s, A.PASS)  # seat 1
    other = 7 if site == 5 else 5
    assert A.SITE + other not in legal(s)
    # used or not, 5 points
    assert s.score_parts(0)["guardians"] == 5


def test_car_boon_does_not_pay_a_boat() -> None:
    s = table([], guardians=["G03"])
    discover(s, 7, "L1-06")
    assert A.SITE + 7 not in legal(s)
    s = table([], guardians=["G12"])  # a plane pays it
    discover(s, 7, "L1-06")
    assert A.SITE + 7 in legal(s)


EFFECT_BOON_CASES = {
    # gid: (hand, resources, actions after the boon, resources after, hand after)
    "G02": ([FEAR], {}, [A.HAND + FEAR], res(), []),
    "G05": ([FEAR], {}, [A.HAND + FEAR], res(), []),
    "G06": ([FEAR], {}, [A.HAND + FEAR], res(), []),
    "G11": ([FEAR], {}, [A.HAND + FEAR], res(), []),
    "G14": ([FEAR], {}, [A.HAND + FEAR], res(), []),
    "G07": ([], {}, [], res(), [EB]),
    "G08": ([], {"tablet": 1}, [A.UPGRADE], res(arrowhead=1), []),
}


@pytest.mark.parametrize("gid", EFFECT_BOONS)
def test_effect_boon_is_a_free_action_once(gid: str) -> None:
    hand, start, actions, after, hand_after = EFFECT_BOON_CASES[gid]
    g = guardian(gid)
    s = table(hand, resources=start, guardians=[gid, "G13"])
    fear = s._fear
    assert A.BOON + g in legal(s)
    do(s, A.BOON + g, *actions)
    seat = me(s)
    assert seat.res == after
    assert seat.hand == hand_after
    if hand == [FEAR]:
        assert s._fear == fear + 1  # exiled Fear goes back to its supply
        assert FEAR not in seat.play
    assert seat.guardians == [g | 16, guardian("G13")]
    assert A.BOON + g not in legal(s)
    assert top_level(s) and not s._main and A.PASS in legal(s)
    assert s.score_parts(0)["guardians"] == 10


def test_effect_boon_usable_after_the_main_action() -> None:
    s = table([FEAR, FEAR], guardians=["G07"])
    do(s, A.SITE + 0, A.HAND + FEAR)
    assert A.BOON + guardian("G07") in legal(s)
    do(s, A.BOON + guardian("G07"))
    assert me(s).hand == [FEAR, EB]


def test_exile_boon_may_exile_from_the_play_area_or_nothing() -> None:
    s = table([], play=[FEAR], guardians=["G02"])
    do(s, A.BOON + guardian("G02"))
    assert legal(s) == {A.PLAY_AREA + FEAR, A.DONE}
    do(s, A.DONE)
    assert me(s).play == [FEAR] and me(s).guardians == [guardian("G02") | 16]


def test_guardians_score_five_each_used_or_not() -> None:
    s = table([], guardians=[("G01", True), "G02", ("G08", True)])
    assert s.score_parts(0)["guardians"] == 15
    assert s.score_parts(1)["guardians"] == 0


def test_overcome_by_notebook_row_or_card_is_the_same_guardian() -> None:
    s = table(["war_club"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G12")
    place(s, 0, 5)
    do(s, A.HAND + card("war_club"), A.OVERCOME + 5)
    assert me(s).guardians == [guardian("G12")]
    assert s.score_parts(0)["guardians"] == 5


# ---------------------------------------------------------------- assistants


def a_id(aid: str) -> int:
    return assistant(aid)


# aid, gold, start resources, hand, actions after using it, resources after, hand after
ASSISTANT_CASES = [
    ("A01", False, {}, [], [], res(coin=2), []),
    ("A01", True, {}, [], [], res(coin=3), []),
    ("A02", False, {}, [], [], res(tablet=1), []),
    ("A02", True, {}, [], [], res(coin=1, tablet=1), []),
    ("A03", False, {}, [FEAR], [A.YES, A.HAND + FEAR], res(arrowhead=1), []),
    ("A03", True, {}, [], [], res(arrowhead=1), []),
    ("A04", False, {"coin": 1}, [], [A.YES], res(arrowhead=1), []),
    ("A04", True, {"coin": 1}, [], [A.YES, A.OPTION + 1], res(jewel=1), []),
    ("A05", False, {}, [FEAR], [A.HAND + FEAR], res(), []),
    ("A05", True, {}, [FEAR], [A.HAND + FEAR], res(compass=1), []),
    ("A06", False, {}, [FC], [A.HAND + FC], res(), [EB]),
    ("A06", True, {}, [FC], [], res(), [FC, EB]),
    ("A07", False, {}, [], [A.OPTION], res(coin=1), []),
    ("A07", True, {}, [], [A.OPTION], res(coin=2), []),
    ("A08", False, {}, [], [A.OPTION], res(compass=1), []),
    ("A08", True, {}, [], [A.OPTION], res(coin=1, compass=1), []),
    ("A09", False, {}, [], [A.OPTION], res(compass=1), []),
    ("A09", True, {}, [], [A.OPTION], res(coin=1, compass=1), []),
    ("A10", False, {"coin": 2}, [], [A.CARD + card("sea_turtle")], res(coin=0), []),
    ("A10", True, {"compass": 2}, [], [A.CARD + card("treasure_chest"), A.DONE], res(), []),
    ("A11", False, {"tablet": 1}, [], [A.UPGRADE], res(arrowhead=1), []),
    ("A11", True, {"arrowhead": 1}, [], [A.UPGRADE + 1], res(compass=1, jewel=1), []),
    ("A12", False, {}, [], [], res(compass=1), []),
    ("A12", True, {}, [], [], res(compass=2), []),
]


def test_assistant_cases_cover_both_sides_of_all_twelve() -> None:
    assert {(aid, gold) for aid, gold, *_ in ASSISTANT_CASES} == {
        (a.id, gold) for a in ASSISTANTS for gold in (False, True)
    }


@pytest.mark.parametrize(
    ("aid", "gold", "start", "hand", "actions", "after", "hand_after"),
    ASSISTANT_CASES,
    ids=[f"{c[0]}-{'gold' if c[1] else 'silver'}" for c in ASSISTANT_CASES],
)
def test_assistant_effect_and_exhaustion(
    aid: str,
    gold: bool,
    start: dict[str, int],
    hand: list[int],
    actions: list[int],
    after: list[int],
    hand_after: list[int],
) -> None:
    a = a_id(aid)
    s = table(hand, resources=start, assistants=[(aid, gold, False)])
    row(s, items=["sea_turtle", "aeroplane", "hat", "axe", "rope"], artifacts=["treasure_chest"])
    fear = s._fear
    assert A.ASSISTANT + a in legal(s)
    do(s, A.ASSISTANT + a, *actions)
    seat = me(s)
    assert seat.res == after
    assert seat.hand == hand_after
    assert seat.assistants == [a | (16 if gold else 0) | 32]  # exhausted, same side
    assert top_level(s)
    assert A.ASSISTANT + a not in legal(s)  # once per round
    main = ASSISTANTS[a].main
    assert s._main == main  # only the quartermaster is a main action
    if aid == "A05":
        assert s._fear == fear + 1
    if aid == "A06" and not gold:
        assert seat.play == [FC]  # the compulsory card into play
    if aid == "A10" and not gold:
        assert seat.deck[0] == card("sea_turtle")  # 3 - 1 coins, to the deck bottom
    if aid == "A10" and gold:
        assert seat.play == [card("treasure_chest")]  # 4 - 2 compasses, into play


def test_porter_silver_must_put_a_card_into_play() -> None:
    s = table([], assistants=["A06"])
    do(s, A.ASSISTANT + a_id("A06"))
    assert legal(s) == {A.HAND + EB}  # the drawn card, no way to decline
    do(s, A.HAND + EB)
    assert me(s).hand == [] and me(s).play == [EB]


def test_trader_without_a_coin_gives_nothing() -> None:
    s = table([], assistants=["A04"])
    do(s, A.ASSISTANT + a_id("A04"))
    assert top_level(s) and me(s).res == res()
    assert me(s).assistants == [a_id("A04") | 32]


def test_hunter_silver_boot_may_be_paid_with_two_coins() -> None:
    s = table([], resources={"coin": 2}, assistants=["A03"])
    do(s, A.ASSISTANT + a_id("A03"), A.YES, A.COINS_FOR_PLANE)
    assert me(s).res == res(arrowhead=1)


@pytest.mark.parametrize(
    ("aid", "gold", "icon", "site"),
    [
        ("A07", False, 3, 7),
        ("A07", True, 3, 15),
        ("A08", False, 1, 5),
        ("A08", True, 1, 13),
        ("A09", False, 2, 7),
        ("A09", True, 2, 15),
    ],
)
def test_travel_assistants_give_icons_for_this_turn(
    aid: str, gold: bool, icon: int, site: int
) -> None:
    a = a_id(aid)
    s = table([], assistants=[(aid, gold, False)])
    discover(s, 5, "L1-02")  # one car
    discover(s, 7, "L1-06")  # one boat
    discover(s, 13, "L2-02")  # two cars
    discover(s, 15, "L2-03")  # two boats
    do(s, A.ASSISTANT + a, A.OPTION + 1)
    n = 2 if gold else 1
    assert s._pool == [n if i == icon else 0 for i in range(4)]
    assert me(s).res == res()
    assert A.SITE + site in legal(s)
    do(s, A.SITE + site)
    for _ in range(n):
        do(s, A.POOL + icon)
    assert me(s).arch[0] == SITE_SLOTS[site][0]
    assert s._pool == [0, 0, 0, 0]
    assert top_level(s)


def test_travel_icons_expire_at_the_end_of_the_turn() -> None:
    s = table([FEAR], assistants=["A07"])
    do(s, A.SITE + 0, A.HAND + FEAR)  # main action
    do(s, A.ASSISTANT + a_id("A07"), A.OPTION + 1)
    assert s._pool == [0, 0, 0, 1]
    do(s, A.END_TURN)
    assert s._pool == [0, 0, 0, 0]


def test_quartermaster_is_a_main_action() -> None:
    s = table([FEAR], resources={"coin": 5}, assistants=["A10", "A01"])
    do(s, A.SITE + 0, A.HAND + FEAR)
    assert A.ASSISTANT + a_id("A10") not in legal(s)  # after the main action
    assert A.ASSISTANT + a_id("A01") in legal(s)  # free assistants still are
    s = table([], resources={"coin": 2}, assistants=["A10"])
    row(s, items=["sea_turtle", "aeroplane", "hat", "axe", "rope"])
    do(s, A.ASSISTANT + a_id("A10"))
    assert A.CARD + card("aeroplane") not in legal(s)  # 4 - 1 = 3 coins
    do(s, A.CARD + card("sea_turtle"))
    assert me(s).deck[0] == card("sea_turtle") and me(s).res == res()
    assert A.PASS not in legal(s) and A.END_TURN in legal(s)


def test_quartermaster_gold_discounts_two() -> None:
    s = table([], resources={"coin": 2}, assistants=[("A10", True, False)])
    row(s, items=["sea_turtle", "aeroplane", "hat", "axe", "rope"])
    do(s, A.ASSISTANT + a_id("A10"), A.CARD + card("aeroplane"))
    assert me(s).res == res() and me(s).deck[0] == card("aeroplane")


def test_assistants_refresh_at_round_end() -> None:
    s = table([], deck=[], assistants=[("A01", False, False), ("A12", True, False)])
    setup(s, 1, hand=[], deck=[], play=[], assistants=[("A02", True, True)])
    do(s, A.ASSISTANT + a_id("A01"), A.ASSISTANT + a_id("A12"))
    assert me(s).assistants == [a_id("A01") | 32, a_id("A12") | 16 | 32]
    do(s, A.PASS)
    do(s, A.PASS)  # seat 1: the round ends
    assert s._round == 2
    assert me(s).assistants == [a_id("A01"), a_id("A12") | 16]
    assert s._seats[1].assistants == [a_id("A02") | 16]


def test_upgrading_an_assistant_refreshes_it() -> None:
    s = table([], resources={"tablet": 2, "arrowhead": 1}, assistants=[("A01", False, True)])
    seat = me(s)
    seat.notebook, seat.glass = 3, 5  # notebook on row 2, glass on row 3
    s._legal = None
    do(s, A.NOTEBOOK + 5)  # row 3's notebook effect: upgrade an assistant
    assert legal(s) == {A.ASSISTANT + a_id("A01")}
    do(s, A.ASSISTANT + a_id("A01"))
    assert seat.assistants == [a_id("A01") | 16]  # gold and ready
    assert A.ASSISTANT + a_id("A01") in legal(s)
    do(s, A.ASSISTANT + a_id("A01"))
    assert seat.res == res(coin=3)


def test_gold_assistants_cannot_be_upgraded_again() -> None:
    s = table([], resources={"tablet": 2, "arrowhead": 1}, assistants=[("A01", True, True)])
    seat = me(s)
    seat.notebook, seat.glass = 3, 5
    s._legal = None
    do(s, A.NOTEBOOK + 5)
    assert top_level(s) and seat.assistants == [a_id("A01") | 16 | 32]


def test_taking_a_silver_assistant_from_a_supply_top() -> None:
    s = table([], resources={"jewel": 1})
    supply(s, ["A05", "A01"], ["A12"], ["A10"])
    me(s).glass = 2  # the notebook may not pass the glass
    s._legal = None
    do(s, A.NOTEBOOK + 2)
    assert legal(s) == {A.ASSISTANT + a_id(x) for x in ("A01", "A12", "A10")}
    do(s, A.ASSISTANT + a_id("A01"))
    assert me(s).assistants == [a_id("A01")]  # silver, ready
    assert s._supply[0] == [a_id("A05")]
    assert A.ASSISTANT + a_id("A01") in legal(s)  # usable at once


def test_at_most_two_assistants() -> None:
    s = table([], resources={"jewel": 1}, assistants=["A02", "A03"])
    supply(s, ["A01"], ["A12"], ["A10"])
    me(s).glass = 2
    s._legal = None
    do(s, A.NOTEBOOK + 2)
    assert top_level(s) and len(me(s).assistants) == 2


# ---------------------------------------------------------------- idols

SLOT_CASES = [
    # slot effect, start, actions after, resources after, hand after
    (0, {"coin": 1}, [], res(jewel=1), []),  # choosing it pays the coin at once
    (1, {}, [], res(arrowhead=1), []),
    (2, {}, [], res(tablet=2), []),
    (3, {}, [], res(coin=1, compass=1), []),
    (4, {}, [], res(), [EB]),
]


@pytest.mark.parametrize(("effect", "start", "actions", "after", "hand_after"), SLOT_CASES)
def test_idol_slot_effects(
    effect: int, start: dict[str, int], actions: list[int], after: list[int], hand_after: list[int]
) -> None:
    s = table([], resources=start, crates=2)
    do(s, A.IDOL_SLOT + effect, *actions)
    seat = me(s)
    assert seat.res == after
    assert seat.hand == hand_after
    assert seat.slots == [True, False, False, False]
    assert seat.crates == 1
    assert top_level(s) and not s._main  # a free action


def test_idol_slot_jewel_needs_a_coin() -> None:
    s = table([], crates=1)
    assert A.IDOL_SLOT + 0 not in legal(s)
    assert {A.IDOL_SLOT + e for e in range(1, 5)} <= legal(s)


def test_idol_slots_fill_leftmost_first_and_each_only_once() -> None:
    s = table([], crates=3, slots=[True, False, False, False])
    do(s, A.IDOL_SLOT + 1)
    assert me(s).slots == [True, True, False, False]
    do(s, A.IDOL_SLOT + 1)  # the same effect again, in the next slot
    assert me(s).slots == [True, True, True, False]
    assert me(s).res == res(arrowhead=2)
    s = table([], crates=1, slots=[False, True, False, False])  # after a Stone Key
    do(s, A.IDOL_SLOT + 2)
    assert me(s).slots == [True, True, False, False]


def test_no_idol_slot_without_an_idol_or_a_free_slot() -> None:
    s = table([], crates=0)
    assert not any(A.IDOL_SLOT <= a < A.UNSLOT for a in legal(s))
    s = table([], crates=2, slots=[True] * 4)
    assert not any(A.IDOL_SLOT <= a < A.UNSLOT for a in legal(s))


def test_idol_slot_after_the_main_action() -> None:
    s = table([FEAR], crates=1)
    do(s, A.SITE + 0, A.HAND + FEAR)
    assert A.IDOL_SLOT + 1 in legal(s)


@pytest.mark.parametrize(
    ("crates", "slots", "points"),
    [
        (0, [False] * 4, 10),  # 1 + 2 + 3 + 4 empty
        (1, [False] * 4, 13),
        (0, [True, False, False, False], 3 + 2 + 3 + 4),
        (0, [True, True, False, False], 6 + 3 + 4),
        (2, [True, True, True, False], 15 + 4),
        (0, [True] * 4, 12),
        (3, [True] * 4, 21),
    ],
)
def test_idol_points(crates: int, slots: list[bool], points: int) -> None:
    s = table([], crates=crates, slots=slots)
    assert s.score_parts(0)["idols"] == points


def rig(s: ArnakState, site: int, tile: str, up: int, down: int = 0) -> None:
    """The next discovery at `site` reveals `tile` and finds idol reward `up` face up
    (and `down` more idols face down)."""
    level = s._spaces[site].level
    t = site_tile(tile)
    s._stacks[level - 1].remove(t)
    s._stacks[level - 1].append(t)
    s._idol_up[site] = up
    s._idol_down[site] = down
    s._legal = None


@pytest.mark.parametrize(
    ("reward", "start", "actions", "after"),
    [
        (0, {}, [], res(coin=1)),
        (1, {}, [], res(compass=1)),
        (2, {}, [], res(tablet=1)),
        (3, {}, [A.HAND + FEAR], res()),
        (4, {"tablet": 1}, [A.UPGRADE], res(arrowhead=1)),
        (5, {}, [A.ASSISTANT + 0], res()),
    ],
)
def test_discovery_takes_the_idol_and_resolves_its_face_up_reward(
    reward: int, start: dict[str, int], actions: list[int], after: list[int]
) -> None:
    s = table([FC, FEAR], resources={**start, "compass": 3}, assistants=[("A01", False, True)])
    rig(s, 5, "L1-10", reward)  # the tile gives a jewel
    fear = s._fear
    do(s, A.SITE + 5, A.HAND + FC, *actions)
    seat = me(s)
    assert seat.crates == 1
    assert s._idol_up[5] == -1
    assert seat.res == [a + b for a, b in zip(after, res(jewel=1), strict=True)]
    if reward == 3:
        assert s._fear == fear + 1 and seat.hand == []
    if reward == 5:
        assert seat.assistants == [a_id("A01")]
    assert s._guardian[5] != -1  # the guardian wakes after the idol and the tile
    assert top_level(s)


def test_level_two_discovery_takes_both_idols_one_reward() -> None:
    s = table(["aeroplane"], resources={"compass": 4, "coin": 2})
    rig(s, 13, "L2-03", 0, down=1)  # a coin idol face up, one more face down
    do(s, A.HAND + card("aeroplane"))
    assert A.SITE + 13 in legal(s)  # 6 - 2 = 4 compasses; one car covered by the plane
    do(s, A.SITE + 13, A.COINS_FOR_PLANE)  # two coins hire a pilot for the other car
    seat = me(s)
    assert seat.crates == 2
    assert seat.res == res(coin=1, arrowhead=1, jewel=1)  # the coin idol + the tile
    assert s.score_parts(0)["idols"] == 6 + 10


def test_free_actions_while_paying_travel_only_add_to_what_pays() -> None:
    state = fresh()
    funding = card("basic.funding_car")
    setup(state, 0, hand=[funding], resources={}, assistants=["A07", "A05"], guardians=["G07"])
    do(state, A.SITE + 0)  # camp C1 costs a boot: the payment is pending
    assert state._stack[-1][0] == "travel"
    legal = set(state.legal_actions())
    pilot, cleaner = assistant("A07"), assistant("A05")
    assert A.ASSISTANT + pilot in legal  # coin or a plane: it only adds
    assert A.ASSISTANT + cleaner not in legal  # an exile could lose a card that pays
    assert A.BOON + guardian("G07") in legal  # the draw boon
    assert "use assistant A07" in state.action_to_string(A.ASSISTANT + pilot)
    do(state, A.ASSISTANT + pilot)
    do(state, A.OPTION + 1)  # the plane
    assert state._stack[-1][0] == "travel"
    do(state, A.POOL + 3)
    seat = state._seats[0]
    assert seat.hand == [funding], "the card was not needed"
    assert seat.res[0] == 2, "C1 resolved: 2 coins"
    assert seat.assistants == [pilot | 32, cleaner]
