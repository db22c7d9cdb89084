"""Where games run: in this process, in worker processes, or on a Ray cluster.

A run is a list of `GameJob`s (game index, seed, agent spec per seat) and the game's
configuration (name, players, options). Every backend plays each job the same way:
the game and the agents are built inside the worker from those specs and seeds, so
the results do not depend on the backend or on the number of workers, and they come
back ordered by game index. (Agents on a time budget, such as `ismcts:seconds=1`,
are the exception: how many iterations fit in a second depends on the machine and
its load, so only iteration budgets are reproducible.)

Jobs travel in chunks, a few games each, so that cheap games (a random game of
Anludim takes milliseconds) do not drown in the cost of sending them to a worker.

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
import socket
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace
from typing import Any, Protocol

from meeple.core.game import Game
from meeple.core.registry import load_game
from meeple.errors import MeepleError, OptionError
from meeple.sim.runner import GameResult, make_agents, play_game

BACKENDS = ("local", "ray")
"""What `--backend` accepts: local (serial for one job, else processes) and ray."""

RAY_MISSING = "--backend ray needs Ray, which is not installed: pip install 'meeple[ray]'"

OnResult = Callable[[GameResult], None]


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


def chunked(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """Jobs in chunks: about 8 per worker, at most 64 games each, so the workers stay
    busy to the end and the progress bar still moves."""
    size = max(1, min(64, math.ceil(len(jobs) / (workers * 8))))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def _in_order(jobs: Sequence[GameJob], done: dict[int, GameResult]) -> list[GameResult]:
    return [done[job.index] for job in jobs]


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
        if workers < 1:
            raise OptionError(f"--jobs must be at least 1, not {workers}")
        self.workers = workers

    def run(
        self, game: Game, jobs: Sequence[GameJob], on_result: OnResult | None = None
    ) -> list[GameResult]:
        if not jobs:
            return []
        config = GameConfig.of(game)
        chunks = chunked(jobs, self.workers)
        done: dict[int, GameResult] = {}
        pool = ProcessPoolExecutor(
            max_workers=min(self.workers, len(chunks)), mp_context=_process_context()
        )
        try:
            futures: dict[Future[list[GameResult]], list[GameJob]] = {
                pool.submit(play_chunk, config, chunk): chunk for chunk in chunks
            }
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    for result, job in zip(future.result(), futures[future], strict=True):
                        done[job.index] = result
                        if on_result is not None:
                            on_result(result)
        except BaseException:
            # Interrupted, or a game failed: stop the workers now rather than let them
            # finish their chunks (ProcessPoolExecutor has no public way to do this
            # before Python 3.14's terminate_workers).
            for process in list((pool._processes or {}).values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        return _in_order(jobs, done)


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
    cluster, Ray spreads the tasks over all its CPUs and `workers` only sizes the
    chunks. meeple must be installed on every node of a cluster. A Ray instance this
    backend started is shut down when the run ends; one already running is left alone.
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        if workers is not None and workers < 1:
            raise OptionError(f"--jobs must be at least 1, not {workers}")
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
        try:
            ray.init(**settings)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = self.address or "a local instance"
            raise OptionError(f"cannot start Ray ({where}): {exc}") from None
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
            task = ray.remote(play_chunk)
            config = GameConfig.of(game)
            chunks = chunked(jobs, self.workers)
            refs = {task.remote(config, chunk): chunk for chunk in chunks}
            done: dict[int, GameResult] = {}
            pending = list(refs)
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    try:
                        results = ray.get(ref)
                    except ray.exceptions.RayTaskError as exc:
                        cause = getattr(exc, "cause", None)
                        if isinstance(cause, MeepleError):
                            raise cause from None
                        raise
                    for result, job in zip(results, refs[ref], strict=True):
                        done[job.index] = result
                        if on_result is not None:
                            on_result(result)
            return _in_order(jobs, done)
        finally:
            if started:
                ray.shutdown()


def make_backend(
    name: str = "local", jobs: int | None = None, address: str | None = None
) -> Backend:
    """The backend for `--backend NAME --jobs N [--address A]`.

    local: this process for one job (the default), N worker processes for more.
    ray: Ray tasks, on a local instance with N CPUs (all by default) or at `address`.
    """
    if name not in BACKENDS:
        raise OptionError(f"unknown backend {name!r}; available backends: {', '.join(BACKENDS)}")
    if jobs is not None and (isinstance(jobs, bool) or jobs < 1):
        raise OptionError(f"--jobs must be at least 1, not {jobs}")
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
    "GameConfig",
    "GameJob",
    "ProcessBackend",
    "RayBackend",
    "SerialBackend",
    "chunked",
    "make_backend",
    "play_chunk",
    "play_job",
]
