"""The rulebook's card notes and the general rules they lean on, where test_cards.py and
the other Arnak tests leave a gap: the shared notes (Idol of Ara-Anu with Inscribed
Blade, Precision Compass with Fishing Rod, Coconut Flask with Ancient Wine), escaping
a guardian's Fear by moving an archaeologist or the guardian, an artifact's other
costs when it is bought, discounts that stop at zero, gaining an item, the Fear card,
"unoccupied", and the Snake Temple's rescue and Dreadful Tales rows.

Each test names its card and the rulebook passage (rules/arnak-base.md) it pins down."""

from __future__ import annotations

from meeple.games.arnak.catalogue import catalogue
from meeple.games.arnak.components import BONUS_KINDS, FEAR
from meeple.games.arnak.rules import FREE, HOME, SITE_SLOTS, ArnakState, Seat

from .scenario import (
    BASIC_DECK,
    EB,
    FC,
    A,
    assistant,
    card,
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
)


def table(hand: list[str | int], players: int = 2, board: str = "bird", **kw: object) -> ArnakState:
    """Seat 0 to act with exactly this hand, the 4-card BASIC_DECK, an empty play area and the
    given resources (none by default); the other seats hold nothing."""
    s = fresh(players, board)
    kw.setdefault("deck", BASIC_DECK)
    kw.setdefault("play", [])
    kw.setdefault("resources", {})
    setup(s, 0, hand=hand, **kw)  # type: ignore[arg-type]
    for p in range(1, players):
        setup(s, p, hand=[], deck=[], play=[])
    return s


def me(s: ArnakState) -> Seat:
    return s._seats[0]


def legal(s: ArnakState) -> set[int]:
    return set(s.legal_actions())


def top_level(s: ArnakState) -> bool:
    return not s._stack and s.current_player == 0


def play(s: ArnakState, name: str) -> ArnakState:
    return do(s, A.HAND + card(name))


def end_round(s: ArnakState) -> None:
    """Seat 0 ends its turn (or passes), seat 1 passes, seat 0 passes: a two-player
    round ends with both hands empty, so nobody is asked what to keep."""
    start = s._round
    if A.END_TURN in legal(s):
        do(s, A.END_TURN)
    while s._round == start:
        do(s, A.PASS)


def bonus_kind(kind: str) -> int:
    return next(b.num for b in BONUS_KINDS if b.kind == kind)


# ---------------------------------------------------------------- shared notes


def test_idol_of_ara_anu_discount_applies_to_a_temple_tile() -> None:
    # Idol of Ara-Anu shares the note printed under Inscribed Blade ("Idol of Ara-Anu /
    # Inscribed Blade: This discount can be applied to buying a temple tile.").
    s = table(["idol_of_ara_anu"], resources={"tablet": 1})
    me(s).glass = s._track.lost_temple
    me(s).temple_rank = 0
    s._legal = None
    play(s, "idol_of_ara_anu")
    # bronze B costs one jewel on the Bird side: the jewel discount pays all of it;
    # the other stacks still cost what the seat does not have
    temples = {a for a in legal(s) if A.TEMPLE <= a < A.TEMPLE + 6}
    assert temples == {A.TEMPLE + 1}
    do(s, A.TEMPLE + 1)
    assert me(s).temples == [1] and me(s).res == res()
    assert s._temple_left[1] == 1


def test_precision_compass_a_row_artifact_bought_leaves_the_top_for_the_refill() -> None:
    # Precision Compass shares the Fishing Rod note: "If you choose to buy a different
    # card, the top card goes into the row when you refill it, as usual." (test_cards.py
    # checks this for the item side only; the artifact row refills from the other end.)
    s = table(["precision_compass"])
    row(s, artifacts=["stone_jar"])
    deck_top(s, "treasure_chest")
    play(s, "precision_compass")
    do(s, A.CARD + card("stone_jar"), A.DONE)  # 2 - 3 compasses: free; its effect declined
    assert card("stone_jar") in me(s).play and me(s).res == res()
    assert s._art_deck[-1] == card("treasure_chest") and s._revealed == []
    do(s, A.END_TURN)
    assert s._row_art == [card("treasure_chest")]


