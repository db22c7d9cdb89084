"""Group commit of actions: one thread appends the moves of every table, many per commit.

A commit costs the same for one action as for a hundred (on SQLite one write of the WAL,
and only one connection may write at a time anyway), so instead of a commit per move
from many threads that fight over the database's write lock, `ActionWriter.append` hands
the action to a single writer thread. That thread takes everything waiting, stores it in
one transaction with one commit (`Store.append_actions`) and only then settles each
caller's future, on the caller's event loop: an action is committed before its caller
goes on (and so before its move is broadcast). A failure reaches the caller(s) it
concerns: the action that is not its table's next gets its StoreError while the others
of the batch are stored; a failure of the database itself reaches every caller of the
batch.

The thread starts with the first append, stops after `IDLE_SECONDS` without work, and
`close()` stops it at once once what is queued is stored (the server calls it on
shutdown); it is a daemon thread, so it never keeps the process alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass

from sqlalchemy.exc import SQLAlchemyError

from meeple.store.repository import PendingAction, Store, StoreError, db_error, shown_url

IDLE_SECONDS = 5.0
"""The writer thread ends after this long without an action (the next append starts one)."""
MAX_BATCH = 1000
"""At most this many actions go into one transaction."""


@dataclass
class _Item:
    pending: PendingAction
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[None]


_Outcome = tuple[asyncio.Future[None], BaseException | None]


def _settle(done: list[_Outcome]) -> None:
    """On the callers' loop: resolve each future (unless its caller gave up on it)."""
    for future, error in done:
        if future.done():
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)


class ActionWriter:
    """Appends actions to a `Store` on one thread, the waiting ones in one commit."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def append(
        self,
        table_id: str,
        index: int,
        seat: int,
        action: int,
        current_player: int,
        status: str,
    ) -> None:
        """`Store.append_action` with the same arguments and errors, batched with the
        other tables' appends: returns once the action is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        pending = PendingAction(table_id, index, seat, action, current_player, status)
        with self._lock:
            if self._thread is None:
                self._queue = queue.SimpleQueue()
                self._thread = threading.Thread(
                    target=self._run, args=(self._queue,), name="meeple-writer", daemon=True
                )
                self._thread.start()
            self._queue.put(_Item(pending, loop, future))
        await future

    def close(self) -> None:
        """Store what is queued, then stop the thread (a later append starts a new one)."""
        with self._lock:
            thread, waiting = self._thread, self._queue
            self._thread = None
            if thread is None:
                return
            waiting.put(None)
        thread.join()

    @property
    def running(self) -> bool:
        with self._lock:
            return self._thread is not None

    def _run(self, waiting: queue.SimpleQueue[_Item | None]) -> None:
        while True:
            try:
                first = waiting.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self._lock:  # every put holds the lock: nothing can slip in now
                    if waiting.empty():
                        if self._queue is waiting:
                            self._thread = None
                        return
                continue
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    item = waiting.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._write(batch)
            if stop:
                return

    def _write(self, batch: list[_Item]) -> None:
        """Store a batch in one commit, then tell each caller what came of its action."""
        results: list[BaseException | None]
        try:
            results = list(self.store.append_actions([item.pending for item in batch]))
        except SQLAlchemyError as exc:
            where = shown_url(self.store.url)
            results = [
                StoreError(f"cannot store the action in {where}: {db_error(exc)}") for _ in batch
            ]
        except Exception as exc:  # a bug: every caller sees it
            results = [exc] * len(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
        for item, error in zip(batch, results, strict=True):
            by_loop.setdefault(item.loop, []).append((item.future, error))
        for loop, done in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
                loop.call_soon_threadsafe(_settle, done)
