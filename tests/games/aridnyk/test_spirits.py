"""Aridnyk Spirit trades (rulebook "Trading with a Spirit") and the moves of Shepherds and
Spirits (rulebook "Move a Spirit", "Move Your Shepherd"; rulings 2, 4, 5 and 6)."""

from __future__ import annotations

import pytest

from meeple.games.aridnyk.components import TILE_BLACK
from meeple.games.aridnyk.rules import AridnykState

from .positions import (
    ALEY,
    ARIDNYK,
    BOH,
    DRIZD,
    VOVK,
    E,
    N,
    S,
    W,
    effect,
    illegal,
    ready,
    shepherd_steps,
    spirit_steps,
    standard,
)
from .scenario import A, R, begin_effects, board, play, spirit, touch


def meet(name: str, players: int = 2) -> AridnykState:
    """Seat 0's Shepherd (from tile 1 at (0, 1)) has just stepped onto Woods tile 5 at
    (1, 1), where the Spirit `name` stands; seat 1's Shepherd is on tile 2 at (1, 0)."""
    s = ready(players)
    s._spirits[spirit(name)] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    return s


# --- every trade ------------------------------------------------------------------------


def test_aridnyk_trades_two_sheep_for_a_trinket() -> None:
    """Aridnyk: discard 2 Sheep, draw a Trinket (here the hidden deck top)."""
    s = meet("aridnyk")
    assert s.observation(0)["can_trade"] == ["aridnyk"]
    top = s._decks[A.TRINKET_KIND][-1]
    play(s, A.TRADE + ARIDNYK)
    assert s._sheep[0] == 3
    assert s.observation(0)["pending"] == {
        "step": "drawing a card",
        "frame": "draw",
        "kind": "trinket",
        "may_refresh": True,
    }
    play(s, A.DRAW_DECK + A.TRINKET_KIND)
    assert s._trinkets[0] == [top]
    assert s.observation(1)["known_hands"][0]["trinkets"] == []


def test_boh_trades_two_sheep_for_a_plot() -> None:
    """Boh: discard 2 Sheep, draw a Plot (here from the row: everyone sees it)."""
    s = meet("boh")
    play(s, A.TRADE + BOH)
    assert s._sheep[0] == 3
    taken = s._rows[A.PLOT_KIND][0]
    play(s, A.DRAW_ROW + 0)
    assert s._plots[0] == [taken]
    assert s.observation(1)["known_hands"][0]["plots"] == [taken + 1]


def test_aley_trades_one_sheep_for_a_tile_move() -> None:
    """Aley: discard 1 Sheep, move an unoccupied tile, turned if wished."""
    s = meet("aley")
    play(s, A.TRADE + ALEY)
    assert s._sheep[0] == 4
    assert s.observation(0)["pending"]["step"] == "placing a tile"
    play(s, A.BOARD_TILE + 7, A.ROTATE + 0, A.CELL + 6 * 4 + E)
    assert s._layout.cell[7] == (2, -1) and s._layout.rot[7] == 0
    assert (-1, -1) not in s._layout.at
    assert len(s._layout.at) == 9


def test_drizd_trades_a_card_for_five_sheep() -> None:
    """Drizd: discard a card of your choice (Plot or Trinket), collect 5 Sheep."""
    s = ready()
    s._plots[0] = [40]
    s._trinkets[0] = [3]
    s._spirits[DRIZD] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + DRIZD)
    assert s._sheep[0] == 5
    assert s.legal_actions() == [A.DISCARD_CARD + 40, A.DISCARD_CARD + A.NUM_PLOTS + 3]
    play(s, A.DISCARD_CARD + A.NUM_PLOTS + 3)
    assert s._sheep[0] == 10
    assert s._trinkets[0] == [] and s._plots[0] == [40]
    assert s.observation(1)["discards"]["trinkets"] == [4]


