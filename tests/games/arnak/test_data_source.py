"""The data files are what tools/arnak_data.py makes from the shared reference."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import meeple
from meeple.games.arnak.catalogue import catalogue
from meeple.games.arnak.components import PLACEHOLDER_DATA, PLACEHOLDERS, SOLO_TILES
from meeple.games.arnak.game import PLACEHOLDER_NOTE

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
    # what the data mark as placeholder is what the flag and the note tell: the solo
    # rival's tile-back arrows, in solo games only
    assert sorted(PLACEHOLDERS) == sorted(("solo.json", t.id, "arrow") for t in SOLO_TILES)
    solo = json.loads((DATA / "solo.json").read_text())
    assert all("no public source gives" in t["arrow_source"] for t in solo["tiles"])
    assert PLACEHOLDER_DATA and catalogue()["placeholder"]
    assert "the solo rival's tile-back decision arrows are meeple's placeholder" in (
        PLACEHOLDER_NOTE
    )
    for players in (1, 2, 3, 4):
        info = meeple.load_game("arnak", players=players).info
        assert info.placeholder_data == (players == 1)
        assert info.notes == ((PLACEHOLDER_NOTE,) if players == 1 else ())
