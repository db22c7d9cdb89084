"""Anludim rule audit: rulebook passages and rulings that test_rules.py leaves unpinned.

Each test names the passage of shared/rules/anludim.txt (or of the rulings) it checks.
"""

from __future__ import annotations

from meeple.games.anludim import actions as A
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


def main_actions(s: AnludimState) -> set[int]:
    return {a for a in s.legal_actions() if A.PLACE <= a < A.CONFIRM}


def item_list(s: AnludimState, seat: int) -> list[tuple[str, int]]:
    return sorted((i["kind"], i["value"]) for i in s.observation(seat)["items"][seat])


# --- A. Main action ------------------------------------------------------------------------


def test_a_main_action_is_compulsory() -> None:
    """Game Round: "a player must perform 1 main action (A)". Ending the turn is offered
    only when no main action is possible, also after the optional action."""
    s = new_state(3)
    assert A.END_TURN not in s.legal_actions()
    s._scrolls[0] = 1
    s._legal = None
    s.apply_action(A.DISCARD_SCROLL)
    assert s.current_player == 0
    assert A.END_TURN not in s.legal_actions()
    assert A.DRAW_TWO in s.legal_actions()


def test_a_combination_calls_only_the_teacher_of_its_declared_discipline() -> None:
    """Main Action: the combination must be "the strongest in play in the discipline of
    one of the teachers", and "Each combination ... can only be associated with one
    teacher's pawn": blue 5-6 is a straight and a flush, but it beats only the straights."""
    s = new_state(3)
    five, six = card(5, "blue"), card(6, "blue")
    arrange(s, hands={0: [five, six]})
    greens = [card(v, "green") for v in (2, 3, 4)]
    put(s, 1, FLUSH, [half(c, v) for c, v in zip(greens, (2, 3, 4), strict=True)], teacher=False)
    assert main_actions(s) >= {A.PLACE + STRAIGHT}
    assert A.PLACE + FLUSH not in main_actions(s)
    play_combination(s, STRAIGHT, [half(five, 5), half(six, 6)])
    teachers = s.observation(0)["teachers"]
    assert teachers["alchemist"] == 0 and teachers["arcanist"] == "board"
    assert item_list(s, 0) == [("vial", 1)]


def test_only_one_combination_and_one_teacher_per_turn() -> None:
    """Main Action: "Only 1 teacher's pawn can be retrieved per turn." After placing,
    the hand still holds a pair, but only the optional action or the end remain."""
    s = new_state(3)
    sevens = [card(7, c) for c in ("blue", "red", "green")]
    nines = [card(9, "blue"), card(9, "red")]
    arrange(s, hands={0: sevens + nines})
    s._scrolls[0] = 1
    s._legal = None
    play_combination(s, THREES, [half(c, 7) for c in sevens], end_turn=False)
    assert s.legal_actions() == [A.DISCARD_SCROLL, A.END_TURN]
    s.apply_action(A.END_TURN)
    obs = s.observation(0)
    assert [t for t, seat in obs["teachers"].items() if seat == 0] == ["fortune_teller"]
    assert item_list(s, 0) == [("talisman", 1)]


def test_take_back_several_combinations_in_one_turn() -> None:
    """Main Action: "take over all the cards of one or more combinations ... If teachers
    were assigned to these combinations, they are placed back on the central board."
    Taking back is not the main action: one still follows."""
    s = new_state(3)
    pair = [half(card(9, "blue"), 9), half(card(9, "red"), 9)]
    run = [half(card(8, "green"), 8), half(card(9, "green"), 9)]
    put(s, 0, PAIRS, pair, teacher=True)
    put(s, 0, STRAIGHT, run, teacher=True)
    hand_before = len(s._hands[0])
    s.apply_action(A.TAKE_BACK)
    assert A.TAKE_BACK in s.legal_actions()  # the other combination, now number 0
    s.apply_action(A.TAKE_BACK)
    obs = s.observation(0)
    assert obs["table"][0] == []
    assert obs["teachers"]["necromancer"] == obs["teachers"]["alchemist"] == "board"
    assert len(s._hands[0]) == hand_before + 4
    assert A.DRAW_TWO in s.legal_actions() and s.current_player == 0


