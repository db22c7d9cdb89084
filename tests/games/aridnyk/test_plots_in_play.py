"""Aridnyk Plots in play: claiming a met Plot, its reward, and when it may be claimed."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.games.aridnyk.board import DELTA, Layout
from meeple.games.aridnyk.components import (
    EFFECT_KINDS,
    PLOT_REWARD,
    PLOTS,
    STARTER_TILES,
    TILES,
    task_kind,
)
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

Cell = tuple[int, int]
Placed = dict[Cell, tuple[int, int]]
E = {name: i for i, name in enumerate(EFFECT_KINDS)}
STARTER: Placed = {
    (TILES[t].start.x, TILES[t].start.y): (t, TILES[t].start.rotation)
    for t in STARTER_TILES
    if TILES[t].start is not None
}
# The standard Starter layout (x east, y north):
#   Lake(-1,1)   Woods(0,1)*0   Woods(1,1)
#   Polonyna     Peaks(0,0)A    Polonyna(1,0)*1
#   Polonyna     Woods(0,-1)    Peaks(1,-1)
# *n: seat n's Shepherd; A: Aridnyk. The Lake's water edges face north and west.

# Rivers lying east-west, to be laid in a row south of the layout at y = -2.
RIVER_ROW = [(19, 0), (41, 0), (17, 1), (30, 1), (43, 1)]


def river(length: int) -> Placed:
    return {(x - 1, -2): RIVER_ROW[x] for x in range(length)}


# Lakes joined by water edges to the Starter Lake: 44 (turned to face south, east,
# west) north of it, then 32 (east-west) east of that.
LAKES = {2: {(-1, 2): (44, 2)}, 3: {(-1, 2): (44, 2), (0, 2): (32, 0)}}

FAMILIES: list[tuple[str, int, Placed, dict[str, Cell], tuple[int, ...]]] = [
    # (family, plot index, extra tiles, figures, reward as sheep/card/plot/trinket)
    ("pattern", 0, {(1, -2): (13, 0)}, {}, (3, 0, 0, 0)),  # Twin Peaks, turned upright
    ("pattern_figure", 11, {}, {"shepherd": (0, 0)}, (5, 0, 0, 0)),  # Shepherd's Lookout
    ("around", 39, {(2, 1): (20, 0), (2, 2): (10, 0)}, {}, (4, 1, 0, 0)),  # Forest Lake
    ("group", 4, {(0, 2): (10, 0)}, {}, (3, 0, 0, 0)),  # Beech Grove
    ("chain", 29, {(0, 2): (10, 0), (0, 3): (11, 0)}, {}, (6, 0, 0, 0)),  # Wolf Trail
    ("river_length", 7, river(3), {}, (2, 0, 0, 1)),  # Long Water, first tier
    ("lakes_joined", 16, LAKES[2], {}, (3, 1, 0, 0)),  # String of Tarns, first tier
    (
        "river_between_lakes",
        20,
        {(-1, 2): (17, 0), (-1, 3): (20, 0)},
        {},
        (5, 0, 0, 1),
    ),  # River between Tarns
    (
        "anywhere",
        49,
        {},
        {"aley": (1, 1), "boh": (-1, 0), "vovk": (1, -1)},
        (3, 0, 0, 1),
    ),  # Council of Spirits
]


def water_ok(layout: Layout) -> bool:
    """Every water edge faces a water edge or nothing (ruling 1)."""
    for (x, y), tile in layout.at.items():
        for side, (dx, dy) in enumerate(DELTA):
            other = layout.at.get((x + dx, y + dy))
            if other is None:
                continue
            if (layout.water[tile] >> side & 1) != (layout.water[other] >> (side + 2) % 4 & 1):
                return False
    return True


def position(
    plots: list[int],
    extra: Placed | None = None,
    figures: dict[str, Cell] | None = None,
    **options: Any,
) -> AridnykState:
    """Seat 0 to play before placing her tile, holding `plots`, on the Starter layout
    with `extra` tiles and `figures` moved."""
    state = new_state(seed=0, **options)
    board(state, {**STARTER, **(extra or {})})
    assert water_ok(state._layout)
    for name, cell in (figures or {}).items():
        if name == "shepherd":
            state._shepherds[0] = cell
        else:
            state._spirits[spirit(name)] = cell
    state._plots[0] = sorted(plots)
    touch(state)
    return state


def claims(state: AridnykState) -> list[int]:
    return [a - A.CLAIM for a in state.legal_actions() if A.CLAIM <= a < A.USE_TRINKET]


def to_pick(state: AridnykState) -> None:
    while state._phase != R.PICK or state._stack:
        acts = state.legal_actions()
        play(state, A.DONE if A.DONE in acts else acts[0])


# -- one Plot of each task family ----------------------------------------------------------


@pytest.mark.parametrize(
    ("family", "plot", "extra", "figures", "reward"), FAMILIES, ids=[f[0] for f in FAMILIES]
)
def test_each_family_claimed(
    family: str,
    plot: int,
    extra: Placed,
    figures: dict[str, Cell],
    reward: tuple[int, ...],
) -> None:
    assert task_kind(PLOTS[plot].task) == family.removesuffix("_figure")
    assert claims(position([plot])) == []  # the Starter layout alone does not do it
    state = position([plot], extra, figures)
    assert claims(state) == [plot]
    play(state, A.CLAIM + plot)
    assert plot not in state._plots[0]
    assert state._fulfilled[0] == [plot]
    for seat in (0, 1):
        assert state.observation(seat)["fulfilled"] == [[plot + 1], []]
    frame = state._stack[-1]
    assert frame[:2] == [R.F_EFFECTS, R.REWARD] and frame[3] == plot
    assert tuple(frame[2][:4]) == reward
    assert not any(frame[2][4:])
    # only the reward's parts (and declining the rest) are open
    assert state.legal_actions() == [
        A.EFFECT + e for e in range(4) if reward[e] and state._effect_usable(e)
    ] + [A.DONE]
    # the whole reward, then the turn goes on
    sheep, hand = state._sheep[0], len(state._plots[0]) + len(state._trinkets[0])
    if reward[0]:
        play(state, A.EFFECT + E["sheep"])
    for e in (1, 2, 3):
        for _ in range(reward[e]):
            play(state, A.EFFECT + e)
            if e == 1:
                play(state, A.DRAW_KIND + A.PLOT_KIND)
            kind = A.TRINKET_KIND if e == 3 else A.PLOT_KIND
            play(state, A.DRAW_DECK + kind)
    assert state._sheep[0] == sheep + reward[0]
    assert len(state._plots[0]) + len(state._trinkets[0]) == hand + sum(reward[1:])
    assert state._stack == [] and state._phase == R.PLACE
    assert claims(state) == []  # fulfilled once


def test_rewards_follow_the_data() -> None:
    for family, plot, _, _, reward in FAMILIES:
        if family not in ("river_length", "lakes_joined"):
            assert tuple(PLOT_REWARD[plot][:4]) == reward


# -- tiered rewards -------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "sheep"), [(2, None), (3, 2), (4, 3), (5, 4)])
def test_long_water_tiers(length: int, sheep: int | None) -> None:
    state = position([7], river(length))
    if sheep is None:
        assert claims(state) == []
        return
    assert state._plot_level(0, 7) == length
    play(state, A.CLAIM + 7)
    # a 5-tile River pays a Trinket and 4 Sheep
    assert state._stack[-1][2][:4] == [sheep, 0, 0, 1]


@pytest.mark.parametrize(("lakes", "sheep"), [(2, 3), (3, 5)])
def test_string_of_tarns_tiers(lakes: int, sheep: int) -> None:
    state = position([16], LAKES[lakes])
    assert state._plot_level(0, 16) == lakes
    play(state, A.CLAIM + 16)
    assert state._stack[-1][2][:4] == [sheep, 1, 0, 0]


def test_lakes_apart_are_not_joined() -> None:
    # a Lake beside the Starter Lake on its land side: adjacent, but no water link
    state = position([16], {(-1, 2): (44, 2)})
    state2 = position([16], {(-2, 0): (20, 0)})
    assert claims(state) == [16]
    assert claims(state2) == []


def test_dowser_river_one_tile_longer() -> None:
    state = position([7], river(4), characters=True)
    state._characters[0] = character("dowser")
    touch(state)
    assert state._plot_level(0, 7) == 5
    play(state, A.CLAIM + 7)
    assert state._stack[-1][2][:4] == [4, 0, 0, 2]  # the 5-tile tier and the extra Trinket


# -- taking the reward --------------------------------------------------------------------


def test_partial_reward_then_done() -> None:
    state = position([39], FAMILIES[2][2])  # Forest Lake: 4 Sheep and a card
    hand = len(state._plots[0]) + len(state._trinkets[0])
    play(state, A.CLAIM + 39, A.EFFECT + E["sheep"])
    assert state._sheep[0] == 9
    assert state.legal_actions() == [A.EFFECT + E["card"], A.DONE]
    play(state, A.DONE)
    assert state._stack == []
    assert len(state._plots[0]) + len(state._trinkets[0]) == hand - 1  # no card drawn
    assert state._fulfilled[0] == [39]


def test_reward_declined_in_full() -> None:
    state = position([39], FAMILIES[2][2])
    play(state, A.CLAIM + 39, A.DONE)
    assert state._sheep[0] == 5 and state._stack == [] and state._fulfilled[0] == [39]


def test_reward_cannot_be_postponed() -> None:
    brynza = trinket_named("Brynza")
    extra = {(0, 2): (22, 0), (1, -2): (13, 0)}  # Beech Grove and Twin Peaks both met
    state = position([0, 4, 39], {**extra, **FAMILIES[2][2]})
    state._trinkets[0] = [brynza]
    touch(state)
    begin_effects(state, {"shepherd": 1, "sheep": 1}, source=R.BLACK)
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 2)  # onto Aridnyk
    open_moment = state.legal_actions()
    assert {A.CLAIM + 0, A.CLAIM + 4, A.CLAIM + 39, A.USE_TRINKET + brynza} <= set(open_moment)
    assert A.TRADE + spirit("aridnyk") in open_moment
    play(state, A.CLAIM + 39)
    # nothing but the reward: no other Plot, no Trinket, no trade, no other effect
    assert state.legal_actions() == [A.EFFECT + E["sheep"], A.EFFECT + E["card"], A.DONE]
    play(state, A.EFFECT + E["sheep"])
    assert state.legal_actions() == [A.EFFECT + E["card"], A.DONE]
    play(state, A.EFFECT + E["card"])
    assert state.legal_actions() == [A.DRAW_KIND + A.PLOT_KIND, A.DRAW_KIND + A.TRINKET_KIND]
    play(state, A.DRAW_KIND + A.TRINKET_KIND, A.DRAW_DECK + A.TRINKET_KIND)
    # the reward taken: the black effects and every open action are back
    acts = state.legal_actions()
    assert state._stack[-1][1] == R.BLACK
    assert {A.CLAIM + 0, A.CLAIM + 4, A.USE_TRINKET + brynza} <= set(acts)
    assert A.TRADE + spirit("aridnyk") in acts and A.EFFECT + E["sheep"] in acts


def test_claim_at_every_open_moment() -> None:
    extra = {(1, -2): (13, 0)}
    state = position([0], extra)
    assert A.CLAIM + 0 in state.legal_actions()  # before placing
    begin_effects(state, {"shepherd": 1}, source=R.BLACK)
    assert A.CLAIM + 0 in state.legal_actions()  # between effects
    play(state, A.EFFECT + E["shepherd"])
    assert A.CLAIM + 0 not in state.legal_actions()  # not in the middle of a move
    play(state, A.DONE)
    to_pick(state)
    assert A.CLAIM + 0 in state.legal_actions()  # at the Horizon pick
    play(state, A.CLAIM + 0, A.EFFECT + E["sheep"])
    assert state._phase == R.PICK and state._stack == []
    assert state._sheep[0] == 8


def test_plot_in_the_row_cannot_be_claimed() -> None:
    state = position([], {(1, -2): (13, 0)})
    state._rows[A.PLOT_KIND][0] = 0
    touch(state)
    assert claims(state) == []


def test_claimed_hidden_plot_becomes_public() -> None:
    state = position([4], {(0, 2): (10, 0)})
    state._public_cards.discard(4)  # as if drawn from the deck top
    touch(state)
    assert 5 not in state.observation(1)["known_hands"][0]["plots"]
    play(state, A.CLAIM + 4)
    assert state.observation(1)["fulfilled"][0] == [5]
    assert 4 in state._public_cards


# -- several Plots, other players ----------------------------------------------------------


def test_one_tile_serves_several_plots() -> None:
    # Woods (0,1)+(1,1) and the new Woods (0,2)+(0,3): a group of 4 and a chain of 4
    extra = {(0, 2): (10, 0), (0, 3): (11, 0)}
    plots = [4, 22, 29]  # Beech Grove (3), Molfar's Woods (4), Wolf Trail (chain of 4)
    state = position(plots, extra)
    assert claims(state) == plots
    sheep = state._sheep[0]
    for plot in plots:
        assert A.CLAIM + plot in state.legal_actions()
        play(state, A.CLAIM + plot, A.EFFECT + E["sheep"])
        if state._stack:
            play(state, A.DONE)
    assert state._fulfilled[0] == plots
    assert state._sheep[0] == sheep + sum(PLOT_REWARD[p][0] for p in plots)
    assert state.observation(1)["fulfilled"][0] == [p + 1 for p in plots]


def test_plot_met_by_another_players_tile() -> None:
    state = position([0])  # Twin Peaks: Peaks at (0,0) and (1,-1) do not touch
    state._tiles[1] = [13]  # a Peaks tile
    touch(state)
    to_pick(state)
    play(state, A.HORIZON + state._horizon[0])
    assert state.current_player == 1
    assert A.CLAIM + 0 not in state.legal_actions()
    # seat 1 lays the Peaks south of the Peaks at (1, -1)
    play(state, A.HAND_TILE + 13, A.ROTATE + 0, A.CELL + 6 * 4 + 2)
    assert state._layout.cell[13] == (1, -2)
    assert state._plot_level(0, 0) == 1
    assert A.CLAIM + 0 not in state.legal_actions()  # not seat 1's Plot, not seat 0's turn
    to_pick(state)
    play(state, A.HORIZON + state._horizon[0])
    assert state.current_player == 0
    assert A.CLAIM + 0 in state.legal_actions()
    play(state, A.CLAIM + 0)
    assert state._fulfilled == [[0], []]


def test_plot_met_by_another_players_spirit_move() -> None:
    # Aridnyk's Pasture: Aridnyk on Polonyna with Woods to its north
    state = position([1])
    assert claims(state) == []
    state._begin_turn(1)
    begin_effects(state, {"spirit": 1})
    play(state, A.EFFECT + E["spirit"], A.SPIRIT + spirit("aridnyk"), A.SPIRIT_STEP + 1)
    assert state._spirits[spirit("aridnyk")] == (1, 0)
    assert state.current_player == 1
    to_pick(state)
    play(state, A.HORIZON + state._horizon[0])
    assert state.current_player == 0
    assert claims(state) == [1]


def test_plot_unmet_again_cannot_be_claimed() -> None:
    # Shepherd's Lookout needs the claimer's own Shepherd on the Peaks
    state = position([11], {}, {"shepherd": (0, 0)})
    assert claims(state) == [11]
    begin_effects(state, {"shepherd": 1})
    play(state, A.EFFECT + E["shepherd"], A.SHEPHERD_STEP + 3)
    assert claims(state) == []
    state2 = position([11], {}, {"shepherd": (0, 1)})
    state2._shepherds[1] = (0, 0)  # another Shepherd there does not count
    touch(state2)
    assert claims(state2) == []


def test_cached_plot_checks_hold_for_resampled_hands() -> None:
    """A resample keeps the cached Plot checks (they read only the board, the Shepherds,
    the Spirits and the characters); along random games every seat's standing and
    claimable Plots on a guess equal those counted afresh on the same guess."""
    import meeple
    from meeple.core.rng import Rng

    game = meeple.load_game("aridnyk", players=3)
    rng = Rng(11)
    checked = 0
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if rng.below(6) == 0:
                state.standings()  # fills the cache with the true hands' Plots
                guess = state.resample(state.current_player, rng.below(1000))
                cached = (guess.standings(), guess.legal_actions())
                fresh = guess.clone()
                fresh._met = {}
                fresh._legal = None
                assert (fresh.standings(), fresh.legal_actions()) == cached
                checked += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    assert checked > 50
