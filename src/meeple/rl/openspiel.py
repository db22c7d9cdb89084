"""Every meeple game as an OpenSpiel Python game, so OpenSpiel's algorithms run on it.

    import pyspiel
    import meeple.rl.openspiel  # registers meeple_anludim, one short name per game
    game = pyspiel.load_game("meeple_anludim", {"players": 3, "variant": "expert"})

The parameters are `players`, every game option that OpenSpiel can hold (bool, int,
float or str values), and `rng_seed` (-1: a fresh seed per game object). Decisions and
action ids are meeple's own.

Chance. meeple resolves chance (the deal, every draw, reshuffles) from the state's own
seeded generator and shows no chance player. The adapter exposes one chance node at the
start, whose single outcome "deal" draws the meeple game seed from the game's generator
(seeded by `rng_seed`); later chance happens inside the players' actions. That is
OpenSpiel's SAMPLED_STOCHASTIC mode (as in its tarok and negotiation games): outcomes
are sampled, not enumerated, so algorithms that need explicit chance distributions (CFR
over the whole tree, exact best responses) do not apply -- nor could they, at this size.

Information. `information_state_string(p)` is p's view of every decision so far (each
action as p saw it: its own with the action id, the others' as
`state.public_action_string`) followed by `observation(p)` as canonical JSON; the
observation string is the JSON alone. Both tensors are the game's encoding of
`observation(p)` (meeple.rl.encoding), the same vector the PettingZoo and Gymnasium
adapters give: a fixed-length summary, not a record of the whole history.
`resample_from_infostate(p, sampler)` is meeple's `state.resample(p, seed)` with a seed
from `sampler`, so ISMCTS searches worlds consistent with p's information only.
"""

from __future__ import annotations

import json
import logging
import math
import secrets
from collections.abc import Callable
from typing import Any, ClassVar

import meeple
from meeple.core.game import Game, State, plain_int
from meeple.core.registry import list_games
from meeple.core.rng import Rng
from meeple.errors import IllegalActionError, MeepleError, OptionError
from meeple.rl._common import MAX_GAME_LENGTH
from meeple.rl.encoding import Encoder, encoder_for
from meeple.rl.errors import missing_extra

try:
    import numpy as np
    import pyspiel
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

PREFIX = "meeple_"
RESERVED = ("players", "rng_seed")
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game: str) -> str:
    """The OpenSpiel name of a meeple game: "anludim" -> "meeple_anludim"."""
    return PREFIX + game


def _parameters(name: str) -> dict[str, Any]:
    info = meeple.load_game(name).info
    clash = [key for key in RESERVED if key in info.options]
    if clash:
        raise OptionError(f"{name}: option {clash[0]!r} clashes with an OpenSpiel parameter")
    params: dict[str, Any] = {"players": info.players, "rng_seed": -1}
    for option, spec in info.options.items():
        if isinstance(spec.default, _PARAMETER_TYPES):
            params[option] = spec.default
    return params


def _game_type(name: str, params: dict[str, Any]) -> Any:
    info = meeple.load_game(name).info
    kind = pyspiel.GameType
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"meeple {info.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class MeepleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A meeple game configured for OpenSpiel; one subclass per registered meeple game."""

    meeple_name = ""
    defaults: ClassVar[dict[str, Any]] = {}
    spiel_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None, *, exact: bool = False) -> None:
        """`params` as `pyspiel.load_game` passes them: every parameter, its default
        filled in where none was given. A value at its default is then taken as not
        given, so an option the game derives from others when it is not given (Arnak's
        solo difficulty with purple tiles) is derived as `meeple.load_game` derives it.
        `exact`: every value as given (`openspiel_game`, unpickling)."""
        values = {**self.defaults, **(params or {})}
        options = {
            k: v
            for k, v in values.items()
            if k not in RESERVED and (exact or not _same(v, self.defaults[k]))
        }
        self.meeple_game: Game = meeple.load_game(
            self.meeple_name, players=values["players"], **options
        )
        info = self.meeple_game.info
        # the parameters say the configuration played, derived values included
        values.update({k: v for k, v in info.values.items() if k in self.defaults})
        game_info = pyspiel.GameInfo(
            num_distinct_actions=info.num_distinct_actions,
            max_chance_outcomes=1,
            num_players=info.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.spiel_type, game_info, values)
        self.encoder: Encoder = encoder_for(self.meeple_game)
        seed = values["rng_seed"]
        self._seeds = Rng(seed if seed >= 0 else secrets.randbelow(2**63))

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel's own pickling asks a SAMPLED_STOCHASTIC game for its generator's state
        # in C++, which a Python game cannot give: the game is rebuilt from its name and
        # parameters instead, with its generator where it was.
        return (_unpickle_game, (self.meeple_name, self.get_parameters(), self._seeds.state))

    def new_initial_state(self) -> MeepleSpielState:
        return MeepleSpielState(self)

    def deal_seed(self) -> int:
        """The meeple seed of the next deal (the outcome of the chance node): 63 bits, as
        meeple's own fresh seeds, so a deal cannot be searched from one seat's view."""
        return self._seeds.below(2**63)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MeepleObserver | None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        # A seat's observation mixes its private and the public information; other
        # splits (public only, every seat's private cards) are not defined generically.
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return None
        return MeepleObserver(self, bool(iig_obs_type.perfect_recall), params)


