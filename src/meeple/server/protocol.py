"""The shapes of every HTTP body and WebSocket message (pydantic, so /openapi.json shows
them), and the parser of what a WebSocket client sends."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from meeple.core.game import shown_repr
from meeple.errors import MeepleError
from meeple.store.models import SPEC_CHARS

MAX_MESSAGE_BYTES = 4096
"""A WebSocket message from a client may be at most this long (UTF-8 bytes)."""

CLIENT_TYPES = ("act", "ping", "sync", "chat", "hint", "name", "undo")

MAX_CHAT_CHARS = 300
"""A chat message holds 1 to this many characters (after its spaces are collapsed)."""
MAX_NAME_CHARS = 24
"""A seat's name holds 1 to this many characters."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- HTTP bodies ------------------------------------------------------------------------


class CreateTable(_Strict):
    game: str = Field(
        description="A registered game, e.g. anludim (see GET /api/games).",
        json_schema_extra={"minLength": 1},
    )
    players: int | None = Field(
        default=None, description="Number of seats; default: the length of `seats`."
    )
    options: dict[str, Any] = Field(
        default_factory=dict, description="Game options by name (defaults fill the rest)."
    )
    seats: list[Annotated[str, Field(max_length=SPEC_CHARS)]] = Field(
        description='One entry per seat: "human", or an agent spec such as "random", '
        '"greedy" or "ismcts:iterations=300".',
        min_length=1,
    )
    seed: int | None = Field(
        default=None,
        description="The game's seed, 0 to 2**63 - 1 (default: a random one).",
        json_schema_extra={"minimum": 0},
    )
    private: bool = Field(
        default=False,
        description="Leave the table out of the lobby's list, and let its seats be "
        "taken only through their invitation links (no Join).",
    )


class JoinSeat(_Strict):
    seat: int = Field(
        description="A human seat that no one has taken yet.", json_schema_extra={"minimum": 0}
    )


class PlayAgain(_Strict):
    token: str = Field(description="The token of a human seat of the finished table.")


class SeatToBot(_Strict):
    token: str = Field(description="The seat's own token or the table owner's token.")
    spec: str = Field(
        default="random", description="The agent spec of the bot.", max_length=SPEC_CHARS
    )


# --- HTTP answers -----------------------------------------------------------------------


class ErrorBody(BaseModel):
    error: str


class OptionInfo(BaseModel):
    default: Any
    choices: list[Any]
    help: str
    players: list[int] | None = None
    """The player counts (fewest, most) the option applies to; None: all of them."""
    labels: list[str] | None = None
    """A person's words for each choice, in order; None: the choices as they are."""


class PlayerCountNotes(BaseModel):
    players: int
    placeholder_data: bool
    notes: list[str]


class ChoiceNotes(BaseModel):
    option: str
    value: Any
    notes: list[str]


