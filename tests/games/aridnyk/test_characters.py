"""Aridnyk's Unsimple Characters: the choice at setup and each power in play."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.aridnyk.components import CHARACTER_NAMES, EFFECT_KINDS, STARTER_TILES, TILES
from meeple.games.aridnyk.rules import AridnykState

from .scenario import (
    A,
    R,
    begin_effects,
    board,
    character,
    new_state,
    play,
    spirit,
    touch,
    trinket_named,
)

E = {name: i for i, name in enumerate(EFFECT_KINDS)}
ARIDNYK, BOH, DRIZD, VOVK = (spirit(n) for n in ("aridnyk", "boh", "drizd", "vovk"))
STARTER = {
    (TILES[t].start.x, TILES[t].start.y): (t, TILES[t].start.rotation)
    for t in STARTER_TILES
    if TILES[t].start is not None
}


def as_character(name: str | None, seed: int = 0, players: int = 2) -> AridnykState:
    """A game with characters whose seat 0 is `name` (None: no power)."""
    state = new_state(players=players, seed=seed, characters=True)
    state._characters[0] = -1 if name is None else character(name)
    touch(state)
    return state


def to_pick(state: AridnykState) -> None:
    """Play the rest of the turn plainly (first tile, first place, no effects)."""
    while state._phase != R.PICK or state._stack:
        acts = state.legal_actions()
        play(state, A.DONE if A.DONE in acts else acts[0])


# -- the choice at setup ---------------------------------------------------------------------


def test_characters_dealt_two_keep_one() -> None:
    game = meeple.load_game("aridnyk", players=3, characters=True)
    state = game.new_initial_state(7)
    assert state._phase == R.CHOOSE_CHARACTER and state.current_player == 0
    dealt = [list(d) for d in state._dealt]
    assert all(len(d) == 2 for d in dealt)
    assert len({c for d in dealt for c in d}) == 6  # all different
    assert state.legal_actions() == [A.CHARACTER + c for c in dealt[0]]
    for seat in range(3):
        obs = state.observation(seat)
        assert obs["character_choice"] == [CHARACTER_NAMES[c] for c in dealt[seat]]
        assert obs["characters"] == [None, None, None]
    keep = dealt[0][1]
    play(state, A.CHARACTER + keep)
    assert state.current_player == 1
    assert state.legal_actions() == [A.CHARACTER + c for c in dealt[1]]
    # the choice is secret until every seat has made it: only seat 0 knows hers
    assert state.observation(0)["characters"] == [CHARACTER_NAMES[keep], None, None]
    for seat in (1, 2):
        assert state.observation(seat)["characters"] == [None, None, None]
    assert state.public_observation()["characters"] == [None, None, None]
    assert state.public_action_string(A.CHARACTER + dealt[1][0]) == (
        "keep one of the two Unsimple cards dealt"
    )
    assert state.observation(0)["character_choice"] == []
    # seat 1's two cards are still its own secret
    assert state.observation(2)["character_choice"] == [CHARACTER_NAMES[c] for c in dealt[2]]
    play(state, A.CHARACTER + dealt[1][0], A.CHARACTER + dealt[2][0])
    assert state._phase == R.PLACE_SHEPHERDS
    names = [CHARACTER_NAMES[keep], CHARACTER_NAMES[dealt[1][0]], CHARACTER_NAMES[dealt[2][0]]]
    for seat in range(3):
        assert state.observation(seat)["characters"] == names
    assert state.public_observation()["characters"] == names


def test_a_secret_character_choice_is_guessed_anew() -> None:
    """A guess for seat 1 may give seat 0 any character seat 1 has not seen, and keeps
    what seat 1 sees; once all have chosen, every guess keeps the true characters."""
    state = meeple.load_game("aridnyk", players=3, characters=True).new_initial_state(7)
    mine = list(state._dealt[1])
    play(state, A.CHARACTER + state._dealt[0][0])
    guessed = {state.resample(1, k)._characters[0] for k in range(40)}
    assert len(guessed) > 3 and not guessed & set(mine)
    for k in range(5):
        assert state.resample(1, k).observation(1) == state.observation(1)
    play(state, A.CHARACTER + mine[0], A.CHARACTER + state._dealt[2][1])
    chosen = state._characters
    assert all(state.resample(1, k)._characters == chosen for k in range(5))


def test_no_characters_without_the_variant() -> None:
    state = new_state(seed=0)
    assert state._characters == [-1, -1]
    assert state.observation(0)["characters"] is None


# -- Dreamer and Crafter ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kind", "effect"),
    [("dreamer", A.PLOT_KIND, "plot"), ("crafter", A.TRINKET_KIND, "trinket")],
)
def test_extra_card_taken_from_the_row(name: str, kind: int, effect: str) -> None:
    state = as_character(name)
    begin_effects(state, {effect: 1})
    deck = len(state._decks[kind])
    play(state, A.EFFECT + E[effect])
    revealed = state._revealed[kind]
    assert revealed >= 0 and len(state._decks[kind]) == deck - 1
    assert state.legal_actions() == [A.DRAW_ROW + kind * 3 + s for s in range(3)] + [
        A.DRAW_DECK + kind
    ]
    key = "plot" if kind == A.PLOT_KIND else "trinket"
    assert state.observation(1)["revealed_cards"][key] == revealed + 1  # shown to all
    row = list(state._rows[kind])
    play(state, A.DRAW_ROW + kind * 3 + 1)
    hand = state._plots[0] if kind == A.PLOT_KIND else state._trinkets[0]
    assert row[1] in hand
    assert state._rows[kind] == [row[0], revealed, row[2]]  # the revealed card fills the gap
    assert state._revealed[kind] == -1
    assert len(state._decks[kind]) == deck - 1  # nothing more drawn


@pytest.mark.parametrize(
    ("name", "kind", "effect"),
    [("dreamer", A.PLOT_KIND, "plot"), ("crafter", A.TRINKET_KIND, "trinket")],
)
def test_extra_card_taken_itself(name: str, kind: int, effect: str) -> None:
    state = as_character(name)
    begin_effects(state, {effect: 1})
    deck = len(state._decks[kind])
    play(state, A.EFFECT + E[effect])
    revealed = state._revealed[kind]
    row = list(state._rows[kind])
    play(state, A.DRAW_DECK + kind)
    hand = state._plots[0] if kind == A.PLOT_KIND else state._trinkets[0]
    assert revealed in hand
    assert state._rows[kind] == row  # the row is not replenished
    assert len(state._decks[kind]) == deck - 1
    obs = state.observation(1)
    if kind == A.PLOT_KIND:
        assert revealed + 1 in obs["known_hands"][0]["plots"]
    else:
        assert revealed + 1 in obs["known_hands"][0]["trinkets"]


@pytest.mark.parametrize(
    ("name", "kind"),
    [("dreamer", A.TRINKET_KIND), ("crafter", A.PLOT_KIND), (None, A.PLOT_KIND)],
)
def test_no_extra_card_for_the_other_kind(name: str | None, kind: int) -> None:
    state = as_character(name)
    begin_effects(state, {"card": 1})
    play(state, A.EFFECT + E["card"], A.DRAW_KIND + kind)
    assert state._revealed == [-1, -1]
    deck = len(state._decks[kind])
    play(state, A.DRAW_DECK + kind)
    assert len(state._decks[kind]) == deck - 1


@pytest.mark.parametrize(("name", "kind"), [("dreamer", A.PLOT_KIND), ("crafter", A.TRINKET_KIND)])
def test_extra_card_revealed_when_the_kind_is_chosen(name: str, kind: int) -> None:
    state = as_character(name)
    begin_effects(state, {"card": 1})
    play(state, A.EFFECT + E["card"])
    assert state._revealed == [-1, -1]
    play(state, A.DRAW_KIND + kind)
    assert state._revealed[kind] >= 0
    assert A.DRAW_DECK + kind in state.legal_actions()


def crafter_trading_with_aridnyk() -> AridnykState:
    """The Crafter's trade with Aridnyk: a Trinket draw that may refresh the row first."""
    state = as_character("crafter")
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2, A.TRADE + ARIDNYK)
    return state


