"""Every agent a request names answers within the server's time cap, whatever its options; an
agent of another library runs in a worker process killed at the cap; a framework that is not
installed is a 400 naming the pip install. Against a real ``fourinarow serve``, with a real
plugin package (tests/web/plugin.py) whose agent ignores its limit. Each agent here would think
for minutes without the cap: one the cap did not stop fails at the requests' two-minute hang
guard, or with an answer that does not name the cap.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.running import Reply, Server, request, running_server

CAP_MS = 300
"""The server's time cap here."""


@pytest.fixture(scope="module")
def server(plugin: dict[str, str]) -> Iterator[Server]:
    """A server with the plugin, one search at a time and a cap of :data:`CAP_MS`; its worker
    processes started once (that is not counted against the cap); it must stop with exit
    status 0 and no traceback in its log."""
    with running_server("--max-time-ms", str(CAP_MS), "--searches", "1", env=plugin) as server:
        warm = move(server, "stubborn:seconds=0")
        assert warm.status == 200, warm.raw
        yield server
        status, err = server.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


def move(server: Server, agent: str, **fields: Any) -> Reply:
    return request(
        f"{server.url}/api/v1/move", method="POST", body={"agent": agent, **fields}, timeout=120
    )


def test_an_agent_that_ignores_its_limit_is_stopped_at_the_cap(server: Server) -> None:
    reply = move(server, "stubborn:seconds=600")
    assert reply.status == 400, reply.raw
    assert "stubborn:seconds=600 ran past the server's time cap of 300 ms" in reply.body["error"]
    # the one search slot is free at once: the next search is served, not refused as busy
    solved = move(server, "perfect", pos="4453")
    assert solved.status == 200, solved.raw


def test_its_worker_process_is_gone(server: Server, plugin: dict[str, str]) -> None:
    folder = Path(plugin["STUBBORN_PIDS"])
    before = set(folder.iterdir())
    assert move(server, "stubborn:seconds=600").status == 400
    (new,) = set(folder.iterdir()) - before
    with pytest.raises(ProcessLookupError):
        os.kill(int(new.name), 0)


def test_a_foreign_agent_within_the_cap_answers(server: Server) -> None:
    reply = move(server, "stubborn:seconds=0.05", pos="4444")
    assert reply.status == 200, reply.raw
    assert reply.body["column"] == 1  # 1-based: the first legal column
    assert reply.body["position"] == "4444"


def test_what_a_worker_raises_is_the_answer(server: Server) -> None:
    refused = move(server, "stubborn:seconds=x")
    assert refused.status == 400
    assert "seconds is a number" in refused.body["error"]
    over = move(server, "stubborn", pos="1212121")
    assert over.status == 400
    assert "game is over" in over.body["error"]
    analysis = request(f"{server.url}/api/v1/analyze?agent=stubborn")
    assert analysis.status == 400
    assert "does not value columns" in analysis.body["error"]


def test_a_missing_framework_is_a_400_naming_the_pip_install(server: Server) -> None:
    reply = move(server, "needy")
    assert reply.status == 400, reply.raw
    assert "needy needs it: pip install 'fourinarow[needy]'" in reply.body["error"]


@pytest.mark.skipif(
    importlib.util.find_spec("kaggle_environments") is not None,
    reason="checks the error without kaggle-environments, and it is installed",
)
@pytest.mark.parametrize("agent", ["kaggle:negamax", "kaggle:random"])
def test_kaggle_agents_without_their_extra_are_a_400(server: Server, agent: str) -> None:
    reply = move(server, agent)
    assert reply.status == 400, reply.raw
    assert "pip install 'fourinarow[kaggle]'" in reply.body["error"]


@pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason="needs OpenSpiel: pip install 'fourinarow[openspiel]'",
)
def test_openspiel_mcts_with_a_million_simulations_is_stopped_at_the_cap(
    server: Server,
) -> None:
    body = {"size": "20x20", "connect": 5, "pos": "10,10", "time_ms": 100}
    reply = move(server, "openspiel:mcts,simulations=1000000", **body)
    assert reply.status == 400, reply.raw
    assert "time cap of 100 ms" in reply.body["error"]
    assert move(server, "openspiel:random").status == 200


@pytest.mark.parametrize(
    "agent",
    [
        "minimax:depth=9",
        "alphabeta:depth=12,eval=threats",
        "engine:nodes=1000000000",
        "mcts:playouts=1000000",
        "perfect:threads=64",
        "perfect:tt_mb=64,book=none,tiebreak=random",
        "level:6",
    ],
)
def test_our_agents_keep_to_the_cap_whatever_their_options(server: Server, agent: str) -> None:
    body = {"size": "20x20", "connect": 5, "pos": "10,10"}
    reply = move(server, agent, **body)
    assert reply.status == 200, reply.raw
    assert reply.body["column"] in range(1, 21)
