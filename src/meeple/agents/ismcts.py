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

A game may also cut the root to its heuristic's best moves (`width`), bound the tree
(`tree_depth`), stop rollouts at the round's end (`round_end`) and share the iterations
out in sweeps (`root="sweep"`): every root move once per guess, all on the same guess,
the best mean points margin played. Arnak's search is that one-level sweep.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from typing import Any

from meeple.agents.evaluation import (
    Evaluator,
    RoundCounter,
    SettleRule,
    evaluator_for,
    exploration_for,
    guide_for,
    margin_for,
    ranking_for,
    rollout_depth_for,
    rollout_policy_for,
    root_for,
    round_for,
    settle_rule_for,
    tree_depth_for,
    weights_for,
    width_for,
)
from meeple.core.game import State, plain_int, plain_scalar, shown_value
from meeple.core.rng import Rng, mix_seed
from meeple.errors import AgentError, GameOverError


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


def _check_count(name: str, value: object, least: int) -> int:
    """`value` as a plain int >= `least` (a numpy integer as its int); AgentError else."""
    plain = plain_int(value)
    if isinstance(plain, bool) or not isinstance(plain, int) or plain < least:
        kind = "a positive integer" if least == 1 else f"an integer >= {least}"
        raise AgentError(f"ismcts {name} must be {kind}, not {shown_value(value)}")
    return int(plain)


MAX_SECONDS = 86_400
"""The longest time budget of a move: a day (the pace of a search is planned in whole
iterations, which a budget near infinity overflows)."""


