"""Aridnyk heuristics: the greedy policy and the position evaluator for search.

Greedy fulfils every Plot it can, lays the tile that brings its Plots closest (judged on
its own resampled guess of the hidden cards, so it never reads another seat's hand),
takes every Sheep and card on offer, walks its Shepherd to the richest white effects,
trades with Drizd when it has a spare card and cancels the others' trades when it can.
"""

from __future__ import annotations

from typing import Any

from meeple.agents.evaluation import (
    register_evaluator,
    register_guide,
    register_rollout_depth,
    register_rollout_policy,
    softmax,
)
from meeple.agents.greedy import register_policy
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.board import DELTA, Layout
from meeple.games.aridnyk.components import (
    EFFECT_KINDS,
    PLOTS,
    SPIRITS,
    TERRAINS,
    TILE_BLACK,
    TILE_SPIRIT,
    TILE_TERRAIN,
    TILE_WATER,
    TILE_WHITE,
    effect_units,
    reward_value,
)
from meeple.games.aridnyk.rules import ALL_TERRAINS, NEAR_SHARE, AridnykState
from meeple.games.aridnyk.tasks import measure

POOR_FLOCK = 6  # below this many Sheep, Rivers are avoided harder
CARD_WEIGHT = 1.5  # a Trinket in hand, in Sheep
PLOT_WEIGHT = 0.5  # a fulfilled Plot breaks ties
ROLLOUT_DEPTH = 15
GUIDE = 4.0  # search's bonus for the greedy move at the root
VALUE_SCALE = 0.2  # Sheep to softmax strength: 5 Sheep ahead is e to 1
_DRIZD, _BOH = SPIRITS.index("drizd"), SPIRITS.index("boh")
_EFFECT_ORDER = tuple(
    EFFECT_KINDS.index(kind)
    for kind in (
        "sheep", "plot", "trinket", "card", "horizon_swap", "refresh_horizon",
        "trade_any", "retrade", "shepherd", "spirit", "move_tile",
    )
)  # fmt: skip


def layout_of(obs: dict[str, Any]) -> Layout:
    layout = Layout(TILE_TERRAIN, TILE_WATER)
    for cell in obs["board"]:
        layout.place(cell["tile"], (cell["x"], cell["y"]), cell["rotation"])
    return layout


def _cell(value: Any) -> tuple[int, int] | None:
    return (value[0], value[1]) if value is not None else None


def plot_prospects(obs: dict[str, Any], layout: Layout | None = None) -> float:
    """Sheep-equivalents of the seat's unfulfilled Plots: all of a met one's reward, a
    share of one that is a single tile short."""
    if not obs["plots"]:
        return 0.0
    layout = layout or layout_of(obs)
    me = obs["you"]
    shepherd = _cell(obs["shepherds"][str(me)])
    spirits = [_cell(obs["spirits"][name]) for name in SPIRITS]
    total = 0.0
    for number in obs["plots"]:
        plot = PLOTS[number - 1]
        worth = reward_value(plot.reward)
        if measure(plot.task, layout, shepherd, spirits):
            total += worth
        elif measure(plot.task, layout, shepherd, spirits, ALL_TERRAINS):
            total += NEAR_SHARE * worth
    return total


def values(state: State) -> list[float]:
    """Each seat's chance to win: Sheep, fulfilled Plots and the rewards it holds ready
    (search calls this on its resampled guesses, never on the true state)."""
    if state.is_terminal():
        return state.returns()
    assert isinstance(state, AridnykState)
    return softmax(
        [
            VALUE_SCALE * (sheep + PLOT_WEIGHT * done + hand)
            for sheep, done, hand in state.standings()
        ]
    )


