"""docs/rl.md's Python examples run as printed (each in a fresh interpreter: one
registers an agent, which must not reach the other tests)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "rl.md").read_text("utf-8"), re.S)


def test_the_rl_guide_has_its_examples() -> None:
    assert len(BLOCKS) >= 4  # PettingZoo, Gymnasium, OpenSpiel, a policy as an agent


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_an_rl_guide_example_runs(code: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
