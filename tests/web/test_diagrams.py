"""Diagrams whose order of play is hard to find are read within the server's time cap, in a
thread of their own, on every route that takes one; cheap requests are answered meanwhile.
Against a real ``fourinarow serve`` (tests/web/running.py), with a diagram the search gives up
on (tests/data/grids/README.md)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.web.running import Reply, Server, request, running_server

CAP_MS = 100
"""The server's time cap here: a small share of the search's 200,000 steps on any machine."""

ROWS = (Path(__file__).parents[1] / "data" / "grids" / "unordered-20x20.txt").read_text().split()
GRID = "/".join(ROWS)
CELLS = [".XO".index(cell) for row in ROWS for cell in row]
MARK = 1 if sum(1 for cell in CELLS if cell) % 2 == 0 else 2

SCORES_4453 = [-5, -5, -2, -3, -4, -2, -2]

CLIENTS = 32
"""Clients sending the diagram at once."""


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    """A server with a cap of :data:`CAP_MS`; it must stop with exit status 0 and no
    traceback in its log."""
    with running_server("--max-time-ms", str(CAP_MS), "--searches", "2") as server:
        yield server
        status, err = server.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


def hard_request(server: Server, route: str) -> Reply:
    """The diagram sent to ``route`` (connect 20: no line ends the game)."""
    if route == "/api/v1/move":
        body: Any = {"grid": GRID, "connect": 20}
    elif route == "/api/v1/kaggle":
        body = {
            "action": "act",
            "configuration": {"rows": 20, "columns": 20, "inarow": 20, "actTimeout": 60},
            "state": {"observation": {"board": CELLS, "mark": MARK}},
        }
    else:
        query = urlencode({"grid": GRID, "connect": 20})
        return request(f"{server.url}{route}?{query}", timeout=60)
    return request(f"{server.url}{route}", method="POST", body=body, timeout=60)


ROUTES = ["/api/v1/position", "/api/v1/analyze", "/solve", "/api/v1/move", "/api/v1/kaggle"]


@pytest.mark.parametrize("route", ROUTES)
def test_a_diagram_whose_order_is_hard_to_find_gets_the_caps_answer(
    server: Server, route: str
) -> None:
    reply = hard_request(server, route)
    assert reply.status == 400, reply.raw
    message = reply.body["error"]
    assert f"within the server's time cap of {CAP_MS} ms" in message, message
    steps = int(message.split("(")[1].split()[0])
    assert 0 < steps < 200_000  # stopped by the clock, not by running out of steps
    assert "give the position as its moves" in message


def test_cheap_requests_are_answered_while_many_hard_diagrams_are_read(server: Server) -> None:
    stop = threading.Event()
    replies: list[tuple[str, Reply]] = []

    def send_hard_diagrams(route: str) -> None:
        while not stop.is_set():
            replies.append((route, hard_request(server, route)))

    clients = [
        threading.Thread(target=send_hard_diagrams, args=(ROUTES[i % len(ROUTES)],))
        for i in range(CLIENTS)
    ]
    for client in clients:
        client.start()
    try:
        for pos, score in [("4453", SCORES_4453), ("444444", [-1, 0, 1, 100, 1, 0, -1])]:
            for _ in range(3):
                solved = request(f"{server.url}/solve?pos={pos}", timeout=60)
                assert (solved.status, solved.body) == (200, {"pos": pos, "score": score})
        state = request(f"{server.url}/api/v1/position?pos=4455", timeout=60)
        assert (state.status, state.body["turn"]) == (200, 1)
    finally:
        stop.set()
        for client in clients:
            client.join(60)
    assert len(replies) >= CLIENTS
    for _, reply in replies:
        assert reply.status in (400, 503), reply.raw
        assert set(reply.body) == {"error"}, reply.raw
        if reply.status == 503:  # its turn did not come within the cap
            assert "no diagram could be read within its time cap" in reply.body["error"]
            assert reply.headers.get("retry-after") == "1", reply.headers
    # one diagram is read at a time, even for a route that searches nothing: the others wait
    assert 503 in {reply.status for route, reply in replies if route == "/api/v1/position"}
