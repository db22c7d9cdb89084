"""ISMCTS's machinery on a game small enough to know the right move: whose value each
node backs up, a fresh guess every iteration, the rollout's bound, the sweep's choice,
the early stop's arithmetic, the time budget and the carried tree."""

from __future__ import annotations

import time
from types import SimpleNamespace
from typing import Any, cast

import pytest

import meeple
from meeple.agents import make
from meeple.agents.ismcts import ISMCTSAgent, _decided, _Node
from meeple.core import Rng, State
from meeple.core.game import TERMINAL

HEADS, TAILS, PASS, OFFER, PASS_TOO = range(5)
YIELD, TAKE = range(2)


class CoinState:
    """Seat 0 holds a hidden coin; seat 1 moves first. It may bet on the coin (worth 1 if
    right, 0 if wrong: 0.5 on average), pass (0.8, sure; PASS_TOO is the same move
    again), or offer seat 0 the choice of yielding (1 to seat 1) or taking (0): seat 0
    takes, so the offer is worth nothing. Passing is right; a search that knew the coin
    would bet, and one that scored every node by one seat's value would offer."""

    game = SimpleNamespace(info=SimpleNamespace(name="coin toy", players=2))
    applied = 0  # moves played on guesses (search never plays on the state it is given)

    def __init__(
        self, coin: int, moves: tuple[int, ...] = (), guess: bool = False, twin: bool = True
    ) -> None:
        self.coin = coin
        self.moves = moves
        self.guess = guess
        self.twin = twin  # whether PASS_TOO is offered

    @property
    def current_player(self) -> int:
        if not self.moves:
            return 1
        if self.moves == (OFFER,):
            return 0
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def legal_actions(self) -> list[int]:
        if not self.moves:
            return [HEADS, TAILS, PASS, OFFER, PASS_TOO][: 5 if self.twin else 4]
        return [YIELD, TAKE] if self.moves == (OFFER,) else []

    def apply_action(self, action: int) -> None:
        assert action in self.legal_actions()
        if self.guess:
            CoinState.applied += 1
        self.moves = (*self.moves, action)

    def _won(self) -> float:
        """Seat 1's value once the game is over."""
        first = self.moves[0]
        if first in (HEADS, TAILS):
            return 1.0 if first == self.coin else 0.0
        if first == OFFER:
            return 1.0 if self.moves[1] == YIELD else 0.0
        return 0.8

    def returns(self) -> list[float]:
        assert self.is_terminal()
        won = self._won()
        return [1.0 - won, won]

    def scores(self) -> list[float]:
        return self.returns() if self.is_terminal() else [0.5, 0.5]

    def observation(self, player: int) -> dict[str, Any]:
        return {"coin": self.coin if player == 0 else None, "moves": self.moves}

    def history(self) -> list[int]:
        return list(self.moves)

    def clone(self) -> CoinState:
        return type(self)(self.coin, self.moves, self.guess, self.twin)

    def resample(self, player: int, seed: int) -> CoinState:
        coin = self.coin if player == 0 else Rng(seed).below(2)
        return type(self)(coin, self.moves, True, self.twin)


class RelayState(CoinState):
    """Seat 1 moves, then the coin decides who moves next: seat 1 again on heads, seat
    0 on tails; the game ends after that second move, drawn."""

    @property
    def current_player(self) -> int:
        if not self.moves:
            return 1
        if len(self.moves) == 1:
            return 1 if self.coin == HEADS else 0
        return TERMINAL

    def legal_actions(self) -> list[int]:
        if len(self.moves) < 2:
            return [HEADS, TAILS, PASS] if not self.moves else [YIELD, TAKE]
        return []

    def returns(self) -> list[float]:
        assert self.is_terminal()
        return [0.5, 0.5]


def coin_game(coin: int, twin: bool = True) -> State:
    return cast(State, CoinState(coin, twin=twin))


