"""A real HTTP server on 127.0.0.1, in a thread, serving book files for the install tests.

Besides the files it is given (``/NAME``), it serves ``/short/NAME`` (announces the whole file
but sends half, then closes) and ``/stall/NAME`` (sends half, then waits until the server
stops: a download to interrupt). Any other path is a 404.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@contextmanager
def serving(files: dict[str, bytes], stalled: threading.Event | None = None) -> Iterator[str]:
    """Serve ``files`` by name while the block runs; yield the base URL (no trailing slash).
    ``stalled`` is set once a ``/stall/`` download has sent its half."""
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            mode, _, name = self.path.lstrip("/").rpartition("/")
            body = files.get(name)
            if body is None or mode not in ("", "short", "stall"):
                self.send_error(404, "Not Found")
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not mode:
                self.wfile.write(body)
                return
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            if mode == "stall":
                if stalled is not None:
                    stalled.set()
                stop.wait(60)
            self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the tests check what the client says."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
        thread.join()


def closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens (just released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