def test_crafter_chooses_the_refresh_before_seeing_the_deck_top() -> None:
    """ "Before drawing, you may refresh": the deck top stays hidden until she has chosen."""
    state = crafter_trading_with_aridnyk()
    assert state.legal_actions() == [A.REFRESH_ROW, A.KEEP_ROW]
    assert state._revealed == [-1, -1]
    assert state.observation(1)["revealed_cards"]["trinket"] is None
    old_row = list(state._rows[A.TRINKET_KIND])
    play(state, A.REFRESH_ROW)
    assert set(old_row) <= set(state._discards[A.TRINKET_KIND])
    revealed = state._revealed[A.TRINKET_KIND]
    new_row = list(state._rows[A.TRINKET_KIND])
    assert revealed >= 0 and revealed not in new_row  # the top of what the refresh left
    assert A.REFRESH_ROW not in state.legal_actions()
    play(state, A.DRAW_ROW + 3)
    assert new_row[0] in state._trinkets[0]
    assert state._rows[A.TRINKET_KIND] == [revealed, new_row[1], new_row[2]]


def test_crafter_keeping_the_row_then_sees_the_deck_top() -> None:
    state = crafter_trading_with_aridnyk()
    row = list(state._rows[A.TRINKET_KIND])
    deck = len(state._decks[A.TRINKET_KIND])
    play(state, A.KEEP_ROW)
    revealed = state._revealed[A.TRINKET_KIND]
    assert revealed >= 0 and len(state._decks[A.TRINKET_KIND]) == deck - 1
    assert state._rows[A.TRINKET_KIND] == row
    assert state.legal_actions() == [A.DRAW_ROW + 3 + s for s in range(3)] + [
        A.DRAW_DECK + A.TRINKET_KIND
    ]
    assert state.public_action_string(A.KEEP_ROW) == "keep the row as it is"


