"""How good a position is for each seat, for search agents that stop before the end.

An evaluator maps a state to one value per seat in [0, 1] (an estimate of winning). A
finished game is worth its returns. Games register an evaluator by name; others get a
generic one built from `scores()`. Beside it each game may register the other knobs of
search that depend on the game: rollout depth and rule, exploration constant, guide, a
rule that settles the mover's open decisions before a position is judged, the revision
of the weights it judges with, and for a search that weighs only the heuristic's best
moves: their ranking, how many, how deep the tree, how the root shares its iterations,
each seat's points margin (what a sweeping root compares) and the round a state is in
(where rollouts may stop).
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Callable, Sequence

from meeple.core.game import State
from meeple.core.rng import Rng

Evaluator = Callable[[State], list[float]]
RolloutPolicy = Callable[[State, Rng], int]
SettleRule = Callable[[State], None]
Ranking = Callable[[State, Rng], list[int]]
RoundCounter = Callable[[State], int]
Margin = Callable[[State], list[float]]

_EVALUATORS: dict[str, Evaluator] = {}
_ROLLOUT_DEPTHS: dict[str, int] = {}
_EXPLORATIONS: dict[str, float] = {}
_GUIDES: dict[str, float] = {}
_ROLLOUT_POLICIES: dict[str, RolloutPolicy] = {}
_SETTLE_RULES: dict[str, SettleRule] = {}
_WEIGHTS: dict[str, Callable[[State], str]] = {}
_RANKINGS: dict[str, Ranking] = {}
_WIDTHS: dict[str, int] = {}
_TREE_DEPTHS: dict[str, int] = {}
_ROOTS: dict[str, str] = {}
_ROUNDS: dict[str, RoundCounter] = {}
_MARGINS: dict[str, Margin] = {}
DEFAULT_ROLLOUT_DEPTH = 4
DEFAULT_EXPLORATION = 0.7


def register_evaluator(game: str, evaluator: Evaluator) -> None:
    _EVALUATORS[game] = evaluator


def register_rollout_depth(game: str, depth: int) -> None:
    """How many moves (of the game's rollout policy) search plays past a new node in
    `game` before evaluating (games of many small steps need more to reach a change the
    evaluator sees)."""
    _ROLLOUT_DEPTHS[game] = depth


def _game_of(state: State) -> str:
    """The state's game name, its heuristics module imported (it registers them)."""
    name = state.game.info.name
    if name not in _EVALUATORS:
        load_heuristics(name)
    return name


def rollout_depth_for(state: State) -> int:
    return _ROLLOUT_DEPTHS.get(_game_of(state), DEFAULT_ROLLOUT_DEPTH)


def register_exploration(game: str, constant: float) -> None:
    """Search's UCB exploration constant for `game`: smaller where the evaluator's
    values for the moves on offer lie close together."""
    _EXPLORATIONS[game] = constant


def exploration_for(state: State) -> float:
    return _EXPLORATIONS.get(_game_of(state), DEFAULT_EXPLORATION)


def register_rollout_policy(game: str, policy: RolloutPolicy) -> None:
    """A cheap move rule for search's `heavy` rollouts in `game`. It runs inside search's
    own resampled guesses, so it may read the whole (guessed) state."""
    _ROLLOUT_POLICIES[game] = policy


def rollout_policy_for(state: State) -> RolloutPolicy | None:
    return _ROLLOUT_POLICIES.get(_game_of(state))


def register_settle_rule(game: str, rule: SettleRule) -> None:
    """How search in `game` finishes the decisions the mover has open (a payment, a
    card to pick) before the evaluator judges a position: an evaluator of holdings
    misjudges a move half made. The rule runs on search's own resampled guesses and
    may change them (each is dealt for one iteration only)."""
    _SETTLE_RULES[game] = rule


def settle_rule_for(state: State) -> SettleRule | None:
    return _SETTLE_RULES.get(_game_of(state))


def register_weights(game: str, revision: str | Callable[[State], str]) -> None:
    """Name the revision of the weights `game`'s evaluator and greedy policy share (or
    a function of the state naming it, where a board has weights of its own). The
    agents that use them say so in their settings (`agents.describe`), so a journal
    played with other weights refuses to be extended with today's."""
    _WEIGHTS[game] = revision if callable(revision) else lambda state: revision


def weights_for(state: State) -> str | None:
    revision = _WEIGHTS.get(_game_of(state))
    return None if revision is None else revision(state)


def register_guide(game: str, weight: float) -> None:
    """How far search in `game` favours the greedy policy's move at the root at first
    (a value bonus of weight / (visits + 1)); 0, the default, leaves search unguided."""
    _GUIDES[game] = weight


def guide_for(state: State) -> float:
    return _GUIDES.get(_game_of(state), 0.0)


def register_ranking(game: str, ranking: Ranking) -> None:
    """The heuristic's judgement of the moves on offer in `game`, best first, for the
    search's `width`. Like the greedy policy it deals its own guess of what the seat
    cannot see (`resample`), so it reads nothing hidden."""
    _RANKINGS[game] = ranking


def ranking_for(state: State) -> Ranking | None:
    return _RANKINGS.get(_game_of(state))


def register_width(game: str, width: int) -> None:
    """How many of the heuristic's best moves search weighs at the root in `game` (0,
    the default, weighs every legal move)."""
    _WIDTHS[game] = width


def width_for(state: State) -> int:
    return _WIDTHS.get(_game_of(state), 0)


def register_tree_depth(game: str, depth: int) -> None:
    """How many moves deep search's tree grows in `game` before rollouts take over (0,
    the default, sets no bound)."""
    _TREE_DEPTHS[game] = depth


def tree_depth_for(state: State) -> int:
    return _TREE_DEPTHS.get(_game_of(state), 0)


def register_root(game: str, root: str) -> None:
    """How search in `game` shares its iterations among the root's moves: `ucb`, the
    default, or `sweep` (each move in turn on the same guess, the best mean margin
    chosen)."""
    _ROOTS[game] = root


def root_for(state: State) -> str:
    return _ROOTS.get(_game_of(state), "ucb")


def register_round(game: str, counter: RoundCounter) -> None:
    """The round a state of `game` is in, so that search's rollouts may stop where the
    round ends, a point where every seat's position is judged alike."""
    _ROUNDS[game] = counter


def round_for(state: State) -> RoundCounter | None:
    return _ROUNDS.get(_game_of(state))


def register_margin(game: str, margin: Margin) -> None:
    """Each seat's lead in points over its best rival in a state of `game`, judged as
    its evaluator judges (holdings priced in points): what a sweeping root compares
    moves by, as a points margin tells close moves apart where a chance to win is
    already near 0 or 1."""
    _MARGINS[game] = margin


def margin_for(state: State) -> Margin:
    return _MARGINS.get(_game_of(state), score_margins)


def leads(points: Sequence[float]) -> list[float]:
    """Each seat's points less the best of the others' (one seat: its points)."""
    if len(points) == 1:
        return [points[0]]
    out = []
    for p, mine in enumerate(points):
        out.append(mine - max(x for q, x in enumerate(points) if q != p))
    return out


def score_margins(state: State) -> list[float]:
    return leads(state.scores())


def softmax(strengths: Sequence[float]) -> list[float]:
    top = max(strengths)
    weights = [math.exp(s - top) for s in strengths]
    total = sum(weights)
    return [w / total for w in weights]


def generic_values(state: State) -> list[float]:
    if state.is_terminal():
        return state.returns()
    return softmax(state.scores())


def load_heuristics(game: str) -> None:
    """Import meeple.agents.<game> if it exists: it registers that game's heuristics."""
    if not game.isidentifier():  # no module can hold it ("dot.dice")
        return
    module = f"meeple.agents.{game}"
    if importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def evaluator_for(state: State) -> Evaluator:
    return _EVALUATORS.get(_game_of(state), generic_values)