def test_your_own_combination_counts_as_strongest_in_play() -> None:
    """Main Action: the new combination "must be the strongest in play" (docs: your own
    combinations count). Taking your own back lifts the bar it set."""
    s = new_state(3)
    run = [card(v, "green") for v in (2, 3, 4)]
    put(s, 0, STRAIGHT, [half(c, v) for c, v in zip(run, (2, 3, 4), strict=True)], True)
    twelve, thirteen = card(12, "blue"), card(13, "blue")
    arrange(s, hands={0: [twelve, thirteen]})
    assert A.PLACE + STRAIGHT not in s.legal_actions()  # 12-13 loses to 2-3-4
    s.apply_action(A.TAKE_BACK)
    assert A.PLACE + STRAIGHT in s.legal_actions()
    play_combination(s, STRAIGHT, [half(twelve, 12), half(thirteen, 13)])
    assert s.observation(0)["teachers"]["alchemist"] == 0


# --- Drawing -------------------------------------------------------------------------------


def test_face_up_card_is_replaced_from_the_reshuffled_discard_or_left_empty() -> None:
    """Draw: "This card is immediately replaced by a new card from the deck" (rulings:
    an empty deck is the shuffled discard pile; docs: with no card at all the slot
    stays empty and cannot be taken)."""
    s = new_state(3)
    row = [card(1, "blue"), card(2, "blue"), card(3, "blue")]
    arrange(s, face_up=row, deck=[])
    spare = card(4, "blue")
    s._discard = [spare]
    s._hands = [[h for h in hand if h != spare] for hand in s._hands]
    s._legal = None
    s.apply_action(A.FACE_UP + 0)
    assert row[0] in s._hands[0]
    assert s._face_up[0] == spare and s._discard == []
    set_turn(s, 1)
    s.apply_action(A.FACE_UP + 0)
    assert s._face_up[0] == -1
    set_turn(s, 2)
    assert A.FACE_UP + 0 not in s.legal_actions()
    assert {A.FACE_UP + 1, A.FACE_UP + 2} <= set(s.legal_actions())


def test_draw_two_with_one_card_left_draws_it() -> None:
    """Draw: "Draw 2 hidden cards" (docs: with only one card left it draws that one)."""
    s = new_state(3)
    last = card(4, "blue")
    arrange(s, deck=[last], face_up=[-1, -1, -1])
    s._discard = []
    s._legal = None
    before = len(s._hands[0])
    assert A.DRAW_TWO in s.legal_actions()
    s.apply_action(A.DRAW_TWO)
    assert len(s._hands[0]) == before + 1 and last in s._hands[0]
    assert s.current_player == 1


# --- B. Optional action --------------------------------------------------------------------


def test_optional_action_needs_a_card_to_draw() -> None:
    """Optional Action: "Discard 1 magic item ... or 1 scroll to draw a hidden apprentice
    card from the deck": with no card to draw, nothing may be discarded for it."""
    s = new_state(3)
    arrange(s, deck=[], face_up=[card(1, "blue"), -1, -1])
    s._discard = []
    give_items(s, 0, [("vial", 2)])
    s._scrolls[0] = 1
    s._legal = None
    legal = s.legal_actions()
    assert A.discard_item(0, 2) not in legal and A.DISCARD_SCROLL not in legal
    assert A.FACE_UP + 0 in legal


# --- C. End of a player's turn -------------------------------------------------------------


