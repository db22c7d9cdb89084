"""Observation encoders: one fixed-length numeric vector per seat's view, per game.

An encoder turns `state.observation(p)` -- the JSON-ready dict of everything seat p may
know -- into a flat float32 vector with every value in [0, 1]. It reads the observation,
or its compact form `state.observation_ids(p)` (the same view as tuples of ids), and
nothing else (no hidden card), so an agent fed by it cannot see more than its seat may.
Its length depends on the game configuration (player count, options) and never on the
position.

The encoder is the only per-game code of `meeple.rl`: every adapter (PettingZoo,
Gymnasium, OpenSpiel) is generic and finds the encoder by game name here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from math import prod
from typing import Any

from meeple.core.game import Game, GameInfo, State, shown_value
from meeple.core.registry import add_plugins, load_game, load_path
from meeple.errors import MeepleError
from meeple.rl.errors import NoEncoderError, UnknownBlockError, missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc


@dataclass(frozen=True)
class Block:
    """A named, contiguous part of the vector: `shape` values from `offset` on."""

    name: str
    shape: tuple[int, ...]
    offset: int
    meaning: str

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def end(self) -> int:
        return self.offset + self.size


class Layout:
    """Builds the block list of an encoder, handing out offsets in order."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, shape: tuple[int, ...] | int, meaning: str) -> int:
        """Append a block; return its offset."""
        dims = (shape,) if isinstance(shape, int) else shape
        block = Block(name, dims, self.size, meaning)
        self.blocks.append(block)
        self.size = block.end
        return block.offset


class Encoder(ABC):
    """A game's observation encoding for one configuration (players and options)."""

    game_name: str = ""
    """The registered game this encoder is for."""

    def __init__(self, info: GameInfo) -> None:
        if info.name != self.game_name:
            raise NoEncoderError(
                f"{type(self).__name__} encodes {self.game_name!r}, not {info.name!r}"
            )
        self.info = info
        layout = Layout()
        self.build(layout)
        self.blocks: tuple[Block, ...] = tuple(layout.blocks)
        self.size: int = layout.size

    def __reduce__(self) -> tuple[Any, ...]:
        # An encoder is its class and configuration; the rest is work kept for reuse
        # (some of it not picklable), so a copy or an unpickled encoder starts afresh,
        # as the shared encoder of its configuration where that is of its class.
        return (_restore_encoder, (type(self), self.info))

    @abstractmethod
    def build(self, layout: Layout) -> None:
        """Declare the blocks, in order, for `self.info`'s configuration."""

    @abstractmethod
    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
        """A new float32 vector of length `size`, values in [0, 1], from `observation`."""

    reads_ids: bool = False
    """Whether `encode_ids` reads the game's `state.observation_ids(p)`."""

    def encode_ids(self, ids: tuple[Any, ...]) -> NDArray[np.float32]:
        """The vector `encode` makes of `observation(p)`, made from the game's compact
        `observation_ids(p)` instead (encoders with `reads_ids` only)."""
        raise NotImplementedError(f"{type(self).__name__} reads observations only")

    def encode_state(self, state: State, player: int) -> NDArray[np.float32]:
        """`player`'s encoded view of `state`: through `observation_ids` where the game
        and this encoder have that compact form, else through `observation`. Either
        way only what `player` may know is read."""
        info = state.game.info
        if info is not self._fits:  # checked once per game object: this runs at every step
            self._check_fits(info)
            self._fits = info
        if self.reads_ids:
            ids = state.observation_ids(player)
            if ids is not None:
                return self.encode_ids(ids)
        return self.encode(state.observation(player))

    _fits: GameInfo | None = None
    """The game info a state last had that this encoder was found to fit."""

    def _check_fits(self, info: GameInfo) -> None:
        """NoEncoderError unless a state of `info` is one this encoder's configuration
        encodes (the same game, players and options)."""
        if _config(info) != _config(self.info):
            raise NoEncoderError(
                f"the encoder of {_shown_config(self.info)} cannot encode a state of "
                f"{_shown_config(info)}: use encoder_for(state.game)"
            )

    def _check_seats(self, observation: Mapping[str, Any]) -> None:
        """NoEncoderError unless `observation` is a seat's view of this encoder's game
        and player count: what `encode` relies on (the rest, `check` looks at)."""
        info = self.info
        game, players = observation.get("game"), observation.get("players")
        if game != info.name or players != info.players:
            raise NoEncoderError(
                f"the encoder of {_shown_config(info)} cannot encode an observation of "
                f"{shown_value(game)} for {shown_value(players)} players: "
                "use encoder_for(state.game)"
            )
        you = observation.get("you")
        if you.__class__ is not int or not 0 <= you < players:
            raise NoEncoderError(
                f"an encoder reads a seat's observation (you: 0..{players - 1}), "
                f"not one with you={shown_value(you)} (a spectator's view has none)"
            )
        for key, option in self.shown_options:
            if key in observation and observation[key] != info.values.get(option):
                raise NoEncoderError(
                    f"the encoder of {_shown_config(info)} cannot encode an observation "
                    f"with {key}={shown_value(observation[key])}: use encoder_for(state.game)"
                )

    shown_options: tuple[tuple[str, str], ...] = ()
    """(observation key, game option) of the options an observation states, which
    `encode` checks against this encoder's configuration."""

    def check(self, observation: Mapping[str, Any]) -> None:
        """Raise a MeepleError if `observation` is not one this encoder can read (another
        game or configuration, renamed components); the tests call it along games.
        Encoders extend it with what they rely on."""
        game = observation.get("game", self.game_name)
        if game != self.game_name:
            raise MeepleError(
                f"the {self.game_name} encoder cannot read an observation of {game!r}"
            )

    def block(self, name: str) -> Block:
        for block in self.blocks:
            if block.name == name:
                return block
        raise UnknownBlockError(
            f"no block {name!r}; blocks: {', '.join(b.name for b in self.blocks)}"
        )

    def views(self, vector: NDArray[np.float32]) -> dict[str, NDArray[np.float32]]:
        """Each block of `vector` as a named array of its shape (views, not copies)."""
        if getattr(vector, "shape", None) != (self.size,):
            raise MeepleError(
                f"views() reads one encoded vector of {self.size} values, "
                f"not an array of shape {getattr(vector, 'shape', None)}"
            )
        return {b.name: vector[b.offset : b.end].reshape(b.shape) for b in self.blocks}

    def describe(self) -> list[tuple[str, str, int, str]]:
        """(name, shape, offset, meaning) per block, for documentation and debugging."""
        return [
            (b.name, "×".join(str(d) for d in b.shape), b.offset, b.meaning) for b in self.blocks
        ]


