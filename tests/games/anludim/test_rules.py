"""Anludim rules: every example of the rulebook and every ruling of rulings/anludim.md."""

from __future__ import annotations

import pytest

from meeple import TERMINAL
from meeple.errors import CombinationError, IllegalActionError, MeepleError, OptionError
from meeple.games.anludim import actions as A
from meeple.games.anludim import rank_combination
from meeple.games.anludim.rules import AnludimState

from .scenario import (
    FLUSH,
    GATHERING,
    PAIRS,
    STRAIGHT,
    THREES,
    arrange,
    card,
    draw_and_end,
    give_items,
    half,
    new_state,
    play_combination,
    put,
    set_turn,
    take_from_stack,
)

# --- the combinations (rulebook p.8 examples) ------------------------------------------


def vals(*values: int, colours: tuple[str, ...] = ("blue", "red", "green", "yellow")) -> list:
    return [(v, colours[i % len(colours)]) for i, v in enumerate(values)]


def test_straight_examples() -> None:
    r = lambda *v: rank_combination("straight", vals(*v))  # noqa: E731
    assert r(6, 5) < r(9, 8)
    assert r(9, 8) < r(3, 2, 1)


def test_flush_examples() -> None:
    r = lambda *v: rank_combination("flush", [(x, "blue") for x in v])  # noqa: E731
    assert r(12, 1) < r(12, 2) < r(13, 1)
    assert r(13, 1) < r(7, 6, 3)
    assert r(5, 5) == r(5, 5)  # values may repeat in a flush


def test_pairs_examples() -> None:
    def r(*pairs: int) -> tuple:
        return rank_combination("pairs", [h for v in pairs for h in ((v, "blue"), (v, "red"))])

    assert r(5) < r(7)
    assert r(7) < r(6, 4)
    assert r(6, 4) < r(6, 5)


def test_three_of_a_kind_examples() -> None:
    def r(*triples: int) -> tuple:
        colours = ("blue", "red", "green")
        return rank_combination("three_of_a_kind", [(v, c) for v in triples for c in colours])

    assert r(1) < r(4)
    assert r(4) < r(3, 1)


def test_gathering_examples() -> None:
    r = lambda v, n: rank_combination("gathering", vals(*[v] * n))  # noqa: E731
    assert r(3, 4) < r(6, 4)
    assert r(6, 4) < r(1, 5)


@pytest.mark.parametrize(
    ("discipline", "halves", "reason"),
    [
        ("straight", [(5, "blue")], "at least 2"),
        ("straight", [(5, "blue"), (7, "red")], "follow each other"),
        ("straight", [(5, "blue"), (5, "red")], "repeat"),
        ("straight", [(13, "blue"), (1, "red")], "follow each other"),
        ("flush", [(5, "blue"), (7, "red")], "one colour"),
        ("pairs", [(5, "blue"), (5, "blue")], "different colours"),
        ("pairs", [(5, "blue"), (5, "red"), (5, "green")], "has 3 cards"),
        ("pairs", [(5, "blue"), (5, "red"), (6, "green")], "has 1 cards"),
        ("three_of_a_kind", [(5, "blue"), (5, "red")], "has 2 cards"),
        ("gathering", [(5, "blue")] * 3, "at least 4"),
        ("gathering", [(5, "blue")] * 3 + [(6, "red")], "one value"),
        ("gathering", [(5, "blue")] * 4 + [(6, "red")], "one value"),
        ("teaching", [(5, "blue")], "unknown discipline"),
        ("flush", [(14, "blue"), (3, "blue")], "1..13"),
        ("flush", [(4, "black"), (3, "blue")], "unknown colour"),
    ],
)
def test_rank_combination_rejects_with_reason(discipline: str, halves: list, reason: str) -> None:
    with pytest.raises(CombinationError, match=reason):
        rank_combination(discipline, halves)


def test_a_rejected_combination_is_of_the_error_family_and_a_value_error() -> None:
    assert issubclass(CombinationError, MeepleError)
    assert issubclass(CombinationError, ValueError)  # callers that caught ValueError still do


def test_gathering_counts_cards_of_any_colour() -> None:
    assert rank_combination("gathering", [(6, "blue")] * 4) == (4, (6,))


def test_straight_wrap_is_an_option() -> None:
    with pytest.raises(CombinationError):
        rank_combination("straight", [(13, "blue"), (1, "red")])
    assert rank_combination("straight", [(13, "blue"), (1, "red")], wrap=True) == (2, (13,))


