"""Resampling while another seat is half-way through placing a combination."""

from __future__ import annotations

import json

import pytest

from meeple.core import Rng
from meeple.games.anludim import rules
from meeple.games.anludim.rules import AnludimState

from .scenario import new_state


def placing_states(count: int, variant: str) -> list[AnludimState]:
    """States where seat 1 is placing, with at least one card picked or not."""
    found = []
    for seed in range(200):
        s = new_state(3, seed, variant=variant)
        rng = Rng(seed)
        while not s.is_terminal() and len(found) < count:
            if s.observation(0)["phase"] == "placing" and s.current_player != 0:
                found.append(s.clone())
            legal = s.legal_actions()
            s.apply_action(legal[rng.below(len(legal))])
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("variant", ["base", "expert"])
@pytest.mark.parametrize("tries", [0, rules._RESAMPLE_TRIES])
def test_placing_seat_can_always_go_on(
    variant: str, tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # tries=0 goes straight to dealing a completion into the placing seat's hand.
    monkeypatch.setattr(rules, "_RESAMPLE_TRIES", tries)
    for s in placing_states(25, variant):
        view = json.dumps(s.observation(0), sort_keys=True)
        for seed in range(4):
            r = s.resample(0, seed)
            assert json.dumps(r.observation(0), sort_keys=True) == view
            assert r.legal_actions(), "the placing seat must be able to go on"
            picked = {c for c, _ in s._selection}
            assert picked <= set(r._hands[s.current_player]) | {
                c for row in r._table for _, _, picks, _ in row for c, _ in picks
            }
