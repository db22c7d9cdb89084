"""The `meeple` command: list games, play, simulate, replay and benchmark them."""

from __future__ import annotations

import json
import secrets
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from meeple.cli.common import USAGE_ERROR, err, fail, guarded, out, parse_options, show_value
from meeple.cli.play import HUMAN, Session, results_table, seat_agents
from meeple.core.game import Game, check_seed
from meeple.core.record import load_record
from meeple.core.record import replay as replay_record
from meeple.core.registry import list_games, load_game
from meeple.errors import MeepleError, OptionError
from meeple.sim.bench import BenchResult, BenchRun
from meeple.sim.bench import bench as run_bench
from meeple.sim.runner import GameResult, Spread, Summary, run_many, seat_names, summarize

app = typer.Typer(
    name="meeple",
    help="meeple: play, simulate, replay and benchmark tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

GameArg = Annotated[str, typer.Argument(help="The game, e.g. anludim (see `meeple games`).")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of seats (the game's default).")
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="A game option, e.g. variant=expert; repeat for more. Values are JSON when "
        "they parse (true, 3), else text.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object and nothing else.")]


def _load(game: str, players: int | None, option: list[str] | None) -> Game:
    return load_game(game, players=players, **parse_options(option))


# --- games ----------------------------------------------------------------------------


@app.command()
def games() -> None:
    """The games meeple can play, their player counts and options."""
    with guarded():
        console = out()
        for name in list_games():
            info = load_game(name).info
            console.print(
                f"[bold]{name}[/] ({info.title}): {info.min_players}-{info.max_players} "
                f"players, {info.players} by default"
            )
            for note in info.notes:
                console.print(f"  note: {note}", style="dim", markup=False)
            table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
            table.add_column("option", no_wrap=True, style="bold")
            table.add_column("default · allowed values · what it does")
            for opt, spec in info.options.items():
                allowed = ", ".join(show_value(c) for c in spec.choices)
                details = Text.assemble(
                    ("default ", "dim"),
                    show_value(spec.default),
                    ("  allowed ", "dim"),
                    allowed,
                    "\n",
                    spec.help,
                )
                table.add_row(opt, details)
            if info.options:
                console.print(table)
            else:
                console.print("  no options")


# --- play -----------------------------------------------------------------------------


@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seat: Annotated[int, typer.Option("--seat", "-s", help="Your seat, from 0.")] = 0,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Agents for the other seats: one name for all, or a comma list in seat "
            f"order; '{HUMAN}' or an empty list for people (hotseat).",
        ),
    ] = "random",
    seed: Annotated[int | None, typer.Option(help="Seed of the deal (default: random).")] = None,
    option: OptionOpt = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game record here when the game stops.")
    ] = None,
) -> None:
    """Play a game at the terminal against bots, or with friends on one screen."""
    with guarded():
        configured = _load(game, players, option)
        given_seed = seed
        seed = check_seed(seed if seed is not None else secrets.randbelow(2**31))
        seats = seat_agents(bots, configured.info.players, seat, seed)
        state = configured.new_initial_state(seed=seed)
        console = out()
        who = ", ".join(f"seat {s}: {HUMAN if a is None else a.name}" for s, a in enumerate(seats))
        console.print(f"[bold]{configured.info.title}[/], seed {seed} ({who})")
        if given_seed is None:
            console.print(f"play this deal again with --seed {seed}", style="dim")
        Session(state, seats, console, save).run()


# --- simulate -------------------------------------------------------------------------


def _spread(s: Spread | None) -> str:
    return "-" if s is None else f"{s.mean:.1f} (min {s.min:g}, max {s.max:g})"


