"""The play server: HTTP API, a WebSocket per connection, bots in seats, the web UI.

`create_app(database_url=...)` builds the FastAPI app; `meeple serve` runs it on uvicorn.
The protocol is described in docs/server.md.
"""

from meeple.server.app import create_app

__all__ = ["create_app"]
