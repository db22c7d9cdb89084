"""Rulebook passages of Arnak's general rules that the other tests leave open: guardian
Fear across rounds and per archaeologist, Fear before the shuffle, an overcome guardian's
site and boon, turn order from each round's start player and past a passed player, the
card row after the moon staff moves, what round V skips, artifact prices, the tie-break
with a third player in the Lost Temple, and the solo rival's blocking, its last tile's
decision arrow and its impossible actions. Each test names the passage of
rules/arnak-base.md it pins."""

from __future__ import annotations

import pytest

from meeple.games.arnak import actions as A
from meeple.games.arnak.components import SOLO_TILES
from meeple.games.arnak.rules import FREE, HOME, RIVAL, ArnakState

from .scenario import card, discover, do, fresh, guardian, place, row, setup, site_tile, texts

FEAR = card("fear")
FUNDING_CAR = card("basic.funding_car")
FUNDING_BOAT = card("basic.funding_boat")
EXPLORATION_CAR = card("basic.exploration_car")
EXPLORATION_BOAT = card("basic.exploration_boat")
L1_1, L1_3 = 5, 7  # Bird board: a car site and a boat site
COIN_IDOL = 0


def _frame(state: ArnakState) -> str | None:
    return state._stack[-1][0] if state._stack else None


def _sites(state: ArnakState) -> set[int]:
    return {a - A.SITE for a in state.legal_actions() if A.SITE <= a < A.OVERCOME}


def _fears(state: ArnakState, p: int) -> int:
    return state._seats[p].cards().count(FEAR)


def _top(pile: list[int], c: int) -> None:
    pile.remove(c)
    pile.append(c)


def _finish_round(state: ArnakState) -> list[int]:
    """Everyone passes (hands are kept); returns the seats in the order they passed."""
    start = state._round
    order = []
    while state._round == start and not state.is_terminal():
        assert len(order) <= 2 * len(state._seats), f"the round does not end: {order}"
        if _frame(state) == "keep":
            do(state, A.DONE)
        else:
            order.append(state.current_player)
            do(state, A.PASS)
    return order


# ------------------------------------------------------------------ guardians and Fear


def test_a_guardian_frightens_whoever_returns_from_its_site_in_a_later_round() -> None:
    # "Discover a New Site": the guardian waits for the round's end; "Once your
    # archaeologist is gone (for example, in a later round) the discovered site is
    # another place archaeologists can be sent to dig. The Compass cost ... applies only
    # when you discover"; "returning from such a site at the end of the round gives you
    # a Fear card, even if you were not the one who awoke the guardian."
    state = fresh(2)
    state._idol_up[L1_1] = COIN_IDOL
    _top(state._stacks[0], site_tile("L1-02"))  # 1 coin + 1 arrowhead
    _top(state._guardians, guardian("G08"))
    setup(state, 0, hand=[FUNDING_CAR], resources={"compass": 3})
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR, A.END_TURN)
    assert state._guardian[L1_1] == guardian("G08")
    setup(state, 1, hand=[FUNDING_CAR], resources={"coin": 9})
    assert L1_1 not in _sites(state)  # the discoverer's archaeologist holds the space
    setup(state, 1, hand=[])
    fears = [_fears(state, 0), _fears(state, 1)]
    do(state, A.PASS, A.PASS)
    assert state._round == 2
    assert [_fears(state, 0), _fears(state, 1)] == [fears[0] + 1, fears[1]]
    # Round II: seat 1 starts and digs there with no compass at all.
    assert state.current_player == 1
    setup(state, 1, hand=[FUNDING_CAR], resources={})
    setup(state, 0, hand=[])
    assert "dig at L1-1" in texts(state)
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR)
    assert state._seats[1].res == [1, 0, 0, 1, 0]  # the site's effect again
    do(state, A.END_TURN)
    fears = [_fears(state, 0), _fears(state, 1)]
    do(state, A.PASS, A.PASS)
    assert state._round == 3
    assert [_fears(state, 0), _fears(state, 1)] == [fears[0], fears[1] + 1]


def test_overcoming_the_guardian_before_the_round_ends_avoids_its_fear() -> None:
    # "Discover a New Site": "To avoid this, you may try to overcome the guardian as an
    # action on a later turn." "Setup for Next Round" step 1 gives Fear only from a site
    # that still has a guardian.
    state = fresh(2)
    discover(state, L1_1, guard="G08")  # 4 coins
    discover(state, L1_3, guard="G09")
    place(state, 0, L1_1)
    place(state, 1, L1_3)  # the control: its guardian stays
    setup(state, 0, hand=[], resources={"coin": 4})
    setup(state, 1, hand=[])
    fears = [_fears(state, 0), _fears(state, 1)]
    do(state, A.OVERCOME + L1_1, A.END_TURN, A.PASS, A.PASS)
    assert state._round == 2
    assert state._seats[0].guardians == [guardian("G08")]
    assert [_fears(state, 0), _fears(state, 1)] == [fears[0], fears[1] + 1]


