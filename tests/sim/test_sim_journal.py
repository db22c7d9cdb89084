"""Journals: a run keeps its finished games in a file and takes back what the file holds."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.agents.aridnyk import ROLLOUT_DEPTH
from meeple.cli.app import app
from meeple.core import save_record
from meeple.errors import RecordError
from meeple.sim.journal import Journal, JournaledBackend
from meeple.sim.parallel import ProcessBackend, SerialBackend
from meeple.sim.runner import GameResult, run_many
from meeple.sim.tournament import rate_journal, run_tournament

BOTS = ["greedy", "random"]


@pytest.fixture
def game() -> meeple.Game:
    return meeple.load_game("anludim", players=2)


def journaled(path: Path, game: meeple.Game) -> JournaledBackend:
    return JournaledBackend(SerialBackend(), Journal.open(path, game))


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_run_goes_on_from_its_journal_and_gives_the_plain_results(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    first = journaled(path, game)
    run_many(game, BOTS, 4, seed=30, backend=first)
    assert first.reused == 0
    header, *games = lines(path)
    assert header["journal"] == "meeple games" and header["players"] == 2
    assert [g["seed"] for g in games] == [30, 31, 32, 33]
    again = journaled(path, game)
    seen: list[GameResult] = []
    told: list[tuple[int, int]] = []
    again.on_reused = lambda n: told.append((n, len(seen)))
    results = run_many(game, BOTS, 6, seed=30, backend=again, on_game=seen.append)
    assert again.reused == 4 and len(seen) == 6  # the progress bar counts every game
    assert told == [(4, 4)]  # told once the journal's games are all reported
    assert results == run_many(game, BOTS, 6, seed=30)
    assert len(lines(path)) == 1 + 6


def test_the_games_come_from_the_file_not_from_play(tmp_path: Path, game: meeple.Game) -> None:
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 2, seed=30, backend=journaled(path, game))
    rows = path.read_text().splitlines()
    entry = json.loads(rows[1])
    entry["scores"] = [99.0, -1.0]
    rows[1] = json.dumps(entry)
    path.write_text("\n".join(rows) + "\n")
    results = run_many(game, BOTS, 2, seed=30, backend=journaled(path, game))
    assert results[0].scores == [99.0, -1.0]
    assert results[0].agents == ("greedy", "random")


def test_each_game_keeps_what_its_specs_meant(tmp_path: Path) -> None:
    """A game's line holds each seat's settings with the defaults filled in (the
    game's own ones included), so a later run can tell whether a spec still means
    the same player."""
    game = meeple.load_game("aridnyk", players=2)
    path = tmp_path / "games.jsonl"
    run_many(game, ["ismcts:iterations=5", "random"], 2, seed=30, backend=journaled(path, game))
    _, *games = lines(path)
    ismcts = {"agent": "ismcts", "iterations": 5, "seconds": None, "exploration": 0.7}
    ismcts |= {"rollout": "heavy", "rollout_depth": ROLLOUT_DEPTH, "guide": 4.0}
    ismcts |= {"stop_early": True, "reuse": True}
    assert games[0]["seats"] == ["ismcts:iterations=5", "random"]
    assert games[0]["settings"] == [ismcts, {"agent": "random"}]
    assert games[1]["settings"] == [{"agent": "random"}, ismcts]


def test_a_spec_that_means_other_settings_now_is_refused(tmp_path: Path) -> None:
    """A default that changed between runs would mix two players under one name: the
    run is refused, naming the spec and the setting, and the file is left as it was."""
    game = meeple.load_game("aridnyk", players=2)
    path = tmp_path / "games.jsonl"
    bots = ["ismcts:iterations=5", "random"]
    run_many(game, bots, 2, seed=30, backend=journaled(path, game))
    rows = path.read_text().splitlines()
    entry = json.loads(rows[1])
    entry["settings"][0]["rollout_depth"] = 10  # as the default was in November 2026
    rows[1] = json.dumps(entry)
    before = "\n".join(rows) + "\n"
    path.write_text(before)
    changed = rf"'ismcts:iterations=5'.*rollout_depth=10 \(now {ROLLOUT_DEPTH}\)"
    with pytest.raises(RecordError, match=changed):
        run_many(game, bots, 3, seed=30, backend=journaled(path, game))
    assert path.read_text() == before
    # Games kept before journals held settings are taken as they are.
    del entry["settings"]
    rows[1] = json.dumps(entry)
    path.write_text("\n".join(rows) + "\n")
    backend = journaled(path, game)
    run_many(game, bots, 3, seed=30, backend=backend)
    assert backend.reused == 2
    entry["settings"] = [{"agent": "random"}]  # one seat's settings for a two-seat game
    rows[1] = json.dumps(entry)
    path.write_text("\n".join(rows) + "\n")
    with pytest.raises(RecordError, match="needs the settings of 2 seats"):
        Journal.read(path)


def test_a_line_cut_short_is_dropped_and_the_journal_goes_on(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 3, seed=30, backend=journaled(path, game))
    with path.open("a") as handle:
        handle.write('{"seed":33,"seats":["random","gre')  # the process died here
    backend = journaled(path, game)
    assert backend.journal.games.keys() == {
        (30, ("greedy", "random")),
        (31, ("random", "greedy")),
        (32, ("greedy", "random")),
    }
    assert path.read_text().endswith("}\n")
    run_many(game, BOTS, 5, seed=30, backend=backend)
    assert backend.reused == 3
    assert [g["seed"] for g in lines(path)[1:]] == [30, 31, 32, 33, 34]


def test_journals_of_several_machines_add_up(tmp_path: Path, game: meeple.Game) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    run_many(game, BOTS, 4, seed=30, backend=journaled(a, game))
    run_many(game, BOTS, 6, seed=30, backend=journaled(b, game))  # 30..35, four already in a
    both = tmp_path / "both.jsonl"
    both.write_text(a.read_text() + b.read_text())
    backend = journaled(both, game)
    assert len(backend.journal.games) == 6  # the second header is skipped, doubles count once
    run_many(game, BOTS, 6, seed=30, backend=backend)
    assert backend.reused == 6


def test_a_journal_of_other_rules_is_refused_untouched_and_one_naming_none_is_extended(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 1, seed=30, backend=journaled(path, game))
    rows = path.read_text().splitlines()
    header = json.loads(rows[0])
    assert header["rules"] == game.info.rules
    header["rules"] = "2026-01-01"
    before = "\n".join([json.dumps(header), *rows[1:]]) + "\n"
    path.write_text(before)
    words = rf"under the {game.info.name} rules of 2026-01-01 \(this run: {game.info.rules};"
    with pytest.raises(RecordError, match=words):
        Journal.open(path, game)
    assert path.read_text() == before
    del header["rules"]  # as journals were written before the revision was kept
    path.write_text("\n".join([json.dumps(header), *rows[1:]]) + "\n")
    assert len(Journal.open(path, game).played) == 1


def test_a_journal_of_another_configuration_or_no_journal_is_refused_untouched(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 1, seed=30, backend=journaled(path, game))
    before = path.read_bytes()
    with pytest.raises(RecordError, match="games of 2 players, not 3"):
        Journal.open(path, meeple.load_game("anludim", players=3))
    with pytest.raises(RecordError, match=r'variant="base" \(this run: "expert"\)'):
        Journal.open(path, meeple.load_game("anludim", players=2, variant="expert"))
    with pytest.raises(RecordError, match=r"straight_wrap=false \(this run: true\)"):
        Journal.open(path, meeple.load_game("anludim", players=2, straight_wrap=True))
    with pytest.raises(RecordError, match="games of anludim, not of aridnyk"):
        Journal.open(path, meeple.load_game("aridnyk", players=2))
    assert path.read_bytes() == before
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping: meeples")
    with pytest.raises(RecordError, match="is not a meeple journal"):
        Journal.open(notes, game)
    assert notes.read_text() == "shopping: meeples"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"seed": 1, "seats": ["random"], "returns": [1, 0], "scores": [1, 0], "decisions": 3}',
         "needs 2 seats, returns and scores"),
        ('{"seed": "one", "seats": ["a", "b"], "returns": [1], "scores": [1], "decisions": 3}',
         r"Expected `int`, got `str` - at `\$.seed`"),
        ('{"seed": 1, "seats": ["a", "b"], "returns": [1, 0], "scores": [1, 0]}',
         "missing required field `decisions`"),
        ("[1, 2, 3]", "Expected `object`, got `array`"),
        ("{not json}", "line 2"),
    ],
)  # fmt: skip
def test_a_bad_line_is_named_by_its_number(
    tmp_path: Path, game: meeple.Game, line: str, message: str
) -> None:
    path = tmp_path / "games.jsonl"
    Journal.open(path, game)
    path.write_text(path.read_text() + line + "\n")
    with pytest.raises(RecordError, match=message) as info:
        Journal.open(path, game)
    assert "line 2" in str(info.value)


def test_a_stopped_parallel_run_keeps_the_games_that_ended(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    backend = JournaledBackend(ProcessBackend(2), Journal.open(path, game))
    ended: list[GameResult] = []

    def stop_after_three(result: GameResult) -> None:
        ended.append(result)
        if len(ended) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_many(game, BOTS, 40, seed=30, backend=backend, on_game=stop_after_three)
    assert len(lines(path)) == 1 + 3
    again = JournaledBackend(ProcessBackend(2), Journal.open(path, game))
    assert run_many(game, BOTS, 40, seed=30, backend=again) == run_many(game, BOTS, 40, seed=30)
    assert again.reused == 3


def test_a_tournament_extends_its_journal(tmp_path: Path, game: meeple.Game) -> None:
    path = tmp_path / "games.jsonl"
    bots = ["greedy", "random"]
    run_tournament(game, bots, 4, seed=7, backend=journaled(path, game))
    longer = journaled(path, game)
    result = run_tournament(game, bots, 10, seed=7, backend=longer)
    assert longer.reused == 4
    assert result.results == run_tournament(game, bots, 10, seed=7).results


def test_the_cli_reports_what_it_took_from_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    runner = CliRunner()
    argv = ["tournament", "anludim", "-p", "2", "--bots", "greedy,random"]
    first = runner.invoke(app, [*argv, "--games", "4", "--journal", str(path), "--json"])
    assert first.exit_code == 0, first.output
    assert json.loads(first.stdout)["journal"] == {"path": str(path), "reused": 0}
    second = runner.invoke(app, [*argv, "--games", "6", "--journal", str(path)])
    assert second.exit_code == 0, second.output
    assert f"4 games taken from the journal {path}" in " ".join(second.stdout.split())
    other = runner.invoke(app, ["simulate", "anludim", "--games", "2", "--journal", str(path)])
    assert other.exit_code != 0
    assert "holds games of 2 players, not 3" in other.output


def test_a_journal_rates_like_the_tournament_that_wrote_it(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    bots = ["greedy", "random", "ismcts:iterations=20"]
    played = run_tournament(game, bots, 4, seed=7, backend=journaled(path, game))
    run_many(game, ["random", "random"], 3, seed=50, backend=journaled(path, game))  # self-play
    rated, left_out = rate_journal(Journal.read(path))
    assert left_out == 3
    assert rated.bots == bots
    assert rated.pairs == played.pairs
    assert rated.standings == played.standings
    assert rated.games_per_pair == 4 and rated.seed == 7
    runner = CliRunner()
    shown = runner.invoke(app, ["journal", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert data["left_out"] == 3
    assert data["standings"] == played.to_json()["standings"]
    csv_file = tmp_path / "rates.csv"
    table = runner.invoke(app, ["journal", str(path), "--csv", str(csv_file)])
    assert csv_file.read_text() == played.to_csv()
    words = " ".join(table.stdout.split())
    assert "12 games between two bots" in words and "3 others" in words


def test_reading_a_journal_reports_bad_files(tmp_path: Path, game: meeple.Game) -> None:
    empty = tmp_path / "empty.jsonl"
    Journal.open(empty, game)
    with pytest.raises(RecordError, match="holds no game between two bots"):
        rate_journal(Journal.read(empty))
    with pytest.raises(RecordError, match="cannot read journal"):
        Journal.read(tmp_path / "missing.jsonl")
    result = CliRunner().invoke(app, ["journal", str(tmp_path / "missing.jsonl")])
    assert result.exit_code != 0 and "No such file" in result.output
    record = tmp_path / "game.json"
    save_record(game.new_initial_state(seed=1), record)
    with pytest.raises(RecordError, match="holds a game record: `meeple replay` shows it"):
        Journal.read(record)


def _descendants(pid: int) -> set[int]:
    """The processes below `pid` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    """Those of `pids` still running (not gone, not a zombie waiting to be reaped)."""
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_sigterm_stops_a_parallel_run_and_its_workers_and_keeps_the_journal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.jsonl"
    argv = [
        sys.executable, "-c", "from meeple.cli.app import main; main()",
        "tournament", "anludim", "-p", "2",
        "--bots", "ismcts:iterations=150,random", "--games", "40", "--jobs", "2",
        "--journal", str(path), "--json",
    ]  # fmt: skip
    run = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while (len(lines(path)) if path.exists() else 0) < 2:
            assert run.poll() is None and time.monotonic() < deadline, run.stderr.read()
            time.sleep(0.2)
        below = _descendants(run.pid)
        assert below  # the fork server and its workers
        run.send_signal(signal.SIGTERM)
        run.wait(timeout=30)
    finally:
        run.kill()
    assert run.returncode != 0
    deadline = time.monotonic() + 10  # the fork server notices its parent has gone
    while _alive(below) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(below)
    kept = len(lines(path)) - 1
    assert 1 <= kept < 40
    rated, _ = rate_journal(Journal.read(path))
    assert len(rated.results) == kept


SEARCH = "ismcts:iterations=24:stop_early=false"


def test_each_game_keeps_the_search_iterations_of_its_seats(tmp_path: Path) -> None:
    """What a time budget bought is kept with the game: each seat's mean iterations a
    searched decision (a fixed budget here, so exactly it), nothing for a plain bot."""
    game = meeple.load_game("anludim", players=2)
    path = tmp_path / "games.jsonl"
    played = run_many(game, [SEARCH, "random"], 2, seed=5, backend=journaled(path, game))
    assert [r.iterations for r in played] == [(24.0, None), (None, 24.0)]
    assert [g["iterations"] for g in lines(path)[1:]] == [[24.0, None], [None, 24.0]]
    assert list(Journal.read(path).games.values()) == played
    standings = rate_journal(Journal.read(path))[0].standings
    assert [(s.spec, s.iterations) for s in standings] == [(SEARCH, 24.0), ("random", None)]


def test_games_kept_before_iterations_read_without_them(tmp_path: Path) -> None:
    game = meeple.load_game("anludim", players=2)
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 1, seed=5, backend=journaled(path, game))
    header, entry = lines(path)
    del entry["iterations"]
    path.write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    (kept,) = Journal.read(path).games.values()
    assert kept.iterations == ()
    assert all(s.iterations is None for s in rate_journal(Journal.read(path))[0].standings)
    entry["iterations"] = [3.0]
    path.write_text(json.dumps(header) + "\n" + json.dumps(entry) + "\n")
    with pytest.raises(RecordError, match=r"line 2: .*the iterations of 2 seats"):
        Journal.read(path)


