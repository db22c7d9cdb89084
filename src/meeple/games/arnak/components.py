"""Lost Ruins of Arnak component data: cards, guardians, sites, assistants, idols,
research tracks, temple tiles and the solo rival's tiles.

Loaded and validated once at import from the JSON files in data/ (made from the shared
reference by tools/arnak_data.py); a schema error names the file and the record. Effects
stay in the reference's step vocabulary and are compiled here into `(op, argument)`
pairs that `effects.py` interprets; an unknown step is a data error at import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, Literal, NamedTuple

import msgspec

from meeple.core.data import read_data
from meeple.errors import ComponentDataError

Provenance = Literal["fact", "inferred", "placeholder"]

RESOURCES: tuple[str, ...] = ("coin", "compass", "tablet", "arrowhead", "jewel")
COIN, COMPASS, TABLET, ARROWHEAD, JEWEL = range(5)
ICONS: tuple[str, ...] = ("boot", "car", "boat", "plane")
BOOT, CAR, BOAT, PLANE = range(4)

Step = tuple[str, Any]
Effect = tuple[Step, ...]

STEP_OPS = frozenset(
    {
        "gain",
        "fear",
        "draw",
        "draw_bottom",
        "exile",
        "pay",
        "pay_required",
        "choose_one",
        "choose_distinct",
        "upgrade",
        "dig_or_discover",
        "relocate",
        "activate_site",
        "activate_top_tile",
        "buy",
        "gain_card",
        "research",
        "overcome_free",
        "refresh_assistant",
        "supply_assistant_effect",
        "swap_assistant",
        "recall_archaeologist",
        "all_travel_as_plane",
        "no_guardian_fear",
        "gain_per",
        "look_keep",
        "exile_row_item_then_gain_exiled_item",
        "move_guardian",
        "unslot_idol",
        "travel_icons",
        "take_assistant",
        "upgrade_assistant",
        "rescue_assistant",
        "gain_artifact_free",
        "gain_dark_tablet",
        "face_up_board_idol_reward",
        "reactivate_used_guardian_boon",
        "action",
        "pass_round",
    }
)
"""The effect vocabulary of the reference (its cards.yaml header); `action` and
`pass_round` are the markers a `choose_one` option may carry."""


class Sourced(msgspec.Struct, kw_only=True):
    provenance: Provenance
    source: str


class CardRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    name: str
    kind: Literal["item", "artifact", "basic", "fear"]
    cost: dict[str, int]
    vp: int
    travel: dict[str, int]
    action: Literal["free", "main", "none"]
    exile_self: bool
    effect: list[dict[str, Any]]
    text: str
    notes: str = ""
    alt_names: list[str] = []


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    artifact_tablet_cost: int
    starting_deck: list[str]
    fear_in_box: int
    cards: list[CardRecord]


class GuardianRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    cost: dict[str, Any]
    boon: dict[str, Any] | list[dict[str, Any]]
    notes: str = ""


class GuardiansFile(msgspec.Struct, forbid_unknown_fields=True):
    guardians: list[GuardianRecord]


class TileRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    effect: list[dict[str, Any]]
    text: str = ""
    notes: str = ""


class SpaceRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    map_row: int
    col: int
    kind: Literal["camp", "level1", "level2"]
    travel: dict[str, int]
    dark_effect: list[dict[str, Any]] = []
    effect: list[dict[str, Any]] = []  # a camp of its own on this side (the Owl Temple's)
    face_down_idols: int | None = None  # idols set face down beside the face-up one
    discover_extra: dict[str, int] = {}  # resources on top of the compasses to discover


class BoardSites(msgspec.Struct, forbid_unknown_fields=True):
    spaces: list[SpaceRecord]
    notes: str = ""


class BlockingRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    two: str = msgspec.field(name="2")
    three: int = msgspec.field(name="3")
    four: int = msgspec.field(name="4")


class TwistedSites(msgspec.Struct, forbid_unknown_fields=True):
    """The expansion's site tiles, played with the `twisted_paths_sites` option."""

    level1: list[TileRecord]
    level2: list[TileRecord]


class SitesFile(msgspec.Struct, forbid_unknown_fields=True):
    discover_cost: dict[str, int]
    camp_spaces: list[dict[str, Any]]
    blocking_tiles: BlockingRecord
    camps: list[TileRecord]
    level1: list[TileRecord]
    level2: list[TileRecord]
    twisted_paths: TwistedSites
    tiles_on_board: dict[str, int]
    boards: dict[str, BoardSites]


class AssistantRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    nickname: str
    silver: list[dict[str, Any]]
    gold: list[dict[str, Any]]
    action: Literal["free", "main"]
    text: str = ""


class AssistantsFile(msgspec.Struct, forbid_unknown_fields=True):
    assistants: list[AssistantRecord]


class IdolRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    reward: str
    count: int
    effect: list[dict[str, Any]]


class SlotRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    effect: list[dict[str, Any]]


class IdolsFile(msgspec.Struct, forbid_unknown_fields=True):
    idols: list[IdolRecord]
    slot_effects: list[SlotRecord]
    twisted_paths_idols: list[IdolRecord]
    empty_slot_values: list[int]
    vp_per_idol: int


class BonusRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    kind: str
    count: int
    effect: list[dict[str, Any]]


class TempleStackRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    vp: int
    cost_parts: list[str]


class NodeRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    row: int
    pos: str
    start: bool = False
    bonus: dict[str, int] = {}
    lost_temple: bool = False
    bonus_face_down: dict[str, int] = {}
    glass_only: bool = False
    assistant_rescue: bool = False
    pick_one_of_several: bool = False
    zone: str = ""
    glass_vp: int | None = None  # the space's own points, where they are not its row's
    notebook_vp: int | None = None


class EdgeRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    from_: str = msgspec.field(name="from")
    to: str
    cost: dict[str, int]


class RowSide(Sourced, forbid_unknown_fields=True, kw_only=True):
    vp: int
    effect: list[dict[str, Any]]
    alternative: dict[str, Any] = {}
    effect_provenance: str = ""
    effect_source: str = ""


class RowRecord(msgspec.Struct, forbid_unknown_fields=True):
    row: int
    glass: RowSide
    notebook: RowSide
    lantern: RowSide | None = None  # the Owl Temple's third research token


class OwlTrackTileRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    space: str
    kind: Literal["vp1", "vp5", "vp10", "idol"]
    min_players: int
    cost: dict[str, int]


class PassageRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    from_: str = msgspec.field(name="from")
    row: int  # the row of the passage's reserved space, where the glass then scores
    cost: dict[str, int]
    content: Literal["vp1", "vp5", "vp10", "idol"]


class OwlTopRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    kind: Literal["vp1", "vp5", "vp10", "idol"]
    cost_parts: list[str]
    min_row: int
    count: dict[str, int]
    cost_parts_provenance: str = ""
    cost_parts_source: str = ""


class OwlRecord(msgspec.Struct, forbid_unknown_fields=True):
    track_tiles: list[OwlTrackTileRecord]
    passages: list[PassageRecord]
    top: list[OwlTopRecord]
    tile_vp: dict[str, int]


class AltarRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    altar: int
    vp: int
    min_row: int  # a research token on this row or higher may invoke it
    min_row_provenance: str = ""
    min_row_source: str = ""


class DarkSupplyRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    values: list[int]  # points per dark tablet on the altars, by space, left to right
    per_space: Literal["players"]


class ResearchBoard(msgspec.Struct, forbid_unknown_fields=True):
    lost_temple_vp: list[int]
    temple_cost_parts: dict[str, Any]
    nodes: list[NodeRecord]
    edges: list[EdgeRecord]
    rows: list[RowRecord]
    altars: list[AltarRecord] = []
    dark_supply: DarkSupplyRecord | None = None
    owl: OwlRecord | None = None


class ResearchFile(msgspec.Struct, forbid_unknown_fields=True):
    bonus_tiles: list[BonusRecord]
    temple_stacks: list[TempleStackRecord]
    boards: dict[str, ResearchBoard]


class SoloTileRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    type: Literal[
        "dig", "discover", "research", "overcome", "buy_item", "buy_artifact", "spider", "owl"
    ]
    colour: Literal["grey", "green", "red", "purple"]
    arrow: Literal["left", "right"]
    arrow_provenance: Provenance
    arrow_source: str
    resource: str = ""


class ObjectiveRecord(Sourced, forbid_unknown_fields=True, kw_only=True):
    id: str
    text: str
    label: str
    rival_needs: int
    you_need: int


