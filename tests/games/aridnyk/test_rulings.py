"""Aridnyk rulings 1-8 and 10-13 (rulings/aridnyk.md), each played out on a hand-built
position; ruling 9 (setup) is in test_rules.py, the Spirit trades in test_spirits.py."""

from __future__ import annotations

import pytest

from meeple.games.aridnyk.components import TILE_WATER, TILES
from meeple.games.aridnyk.rules import AridnykState

from .positions import (
    ALEY,
    ARIDNYK,
    BOH,
    BRYNZA,
    OBEREH,
    VOVK,
    ZGARDA,
    E,
    N,
    S,
    W,
    effect,
    illegal,
    ready,
    shepherd_steps,
    standard,
    to_pick,
)
from .scenario import (
    A,
    R,
    begin_effects,
    board,
    character,
    play,
    spirit,
    texts,
    touch,
    trinket_named,
)

# --- ruling 1: water edges ------------------------------------------------------------


def test_ruling_1_water_edge_may_not_face_land() -> None:
    """A River's water edge facing a land tile is not offered, and trying it says why."""
    s = ready()
    s._tiles[0] = [17]  # a straight River, water edges north and south
    touch(s)
    play(s, A.HAND_TILE + 17, A.ROTATE + 0)
    north_of_woods = A.CELL + 1 * 4 + N  # (0, 2): its south edge would touch Woods tile 1
    illegal(s, north_of_woods, r"water edge on side s would face land \(tile 1\)")
    # water against water is fine: north of the Lake, whose north side is a water edge
    assert A.CELL + 8 * 4 + N in s.legal_actions()
    # and against empty space: east of tile 2, the water edges face nothing
    play(s, A.CELL + 2 * 4 + E)
    assert s._layout.at[(2, 0)] == 17


def test_ruling_1_land_may_not_face_a_water_edge() -> None:
    """A land side may not touch a placed tile's water edge."""
    s = ready()
    s._tiles[0] = [10]  # Woods, no water edge
    touch(s)
    play(s, A.HAND_TILE + 10, A.ROTATE + 0)
    illegal(s, A.CELL + 8 * 4 + N, r"the water edge of tile 8 would face its land side s")
    illegal(s, A.CELL + 8 * 4 + W, r"the water edge of tile 8 would face its land side e")
    assert A.CELL + 1 * 4 + N in s.legal_actions()


def test_ruling_1_a_rotation_is_offered_only_where_it_fits() -> None:
    """Every offered rotation and cell obeys the water rule, and the turned tile lies with
    its water edges turned."""
    s = ready()
    s._tiles[0] = [18]  # a River bend, water edges north and east
    touch(s)
    play(s, A.HAND_TILE + 18)
    for rotation_action in s.legal_actions():
        probe = s.clone()
        play(probe, rotation_action)
        rotation = rotation_action - A.ROTATE
        for cell_action in probe.legal_actions():
            code = cell_action - A.CELL
            cell = probe._layout.anchored_cell(code // 4, code % 4)
            assert probe._layout.fits(18, rotation, cell)
    play(s, A.ROTATE + 2)  # water edges south and west
    play(s, s.legal_actions()[0])
    assert s._layout.water[18] == 0b1100


def test_ruling_1_bad_cell_ids_say_why() -> None:
    """A taken cell, or a cell named through a tile other than the lowest-numbered one
    touching it, is refused with the reason."""
    s = ready()
    board(s, standard(((0, 2), 10, 0)))
    s._tiles[0] = [11]
    touch(s)
    play(s, A.HAND_TILE + 11, A.ROTATE + 0)
    illegal(s, A.CELL + 1 * 4 + S, r"\(0, 0\) is taken")
    # (1, 2) touches tile 5 (south of it) and tile 10 (west of it): it is tile 5's north
    assert A.CELL + 5 * 4 + N in s.legal_actions()
    illegal(s, A.CELL + 10 * 4 + E, "named through the lowest-numbered tile")
    illegal(s, A.CELL + 30 * 4 + N, "tile 30 is not on the board")


# --- ruling 2: River loss --------------------------------------------------------------


def river_board(s: AridnykState) -> None:
    """A River (water edges east and west) north of Woods tile 1, Woods beyond it."""
    board(s, standard(((0, 2), 19, 0), ((0, 3), 10, 0)))


def test_ruling_2_every_entry_onto_a_river_costs_two_sheep() -> None:
    """Passing through a River costs 2 Sheep; coming back costs 2 more."""
    s = ready()
    river_board(s)
    shepherd_steps(s, 3, N)
    assert s._sheep[0] == 3
    play(s, A.SHEPHERD_STEP + N)  # through the River onto the Woods beyond
    assert s._sheep[0] == 3
    play(s, A.SHEPHERD_STEP + S)  # back onto the River
    assert s._sheep[0] == 1
    assert s._shepherds[0] == (0, 2)


def test_ruling_2_river_loss_never_goes_below_zero() -> None:
    """With fewer than 2 Sheep you discard what you have."""
    s = ready()
    river_board(s)
    s._sheep[0] = 1
    shepherd_steps(s, 1, N)
    assert s._sheep[0] == 0
    assert s.scores()[0] == 0.0


def test_ruling_2_the_chieftain_loses_one() -> None:
    """The Chieftain discards 1 Sheep instead of 2 on a River."""
    s = ready(characters=True)
    s._characters[0] = character("chieftain")
    river_board(s)
    shepherd_steps(s, 1, N)
    assert s._sheep[0] == 4


def test_ruling_2_leaving_a_river_costs_nothing() -> None:
    """Only entering a River tile costs Sheep; the tile you leave does not count."""
    s = ready()
    river_board(s)
    s._shepherds[0] = (0, 2)
    shepherd_steps(s, 1, N)
    assert s._sheep[0] == 5


# --- ruling 3: white effects -------------------------------------------------------------


def test_ruling_3_white_effects_wait_for_the_move_and_the_black_effects() -> None:
    """The tile passed through gives nothing; the tile ended on gives its white effects
    once the black effects are over."""
    s = ready()
    s._shepherds[1] = (-1, -1)
    touch(s)
    begin_effects(s, {"shepherd": 2, "sheep": 1}, R.BLACK)
    play(s, effect("shepherd"), A.SHEPHERD_STEP + E)  # onto Woods tile 5 (white: 1 Sheep)
    assert not any(A.EFFECT <= a < A.DONE for a in s.legal_actions())
    play(s, A.SHEPHERD_STEP + S)  # onto Polonyna tile 2 (white: 1 Sheep, Shepherd 1)
    pending = s.observation(0)["pending"]
    assert pending["source"] == "black" and pending["effects"] == {"sheep": 1}
    play(s, A.DONE)  # leave the black Sheep
    pending = s.observation(0)["pending"]
    assert pending["source"] == "white"
    assert pending["effects"] == {"sheep": 1, "shepherd": 1}
    assert s._sheep[0] == 5


def test_ruling_3_each_tile_gives_its_white_effects_once_per_turn() -> None:
    """Coming back to a tile whose white effects were resolved this turn gives nothing."""
    s = ready()
    s._shepherds[1] = (-1, -1)
    s._shepherds[0] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, S)  # onto tile 2: 1 Sheep, move 1
    play(s, effect("sheep"), effect("shepherd"), A.SHEPHERD_STEP + S)  # onto tile 6: move 2
    assert s.observation(0)["pending"]["effects"] == {"shepherd": 2}
    play(s, effect("shepherd"), A.SHEPHERD_STEP + N, A.DONE)  # back onto tile 2
    assert s._phase == R.PICK and not s._stack
    assert s._sheep[0] == 6
    assert s.observation(0)["white_done"] == [2, 6]


