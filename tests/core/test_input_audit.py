"""Bad input to the game protocol, records and agent specs: a meeple error that says
what is wrong, and the state left exactly as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

import meeple
from meeple import agents
from meeple.core import Rng, State
from meeple.errors import AgentError, IllegalActionError, OptionError, RecordError, SeatError

CONFIGS = [
    ("anludim", {"players": 3}),
    ("aridnyk", {"players": 2}),
    ("aridnyk", {"players": 1}),
    ("arnak", {"players": 2}),
    ("arnak", {"players": 1, "difficulty": 4}),
]
IDS = [f"{name}-{kw['players']}p" for name, kw in CONFIGS]


def played(name: str, options: dict[str, Any], steps: int, seed: int = 5) -> State:
    """A state `steps` random decisions into a game (fewer if it ends first)."""
    state = meeple.load_game(name, **options).new_initial_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state


def fingerprint(state: State) -> str:
    """Everything a rejected call could have changed, as one comparable string."""
    n = state.game.info.players
    return json.dumps(
        {
            "history": state.history(),
            "player": state.current_player,
            "legal": state.legal_actions(),
            "views": [state.observation(p) for p in range(n)],
            "scores": state.scores(),
        },
        sort_keys=True,
    )


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("seed", [None, 1.5, "7", True, -1, [3]])
def test_resample_refuses_a_bad_seed_and_changes_nothing(
    name: str, options: dict[str, Any], seed: Any
) -> None:
    state = played(name, options, 12)
    before = fingerprint(state)
    with pytest.raises(OptionError, match="resample seed must be a non-negative integer"):
        state.resample(0, seed)
    assert fingerprint(state) == before
    # a good seed still works, and the seat is checked before the seed
    state.resample(0, 7)
    with pytest.raises(SeatError):
        state.resample(state.game.info.players, seed)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
@pytest.mark.parametrize("player", [-1, 4, True, 0.0, "0", None, -4])
def test_observation_and_resample_refuse_a_bad_seat(
    name: str, options: dict[str, Any], player: Any
) -> None:
    state = played(name, options, 6)
    before = fingerprint(state)
    with pytest.raises(SeatError, match=repr(player).replace("(", r"\(")):
        state.observation(player)
    with pytest.raises(SeatError):
        state.resample(player, 3)
    assert fingerprint(state) == before


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=IDS)
def test_a_finished_game_refuses_every_action(name: str, options: dict[str, Any]) -> None:
    state = played(name, options, 100_000, seed=2)
    assert state.is_terminal() and state.legal_actions() == []
    before = fingerprint(state)
    returns = state.returns()
    for action in [0, 1, -1, state.game.info.num_distinct_actions, 0.0, None, True]:
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(action)
        assert str(info.value).strip()
    assert fingerprint(state) == before
    assert state.returns() == returns and state.is_terminal()
    assert meeple.replay(state.to_record()).history() == state.history()


@pytest.mark.parametrize(
    ("players", "option", "value"),
    [(2, "difficulty", 4), (3, "difficulty", 0), (4, "rival_skips_green_buy_item", True)],
)
def test_arnak_solo_options_need_the_solo_game(players: int, option: str, value: Any) -> None:
    with pytest.raises(OptionError) as info:
        meeple.load_game("arnak", players=players, **{option: value})
    message = str(info.value)
    assert repr(option) in message and "solo" in message
    record = {"game": "arnak", "options": {option: value}, "players": players, "seed": 1}
    with pytest.raises(RecordError, match=option):
        meeple.replay({**record, "actions": []})
    # the same option in a solo game is fine, and so is its default with more seats
    meeple.load_game("arnak", players=1, **{option: value})
    default = meeple.load_game("arnak").info.options[option].default
    meeple.load_game("arnak", players=players, **{option: default})


BASE_RECORD = {"game": "anludim", "options": {}, "players": 3, "seed": 4, "actions": []}


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"options": [["variant", "expert"]]}, "'options' must be a mapping"),
        ({"options": {"variant": "hard"}}, '"base", "expert"'),
        ({"options": {"variant": ["expert"]}}, "option 'variant' cannot be"),
        ({"options": {"straight_wrap": 1}}, "option 'straight_wrap' cannot be 1"),
        ({"options": {"colour": "red"}}, "unknown option 'colour'"),
        ({"options": {3: "x"}}, "mapping of option name to value"),
        ({"players": 3.0}, "'players' must be a non-negative integer"),
        ({"players": True}, "'players' must be a non-negative integer"),
        ({"players": 9}, "2 to 5 players"),
        ({"seed": "4"}, "'seed' must be a non-negative integer"),
        ({"seed": None}, "'seed' must be a non-negative integer"),
        ({"actions": (1, 2)}, "'actions' must be a list of integers"),
        ({"actions": [True]}, "'actions' must be a list of integers"),
        ({"actions": [1.0]}, "'actions' must be a list of integers"),
        ({"actions": "12"}, "'actions' must be a list of integers"),
        ({"game": ["anludim"]}, "unknown game ['anludim']"),
        ({"game": None}, "unknown game None"),
    ],
)
def test_malformed_record_fields_are_named(change: dict[str, Any], words: str) -> None:
    record = {**BASE_RECORD, **change}
    with pytest.raises(RecordError) as info:
        meeple.replay(record)
    assert words in str(info.value)


@pytest.mark.parametrize("record", [None, [], "anludim", 3, {"game": "anludim"}])
def test_a_record_that_is_not_a_whole_mapping(record: Any) -> None:
    with pytest.raises(RecordError, match="record"):
        meeple.replay(record)


def test_records_replay_only_as_their_own_game() -> None:
    """A record whose actions are cut short replays to the shorter game; under another
    game's name or another seed, its steps are refused and the message names one."""
    state = played("anludim", {"players": 3}, 40)
    record = state.to_record()
    shorter = meeple.replay({**record, "actions": record["actions"][:-5]})
    assert shorter.history() == record["actions"][:-5]
    with pytest.raises(RecordError, match="unknown option"):
        meeple.replay({**record, "game": "aridnyk"})
    wrong = {**record, "game": "aridnyk", "options": {}, "players": 3}
    with pytest.raises(RecordError, match=r"move \d+ \(actions\[\d+\] = \d+\) is illegal"):
        meeple.replay(wrong)
    # an action of a later position, out of place at an earlier one
    early = meeple.replay({**record, "actions": record["actions"][:1]})
    late = next(a for a in reversed(record["actions"]) if a not in early.legal_actions())
    with pytest.raises(RecordError, match=rf"move 2 \(actions\[1\] = {late}\) is illegal"):
        meeple.replay({**record, "actions": [*record["actions"][:1], late]})


