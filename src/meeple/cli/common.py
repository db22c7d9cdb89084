"""What every command shares: consoles, error handling, parsing of options and seats."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from meeple.errors import MeepleError, OptionError

USAGE_ERROR = 2
"""Exit status for bad input: an unknown game, option, agent or a corrupt record."""


def out() -> Console:
    """A console on the current stdout (looked up at call time, so tests can capture it)."""
    return Console(highlight=False)


def err() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str) -> typer.Exit:
    """Print `error: message` on stderr; the caller raises the returned Exit."""
    err().print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(USAGE_ERROR)


@contextmanager
def guarded() -> Iterator[None]:
    """Turn any MeepleError into one `error:` line on stderr and exit status 2."""
    try:
        yield
    except MeepleError as exc:
        raise fail(str(exc)) from None


@contextmanager
def stopped_by_sigterm() -> Iterator[None]:
    """Let SIGTERM (`kill`, a batch system's stop) end a run as Ctrl-C does: the worker
    processes are stopped with it, and a journal keeps the games that had ended."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


INTERRUPTED = 130
"""Exit status of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report)."""


@contextmanager
def stops_in_words(journal: Path | None, kept: Callable[[], int]) -> Iterator[None]:
    """A run that Ctrl-C or SIGTERM stops (see stopped_by_sigterm) ends with one line
    saying so and, with a journal, how many games it keeps for the same command to go
    on from; exit status 130."""
    try:
        with stopped_by_sigterm():
            yield
    except KeyboardInterrupt:
        note = "interrupted"
        if journal is not None:
            note += (
                f": the journal {journal} keeps {kept()} games, and the same command goes on"
                " from there"
            )
        err().print(note, markup=False, soft_wrap=True)
        raise SystemExit(INTERRUPTED) from None


def parse_value(text: str) -> Any:
    """An option value: JSON when it parses (true, 3, "x"), else the plain string."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON (or absurdly nested): the text itself
        return text


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """`name=value` pairs into game options; malformed pairs raise OptionError."""
    options: dict[str, Any] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"an option is written name=value, not {pair!r}")
        if name == "players":
            raise OptionError("the number of players is --players, not an option")
        if name in options:  # as an agent spec refuses a setting given twice
            raise OptionError(f"the option {name!r} is given twice")
        options[name] = parse_value(value.strip())
    return options


def typed_value(value: Any) -> str:
    """An option value as it is typed after `-o NAME=`: text bare, anything else as JSON
    (`shown_value` writes text as JSON does, quoted, for messages)."""
    return value if isinstance(value, str) else json.dumps(value)


def labelled(rows: Sequence[tuple[str, str]], style: str = "") -> Table:
    """Lines of `label text`, a long text wrapped under itself rather than under its
    label (a seat's run of moves, a game's note)."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for label, text in rows:
        table.add_row(Text(label, style=style), Text(text, style=style))
    return table