def test_ruling_3_the_start_tile_counts_only_after_a_move() -> None:
    """Without a move the tile you stand on gives nothing; after moving away and back it
    does."""
    s = ready()
    begin_effects(s, {"sheep": 1})
    play(s, A.DONE)
    assert s._phase == R.PICK and s._sheep[0] == 5
    s = ready()
    shepherd_steps(s, 2, E, W)
    assert s._shepherds[0] == (0, 1)
    assert s.observation(0)["pending"] == {
        "step": "resolving white effects",
        "frame": "white_effects",
        "source": "white",
        "effects": {"sheep": 2},
    }


def test_ruling_3_a_white_move_leads_to_the_next_tiles_white_effects() -> None:
    """A Shepherd moved by white effects may resolve the white effects of the next tile."""
    s = ready()
    s._shepherds[1] = (-1, -1)
    s._shepherds[0] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, S)  # tile 2
    play(s, effect("shepherd"), A.SHEPHERD_STEP + W)  # white move onto Aridnyk's tile 0
    # the rest of tile 2's white effects come first, then tile 0's
    assert s.observation(0)["pending"]["effects"] == {"sheep": 1}
    play(s, A.DONE)
    pending = s.observation(0)["pending"]
    assert pending["source"] == "white" and pending["effects"] == {"sheep": 1, "spirit": 2}


# --- ruling 4: trades --------------------------------------------------------------------


def test_ruling_4_no_trade_with_a_spirit_you_started_on() -> None:
    """A Shepherd that starts her turn on a Spirit's tile may not trade with it until a
    move brings them together."""
    s = ready()
    s._shepherds[0] = (0, 0)  # with Aridnyk
    touch(s)
    illegal(s, A.TRADE + ARIDNYK, "neither your Shepherd nor the Spirit has moved")
    assert s.observation(0)["can_trade"] == []
    shepherd_steps(s, 2, E, W)
    assert A.TRADE + ARIDNYK in s.legal_actions()


def test_ruling_4_no_trade_after_a_move_without_a_step() -> None:
    """Choosing a move and stopping before the first step moves nothing: no trade with the
    Spirit the Shepherd started on (Shepherd move, Spirit move or Vovk's moves), and no
    white effects of the start tile."""
    s = ready()
    s._shepherds[0] = (0, 0)
    touch(s)
    begin_effects(s, {"shepherd": 1, "spirit": 1})
    play(s, effect("shepherd"), A.DONE)
    play(s, effect("spirit"), A.SPIRIT + ARIDNYK, A.DONE)
    illegal(s, A.TRADE + ARIDNYK, "neither your Shepherd nor the Spirit has moved")
    assert s._phase == R.PICK and s._sheep[0] == 5  # tile 0's white Sheep not offered
    # Vovk reached from afar (a Trinket's trade with any Spirit): choosing Aridnyk for
    # Vovk's moves and stopping at once does not move it
    s = ready()
    s._shepherds[0] = (0, 0)
    s._plots[0] = [40]
    s._spirits[VOVK] = (-1, -1)
    touch(s)
    begin_effects(s, {"trade_any": 1})
    play(s, effect("trade_any"), A.SPIRIT + VOVK, A.DISCARD_CARD + 40)
    assert s.observation(0)["pending"]["step"] == "Vovk's moves"
    play(s, A.SPIRIT + ARIDNYK, A.DONE)
    illegal(s, A.TRADE + ARIDNYK, "neither your Shepherd nor the Spirit has moved")


def test_ruling_4_a_spirit_moved_onto_your_shepherd_trades() -> None:
    """Moving a Spirit onto your Shepherd opens its trade."""
    s = ready()
    begin_effects(s, {"spirit": 1})
    play(s, effect("spirit"), A.SPIRIT + ARIDNYK, A.SPIRIT_STEP + N)
    assert s._spirits[ARIDNYK] == (0, 1)
    assert s.observation(0)["can_trade"] == ["aridnyk"]


def test_ruling_4_only_the_active_players_moves_count() -> None:
    """A Spirit another player moved onto your Shepherd does not let you trade on your
    turn."""
    s = ready()
    begin_effects(s, {"spirit": 1})
    play(s, effect("spirit"), A.SPIRIT + ARIDNYK, A.SPIRIT_STEP + E)  # onto seat 1
    assert s._spirits[ARIDNYK] == s._shepherds[1]
    assert s._phase == R.PICK
    play(s, A.HORIZON + s._horizon[0])
    assert s.current_player == 1
    illegal(s, A.TRADE + ARIDNYK, "neither your Shepherd nor the Spirit has moved")