class GameSummary(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: dict[str, OptionInfo]
    actions: dict[str, int] = Field(
        description="The upper-case integer constants of the game's actions module."
    )
    agents: list[str] = Field(
        description="The bots that can play the game with their default settings."
    )
    placeholder_data: bool
    notes: list[str]
    notes_by_players: list[PlayerCountNotes] = Field(
        description="placeholder_data and notes at each player count, with the default "
        "options: what the lobby says of the count chosen (Arnak's solo rival plays "
        "placeholder data)."
    )
    notes_by_choice: list[ChoiceNotes] = Field(
        description="The notes an option's other value adds to those of the default "
        "options, at the default player count: what the lobby says of a choice (Arnak's "
        "Spider and Owl Temple sides play placeholder tracks)."
    )
    rules: str = Field(
        description="The rules revision the server plays the game under (a date; "
        "docs/games/<name>.md lists each), '' for a game that keeps none."
    )


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    spec: str | None = Field(description="The agent spec of a bot; null for a human seat.")
    taken: bool = Field(description="Someone holds the seat (bots always do).")
    connected: bool = Field(description="At least one connection plays this seat now.")
    connections: int = Field(
        description="The connections open on this seat now: more than one is another tab, "
        "or someone else holding the seat's link."
    )
    name: str | None = Field(description="The name its player goes by; null until given.")


class TableInfo(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["waiting", "playing", "over"]
    seats: list[SeatInfo]
    moves: int = Field(description="Actions applied so far (the table's version).")
    current_player: int = Field(description="The seat that decides now; -4 when over.")
    created: str = Field(description="When the table was created (ISO 8601, UTC).")
    abandoned: bool = Field(
        description="Over because no one played for the server's --abandon-after hours, "
        "not because the game ended (then current_player is the seat that never moved)."
    )
    private: bool = Field(
        description="Not in the lobby's list; its seats are taken by invitation only."
    )
    placeholder_data: bool = Field(
        description="The table's own configuration of its game plays placeholder "
        "component data (GameInfo's placeholder_data for the table's players and options)."
    )
    notes: list[str] = Field(
        description="The notes of the table's own configuration (placeholder data and the "
        "like), which may differ from the game's default configuration's."
    )


class Invite(BaseModel):
    seat: int
    token: str = Field(description="The seat's secret token; keep it to reconnect.")
    url: str = Field(description="The invitation link: /table/{id}?token=...")


class CreatedTable(BaseModel):
    table: TableInfo
    owner_token: str = Field(
        description="The creator's token: lets it replace any seat by a bot, and watch."
    )
    invites: list[Invite] = Field(description="One per human seat.")


class NextTable(BaseModel):
    table: TableInfo
    owner_token: str | None = Field(
        description="Given to the player who asked first, who made the new table; None "
        "for the others."
    )
    invites: list[Invite] = Field(
        description="The first asker: one per human seat, theirs among them. Another "
        "player: their own seat alone, with a new token (its invitation link stops "
        "working)."
    )


# --- WebSocket messages the server sends (it builds them as dicts; the server tests
# read every message they receive through these models, so they stay what is sent) ----


class _Sent(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LegalAction(_Sent):
    id: int
    text: str


class LogEntry(_Sent):
    seat: int
    text: str


class StateMessage(_Sent):
    type: Literal["state"]
    table: TableInfo
    seat: int | None
    version: int
    observation: dict[str, Any] | None
    current_player: int
    legal: list[LegalAction]
    log_start: int = Field(description="The index in the whole log of `log`'s first entry.")
    log: list[LogEntry] = Field(description="The log entries from `log_start` on.")
    returns: list[float] | None
    scores: list[float] | None
    undo: bool = Field(
        description="Whether this seat, deciding now, may take back its last choice "
        '(send {"type": "undo"}): nothing but its own moves came since, and they showed it '
        "nothing hidden."
    )


class ChatEntry(_Sent):
    seat: int
    text: str
    time: str = Field(description="When it was said, ISO 8601 UTC.")


class ChatMessage(_Sent):
    type: Literal["chat"]
    whole: bool = Field(
        description="true: the table's last messages, replacing any a client holds (sent "
        "on connecting); false: new messages to add."
    )
    messages: list[ChatEntry]


class HintMessage(_Sent):
    type: Literal["hint"]
    version: int = Field(description="The table's version the hint is for.")
    action: int
    text: str
    bot: str = Field(description="The agent that chose it.")


class PongMessage(_Sent):
    type: Literal["pong"]


class ErrorMessage(_Sent):
    type: Literal["error"]
    message: str


ServerMessage = Annotated[
    StateMessage | ChatMessage | HintMessage | PongMessage | ErrorMessage,
    Field(discriminator="type"),
]
"""Any message the server sends on a table's WebSocket."""


# --- what a client sends ----------------------------------------------------------------


class ProtocolError(MeepleError):
    """A WebSocket message that cannot be understood."""


@dataclass(frozen=True)
class Act:
    action: int
    version: int


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Sync:
    pass


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Hint:
    version: int


@dataclass(frozen=True)
class Name:
    name: str


@dataclass(frozen=True)
class Undo:
    version: int


ClientMessage = Act | Ping | Sync | Chat | Hint | Name | Undo


_SEAT_WORDS = re.compile(r"(you|seat\s*\d*|([\w:=.]+\s+)?bot)", re.IGNORECASE)
"""The table page's words for seats ("you", "seat 1", "greedy bot"): a player going by
one would pass for someone else in the chat and the log."""


def _line(message: dict[str, Any], key: str, what: str, most: int) -> str:
    """`message[key]` as one line of 1 to `most` printable characters (newlines and runs
    of spaces become one space)."""
    value = message.get(key)
    if not isinstance(value, str):
        raise ProtocolError(f"{what} needs {key!r}, a string, not {shown_repr(value)}")
    text = " ".join(value.split())
    if not text:
        raise ProtocolError(f"{what} cannot be empty")
    if len(text) > most:
        raise ProtocolError(f"{what} holds at most {most} characters, not {len(text)}")
    if any(not ch.isprintable() for ch in text):
        raise ProtocolError(f"{what} cannot hold control characters")
    return text


def _a_message(kind: str) -> str:
    """A message type in running text: "an act message", "a chat message"."""
    return f"{'an' if kind[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {kind} message"


def _integer(message: dict[str, Any], key: str) -> int:
    if key not in message:
        kind = str(message.get("type"))
        raise ProtocolError(f"{_a_message(kind)} needs {key!r}: {{'type': '{kind}', ...}}")
    value = message[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{key!r} must be an integer, not {shown_repr(value)}")
    return value


def parse_client_message(text: str | bytes | None) -> ClientMessage:
    """The message a client sent, or ProtocolError saying what is wrong with it."""
    if text is None:
        raise ProtocolError("send text frames holding one JSON object")
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8"))
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long: {size} bytes; at most {MAX_MESSAGE_BYTES}")
    if isinstance(text, bytes):
        raise ProtocolError("send text frames holding one JSON object, not binary frames")
    try:
        message = json.loads(text)
    except ValueError as exc:
        raise ProtocolError(f"malformed JSON: {exc}") from None
    except RecursionError:
        raise ProtocolError("malformed JSON: nested too deeply") from None
    if not isinstance(message, dict):
        raise ProtocolError('a message is a JSON object such as {"type": "ping"}')
    kind = message.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            f"unknown message type {shown_repr(kind)}; the types are {', '.join(CLIENT_TYPES)}"
        )
    allowed = {
        "act": {"type", "action", "version"},
        "ping": {"type"},
        "sync": {"type"},
        "chat": {"type", "text"},
        "hint": {"type", "version"},
        "name": {"type", "name"},
        "undo": {"type", "version"},
    }[kind]
    extra = sorted(set(message) - allowed)
    if extra:
        raise ProtocolError(f"unknown field {shown_repr(extra[0])} in {_a_message(kind)}")
    if kind == "act":
        return Act(action=_integer(message, "action"), version=_integer(message, "version"))
    if kind == "chat":
        return Chat(_line(message, "text", "a chat message", MAX_CHAT_CHARS))
    if kind == "name":
        name = _line(message, "name", "a name", MAX_NAME_CHARS)
        if _SEAT_WORDS.fullmatch(name):
            raise ProtocolError(
                f"{shown_repr(name)} reads as the page's word for a seat: choose another name"
            )
        return Name(name)
    if kind == "hint":
        return Hint(_integer(message, "version"))
    if kind == "undo":
        return Undo(_integer(message, "version"))
    return Ping() if kind == "ping" else Sync()


def error_message(text: str) -> dict[str, Any]:
    return {"type": "error", "message": text}
