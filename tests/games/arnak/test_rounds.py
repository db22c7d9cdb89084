"""Arnak turns and rounds: paying travel, digging, discovering, overcoming, buying,
refilling the card row, passing, the end of a round and of the game, final scoring and
its tie-breaks (rulebook "Dig at a Site" .. "Final Scoring")."""

from __future__ import annotations

from itertools import product

import pytest

from meeple.games.arnak import actions as A
from meeple.games.arnak.rules import BLOCKED, FREE, HOME, ArnakState
from meeple.games.arnak.text import card_name

from .scenario import (
    card,
    discover,
    do,
    fresh,
    guardian,
    place,
    row,
    setup,
    site_tile,
    texts,
)

FEAR = card("fear")
FUNDING_CAR = card("basic.funding_car")
FUNDING_BOAT = card("basic.funding_boat")
EXPLORATION_CAR = card("basic.exploration_car")
EXPLORATION_BOAT = card("basic.exploration_boat")
BALLOON = card("item.hot_air_balloon")  # 1 plane
OSTRICH = card("item.ostrich")  # 2 cars
L1_1, L1_3, L2_1 = 5, 7, 13  # car; boat; 2 cars (Bird board)


def _frame(state: ArnakState) -> str | None:
    return state._stack[-1][0] if state._stack else None


def _sites(state: ArnakState) -> set[int]:
    return {a - A.SITE for a in state.legal_actions() if A.SITE <= a < A.OVERCOME}


# ------------------------------------------------------------------ travel


@pytest.mark.parametrize("c", [FEAR, FUNDING_CAR, FUNDING_BOAT, BALLOON])
def test_any_travel_icon_pays_a_boot(c: int) -> None:
    state = fresh(2)
    setup(state, 0, hand=[c], resources={})
    do(state, A.SITE + 0)  # C1, the 1-boot space
    assert _frame(state) == "travel"
    assert state.legal_actions() == [A.HAND + c]
    do(state, A.HAND + c)
    assert state._seats[0].play == [c] and state._seats[0].hand == []
    assert state._occ[0] == 0 and state._seats[0].res[0] == 2  # C1: 2 coins


def test_car_and_boat_do_not_pay_for_each_other() -> None:
    state = fresh(2)
    discover(state, L1_1)
    discover(state, L1_3)
    setup(state, 0, hand=[FUNDING_BOAT], resources={})
    assert L1_1 not in _sites(state) and L1_3 in _sites(state)
    setup(state, 0, hand=[FUNDING_CAR], resources={})
    assert L1_1 in _sites(state) and L1_3 not in _sites(state)
    setup(state, 0, hand=[FEAR], resources={})  # a boot pays neither
    assert not {L1_1, L1_3} & _sites(state)


def test_a_boat_card_is_not_offered_for_a_car_cost() -> None:
    state = fresh(2)
    discover(state, L1_1)
    setup(state, 0, hand=[FUNDING_CAR, FUNDING_BOAT, FEAR], resources={"coin": 2})
    do(state, A.SITE + L1_1)
    assert set(state.legal_actions()) == {A.HAND + FUNDING_CAR, A.COINS_FOR_PLANE}


def test_a_plane_pays_for_anything() -> None:
    state = fresh(2)
    discover(state, L1_1)
    discover(state, L1_3)
    setup(state, 0, hand=[BALLOON], resources={})
    assert {0, L1_1, L1_3} <= _sites(state)
    do(state, A.SITE + L1_3)
    assert state.legal_actions() == [A.HAND + BALLOON]
    do(state, A.HAND + BALLOON)
    assert state._occ[L1_3 + 5] == 0


def test_one_plane_pays_one_icon_of_a_boot_and_plane_cost() -> None:
    state = fresh(2, board="snake")
    site = next(s for s, sp in enumerate(state._spaces) if sp.travel == (1, 0, 0, 1))
    discover(state, site)
    setup(state, 0, hand=[BALLOON], resources={})
    assert site not in _sites(state)
    setup(state, 0, hand=[BALLOON, FEAR], resources={})
    assert site in _sites(state)
    do(state, A.SITE + site, A.HAND + BALLOON)
    assert _frame(state) == "travel"  # the boot is still to pay
    do(state, A.HAND + FEAR)
    assert state._occ[site + 5] == 0


def test_two_coins_hire_a_plane() -> None:
    state = fresh(2)
    discover(state, L1_1)
    setup(state, 0, hand=[], resources={"coin": 3})
    assert L1_1 in _sites(state)
    do(state, A.SITE + L1_1)
    assert state.legal_actions() == [A.COINS_FOR_PLANE]
    do(state, A.COINS_FOR_PLANE)
    assert state._seats[0].res[0] == 1 and state._occ[L1_1 + 5] == 0


def test_coins_buy_whole_planes_only() -> None:
    state = fresh(2)
    discover(state, L2_1)
    setup(state, 0, hand=[], resources={"coin": 3})
    assert L2_1 not in _sites(state)  # two cars need four coins
    setup(state, 0, hand=[], resources={"coin": 4})
    assert L2_1 in _sites(state)


