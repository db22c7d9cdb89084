"""Lost Ruins of Arnak: the forward model's state and the flow of its turns and rounds.

A turn is a series of small decisions. With nothing pending, the player in turn picks a
main action or a free action (or ends the turn once the main action is taken). Every
effect is a list of steps (components.py) run by one interpreter, `_step`; a step that
needs a decision pushes a frame on `_stack`, and a `seq` frame walks a list of steps.
A frame is a tuple `(kind, seat, *data)`; the top frame decides who acts and what is
legal. The solo rival's turns are resolved by the engine (rival.py) between the human's.

ArnakState is one object whose methods are split by what they do: here its setup, the
game protocol (clone, observations, guesses, scores), the flow of turns and rounds and
the small moves everything uses (draws, payments, travel, the sites' queries); in
turn.py (TurnMixin) the main actions of a turn; in effects.py (EffectsMixin) the effect
interpreter and its pending decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.game import TERMINAL, CheckedState, check_resample_seed, check_seat
from meeple.core.wording import third_person
from meeple.games.arnak import owl, spider
from meeple.games.arnak.components import (
    ARTIFACTS,
    ASSISTANTS,
    BOARDS,
    BONUS_KINDS,
    CAMP_TRAVEL,
    CAMPS,
    CARDS,
    COIN,
    EMPTY_SLOT_VALUES,
    FEAR,
    FEAR_IN_BOX,
    GUARDIANS,
    IDOL_REWARDS,
    ITEMS,
    LEVEL1_TILES,
    LEVEL2_TILES,
    SITE_TILES,
    STARTING_DECK,
    TEMPLE_STACKS,
    TRACKS,
    TWISTED_LEVEL1_TILES,
    TWISTED_LEVEL2_TILES,
    VP_PER_IDOL,
    Effect,
)
from meeple.games.arnak.effects import (
    ADDING_SLOT_ACTIONS,
    GUARDIAN_TO,
    KEEP,
    LOOK_KEEP,
    LOOK_RETURN,
    RELOCATE_TO,
    SEQ,
    TRAVEL,
    EffectsMixin,
    is_free,
)
from meeple.games.arnak.rival import OBJECTIVE, YOURS
from meeple.games.arnak.spaces import (
    BLOCKED,
    FREE,
    GAP,
    HOME,
    NUM_SLOTS,
    RIVAL,
    SITE_SLOTS,
    SLOT_SITE,
)
from meeple.games.arnak.travel import NO_ICONS, as_planes, deficit
from meeple.games.arnak.turn import TurnMixin

if TYPE_CHECKING:
    from meeple.games.arnak.game import ArnakGame

# What other modules import from here, the marks of spaces.py and the frame kinds of
# effects.py among them (they were defined here before those modules were split off).
__all__ = [
    "ADDING_SLOT_ACTIONS",
    "BLOCKED",
    "CARD_VP",
    "FREE",
    "GUARDIAN_TO",
    "GUARDIAN_VP",
    "HAND_SIZE",
    "HOME",
    "LOOK_KEEP",
    "LOOK_RETURN",
    "RELOCATE_TO",
    "RIVAL",
    "ROUNDS",
    "SEQ",
    "SITE_SLOTS",
    "SLOT_SITE",
    "START_RESOURCES",
    "TEMPLE_VP",
    "TRAVEL",
    "ArnakState",
    "Seat",
    "is_free",
]

START_RESOURCES: tuple[tuple[int, ...], ...] = (
    (2, 0, 0, 0, 0),
    (1, 1, 0, 0, 0),
    (2, 1, 0, 0, 0),
    (1, 2, 0, 0, 0),
)
HAND_SIZE = 5
ROUNDS = 5
GUARDIAN_VP = 5
CARD_VP: tuple[int, ...] = tuple(card.vp for card in CARDS)  # Fear's is -1
TEMPLE_VP: tuple[int, ...] = tuple(stack.vp for stack in TEMPLE_STACKS)
_ALL_SLOTS_EMPTY = sum(EMPTY_SLOT_VALUES)
_CARD_VP_OF = CARD_VP.__getitem__
_TEMPLE_VP_OF = TEMPLE_VP.__getitem__


def _research_vp(track: Any) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Research points by node of the notebook, of the glass, and by temple rank. The
    Lost Temple's node, last, has no row: a glass there has a temple rank instead."""
    rows = track.rows
    ranked = [node for node in track.nodes if node.row < len(rows)]
    assert list(track.nodes[: len(ranked)]) == ranked, "rowless nodes come last"
    return (
        tuple(node.notebook_vp for node in ranked),
        tuple(node.glass_vp for node in ranked),
        track.lost_temple_vp,
    )


