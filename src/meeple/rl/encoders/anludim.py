"""Anludim's observation encoding: `observation(p)` as one flat vector in [0, 1].

Seats are relative: "seat r" is the seat r places after you in turn order, so r = 0 is
always you, whatever your seat number. Cards are indexed by their id (0..64), whose two
halves are fixed data. Every block is listed, with its meaning, in docs/rl.md; the
layout for a configuration is `encoder.describe()`.

`encode_ids` makes the same vector from the state's compact `observation_ids(p)` (its
layout is documented there): the sections the state keeps between calls are encoded
once and reused while they are the same objects.

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
    shown_options = (("variant", "variant"),)

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
        self._build_compact(layout.size)

    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
        self._check_seats(observation)
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

    # --- the compact path ------------------------------------------------------------

    reads_ids = True

    def _build_compact(self, size: int) -> None:
        """Tables of `encode_ids`. Sections of the compact view that change rarely are
        encoded once and kept in one-entry caches (per seat for the standing, whose
        blocks are relative to you): each entry is (section, what it writes), keyed on
        the section's identity and holding it, so a pure function of that tuple."""
        n = self.players
        c = NUM_CARDS
        template = self._template[:]
        expert = self.info.values.get("variant") == "expert"
        template[self._flags + 2] = 1.0 if expert else 0.0
        self._template_ids = template
        # Values of a section's writes: ones then zeros, a view into this pattern.
        self._pattern_middle = size
        self._pattern = np.concatenate([np.ones(size, np.float32), np.zeros(size, np.float32)])
        # Positions a placed card sets, whatever its seat: discipline plane, then the
        # half and teacher planes as they apply; by (discipline, half, teacher, card).
        self._placed_at = tuple(
            tuple(
                tuple(
                    tuple(
                        (self._table_discipline + d * c + cid,)
                        + ((self._table_half + cid,) if half else ())
                        + ((self._teacher_cards + cid,) if teacher else ())
                        for cid in range(c)
                    )
                    for teacher in (0, 1)
                )
                for half in (0, 1)
            )
            for d in range(5)
        )
        self._blank_plane = array("f", bytes(4 * c))
        self._blank_own = array("f", bytes(4 * OWN_SLOTS * 6))
        # The standing block runs from the teachers to the rounds won; the per-turn
        # values inside it (phase .. flags, hand sizes) are written after it.
        self._standing_lo = self._teachers
        self._standing_hi = self._counts
        blank = array("f", bytes(4 * (self._standing_hi - self._standing_lo)))
        blank[self._flags + 2 - self._standing_lo] = 1.0 if expert else 0.0
        self._standing_blank = blank
        self._stack_writes: list[dict[tuple[int, ...], tuple[tuple[int, float], ...]]] = [
            {} for _ in range(5)
        ]
        self._size_fraction = tuple(k / 32 for k in range(33))
        self._standing_cache: list[tuple[Any, ...]] = [(None,)] * n
        self._known_cache: tuple[Any, ...] = (None,)
        self._table_cache: tuple[Any, ...] = (None,)
        self._board_cache: tuple[Any, ...] = (None,)
        self._start_cache: list[tuple[Any, ...]] = [(None,) * 5] * n

    def encode_ids(self, ids: tuple[Any, ...]) -> NDArray[np.float32]:
        (
            you,
            hand,
            known,
            table,
            board,
            standing,
            selection,
            kept,
            phase,
            current,
            turn_player,
            placing,
            optional_used,
            may_take_back,
            keep_limit,
            deck_size,
            round_,
            turns,
            hand_sizes,
        ) = ids
        c = NUM_CARDS
        rel = self._relative[you]
        # Scalars go into the machine array (the cheapest item writes), blocks through
        # a numpy array over the same memory. What the four kept sections write is
        # kept too, per seat, as the array to start from while none of them changes.
        start = self._start_cache[you]
        if (
            start[0] is not known
            or start[1] is not table
            or start[2] is not board
            or start[3] is not standing
        ):
            start = self._start_cache[you] = (
                known,
                table,
                board,
                standing,
                self._start(you, known, table, board, standing),
            )
        a = start[4][:]
        v = np.frombuffer(a, np.float32)
        base = self._hand
        unseen = self._unseen
        for cid in hand:
            a[base + cid] = 1.0
            a[unseen + cid] = 0.0
        if selection:
            base = self._selection
            for cid, half in selection:
                a[base + cid] = 1.0
                if half:
                    a[base + c + cid] = 1.0
        if kept:
            base = self._kept
            for cid in kept:
                a[base + cid] = 1.0
        a[self._phase + phase] = 1.0
        if current >= 0:
            a[self._current + rel[current]] = 1.0
        a[self._turn_player + rel[turn_player]] = 1.0
        if placing >= 0:
            a[self._placing + placing] = 1.0
        at = self._flags
        if optional_used:
            a[at] = 1.0
        if may_take_back:
            a[at + 1] = 1.0
        if phase == 4:
            a[at + 3] = 1.0
        at = self._per_seat
        fraction = self._size_fraction
        for seat, size in enumerate(hand_sizes):
            if size:
                a[at + rel[seat]] = fraction[size] if size < 32 else 1.0
        at = self._counts
        a[at] = self._deck_fraction[deck_size if deck_size < c else c]
        discard_size = len(board[1])
        if discard_size:
            a[at + 1] = self._deck_fraction[discard_size if discard_size < c else c]
        a[at + 2] = self._round_fraction[round_ if round_ < 10 else 10]
        a[at + 3] = self._turn_fraction[turns if turns < 400 else 400]
        if keep_limit:
            a[at + 4] = self._thirds[keep_limit]
        return v

    def _start(
        self,
        you: int,
        known: tuple[Any, ...],
        table: tuple[Any, ...],
        board: tuple[Any, ...],
        standing: tuple[Any, ...],
    ) -> array[float]:
        """The template with the kept sections written, as a machine array."""
        c = NUM_CARDS
        rel = self._relative[you]
        a = self._template_ids[:]
        v = np.frombuffer(a, np.float32)
        entry = self._standing_cache[you]
        if entry[0] is not standing:
            entry = self._standing_cache[you] = (standing, self._standing_block(standing, you))
        v[self._standing_lo : self._standing_hi] = entry[1]
        entry = self._known_cache
        if entry[0] is not known:
            entry = self._known_cache = (known, *self._known_writes(known))
        v[entry[1]] = 0.0
        base = self._known
        for seat, plane in enumerate(entry[2]):
            if plane is not None:
                at = base + rel[seat] * c
                v[at : at + c] = plane
        entry = self._table_cache
        if entry[0] is not table:
            entry = self._table_cache = (table, *self._table_writes(table))
        v[entry[1]] = entry[2]
        base = self._table
        for seat, plane in enumerate(entry[3]):
            if plane is not None:
                at = base + rel[seat] * c
                v[at : at + c] = plane
        own = entry[4][you]
        if own is not None:
            v[self._own : self._own + OWN_SLOTS * 6] = own
        entry = self._board_cache
        if entry[0] is not board:
            entry = self._board_cache = (board, *self._board_writes(board))
        v[entry[1]] = entry[2]
        return a

    def _packed(self, ones: list[int], zeros: list[int]) -> tuple[NDArray[np.intp], Any]:
        """Positions and values of writes: ones at `ones`, then zeros at `zeros`."""
        middle = self._pattern_middle
        values = self._pattern[middle - len(ones) : middle + len(zeros)]
        return np.array(ones + zeros, np.intp), values

    def _plane(self, cards: Any) -> NDArray[np.float32]:
        """A card plane with ones at `cards`."""
        plane = self._blank_plane[:]
        for cid in cards:
            plane[cid] = 1.0
        return np.frombuffer(plane, np.float32)

    def _known_writes(self, known: tuple[tuple[int, ...], ...]) -> tuple[Any, Any]:
        """Unseen positions to clear, and each seat's plane (None: no known card)."""
        unseen = self._unseen
        zeros = [unseen + cid for cards in known for cid in cards]
        planes = tuple([self._plane(cards) if cards else None for cards in known])
        return np.array(zeros, np.intp), planes

    def _table_writes(self, table: tuple[Any, ...]) -> tuple[Any, Any, Any, Any]:
        """The seat-free planes of the table (discipline, half, teacher, unseen) as
        writes; each seat's card plane and combination block (None: empty row)."""
        unseen = self._unseen
        placed_at = self._placed_at
        ones: list[int] = []
        zeros: list[int] = []
        planes: list[NDArray[np.float32] | None] = []
        owns: list[NDArray[np.float32] | None] = []
        for row in table:
            if not row:
                planes.append(None)
                owns.append(None)
                continue
            plane = self._blank_plane[:]
            for d, teacher, picks in row:
                by_half = placed_at[d]
                for cid, half in picks:
                    ones += by_half[half][teacher][cid]
                    zeros.append(unseen + cid)
                    plane[cid] = 1.0
            planes.append(np.frombuffer(plane, np.float32))
            own = self._blank_own[:]
            at = 0
            for d, teacher, _ in row[:OWN_SLOTS]:
                own[at + d] = 1.0
                if teacher:
                    own[at + 5] = 1.0
                at += 6
            owns.append(np.frombuffer(own, np.float32))
        return (*self._packed(ones, zeros), tuple(planes), tuple(owns))

    def _board_writes(self, board: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[Any, Any]:
        c = NUM_CARDS
        unseen = self._unseen
        face_up, discard = board
        ones: list[int] = []
        zeros: list[int] = []
        at = self._face_up
        for cid in face_up:
            if cid >= 0:
                ones.append(at + cid)
                zeros.append(unseen + cid)
            at += c
        at = self._discard
        ones += [at + cid for cid in discard]
        zeros += [unseen + cid for cid in discard]
        return self._packed(ones, zeros)

    def _standing_block(self, standing: tuple[Any, ...], you: int) -> NDArray[np.float32]:
        """Teachers, stacks, items and the per-seat tallies, as the float32 block from
        the teachers to the rounds won (zeros where the per-turn values go)."""
        n = self.players
        lo = self._standing_lo
        rel = self._relative[you]
        teacher_seats, stacks, items, scrolls, coats, rounds_won = standing
        block = self._standing_blank[:]
        at = self._teachers - lo
        for seat in teacher_seats:
            block[at if seat < 0 else at + rel[seat] + 1] = 1.0
            at += n + 1
        for kind, values in enumerate(stacks):
            known_stacks = self._stack_writes[kind]
            writes = known_stacks.get(values)
            if writes is None:
                writes = known_stacks[values] = self._stack_block(kind, values)
            for at, value in writes:
                block[at] = value
        for seat, held in enumerate(items):
            if held:
                at = self._items - lo + rel[seat] * 25 - 1
                for kind, value in held:
                    block[at + kind * 5 + value] += 0.25
        thirds = self._thirds
        fortieths = self._fortieths
        base = self._per_seat - lo
        for seat in range(n):
            at = base + rel[seat]
            count = scrolls[seat]
            if count:
                block[at + n] = thirds[count if count < 3 else 3]
            held = items[seat]
            if held:
                count += sum([value for _, value in held])
            if count:
                block[at + 2 * n] = fortieths[count if count < 40 else 40]
            if coats[seat]:
                block[at + 3 * n] = 1.0
            count = rounds_won[seat]
            if count:
                block[at + 4 * n] = count / 2 if count < 2 else 1.0
        return np.frombuffer(block, np.float32)

    def _stack_block(self, kind: int, values: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
        """(position in the standing block, value) of one stack's top and counts."""
        lo = self._standing_lo
        top = self._stack_top - lo + kind * 6
        if not values:
            return ((top, 1.0),)
        left = self._stacks - lo + kind * 5 - 1
        counts: dict[int, float] = {}
        for value in values:
            counts[left + value] = counts.get(left + value, 0.0) + 0.25
        return ((top + values[0], 1.0), *counts.items())

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