# --- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players: int) -> None:
    s = new_state(players)
    obs = s.observation(0)
    assert obs["hand_sizes"] == [8] * players
    assert sum(card is not None for card in obs["face_up"]) == 3
    assert obs["deck_size"] == 65 - 8 * players - 3
    assert set(obs["teachers"].values()) == {"board"}
    assert obs["coats"] == ["silver"] * players
    assert obs["current_player"] == 0
    expected_scrolls = [0] * players
    expected_scrolls[players - 1] = 1  # the last player in turn order gets a scroll
    assert obs["scrolls"] == expected_scrolls


def test_item_stacks_by_player_count() -> None:
    four = new_state(4).observation(0)["stacks"]
    assert four == {
        "vial": [1, 1, 1, 1, 2, 2, 3],
        "star": [1, 1, 1, 2, 2, 2, 3],
        "voodoo_doll": [1, 1, 2, 2, 3, 4],
        "talisman": [1, 2, 3, 3, 4],
        "crystal_chest": [1, 2, 3, 3, 5],
    }
    three = new_state(3).observation(0)["stacks"]
    assert three["vial"] == [1, 1, 1, 2, 2, 3] and three["star"] == [1, 1, 2, 2, 2, 3]
    assert sum(len(v) for v in three.values()) == 28
    two = new_state(2).observation(0)["stacks"]
    assert two == {
        "vial": [1, 1, 2, 2, 3],
        "star": [1, 2, 2, 2, 3],
        "voodoo_doll": [1, 2, 2, 3, 4],
        "talisman": [2, 3, 3, 4],
        "crystal_chest": [2, 3, 3, 5],
    }


def test_two_player_start_scroll_option() -> None:
    assert new_state(2).observation(0)["scrolls"] == [0, 1]
    off = new_state(2, two_player_start_scroll=False)
    assert off.observation(0)["scrolls"] == [0, 0]
    # with more players the rulebook's scroll is not optional: turning it off is refused
    with pytest.raises(
        OptionError, match="'two_player_start_scroll' of anludim applies only to 2 players"
    ):
        new_state(3, two_player_start_scroll=False)


# --- the main action ---------------------------------------------------------------------


def fortune_teller_example() -> AnludimState:
    """Dimitri (seat 0) holds three 7s; no three of a kind is in play."""
    s = new_state(3)
    sevens = [card(7, "blue"), card(7, "red"), card(7, "green")]
    arrange(s, hands={0: [*sevens, card(2, "blue")]})
    return s


def test_dimitri_calls_the_fortune_teller() -> None:
    s = fortune_teller_example()
    sevens = [half(c, 7) for c in s._hands[0][:3]]
    play_combination(s, THREES, sevens)
    obs = s.observation(0)
    assert obs["teachers"]["fortune_teller"] == 0
    assert obs["items"][0] == [{"kind": "talisman", "value": 1}]  # "Talisman 1"
    assert obs["table"][0][0]["teacher"] == "fortune_teller"
    assert [c["value"] for c in obs["table"][0][0]["cards"]] == [7, 7, 7]
    assert obs["current_player"] == 1


def test_anne_takes_the_arcanist_and_collects_two_items() -> None:
    s = new_state(3)
    fours = [card(4, "blue"), card(4, "red"), card(4, "green")]
    flush = [card(9, "yellow"), card(7, "yellow"), card(3, "yellow")]
    arrange(s, hands={1: flush})
    put(s, 1, THREES, [half(c, 4) for c in fours], teacher=True)
    give_items(s, 1, [("talisman", 1)])
    take_from_stack(s, "talisman", 1)
    ludo = [card(8, "purple"), card(2, "purple")]
    put(s, 2, FLUSH, [half(c, v) for c, v in zip(ludo, (8, 2), strict=True)], teacher=True)
    set_turn(s, 1)
    play_combination(s, FLUSH, [half(c, v) for c, v in zip(flush, (9, 7, 3), strict=True)])
    obs = s.observation(1)
    assert obs["teachers"]["arcanist"] == 1 and obs["teachers"]["fortune_teller"] == 1
    assert sorted((i["kind"], i["value"]) for i in obs["items"][1]) == [
        ("star", 1),
        ("talisman", 1),
        ("talisman", 2),
    ]
    # Ludo's flush stays on the table without its teacher.
    assert obs["table"][2][0]["teacher"] is None


