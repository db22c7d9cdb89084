"""The repository: every read and write of tables, seats and actions, one transaction each.

Each method opens its own session and commits before it returns, so it may be called
from any thread; what it returns are plain dataclasses, detached from the database.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, select, update
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, NoSuchModuleError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.pool import StaticPool

from meeple.errors import MeepleError
from meeple.store.models import ActionRow, Base, SeatRow, TableRow, utcnow

DEFAULT_DATABASE_URL = "sqlite:///./var/meeple.db"
"""Where tables are stored unless MEEPLE_DATABASE_URL (or an explicit URL) says otherwise."""

STATUSES = ("waiting", "playing", "over")


class StoreError(MeepleError):
    """The database cannot be opened, or a write conflicts with what is stored."""


def database_url(url: str | None = None) -> str:
    """`url`, else $MEEPLE_DATABASE_URL, else the SQLite file ./var/meeple.db."""
    return url or os.environ.get("MEEPLE_DATABASE_URL") or DEFAULT_DATABASE_URL


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

    def record(self) -> dict[str, Any]:
        """The meeple record of the table (`meeple replay` reads it)."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": list(self.actions),
        }


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
            Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
    try:
        engine = create_engine(url, **kwargs)
    except (NoSuchModuleError, ImportError) as exc:
        raise StoreError(
            f"cannot open database {shown_url(text)}: {exc} (for PostgreSQL, pip install "
            "'meeple[postgres]')"
        ) from None
    if url.get_backend_name() == "sqlite":

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.close()

    return engine


def _seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(
        seat=row.seat, kind=row.kind, spec=row.spec, token_hash=row.token_hash, taken=row.taken
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


class Store:
    """Tables, seats and action logs in one database (SQLite or PostgreSQL)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        self.engine = _engine(self.url)
        try:
            Base.metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot open database {shown_url(self.url)}: {exc}") from None

    def close(self) -> None:
        self.engine.dispose()

    def create_table(self, table: StoredTable) -> None:
        with Session(self.engine) as session, session.begin():
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
        try:
            with Session(self.engine) as session, session.begin():
                done = session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.moves == index)
                    .values(moves=index + 1, current_player=current_player, status=status)
                )
                if getattr(done, "rowcount", 1) != 1:
                    raise StoreError(
                        f"table {table_id}: action {index} is not the next one to store"
                    )
                session.add(ActionRow(table_id=table_id, index=index, seat=seat, action=action))
        except IntegrityError:
            raise StoreError(f"table {table_id}: action {index} is already stored") from None

    def save_seats(self, table_id: str, seats: Iterable[StoredSeat], status: str) -> None:
        """Write these seats (kind, spec, token, taken) and the table's status."""
        with Session(self.engine) as session, session.begin():
            for s in seats:
                session.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat == s.seat)
                    .values(kind=s.kind, spec=s.spec, token_hash=s.token_hash, taken=s.taken)
                )
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def get(self, table_id: str) -> StoredTable | None:
        """The table with its seats and every action, or None."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            if row is None:
                return None
            table = _table(row)
            table.actions = list(
                session.scalars(
                    select(ActionRow.action)
                    .where(ActionRow.table_id == table_id)
                    .order_by(ActionRow.index)
                )
            )
        return table

    def list_tables(
        self, statuses: Sequence[str] = STATUSES, limit: int = 100
    ) -> list[StoredTable]:
        """Tables in these statuses, newest first, with seats but without actions."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.in_(list(statuses)))
                .options(selectinload(TableRow.seats))
                .order_by(TableRow.created.desc(), TableRow.id)
                .limit(limit)
            )
            return [_table(row) for row in rows]

    def unfinished(self) -> list[str]:
        """Ids of the tables not over (to be resumed on start), oldest first."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status != "over")
                    .order_by(TableRow.created, TableRow.id)
                )
            )