def _summary_table(summary: Summary, names: list[str]) -> Table:
    table = Table(title=f"{summary.games} games", title_justify="left")
    for col in ("seat", "agent", "wins", "win rate", "score mean", "min", "max"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    for s in range(summary.players):
        sc = summary.scores[s]
        table.add_row(
            str(s),
            names[s],
            str(summary.wins[s]),
            f"{summary.win_rate[s]:.1%}",
            "-" if sc is None else f"{sc.mean:.2f}",
            "-" if sc is None else f"{sc.min:g}",
            "-" if sc is None else f"{sc.max:g}",
        )
    table.caption = (
        f"decisions per game: {_spread(summary.decisions)}\n"
        f"turns per game: {_spread(summary.turns)}\n"
        f"rounds per game: {_spread(summary.rounds)}"
    )
    table.caption_justify = "left"
    return table


@app.command()
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 1000,
    players: PlayersOpt = None,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="One agent for all seats, or one per seat.")
    ] = "random",
    seed: Annotated[int, typer.Option(help="Game i uses seed SEED + i.")] = 1,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Let agents play many games; report win rates, lengths and scores."""
    with guarded():
        configured = _load(game, players, option)
        check_seed(seed)
        if games < 1:
            raise OptionError(f"--games must be at least 1, not {games}")
        n = configured.info.players
        names = seat_names(bots, n)
        progress = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=err(),
            disable=json_out,
        )
        start = time.perf_counter()
        with progress:
            task = progress.add_task("games", total=games)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            results = run_many(configured, names, games, seed, on_game=advance)
        elapsed = time.perf_counter() - start
        extra = {
            "game": configured.info.name,
            "options": dict(configured.info.values),
            "bots": names,
            "seed": seed,
            "seconds": round(elapsed, 3),
        }
        summary = summarize(results, n, extra)
        if json_out:
            typer.echo(json.dumps(summary.to_json()))
            return
        console = out()
        console.print(_summary_table(summary, names))
        console.print(f"{games / elapsed:.1f} games/s ({elapsed:.1f} s)", style="dim")


# --- replay ---------------------------------------------------------------------------


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A record written by `meeple play --save`.")],
    seat: Annotated[
        int | None,
        typer.Option(help="Watch as this seat: its view, and only what it saw of others."),
    ] = None,
    step: Annotated[bool, typer.Option(help="Show the view and wait for Enter each step.")] = False,
) -> None:
    """Step through a saved game record."""
    with guarded():
        record = load_record(file)
        replay_record(record)  # the whole record must replay before we show any of it
        state = replay_record({**record, "actions": []})
        n = state.game.info.players
        if seat is not None and not 0 <= seat < n:
            raise OptionError(f"--seat must be a seat 0..{n - 1}, not {seat}")
        console = out()
        actions: list[int] = record["actions"]
        console.print(
            f"[bold]{state.game.info.title}[/], {n} players, seed {state.seed}, "
            f"{len(actions)} decisions"
        )
        for i, action in enumerate(actions, 1):
            p = state.current_player
            own = seat is None or p == seat
            text = state.action_to_string(action) if own else state.public_action_string(action)
            if step:
                console.print(state.game.render(state.observation(p if seat is None else seat)))
            console.print(f"{i:>4}. seat {p}: {text}", markup=False, highlight=False)
            if step:
                try:
                    answer = console.input("Enter for the next step, q to stop: ")
                except EOFError:
                    console.print()
                    return
                if answer.strip().lower() in ("q", "quit"):
                    return
            state.apply_action(action)
        console.print(state.game.render(state.observation(0 if seat is None else seat)))
        if state.is_terminal():
            console.print(results_table(state))
        else:
            console.print(f"the record stops before the end, at seat {state.current_player}")


# --- bench ----------------------------------------------------------------------------


def _bench_table(result: BenchResult) -> Table:
    table = Table(
        title=f"{result.game}, {result.players} players: medians of {len(result.runs)} runs",
        title_justify="left",
    )
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("runs", justify="right")
    rows = (
        ("random play, decisions/s", "decisions_per_second", "{:,.0f}"),
        ("random play, games/s", "games_per_second", "{:,.2f}"),
        ("clone(), µs", "clone_us", "{:.2f}"),
        ("legal_actions(), µs", "legal_actions_us", "{:.2f}"),
    )
    for label, attr, fmt in rows:
        runs = " ".join(fmt.format(getattr(run, attr)) for run in result.runs)
        table.add_row(label, fmt.format(getattr(result, attr)), runs)
    return table


@app.command()
def bench(
    game: GameArg,
    players: PlayersOpt = None,
    seconds: Annotated[
        float, typer.Option(help="Seconds of random play per run (and half that for timings).")
    ] = 1.5,
    repeats: Annotated[int, typer.Option(help="Runs; the medians are reported.")] = 5,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Random-play speed, clone() and legal_actions() costs on one core."""
    with guarded():
        configured = _load(game, players, option)
        if not seconds > 0:
            raise OptionError(f"--seconds must be above 0, not {seconds}")
        if repeats < 1:
            raise OptionError(f"--repeats must be at least 1, not {repeats}")
        progress = Progress(
            TextColumn("benchmarking"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err(),
            disable=json_out,
        )
        with progress:
            task = progress.add_task("runs", total=repeats)

            def advance(_: BenchRun) -> None:
                progress.advance(task)

            result = run_bench(configured, seconds, repeats, on_run=advance)
        if json_out:
            typer.echo(json.dumps(result.to_json()))
        else:
            out().print(_bench_table(result))


def main() -> None:
    """The console script."""
    try:
        app()
    except MeepleError as exc:  # every command guards itself; this is a last net
        raise SystemExit(fail(str(exc)).exit_code) from None
    except KeyboardInterrupt:
        err().print("interrupted")
        sys.exit(130)


__all__ = ["USAGE_ERROR", "app", "main"]
