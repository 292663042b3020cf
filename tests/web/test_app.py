"""The app factory (web/app.py) on a real uvicorn in this process: what only a test can cause,
a defect (500) and every search busy (503)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import uvicorn
from fastapi import FastAPI, Request

from fourinarow.web import Settings, create_app
from fourinarow.web.searches import SearchPool
from fourinarow.web.server import bind, url_of
from tests.web.running import request


@contextmanager
def served(app: FastAPI) -> Iterator[str]:
    """``app`` on a real uvicorn in a thread; yields its base URL."""
    sock = bind("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn.Config(app, log_level="critical", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive(), "the server stopped"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    try:
        yield url_of(sock).rstrip("/")
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def test_a_defect_is_a_500_json_answer_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    app = create_app(Settings(searches=1, tt_mb=1))

    @app.get("/defect")
    def defect() -> None:
        raise RuntimeError("a defect")

    with caplog.at_level(logging.ERROR, logger="fourinarow.web"), served(app) as url:
        reply = request(f"{url}/defect")
        again = request(f"{url}/api/v1/position?pos=4")  # and the server goes on
    assert reply.status == 500
    assert reply.body == {"error": "internal error (RuntimeError); see the server log"}
    assert again.status == 200
    assert any("a defect" in str(record.exc_info) for record in caplog.records)


def test_every_search_busy_for_longer_than_the_cap_is_a_503() -> None:
    app = create_app(Settings(searches=1, tt_mb=1, max_time_ms=100, keep_answers=0))
    release = threading.Event()

    @app.get("/hold")
    async def hold(request: Request) -> dict[str, str]:
        pool: SearchPool = request.app.state.pool
        await pool.run(lambda solver: release.wait(30), 30)
        return {"held": "yes"}

    with served(app) as url:
        holder = threading.Thread(target=lambda: request(f"{url}/hold"))
        holder.start()
        try:
            deadline = time.monotonic() + 30
            while True:  # until the hold has the only slot (an analysis always searches)
                reply = request(f"{url}/api/v1/analyze?pos=4453")
                if reply.status == 503 or time.monotonic() > deadline:
                    break
                time.sleep(0.01)
            assert reply.status == 503
            assert "busy" in reply.body["error"]
            assert reply.headers.get("retry-after") == "1"
        finally:
            release.set()
            holder.join(30)
        assert request(f"{url}/api/v1/analyze?pos=4453").status == 200


def test_a_proven_solve_is_kept_and_an_unproven_one_is_searched_again() -> None:
    app = create_app(Settings(searches=1, tt_mb=1, max_time_ms=50))
    with served(app) as url:
        first, again = (request(f"{url}/solve?pos=4453") for _ in range(2))
        unproven = [request(f"{url}/solve?pos=&size=12x10") for _ in range(2)]
    assert first.headers["x-cache"] == "miss"
    assert again.headers["x-cache"] == "hit"
    assert again.body == first.body == {"pos": "4453", "score": [-5, -5, -2, -3, -4, -2, -2]}
    assert None in unproven[0].body["score"]
    assert [reply.headers["x-cache"] for reply in unproven] == ["miss", "miss"]


def test_no_solve_is_kept_when_the_server_keeps_no_answers() -> None:
    app = create_app(Settings(searches=1, tt_mb=1, keep_answers=0))
    with served(app) as url:
        replies = [request(f"{url}/solve?pos=4453") for _ in range(2)]
    assert [reply.headers["x-cache"] for reply in replies] == ["miss", "miss"]
