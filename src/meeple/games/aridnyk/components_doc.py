"""docs/games/aridnyk-components.md, written from the component data by
tools/aridnyk_components_doc.py: every tile, Plot, Trinket and character."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.games.aridnyk.components import (
    CHARACTERS,
    PLOT_REWARD,
    PLOTS,
    SEASON_IDS,
    SIDES,
    STARTER_PLOTS,
    TILE_BLACK,
    TILE_SEASON,
    TILE_SPIRIT,
    TILE_TERRAIN,
    TILE_WHITE,
    TILES,
    TRINKET_REACTION,
    TRINKETS,
    PatternTask,
    effect_units,
    reward_value,
    task_tiers,
)
from meeple.games.aridnyk.text import (
    ABBREVIATIONS,
    SEASON_TITLES,
    SPIRIT_TITLES,
    TERRAIN_TITLES,
    effects_text,
    task_text,
    trinket_effect,
)

_FIGURE_ABBREVIATIONS = {
    "shepherd": "Sh",
    "aridnyk": "Ar",
    "aley": "Al",
    "boh": "Bo",
    "drizd": "Dr",
    "vovk": "Vo",
}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(cells: Sequence[object]) -> str:
    return "| " + " | ".join(_cell(str(c)) for c in cells) + " |"


def pattern_picture(task: PatternTask) -> list[str]:
    """The pattern as rows of abbreviations, north at the top ('.' for no cell)."""
    cells = {(c.x, c.y): c for c in task.cells}
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(max(y for _, y in cells), min(y for _, y in cells) - 1, -1)
    rows = []
    for y in ys:
        line = []
        for x in xs:
            c = cells.get((x, y))
            text = "." if c is None else ABBREVIATIONS[c.terrain]
            if c is not None and c.figure is not None:
                text += "+" + _FIGURE_ABBREVIATIONS[c.figure]
            line.append(f"{text:<6}")
        rows.append("".join(line).rstrip())
    return rows


def _units(units: float) -> str:
    return f"{units:g}"


def components_markdown() -> str:
    """docs/games/aridnyk-components.md: every tile, Plot, Trinket and character."""
    out = [
        "# Aridnyk components",
        "",
        "> **Designed placeholder set.** The rulebook does not print the content of the 45",
        "> tiles, 54 Plots and 42 Trinkets, so meeple ships its own designed set (marked",
        "> `provenance: placeholder` in the data), built to respect every number the rulebook",
        "> states; see `../shared/rulings/aridnyk.md`. A real card list can replace the files in",
        "> `src/meeple/games/aridnyk/data/` without code changes. The characters are the",
        "> rulebook's own.",
        "",
        "Generated from those files by `.venv/bin/python tools/aridnyk_components_doc.py`;",
        "do not edit by hand.",
        "",
        "Effects are optional unless said otherwise; a Shepherd or Spirit move of N means up",
        "to N steps to adjacent tiles. Effect budgets are counted in sheep units: 1 Sheep = 1,",
        "a card, Plot or Trinket = 2, a Shepherd move step = 1, a Spirit move step = 0.5.",
        "",
        "## Tiles",
        "",
        "Water edges are the printed sides (N, E, S, W) before any rotation. Starter tiles lie",
        "at their start place (x east, y north; rotation in quarter turns clockwise).",
        "",
    ]
    out.append(
        _row(["Season", "Tiles", "Woods/Peaks/Polonyna/River/Lake", "Black", "White", "Shepherd"])
    )
    out.append(_row(["---"] * 6))
    for s, ids in enumerate(SEASON_IDS):
        black = sum(effect_units(TILE_BLACK[i]) for i in ids)
        white = sum(effect_units(TILE_WHITE[i]) for i in ids)
        mix = "/".join(str(sum(1 for i in ids if TILE_TERRAIN[i] == k)) for k in range(5))
        moves = sum(1 for i in ids if TILE_BLACK[i][4] or TILE_WHITE[i][4])
        out.append(_row([SEASON_TITLES[s], len(ids), mix, _units(black), _units(white), moves]))
    out += [
        "",
        "Black and White give each season's effect totals in sheep units; Shepherd counts",
        "the tiles with a Shepherd move.",
        "",
        _row(["#", "Name", "Season", "Terrain", "Water", "Spirit", "Black", "White", "Start"]),
        _row(["---"] * 9),
    ]
    for t in TILES:
        start = ""
        if t.start is not None:
            start = f"({t.start.x}, {t.start.y})"
            if t.start.rotation:
                start += f" rot {t.start.rotation}"
            if t.ornamented:
                start += ", ornamented"
        out.append(
            _row(
                [
                    t.id,
                    t.name,
                    SEASON_TITLES[TILE_SEASON[t.id]],
                    TERRAIN_TITLES[TILE_TERRAIN[t.id]],
                    " ".join(s.upper() for s in SIDES if s in t.water) or "-",
                    SPIRIT_TITLES[TILE_SPIRIT[t.id]] if t.spirit else "-",
                    effects_text(TILE_BLACK[t.id]),
                    effects_text(TILE_WHITE[t.id]),
                    start or "-",
                ]
            )
        )
    starter_value = sum(
        reward_value(PLOTS[i].reward) + sum(t.sheep for t in task_tiers(PLOTS[i].task)[:1])
        for i in STARTER_PLOTS
    )
    out += [
        "",
        "## Plots",
        "",
        'Patterns match under any rotation, never mirrored. Tiered Plots ("extra Sheep by',
        '...") pay the reward plus the Sheep of the highest tier reached. Starter Plots',
        f"(1 to 8) together pay {starter_value} Sheep-equivalents at their first tier.",
        "",
        _row(["#", "Name", "Starter", "Task", "Reward"]),
        _row(["---"] * 5),
    ]
    for i, p in enumerate(PLOTS):
        out.append(
            _row(
                [
                    p.number,
                    p.name,
                    "yes" if p.starter else "",
                    task_text(p.task),
                    effects_text(PLOT_REWARD[i]),
                ]
            )
        )
    out += [
        "",
        "### Pattern pictures",
        "",
        "North at the top. Wd Woods, Pk Peaks, Pl Polonyna, Rv River, Lk Lake; +Sh your",
        "Shepherd, +Ar Aridnyk, +Al Aley, +Bo Boh, +Dr Drizd, +Vo Vovk stands there.",
        "",
        "```",
    ]
    first = True
    for p in PLOTS:
        if isinstance(p.task, PatternTask):
            if not first:
                out.append("")
            first = False
            out.append(f"{p.number}. {p.name}")
            out += ["    " + line for line in pattern_picture(p.task)]
    out += [
        "```",
        "",
        "## Trinkets",
        "",
        "Turn Trinkets: one per turn, on your own turn. Reactions are played on another",
        "player's turn, as soon as what they cancel is declared.",
        "",
        _row(["#", "Name", "Use", "Effect"]),
        _row(["---"] * 4),
    ]
    for i, tr in enumerate(TRINKETS):
        use = "reaction" if TRINKET_REACTION[i] else "turn"
        effect = trinket_effect(i).removeprefix("reaction: ")
        out.append(_row([tr.number, tr.name, use, effect]))
    out += [
        "",
        "## Characters (Unsimple)",
        "",
        _row(["Character", "Ability"]),
        _row(["---"] * 2),
    ]
    out += [_row([c.title, c.ability]) for c in CHARACTERS]
    return "\n".join(out) + "\n"
