"""Run the web app on uvicorn: bind, say where, stop cleanly on Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable, Generator
from types import FrameType
from typing import TextIO

import uvicorn

from fourinarow.core import FourInARowError
from fourinarow.web.app import create_app
from fourinarow.web.dependencies import shared_of
from fourinarow.web.foreign import WorkerProcesses
from fourinarow.web.searches import SearchPool
from fourinarow.web.server_settings import ANY_ORIGIN, Settings
from fourinarow.web.timeouts import timed_protocol

__all__ = ["FINISH_SECONDS", "STOP_SECONDS", "PortInUseError", "bind", "serve"]

log = logging.getLogger(__name__)

SIGNALS = (signal.SIGINT, signal.SIGTERM)

FINISH_SECONDS = 2.0
"""The most a stopping server lets the searches it runs go on (the time cap, if shorter):
then the requests still waiting are answered 503, its own searches are left behind and other
libraries' agents are killed."""

STOP_SECONDS = 3
"""The most a stopping server waits for its answers to go out (more than
:data:`FINISH_SECONDS`, so that the last ones do)."""

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
    """uvicorn's server, saying where it listens once it does, stopping the searches on a
    signal (:func:`serve` says how), and leaving without raising the signal again (uvicorn
    re-raises it after a graceful shutdown, which would end the process with a traceback or a
    signal status instead of 0)."""

    def __init__(
        self,
        config: uvicorn.Config,
        on_started: Callable[[], None],
        on_stopping: Callable[[], None],
        finish_seconds: float,
    ) -> None:
        super().__init__(config)
        self._on_started = on_started
        self._on_stopping = on_stopping
        self._finish_seconds = finish_seconds
        self._loop: asyncio.AbstractEventLoop | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        self._loop = asyncio.get_running_loop()
        await super().startup(sockets)
        if self.started and not self.should_exit:
            self._on_started()

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        # the searches running may finish for a while; then the requests still waiting are
        # answered, before uvicorn's wait for them runs out (it would cancel them, with a
        # traceback in the log)
        asyncio.get_running_loop().call_later(self._finish_seconds, self._on_stopping)
        await super().shutdown(sockets)

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """The first signal starts the stop; a second one (Ctrl-C again) stops the searches
        at once, instead of uvicorn's forced exit, which would leave the requests still
        running cancelled, unanswered and with tracebacks in the log."""
        if self.should_exit and self._loop is not None:
            self._loop.call_soon_threadsafe(self._on_stopping)
            return
        super().handle_exit(sig, frame)

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

    On Ctrl-C or SIGTERM the server stops taking connections and lets the searches it runs go
    on for :data:`FINISH_SECONDS` at most (the time cap, if shorter); then it answers the
    requests still waiting with 503 (the server is stopping), stops its own searches, kills
    the worker processes of other libraries' agents, and leaves: within a few seconds,
    whatever runs.

    Raises:
        PortInUseError: the address cannot be bound.
        MemoryError: the transposition tables do not fit in memory.
    """
    sock = bind(host, port)
    url = url_of(sock)
    workers = WorkerProcesses()
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

    app = create_app(settings, pool, workers)
    config = uvicorn.Config(
        app,
        http=timed_protocol(
            settings.header_timeout,
            settings.body_timeout,
            any_origin=ANY_ORIGIN in settings.allowed_origins,
        ),
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=STOP_SECONDS,
    )

    def stopping() -> None:
        pool.stop()  # the requests that wait get 503 at once
        shared_of(app).diagrams.stop()
        workers.close()  # other libraries' agents are killed

    interval = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        finish = min(settings.max_time, FINISH_SECONDS)
        _Server(config, started, stopping, finish).run(sockets=[sock])
    finally:
        sys.setswitchinterval(interval)
        sock.close()
