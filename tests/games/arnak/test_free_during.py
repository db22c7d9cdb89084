"""Free actions during a decision: "They can be played before, after, and even during
your main action" (rulebook, Free Actions). While a decision of your turn is pending,
the free actions that only add to what you hold are offered beside its answers, and the
decision carries on after them."""

from __future__ import annotations

import meeple
from meeple.core import Rng
from meeple.games.arnak import actions as A
from meeple.games.arnak.rules import ADDING_SLOT_ACTIONS, ArnakState, is_free

from .scenario import (
    FC,
    answers,
    assistant,
    card,
    deck_top,
    do,
    fresh,
    res,
    row,
    setup,
    table,
)


def _fishing(coins: int, **kw: object) -> ArnakState:
    s = table(["fishing_rod", FC, "fear"], resources={"coin": coins}, **kw)
    row(s, items=["whip", "pack_donkey", "machete", "binoculars", "tent"])  # 2 and 4 coins
    deck_top(s, "horse")  # 4 coins
    return s


def test_a_free_card_played_during_a_buy_pays_for_the_card_it_revealed() -> None:
    s = _fishing(0)
    do(s, A.HAND + card("fishing_rod"))
    assert s._stack[-1][0] == "buy"
    assert answers(s) == [A.CARD + card("whip"), A.DONE]  # 2 coins less 3: free
    # Funding gains a coin: offered on top of the buy; Fear has no effect to play
    assert A.HAND + FC in s.legal_actions() and A.HAND + card("fear") not in s.legal_actions()
    assert s.action_to_string(A.HAND + FC).startswith("play Funding")
    do(s, A.HAND + FC)
    assert s._stack[-1][0] == "buy" and s._seats[0].res == res(coin=1)
    assert A.CARD + card("horse") in answers(s)  # 4 coins less 3
    do(s, A.CARD + card("horse"))
    seat = s._seats[0]
    assert seat.res == res() and seat.deck[0] == card("horse")
    assert sorted(seat.play) == sorted([card("fishing_rod"), FC])
    assert not s._stack and A.END_TURN in s.legal_actions()


def test_a_buy_with_nothing_affordable_waits_while_a_free_action_could_pay() -> None:
    s = _fishing(0)
    row(s, items=["pack_donkey", "machete", "binoculars", "tent", "aeroplane"])  # 4 coins
    do(s, A.HAND + card("fishing_rod"))
    assert s._stack[-1][0] == "buy" and answers(s) == [A.DONE]
    do(s, A.HAND + FC)
    assert A.CARD + card("horse") in answers(s)  # the revealed card, 4 coins less 3
    # with no free action to take, such a buy is skipped as before
    s = _fishing(0)
    setup(s, 0, hand=["fishing_rod", "fear"])
    row(s, items=["pack_donkey", "machete", "binoculars", "tent", "aeroplane"])
    do(s, A.HAND + card("fishing_rod"))
    assert not s._stack and A.END_TURN in s.legal_actions()


def test_assistants_boons_and_idol_slots_that_gain_are_offered_during_a_decision() -> None:
    s = _fishing(0, assistants=["banker", ("scribe", False, True)], crates=1)
    do(s, A.HAND + card("fishing_rod"))
    legal = set(s.legal_actions())
    assert A.ASSISTANT + assistant("banker") in legal  # 2 coins
    assert A.ASSISTANT + assistant("scribe") not in legal  # exhausted
    assert set(ADDING_SLOT_ACTIONS) <= legal
    assert s.action_to_string(A.ASSISTANT + assistant("banker")).startswith("use assistant")
    do(s, A.ASSISTANT + assistant("banker"))
    assert s._stack[-1][0] == "buy" and s._seats[0].res == res(coin=2)
    assert A.CARD + card("binoculars") in answers(s)


def test_free_actions_that_spend_or_exile_wait_until_the_decision_is_made() -> None:
    # an idol slot's "a coin for a jewel" spends, the Watch can pass: neither is offered
    s = _fishing(1, crates=1)
    setup(s, 0, hand=["fishing_rod", "watch"])
    do(s, A.HAND + card("fishing_rod"))
    legal = set(s.legal_actions())
    assert A.HAND + card("watch") not in legal
    assert not {a for a in range(A.IDOL_SLOT, A.UNSLOT) if a not in ADDING_SLOT_ACTIONS} & legal
    do(s, A.DONE)
    assert A.HAND + card("watch") in s.legal_actions()  # after it, as always


def test_decisions_that_use_the_same_ids_keep_their_own_meaning() -> None:
    # exiling from the hand: the hand's ids are the exile's, not free plays
    s = table(["army_knife", FC])  # Army Knife: two different benefits, one an exile
    do(s, A.HAND + card("army_knife"))
    exile = next(k for k in range(4) if "exile" in s.action_to_string(A.OPTION + k))
    do(s, A.OPTION + exile)
    assert s._stack[-1][0] == "exile"
    assert s.action_to_string(A.HAND + FC).startswith("exile Funding")
    assert not is_free("exile", A.HAND + FC)
    do(s, A.HAND + FC)
    assert FC not in s._seats[0].hand and FC not in s._seats[0].play


def test_a_free_card_during_the_sundial_choice_leaves_its_pass_option() -> None:
    s = table(["sundial", FC], resources={"tablet": 1})
    do(s, A.HAND + card("sundial"))
    assert answers(s) == [A.OPTION, A.OPTION + 1]
    do(s, A.HAND + FC)
    assert answers(s) == [A.OPTION, A.OPTION + 1]  # "or pass for the round": still there
    do(s, A.OPTION + 1)
    assert s._seats[0].passed and s._seats[0].res == res(coin=1, jewel=1)


def test_no_free_actions_in_another_seat_s_decision_or_the_round_end_keep() -> None:
    game = meeple.load_game("arnak", players=3)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            top = state._stack[-1] if state._stack else None
            legal = state.legal_actions()
            if top is not None:
                extra = [a for a in legal if is_free(top[0], a)]
                if top[0] in ("keep", "look_keep", "look_return") or top[1] != state._turn:
                    assert extra == [] or top[0] == "travel"
                own = [a for a in legal if a not in extra]
                assert own, "a decision is offered only while it has answers"
            state.apply_action(legal[rng.below(len(legal))])


def test_a_price_no_longer_payable_after_a_free_card_is_only_declined() -> None:
    # the Hunter: pay a boot for an arrowhead; Funding's car is the only thing that pays
    s = table([FC], assistants=["hunter"])
    do(s, A.ASSISTANT + assistant("hunter"))
    assert s._stack[-1][0] == "offer" and answers(s) == [A.YES, A.DONE]
    do(s, A.HAND + FC)  # played for its coin instead
    assert s._stack[-1][0] == "offer" and answers(s) == [A.DONE]
    do(s, A.DONE)
    assert s._seats[0].res == res(coin=1) and not s._stack


def test_no_free_card_while_a_payment_in_cards_is_under_way() -> None:
    # paying camp C1's boot: the pilot's choice comes on top of the payment, and Funding,
    # whose car would pay the boot, is not offered there to be played away
    s = fresh()
    setup(s, 0, hand=[FC], resources={}, assistants=["A07"])
    do(s, A.SITE + 0, A.ASSISTANT + assistant("A07"))
    assert [f[0] for f in s._stack][-2:] == ["travel", "choose"]
    assert A.HAND + FC not in s.legal_actions()
    do(s, A.OPTION)  # the coin
    assert s._stack[-1][0] == "travel" and A.HAND + FC in s.legal_actions()  # to spend
