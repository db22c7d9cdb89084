"""Arnak research on both boards: bridge costs, the notebook's limits, every row's
magnifying-glass and notebook effect, research bonus tiles, the Snake idol bridge and
rescue row, the Lost Temple and its temple tiles (rulebook "Research", "The Lost
Temple", "The Snake Temple Side"; reference research.yaml).

The bridge costs and row effects below are copied by hand from research.yaml, so the
tests check the engine's data as well as its rules."""

from __future__ import annotations

import pytest

from meeple.games.arnak import actions as A
from meeple.games.arnak.components import BONUS_KINDS, CARDS, RESOURCES, TRACKS
from meeple.games.arnak.rules import ArnakState

from .scenario import answers, card, do, fresh, setup

FEAR = card("fear")
FUNDING_CAR = card("basic.funding_car")

BOARDS = ("bird", "snake")


def _bag(**amounts: int) -> list[int]:
    return [int(amounts.get(r, 0)) for r in RESOURCES]


# research.yaml bridges: (board, from, to, cost) -- "idol" is an idol from the crates.
BRIDGES: list[tuple[str, int, int, dict[str, int]]] = [
    ("bird", 0, 1, {"compass": 1, "arrowhead": 1}),
    ("bird", 0, 2, {"jewel": 1}),
    ("bird", 1, 3, {"jewel": 1}),
    ("bird", 1, 4, {"tablet": 1, "arrowhead": 1}),
    ("bird", 2, 4, {"tablet": 1, "arrowhead": 1}),
    ("bird", 3, 5, {"tablet": 2, "arrowhead": 1}),
    ("bird", 4, 5, {"tablet": 2, "arrowhead": 1}),
    ("bird", 5, 6, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    ("bird", 5, 7, {"tablet": 1, "jewel": 1}),
    ("bird", 5, 8, {"arrowhead": 2}),
    ("bird", 6, 9, {"coin": 1, "jewel": 1}),
    ("bird", 7, 9, {"coin": 1, "jewel": 1}),
    ("bird", 8, 9, {"coin": 1, "jewel": 1}),
    ("bird", 9, 10, {"compass": 1, "jewel": 1}),
    ("bird", 9, 11, {"tablet": 2, "arrowhead": 1}),
    ("bird", 10, 12, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    ("bird", 11, 12, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    ("bird", 11, 13, {"tablet": 1, "jewel": 1}),
    ("bird", 12, 14, {"coin": 1, "compass": 1, "jewel": 1}),
    ("bird", 13, 14, {"coin": 1, "compass": 1, "jewel": 1}),
    ("snake", 0, 1, {"compass": 1, "tablet": 2}),
    ("snake", 0, 2, {"jewel": 1}),
    ("snake", 1, 3, {"coin": 1, "compass": 1, "arrowhead": 1}),
    ("snake", 1, 4, {"tablet": 1, "jewel": 1}),
    ("snake", 2, 4, {"tablet": 1, "jewel": 1}),
    ("snake", 2, 5, {"arrowhead": 2}),
    ("snake", 3, 6, {"tablet": 2, "arrowhead": 1}),
    ("snake", 4, 6, {"tablet": 2, "arrowhead": 1}),
    ("snake", 4, 7, {"coin": 1, "jewel": 1}),
    ("snake", 5, 7, {"coin": 1, "jewel": 1}),
    ("snake", 6, 8, {"idol": 1}),
    ("snake", 7, 8, {"idol": 1}),
    ("snake", 8, 9, {"arrowhead": 2}),
    ("snake", 8, 10, {"tablet": 1, "jewel": 1}),
    ("snake", 9, 11, {"tablet": 1, "jewel": 1}),
    ("snake", 9, 12, {"compass": 1, "tablet": 3}),
    ("snake", 10, 12, {"compass": 1, "tablet": 3}),
    ("snake", 11, 13, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    ("snake", 12, 13, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    ("snake", 13, 14, {"compass": 1, "arrowhead": 1, "jewel": 1}),
]
BRIDGE_IDS = [f"{b}.{s}-{e}" for b, s, e, _ in BRIDGES]

# research.yaml rows: (magnifying glass effect, notebook effect) by row.
ROWS: dict[str, dict[int, tuple[str, str]]] = {
    "bird": {
        1: ("coin", "assistant"),
        2: ("compass", "assistant"),
        3: ("compass", "upgrade"),
        4: ("compass", "upgrade"),
        5: ("compass", "compass3"),
        6: ("draw", "artifact"),
        7: ("compass", "overcome"),
    },
    "snake": {
        1: ("coin", "assistant"),
        2: ("coin2", "exile"),
        3: ("draw", "upgrade"),
        4: ("rescue", "artifact"),
        5: ("upgrade", "refresh"),
        6: ("fear", "draw"),
        7: ("fear", "jewel"),
    },
}
GAINS = {
    "coin": _bag(coin=1),
    "coin2": _bag(coin=2),
    "compass": _bag(compass=1),
    "compass3": _bag(compass=3),
    "jewel": _bag(jewel=1),
}
ROW_VP = {  # research.yaml: (glass VP, notebook VP) by row
    "bird": {1: (1, 0), 2: (2, 1), 3: (4, 2), 4: (6, 4), 5: (9, 6), 6: (12, 8), 7: (16, 10)},
    "snake": {1: (1, 0), 2: (2, 3), 3: (3, 4), 4: (4, 5), 5: (5, 8), 6: (10, 12), 7: (15, 15)},
}


def _state(board: str, players: int = 2, seed: int = 0) -> ArnakState:
    """A fresh game with no research bonus tiles on the track (so only row effects
    and bridge costs change what a seat holds)."""
    state = fresh(players, board, seed=seed)
    state._bonus = [[] for _ in state._bonus]
    state._legal = None
    return state


def _finish(state: ArnakState, p: int) -> None:
    """Resolve seat p's pending decisions: decline where possible, else the first answer
    (not a free action taken on top of the decision)."""
    while state._stack and state.current_player == p:
        legal = answers(state)
        do(state, A.DONE if A.DONE in legal else legal[0])


def _frame(state: ArnakState) -> str | None:
    return state._stack[-1][0] if state._stack else None


def test_bridge_table_matches_engine_data() -> None:
    for board in BOARDS:
        engine = {(e.start, e.end): (list(e.cost), e.idols) for e in TRACKS[board].edges}
        ref = {
            (s, e): (_bag(**{k: v for k, v in c.items() if k != "idol"}), c.get("idol", 0))
            for b, s, e, c in BRIDGES
            if b == board
        }
        assert engine == ref


@pytest.mark.parametrize(("board", "start", "end", "cost"), BRIDGES, ids=BRIDGE_IDS)
def test_glass_bridge_cost_charged_exactly(
    board: str, start: int, end: int, cost: dict[str, int]
) -> None:
    state = _state(board)
    state._temple_bonus = []  # no Lost Temple pick either
    seat = state._seats[0]
    seat.glass = start
    seat.notebook = 0
    idols = cost.get("idol", 0)
    seat.res = _bag(**{k: v for k, v in cost.items() if k != "idol"})
    seat.crates = idols
    seat.slots = [True, True, False, False]
    state._legal = None
    do(state, A.GLASS + end)
    assert seat.glass == end
    assert seat.crates == 0 and seat.slots == [True, True, False, False]
    _finish(state, 0)
    row = TRACKS[board].nodes[end].row
    glass_effect = ROWS[board][row][0] if row <= 7 else None
    assert seat.res == GAINS.get(glass_effect or "", _bag())


@pytest.mark.parametrize(("board", "start", "end", "cost"), BRIDGES, ids=BRIDGE_IDS)
def test_notebook_bridge_cost_charged_exactly(
    board: str, start: int, end: int, cost: dict[str, int]
) -> None:
    state = _state(board)
    seat = state._seats[0]
    top = next(n.num for n in TRACKS[board].nodes if n.row == 7)
    seat.glass = top
    seat.notebook = start
    seat.res = _bag(**{k: v for k, v in cost.items() if k != "idol"})
    seat.crates = cost.get("idol", 0)
    state._legal = None
    if TRACKS[board].nodes[end].lost_temple:
        assert A.NOTEBOOK + end not in state.legal_actions()  # never into the Lost Temple
        return
    do(state, A.NOTEBOOK + end)
    assert seat.notebook == end and seat.glass == top
    assert seat.crates == 0
    _finish(state, 0)
    row = TRACKS[board].nodes[end].row
    assert seat.res == GAINS.get(ROWS[board][row][1], _bag())


@pytest.mark.parametrize(("board", "start", "end", "cost"), BRIDGES, ids=BRIDGE_IDS)
def test_bridge_one_short_is_not_legal(
    board: str, start: int, end: int, cost: dict[str, int]
) -> None:
    for short in cost:
        state = _state(board)
        seat = state._seats[0]
        seat.glass = seat.notebook = start
        # plenty of everything the bridge does not ask for; one short of what it does
        res = {r: cost.get(r, 5) for r in RESOURCES}
        seat.crates = cost.get("idol", 0)
        if short == "idol":
            seat.crates = 0
            seat.slots = [True] * 4  # slotted idols do not pay
        else:
            res[short] -= 1
        setup(state, 0, resources=res)
        assert A.GLASS + end not in state.legal_actions(), short
        assert A.NOTEBOOK + end not in state.legal_actions(), short


def test_only_connected_spaces_are_offered() -> None:
    state = _state("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    research = {a for a in state.legal_actions() if A.GLASS <= a < A.TEMPLE}
    # from the start line only bird.1 and bird.2; the notebook may follow to row 1
    # only once the glass is there, so now only the glass moves
    assert research == {A.GLASS + 1, A.GLASS + 2}


def test_notebook_never_above_the_glass() -> None:
    state = _state("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    seat = state._seats[0]
    seat.glass = 1  # row 1 left
    state._legal = None
    legal = state.legal_actions()
    # the notebook may join the glass's row, on either space
    assert A.NOTEBOOK + 1 in legal and A.NOTEBOOK + 2 in legal
    seat.notebook = 2
    state._legal = None
    legal = state.legal_actions()
    assert A.NOTEBOOK + 4 not in legal  # row 2 is above the glass
    assert A.GLASS + 3 in legal and A.GLASS + 4 in legal


def test_notebook_never_enters_the_lost_temple() -> None:
    state = _state("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    seat = state._seats[0]
    seat.glass = 14
    seat.temple_rank = 0
    state._arrivals = 1
    seat.notebook = 12
    state._legal = None
    legal = state.legal_actions()
    assert A.NOTEBOOK + 14 not in legal
    assert not any(A.NOTEBOOK <= a < A.TEMPLE for a in legal)
    assert any(A.TEMPLE <= a < A.IDOL_SLOT for a in legal)


ROW_CASES = [(b, r, t) for b in BOARDS for r in range(1, 8) for t in ("glass", "notebook")]


@pytest.mark.parametrize(("board", "row", "token"), ROW_CASES)
def test_row_effect(board: str, row: int, token: str) -> None:
    state = _state(board, seed=1)
    track = TRACKS[board]
    edge = next(e for e in track.edges if track.nodes[e.end].row == row)
    seat = state._seats[0]
    if token == "glass":
        seat.glass = edge.start
        action = A.GLASS + edge.end
    else:
        seat.glass = next(n.num for n in track.nodes if n.row == 7)
        seat.notebook = edge.start
        action = A.NOTEBOOK + edge.end
    seat.res = [5] * 5
    seat.crates = edge.idols
    effect = ROWS[board][row][0 if token == "glass" else 1]
    # What each effect needs to show.
    setup(state, 0, deck=[FUNDING_CAR])
    setup(state, 0, hand=[FEAR])
    assistant = state._supply[0][-1]
    if effect in ("upgrade", "refresh"):
        state._supply[0].pop()
        seat.assistants = [assistant | 32]  # silver, exhausted
    if effect == "overcome":
        state._tile[5] = state._stacks[0].pop()
        state._guardian[5] = state._guardians.pop()
        state._occ[10] = 0
        seat.arch = [10, -1]
    fear_supply = state._fear
    state._legal = None
    before = seat.res[:]
    do(state, action)
    paid = [b - c for b, c in zip(before, edge.cost, strict=True)]
    if effect in GAINS:
        assert seat.res == [p + g for p, g in zip(paid, GAINS[effect], strict=True)]
        assert _frame(state) is None
        return
    if effect == "draw":
        assert sorted(seat.hand) == sorted([FEAR, FUNDING_CAR]) and seat.deck == []
    elif effect == "fear":
        assert seat.play == [FEAR] and state._fear == fear_supply - 1
    elif effect == "assistant":
        assert _frame(state) == "take_assistant"
        tops = {A.ASSISTANT + s[-1] for s in state._supply}
        assert set(state.legal_actions()) == tops and len(tops) == 3
        do(state, A.ASSISTANT + assistant)
        assert seat.assistants == [assistant]  # silver, ready
        assert assistant not in state._supply[0]
    elif effect == "upgrade":
        assert _frame(state) == "upgrade_assistant"
        do(state, A.ASSISTANT + assistant)
        assert seat.assistants == [assistant | 16]  # gold and refreshed
    elif effect == "refresh":
        assert _frame(state) == "refresh"
        do(state, A.ASSISTANT + assistant)
        assert seat.assistants == [assistant]
    elif effect == "rescue":
        assert _frame(state) == "rescue"
        rescue = list(state._rescue)
        assert len(rescue) == 2
        # any of them, or none: the rescue "lets you" take one
        assert set(state.legal_actions()) == {A.ASSISTANT + a for a in rescue} | {A.DONE}
        # it may take any of them, not only the top one
        do(state, A.ASSISTANT + rescue[0])
        assert seat.assistants == [rescue[0] | 32]  # arrives exhausted
        assert state._rescue == rescue[1:]
    elif effect == "exile":
        assert _frame(state) == "exile"
        assert A.DONE in state.legal_actions()  # optional
        do(state, A.HAND + FEAR)
        assert seat.hand == [] and state._fear == fear_supply + 1
    elif effect == "artifact":
        assert _frame(state) == "buy"
        art = state._row_art[0]
        do(state, A.CARD + art)
        assert art in seat.play and seat.res == paid  # no compasses paid
        if CARDS[art].effect:
            assert _frame(state) == "offer"  # its effect may be used, without a tablet
    elif effect == "overcome":
        assert _frame(state) == "overcome_free"
        guardian = state._guardian[5]
        do(state, A.OVERCOME + 5)
        assert seat.guardians == [guardian] and seat.res == paid
    else:  # pragma: no cover
        raise AssertionError(effect)


def test_row_vp_table() -> None:
    for board in BOARDS:
        state = _state(board)
        for row, (glass_vp, notebook_vp) in ROW_VP[board].items():
            node = next(n.num for n in TRACKS[board].nodes if n.row == row)
            state._seats[0].glass = state._seats[0].notebook = node
            assert state.research_points(0) == glass_vp + notebook_vp
            assert state.score_parts(0)["research"] == glass_vp + notebook_vp


def test_take_assistant_needs_a_free_square() -> None:
    state = _state("bird")
    seat = state._seats[0]
    setup(state, 0, resources=dict(compass=1, arrowhead=1))
    seat.assistants = [state._supply[0].pop(), state._supply[1].pop()]
    seat.glass = 1
    state._legal = None
    do(state, A.NOTEBOOK + 1)
    assert _frame(state) is None and len(seat.assistants) == 2
    assert [len(s) for s in state._supply] == [3, 3, 4]


# ------------------------------------------------------------------ bonus tiles


def _kind(name: str) -> int:
    return next(b.num for b in BONUS_KINDS if b.kind == name)


def test_bonus_tile_goes_to_the_first_token_only() -> None:
    state = _state("bird")
    state._bonus[3] = [_kind("coin")]
    for p in (0, 1):
        state._seats[p].glass = 1
        setup(state, p, resources=dict(jewel=2))
    do(state, A.GLASS + 3)
    assert _frame(state) == "order"
    do(state, A.OPTION)  # the bonus first
    assert state._seats[0].res == _bag(coin=1, compass=1, jewel=1)
    assert state._bonus[3] == []
    do(state, A.END_TURN)
    do(state, A.GLASS + 3)  # seat 1 arrives second: the row effect only
    assert _frame(state) is None
    assert state._seats[1].res == _bag(compass=1, jewel=1)


def test_a_notebook_can_take_the_bonus_tile() -> None:
    state = _state("bird")
    state._bonus[1] = [_kind("tablet")]  # row 1 has none in the box; put one there
    seat = state._seats[0]
    seat.glass = 1
    setup(state, 0, resources=dict(compass=1, arrowhead=1))
    do(state, A.NOTEBOOK + 1)
    assert _frame(state) == "order"
    do(state, A.OPTION)
    assert seat.res[2] == 1 and state._bonus[1] == []


def test_snake_row_seven_choose_one_of_several() -> None:
    state = _state("snake")
    state._bonus[13] = [_kind("coin"), _kind("tablet")]
    for p in (0, 1):
        state._seats[p].glass = 11
        setup(state, p, resources=dict(coin=1, tablet=1, arrowhead=1))
    do(state, A.GLASS + 13, A.OPTION)
    assert _frame(state) == "bonus_pick"
    assert set(answers(state)) == {A.BONUS + _kind("coin"), A.BONUS + _kind("tablet")}
    do(state, A.BONUS + _kind("tablet"))
    assert state._bonus[13] == [_kind("coin")]  # only the chosen tile leaves
    assert state._seats[0].res == _bag(tablet=1)
    assert state._seats[0].play == [FEAR]  # row 7 glass: Fear
    do(state, A.END_TURN)
    do(state, A.GLASS + 13, A.OPTION)  # the second arrival takes the last one
    assert state._seats[1].res == _bag(coin=1)
    assert state._bonus[13] == []


def test_order_choice_between_bonus_and_row_effect() -> None:
    outcomes = {}
    for first in (A.OPTION, A.OPTION + 1):
        state = _state("bird")
        state._bonus[10] = [_kind("exile")]
        seat = state._seats[0]
        seat.glass = 9
        setup(state, 0, resources=dict(compass=1, jewel=1))
        setup(state, 0, hand=[])
        setup(state, 0, deck=[FUNDING_CAR])
        do(state, A.GLASS + 10)
        assert _frame(state) == "order"
        assert set(state.legal_actions()) == {A.OPTION, A.OPTION + 1}
        do(state, first)
        outcomes[first] = (_frame(state), state.legal_actions())
        _finish(state, 0)
        outcomes[first] += (seat.hand[:],)
    # bonus first: nothing to exile yet, then the row's card is drawn and kept
    assert outcomes[A.OPTION][0] is None and outcomes[A.OPTION][2] == [FUNDING_CAR]
    # row effect first: the drawn card can be exiled by the bonus
    assert outcomes[A.OPTION + 1][0] == "exile"
    assert A.HAND + FUNDING_CAR in outcomes[A.OPTION + 1][1]


# ------------------------------------------------------------------ Snake specials


def test_snake_idol_bridge_takes_a_crate_idol_out_of_the_game() -> None:
    state = _state("snake")
    seat = state._seats[0]
    seat.glass = 6
    seat.crates = 2
    seat.slots = [True, False, False, False]
    setup(state, 0, resources={})
    idols_before = state.score_parts(0)["idols"]
    do(state, A.GLASS + 8)
    assert seat.crates == 1 and seat.slots == [True, False, False, False]
    assert state.score_parts(0)["idols"] == idols_before - 3


def test_snake_idol_bridge_ignores_slotted_idols() -> None:
    state = _state("snake")
    seat = state._seats[0]
    seat.glass = seat.notebook = 7
    seat.crates = 0
    seat.slots = [True, True, True, True]
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    assert A.GLASS + 8 not in state.legal_actions()
    assert A.NOTEBOOK + 8 not in state.legal_actions()


def test_snake_rescue_reveals_the_stack_to_the_rescuer_only() -> None:
    state = _state("snake")
    seat = state._seats[0]
    seat.glass = 6
    seat.crates = 1
    state._legal = None
    do(state, A.GLASS + 8)
    mine = state.observation(0)["assistants"]["rescue"]
    theirs = state.observation(1)["assistants"]["rescue"]
    assert len(mine["known"]) == 2 and "known" not in theirs


def test_snake_rescue_needs_a_free_square() -> None:
    state = _state("snake")
    seat = state._seats[0]
    seat.glass = 6
    seat.crates = 1
    seat.assistants = [state._supply[0].pop(), state._supply[1].pop()]
    state._legal = None
    do(state, A.GLASS + 8)
    assert _frame(state) is None and len(state._rescue) == 2
    # the glass still looks through the stack: only taking one needs the square
    assert len(state.observation(0)["assistants"]["rescue"]["known"]) == 2
    assert "known" not in state.observation(1)["assistants"]["rescue"]


# ------------------------------------------------------------------ the Lost Temple


@pytest.mark.parametrize("board", BOARDS)
def test_lost_temple_arrival_order(board: str) -> None:
    state = _state(board, players=4)
    before = [t for t in state._temple_bonus]
    assert len(before) == 4
    track = TRACKS[board]
    below = next(e.start for e in track.edges if e.end == track.lost_temple)
    cost = next(e.cost for e in track.edges if e.end == track.lost_temple)
    taken = []
    for p in range(4):
        state._seats[p].glass = below
        state._seats[p].res = list(cost)
    state._legal = None
    for p in range(4):
        assert state.current_player == p
        do(state, A.GLASS + track.lost_temple)
        assert _frame(state) == "bonus_pick"  # look through the face-down tiles
        options = {a - A.BONUS for a in answers(state)}
        assert options == set(state._temple_bonus)
        assert "lost_temple_known" in state.observation(p)["research_track"]
        pick = min(options)
        taken.append(pick)
        do(state, A.BONUS + pick)
        _finish(state, p)
        assert state._seats[p].temple_rank == p
        do(state, A.END_TURN)
    assert sorted(taken) == sorted(before) and state._temple_bonus == []
    assert [state.research_points(p) for p in range(4)] == [23, 21, 20, 19]


def test_lost_temple_pick_is_hidden_from_others() -> None:
    state = _state("bird")
    seat = state._seats[0]
    seat.glass = 13
    setup(state, 0, resources=dict(coin=1, compass=1, jewel=1))
    do(state, A.GLASS + 14)
    assert "lost_temple_known" in state.observation(0)["research_track"]
    assert "lost_temple_known" not in state.observation(1)["research_track"]
    assert state.observation(1)["research_track"]["lost_temple_bonus"] == 2


# coin, compass, tablet, arrowhead, jewel: the temple tile costs per board
TEMPLE_COSTS = {
    "bird": {
        0: _bag(coin=1, tablet=2),
        1: _bag(jewel=1),
        2: _bag(compass=1, arrowhead=1),
        3: _bag(coin=1, tablet=2, jewel=1),
        4: _bag(compass=1, arrowhead=1, jewel=1),
        5: _bag(coin=1, compass=1, tablet=2, arrowhead=1, jewel=1),
    },
    "snake": {  # coin and compass swapped against Bird (reference conflict 10)
        0: _bag(compass=1, tablet=2),
        1: _bag(jewel=1),
        2: _bag(coin=1, arrowhead=1),
        3: _bag(compass=1, tablet=2, jewel=1),
        4: _bag(coin=1, arrowhead=1, jewel=1),
        5: _bag(coin=1, compass=1, tablet=2, arrowhead=1, jewel=1),
    },
}
TEMPLE_VP = [2, 2, 2, 6, 6, 11]


def _in_temple(board: str) -> ArnakState:
    state = _state(board)
    seat = state._seats[0]
    seat.glass = 14
    seat.temple_rank = 0
    state._arrivals = 1
    state._legal = None
    return state


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("stack", range(6))
def test_temple_tile_costs(board: str, stack: int) -> None:
    state = _in_temple(board)
    seat = state._seats[0]
    setup(state, 0, resources=dict(zip(RESOURCES, TEMPLE_COSTS[board][stack], strict=True)))
    assert A.TEMPLE + stack in state.legal_actions()
    score = state.score_parts(0)["temple_tiles"]
    do(state, A.TEMPLE + stack)
    assert seat.res == [0] * 5
    assert seat.temples == [stack] and state._temple_left[stack] == 1
    assert state.score_parts(0)["temple_tiles"] == score + TEMPLE_VP[stack]
    assert _frame(state) is None  # no row effect, no bonus


@pytest.mark.parametrize("stack", (0, 2, 3, 4))
def test_snake_refuses_the_bird_temple_costs(stack: int) -> None:
    state = _in_temple("snake")
    setup(state, 0, resources=dict(zip(RESOURCES, TEMPLE_COSTS["bird"][stack], strict=True)))
    assert A.TEMPLE + stack not in state.legal_actions()


def test_temple_tiles_need_the_glass_in_the_temple_and_a_tile_left() -> None:
    state = _state("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    assert not any(A.TEMPLE <= a < A.IDOL_SLOT for a in state.legal_actions())
    state = _in_temple("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    state._temple_left[5] = 0
    state._legal = None
    legal = state.legal_actions()
    assert A.TEMPLE + 5 not in legal and A.TEMPLE + 4 in legal


def test_temple_tile_is_a_main_action() -> None:
    state = _in_temple("bird")
    setup(state, 0, resources=dict(coin=9, compass=9, tablet=9, arrowhead=9, jewel=9))
    do(state, A.TEMPLE + 1)
    legal = state.legal_actions()
    assert A.END_TURN in legal and not any(A.TEMPLE <= a < A.IDOL_SLOT for a in legal)
