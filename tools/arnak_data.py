"""Build Arnak's component data files from the shared reference (../shared/reference/arnak).

Run from the repository root: `python tools/arnak_data.py [REFERENCE_DIR]`. The JSON files
under src/meeple/games/arnak/data/ are committed; this script is how they were made and
how they are remade when the reference is corrected. It needs PyYAML (a dev dependency).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

OUT = Path("src/meeple/games/arnak/data")
SOURCE_NAMES = {
    "S1": "base rulebook",
    "S2": "kuwizard/bga-arnak",
    "S3": "Chr1Z93/Lost-Ruins-of-Arnak-TTS",
    "S4": "Huge-BB/Arnak-Web",
    "S6": "unnamed JS implementation (corroboration)",
    "TPR": "Twisted Paths rulebook",
}


def source(record: dict[str, Any], default: list[str] | None = None) -> str:
    tags = list(record.get("sources") or default or [])
    tags += [t for t in record.get("corroboration", []) if t not in tags]
    status = record.get("status", "verified")
    names = "; ".join(f"{t} {SOURCE_NAMES.get(t, t)}" for t in tags)
    return f"reference/arnak ({status}): {names}"


def fact(record: dict[str, Any], default: list[str] | None = None) -> dict[str, str]:
    return {"provenance": "fact", "source": source(record, default)}


def card(rec: dict[str, Any], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    out = {
        "id": rec["id"],
        "name": rec["name"],
        "kind": rec["kind"],
        "cost": rec.get("cost", {}),
        "vp": rec.get("vp", 0),
        "travel": rec.get("travel", {}),
        "action": rec.get("action", "none"),
        "exile_self": bool(rec.get("exile_self", False)),
        "effect": rec.get("effect", []),
        "text": rec.get("text", ""),
    }
    if "alt_names" in rec:
        out["alt_names"] = rec["alt_names"]
    if rec.get("notes"):
        out["notes"] = " ".join(str(rec["notes"]).split())
    out.update(extra or {})
    out.update(fact(rec))
    return out


# The Spider Temple side (Twisted Paths). The reference gives its scoring zones' points,
# altars, dark tablet supply, Lost Temple points, bonus slot counts and dark effects, but
# not its track: which space leads to which, the bridges' costs, the rows' effects, nor
# the site spaces' travel costs. meeple's placeholder track has one space per scoring
# zone (so every zone's points are as printed), bridges dearer than the Bird Temple's,
# the Bird Temple's row effects with a dark tablet on rows 2, 4 and 6 (the rulebook's
# "bonus for reaching particular spaces"), and the Bird Temple side's travel costs.
SPIDER_UNKNOWN = "reference/arnak twisted_paths.yaml, unknown:"
SPIDER_LAYOUT = (  # (zone, row, pos) per space; the start and the Lost Temple around them
    ("zone_1", 1, "full"),
    ("zone_2L", 2, "left"),
    ("zone_2MR", 2, "right"),
    ("zone_3L", 3, "left"),
    ("zone_3RM", 3, "right"),
    ("zone_4LM", 4, "left"),
    ("zone_4R", 4, "right"),
    ("zone_5L", 5, "left"),
    ("zone_5M", 5, "middle"),
    ("zone_5R", 5, "right"),
    ("zone_6L", 6, "left"),
    ("zone_6R", 6, "right"),
    ("zone_7", 7, "full"),
)
SPIDER_BRIDGES = (  # (from space, to space, cost); 0 is the start, 14 the Lost Temple
    # dearer than the Bird Temple's: the rulebook says this side scores less than it, and
    # its zones' and Lost Temple's points are higher, so its track must be harder
    (0, 1, {"coin": 1, "compass": 1, "tablet": 1}),
    (1, 2, {"tablet": 1, "jewel": 1}),
    (1, 3, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    (2, 4, {"tablet": 2, "arrowhead": 1}),
    (2, 5, {"coin": 1, "compass": 1, "jewel": 1}),
    (3, 5, {"tablet": 1, "arrowhead": 2}),
    (4, 6, {"coin": 1, "tablet": 1, "arrowhead": 1, "jewel": 1}),
    (5, 6, {"coin": 1, "tablet": 2, "arrowhead": 1}),
    (5, 7, {"tablet": 1, "arrowhead": 1, "jewel": 1}),
    (6, 8, {"coin": 2, "arrowhead": 1, "jewel": 1}),
    (6, 9, {"arrowhead": 2, "jewel": 1}),
    (7, 9, {"coin": 1, "tablet": 2, "jewel": 1}),
    (7, 10, {"tablet": 2, "arrowhead": 2}),
    (8, 11, {"compass": 1, "jewel": 2}),
    (9, 11, {"tablet": 1, "arrowhead": 1, "jewel": 1}),
    (9, 12, {"tablet": 2, "arrowhead": 1, "jewel": 1}),
    (10, 12, {"arrowhead": 2, "jewel": 1}),
    (11, 13, {"coin": 1, "tablet": 1, "arrowhead": 1, "jewel": 1}),
    (12, 13, {"compass": 2, "jewel": 2}),
    (13, 14, {"coin": 2, "compass": 2, "jewel": 2}),
)
SPIDER_DARK_ROWS = (2, 4, 6)


def placeholder(what: str) -> dict[str, str]:
    return {
        "provenance": "placeholder",
        "source": f"meeple placeholder: {what} (no public source gives it: {SPIDER_UNKNOWN})",
    }


def spider_research(tp: dict[str, Any], bird: dict[str, Any]) -> dict[str, Any]:
    """The Spider Temple's research board: the reference's numbers on meeple's track."""
    spider = tp["spider_temple"]
    zones = {z["id"]: z for z in spider["scoring_zones"]["zones"]}
    slots = spider["research_bonus_slots"]
    # bonus tiles per zone, by player count, from the slots' inferred zones
    per_zone: dict[str, dict[str, int]] = {}
    placing = slots["placement_by_zone"]
    for key, players in (("always", (2, 3, 4)), ("players_3_plus", (3, 4)), ("players_4", (4,))):
        for zone in placing[key]:
            counts = per_zone.setdefault(zone, {"p2": 0, "p3": 0, "p4": 0})
            for n in players:
                counts[f"p{n}"] += 1
    zone_source = source({"status": spider["scoring_zones"]["status"], "sources": ["S3"]})
    nodes: list[dict[str, Any]] = [
        {"id": "spider.0", "row": 0, "pos": "full", "start": True, **placeholder("start line")}
    ]
    for i, (zone_id, row, pos) in enumerate(SPIDER_LAYOUT, start=1):
        zone = zones[zone_id]
        node: dict[str, Any] = {"id": f"spider.{i}", "row": row, "pos": pos}
        if zone_id in per_zone:
            node["bonus"] = per_zone[zone_id]
        node |= {"zone": zone_id, "glass_vp": zone["glass_vp"], "notebook_vp": zone["notebook_vp"]}
        node |= placeholder(f"one space for scoring zone {zone_id} on row {row}")
        node["source"] += f"; its points: {zone_source}"
        nodes.append(node)
    nodes.append(
        {
            "id": "spider.14",
            "row": 8,
            "pos": "full",
            "lost_temple": True,
            "bonus_face_down": {"p2": 2, "p3": 3, "p4": 4},
            "glass_only": True,
            **fact({"status": spider["lost_temple"]["status"], "sources": ["S3"]}),
        }
    )
    edges = [
        {"from": f"spider.{a}", "to": f"spider.{b}", "cost": cost}
        | placeholder("a bridge dearer than the Bird Temple's (the side scores less)")
        for a, b, cost in SPIDER_BRIDGES
    ]
    rows = []
    for r in bird["rows"]:
        glass = list(r["glass"]["effect"])
        if r["row"] in SPIDER_DARK_ROWS:
            # rows 2 and 4 trade their compass for the dark tablet; row 6 adds it to a draw
            keep = glass if r["row"] == 6 else []
            glass = [*keep, {"gain_dark_tablet": 1}]
        rows.append(
            {
                "row": r["row"],
                "glass": {"vp": 0, "effect": glass}
                | placeholder("the Bird Temple's glass row effect, dark tablets on rows 2, 4, 6"),
                "notebook": {"vp": 0, "effect": r["notebook"]["effect"]}
                | placeholder("the Bird Temple's notebook row effect"),
            }
        )
    altars = spider["altars"]
    inferred = altars["inferred_min_token_level"]["values"]
    return {
        "lost_temple_vp": spider["lost_temple"]["arrival_vp"],
        "temple_cost_parts": {
            k: v for k, v in bird["temple_cost_parts"].items() if k not in ("provenance", "source")
        }
        | placeholder("the Bird Temple's temple tile cost parts"),
        "nodes": nodes,
        "edges": edges,
        "rows": rows,
        "altars": [
            {
                "altar": a["altar"],
                "vp": a["vp"],
                "min_row": inferred[f"altar_{a['altar']}"],
                **fact(altars),
                "min_row_provenance": "placeholder",
                "min_row_source": "meeple placeholder: the row the reference infers from "
                "S3's coordinates (inferred_min_token_level); a research token on that row "
                "or higher invokes the altar",
            }
            for a in altars["positions"]
        ],
        "dark_supply": {
            "values": spider["dark_tablets"]["space_values_left_to_right"],
            "per_space": "players",
            **fact(spider["dark_tablets"]),
        },
    }