def test_without_a_look_the_refresh_is_part_of_the_draw() -> None:
    """A character that sees nothing refreshes or draws in one decision, as before."""
    state = as_character(None)
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2, A.TRADE + ARIDNYK)
    legal = state.legal_actions()
    assert A.REFRESH_ROW in legal and A.KEEP_ROW not in legal
    assert A.DRAW_DECK + A.TRINKET_KIND in legal


# -- Molfar ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "bonus"), [("molfar", 1), ("dreamer", 0), (None, 0)])
@pytest.mark.parametrize("source", [R.BLACK, R.WHITE, R.TRINKET])
def test_molfar_move_effects(name: str | None, bonus: int, source: int) -> None:
    state = as_character(name)
    begin_effects(state, {"shepherd": 1, "spirit": 2}, source=source)
    play(state, A.EFFECT + E["shepherd"])
    assert state._stack[-1] == [R.F_SHEPHERD, 1 + bonus]
    play(state, A.SHEPHERD_STEP + 1)  # east, to the Woods at (1, 1)
    if bonus:  # one more step than the effect shows
        assert state._stack[-1] == [R.F_SHEPHERD, 1]
        play(state, A.SHEPHERD_STEP + 3)  # and back west
    assert state._stack[-1][0] == R.F_EFFECTS
    play(state, A.EFFECT + E["spirit"], A.SPIRIT + ARIDNYK)
    assert state._stack[-1] == [R.F_SPIRIT, ARIDNYK, 2 + bonus]


