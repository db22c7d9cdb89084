"""One vocabulary for Arnak's effects (words.py): every op of the compiled effect
vocabulary has its own words, and a site tile, an assistant or a guardian's boon reads
the same in the observation, the action strings, the terminal view and the web
catalogue. Action strings that carry an effect still fit an 80-column menu."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from meeple.games.arnak import actions as A
from meeple.games.arnak.catalogue import catalogue
from meeple.games.arnak.components import (
    ASSISTANTS,
    BOARDS,
    BONUS_KINDS,
    CAMPS,
    CARDS,
    GUARDIANS,
    IDOL_REWARDS,
    SITE_TILES,
    SLOT_EFFECTS,
    STEP_OPS,
    TRACKS,
    Effect,
    Step,
)
from meeple.games.arnak.view import render
from meeple.games.arnak.words import _STEP_WORDS, effect_text

from .scenario import discover, fresh, setup

MENU_LABEL = 80 - len("  10. ")
"""The widest action string a numbered menu shows on one 80-column line."""


def component_effects() -> list[tuple[str, Effect]]:
    """Every compiled effect of the component data, named."""
    effects = [(f"tile {t.id}", t.effect) for t in (*CAMPS, *SITE_TILES)]
    effects += [(f"card {c.id}", c.effect) for c in CARDS]
    for a in ASSISTANTS:
        effects += [(f"assistant {a.id} silver", a.silver), (f"assistant {a.id} gold", a.gold)]
    effects += [(f"boon {g.id}", g.boon) for g in GUARDIANS if g.boon_travel is None]
    effects += [(f"idol {i.reward}", i.effect) for i in IDOL_REWARDS]
    effects += [(f"slot {name}", effect) for name, effect in SLOT_EFFECTS]
    effects += [(f"bonus {b.kind}", b.effect) for b in BONUS_KINDS]
    for board, track in TRACKS.items():
        for row, sides in enumerate(track.rows[1:], 1):
            effects += [(f"{board} row {row} glass", sides.glass)]
            effects += [(f"{board} row {row} notebook", sides.notebook)]
            if sides.lantern:
                effects += [(f"{board} row {row} lantern", sides.lantern)]
    for board, spaces in BOARDS.items():
        effects += [(f"{board} {s.id} dark", s.dark) for s in spaces if s.dark]
        effects += [(f"{board} {s.id} camp", s.camp) for s in spaces if s.camp]
    return effects


def steps(effect: Effect) -> Iterator[Step]:
    """Every step of an effect, those nested in a price's reward and in options too."""
    for op, arg in effect:
        yield op, arg
        if op == "pay":
            yield from steps(arg[1])
        elif op == "choose_one":
            for option in arg:
                yield from steps(option)
        elif op == "choose_distinct":
            for option in arg[1]:
                yield from steps(option)


def test_every_op_of_the_vocabulary_has_its_own_words() -> None:
    assert set(_STEP_WORDS) == STEP_OPS
    seen = set()
    for where, effect in component_effects():
        for op, arg in steps(effect):
            seen.add(op)
            words = _STEP_WORDS[op](arg)
            assert words and words != op.replace("_", " "), (where, op, words)
            assert "_" not in words, (where, op, words)
            # a public action string turns "your" into "their", but no "you" into "they"
            assert not re.search(r"\byou\b", words), (where, op, words)
    assert seen == STEP_OPS  # the data use every op, so the loop above read each one


def test_an_op_without_words_is_an_error_not_its_identifier() -> None:
    with pytest.raises(KeyError):
        effect_text((("no_such_op", 1),))


def test_the_observation_reads_every_site_tile_as_the_catalogue_does() -> None:
    data = catalogue()
    printed = {t["id"]: t["text"] for t in data["camps"] + data["site_tiles"]}
    obs = fresh().observation(0)
    for site in obs["sites"][:5]:
        assert site["text"] == printed[site["tile"]]
    for tile in SITE_TILES:
        state = fresh()
        site = next(s.num for s in state._spaces if s.level == tile.level)
        shown = discover(state, site, tile.num).observation(0)["sites"][site]
        assert (shown["tile"], shown["text"]) == (tile.id, printed[tile.id])


def test_a_boons_action_string_reads_as_the_catalogue_does() -> None:
    state = fresh()
    for g, entry in zip(GUARDIANS, catalogue()["guardians"], strict=True):
        verb = "spend" if g.boon_travel is not None else "use"
        boon = state.action_to_string(A.BOON + g.num)
        assert boon == f"{verb} guardian {g.id}'s boon: {entry['boon']}"


def test_the_view_reads_every_assistant_as_the_catalogue_does() -> None:
    for a, entry in zip(ASSISTANTS, catalogue()["assistants"], strict=True):
        for gold, side in ((False, "silver"), (True, "gold")):
            state = setup(fresh(), 0, assistants=[(a.num, gold, False)])
            console = Console(record=True, width=200, file=io.StringIO())
            console.print(render(state.observation(0)))
            words = " ".join(console.export_text().replace("│", " ").split())
            assert f"{a.id} {a.nickname.capitalize()}: {entry[side]}" in words


def test_action_strings_that_carry_an_effect_fit_an_80_column_menu() -> None:
    state = fresh()
    labels = [state.action_to_string(a) for a in range(A.IDOL_SLOT, A.UNSLOT)]
    labels += [state.action_to_string(A.BOON + g.num) for g in GUARDIANS]
    labels += [state.action_to_string(A.BONUS + b.num) for b in BONUS_KINDS]
    for where, effect in component_effects():
        # offered: a bought artifact's effect, free; any effect's reward for its price
        offers = [(None, effect)] if where.startswith("card art.") else []
        offers += [arg for op, arg in steps(effect) if op == "pay"]
        for price, then in offers:
            state._stack = [("offer", 0, price, then)]
            labels.append(state.action_to_string(A.YES))
        for op, arg in steps(effect):
            if op == "choose_one":
                state._stack = [("choose", 0, arg)]
                labels += [state.action_to_string(A.OPTION + k) for k in range(len(arg))]
    for camp in range(len(CAMPS)):  # a camp resolved twice (Passage Shell)
        state._stack = [("offer", 0, None, (("_site", camp),))]
        labels.append(state.action_to_string(A.YES))
    too_wide = [label for label in labels if len(label) > MENU_LABEL]
    assert not too_wide, "\n".join(too_wide)


def test_a_price_before_a_choice_of_gains_covers_every_choice() -> None:
    """The Trader's gold side charged the coin for either gain, but read as if the jewel
    came free ("pay 1 coin to take 1 arrowhead or take 1 jewel")."""
    trader = next(a for a in ASSISTANTS if a.id == "A04")
    assert effect_text(trader.gold) == "pay 1 coin to take 1 arrowhead or 1 jewel"


def test_action_strings_name_assistants_and_owl_tiles_as_the_panels_do() -> None:
    """An assistant is called by its capitalised nickname, as in the panels; an Owl tile
    is "of N point(s)" wherever it lies, with the singular for 1."""
    import meeple
    from meeple.core.rng import Rng

    seen: set[str] = set()
    for seed in range(6):
        state = meeple.load_game("arnak", players=2, board="owl").new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            seen.update(state.action_to_string(a) for a in legal)
            state.apply_action(rng.choice(legal))
    assert not any(re.search(r"\b1 points\b|\(\d+ points?\)", s) for s in seen if "Owl" in s)
    assert any("Owl tile of 1 point " in s for s in seen)
    named = [s for s in seen if "assistant A" in s and "(" in s]
    assert named and all(re.search(r"A\d\d \([A-Z][a-z]+\)", s) for s in named)
