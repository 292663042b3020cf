"""Ctrl-C and SIGTERM stop a real ``fourinarow serve`` long before its searches would end,
whatever it runs: a search still running when its time to finish is up is answered 503 and left
behind, or killed with its worker process (another library's agent)."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from tests.web.running import Reply, request, running_server


@pytest.mark.parametrize(
    ("agent", "signals"),
    [
        pytest.param("perfect", [signal.SIGINT], id="perfect-INT"),
        pytest.param("perfect", [signal.SIGTERM], id="perfect-TERM"),
        pytest.param("perfect", [signal.SIGINT, signal.SIGINT], id="perfect-INT-INT"),
        pytest.param("stubborn", [signal.SIGINT], id="stubborn-INT"),
        pytest.param("stubborn", [signal.SIGTERM], id="stubborn-TERM"),
    ],
)
def test_a_search_of_a_minute_does_not_keep_the_server_from_stopping(
    plugin: dict[str, str], agent: str, signals: list[int]
) -> None:
    """With a cap of a minute, our solver on 20x20 takes all of it, and so does an agent of
    another library that ignores its limit (its worker process is killed); the request is
    answered 503 (the server is stopping) and the server exits 0, without a traceback. Ctrl-C
    twice stops the searches at once, with the same answer (not uvicorn's forced exit)."""
    with running_server("--max-time-ms", "60000", "--searches", "1", env=plugin) as server:
        answers: list[Reply] = []
        body = {"agent": agent, "size": "20x20", "connect": 5, "pos": "10,10"}
        url = f"{server.url}/api/v1/move"

        def ask() -> None:
            answers.append(request(url, method="POST", body=body, timeout=120))

        client = threading.Thread(target=ask)
        client.start()
        time.sleep(1.0)  # the search starts
        for sig in signals[:-1]:
            server.process.send_signal(sig)
            time.sleep(0.3)
        status, err = server.stop(signals[-1])  # fails past its hang guard: the search takes 60 s
        client.join(30)
    assert status == 0, err
    assert "Traceback" not in err, err
    assert answers, "the request in flight was not answered"
    assert answers[0].status == 503, answers[0].raw
    assert "stopping" in answers[0].body["error"]
