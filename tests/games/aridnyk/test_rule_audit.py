"""Rulebook passages the other Aridnyk tests leave open, each played out on a
hand-built position. Every test names the passage of rules/aridnyk.txt it pins."""

from __future__ import annotations

from meeple.games.aridnyk.components import EFFECT_KINDS, TILE_WHITE
from meeple.games.aridnyk.rules import AridnykState

from .positions import (
    ARIDNYK,
    BOH,
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
    to_pick,
)
from .scenario import A, R, begin_effects, board, character, play, touch, trinket_named

DZHERGAN = trinket_named("Dzhergan")  # 2 Sheep, move your Shepherd 1
RIVER_NS = 17  # Cheremosh Ford: River, water edges north and south
WINDY_SADDLE = 14  # Peaks; black: 1 Sheep, Shepherd 2; white: draw a Trinket
HIGH_PASTURE = 15  # Polonyna with Boh's icon; black: 3 Sheep
BILBERRY, CLEARING = 10, 11  # Woods tiles without water edges or icons
BEECH_GROVE = 4  # Plot #5: 3 adjacent Woods tiles; reward 3 Sheep
MOLFARS_WOODS = 22  # Plot #23: 4 adjacent Woods tiles; reward 4 Sheep, a Trinket


def pending(s: AridnykState) -> dict[str, object]:
    out = s.observation(0)["pending"]
    assert out is not None
    return out


def white_of(tile: int) -> dict[str, int]:
    return {EFFECT_KINDS[e]: a for e, a in enumerate(TILE_WHITE[tile]) if a}


# --- Trading with a Spirit: "If your Shepherd finishes their move on a tile with a Spirit
# or vice versa, you may trade with that Spirit."


def test_a_shepherd_passing_through_a_spirit_opens_no_trade() -> None:
    """Only the tile the Shepherd finishes on counts: walking over Boh is no meeting."""
    s = ready()
    s._shepherds[1] = (-1, -1)
    s._spirits[BOH] = (1, 1)
    touch(s)
    met = s.clone()
    shepherd_steps(s, 2, E, S)  # over Boh on (1, 1), ending on tile 2 at (1, 0)
    assert s._shepherds[0] == (1, 0)
    assert s.observation(0)["can_trade"] == []
    assert A.TRADE + BOH not in s.legal_actions()
    # no meeting is kept either (a later move of Boh onto her tile would otherwise trade)
    assert not s._together >> BOH & 1
    shepherd_steps(met, 1, E)  # the same Shepherd finishing on Boh does meet him
    assert met.observation(0)["can_trade"] == ["boh"]


def test_a_spirit_passing_through_the_shepherd_opens_no_trade() -> None:
    """ "Or vice versa": the Spirit must finish its move on the Shepherd's tile."""
    s = ready()
    spirit_steps(s, ARIDNYK, 2, N, E)  # over seat 0's Shepherd on (0, 1) to (1, 1)
    assert s._spirits[ARIDNYK] == (1, 1)
    assert s.observation(0)["can_trade"] == []
    assert not s._together >> ARIDNYK & 1
    s = ready()
    spirit_steps(s, ARIDNYK, 2, N)
    play(s, A.DONE)  # stopping on the Shepherd after one step of two
    assert s.observation(0)["can_trade"] == ["aridnyk"]


def test_the_trade_is_gone_once_the_shepherd_walks_away() -> None:
    """Step 3 of a turn: the trade needs the two to "end up on the same tile"; a Shepherd
    who met a Spirit and moved on without trading cannot trade with it from afar."""
    s = ready()
    shepherd_steps(s, 1, S)  # onto Aridnyk's tile
    assert s.observation(0)["can_trade"] == ["aridnyk"]
    begin_effects(s, {"shepherd": 1})
    play(s, effect("shepherd"), A.SHEPHERD_STEP + S)  # on to tile 3 at (0, -1)
    assert s.observation(0)["can_trade"] == []
    illegal(s, A.TRADE + ARIDNYK, "not on your Shepherd's tile")


