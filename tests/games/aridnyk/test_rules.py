"""Aridnyk setup (rulebook "Game Setup", ruling 9), the variants and options, hidden
information, and whole random games checked against the rules after every decision.
The rulings' own examples are in test_rulings.py, the Spirits in test_spirits.py."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple.errors import OptionError
from meeple.games.aridnyk.board import DELTA, rotate_mask
from meeple.games.aridnyk.components import (
    ARIDNYK_TILE,
    NUM_PLOTS,
    NUM_TRINKETS,
    ORNAMENTED,
    RIVER,
    STARTER_PLOTS,
    STARTER_TILES,
    TILE_TERRAIN,
    TILE_WATER,
    TILES,
    TRINKET_REACTION,
)
from meeple.games.aridnyk.rules import CHIEFTAIN, VAGABOND, AridnykState

from .positions import ARIDNYK, ready
from .scenario import A, R, begin_effects, play, touch

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"characters": True},
    {"starter_tiles": True},
    {"preset": "family"},
    {"starter_plots": False},
    {"characters": True, "starter_tiles": True},
]


def fresh(players: int = 2, seed: int = 0, **options: Any) -> AridnykState:
    """A game as dealt, before any setup decision."""
    state = meeple.load_game("aridnyk", players=players, **options).new_initial_state(seed)
    assert isinstance(state, AridnykState)
    return state


# --- setup (rulebook Game Setup, ruling 9) ---------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_the_horizon_hands_sheep_and_starter_plots(players: int) -> None:
    """A Horizon of 3 Spring tiles; 2 Spring tiles, 5 Sheep and 2 Starter Plots each; the
    rest of the Starter Plots back in the deck; rows of 3; Aridnyk on his tile."""
    s = fresh(players, seed=players)
    assert len(s._horizon) == 3
    assert all(TILES[t].season == "spring" for t in s._horizon)
    assert s._sheep == [5] * players
    dealt = [p for seat in range(players) for p in s._plots[seat]]
    assert all(len(s._tiles[seat]) == 2 for seat in range(players))
    assert all(TILES[t].season == "spring" for seat in range(players) for t in s._tiles[seat])
    assert all(len(s._plots[seat]) == 2 for seat in range(players))
    assert len(set(dealt)) == 2 * players and set(dealt) <= set(STARTER_PLOTS)
    rest = set(STARTER_PLOTS) - set(dealt)
    assert rest <= set(s._decks[A.PLOT_KIND]) | set(s._rows[A.PLOT_KIND])
    assert all(card >= 0 for card in s._rows[A.PLOT_KIND] + s._rows[A.TRINKET_KIND])
    plots = dealt + s._decks[A.PLOT_KIND] + s._rows[A.PLOT_KIND]
    assert sorted(plots) == list(range(NUM_PLOTS))
    trinkets = s._decks[A.TRINKET_KIND] + s._rows[A.TRINKET_KIND]
    # a solo deck leaves out the reactions, which only answer another player
    want = [t for t in range(NUM_TRINKETS) if players > 1 or not TRINKET_REACTION[t]]
    assert sorted(trinkets) == want
    assert all(s._trinkets[seat] == [] for seat in range(players))
    tiles = s._horizon + [t for seat in range(players) for t in s._tiles[seat]]
    assert len(s._stacks[0]) == 12 - len(tiles)
    assert sorted(tiles + [t for stack in s._stacks for t in stack]) == list(range(9, 45))
    # the starter layout and Aridnyk
    for t in STARTER_TILES:
        start = TILES[t].start
        assert start is not None
        assert s._layout.cell[t] == (start.x, start.y)
        assert s._layout.rot[t] == start.rotation
    assert s._spirits[ARIDNYK] == s._layout.cell[ARIDNYK_TILE] == (0, 0)
    assert s._spirits[1:] == [None] * 4
    obs = s.observation(0)
    assert obs["season"] == "spring" and obs["phase"] == "place_shepherds"


def test_the_starter_plots_are_dealt_only_with_the_option() -> None:
    """starter_plots=False deals two Plots from the shuffled deck (any numbers)."""
    dealt_with: set[int] = set()
    dealt_without: set[int] = set()
    for seed in range(12):
        dealt_with.update(p for hand in fresh(4, seed)._plots for p in hand)
        off = fresh(4, seed, starter_plots=False)
        assert all(len(hand) == 2 for hand in off._plots)
        dealt_without.update(p for hand in off._plots for p in hand)
    assert dealt_with == set(STARTER_PLOTS)
    assert dealt_without - set(STARTER_PLOTS)


def test_the_rows_are_revealed_after_the_starter_plots_go_back() -> None:
    """Ruling 9: the left-over Starter Plots are shuffled back before the rows are revealed,
    so with one player they can show in the Plots Row."""
    seen: set[int] = set()
    for seed in range(40):
        s = fresh(1, seed)
        seen.update(set(s._rows[A.PLOT_KIND]) & set(STARTER_PLOTS))
        assert not set(s._rows[A.PLOT_KIND]) & set(s._plots[0])
    assert seen


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_shepherds_are_placed_one_by_one_on_distinct_ornamented_tiles(players: int) -> None:
    s = fresh(players, seed=7)
    order = []
    for _ in range(players):
        seat = s.current_player
        order.append(seat)
        legal = s.legal_actions()
        free = [t for t in ORNAMENTED if s._layout.cell[t] not in s._shepherds]
        assert legal == [A.BOARD_TILE + t for t in free]
        play(s, legal[-1])
        assert s._shepherds[seat] == s._layout.cell[legal[-1] - A.BOARD_TILE]
    assert order == list(range(players))
    assert len(set(s._shepherds)) == players
    assert {s._layout.at[c] for c in s._shepherds if c is not None} <= set(ORNAMENTED)
    assert s._phase == R.PLACE and s.current_player == 0


def test_trinket_deck_without_reactions_in_the_family_preset() -> None:
    s = fresh(2, preset="family")
    trinkets = s._decks[A.TRINKET_KIND] + s._rows[A.TRINKET_KIND]
    assert len(trinkets) == NUM_TRINKETS - 8
    assert not any(TRINKET_REACTION[t] for t in trinkets)
    assert all(len(hand) == 2 and set(hand) <= set(STARTER_PLOTS) for hand in s._plots)
    assert s.observation(0)["characters"] is None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_starter_tiles_variant(players: int) -> None:
    """Only the Aridnyk tile starts on the table; seats from seat 0 lay the Starter tiles
    in turn by the normal rules; the player after the last layer takes the first turn and
    places her Shepherd first."""
    s = fresh(players, seed=3, starter_tiles=True)
    assert dict(s._layout.at) == {(0, 0): ARIDNYK_TILE}
    assert s._spirits[ARIDNYK] == (0, 0)
    assert all(len(hand) == 2 for hand in s._tiles) and s._sheep == [5] * players
    layers = []
    while s._phase == R.PLACE_STARTERS:
        frame = s._stack[-1]
        tile = frame[2]
        assert tile in STARTER_TILES and tile in s._public_tiles
        layers.append(s.current_player)
        rotation = s.legal_actions()[-1] - A.ROTATE
        play(s, A.ROTATE + rotation)
        cells = s.legal_actions()
        code = cells[len(cells) // 2] - A.CELL
        cell = s._layout.anchored_cell(code // 4, code % 4)
        assert s._layout.fits(tile, rotation, cell)
        play(s, A.CELL + code)
        assert s._layout.at[cell] == tile
    assert layers == [i % players for i in range(len(layers))]
    assert len(s._layout.at) == 1 + len(layers)
    if len(layers) == 8:
        assert set(s._layout.at.values()) == set(STARTER_TILES)
    first = (layers[-1] + 1) % players
    assert s._phase == R.PLACE_SHEPHERDS and s.current_player == first
    for _ in range(players):
        play(s, s.legal_actions()[0])
    assert s._phase == R.PLACE and s.current_player == first


def test_starter_tiles_are_shown_to_everyone() -> None:
    s = fresh(3, seed=5, starter_tiles=True)
    tile = s._stack[-1][2]
    for seat in range(3):
        assert s.observation(seat)["pending"]["tile"] == tile


def test_characters_are_dealt_two_and_one_is_kept() -> None:
    """Each seat chooses one of its two Unsimple cards; the choice is public, the other
    card is not shown to anyone else."""
    s = fresh(3, seed=1, characters=True)
    assert s._phase == R.CHOOSE_CHARACTER
    for seat in range(3):
        assert s.current_player == seat
        dealt = s._dealt[seat]
        assert s.legal_actions() == [A.CHARACTER + c for c in dealt]
        assert s.observation((seat + 1) % 3)["character_choice"] != [] or seat == 2
        play(s, A.CHARACTER + dealt[1])
        assert s._characters[seat] == dealt[1]
    chosen = s.observation(0)["characters"]
    assert chosen == s.observation(2)["characters"] and None not in chosen
    assert len(set(chosen)) == 3
    assert s._phase == R.PLACE_SHEPHERDS


@pytest.mark.parametrize(
    ("players", "options", "match"),
    [
        (0, {}, "1 to 4 players"),
        (5, {}, "1 to 4 players"),
        (True, {}, "1 to 4 players"),
        (2, {"starter_tiles": "yes"}, "starter_tiles"),
        (2, {"characters": 1}, "characters"),
        (2, {"preset": "hard"}, "preset"),
        (2, {"preset": "family", "characters": True}, "'characters' cannot be true"),
        (2, {"preset": "family", "starter_plots": False}, "'starter_plots' cannot be false"),
        (2, {"solo": True}, "unknown option 'solo'"),
    ],
)
def test_option_errors(players: Any, options: dict[str, Any], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        meeple.load_game("aridnyk", players=players, **options)


def test_one_to_four_players() -> None:
    for players in (1, 2, 3, 4):
        game = meeple.load_game("aridnyk", players=players)
        assert game.info.players == players
        assert game.info.num_distinct_actions == A.NUM_ACTIONS


# --- hidden information --------------------------------------------------------------------


def test_hand_tiles_and_dealt_plots_are_private() -> None:
    s = ready(3)
    s._plots[1] = [0, 1]
    touch(s)
    for seat in range(3):
        obs = s.observation(seat)
        assert obs["hand_tiles"] == s._tiles[seat]
        for other in range(3):
            if other != seat:
                assert obs["known_hands"][other] == {"tiles": [], "plots": [], "trinkets": []}
        assert [h["tiles"] for h in obs["hand_sizes"]] == [2, 2, 2]


def test_a_card_drawn_from_the_deck_stays_private() -> None:
    s = ready()
    top = s._decks[A.PLOT_KIND][-1]
    begin_effects(s, {"plot": 1})
    play(s, A.EFFECT + 2, A.DRAW_DECK + A.PLOT_KIND)
    assert s.observation(0)["plots"] == [top + 1]
    assert s.observation(1)["known_hands"][0]["plots"] == []
    assert s.observation(1)["hand_sizes"][0]["plots"] == 1
    assert s.observation(1)["plots"] == []


def test_a_card_taken_from_a_row_is_known_to_all() -> None:
    s = ready()
    card = s._rows[A.TRINKET_KIND][2]
    begin_effects(s, {"trinket": 1})
    play(s, A.EFFECT + 3, A.DRAW_ROW + A.TRINKET_KIND * 3 + 2)
    assert s.observation(1)["known_hands"][0]["trinkets"] == [card + 1]


def test_a_reshuffled_discard_drawn_from_the_deck_is_private_again() -> None:
    """A discarded card is public; shuffled back and drawn blind it is hidden again."""
    s = ready()
    s._decks[A.PLOT_KIND] = []
    s._discards[A.PLOT_KIND] = [45]
    s._public_cards.add(45)
    touch(s)
    begin_effects(s, {"plot": 1})
    play(s, A.EFFECT + 2, A.DRAW_DECK + A.PLOT_KIND)
    assert s._plots[0] == [45]
    assert s.observation(1)["known_hands"][0]["plots"] == []


def test_horizon_tiles_taken_are_known() -> None:
    s = ready()
    begin_effects(s, {})
    play(s, A.DONE)
    tile = s._horizon[1]
    play(s, A.HORIZON + tile)
    assert s.observation(1)["known_hands"][0]["tiles"] == [tile]


def test_observations_hide_the_unseen_in_random_play() -> None:
    """Whatever seat p sees of another seat's hand, p saw in the open first (Horizon,
    board, rows, revealed cards, discards, a tile announced by the action choosing it),
    so no observation lists another seat's unseen card or tile."""
    for seed in range(3):
        s = fresh(3, seed=seed, characters=True)
        rng = random.Random(seed)
        seen: list[set[tuple[str, int]]] = [set() for _ in range(3)]
        steps = 0
        while not s.is_terminal() and steps < 2000:
            for p in range(3):
                obs = s.observation(p)
                seen[p].update(("tile", t) for t in obs["horizon"])
                seen[p].update(("tile", c["tile"]) for c in obs["board"])
                seen[p].update(("plot", c) for c in obs["plot_row"] if c)
                seen[p].update(("trinket", c) for c in obs["trinket_row"] if c)
                seen[p].update(("plot", c) for c in obs["discards"]["plots"])
                seen[p].update(("trinket", c) for c in obs["discards"]["trinkets"])
                for kind, card in obs["revealed_cards"].items():
                    if card:
                        seen[p].add((kind, card))
                if obs["revealed_tile"] is not None:
                    seen[p].add(("tile", obs["revealed_tile"]))
                for q, known in enumerate(obs["known_hands"]):
                    if q == p:
                        continue
                    for t in known["tiles"]:
                        assert ("tile", t) in seen[p]
                    for c in known["plots"]:
                        assert ("plot", c) in seen[p]
                    for c in known["trinkets"]:
                        assert ("trinket", c) in seen[p]
            action = rng.choice(s.legal_actions())
            if A.HAND_TILE <= action < A.ROTATE:  # "choose tile t from your hand"
                for p in range(3):
                    seen[p].add(("tile", action - A.HAND_TILE))
            s.apply_action(action)
            steps += 1
        assert s.is_terminal()


