"""The repository: every read and write of tables, seats and actions, one transaction each.

Each method opens its own session and commits before it returns, so it may be called
from any thread; what it returns are plain dataclasses, detached from the database.
The server appends actions through `ActionWriter` (meeple.store.writer), which gathers
the appends of every table into one transaction (`append_actions`) on a single thread.

SQLite files are opened in WAL mode with synchronous=NORMAL: a commit survives a crash
or a kill of the process (the WAL is in the operating system's hands when COMMIT
returns), though not necessarily a power loss of the whole machine.
"""

from __future__ import annotations

import contextlib
import functools
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.pool import StaticPool

from meeple.errors import MeepleError
from meeple.store.models import (
    ActionRow,
    Base,
    ChatRow,
    NextTableRow,
    PrivateTableRow,
    SeatNameRow,
    SeatRow,
    TableRow,
    utcnow,
)

DEFAULT_DATABASE_URL = "sqlite:///./var/meeple.db"
"""Where tables are stored unless MEEPLE_DATABASE_URL (or an explicit URL) says otherwise."""

STATUSES = ("waiting", "playing", "over")


class StoreError(MeepleError):
    """The database cannot be opened, or a write conflicts with what is stored."""


def database_url(url: str | None = None) -> str:
    """`url`, else $MEEPLE_DATABASE_URL, else the SQLite file ./var/meeple.db."""
    return url or os.environ.get("MEEPLE_DATABASE_URL") or DEFAULT_DATABASE_URL


def db_error(exc: SQLAlchemyError) -> str:
    """What went wrong, in the driver's words where there are some, without the link to
    SQLAlchemy's pages that its messages end with."""
    orig = getattr(exc, "orig", None)
    text = str(orig) if orig is not None else str(exc)
    return text.split("\n(Background on this error")[0].strip()


def shown_url(url: str) -> str:
    """The URL with any password hidden, for printing."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


@dataclass
class StoredSeat:
    seat: int
    kind: str  # "human" or "bot"
    spec: str | None = None  # the agent spec of a bot
    token_hash: str | None = None  # sha256 of the seat's secret token (humans)
    taken: bool = False  # someone holds the seat (humans); bots always count as taken


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: str
    owner_token_hash: str
    current_player: int
    seats: list[StoredSeat]
    moves: int = 0
    created: datetime | None = None
    actions: list[int] = field(default_factory=list)  # filled by Store.get only
    names: dict[int, str] = field(default_factory=dict)  # the names seats go by
    private: bool = False  # unlisted, its seats taken through their invitations only

    def record(self) -> dict[str, Any]:
        """The meeple record of the table (`meeple replay` reads it)."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }


@dataclass
class StoredChat:
    """One message of a table's chat."""

    index: int  # 0, 1, 2, ... per table
    seat: int
    text: str
    created: datetime | None = None


def _is_memory(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def _engine(text: str) -> Engine:
    try:
        url = make_url(text)
    except ArgumentError:
        raise StoreError(
            f"database URL {text!r} is not a URL such as sqlite:///./var/meeple.db or "
            "postgresql+psycopg://user:password@host/dbname"
        ) from None
    kwargs: dict[str, Any] = {}
    if url.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"check_same_thread": False}
        if _is_memory(url):
            kwargs["poolclass"] = StaticPool
        else:
            assert url.database is not None
            folder = Path(url.database).expanduser().parent
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise StoreError(
                    f"cannot open database {shown_url(text)}: cannot make the folder "
                    f"{str(folder)!r}: {exc.strerror or exc}"
                ) from None
    try:
        engine = create_engine(url, **kwargs)
    except (NoSuchModuleError, ImportError) as exc:
        raise StoreError(
            f"cannot open database {shown_url(text)}: {exc} (for PostgreSQL, pip install "
            "'meeple[postgres]', or from a checkout pip install -e '.[postgres]')"
        ) from None
    if url.get_backend_name() == "sqlite":
        memory = _is_memory(url)

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=10000")
            if not memory:
                # Readers never block the writer and a commit is one append to the WAL;
                # NORMAL syncs at checkpoints, not at each commit (see the module's doc).
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    return engine