_RESEARCH_VP = {board: _research_vp(track) for board, track in TRACKS.items()}


class Seat:
    """One expedition's components."""

    __slots__ = (
        "all_plane",
        "arch",
        "assistants",
        "crates",
        "dark",
        "deck",
        "fear_tiles",
        "glass",
        "guardians",
        "hand",
        "keep_out",
        "lantern",
        "no_fear",
        "notebook",
        "owl_slotted",
        "owl_tiles",
        "passage",
        "passed",
        "play",
        "private_top",
        "public",
        "res",
        "slots",
        "temple_rank",
        "temples",
    )

    def __init__(self, start: int) -> None:
        self.res: list[int] = [0] * 5
        # how many of the res[TABLET] tablets are the Spider Temple's dark tablets
        self.dark = 0
        self.hand: list[int] = []
        # cards of the hand chosen at a round's end to go to the play area: they stay in
        # the hand, out of the other seats' sight, until every seat has chosen
        self.keep_out: list[int] = []
        self.deck: list[int] = []  # index 0 is the bottom
        self.public: list[bool] = []  # per deck position: is that card's identity public?
        self.private_top = 0  # top cards whose identity only this seat knows
        self.play: list[int] = []
        self.fear_tiles = 0
        self.arch: list[int] = [HOME, HOME]
        self.glass = start
        self.notebook = start
        self.temple_rank = -1
        self.assistants: list[int] = []  # id | gold << 4 | exhausted << 5
        self.crates = 0
        self.slots: list[bool] = [False] * 4
        self.guardians: list[int] = []  # id | boon used << 4
        self.temples: list[int] = []
        # the Owl Temple: the lantern's node (-1: on the player board), the secret
        # passage the glass took (-1 none), the Owl tiles' points, idols in their slots
        self.lantern = -1
        self.passage = -1
        self.owl_tiles: list[int] = []
        self.owl_slotted = 0
        self.passed = False
        self.no_fear = False
        self.all_plane = False

    def copy(self) -> Seat:
        new = Seat.__new__(Seat)
        new.res = self.res[:]
        new.dark = self.dark
        new.hand = self.hand[:]
        new.keep_out = self.keep_out[:]
        new.deck = self.deck[:]
        new.public = self.public[:]
        new.private_top = self.private_top
        new.play = self.play[:]
        new.fear_tiles = self.fear_tiles
        new.arch = self.arch[:]
        new.glass = self.glass
        new.notebook = self.notebook
        new.temple_rank = self.temple_rank
        new.assistants = self.assistants[:]
        new.crates = self.crates
        new.slots = self.slots[:]
        new.guardians = self.guardians[:]
        new.temples = self.temples[:]
        new.lantern = self.lantern
        new.passage = self.passage
        new.owl_tiles = self.owl_tiles[:]
        new.owl_slotted = self.owl_slotted
        new.passed = self.passed
        new.no_fear = self.no_fear
        new.all_plane = self.all_plane
        return new

    def cards(self) -> list[int]:
        return self.hand + self.deck + self.play

    def keeping(self) -> list[int]:
        """The hand without the cards chosen to go to the play area at the round's end."""
        if not self.keep_out:
            return self.hand
        rest = self.hand[:]
        for c in self.keep_out:
            rest.remove(c)
        return rest

    def assistant_slot(self, assistant: int) -> int:
        return [a & 15 for a in self.assistants].index(assistant)

    def guardian_slot(self, guardian: int) -> int:
        return [g & 15 for g in self.guardians].index(guardian)

    def arch_at(self, site: int) -> int:
        """Which of this seat's archaeologists stands at `site`."""
        return next(i for i, s in enumerate(self.arch) if s != HOME and SLOT_SITE[s] == site)


def _offers(effect: Effect, resource: int) -> bool:
    """Does a site effect offer `resource` (for the solo rival's dig tiles)?"""
    for op, arg in effect:
        if op == "gain" and arg[resource] > 0:
            return True
        if op == "pay" and _offers(arg[1], resource):
            return True
        if op == "choose_one" and any(_offers(option, resource) for option in arg):
            return True
    return False


def _observe_ids(state: ArnakState, player: int) -> tuple[Any, ...]:
    """observe.observe_ids, imported on first use (observe.py reads this module)."""
    global _observe_ids
    from meeple.games.arnak.observe import observe_ids

    _observe_ids = observe_ids
    return observe_ids(state, player)


