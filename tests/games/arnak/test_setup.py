"""Arnak setup for every player count and both boards: starting resources and decks,
blocking tiles, card row, idols, research bonus tiles, temple stacks, assistants and
the Fear supply (rulebook "Player Setup", "The Snake Temple Side", "Solo Variant";
reference research.yaml and sites.yaml).

The solo rival takes its first turn while the game is created; solo games here use a
seed whose first rival tile is a dig tile, so nothing but one camp space has changed."""

from __future__ import annotations

from collections import Counter

import pytest

import meeple
from meeple.errors import OptionError
from meeple.games.arnak.components import (
    ARTIFACTS,
    ASSISTANTS,
    BONUS_KINDS,
    CARDS,
    GUARDIANS,
    IDOL_REWARDS,
    ITEMS,
    LEVEL1_TILES,
    LEVEL2_TILES,
    SOLO_TILES,
    TEMPLE_STACKS,
    TRACKS,
)
from meeple.games.arnak.rules import BLOCKED, FREE, HOME, RIVAL, ArnakState

from .scenario import fresh

PLAYERS = (1, 2, 3, 4)
BOARDS = ("bird", "snake")
CASES = [(n, b) for n in PLAYERS for b in BOARDS]

# coin, compass, tablet, arrowhead, jewel by seat order (rulebook "Starting Resources")
START = {0: [2, 0, 0, 0, 0], 1: [1, 1, 0, 0, 0], 2: [2, 1, 0, 0, 0], 3: [1, 2, 0, 0, 0]}
SOLO_DIG_SEED = 2


def _table(players: int) -> int:
    return 2 if players == 1 else players


def _new(players: int, board: str = "bird", seed: int = 0) -> ArnakState:
    if players == 1:
        state = fresh(1, board, seed=SOLO_DIG_SEED)
        assert SOLO_TILES[state._rival.used[0]].type == "dig"
        return state
    return fresh(players, board, seed=seed)


@pytest.mark.parametrize("players", PLAYERS)
def test_starting_resources(players: int) -> None:
    state = _new(players)
    assert len(state._seats) == players
    for p, seat in enumerate(state._seats):
        # The solo human plays second: 1 coin and 1 compass.
        assert seat.res == START[1 if players == 1 else p]


@pytest.mark.parametrize(("players", "board"), CASES)
def test_starting_deck_hand_and_tokens(players: int, board: str) -> None:
    state = _new(players, board, seed=3)
    track = TRACKS[board]
    for seat in state._seats:
        names = Counter(CARDS[c].name for c in seat.hand + seat.deck)
        assert names == {"Funding": 2, "Exploration": 2, "Fear": 2}
        assert len(seat.hand) == 5 and len(seat.deck) == 1
        assert seat.play == [] and seat.fear_tiles == 0
        assert seat.arch == [HOME, HOME]
        assert seat.glass == seat.notebook == track.start
        assert seat.temple_rank == -1
        assert seat.assistants == [] and seat.guardians == [] and seat.temples == []
        assert seat.crates == 0 and seat.slots == [False] * 4


def test_starting_deck_is_shuffled() -> None:
    decks = {tuple(fresh(2, seed=s)._seats[0].deck) for s in range(10)}
    assert len(decks) > 1


@pytest.mark.parametrize(("players", "board"), CASES)
def test_blocking_tiles(players: int, board: str) -> None:
    state = _new(players, board, seed=5)
    occ = state._occ
    if players == 1:  # lift the rival's one archaeologist
        assert occ.count(RIVAL) == 1
        occ = [FREE if o == RIVAL else o for o in occ]
    # Camp c has slots 2c (the 1-boot space) and 2c+1 (the 2-boot space).
    assert [occ[2 * c] for c in range(5)] == [FREE] * 5
    blocked = [occ[2 * c + 1] == BLOCKED for c in range(5)]
    assert sum(blocked) == {1: 5, 2: 5, 3: 3, 4: 0}[players]
    assert all(o in (FREE, BLOCKED) for o in occ[1:10:2])
    assert occ[10:] == [FREE] * 12


def test_three_players_block_random_camps() -> None:
    patterns = {
        tuple(fresh(3, seed=s)._occ[2 * c + 1] == BLOCKED for c in range(5)) for s in range(12)
    }
    assert all(sum(p) == 3 for p in patterns)
    assert len(patterns) > 1


def test_blocked_space_cannot_be_dug() -> None:
    state = fresh(2)
    state._seats[0].res[0] = 10  # planes for any travel
    state._legal = None
    state.apply_action(
        next(a for a in state.legal_actions() if "dig at C1" in state.action_to_string(a))
    )
    while state._stack:  # pay the travel
        state.apply_action(state.legal_actions()[0])
    assert state._occ[0] == 0
    assert state.free_slot(0) == -1  # the 2-boot space holds a blocking tile


@pytest.mark.parametrize(("players", "board"), CASES)
def test_card_row_round_one(players: int, board: str) -> None:
    state = _new(players, board, seed=7)
    assert state._round == 1
    assert len(state._row_art) == 1 and len(state._row_item) == 5
    assert all(c in ARTIFACTS for c in state._row_art)
    assert all(c in ITEMS for c in state._row_item)
    assert len(state._art_deck) == 34 and len(state._item_deck) == 35
    assert sorted(state._art_deck + state._row_art) == sorted(ARTIFACTS)
    assert sorted(state._item_deck + state._row_item) == sorted(ITEMS)
    assert state._item_exile == [] and state._art_exile == []


