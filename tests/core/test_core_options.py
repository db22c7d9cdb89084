"""Core: OptionSpec, resolve_options, check_players, check_seed and load_game errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meeple
from meeple.core.game import (
    OptionSpec,
    check_option_players,
    check_players,
    check_seed,
    resolve_options,
)
from meeple.errors import MeepleError, OptionError, UnknownGameError

SPECS = {
    "variant": OptionSpec("base", ("base", "expert"), "which rules"),
    "wrap": OptionSpec(False, (False, True), "wrap around"),
    "size": OptionSpec(3, (3, 4, 5), "board size"),
}


def test_error_family() -> None:
    assert issubclass(OptionError, MeepleError)
    assert issubclass(UnknownGameError, OptionError)
    assert issubclass(MeepleError, Exception)


def test_an_option_for_some_player_counts_only() -> None:
    specs = {
        **SPECS,
        "rival": OptionSpec(0, (0, 1, 2), "solo only", players=(1, 1)),
        "teams": OptionSpec(False, (False, True), "4 to 6", players=(4, 6)),
    }
    check_option_players("g", specs, resolve_options("g", specs, {"rival": 2}), 1)
    check_option_players(
        "g", specs, resolve_options("g", specs, {"rival": 0, "teams": False}), 3
    )  # the defaults: fine
    solo = r"'rival' of g applies only to the solo game \(1 player\); with 2 players it keeps "
    with pytest.raises(OptionError, match=solo + "its default, 0"):
        check_option_players("g", specs, resolve_options("g", specs, {"rival": 1}), 2)
    with pytest.raises(OptionError, match=r"'teams' of g applies only to 4 to 6 players"):
        check_option_players("g", specs, resolve_options("g", specs, {"teams": True}), 3)
    assert specs["teams"].applies_to(5) and not specs["teams"].applies_to(3)
    assert SPECS["size"].applies_to(1) and SPECS["size"].players is None


def test_defaults_filled_in() -> None:
    assert resolve_options("g", SPECS, {}) == {"variant": "base", "wrap": False, "size": 3}


def test_given_values_kept() -> None:
    values = resolve_options("g", SPECS, {"variant": "expert", "wrap": True, "size": 5})
    assert values == {"variant": "expert", "wrap": True, "size": 5}
    assert type(values["wrap"]) is bool
    assert type(values["size"]) is int


def test_resolve_does_not_change_its_input() -> None:
    given = {"wrap": True}
    resolve_options("g", SPECS, given)
    assert given == {"wrap": True}


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(OptionError) as info:
        resolve_options("g", SPECS, {"colour": "red"})
    message = str(info.value)
    assert "colour" in message
    for name in SPECS:
        assert name in message


def test_unknown_option_without_any_options() -> None:
    with pytest.raises(OptionError) as info:
        resolve_options("g", {}, {"x": 1})
    assert "'x'" in str(info.value)


@pytest.mark.parametrize(
    ("name", "value"),
    [("variant", "advanced"), ("variant", "BASE"), ("size", 6), ("size", "3"), ("wrap", "yes")],
)
def test_bad_value_names_allowed_values(name: str, value: Any) -> None:
    with pytest.raises(OptionError) as info:
        resolve_options("g", SPECS, {name: value})
    message = str(info.value)
    assert name in message
    assert json.dumps(value) in message  # values as JSON writes them, as users type them
    for choice in SPECS[name].choices:
        assert json.dumps(choice) in message


@pytest.mark.parametrize(
    ("name", "value"),
    [("wrap", 1), ("wrap", 0), ("size", True), ("size", 3.0), ("wrap", 1.0)],
)
def test_bool_and_int_are_not_confused(name: str, value: Any) -> None:
    """bool is an int subclass, and 3.0 == 3: a value must match a choice's type too."""
    with pytest.raises(OptionError):
        resolve_options("g", SPECS, {name: value})


def test_validate_returns_the_choice() -> None:
    spec = OptionSpec(1, (1, True), "odd but legal")
    assert spec.validate("o", True) is True
    assert type(spec.validate("o", 1)) is int


@pytest.mark.parametrize("players", [2, 3, 5])
def test_check_players_accepts(players: int) -> None:
    assert check_players("g", players, 2, 5) == players


