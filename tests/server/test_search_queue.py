"""The searching bots' thread: a table with people is searched for before bots alone."""

from __future__ import annotations

import threading

import pytest

from meeple.server.search_queue import SearchQueue


def test_searches_for_tables_with_people_go_first() -> None:
    searches = SearchQueue()
    busy = threading.Event()
    release = threading.Event()
    ran: list[str] = []

    def hold() -> str:
        busy.set()
        release.wait(5)
        return "held"

    holding = searches.submit(hold, first=False)
    assert busy.wait(5)  # the thread is at work: what follows waits in line
    bots = [searches.submit(lambda n=n: ran.append(f"bots {n}"), first=False) for n in (1, 2)]
    people = [searches.submit(lambda n=n: ran.append(f"people {n}"), first=True) for n in (1, 2)]
    release.set()
    assert holding.result(5) == "held"
    for future in bots + people:
        future.result(5)
    assert ran == ["people 1", "people 2", "bots 1", "bots 2"]
    searches.shutdown()


def test_a_failed_search_reaches_its_waiter_and_shutdown_cancels_the_queue() -> None:
    searches = SearchQueue()

    def fail() -> None:
        raise ValueError("no move")

    with pytest.raises(ValueError, match="no move"):
        searches.submit(fail, first=True).result(5)
    busy = threading.Event()
    release = threading.Event()

    def hold() -> bool:
        busy.set()
        return release.wait(5)

    running = searches.submit(hold, first=True)
    assert busy.wait(5)
    waiting = searches.submit(lambda: None, first=True)
    searches.shutdown()
    release.set()
    assert running.result(5) is True and waiting.cancelled()
    with pytest.raises(RuntimeError, match="shut down"):
        searches.submit(lambda: None, first=True)
