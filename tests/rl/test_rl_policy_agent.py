"""meeple.rl.PolicyAgent: a policy over encoded observations plays as a meeple agent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import meeple
from meeple import agents
from meeple.errors import AgentError, GameOverError
from meeple.rl import PolicyAgent, encoder_for
from meeple.sim.runner import run_many, summarize

GAMES = ["anludim", "aridnyk", "arnak"]


def lowest(observation: Any, mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.fixture
def registered() -> Iterator[None]:
    before = dict(agents._AGENTS)
    agents.register_agent("lowest", lambda seed=0, **_: PolicyAgent(lowest, name="lowest"))
    yield
    agents._AGENTS.clear()
    agents._AGENTS.update(before)


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("game_name", GAMES)
def test_a_policy_plays_whole_games_against_the_bots(game_name: str) -> None:
    game = meeple.load_game(game_name, players=2)
    results = run_many(game, ["lowest", "random"], games=2, seed=4)
    assert len(results) == 2 and all(r.decisions > 0 for r in results)
    again = run_many(game, ["lowest", "random"], games=2, seed=4)
    assert [r.scores for r in again] == [r.scores for r in results]
    summary = summarize(results, 2, bots=["lowest", "random"], rotate=True)
    assert sum(bot.games for bot in summary.bots) == 4


@pytest.mark.parametrize("game_name", GAMES)
def test_the_policy_sees_only_what_its_seat_may_know(game_name: str) -> None:
    seen: list[Any] = []

    def watch(observation: Any, mask: Any) -> int:
        seen.append((observation.copy(), mask.copy()))
        return lowest(observation, mask)

    agent = PolicyAgent(watch)
    state = meeple.load_game(game_name, players=2).new_initial_state(seed=6)
    rng = np.random.default_rng(0)
    for _ in range(30):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    seat = state.current_player
    moves = {agent.act(state)} | {agent.act(state.resample(seat, k)) for k in range(4)}
    assert len(moves) == 1
    first_observation, first_mask = seen[0]
    for observation, mask in seen[1:]:
        assert np.array_equal(observation, first_observation)
        assert np.array_equal(mask, first_mask)


@pytest.mark.parametrize(
    ("answer", "says"), [(-1, "not legal now"), (10**6, "not legal now"), ("x", "not an action")]
)
def test_a_policy_that_answers_nonsense_is_a_clear_error(answer: Any, says: str) -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=1)
    with pytest.raises(AgentError, match=says):
        PolicyAgent(lambda observation, mask: answer).act(state)
    legal = state.legal_actions()
    illegal = next(a for a in range(state.game.info.num_distinct_actions) if a not in legal)
    with pytest.raises(AgentError, match="not legal now"):
        PolicyAgent(lambda observation, mask: illegal).act(state)


def test_a_policy_asked_on_a_finished_game_says_so() -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=2)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(GameOverError, match="the game is over"):
        PolicyAgent(lowest).act(state)


def test_the_policy_is_given_the_deciding_seats_encoding_and_mask() -> None:
    state = meeple.load_game("anludim", players=3).new_initial_state(seed=6)
    encoder = encoder_for(state.game)
    size = state.game.info.num_distinct_actions
    seen: list[Any] = []

    def watch(observation: Any, mask: Any) -> int:
        seen.append((observation.copy(), mask.copy()))
        return lowest(observation, mask)

    agent = PolicyAgent(watch)
    seats = set()
    for _ in range(40):
        seat = state.current_player
        seen.clear()
        action = agent.act(state)
        observation, mask = seen[0]
        assert np.array_equal(observation, encoder.encode(state.observation(seat)))
        assert set(np.flatnonzero(mask)) == set(state.legal_actions()) and len(mask) == size
        seats.add(seat)
        state.apply_action(action)
    assert seats == {0, 1, 2}
