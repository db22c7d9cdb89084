"""Journals: every finished game of a run kept in a file, so a long run can stop and go on.

`--journal FILE` on `meeple simulate` and `meeple tournament` appends each game to FILE
as it ends. A run given a journal first looks up each of its games there and plays only
the ones it lacks. So a run that was stopped (Ctrl-C, a lost machine, the end of a
working day) goes on where it stopped; a run of 500 games per pair extends one of 100
with the same seed; and journals written on several machines add up once concatenated.

A game is known by its deal seed and the agent spec in each seat: with the game's
configuration, which a journal names on its first line and holds one of, they fix the
game, because the agents' seeds derive from the deal seed and the seat. (Agents on a
time budget do not replay move for move; the journal keeps what they did.) Each game
also keeps what its seats' specs meant when it was played (`agents.describe`: the
defaults filled in), and a run whose spec means something else now, because a default
changed, is refused rather than mixed with it; games written before this was kept
carry none and are taken as they are.

The file is JSON lines. The first is the header,
`{"journal": "meeple games", "version": 1, "game": ..., "players": ..., "options": {...},
"rules": ...}` (the game's rules revision: a run under other rules is refused, as its
games would be of another game; a journal written before it was kept names none);
each further line is a game: `{"seed", "seats", "returns", "scores", "decisions",
"turns", "rounds", "settings", "iterations"}` (the last: each seat's mean search
iterations a decision, null for a seat that does not search; absent from games written
before it was kept). A last line cut short, because the process died while
writing it, is dropped, and cut from the file before anything is appended. A copy of
the header further down (from concatenating journals) is skipped; a game listed twice
counts once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from meeple import agents
from meeple.core.game import Game, shown_value
from meeple.core.registry import load_game
from meeple.errors import MeepleError, RecordError
from meeple.sim.parallel import Backend, GameJob, OnResult
from meeple.sim.runner import GameResult

MAGIC: Literal["meeple games"] = "meeple games"
VERSION: Literal[1] = 1


class Header(msgspec.Struct, forbid_unknown_fields=True):
    journal: Literal["meeple games"]
    version: Literal[1]
    game: str
    players: int
    options: dict[str, Any]
    rules: str | None = None  # the game's rules revision; absent from older journals


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    seed: int
    seats: list[str]
    returns: list[float]
    scores: list[float]
    decisions: int
    turns: int | None = None
    rounds: int | None = None
    settings: list[dict[str, Any]] | None = None  # per seat: agents.describe of its spec
    iterations: list[float | None] | None = None  # per seat: mean search iterations

    @classmethod
    def of(cls, result: GameResult, settings: list[dict[str, Any]]) -> Entry:
        return cls(
            result.seed,
            list(result.agents),
            list(result.returns),
            list(result.scores),
            result.decisions,
            result.turns,
            result.rounds,
            settings,
            list(result.iterations) if result.iterations else None,
        )

    def result(self) -> GameResult:
        return GameResult(
            self.seed,
            self.returns,
            self.scores,
            self.decisions,
            self.turns,
            self.rounds,
            tuple(self.seats),
            tuple(self.iterations or ()),
        )


Key = tuple[int, tuple[str, ...]]
Settings = list[dict[str, Any]] | None


def _header_of(game: Game) -> Header:
    # Through JSON, so that the options compare as they will read back from the file.
    options = json.loads(json.dumps(dict(game.info.values), sort_keys=True))
    rules = game.info.rules or None
    return Header(MAGIC, VERSION, game.info.name, game.info.players, options, rules)


def _same_run(found: Header, expected: Header) -> bool:
    """Whether two journal headers name one configuration. An option a header lacks was
    added to the game after that header was written: its games were played as the option
    plays when it is not given, so it counts at that value."""
    if found == expected:
        return True
    if (found.game, found.players) != (expected.game, expected.players):
        return False
    if found.rules is not None and found.rules != expected.rules:
        return False  # games of other rules: a journal written before kept none, as is
    return _resolved(found) == _resolved(expected)


def _resolved(header: Header) -> Header:
    """The header with every option the game has today, at the value it takes from the
    header's own options (the header itself where the game refuses them now)."""
    try:
        return _header_of(load_game(header.game, players=header.players, **header.options))
    except MeepleError:  # an option the game has dropped, or a value it refuses now
        return header


