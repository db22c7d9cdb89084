"""Arnak's action strings, prompts and why an action is illegal (components in words:
words.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.errors import IllegalActionError
from meeple.games.arnak import actions as A
from meeple.games.arnak.components import (
    ASSISTANTS,
    BONUS_KINDS,
    CARDS,
    GUARDIANS,
    ICONS,
    IDOL_REWARDS,
    SLOT_EFFECTS,
    TEMPLE_STACKS,
)
from meeple.games.arnak.words import amount, bag_text, boon_text, effect_text, price_text

if TYPE_CHECKING:
    from meeple.games.arnak.rules import ArnakState


def card_name(c: int) -> str:
    card = CARDS[c]
    if card.kind == "basic":  # two of each name, told apart by their travel icon
        return f"{card.name} ({bag_text(card.travel, ICONS)})"
    return card.name


def _site_name(state: ArnakState, site: int) -> str:
    return state._spaces[site].id


def _node_name(state: ArnakState, node: int) -> str:
    info = state._track.nodes[node]
    if info.lost_temple:
        return "the Lost Temple"
    return f"row {info.row} {info.pos}" if info.pos != "full" else f"row {info.row}"


KEEP_PUBLIC = "decide on a card left in hand at the round's end"


def action_text(state: ArnakState, action: Any, public: bool = False) -> str:
    if action.__class__ is not int or not 0 <= action < A.NUM_ACTIONS:
        raise IllegalActionError(f"action {action!r} is not an id in 0..{A.NUM_ACTIONS - 1}")
    frame = state._stack[-1] if state._stack else None
    kind = frame[0] if frame else None
    if kind == "keep" and (action < A.PLAY_AREA or action == A.DONE):
        # The same words to the others whatever is chosen: hidden until all have chosen.
        if public:
            return KEEP_PUBLIC
        if action != A.DONE:
            return f"discard {card_name(action - A.HAND)} to your play area"
        assert frame is not None  # a "keep" kind comes from a frame
        return f"keep {card_name(state.keep_card(frame))} for the next round"
    if action < A.PLAY_AREA:
        name = card_name(action - A.HAND)
        words = {
            "travel": f"spend {name} for travel",
            "hand_cards": f"put {name} into play unused",
            "exile": f"exile {name} from your hand",
        }
        return words.get(str(kind), f"play {name}")  # on its own or on top of a decision
    if action < A.CARD:
        return f"exile {card_name(action - A.PLAY_AREA)} from your play area"
    if action < A.SITE:
        name = card_name(action - A.CARD)
        if kind == "look_keep":
            return "keep one of the drawn cards" if public else f"keep {name}"
        if kind == "look_return":
            return (
                "put a drawn card back on top" if public else f"put {name} back on top of your deck"
            )
        if kind in ("gain_card", "hammer"):
            return f"take {name} free"
        if kind == "buy" and frame is not None and len(frame) > 4 and frame[4]:
            return f"take {name} free"
        if kind == "altar" and frame is not None:
            return f"put {name} on altar {frame[2] + 1}"
        card = CARDS[action - A.CARD]
        return f"buy {name} ({amount(card.cost, 'coin' if card.kind == 'item' else 'compass')})"
    if action < A.OVERCOME:
        site = action - A.SITE
        name = _site_name(state, site)
        if kind is None or kind == "dig":
            return f"{'dig at' if state.discovered(site) else 'discover'} {name}"
        words = {
            "relocate_from": f"relocate your archaeologist from {name}",
            "relocate_to": f"relocate to {name}",
            "activate": f"activate {name}",
            "recall": f"bring your archaeologist home from {name}",
            "guardian_from": f"move the guardian from {name}",
            "guardian_to": f"move the guardian to {name}",
            "idol_reward": f"the reward of the idol at {name}: {_idol_reward(state, site)}",
        }
        return words.get(str(kind), name)
    if action < A.GLASS:
        return f"overcome the guardian at {_site_name(state, action - A.OVERCOME)}"
    if action < A.NOTEBOOK:
        return f"research: magnifying glass to {_node_name(state, action - A.GLASS)}"
    if action < A.TEMPLE:
        return f"research: notebook to {_node_name(state, action - A.NOTEBOOK)}"
    if action < A.IDOL_SLOT:
        owl = state._track.owl
        if owl is not None:
            top = owl.top[action - A.TEMPLE]
            what = _owl_kind(top.kind, top.vp)
            return f"buy {what} from the top of the temple ({bag_text(top.cost)})"
        return f"buy a temple tile ({TEMPLE_STACKS[action - A.TEMPLE].vp} points)"
    if action < A.UNSLOT:
        name, effect = SLOT_EFFECTS[action - A.IDOL_SLOT]
        return f"put an idol in a slot: {effect_text(effect)}"
    if action < A.ASSISTANT:
        return f"take the idol out of slot {action - A.UNSLOT + 1}"
    if action < A.BOON:
        a = ASSISTANTS[action - A.ASSISTANT]
        nick = a.nickname.capitalize()  # as the panels name it
        words = {
            "take_assistant": f"take assistant {a.id} ({nick})",
            "rescue": f"rescue assistant {a.id} ({nick})",
            "upgrade_assistant": f"upgrade assistant {a.id} to gold",
            "refresh": f"refresh assistant {a.id}",
            "supply_assistant": f"use the supply's assistant {a.id} ({nick})",
            "swap_own": f"trade away assistant {a.id}",
            "swap_supply": f"take assistant {a.id} in exchange",
        }
        return words.get(str(kind), f"use assistant {a.id} ({nick})")
    if action < A.OPTION:
        g = GUARDIANS[action - A.BOON]
        if kind == "refresh_guardian":
            return f"turn guardian {g.id}'s boon face up again"
        verb = "spend" if g.boon_travel is not None else "use"
        return f"{verb} guardian {g.id}'s boon: {boon_text(g)}"
    if action < A.UPGRADE:
        return _option_text(state, frame, action - A.OPTION)
    if action < A.COINS_FOR_PLANE:
        return (
            "trade a tablet for an arrowhead"
            if action == A.UPGRADE
            else "trade an arrowhead for a jewel"
        )
    if action == A.COINS_FOR_PLANE:
        return "pay 2 coins for a plane"
    if action < A.BONUS:
        return f"spend a {ICONS[action - A.POOL]} gained this turn"
    if action < A.FEAR_TILE:
        return f"research bonus: {effect_text(BONUS_KINDS[action - A.BONUS].effect)}"
    if action >= A.LANTERN:
        return _owl_text(state, action)
    if action >= A.ALTAR:
        k = action - A.ALTAR
        if k < len(state._altar_card) and state._altar_card[k] >= 0:
            held = f"use {card_name(state._altar_card[k])}"
        else:
            held = "put an artifact from the card row on it"
        return f"invoke altar {k + 1} with a dark tablet: {held}"
    fixed = {
        A.FEAR_TILE: "exile a fear tile",
        A.YES: "yes",
        A.DONE: "done" if kind in ("exile", "upgrade", "refresh") else "no / skip",
        A.END_TURN: "end your turn",
        A.PASS: "pass for the rest of the round",
    }
    if action == A.YES and frame is not None and kind == "offer":
        if frame[2] is None:
            return f"yes: {offered(state, frame)}"
        return f"{price_text(frame[2])}: {offered(state, frame)}"
    return fixed[action]


def _idol_reward(state: ArnakState, site: int) -> str:
    kind = state._idol_up[site]
    return effect_text(IDOL_REWARDS[kind].effect) if kind >= 0 else "no idol"


def _owl_text(state: ArnakState, action: int) -> str:
    """The Owl Temple's actions: the lantern, a passage, a track tile, an Owl slot."""
    if action == A.OWL_UNSLOT:
        return "take the idol out of a slot of your Owl tiles"
    if action < A.PASSAGE:
        return f"research: lantern to {_node_name(state, action - A.LANTERN)}"
    owl = state._track.owl
    if action < A.TRACK_TILE:
        k = action - A.PASSAGE
        if owl is None or k >= len(owl.passages):
            return f"research: secret passage {k + 1}"
        passage = owl.passages[k]
        return (
            f"research: magnifying glass into secret passage {k + 1} (row {passage.row}; "
            f"{_owl_kind(passage.content, passage.vp)}; {bag_text(passage.cost)})"
        )
    t = action - A.TRACK_TILE
    if owl is None or t >= len(owl.track_tiles):
        return f"buy Owl tile {t + 1} on the track"
    tile = owl.track_tiles[t]
    return (
        f"buy {_owl_kind(tile.kind, tile.vp)} at {_node_name(state, tile.node)} "
        f"({bag_text(tile.cost)})"
    )