def test_a_two_icon_card_covers_two_icons() -> None:
    state = fresh(2)
    discover(state, L2_1)
    setup(state, 0, hand=[OSTRICH], resources={})
    do(state, A.SITE + L2_1, A.HAND + OSTRICH)
    assert _frame(state) != "travel" and state._occ[L2_1 + 5] == 0


def test_two_sources_cover_a_two_icon_cost() -> None:
    state = fresh(2)
    discover(state, L2_1)
    setup(state, 0, hand=[FUNDING_CAR, EXPLORATION_CAR], resources={})
    do(state, A.SITE + L2_1, A.HAND + FUNDING_CAR)
    assert _frame(state) == "travel"
    do(state, A.HAND + EXPLORATION_CAR)
    assert state._occ[L2_1 + 5] == 0
    assert sorted(state._seats[0].play) == sorted([FUNDING_CAR, EXPLORATION_CAR])


def test_a_two_icon_card_may_pay_a_one_icon_cost() -> None:
    state = fresh(2)
    setup(state, 0, hand=[OSTRICH], resources={})
    do(state, A.SITE + 0, A.HAND + OSTRICH)
    # "the extra icon will probably be wasted. It does not carry over to your next turn"
    assert state._occ[0] == 0 and state._pool == [0, 1, 0, 0]  # this turn's, then
    do(state, A.END_TURN)
    assert state._pool == [0, 0, 0, 0]  # gone


def test_an_unaffordable_cost_cannot_be_started() -> None:
    state = fresh(2)
    discover(state, L2_1)
    setup(state, 0, hand=[FUNDING_CAR], resources={"coin": 1})
    assert L2_1 not in _sites(state)
    setup(state, 0, hand=[FUNDING_CAR], resources={"coin": 2})
    assert L2_1 in _sites(state)
    setup(state, 0, hand=[], resources={})
    assert _sites(state) == set()


# ------------------------------------------------------------------ dig


def test_camp_first_space_then_two_boot_space() -> None:
    state = fresh(4)  # no blocking tiles with four players
    setup(state, 0, hand=[FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    assert state._occ[0] == 0 and state._occ[1] == FREE
    setup(state, 1, hand=[FEAR], resources={})
    assert 0 not in _sites(state)  # the second space costs 2 boots
    setup(state, 1, hand=[FEAR, FUNDING_BOAT], resources={})
    assert 0 in _sites(state)
    do(state, A.SITE + 0, A.HAND + FEAR, A.HAND + FUNDING_BOAT, A.END_TURN)
    assert state._occ[1] == 1 and state._seats[1].res[0] == 2
    setup(state, 2, resources={"coin": 20})
    assert 0 not in _sites(state)  # both spaces taken


def test_blocked_two_boot_space() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    assert state._occ[1] == BLOCKED
    setup(state, 1, resources={"coin": 20})
    assert 0 not in _sites(state) and 1 in _sites(state)


def test_the_same_player_may_dig_twice_at_a_camp() -> None:
    state = fresh(4)
    setup(state, 0, hand=[FEAR, FEAR, FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    for _p in (1, 2, 3):
        do(state, A.PASS)
    do(state, A.SITE + 0, A.HAND + FEAR, A.HAND + FEAR)
    assert state._occ[:2] == [0, 0] and state._seats[0].res[0] == 2 + 2 + 2


@pytest.mark.parametrize(
    ("camp", "gain"),
    [(0, [2, 0, 0, 0, 0]), (1, [0, 2, 0, 0, 0]), (2, [0, 0, 2, 0, 0]), (3, [0, 0, 0, 1, 0])],
)
def test_camp_effects(camp: int, gain: list[int]) -> None:
    state = fresh(2)
    setup(state, 0, hand=[FEAR], resources={})
    do(state, A.SITE + camp, A.HAND + FEAR)
    assert state._seats[0].res == gain


def test_fifth_camp_costs_a_hand_card_for_a_jewel() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FEAR, FUNDING_CAR], resources={})
    do(state, A.SITE + 4, A.HAND + FEAR)
    assert _frame(state) == "offer"
    do(state, A.YES)
    assert state.legal_actions() == [A.HAND + FUNDING_CAR]
    do(state, A.HAND + FUNDING_CAR)
    seat = state._seats[0]
    assert seat.res[4] == 1 and seat.hand == [] and FUNDING_CAR in seat.play
    assert seat.res[0] == 0  # put into play unused: no coin


def test_no_dig_without_an_archaeologist_at_home() -> None:
    state = fresh(4)
    place(state, 0, 0)
    place(state, 0, 1)
    setup(state, 0, resources={"coin": 20})
    assert _sites(state) == set()


# ------------------------------------------------------------------ discover


def test_discover_level_one() -> None:
    state = fresh(2)
    state._idol_up[L1_1] = 0  # the coin idol
    state._stacks[0].remove(site_tile("L1-02"))
    state._stacks[0].append(site_tile("L1-02"))  # 1 coin + 1 arrowhead
    state._guardians.remove(guardian("G05"))
    state._guardians.append(guardian("G05"))
    setup(state, 0, hand=[FUNDING_CAR], resources={"compass": 2})
    assert L1_1 not in _sites(state)  # 3 compasses
    setup(state, 0, hand=[FUNDING_CAR], resources={"compass": 3})
    assert A.SITE + L1_1 in state.legal_actions()
    assert "discover L1-1" in texts(state)
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR)
    seat = state._seats[0]
    assert seat.res == [2, 0, 0, 1, 0]  # idol coin + site coin and arrowhead
    assert seat.crates == 1 and state._idol_up[L1_1] == FREE
    assert state._tile[L1_1] == site_tile("L1-02")
    assert state._guardian[L1_1] == guardian("G05")
    assert seat.play == [FUNDING_CAR]  # no Fear now: the guardian waits for round end


def test_discover_level_two_takes_both_idols_uses_the_face_up_one() -> None:
    state = fresh(2)
    state._idol_up[L2_1] = 2  # tablet idol
    assert state._idol_down[L2_1] == 1
    setup(state, 0, hand=[OSTRICH], resources={"compass": 5})
    assert L2_1 not in _sites(state)  # 6 compasses
    setup(state, 0, hand=[OSTRICH], resources={"compass": 6})
    tile = site_tile("L2-02")  # 1 coin, 1 compass, 1 tablet, 1 arrowhead
    state._stacks[1].remove(tile)
    state._stacks[1].append(tile)
    do(state, A.SITE + L2_1, A.HAND + OSTRICH)
    seat = state._seats[0]
    assert _frame(state) is None
    assert seat.crates == 2 and state._idol_down[L2_1] == 0
    assert state._tile[L2_1] == tile and state._guardian[L2_1] != FREE
    assert seat.res == [1, 1, 2, 1, 0]  # the site, and the face-up idol's tablet only


def test_idol_reward_resolves_before_the_site() -> None:
    state = fresh(2)
    state._idol_up[L1_1] = 4  # upgrade idol
    state._stacks[0].remove(site_tile("L1-05"))
    state._stacks[0].append(site_tile("L1-05"))  # 1 coin + 2 tablets
    setup(state, 0, hand=[FUNDING_CAR], resources={"compass": 3})
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR)
    # nothing to upgrade when the idol resolved; the tablets came after
    assert _frame(state) is None
    assert state._seats[0].res == [1, 0, 2, 0, 0]


