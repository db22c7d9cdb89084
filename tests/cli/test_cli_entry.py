"""The console script's module stays light: worker processes of `--jobs` re-import it
when they start, so importing it must not pull in the command line (typer, rich)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _entry_point() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    entry: str = project["project"]["scripts"]["meeple"]
    return entry


def test_the_console_scripts_module_imports_no_command_line() -> None:
    module, _, function = _entry_point().partition(":")
    probe = (
        f"import sys; from {module} import {function}; "
        "heavy = [m for m in ('typer', 'rich', 'click', 'meeple.cli.app') if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.strip() == "", f"importing the entry point loaded {done.stdout.strip()}"


def test_the_console_script_runs_the_command_line() -> None:
    module, _, function = _entry_point().partition(":")
    done = subprocess.run(
        [sys.executable, "-c", f"from {module} import {function}; {function}()", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "tournament" in done.stdout and "bench" in done.stdout


def test_command_line_errors_are_one_error_line_and_status_2() -> None:
    module, _, function = _entry_point().partition(":")
    for args in (["play", "aridnyk", "-p", "abc"], ["nosuchcmd"], ["play", "arnak", "--bogus"]):
        done = subprocess.run(
            [sys.executable, "-c", f"from {module} import {function}; {function}()", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        assert done.returncode == 2, done.stderr
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
        assert "--help" in lines[0] and "Traceback" not in done.stderr


def test_python_dash_m_meeple_is_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "meeple", "games"], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert "anludim" in done.stdout and "arnak" in done.stdout