def spider_sites(tp: dict[str, Any], bird: dict[str, Any]) -> dict[str, Any]:
    """The Spider Temple side's site spaces: the Bird side's, with the dark effects."""
    spider = tp["spider_temple"]["sites"]
    dark = {d["space"]: d for d in spider["dark_effect_spaces"]}
    camp_dark = {c["id"]: c["dark_effect"] for c in spider["camps"] if "dark_effect" in c}
    spaces = []
    for s in bird["spaces"]:
        rec = {k: s[k] for k in ("id", "map_row", "col", "kind", "travel")}
        effect = camp_dark.get(s["id"]) or dark.get(s["id"], {}).get("effect")
        if isinstance(effect, list):
            # a price of one Fear card is taking the Fear card, offered with the tablet
            if effect[0].get("pay") == {"fear": 1}:
                effect = [{"fear": 1}, *effect[0]["then"]]
            rec["dark_effect"] = effect
        if s["kind"] == "camp":
            rec |= fact({"sources": ["S2", "S3"]})
        else:
            rec |= placeholder("the Bird Temple side's travel cost of this space")
        if "dark_effect" in rec:
            rec["source"] += "; dark effect: " + source(spider)
        spaces.append(rec)
    return {
        "spaces": spaces,
        "notes": "The Spider Temple side: camps and bands as on every side; the travel "
        "costs are the Bird Temple side's, as placeholders. Four spaces carry a dark "
        "effect (TPR; S3 gives which and what); the Fear card price of L1-8 is written as "
        "taking the Fear card, then the dark tablet, offered together.",
    }