def test_ruling_4_once_per_spirit_per_turn() -> None:
    """After a trade with a Spirit, coming back to it does not open a second trade."""
    s = ready()
    shepherd_steps(s, 1, S)  # onto Aridnyk
    play(s, A.TRADE + ARIDNYK, A.DRAW_DECK + A.TRINKET_KIND)
    assert s._sheep[0] == 3 and len(s._trinkets[0]) == 1
    shepherd_steps(s, 2, E, W)  # away and back
    illegal(s, A.TRADE + ARIDNYK, "already traded")
    assert s.observation(0)["traded"] == ["aridnyk"]


def test_ruling_4_trades_reset_each_turn() -> None:
    """The once-per-turn limit is per turn: next turn the Spirit trades again."""
    s = ready(players=1)
    shepherd_steps(s, 1, S)
    play(s, A.TRADE + ARIDNYK, A.DRAW_DECK + A.TRINKET_KIND)
    while s._stack:
        play(s, A.DONE)
    play(s, A.HORIZON + s._horizon[0])
    assert s.current_player == 0 and s._phase == R.PLACE
    shepherd_steps(s, 2, N, S)
    assert A.TRADE + ARIDNYK in s.legal_actions()


def test_ruling_4_a_spirit_placed_by_a_tile_icon_has_not_moved() -> None:
    """The Spirit the tile icon puts on a new tile leaves the Shepherd it stood with; no
    trade comes from the placing, one comes from moving onto it."""
    s = ready()
    s._spirits[ALEY] = (0, 1)  # with seat 0's Shepherd since before the turn
    s._tiles[0] = [9]  # Woods with Aley's icon; black: 2 Sheep, Shepherd 1
    touch(s)
    play(s, A.HAND_TILE + 9, A.ROTATE + 0, A.CELL + 1 * 4 + N)
    assert s._spirits[ALEY] == (0, 2)
    assert s.observation(0)["can_trade"] == []
    play(s, effect("shepherd"), A.SHEPHERD_STEP + N)
    assert s.observation(0)["can_trade"] == ["aley"]


# --- ruling 5: Aley -----------------------------------------------------------------------


def aley_ready(layout: dict[tuple[int, int], tuple[int, int]] | None = None) -> AridnykState:
    """Seat 0's Shepherd has just moved onto Aley, standing on Woods tile 5 at (1, 1)."""
    s = ready()
    if layout is not None:
        board(s, layout)
    s._spirits[ALEY] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    assert A.TRADE + ALEY in s.legal_actions()
    return s


def test_ruling_5_aley_moves_only_unoccupied_tiles() -> None:
    """Tiles with a Shepherd or a Spirit on them are not offered."""
    s = aley_ready()
    play(s, A.TRADE + ALEY)
    assert s._sheep[0] == 4
    offered = sorted(a - A.BOARD_TILE for a in s.legal_actions())
    # 0 holds Aridnyk, 2 seat 1's Shepherd, 5 seat 0's Shepherd and Aley
    assert offered == [1, 3, 4, 6, 7, 8]
    illegal(s, A.BOARD_TILE + 0, "the step is placing a tile")


def test_ruling_5_aley_never_splits_the_board() -> None:
    """A tile whose removal would cut the board in two may not be moved."""
    line = {
        (0, 1): (1, 0),
        (0, 0): (0, 0),
        (1, 0): (2, 0),
        (1, 1): (5, 0),
        (2, 0): (10, 0),
        (3, 0): (11, 0),
        (4, 0): (13, 0),
    }
    s = aley_ready(line)
    s._shepherds[1] = (0, 1)
    s._shepherds[0] = (1, 1)
    touch(s)
    play(s, A.TRADE + ALEY)
    # 2, 10 and 11 each hold the east of the line to the rest; 13 is the loose end
    assert [a - A.BOARD_TILE for a in s.legal_actions()] == [13]


