"""The one error family of meeple: every bad input raises one of these."""

from __future__ import annotations


class MeepleError(Exception):
    """Base of every error meeple raises on purpose."""


class OptionError(MeepleError, ValueError):
    """A game option, player count or other setting is unknown or out of range."""


class IllegalActionError(MeepleError, ValueError):
    """An action is not legal in the current state; the state is left unchanged."""


class RecordError(MeepleError, ValueError):
    """A game record is malformed or does not replay."""


class SeatError(MeepleError, ValueError):
    """A seat index is not one of the game's seats."""


class UnknownGameError(OptionError):
    """No game of that name is registered."""


class AgentError(MeepleError, ValueError):
    """An agent name or agent setting is unknown or out of range."""


class GameOverError(AgentError, IllegalActionError):
    """An agent was asked to act on a finished game: there is nothing to choose. It is
    both an AgentError (the agent's call) and an IllegalActionError (no move is legal),
    whichever a caller catches."""


class TakeBackError(MeepleError, ValueError):
    """A move cannot be taken back (see meeple.core.undo); nothing is changed."""


class ComponentDataError(MeepleError):
    """A data file a game ships fails its schema or the game's facts: a packaging
    defect, raised at import. The message names the file and the record."""


class CombinationError(MeepleError, ValueError):
    """Cards given to a game's ranking helper (such as Anludim's rank_combination) do
    not form the combination asked for, or name a discipline, colour or value the game
    does not have."""


__all__ = [
    "AgentError",
    "CombinationError",
    "ComponentDataError",
    "GameOverError",
    "IllegalActionError",
    "MeepleError",
    "OptionError",
    "RecordError",
    "SeatError",
    "TakeBackError",
    "UnknownGameError",
]