@dataclass(frozen=True, slots=True)
class PendingAction:
    """One action to append (the arguments of `Store.append_action`)."""

    table_id: str
    index: int
    seat: int
    action: int
    current_player: int
    status: str


def _seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(
        seat=row.seat, kind=row.kind, spec=row.spec, token_hash=row.token_hash, taken=row.taken
    )


_TABLES = Base.metadata.tables[TableRow.__tablename__].c
_NEXT_MOVE = (
    update(Base.metadata.tables[TableRow.__tablename__])
    .where(_TABLES.id == bindparam("t_id"), _TABLES.moves == bindparam("t_index"))
    .values(
        moves=bindparam("t_moves"),
        current_player=bindparam("t_current"),
        status=bindparam("t_status"),
    )
)
_ADD_ACTIONS = insert(Base.metadata.tables[ActionRow.__tablename__])


def _append(session: Session, batch: Sequence[PendingAction]) -> None:
    """Bring each action's table row up to date and insert the actions, one statement
    each for the whole batch (Core, executemany), in the session's transaction.
    An action that is not its table's next -> StoreError."""
    connection = session.connection()
    moves = [
        {
            "t_id": p.table_id,
            "t_index": p.index,
            "t_moves": p.index + 1,
            "t_current": p.current_player,
            "t_status": p.status,
        }
        for p in batch
    ]
    if len(moves) > 1 and connection.dialect.supports_sane_multi_rowcount:
        if connection.execute(_NEXT_MOVE, moves).rowcount != len(moves):
            raise StoreError("an action of the batch is not its table's next one")
    else:
        for pending, params in zip(batch, moves, strict=True):
            if connection.execute(_NEXT_MOVE, params).rowcount != 1:
                raise StoreError(
                    f"table {pending.table_id}: action {pending.index} is not the next one to store"
                )
    _insert(connection, batch)


def _insert(connection: Connection, batch: Sequence[PendingAction]) -> None:
    connection.execute(
        _ADD_ACTIONS,
        [
            {"table_id": p.table_id, "index": p.index, "seat": p.seat, "action": p.action}
            for p in batch
        ],
    )


