"""Wording shared by the games' texts."""

from __future__ import annotations

import re

_YOUR = re.compile(r"\b([Yy])our(s?)\b")


def third_person(text: str) -> str:
    """An action text written for the seat that takes it ("discard Axe to your play
    area"), worded for a log every seat reads ("... to their play area")."""
    return _YOUR.sub(lambda m: ("T" if m.group(1) == "Y" else "t") + "heir" + m.group(2), text)


def counted(count: int, word: str) -> str:
    """ "1 player", "3 players": a count and its noun, plural past one (nouns taking -s)."""
    return f"{count} {word}{'' if count == 1 else 's'}"
