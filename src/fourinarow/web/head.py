"""``HEAD`` answered as ``GET`` without the body, as HTTP asks (``curl -I``, uptime checks)."""

from __future__ import annotations

from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["HeadAsGet"]


class HeadAsGet:
    """ASGI middleware: a ``HEAD`` request goes to the app as ``GET``; the server, which still
    sees ``HEAD`` in its own copy of the request, sends the headers only."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "HEAD":
            scope = {**scope, "method": "GET"}
        await self.app(scope, receive, send)
