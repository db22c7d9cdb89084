"""Load test of the play server: many tables played at once, one scripted client each.

    python tools/load_test.py --tables 200              # start `meeple serve` here
    python tools/load_test.py --url http://127.0.0.1:8000 --tables 50 --json

Every table has one human seat, played over the WebSocket by a scripted client that
picks a random legal action whenever its seat decides, and bot seats (`--bots`, random
by default). All tables are created first, then every client connects and plays its
game to the end, all at once. The figure that matters is the round trip of the client's
own actions: from sending {"type": "act"} to receiving the first "state" message whose
version is past the one acted on. Bots' thinking is not in it: a bot's turn starts only
after the client's action was committed and broadcast.

Without --url the script starts `meeple serve` on a free loopback port with a fresh
SQLite file in a temporary folder (removed afterwards) and stops it at the end; a server
given by --url must take that many tables from one address (`--tables-per-client`). It
exits 1 when a game did not finish, a client saw an error, or the p99 round trip is over
--max-p99-ms (when given).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
import websockets

STARTUP_SECONDS = 60.0
"""How long a server started here may take to answer GET /api/games."""
HTTP_CONCURRENCY = 8
"""Tables created at once (POST /api/tables)."""
MAX_ERRORS = 5
"""A client that got this many error messages gives its table up."""
MAX_MESSAGE_BYTES = 1 << 22
"""The largest state message the clients accept (a long game's log grows)."""

_decode = msgspec.json.Decoder().decode


@dataclass
class TableResult:
    table: str
    seat: int
    token: str = field(repr=False)
    round_trips: list[float] = field(default_factory=list)
    moves: int = 0
    finished: bool = False
    failure: str | None = None
    errors: list[str] = field(default_factory=list)


@dataclass
class Report:
    game: str
    players: int
    tables: int
    server: str
    results: list[TableResult]
    wall_seconds: float
    setup_seconds: float
    think: tuple[float, float] = (0.0, 0.0)

    def round_trips(self) -> list[float]:
        return sorted(rt for r in self.results for rt in r.round_trips)

    def failures(self) -> list[str]:
        out = [f"table {r.table}: {r.failure}" for r in self.results if r.failure]
        out += [f"table {r.table}: error message: {e}" for r in self.results for e in r.errors]
        return out

    def as_dict(self) -> dict[str, Any]:
        rts = self.round_trips()
        moves = sum(r.moves for r in self.results)
        return {
            "game": self.game,
            "players": self.players,
            "tables": self.tables,
            "server": self.server,
            "think_seconds": list(self.think),
            "games_finished": sum(r.finished for r in self.results),
            "client_actions": len(rts),
            "moves": moves,
            "round_trip_ms": {
                "p50": _ms(percentile(rts, 50)),
                "p90": _ms(percentile(rts, 90)),
                "p99": _ms(percentile(rts, 99)),
                "max": _ms(rts[-1] if rts else None),
                "mean": _ms(statistics.fmean(rts) if rts else None),
            },
            "failures": len(self.failures()),
            "failure_messages": self.failures()[:20],
            "wall_seconds": round(self.wall_seconds, 3),
            "setup_seconds": round(self.setup_seconds, 3),
            "moves_per_second": round(moves / self.wall_seconds, 1) if self.wall_seconds else None,
        }

    def text(self) -> str:
        d = self.as_dict()
        rt = d["round_trip_ms"]
        lines = [
            f"meeple load test: {d['tables']} {d['game']} tables of {d['players']} "
            f"(one scripted client each, the other seats bots), server {d['server']}",
            f"client thinks    {_think(self.think)} before each action",
            f"games finished   {d['games_finished']}/{d['tables']}",
            f"client actions   {d['client_actions']} (all moves, bots' too: {d['moves']})",
            f"round trip (ms)  p50 {_fmt(rt['p50'])}  p90 {_fmt(rt['p90'])}  "
            f"p99 {_fmt(rt['p99'])}  max {_fmt(rt['max'])}  mean {_fmt(rt['mean'])}",
            f"failures         {d['failures']}",
            f"wall time        {d['wall_seconds']:.1f} s of play "
            f"({d['moves_per_second']} moves/s), {d['setup_seconds']:.1f} s creating tables",
        ]
        lines += [f"  {m}" for m in d["failure_messages"]]
        return "\n".join(lines)


def percentile(sorted_values: list[float], p: float) -> float | None:
    """The nearest-rank percentile of an ascending list (None when it is empty)."""
    if not sorted_values:
        return None
    rank = max(1, -(-len(sorted_values) * p // 100))
    return sorted_values[int(rank) - 1]


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 2)


def _think(think: tuple[float, float]) -> str:
    low, high = think
    if high == 0:
        return "0 s (acts at once)"
    return f"{low:g} s" if low == high else f"{low:g}..{high:g} s"


def _fmt(ms: float | None) -> str:
    return "-" if ms is None else f"{ms:.1f}"


# --- the server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def meeple_command() -> list[str]:
    """The `meeple` console script of this interpreter's environment."""
    script = Path(sys.executable).with_name("meeple")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from meeple.cli.app import main; main()"]


def http_json(url: str, body: dict[str, Any] | None = None, timeout: float = 30.0) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json"} if data else {}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        raise RuntimeError(
            f"{url}: HTTP {exc.code}: {exc.read().decode(errors='replace')}"
        ) from None


@contextlib.contextmanager
def started_server(bot_delay: float, database_url: str | None, tables: int) -> Iterator[str]:
    """`meeple serve` on a free loopback port, taking `tables` open tables from this one
    address; yields its base URL, stops it after."""
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    url_db = database_url or f"sqlite:///{folder / 'load.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = folder / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                *meeple_command(),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--database-url",
                url_db,
                "--bot-delay",
                str(bot_delay),
                "--tables-per-client",
                str(max(tables, 1)),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "NO_COLOR": "1"},
        )
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            if process.poll() is not None:
                raise RuntimeError(
                    f"meeple serve exited with {process.returncode}:\n{log_path.read_text()}"
                )
            try:
                http_json(f"{base}/api/games", timeout=2)
                break
            except (OSError, RuntimeError):
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"meeple serve did not answer within {STARTUP_SECONDS} s"
                    ) from None
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        tail = log_path.read_text(errors="replace")[-4000:] if log_path.exists() else ""
        if tail.strip() and os.environ.get("MEEPLE_LOAD_SHOW_SERVER_LOG"):
            print(f"--- server log ---\n{tail}", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)