def test_vovk_trades_a_card_for_three_moves_split_with_one_spirit() -> None:
    """Vovk: discard a card for 3 moves shared by your Shepherd and one Spirit, in any
    order; the Shepherd may pass another Shepherd but must end on a free tile."""
    s = ready()
    s._plots[0] = [40]
    s._spirits[VOVK] = (1, 1)
    s._spirits[BOH] = (-1, -1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + VOVK, A.DISCARD_CARD + 40)
    pending = s.observation(0)["pending"]
    assert pending == {"step": "Vovk's moves", "frame": "vovk", "moves_left": 3, "spirit": None}
    choices = [a - A.SPIRIT for a in s.legal_actions() if A.SPIRIT <= a < A.TRADE]
    assert choices == [ARIDNYK, BOH, VOVK]
    play(s, A.SHEPHERD_STEP + S)  # onto seat 1's Shepherd: may not stop here
    assert A.DONE not in s.legal_actions()
    play(s, A.SPIRIT + ARIDNYK)
    assert not any(A.SPIRIT <= a < A.TRADE for a in s.legal_actions())
    play(s, A.SPIRIT_STEP + N)  # Aridnyk to (0, 1); one move left, for the Shepherd
    assert s.legal_actions() == [A.SHEPHERD_STEP + N, A.SHEPHERD_STEP + S, A.SHEPHERD_STEP + W]
    play(s, A.SHEPHERD_STEP + W)  # onto tile 0, now free of Aridnyk
    assert s._shepherds[0] == (0, 0) and s._spirits[ARIDNYK] == (0, 1)
    assert s._stack[-1][0] != R.F_VOVK


def test_vovk_moves_may_bring_a_spirit_to_trade() -> None:
    """Vovk's moves that end with the Shepherd and a Spirit together open that trade."""
    s = ready()
    s._plots[0] = [40, 41]
    s._spirits[VOVK] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + VOVK, A.DISCARD_CARD + 40)
    play(s, A.SHEPHERD_STEP + W, A.SHEPHERD_STEP + S)  # onto Aridnyk's tile
    assert s.observation(0)["can_trade"] == []  # not before Vovk's moves end
    play(s, A.DONE)
    assert s.observation(0)["can_trade"] == ["aridnyk"]
    play(s, A.TRADE + ARIDNYK)
    assert s._sheep[0] == 3


def test_vovk_moves_onto_a_river_cost_sheep() -> None:
    """Every kind of Shepherd move pays the River (ruling 2)."""
    s = ready()
    board(s, standard(((1, 2), 19, 0)))  # a River north of tile 5
    s._plots[0] = [40]
    s._spirits[VOVK] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + VOVK, A.DISCARD_CARD + 40, A.SHEPHERD_STEP + N)
    assert s._sheep[0] == 3


@pytest.mark.parametrize(
    ("name", "sheep", "cards"),
    [("aridnyk", 1, 1), ("boh", 1, 1), ("aley", 0, 1), ("drizd", 9, 0), ("vovk", 9, 0)],
)
def test_no_trade_you_cannot_pay(name: str, sheep: int, cards: int) -> None:
    """A trade is offered only to a player able to pay for it."""
    s = ready()
    s._sheep[0] = sheep
    s._plots[0] = [40][:cards]
    s._spirits[spirit(name)] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    assert s.observation(0)["can_trade"] == []
    illegal(s, A.TRADE + spirit(name), "you cannot pay for it")
    s._sheep[0] = sheep + 2
    s._plots[0] = [40]
    touch(s)
    assert s.observation(0)["can_trade"] == [name]


def test_no_aley_trade_without_a_movable_tile() -> None:
    """Aley's trade needs a tile that may move: on a board of three in a row with every
    end occupied, none may."""
    s = ready()
    board(s, {(0, 0): (0, 0), (0, 1): (1, 0), (1, 1): (5, 0)})
    s._spirits[ALEY] = (1, 1)
    s._shepherds[1] = (0, 0)
    touch(s)
    shepherd_steps(s, 1, E)
    illegal(s, A.TRADE + ALEY, "you cannot pay for it")


@pytest.mark.parametrize(("name", "kind"), [("aridnyk", "trinkets"), ("boh", "plots")])
def test_no_draw_trade_with_nothing_to_draw(name: str, kind: str) -> None:
    """Aridnyk's and Boh's trades draw a card: with none left in the deck, its discards
    or the row, the trade would take 2 Sheep for nothing, so it is not offered."""
    s = ready()
    s._sheep[0] = 9
    s._spirits[spirit(name)] = (1, 1)
    k = A.TRINKET_KIND if kind == "trinkets" else A.PLOT_KIND
    s._decks[k] = []
    s._discards[k] = []
    s._rows[k] = [-1, -1, -1]
    touch(s)
    shepherd_steps(s, 1, E)
    assert s.observation(0)["can_trade"] == []
    illegal(s, A.TRADE + spirit(name), "it would give you nothing")
    s._discards[k] = [3]  # a discard pile is shuffled into a new deck
    touch(s)
    assert s.observation(0)["can_trade"] == [name]