@pytest.mark.parametrize(("players", "board"), CASES)
def test_idols_on_sites(players: int, board: str) -> None:
    state = _new(players, board, seed=11)
    for site in range(5):
        assert state._idol_up[site] == FREE and state._idol_down[site] == 0
    for site in range(5, 13):  # level I: one face-up idol
        assert state._idol_up[site] != FREE and state._idol_down[site] == 0
    for site in range(13, 17):  # level II: one face-up and one face-down
        assert state._idol_up[site] != FREE and state._idol_down[site] == 1
    counts = Counter(state._idol_up[5:])
    for reward in IDOL_REWARDS:
        assert counts[reward.num] <= reward.copies
    # 12 face-up + 4 face-down: all 16 idols are used
    assert sum(counts.values()) + sum(state._idol_down) == 16


def test_idols_are_dealt_at_random() -> None:
    layouts = {tuple(fresh(2, seed=s)._idol_up) for s in range(6)}
    assert len(layouts) > 1


@pytest.mark.parametrize(("players", "board"), CASES)
def test_nothing_discovered_and_stacks_full(players: int, board: str) -> None:
    state = _new(players, board, seed=2)
    assert [s for s in range(5, 17) if state.discovered(s)] == []
    assert sorted(state._stacks[0]) == sorted(LEVEL1_TILES)
    assert sorted(state._stacks[1]) == sorted(LEVEL2_TILES)
    assert len(LEVEL1_TILES) == 10 and len(LEVEL2_TILES) == 6
    assert sorted(state._guardians) == list(range(len(GUARDIANS))) == list(range(15))
    assert all(g == FREE for g in state._guardian)


@pytest.mark.parametrize(("players", "board"), CASES)
def test_research_bonus_tiles_per_player_count(players: int, board: str) -> None:
    state = _new(players, board, seed=13)
    key = f"p{_table(players)}"  # solo is set up as for two
    for node in TRACKS[board].nodes:
        assert len(state._bonus[node.num]) == node.bonus.get(key, 0), node.id
    # Face-down Lost Temple tiles: one per player (solo: 2).
    assert len(state._temple_bonus) == _table(players)
    everything = [k for tiles in state._bonus for k in tiles]
    everything += state._temple_bonus + state._box_bonus
    assert Counter(everything) == {b.num: b.copies for b in BONUS_KINDS}
    assert len(everything) == 18


@pytest.mark.parametrize(
    ("board", "players", "face_up"),
    [
        # research.yaml: counted by hand from its node table
        ("bird", 1, 7),
        ("bird", 2, 7),
        ("bird", 3, 9),
        ("bird", 4, 11),
        ("snake", 1, 8),
        ("snake", 2, 8),
        ("snake", 3, 10),
        ("snake", 4, 12),
    ],
)
def test_face_up_bonus_totals(board: str, players: int, face_up: int) -> None:
    state = _new(players, board)
    assert sum(len(t) for t in state._bonus) == face_up


@pytest.mark.parametrize(("players", "tiles"), [(1, 2), (2, 2), (3, 3), (4, 3)])
def test_snake_row_seven_holds_several_tiles(players: int, tiles: int) -> None:
    state = _new(players, "snake")
    (top,) = [n for n in TRACKS["snake"].nodes if n.row == 7]
    assert len(state._bonus[top.num]) == tiles


@pytest.mark.parametrize(("players", "board"), CASES)
def test_temple_stacks(players: int, board: str) -> None:
    state = _new(players, board)
    assert state._temple_left == [_table(players)] * 6
    assert [s.vp for s in TEMPLE_STACKS] == [2, 2, 2, 6, 6, 11]


@pytest.mark.parametrize("players", PLAYERS)
def test_bird_assistants(players: int) -> None:
    state = _new(players, "bird", seed=4)
    assert [len(s) for s in state._supply] == [4, 4, 4]
    assert state._rescue == []
    assert sorted(a for s in state._supply for a in s) == list(range(len(ASSISTANTS)))


@pytest.mark.parametrize("players", PLAYERS)
def test_snake_assistants(players: int) -> None:
    state = _new(players, "snake", seed=9)
    rescue = _table(players)  # one per player, solo 2
    assert len(state._rescue) == rescue
    assert [len(s) for s in state._supply] == [3, 3, 12 - 6 - rescue]
    everything = state._rescue + [a for s in state._supply for a in s]
    assert sorted(everything) == list(range(12))


def test_assistants_are_dealt_at_random() -> None:
    assert len({tuple(fresh(2, seed=s)._supply[0]) for s in range(6)}) > 1


@pytest.mark.parametrize(("players", "board"), CASES)
def test_fear_supply(players: int, board: str) -> None:
    state = _new(players, board)
    in_decks = sum(s.cards().count(CARDS[-1].num) for s in state._seats)
    assert CARDS[-1].kind == "fear"
    assert in_decks == 2 * players
    assert state._fear == 19 - 2 * players


@pytest.mark.parametrize("players", (2, 3, 4))
def test_first_player_starts(players: int) -> None:
    state = fresh(players)
    assert state._start == 0 and state.current_player == 0
    assert state._round == 1 and not state._main


def test_solo_rival_has_opened_the_round() -> None:
    state = _new(1)
    assert state.current_player == 0
    assert len(state._rival.used) == 1 and len(state._rival.stack) == 9


def test_lost_temple_tiles_are_face_down() -> None:
    state = fresh(2)
    obs = state.observation(0)
    assert obs["research_track"]["lost_temple_bonus"] == 2
    assert "lost_temple_known" not in obs["research_track"]


def test_solo_options_rejected_with_players() -> None:
    with pytest.raises(OptionError):
        meeple.load_game("arnak", players=2, difficulty=4)
    with pytest.raises(OptionError):
        meeple.load_game("arnak", players=3, rival_skips_green_buy_item=True)
    meeple.load_game("arnak", players=2, difficulty=2)  # the default is fine
