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


# Five seats, expert: seat 1 is placing pairs (9, 9, 3 so far) and must take its own
# combination of pairs (9, 9, 1, 1) whole. Dealing the two hidden cards of its hand one
# pick at a time could take a 3 and a 2 and find no room left for the second 2; a
# guess then left seat 1 with no legal move. The completion is now searched for.
EXPERT_PAIRS_HISTORY = [
    131,
    62,
    45,
    139,
    130,
    56,
    75,
    109,
    139,
    134,
    8,
    27,
    77,
    101,
    139,
    135,
    135,
    197,
    131,
    42,
    25,
    139,
    198,
    132,
    74,
    65,
    40,
    57,
    54,
    71,
    139,
    198,
    136,
    192,
    135,
    137,
    133,
    24,
    43,
    91,
    139,
    177,
    182,
    138,
    131,
    72,
    49,
    139,
    193,
    131,
    125,
    113,
    139,
    132,
    22,
    126,
    15,
    39,
    10,
    103,
    34,
    60,
    139,
    135,
    187,
    172,
    136,
    194,
    136,
    134,
    20,
    46,
    87,
    124,
    139,
    178,
    136,
    183,
    131,
    123,
    4,
    2,
    139,
    136,
    138,
    131,
    68,
    33,
    29,
    52,
    139,
    130,
    82,
    58,
    139,
    137,
    132,
    50,
    67,
    74,
    65,
    40,
    57,
    105,
    30,
    54,
    71,
    139,
    130,
    120,
    18,
    98,
    139,
    198,
    264,
    217,
    239,
    241,
    264,
    264,
    264,
    197,
    137,
    136,
    137,
    133,
    4,
    49,
    82,
    139,
    137,
    198,
    136,
    137,
    136,
    136,
    198,
    134,
    16,
    117,
    11,
    94,
    139,
    197,
    133,
    31,
    90,
    79,
    139,
    130,
    12,
    81,
    139,
    138,
    188,
    130,
    124,
    41,
    139,
    197,
    132,
    14,
    66,
    139,
    130,
    32,
    77,
    111,
    139,
    198,
    136,
    198,
    130,
    68,
    85,
    20,
    139,
    135,
    187,
    138,
    192,
    138,
    189,
    130,
    37,
    39,
    126,
    102,
    139,
    172,
    132,
    35,
    120,
    26,
    69,
    139,
    198,
    132,
    41,
    89,
    115,
    118,
    51,
    75,
    139,
    172,
    135,
    193,
    130,
    92,
    42,
    18,
    72,
    123,
    139,
    137,
    132,
    35,
    120,
    25,
]


@pytest.mark.parametrize("tries", [0, rules._RESAMPLE_TRIES])
def test_a_completion_needing_every_free_card_of_the_hand_is_found(
    tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rules, "_RESAMPLE_TRIES", tries)
    state = new_state(5, 5340, variant="expert")
    for action in EXPERT_PAIRS_HISTORY:
        state.apply_action(action)
    assert state.current_player == 1 and state.observation(1)["placing"] == "pairs"
    for seat in (0, 2, 3, 4):
        for seed in range(12):
            assert state.resample(seat, seed).legal_actions(), (seat, seed)
