"""The server tests' fixture: an app on a temporary SQLite file, with its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from server_support import TestClient, database

from meeple.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database(tmp_path))) as test_client:
        yield test_client
