"""The database schema (SQLAlchemy 2): tables, their seats, their append-only action log,
what the players said at the table, and the names they go by.

A table row holds everything needed to rebuild the game (game, players, options, seed);
its actions, in order, are the rest of its record. `moves`, `current_player` and `status`
are kept up to date in the same transaction as each appended action, so a lobby can be
listed without replaying games.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "meeple_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    owner_token_hash: Mapped[str] = mapped_column(String(64))
    moves: Mapped[int] = mapped_column(Integer, default=0)
    current_player: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


SPEC_CHARS = 200
"""The longest agent spec a seat row holds (the server refuses longer ones)."""


class SeatRow(Base):
    __tablename__ = "meeple_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    spec: Mapped[str | None] = mapped_column(String(SPEC_CHARS), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    taken: Mapped[bool] = mapped_column(default=False)
    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    __tablename__ = "meeple_actions"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0, 1, 2, ... per table
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """One message of a table's chat: `index` counts them per table, in order."""

    __tablename__ = "meeple_chat"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(1200))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class NextTableRow(Base):
    """The next game of a finished table, made by the first of its players to ask for
    one (its own table: a database made before it gains it without a migration)."""

    __tablename__ = "meeple_next_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
    next_id: Mapped[str] = mapped_column(String(32))


class SeatNameRow(Base):
    """The name a seat's player goes by at a table (its own table, so that a database
    made before names gains it without a migration)."""

    __tablename__ = "meeple_seat_names"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))


class PrivateTableRow(Base):
    """A table made private: left out of the lobby's list, its seats taken only through
    their invitations (its own table: a database made before it gains it without a
    migration)."""

    __tablename__ = "meeple_private_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("meeple_tables.id", ondelete="CASCADE"), primary_key=True
    )
