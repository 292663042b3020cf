"""Header and body timeouts (web/timeouts.py) on a real server: no client holds a connection
by trickling a request ("slowloris")."""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from http.client import HTTPResponse
from urllib.parse import quote

import pytest

from tests.web.running import Server, running_server

TIMEOUT = 1.0
"""The server's header and body timeouts in these tests, in seconds."""

CLOSED_WITHIN = 15.0
"""A hang guard: how long a test waits for the server to close a connection before it fails
(the server closes it after :data:`TIMEOUT`; the requests trickle for 100 s)."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A server with 1 s timeouts; it must stop cleanly at the end, without a traceback."""
    with running_server(
        "--searches", "1", "--header-timeout", str(TIMEOUT), "--body-timeout", str(TIMEOUT)
    ) as running:
        yield running
        status, err = running.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


def connect(server: Server) -> socket.socket:
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    return socket.create_connection((host, int(port)), timeout=CLOSED_WITHIN)


def trickle(sock: socket.socket, data: bytes, every: float) -> bytes:
    """Send ``data`` a byte at a time, ``every`` seconds apart, until the server closes the
    connection (or :data:`CLOSED_WITHIN` has passed); return what it answered."""
    start = time.monotonic()
    answer = b""
    sock.settimeout(every)
    for byte in data:
        if time.monotonic() - start > CLOSED_WITHIN:
            break
        try:
            sock.sendall(bytes([byte]))
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            break
        if not chunk:
            break
        answer += chunk
    return answer


def assert_closed(sock: socket.socket) -> None:
    """The server has closed ``sock``: reading gives the end of the stream, not a timeout."""
    sock.settimeout(CLOSED_WITHIN)
    with contextlib.suppress(ConnectionResetError):  # closed with data of ours unread
        assert sock.recv(4096) == b""


def test_a_request_whose_headers_trickle_is_answered_408_and_closed(server: Server) -> None:
    request = b"GET /api/v1/agents HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"b" * 1000
    with connect(server) as sock:
        answer = trickle(sock, request, 0.1)
        assert_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"did not arrive within 1 s" in answer


def test_a_connection_that_sends_nothing_is_closed(server: Server) -> None:
    with connect(server) as sock:
        answer = sock.recv(4096)
        while answer and not answer.endswith(b"}"):
            answer += sock.recv(4096)
        assert_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408 "), answer


def test_a_body_that_trickles_is_cut_off(server: Server) -> None:
    head = (
        b"POST /api/v1/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n"
    )
    with connect(server) as sock:
        sock.sendall(head)
        answer = trickle(sock, b'{"pos": "' + b"4" * 990, 0.1)
        assert_closed(sock)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"the request body did not arrive" in answer


def test_requests_sent_in_time_are_answered_on_one_connection(server: Server) -> None:
    """The timers start again for each request of a kept-alive connection, and a request sent
    in parts, each within the timeout, is answered."""
    with connect(server) as sock:
        for _ in range(3):
            sock.sendall(b"GET /api/v1/position?pos=4453 HTTP/1.1\r\n")
            time.sleep(TIMEOUT / 4)
            sock.sendall(b"Host: x\r\n\r\n")
            answer = HTTPResponse(sock)
            answer.begin()
            assert answer.status == 200
            assert json.loads(answer.read())["position"] == "4453"
            time.sleep(TIMEOUT * 0.6)  # idle between requests: the keep-alive's business


def send_whole(server: Server, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` on a new connection; the status, headers and body of the answer, read
    until the server closes the connection."""
    with connect(server) as sock:
        with contextlib.suppress(OSError):  # it may answer and close before reading it all
            sock.sendall(data)
        answer = HTTPResponse(sock)
        answer.begin()
        body = answer.read()
        headers = {name.lower(): value for name, value in answer.getheaders()}
        assert sock.recv(4096) == b""  # closed
    return answer.status, headers, body


LONG_QUERY = b"/solve?pos=4453&" + b"a" * 100_000
MANY_PARAMETERS = b"/solve?" + b"&".join(b"p%d=1" % i for i in range(10_000))


@pytest.mark.parametrize(
    ("request_bytes", "status", "words"),
    [
        pytest.param(
            b"GET " + LONG_QUERY + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            414,
            ["longer than 16384 bytes"],
            id="long-query",
        ),
        pytest.param(
            b"GET " + MANY_PARAMETERS + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            414,
            ["longer than 16384 bytes"],
            id="10000-parameters",
        ),
        pytest.param(
            b"GET /solve?pos=4453 HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n",
            431,
            ["headers are longer than 32768 bytes"],
            id="long-header",
        ),
        pytest.param(
            b"POST /api/v1/move HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}",
            400,
            ["not valid HTTP", "Content-Length"],
            id="negative-length",
        ),
        pytest.param(b"HELLO\r\n\r\n", 400, ["not valid HTTP"], id="not-a-request"),
    ],
)
def test_what_the_server_refuses_before_the_app_is_answered_in_json(
    server: Server, request_bytes: bytes, status: int, words: list[str]
) -> None:
    got, headers, body = send_whole(server, request_bytes)
    assert got == status, body
    assert headers["content-type"] == "application/json"
    assert headers["access-control-allow-origin"] == "*"
    message = json.loads(body)["error"]
    for word in words:
        assert word in message, message


def test_the_longest_position_a_query_takes_is_read(server: Server) -> None:
    grid = "/".join(["." * 20] * 20)  # a 20x20 diagram, escaped: 478 bytes
    pos = ",".join(["1"] * 2000)[:3999]  # 4000 characters at most, as the API reads
    for path in (f"/api/v1/position?grid={quote(grid)}", f"/api/v1/position?pos={quote(pos)}"):
        got, headers, body = send_whole(
            server, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
        )
        assert got in (200, 400), body  # answered by the app
        assert headers["content-type"] == "application/json"