def fractions(divisor: float, top: int) -> tuple[float, ...]:
    """k / divisor for k = 0..top, each rounded exactly as numpy scales a count in
    float32 (the count times float32(1 / divisor)): a table an encoder can write into a
    float32 vector one value at a time and get the values a vectorised scaling gives."""
    counts = np.arange(top + 1, dtype=np.float32)
    scaled: list[float] = (counts * np.float32(1.0 / divisor)).tolist()
    return tuple(scaled)


EncoderFactory = Callable[[GameInfo], Encoder]

_FACTORIES: dict[str, str | EncoderFactory] = {
    "anludim": "meeple.rl.encoders.anludim:AnludimEncoder",
    "aridnyk": "meeple.rl.encoders.aridnyk:AridnykEncoder",
    "arnak": "meeple.rl.encoders.arnak:ArnakEncoder",
}
_CACHE: dict[tuple[str, int, tuple[tuple[str, Any], ...]], Encoder] = {}


def register_encoder(game: str, factory: str | EncoderFactory) -> None:
    """Register the encoder of `game`; `factory` may be "module:attr" to import lazily."""
    _FACTORIES[game] = factory
    for key in [k for k in _CACHE if k[0] == game]:
        del _CACHE[key]


def encoded_games() -> list[str]:
    """Names of the games that have an encoder (a plugin's game brings its own in the
    entry point group "meeple.encoders")."""
    add_plugins("meeple.encoders", _FACTORIES)
    return sorted(_FACTORIES)


def _factory(name: str) -> EncoderFactory:
    if name not in _FACTORIES:
        add_plugins("meeple.encoders", _FACTORIES)
    try:
        entry = _FACTORIES[name]
    except KeyError:
        raise NoEncoderError(
            f"no observation encoder is registered for game {name!r} "
            f"(games with one: {', '.join(encoded_games())}); "
            "register one with meeple.rl.register_encoder"
        ) from None
    if isinstance(entry, str):
        factory: EncoderFactory = load_path(entry, f"the encoder of {name!r}", NoEncoderError)
        _FACTORIES[name] = factory
        return factory
    return entry


def _restore_encoder(cls: type[Encoder], info: GameInfo) -> Encoder:
    """An encoder of class `cls` for `info`, as pickle and copy rebuild one."""
    try:
        shared = encoder_for(info)
    except MeepleError:  # a class no registered game names
        shared = None
    return shared if type(shared) is cls else cls(info)


def _config(info: GameInfo) -> tuple[Any, ...]:
    """What an encoding depends on: the game, its players and its options."""
    return (info.name, info.players, tuple(sorted(info.values.items())))


def _shown_config(info: GameInfo) -> str:
    options = ", ".join(f"{k}={v!r}" for k, v in sorted(info.values.items()))
    return f"{info.name} ({info.players} players{'; ' + options if options else ''})"


def encoder_for(game: str | Game | GameInfo) -> Encoder:
    """The encoder of a configured game, or of a game name in its default configuration
    (one per configuration, shared: what an encoder keeps between calls is work saved,
    never anything that changes what it encodes)."""
    if isinstance(game, str):
        game = load_game(game)
    if not isinstance(game, Game | GameInfo):
        raise NoEncoderError(f"encoder_for takes a game, a game name or a GameInfo, not {game!r}")
    info = game if isinstance(game, GameInfo) else game.info
    key = _config(info)
    encoder = _CACHE.get(key)
    if encoder is None:
        encoder = _CACHE[key] = _factory(info.name)(info)
    return encoder


__all__ = [
    "Block",
    "Encoder",
    "Layout",
    "encoded_games",
    "encoder_for",
    "fractions",
    "register_encoder",
]
