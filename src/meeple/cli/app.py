"""The `meeple` command: list games, play, simulate, hold tournaments, replay, benchmark,
serve."""

from __future__ import annotations

import contextlib
import json
import math
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from meeple import __version__
from meeple.cli.common import (
    INTERRUPTED,
    USAGE_ERROR,
    err,
    fail,
    guarded,
    labelled,
    out,
    parse_options,
    stops_in_words,
    typed_value,
)
from meeple.cli.play import (
    HUMAN,
    Session,
    how_to_play_page,
    results_table,
    resumed,
    seat_agents,
)
from meeple.core.game import Game, GameInfo, State, check_seed
from meeple.core.record import load_record, rules_differ
from meeple.core.record import replay as replay_record
from meeple.core.registry import list_games, load_game, notes_of_choices
from meeple.core.wording import counted
from meeple.errors import MeepleError, OptionError, RecordError
from meeple.sim.bench import (
    SPEEDUP_JOBS,
    BenchResult,
    BenchRun,
    check_budget,
    jobs_speedup,
    speedup_batch,
)
from meeple.sim.bench import bench as run_bench
from meeple.sim.journal import MAGIC, Journal, JournaledBackend
from meeple.sim.parallel import BACKENDS, Backend, make_backend
from meeple.sim.plot import RateBar, plot_run, require_matplotlib
from meeple.sim.runner import (
    GameResult,
    Spread,
    Summary,
    check_games,
    check_seed_range,
    games_csv,
    run_many,
    seat_names,
    should_rotate,
    summarize,
)
from meeple.sim.tournament import (
    TournamentResult,
    last_deal,
    rate_journal,
    run_tournament,
    tournament_bots,
)

