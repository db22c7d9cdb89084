"""Anludim heuristics: the greedy policy and the position evaluator for search.

Greedy claims the most valuable teacher it can beat, spends as few and as dull cards as
possible, and keeps the cards that combine best with the rest of its hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.agents.evaluation import register_evaluator, softmax
from meeple.agents.greedy import register_policy
from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.games.anludim import actions as A
from meeple.games.anludim.components import CARDS, ITEM_KINDS, TEACHER_NAMES
from meeple.games.anludim.rules import AnludimState

ROUND_WEIGHT = 2.0  # a round won is most of the way to the game
POINT_WEIGHT = 0.25  # item points decide the round
KIND_WEIGHT = 0.3  # kinds of item held, towards the five-kinds win


def values(state: State) -> list[float]:
    """Each seat's chance to win, estimated from public standings."""
    if state.is_terminal():
        return state.returns()
    assert isinstance(state, AnludimState)
    return softmax(
        [
            ROUND_WEIGHT * won + POINT_WEIGHT * total + KIND_WEIGHT * kinds
            for won, total, kinds in state.standings()
        ]
    )


def flexibility(card: int, hand: Sequence[int]) -> float:
    """How well a card combines with the rest of a hand (either half)."""
    score = 0.0
    for v, c in CARDS[card]:
        for other in hand:
            if other == card:
                continue
            for ov, oc in CARDS[other]:
                if ov == v:
                    score += 1.0
                elif abs(ov - v) == 1:
                    score += 0.4
                if oc == c:
                    score += 0.3
    return score


def _teacher_value(obs: dict[str, Any], d: int) -> float:
    seat = obs["you"]
    stack = obs["stacks"][ITEM_KINDS[d]]
    held_kinds = {item["kind"] for item in obs["items"][seat]}
    where = obs["teachers"][TEACHER_NAMES[d]]
    value = (stack[0] if stack else 0) + 0.3 * len(stack)
    if ITEM_KINDS[d] not in held_kinds:
        value += 1.5
    if where not in ("board", seat):
        value += 1.0
    if where == seat:
        value -= 3.0  # already ours: calling it again only spends cards
    return value


def greedy(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    obs = state.observation(seat)
    hand = [card["id"] for card in obs["hand"]]
    phase = obs["phase"]
    if phase == "placing":
        if A.CONFIRM in legal:
            return A.CONFIRM
        return min(legal, key=lambda a: (flexibility((a - A.PICK) // 2, hand), a))
    if phase == "keeping":
        keeps = [a for a in legal if A.KEEP <= a < A.KEEP_DONE]
        if not keeps:
            return A.KEEP_DONE
        return max(keeps, key=lambda a: (flexibility(a - A.KEEP, hand), -a))
    if phase == "after_main":
        return A.END_TURN
    places = [a for a in legal if A.PLACE <= a < A.DRAW_TWO]
    if places:
        best = max(places, key=lambda a: (_teacher_value(obs, a - A.PLACE), -a))
        if _teacher_value(obs, best - A.PLACE) > 0:
            return best
    face_up = [a for a in legal if A.FACE_UP <= a < A.CONFIRM]
    if face_up:
        cards = obs["face_up"]
        pick = max(face_up, key=lambda a: flexibility(cards[a - A.FACE_UP]["id"], hand))
        if flexibility(cards[pick - A.FACE_UP]["id"], hand) >= 2.0 or A.DRAW_TWO not in legal:
            return pick
    if A.DRAW_TWO in legal:
        return A.DRAW_TWO
    if places:
        return places[0]
    return A.END_TURN if A.END_TURN in legal else legal[rng.below(len(legal))]


register_policy("anludim", greedy)
register_evaluator("anludim", values)
