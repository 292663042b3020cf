"""``Access-Control-Allow-Origin`` on every answer, errors and preflights included, for the
origins a server allows (``fourinarow serve --allow-origin``). Against real servers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.running import Reply, Server, request, running_server

PAGE = "https://games.example"
OTHER = "https://elsewhere.example"


def call(url: str, method: str = "GET", body: Any = None, **headers: str) -> Reply:
    data = (
        None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    )
    return request(url, method=method, data=data, headers=headers)


ANSWERS = [
    pytest.param("/solve?pos=4453", "GET", None, 200, id="solve"),
    pytest.param("/api/v1/position?pos=4453", "GET", None, 200, id="position"),
    pytest.param("/api/v1/analyze?pos=4453&time_ms=50", "GET", None, 200, id="analyze"),
    pytest.param("/api/v1/agents", "GET", None, 200, id="agents"),
    pytest.param("/api/v1/review?pos=4455", "GET", None, 200, id="review"),
    pytest.param("/api/v1/move", "POST", {"pos": "4453", "time_ms": 50}, 200, id="move"),
    pytest.param("/api/v1/position?pos=4458", "GET", None, 400, id="bad-position"),
    pytest.param("/api/v1/review", "GET", None, 422, id="missing-field"),
    pytest.param("/api/v2", "GET", None, 404, id="no-such-page"),
    pytest.param("/api/v1/move", "GET", None, 405, id="wrong-method"),
    pytest.param("/api/v1/move", "POST", b"x" * 70_000, 413, id="body-too-large"),
    pytest.param("/", "HEAD", None, 200, id="head"),
]


@pytest.mark.parametrize(("path", "method", "body", "status"), ANSWERS)
def test_every_answer_lets_any_page_read_it_by_default(
    server_url: str, path: str, method: str, body: Any, status: int
) -> None:
    for headers in ({}, {"Origin": PAGE}):  # with and without a page asking
        reply = call(f"{server_url}{path}", method, body, **headers)
        assert reply.status == status, reply.raw
        assert reply.headers.get("access-control-allow-origin") == "*", reply.headers


def test_a_preflight_says_what_a_page_may_send(server_url: str) -> None:
    reply = call(
        f"{server_url}/api/v1/move",
        "OPTIONS",
        Origin=PAGE,
        **{
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert reply.status == 204, reply.raw
    assert reply.headers["access-control-allow-origin"] == "*"
    assert "POST" in reply.headers["access-control-allow-methods"]
    assert reply.headers["access-control-allow-headers"].lower() == "content-type"
    plain = call(f"{server_url}/api/v1/move", "OPTIONS")  # not a preflight: the app answers
    assert plain.status == 405, plain.raw
    assert plain.body["error"].startswith("/api/v1/move does not take OPTIONS")
    assert plain.headers["access-control-allow-origin"] == "*"


def test_a_page_may_read_the_cache_header(server_url: str) -> None:
    reply = call(f"{server_url}/solve?pos=4453", Origin=PAGE)
    assert "X-Cache" in reply.headers["access-control-expose-headers"]


@pytest.fixture(scope="module")
def one_site() -> Iterator[Server]:
    """A server that lets the pages of :data:`PAGE` alone read its answers."""
    with running_server("--allow-origin", PAGE, "--max-time-ms", "500") as server:
        yield server
        status, err = server.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


@pytest.mark.parametrize(("path", "method", "body", "status"), ANSWERS)
def test_an_operator_lets_one_site_read_the_answers(
    one_site: Server, path: str, method: str, body: Any, status: int
) -> None:
    allowed = call(f"{one_site.url}{path}", method, body, Origin=PAGE)
    assert allowed.status == status, allowed.raw
    assert allowed.headers.get("access-control-allow-origin") == PAGE, allowed.headers
    assert "Origin" in allowed.headers.get("vary", ""), allowed.headers
    for headers in ({"Origin": OTHER}, {}):
        refused = call(f"{one_site.url}{path}", method, body, **headers)
        assert refused.status == status, refused.raw  # answered; a browser hides it from OTHER
        assert "access-control-allow-origin" not in refused.headers, refused.headers


def test_a_preflight_from_another_site_is_refused(one_site: Server) -> None:
    asked = {"Access-Control-Request-Method": "POST"}
    refused = call(f"{one_site.url}/api/v1/move", "OPTIONS", Origin=OTHER, **asked)
    assert refused.status == 403, refused.raw
    assert "--allow-origin" in refused.body["error"]
    assert "access-control-allow-origin" not in refused.headers
    allowed = call(f"{one_site.url}/api/v1/move", "OPTIONS", Origin=PAGE, **asked)
    assert allowed.status == 204, allowed.raw
    assert allowed.headers["access-control-allow-origin"] == PAGE


def test_no_site_at_all() -> None:
    with running_server("--allow-origin", "none") as server:
        reply = call(f"{server.url}/solve?pos=4453", Origin=PAGE)
        assert reply.status == 200
        assert "access-control-allow-origin" not in reply.headers
        status, err = server.stop()
    assert status == 0, err
