"""Saved games replay as they were played: each tests/games/<game>/records/*.json (written
by tools/saved_records.py) is a whole game with a fingerprint of every position. A rules
change that plays one of them differently fails here at the first position it changes,
so a change that alters games already saved or stored is made on purpose: written down
in the game's docs, and the records written again with the tool."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import meeple

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS.parent.parent / "tools"))
from saved_records import fingerprint  # noqa: E402

RECORDS = sorted(TESTS.glob("*/records/*.json"))


def test_every_game_has_saved_records() -> None:
    assert {path.parent.parent.name for path in RECORDS} == set(meeple.list_games())


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_saved_game_replays_as_it_was_played(path: Path) -> None:
    saved: dict[str, Any] = json.loads(path.read_text())
    record = saved["record"]
    marks = saved["positions"]
    state = meeple.replay({**record, "actions": []})
    for step, action in enumerate(record["actions"]):
        assert fingerprint(state) == marks[6 * step : 6 * step + 6], (
            f"{path.name}: the position before move {step + 1} differs "
            f"(the move was {state.action_to_string(action)!r}); if the rules changed on "
            "purpose, say so in the game's docs and run tools/saved_records.py"
        )
        state.apply_action(action)
    assert state.is_terminal()
    assert state.scores() == saved["scores"] and state.returns() == saved["returns"]
