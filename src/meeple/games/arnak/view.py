"""Lost Ruins of Arnak as one seat sees it: a rich renderable built from `observation(p)`.

The view reads nothing but the observation (plus the static component data), so it can
never show what that seat may not know. Every key is read with a default, so a partial
observation (an older one, a hand-made one) still draws.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.wording import counted
from meeple.games.arnak.components import (
    ASSISTANTS,
    BOARDS,
    CAMPS,
    CARD_INDEX,
    CARDS,
    DISCOVER_COST,
    GUARDIANS,
    ICONS,
    RESOURCES,
    SITE_TILES,
    TEMPLE_STACKS,
    TRACKS,
    Card,
)
from meeple.games.arnak.words import (
    amount,
    boon_text,
    effect_text,
    guardian_cost_text,
    listing,
    tile_text,
)

GAME_OVER = -4
ROUNDS = 5
SOLO_NOTICE = (
    " solo game: the rival's tile-back arrows are placeholder data, not the printed tiles "
)
SPIDER_NOTICE = (
    " Spider Temple: the research track's spaces, bridges, costs and row effects, the "
    "altars' rows and the sites' travel costs are placeholder data, not the printed board "
)
OWL_NOTICE = (
    " Owl Temple: the research track's spaces, bridges, costs and row effects, the secret "
    "passages, the Owl tiles' places and prices and the sites' travel costs are "
    "placeholder data, not the printed board "
)
DARK_EFFECTS = {s.id: effect_text(s.dark) for s in BOARDS["spider"] if s.dark}
OWL_KINDS = {"vp1": "Owl 1", "vp5": "Owl 5", "vp10": "Owl 10", "idol": "idol"}
RESOURCE_STYLES = {
    "coin": "bold yellow",
    "compass": "bold cyan",
    "tablet": "bold blue",
    "arrowhead": "bold red",
    "jewel": "bold magenta",
}
KIND_STYLES = {"item": "green", "artifact": "magenta", "basic": "white", "fear": "red"}
GUARDIAN_INDEX = {g.id: g for g in GUARDIANS}
ASSISTANT_INDEX = {a.id: a for a in ASSISTANTS}
TEMPLE_VP = {s.id: s.vp for s in TEMPLE_STACKS}
TILE_TEXTS = {t.id: tile_text(t) for t in (*CAMPS, *SITE_TILES)}
DECK_TITLES = {
    "items": "items",
    "artifacts": "artifacts",
    "fear": "Fear cards",
    "guardians": "guardians",
    "level1": "level I tiles",
    "level2": "level II tiles",
}
YOU_STYLE = "bold cyan"
RIVAL = "R"


def render(observation: Mapping[str, Any]) -> RenderableType:
    """Everything `observation["you"]` may see, as one rich Group."""
    obs = observation
    parts: list[RenderableType] = [_header(obs)]
    if obs.get("solo"):
        parts.append(Text(SOLO_NOTICE, style="black on yellow"))
    if obs.get("spider"):
        parts.append(Text(SPIDER_NOTICE, style="black on yellow"))
    if obs.get("owl"):
        parts.append(Text(OWL_NOTICE, style="black on yellow"))
    parts.append(_sites(obs))
    parts.append(_research(obs))
    if obs.get("spider"):
        parts.append(_spider(obs))
    if obs.get("owl"):
        parts.append(_owl(obs))
    parts.append(_card_row(obs))
    parts.append(_supply(obs))
    parts.append(_seats(obs))
    if obs.get("rival"):
        parts.append(_rival(obs))
    # last, beside the prompt that follows: what the seat holds and what it decides
    return Group(*parts, *_at_hand(obs))


def render_brief(observation: Mapping[str, Any]) -> RenderableType:
    """The part of the view a decision that goes on with the seat's own turn needs:
    the header, what the seat holds, the scores and what is being decided. The board
    is as the whole view last showed it, but for the seat's own moves since."""
    return Group(_header(observation), *_at_hand(observation))


def _at_hand(obs: Mapping[str, Any]) -> list[RenderableType]:
    parts: list[RenderableType] = []
    if obs.get("you") is not None:
        parts.append(_yours(obs))
    parts.append(_scores(obs))
    pending = _pending(obs)
    if pending is not None:
        parts.append(pending)
    return parts


# --- words ------------------------------------------------------------------------------


def _seat(obs: Mapping[str, Any], seat: Any) -> str:
    if seat is None or (isinstance(seat, int) and seat < 0):
        return "-"
    return f"seat {seat} (you)" if seat == obs.get("you") else f"seat {seat}"


def _title(word: Any) -> str:
    return str(word).replace("_", " ")


def _card(card_id: Any) -> Card | None:
    index = CARD_INDEX.get(str(card_id))
    return CARDS[index] if index is not None else None


