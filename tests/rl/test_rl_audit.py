"""Audit of the adapters' semantics: the documented block tables, the declared spaces
over whole games, out-of-turn seats, rewards at the end only, views that leak nothing
(observations, renders, resampled worlds) and the OpenSpiel tensor sizes."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rl_support import OWL, PLAYER_COUNTS, SPIDER, Setup

import meeple
from meeple.core import Rng
from meeple.rl import encoder_for, gymnasium_env, openspiel_game, pettingzoo_env
from meeple.rl._common import view_text
from meeple.rl.pettingzoo import MeepleAECEnv

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"

# A few configurations per game, options included, for the whole-game checks.
SPREAD = [
    Setup("anludim", 2),
    Setup("anludim", 5, (("variant", "expert"),)),
    Setup("aridnyk", 1),
    Setup("aridnyk", 4, (("characters", True),)),
    Setup("arnak", 1),
    Setup("arnak", 3, (("board", "snake"),)),
    Setup("arnak", 2, (("board", "spider"),)),
    Setup("arnak", 1, (("board", "owl"),)),
]


def doc_tables() -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """Per game: its section of docs/rl.md and the (block, shape) rows of its table."""
    text = DOCS.read_text(encoding="utf-8")
    tables = {}
    for section in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
        title = section.split("\n", 1)[0].strip().lower()
        rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \|", section, flags=re.MULTILINE)
        tables[title] = (section, rows)
    return tables


def doc_size(shape: str, n: int) -> int:
    """The number of values of a documented shape such as "17 × 2 × (n + 2)"."""
    expression = shape.replace("×", "*").replace("n", str(n))
    assert re.fullmatch(r"[\d\s*+()-]+", expression), shape
    size: int = eval(expression)
    return size


def play_aec(env: MeepleAECEnv, seed: int, on_decision: Any) -> dict[str, float]:
    """Random legal play of one game; calls on_decision(env, agent) before each move and
    returns the reward each agent saw through last()."""
    rng = Rng(seed)
    seen = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        seen[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        on_decision(env, agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
    return seen


def test_docs_tables_give_every_block_in_order_with_its_size() -> None:
    """docs/rl.md's table of each game lists the encoder's blocks in order, with shapes
    that give the encoder's sizes, and the lengths it states are the encoder's."""
    tables = doc_tables()
    for name in ("anludim", "aridnyk", "arnak"):  # a plugin documents its own encoder
        section, rows = tables[name]
        info = meeple.load_game(name).info
        # Arnak's Spider and Owl Temple sides add the `spider_` and `owl_` blocks
        # (documented, absent on the other sides; `owl_rival_` solo only), and its
        # paragraph states their lengths after "Spider Temple side", "Owl Temple side".
        sides = [None, "spider", "owl"] if name == "arnak" else [None]
        stated = section.split("\n\n", 2)[1]
        before, _, rest = stated.partition("Spider Temple side")
        spider_part, _, owl_part = rest.partition("Owl Temple side")
        parts = {None: before, "spider": spider_part, "owl": owl_part}
        for n, side in itertools.product(range(info.min_players, info.max_players + 1), sides):
            options = {"board": side} if side else {}
            encoder = encoder_for(meeple.load_game(name, players=n, **options))
            names = {b.name for b in encoder.blocks}
            documented = [(block, doc_size(shape, n)) for block, shape in rows if block in names]
            assert documented == [(b.name, b.size) for b in encoder.blocks], (name, n)
            skipped = [block for block, _ in rows if block not in names]
            for block in skipped:  # the solo rival's, or another side's
                kind = block.split("_", 1)[0]
                solo_only = block.startswith(("rival_", "owl_rival_"))
                assert kind in ("rival", "spider", "owl"), block
                assert (kind != "rival" and kind != side) or (solo_only and n > 1), (block, n)
            # "Length a + b·n for n players: s2 (2 players), s3 (3), ..."; the solo rival
            # blocks (documented, absent with several seats) come on top of a + b·n, and
            # a side's "c + d·n" values (the Owl Temple's solo rival's "e more") on top.
            base, per = map(int, re.findall(r"Length (\d+) \+ (\d+)·n", section)[0])
            rival = sum(doc_size(shape, n) for block, shape in rows if block.startswith("rival_"))
            size = base + per * n + (rival if n == 1 else 0)
            if side:
                extra = sum(
                    doc_size(shape, n)
                    for block, shape in rows
                    if block.startswith(f"{side}_") and block in names
                )
                more, per_seat = map(int, re.findall(r"(\d+) \+ (\d+)·n", parts[side])[0])
                solo = re.findall(r"solo rival's (\d+)\s+more", parts[side])
                stated_extra = more + per_seat * n + (int(solo[0]) if solo and n == 1 else 0)
                assert extra == stated_extra, (name, n, side)
                size += extra
            assert encoder.size == size, (name, n, side)
            listed = rf"\b{size} \({n}\b|the solo\s+game .*: {size}\.|solo {size}\b"
            assert re.search(listed, parts[side], flags=re.DOTALL), (name, n, size)


@pytest.mark.parametrize("setup", SPREAD, ids=lambda s: s.id)
def test_every_agent_observation_lies_in_its_space_along_whole_games(setup: Setup) -> None:
    """At every decision, every agent's observation (the decider's and the others') lies
    in its declared space, is that seat's own view, and the mask is exactly the legal
    actions of the decider (all 0 for the others)."""
    env = pettingzoo_env(setup.game, players=setup.players, **dict(setup.options))
    encoder = encoder_for(env.game)

    def check(env: MeepleAECEnv, agent: str) -> None:
        state = env.game_state
        for other in env.possible_agents:
            seat = env.agent_name_mapping[other]
            obs = env.observe(other)
            assert obs in env.observation_space(other)
            vector = obs["observation"]
            assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            assert np.array_equal(vector, encoder.encode(state.observation(seat)))
            mask = obs["action_mask"]
            assert mask.dtype == np.int8
            if other == agent:
                assert np.flatnonzero(mask).tolist() == state.legal_actions()
            else:
                assert not mask.any()

    for seed in (1, 2):
        env.reset(seed=seed)
        play_aec(env, seed, check)


@pytest.mark.parametrize("players", [3, 4])
def test_aridnyk_reactions_select_the_reacting_agent(players: int) -> None:
    """A seat asked to react in another's turn is agent_selection, with the mask of its
    own legal actions, while the seat whose turn it is has none."""
    env = pettingzoo_env("aridnyk", players=players)
    out_of_turn = []

    def check(env: MeepleAECEnv, agent: str) -> None:
        state = env.game_state
        seat = env.agent_name_mapping[agent]
        assert state.current_player == seat
        turn = state.observation(seat)["turn_player"]
        if turn != seat:
            out_of_turn.append(seat)
            assert np.flatnonzero(env.action_mask()).tolist() == state.legal_actions()
            assert not env.action_mask(env.possible_agents[turn]).any()

    for seed in (3, 4):
        env.reset(seed=seed)
        play_aec(env, seed, check)
    assert out_of_turn, "no reaction came up: pick other seeds"


@pytest.mark.parametrize("game", ["anludim", "aridnyk", "arnak"])
def test_rewards_come_once_at_the_end_and_every_agent_terminates_together(game: str) -> None:
    env = pettingzoo_env(game, players=2)
    env.reset(seed=8)
    rng = Rng(8)
    while not env.terminations[env.agent_selection]:
        assert set(env.rewards.values()) == {0.0}
        assert set(env._cumulative_rewards.values()) == {0.0}
        assert not any(env.terminations.values()) and not any(env.truncations.values())
        legal = np.flatnonzero(env.action_mask())
        env.step(int(legal[rng.below(len(legal))]))
    state = env.game_state
    assert state.is_terminal()
    returns = state.returns()
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert [env.rewards[a] for a in env.possible_agents] == returns
    for agent in env.possible_agents:
        assert env.infos[agent] == {"returns": returns, "scores": state.scores()}
    seen = []
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        seen.append((agent, reward))
        env.step(None)
    assert sorted(seen) == sorted(zip(env.possible_agents, returns, strict=True))
    assert env.agents == []


@pytest.mark.parametrize("setup", SPREAD, ids=lambda s: s.id)
def test_observe_and_render_show_nothing_hidden_from_that_seat(setup: Setup) -> None:
    """Along a game, a world resampled for a seat (other hidden cards, the same view)
    gives that seat the same encoded observation, and the decider the same rendered
    text: neither reads what the seat may not see."""
    env = pettingzoo_env(
        setup.game, players=setup.players, render_mode="ansi", **dict(setup.options)
    )
    encoder = encoder_for(env.game)
    env.reset(seed=5)
    count = 0

    def check(env: MeepleAECEnv, agent: str) -> None:
        nonlocal count
        count += 1
        if count % 10:
            return
        state = env.game_state
        decider = env.agent_name_mapping[agent]
        world = state.resample(decider, seed=count)
        assert env.render() == view_text(world, decider)
        for other in env.possible_agents:
            seat = env.agent_name_mapping[other]
            world = state.resample(seat, seed=count)
            assert np.array_equal(
                env.observe(other)["observation"], encoder.encode(world.observation(seat))
            )

    play_aec(env, 5, check)
    assert count > 10


def test_aridnyk_resample_keeps_every_seats_observation() -> None:
    """The docs' promise (a resampled world encodes identically for its seat), checked
    at every position of two games where a Horizon refresh puts tiles back."""
    for players, seed in ((2, 1853), (3, 1706)):
        game = meeple.load_game("aridnyk", players=players)
        encoder = encoder_for(game)
        rng = Rng(seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            for seat in range(players):
                vector = encoder.encode(state.observation(seat))
                for k in range(3):
                    world = state.resample(seat, seed=k)
                    assert np.array_equal(vector, encoder.encode(world.observation(seat)))
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


def gym_run(env: Any, seed: int) -> tuple[list[tuple[int, ...]], float, dict[str, Any]]:
    """One random episode; every step's (seat, action, observation digest)."""
    obs, info = env.reset(seed=seed)
    rng = np.random.RandomState(seed)
    trace: list[tuple[int, ...]] = []
    while True:
        state = env.game_state
        assert state.current_player == info["seat"]  # the bots moved inside step
        assert np.flatnonzero(info["action_mask"]).tolist() == state.legal_actions()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        trace.append((info["seat"], action, hash(obs.tobytes())))
        obs, reward, terminated, truncated, info = env.step(action)
        assert obs in env.observation_space
        assert not truncated
        if terminated:
            return trace, reward, info
        assert reward == 0.0


