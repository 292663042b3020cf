"""A real ``fourinarow serve`` in a subprocess, for the web tests and the CLI's serve tests."""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

START_SECONDS = 60.0
"""How long a server may take to say where it listens (it reads the book and allocates)."""

STOP_SECONDS = 30.0
"""How long a server may take to stop after SIGINT (running searches end within their cap)."""

URL_PREFIX = "fourinarow web app: "


@dataclass
class Server:
    """A running server: its process and base URL (``http://127.0.0.1:PORT``, no slash)."""

    process: subprocess.Popen[str]
    url: str

    def stop(self, sig: int = signal.SIGINT) -> tuple[int, str]:
        """Send ``sig``, wait for the exit; return the exit status and standard error."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        try:
            _, err = self.process.communicate(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
            raise AssertionError(f"the server did not stop within {STOP_SECONDS} s") from None
        return self.process.returncode, err


def _first_line(process: subprocess.Popen[str], seconds: float) -> str:
    """The first line the process prints, waiting at most ``seconds``."""
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if selector.select(timeout=0.2):
            return process.stdout.readline()
        if process.poll() is not None:
            return ""
    return ""


@contextmanager
def running_server(*args: str, env: dict[str, str] | None = None) -> Iterator[Server]:
    """Start ``python -m fourinarow serve --port 0 ARGS`` (with ``env`` added to the
    environment); yield it once it listens; stop it with SIGINT at the end if it still runs
    (the caller checks the exit with ``stop``)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    line = _first_line(process, START_SECONDS)
    if not line.startswith(URL_PREFIX):
        process.kill()
        _, err = process.communicate()
        raise AssertionError(f"the server did not start: {line!r} {err}")
    server = Server(process, line.removeprefix(URL_PREFIX).strip().rstrip("/"))
    try:
        yield server
    finally:
        if process.poll() is None:
            server.stop()


@dataclass(frozen=True)
class Reply:
    """An HTTP answer: status, headers and the body (parsed when it is JSON)."""

    status: int
    headers: dict[str, str]
    body: Any
    raw: bytes


def request(
    url: str,
    *,
    method: str = "GET",
    data: bytes | None = None,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> Reply:
    """Send one request and return the reply, error statuses included (no exception)."""
    if body is not None:
        data = json.dumps(body).encode()
    sent = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(sent, timeout=timeout) as answer:
            status, got, raw = answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        status, got, raw = error.code, dict(error.headers), error.read()
        error.close()
    parsed: Any = None
    kind = str(got.get("content-type", got.get("Content-Type", "")))
    if kind.startswith("application/json"):
        parsed = json.loads(raw)
    return Reply(status, got, parsed, raw)