def _table(row: TableRow) -> StoredTable:
    return StoredTable(
        id=row.id,
        game=row.game,
        players=row.players,
        options=dict(row.options),
        seed=row.seed,
        status=row.status,
        owner_token_hash=row.owner_token_hash,
        current_player=row.current_player,
        seats=[_seat(s) for s in row.seats],
        moves=row.moves,
        created=row.created,
    )


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _database_errors(failed: str) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """A Store method whose database errors are StoreErrors saying what `failed`, so
    callers (the server's requests, its sweeper) meet one error family."""

    def wrap(method: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.wraps(method)
        def checked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            try:
                return method(*args, **kwargs)
            except SQLAlchemyError as exc:
                raise StoreError(f"{failed}: {db_error(exc)}") from None

        return checked

    return wrap


def _names(session: Session, table_ids: Sequence[str]) -> dict[str, dict[int, str]]:
    """The seats' names of these tables: table id -> seat -> name."""
    found: dict[str, dict[int, str]] = {}
    if table_ids:
        rows = session.scalars(select(SeatNameRow).where(SeatNameRow.table_id.in_(table_ids)))
        for row in rows:
            found.setdefault(row.table_id, {})[row.seat] = row.name
    return found


class Store:
    """Tables, seats and action logs in one database (SQLite or PostgreSQL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine = _engine(self.url)
        # An in-memory SQLite database is one connection shared by every thread, where
        # one session's end (a rollback after a read) would end another thread's open
        # transaction: there the sessions take turns.
        self._turns: AbstractContextManager[Any] = (
            threading.RLock() if _is_memory(self.engine.url) else nullcontext()
        )
        try:
            Base.metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(
                f"cannot open database {shown_url(self.url)}: {db_error(exc)}"
            ) from None

    def close(self) -> None:
        """Close every connection. An SQLite file's write-ahead log is folded into the
        file first, so the file alone holds every table (a copy of it is a backup)."""
        if self.engine.url.get_backend_name() == "sqlite" and not _is_memory(self.engine.url):
            with contextlib.suppress(SQLAlchemyError), self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._turns, Session(self.engine) as session:
            yield session

    @_database_errors("the table was not stored")
    def create_table(self, table: StoredTable) -> None:
        with self._session() as session, session.begin():
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    options=dict(table.options),
                    seed=table.seed,
                    status=table.status,
                    owner_token_hash=table.owner_token_hash,
                    moves=0,
                    current_player=table.current_player,
                    seats=[
                        SeatRow(
                            seat=s.seat,
                            kind=s.kind,
                            spec=s.spec,
                            token_hash=s.token_hash,
                            taken=s.taken,
                        )
                        for s in table.seats
                    ],
                    created=table.created or utcnow(),
                )
            )
            if table.private:
                session.flush()  # the table's row first: the mark's key refers to it
                session.add(PrivateTableRow(table_id=table.id))

    def append_action(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: int,
        current_player: int,
        status: str,
    ) -> None:
        """Append action number `index` of the table and commit: when this returns the
        move survives a crash. An index already stored (or out of order) -> StoreError."""
        self._append_one(PendingAction(table_id, index, seat, action, current_player, status))

    def _append_one(self, pending: PendingAction) -> None:
        try:
            with self._session() as session, session.begin():
                _append(session, [pending])
        except IntegrityError:
            raise StoreError(
                f"table {pending.table_id}: action {pending.index} is already stored"
            ) from None

    def append_actions(self, batch: Sequence[PendingAction]) -> list[StoreError | None]:
        """Append several actions (of any tables, in order) in one transaction and one
        commit; what each append came to: None (committed) or its StoreError.

        When one of them cannot be stored the transaction is rolled back and each is
        appended on its own, so the others are still committed and only that one fails.
        An error of the database itself (it cannot be reached, the disk is full) while
        the batch is written together is raised (nothing of it is stored); while they are
        written one by one, it is the StoreError of the one it hit."""
        if len(batch) > 1:
            try:
                with self._session() as session, session.begin():
                    _append(session, batch)
                return [None] * len(batch)
            except (StoreError, IntegrityError):
                pass  # find which one: below, one transaction each
        results: list[StoreError | None] = []
        for pending in batch:
            try:
                self._append_one(pending)
            except StoreError as exc:
                results.append(exc)
            except SQLAlchemyError as exc:
                results.append(StoreError(f"table {pending.table_id}: cannot store: {exc}"))
            else:
                results.append(None)
        return results

    def take_back(self, table_id: str, moves: int, keep: int, current_player: int) -> None:
        """Forget the table's actions from number `keep` on (a take-back): the table
        must hold `moves` actions now, else StoreError and nothing changes."""
        try:
            with self._session() as session, session.begin():
                changed = session.connection().execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.moves == moves)
                    .values(moves=keep, current_player=current_player)
                )
                if changed.rowcount != 1:
                    raise StoreError(f"table {table_id}: it does not hold {moves} actions")
                session.execute(
                    delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.index >= keep)
                )
        except SQLAlchemyError as exc:
            raise StoreError(f"table {table_id}: the take-back was not stored: {exc}") from None

    @_database_errors("the seats were not stored")
    def save_seats(self, table_id: str, seats: Iterable[StoredSeat], status: str) -> None:
        """Write these seats (kind, spec, token, taken) and the table's status."""
        with self._session() as session, session.begin():
            for s in seats:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == s.seat)
                    .values(kind=s.kind, spec=s.spec, token_hash=s.token_hash, taken=s.taken)
                )
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    @_database_errors("the table was not read")
    def get(self, table_id: str) -> StoredTable | None:
        """The table with its seats and every action, or None."""
        with self._session() as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            if row is None:
                return None
            table = _table(row)
            table.names = _names(session, [table_id]).get(table_id, {})
            table.private = session.get(PrivateTableRow, table_id) is not None
            table.actions = list(
                session.scalars(
                    select(ActionRow.action)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.index)
                )
            )
        return table

    @_database_errors("the tables were not listed")
    def list_tables(
        self, statuses: Sequence[str] = STATUSES, limit: int = 100, ids: Sequence[str] = ()
    ) -> list[StoredTable]:
        """Tables in these statuses, newest first, with seats but without actions: the
        `limit` newest that are not private, and the tables of `ids` beside them (private
        ones too: whoever knows a table's id may see it)."""
        private = select(PrivateTableRow.table_id)
        with self._session() as session:
            listed = list(
                session.scalars(
                    select(TableRow)
                    .where(TableRow.status.in_(list(statuses)), TableRow.id.not_in(private))
                    .options(selectinload(TableRow.seats))
                    .order_by(TableRow.created.desc(), TableRow.id)
                    .limit(limit)
                )
            )
            shown = {row.id for row in listed}
            asked = [i for i in dict.fromkeys(ids) if i not in shown]
            if asked:
                listed += session.scalars(
                    select(TableRow)
                    .where(TableRow.status.in_(list(statuses)), TableRow.id.in_(asked))
                    .options(selectinload(TableRow.seats))
                )
                listed.sort(key=lambda row: row.id)
                listed.sort(key=lambda row: row.created, reverse=True)
            tables = [_table(row) for row in listed]
            names = _names(session, [t.id for t in tables])
            hidden = set(session.scalars(private.where(PrivateTableRow.table_id.in_(asked))))
        for table in tables:
            table.names = names.get(table.id, {})
            table.private = table.id in hidden
        return tables

    def next_table(self, table_id: str) -> str | None:
        """The id of the table made as `table_id`'s next game, if there is one."""
        try:
            with self._session() as session:
                row = session.get(NextTableRow, table_id)
                return None if row is None else row.next_id
        except SQLAlchemyError as exc:
            raise StoreError(f"table {table_id}: its next game was not read: {exc}") from None

    def set_next_table(self, table_id: str, next_id: str) -> None:
        """Keep `next_id` as the table made for `table_id`'s next game."""
        try:
            with self._session() as session, session.begin():
                session.merge(NextTableRow(table_id=table_id, next_id=next_id))
        except SQLAlchemyError as exc:
            raise StoreError(f"table {table_id}: its next game was not stored: {exc}") from None

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """The name the player of `seat` goes by at the table (replacing any)."""
        try:
            with self._session() as session, session.begin():
                row = session.get(SeatNameRow, (table_id, seat))
                if row is None:
                    session.add(SeatNameRow(table_id=table_id, seat=seat, name=name))
                else:
                    row.name = name
        except SQLAlchemyError as exc:
            raise StoreError(f"table {table_id}: the name was not stored: {exc}") from None

    def add_chat(self, table_id: str, message: StoredChat) -> StoredChat:
        """Store a chat message (its index must be new at that table); returns it with
        the time it was stored."""
        created = utcnow()
        try:
            with self._session() as session, session.begin():
                session.add(
                    ChatRow(
                        table_id=table_id,
                        index=message.index,
                        seat=message.seat,
                        text=message.text,
                        created=created,
                    )
                )
        except IntegrityError as exc:
            raise StoreError(
                f"table {table_id}: chat message {message.index} is stored already, or there "
                f"is no such table ({exc.orig})"
            ) from None
        except SQLAlchemyError as exc:
            raise StoreError(f"table {table_id}: the chat message was not stored: {exc}") from None
        return StoredChat(message.index, message.seat, message.text, created)

    @_database_errors("the chat was not read")
    def chat(self, table_id: str, limit: int = 100) -> list[StoredChat]:
        """The last `limit` chat messages of a table, oldest first."""
        with self._session() as session:
            rows = list(
                session.scalars(
                    select(ChatRow)
                    .where(ChatRow.table_id == table_id)
                    .order_by(ChatRow.index.desc())
                    .limit(limit)
                )
            )
        return [StoredChat(r.index, r.seat, r.text, r.created) for r in reversed(rows)]

    @_database_errors("the table's last move was not read")
    def last_activity(self, table_id: str) -> datetime | None:
        """When the table last moved: its last action's time, else its creation (UTC);
        None for no such table."""
        with self._session() as session:
            last = session.scalar(
                select(func.max(ActionRow.created)).where(ActionRow.table_id == table_id)
            )
            if last is None:
                last = session.scalar(select(TableRow.created).where(TableRow.id == table_id))
        if last is not None and last.tzinfo is None:
            last = last.replace(tzinfo=UTC)
        return last

    @_database_errors("the unfinished tables were not listed")
    def unfinished(self) -> list[str]:
        """Ids of the tables not over (to be resumed on start), oldest first."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status != "over")
                    .order_by(TableRow.created, TableRow.id)
                )
            )
