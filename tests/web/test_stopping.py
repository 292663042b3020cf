"""Ctrl-C and SIGTERM stop a real ``fourinarow serve`` within a few seconds, whatever it runs:
a search still running when its time to finish is up is answered 503 and left behind, or
killed with its worker process (another library's agent)."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from tests.web.running import Reply, request, running_server

STOP_WITHIN = 8.0
"""Seconds a stopping server may take to exit on a busy machine (it gives its searches 2)."""


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("agent", ["perfect", "stubborn"])
def test_a_search_of_a_minute_does_not_keep_the_server_from_stopping(
    plugin: dict[str, str], sig: int, agent: str
) -> None:
    """With a cap of a minute, our solver on 20x20 takes all of it, and so does an agent of
    another library that ignores its limit (its worker process is killed); the request is
    answered 503 (the server is stopping) and the server exits 0, without a traceback."""
    with running_server("--max-time-ms", "60000", "--searches", "1", env=plugin) as server:
        answers: list[Reply] = []
        body = {"agent": agent, "size": "20x20", "connect": 5, "pos": "10,10"}
        url = f"{server.url}/api/v1/move"

        def ask() -> None:
            answers.append(request(url, method="POST", body=body, timeout=120))

        client = threading.Thread(target=ask)
        client.start()
        time.sleep(1.0)  # the search starts
        start = time.monotonic()
        status, err = server.stop(sig)
        seconds = time.monotonic() - start
        client.join(30)
    assert status == 0, err
    assert "Traceback" not in err, err
    assert seconds < STOP_WITHIN, seconds
    assert answers, "the request in flight was not answered"
    assert answers[0].status == 503, answers[0].raw
    assert "stopping" in answers[0].body["error"]
