"""Aridnyk Trinkets in play: every card of the data, its timing, its effects, reactions."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.games.aridnyk.components import (
    EFFECT_KINDS,
    TRINKET_CANCELS,
    TRINKET_EFFECTS,
    TRINKET_REACTION,
    TRINKETS,
)
from meeple.games.aridnyk.rules import AridnykState

from .positions import effect, ready
from .scenario import A, R, begin_effects, new_state, play, spirit, touch, trinket_named

TURN = [t for t in range(len(TRINKETS)) if not TRINKET_REACTION[t]]
REACTIONS = [t for t in range(len(TRINKETS)) if TRINKET_REACTION[t]]
CANCEL_TRADE = [t for t in REACTIONS if TRINKET_CANCELS[t] == "trade"]
CANCEL_TRINKET = [t for t in REACTIONS if TRINKET_CANCELS[t] == "trinket"]
BRYNZA = trinket_named("Brynza")
KEPTAR = trinket_named("Keptar")
ZGARDA = trinket_named("Zgarda")
ARIDNYK, BOH = spirit("aridnyk"), spirit("boh")
E = {name: i for i, name in enumerate(EFFECT_KINDS)}
# Trades first (they need the Shepherd where she starts), then the rest in action order.
ORDER = [E["retrade"], E["trade_any"]] + [
    e for e in range(len(EFFECT_KINDS)) if e not in (E["retrade"], E["trade_any"])
]


def uses(state: AridnykState) -> set[int]:
    return {a - A.USE_TRINKET for a in state.legal_actions() if A.USE_TRINKET <= a < A.NO_REACTION}


def effects_offered(state: AridnykState) -> set[int]:
    return {a - A.EFFECT for a in state.legal_actions() if A.EFFECT <= a < A.DONE}


def other_turn_trinket(t: int) -> int:
    return KEPTAR if t == BRYNZA else BRYNZA


def holding(trinkets: list[int], seed: int = 0, players: int = 2) -> AridnykState:
    """Seat 0 to play, standing on Aridnyk's tile having already traded with it this
    turn, Boh elsewhere on the board, plenty of Sheep, holding these Trinkets."""
    state = new_state(players=players, seed=seed)
    state._sheep[0] = 20
    state._shepherds[0] = (0, 0)
    state._spirits[BOH] = (1, -1)
    state._traded = 1 << ARIDNYK
    state._trinkets[0] = sorted(trinkets)
    touch(state)
    return state


def trinket_count(state: AridnykState) -> int:
    return len(state._trinkets[0])


# -- resolving one primitive and checking that it did what it says -------------------------


def resolve(state: AridnykState, effect: int, amount: int) -> None:
    """Resolve `effect` (all `amount` of it) from the open Trinket frame, checking it."""
    me = 0
    name = EFFECT_KINDS[effect]
    if name == "sheep":
        before = state._sheep[me]
        play(state, A.EFFECT + effect)
        assert state._sheep[me] == before + amount
    elif name in ("card", "plot", "trinket"):
        for _ in range(amount):
            plots, trinkets = len(state._plots[me]), trinket_count(state)
            play(state, A.EFFECT + effect)
            acts = state.legal_actions()
            if name == "card":
                assert acts == [A.DRAW_KIND + A.PLOT_KIND, A.DRAW_KIND + A.TRINKET_KIND]
                play(state, A.DRAW_KIND + A.PLOT_KIND)
                acts = state.legal_actions()
            kind = A.TRINKET_KIND if name == "trinket" else A.PLOT_KIND
            # the row or the deck top; a Trinket's draw does not refresh the row
            assert acts == [A.DRAW_ROW + kind * 3 + s for s in range(3)] + [A.DRAW_DECK + kind]
            row_card = state._rows[kind][0]
            play(state, A.DRAW_ROW + kind * 3)
            hand = state._trinkets[me] if kind == A.TRINKET_KIND else state._plots[me]
            assert row_card in hand
            assert state._rows[kind][0] not in (-1, row_card)  # replenished from the deck
            gained = (len(state._plots[me]) - plots, trinket_count(state) - trinkets)
            assert gained == ((0, 1) if kind == A.TRINKET_KIND else (1, 0))
    elif name == "shepherd":
        play(state, A.EFFECT + effect)
        assert state._stack[-1][:2] == [R.F_SHEPHERD, amount]
        start = state._shepherds[me]
        assert start == (0, 0)
        play(state, A.SHEPHERD_STEP + 0)  # north, onto the Woods at (0, 1)
        assert state._shepherds[me] == (0, 1)
        if amount > 1:
            assert state._stack[-1][:2] == [R.F_SHEPHERD, amount - 1]
            play(state, A.DONE)
        assert not state._stack or state._stack[-1][0] == R.F_EFFECTS
    elif name == "spirit":
        play(state, A.EFFECT + effect)
        assert state.legal_actions() == [
            A.SPIRIT + s for s in range(5) if state._spirits[s] is not None
        ]
        play(state, A.SPIRIT + BOH)
        assert state._stack[-1] == [R.F_SPIRIT, BOH, amount]
        before = state._spirits[BOH]
        play(state, min(a for a in state.legal_actions() if A.SPIRIT_STEP <= a < A.SPIRIT))
        assert state._spirits[BOH] != before
        if amount > 1:
            play(state, A.DONE)
        assert not state._stack or state._stack[-1][0] == R.F_EFFECTS
    elif name == "trade_any":
        # Boh is not on the Shepherd's tile; Aridnyk, already traded with, is not offered
        assert state._spirits[BOH] != state._shepherds[me]
        play(state, A.EFFECT + effect)
        assert state.legal_actions() == [A.SPIRIT + BOH]
        sheep, plots = state._sheep[me], len(state._plots[me])
        play(state, A.SPIRIT + BOH)
        assert state._sheep[me] == sheep - 2
        assert state._traded >> BOH & 1
        assert A.REFRESH_ROW in state.legal_actions()  # Boh's own trade: refresh allowed
        play(state, A.DRAW_DECK + A.PLOT_KIND)
        assert len(state._plots[me]) == plots + 1
    elif name == "retrade":
        assert state._traded >> ARIDNYK & 1
        assert A.TRADE + ARIDNYK not in state.legal_actions()
        play(state, A.EFFECT + effect)
        assert state.legal_actions() == [A.SPIRIT + ARIDNYK]
        sheep, trinkets = state._sheep[me], trinket_count(state)
        play(state, A.SPIRIT + ARIDNYK)
        assert state._sheep[me] == sheep - 2
        play(state, A.DRAW_DECK + A.TRINKET_KIND)
        assert trinket_count(state) == trinkets + 1
    elif name == "move_tile":
        for _ in range(amount):
            sheep = state._sheep[me]
            play(state, A.EFFECT + effect)
            choices = [a - A.BOARD_TILE for a in state.legal_actions()]
            assert choices and all(
                state._layout.cell[t] not in (state._shepherds + state._spirits) for t in choices
            )
            tile = choices[0]
            old = state._layout.cell[tile]
            play(state, A.BOARD_TILE + tile)
            assert state.observation(0)["step"] == "the step is placing a tile"
            play(state, state.legal_actions()[0])
            cells = state.legal_actions()
            target = next(
                a for a in cells if state._layout.anchored_cell(*divmod(a - A.CELL, 4)) != old
            )
            play(state, target)
            assert state._layout.cell[tile] != old
            assert state._sheep[me] == sheep  # free, unlike Aley's trade
    elif name == "horizon_swap":
        mine, theirs = state._tiles[me][0], state._horizon[0]
        play(state, A.EFFECT + effect)
        assert state.legal_actions() == [A.HAND_TILE + t for t in state._tiles[me]]
        play(state, A.HAND_TILE + mine)
        assert state.legal_actions() == sorted(A.HORIZON + t for t in state._horizon)
        play(state, A.HORIZON + theirs)
        assert theirs in state._tiles[me] and mine not in state._tiles[me]
        assert state._horizon[0] == mine
    else:
        assert name == "refresh_horizon"
        season = state._active_season() - 1
        pool = Counter(state._horizon + state._stacks[season])
        old = list(state._horizon)
        play(state, A.EFFECT + effect)
        assert len(state._horizon) == len(old)
        assert Counter(state._horizon + state._stacks[season]) == pool


# -- turn Trinkets: every card -------------------------------------------------------------


@pytest.mark.parametrize("t", TURN, ids=[TRINKETS[t].name for t in TURN])
def test_turn_trinket_in_full(t: int) -> None:
    second = other_turn_trinket(t)
    state = holding([t, second])
    assert state._phase == R.PLACE and state.current_player == 0
    assert uses(state) == {t, second}

    play(state, A.USE_TRINKET + t)
    # discarded face up, and its effects open in a frame of their own
    assert t not in state._trinkets[0]
    assert state._discards[A.TRINKET_KIND][-1] == t
    other = state.observation(1)
    assert t + 1 in other["discards"]["trinkets"]
    assert state.observation(0)["trinket_used"] is True
    frame = state._stack[-1]
    assert frame[:2] == [R.F_EFFECTS, R.TRINKET] and frame[3] == t
    assert frame[2] == list(TRINKET_EFFECTS[t])
    wanted = {e for e, n in enumerate(TRINKET_EFFECTS[t]) if n}
    assert wanted and effects_offered(state) == wanted
    assert A.DONE in state.legal_actions()
    # 1 Trinket / turn: the second is not offered while the first resolves
    assert uses(state) == set()

    for e in ORDER:
        if TRINKET_EFFECTS[t][e]:
            resolve(state, e, TRINKET_EFFECTS[t][e])
    # every effect used: the frame closes by itself and the turn goes on, after the white
    # effects of a tile a move ended on (ruling 3), left here
    if state._stack:
        assert state._moved and state._stack[-1][:2] == [R.F_EFFECTS, R.WHITE]
        play(state, A.DONE)
    assert state._stack == []
    assert state._phase == R.PLACE and state.current_player == 0
    assert second in state._trinkets[0]
    assert uses(state) == set()
    assert any(A.HAND_TILE <= a < A.ROTATE for a in state.legal_actions())


@pytest.mark.parametrize("t", TURN, ids=[TRINKETS[t].name for t in TURN])
def test_turn_trinket_done_keeps_the_rest_and_still_counts(t: int) -> None:
    state = holding([t, other_turn_trinket(t)])
    sheep = state._sheep[0]
    play(state, A.USE_TRINKET + t, A.DONE)
    assert state._stack == [] and state._sheep[0] == sheep
    assert state._trinket_used and uses(state) == set()


def test_trinket_offered_at_each_open_moment_of_the_turn() -> None:
    # before placing
    state = holding([BRYNZA])
    assert A.USE_TRINKET + BRYNZA in state.legal_actions()
    # between black effects
    begin_effects(state, {"sheep": 1, "shepherd": 1}, source=R.BLACK)
    assert A.USE_TRINKET + BRYNZA in state.legal_actions()
    # while moving, drawing or choosing, it waits for the step to end
    play(state, A.EFFECT + E["shepherd"])
    assert A.USE_TRINKET + BRYNZA not in state.legal_actions()
    play(state, A.DONE)
    # at the Horizon pick
    play(state, A.DONE)
    while state._stack:  # white effects of the tile, if any
        play(state, A.DONE)
    assert state._phase == R.PICK
    assert A.USE_TRINKET + BRYNZA in state.legal_actions()
    play(state, A.USE_TRINKET + BRYNZA, A.EFFECT + E["sheep"])
    assert state._phase == R.PICK and not state._stack
    assert uses(state) == set()


def test_one_trinket_per_turn_resets_next_turn() -> None:
    state = holding([BRYNZA, KEPTAR])
    play(state, A.USE_TRINKET + BRYNZA, A.DONE)
    assert uses(state) == set()
    state._trinket_used = False  # as the next turn begins
    state._begin_turn(0)
    touch(state)
    assert uses(state) == {KEPTAR}


def test_trinkets_of_the_data() -> None:
    assert len(TRINKETS) == 42
    assert len(TURN) == 34 and len(CANCEL_TRADE) == 4 and len(CANCEL_TRINKET) == 4
    assert TRINKETS[ZGARDA].timing == "reaction" and TRINKET_CANCELS[ZGARDA] == "trade"
    assert TRINKETS[BRYNZA].timing == "turn"
    for t in REACTIONS:
        assert not any(TRINKET_EFFECTS[t])
    # every primitive is carried by some Trinket, so the full test above covers each
    carried = {e for t in TURN for e, n in enumerate(TRINKET_EFFECTS[t]) if n}
    assert carried == set(range(len(EFFECT_KINDS)))


def test_family_preset_has_no_reaction_trinkets() -> None:
    for seed in range(3):
        state = new_state(players=4, seed=seed, preset="family")
        cards = list(state._decks[A.TRINKET_KIND]) + [c for c in state._rows[1] if c >= 0]
        assert len(cards) == len(TURN)
        assert not any(TRINKET_REACTION[c] for c in cards)
    standard = new_state(players=4, seed=0)
    cards = list(standard._decks[A.TRINKET_KIND]) + list(standard._rows[1])
    assert sorted(cards) == list(range(42))


def test_solo_deck_has_no_reaction_trinkets() -> None:
    """A reaction answers another player, so a solo game leaves the eight out of the deck
    (the rulebook has no solo rules; meeple's decision, docs/games/aridnyk.md)."""
    for seed in range(3):
        state = new_state(players=1, seed=seed)
        cards = list(state._decks[A.TRINKET_KIND]) + [c for c in state._rows[1] if c >= 0]
        assert sorted(cards) == sorted(TURN)
        assert state.observation(0)["deck_sizes"]["trinkets"] == len(TURN) - 3


def test_family_preset_asks_no_one_to_react() -> None:
    state = new_state(seed=0, preset="family")
    state._trinkets = [[BRYNZA], [KEPTAR]]
    touch(state)
    play(state, A.USE_TRINKET + BRYNZA)
    assert state._stack[-1][0] == R.F_EFFECTS and state.current_player == 0


# -- the effect primitives, each on its own ------------------------------------------------


def test_trade_any_reaches_a_spirit_far_away() -> None:
    state = new_state(seed=0)
    state._spirits[BOH] = (-1, -1)  # two tiles from the Shepherd on (0, 1)
    state._trinkets[0] = [trinket_named("Pysanka")]
    touch(state)
    assert not any(A.TRADE <= a < A.DRAW_KIND for a in state.legal_actions())
    play(state, A.USE_TRINKET + trinket_named("Pysanka"), A.EFFECT + E["trade_any"])
    assert state.legal_actions() == [A.SPIRIT + ARIDNYK, A.SPIRIT + BOH]
    play(state, A.SPIRIT + BOH)
    assert state._sheep[0] == 3
    assert state._stack[-1][:2] == [R.F_DRAW, A.PLOT_KIND]
    assert state._shepherds[0] == (0, 1)  # nobody moved
    # the trade is used: Boh is not offered again this turn
    assert BOH not in state._spirit_choices(R.C_TRADE_ANY)


def test_trade_any_needs_the_price() -> None:
    state = new_state(seed=0)
    state._sheep[0] = 1
    state._spirits[BOH] = (-1, -1)
    state._spirits[spirit("drizd")] = (1, 1)
    state._trinkets[0] = [trinket_named("Pysanka")]
    touch(state)
    play(state, A.USE_TRINKET + trinket_named("Pysanka"))
    # Aridnyk and Boh cost 2 Sheep; Drizd takes a card
    play(state, A.EFFECT + E["trade_any"])
    assert state.legal_actions() == [A.SPIRIT + spirit("drizd")]


def test_retrade_trades_again_with_a_spirit_already_traded() -> None:
    state = new_state(seed=0)
    state._sheep[0] = 10
    state._trinkets[0] = [trinket_named("Persten")]
    touch(state)
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2)  # south onto Aridnyk
    assert A.TRADE + ARIDNYK in state.legal_actions()
    play(state, A.TRADE + ARIDNYK, A.DRAW_DECK + A.TRINKET_KIND)
    assert state._sheep[0] == 8
    assert A.TRADE + ARIDNYK not in state.legal_actions()
    play(state, A.USE_TRINKET + trinket_named("Persten"), A.EFFECT + E["retrade"])
    assert state.legal_actions() == [A.SPIRIT + ARIDNYK]
    play(state, A.SPIRIT + ARIDNYK)
    assert state._sheep[0] == 6
    assert state._stack[-1][:2] == [R.F_DRAW, A.TRINKET_KIND]


