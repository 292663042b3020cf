"""benchmarks/web.py runs end to end with tiny counts, refuses hosts off this machine and fails
when the server answers wrong."""

from __future__ import annotations

import re
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.benchmarks.scripts import run_script

TINY = ["--clients", "2", "--requests", "20", "--sets", "end-easy,middle-easy", "--sample", "3"]


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The script with these arguments, its output captured."""
    return run_script("web.py", *arguments, timeout=300)


def row(lines: list[str], label: str) -> list[str]:
    """The cells after the label of the one table row with that label."""
    (found,) = [line for line in lines if re.match(rf"{re.escape(label)} +\d+ ", line)]
    return found[len(label) :].split()


@pytest.mark.slow
def test_a_tiny_run_against_its_own_server_prints_the_table_without_errors() -> None:
    result = run(*TINY, "--time-ms", "1000")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("server: http://127.0.0.1:") for line in lines), result.stdout
    for label in ("GET /solve", "POST /api/v1/move"):
        assert row(lines, f"{label} 1st")[:3] == ["2", "6", "0"]  # the first pass: 6 positions
        assert row(lines, label)[:3] == ["2", "20", "0"]  # clients, requests, errors
    assert "sharing this machine's" in result.stdout  # says that client and server share cores
    assert result.stdout.count("CPU per request: server ") == 2


@pytest.mark.parametrize(
    "url", ["http://192.0.2.1:8000/", "http://example.com/", "https://127.0.0.1/"]
)
def test_only_http_on_a_loopback_address_is_accepted(url: str) -> None:
    result = run("--url", url)
    assert result.returncode == 2
    assert "loopback" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_server_that_does_not_start_is_reported_in_a_line_with_exit_status_2() -> None:
    result = run("--tt-mb", "-1", "--sets", "end-easy", "--sample", "1")
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert "the server printed no URL and stopped" in line
    assert "--tt-mb" in line  # what the server said


class _Broken(BaseHTTPRequestHandler):
    """Answers every request with a 500, as a failing server would."""

    def do_GET(self) -> None:
        """Fail (the name is the one http.server calls)."""
        self._fail()

    def do_POST(self) -> None:
        """Fail."""
        self._fail()

    def _fail(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        self.rfile.read(length)
        body = b'{"error": "broken on purpose"}'
        self.send_response(500)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Quiet."""


@pytest.fixture
def broken_server() -> Iterator[str]:
    """The URL of a server on 127.0.0.1 that answers every request with HTTP 500."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Broken)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def test_failed_requests_are_counted_and_make_the_exit_status_1(broken_server: str) -> None:
    result = run("--url", broken_server, *TINY, "--endpoints", "solve", "--time-ms", "100")
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert row(lines, "GET /solve 1st")[:3] == ["2", "6", "6"]  # clients, requests, errors
    assert row(lines, "GET /solve")[:3] == ["2", "20", "20"]
    assert "HTTP 500" in result.stdout
