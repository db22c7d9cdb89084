"""The searching bots' one thread: a search at a time, the tables with people first.

A search holds Python's interpreter lock while it thinks: sixteen at once left the
server's own thread (every move, chat and page of every table) a seventeenth of it,
seconds a request, for no more search done in all, since one thread of Python runs at a
time. So all searches share one thread. In plain arrival order, anyone could make a
few tables of bots alone, searching 5 s a move, and leave the bot of a person's table
waiting for all of theirs at every move. Here a search for a table with a person seated
goes before any search for a table of bots only, and each kind keeps its arrival order.
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

_Job = tuple[int, int, Callable[[], Any] | None, Future[Any] | None]


class SearchQueue:
    """One worker thread running submitted calls, those marked `first` before the rest."""

    def __init__(self, name: str = "meeple-search") -> None:
        self._jobs: queue.PriorityQueue[_Job] = queue.PriorityQueue()
        self._order = itertools.count()
        self._name = name
        self._thread: threading.Thread | None = None  # started by the first call
        self._closed = False

    def submit(self, call: Callable[[], T], first: bool) -> Future[T]:
        """Run `call` in the thread once the calls before it are done: every call marked
        `first` that came before it, and, unless it is one, every other that did too."""
        if self._closed:
            raise RuntimeError("the search queue is shut down")
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
            self._thread.start()
        future: Future[T] = Future()
        self._jobs.put((0 if first else 1, next(self._order), call, future))
        return future

    def shutdown(self) -> None:
        """Cancel the calls still waiting and let the thread end after the running one."""
        self._closed = True
        while True:
            try:
                _, _, _, future = self._jobs.get_nowait()
            except queue.Empty:
                break
            if future is not None:
                future.cancel()
        self._jobs.put((-1, -1, None, None))

    def _work(self) -> None:
        while True:
            _, _, call, future = self._jobs.get()
            if call is None or future is None:
                return
            if not future.set_running_or_notify_cancel():
                continue  # cancelled while it waited (its table's driver stopped)
            try:
                result = call()
            except BaseException as exc:  # handed to the awaiting driver, which logs it
                future.set_exception(exc)
            else:
                future.set_result(result)
