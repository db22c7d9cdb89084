"""`meeple games`, `simulate`, `replay` and `bench`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app


def one_error_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_games_lists_anludim_with_its_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "anludim" in out
    assert "2-5 players" in out
    for name in ("variant", "straight_wrap", "tie_order", "two_player_start_scroll"):
        assert name in out
    assert "base, expert" in out
    # Arnak's default 2-player game has no note; its solo rival's placeholder arrows do
    arnak = " ".join(out.split("arnak (")[1].split())
    assert "note (1 player):" in arnak and "placeholder" in arnak
    assert "note (2 players)" not in arnak
    # the Twisted Paths board sides play on placeholder tracks: an option's note says so
    assert "note (board=spider): The Spider Temple side is played on meeple's placeholder" in arnak
    assert "note (board=owl): The Owl Temple side" in arnak
    assert "note (board=snake)" not in arnak


@pytest.mark.parametrize(
    ("game", "says"), [("anludim", "Gathering"), ("aridnyk", "Horizon"), ("arnak", "Lost Temple")]
)
def test_rules_prints_how_to_play(runner: CliRunner, game: str, says: str) -> None:
    result = runner.invoke(app, ["rules", game])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "How to play" in words and "The aim" in words and says in words
    bad = runner.invoke(app, ["rules", "chess"])
    assert bad.exit_code == 2
    assert "unknown game 'chess'" in one_error_line(bad.stderr)


def test_simulate_json(runner: CliRunner) -> None:
    args = ["simulate", "anludim", "--games", "20", "--players", "4", "--seed", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert result.stderr == ""  # no progress bar with --json
    assert data["games"] == 20
    assert data["players"] == 4
    assert data["bots"] == ["random"] * 4
    assert len(data["win_rate"]) == 4
    assert sum(data["wins"]) >= 20  # every game has a winner; tied winners each count
    assert data["win_rate"] == [w / 20 for w in data["wins"]]
    for measure in ("decisions", "turns", "rounds"):
        spread = data["length"][measure]
        assert spread["min"] <= spread["mean"] <= spread["max"]
    assert len(data["scores"]) == 4
    assert all(set(s) == {"mean", "min", "max"} for s in data["scores"])
    again = runner.invoke(app, args)
    assert {**json.loads(again.stdout), "seconds": 0} == {**data, "seconds": 0}


def test_simulate_table(runner: CliRunner) -> None:
    args = ["simulate", "anludim", "--games", "3", "--bots", "random", "-o", "variant=expert"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout
    assert "rounds per game" in result.stdout


def test_simulate_bad_bots(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "anludim", "--bots", "random,nobody,random"])
    assert result.exit_code == 2
    assert "unknown agent 'nobody'" in one_error_line(result.stderr)


def test_replay_a_finished_game(runner: CliRunner, finished_record: Path) -> None:
    result = runner.invoke(app, ["replay", str(finished_record)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "   1. seat 0: " in out
    assert "Game over" in out
    # without --seat the game ends on the spectator's view: no hand is "yours"
    assert "spectator's view" in out and "you are seat" not in out


def test_replay_as_one_seat_hides_the_others_keeps(
    runner: CliRunner, finished_record: Path
) -> None:
    result = runner.invoke(app, ["replay", str(finished_record), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "you are seat 1" in result.stdout
    for line in result.stdout.splitlines():
        if ". seat 0: " in line or ". seat 2: " in line:
            assert "keep " not in line.split(": ", 1)[1][:5]


def test_replay_step_by_step_stops_on_q_and_on_end_of_input(
    runner: CliRunner, finished_record: Path
) -> None:
    result = runner.invoke(app, ["replay", str(finished_record), "--step"], input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert "   3. seat" in result.stdout
    assert "   4. seat" not in result.stdout
    result = runner.invoke(app, ["replay", str(finished_record), "--step"], input="\n")
    assert result.exit_code == 0, result.output
    assert "   2. seat" in result.stdout
    assert "   3. seat" not in result.stdout


def test_replay_step_by_step_goes_back(runner: CliRunner, finished_record: Path) -> None:
    args = ["replay", str(finished_record), "--step"]
    result = runner.invoke(app, args, input="b\n\n\nb\nb\nq\n")
    assert result.exit_code == 0, result.output
    steps = [line.split(".")[0].strip() for line in result.stdout.splitlines()]
    steps = [s for s in steps if s.isdigit()]
    assert steps == ["1", "1", "2", "3", "2", "1"]
    assert "this is the first step" in result.stdout


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "does not hold a JSON object"),
        ('{"game": "anludim"}', "record lacks"),
        (
            '{"game": "anludim", "options": {}, "players": 3, "seed": 1, "actions": [9999]}',
            "move 1 (actions[0] = 9999) is illegal",
        ),
        ('{"game": "chess", "options": {}, "players": 2, "seed": 1, "actions": []}', "chess"),
        (
            '{"game": "anludim", "options": {}, "players": 3, "seed": 1' + "0" * 5000 + "}",
            "holds a number too long for a record",
        ),
    ],
)
def test_replay_corrupt_file(runner: CliRunner, tmp_path: Path, content: str, needle: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert needle in one_error_line(result.stderr)
    assert result.stdout == ""


def test_replay_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code == 2
    assert "cannot read record file" in one_error_line(result.stderr)


def test_replay_and_resume_refuse_what_is_no_file_and_read_a_byte_order_mark(
    runner: CliRunner, tmp_path: Path, finished_record: Path
) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # opening it would wait for a writer
    for path in ("/dev/zero", str(pipe), str(tmp_path)):
        for args in (["replay", path], ["play", "anludim", "--resume", path]):
            result = runner.invoke(app, args)
            assert result.exit_code == 2, (args, result.output)
            assert "is not a regular file" in one_error_line(result.stderr)
    marked = tmp_path / "marked.json"
    marked.write_bytes(b"\xef\xbb\xbf" + finished_record.read_bytes())
    result = runner.invoke(app, ["replay", str(marked)])
    assert result.exit_code == 0, result.output


def test_resume_reads_the_game_name_in_any_case(runner: CliRunner, tmp_path: Path) -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=1)
    state.apply_action(state.legal_actions()[0])
    record = {**state.to_record(), "game": "ANLUDIM"}
    path = tmp_path / "upper.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["play", "Anludim", "--resume", str(path)], input="q\n\n")
    assert result.exit_code == 0, result.output
    assert "resumed after 1 decision" in result.stdout


def test_bench_runs(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "anludim", "--seconds", "0.2", "--repeats", "1"])
    assert result.exit_code == 0, result.output
    assert "decisions/s" in result.stdout
    assert "clone()" in result.stdout
    assert "ISMCTS, iterations/s" in result.stdout
    assert "ISMCTS, plain search, iterations/s" in result.stdout
    assert "--jobs 2 speed-up over --jobs 1" in result.stdout
    assert "--jobs 2 speed-up, workers started" in result.stdout
    assert "RESULTS DIFFER" not in result.stdout
    args = ["bench", "anludim", "--players", "2", "--seconds", "0.2", "--repeats", "1", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 2
    assert data["decisions_per_second"] > 0
    assert data["clone_us"] > 0 and data["legal_actions_us"] > 0
    assert len(data["runs"]) == 1
    assert data["ismcts_iterations_per_second"] > 0 and data["ismcts_note"] is None
    assert data["runs"][0]["ismcts_iterations_per_second"] > 0
    assert data["ismcts_random_rollout_iterations_per_second"] > 0
    speedup = data["jobs_speedup"]
    assert speedup["jobs"] == 2 and speedup["identical"] is True
    assert speedup["speedup"] > 0 and speedup["games"] >= 8
    assert 0 < speedup["start_seconds"] < speedup["parallel_seconds"]
    assert speedup["started_speedup"] > speedup["speedup"]


def test_bench_can_skip_ismcts_and_the_speedup(runner: CliRunner) -> None:
    args = ["bench", "anludim", "--seconds", "0.1", "--repeats", "1", "--no-ismcts"]
    result = runner.invoke(app, [*args, "--no-speedup", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ismcts_iterations_per_second"] is None
    assert data["ismcts_random_rollout_iterations_per_second"] is None
    assert data["ismcts_note"] == "ISMCTS skipped (--no-ismcts)"
    assert data["jobs_speedup"] is None
    result = runner.invoke(app, [*args, "--no-speedup"])
    assert result.exit_code == 0, result.output
    assert "ISMCTS skipped" in result.stdout
    assert "speed-up" not in result.stdout


def test_bench_bad_settings(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", "anludim", "--repeats", "0"])
    assert result.exit_code == 2
    assert "--repeats must be at least 1" in one_error_line(result.stderr)


def test_simulate_table_leaves_out_what_a_game_does_not_count(runner: CliRunner) -> None:
    """Aridnyk plays seasons, not rounds: no line "rounds per game: -"."""
    args = ["simulate", "aridnyk", "--games", "2", "--bots", "random"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "turns per game" in result.stdout and "rounds per game" not in result.stdout


def test_a_solo_run_won_every_time_points_to_the_scores(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", "aridnyk", "-p", "1", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "one seat won every game: compare the scores" in result.stdout


@pytest.mark.parametrize("command", ["simulate", "play", "tournament", "replay", "serve"])
def test_help_shows_flags_as_flags(runner: CliRunner, command: str) -> None:
    """A flag takes no value, and its help line does not suggest one (typer 0.29 wrote
    `<bool>` after each: pyproject.toml keeps it out)."""
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "--help" in result.output and "<bool>" not in result.output


def test_version_names_meeple_and_each_games_rules_revision(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"meeple {meeple.__version__}; rules revisions: ")
    for name in meeple.list_games():
        assert f"{name} {meeple.load_game(name).info.rules}" in result.stdout


def test_simulate_says_when_shared_wins_make_the_rates_add_to_over_100(
    runner: CliRunner,
) -> None:
    shared = runner.invoke(app, ["simulate", "aridnyk", "-n", "40", "-p", "2"])
    assert shared.exit_code == 0, shared.output
    words = " ".join(shared.stdout.split())
    assert "a win shared by several seats counts for each" in words
    single = runner.invoke(app, ["simulate", "anludim", "-n", "20", "-p", "3"])
    assert "a win shared" not in " ".join(single.stdout.split())


def test_replay_and_resume_say_when_a_record_was_saved_under_other_rules(
    runner: CliRunner, finished_record: Path, tmp_path: Path
) -> None:
    """It still replays, but may deal or play otherwise than the game saved: a record
    naming another rules revision, or none (saved before records named one), says so."""
    record = json.loads(finished_record.read_text())
    assert "note:" not in runner.invoke(app, ["replay", str(finished_record)]).stdout
    for rules, words in (
        ("2026-11-01", 'under the anludim rules of "2026-11-01"'),
        (None, "before"),
    ):
        older = tmp_path / "older.json"
        older.write_text(
            json.dumps(
                {**record, "rules": rules}
                if rules
                else {k: v for k, v in record.items() if k != "rules"}
            )
        )
        for args in (["replay", str(older)], ["play", "anludim", "--resume", str(older)]):
            result = runner.invoke(app, args)
            assert result.exit_code == 0, result.output
            said = " ".join(result.stdout.split())
            assert f"note: the record was saved {words}" in said
            assert "it replays, but may not be the game that was played" in said