class ArnakState(TurnMixin, EffectsMixin, CheckedState):
    game: ArnakGame

    def __init__(self, game: ArnakGame, seed: int) -> None:
        self.game = game
        self._begin(seed)
        rng = self._rng
        n = game.info.players
        self._solo = n == 1
        table = 2 if self._solo else n  # the solo game is set up as for two
        self._n = n
        self._board = game.board
        self._spaces = BOARDS[game.board]
        self._track = TRACKS[game.board]
        self._seats = [Seat(self._track.start) for _ in range(n)]
        for p, seat in enumerate(self._seats):
            seat.res = list(START_RESOURCES[1 if self._solo else p])
            seat.deck = list(STARTING_DECK)
            rng.shuffle(seat.deck)
            seat.public = [False] * len(seat.deck)
        self._fear = FEAR_IN_BOX - 2 * n
        self._occ = [FREE] * NUM_SLOTS
        camps = list(range(5))
        if table == 3:
            rng.shuffle(camps)
            camps = sorted(camps[: game.blocked_camps(table)])
        elif game.blocked_camps(table) == 0:
            camps = []
        for c in camps:
            self._occ[2 * c + 1] = BLOCKED
        self._tile = [FREE] * 17
        self._guardian = [FREE] * 17
        self._idol_up = [FREE] * 17
        self._idol_down = [0] * 17
        owl_side = self._track.owl is not None  # its sites take the expansion's idols too
        idols = [
            r.num
            for r in IDOL_REWARDS
            for _ in range(r.copies + (r.twisted_paths if owl_side else 0))
        ]
        rng.shuffle(idols)
        for site in range(5, 17):
            self._idol_up[site] = idols.pop()
            hidden = self._spaces[site].hidden_idols
            for _ in range(hidden):
                idols.pop()
            self._idol_down[site] = hidden
        self._stacks = [list(LEVEL1_TILES), list(LEVEL2_TILES)]
        if game.twisted_paths_sites:
            self._stacks[0] += TWISTED_LEVEL1_TILES
            self._stacks[1] += TWISTED_LEVEL2_TILES
        for stack in self._stacks:
            rng.shuffle(stack)
        self._known_bottom = [0, 0]
        self._guardians = list(range(len(GUARDIANS)))
        rng.shuffle(self._guardians)
        self._item_deck = list(ITEMS)
        self._art_deck = list(ARTIFACTS)
        rng.shuffle(self._item_deck)
        rng.shuffle(self._art_deck)
        self._known_top = [False, False]  # item deck, artifact deck
        self._revealed: list[int] = []  # deck tops on offer to the pending buy
        self._row_art: list[int] = []
        self._row_item: list[int] = []
        self._item_exile: list[int] = []
        self._art_exile: list[int] = []
        # per seat, the basic and Fear cards it exiled (public); tuples, so clones share them
        self._seat_exile: tuple[tuple[int, ...], ...] = ((),) * n
        self._round = 1
        self._refill_row()
        assistants = list(range(len(ASSISTANTS)))
        rng.shuffle(assistants)
        self._rescue: list[int] = []
        if game.board == "snake":
            self._rescue = assistants[:table]
            rest = assistants[table:]
            self._supply = [rest[:3], rest[3:6], rest[6:]]
        else:
            self._supply = [assistants[0:4], assistants[4:8], assistants[8:12]]
        self._rescue_seen = 0
        tiles = [b.num for b in BONUS_KINDS for _ in range(b.copies)]
        rng.shuffle(tiles)
        key = f"p{table}"
        self._bonus: list[list[int]] = []
        for node in self._track.nodes:
            self._bonus.append([tiles.pop() for _ in range(node.bonus.get(key, 0))])
        self._temple_bonus = [
            tiles.pop() for _ in range(table if self._track.lost_temple >= 0 else 0)
        ]
        self._dark_supply: list[int] = []
        self._altar_card: list[int] = []
        self._altar_tabs: list[list[int]] = []
        spider.setup(self, table)
        # observation_ids's research track section (as seen by a seat that has not
        # looked at the Lost Temple's bonus tiles), after the bonus tiles left on the
        # track, the temple's bonus tiles left and the arrivals there it was made of.
        self._bonus_ids: tuple[int, int, int, tuple[Any, ...]] | None = None
        # observation_ids's (tile, guardian, face-up idol, face-down idols) per site:
        # None wherever the rules change one of them, rebuilt by the next view.
        self._ids_sites: tuple[tuple[int, ...], ...] | None = None
        # observation_ids's cards per seat (hand, deck, play area, an Earring draw
        # pending; sorted) and their points: moving a card among these keeps them, so
        # None only where a card is gained or leaves (_cards_changed).
        self._ids_owned: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None = None
        self._box_bonus = tiles  # never used; hidden like the Lost Temple's stack
        self._temple_seen = 0
        self._arrivals = 0
        self._temple_left = [table] * len(TEMPLE_STACKS)
        self._owl_track: list[int] = []
        self._passage_used: list[int] = []
        self._owl_marked: list[int] = []
        owl.setup(self, table)
        self._stack: list[tuple[Any, ...]] = []
        self._start = 0
        self._turn = 0
        self._main = False
        self._late_free = False
        self._pool = [0, 0, 0, 0]
        self._pass_pending = False
        self._over = False
        self._keeping = False
        self._rival: Any = None
        if self._solo:
            from meeple.games.arnak.rival import Rival

            self._rival = Rival.new(
                rng, game.difficulty, self._track.start, game.purple, game.board
            )
        for seat in self._seats:
            self._draw(seat, HAND_SIZE)
        self._start_turns()
        self._settle()

    # ------------------------------------------------------------------ protocol

    @property
    def current_player(self) -> int:
        if self._over:
            return TERMINAL
        if self._stack:
            return int(self._stack[-1][1])
        return self._turn

    def clone(self) -> ArnakState:
        new = ArnakState.__new__(ArnakState)
        self._copy_common(new)
        new._solo = self._solo
        new._n = self._n
        new._board = self._board
        new._spaces = self._spaces
        new._track = self._track
        new._seats = [s.copy() for s in self._seats]
        new._fear = self._fear
        new._occ = self._occ[:]
        new._tile = self._tile[:]
        new._guardian = self._guardian[:]
        new._idol_up = self._idol_up[:]
        new._idol_down = self._idol_down[:]
        new._stacks = [self._stacks[0][:], self._stacks[1][:]]
        new._known_bottom = self._known_bottom[:]
        new._guardians = self._guardians[:]
        new._item_deck = self._item_deck[:]
        new._art_deck = self._art_deck[:]
        new._known_top = self._known_top[:]
        new._revealed = self._revealed[:]
        new._row_art = self._row_art[:]
        new._row_item = self._row_item[:]
        new._item_exile = self._item_exile[:]
        new._art_exile = self._art_exile[:]
        new._seat_exile = self._seat_exile
        new._round = self._round
        new._rescue = self._rescue[:]
        new._supply = [s[:] for s in self._supply]
        new._rescue_seen = self._rescue_seen
        new._bonus = [b[:] for b in self._bonus]
        new._temple_bonus = self._temple_bonus[:]
        new._dark_supply = self._dark_supply[:]
        new._altar_card = self._altar_card[:]
        new._altar_tabs = [tabs[:] for tabs in self._altar_tabs]
        new._owl_track = self._owl_track[:]
        new._passage_used = self._passage_used[:]
        new._owl_marked = self._owl_marked[:]
        new._bonus_ids = self._bonus_ids
        new._ids_sites = self._ids_sites
        new._ids_owned = self._ids_owned
        new._box_bonus = self._box_bonus[:]
        new._temple_seen = self._temple_seen
        new._arrivals = self._arrivals
        new._temple_left = self._temple_left[:]
        new._stack = self._stack[:]
        new._start = self._start
        new._turn = self._turn
        new._main = self._main
        new._late_free = self._late_free
        new._pool = self._pool[:]
        new._pass_pending = self._pass_pending
        new._over = self._over
        new._keeping = self._keeping
        new._rival = self._rival.copy() if self._rival is not None else None
        return new

    def scores(self) -> list[float]:
        return [float(self._score(p)) for p in range(self._n)]

    def returns(self) -> list[float]:
        if not self._over:
            return [0.0] * self._n
        if self._solo:
            return [1.0 if self._score(0) > self._rival.score(self) else 0.0]
        keys = [self._rank_key(p) for p in range(self._n)]
        best = max(keys)
        return [1.0 if k == best else 0.0 for k in keys]

    def action_to_string(self, action: int) -> str:
        from meeple.games.arnak.text import action_text

        return action_text(self, action)

    def public_action_string(self, action: int) -> str:
        from meeple.games.arnak.text import action_text

        return third_person(action_text(self, action, public=True))

    def observation(self, player: int) -> dict[str, Any]:
        from meeple.games.arnak.observe import observe

        return observe(self, self._check_seat(player))

    def observation_ids(self, player: int) -> tuple[Any, ...]:
        """`observation(player)` as nested tuples of ints, for meeple.rl's encoder.

        Seats, cards, sites, tiles, guardians, assistants, research nodes, bonus kinds,
        temple stacks and the rival's tiles are numbered as in the game's components
        (card c is CARDS[c]); -1 stands for none. The sections, in order:

        0. `player`.
        1. The turn: (round, current player (TERMINAL when over), start player, main
           action used, game over, pending frame's kind (observe.FRAME_KINDS; -1 none),
           the travel pool (boot, car, boat, plane), the cards `player` drew for the
           pending Earring choice when it is theirs to make, and for a pending travel
           payment (its cost, the icons paid so far, the site it is for or -1), else
           None, then the site an archaeologist or guardian being moved leaves, or -1).
        2. `player`'s cards: (hand, the deck's top cards only they know (bottom to top),
           the cards of their deck whose place is public (bottom to top), the deck's top
           card if they know it else -1).
        3. Per seat, in seat order: ((play area, resources, hand size, deck size, Fear
           tiles, passed, score so far), (glass node, notebook node, temple rank (-1
           none), idols not slotted, filled idol slots as bits, assistants (id | gold
           << 4 | exhausted << 5), guardians (id | boon used << 4), temple tiles)).
        4. Cards on show: (artifact row, item row (-1 an empty space), revealed deck
           tops, exiled items, exiled artifacts, (item deck, artifact deck, Fear cards,
           guardians, level I tiles, level II tiles left)).
        5. Sites: (occupant of each archaeologist space (a seat, RIVAL, FREE,
           BLOCKED), (tile (-1 undiscovered; camps -1), guardian, face-up idol's reward,
           face-down idols) per site).
        6. The research track: (bonus tiles per node, Lost Temple bonus tiles left, its
           VP tiles left, its bonus tiles if `player` has looked, sorted).
        7. Assistants: ((top, count) per supply stack, (top, count) of the rescue stack
           (Snake Temple; else None), the rescue stack if `player` has looked).
        8. Temple tiles left per stack.
        9. The solo rival (else None): (archaeologists home, glass node, temple rank,
           guardians, cards, face-up idol kinds, idols at minus one, temple tiles, tiles
           left in its stack, its tiles used this round, next arrow (0 left, 1 right),
           score).
        10. The board's travel cost (boot, car, boat, plane) of each space, by site:
           the same tuple in every view of a board.
        11. Per seat, the cards it owns (hand, deck, play area, a pending Earring
           draw), sorted; the same tuple until a card is gained or leaves.
        12. The Spider Temple (else None): (dark tablets per seat, dark tablets per
           supply space (left to right), the artifact on each altar (-1 none), per
           altar the tablets under it per seat (then the solo rival's)).
        13. The Owl Temple (else None): ((lantern node (-1 on the player board),
           secret passage (-1 none), Owl tiles' points, idols in Owl tile slots) per
           seat, 1 per track tile still lying there, per passage who took it (a seat,
           RIVAL, FREE), 1 per track tile the rival has marked). The top of the
           temple's piles are section 8's counts on this side.
        """
        if player.__class__ is not int or not 0 <= player < self._n:
            player = self._check_seat(player)  # a numpy seat as its int, or SeatError
        return _observe_ids(self, player)

    def public_observation(self) -> dict[str, Any]:
        from meeple.games.arnak.observe import observe

        return observe(self, None)

    def resample(self, player: int, seed: int) -> ArnakState:
        from meeple.games.arnak.observe import resample

        return resample(self, self._check_seat(player), check_resample_seed(seed))

    def _check_seat(self, player: Any) -> int:
        if player.__class__ is not int or not 0 <= player < self._n:
            return check_seat(player, self._n)
        return int(player)

    # ------------------------------------------------------------------ scoring

    def research_points(self, p: int) -> int:
        seat = self._seats[p]
        track = self._track
        if track.owl is not None:
            return owl.research_points(self, seat)
        points = track.nodes[seat.notebook].notebook_vp
        if seat.temple_rank >= 0:
            return points + track.lost_temple_vp[seat.temple_rank]
        return points + track.nodes[seat.glass].glass_vp

    def score_parts(self, p: int) -> dict[str, int]:
        seat = self._seats[p]
        cards = seat.cards() + self._drawn(p)
        idols = seat.crates + sum(seat.slots) + seat.owl_slotted
        return {
            "research": self.research_points(p),
            "temple_tiles": sum(TEMPLE_STACKS[t].vp for t in seat.temples) + sum(seat.owl_tiles),
            "idols": idols * VP_PER_IDOL
            + sum(v for v, full in zip(EMPTY_SLOT_VALUES, seat.slots, strict=True) if not full),
            "guardians": GUARDIAN_VP * len(seat.guardians),
            "cards": sum(CARDS[c].vp for c in cards if c != FEAR),
            "fear": -sum(1 for c in cards if c == FEAR) - 2 * seat.fear_tiles,
        } | self._altar_parts(p)

    def _altar_parts(self, p: int) -> dict[str, int]:
        """The Spider Temple's two parts of `p`'s score (none on other boards)."""
        if not self._altar_tabs:
            return {}
        return {
            "altars": spider.majority_points(self, p),
            "dark_tablets": spider.penalty(self) * spider.placed(self, p),
        }

    def _drawn(self, p: int) -> list[int]:
        """Cards `p` holds in a pending Earring draw (still theirs, in no pile yet)."""
        out: list[int] = []
        for frame in self._stack:
            if frame[1] == p and frame[0] in (LOOK_KEEP, LOOK_RETURN):
                out.extend(frame[2])
        return out

    def _score(self, p: int) -> int:
        """The sum of `score_parts(p)`, without building it (observations show it)."""
        # Every observation shows every seat's score, so this is kept to table look-ups
        # and C-level sums.
        seat = self._seats[p]
        vp = _CARD_VP_OF
        slots = seat.slots
        if self._track.owl is None:
            notebook_vp, glass_vp, temple_vp = _RESEARCH_VP[self._board]
            rank = seat.temple_rank
            points = notebook_vp[seat.notebook] + (
                temple_vp[rank] if rank >= 0 else glass_vp[seat.glass]
            )
        else:  # the lantern, a passage, Owl tiles and the idols in their slots
            points = (
                owl.research_points(self, seat)
                + sum(seat.owl_tiles)
                + seat.owl_slotted * VP_PER_IDOL
            )
        filled = slots.count(True)
        if filled:
            points += sum([v for v, full in zip(EMPTY_SLOT_VALUES, slots, strict=True) if not full])
        else:
            points += _ALL_SLOTS_EMPTY
        if seat.temples:
            points += sum(map(_TEMPLE_VP_OF, seat.temples))
        points += (
            (seat.crates + filled) * VP_PER_IDOL
            + GUARDIAN_VP * len(seat.guardians)
            + sum(map(vp, seat.hand))
            + sum(map(vp, seat.deck))
            + sum(map(vp, seat.play))
            - 2 * seat.fear_tiles
        )
        if self._stack:
            points += sum(map(vp, self._drawn(p)))
        if self._altar_tabs:
            points += spider.majority_points(self, p)
            placed = spider.placed(self, p)
            if placed:
                points += spider.penalty(self) * placed
        return points

    def _rank_key(self, p: int) -> tuple[int, int, int]:
        seat = self._seats[p]
        if self._track.owl is not None:  # research and temple tiles break ties (Owl)
            return (self._score(p), self.research_points(p) + sum(seat.owl_tiles), 0)
        rank = seat.temple_rank
        return (self._score(p), -rank if rank >= 0 else -99, self.research_points(p))

    # ------------------------------------------------------------------ legality

    def _compute_legal(self) -> tuple[int, ...]:
        if self._over:
            return ()
        if self._stack:
            return tuple(sorted(self._frame_legal(self._stack[-1])))
        return tuple(sorted(self._turn_actions(self._turn)))

    def _why_illegal(self, action: Any) -> str:
        from meeple.games.arnak.text import why_illegal

        return why_illegal(self, action)

    def _do(self, action: int) -> None:
        if self._stack:
            self._frame_apply(self._stack[-1], action)
        else:
            self._turn_apply(self._turn, action)
        self._settle()

    # ------------------------------------------------------------------ the flow

    def _settle(self) -> None:
        """Run everything that needs no decision: steps, skipped frames, turn ends,
        the rival's turns, the end of a round."""
        while not self._over:
            if self._stack:
                top = self._stack[-1]
                if top[0] == SEQ:
                    self._run_seq(top)
                    continue
                legal = self._frame_legal(top)
                if not legal:
                    self._stack.pop()
                    continue
                self._legal = tuple(sorted(legal))
                return
            if self._keeping:
                self._keeping = False
                self._next_round()
                continue
            if self._pass_pending:
                self._pass_pending = False
                self._seats[self._turn].passed = True
                self._end_turn()
                continue
            self._legal = None
            return

    def _run_seq(self, frame: tuple[Any, ...]) -> None:
        _, p, steps, i = frame
        if i + 1 >= len(steps):
            self._stack.pop()
        else:
            self._stack[-1] = (SEQ, p, steps, i + 1)
        op, arg = steps[i]
        self._step(p, op, arg)

    def _push_seq(self, p: int, steps: Effect) -> None:
        if steps:
            self._stack.append((SEQ, p, steps, 0))

    def _start_turns(self) -> None:
        """The first turn of a round: the start player's, after the rival's in solo."""
        self._turn = self._start
        self._main = False
        self._pool = [0, 0, 0, 0]
        if self._solo:
            self._rival.take_turn(self)
            if self.game.objectives:
                self._rival.deal_objectives(self._rng, self.game.objectives)
            if self._seats[0].passed:
                self._finish_solo_round()

    def _end_turn(self) -> None:
        self._refill_row()
        self._revealed = []
        self._main = self._late_free = False
        self._pool = [0, 0, 0, 0]
        if self._solo:
            if self._rival.tiles_left():
                self._rival.take_turn(self)
            if self._seats[0].passed:
                self._finish_solo_round()
            return
        for k in range(1, self._n + 1):
            q = (self._turn + k) % self._n
            if not self._seats[q].passed:
                self._turn = q
                return
        self._end_round()

    def _finish_solo_round(self) -> None:
        while self._rival.tiles_left():
            self._rival.take_turn(self)
        self._end_round()

    def _end_round(self) -> None:
        for seat in self._seats:
            for i, slot in enumerate(seat.arch):
                if slot == HOME:
                    continue
                if self._guardian[SLOT_SITE[slot]] != FREE and not seat.no_fear:
                    self._take_fear(seat)
                self._occ[slot] = FREE
                seat.arch[i] = HOME
        if self._rival is not None:
            self._rival.recall(self)
        if self._round == ROUNDS:
            self._over = True
            self._stack = []
            self._cards_changed()  # with any frame that held drawn cards
            return
        for k in range(self._n):
            p = (self._start + self._n - 1 - k) % self._n
            if self._seats[p].hand:
                self._stack.append((KEEP, p, 0))
        self._keeping = True

    def _next_round(self) -> None:
        for seat in self._seats:
            if seat.keep_out:  # every seat has chosen: the discards are shown at once
                seat.hand = seat.keeping()
                seat.play.extend(seat.keep_out)
                seat.keep_out = []
            cards = seat.play
            self._rng.shuffle(cards)
            seat.deck = cards + seat.deck
            seat.public = [False] * len(cards) + seat.public
            seat.play = []
            seat.assistants = [a & ~32 for a in seat.assistants]
            seat.no_fear = seat.all_plane = seat.passed = False
        # The two cards beside the moon staff are exiled and the staff moves right: the
        # first item space becomes the artifacts' space beside it (a gap until refilled).
        if self._row_art:
            beside = self._row_art.pop()
            if beside != GAP:
                self._art_exile.append(beside)
            if not self._art_deck:  # with no deck left, nothing slides: the gaps stay
                self._row_art += [GAP, GAP]
        if self._row_item:
            beside = self._row_item.pop(0)
            if beside != GAP:
                self._item_exile.append(beside)
        self._round += 1
        self._refill_row()
        if not self._solo:
            self._start = (self._start + 1) % self._n
        for seat in self._seats:
            self._draw(seat, HAND_SIZE - len(seat.hand))
        if self._rival is not None:
            self._rival.new_round(self._rng)
        self._start_turns()

    def _refill_row(self) -> None:
        # Cards slide towards the moon staff and new ones are dealt at the far end; once a
        # deck is empty, that side of the row no longer slides or refills.
        if self._art_deck:
            row = [c for c in self._row_art if c != GAP]
            while len(row) < self._round and self._art_deck:
                row.insert(0, self._draw_hidden(self._art_deck, known_top=self._known_top[1]))
                self._known_top[1] = False
            self._row_art = [GAP] * (self._round - len(row)) + row
        if self._item_deck:
            row = [c for c in self._row_item if c != GAP]
            while len(row) < 6 - self._round and self._item_deck:
                row.append(self._draw_hidden(self._item_deck, known_top=self._known_top[0]))
                self._known_top[0] = False
            self._row_item = row + [GAP] * (6 - self._round - len(row))

    # ------------------------------------------------------------------ small moves

    def _draw(self, seat: Seat, n: int) -> None:
        for _ in range(n):
            if not seat.deck:
                return
            seat.hand.append(seat.deck.pop())
            seat.public.pop()
            if seat.private_top:
                seat.private_top -= 1

    def _draw_bottom(self, seat: Seat) -> None:
        if seat.deck:
            seat.hand.append(self._take_bottom(seat))

    @staticmethod
    def _take_bottom(seat: Seat) -> int:
        """The bottom card of a non-empty deck, taken off it."""
        card = seat.deck.pop(0)
        seat.public.pop(0)
        # the top cards only the seat knows may have been the whole deck
        if seat.private_top > len(seat.deck):
            seat.private_top = len(seat.deck)
        return card

    def _cards_changed(self) -> None:
        """A seat gained a card or one left it (observation_ids's points go stale)."""
        self._ids_owned = None

    def _to_bottom(self, seat: Seat, card: int) -> None:
        self._cards_changed()  # a bought or regained item (or a drawn card put back)
        seat.deck.insert(0, card)
        seat.public.insert(0, True)

    def _take_fear(self, seat: Seat) -> None:
        if self._fear > 0:
            self._fear -= 1
            seat.play.append(FEAR)
            self._cards_changed()
        else:
            seat.fear_tiles += 1

    def _exile_card(self, card: int, p: int) -> None:
        """Seat `p` exiles `card`: an item or artifact to the exile pile, where it may be
        taken again; a Fear card back to the supply; any other card out of the game."""
        self._cards_changed()
        kind = CARDS[card].kind
        if kind == "item":
            self._item_exile.append(card)
        elif kind == "artifact":
            self._art_exile.append(card)
        else:
            if card == FEAR:
                self._fear += 1
            exiled = list(self._seat_exile)
            exiled[p] = (*exiled[p], card)
            self._seat_exile = tuple(exiled)

    def _gain(self, seat: Seat, amounts: tuple[int, ...]) -> None:
        res = seat.res
        for i in range(5):
            res[i] += amounts[i]

    def _pay(self, seat: Seat, amounts: tuple[int, ...]) -> None:
        res = seat.res
        for i in range(5):
            res[i] -= amounts[i]
        if seat.dark:
            spider.return_spent(self, seat)

    def _travel_supply(self, p: int, reserve_coins: int = 0) -> tuple[int, ...]:
        """Every travel icon `p` could spend now: hand cards, travel boons, icons gained
        this turn, and planes hired with coins beyond `reserve_coins`."""
        seat = self._seats[p]
        boot = car = boat = plane = 0
        for c in seat.hand:
            t = CARDS[c].travel
            if seat.all_plane:
                plane += t[0] + t[1] + t[2] + t[3]
            else:
                boot += t[0]
                car += t[1]
                boat += t[2]
                plane += t[3]
        for g in seat.guardians:
            boon = GUARDIANS[g & 15].boon_travel
            if boon is not None and not g & 16:
                if seat.all_plane:
                    boon = as_planes(boon)
                boot += boon[0]
                car += boon[1]
                boat += boon[2]
                plane += boon[3]
        pool = as_planes(self._pool) if seat.all_plane else self._pool
        plane += max(0, seat.res[COIN] - reserve_coins) // 2
        return (boot + pool[0], car + pool[1], boat + pool[2], plane + pool[3])

    def _can_travel(self, p: int, need: tuple[int, ...], reserve_coins: int = 0) -> bool:
        if need == NO_ICONS:
            return True
        return deficit(need, self._travel_supply(p, reserve_coins)) == 0

    def _push_travel(self, p: int, need: tuple[int, ...], discount: tuple[int, ...]) -> None:
        if deficit(need, discount):
            self._stack.append((TRAVEL, p, need, discount))

    def _settle_top(self, pile: list[int], known: int = 0) -> None:
        """Fix the top of a face-down pile whose first `known` cards are known. A guess
        (see observe.resample) leaves each pile's unseen part in a canonical order and
        deals its top at random only when the top is needed: the odds of a shuffled pile,
        for one random number per card drawn rather than per card in the pile."""
        if self._resampled and len(pile) > known + 1:
            self._rng.to_end(pile, known)

    def _draw_hidden(self, pile: list[int], known: int = 0, known_top: bool = False) -> int:
        """Take the top of a non-empty face-down pile (see _settle_top); `known_top`
        when that top has been shown, so is no longer a guess."""
        if not known_top:
            self._settle_top(pile, known)
        return pile.pop()

    def _clip_known(self, level: int) -> None:
        self._known_bottom[level] = min(self._known_bottom[level], len(self._stacks[level]))

    def _objective(self, name: str, done: bool = True) -> None:
        """The solo player did `name` (Rival Objectives): the rival cannot score it now."""
        if done and self._rival is not None and self.game.objectives:
            self._rival.achieve(YOURS, OBJECTIVE[name], False)

    # ------------------------------------------------------------------ sites

    def discovered(self, site: int) -> bool:
        return site < 5 or self._tile[site] != FREE

    def free_slot(self, site: int) -> int:
        for slot in SITE_SLOTS[site]:
            if self._occ[slot] == FREE:
                return slot
        return -1

    def slot_travel(self, slot: int) -> tuple[int, ...]:
        site = SLOT_SITE[slot]
        if site < 5:
            return CAMP_TRAVEL[slot - 2 * site]
        return self._spaces[site].travel

    def site_effect(self, site: int) -> Effect:
        if site < 5:
            camp = self._spaces[site].camp  # this side's own camp (the Owl Temple's)
            return CAMPS[site].effect if camp is None else camp
        return SITE_TILES[self._tile[site]].effect

    def occupied(self, site: int) -> bool:
        return any(self._occ[s] >= 0 for s in SITE_SLOTS[site])

    def _home(self, p: int) -> int:
        seat = self._seats[p]
        for i, slot in enumerate(seat.arch):
            if slot == HOME:
                return i
        return -1

    def _own_sites(self, p: int) -> list[int]:
        return sorted({SLOT_SITE[s] for s in self._seats[p].arch if s != HOME})