def test_coconut_flask_is_the_main_action_even_when_the_assistant_is_free() -> None:
    # Coconut Flask / Ancient Wine: "The artifact's effect counts as your main action
    # for the turn, even if the assistant's effect is a free action."
    s = table(["coconut_flask", "hat"], resources={"tablet": 1})
    supply(s, ["A12"], [], [])  # the scout: take a compass, a free action
    play(s, "coconut_flask")
    do(s, A.ASSISTANT + assistant("A12"))
    assert me(s).res == res(coin=2, compass=1)
    options = legal(s)
    assert not any(A.SITE <= a < A.OVERCOME for a in options)  # no dig or discover
    assert A.PASS not in options and A.END_TURN in options
    assert A.HAND + card("hat") in options  # free actions remain
    assert s._supply[0] == [assistant("A12")]  # used in place, not exhausted or taken


def test_the_spare_icon_of_a_two_icon_card_lasts_the_turn() -> None:
    # "Travel": a card that gives two icons "can also cover a one-icon cost, but in that
    # case, the extra icon will probably be wasted. It does not carry over to your next
    # turn." The Automobile's two cars pay camp C1's boot: one car is left this turn.
    s = table(["automobile"], assistants=["A03"])
    do(s, A.SITE + 0, A.HAND + card("automobile"))
    assert s._pool == [0, 1, 0, 0] and me(s).res == res(coin=2)  # C1: 2 coins
    assert s.observation(1)["travel_pool"] == {"boot": 0, "car": 1, "boat": 0, "plane": 0}
    # the hunter (a free action: pay a boot for an arrowhead) spends the spare car
    do(s, A.ASSISTANT + assistant("A03"), A.YES)
    assert legal(s) == {A.POOL + 1, A.COINS_FOR_PLANE}
    do(s, A.POOL + 1)
    assert me(s).res == res(coin=2, arrowhead=1) and s._pool == [0, 0, 0, 0]
    # unspent, it is gone when the turn ends
    s2 = table(["automobile"])
    do(s2, A.SITE + 0, A.HAND + card("automobile"))
    do(s2, A.END_TURN)
    assert s2._pool == [0, 0, 0, 0]


def test_a_payment_spends_its_least_versatile_icons() -> None:
    """What is left of a payment is what pays the most later: as many planes as any way
    of paying would leave, then as many cars and boats (checked against every way)."""
    from itertools import product

    from meeple.games.arnak.travel import deficit, spare

    for need in product(range(3), repeat=4):
        for paid in product(range(3), repeat=4):
            if deficit(need, paid):
                continue
            left = spare(need, paid)
            used = tuple(a - b for a, b in zip(paid, left, strict=True))
            assert min(left) >= 0 and deficit(need, used) == 0 and sum(used) == sum(need)
            ways = [
                tuple(a - b for a, b in zip(paid, u, strict=True))
                for u in product(*(range(n + 1) for n in paid))
                if sum(u) == sum(need) and deficit(need, u) == 0
            ]
            best = max((w[3], w[1] + w[2]) for w in ways)
            assert (left[3], left[1] + left[2]) == best, (need, paid, left)


def test_coconut_flask_travel_icon_pays_a_free_action_this_turn_only() -> None:
    # Coconut Flask / Ancient Wine: "If you use this to generate a travel value, that
    # value is wasted unless you use it in a free action before the end of your turn."
    s = table(["coconut_flask"], resources={"tablet": 1}, assistants=["A03"])
    supply(s, ["A07"], [], [])  # the pilot: a coin or a plane
    play(s, "coconut_flask")
    do(s, A.ASSISTANT + assistant("A07"), A.OPTION + 1)  # the plane
    assert s._pool == [0, 0, 0, 1]
    # your own hunter (a free action: pay a boot for an arrowhead) spends that plane
    do(s, A.ASSISTANT + assistant("A03"), A.YES)
    assert legal(s) == {A.POOL + 3, A.COINS_FOR_PLANE}
    do(s, A.POOL + 3)
    assert me(s).res == res(coin=2, arrowhead=1) and s._pool == [0, 0, 0, 0]
    # unspent, the plane is gone when the turn ends
    s2 = table(["coconut_flask"], resources={"tablet": 1})
    supply(s2, ["A07"], [], [])
    play(s2, "coconut_flask")
    do(s2, A.ASSISTANT + assistant("A07"), A.OPTION + 1, A.END_TURN)
    assert s2._pool == [0, 0, 0, 0]