def test_each_spirit_trades_once_so_two_spirits_trade_in_one_turn() -> None:
    """ "You may only trade with each Spirit once per turn": the limit is per Spirit, so a
    player meets Boh and then Aridnyk and trades with both, paying each."""
    s = ready()
    s._spirits[BOH] = (1, 1)
    touch(s)
    begin_effects(s, {"spirit": 1, "shepherd": 1}, R.BLACK)
    play(s, effect("spirit"), A.SPIRIT + BOH, A.SPIRIT_STEP + W)  # Boh onto the Shepherd
    play(s, A.TRADE + BOH, A.DRAW_DECK + A.PLOT_KIND)
    assert s._sheep[0] == 3 and len(s._plots[0]) == 1
    play(s, effect("shepherd"), A.SHEPHERD_STEP + S)  # the Shepherd onto Aridnyk
    assert s.observation(0)["can_trade"] == ["aridnyk"]
    play(s, A.TRADE + ARIDNYK, A.DRAW_DECK + A.TRINKET_KIND)
    assert s._sheep[0] == 1 and len(s._trinkets[0]) == 1
    assert s.observation(0)["traded"] == ["aridnyk", "boh"]


# --- Resolving Black Effects


def test_a_face_up_card_taken_is_replaced_at_once_from_the_deck() -> None:
    """Draw a Card: "pick 1 of the 3 face-up cards and immediately replace it with a new
    card from the deck"; the other two stay where they are."""
    s = ready()
    row = s._rows[A.PLOT_KIND][:]
    deck = s._decks[A.PLOT_KIND][:]
    begin_effects(s, {"plot": 1}, R.BLACK)
    play(s, effect("plot"), A.DRAW_ROW + A.PLOT_KIND * 3 + 1)
    assert s._plots[0] == [row[1]]
    assert s._rows[A.PLOT_KIND] == [row[0], deck[-1], row[2]]
    assert s._decks[A.PLOT_KIND] == deck[:-1]


def test_black_effects_in_any_order_partly_and_white_effects_after() -> None:
    """Turn step 2: black effects "in any order", each optional and partial ("move their
    Shepherd 1 tile instead of 2"); step 4: then the white effects of the tile the
    Shepherd ended on."""
    s = ready()
    s._tiles[0] = [WINDY_SADDLE]
    touch(s)
    play(s, A.HAND_TILE + WINDY_SADDLE, A.ROTATE + 0, A.CELL + 1 * 4 + N)  # at (0, 2)
    assert pending(s)["effects"] == {"sheep": 1, "shepherd": 2}
    play(s, effect("shepherd"), A.SHEPHERD_STEP + N, A.DONE)  # one step of two
    assert s._shepherds[0] == (0, 2)
    assert pending(s)["source"] == "black" and pending(s)["effects"] == {"sheep": 1}
    play(s, effect("sheep"))  # the Sheep after the move
    assert s._sheep[0] == 6
    assert pending(s)["source"] == "white"
    assert pending(s)["effects"] == white_of(WINDY_SADDLE) == {"trinket": 1}


def test_a_spirit_icon_brings_a_spirit_onto_the_board() -> None:
    """Meet a Tile: "immediately after placing (not moving!) this tile, place the
    corresponding Spirit's figure on it": Boh, on no tile yet, arrives before the black
    effects."""
    s = ready()
    s._tiles[0] = [HIGH_PASTURE, BILBERRY]
    touch(s)
    assert s._spirits[BOH] is None  # a tile in hand places nothing
    play(s, A.HAND_TILE + HIGH_PASTURE, A.ROTATE + 0, A.CELL + 1 * 4 + N)
    assert s._spirits[BOH] == (0, 2)
    assert pending(s)["source"] == "black" and pending(s)["effects"] == {"sheep": 3}
    assert s.observation(0)["can_trade"] == []  # no Shepherd there, nothing moved


