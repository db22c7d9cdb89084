"""Reading the JSON data files a game ships in its data/ folder: one loader for all.

A file that cannot be read, is not JSON or fails its schema raises ComponentDataError
naming the file ("anludim data/cards.json") and, where msgspec's path points into a
list the caller names in `records`, that record by its own id ("tile 3: ...").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources
from typing import Any, TypeVar

import msgspec

from meeple.errors import ComponentDataError

T = TypeVar("T")

Records = Mapping[str, tuple[str, str]]
"""Per list in a file, the word for one record and the field that is its id:
{"tiles": ("tile", "id")} names `$.tiles[3]` "tile <its id>"."""

_AT = re.compile(r"\$\.(\w+)\[(\d+)\]")


def data_file(package: str, name: str) -> str:
    """How errors name a data file: 'anludim data/cards.json' for meeple.games.anludim."""
    return f"{package.rpartition('.')[2]} data/{name}"


def read_data(package: str, name: str, schema: type[T], records: Records | None = None) -> T:
    """`package`'s data/`name`, decoded and checked against `schema`."""
    try:
        raw = resources.files(package).joinpath("data", name).read_bytes()
    except OSError as exc:
        raise ComponentDataError(
            f"{data_file(package, name)}: cannot read it: {exc.strerror or exc}"
        ) from exc
    return decode_data(package, name, raw, schema, records)


def decode_data(
    package: str, name: str, raw: bytes, schema: type[T], records: Records | None = None
) -> T:
    """The bytes of `package`'s data/`name`, decoded and checked against `schema` (for
    a caller that reads the bytes itself, as a test handing in edited files does)."""
    try:
        return msgspec.json.decode(raw, type=schema)
    except msgspec.ValidationError as exc:
        record = _record_at(raw, str(exc), records or {})
        raise ComponentDataError(f"{data_file(package, name)}: {record}{exc}") from exc
    except msgspec.DecodeError as exc:  # not JSON at all: there is no record to name
        raise ComponentDataError(f"{data_file(package, name)}: {exc}") from exc


def _record_at(raw: bytes, message: str, records: Records) -> str:
    """'tile 3: ' for an error at `$.tiles[3]`, from the record's own id; else ''."""
    found = _AT.search(message)
    if found is None or found.group(1) not in records:
        return ""
    key, index = found.group(1), int(found.group(2))
    word, id_field = records[key]
    try:  # the record failed its schema, so read it as plain JSON
        doc: Any = msgspec.json.decode(raw)
        label = doc[key][index].get(id_field, f"at position {index}")
    except (msgspec.DecodeError, KeyError, IndexError, TypeError, AttributeError):
        label = f"at position {index}"
    return f"{word} {label}: "
