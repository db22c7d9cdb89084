"""Trades with the Spirits, Trinkets used, and the reactions that cancel either.

TradesMixin, a part of AridnykState (rules.py): it lists the trades open to the turn's
player (with a Spirit met this turn; the Vagabond, with another for one Sheep more),
declares one or uses a Trinket, asks the other seats holding Trinkets whether they
react (Zgarda cancels a trade), and then resolves the trade or the Trinket.
"""

from __future__ import annotations

from typing import Any

from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    AFTER_DRIZD,
    AFTER_VOVK,
    F_EFFECTS,
    F_PAY,
    F_PLACE,
    F_REACT,
    P_ALEY,
    S_ALEY,
    S_ARIDNYK,
    S_BOH,
    S_DRIZD,
    TRADE_CARD,
    TRADE_SHEEP,
    TRINKET,
    VAGABOND,
)
from meeple.games.aridnyk.cards import CardsMixin
from meeple.games.aridnyk.components import TRINKET_EFFECTS
from meeple.games.aridnyk.tiles import TilesMixin


class TradesMixin(CardsMixin, TilesMixin):
    __slots__ = ()

    def _trade_cost(self, spirit: int, extra: int) -> bool:
        """Can the active player pay for `spirit`'s trade (plus `extra` Sheep)?"""
        me = self._turn
        if self._sheep[me] < TRADE_SHEEP[spirit] + extra:
            return False
        if TRADE_CARD[spirit] and not self._hand_size(me):
            return False
        # a trade whose effect cannot happen is not offered (Sheep for nothing)
        if spirit == S_ARIDNYK:
            return self._can_draw(_TRINKET)
        if spirit == S_BOH:
            return self._can_draw(_PLOT)
        return spirit != S_ALEY or self._can_move_a_tile()

    def _trade_options(self) -> list[tuple[int, int]]:
        """(spirit, extra Sheep) for every trade open to the active player now."""
        me = self._turn
        here = self._shepherds[me]
        if here is None:
            return []
        together = [s for s, c in enumerate(self._spirits) if c == here and self._together >> s & 1]
        if not together:
            return []
        out = []
        for s in range(5):
            if self._traded >> s & 1 or self._spirits[s] is None:
                continue
            if s in together:
                if self._trade_cost(s, 0):
                    out.append((s, 0))
            elif self._characters[me] == VAGABOND and self._trade_cost(s, 1):
                out.append((s, 1))
        return out

    def _declare_trade(self, spirit: int, extra: int, meeting: bool = False) -> None:
        self._traded |= 1 << spirit
        # one meeting buys one trade: with the Spirit met, or (the Vagabond) with another
        # *instead*, so either spends it and the Vagabond cannot trade twice on it
        if meeting:
            here = self._shepherds[self._turn]
            for s, cell in enumerate(self._spirits):
                if cell == here:
                    self._together &= ~(1 << s)
        queue = self._reactors()
        if queue:
            self._stack.append([F_REACT, "trade", spirit * 8 + extra, queue])
        else:
            self._resolve_trade(spirit, extra)

    def _reactors(self) -> list[int]:
        """Other seats that hold any Trinket, in turn order: each is asked (a seat without
        a suitable reaction may only decline, so being asked reveals nothing)."""
        n = len(self._sheep)
        if not self.game.reactions:
            return []
        return [(self._turn + i) % n for i in range(1, n) if self._trinkets[(self._turn + i) % n]]

    def _resolve_trade(self, spirit: int, extra: int) -> None:
        me = self._turn
        self._sheep[me] -= TRADE_SHEEP[spirit] + extra
        if spirit == S_ARIDNYK:
            self._begin_draw(_TRINKET, True)
        elif spirit == S_BOH:
            self._begin_draw(_PLOT, True)
        elif spirit == S_ALEY:
            self._stack.append([F_PLACE, P_ALEY, -1, -1])
        elif spirit == S_DRIZD:
            self._stack.append([F_PAY, AFTER_DRIZD])
        else:
            self._stack.append([F_PAY, AFTER_VOVK])

    def _use_trinket(self, trinket: int) -> None:
        me = self._turn
        self._trinket_used = True
        self._ids_cards = None
        self._trinkets[me].remove(trinket)
        self._discards[_TRINKET].append(trinket)
        self._public_cards.add(64 + trinket)
        queue = self._reactors()
        if queue:
            self._stack.append([F_REACT, "trinket", trinket, queue])
        else:
            self._resolve_trinket(trinket)

    def _resolve_trinket(self, trinket: int) -> None:
        self._stack.append([F_EFFECTS, TRINKET, list(TRINKET_EFFECTS[trinket]), trinket])

    def _react(self, frame: list[Any], action: int) -> None:
        trigger, payload, queue = frame[1], frame[2], frame[3]
        if action == A.NO_REACTION:
            queue.pop(0)
            if queue:
                return
            self._stack.pop()
            if trigger == "trade":
                self._resolve_trade(payload // 8, payload % 8)
            else:
                self._resolve_trinket(payload)
            return
        seat = queue[0]
        trinket = action - A.USE_TRINKET
        self._ids_cards = None
        self._trinkets[seat].remove(trinket)
        self._discards[_TRINKET].append(trinket)
        self._public_cards.add(64 + trinket)
        self._stack.pop()  # cancelled: the trade or Trinket counts as used, nothing is paid
