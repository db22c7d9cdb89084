"""The store under threads and database failures: an in-memory database shared by the
server's threads keeps every write, a database error is a StoreError, and the
abandoned-table sweeper outlives one."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from server_support import stored_table
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

import meeple.server.tables as tables
from meeple.store import Store, StoreError


def test_an_in_memory_database_keeps_a_writer_s_moves_while_other_threads_read() -> None:
    # One connection serves every thread: a reader's rollback used to end the writer's
    # transaction half-way, and the next move was refused as out of order.
    store = Store("sqlite://")
    store.create_table(stored_table("t1"))
    done = threading.Event()
    failures: list[BaseException] = []

    def read() -> None:
        while not done.is_set():
            try:
                store.list_tables()
                store.get("t1")
            except BaseException as exc:
                failures.append(exc)
                return

    readers = [threading.Thread(target=read) for _ in range(2)]
    for reader in readers:
        reader.start()
    try:
        for index in range(300):
            store.append_action("t1", index, index % 2, index % 7, (index + 1) % 2, "playing")
    finally:
        done.set()
        for reader in readers:
            reader.join()
    assert failures == []
    stored = store.get("t1")
    assert stored is not None and stored.actions == [i % 7 for i in range(300)]


def test_a_database_error_is_a_store_error(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'meeple.db'}")
    store.create_table(stored_table("t1"))
    with store.engine.begin() as connection:
        connection.execute(text("DROP TABLE meeple_seat_names"))
    with pytest.raises(StoreError, match="the table was not read: no such table: meeple_seat"):
        store.get("t1")
    with pytest.raises(StoreError, match="the tables were not listed"):
        store.list_tables()
    store.close()


def test_the_sweeper_outlives_a_database_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "SWEEP_SECONDS", 0.01)

    async def play() -> None:
        store = Store("sqlite://")
        manager = tables.TableManager(store, abandon_after=1.0)
        await manager.start()
        made = await manager.create("anludim", 2, {}, ["human", "human"], 1)
        table = manager._tables[made["table"]["id"]]
        table.active = datetime.now(UTC) - timedelta(hours=5)
        calls = []
        save_seats = store.save_seats

        def flaky(*args: Any, **kwargs: Any) -> None:
            calls.append(args)
            if len(calls) == 1:
                raise OperationalError("UPDATE", {}, Exception("database is locked"))
            save_seats(*args, **kwargs)

        monkeypatch.setattr(store, "save_seats", flaky)
        for _ in range(200):
            await asyncio.sleep(0.01)
            if table.meta.status == "over":
                break
        assert len(calls) >= 2 and table.meta.status == "over"  # swept at the next round
        assert manager._sweeper is not None and not manager._sweeper.done()
        await manager.stop()

    asyncio.run(play())