# --- Lose Sheep: "When you move onto a River tile, even if your Shepherd's move does not
# end on that tile, you must discard 2 Sheep."


def river_east_of_tile_2(s: AridnykState) -> None:
    board(s, standard(((2, 0), RIVER_NS, 0)))
    s._shepherds[1] = (-1, -1)
    s._shepherds[0] = (1, 1)
    touch(s)


def test_a_white_effect_move_onto_a_river_loses_two_sheep() -> None:
    """The loss is not optional, whatever effect moves the Shepherd: here tile 2's white
    move. The rest of tile 2's white effects stay offered."""
    s = ready()
    river_east_of_tile_2(s)
    shepherd_steps(s, 1, S)  # onto tile 2: white 1 Sheep, move your Shepherd 1
    assert pending(s)["source"] == "white"
    play(s, effect("shepherd"), A.SHEPHERD_STEP + E)  # onto the River
    assert s._sheep[0] == 3
    assert pending(s)["effects"] == {"sheep": 1}


def test_a_spirit_moving_onto_a_river_costs_no_one_sheep() -> None:
    """The River takes Sheep from Shepherds only: a Spirit moved onto it costs nothing."""
    s = ready()
    river_east_of_tile_2(s)
    spirit_steps(s, ARIDNYK, 2, E, E)
    assert s._spirits[ARIDNYK] == (2, 0)
    assert s._sheep == [5, 5]


# --- Step 4: "If, as a result of resolving the white effects of a tile, using a Trinket,
# or trading with a Spirit, the player's Shepherd moves again, they may resolve the white
# effects of the next tile they move onto."


def test_a_trinket_move_at_the_horizon_pick_opens_the_next_tiles_white_effects() -> None:
    s = ready()
    s._trinkets[0] = [DZHERGAN]
    touch(s)
    to_pick(s)
    play(s, A.USE_TRINKET + DZHERGAN, effect("shepherd"), A.SHEPHERD_STEP + E)  # tile 5
    assert pending(s)["source"] == "trinket"
    play(s, A.DONE)  # leave the Trinket's 2 Sheep
    assert s._phase == R.PICK
    assert pending(s)["source"] == "white" and pending(s)["effects"] == white_of(5)
    play(s, effect("sheep"))
    assert s._sheep[0] == 6
    assert not s._stack and A.HORIZON + s._horizon[0] in s.legal_actions()


def test_vovks_moves_open_the_white_effects_of_the_tile_reached() -> None:
    s = ready()
    s._plots[0] = [40]
    s._spirits[VOVK] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)  # onto Vovk on tile 5
    play(s, A.TRADE + VOVK, A.DISCARD_CARD + 40)
    play(s, A.SHEPHERD_STEP + W, A.SHEPHERD_STEP + W, A.DONE)  # to the Lake, tile 8
    assert s._layout.at[s._shepherds[0]] == 8
    assert pending(s)["effects"] == white_of(5)  # tile 5's, offered before the trade
    play(s, A.DONE)
    assert pending(s)["source"] == "white" and pending(s)["effects"] == white_of(8)


def test_vovks_three_moves_may_all_go_to_one_spirit() -> None:
    """Vovk: "3 Shepherd moves and/or Spirit moves, in any combination"."""
    s = ready()
    s._plots[0] = [40]
    s._spirits[VOVK] = (1, 1)
    touch(s)
    shepherd_steps(s, 1, E)
    play(s, A.TRADE + VOVK, A.DISCARD_CARD + 40, A.SPIRIT + ARIDNYK)
    play(s, A.SPIRIT_STEP + S, A.SPIRIT_STEP + W, A.SPIRIT_STEP + N)
    assert s._spirits[ARIDNYK] == (-1, 0)
    assert s._shepherds[0] == (1, 1)
    assert all(frame[0] != R.F_VOVK for frame in s._stack)