# One log entry per decision: (seat that decided, action id, the action as others saw it)
LogEntry = tuple[int, int, str]


class Core:
    """What an OpenSpiel state holds: the meeple state (None until the chance node is
    applied) and the log of decisions. pyspiel clones a Python state by deep-copying its
    attributes; this holder makes that a meeple `clone()` and a list copy."""

    __slots__ = ("game", "inner", "log")

    def __init__(self, game: MeepleSpielGame, inner: State | None, log: list[LogEntry]) -> None:
        self.game = game
        self.inner = inner
        self.log = log

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        inner = None if self.inner is None else self.inner.clone()
        return Core(self.game, inner, self.log[:])


class MeepleSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a meeple state."""

    def __init__(self, game: MeepleSpielGame, core: Core | None = None) -> None:
        super().__init__(game)
        self.core = core if core is not None else Core(game, None, [])

    @property
    def inner(self) -> State | None:
        """The meeple state (None before the deal)."""
        return self.core.inner

    def __reduce__(self) -> tuple[Any, ...]:
        # pyspiel pickles a state with its game in one C++ string, which asks this
        # sampled-stochastic game for its generator's state and fails; the state's own
        # string (its history and, pickled, its meeple state and log) goes beside the
        # game instead, and comes back through the game's deserialize_state.
        return (_unpickle_state, (self.core.game, self.serialize()))

    def current_player(self) -> int:
        inner = self.core.inner
        if inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        return inner.current_player

    def is_terminal(self) -> bool:
        inner = self.core.inner
        return inner is not None and inner.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        inner = self.core.inner
        if inner is None or player != inner.current_player:
            return []
        return inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1.0)] if self.core.inner is None else []

    def _apply_action(self, action: int) -> None:
        core = self.core
        inner = core.inner
        if inner is None:
            if int(action) != 0:
                raise IllegalActionError(f"the deal's only outcome is 0, not {action!r}")
            core.inner = core.game.meeple_game.new_initial_state(seed=core.game.deal_seed())
            return
        action = int(action)
        actor = inner.current_player  # apply_action below refuses an illegal id
        public = inner.public_action_string(action)
        inner.apply_action(action)
        core.log.append((actor, action, public))

    def _action_to_string(self, player: int, action: int) -> str:
        inner = self.core.inner
        if player == pyspiel.PlayerId.CHANCE or inner is None:
            return "deal"
        return inner.action_to_string(int(action))

    def returns(self) -> list[float]:
        inner = self.core.inner
        if inner is None or not inner.is_terminal():
            return [0.0] * self.core.game.meeple_game.info.players
        return [float(r) for r in inner.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state `player_id` cannot tell from this one: meeple's `resample` with a seed
        drawn from `probability_sampler` (a callable giving floats in [0, 1)). The new
        state has the same log of decisions as seen by the players, and no OpenSpiel
        history (the true action ids are not the resampled world's)."""
        core = self.core
        if core.inner is None:
            return self.clone()
        drawn = probability_sampler()
        try:
            share = float(drawn)
        except (TypeError, ValueError):
            share = math.nan
        if not 0.0 <= share < 1.0:  # nan fails this too
            raise OptionError(
                f"the sampler of resample_from_infostate gives floats in [0, 1), not {drawn!r}"
            )
        seed = min(int(share * 2**31), 2**31 - 1)
        inner = core.inner.resample(int(player_id), seed)
        return MeepleSpielState(core.game, Core(core.game, inner, core.log[:]))

    def __str__(self) -> str:
        inner = self.core.inner
        if inner is None:
            return "before the deal"
        where = "over" if inner.is_terminal() else f"seat {inner.current_player} to act"
        return f"{inner.game.info.title}: {len(self.core.log)} decisions, {where}"


def info_state_string(state: MeepleSpielState, player: int) -> str:
    """Player's perfect-recall view: every decision as it saw it, then its observation."""
    lines = [
        f"{actor}: {action} {public}" if actor == player else f"{actor}: {public}"
        for actor, action, public in state.core.log
    ]
    lines.append(observation_string(state, player))
    return "\n".join(lines)


