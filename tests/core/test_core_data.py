"""Core: the one loader of the games' data files and its one error."""

from __future__ import annotations

import importlib

import msgspec
import pytest

from meeple.core.data import decode_data, read_data
from meeple.errors import ComponentDataError, MeepleError

GAME = "meeple.games.anludim"


class Thing(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    name: str


class ThingsFile(msgspec.Struct, forbid_unknown_fields=True):
    things: list[Thing]


def test_every_game_raises_the_family_error() -> None:
    assert issubclass(ComponentDataError, MeepleError)
    for game in ("anludim", "aridnyk", "arnak"):
        module = importlib.import_module(f"meeple.games.{game}.components")
        assert module.ComponentDataError is ComponentDataError


def test_a_good_file_decodes_to_its_schema() -> None:
    raw = b'{"things": [{"id": 7, "name": "axe"}]}'
    assert decode_data(GAME, "things.json", raw, ThingsFile) == ThingsFile([Thing(7, "axe")])


def test_a_record_failing_its_schema_is_named_by_its_id() -> None:
    raw = b'{"things": [{"id": 7, "name": "axe"}, {"id": 9, "name": 3}]}'
    with pytest.raises(ComponentDataError) as err:
        decode_data(GAME, "things.json", raw, ThingsFile, {"things": ("thing", "id")})
    message = str(err.value)
    assert message.startswith("anludim data/things.json: thing 9: ")
    assert "$.things[1].name" in message  # msgspec's own words stay


def test_a_record_without_its_id_is_named_by_position() -> None:
    raw = b'{"things": [{"name": "axe"}]}'
    with pytest.raises(ComponentDataError, match=r"things\.json: thing at position 0: "):
        decode_data(GAME, "things.json", raw, ThingsFile, {"things": ("thing", "id")})


def test_without_record_names_the_path_alone_names_the_record() -> None:
    raw = b'{"things": [{"id": "7", "name": "axe"}]}'
    with pytest.raises(
        ComponentDataError, match=r"^anludim data/things\.json: Expected.*\$\.things\[0\]"
    ):
        decode_data(GAME, "things.json", raw, ThingsFile)


def test_malformed_json_names_the_file() -> None:
    with pytest.raises(ComponentDataError, match=r"^anludim data/things\.json: "):
        decode_data(GAME, "things.json", b'{"things": [', ThingsFile)


def test_a_missing_file_names_the_file_and_the_cause() -> None:
    with pytest.raises(ComponentDataError, match=r"^anludim data/nowhere\.json: cannot read it"):
        read_data(GAME, "nowhere.json", ThingsFile)
