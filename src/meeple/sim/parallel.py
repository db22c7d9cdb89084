"""Where games run: in this process, in worker processes, or on a Ray cluster.

A run is a list of `GameJob`s (game index, seed, agent spec per seat) and the game's
configuration (name, players, options). Every backend plays each job the same way:
the game and the agents are built inside the worker from those specs and seeds, so
the results do not depend on the backend or on the number of workers, and they come
back ordered by game index. (Agents on a time budget, such as `ismcts:seconds=1`,
are the exception: how many iterations fit in a second depends on the machine and
its load, so only iteration budgets are reproducible.)

Jobs travel in chunks sized by the pace of the games (`ChunkPlan`): one game each
at first, then about half a second of play each, so that cheap games (a random game of
Anludim takes milliseconds) do not drown in the cost of sending them to a worker, and
long ones (an hour of ISMCTS games) still come back, and are reported, game by game.

Worker processes are forked from a fork server (spawned where there is none), never
from the calling process with its threads; as with any such start method, a script
that runs games in processes must do so under `if __name__ == "__main__":`.
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from typing import Any, Protocol

from meeple.core.game import Game, plain_int, shown_value
from meeple.core.registry import load_game
from meeple.errors import MeepleError, OptionError
from meeple.sim.runner import GameResult, make_agents, play_game

BACKENDS = ("local", "ray")
"""What `--backend` accepts: local (serial for one job, else processes) and ray."""

RAY_MISSING = (
    "--backend ray needs Ray, which is not installed: pip install 'meeple[ray]' "
    "(from a checkout: pip install -e '.[ray]')"
)

OnResult = Callable[[GameResult], None]


def check_jobs(jobs: Any) -> int:
    """A count of workers: a whole number of at least 1 (a numpy integer as its int)."""
    plain = plain_int(jobs)
    if plain.__class__ is not int:
        raise OptionError(f"--jobs must be a whole number, not {shown_value(jobs)}")
    if plain < 1:
        raise OptionError(f"--jobs must be at least 1, not {plain}")
    return int(plain)


@dataclass(frozen=True)
class GameJob:
    """One game of a run: its place in the run, its seed, and the agent spec per seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True)
class GameConfig:
    """What a worker needs to build the game: its name, player count and options."""

    name: str
    players: int
    options: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, game: Game) -> GameConfig:
        return cls(game.info.name, game.info.players, tuple(sorted(game.info.values.items())))

    def load(self) -> Game:
        return load_game(self.name, players=self.players, **dict(self.options))


_GAMES: dict[GameConfig, Game] = {}
"""Games a worker process has built, so each is built once per process."""


def _game(config: GameConfig) -> Game:
    game = _GAMES.get(config)
    if game is None:
        game = _GAMES[config] = config.load()
    return game


def play_job(game: Game, job: GameJob) -> GameResult:
    """Play one job: agents built from their specs, seeded by game seed and seat."""
    result = play_game(game, make_agents(job.seats, job.seed), job.seed)
    return replace(result, agents=job.seats)


def play_chunk(config: GameConfig, jobs: Sequence[GameJob]) -> list[GameResult]:
    """Play a chunk of jobs in a worker (a top-level function, so it pickles by name)."""
    game = _game(config)
    return [play_job(game, job) for job in jobs]


CHUNK_SECONDS = 0.5
"""About how long a chunk of games plays, once the pace of the run is known."""
MAX_CHUNK = 64


