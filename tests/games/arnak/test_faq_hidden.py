"""The base rulebook's FAQ answers the engine can express, and hidden information:
what a seat's observation holds and that resampling keeps everything that seat sees
(rulebook "Frequently Asked Questions", "Don't Forget!")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meeple.games.arnak import actions as A
from meeple.games.arnak.rules import HOME, ArnakState

from .scenario import card, cards, discover, do, fresh, place, row, setup

FEAR = card("fear")
FUNDING_CAR = card("basic.funding_car")
EXPLORATION_BOAT = card("basic.exploration_boat")
HAT = card("item.hat")  # free action: 1 coin + 1 compass
FLASK = card("item.flask")  # draw 3 (exiled)
BACKPACK = card("item.large_backpack")  # 1 coin, draw from the bottom


def _frame(state: ArnakState) -> str | None:
    return state._stack[-1][0] if state._stack else None


# ------------------------------------------------------------------ FAQ


def test_more_than_five_cards_in_hand() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FUNDING_CAR] * 5 + [FLASK], deck=[FEAR] * 4)
    do(state, A.HAND + FLASK)
    seat = state._seats[0]
    assert len(seat.hand) == 8  # no hand limit during the round
    assert A.HAND + FUNDING_CAR in state.legal_actions()


def test_hand_limit_only_when_drawing_for_a_round() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FUNDING_CAR] * 6, deck=[FEAR] * 4)
    setup(state, 1, hand=[])
    do(state, A.PASS, A.PASS)  # seat 0 passes holding six cards
    assert _frame(state) == "keep"
    do(state, *[A.DONE] * 6)  # keeps them all, card by card
    assert state._round == 2
    assert state._seats[0].hand == [FUNDING_CAR] * 6  # nothing drawn


def test_bought_item_drawn_from_the_bottom_the_same_round() -> None:
    state = fresh(2)
    row(state, items=["item.hat", "item.whip", "item.flask", "item.dog", "item.rope"])
    setup(state, 0, hand=[BACKPACK], deck=[FEAR, FEAR], resources={"coin": 1})
    setup(state, 1, hand=[])
    do(state, A.CARD + HAT, A.END_TURN)  # the hat goes under the deck
    assert state._seats[0].deck[0] == HAT
    do(state, A.PASS)  # seat 1 is done: seat 0 plays on
    do(state, A.HAND + BACKPACK)
    seat = state._seats[0]
    assert seat.hand == [HAT]
    do(state, A.HAND + HAT)  # and it can be used at once
    assert seat.res == [2, 1, 0, 0, 0]


def test_no_shuffle_during_play() -> None:
    state = fresh(2)
    setup(state, 0, hand=[FLASK], deck=[], play=[FUNDING_CAR, FEAR])
    do(state, A.HAND + FLASK)
    seat = state._seats[0]
    assert seat.hand == [] and seat.deck == []
    assert seat.play == [FUNDING_CAR, FEAR]  # the play area waits for the round end


def test_empty_deck_and_a_bought_item_becomes_the_only_card() -> None:
    state = fresh(2)
    row(state, items=["item.hat", "item.whip", "item.flask", "item.dog", "item.rope"])
    setup(state, 0, hand=[FLASK], deck=[], resources={"coin": 2})
    setup(state, 1, hand=[])
    do(state, A.CARD + HAT, A.END_TURN, A.PASS)
    seat = state._seats[0]
    assert seat.deck == [HAT]  # the bottom and the top
    do(state, A.HAND + FLASK)  # draw 3: only the hat is there
    assert seat.hand == [HAT] and seat.deck == []


def test_archaeologist_effect_needs_one_at_home_and_pays_travel() -> None:
    state = fresh(4)
    turtle = card("item.sea_turtle")  # draw 1, then dig or discover (1 boat off)
    discover(state, 5)  # L1-1: 1 car
    setup(state, 0, hand=[turtle], deck=[FEAR], resources={})
    do(state, A.HAND + turtle)
    assert _frame(state) == "dig"
    sites = {a - A.SITE for a in state.legal_actions() if A.SITE <= a < A.OVERCOME}
    assert 5 not in sites  # a car is due: the boat discount does not cover it
    assert {0, 1, 2, 3, 4} <= sites  # the drawn Fear (or the discount) pays a boot
    # with both archaeologists out the effect does nothing
    state = fresh(4)
    place(state, 0, 0)
    place(state, 0, 1)
    setup(state, 0, hand=[turtle], deck=[FEAR], resources={"coin": 9})
    do(state, A.HAND + turtle)
    assert _frame(state) is None and state._seats[0].hand == [FEAR]


def test_relocate_moves_a_placed_archaeologist_free_to_a_discovered_site() -> None:
    state = fresh(2)
    staff = card("art.pathfinders_staff")  # relocate to a camp or level I site
    discover(state, 5, "L1-02")  # 1 coin + 1 arrowhead
    setup(state, 0, hand=[staff], resources={"tablet": 1})
    state._seats[0].arch = [HOME, HOME]
    assert A.HAND + staff in state.legal_actions()
    do(state, A.HAND + staff)
    assert _frame(state) is None  # nobody to relocate: nothing happens
    state = fresh(2)
    discover(state, 5, "L1-02")
    slot = place(state, 0, 2)  # C3
    place(state, 1, 0)  # the other seat at C1
    setup(state, 0, hand=[staff], resources={"tablet": 1})
    do(state, A.HAND + staff)
    assert state.legal_actions() == [A.SITE + 2, A.DONE]  # only your own archaeologist
    do(state, A.SITE + 2)
    targets = {a - A.SITE for a in state.legal_actions()}
    assert 5 in targets and 6 not in targets  # undiscovered sites are out
    assert 0 not in targets or state.free_slot(0) >= 0
    do(state, A.SITE + 5)
    seat = state._seats[0]
    assert seat.arch[0] == 10 and state._occ[slot] == -1 and state._occ[10] == 0
    assert seat.res == [1, 0, 0, 1, 0]  # the site resolved, no travel paid
    assert state._occ[0] == 1  # the other seat's archaeologist stayed


def test_no_effect_moves_another_players_guardian() -> None:
    state = fresh(2)
    crown = card("art.guardians_crown")
    discover(state, 5, guard="G08")
    discover(state, 6)
    place(state, 1, 5)  # the other seat's guarded site
    setup(state, 0, hand=[crown], resources={"tablet": 1})
    do(state, A.HAND + crown)
    assert _frame(state) is None and state._guardian[5] != -1


def test_bear_trap_only_where_no_other_player_stands() -> None:
    state = fresh(2)
    trap = card("item.bear_trap")
    discover(state, 5, guard="G08")
    discover(state, 6, guard="G09")
    place(state, 1, 5)
    setup(state, 0, hand=[trap])
    do(state, A.HAND + trap)
    assert set(state.legal_actions()) == {A.OVERCOME + 6, A.DONE}


# ------------------------------------------------------------------ hidden information


def _observations(state: ArnakState) -> list[dict]:
    return [state.observation(p) for p in range(len(state._seats))]


def test_observation_holds_only_your_hand() -> None:
    state = fresh(2)
    row(state, items=["item.dog", "item.flask", "item.horse", "item.axe", "item.torch"])
    setup(state, 0, hand=[card("item.hat"), FEAR])
    setup(state, 1, hand=[card("item.whip"), card("item.rope")])
    setup(state, 1, deck=[card("item.trowel"), card("item.pickaxe")])
    obs = state.observation(0)
    assert obs["hand"] == sorted(["item.hat", "fear"])
    assert obs["hand_sizes"] == [2, 2]
    assert state.public_observation()["hand"] == []
    # Seat 1's cards are public (each joined it face up), which of them are in its hand
    # is not: swapping its hand with its deck leaves seat 0's view as it was.
    assert sorted(obs["cards_owned"][1]) == sorted(
        ["item.whip", "item.rope", "item.trowel", "item.pickaxe"]
    )
    swapped = state.clone()
    seat = swapped._seats[1]
    seat.hand, seat.deck = seat.deck, seat.hand
    assert swapped.observation(0) == obs


def _scramble(state: ArnakState, p: int, seed: int) -> ArnakState:
    """A copy where everything hidden from seat p is dealt differently."""
    rng = random.Random(seed)
    new = state.clone()
    for q, seat in enumerate(new._seats):
        hidden = [i for i, pub in enumerate(seat.public) if not pub]
        if q == p:
            hidden = [i for i in hidden if i < len(seat.deck) - seat.private_top]
            pool = [seat.deck[i] for i in hidden]
            rng.shuffle(pool)
        else:
            pool = [seat.deck[i] for i in hidden] + seat.hand
            rng.shuffle(pool)
            seat.hand = pool[len(pool) - len(seat.hand) :]
        for i, c in zip(hidden, pool, strict=False):
            seat.deck[i] = c
    for deck, known in ((new._item_deck, new._known_top[0]), (new._art_deck, new._known_top[1])):
        cut = len(deck) - 1 if known and deck else len(deck)
        part = deck[:cut]
        rng.shuffle(part)
        deck[:cut] = part
    rng.shuffle(new._guardians)
    for level, stack in enumerate(new._stacks):
        seen = new._known_bottom[level]
        part = stack[seen:]
        rng.shuffle(part)
        stack[seen:] = part
    new._legal = None
    return new


@pytest.mark.parametrize("board", ["bird", "snake", "spider", "owl"])
def test_observation_ignores_hidden_orders_and_other_hands(board: str) -> None:
    state = fresh(2, board, seed=4)
    # a walk that leaves seat 1 cards to hide (on the Owl Temple, walk 4 ends with few)
    rng = random.Random(5 if board == "owl" else 4)
    for _ in range(25):
        state.apply_action(
            rng.choice([a for a in state.legal_actions() if a != A.PASS] or state.legal_actions())
        )
    for p in (0, 1):
        before = state.observation(p)
        for seed in range(4):
            other = _scramble(state, p, seed)
            assert other.observation(p) == before
    # the scramble does change what the other seat holds, for some seed
    changed = any(
        sorted(_scramble(state, 0, s)._seats[1].hand) != sorted(state._seats[1].hand)
        for s in range(8)
    )
    assert changed


def _walk(state: ArnakState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        active = [a for a in legal if a != A.PASS]
        state.apply_action(rng.choice(active if active and rng.random() < 0.93 else legal))


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (2, "bird"),
        (2, "snake"),
        (1, "bird"),
        (1, "snake"),
        (2, "spider"),
        (1, "spider"),
        (2, "owl"),
        (1, "owl"),
    ],
)
def test_resample_keeps_what_the_seat_sees(players: int, board: str) -> None:
    rng = random.Random(players * 10 + len(board))
    checked = differs = 0
    for game in range(5):
        state = fresh(players, board, seed=game)
        while not state.is_terminal():
            _walk(state, rng, 3)
            for p in range(players):
                for seed in (1, 2):
                    guess = state.resample(p, seed)
                    assert guess.observation(p) == state.observation(p)
                    if state.current_player == p:
                        assert guess.legal_actions() == state.legal_actions()
                    if players == 2 and sorted(guess._seats[1 - p].hand) != sorted(
                        state._seats[1 - p].hand
                    ):
                        differs += 1
                    # the guess plays on
                    _walk(guess, random.Random(seed), 5)
                    checked += 1
    assert checked >= 200
    if players == 2:
        assert differs > 0


def test_resample_lets_a_seat_finish_the_travel_it_began() -> None:
    state = fresh(2)
    discover(state, 7)  # L1-3: 1 boat
    setup(state, 0, hand=[])
    boat = card("basic.funding_boat")
    setup(state, 1, hand=[boat, FEAR, FEAR], deck=[FEAR, FEAR, FUNDING_CAR], resources={})
    do(state, A.PASS, A.SITE + 7)
    assert _frame(state) == "travel" and state.current_player == 1
    hands = set()
    for seed in range(16):
        guess = state.resample(0, seed)
        assert guess.observation(0) == state.observation(0)
        assert A.HAND + boat in guess.legal_actions()  # seat 1 could pay: it holds a boat
        hands.add(tuple(sorted(guess._seats[1].hand)))
        do(guess, A.HAND + boat)
        assert guess._occ[12] == 1
    assert len(hands) > 1  # the rest of its hand is still dealt anew


def test_resample_keeps_deck_cards_whose_place_is_public() -> None:
    state = fresh(2)
    row(state, items=["item.hat", "item.whip", "item.flask", "item.dog", "item.rope"])
    setup(state, 0, resources={"coin": 2})
    do(state, A.CARD + HAT)  # public: the hat is at the bottom of seat 0's deck
    for p in (0, 1):
        for seed in range(5):
            guess = state.resample(p, seed)
            assert guess._seats[0].deck[0] == HAT
            assert guess.observation(p) == state.observation(p)


def test_resample_redeals_the_lost_temple_tiles_until_seen() -> None:
    state = fresh(2)
    seat = state._seats[0]
    seat.glass = 13
    setup(state, 0, resources={"coin": 1, "compass": 1, "jewel": 1})
    do(state, A.GLASS + 14)
    assert _frame(state) == "bonus_pick"
    for seed in range(5):
        mine = state.resample(0, seed)
        assert sorted(mine._temple_bonus) == sorted(state._temple_bonus)
        assert mine.legal_actions() == state.legal_actions()
    guesses = {tuple(sorted(state.resample(1, s)._temple_bonus)) for s in range(12)}
    assert len(guesses) > 1  # seat 1 has not looked


def test_observation_hides_the_deck_order_from_its_owner() -> None:
    state = fresh(2)
    setup(state, 0, deck=[FEAR, FUNDING_CAR, EXPLORATION_BOAT])
    obs = state.observation(0)
    assert obs["deck_sizes"][0] == 3
    assert obs["deck_known"]["public"] == [None, None, None]
    assert obs["deck_known"]["top"] == []


def test_resample_deals_anew_the_cards_another_seat_drew_for_an_earring() -> None:
    state = fresh(players=2, seed=4)
    deck = cards("item.rope", "item.hat", "item.watch", "item.axe", "item.torch")
    setup(
        state,
        0,
        hand=cards("art.crystal_earring", "item.dog"),
        deck=deck,
        resources=[0, 0, 1, 0, 0],
    )
    do(state, A.HAND + cards("art.crystal_earring")[0], A.OPTION + 2)
    assert state._stack[-1][0] == "look_keep"
    truth = state._stack[-1][2]
    held = Counter(state._seats[0].hand + state._seats[0].deck + list(truth))
    seen = set()
    for k in range(12):
        guess = state.resample(1, k)
        drawn = guess._stack[-1][2]
        assert len(drawn) == 3
        seat = guess._seats[0]
        assert Counter(seat.hand + seat.deck + list(drawn)) == held
        seen.add(tuple(sorted(drawn)))
    assert len(seen) > 1, "the drawn cards are not copied from the truth"
    # the drawing seat itself keeps what it drew
    assert state.resample(0, 1)._stack[-1][2] == truth


def test_cards_drawn_for_an_earring_still_count_in_the_running_score() -> None:
    state = fresh(players=2, seed=4)
    deck = cards("fear", "item.hat", "fear")
    setup(state, 0, hand=cards("art.crystal_earring"), deck=deck, resources=[0, 0, 1, 0, 0])
    before = state.observation(0)["scores_so_far"][0]
    do(state, A.HAND + cards("art.crystal_earring")[0], A.OPTION + 2)
    assert state._stack[-1][0] == "look_keep"
    assert state.observation(0)["scores_so_far"][0] == before
    for k in range(8):
        guess = state.resample(1, k)
        assert guess.observation(1) == state.observation(1)