def test_ruling_5_aley_moves_without_black_effects_or_spirits() -> None:
    """The moved tile may be turned, obeys the water rule, fires no black effects and
    brings no Spirit with its icon."""
    s = aley_ready(standard(((1, 2), 12, 0)))  # Peaks with Vovk's icon, black 1 Sheep
    assert s._spirits[VOVK] is None
    play(s, A.TRADE + ALEY, A.BOARD_TILE + 12)
    rotations = [a - A.ROTATE for a in s.legal_actions()]
    assert rotations == [0]  # no water: every turn lies alike, one is offered
    play(s, A.ROTATE + 0)
    for a in s.legal_actions():
        code = a - A.CELL
        cell = s._layout.anchored_cell(code // 4, code % 4)
        assert s._layout.fits(12, 0, cell, without=12)
    assert A.CELL + 8 * 4 + N not in s.legal_actions()  # land against the Lake's water
    play(s, A.CELL + 3 * 4 + S)
    assert s._layout.cell[12] == (0, -2) and s._layout.rot[12] == 0
    assert s._spirits[VOVK] is None
    assert s._sheep[0] == 4
    # only the white effects of tile 5, where the Shepherd met Aley, are left to resolve
    assert [(f[0], f[1]) for f in s._stack] == [(R.F_EFFECTS, R.WHITE)]


def test_ruling_5_aley_keeps_the_water_rule_for_the_moved_tile() -> None:
    """Moving the Lake, only cells where its water edges meet water or nothing are offered."""
    s = aley_ready()
    play(s, A.TRADE + ALEY, A.BOARD_TILE + 8)
    for rotation_action in s.legal_actions():
        probe = s.clone()
        play(probe, rotation_action)
        for a in probe.legal_actions():
            code = a - A.CELL
            cell = probe._layout.anchored_cell(code // 4, code % 4)
            assert probe._layout.fits(8, rotation_action - A.ROTATE, cell, without=8)


# --- ruling 6: Aridnyk and Boh -------------------------------------------------------------


@pytest.mark.parametrize(("who", "kind"), [("aridnyk", A.TRINKET_KIND), ("boh", A.PLOT_KIND)])
def test_ruling_6_refresh_then_draw_from_row_or_deck(who: str, kind: int) -> None:
    """After the optional refresh (the old row discarded, three new cards) the trader
    takes a row card or the deck top."""
    s = ready()
    s._spirits[spirit(who)] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + spirit(who))
    assert s._sheep[0] == 3
    rows = [A.DRAW_ROW + kind * 3 + slot for slot in range(3)]
    assert sorted(s.legal_actions()) == sorted([*rows, A.DRAW_DECK + kind, A.REFRESH_ROW])
    old = s._rows[kind][:]
    play(s, A.REFRESH_ROW)
    assert s._discards[kind] == old
    assert not set(old) & set(s._rows[kind])
    assert A.REFRESH_ROW not in s.legal_actions()
    taken = s._rows[kind][1]
    play(s, A.DRAW_ROW + kind * 3 + 1)
    hand = s._plots[0] if kind == A.PLOT_KIND else s._trinkets[0]
    assert hand == [taken]
    assert s._rows[kind][1] not in (taken, -1)


@pytest.mark.parametrize(("who", "kind"), [("aridnyk", A.TRINKET_KIND), ("boh", A.PLOT_KIND)])
@pytest.mark.parametrize("discarded", [0, 1, 5])
def test_ruling_6_a_refresh_reveals_new_cards_when_the_deck_runs_out(
    who: str, kind: int, discarded: int
) -> None:
    """ "Discard all 3 cards in the row and reveal 3 new cards": a deck that runs out
    while they are revealed is made anew from the other discards, not the old row; only
    a slot no new card can fill takes an old card back."""
    s = ready()
    s._spirits[spirit(who)] = (1, 1)
    old = s._rows[kind][:]
    spare = s._decks[kind][:]
    s._decks[kind] = spare[:1]
    s._discards[kind] = spare[1 : 1 + discarded]
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + spirit(who))
    play(s, A.REFRESH_ROW)
    row = s._rows[kind]
    new = spare[: 1 + discarded]
    fresh = [c for c in row if c not in old]
    assert set(fresh) <= set(new) and len(fresh) == min(3, len(new))
    assert len(set(row) & set(old)) == max(0, 3 - len(new))
    assert -1 not in row
    everywhere = sorted([*row, *s._decks[kind], *s._discards[kind]])
    assert everywhere == sorted([*old, *new])


# --- ruling 7: reactions --------------------------------------------------------------------


def trade_with_aridnyk(s: AridnykState) -> None:
    """Seat 0 brings Aridnyk onto her Shepherd and declares the trade."""
    begin_effects(s, {"spirit": 1})
    play(s, effect("spirit"), A.SPIRIT + ARIDNYK, A.SPIRIT_STEP + N, A.TRADE + ARIDNYK)


def test_ruling_7_zgarda_cancels_a_trade() -> None:
    """Zgarda is answered by the other seat; the trader pays nothing and the trade with
    that Spirit is used."""
    s = ready()
    s._trinkets[1] = [ZGARDA]
    touch(s)
    trade_with_aridnyk(s)
    assert s.current_player == 1
    assert s.legal_actions() == [A.USE_TRINKET + ZGARDA, A.NO_REACTION]
    assert s.observation(1)["reaction"] == {"trigger": "trade", "spirit": "aridnyk"}
    play(s, A.USE_TRINKET + ZGARDA)
    assert s.current_player == 0
    assert s._sheep[0] == 5 and s._trinkets[0] == []
    assert s._trinkets[1] == [] and s._discards[A.TRINKET_KIND] == [ZGARDA]
    illegal(s, A.TRADE + ARIDNYK, "already traded")


def test_ruling_7_no_reaction_lets_the_trade_resolve() -> None:
    s = ready()
    s._trinkets[1] = [ZGARDA]
    touch(s)
    trade_with_aridnyk(s)
    play(s, A.NO_REACTION)
    assert s.current_player == 0 and s._sheep[0] == 3
    assert A.DRAW_DECK + A.TRINKET_KIND in s.legal_actions()
    assert s._trinkets[1] == [ZGARDA]


def test_ruling_7_a_seat_without_a_reaction_may_only_decline() -> None:
    """A seat holding Trinkets but no reaction is asked too and may only answer no."""
    s = ready()
    s._trinkets[1] = [BRYNZA, OBEREH]  # Obereh cancels Trinkets, not trades
    touch(s)
    trade_with_aridnyk(s)
    assert s.current_player == 1
    assert s.legal_actions() == [A.NO_REACTION]
    illegal(s, A.USE_TRINKET + BRYNZA, "waiting for reactions")


def test_ruling_7_seats_without_trinkets_are_not_asked() -> None:
    s = ready()
    trade_with_aridnyk(s)
    assert s.current_player == 0 and s._sheep[0] == 3


def test_ruling_7_reactions_are_asked_in_turn_order() -> None:
    """Every other seat holding Trinkets is asked in turn; the second may still cancel."""
    s = ready(players=3)
    s._trinkets[1] = [BRYNZA]
    s._trinkets[2] = [ZGARDA]
    touch(s)
    trade_with_aridnyk(s)
    assert s.current_player == 1
    play(s, A.NO_REACTION)
    assert s.current_player == 2
    play(s, A.USE_TRINKET + ZGARDA)
    assert s.current_player == 0 and s._sheep[0] == 5


def test_ruling_7_no_reaction_on_your_own_turn() -> None:
    """Your own reaction Trinkets are not offered on your turn; your turn Trinkets are."""
    s = ready()
    s._trinkets[0] = [BRYNZA, ZGARDA]
    touch(s)
    assert A.USE_TRINKET + BRYNZA in s.legal_actions()
    illegal(s, A.USE_TRINKET + ZGARDA, "the step is placing a tile")


