"""Arnak's public component list as JSON-ready data, and effects in short words.

Observations name components by id ("item.sea_turtle", "G05", "L1-03", "bird.5");
`catalogue()` gives every id its name, numbers and text so that a page can draw them,
and `effect_text` turns a compiled effect (components.py) into a short phrase for the
components whose data carry no printed text (guardian boons, assistants, research rows,
bonus tiles and most site tiles).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.games.arnak.components import (
    ASSISTANTS,
    BOARD_NAMES,
    BOARDS,
    BONUS_KINDS,
    CAMP_TRAVEL,
    CAMPS,
    CARDS,
    DISCOVER_COST,
    GUARDIANS,
    ICONS,
    IDOL_REWARDS,
    PLACEHOLDER_DATA,
    RESOURCES,
    SITE_TILES,
    SLOT_EFFECTS,
    TEMPLE_STACKS,
    TRACKS,
    Effect,
    Guardian,
    SiteTile,
)

_PLURALS = {
    "coin": "coins",
    "compass": "compasses",
    "tablet": "tablets",
    "arrowhead": "arrowheads",
    "jewel": "jewels",
    "boot": "boots",
    "car": "cars",
    "boat": "boats",
    "plane": "planes",
    "hand_card": "cards from hand",
    "idol": "idols",
    "card": "cards",
}
_SINGULARS = {"hand_card": "card from hand"}


def amount(count: int, word: str) -> str:
    """'1 coin', '2 compasses', '1 card from hand'."""
    if count == 1:
        return f"1 {_SINGULARS.get(word, word)}"
    return f"{count} {_PLURALS.get(word, word + 's')}"


def listing(parts: Sequence[str], joiner: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {joiner} {parts[-1]}"


def bag_parts(values: Sequence[int], names: Sequence[str] = RESOURCES) -> list[str]:
    """A resource (or travel) tuple as amounts: ['1 coin', '2 tablets']."""
    return [amount(n, name) for n, name in zip(values, names, strict=False) if n]


def bag_text(values: Sequence[int], names: Sequence[str] = RESOURCES) -> str:
    """A resource (or travel) tuple in words: '1 coin and 2 tablets'."""
    return listing(bag_parts(values, names))


def mapping_text(mapping: Mapping[str, Any]) -> str:
    """A raw cost mapping, travel nested or not, in words."""
    parts: list[str] = []
    for key, value in mapping.items():
        if key in ("provenance", "source"):
            continue
        if isinstance(value, Mapping):
            parts.append(mapping_text(value))
        else:
            parts.append(amount(int(value), key))
    return listing([p for p in parts if p])


def _n(arg: Any, key: str = "n", default: int = 1) -> int:
    if isinstance(arg, Mapping):
        return int(arg.get(key, default))
    if isinstance(arg, bool) or not isinstance(arg, int):
        return default
    return arg


def _exile(arg: Any) -> str:
    n = _n(arg)
    optional = isinstance(arg, Mapping) and arg.get("optional")
    what = "a card" if n == 1 else f"{n} cards"
    return f"{'you may exile' if optional else 'exile'} {what}"


def _pay(arg: Any) -> str:
    price, then = arg
    return f"pay {mapping_text(price)} to {effect_text(then)}"


def _choose_one(arg: Any) -> str:
    return listing([effect_text(option) for option in arg], "or")


def _choose_distinct(arg: Any) -> str:
    count, options = arg
    return f"pick {count} different of: " + listing([effect_text(o) for o in options], "or")


def _buy(arg: Any) -> str:
    kind = arg.get("type", "either") if isinstance(arg, Mapping) else "either"
    what = {"item": "an item", "artifact": "an artifact"}.get(kind, "an item or an artifact")
    discount = arg.get("discount", 0) if isinstance(arg, Mapping) else 0
    return f"buy {what}" + (f" {discount} cheaper" if discount else "")


def _simple(words: str) -> Any:
    return lambda arg: words


_STEP_WORDS: dict[str, Any] = {
    "gain": lambda arg: "take " + bag_text(arg),
    "fear": lambda arg: "take a Fear card" if _n(arg) == 1 else f"take {_n(arg)} Fear cards",
    "draw": lambda arg: "draw a card" if _n(arg) == 1 else f"draw {_n(arg)} cards",
    "draw_bottom": lambda arg: "draw from the bottom of your deck",
    "exile": _exile,
    "pay": _pay,
    "pay_required": lambda arg: f"put {mapping_text(arg)} into play unused",
    "choose_one": _choose_one,
    "choose_distinct": _choose_distinct,
    "upgrade": lambda arg: "upgrade a resource" if _n(arg) == 1 else f"upgrade {_n(arg)} resources",
    "dig_or_discover": _simple("dig or discover"),
    "relocate": _simple("move an archaeologist"),
    "activate_site": _simple("resolve a site"),
    "activate_top_tile": _simple("resolve the top site tile"),
    "buy": _buy,
    "gain_card": _simple("take a card for free"),
    "research": _simple("research"),
    "overcome_free": _simple("overcome a guardian at your site for free"),
    "refresh_assistant": _simple("ready an assistant"),
    "supply_assistant_effect": _simple("use an assistant from the supply"),
    "swap_assistant": _simple("swap an assistant"),
    "recall_archaeologist": _simple("bring an archaeologist home"),
    "all_travel_as_plane": _simple("all travel counts as planes"),
    "no_guardian_fear": _simple("no Fear from guardians"),
    "gain_per": _simple("take resources per count"),
    "look_keep": _simple("look at cards and keep one"),
    "exile_row_item_then_gain_exiled_item": _simple("swap an item with the exile"),
    "move_guardian": _simple("move a guardian"),
    "unslot_idol": _simple("take an idol out of its slot"),
    "travel_icons": lambda arg: "travel " + bag_text(arg, ICONS),
    "take_assistant": lambda arg: f"take a {arg if isinstance(arg, str) else 'silver'} assistant",
    "upgrade_assistant": _simple("upgrade an assistant to gold"),
    "rescue_assistant": _simple("look through the rescue stack and take one assistant, exhausted"),
    "gain_artifact_free": _simple("take an artifact for free"),
    "action": _simple("(main action)"),
    "pass_round": _simple("pass for the round"),
}


def effect_text(effect: Effect) -> str:
    """A compiled effect in short words: 'draw a card, then take 1 coin and 1 tablet'."""
    phrases = []
    for op, arg in effect:
        words = _STEP_WORDS.get(op)
        phrases.append(words(arg) if words is not None else op.replace("_", " "))
    phrases = [p for p in phrases if p and p != "(main action)"]
    if not phrases:
        return "no effect"
    return ", then ".join(phrases)


def guardian_cost_text(guardian: Guardian) -> str:
    """What overcoming a guardian costs, in words."""
    parts = bag_parts(guardian.cost_travel, ICONS)
    if guardian.cost_hand_cards:
        parts.append(amount(guardian.cost_hand_cards, "hand_card"))
    parts += bag_parts(guardian.cost)
    return listing(parts) or "nothing"


def boon_text(guardian: Guardian) -> str:
    """A guardian's once-a-game boon, in words."""
    if guardian.boon_travel is not None:
        return "travel " + bag_text(guardian.boon_travel, ICONS)
    return "free action: " + effect_text(guardian.boon)


