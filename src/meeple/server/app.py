"""The FastAPI app: HTTP API, the WebSocket per connection, and the static web UI."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

import meeple
from meeple.agents import check_for_game, list_agents
from meeple.agents import make as make_agent
from meeple.core.game import Game
from meeple.core.registry import list_games, load_game, notes_of_choices
from meeple.errors import MeepleError
from meeple.server.protocol import (
    CreatedTable,
    CreateTable,
    ErrorBody,
    GameSummary,
    Invite,
    JoinSeat,
    NextTable,
    PlayAgain,
    SeatToBot,
    TableInfo,
    error_message,
)
from meeple.server.tables import (
    ABANDON_AFTER_HOURS,
    LIST_STATUSES,
    MAX_MINE,
    TABLES_PER_CLIENT,
    Connection,
    Table,
    TableManager,
    configuration_notes,
)
from meeple.store import Store, StoreError

log = logging.getLogger("meeple.server")

STATIC_DIR = Path(__file__).parent / "static"
MAX_BODY_BYTES = 64 * 1024
"""HTTP request bodies longer than this are refused (413)."""
POLICY_VIOLATION = 1008
"""WebSocket close code for a connection refused (bad token, unknown table)."""

TableId = Annotated[str, PathParam(description="The table's id.")]

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody, "description": text}
    for code, text in (
        (400, "Bad input: an unknown game, option, seat or agent spec"),
        (403, "The token does not allow this"),
        (404, "No such table"),
        (409, "Not possible now: the seat is taken, the game is over or not over"),
        (422, "The body does not have the documented shape"),
        (429, "This address has made as many open tables as one may"),
        (503, "The server holds as many open tables as it may"),
    )
}


def _status_of(exc: MeepleError) -> int:
    return int(getattr(exc, "status", 400))


def agents_for(game: Game) -> list[str]:
    """The agents that can play `game` with their default settings (greedy needs the
    game's own policy), for the lobby's seat choices."""
    fit = []
    for name in list_agents():
        try:
            check_for_game(make_agent(name, seed=0), game)
        except (MeepleError, ImportError, TypeError, ValueError):  # a plugin's, broken
            continue
        fit.append(name)
    return fit


def game_summary(name: str) -> dict[str, Any]:
    """What the lobby needs to know of a game (GET /api/games)."""
    game = load_game(name)
    info = game.info
    actions: dict[str, int] = {}
    package = type(game).__module__.rpartition(".")[0]
    if package:  # a plugin's game may be a module of its own, in no package
        with contextlib.suppress(ImportError):
            module = importlib.import_module(f"{package}.actions")
            for key, value in vars(module).items():
                if key.isupper() and isinstance(value, int) and not isinstance(value, bool):
                    actions[key] = value
    by_players = []
    for players in range(info.min_players, info.max_players + 1):
        placeholder, notes = configuration_notes(name, players)
        by_players.append(
            {"players": players, "placeholder_data": placeholder, "notes": list(notes)}
        )
    return {
        "name": name,
        "title": info.title,
        "min_players": info.min_players,
        "max_players": info.max_players,
        "default_players": info.players,
        "options": {
            option: {
                "default": spec.default,
                "choices": list(spec.choices),
                "help": spec.help,
                # the player counts the option applies to (null: all of them)
                "players": list(spec.players) if spec.players is not None else None,
                # a person's words for each choice (null: the choices as they are)
                "labels": list(spec.labels) if spec.labels is not None else None,
            }
            for option, spec in info.options.items()
        },
        "actions": actions,
        "agents": agents_for(game),
        "placeholder_data": info.placeholder_data,
        "notes": list(info.notes),
        "notes_by_players": by_players,
        "notes_by_choice": [
            {"option": option, "value": value, "notes": list(notes)}
            for option, value, notes in notes_of_choices(name)
        ],
        "rules": info.rules,
    }


class BodyLimit:
    """Refuse a request body over `limit` bytes with 413, whether its size is declared
    (Content-Length) or not (a chunked upload, counted as it arrives): the body is read
    here, at most `limit` bytes of it, before the app sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: pass it on
                await self.app(scope, _replay([message], receive), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([whole], receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        answer = JSONResponse(
            {"error": f"request body too large: at most {self.limit} bytes"}, status_code=413
        )
        await answer(scope, receive, send)


_PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; "
    # the pages set element styles (and Arnak's page adds a style sheet) from script
    "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
_EVERY_ANSWER = [
    (b"x-content-type-options", b"nosniff"),
    # invitation links carry a seat's token: no other site learns them from a link
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
_OPENAPI_PAGES = ("/docs", "/redoc")
"""FastAPI's API pages load their scripts from a CDN: they get every header but the
content policy, which would stop them."""


class SecurityHeaders:
    """Headers on every HTTP answer that keep the pages from being framed (a table page
    reads its seat's token from the browser's storage: a framing site could make its
    player click), sniffed or run a script from anywhere but this server."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(_EVERY_ANSWER)
        if not scope["path"].startswith(_OPENAPI_PAGES):
            extra.append((b"content-security-policy", _PAGE_POLICY.encode()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _replay(messages: list[Message], receive: Receive) -> Receive:
    """A receive that gives `messages` first, then whatever `receive` gives."""
    waiting = list(messages)

    async def replayed() -> Message:
        return waiting.pop(0) if waiting else await receive()

    return replayed


def _validation_text(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors()[:5]:
        kind = error.get("type")
        loc = tuple(error.get("loc", ()))
        if kind == "json_invalid":  # loc: ("body", the character where reading stopped)
            reason = error.get("ctx", {}).get("error", "malformed")
            at = f" at character {loc[1]}" if len(loc) > 1 else ""
            parts.append(f"the body is not valid JSON{at}: {reason}")
            continue
        if loc == ("body",) and kind in ("dict_type", "model_attributes_type"):
            parts.append("the body must be a JSON object, sent as Content-Type: application/json")
            continue
        where = ".".join(str(p) for p in loc if p != "body")
        parts.append(f"{where or 'body'}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request does not have the documented shape"


UNREADABLE_BODY = "There was an error parsing the body"
"""FastAPI's words for a body its JSON reader gave up on in other ways than a syntax error."""


def _page(name: str) -> Response:
    path = STATIC_DIR / name
    if not path.is_file():
        return JSONResponse(
            {"error": f"the web UI is not installed (no static/{name})"}, status_code=404
        )
    return FileResponse(path, media_type="text/html")


async def _writer(websocket: WebSocket, conn: Connection) -> None:
    """Send a connection's messages in order until it closes."""
    while (text := await conn.next()) is not None:
        await websocket.send_text(text)


def _allowed_methods(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of the request's path answers."""
    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE:
            methods |= route.methods or set()
    return sorted(methods)


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float = 0.0,
    store: Store | None = None,
    abandon_after: float = ABANDON_AFTER_HOURS,
    tables_per_client: int = TABLES_PER_CLIENT,
) -> FastAPI:
    """The server app on `database_url` (default: $MEEPLE_DATABASE_URL, else SQLite in
    ./var/meeple.db). `bot_delay` seconds pass before each bot move is played, so people
    can follow them. Unfinished tables are resumed when the app starts; a table no one
    has played at or visited for `abandon_after` hours is abandoned (0: never). One
    address may have made at most `tables_per_client` of the tables waiting or in play."""
    owned = store is None  # a store handed in is closed by whoever made it
    store = store or Store(database_url)
    manager = TableManager(
        store,
        bot_delay=bot_delay,
        abandon_after=abandon_after,
        tables_per_client=tables_per_client,
    )
    summaries = []
    for name in list_games():
        try:
            summaries.append(game_summary(name))
        except MeepleError as exc:  # a plugin that cannot load leaves the others be
            log.warning("game %s is left out of the lobby: %s", name, exc)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            if owned:
                store.close()

    app = FastAPI(
        title="meeple server",
        version=meeple.__version__,
        description="Tables for meeple's games: create, join, play by WebSocket, download "
        "records. The WebSocket protocol (/ws/tables/{id}) is described in docs/server.md.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.store = store

    @app.exception_handler(MeepleError)
    async def _meeple_error(_: Request, exc: MeepleError) -> JSONResponse:
        status = 500 if isinstance(exc, StoreError) else _status_of(exc)
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_text(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = str(exc.detail)
        if exc.status_code == 400 and detail == UNREADABLE_BODY:
            detail = (
                "the body cannot be read as JSON: it is not UTF-8, or holds a number too "
                "long or nesting too deep"
            )
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            # Starlette names the methods of the first route of the path only; a path
            # served by several (GET and POST /api/tables) allows them all
            headers["Allow"] = ", ".join(_allowed_methods(app, request))
        return JSONResponse({"error": detail}, status_code=exc.status_code, headers=headers)

    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(SecurityHeaders)

    @app.get("/api/games", response_model=list[GameSummary], tags=["games"])
    async def games() -> list[dict[str, Any]]:
        """Every game the server can seat, with its options and action constants."""
        return summaries

    catalogues: dict[str, dict[str, Any]] = {}

    @app.get("/api/games/{name}/catalogue", responses=ERRORS, tags=["games"])
    async def catalogue(name: str) -> dict[str, Any]:
        """The game's public component list (tiles, cards and their texts), as its
        observations name them by id; empty for games that need none."""
        game = load_game(name)
        key = game.info.name
        if key not in catalogues:
            catalogues[key] = game.catalogue()
        return catalogues[key]

    @app.get("/api/games/{name}/how-to-play", responses=ERRORS, tags=["games"])
    async def how_to_play(name: str) -> dict[str, Any]:
        """How to play the game, a page of Markdown (`text`; "" for a game without one)."""
        game = load_game(name)
        return {"game": game.info.name, "title": game.info.title, "text": game.how_to_play()}

    @app.post(
        "/api/tables",
        response_model=CreatedTable,
        status_code=201,
        responses=ERRORS,
        tags=["tables"],
    )
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Create a table; each human seat gets a secret token and an invitation link."""
        client = request.client.host if request.client is not None else ""
        return await manager.create(
            body.game,
            body.players,
            body.options,
            body.seats,
            body.seed,
            client=client,
            private=body.private,
        )

    @app.get("/api/tables", response_model=list[TableInfo], responses=ERRORS, tags=["tables"])
    async def list_tables(
        status: Annotated[
            str,
            Query(
                description="waiting, playing, over, open (waiting or playing) or all",
                json_schema_extra={"enum": sorted(LIST_STATUSES)},
            ),
        ] = "open",
        limit: Annotated[
            int,
            Query(
                description="At most this many, newest first.",
                json_schema_extra={"minimum": 1, "maximum": 1000},
            ),
        ] = 100,
        mine: Annotated[
            str,
            Query(
                description="Table ids, comma-separated: these tables are listed too, "
                "private ones included (the lobby asks for the tables it holds seats at).",
                max_length=MAX_MINE * 33,
            ),
        ] = "",
    ) -> list[dict[str, Any]]:
        """The tables for the lobby: the newest that are not private, and those asked for."""
        return await manager.list_tables(status, limit, [i for i in mine.split(",") if i])

    @app.get("/api/tables/{table_id}", response_model=TableInfo, responses=ERRORS, tags=["tables"])
    async def get_table(table_id: TableId) -> dict[str, Any]:
        return await manager.info(table_id)

    @app.post(
        "/api/tables/{table_id}/join", response_model=Invite, responses=ERRORS, tags=["tables"]
    )
    async def join(table_id: TableId, body: JoinSeat) -> dict[str, Any]:
        """Take a human seat no one holds yet; its invitation link stops working."""
        return await manager.join(table_id, body.seat)

    @app.post(
        "/api/tables/{table_id}/again", response_model=NextTable, responses=ERRORS, tags=["tables"]
    )
    async def play_again(table_id: TableId, body: PlayAgain) -> dict[str, Any]:
        """The next game of a finished table, for a player of it (their seat's token):
        the first to ask makes it, the others join it."""
        return await manager.play_again(table_id, body.token)

    @app.post(
        "/api/tables/{table_id}/seats/{seat}/bot",
        response_model=TableInfo,
        responses=ERRORS,
        tags=["tables"],
    )
    async def seat_to_bot(table_id: TableId, seat: int, body: SeatToBot) -> dict[str, Any]:
        """Hand a seat to a bot from now on (with the seat's token or the owner's)."""
        return await manager.seat_to_bot(table_id, seat, body.token, body.spec)

    @app.get("/api/tables/{table_id}/record", responses=ERRORS, tags=["tables"])
    async def record(table_id: TableId) -> dict[str, Any]:
        """The finished game's meeple record (`meeple replay FILE` reads it)."""
        return await manager.record(table_id)

    @app.get("/api/tables/{table_id}/replay", responses=ERRORS, tags=["tables"])
    async def replay(
        table_id: TableId,
        step: Annotated[
            int,
            Query(
                description="How many moves in: 0 is the deal.", json_schema_extra={"minimum": 0}
            ),
        ] = 0,
        seat: Annotated[
            int | None,
            Query(
                description="Whose view: a seat, or none for a spectator's.",
                json_schema_extra={"minimum": 0},
            ),
        ] = None,
    ) -> dict[str, Any]:
        """A finished game after its first `step` moves, as a seat or a spectator saw it
        (the WebSocket's "state" message with `replay: {step, moves}`)."""
        return await manager.replay(table_id, step, seat)

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table, conn = await manager.connect(table_id, token)
        except MeepleError as exc:
            await websocket.send_json(error_message(str(exc)))
            await websocket.close(code=POLICY_VIOLATION)
            return
        await _serve(websocket, table, conn)

    async def _serve(websocket: WebSocket, table: Table, conn: Connection) -> None:
        writer = asyncio.create_task(_writer(websocket, conn))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await manager.handle(table, conn, message.get("bytes") if text is None else text)
                if conn.flooding:
                    await websocket.close(code=POLICY_VIOLATION, reason="too many messages")
                    break
        except WebSocketDisconnect:
            pass
        finally:
            await manager.disconnect(table, conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        return _page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return _page("table.html")

    app.mount("/static", StaticFiles(directory=STATIC_DIR, check_dir=False), name="static")
    return app
