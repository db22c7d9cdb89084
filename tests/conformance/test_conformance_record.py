"""Conformance: record -> replay round trip, and tampered records raise RecordError."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from conformance_support import (
    SEEDS,
    Config,
    apply_random,
    few_examples,
    pick_illegal,
    play_out,
    sample_states,
    snapshot,
)
from hypothesis import given

import meeple
from meeple.core import Rng, load_record, save_record
from meeple.errors import MeepleError, RecordError


def test_record_error_is_a_meeple_error() -> None:
    assert issubclass(RecordError, MeepleError)


def check_record_shape(record: dict[str, Any], state: meeple.State) -> None:
    assert set(record) >= {"game", "options", "players", "seed", "actions"}
    info = state.game.info
    assert record["game"] == info.name
    assert record["players"] == info.players
    assert record["options"] == dict(info.values)
    assert record["actions"] == state.history()
    assert isinstance(record["seed"], int) and not isinstance(record["seed"], bool)


@few_examples(4)
@given(seed=SEEDS)
def test_round_trip(config: Config, seed: int) -> None:
    for state in sample_states(config, seed, 6):
        record = state.to_record()
        check_record_shape(record, state)
        text = json.dumps(record)
        loaded = json.loads(text)
        assert loaded == record, "the record does not survive json dumps/loads"
        for candidate in (record, loaded):
            again = meeple.replay(candidate)
            assert snapshot(again) == snapshot(state)
            assert again.to_record() == record
        # replay does not keep hold of (or change) the record it was given
        kept = copy.deepcopy(loaded)
        again = meeple.replay(loaded)
        assert loaded == kept
        if not again.is_terminal():
            again.apply_action(again.legal_actions()[0])
            assert loaded == kept


def test_replay_continues_like_the_original(config: Config) -> None:
    """A replayed mid-game state plays on exactly like the original (same RNG state)."""
    for state in sample_states(config, 31, 4):
        again = meeple.replay(json.loads(json.dumps(state.to_record())))
        play_out(state, Rng(32))
        play_out(again, Rng(32))
        assert snapshot(again) == snapshot(state)


def test_record_file_round_trip(config: Config, tmp_path: Path) -> None:
    state = config.new_state(41)
    apply_random(state, Rng(42), 60)
    path = tmp_path / "game.json"
    save_record(state, path)
    record = load_record(path)
    # the file holds the record and, beside it, the rules revision it was played under
    assert record == {**state.to_record(), "rules": state.game.info.rules}
    assert snapshot(meeple.replay(record)) == snapshot(state)


# --- tampered records -----------------------------------------------------------------


def base_record(config: Config) -> tuple[dict[str, Any], meeple.State]:
    state = config.new_state(51)
    apply_random(state, Rng(52), 30)
    return json.loads(json.dumps(state.to_record())), state


def expect_record_error(record: Any, *, also_without_actions: bool = True) -> RecordError:
    """replay(record) must raise RecordError, both as given and, for a bad field other
    than actions, with no actions (so the field alone is to blame, not a step that a
    different seed or configuration made illegal)."""
    candidates = [record]
    if also_without_actions and isinstance(record, dict) and record.get("actions"):
        candidates.append({**record, "actions": []})
    errors: list[RecordError] = []
    for candidate in candidates:
        try:
            meeple.replay(candidate)
        except RecordError as exc:
            assert str(exc), "a RecordError without a message"
            errors.append(exc)
        else:
            shown = {k: v for k, v in candidate.items() if k != "actions"}
            if isinstance(candidate, dict):
                shown["actions"] = f"<{len(candidate.get('actions') or [])} actions>"
            pytest.fail(f"replay accepted a bad record: {shown!r}")
    return errors[0]


@pytest.mark.parametrize("key", ["game", "options", "players", "seed", "actions"])
def test_missing_key(config: Config, key: str) -> None:
    record, _ = base_record(config)
    del record[key]
    expect_record_error(record)


@pytest.mark.parametrize("record", [None, [], "record", 7, [("game", "x")]])
def test_record_not_a_mapping(record: Any) -> None:
    expect_record_error(record)


@pytest.mark.parametrize("game", ["no-such-game", "", 7, None, ["x"], {"a": 1}])
def test_unknown_game(config: Config, game: Any) -> None:
    record, _ = base_record(config)
    record["game"] = game
    expect_record_error(record)


def not_a_choice(choices: tuple[Any, ...]) -> list[Any]:
    """Values that are none of `choices` (type-aware: 1 is not True)."""
    candidates: list[Any] = ["__not_a_choice__", -12345, 1.5, None, [], {}]
    for choice in choices:
        if isinstance(choice, bool):
            candidates.append(int(choice))
        elif isinstance(choice, int):
            candidates.extend([bool(choice), float(choice), str(choice)])
        elif isinstance(choice, str):
            candidates.extend([choice.upper() + "_", choice + " "])
    return [
        value
        for value in candidates
        if not any(value == c and type(value) is type(c) for c in choices)
    ]


def test_bad_options(config: Config) -> None:
    record, _ = base_record(config)
    info = config.load().info

    unknown = copy.deepcopy(record)
    unknown["options"]["__no_such_option__"] = 1
    message = str(expect_record_error(unknown))
    assert "__no_such_option__" in message

    for name, spec in info.options.items():
        for value in not_a_choice(spec.choices):
            bad = copy.deepcopy(record)
            bad["options"][name] = value
            message = str(expect_record_error(bad))
            assert name in message, f"the error does not name option {name!r}: {message}"

    for options in ([], "variant", None, 3, [["a", 1]], {1: 2}):
        bad = copy.deepcopy(record)
        bad["options"] = options
        expect_record_error(bad)


def test_bad_players(config: Config) -> None:
    record, _ = base_record(config)
    info = config.load().info
    for players in (
        info.min_players - 1,
        info.max_players + 1,
        0,
        -1,
        None,
        str(info.players),
        float(info.players),
        True,
        [info.players],
    ):
        bad = copy.deepcopy(record)
        bad["players"] = players
        expect_record_error(bad)


def test_bad_seed(config: Config) -> None:
    record, _ = base_record(config)
    bad_seeds: tuple[Any, ...] = (None, -1, "51", 51.0, 1.5, True, [51], {})
    for seed in bad_seeds:
        bad = copy.deepcopy(record)
        bad["seed"] = seed
        expect_record_error(bad)


def test_bad_actions_type(config: Config) -> None:
    record, _ = base_record(config)
    first = record["actions"][0]
    for actions in (
        None,
        "0",
        7,
        {"0": first},
        [float(first)],
        [str(first)],
        [True],
        [None],
        [[first]],
        # a float among good ids (the sixth, or the last of a shorter game)
        [*record["actions"][:-1][:5], float(record["actions"][:6][-1])],
    ):
        bad = copy.deepcopy(record)
        bad["actions"] = actions
        expect_record_error(bad, also_without_actions=False)


def test_illegal_action_in_list(config: Config) -> None:
    record, state = base_record(config)
    info = config.load().info
    actions = record["actions"]
    # replace the action at a few steps with an in-range id not legal there
    replay_state = config.new_state(record["seed"])
    for step, action in enumerate(actions):
        if step in (0, len(actions) // 2, len(actions) - 1):
            illegal = pick_illegal(replay_state)
            if illegal is not None:
                bad = copy.deepcopy(record)
                bad["actions"][step] = illegal
                expect_record_error(bad, also_without_actions=False)
        replay_state.apply_action(action)
    for extra in (-1, info.num_distinct_actions, info.num_distinct_actions + 1000):
        bad = copy.deepcopy(record)
        bad["actions"] = [*actions, extra]
        expect_record_error(bad, also_without_actions=False)
        bad["actions"] = [extra, *actions]
        expect_record_error(bad, also_without_actions=False)
    illegal = pick_illegal(state)
    if illegal is not None:
        bad = copy.deepcopy(record)
        bad["actions"].append(illegal)
        expect_record_error(bad, also_without_actions=False)


def test_action_after_the_end(config: Config) -> None:
    state = play_out(config.new_state(61), Rng(62))
    record = state.to_record()
    for extra in (0, state.game.info.num_distinct_actions - 1):
        bad = copy.deepcopy(record)
        bad["actions"].append(extra)
        expect_record_error(bad, also_without_actions=False)