def test_molfar_trinket_moves() -> None:
    state = as_character("molfar")
    sopilka = trinket_named("Sopilka")  # shepherd 2, spirit 2
    state._trinkets[0] = [sopilka]
    touch(state)
    play(state, A.USE_TRINKET + sopilka, A.EFFECT + E["shepherd"])
    assert state._stack[-1] == [R.F_SHEPHERD, 3]
    play(state, A.SHEPHERD_STEP + 3, A.SHEPHERD_STEP + 2, A.SHEPHERD_STEP + 2)
    assert state._shepherds[0] == (-1, -1)
    assert state._stack[-1][0] == R.F_EFFECTS  # three steps taken, the move is over
    play(state, A.EFFECT + E["spirit"], A.SPIRIT + ARIDNYK)
    assert state._stack[-1] == [R.F_SPIRIT, ARIDNYK, 3]


@pytest.mark.parametrize(("name", "moves"), [("molfar", 4), (None, 3)])
def test_molfar_vovk_moves(name: str | None, moves: int) -> None:
    state = as_character(name)
    state._spirits[ARIDNYK] = (1, -1)
    state._spirits[VOVK] = (0, 0)
    touch(state)
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2)
    if state._stack[-1][0] == R.F_SHEPHERD:  # the Molfar may walk on: stop here
        play(state, A.DONE)
    play(state, A.TRADE + VOVK)
    assert state._stack[-1] == [R.F_PAY, R.AFTER_VOVK]
    play(state, A.DISCARD_CARD + state._plots[0][0])
    assert state._stack[-1] == [R.F_VOVK, moves, -1, False]


# -- Hunter, Climber, Dowser, Musician: one tile short -------------------------------------------

# On the standard Starter layout: Woods (0,1)+(1,1), Peaks (0,0) and (1,-1) apart,
# Polonyna (-1,0)+(-1,-1), the Lake (-1,1) with no River anywhere.
SHORT_CASES = [
    ("hunter", 4, (3, 0, 0, 1)),  # Beech Grove: 3 Woods together, the board has 2
    ("climber", 0, (3, 0, 0, 1)),  # Twin Peaks: two Peaks side by side, none are
    ("dowser", 3, (4, 0, 0, 1)),  # Lakeside Mill: a Lake and a River beside it
    ("musician", 6, (3, 0, 0, 0)),  # Wide Meadows: 3 Polonyna together, the board has 2
]


@pytest.mark.parametrize(("name", "plot", "reward"), SHORT_CASES, ids=[c[0] for c in SHORT_CASES])
def test_one_tile_short(name: str, plot: int, reward: tuple[int, ...]) -> None:
    for other in (None, *(c[0] for c in SHORT_CASES if c[0] != name)):
        plain = as_character(other)
        plain._plots[0] = [plot]
        touch(plain)
        assert A.CLAIM + plot not in plain.legal_actions(), other
    state = as_character(name)
    state._plots[0] = [plot]
    touch(state)
    horizon = list(state._horizon)
    assert A.CLAIM + plot in state.legal_actions()
    play(state, A.CLAIM + plot)
    frame = state._stack[-1]
    assert frame[:2] == [R.F_EFFECTS, R.REWARD]
    assert tuple(frame[2][:4]) == reward  # the extra Trinket for Hunter, Climber, Dowser
    assert state._fulfilled[0] == [plot]
    if name == "musician":
        assert len(state._horizon) == 4 and state._horizon[:3] == horizon
    else:
        assert state._horizon == horizon


def test_dowser_may_be_one_lake_short() -> None:
    """The Dowser may be "1 River/Lake tile short": a Lake counts as well as a River.
    Fisherman's Tarn wants Woods, Polonyna and a Lake in a line; Woods (0,-1) and
    Polonyna (-1,-1) lie in line with the empty cell (-2,-1)."""
    tarn = 13
    for other in (None, "climber"):
        plain = as_character(other)
        plain._plots[0] = [tarn]
        touch(plain)
        assert A.CLAIM + tarn not in plain.legal_actions(), other
    state = as_character("dowser")
    state._plots[0] = [tarn]
    touch(state)
    play(state, A.CLAIM + tarn)
    assert tuple(state._stack[-1][2][:4]) == (4, 1, 0, 1)
    assert state._fulfilled[0] == [tarn]