def _differences(found: Header, expected: Header) -> str:
    """What sets the configuration in a journal apart from the run's, in a few words."""
    if found.game != expected.game:
        return f"games of {found.game}, not of {expected.game}"
    if found.players != expected.players:
        return f"games of {found.players} players, not {expected.players}"
    if found.rules is not None and found.rules != expected.rules:
        return (
            f"games played under the {found.game} rules of {found.rules} (this run: "
            f"{expected.rules or 'none named'}; docs/games/{found.game}.md lists what changed)"
        )
    keys = sorted(set(found.options) | set(expected.options))
    options = [
        f"{k}={_shown(found.options, k)} (this run: {_shown(expected.options, k)})"
        for k in keys
        if found.options.get(k) != expected.options.get(k)
    ]
    return "games played with " + ", ".join(options)


class Journal:
    """The games of one journal file, read when opened; `record` appends one more."""

    def __init__(
        self, path: Path, header: Header, games: dict[Key, tuple[GameResult, Settings]]
    ) -> None:
        self.path = path
        self.header = header
        self.played = games
        """Each game with what its seats' specs meant (None where not kept)."""

    @property
    def games(self) -> dict[Key, GameResult]:
        return {key: result for key, (result, _) in self.played.items()}

    @classmethod
    def open(cls, path: str | Path, game: Game) -> Journal:
        """Read the journal at `path` for `game`'s configuration, or start one there.

        A file of another configuration, or one that is not a journal, is a
        RecordError; the file is then left as it was."""
        path = Path(path)
        expected = _header_of(game)
        data, lines, torn = _lines(path) if path.exists() else (b"", [], b"")
        if not any(line.strip() for line in lines):
            _write(path, msgspec.json.encode(expected) + b"\n")
            return cls(path, expected, {})
        header, games = _read(path, lines, expected)
        if torn or not data.endswith(b"\n"):
            # Cut the torn line, and end the file with a newline before appending.
            kept = data[: len(data) - len(torn)]
            _write(path, kept if kept.endswith(b"\n") else kept + b"\n")
        return cls(path, header, games)

    @classmethod
    def read(cls, path: str | Path) -> Journal:
        """The journal at `path` as it stands, whatever its configuration, to report on it
        (a last line cut short is left out, and left in the file)."""
        path = Path(path)
        _, lines, _ = _lines(path)
        if not any(line.strip() for line in lines):
            raise RecordError(f"journal {str(path)!r} is empty")
        header, games = _read(path, lines, None)
        return cls(path, header, games)

    def find(self, job: GameJob, settings: list[dict[str, Any]]) -> GameResult | None:
        """The journal's game of `job`, whose seats' specs mean `settings` now; a
        RecordError if they meant something else when it was played."""
        found = self.played.get((job.seed, tuple(job.seats)))
        if found is None:
            return None
        result, then = found
        if then is not None:
            now = _plain(settings)
            for spec, before, after in zip(job.seats, then, now, strict=True):
                if before != after:
                    raise RecordError(
                        f"journal {str(self.path)!r} has games where {spec!r} played with "
                        f"{_changed(before, after)}: the spec means other settings now, so "
                        "give this run another file"
                    )
        return result

    def record(self, result: GameResult, settings: list[dict[str, Any]]) -> None:
        """Append a finished game (its `agents` are the seats, whose specs mean
        `settings`) and flush it to the file."""
        key = (result.seed, tuple(result.agents))
        if key in self.played:
            return
        entry = Entry.of(result, _plain(settings))
        _write(self.path, msgspec.json.encode(entry) + b"\n", append=True)
        self.played[key] = (result, entry.settings)


