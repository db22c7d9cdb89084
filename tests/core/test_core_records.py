"""Core: record files and the generic parts of replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import load_record, save_record
from meeple.core.record import RECORD_KEYS
from meeple.errors import MeepleError, RecordError

GAMES = meeple.list_games()


def test_record_error_family() -> None:
    assert issubclass(RecordError, MeepleError)
    assert RECORD_KEYS == ("game", "options", "players", "seed", "actions")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "game.json"
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(path) in str(info.value)


def test_directory_is_not_a_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        load_record(tmp_path)


@pytest.mark.parametrize("text", ["", "{", "{'game': 1}", "not json", '{"a": 1,}', "\x00"])
def test_invalid_json(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert "bad.json" in str(info.value)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes(b'{"game": "\xe9"}')
    with pytest.raises(RecordError):
        load_record(path)


@pytest.mark.parametrize("text", ["[]", "[1, 2]", '"record"', "7", "null", "true"])
def test_not_an_object(tmp_path: Path, text: str) -> None:
    path = tmp_path / "list.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert "list.json" in str(info.value)


def test_load_record_accepts_str_path(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text('{"game": "x"}', encoding="utf-8")
    assert load_record(str(path)) == {"game": "x"}


@pytest.mark.parametrize("name", GAMES)
def test_save_then_load(tmp_path: Path, name: str) -> None:
    state = meeple.load_game(name).new_initial_state(seed=9)
    for _ in range(10):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    path = tmp_path / "game.json"
    save_record(state, path)
    text = path.read_text(encoding="utf-8")
    # the file names the rules revision it was played under, beside the record's keys
    assert json.loads(text) == {**state.to_record(), "rules": state.game.info.rules}
    assert state.game.info.rules  # every game shipped keeps one
    record = load_record(path)
    again = meeple.replay(record)
    assert again.history() == state.history()
    for p in range(state.game.info.players):
        assert again.observation(p) == state.observation(p)


@pytest.mark.parametrize("name", GAMES)
def test_initial_record(name: str) -> None:
    game = meeple.load_game(name)
    state = game.new_initial_state(seed=4)
    record = state.to_record()
    assert record == {
        "game": name,
        "options": dict(game.info.values),
        "players": game.info.players,
        "seed": 4,
        "actions": [],
    }


@pytest.mark.parametrize("name", GAMES)
def test_record_actions_are_a_copy(name: str) -> None:
    state = meeple.load_game(name).new_initial_state(seed=4)
    record = state.to_record()
    record["actions"].append(-1)
    assert state.history() == []
    assert state.to_record()["actions"] == []


@pytest.mark.parametrize("name", GAMES)
def test_record_options_may_be_partial(name: str) -> None:
    """Options left out of a record take their defaults (records from older versions)."""
    game = meeple.load_game(name)
    state = game.new_initial_state(seed=2)
    record = {**state.to_record(), "options": {}}
    again = meeple.replay(record)
    assert dict(again.game.info.values) == dict(game.info.values)


def test_keys_beyond_the_five_are_a_tools_notes() -> None:
    state = meeple.load_game("anludim").new_initial_state(seed=2)
    state.apply_action(state.legal_actions()[0])
    record = {**state.to_record(), "names": ["Ada", "Bo"], "comment": "club night"}
    assert meeple.replay(record).to_record() == state.to_record()


def test_replay_unknown_game_message() -> None:
    record = {"game": "no-such-game", "options": {}, "players": 2, "seed": 1, "actions": []}
    with pytest.raises(RecordError) as info:
        meeple.replay(record)
    assert "no-such-game" in str(info.value)


def test_replay_names_the_bad_step() -> None:
    name = GAMES[0]
    state = meeple.load_game(name).new_initial_state(seed=1)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.game.info.num_distinct_actions) if a not in legal)
    record = {**state.to_record(), "actions": [illegal]}
    with pytest.raises(RecordError) as info:
        meeple.replay(record)
    assert "0" in str(info.value)
    assert str(illegal) in str(info.value)


@pytest.mark.parametrize("name", GAMES)
def test_a_record_that_no_longer_replays_says_under_which_rules_it_was_saved(name: str) -> None:
    state = meeple.load_game(name).new_initial_state(seed=1)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.game.info.num_distinct_actions) if a not in legal)
    now = state.game.info.rules
    bad = {**state.to_record(), "actions": [illegal]}
    why = {
        "2026-01-01": f'saved under the {name} rules of "2026-01-01"; this meeple plays those '
        f"of {now}, and docs/games/{name}.md lists what changed",
        None: "saved before records named their rules revision",
    }
    for saved, words in why.items():
        record = bad if saved is None else {**bad, "rules": saved}
        with pytest.raises(RecordError) as info:
            meeple.replay(record)
        assert words in " ".join(str(info.value).split())
    with pytest.raises(RecordError) as info:  # the same rules: the step is simply illegal
        meeple.replay({**bad, "rules": now})
    assert "rules" not in str(info.value)


def test_record_options_that_name_the_players_or_are_not_text_are_refused_in_words() -> None:
    record = meeple.load_game("anludim").new_initial_state(seed=1).to_record()
    for options, words in (
        ({"players": 2}, "names the players or the game"),
        ({"name": "x"}, "names the players or the game"),
        ({1: 2}, "mapping of option name to value"),
    ):
        with pytest.raises(RecordError, match=words) as caught:
            meeple.replay({**record, "options": options})
        assert "keyword" not in str(caught.value)


def test_a_record_built_in_python_may_hold_numpy_integers() -> None:
    import numpy as np

    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    record = state.to_record()
    numpy_record = {
        **record,
        "players": np.int64(2),
        "seed": np.uint64(3),
        "actions": [np.int64(a) for a in record["actions"]],
    }
    assert meeple.replay(numpy_record).to_record() == record


def test_odd_files_and_numbers_are_record_errors(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    huge.write_text('{"game": "anludim", "seed": ' + "9" * 5000 + "}", encoding="utf-8")
    with pytest.raises(RecordError, match="a number too long"):
        load_record(huge)
    with pytest.raises(RecordError, match="not a regular file"):
        load_record("/dev/zero")
    with pytest.raises(RecordError, match="cannot read record file"):
        load_record(f"{tmp_path}/a\0b.json")


def test_a_record_that_cannot_be_written_is_a_record_error(tmp_path: Path) -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=1)
    missing = tmp_path / "nowhere" / "game.json"
    with pytest.raises(RecordError, match="No such file or directory") as info:
        save_record(state, missing)
    assert f"cannot write record file {str(missing)!r}" in str(info.value)
    with pytest.raises(RecordError, match=r"cannot write record file .*null byte"):
        save_record(state, f"{tmp_path}/a\0b.json")
    with pytest.raises(RecordError, match="cannot write record file"):
        save_record(state, tmp_path)  # a directory


@pytest.mark.parametrize("name", GAMES)
def test_a_game_dealt_from_seed_zero_saves_loads_and_replays(tmp_path: Path, name: str) -> None:
    """0 is a seed like any other (the least): its record replays to the same game."""
    state = meeple.load_game(name).new_initial_state(seed=0)
    for _ in range(6):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    path = tmp_path / "zero.json"
    save_record(state, path)
    again = meeple.replay(load_record(path))
    assert again.to_record() == state.to_record()
    assert again.observation(0) == state.observation(0)


def test_a_record_file_may_begin_with_a_byte_order_mark(tmp_path: Path) -> None:
    """Some editors write one before UTF-8 text; the record reads as without it."""
    state = meeple.load_game("anludim").new_initial_state(seed=5)
    state.apply_action(state.legal_actions()[0])
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(state.to_record()).encode("utf-8"))
    assert load_record(path) == state.to_record()