def observation_string(state: MeepleSpielState, player: int) -> str:
    if state.inner is None:
        return ""
    return json.dumps(state.inner.observation(player), sort_keys=True, separators=(",", ":"))


class MeepleObserver:
    """OpenSpiel's observer interface: a tensor (with named block views) and a string."""

    def __init__(
        self, game: MeepleSpielGame, perfect_recall: bool, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise OptionError(f"meeple observers take no parameters, not {params!r}")
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor: NDArray[np.float32] = np.zeros(self.encoder.size, np.float32)
        self.dict = self.encoder.views(self.tensor)

    def set_from(self, state: MeepleSpielState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode_state(state.inner, player)

    def string_from(self, state: MeepleSpielState, player: int) -> str:
        if self.perfect_recall:
            return info_state_string(state, player)
        return observation_string(state, player)


def _same(value: Any, default: Any) -> bool:
    return type(value) is type(default) and value == default


def _unpickle_game(name: str, params: dict[str, Any], seeds: int) -> MeepleSpielGame:
    register_openspiel_games()
    game = _REGISTERED[name](params, exact=True)
    game._seeds.state = seeds
    return game


def _unpickle_state(game: MeepleSpielGame, text: str) -> MeepleSpielState:
    state: MeepleSpielState = game.deserialize_state(text)
    state.core.game = game  # one game object, not the copy pickled inside the text
    return state


log = logging.getLogger(__name__)

_REGISTERED: dict[str, type[MeepleSpielGame]] = {}


def register_openspiel_games() -> list[str]:
    """Register every meeple game with OpenSpiel (done on import); returns the names.
    A plugin game that cannot be loaded is left out, with a warning, as the lobby and
    `meeple games` leave it: the others stay usable."""
    names = []
    registered = {t.short_name for t in pyspiel.registered_games()}
    for name in list_games():
        spiel_name = short_name(name)
        if name not in _REGISTERED:
            try:
                params = _parameters(name)
            except MeepleError as exc:
                log.warning("game %s is not registered with OpenSpiel: %s", name, exc)
                continue
            cls = type(
                f"MeepleSpiel_{name}",
                (MeepleSpielGame,),
                {
                    "meeple_name": name,
                    "defaults": params,
                    "spiel_type": _game_type(name, params),
                },
            )
            _REGISTERED[name] = cls
        if spiel_name not in registered:
            pyspiel.register_game(_REGISTERED[name].spiel_type, _REGISTERED[name])
        names.append(spiel_name)
    return names


def openspiel_game(game: str | Game = "anludim", players: int | None = None, **params: Any) -> Any:
    """`pyspiel.load_game` of a meeple game, e.g. openspiel_game("anludim", players=3):
    a name with its players and options, or a configured Game (as the other adapters
    take). An unknown game or option is meeple's error, before OpenSpiel sees it."""
    register_openspiel_games()
    given = dict(params)
    seed = plain_int(given.pop("rng_seed", -1))  # a numpy integer as its int
    if seed.__class__ is not int or not -(2**31) <= seed < 2**31:
        raise OptionError(f"rng_seed is an integer of 32 bits (OpenSpiel's), not {seed!r}")
    if isinstance(game, Game):
        if players is not None or given:
            raise OptionError(
                "pass players and options with a game name, not with a loaded game "
                f"({game.info.name} is already configured; rng_seed is welcome)"
            )
        configured = game
    else:
        options = {k: v for k, v in given.items() if k not in RESERVED}
        configured = meeple.load_game(game, players=players, **options)  # meeple's errors
    # pyspiel takes plain values: the configuration meeple checked, not what was passed
    # (numpy scalars, a bool as 1)
    spiel_params = {**configured.info.values, "players": configured.info.players}
    if "rng_seed" in params:
        spiel_params["rng_seed"] = seed
    # built as pyspiel.load_game builds a Python game, but with every value taken as
    # given: the configuration meeple resolved stays as it is
    return _REGISTERED[configured.info.name](spiel_params, exact=True)


def resampler(seed: int) -> Callable[[Any, int], Any]:
    """A seeded resampler for OpenSpiel's ISMCTSBot.set_resampler: the bot's default
    draws from an unseeded generator, this one makes a search reproducible."""
    rng = Rng(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, lambda: rng.below(2**31) / 2**31)

    return resample


register_openspiel_games()

__all__ = [
    "MeepleSpielGame",
    "MeepleSpielState",
    "openspiel_game",
    "register_openspiel_games",
    "resampler",
    "short_name",
]
