"""Seat rotation, per-bot statistics and the backends: serial, processes and Ray."""

from __future__ import annotations

import sys

import pytest

import meeple
from meeple.errors import AgentError, OptionError
from meeple.sim.parallel import (
    MAX_CHUNK,
    RAY_MISSING,
    ChunkPlan,
    GameConfig,
    GameJob,
    ProcessBackend,
    SerialBackend,
    make_backend,
    max_local_jobs,
    play_chunk,
)
from meeple.sim.runner import (
    GameResult,
    run_many,
    seat_names,
    seating,
    should_rotate,
    summarize,
)

MIXED = ["greedy", "random", "random"]


def test_seating_rotates_the_bot_list() -> None:
    bots = ["a", "b", "c"]
    assert seating(bots, 0, True) == ("a", "b", "c")
    assert seating(bots, 1, True) == ("c", "a", "b")  # bot 0 moves to seat 1
    assert seating(bots, 2, True) == ("b", "c", "a")
    assert seating(bots, 3, True) == ("a", "b", "c")
    assert seating(bots, 1, False) == ("a", "b", "c")
    # Over any run of `players` games every bot sits in every seat once.
    for bot in range(3):
        seats = {seating(bots, i, True).index(bots[bot]) for i in range(3)}
        assert seats == {0, 1, 2}
    assert should_rotate(bots)
    assert not should_rotate(["x", "x"])


def test_seat_names_accepts_specs() -> None:
    assert seat_names("random", 3) == ["random"] * 3
    assert seat_names("greedy, random", 2) == ["greedy", "random"]
    with pytest.raises(AgentError, match="unknown agent 'nobody'"):
        seat_names("random,nobody", 2)
    with pytest.raises(AgentError, match="one per seat"):
        seat_names("random,random", 3)
    with pytest.raises(AgentError, match="agent 'random' has no setting"):
        seat_names("random:depth=3", 2)


def test_run_many_rotates_and_notes_who_sat_where() -> None:
    game = meeple.load_game("anludim", players=3)
    results = run_many(game, MIXED, 4, seed=10)
    assert [r.seed for r in results] == [10, 11, 12, 13]
    assert [r.agents for r in results] == [seating(MIXED, i, True) for i in range(4)]
    fixed = run_many(game, MIXED, 2, seed=10, rotate=False)
    assert all(r.agents == tuple(MIXED) for r in fixed)


def fake(returns: list[float], scores: list[float]) -> GameResult:
    return GameResult(seed=0, returns=returns, scores=scores, decisions=1)


def test_summarize_counts_each_bot_wherever_it_sat() -> None:
    # Game 0: bot 0 in seat 0 wins; game 1: bot 0 sits in seat 1 and wins; game 2: bot 0 in
    # seat 0 loses to bot 1 in seat 1 (rotation with two seats).
    results = [fake([1.0, 0.0], [5, 1]), fake([0.0, 1.0], [2, 6]), fake([0.0, 1.0], [1, 3])]
    summary = summarize(results, 2, bots=["a", "b"], rotate=True)
    a, b = summary.bots
    assert (a.spec, a.wins, a.games) == ("a", 2, 3)
    assert (b.spec, b.wins, b.games) == ("b", 1, 3)
    assert a.scores is not None and a.scores.mean == pytest.approx((5 + 6 + 1) / 3)
    assert summary.wins == [1, 2]
    low, high = a.rate.interval
    assert low < 2 / 3 < high
    data = summary.to_json()
    assert data["rotate"] is True
    assert data["per_bot"][0]["win_rate"] == pytest.approx(2 / 3)
    assert data["per_bot"][0]["win_rate_ci"] == [low, high]
    assert len(data["win_rate_ci"]) == 2
    # Without rotation, bot j is seat j; tied winners both count.
    tied = summarize([fake([1.0, 1.0], [3, 3])], 2, bots=["a", "b"])
    assert [b.wins for b in tied.bots] == [1, 1]


def test_chunks_follow_the_pace_of_the_games_and_keep_every_job_in_order() -> None:
    jobs = [GameJob(i, i, ("random",)) for i in range(1000)]
    plan = ChunkPlan(jobs, 2)
    first = plan.take()
    assert len(first) == 1  # nothing is known of the pace yet
    plan.observe(1, 0.002)  # cheap games: chunks grow to the cap
    cheap = plan.take()
    assert len(cheap) == MAX_CHUNK
    plan.observe(MAX_CHUNK, 60.0 * MAX_CHUNK)  # a minute a game (pace averaged): one each
    slow = [plan.take() for _ in range(3)]
    assert [len(c) for c in slow] == [1, 1, 1]
    for _ in range(20):  # the games get quick again: the chunks follow
        plan.observe(1, 0.0)
    chunks = [first, cheap, *slow, plan.take()]
    assert len(chunks[-1]) == MAX_CHUNK
    while plan:
        chunks.append(plan.take())
    assert [job for chunk in chunks for job in chunk] == jobs
    # Near the end a chunk is at most a quarter of what is left (two workers), so the
    # workers finish together.
    assert len(chunks[-2]) <= 2 and len(chunks[-1]) == 1
    assert ChunkPlan([], 2).take() == []


