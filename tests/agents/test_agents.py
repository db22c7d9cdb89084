"""Agents: seeded determinism, no peeking at hidden cards, legal moves, bad settings."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import check_for_game, describe, list_agents, make, make_from_spec, parse_spec
from meeple.core import Rng, State
from meeple.errors import AgentError, GameOverError, IllegalActionError

SEARCH = {"ismcts": {"iterations": 60}}
# Arnak's search plays every iteration out to the round's end by greedy's rule, a
# hundred times the work of the other games' iterations: a few sweeps test the same.
ITERATIONS = {"arnak": 8}
# The tree machinery (UCB down an unbounded tree, stopping early, the guide), in the
# search each game ran before Arnak's weighed only greedy's best moves.
TREE = {"root": "ucb", "width": 0, "tree_depth": 0, "round_end": False}
TREE_ROLLOUT_DEPTH = {"arnak": 0}


def search(game: str) -> dict[str, object]:
    return {"iterations": ITERATIONS.get(game, 60)}


def tree_search(game: str) -> dict[str, object]:
    """Settings that search `game` with a whole UCB tree (Arnak: settled leaves, no
    rollout), for the tests of the tree's own machinery."""
    depth = TREE_ROLLOUT_DEPTH.get(game)
    return {**TREE, **({} if depth is None else {"rollout_depth": depth})}


def positions(game: str, players: int, count: int, seed: int = 0) -> list[State]:
    """Positions along a random game where the seat to move has a real choice."""
    state = meeple.load_game(game, players=players).new_initial_state(seed)
    rng = Rng(seed)
    found = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1 and step % 7 == 0:
            found.append(state.clone())
        state.apply_action(legal[rng.below(len(legal))])
        step += 1
    return found


@pytest.mark.parametrize("game", meeple.list_games())
@pytest.mark.parametrize("name", ["random", "greedy", "ismcts"])
def test_agents_pick_legal_moves_and_repeat_themselves(game: str, name: str) -> None:
    settings = search(game) if name == "ismcts" else {}
    for state in positions(game, 3, 6):
        first = make(name, seed=5, **settings).act(state)
        again = make(name, seed=5, **settings).act(state.clone())
        assert first in state.legal_actions()
        assert first == again


@pytest.mark.parametrize("game", meeple.list_games())
@pytest.mark.parametrize(
    "spec",
    [
        "greedy",
        "ismcts:iterations={n}",
        "ismcts:iterations={n}:guide=2:rollout=heavy",
        "ismcts:iterations=60:root=ucb:width=0:tree_depth=0:round_end=false:rollout_depth=2",
    ],
)
def test_agents_do_not_peek(game: str, spec: str) -> None:
    """Same observation and seed, different hidden cards: the same move."""
    spec = spec.format(n=search(game)["iterations"])
    for state in positions(game, 3, 6, seed=3):
        seat = state.current_player
        moves = set()
        for hidden in range(3):
            world = state.resample(seat, hidden) if hidden else state
            assert world.observation(seat) == state.observation(seat)
            moves.add(make_from_spec(spec, seed=11).act(world))
        assert len(moves) == 1


def test_agents_play_whole_games() -> None:
    from meeple.sim.runner import play_game

    game = meeple.load_game("anludim", players=2)
    result = play_game(game, [make("greedy", seed=1), make("random", seed=2)], seed=4)
    assert sorted(result.returns) == [0.0, 1.0]


@pytest.mark.parametrize(
    ("game_name", "games", "needed"), [("anludim", 20, 16), ("aridnyk", 10, 8)]
)
def test_greedy_beats_random_clearly(game_name: str, games: int, needed: int) -> None:
    from meeple.sim.runner import play_game

    game = meeple.load_game(game_name, players=2)
    wins = 0
    for i in range(games):
        seats = [make("greedy", seed=i), make("random", seed=i)]
        if i % 2:
            seats.reverse()
        result = play_game(game, seats, seed=i)
        wins += result.returns[i % 2] == 1.0
    assert wins >= needed


def test_specs() -> None:
    assert parse_spec("ismcts:iterations=50:exploration=0.5:rollout=greedy") == (
        "ismcts",
        {"iterations": 50, "exploration": 0.5, "rollout": "greedy"},
    )
    assert make_from_spec("ismcts:iterations=5").name == "ismcts"
    assert set(list_agents()) >= {"random", "greedy", "ismcts"}