def test_a_player_who_passes_still_collects_her_items() -> None:
    """End of a Player's Turn: "Collect the magic item ... for each teacher present in
    front of the player" (rulings: a player who can do nothing passes her main action,
    and the end of her turn still happens)."""
    s = new_state(3)
    arrange(s, hands={0: [card(1, "blue")]}, deck=[], face_up=[-1, -1, -1])
    s._discard = []
    put(s, 0, STRAIGHT, [half(card(8, "green"), 8), half(card(9, "green"), 9)], teacher=True)
    # a four-card flush in front of seat 1: her straight's cards, taken back, make none
    # better, so no teacher she lacks is in reach and passing is all she may do
    put(s, 1, FLUSH, [half(card(v, "yellow"), v) for v in (10, 11, 12, 13)], teacher=True)
    assert s.legal_actions() == [A.TAKE_BACK, A.END_TURN]  # no main action
    s.apply_action(A.END_TURN)
    assert item_list(s, 0) == [("vial", 1)]
    assert s.observation(0)["round_results"] == []


def test_a_teacher_taken_away_no_longer_pays_its_old_holder() -> None:
    """End of a Player's Turn: items come only for teachers "present in front of the
    player at the end of her turn"; a beaten combination keeps no teacher."""
    s = new_state(3)
    mine = [card(8, "red"), card(9, "blue"), card(10, "yellow")]
    arrange(s, hands={0: mine})
    put(s, 1, STRAIGHT, [half(card(8, "green"), 8), half(card(9, "green"), 9)], teacher=True)
    play_combination(s, STRAIGHT, [half(c, v) for c, v in zip(mine, (8, 9, 10), strict=True)])
    assert s.current_player == 1
    draw_and_end(s)
    assert item_list(s, 1) == []
    assert item_list(s, 0) == [("vial", 1)]


# --- End of round --------------------------------------------------------------------------


def test_scrolls_count_a_point_each_in_the_round_total() -> None:
    """End of Round: the highest cumulative value "of her magic items (and scrolls)"
    wins; Material: "3 scrolls, each worth 1 point"."""
    s = new_state(3)
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    take_from_stack(s, "talisman", 4)  # the 4 is left
    put(s, 0, THREES, [half(card(4, c), 4) for c in ("blue", "red", "green")], True)
    give_items(s, 1, [("crystal_chest", 5)])
    give_items(s, 2, [("crystal_chest", 3), ("vial", 1)])
    s._scrolls = [0, 0, 2]
    draw_and_end(s)
    result = s.observation(0)["round_results"][-1]
    assert result["reason"] == "three_stacks_empty"
    assert result["totals"] == [4, 5, 6]
    assert result["winner"] == 2


def test_a_teacher_on_the_board_does_not_stand_in_for_an_item() -> None:
    """End of Round, notes: "The teacher token can replace a magic item (if the stack
    ... is empty)": only a teacher in front of the player; an empty stack alone is not
    one of her five kinds."""
    s = new_state(3)
    take_from_stack(s, "crystal_chest", 99)
    give_items(s, 0, [("vial", 1), ("star", 1), ("voodoo_doll", 1), ("talisman", 1)])
    draw_and_end(s)
    assert s.observation(0)["round_results"] == []
    assert s.current_player == 1


def finish_round(s: AnludimState, winner: int) -> None:
    """`winner` takes the last voodoo doll (a 4) as the third emptied stack and holds the
    most; every other seat holds fewer stars the later it comes. Scrolls are left as
    they are and must not decide the round."""
    n = len(s._hands)
    for kind in ("vial", "star"):
        take_from_stack(s, kind, 99)
    s._stack_pos[2] = len(s.game.stacks[2]) - 1
    s._items = [[] for _ in range(n)]
    put(s, winner, PAIRS, [half(card(9, "blue"), 9), half(card(9, "red"), 9)], teacher=True)
    give_items(s, winner, [("talisman", 4)])
    others = [seat for seat in range(n) if seat != winner]
    for count, seat in zip((3, 2, 1, 0), others, strict=False):
        give_items(s, seat, [("star", 1)] * count)
    set_turn(s, winner)
    draw_and_end(s)