def _owl_kind(kind: str, vp: int) -> str:
    return "a face-down idol" if kind == "idol" else f"an Owl tile of {vp} point{'s' * (vp != 1)}"


def offered(state: ArnakState, frame: tuple[Any, ...]) -> str:
    """What an offer frame (offer, seat, price or None, effect) gives if taken."""
    then = frame[3]
    if then and then[0][0] == "_site":  # a site activated once more
        site = int(then[0][1])
        return f"activate {_site_name(state, site)} again ({effect_text(state.site_effect(site))})"
    return effect_text(then)


def _option_text(state: ArnakState, frame: tuple[Any, ...] | None, k: int) -> str:
    if frame is None:
        return f"option {k + 1}"
    kind = frame[0]
    if kind in ("choose", "distinct"):
        options = frame[2] if kind == "choose" else frame[3]
        if k < len(options):
            option = options[k]
            if option and option[0][0] == "_research":
                _, discount, _, temple = option[0][1]
                what = "research or buy a temple tile" if temple else "research"
                return f"{what}, {bag_text(discount)} cheaper"
            return effect_text(option)
    if kind == "look_count":
        return f"draw {k + 1} card{'s' if k else ''}"
    if kind == "order":
        return "research bonus first" if k == 0 else "row effect first"
    return f"option {k + 1}"