def test_a_tie_does_not_beat_the_strongest_combination() -> None:
    s = new_state(3)
    mine = [card(9, "blue"), card(8, "red")]
    arrange(s, hands={0: mine})
    put(s, 1, STRAIGHT, [half(card(9, "green"), 9), half(card(8, "green"), 8)], teacher=False)
    assert A.PLACE + STRAIGHT not in s.legal_actions()
    # Beating a combination without a teacher is still required (strongest in play).
    s2 = new_state(3)
    arrange(s2, hands={0: [card(9, "blue"), card(8, "red"), card(10, "yellow")]})
    put(s2, 1, STRAIGHT, [half(card(9, "green"), 9), half(card(8, "green"), 8)], teacher=False)
    assert A.PLACE + STRAIGHT in s2.legal_actions()


def test_placing_takes_the_teacher_from_another_player() -> None:
    s = new_state(3)
    arrange(s, hands={0: [card(9, "blue"), card(8, "red"), card(10, "yellow")]})
    put(s, 1, STRAIGHT, [half(card(9, "green"), 9), half(card(8, "green"), 8)], teacher=True)
    play_combination(
        s,
        STRAIGHT,
        [half(card(8, "red"), 8), half(card(9, "blue"), 9), half(card(10, "yellow"), 10)],
    )
    obs = s.observation(0)
    assert obs["teachers"]["alchemist"] == 0
    assert obs["table"][1][0]["teacher"] is None
    assert obs["items"][0] == [{"kind": "vial", "value": 1}]


def test_a_combination_holds_only_the_cards_that_form_it() -> None:
    s = new_state(3)
    arrange(s, hands={0: [card(9, "blue"), card(9, "red"), card(3, "green")]})
    s.apply_action(A.PLACE + PAIRS)
    s.apply_action(A.pick(*half(card(9, "blue"), 9)))
    s.apply_action(A.pick(*half(card(9, "red"), 9)))
    extra = A.pick(*half(card(3, "green"), 3))
    assert extra not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply_action(extra)
    assert A.CONFIRM in s.legal_actions()


def test_pick_order_is_canonical_and_never_strands_the_player() -> None:
    s = new_state(3)
    arrange(s, hands={0: [card(4, "blue"), card(5, "red"), card(6, "green"), card(11, "yellow")]})
    s.apply_action(A.PLACE + STRAIGHT)
    firsts = set(s.legal_actions())
    # Straights are picked upwards: only cards that start a finishable run are offered.
    assert A.pick(*half(card(4, "blue"), 4)) in firsts
    assert A.pick(*half(card(11, "yellow"), 11)) not in firsts
    s.apply_action(A.pick(*half(card(4, "blue"), 4)))
    assert A.CONFIRM not in s.legal_actions()  # a single card is no straight
    s.apply_action(A.pick(*half(card(5, "red"), 5)))
    assert A.CONFIRM in s.legal_actions()
    assert A.pick(*half(card(6, "green"), 6)) in s.legal_actions()


def test_draw_two_hidden_cards() -> None:
    s = new_state(3)
    deck_before = len(s._deck)
    top_two = s._deck[-2:]
    s.apply_action(A.DRAW_TWO)
    assert len(s._deck) == deck_before - 2
    assert set(top_two) <= set(s._hands[0])
    assert s.observation(1)["known_cards"][0] == []  # hidden draws stay hidden


def test_take_a_face_up_card_refills_the_row() -> None:
    s = new_state(3)
    taken = s._face_up[1]
    top = s._deck[-1]
    s.apply_action(A.FACE_UP + 1)
    assert taken in s._hands[0]
    assert s._face_up[1] == top
    assert [c["id"] for c in s.observation(2)["known_cards"][0]] == [taken]


def test_empty_deck_reshuffles_the_discard_pile() -> None:
    s = new_state(3)
    arrange(s, deck=[], face_up=[-1, -1, -1])
    s._discard = [card(1, "blue"), card(2, "blue")]
    assert A.DRAW_TWO in s.legal_actions()
    s.apply_action(A.DRAW_TWO)
    assert s._discard == [] and len(s._hands[0]) >= 2


def test_no_draw_without_cards_and_pass_when_nothing_is_possible() -> None:
    s = new_state(3)
    arrange(s, hands={0: [card(1, "blue")]}, deck=[], face_up=[-1, -1, -1])
    s._discard = []
    s._legal = None
    assert s.legal_actions() == [A.END_TURN]
    assert "pass" in s.action_to_string(A.END_TURN)
    s.apply_action(A.END_TURN)
    assert s.current_player == 1


# --- the optional action -----------------------------------------------------------------


