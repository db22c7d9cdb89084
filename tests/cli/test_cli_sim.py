"""`meeple simulate` with rotation and --jobs, `meeple tournament`, --plot, --backend."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from meeple.cli.app import app

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
RUN_FACTS = ("seconds", "backend", "jobs")  # how a run went, not what it found


def one_error_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def run_json(runner: CliRunner, args: list[str]) -> dict[str, Any]:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar with --json
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def findings(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in RUN_FACTS}


def test_simulate_rotates_different_bots_and_jobs_do_not_change_results(
    runner: CliRunner,
) -> None:
    args = ["simulate", "anludim", "-n", "12", "-p", "3", "--bots", "greedy,random,random"]
    serial = run_json(runner, args)
    assert serial["rotate"] is True
    assert (serial["backend"], serial["jobs"]) == ("serial", 1)
    bots = serial["per_bot"]
    assert [b["spec"] for b in bots] == ["greedy", "random", "random"]
    assert all(b["games"] == 12 for b in bots)
    for b in bots:
        low, high = b["win_rate_ci"]
        assert low <= b["win_rate"] <= high
        assert b["win_rate"] == b["wins"] / 12
    # Tied winners each count, per bot and per seat alike.
    assert sum(b["wins"] for b in bots) == sum(serial["wins"])
    parallel = run_json(runner, [*args, "--jobs", "2"])
    assert (parallel["backend"], parallel["jobs"]) == ("processes", 2)
    assert findings(parallel) == findings(serial)


def test_simulate_one_bot_does_not_rotate(runner: CliRunner) -> None:
    data = run_json(runner, ["simulate", "anludim", "-n", "3", "--bots", "random"])
    assert data["rotate"] is False
    assert [b["spec"] for b in data["per_bot"]] == ["random"] * 3
    assert [b["wins"] for b in data["per_bot"]] == data["wins"]


def test_simulate_no_rotate_keeps_bots_in_their_seats(runner: CliRunner) -> None:
    args = ["simulate", "anludim", "-n", "4", "-p", "2", "-b", "greedy,random", "--no-rotate"]
    data = run_json(runner, args)
    assert data["rotate"] is False
    assert [b["wins"] for b in data["per_bot"]] == data["wins"]


def test_simulate_table_shows_bots_and_intervals(runner: CliRunner) -> None:
    result = runner.invoke(
        app, ["simulate", "anludim", "-n", "4", "-p", "2", "-b", "greedy,random"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "95% CI" in out
    assert "per bot, over all seats" in out
    assert "(rotated)" in out
    assert "seats rotate" in out


def test_tournament_table_json_csv_and_jobs(runner: CliRunner, tmp_path: Path) -> None:
    args = ["tournament", "anludim", "--bots", "random,greedy", "--games", "4", "--seed", "2"]
    table = runner.invoke(app, [*args, "--csv", str(tmp_path / "t.csv")])
    assert table.exit_code == 0, table.output
    for needle in ("round robin, 4 games per pair", "Elo", "95% CI", "against column"):
        assert needle in table.stdout
    rows = list(csv.DictReader((tmp_path / "t.csv").open(encoding="utf-8")))
    assert [r["opponent"] for r in rows] == ["*", "*", "greedy", "random"]
    assert sum(int(r["games"]) for r in rows[:2]) == 8

    serial = run_json(runner, args)
    assert serial["games"] == 4 and serial["players"] == 2
    assert {s["spec"] for s in serial["standings"]} == {"random", "greedy"}
    assert sum(s["elo"] for s in serial["standings"]) == pytest.approx(3000)
    parallel = run_json(runner, [*args, "-j", "2"])
    assert findings(parallel) == findings(serial)


def test_plot_files(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is an optional extra: meeple[plot]")
    png = tmp_path / "t.png"
    args = ["tournament", "anludim", "-b", "random,greedy", "-n", "2", "--plot", str(png)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(PNG_MAGIC)
    png = tmp_path / "s.png"
    args = ["simulate", "anludim", "-n", "3", "-p", "2", "-b", "greedy,random", "--plot", str(png)]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(PNG_MAGIC)
    json.loads(result.stdout)


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_plot_without_matplotlib_says_how_to_install(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    png = tmp_path / "x.png"
    args = [command, "anludim", "-p", "2", "-b", "random,greedy", "--plot", str(png)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "--plot needs matplotlib" in line and "pip install 'meeple[plot]'" in line
    assert not png.exists()
    assert result.stdout == ""


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_ray_without_ray_says_how_to_install(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    args = [command, "anludim", "-p", "2", "-b", "random,greedy", "--backend", "ray"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    line = one_error_line(result.stderr)
    assert "--backend ray needs Ray" in line and "pip install 'meeple[ray]'" in line


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["tournament", "anludim", "-b", "random"], "at least two bots"),
        (["tournament", "anludim", "-b", "random,random"], "listed twice"),
        (["tournament", "anludim", "-b", "random,clever"], "unknown agent 'clever'"),
        (["tournament", "anludim", "-b", "random,greedy", "-n", "0"], "a whole number"),
        (["tournament", "anludim", "-b", "random,greedy", "-p", "9"], "2 to 5 players, not 9"),
        (["simulate", "anludim", "--backend", "dask"], "unknown backend 'dask'"),
        (["simulate", "anludim", "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["simulate", "anludim", "--plot", "x.gif"], "--plot writes .png, .svg, .pdf files"),
        (["simulate", "anludim", "-b", "ismcts:iterations=0"], "iterations must be a positive"),
    ],
)
def test_bad_input_is_one_error_line(runner: CliRunner, args: list[str], needle: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert needle in one_error_line(result.stderr)


@pytest.mark.parametrize(("flag", "name"), [("--csv", "t.csv"), ("--plot", "t.png")])
def test_outputs_in_a_missing_folder_fail_before_playing(
    runner: CliRunner, tmp_path: Path, flag: str, name: str
) -> None:
    target = tmp_path / "no" / "such" / name
    args = ["tournament", "anludim", "-b", "random,greedy", "-n", "1", flag, str(target)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "there is no folder" in one_error_line(result.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "anludim", "-b", "random,greedy", "-n", "1", "--csv"],
        ["tournament", "anludim", "-b", "random,greedy", "-n", "1", "--journal"],
        ["simulate", "anludim", "-n", "1", "--journal"],
        ["simulate", "anludim", "-n", "1", "--csv"],
    ],
)
def test_outputs_naming_a_folder_fail_before_playing(
    runner: CliRunner, tmp_path: Path, args: list[str]
) -> None:
    # Before, --csv found out only once every game had been played.
    result = runner.invoke(app, [*args, str(tmp_path)])
    assert result.exit_code == 2
    assert f"{args[-1]} {str(tmp_path)!r} is a folder" in one_error_line(result.stderr)
    assert "games played" not in result.stdout


def test_simulate_writes_one_csv_row_per_game(runner: CliRunner, tmp_path: Path) -> None:
    """The rows agree with the summary, seat by seat, serial or in workers alike."""
    args = ["simulate", "anludim", "-p", "2", "-n", "4", "--seed", "3"]
    args += ["-b", "greedy,ismcts:iterations=10"]
    serial, parallel = tmp_path / "serial.csv", tmp_path / "parallel.csv"
    summary = run_json(runner, [*args, "--csv", str(serial)])
    run_json(runner, [*args, "--csv", str(parallel), "--jobs", "2"])
    assert serial.read_text() == parallel.read_text()
    rows = list(csv.DictReader(serial.open()))
    assert [int(r["game"]) for r in rows] == list(range(4))
    assert [int(r["seed"]) for r in rows] == [3 + i for i in range(4)]
    for i, row in enumerate(rows):
        # game i seats bot j in seat (j + i) mod 2
        assert row[f"agent_{i % 2}"] == "greedy"
        assert row[f"agent_{(i + 1) % 2}"] == "ismcts:iterations=10"
        assert row[f"iterations_{i % 2}"] == ""
        assert float(row[f"iterations_{(i + 1) % 2}"]) > 0
        winners = [int(s) for s in row["winners"].split(";") if s]
        returns = [float(row[f"return_{s}"]) for s in range(2)]
        assert winners == [s for s in range(2) if returns[s] == 1.0]
        assert int(row["decisions"]) > 0
    wins = [sum(1 for r in rows if str(seat) in r["winners"].split(";")) for seat in range(2)]
    assert wins == summary["wins"]
    scores = [[float(r[f"score_{s}"]) for r in rows] for s in range(2)]
    for seat, values in zip(summary["scores"], scores, strict=True):
        assert seat["mean"] == pytest.approx(sum(values) / len(values))


def test_an_interrupted_run_says_what_its_journal_keeps(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C (or SIGTERM) in a run: one line on what the journal keeps, status 130.
    Typer used to end it in silence."""
    import meeple.cli.app as cli

    def two_games_then_ctrl_c(*args: Any, on_game: Any, **kwargs: Any) -> Any:
        on_game(None)
        on_game(None)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "run_many", two_games_then_ctrl_c)
    journal = tmp_path / "run.jsonl"
    args = ["simulate", "anludim", "--games", "9", "--bots", "random", "--journal", str(journal)]
    result = runner.invoke(app, args)
    assert result.exit_code == 130
    assert f"interrupted: the journal {journal} keeps 2 games" in " ".join(result.stderr.split())
    result = runner.invoke(app, args[:-2])
    assert result.exit_code == 130
    assert result.stderr.strip().endswith("interrupted")