def _plain(settings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settings as they read back from the file (through JSON), to compare."""
    plain: list[dict[str, Any]] = json.loads(json.dumps(settings, sort_keys=True))
    return plain


def _changed(before: dict[str, Any], after: dict[str, Any]) -> str:
    keys = sorted(set(before) | set(after))
    return ", ".join(
        f"{k}={_shown(before, k)} (now {_shown(after, k)})"
        for k in keys
        if before.get(k) != after.get(k)
    )


def _shown(values: dict[str, Any], key: str) -> str:
    """A setting's value as options are written (true, 3, "x"), "unset" if absent."""
    return shown_value(values[key]) if key in values else "unset"


def _what_instead(line: bytes) -> str:
    """What a file's first line says it is, when it is a game record."""
    try:
        value = msgspec.json.decode(line)
    except msgspec.DecodeError:
        return ""
    if isinstance(value, dict) and "actions" in value and "seed" in value:
        return "it holds a game record: `meeple replay` shows it"
    return ""


def _lines(path: Path) -> tuple[bytes, list[bytes], bytes]:
    """A journal file's bytes, its lines but a last one cut short, and that one (b"" when
    the file ends cleanly). A last line without its newline is cut short when it is
    not whole JSON and follows other lines: the process died while writing it."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read journal {str(path)!r}: {exc.strerror}") from None
    lines = data.split(b"\n")
    if lines[-1].strip() and any(line.strip() for line in lines[:-1]):
        try:
            msgspec.json.decode(lines[-1])
        except msgspec.DecodeError:
            return data, lines[:-1], lines[-1]
    return data, lines, b""


def _write(path: Path, data: bytes, append: bool = False) -> None:
    try:
        with path.open("ab" if append else "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise RecordError(f"cannot write journal {str(path)!r}: {exc.strerror}") from None


def _read(
    path: Path, lines: list[bytes], expected: Header | None
) -> tuple[Header, dict[Key, tuple[GameResult, Settings]]]:
    """The header and games of a journal's lines; `expected` (by default the first
    header) is the configuration every header must name."""
    where = str(path)
    header: Header | None = None
    games: dict[Key, tuple[GameResult, Settings]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if header is None:
            try:
                header = msgspec.json.decode(line, type=Header)
            except msgspec.DecodeError as exc:
                raise RecordError(
                    f"{where} is not a meeple journal, which --journal writes "
                    f"({_what_instead(line) or f'line {number}: {exc}'})"
                ) from None
            if expected is None:
                expected = header
            elif not _same_run(header, expected):
                raise RecordError(
                    f"journal {where} holds {_differences(header, expected)}; "
                    "give this run another file"
                )
            continue
        assert expected is not None
        try:
            value = msgspec.json.decode(line)
        except msgspec.DecodeError as exc:
            raise RecordError(f"journal {where}, line {number}: {exc}") from None
        if isinstance(value, dict) and "journal" in value:
            try:
                again = msgspec.convert(value, Header)
            except msgspec.ValidationError as exc:
                raise RecordError(f"journal {where}, line {number}: {exc}") from None
            if not _same_run(again, expected):
                raise RecordError(
                    f"journal {where}, line {number}: a header of {_differences(again, expected)}"
                )
            continue
        try:
            entry = msgspec.convert(value, Entry)
        except msgspec.ValidationError as exc:
            raise RecordError(f"journal {where}, line {number}: {exc}") from None
        sizes = {len(entry.seats), len(entry.returns), len(entry.scores)}
        if sizes != {expected.players}:
            raise RecordError(
                f"journal {where}, line {number}: a game of {expected.players} seats needs "
                f"{expected.players} seats, returns and scores"
            )
        if entry.settings is not None and len(entry.settings) != expected.players:
            raise RecordError(
                f"journal {where}, line {number}: a game of {expected.players} seats needs "
                f"the settings of {expected.players} seats"
            )
        if entry.iterations is not None and len(entry.iterations) != expected.players:
            raise RecordError(
                f"journal {where}, line {number}: a game of {expected.players} seats needs "
                f"the iterations of {expected.players} seats"
            )
        games.setdefault((entry.seed, tuple(entry.seats)), (entry.result(), entry.settings))
    assert header is not None
    return header, games


class JournaledBackend:
    """Runs a backend's jobs, taking the games a journal holds from it and appending the
    others to it as they end. The results are those of a run without the journal."""

    def __init__(self, inner: Backend, journal: Journal) -> None:
        self.inner = inner
        self.journal = journal
        self.name = inner.name
        self.workers = inner.workers
        self.reused = 0
        """How many games of the last run came from the journal."""
        self.on_reused: Callable[[int], None] | None = None
        """Told how many games came from the journal, once they have all been reported
        (a progress bar restarts its clock there, so its estimate counts played games)."""

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        described: dict[str, dict[str, Any]] = {}
        state = game.new_initial_state(seed=0)

        def settings(seats: Sequence[str]) -> list[dict[str, Any]]:
            for spec in seats:
                if spec not in described:
                    described[spec] = agents.describe(spec, state)
            return [described[spec] for spec in seats]

        known: dict[int, GameResult] = {}
        todo: list[GameJob] = []
        for job in jobs:
            found = self.journal.find(job, settings(job.seats))
            if found is None:
                todo.append(job)
            else:
                known[job.index] = found  # its key is the job's seed and seats
        self.reused = len(known)
        if on_result is not None:
            for result in known.values():
                on_result(result)
        if self.on_reused is not None:
            self.on_reused(self.reused)

        def finished(result: GameResult) -> None:
            self.journal.record(result, settings(result.agents))
            if on_result is not None:
                on_result(result)

        played = self.inner.run(game, todo, finished)
        fresh = {job.index: result for job, result in zip(todo, played, strict=True)}
        return [known[job.index] if job.index in known else fresh[job.index] for job in jobs]


__all__ = ["Entry", "Header", "Journal", "JournaledBackend"]