def test_discard_an_item_or_scroll_to_draw_once_per_turn() -> None:
    s = new_state(3)
    give_items(s, 0, [("vial", 2)])
    s._scrolls[0] = 1
    s._legal = None
    legal = s.legal_actions()
    assert A.discard_item(0, 2) in legal and A.DISCARD_SCROLL in legal
    top = s._deck[-1]
    s.apply_action(A.discard_item(0, 2))
    assert top in s._hands[0] and s._items[0] == []
    legal = s.legal_actions()
    assert A.DISCARD_SCROLL not in legal  # once per turn
    assert A.DRAW_TWO in legal  # the main action is still to come


def test_optional_action_after_the_main_action() -> None:
    s = new_state(3)
    s._scrolls[0] = 1
    s._legal = None
    s.apply_action(A.DRAW_TWO)
    assert s.legal_actions() == [A.DISCARD_SCROLL, A.END_TURN]
    s.apply_action(A.DISCARD_SCROLL)
    assert s._scrolls[0] == 0 and len(s._hands[0]) == 11
    assert s.current_player == 1  # nothing left to do: the turn ends


def test_turn_ends_by_itself_when_no_optional_action_remains() -> None:
    s = new_state(3)
    s.apply_action(A.DRAW_TWO)
    assert s.current_player == 1


# --- taking back (base game) -------------------------------------------------------------


def test_take_back_at_the_start_of_the_turn_returns_the_teacher() -> None:
    s = new_state(3)
    pair = [half(card(9, "blue"), 9), half(card(9, "red"), 9)]
    put(s, 0, PAIRS, pair, teacher=True)
    legal = s.legal_actions()
    assert A.TAKE_BACK in legal
    s.apply_action(A.TAKE_BACK)
    assert s.observation(0)["teachers"]["necromancer"] == "board"
    assert {card(9, "blue"), card(9, "red")} <= set(s._hands[0])
    known = {c["id"] for c in s.observation(1)["known_cards"][0]}
    assert known == {card(9, "blue"), card(9, "red")}
    # Taking back is no main action: the player still has one.
    assert A.DRAW_TWO in s.legal_actions()


def test_take_back_only_at_the_start_of_the_turn() -> None:
    s = new_state(3)
    put(s, 0, PAIRS, [half(card(9, "blue"), 9), half(card(9, "red"), 9)], teacher=True)
    s._scrolls[0] = 1
    s._legal = None
    s.apply_action(A.DISCARD_SCROLL)
    assert A.TAKE_BACK not in s.legal_actions()


def test_expert_has_no_take_back() -> None:
    s = new_state(3, variant="expert")
    put(s, 0, PAIRS, [half(card(9, "blue"), 9), half(card(9, "red"), 9)], teacher=True)
    assert A.TAKE_BACK not in s.legal_actions()


# --- end of round ------------------------------------------------------------------------


def test_three_empty_stacks_end_the_round_highest_total_wins() -> None:
    s = new_state(3)
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    take_from_stack(s, "voodoo_doll", 5)  # one doll left
    put(s, 0, PAIRS, [half(card(9, "blue"), 9), half(card(9, "red"), 9)], teacher=True)
    give_items(s, 1, [("vial", 3), ("star", 3)])
    s._scrolls = [0, 0, 1]
    draw_and_end(s)  # seat 0 ends the turn and collects the last doll
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "three_stacks_empty"
    assert result["totals"] == [4, 6, 1]
    assert result["winner"] == 1 and result["trigger"] == 0
    assert result["second"] == 0 and result["third"] == 2


