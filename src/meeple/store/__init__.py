"""Game tables in a database: options, seed, seats and the append-only action log.

SQLite by default (./var/meeple.db), PostgreSQL (or any SQLAlchemy URL) through
MEEPLE_DATABASE_URL. Knows nothing of the server that uses it.
"""

from meeple.store.repository import (
    DEFAULT_DATABASE_URL,
    STATUSES,
    Store,
    StoredChat,
    StoredSeat,
    StoredTable,
    StoreError,
    database_url,
    shown_url,
)
from meeple.store.writer import ActionWriter

__all__ = [
    "DEFAULT_DATABASE_URL",
    "STATUSES",
    "ActionWriter",
    "Store",
    "StoreError",
    "StoredChat",
    "StoredSeat",
    "StoredTable",
    "database_url",
    "shown_url",
]