@pytest.mark.parametrize("name", ["hunter", "climber", "dowser"])
def test_extra_trinket_with_every_fulfilment(name: str) -> None:
    """Even a Plot with no tile of their terrain pays the extra Trinket."""
    state = as_character(name)
    # Plot 12 Shepherd's Lookout: Peaks with the Shepherd, Polonyna on both sides
    state._plots[0] = [11]
    state._shepherds[0] = (0, 0)
    touch(state)
    play(state, A.CLAIM + 11)
    assert state._stack[-1][2][E["trinket"]] == 1
    trinkets = len(state._trinkets[0])
    play(state, A.EFFECT + E["trinket"], A.DRAW_DECK + A.TRINKET_KIND)
    assert len(state._trinkets[0]) == trinkets + 1


def test_musician_horizon_grows_and_is_not_refilled_above_three() -> None:
    state = as_character("musician")
    # Wide Meadows and Hay Meadow by the Wood, each one Polonyna short
    state._plots[0] = [6, 10]
    touch(state)
    spring = len(state._stacks[0])
    for plot in (6, 10):
        play(state, A.CLAIM + plot, A.DONE)
    assert len(state._horizon) == 5 and len(state._stacks[0]) == spring - 2
    to_pick(state)
    spring = len(state._stacks[0])
    play(state, A.HORIZON + state._horizon[0])
    assert len(state._horizon) == 4 and len(state._stacks[0]) == spring
    # the extra tiles stay for the next players until taken
    assert state.current_player == 1
    to_pick(state)
    play(state, A.HORIZON + state._horizon[0])
    assert len(state._horizon) == 3 and len(state._stacks[0]) == spring
    to_pick(state)
    play(state, A.HORIZON + state._horizon[0])
    assert len(state._horizon) == 3 and len(state._stacks[0]) == spring - 1


def test_musician_extra_tile_survives_a_horizon_refresh() -> None:
    """The Musician's extra Horizon tile stays until taken (ruling 13): refreshing the
    Horizon deals as many tiles as it held, four here, not three."""
    state = as_character("musician")
    state._plots[0] = [6]  # Wide Meadows, one Polonyna short
    touch(state)
    play(state, A.CLAIM + 6, A.DONE)
    assert len(state._horizon) == 4
    pool = sorted(state._horizon + state._stacks[0])
    begin_effects(state, {"refresh_horizon": 1})
    play(state, A.EFFECT + E["refresh_horizon"])
    assert len(state._horizon) == 4
    assert sorted(state._horizon + state._stacks[0]) == pool


# -- Tracker -----------------------------------------------------------------------------------


def test_tracker_takes_a_horizon_tile_and_the_revealed_fills_the_gap() -> None:
    state = as_character("tracker")
    to_pick(state)
    revealed = state._revealed_tile
    assert revealed >= 0 and revealed not in state._horizon
    horizon = list(state._horizon)
    assert state.legal_actions()[:4] == [*sorted(A.HORIZON + t for t in horizon), A.STACK_TOP]
    assert state.observation(1)["revealed_tile"] == revealed  # shown to all
    spring = len(state._stacks[0])
    play(state, A.HORIZON + horizon[1])
    assert horizon[1] in state._tiles[0]
    assert state._horizon == [horizon[0], horizon[2], revealed]
    assert len(state._stacks[0]) == spring  # no other tile drawn
    assert state._revealed_tile == -1 and state.current_player == 1


def test_tracker_takes_the_top_and_the_horizon_stays() -> None:
    state = as_character("tracker")
    to_pick(state)
    revealed = state._revealed_tile
    horizon = list(state._horizon)
    spring = len(state._stacks[0])
    play(state, A.STACK_TOP)
    assert revealed in state._tiles[0]
    assert state._horizon == horizon and len(state._stacks[0]) == spring
    assert state._revealed_tile == -1
    assert state.observation(1)["revealed_tile"] is None