def test_discovered_site_is_dug_without_compasses() -> None:
    state = fresh(2)
    discover(state, L1_1, "L1-02", guard="G08")
    setup(state, 0, hand=[FUNDING_CAR], resources={})
    assert "dig at L1-1" in texts(state)
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR)
    assert state._seats[0].res == [1, 0, 0, 1, 0]
    assert state._guardian[L1_1] == guardian("G08")  # guardians do not block digging


# ------------------------------------------------------------------ overcome


def test_overcome_a_guardian() -> None:
    state = fresh(2)
    discover(state, L1_1, guard="G08")  # 4 coins
    place(state, 0, L1_1)
    setup(state, 0, resources={"coin": 3})
    assert A.OVERCOME + L1_1 not in state.legal_actions()
    setup(state, 0, resources={"coin": 4})
    do(state, A.OVERCOME + L1_1)
    seat = state._seats[0]
    assert seat.res == [0] * 5 and seat.guardians == [guardian("G08")]
    assert state._guardian[L1_1] == FREE
    assert A.END_TURN in state.legal_actions()  # it was the main action
    assert state.score_parts(0)["guardians"] == 5


def test_overcome_needs_your_archaeologist_there() -> None:
    state = fresh(2)
    discover(state, L1_1, guard="G08")
    place(state, 1, L1_1)
    setup(state, 0, resources={"coin": 9})
    assert not any(A.OVERCOME <= a < A.GLASS for a in state.legal_actions())


def test_overcome_with_a_travel_cost() -> None:
    state = fresh(2)
    discover(state, L1_1, guard="G06")  # 1 arrowhead + 1 plane
    place(state, 0, L1_1)
    setup(state, 0, hand=[FUNDING_CAR], resources={"arrowhead": 1, "coin": 1})
    assert A.OVERCOME + L1_1 not in state.legal_actions()
    setup(state, 0, hand=[FUNDING_CAR], resources={"arrowhead": 1, "coin": 2})
    do(state, A.OVERCOME + L1_1)
    assert state.legal_actions() == [A.COINS_FOR_PLANE]
    do(state, A.COINS_FOR_PLANE)
    assert state._seats[0].guardians == [guardian("G06")]
    assert state._seats[0].res == [0] * 5