@pytest.mark.parametrize(
    "spec",
    [
        "clever",
        "ismcts:iterations",
        "ismcts:iterations=0",
        "ismcts:seconds=-1",
        "ismcts:rollout=smart",
        "ismcts:exploration=-0.5",
        "ismcts:stop_early=maybe",
        "ismcts:guide=-1",
        "ismcts:reuse=sometimes",
        "ismcts:depth=3",
        "random:iterations=3",
        "ismcts:seconds=" + "9" * 400,  # an int too large for a float
        "ismcts:exploration=" + "9" * 400,
        "ismcts:iterations=" + "9" * 5000,  # past Python's digits for an int
    ],
)
def test_bad_specs_are_agent_errors(spec: str) -> None:
    with pytest.raises(AgentError):
        make_from_spec(spec)


def test_no_move_after_the_end() -> None:
    state = positions("anludim", 2, 1)[0]
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    for name in ("random", "greedy", "ismcts"):
        # one class, which a caller may catch as an agent's error or as no legal move
        with pytest.raises(GameOverError, match="the game is over") as caught:
            make(name, **SEARCH.get(name, {})).act(state)
        assert isinstance(caught.value, AgentError) and isinstance(caught.value, IllegalActionError)


def test_ismcts_with_greedy_rollouts_and_a_time_budget() -> None:
    state = positions("anludim", 3, 1, seed=8)[0]
    agent = make("ismcts", seed=1, seconds=0.05, rollout="greedy")
    assert agent.act(state) in state.legal_actions()


def test_search_defaults_per_game() -> None:
    """Arnak's evaluator separates moves by hundredths, so its search explores less; a
    game without its own constant gets the default. An explicit setting wins."""
    from meeple.agents.evaluation import DEFAULT_EXPLORATION, exploration_for

    arnak = positions("arnak", 2, 1)[0]
    anludim = positions("anludim", 2, 1)[0]
    assert exploration_for(arnak) == 0.35
    assert exploration_for(anludim) == DEFAULT_EXPLORATION
    differs = 0
    tree = tree_search("arnak")
    for state in positions("arnak", 2, 12):
        default = make("ismcts", seed=4, iterations=40, **tree).act(state.clone())
        explicit = make("ismcts", seed=4, iterations=40, exploration=0.35, **tree).act(
            state.clone()
        )
        other = make("ismcts", seed=4, iterations=40, exploration=0.7, **tree).act(state.clone())
        assert default == explicit
        differs += default != other
    # the constant matters: under 0.7 some of these moves would be different
    assert differs > 0


@pytest.mark.parametrize("game", meeple.list_games())
def test_ismcts_stops_once_the_move_is_settled_and_picks_the_same(game: str) -> None:
    """With an iteration budget, search stops when no rival can catch the most visited
    move: the move equals a full search's, and some positions finish well early."""
    saved = 0
    tree = tree_search(game)
    for state in positions(game, 2, 8, seed=21):
        full = make("ismcts", seed=3, iterations=400, stop_early=False, **tree)
        quick = make("ismcts", seed=3, iterations=400, **tree)
        assert quick.act(state.clone()) == full.act(state.clone())
        assert full.last_iterations == 400
        assert quick.last_iterations <= 400
        saved += 400 - quick.last_iterations
    assert saved > 0


@pytest.mark.parametrize("game", meeple.list_games())
def test_ismcts_guide_favours_the_greedy_move_at_first(game: str) -> None:
    """The guide is a bonus for the heuristic's root move that fades with its visits: an
    overwhelming guide plays that move, no guide asks the heuristic nothing."""
    tree = tree_search(game)
    for state in positions(game, 2, 6, seed=17):
        led = make("ismcts", seed=2, iterations=80, guide=1e6, **tree)
        assert led.act(state.clone()) == led.last_hint
        assert led.last_hint in state.legal_actions()
        free = make("ismcts", seed=2, iterations=80, guide=0, **tree)
        free.act(state.clone())
        assert free.last_hint is None