def test_ruling_7_a_cancelled_trinket_is_spent() -> None:
    """Obereh cancels another player's Trinket: it is discarded with no effect and still
    counts as the turn's Trinket."""
    s = ready()
    s._trinkets[0] = [BRYNZA, trinket_named("Keptar")]
    s._trinkets[1] = [OBEREH]
    touch(s)
    play(s, A.USE_TRINKET + BRYNZA)
    assert s.current_player == 1
    assert s.observation(1)["reaction"] == {"trigger": "trinket", "trinket": BRYNZA + 1}
    play(s, A.USE_TRINKET + OBEREH)
    assert s.current_player == 0 and s._sheep[0] == 5
    assert s._trinket_used
    illegal(s, A.USE_TRINKET + trinket_named("Keptar"), "already used a Trinket this turn")


def test_ruling_7_family_games_ask_no_one() -> None:
    """The family preset has no reactions: nobody is asked."""
    s = ready(preset="family")
    s._trinkets[1] = [BRYNZA]
    touch(s)
    trade_with_aridnyk(s)
    assert s.current_player == 0 and s._sheep[0] == 3


# --- ruling 8: Plots --------------------------------------------------------------------------

TWIN_PEAKS, WATCHTOWER = 0, 8  # two / three Peaks in a row
WIDE_MEADOWS, SUMMER_PASTURES = 6, 24  # 3 / 4 adjacent Polonyna; 3 Sheep / 4 Sheep + a card


def peaks_row(s: AridnykState) -> None:
    """Peaks tile 6 at (1, -1) gets two Peaks to its east."""
    board(s, standard(((2, -1), 14, 0), ((3, -1), 23, 0)))


def meadows(s: AridnykState) -> None:
    """Polonyna 4 and 7 get two more Polonyna to their west: a group of four."""
    board(s, standard(((-2, 0), 16, 0), ((-2, -1), 26, 0)))


def test_ruling_8_a_plot_is_claimed_only_when_met() -> None:
    """Claiming an unmet Plot is illegal and says why."""
    s = ready()
    s._plots[0] = [TWIN_PEAKS]
    touch(s)
    illegal(s, A.CLAIM + TWIN_PEAKS, "its task is not met yet")
    illegal(s, A.CLAIM + WATCHTOWER, "you do not hold Plot 9")
    peaks_row(s)
    assert A.CLAIM + TWIN_PEAKS in s.legal_actions()


def test_ruling_8_the_reward_comes_at_once() -> None:
    """While a reward is collected nothing else may be done (no other Plot, no Trinket)."""
    s = ready()
    s._plots[0] = [TWIN_PEAKS, WATCHTOWER]
    s._trinkets[0] = [BRYNZA]
    peaks_row(s)
    play(s, A.CLAIM + TWIN_PEAKS)
    assert s.legal_actions() == [effect("sheep"), A.DONE]
    play(s, effect("sheep"))
    assert s._sheep[0] == 8 and s._fulfilled[0] == [TWIN_PEAKS]
    assert A.CLAIM + WATCHTOWER in s.legal_actions()
    assert A.USE_TRINKET + BRYNZA in s.legal_actions()


def test_ruling_8_part_of_a_reward_may_be_declined() -> None:
    """Take the Sheep, leave the card; the Plot is fulfilled all the same."""
    s = ready()
    s._plots[0] = [SUMMER_PASTURES]
    meadows(s)
    play(s, A.CLAIM + SUMMER_PASTURES)
    assert s.legal_actions() == [effect("sheep"), effect("card"), A.DONE]
    play(s, effect("sheep"), A.DONE)
    assert s._sheep[0] == 9
    assert s._plots[0] == [] and s._trinkets[0] == []
    assert s._fulfilled[0] == [SUMMER_PASTURES]
    assert s._phase == R.PLACE and not s._stack


def test_ruling_8_a_whole_reward_may_be_taken() -> None:
    s = ready()
    s._plots[0] = [SUMMER_PASTURES]
    meadows(s)
    play(s, A.CLAIM + SUMMER_PASTURES, effect("card"), A.DRAW_KIND + A.PLOT_KIND)
    top = s._decks[A.PLOT_KIND][-1]
    play(s, A.DRAW_DECK + A.PLOT_KIND)
    assert s._plots[0] == [top]
    assert s.legal_actions()[:2] == [effect("sheep"), A.DONE]
    play(s, effect("sheep"))
    assert s._sheep[0] == 9 and s._phase == R.PLACE and not s._stack


def test_ruling_8_a_whole_reward_may_be_declined() -> None:
    s = ready()
    s._plots[0] = [TWIN_PEAKS]
    peaks_row(s)
    play(s, A.CLAIM + TWIN_PEAKS, A.DONE)
    assert s._sheep[0] == 5 and s._fulfilled[0] == [TWIN_PEAKS]


def test_ruling_8_one_tile_serves_several_plots() -> None:
    s = ready()
    s._plots[0] = [WIDE_MEADOWS, SUMMER_PASTURES]
    meadows(s)
    play(s, A.CLAIM + SUMMER_PASTURES, effect("sheep"), A.DONE)
    play(s, A.CLAIM + WIDE_MEADOWS, effect("sheep"))
    assert s._sheep[0] == 5 + 4 + 3
    assert sorted(s._fulfilled[0]) == [WIDE_MEADOWS, SUMMER_PASTURES]


def test_ruling_8_plots_are_claimed_at_every_open_moment_of_your_turn() -> None:
    """Before placing, between effects and before the pick; never while reacting on
    another player's turn."""
    s = ready()
    s._plots[0] = [TWIN_PEAKS]
    peaks_row(s)
    assert A.CLAIM + TWIN_PEAKS in s.legal_actions()  # before placing
    begin_effects(s, {"sheep": 1, "shepherd": 1})
    assert A.CLAIM + TWIN_PEAKS in s.legal_actions()  # between effects
    play(s, effect("shepherd"))
    assert A.CLAIM + TWIN_PEAKS not in s.legal_actions()  # in the middle of a move
    play(s, A.DONE, A.DONE)  # no step taken: no white effects either
    assert s._phase == R.PICK
    assert A.CLAIM + TWIN_PEAKS in s.legal_actions()  # before the pick
    # on seat 1's turn, asked to react, seat 0 may only answer
    s._trinkets[0] = [BRYNZA]
    play(s, A.HORIZON + s._horizon[0])
    assert s.current_player == 1
    s._spirits[ARIDNYK] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, N)
    play(s, A.TRADE + ARIDNYK)
    assert s.current_player == 0
    assert s.legal_actions() == [A.NO_REACTION]