def test_guardian_boons_once_per_game() -> None:
    state = fresh(2)
    setup(state, 0, guardians=["G08", "G01"], resources={"tablet": 2})
    legal = state.legal_actions()
    assert A.BOON + guardian("G08") in legal  # upgrade, a free action
    assert A.BOON + guardian("G01") not in legal  # a travel boon is spent for travel
    do(state, A.BOON + guardian("G08"), A.UPGRADE)
    assert state._seats[0].res[2:4] == [1, 1]
    assert A.BOON + guardian("G08") not in state.legal_actions()
    discover(state, L1_3)
    setup(state, 0, hand=[])
    do(state, A.SITE + L1_3)  # a boat: the G01 boon pays
    assert state.legal_actions() == [A.BOON + guardian("G01")]
    do(state, A.BOON + guardian("G01"))
    assert state._seats[0].guardians == [guardian("G08") | 16, guardian("G01") | 16]
    assert state.score_parts(0)["guardians"] == 10


# ------------------------------------------------------------------ buying


def test_buy_item_goes_under_the_deck() -> None:
    state = fresh(2)
    row(state, items=["item.hat", "item.rope", "item.whip", "item.dog", "item.flask"])
    item = card("item.whip")
    setup(state, 0, resources={"coin": 2})
    deck = state._seats[0].deck[:]
    do(state, A.CARD + item)
    seat = state._seats[0]
    assert seat.res[0] == 0
    assert seat.deck == [item, *deck] and seat.public[0] is True
    assert item not in state._row_item and len(state._row_item) == 4


def test_an_item_costs_coins() -> None:
    state = fresh(2)
    row(state, items=["item.horse", "item.whip", "item.hat", "item.dog", "item.flask"])
    setup(state, 0, resources={"coin": 2, "compass": 9})
    buys = {a - A.CARD for a in state.legal_actions() if A.CARD <= a < A.SITE}
    assert card("item.whip") in buys and card("item.hat") in buys
    assert card("item.horse") not in buys and card("item.dog") not in buys


def test_buy_artifact_resolves_its_effect_free_of_the_tablet() -> None:
    state = fresh(2)
    row(state, artifacts=["art.treasure_chest"])  # 4 compasses: draw 1, 1 coin
    setup(state, 0, resources={"compass": 3})
    assert A.CARD + card("art.treasure_chest") not in state.legal_actions()
    setup(state, 0, resources={"compass": 4}, deck=[FEAR], hand=[])
    do(state, A.CARD + card("art.treasure_chest"))
    seat = state._seats[0]
    assert seat.play == [card("art.treasure_chest")] and seat.res[1] == 0
    assert _frame(state) == "offer"
    do(state, A.YES)
    assert seat.res == [1, 0, 0, 0, 0] and seat.hand == [FEAR]


def test_bought_artifact_effect_may_be_declined() -> None:
    state = fresh(2)
    row(state, artifacts=["art.treasure_chest"])
    setup(state, 0, resources={"compass": 4}, deck=[FEAR], hand=[])
    do(state, A.CARD + card("art.treasure_chest"), A.DONE)
    assert state._seats[0].res == [0] * 5 and state._seats[0].hand == []


def test_card_row_refills_at_end_of_turn_toward_the_moon_staff() -> None:
    state = fresh(2)
    items = state._row_item[:]
    top = state._item_deck[-1]
    setup(state, 0, resources={"coin": 9})
    cheap = [c for c in items if c in {a - A.CARD for a in state.legal_actions()}]
    bought = cheap[0]
    do(state, A.CARD + bought)
    rest = [c for c in items if c != bought]
    assert state._row_item == rest  # no refill during the turn
    do(state, A.END_TURN)
    assert state._row_item == [*rest, top]  # slid toward the staff, dealt at the end


def test_artifact_row_slides_toward_the_moon_staff() -> None:
    state = fresh(2)
    state._round = 2
    row(state, artifacts=["art.stone_jar", "art.sundial"])  # the sundial is by the staff
    top = state._art_deck[-1]
    setup(state, 0, resources={"compass": 9})
    do(state, A.CARD + card("art.sundial"), A.DONE, A.END_TURN)
    assert state._row_art == [top, card("art.stone_jar")]


def test_artifact_deck_running_out_mid_refill_leaves_the_far_end_empty() -> None:
    # Cards slide toward the moon staff and are dealt at the far end: with one artifact
    # left for two spaces, the space left empty is the far one, not the one by the staff.
    state = fresh(2)
    state._round = 3
    row(state, artifacts=["art.stone_jar", "art.war_club", "art.sundial"])
    last = card("art.treasure_chest")
    state._art_deck = [last]
    setup(state, 0, resources={"compass": 9})
    state.take_from_row(card("art.war_club"))  # a second card taken this turn
    do(state, A.CARD + card("art.sundial"), A.DONE, A.END_TURN)
    assert state._row_art == [-1, last, card("art.stone_jar")]


# ------------------------------------------------------------------ turns