def test_retrade_needs_a_spirit_on_your_tile() -> None:
    state = new_state(seed=0)  # the Shepherd on (0, 1), Aridnyk on (0, 0)
    state._trinkets[0] = [trinket_named("Persten")]
    touch(state)
    play(state, A.USE_TRINKET + trinket_named("Persten"))
    assert effects_offered(state) == set()
    assert A.DONE in state.legal_actions()


def test_move_tile_as_aley_for_free() -> None:
    state = new_state(seed=0)
    palytsia = trinket_named("Palytsia")  # move_tile 2
    state._trinkets[0] = [palytsia]
    touch(state)
    play(state, A.USE_TRINKET + palytsia, A.EFFECT + E["move_tile"])
    movable = [a - A.BOARD_TILE for a in state.legal_actions()]
    # no tile with a figure on it; the starter corners are free
    assert 0 not in movable and 1 not in movable and 2 not in movable
    assert {5, 6, 7, 8} <= set(movable)
    play(state, A.BOARD_TILE + 5)
    assert state.legal_actions() == [A.ROTATE]  # no water: one way to lie
    play(state, A.ROTATE)
    cells = state.legal_actions()
    where = {state._layout.anchored_cell(*divmod(a - A.CELL, 4)) for a in cells}
    assert (1, 1) in where  # it may go back where it was
    west = next(a for a in cells if state._layout.anchored_cell(*divmod(a - A.CELL, 4)) == (-2, 0))
    play(state, west)
    assert state._layout.cell[5] == (-2, 0) and state._layout.rot[5] == 0
    assert state._sheep[0] == 5
    assert state._stack[-1][2][E["move_tile"]] == 1  # the second move is still there