def test_processes_give_the_serial_results() -> None:
    game = meeple.load_game("anludim", players=3)
    serial = run_many(game, MIXED, 24, seed=5)
    seen: list[GameResult] = []
    parallel = run_many(game, MIXED, 24, seed=5, on_game=seen.append, backend=ProcessBackend(2))
    assert parallel == serial
    assert sorted(seen, key=lambda r: r.seed) == serial  # every game reported once


def test_a_worker_plays_a_chunk_like_the_serial_backend() -> None:
    game = meeple.load_game("anludim", players=2, variant="expert")
    config = GameConfig.of(game)
    assert config.load().info.values == game.info.values
    jobs = [GameJob(i, 40 + i, ("random", "greedy")) for i in range(3)]
    assert play_chunk(config, jobs) == SerialBackend().run(game, jobs)


def test_make_backend() -> None:
    assert make_backend().name == "serial"
    assert make_backend("local", 1).name == "serial"
    local = make_backend("local", 3)
    assert (local.name, local.workers) == ("processes", 3)
    with pytest.raises(OptionError, match="unknown backend 'dask'; available backends: local"):
        make_backend("dask")
    with pytest.raises(OptionError, match="--jobs must be at least 1, not 0"):
        make_backend("local", 0)
    with pytest.raises(OptionError, match="--address is for --backend ray"):
        make_backend("local", 2, address="127.0.0.1:6379")


def test_jobs_are_capped_by_the_machine() -> None:
    most = max_local_jobs()
    assert most >= 16
    assert make_backend("local", most).workers == most
    with pytest.raises(OptionError, match=f"--jobs {most + 1} is more worker processes"):
        make_backend("local", most + 1)


def test_ray_backend_without_ray_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(OptionError) as info:
        make_backend("ray", 2)
    assert str(info.value) == RAY_MISSING
    assert "pip install 'meeple[ray]'" in str(info.value)


def test_a_small_ray_run_gives_the_serial_results() -> None:
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'meeple[ray]'")
    game = meeple.load_game("anludim", players=2)
    serial = run_many(game, ["greedy", "random"], 4, seed=3)
    ray_backend = make_backend("ray", 2)
    assert ray_backend.name == "ray"
    assert run_many(game, ["greedy", "random"], 4, seed=3, backend=ray_backend) == serial


def test_ray_address_nobody_answers_at_fails_fast() -> None:
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'meeple[ray]'")
    import socket

    from meeple.sim.parallel import RayBackend

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    backend = RayBackend(workers=1, address=f"127.0.0.1:{port}")
    game = meeple.load_game("anludim", players=2)
    with pytest.raises(OptionError, match="no Ray cluster answers"):
        backend.run(game, [GameJob(0, 0, ("random", "random"))])


def test_run_many_and_run_tournament_check_their_python_inputs_before_playing() -> None:
    from meeple.sim import run_many, run_tournament

    game = meeple.load_game("anludim", players=2)
    assert len(run_many(game, ["random"], games=1, seed=1)) == 1  # one spec fills the seats
    assert len(run_many(game, "random,greedy", games=1, seed=1)) == 1
    with pytest.raises(AgentError, match="one per seat \\(2\\)"):
        run_many(game, ["random", "greedy", "random"], games=1, seed=1)
    for games in (-1, 1.5, "2", True):
        with pytest.raises(OptionError, match="--games must be a whole number"):
            run_many(game, ["random"], games=games, seed=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="seed must be"):
        run_many(game, ["random"], games=1, seed="1")  # type: ignore[arg-type]
    with pytest.raises(AgentError, match="at least two bots"):
        run_tournament(game, ["random"], games=1, seed=1)
    with pytest.raises(AgentError, match="listed twice"):
        run_tournament(game, ["random", "random"], games=1, seed=1)
    with pytest.raises(OptionError, match="at least 1"):
        run_tournament(game, ["random", "greedy"], games=0, seed=1)


def test_a_worker_ends_once_the_run_that_started_it_is_gone() -> None:
    """A run killed outright (kill -9) cannot stop its workers: each watches for it and
    ends itself, where it used to wait on its queue for ever."""
    import subprocess

    parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3)"])
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from meeple.sim.parallel import _exit_with\n"
            "_exit_with(int(sys.argv[1]))\n"
            "time.sleep(60)\n",
            str(parent.pid),
        ]
    )
    try:
        parent.wait()
        assert worker.wait(timeout=20) == 1
    finally:
        worker.kill()


@pytest.mark.parametrize("jobs", [2.5, "3", True])
def test_jobs_are_whole_numbers(jobs: object) -> None:
    with pytest.raises(OptionError, match="--jobs must be a whole number"):
        make_backend("local", jobs)  # type: ignore[arg-type]


def test_the_python_api_refuses_what_is_no_agent_list() -> None:
    from meeple.sim.runner import run_many
    from meeple.sim.tournament import run_tournament

    game = meeple.load_game("anludim")
    for bots in (None, [1, 2]):
        with pytest.raises(AgentError, match="agents are specs"):
            run_many(game, bots, 2, 1)  # type: ignore[arg-type]
        with pytest.raises(AgentError, match="agents are specs"):
            run_tournament(game, bots, games=2, seed=1)  # type: ignore[arg-type]