def test_gymnasium_seeded_episodes_repeat_with_random_seats_and_reactions() -> None:
    """With a random seat among four Aridnyk seats, a seeded reset repeats the episode
    exactly; the final reward is that seat's return, and the learner is asked to react
    out of turn like any other seat."""
    env = gymnasium_env("aridnyk", players=4, seat="random")
    seats = set()
    for seed in (0, 1, 2):
        first, reward, info = gym_run(env, seed)
        state = env.game_state
        seat = info["seat"]
        seats.add(seat)
        assert state.is_terminal()
        assert reward == state.returns()[seat] == info["returns"][seat]
        assert info["scores"] == state.scores()
        assert not env.action_masks().any()
        again, reward_again, _ = gym_run(env, seed)
        assert again == first and reward_again == reward
        record = state.to_record()
        replay = meeple.load_game("aridnyk", players=4).new_initial_state(seed=record["seed"])
        mine = 0
        for action in record["actions"]:
            if replay.current_player == seat:
                mine += 1
            replay.apply_action(action)
        assert mine == len(first)
    assert len(seats) > 1


@pytest.mark.parametrize("game", ["aridnyk", "arnak"])
def test_gymnasium_reward_is_the_seats_return_in_every_game(game: str) -> None:
    for players in (1, 2):
        env = gymnasium_env(game, players=players, seat=players - 1)
        _, reward, info = gym_run(env, seed=players)
        assert reward == env.game_state.returns()[players - 1]
        assert info["seat"] == players - 1