app = typer.Typer(
    name="meeple",
    help="meeple: play, simulate, hold tournaments, replay, benchmark and serve tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _print_version(asked: bool) -> None:
    if not asked:
        return
    revisions = []
    for name in list_games():
        try:
            revisions.append(f"{name} {load_game(name).info.rules or '-'}")
        except MeepleError:  # a plugin that does not load: `meeple games` says why
            continue
    typer.echo(f"meeple {__version__}; rules revisions: {', '.join(revisions)}")
    raise typer.Exit()


@app.callback()
def _meeple(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print meeple's version and each game's rules revision, and exit.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    """meeple: play, simulate, hold tournaments, replay, benchmark and serve tabletop games."""


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
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        help="Play games in this many worker processes; the results do not change "
        "(default 1: this process; with --backend ray, every CPU).",
    ),
]
BackendOpt = Annotated[
    str,
    typer.Option(
        help=f"Where games run: {' or '.join(BACKENDS)} (Ray needs pip install 'meeple\\[ray]')."
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(help="With --backend ray: the Ray cluster to join (default: a local one)."),
]
CsvOpt = Annotated[
    Path | None, typer.Option("--csv", metavar="FILE", help="Also write the results as CSV.")
]
JournalOpt = Annotated[
    Path | None,
    typer.Option(
        metavar="FILE.jsonl",
        help="Keep every finished game in this file and take from it the games it already "
        "holds: a stopped run goes on where it stopped, a longer one extends it.",
    ),
]
PlotOpt = Annotated[
    Path | None,
    typer.Option(
        metavar="FILE.png",
        help="Draw win rates with their intervals and the scores per seat here "
        "(needs pip install 'meeple\\[plot]').",
    ),
]


def _load(game: str, players: int | None, option: list[str] | None) -> Game:
    return load_game(game, players=players, **parse_options(option))


def _progress(label: str, disable: bool) -> Progress:
    """A progress bar on stderr (none with --json, so stdout stays one JSON object)."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err(),
        disable=disable,
    )


def _check_outputs(*outputs: tuple[str, Path | None]) -> None:
    """Refuse two output flags that name one file: the second would write over the
    first (a journal overwritten by the CSV is lost for good)."""
    seen: dict[Path, str] = {}
    for flag, path in outputs:
        if path is None:
            continue
        key = path.resolve()
        if key in seen:
            raise OptionError(f"{seen[key]} and {flag} name the same file {str(path)!r}")
        seen[key] = flag


def _check_output(path: Path | None, flag: str) -> None:
    """Fail before any game is played when an output file cannot be written there."""
    if path is None:
        return
    try:
        if path.is_dir():
            raise OptionError(f"{flag} {str(path)!r} is a folder: give a file name")
        if not path.parent.is_dir():
            raise OptionError(f"{flag} {str(path)!r}: there is no folder {str(path.parent)!r}")
        # opened as it will be, for writing, and left as it was
        existed = path.exists()
        with path.open("a"):
            pass
        if not existed:
            path.unlink()
    except OSError as exc:  # no permission, a read-only place, a name too long
        raise OptionError(
            f"{flag} {str(path)!r} cannot be written: {exc.strerror or exc}"
        ) from None


def _journaled(where: Backend, path: Path | None, game: Game) -> Backend:
    """`where`, reading and writing the journal at `path` when one is given."""
    if path is None:
        return where
    _check_output(path, "--journal")
    return JournaledBackend(where, Journal.open(path, game))


def _journal_json(where: Backend, path: Path | None) -> dict[str, Any]:
    if not isinstance(where, JournaledBackend):
        return {}
    return {"journal": {"path": str(path), "reused": where.reused}}


def _restart_after_journal(where: Backend, progress: Progress, task: TaskID) -> None:
    """Once the journal's games are counted, restart the bar's clock from there, so that
    its time estimate follows the games being played."""
    if isinstance(where, JournaledBackend):
        where.on_reused = lambda n: progress.reset(task, completed=n)


def _games_done(progress: Progress) -> int:
    """The games the bar has counted: played, and taken from a journal."""
    return sum(int(task.completed) for task in progress.tasks)


def _reused(where: Backend) -> int:
    """How many games of the run just ended came from its journal."""
    return where.reused if isinstance(where, JournaledBackend) else 0


def _journal_note(where: Backend, path: Path | None) -> list[str]:
    if not isinstance(where, JournaledBackend):
        return []
    return [f"{where.reused} games taken from the journal {path}"]


def _ci(interval: tuple[float, float]) -> str:
    return f"{interval[0]:.1%}-{interval[1]:.1%}"


# --- games ----------------------------------------------------------------------------


def _notes_at_other_counts(name: str, info: GameInfo) -> list[tuple[int, tuple[str, ...]]]:
    """The notes at each player count where they differ from the default count's (Arnak's
    solo rival plays placeholder data)."""
    found = []
    for players in range(info.min_players, info.max_players + 1):
        if players == info.players:
            continue
        with contextlib.suppress(MeepleError):
            notes = load_game(name, players=players).info.notes
            if notes != info.notes:
                found.append((players, notes))
    return found


@app.command()
def games() -> None:
    """The games meeple can play, their player counts and options."""
    with guarded():
        console = out()
        for name in list_games():
            try:
                info = load_game(name).info
            except MeepleError as exc:  # a plugin that cannot load: the others are listed
                err().print(f"warning: {exc}", markup=False, soft_wrap=True)
                continue
            console.print(
                f"[bold]{name}[/] ({info.title}): {info.min_players}-{info.max_players} "
                f"players, {info.players} by default"
            )
            rows = [("  note:", note) for note in info.notes]
            for players, notes in _notes_at_other_counts(name, info):
                rows += [(f"  note ({counted(players, 'player')}):", note) for note in notes]
            for option, value, notes in notes_of_choices(name):
                rows += [(f"  note ({option}={value}):", note) for note in notes]
            if rows:
                console.print(labelled(rows, style="dim"))
            table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
            table.add_column("option", no_wrap=True, style="bold")
            table.add_column("default · allowed values · what it does")
            for opt, spec in info.options.items():
                allowed = ", ".join(typed_value(c) for c in spec.choices)
                details = Text.assemble(
                    ("default ", "dim"),
                    typed_value(spec.default),
                    ("  allowed ", "dim"),
                    allowed,
                )
                if spec.players is not None:
                    low, high = spec.players
                    details.append("  players ", "dim")
                    details.append(str(low) if low == high else f"{low}-{high}")
                details.append("\n" + spec.help)
                table.add_row(opt, details)
            if info.options:
                console.print(table)
            else:
                console.print("  no options")


@app.command()
def rules(game: GameArg) -> None:
    """How to play a game: its aim, a turn and its variants, on one page."""
    with guarded():
        out().print(how_to_play_page(load_game(game)))


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
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Go on with the game saved in this record: its players, options and seed "
            "come from the record; --seat and --bots say who plays on."
        ),
    ] = None,
    auto: Annotated[
        bool, typer.Option("--auto", help="Take a person's decisions that have one choice.")
    ] = False,
) -> None:
    """Play a game at the terminal against bots, or with friends on one screen."""
    with guarded():
        _check_output(save, "--save")
        if resume is not None:
            _play_on(game, resume, seat, bots, save, players, seed, option, auto)
            return
        configured = _load(game, players, option)
        given_seed = seed
        seed = check_seed(seed)
        seats = seat_agents(bots, configured.info.players, seat, seed, configured)
        state = configured.new_initial_state(seed=seed)
        console = out()
        who = ", ".join(f"seat {s}: {HUMAN if a is None else a.name}" for s, a in enumerate(seats))
        # The seed decides every hidden card: it is shown once the game is over, where
        # no one at the screen can work the bots' hands or another player's out of it.
        console.print(f"[bold]{configured.info.title}[/] ({who})")
        session = Session(state, seats, console, save, auto=auto, started_as=(seat, bots))
        if session.run() and given_seed is None:
            console.print(f"play this deal again with --seed {seed}", style="dim")
        if session.stopped_by_ctrl_c:
            raise SystemExit(INTERRUPTED)  # said already, in the session's own words


def _play_on(
    game: str,
    file: Path,
    seat: int,
    bots: str,
    save: Path | None,
    players: int | None,
    seed: int | None,
    option: list[str] | None,
    auto: bool,
) -> None:
    """`meeple play --resume FILE`: the saved game, played on from its last move."""
    fixed = [
        flag
        for flag, given in (("--players", players), ("--seed", seed), ("--option", option))
        if given is not None and given != []
    ]
    if fixed:
        raise OptionError(
            f"--resume plays on the game its record describes: leave out {', '.join(fixed)}"
        )
    _refuse_journal(file)
    record = load_record(file)
    named = record.get("game")
    if not isinstance(named, str):
        raise RecordError(f"{str(file)!r} names no game: a record's 'game' is a game's name")
    if named.lower() != game.strip().lower():
        raise OptionError(f"{str(file)!r} holds a game of {named!r}, not of {game!r}")
    state, log = resumed(record)
    seats = seat_agents(bots, state.game.info.players, seat, state.seed, state.game)
    console = out()
    who = ", ".join(f"seat {s}: {HUMAN if a is None else a.name}" for s, a in enumerate(seats))
    done = len(log)
    console.print(
        f"[bold]{state.game.info.title}[/] ({who}), "
        f"resumed after {done} decision{'' if done == 1 else 's'}"
    )
    _note_other_rules(console, record, state.game)
    if state.is_terminal():
        console.print("this game is already over", style="dim")
    session = Session(state, seats, console, save, log=log, auto=auto, started_as=(seat, bots))
    session.run()
    if session.stopped_by_ctrl_c:
        raise SystemExit(INTERRUPTED)


def _note_other_rules(console: Console, record: dict[str, Any], game: Game) -> None:
    differ = rules_differ(record, game)
    if differ:
        console.print(
            f"note: {differ}: it replays, but may not be the game that was played",
            style="yellow",
            markup=False,
        )


# --- simulate -------------------------------------------------------------------------


def _spread(s: Spread | None) -> str:
    return "-" if s is None else f"{s.mean:.1f} (min {s.min:g}, max {s.max:g})"


def _column_style(name: bool) -> dict[str, Any]:
    """A results table's column: the bot's name folds where the terminal is narrow, and
    the figures stay whole (an interval broken across lines misread as two numbers)."""
    if name:
        return {"justify": "left", "overflow": "fold"}
    return {"justify": "right", "no_wrap": True}


def _summary_table(summary: Summary, names: list[str]) -> Table:
    table = Table(title=f"{summary.games} games, per seat", title_justify="left")
    for col in ("seat", "agent", "wins", "win rate", "95% CI", "score mean", "min", "max"):
        table.add_column(col, **_column_style(col == "agent"))
    for s in range(summary.players):
        sc = summary.scores[s]
        table.add_row(
            str(s),
            "(rotated)" if summary.rotate else names[s],
            str(summary.wins[s]),
            f"{summary.win_rate[s]:.1%}",
            _ci(summary.win_rate_ci[s]),
            "-" if sc is None else f"{sc.mean:.2f}",
            "-" if sc is None else f"{sc.min:g}",
            "-" if sc is None else f"{sc.max:g}",
        )
    lines = [f"decisions per game: {_spread(summary.decisions)}"]
    # a game without turns or rounds (Aridnyk plays seasons of turns) has no such line
    for name, spread in (("turns", summary.turns), ("rounds", summary.rounds)):
        if spread is not None:
            lines.append(f"{name} per game: {_spread(spread)}")
    table.caption = "\n".join(lines)
    if summary.rotate:
        table.caption += "\nseats rotate: game i seats bot j in seat (j + i) mod players"
    if sum(summary.wins) > summary.games:
        table.caption += (
            "\na win shared by several seats counts for each: the rates add to over 100%"
        )
    if summary.players == 1 and summary.games and summary.wins[0] == summary.games:
        # Aridnyk's solo game has no one to lose to: its score is the figure to read
        table.caption += "\none seat won every game: compare the scores"
    table.caption_justify = "left"
    return table


def _bots_table(summary: Summary) -> Table:
    table = Table(title="per bot, over all seats", title_justify="left")
    searched = any(bot.iterations is not None for bot in summary.bots)
    # headers of two lines where a long one would widen its figures' column
    columns = ["bot", "spec", "wins", "win\nrate", "95% CI", "score\nmean", "min", "max"]
    for col in columns + (["it/\nmove"] if searched else []):
        table.add_column(col, **_column_style(col == "spec"))
    for bot in summary.bots:
        sc = bot.scores
        row = [
            str(bot.index),
            bot.spec,
            str(bot.wins),
            f"{bot.rate.rate:.1%}",
            _ci(bot.rate.interval),
            "-" if sc is None else f"{sc.mean:.2f}",
            "-" if sc is None else f"{sc.min:g}",
            "-" if sc is None else f"{sc.max:g}",
        ]
        if searched:
            its = bot.iterations
            row.append("-" if its is None else f"{its.mean:,.0f}")
        table.add_row(*row)
    if searched:
        table.caption = "it/move: search iterations a decision it searched, on average"
        table.caption_justify = "left"
    return table


def _summary_plot(path: Path, summary: Summary, results: list[GameResult], title: str) -> None:
    if summary.rotate:
        bars = [
            RateBar(f"{b.index}: {b.spec}", b.rate.rate, *b.rate.interval) for b in summary.bots
        ]
    else:
        bars = [
            RateBar(f"seat {s}: {summary.bots[s].spec}", rate, *summary.win_rate_ci[s])
            for s, rate in enumerate(summary.win_rate)
        ]
    n = summary.players
    if summary.rotate:  # a seat's scores mix the bots that took turns in it
        scores = [[r.scores[(j + i) % n] for i, r in enumerate(results)] for j in range(n)]
        labels = [str(b.index) for b in summary.bots]
        plot_run(path, title, bars, scores, even=1 / n, bot_labels=labels)
        return
    scores = [[r.scores[s] for r in results] for s in range(n)]
    plot_run(path, title, bars, scores, even=1 / n)


@app.command()
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 1000,
    players: PlayersOpt = None,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One agent spec for all seats, or one per seat, comma-separated "
            "(e.g. ismcts,greedy,random). Different bots rotate seats "
            "from game to game.",
        ),
    ] = "random",
    seed: Annotated[int, typer.Option(help="Game i uses seed SEED + i.")] = 1,
    rotate: Annotated[
        bool,
        typer.Option(
            help="When the bots differ, game i seats bot j in seat (j + i) mod players; "
            "--no-rotate keeps bot j in seat j."
        ),
    ] = True,
    option: OptionOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    journal: JournalOpt = None,
    plot: PlotOpt = None,
    csv_file: Annotated[
        Path | None,
        typer.Option(
            "--csv",
            metavar="FILE",
            help="Also write one row per game as CSV: its seed, winners and length, and "
            "each seat's agent, score, return and search iterations.",
        ),
    ] = None,
    json_out: JsonOpt = False,
) -> None:
    """Let agents play many games; report win rates per seat and bot, lengths, scores."""
    with guarded():
        configured = _load(game, players, option)
        check_seed_range(check_seed(seed), check_games(games) - 1)
        _check_outputs(("--csv", csv_file), ("--plot", plot), ("--journal", journal))
        _check_output(csv_file, "--csv")
        n = configured.info.players
        names = seat_names(bots, n, configured)
        rotate = rotate and should_rotate(names)
        if plot is not None:
            _check_output(plot, "--plot")
            require_matplotlib(plot)
        where = _journaled(make_backend(backend, jobs, address), journal, configured)
        progress = _progress("simulating", json_out)
        start = time.perf_counter()
        with stops_in_words(journal, lambda: _games_done(progress)), progress:
            task = progress.add_task("games", total=games)
            _restart_after_journal(where, progress, task)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            results = run_many(
                configured, names, games, seed, on_game=advance, rotate=rotate, backend=where
            )
        elapsed = time.perf_counter() - start
        extra = {
            "game": configured.info.name,
            "options": dict(configured.info.values),
            "bots": names,
            "seed": seed,
            "backend": where.name,
            "jobs": where.workers,
            "seconds": round(elapsed, 3),
            **_journal_json(where, journal),
        }
        summary = summarize(results, n, extra, bots=names, rotate=rotate)
        if plot is not None:
            title = f"{configured.info.title}: {counted(games, 'game')}, {counted(n, 'player')}"
            _summary_plot(plot, summary, results, title)
        if csv_file is not None:
            _write_text(csv_file, games_csv(results, n), "CSV file")
        if json_out:
            typer.echo(json.dumps(summary.to_json()))
            return
        console = out()
        played = games - _reused(where)
        console.print(_summary_table(summary, names))
        if rotate:
            console.print(_bots_table(summary))
        if played:  # none when the journal held every game
            console.print(
                f"{played / elapsed:.1f} games/s ({elapsed:.1f} s, {where.name}, "
                f"{where.workers} worker{'s' if where.workers > 1 else ''})",
                style="dim",
            )
        for note in _journal_note(where, journal):
            console.print(note, style="dim")
        if plot is not None:
            console.print(f"plot written to {plot}", style="dim")
        if csv_file is not None:
            console.print(f"one row per game written to {csv_file}", style="dim")


# --- tournament -----------------------------------------------------------------------


def _standings_table(result: TournamentResult) -> Table:
    counts = sorted({pair.games for pair in result.pairs})
    # a journal can hold pairs that played different numbers of games
    per_pair = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(result.games_per_pair)
    table = Table(
        title=f"{result.game}, {counted(result.players, 'player')}: round robin, "
        f"{per_pair} games per pair",
        title_justify="left",
    )
    ranked = result.ranked()
    searched = any(s.iterations is not None for s in ranked)
    columns = ["#", "bot", "games", "W", "D", "L", "win\nrate", "95% CI", "Elo"]
    for col in columns + (["it/\nmove"] if searched else []):
        table.add_column(col, **_column_style(col == "bot"))
    for rank, s in enumerate(ranked, 1):
        row = [
            str(rank),
            s.spec,
            str(s.games),
            str(s.wins),
            str(s.draws),
            str(s.losses),
            f"{s.rate:.1%}",
            _ci(s.interval),
            f"{s.elo:.0f}",
        ]
        if searched:
            row.append("-" if s.iterations is None else f"{s.iterations:,.0f}")
        table.add_row(*row)
    seats = ", ".join(f"seat {i} {r:.1%}" for i, r in enumerate(result.seat_win_rates()))
    table.caption = (
        "win rate counts a draw as half; Elo: Bradley–Terry fit, mean 1500\n"
        f"wins by seat over all games: {seats}"
    )
    if searched:
        table.caption += "\nit/move: search iterations a decision it searched, on average"
    if not result.elo.converged:
        table.caption += (
            f"\nthe Elo fit did not settle in {result.elo.iterations} steps: read the ratings "
            "as rough"
        )
    table.caption_justify = "left"
    return table


def _pairs_table(result: TournamentResult) -> Table:
    ranked = result.ranked()
    table = Table(title="row's win rate against column (95% CI)", title_justify="left")
    table.add_column("", overflow="fold")
    for s in ranked:
        table.add_column(s.spec, justify="right", overflow="fold")
    for row in ranked:
        cells = []
        for col in ranked:
            found = result.pair_rate(row.index, col.index)
            if found is None:
                cells.append("-")
            else:
                rate, interval, _ = found
                cells.append(f"{rate:.0%} ({interval[0]:.0%}-{interval[1]:.0%})")
        table.add_row(row.spec, *cells)
    return table


def _write_text(path: Path, text: str, what: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise OptionError(f"cannot write {what} {str(path)!r}: {exc.strerror or exc}") from None


@app.command()
def tournament(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="Two or more agent specs, comma-separated, e.g. "
            "ismcts:iterations=300,greedy,random.",
        ),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pair of bots.")] = 100,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            help="Seats (default 2, or the game's minimum); the two bots of a pair alternate.",
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Game g of every pair is dealt from seed SEED + g // 2.")
    ] = 1,
    option: OptionOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    journal: JournalOpt = None,
    csv_file: CsvOpt = None,
    plot: PlotOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Round robin: every pair of bots plays N games, seats alternating.

    Reports win rates with 95% intervals and Elo ratings.
    """
    with guarded():
        if players is None:
            players = max(2, load_game(game).info.min_players)
        if players < 2:
            raise OptionError(f"a tournament needs at least 2 seats, not {players}")
        configured = _load(game, players, option)
        check_seed_range(check_seed(seed), last_deal(check_games(games)))
        _check_outputs(("--csv", csv_file), ("--plot", plot), ("--journal", journal))
        specs = tournament_bots(bots, configured)
        _check_output(csv_file, "--csv")
        _check_output(plot, "--plot")
        if plot is not None:
            require_matplotlib(plot)
        where = _journaled(make_backend(backend, jobs, address), journal, configured)
        pairs = len(specs) * (len(specs) - 1) // 2
        progress = _progress("tournament", json_out)
        start = time.perf_counter()
        with stops_in_words(journal, lambda: _games_done(progress)), progress:
            task = progress.add_task("games", total=pairs * games)
            _restart_after_journal(where, progress, task)

            def advance(_: GameResult) -> None:
                progress.advance(task)

            result = run_tournament(configured, specs, games, seed, where, advance)
        elapsed = time.perf_counter() - start
        workers = f"{where.workers} worker{'s' if where.workers > 1 else ''}"
        played = len(result.results) - _reused(where)
        notes = [
            f"{played} game{'' if played == 1 else 's'} played in {elapsed:.1f} s "
            f"({where.name}, {workers})",
            *_journal_note(where, journal),
        ]
        extra = {
            "backend": where.name,
            "jobs": where.workers,
            "seconds": round(elapsed, 3),
            **_journal_json(where, journal),
        }
        title = (
            f"{configured.info.title}, {counted(result.players, 'player')}: {games} games per pair"
        )
        _report_round_robin(result, title, json_out, csv_file, plot, extra, notes)