def _card_name(card_id: Any) -> Text:
    card = _card(card_id)
    if card is None:
        return Text(str(card_id))
    return Text(card.name, style=KIND_STYLES.get(card.kind, ""))


def _names(card_ids: Iterable[Any]) -> Text:
    """Card names joined by commas, coloured by kind."""
    text = Text()
    for i, card_id in enumerate(card_ids):
        if i:
            text.append(", ")
        text.append_text(_card_name(card_id))
    return text if text.plain else Text("none", style="dim")


def _counted_names(card_ids: Iterable[Any]) -> Text:
    """Card names joined by commas, a repeated card once with its count ("Fear ×3")."""
    counts = Counter(card_ids)
    text = Text()
    for i, (card_id, count) in enumerate(counts.items()):
        if i:
            text.append(", ")
        text.append_text(_card_name(card_id))
        if count > 1:
            text.append(f" ×{count}")
    return text if text.plain else Text("none", style="dim")


def _icons_text(travel: Mapping[str, Any] | None) -> str:
    """A travel mapping in words: '1 car and 1 boat'."""
    if not travel:
        return "free"
    return listing([amount(int(travel[i]), i) for i in ICONS if travel.get(i)]) or "free"


def _card_travel(card: Card) -> str:
    return listing([amount(n, i) for n, i in zip(card.travel, ICONS, strict=True) if n]) or "-"


def _cost(card: Card) -> str:
    if card.kind == "item":
        return amount(card.cost, "coin")
    if card.kind == "artifact":
        return amount(card.cost, "compass")
    return "-"


def _resources(amounts: Mapping[str, Any] | None) -> Text:
    """'coin 3 · compass 2 · ...' with every resource, coloured."""
    amounts = amounts or {}
    text = Text()
    for i, name in enumerate(RESOURCES):
        if i:
            text.append(" · ")
        text.append(f"{name} ", style=RESOURCE_STYLES[name])
        text.append(str(amounts.get(name, 0)))
    return text


def _guardian(guardian_id: Any, short: bool = False) -> str:
    guardian = GUARDIAN_INDEX.get(str(guardian_id))
    if guardian is None:
        return str(guardian_id)
    if short:
        return f"{guardian.id} (boon: {boon_text(guardian)})"
    return f"{guardian.id}: cost {guardian_cost_text(guardian)}; boon: {boon_text(guardian)}"


def _node_label(node_id: Any) -> str:
    """'bird.5' -> '5' (the board is in the header)."""
    return str(node_id).rsplit(".", 1)[-1] if node_id is not None else "-"


# --- header, prompt ----------------------------------------------------------------------


def _header(obs: Mapping[str, Any]) -> Text:
    board = str(obs.get("board", "bird"))
    players = obs.get("players", 0)
    text = Text.assemble(
        ("Lost Ruins of Arnak", "bold"),
        f"  {board.capitalize()} Temple side · {counted(players, 'player')}",
    )
    if obs.get("twisted_paths_sites"):
        text.append(" · Twisted Paths' site tiles")
    if obs.get("solo"):
        level = obs.get("difficulty")
        tiles = (obs.get("rival") or {}).get("tiles", [])
        purple = sum(1 for t in tiles if str(t).startswith("purple_"))
        red = sum(1 for t in tiles if str(t).startswith("red_"))
        colours = f": {red} red, {purple} purple" if purple else ""
        text.append(
            " vs the rival" + (f" (difficulty {level}{colours})" if level is not None else "")
        )
    text.append(" · ")
    you = obs.get("you")
    text.append(f"you are seat {you}" if you is not None else "watching", style=YOU_STYLE)
    round_ = obs.get("round", 1)
    moon = "".join("●" if r <= round_ else "○" for r in range(1, ROUNDS + 1))
    text.append(f"\nRound {round_} of {ROUNDS}  moon staff {moon}")
    if obs.get("solo"):
        text.append(" · the rival starts every round")
    else:
        text.append(f" · start player {_seat(obs, obs.get('start_player'))}")
    current = obs.get("current_player")
    if current == GAME_OVER:
        text.append("\nThe game is over.", style="bold green")
        return text
    text.append(f"\n{_seat(obs, current)} to act", style="bold")
    if obs.get("main_action_used"):
        text.append(" (main action used this turn)")
    pool = obs.get("travel_pool") or {}
    if any(pool.get(i) for i in ICONS):
        text.append(f" · travel gained this turn: {_icons_text(pool)}")
    return text