def test_ruling_8_a_plot_met_by_another_players_move_is_claimed_on_your_turn() -> None:
    """Seat 0 moves Aley onto a Woods, meeting seat 1's Aley's Orchard; seat 1 claims it
    at the start of her turn."""
    orchard = 32  # Aley on a Woods, then a Polonyna, then a Woods, in a row
    s = ready()
    board(s, standard(((-2, -1), 10, 0)))  # Woods 10, Polonyna 7, Woods 3 in a row
    s._plots[1] = [orchard]
    s._spirits[ALEY] = (1, -1)
    touch(s)
    assert not s._plot_level(1, orchard)
    begin_effects(s, {"spirit": 1})
    play(s, effect("spirit"), A.SPIRIT + ALEY, A.SPIRIT_STEP + W)
    assert s._spirits[ALEY] == (0, -1)
    assert A.CLAIM + orchard not in s.legal_actions()
    play(s, A.HORIZON + s._horizon[0])
    assert s.current_player == 1
    assert A.CLAIM + orchard in s.legal_actions()


# --- ruling 10: Horizon and seasons -------------------------------------------------------


def test_ruling_10_the_horizon_is_refilled_from_the_active_season() -> None:
    """Spring first; when the Spring stack is empty the Horizon draws Summer, then Autumn."""
    s = ready(players=1)
    last_spring = s._stacks[0][-1]
    s._stacks[0] = [last_spring]
    touch(s)
    assert s.observation(0)["season"] == "spring"
    to_pick(s)
    taken = s._horizon[0]
    play(s, A.HORIZON + taken)
    assert taken in s._tiles[0]
    assert s._horizon[-1] == last_spring and len(s._horizon) == 3
    assert s.observation(0)["season"] == "summer"
    next_summer = s._stacks[1][-1]
    to_pick(s)
    play(s, A.HORIZON + s._horizon[0])
    assert s._horizon[-1] == next_summer
    assert TILES[next_summer].season == "summer"
    s._stacks[1] = []
    touch(s)
    assert s.observation(0)["season"] == "autumn"
    to_pick(s)
    play(s, A.HORIZON + s._horizon[0])
    assert TILES[s._horizon[-1]].season == "autumn"


def test_ruling_10_the_horizon_is_refilled_once_per_turn() -> None:
    s = ready(players=1)
    before = len(s._stacks[0])
    to_pick(s)
    play(s, A.HORIZON + s._horizon[0])
    assert len(s._stacks[0]) == before - 1 and len(s._horizon) == 3


def test_ruling_10_an_empty_horizon_lets_the_turn_end() -> None:
    s = ready()
    for stack in s._stacks:
        stack.clear()
    s._horizon = []
    to_pick(s)
    assert s.legal_actions() == [A.DONE]
    play(s, A.DONE)
    assert s.current_player == 1


# --- ruling 11: game end -----------------------------------------------------------------


def last_tiles(s: AridnykState, hands: list[list[int]]) -> None:
    for stack in s._stacks:
        stack.clear()
    s._horizon = []
    s._tiles = [h[:] for h in hands]
    touch(s)


def place_and_end(s: AridnykState) -> None:
    """Place the first tile of the hand where first offered, leave its effects, end."""
    tile = s._tiles[s._turn][0]
    play(s, A.HAND_TILE + tile)
    play(s, s.legal_actions()[0])
    play(s, s.legal_actions()[0])
    while s._stack:
        play(s, A.DONE)
    play(s, A.DONE)


def test_ruling_11_the_game_ends_after_the_turn_of_the_last_tile() -> None:
    s = ready()
    last_tiles(s, [[10], [11]])
    place_and_end(s)
    assert not s.is_terminal() and s.current_player == 1
    place_and_end(s)
    assert s.is_terminal()
    assert s.legal_actions() == []
    assert s.observation(0)["winners"] is not None


def test_ruling_11_a_player_without_tiles_is_skipped() -> None:
    s = ready(players=3)
    last_tiles(s, [[10], [], [11]])
    place_and_end(s)
    assert s.current_player == 2
    place_and_end(s)
    assert s.is_terminal()


def test_ruling_11_unplaceable_tiles_discard_one_and_play_on() -> None:
    """A board whose every open side is a water edge takes no land tile: the player
    discards one (shown to all) and goes on with her turn."""
    ring = {(0, 1): (42, 0), (1, 1): (18, 0), (1, 0): (29, 0), (0, 0): (31, 0)}
    s = ready()
    board(s, ring)
    s._spirits[ARIDNYK] = (0, 0)
    s._shepherds[0] = (0, 1)
    s._shepherds[1] = (1, 0)
    s._tiles[0] = [10, 11]
    touch(s)
    assert s.legal_actions() == [A.DISCARD_TILE + 10, A.DISCARD_TILE + 11]
    play(s, A.DISCARD_TILE + 11)
    assert s._tiles[0] == [10] and s._phase == R.PICK
    assert 11 in s._public_tiles and s._layout.cell[11] is None
    assert s.public_action_string(A.DISCARD_TILE + 11).startswith("discard tile 11")
    play(s, A.HORIZON + s._horizon[0])
    assert len(s._tiles[0]) == 2 and s.current_player == 1