def test_one_main_action_per_turn() -> None:
    state = fresh(2)
    setup(
        state,
        0,
        hand=[FEAR, FUNDING_CAR, card("item.rough_map")],
        resources={"coin": 9, "compass": 9, "jewel": 9, "arrowhead": 9},
    )
    before = state.legal_actions()
    assert A.PASS in before and A.END_TURN not in before
    assert A.HAND + card("item.rough_map") in before
    do(state, A.SITE + 0, A.HAND + FEAR)
    legal = state.legal_actions()
    assert A.END_TURN in legal and A.PASS not in legal
    assert not any(A.SITE <= a < A.IDOL_SLOT for a in legal)  # dig/overcome/research
    assert not any(A.CARD <= a < A.SITE for a in legal)  # buying
    assert A.HAND + card("item.rough_map") not in legal  # a main-action card
    assert A.HAND + FUNDING_CAR in legal  # free actions go on


def test_no_turn_of_free_actions_only() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FUNDING_CAR])
    do(state, A.HAND + FUNDING_CAR)
    assert A.END_TURN not in state.legal_actions()
    assert A.PASS in state.legal_actions()


def test_passing() -> None:
    state = fresh(2)
    setup(state, 0, hand=[])
    setup(state, 1, hand=[FEAR, FEAR])
    do(state, A.PASS)
    assert state._seats[0].passed and state.current_player == 1
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)
    assert state.current_player == 1  # the only one left takes turns in a row
    do(state, A.SITE + 1, A.HAND + FEAR, A.END_TURN)
    assert state.current_player == 1 and state._round == 1
    do(state, A.PASS)
    assert state._round == 2


# ------------------------------------------------------------------ end of round


def _pass_round(state: ArnakState) -> None:
    """Everyone passes; hands are kept."""
    start = state._round
    while state._round == start:
        do(state, A.DONE if _frame(state) == "keep" else A.PASS)


def test_end_of_round_fear_from_guarded_sites_and_war_mask() -> None:
    state = fresh(2)
    discover(state, L1_1, guard="G08")
    discover(state, L1_3, guard="G09")
    place(state, 0, L1_1)
    place(state, 1, L1_3)
    place(state, 1, 0)  # a camp: no guardian
    fear = state._fear
    setup(state, 0, hand=[])
    setup(state, 1, hand=[card("art.war_mask")], resources={"tablet": 1})
    fears = [s.cards().count(FEAR) for s in state._seats]
    do(state, A.PASS)
    do(state, A.HAND + card("art.war_mask"), A.END_TURN)  # no Fear from guardians
    do(state, A.PASS)
    assert state._round == 2
    s0, s1 = state._seats
    assert [s.cards().count(FEAR) for s in state._seats] == [fears[0] + 1, fears[1]]
    assert state._fear == fear - 1
    assert s0.arch == [HOME, HOME] and s1.arch == [HOME, HOME]
    assert state._occ[L1_1 + 5] == FREE and state._occ[L1_3 + 5] == FREE
    assert state._occ[0] == FREE and state._occ[1] == BLOCKED
    assert not s1.no_fear  # the War Mask lasts one round


def test_fear_tile_when_the_fear_deck_is_empty() -> None:
    state = fresh(2)
    discover(state, L1_1, guard="G08")
    place(state, 0, L1_1)
    state._fear = 0
    setup(state, 0, hand=[], deck=[FEAR] * 5, play=[])
    setup(state, 1, hand=[])
    score = state._score(0)
    do(state, A.PASS, A.PASS)
    seat = state._seats[0]
    assert seat.fear_tiles == 1 and state._fear == 0
    assert seat.cards().count(FEAR) == 5
    assert state._score(0) == score - 2
    # an exile may send the fear tile away instead of a card
    assert state.current_player == 1
    setup(state, 0, hand=[card("item.axe")])  # exile a card, 1 compass
    score = state._score(0)
    do(state, A.PASS, A.HAND + card("item.axe"))
    assert A.FEAR_TILE in state.legal_actions()
    do(state, A.FEAR_TILE)
    assert seat.fear_tiles == 0 and state._fear == 0
    assert state._score(0) == score + 2


def test_keep_or_discard_hand_cards() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FEAR, FUNDING_CAR], deck=[EXPLORATION_CAR] * 6, play=[])
    setup(state, 1, hand=[])
    do(state, A.PASS, A.PASS)
    assert _frame(state) == "keep" and state.current_player == 0
    # "each card can be discarded to your play area or saved": asked card by card
    first, second = sorted([FEAR, FUNDING_CAR])
    assert state.legal_actions() == sorted([A.HAND + first, A.DONE])
    assert state.action_to_string(A.DONE) == f"keep {card_name(first)} for the next round"
    do(state, A.HAND + FEAR if first == FEAR else A.DONE)
    assert state.legal_actions() == sorted([A.HAND + second, A.DONE])
    do(state, A.HAND + FEAR if second == FEAR else A.DONE)
    seat = state._seats[0]
    assert state._round == 2
    assert sorted(seat.hand) == sorted([FUNDING_CAR] + [EXPLORATION_CAR] * 4)
    # the discarded Fear went to the play area and then under the deck
    assert seat.deck[0] == FEAR and seat.play == []