def _pending(obs: Mapping[str, Any]) -> Panel | None:
    pending = obs.get("pending")
    if not pending:
        return None
    body = Text(str(pending.get("prompt", "")), style="bold")
    frame = pending.get("frame")
    if frame:
        body.append(f"  ({_title(frame)})", style="dim")
    parts: list[RenderableType] = [body]
    travel = pending.get("travel")
    if travel:
        where = f" to {travel['site']}" if travel.get("site") else ""
        paid = _icons_text(travel.get("paid")) if travel.get("paid") else "nothing yet"
        parts.append(Text(f"travel{where}: costs {_icons_text(travel.get('cost'))}; paid {paid}"))
    if pending.get("from"):
        parts.append(Text(f"moving the piece at {pending['from']}"))
    drawn = pending.get("drawn")
    if drawn:
        table = _card_table("Cards drawn (only you see them)")
        for card_id in drawn:
            _card_line(table, card_id)
        parts.append(table)
    who = _seat(obs, pending.get("player"))
    return Panel(Group(*parts), title=f"Now: {who}", title_align="left", border_style="yellow")


# --- the sites ---------------------------------------------------------------------------


def _occupant(obs: Mapping[str, Any], space: Mapping[str, Any]) -> Text:
    if space.get("blocked"):
        return Text("blocked", style="dim strike")
    if space.get("rival"):
        return Text(RIVAL, style="bold red")
    seat = space.get("occupant", -1)
    if seat is None or seat < 0:
        return Text("free", style="dim")
    if seat == obs.get("you"):
        return Text("you", style=YOU_STYLE)
    return Text(f"seat {seat}", style="bold")  # not a bare digit, read as a cost


def _spaces(obs: Mapping[str, Any], site: Mapping[str, Any]) -> Text:
    """Each space of the site: its travel cost (camps) and who stands there."""
    text = Text()
    camp = site.get("kind") == "camp"
    for i, space in enumerate(site.get("spaces", [])):
        if i:
            text.append("\n" if camp else "  ")  # a camp's spaces, one a line: narrow
        if camp:
            text.append(f"{_icons_text(space.get('travel'))}: ")
        text.append_text(_occupant(obs, space))
    return text if text.plain else Text("-", style="dim")


def _site_effect(site: Mapping[str, Any]) -> Text:
    if not site.get("discovered"):
        return Text("undiscovered", style="dim")
    tile = site.get("tile")
    text = Text(f"{tile or ''} ", style="bold")
    # the observation's words first: a side's own camp reads as that side plays it
    text.append(str(site.get("text") or TILE_TEXTS.get(str(tile), "")))
    return text


def _site_extras(site: Mapping[str, Any], board: str) -> Text:
    text = Text()
    guardian = site.get("guardian")
    if guardian:
        text.append("guardian ", style="bold red")
        text.append(_guardian(guardian))
    idol = site.get("idol")
    hidden = int(site.get("hidden_idols", 0) or 0)
    if idol or hidden:
        if text.plain:
            text.append("\n")
        text.append("idol ", style="bold yellow")
        text.append(_title(idol) if idol else "face down")
        if hidden and idol:
            text.append(f" (+{hidden} face down)")
        elif hidden > 1:
            text.append(f" ×{hidden}")
    dark = DARK_EFFECTS.get(str(site.get("id"))) if board == "spider" else None
    if dark:
        if text.plain:
            text.append("\n")
        text.append("dark effect ", style="bold magenta")
        text.append(dark)
    return text


def _sites(obs: Mapping[str, Any]) -> Panel:
    table = Table(
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 1, 0, 0),
        expand=True,
        caption=(
            f"Discovering a site: its travel plus {DISCOVER_COST[1]} compasses "
            f"(level I) or {DISCOVER_COST[2]} (level II)."
        ),
        caption_justify="left",
    )
    table.add_column("site", no_wrap=True)
    table.add_column("dig travel", no_wrap=True)
    table.add_column("archaeologists", no_wrap=True)
    table.add_column("effect", ratio=3)
    table.add_column("guardian / idol", ratio=3)
    sites = sorted(obs.get("sites", []), key=lambda s: (-int(s.get("map_row", 0)), s.get("col", 0)))
    last_row = None
    for site in sites:
        kind = site.get("kind")
        if last_row is not None and site.get("map_row") != last_row:
            table.add_section()
        last_row = site.get("map_row")
        travel = "per space" if kind == "camp" else _icons_text(site.get("travel"))
        table.add_row(
            Text(str(site.get("id")), style="bold"),  # L2-1, L1-5, C1: the id names the level
            travel,
            _spaces(obs, site),
            _site_effect(site),
            _site_extras(site, str(obs.get("board"))),
        )
    return Panel(
        table,
        title="Sites (level II at the top, camps at the bottom"
        + ("; R: the rival)" if obs.get("rival") else ")"),
        title_align="left",
        border_style="green",
    )


# --- the research track -------------------------------------------------------------------


