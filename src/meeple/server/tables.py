"""The in-memory table registry: states, seats, tokens, bots, connections, broadcasting.

The database is the truth: an action is appended and committed before the state in
memory changes and before anyone is told; actions go through one `ActionWriter`, whose
single thread commits the waiting actions of every table together. Every table has one
asyncio lock that serialises its moves; bots think on a clone of the state in the
manager's own thread pools (quick bots in one, searching bots taking turns in another),
so no table waits for another's bot. All methods run on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache, partial
from typing import Any

import msgspec

from meeple.agents import (
    HINT_AGENT,
    Agent,
    agent_seed,
    check_for_game,
    hint_seed,
    make_from_spec,
)
from meeple.core.game import Game, State, check_seed, shown_repr
from meeple.core.record import replay as replay_record
from meeple.core.registry import load_game
from meeple.core.undo import Trail, can_take_back, take_back
from meeple.errors import AgentError, IllegalActionError, MeepleError, OptionError, TakeBackError
from meeple.server.protocol import (
    Act,
    Chat,
    ClientMessage,
    Hint,
    Name,
    Ping,
    ProtocolError,
    Sync,
    Undo,
    error_message,
    parse_client_message,
)
from meeple.server.search_queue import SearchQueue
from meeple.server.views import log_entry, state_message
from meeple.store import (
    STATUSES,
    ActionWriter,
    Store,
    StoredChat,
    StoredSeat,
    StoredTable,
    StoreError,
)

log = logging.getLogger("meeple.server")

HUMAN = "human"
MAX_BOT_SECONDS = 5.0
"""A bot on the server thinks at most this long per decision (ismcts:seconds=...)."""
MAX_BOT_ITERATIONS = 5000
"""... and searches at most this many iterations (ismcts:iterations=...)."""
BOT_THREADS = 16
"""Threads the quick bots of all tables (random, greedy) think in: a pool of their own,
so that bots at work never wait for the database, hints and take-backs, which share
asyncio's default pool (a few threads), nor for searching bots."""
MAX_OPEN_TABLES = 2000
"""The server refuses new tables while this many are waiting or in play."""
MAX_CONNECTIONS = 64
"""A table takes at most this many connections, but a seat's first one always gets in
(each connection is sent every change of the table)."""
TABLES_PER_CLIENT = 20
"""... and a client (an address) more tables while this many that it made are waiting or
in play here, so no one can take all the open tables for themselves."""
MAX_PENDING = 32
"""Messages waiting for a slow connection beyond this are dropped, oldest first (the
one state message waiting is kept: a newer one replaces it)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_MINE = 200
"""The most table ids the lobby may ask for beside the listed tables (its own seats')."""
CHAT_KEPT = 100
"""A connection is sent a table's last this many chat messages when it connects."""
ABANDON_AFTER_HOURS = 24.0
"""A table no one has played at (no move, no one connected) for this long is abandoned:
it ends, unfinished, and stops counting among the open tables (0: never)."""
SWEEP_SECONDS = 300.0
"""How often the server looks for abandoned tables."""
CHAT_BURST, CHAT_WINDOW = 5, 10.0
"""A seat may say at most CHAT_BURST messages in any CHAT_WINDOW seconds."""
MESSAGE_RATE, MESSAGE_BURST = 20.0, 40
"""A connection may send MESSAGE_BURST messages at once and MESSAGE_RATE a second after
that; the rest are refused unread, so no one connection can keep the server busy. A
move the table takes is not counted: a program may play as fast as the game goes."""
MESSAGE_FLOOD = 200
"""A connection is closed once this many of its messages were refused since it last
paused long enough to send a whole burst again."""
LIST_STATUSES = {
    "waiting": ("waiting",),
    "playing": ("playing",),
    "over": ("over",),
    "open": ("waiting", "playing"),
    "all": STATUSES,
}


class ServerError(MeepleError):
    """A request the server refuses; `status` is its HTTP status."""

    status = 400


class BadRequest(ServerError):
    status = 400


class Forbidden(ServerError):
    status = 403


class NotFound(ServerError):
    status = 404


class Conflict(ServerError):
    status = 409


class Unplayable(Conflict):
    """A stored table this meeple cannot rebuild: its game, options or seed are refused
    now, or a stored move is not legal under its rules (a table kept by an older
    meeple whose rules have been corrected since)."""


class Busy(ServerError):
    status = 503


class TooMany(ServerError):
    status = 429


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    # surrogatepass: a token sent with a lone surrogate (which JSON allows) matches no
    # seat instead of failing to encode
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    return digest is not None and hmac.compare_digest(hash_token(token), digest)


def invite_url(table_id: str, token: str) -> str:
    return f"/table/{table_id}?token={token}"


def make_bot(spec: str, seed: int, game: Game | None = None) -> Agent:
    """The agent a spec names, within the server's limits on thinking time (and fit for
    `game`, where given: a new seat is checked, one restored was checked before)."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentError('a bot seat needs an agent spec such as "random" or "greedy"')
    agent = make_from_spec(spec, seed=seed)
    if game is not None:
        check_for_game(agent, game)
    seconds = getattr(agent, "seconds", None)
    if isinstance(seconds, int | float) and seconds > MAX_BOT_SECONDS:
        raise AgentError(f"bots on this server think at most {MAX_BOT_SECONDS:g} s a move")
    iterations = getattr(agent, "iterations", None)
    if isinstance(iterations, int) and iterations > MAX_BOT_ITERATIONS:
        raise AgentError(
            f"bots on this server search at most {MAX_BOT_ITERATIONS} iterations a move"
        )
    if isinstance(iterations, int) and seconds is None and hasattr(agent, "seconds"):
        # a budget of iterations alone has no bound in time (an Arnak search runs
        # minutes): the search stops at the time limit too, whichever comes first
        agent.seconds = MAX_BOT_SECONDS
    return agent


class Connection:
    """One WebSocket: the seat it plays (None: a spectator) and its outgoing messages.

    Each "state" message is a whole view but for its log, which holds only the entries
    from `log_sent` on: `log_sent` is the length of the log in the last state message
    handed to the socket (0 before the first, and again after a sync). A newer state
    message replaces an older one not yet handed over; it was built from the same
    `log_sent`, so it holds every entry the dropped one held. The queue of a slow client
    therefore stays short, and no client misses a log entry."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.log_sent = 0
        self._pending: deque[tuple[str, str, int]] = deque()
        self._ready = asyncio.Event()
        self._closed = False
        self._allowance = float(MESSAGE_BURST)
        self._counted = time.monotonic()
        self.refused = 0
        """Messages refused since the allowance was last whole."""

    def allow(self) -> bool:
        """Count one message against the allowance (MESSAGE_BURST, refilled at
        MESSAGE_RATE a second); False when none is left."""
        now = time.monotonic()
        self._allowance = min(MESSAGE_BURST, self._allowance + (now - self._counted) * MESSAGE_RATE)
        self._counted = now
        if self._allowance >= MESSAGE_BURST:
            self.refused = 0
        if self._allowance < 1:
            self.refused += 1
            return False
        self._allowance -= 1
        return True

    def refund(self) -> None:
        """Give back the allowance of a message that was worth its cost."""
        self._allowance = min(MESSAGE_BURST, self._allowance + 1)

    @property
    def flooding(self) -> bool:
        """Past MESSAGE_FLOOD refused messages: the connection is to be closed."""
        return self.refused > MESSAGE_FLOOD

    def push(self, kind: str, text: str, log_end: int = 0) -> None:
        """Queue a message; a "state" message's log ends at entry `log_end`."""
        if self._closed:
            return
        if kind == "state":
            self._pending = deque(m for m in self._pending if m[0] != "state")
        self._pending.append((kind, text, log_end))
        if len(self._pending) > MAX_PENDING:
            # the oldest message goes, but never the state (a newer one would replace it)
            oldest = next(i for i, m in enumerate(self._pending) if m[0] != "state")
            del self._pending[oldest]
        self._ready.set()

    def close(self) -> None:
        self._closed = True
        self._ready.set()

    async def next(self) -> str | None:
        """The next message to send, or None once closed."""
        while not self._pending:
            if self._closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        kind, text, log_end = self._pending.popleft()
        if kind == "state":
            self.log_sent = log_end
        return text


@dataclass(eq=False)
class Table:
    meta: StoredTable
    state: State
    log: list[dict[str, Any]]
    agents: dict[int, Agent]
    connections: set[Connection] = field(default_factory=set)
    chat: list[dict[str, Any]] = field(default_factory=list)  # the last CHAT_KEPT messages
    chat_count: int = 0  # every message said at the table, which numbers the next one
    active: datetime = field(default_factory=lambda: datetime.now(UTC))  # last move or visit
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    undoable: bool = False  # the seat deciding now may take back its last choice
    # the moves as a take-back reads them, kept as they are played: working out at each
    # move whether its seat may undo it then costs the last moves, not a replay
    trail: Trail = field(default_factory=Trail)
    # When each seat's last chat messages and name changes came: paced per seat, not
    # per connection, so opening more connections with a token buys no more.
    said: dict[int, deque[float]] = field(default_factory=dict)
    # Hints: the seats one is being worked out for, and the last one sent with the state
    # it is for (every move or take-back makes a new state, whose version and seat to
    # move are its own), so that asking again, from any number of connections, costs a
    # look-up and not another search.
    hinting: set[int] = field(default_factory=set)
    last_hint: tuple[State, str] | None = None
    creator: str | None = None  # the address that made it here (not kept across restarts)

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def version(self) -> int:
        return len(self.log)

    def seat(self, seat: int) -> StoredSeat:
        return self.meta.seats[seat]

    def connected(self) -> Counter[int]:
        """The open connections of each seat that has one."""
        return Counter(c.seat for c in self.connections if c.seat is not None)

    def may_act(self, seat: int | None) -> bool:
        return (
            seat is not None
            and seat >= 0
            and self.meta.status == "playing"
            and self.seat(seat).kind == HUMAN
        )

    def bot_to_move(self) -> int | None:
        """The bot seat that decides now, if the table is in play and a bot decides."""
        if self.meta.status != "playing" or self.state.is_terminal():
            return None
        seat = self.state.current_player
        return seat if self.seat(seat).kind == "bot" and seat in self.agents else None


def table_info(meta: StoredTable, connected: Mapping[int, int]) -> dict[str, Any]:
    """The TableInfo of `meta`, with `connected` the open connections of each seat."""
    created = meta.created
    if created is not None and created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    options = json.dumps(meta.options, sort_keys=True)
    placeholder, notes = configuration_notes(meta.game, meta.players, options)
    return {
        "id": meta.id,
        "game": meta.game,
        "players": meta.players,
        "options": dict(meta.options),
        "status": meta.status,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "spec": s.spec,
                "taken": s.taken,
                "connected": connected.get(s.seat, 0) > 0,
                # a player sees if their seat is open somewhere else too (another tab,
                # or someone with their invitation link)
                "connections": connected.get(s.seat, 0),
                "name": meta.names.get(s.seat),
            }
            for s in meta.seats
        ],
        "moves": meta.moves,
        "current_player": meta.current_player,
        "created": created.isoformat() if created is not None else "",
        # ended unfinished: over, with a seat still to decide (a finished game's is TERMINAL)
        "abandoned": meta.status == "over" and meta.current_player >= 0,
        "private": meta.private,
        "placeholder_data": placeholder,
        "notes": list(notes),
    }