def _check_real(name: str, value: object, positive: bool = False) -> float:
    """`value` as a finite float, > 0 or >= 0 (a bool or a word is no number); an int
    too large for a float is refused as not finite."""
    plain = plain_scalar(value)  # a numpy number as the Python one it holds
    number = math.inf
    if isinstance(plain, int | float) and not isinstance(plain, bool):
        with contextlib.suppress(OverflowError):
            number = float(plain)
    if not math.isfinite(number) or not (number > 0 if positive else number >= 0):
        bound = "> 0" if positive else ">= 0"
        raise AgentError(f"ismcts {name} must be a finite number {bound}, not {shown_value(value)}")
    return plain  # type: ignore[no-any-return]


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
        width: int | None = None,
        tree_depth: int | None = None,
        root: str | None = None,
        round_end: bool | None = None,
    ) -> None:
        # numpy scalars (np.bool_, np.str_), as a configuration read from arrays holds
        # them, as the Python values they hold; the numbers are read below likewise
        stop_early, reuse, settle, round_end = (
            plain_scalar(v) for v in (stop_early, reuse, settle, round_end)
        )
        rollout, root = plain_scalar(rollout), plain_scalar(root)
        if iterations is None and seconds is None:
            seconds = 1.0
        if iterations is not None:
            iterations = _check_count("iterations", iterations, 1)
        if seconds is not None:
            seconds = _check_real("seconds", seconds, positive=True)
            if seconds > MAX_SECONDS:
                raise AgentError(
                    f"ismcts seconds is at most {MAX_SECONDS} (a day), not {seconds!r}"
                )
        if rollout not in ("random", "heavy", "greedy"):
            raise AgentError(f"ismcts rollout is 'random', 'heavy' or 'greedy', not {rollout!r}")
        if exploration is not None:
            exploration = _check_real("exploration", exploration)
        if rollout_depth is not None:
            rollout_depth = _check_count("rollout_depth", rollout_depth, 0)
        if guide is not None:
            guide = _check_real("guide", guide)
        if not isinstance(stop_early, bool):
            raise AgentError(f"ismcts stop_early is true or false, not {stop_early!r}")
        if not isinstance(reuse, bool):
            raise AgentError(f"ismcts reuse is true or false, not {reuse!r}")
        if settle is not None and not isinstance(settle, bool):
            raise AgentError(f"ismcts settle is true or false, not {settle!r}")
        if width is not None:
            width = _check_count("width", width, 0)
        if tree_depth is not None:
            tree_depth = _check_count("tree_depth", tree_depth, 0)
        if root not in (None, "ucb", "sweep"):
            raise AgentError(f"ismcts root is 'ucb' or 'sweep', not {root!r}")
        if round_end is not None and not isinstance(round_end, bool):
            raise AgentError(f"ismcts round_end is true or false, not {round_end!r}")
        self.width = width
        self.tree_depth = tree_depth
        self.root = root
        self.round_end = round_end
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
        # Named only where set or where the game departs from plain search, for the
        # same reason.
        if self.width is not None or ranking_for(state) is not None:
            described["width"] = self._width(state)
        if self.tree_depth is not None or tree_depth_for(state):
            described["tree_depth"] = self._tree_depth(state)
        root = self._root(state)
        if self.root is not None or root != "ucb":
            described["root"] = root
        if self.round_end is not None or round_for(state) is not None:
            described["round_end"] = self._round_counter(state) is not None
        revision = weights_for(state)
        if revision is not None:  # the evaluator judges with these; named where one is
            described["weights"] = revision
        return described

    def check_game(self, state: State) -> None:
        """Refuse settings that ask `state`'s game for a rule it lacks (settle, width,
        round_end, greedy rollouts), before anything is played rather than at the first
        decision."""
        self._settle_rule(state)
        self._width(state)
        self._round_counter(state)
        if self.rollout == "greedy":
            from meeple.agents.greedy import has_policy

            if not has_policy(state.game.info.name):
                raise AgentError(
                    f"ismcts rollout=greedy: {state.game.info.name} has no greedy policy; "
                    "use rollout=random or rollout=heavy"
                )

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if not legal:
            raise GameOverError("the game is over: there is no action to choose")
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
        start = clock()  # the guide's and the ranking's questions count against a time budget
        moves = self._candidates(state, legal, rng)
        if len(moves) == 1:
            self.last_iterations = 0
            self.last_hint = None
            self._keep(history, root, moves[0])
            return moves[0]
        search = _Search(
            evaluate,
            self._rollout_policy(rng, state),
            self._settle_rule(state),
            depth,
            c,
            self._tree_depth(state),
            self._round_counter(state),
            None if len(moves) == len(legal) else frozenset(moves),
        )
        deadline = None if self.seconds is None else start + self.seconds
        if self._root(state) == "sweep":
            self.last_hint = None
            choice = self._sweep(state, seat, root, moves, rng, search, deadline)
        else:
            choice = self._ucb(state, seat, root, legal, rng, search, start, deadline)
        self._keep(history, root, choice)
        return choice

    def _ucb(
        self,
        state: State,
        seat: int,
        root: _Node,
        legal: list[int],
        rng: Rng,
        search: _Search,
        start: float,
        deadline: float | None,
    ) -> int:
        """Iterations on fresh guesses, UCB choosing down the tree; the most visited
        root move is played."""
        guide = self.guide
        if guide is None:
            guide = guide_for(state)
        hint = self._hint(state, seat, rng) if guide > 0 else None
        self.last_hint = hint
        clock = time.perf_counter
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
            det = state.resample(seat, rng.next64() >> 1)
            search.iterate(det, root, rng, hint, guide, None)
            done += 1
        self.last_iterations = done
        visits = {a: child.visits for a, child in root.children.items()}
        return max(legal, key=lambda a: (visits.get(a, -1), -a))

    def _sweep(
        self,
        state: State,
        seat: int,
        root: _Node,
        moves: list[int],
        rng: Rng,
        search: _Search,
        deadline: float | None,
    ) -> int:
        """Sweeps of one iteration per root move, every move of a sweep on the same
        guess: moves are compared on the same hidden cards and draws (common random
        numbers), so a difference of a point is not lost in the luck of the deal. Each
        is judged by the seat's points margin where its iteration ends (the tree below
        still learns the evaluator's chances); the best mean is played, the earlier
        move on a tie. A sweep is never cut short, so an iteration budget may run over
        by less than a sweep."""
        margin = margin_for(state)
        totals = dict.fromkeys(moves, 0.0)
        done = 0
        while done == 0 or (
            (self.iterations is None or done < self.iterations)
            and (deadline is None or time.perf_counter() < deadline)
        ):
            seed = rng.next64() >> 1
            for move in moves:
                leaf = search.iterate(state.resample(seat, seed), root, rng, None, 0.0, move)
                totals[move] += margin(leaf)[seat]
            done += len(moves)
        self.last_iterations = done
        return max(moves, key=lambda a: (totals[a], -moves.index(a)))

    def _candidates(self, state: State, legal: list[int], rng: Rng) -> list[int]:
        """The root moves search weighs: all legal ones, or the heuristic's `width`
        best (asked on a guess of its own)."""
        width = self._width(state)
        if not width:
            return legal
        ranking = ranking_for(state)
        assert ranking is not None  # _width refuses a width for a game without one
        return ranking(state, Rng(rng.next64() >> 1))[:width]

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

    def _width(self, state: State) -> int:
        width = width_for(state) if self.width is None else self.width
        if width and ranking_for(state) is None:
            raise AgentError(
                f"ismcts width: {state.game.info.name} has no heuristic ranking of its moves"
            )
        return width

    def _tree_depth(self, state: State) -> int:
        return tree_depth_for(state) if self.tree_depth is None else self.tree_depth

    def _root(self, state: State) -> str:
        return root_for(state) if self.root is None else self.root

    def _round_counter(self, state: State) -> RoundCounter | None:
        """The game's round counter where rollouts stop at the round's end, unless
        turned off; asking for it where a game has no rounds is an error."""
        counter = round_for(state)
        if self.round_end is False:
            return None
        if counter is None and self.round_end:
            raise AgentError(f"ismcts round_end: {state.game.info.name} names no rounds")
        return counter