def _tokens(obs: Mapping[str, Any], node_id: str) -> Text:
    """The research tokens on one node: G<seat> glass, N<seat> notebook, RG the rival."""
    text = Text()
    for seat, research in enumerate(obs.get("research", [])):
        style = YOU_STYLE if seat == obs.get("you") else "bold"
        in_passage = _at((obs.get("owl") or {}).get("seats"), seat, {}).get("passage")
        if research.get("glass") == node_id and in_passage is None:
            text.append(f" G{seat}", style=style)
        if research.get("notebook") == node_id:
            text.append(f" N{seat}", style=style)
    owl = obs.get("owl") or {}
    for seat, own in enumerate(owl.get("seats", [])):
        if own.get("lantern") == node_id:
            style = YOU_STYLE if seat == obs.get("you") else "bold"
            text.append(f" L{seat}", style=style)
    for tile in owl.get("track_tiles", []):
        if tile.get("space") == node_id:
            text.append(f" {OWL_KINDS.get(tile.get('kind'), '?')}", style="magenta")
    rival = obs.get("rival") or {}
    if rival.get("glass") == node_id and rival.get("passage") is None:
        text.append(f" {RIVAL}G", style="bold red")
    if rival.get("notebook") == node_id:
        text.append(f" {RIVAL}N", style="bold red")
    if rival.get("lantern") == node_id:
        text.append(f" {RIVAL}L", style="bold red")
    return text


def _node_cell(obs: Mapping[str, Any], node_id: str, points: str = "") -> Text:
    bonus = (obs.get("research_track") or {}).get("bonus", {}).get(node_id) or []
    text = Text(f"[{_node_label(node_id)}]", style="bold")
    if points:
        text.append(f" {points}", style="green")
    if bonus:
        text.append(" bonus " + ", ".join(_title(b) for b in bonus), style="yellow")
    text.append_text(_tokens(obs, node_id))
    return text


def _bridges(track: Any, nodes: Sequence[Any]) -> Text:
    """The bridges leading up from this row's nodes, with their costs."""
    lines = []
    here = {n.num for n in nodes}
    for edge in track.edges:
        if edge.start not in here:
            continue
        parts = [amount(n, r) for n, r in zip(edge.cost, RESOURCES, strict=True) if n]
        if edge.idols:
            parts.append(amount(edge.idols, "idol"))
        start, end = track.nodes[edge.start].id, track.nodes[edge.end].id
        lines.append(f"{_node_label(start)}→{_node_label(end)}: {', '.join(parts)}")
    return Text("\n".join(lines), style="dim")


def _lost_temple(obs: Mapping[str, Any]) -> Text:
    info = obs.get("research_track") or {}
    text = Text("Lost Temple", style="bold")
    ranks = [
        (seat, r.get("temple_rank"))
        for seat, r in enumerate(obs.get("research", []))
        if r.get("temple_rank") is not None
    ]
    for seat, rank in ranks:
        style = YOU_STYLE if seat == obs.get("you") else "bold"
        text.append(f" G{seat} #{int(rank) + 1}", style=style)
    rival_rank = (obs.get("rival") or {}).get("temple_rank")
    if rival_rank is not None:
        text.append(f" {RIVAL}G #{int(rival_rank) + 1}", style="bold red")
    vp_left = info.get("lost_temple_vp_left")
    if vp_left is not None:
        text.append(f"  VP left: {', '.join(map(str, vp_left)) or 'none'}")
    text.append(f"  bonus tiles left: {info.get('lost_temple_bonus', 0)}")
    known = info.get("lost_temple_known")
    if known:
        text.append(f" (you saw: {', '.join(_title(k) for k in known)})")
    return text


def _research(obs: Mapping[str, Any]) -> Panel:
    board = str(obs.get("board", "bird"))
    track = TRACKS.get(board)
    if track is None:
        return Panel(Text(f"no research track for board {board!r}"), title="Research")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), expand=True)
    table.add_column("row", justify="right", no_wrap=True)
    table.add_column("spaces: bonus tiles, tokens", ratio=3)
    table.add_column("glass", ratio=2)
    table.add_column("notebook", ratio=2)
    table.add_column("bridges up (cost)", ratio=3)
    top = max(n.row for n in track.nodes)
    for row in range(top, -1, -1):
        nodes = [n for n in track.nodes if n.row == row]
        # a row whose spaces score alike says its points once; the Spider Temple's
        # spaces score by their zone, so each says its own (glass/notebook)
        alike = len({(n.glass_vp, n.notebook_vp) for n in nodes}) == 1
        cells = Text("  ").join(
            _node_cell(obs, n.id, "" if alike else f"{n.glass_vp}/{n.notebook_vp} VP")
            for n in nodes
        )
        if any(n.lost_temple for n in nodes):
            cells = _lost_temple(obs)
            cells.append("  ")
            cells.append_text(Text("  ").join(_node_cell(obs, n.id) for n in nodes))
        effects = track.rows[row] if 0 < row < len(track.rows) else None
        glass = notebook = ""
        if effects:
            glass, notebook = effect_text(effects.glass), effect_text(effects.notebook)
            if alike:
                glass = f"{nodes[0].glass_vp} VP: {glass}"
                notebook = f"{nodes[0].notebook_vp} VP: {notebook}"
            if effects.lantern:
                glass += f"\nlantern {effects.lantern_vp} VP: {effect_text(effects.lantern)}"
        table.add_row(str(row), cells, glass, notebook, _bridges(track, nodes))
    return Panel(
        table,
        title="Research track (G: magnifying glass, N: notebook, by seat"
        + ("; RG: the rival)" if obs.get("rival") else ")"),
        title_align="left",
        border_style="blue",
    )


