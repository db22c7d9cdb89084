"""Arnak's heuristics: greedy beats random, never peeks, and the evaluator's contract."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.agents import describe, make
from meeple.agents.arnak import RESOURCE_VALUE, greedy, settle, strength, values
from meeple.core import Rng, State
from meeple.errors import AgentError
from meeple.games.arnak.rules import ROUNDS, ArnakState
from meeple.sim.runner import play_game


def greedy_positions(players: int, count: int, seed: int, **options: object) -> list[State]:
    """Positions along a greedy game (every fifth decision with a real choice)."""
    state = meeple.load_game("arnak", players=players, **options).new_initial_state(seed)
    rng = Rng(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        if len(state.legal_actions()) > 1:
            if step % 5 == 0:
                found.append(state.clone())
            step += 1
        state.apply_action(greedy(state, rng))
    return found


def test_greedy_beats_random() -> None:
    game = meeple.load_game("arnak", players=2)
    wins = 0
    for i in range(20):
        seats = [make("greedy", seed=i), make("random", seed=i)]
        if i % 2:
            seats.reverse()
        result = play_game(game, seats, seed=i)
        wins += result.returns[i % 2] == 1.0
    assert wins >= 16


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"board": "snake"}), (1, {"difficulty": 3}), (2, {"board": "spider"})],
)
def test_greedy_choice_is_the_same_on_any_resample(
    players: int, options: dict[str, object]
) -> None:
    """Greedy reads only what its seat sees: on a resampled guess of the hidden cards
    (same observation) it makes the same choice with the same seed."""
    for state in greedy_positions(players, 12, seed=players + 7, **options):
        seat = state.current_player
        first = greedy(state, Rng(99))
        for k in (1, 2):
            world = state.resample(seat, k)
            assert world.observation(seat) == state.observation(seat)
            assert greedy(world, Rng(99)) == first
        assert first in state.legal_actions()


def test_greedy_invokes_altars_on_the_spider_temple_and_beats_random() -> None:
    """On the Spider Temple side greedy weighs the altars (their points and the dark
    tablets' cost, through the score) and still wins nearly every game against random."""
    from meeple.games.arnak import actions as A

    game = meeple.load_game("arnak", players=2, board="spider")
    invoked = wins = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        seats = [make("greedy", seed=seed), make("random", seed=seed)]
        if seed % 2:
            seats.reverse()
        greedy_seat = seed % 2
        while not state.is_terminal():
            action = seats[state.current_player].act(state)
            invoked += action >= A.ALTAR and state.current_player == greedy_seat
            state.apply_action(action)
        wins += state.returns()[greedy_seat] == 1.0
    assert invoked >= 6
    assert wins >= 5


@pytest.mark.parametrize("players", [1, 2, 4])
def test_values_are_chances(players: int) -> None:
    states = greedy_positions(players, 6, seed=3)
    for state in states:
        v = values(state)
        assert len(v) == players
        assert all(0.0 <= x <= 1.0 for x in v)
        if players > 1:
            assert sum(v) == pytest.approx(1.0)
    end = states[-1].clone()
    rng = Rng(1)
    while not end.is_terminal():
        end.apply_action(greedy(end, rng))
    assert values(end) == end.returns()


def test_solo_value_follows_the_rival() -> None:
    state = greedy_positions(1, 3, seed=5)[-1]
    assert isinstance(state, ArnakState)
    ahead = state.clone()
    ahead._rival.guardians = []
    ahead._rival.cards = []
    behind = state.clone()
    behind._rival.guardians = [*state._rival.guardians, 0, 1, 2]
    assert values(ahead)[0] > values(state)[0] >= values(behind)[0]


def test_solo_value_counts_the_open_rival_objectives() -> None:
    """An objective still open is points the rival may win; one you did first is not,
    so greedy counts doing it first as a gain."""
    from meeple.agents.arnak import _gains
    from meeple.games.arnak.rival import OPEN, YOURS

    state = greedy_positions(1, 4, seed=5, objectives=3)[-1]
    assert isinstance(state, ArnakState)
    assert state._rival.goal_owner == [OPEN] * 3
    done = state.clone()
    done._rival.goal_owner[0] = YOURS
    assert values(done)[0] > values(state)[0]
    # the same position with no objectives on show: the actions that do one of them
    # gain more with them on show
    legal = state.legal_actions()
    quiet = state.clone()
    quiet._rival.goals, quiet._rival.goal_owner = [], []
    with_goals = _gains(state.clone(), 0, legal)
    without = _gains(quiet, 0, legal)
    denying = [a for a, g, q in zip(legal, with_goals, without, strict=True) if g > q + 1e-9]
    assert denying
    for action in denying:
        after = state.clone()
        after.apply_action(action)
        assert YOURS in after._rival.goal_owner or after._stack  # done, or under way


def test_margins_are_leads_over_the_best_rival() -> None:
    """What the sweep compares: each seat's strength less the best other seat's (solo:
    less the rival's projected points); a finished game's final points."""
    from meeple.agents.arnak import margins

    for players in (2, 3, 4):
        state = greedy_positions(players, 3, seed=players)[-1]
        assert isinstance(state, ArnakState)
        strengths = [strength(state, p) for p in range(players)]
        lead = margins(state)
        for p in range(players):
            best_other = max(x for q, x in enumerate(strengths) if q != p)
            assert lead[p] == pytest.approx(strengths[p] - best_other)
    solo = greedy_positions(1, 3, seed=5)[-1]
    assert isinstance(solo, ArnakState)
    behind = solo.clone()
    behind._rival.guardians = [*solo._rival.guardians, 0, 1, 2]
    assert margins(behind)[0] < margins(solo)[0]
    end = meeple.load_game("arnak", players=2).new_initial_state(3)
    rng = Rng(3)
    while not end.is_terminal():
        end.apply_action(greedy(end, rng))
    scores = end.scores()
    assert margins(end) == [scores[0] - scores[1], scores[1] - scores[0]]


@pytest.mark.parametrize("players", [1, 3])
def test_the_sweep_plays_solo_and_at_bigger_tables(players: int) -> None:
    state = greedy_positions(players, 4, seed=20 + players)[-1]
    move = make("ismcts", seed=2, iterations=8).act(state.clone())
    assert move in state.legal_actions()
    assert make("ismcts", seed=2, iterations=8).act(state.clone()) == move


def test_strength_counts_points_and_holdings() -> None:
    state = greedy_positions(2, 2, seed=1)[-1]
    assert isinstance(state, ArnakState)
    p = state.current_player
    richer = state.clone()
    richer._seats[p].res[4] += 2  # two jewels
    assert strength(richer, p) > strength(state, p)
    assert strength(state, p) >= sum(state.score_parts(p).values()) - 10


def test_settle_finishes_the_movers_open_decisions() -> None:
    """Search's leaf rule answers what the mover's move opened (a payment, a card or
    site to take) before the evaluator judges it, and stops where another seat or the
    end of the round takes over."""
    settled = 0
    state = meeple.load_game("arnak", players=2).new_initial_state(4)
    rng = Rng(4)
    while not state.is_terminal():
        assert isinstance(state, ArnakState)
        if state._stack and state._stack[-1][0] != "keep":
            mover, round_ = state.current_player, state._round
            world = state.clone()
            settle(world)
            assert isinstance(world, ArnakState)
            assert (
                not world._stack
                or world._stack[-1][0] == "keep"
                or world.current_player != mover
                or world._round != round_
                or world.is_terminal()
            )
            settled += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    assert settled >= 10


def test_search_settles_leaves_only_where_asked() -> None:
    arnak = meeple.load_game("arnak", players=2).new_initial_state(1)
    assert describe("ismcts", arnak)["settle"] is True
    assert describe("ismcts:settle=false", arnak)["settle"] is False
    # Games without a rule keep the settings they had, and asking for one is an error.
    anludim = meeple.load_game("anludim", players=2).new_initial_state(1)
    assert "settle" not in describe("ismcts", anludim)
    with pytest.raises(AgentError, match="no rule to settle"):
        make("ismcts", iterations=10, settle=True).act(anludim)
    with pytest.raises(AgentError, match="true or false"):
        make("ismcts", settle="yes")


def test_agents_name_the_weights_they_judge_with() -> None:
    """Greedy and search share Arnak's weights and say which revision, so a journal
    played with other weights is refused rather than extended."""
    from meeple.agents.arnak import BOARD_WEIGHTS, WEIGHTS

    arnak = meeple.load_game("arnak", players=2).new_initial_state(1)
    assert describe("greedy", arnak) == {"agent": "greedy", "weights": WEIGHTS}
    assert describe("ismcts", arnak)["weights"] == WEIGHTS
    # a board with weights of its own names its own revision, so only its journals close
    owl = meeple.load_game("arnak", players=2, board="owl").new_initial_state(1)
    assert BOARD_WEIGHTS["owl"] != WEIGHTS
    assert describe("greedy", owl) == {"agent": "greedy", "weights": BOARD_WEIGHTS["owl"]}
    assert describe("ismcts", owl)["weights"] == BOARD_WEIGHTS["owl"]
    snake = meeple.load_game("arnak", players=2, board="snake").new_initial_state(1)
    assert describe("greedy", snake)["weights"] == WEIGHTS
    anludim = meeple.load_game("anludim", players=2).new_initial_state(1)
    assert describe("greedy", anludim) == {"agent": "greedy"}
    assert "weights" not in describe("ismcts", anludim)
    assert "weights" not in describe("random", arnak)


def _fitting_tool() -> Any:
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("fit", root / "tools" / "fit_arnak_weights.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_fitting_tool_plays_the_weights_it_is_given() -> None:
    """tools/fit_arnak_weights.py reads every weight the module plays with and puts them
    back unchanged; weights against themselves come out even, game for game."""
    tool = _fitting_tool()
    weights = tool.current()
    assert weights["resource_4"] == RESOURCE_VALUE[4]
    margins = tool.match(_InProcess(), weights, weights, 1, 5, "bird")
    assert margins[0] == -margins[1]
    heavier = {**weights, "resource_4": 9.0}
    try:
        tool.install(heavier)
        assert strength_of_jewels() > 8.0
    finally:
        tool.install(weights)
    assert tool.current() == weights


def test_the_fitting_tool_seats_both_sides_evenly_at_every_table() -> None:
    """Three or four players: every seat holds each side's weights equally often, and a
    side's margin and share of the win are read from the seats it holds."""
    tool = _fitting_tool()
    assert tool.seatings(2) == [(True, False), (False, True)]
    for players, games in ((3, 6), (4, 6)):
        splits = tool.seatings(players)
        assert len(splits) == games
        for seat in range(players):
            assert sum(split[seat] for split in splits) == games // 2
    assert tool._outcome([50.0, 40.0, 50.0], (True, False, False)) == (5.0, 0.5)


def test_the_kept_hand_set_weights_name_every_weight() -> None:
    """tools/arnak_weights_handset.json, the weights the fit started from, can be played
    by `compare`: it names every weight the module plays with, and no other."""
    tool = _fitting_tool()
    root = Path(__file__).resolve().parents[2]
    kept = tool._read(str(root / "tools" / "arnak_weights_handset.json"))
    assert set(kept) == set(tool.current())
    assert kept["hand_card"] == 0.4 and kept != tool.current()


class _InProcess:
    def map(self, func: Any, jobs: Any, chunksize: int = 1) -> list[Any]:
        return [func(job) for job in jobs]


def strength_of_jewels() -> float:
    state = meeple.load_game("arnak", players=2).new_initial_state(1)
    assert isinstance(state, ArnakState)
    before = strength(state, 0)
    state._seats[0].res[4] += 1
    return strength(state, 0) - before


def test_ranking_puts_greedys_move_first() -> None:
    """Search's width reads greedy's judgement: the ranking's first move is greedy's,
    and the rest are the other legal moves; a step greedy answers by rule ranks only
    that answer."""
    from meeple.agents.arnak import ranking

    in_full = 0
    for state in greedy_positions(2, 30, seed=12) + greedy_positions(3, 10, seed=13):
        ranked = ranking(state, Rng(5))
        assert ranked[0] == greedy(state, Rng(5))
        if len(ranked) > 1:
            assert sorted(ranked) == sorted(state.legal_actions())
            in_full += 1
    assert in_full >= 20  # most positions are ranked in full


def _main_decision(seed: int) -> ArnakState:
    """A position along a greedy game with at least five moves greedy ranks in full."""
    from meeple.agents.arnak import ranking

    for state in greedy_positions(2, 40, seed=seed):
        if len(ranking(state, Rng(0))) >= 5:
            assert isinstance(state, ArnakState)
            return state
    raise AssertionError("no main decision found")


def test_search_sweeps_greedys_best_moves_on_shared_guesses(monkeypatch: Any) -> None:
    """Arnak's search weighs the ranking's four best moves, each on the same guess of
    the hidden cards in every sweep, and plays the best of them."""
    from meeple.agents import evaluation
    from meeple.agents.arnak import ranking

    state = _main_decision(7)
    seeds: list[int] = []
    ranked: list[list[int]] = []
    original = ArnakState.resample

    def recording(self: ArnakState, seat: int, seed: int) -> State:
        seeds.append(seed)
        return original(self, seat, seed)

    def ranking_seen(det: State, rng: Rng) -> list[int]:
        ranked.append(ranking(det, rng))
        return ranked[-1]

    monkeypatch.setattr(ArnakState, "resample", recording)
    monkeypatch.setitem(evaluation._RANKINGS, "arnak", ranking_seen)
    agent = make("ismcts", seed=3, iterations=12)
    move = agent.act(state.clone())
    assert agent.last_iterations == 12
    guesses = seeds[1:]  # the first deals the ranking's own guess
    assert len(guesses) == 12
    assert [len(set(guesses[i : i + 4])) for i in range(0, 12, 4)] == [1, 1, 1]
    assert len(set(guesses)) == 3
    assert len(ranked) == 1 and len(ranked[0]) >= 5
    assert move in ranked[0][:4]


def test_rollouts_stop_at_the_rounds_end(monkeypatch: Any) -> None:
    """Rollouts play on by greedy's rule to the end of the round and no further, so
    every move is judged at the same point of the game; with round_end=false they run
    their whole depth."""
    from meeple.agents import evaluation

    state = _main_decision(8)
    judged: list[int] = []

    def judging(det: State) -> list[float]:
        assert isinstance(det, ArnakState)
        judged.append(ROUNDS + 1 if det.is_terminal() else det._round)
        return values(det)

    monkeypatch.setitem(evaluation._EVALUATORS, "arnak", judging)
    make("ismcts", seed=1, iterations=8).act(state.clone())
    assert judged and set(judged) == {state._round + 1}
    judged.clear()
    make("ismcts", seed=1, iterations=8, round_end=False, rollout_depth=150).act(state.clone())
    assert max(judged) > state._round + 1


def test_search_settings_name_the_sweep_only_where_used() -> None:
    arnak = meeple.load_game("arnak", players=2).new_initial_state(1)
    described = describe("ismcts", arnak)
    assert {k: described[k] for k in ("width", "tree_depth", "root", "round_end", "rollout")} == {
        "width": 4,
        "tree_depth": 1,
        "root": "sweep",
        "round_end": True,
        "rollout": "heavy",
    }
    # Other games keep the settings they had; asking them for what they lack is an error.
    for game in ("anludim", "aridnyk"):
        other = meeple.load_game(game, players=2).new_initial_state(1)
        assert not {"width", "tree_depth", "root", "round_end"} & describe("ismcts", other).keys()
    anludim = meeple.load_game("anludim", players=2).new_initial_state(1)
    with pytest.raises(AgentError, match="no heuristic ranking"):
        make("ismcts", iterations=10, width=3).act(anludim)
    with pytest.raises(AgentError, match="names no rounds"):
        make("ismcts", iterations=10, round_end=True).act(anludim)
    for bad in ({"width": -1}, {"tree_depth": -2}, {"root": "wide"}, {"round_end": "yes"}):
        with pytest.raises(AgentError):
            make("ismcts", **bad)