def test_ruling_11_a_river_still_fits_the_water_ring() -> None:
    """The same ring takes a River whose water edge meets a water edge."""
    ring = {(0, 1): (42, 0), (1, 1): (18, 0), (1, 0): (29, 0), (0, 0): (31, 0)}
    s = ready()
    board(s, ring)
    s._spirits[ARIDNYK] = (0, 0)
    s._shepherds = [(0, 1), (1, 0)]
    s._tiles[0] = [10, 17]
    touch(s)
    assert A.HAND_TILE + 17 in s.legal_actions()
    assert A.HAND_TILE + 10 not in s.legal_actions()
    assert not any(A.DISCARD_TILE <= a < A.BOARD_TILE for a in s.legal_actions())


@pytest.mark.parametrize(
    ("sheep", "fulfilled", "returns"),
    [
        ([10, 9], [[], [1]], [1.0, 0.0]),
        ([10, 10], [[0], []], [1.0, 0.0]),
        ([10, 10], [[], [0, 1]], [0.0, 1.0]),
        ([10, 10], [[0], [1]], [1.0, 1.0]),
    ],
)
def test_ruling_11_ties_go_to_fulfilled_plots_then_are_shared(
    sheep: list[int], fulfilled: list[list[int]], returns: list[float]
) -> None:
    s = ready()
    last_tiles(s, [[10], []])
    s._sheep = sheep[:]
    s._fulfilled = [f[:] for f in fulfilled]
    assert s.returns() == [0.0, 0.0]
    place_and_end(s)
    assert s.is_terminal()
    assert s.returns() == returns
    assert s.scores() == [float(x) for x in sheep]


# --- ruling 12: decks and the hand limit -----------------------------------------------------


def test_ruling_12_an_empty_deck_is_rebuilt_from_its_discards() -> None:
    s = ready()
    s._decks[A.PLOT_KIND] = []
    s._discards[A.PLOT_KIND] = [40, 41, 42]
    touch(s)
    begin_effects(s, {"plot": 1})
    play(s, effect("plot"), A.DRAW_DECK + A.PLOT_KIND)
    assert len(s._plots[0]) == 1 and s._plots[0][0] in (40, 41, 42)
    assert s._discards[A.PLOT_KIND] == []
    assert sorted(s._decks[A.PLOT_KIND] + s._plots[0]) == [40, 41, 42]


def test_ruling_12_a_row_gap_is_refilled_from_rebuilt_discards() -> None:
    s = ready()
    s._decks[A.TRINKET_KIND] = []
    s._discards[A.TRINKET_KIND] = [BRYNZA]
    touch(s)
    begin_effects(s, {"trinket": 1})
    taken = s._rows[A.TRINKET_KIND][0]
    play(s, effect("trinket"), A.DRAW_ROW + A.TRINKET_KIND * 3 + 0)
    assert s._trinkets[0] == [taken]
    assert s._rows[A.TRINKET_KIND][0] == BRYNZA


def test_ruling_12_no_card_anywhere_means_no_draw() -> None:
    s = ready()
    s._decks[A.PLOT_KIND] = []
    s._rows[A.PLOT_KIND] = [-1, -1, -1]
    touch(s)
    begin_effects(s, {"plot": 1, "card": 1})
    assert effect("plot") not in s.legal_actions()
    play(s, effect("card"))
    assert s.legal_actions() == [A.DRAW_KIND + A.TRINKET_KIND]


def test_ruling_12_the_hand_limit_is_six_and_the_owner_chooses() -> None:
    """A seventh card is discarded at once, the owner choosing which, before anything
    else of the effect goes on."""
    s = ready()
    s._plots[0] = [30, 31, 32]
    s._trinkets[0] = [1, 2, 3]
    touch(s)
    begin_effects(s, {"plot": 1, "sheep": 2})
    play(s, effect("plot"), A.DRAW_DECK + A.PLOT_KIND)
    new = next(p for p in s._plots[0] if p not in (30, 31, 32))
    assert s.current_player == 0
    codes = sorted([30, 31, 32, new] + [A.NUM_PLOTS + t for t in (1, 2, 3)])
    assert s.legal_actions() == [A.DISCARD_CARD + c for c in codes]
    assert s.observation(0)["step"] == "the step is discarding down to six cards"
    play(s, A.DISCARD_CARD + A.NUM_PLOTS + 2)
    assert s._trinkets[0] == [1, 3] and len(s._plots[0]) == 4
    assert s._discards[A.TRINKET_KIND] == [2]
    assert s.observation(0)["pending"]["effects"] == {"sheep": 2}


def test_ruling_12_six_cards_need_no_discard() -> None:
    s = ready()
    s._plots[0] = [30, 31]
    s._trinkets[0] = [1, 2, 3]
    touch(s)
    begin_effects(s, {"plot": 1})
    play(s, effect("plot"), A.DRAW_DECK + A.PLOT_KIND)
    assert len(s._plots[0]) + len(s._trinkets[0]) == 6
    assert s._phase == R.PICK


# --- ruling 13: characters -------------------------------------------------------------------


def with_character(name: str, players: int = 2) -> AridnykState:
    s = ready(players=players, characters=True)
    s._characters[0] = character(name)
    touch(s)
    return s


def test_ruling_13_the_dreamer_sees_the_plot_deck_top() -> None:
    """Drawing a Plot, the Dreamer chooses from the row and the revealed deck top; a row
    card taken is replaced by the revealed one."""
    s = with_character("dreamer")
    top = s._decks[A.PLOT_KIND][-1]
    begin_effects(s, {"card": 1})
    play(s, effect("card"), A.DRAW_KIND + A.PLOT_KIND)
    assert s.observation(1)["revealed_cards"]["plot"] == top + 1
    assert A.DRAW_DECK + A.PLOT_KIND in s.legal_actions()
    assert "take the revealed Plot" in texts(s)[-1]
    taken = s._rows[A.PLOT_KIND][2]
    play(s, A.DRAW_ROW + A.PLOT_KIND * 3 + 2)
    assert s._plots[0] == [taken]
    assert s._rows[A.PLOT_KIND][2] == top
    assert s._revealed == [-1, -1]


