"""The solo rival expedition: its stack of action tiles and how the engine plays them.

The rival never gains or spends resources and never takes Fear; it blocks spaces,
discovers sites, climbs the research track, and takes guardians and cards for points.
Ties go left or right by the decision arrow on the back of the next face-down tile
(the first used tile of the round when the stack is empty). The arrows are meeple's
placeholder data; everything else follows the rulebook and the reference.

Twisted Paths' two solo mini-expansions are here too: purple action tiles (nastier
versions of the paired tiles, and a notebook for the rival) and Rival Objectives (each
round, a few things the rival wants to do before you; it scores for each it does first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.rng import Rng
from meeple.games.arnak import owl, spider
from meeple.games.arnak.components import (
    CARDS,
    IDOL_REWARDS,
    OBJECTIVE_POINTS,
    OBJECTIVES,
    PURPLE,
    SOLO_IDOL_VP,
    SOLO_SCHEDULE,
    SOLO_TILES,
    SPIDER_SCHEDULE,
    TEMPLE_STACKS,
)
from meeple.games.arnak.spaces import RIVAL

if TYPE_CHECKING:
    from meeple.games.arnak.rules import ArnakState

ARCHAEOLOGISTS = 6
PAIRED = ("discover", "research", "overcome", "buy_item", "buy_artifact")
SILVER_STACKS = tuple(s.num for s in TEMPLE_STACKS if s.vp == 6)
_POS = {"left": 0, "full": 1, "middle": 1, "right": 2}
OBJECTIVE = {o.id: o.num for o in OBJECTIVES}
OPEN, YOURS, THEIRS = -1, 0, 1
"""Whose an objective on show is: no one's yet, yours (done first by you: it scores
nothing), the rival's (done first by the rival: it scores)."""


def tile_index(name: str) -> int:
    return next(t.num for t in SOLO_TILES if t.id == name)


PURPLE_DISCOVER = tile_index("purple_discover")
SPIDER_TILE = tile_index("spider_temple")
OWL_TILE = tile_index("owl_temple")
BOARD_TILES = {"spider": SPIDER_TILE, "owl": OWL_TILE}
"""The rival tile a Twisted Paths board side shuffles into the rival's stack."""


def objective_value(index: int, doubled: bool) -> int:
    """The rival's points for the `index`-th objective turned up this round (the first
    is worth more with the doubled tweak)."""
    each, first = OBJECTIVE_POINTS
    return first if doubled and index == 0 else each