def tile_text(tile: SiteTile) -> str:
    """A site tile's printed text, or its effect in words."""
    return tile.text or effect_text(tile.effect)


def _icons(values: Sequence[int]) -> dict[str, int]:
    return {name: n for name, n in zip(ICONS, values, strict=True) if n}


def _resources(values: Sequence[int]) -> dict[str, int]:
    return {name: n for name, n in zip(RESOURCES, values, strict=True) if n}


def _cards() -> list[dict[str, Any]]:
    return [
        {
            "type": c.num,
            "id": c.id,
            "name": c.name,
            "kind": c.kind,
            "cost": c.cost,
            "currency": "coin" if c.kind == "item" else "compass" if c.kind == "artifact" else "",
            "vp": c.vp,
            "travel": _icons(c.travel),
            "free": c.free,
            "exile_self": c.exile_self,
            "text": c.text,
        }
        for c in CARDS
    ]


def _guardians() -> list[dict[str, Any]]:
    return [
        {
            "id": g.id,
            "cost": _resources(g.cost),
            "cost_travel": _icons(g.cost_travel),
            "cost_hand_cards": g.cost_hand_cards,
            "cost_text": guardian_cost_text(g),
            "boon": boon_text(g),
            "boon_travel": _icons(g.boon_travel) if g.boon_travel is not None else None,
        }
        for g in GUARDIANS
    ]