# The Owl Temple side (Twisted Paths). The reference gives its rows' points for the
# glass, the notebook and the lantern, what the top of the temple holds and from which
# row it is bought, how many Owl tiles lie on the track and at which rows, the bonus
# slots, the six secret passages' rules, the camps and the idols of the sites. It does
# not give the track: meeple's placeholder has 14 spaces on 9 rows, bridges cheaper than
# the Bird Temple's, the Bird Temple's glass and notebook row effects (a jewel on the
# two rows above them), a lantern row effect of one resource per row, passages that leave
# six spaces for the row above, and prices for the Owl tiles.
OWL_LAYOUT = (  # (row, pos) per space after the start
    (1, "left"),
    (1, "right"),
    (2, "left"),
    (2, "right"),
    (3, "left"),
    (3, "right"),
    (4, "left"),
    (4, "right"),
    (5, "full"),
    (6, "left"),
    (6, "right"),
    (7, "full"),
    (8, "full"),
    (9, "full"),
)
OWL_BRIDGES = (
    # cheaper than the Bird Temple's: the rulebook says this side scores more plentifully
    (0, 1, {"coin": 1}),
    (0, 2, {"compass": 1}),
    (1, 3, {"tablet": 1}),
    (1, 4, {"coin": 1, "compass": 1}),
    (2, 4, {"tablet": 1}),
    (3, 5, {"arrowhead": 1}),
    (4, 5, {"coin": 1, "tablet": 1}),
    (4, 6, {"jewel": 1}),
    (5, 7, {"tablet": 1, "arrowhead": 1}),
    (6, 7, {"coin": 1, "compass": 1}),
    (6, 8, {"jewel": 1}),
    (7, 9, {"coin": 1, "jewel": 1}),
    (8, 9, {"tablet": 1, "arrowhead": 1}),
    (9, 10, {"compass": 1, "jewel": 1}),
    (9, 11, {"tablet": 1, "arrowhead": 1}),
    (10, 12, {"coin": 1, "tablet": 1, "arrowhead": 1}),
    (11, 12, {"tablet": 1, "jewel": 1}),
    (12, 13, {"compass": 1, "arrowhead": 1, "jewel": 1}),
    (13, 14, {"tablet": 1, "arrowhead": 1, "jewel": 1}),
)
OWL_LANTERN = (
    "coin",
    "coin",
    "tablet",
    "tablet",
    "arrowhead",
    "arrowhead",
    "compass",
    "jewel",
    "jewel",
)
OWL_TILE_PRICES = {  # a tile on the track
    "vp1": {"coin": 1},
    "vp5": {"tablet": 1, "arrowhead": 1},
    "vp10": {"arrowhead": 1, "jewel": 1},
    "idol": {"coin": 1, "compass": 1},
}
OWL_TRACK_TILES = (  # (space, kind, from how many players)
    (2, "vp1", 1),
    (5, "vp1", 1),
    (7, "vp1", 1),
    (9, "vp1", 1),
    (3, "vp5", 1),
    (12, "vp5", 1),
    (13, "vp5", 1),
    (10, "vp10", 1),
    (8, "vp10", 3),
    (14, "idol", 1),
    (14, "idol", 1),
)
OWL_PASSAGES = (  # (from space, the row of its reserved space, cost, content)
    (1, 2, {"compass": 2}, "vp1"),
    (4, 3, {"coin": 2, "tablet": 1}, "vp5"),
    (5, 4, {"tablet": 1, "arrowhead": 1}, "vp1"),
    (7, 5, {"arrowhead": 1, "jewel": 1}, "vp5"),
    (9, 6, {"jewel": 2}, "vp10"),
    (11, 7, {"tablet": 2, "jewel": 1}, "vp5"),
)
OWL_TOP = (  # (kind, cost parts, the row that opens it, how many by player count)
    ("vp1", ["A"], 5, {"p2": 2, "p3": 2, "p4": 3}),
    ("idol", ["B"], 5, {"p2": 2, "p3": 2, "p4": 3}),
    ("vp1", ["C"], 5, {"p2": 2, "p3": 2, "p4": 3}),
    ("vp5", ["A", "B"], 7, {"p2": 1, "p3": 1, "p4": 1}),
    ("vp5", ["B", "C"], 7, {"p2": 1, "p3": 1, "p4": 1}),
    ("vp10", ["A", "B", "C"], 9, {"p2": 1, "p3": 1, "p4": 1}),
)
OWL_UNKNOWN = "reference/arnak twisted_paths.yaml, unknown:"


