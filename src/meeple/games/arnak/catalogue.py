"""Arnak's public component list as JSON-ready data.

Observations name components by id ("item.sea_turtle", "G05", "L1-03", "bird.5");
`catalogue()` gives every id its name, numbers and text so that a page can draw them.
Research nodes carry their own points (`glass_vp`, `notebook_vp`): a row's `vp` is 0 on
the Spider Temple side, whose scoring zones give the points.
The Owl Temple side (`owl`) has no Lost Temple (its `lost_temple` is None), a lantern's
points and effect per row, its own camps C1 and C4 (a site's `camp`), upper level I sites
that cost more to discover (a site's `discover_extra`) and its `owl` part: the secret
passages, the top of the temple's piles and the Owl tiles laid on the track at setup.
The text of the components whose data carry no printed text (guardian boons,
assistants, research rows, bonus tiles and most site tiles) is their effect in the words
the observations use (words.py).
"""

from __future__ import annotations

from collections.abc import Sequence
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
    Node,
    OwlBoard,
)
from meeple.games.arnak.words import (
    amount,
    bag_parts,
    boon_text,
    effect_text,
    guardian_cost_text,
    listing,
    tile_text,
)


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
            # a node's own research points: its row's on bird and snake, its scoring
            # zone's on spider (whose rows carry none)
            "glass_vp": n.glass_vp,
            "notebook_vp": n.notebook_vp,
            "zone": n.zone or None,
        }
        for n in track.nodes
    ]
    track_owl = track.owl
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
            # the Owl Temple's lantern (None on the other sides)
            "lantern_vp": r.lantern_vp if track_owl is not None else None,
            "lantern": effect_text(r.lantern) if track_owl is not None else None,
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
            # the Spider Temple's dark effect of an archaeologist arriving (None: none)
            "dark": effect_text(s.dark) if s.dark else None,
            # a camp of this side's own (the Owl Temple's C1 and C4), in place of the camp
            # tile's effect (None: the camp tile's)
            "camp": effect_text(s.camp) if s.camp is not None else None,
            # resources paid on top of the compasses to discover it (the Owl Temple's
            # upper level I sites); {} none
            "discover_extra": _resources(s.discover_extra),
            "discover_extra_text": listing(bag_parts(s.discover_extra)) or None,
        }
        for s in BOARDS[name]
    ]
    return {
        "sites": sites,
        "nodes": nodes,
        "edges": edges,
        "rows": rows,
        "start": track.nodes[track.start].id,
        # None on the Owl Temple side, which has none
        "lost_temple": track.nodes[track.lost_temple].id if track.lost_temple >= 0 else None,
        "lost_temple_vp": list(track.lost_temple_vp),
        # the temple stacks' prices on this side; {} on the Owl Temple side, whose top of
        # the temple has its own piles (`owl`)
        "temple_costs": (
            {s.id: {"vp": s.vp, "cost": _resources(s.cost[name])} for s in TEMPLE_STACKS}
            if track_owl is None
            else {}
        ),
        # the Spider Temple's altars (points for the most dark tablets under one, and the
        # lowest row a research token invokes it from) and the points of its dark tablet
        # supply's spaces, left to right; empty on the other sides
        "altars": [
            {"index": a.num, "altar": a.num + 1, "vp": a.vp, "min_row": a.min_row}
            for a in track.altars
        ],
        "dark_supply": list(track.dark_values),
        "owl": _owl(track_owl, track.nodes) if track_owl is not None else None,
    }


def _price(cost: Sequence[int]) -> dict[str, Any]:
    return {"cost": _resources(cost), "cost_text": listing(bag_parts(cost)) or "free"}


def _owl(owl: OwlBoard, nodes: Sequence[Node]) -> dict[str, Any]:
    """The Owl Temple's static parts, named as obs["owl"] names them (a track tile's
    `tile` and a passage's `passage` 1-based, a top pile's `pile` its id); a track tile's
    `min_players`: it lies there only at tables of that many players or more, and a top
    pile's `count`: how many lie in it by player count ("p2": 2)."""
    return {
        "track_tiles": [
            {
                "tile": t.num + 1,
                "space": nodes[t.node].id,
                "kind": t.kind,
                "points": t.vp,
                "min_players": t.min_players,
                **_price(t.cost),
            }
            for t in owl.track_tiles
        ],
        "passages": [
            {
                "passage": p.num + 1,
                "id": p.id,
                "from": nodes[p.start].id,
                "row": p.row,
                "content": p.content,
                "points": p.vp,
                **_price(p.cost),
            }
            for p in owl.passages
        ],
        "top": [
            {
                "index": t.num,
                "pile": t.id,
                "kind": t.kind,
                "points": t.vp,
                "from_row": t.min_row,
                "count": dict(t.per_players),
                **_price(t.cost),
            }
            for t in owl.top
        ],
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