def _best_placement(state: State, seat: int, rng: Rng) -> tuple[int, int, int]:
    """(tile, rotation, cell action) of the placement that leaves the best prospects,
    tried on a resampled guess so no hidden card is read."""
    guess = state.resample(seat, rng.below(2**31))
    assert isinstance(guess, AridnykState)
    obs = guess.observation(seat)
    pending = obs["pending"] or {}
    chosen_tile, chosen_rotation = pending.get("tile"), pending.get("rotation")
    if chosen_tile is not None:
        tiles = [chosen_tile]
    else:
        tiles = [a - A.HAND_TILE for a in guess.legal_actions() if a < A.ROTATE]
    best: tuple[float, int, int, int] | None = None
    for tile in tiles:
        first = guess.clone()
        if chosen_tile is None:
            first.apply_action(A.HAND_TILE + tile)
        if chosen_rotation is not None:
            rotations = [chosen_rotation]
        else:
            rotations = [a - A.ROTATE for a in first.legal_actions()]
        for rotation in rotations:
            second = first.clone()
            if chosen_rotation is None:
                second.apply_action(A.ROTATE + rotation)
            for cell in second.legal_actions():
                prospects = _prospects_after(obs, guess.layout, tile, rotation, cell - A.CELL)
                score = prospects + rng.below(1000) * 1e-6
                if best is None or score > best[0]:
                    best = (score, tile, rotation, cell)
    assert best is not None
    return best[1], best[2], best[3]