def keep_nothing(s: AnludimState) -> None:
    while s.observation(0)["phase"] == "keeping":
        s.apply_action(A.KEEP_DONE)


# --- Award, new round, endgame -------------------------------------------------------------


def test_all_scrolls_are_gathered_and_handed_out_again() -> None:
    """Award: "The scrolls are put together and are given to the 2nd and 3rd players":
    a scroll spent during the round comes back; 2nd gets 2 and 3rd gets 1."""
    s = new_state(3)
    assert s._scrolls == [0, 0, 1]
    set_turn(s, 2)
    s.apply_action(A.DISCARD_SCROLL)
    s.apply_action(A.DRAW_TWO)
    assert s._scrolls == [0, 0, 0]
    finish_round(s, 1)
    result = s.observation(0)["round_results"][-1]
    assert (result["winner"], result["second"], result["third"]) == (1, 0, 2)
    assert s.observation(0)["scrolls"] == [2, 0, 1]


def test_new_first_player_follows_the_trigger_around_the_table() -> None:
    """New Round: "The new first player is the player who follows (in the direction of
    the turn) the one who triggered the end of the round": after the last seat, seat 0."""
    s = new_state(3)
    finish_round(s, 2)
    assert s.observation(0)["round_results"][-1]["trigger"] == 2
    assert s.current_player == 0  # she chooses her kept cards first
    keep_nothing(s)
    obs = s.observation(0)
    assert obs["round"] == 2 and obs["current_player"] == 0
    assert obs["hand_sizes"] == [8, 8, 7]


def test_the_game_goes_on_until_a_gold_coat_wins_again() -> None:
    """Award: "If her coat of arms is already on the gold side, she wins the game. If no
    one has won the game, a new round is played." A silver winner of round 2 only turns
    gold; the game ends when a gold coat wins."""
    s = new_state(3)
    finish_round(s, 0)
    keep_nothing(s)
    finish_round(s, 1)
    assert not s.is_terminal()
    obs = s.observation(0)
    assert obs["coats"] == ["gold", "gold", "silver"]
    assert obs["rounds_won"] == [1, 1, 0]
    keep_nothing(s)
    assert s.observation(0)["round"] == 3
    assert s.observation(0)["hand_sizes"] == [7, 7, 8]
    finish_round(s, 1)
    assert s.is_terminal()
    assert s.returns() == [0.0, 1.0, 0.0]


# --- Expert variant ------------------------------------------------------------------------


def test_expert_cards_from_two_combinations_move_up_and_both_dissolve() -> None:
    """Expert Variant 3: played cards "can be assigned all or in part to another
    combination ... higher in the combination hierarchy. The remaining unassigned cards
    are discarded immediately." Two lower combinations each give one card to a three of
    a kind; their other cards are discarded and their teachers go back to the board."""
    s = new_state(3, variant="expert")
    four_seven, five = card(4, "blue", (7, "red")), card(5, "blue")
    three_seven, red_four = card(3, "red", (7, "green")), card(4, "red")
    yellow_seven = card(7, "yellow")
    arrange(s, hands={0: [yellow_seven]})
    put(s, 0, STRAIGHT, [half(four_seven, 4), half(five, 5)], teacher=True)
    put(s, 0, FLUSH, [half(red_four, 4), half(three_seven, 3)], teacher=True)
    play_combination(s, THREES, [half(four_seven, 7), half(three_seven, 7), half(yellow_seven, 7)])
    obs = s.observation(0)
    assert [d["discipline"] for d in obs["table"][0]] == ["three_of_a_kind"]
    assert {c["id"] for c in obs["discard"]} >= {five, red_four}
    assert obs["teachers"]["alchemist"] == obs["teachers"]["arcanist"] == "board"
    assert obs["teachers"]["fortune_teller"] == 0
    assert item_list(s, 0) == [("talisman", 1)]


