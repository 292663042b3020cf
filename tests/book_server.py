"""A real HTTP server on 127.0.0.1, in a thread, serving book files for the install tests.

Besides the files it is given (``/NAME``), it serves them in ways a bad server or network
would (a path ``/MODE/NAME``; any other path is a 404):

- ``short``: announces the whole file but sends half, then closes;
- ``stall``: sends half, then waits until the server stops (a download to interrupt);
- ``drip``: announces the whole file, then sends it a byte every ``drip_s`` seconds;
- ``endless``: no ``Content-Length``, the file and then zeros until the client hangs up;
- ``length=VALUE``: sends ``Content-Length: VALUE`` (percent-decoded) and the whole file;
- ``to=URL``: redirects (302) to the percent-decoded ``URL``;
- ``loop``: redirects (302) to itself, for ever.
"""

from __future__ import annotations

import contextlib
import shutil
import ssl
import subprocess
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

_ZEROS = bytes(1 << 16)


@contextmanager
def serving(
    files: dict[str, bytes],
    stalled: threading.Event | None = None,
    drip_s: float = 0.2,
    tls: tuple[Path, Path] | None = None,
) -> Iterator[str]:
    """Serve ``files`` by name while the block runs; yield the base URL (no trailing slash).
    ``stalled`` is set once a ``/stall/`` download has sent its half; ``tls`` (a certificate
    and its key, PEM files) serves over https."""
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            mode, _, name = self.path.lstrip("/").rpartition("/")
            mode, _, value = mode.partition("=")
            value = urllib.parse.unquote(value)
            if mode in ("to", "loop"):
                self.send_response(302)
                self.send_header("Location", value if mode == "to" else self.path)
                self.end_headers()
                return
            body = files.get(name)
            if body is None or mode not in ("", "short", "stall", "drip", "endless", "length"):
                self.send_error(404, "Not Found")
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            if mode != "endless":
                self.send_header("Content-Length", value if mode == "length" else str(len(body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError, ssl.SSLError):
                self._send(mode, body)  # until the client gives up, as the tests want
            self.close_connection = True

        def _send(self, mode: str, body: bytes) -> None:
            if mode in ("", "length"):
                self.wfile.write(body)
            elif mode == "drip":
                for i in range(len(body)):
                    self.wfile.write(body[i : i + 1])
                    self.wfile.flush()
                    if stop.wait(drip_s):
                        return
            elif mode == "endless":
                self.wfile.write(body)
                while not stop.is_set():
                    self.wfile.write(_ZEROS)
            else:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                if mode == "stall":
                    if stalled is not None:
                        stalled.set()
                    stop.wait(60)

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the tests check what the client says."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if tls is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        scheme = "http" if tls is None else "https"
        yield f"{scheme}://127.0.0.1:{server.server_address[1]}"
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


def self_signed(folder: Path) -> tuple[Path, Path] | None:
    """A certificate for 127.0.0.1 and its key, made by ``openssl`` in ``folder`` (``None``
    when there is no ``openssl``)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        return None
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key