class SoloFile(msgspec.Struct, forbid_unknown_fields=True):
    tiles: list[SoloTileRecord]
    discover_schedule: dict[str, Any]
    round_five_skip: dict[str, Any]
    idol_vp: dict[str, Any]
    purple: dict[str, Any]
    spider_schedule: dict[str, Any]
    objectives: list[ObjectiveRecord]
    objective_points: dict[str, Any]


def bag(mapping: Mapping[str, Any], where: str) -> tuple[int, ...]:
    """A resource mapping as a 5-tuple in RESOURCES order."""
    for key in mapping:
        if key not in RESOURCES:
            raise ComponentDataError(f"{where}: unknown resource {key!r}")
    return tuple(int(mapping.get(r, 0)) for r in RESOURCES)


def icons(mapping: Mapping[str, Any], where: str) -> tuple[int, ...]:
    """A travel mapping as a 4-tuple in ICONS order."""
    for key in mapping:
        if key not in ICONS:
            raise ComponentDataError(f"{where}: unknown travel icon {key!r}")
    return tuple(int(mapping.get(i, 0)) for i in ICONS)


def compile_effect(steps: Sequence[Any], where: str) -> Effect:
    """Steps as (op, argument) pairs; nested step lists are compiled too."""
    out: list[Step] = []
    for step in steps:
        if not isinstance(step, dict) or not step:
            raise ComponentDataError(f"{where}: a step must be a one-key mapping, got {step!r}")
        if "pay" in step:
            if set(step) != {"pay", "then"}:
                raise ComponentDataError(f"{where}: pay needs exactly pay and then")
            out.append(("pay", (step["pay"], compile_effect(step["then"], where))))
            continue
        if len(step) != 1:
            raise ComponentDataError(f"{where}: a step must have one key, got {sorted(step)}")
        ((op, arg),) = step.items()
        if op not in STEP_OPS:
            raise ComponentDataError(f"{where}: unknown effect step {op!r}")
        if op == "choose_one":
            arg = tuple(compile_effect(option, where) for option in arg)
        elif op == "choose_distinct":
            arg = (arg["count"], tuple(compile_effect(o, where) for o in arg["options"]))
        elif op == "gain":
            arg = bag(arg, where)
        elif op == "travel_icons":
            arg = icons(arg, where)
        out.append((op, arg))
    return tuple(out)


class Card(NamedTuple):
    num: int
    id: str
    name: str
    kind: str
    cost: int  # coins for items, compasses for artifacts
    vp: int
    travel: tuple[int, ...]
    free: bool
    exile_self: bool
    effect: Effect
    text: str


class Guardian(NamedTuple):
    num: int
    id: str
    cost: tuple[int, ...]
    cost_travel: tuple[int, ...]
    cost_hand_cards: int
    boon_travel: tuple[int, ...] | None
    boon: Effect


class SiteTile(NamedTuple):
    num: int
    id: str
    level: int  # 0 camp, 1, 2
    effect: Effect
    text: str


class Space(NamedTuple):
    num: int
    id: str
    kind: str
    level: int
    map_row: int
    col: int
    travel: tuple[int, ...]
    dark: Effect  # the Spider Temple's dark effect of an archaeologist arriving; () none
    camp: Effect | None  # this side's own camp effect (the Owl Temple's C1, C4), or None
    hidden_idols: int  # face-down idols beside the face-up one at setup
    discover_extra: tuple[int, ...]  # resources paid on top of the compasses to discover


class Assistant(NamedTuple):
    num: int
    id: str
    nickname: str
    silver: Effect
    gold: Effect
    main: bool


class Node(NamedTuple):
    num: int
    id: str
    row: int
    pos: str
    bonus: Mapping[str, int]
    lost_temple: bool
    bonus_face_down: Mapping[str, int]
    rescue: bool
    pick_several: bool
    zone: str  # the Spider Temple's scoring zone ("" elsewhere)
    glass_vp: int  # research points of a glass here (its row's, or the space's own)
    notebook_vp: int


class Altar(NamedTuple):
    """A Spider Temple altar: its points for the most dark tablets, and the lowest row a
    research token invokes it from."""

    num: int
    vp: int
    min_row: int


class Edge(NamedTuple):
    start: int
    end: int
    cost: tuple[int, ...]
    idols: int


class Row(NamedTuple):
    glass_vp: int
    glass: Effect
    notebook_vp: int
    notebook: Effect
    lantern_vp: int = 0
    lantern: Effect = ()