# --- the clients -----------------------------------------------------------------------


async def create_tables(
    base: str, game: str, players: int, bots: str, count: int, seed: int
) -> list[TableResult]:
    """Create `count` tables; table i has its human seat at i % players."""
    limit = asyncio.Semaphore(HTTP_CONCURRENCY)

    async def one(i: int) -> TableResult:
        human = i % players
        seats = ["human" if s == human else bots for s in range(players)]
        body = {"game": game, "players": players, "seats": seats, "seed": seed + i}
        async with limit:
            created = await asyncio.to_thread(http_json, f"{base}/api/tables", body)
        invite = created["invites"][0]
        return TableResult(created["table"]["id"], invite["seat"], invite["token"])

    return list(await asyncio.gather(*(one(i) for i in range(count))))


async def play_table(
    base: str,
    result: TableResult,
    rng: random.Random,
    start: asyncio.Event,
    timeout: float,
    think: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Play one table's human seat with random legal actions until the game is over,
    waiting a random time within `think` (seconds) before each action, as a person."""
    ws_url = base.replace("http", "ws", 1) + f"/ws/tables/{result.table}?token={result.token}"
    try:
        async with websockets.connect(
            ws_url, max_size=MAX_MESSAGE_BYTES, open_timeout=timeout, close_timeout=5
        ) as ws:
            await start.wait()
            sent: tuple[int, float] | None = None  # (version acted on, when sent)
            acted = -1
            while True:
                raw = await asyncio.wait_for(ws.recv(), timeout)
                now = time.perf_counter()
                message = _decode(raw)
                kind = message.get("type")
                if kind == "error":
                    result.errors.append(str(message.get("message")))
                    if len(result.errors) >= MAX_ERRORS:
                        result.failure = f"{MAX_ERRORS} error messages (at move {result.moves})"
                        return
                    sent, acted = None, -1  # act again on the state the sync brings
                    await ws.send('{"type":"sync"}')
                    continue
                if kind != "state":
                    continue
                version = message["version"]
                if sent is not None and version > sent[0]:
                    result.round_trips.append(now - sent[1])
                    sent = None
                result.moves = version
                if message["returns"] is not None or message["table"]["status"] == "over":
                    result.finished = True
                    return
                legal = message["legal"]
                if legal and sent is None and version != acted:
                    action = rng.choice(legal)["id"]
                    acted = version
                    if think[1] > 0:
                        await asyncio.sleep(rng.uniform(*think))
                    sent = (version, time.perf_counter())
                    await ws.send(f'{{"type":"act","action":{action},"version":{version}}}')
    except TimeoutError:
        result.failure = f"no message for {timeout:g} s (at move {result.moves})"
    except (OSError, websockets.WebSocketException) as exc:
        result.failure = f"{type(exc).__name__}: {exc} (at move {result.moves})"


async def run_load(
    base: str,
    server: str,
    game: str,
    players: int,
    bots: str,
    tables: int,
    seed: int,
    timeout: float,
    think: tuple[float, float] = (0.0, 0.0),
) -> Report:
    t0 = time.perf_counter()
    results = await create_tables(base, game, players, bots, tables, seed)
    setup = time.perf_counter() - t0
    start = asyncio.Event()
    tasks = [
        asyncio.create_task(
            play_table(base, r, random.Random(seed * 7919 + i), start, timeout, think)
        )
        for i, r in enumerate(results)
    ]
    await asyncio.sleep(0)  # let every client begin connecting before the clock starts
    t1 = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - t1
    return Report(game, players, tables, server, results, wall, setup, think)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Play many tables at once against a meeple server and time the "
        "clients' round trips.",
    )
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--game", default="aridnyk", help="the game (default: aridnyk)")
    parser.add_argument("--players", type=int, default=2, help="seats per table")
    parser.add_argument("--bots", default="random", help="agent spec of the bot seats")
    parser.add_argument("--url", help="an already running server (default: start one here)")
    parser.add_argument(
        "--database-url", help="database of the server started here (default: temp SQLite)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="--bot-delay of the server started here"
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the clients")
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds a client waits for a message"
    )
    parser.add_argument(
        "--think",
        default="0",
        metavar="MIN[,MAX]",
        help="seconds a client waits before each action, uniform in MIN..MAX "
        "(default 0: act at once, which saturates the server)",
    )
    parser.add_argument("--max-p99-ms", type=float, help="exit 1 if the p99 round trip is over")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.tables < 1:
        parser.error("--tables must be at least 1")
    if args.players < 1:
        parser.error("--players must be at least 1")
    try:
        bounds = [float(x) for x in args.think.split(",")]
    except ValueError:
        parser.error(f"--think takes MIN or MIN,MAX seconds, not {args.think!r}")
    if len(bounds) == 1:
        bounds *= 2
    if len(bounds) != 2 or not 0 <= bounds[0] <= bounds[1]:
        parser.error(
            f"--think takes MIN or MIN,MAX seconds with 0 <= MIN <= MAX, not {args.think!r}"
        )
    args.think = (bounds[0], bounds[1])
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        summary = _run(args)
    except (RuntimeError, OSError) as exc:  # no server, or it refused a table
        print(f"load test failed: {exc}", file=sys.stderr)
        return 2
    p99 = summary["round_trip_ms"]["p99"]
    ok = summary["failures"] == 0 and summary["games_finished"] == args.tables
    if args.max_p99_ms is not None and (p99 is None or p99 > args.max_p99_ms):
        ok = False
    return 0 if ok else 1


def _run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the load as `args` say, print the report, and return it."""
    with contextlib.ExitStack() as stack:
        if args.url:
            base, server = args.url.rstrip("/"), args.url
        else:
            base = stack.enter_context(
                started_server(args.bot_delay, args.database_url, args.tables)
            )
            server = f"{base} (started here, {'SQLite' if not args.database_url else 'given DB'})"
        report = asyncio.run(
            run_load(
                base,
                server,
                args.game,
                args.players,
                args.bots,
                args.tables,
                args.seed,
                args.timeout,
                args.think,
            )
        )
    summary = report.as_dict()
    print(json.dumps(summary, indent=2) if args.json else report.text())
    return summary


if __name__ == "__main__":
    sys.exit(main())
