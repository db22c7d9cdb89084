"""Observation encoders: fixed length, values in [0, 1], built from observation(p) alone."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import numpy as np
import pytest
from rl_support import PLAYER_COUNTS, VARIANTS, Setup

import meeple
from meeple.core import GameInfo, Rng
from meeple.errors import MeepleError
from meeple.rl import (
    NoEncoderError,
    UnknownBlockError,
    encoded_games,
    encoder_for,
    register_encoder,
)
from meeple.rl.encoding import Encoder, Layout

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def random_states(game: meeple.Game, seed: int, limit: int = 100_000) -> list[meeple.State]:
    """Every state of one random game, in order."""
    rng = Rng(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        states.append(state.clone())
    return states


def test_every_game_has_an_encoder() -> None:
    assert set(meeple.list_games()) <= set(encoded_games())


@pytest.mark.parametrize("setup", PLAYER_COUNTS + VARIANTS, ids=lambda s: s.id)
def test_fixed_length_and_range_along_a_game(setup: Setup) -> None:
    game = setup.load()
    encoder = encoder_for(game)
    n = game.info.players
    assert encoder.blocks[0].offset == 0
    for before, after in zip(encoder.blocks, encoder.blocks[1:], strict=False):
        assert after.offset == before.end
    assert encoder.blocks[-1].end == encoder.size
    for state in random_states(game, seed=setup.players)[::7]:
        for seat in range(n):
            observation = state.observation(seat)
            encoder.check(observation)
            vector = encoder.encode(observation)
            assert vector.shape == (encoder.size,)
            assert vector.dtype == np.float32
            assert vector.min() >= 0.0 and vector.max() <= 1.0


@pytest.mark.parametrize("setup", PLAYER_COUNTS, ids=lambda s: s.id)
def test_encoding_is_a_function_of_the_observation_alone(setup: Setup) -> None:
    """Nothing hidden can leak: a resampled world (other hidden cards, same view) encodes
    the same, and so does a deep copy of the observation."""
    game = setup.load()
    encoder = encoder_for(game)
    for i, state in enumerate(random_states(game, seed=11 + setup.players)[::13]):
        if state.is_terminal():
            continue
        seat = i % game.info.players
        observation = state.observation(seat)
        vector = encoder.encode(observation)
        assert np.array_equal(vector, encoder.encode(copy.deepcopy(observation)))
        other = state.resample(seat, seed=i)
        assert np.array_equal(vector, encoder.encode(other.observation(seat)))


def test_anludim_blocks_say_what_they_mean() -> None:
    game = meeple.load_game("anludim", players=3)
    encoder = encoder_for(game)
    for state in random_states(game, seed=5)[::17]:
        for seat in range(3):
            obs = state.observation(seat)
            views = encoder.views(encoder.encode(obs))
            hand = {card["id"] for card in obs["hand"]}
            assert set(np.flatnonzero(views["hand"])) == hand
            # Seats are relative: r = 0 is always the observer.
            assert views["hand_sizes"][0] == pytest.approx(min(len(hand), 32) / 32)
            for r in range(3):
                table = {
                    card["id"] for combo in obs["table"][(seat + r) % 3] for card in combo["cards"]
                }
                assert set(np.flatnonzero(views["table"][r])) == table
            slots = [card["id"] if card else None for card in obs["face_up"]]
            for s, card in enumerate(slots):
                marked = list(np.flatnonzero(views["face_up"][s]))
                assert marked == ([] if card is None else [card])
            seen = hand | {c["id"] for c in obs["discard"]} | {c for c in slots if c is not None}
            seen |= {c["id"] for cards in obs["known_cards"] for c in cards}
            seen |= {c["id"] for row in obs["table"] for co in row for c in co["cards"]}
            assert set(np.flatnonzero(views["unseen"])) == set(range(65)) - seen
            if obs["current_player"] >= 0:
                r = (obs["current_player"] - seat) % 3
                assert list(np.flatnonzero(views["current_player"])) == [r]
            assert views["phase"].sum() == 1
            assert views["teachers"].sum(axis=1).tolist() == [1.0] * 5


def test_aridnyk_blocks_say_what_they_mean() -> None:
    game = meeple.load_game("aridnyk", players=3, characters=True)
    encoder = encoder_for(game)
    terrains = ("woods", "peaks", "polonyna", "river", "lake")
    for state in random_states(game, seed=4)[::11]:
        for seat in range(3):
            obs = state.observation(seat)
            views = encoder.views(encoder.encode(obs))
            placed = {cell["tile"]: cell for cell in obs["board"]}
            assert set(np.flatnonzero(views["placed_tiles"])) == set(placed)
            for tile, cell in placed.items():
                x, y = cell["x"] + 8, cell["y"] + 8
                if 0 <= x <= 16 and 0 <= y <= 16:
                    terrain = views["terrain"][:, y, x]
                    assert list(np.flatnonzero(terrain)) == [terrains.index(cell["terrain"])]
                    water = views["water_edges"][:, y, x]
                    assert list(np.flatnonzero(water)) == sorted(
                        "nesw".index(side) for side in cell["water_edges"]
                    )
                    assert views["tile_positions"][tile] * 16 == pytest.approx([x, y])
            # Seats are relative: r = 0 is always the observer.
            assert set(np.flatnonzero(views["held_tiles"][0])) == set(obs["hand_tiles"])
            assert set(np.flatnonzero(views["held_plots"][0]) + 1) == set(obs["plots"])
            assert set(np.flatnonzero(views["held_trinkets"][0]) + 1) == set(obs["trinkets"])
            for r in range(3):
                other = (seat + r) % 3
                where = obs["shepherds"][str(other)]
                if where is None:
                    assert views["unplaced"][r] == 1 and views["shepherds"][r].sum() == 0
                else:
                    assert views["shepherds"][r, where[1] + 8, where[0] + 8] == 1
                known = set(obs["known_hands"][other]["tiles"])
                assert set(np.flatnonzero(views["held_tiles"][r])) == known
                fulfilled = set(obs["fulfilled"][other])
                assert set(np.flatnonzero(views["fulfilled"][r]) + 1) == fulfilled
                assert views["sheep"][r] == pytest.approx(min(obs["sheep"][other], 150) / 150)
            seen = set(placed) | set(obs["horizon"])
            seen |= {tile for hand in obs["known_hands"] for tile in hand["tiles"]}
            if obs["revealed_tile"] is not None:
                seen.add(obs["revealed_tile"])
            if obs["pending"] is not None and obs["pending"].get("tile") is not None:
                seen.add(obs["pending"]["tile"])
            assert set(np.flatnonzero(views["unseen_tiles"])) == set(range(45)) - seen
            for j, plot in enumerate(obs["plot_row"]):
                assert list(np.flatnonzero(views["plot_row"][j]) + 1) == (
                    [] if plot is None else [plot]
                )
            if obs["current_player"] >= 0:
                r = (obs["current_player"] - seat) % 3
                assert list(np.flatnonzero(views["current_player"])) == [r]
            assert views["phase"].sum() == 1 and views["season"].sum() == 1
            assert views["pending_step"].sum() == (obs["pending"] is not None)
            chosen = [name for name in obs["characters"] if name is not None]
            assert views["characters"].sum() == len(chosen)


def test_arnak_names_match_the_game_data() -> None:
    """The Arnak encoder writes the game's vocabulary out (it reads no game module); a
    renamed, added or reordered component must show here."""
    from meeple.games.arnak import components as data
    from meeple.games.arnak import effects, observe, spider
    from meeple.games.arnak.actions import (
        NUM_ALTARS,
        NUM_CARD_TYPES,
        NUM_NODES,
        NUM_PASSAGES,
        NUM_SITES,
        NUM_TRACK_TILES,
    )
    from meeple.rl.encoders import arnak as enc

    assert tuple(c.id for c in data.CARDS) == enc.CARD_IDS
    assert len(enc.CARD_IDS) == NUM_CARD_TYPES and enc.CARD_IDS[enc.FEAR] == "fear"
    assert tuple(t.id for t in data.SITE_TILES) == enc.TILE_IDS
    assert tuple(g.id for g in data.GUARDIANS) == enc.GUARDIAN_IDS
    assert tuple(a.id for a in data.ASSISTANTS) == enc.ASSISTANT_IDS
    assert enc.BOARDS == data.BOARD_NAMES
    for board in data.BOARD_NAMES:
        assert tuple(s.id for s in data.BOARDS[board]) == enc.SITE_IDS
        assert enc.NODE_IDS[board] == tuple(node.id for node in data.TRACKS[board].nodes)
    assert len(enc.SITE_IDS) == NUM_SITES and enc.NUM_NODES == NUM_NODES
    assert enc.RESOURCES == data.RESOURCES and enc.ICONS == data.ICONS
    assert tuple(r.reward for r in data.IDOL_REWARDS) == enc.IDOL_KINDS
    assert tuple(b.kind for b in data.BONUS_KINDS) == enc.BONUS_KINDS
    assert tuple(s.id for s in data.TEMPLE_STACKS) == enc.TEMPLE_STACKS
    assert tuple(t.id for t in data.SOLO_TILES) == enc.SOLO_TILES
    frames = {
        v
        for module in (effects, spider)
        for k, v in vars(module).items()
        if k.upper() == k and v in enc.FRAMES
    }
    assert frames == set(enc.FRAMES)
    track = data.TRACKS["spider"]
    assert len(track.altars) == enc.ALTARS == NUM_ALTARS
    assert len(track.dark_values) == enc.DARK_SPACES
    assert spider.MAX_PER_ALTAR == enc.MAX_PER_ALTAR
    for board in data.BOARD_NAMES:
        assert bool(data.TRACKS[board].altars) == (board == "spider")
        assert (data.TRACKS[board].owl is not None) == (board == "owl")
    owl = data.TRACKS["owl"].owl
    assert owl is not None
    assert len(owl.track_tiles) == enc.OWL_TRACK_TILES <= NUM_TRACK_TILES
    assert [t.num for t in owl.track_tiles] == list(range(enc.OWL_TRACK_TILES))
    assert len(owl.passages) == enc.PASSAGES == NUM_PASSAGES
    assert len(owl.top) == enc.OWL_TOP == len(enc.TEMPLE_STACKS)  # they share a block
    # the compact view numbers the pending decision as the encoder's one-hot does
    assert observe.FRAME_KINDS == enc.FRAMES


def test_arnak_blocks_say_what_they_mean() -> None:
    from meeple.rl.encoders.arnak import CARD_IDS, TILE_IDS

    for players, board, twisted in (
        (3, "snake", False),
        (1, "bird", True),
        (2, "spider", False),
        (2, "owl", True),
    ):
        game = meeple.load_game("arnak", players=players, board=board, twisted_paths_sites=twisted)
        encoder = encoder_for(game)
        for state in random_states(game, seed=6)[::9]:
            for seat in range(players):
                obs = state.observation(seat)
                views = encoder.views(encoder.encode(obs))
                hand = {CARD_IDS.index(c) for c in obs["hand"]}
                assert set(np.flatnonzero(views["hand"])) == hand
                for r in range(players):
                    other = (seat + r) % players
                    play = {CARD_IDS.index(c) for c in obs["play_area"][other]}
                    assert set(np.flatnonzero(views["play_area"][r])) == play
                    glass = int(obs["research"][other]["glass"].split(".")[1])
                    assert list(np.flatnonzero(views["glass"][r])) == [glass]
                    coins = obs["resources"][other]["coin"]
                    assert views["resources"][r, 0] == pytest.approx(min(coins, 12) / 12)
                for i, site in enumerate(obs["sites"]):
                    for j, space in enumerate(site["spaces"]):
                        marked = list(np.flatnonzero(views["spaces"][i, j]))
                        if space["occupant"] >= 0:
                            assert marked == [(space["occupant"] - seat) % players]
                        else:
                            assert len(marked) == space["rival"] + space["blocked"]
                if obs["current_player"] >= 0:
                    r = (obs["current_player"] - seat) % players
                    assert list(np.flatnonzero(views["current_player"])) == [r]
                assert views["pending_frame"].sum() == (obs["pending"] is not None)
                assert views["round"].sum() == 1
                assert list(np.flatnonzero(views["config"][:4])) == [
                    ("bird", "snake", "spider", "owl").index(board)
                ]
                assert views["config"][9] == twisted
                for i, site in enumerate(obs["sites"]):
                    tiles = list(np.flatnonzero(views["site_tile"][i]))
                    assert tiles == (
                        [TILE_IDS.index(site["tile"])] if i >= 5 and site["tile"] else []
                    )
                if players == 1:
                    rival = {CARD_IDS.index(c) for c in obs["rival"]["cards"]}
                    assert set(np.flatnonzero(views["rival_cards"])) == rival


def altar_states(game: meeple.Game, seed: int) -> list[meeple.State]:
    """Every state of one game whose players invoke an altar whenever they may (else
    move at random), so the Spider Temple's blocks fill up."""
    from meeple.games.arnak.actions import ALTAR

    rng = Rng(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        altars = [a for a in legal if a >= ALTAR]
        state.apply_action(altars[0] if altars else legal[rng.below(len(legal))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize("players", [1, 3])
def test_arnak_spider_blocks_say_what_they_mean(players: int) -> None:
    """The Spider Temple's blocks against its observation, relative seats, the rival's
    column and the artifacts on the altars, along games that invoke altars; the compact
    path gives the same vectors."""
    from meeple.rl.encoders.arnak import CARD_IDS

    game = meeple.load_game("arnak", players=players, board="spider")
    encoder = encoder_for(game)
    cap = 2 if players == 1 else players
    placed = artifacts = 0
    for seed in (5, 8):
        for state in altar_states(game, seed):
            for seat in range(players):
                obs = state.observation(seat)
                vector = encoder.encode(obs)
                assert np.array_equal(vector, encoder.encode_ids(state.observation_ids(seat)))
                views = encoder.views(vector)
                spider = obs["spider"]
                for r in range(players):
                    other = (seat + r) % players
                    dark = spider["dark_tablets"][other]
                    assert views["spider_dark_tablets"][r] == pytest.approx(min(dark, 8) / 8)
                supply = [space["tablets"] / cap for space in spider["dark_supply"]]
                assert views["spider_dark_supply"] == pytest.approx(supply)
                for k, altar in enumerate(spider["altars"]):
                    row = views["spider_altars"][k]
                    card = altar["artifact"]
                    assert row[0] == (card is not None)
                    marked = list(np.flatnonzero(views["spider_altar_artifact"][k]))
                    assert marked == ([] if card is None else [CARD_IDS.index(card)])
                    artifacts += card is not None
                    tablets = [altar["tablets"][(seat + r) % players] for r in range(players)]
                    rival = altar["rival_tablets"] or 0
                    assert row[1:] == pytest.approx([t / 3 for t in (*tablets, rival)])
                    placed += sum(tablets)
    assert placed and artifacts  # the games put tablets under altars holding artifacts


def owl_states(game: meeple.Game, seed: int) -> list[meeple.State]:
    """Every state of one game whose players take an Owl Temple action (the lantern, a
    secret passage, an Owl tile on the track or at the top of the temple) or slot an
    idol whenever they may (else move at random), so the Owl Temple's blocks fill up."""
    from meeple.games.arnak.actions import LANTERN, TEMPLE, UNSLOT

    rng = Rng(seed)
    state = game.new_initial_state(seed=seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        owl = [a for a in legal if a >= LANTERN or TEMPLE <= a < UNSLOT] or legal
        state.apply_action(owl[rng.below(len(owl))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize("players", [1, 3])
def test_arnak_owl_blocks_say_what_they_mean(players: int) -> None:
    """The Owl Temple's blocks against its observation (relative seats, the rival's
    column and its own blocks in solo, the top piles in `temple_stacks`), along games
    that take its actions; the compact path gives the same vectors."""
    game = meeple.load_game("arnak", players=players, board="owl")
    encoder = encoder_for(game)
    seen = dict.fromkeys(("lantern", "passage", "tiles", "taken", "top"), 0)
    # seeds whose games take a top pile, and slot an idol in an Owl tiles' slot (three
    # players) or see the rival mark a track tile (solo)
    if players == 1:
        seen.update(rival=0, marked=0)
    else:
        seen.update(slotted=0)
    for seed in (0, 4) if players == 1 else (10, 20):
        states = owl_states(game, seed)
        full = sum(pile["left"] for pile in states[0].observation(0)["owl"]["top"])
        for state in states:
            for seat in range(players):
                obs = state.observation(seat)
                vector = encoder.encode(obs)
                assert np.array_equal(vector, encoder.encode_ids(state.observation_ids(seat)))
                views = encoder.views(vector)
                owl = obs["owl"]
                for r in range(players):
                    place = owl["seats"][(seat + r) % players]
                    lantern = place["lantern"]
                    nodes = [] if lantern is None else [int(lantern.split(".")[1])]
                    assert list(np.flatnonzero(views["owl_lantern"][r])) == nodes
                    passage = place["passage"]
                    passages = [] if passage is None else [passage - 1]
                    assert list(np.flatnonzero(views["owl_passage"][r])) == passages
                    tiles = place["owl_tiles"]
                    counts = (len(tiles) / 10, sum(tiles) / 50, len(tiles) // 2 / 5)
                    assert views["owl_tiles"][r] == pytest.approx(
                        [*counts, place["owl_slotted"] / 5]
                    )
                    seen["lantern"] += bool(nodes)
                    seen["passage"] += bool(passages)
                    seen["tiles"] += bool(tiles)
                    if players > 1:
                        seen["slotted"] += place["owl_slotted"]
                lying = np.zeros((11, 2))
                for tile in owl["track_tiles"]:
                    lying[tile["tile"] - 1] = (1, tile["marked"])
                assert np.array_equal(views["owl_track_tiles"], lying)
                if players == 1:
                    seen["marked"] += int(lying[:, 1].sum())
                for k, passage in enumerate(owl["passages"]):
                    taken = passage["taken_by"]
                    marked = list(np.flatnonzero(views["owl_passages"][k]))
                    if taken is None:
                        assert marked == []
                    else:
                        column = players if taken == "rival" else (taken - seat) % players
                        assert marked == [column]
                        seen["taken"] += 1
                left = [pile["left"] / 4 for pile in owl["top"]]
                assert views["temple_stacks"] == pytest.approx(left)
                assert obs["temple_tiles"]["stacks"] == {}
                seen["top"] += sum(pile["left"] for pile in owl["top"]) < full
                if players == 1:
                    rival = obs["rival"]
                    lantern = rival["lantern"]
                    nodes = [] if lantern is None else [int(lantern.split(".")[1])]
                    assert list(np.flatnonzero(views["owl_rival_lantern"])) == nodes
                    passage = rival["passage"]
                    passages = [] if passage is None else [passage - 1]
                    assert list(np.flatnonzero(views["owl_rival_passage"])) == passages
                    tiles = rival["owl_tiles"]
                    assert views["owl_rival_tiles"] == pytest.approx(
                        [min(len(tiles), 10) / 10, min(sum(tiles), 50) / 50]
                    )
                    seen["rival"] += bool(nodes) and bool(tiles)
    assert all(seen.values()), seen  # the games filled every block
    if players > 1:
        assert not [b.name for b in encoder.blocks if b.name.startswith("owl_rival_")]


def test_arnak_other_sides_have_no_spider_or_owl_blocks() -> None:
    for board in ("bird", "snake", "spider", "owl"):
        for players in (1, 2):
            game = meeple.load_game("arnak", players=players, board=board)
            names = [b.name for b in encoder_for(game).blocks]
            assert any(name.startswith("spider_") for name in names) == (board == "spider")
            assert any(name.startswith("owl_") for name in names) == (board == "owl")
            state = game.new_initial_state(seed=1)
            ids, obs = state.observation_ids(0), state.observation(0)
            assert (ids[12] is None) == ("spider" not in obs) == (board != "spider")
            assert (ids[13] is None) == ("owl" not in obs) == (board != "owl")


def test_docs_describe_every_block() -> None:
    text = DOCS.read_text(encoding="utf-8")
    games = [meeple.load_game(name) for name in ("anludim", "aridnyk", "arnak")]
    games.append(meeple.load_game("arnak", board="spider"))
    games.append(meeple.load_game("arnak", players=1, board="owl"))
    for game in games:  # a plugin documents its own
        encoder = encoder_for(game)
        for block in encoder.blocks:
            assert re.search(rf"`{block.name}`", text), f"docs/rl.md lacks block {block.name}"


def test_check_refuses_other_observations() -> None:
    encoder = encoder_for(meeple.load_game("anludim", players=3))
    observation = meeple.load_game("anludim", players=2).new_initial_state(seed=1).observation(0)
    with pytest.raises(MeepleError, match="for 3 players"):
        encoder.check(observation)
    renamed = encoder_for(meeple.load_game("anludim", players=2))
    observation["teachers"] = {"nobody": "board"}
    with pytest.raises(MeepleError, match="expects teachers"):
        renamed.check(observation)


def test_unknown_block_is_a_meeple_error() -> None:
    encoder = encoder_for("aridnyk")
    assert encoder.block("sheep").name == "sheep"
    with pytest.raises(UnknownBlockError, match="no block 'shep'; blocks: ") as caught:
        encoder.block("shep")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, MeepleError)


@pytest.mark.parametrize("name", ["anludim", "aridnyk", "arnak"])
def test_encode_refuses_another_player_count_or_a_spectators_view(name: str) -> None:
    encoder = encoder_for(meeple.load_game(name, players=2))
    other = meeple.load_game(name, players=4).new_initial_state(seed=1)
    with pytest.raises(NoEncoderError, match="for 4 players: use encoder_for"):
        encoder.encode(other.observation(0))
    watched = meeple.load_game(name, players=2).new_initial_state(seed=1)
    with pytest.raises(NoEncoderError, match="not one with you=null"):
        encoder.encode(watched.public_observation())


@pytest.mark.parametrize(
    ("name", "option", "value"),
    [
        ("anludim", "variant", "expert"),
        ("arnak", "board", "snake"),
        ("arnak", "board", "spider"),
        ("arnak", "board", "owl"),
    ],
)
def test_encode_refuses_an_observation_of_another_variant(
    name: str, option: str, value: str
) -> None:
    """The options an observation states are checked: the encoding of the other
    variant (its configuration block, Arnak's travel costs) would be wrong."""
    encoder = encoder_for(meeple.load_game(name, players=2))
    other = meeple.load_game(name, players=2, **{option: value}).new_initial_state(seed=1)
    with pytest.raises(NoEncoderError, match=f'observation with {option}="{value}"'):
        encoder.encode(other.observation(0))
    assert encoder_for(other.game).encode(other.observation(0)).shape == (
        encoder_for(other.game).size,
    )


def test_unknown_game_has_no_encoder() -> None:
    info = GameInfo("nosuchgame", "No", 2, 2, 2, 3, {}, {})
    with pytest.raises(NoEncoderError, match=r"register one with meeple\.rl\.register_encoder"):
        encoder_for(info)


def test_register_a_custom_encoder() -> None:
    class Tiny(Encoder):
        game_name = "anludim"

        def build(self, layout: Layout) -> None:
            layout.add("seat", self.info.players, "one-hot: you")

        def encode(self, observation):  # type: ignore[no-untyped-def]
            vector = np.zeros(self.size, np.float32)
            vector[observation["you"]] = 1.0
            return vector

    game = meeple.load_game("anludim", players=2)
    try:
        register_encoder("anludim", Tiny)
        encoder = encoder_for(game)
        assert isinstance(encoder, Tiny) and encoder.size == 2
        state = game.new_initial_state(seed=1)
        assert encoder.encode(state.observation(1)).tolist() == [0.0, 1.0]
    finally:
        register_encoder("anludim", "meeple.rl.encoders.anludim:AnludimEncoder")
    assert not isinstance(encoder_for(game), Tiny)


def test_anludim_scaled_counts_and_tallies_say_what_they_mean() -> None:
    game = meeple.load_game("anludim", players=3)
    encoder = encoder_for(game)
    checked = set()
    states = random_states(game, seed=8)
    for state in [*states[::9], *(s for s in states if s.observation(0)["keeping"]), states[-1]]:
        for seat in range(3):
            obs = state.observation(seat)
            for vector in (encoder.encode(obs), encoder.encode_state(state, seat)):
                views = encoder.views(vector)
                for r in range(3):
                    other = (seat + r) % 3
                    assert views["scrolls"][r] == pytest.approx(min(obs["scrolls"][other], 3) / 3)
                    assert views["totals"][r] == pytest.approx(min(obs["totals"][other], 40) / 40)
                    assert views["gold"][r] == (obs["coats"][other] == "gold")
                    won = obs["rounds_won"][other]
                    assert views["rounds_won"][r] == pytest.approx(min(won, 2) / 2)
                turn = (obs["turn_player"] - seat) % 3
                assert list(np.flatnonzero(views["turn_player"])) == [turn]
                keeping = obs["keeping"]
                assert views["counts"].tolist() == pytest.approx(
                    [
                        min(obs["deck_size"], 65) / 65,
                        min(obs["discard_size"], 65) / 65,
                        min(obs["round"], 10) / 10,
                        min(obs["turns_played"], 400) / 400,
                        0.0 if keeping is None else keeping["limit"] / 3,
                    ]
                )
                assert views["flags"][3] == (obs["winner"] is not None)
            checked.add(obs["keeping"] is not None)
            checked.add(("scrolls", max(obs["scrolls"]) > 0))
            checked.add(("gold", "gold" in obs["coats"]))
            checked.add(("over", obs["winner"] is not None))
    assert checked >= {True, ("scrolls", True), ("gold", True), ("over", True)}