# --- long random games ---------------------------------------------------------------------

MAX_DECISIONS = 4000
MOVE_FRAMES = (R.F_SHEPHERD, R.F_VOVK)
SPIRIT_FRAMES = (R.F_SPIRIT, R.F_VOVK)


def check_board(s: AridnykState) -> None:
    """Ruling 1 over the whole board, one connected group, figures on tiles."""
    layout = s._layout
    at = layout.at
    for cell, tile in at.items():
        assert layout.cell[tile] == cell
        assert layout.water[tile] == rotate_mask(TILE_WATER[tile], layout.rot[tile])
        for side, (dx, dy) in enumerate(DELTA):
            other = at.get((cell[0] + dx, cell[1] + dy))
            if other is None:
                continue
            mine = layout.water[tile] >> side & 1
            theirs = layout.water[other] >> ((side + 2) % 4) & 1
            assert mine == theirs, f"tile {tile} at {cell} side {side} against tile {other}"
    start = next(iter(at))
    seen = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in DELTA:
            nxt = (x + dx, y + dy)
            if nxt in at and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert len(seen) == len(at), "the board is in pieces"


def check_state(s: AridnykState) -> None:
    at = s._layout.at
    frames = {frame[0] for frame in s._stack}
    placed = s._phase not in (R.CHOOSE_CHARACTER, R.PLACE_STARTERS, R.PLACE_SHEPHERDS)
    for cell in s._shepherds:
        assert (cell is None and not placed) or cell in at
    for cell in s._spirits:
        assert cell is None or cell in at
    if placed and not frames & set(MOVE_FRAMES):
        assert len(set(s._shepherds)) == len(s._shepherds), "two Shepherds share a tile"
    if not frames & set(SPIRIT_FRAMES):
        spirits = [c for c in s._spirits if c is not None]
        assert len(set(spirits)) == len(spirits), "two Spirits share a tile"
    assert min(s._sheep) >= 0
    if R.F_LIMIT not in frames:
        assert all(len(p) + len(t) <= 6 for p, t in zip(s._plots, s._trinkets, strict=True))
    # every card is in exactly one place
    plots = Counter(s._decks[A.PLOT_KIND] + s._discards[A.PLOT_KIND])
    plots.update(c for c in s._rows[A.PLOT_KIND] + [s._revealed[A.PLOT_KIND]] if c >= 0)
    for hand, done in zip(s._plots, s._fulfilled, strict=True):
        plots.update(hand + done)
    assert plots == Counter(range(NUM_PLOTS))
    trinkets = Counter(s._decks[A.TRINKET_KIND] + s._discards[A.TRINKET_KIND])
    trinkets.update(c for c in s._rows[A.TRINKET_KIND] + [s._revealed[A.TRINKET_KIND]] if c >= 0)
    for hand in s._trinkets:
        trinkets.update(hand)
    pool = [t for t in range(NUM_TRINKETS) if s.game.reactions or not TRINKET_REACTION[t]]
    assert trinkets == Counter(pool)


