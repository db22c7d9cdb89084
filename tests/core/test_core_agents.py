"""Core: the agent factory and the random agent."""

from __future__ import annotations

import pytest

import meeple
from meeple import agents
from meeple.errors import AgentError, MeepleError

GAMES = meeple.list_games()


def test_agent_error_family() -> None:
    assert issubclass(AgentError, MeepleError)


def test_list_agents() -> None:
    names = agents.list_agents()
    assert "random" in names
    assert names == sorted(names)


def test_agent_names_are_read_in_any_case() -> None:
    assert agents.make("Random", seed=1).name == agents.make("random", seed=1).name
    assert agents.make_from_spec("ISMCTS:iterations=5", seed=1).name == "ismcts"


def test_a_registered_name_with_capitals_is_read_in_any_case(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One reading of names everywhere: a plugin's MyBot is mybot to every command."""
    from meeple.agents.random_agent import RandomAgent
    from meeple.cli.play import seat_agents
    from meeple.sim.tournament import tournament_bots

    monkeypatch.setitem(agents._AGENTS, "MyBot", RandomAgent)
    assert agents.agent_name("mybot") == agents.agent_name("MYBOT") == "MyBot"
    assert agents.make_from_spec("mybot").name == "random"
    game = meeple.load_game("anludim")
    assert seat_agents("mybot", 2, 0, 1, game)[1] is not None
    with pytest.raises(AgentError, match="listed twice"):
        tournament_bots("MyBot,mybot")


@pytest.mark.parametrize("name", ["no-such-agent", "", "random "])
def test_unknown_agent_lists_available(name: str) -> None:
    with pytest.raises(AgentError) as info:
        agents.make(name)
    message = str(info.value)
    assert repr(name) in message
    for known in agents.list_agents():
        assert known in message


def test_bad_setting() -> None:
    with pytest.raises(AgentError) as info:
        agents.make("random", seed=1, no_such_setting=3)
    assert "random" in str(info.value)


def test_make_random() -> None:
    agent = agents.make("random", seed=3)
    assert agent.name == "random"


def play(name: str, agent_seeds: list[int], game_seed: int) -> list[int]:
    state = meeple.load_game(name).new_initial_state(seed=game_seed)
    players = [agents.make("random", seed=s) for s in agent_seeds]
    while not state.is_terminal():
        seat = state.current_player
        action = players[seat % len(players)].act(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state.history()


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_deterministic_per_seed(name: str) -> None:
    n = meeple.load_game(name).info.players
    seeds = list(range(10, 10 + n))
    assert play(name, seeds, 5) == play(name, seeds, 5)


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_seed_matters(name: str) -> None:
    n = meeple.load_game(name).info.players
    reference = play(name, list(range(n)), 5)
    others = [play(name, [s + 100 * k for s in range(n)], 5) for k in range(1, 4)]
    assert any(h != reference for h in others)


@pytest.mark.parametrize("name", GAMES)
def test_random_agent_does_not_change_the_state(name: str) -> None:
    state = meeple.load_game(name).new_initial_state(seed=8)
    agent = agents.make("random", seed=1)
    before = [state.observation(p) for p in range(state.game.info.players)]
    history = state.history()
    agent.act(state)
    assert [state.observation(p) for p in range(state.game.info.players)] == before
    assert state.history() == history


def test_random_agent_covers_the_legal_actions() -> None:
    name = GAMES[0]
    state = meeple.load_game(name).new_initial_state(seed=8)
    agent = agents.make("random", seed=2)
    legal = state.legal_actions()
    chosen = {agent.act(state) for _ in range(40 * len(legal))}
    assert chosen == set(legal)


def test_each_seats_agent_has_its_own_seed_fixed_by_the_deal_and_the_seat() -> None:
    """Seats of one deal get different seeds, as do the same seat of other deals; the
    rule is fixed, so a deal plays the same way in every version and command."""
    seeds = {(game, seat): agents.agent_seed(game, seat) for game in range(4) for seat in range(4)}
    assert len(set(seeds.values())) == len(seeds)
    assert seeds[0, 0] == 3253252580060932885
    assert agents.agent_seed(7, 1) == 1753246926836546600
    assert all(0 <= s < 2**63 for s in seeds.values())
