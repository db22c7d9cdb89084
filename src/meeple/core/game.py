"""The game protocol: Game (a configured ruleset) and State (one position).

Every registered game subclasses these two. The contract is described in
docs/architecture (shared design): names and meanings here are stable.
"""

from __future__ import annotations

import json
import operator
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from meeple.core.rng import Rng, mix_seed
from meeple.errors import IllegalActionError, OptionError, RecordError, SeatError

TERMINAL = -4
"""`current_player` of a finished game (OpenSpiel's value)."""


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its default, its allowed values and a line of help; `players`,
    the (fewest, most) player counts it applies to, where it does not apply to all (a
    solo rule, say): check_option_players refuses it elsewhere, and a lobby hides it;
    `labels`, where given, a person's words for each choice (a lobby's menu shows them)."""

    default: Any
    choices: tuple[Any, ...]
    help: str
    players: tuple[int, int] | None = None
    labels: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.labels is not None and len(self.labels) != len(self.choices):
            raise ValueError("an option's labels name its choices, one each")

    def applies_to(self, players: int) -> bool:
        return self.players is None or self.players[0] <= players <= self.players[1]

    def validate(self, name: str, value: Any) -> Any:
        value = plain_scalar(value)
        for choice in self.choices:
            # The type first: bool is an int subclass (1 is not True), and a value of
            # another type (a numpy array, say) may not even compare to a bool.
            if type(value) is type(choice) and value == choice:
                return choice
        allowed = ", ".join(shown_value(c) for c in self.choices)
        raise OptionError(
            f"option {name!r} cannot be {shown_value(value)}; allowed values: {allowed}"
        )


def shown_value(value: Any, most: int = 60) -> str:
    """An option value as JSON writes it (true, null, "base"), as it is typed on the
    command line and sent to the server; cut short past `most` characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return _cut(text, most)


def shown_repr(value: Any, most: int = 60) -> str:
    """`repr(value)` cut short past `most` characters, for an error that names what it
    was given (which may be as long as a request body)."""
    return _cut(repr(value), most)


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else f"{text[: most - 1]}…"


