"""A request's inputs are checked where the request enters: the board once by the web layer
(so that a finished game is a 400 before the request waits for a search slot), then once more
by the one public library call the route makes (the agent's ``analyze`` or ``choose``, the
solver's ``analyze``: any agent may be named, even another library's, and each checks what
it is given); the limit once, by that call; the table size once, when the server starts.
The library's own inner calls (the solver's searches of each narrowing pass, the prove-then-
estimate routine) check nothing again. ``fourinarow analyze`` in process does the same."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import urllib.request
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import fourinarow.search.checks as checks
from fourinarow.cli.main import main
from fourinarow.web import Settings, create_app
from tests.web.running import request
from tests.web.test_app import served

CHECKS = {
    "checked_board": "board",
    "playable_board": "board",
    "checked_limit": "limit",
    "table_megabytes": "table",
}


DEEPENING = ("fourinarow.search.deepening", "fourinarow.search.heuristic")
"""The heuristic engine's iterative deepening, whose every depth's search checks its board and
the deepening its limit: counted apart (``deepening``), as not yet checked once."""


def layer(module: str) -> str:
    """The layer a caller's module belongs to: ``web``, ``cli``, ``deepening`` or
    ``library``."""
    for front in ("web", "cli"):
        if module.startswith(f"fourinarow.{front}"):
            return front
    return "deepening" if module in DEEPENING else "library"


def count_checks(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, str]]:
    """Count every call of the search layer's checks from now on, by what is checked and by
    the layer of the caller, wherever the functions were imported. A check made by another
    check (``playable_board`` checks that it has a board) counts once, as the outer one."""
    calls: Counter[tuple[str, str]] = Counter()

    def counting(what: str, check: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            caller = sys._getframe(1).f_globals.get("__name__", "")
            if caller != checks.__name__:
                calls[what, layer(caller)] += 1
            return check(*args, **kwargs)

        return counted

    for name, what in CHECKS.items():
        check = getattr(checks, name)
        wrapped = counting(what, check)
        for module in list(sys.modules.values()):
            if getattr(module, name, None) is check:
                monkeypatch.setattr(module, name, wrapped)
    return calls


def post(url: str, body: object) -> int:
    data = json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data, method="POST")) as answer:
        return int(answer.status)


def assert_once(calls: Counter[tuple[str, str]], front: str) -> None:
    """The board once where the request entered and once by the library's public call made
    for it; the limit once, by that call; the table size never."""
    assert calls["board", front] == 1
    assert calls["board", "library"] == 1
    assert calls["limit", front] == 0  # made there from the capped time, not re-checked
    assert calls["limit", "library"] == 1
    assert calls["table", front] + calls["table", "library"] == 0


@pytest.mark.parametrize(
    "url_path",
    [
        "/api/v1/analyze?pos=4453&time_ms=500",  # in the book: answered by it
        # narrowing passes (the solver's searches check nothing again), then the engine's
        # estimates, whose deepening still checks at each depth (counted apart)
        "/api/v1/analyze?pos=4453&size=8x7&time_ms=200",
    ],
)
def test_one_analysis_request_checks_the_board_and_the_limit_once(
    monkeypatch: pytest.MonkeyPatch, url_path: str
) -> None:
    app = create_app(Settings(searches=1, tt_mb=4))
    with served(app) as url:
        assert request(url + url_path).status == 200  # the slot's agent is made
        calls = count_checks(monkeypatch)
        assert request(url + url_path).status == 200
    assert_once(calls, "web")


def test_one_solve_request_checks_the_board_and_the_limit_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Settings(searches=1, tt_mb=4))
    with served(app) as url:
        assert request(url + "/solve?pos=4453&size=8x7").status == 200  # the shape's tables
        calls = count_checks(monkeypatch)
        assert request(url + "/solve?pos=44").status == 200  # proven at once, not kept
    assert_once(calls, "web")


def test_one_move_request_checks_the_board_and_the_limit_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(Settings(searches=1, tt_mb=4))
    body = {"pos": "4453", "time_ms": 500}
    with served(app) as url:
        assert post(url + "/api/v1/move", body) == 200
        calls = count_checks(monkeypatch)
        assert post(url + "/api/v1/move", body) == 200
    assert_once(calls, "web")


def test_the_analyze_command_checks_the_board_and_the_limit_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = count_checks(monkeypatch)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(["analyze", "4453", "--size", "8x7", "--time-ms", "200"]) == 0
    assert len(out.getvalue().split()) == 8  # a value for each column
    assert calls["board", "cli"] == 1  # where the position is read
    assert calls["board", "library"] == 1  # the agent's analyze
    assert calls["limit", "library"] == 1


def kaggle_body(cells: list[int], mark: int) -> dict[str, Any]:
    """A Kaggle UrlAgent request for a 7x6 board given as its cells, top row first."""
    return {
        "action": "act",
        "configuration": {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2, "timeout": 2},
        "environment": "connectx",
        "state": {"observation": {"board": cells, "mark": mark}},
    }


FINISHED = [0] * 28 + [2, 2, 2, 0, 0, 0, 0] + [1, 1, 1, 1, 0, 0, 0]  # four in a row at the bottom

ROUTES: dict[str, tuple[str, str, Any]] = {
    # route module: (method, path, JSON body) of a request for the finished game 4455667
    "analysis": ("GET", "/api/v1/analyze?pos=4455667&time_ms=100", None),
    "solve": ("GET", "/solve?pos=4455667", None),
    "play": ("POST", "/api/v1/move", {"pos": "4455667", "time_ms": 100}),
    "kaggle": ("POST", "/api/v1/kaggle", kaggle_body(FINISHED, 2)),
}


@pytest.mark.parametrize("route", ROUTES)
def test_a_searching_route_reads_its_inputs_in_one_call_and_refuses_a_finished_game(
    monkeypatch: pytest.MonkeyPatch, route: str
) -> None:
    module = sys.modules[f"fourinarow.web.routes.{route}"]
    reads = Counter[str]()
    read = module.search_inputs

    async def counted(*args: Any, **kwargs: Any) -> Any:
        reads[route] += 1
        return await read(*args, **kwargs)

    monkeypatch.setattr(module, "search_inputs", counted)
    method, path, body = ROUTES[route]
    with served(create_app(Settings(searches=1, tt_mb=4))) as url:
        reply = request(url + path, method=method, body=body)
    assert reply.status == 400
    assert "the game is over" in reply.body["error"]
    assert reads[route] == 1


def test_a_review_reads_its_inputs_in_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules["fourinarow.web.routes.review"]
    reads: list[dict[str, Any]] = []
    read = module.search_inputs

    async def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(kwargs)
        return await read(*args, **kwargs)

    monkeypatch.setattr(module, "search_inputs", counted)
    with served(create_app(Settings(searches=1, tt_mb=4))) as url:
        reply = request(url + "/api/v1/review?pos=4455667&time_ms=500")
    assert reply.status == 200  # a finished game is what a review grades
    assert reply.body["time_cap_ms"] == 500
    assert reads == [{"finished": True, "from_arrival": True}]
