"""Parametrize the conformance suite over every registered game and configuration."""

from __future__ import annotations

import pytest
from conformance_support import CONFIGS

import meeple


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        metafunc.parametrize("config", CONFIGS, ids=[c.id for c in CONFIGS])
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", meeple.list_games())