def _report_round_robin(
    result: TournamentResult,
    title: str,
    json_out: bool,
    csv_file: Path | None,
    plot: Path | None,
    extra: dict[str, Any],
    notes: list[str],
) -> None:
    """A round robin's results: CSV and plot files when asked, then JSON or tables."""
    if csv_file is not None:
        _write_text(csv_file, result.to_csv(), "CSV file")
    if plot is not None:
        ranked = result.ranked()
        bars = [RateBar(f"{s.spec} (Elo {s.elo:.0f})", s.rate, *s.interval) for s in ranked]
        plot_run(plot, title, bars, result.seat_scores(), even=0.5)
    if json_out:
        typer.echo(json.dumps({**result.to_json(), **extra}))
        return
    console = out()
    console.print(_standings_table(result))
    console.print(_pairs_table(result))
    for note in notes:
        console.print(note, style="dim")
    for path, what in ((csv_file, "CSV"), (plot, "plot")):
        if path is not None:
            console.print(f"{what} written to {path}", style="dim")


@app.command()
def journal(
    path: Annotated[Path, typer.Argument(metavar="FILE.jsonl", help="A journal a run wrote.")],
    csv_file: CsvOpt = None,
    plot: PlotOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Standings of the games a journal holds, without playing.

    Rates what --journal wrote: to follow a long run, or several machines' journals.
    """
    with guarded():
        _check_output(csv_file, "--csv")
        _check_output(plot, "--plot")
        if plot is not None:
            require_matplotlib(plot)
        result, left_out = rate_journal(Journal.read(path))
        note = f"{len(result.results)} games between two bots in {path}"
        if left_out:
            note += f"; {left_out} others (a bot against itself, or three bots and more) left out"
        title = f"{result.game}, {counted(result.players, 'player')}: {len(result.results)} games"
        _report_round_robin(result, title, json_out, csv_file, plot, {"left_out": left_out}, [note])


# --- replay ---------------------------------------------------------------------------


def _refuse_journal(path: Path) -> None:
    """A journal is not a record (it keeps results, not moves): say so, and what reads it."""
    try:
        if not path.is_file():
            return  # load_record says what it is
        with path.open(encoding="utf-8") as file:
            head = json.loads(file.readline(2**16))  # a journal's head line is short
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return  # load_record names what is wrong with the file
    if isinstance(head, dict) and head.get("journal") == MAGIC:
        raise OptionError(
            f"{str(path)!r} is a journal of game results, not a game record: "
            f"`meeple journal {path}` rates it; replay reads a record written by "
            "`meeple play --save` or the server's /api/tables/ID/record"
        )


def _final_view(state: State, seat: int | None) -> dict[str, Any]:
    """The view a replay ends on: `seat`'s, or without one a spectator's (no hand is
    anyone's "yours"), where the game has that view."""
    if seat is None:
        with contextlib.suppress(NotImplementedError):
            return state.public_observation()
        seat = 0
    return state.observation(seat)


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record written by `meeple play --save`, or a finished table's from the "
            "server (/api/tables/ID/record)."
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(help="Watch as this seat: its view, and only what it saw of others."),
    ] = None,
    step: Annotated[
        bool, typer.Option(help="Show the view at each step: Enter goes on, b goes back, q stops.")
    ] = False,
) -> None:
    """Step through a saved game record."""
    with guarded():
        _refuse_journal(file)
        record = load_record(file)
        replay_record(record)  # the whole record must replay before we show any of it
        state = replay_record({**record, "actions": []})
        n = state.game.info.players
        if seat is not None and not 0 <= seat < n:
            raise OptionError(f"--seat must be a seat 0..{n - 1}, not {seat}")
        console = out()
        _note_other_rules(console, record, state.game)
        actions: list[int] = record["actions"]
        console.print(
            f"[bold]{state.game.info.title}[/], {counted(n, 'player')}, seed {state.seed}, "
            f"{len(actions)} decisions"
        )
        i = 0
        while i < len(actions):
            action = actions[i]
            p = state.current_player
            # a seat reads its own moves as it chose them; without one, all read as a
            # spectator reads them (in the third person: no seat is "you")
            own = p == seat
            text = state.action_to_string(action) if own else state.public_action_string(action)
            if step:
                console.print(state.game.render(_final_view(state, seat)))
            console.print(f"{i + 1:>4}. seat {p}: {text}", markup=False, highlight=False)
            if step:
                try:
                    answer = console.input("Enter for the next step, b to go back, q to stop: ")
                except EOFError:
                    console.print()
                    return
                command = answer.strip().lower()
                if command in ("q", "quit"):
                    return
                if command in ("b", "back"):
                    if i == 0:
                        console.print("this is the first step", style="yellow")
                    else:
                        i -= 1  # the state before that step: replayed from the start
                        state = replay_record({**record, "actions": actions[:i]})
                    continue
            state.apply_action(action)
            i += 1
        console.print(state.game.render(_final_view(state, seat)))
        if state.is_terminal():
            console.print(results_table(state))
        else:
            console.print(f"the record stops before the end, at seat {state.current_player}")