# ---------------------------------------------------------------- escaping Fear


def test_pathfinders_sandals_escape_a_guardians_fear() -> None:
    # "Discover a New Site": "you might be able to escape the guardian with the help of
    # certain cards that allow you to move your archaeologist" (Pathfinder's Sandals
    # relocates from any site).
    s = table(["pathfinders_sandals"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04", guard="G02")
    place(s, 0, 5)
    place(s, 1, 6)  # the control: seat 1 stays on a guarded site
    play(s, "pathfinders_sandals")
    do(s, A.SITE + 5, A.SITE + 2)  # to camp C3
    assert me(s).res == res(tablet=2)
    end_round(s)
    assert FEAR not in me(s).cards()
    assert s._seats[1].cards().count(FEAR) == 1
    assert s._guardian[5] == guardian("G01")  # the guardian stays where it was


def test_guardians_crown_escape_fear_by_moving_the_guardian() -> None:
    # "Discover a New Site": escape the guardian with "cards that allow you to move ...
    # the guardian"; Guardian's Crown moves it to an unoccupied discovered site.
    s = table(["guardians_crown"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04")
    place(s, 0, 5)
    play(s, "guardians_crown")
    do(s, A.SITE + 5, A.SITE + 6)
    assert s._guardian[5] == FREE and s._guardian[6] == guardian("G01")
    end_round(s)
    assert FEAR not in me(s).cards()
    assert me(s).guardians == []  # moved, not overcome


def test_guardians_ocarina_recall_escapes_fear() -> None:
    # Guardian's Ocarina brings an archaeologist home: "you will gain a Fear card when
    # you take your archaeologist back from a site that has a guardian on it" -- one
    # already home is not taken back from there.
    s = table(["guardians_ocarina"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    place(s, 0, 5)
    play(s, "guardians_ocarina")
    do(s, A.SITE + 5)
    assert me(s).arch == [HOME, HOME]
    end_round(s)
    assert FEAR not in me(s).cards()


# ---------------------------------------------------------------- buying and gaining


def test_guiding_skull_bought_still_pays_its_compass() -> None:
    # "Playing Artifact Cards": the tablet cost is ignored when you buy the artifact, but
    # "The artifact's effect may have other costs as well. These other costs must be paid
    # every time you use the effect." (Guiding Skull: pay 1 compass for a level II tile.)
    s = table([], resources={"compass": 5})
    row(s, artifacts=["guiding_skull"])
    t = site_tile("L2-03")
    s._stacks[1].remove(t)
    s._stacks[1].append(t)
    do(s, A.CARD + card("guiding_skull"), A.YES)
    assert legal(s) == {A.YES, A.DONE}  # the compass is asked for
    do(s, A.YES)
    assert me(s).res == res(arrowhead=1, jewel=1)
    # with no compass left after the purchase, the effect cannot be paid for
    s2 = table([], resources={"compass": 4})
    row(s2, artifacts=["guiding_skull"])
    do(s2, A.CARD + card("guiding_skull"), A.YES)
    assert top_level(s2) and me(s2).res == res()


def test_whip_discount_does_not_go_below_zero() -> None:
    # Keyword "discount": "Discounts will not reduce a cost below zero". Whip buys an
    # artifact 4 compasses cheaper; Stone Jar costs 2, so it is free and no more.
    s = table(["whip"], resources={"compass": 1})
    row(s, artifacts=["stone_jar"])
    play(s, "whip")
    do(s, A.CARD + card("stone_jar"), A.DONE)
    assert me(s).res == res(compass=1)
    assert card("stone_jar") in me(s).play


def test_passage_shell_bought_digs_as_part_of_the_main_action() -> None:
    # "Buy an Artifact", Note: "That effect might be another action, like sending an
    # archaeologist to dig at a site. All this is considered to be part of your main
    # action for the turn." (Passage Shell sends an archaeologist to a camp.)
    s = table([], resources={"compass": 3})
    row(s, artifacts=["passage_shell"])
    do(s, A.CARD + card("passage_shell"), A.YES)
    assert A.SITE + 2 in legal(s)  # the dig is offered after the buying action
    do(s, A.SITE + 2, A.YES)  # camp C3, resolved twice
    assert me(s).arch[0] == SITE_SLOTS[2][0]
    assert me(s).res == res(tablet=4)
    assert top_level(s) and A.END_TURN in legal(s)
    assert not any(A.SITE <= a < A.OVERCOME for a in legal(s))  # no second main action


def test_site_tile_l1_01_gains_an_item_free_to_the_bottom_of_the_deck() -> None:
    # Keyword "gain item": "you do not pay the cost ... identical to the Buy a Card
    # action, except you skip the step in which the cost is paid": the item goes to the
    # bottom of your deck and the row is refilled at the end of the turn. The L1-01 tile
    # offers 2 compasses or an item; Binoculars activates it.
    s = table(["binoculars"])
    row(s, items=["aeroplane", "hat", "axe", "torch", "rope"])
    discover(s, 5, "L1-01")
    play(s, "binoculars")
    do(s, A.SITE + 5)
    assert legal(s) == {A.OPTION, A.OPTION + 1}
    do(s, A.OPTION + 1)
    do(s, A.CARD + card("aeroplane"))  # a 4-coin item with no coins
    assert me(s).deck[0] == card("aeroplane") and me(s).deck[1:] == BASIC_DECK
    assert me(s).hand == [] and me(s).res == res()
    assert card("aeroplane") not in s._row_item
    do(s, A.END_TURN)
    assert len(s._row_item) == 5


# ---------------------------------------------------------------- Fear, occupation


def test_a_fear_card_cannot_be_played_for_an_effect() -> None:
    # "Your Hand", Fear: "A Fear card has no effect. However, it can be used for its
    # travel value."
    s = table([FEAR, FC])
    options = legal(s)
    assert A.HAND + FEAR not in options
    assert A.HAND + FC in options  # the control: a basic card is playable
    do(s, A.SITE + 0)  # camp C1, one boot
    assert A.HAND + FEAR in legal(s)


def test_dog_a_camp_with_one_archaeologist_is_occupied() -> None:
    # Keyword "unoccupied site": "A site is unoccupied if no one has an archaeologist
    # figure there ... An occupied Tent site might still have an unoccupied space even
    # though the site is considered 'occupied'." Dog resolves a camp with nobody on it.
    s = table(["dog"], players=4)  # four players: no blocking tiles
    place(s, 1, 0)
    assert s.free_slot(0) == SITE_SLOTS[0][1]  # camp C1 still has a free space
    play(s, "dog")
    assert legal(s) == {A.SITE + 1, A.SITE + 2, A.SITE + 3, A.SITE + 4, A.DONE}


def test_war_club_guardian_goes_to_your_board_and_its_boon_is_ready() -> None:
    # "Guardian with Checkmark": "Guardians overcome in this way still go beside your
    # player board"; "Using a Guardian's Boon": a free action on any of your turns.
    s = table(["war_club"], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G07")  # boon: draw a card
    place(s, 0, 5)
    play(s, "war_club")
    do(s, A.OVERCOME + 5)
    assert me(s).guardians == [guardian("G07")]
    assert A.BOON + guardian("G07") in legal(s)
    do(s, A.BOON + guardian("G07"))
    assert me(s).hand == [EB] and me(s).guardians == [guardian("G07") | 16]


# ---------------------------------------------------------------- the Snake Temple


def test_decorated_horn_never_takes_an_assistant_from_the_rescue_space() -> None:
    # Decorated Horn trades with the supply board ("The assistant you put on the supply
    # board should be set to its silver side"); as the Coconut Flask note says, the
    # assistant rescue space of the Snake Temple is not part of the supply.
    s = table(["decorated_horn"], board="snake", resources={"tablet": 1}, assistants=["A02"])
    s._rescue = [assistant("A07")]
    supply(s, ["A01"], ["A12"], [])
    play(s, "decorated_horn")
    do(s, A.ASSISTANT + assistant("A02"))
    assert legal(s) == {A.ASSISTANT + assistant("A01"), A.ASSISTANT + assistant("A12")}
    assert s._rescue == [assistant("A07")]


def test_snake_rescue_any_assistant_the_rest_keep_their_order() -> None:
    # "Assistant Rescue": "Look through the stack secretly and take one. Keep the
    # remaining assistants in the same order and return the stack to the research
    # track." The new top is public knowledge.
    s = table([], players=4, board="snake", crates=1)
    s._bonus = [[] for _ in s._bonus]
    stack = list(s._rescue)
    assert len(stack) == 4
    me(s).glass = 6
    s._legal = None
    do(s, A.GLASS + 8)
    do(s, A.ASSISTANT + stack[1])  # neither the top nor the bottom
    assert me(s).assistants == [stack[1] | 32]  # silver and exhausted
    assert s._rescue == [stack[0], stack[2], stack[3]]
    top = s.observation(2)["assistants"]["rescue"]
    assert top["count"] == 3 and "known" not in top
    assert top["top"] == s.observation(0)["assistants"]["rescue"]["known"][-1]


def test_snake_either_silver_assistant_may_be_upgraded_and_is_refreshed() -> None:
    # "Assistant Rescue": "If you have two silver assistants, you can upgrade either one
    # -- you don't have to keep track of which assistant is the one you rescued. As
    # usual, an exhausted assistant is refreshed when it is upgraded."
    s = table([], board="snake", crates=1, assistants=["A01"])
    s._bonus = [[] for _ in s._bonus]
    s._rescue = [assistant("A12"), assistant("A05")]
    me(s).glass = 6
    s._legal = None
    do(s, A.GLASS + 8, A.ASSISTANT + assistant("A05"))
    assert me(s).assistants == [assistant("A01"), assistant("A05") | 32]
    do(s, A.END_TURN, A.PASS)  # seat 1 passes
    setup(s, 0, resources={"arrowhead": 2})
    do(s, A.GLASS + 9)  # row 5: the glass upgrades an assistant
    assert legal(s) == {A.ASSISTANT + assistant("A01"), A.ASSISTANT + assistant("A05")}
    do(s, A.ASSISTANT + assistant("A05"))
    assert me(s).assistants == [assistant("A01"), assistant("A05") | 16]  # gold, ready


def test_snake_dreadful_tales_notebook_picks_a_tile_and_takes_no_fear() -> None:
    # "Dreadful Tales!": "When you move a research token there -- magnifying glass or
    # notebook -- you choose one of the tiles. Only the tile you choose is removed." The
    # Fear is the magnifying glass's effect; the notebook's row 7 effect is a jewel.
    s = table([], board="snake", resources={"coin": 1, "tablet": 1, "arrowhead": 1})
    s._bonus[13] = [bonus_kind("coin"), bonus_kind("tablet"), bonus_kind("compass")]
    me(s).glass = 13
    me(s).notebook = 11
    s._legal = None
    fear = s._fear
    do(s, A.NOTEBOOK + 13, A.OPTION)  # the bonus tile first
    assert legal(s) == {A.BONUS + bonus_kind(k) for k in ("coin", "tablet", "compass")}
    do(s, A.BONUS + bonus_kind("compass"))
    assert s._bonus[13] == [bonus_kind("coin"), bonus_kind("tablet")]
    assert me(s).res == res(compass=1, jewel=1)
    assert FEAR not in me(s).play and s._fear == fear


def test_catalogue_rescue_row_lets_the_player_choose() -> None:
    # "Assistant Rescue": "Look through the stack secretly and take one ... the assistant
    # you rescue is exhausted." The component text must not say it is the top one.
    rows = {r["row"]: r for r in catalogue()["boards"]["snake"]["rows"]}
    text = rows[4]["glass"]
    assert "top" not in text
    assert "take one" in text and "exhausted" in text