def test_horizon_swap_and_refresh() -> None:
    state = new_state(seed=0)
    kremin = trinket_named("Kremin")  # horizon_swap 1, refresh_horizon 1
    state._trinkets[0] = [kremin]
    touch(state)
    hand, horizon = list(state._tiles[0]), list(state._horizon)
    play(state, A.USE_TRINKET + kremin, A.EFFECT + E["horizon_swap"])
    play(state, A.HAND_TILE + hand[1])
    # the chosen tile is part of the view, for the chooser and the others alike
    for seat in (0, 1):
        assert state.observation(seat)["pending"]["tile"] == hand[1]
    play(state, A.HORIZON + horizon[2])
    assert state._tiles[0] == sorted([hand[0], horizon[2]])
    assert state._horizon == [horizon[0], horizon[1], hand[1]]
    assert hand[1] in state.observation(1)["horizon"]
    before = list(state._horizon)
    pool = sorted(before + state._stacks[0])
    play(state, A.EFFECT + E["refresh_horizon"])
    assert len(state._horizon) == 3
    assert sorted(state._horizon + state._stacks[0]) == pool
    assert state._horizon != before
    assert state._stack == []


# -- reaction Trinkets ----------------------------------------------------------------------


def walked_onto_aridnyk(state: AridnykState) -> None:
    """Seat 0 moves her Shepherd from (0, 1) onto Aridnyk's tile: a trade is open."""
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2)
    assert A.TRADE + ARIDNYK in state.legal_actions()