# --- bench ----------------------------------------------------------------------------


def _options_shown(options: dict[str, Any]) -> str:
    """(board=snake): the options of a run that are not at their defaults."""
    shown = ", ".join(f"{k}={typed_value(v)}" for k, v in options.items())
    return f" ({shown})" if shown else ""


def _bench_table(result: BenchResult) -> Table:
    table = Table(
        title=f"{result.game}{_options_shown(result.options)}, "
        f"{counted(result.players, 'player')}: "
        + ("one run" if len(result.runs) == 1 else f"medians of {len(result.runs)} runs"),
        title_justify="left",
    )
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("runs", justify="right")
    rows = [
        ("random play, decisions/s", "decisions_per_second", "{:,.0f}"),
        ("random play, games/s", "games_per_second", "{:,.2f}"),
        ("clone(), µs", "clone_us", "{:.2f}"),
        ("legal_actions(), µs", "legal_actions_us", "{:.2f}"),
    ]
    if result.ismcts_iterations_per_second is not None:
        rows.append(("ISMCTS, iterations/s", "ismcts_iterations_per_second", "{:,.0f}"))
        rows.append(
            (
                "ISMCTS, plain search, iterations/s",
                "ismcts_random_rollout_iterations_per_second",
                "{:,.0f}",
            )
        )
    for label, attr, fmt in rows:
        runs = " ".join(fmt.format(getattr(run, attr)) for run in result.runs)
        table.add_row(label, fmt.format(getattr(result, attr)), runs)
    up = result.speedup
    notes = [result.ismcts_note] if result.ismcts_note else []
    if up is not None:
        table.add_row(
            f"--jobs {up.jobs} speed-up over --jobs 1",
            f"{up.speedup:.2f}x",
            "" if up.identical else "RESULTS DIFFER",
        )
        started = up.started_speedup
        if started is not None:
            table.add_row(f"--jobs {up.jobs} speed-up, workers started", f"{started:.2f}x", "")
        load = "" if up.load_before is None else f", load average {up.load_before:.1f} before"
        start = "" if up.start_seconds is None else f" ({up.start_seconds:.2f} s)"
        notes.append(
            f"speed-up: {up.games} random games took {up.serial_seconds:.2f} s in this "
            f"process and {up.parallel_seconds:.2f} s in {up.jobs} worker processes, "
            f"counting their start{start} ({up.cores} cores{load}; it needs a free core "
            "per job)"
        )
    table.caption = "\n".join(notes) or None
    table.caption_justify = "left"
    return table


