"""Refuse request bodies over a limit (HTTP 413): by their Content-Length, and as they stream."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimit"]


class BodyLimit:
    """ASGI middleware: a body longer than ``limit`` bytes gets 413, whether its Content-Length
    says so or it only turns out longer as it arrives (chunked, or a false length)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def _too_large(self) -> str:
        return f"the request body is larger than {self.limit} bytes, the most this server reads"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                text = value.decode("latin-1").strip()
                if not text.isdigit():
                    await _reply(send, 400, "the Content-Length header is not a number")
                    return
                if int(text) > self.limit:
                    await _reply(send, 413, self._too_large())
                    return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413, self._too_large())
            return message

        await self.app(scope, limited, send)


async def _reply(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
