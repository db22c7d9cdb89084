"""Travel costs: what a set of travel icons still lacks to cover a cost.

Icons are 4-tuples in ICONS order (boot, car, boat, plane). A plane pays for anything, a
car pays a car or a boot, a boat a boat or a boot, a boot only a boot. Icons spent
beyond the cost are wasted, so covering a cost is a question of totals only.
"""

from __future__ import annotations

from collections.abc import Sequence


def deficit(need: Sequence[int], have: Sequence[int]) -> int:
    """How many more planes `have` would need to cover `need` (0: it covers it)."""
    boot, car, boat, plane = need
    short = max(0, plane - have[3])
    planes = max(0, have[3] - plane)
    car_gap = car - have[1]
    boat_gap = boat - have[2]
    missing = max(0, car_gap) + max(0, boat_gap)
    spare = max(0, -car_gap) + max(0, -boat_gap)
    used = min(planes, missing)
    planes -= used
    short += missing - used
    return short + max(0, boot - have[0] - spare - planes)


def spare(need: Sequence[int], paid: Sequence[int]) -> tuple[int, ...]:
    """The icons of `paid` left over once it covers `need`, each need met by the least
    versatile icon that can meet it (a boot by a boot, then a car, a boat, a plane; a car
    or a boat by its own kind, then a plane), so what is left pays the most."""
    left = list(paid)
    # icon needed -> the icons that pay it, least versatile first (the plane last)
    for icon, payers in ((3, (3,)), (1, (1, 3)), (2, (2, 3)), (0, (0, 1, 2, 3))):
        short = need[icon]
        for payer in payers:
            used = min(left[payer], short)
            left[payer] -= used
            short -= used
        assert short == 0, "spare() of a payment that does not cover"
    return tuple(left)


def add(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def as_planes(icons: Sequence[int]) -> tuple[int, ...]:
    """Icons as Guardian's Ocarina reads them: every one a plane."""
    return (0, 0, 0, icons[0] + icons[1] + icons[2] + icons[3])


NO_ICONS: tuple[int, ...] = (0, 0, 0, 0)
ONE_PLANE: tuple[int, ...] = (0, 0, 0, 1)
UNIT_ICONS: tuple[tuple[int, ...], ...] = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), ONE_PLANE)
"""One icon of each kind, in ICONS order."""
