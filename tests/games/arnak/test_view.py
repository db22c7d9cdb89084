"""The Arnak terminal view and the component catalogue: a hand-made observation draws
with its key facts, the solo notice shows only in solo games, and real observations (once
the rules exist) render for two seats and for a solo game."""

from __future__ import annotations

import copy
import io
import json
import random
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.games.arnak.catalogue import catalogue
from meeple.games.arnak.components import BOARDS, CARDS, GUARDIANS, TRACKS
from meeple.games.arnak.view import SOLO_NOTICE, render


def _space(occupant: int = -1, rival: bool = False, blocked: bool = False, **travel: int) -> Any:
    return {"travel": travel, "occupant": occupant, "rival": rival, "blocked": blocked}


def _site(
    site_id: str,
    kind: str,
    map_row: int,
    col: int,
    *,
    tile: str | None = None,
    text: str = "",
    guardian: str | None = None,
    idol: str | None = None,
    travel: dict[str, int] | None = None,
    spaces: list[Any] | None = None,
) -> dict[str, Any]:
    return {
        "id": site_id,
        "kind": kind,
        "map_row": map_row,
        "col": col,
        "discovered": tile is not None,
        "tile": tile,
        "text": text,
        "guardian": guardian,
        "idol": idol,
        "hidden_idols": 0 if tile is not None else 1,
        "travel": travel or {},
        "spaces": spaces or [_space()],
    }


SAMPLE: dict[str, Any] = {
    "game": "arnak",
    "board": "bird",
    "players": 2,
    "solo": False,
    "difficulty": None,
    "round": 3,
    "start_player": 1,
    "current_player": 0,
    "you": 0,
    "resources": [
        {"coin": 3, "compass": 2, "tablet": 1, "arrowhead": 0, "jewel": 1},
        {"coin": 1, "compass": 4, "tablet": 0, "arrowhead": 2, "jewel": 0},
    ],
    "hand": ["item.sea_turtle", "art.war_mask", "basic.funding_car", "fear"],
    "hand_sizes": [4, 5],
    "deck_sizes": [6, 3],
    "play_area": [["basic.exploration_boat"], ["item.hat", "fear"]],
    "fear_tiles": [0, 1],
    "passed": [False, True],
    "main_action_used": False,
    "travel_pool": {"boot": 0, "car": 1, "boat": 0, "plane": 0},
    "card_row": {
        "artifacts": ["art.stone_jar", "art.sundial"],
        "items": ["item.trowel", "item.rope", "item.dog", "item.brush"],
    },
    "revealed": [],
    "decks": {"items": 30, "artifacts": 28, "fear": 14, "guardians": 12, "level1": 7, "level2": 6},
    "exile": {"items": ["item.whip"], "artifacts": ["art.mortar"]},
    "sites": [
        _site(
            "C1",
            "camp",
            0,
            1,
            tile="C1",
            text="take 2 coins",
            spaces=[_space(0, boot=1), _space(blocked=True, boot=2)],
        ),
        _site(
            "C2",
            "camp",
            0,
            2,
            tile="C2",
            text="take 2 compasses",
            spaces=[_space(rival=True, boot=1), _space(boot=2)],
        ),
        _site(
            "L1-3",
            "level1",
            1,
            3,
            tile="L1-03",
            text="draw a card, then take 1 coin and 1 tablet",
            guardian="G05",
            travel={"boat": 1},
            spaces=[_space(1)],
        ),
        _site("L1-4", "level1", 1, 4, idol="coin", travel={"boat": 1}),
        _site("L2-1", "level2", 3, 1, idol="jewel", travel={"car": 2}),
    ],
    "research": [
        {
            "glass": "bird.5",
            "notebook": "bird.3",
            "glass_row": 3,
            "notebook_row": 2,
            "temple_rank": None,
        },
        {
            "glass": "bird.2",
            "notebook": "bird.0",
            "glass_row": 1,
            "notebook_row": 0,
            "temple_rank": None,
        },
    ],
    "research_track": {
        "bonus": {"bird.4": ["upgrade"], "bird.6": ["draw"]},
        "lost_temple_bonus": 2,
        "lost_temple_vp_left": [23, 21],
    },
    "assistants": {
        "supply": [
            {"top": "A03", "count": 3},
            {"top": "A07", "count": 3},
            {"top": None, "count": 0},
        ],
        "rescue": None,
        "players": [[{"id": "A01", "gold": True, "exhausted": True}], []],
    },
    "idols": [
        {"crates": 1, "slots": [True, False, False, False]},
        {"crates": 0, "slots": [False] * 4},
    ],
    "guardians": [[{"id": "G08", "boon_used": True}], []],
    "temple_tiles": {"stacks": {"bronze_A": 2, "gold_ABC": 1}, "players": [["bronze_A"], []]},
    "scores_so_far": [17, 9],
    "pending": {"frame": "turn", "player": 0, "prompt": "choose your main action"},
    "rival": None,
}