PROMPTS = {
    "travel": "pay the travel cost",
    "hand_cards": "put a card from your hand into play unused",
    "choose": "choose one",
    "distinct": "choose another, different benefit",
    "exile": "exile a card from your hand or play area",
    "offer": "use the effect now?",
    "upgrade": "upgrade a resource?",
    "dig": "send an archaeologist to dig or discover?",
    "relocate_from": "relocate which archaeologist?",
    "relocate_to": "relocate to which site?",
    "activate": "activate which site?",
    "buy": "buy which card?",
    "gain_card": "take which item?",
    "research": "research which way?",
    "overcome_free": "overcome which guardian?",
    "refresh": "refresh which assistant?",
    "supply_assistant": "use which supply assistant?",
    "swap_own": "trade away which assistant?",
    "swap_supply": "take which assistant?",
    "recall": "bring which archaeologist home?",
    "look_count": "draw how many?",
    "look_keep": "keep which card?",
    "look_return": "put a card back on top?",
    "hammer": "take which exiled item?",
    "guardian_from": "move which guardian?",
    "guardian_to": "move it to which site?",
    "unslot": "take the idol out of which slot?",
    "take_assistant": "take which assistant?",
    "upgrade_assistant": "upgrade which assistant?",
    "rescue": "rescue which assistant?",
    "bonus_pick": "take which research bonus?",
    "order": "resolve which first?",
    "altar": "put which artifact of the card row on the altar?",
    "idol_reward": "take the reward of which face-up idol on the board?",
    "refresh_guardian": "turn which used guardian's boon face up again?",
    "keep": "keep each card left in your hand for the next round, or discard it to your play area",
}


def prompt(state: ArnakState) -> str:
    if not state._stack:
        return (
            "take a main action and any free actions"
            if not state._main
            else "free actions, or end your turn"
        )
    frame = state._stack[-1]
    if frame[0] == "offer":  # the effect itself: a bought artifact's, a price's reward
        if frame[2] is None:
            then = frame[3]
            if then and then[0][0] == "_site":  # a site's effect once more
                return f"{offered(state, frame)}?"
            if any(space.dark == then for space in state._spaces if space.dark):
                return f"resolve the site's dark effect? {offered(state, frame)}"
            # a bought artifact's effect, without its tablet; the effect may hold a price
            return f"use this effect now, without a tablet? {offered(state, frame)}"
        return f"{price_text(frame[2])} for this? {offered(state, frame)}"
    return PROMPTS.get(frame[0], "decide")


def why_illegal(state: ArnakState, action: Any) -> str:
    if action.__class__ is not int:
        return f"an action is an int, not {type(action).__name__}"
    if state.is_terminal():
        return "the game is over"
    if not 0 <= action < A.NUM_ACTIONS:
        return f"action {action} is out of range 0..{A.NUM_ACTIONS - 1}"
    text = action_text(state, action)
    seat = state._seats[state.current_player]
    if state._stack:
        return f"cannot {text} now: the pending decision is to {prompt(state)}"
    if A.HAND <= action < A.PLAY_AREA and action - A.HAND not in seat.hand:
        return f"cannot {text}: that card is not in your hand"
    main_actions = (
        (A.SITE <= action < A.IDOL_SLOT)
        or action in (A.PASS, *range(A.ALTAR, A.NUM_ACTIONS))
        or A.CARD <= action < A.SITE
    )
    if main_actions and state._main:
        return f"cannot {text}: you have already taken your main action this turn"
    if A.SITE <= action < A.OVERCOME:
        site = action - A.SITE
        if state._home(state.current_player) < 0:
            return f"cannot {text}: no archaeologist left on your board"
        if state.discovered(site) and state.free_slot(site) < 0:
            return f"cannot {text}: no free space there"
        what = "travel" if state.discovered(site) else "travel or compass"
        return f"cannot {text}: you cannot afford the {what} cost"
    if A.OVERCOME <= action < A.GLASS:
        return f"cannot {text}: you need an archaeologist at a guarded site and its full cost"
    if A.NOTEBOOK <= action < A.TEMPLE:
        return (
            f"cannot {text}: not connected, cannot afford it, "
            "or the notebook would pass the magnifying glass"
        )
    if A.GLASS <= action < A.IDOL_SLOT:
        return f"cannot {text}: not connected to your token or you cannot afford it"
    if A.CARD <= action < A.SITE:
        return f"cannot {text}: not in the card row or you cannot afford it"
    if action == A.END_TURN:
        return "cannot end your turn before taking a main action (or pass)"
    if action >= A.LANTERN:
        if state._track.owl is None:
            return f"cannot {text}: that is on the Owl Temple board only"
        return (
            f"cannot {text}: not reachable from your tokens, already taken, or you cannot afford it"
        )
    if action >= A.ALTAR:
        if not state._altar_tabs:
            return f"cannot {text}: altars are on the Spider Temple board only"
        return (
            f"cannot {text}: it needs a dark tablet, one of your research tokens on its "
            "row or higher, fewer than 3 of your tablets under it, and an artifact on it "
            "or in the card row"
        )
    return f"cannot {text} now"
