"""Aridnyk in words: the texts of effects, tiles, Plots, Trinkets and characters."""

from __future__ import annotations

from meeple.games.aridnyk import components as C
from meeple.games.aridnyk import text as T
from meeple.games.aridnyk.components import Effects


def test_texts() -> None:
    two_sheep_and_a_step = T.effects_text(Effects(sheep=2, shepherd=1).amounts())
    assert two_sheep_and_a_step == "2 Sheep, move your Shepherd up to 1 tile"
    assert T.effects_text(Effects().amounts()) == "nothing"
    cards_and_spirit = T.effects_text(Effects(card=2, spirit=3).amounts())
    assert cards_and_spirit == "draw 2 cards, move a Spirit up to 3 tiles"
    assert T.tile_text(0).startswith("Aridnyk's Crag: Peaks, Aridnyk icon; black: nothing")
    assert "(water N, E)" in T.tile_text(8)
    assert T.plot_text(0) == "Twin Peaks (#1): Pattern (any rotation): Peaks, Peaks to its E; " + (
        "reward: 3 Sheep"
    )
    assert "5: +4" in T.plot_text(7) and "draw a Trinket" in T.plot_text(7)
    assert "Lake" in T.task_text(C.PLOTS[15].task)
    zgarda = next(i for i, t in enumerate(C.TRINKETS) if t.name == "Zgarda")
    assert T.trinket_text(zgarda).endswith("cancel another player's Spirit trade")
    assert T.character_text(6) == "The Chieftain: entering a River costs 1 Sheep instead of 2"
    for i in range(C.NUM_TILES):
        assert T.tile_text(i)
    for i in range(C.NUM_PLOTS):
        assert len(T.plot_text(i)) < 200
    for i in range(C.NUM_TRINKETS):
        assert T.trinket_text(i)


def test_an_effect_reads_the_same_listed_and_chosen() -> None:
    """A tile's or card's effect and the choice of resolving it share their words: the
    choice is one unit of it (a move, and the Sheep, are taken whole)."""
    for i, kind in enumerate(C.EFFECT_KINDS):
        one = [0] * len(C.EFFECT_KINDS)
        one[i] = 1
        listed, chosen = T.effects_text(one), T.effect_choice(kind)
        if kind == "sheep":
            assert (listed, chosen) == ("1 Sheep", "collect the Sheep")
        elif kind in ("shepherd", "spirit"):
            assert listed == f"{chosen} up to 1 tile"
        else:
            assert chosen.startswith(listed), kind
    assert T.effect_choice("retrade").endswith("even one already traded with")
