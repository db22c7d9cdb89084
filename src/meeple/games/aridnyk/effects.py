"""The effect interpreter: a turn's stack of frames, what is legal and what an action does.

A turn is driven by a stack of small frames (place a tile, resolve a tile's, a reward's
or a Trinket's effects, move a figure step by step, draw a card, pay for a trade, let
other seats react). EffectsMixin, a part of AridnykState (rules.py), is the game's one
interpreter of them: the top frame, or the phase when the stack is empty, decides what
is legal (_compute_legal, _frame_legal) and what an action does (_apply, _do_frame,
_do_effect); when the stack runs empty the turn moves on (_advance: white effects of
the Shepherd's tile, the Horizon pick, the next player).
"""

from __future__ import annotations

from typing import Any

from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    AFTER_DRIZD,
    C_MOVE,
    C_RETRADE,
    C_TRADE_ANY,
    CHOOSE_CHARACTER,
    DRIZD_SHEEP,
    E_CARD,
    E_MOVE_TILE,
    E_PLOT,
    E_RETRADE,
    E_SHEEP,
    E_SHEPHERD,
    E_SPIRIT,
    E_SWAP,
    E_TRADE_ANY,
    E_TRINKET,
    EFFECTS,
    F_DRAW,
    F_EFFECTS,
    F_LIMIT,
    F_PAY,
    F_PLACE,
    F_REACT,
    F_SHEPHERD,
    F_SPIRIT,
    F_SPIRIT_CHOICE,
    F_SWAP,
    F_VOVK,
    HAND_LIMIT,
    OVER,
    P_ALEY,
    P_STARTER,
    P_TURN,
    PICK,
    PLACE,
    PLACE_SHEPHERDS,
    PLACE_STARTERS,
    REWARD,
    VOVK_MOVES,
)
from meeple.games.aridnyk.components import ORNAMENTED, TRINKET_CANCELS, TRINKET_REACTION
from meeple.games.aridnyk.figures import FiguresMixin
from meeple.games.aridnyk.plots import PlotsMixin
from meeple.games.aridnyk.trades import TradesMixin
from meeple.games.aridnyk.turns import TurnsMixin