@pytest.mark.parametrize("players", [1, 6, 0, -2, True, 3.0, "3", None, [3]])
def test_check_players_refuses(players: Any) -> None:
    with pytest.raises(OptionError) as info:
        check_players("g", players, 2, 5)
    message = str(info.value)
    assert "2" in message and "5" in message


def test_check_seed() -> None:
    assert check_seed(0) == 0
    assert check_seed(12345) == 12345
    chosen = check_seed(None)
    assert isinstance(chosen, int) and chosen >= 0
    for bad in (-1, 1.5, "7", True, [7]):
        with pytest.raises(OptionError):
            check_seed(bad)


# --- load_game ------------------------------------------------------------------------


def test_unknown_game_lists_available_games() -> None:
    with pytest.raises(UnknownGameError) as info:
        meeple.load_game("no-such-game")
    message = str(info.value)
    assert "no-such-game" in message
    for name in meeple.list_games():
        assert name in message


@pytest.mark.parametrize("name", ["", "ANLUDIM_", 7, None])
def test_unknown_game_odd_names(name: Any) -> None:
    with pytest.raises(UnknownGameError):
        meeple.load_game(name)


@pytest.mark.parametrize("name", meeple.list_games())
def test_bad_player_count(name: str) -> None:
    info = meeple.load_game(name).info
    for players in (info.min_players - 1, info.max_players + 1, 0, "2", 2.0, True):
        with pytest.raises(OptionError) as caught:
            meeple.load_game(name, players=players)
        assert str(caught.value)


def test_game_names_ignore_case_and_near_misses_get_a_hint() -> None:
    assert meeple.load_game("ARNAK", players=2).info.name == "arnak"
    assert meeple.load_game("Aridnyk").info.name == "aridnyk"
    with pytest.raises(UnknownGameError, match=r"unknown game 'arnk' \(did you mean arnak\?\)"):
        meeple.load_game("arnk")
    with pytest.raises(UnknownGameError, match=r"unknown game 'chess'; available games"):
        meeple.load_game("chess")


@pytest.mark.parametrize("name", meeple.list_games())
def test_bad_option_via_load_game(name: str) -> None:
    info = meeple.load_game(name).info
    with pytest.raises(OptionError) as caught:
        meeple.load_game(name, players=info.min_players, __no_such_option__=1)
    message = str(caught.value)
    assert "__no_such_option__" in message
    for option in info.options:
        assert option in message
    for option, spec in info.options.items():
        with pytest.raises(OptionError) as caught:
            meeple.load_game(name, players=info.min_players, **{option: "__bad_value__"})
        message = str(caught.value)
        assert option in message
        for choice in spec.choices:
            assert json.dumps(choice) in message


@pytest.mark.parametrize("name", meeple.list_games())
def test_new_initial_state_bad_seed(name: str) -> None:
    game = meeple.load_game(name)
    for seed in (-1, 1.5, "7", True):
        with pytest.raises(MeepleError):
            game.new_initial_state(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", meeple.list_games())
def test_seed_none_picks_a_recorded_seed(name: str) -> None:
    """No seed: the state picks one and records it, so the game can be replayed."""
    state = meeple.load_game(name).new_initial_state()
    assert isinstance(state.seed, int) and state.seed >= 0
    again = meeple.replay(state.to_record())
    assert again.observation(0) == state.observation(0)


@pytest.mark.parametrize("name", meeple.list_games())
def test_a_games_options_cannot_be_changed_after_it_is_loaded(name: str) -> None:
    import copy
    import pickle

    game = meeple.load_game(name)
    state = game.new_initial_state(seed=3)
    record = state.to_record()
    for mapping in (game.info.values, game.info.options):
        key = next(iter(mapping))
        with pytest.raises(TypeError, match="options are fixed"):
            mapping[key] = "junk"  # type: ignore[index]
        with pytest.raises(TypeError):
            mapping.pop(key)  # type: ignore[attr-defined]
    assert state.to_record() == record
    # each game has its own, and they travel as plain data
    assert game.info.options is not meeple.load_game(name).info.options
    assert pickle.loads(pickle.dumps(game.info)) == game.info
    assert copy.deepcopy(game.info.values) == game.info.values
    assert json.loads(json.dumps(game.info.values)) == dict(game.info.values)


@pytest.mark.parametrize("name", meeple.list_games())
def test_a_numpy_integer_action_is_played_as_its_int(name: str) -> None:
    import numpy as np

    from meeple.errors import IllegalActionError

    state = meeple.load_game(name).new_initial_state(seed=2)
    action = state.legal_actions()[0]
    state.apply_action(np.int64(action))  # type: ignore[arg-type]
    assert state.history() == [action] and type(state.history()[0]) is int
    json.dumps(state.to_record())
    before = state.to_record()
    legal = state.legal_actions()[0]
    for bad in (np.float64(legal), float(legal), True, str(legal)):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)  # type: ignore[arg-type]
    assert state.to_record() == before