def _keep_answers(answers: tuple[bool, ...]) -> ArnakState:
    """Seat 0 (Fear and Funding (car) in hand) answers keep (True) or discard, card by
    card, at the end of round I; seat 1 holds one card."""
    state = fresh(2)
    setup(state, 0, hand=[FEAR, FUNDING_CAR], deck=[EXPLORATION_CAR] * 6, play=[])
    setup(state, 1, hand=[FUNDING_BOAT], deck=[EXPLORATION_CAR] * 6, play=[])
    do(state, A.PASS, A.PASS)
    for keep in answers:
        assert state.current_player == 0 and _frame(state) == "keep"
        do(state, A.DONE if keep else min(state.legal_actions()))
    return state


def test_round_end_discards_are_chosen_out_of_the_others_sight() -> None:
    """ "All players simultaneously": the first seat's choices stay hidden from the next
    one until all have chosen. Her cards stay in her hand for the others, the log reads
    the same whatever she chose, and she is asked once per card either way, so not even
    how many she discarded shows."""
    outcomes = {answers: _keep_answers(answers) for answers in product((True, False), repeat=2)}
    for state in outcomes.values():
        assert state.current_player == 1 and _frame(state) == "keep"
    kept = outcomes[(True, True)]
    theirs = kept.observation(1)
    for state in outcomes.values():
        assert state.observation(1) == theirs
        assert state.observation_ids(1) == kept.observation_ids(1)
        assert state.public_observation() == kept.public_observation()
        assert [state.public_action_string(a) for a in state.legal_actions()] == [
            kept.public_action_string(a) for a in kept.legal_actions()
        ]
    state = outcomes[(False, True)] if FEAR < FUNDING_CAR else outcomes[(True, False)]
    assert state._seats[0].keep_out == [FEAR]
    mine = state.observation(0)
    assert len(mine["hand"]) == mine["hand_sizes"][0] == 1 and len(mine["play_area"][0]) == 1
    assert state.observation_ids(0)[2][0] == (FUNDING_CAR,)
    guess = state.resample(1, 5)
    assert guess.observation(1) == state.observation(1) and guess._seats[0].keep_out == []
    do(state, A.DONE)
    assert state._round == 2
    seat = state._seats[0]
    assert seat.deck[0] == FEAR and FEAR not in seat.hand  # shown, then under the deck


def test_the_keep_decisions_read_the_same_to_the_others() -> None:
    state = _keep_answers(())
    legal = state.legal_actions()
    assert len(legal) == 2 and A.DONE in legal
    assert {state.public_action_string(a) for a in legal} == {
        "decide on a card left in hand at the round's end"
    }
    assert {state.action_to_string(a).split()[0] for a in legal} == {"keep", "discard"}


def test_play_area_goes_under_the_deck_below_bought_items() -> None:
    state = fresh(2)
    play = [FEAR, FEAR, FUNDING_CAR, FUNDING_BOAT, EXPLORATION_CAR, EXPLORATION_BOAT]
    old = [card("item.hat"), card("item.rope")]  # rope on top
    setup(state, 0, hand=[], deck=old, play=play, resources={"coin": 9})
    setup(state, 1, hand=[])
    item = state._row_item[0]
    do(state, A.CARD + item, A.END_TURN, A.PASS, A.PASS)
    seat = state._seats[0]
    assert state._round == 2
    # deck was: shuffled play area (6), the bought item, hat, rope (top)
    assert seat.hand[:3] == [card("item.rope"), card("item.hat"), item]
    assert sorted(seat.hand[3:] + seat.deck) == sorted(play)
    assert len(seat.hand) == 5 and len(seat.deck) == 4


def test_play_area_is_shuffled() -> None:
    orders = set()
    play = [FEAR, FUNDING_CAR, FUNDING_BOAT, EXPLORATION_CAR, EXPLORATION_BOAT, OSTRICH]
    for seed in range(6):
        state = fresh(2, seed=seed)
        setup(state, 0, hand=[], deck=[FEAR] * 5, play=play)
        setup(state, 1, hand=[])
        do(state, A.PASS, A.PASS)
        orders.add(tuple(state._seats[0].deck))
    assert len(orders) > 1


def test_assistants_refreshed_and_start_player_moves() -> None:
    state = fresh(3)
    for p in range(3):
        setup(state, p, hand=[])
    setup(state, 0, assistants=[("banker", False, True), ("scout", True, True)])
    do(state, A.PASS, A.PASS, A.PASS)
    assert state._round == 2 and state._start == 1 and state.current_player == 1
    assert state._seats[0].assistants == [0, 11 | 16]
    assert all(not s.passed for s in state._seats)
    assert all(len(s.hand) == 5 or not s.deck for s in state._seats)


