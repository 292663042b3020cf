"""Header and body timeouts for uvicorn: no client holds a connection by trickling a request.

uvicorn closes a connection left idle after a reply (``timeout_keep_alive``) but sets no limit
on a request being sent: a client that sends its headers one byte a second ("slowloris") keeps
its connection, and a worker's share of file descriptors, as long as it likes. The protocol
:func:`timed_protocol` makes gives each request two timers: ``header_timeout`` from the
connection (or the first byte of a request after a reply) to the end of the headers, then
``body_timeout`` to the end of the body. When one runs out the server answers ``408 Request
Timeout`` (unless a reply to an earlier request is still being written) and closes the
connection; the app, if it was waiting for the body, sees the client gone.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["timed_protocol"]

log = logging.getLogger(__name__)


def _timeout_reply(message: str) -> bytes:
    body = json.dumps({"error": message}).encode()
    head = (
        "HTTP/1.1 408 Request Timeout\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class _TimedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a timer on each request's headers and body."""

    header_timeout = 10.0
    body_timeout = 10.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_timer: asyncio.TimerHandle | None = None

    def _arm(self, seconds: float, what: str) -> None:
        self._disarm()
        self._request_timer = self.loop.call_later(seconds, self._timed_out, seconds, what)

    def _disarm(self) -> None:
        if self._request_timer is not None:
            self._request_timer.cancel()
            self._request_timer = None

    def _timed_out(self, seconds: float, what: str) -> None:
        self._request_timer = None
        if self.transport.is_closing():
            return
        client = "%s:%d" % self.client if self.client else "a client"  # noqa: UP031
        log.info("%s: closed, %s not received within %g s", client, what, seconds)
        cycle = self.cycle
        waiting = cycle is not None and not cycle.response_complete
        if what == "the request body" and waiting and not cycle.response_started:
            cycle.disconnected = True  # the app's sends are dropped from now on
            cycle.message_event.set()  # and its wait for the body ends
            waiting = False
        if not waiting:
            self.transport.write(
                _timeout_reply(
                    f"{what} did not arrive within {seconds:g} s: the server closed the connection"
                )
            )
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.header_timeout, "the request's headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._request_timer is None:
            self._arm(self.header_timeout, "the request's headers")

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._arm(self.body_timeout, "the request body")

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()


def timed_protocol(header_timeout: float, body_timeout: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools) with these timeouts, in seconds, for
    ``uvicorn.Config(http=...)``."""
    return type(
        "TimedHttpToolsProtocol",
        (_TimedProtocol,),
        {"header_timeout": header_timeout, "body_timeout": body_timeout},
    )
