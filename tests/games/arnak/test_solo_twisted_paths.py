"""Twisted Paths' two solo mini-expansions on the base board: Purple Actions (purple
rival tiles and the rival's notebook) and Rival Objectives (Twisted Paths rulebook,
"Solo Mini-Expansions"). The decision arrows are placeholder data, so the tests set the
next tile by its arrow, as test_solo.py does."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from rich.console import Console

import meeple
from meeple.errors import OptionError
from meeple.games.arnak import actions as A
from meeple.games.arnak.components import OBJECTIVES, SOLO_TILES, TRACKS
from meeple.games.arnak.rival import OPEN, SILVER_STACKS, THEIRS, YOURS, Rival
from meeple.games.arnak.rules import FREE, RIVAL, ArnakState

from .scenario import card, discover, do, fresh, guardian, place, row, setup

PAIRS = ("discover", "research", "overcome", "buy_item", "buy_artifact")
ITEMS = ["item.automobile", "item.hat", "item.whip", "item.steam_boat", "item.flask"]
# VP:          3                1            1             3                 1
ARTIFACTS = ["art.treasure_chest", "art.war_club", "art.sundial"]  # 3, 1, 1 VP
OBJECTIVE = {o.id: o.num for o in OBJECTIVES}


def _tile(name: str) -> int:
    return next(t.num for t in SOLO_TILES if t.id == name)


def _solo(seed: int = 2, **options: object) -> ArnakState:
    """A solo game with the rival's opening archaeologist back home (if it placed one)
    and its stack to be set by hand."""
    state = fresh(1, seed=seed, **options)
    state._rival.recall(state)
    state._legal = None
    return state


def _play(state: ArnakState, name: str, arrow: str = "left") -> Rival:
    """The rival plays tile `name` with a tile whose arrow is `arrow` next in its stack."""
    rival = state._rival
    tile = _tile(name)
    nxt = next(t.num for t in SOLO_TILES if t.arrow == arrow and t.num != tile)
    rival.stack = [nxt, tile]
    rival.used = []
    rival.take_turn(state)
    state._legal = None
    return rival


def _deal(state: ArnakState, *names: str) -> Rival:
    """Turn up the objectives `names` this round, none done yet."""
    rival = state._rival
    rival.goals = [OBJECTIVE[n] for n in names]
    rival.goal_owner = [OPEN] * len(names)
    rival.done = 0
    return rival


# ------------------------------------------------------------------ options


@pytest.mark.parametrize(("purple", "red"), [(0, 2), (1, 4), (3, 2), (4, 1), (5, 0)])
def test_purple_tiles_in_the_stack(purple: int, red: int) -> None:
    rival = fresh(1, seed=purple, purple=purple)._rival
    tiles = [SOLO_TILES[t] for t in rival.tiles()]
    assert len(tiles) == 10 and sum(t.type == "dig" for t in tiles) == 5
    assert Counter(t.type for t in tiles if t.type != "dig") == dict.fromkeys(PAIRS, 1)
    colours = Counter(t.colour for t in tiles if t.type != "dig")
    assert colours["purple"] == purple and colours["red"] == red  # purple or red: no green
    assert rival.difficulty == red + 2 * purple
    assert (rival.notebook >= 0) == (purple > 0)


def test_purple_tiles_are_chosen_at_random() -> None:
    chosen = {
        tuple(SOLO_TILES[t].id for t in fresh(1, seed=s, purple=2)._rival.tiles())
        for s in range(12)
    }
    assert len(chosen) > 1


def test_explicit_difficulty_and_purple_may_not_exceed_five() -> None:
    with pytest.raises(OptionError, match="more than the rival's five paired tiles"):
        meeple.load_game("arnak", players=1, purple=4, difficulty=2)
    game = meeple.load_game("arnak", players=1, purple=2, difficulty=1)
    assert game.info.values["difficulty"] == 1  # some green, when asked for
    rival = game.new_initial_state(0)._rival
    assert sorted(SOLO_TILES[t].colour for t in rival.tiles() if SOLO_TILES[t].type != "dig") == [
        "green",
        "green",
        "purple",
        "purple",
        "red",
    ]
    assert meeple.load_game("arnak", players=1, purple=4).info.values["difficulty"] == 1


@pytest.mark.parametrize(
    "options", [{"purple": 1}, {"objectives": 3}, {"first_objective_doubled": True}]
)
def test_the_mini_expansions_are_solo_only(options: dict[str, object]) -> None:
    with pytest.raises(OptionError, match="solo"):
        meeple.load_game("arnak", players=2, **options)


def test_the_doubled_first_objective_needs_objectives() -> None:
    with pytest.raises(OptionError, match="objectives to 2, 3 or 4"):
        meeple.load_game("arnak", players=1, first_objective_doubled=True, objectives=0)
    game = meeple.load_game("arnak", players=1, first_objective_doubled=True)
    assert game.info.values["objectives"] == 3  # the rulebook's suggested count


# ------------------------------------------------------------------ purple actions


@pytest.mark.parametrize(("round_", "rows"), [(4, 1), (5, 2)])
def test_purple_research_advances_twice_in_round_five(round_: int, rows: int) -> None:
    state = _solo(purple=5)
    state._round = round_
    heights = sum(len(s) for s in state._supply)
    rival = _play(state, "purple_research", "left")
    assert TRACKS["bird"].nodes[rival.glass].row == rows
    assert sum(len(s) for s in state._supply) == heights - 1  # one assistant either way


def test_purple_research_in_the_temple_takes_two_tiles_in_round_five() -> None:
    state = _solo(purple=5)
    state._round = 5
    rival = state._rival
    rival.glass = 12
    rival = _play(state, "purple_research", "left")
    assert rival.temple_rank == 0 and len(rival.temples) == 1  # arrives, then a tile
    rival = _play(state, "purple_research", "left")
    assert len(rival.temples) == 3


def test_purple_overcome_then_the_notebook_researches() -> None:
    state = _solo(purple=5)
    rival = state._rival
    rival.glass = 5  # row 3
    discover(state, 9, guard="G01")
    rival.arch[0] = place(state, RIVAL, 9)
    kinds = state._bonus[1][:]
    _play(state, "purple_overcome", "left")
    assert rival.guardians == [guardian("G01")] and state._guardian[9] == FREE
    assert rival.notebook == 1  # start -> left branch
    assert len(state._bonus[1]) == max(0, len(kinds) - 1)
    assert rival.glass == 5  # the glass stays: a guardian was overcome


def test_purple_overcome_without_a_guardian_moves_both_tokens() -> None:
    state = _solo(purple=5)
    rival = _play(state, "purple_overcome", "right")
    assert rival.glass == 2 and rival.notebook == 2


@pytest.mark.parametrize("tiles_left", [0, 1])
def test_purple_overcome_with_nothing_to_overcome_or_climb_is_no_turn(tiles_left: int) -> None:
    # Base solo rules: "If the situation makes the action impossible, your rival does
    # nothing on that turn"; the notebook moves "after" the guardian or the glass.
    state = _solo(purple=5)
    rival = state._rival
    rival.glass = next(n.num for n in TRACKS["bird"].nodes if n.lost_temple)
    rival.temple_rank = 0
    for k in SILVER_STACKS:
        state._temple_left[k] = 0
    state._temple_left[SILVER_STACKS[0]] = tiles_left
    start = rival.notebook
    _play(state, "purple_overcome")
    assert len(rival.temples) == tiles_left  # a 6-point tile: the glass's research
    assert (rival.notebook != start) == bool(tiles_left)


def test_the_rival_notebook_stays_at_or_below_the_glass_row() -> None:
    state = _solo(purple=5)
    rival = state._rival
    rival.glass = 3  # row 2
    rival.notebook = 3
    rival.guardians = []
    rival.arch = [-1] * 6
    discover(state, 9, guard="G01")
    rival.arch[0] = place(state, RIVAL, 9)
    _play(state, "purple_overcome")
    assert rival.notebook == 3  # row 3 is above the glass: it cannot move


def test_the_rival_notebook_scores_and_purple_discover_adds_an_idol_point() -> None:
    state = _solo(purple=5)
    rival = state._rival
    rival.glass = 11  # row 6: 12 glass points
    rival.notebook = 9  # row 5: 6 notebook points
    rival.idols_up = [0, 1]
    rival.minus = 2
    parts = rival.score_parts(state)
    assert parts["research"] == 12 + 6
    assert parts["idols"] == 2 * 4 + 2 * 3  # one more each than the base 3 and 2


def test_no_idol_bonus_without_the_purple_discover() -> None:
    state = _solo(purple=1)
    rival = state._rival
    rival.stack, rival.used = [_tile("purple_research")], []
    rival.idols_up = [0]
    assert rival.score_parts(state)["idols"] == 3


@pytest.mark.parametrize(("round_", "level", "guarded"), [(1, 1, False), (5, 2, False)])
def test_purple_discover_follows_the_red_schedule(round_: int, level: int, guarded: bool) -> None:
    state = _solo(purple=5)
    state._round = round_
    _play(state, "purple_discover", "left")
    site = 5 if level == 1 else 13
    assert state._occ[site + 5] == RIVAL
    assert (state._guardian[site] != FREE) == guarded


@pytest.mark.parametrize(
    ("tile", "mine", "other"),
    [
        ("purple_buy_item", "item.automobile", "art.war_club"),
        ("purple_buy_artifact", "art.treasure_chest", "item.hat"),
    ],
)
def test_purple_buy_takes_the_best_of_its_kind_and_the_cheapest_of_the_other(
    tile: str, mine: str, other: str
) -> None:
    state = _solo(purple=5)
    state._round = 3
    row(state, items=ITEMS[:3], artifacts=ARTIFACTS)
    rival = _play(state, tile, "left")
    assert rival.cards == [card(mine), card(other)]
    assert len(state._row_item) == 3 and len(state._row_art) == 3  # refilled


def test_purple_tiles_act_in_round_five() -> None:
    state = _solo(purple=5)
    state._round = 5
    rival = _play(state, "purple_overcome")
    assert rival.glass != TRACKS["bird"].start


def test_the_rival_notebook_is_in_every_view() -> None:
    state = _solo(purple=2)
    rival = state.observation(0)["rival"]
    assert rival["notebook"] == "bird.0" and rival["notebook_row"] == 0
    assert len(rival["tiles"]) == 10
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(state.game.render(state.observation(0)))
    assert " RG RN" in console.export_text()  # the rival's notebook on the track
    assert "notebook" not in _solo().observation(0)["rival"]


# ------------------------------------------------------------------ rival objectives


def test_objectives_are_dealt_after_the_rivals_first_turn() -> None:
    for count in (2, 3, 4):
        state = fresh(1, seed=count, objectives=count)
        rival = state._rival
        assert rival.goals and len(rival.used) == 1
        assert len(set(rival.goals)) == count
        assert state.observation(0)["rival"]["objectives"][0]["done_by"] is None


def test_an_objective_the_rival_already_did_is_replaced() -> None:
    replaced = 0
    for seed in range(40):
        state = fresh(1, seed=seed, objectives=4)
        rival = state._rival
        assert len(rival.goals) == 4  # one spare: the opening tile does one at most
        assert not any(rival.done >> g & 1 for g in rival.goals)
        replaced += rival.done != 0
    assert replaced  # some opening tile did an objective (never the archaeologists')


def test_the_objectives_are_new_each_round() -> None:
    state = fresh(1, seed=5, objectives=3)
    rival = state._rival
    rival.goal_owner = [THEIRS] * 3
    setup(state, 0, hand=[])
    rival.stack = []
    do(state, A.PASS)
    assert state._round == 2 and rival.goals
    assert rival.goal_owner == [OPEN] * 3


def test_the_rival_scores_an_objective_it_does_first() -> None:
    state = _solo(objectives=3)
    rival = _deal(state, "item", "site", "artifact")
    row(state, items=ITEMS)
    _play(state, "green_buy_item")
    assert rival.goal_owner == [THEIRS, OPEN, OPEN] and rival.goal_points == 2
    _play(state, "green_buy_item")  # once each round
    assert rival.goal_points == 2
    assert rival.score_parts(state)["objectives"] == 2


def test_the_first_objective_may_be_doubled() -> None:
    state = _solo(objectives=2, first_objective_doubled=True)
    rival = _deal(state, "research", "site")
    _play(state, "green_research")
    assert rival.goal_points == 4
    assert [g["points"] for g in state.observation(0)["rival"]["objectives"]] == [4, 2]


def test_your_buy_turns_the_objective_down() -> None:
    state = _solo(objectives=3)
    rival = _deal(state, "item", "site", "artifact")
    row(state, items=ITEMS)
    state._buy(0, card("item.hat"), 0, free=True)  # a free item counts as bought
    assert rival.goal_owner == [YOURS, OPEN, OPEN]
    _play(state, "red_buy_item")
    assert rival.goal_points == 0  # you were first


def test_your_archaeologists_count_at_two_and_the_rivals_at_three() -> None:
    state = _solo(objectives=3)
    rival = _deal(state, "arch", "site", "item")
    rival.arch[0] = place(state, RIVAL, 0)
    _play(state, "dig_compass")
    assert rival.goal_owner[0] == OPEN  # the rival has two out
    state._place(0, next(s for s in range(0, 20) if state._occ[s] == FREE))
    assert rival.goal_owner[0] == OPEN  # you have one
    state._place(0, next(s for s in range(0, 20) if state._occ[s] == FREE))
    assert rival.goal_owner[0] == YOURS


def test_the_rivals_third_archaeologist_out_takes_the_objective() -> None:
    # "Your rival needs 3; you need 2."
    state = _solo(objectives=3)
    rival = _deal(state, "arch", "site", "item")
    rival.arch[0] = place(state, RIVAL, 0)
    rival.arch[1] = place(state, RIVAL, 2)
    _play(state, "dig_compass")
    assert sum(1 for s in rival.arch if s >= 0) == 3
    assert rival.goal_owner[0] == THEIRS
    assert rival.goal_points == 2


def test_your_research_with_the_glass_but_not_the_notebook() -> None:
    state = _solo(objectives=2)
    rival = _deal(state, "research", "item")
    state._research(0, A.NOTEBOOK + 1, (0, 0, 0, 0, 0), True)
    assert rival.goal_owner[0] == OPEN
    state._research(0, A.GLASS + 1, (0, 0, 0, 0, 0), True)
    assert rival.goal_owner[0] == YOURS


def test_your_discovery_turns_the_site_objective_down() -> None:
    state = _solo(objectives=2)
    rival = _deal(state, "site", "item")
    state._step(0, "_reveal", 5)
    assert rival.goal_owner[0] == YOURS


def test_objectives_in_the_view_and_the_final_score() -> None:
    state = _solo(objectives=3)
    _deal(state, "research", "site", "arch")
    _play(state, "green_research")
    obs = state.observation(0)["rival"]
    assert [g["id"] for g in obs["objectives"]] == ["research", "site", "arch"]
    assert [g["done_by"] for g in obs["objectives"]] == ["rival", None, None]
    assert obs["objective_points"] == 2
    console = Console(width=200, record=True)
    console.print(state.game.render(state.observation(0)))
    text = console.export_text()
    assert "be the first to research with the magnifying glass this round" in text
    assert "the rival did it first (+2)" in text
    assert "the rival's objective points, all rounds: 2" in text
    assert "objectives" not in _solo().observation(0)["rival"]


def test_a_whole_game_with_both_mini_expansions_is_deterministic() -> None:
    game = meeple.load_game("arnak", players=1, purple=3, objectives=3)

    def play(seed: int) -> tuple[list[float], dict[str, int]]:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[len(legal) // 2])
        return state.scores(), state._rival.score_parts(state)

    first = play(11)
    assert first == play(11)
    assert "objectives" in first[1]


def test_gaining_a_card_by_an_effect_counts_as_buying_it() -> None:
    state = _solo(objectives=2)
    rival = _deal(state, "artifact", "item")
    state._round = 3
    row(state, items=ITEMS[:3], artifacts=ARTIFACTS)
    state._stack.append(("gain_card", 0, "row", "hand"))
    do(state, A.CARD + card("item.hat"))
    assert rival.goal_owner == [OPEN, YOURS]


def test_the_doubled_objective_is_in_the_encoding() -> None:
    np = pytest.importorskip("numpy")
    from meeple.rl.encoding import encoder_for

    state = fresh(1, seed=1, objectives=3, first_objective_doubled=True)
    swapped = state.clone()
    goals = swapped._rival.goals
    goals[0], goals[1] = goals[1], goals[0]
    encoder = encoder_for(state.game)
    for s in (state, swapped):
        assert np.array_equal(encoder.encode(s.observation(0)), encoder.encode_state(s, 0))
    assert not np.array_equal(encoder.encode_state(state, 0), encoder.encode_state(swapped, 0))


def test_the_rival_score_parts_are_shown_at_the_end() -> None:
    game = meeple.load_game("arnak", players=1, purple=2, objectives=3)
    state = game.new_initial_state(3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    rival = state.observation(0)["rival"]
    assert sum(rival["score_parts"].values()) == rival["score"]
    assert set(rival["score_parts"]) >= {"research", "objectives"}
    console = Console(width=120, record=True)
    console.print(game.render(state.observation(0)))
    assert "the rival (R)" in console.export_text()


# ------------------------------------------------------------------ what the rival did


def test_the_rival_turns_read_in_the_view() -> None:
    state = _solo(objectives=3)
    _deal(state, "item", "site", "artifact")
    row(state, items=ITEMS)
    _play(state, "green_research")
    _play(state, "red_buy_item", "left")
    state._round = 5
    _play(state, "green_discover")
    turns = state.observation(0)["rival"]["turns"]
    assert turns[-3:] == [
        "green research: glass to row 1",
        "red buy item: took Automobile, won the objective 'buy an item' (+2)",
        "green discover: nothing in round V",
    ]


def test_the_end_of_last_round_stays_readable() -> None:
    state = fresh(1, seed=5, objectives=3)
    setup(state, 0, hand=[])
    do(state, A.PASS)  # the rival plays its nine other tiles at once
    rival = state.observation(0)["rival"]
    assert state._round == 2
    assert len(rival["last_round_turns"]) == 10 and len(rival["turns"]) == 1
    console = Console(width=200, record=True)
    console.print(state.game.render(state.observation(0)))
    text = console.export_text()
    assert "last round" in text and rival["last_round_turns"][-1] in text