def owl_placeholder(what: str) -> dict[str, str]:
    return {
        "provenance": "placeholder",
        "source": f"meeple placeholder: {what} (no public source gives it: {OWL_UNKNOWN})",
    }


def owl_research(tp: dict[str, Any], bird: dict[str, Any]) -> dict[str, Any]:
    """The Owl Temple's research board: the reference's numbers on meeple's track."""
    owl = tp["owl_temple"]
    vp = owl["rows"]["vp_bottom_to_top"]
    row_fact = fact({"status": owl["rows"]["status"], "sources": ["S3"]})
    slots = owl["research_bonus_slots"]["approximate_rows"]
    by_row: dict[int, dict[str, int]] = {}
    for key, players in (("always", (2, 3, 4)), ("players_3_plus", (3, 4)), ("players_4", (4,))):
        for slot in slots[key]:
            counts = by_row.setdefault(slot["row"], {"p2": 0, "p3": 0, "p4": 0})
            for n in players:
                counts[f"p{n}"] += 1
    nodes: list[dict[str, Any]] = [
        {"id": "owl.0", "row": 0, "pos": "full", "start": True, **owl_placeholder("start line")}
    ]
    placed: set[int] = set()
    for i, (row, pos) in enumerate(OWL_LAYOUT, start=1):
        node: dict[str, Any] = {"id": f"owl.{i}", "row": row, "pos": pos}
        if row in by_row and row not in placed:  # a row's bonus tiles on its first space
            node["bonus"] = by_row[row]
            placed.add(row)
        node |= owl_placeholder(f"a space on row {row}")
        nodes.append(node)
    edges = [
        {"from": f"owl.{a}", "to": f"owl.{b}", "cost": cost}
        | owl_placeholder("a bridge cheaper than the Bird Temple's (the side scores more)")
        for a, b, cost in OWL_BRIDGES
    ]
    bird_rows = {r["row"]: r for r in bird["rows"]}
    rows = []
    for k in range(1, 10):
        base = bird_rows.get(k)
        glass = base["glass"]["effect"] if base else [{"gain": {"jewel": 1}}]
        notebook = base["notebook"]["effect"] if base else [{"gain": {"jewel": 1}}]
        effect_source = (
            "meeple placeholder: the Bird Temple's row effect (rows 8 and 9: a jewel); the "
            "Owl Temple's row effects are unknown"
        )
        rows.append(
            {
                "row": k,
                "glass": {"vp": vp["glass"][k - 1], "effect": glass, **row_fact}
                | {"effect_provenance": "placeholder", "effect_source": effect_source},
                "notebook": {"vp": vp["notebook"][k - 1], "effect": notebook, **row_fact}
                | {"effect_provenance": "placeholder", "effect_source": effect_source},
                "lantern": {
                    "vp": vp["glass"][k - 1],
                    "effect": [{"gain": {OWL_LANTERN[k - 1]: 1}}],
                    **fact({"status": "conflict-resolved", "sources": ["S3"]}),
                    "effect_provenance": "placeholder",
                    "effect_source": "meeple placeholder: one resource per row (the "
                    "lantern's row effects are unknown)",
                },
            }
        )
    parts = {
        k: v for k, v in bird["temple_cost_parts"].items() if k not in ("provenance", "source")
    }
    return {
        "lost_temple_vp": [],
        "temple_cost_parts": parts | owl_placeholder("the Bird Temple's temple tile cost parts"),
        "nodes": nodes,
        "edges": edges,
        "rows": rows,
        "owl": {
            "track_tiles": [
                {
                    "space": f"owl.{space}",
                    "kind": kind,
                    "min_players": players,
                    "cost": OWL_TILE_PRICES[kind],
                }
                | owl_placeholder("where the track's Owl tiles lie and their prices")
                for space, kind, players in OWL_TRACK_TILES
            ],
            "passages": [
                {"id": f"passage.{k + 1}", "from": f"owl.{a}", "row": row, "cost": cost}
                | {"content": content}
                | owl_placeholder("a secret passage's link, cost and content")
                for k, (a, row, cost, content) in enumerate(OWL_PASSAGES)
            ],
            "top": [
                {"id": f"top.{k + 1}", "kind": kind, "cost_parts": cost_parts}
                | {"min_row": row, "count": count}
                | fact({"status": "single-source", "sources": ["S3", "TPR"]})
                | {
                    "cost_parts_provenance": "placeholder",
                    "cost_parts_source": "meeple placeholder: the usual temple tile prices "
                    "(the Owl tiles' prices are unknown)",
                }
                for k, (kind, cost_parts, row, count) in enumerate(OWL_TOP)
            ],
            "tile_vp": {"vp1": 1, "vp5": 5, "vp10": 10},
        },
    }