def _tiles() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    camps = [{"id": t.id, "level": 0, "text": tile_text(t)} for t in CAMPS]
    tiles = [{"id": t.id, "level": t.level, "text": tile_text(t)} for t in SITE_TILES]
    return camps, tiles


def _assistants() -> list[dict[str, Any]]:
    return [
        {
            "index": a.num,
            "id": a.id,
            "nickname": a.nickname,
            "silver": effect_text(a.silver),
            "gold": effect_text(a.gold),
            "main": a.main,
        }
        for a in ASSISTANTS
    ]


def _board(name: str) -> dict[str, Any]:
    track = TRACKS[name]
    nodes = [
        {
            "index": n.num,
            "id": n.id,
            "row": n.row,
            "pos": n.pos,
            "bonus": dict(n.bonus),
            "lost_temple": n.lost_temple,
            "bonus_face_down": dict(n.bonus_face_down),
            "rescue": n.rescue,
            "pick_several": n.pick_several,
        }
        for n in track.nodes
    ]
    edges = [
        {
            "from": track.nodes[e.start].id,
            "to": track.nodes[e.end].id,
            "cost": {**_resources(e.cost), **({"idol": e.idols} if e.idols else {})},
            "text": listing(bag_parts(e.cost) + ([amount(e.idols, "idol")] if e.idols else [])),
        }
        for e in track.edges
    ]
    rows = [
        {
            "row": i,
            "glass_vp": r.glass_vp,
            "glass": effect_text(r.glass),
            "notebook_vp": r.notebook_vp,
            "notebook": effect_text(r.notebook),
        }
        for i, r in enumerate(track.rows)
        if i
    ]
    sites = [
        {
            "index": s.num,
            "id": s.id,
            "kind": s.kind,
            "level": s.level,
            "map_row": s.map_row,
            "col": s.col,
            "travel": _icons(s.travel),
        }
        for s in BOARDS[name]
    ]
    return {
        "sites": sites,
        "nodes": nodes,
        "edges": edges,
        "rows": rows,
        "start": track.nodes[track.start].id,
        "lost_temple": track.nodes[track.lost_temple].id,
        "lost_temple_vp": list(track.lost_temple_vp),
        "temple_costs": {
            s.id: {"vp": s.vp, "cost": _resources(s.cost[name])} for s in TEMPLE_STACKS
        },
    }


def catalogue() -> dict[str, Any]:
    """Every component as observations name it, JSON-ready."""
    camps, tiles = _tiles()
    return {
        "placeholder": PLACEHOLDER_DATA,
        "placeholder_note": "the solo rival's tile-back arrows are placeholder data",
        "resources": list(RESOURCES),
        "icons": list(ICONS),
        "cards": _cards(),
        "guardians": _guardians(),
        "camps": camps,
        "site_tiles": tiles,
        "camp_travel": [_icons(t) for t in CAMP_TRAVEL],
        "discover_cost": {"level1": DISCOVER_COST[1], "level2": DISCOVER_COST[2]},
        "assistants": _assistants(),
        "idol_rewards": [{"reward": r.reward, "text": effect_text(r.effect)} for r in IDOL_REWARDS],
        "slot_effects": [{"id": sid, "text": effect_text(effect)} for sid, effect in SLOT_EFFECTS],
        "bonus_tiles": [{"kind": b.kind, "text": effect_text(b.effect)} for b in BONUS_KINDS],
        "temple_stacks": [{"index": s.num, "id": s.id, "vp": s.vp} for s in TEMPLE_STACKS],
        "boards": {name: _board(name) for name in BOARD_NAMES},
    }
