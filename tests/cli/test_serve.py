"""``fourinarow serve`` as a user runs it: a real process, stopped by signals; its refusals
in this process."""

from __future__ import annotations

import signal
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.cli.conftest import Run
from tests.web.running import Reply, request, running_server


def one_line_error(stderr: str, *words: str) -> None:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("fourinarow serve: error:"), stderr
    for word in words:
        assert word in lines[0], stderr


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_stops_the_server_cleanly(sig: int) -> None:
    with running_server("--searches", "1") as server:
        assert request(f"{server.url}/api/v1/agents").status == 200
        status, err = server.stop(sig)
    assert status == 0, err
    assert "Traceback" not in err, err


def test_ctrl_c_during_a_search_lets_it_finish_and_exits_0() -> None:
    answers: list[Reply] = []
    with running_server("--max-time-ms", "1500", "--searches", "1") as server:
        url = f"{server.url}/api/v1/analyze?agent=perfect:book%3Dnone&pos="
        client = threading.Thread(target=lambda: answers.append(request(url)))
        client.start()
        request(f"{server.url}/api/v1/agents")  # the server is taking requests
        time.sleep(0.5)  # for the search to start (it takes the whole 1.5 s cap)
        status, err = server.stop(signal.SIGINT)
        client.join(60)
    assert status == 0, err
    assert "Traceback" not in err, err
    assert answers, "the request in flight was not answered"
    assert answers[0].status in (200, 503), answers[0].raw


def test_the_url_is_printed_with_the_real_port() -> None:
    with running_server() as server:
        port = int(server.url.rsplit(":", 1)[1])
        assert port > 0
        assert server.url == f"http://127.0.0.1:{port}"


def test_open_opens_the_browser_at_the_url_once_listening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--open`` asks the web browser (here a script named by $BROWSER, as the webbrowser
    module reads it) to open the printed URL."""
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" > {opened}.part && mv {opened}.part {opened}\n')
    browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(browser))
    with running_server("--open") as server:
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert opened.exists(), "the browser was not opened"
        assert opened.read_text().strip() == f"{server.url}/"
        status, err = server.stop()
    assert status == 0, err


def test_open_without_a_browser_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser that fails (here $BROWSER is a script exiting 1) leaves the server running and
    says where to go."""
    browser = tmp_path / "browser"
    browser.write_text("#!/bin/sh\nexit 1\n")
    browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(browser))
    with running_server("--open") as server:
        assert server.process.stdout is not None
        line = server.process.stdout.readline()
        assert request(f"{server.url}/api/v1/agents").status == 200
        status, err = server.stop()
    assert line.strip() == f"no web browser found here: open {server.url}/ yourself"
    assert status == 0, err


def test_a_port_in_use_is_one_line_and_exit_2(run: Run) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run("serve", "--port", str(port))
    assert result.returncode == 2
    one_line_error(result.stderr, str(port), "--port")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--max-time-ms", "0"], ["--max-time-ms"]),
        (["--max-time-ms", "-5"], ["--max-time-ms"]),
        (["--max-time-ms", "soon"], ["--max-time-ms"]),
        (["--max-time-ms", "1e99"], ["--max-time-ms"]),
        (["--port", "70000"], ["--port", "65535"]),
        (["--searches", "0"], ["--searches"]),
        (["--tt-mb", "0"], ["--tt-mb"]),
        (["--keep-answers", "-1"], ["--keep-answers", "10000000"]),
        (["--keep-answers", "1e9"], ["--keep-answers"]),
        (["--answers-mb", "-1"], ["--answers-mb"]),
        (["--keep-games", "-1"], ["--keep-games", "1000000"]),
        (["--keep-games", "many"], ["--keep-games"]),
        (["--games-db", ""], ["--games-db"]),
        (["--header-timeout", "0"], ["--header-timeout"]),
        (["--body-timeout", "3601"], ["--body-timeout", "3600"]),
        (["--allow-origin", "https://games.example/"], ["--allow-origin", "not an origin"]),
        (["--allow-origin", "games.example"], ["--allow-origin", "https://"]),
        (["--allow-origin", "*", "--allow-origin", "https://a.example"], ["--allow-origin", "*"]),
        (["--allow-origin", "none", "--allow-origin", "https://a.example"], ["none"]),
    ],
)
def test_bad_options_are_one_line_and_exit_2(run: Run, args: list[str], words: list[str]) -> None:
    result = run("serve", *args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    for word in words:
        assert word in result.stderr


def test_a_bad_kaggle_agent_or_host_is_one_line_and_exit_2(run: Run) -> None:
    agent = run("serve", "--kaggle-agent", "bogus")
    assert agent.returncode == 2
    one_line_error(agent.stderr, "bogus")
    host = run("serve", "--host", "no.such.host.invalid", "--port", "0")
    assert host.returncode == 2
    one_line_error(host.stderr, "no.such.host.invalid")


@pytest.mark.parametrize("module", ["fastapi", "httptools"])
def test_the_missing_extra_is_named(run: Run, monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Without FastAPI or httptools installed (a module that cannot be imported), one line
    names the pip command."""
    monkeypatch.setitem(sys.modules, module, None)  # import MODULE now raises ImportError
    result = run("serve")
    assert result.returncode == 2
    one_line_error(result.stderr, "pip install 'fourinarow[web]'")


def test_help_names_every_option(run: Run) -> None:
    result = run("serve", "--help")
    assert result.returncode == 0
    for option in (
        "--host",
        "--port",
        "--open",
        "--max-time-ms",
        "--searches",
        "--tt-mb",
        "--kaggle-agent",
        "--keep-answers",
        "--answers-mb",
        "--header-timeout",
        "--body-timeout",
        "--allow-origin",
        "--games-db",
        "--keep-games",
    ):
        assert option in result.stdout
    assert "/solve" in result.stdout
