"""Resampling while another seat is half-way through placing a combination."""

from __future__ import annotations

import json
from collections import Counter

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


def test_a_guess_deals_hands_and_draws_at_random() -> None:
    """A guess deals the others' hidden cards at random and leaves the deck in a
    canonical order, drawing from it at random: over many guesses the first card drawn
    is spread over what the seat cannot see as from a shuffled deck, the same guess seed
    draws the same card, and the true state draws its deck in order."""
    state = new_state(2, 3)
    seat = state.current_player
    unseen = sorted([*state._deck, *state._hands[1 - seat]])
    draws = 3000
    counts: Counter[int] = Counter()
    hands: Counter[int] = Counter()
    for seed in range(draws):
        guess = state.resample(seat, seed)
        hands.update(guess._hands[1 - seat])
        card = guess._draw()
        assert card == state.resample(seat, seed)._draw()
        counts[card] += 1
    assert set(counts) <= set(unseen) and set(hands) <= set(unseen)
    expected = draws / len(unseen)
    spread = sum((counts[c] - expected) ** 2 / expected for c in unseen)
    assert spread < len(unseen) + 45, counts  # p < 0.001 for this many cards
    in_hand = draws * len(state._hands[1 - seat]) / len(unseen)
    assert sum((hands[c] - in_hand) ** 2 / in_hand for c in unseen) < len(unseen) + 45
    assert state.clone()._draw() == state._deck[-1]
