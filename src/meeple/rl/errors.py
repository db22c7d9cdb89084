"""Errors of the research interfaces, all in meeple's one error family."""

from __future__ import annotations

from meeple.errors import MeepleError

EXTRAS_HINT = "pip install 'meeple[rl]' (from a checkout: pip install -e '.[rl]')"


class MissingExtraError(MeepleError, ImportError):
    """An optional package of the `rl` extra (numpy, gymnasium, pettingzoo, open-spiel)
    is not installed."""


class NoEncoderError(MeepleError, LookupError):
    """No observation encoder is registered for a game."""


class UnknownBlockError(MeepleError, KeyError):
    """An encoder has no block of the name asked for (a KeyError, as for a mapping)."""

    def __str__(self) -> str:  # KeyError would show the message in quotes
        return str(self.args[0]) if self.args else ""


class EnvStateError(MeepleError, RuntimeError):
    """An environment was used out of order (stepped before reset, or after its end)."""


_PACKAGES = {
    "numpy": "numpy",
    "gymnasium": "gymnasium",
    "pettingzoo": "pettingzoo",
    "pyspiel": "open-spiel",
    "open_spiel": "open-spiel",
}


def missing_extra(exc: ImportError) -> MissingExtraError:
    """The error to raise when importing an optional dependency failed with `exc`."""
    module = (getattr(exc, "name", None) or "").partition(".")[0]
    package = _PACKAGES.get(module, module or "an optional package")
    return MissingExtraError(
        f"meeple.rl needs the optional package {package!r}, which is not installed: "
        f"install the research extra with {EXTRAS_HINT}"
    )


__all__ = [
    "EnvStateError",
    "MissingExtraError",
    "NoEncoderError",
    "UnknownBlockError",
    "missing_extra",
]