def check_turn_limits(s: AridnykState, action: int, log: dict[tuple[int, str, int], Any]) -> None:
    """One tile placed or discarded, one Trinket used, one trade declared per Spirit and
    one resolution of each tile's white effects per turn (rulings 3 and 4); a trade only
    with a Spirit on the Shepherd's tile (or any, for the Vagabond)."""
    turn = s._turns
    reacting = bool(s._stack) and s._stack[-1][0] == R.F_REACT

    def once(what: str, which: int, token: Any = None) -> None:
        key = (turn, what, which)
        if key in log:
            assert token is not None and log[key] is token, f"turn {turn}: {what} {which} twice"
        log[key] = token

    if s._phase == R.PLACE and not s._stack and action < A.BOARD_TILE:
        once("tile", 0)
    if A.USE_TRINKET <= action < A.NO_REACTION and not reacting:
        once("trinket", 0)
    if A.SHEPHERD_STEP <= action < A.SPIRIT_STEP:
        log[(turn, "stepped", -1)] = True
    if A.SPIRIT_STEP <= action < A.SPIRIT:
        top = s._stack[-1]
        log[(turn, "stepped", top[1] if top[0] == R.F_SPIRIT else top[2])] = True
    if A.TRADE <= action < A.DRAW_KIND:
        which = action - A.TRADE
        once("trade", which)
        at_hand = s._spirits[which] == s._shepherds[s._turn]
        assert at_hand or s._characters[s._turn] == VAGABOND
        # a Shepherd and a Spirit that stood together untouched since the turn began
        # do not trade (ruling 4)
        assert (turn, "stepped", -1) in log or (turn, "stepped", which) in log or not at_hand
    for frame in s._stack:
        if frame[0] == R.F_EFFECTS and frame[1] == R.WHITE:
            if (turn, "white", frame[3]) not in log:  # new: the Shepherd has just ended here
                cell = s._shepherds[s._turn]
                assert cell is not None and s._layout.at[cell] == frame[3]
                assert (turn, "stepped", -1) in log, "white effects without a move"
            once("white", frame[3], frame)  # the same frame may stay a while, not return


