"""Every Arnak item and artifact played (or, for artifacts, bought) from a prepared
position, with the exact outcome of cards.yaml and the rulebook's card notes: resources,
cards drawn, exiled or put into play, archaeologists moved, sites activated, guardians
overcome, assistants refreshed, research tokens moved. Also: artifacts cost a tablet from
hand and not when bought, main versus free actions, and the pass options."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.games.arnak.components import (
    ARTIFACTS,
    CARDS,
    FEAR,
    ITEMS,
    TABLET,
)
from meeple.games.arnak.rules import RIVAL, SITE_SLOTS, ArnakState, Seat

from .scenario import (
    BASIC_DECK,
    HOME,
    A,
    assistant,
    by_text,
    card,
    cards,
    deck_top,
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
FREE_CARDS = {
    "steam_boat",
    "automobile",
    "gold_pan",
    "watch",
    "carrier_pigeon",
    "hat",
    "chronometer",
}
EXILE_SELF = {
    "hot_air_balloon",
    "journal",
    "whip",
    "rough_map",
    "airdrop",
    "flask",
    "bear_trap",
}


def covers(*names: str) -> None:
    """Marks the cards a test is about (the last test checks that all 75 are named)."""


def play(s: ArnakState, name: str) -> ArnakState:
    return do(s, A.HAND + card(name))


def me(s: ArnakState) -> Seat:
    return s._seats[0]


def legal(s: ArnakState) -> set[int]:
    return set(s.legal_actions())


def top_level(s: ArnakState) -> bool:
    return not s._stack and s.current_player == 0


# ---------------------------------------------------------------- simple effects

SIMPLE = [
    # name, gained resources, cards drawn (in order), fear taken
    ("steam_boat", res(compass=2), [], 0),
    ("automobile", res(compass=2), [], 0),
    ("gold_pan", res(coin=2), [], 0),
    ("carrier_pigeon", res(tablet=2), [], 0),
    ("hat", res(coin=1, compass=1), [], 0),
    ("rough_map", res(compass=3), [], 0),
    ("horse", res(coin=1, compass=1), [EB], 0),
    ("pack_donkey", res(), [EB, EC], 0),
    ("flask", res(), [EB, EC, FB], 0),
    ("large_backpack", res(coin=1), [FC], 0),
    ("war_mask", res(arrowhead=1), [], 0),
    ("treasure_chest", res(coin=1), [EB], 0),
    ("serpents_gold", res(coin=4), [], 1),
    ("serpent_idol", res(jewel=1), [], 1),
    ("hunting_arrows", res(arrowhead=2), [], 1),
    ("runes_of_the_dead", res(coin=1, tablet=3), [], 1),
    ("stone_jar", res(), [EB], 0),
]


@pytest.mark.parametrize(("name", "gained", "drawn", "fear"), SIMPLE)
def test_simple_effects(name: str, gained: list[int], drawn: list[int], fear: int) -> None:
    c = card(name)
    artifact = CARDS[c].kind == "artifact"
    # an artifact played from hand costs its tablet: start with exactly one
    s = table([name], resources={"tablet": 1} if artifact else {})
    fear_before = s._fear
    play(s, name)
    seat = me(s)
    assert seat.res == gained
    assert seat.hand == drawn
    assert seat.play.count(FEAR) == fear
    assert s._fear == fear_before - fear
    exiled = name in EXILE_SELF
    assert (c in s._item_exile) == exiled
    assert (c in seat.play) == (not exiled)
    assert s._main == (name not in FREE_CARDS)
    assert top_level(s)


def test_exile_self_flags_match_the_reference() -> None:
    for name in sorted(EXILE_SELF):
        c = card(name)
        assert CARDS[c].exile_self, name
    assert {
        CARDS[c].id.split(".")[1] for c in ITEMS + ARTIFACTS if CARDS[c].exile_self
    } == EXILE_SELF


def test_fear_supply_empty_gives_a_fear_tile() -> None:
    s = table(["serpents_gold"], resources={"tablet": 1})
    s._fear = 0
    play(s, "serpents_gold")
    assert me(s).fear_tiles == 1
    assert FEAR not in me(s).play
    assert me(s).res == res(coin=4)


# ---------------------------------------------------------------- main / free, tablets


@pytest.mark.parametrize("c", ITEMS + ARTIFACTS, ids=lambda c: CARDS[c].id)
def test_main_cards_not_playable_after_the_main_action(c: int) -> None:
    s = table([c, FEAR], resources={"tablet": 1})
    do(s, A.SITE + 0, A.HAND + FEAR)  # dig at camp C1 paying the boot with Fear
    assert s._main and me(s).res[0] == 2
    free = CARDS[c].id.split(".")[1] in FREE_CARDS
    assert (A.HAND + c in legal(s)) == free
    assert A.END_TURN in legal(s)


@pytest.mark.parametrize("c", ITEMS, ids=lambda c: CARDS[c].id)
def test_every_item_is_playable_before_the_main_action(c: int) -> None:
    s = table([c])
    assert A.HAND + c in legal(s)


@pytest.mark.parametrize("c", ARTIFACTS, ids=lambda c: CARDS[c].id)
def test_artifact_from_hand_costs_one_tablet(c: int) -> None:
    s = table([c], resources={"coin": 1, "compass": 1})
    assert A.HAND + c not in legal(s)
    setup(s, 0, resources={"tablet": 1})
    assert A.HAND + c in legal(s)
    play(s, CARDS[c].id)
    # Runes of the Dead gains 3 tablets at once; everything else leaves the paid tablet gone
    assert me(s).res[TABLET] == (3 if CARDS[c].id == "art.runes_of_the_dead" else 0)
    assert s._main


@pytest.mark.parametrize("c", ARTIFACTS, ids=lambda c: CARDS[c].id)
def test_artifact_bought_goes_to_play_and_offers_its_effect_without_a_tablet(c: int) -> None:
    s = table([])
    row(s, artifacts=[c])
    setup(s, 0, resources={"compass": CARDS[c].cost})
    do(s, A.CARD + c)
    seat = me(s)
    assert seat.res == res()
    assert c in seat.play and c not in s._row_art
    assert s._stack[-1][0] == "offer"
    assert legal(s) == {A.YES, A.DONE}
    do(s, A.DONE)
    assert seat.res == res() and top_level(s) and s._main


def test_artifact_bought_resolves_its_effect_without_the_tablet() -> None:
    s = table([])
    row(s, artifacts=["runes_of_the_dead"])
    setup(s, 0, resources={"compass": 4})
    do(s, A.CARD + card("runes_of_the_dead"), A.YES)
    assert me(s).res == res(coin=1, tablet=3)
    assert me(s).play.count(FEAR) == 1


def test_item_bought_goes_to_the_bottom_of_the_deck() -> None:
    s = table([], resources={"coin": 3})
    row(s, items=["sea_turtle", "hat", "axe", "torch", "rope"])
    do(s, A.CARD + card("sea_turtle"))
    assert me(s).deck[0] == card("sea_turtle")
    assert me(s).deck[1:] == DECK
    assert me(s).res == res()
    assert top_level(s) and s._main


# ---------------------------------------------------------------- travel / archaeologist


def rig_discovery(s: ArnakState, site: int, tile: str, idol: int = 0, guard: str = "G01") -> None:
    """The next discovery at `site` reveals `tile`, its face-up idol has reward `idol`
    (0: a coin) and the guardian `guard` wakes."""
    level = s._spaces[site].level
    t = site_tile(tile)
    stack = s._stacks[level - 1]
    stack.remove(t)
    stack.append(t)
    s._idol_up[site] = idol
    s._idol_down[site] = 0
    g = guardian(guard)
    s._guardians.remove(g)
    s._guardians.append(g)
    s._legal = None


def test_sea_turtle_draws_and_digs_with_a_boat_covered() -> None:
    covers("sea_turtle")
    s = table(["sea_turtle"])
    discover(s, 7, "L1-02")  # L1-3: one boat
    discover(s, 5, "L1-04")  # L1-1: one car
    play(s, "sea_turtle")
    assert me(s).hand == [EB]
    assert A.SITE + 7 in legal(s)
    # a car site still needs a car: only Exploration (boat) in hand, no coins
    assert A.SITE + 5 not in legal(s)
    do(s, A.SITE + 7)
    assert me(s).arch[0] == SITE_SLOTS[7][0] and s._occ[SITE_SLOTS[7][0]] == 0
    assert me(s).res == res(coin=1, arrowhead=1)
    assert me(s).hand == [EB]  # no card spent for travel
    assert top_level(s)


def test_ostrich_draws_and_digs_with_a_car_covered() -> None:
    covers("ostrich")
    s = table(["ostrich"])
    discover(s, 5, "L1-04")  # car site
    discover(s, 7, "L1-02")  # boat site
    play(s, "ostrich")
    assert me(s).hand == [EB]
    do(s, A.SITE + 5)
    assert me(s).res == res(compass=1, arrowhead=1)
    assert me(s).hand == [EB]


def test_ostrich_dig_at_boat_site_pays_the_rest() -> None:
    s = table(["ostrich"])
    discover(s, 7, "L1-02")
    play(s, "ostrich")
    # the car discount does not pay a boat: the drawn Exploration (boat) must be spent
    do(s, A.SITE + 7)
    assert s._stack[-1][0] == "travel"
    do(s, A.HAND + EB)
    assert me(s).hand == [] and EB in me(s).play
    assert me(s).res == res(coin=1, arrowhead=1)


def test_sturdy_boots_two_boots_cover_a_camp_but_not_a_car() -> None:
    covers("sturdy_boots")
    s = table(["sturdy_boots"])
    discover(s, 5, "L1-04")  # car
    play(s, "sturdy_boots")
    assert me(s).res == res(compass=1)
    options = legal(s)
    assert A.SITE + 0 in options
    assert A.SITE + 5 not in options  # boots pay only boots
    do(s, A.SITE + 2)  # camp C3: two tablets, travel fully covered
    assert me(s).res == res(compass=1, tablet=2)
    assert me(s).arch[0] == SITE_SLOTS[2][0]


def test_hot_air_balloon_discovers_three_compasses_cheaper_and_is_exiled() -> None:
    covers("hot_air_balloon")
    s = table(["hot_air_balloon"])
    rig_discovery(s, 5, "L1-02", idol=0, guard="G04")
    play(s, "hot_air_balloon")
    assert card("hot_air_balloon") in s._item_exile
    assert A.SITE + 5 in legal(s)  # level I costs 3 compasses, all covered
    assert A.SITE + 13 not in legal(s)  # level II still needs 3 of its 6
    do(s, A.SITE + 5)
    seat = me(s)
    assert seat.arch[0] == SITE_SLOTS[5][0]
    assert s._tile[5] == site_tile("L1-02")
    assert s._guardian[5] == guardian("G04")
    assert seat.crates == 1
    # the idol's coin and the tile's coin + arrowhead
    assert seat.res == res(coin=2, arrowhead=1)
    assert top_level(s)


def test_aeroplane_discovers_two_compasses_cheaper_with_a_plane_covered() -> None:
    covers("aeroplane")
    s = table(["aeroplane"], resources={"compass": 1})
    rig_discovery(s, 7, "L1-10", idol=1)
    play(s, "aeroplane")
    assert A.SITE + 7 in legal(s)
    do(s, A.SITE + 7)
    seat = me(s)
    assert seat.res == res(compass=1, jewel=1)  # 1 - 1 paid + 1 from the compass idol
    assert card("aeroplane") in seat.play
    s2 = table(["aeroplane"])
    play(s2, "aeroplane")
    assert A.SITE + 7 not in legal(s2)  # 3 - 2 = 1 compass still needed
    assert A.SITE + 0 in legal(s2)


def test_passage_shell_sends_to_a_camp_free_and_resolves_it_twice() -> None:
    covers("passage_shell")
    s = table(["passage_shell"], resources={"tablet": 1})
    discover(s, 5, "L1-02")
    place(s, 1, 0)  # the other player holds camp C1's only open space
    play(s, "passage_shell")
    options = legal(s)
    assert {A.SITE + 1, A.SITE + 2, A.SITE + 3, A.SITE + 4} <= options
    assert A.SITE + 0 not in options  # no free space
    assert A.SITE + 5 not in options  # camps only
    do(s, A.SITE + 1)
    assert not any(f[0] == "travel" for f in s._stack)
    assert me(s).res == res(compass=2)
    assert legal(s) == {A.YES, A.DONE}
    prompt = s.observation(0)["pending"]["prompt"]
    assert prompt.startswith("activate ") and " again (" in prompt and prompt.endswith("?")
    assert "tablet" not in prompt  # no artifact's tablet is waived here
    do(s, A.YES)
    assert me(s).res == res(compass=4)
    assert me(s).arch[0] == SITE_SLOTS[1][0]
    assert top_level(s)


def test_passage_shell_second_resolution_is_optional() -> None:
    s = table(["passage_shell"], resources={"tablet": 1})
    play(s, "passage_shell")
    do(s, A.SITE + 0, A.DONE)
    assert me(s).res == res(coin=2)
    assert top_level(s)


def test_passage_shell_jewel_camp_pays_a_hand_card_each_time() -> None:
    s = table(["passage_shell", FEAR, FC], resources={"tablet": 1})
    play(s, "passage_shell")
    do(s, A.SITE + 4, A.YES, A.HAND + FEAR)  # camp C5: a hand card for a jewel
    assert me(s).res == res(jewel=1)
    do(s, A.YES)  # resolve it again
    do(s, A.YES, A.HAND + FC)
    assert me(s).res == res(jewel=2)
    assert me(s).hand == []


def test_passage_shell_needs_an_archaeologist_at_home() -> None:
    s = table(["passage_shell"], resources={"tablet": 1})
    place(s, 0, 1)
    place(s, 0, 2)
    play(s, "passage_shell")
    assert top_level(s)  # nothing to send
    assert me(s).res == res()


# ---------------------------------------------------------------- relocation


def test_pathfinders_sandals_relocates_from_any_site_to_a_free_camp() -> None:
    covers("pathfinders_sandals")
    s = table(["pathfinders_sandals"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04")
    slot = place(s, 0, 5)
    place(s, 1, 0)  # camp C1 has no free space in a two-player game
    play(s, "pathfinders_sandals")
    assert legal(s) == {A.SITE + 5, A.DONE}
    do(s, A.SITE + 5)
    assert legal(s) == {A.SITE + 1, A.SITE + 2, A.SITE + 3, A.SITE + 4}
    do(s, A.SITE + 2)
    assert s._occ[slot] == -1
    assert me(s).arch[0] == SITE_SLOTS[2][0] and s._occ[SITE_SLOTS[2][0]] == 0
    assert me(s).res == res(tablet=2)  # camp C3 resolved, no travel paid
    assert top_level(s)


def test_pathfinders_staff_relocates_to_a_camp_or_discovered_level_one_site() -> None:
    covers("pathfinders_staff")
    s = table(["pathfinders_staff"], resources={"tablet": 1})
    discover(s, 13, "L2-02")
    discover(s, 5, "L1-02")
    discover(s, 14, "L2-01")  # level II: not a target
    discover(s, 6, "L1-04")
    place(s, 1, 6)  # occupied: no free space
    place(s, 0, 13)
    play(s, "pathfinders_staff")
    do(s, A.SITE + 13)
    targets = legal(s)
    assert A.SITE + 5 in targets
    assert {A.SITE + c for c in range(5)} <= targets
    assert A.SITE + 6 not in targets  # taken
    assert A.SITE + 7 not in targets  # undiscovered
    assert A.SITE + 14 not in targets and A.SITE + 13 not in targets
    do(s, A.SITE + 5)
    assert me(s).arch[0] == SITE_SLOTS[5][0]
    assert me(s).res == res(coin=1, arrowhead=1)


def test_pathfinders_staff_not_to_the_same_site() -> None:
    s = table(["pathfinders_staff"], resources={"tablet": 1})
    place(s, 0, 3)
    play(s, "pathfinders_staff")
    do(s, A.SITE + 3)
    assert A.SITE + 3 not in legal(s)
    assert A.SITE + 1 in legal(s)


def test_relocation_needs_a_placed_archaeologist() -> None:
    s = table(["pathfinders_sandals"], resources={"tablet": 1})
    play(s, "pathfinders_sandals")
    assert top_level(s) and me(s).arch == [HOME, HOME]


# ---------------------------------------------------------------- guardians


def test_guardians_crown_moves_a_guardian_to_an_unoccupied_discovered_site() -> None:
    covers("guardians_crown")
    s = table(["guardians_crown"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04")  # free, unguarded: a target
    discover(s, 7, "L1-06")  # occupied by the other player
    discover(s, 9, "L1-10", guard="G02")  # guarded
    discover(s, 13, "L2-02")  # level II: not a target
    place(s, 0, 5)
    place(s, 1, 7)
    place(s, 1, 1)  # camp C2 occupied
    play(s, "guardians_crown")
    assert legal(s) == {A.SITE + 5, A.DONE}
    do(s, A.SITE + 5)
    assert legal(s) == {A.SITE + 0, A.SITE + 2, A.SITE + 3, A.SITE + 4, A.SITE + 6}
    do(s, A.SITE + 6)
    assert s._guardian[5] == -1 and s._guardian[6] == guardian("G01")
    assert me(s).res == res(compass=1, arrowhead=1)  # L1-04 resolved
    assert me(s).guardians == []


def test_guardians_crown_any_space_occupied_makes_a_camp_occupied() -> None:
    s = table(["guardians_crown"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    place(s, 0, 5)
    place(s, 0, 0)  # your own archaeologist also occupies camp C1
    play(s, "guardians_crown")
    do(s, A.SITE + 5)
    assert A.SITE + 0 not in legal(s)


def test_war_club_overcomes_a_guardian_at_your_site_free() -> None:
    covers("war_club")
    s = table(["war_club"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G08")  # costs 4 coins
    discover(s, 6, "L1-04", guard="G01")  # nobody there
    place(s, 0, 5)
    play(s, "war_club")
    assert legal(s) == {A.OVERCOME + 5, A.DONE}
    do(s, A.OVERCOME + 5)
    assert me(s).guardians == [guardian("G08")]
    assert s._guardian[5] == -1
    assert me(s).res == res()


def test_revolver_pays_a_compass_to_overcome_free() -> None:
    covers("revolver")
    s = table(["revolver"], resources={"compass": 1})
    discover(s, 5, "L1-02", guard="G13")
    place(s, 0, 5)
    play(s, "revolver")
    assert legal(s) == {A.YES, A.DONE}
    do(s, A.YES, A.OVERCOME + 5)
    assert me(s).guardians == [guardian("G13")]
    assert me(s).res == res()


def test_revolver_without_a_compass_does_nothing() -> None:
    s = table(["revolver"])
    discover(s, 5, "L1-02", guard="G13")
    place(s, 0, 5)
    play(s, "revolver")
    assert top_level(s) and me(s).guardians == []


def test_bear_trap_no_other_players_archaeologist_there() -> None:
    covers("bear_trap")
    s = table(["bear_trap"])
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04", guard="G02")
    discover(s, 7, "L1-06", guard="G03")
    place(s, 1, 5)  # other player: not allowed
    place(s, 0, 7)  # yours: allowed
    play(s, "bear_trap")
    assert card("bear_trap") in s._item_exile
    assert legal(s) == {A.OVERCOME + 6, A.OVERCOME + 7, A.DONE}
    do(s, A.OVERCOME + 6)
    assert me(s).guardians == [guardian("G02")]
    assert me(s).res == res()


def test_bear_trap_solo_rival_counts_as_another_player() -> None:
    s = fresh(players=1)
    setup(s, 0, hand=["bear_trap"], deck=DECK, play=[], resources={})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04", guard="G02")
    s._occ[SITE_SLOTS[5][0]] = RIVAL
    s._legal = None
    play(s, "bear_trap")
    assert legal(s) == {A.OVERCOME + 6, A.DONE}


def test_bow_and_arrows_cap() -> None:
    covers("bow_and_arrows")
    for owned, at_sites, gain in ((0, 0, 0), (1, 0, 1), (1, 1, 2), (2, 2, 3)):
        s = table(["bow_and_arrows"], guardians=["G01", "G02"][:owned])
        for i, site in enumerate((5, 6)[:at_sites]):
            discover(s, site, guard=("G03", "G04")[i])
            place(s, 0, site)
        discover(s, 7, guard="G05")  # a guardian where you are not: does not count
        play(s, "bow_and_arrows")
        assert me(s).res == res(compass=gain), (owned, at_sites)


def test_brush_counts_idols_in_slots_or_not_at_most_three() -> None:
    covers("brush")
    for crates, slotted, gain in ((0, 0, 0), (1, 0, 1), (1, 1, 2), (2, 2, 3), (0, 4, 3)):
        slots = [True] * slotted + [False] * (4 - slotted)
        s = table(["brush"], crates=crates, slots=slots)
        play(s, "brush")
        assert me(s).res == res(compass=gain), (crates, slotted)


def test_theodolite_one_coin_and_a_compass_per_archaeologist_out() -> None:
    covers("theodolite")
    for out in (0, 1, 2):
        s = table(["theodolite"])
        for site in (0, 1)[:out]:
            place(s, 0, site)
        play(s, "theodolite")
        assert me(s).res == res(coin=1, compass=out)


# ---------------------------------------------------------------- site activation


def test_binoculars_activates_any_discovered_level_one_site() -> None:
    covers("binoculars")
    s = table(["binoculars"])
    discover(s, 5, "L1-02")
    discover(s, 6, "L1-06")
    discover(s, 13, "L2-02")
    place(s, 1, 5)  # occupied by someone else: still allowed
    play(s, "binoculars")
    assert legal(s) == {A.SITE + 5, A.SITE + 6, A.DONE}
    do(s, A.SITE + 5)
    assert me(s).res == res(coin=1, arrowhead=1)
    assert me(s).arch == [HOME, HOME]


def test_tent_reactivates_your_site_level_two_costs_two_compasses() -> None:
    covers("tent")
    s = table(["tent"], resources={"compass": 1})
    discover(s, 13, "L2-02")
    discover(s, 5, "L1-02")
    place(s, 0, 0)
    place(s, 0, 13)
    place(s, 1, 5)  # not yours
    play(s, "tent")
    assert legal(s) == {A.SITE + 0, A.DONE}  # level II needs 2 compasses
    s2 = table(["tent"], resources={"compass": 2})
    discover(s2, 13, "L2-02")
    place(s2, 0, 0)
    place(s2, 0, 13)
    play(s2, "tent")
    assert legal(s2) == {A.SITE + 0, A.SITE + 13, A.DONE}
    do(s2, A.SITE + 13)
    assert me(s2).res == res(coin=1, compass=1, tablet=1, arrowhead=1)
    do(s, A.SITE + 0)
    assert me(s).res == res(coin=2, compass=1)


def test_lantern_activates_any_camp_even_occupied() -> None:
    covers("lantern")
    s = table(["lantern"])
    place(s, 1, 2)
    discover(s, 5, "L1-02")
    play(s, "lantern")
    assert legal(s) == {A.SITE + c for c in range(5)} | {A.DONE}
    do(s, A.SITE + 2)
    assert me(s).res == res(tablet=2)


def test_dog_takes_a_compass_and_activates_an_unoccupied_camp() -> None:
    covers("dog")
    s = table(["dog"])
    place(s, 1, 2)
    place(s, 0, 3)
    play(s, "dog")
    assert me(s).res == res(compass=1)
    assert legal(s) == {A.SITE + 0, A.SITE + 1, A.SITE + 4, A.DONE}
    do(s, A.SITE + 1)
    assert me(s).res == res(compass=3)


def test_tigerclaw_hairpin_exiles_then_activates_an_unoccupied_camp() -> None:
    covers("tigerclaw_hairpin")
    s = table(["tigerclaw_hairpin", FEAR], resources={"tablet": 1})
    place(s, 1, 0)
    fear = s._fear
    play(s, "tigerclaw_hairpin")
    do(s, A.HAND + FEAR)
    assert s._fear == fear + 1 and me(s).hand == []
    assert legal(s) == {A.SITE + 1, A.SITE + 2, A.SITE + 3, A.SITE + 4, A.DONE}
    do(s, A.SITE + 3)
    assert me(s).res == res(arrowhead=1)


def test_star_charts_pays_a_coin_for_two_different_camps() -> None:
    covers("star_charts")
    s = table(["star_charts"], resources={"tablet": 1, "coin": 1})
    place(s, 1, 0)
    play(s, "star_charts")
    do(s, A.YES)
    assert A.SITE + 0 in legal(s)  # occupied camps count too
    do(s, A.SITE + 0)
    assert me(s).res == res(coin=2)
    assert A.SITE + 0 not in legal(s)  # two different camps
    do(s, A.SITE + 2)
    assert me(s).res == res(coin=2, tablet=2)
    assert top_level(s)


def test_star_charts_without_a_coin_does_nothing() -> None:
    s = table(["star_charts"], resources={"tablet": 1})
    play(s, "star_charts")
    assert top_level(s) and me(s).res == res()


def test_guiding_stone_resolves_the_top_level_one_tile_and_puts_it_under() -> None:
    covers("guiding_stone")
    s = table(["guiding_stone"], resources={"tablet": 1})
    t = site_tile("L1-06")
    s._stacks[0].remove(t)
    s._stacks[0].append(t)
    size = len(s._stacks[0])
    play(s, "guiding_stone")
    assert me(s).res == res(tablet=1, arrowhead=1)
    assert s._stacks[0][0] == t and len(s._stacks[0]) == size


def test_guiding_skull_pays_a_compass_for_the_top_level_two_tile() -> None:
    covers("guiding_skull")
    s = table(["guiding_skull"], resources={"tablet": 1, "compass": 1})
    t = site_tile("L2-03")
    s._stacks[1].remove(t)
    s._stacks[1].append(t)
    play(s, "guiding_skull")
    do(s, A.YES)
    assert me(s).res == res(arrowhead=1, jewel=1)
    assert s._stacks[1][0] == t


# ---------------------------------------------------------------- pay-for effects


PAY_COMPASS = [("trowel", res(jewel=1)), ("pickaxe", res(tablet=1, arrowhead=1))]


@pytest.mark.parametrize(("name", "gained"), PAY_COMPASS)
def test_pay_a_compass_for(name: str, gained: list[int]) -> None:
    s = table([name], resources={"compass": 1})
    play(s, name)
    assert legal(s) == {A.YES, A.DONE}
    do(s, A.YES)
    assert me(s).res == gained
    s2 = table([name])
    play(s2, name)
    assert top_level(s2) and me(s2).res == res() and s2._main


def test_parrot_puts_another_card_into_play_for_a_jewel() -> None:
    covers("parrot")
    s = table(["parrot", FC])
    play(s, "parrot")
    do(s, A.YES)
    assert legal(s) == {A.HAND + FC}
    do(s, A.HAND + FC)
    assert me(s).res == res(jewel=1)
    assert me(s).play == [card("parrot"), FC] and me(s).hand == []
    alone = table(["parrot"])
    play(alone, "parrot")
    assert top_level(alone) and me(alone).res == res()


def test_rope_puts_another_card_into_play_to_draw_two() -> None:
    covers("rope")
    s = table(["rope", FEAR])
    play(s, "rope")
    do(s, A.YES, A.HAND + FEAR)
    assert me(s).hand == [EB, EC]
    assert FEAR in me(s).play


def test_grappling_hook_draws_then_may_exile() -> None:
    covers("grappling_hook")
    s = table(["grappling_hook", FEAR])
    fear = s._fear
    play(s, "grappling_hook")
    do(s, A.YES, A.HAND + FEAR)
    assert me(s).hand == [EB]
    assert A.DONE in legal(s) and A.PLAY_AREA + FEAR in legal(s)
    do(s, A.PLAY_AREA + FEAR)
    assert FEAR not in me(s).play and s._fear == fear + 1
    assert top_level(s)


EXILE_THEN_GAIN = [
    ("machete", res(compass=2)),
    ("torch", res(tablet=1)),
    ("axe", res(compass=1)),
    ("ritual_dagger", res(arrowhead=1)),
    ("mortar", res(coin=2)),
]


@pytest.mark.parametrize(("name", "gained"), EXILE_THEN_GAIN)
def test_exile_a_card_then_gain(name: str, gained: list[int]) -> None:
    c = card(name)
    artifact = CARDS[c].kind == "artifact"
    s = table([name, FEAR], play=[FC], resources={"tablet": 1} if artifact else {})
    fear = s._fear
    play(s, name)
    # the trash icon: a card from hand or play area (the played card included), optional
    assert legal(s) == {A.HAND + FEAR, A.PLAY_AREA + FC, A.PLAY_AREA + c, A.DONE}
    do(s, A.HAND + FEAR)
    assert s._fear == fear + 1
    assert me(s).res == gained
    s2 = table([name], play=[FC], resources={"tablet": 1} if artifact else {})
    play(s2, name)
    do(s2, A.PLAY_AREA + FC)
    assert me(s2).play == [c]  # a basic card leaves the game
    assert FC not in s2._item_exile + s2._art_exile
    s3 = table([name], resources={"tablet": 1} if artifact else {})
    play(s3, name)
    do(s3, A.DONE)
    assert me(s3).res == gained


def test_exiled_item_goes_to_the_item_exile_pile() -> None:
    s = table(["machete"], play=["hat"])
    play(s, "machete")
    do(s, A.PLAY_AREA + card("hat"))
    assert s._item_exile[-1] == card("hat")


def test_cleansing_cauldron_draws_then_may_exile() -> None:
    covers("cleansing_cauldron")
    s = table(["cleansing_cauldron"], resources={"tablet": 1})
    play(s, "cleansing_cauldron")
    assert me(s).hand == [EB]
    do(s, A.HAND + EB)
    assert me(s).hand == [] and EB not in me(s).play


TRADERS = [("traders_scales", 3), ("traders_coins", 2)]


@pytest.mark.parametrize(("name", "coins"), TRADERS)
def test_traders_upgrade_then_coins(name: str, coins: int) -> None:
    s = table([name], resources={"tablet": 2, "arrowhead": 1})
    play(s, name)
    assert legal(s) == {A.UPGRADE, A.UPGRADE + 1, A.DONE}
    do(s, A.UPGRADE + 1)  # arrowhead -> jewel, one trade only
    assert me(s).res == res(coin=coins, tablet=1, jewel=1)
    s2 = table([name], resources={"tablet": 2})
    play(s2, name)
    do(s2, A.UPGRADE)
    assert me(s2).res == res(coin=coins, arrowhead=1)
    s3 = table([name], resources={"tablet": 1})
    play(s3, name)  # nothing to upgrade
    assert me(s3).res == res(coin=coins)


# ---------------------------------------------------------------- pass options


PASS_OPTION = [
    ("watch", res(coin=2), res(coin=3)),
    ("chronometer", res(coin=1, compass=1), res(compass=3)),
]


@pytest.mark.parametrize(("name", "free_gain", "pass_gain"), PASS_OPTION)
def test_free_card_with_a_pass_option(
    name: str, free_gain: list[int], pass_gain: list[int]
) -> None:
    s = table([name])
    play(s, name)
    assert legal(s) == {A.OPTION, A.OPTION + 1}
    do(s, A.OPTION)
    assert me(s).res == free_gain
    assert not s._main and A.PASS in legal(s)  # a free action: the main action is still due
    # the pass option ends your round
    s = table([name])
    play(s, name)
    do(s, A.OPTION + 1)
    assert me(s).res == pass_gain
    assert me(s).passed and s.current_player == 1
    # after the main action it can no longer pass for you
    s = table([name, FEAR])
    do(s, A.SITE + 0, A.HAND + FEAR)
    play(s, name)
    assert legal(s) == {A.OPTION}
    do(s, A.OPTION)
    assert me(s).res == [a + b for a, b in zip(free_gain, res(coin=2), strict=True)]
    assert not me(s).passed and A.END_TURN in legal(s)


def test_passing_by_watch_skips_your_later_turns() -> None:
    s = table(["watch"])
    setup(s, 1, hand=[FEAR], deck=[])
    play(s, "watch")
    do(s, A.OPTION + 1)
    assert s.current_player == 1
    do(s, A.SITE + 1, A.HAND + FEAR)  # seat 1 digs at C2 paying the boot with Fear
    do(s, A.END_TURN)
    assert s.current_player == 1  # seat 0 has passed: seat 1 goes again


def test_sundial_two_tablets_or_pass_for_a_jewel() -> None:
    covers("sundial")
    s = table(["sundial"], resources={"tablet": 1})
    play(s, "sundial")
    assert legal(s) == {A.OPTION, A.OPTION + 1}
    do(s, A.OPTION)
    assert me(s).res == res(tablet=2)
    assert not me(s).passed and A.END_TURN in legal(s)
    s = table(["sundial"], resources={"tablet": 1})
    play(s, "sundial")
    do(s, A.OPTION + 1)
    assert me(s).res == res(jewel=1)
    assert me(s).passed and s.current_player == 1


def test_army_knife_needs_two_different_benefits() -> None:
    covers("army_knife")
    s = table(["army_knife"])
    play(s, "army_knife")
    assert legal(s) == {A.OPTION + k for k in range(4)}
    do(s, A.OPTION + 1)  # a coin
    assert me(s).res == res(coin=1)
    assert legal(s) == {A.OPTION, A.OPTION + 2, A.OPTION + 3}  # not the coin again
    do(s, A.OPTION + 3)
    assert me(s).res == res(coin=1, tablet=1)
    assert top_level(s)


def test_army_knife_exile_is_a_real_exile() -> None:
    s = table(["army_knife", FEAR])
    fear = s._fear
    play(s, "army_knife")
    do(s, A.OPTION)
    assert A.DONE not in legal(s)  # the chosen benefit is the exile itself
    do(s, A.HAND + FEAR)
    assert s._fear == fear + 1
    assert A.OPTION not in legal(s)
    do(s, A.OPTION + 2)
    assert me(s).res == res(compass=1)


# ---------------------------------------------------------------- buying


def fishing_position(coins: int) -> ArnakState:
    s = table(["fishing_rod"], resources={"coin": coins})
    row(s, items=["aeroplane", "pack_donkey", "machete", "binoculars", "tent"])  # all 4 coins
    deck_top(s, "horse")  # 4 coins too
    return s


def test_fishing_rod_reveals_the_deck_top_and_buys_it_three_cheaper() -> None:
    covers("fishing_rod")
    s = fishing_position(1)
    play(s, "fishing_rod")
    offered = {
        A.CARD + c for c in cards("aeroplane", "pack_donkey", "machete", "binoculars", "tent")
    }
    assert legal(s) == offered | {A.CARD + card("horse"), A.DONE}
    do(s, A.CARD + card("horse"))
    assert me(s).deck[0] == card("horse")
    assert me(s).res == res()
    assert card("horse") not in s._item_deck
    assert len(s._row_item) == 5
    assert s._revealed == []


def test_fishing_rod_buying_a_row_card_leaves_the_top_for_the_refill() -> None:
    s = fishing_position(1)
    play(s, "fishing_rod")
    do(s, A.CARD + card("aeroplane"))
    assert me(s).deck[0] == card("aeroplane")
    assert s._item_deck[-1] == card("horse")
    do(s, A.END_TURN)
    assert s._row_item[-1] == card("horse")


def test_fishing_rod_may_buy_nothing() -> None:
    s = fishing_position(1)
    play(s, "fishing_rod")
    do(s, A.DONE)
    assert s._item_deck[-1] == card("horse") and s._revealed == []
    assert me(s).res == res(coin=1)
    assert top_level(s) and s._main


def test_fishing_rod_playable_when_nothing_is_affordable() -> None:
    s = fishing_position(0)
    assert A.HAND + card("fishing_rod") in legal(s)
    play(s, "fishing_rod")
    assert top_level(s) and s._main
    assert s._item_deck[-1] == card("horse") and len(s._row_item) == 5


def test_precision_compass_reveals_the_artifact_top_three_cheaper() -> None:
    covers("precision_compass")
    s = table(["precision_compass"])
    row(s, artifacts=["treasure_chest"])
    deck_top(s, "stone_jar")
    play(s, "precision_compass")
    # Treasure Chest costs 4: one compass short; Stone Jar (2) is free
    assert legal(s) == {A.CARD + card("stone_jar"), A.DONE}
    do(s, A.CARD + card("stone_jar"))
    assert card("stone_jar") in me(s).play
    do(s, A.YES)  # its effect at once, no tablet
    assert me(s).hand == [EB] and me(s).res == res()


def test_precision_compass_may_buy_nothing() -> None:
    s = table(["precision_compass"], resources={"compass": 1})
    row(s, artifacts=["treasure_chest"])
    deck_top(s, "stone_jar")
    play(s, "precision_compass")
    do(s, A.DONE)
    assert s._art_deck[-1] == card("stone_jar") and s._row_art == [card("treasure_chest")]
    assert me(s).res == res(compass=1)


def test_whip_buys_an_artifact_four_cheaper_and_is_exiled() -> None:
    covers("whip")
    s = table(["whip"])
    row(s, artifacts=["treasure_chest"])
    play(s, "whip")
    assert card("whip") in s._item_exile
    assert legal(s) == {A.CARD + card("treasure_chest"), A.DONE}
    do(s, A.CARD + card("treasure_chest"), A.YES)
    assert me(s).res == res(coin=1) and me(s).hand == [EB]


def test_airdrop_takes_a_row_item_into_hand() -> None:
    covers("airdrop")
    s = table(["airdrop"])
    row(s, items=["aeroplane", "hat", "axe", "torch", "rope"])
    play(s, "airdrop")
    assert card("airdrop") in s._item_exile
    do(s, A.CARD + card("aeroplane"))
    assert me(s).hand == [card("aeroplane")] and me(s).res == res()
    assert card("aeroplane") not in s._row_item
    assert A.HAND + card("aeroplane") not in legal(s)  # the main action is used


def test_monkey_medallion_takes_a_row_item_onto_the_deck() -> None:
    covers("monkey_medallion")
    s = table(["monkey_medallion"], resources={"tablet": 1})
    row(s, items=["aeroplane", "hat", "axe", "torch", "rope"])
    play(s, "monkey_medallion")
    do(s, A.CARD + card("torch"))
    assert me(s).deck == [*DECK, card("torch")]
    assert me(s).hand == [] and me(s).res == res()


def test_ornate_hammer_exiles_the_rightmost_item_then_takes_an_exiled_one() -> None:
    covers("ornate_hammer")
    s = table(["ornate_hammer"], resources={"tablet": 1})
    row(s, items=["aeroplane", "hat", "axe", "torch", "rope"])
    s._item_exile = [card("whip")]
    play(s, "ornate_hammer")
    assert card("rope") in s._item_exile and card("rope") not in s._row_item
    assert legal(s) == {A.CARD + card("whip"), A.CARD + card("rope"), A.DONE}
    do(s, A.CARD + card("whip"))
    assert me(s).deck[0] == card("whip")
    assert s._item_exile == [card("rope")]
    assert len(s._row_item) == 4
    do(s, A.END_TURN)
    assert len(s._row_item) == 5


# ---------------------------------------------------------------- drawing


def test_crystal_earring_draw_one_keeps_it() -> None:
    covers("crystal_earring")
    s = table(["crystal_earring"], resources={"tablet": 1})
    play(s, "crystal_earring")
    assert legal(s) == {A.OPTION, A.OPTION + 1, A.OPTION + 2}
    do(s, A.OPTION)
    assert legal(s) == {A.CARD + EB}
    do(s, A.CARD + EB)
    assert me(s).hand == [EB] and me(s).deck == [FC, FB, EC]
    assert top_level(s)


def test_crystal_earring_three_keep_one_return_one_rest_to_play() -> None:
    s = table(["crystal_earring"], resources={"tablet": 1})
    play(s, "crystal_earring")
    do(s, A.OPTION + 2, A.CARD + EC)
    assert legal(s) == {A.CARD + EB, A.CARD + FB, A.DONE}
    do(s, A.CARD + FB)
    seat = me(s)
    assert seat.hand == [EC]
    assert seat.deck == [FC, FB]  # returned on top
    assert sorted(seat.play) == sorted([card("crystal_earring"), EB])


def test_crystal_earring_returning_none_puts_all_the_rest_into_play() -> None:
    s = table(["crystal_earring"], resources={"tablet": 1})
    play(s, "crystal_earring")
    do(s, A.OPTION + 2, A.CARD + EC, A.DONE)
    seat = me(s)
    assert seat.hand == [EC] and seat.deck == [FC]
    assert sorted(seat.play) == sorted([card("crystal_earring"), EB, FB])


def test_crystal_earring_short_deck() -> None:
    s = table(["crystal_earring"], resources={"tablet": 1}, deck=[FC, FB])
    play(s, "crystal_earring")
    assert legal(s) == {A.OPTION, A.OPTION + 1}


def test_obsidian_earring_draws_from_the_bottom() -> None:
    covers("obsidian_earring")
    s = table(["obsidian_earring"], resources={"tablet": 1})
    play(s, "obsidian_earring")
    assert legal(s) == {A.OPTION, A.OPTION + 1}  # 1 or 2
    do(s, A.OPTION)
    do(s, A.CARD + FC)
    assert me(s).hand == [FC] and me(s).deck == [FB, EC, EB]
    s = table(["obsidian_earring"], resources={"tablet": 1})
    play(s, "obsidian_earring")
    do(s, A.OPTION + 1)
    assert legal(s) == {A.CARD + FC, A.CARD + FB}
    do(s, A.CARD + FB)
    seat = me(s)
    assert seat.hand == [FB] and seat.deck == [EC, EB]
    assert sorted(seat.play) == sorted([card("obsidian_earring"), FC])  # no return option
    assert top_level(s)


def test_obsidian_earring_taking_a_privately_known_last_card_forgets_it() -> None:
    # Crystal Earring can leave a deck of one card that only its owner knows; drawn from
    # the bottom, it leaves nothing private on the deck, so a card bought next is public.
    s = table(["obsidian_earring"], resources={"tablet": 1}, deck=[FC])
    me(s).private_top = 1
    play(s, "obsidian_earring")
    do(s, A.OPTION, A.CARD + FC)
    seat = me(s)
    assert seat.deck == [] and seat.private_top == 0


# ---------------------------------------------------------------- research


def test_journal_moves_the_notebook_free_not_above_the_glass() -> None:
    covers("journal")
    s = table(["journal"])
    me(s).glass = 1
    s._legal = None
    play(s, "journal")
    assert card("journal") in s._item_exile
    assert legal(s) == {A.NOTEBOOK + 1, A.NOTEBOOK + 2, A.DONE}
    do(s, A.NOTEBOOK + 2)
    assert me(s).notebook == 2 and me(s).glass == 1
    assert me(s).res == res()
    s2 = table(["journal"])
    play(s2, "journal")  # the notebook may not pass the glass on row 0
    assert top_level(s2) and me(s2).notebook == 0


def test_idol_of_ara_anu_researches_a_jewel_cheaper() -> None:
    covers("idol_of_ara_anu")
    s = table(["idol_of_ara_anu"], resources={"tablet": 1})
    play(s, "idol_of_ara_anu")
    assert A.GLASS + 2 in legal(s)  # the bridge costs one jewel
    do(s, A.GLASS + 2)
    assert me(s).glass == 2
    assert me(s).res == res(coin=1)  # row 1's glass reward


def test_inscribed_blade_discount_arrowhead_or_two_tablets() -> None:
    covers("inscribed_blade")
    s = table(["inscribed_blade"], resources={"tablet": 1, "compass": 1})
    play(s, "inscribed_blade")
    assert legal(s) == {A.OPTION, A.OPTION + 1}
    do(s, A.OPTION)  # an arrowhead off: the compass + arrowhead bridge costs a compass
    assert A.GLASS + 1 in legal(s)
    do(s, A.GLASS + 1)
    assert me(s).glass == 1 and me(s).res == res(coin=1)


def test_inscribed_blade_discount_applies_to_a_temple_tile() -> None:
    s = table(["inscribed_blade"], resources={"tablet": 1, "coin": 1})
    me(s).glass = s._track.lost_temple
    me(s).temple_rank = 0
    s._legal = None
    play(s, "inscribed_blade")
    do(s, A.OPTION + 1)  # two tablets off: bronze A (1 coin + 2 tablets) costs 1 coin
    assert A.TEMPLE + 0 in legal(s)
    do(s, A.TEMPLE + 0)
    assert me(s).temples == [0] and me(s).res == res()


# ---------------------------------------------------------------- assistants


def test_ceremonial_rattle_refreshes_one_assistant() -> None:
    covers("ceremonial_rattle")
    s = table(
        ["ceremonial_rattle"],
        resources={"tablet": 1},
        assistants=[("A01", False, True), ("A12", True, True)],
    )
    play(s, "ceremonial_rattle")
    assert legal(s) == {A.ASSISTANT + 0, A.ASSISTANT + 11, A.DONE}
    do(s, A.ASSISTANT + 11)
    assert me(s).assistants == [assistant("A01") | 32, assistant("A12") | 16]
    assert A.ASSISTANT + 11 in legal(s)  # usable again at once


def test_sacred_drum_puts_a_card_into_play_to_refresh_both() -> None:
    covers("sacred_drum")
    s = table(
        ["sacred_drum", FEAR],
        resources={"tablet": 1},
        assistants=[("A01", False, True), ("A12", True, True)],
    )
    play(s, "sacred_drum")
    do(s, A.YES, A.HAND + FEAR, A.ASSISTANT + 0, A.ASSISTANT + 11)
    assert me(s).assistants == [assistant("A01"), assistant("A12") | 16]
    assert FEAR in me(s).play


def test_coconut_flask_borrows_a_supply_silver_side() -> None:
    covers("coconut_flask")
    s = table(["coconut_flask"], resources={"tablet": 1}, assistants=[("A02", False, True)])
    supply(s, ["A05", "A01"], ["A12"], ["A10"])
    play(s, "coconut_flask")
    assert me(s).res == res(coin=2)
    tops = {A.ASSISTANT + assistant(a) for a in ("A01", "A12", "A10")}
    assert legal(s) == tops | {A.DONE}
    do(s, A.ASSISTANT + assistant("A01"))
    assert me(s).res == res(coin=4)  # banker silver: 2 coins
    assert s._supply == [
        [assistant("A05"), assistant("A01")],
        [assistant("A12")],
        [assistant("A10")],
    ]
    assert me(s).assistants == [assistant("A02") | 32]


def test_ancient_wine_borrows_a_supply_gold_side() -> None:
    covers("ancient_wine")
    s = table(["ancient_wine"], resources={"tablet": 1})
    supply(s, ["A01"], ["A12"], [])
    play(s, "ancient_wine")
    assert me(s).res == res(coin=1)
    assert legal(s) == {A.ASSISTANT + 0, A.ASSISTANT + 11, A.DONE}
    do(s, A.ASSISTANT + 0)
    assert me(s).res == res(coin=4)  # banker gold: 3 coins
    assert s._supply[0] == [assistant("A01")]


def test_coconut_flask_not_the_snake_rescue_assistant() -> None:
    s = fresh(board="snake")
    setup(s, 0, hand=["coconut_flask"], resources={"tablet": 1}, deck=DECK, play=[])
    s._rescue = [assistant("A07")]
    supply(s, ["A01"], ["A12"], ["A05"])
    play(s, "coconut_flask")
    assert A.ASSISTANT + assistant("A07") not in legal(s)
    assert legal(s) == {A.ASSISTANT + 0, A.ASSISTANT + 11, A.ASSISTANT + 4, A.DONE}


def test_coconut_flask_borrowed_quartermaster_buys_cheaper() -> None:
    s = table(["coconut_flask"], resources={"tablet": 1})
    supply(s, ["A10"], [], [])
    row(s, items=["aeroplane", "hat", "axe", "torch", "rope"])
    play(s, "coconut_flask")  # 2 coins
    do(s, A.ASSISTANT + assistant("A10"))
    assert A.CARD + card("aeroplane") not in legal(s)  # 4 - 1 = 3 coins
    do(s, A.CARD + card("torch"))
    assert me(s).res == res(coin=1) and me(s).deck[0] == card("torch")


def test_decorated_horn_gold_stays_gold_the_returned_one_is_silver() -> None:
    covers("decorated_horn")
    s = table(["decorated_horn"], resources={"tablet": 1}, assistants=[("A01", True, True)])
    supply(s, ["A05", "A12"], ["A03"], ["A10"])
    play(s, "decorated_horn")
    assert legal(s) == {A.ASSISTANT + 0, A.DONE}
    do(s, A.ASSISTANT + 0)
    assert legal(s) == {A.ASSISTANT + assistant(a) for a in ("A12", "A03", "A10")}
    do(s, A.ASSISTANT + assistant("A12"))
    assert me(s).assistants == [assistant("A12") | 16]  # gold, ready
    assert s._supply[0] == [assistant("A05"), assistant("A01")]  # silver side (no flags)
    assert A.ASSISTANT + assistant("A12") in legal(s)


def test_decorated_horn_silver_stays_silver() -> None:
    s = table(["decorated_horn"], resources={"tablet": 1}, assistants=[("A02", False, True)])
    supply(s, ["A12"], [], [])
    play(s, "decorated_horn")
    do(s, A.ASSISTANT + 1, A.ASSISTANT + 11)
    assert me(s).assistants == [assistant("A12")]
    assert s._supply[0] == [assistant("A02")]


# ---------------------------------------------------------------- others


def test_guardians_ocarina_recalls_and_turns_travel_into_planes() -> None:
    covers("guardians_ocarina")
    s = table(["guardians_ocarina"], resources={"tablet": 1})
    setup(s, 1, hand=[], deck=[])
    discover(s, 5, "L1-02")
    discover(s, 7, "L1-06")  # one boat
    discover(s, 15, "L2-03")  # two boats
    slot = place(s, 0, 5)
    play(s, "guardians_ocarina")
    assert legal(s) == {A.SITE + 5}
    do(s, A.SITE + 5)
    assert me(s).arch == [HOME, HOME] and s._occ[slot] == -1
    assert me(s).res == res()  # nothing resolved
    do(s, A.END_TURN)
    do(s, A.PASS)  # seat 1 passes
    setup(s, 0, hand=[FC, "ostrich"])  # a car, and a card of two cars
    options = legal(s)
    assert A.SITE + 7 in options  # the car is a plane: it pays a boat
    assert A.SITE + 15 in options  # two cars are two planes: they pay two boats
    do(s, A.SITE + 15, A.HAND + card("ostrich"))
    assert me(s).res == res(arrowhead=1, jewel=1)
    assert me(s).hand == [FC]


def test_guardians_ocarina_turns_boons_and_assistant_icons_into_planes_too() -> None:
    # "all your travel icons": a guardian's car boon and an assistant's car pay a boat
    s = table(["guardians_ocarina"], resources={"tablet": 1}, guardians=["G03"])
    setup(s, 1, hand=[], deck=[])
    discover(s, 7, "L1-06")  # one boat
    discover(s, 15, "L2-03")  # two boats
    play(s, "guardians_ocarina")
    do(s, A.END_TURN, A.PASS)  # seat 1 passes
    setup(s, 0, assistants=["A08"])
    assert A.SITE + 7 in legal(s)
    do(s, A.ASSISTANT + assistant("A08"), A.OPTION + 1)  # a car for this turn
    assert A.SITE + 15 in legal(s)
    do(s, A.SITE + 15, A.BOON + guardian("G03"), A.POOL + 1)
    assert me(s).arch[0] == SITE_SLOTS[15][0]
    assert me(s).guardians == [guardian("G03") | 16] and s._pool == [0, 0, 0, 0]


def test_without_ocarina_a_car_does_not_pay_a_boat() -> None:
    s = table([FC])
    discover(s, 7, "L1-06")
    assert A.SITE + 7 not in legal(s)


def test_guardians_ocarina_with_both_archaeologists_home() -> None:
    s = table(["guardians_ocarina"], resources={"tablet": 1})
    play(s, "guardians_ocarina")
    assert top_level(s) and me(s).all_plane


def test_stone_key_unslots_an_idol_and_the_slot_can_be_used_again() -> None:
    covers("stone_key")
    s = table(["stone_key"], resources={"tablet": 1}, slots=[True, True, False, False], crates=0)
    play(s, "stone_key")
    assert legal(s) == {A.UNSLOT + 0, A.UNSLOT + 1, A.DONE}
    do(s, A.UNSLOT + 0)
    assert me(s).slots == [False, True, False, False] and me(s).crates == 1
    do(s, A.IDOL_SLOT + 1)  # slotting is a free action: into the leftmost empty slot
    assert me(s).slots == [True, True, False, False] and me(s).crates == 0
    assert me(s).res == res(arrowhead=1)


def test_war_mask_no_fear_from_guarded_sites_this_round() -> None:
    s = table(["war_mask"], resources={"tablet": 1}, deck=[])
    setup(s, 1, hand=[], deck=[], play=[])
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04", guard="G02")
    place(s, 0, 5)
    place(s, 1, 6)
    play(s, "war_mask")
    do(s, A.END_TURN)
    do(s, A.PASS)  # seat 1
    do(s, A.PASS)  # seat 0: the round ends
    assert FEAR not in me(s).cards()
    assert s._seats[1].cards().count(FEAR) == 1  # the control: seat 1 takes its Fear
    assert not me(s).no_fear  # only for that round


def test_every_item_and_artifact_has_a_dedicated_test() -> None:
    everything = {CARDS[c].id.split(".", 1)[1] for c in ITEMS + ARTIFACTS}
    source = Path(__file__).read_text()
    named = set(re.findall(r'covers\("([a-z_]+)"\)', source))
    for table_ in (SIMPLE, PAY_COMPASS, EXILE_THEN_GAIN, TRADERS, PASS_OPTION):
        named |= {name for name, *_ in table_}
    assert everything - named == set()


def test_by_text_finds_actions() -> None:
    s = table(["hat"])
    assert by_text(s, "pass for the rest of the round") == A.PASS
    assert A.HAND + card("hat") == by_text(s, "play Hat")


def test_the_piece_being_moved_is_in_every_view() -> None:
    # two archaeologists to choose from: which one moves is seen by all, and encoded
    from meeple.rl import encoder_for

    vectors = []
    for start in (5, 6):
        s = table(["pathfinders_sandals"], resources={"tablet": 1})
        discover(s, 5, "L1-02")
        discover(s, 6, "L1-04")
        place(s, 0, 5)
        place(s, 0, 6)
        play(s, "pathfinders_sandals")
        do(s, A.SITE + start)
        name = s.observation(0)["sites"][start]["id"]
        for seat in (0, 1):
            assert s.observation(seat)["pending"]["from"] == name
        assert s.public_observation()["pending"]["from"] == name
        vectors.append(encoder_for(s.game).encode_state(s, 1))
    assert (vectors[0] != vectors[1]).any()