def test_an_overcome_guardian_is_gone_for_good_and_digging_wakes_no_other() -> None:
    # "Guardians": "Guardians remain on the board until they are overcome." A guardian
    # appears "whenever a player discovers a new site" - digging at a discovered site
    # draws none, so once overcome the site is safe in later rounds.
    state = fresh(2)
    discover(state, L1_1, "L1-02", guard="G08")
    place(state, 0, L1_1)
    setup(state, 0, hand=[], resources={"coin": 4})
    setup(state, 1, hand=[])
    do(state, A.OVERCOME + L1_1, A.END_TURN, A.PASS, A.PASS)
    assert state._round == 2 and state.current_player == 1
    stack = state._guardians[:]
    setup(state, 1, hand=[FUNDING_CAR])
    setup(state, 0, hand=[])
    do(state, A.SITE + L1_1, A.HAND + FUNDING_CAR, A.END_TURN)
    assert state._guardian[L1_1] == FREE and state._guardians == stack
    fears = _fears(state, 1)
    do(state, A.PASS, A.PASS)
    assert state._round == 3 and _fears(state, 1) == fears


def test_a_guardians_boon_is_ready_on_the_turn_it_is_overcome() -> None:
    # "Using a Guardian's Boon": "Having overcome the guardian ... it can grant you the
    # boon ... once during the game, on any of your turns"; "Other boons are free
    # actions, which can be used at any time during any of your turns."
    state = fresh(2)
    discover(state, L1_1, guard="G08")  # 4 coins; boon: trade a tablet up
    place(state, 0, L1_1)
    setup(state, 0, hand=[], resources={"coin": 4, "tablet": 1})
    do(state, A.OVERCOME + L1_1)
    boon = A.BOON + guardian("G08")
    assert A.END_TURN in state.legal_actions() and boon in state.legal_actions()
    do(state, boon, A.UPGRADE)
    seat = state._seats[0]
    assert seat.res == [0, 0, 0, 1, 0] and seat.guardians == [guardian("G08") | 16]
    assert boon not in state.legal_actions()


def test_each_archaeologist_on_a_guarded_site_brings_its_own_fear() -> None:
    # "Guardians": "at the end of the round, you gain a Fear card for each archaeologist
    # returning from a site that still has a guardian"; "Setup for Next Round" step 1:
    # "Each time you take back an archaeologist from a site with a guardian, add 1 Fear
    # card". Both of a seat's archaeologists can share a guarded site only at a camp (a
    # guardian moved there, as Guardian's Crown allows).
    state = fresh(4)  # no blocking tiles: both camp spaces are open
    g = guardian("G08")
    state._guardians.remove(g)
    state._guardian[0] = g
    place(state, 0, 0)
    place(state, 0, 0)
    for p in range(4):
        setup(state, p, hand=[])
    fear, supply = _fears(state, 0), state._fear
    _finish_round(state)
    assert state._round == 2
    assert _fears(state, 0) == fear + 2 and state._fear == supply - 2
    assert state._seats[0].arch == [HOME, HOME]


def test_guardian_fear_is_taken_before_the_play_area_is_shuffled_under_the_deck() -> None:
    # "Setup for Next Round": step 1 returns the archaeologists and adds the Fear "to your
    # play area", step 3 shuffles the play area to the bottom of the deck, below the
    # items bought this round ("Don't Forget!": "Gain fear, then shuffle").
    state = fresh(2)
    discover(state, L1_1, guard="G08")
    place(state, 0, L1_1)
    hat, rope = card("item.hat"), card("item.rope")
    play = [FUNDING_CAR, FUNDING_BOAT, EXPLORATION_CAR, EXPLORATION_BOAT]
    setup(state, 0, hand=[], deck=[hat, rope], play=play, resources={"coin": 9})
    setup(state, 1, hand=[])
    item = state._row_item[0]
    do(state, A.CARD + item, A.END_TURN, A.PASS, A.PASS)
    seat = state._seats[0]
    assert state._round == 2
    assert seat.play == []
    assert seat.hand[:3] == [rope, hat, item]  # the old deck, then the bought item
    shuffled = seat.hand[3:] + seat.deck  # then the play area with the new Fear in it
    assert sorted(shuffled) == sorted([*play, FEAR])


# ------------------------------------------------------------------ turns and rounds