def test_ruling_13_the_dreamer_takes_the_revealed_card_openly() -> None:
    s = with_character("dreamer")
    top = s._decks[A.PLOT_KIND][-1]
    row = s._rows[A.PLOT_KIND][:]
    begin_effects(s, {"plot": 1})
    play(s, effect("plot"), A.DRAW_DECK + A.PLOT_KIND)
    assert s._plots[0] == [top] and s._rows[A.PLOT_KIND] == row
    assert s.observation(1)["known_hands"][0]["plots"] == [top + 1]


def test_ruling_13_the_dreamer_draws_trinkets_as_anyone() -> None:
    """The Dreamer's power is for Plots; the Crafter's for Trinkets."""
    s = with_character("dreamer")
    begin_effects(s, {"trinket": 1})
    play(s, effect("trinket"))
    assert s._revealed == [-1, -1]
    s = with_character("crafter")
    top = s._decks[A.TRINKET_KIND][-1]
    begin_effects(s, {"trinket": 1})
    play(s, effect("trinket"))
    assert s._revealed[A.TRINKET_KIND] == top


def test_ruling_13_the_tracker_sees_the_stack_top() -> None:
    """At the pick the Tracker may take the stack's top tile (the Horizon is not refilled)
    or a Horizon tile (the revealed tile fills the gap)."""
    s = with_character("tracker")
    top = s._stacks[0][-1]
    horizon = s._horizon[:]
    to_pick(s)
    assert s.observation(1)["revealed_tile"] == top
    assert A.STACK_TOP in s.legal_actions()
    play(s, A.STACK_TOP)
    assert top in s._tiles[0] and s._horizon == horizon
    s = with_character("tracker")
    top = s._stacks[0][-1]
    to_pick(s)
    taken = s._horizon[1]
    play(s, A.HORIZON + taken)
    assert s._horizon[-1] == top and taken not in s._horizon and len(s._horizon) == 3


def test_ruling_13_the_molfar_adds_one_to_every_move() -> None:
    s = with_character("molfar")
    s._shepherds[1] = (-1, -1)
    touch(s)
    begin_effects(s, {"shepherd": 1, "spirit": 1})
    play(s, effect("shepherd"))
    assert s.observation(0)["pending"]["moves_left"] == 2
    play(s, A.SHEPHERD_STEP + E, A.SHEPHERD_STEP + S)
    play(s, effect("spirit"), A.SPIRIT + ARIDNYK)
    assert s.observation(0)["pending"]["moves_left"] == 2


def test_ruling_13_the_climber_may_be_one_peaks_short() -> None:
    """Twin Peaks with a single Peaks tile, and an extra Trinket in the reward."""
    s = with_character("climber")
    s._plots[0] = [TWIN_PEAKS]
    touch(s)
    assert A.CLAIM + TWIN_PEAKS in s.legal_actions()
    play(s, A.CLAIM + TWIN_PEAKS)
    assert s.observation(0)["pending"]["effects"] == {"sheep": 3, "trinket": 1}
    s = ready()
    s._plots[0] = [TWIN_PEAKS]
    touch(s)
    assert A.CLAIM + TWIN_PEAKS not in s.legal_actions()


def test_ruling_13_the_musician_adds_a_horizon_tile_that_stays() -> None:
    """Wide Meadows one Polonyna short; the extra Horizon tile is not replaced when taken
    until the Horizon is down to three."""
    s = with_character("musician")
    s._plots[0] = [WIDE_MEADOWS]
    touch(s)
    play(s, A.CLAIM + WIDE_MEADOWS, A.DONE)
    assert len(s._horizon) == 4
    to_pick(s)
    play(s, A.HORIZON + s._horizon[0])
    assert len(s._horizon) == 3


def test_ruling_13_the_vagabond_trades_with_another_spirit() -> None:
    """With a Spirit on her tile the Vagabond pays one more Sheep to trade with another
    Spirit instead; that Spirit's trade is then used, and so is the meeting."""
    s = with_character("vagabond")
    s._spirits[BOH] = (-1, -1)
    touch(s)
    shepherd_steps(s, 1, S)  # onto Aridnyk
    assert s.observation(0)["can_trade"] == ["aridnyk", "boh"]
    play(s, A.TRADE + BOH)
    assert s._sheep[0] == 2
    play(s, A.DRAW_DECK + A.PLOT_KIND)
    assert len(s._plots[0]) == 1
    illegal(s, A.TRADE + BOH, "already traded")
    assert A.TRADE + ARIDNYK not in s.legal_actions()


def test_ruling_13_others_cannot_trade_at_a_distance() -> None:
    s = ready()
    s._spirits[BOH] = (-1, -1)
    touch(s)
    shepherd_steps(s, 1, S)
    assert s.observation(0)["can_trade"] == ["aridnyk"]
    illegal(s, A.TRADE + BOH, "not on your Shepherd's tile")


def test_water_masks_are_as_documented() -> None:
    """The hand-built boards above rely on these water edges (n=1, e=2, s=4, w=8)."""
    assert TILE_WATER[17] == 0b0101 and TILE_WATER[19] == 0b1010
    assert TILE_WATER[18] == 0b0011 and TILE_WATER[29] == 0b0110
    assert TILE_WATER[31] == 0b1100 and TILE_WATER[42] == 0b1001


def test_ruling_3_a_trinket_move_before_the_tile_gives_white_effects() -> None:
    """A Trinket may be used at any point of the turn: a move it makes before the tile is
    placed ends on a tile, whose white effects are offered then."""
    dzhergan = trinket_named("Dzhergan")  # 2 Sheep, move your Shepherd 1
    s = ready()
    s._shepherds[1] = (-1, -1)
    s._trinkets[0] = [dzhergan]
    touch(s)
    assert s._phase == R.PLACE
    play(s, A.USE_TRINKET + dzhergan, effect("sheep"), effect("shepherd"), A.SHEPHERD_STEP + E)
    pending = s.observation(0)["pending"]  # onto Woods tile 5 (white: 1 Sheep)
    assert pending["source"] == "white" and pending["effects"] == {"sheep": 1}
    assert s._phase == R.PLACE
    play(s, effect("sheep"))
    assert s._phase == R.PLACE and not s._stack and s.observation(0)["white_done"] == [5]