@lru_cache(maxsize=64)
def configuration_notes(
    game: str, players: int, options: str = "{}"
) -> tuple[bool, tuple[str, ...]]:
    """placeholder_data and notes of a configuration of `game` (`options` as sorted
    JSON): Arnak's solo rival, for one, plays placeholder data that its 2-4 player game
    does not. A configuration this meeple does not load has none."""
    try:
        info = load_game(game, players=players, **json.loads(options)).info
    except MeepleError:
        return False, ()
    return info.placeholder_data, info.notes


def _status_after_seating(status: str, seats: list[StoredSeat]) -> str:
    """A waiting table starts playing once every seat is taken."""
    return "playing" if status == "waiting" and all(s.taken for s in seats) else status


_encode = msgspec.json.Encoder().encode


def _chat_entry(message: StoredChat) -> dict[str, Any]:
    created = message.created or datetime.now(UTC)
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    return {"seat": message.seat, "text": message.text, "time": created.isoformat()}


def _dumps(message: dict[str, Any]) -> str:
    """Compact JSON text (msgspec: several times faster than json.dumps on a long log)."""
    return _encode(message).decode("utf-8")


class TableManager:
    """Every table the server holds: created, joined, played, resumed after a restart."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        abandon_after: float = ABANDON_AFTER_HOURS,
        tables_per_client: int = TABLES_PER_CLIENT,
    ) -> None:
        """`abandon_after`: hours without a move or a visitor after which a table not
        over is abandoned (0: never); `tables_per_client`: the open tables one address
        may have made (see TABLES_PER_CLIENT)."""
        self.store = store
        self.tables_per_client = tables_per_client
        self.writer = ActionWriter(store)
        self.bot_delay = bot_delay
        self.abandon_after = abandon_after
        self._tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()
        self._again = asyncio.Lock()  # two players' "Play again" meet at one next table
        self._stopping = False
        self._sweeper: asyncio.Task[None] | None = None
        self._thinkers = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="meeple-bot")
        self._searchers = SearchQueue()

    # --- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table from the database and let its bots play on."""
        self._stopping = False
        self._thinkers = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="meeple-bot")
        self._searchers = SearchQueue()
        for table_id in await asyncio.to_thread(self.store.unfinished):
            try:
                table = await self.get(table_id)
            except Unplayable as exc:
                # It can never go on here: ended, so it leaves the open tables (and its
                # record, the seed with it, can be downloaded).
                log.error("%s; it is ended", exc)
                with contextlib.suppress(MeepleError):
                    await asyncio.to_thread(self.store.save_seats, table_id, [], "over")
                continue
            except MeepleError as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                continue
            self._kick(table)
        if self.abandon_after > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def stop(self) -> None:
        self._stopping = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._sweeper
        tasks = [t.bot_task for t in self._tables.values() if t.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for table in self._tables.values():
            for conn in table.connections:
                conn.close()
        self._thinkers.shutdown(wait=False, cancel_futures=True)
        self._searchers.shutdown()
        await asyncio.to_thread(self.writer.close)  # what is queued is stored first

    # --- loading --------------------------------------------------------------------

    async def get(self, table_id: str, *, watch: bool = True) -> Table:
        """The table in memory, loaded (replayed) from the database if need be. A
        finished table loaded for a request that does not watch it (no connection) is
        not kept: only a watched one stays in memory."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        if not TABLE_ID.fullmatch(table_id):
            raise NotFound(f"there is no table {shown_repr(table_id)}")
        async with self._loading:
            table = self._tables.get(table_id)
            if table is None:
                meta = await asyncio.to_thread(self.store.get, table_id)
                if meta is None:
                    raise NotFound(f"there is no table {shown_repr(table_id)}")
                table = self._rebuild(meta)
                await self._check_undo(table)
                last = await asyncio.to_thread(self.store.last_activity, table_id)
                table.active = last or table.active
                said = await asyncio.to_thread(self.store.chat, table_id, CHAT_KEPT)
                table.chat = [_chat_entry(m) for m in said]
                table.chat_count = said[-1].index + 1 if said else 0
                if watch or table.meta.status != "over":
                    self._tables[table_id] = table
        return table

    def _rebuild(self, meta: StoredTable) -> Table:
        """Replay a stored table: its state, its public log and its bots."""
        unplayable = (
            f"table {meta.id} cannot be played by this meeple (its rules differ from "
            "those of the meeple that stored it)"
        )
        try:
            game = load_game(meta.game, players=meta.players, **meta.options)
            state = game.new_initial_state(seed=meta.seed)
        except MeepleError as exc:
            raise Unplayable(f"{unplayable}: {exc}") from None
        entries: list[dict[str, Any]] = []
        trail = Trail()
        for step, action in enumerate(meta.actions):
            try:
                entry = log_entry(state, action)
                trail.note(state, action)
                state.apply_action(action)
            except IllegalActionError as exc:
                raise Unplayable(
                    f"{unplayable}: its move {step + 1} ({action}) is not legal: {exc}"
                ) from None
            entries.append(entry)
        meta.moves = len(meta.actions)
        meta.current_player = state.current_player
        agents = {
            s.seat: make_bot(s.spec or "", agent_seed(meta.seed, s.seat))
            for s in meta.seats
            if s.kind == "bot"
        }
        return Table(meta=meta, state=state, log=entries, agents=agents, trail=trail)

    # --- HTTP -----------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[str],
        seed: int | None,
        client: str | None = None,
        private: bool = False,
    ) -> dict[str, Any]:
        """A new table; `client`, the address asking, may have made at most
        `tables_per_client` of the open ones (None: the server's own, not counted). A
        `private` table is not listed, and its seats are taken only by invitation."""
        open_tables = [t for t in self._tables.values() if t.meta.status != "over"]
        if len(open_tables) >= MAX_OPEN_TABLES:
            raise Busy(f"the server holds {MAX_OPEN_TABLES} open tables; try again later")
        if client is not None:
            made = sum(t.creator == client for t in open_tables)
            if made >= self.tables_per_client:
                idle = (
                    f" (a table no one plays at ends after {self.abandon_after:g} hours)"
                    if self.abandon_after > 0
                    else ""
                )
                raise TooMany(
                    f"you have {made} tables waiting or in play here, the most one "
                    f"address may have: finish one first{idle}"
                )
        if players is None:
            players = len(seats)
        if "players" in options:
            raise OptionError("the number of players is 'players' beside 'options', not an option")
        game = load_game(game_name, players=players, **options)
        if len(seats) != game.info.players:
            raise BadRequest(
                f"{game.info.players} players need {game.info.players} seats, "
                f"not {len(seats)}: one entry per seat, 'human' or an agent spec"
            )
        if isinstance(seed, int) and not isinstance(seed, bool) and not 0 <= seed < 2**63:
            # the database's bound, not the games' 2**64
            raise BadRequest(
                "seed must be a non-negative integer below 2**63 (it is stored as a 64-bit "
                f"integer), not {shown_repr(seed)}"
            )
        seed = check_seed(seed)
        table_id = secrets.token_urlsafe(8)
        owner = new_token()
        agents: dict[int, Agent] = {}
        stored_seats: list[StoredSeat] = []
        invites: list[dict[str, Any]] = []
        for seat, spec in enumerate(seats):
            if spec.strip().lower() == HUMAN:
                token = new_token()
                stored_seats.append(StoredSeat(seat=seat, kind=HUMAN, token_hash=hash_token(token)))
                invites.append({"seat": seat, "token": token, "url": invite_url(table_id, token)})
            else:
                try:
                    agents[seat] = make_bot(spec, agent_seed(seed, seat), game)
                except AgentError as exc:
                    raise BadRequest(f"seat {seat}: {exc}") from None
                stored_seats.append(StoredSeat(seat=seat, kind="bot", spec=spec, taken=True))
        state = game.new_initial_state(seed=seed)
        meta = StoredTable(
            id=table_id,
            game=game.info.name,
            players=game.info.players,
            options=dict(game.info.values),
            seed=seed,
            status="waiting",
            owner_token_hash=hash_token(owner),
            current_player=state.current_player,
            seats=stored_seats,
            private=private,
        )
        meta.status = _status_after_seating(meta.status, meta.seats)
        meta.created = datetime.now(UTC)
        await asyncio.to_thread(self.store.create_table, meta)
        table = Table(meta=meta, state=state, log=[], agents=agents, creator=client)
        self._tables[table_id] = table
        self._kick(table)
        return {"table": self.info_of(table), "owner_token": owner, "invites": invites}

    def info_of(self, table: Table) -> dict[str, Any]:
        return table_info(table.meta, table.connected())

    async def info(self, table_id: str) -> dict[str, Any]:
        table = self._tables.get(table_id)
        if table is not None:
            return self.info_of(table)
        if not TABLE_ID.fullmatch(table_id):
            raise NotFound(f"there is no table {shown_repr(table_id)}")
        meta = await asyncio.to_thread(self.store.get, table_id)
        if meta is None:
            raise NotFound(f"there is no table {shown_repr(table_id)}")
        return table_info(meta, {})

    async def list_tables(
        self, status: str, limit: int, mine: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        """The `limit` newest tables of `status` that are not private, and beside them
        the tables of `mine` (ids; private ones too) of that status."""
        if status not in LIST_STATUSES:
            raise BadRequest(f"status is one of {', '.join(LIST_STATUSES)}, not {status!r}")
        if not 1 <= limit <= 1000:
            raise BadRequest(f"limit runs 1..1000, not {limit}")
        if len(mine) > MAX_MINE:
            raise BadRequest(f"mine names at most {MAX_MINE} tables, not {len(mine)}")
        ids = [i for i in mine if TABLE_ID.fullmatch(i)]  # others name no table
        metas = await asyncio.to_thread(self.store.list_tables, LIST_STATUSES[status], limit, ids)
        infos = []
        for meta in metas:
            table = self._tables.get(meta.id)
            infos.append(self.info_of(table) if table is not None else table_info(meta, {}))
        return infos

    async def join(self, table_id: str, seat: int, invited: bool = False) -> dict[str, Any]:
        """Take a free human seat from the lobby (`invited`: a player of the table before
        it, asking for Play again, which a private table lets in too)."""
        table = await self.get(table_id, watch=False)
        async with table.lock:
            self._check_seat(table, seat)
            if table.meta.private and not invited:
                raise Forbidden(
                    f"table {table_id} is private: its seats are taken through their "
                    "invitation links"
                )
            if table.meta.status == "over":
                raise Conflict(f"table {table_id} is over; no seat can be joined")
            chosen = table.seat(seat)
            if chosen.kind != HUMAN:
                raise Conflict(f"seat {seat} is played by a bot ({chosen.spec})")
            if chosen.taken:
                raise Conflict(f"seat {seat} is taken")
            token = new_token()
            await self._save_seat(table, replace(chosen, token_hash=hash_token(token), taken=True))
        self._changed(table)
        return {"seat": seat, "token": token, "url": invite_url(table_id, token)}

    async def play_again(self, table_id: str, token: str) -> dict[str, Any]:
        """The next game of a finished table, for the human seat whose token is given:
        the first player to ask makes it (same game, options and seats, a new seed) and
        gets every invitation; each player asking after takes their own seat there (a
        new token), so two "Play again" clicks meet at one table, not two."""
        try:
            meta = (await self.get(table_id, watch=False)).meta
        except Unplayable:  # its next game needs its seats, not its moves
            stored = await asyncio.to_thread(self.store.get, table_id)
            assert stored is not None
            meta = stored
        async with self._again:
            if meta.status != "over":
                raise Conflict(f"table {table_id} is not over: finish this game first")
            seat = next(
                (
                    s.seat
                    for s in meta.seats
                    if s.kind == HUMAN and token_matches(token, s.token_hash)
                ),
                None,
            )
            if seat is None:
                raise Forbidden(f"this token holds no seat of table {table_id}")
            following = await asyncio.to_thread(self.store.next_table, table_id)
            if following is None:
                specs = [HUMAN if s.kind == HUMAN else (s.spec or "") for s in meta.seats]
                made = await self.create(
                    meta.game, meta.players, dict(meta.options), specs, None, private=meta.private
                )
                await asyncio.to_thread(self.store.set_next_table, table_id, made["table"]["id"])
                return made
        try:
            joined = await self.join(following, seat, invited=True)
        except Conflict:
            raise Conflict(
                f"seat {seat} of the next game (table {following}) is taken already, "
                "by its invitation link or an earlier Play again"
            ) from None
        return {"table": await self.info(following), "owner_token": None, "invites": [joined]}

    async def seat_to_bot(self, table_id: str, seat: int, token: str, spec: str) -> dict[str, Any]:
        table = await self.get(table_id, watch=False)
        async with table.lock:
            self._check_seat(table, seat)
            chosen = table.seat(seat)
            if not (
                token_matches(token, table.meta.owner_token_hash)
                or token_matches(token, chosen.token_hash)
            ):
                raise Forbidden(f"this token may not change seat {seat} of table {table_id}")
            if table.meta.status == "over":
                raise Conflict(f"table {table_id} is over")
            try:
                agent = make_bot(spec, agent_seed(table.meta.seed, seat), table.state.game)
            except AgentError as exc:
                raise BadRequest(str(exc)) from None
            await self._save_seat(table, replace(chosen, kind="bot", spec=spec, taken=True))
            table.agents[seat] = agent
        self._changed(table)
        return self.info_of(table)

    async def record(self, table_id: str) -> dict[str, Any]:
        info = await self.info(table_id)
        if info["status"] != "over":
            raise Conflict(
                f"table {table_id} is not over: its record (with the seed, which decides "
                "every hidden card) is given out when the game ends"
            )
        meta = await asyncio.to_thread(self.store.get, table_id)
        assert meta is not None
        record = meta.record()
        try:  # the rules its moves replay under; a table stored by an older meeple has none
            rules = (await self.get(table_id, watch=False)).state.game.info.rules
        except Unplayable:
            rules = ""
        if rules:
            record["rules"] = rules
        return record

    async def replay(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        """The finished game as it stood after its first `step` moves, as `seat` saw it
        (None: a spectator): the WebSocket's "state" message, with no legal actions, the
        log up to that move, and `replay: {step, moves}`. Only once the game is over:
        until then a seat's past views would show another player what it held."""
        table = await self.get(table_id, watch=False)
        if table.meta.status != "over":
            raise Conflict(f"table {table_id} is not over: its moves can be replayed when it ends")
        moves = table.version
        if not 0 <= step <= moves:
            raise BadRequest(f"step must be 0..{moves} (the moves played), not {step}")
        if seat is not None:
            self._check_seat(table, seat)
        record = table.state.to_record()
        record["actions"] = record["actions"][:step]
        info, log = self.info_of(table), table.log[:step]

        def build() -> dict[str, Any]:  # a long game takes some milliseconds
            return state_message(replay_record(record), seat, info, log, may_act=False)

        message = await asyncio.to_thread(build)
        message["replay"] = {"step": step, "moves": moves}
        return message

    def _check_seat(self, table: Table, seat: int) -> None:
        if not 0 <= seat < table.meta.players:
            raise BadRequest(f"seat must be 0..{table.meta.players - 1}, not {seat}")

    async def _save_seat(self, table: Table, seat: StoredSeat) -> None:
        """Store a changed seat (and the status it leads to), then make it the table's."""
        seats = [seat if s.seat == seat.seat else s for s in table.meta.seats]
        status = _status_after_seating(table.meta.status, seats)
        await asyncio.to_thread(self.store.save_seats, table.id, [seat], status)
        table.meta.seats, table.meta.status = seats, status

    def _changed(self, table: Table) -> None:
        self._broadcast(table)
        self._kick(table)

    # --- WebSocket ------------------------------------------------------------------

    async def connect(self, table_id: str, token: str | None) -> tuple[Table, Connection]:
        """Seat a new connection: a seat's token plays that seat; no token (or the
        owner's) watches. A human seat's token taken for the first time takes the seat."""
        table = await self.get(table_id)
        seat: int | None = None
        async with table.lock:  # a join cannot change the seat's token meanwhile
            if token:
                for s in table.meta.seats:
                    if token_matches(token, s.token_hash):
                        seat = s.seat
                if seat is None and not token_matches(token, table.meta.owner_token_hash):
                    raise Forbidden(f"this token is not valid at table {table_id}")
            if len(table.connections) >= MAX_CONNECTIONS and (
                seat is None or any(c.seat == seat for c in table.connections)
            ):
                raise TooMany(
                    f"table {table_id} has {len(table.connections)} connections open, the "
                    "most it takes; try again later"
                )
            if seat is not None and not table.seat(seat).taken:
                await self._save_seat(table, replace(table.seat(seat), taken=True))
            conn = Connection(seat)
            table.connections.add(conn)
            table.active = datetime.now(UTC)
        self._changed(table)
        if table.chat:
            conn.push("chat", _dumps({"type": "chat", "whole": True, "messages": table.chat}))
        return table, conn

    async def disconnect(self, table: Table, conn: Connection) -> None:
        conn.close()
        table.connections.discard(conn)
        table.active = datetime.now(UTC)
        if self._stopping:
            return
        if table.meta.status == "over" and not table.connections:
            if self._tables.get(table.id) is table:
                del self._tables[table.id]
            return
        self._broadcast(table)

    async def handle(self, table: Table, conn: Connection, text: str | bytes | None) -> None:
        """Answer one client message; a bad one gets an error message and changes nothing."""
        if not conn.allow():
            if conn.refused == 1:  # said once a run: the answers would be a flood too
                conn.push(
                    "error",
                    _dumps(
                        error_message(
                            f"too many messages: at most {MESSAGE_RATE:g} a second "
                            f"(or {MESSAGE_BURST} at once); the others are dropped unread"
                        )
                    ),
                )
            return
        try:
            message: ClientMessage = parse_client_message(text)
            if isinstance(message, Ping):
                conn.push("pong", _dumps({"type": "pong"}))
            elif isinstance(message, Sync):
                self._send_whole_state(table, conn)
            elif isinstance(message, Act):
                await self.act(table, conn.seat, message.action, message.version)
                conn.refund()  # a move made is progress, bounded by the game: it costs nothing
            elif isinstance(message, Chat):
                await self.say(table, conn, message.text)
            elif isinstance(message, Hint):
                await self.hint(table, conn, message.version)
            elif isinstance(message, Name):
                await self.rename(table, conn, message.name)
            elif isinstance(message, Undo):
                await self.undo(table, conn.seat, message.version)
        except (ProtocolError, ServerError, IllegalActionError, StoreError) as exc:
            conn.push("error", _dumps(error_message(str(exc))))

    async def act(self, table: Table, seat: int | None, action: int, version: int) -> None:
        if seat is None:
            raise Forbidden("spectators cannot act; connect with a seat's token to play")
        async with table.lock:
            status = table.meta.status
            if status == "waiting":
                free = [s.seat for s in table.meta.seats if not s.taken]
                raise Conflict(f"the game has not started: seats {free} are not taken yet")
            if status == "over":
                if not table.state.is_terminal():
                    raise Conflict("the table was abandoned: no one played for a long while")
                raise Conflict("the game is over")
            if table.seat(seat).kind != HUMAN:
                raise Conflict(f"seat {seat} is played by a bot now")
            if version != table.version:
                raise Conflict(
                    f"stale action: the table is at version {table.version}, not {version}"
                )
            current = table.state.current_player
            if current != seat:
                raise Conflict(f"it is seat {current}'s decision, not seat {seat}'s")
            if action not in table.state.legal_actions():
                raise Conflict(
                    f"action {shown_repr(action)} is not legal now; send one of the ids in 'legal'"
                )
            await self._commit(table, seat, action)
        self._kick(table)

    def _pace(self, table: Table, seat: int) -> None:
        """Refuse a seat's chat message or name change beyond CHAT_BURST in CHAT_WINDOW
        seconds (over all its connections)."""
        now = time.monotonic()
        said = table.said.setdefault(seat, deque())
        while said and now - said[0] > CHAT_WINDOW:
            said.popleft()
        if len(said) >= CHAT_BURST:
            raise Conflict(
                f"too many chat messages or name changes: at most {CHAT_BURST} in "
                f"{CHAT_WINDOW:g} seconds"
            )
        said.append(now)

    async def say(self, table: Table, conn: Connection, text: str) -> None:
        """A seat's chat message: stored, then sent to everyone at the table (spectators
        read the chat but do not write in it)."""
        if conn.seat is None:
            raise Forbidden("spectators cannot chat; connect with a seat's token to talk")
        self._pace(table, conn.seat)
        index = table.chat_count
        table.chat_count += 1  # taken now: another message may come while this is stored
        stored = await asyncio.to_thread(
            self.store.add_chat, table.id, StoredChat(index, conn.seat, text)
        )
        entry = _chat_entry(stored)
        table.chat = [*table.chat[1 - CHAT_KEPT :], entry]
        text_out = _dumps({"type": "chat", "whole": False, "messages": [entry]})
        for other in list(table.connections):
            other.push("chat", text_out)

    # --- abandoned tables -----------------------------------------------------------

    async def sweep(self, now: datetime | None = None) -> list[str]:
        """Abandon every table not over that no one has played at or visited for
        `abandon_after` hours (no connection, no bot at work): it ends as it stands,
        its record is given out, and it no longer counts among the open tables.
        Returns the ids abandoned."""
        if self.abandon_after <= 0:
            return []
        now = now or datetime.now(UTC)
        idle = timedelta(hours=self.abandon_after)
        gone = []
        for table in list(self._tables.values()):
            busy = table.bot_task is not None and not table.bot_task.done()
            if table.meta.status == "over" or table.connections or busy:
                continue
            if now - table.active < idle:
                continue
            async with table.lock:
                if table.meta.status == "over" or table.connections:
                    continue
                await asyncio.to_thread(self.store.save_seats, table.id, [], "over")
                table.meta.status = "over"
            if self._tables.get(table.id) is table:
                del self._tables[table.id]
            log.info("table %s abandoned: %g hours without play", table.id, self.abandon_after)
            gone.append(table.id)
        return gone

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep()
            except Exception:  # logged, and tried again at the next sweep
                log.exception("looking for abandoned tables failed")

    async def rename(self, table: Table, conn: Connection, name: str) -> None:
        """The name the player of a connection's seat goes by, told to everyone."""
        if conn.seat is None:
            raise Forbidden("spectators have no seat to name")
        self._pace(table, conn.seat)
        await asyncio.to_thread(self.store.set_name, table.id, conn.seat, name)
        table.meta.names = {**table.meta.names, conn.seat: name}
        self._changed(table)

    async def hint(self, table: Table, conn: Connection, version: int) -> None:
        """The move the greedy bot would make for the seat that decides now, sent to
        that connection alone. The bot decides from the seat's view (a guess at what is
        hidden), like every agent, on a clone of the state."""
        seat = conn.seat
        if seat is None:
            raise Forbidden("spectators get no hints; connect with a seat's token to play")
        state = table.state
        if not table.may_act(seat) or state.is_terminal() or state.current_player != seat:
            raise Conflict("a hint is for the person who decides now")
        if version != table.version:
            raise Conflict(f"stale hint request: the table is at version {table.version}")
        last = table.last_hint
        if last is not None and last[0] is state:
            conn.push("hint", last[1])
            return
        if seat in table.hinting:
            raise Conflict("a hint is being worked out already")
        try:
            bot = make_bot(
                HINT_AGENT, hint_seed(table.meta.seed, seat, len(state.history())), state.game
            )
        except AgentError as exc:  # a plugin's game with no greedy policy
            raise Conflict(f"no hints for {state.game.info.name}: {exc}") from None
        table.hinting.add(seat)
        try:
            action = await asyncio.to_thread(bot.act, state.clone())
        finally:
            table.hinting.discard(seat)
        if table.state is not state:
            return  # the game moved on (or back) meanwhile: the hint is for a position gone
        message = {
            "type": "hint",
            "version": version,
            "action": action,
            "text": state.action_to_string(action),
            "bot": HINT_AGENT,
        }
        text = _dumps(message)
        table.last_hint = (state, text)
        conn.push("hint", text)

    async def undo(self, table: Table, seat: int | None, version: int) -> None:
        """Take back the last choice of the seat that decides now (see
        meeple.core.undo): the moves are forgotten, in the database too, and everyone
        is sent the table as it was before them, with the whole log."""
        if seat is None:
            raise Forbidden("spectators cannot take back moves")
        async with table.lock:
            if table.meta.status == "over":
                raise Conflict("the game is over: nothing can be taken back")
            if not table.may_act(seat) or table.state.current_player != seat:
                raise Conflict("only the person who decides now can take back a move")
            if version != table.version:
                raise Conflict(
                    f"stale take-back: the table is at version {table.version}, not {version}"
                )
            try:
                back = await asyncio.to_thread(take_back, table.state.clone(), seat, table.trail)
            except TakeBackError as exc:
                raise Conflict(str(exc)) from None
            keep = table.version - back.moves
            after = back.state
            await asyncio.to_thread(
                self.store.take_back, table.id, table.version, keep, after.current_player
            )
            table.state = after
            table.trail = await asyncio.to_thread(Trail.of, after.to_record())  # rare: replayed
            table.active = datetime.now(UTC)
            table.log = table.log[:keep]
            table.meta.moves = keep
            table.meta.current_player = after.current_player
            await self._check_undo(table)
            for conn in table.connections:
                conn.log_sent = 0  # their logs hold moves that are gone: send the whole log
            self._broadcast(table)

    async def _check_undo(self, table: Table) -> None:
        """Work out whether the seat deciding now may take back its last choice (only
        when the last move was its own: otherwise it may not, and this costs nothing)."""
        state = table.state
        seat = state.current_player
        table.undoable = False
        if table.may_act(seat) and table.log and table.log[-1]["seat"] == seat:
            try:
                table.undoable = await asyncio.to_thread(
                    can_take_back, state.clone(), seat, table.trail
                )
            except MeepleError as exc:  # a game's fault: the move stands, without undo
                log.error("table %s: cannot tell whether seat %d may undo: %s", table.id, seat, exc)

    async def _commit(self, table: Table, seat: int, action: int) -> None:
        """Apply a checked action: on a clone, then stored and committed, then made the
        table's state and broadcast. Call with the table's lock held."""
        after = table.state.clone()
        entry = log_entry(after, action)
        after.apply_action(action)
        status = "over" if after.is_terminal() else table.meta.status
        # shielded: once the move is on its way to the database, a cancelled caller (a
        # client gone mid-move) must not leave it stored but unapplied in memory
        await asyncio.shield(self._store_and_apply(table, seat, action, after, entry, status))

    async def _store_and_apply(
        self,
        table: Table,
        seat: int,
        action: int,
        after: State,
        entry: dict[str, Any],
        status: str,
    ) -> None:
        await self.writer.append(
            table.id,
            table.version,
            seat,
            action,
            after.current_player,
            status,
        )
        table.trail.note(table.state, action)
        table.state = after
        table.active = datetime.now(UTC)
        table.log.append(entry)
        table.meta.moves = table.version
        table.meta.current_player = after.current_player
        table.meta.status = status
        await self._check_undo(table)
        self._broadcast(table)
        if status == "over" and not table.connections and self._tables.get(table.id) is table:
            del self._tables[table.id]  # nobody watches: the database holds it

    # --- broadcasting ---------------------------------------------------------------

    def _message_for(
        self, table: Table, seat: int | None, info: dict[str, Any], log_start: int
    ) -> str:
        return _dumps(
            state_message(
                table.state,
                seat,
                info,
                table.log,
                table.may_act(seat),
                log_start,
                may_undo=table.undoable,
            )
        )

    def _send_whole_state(self, table: Table, conn: Connection) -> None:
        """Push one connection its view now with the whole log (the answer to a sync);
        until it is handed over, a newer state replacing it holds the whole log too."""
        conn.log_sent = 0
        text = self._message_for(table, conn.seat, self.info_of(table), 0)
        conn.push("state", text, table.version)

    def _broadcast(self, table: Table) -> None:
        """Push every connection its own view of the table now, with the log entries
        it has not been sent yet (connections of one seat at one point share a text)."""
        info = self.info_of(table)
        built: dict[tuple[int | None, int], str] = {}
        for conn in list(table.connections):
            key = (conn.seat, min(conn.log_sent, table.version))
            if key not in built:
                built[key] = self._message_for(table, conn.seat, info, key[1])
            conn.push("state", built[key], table.version)

    def _error_to_all(self, table: Table, text: str) -> None:
        for conn in list(table.connections):
            conn.push("error", _dumps(error_message(text)))

    # --- bots -----------------------------------------------------------------------

    def _kick(self, table: Table) -> None:
        """Start the table's bot driver if a bot decides now and none is running."""
        if self._stopping or table.bot_to_move() is None:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Let bots decide while a bot is the seat to move; each thinks in a thread on a
        clone of the state, and its move is stored and broadcast like a person's."""
        while (seat := table.bot_to_move()) is not None:
            agent, version = table.agents[seat], table.version
            try:
                state = table.state.clone()
                if getattr(agent, "seconds", None) is not None:  # a budget: a search
                    people = any(s.kind == HUMAN for s in table.meta.seats)
                    thinking = self._searchers.submit(partial(agent.act, state), first=people)
                    action = await asyncio.wrap_future(thinking)
                else:
                    loop = asyncio.get_running_loop()
                    action = await loop.run_in_executor(self._thinkers, agent.act, state)
            except Exception as exc:
                log.exception("table %s: the bot in seat %d failed", table.id, seat)
                self._error_to_all(table, f"the bot in seat {seat} failed: {exc}")
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            async with table.lock:
                if (
                    table.version != version
                    or table.bot_to_move() != seat
                    or table.agents.get(seat) is not agent
                ):
                    continue
                try:
                    await self._commit(table, seat, action)
                except (MeepleError, ValueError) as exc:
                    log.error("table %s: the bot in seat %d: %s", table.id, seat, exc)
                    self._error_to_all(table, f"the bot in seat {seat} failed: {exc}")
                    return
