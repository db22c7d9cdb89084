"""A travel payment under way is public: every seat sees its cost, what has been paid
and the site it is for (the archaeologist only lands there once it is paid)."""

from __future__ import annotations

from io import StringIO

from rich.console import Console

import meeple
from meeple.core import Rng
from meeple.games.arnak.components import BOARDS, ICONS


def test_every_seat_sees_the_payment_and_the_site_it_is_for() -> None:
    game = meeple.load_game("arnak", players=3)
    site_ids = [site.id for site in BOARDS["bird"]]
    for_site = for_other = landed = 0
    for seed in range(12):
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        paying: tuple[int, int, int] | None = None  # (seat, site, stack depth)
        while not state.is_terminal():
            stack = state._stack
            if paying is not None and len(stack) < paying[2]:
                seat, site, _ = paying
                assert site in state._own_sites(seat), "the archaeologist went elsewhere"
                landed += 1
                paying = None
            frame = stack[-1] if stack else None
            if frame is not None and frame[0] == "travel":
                views = [state.observation(p)["pending"]["travel"] for p in range(3)]
                assert views[0] == views[1] == views[2]
                travel = views[0]
                assert travel["cost"] == {i: n for i, n in zip(ICONS, frame[2], strict=True) if n}
                assert travel["paid"] == {i: n for i, n in zip(ICONS, frame[3], strict=True) if n}
                if travel["site"] is None:
                    for_other += 1
                else:
                    for_site += 1
                    site = site_ids.index(travel["site"])
                    if paying is None:
                        paying = (frame[1], site, len(stack))
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    assert for_site > 20 and for_other > 0 and landed > 10


def test_the_text_view_shows_it() -> None:
    game = meeple.load_game("arnak", players=2)
    state = game.new_initial_state(seed=0)
    rng = Rng(0)
    while not (state._stack and state._stack[-1][0] == "travel"):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    buffer = StringIO()
    Console(file=buffer, width=100, color_system=None).print(
        game.render(state.observation(1 - state.current_player))
    )
    travel = state.observation(0)["pending"]["travel"]
    assert f"travel to {travel['site']}: costs" in buffer.getvalue()