def _price(cost: Mapping[str, Any] | None) -> str:
    """A price as the observation gives it: '1 coin and 2 tablets'."""
    return listing([amount(int(n), r) for r, n in (cost or {}).items() if n]) or "free"


def _owl(obs: Mapping[str, Any]) -> Panel:
    owl = obs.get("owl") or {}
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), expand=True)
    table.add_column("secret passage", no_wrap=True)
    table.add_column("from", no_wrap=True)
    table.add_column("glass then scores", no_wrap=True)
    table.add_column("holds", no_wrap=True)
    table.add_column("cost", ratio=1)
    table.add_column("taken by", no_wrap=True)
    for passage in owl.get("passages", []):
        taken = passage.get("taken_by")
        table.add_row(
            str(passage.get("passage")),
            _node_label(passage.get("from")),
            f"row {passage.get('row')}",
            OWL_KINDS.get(str(passage.get("content")), "?"),
            _price(passage.get("cost")),
            "—" if taken is None else "rival" if taken == "rival" else _seat(obs, taken),
        )
    top = Text("top of the temple: ", style="bold")
    top.append(
        " · ".join(
            f"{OWL_KINDS.get(str(t.get('kind')), '?')} ×{t.get('left')} "
            f"(from row {t.get('from_row')}; {_price(t.get('cost'))})"
            for t in owl.get("top", [])
        )
    )
    lying = Text("Owl tiles on the track: ", style="bold")
    lying.append(
        " · ".join(
            f"{OWL_KINDS.get(str(t.get('kind')), '?')} at {_node_label(t.get('space'))}"
            f"{' (marked)' if t.get('marked') else ''} ({_price(t.get('cost'))})"
            for t in owl.get("track_tiles", [])
        )
        or "none"
    )
    return Panel(
        Group(top, lying, table),
        title="Owl Temple (research: buy an Owl tile where a token of yours stands, or from "
        "the top once a token reaches its row; every two Owl tiles make an idol slot)",
        title_align="left",
        border_style="magenta",
    )


def _spider(obs: Mapping[str, Any]) -> Panel:
    spider = obs.get("spider") or {}
    supply = spider.get("dark_supply", [])
    lines = [
        Text.assemble(
            ("dark tablet supply ", "bold"),
            "  ".join(f"[{s.get('points')}: {s.get('tablets')}]" for s in supply),
            f"  → each tablet under an altar scores {spider.get('points_per_placed_tablet', 0)}"
            " at the end (the rightmost empty space, once unused dark tablets go back)",
        ),
        Text.assemble(
            ("dark tablets held ", "bold"),
            " · ".join(
                f"{_seat(obs, seat)} {count}"
                for seat, count in enumerate(spider.get("dark_tablets", []))
            ),
        ),
    ]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), expand=True)
    table.add_column("altar", no_wrap=True)
    table.add_column("points", justify="right")
    table.add_column("from row", justify="right")
    table.add_column("artifact", ratio=2)
    table.add_column("dark tablets under it", ratio=2)
    for altar in reversed(spider.get("altars", [])):
        tablets = [
            f"{_seat(obs, seat)} {count}" for seat, count in enumerate(altar.get("tablets", []))
        ]
        if altar.get("rival_tablets") is not None:
            tablets.append(f"rival {altar['rival_tablets']}")
        artifact = altar.get("artifact")
        table.add_row(
            str(altar.get("altar")),
            str(altar.get("points")),
            str(altar.get("min_row")),
            _card_name(artifact) if artifact else Text("empty", style="dim"),
            " · ".join(tablets),
        )
    return Panel(
        Group(*lines, table),
        title="Spider Temple: altars (a main action: a dark tablet under an altar whose row "
        "one of your research tokens has reached, at most 3 each)",
        title_align="left",
        border_style="magenta",
    )