class OwlTile(NamedTuple):
    """An Owl tile (or a face-down idol) lying on a space of the Owl Temple's track."""

    num: int
    node: int
    kind: str  # vp1, vp5, vp10, idol
    vp: int  # 0 for an idol
    min_players: int
    cost: tuple[int, ...]


class Passage(NamedTuple):
    """A secret passage of the Owl Temple: from a space, to a reserved space on `row`."""

    num: int
    id: str
    start: int
    row: int
    cost: tuple[int, ...]
    content: str  # vp1, vp5, vp10, idol
    vp: int
    side: str  # left or right: where the rival's decision arrow must point to enter it


class OwlTop(NamedTuple):
    """A pile at the top of the Owl Temple, bought by research from `min_row` up."""

    num: int
    id: str
    kind: str
    vp: int
    cost: tuple[int, ...]
    min_row: int
    per_players: Mapping[str, int]  # how many lie in the pile, by player count


class OwlBoard(NamedTuple):
    track_tiles: tuple[OwlTile, ...]
    passages: tuple[Passage, ...]
    top: tuple[OwlTop, ...]


class ResearchTrack(NamedTuple):
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    rows: tuple[Row, ...]  # index = row number; row 0 is the start line
    lost_temple_vp: tuple[int, ...]
    temple_parts: Mapping[str, tuple[int, ...]]
    start: int
    lost_temple: int
    leaving: tuple[tuple[Edge, ...], ...]  # per node, the bridges up from it
    altars: tuple[Altar, ...]  # the Spider Temple's; () elsewhere
    dark_values: tuple[int, ...]  # the dark tablet supply's spaces, left to right; ()
    owl: OwlBoard | None  # the Owl Temple's tiles, passages and top; None elsewhere


class TempleStack(NamedTuple):
    num: int
    id: str
    vp: int
    cost: Mapping[str, tuple[int, ...]]  # per board


class BonusKind(NamedTuple):
    num: int
    kind: str
    copies: int
    effect: Effect


class SoloTile(NamedTuple):
    num: int
    id: str
    type: str
    colour: str
    resource: int  # RESOURCES index for dig tiles, -1 otherwise
    arrow: str


class Objective(NamedTuple):
    """A Rival Objectives tile (Twisted Paths): what to be first to do this round."""

    num: int
    id: str
    text: str
    label: str  # a few words, for the rival's log
    rival_needs: int  # archaeologists on the main board; 1 for the other objectives
    you_need: int


class IdolReward(NamedTuple):
    num: int
    reward: str
    copies: int
    effect: Effect
    twisted_paths: int = 0  # more copies among the expansion's idols (Owl Temple games)


def _owl_board(
    owl: OwlRecord,
    ids: Mapping[str, int],
    nodes: Sequence[Node],
    parts: Mapping[str, tuple[int, ...]],
    where: str,
) -> OwlBoard:
    vp = owl.tile_vp
    spaces = [t.space for t in owl.track_tiles] + [p.from_ for p in owl.passages]
    if not set(spaces) <= set(ids):
        raise ComponentDataError(f"{where}: an Owl tile or passage names an unknown space")
    tiles = tuple(
        OwlTile(i, ids[t.space], t.kind, vp.get(t.kind, 0), t.min_players, bag(t.cost, where))
        for i, t in enumerate(owl.track_tiles)
    )
    passages = tuple(
        Passage(
            k,
            p.id,
            ids[p.from_],
            p.row,
            bag(p.cost, where),
            p.content,
            vp.get(p.content, 0),
            "left" if nodes[ids[p.from_]].pos == "left" else "right",
        )
        for k, p in enumerate(owl.passages)
    )
    top = tuple(
        OwlTop(
            k,
            t.id,
            t.kind,
            vp.get(t.kind, 0),
            tuple(sum(parts[c][r] for c in t.cost_parts) for r in range(5)),
            t.min_row,
            t.count,
        )
        for k, t in enumerate(owl.top)
    )
    return OwlBoard(tiles, passages, top)