def test_a_journal_whose_last_line_lacks_its_newline_goes_on_whole(
    tmp_path: Path, game: meeple.Game
) -> None:
    """A whole last game without its newline (an editor, a copy) is kept, and the file
    gets its newline before the next game is appended to it."""
    path = tmp_path / "games.jsonl"
    run_many(game, BOTS, 2, seed=30, backend=journaled(path, game))
    path.write_text(path.read_text().rstrip("\n"))
    backend = journaled(path, game)
    run_many(game, BOTS, 4, seed=30, backend=backend)
    assert backend.reused == 2
    assert [g["seed"] for g in lines(path)[1:]] == [30, 31, 32, 33]
    assert len(Journal.read(path).games) == 4


def test_recording_a_game_the_journal_holds_writes_nothing(
    tmp_path: Path, game: meeple.Game
) -> None:
    path = tmp_path / "games.jsonl"
    (result,) = run_many(game, BOTS, 1, seed=30, backend=journaled(path, game))
    before = path.read_text()
    journal = Journal.open(path, game)
    state = game.new_initial_state(seed=0)
    settings = [meeple.agents.describe(spec, state) for spec in result.agents]
    journal.record(result, settings)
    assert path.read_text() == before
    assert len(journal.games) == 1


def test_games_of_three_bots_at_a_table_are_left_out_of_the_ratings(tmp_path: Path) -> None:
    """Standings rate pairs: a game with three bots at the table is counted apart."""
    game = meeple.load_game("anludim", players=3)
    path = tmp_path / "games.jsonl"
    backend = JournaledBackend(SerialBackend(), Journal.open(path, game))
    run_many(game, ["greedy", "random", "random"], 4, seed=3, backend=backend)
    run_many(game, ["greedy", "random", "ismcts:iterations=4"], 2, seed=9, backend=backend)
    rated, left_out = rate_journal(Journal.read(path))
    assert left_out == 2
    assert rated.bots == ["greedy", "random"]
    assert sum(p.games for p in rated.pairs) == 4