# --- the card row, supply --------------------------------------------------------------------


def _card_table(title: str | None = None) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1, 0, 0), expand=True)
    if title:
        table.title = title
        table.title_justify = "left"
    table.add_column("card", no_wrap=True)
    table.add_column("cost", no_wrap=True)
    table.add_column("VP", justify="right")
    table.add_column("travel", no_wrap=True)
    table.add_column("text", ratio=1)
    return table


def _card_line(table: Table, card_id: Any, prefix: str = "") -> None:
    if card_id is None:  # a space of the row left empty once its deck ran out
        table.add_row(Text(prefix + "(empty: the deck ran out)", style="dim"), "", "", "", "")
        return
    card = _card(card_id)
    name = Text(prefix)
    name.append_text(_card_name(card_id))
    if card is None:
        table.add_row(name, "", "", "", "")
        return
    text = Text(card.text)
    if card.free:
        text = Text.assemble(("⚡", "bold yellow"), " ", text)
    table.add_row(name, _cost(card), str(card.vp), _card_travel(card), text)


def _card_row(obs: Mapping[str, Any]) -> Panel:
    row = obs.get("card_row") or {}
    table = _card_table()
    for card_id in row.get("artifacts", []):
        _card_line(table, card_id, "A ")
    table.add_row(
        Text(f"── moon staff (round {obs.get('round', 1)}) ──", style="bold yellow"), "", "", "", ""
    )
    for card_id in row.get("items", []):
        _card_line(table, card_id, "I ")
    for card_id in obs.get("revealed", []):
        _card_line(table, card_id, "revealed ")
    decks = obs.get("decks") or {}
    foot = Text(
        "left in the decks: "
        + " · ".join(f"{DECK_TITLES.get(k, _title(k))} {v}" for k, v in decks.items()),
        style="dim",
    )
    exile = obs.get("exile") or {}
    exiled = [*exile.get("items", []), *exile.get("artifacts", [])]
    parts: list[RenderableType] = [table, foot]
    if exiled:
        parts.append(Text.assemble(("exiled: ", "dim"), _names(exiled)))
    for seat, cards in enumerate(exile.get("players") or []):
        if cards:
            label = f"exiled from the cards of {_seat(obs, seat)}: "
            parts.append(Text.assemble((label, "dim"), _names(cards)))
    return Panel(
        Group(*parts),
        title="Card row (A: artifacts, left of the moon staff; I: items; ⚡ free action)",
        title_align="left",
        border_style="magenta",
    )


def _assistant(assistant_id: Any, gold: bool = False) -> str:
    assistant = ASSISTANT_INDEX.get(str(assistant_id))
    if assistant is None:
        return str(assistant_id)
    effect = effect_text(assistant.gold if gold else assistant.silver)
    main = " (main action)" if assistant.main else ""
    return f"{assistant.id} {assistant.nickname.capitalize()}: {effect}{main}"


def _supply(obs: Mapping[str, Any]) -> Panel:
    assistants = obs.get("assistants") or {}
    lines: list[Text] = []
    for i, stack in enumerate(assistants.get("supply", [])):
        top = stack.get("top")
        what = _assistant(top) if top else "empty"
        lines.append(Text(f"assistant stack {i + 1} ({stack.get('count', 0)}): {what}"))
    rescue = assistants.get("rescue")
    if rescue:
        top = rescue.get("top")
        what = _assistant(top) if top else "empty"
        lines.append(Text(f"assistants to rescue ({rescue.get('count', 0)}): {what}"))
        if rescue.get("known"):
            lines.append(Text("  you saw in that stack: " + ", ".join(rescue["known"])))
    stacks = (obs.get("temple_tiles") or {}).get("stacks", {})
    if stacks:
        lines.append(
            Text(
                "temple tiles: "
                + " · ".join(
                    f"{_title(k)} ({TEMPLE_VP.get(k, '?')} VP) ×{v}" for k, v in stacks.items()
                )
            )
        )
    return Panel(Group(*lines), title="Supply", title_align="left")


# --- your hand, the seats ------------------------------------------------------------------


def _yours(obs: Mapping[str, Any]) -> Panel:
    you = obs.get("you")
    resources = obs.get("resources", [])
    mine = resources[you] if isinstance(you, int) and 0 <= you < len(resources) else {}
    table = _card_table()
    for card_id in obs.get("hand", []):
        _card_line(table, card_id)
    parts: list[RenderableType] = [
        Text.assemble(("Resources: ", "bold"), _resources(mine)),
        Text(f"Hand ({len(obs.get('hand', []))})", style="bold"),
        table,
    ]
    deck = obs.get("deck_known") or {}
    if deck.get("top"):
        parts.append(Text.assemble(("Top of your deck: ", "bold"), _names(deck["top"])))
    placed = [c for c in deck.get("public", []) if c is not None]
    if placed:
        parts.append(Text.assemble(("Known cards in your deck: ", "bold"), _names(placed)))
    return Panel(Group(*parts), title="You", title_align="left", border_style="cyan")