def test_a_run_its_journal_holds_whole_reports_no_speed(runner: CliRunner, tmp_path: Path) -> None:
    args = ["simulate", "anludim", "--games", "2", "--bots", "random"]
    args += ["--journal", str(tmp_path / "run.jsonl")]
    assert "games/s" in runner.invoke(app, args).stdout
    again = runner.invoke(app, args).stdout
    assert "2 games taken from the journal" in again and "games/s" not in again


def test_a_journal_of_pairs_with_unequal_games_says_so(runner: CliRunner, tmp_path: Path) -> None:
    journal = str(tmp_path / "t.jsonl")
    common = ["tournament", "anludim", "--journal", journal]
    assert runner.invoke(app, [*common, "--bots", "greedy,random", "--games", "4"]).exit_code == 0
    more = [*common, "--bots", "greedy,random,ismcts:iterations=5", "--games", "2"]
    assert runner.invoke(app, more).exit_code == 0
    shown = runner.invoke(app, ["journal", journal])
    assert "round robin, 2 to 4 games per pair" in shown.stdout


def test_a_setting_the_game_lacks_is_refused_before_a_journal_is_begun(
    runner: CliRunner, tmp_path: Path
) -> None:
    journal = tmp_path / "late.jsonl"
    args = ["simulate", "anludim", "--bots", "ismcts:settle=true", "--games", "1"]
    result = runner.invoke(app, [*args, "--journal", str(journal)])
    assert result.exit_code == 2 and "no rule to settle" in result.stderr
    assert not journal.exists()