def _prospects_after(
    obs: dict[str, Any], layout: Layout, tile: int, rotation: int, code: int
) -> float:
    """plot_prospects once `tile` lies, turned `rotation`, on the cell that the cell
    action's `code` names: on a copy of the board, with the Spirit a newly laid tile
    brings standing on it (what playing the action on a copy of the state would show)."""
    board = layout.copy()
    where = board.anchored_cell(code // 4, code % 4)
    moving = board.cell[tile] is not None  # Aley moves a tile already laid
    if moving:
        board.remove(tile)
    board.place(tile, where, rotation)
    spirit = TILE_SPIRIT[tile]
    if spirit >= 0 and not moving:
        obs = {**obs, "spirits": {**obs["spirits"], SPIRITS[spirit]: [where[0], where[1]]}}
    return plot_prospects(obs, board)


def _card_worth(obs: dict[str, Any], code: int, layout: Layout) -> float:
    if code >= A.NUM_PLOTS:
        return CARD_WEIGHT
    sub = dict(obs)
    sub["plots"] = [code + 1]
    return plot_prospects(sub, layout) + 0.1 * reward_value(PLOTS[code].reward)


def _step_target(obs: dict[str, Any], layout: Layout, cell: tuple[int, int]) -> float:
    """How good it is for the Shepherd to stop on `cell`."""
    tile = layout.at[cell]
    score = 0.0
    if tile not in obs["white_done"]:
        score += effect_units(TILE_WHITE[tile])
    for name in SPIRITS:
        if _cell(obs["spirits"][name]) == cell and name not in obs["traded"]:
            score += 1.5 if name == "drizd" else 0.5
    return score


def greedy(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    obs = state.observation(seat)
    claims = [a for a in legal if A.CLAIM <= a < A.USE_TRINKET]
    if claims:
        return max(claims, key=lambda a: reward_value(PLOTS[a - A.CLAIM].reward))
    if obs["reaction"] is not None:
        uses = [a for a in legal if A.USE_TRINKET <= a < A.NO_REACTION]
        return uses[0] if uses else A.NO_REACTION
    pending = obs["pending"] or {}
    placing = any(A.ROTATE <= a < A.DISCARD_TILE for a in legal) or (
        obs["phase"] == "place_tile" and not pending and any(a < A.ROTATE for a in legal)
    )
    if placing and not any(A.BOARD_TILE <= a < A.EFFECT for a in legal):
        tile, rotation, cell = _best_placement(state, seat, rng)
        for action in (A.HAND_TILE + tile, A.ROTATE + rotation, cell):
            if action in legal:
                return action
    uses = [a for a in legal if A.USE_TRINKET <= a < A.NO_REACTION]
    if uses:
        return uses[0]
    trades = [a for a in legal if A.TRADE <= a < A.DRAW_KIND]
    hand = len(obs["plots"]) + len(obs["trinkets"])
    for a in trades:
        spirit = a - A.TRADE
        if spirit == _DRIZD and hand:
            return a
        if spirit == _BOH and len(obs["plots"]) < 2 and obs["sheep"][seat] >= 6:
            return a
    effects = [a for a in legal if A.EFFECT <= a < A.DONE]
    if effects:
        return min(effects, key=lambda a: _EFFECT_ORDER.index(a - A.EFFECT))
    layout = layout_of(obs)
    discards = [a for a in legal if A.DISCARD_CARD <= a < A.CLAIM]
    if discards:
        return min(discards, key=lambda a: _card_worth(obs, a - A.DISCARD_CARD, layout))
    kinds = [a for a in legal if A.DRAW_KIND <= a < A.DRAW_ROW]
    if kinds:
        want = A.DRAW_KIND + (A.PLOT_KIND if len(obs["plots"]) < 3 else A.TRINKET_KIND)
        return want if want in legal else kinds[0]
    if A.KEEP_ROW in legal:  # greedy draws from the row it sees, as without the choice
        return A.KEEP_ROW
    rows = [a for a in legal if A.DRAW_ROW <= a < A.DRAW_DECK]
    if rows:
        return _best_row_card(obs, rows, layout, legal)
    steps = [a for a in legal if A.SHEPHERD_STEP <= a < A.SPIRIT_STEP]
    if steps:
        here = _cell(obs["shepherds"][str(seat)])
        assert here is not None
        best = max(steps, key=lambda a: _after_step(obs, layout, here, a - A.SHEPHERD_STEP))
        stay = _step_target(obs, layout, here) if A.DONE in legal and obs["moved"] else -1.0
        if A.DONE in legal and stay >= _after_step(obs, layout, here, best - A.SHEPHERD_STEP):
            return A.DONE
        return best
    spirits = [a for a in legal if A.SPIRIT <= a < A.TRADE]
    if spirits:
        return spirits[rng.below(len(spirits))]
    picks = [a for a in legal if A.HORIZON <= a < A.STACK_TOP]
    if picks:
        return max(picks, key=lambda a: effect_units(TILE_BLACK[a - A.HORIZON]))
    if A.DONE in legal:
        return A.DONE
    return legal[rng.below(len(legal))]


def _after_step(obs: dict[str, Any], layout: Layout, here: tuple[int, int], side: int) -> float:
    dx, dy = DELTA[side]
    cell = (here[0] + dx, here[1] + dy)
    penalty = 0.0
    if TILE_TERRAIN[layout.at[cell]] == TERRAINS.index("river"):
        # a River costs 2 Sheep; when the flock is small that is a large share of it
        penalty = 4.0 if obs["sheep"][obs["you"]] < POOR_FLOCK else 2.0
    return _step_target(obs, layout, cell) - penalty


def _best_row_card(obs: dict[str, Any], rows: list[int], layout: Layout, legal: list[int]) -> int:
    def worth(action: int) -> float:
        kind, slot = divmod(action - A.DRAW_ROW, 3)
        if kind == A.TRINKET_KIND:
            return CARD_WEIGHT
        number = obs["plot_row"][slot]
        return _card_worth(obs, number - 1, layout)

    best = max(rows, key=worth)
    deck = [a for a in legal if A.DRAW_DECK <= a < A.REFRESH_ROW]
    if deck and worth(best) < CARD_WEIGHT:
        return deck[0]
    return best


def rollout_move(state: State, rng: Rng) -> int:
    """Search's heavy rollouts: fulfil a Plot when one is met and never end the effects
    while one is left; otherwise a random move. Uniform rollouts end the effects a third
    of the time and lose the Sheep they hold, which drowns the differences between tiles."""
    legal = state.legal_actions()
    effects = []
    for a in legal:
        if A.CLAIM <= a < A.USE_TRINKET:
            return a
        if A.EFFECT <= a < A.DONE:
            effects.append(a)
    if effects:
        return effects[rng.below(len(effects))]
    return legal[rng.below(len(legal))]


register_policy("aridnyk", greedy)
register_rollout_policy("aridnyk", rollout_move)
# Against greedy at 300 iterations (48 games, seed 7300): guide 0 / 1 / 4 / 16 won
# 17 / 26 / 31 / 23; heavy rollouts without a guide 26, with guide 4 30. A strong guide
# turns search into the greedy it follows.
register_guide("aridnyk", GUIDE)
register_evaluator("aridnyk", values)
# A tile, its rotation and cell, its effects and moves take a dozen decisions, so a
# rollout must be long enough to reach a Plot or Sheep change: 4 won 4 of 10 against
# greedy. At 1 s a move, on the same deals of seed 8000, 10 won 19 of 35 and 15 and 20
# won 29 and 27, by 11 Sheep a game more than 10; 15 keeps the search's rate above
# 3,500 iterations a second where 20 does not (docs/bots.md).
register_rollout_depth("aridnyk", ROLLOUT_DEPTH)
