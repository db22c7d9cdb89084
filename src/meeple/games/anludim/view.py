"""Anludim as one seat sees it: a rich renderable built from `observation(p)` alone.

The view reads nothing but the observation (plus the static component names), so it
can never show what that seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.games.anludim.components import COLOURS, STAND_INS, TEACHERS

# by the colour's place in data/cards.json, not by its name: a placeholder name may be
# replaced by the printed one, and the colour keeps its style
_STYLES = ("bold bright_blue", "bold red", "bold green", "bold yellow", "bold magenta")
COLOUR_STYLES = dict(zip(COLOURS, _STYLES, strict=True))
TEACHER_TITLES = {t.name: t.title for t in TEACHERS}
ITEM_TITLES = {t.item: t.item_title for t in TEACHERS}
TEACHER_OF = {t.discipline: t.name for t in TEACHERS}
PHASES = {
    "main": "main action",
    "placing": "placing a combination",
    "after_main": "optional action or end of turn",
    "keeping": "keeping cards for the next round",
    "over": "game over",
}
REASONS = {
    "five_kinds": "5 different items",
    "three_stacks_empty": "3 stacks empty",
    "no_progress": "stalled",
}
PLACEHOLDER_LABEL = f" placeholder data, not the printed cards: {STAND_INS} "


def render(observation: Mapping[str, Any]) -> RenderableType:
    """Everything `observation["you"]` may see, as one rich Group."""
    obs = observation
    parts: list[RenderableType] = [_header(obs)]
    if obs.get("placeholder_data"):
        parts.append(Text(PLACEHOLDER_LABEL, style="black on yellow"))
    if obs.get("round_results"):
        parts.append(_results(obs))
    parts.append(_teachers(obs))
    parts.append(_supply(obs))
    parts.append(_seats(obs))
    parts.append(_combinations(obs))
    parts.extend(_at_hand(obs))
    if obs.get("winner") is not None:
        parts.append(Text(f"{_seat(obs, obs['winner'])} wins the game!", style="bold green"))
    return Group(*parts)


def render_brief(observation: Mapping[str, Any]) -> RenderableType:
    """The part of the view a decision that goes on with the seat's own turn needs:
    the header, what is being placed or kept and the seat's hand."""
    if observation.get("winner") is not None:
        return render(observation)
    return Group(_header(observation), *_at_hand(observation))


def _at_hand(obs: Mapping[str, Any]) -> list[RenderableType]:
    parts: list[RenderableType] = []
    if obs.get("keeping"):
        parts.append(_keeping(obs))
    if obs.get("placing"):
        parts.append(_selection(obs))
    if obs.get("you") is not None:  # a spectator has no hand
        parts.append(_hand(obs))
    return parts


# --- pieces ---------------------------------------------------------------------------


def _seat(obs: Mapping[str, Any], seat: Any) -> str:
    if seat is None:
        return "-"
    return f"seat {seat} (you)" if seat == obs.get("you") else f"seat {seat}"


def _title(name: str) -> str:
    return name.replace("_", " ")


def half(value: Any, colour: str, style: str | None = None) -> Text:
    """One card half, written in its colour."""
    return Text(f"{colour} {value}", style=style or COLOUR_STYLES.get(colour, "bold"))


def card(c: Mapping[str, Any]) -> Text:
    """A card in hand: both halves, each in its colour."""
    (v0, c0), (v1, c1) = c["halves"]
    return Text.assemble("[", half(v0, c0), "|", half(v1, c1), "]")


def placed(c: Mapping[str, Any]) -> Text:
    """A card in a combination: the active half bright, the other one dim."""
    other = c["halves"][1 - c["half"]]
    return Text.assemble(
        half(c["value"], c["colour"]), Text(f" ({other[1]} {other[0]})", style="dim")
    )


def _cards(cards: Sequence[Mapping[str, Any]], show: Any = card, sep: str = "  ") -> Text:
    if not cards:
        return Text("(none)", style="dim")
    return Text(sep).join(show(c) for c in cards)


def _header(obs: Mapping[str, Any]) -> Text:
    variant = "expert variant" if obs.get("variant") == "expert" else "base game"
    text = Text.assemble(
        ("Anludim", "bold"),
        f"  round {obs.get('round')} · turn {obs.get('turn')} · {variant} · ",
        (
            "spectator's view" if obs.get("you") is None else f"you are seat {obs.get('you')}",
            "bold cyan",
        ),
    )
    phase = obs.get("phase")
    if phase != "over":
        who = obs.get("current_player")
        doing = PHASES.get(str(phase), str(phase))
        if phase == "placing" and obs.get("placing"):
            doing = f"placing a {_title(obs['placing'])}"
        text.append(f"\n{_seat(obs, who)} to play: {doing}", style="bold")
        # the keep goes seat by seat after the round: no one's turn is running then
        if obs.get("turn_player") != who and phase != "keeping":
            text.append(f" (turn of {_seat(obs, obs.get('turn_player'))})")
    return text