def test_moon_staff_exiles_the_cards_beside_it() -> None:
    state = fresh(2)
    arts, items = state._row_art[:], state._row_item[:]
    setup(state, 0, hand=[])
    setup(state, 1, hand=[])
    do(state, A.PASS, A.PASS)
    assert state._art_exile == [arts[-1]] and state._item_exile == [items[0]]
    assert len(state._row_art) == 2 and state._row_item == items[1:]
    for _ in range(3):  # rounds 2, 3, 4
        _pass_round(state)
    assert state._round == 5
    assert len(state._row_art) == 5 and len(state._row_item) == 1


def test_draw_up_to_five() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FEAR, FEAR], deck=[FUNDING_CAR] * 2)
    setup(state, 1, hand=[])
    do(state, A.PASS, A.PASS, A.DONE, A.DONE)  # seat 0 keeps both cards
    s0, s1 = state._seats
    assert sorted(s0.hand) == sorted([FEAR, FEAR, FUNDING_CAR, FUNDING_CAR])  # the deck ran out
    assert len(s1.hand) == 1 and s1.deck == []  # seat 1 had 1 deck card: nothing in play


def test_end_of_round_five_fear_then_final_scoring() -> None:
    state = fresh(2)
    state._round = 5
    discover(state, L1_1, guard="G08")
    place(state, 0, L1_1)
    setup(state, 0, hand=[FEAR])
    setup(state, 1, hand=[])
    before = state.score_parts(0)["fear"]
    do(state, A.PASS, A.PASS)
    assert state.is_terminal()
    assert state._seats[0].hand == [FEAR]  # no keep/discard step
    assert state.score_parts(0)["fear"] == before - 1
    assert state._seats[0].play.count(FEAR) == 1
    assert state.observation(0)["final_scores"][0] == state.score_parts(0)


# ------------------------------------------------------------------ final scoring


def _final_position() -> ArnakState:
    state = fresh(2)
    state._round = 5
    s0 = state._seats[0]
    s0.glass, s0.notebook = 11, 5  # Bird row 6 glass (12) + row 3 notebook (2)
    s0.temples = [0, 3, 5]  # 2 + 6 + 11
    s0.crates, s0.slots = 2, [True, True, False, False]  # 4 idols x 3 + empty slots 3 + 4
    s0.guardians = [guardian("G01"), guardian("G02") | 16]  # 2 x 5, boon used or not
    setup(
        state,
        0,
        hand=[card("item.automobile")],  # 3
        deck=[card("item.sea_turtle"), FEAR],  # 1, -1
        play=[card("art.treasure_chest"), FEAR, FUNDING_CAR],  # 3, -1, 0
        fear_tiles=1,  # -2
    )
    setup(state, 1, hand=[], deck=[], play=[])
    return state


def test_final_scoring_by_hand() -> None:
    state = _final_position()
    do(state, A.PASS, A.PASS)
    assert state.is_terminal()
    parts = state.score_parts(0)
    assert parts == {
        "research": 14,
        "temple_tiles": 19,
        "idols": 19,
        "guardians": 10,
        "cards": 7,
        "fear": -4,
    }
    assert state.scores()[0] == 65.0
    assert state.scores()[1] == 10.0  # only its four empty idol slots
    assert state.returns() == [1.0, 0.0]


def test_lost_temple_scores_by_arrival() -> None:
    state = fresh(2)
    s0, s1 = state._seats
    s0.glass = s1.glass = 14
    s0.temple_rank, s1.temple_rank = 1, 0
    assert state.research_points(0) == 21 and state.research_points(1) == 23


def _tied(state: ArnakState) -> ArnakState:
    for p in (0, 1):
        setup(state, p, hand=[], deck=[], play=[])
    state._round = 5
    return state


def test_tie_goes_to_the_first_in_the_lost_temple() -> None:
    state = _tied(fresh(2))
    s0, s1 = state._seats
    s0.glass = s1.glass = 14
    s0.temple_rank, s1.temple_rank = 1, 0  # 21 and 23
    s0.crates = 1  # +3: 24 against 23 ...
    s1.temples = []
    setup(state, 0, hand=[], deck=[], play=[FEAR])  # ... -1: 23 each
    do(state, A.PASS, A.PASS)
    assert state.scores() == [33.0, 33.0]  # with 10 for the empty idol slots each
    assert state.returns() == [0.0, 1.0]


def test_tie_with_one_in_the_lost_temple() -> None:
    state = _tied(fresh(2))
    s0, s1 = state._seats
    s0.glass, s0.temple_rank = 14, 0  # 23
    s1.glass, s1.notebook = 13, 13  # Bird row 7: 16 + 10 = 26 research
    s0.guardians = [guardian("G01")]  # 28
    s0.temples = [4, 1]  # 6 + 2: 36, + 10 for the empty slots: 46
    setup(state, 0, deck=[card("item.trowel"), card("item.hat")])  # 1 + 1: 48
    s1.slots = [True, False, False, False]  # 1 idol + empty slots 2 + 3 + 4 = 12: 38
    s1.guardians = [guardian("G02"), guardian("G03")]  # 48
    do(state, A.PASS, A.PASS)
    assert state.scores() == [48.0, 48.0]
    assert state.research_points(1) > state.research_points(0)
    assert state.returns() == [1.0, 0.0]


