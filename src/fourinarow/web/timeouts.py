"""uvicorn's HTTP protocol for the server: timeouts, size limits, and JSON for its own errors.

uvicorn closes a connection left idle after a reply (``timeout_keep_alive``) but sets no limit
on a request being sent: a client that sends its headers one byte a second ("slowloris") keeps
its connection, and a worker's share of file descriptors, as long as it likes. The protocol
:func:`timed_protocol` makes gives each request two timers: ``header_timeout`` from the
connection (or the first byte of a request after a reply) to the end of the headers, then
``body_timeout`` to the end of the body. When one runs out the server answers ``408 Request
Timeout`` (unless a reply to an earlier request is still being written) and closes the
connection; the app, if it was waiting for the body, sees the client gone.

It also bounds what it reads before the app does: a request target (path and query) over
:data:`MAX_TARGET_BYTES` gets ``414 URI Too Long`` (the parser fails at 64 KiB), headers over
:data:`MAX_HEADER_BYTES` in all get ``431 Request Header Fields Too Large``. These, and a
request that is not valid HTTP (``Content-Length: -1``, a line that is not a request), which
uvicorn answers with plain text, are answered in JSON as the app answers, ``{"error": ...}``,
and the connection is closed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

__all__ = ["MAX_HEADER_BYTES", "MAX_TARGET_BYTES", "timed_protocol"]

log = logging.getLogger(__name__)

MAX_TARGET_BYTES = 16 * 1024
"""The longest request target (path and query string) read: a diagram of the longest text a
query takes (4000 characters) fits three times over, escaped."""

MAX_HEADER_BYTES = 32 * 1024
"""The most bytes of header names and values a request may send."""


class _RefusedError(Exception):
    """A request refused before the app sees it: its status line and message."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _reply(status: str, message: str, extra: bytes = b"") -> bytes:
    """A whole HTTP answer: ``status`` (``408 Request Timeout``), ``{"error": message}``,
    ``extra`` header lines, and the connection closed."""
    body = json.dumps({"error": message}).encode()
    head = (
        f"HTTP/1.1 {status}\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "connection: close\r\n"
    )
    return head.encode("ascii") + extra + b"\r\n" + body


class _TimedProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a timer on each request's headers and body, limits
    on its target and headers, and JSON answers to what it refuses."""

    header_timeout = 10.0
    body_timeout = 10.0
    extra_headers = b""  # header lines every answer of its own carries (CORS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._request_timer: asyncio.TimerHandle | None = None
        self._header_bytes = 0

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
            message = (
                f"{what} did not arrive within {seconds:g} s: the server closed the connection"
            )
            self.transport.write(_reply("408 Request Timeout", message, self.extra_headers))
        self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.header_timeout, "the request's headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._header_bytes = 0
        if self._request_timer is None:
            self._arm(self.header_timeout, "the request's headers")

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > MAX_TARGET_BYTES:
            raise _RefusedError(
                "414 URI Too Long",
                f"the request's path and query are longer than {MAX_TARGET_BYTES} bytes, the "
                "most this server reads: send less (a position is at most 4000 characters)",
            )

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        self._header_bytes += len(name) + len(value)
        if self._header_bytes > MAX_HEADER_BYTES:
            raise _RefusedError(
                "431 Request Header Fields Too Large",
                f"the request's headers are longer than {MAX_HEADER_BYTES} bytes in all, the "
                "most this server reads",
            )

    def send_400_response(self, msg: str) -> None:
        """Answer a request the parser stopped at (uvicorn calls this while it handles the
        parser's error): what :meth:`on_url` or :meth:`on_header` refused, else 400, in JSON;
        then close the connection."""
        error = sys.exc_info()[1]
        cause = error.__context__ if isinstance(error, httptools.HttpParserError) else None
        if isinstance(cause, _RefusedError):
            status, message = cause.status, cause.message
        else:
            reason = str(error) if isinstance(error, httptools.HttpParserError) else ""
            reason = reason if reason and reason.isprintable() and len(reason) < 200 else msg
            status, message = (
                "400 Bad Request",
                f"the request is not valid HTTP/1.1 ({reason.rstrip('.')}): the server closed "
                "the connection",
            )
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(_reply(status, message, self.extra_headers))
            self.transport.close()

    def on_headers_complete(self) -> None:
        super().on_headers_complete()
        self._arm(self.body_timeout, "the request body")

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()


def timed_protocol(
    header_timeout: float, body_timeout: float, *, any_origin: bool = True
) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol (httptools) with these timeouts, in seconds, for
    ``uvicorn.Config(http=...)``; with ``any_origin`` its own answers (408, 414, 431, 400)
    carry ``Access-Control-Allow-Origin: *``, as the app's do when any page may read them."""
    extra = b"access-control-allow-origin: *\r\n" if any_origin else b""
    return type(
        "TimedHttpToolsProtocol",
        (_TimedProtocol,),
        {"header_timeout": header_timeout, "body_timeout": body_timeout, "extra_headers": extra},
    )