def _at(values: Any, seat: int, default: Any = None) -> Any:
    if isinstance(values, Sequence) and 0 <= seat < len(values):
        return values[seat]
    return default


def _idols(idols: Mapping[str, Any] | None) -> str:
    if not idols:
        return "-"
    slots = "".join("■" if filled else "□" for filled in idols.get("slots", []))
    return f"{idols.get('crates', 0)} in crates, slots {slots}"


def _assistants_of(obs: Mapping[str, Any], seat: int) -> Text:
    players = (obs.get("assistants") or {}).get("players", [])
    text = Text()
    for i, a in enumerate(_at(players, seat, [])):
        if i:
            text.append("\n")
        gold = bool(a.get("gold"))
        text.append("gold " if gold else "silver ", style="bold yellow" if gold else "bold white")
        text.append(_assistant(a.get("id"), gold))
        if a.get("exhausted"):
            text.append(" (exhausted)", style="dim")
    return text if text.plain else Text("none", style="dim")


def _guardians_of(obs: Mapping[str, Any], seat: int) -> Text:
    text = Text()
    for i, g in enumerate(_at(obs.get("guardians"), seat, [])):
        if i:
            text.append("\n")
        text.append(_guardian(g.get("id"), short=True))
        if g.get("boon_used"):
            text.append(" boon used", style="dim")
    return text if text.plain else Text("none", style="dim")


def _seat_grid(obs: Mapping[str, Any], seat: int) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    research = _at(obs.get("research"), seat, {}) or {}
    grid.add_row("resources", _resources(_at(obs.get("resources"), seat, {})))
    grid.add_row(
        "cards",
        f"hand {_at(obs.get('hand_sizes'), seat, 0)} · deck {_at(obs.get('deck_sizes'), seat, 0)}",
    )
    on_show = _at(obs.get("play_area"), seat, [])
    play = _names(on_show)
    fear = int(_at(obs.get("fear_tiles"), seat, 0) or 0)
    if fear:
        play.append(f" + {fear} fear tile{'s' if fear > 1 else ''}", style="red")
    grid.add_row("play area", play)
    owned = _at(obs.get("cards_owned"), seat)
    if owned is not None:
        # what it owns off the table: the hand and deck together, known to all
        grid.add_row("hand + deck", _counted_names(Counter(owned) - Counter(on_show)))
    glass, notebook = research.get("glass"), research.get("notebook")
    grid.add_row(
        "research",
        f"glass {_node_label(glass)} (row {research.get('glass_row', 0)}) · "
        f"notebook {_node_label(notebook)} (row {research.get('notebook_row', 0)})"
        + (
            f" · Lost Temple #{int(research['temple_rank']) + 1}"
            if research.get("temple_rank") is not None
            else ""
        ),
    )
    grid.add_row("idols", _idols(_at(obs.get("idols"), seat)))
    grid.add_row("assistants", _assistants_of(obs, seat))
    grid.add_row("guardians", _guardians_of(obs, seat))
    tiles = _at((obs.get("temple_tiles") or {}).get("players"), seat, [])
    grid.add_row("temple tiles", ", ".join(_title(t) for t in tiles) or "none")
    spider = obs.get("spider")
    if spider:
        grid.add_row("dark tablets", str(_at(spider.get("dark_tablets"), seat, 0)))
    own = _at((obs.get("owl") or {}).get("seats"), seat)
    if own:
        where = []
        if own.get("passage") is not None:
            where.append(f"glass in secret passage {own['passage']} (row {own.get('glass_row')})")
        if own.get("lantern") is not None:
            where.append(f"lantern {_node_label(own['lantern'])} (row {own.get('lantern_row')})")
        tiles = own.get("owl_tiles") or []
        where.append(
            f"Owl tiles {', '.join(map(str, tiles)) or 'none'} · idol slots from them "
            f"{own.get('owl_slotted', 0)}/{own.get('owl_slots', 0)}"
        )
        grid.add_row("Owl Temple", " · ".join(where))
    return grid


def _seats(obs: Mapping[str, Any]) -> Columns:
    panels = []
    current = obs.get("current_player")
    for seat in range(int(obs.get("players", 0))):
        title = Text(("▶ " if seat == current else "") + _seat(obs, seat))
        title.append(f" · {_at(obs.get('scores_so_far'), seat, 0)} VP so far")
        if _at(obs.get("passed"), seat, False):
            title.append(" · passed", style="dim")
        style = "cyan" if seat == obs.get("you") else "white"
        panels.append(
            Panel(_seat_grid(obs, seat), title=title, title_align="left", border_style=style)
        )
    return Columns(panels, expand=True)