class _Search:
    """One search's fixed parts, and the walk of one iteration."""

    __slots__ = (
        "allowed",
        "c",
        "depth",
        "evaluate",
        "policy",
        "round_of",
        "settle",
        "tree_depth",
    )

    def __init__(
        self,
        evaluate: Evaluator,
        policy: Callable[[State], int] | None,
        settle: SettleRule | None,
        depth: int,
        c: float,
        tree_depth: int,
        round_of: RoundCounter | None,
        allowed: frozenset[int] | None,
    ) -> None:
        self.evaluate = evaluate
        self.policy = policy
        self.settle = settle
        self.depth = depth
        self.c = c
        self.tree_depth = tree_depth
        self.round_of = round_of
        self.allowed = allowed  # the root moves weighed, where the width cuts them

    def iterate(
        self,
        det: State,
        root: _Node,
        rng: Rng,
        hint: int | None,
        guide: float,
        first: int | None,
    ) -> State:
        """Walk down the tree on the guess `det` (from the root move `first` where one
        is given), expand one move, roll out, judge and back the values up; return the
        position judged (`det`, played on)."""
        c = self.c
        node = root
        path = []
        favoured = hint  # the guide acts at the root only
        allowed = self.allowed  # so does the width
        start_round = self.round_of(det) if self.round_of is not None else 0
        levels = self.tree_depth or -1  # 0: no bound
        # Selection and expansion along the determinization.
        while levels and not det.is_terminal():
            levels -= 1
            legal = [first] if first is not None else det.legal_actions()
            if allowed is not None:
                legal = [a for a in legal if a in allowed]
            first = allowed = None
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
        # A rollout (up to the round's end where it is asked to stop there), then the
        # evaluator's estimate.
        policy = self.policy
        round_of = self.round_of
        for _ in range(self.depth):
            if det.is_terminal() or (round_of is not None and round_of(det) != start_round):
                break
            if policy is None:
                legal = det.legal_actions()
                det.apply_action(legal[rng.below(len(legal))])
            else:
                det.apply_action(policy(det))
        if self.settle is not None and not det.is_terminal():
            self.settle(det)
        values = self.evaluate(det)
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.mover]
        return det
