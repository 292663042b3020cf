"""A real server for the web tests: ``fourinarow serve`` in a subprocess, on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.web.browser import DESKTOP, Tab, chromium, require_browser
from tests.web.plugin import install_plugin
from tests.web.running import running_server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

MAX_TIME_MS = 2000
"""The server's time cap in the tests."""


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``http://127.0.0.1:PORT`` of a real server (``--max-time-ms 2000``), shared by the
    session, its data folder (the games the page saves) a temporary one; at the end it is
    stopped with SIGINT and must exit 0 without a traceback."""
    data = tmp_path_factory.mktemp("data")
    env = {"XDG_DATA_HOME": str(data)}
    with running_server("--max-time-ms", str(MAX_TIME_MS), env=env) as server:
        yield server.url
        status, err = server.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


@pytest.fixture(scope="session")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a server that finds the agents ``stubborn`` (thinks for
    ``seconds=S``, whatever its limit) and ``needy`` (its framework is not installed) of a
    plugin package (tests/web/plugin.py)."""
    return install_plugin(tmp_path_factory.mktemp("plugin"))


@pytest.fixture(scope="module")
def desktop() -> Iterator[BrowserContext]:
    """A desktop-sized Chromium context, one per test module (skips without Chromium)."""
    require_browser()
    with chromium(DESKTOP) as context:
        yield context


@pytest.fixture
def tab(desktop: BrowserContext, server_url: str) -> Iterator[Tab]:
    """A page of the app, closed after the test."""
    tab = Tab.open(desktop, server_url)
    yield tab
    tab.page.close()