def owl_sites(
    tp: dict[str, Any], bird: dict[str, Any], camps: list[dict[str, Any]]
) -> dict[str, Any]:
    """The Owl Temple side's site spaces: the Bird side's, its own camps and idols."""
    owl = tp["owl_temple"]["sites"]
    own = {c["id"]: c for c in owl["camps"]}
    base = {c["id"]: c["effect"] for c in camps}
    upper = {"L1-5", "L1-6", "L1-7", "L1-8"}
    spaces = []
    for s in bird["spaces"]:
        rec = {k: s[k] for k in ("id", "map_row", "col", "kind", "travel")}
        if s["kind"] == "camp" and own[s["id"]]["effect"] != base[s["id"]] and s["id"] != "C5":
            rec["effect"] = own[s["id"]]["effect"]
        if s["id"] in upper or s["kind"] == "level2":
            rec["face_down_idols"] = 1
        if s["id"] in upper:
            rec["discover_extra"] = owl["upper_level1_band"]["discover_extra_cost"]
        if s["kind"] == "camp":
            rec |= fact({"status": "single-source", "sources": ["S3", "TPR"]})
        else:
            rec |= owl_placeholder("the Bird Temple side's travel cost of this space")
        spaces.append(rec)
    return {
        "spaces": spaces,
        "notes": "The Owl Temple side: its own camps C1 and C4 (S3; C5 keeps the base "
        "boards' hand-card price, which S3 does not code on any board), a face-up and a "
        "face-down idol on the upper level I spaces and the level II spaces, 2 more coins "
        "to discover an upper level I site (TPR); the travel costs are the Bird Temple "
        "side's, as placeholders.",
    }


