"""Cards: the Plot and Trinket decks, their rows, the hands and the discards.

CardsMixin, a part of AridnykState (rules.py): it draws from a deck (an empty one is
made anew from its discards, less a Trinket whose effects are under way), fills and
refreshes the rows, adds a card to a hand (over the hand limit, a discard is due),
discards one, and begins a draw: the Dreamer (Plots) and the Crafter (Trinkets) see
the deck top first.
"""

from __future__ import annotations

from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    CRAFTER,
    DREAMER,
    F_DRAW,
    F_EFFECTS,
    F_LIMIT,
    HAND_LIMIT,
    TRINKET,
    AridnykBase,
)
from meeple.games.aridnyk.components import NUM_PLOTS


class CardsMixin(AridnykBase):
    __slots__ = ()

    def _hand_size(self, seat: int) -> int:
        return len(self._plots[seat]) + len(self._trinkets[seat])

    def _deck_top(self, kind: int) -> int:
        deck = self._decks[kind]
        if not deck:
            cards = self._reshuffled(kind)
            if not cards:
                return -1
            self._ids_cards = None
            pile = self._discards[kind]
            pile[:] = [c for c in pile if c not in cards]
            deck.extend(cards)
            self._rng.shuffle(deck)
        return self._take_top(deck)

    def _reshuffled(self, kind: int) -> list[int]:
        """The discards of `kind` an empty deck is made anew from. A Trinket is discarded
        once its effects are resolved ("resolve its effects, then discard it"): one whose
        effects are under way (its own draw) sits on the pile already but stays out."""
        pile = self._discards[kind]
        if kind != _TRINKET or not pile:
            return pile[:]
        held = [f[3] for f in self._stack if f[0] == F_EFFECTS and f[1] == TRINKET]
        return [c for c in pile if c not in held]

    def _refill_row(self, kind: int, slot: int) -> None:
        card = self._deck_top(kind)
        self._ids_cards = None
        self._rows[kind][slot] = card
        if card >= 0:
            self._public_cards.add(kind * 64 + card)

    def _can_draw(self, kind: int) -> bool:
        return (
            self._revealed[kind] >= 0
            or self._drawable(kind)
            or any(c >= 0 for c in self._rows[kind])
        )

    def _drawable(self, kind: int) -> bool:
        """Whether the deck, or its discards shuffled into a new one, holds a card."""
        return bool(self._decks[kind] or self._reshuffled(kind))

    def _gain_card(self, seat: int, kind: int, card: int, public: bool) -> None:
        self._ids_cards = None
        hand = self._plots[seat] if kind == _PLOT else self._trinkets[seat]
        hand.append(card)
        hand.sort()
        code = kind * 64 + card
        if public:
            self._public_cards.add(code)
        else:
            self._public_cards.discard(code)
        if self._hand_size(seat) > HAND_LIMIT:
            self._stack.append([F_LIMIT, seat])

    def _discard_card(self, seat: int, code: int) -> None:
        """Discard card `code` (DISCARD_CARD numbering) from `seat`'s hand."""
        self._ids_cards = None
        if code < NUM_PLOTS:
            self._plots[seat].remove(code)
            self._discards[_PLOT].append(code)
            self._public_cards.add(code)
        else:
            card = code - NUM_PLOTS
            self._trinkets[seat].remove(card)
            self._discards[_TRINKET].append(card)
            self._public_cards.add(64 + card)

    def _card_codes(self, seat: int) -> list[int]:
        return self._plots[seat] + [NUM_PLOTS + t for t in self._trinkets[seat]]

    def _begin_draw(self, kind: int, refresh: bool) -> None:
        """A draw of `kind`; the Dreamer (Plots) and Crafter (Trinkets) reveal the deck top,
        after the refresh is chosen or declined where the draw may refresh the row."""
        self._stack.append([F_DRAW, kind, refresh])
        if kind >= 0 and not refresh:
            self._reveal_for(kind)

    def _reveals(self, kind: int) -> bool:
        """Does the player whose turn it is see the deck top when drawing `kind`?"""
        character = self._characters[self._turn]
        return (kind == _PLOT and character == DREAMER) or (
            kind == _TRINKET and character == CRAFTER
        )

    def _reveal_for(self, kind: int) -> None:
        if self._revealed[kind] < 0 and self._reveals(kind):
            card = self._deck_top(kind)
            if card >= 0:
                self._ids_cards = None
                self._revealed[kind] = card
                self._public_cards.add(kind * 64 + card)

    def _take_from_row(self, kind: int, slot: int) -> None:
        self._ids_cards = None
        card = self._rows[kind][slot]
        if self._revealed[kind] >= 0:
            self._rows[kind][slot] = self._revealed[kind]
            self._revealed[kind] = -1
        else:
            self._refill_row(kind, slot)
        self._gain_card(self._turn, kind, card, True)

    def _take_from_deck(self, kind: int) -> None:
        self._ids_cards = None
        if self._revealed[kind] >= 0:
            card, self._revealed[kind] = self._revealed[kind], -1
            self._gain_card(self._turn, kind, card, True)
            return
        card = self._deck_top(kind)
        if card >= 0:
            self._gain_card(self._turn, kind, card, False)

    def _refresh_row(self, kind: int) -> None:
        # "Discard all 3 cards in the row and reveal 3 new cards": the old row reaches
        # the pile once the new one is out, so a deck that runs out meanwhile is made
        # anew without them. Only slots no new card could fill may take them back.
        self._ids_cards = None
        row = self._rows[kind]
        old = [card for card in row if card >= 0]
        row[:] = [-1] * len(row)
        for slot in range(len(row)):
            self._refill_row(kind, slot)
        self._discards[kind].extend(old)
        for slot in range(len(row)):
            if row[slot] < 0:
                self._refill_row(kind, slot)