class ReadOnlyDict(dict[str, Any]):
    """A dict that cannot be changed (a TypeError says so): a game's option specs and
    values, which every state's record reads and other games of the kind share. Still
    a dict for json, ** and isinstance; copies and pickles as one."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a game's options are fixed when it is loaded: load another game")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


@dataclass(frozen=True)
class GameInfo:
    """What a configured game is: player range, action space, options (both mappings
    read-only, this game's own)."""

    name: str
    title: str
    min_players: int
    max_players: int
    players: int
    num_distinct_actions: int
    options: Mapping[str, OptionSpec]
    values: Mapping[str, Any]
    placeholder_data: bool = False
    notes: tuple[str, ...] = field(default_factory=tuple)
    rules: str = ""
    """The rules revision: a date, moved on by each change that makes a game play
    otherwise from the same seed and actions (another deal, another legal action).
    A saved record and a journal name it, so a record that no longer replays, or a
    run that would mix games of two revisions, can say why; "" for a game that keeps
    none."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", ReadOnlyDict(self.options))
        object.__setattr__(self, "values", ReadOnlyDict(self.values))


def resolve_options(
    game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Validate user options against their specs; fill in defaults."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        valid = ", ".join(sorted(specs)) or "none"
        raise OptionError(
            f"unknown option {shown_repr(unknown[0])} for {game}; valid options: {valid}"
        )
    return {
        name: spec.validate(name, given[name]) if name in given else spec.default
        for name, spec in specs.items()
    }


def check_option_players(
    game: str, specs: Mapping[str, OptionSpec], values: Mapping[str, Any], players: int
) -> None:
    """OptionError for an option set (in `values`, as resolve_options gives them) to
    another value than its default at a player count it does not apply to (its spec's
    `players`)."""
    for name, spec in specs.items():
        if spec.applies_to(players):
            continue
        if values[name] != spec.default:
            low, high = spec.players or (players, players)
            if low == high:
                counts = "the solo game (1 player)" if low == 1 else f"{low} players"
            else:
                counts = f"{low} to {high} players"
            raise OptionError(
                f"option {name!r} of {game} applies only to {counts}; "
                f"with {players} players it keeps its default, {shown_value(spec.default)}"
            )


def check_players(game: str, players: Any, low: int, high: int) -> int:
    plain = plain_int(players)
    if isinstance(plain, bool) or not isinstance(plain, int) or not low <= plain <= high:
        raise OptionError(f"{game} takes {low} to {high} players, not {players!r}")
    return int(plain)


MAX_SEED = 2**64 - 1
"""Seeds are 64-bit: the generator folds a seed into 64 bits, so a larger one would
deal the same game as a smaller one."""


def plain_int(value: Any) -> Any:
    """A numpy integer (any object with __index__ but a bool) as an int, as RL libraries
    pass numbers; any other value as it is, for the caller's own check."""
    if value.__class__ is int or isinstance(value, bool | str) or not hasattr(value, "__index__"):
        return value
    try:
        return operator.index(value)
    except TypeError:  # a numpy array of one item has __index__ but is no integer
        return value


def plain_scalar(value: Any) -> Any:
    """A numpy scalar (bool_, int64, float64, str_) as the Python value it holds, as a
    configuration read from numpy arrays passes them; any other value as it is."""
    if type(value).__module__ == "numpy" and getattr(value, "shape", None) == ():
        return value.item()
    return value


def check_seat(player: Any, players: int) -> int:
    """`player` as a seat 0..players-1 (a numpy integer as its int); SeatError else.
    Callers test the plain int first, inline, and call this only when that fails."""
    plain = plain_int(player)
    if plain.__class__ is not int or not 0 <= plain < players:
        raise SeatError(f"player must be a seat 0..{players - 1}, not {player!r}")
    return int(plain)


def check_seed(seed: Any) -> int:
    """A game's seed: an integer 0..MAX_SEED (numpy integers too); None draws one of 63
    bits (what a 64-bit signed column stores): the seed decides every hidden card, and a
    smaller space could be searched from a seat's opening hand."""
    if seed is None:
        return secrets.randbelow(2**63)
    seed = plain_int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionError(
            f"seed must be a non-negative integer below 2**64, not {shown_repr(seed)}"
        )
    return int(seed)


def check_resample_seed(seed: Any) -> int:
    """The seed of `State.resample`: an integer 0..MAX_SEED, with no random default (a
    guess must be reproducible from its seed)."""
    plain = plain_int(seed)  # numpy integers too, as everywhere a number is taken
    if plain.__class__ is not int or not 0 <= plain <= MAX_SEED:
        raise OptionError(
            f"resample seed must be a non-negative integer below 2**64, not {shown_repr(seed)}"
        )
    return int(plain)


class State(ABC):
    """One position of a game. Mutable in place through apply_action only."""

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat that decides now, or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[int]: ...

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def apply_action(self, action: int) -> None: ...

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]: ...

    def public_observation(self) -> dict[str, Any]:
        """What a spectator may see: everything public, no seat's private components.

        JSON-ready like `observation`, and unchanged by `resample(p, k)` for every seat
        p (it holds nothing hidden from anyone). Games override it; the default raises
        NotImplementedError.
        """
        raise NotImplementedError(f"{self.game.info.name} has no public_observation()")

    def observation_ids(self, player: int) -> tuple[Any, ...] | None:
        """`player`'s view in a compact numeric form, for the encoders of meeple.rl.

        Optional: None (the default) where a game offers none. A game that offers one
        returns nested tuples of ints (and None) holding no fact that
        `observation(player)` lacks: it is unchanged by `resample(player, k)`, and the
        game's encoder turns it into exactly the vector it makes of `observation(player)`
        (both checked by the tests). Its layout is the game's own, documented beside its
        encoder. Sections that did not change may be the very same tuple objects as in
        an earlier call, so an encoder can reuse what it made of them.
        """
        return None

    @abstractmethod
    def history(self) -> list[int]: ...

    @abstractmethod
    def resample(self, player: int, seed: int) -> State: ...

    @property
    @abstractmethod
    def seed(self) -> int: ...

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def public_action_string(self, action: int) -> str:
        """How `action` reads to the other seats (hides what they may not see)."""
        return self.action_to_string(action)

    def to_record(self) -> dict[str, Any]:
        return {
            "game": self.game.info.name,
            "options": dict(self.game.info.values),
            "players": self.game.info.players,
            "seed": self.seed,
            "actions": self.history(),
        }