class Rival:
    __slots__ = (
        "arch",
        "cards",
        "difficulty",
        "done",
        "glass",
        "goal_owner",
        "goal_points",
        "goals",
        "guardians",
        "idols_up",
        "lantern",
        "last_goals",
        "last_log",
        "log",
        "minus",
        "notebook",
        "owl_tiles",
        "passage",
        "stack",
        "temple_rank",
        "temples",
        "used",
    )

    def __init__(self) -> None:
        self.stack: list[int] = []  # face down; the end is the top
        self.used: list[int] = []  # face up, in the order played this round
        self.arch: list[int] = [-1] * ARCHAEOLOGISTS
        self.glass = 0
        self.temple_rank = -1
        self.temples: list[int] = []
        self.guardians: list[int] = []
        self.cards: list[int] = []
        self.idols_up: list[int] = []  # idol reward kinds, one each
        self.minus = 0  # idols on the -1 pile
        self.difficulty = 0
        self.notebook = -1  # a node once purple tiles give the rival one
        # the Owl Temple: its lantern (a node once its glass took a secret passage), the
        # passage, and its Owl tiles' points
        self.lantern = -1
        self.passage = -1
        self.owl_tiles: list[int] = []
        # Rival Objectives: this round's objectives on show (none before the deal: a deal
        # always shows some) and whose each is, the rival's points from them, and (as
        # bits) what the rival did this round before the deal, which none dealt may ask.
        self.goals: list[int] = []
        self.goal_owner: list[int] = []
        self.goal_points = 0
        self.done = 0
        # What the rival did this round, for the players to read: ("tile", tile) opens
        # each turn, then (what, arg) per deed (see observe.rival_turns).
        # (a tuple, replaced at each deed: clones share it, and searches clone often)
        self.log: tuple[tuple[str, int], ...] = ()
        # last round's, whose end (its turns after you passed) no view showed
        self.last_log: tuple[tuple[str, int], ...] = ()
        self.last_goals: list[int] = []

    @classmethod
    def new(cls, rng: Rng, reds: int, start: int, purples: int = 0, board: str = "") -> Rival:
        """The rival of a solo game: `reds` red and `purples` purple paired tiles, which
        ones drawn at random (purple first); difficulty one per red, two per purple; on
        a Twisted Paths side, that side's tile too (eleven tiles)."""
        rival = cls()
        rival.glass = start
        rival.difficulty = reds + 2 * purples
        kinds = list(PAIRED)
        rng.shuffle(kinds)
        colour = {k: "green" for k in PAIRED}
        if purples:
            rival.notebook = start
            for k in kinds[:purples]:
                colour[k] = "purple"
        for k in kinds[purples : purples + reds]:
            colour[k] = "red"
        rival.stack = [t.num for t in SOLO_TILES if t.type == "dig"]
        rival.stack += [tile_index(f"{colour[k]}_{k}") for k in PAIRED]
        if board in BOARD_TILES:
            rival.stack.append(BOARD_TILES[board])
        rng.shuffle(rival.stack)
        return rival

    def copy(self) -> Rival:
        new = Rival.__new__(Rival)
        new.stack = self.stack[:]
        new.used = self.used[:]
        new.arch = self.arch[:]
        new.glass = self.glass
        new.temple_rank = self.temple_rank
        new.temples = self.temples[:]
        new.guardians = self.guardians[:]
        new.cards = self.cards[:]
        new.idols_up = self.idols_up[:]
        new.minus = self.minus
        new.difficulty = self.difficulty
        new.notebook = self.notebook
        new.lantern = self.lantern
        new.passage = self.passage
        new.owl_tiles = self.owl_tiles[:]
        new.goals = self.goals[:]
        new.goal_owner = self.goal_owner[:]
        new.goal_points = self.goal_points
        new.done = self.done
        new.log = self.log
        new.last_log = self.last_log
        new.last_goals = self.last_goals
        return new

    def tiles(self) -> list[int]:
        """The rival's ten tiles, eleven on the Spider Temple side (public: the player looks
        at them when setting up)."""
        return sorted(self.stack + self.used)

    def tiles_left(self) -> int:
        return len(self.stack)

    def next_arrow(self) -> str:
        if self.stack:
            return SOLO_TILES[self.stack[-1]].arrow
        if self.used:
            return SOLO_TILES[self.used[0]].arrow
        return "left"

    def new_round(self, rng: Rng) -> None:
        self.stack += self.used
        self.used = []
        rng.shuffle(self.stack)
        self.last_log, self.last_goals = self.log, self.goals
        self.goals = []
        self.goal_owner = []
        self.done = 0
        self.log = ()

    # ------------------------------------------------------------------ objectives

    def deal_objectives(self, rng: Rng, count: int) -> None:
        """Turn up `count` objectives at random after the rival's first turn of a round;
        one it has already done this round is replaced from the rest (Rival
        Objectives, "Gameplay -- One Round")."""
        order = [o.num for o in OBJECTIVES]
        rng.shuffle(order)
        spare = [o for o in order[count:] if not self.done >> o & 1]
        goals = []
        for o in order[:count]:
            if self.done >> o & 1:
                if not spare:
                    continue
                o = spare.pop(0)
            goals.append(o)
        self.goals = goals
        self.goal_owner = [OPEN] * len(goals)

    def achieve(self, who: int, objective: int, doubled: bool) -> None:
        """`who` (YOURS or THEIRS) did `objective`: the first to do one on show turns it
        down, the rival scoring it; before the deal the rival's deeds are only noted."""
        if not self.goals:  # before the deal
            if who == THEIRS:
                self.done |= 1 << objective
            return
        for i, goal in enumerate(self.goals):
            if goal == objective and self.goal_owner[i] == OPEN:
                self.goal_owner[i] = who
                if who == THEIRS:
                    self.goal_points += objective_value(i, doubled)
                    self.log += (("objective", i),)

    def _achieve(self, state: ArnakState, objective: str) -> None:
        if state.game.objectives:
            self.achieve(THEIRS, OBJECTIVE[objective], state.game.first_objective_doubled)

    def _placed(self, state: ArnakState) -> None:
        if state.game.objectives and (
            sum(1 for s in self.arch if s >= 0) >= OBJECTIVES[OBJECTIVE["arch"]].rival_needs
        ):
            self._achieve(state, "arch")

    def recall(self, state: ArnakState) -> None:
        for i, slot in enumerate(self.arch):
            if slot >= 0:
                state._occ[slot] = -1
                self.arch[i] = -1

    def score_parts(self, state: ArnakState) -> dict[str, int]:
        track = state._track
        if self.temple_rank >= 0:
            research = track.lost_temple_vp[self.temple_rank]
        elif self.passage >= 0:
            research = track.rows[owl.board(state).passages[self.passage].row].glass_vp
        else:
            research = track.nodes[self.glass].glass_vp
        if self.notebook >= 0:
            research += track.nodes[self.notebook].notebook_vp
        if self.lantern >= 0:
            research += track.rows[track.nodes[self.lantern].row].lantern_vp
        unique, minus = SOLO_IDOL_VP
        if PURPLE_DISCOVER in self.stack or PURPLE_DISCOVER in self.used:
            unique += PURPLE["idol_bonus"]
            minus += PURPLE["idol_bonus"]
        parts = {
            "research": research,
            "temple_tiles": sum(TEMPLE_STACKS[t].vp for t in self.temples) + sum(self.owl_tiles),
            "idols": unique * len(self.idols_up) + minus * self.minus,
            "guardians": 5 * len(self.guardians),
            "cards": sum(CARDS[c].vp for c in self.cards),
        }
        if state.game.objectives:
            parts["objectives"] = self.goal_points
        if state._altar_tabs:  # no dark tablet penalty for the rival (Twisted Paths)
            parts["altars"] = spider.majority_points(state, state._n)
        return parts

    def score(self, state: ArnakState) -> int:
        return sum(self.score_parts(state).values())

    # ------------------------------------------------------------------ a turn

    def take_turn(self, state: ArnakState) -> None:
        if not self.stack:
            return
        tile = SOLO_TILES[self.stack.pop()]
        self.used.append(tile.num)
        self.log += (("tile", tile.num),)
        if state._round == 5 and tile.id in state.game.round_five_skip:
            self.log += (("skip", 0),)
            return
        right = self.next_arrow() == "right"
        purple = tile.colour == "purple"
        if tile.type == "dig":
            self._dig(state, tile.resource, right)
        elif tile.type == "discover":
            self._discover(state, PURPLE["schedule"] if purple else tile.colour, right)
        elif tile.type == "research":
            twice = purple and state._round == 5
            self._research(state, right, PURPLE["round_five_advances"] if twice else 1)
        elif tile.type == "spider":
            self._spider(state, right)
        elif tile.type == "owl":
            self._owl_tile(state, right)
        elif tile.type == "overcome":
            before = len(self.log)
            self._overcome(state, right)
            # The notebook follows the guardian or the glass: when neither could be
            # taken, the action was impossible and the rival does nothing this turn.
            if purple and len(self.log) > before:
                self._notebook(state, right)
        elif purple:  # the best card of the tile's kind and the cheapest of the other
            item = tile.type == "buy_item"
            self._buy(state, item, True, right, refill=False)
            self._buy(state, not item, False, right)
        else:
            self._buy(state, tile.type == "buy_item", tile.colour == "red", right)

    def _home(self) -> int:
        for i, slot in enumerate(self.arch):
            if slot < 0:
                return i
        return -1

    @staticmethod
    def _pick(options: list[Any], key: Any, right: bool) -> Any:
        """The option the decision arrow points at among those `key` ranks equal."""
        return (max if right else min)(options, key=key)

    def _place(self, state: ArnakState, slot: int) -> None:
        from meeple.games.arnak.rules import RIVAL

        self.arch[self._home()] = slot
        state._occ[slot] = RIVAL
        self._placed(state)

    def _dig(self, state: ArnakState, resource: int, right: bool) -> None:
        from meeple.games.arnak.rules import _offers

        if self._home() < 0:
            return
        spaces = state._spaces
        options = [
            s
            for s in range(17)
            if state.discovered(s)
            and state.free_slot(s) >= 0
            and _offers(state.site_effect(s), resource)
        ]
        if not options:
            return
        top = max(spaces[s].map_row for s in options)
        site = self._pick(
            [s for s in options if spaces[s].map_row == top], lambda s: spaces[s].col, right
        )
        self.log += (("dig", site),)
        self._place(state, state.free_slot(site))

    def _discover(self, state: ArnakState, colour: str, right: bool) -> None:
        entry = SOLO_SCHEDULE[colour][state._round - 1]
        if entry is None or self._home() < 0:
            return
        level, guardian = entry
        spaces = state._spaces
        if not state._stacks[level - 1]:
            return
        options = [s for s in range(5, 17) if spaces[s].level == level and not state.discovered(s)]
        if not options:
            return
        low = min(spaces[s].map_row for s in options)
        site = self._pick(
            [s for s in options if spaces[s].map_row == low], lambda s: spaces[s].col, right
        )
        self.log += (("discover", site),)
        self._place(state, site + 5)
        self._achieve(state, "site")
        up = state._idol_up[site]
        if up >= 0:
            if up in self.idols_up:
                self.minus += 1
            else:
                self.idols_up.append(up)
        self.minus += state._idol_down[site]
        state._idol_up[site] = -1
        state._idol_down[site] = 0
        state._ids_sites = None  # with the tile and guardian set just below
        pile = level - 1
        state._tile[site] = state._draw_hidden(state._stacks[pile], state._known_bottom[pile])
        state._clip_known(pile)
        if guardian and state._guardians:
            state._guardian[site] = state._draw_hidden(state._guardians)

    def _research(self, state: ArnakState, right: bool, advances: int = 1) -> None:
        """The Research tile: the glass advances (`advances` times), then the top
        assistant of the tallest supply stack leaves the game."""
        for _ in range(advances):
            self._advance(state, right)
        heights = [len(s) for s in state._supply]
        if max(heights):
            tallest = [i for i, h in enumerate(heights) if h == max(heights)]
            state._supply[self._pick(tallest, lambda i: i, right)].pop()

    def _advance(self, state: ArnakState, right: bool) -> None:
        """The glass moves up a row (the arrow picks the branch), or, in the Lost Temple
        already, the rival takes a 6-point temple tile."""
        track = state._track
        if track.owl is not None:
            self._owl_advance(state, right)
            return
        if self.temple_rank >= 0:
            stacks = [k for k in SILVER_STACKS if state._temple_left[k]]
            if stacks:
                k = self._pick(stacks, lambda k: k, right)
                state._temple_left[k] -= 1
                self.temples.append(k)
                self.log += (("temple", k),)
                self._achieve(state, "research")
            return
        nexts = [e.end for e in track.leaving[self.glass]]
        if not nexts:
            return
        node = self._pick(nexts, lambda n: _POS[track.nodes[n].pos], right)
        self.glass = node
        self.log += (("glass", node),)
        self._achieve(state, "research")
        info = track.nodes[node]
        if info.lost_temple:
            self.temple_rank = state._arrivals
            state._arrivals += 1
            if state._temple_bonus:
                state._temple_bonus.pop()
        elif state._bonus[node]:
            state._bonus[node].pop(0)
        if info.rescue and state._rescue:
            state._rescue.pop()

    def _owl_advance(self, state: ArnakState, right: bool) -> None:
        """On the Owl Temple: into a secret passage beside the glass if the arrow points
        into it; else the glass (the lantern, after a passage) up a row; at the top row,
        the most valuable Owl tile of the top of the temple (meeple's reading)."""
        track = state._track
        board = owl.board(state)
        side = "right" if right else "left"
        if self.passage < 0:
            for passage in board.passages:
                if (
                    passage.start == self.glass
                    and passage.side == side
                    and state._passage_used[passage.num] < 0
                ):
                    state._passage_used[passage.num] = RIVAL
                    self.passage = passage.num
                    self.lantern = track.start
                    self._owl_gain(passage.content, passage.vp)
                    self.log += (("passage", passage.num),)
                    self._achieve(state, "research")
                    return
        lantern = self.passage >= 0
        at = self.lantern if lantern else self.glass
        nexts = [e.end for e in track.leaving[at]]
        if not nexts:
            piles = [t for t in board.top if t.kind != "idol" and state._temple_left[t.num]]
            if piles:
                best = max(t.vp for t in piles)
                top = self._pick([t for t in piles if t.vp == best], lambda t: t.num, right)
                state._temple_left[top.num] -= 1
                self.owl_tiles.append(top.vp)
                self.log += (("owl_top", top.num),)
                self._achieve(state, "research")
            return
        node = self._pick(nexts, lambda n: _POS[track.nodes[n].pos], right)
        if lantern:
            self.lantern = node
        else:
            self.glass = node
        self.log += (("lantern" if lantern else "glass", node),)
        self._achieve(state, "research")
        if state._bonus[node]:
            state._bonus[node].pop(0)

    def _owl_gain(self, kind: str, vp: int) -> None:
        if kind == "idol":
            self.minus += 1  # a face-down idol, as a level II site's
        else:
            self.owl_tiles.append(vp)

    def _owl_tile(self, state: ArnakState, right: bool) -> None:
        """The Owl Temple tile: the lowest Owl tile on the track (the arrow picks among
        the lowest): a 1-point tile is taken and the glass advances; a 5-point tile is
        taken; a 10-point tile is marked and the glass advances twice, or, marked
        already, taken."""
        board = owl.board(state)
        nodes = state._track.nodes
        lying = [t for t in board.track_tiles if state._owl_track[t.num] and t.kind != "idol"]
        if not lying:
            return
        low = min(nodes[t.node].row for t in lying)
        lowest = [t for t in lying if nodes[t.node].row == low]
        tile = self._pick(lowest, lambda t: (_POS[nodes[t.node].pos], t.num), right)
        if tile.kind == "vp10" and not state._owl_marked[tile.num]:
            state._owl_marked[tile.num] = 1
            self.log += (("owl_mark", tile.num),)
            self._advance(state, right)
            self._advance(state, right)
            return
        state._owl_track[tile.num] = 0
        self.owl_tiles.append(tile.vp)
        self.log += (("owl_tile", tile.num),)
        if tile.kind == "vp1":
            self._advance(state, right)

    def _notebook(self, state: ArnakState, right: bool) -> None:
        """A purple Overcome's follow-up: the notebook moves up a row, never above the
        glass's row nor into the Lost Temple, and removes a bonus tile it lands on."""
        track = state._track
        nodes = track.nodes
        top = nodes[self.glass].row
        if self.passage >= 0:  # the Owl Temple: the glass's passage, or the lantern
            top = owl.board(state).passages[self.passage].row
        if self.lantern >= 0:
            top = max(top, nodes[self.lantern].row)
        nexts = [
            e.end
            for e in track.leaving[self.notebook]
            if not nodes[e.end].lost_temple and nodes[e.end].row <= top
        ]
        if not nexts:
            return
        node = self._pick(nexts, lambda n: _POS[nodes[n].pos], right)
        self.notebook = node
        self.log += (("notebook", node),)
        if state._bonus[node]:
            state._bonus[node].pop(0)

    def _overcome(self, state: ArnakState, right: bool) -> None:
        from meeple.games.arnak.rules import SLOT_SITE

        spaces = state._spaces
        options = sorted(
            {SLOT_SITE[s] for s in self.arch if s >= 0 and state._guardian[SLOT_SITE[s]] >= 0}
        )
        if not options:
            self._advance(state, right)  # a Research that takes no assistant
            return
        top = max(spaces[s].map_row for s in options)
        site = self._pick(
            [s for s in options if spaces[s].map_row == top], lambda s: spaces[s].col, right
        )
        self.guardians.append(state._guardian[site])
        self.log += (("guardian", state._guardian[site]),)
        state._guardian[site] = -1
        state._ids_sites = None

    def _spider(self, state: ArnakState, right: bool) -> None:
        """The Spider Temple tile: this round's deeds, each with a dark tablet from the
        supply (none left: nothing). Invoke the topmost altar holding an artifact; or put
        the leftmost or rightmost artifact of the card row on the lowest empty altar,
        if the glass has risen to its row, and invoke it."""
        column = state._n
        for deed in SPIDER_SCHEDULE[state._round - 1]:
            if deed == "invoke":  # at most 3 tablets under an altar, as for a player
                held = [
                    k
                    for k, card in enumerate(state._altar_card)
                    if card >= 0 and state._altar_tabs[k][column] < spider.MAX_PER_ALTAR
                ]
                if held and spider.take_from_supply(state):
                    state._altar_tabs[held[-1]][column] += 1
                    self.log += (("altar", held[-1]),)
                continue
            empty = [k for k, card in enumerate(state._altar_card) if card < 0]
            row = [c for c in state._row_art if c >= 0]
            if not empty or not row:
                continue
            altar = state._track.altars[empty[0]]
            nodes = state._track.nodes
            reached = 99 if self.temple_rank >= 0 else nodes[self.glass].row
            if reached < altar.min_row or not spider.take_from_supply(state):
                continue
            card = row[-1] if right else row[0]
            state.take_from_row(card)
            state._altar_card[altar.num] = card
            state._altar_tabs[altar.num][column] += 1
            self.log += (("altar_card", card), ("altar", altar.num))
            state._refill_row()

    def _buy(
        self, state: ArnakState, item: bool, red: bool, right: bool, refill: bool = True
    ) -> None:
        """Take the highest (`red`) or lowest VP card of a kind from the row; the row is
        refilled after (with `refill`; a purple tile's two cards, after both)."""
        row = [c for c in (state._row_item if item else state._row_art) if c >= 0]
        if row:
            vps = [CARDS[c].vp for c in row]
            best = max(vps) if red else min(vps)
            positions = [i for i, v in enumerate(vps) if v == best]
            card = row[self._pick(positions, lambda i: i, right)]
            state.take_from_row(card)
            self.cards.append(card)
            self.log += (("card", card),)
            self._achieve(state, "item" if item else "artifact")
        if refill:
            state._refill_row()


def idol_kind_name(kind: int) -> str:
    return IDOL_REWARDS[kind].reward
