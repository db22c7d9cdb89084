"""Lost Ruins of Arnak: the main actions of a turn.

With nothing pending, `_turn_actions` lists what the player in turn may do and
`_turn_apply` does it: play a card, send an archaeologist to a site (dig or discover),
overcome a guardian, buy a card or research (the main actions), slot an idol, use an
assistant or a guardian's boon (free actions), pass or end the turn.

These are methods of ArnakState (rules.py), which mixes in TurnMixin. Effects start the
same moves (a dig, a buy, research: frames of effects.py) and the moves start effects,
so both stay methods of the one state; they live apart from its setup, its protocol,
the flow of turns and rounds and the small moves they share (rules.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.arnak import actions as A
from meeple.games.arnak import owl, spider
from meeple.games.arnak.components import (
    ARTIFACT_TABLETS,
    ASSISTANTS,
    BONUS_KINDS,
    CARDS,
    COIN,
    COMPASS,
    DISCOVER_COST,
    GUARDIANS,
    SLOT_EFFECTS,
    TABLET,
    TEMPLE_STACKS,
    Effect,
    Step,
    icons,
)
from meeple.games.arnak.effects import HAND_CARDS, OFFER, ORDER, SEQ, _covers
from meeple.games.arnak.spaces import FREE, GAP, SITE_SLOTS
from meeple.games.arnak.travel import NO_ICONS, add, deficit

if TYPE_CHECKING:
    from meeple.games.arnak.components import ResearchTrack, Space
    from meeple.games.arnak.rules import Seat

ZERO5: tuple[int, ...] = (0, 0, 0, 0, 0)


def _less(cost: tuple[int, ...], discount: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(0, c - d) for c, d in zip(cost, discount, strict=True))


class TurnMixin:
    """ArnakState's main actions and what offers them. ArnakState (rules.py) is the one
    class that mixes it in."""

    if TYPE_CHECKING:
        # What the main actions use of the state (rules.py) and of the effect interpreter
        # (effects.py); mypy checks these against ArnakState's own.
        _arrivals: int
        _art_deck: list[int]
        _board: str
        _bonus: list[list[int]]
        _guardian: list[int]
        _ids_sites: tuple[tuple[int, ...], ...] | None
        _item_deck: list[int]
        _known_top: list[bool]
        _late_free: bool
        _main: bool
        _revealed: list[int]
        _row_art: list[int]
        _row_item: list[int]
        _seats: list[Seat]
        _spaces: tuple[Space, ...]
        _stack: list[tuple[Any, ...]]
        _stacks: list[list[int]]
        _temple_bonus: list[int]
        _temple_left: list[int]
        _track: ResearchTrack
        _altar_tabs: list[list[int]]

        def discovered(self, site: int) -> bool: ...
        def free_slot(self, site: int) -> int: ...
        def slot_travel(self, slot: int) -> tuple[int, ...]: ...
        def _home(self, p: int) -> int: ...
        def _own_sites(self, p: int) -> list[int]: ...
        def _end_turn(self) -> None: ...
        def _push_seq(self, p: int, steps: Effect) -> None: ...
        def _cards_changed(self) -> None: ...
        def _to_bottom(self, seat: Seat, card: int) -> None: ...
        def _exile_card(self, card: int, p: int) -> None: ...
        def _pay(self, seat: Seat, amounts: tuple[int, ...]) -> None: ...
        def _travel_supply(self, p: int, reserve_coins: int = 0) -> tuple[int, ...]: ...
        def _can_travel(self, p: int, need: tuple[int, ...], reserve_coins: int = 0) -> bool: ...
        def _push_travel(
            self, p: int, need: tuple[int, ...], discount: tuple[int, ...]
        ) -> None: ...
        def _settle_top(self, pile: list[int], known: int = 0) -> None: ...
        def _objective(self, name: str, done: bool = True) -> None: ...

        def _pay_offer(self, p: int, cost: dict[str, Any], then: Effect) -> None: ...

    # ------------------------------------------------------------------ top level

    def _turn_actions(self, p: int) -> list[int]:
        seat = self._seats[p]
        out: list[int] = []
        main = not self._main
        seen: set[int] = set()
        for c in seat.hand:
            if c in seen:
                continue
            seen.add(c)
            card = CARDS[c]
            if not card.effect or (not card.free and not main):
                continue
            if card.kind == "artifact" and seat.res[TABLET] < ARTIFACT_TABLETS:
                continue
            out.append(A.HAND + c)
        if main:
            out.extend(A.SITE + s for s in self._send_options(p, {}))
            out.extend(A.OVERCOME + s for s in self._overcome_options(p))
            out.extend(A.CARD + c for c in self._buy_options(p, "either", 0))
            out.extend(self._research_options(p, "either", ZERO5, False, True))
            if self._altar_tabs:
                out.extend(spider.altar_options(self, p))  # type: ignore[arg-type]
            out.append(A.PASS)
        else:
            out.append(A.END_TURN)
        if seat.crates and (not all(seat.slots) or owl.slot_free(seat)):
            for e, (name, _) in enumerate(SLOT_EFFECTS):
                if name == "jewel_for_coin" and seat.res[COIN] < 1:
                    continue
                out.append(A.IDOL_SLOT + e)
        for a in seat.assistants:
            if a & 32:
                continue
            if ASSISTANTS[a & 15].main:
                # the buying assistant is a main action, and only worth one if it can buy
                side = ASSISTANTS[a & 15].gold if a & 16 else ASSISTANTS[a & 15].silver
                if not main or not self._buy_options(p, "either", int(side[0][1]["discount"])):
                    continue
            out.append(A.ASSISTANT + (a & 15))
        for g in seat.guardians:
            if not g & 16 and GUARDIANS[g & 15].boon_travel is None:
                out.append(A.BOON + (g & 15))
        return out

    def _turn_apply(self, p: int, action: int) -> None:
        seat = self._seats[p]
        if action < A.PLAY_AREA:
            self._play_card(p, action - A.HAND)
        elif A.SITE <= action < A.OVERCOME:
            self._main = True
            self._send(p, action - A.SITE, {})
        elif A.OVERCOME <= action < A.GLASS:
            self._main = True
            self._overcome(p, action - A.OVERCOME)
        elif A.CARD <= action < A.SITE:
            self._main = True
            self._buy(p, action - A.CARD, 0)
        elif A.GLASS <= action < A.IDOL_SLOT:
            self._main = True
            self._research(p, action, ZERO5, False)
        elif A.IDOL_SLOT <= action < A.UNSLOT:
            seat.crates -= 1
            if owl.slot_free(seat):  # a pair of Owl tiles' slot costs no empty-slot points
                seat.owl_slotted += 1
            else:
                seat.slots[seat.slots.index(False)] = True
            effect = SLOT_EFFECTS[action - A.IDOL_SLOT][1]
            if effect[0][0] == "pay":  # choosing "a coin for a jewel" is paying it
                self._pay_offer(p, *effect[0][1])
            else:
                self._push_seq(p, effect)
        elif A.ASSISTANT <= action < A.BOON:
            a = action - A.ASSISTANT
            i = seat.assistant_slot(a)
            code = seat.assistants[i]
            seat.assistants[i] = code | 32
            if ASSISTANTS[a].main:
                self._main = True
            self._push_seq(p, ASSISTANTS[a].gold if code & 16 else ASSISTANTS[a].silver)
        elif A.BOON <= action < A.OPTION:
            g = action - A.BOON
            i = seat.guardian_slot(g)
            seat.guardians[i] |= 16
            self._push_seq(p, GUARDIANS[g].boon)
        elif action == A.PASS:
            seat.passed = True
            self._end_turn()
        elif action == A.END_TURN:
            self._end_turn()
        elif A.ALTAR <= action < A.LANTERN:
            self._main = True
            spider.invoke(self, p, action - A.ALTAR)  # type: ignore[arg-type]
        elif A.LANTERN <= action < A.OWL_UNSLOT:  # the Owl Temple's research actions
            self._main = True
            self._research(p, action, ZERO5, False)

    def _play_card(self, p: int, c: int) -> None:
        seat = self._seats[p]
        card = CARDS[c]
        seat.hand.remove(c)
        if card.exile_self:
            self._exile_card(c, p)
        else:
            seat.play.append(c)
        if card.kind == "artifact":
            seat.res[TABLET] -= ARTIFACT_TABLETS
            if seat.dark:
                spider.return_spent(self, seat)  # type: ignore[arg-type]
        # Passing is a main action: a free card played after it cannot pass for you. One
        # played during a decision only adds (see _adding_free), so it has no pass to
        # hide, and the decision under it keeps what it offered.
        if not self._stack:
            self._late_free = card.free and self._main
        if not card.free:
            self._main = True
        self._stack.append((SEQ, p, card.effect, 0))

    # sending ----------------------------------------------------------------

    def _send_options(self, p: int, params: dict[str, Any]) -> list[int]:
        """Sites `p` may send an archaeologist to (dig or discover) under `params`."""
        if self._home(p) < 0:
            return []
        kinds = params.get("sites")
        free_travel = params.get("free_travel", False)
        discount = icons(params.get("travel_discount", {}), "effect")
        compass_off = int(params.get("discover_compass_discount", 0))
        compasses = self._seats[p].res[COMPASS] + compass_off
        have = add(self._travel_supply(p), discount)
        out = []
        gaps: dict[tuple[int, ...], int] = {}
        for site in range(17):
            space = self._spaces[site]
            if kinds is not None and space.kind not in kinds:
                continue
            if self.discovered(site):
                slot = self.free_slot(site)
                if slot < 0:
                    continue
            elif not self._stacks[space.level - 1] or compasses < DISCOVER_COST[space.level]:
                continue
            elif space.discover_extra != ZERO5:  # the Owl Temple's upper level I sites
                if not _covers(self._seats[p].res, space.discover_extra):
                    continue
                slot = SITE_SLOTS[site][0]
                if not free_travel and not self._can_travel(
                    p, _less(self.slot_travel(slot), discount), space.discover_extra[COIN]
                ):
                    continue
                out.append(site)
                continue
            else:
                slot = SITE_SLOTS[site][0]
            if not free_travel:
                # Many sites share a cost: each distinct one is weighed once.
                need = self.slot_travel(slot)
                gap = gaps.get(need)
                if gap is None:
                    gap = gaps[need] = deficit(need, have)
                if gap:
                    continue
            out.append(site)
        return out

    def _send(self, p: int, site: int, params: dict[str, Any]) -> None:
        seat = self._seats[p]
        space = self._spaces[site]
        times = int(params.get("resolve_times", 1))
        if self.discovered(site):
            slot = self.free_slot(site)
            steps: list[Step] = [("_place", slot), ("_site", site)]
            steps += [("_again", site)] * (times - 1)
            if space.dark:
                steps.append(("_dark", site))
        else:
            slot = SITE_SLOTS[site][0]
            cost = max(
                0, DISCOVER_COST[space.level] - int(params.get("discover_compass_discount", 0))
            )
            seat.res[COMPASS] -= cost
            if space.discover_extra != ZERO5:
                self._pay(seat, space.discover_extra)
            steps = [("_place", slot), ("_idols", site), ("_reveal", site)]
            if space.dark:
                steps.append(("_dark", site))  # before the guardian shows (Twisted Paths)
            steps.append(("_guardian", site))
        self._push_seq(p, tuple(steps))
        if not params.get("free_travel", False):
            discount = icons(params.get("travel_discount", {}), "effect")
            self._push_travel(p, self.slot_travel(slot), discount)

    # overcome ---------------------------------------------------------------

    def _overcome_options(self, p: int) -> list[int]:
        seat = self._seats[p]
        out = []
        for site in self._own_sites(p):
            g = self._guardian[site]
            if g == FREE:
                continue
            guardian = GUARDIANS[g]
            if not _covers(seat.res, guardian.cost):
                continue
            if len(seat.hand) < guardian.cost_hand_cards:
                continue
            if not self._can_travel(p, guardian.cost_travel, guardian.cost[COIN]):
                continue
            out.append(site)
        return out

    def _overcome(self, p: int, site: int) -> None:
        guardian = GUARDIANS[self._guardian[site]]
        self._pay(self._seats[p], guardian.cost)
        self._push_seq(p, (("_overcome", site),))
        self._push_travel(p, guardian.cost_travel, NO_ICONS)
        if guardian.cost_hand_cards:
            self._stack.append((HAND_CARDS, p, guardian.cost_hand_cards))

    def _take_guardian(self, p: int, site: int) -> None:
        g = self._guardian[site]
        self._guardian[site] = FREE
        self._ids_sites = None
        self._seats[p].guardians.append(g)

    # buying -------------------------------------------------------------------

    def _buy_options(self, p: int, kind: str, discount: int, free: bool = False) -> list[int]:
        seat = self._seats[p]
        out = []
        if kind in ("item", "either"):
            for c in self._row_item + [r for r in self._revealed if CARDS[r].kind == "item"]:
                if c != GAP and (free or seat.res[COIN] >= CARDS[c].cost - discount):
                    out.append(c)
        if kind in ("artifact", "either"):
            for c in self._row_art + [r for r in self._revealed if CARDS[r].kind == "artifact"]:
                if c != GAP and (free or seat.res[COMPASS] >= CARDS[c].cost - discount):
                    out.append(c)
        return out

    def _buy(self, p: int, c: int, discount: int, free: bool = False) -> None:
        seat = self._seats[p]
        card = CARDS[c]
        price = 0 if free else max(0, card.cost - discount)
        self._take_from_display(c)
        self._cards_changed()
        self._objective(card.kind)
        if card.kind == "item":
            seat.res[COIN] -= price
            self._to_bottom(seat, c)
        else:
            seat.res[COMPASS] -= price
            seat.play.append(c)
            if card.effect:
                self._stack.append((OFFER, p, None, card.effect))

    def _take_from_display(self, c: int) -> None:
        if c in self._revealed:
            self._revealed.remove(c)
            deck = self._item_deck if CARDS[c].kind == "item" else self._art_deck
            deck.pop()
            self._known_top[0 if CARDS[c].kind == "item" else 1] = False
        else:
            self.take_from_row(c)

    def take_from_row(self, c: int) -> None:
        """Card `c` leaves the row: its space is closed at the turn's end, or stays empty
        when its deck is empty."""
        item = CARDS[c].kind == "item"
        row = self._row_item if item else self._row_art
        if self._item_deck if item else self._art_deck:
            row.remove(c)
        else:
            row[row.index(c)] = GAP

    def _reveal_top(self, kind: str) -> None:
        deck = self._item_deck if kind == "item" else self._art_deck
        if deck and not self._known_top[0 if kind == "item" else 1]:
            self._settle_top(deck)
        if deck and deck[-1] not in self._revealed:
            self._revealed.append(deck[-1])
            self._known_top[0 if kind == "item" else 1] = True

    # research -----------------------------------------------------------------

    def _research_options(
        self, p: int, token: str, discount: tuple[int, ...], free: bool, temple: bool
    ) -> list[int]:
        seat = self._seats[p]
        track = self._track
        out = []
        glass_row = track.nodes[seat.glass].row
        res = seat.res
        plain = discount == ZERO5
        starts = []
        if token != "notebook":
            if seat.passage < 0:
                starts.append((seat.glass, A.GLASS))
            if seat.lantern >= 0:  # the Owl Temple: the lantern moves for the glass
                starts.append((seat.lantern, A.LANTERN))
        if token != "glass":
            starts.append((seat.notebook, A.NOTEBOOK))
        if track.owl is not None:
            glass_row = owl.reach(self, seat)  # type: ignore[arg-type]
        for node, block in starts:
            for edge in track.leaving[node]:
                if not free:
                    cost = edge.cost if plain else _less(edge.cost, discount)
                    if seat.crates < edge.idols or not _covers(res, cost):
                        continue
                if block == A.NOTEBOOK:
                    target = track.nodes[edge.end]
                    if target.lost_temple or target.row > glass_row:
                        continue
                out.append(block + edge.end)
        if track.owl is not None:

            def affordable(cost: tuple[int, ...]) -> bool:
                return free or _covers(res, cost if plain else _less(cost, discount))

            out += owl.options(self, p, token, affordable, temple)  # type: ignore[arg-type]
        if temple and token != "notebook" and seat.temple_rank >= 0:
            for k, stack in enumerate(TEMPLE_STACKS):
                cost = _less(stack.cost[self._board], discount)
                if self._temple_left[k] and _covers(seat.res, cost):
                    out.append(A.TEMPLE + k)
        return sorted(set(out))

    def _research(self, p: int, action: int, discount: tuple[int, ...], free: bool) -> None:
        seat = self._seats[p]
        if self._track.owl is not None and (
            A.TEMPLE <= action < A.IDOL_SLOT or action >= A.PASSAGE
        ):
            self._owl_research(p, action, discount, free)
            return
        if action >= A.LANTERN:
            node = action - A.LANTERN
            edge = next(e for e in self._track.edges if e.start == seat.lantern and e.end == node)
            if not free:
                self._pay(seat, _less(edge.cost, discount))
            seat.lantern = node
            self._objective("research")  # the lantern climbs for the glass
            self._research_reward(p, "lantern", node)
            return
        if action >= A.TEMPLE:
            k = action - A.TEMPLE
            self._pay(seat, _less(TEMPLE_STACKS[k].cost[self._board], discount))
            self._temple_left[k] -= 1
            seat.temples.append(k)
            self._objective("research")
            return
        glass = action < A.NOTEBOOK
        node = action - (A.GLASS if glass else A.NOTEBOOK)
        start = seat.glass if glass else seat.notebook
        edge = next(e for e in self._track.edges if e.start == start and e.end == node)
        if not free:
            self._pay(seat, _less(edge.cost, discount))
            seat.crates -= edge.idols
        if glass:
            seat.glass = node
            self._objective("research")
        else:
            seat.notebook = node
        self._research_reward(p, "glass" if glass else "notebook", node)

    def _owl_research(self, p: int, action: int, discount: tuple[int, ...], free: bool) -> None:
        """An Owl Temple research: into a secret passage, or buying an Owl tile lying
        under a token, or one of the top of the temple's piles."""
        seat = self._seats[p]
        board = owl.board(self)  # type: ignore[arg-type]
        if action >= A.TRACK_TILE:
            t = action - A.TRACK_TILE
            cost = board.track_tiles[t].cost
        elif action >= A.PASSAGE:
            cost = board.passages[action - A.PASSAGE].cost
        else:
            cost = board.top[action - A.TEMPLE].cost
        if not free:
            self._pay(seat, _less(cost, discount))
        # research with the glass (or the lantern, in its place), never the notebook alone
        climbers = {seat.lantern} if seat.passage >= 0 else {seat.glass, seat.lantern}
        if action < A.TRACK_TILE or board.track_tiles[action - A.TRACK_TILE].node in climbers:
            self._objective("research")
        if action >= A.TRACK_TILE:
            owl.take_track_tile(self, p, action - A.TRACK_TILE)  # type: ignore[arg-type]
        elif action >= A.PASSAGE:
            owl.enter_passage(self, p, action - A.PASSAGE)  # type: ignore[arg-type]
        else:
            owl.take_top(self, p, action - A.TEMPLE)  # type: ignore[arg-type]

    def _research_reward(self, p: int, token: str, node: int) -> None:
        seat = self._seats[p]
        info = self._track.nodes[node]
        bonus: Effect = ()
        if info.lost_temple:
            seat.temple_rank = self._arrivals
            self._arrivals += 1
            if self._temple_bonus:
                bonus = (("_bonus", -1),)
        elif self._bonus[node]:
            bonus = (("_bonus", node),)
        effect: Effect = ()
        if not info.lost_temple:
            row = self._track.rows[info.row]
            effect = getattr(row, token)
        if bonus and effect:
            self._stack.append((ORDER, p, bonus, effect))
        else:
            self._push_seq(p, bonus or effect)

    def _take_bonus(self, p: int, where: int, kind: int) -> None:
        tiles = self._temple_bonus if where < 0 else self._bonus[where]
        tiles.remove(kind)
        self._push_seq(p, BONUS_KINDS[kind].effect)
