"""Anludim's observation encoding: `observation(p)` as one flat vector in [0, 1].

Seats are relative: "seat r" is the seat r places after you in turn order, so r = 0 is
always you, whatever your seat number. Cards are indexed by their id (0..64), whose two
halves are fixed data. Every block is listed, with its meaning, in docs/rl.md; the
layout for a configuration is `encoder.describe()`.

Only the observation is read: its names (disciplines, teachers, item kinds) are the
vocabulary of the rulebook, written out here so this module needs nothing from the game
package.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from meeple.errors import MeepleError
from meeple.rl.encoding import Encoder, Layout, fractions
from meeple.rl.errors import missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

NUM_CARDS = 65
DISCIPLINES = ("straight", "flush", "pairs", "three_of_a_kind", "gathering")
TEACHERS = ("alchemist", "arcanist", "necromancer", "fortune_teller", "elementalist")
ITEM_KINDS = ("vial", "star", "voodoo_doll", "talisman", "crystal_chest")
PHASES = ("main", "placing", "after_main", "keeping", "over")
OWN_SLOTS = 8
"""Your first combinations described one by one (the take-back actions name them by
index); a row longer than this is rare, and its further combinations still show in the
card blocks."""

_DISCIPLINE = {name: i for i, name in enumerate(DISCIPLINES)}
_KIND = {name: i for i, name in enumerate(ITEM_KINDS)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_ID = itemgetter("id")
_ID_HALF = itemgetter("id", "half")


class AnludimEncoder(Encoder):
    game_name = "anludim"

    def build(self, layout: Layout) -> None:
        n = self.info.players
        c = NUM_CARDS
        self.players = n
        add = layout.add
        # Where each card is, as far as you know: the "seen" planes come first and
        # together, then `unseen`, 1 for a card in none of them.
        self._hand = add("hand", c, "card is in your hand")
        self._known = add(
            "known",
            (n, c),
            "card every seat knows to be in seat r's hand (taken face up or taken back "
            "this round); r = 0: which of your cards the others know",
        )
        self._table = add("table", (n, c), "card lies in one of seat r's combinations")
        self._face_up = add("face_up", (3, c), "card lies face up in slot s (0..2)")
        self._discard = add("discard", c, "card is in the discard pile (face up)")
        self._seen_rows = 2 * n + 5
        self._unseen = add(
            "unseen", c, "card is in none of the blocks above: in the deck or hidden in a hand"
        )
        self._table_discipline = add(
            "table_discipline", (5, c), "card lies in a combination of discipline d"
        )
        self._table_half = add(
            "table_half", c, "card lies on the table with its second half (index 1) active"
        )
        self._teacher_cards = add(
            "teacher_cards", c, "card lies in a combination that holds its teacher"
        )
        self._selection = add("selection", c, "card is in the combination you are placing")
        self._selection_half = add(
            "selection_half", c, "card is in that combination with its second half active"
        )
        self._kept = add("kept", c, "card you chose to keep for the next round (keeping)")
        self._own = add(
            "own_combinations",
            (OWN_SLOTS, 6),
            f"your combination number j (take back: action 140 + j), j < {OWN_SLOTS}: "
            "its discipline (columns 0..4) and whether it holds its teacher (column 5)",
        )
        self._teachers = add(
            "teachers",
            (5, n + 1),
            "where the teacher of discipline d is: on the board (column 0) or with seat r "
            "(column r + 1)",
        )
        self._stack_top = add(
            "stack_top",
            (5, 6),
            "value (column 1..5) of the top item of each stack; column 0: empty",
        )
        self._phase = add("phase", 5, "one-hot: main, placing, after_main, keeping, over")
        self._current = add("current_player", n, "one-hot: the seat that decides now")
        self._turn_player = add("turn_player", n, "one-hot: the seat whose turn it is")
        self._placing = add("placing", 5, "one-hot: discipline of the combination being placed")
        self._flags = add(
            "flags",
            4,
            "optional action used this turn; you may take back now; expert variant; "
            "the game is over",
        )
        self._stacks = add(
            "stacks", (5, 5), "items of each kind left in its stack, by value 1..5: count / 4"
        )
        self._items = add(
            "items", (n, 5, 5), "items of each kind and value 1..5 that seat r holds: count / 4"
        )
        self._per_seat = add("hand_sizes", n, "cards in seat r's hand / 32 (at most 1)")
        add("scrolls", n, "scrolls of seat r / 3 (at most 1)")
        add("totals", n, "item values plus scrolls of seat r / 40 (at most 1)")
        add("gold", n, "seat r's coat shows its gold side")
        add("rounds_won", n, "rounds seat r has won / 2 (at most 1)")
        self._counts = add(
            "counts",
            5,
            "deck size / 65; discard pile size / 65; round / 10 (at most 1); "
            "turns played / 400 (at most 1); cards the keeping seat may keep / 3",
        )
        self._relative = [[(seat - you) % n for seat in range(n)] for you in range(n)]
        # The vector is written in place as float32 values: every block starts at 0
        # except `unseen`, which starts at 1 and is cleared for each card written to
        # one of the "seen" planes. Scaled values come from tables of float32 k / d.
        template = array("f", bytes(4 * layout.size))
        template[self._unseen : self._unseen + c] = array("f", [1.0] * c)
        self._template = template
        self._thirds = fractions(3, 3)
        self._fortieths = fractions(40, 40)
        self._deck_fraction = fractions(c, c)
        self._round_fraction = fractions(10, 10)
        self._turn_fraction = fractions(400, 400)

    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
        obs = observation
        n = self.players
        c = NUM_CARDS
        you: int = obs["you"]
        rel = self._relative[you]  # seat -> r
        # One machine array of float32, filled by item assignment (the cheapest write
        # Python has) and handed to numpy as it is.
        v = self._template[:]
        unseen = self._unseen

        base = self._hand
        for cid in map(_ID, obs["hand"]):
            v[base + cid] = 1.0
            v[unseen + cid] = 0.0
        base = self._known
        for seat, cards in enumerate(obs["known_cards"]):
            if cards:
                at = base + rel[seat] * c
                for cid in map(_ID, cards):
                    v[at + cid] = 1.0
                    v[unseen + cid] = 0.0
        table = obs["table"]
        half_base = self._table_half
        teacher_base = self._teacher_cards
        table_base = self._table
        discipline_base = self._table_discipline
        for seat, row in enumerate(table):
            if not row:
                continue
            at = table_base + rel[seat] * c
            for combo in row:
                d_at = discipline_base + _DISCIPLINE[combo["discipline"]] * c
                if combo["teacher"] is None:
                    for cid, half in map(_ID_HALF, combo["cards"]):
                        v[at + cid] = v[d_at + cid] = 1.0
                        v[unseen + cid] = 0.0
                        if half:
                            v[half_base + cid] = 1.0
                else:
                    for cid, half in map(_ID_HALF, combo["cards"]):
                        v[at + cid] = v[d_at + cid] = v[teacher_base + cid] = 1.0
                        v[unseen + cid] = 0.0
                        if half:
                            v[half_base + cid] = 1.0
        at = self._own
        for combo in table[you][:OWN_SLOTS]:
            v[at + _DISCIPLINE[combo["discipline"]]] = 1.0
            if combo["teacher"] is not None:
                v[at + 5] = 1.0
            at += 6
        at = self._face_up
        for card in obs["face_up"]:
            if card is not None:
                cid = card["id"]
                v[at + cid] = 1.0
                v[unseen + cid] = 0.0
            at += c
        base = self._discard
        for cid in map(_ID, obs["discard"]):
            v[base + cid] = 1.0
            v[unseen + cid] = 0.0
        selection = obs["selection"]
        if selection:
            base = self._selection
            for cid, half in map(_ID_HALF, selection):
                v[base + cid] = 1.0
                if half:
                    v[base + c + cid] = 1.0
        keeping = obs["keeping"]
        if keeping is not None:
            base = self._kept
            for card in keeping.get("kept", ()):
                v[base + card["id"]] = 1.0
            v[self._counts + 4] = self._thirds[keeping["limit"]]

        teachers = obs["teachers"]
        at = self._teachers
        for name in TEACHERS:
            where = teachers[name]
            v[at if where == "board" else at + rel[where] + 1] = 1.0
            at += n + 1
        stacks = obs["stacks"]
        top = self._stack_top
        left = self._stacks - 1
        for kind in ITEM_KINDS:
            values = stacks[kind]
            if values:
                v[top + values[0]] = 1.0
                for value in values:
                    v[left + value] += 0.25
            else:
                v[top] = 1.0
            top += 6
            left += 5
        v[self._phase + _PHASE[obs["phase"]]] = 1.0
        current = obs["current_player"]
        if current >= 0:
            v[self._current + rel[current]] = 1.0
        v[self._turn_player + rel[obs["turn_player"]]] = 1.0
        placing = obs["placing"]
        if placing is not None:
            v[self._placing + _DISCIPLINE[placing]] = 1.0
        at = self._flags
        v[at] = obs["optional_used"]
        v[at + 1] = obs["may_take_back"]
        v[at + 2] = obs["variant"] == "expert"
        v[at + 3] = obs["winner"] is not None

        base = self._items
        for seat, items in enumerate(obs["items"]):
            if items:
                at = base + rel[seat] * 25 - 1
                for item in items:
                    v[at + _KIND[item["kind"]] * 5 + item["value"]] += 0.25
        hand_sizes = obs["hand_sizes"]
        scrolls = obs["scrolls"]
        totals = obs["totals"]
        coats = obs["coats"]
        won = obs["rounds_won"]
        thirds = self._thirds
        fortieths = self._fortieths
        base = self._per_seat
        for seat in range(n):
            at = base + rel[seat]
            size = hand_sizes[seat]
            v[at] = size / 32 if size < 32 else 1.0
            count = scrolls[seat]
            v[at + n] = thirds[count if count < 3 else 3]
            count = totals[seat]
            v[at + 2 * n] = fortieths[count if count < 40 else 40]
            v[at + 3 * n] = coats[seat] == "gold"
            count = won[seat]
            v[at + 4 * n] = count / 2 if count < 2 else 1.0
        at = self._counts
        v[at] = self._deck_fraction[min(obs["deck_size"], c)]
        v[at + 1] = self._deck_fraction[min(obs["discard_size"], c)]
        v[at + 2] = self._round_fraction[min(obs["round"], 10)]
        v[at + 3] = self._turn_fraction[min(obs["turns_played"], 400)]
        return np.frombuffer(v, np.float32)

    def check(self, observation: Mapping[str, Any]) -> None:
        """Raise if `observation` is not one this encoder understands (game data changed)."""
        super().check(observation)
        if observation.get("players") != self.players:
            raise MeepleError(
                f"the Anludim encoder for {self.players} players cannot read an observation "
                f"of {observation.get('game')!r} for {observation.get('players')!r} players"
            )
        names = {
            "teachers": (tuple(observation["teachers"]), TEACHERS),
            "stacks": (tuple(observation["stacks"]), ITEM_KINDS),
        }
        for key, (got, expected) in names.items():
            if got != expected:
                raise MeepleError(
                    f"the Anludim encoder expects {key} {', '.join(expected)}; "
                    f"the game sent {', '.join(got)}"
                )
        disciplines = {c["discipline"] for row in observation["table"] for c in row}
        kinds = {item["kind"] for items in observation["items"] for item in items}
        unknown = (
            ({observation["phase"]} - set(PHASES))
            | (disciplines - set(DISCIPLINES))
            | (kinds - set(ITEM_KINDS))
        )
        if unknown:
            raise MeepleError(f"the Anludim encoder does not know {', '.join(sorted(unknown))}")