@pytest.mark.parametrize("setup", PLAYER_COUNTS + SPIDER + OWL, ids=lambda s: s.id)
def test_openspiel_tensors_have_their_declared_sizes(setup: Setup) -> None:
    game = openspiel_game(setup.game, players=setup.players, rng_seed=1, **dict(setup.options))
    size = encoder_for(game.meeple_game).size
    assert game.information_state_tensor_shape() == game.observation_tensor_shape() == [size]
    assert game.information_state_tensor_size() == game.observation_tensor_size() == size
    state = game.new_initial_state()
    assert state.information_state_tensor(0) == [0.0] * size
    state.apply_action(0)
    rng = np.random.RandomState(setup.players)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(setup.players):
        assert len(state.information_state_tensor(seat)) == size
        assert len(state.observation_tensor(seat)) == size


@pytest.mark.parametrize("game", ["anludim", "aridnyk", "arnak"])
def test_openspiel_resampled_worlds_and_returns(game: str) -> None:
    """Along a whole game, resampled worlds keep the decider's information state, its
    tensor and its legal actions; at the end returns and rewards are the engine's."""
    spiel = openspiel_game(game, players=2, rng_seed=7)
    state = spiel.new_initial_state()
    state.apply_action(0)
    rng = np.random.RandomState(0)
    step = 0
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        if step % 9 == 0:
            player = state.current_player()
            for _ in range(2):
                world = state.resample_from_infostate(player, rng.uniform)
                assert world.current_player() == player
                info = state.information_state_string(player)
                assert world.information_state_string(player) == info
                assert world.information_state_tensor(player) == state.information_state_tensor(
                    player
                )
                assert world.legal_actions() == state.legal_actions()
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    returns = [float(r) for r in state.inner.returns()]
    assert state.returns() == state.rewards() == returns
    assert [state.player_return(p) for p in range(2)] == returns