# --- Every game ends (rulings: a round without progress) -----------------------------------


def test_base_no_progress_counts_a_combination_its_owner_can_take_back() -> None:
    """Rulings, Turn: the round ends without progress only if "no player can place or
    draw"; in the base game a player may take her combination back and place it again,
    calling the teacher of a stack that still holds items."""
    s = new_state(3)
    arrange(s, hands={0: [card(1, "blue")], 1: [], 2: []}, deck=[], face_up=[-1, -1, -1])
    s._discard = []
    blues = [card(9, "blue", (7, "purple")), card(3, "blue", (1, "purple"))]
    put(s, 1, FLUSH, [half(c, v) for c, v in zip(blues, (9, 3), strict=True)], teacher=False)
    s.apply_action(A.END_TURN)  # seat 0 can do nothing
    assert s.observation(0)["round_results"] == []
    assert s.current_player == 1
    assert A.PLACE + FLUSH not in s.legal_actions()  # her own flush is as strong
    s.apply_action(A.TAKE_BACK)
    play_combination(s, FLUSH, [half(c, v) for c, v in zip(blues, (9, 3), strict=True)])
    assert item_list(s, 1) == [("star", 1)]


def expert_blocked_straight() -> AnludimState:
    """Expert, no card to draw, the voodoo and crystal stacks empty, every teacher on the
    board. Seat 0's straight 5-6 is the best; seat 1 holds a straight 1-2 that loses to
    it; seat 2 can do nothing. Seat 0 can place only for emptied stacks, but a gathering
    of 2s would take the 2 half of her 5 card and dissolve her straight."""
    s = new_state(3, variant="expert")
    two_five, three_six = card(2, "blue", (5, "red")), card(3, "blue", (6, "red"))
    twos = [card(2, "red", (6, "green")), card(2, "yellow", (8, "purple"))]
    twos.append(card(2, "yellow", (10, "green")))
    one, two = card(1, "blue", (4, "red")), card(2, "purple", (9, "yellow"))
    arrange(s, hands={0: twos, 1: [one, two], 2: []}, deck=[], face_up=[-1, -1, -1])
    s._discard = []
    put(s, 0, STRAIGHT, [half(two_five, 5), half(three_six, 6)], teacher=False)
    flush = [card(v, "purple", (v - 6, "yellow")) for v in (9, 10, 11, 12, 13)]
    put(s, 2, FLUSH, [half(c, v) for c, v in zip(flush, (9, 10, 11, 12, 13), strict=True)], False)
    put(s, 2, THREES, [half(card(8, c), 8) for c in ("blue", "red", "green")], teacher=False)
    take_from_stack(s, "voodoo_doll", 99)
    take_from_stack(s, "crystal_chest", 99)
    set_turn(s, 2)
    return s


def test_expert_no_progress_counts_a_placement_that_frees_an_open_discipline() -> None:
    """Rulings, Turn: the round ends without progress only when "no player can place or
    draw". In the expert game a combination for an emptied stack can absorb the best
    straight, and then another player calls the Alchemist and collects a vial: the
    round must go on. (A defect: only the open disciplines were counted.)"""
    s = expert_blocked_straight()
    assert s.legal_actions() == [A.END_TURN]
    s.apply_action(A.END_TURN)
    assert s.observation(0)["round_results"] == []
    assert s.current_player == 0
    assert main_actions(s) == {A.PLACE + PAIRS, A.PLACE + GATHERING}
    two_five = card(2, "blue", (5, "red"))
    twos = list(s._hands[0])
    play_combination(s, GATHERING, [half(two_five, 2)] + [half(c, 2) for c in twos])
    assert s.observation(0)["table"][0][0]["discipline"] == "gathering"
    assert s.current_player == 1
    one, two = s._hands[1]
    play_combination(s, STRAIGHT, [half(one, 1), half(two, 2)])
    assert item_list(s, 1) == [("vial", 1)]