RIVAL: dict[str, Any] = {
    "archaeologists_home": 1,
    "glass": "bird.2",
    "glass_row": 1,
    "guardians": ["G02"],
    "cards": ["item.axe"],
    "idols_face_up": ["tablet"],
    "idols_minus_one": 1,
    "temple_tiles": [],
    "stack_left": 9,
    "used": ["dig_coin", "red_research"],
    "next_arrow": "left",
    "score": 11,
}


def text_of(renderable: Any, width: int = 160) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The text without panel borders and line breaks, so wrapped words join again."""
    return " ".join(text.replace("│", " ").split())


def test_sample_shows_key_facts() -> None:
    text = text_of(render(SAMPLE))
    words = flat(text)
    assert "Round 3 of 5" in text
    assert "you are seat 0" in text
    for name in ("Sea Turtle", "War Mask", "Funding", "Fear"):
        assert name in text
    for site in ("C1", "L1-3", "L2-1", "L1-03"):
        assert site in text
    assert "G05" in text and "boon" in text
    assert "blocked" in text
    assert "moon staff" in text
    assert "Stone Jar" in text and "Trowel" in text
    assert "choose your main action" in words
    assert "gold A01 Banker: take 3 coins" in words
    assert "(exhausted)" in text
    assert "G08" in text and "boon used" in text
    assert "17 VP so far" in text
    assert "passed" in text
    assert "G0" in text and "N0" in text and "G1" in text
    assert SOLO_NOTICE.strip() not in words
    # an occupant is "you" or "seat N", never a bare digit that reads like a cost
    assert "seat 1" in text
    assert "Discovering a site: its travel plus 3 compasses (level I) or 6" in words


def test_an_offer_names_its_effect_in_the_prompt_and_the_yes() -> None:
    """After an artifact is bought its effect is offered, free: the question and the
    answer say what the effect is (they said only "pay the price" and "yes")."""
    from meeple.games.arnak import actions as A
    from meeple.games.arnak.rules import ArnakState

    rng = random.Random(4)
    seen = 0
    for seed in range(40):
        state = meeple.load_game("arnak", players=2).new_initial_state(seed=seed)
        assert isinstance(state, ArnakState)
        while not state.is_terminal():
            legal = state.legal_actions()
            frame = state._stack[-1] if state._stack else None
            if frame is not None and frame[0] == "offer" and A.YES in legal:
                prompt = state.observation(state.current_player)["pending"]["prompt"]
                label = state.action_to_string(A.YES)
                assert prompt.startswith(
                    ("use this effect now, without a tablet? ", "pay ", "put ", "activate ")
                )
                assert label != "yes" and label.split(": ", 1)[1] in prompt
                seen += 1
            state.apply_action(rng.choice(legal))
        if seen >= 5:
            break
    assert seen >= 5


def test_the_prompt_speaks_to_the_seat_deciding_and_of_it_to_the_others() -> None:
    rng = random.Random(2)
    state = meeple.load_game("arnak", players=2).new_initial_state(seed=1)
    while not state.is_terminal():
        mover = state.current_player
        pending = state.observation(mover)["pending"]
        if pending and "your hand" in pending["prompt"]:
            asked = pending["prompt"]
            other = state.observation(1 - mover)["pending"]["prompt"]
            assert other == asked.replace("your", "their")
            assert state.public_observation()["pending"]["prompt"] == other
            return
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no decision asked about the mover's hand")


def test_render_is_pure_and_fits_narrow_consoles() -> None:
    before = copy.deepcopy(SAMPLE)
    for width in (80, 120, 200):
        assert "Sea Turtle" in text_of(render(SAMPLE), width)
    assert before == SAMPLE


def test_solo_sample_shows_rival_and_notice() -> None:
    obs = copy.deepcopy(SAMPLE)
    obs.update(players=1, solo=True, difficulty=2, rival=RIVAL)
    for key in ("resources", "research", "idols", "guardians", "scores_so_far"):
        obs[key] = obs[key][:1]
    text = text_of(render(obs))
    words = flat(text)
    assert "placeholder data" in words
    assert "The rival" in text and "RG" in text
    assert "next arrow: left" in words
    assert "rival 11" in words


def test_game_over_and_empty_observation() -> None:
    obs = dict(SAMPLE, current_player=-4, pending=None)
    assert "Final scores" in text_of(render(obs))
    assert "Lost Ruins of Arnak" in text_of(render({"game": "arnak"}))


def test_catalogue_is_json_ready_and_complete() -> None:
    data = json.loads(json.dumps(catalogue()))
    assert [c["id"] for c in data["cards"]] == [c.id for c in CARDS]
    assert [c["type"] for c in data["cards"]] == list(range(len(CARDS)))
    assert len(data["guardians"]) == len(GUARDIANS)
    assert all(g["boon"] and g["cost_text"] for g in data["guardians"])
    assert all(t["text"] for t in data["camps"] + data["site_tiles"])
    assert all(a["silver"] and a["gold"] for a in data["assistants"])
    for name, track in TRACKS.items():
        board = data["boards"][name]
        assert [n["id"] for n in board["nodes"]] == [n.id for n in track.nodes]
        assert len(board["edges"]) == len(track.edges)
        assert [s["id"] for s in board["sites"]] == [s.id for s in BOARDS[name]]
        assert all(r["glass"] and r["notebook"] for r in board["rows"])


def test_catalogue_gives_each_node_its_points_and_the_spider_temple_its_altars() -> None:
    data = json.loads(json.dumps(catalogue()))
    for name, track in TRACKS.items():
        board = data["boards"][name]
        rows = {r["row"]: r for r in board["rows"]}
        for entry, node in zip(board["nodes"], track.nodes, strict=True):
            assert (entry["glass_vp"], entry["notebook_vp"]) == (node.glass_vp, node.notebook_vp)
            assert entry["zone"] == (node.zone or None)
            if name != "spider" and node.row in rows:  # the row's points, as before
                row = rows[node.row]
                assert (entry["glass_vp"], entry["notebook_vp"]) == (
                    row["glass_vp"],
                    row["notebook_vp"],
                )
        darks = {s["id"]: s["dark"] for s in board["sites"] if s["dark"] is not None}
        if name != "spider":
            assert board["altars"] == [] and board["dark_supply"] == [] and darks == {}
            continue
        # spider: the scoring zones carry the points, the rows none
        assert all(r["glass_vp"] == 0 == r["notebook_vp"] for r in board["rows"])
        zoned = [n for n in board["nodes"] if n["zone"]]
        assert zoned and any(n["glass_vp"] != n["notebook_vp"] for n in zoned)
        assert board["altars"] == [
            {"index": a.num, "altar": a.num + 1, "vp": a.vp, "min_row": a.min_row}
            for a in track.altars
        ]
        assert len(board["altars"]) == 5
        assert board["dark_supply"] == list(track.dark_values) and len(board["dark_supply"]) == 7
        assert sorted(darks) == ["C3", "L1-4", "L1-8", "L2-4"]
        assert all(text.endswith("take a dark tablet") for text in darks.values())
        assert darks["L1-4"] == "pay 1 coin to take a dark tablet"


def test_catalogue_gives_the_owl_temple_its_lantern_passages_piles_tiles_and_camps() -> None:
    data = json.loads(json.dumps(catalogue()))
    for name, track in TRACKS.items():
        board = data["boards"][name]
        sites = {s["id"]: s for s in board["sites"]}
        if name != "owl":
            # the other sides keep their Lost Temple and stacks, and have none of these
            assert board["owl"] is None
            assert board["lost_temple"] == track.nodes[track.lost_temple].id
            assert len(board["temple_costs"]) == 6
            assert all(r["lantern"] is None and r["lantern_vp"] is None for r in board["rows"])
            assert all(s["camp"] is None and s["discover_extra"] == {} for s in sites.values())
            assert all(s["discover_extra_text"] is None for s in sites.values())
            continue
        owl = track.owl
        assert owl is not None
        # no Lost Temple, no base temple stacks; every row has its lantern's points and effect
        assert board["lost_temple"] is None and board["lost_temple_vp"] == []
        assert board["temple_costs"] == {}
        assert [r["row"] for r in board["rows"]] == list(range(1, 10))
        for entry, row in zip(board["rows"], track.rows[1:], strict=True):
            assert entry["lantern_vp"] == row.lantern_vp and entry["lantern"]
        assert board["rows"][0]["lantern"] == "take 1 coin"
        # its own camps C1 and C4, and its upper level I sites' two coins more to discover
        assert {k: s["camp"] for k, s in sites.items() if s["camp"]} == {
            "C1": "take 1 coin, then the reward of a face-up idol on the board",
            "C4": "take a Fear card, then take 1 coin and 1 arrowhead",
        }
        dearer = {k: s["discover_extra"] for k, s in sites.items() if s["discover_extra"]}
        assert dearer == {f"L1-{i}": {"coin": 2} for i in (5, 6, 7, 8)}
        assert sites["L1-5"]["discover_extra_text"] == "2 coins"
        # the static parts, named as obs["owl"] names them
        part = board["owl"]
        ids = [n.id for n in track.nodes]
        assert [t["tile"] for t in part["track_tiles"]] == [t.num + 1 for t in owl.track_tiles]
        for entry, tile in zip(part["track_tiles"], owl.track_tiles, strict=True):
            assert entry["space"] == ids[tile.node]
            assert (entry["kind"], entry["points"]) == (tile.kind, tile.vp)
            assert entry["min_players"] == tile.min_players and entry["cost_text"]
        assert len(part["passages"]) == 6
        first = part["passages"][0]
        assert first == {
            "passage": 1,
            "id": "passage.1",
            "from": ids[owl.passages[0].start],
            "row": owl.passages[0].row,
            "content": owl.passages[0].content,
            "points": owl.passages[0].vp,
            "cost": {"compass": 2},
            "cost_text": "2 compasses",
        }
        assert [p["from"] for p in part["passages"]] == [ids[p.start] for p in owl.passages]
        assert [t["pile"] for t in part["top"]] == [t.id for t in owl.top]
        for entry, top in zip(part["top"], owl.top, strict=True):
            assert (entry["index"], entry["kind"], entry["points"]) == (top.num, top.kind, top.vp)
            assert entry["from_row"] == top.min_row and entry["count"] == dict(top.per_players)
            assert entry["cost_text"] and entry["cost"]
        # what the observation says of them agrees
        state = meeple.load_game("arnak", players=2, board="owl").new_initial_state(seed=1)
        seen = state.observation(0)["owl"]
        assert [(p["passage"], p["from"], p["row"]) for p in seen["passages"]] == [
            (p["passage"], p["from"], p["row"]) for p in part["passages"]
        ]
        assert [(t["pile"], t["from_row"]) for t in seen["top"]] == [
            (t["pile"], t["from_row"]) for t in part["top"]
        ]
        lying = {t["tile"]: t["space"] for t in seen["track_tiles"]}
        assert lying == {
            t["tile"]: t["space"] for t in part["track_tiles"] if t["min_players"] <= 2
        }


REGISTERED = "arnak" in meeple.list_games()
needs_rules = pytest.mark.skipif(not REGISTERED, reason="the Arnak game is not registered yet")
CARD_NAMES = {c.id: c.name for c in CARDS}


def check_screen(obs: dict[str, Any]) -> str:
    """Render one real observation and check the facts every screen must show."""
    json.dumps(obs)
    text = text_of(render(obs))
    words = flat(text)
    seat = obs["you"]
    assert f"you are seat {seat}" in text
    assert f"Round {obs['round']} of 5" in text
    for card_id in obs["hand"]:
        assert CARD_NAMES[card_id] in words
    for site in obs["sites"]:
        assert site["id"] in text
    twisted = obs["board"] in ("spider", "owl")
    assert ("placeholder data" in words) == bool(obs["solo"] or twisted)
    if obs["board"] == "owl":
        assert "Owl Temple (research" in words and "top of the temple" in words
    if obs["board"] == "spider":
        assert "Spider Temple: altars" in words and "dark tablet supply" in words
    if obs.get("pending"):
        assert flat(obs["pending"]["prompt"])[:30] in words
    return text


@needs_rules
@pytest.mark.parametrize(
    ("players", "board"),
    [(1, "bird"), (2, "bird"), (4, "snake"), (1, "spider"), (3, "spider"), (1, "owl"), (4, "owl")],
)
def test_real_initial_observations_render(players: int, board: str) -> None:
    state = meeple.load_game("arnak", players=players, board=board).new_initial_state(seed=1)
    for seat in range(players):
        check_screen(state.observation(seat))
        # the rival's letter is explained where there is a rival, and only there
        legend = text_of(render(state.observation(seat))).count("the rival)")
        assert legend == (2 if players == 1 else 0)


@needs_rules
@pytest.mark.parametrize(
    ("players", "board", "seed"), [(1, "snake", 5), (2, "bird", 3), (3, "snake", 8)]
)
def test_random_games_render_to_the_end(players: int, board: str, seed: int) -> None:
    state = meeple.load_game("arnak", players=players, board=board).new_initial_state(seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % 7 == 0:
            check_screen(state.observation(state.current_player))
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    for seat in range(players):
        text = check_screen(state.observation(seat))
        assert "Final scores" in text and "total" in text
