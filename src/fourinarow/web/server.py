"""Run the web app on uvicorn: bind, say where, stop cleanly on Ctrl-C or SIGTERM."""

from __future__ import annotations

import contextlib
import logging
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable, Generator
from typing import TextIO

import uvicorn

from fourinarow.core import FourInARowError
from fourinarow.web.app import create_app
from fourinarow.web.searches import SearchPool
from fourinarow.web.settings import Settings
from fourinarow.web.timeouts import timed_protocol

__all__ = ["PortInUseError", "bind", "serve"]

log = logging.getLogger(__name__)

SIGNALS = (signal.SIGINT, signal.SIGTERM)

SWITCH_INTERVAL = 0.001
"""The interpreter's thread switch interval while serving, in seconds (Python's default is
0.005). Searches of large boards run in pure Python in worker threads and hold the interpreter's
lock; the event loop waits up to an interval for it at each turn. At 1 ms, with 16 clients
keeping the searches busy with 20x20 analyses, a ``/api/v1/position`` took 8.7 ms at the median
instead of 14.1 (benchmarks/web_abuse.py starve)."""


class PortInUseError(FourInARowError):
    """The address to listen on is taken or cannot be bound."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one).

    Raises:
        PortInUseError: the port is in use, or the host is not an address of this machine.
    """
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        raise PortInUseError(f"--host {host}: not an address to listen on ({error})") from None
    family, kind, protocol, _, address = infos[0]
    # The protocol must be named (IPPROTO_TCP, not 0): asyncio turns Nagle's algorithm off
    # (TCP_NODELAY) only on sockets that say they are TCP, and with it on, every answer written
    # in two parts waits 40 ms for the client's delayed acknowledgement.
    sock = socket.socket(family, kind, protocol or socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        reason = error.strerror or str(error)
        raise PortInUseError(
            f"cannot listen on {host}:{port} ({reason}): choose another --port (0 picks a free one)"
        ) from None
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    """The address a socket listens on, as a URL."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


class _Server(uvicorn.Server):
    """uvicorn's server, saying where it listens once it does, and leaving on a signal
    without raising it again (uvicorn re-raises it after a graceful shutdown, which would end
    the process with a traceback or a signal status instead of 0)."""

    def __init__(self, config: uvicorn.Config, on_started: Callable[[], None]) -> None:
        super().__init__(config)
        self._on_started = on_started

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and not self.should_exit:
            self._on_started()

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = {sig: signal.signal(sig, self.handle_exit) for sig in SIGNALS}
        try:
            yield
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def open_page(url: str, stream: TextIO) -> None:
    """Open ``url`` in the web browser, or say in one line that none could be found."""
    try:
        opened = webbrowser.open(url)
    except webbrowser.Error:
        opened = False
    if not opened:
        print(f"no web browser found here: open {url} yourself", file=stream, flush=True)


def serve(
    settings: Settings,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    open_browser: bool = False,
    out: TextIO | None = None,
) -> None:
    """Serve the app until Ctrl-C or SIGTERM; print ``fourinarow web app: URL`` once listening.

    Raises:
        PortInUseError: the address cannot be bound.
        MemoryError: the transposition tables do not fit in memory.
    """
    sock = bind(host, port)
    url = url_of(sock)
    try:
        pool = SearchPool(settings.searches, settings.tt_mb)
        pool.prepare()  # the tables and the book, before anyone is told to connect
    except BaseException:
        sock.close()
        raise
    stream = out if out is not None else sys.stdout

    def started() -> None:
        print(f"fourinarow web app: {url}", file=stream, flush=True)
        if open_browser:
            threading.Thread(target=open_page, args=(url, stream), daemon=True).start()

    config = uvicorn.Config(
        create_app(settings, pool),
        http=timed_protocol(settings.header_timeout, settings.body_timeout),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=max(5, int(settings.max_time) + 2),
    )
    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        _Server(config, started).run(sockets=[sock])
    finally:
        sys.setswitchinterval(interval)
        sock.close()