@pytest.mark.parametrize("spec", ["random:seed=3", "greedy:seed=1", "ismcts:iterations=9:seed=2"])
def test_an_agent_spec_cannot_set_the_seed(spec: str) -> None:
    """The seed of an agent comes from the run: a spec naming it gets an AgentError (it
    used to escape as a TypeError from the call to make)."""
    with pytest.raises(AgentError, match="seed is not a setting"):
        agents.make_from_spec(spec, seed=1)
    with pytest.raises(AgentError, match="seed is not a setting"):
        agents.parse_spec(spec)


@pytest.mark.parametrize("value", ["1e9", "2.5", "abc", "0", "-1", "true"])
def test_ismcts_iterations_must_be_a_positive_integer(value: str) -> None:
    """A float such as 1e9 used to be taken as an iteration count, slipping past the
    server's limit (which checks integers); a word failed with a comparison error."""
    with pytest.raises(AgentError, match="ismcts iterations must be a positive integer"):
        agents.make_from_spec(f"ismcts:iterations={value}")
    assert getattr(agents.make_from_spec("ismcts:iterations=12"), "iterations", None) == 12


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("seconds", "abc", "seconds must be a finite number > 0"),
        ("seconds", "inf", "seconds must be a finite number > 0"),
        ("seconds", "true", "seconds must be a finite number > 0"),
        ("exploration", "-1", "exploration must be a finite number >= 0"),
        ("exploration", "nan", "exploration must be a finite number >= 0"),
        ("guide", "abc", "guide must be a finite number >= 0"),
        ("rollout_depth", "2.5", "rollout_depth must be an integer >= 0"),
        ("width", "abc", "width must be an integer >= 0"),
        ("tree_depth", "-1", "tree_depth must be an integer >= 0"),
    ],
)
def test_ismcts_numeric_settings_name_what_they_take(
    setting: str, value: str, message: str
) -> None:
    """A word, a bool, an infinity or a fraction where a count belongs is refused with
    the setting's own terms, not an error from comparing a string with a number."""
    with pytest.raises(AgentError, match=message):
        agents.make_from_spec(f"ismcts:{setting}={value}")


@pytest.mark.parametrize("game", meeple.list_games())
def test_an_illegal_numpy_action_is_explained_as_its_int(game: str) -> None:
    import numpy as np

    state = meeple.load_game(game).new_initial_state(seed=1)
    illegal = min(set(range(state.game.info.num_distinct_actions)) - set(state.legal_actions()))
    messages = []
    for action in (illegal, np.int64(illegal)):
        with pytest.raises(IllegalActionError) as caught:
            state.apply_action(action)  # type: ignore[arg-type]
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
