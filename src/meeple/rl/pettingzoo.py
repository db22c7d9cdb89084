"""Every meeple game as a PettingZoo AEC environment.

    env = meeple.rl.pettingzoo_env("anludim", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs)
        env.step(action)

Agents are `player_0` .. `player_{n-1}` (seat i is `player_i`). An observation is a dict:
"observation", the game's encoding of what that seat may know (a float32 vector in
[0, 1], see meeple.rl.encoding), and "action_mask", an int8 vector over the fixed action
space with 1 for each legal action (all 0 for a seat that is not to move). Rewards are 0
until the game ends, then `state.returns()` (1.0 for every winner), or with
`reward="score"` the final scores. An illegal action raises `IllegalActionError` and
leaves the game unchanged.

After `max_steps` decisions (100,000 by default; None for no limit) a game that has not
ended is cut short: every agent is truncated, with reward 0 and `info["truncated_at"]`
the number of decisions played. meeple's games end long before that under any sensible
play, but a policy can repeat moves for ever where the rules allow it.

`reset(seed=s)` plays the deal of `game.new_initial_state(seed=s)`; each later `reset()`
without a seed takes the next seed, s + 1, s + 2, ... (like `meeple simulate`), so a
run is reproducible and every game can be replayed from `env.game_state.to_record()`.
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import MAX_SEED, Game, State, check_seed
from meeple.rl._common import (
    MAX_GAME_LENGTH,
    as_action,
    check_max_steps,
    check_render_mode,
    check_reward,
    final_rewards,
    legal_mask,
    load,
    view_text,
)
from meeple.rl.encoding import encoder_for
from meeple.rl.errors import EnvStateError, missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

Observation = dict[str, NDArray[Any]]
ALL_DONE = "the game is over and every agent is done: call reset()"


class MeepleAECEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """A meeple game as a PettingZoo AEC environment (see the module doc)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's own attribute)
        "name": "meeple_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "anludim",
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = MAX_GAME_LENGTH,
        reward: str = "returns",
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = load(game, players, options)
        self.reward = check_reward(reward)
        info = self.game.info
        self.render_mode = check_render_mode(render_mode)
        self.max_steps = check_max_steps(max_steps)
        self.metadata = {**self.metadata, "name": f"meeple_{info.name}_v0"}
        self.encoder = encoder_for(self.game)
        self._encode = self.encoder.encode_state
        self._num_actions = info.num_distinct_actions
        self.possible_agents = [f"player_{i}" for i in range(info.players)]
        self.agent_name_mapping = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._num_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self._num_actions) for agent in self.possible_agents
        }
        self._state: State | None = None
        # Until reset(): no live agents, and every use says to call reset() first.
        self.agents: list[str] = []
        self.agent_selection = self.possible_agents[0]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self._next_seed: int | None = None
        self._steps = 0
        self._cut = False

    # --- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the game --------------------------------------------------------------------

    @property
    def game_state(self) -> State:
        """The meeple state being played (the truth: every seat's cards)."""
        if self._state is None:
            raise EnvStateError("call reset() before using the environment")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: the deal of `seed`, or the next seed after the last game's
        (a random one if the environment was never seeded). `options` is ignored: the
        game's are given when the environment is made (PettingZoo's api_test passes
        some of its own, and expects them to be taken quietly)."""
        if seed is not None:
            self._next_seed = check_seed(seed)
        elif self._next_seed is None:
            self._next_seed = check_seed(None)  # a fresh 63-bit seed, as meeple draws them
        state = self.game.new_initial_state(seed=self._next_seed)
        self._next_seed = (self._next_seed + 1) & MAX_SEED
        self._state = state
        self._steps = 0
        self._cut = False
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        if state.is_terminal():
            self.agent_selection = self.agents[0]
            self._finish(state)
        else:
            self.agent_selection = self.agents[state.current_player]

    def step(self, action: Any) -> None:
        if self._state is None:
            raise EnvStateError("call reset() before step()")
        if not self.agents:
            raise EnvStateError(ALL_DONE)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EnvStateError(f"{agent} is done: its only action is None")
            self._was_dead_step(action)
            return
        state = self._state
        if action.__class__ is not int or not 0 <= action < self._num_actions:
            if action is None:
                raise EnvStateError(
                    f"{agent} must act: None is the action of an agent that is done"
                )
            action = as_action(action, self._num_actions)
        state.apply_action(action)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        current = state.current_player
        if current >= 0:
            self.agent_selection = self.possible_agents[current]
            if self._steps == self.max_steps:
                self._truncate()
        else:
            self._finish(state)
        if self.render_mode == "human":
            self.render()

    def _finish(self, state: State) -> None:
        returns = state.returns()
        scores = state.scores()
        paid = final_rewards(state, self.reward)
        for agent in self.agents:
            seat = self.agent_name_mapping[agent]
            self.rewards[agent] = paid[seat]
            self.terminations[agent] = True
            self.infos[agent] = {"returns": list(returns), "scores": list(scores)}
        self._accumulate_rewards()

    def _truncate(self) -> None:
        self._cut = True
        for agent in self.agents:
            self.truncations[agent] = True
            self.infos[agent] = {"truncated_at": self._steps}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        # AECEnv.last's contract, written out: it runs at every step of a loop
        if not self.agents and self._state is not None:
            raise EnvStateError(ALL_DONE)
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Observation:
        """`agent`'s encoded view and action mask, new arrays at every call (a caller may
        change them); computed only when asked for."""
        seat = self.agent_name_mapping.get(agent) if agent.__class__ is str else None
        if seat is None:
            seat = self._seat_of(agent)  # raises
        state = self.game_state
        return {
            "observation": self._encode(state, seat),
            # a truncated game has no one to move
            "action_mask": legal_mask(state, -1 if self._cut else seat, self._num_actions),
        }

    def action_mask(self, agent: str | None = None) -> NDArray[np.int8]:
        """The legal-action mask of `agent` (default: the agent to act), without encoding
        its observation: the cheap way to act when only legality matters."""
        seat = self._seat_of(self.agent_selection if agent is None else agent)
        return self._mask(self.game_state, -1 if self._cut else seat)

    def _seat_of(self, agent: Any) -> int:
        try:  # a plain look-up: observe() runs at every step
            return self.agent_name_mapping[agent]
        except (KeyError, TypeError):  # TypeError: an unhashable agent
            raise EnvStateError(
                f"no agent {agent!r} in this game; its agents: {', '.join(self.possible_agents)}"
            ) from None

    def _mask(self, state: State, seat: int) -> NDArray[np.int8]:
        return legal_mask(state, seat, self._num_actions)

    def render(self) -> str | None:
        """The view of the seat to act (after the game: of `agent_selection`) as text."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        if self._state is None:
            raise EnvStateError("call reset() before render()")
        seat = self._state.current_player
        if seat < 0:
            seat = self.agent_name_mapping.get(self.agent_selection, 0)
        text = view_text(self._state, seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release; safe to call more than once."""


def pettingzoo_env(
    game: str | Game = "anludim",
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = MAX_GAME_LENGTH,
    reward: str = "returns",
    **options: Any,
) -> MeepleAECEnv:
    """A PettingZoo AEC environment of `game` (a name, or a loaded Game)."""
    return MeepleAECEnv(
        game,
        players=players,
        render_mode=render_mode,
        max_steps=max_steps,
        reward=reward,
        **options,
    )


__all__ = ["MeepleAECEnv", "pettingzoo_env"]
