"""Which web pages may read the server's answers: ``Access-Control-Allow-Origin`` (CORS).

A browser lets a page of another site read an answer only if the answer names the page's origin
in ``Access-Control-Allow-Origin``, or ``*``; before a ``POST`` with a JSON body it first asks
with a "preflight" ``OPTIONS`` request. :class:`CrossOrigin` answers both for the whole app,
errors included: the app wraps its whole middleware stack in it
(:func:`~fourinarow.web.app.create_app`), so that even an unexpected error's 500 carries the
header. The origins allowed are the server's ``--allow-origin`` (any, by default, as Pons' API
allows).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fourinarow.web.server_settings import ANY_ORIGIN

__all__ = ["EXPOSED", "METHODS", "CrossOrigin"]

METHODS = "GET, HEAD, POST, OPTIONS"
"""The methods a preflight is told a page may use."""

EXPOSED = "Retry-After, X-Cache"
"""The headers of an answer a page may read beside the few every page may."""

MAX_AGE = "600"
"""Seconds a browser may keep a preflight's answer."""


class CrossOrigin:
    """ASGI middleware: ``Access-Control-Allow-Origin`` on every answer a page may read, and
    the answer to a preflight.

    Args:
        app: the app it wraps.
        origins: the origins allowed (``scheme://host[:port]``), ``("*",)`` for any page, or
            none: no other site's page may read an answer.
    """

    def __init__(self, app: ASGIApp, origins: tuple[str, ...]) -> None:
        self.app = app
        self.any = ANY_ORIGIN in origins
        self.origins = frozenset(origins)

    def allowed(self, origin: str | None) -> str | None:
        """The ``Access-Control-Allow-Origin`` value for a request from ``origin`` (the
        ``Origin`` header, if it had one), or ``None`` for none."""
        if self.any:
            return ANY_ORIGIN
        return origin if origin is not None and origin in self.origins else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = dict(scope.get("headers", ()))
        raw_origin = headers.get(b"origin")
        origin = None if raw_origin is None else raw_origin.decode("latin-1")
        allowed = self.allowed(origin)
        preflight = scope["method"] == "OPTIONS" and b"access-control-request-method" in headers
        if preflight and origin is not None:
            await self._preflight(send, origin, allowed, headers)
            return

        async def with_origin(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                self._mark(answer, allowed)
                if allowed is not None and origin is not None:  # a page asks
                    answer["Access-Control-Expose-Headers"] = EXPOSED
            await send(message)

        await self.app(scope, receive, with_origin)

    def _mark(self, answer: MutableHeaders, allowed: str | None) -> None:
        if allowed is not None:
            answer["Access-Control-Allow-Origin"] = allowed
        if not self.any:  # the answer depends on the asking page: caches must know
            answer.add_vary_header("Origin")

    async def _preflight(
        self, send: Send, origin: str, allowed: str | None, headers: dict[bytes, bytes]
    ) -> None:
        """204 with what a page may send, or 403 saying the origin is not allowed."""
        answer = MutableHeaders()
        self._mark(answer, allowed)
        if allowed is None:
            shown = origin if len(origin) <= 100 else origin[:97] + "..."
            body = json.dumps(
                {
                    "error": f"pages of {shown} may not call this server: it answers the pages "
                    "of the origins its operator allows (fourinarow serve --allow-origin)"
                }
            ).encode()
            answer["Content-Type"] = "application/json"
            answer["Content-Length"] = str(len(body))
            await _send(send, 403, answer, body)
            return
        answer["Access-Control-Allow-Methods"] = METHODS
        asked = headers.get(b"access-control-request-headers")
        answer["Access-Control-Allow-Headers"] = (
            asked.decode("latin-1") if asked else "Content-Type"
        )
        answer["Access-Control-Max-Age"] = MAX_AGE
        await _send(send, 204, answer, b"")


async def _send(send: Send, status: int, headers: MutableHeaders, body: bytes) -> None:
    raw: list[Any] = headers.raw
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