@pytest.mark.parametrize("t", REACTIONS, ids=[TRINKETS[t].name for t in REACTIONS])
def test_reaction_never_offered_on_your_own_turn(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[0] = [t, BRYNZA]
    touch(state)
    assert uses(state) == {BRYNZA}
    walked_onto_aridnyk(state)
    assert uses(state) == {BRYNZA}
    play(state, A.TRADE + ARIDNYK)  # seat 1 holds no Trinket: nobody is asked
    assert state.current_player == 0
    assert state._stack[-1][0] == R.F_DRAW


@pytest.mark.parametrize("t", CANCEL_TRADE, ids=[TRINKETS[t].name for t in CANCEL_TRADE])
def test_trade_reaction_cancels_the_trade(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[1] = [t]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK)
    assert state.current_player == 1
    assert state.legal_actions() == [A.USE_TRINKET + t, A.NO_REACTION]
    assert state.observation(0)["reaction"] == {"trigger": "trade", "spirit": "aridnyk"}
    assert state._sheep[0] == 5  # not paid yet
    play(state, A.USE_TRINKET + t)
    assert state.current_player == 0
    assert state._sheep[0] == 5  # the trader pays nothing
    assert state._trinkets[1] == [] and state._discards[A.TRINKET_KIND][-1] == t
    assert state._traded >> ARIDNYK & 1  # and the trade counts as used
    assert A.TRADE + ARIDNYK not in state.legal_actions()
    assert state._stack[-1][0] == R.F_EFFECTS  # back to the turn, no draw


@pytest.mark.parametrize("t", CANCEL_TRADE, ids=[TRINKETS[t].name for t in CANCEL_TRADE])
def test_trade_reaction_declined_lets_the_trade_stand(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[1] = [t]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK, A.NO_REACTION)
    assert state.current_player == 0
    assert state._sheep[0] == 3
    assert state._stack[-1][:2] == [R.F_DRAW, A.TRINKET_KIND]
    assert state._trinkets[1] == [t]


@pytest.mark.parametrize("t", CANCEL_TRINKET, ids=[TRINKETS[t].name for t in CANCEL_TRINKET])
def test_trinket_reaction_cancels_the_trinket(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[0] = [BRYNZA, KEPTAR]
    state._trinkets[1] = [t]
    touch(state)
    play(state, A.USE_TRINKET + BRYNZA)
    assert state.current_player == 1
    assert state.legal_actions() == [A.USE_TRINKET + t, A.NO_REACTION]
    assert state.observation(1)["reaction"] == {"trigger": "trinket", "trinket": BRYNZA + 1}
    play(state, A.USE_TRINKET + t)
    assert state.current_player == 0
    assert state._sheep[0] == 5  # no effect
    assert state._stack == []
    assert BRYNZA in state._discards[A.TRINKET_KIND] and t in state._discards[A.TRINKET_KIND]
    assert BRYNZA not in state._trinkets[0] and state._trinkets[1] == []
    assert state._trinket_used and uses(state) == set()  # still the turn's Trinket


@pytest.mark.parametrize("t", CANCEL_TRINKET, ids=[TRINKETS[t].name for t in CANCEL_TRINKET])
def test_trinket_reaction_declined_lets_the_trinket_stand(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[0] = [BRYNZA]
    state._trinkets[1] = [t]
    touch(state)
    play(state, A.USE_TRINKET + BRYNZA, A.NO_REACTION)
    assert state.current_player == 0
    assert state._stack[-1][:2] == [R.F_EFFECTS, R.TRINKET]
    play(state, A.EFFECT + E["sheep"])
    assert state._sheep[0] == 8
    assert state._trinkets[1] == [t]


@pytest.mark.parametrize("t", CANCEL_TRINKET, ids=[TRINKETS[t].name for t in CANCEL_TRINKET])
def test_trinket_reaction_not_offered_for_a_trade(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[1] = [t]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK)
    assert state.current_player == 1
    assert state.legal_actions() == [A.NO_REACTION]


@pytest.mark.parametrize("t", CANCEL_TRADE, ids=[TRINKETS[t].name for t in CANCEL_TRADE])
def test_trade_reaction_not_offered_for_a_trinket(t: int) -> None:
    state = new_state(seed=0)
    state._trinkets[0] = [BRYNZA]
    state._trinkets[1] = [t, KEPTAR]  # a turn Trinket is no reaction either
    touch(state)
    play(state, A.USE_TRINKET + BRYNZA)
    assert state.current_player == 1
    assert state.legal_actions() == [A.NO_REACTION]


def test_zgarda_then_brynza_on_your_own_turn() -> None:
    """The rulebook's example: cancel a trade with Zgarda, then still use Brynza."""
    state = new_state(seed=0)
    state._trinkets[1] = [BRYNZA, ZGARDA]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK, A.USE_TRINKET + ZGARDA)
    assert state._sheep[0] == 5 and state._trinkets[1] == [BRYNZA]
    assert not state._trinket_used  # seat 0's turn Trinket is untouched
    state._begin_turn(1)
    touch(state)
    assert uses(state) == {BRYNZA}
    play(state, A.USE_TRINKET + BRYNZA, A.EFFECT + E["sheep"])
    assert state._sheep[1] == 8


def test_reactions_asked_in_turn_order() -> None:
    state = new_state(players=3, seed=0)
    state._trinkets[1] = [KEPTAR]  # no reaction, but asked all the same
    state._trinkets[2] = [ZGARDA]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK)
    assert state.current_player == 1
    assert state.legal_actions() == [A.NO_REACTION]
    play(state, A.NO_REACTION)
    assert state.current_player == 2
    assert state.legal_actions() == [A.USE_TRINKET + ZGARDA, A.NO_REACTION]
    play(state, A.USE_TRINKET + ZGARDA)
    assert state.current_player == 0 and state._sheep[0] == 5


def test_seat_without_trinkets_is_not_asked() -> None:
    state = new_state(players=3, seed=0)
    state._trinkets[2] = [ZGARDA]
    touch(state)
    walked_onto_aridnyk(state)
    play(state, A.TRADE + ARIDNYK)
    assert state._stack[-1][3] == [2]
    assert state.current_player == 2


def test_reaction_cancels_a_trade_any() -> None:
    state = new_state(seed=0)
    pysanka = trinket_named("Pysanka")
    state._trinkets[0] = [pysanka]
    state._trinkets[1] = [ZGARDA]
    touch(state)
    play(state, A.USE_TRINKET + pysanka, A.NO_REACTION)
    play(state, A.EFFECT + E["trade_any"], A.SPIRIT + ARIDNYK)
    assert state.current_player == 1
    play(state, A.USE_TRINKET + ZGARDA)
    assert state._sheep[0] == 5 and state._traded >> ARIDNYK & 1
    assert state._stack == []


def test_a_trinket_is_not_shuffled_back_by_its_own_draw() -> None:
    """A Trinket is discarded after its effects ("resolve its effects, then discard it"):
    when its own draw shuffles the discards into a new deck, it stays out."""
    bota = trinket_named("Bota")  # 1 Sheep, draw a Trinket
    other = next(t for t in TURN if t != bota)
    s = ready()
    s._trinkets[0] = [bota]
    s._decks[A.TRINKET_KIND] = []
    s._rows[A.TRINKET_KIND] = [-1, -1, -1]
    s._discards[A.TRINKET_KIND] = [other]
    touch(s)
    play(s, A.USE_TRINKET + bota)
    play(s, effect("trinket"))
    play(s, A.DRAW_DECK + A.TRINKET_KIND)
    assert s._trinkets[0] == [other]
    assert s._discards[A.TRINKET_KIND] == [bota]
    # With only itself on the pile, there is nothing to draw.
    s = ready()
    s._trinkets[0] = [bota]
    s._decks[A.TRINKET_KIND] = []
    s._rows[A.TRINKET_KIND] = [-1, -1, -1]
    s._discards[A.TRINKET_KIND] = []
    touch(s)
    play(s, A.USE_TRINKET + bota)
    assert A.EFFECT + E["trinket"] not in s.legal_actions()
