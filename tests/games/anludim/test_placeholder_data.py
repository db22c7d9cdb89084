"""The placeholder label and note follow what data/cards.json marks as placeholder."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

import meeple
from meeple.games.anludim import components as C
from meeple.games.anludim.view import COLOUR_STYLES, PLACEHOLDER_LABEL

CARDS_FILE = json.loads(
    resources.files("meeple.games.anludim").joinpath("data", "cards.json").read_text("utf-8")
)


def named_colours(text: str) -> set[str]:
    names = {c["name"] for c in CARDS_FILE["colours"]}
    return set(re.findall(r"[a-z]+", text)) & names


@pytest.mark.parametrize(
    "text",
    [PLACEHOLDER_LABEL, *meeple.load_game("anludim").info.notes],
    ids=["label", "note"],
)
def test_the_label_and_note_name_exactly_the_placeholder_colours(text: str) -> None:
    placeholders = [c["name"] for c in CARDS_FILE["colours"] if c["provenance"] == "placeholder"]
    assert placeholders, "no placeholder colours left: this test and the label can go"
    assert named_colours(text) == set(placeholders)
    pairing = any(card["provenance"] == "placeholder" for card in CARDS_FILE["cards"])
    assert ("card pairing" in text) == pairing


@pytest.mark.parametrize(
    ("pairing", "colours", "words"),
    [
        (
            True,
            ("green", "yellow", "purple"),
            "the card pairing and the colour names green, yellow and purple",
        ),
        (False, ("green", "yellow"), "the colour names green and yellow"),
        (True, ("green",), "the card pairing and the colour name green"),
        (True, (), "the card pairing"),
        (False, (), ""),
    ],
)
def test_stand_ins_words_whatever_the_data_marks(
    pairing: bool, colours: tuple[str, ...], words: str
) -> None:
    assert C.stand_ins(pairing, colours) == words


def test_every_colour_has_its_own_style() -> None:
    assert set(COLOUR_STYLES) == set(C.COLOURS)
    assert len(set(COLOUR_STYLES.values())) == len(C.COLOURS)
