"""The app's errors (web/error_answers.py) against a real server: a client that goes away
mid-body."""

from __future__ import annotations

import socket
import time

from tests.web.running import request, running_server

HALF_BODY = (
    b"POST /api/v1/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 1000\r\n\r\n" + b'{"pos": "' + b"4" * 491
)
"""A request announcing 1000 bytes of body and sending 500."""


def test_a_client_gone_mid_body_logs_no_traceback() -> None:
    """Each such client once logged two tracebacks of 60 lines: a log flood anyone could
    cause. Now at most one short line each, and the server goes on."""
    with running_server("--searches", "1") as server:
        host, port = server.url.removeprefix("http://").rsplit(":", 1)
        for _ in range(5):
            with socket.create_connection((host, int(port)), timeout=10) as sock:
                sock.sendall(HALF_BODY)
                time.sleep(0.1)  # the app is reading the body
        time.sleep(0.5)
        after = request(f"{server.url}/api/v1/move", method="POST", body={"pos": "4453"})
        status, err = server.stop()
    assert after.status == 200
    assert status == 0, err
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) <= 5, err
    assert all(len(line) < 200 for line in lines), err
