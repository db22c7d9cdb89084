"""Every meeple game as a single-agent Gymnasium environment: one seat against bots.

    import gymnasium
    import meeple.rl.gymnasium  # registers meeple/Anludim-v0, one id per game
    env = gymnasium.make("meeple/Anludim-v0", players=3, opponents="random")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(action)

or, without the import, `gymnasium.make("meeple.rl.gymnasium:meeple/Anludim-v0")`.

The learner plays `seat` (0 by default, or "random": a new seat each episode); every
other seat is a meeple agent (`opponents`: one agent spec for all, such as "greedy" or
"ismcts:iterations=200", or a list with one spec per other seat in seat order). The
bots move until the learner must decide, so every step is one decision of the learner.
The observation is the game's encoding of the learner's view (float32 in [0, 1]);
`info["action_mask"]` (and `action_masks()`, as sb3-contrib's MaskablePPO expects) marks
the legal actions. The reward is 0 until the game ends, then the learner's
`state.returns()` value (1.0 for a win), or with `reward="score"` its final score.

An illegal action (`invalid_action`), an integer id the learner may not take now:
- "penalty" (default): the episode ends at once (terminated) with reward
  `illegal_action_reward` (-1.0) and `info["illegal_action"] = True`; the game is left
  as it was. Random or unmasked policies thus learn that illegal moves lose.
- "raise": `IllegalActionError`, the game unchanged, and the episode goes on.
An action that is no integer id at all (None, text, a float, an array of several
values) is a fault in the caller's wiring, not a move: `IllegalActionError` in both.

The registered ids end an episode by truncation after 100,000 decisions of the learner
(`max_episode_steps`, Gymnasium's TimeLimit; pass another value, or None, to
`gymnasium.make`): a policy can repeat moves for ever where the rules allow it.
`MeepleEnv` and `gymnasium_env()` have no limit of their own; wrap them in
`gymnasium.wrappers.TimeLimit` for one.

Seeding: `reset(seed=s)` seeds the environment's generator; each episode draws its game
seed and its bots' seeds from it, so a seeded run is reproducible episode by episode
(give ismcts an iteration budget: its default is a time budget).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Sequence
from typing import Any

import meeple.agents
from meeple.agents import Agent
from meeple.core.game import Game, State, check_seed, plain_int, plain_scalar
from meeple.core.registry import list_games
from meeple.errors import AgentError, OptionError
from meeple.rl._common import (
    MAX_GAME_LENGTH,
    as_action,
    as_integer,
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
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

INVALID_ACTION_MODES = ("penalty", "raise")


def _seat_number(seat: Any, players: int) -> int:
    """The learner's seat as an int (numpy integers too), checked."""
    given = plain_int(seat)
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < players:
        raise OptionError(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
    return int(given)


def _opponent_names(opponents: str | Sequence[str], game: Game) -> list[str]:
    """The opponents' agent specs, each built once and checked against `game`."""
    players = game.info.players
    if isinstance(opponents, str):  # one spec for all, or a comma list as on the CLI
        names = meeple.agents.split_specs(opponents)
        if len(names) == 1:
            names = names * (players - 1)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, bytes | bytearray):
        names = list(opponents)
    else:
        raise OptionError(
            f"opponents is an agent spec or a list of them, not {type(opponents).__name__}"
        )
    if len(names) != players - 1:
        raise OptionError(
            f"opponents needs one agent spec for all other seats or one per other seat "
            f"({players - 1}), not {len(names)}"
        )
    specs = []
    for spec in names:
        if not isinstance(spec, str):
            raise OptionError(f"opponents are agent specs such as 'greedy', not {spec!r}")
        name, colon, settings = spec.strip().partition(":")
        spec = meeple.agents.agent_name(name) + colon + settings  # as registered
        try:
            meeple.agents.check_spec(spec, game)
        except AgentError as exc:
            raise OptionError(f"opponents: {exc}") from None
        specs.append(spec)
    return specs


def check_reset_options(options: Any) -> None:
    """`reset(options=...)`: the game's options are given when the environment is
    made; a reset that names some would be ignored, so it is refused."""
    if options is not None and options != {}:
        raise OptionError(
            f"reset() takes no options, not {options!r}: give the game's options (and "
            "players) when the environment is made"
        )


class MeepleEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a meeple game against meeple agents (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = "anludim",
        players: int | None = None,
        *,
        seat: int | str = 0,
        opponents: str | Sequence[str] = "random",
        invalid_action: str = "penalty",
        illegal_action_reward: float = -1.0,
        reward: str = "returns",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load(game, players, options)
        self.reward = check_reward(reward)
        info = self.game.info
        n = info.players
        if seat != "random":
            seat = _seat_number(seat, n)
        if invalid_action not in INVALID_ACTION_MODES:
            raise OptionError(
                f"invalid_action cannot be {invalid_action!r}; allowed values: "
                + ", ".join(repr(m) for m in INVALID_ACTION_MODES)
            )
        self.seat_option = seat
        self.opponent_names = _opponent_names(opponents, self.game)
        self.invalid_action = invalid_action
        reward = plain_scalar(illegal_action_reward)  # a numpy number as the one it holds
        finite = False
        if isinstance(reward, int | float) and not isinstance(reward, bool):
            with contextlib.suppress(OverflowError):  # an int too large for a float
                finite = math.isfinite(float(reward))
        if not finite:
            raise OptionError(
                f"illegal_action_reward must be a finite number, not {illegal_action_reward!r}"
            )
        self.illegal_action_reward = float(reward)
        self.render_mode = check_render_mode(render_mode)
        self.encoder = encoder_for(self.game)
        self._num_actions = info.num_distinct_actions
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self._num_actions)
        self.seat = 0 if seat == "random" else int(seat)
        self.opponents: dict[int, Agent] = {}
        self._state: State | None = None
        self._done = True

    @property
    def game_state(self) -> State:
        """The meeple state being played (the truth: every seat's cards)."""
        if self._state is None:
            raise EnvStateError("call reset() before using the environment")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        check_reset_options(options)
        if seed is not None:
            # gymnasium's own error would be outside meeple's family; it takes plain ints
            seed = check_seed(seed)
        super().reset(seed=seed)
        # 63 bits, as meeple's own fresh seeds: a smaller space of deals could be
        # searched from one seat's opening view for every hidden card
        game_seed = int(self.np_random.integers(0, 2**63))
        n = self.game.info.players
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(0, n))
        others = [s for s in range(n) if s != self.seat]
        self.opponents = {
            s: meeple.agents.make_from_spec(name, seed=meeple.agents.agent_seed(game_seed, s))
            for s, name in zip(others, self.opponent_names, strict=True)
        }
        self._state = self.game.new_initial_state(seed=game_seed)
        self._done = False
        self._advance()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._state is None:
            raise EnvStateError("call reset() before step()")
        if self._done:
            raise EnvStateError("the episode is over: call reset() to start a new one")
        state = self._state
        if self.invalid_action == "raise":
            a = as_action(action, self._num_actions)
        else:
            legal = self._legal_or_none(action)
            if legal is None:
                self._done = True
                info = self._info()
                info["illegal_action"] = True
                return self._observe(), self.illegal_action_reward, True, False, info
            a = legal
        state.apply_action(a)
        self._advance()
        reward = 0.0
        if state.is_terminal():
            self._done = True
            reward = final_rewards(state, self.reward)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, self._done, False, self._info()

    def _legal_or_none(self, action: Any) -> int | None:
        """The action if the learner may take it now, None for an integer id it may
        not; no integer id at all raises IllegalActionError (see the module doc)."""
        a = as_integer(action)
        if not 0 <= a < self._num_actions or a not in self.game_state.legal_actions():
            return None
        return a

    def _advance(self) -> None:
        """Let the bots decide until the learner must, or the game is over."""
        state = self.game_state
        seat = self.seat
        while True:
            current = state.current_player
            if current < 0 or current == seat:
                return
            state.apply_action(self.opponents[current].act(state))

    def _observe(self) -> NDArray[np.float32]:
        return self.encoder.encode_state(self.game_state, self.seat)

    def action_masks(self) -> NDArray[np.int8]:
        """1 for each legal action of the learner now (all 0 once the game is over)."""
        return legal_mask(self.game_state, self.seat, self._num_actions)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        info: dict[str, Any] = {"action_mask": self.action_masks(), "seat": self.seat}
        if state.is_terminal():
            info["returns"] = list(state.returns())
            info["scores"] = list(state.scores())
        return info

    def render(self) -> str | None:
        """The learner's view as text ("ansi" returns it, "human" prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: pass render_mode='ansi' or 'human'"
            )
            return None
        text = view_text(self.game_state, self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text


def gymnasium_env(
    game: str | Game = "anludim", players: int | None = None, **kwargs: Any
) -> MeepleEnv:
    """A Gymnasium environment of `game` for one seat against meeple agents."""
    return MeepleEnv(game, players, **kwargs)


def env_id(game: str) -> str:
    """The Gymnasium id of a registered meeple game: "anludim" -> "meeple/Anludim-v0"."""
    return "meeple/" + "".join(part.capitalize() for part in game.split("_")) + "-v0"


def registered_env(id_game: str, **kwargs: Any) -> MeepleEnv:
    """The entry point of the registered ids: the id's game, which `game` may only
    repeat (another game has its own id, or `gymnasium_env`)."""
    game = kwargs.pop("game", id_game)
    name = game.info.name if isinstance(game, Game) else game
    if name != id_game:
        raise OptionError(
            f"{env_id(id_game)} plays {id_game}, not {name!r}: make that game's own id "
            "or call meeple.rl.gymnasium_env"
        )
    return MeepleEnv(game, **kwargs)


def register_gymnasium_envs() -> list[str]:
    """Register one Gymnasium id per meeple game (done on import); returns the ids."""
    ids = []
    for name in list_games():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(
                id=ident,
                entry_point="meeple.rl.gymnasium:registered_env",
                kwargs={"id_game": name},
                max_episode_steps=MAX_GAME_LENGTH,
                nondeterministic=False,
            )
        ids.append(ident)
    return ids


register_gymnasium_envs()

__all__ = ["MeepleEnv", "env_id", "gymnasium_env", "register_gymnasium_envs"]
