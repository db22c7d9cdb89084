"""The data files are what tools/arnak_data.py makes from the shared reference."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import meeple
from meeple.games.arnak.catalogue import catalogue
from meeple.games.arnak.components import (
    BOARDS,
    PLACEHOLDER_DATA,
    PLACEHOLDERS,
    SOLO_TILES,
    TRACKS,
)
from meeple.games.arnak.game import ARROWS_NOTE, OWL_NOTE, PLACEHOLDER_NOTE, SPIDER_NOTE

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = ROOT.parent / "shared" / "reference" / "arnak"
DATA = ROOT / "src" / "meeple" / "games" / "arnak" / "data"


@pytest.mark.skipif(
    not REFERENCE.is_dir(), reason="the shared reference is not beside this checkout"
)
def test_data_files_match_the_reference() -> None:
    spec = importlib.util.spec_from_file_location("arnak_data", ROOT / "tools" / "arnak_data.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    built = tool.build(REFERENCE)
    for name, data in built.items():
        committed = json.loads((DATA / f"{name}.json").read_text())
        assert committed == json.loads(json.dumps(data)), (
            f"data/{name}.json drifted: rerun the tool"
        )


def test_every_record_says_where_it_comes_from() -> None:
    def records(node: object) -> int:
        found = 0
        if isinstance(node, dict):
            if "provenance" in node:
                assert node["provenance"] in ("fact", "inferred", "placeholder")
                assert node.get("source"), node
                found += 1
            for value in node.values():
                found += records(value)
        elif isinstance(node, list):
            for value in node:
                found += records(value)
        return found

    counts = {path.stem: records(json.loads(path.read_text())) for path in DATA.glob("*.json")}
    assert counts["cards"] == 80
    assert counts["guardians"] == 15
    assert counts["assistants"] == 12
    assert all(counts.values()), counts
    solo = json.loads((DATA / "solo.json").read_text())
    assert {t["arrow_provenance"] for t in solo["tiles"]} == {"placeholder"}


def test_the_placeholder_flag_and_note_follow_the_data() -> None:
    # what the data mark as placeholder is what the flag and the notes tell: the solo
    # rival's tile-back arrows in solo games, and the Spider Temple side's track and
    # travel costs in games on that side
    arrows = [("solo.json", "", t.id, "arrow") for t in SOLO_TILES]
    schedule = ("solo.json", "", "spider_temple", "")  # the rival's Spider tile by round
    assert sorted(p for p in PLACEHOLDERS if p[0] == "solo.json") == sorted([*arrows, schedule])
    others = [p for p in PLACEHOLDERS if p[0] != "solo.json"]
    assert others and {side for _, side, _, _ in others} == {"spider", "owl"}
    assert {name for name, _, _, _ in others} == {"research.json", "sites.json"}
    solo = json.loads((DATA / "solo.json").read_text())
    assert all("no public source gives" in t["arrow_source"] for t in solo["tiles"])
    assert PLACEHOLDER_DATA and catalogue()["placeholder"]
    assert "the solo rival's tile-back decision arrows are meeple's placeholder" in (
        PLACEHOLDER_NOTE
    )
    for board in ("bird", "snake"):
        for players in (1, 2, 3, 4):
            info = meeple.load_game("arnak", players=players, board=board).info
            assert info.placeholder_data == (players == 1)
            assert info.notes == ((PLACEHOLDER_NOTE,) if players == 1 else ())
    for board, note in (("spider", SPIDER_NOTE), ("owl", OWL_NOTE)):
        for players in (1, 2, 3, 4):
            info = meeple.load_game("arnak", players=players, board=board).info
            assert info.placeholder_data
            assert info.notes == ((note, ARROWS_NOTE) if players == 1 else (note,))


def test_the_spider_temple_keeps_every_number_the_reference_gives() -> None:
    # the placeholder track is laid so that every known number is the reference's
    track = TRACKS["spider"]
    zones = {n.zone: (n.glass_vp, n.notebook_vp) for n in track.nodes if n.zone}
    assert zones["zone_7"] == (20, 22) and zones["zone_1"] == (1, 0)
    assert zones["zone_6R"] == (15, 17) and zones["zone_5R"] == (11, 12)
    assert len(zones) == 13
    assert [a.vp for a in track.altars] == [2, 2, 3, 3, 4]
    assert track.dark_values == (-1, -2, -2, -3, -3, -4, -5)
    assert track.lost_temple_vp == (31, 29, 28, 27)
    bonus = {k: sum(n.bonus.get(k, 0) for n in track.nodes) for k in ("p2", "p3", "p4")}
    assert bonus == {"p2": 6, "p3": 7, "p4": 8}
    dark = {s.id for s in BOARDS["spider"] if s.dark}
    assert dark == {"C3", "L1-4", "L1-8", "L2-4"}
    assert not any(s.dark for board in ("bird", "snake") for s in BOARDS[board])
