"""Shared helpers of the conformance suite: configurations, random walks, snapshots.

Nothing here knows any game: every configuration is built from `meeple.list_games()` and
each game's `info`, so a newly registered game is covered without writing a line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

import meeple
from meeple.core import Game, Rng, State
from meeple.errors import OptionError

MAX_STEPS = 200_000
"""A random game that has not ended after this many decisions is a defect."""

SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
"""Game seeds and action-choice seeds drawn by hypothesis."""


EXAMPLES_SCALE = int(os.environ.get("MEEPLE_EXAMPLES_SCALE", "1"))
"""A deeper sweep than CI's: MEEPLE_EXAMPLES_SCALE=20 pytest tests/conformance draws
twenty times the examples. Hypothesis draws new seeds at every run, so each run, deep or
not, looks at new games."""


def few_examples(count: int) -> settings:
    """Hypothesis settings for the suite: whole random games per example are slow, so few
    examples, no deadline, and no shrinking (a smaller seed is not a simpler game)."""
    return settings(
        max_examples=count * max(1, EXAMPLES_SCALE),
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        suppress_health_check=(HealthCheck.too_slow,),
    )


@dataclass(frozen=True)
class Config:
    """One configuration of one registered game: a player count and some options."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...] = field(default_factory=tuple)

    @property
    def id(self) -> str:
        parts = [self.game, f"p{self.players}"]
        parts.extend(f"{name}={value}" for name, value in self.options)
        return "-".join(parts)

    def load(self) -> Game:
        return meeple.load_game(self.game, players=self.players, **dict(self.options))

    def new_state(self, seed: int) -> State:
        return self.load().new_initial_state(seed=seed)


def _loads(config: Config) -> bool:
    try:
        config.load()
    except OptionError:
        return False
    return True


def configurations() -> list[Config]:
    """Per registered game: min and max players with defaults, then each non-default
    option value alone, at min and at max players (a combination the game refuses with
    an OptionError is skipped, unless every player count refuses it)."""
    configs: list[Config] = []
    for name in meeple.list_games():
        info = meeple.load_game(name).info
        counts = sorted({info.min_players, info.max_players})
        found = [Config(name, n) for n in counts]
        for option, spec in info.options.items():
            for value in spec.choices:
                if value == spec.default and type(value) is type(spec.default):
                    continue
                candidates = [Config(name, n, ((option, value),)) for n in counts]
                accepted = [c for c in candidates if _loads(c)]
                found.extend(accepted or candidates)
        for config in found:
            if config not in configs:
                configs.append(config)
    return configs


CONFIGS = configurations()


def players_of(state: State) -> int:
    return state.game.info.players


def obs_json(state: State, player: int) -> str:
    """The observation of one seat as canonical JSON (no default=: it must serialise)."""
    return json.dumps(state.observation(player), sort_keys=True)


def all_obs(state: State) -> tuple[str, ...]:
    return tuple(obs_json(state, p) for p in range(players_of(state)))


@dataclass(frozen=True)
class Snapshot:
    """All that the protocol shows of a state, for exact before/after comparisons."""

    observations: tuple[str, ...]
    legal: tuple[int, ...]
    history: tuple[int, ...]
    current_player: int
    terminal: bool
    returns: tuple[float, ...] | None
    scores: tuple[float, ...]


def snapshot(state: State) -> Snapshot:
    terminal = state.is_terminal()
    return Snapshot(
        observations=all_obs(state),
        legal=tuple(state.legal_actions()),
        history=tuple(state.history()),
        current_player=state.current_player,
        terminal=terminal,
        returns=tuple(state.returns()) if terminal else None,
        scores=tuple(state.scores()),
    )


def random_action(state: State, rng: Rng) -> int:
    legal = state.legal_actions()
    assert legal, (
        f"a non-terminal state has no legal action (current player {state.current_player}, "
        f"{len(state.history())} actions since its initial state)"
    )
    return legal[rng.below(len(legal))]


def walk(state: State, rng: Rng, max_steps: int = MAX_STEPS) -> Iterator[State]:
    """Play `state` in place with random actions, yielding it before every decision and
    once more at the end. Fails when the game runs past `max_steps` decisions."""
    steps = 0
    while not state.is_terminal():
        yield state
        if steps >= max_steps:
            raise AssertionError(f"random play did not end within {max_steps} decisions")
        state.apply_action(random_action(state, rng))
        steps += 1
    yield state


def play_out(state: State, rng: Rng, max_steps: int = MAX_STEPS) -> State:
    for _ in walk(state, rng, max_steps):
        pass
    return state


def sample_states(config: Config, seed: int, count: int) -> list[State]:
    """Clones of about `count` positions spread along one random game of `config`
    (the initial state and the terminal state always among them)."""
    game_seed, walk_seed = seed, seed * 7919 + 1
    states = [s.clone() for s in walk(config.new_state(game_seed), Rng(walk_seed))]
    if len(states) <= count:
        return states
    stride = (len(states) - 1) / (count - 1)
    return [states[round(i * stride)] for i in range(count)]


def apply_random(state: State, rng: Rng, steps: int) -> list[int]:
    """Apply up to `steps` random actions in place (fewer if the game ends); return them."""
    done: list[int] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = random_action(state, rng)
        state.apply_action(action)
        done.append(action)
    return done


def pick_illegal(state: State) -> int | None:
    """An in-range action id that is not legal in `state`, if there is one."""
    legal = set(state.legal_actions())
    for action in range(state.game.info.num_distinct_actions):
        if action not in legal:
            return action
    return None