class CheckedState(State):
    """A State that computes its legal actions once per position and applies only those.

    Subclasses keep `_legal` (the cached tuple, None when stale) and `_history`, and
    write `_compute_legal` (sorted ids), `_why_illegal` (the message for anything else)
    and `_do` (the change itself, given a legal action)."""

    __slots__ = ()
    _legal: tuple[int, ...] | None
    _history: list[int]
    _seed: int
    _rng: Rng
    _resampled: bool

    def _begin(self, seed: int) -> None:
        """The common start of a new game: its seed, RNG, empty history."""
        self._seed = seed
        self._rng = Rng(seed)
        self._history = []
        self._resampled = False
        self._legal = None

    @property
    def seed(self) -> int:
        return self._seed

    def _copy_common(self, new: CheckedState) -> None:
        """Give a clone (made with __new__) the fields every CheckedState has."""
        new.game = self.game
        new._seed = self._seed
        new._rng = self._rng.copy()
        new._history = self._history[:]
        new._resampled = self._resampled
        new._legal = self._legal

    @staticmethod
    def _as_guess(new: CheckedState, seed: int) -> None:
        """Mark a re-dealt clone as a guess: its own RNG from `seed`, no history, no
        record, legal actions to be computed anew."""
        new._rng = Rng(mix_seed(seed, 0xD1CE))
        new._seed = seed
        new._history = []
        new._resampled = True
        new._legal = None

    def to_record(self) -> dict[str, Any]:
        if self._resampled:
            raise RecordError("a resampled state is a guess at hidden cards: it has no record")
        return super().to_record()

    @abstractmethod
    def _compute_legal(self) -> tuple[int, ...]: ...

    @abstractmethod
    def _why_illegal(self, action: Any) -> str: ...

    @abstractmethod
    def _do(self, action: int) -> None: ...

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply_action(self, action: int) -> None:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action.__class__ is not int or action not in legal:
            plain = plain_int(action)  # a numpy integer is taken as its int, and kept so
            if plain.__class__ is not int or plain is action or plain not in legal:
                # a numpy integer is explained as the int it is, not as a non-integer
                raise IllegalActionError(
                    self._why_illegal(plain if plain.__class__ is int else action)
                )
            action = plain
        self._legal = None
        self._history.append(action)
        self._do(action)

    def history(self) -> list[int]:
        return list(self._history)


class Game(ABC):
    """A ruleset configured with a player count and options."""

    info: GameInfo

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State: ...

    def catalogue(self) -> dict[str, Any]:
        """The game's public component list, JSON-ready (tiles, cards with their names
        and texts), for interfaces that draw components observations name by id. Games
        whose observations are self-describing keep the empty default."""
        return {}

    def how_to_play(self) -> str:
        """How to play, in a page of Markdown (`##` headings, paragraphs, `-` and `1.`
        lists, `**bold**`): the file how_to_play.md beside the game's module, if its
        package has one; "" otherwise."""
        from importlib.resources import files

        package = type(self).__module__.rpartition(".")[0] or type(self).__module__
        try:
            return (files(package) / "how_to_play.md").read_text(encoding="utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError, TypeError):
            return ""

    def render(self, observation: Mapping[str, Any]) -> Any:
        """A rich renderable of one seat's view; games override with a real view."""
        from pprint import pformat

        return pformat(dict(observation))

    def render_brief(self, observation: Mapping[str, Any]) -> Any:
        """The part of `render` a seat needs while its own turn goes on (what it holds,
        what it decides), for a screen too short for the whole; `render` by default."""
        return self.render(observation)