@pytest.mark.parametrize("name", meeple.list_games())
def test_a_numpy_integer_seat_is_read_as_its_int(name: str) -> None:
    import numpy as np

    from meeple.errors import SeatError

    state = meeple.load_game(name).new_initial_state(seed=2)
    assert state.observation(np.int64(1)) == state.observation(1)  # type: ignore[arg-type]
    assert state.observation_ids(np.int32(0)) == state.observation_ids(0)  # type: ignore[arg-type]
    for bad in (True, -1, 9, 1.0, "0", None, np.float64(0)):
        with pytest.raises(SeatError, match="player must be a seat 0"):
            state.observation(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", meeple.list_games())
def test_numpy_values_are_read_as_plain_ones_and_odd_ones_refused_cleanly(name: str) -> None:
    import numpy as np

    from meeple.core.undo import can_take_back
    from meeple.errors import IllegalActionError, SeatError

    info = meeple.load_game(name).info
    # an option called `self` is unknown, not the constructor's own argument
    with pytest.raises(OptionError, match=f"unknown option 'self' for {name}"):
        meeple.load_game(name, self=1)
    game = meeple.load_game(name, players=np.int64(info.min_players))
    assert game.info.players == info.min_players and type(game.info.players) is int
    for option, spec in info.options.items():
        value = spec.choices[-1]
        numpy_value = np.str_(value) if isinstance(value, str) else value
        if isinstance(value, bool):
            numpy_value = np.bool_(value)
        elif isinstance(value, int):
            numpy_value = np.int64(value)
        loaded = meeple.load_game(name, players=info.min_players, **{option: numpy_value})
        assert loaded.info.values[option] == value and type(loaded.info.values[option]) is type(
            value
        )
        with pytest.raises(OptionError):  # no truth value to compare, no crash
            meeple.load_game(name, **{option: np.array([value, value])})
    state = game.new_initial_state(seed=4)
    before = state.to_record()
    with pytest.raises(IllegalActionError):
        state.apply_action(np.array([state.legal_actions()[0]]))  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        state.observation(np.array([0]))  # type: ignore[arg-type]
    assert state.to_record() == before
    ids = state.observation_ids(np.int64(0))  # type: ignore[arg-type]
    assert ids is None or type(ids[0]) is int
    guess = state.resample(0, np.int64(5))  # type: ignore[arg-type]
    assert guess.observation(0) == state.resample(0, 5).observation(0)
    assert can_take_back(guess, guess.current_player) is False  # a guess has no record
    seat = state.current_player
    assert can_take_back(state, np.int64(seat)) == can_take_back(state, seat)  # type: ignore[arg-type]


def test_option_labels_name_each_choice() -> None:
    spec = OptionSpec("a", ("a", "b"), "which", labels=("Alpha", "Beta"))
    assert spec.validate("x", "b") == "b"
    with pytest.raises(ValueError, match="one each"):
        OptionSpec("a", ("a", "b"), "which", labels=("Alpha",))


def test_notes_of_choices_name_what_an_option_value_adds() -> None:
    from meeple.core.registry import notes_of_choices

    added = {(option, value): notes for option, value, notes in notes_of_choices("arnak")}
    assert set(added) == {("board", "spider"), ("board", "owl")}
    assert added["board", "owl"] == meeple.load_game("arnak", board="owl").info.notes
    # Aridnyk's placeholder tiles are noted whatever its options: none adds a note
    assert meeple.load_game("aridnyk").info.notes and notes_of_choices("aridnyk") == []