def _teachers(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Teachers", box=box.SIMPLE_HEAD, title_justify="left", expand=False)
    table.add_column("teacher")
    table.add_column("discipline")
    table.add_column("where")
    table.add_column("items left (top first)")
    stacks = obs.get("stacks", {})
    for t in TEACHERS:
        where = obs.get("teachers", {}).get(t.name, "board")
        place = Text("board", style="dim") if where == "board" else Text(_seat(obs, where))
        left = stacks.get(t.item, [])
        items = f"{t.item_title}: {' '.join(map(str, left))}" if left else f"{t.item_title}: empty"
        table.add_row(t.title, _title(t.discipline), place, items)
    return table


def _supply(obs: Mapping[str, Any]) -> Text:
    text = Text("Face up: ", style="bold")
    for slot in obs.get("face_up", []):
        text.append_text(card(slot) if slot else Text("[empty]", style="dim"))
        text.append("  ")
    text.append(f"\nDeck: {obs.get('deck_size')}   Discard: {obs.get('discard_size')}")
    return text


def _items(items: Sequence[Mapping[str, Any]]) -> str:
    """Items grouped by kind: "Vial 1+2, Star 3"."""
    by_kind: dict[str, list[str]] = {}
    for item in items:
        by_kind.setdefault(item["kind"], []).append(str(item["value"]))
    return ", ".join(f"{ITEM_TITLES.get(k, k)} {'+'.join(v)}" for k, v in by_kind.items()) or "-"


def _seats(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Players", box=box.SIMPLE_HEAD, title_justify="left")
    for name in ("seat", "coat", "won", "hand", "items", "scrolls", "total"):
        table.add_column(
            name,
            justify="right" if name in ("won", "hand", "scrolls", "total") else "left",
            min_width=10 if name == "items" else None,
            no_wrap=name in ("won", "hand", "scrolls", "total"),
        )
    for seat in range(int(obs.get("players", 0))):
        coat = obs["coats"][seat]
        marker = "▶ " if seat == obs.get("current_player") else "  "  # who decides now
        table.add_row(
            marker + _seat(obs, seat),
            Text(coat, style="bold yellow" if coat == "gold" else "white"),
            str(obs["rounds_won"][seat]),
            str(obs["hand_sizes"][seat]),
            _items(obs["items"][seat]),
            str(obs["scrolls"][seat]),
            str(obs["totals"][seat]),
        )
    return table


def _combinations(obs: Mapping[str, Any]) -> Panel:
    lines: list[Text] = []
    known = obs.get("known_cards", [])
    for seat, row in enumerate(obs.get("table", [])):
        head = Text(_seat(obs, seat), style="bold")
        if not row:
            head.append(": no combinations", style="dim")
        lines.append(head)
        for combo in row:
            line = Text(f"  {_title(combo['discipline'])}: ")
            line.append_text(_cards(combo["cards"], placed, ", "))
            if combo.get("teacher"):
                title = TEACHER_TITLES.get(combo["teacher"], combo["teacher"])
                line.append(f"  ← {title}", style="bold cyan")
            lines.append(line)
        if seat != obs.get("you") and seat < len(known) and known[seat]:
            lines.append(Text("  known in hand: ", style="dim").append_text(_cards(known[seat])))
    return Panel(Group(*lines), title="Combinations (active half first)", title_align="left")


def _selection(obs: Mapping[str, Any]) -> Panel:
    discipline = str(obs["placing"])
    teacher = TEACHER_TITLES.get(TEACHER_OF.get(discipline, ""), "?")
    body = _cards(obs.get("selection", []), placed, ", ")
    who = _seat(obs, obs.get("current_player"))
    title = f"{who} places a {_title(discipline)} for the {teacher}"
    return Panel(body, title=title, title_align="left", border_style="cyan")


def _keeping(obs: Mapping[str, Any]) -> Panel:
    keeping = obs["keeping"]
    body = Text(f"{_seat(obs, keeping['seat'])} keeps up to {keeping['limit']} cards")
    if "kept" in keeping:
        body.append("\nkept so far: ").append_text(_cards(keeping["kept"]))
    return Panel(body, title="End of round", title_align="left", border_style="yellow")


class _Flow:
    """Items laid out in lines as wide as the space given, broken between items only,
    so that no card is cut across two lines."""

    def __init__(self, items: Sequence[Text], sep: str = "  ") -> None:
        self.items, self.sep = items, sep

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.items:
            yield Text("(none)", style="dim")
            return
        line = Text()
        for item in self.items:
            if line.cell_len and line.cell_len + len(self.sep) + item.cell_len > options.max_width:
                yield line
                line = Text()
            if line.cell_len:
                line.append(self.sep)
            line.append_text(item)
        yield line


def _hand(obs: Mapping[str, Any]) -> Panel:
    hand = obs.get("hand", [])
    return Panel(
        _Flow([card(c) for c in hand]),
        title=f"Your hand ({len(hand)} card{'' if len(hand) == 1 else 's'})",
        title_align="left",
        border_style="green",
    )


def _results(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Rounds (seats)", box=box.SIMPLE_HEAD, title_justify="left")
    for name in ("round", "winner", "why", "ended by", "totals", "2nd", "3rd"):
        table.add_column(name)
    you = obs.get("you")

    def seat(s: Any) -> Text:
        return Text("-" if s is None else str(s), style="bold cyan" if s == you else "")

    for r in obs["round_results"]:
        table.add_row(
            str(r["round"]),
            seat(r["winner"]),
            REASONS.get(r["reason"], r["reason"]),
            seat(r["trigger"]),
            " ".join(map(str, r["totals"])),
            seat(r.get("second")),
            seat(r.get("third")),
        )
    return table