def play_random_game(
    players: int, seed: int, options: dict[str, Any], eager: float = 0.0
) -> AridnykState:
    """Play random legal actions to the end, checking the rules at every decision and
    the whole board after every placement. With probability `eager` a decision avoids
    `done` and `no reaction`, so that trades, Trinkets and Plots come up more often."""
    s = fresh(players, seed, **options)
    rng = random.Random(seed)
    version = -1
    placements = 0
    discarded = 0
    log: dict[tuple[int, str, int], Any] = {}
    for _ in range(MAX_DECISIONS):
        if s.is_terminal():
            break
        if s._layout.version != version:
            version = s._layout.version
            placements += 1
            check_board(s)
        check_state(s)
        legal = s.legal_actions()
        if rng.random() < eager:
            legal = [a for a in legal if a not in (A.DONE, A.NO_REACTION)] or legal
        action = rng.choice(legal)
        discarded += A.DISCARD_TILE <= action < A.BOARD_TILE
        check_turn_limits(s, action, log)
        seat, sheep = s._turn, s._sheep[s._turn]
        s.apply_action(action)
        if A.SHEPHERD_STEP <= action < A.SPIRIT_STEP:  # ruling 2, whatever moved her
            cell = s._shepherds[seat]
            assert cell is not None
            loss = 0
            if TILE_TERRAIN[s._layout.at[cell]] == RIVER:
                loss = 1 if s._characters[seat] == CHIEFTAIN else 2
            assert s._sheep[seat] == max(0, sheep - loss)
    assert s.is_terminal(), f"no end after {MAX_DECISIONS} decisions"
    check_board(s)
    check_state(s)
    # every season tile was placed or discarded as unplaceable; nothing is left to place
    assert not any(s._tiles) and not any(s._stacks) and s._horizon == []
    season_on_board = sum(1 for t in s._layout.at.values() if t not in STARTER_TILES)
    assert season_on_board + discarded == 36
    assert placements >= season_on_board
    returns = s.returns()
    best = max(s._sheep)
    assert max(returns) == 1.0
    for seat, r in enumerate(returns):
        assert r in (0.0, 1.0)
        assert r == 0.0 or s._sheep[seat] == best
    return s


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "standard")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_follow_the_rules(players: int, options: dict[str, Any]) -> None:
    for seed in range(8):
        play_random_game(players, seed * 7919 + players, options, eager=0.8 * (seed % 2))


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    players=st.integers(1, 4),
    options=st.sampled_from(OPTION_SETS),
    eager=st.sampled_from([0.0, 0.5, 0.9]),
)
def test_random_games_follow_the_rules_for_any_seed(
    seed: int, players: int, options: dict[str, Any], eager: float
) -> None:
    play_random_game(players, seed, options, eager)


def test_random_games_are_reproducible() -> None:
    a = play_random_game(3, 11, {"characters": True})
    b = play_random_game(3, 11, {"characters": True})
    assert a.history() == b.history() and a.scores() == b.scores()
