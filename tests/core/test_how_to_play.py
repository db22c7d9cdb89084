"""Each game's how-to-play page: there, in the Markdown the pages render, and shipped."""

from __future__ import annotations

import re

import pytest

import meeple
from meeple.core.game import Game, GameInfo, State


@pytest.mark.parametrize("name", ["anludim", "aridnyk", "arnak"])
def test_every_game_has_a_page_in_the_markdown_the_pages_render(name: str) -> None:
    text = meeple.load_game(name).how_to_play()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "The aim" and len(headings) >= 3
    for line in text.splitlines():
        # only what markdown() in dom.js and rich render alike: no tables, links or HTML
        assert not line.startswith(("|", "<", "```", "####")), line
        assert "](" not in line and len(line) <= 90, line


def test_a_game_without_a_page_has_an_empty_one() -> None:
    class Bare(Game):
        info = GameInfo("bare", "Bare", 1, 1, 1, 1, {}, {})

        def new_initial_state(self, seed: int | None = None) -> State:
            raise NotImplementedError

    assert Bare().how_to_play() == ""