def _load() -> dict[str, Any]:
    cards_file: CardsFile = read_data(__package__, "cards.json", CardsFile)
    cards: list[Card] = []
    for i, rec in enumerate(cards_file.cards):
        where = f"arnak data/cards.json {rec.id}"
        price = rec.cost.get("coin" if rec.kind == "item" else "compass", 0)
        if set(rec.cost) - {"coin", "compass"}:
            raise ComponentDataError(f"{where}: a card costs coins or compasses")
        cards.append(
            Card(
                i,
                rec.id,
                rec.name,
                rec.kind,
                price,
                rec.vp,
                icons(rec.travel, where),
                rec.action == "free",
                rec.exile_self,
                compile_effect(rec.effect, where),
                rec.text,
            )
        )
    kinds = [c.kind for c in cards]
    if (
        kinds.count("item"),
        kinds.count("artifact"),
        kinds.count("basic"),
        kinds.count("fear"),
    ) != (
        40,
        35,
        4,
        1,
    ):
        raise ComponentDataError("arnak data/cards.json: 40 items, 35 artifacts, 4 basic, Fear")
    if len({c.id for c in cards}) != len(cards):
        raise ComponentDataError("arnak data/cards.json: card ids repeat")

    guardians: list[Guardian] = []
    for i, g in enumerate(read_data(__package__, "guardians.json", GuardiansFile).guardians):
        where = f"arnak data/guardians.json {g.id}"
        cost = dict(g.cost)
        travel = icons(cost.pop("travel", {}), where)
        hand = int(cost.pop("hand_card", 0))
        if isinstance(g.boon, dict):
            guardians.append(
                Guardian(
                    i, g.id, bag(cost, where), travel, hand, icons(g.boon["travel"], where), ()
                )
            )
        else:
            guardians.append(
                Guardian(
                    i, g.id, bag(cost, where), travel, hand, None, compile_effect(g.boon, where)
                )
            )
    if len(guardians) != 15:
        raise ComponentDataError("arnak data/guardians.json: 15 guardians")

    sites: SitesFile = read_data(__package__, "sites.json", SitesFile)
    camps = tuple(
        SiteTile(i, t.id, 0, compile_effect(t.effect, f"arnak data/sites.json {t.id}"), t.text)
        for i, t in enumerate(sites.camps)
    )
    tiles: list[SiteTile] = []
    twisted = sites.twisted_paths
    piles = ((1, sites.level1), (2, sites.level2), (1, twisted.level1), (2, twisted.level2))
    for level, recs in piles:
        for t in recs:
            effect = compile_effect(t.effect, f"arnak data/sites.json {t.id}")
            tiles.append(SiteTile(len(tiles), t.id, level, effect, t.text))
    if [len(recs) for recs in (camps, *(recs for _, recs in piles))] != [5, 10, 6, 2, 2]:
        raise ComponentDataError(
            "arnak data/sites.json: 5 camps, 10 level I and 6 level II tiles, and Twisted "
            "Paths' 2 level I and 2 level II tiles"
        )
    boards: dict[str, tuple[Space, ...]] = {}
    for name, board in sites.boards.items():
        spaces = tuple(
            Space(
                i,
                s.id,
                s.kind,
                {"camp": 0, "level1": 1, "level2": 2}[s.kind],
                s.map_row,
                s.col,
                icons(s.travel, f"arnak data/sites.json {name} {s.id}"),
                compile_effect(s.dark_effect, f"arnak data/sites.json {name} {s.id} dark"),
                compile_effect(s.effect, f"arnak data/sites.json {name} {s.id}")
                if s.effect
                else None,
                s.face_down_idols if s.face_down_idols is not None else int(s.kind == "level2"),
                bag(s.discover_extra, f"arnak data/sites.json {name} {s.id}"),
            )
            for i, s in enumerate(board.spaces)
        )
        levels = [s.level for s in spaces]
        if levels != [0] * 5 + [1] * 8 + [2] * 4:
            raise ComponentDataError(
                f"arnak data/sites.json {name}: 5 camps, 8 level I, 4 level II"
            )
        boards[name] = spaces
    camp_travel = tuple(
        icons(s["travel"], "arnak data/sites.json camp_spaces") for s in sites.camp_spaces
    )

    assistants = tuple(
        Assistant(
            i,
            a.id,
            a.nickname,
            compile_effect(a.silver, f"arnak data/assistants.json {a.id} silver"),
            compile_effect(a.gold, f"arnak data/assistants.json {a.id} gold"),
            a.action == "main",
        )
        for i, a in enumerate(read_data(__package__, "assistants.json", AssistantsFile).assistants)
    )
    if len(assistants) != 12:
        raise ComponentDataError("arnak data/assistants.json: 12 assistants")

    idols_file: IdolsFile = read_data(__package__, "idols.json", IdolsFile)
    idols = tuple(
        IdolReward(
            i, r.reward, r.count, compile_effect(r.effect, f"arnak data/idols.json {r.reward}")
        )
        for i, r in enumerate(idols_file.idols)
    )
    if sum(r.copies for r in idols) != 16:
        raise ComponentDataError("arnak data/idols.json: 16 idols")
    # Twisted Paths' idols join the base kinds whose effect they share, else add a kind
    merged = list(idols)
    for tp in idols_file.twisted_paths_idols:
        effect = compile_effect(tp.effect, f"arnak data/idols.json {tp.reward}")
        same = next((i for i in merged if i.effect == effect), None)
        if same is not None:
            merged[same.num] = same._replace(twisted_paths=same.twisted_paths + tp.count)
        else:
            merged.append(IdolReward(len(merged), tp.reward, 0, effect, tp.count))
    idols = tuple(merged)
    if sum(r.twisted_paths for r in idols) != 10:
        raise ComponentDataError("arnak data/idols.json: 10 Twisted Paths idols")
    slot_effects = tuple(
        (s.id, compile_effect(s.effect, f"arnak data/idols.json slot {s.id}"))
        for s in idols_file.slot_effects
    )

    research: ResearchFile = read_data(__package__, "research.json", ResearchFile)
    bonus = tuple(
        BonusKind(
            i, b.kind, b.count, compile_effect(b.effect, f"arnak data/research.json {b.kind}")
        )
        for i, b in enumerate(research.bonus_tiles)
    )
    if sum(b.copies for b in bonus) != 18:
        raise ComponentDataError("arnak data/research.json: 18 research bonus tiles")
    tracks: dict[str, ResearchTrack] = {}
    for name, rb in research.boards.items():
        where = f"arnak data/research.json {name}"
        ids = {n.id: i for i, n in enumerate(rb.nodes)}
        row_vp = {r.row: (r.glass.vp, r.notebook.vp) for r in rb.rows}
        nodes = tuple(
            Node(
                i,
                n.id,
                n.row,
                n.pos,
                n.bonus,
                n.lost_temple,
                n.bonus_face_down,
                n.assistant_rescue,
                n.pick_one_of_several,
                n.zone,
                n.glass_vp if n.glass_vp is not None else row_vp.get(n.row, (0, 0))[0],
                n.notebook_vp if n.notebook_vp is not None else row_vp.get(n.row, (0, 0))[1],
            )
            for i, n in enumerate(rb.nodes)
        )
        edges: list[Edge] = []
        for e in rb.edges:
            if e.from_ not in ids or e.to not in ids:
                raise ComponentDataError(f"{where}: an edge names an unknown node")
            cost = dict(e.cost)
            idol_count = int(cost.pop("idol", 0))
            start, end = ids[e.from_], ids[e.to]
            if nodes[end].row <= nodes[start].row:
                raise ComponentDataError(f"{where}: bridges lead up one row")
            edges.append(Edge(start, end, bag(cost, where), idol_count))
        rows = [Row(0, (), 0, ())]
        for r in rb.rows:
            lantern = r.lantern
            rows.append(
                Row(
                    r.glass.vp,
                    compile_effect(r.glass.effect, f"{where} row {r.row} glass"),
                    r.notebook.vp,
                    compile_effect(r.notebook.effect, f"{where} row {r.row} notebook"),
                    lantern.vp if lantern else 0,
                    compile_effect(lantern.effect, f"{where} row {r.row} lantern")
                    if lantern
                    else (),
                )
            )
        parts = {
            k: bag(v, where)
            for k, v in rb.temple_cost_parts.items()
            if k not in ("provenance", "source")
        }
        starts = [n.num for n in nodes if n.row == 0]
        temples = [n.num for n in nodes if n.lost_temple]
        if len(starts) != 1 or len(temples) != (0 if rb.owl else 1):
            raise ComponentDataError(
                f"{where}: one start, and one Lost Temple (none on the Owl Temple side)"
            )
        owl = _owl_board(rb.owl, ids, nodes, parts, where) if rb.owl else None
        leaving = tuple(tuple(e for e in edges if e.start == n.num) for n in nodes)
        tracks[name] = ResearchTrack(
            nodes,
            tuple(edges),
            tuple(rows),
            tuple(rb.lost_temple_vp),
            parts,
            starts[0],
            temples[0] if temples else -1,
            leaving,
            tuple(Altar(i, a.vp, a.min_row) for i, a in enumerate(rb.altars)),
            tuple(rb.dark_supply.values) if rb.dark_supply is not None else (),
            owl,
        )
    temple_stacks = tuple(
        TempleStack(
            i,
            s.id,
            s.vp,
            {
                name: tuple(sum(track.temple_parts[p][r] for p in s.cost_parts) for r in range(5))
                for name, track in tracks.items()
            },
        )
        for i, s in enumerate(research.temple_stacks)
    )

    solo: SoloFile = read_data(__package__, "solo.json", SoloFile)
    solo_tiles = tuple(
        SoloTile(
            i,
            t.id,
            t.type,
            t.colour,
            RESOURCES.index(t.resource) if t.resource else -1,
            t.arrow,
        )
        for i, t in enumerate(solo.tiles)
    )
    if len(solo_tiles) != 22:
        raise ComponentDataError(
            "arnak data/solo.json: 22 rival tiles (15 base, 5 purple, the Spider and Owl Temples')"
        )
    spider_rounds = tuple(tuple(str(d) for d in deeds) for deeds in solo.spider_schedule["rounds"])
    if len(spider_rounds) != 5 or not set().union(*spider_rounds) <= {"invoke", "place"}:
        raise ComponentDataError("arnak data/solo.json: the Spider tile's deeds per round")
    schedule = {
        colour: tuple(
            None if entry == "skip" else (int(entry["level"]), bool(entry["guardian"]))
            for entry in solo.discover_schedule[colour]
        )
        for colour in ("green", "red")
    }
    return {
        "cards": tuple(cards),
        "starting_deck": tuple(cards_file.starting_deck),
        "fear_in_box": cards_file.fear_in_box,
        "artifact_tablet_cost": cards_file.artifact_tablet_cost,
        "guardians": tuple(guardians),
        "camps": camps,
        "tiles": tuple(tiles),
        "boards": boards,
        "camp_travel": camp_travel,
        "discover_cost": (0, sites.discover_cost["level1"], sites.discover_cost["level2"]),
        "tiles_on_board": sites.tiles_on_board,
        "blocking": sites.blocking_tiles,
        "assistants": assistants,
        "idols": idols,
        "slot_effects": slot_effects,
        "empty_slot_values": tuple(idols_file.empty_slot_values),
        "vp_per_idol": idols_file.vp_per_idol,
        "bonus": bonus,
        "tracks": tracks,
        "temple_stacks": temple_stacks,
        "solo_tiles": solo_tiles,
        "solo_schedule": schedule,
        "spider_schedule": spider_rounds,
        "round_five_skip": tuple(solo.round_five_skip["tiles"]),
        "solo_idol_vp": (solo.idol_vp["unique_face_up"], solo.idol_vp["minus_one_pile"]),
        "purple": {
            "schedule": str(solo.purple["discover_schedule"]),
            "idol_bonus": int(solo.purple["idol_vp_bonus"]),
            "round_five_advances": int(solo.purple["research_round_five_advances"]),
        },
        "objectives": tuple(
            Objective(i, o.id, o.text, o.label, o.rival_needs, o.you_need)
            for i, o in enumerate(solo.objectives)
        ),
        "objective_points": (
            int(solo.objective_points["each"]),
            int(solo.objective_points["first_when_doubled"]),
        ),
    }


