"""Where pieces stand: the board's archaeologist spaces and the marks the state keeps.

An archaeologist space holds a seat's number, RIVAL, FREE or BLOCKED; an archaeologist
at camp stands at HOME; the card row marks an empty space with GAP. These are read by
every module of the forward model (rules.py, turn.py, effects.py) and by the rival, so
they live apart from the state that uses them.
"""

from __future__ import annotations

RIVAL = 8
"""The occupant mark of the solo rival's archaeologists."""
FREE, BLOCKED = -1, -2
GAP = -1
"""An empty space of the card row (only once that side's deck is empty)."""
HOME = -1
NUM_SLOTS = 22
"""Archaeologist spaces: camps 0-4 have two each (slots 2c, 2c+1), sites 5-16 one (s+5)."""
SLOT_SITE: tuple[int, ...] = tuple([c for c in range(5) for _ in (0, 1)] + list(range(5, 17)))
SITE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    (2 * s, 2 * s + 1) if s < 5 else (s + 5,) for s in range(17)
)