def test_aridnyk_heavy_rollouts_claim_met_plots_and_resolve_every_effect() -> None:
    from meeple.agents.aridnyk import rollout_move
    from meeple.games.aridnyk import actions as A

    claimed = resolved = 0
    for seed in range(6):
        state = meeple.load_game("aridnyk", players=2).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            move = rollout_move(state, rng)
            assert move in legal
            if any(A.CLAIM <= a < A.USE_TRINKET for a in legal):
                assert A.CLAIM <= move < A.USE_TRINKET
                claimed += 1
            elif any(A.EFFECT <= a < A.DONE for a in legal):
                assert A.EFFECT <= move < A.DONE
                resolved += 1
            state.apply_action(move)
    assert claimed and resolved


def test_aridnyk_greedy_scores_a_placement_as_playing_it_would_show() -> None:
    """Greedy prices each candidate cell on a copy of the board with the tile laid; that
    must be what playing the cell action on a copy of the state shows (a Spirit the tile
    brings included), or greedy would choose from wrong prospects."""
    from meeple.agents.aridnyk import _prospects_after, plot_prospects
    from meeple.games.aridnyk import actions as A
    from meeple.games.aridnyk.rules import AridnykState

    checked = 0
    for seed in range(3):
        state = meeple.load_game("aridnyk", players=2).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            pending = state.observation(state.current_player)["pending"] or {}
            cells = [a for a in legal if A.CELL <= a < A.DISCARD_TILE]
            if cells and pending.get("tile") is not None:
                assert isinstance(state, AridnykState)
                seat = state.current_player
                every_plot = list(range(1, 55))  # as if all Plots were held
                obs = {**state.observation(seat), "plots": every_plot}
                for cell in cells:
                    after = state.clone()
                    after.apply_action(cell)
                    assert isinstance(after, AridnykState)
                    seen = {**after.observation(seat), "plots": every_plot}
                    want = plot_prospects(seen, after.layout)
                    got = _prospects_after(
                        obs, state.layout, pending["tile"], pending["rotation"], cell - A.CELL
                    )
                    assert got == want
                    checked += 1
            state.apply_action(legal[rng.below(len(legal))])
    assert checked > 100


def test_heavy_rollouts_are_random_where_a_game_has_no_rollout_rule() -> None:
    for state in positions("anludim", 2, 4, seed=6):
        heavy = make("ismcts", seed=8, iterations=60, rollout="heavy").act(state.clone())
        plain = make("ismcts", seed=8, iterations=60, rollout="random").act(state.clone())
        assert heavy == plain
    # ... and their settings say so, so a journal tells them from a rule added later.
    assert describe("ismcts", state)["rollout"] == "random"
    aridnyk = meeple.load_game("aridnyk", players=2).new_initial_state(1)
    assert describe("ismcts", aridnyk)["rollout"] == "heavy"
    assert describe("ismcts:rollout=random", aridnyk)["rollout"] == "random"


def test_ismcts_carries_its_tree_through_its_own_moves_without_peeking() -> None:
    """Through the steps of one Aridnyk turn search starts from the subtree below its
    last move. The carried tree holds only what the seat saw, so two worlds that look
    the same to it get the same moves. When another seat has moved, or another move
    than its choice was played (a hint not taken), nothing is carried."""
    carried = 0
    for state in positions("aridnyk", 2, 6, seed=5):
        seat = state.current_player
        world = state.resample(seat, 99)
        first = make("ismcts", seed=4, iterations=120)
        second = make("ismcts", seed=4, iterations=120)
        for _ in range(6):
            if state.is_terminal() or state.current_player != seat:
                break
            assert world.observation(seat) == state.observation(seat)
            move = first.act(state)
            assert second.act(world) == move
            assert first.last_reused == second.last_reused
            carried = max(carried, first.last_reused)
            state.apply_action(move)
            world.apply_action(move)
            if world.observation(seat) != state.observation(seat):
                break  # a draw told the worlds apart: their searches may differ now
        while not state.is_terminal() and state.current_player == seat:
            state.apply_action(first.act(state))
        while not state.is_terminal() and state.current_player != seat:
            state.apply_action(state.legal_actions()[0])
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            first.act(state)
            assert first.last_reused == 0
    overruled = 0
    for state in positions("aridnyk", 2, 8, seed=6):
        seat = state.current_player
        agent = make("ismcts", seed=4, iterations=120)
        move = agent.act(state)
        state.apply_action(next(a for a in state.legal_actions() if a != move))
        if state.is_terminal() or state.current_player != seat:
            continue
        if len(state.legal_actions()) > 1:
            agent.act(state)
            assert agent.last_reused == 0
            overruled += 1
    assert carried > 100
    assert overruled


