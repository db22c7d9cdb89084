"""The rl extra is optional: meeple imports without it, and a missing package says how to
install it, in meeple's error family."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import meeple.rl
from meeple.errors import MeepleError
from meeple.rl import MissingExtraError


def run_without(modules: list[str], body: str) -> str:
    """Run `body` in a fresh interpreter where importing any of `modules` fails."""
    code = "import sys\n"
    code += "".join(f"sys.modules[{name!r}] = None\n" for name in modules)
    code += textwrap.dedent(body)
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


EXTRAS = ["numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"]


def test_meeple_imports_without_the_extra() -> None:
    out = run_without(
        EXTRAS,
        """
        import meeple, meeple.rl
        state = meeple.load_game("anludim").new_initial_state(seed=1)
        print("ok", state.current_player)
        """,
    )
    assert out.strip() == "ok 0"


@pytest.mark.parametrize(
    ("blocked", "call", "package"),
    [
        (["pettingzoo"], "meeple.rl.pettingzoo_env('anludim')", "pettingzoo"),
        (["gymnasium"], "meeple.rl.gymnasium_env('anludim')", "gymnasium"),
        (["pyspiel"], "meeple.rl.openspiel_game('anludim')", "open-spiel"),
        (["numpy"], "meeple.rl.encoder_for(meeple.load_game('anludim'))", "numpy"),
        (["pyspiel"], "__import__('meeple.rl.openspiel')", "open-spiel"),
    ],
)
def test_a_missing_package_says_how_to_install(blocked: list[str], call: str, package: str) -> None:
    out = run_without(
        blocked,
        f"""
        import meeple, meeple.rl
        from meeple.errors import MeepleError
        try:
            {call}
        except MeepleError as exc:
            print(type(exc).__name__, isinstance(exc, ImportError), exc)
        """,
    )
    assert out.startswith("MissingExtraError True ")
    assert repr(package) in out and "pip install 'meeple[rl]'" in out


def test_error_family_and_unknown_names() -> None:
    assert issubclass(MissingExtraError, MeepleError)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        meeple.rl.nothing  # noqa: B018
    assert "pettingzoo_env" in dir(meeple.rl)