_DATA = _load()
CARDS: tuple[Card, ...] = _DATA["cards"]
CARD_INDEX: dict[str, int] = {c.id: c.num for c in CARDS}
ITEMS: tuple[int, ...] = tuple(c.num for c in CARDS if c.kind == "item")
ARTIFACTS: tuple[int, ...] = tuple(c.num for c in CARDS if c.kind == "artifact")
FEAR: int = CARD_INDEX["fear"]
STARTING_DECK: tuple[int, ...] = tuple(CARD_INDEX[c] for c in _DATA["starting_deck"])
FEAR_IN_BOX: int = _DATA["fear_in_box"]
ARTIFACT_TABLETS: int = _DATA["artifact_tablet_cost"]
GUARDIANS: tuple[Guardian, ...] = _DATA["guardians"]
CAMPS: tuple[SiteTile, ...] = _DATA["camps"]
SITE_TILES: tuple[SiteTile, ...] = _DATA["tiles"]
BASE_SITE_TILES = 16
"""The base game's 10 level I and 6 level II tiles come first; Twisted Paths' four
follow, and join the piles with the `twisted_paths_sites` option."""
LEVEL1_TILES: tuple[int, ...] = tuple(t.num for t in SITE_TILES[:BASE_SITE_TILES] if t.level == 1)
LEVEL2_TILES: tuple[int, ...] = tuple(t.num for t in SITE_TILES[:BASE_SITE_TILES] if t.level == 2)
TWISTED_LEVEL1_TILES: tuple[int, ...] = tuple(
    t.num for t in SITE_TILES[BASE_SITE_TILES:] if t.level == 1
)
TWISTED_LEVEL2_TILES: tuple[int, ...] = tuple(
    t.num for t in SITE_TILES[BASE_SITE_TILES:] if t.level == 2
)
BOARDS: dict[str, tuple[Space, ...]] = _DATA["boards"]
CAMP_TRAVEL: tuple[tuple[int, ...], ...] = _DATA["camp_travel"]
DISCOVER_COST: tuple[int, ...] = _DATA["discover_cost"]
ASSISTANTS: tuple[Assistant, ...] = _DATA["assistants"]
IDOL_REWARDS: tuple[IdolReward, ...] = _DATA["idols"]
SLOT_EFFECTS: tuple[tuple[str, Effect], ...] = _DATA["slot_effects"]
EMPTY_SLOT_VALUES: tuple[int, ...] = _DATA["empty_slot_values"]
VP_PER_IDOL: int = _DATA["vp_per_idol"]
BONUS_KINDS: tuple[BonusKind, ...] = _DATA["bonus"]
TRACKS: dict[str, ResearchTrack] = _DATA["tracks"]
TEMPLE_STACKS: tuple[TempleStack, ...] = _DATA["temple_stacks"]
SOLO_TILES: tuple[SoloTile, ...] = _DATA["solo_tiles"]
SOLO_SCHEDULE: dict[str, tuple[tuple[int, bool] | None, ...]] = _DATA["solo_schedule"]
SPIDER_SCHEDULE: tuple[tuple[str, ...], ...] = _DATA["spider_schedule"]
"""The rival's Spider Temple tile's deeds in each round ("invoke", "place"), in order."""
ROUND_FIVE_SKIP: tuple[str, ...] = _DATA["round_five_skip"]
SOLO_IDOL_VP: tuple[int, int] = _DATA["solo_idol_vp"]
PURPLE: dict[str, Any] = _DATA["purple"]
"""Twisted Paths' Purple Actions: the discover schedule the purple tile follows, the
extra point per rival idol, the glass advances of a purple research in round V."""
OBJECTIVES: tuple[Objective, ...] = _DATA["objectives"]
OBJECTIVE_POINTS: tuple[int, int] = _DATA["objective_points"]
"""The rival's points for an objective, and for the first one when it is doubled."""
BOARD_NAMES: tuple[str, ...] = ("bird", "snake", "spider", "owl")