def test_aley_may_put_a_tile_back_where_it_was() -> None:
    s = meet("aley")
    play(s, A.TRADE + ALEY, A.BOARD_TILE + 7, A.ROTATE + 0)
    assert A.CELL + 3 * 4 + W in s.legal_actions()  # (-1, -1) again, named through tile 3
    play(s, A.CELL + 3 * 4 + W)
    assert s._layout.cell[7] == (-1, -1)


def test_aley_moves_a_tile_without_its_black_effects() -> None:
    """The black effects of a moved tile are not resolved again."""
    s = ready()
    board(s, standard(((2, 1), 13, 0)))  # Peaks: 2 Sheep and a Spirit move when placed
    assert any(TILE_BLACK[13])
    s._spirits[ALEY] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + ALEY, A.BOARD_TILE + 13, A.ROTATE + 0, A.CELL + 3 * 4 + S)
    assert s._sheep[0] == 4
    assert all(frame[1] != R.BLACK for frame in s._stack if frame[0] == R.F_EFFECTS)


# --- Shepherd and Spirit moves ---------------------------------------------------------------


def test_shepherd_passes_through_another_shepherd_but_does_not_stop() -> None:
    s = ready()
    s._shepherds[0] = (-1, 0)
    s._shepherds[1] = (0, 0)
    touch(s)
    shepherd_steps(s, 1)
    assert A.SHEPHERD_STEP + E not in s.legal_actions()  # one step would end on seat 1
    s = ready()
    s._shepherds[0] = (-1, 0)
    s._shepherds[1] = (0, 0)
    touch(s)
    shepherd_steps(s, 2, E)
    assert s._shepherds[0] == (0, 0)
    assert A.DONE not in s.legal_actions()
    play(s, A.SHEPHERD_STEP + E)
    assert s._shepherds[0] == (1, 0)


def test_shepherds_step_only_onto_tiles() -> None:
    s = ready()
    s._shepherds[0] = (1, 1)
    touch(s)
    shepherd_steps(s, 2)
    # from the corner (1, 1): nothing north or east; seat 1 south may be passed
    assert s.legal_actions() == [A.DONE, A.SHEPHERD_STEP + S, A.SHEPHERD_STEP + W]


def test_a_move_may_stop_early() -> None:
    """Moves are optional: stop after one step of three."""
    s = ready()
    shepherd_steps(s, 3, E)
    play(s, A.DONE)
    assert s._shepherds[0] == (1, 1)
    assert all(frame[0] != R.F_SHEPHERD for frame in s._stack)


def test_a_move_may_go_back_and_forth() -> None:
    s = ready()
    s._shepherds[1] = (-1, -1)
    touch(s)
    shepherd_steps(s, 3, E, W, E)
    assert s._shepherds[0] == (1, 1)


def test_spirit_passes_through_another_spirit_but_does_not_stop() -> None:
    s = ready()
    s._spirits[BOH] = (1, 0)
    touch(s)
    begin = s.clone()
    spirit_steps(s, ARIDNYK, 1)
    assert A.SPIRIT_STEP + E not in s.legal_actions()
    s = begin
    spirit_steps(s, ARIDNYK, 2, E)
    assert s._spirits[ARIDNYK] == (1, 0)
    assert A.DONE not in s.legal_actions()
    play(s, A.SPIRIT_STEP + N)
    assert s._spirits[ARIDNYK] == (1, 1) and s._spirits[BOH] == (1, 0)


def test_spirits_ignore_shepherds() -> None:
    """A Spirit may end on a Shepherd's tile (that is how trades start)."""
    s = ready()
    spirit_steps(s, ARIDNYK, 1, E)
    assert s._spirits[ARIDNYK] == s._shepherds[1]


def test_a_spirit_move_moves_one_spirit() -> None:
    """Any Spirit on the board may be chosen, but only one, for the whole move."""
    s = ready()
    s._spirits[VOVK] = (-1, -1)
    touch(s)
    spirit_steps(s, VOVK, 2, E)
    # from (0, -1), one move left: not onto Aridnyk's tile, nothing south
    assert s.legal_actions() == [A.DONE, A.SPIRIT_STEP + E, A.SPIRIT_STEP + W]
    play(s, A.DONE)
    assert s._spirits[VOVK] == (0, -1) and s._spirits[ARIDNYK] == (0, 0)


def test_spirit_choice_lists_the_spirits_on_the_board() -> None:
    s = ready()
    s._spirits[DRIZD] = (1, 1)
    touch(s)
    begin_effects(s, {"spirit": 1})
    play(s, effect("spirit"))
    assert s.legal_actions() == [A.SPIRIT + ARIDNYK, A.SPIRIT + DRIZD]