def _rival(obs: Mapping[str, Any]) -> Panel:
    rival = obs.get("rival") or {}
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("archaeologists home", str(rival.get("archaeologists_home", 0)))
    research = f"glass {_node_label(rival.get('glass'))} (row {rival.get('glass_row', 0)})"
    if "notebook" in rival:
        research += (
            f" · notebook {_node_label(rival.get('notebook'))} (row {rival.get('notebook_row', 0)})"
        )
    grid.add_row("research", research)
    grid.add_row("guardians", ", ".join(map(str, rival.get("guardians", []))) or "none")
    grid.add_row("cards", _names(rival.get("cards", [])))
    idols = ", ".join(_title(i) for i in rival.get("idols_face_up", [])) or "none"
    grid.add_row("idols", f"face up: {idols} · -1 pile: {rival.get('idols_minus_one', 0)}")
    grid.add_row(
        "temple tiles", ", ".join(_title(t) for t in rival.get("temple_tiles", [])) or "none"
    )
    used = ", ".join(_title(t) for t in rival.get("used", [])) or "none"
    arrow = rival.get("next_arrow", "?")
    grid.add_row(
        "action tiles", f"{rival.get('stack_left', 0)} left · used: {used} · next arrow: {arrow}"
    )
    paired = [_title(t) for t in rival.get("tiles", []) if not str(t).startswith("dig_")]
    if paired:
        grid.add_row("its tiles", "the five dig tiles, " + ", ".join(paired))
    turns = rival.get("turns") or []
    last = rival.get("last_round_turns") or []
    if last and len(turns) <= 1:  # a new round: how the last one ended, after your pass
        grid.add_row("last round", "\n".join(last))
    if turns:
        grid.add_row("this round", "\n".join(turns))
    if "objectives" in rival:
        grid.add_row("objectives", _objectives(rival))
    grid.add_row("score", str(rival.get("score", 0)))
    return Panel(grid, title="The rival (R)", title_align="left", border_style="red")


def _objectives(rival: Mapping[str, Any]) -> Text:
    """Rival Objectives this round: what the rival wants to do before you, and who did
    each first."""
    goals = rival.get("objectives") or []
    text = Text()
    if not goals:
        text.append("turned up after the rival's first turn of the round", style="dim")
    for i, goal in enumerate(goals):
        if i:
            text.append("\n")
        done_by = goal.get("done_by")
        points = goal.get("points", 2)
        text.append(f"{goal.get('text', goal.get('id'))} ({points} points): ")
        if done_by is None:
            text.append("open", style="bold")
        elif done_by == "you":
            text.append("you did it first (no points)", style="green")
        else:
            text.append(f"the rival did it first (+{points})", style="red")
    total = rival.get("objective_points", 0)
    text.append(f"\nthe rival's objective points, all rounds: {total}", style="dim")
    return text


def _scores(obs: Mapping[str, Any]) -> RenderableType:
    scores = obs.get("scores_so_far", [])
    parts = [f"{_seat(obs, seat)} {score}" for seat, score in enumerate(scores)]
    rival = obs.get("rival")
    if rival:
        parts.append(f"rival {rival.get('score', 0)}")
    head = "Final scores: " if obs.get("current_player") == GAME_OVER else "Scores so far: "
    line = Text.assemble((head, "bold"), " · ".join(parts) or "-")
    final = obs.get("final_scores")
    if not final:
        return line
    return Group(line, _score_table(obs, final))


def _score_table(obs: Mapping[str, Any], final: Sequence[Mapping[str, Any]]) -> Table:
    """The final score of each seat by source."""
    sources = list(dict.fromkeys(k for parts in final for k in parts))
    rows: list[tuple[str | Text, Mapping[str, Any]]] = [
        (_seat(obs, seat), parts) for seat, parts in enumerate(final)
    ]
    rival = (obs.get("rival") or {}).get("score_parts")
    if rival:
        rows.append((Text(f"the rival ({RIVAL})", style="bold red"), rival))
        sources += [k for k in rival if k not in sources]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=0)
    table.add_column("seat", no_wrap=True)
    for source in sources:
        # one word a line: a narrow screen then needs no cut inside a word
        table.add_column(_title(source).replace(" ", "\n"), justify="right")
    table.add_column("total", justify="right", style="bold")
    for who, parts in rows:
        values = [int(parts.get(source, 0)) for source in sources]
        table.add_row(who, *map(str, values), str(sum(values)))
    return table