def positions(game: str, count: int, seed: int) -> list[State]:
    """Positions along a random two-seat game where the seat to move has a choice."""
    state = meeple.load_game(game, players=2).new_initial_state(seed)
    rng = Rng(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and rng.below(4) == 0:
            found.append(state.clone())
        state.apply_action(legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize("coin", [HEADS, TAILS])
def test_each_node_backs_up_its_movers_value_on_a_fresh_guess_each_iteration(coin: int) -> None:
    """Seat 1 passes: every iteration guesses the coin anew, so a bet is worth a half,
    and seat 0's replies are chosen for seat 0's value, so the offer is worth nothing."""
    for seed in range(4):
        agent = make("ismcts", seed=seed, iterations=300, stop_early=False)
        assert agent.act(coin_game(coin)) in (PASS, PASS_TOO)
        assert agent.last_iterations == 300


def test_the_agents_seed_steers_its_search() -> None:
    """The same seed plays the same moves; another seed searches other guesses and
    rollouts, which on a short search change some moves."""
    states = positions("anludim", 8, seed=2)
    first = [make("ismcts", seed=1, iterations=12).act(s.clone()) for s in states]
    again = [make("ismcts", seed=1, iterations=12).act(s.clone()) for s in states]
    other = [make("ismcts", seed=2, iterations=12).act(s.clone()) for s in states]
    assert first == again
    assert first != other


def test_a_sweep_plays_the_best_mean_margin_of_the_searching_seat_the_earlier_on_a_tie() -> None:
    """Seat 1 sweeps: PASS and PASS_TOO tie on its margin (0.6 each guess) and beat the
    bets and the offer; the earlier of the tied moves is played."""
    for seed in range(3):
        agent = make("ismcts", seed=seed, iterations=500, root="sweep")
        assert agent.act(coin_game(seed % 2)) == PASS


def test_the_rollout_plays_at_most_rollout_depth_moves_past_the_tree() -> None:
    """With a tree of one level and no rollout, an iteration plays one move on its guess
    and judges the position there; a rollout of one move plays at most one more."""
    CoinState.applied = 0
    agent = make("ismcts", seed=1, iterations=40, stop_early=False, tree_depth=1, rollout_depth=0)
    agent.act(coin_game(0))
    assert CoinState.applied == agent.last_iterations == 40
    CoinState.applied = 0
    agent = make("ismcts", seed=1, iterations=40, stop_early=False, tree_depth=1, rollout_depth=1)
    agent.act(coin_game(0))
    assert 40 < CoinState.applied <= 80  # the offer's iterations play seat 0's reply


def test_the_search_stops_only_when_no_rival_can_still_catch_up() -> None:
    root = _Node(0)
    for action, visits in enumerate([10, 4, 0]):
        root.children[action] = _Node(0)
        root.children[action].visits = visits
    assert not _decided(root, 6)  # six more to the second would tie it
    assert _decided(root, 5)
    agent = ISMCTSAgent(iterations=100)
    assert agent._left(32, 0.0, 0.0) == 68  # the rest of the budget, no less


def test_an_early_stop_comes_after_half_the_budget_at_the_soonest() -> None:
    """The most visited move is settled only when it leads by more than the iterations
    left, which it cannot before half of them have run; a clear best move stops well
    before the end."""
    for seed in range(4):
        agent = make("ismcts", seed=seed, iterations=400, exploration=0.1)
        assert agent.act(coin_game(seed % 2, twin=False)) == PASS
        assert 200 < agent.last_iterations < 400


def test_a_time_budget_is_kept() -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(3)
    agent = make("ismcts", seed=1, seconds=0.1, stop_early=False)
    start = time.perf_counter()
    agent.act(state)
    assert time.perf_counter() - start < 0.6
    assert agent.last_iterations > 0


def test_with_a_guide_the_first_iteration_expands_the_heuristics_move() -> None:
    """Progressive bias begins at expansion: the heuristic's move is the root's first
    child, so one iteration plays it."""
    for state in positions("anludim", 6, seed=4):
        agent = make("ismcts", seed=3, iterations=1, guide=0.5)
        assert agent.act(state.clone()) == agent.last_hint


def test_the_carried_tree_holds_no_more_visits_than_the_searches_ran() -> None:
    """Each iteration visits one root move once: the subtree carried below the move
    played holds no more visits than the iterations of the searches it grew in."""
    carried = 0
    for state in positions("aridnyk", 3, seed=5):
        seat = state.current_player
        agent = make("ismcts", seed=4, iterations=80)
        searched = 0
        while not state.is_terminal() and state.current_player == seat:
            move = agent.act(state)
            assert agent.last_reused <= searched
            carried = max(carried, agent.last_reused)
            searched = agent.last_reused + agent.last_iterations
            state.apply_action(move)
    assert carried > 0


def test_a_carried_tree_keeps_only_the_seats_own_next_moves() -> None:
    """Seat 1 moves again (the coin is heads); its guesses that had seat 0 answer hung
    seat 0's replies below the move too: the search carries only seat 1's."""
    state = cast(State, RelayState(HEADS))
    agent = make("ismcts", seed=1, iterations=100, stop_early=False)
    move = agent.act(state)
    kept = cast(ISMCTSAgent, agent)._kept
    assert kept is not None
    replies = kept[1].children.values()
    assert {reply.mover for reply in replies} == {0, 1}
    own = sum(reply.visits for reply in replies if reply.mover == 1)
    state.apply_action(move)
    agent.act(state)
    assert agent.last_reused == own > 0
