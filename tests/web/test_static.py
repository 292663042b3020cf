"""The page's scripts, ES modules in static/js loaded without a build step: each served as
JavaScript by a real server, and each loaded by the page in a real Chromium, with no console
errors and no names leaked onto ``window``."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from fourinarow.web.server_settings import STATIC_DIR
from tests.web.browser import Tab
from tests.web.running import request

MODULES = STATIC_DIR / "js"

JAVASCRIPT = ("text/javascript", "application/javascript")
"""The MIME types a browser runs a module script of (it refuses one served as anything else)."""

EXPORTED = re.compile(r"^export (?:async )?(?:function|const|let|class) ([\w$]+)", re.M)


def module_names() -> list[str]:
    """The file names of the page's modules."""
    return sorted(path.name for path in MODULES.glob("*.js"))


def exported_names() -> list[str]:
    """Every name a module exports."""
    return sorted(
        {name for path in MODULES.glob("*.js") for name in EXPORTED.findall(path.read_text())}
    )


def test_the_modules_are_there_and_export_what_they_share() -> None:
    assert "main.js" in module_names()
    assert len(module_names()) > 1
    assert {"state", "api", "refresh", "renderBoard"} <= set(exported_names())


def test_the_page_loads_its_entry_point_as_a_module(server_url: str) -> None:
    page = request(f"{server_url}/")
    assert page.status == 200
    scripts = re.findall(rb"<script[^>]*>", page.raw)
    assert scripts == [b'<script type="module" src="static/js/main.js">']


@pytest.mark.parametrize("name", module_names())
def test_each_module_is_served_as_javascript(server_url: str, name: str) -> None:
    reply = request(f"{server_url}/static/js/{name}")
    assert reply.status == 200
    kind = reply.headers.get("content-type", "").split(";")[0].strip()
    assert kind in JAVASCRIPT
    assert reply.raw == (MODULES / name).read_bytes()


def test_the_page_loads_every_module_without_errors_or_globals(tab: Tab) -> None:
    tab.go()
    urls: list[str] = tab.page.evaluate(
        """() => performance.getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.endsWith(".js"))"""
    )
    paths = sorted(urlsplit(url).path for url in urls)
    assert paths == [f"/static/js/{name}" for name in module_names()]
    # an element's id is a property of window too (``moves``, ``board``): those are no leak
    leaked = tab.page.evaluate(
        "(names) => names.filter((name) => name in window && !(window[name] instanceof Element))",
        exported_names(),
    )
    assert leaked == []
    assert tab.page.inner_text("#board") is not None
    assert tab.stones() == 0
    tab.check_console()