def test_no_stack_top_for_others() -> None:
    state = as_character("dreamer")
    to_pick(state)
    assert state._revealed_tile == -1
    assert A.STACK_TOP not in state.legal_actions()
    spring = len(state._stacks[0])
    horizon = list(state._horizon)
    play(state, A.HORIZON + horizon[0])
    assert len(state._horizon) == 3 and len(state._stacks[0]) == spring - 1


# -- Chieftain ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "left"), [("chieftain", 4), ("molfar", 3), (None, 3)])
def test_chieftain_loses_one_sheep_per_river(name: str | None, left: int) -> None:
    state = as_character(name)
    board(state, {**STARTER, (0, 2): (19, 0)})  # a River (east-west) north of (0, 1)
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 0)
    assert state._shepherds[0] == (0, 2)
    assert state._sheep[0] == left


def test_chieftain_each_river_entry() -> None:
    state = as_character("chieftain")
    board(state, {**STARTER, (0, 2): (19, 0)})
    begin_effects(state, {"shepherd": 3})
    play(state, A.EFFECT + E["shepherd"])
    play(state, A.SHEPHERD_STEP + 0, A.SHEPHERD_STEP + 2, A.SHEPHERD_STEP + 0)
    assert state._sheep[0] == 3


# -- Vagabond ----------------------------------------------------------------------------------


def vagabond_on_aridnyk(name: str | None) -> AridnykState:
    state = as_character(name)
    state._spirits[BOH] = (-1, -1)
    state._spirits[DRIZD] = (1, 1)
    touch(state)
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2)
    return state


def trades(state: AridnykState) -> list[int]:
    return [a - A.TRADE for a in state.legal_actions() if A.TRADE <= a < A.DRAW_KIND]


def test_vagabond_may_trade_with_any_other_spirit() -> None:
    assert trades(vagabond_on_aridnyk(None)) == [ARIDNYK]
    state = vagabond_on_aridnyk("vagabond")
    assert trades(state) == [ARIDNYK, BOH, DRIZD]
    play(state, A.TRADE + BOH)
    assert state._sheep[0] == 5 - 3  # Boh's 2 and one more
    assert state._stack[-1][:2] == [R.F_DRAW, A.PLOT_KIND]
    play(state, A.DRAW_DECK + A.PLOT_KIND)
    # the trade went to Boh *instead* of Aridnyk: the meeting with Aridnyk is spent
    # (Boh's once-per-turn trade too, ruling 13); a new meeting would open it again
    assert trades(state) == []
    assert not state._traded >> ARIDNYK & 1


def test_vagabond_meeting_spent_by_a_trade_with_the_spirit_met() -> None:
    state = vagabond_on_aridnyk("vagabond")
    state._sheep[0] = 9
    touch(state)
    play(state, A.TRADE + ARIDNYK)
    while state._stack:  # Aridnyk's Trinket draw
        play(state, state.legal_actions()[0])
    # one meeting, one trade: no second trade with another Spirit for a Sheep more
    assert trades(state) == []
    assert state._traded == 1 << ARIDNYK


def test_vagabond_pays_a_sheep_with_a_card_trade() -> None:
    state = vagabond_on_aridnyk("vagabond")
    play(state, A.TRADE + DRIZD)
    assert state._sheep[0] == 4
    play(state, A.DISCARD_CARD + state._plots[0][0])
    assert state._sheep[0] == 9


def test_vagabond_needs_the_extra_sheep_and_a_meeting() -> None:
    state = vagabond_on_aridnyk("vagabond")
    state._sheep[0] = 2
    touch(state)
    assert trades(state) == [ARIDNYK, DRIZD]  # Boh would cost 3
    idle = as_character("vagabond")  # nobody has met a Spirit this turn
    idle._spirits[BOH] = (-1, -1)
    touch(idle)
    assert trades(idle) == []
