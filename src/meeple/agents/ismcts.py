"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (2012). Every
iteration deals a fresh determinization with `state.resample(seat, seed)`, which depends
only on what the seat can see, walks one shared tree of action sequences from the root
with availability-aware UCB, runs a short rollout, lets the mover finish its open
decisions where the game has a rule for it, and scores the position with the game's
evaluator (agents.evaluation). Where a game sets a guide, the greedy policy's
move gets a fading bonus at the root (progressive bias). While the same seat moves again
after only its own move, the next search starts from the subtree below that move. The
agent never looks at hidden truth: the same observation and seed give the same move
whatever the other seats hold.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from meeple.agents.evaluation import (
    Evaluator,
    SettleRule,
    evaluator_for,
    exploration_for,
    guide_for,
    rollout_depth_for,
    rollout_policy_for,
    settle_rule_for,
    weights_for,
)
from meeple.core.game import State
from meeple.core.rng import Rng, mix_seed
from meeple.errors import AgentError


class _Node:
    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose action led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}


def _decided(root: _Node, left: int) -> bool:
    """Whether the most visited root move stays ahead however the `left` iterations
    still to come fall: the move is then chosen, so searching on cannot change it."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    # Moves not expanded yet hold no visits: they count as a rival at zero.
    return first - second > left


class ISMCTSAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float | None = None,
        rollout: str = "heavy",
        rollout_depth: int | None = None,
        stop_early: bool = True,
        guide: float | None = None,
        reuse: bool = True,
        settle: bool | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            seconds = 1.0
        if iterations is not None and (isinstance(iterations, bool) or iterations < 1):
            raise AgentError(f"ismcts iterations must be a positive integer, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise AgentError(f"ismcts seconds must be positive, not {seconds!r}")
        if rollout not in ("random", "heavy", "greedy"):
            raise AgentError(f"ismcts rollout is 'random', 'heavy' or 'greedy', not {rollout!r}")
        if exploration is not None and not exploration >= 0:
            raise AgentError(f"ismcts exploration must be >= 0, not {exploration!r}")
        if rollout_depth is not None and rollout_depth < 0:
            raise AgentError(f"ismcts rollout_depth must be >= 0, not {rollout_depth!r}")
        if guide is not None and not guide >= 0:
            raise AgentError(f"ismcts guide must be >= 0, not {guide!r}")
        if not isinstance(stop_early, bool):
            raise AgentError(f"ismcts stop_early is true or false, not {stop_early!r}")
        if not isinstance(reuse, bool):
            raise AgentError(f"ismcts reuse is true or false, not {reuse!r}")
        if settle is not None and not isinstance(settle, bool):
            raise AgentError(f"ismcts settle is true or false, not {settle!r}")
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.stop_early = stop_early
        self.guide = guide
        self.reuse = reuse
        self.settle = settle
        # The subtree below our last move, and the history it starts from.
        self._kept: tuple[list[int], _Node] | None = None
        self._moves = 0
        self.last_iterations = 0
        self.last_reused = 0  # visits below the root carried into the last search
        self.last_hint: int | None = None

    def settings(self, state: State) -> dict[str, Any]:
        """Every setting this agent searches `state`'s game with, the game's own values
        in place of the unset ones (see agents.describe)."""
        described = {
            "iterations": self.iterations,
            "seconds": self.seconds,
            "exploration": exploration_for(state) if self.exploration is None else self.exploration,
            # What the rollouts are: `heavy` is uniform random where a game has no rule.
            "rollout": (
                "random"
                if self.rollout == "heavy" and rollout_policy_for(state) is None
                else self.rollout
            ),
            "rollout_depth": (
                rollout_depth_for(state) if self.rollout_depth is None else self.rollout_depth
            ),
            "guide": guide_for(state) if self.guide is None else self.guide,
            "stop_early": self.stop_early,
            "reuse": self.reuse,
        }
        # Named only where it means something, so the settings of games without a
        # settle rule read as they did before there was one.
        if self.settle is not None or settle_rule_for(state) is not None:
            described["settle"] = self._settle_rule(state) is not None
        revision = weights_for(state)
        if revision is not None:  # the evaluator judges with these; named where one is
            described["weights"] = revision
        return described

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise AgentError("the game is over: there is no action to choose")
        self._moves += 1
        seat = state.current_player
        history = state.history()
        root = self._resume(history, seat)
        self.last_reused = sum(child.visits for child in root.children.values())
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_hint = None
            self._keep(history, root, legal[0])
            return legal[0]
        rng = Rng(mix_seed(self.seed, self._moves))
        evaluate = evaluator_for(state)
        depth = self.rollout_depth
        if depth is None:
            depth = rollout_depth_for(state)
        c = self.exploration
        if c is None:
            c = exploration_for(state)
        clock = time.perf_counter
        start = clock()  # the guide's question counts against a time budget too
        policy = self._rollout_policy(rng, state)
        settle = self._settle_rule(state)
        guide = self.guide
        if guide is None:
            guide = guide_for(state)
        hint = self._hint(state, seat, rng) if guide > 0 else None
        self.last_hint = hint
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            if done % 16 == 0 and done:
                now = clock() if deadline is not None else 0.0
                if deadline is not None and now >= deadline:
                    break
                if self.stop_early and _decided(root, self._left(done, start, now)):
                    break
            if self.iterations is not None and done >= self.iterations:
                break
            self._iterate(
                state.resample(seat, rng.next64() >> 1),
                root,
                rng,
                evaluate,
                policy,
                settle,
                depth,
                c,
                hint,
                guide,
            )
            done += 1
        self.last_iterations = done
        visits = {a: child.visits for a, child in root.children.items()}
        choice = max(legal, key=lambda a: (visits.get(a, -1), -a))
        self._keep(history, root, choice)
        return choice

    def _resume(self, history: list[int], seat: int) -> _Node:
        """The subtree kept from our last search when nothing but our own move has
        happened since (the same seat moves again, as through the dozen steps of an
        Aridnyk tile): its statistics were gathered on guesses dealt from what we saw
        then, which is all we know now but the chance draws our move made. Otherwise a
        fresh root. Others' moves are never followed down the tree."""
        kept, self._kept = self._kept, None
        if kept is None or kept[0] != history or kept[1].mover != seat:
            return _Node(seat)
        root = kept[1]
        # Where a guess let another seat answer our move, its replies hang here too.
        root.children = {a: n for a, n in root.children.items() if n.mover == seat}
        return root

    def _keep(self, history: list[int], root: _Node, action: int) -> None:
        child = root.children.get(action) if self.reuse else None
        if child is not None:
            self._kept = ([*history, action], child)

    def _left(self, done: int, start: float, now: float) -> int:
        """An upper bound on the iterations still to run: the budget's remainder, or
        for a time budget the pace so far carried to the deadline (with a margin)."""
        left = math.inf
        if self.iterations is not None:
            left = self.iterations - done
        if self.seconds is not None:
            elapsed = max(now - start, 1e-9)
            pace = done / elapsed * (start + self.seconds - now)
            left = min(left, int(pace * 1.25) + 16)
        return int(left)

    @staticmethod
    def _hint(state: State, seat: int, rng: Rng) -> int | None:
        """The game's heuristic move, chosen on a resampled guess so that it, too, sees
        only what the seat sees; None for a game without a heuristic."""
        from meeple.agents.greedy import has_policy, policy_for

        name = state.game.info.name
        if not has_policy(name):
            return None
        guess = state.resample(seat, rng.next64() >> 1)
        return policy_for(name)(guess, Rng(rng.next64() >> 1))

    def _settle_rule(self, state: State) -> SettleRule | None:
        """The game's rule for finishing the mover's open decisions before a position
        is judged, unless turned off; asking for one a game lacks is an error."""
        rule = settle_rule_for(state)
        if self.settle is False:
            return None
        if rule is None and self.settle:
            raise AgentError(
                f"ismcts settle: {state.game.info.name} has no rule to settle open decisions"
            )
        return rule

    def _rollout_policy(self, rng: Rng, state: State) -> Callable[[State], int] | None:
        """None for uniformly random rollouts, else a function from a state to a move."""
        if self.rollout == "random":
            return None
        if self.rollout == "heavy":
            quick = rollout_policy_for(state)
            if quick is None:
                return None
            rollout_rng = Rng(rng.next64() >> 1)
            return lambda det: quick(det, rollout_rng)
        from meeple.agents.greedy import GreedyAgent

        return GreedyAgent(seed=rng.next64() >> 1).act

    def _iterate(
        self,
        det: State,
        root: _Node,
        rng: Rng,
        evaluate: Evaluator,
        policy: Callable[[State], int] | None,
        settle: SettleRule | None,
        depth: int,
        c: float,
        hint: int | None,
        guide: float,
    ) -> None:
        node = root
        path = []
        favoured = hint  # the guide acts at the root only
        # Selection and expansion along the determinization.
        while not det.is_terminal():
            legal = det.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            mover = det.current_player
            if untried:
                pick = untried.index(favoured) if favoured in untried else rng.below(len(untried))
                action = untried[pick]
                child = children[action] = _Node(mover)
                child.avail = 1
                det.apply_action(action)
                path.append(child)
                break
            best_score = -math.inf
            action = legal[0]
            for a in legal:
                child = children[a]
                child.avail += 1
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if a == favoured:
                    # Progressive bias (Chaslot et al. 2008): the heuristic's move starts
                    # ahead, by a margin that fades as its own visits accumulate.
                    score += guide / (child.visits + 1)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            favoured = None
            det.apply_action(action)
            path.append(node)
        # A short rollout, then the evaluator's estimate.
        for _ in range(depth):
            if det.is_terminal():
                break
            if policy is None:
                legal = det.legal_actions()
                det.apply_action(legal[rng.below(len(legal))])
            else:
                det.apply_action(policy(det))
        if settle is not None and not det.is_terminal():
            settle(det)
        values = evaluate(det)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.mover]