@app.command()
def bench(
    game: GameArg,
    players: PlayersOpt = None,
    seconds: Annotated[
        float,
        typer.Option(
            help="Seconds of random play per run (and half that for timings and for ISMCTS)."
        ),
    ] = 1.5,
    repeats: Annotated[int, typer.Option(help="Runs; the medians are reported.")] = 5,
    ismcts: Annotated[bool, typer.Option(help="Measure ISMCTS iterations per second.")] = True,
    speedup: Annotated[
        bool,
        typer.Option(
            help=f"Measure the speed-up of --jobs {SPEEDUP_JOBS} over --jobs 1 on a batch of "
            "random games (about 5 x SECONDS serially)."
        ),
    ] = True,
    option: OptionOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Speed: random play, clone(), legal_actions(), ISMCTS and worker processes.

    Random-play speed, clone() and legal_actions() costs, ISMCTS iterations a second.

    All on one core; then the speed-up of --jobs worker processes.
    """
    with guarded():
        configured = _load(game, players, option)
        check_budget(seconds, repeats)
        progress = Progress(
            TextColumn("benchmarking"),
            BarColumn(),
            MofNCompleteColumn(),
            console=err(),
            disable=json_out,
        )
        with progress:
            task = progress.add_task("runs", total=repeats + speedup)

            def advance(_: BenchRun) -> None:
                progress.advance(task)

            result = run_bench(
                configured, seconds, repeats, on_run=advance, ismcts=ismcts, speedup=False
            )
            if speedup:
                batch = speedup_batch(result.games_per_second, seconds)
                result = replace(result, speedup=jobs_speedup(configured, batch, seed=0))
                progress.advance(task)
        if json_out:
            typer.echo(json.dumps(result.to_json()))
        else:
            out().print(_bench_table(result))


# --- serve ----------------------------------------------------------------------------

WS_MAX_BYTES = 64 * 1024
"""uvicorn drops WebSocket frames longer than this; the app refuses those over 4 KiB."""


def server_address(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def lan_address() -> str | None:
    """This machine's address on its network, as other machines reach it (None if it
    has none): the source address of a route out, found without sending anything."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a route is chosen, no packet sent
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _check_address(host: str, port: int) -> None:
    """Fail with a MeepleError, before anything is printed, where the server could not
    listen: an unknown host, an address of another machine, a port in use."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except OSError as exc:  # the name does not resolve
        raise OptionError(
            f"--host {host!r} is no address to listen on: {exc.strerror or exc}"
        ) from None
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will
        try:
            probe.bind(address)
        except OSError as exc:
            raise OptionError(
                f"cannot listen on {server_address(host, port)}: {exc.strerror or exc}"
            ) from None


def _run_server(app: Any, host: str, port: int) -> None:
    """Run the app on uvicorn until Ctrl+C (tests replace this)."""
    import uvicorn

    # A searching bot holds the interpreter lock while it thinks; handed on every
    # millisecond rather than every five, the server's own thread waits less for it.
    sys.setswitchinterval(0.001)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_BYTES, log_level="warning")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="Where tables are stored (default: $MEEPLE_DATABASE_URL, else "
            "sqlite:///./var/meeple.db), e.g. postgresql+psycopg://user:pw@host/meeple.",
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds before each bot move is played, so people can follow.")
    ] = 0.3,
    abandon_after: Annotated[
        float,
        typer.Option(
            metavar="HOURS",
            help="A table no one has played at or visited for this long is abandoned: it "
            "ends unfinished and no longer counts among the open tables (0: never).",
        ),
    ] = 24.0,
    tables_per_client: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="The most tables waiting or in play that one address may have made.",
        ),
    ] = 20,
) -> None:
    """Run the play server: tables in the browser, bots in seats, every move stored."""
    with guarded():
        if not 0 < port < 65536:
            raise OptionError(f"--port must be 1..65535, not {port}")
        if not 0 <= bot_delay < math.inf:  # NaN too
            raise OptionError(f"--bot-delay must be 0 or more seconds, not {bot_delay}")
        if not 0 <= abandon_after < math.inf:
            raise OptionError(f"--abandon-after must be 0 or more hours, not {abandon_after}")
        if tables_per_client < 1:
            raise OptionError(f"--tables-per-client must be 1 or more, not {tables_per_client}")
        _check_address(host, port)
        from meeple.server import create_app
        from meeple.store import Store, shown_url

        store = Store(database_url)
        server = create_app(
            store=store,
            bot_delay=bot_delay,
            abandon_after=abandon_after,
            tables_per_client=tables_per_client,
        )
        console = out()
        if host in ("0.0.0.0", "::"):
            console.print(
                f"meeple server on every address of this machine, port {port}: "
                f"{server_address('127.0.0.1', port)} here",
                markup=False,
            )
            lan = lan_address()
            if lan is not None:
                console.print(
                    f"from other machines: {server_address(lan, port)} (open the lobby at this "
                    "address, so that the invitation links you copy carry it)",
                    markup=False,
                )
        else:
            console.print(f"meeple server at {server_address(host, port)}", markup=False)
        console.print(
            f"database {shown_url(store.url)}; Ctrl+C stops the server", style="dim", markup=False
        )
    try:
        _run_server(server, host, port)
    finally:
        store.close()  # the database file then holds every table (a copy is a backup)


def main() -> None:
    """The console script. Errors in the command line itself (an unknown command or
    option, a value of the wrong type) are one `error:` line and exit status 2, like
    every other bad input, rather than a framed box."""
    try:
        code = app(standalone_mode=False)
    except MeepleError as exc:  # every command guards itself; this is a last net
        raise SystemExit(fail(str(exc)).exit_code) from None
    except (typer.Abort, KeyboardInterrupt):
        err().print("interrupted")
        sys.exit(INTERRUPTED)
    except typer.TyperException as exc:  # click's usage errors, as typer raises them
        if type(exc).__name__ == "NoArgsIsHelpError":
            sys.exit(exc.exit_code)  # `meeple` alone: the help is printed already
        context = getattr(exc, "ctx", None)
        where = f" (see {context.command_path} --help)" if context is not None else ""
        fail(f"{exc.format_message()}{where}")
        sys.exit(exc.exit_code)
    if code == INTERRUPTED:  # typer turns Ctrl-C into this exit status, in silence
        err().print("interrupted")
    if isinstance(code, int) and code:
        sys.exit(code)


__all__ = ["USAGE_ERROR", "app", "main"]
