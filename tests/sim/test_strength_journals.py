"""The strength journals kept in docs/strength: docs/bots.md tells readers to extend them
with the command they came from, so each must still read, and each one not closed must
still mean, seat for seat, what today's agents would play."""

from __future__ import annotations

from pathlib import Path

import pytest

import meeple
from meeple import agents
from meeple.errors import RecordError
from meeple.sim.journal import Journal
from meeple.sim.parallel import GameJob
from meeple.sim.tournament import rate_journal

KEPT = Path(__file__).resolve().parents[2] / "docs" / "strength"
CLOSED = {
    # Played with the Aridnyk defaults before 30 November 2026 (10-move rollouts);
    # docs/bots.md says so, and extending it is refused by design.
    "aridnyk-ismcts-depth10-greedy-1s.jsonl",
    # A rollout rule for Arnak, tried on 30 November 2026 and not kept: `ismcts` has
    # played uniform random rollouts there since, which these games' settings refuse.
    "arnak-rollout-rule-trial-1000it.jsonl",
    "arnak-rollout-rule-trial-greedy-1s.jsonl",
    # Rollouts of 6 greedy moves for Arnak, tried on 30 November 2026 and not kept.
    "arnak-greedy-rollouts-trial-1s.jsonl",
    # Arnak's search with random 4-move rollouts and unsettled leaves, its default until
    # the night of 30 November 2026 (and the depth-0 trial of that evening, unsettled).
    "arnak-ismcts-greedy-1s.jsonl",
    "arnak-ismcts-random-1s.jsonl",
    "arnak-depth0-trial-1s.jsonl",
    # Arnak's greedy and search with the hand-set weights, before the fitted ones of
    # 1 December 2026 (their settings name no `weights`).
    "arnak-greedy-random.jsonl",
    "arnak-ismcts-greedy-1s-settled.jsonl",
    "arnak-ismcts-greedy-3000it.jsonl",
    "arnak-ismcts-greedy-3000it-c0.1.jsonl",
    "arnak-ismcts-random-1s-settled.jsonl",
    # Arnak's search as a whole UCB tree with settled leaves and the fitted weights,
    # its default until the sweep over greedy's best moves of 1 December 2026.
    "arnak-ismcts-greedy-1s-fitted.jsonl",
    "arnak-ismcts-random-1s-fitted.jsonl",
    # The Owl Temple with the base boards' glass row (5), before its own (2) of
    # 3 December 2026.
    "arnak-owl-ismcts-greedy-1s.jsonl",
}
JOURNALS = sorted(KEPT.glob("*.jsonl"))
RATED = [path for path in JOURNALS if Journal.read(path).header.players > 1]
"""Journals of games between bots; a solo journal (one seat against the game's own
rival) has no pair of bots to rate."""


def test_the_kept_journals_are_found() -> None:
    assert len(JOURNALS) >= 4
    assert {path.name for path in JOURNALS} >= CLOSED


@pytest.mark.parametrize("path", RATED, ids=lambda path: path.name)
def test_a_kept_journal_reads_and_rates(path: Path) -> None:
    journal = Journal.read(path)
    result, left_out = rate_journal(journal)
    assert left_out == 0
    assert len(result.results) == len(journal.played) > 0
    assert all(settings is not None for _, settings in journal.played.values())


@pytest.mark.parametrize("path", JOURNALS, ids=lambda path: path.name)
def test_a_kept_journal_opens_for_a_run_of_its_configuration(path: Path, tmp_path: Path) -> None:
    """What `--journal` does with it: options added to the game since its header was
    written count at their defaults, the way its games were played."""
    header = Journal.read(path).header
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    game = meeple.load_game(header.game, players=header.players, **header.options)
    assert Journal.open(copy, game).played.keys() == Journal.read(path).played.keys()
    other = {"arnak": {"board": "snake"}, "anludim": {"tie_order": "from_trigger"}}.get(
        header.game, {"characters": True}
    )
    assert all(header.options.get(k) != v for k, v in other.items())
    with pytest.raises(RecordError, match="give this run another file"):
        Journal.open(copy, meeple.load_game(header.game, players=header.players, **other))


def changed_seats(path: Path) -> list[str]:
    """What the journal's own check refuses: the seats whose specs mean other settings
    today, one message per game."""
    journal = Journal.read(path)
    header = journal.header
    start = meeple.load_game(
        header.game, players=header.players, **header.options
    ).new_initial_state(seed=0)
    specs = {spec for _, seats in journal.played for spec in seats}
    now = {spec: agents.describe(spec, start) for spec in specs}
    changed = []
    for index, (seed, seats) in enumerate(journal.played):
        try:
            journal.find(GameJob(index, seed, seats), [now[spec] for spec in seats])
        except RecordError as exc:
            changed.append(str(exc))
    return changed


@pytest.mark.parametrize(
    "path", [p for p in JOURNALS if p.name not in CLOSED], ids=lambda path: path.name
)
def test_an_open_journal_still_means_todays_agents(path: Path) -> None:
    assert changed_seats(path) == []


@pytest.mark.parametrize("name", sorted(CLOSED))
def test_a_closed_journal_is_one_todays_agents_would_refuse(name: str) -> None:
    assert changed_seats(KEPT / name)


@pytest.mark.parametrize("path", sorted(set(JOURNALS) - set(RATED)), ids=lambda path: path.name)
def test_a_kept_solo_journal_reads_whole(path: Path) -> None:
    journal = Journal.read(path)
    assert journal.header.players == 1 and len(journal.played) > 0
    assert all(settings is not None for _, settings in journal.played.values())