def build(ref: Path) -> dict[str, Any]:
    def load(name: str) -> Any:
        return yaml.safe_load((ref / name).read_text())

    cards = load("cards.yaml")
    items = [card(r) for r in cards["items"]]
    artifacts = [card(r) for r in cards["artifacts"]["cards"]]
    basic = cards["basic_cards"]
    basics = [card(r, fact(basic)) for r in basic["kinds"]]
    fear = card(cards["fear"])
    out_cards = {
        "artifact_tablet_cost": cards["artifacts"]["tablet_cost_when_played"],
        "starting_deck": basic["starting_deck"],
        "fear_in_box": cards["fear"]["count_in_box"],
        "cards": items + artifacts + basics + [fear],
    }

    guardians = load("guardians.yaml")
    out_guardians = {
        "guardians": [
            {
                "id": g["id"],
                "cost": g["cost"],
                "boon": g["boon"],
                **({"notes": g["notes"]} if "notes" in g else {}),
                **fact(g),
            }
            for g in guardians["guardians"]
        ]
    }

    sites = load("sites.yaml")

    def tile(t: dict[str, Any]) -> dict[str, Any]:
        rec = {"id": t["id"], "effect": t["effect"]}
        if "text" in t:
            rec["text"] = t["text"]
        if t.get("notes"):
            rec["notes"] = " ".join(str(t["notes"]).split())
        rec.update(fact(t))
        return rec

    boards = {}
    for name, board in sites["boards"].items():
        spaces = []
        for s in board["spaces"]:
            rec = {k: s[k] for k in ("id", "map_row", "col", "kind")}
            rec["travel"] = s.get("travel", {})
            rec.update(fact({"sources": ["S2", "S3"], "corroboration": board["corroboration"]}))
            spaces.append(rec)
        boards[name] = {"spaces": spaces, "notes": " ".join(board["notes"].split())}
    twisted = load("twisted_paths.yaml")
    boards["spider"] = spider_sites(twisted, boards["bird"])
    boards["owl"] = owl_sites(twisted, boards["bird"], sites["camp_sites"]["sites"])
    setup = sites["setup"]
    out_sites = {
        "discover_cost": {k: sites["discover_cost"][k]["compass"] for k in ("level1", "level2")},
        "camp_spaces": sites["camp_sites"]["spaces"],
        "blocking_tiles": {
            "2": "all",
            "3": 3,
            "4": 0,
            **fact({"sources": ["S1", "S2"]}),
        },
        "camps": [tile(c) for c in sites["camp_sites"]["sites"]],
        "level1": [tile(t) for t in sites["level1_tiles"]],
        "level2": [tile(t) for t in sites["level2_tiles"]],
        "twisted_paths": twisted_paths_sites(twisted["twisted_paths_site_tiles"]),
        "tiles_on_board": {
            "level1": setup["site_tile_stacks"]["level1"]["board_spaces"],
            "level2": setup["site_tile_stacks"]["level2"]["board_spaces"],
        },
        "boards": boards,
    }

    assistants = load("assistants.yaml")
    out_assistants = {
        "assistants": [
            {
                "id": a["id"],
                "nickname": a["nickname"],
                "silver": a["silver"],
                "gold": a["gold"],
                "action": a["action"],
                **({"text": a["text"]} if "text" in a else {}),
                **fact(a),
            }
            for a in assistants["assistants"]
        ]
    }

    idols = load("idols.yaml")
    rewards = idols["discovery_rewards"]
    slots = idols["slot_effects"]
    out_idols = {
        "idols": [
            {
                "reward": i["reward"],
                "count": i["count"],
                "effect": i["effect"],
                **fact({"sources": rewards["sources"], "corroboration": rewards["corroboration"]}),
            }
            for i in rewards["idols"]
        ],
        "slot_effects": [
            {
                "id": o["id"],
                "effect": o["effect"],
                **fact({"sources": slots.get("sources", ["S2"]), "status": "single-source"}),
            }
            for o in slots["options"]
        ],
        "twisted_paths_idols": [
            {"reward": i["reward"], "count": i["count"], "effect": i["effect"]}
            | fact(twisted["twisted_paths_idols"])
            for i in twisted["twisted_paths_idols"]["rewards"]
        ],
        "empty_slot_values": idols["empty_slot_values"]["values"],
        "vp_per_idol": idols["scoring"]["per_idol_owned"],
    }

    research = load("research.yaml")
    bonus = research["bonus_tiles"]
    out_research = {
        "bonus_tiles": [
            {
                "kind": k["kind"],
                "count": k["count"],
                "effect": k["effect"],
                **fact({"sources": ["S2"], "status": "single-source", "corroboration": ["S6"]}),
            }
            for k in bonus["kinds"]
        ],
        "temple_stacks": [
            {**s, **fact({"sources": ["S1", "S2", "S3"]})}
            for s in research["temple_tiles"]["stacks"]
        ],
        "boards": {},
    }
    for name in ("bird", "snake"):
        b = research["boards"][name]
        rows = []
        for r in b["rows"]:
            row: dict[str, Any] = {"row": r["row"]}
            for token in ("glass", "notebook"):
                t = r[token]
                row[token] = {"vp": t["vp"], "effect": t["effect"]}
                if "alternative" in t:
                    row[token]["alternative"] = t["alternative"]
                    row[token].update(
                        fact(
                            {
                                "status": "conflict-resolved",
                                "sources": ["S2"],
                                "corroboration": ["S6"],
                            }
                        )
                    )
                else:
                    row[token].update(fact(b["rows_status"]))
            rows.append(row)
        cost_status = b["temple_cost_status"]
        if "sources" not in cost_status:
            cost_status = {
                "status": "conflict-resolved",
                "sources": ["S2"],
                "corroboration": ["S6"],
            }
        out_research["boards"][name] = {
            "lost_temple_vp": b["lost_temple_arrival_vp"],
            "temple_cost_parts": {**b["temple_cost_parts"], **fact(cost_status)},
            "nodes": [{**n, **fact(b["graph_status"])} for n in b["nodes"]],
            "edges": [{**e, **fact(b["graph_status"])} for e in b["edges"]],
            "rows": rows,
        }
    out_research["boards"]["spider"] = spider_research(twisted, out_research["boards"]["bird"])
    out_research["boards"]["owl"] = owl_research(twisted, out_research["boards"]["bird"])

    solo = load("solo.yaml")
    tiles = [
        {"id": t["id"], "type": "dig", "colour": "grey", "resource": t["resource"]}
        for t in solo["action_tiles"]["dig_tiles"]
    ]
    for pair in solo["action_tiles"]["paired_tiles"]:
        for colour in pair["colours"]:
            tiles.append({"id": f"{colour}_{pair['type']}", "type": pair["type"], "colour": colour})
    # The arrow on each tile's back is printed but no source gives it: meeple's own
    # placeholder alternates them so that every stack of ten shows five of each.
    arrows = {
        "dig_coin": "left",
        "dig_compass": "right",
        "dig_tablet": "left",
        "dig_arrowhead": "right",
        "dig_jewel": "left",
        "green_discover": "right",
        "red_discover": "right",
        "green_research": "left",
        "red_research": "left",
        "green_overcome": "right",
        "red_overcome": "right",
        "green_buy_item": "left",
        "red_buy_item": "left",
        "green_buy_artifact": "right",
        "red_buy_artifact": "right",
    }
    for t in tiles:
        t.update(fact({"sources": ["S1", "S3"]}))
        t["arrow"] = arrows[t["id"]]
        t["arrow_provenance"] = "placeholder"
        t["arrow_source"] = "meeple placeholder: no public source gives the tile-back arrows"
    # Twisted Paths' Purple Actions: one purple tile per paired type, appended so that
    # the base tiles keep their numbers. A purple tile takes its pair's placeholder
    # arrow, so every stack still shows five of each.
    tp_solo = solo["twisted_paths_solo"]
    for kind in tp_solo["purple_tiles"]["types"]:
        tiles.append(
            {
                "id": f"purple_{kind}",
                "type": kind,
                "colour": "purple",
                **fact({"status": "single-source", "sources": ["TPR", "S3"]}),
                "arrow": arrows[f"red_{kind}"],
                "arrow_provenance": "placeholder",
                "arrow_source": "meeple placeholder: no public source gives the tile-back "
                "arrows (a purple tile takes its pair's arrow)",
            }
        )
    # The Spider Temple's rival tile (Twisted Paths), shuffled into the stack on that side
    # only. The rulebook says its deeds depend on the round but not how: meeple's
    # placeholder schedule places artifacts early and invokes the topmost altar late.
    tiles.append(
        {
            "id": "spider_temple",
            "type": "spider",
            "colour": "grey",
            **fact({"status": "single-source", "sources": ["TPR"]}),
            "arrow": "left",
            "arrow_provenance": "placeholder",
            "arrow_source": "meeple placeholder: no public source gives the tile-back arrows",
        }
    )
    # The Owl Temple's rival tile, shuffled into the stack on that side only.
    tiles.append(
        {
            "id": "owl_temple",
            "type": "owl",
            "colour": "grey",
            **fact({"status": "single-source", "sources": ["TPR"]}),
            "arrow": "right",
            "arrow_provenance": "placeholder",
            "arrow_source": "meeple placeholder: no public source gives the tile-back arrows",
        }
    )
    # The objectives' wording is the Twisted Paths rulebook's key, in meeple's words (the
    # text, and a short label for the rival's log); the reference names them only.
    objective_text = {
        "item": ("be the first to buy an item this round", "buy an item", 1, 1),
        "artifact": ("be the first to buy an artifact this round", "buy an artifact", 1, 1),
        "site": ("be the first to discover a new site this round", "discover a site", 1, 1),
        "research": (
            "be the first to research with the magnifying glass this round",
            "research with the glass",
            1,
            1,
        ),
        "arch": (
            "be the first with archaeologists on the main board: the rival 3, you 2",
            "archaeologists out",
            3,
            2,
        ),
    }
    objectives = []
    for oid in tp_solo["rival_objectives"]["ids"]:
        text, label, rival_needs, you_need = objective_text[oid]
        objectives.append(
            {
                "id": oid,
                "text": text,
                "label": label,
                "rival_needs": rival_needs,
                "you_need": you_need,
                **fact({"status": "single-source", "sources": ["TPR", "S3"]}),
            }
        )
    sched = solo["tile_rules"]["discover"]["schedule"]
    out_solo = {
        "tiles": tiles,
        "discover_schedule": {**sched, **fact({"sources": ["S3", "S4"]})},
        "round_five_skip": {
            "tiles": solo["round_five_skip"]["chosen"],
            "disputed": solo["round_five_skip"]["disputed"],
            **fact({"status": "conflict-resolved", "sources": ["S3"]}),
        },
        "idol_vp": {"unique_face_up": 3, "minus_one_pile": 2, **fact({"sources": ["S1"]})},
        # Purple Actions' numbers (TPR). The rulebook says a purple Discover "follows the
        # same rules as before" and gives no round schedule of its own: meeple's reading
        # is the red schedule, the nastier one (docs/games/arnak.md).
        "purple": {
            "discover_schedule": "red",
            "idol_vp_bonus": 1,
            "research_round_five_advances": 2,
            **fact({"status": "single-source", "sources": ["TPR"]}),
            "discover_schedule_provenance": "inferred",
            "discover_schedule_source": "meeple's reading: TPR gives a purple Discover no "
            "schedule of its own",
        },
        "spider_schedule": {
            "id": "spider_temple",
            "rounds": [["place"], ["place"], ["invoke", "place"], ["invoke", "place"], ["invoke"]],
            "provenance": "placeholder",
            "source": "meeple placeholder: the Twisted Paths rulebook says the Spider Temple "
            "tile's deeds vary by round (invoke the topmost altar holding an artifact; place "
            "a card row artifact on the lowest empty altar and invoke it) but not which "
            "(reference/arnak twisted_paths.yaml, unknown:)",
        },
        "objectives": objectives,
        "objective_points": {
            "each": 2,
            "first_when_doubled": 4,
            **fact({"status": "single-source", "sources": ["TPR"]}),
        },
    }
    return {
        "cards": out_cards,
        "guardians": out_guardians,
        "sites": out_sites,
        "assistants": out_assistants,
        "idols": out_idols,
        "research": out_research,
        "solo": out_solo,
    }


def twisted_paths_sites(tp: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The expansion's two level I and two level II site tiles, named after the base
    game's (L1-T1, L1-T2, L2-T1, L2-T2); their views put the effect into words."""
    out: dict[str, list[dict[str, Any]]] = {}
    for level in ("level1", "level2"):
        out[level] = []
        for i, t in enumerate(tp[level], 1):
            rec: dict[str, Any] = {"id": f"L{level[-1]}-T{i}", "effect": t["effect"]}
            if t.get("notes"):
                rec["notes"] = " ".join(str(t["notes"]).split())
            rec.update(fact(tp))
            out[level].append(rec)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "reference",
        nargs="?",
        default="../shared/reference/arnak",
        help="the folder of the reference's YAML files (default: %(default)s)",
    )
    ref = Path(parser.parse_args().reference)
    if not (ref / "cards.yaml").is_file():
        sys.exit(f"error: {str(ref)!r} holds no Arnak reference (cards.yaml and the rest)")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in build(ref).items():
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