def _placeholders() -> tuple[tuple[str, str, str, str], ...]:
    """Every datum the data files mark as meeple's placeholder: (file, board, record id,
    field): the board side it belongs to ("" for every side), and the field being what a
    `<field>_provenance` covers ("" for a record's `provenance`)."""
    found: list[tuple[str, str, str, str]] = []

    def walk(name: str, node: Any, board: str, record: str) -> None:
        if isinstance(node, dict):
            record = str(node.get("id", record))
            for key, value in node.items():
                if key.endswith("provenance") and value == "placeholder":
                    field = key.removesuffix("provenance").rstrip("_")
                    found.append((name, board, record, field))
                walk(name, value, key if key in BOARD_NAMES else board, record)
        elif isinstance(node, list):
            for value in node:
                walk(name, value, board, record)

    folder = resources.files(__package__).joinpath("data")
    for path in sorted(folder.iterdir(), key=lambda p: p.name):
        if path.name.endswith(".json"):
            walk(path.name, read_data(__package__, path.name, Any), "", "")
    return tuple(found)


PLACEHOLDERS: tuple[tuple[str, str, str, str], ...] = _placeholders()
PLACEHOLDER_DATA: bool = bool(PLACEHOLDERS)
"""True while any datum is meeple's placeholder rather than a cross-checked fact of the
reference (today: the solo rival's tile-back arrows, `arrow_provenance` in solo.json)."""
