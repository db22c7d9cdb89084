"""Lost Ruins of Arnak: the effect interpreter, the one that runs every effect's steps.

Every card, site, guardian, assistant, idol, research row and bonus tile has an effect,
a list of `(op, argument)` steps (components.py), and `_step` runs one step. A step that
needs a decision pushes a frame, a tuple `(kind, seat, *data)`, on the state's `_stack`:
`_frame_actions` lists its answers, `_frame_apply` applies one, and `_frame_legal` adds
the free actions the turn's player may take on top of it, those that only add to what
they hold (`_adding_free`, `is_free`). Here too is what the steps weigh: the sites a
piece may move to or activate, the counts, and the offers to pay a price.

These are methods of ArnakState (rules.py), which mixes in EffectsMixin, so the state
stays one object and a step one method call. They live apart from the state's setup,
protocol and flow of turns and rounds (rules.py), and from the main actions (turn.py),
which start steps and which steps start (a dig, a buy, research).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.games.arnak import actions as A
from meeple.games.arnak import owl, spider
from meeple.games.arnak.components import (
    ARROWHEAD,
    ASSISTANTS,
    CARDS,
    COIN,
    GUARDIANS,
    IDOL_REWARDS,
    JEWEL,
    OBJECTIVES,
    RESOURCES,
    SITE_TILES,
    SLOT_EFFECTS,
    TABLET,
    Effect,
    Space,
    bag,
    icons,
)
from meeple.games.arnak.rival import OBJECTIVE
from meeple.games.arnak.spaces import FREE, GAP, HOME, SITE_SLOTS
from meeple.games.arnak.travel import (
    NO_ICONS,
    ONE_PLANE,
    UNIT_ICONS,
    add,
    as_planes,
    deficit,
    spare,
)

if TYPE_CHECKING:
    from meeple.games.arnak.game import ArnakGame
    from meeple.games.arnak.rules import Seat

MAX_ASSISTANTS = 2

# Frame kinds.
SEQ = "seq"
TRAVEL = "travel"
HAND_CARDS = "hand_cards"
CHOOSE = "choose"
DISTINCT = "distinct"
EXILE = "exile"
OFFER = "offer"
UPGRADE = "upgrade"
DIG = "dig"
RELOCATE_FROM = "relocate_from"
RELOCATE_TO = "relocate_to"
ACTIVATE = "activate"
BUY = "buy"
GAIN_CARD = "gain_card"
RESEARCH = "research"
OVERCOME_FREE = "overcome_free"
REFRESH = "refresh"
SUPPLY_ASSISTANT = "supply_assistant"
SWAP_OWN = "swap_own"
SWAP_SUPPLY = "swap_supply"
RECALL = "recall"
LOOK_COUNT = "look_count"
LOOK_KEEP = "look_keep"
LOOK_RETURN = "look_return"
HAMMER = "hammer"
GUARDIAN_FROM = "guardian_from"
GUARDIAN_TO = "guardian_to"
UNSLOT = "unslot"
TAKE_ASSISTANT = "take_assistant"
UPGRADE_ASSISTANT = "upgrade_assistant"
RESCUE = "rescue"
BONUS_PICK = "bonus_pick"
ORDER = "order"
KEEP = "keep"
IDOL_REWARD = "idol_reward"  # which face-up idol's reward (the Owl Temple's camp C1)
REFRESH_GUARDIAN = "refresh_guardian"  # which used boon to turn face up (an idol's)
# Free actions on top of a pending decision: the decisions whose own ids are cards in
# hand or assistants (so those free actions cannot be offered there), and those that
# take none (travel has its own, the round-end keep is outside any turn, and an
# Earring's drawn cards are held aside until it is done).
_CARD_FRAMES = frozenset({TRAVEL, HAND_CARDS, EXILE, KEEP})
_ASSISTANT_FRAMES = frozenset(
    {REFRESH, SUPPLY_ASSISTANT, SWAP_OWN, SWAP_SUPPLY, TAKE_ASSISTANT, UPGRADE_ASSISTANT, RESCUE}
)
_NO_FREE_FRAMES = frozenset({TRAVEL, KEEP, LOOK_KEEP, LOOK_RETURN})
_HAND_PAYMENTS = frozenset({TRAVEL, HAND_CARDS})


def _resources_of(cost: dict[str, Any]) -> tuple[int, ...]:
    """The resource part of a price that may also hold travel, hand cards or idols."""
    return tuple(int(cost.get(r, 0)) for r in RESOURCES)


def _covers(res: list[int], cost: tuple[int, ...]) -> bool:
    return (
        res[0] >= cost[0]
        and res[1] >= cost[1]
        and res[2] >= cost[2]
        and res[3] >= cost[3]
        and res[4] >= cost[4]
    )


ADDING_STEPS = frozenset({"gain", "draw", "travel_icons", "upgrade", "action"})


def _adds_only(effect: Effect) -> bool:
    """Does `effect` only add to what a player holds (nothing it must spend or lose)?"""
    for op, arg in effect:
        if op == "choose_one":
            if not all(_adds_only(option) for option in arg):
                return False
        elif op not in ADDING_STEPS:
            return False
    return True


def _adding_assistant(code: int) -> bool:
    """May the assistant with this code (id | gold << 4) be used while paying travel?"""
    if code & 15 >= len(ASSISTANTS):
        return False
    helper = ASSISTANTS[code & 15]
    return not helper.main and _adds_only(helper.gold if code & 16 else helper.silver)


ADDING_ASSISTANT: tuple[bool, ...] = tuple(_adding_assistant(code) for code in range(32))
ADDING_BOON: tuple[bool, ...] = tuple(
    g.boon_travel is None and _adds_only(g.boon) for g in GUARDIANS
)
ADDING_SLOT_ACTIONS: tuple[int, ...] = tuple(
    A.IDOL_SLOT + e for e, (_, effect) in enumerate(SLOT_EFFECTS) if _adds_only(effect)
)
ADDING_CARD: tuple[bool, ...] = tuple(
    c < len(CARDS) and CARDS[c].free and bool(CARDS[c].effect) and _adds_only(CARDS[c].effect)
    for c in range(A.NUM_CARD_TYPES)
)


def is_free(kind: str, action: int) -> bool:
    """Is legal `action`, during a decision of kind `kind`, a free action taken on top of
    it (see ArnakState._adding_free) rather than an answer to it?"""
    if action < A.PLAY_AREA:
        return kind not in _CARD_FRAMES
    if A.IDOL_SLOT <= action < A.UNSLOT:
        return True
    if A.ASSISTANT <= action < A.BOON:
        return kind not in _ASSISTANT_FRAMES
    if A.BOON <= action < A.OPTION:
        return kind != REFRESH_GUARDIAN and GUARDIANS[action - A.BOON].boon_travel is None
    return False


class EffectsMixin:
    """ArnakState's effect interpreter: its steps, its pending decisions (frames) and
    their targets. ArnakState (rules.py) is the one class that mixes it in."""

    if TYPE_CHECKING:
        # What the interpreter uses of the state (rules.py) and of the main actions that
        # steps start (turn.py); mypy checks these against ArnakState's own.
        game: ArnakGame
        _bonus: list[list[int]]
        _guardian: list[int]
        _guardians: list[int]
        _ids_sites: tuple[tuple[int, ...], ...] | None
        _idol_down: list[int]
        _idol_up: list[int]
        _item_exile: list[int]
        _known_bottom: list[int]
        _late_free: bool
        _main: bool
        _occ: list[int]
        _pass_pending: bool
        _pool: list[int]
        _rescue: list[int]
        _rescue_seen: int
        _revealed: list[int]
        _rival: Any
        _row_item: list[int]
        _seats: list[Seat]
        _spaces: tuple[Space, ...]
        _stack: list[tuple[Any, ...]]
        _stacks: list[list[int]]
        _supply: list[list[int]]
        _temple_bonus: list[int]
        _temple_seen: int
        _tile: list[int]
        _turn: int

        def discovered(self, site: int) -> bool: ...
        def free_slot(self, site: int) -> int: ...
        def occupied(self, site: int) -> bool: ...
        def site_effect(self, site: int) -> Effect: ...
        def _home(self, p: int) -> int: ...
        def _own_sites(self, p: int) -> list[int]: ...
        def _push_seq(self, p: int, steps: Effect) -> None: ...
        def _draw(self, seat: Seat, n: int) -> None: ...
        def _draw_bottom(self, seat: Seat) -> None: ...
        @staticmethod
        def _take_bottom(seat: Seat) -> int: ...
        def _cards_changed(self) -> None: ...
        def _to_bottom(self, seat: Seat, card: int) -> None: ...
        def _take_fear(self, seat: Seat) -> None: ...
        def _exile_card(self, card: int, p: int) -> None: ...
        def _gain(self, seat: Seat, amounts: tuple[int, ...]) -> None: ...
        def _pay(self, seat: Seat, amounts: tuple[int, ...]) -> None: ...
        def _can_travel(self, p: int, need: tuple[int, ...], reserve_coins: int = 0) -> bool: ...
        def _push_travel(
            self, p: int, need: tuple[int, ...], discount: tuple[int, ...]
        ) -> None: ...
        def _draw_hidden(self, pile: list[int], known: int = 0, known_top: bool = False) -> int: ...
        def _clip_known(self, level: int) -> None: ...
        def _objective(self, name: str, done: bool = True) -> None: ...

        def _turn_apply(self, p: int, action: int) -> None: ...
        def _send_options(self, p: int, params: dict[str, Any]) -> list[int]: ...
        def _send(self, p: int, site: int, params: dict[str, Any]) -> None: ...
        def _take_guardian(self, p: int, site: int) -> None: ...
        def _buy_options(
            self, p: int, kind: str, discount: int, free: bool = False
        ) -> list[int]: ...
        def _buy(self, p: int, c: int, discount: int, free: bool = False) -> None: ...
        def take_from_row(self, c: int) -> None: ...
        def _reveal_top(self, kind: str) -> None: ...
        def _research_options(
            self, p: int, token: str, discount: tuple[int, ...], free: bool, temple: bool
        ) -> list[int]: ...
        def _research(self, p: int, action: int, discount: tuple[int, ...], free: bool) -> None: ...
        def _take_bonus(self, p: int, where: int, kind: int) -> None: ...

    # ------------------------------------------------------------------ the interpreter

    def _step(self, p: int, op: str, arg: Any) -> None:
        seat = self._seats[p]
        if op == "gain":
            self._gain(seat, arg)
        elif op == "draw":
            self._draw(seat, int(arg))
        elif op == "draw_bottom":
            for _ in range(int(arg)):
                self._draw_bottom(seat)
        elif op == "fear":
            for _ in range(int(arg)):
                self._take_fear(seat)
        elif op == "exile":
            self._stack.append((EXILE, p, int(arg["n"]), bool(arg["optional"])))
        elif op == "pay":
            cost, then = arg
            if self._can_afford(p, cost):
                self._stack.append((OFFER, p, cost, then))
        elif op == "pay_required":
            if seat.hand:
                self._stack.append((HAND_CARDS, p, int(arg.get("hand_card", 1))))
        elif op == "choose_one":
            self._stack.append((CHOOSE, p, arg))
        elif op == "choose_distinct":
            count, options = arg
            self._stack.append((DISTINCT, p, count, options, ()))
        elif op == "upgrade":
            self._stack.append((UPGRADE, p, int(arg)))
        elif op == "dig_or_discover":
            self._stack.append((DIG, p, arg))
        elif op == "relocate":
            self._stack.append((RELOCATE_FROM, p, tuple(arg["to"])))
        elif op == "activate_site":
            self._stack.append((ACTIVATE, p, arg, ()))
        elif op == "activate_top_tile":
            self._activate_top_tile(p, int(arg["level"]))
        elif op == "buy":
            if arg.get("include_deck_top"):
                self._reveal_top(arg["type"])
            self._stack.append((BUY, p, arg["type"], int(arg.get("discount", 0)), False))
        elif op == "gain_artifact_free":
            self._stack.append((BUY, p, "artifact", 0, True))
        elif op == "face_up_board_idol_reward":
            # the reward of any face-up idol still on the board (the Owl Temple's C1)
            kinds = {k for k in self._idol_up if k != FREE}
            if len(kinds) == 1:
                self._push_seq(p, IDOL_REWARDS[kinds.pop()].effect)
            elif kinds:
                self._stack.append((IDOL_REWARD, p))
        elif op == "reactivate_used_guardian_boon":
            used = [g & 15 for g in seat.guardians if g & 16]
            if len(used) == 1:
                seat.guardians[seat.guardian_slot(used[0])] &= ~16
            elif used:
                self._stack.append((REFRESH_GUARDIAN, p))
        elif op == "gain_dark_tablet":
            for _ in range(int(arg)):
                spider.gain(self, seat)  # type: ignore[arg-type]
        elif op == "gain_card":
            self._stack.append((GAIN_CARD, p, arg["from"], arg["to"]))
        elif op == "research":
            self._research_step(p, arg)
        elif op == "overcome_free":
            self._stack.append((OVERCOME_FREE, p, arg["where"]))
        elif op == "refresh_assistant":
            self._stack.append((REFRESH, p, int(arg)))
        elif op == "supply_assistant_effect":
            self._stack.append((SUPPLY_ASSISTANT, p, arg))
        elif op == "swap_assistant":
            self._stack.append((SWAP_OWN, p))
        elif op == "recall_archaeologist":
            self._stack.append((RECALL, p))
        elif op == "all_travel_as_plane":
            seat.all_plane = True
        elif op == "no_guardian_fear":
            seat.no_fear = True
        elif op == "gain_per":
            count = min(int(arg["max"]), self._count(p, arg["per"]))
            self._gain(seat, tuple(count * v for v in bag(arg["gain"], "effect")))
        elif op == "look_keep":
            self._stack.append((LOOK_COUNT, p, arg))
        elif op == "exile_row_item_then_gain_exiled_item":
            items = [c for c in self._row_item if c != GAP]
            if items:
                self.take_from_row(items[-1])
                self._item_exile.append(items[-1])
            self._stack.append((HAMMER, p))
        elif op == "move_guardian":
            self._stack.append((GUARDIAN_FROM, p, tuple(arg["to"])))
        elif op == "unslot_idol":
            self._stack.append((UNSLOT, p))
        elif op == "travel_icons":
            for i in range(4):
                self._pool[i] += arg[i]
        elif op == "take_assistant":
            if len(seat.assistants) < MAX_ASSISTANTS:
                self._stack.append((TAKE_ASSISTANT, p))
        elif op == "upgrade_assistant":
            self._stack.append((UPGRADE_ASSISTANT, p))
        elif op == "rescue_assistant":
            # the glass looks through the stack whether or not a hand of two
            # assistants leaves room to take one
            if self._rescue:
                self._rescue_seen |= 1 << p
                if len(seat.assistants) < MAX_ASSISTANTS:
                    self._stack.append((RESCUE, p))
        elif op == "pass_round":
            self._main = True
            self._pass_pending = True
        elif op == "action":
            pass
        elif op == "_place":
            self._place(p, int(arg))
        elif op == "_site":
            self._push_seq(p, self.site_effect(int(arg)))
        elif op == "_again":
            self._stack.append((OFFER, p, None, (("_site", arg),)))
        elif op == "_dark":
            self._dark_effect(p, int(arg))
        elif op == "_idols":
            self._take_idols(p, int(arg))
        elif op == "_reveal":
            site = int(arg)
            level = self._spaces[site].level - 1
            self._tile[site] = self._draw_hidden(self._stacks[level], self._known_bottom[level])
            self._ids_sites = None
            self._clip_known(level)
            self._objective("site")
            self._push_seq(p, self.site_effect(site))
        elif op == "_guardian":
            if self._guardians:
                self._guardian[int(arg)] = self._draw_hidden(self._guardians)
                self._ids_sites = None
        elif op == "_overcome":
            self._take_guardian(p, int(arg))
        elif op == "_bonus":
            where = int(arg)
            tiles = self._temple_bonus if where < 0 else self._bonus[where]
            if where < 0:
                self._temple_seen |= 1 << p
            if len(tiles) == 1 and where >= 0:
                self._take_bonus(p, where, tiles[0])
            elif tiles:
                self._stack.append((BONUS_PICK, p, where))
        elif op == "_research":
            self._stack.append((RESEARCH, p, *arg))
        else:  # pragma: no cover - the data loader admits only known steps
            raise AssertionError(f"unknown step {op}")

    def _place(self, p: int, slot: int) -> None:
        seat = self._seats[p]
        seat.arch[self._home(p)] = slot
        self._occ[slot] = p
        if self._rival is not None and self.game.objectives:
            out = sum(1 for s in seat.arch if s != HOME)
            self._objective("arch", out >= OBJECTIVES[OBJECTIVE["arch"]].you_need)

    def _dark_effect(self, p: int, site: int) -> None:
        """A Spider Temple site's dark effect, which an archaeologist arriving there may
        resolve (a price is offered as prices are; a gift is offered as it is)."""
        effect = self._spaces[site].dark
        if effect[0][0] == "pay":
            self._push_seq(p, effect)
        else:
            self._stack.append((OFFER, p, None, effect))

    def _take_idols(self, p: int, site: int) -> None:
        seat = self._seats[p]
        up = self._idol_up[site]
        seat.crates += (up != FREE) + self._idol_down[site]
        self._idol_up[site] = FREE
        self._idol_down[site] = 0
        self._ids_sites = None
        if up != FREE:
            self._push_seq(p, IDOL_REWARDS[up].effect)

    def _activate_top_tile(self, p: int, level: int) -> None:
        stack = self._stacks[level - 1]
        if not stack:
            return
        tile = self._draw_hidden(stack, self._known_bottom[level - 1])
        stack.insert(0, tile)
        self._known_bottom[level - 1] = min(len(stack), self._known_bottom[level - 1] + 1)
        self._push_seq(p, SITE_TILES[tile].effect)

    def _research_step(self, p: int, arg: dict[str, Any]) -> None:
        token = arg.get("token", "either")
        free = bool(arg.get("free", False))
        temple = bool(arg.get("temple_tile_allowed", False))
        if "one_of" in arg:
            options = tuple(
                (("_research", (token, bag(d, "effect"), free, temple)),) for d in arg["one_of"]
            )
            self._stack.append((CHOOSE, p, options))
            return
        discount = bag(arg.get("discount", {}), "effect")
        self._stack.append((RESEARCH, p, token, discount, free, temple))

    def _count(self, p: int, what: str) -> int:
        seat = self._seats[p]
        if what == "guardians_at_your_sites_plus_overcome":
            return len(seat.guardians) + sum(
                1 for s in self._own_sites(p) if self._guardian[s] != FREE
            )
        if what == "idols_owned_slotted_or_not":
            return seat.crates + sum(seat.slots) + seat.owl_slotted
        if what == "your_archaeologists_on_sites":
            return sum(1 for s in seat.arch if s != HOME)
        raise AssertionError(f"unknown counter {what}")  # pragma: no cover

    def _can_afford(self, p: int, cost: dict[str, Any]) -> bool:
        seat = self._seats[p]
        need = _resources_of(cost)
        if not _covers(seat.res, need):
            return False
        if len(seat.hand) < int(cost.get("hand_card", 0)):
            return False
        if seat.crates < int(cost.get("idol", 0)):
            return False
        travel = icons(cost.get("travel", {}), "cost")
        return self._can_travel(p, travel, need[COIN])

    def _pay_offer(self, p: int, cost: dict[str, Any], then: Effect) -> None:
        seat = self._seats[p]
        self._pay(seat, _resources_of(cost))
        seat.crates -= int(cost.get("idol", 0))
        self._push_seq(p, then)
        self._push_travel(p, icons(cost.get("travel", {}), "cost"), NO_ICONS)
        if cost.get("hand_card"):
            self._stack.append((HAND_CARDS, p, int(cost["hand_card"])))

    # ------------------------------------------------------------------ frames

    def _frame_actions(self, frame: tuple[Any, ...]) -> list[int]:
        kind = frame[0]
        p = frame[1]
        seat = self._seats[p]
        if kind == TRAVEL:
            return self._travel_actions(p, frame[2], frame[3])
        if kind == HAND_CARDS:
            return sorted({A.HAND + c for c in seat.hand})
        if kind == CHOOSE:
            out = []
            for k, option in enumerate(frame[2]):
                if self._late_free and any(op == "pass_round" for op, _ in option):
                    continue
                out.append(A.OPTION + k)
            return out
        if kind == DISTINCT:
            _, _, count, options, taken = frame
            if len(taken) >= count:
                return []
            return [A.OPTION + k for k in range(len(options)) if k not in taken]
        if kind == EXILE:
            out = sorted({A.HAND + c for c in seat.hand} | {A.PLAY_AREA + c for c in seat.play})
            if seat.fear_tiles:
                out.append(A.FEAR_TILE)
            if out and frame[3]:
                out.append(A.DONE)
            return out
        if kind == OFFER:
            # affordable when offered; a free action taken on top may have changed that
            cost = frame[2]
            return [A.YES, A.DONE] if cost is None or self._can_afford(p, cost) else [A.DONE]
        if kind == UPGRADE:
            out = []
            if seat.res[TABLET]:
                out.append(A.UPGRADE)
            if seat.res[ARROWHEAD]:
                out.append(A.UPGRADE + 1)
            return [*out, A.DONE] if out else []
        if kind == DIG:
            sites = self._send_options(p, frame[2])
            return [A.SITE + s for s in sites] + [A.DONE] if sites else []
        if kind == RELOCATE_FROM:
            out = [A.SITE + s for s in self._own_sites(p) if self._relocate_targets(p, s, frame[2])]
            return [*out, A.DONE] if out else []
        if kind == RELOCATE_TO:
            return [A.SITE + s for s in self._relocate_targets(p, frame[3], frame[2])]
        if kind == ACTIVATE:
            sites = self._activate_options(p, frame[2], frame[3])
            return [A.SITE + s for s in sites] + [A.DONE] if sites else []
        if kind == BUY:
            cards = self._buy_options(p, frame[2], frame[3], frame[4])
            if cards:
                return [*sorted(A.CARD + c for c in cards), A.DONE]
            # a card revealed for the buy may be worth a free action that pays for it
            return [A.DONE] if self._free_in_frame(frame) else []
        if kind == GAIN_CARD:
            cards = self._row_item if frame[2] == "row" else self._item_exile
            cards = [c for c in cards if c != GAP]
            return [*sorted({A.CARD + c for c in cards}), A.DONE] if cards else []
        if kind == RESEARCH:
            _, _, token, discount, free, temple = frame
            options = self._research_options(p, token, discount, free, temple)
            return [*options, A.DONE] if options else []
        if kind == OVERCOME_FREE:
            sites = self._free_overcome_sites(p, frame[2])
            return [A.OVERCOME + s for s in sites] + [A.DONE] if sites else []
        if kind == REFRESH:
            if frame[2] <= 0:
                return []
            out = [A.ASSISTANT + (a & 15) for a in seat.assistants if a & 32]
            return [*out, A.DONE] if out else []
        if kind == SUPPLY_ASSISTANT:
            out = [A.ASSISTANT + s[-1] for s in self._supply if s]
            return [*out, A.DONE] if out else []
        if kind == SWAP_OWN:
            if not any(self._supply):
                return []
            out = [A.ASSISTANT + (a & 15) for a in seat.assistants]
            return [*out, A.DONE] if out else []
        if kind == SWAP_SUPPLY:
            return [A.ASSISTANT + s[-1] for s in self._supply if s]
        if kind == RECALL:
            return [A.SITE + s for s in self._own_sites(p)]
        if kind == LOOK_COUNT:
            most = min(int(frame[2]["max"]), len(seat.deck))
            return [A.OPTION + k for k in range(most)]
        if kind == LOOK_KEEP:
            return sorted({A.CARD + c for c in frame[2]})
        if kind == LOOK_RETURN:
            return [*sorted({A.CARD + c for c in frame[2]}), A.DONE]
        if kind == HAMMER:
            return (
                [*sorted({A.CARD + c for c in self._item_exile}), A.DONE]
                if self._item_exile
                else []
            )
        if kind == GUARDIAN_FROM:
            out = [
                A.SITE + s
                for s in self._own_sites(p)
                if self._guardian[s] != FREE and self._guardian_targets(s, frame[2])
            ]
            return [*out, A.DONE] if out else []
        if kind == GUARDIAN_TO:
            return [A.SITE + s for s in self._guardian_targets(frame[3], frame[2])]
        if kind == UNSLOT:
            out = [A.UNSLOT + i for i, full in enumerate(seat.slots) if full]
            if seat.owl_slotted:  # the Owl Temple: a slot that two Owl tiles make
                out.append(A.OWL_UNSLOT)
            return [*out, A.DONE] if out else []
        if kind == TAKE_ASSISTANT:
            if len(seat.assistants) >= MAX_ASSISTANTS:
                return []
            return [A.ASSISTANT + s[-1] for s in self._supply if s]
        if kind == UPGRADE_ASSISTANT:
            return [A.ASSISTANT + (a & 15) for a in seat.assistants if not a & 16]
        if kind == RESCUE:
            if len(seat.assistants) >= MAX_ASSISTANTS:
                return []
            # the rescue "lets you" take one: it may be declined
            return [*sorted({A.ASSISTANT + a for a in self._rescue}), A.DONE]
        if kind == BONUS_PICK:
            tiles = self._temple_bonus if frame[2] < 0 else self._bonus[frame[2]]
            return sorted({A.BONUS + k for k in tiles})
        if kind == ORDER:
            return [A.OPTION, A.OPTION + 1]
        if kind == spider.ALTAR_PICK:
            return spider.pick_options(self)  # type: ignore[arg-type]
        if kind == IDOL_REWARD:
            return [A.SITE + s for s in range(5, 17) if self._idol_up[s] != FREE]
        if kind == REFRESH_GUARDIAN:
            return [A.BOON + (g & 15) for g in seat.guardians if g & 16]
        if kind == KEEP:
            # One decision per card in hand, in card order, whatever is chosen: the
            # number of decisions (the hand size) tells the other seats nothing.
            c = self.keep_card(frame)
            return [] if c < 0 else [A.HAND + c, A.DONE]  # discard it / keep it
        raise AssertionError(f"unknown frame {kind}")  # pragma: no cover

    def keep_card(self, frame: tuple[Any, ...]) -> int:
        """The card a round-end keep frame asks about (its seat's hand in card order,
        from the frame's count of cards decided), or -1 when every card is decided."""
        hand = self._seats[frame[1]].hand
        asked: int = frame[2]
        return sorted(hand)[asked] if asked < len(hand) else -1

    def _travel_actions(self, p: int, need: tuple[int, ...], paid: tuple[int, ...]) -> list[int]:
        seat = self._seats[p]
        gap = deficit(need, paid)
        out = []
        for c in set(seat.hand):
            t = CARDS[c].travel
            if seat.all_plane:
                t = as_planes(t)
            if t != NO_ICONS and deficit(need, add(paid, t)) < gap:
                out.append(A.HAND + c)
        for g in seat.guardians:
            boon = GUARDIANS[g & 15].boon_travel
            if boon is not None and seat.all_plane:
                boon = as_planes(boon)
            if boon is not None and not g & 16 and deficit(need, add(paid, boon)) < gap:
                out.append(A.BOON + (g & 15))
        for i in range(4):
            if self._pool[i]:
                icon = ONE_PLANE if seat.all_plane else UNIT_ICONS[i]
                if deficit(need, add(paid, icon)) < gap:
                    out.append(A.POOL + i)
        if seat.res[COIN] >= 2:
            out.append(A.COINS_FOR_PLANE)
        return out + self._adding_free(p, TRAVEL)

    def _frame_legal(self, frame: tuple[Any, ...]) -> list[int]:
        """A pending decision's answers and the free actions offered beside them; none
        when it has no answer of its own (it is then skipped)."""
        legal = self._frame_actions(frame)
        return legal + self._free_in_frame(frame) if legal else legal

    def _free_in_frame(self, frame: tuple[Any, ...]) -> list[int]:
        """The free actions the turn's player may take on top of a pending decision of
        their turn, which the rulebook allows "before, after, and even during your main
        action" (travel offers its own)."""
        if frame[0] in _NO_FREE_FRAMES or frame[1] != self._turn:
            return []
        return self._adding_free(frame[1], frame[0])

    def _adding_free(self, p: int, kind: str) -> list[int]:
        """Free actions `p` may take in the middle of a decision of kind `kind`: those
        that can only add to what they hold (gains, draws, travel icons, trades up), so
        that nothing the decision was offered on can be lost, less those whose ids the
        decision uses itself. A free card leaves the hand, so none is offered while a
        travel cost or a cost in hand cards is being paid."""
        seat = self._seats[p]
        out: list[int] = []
        # a card played leaves the hand, whose cards a payment under way may still need
        if kind not in _CARD_FRAMES and not any(f[0] in _HAND_PAYMENTS for f in self._stack):
            out.extend({A.HAND + c for c in seat.hand if ADDING_CARD[c]})
        if kind not in _ASSISTANT_FRAMES:
            for a in seat.assistants:
                # a: id | gold << 4 | exhausted << 5, so a & 31 indexes ADDING_ASSISTANT
                if not a & 32 and ADDING_ASSISTANT[a & 31]:
                    out.append(A.ASSISTANT + (a & 15))
        if kind != REFRESH_GUARDIAN:  # whose answers are boons too
            for g in seat.guardians:
                if not g & 16 and ADDING_BOON[g & 15]:
                    out.append(A.BOON + (g & 15))
        if seat.crates and (not all(seat.slots) or owl.slot_free(seat)):
            out.extend(ADDING_SLOT_ACTIONS)
        return out

    def _frame_apply(self, frame: tuple[Any, ...], action: int) -> None:
        kind = frame[0]
        p = frame[1]
        seat = self._seats[p]
        stack = self._stack
        if is_free(kind, action):
            self._turn_apply(p, action)  # a free action on top of the decision
            return
        if kind == TRAVEL:
            need, paid = frame[2], frame[3]
            if action < A.PLAY_AREA:
                c = action - A.HAND
                seat.hand.remove(c)
                seat.play.append(c)
                t = CARDS[c].travel
                gained = as_planes(t) if seat.all_plane else t
            elif A.BOON <= action < A.OPTION:
                g = action - A.BOON
                i = seat.guardian_slot(g)
                seat.guardians[i] |= 16
                gained = GUARDIANS[g].boon_travel or NO_ICONS
                if seat.all_plane:
                    gained = as_planes(gained)
            elif action == A.COINS_FOR_PLANE:
                seat.res[COIN] -= 2
                gained = ONE_PLANE
            else:
                i = action - A.POOL
                self._pool[i] -= 1
                gained = UNIT_ICONS[i]
                if seat.all_plane:
                    gained = ONE_PLANE
            paid = add(paid, gained)
            if deficit(need, paid):
                stack[-1] = (TRAVEL, p, need, paid)
            else:
                stack.pop()
                # "the extra icon will probably be wasted. It does not carry over to
                # your next turn": it stays in the turn's pool, as generated icons do
                for i, left in enumerate(spare(need, paid)):
                    self._pool[i] += left
            return
        if kind == KEEP:
            if action != A.DONE:
                seat.keep_out.append(action - A.HAND)
            stack[-1] = (KEEP, p, frame[2] + 1)
            return
        if kind == HAND_CARDS and action != A.DONE:
            c = action - A.HAND
            seat.hand.remove(c)
            seat.play.append(c)
            if frame[2] > 1:
                stack[-1] = (HAND_CARDS, p, frame[2] - 1)
            else:
                stack.pop()
            return
        stack.pop()
        if action == A.DONE:
            if kind == BUY:
                self._revealed = []
            elif kind == LOOK_RETURN:
                seat.play.extend(frame[2])  # none goes back on top: all drawn go to play
            return
        if kind == CHOOSE:
            self._push_seq(p, frame[2][action - A.OPTION])
        elif kind == DISTINCT:
            _, _, count, options, taken = frame
            k = action - A.OPTION
            stack.append((DISTINCT, p, count, options, (*taken, k)))
            self._push_seq(p, options[k])
        elif kind == EXILE:
            if action == A.FEAR_TILE:
                seat.fear_tiles -= 1
            elif action < A.PLAY_AREA:
                seat.hand.remove(action - A.HAND)
                self._exile_card(action - A.HAND, p)
            else:
                seat.play.remove(action - A.PLAY_AREA)
                self._exile_card(action - A.PLAY_AREA, p)
            if frame[2] > 1:
                stack.append((EXILE, p, frame[2] - 1, frame[3]))
        elif kind == OFFER:
            cost, then = frame[2], frame[3]
            if cost is None:
                self._push_seq(p, then)
            else:
                self._pay_offer(p, cost, then)
        elif kind == UPGRADE:
            if action == A.UPGRADE:
                seat.res[TABLET] -= 1
                seat.res[ARROWHEAD] += 1
                if seat.dark:
                    spider.return_spent(self, seat)  # type: ignore[arg-type]
            else:
                seat.res[ARROWHEAD] -= 1
                seat.res[JEWEL] += 1
            if frame[2] > 1:
                stack.append((UPGRADE, p, frame[2] - 1))
        elif kind == DIG:
            self._send(p, action - A.SITE, frame[2])
        elif kind == RELOCATE_FROM:
            stack.append((RELOCATE_TO, p, frame[2], action - A.SITE))
        elif kind == RELOCATE_TO:
            origin, target = frame[3], action - A.SITE
            i = seat.arch_at(origin)
            self._occ[seat.arch[i]] = FREE
            slot = self.free_slot(target)
            seat.arch[i] = slot
            self._occ[slot] = p
            if self._spaces[target].dark:
                self._push_seq(p, (("_dark", target),))
            self._push_seq(p, self.site_effect(target))
        elif kind == ACTIVATE:
            params, done = frame[2], frame[3]
            site = action - A.SITE
            count = int(params.get("count", 1))
            if len(done) + 1 < count:
                stack.append((ACTIVATE, p, params, (*done, site)))
            self._push_seq(p, self.site_effect(site))
            extra = params.get("level2_extra_cost")
            if extra and self._spaces[site].level == 2:
                self._pay(seat, bag(extra, "effect"))
        elif kind == IDOL_REWARD:
            self._push_seq(p, IDOL_REWARDS[self._idol_up[action - A.SITE]].effect)
        elif kind == REFRESH_GUARDIAN:
            seat.guardians[seat.guardian_slot(action - A.BOON)] &= ~16
        elif kind == spider.ALTAR_PICK:
            spider.place_artifact(self, p, frame[2], action - A.CARD)  # type: ignore[arg-type]
        elif kind == BUY:
            self._buy(p, action - A.CARD, frame[3], frame[4])
            self._revealed = []
        elif kind == GAIN_CARD:
            c = action - A.CARD
            if frame[2] == "row":
                self.take_from_row(c)
            else:
                self._item_exile.remove(c)
            self._cards_changed()
            self._objective(CARDS[c].kind)  # gaining a card counts as buying it
            to = frame[3]
            if to == "hand":
                seat.hand.append(c)
            elif to == "deck_top":
                seat.deck.append(c)
                seat.public.append(True)
            else:
                self._to_bottom(seat, c)
        elif kind == RESEARCH:
            self._research(p, action, frame[3], frame[4])
        elif kind == OVERCOME_FREE:
            self._take_guardian(p, action - A.OVERCOME)
        elif kind == REFRESH:
            a = action - A.ASSISTANT
            i = seat.assistant_slot(a)
            seat.assistants[i] &= ~32
            if frame[2] > 1:
                stack.append((REFRESH, p, frame[2] - 1))
        elif kind == SUPPLY_ASSISTANT:
            helper = ASSISTANTS[action - A.ASSISTANT]
            self._push_seq(p, helper.gold if frame[2] == "gold" else helper.silver)
        elif kind == SWAP_OWN:
            stack.append((SWAP_SUPPLY, p, action - A.ASSISTANT))
        elif kind == SWAP_SUPPLY:
            old = frame[2]
            new = action - A.ASSISTANT
            i = seat.assistant_slot(old)
            gold = seat.assistants[i] & 16
            pile = next(s for s in self._supply if s and s[-1] == new)
            pile[-1] = old
            seat.assistants[i] = new | gold
        elif kind == RECALL:
            site = action - A.SITE
            i = seat.arch_at(site)
            self._occ[seat.arch[i]] = FREE
            seat.arch[i] = HOME
        elif kind == LOOK_COUNT:
            params = frame[2]
            drawn = []
            for _ in range(action - A.OPTION + 1):
                if params["from"] == "top":
                    drawn.append(seat.deck.pop())
                    seat.public.pop()
                    seat.private_top = max(0, seat.private_top - 1)
                else:
                    drawn.append(self._take_bottom(seat))
            stack.append((LOOK_KEEP, p, tuple(drawn), int(params.get("may_return_top", 0))))
        elif kind == LOOK_KEEP:
            c = action - A.CARD
            seat.hand.append(c)
            rest = list(frame[2])
            rest.remove(c)
            if rest and frame[3]:
                stack.append((LOOK_RETURN, p, tuple(rest)))
            else:
                seat.play.extend(rest)
        elif kind == LOOK_RETURN:
            rest = list(frame[2])
            c = action - A.CARD
            rest.remove(c)
            seat.deck.append(c)
            seat.public.append(False)
            seat.private_top += 1
            seat.play.extend(rest)
        elif kind == HAMMER:
            c = action - A.CARD
            self._item_exile.remove(c)
            self._to_bottom(seat, c)
            self._objective("item")
        elif kind == GUARDIAN_FROM:
            stack.append((GUARDIAN_TO, p, frame[2], action - A.SITE))
        elif kind == GUARDIAN_TO:
            target = action - A.SITE
            self._guardian[target] = self._guardian[frame[3]]
            self._guardian[frame[3]] = FREE
            self._ids_sites = None
            self._push_seq(p, self.site_effect(target))
        elif kind == UNSLOT:
            if action == A.OWL_UNSLOT:
                seat.owl_slotted -= 1
            else:
                seat.slots[action - A.UNSLOT] = False
            seat.crates += 1
        elif kind == TAKE_ASSISTANT:
            a = action - A.ASSISTANT
            next(s for s in self._supply if s and s[-1] == a).pop()
            seat.assistants.append(a)
        elif kind == UPGRADE_ASSISTANT:
            a = action - A.ASSISTANT
            i = seat.assistant_slot(a)
            seat.assistants[i] = a | 16
        elif kind == RESCUE:
            a = action - A.ASSISTANT
            self._rescue.remove(a)
            seat.assistants.append(a | 32)
        elif kind == BONUS_PICK:
            self._take_bonus(p, frame[2], action - A.BONUS)
        elif kind == ORDER:
            first, second = (frame[2], frame[3]) if action == A.OPTION else (frame[3], frame[2])
            self._push_seq(p, first + second)

    # ------------------------------------------------------------------ targets

    def _relocate_targets(self, p: int, origin: int, kinds: tuple[str, ...]) -> list[int]:
        return [
            s
            for s in range(17)
            if s != origin
            and self._spaces[s].kind in kinds
            and self.discovered(s)
            and self.free_slot(s) >= 0
        ]

    def _guardian_targets(self, origin: int, kinds: tuple[str, ...]) -> list[int]:
        return [
            s
            for s in range(17)
            if s != origin
            and self._spaces[s].kind in kinds
            and self.discovered(s)
            and not self.occupied(s)
            and self._guardian[s] == FREE
        ]

    def _activate_options(self, p: int, params: dict[str, Any], done: tuple[int, ...]) -> list[int]:
        level = params.get("level", "any")
        condition = params.get("condition", "any")
        extra = params.get("level2_extra_cost")
        own = set(self._own_sites(p))
        out = []
        for s in range(17):
            if s in done or not self.discovered(s):
                continue
            kind = self._spaces[s].kind
            if level != "any" and kind != level:
                continue
            if condition == "unoccupied" and self.occupied(s):
                continue
            if condition == "occupied_by_you" and s not in own:
                continue
            if (
                extra
                and self._spaces[s].level == 2
                and not _covers(self._seats[p].res, bag(extra, "effect"))
            ):
                continue
            out.append(s)
        return out

    def _free_overcome_sites(self, p: int, where: str) -> list[int]:
        if where == "own_site":
            return [s for s in self._own_sites(p) if self._guardian[s] != FREE]
        return [
            s
            for s in range(17)
            if self._guardian[s] != FREE
            and not any(o >= 0 and o != p for o in (self._occ[x] for x in SITE_SLOTS[s]))
        ]