def test_a_trinket_move_onto_a_spirit_before_placing_opens_the_trade() -> None:
    """ "At any point during their turn, the player may use 1 Trinket": a Shepherd moved by
    it onto a Spirit may trade there (ruling 4: at any point of the turn), here before
    the tile is placed."""
    s = ready()
    s._trinkets[0] = [DZHERGAN]
    s._tiles[0] = [BILBERRY]
    touch(s)
    play(s, A.USE_TRINKET + DZHERGAN, effect("shepherd"), A.SHEPHERD_STEP + S, A.DONE)
    # the tile the move ended on gives its white effects first (ruling 3); left here
    assert s._phase == R.PLACE and pending(s)["source"] == "white"
    play(s, A.DONE)
    assert s._phase == R.PLACE and not s._stack
    legal = s.legal_actions()
    assert A.HAND_TILE + BILBERRY in legal and A.TRADE + ARIDNYK in legal
    play(s, A.TRADE + ARIDNYK, A.DRAW_DECK + A.TRINKET_KIND)
    assert s._sheep[0] == 3 and len(s._trinkets[0]) == 1
    assert s._phase == R.PLACE


# --- "You can have a maximum of 6 cards in your hand. If at any point during the game
# you hold more cards, you must discard until you have only 6." with Fulfilling Plots:
# the reward is collected at once, "before taking any other actions".


def test_the_hand_limit_interrupts_a_reward_which_then_goes_on() -> None:
    s = ready(characters=True)
    s._characters[0] = character("hunter")  # an extra Trinket with every Plot
    board(s, standard(((0, 2), BILBERRY, 0), ((1, 2), CLEARING, 0)))  # 4 Woods together
    s._plots[0] = [MOLFARS_WOODS, 40, 41, 42, 43, 44]
    touch(s)
    play(s, A.CLAIM + MOLFARS_WOODS)
    assert pending(s)["effects"] == {"sheep": 4, "trinket": 2}
    play(s, effect("trinket"), A.DRAW_DECK + A.TRINKET_KIND)  # 6 cards
    assert pending(s)["source"] == "reward"
    play(s, effect("trinket"), A.DRAW_DECK + A.TRINKET_KIND)  # 7 cards
    assert pending(s)["frame"] == "hand_limit"
    assert all(A.DISCARD_CARD <= a < A.CLAIM for a in s.legal_actions())
    play(s, A.DISCARD_CARD + 40)
    assert len(s._plots[0]) + len(s._trinkets[0]) == 6
    assert pending(s)["source"] == "reward" and pending(s)["effects"] == {"sheep": 4}
    play(s, effect("sheep"))
    assert s._sheep[0] == 9 and s._fulfilled[0] == [MOLFARS_WOODS]


# --- Game End: "After the last tile is placed and the player who placed it finishes
# their turn, the game ends."


def test_the_player_of_the_last_tile_finishes_her_turn_and_may_claim() -> None:
    s = ready()
    for stack in s._stacks:
        stack.clear()
    s._horizon = []
    s._tiles = [[BILBERRY], []]
    s._plots[0] = [BEECH_GROVE]
    touch(s)
    assert A.CLAIM + BEECH_GROVE not in s.legal_actions()
    play(s, A.HAND_TILE + BILBERRY, A.ROTATE + 0, A.CELL + 1 * 4 + N)  # Woods 1, 5, 10
    play(s, A.DONE)  # leave the black Sheep
    assert s._phase == R.PICK and not s.is_terminal()
    assert s.legal_actions() == sorted([A.DONE, A.CLAIM + BEECH_GROVE])
    play(s, A.CLAIM + BEECH_GROVE, effect("sheep"))
    assert not s.is_terminal()
    play(s, A.DONE)
    assert s.is_terminal()
    assert s.scores() == [8.0, 5.0] and s.returns() == [1.0, 0.0]
