"""Anludim component data: the apprentice deck and the teachers' item stacks.

Loaded and validated once at import from the JSON files in data/; a schema or
consistency error names the file and the record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

import msgspec

from meeple.core.data import read_data
from meeple.errors import ComponentDataError

Provenance = Literal["fact", "inferred", "placeholder"]

DISCIPLINES = ("straight", "flush", "pairs", "three_of_a_kind", "gathering")
"""Discipline index order is also the expert hierarchy, lowest first."""


class ColourRecord(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    provenance: Provenance
    source: str


class CardRecord(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    halves: list[tuple[int, str]]
    provenance: Provenance
    source: str


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    colours: list[ColourRecord]
    cards: list[CardRecord]


class TeacherRecord(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    title: str
    discipline: str
    item: str
    item_title: str
    values: list[int]
    provenance: Provenance
    source: str


class RemovalRecord(msgspec.Struct, forbid_unknown_fields=True):
    players: int
    items: dict[str, list[int]]
    provenance: Provenance
    source: str


class TeachersFile(msgspec.Struct, forbid_unknown_fields=True):
    teachers: list[TeacherRecord]
    removed_for_players: list[RemovalRecord]


def _load_cards() -> tuple[
    tuple[str, ...], tuple[tuple[tuple[int, int], tuple[int, int]], ...], bool, tuple[str, ...]
]:
    data = read_data(__package__, "cards.json", CardsFile, {"cards": ("card", "id")})
    colours = tuple(c.name for c in data.colours)
    if len(colours) != 5 or len(set(colours)) != 5:
        raise ComponentDataError("anludim data/cards.json: exactly five distinct colours needed")
    index = {name: i for i, name in enumerate(colours)}
    cards = []
    for pos, rec in enumerate(data.cards):
        where = f"anludim data/cards.json: card {rec.id}"
        if rec.id != pos:
            raise ComponentDataError(f"{where}: ids must run 0..64 in order")
        if len(rec.halves) != 2:
            raise ComponentDataError(f"{where}: a card has exactly two halves")
        halves = []
        for value, colour in rec.halves:
            if not 1 <= value <= 13 or colour not in index:
                raise ComponentDataError(f"{where}: bad half ({value}, {colour!r})")
            halves.append((value, index[colour]))
        (v0, c0), (v1, c1) = halves
        if v0 == v1 or c0 == c1:
            raise ComponentDataError(f"{where}: the halves share a value or a colour")
        cards.append((halves[0], halves[1]))
    if len(cards) != 65:
        raise ComponentDataError("anludim data/cards.json: the deck has 65 cards")
    counts = Counter(h for card in cards for h in card)
    if set(counts.values()) != {2} or len(counts) != 65:
        raise ComponentDataError(
            "anludim data/cards.json: every (value, colour) half appears twice"
        )
    pairing = any(r.provenance == "placeholder" for r in data.cards)
    named = tuple(c.name for c in data.colours if c.provenance == "placeholder")
    return colours, tuple(cards), pairing, named


def _load_teachers() -> tuple[tuple[TeacherRecord, ...], dict[int, dict[str, list[int]]]]:
    data = read_data(__package__, "teachers.json", TeachersFile, {"teachers": ("teacher", "name")})
    if tuple(t.discipline for t in data.teachers) != DISCIPLINES:
        raise ComponentDataError(
            f"anludim data/teachers.json: teachers must cover {DISCIPLINES} in hierarchy order"
        )
    for t in data.teachers:
        if t.values != sorted(t.values) or not all(1 <= v <= 5 for v in t.values):
            raise ComponentDataError(
                f"anludim data/teachers.json: {t.name}: values run lowest (top) first, 1..5"
            )
    kinds = {t.item: t for t in data.teachers}
    removed: dict[int, dict[str, list[int]]] = {}
    for r in data.removed_for_players:
        for kind, values in r.items.items():
            if kind not in kinds or Counter(values) - Counter(kinds[kind].values):
                raise ComponentDataError(
                    f"anludim data/teachers.json: removal for {r.players} players: {kind} {values}"
                )
        removed[r.players] = r.items
    return tuple(data.teachers), removed


def stand_ins(pairing: bool, colours: Sequence[str]) -> str:
    """The placeholder parts in words, for the screen's label and the game's note: "the
    card pairing and the colour names green, yellow and purple" ('' when none is)."""
    parts = ["the card pairing"] if pairing else []
    if len(colours) == 1:
        parts.append(f"the colour name {colours[0]}")
    elif colours:
        parts.append(f"the colour names {', '.join(colours[:-1])} and {colours[-1]}")
    return " and ".join(parts)


COLOURS, CARDS, PLACEHOLDER_PAIRING, PLACEHOLDER_COLOURS = _load_cards()
PLACEHOLDER_DATA = PLACEHOLDER_PAIRING or bool(PLACEHOLDER_COLOURS)
STAND_INS = stand_ins(PLACEHOLDER_PAIRING, PLACEHOLDER_COLOURS)
"""What the data marks as placeholder (see stand_ins), so the words follow the data."""
TEACHERS, REMOVED_FOR_PLAYERS = _load_teachers()
TEACHER_NAMES = tuple(t.name for t in TEACHERS)
ITEM_KINDS = tuple(t.item for t in TEACHERS)
NUM_CARDS = len(CARDS)


def stacks_for(players: int) -> tuple[tuple[int, ...], ...]:
    """Each kind's stack for this player count, lowest value (the top) first."""
    removed = REMOVED_FOR_PLAYERS.get(players, {})
    stacks = []
    for t in TEACHERS:
        left = Counter(t.values) - Counter(removed.get(t.item, []))
        stacks.append(tuple(sorted(left.elements())))
    return tuple(stacks)


def card_text(card: int) -> str:
    (v0, c0), (v1, c1) = CARDS[card]
    return f"{COLOURS[c0]} {v0}|{COLOURS[c1]} {v1}"


def half_text(value: int, colour: int) -> str:
    return f"{COLOURS[colour]} {value}"