def test_a_sweeping_root_weighs_every_move_on_the_same_guesses() -> None:
    """`root=sweep` gives each root move one iteration per guess, in turn; without a
    width it weighs every legal move, and the same seed gives the same move."""
    for state in positions("anludim", 2, 4, seed=9):
        legal = state.legal_actions()
        agent = make("ismcts", seed=6, iterations=3 * len(legal), root="sweep", tree_depth=1)
        move = agent.act(state.clone())
        assert move in legal
        assert agent.last_iterations == 3 * len(legal)
        again = make("ismcts", seed=6, iterations=3 * len(legal), root="sweep", tree_depth=1)
        assert again.act(state.clone()) == move


def test_an_agents_seed_and_spec_are_checked_when_it_is_made() -> None:
    import numpy as np

    state = meeple.load_game("anludim").new_initial_state(seed=1)
    assert make("random", seed=np.int64(3)).act(state) == make("random", seed=3).act(state)
    for seed in (-3, 2**64, 1.5, "x", True, None):
        with pytest.raises(AgentError, match="an agent's seed is a whole number"):
            make("ismcts", seed=seed)
    for spec in (None, 5):
        with pytest.raises(AgentError, match="an agent spec is text"):
            make_from_spec(spec)  # type: ignore[arg-type]
    with pytest.raises(AgentError, match="gives the setting 'iterations' twice"):
        make_from_spec("ismcts:iterations=5:iterations=6")


def test_numpy_settings_and_a_spaced_name_are_read_as_plain_ones() -> None:
    import numpy as np

    agent = make("ismcts", iterations=np.int64(5), exploration=np.float64(0.5))
    assert type(agent.iterations) is int and agent.iterations == 5  # type: ignore[attr-defined]
    assert agent.exploration == 0.5  # type: ignore[attr-defined]
    assert parse_spec(" ismcts :iterations=5") == ("ismcts", {"iterations": 5})


@pytest.mark.parametrize(
    ("game", "spec", "words"),
    [
        ("anludim", "ismcts:settle=true", "no rule to settle"),
        ("anludim", "ismcts:width=3", "no heuristic ranking"),
        ("aridnyk", "ismcts:round_end=true", "names no rounds"),
    ],
)
def test_a_setting_the_game_cannot_honour_is_refused_before_play(
    game: str, spec: str, words: str
) -> None:
    """It was refused at the bot's first decision: after a journal was begun, or a
    server table seated."""
    with pytest.raises(AgentError, match=words):
        check_for_game(make_from_spec(spec, seed=0), meeple.load_game(game))


@pytest.mark.parametrize("game", meeple.list_games())
def test_every_agent_with_its_defaults_fits_every_game(game: str) -> None:
    for name in list_agents():
        check_for_game(make(name, seed=0), meeple.load_game(game))


def test_a_game_name_no_module_can_hold_has_no_heuristics_and_no_crash() -> None:
    from meeple.agents.evaluation import load_heuristics
    from meeple.agents.greedy import has_policy

    load_heuristics("dot.dice")  # raised ModuleNotFoundError for 'meeple.agents.dot'
    assert not has_policy("dot.dice")


def test_greedy_rollouts_for_a_game_without_a_greedy_policy_are_refused_before_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a plugin game without meeple.agents.<game> would be: Anludim's policy hidden."""
    from meeple.agents import greedy

    make("greedy", seed=0).act(meeple.load_game("anludim").new_initial_state(seed=1))
    monkeypatch.delitem(greedy._POLICIES, "anludim")
    with pytest.raises(AgentError, match="rollout=greedy: anludim has no greedy policy"):
        check_for_game(make_from_spec("ismcts:rollout=greedy", seed=0), meeple.load_game("anludim"))


def test_ismcts_reads_numpy_switches_and_words() -> None:
    import numpy as np

    agent = make("ismcts", stop_early=np.False_, rollout=np.str_("random"), iterations=np.int64(3))
    assert agent.stop_early is False and agent.rollout == "random"  # type: ignore[attr-defined]