def test_turn_order_runs_clockwise_from_each_rounds_start_player() -> None:
    # "Game Overview": "The player with the starting player marker starts. Players take
    # turns clockwise"; "The starting player marker is passed to the left" each round;
    # "The game is played over 5 rounds."
    state = fresh(4)
    for p in range(4):
        setup(state, p, hand=[])
    orders = []
    while not state.is_terminal():
        orders.append(_finish_round(state))
    assert orders == [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2], [0, 1, 2, 3]]
    assert state._round == 5


def test_a_passed_player_is_skipped_while_the_others_go_on() -> None:
    # "Passing": "Once you have passed, you get no more turns for the rest of the round.
    # The flow of play continues clockwise, but it skips over you."
    state = fresh(3)
    for p in range(3):
        setup(state, p, hand=[FEAR, FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR, A.END_TURN)  # seat 0 digs at C1
    assert state.current_player == 1
    do(state, A.PASS)
    assert state.current_player == 2
    do(state, A.SITE + 1, A.HAND + FEAR, A.END_TURN)
    assert state.current_player == 0
    do(state, A.SITE + 2, A.HAND + FEAR, A.END_TURN)
    assert state.current_player == 2 and state._seats[1].passed  # seat 1 skipped
    do(state, A.PASS)
    assert state.current_player == 0 and state._round == 1
    do(state, A.PASS)  # all have passed: the round ends (hand cards kept)
    while _frame(state) == "keep":
        do(state, A.DONE)
    assert state._round == 2


def test_after_the_moon_staff_moves_the_artifacts_slide_to_it() -> None:
    # "Setup for Next Round": exile the two cards beside the moon staff, move the staff
    # right, refill the row; "Refilling the Card Row": "Slide cards toward the moon
    # staff to make a space on the end. Deal a new card to that empty space."
    state = fresh(2)
    for p in (0, 1):
        setup(state, p, hand=[])
    _finish_round(state)
    assert state._round == 2 and len(state._row_art) == 2
    far, beside = state._row_art
    items = state._row_item[:]
    first, second = state._art_deck[-1], state._art_deck[-2]
    _finish_round(state)
    assert state._round == 3
    assert state._art_exile[-1] == beside and state._item_exile[-1] == items[0]
    # The surviving artifact slid next to the staff; new ones came in at the far end.
    assert state._row_art == [second, first, far]
    assert state._row_item == items[1:]  # three item spaces are left: no refill


def test_round_five_skips_everything_but_the_archaeologists_return() -> None:
    # "End of Round V": "all players take back their archaeologists and gain Fear from
    # guardians. Skip all the other steps" - no discards, no shuffle, no assistant
    # refresh, no exile beside the moon staff, no new hand.
    state = fresh(2)
    state._round = 5
    row(state, items=["item.hat"], artifacts=[c for c in state._art_deck[-5:]])
    arts, items = state._row_art[:], state._row_item[:]
    place(state, 0, 0)
    setup(state, 0, hand=[], play=[FEAR], deck=[FUNDING_CAR], assistants=[("A01", False, True)])
    setup(state, 1, hand=[FEAR])
    do(state, A.PASS, A.PASS)
    assert state.is_terminal() and state._round == 5
    s0 = state._seats[0]
    assert s0.arch == [HOME, HOME] and state._occ[0] == FREE
    assert s0.play == [FEAR] and s0.deck == [FUNDING_CAR] and s0.hand == []
    assert s0.assistants == [0 | 32]  # still exhausted
    assert state._seats[1].hand == [FEAR]
    assert state._row_art == arts and state._row_item == items
    assert state._art_exile == [] and state._item_exile == []


# ------------------------------------------------------------------ buying


def test_artifacts_are_bought_with_compasses_only() -> None:
    # "Artifacts": "You pay for them with Compass tokens"; "To Buy an Artifact" step 2:
    # "Pay the Compass cost" (coins buy items, and planes, but never artifacts).
    state = fresh(2)
    row(state, artifacts=["art.treasure_chest"])  # 4 compasses
    chest = card("art.treasure_chest")
    setup(state, 0, resources={"coin": 20, "compass": 3})
    assert A.CARD + chest not in state.legal_actions()
    setup(state, 0, resources={"coin": 20, "compass": 4})
    do(state, A.CARD + chest)
    assert state._seats[0].res[:2] == [20, 0]


# ------------------------------------------------------------------ final scoring


def test_tied_players_outside_the_temple_go_to_research_though_another_arrived() -> None:
    # "Final Scoring": "Break ties in favor of the player who reached the Lost Temple
    # first. If no one reached the Lost Temple, break ties in favor of the player with the
    # highest research score." meeple reads "no one" as none of the tied players (see
    # docs/games/arnak.md, tie-breaks): a trailing player in the temple does not leave
    # the two leaders tied.
    state = fresh(3)
    for p in range(3):
        setup(state, p, hand=[], deck=[], play=[])
    state._round = 5
    s0, s1, s2 = state._seats
    s0.glass, s0.temple_rank = 14, 0  # 23 + 10 for the empty idol slots: 33
    state._arrivals = 1
    s1.glass = 11  # Bird row 6: 12, + 10
    s1.guardians = [guardian(g) for g in ("G02", "G03", "G04")]  # + 15
    setup(state, 1, deck=[card("item.hat"), card("item.hat")])  # + 2: 39
    s2.glass = 9  # Bird row 5: 9, + 10
    s2.guardians = [guardian(g) for g in ("G01", "G05", "G06", "G07")]  # + 20: 39
    _finish_round(state)
    assert state.is_terminal()
    assert state.scores() == [33.0, 39.0, 39.0]
    assert state.research_points(1) > state.research_points(2)
    assert state.returns() == [0.0, 1.0, 0.0]


# ------------------------------------------------------------------ solo


def _solo() -> ArnakState:
    """A solo game (seed 2: the rival opened with a dig) with the rival's archaeologist
    back home."""
    state = fresh(1, seed=2)
    assert SOLO_TILES[state._rival.used[0]].type == "dig"
    state._rival.recall(state)
    state._legal = None
    return state


def _tile(name: str) -> int:
    return next(t.num for t in SOLO_TILES if t.id == name)


def test_rival_archaeologists_block_the_human_until_the_round_ends() -> None:
    # Solo "Setup": "Set up the board as you do for a 2-player game" (every camp's 2-boot
    # space blocked); "Dig at a Site" (rival): it puts an archaeologist on the space;
    # "End of Round": "return all rival archaeologists to their board."
    state = _solo()
    rival = state._rival
    rival.arch[rival._home()] = place(state, RIVAL, 0)  # C1's one-boot space
    setup(state, 0, hand=[FEAR, FEAR], resources={"coin": 20})
    assert 0 not in _sites(state) and {1, 2, 3, 4} <= _sites(state)
    rival.stack, rival.used = [], []  # no rival turns left, this round or the next
    do(state, A.PASS)
    while _frame(state) == "keep":
        do(state, A.DONE)
    assert state._round == 2
    assert RIVAL not in state._occ and rival.arch == [-1] * 6
    setup(state, 0, hand=[FEAR])
    do(state, A.SITE + 0, A.HAND + FEAR)
    assert state._occ[0] == 0


@pytest.mark.parametrize(("bottom", "bought"), [("dig_compass", "pickaxe"), ("dig_coin", "hat")])
def test_rival_last_tile_uses_the_arrow_of_the_bottom_used_tile(bottom: str, bought: str) -> None:
    # Solo "The Decision Arrow": "If you need a tiebreaker for the final action tile,
    # when the stack is empty, use the arrow on the tile at the bottom of the used tiles
    # pile." dig_compass points right, dig_coin left (data/solo.json); the green Buy
    # Item tile itself points left, so only the bottom tile can send it right.
    state = _solo()
    rival = state._rival
    row(state, items=["item.hat", "item.axe", "item.pickaxe", "item.torch", "item.parrot"])
    assert SOLO_TILES[_tile("green_buy_item")].arrow == "left"
    rival.stack = [_tile("green_buy_item")]
    rival.used = [_tile(bottom), _tile("dig_tablet")]
    rival.take_turn(state)
    assert rival.cards == [card(bought)]  # hat and pickaxe tie at 1 VP


def test_rival_does_nothing_when_its_action_is_impossible() -> None:
    # Solo "Gameplay": "Resolve the indicated action. If the situation makes the action
    # impossible, your rival does nothing on that turn." With all six archaeologists out,
    # a Discover tile finds no one to send: no site is discovered and the tile is spent.
    state = _solo()
    rival = state._rival
    discover(state, 12)
    for site in (0, 1, 2, 3, 4, 12):
        rival.arch[rival._home()] = place(state, RIVAL, site)
    undiscovered = [s for s in range(5, 17) if not state.discovered(s)]
    guardians = state._guardians[:]
    rival.stack = [_tile("dig_coin"), _tile("green_discover")]
    rival.used = []
    rival.take_turn(state)
    assert rival.used == [_tile("green_discover")] and rival.stack == [_tile("dig_coin")]
    assert [s for s in range(5, 17) if not state.discovered(s)] == undiscovered
    assert state._guardians == guardians and rival.minus == 0 and rival.idols_up == []