class ChunkPlan:
    """Hands out a run's jobs in chunks sized by how long its games take.

    The first chunks hold one game each; from then on a chunk holds about
    `CHUNK_SECONDS` of play at the pace the workers report (at most `MAX_CHUNK` games,
    and at most a share of what is left, so the workers finish together). A run of
    long games is thus reported, and journaled, game by game, and a run of short ones
    sends few messages.
    """

    def __init__(self, jobs: Sequence[GameJob], workers: int) -> None:
        self._jobs = list(jobs)
        self._next = 0
        self._workers = max(1, workers)
        self._done: dict[int, GameResult] = {}
        self.pace: float | None = None
        """Seconds a game takes, as last measured (None before the first chunk ends)."""

    def __bool__(self) -> bool:
        return self._next < len(self._jobs)

    def wants(self, in_flight: int) -> bool:
        """Whether to send another chunk while `in_flight` are out: jobs are left and
        fewer than two chunks per worker are out (one playing, one waiting)."""
        return bool(self) and in_flight < 2 * self._workers

    def size(self) -> int:
        """How many games the next chunk holds."""
        left = len(self._jobs) - self._next
        if self.pace is None:
            return min(1, left)
        wanted = MAX_CHUNK if self.pace <= 0 else int(CHUNK_SECONDS / self.pace)
        return max(1, min(wanted, MAX_CHUNK, math.ceil(left / (2 * self._workers))))

    def take(self) -> list[GameJob]:
        chunk = self._jobs[self._next : self._next + self.size()]
        self._next += len(chunk)
        return chunk

    def observe(self, games: int, seconds: float) -> None:
        """A chunk of `games` games took `seconds` in its worker."""
        pace = seconds / max(1, games)
        self.pace = pace if self.pace is None else (self.pace + pace) / 2

    def deliver(
        self,
        chunk: Sequence[GameJob],
        played: tuple[list[GameResult], float],
        on_result: OnResult | None,
    ) -> None:
        """Take a chunk's results and time (what `timed_chunk` returned), report each."""
        results, seconds = played
        self.observe(len(chunk), seconds)
        for result, job in zip(results, chunk, strict=True):
            self._done[job.index] = result
            if on_result is not None:
                on_result(result)

    def results(self) -> list[GameResult]:
        """Every job's result, in the order of the jobs."""
        return [self._done[job.index] for job in self._jobs]


def timed_chunk(config: GameConfig, jobs: Sequence[GameJob]) -> tuple[list[GameResult], float]:
    """`play_chunk`, and the seconds its games took in the worker (the plan's measure of
    pace), not counting the game's loading in a worker's first chunk."""
    _game(config)
    start = time.perf_counter()
    results = play_chunk(config, jobs)
    return results, time.perf_counter() - start


class Backend(Protocol):
    """Runs the jobs of one game configuration; results in the order of `jobs`."""

    name: str
    workers: int

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]: ...


class SerialBackend:
    """Every game in this process, one after another."""

    name = "serial"
    workers = 1

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        results = []
        for job in jobs:
            result = play_job(game, job)
            results.append(result)
            if on_result is not None:
                on_result(result)
        return results