class EffectsMixin(TurnsMixin, FiguresMixin, PlotsMixin, TradesMixin):
    __slots__ = ()

    def _advance(self) -> None:
        """Drop finished frames and move the turn on while no decision is needed."""
        stack = self._stack
        while True:
            if stack:
                top = stack[-1]
                kind = top[0]
                if kind == F_EFFECTS and not any(top[2]):
                    stack.pop()
                    continue
                if kind == F_SHEPHERD and top[1] == 0:
                    stack.pop()
                    self._shepherd_move_ended()
                    continue
                if kind == F_SPIRIT and top[2] == 0:
                    stack.pop()
                    self._spirit_move_ended(top[1])
                    continue
                if kind == F_VOVK and top[1] == 0:
                    stack.pop()
                    self._vovk_ended(top)
                    continue
                if kind == F_LIMIT and self._hand_size(top[1]) <= HAND_LIMIT:
                    stack.pop()
                    continue
                break
            if self._phase == EFFECTS:
                if self._push_white():
                    continue
                self._enter_pick()
                continue
            # A move made before the tile is placed (a Trinket) ends on a tile too.
            if self._phase in (PICK, PLACE) and self._push_white():
                continue
            break
        self._cur = self._decider()

    def _decider(self) -> int:
        if self._phase in (CHOOSE_CHARACTER, PLACE_SHEPHERDS):
            return self._setup_queue[0]
        if self._stack:
            top = self._stack[-1]
            if top[0] == F_REACT:
                queue: list[int] = top[3]
                return queue[0]
            if top[0] == F_LIMIT:
                seat: int = top[1]
                return seat
        return self._cur if self._phase == PLACE_STARTERS else self._turn

    # --- legal actions ---------------------------------------------------------------

    def _open_actions(self) -> list[int]:
        """What the active player may do at any open moment of her turn."""
        me = self._turn
        out = [A.CLAIM + p for p in self._plots[me] if self._plot_level(me, p)]
        if not self._trinket_used:
            out.extend(A.USE_TRINKET + t for t in self._trinkets[me] if not TRINKET_REACTION[t])
        out.extend(A.TRADE + s for s, _ in self._trade_options())
        return out

    def _compute_legal(self) -> tuple[int, ...]:
        phase = self._phase
        if phase == OVER:
            return ()
        if phase == CHOOSE_CHARACTER:
            return tuple(A.CHARACTER + c for c in self._dealt[self._cur])
        if phase == PLACE_SHEPHERDS:
            taken = {c for c in self._shepherds if c is not None}
            layout = self._layout
            return tuple(
                sorted(A.BOARD_TILE + t for t in ORNAMENTED if layout.cell[t] not in taken)
            )
        if self._stack:
            acts = self._frame_legal(self._stack[-1])
        elif phase == PLACE:
            hand = self._tiles[self._turn]
            acts = [A.HAND_TILE + t for t in hand if self._layout.can_place(t)]
            if not acts:
                acts = [A.DISCARD_TILE + t for t in hand]
            acts.extend(self._open_actions())
        else:  # PICK
            acts = [A.HORIZON + t for t in self._horizon]
            if self._revealed_tile >= 0:
                acts.append(A.STACK_TOP)
            if not acts:
                acts.append(A.DONE)
            acts.extend(self._open_actions())
        return tuple(sorted(acts))

    def _frame_legal(self, frame: list[Any]) -> list[int]:
        kind = frame[0]
        me = self._turn
        if kind == F_EFFECTS:
            amounts = frame[2]
            acts = [A.EFFECT + e for e in range(11) if amounts[e] and self._effect_usable(e)]
            acts.append(A.DONE)
            if frame[1] != REWARD:
                acts.extend(self._open_actions())
            return acts
        if kind == F_PLACE:
            purpose, tile, rotation = frame[1], frame[2], frame[3]
            without = tile if purpose == P_ALEY else -1
            if tile < 0:
                return [A.BOARD_TILE + t for t in self._movable_tiles()]
            if rotation < 0:
                return [A.ROTATE + r for r in self._rotations(tile, without)]
            return self._cell_actions(tile, rotation, without)
        if kind == F_SHEPHERD:
            acts = self._shepherd_steps(frame[1])
            cell = self._shepherds[me]
            assert cell is not None
            if self._shepherd_ok(cell):
                acts.append(A.DONE)
            return acts
        if kind == F_SPIRIT_CHOICE:
            return [A.SPIRIT + s for s in self._spirit_choices(frame[1])]
        if kind == F_SPIRIT:
            spirit = frame[1]
            acts = self._spirit_steps(spirit, frame[2])
            if self._spirit_ok(spirit, self._spirits[spirit]):
                acts.append(A.DONE)
            return acts
        if kind == F_VOVK:
            return self._vovk_legal(frame)
        if kind == F_DRAW:
            return self._draw_legal(frame)
        if kind == F_LIMIT:
            return [A.DISCARD_CARD + c for c in self._card_codes(frame[1])]
        if kind == F_PAY:
            return [A.DISCARD_CARD + c for c in self._card_codes(me)]
        if kind == F_REACT:
            seat = frame[3][0]
            acts = [
                A.USE_TRINKET + t
                for t in self._trinkets[seat]
                if TRINKET_REACTION[t] and TRINKET_CANCELS[t] == frame[1]
            ]
            acts.append(A.NO_REACTION)
            return acts
        # F_SWAP
        if frame[1] < 0:
            return [A.HAND_TILE + t for t in self._tiles[me]]
        return [A.HORIZON + t for t in self._horizon]

    def _spirit_choices(self, purpose: int) -> list[int]:
        spirits = self._spirits
        if purpose == C_MOVE:
            return [s for s in range(5) if spirits[s] is not None]
        if purpose == C_TRADE_ANY:
            return [
                s
                for s in range(5)
                if spirits[s] is not None and not self._traded >> s & 1 and self._trade_cost(s, 0)
            ]
        here = self._shepherds[self._turn]
        return [s for s in range(5) if spirits[s] == here and self._trade_cost(s, 0)]

    def _effect_usable(self, effect: int) -> bool:
        me = self._turn
        if effect == E_SHEEP:
            return True
        if effect == E_CARD:
            return self._can_draw(_PLOT) or self._can_draw(_TRINKET)
        if effect == E_PLOT:
            return self._can_draw(_PLOT)
        if effect == E_TRINKET:
            return self._can_draw(_TRINKET)
        if effect == E_SHEPHERD:
            cell = self._shepherds[me]
            return cell is not None and bool(self._layout.steps(cell))
        if effect == E_SPIRIT:
            return any(c is not None for c in self._spirits)
        if effect in (E_TRADE_ANY, E_RETRADE):
            return bool(self._spirit_choices(C_TRADE_ANY if effect == E_TRADE_ANY else C_RETRADE))
        if effect == E_MOVE_TILE:
            return self._can_move_a_tile()
        if effect == E_SWAP:
            return bool(self._tiles[me] and self._horizon)
        return bool(self._horizon)  # E_REFRESH

    def _vovk_legal(self, frame: list[Any]) -> list[int]:
        remaining, spirit = frame[1], frame[2]
        me = self._turn
        cell = self._shepherds[me]
        assert cell is not None
        spirit_need = 0
        if spirit >= 0:
            scell = self._spirits[spirit]
            assert scell is not None
            spirit_need = self._spirit_need(spirit, scell, remaining)
        shepherd_need = self._shepherd_need(cell, remaining)
        acts = self._shepherd_steps(remaining, spirit_need)
        if spirit >= 0:
            acts.extend(self._spirit_steps(spirit, remaining, shepherd_need))
        else:
            acts.extend(A.SPIRIT + s for s in range(5) if self._spirits[s] is not None)
        if shepherd_need == 0 and spirit_need == 0:
            acts.append(A.DONE)
        return acts

    def _draw_legal(self, frame: list[Any]) -> list[int]:
        kind = frame[1]
        if kind < 0:
            return [A.DRAW_KIND + k for k in (_PLOT, _TRINKET) if self._can_draw(k)]
        if frame[2] and self._revealed[kind] < 0 and self._reveals(kind) and self._drawable(kind):
            # "Before drawing, you may refresh": the Dreamer's look at the deck comes after
            return [A.REFRESH_ROW, A.KEEP_ROW]
        acts = [A.DRAW_ROW + kind * 3 + s for s in range(3) if self._rows[kind][s] >= 0]
        if self._revealed[kind] >= 0 or self._drawable(kind):
            acts.append(A.DRAW_DECK + kind)
        if frame[2] and self._drawable(kind):
            acts.append(A.REFRESH_ROW)
        if not acts:
            acts.append(A.DONE)
        return acts

    # --- applying --------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == CHOOSE_CHARACTER:
            seat = self._setup_queue.pop(0)
            self._characters[seat] = action - A.CHARACTER
            self._dealt[seat] = []
            if not self._setup_queue:
                self._after_characters()
            return
        if phase == PLACE_SHEPHERDS:
            seat = self._setup_queue.pop(0)
            self._ids_figures = None
            self._shepherds[seat] = self._layout.cell[action - A.BOARD_TILE]
            self._met = {}
            if not self._setup_queue:
                self._begin_turn(self._first)
            return
        if action >= A.CLAIM and action < A.USE_TRINKET:
            self._claim(action - A.CLAIM)
            return
        if A.TRADE <= action < A.DRAW_KIND:
            spirit = action - A.TRADE
            for s, extra in self._trade_options():
                if s == spirit:
                    self._declare_trade(s, extra, meeting=True)
                    return
        if A.USE_TRINKET <= action < A.NO_REACTION and not (
            self._stack and self._stack[-1][0] == F_REACT
        ):
            self._use_trinket(action - A.USE_TRINKET)
            return
        if self._stack:
            self._do_frame(self._stack[-1], action)
            return
        if phase == PLACE:
            self._ids_tiles = None
            if action >= A.DISCARD_TILE:
                tile = action - A.DISCARD_TILE
                self._tiles[self._turn].remove(tile)
                self._public_tiles.add(tile)
                self._set_aside.append(tile)
                self._phase = EFFECTS
                return
            tile = action - A.HAND_TILE
            self._public_tiles.add(tile)  # the tile is on its way to the table
            self._stack.append([F_PLACE, P_TURN, tile, -1])
            return
        # PICK
        if action == A.DONE:
            self._end_turn()
            return
        me = self._turn
        self._ids_tiles = None
        if action == A.STACK_TOP:
            tile, self._revealed_tile = self._revealed_tile, -1
        else:
            tile = action - A.HORIZON
            self._horizon.remove(tile)
            if self._revealed_tile >= 0:  # the Tracker's revealed tile fills the gap
                self._horizon.append(self._revealed_tile)
                self._revealed_tile = -1
            elif len(self._horizon) < 3:  # a Musician's extra tile is not replaced
                self._reveal_horizon_tile()
        self._tiles[me].append(tile)
        self._tiles[me].sort()
        self._public_tiles.add(tile)
        self._end_turn()

    def _do_frame(self, frame: list[Any], action: int) -> None:
        kind = frame[0]
        stack = self._stack
        me = self._turn
        if kind == F_EFFECTS:
            if action == A.DONE:
                stack.pop()
                return
            self._do_effect(frame, action - A.EFFECT)
            return
        if kind == F_PLACE:
            if action < A.ROTATE:
                frame[2] = action - A.HAND_TILE
            elif action < A.CELL:
                frame[3] = action - A.ROTATE
            elif action < A.DISCARD_TILE:
                code = action - A.CELL
                stack.pop()
                self._place_tile(frame, self._layout.anchored_cell(code // 4, code % 4))
                if frame[1] == P_STARTER:
                    self._starter_done(self._cur)
            else:
                frame[2] = action - A.BOARD_TILE
            return
        if kind == F_SHEPHERD:
            if action == A.DONE:
                stack.pop()
                self._shepherd_move_ended()
                return
            self._step_shepherd(action - A.SHEPHERD_STEP)
            frame[1] -= 1
            return
        if kind == F_SPIRIT_CHOICE:
            spirit = action - A.SPIRIT
            stack.pop()
            if frame[1] == C_MOVE:
                self._stepped = 0
                stack.append([F_SPIRIT, spirit, frame[2]])
            else:
                self._declare_trade(spirit, 0)
            return
        if kind == F_SPIRIT:
            if action == A.DONE:
                stack.pop()
                self._spirit_move_ended(frame[1])
                return
            self._step_spirit(frame[1], action - A.SPIRIT_STEP)
            frame[2] -= 1
            return
        if kind == F_VOVK:
            if action == A.DONE:
                stack.pop()
                self._vovk_ended(frame)
            elif action < A.SPIRIT_STEP:
                self._step_shepherd(action - A.SHEPHERD_STEP)
                frame[1] -= 1
                frame[3] = True
            elif action < A.SPIRIT:
                self._step_spirit(frame[2], action - A.SPIRIT_STEP)
                frame[1] -= 1
            else:
                frame[2] = action - A.SPIRIT
            return
        if kind == F_DRAW:
            if action == A.DONE:
                stack.pop()
            elif action < A.DRAW_ROW:
                frame[1] = action - A.DRAW_KIND
                if not frame[2]:
                    self._reveal_for(frame[1])
            elif action < A.DRAW_DECK:
                stack.pop()
                self._take_from_row(frame[1], (action - A.DRAW_ROW) % 3)
            elif action < A.REFRESH_ROW:
                stack.pop()
                self._take_from_deck(frame[1])
            else:  # REFRESH_ROW or KEEP_ROW: the refresh is chosen, then the draw
                frame[2] = False
                if action == A.REFRESH_ROW:
                    self._refresh_row(frame[1])
                self._reveal_for(frame[1])
            return
        if kind == F_LIMIT:
            self._discard_card(frame[1], action - A.DISCARD_CARD)
            return
        if kind == F_PAY:
            stack.pop()
            self._discard_card(me, action - A.DISCARD_CARD)
            if frame[1] == AFTER_DRIZD:
                self._sheep[me] += DRIZD_SHEEP
            else:
                self._stepped = 0
                stack.append([F_VOVK, self._moves(VOVK_MOVES), -1, False])
            return
        if kind == F_REACT:
            self._react(frame, action)
            return
        # F_SWAP
        self._ids_tiles = None
        if frame[1] < 0:
            frame[1] = action - A.HAND_TILE
            self._public_tiles.add(frame[1])
            return
        stack.pop()
        mine, theirs = frame[1], action - A.HORIZON
        self._tiles[me].remove(mine)
        self._tiles[me].append(theirs)
        self._tiles[me].sort()
        self._horizon[self._horizon.index(theirs)] = mine
        self._public_tiles.add(mine)
        self._public_tiles.add(theirs)

    def _do_effect(self, frame: list[Any], effect: int) -> None:
        amounts = frame[2]
        amount = amounts[effect]
        me = self._turn
        stack = self._stack
        if effect == E_SHEEP:
            amounts[effect] = 0
            self._sheep[me] += amount
        elif effect in (E_CARD, E_PLOT, E_TRINKET):
            amounts[effect] -= 1
            self._begin_draw(-1 if effect == E_CARD else effect - E_PLOT, False)
        elif effect == E_SHEPHERD:
            amounts[effect] = 0
            self._stepped = 0
            stack.append([F_SHEPHERD, self._moves(amount)])
        elif effect == E_SPIRIT:
            amounts[effect] = 0
            stack.append([F_SPIRIT_CHOICE, C_MOVE, self._moves(amount)])
        elif effect == E_TRADE_ANY:
            amounts[effect] -= 1
            stack.append([F_SPIRIT_CHOICE, C_TRADE_ANY, 0])
        elif effect == E_RETRADE:
            amounts[effect] -= 1
            stack.append([F_SPIRIT_CHOICE, C_RETRADE, 0])
        elif effect == E_MOVE_TILE:
            amounts[effect] -= 1
            stack.append([F_PLACE, P_ALEY, -1, -1])
        elif effect == E_SWAP:
            amounts[effect] -= 1
            stack.append([F_SWAP, -1])
        else:
            amounts[effect] -= 1
            self._refresh_horizon()