def test_tie_without_the_lost_temple_goes_to_research() -> None:
    state = _tied(fresh(2))
    s0, s1 = state._seats
    s0.glass = 11  # row 6: 12, + 10 for the empty idol slots
    s1.glass = 9  # row 5: 9, + 10
    s1.guardians = [guardian("G01")]  # 24
    setup(state, 0, deck=[card("item.hat")], play=[card("item.hat")])  # 2 hats: 24
    do(state, A.PASS, A.PASS)
    assert state.scores() == [24.0, 24.0]
    assert state.returns() == [1.0, 0.0]


def test_full_tie_is_shared() -> None:
    state = _tied(fresh(2))
    for s in state._seats:
        s.glass = 3
    do(state, A.PASS, A.PASS)
    assert state.scores() == [12.0, 12.0]  # row 2 glass + the empty slots
    assert state.returns() == [1.0, 1.0]


def test_an_empty_deck_stops_the_row_sliding_and_refilling() -> None:
    state = fresh(players=2, seed=3)
    row(state, items=["item.rope", "item.hat", "item.watch", "item.axe", "item.torch"])
    artifact = state._row_art[0]
    state._art_deck = []
    state._item_deck = []
    setup(state, 0, resources={"coin": 5})
    do(state, A.CARD + card("item.watch"))
    do(state, A.END_TURN)
    rope, hat, axe, torch = (card(f"item.{n}") for n in ("rope", "hat", "axe", "torch"))
    assert state._row_item == [rope, hat, -1, axe, torch]  # no sliding, no refill
    assert state.observation(0)["card_row"]["items"] == [
        "item.rope",
        "item.hat",
        None,
        "item.axe",
        "item.torch",
    ]
    assert A.CARD + card("item.watch") not in state.legal_actions()
    # The round ends: the cards beside the moon staff are exiled, the staff moves right,
    # and with no artifact deck left both artifact spaces stay empty.
    state._end_round()
    state._settle()
    while state._stack:
        do(state, A.DONE)
    assert state._round == 2
    assert artifact in state._art_exile and rope in state._item_exile
    assert state._row_art == [-1, -1]
    assert state._row_item == [hat, -1, axe, torch]


def test_item_deck_running_out_mid_refill_leaves_the_far_end_empty() -> None:
    # "Slide cards toward the moon staff to make a space on the end. Deal a new card to
    # that empty space": the space the last card cannot fill is the far one.
    state = fresh(players=2, seed=3)
    row(state, items=["item.rope", "item.hat", "item.watch", "item.axe", "item.torch"])
    last = card("item.airdrop")
    state._item_deck = [last]
    setup(state, 0, resources={"coin": 9})
    state.take_from_row(card("item.axe"))  # a second card taken this turn
    do(state, A.CARD + card("item.watch"))
    do(state, A.END_TURN)
    rope, hat, torch = (card(f"item.{n}") for n in ("rope", "hat", "torch"))
    assert state._row_item == [rope, hat, torch, last, -1]
    # the card beside the moon staff is the one exiled at the round's end
    state._end_round()
    state._settle()
    while state._stack:
        do(state, A.DONE)
    assert rope in state._item_exile
    assert state._row_item == [hat, torch, last, -1]


@pytest.mark.parametrize("seed", range(6))
def test_games_whose_decks_run_out_play_to_the_end(seed: int) -> None:
    import meeple
    from meeple.core.rng import Rng

    state = meeple.load_game("arnak", players=3 if seed % 2 else 1).new_initial_state(seed=seed)
    del state._art_deck[: len(state._art_deck) - 3]
    del state._item_deck[: len(state._item_deck) - 3]
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        moves = [a for a in legal if a not in (A.PASS, A.END_TURN, A.DONE)] or legal
        state.apply_action(moves[rng.below(len(moves))])
        shown = state.observation(state.current_player if state.current_player >= 0 else 0)
        row_cards = [c for c in state._row_art + state._row_item if c >= 0]
        assert len(row_cards) == len(set(row_cards))
        assert len(state._row_art) + len(state._row_item) <= 6
        assert all(c is None or c.startswith(("item.", "art.")) for c in shown["card_row"]["items"])
    assert not state._art_deck and not state._item_deck


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_running_score_is_the_sum_of_its_parts(players: int) -> None:
    import meeple
    from meeple.core.rng import Rng

    state = meeple.load_game("arnak", players=players).new_initial_state(seed=players)
    rng = Rng(7)
    while not state.is_terminal():
        for p in range(players):
            assert state._score(p) == sum(state.score_parts(p).values())
        legal = state.legal_actions()
        moves = [a for a in legal if a not in (A.PASS, A.END_TURN)] or legal
        state.apply_action(moves[rng.below(len(moves))])
    assert state.scores() == [float(sum(state.score_parts(p).values())) for p in range(players)]