def _exit_with(parent: int) -> None:
    """A worker's initializer. Ctrl-C is the run's to handle (it stops the workers):
    a worker ignores it, where it printed a traceback of its own. And the worker ends
    once the process that started the run is gone: a run killed outright (kill -9, the
    out-of-memory killer) cannot stop its workers, and they would wait on their queue
    for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(1)
            except OSError:  # alive, though not ours to signal
                pass

    if os.name == "posix":  # elsewhere os.kill(pid, 0) is no harmless probe
        threading.Thread(target=watch, name="meeple-parent-watch", daemon=True).start()


def _process_context() -> multiprocessing.context.BaseContext:
    """Fresh workers that do not inherit this process's threads (a progress bar's).

    A fork server imports meeple once and forks each worker from that clean process,
    which is as quick as fork and as safe as spawn; spawn where there is no fork server.
    """
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["meeple.sim.parallel"])
        return context
    return multiprocessing.get_context("spawn")


class ProcessBackend:
    """Games in `workers` processes of this machine (concurrent.futures)."""

    name = "processes"

    def __init__(self, workers: int) -> None:
        self.workers = check_jobs(workers)
        self.start_seconds: float | None = None
        """How long the last run took to start: from its call until a worker had begun
        playing (processes started, meeple imported, the game loaded); None before."""

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        if not jobs:
            return []
        begun = time.perf_counter()
        self.start_seconds = None
        config = GameConfig.of(game)
        plan = ChunkPlan(jobs, self.workers)
        pool = ProcessPoolExecutor(
            max_workers=min(self.workers, len(jobs)),
            mp_context=_process_context(),
            initializer=_exit_with,
            initargs=(os.getpid(),),
        )
        in_flight: dict[Future[tuple[list[GameResult], float]], list[GameJob]] = {}
        try:
            while plan or in_flight:
                while plan.wants(len(in_flight)):
                    chunk = plan.take()
                    in_flight[pool.submit(timed_chunk, config, chunk)] = chunk
                finished, _ = wait(in_flight, return_when=FIRST_COMPLETED)
                for future in finished:
                    played = future.result()
                    if self.start_seconds is None:
                        # the first chunk back, less its games' time: the start
                        self.start_seconds = time.perf_counter() - begun - played[1]
                    plan.deliver(in_flight.pop(future), played, on_result)
        except BaseException:
            # Interrupted, or a game failed: stop the workers now rather than let them
            # finish their chunks (ProcessPoolExecutor has no public way to do this
            # before Python 3.14's terminate_workers).
            for process in list((pool._processes or {}).values()):
                process.terminate()
            # waited for: the pool's thread, left running, could still write to its
            # closed pipes as the interpreter ends ("Exception ignored ... Bad file
            # descriptor")
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown()
        return plan.results()


def _ray() -> Any:
    """The ray module, or an OptionError saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise OptionError(RAY_MISSING) from None


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a HOST:PORT nobody answers at (ray.init would wait without end)."""
    host, sep, port = address.rpartition(":")
    if address == "auto" or not sep:
        return
    if not port.isdigit():
        raise OptionError(f"--address is HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout):
            pass
    except OSError as exc:
        raise OptionError(f"no Ray cluster answers at {address}: {exc}") from None


class RayBackend:
    """Games as Ray tasks: a local Ray instance by default, or the cluster at `address`.

    A local instance gets `workers` CPUs (all of this machine's when None); on a
    cluster, Ray spreads the tasks over all its CPUs, with twice as many chunks in
    flight. meeple must be installed on every node of a cluster. A Ray instance this
    backend started is shut down when the run ends; one already running is left alone.
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        if workers is not None:
            workers = check_jobs(workers)
        self.ray = _ray()
        self.address = address
        self.workers = workers or os.cpu_count() or 1

    def _start(self) -> bool:
        """Connect to Ray; True when this call started it (and so must stop it)."""
        ray = self.ray
        if ray.is_initialized():
            return False
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        settings: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.ERROR,
        }
        if self.address is None:
            settings["num_cpus"] = self.workers
        else:
            _check_reachable(self.address)
            settings["address"] = self.address
        # Ray sets its own SIGTERM handler (a stack dump, exit 15): the one before it
        # (the command line's, which stops a run as Ctrl-C does) is put back
        on_term = signal.getsignal(signal.SIGTERM)
        try:
            ray.init(**settings)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = self.address or "a local instance"
            raise OptionError(f"cannot start Ray ({where}): {exc}") from None
        if on_term is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, on_term)
        if self.address is not None:
            self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return True

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        if not jobs:
            return []
        ray = self.ray
        started = self._start()
        try:
            task = ray.remote(timed_chunk)
            config = ray.put(GameConfig.of(game))
            plan = ChunkPlan(jobs, self.workers)
            in_flight: dict[Any, list[GameJob]] = {}
            while plan or in_flight:
                while plan.wants(len(in_flight)):
                    chunk = plan.take()
                    in_flight[task.remote(config, chunk)] = chunk
                ready, _ = ray.wait(list(in_flight), num_returns=1)
                for ref in ready:
                    chunk = in_flight.pop(ref)
                    try:
                        played = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        if isinstance(cause, MeepleError):
                            raise cause from None
                        raise
                    plan.deliver(chunk, played, on_result)
            return plan.results()
        finally:
            if started:
                ray.shutdown()


JOBS_PER_CPU = 4
"""Workers per CPU that --jobs may ask of a machine (beyond the CPUs they only queue)."""


def max_local_jobs() -> int:
    """The most worker processes --jobs may start on this machine (at least 16)."""
    return max(16, JOBS_PER_CPU * (os.cpu_count() or 1))


def make_backend(
    name: str = "local", jobs: int | None = None, address: str | None = None
) -> Backend:
    """The backend for `--backend NAME --jobs N [--address A]`.

    local: this process for one job (the default), N worker processes for more.
    ray: Ray tasks, on a local instance with N CPUs (all by default) or at `address`.
    """
    if name not in BACKENDS:
        raise OptionError(f"unknown backend {name!r}; available backends: {', '.join(BACKENDS)}")
    if jobs is not None:
        jobs = check_jobs(jobs)
    most = max_local_jobs()
    if jobs is not None and jobs > most and address is None:
        # Each worker is a Python process with meeple loaded: thousands of them would
        # exhaust the machine's memory long before they sped anything up.
        raise OptionError(
            f"--jobs {jobs} is more worker processes than this machine can run: at most "
            f"{most} here ({JOBS_PER_CPU} per CPU, and never fewer than 16)"
        )
    if name == "ray":
        return RayBackend(jobs, address)
    if address is not None:
        raise OptionError("--address is for --backend ray")
    if jobs is None or jobs == 1:
        return SerialBackend()
    return ProcessBackend(jobs)


__all__ = [
    "BACKENDS",
    "Backend",
    "ChunkPlan",
    "GameConfig",
    "GameJob",
    "ProcessBackend",
    "RayBackend",
    "SerialBackend",
    "make_backend",
    "play_chunk",
    "play_job",
    "timed_chunk",
]
