"""Plots: checking a held Plot's task, claiming it, and the standings that value hands.

Each Plot's task is compiled once (tasks.py), with the masks of the terrains a
character may be one tile short of (Hunter, Climber, Dowser, Musician). PlotsMixin, a
part of AridnykState (rules.py): it measures a seat's Plot (cached in _met until a tile
or a figure the check reads moves), claims it (the reward, its tier Sheep and the
characters' extras) and gives search agents the standings.
"""

from __future__ import annotations

from meeple.games.aridnyk.base import (
    CLIMBER,
    DOWSER,
    E_SHEEP,
    E_TRINKET,
    F_EFFECTS,
    HUNTER,
    MUSICIAN,
    REWARD,
)
from meeple.games.aridnyk.components import (
    CHARACTERS,
    LAKE,
    PEAKS,
    PLOT_REWARD,
    PLOTS,
    POLONYNA,
    RIVER,
    WOODS,
    Tier,
    reward_value,
    task_tiers,
)
from meeple.games.aridnyk.tasks import CompiledTask, compile_task, measure_compiled, short_mask
from meeple.games.aridnyk.tiles import TilesMixin

_SHORT = {
    HUNTER: frozenset((WOODS,)),
    CLIMBER: frozenset((PEAKS,)),
    DOWSER: frozenset((RIVER, LAKE)),
    MUSICIAN: frozenset((POLONYNA,)),
}
_NO_SHORT: frozenset[int] = frozenset()
_NEAR_KEY = 1 << 12  # _met keys from here on hold the one-tile-short checks
ALL_TERRAINS = frozenset(range(5))
_ANY = len(CHARACTERS) + 1


def _short_masks(compiled: CompiledTask) -> tuple[int, ...]:
    """The short-terrain masks a Plot is checked with, indexed by the seat's character
    + 1 (0: none chosen yet) and, at _ANY, one tile of any terrain."""
    masks = [short_mask(compiled, _SHORT.get(c, _NO_SHORT)) for c in range(-1, len(CHARACTERS))]
    masks.append(short_mask(compiled, ALL_TERRAINS))
    return tuple(masks)


_PLOT_CHECKS = tuple(
    (compiled, _short_masks(compiled)) for compiled in (compile_task(p.task) for p in PLOTS)
)
# The Plots whose check reads the claimer's Shepherd, and those that read a Spirit: a
# figure's step forgets only their cached checks.
_READS_SHEPHERD = frozenset(p for p, (c, _) in enumerate(_PLOT_CHECKS) if 0 in c.figures)
_READS_SPIRIT = frozenset(
    p for p, (c, _) in enumerate(_PLOT_CHECKS) if any(f > 0 for f in c.figures)
)
NEAR_SHARE = 0.4  # a held Plot one tile short, as a share of its reward

PLOT_VALUE = tuple(reward_value(p.reward) for p in PLOTS)
"""A Plot's reward in Sheep-equivalents (a card is worth two Sheep)."""


def _tier_sheep(tiers: list[Tier], level: int) -> int:
    extra = 0
    for tier in tiers:
        if tier.at <= level:
            extra = tier.sheep
    return extra


class PlotsMixin(TilesMixin):
    __slots__ = ()

    def _plot_level(self, seat: int, plot: int) -> int:
        key = seat * 64 + plot
        level = self._met.get(key)
        if level is None:
            compiled, masks = _PLOT_CHECKS[plot]
            level = measure_compiled(
                compiled,
                masks[self._characters[seat] + 1],
                self._layout,
                self._shepherds[seat],
                self._spirits,
            )
            self._met[key] = level
        return level

    def _plot_near(self, seat: int, plot: int) -> bool:
        """Whether one more tile of the right terrain would meet the Plot (cached beside
        the levels, under keys of their own)."""
        key = _NEAR_KEY + seat * 64 + plot
        near = self._met.get(key)
        if near is None:
            compiled, masks = _PLOT_CHECKS[plot]
            near = self._met[key] = measure_compiled(
                compiled, masks[_ANY], self._layout, self._shepherds[seat], self._spirits
            )
        return bool(near)

    def standings(self) -> list[tuple[int, int, float]]:
        """(Sheep, Plots fulfilled, Sheep-equivalents in hand) per seat. The last counts
        the rewards of held Plots whose task is met now, a share of those one tile short,
        and 1.5 per Trinket: it reads the hands, so search agents call it on their own
        resampled guesses."""
        out = []
        for seat in range(len(self._sheep)):
            hand = 1.5 * len(self._trinkets[seat])
            for plot in self._plots[seat]:
                if self._plot_level(seat, plot):
                    hand += PLOT_VALUE[plot]
                elif self._plot_near(seat, plot):
                    hand += NEAR_SHARE * PLOT_VALUE[plot]
            out.append((self._sheep[seat], len(self._fulfilled[seat]), hand))
        return out

    def _claim(self, plot: int) -> None:
        me = self._turn
        level = self._plot_level(me, plot)
        self._ids_cards = None
        self._plots[me].remove(plot)
        self._fulfilled[me].append(plot)
        self._public_cards.add(plot)
        reward = list(PLOT_REWARD[plot])
        reward[E_SHEEP] += _tier_sheep(task_tiers(PLOTS[plot].task), level)
        character = self._characters[me]
        if character in (HUNTER, CLIMBER, DOWSER):
            reward[E_TRINKET] += 1
        elif character == MUSICIAN:
            self._reveal_horizon_tile()
        self._stack.append([F_EFFECTS, REWARD, reward, plot])