def round_ended_by(
    trigger: int, items: dict[int, list[tuple[str, int]]], players: int, **options: str
) -> dict:
    """`trigger` collects the last talisman (a 4), emptying the third stack."""
    s = new_state(players, **options)
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    take_from_stack(s, "talisman", 4)
    put(s, trigger, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")], True)
    s._scrolls = [0] * players
    for seat, held in items.items():
        give_items(s, seat, held)
    set_turn(s, trigger)
    draw_and_end(s)
    return s.observation(0)["round_results"][-1]


@pytest.mark.parametrize(("tie_order", "winner"), [("after_trigger", 1), ("from_trigger", 0)])
def test_tie_goes_to_the_player_closest_to_the_trigger(tie_order: str, winner: int) -> None:
    # All three total 4; the trigger (seat 0) comes last, or first with "from_trigger".
    held = {1: [("crystal_chest", 2), ("vial", 2)], 2: [("crystal_chest", 3), ("vial", 1)]}
    result = round_ended_by(0, held, 3, tie_order=tie_order)
    assert result["totals"] == [4, 4, 4]
    assert result["winner"] == winner


def test_second_and_third_places_break_ties_in_turn_order() -> None:
    result = round_ended_by(1, {0: [("vial", 1)], 2: [("vial", 1)]}, 4)
    assert result["totals"] == [1, 4, 1, 0]
    # From the player after the trigger: 2, 3, 0, so seat 2 is second and seat 0 third.
    assert (result["winner"], result["second"], result["third"]) == (1, 2, 0)


def test_second_and_third_places_count_magic_items_not_scrolls() -> None:
    """Award: "2nd: Among the other players, the player with the highest cumulative
    value of magic items": seat 2's scrolls lift its total above seat 0's, not its place."""
    s = new_state(3)
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    take_from_stack(s, "talisman", 4)
    put(s, 1, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")], True)
    give_items(s, 0, [("vial", 3)])
    give_items(s, 1, [("vial", 1)])
    give_items(s, 2, [("vial", 2)])
    s._scrolls = [0, 0, 2]
    set_turn(s, 1)
    draw_and_end(s)
    result = s.observation(0)["round_results"][-1]
    assert result["totals"] == [3, 5, 4]
    assert (result["winner"], result["second"], result["third"]) == (1, 0, 2)
    assert s.observation(0)["scrolls"] == [2, 0, 1]


def test_five_different_items_win_the_round_at_once() -> None:
    s = new_state(3)
    give_items(s, 0, [("vial", 1), ("star", 1), ("voodoo_doll", 1), ("talisman", 1)])
    give_items(s, 1, [("crystal_chest", 5), ("talisman", 4), ("star", 3)])
    arrange(
        s,
        hands={
            0: [
                card(c_v, c)
                for c, c_v in zip(("blue", "red", "green", "yellow"), (6, 6, 6, 6), strict=True)
            ]
        },
    )
    play_combination(s, GATHERING, [half(c, 6) for c in s._hands[0][:4]])
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "five_kinds" and result["winner"] == 0
    assert s.observation(0)["coats"][0] == "gold"


def test_a_teacher_over_an_empty_stack_counts_as_its_item() -> None:
    s = new_state(3)
    take_from_stack(s, "crystal_chest", 99)
    put(s, 0, GATHERING, [half(card(6, c), 6) for c in ("blue", "red", "green", "yellow")], True)
    give_items(s, 0, [("vial", 1), ("star", 1), ("voodoo_doll", 1)])
    arrange(s, hands={0: [card(4, "blue"), card(4, "red"), card(4, "green")]})
    play_combination(s, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")])
    assert s.observation(0)["round_results"][-1]["reason"] == "five_kinds"


def test_a_scroll_does_not_replace_an_item() -> None:
    s = new_state(3)
    s._scrolls[0] = 1
    give_items(s, 0, [("vial", 1), ("star", 1), ("voodoo_doll", 1)])
    arrange(s, hands={0: [card(4, "blue"), card(4, "red"), card(4, "green")]})
    play_combination(s, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")])
    assert s.observation(0)["round_results"] == []


def test_both_conditions_at_once_the_five_kinds_win_stands() -> None:
    s = new_state(3)
    take_from_stack(s, "vial", 99)
    take_from_stack(s, "star", 99)
    take_from_stack(s, "talisman", 4)  # last talisman left
    give_items(s, 0, [("vial", 1), ("star", 1), ("voodoo_doll", 1), ("crystal_chest", 1)])
    give_items(s, 1, [("crystal_chest", 5), ("vial", 3), ("star", 3)])
    arrange(s, hands={0: [card(4, "blue"), card(4, "red"), card(4, "green")]})
    play_combination(s, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")])
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "five_kinds" and result["winner"] == 0


# --- awards, coats, new round ------------------------------------------------------------


def end_round_with_winner(s: AnludimState, winner: int) -> None:
    """Let `winner` take the last voodoo doll as the third empty stack, holding the most."""
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    s._stack_pos[2] = len(s.game.stacks[2]) - 1
    s._items = [[] for _ in s._hands]
    put(s, winner, PAIRS, [half(card(9, "blue"), 9), half(card(9, "red"), 9)], teacher=True)
    s._scrolls = [0] * len(s._hands)
    others = [seat for seat in range(len(s._hands)) if seat != winner]
    for count, seat in zip((3, 2, 1, 0), others, strict=False):
        give_items(s, seat, [("star", 1)] * count)
    set_turn(s, winner)
    draw_and_end(s)


def test_award_gold_coat_scrolls_and_keeping() -> None:
    s = new_state(4)
    end_round_with_winner(s, 1)
    obs = s.observation(0)
    assert obs["coats"] == ["silver", "gold", "silver", "silver"]
    assert obs["rounds_won"] == [0, 1, 0, 0]
    # 2nd: seat 0 (3 stars), 3rd: seat 2 (2 stars); seat 3 has 1.
    assert obs["scrolls"] == [2, 0, 1, 0]
    assert obs["phase"] == "keeping"
    assert obs["keeping"]["seat"] == 2  # the player after the trigger chooses first
    assert obs["items"] == [[], [], [], []]
    assert set(obs["teachers"].values()) == {"board"}
    # Silver keeps up to 3, gold up to 2.
    seen_limits = {}
    while s.observation(0)["phase"] == "keeping":
        seat = s.current_player
        seen_limits[seat] = s.observation(seat)["keeping"]["limit"]
        s.apply_action(s.legal_actions()[0])  # keep the lowest-id card ...
        if s.current_player == seat and s.observation(seat)["phase"] == "keeping":
            s.apply_action(A.KEEP_DONE)  # ... and discard the rest
    assert seen_limits == {2: 3, 3: 3, 0: 3, 1: 2}
    obs = s.observation(0)
    assert obs["round"] == 2
    assert obs["hand_sizes"] == [8, 7, 8, 8]
    assert obs["current_player"] == 2  # the player after the one who ended the round
    assert sum(c is not None for c in obs["face_up"]) == 3
    assert obs["table"] == [[], [], [], []]
    assert obs["stacks"]["vial"] == [1, 1, 1, 1, 2, 2, 3]


def test_keep_limit_ends_the_choice_by_itself() -> None:
    s = new_state(3)
    end_round_with_winner(s, 0)
    seat = s.current_player
    hand = list(s._hands[seat])
    for c in sorted(hand)[:3]:
        s.apply_action(A.KEEP + c)
    assert s.current_player != seat
    assert sorted(s._hands[seat]) == sorted(hand)[:3]


def test_second_round_win_with_gold_coat_wins_the_game() -> None:
    s = new_state(3)
    end_round_with_winner(s, 2)
    while s.observation(0)["phase"] == "keeping":
        s.apply_action(A.KEEP_DONE)
    assert s.observation(0)["hand_sizes"] == [8, 8, 7]
    end_round_with_winner(s, 2)
    assert s.is_terminal() and s.current_player == TERMINAL
    assert s.returns() == [0.0, 0.0, 1.0]
    assert s.scores() == [0.0, 0.0, 2.0]
    assert s.legal_actions() == []
    assert s.observation(1)["winner"] == 2


def test_two_players_get_no_scrolls_between_rounds() -> None:
    s = new_state(2)
    end_round_with_winner(s, 0)
    assert s.observation(0)["scrolls"] == [0, 0]


def test_keeping_is_hidden_from_other_seats() -> None:
    s = new_state(3)
    end_round_with_winner(s, 0)
    chooser = s.current_player
    s.apply_action(A.KEEP + s._hands[chooser][0])
    other = (chooser + 1) % 3
    assert "kept" not in s.observation(other)["keeping"]
    assert len(s.observation(chooser)["keeping"]["kept"]) == 1
    assert s.public_action_string(A.KEEP + 5) == "keeps a card"


# --- expert variant ----------------------------------------------------------------------


def expert_anne() -> tuple[AnludimState, int, int]:
    """The rulebook's expert example: Anne (seat 1) holds the Necromancer on a pair of 11s
    made of the 9/11 and 11/8 cards, and two 9s in hand; Dimitri (seat 0) holds the
    Fortune teller with three 7s."""
    s = new_state(3, variant="expert")
    nine_eleven = card(9, "purple", (11, "blue"))
    eleven_eight = card(11, "red", (8, "blue"))
    nines = [card(9, "blue"), card(9, "red")]
    arrange(s, hands={1: nines})
    put(s, 1, PAIRS, [half(nine_eleven, 11), half(eleven_eight, 11)], teacher=True)
    put(s, 0, THREES, [half(card(7, c), 7) for c in ("blue", "red", "green")], teacher=True)
    take_from_stack(s, "talisman", 1)
    set_turn(s, 1)
    return s, nine_eleven, eleven_eight


def test_expert_example_reassigns_a_card_to_a_higher_combination() -> None:
    s, nine_eleven, eleven_eight = expert_anne()
    play_combination(
        s, THREES, [half(nine_eleven, 9), half(card(9, "blue"), 9), half(card(9, "red"), 9)]
    )
    obs = s.observation(1)
    assert eleven_eight in [c["id"] for c in obs["discard"]]  # discarded at once
    assert obs["teachers"]["necromancer"] == "board"
    assert obs["teachers"]["fortune_teller"] == 1
    assert [d["discipline"] for d in obs["table"][1]] == ["three_of_a_kind"]
    assert obs["items"][1] == [{"kind": "talisman", "value": 2}]
    assert obs["table"][0][0]["teacher"] is None


def test_expert_cards_never_move_down_the_hierarchy() -> None:
    s, nine_eleven, eleven_eight = expert_anne()
    s._hands[1].append(card(10, "green"))
    s._legal = None
    # 8-9-10-11 would need the pair's cards, but a straight is lower than pairs.
    s.apply_action(A.PLACE + STRAIGHT)
    assert A.pick(*half(eleven_eight, 8)) not in s.legal_actions()
    s.apply_action(A.pick(*half(card(9, "blue"), 9)))
    s.apply_action(A.pick(*half(card(10, "green"), 10)))
    assert A.pick(*half(nine_eleven, 11)) not in s.legal_actions()
    assert s.legal_actions() == [A.CONFIRM]
    # Into a higher combination they may go.
    s2, nine_eleven, _ = expert_anne()
    s2.apply_action(A.PLACE + THREES)
    s2.apply_action(A.pick(*half(card(9, "blue"), 9)))
    s2.apply_action(A.pick(*half(card(9, "red"), 9)))
    assert A.pick(*half(nine_eleven, 9)) in s2.legal_actions()


def own_pair_of_nines(hand: list[int]) -> tuple[AnludimState, int, int]:
    """Expert: seat 1 holds the Necromancer on a pair of 9s, one of them the 9/11 card."""
    s = new_state(3, variant="expert")
    nine_eleven = card(9, "purple", (11, "blue"))
    nine = card(9, "blue")
    arrange(s, hands={1: hand})
    put(s, 1, PAIRS, [half(nine_eleven, 9), half(nine, 9)], teacher=True)
    set_turn(s, 1)
    return s, nine_eleven, nine


def test_expert_own_combination_of_the_same_discipline_is_taken_whole_or_left() -> None:
    """Cards move only up the hierarchy: a pair's card cannot go into another pair on its
    own (the 9/11 as an 11 beside an 11 from hand), only the pair whole, as it lies."""
    eleven, other_eleven = card(11, "red"), card(11, "green")
    s, _, _ = own_pair_of_nines([eleven])
    assert A.PLACE + PAIRS not in s.legal_actions()

    s, nine_eleven, nine = own_pair_of_nines([eleven, other_eleven])
    s.apply_action(A.PLACE + PAIRS)
    assert A.pick(*half(nine_eleven, 11)) not in s.legal_actions()
    s.apply_action(A.pick(*half(eleven, 11)))
    s.apply_action(A.pick(*half(other_eleven, 11)))
    assert A.CONFIRM in s.legal_actions()  # the 11s alone beat the 9s
    s.apply_action(A.pick(*half(nine, 9)))  # blue before purple: the canonical order
    assert s.legal_actions() == [A.pick(*half(nine_eleven, 9))]  # no half-absorbed pair
    s.apply_action(A.pick(*half(nine_eleven, 9)))
    discard = len(s.observation(1)["discard"])
    s.apply_action(A.CONFIRM)
    obs = s.observation(1)
    assert [len(combo["cards"]) for combo in obs["table"][1]] == [4]  # two pairs
    assert len(obs["discard"]) == discard  # the 9s were absorbed, none discarded


def test_expert_played_cards_never_return_to_hand() -> None:
    s, _, _ = expert_anne()
    assert not any(A.TAKE_BACK <= a < A.DISCARD_ITEM for a in s.legal_actions())


# --- bad input ---------------------------------------------------------------------------


def test_illegal_actions_explain_and_change_nothing() -> None:
    s = new_state(3)
    before = s.observation(0), s.history(), s.legal_actions()
    for bad in (A.CONFIRM, A.KEEP_DONE, -1, A.NUM_ACTIONS, True):
        with pytest.raises(IllegalActionError) as info:
            s.apply_action(bad)
        assert str(info.value)
    assert (s.observation(0), s.history(), s.legal_actions()) == before


# --- every game ends ---------------------------------------------------------------------


def test_no_pass_while_taking_back_would_let_her_place() -> None:
    """A main action is a must: with nothing to draw or take, a player whose own
    straight could go down again once taken back takes it back rather than pass."""
    s = new_state(3, 1)
    five, six, lone = card(5, "blue"), card(6, "red"), card(1, "green")
    arrange(s, hands={0: [five, six, lone], 1: [], 2: []}, face_up=[-1, -1, -1], deck=[])
    s._discard = []
    put(s, 0, STRAIGHT, [half(five, 5), half(six, 6)], teacher=False)
    set_turn(s, 0)
    assert s.legal_actions() == [A.TAKE_BACK]
    s.apply_action(A.TAKE_BACK)
    assert A.PLACE + STRAIGHT in s.legal_actions() and A.END_TURN not in s.legal_actions()
    # When nothing she holds, taken back or not, beats the table, she passes.
    five, six = card(5, "red", (2, "blue")), card(6, "yellow", (12, "purple"))
    s = new_state(3, 1)
    arrange(s, hands={0: [five, six], 1: [], 2: []}, face_up=[-1, -1, -1], deck=[])
    s._discard = []
    put(s, 0, STRAIGHT, [half(five, 5), half(six, 6)], teacher=False)
    seven, eight = card(7, "green"), card(8, "yellow")
    put(s, 1, STRAIGHT, [half(seven, 7), half(eight, 8)], teacher=True)
    set_turn(s, 0)
    assert s.legal_actions() == [A.TAKE_BACK, A.END_TURN]


def test_no_pass_when_her_own_combination_would_go_down_again() -> None:
    """Her own combination leaves the table when taken back, so it does not raise the
    bar for laying it down again: with the Alchemist back on the board (the straight
    that held it was taken back), she may not pass but must take back and call it."""
    s = new_state(3, 1)
    five, six = card(5, "blue", (8, "red")), card(6, "green", (11, "yellow"))
    arrange(s, hands={0: [], 1: [], 2: []}, face_up=[-1, -1, -1], deck=[])
    s._discard = []
    put(s, 0, STRAIGHT, [half(five, 5), half(six, 6)], teacher=False)
    set_turn(s, 0)
    assert s.legal_actions() == [A.TAKE_BACK]
    s.apply_action(A.TAKE_BACK)
    assert s.legal_actions() == [A.PLACE + STRAIGHT]


def test_a_round_without_possible_progress_ends() -> None:
    s = new_state(3)
    arrange(
        s,
        hands={0: [card(1, "blue")], 1: [card(3, "red")], 2: [card(5, "green")]},
        deck=[],
        face_up=[-1, -1, -1],
    )
    s._discard = []
    s._legal = None
    s.apply_action(A.END_TURN)
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "no_progress"


def test_a_round_goes_on_while_cards_can_still_be_drawn() -> None:
    """The no-progress end needs "no player can place or draw" (rulings): with the
    face-up row empty but the deck still holding cards, the round goes on."""
    s = new_state(2)
    # two cards that form nothing together (values 1, 4, 7, 12; four colours)
    lone = [card(1, "blue", (4, "red")), card(7, "green", (12, "yellow"))]
    rest = [card(10, "purple"), card(13, "blue"), card(3, "red")]
    arrange(s, hands={0: [], 1: []}, face_up=[-1, -1, -1], deck=rest + lone)
    draw_and_end(s)
    assert sorted(s._hands[0]) == sorted(lone)
    assert s.observation(0)["round_results"] == []
    assert s.current_player == 1 and A.DRAW_TWO in s.legal_actions()


def test_a_placement_only_for_an_emptied_stack_does_not_keep_the_round_going() -> None:
    """Base game: a straight that could only call the Alchemist over an empty stack of
    Vials collects nothing, so with nothing to draw and nothing else to place the
    round ends without progress (docs/games/anludim.md, "Round without progress")."""
    s = new_state(3)
    take_from_stack(s, "vial", 99)
    take_from_stack(s, "star", 99)
    five, six = card(5, "blue", (8, "red")), card(6, "green", (11, "yellow"))
    arrange(s, hands={0: [five, six], 1: [], 2: []}, face_up=[-1, -1, -1], deck=[])
    s._discard = []
    set_turn(s, 1)
    assert s.legal_actions() == [A.END_TURN]
    s.apply_action(A.END_TURN)
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "no_progress" and result["trigger"] == 1


def test_an_empty_stack_gives_nothing() -> None:
    s = new_state(3)
    take_from_stack(s, "vial", 99)
    put(s, 0, STRAIGHT, [half(card(9, "green"), 9), half(card(8, "green"), 8)], teacher=True)
    draw_and_end(s)
    assert s.observation(0)["items"][0] == []
    assert s.observation(0)["teachers"]["alchemist"] == 0


def test_bad_seat_is_a_meeple_error() -> None:
    from meeple.errors import MeepleError

    s = new_state(3)
    for bad in (-1, 3, "0", None):
        with pytest.raises(MeepleError):
            s.observation(bad)  # type: ignore[arg-type]
        with pytest.raises(MeepleError):
            s.resample(bad, 1)  # type: ignore[arg-type]
