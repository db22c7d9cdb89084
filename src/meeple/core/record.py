"""Game records: the one format, and replay."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from meeple.core.game import Game, State, plain_int, shown_value
from meeple.core.registry import load_game
from meeple.errors import IllegalActionError, MeepleError, RecordError

RECORD_KEYS = ("game", "options", "players", "seed", "actions")


def replay(
    record: Mapping[str, Any], before_each: Callable[[State, int], None] | None = None
) -> State:
    """The state a record leads to; any malformed field or illegal step -> RecordError.
    `before_each(state, action)` is called before each action is applied (to log the
    moves as they are replayed)."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a mapping with keys {', '.join(RECORD_KEYS)}")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"record lacks {', '.join(missing)}; a record has {RECORD_KEYS}")
    options, actions = record["options"], record["actions"]
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise RecordError("record 'options' must be a mapping of option name to value")
    if "players" in options or "name" in options:
        raise RecordError(
            "record 'options' names the players or the game: those are the record's "
            "own 'players' and 'game'"
        )
    if isinstance(actions, list):  # numpy integers (a record built in Python) as ints
        actions = [plain_int(a) for a in actions]
    if not isinstance(actions, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in actions
    ):
        raise RecordError("record 'actions' must be a list of integers")
    numbers = {}
    for key in ("players", "seed"):
        value = plain_int(record[key])
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RecordError(
                f"record {key!r} must be a non-negative integer, not {shown_value(record[key])}"
            )
        numbers[key] = value
    try:
        game = load_game(record["game"], players=numbers["players"], **options)
        state = game.new_initial_state(seed=numbers["seed"])
    except MeepleError as exc:
        raise RecordError(f"record does not describe a game: {exc}") from exc
    except TypeError as exc:
        raise RecordError(f"record does not describe a game: {exc}") from exc
    for step, action in enumerate(actions):
        try:
            if before_each is not None:
                before_each(state, action)
            state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(
                f"move {step + 1} (actions[{step}] = {action}) is illegal: {exc}"
                + _other_rules(record, game)
            ) from exc
    return state


def _other_rules(record: Mapping[str, Any], game: Game) -> str:
    """Why a record may no longer replay: it was saved under another rules revision."""
    differ = rules_differ(record, game)
    return f" ({differ}: a game saved before may play otherwise)" if differ else ""


def rules_differ(record: Mapping[str, Any], game: Game) -> str:
    """How the rules a record was saved under differ from those `game` plays now ("" if
    they do not, or the game keeps no revision): a record that still replays may deal
    or play otherwise than the game that was saved."""
    now = game.info.rules
    saved = record.get("rules")
    if not now or saved == now:
        return ""
    name = game.info.name
    when = (
        f"under the {name} rules of {shown_value(saved)}"
        if isinstance(saved, str)
        else "before records named their rules revision"
    )
    return (
        f"the record was saved {when}; this meeple plays those of {now}, and "
        f"docs/games/{name}.md lists what changed"
    )


MAX_RECORD_BYTES = 64 * 2**20
"""The largest record file read: a game of 100,000 decisions is well under a megabyte."""


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file (JSON); unreadable or malformed -> RecordError."""
    shown = repr(str(path))
    raw: bytes | None = None
    try:
        # looked at before opening: opening a named pipe waits for a writer
        if stat.S_ISREG(os.stat(path).st_mode):
            with open(path, "rb") as file:
                raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read record file {shown}: {exc.strerror}") from exc
    except ValueError as exc:  # a NUL in the name
        raise RecordError(f"cannot read record file {shown}: {exc}") from exc
    if raw is None:  # a device or a pipe could be read without end
        raise RecordError(f"record file {shown} is not a regular file")
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(f"record file {shown} is over {MAX_RECORD_BYTES // 2**20} MiB")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as some editors write, is skipped
    except UnicodeDecodeError as exc:
        raise RecordError(f"record file {shown} is not UTF-8 text") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record file {shown} is not valid JSON: {exc.msg}") from exc
    except RecursionError:
        raise RecordError(f"record file {shown} is nested too deeply for a record") from None
    except ValueError:  # Python's cap on the digits of an int read from text
        raise RecordError(f"record file {shown} holds a number too long for a record") from None
    if not isinstance(data, dict):
        raise RecordError(f"record file {str(path)!r} does not hold a JSON object")
    return data


def save_record(state: State, path: str | Path) -> None:
    """Write the state's record to `path` (JSON); unwritable -> RecordError, as
    load_record's unreadable is."""
    record = state.to_record()
    if state.game.info.rules:
        record["rules"] = state.game.info.rules  # read back only to explain a failed replay
    text = json.dumps(record) + "\n"
    shown = repr(str(path))
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot write record file {shown}: {exc.strerror or exc}") from exc
    except ValueError as exc:  # a NUL in the name
        raise RecordError(f"cannot write record file {shown}: {exc}") from exc
