"""A real Chromium for the browser tests: Debian's, driven by Playwright from pip.

Playwright's own browser download is not reachable here, so the tests point it at the system
``chromium``. Without it the browser tests skip, naming the ``apt-get`` line that installs it,
unless ``FOURINAROW_REQUIRE_BROWSER=1`` (CI) makes a missing browser a failure.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page

CHROMIUM = Path("/usr/bin/chromium")

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}

IDLE = 'body[data-busy="idle"]'
"""The page sets ``data-busy="idle"`` on its body when no request of its own is under way."""


def require_browser() -> None:
    """Skip the calling test when Chromium or Playwright is missing (fail under
    ``FOURINAROW_REQUIRE_BROWSER=1``)."""
    required = os.environ.get("FOURINAROW_REQUIRE_BROWSER") == "1"
    problems = []
    if not CHROMIUM.exists():
        problems.append(
            f"{CHROMIUM} is missing: apt-get install chromium (Debian's Chromium; "
            "`playwright install` cannot download its own here)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append('Playwright is missing: pip install -e ".[test]"')
    if problems:
        message = "; ".join(problems)
        if required:
            pytest.fail(f"FOURINAROW_REQUIRE_BROWSER=1 but {message}")
        pytest.skip(message)


@contextmanager
def chromium(viewport: dict[str, int]) -> Iterator[BrowserContext]:
    """A headless Chromium with a fresh profile in a temporary directory, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory(prefix="fourinarow-chromium-") as profile,
        sync_playwright() as playwright,
    ):
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=str(CHROMIUM),
            args=list(CHROMIUM_ARGS),
            headless=True,
            viewport={"width": viewport["width"], "height": viewport["height"]},
        )
        try:
            yield context
        finally:
            context.close()


@dataclass
class Tab:
    """A page of the app, with every console error and uncaught exception it had."""

    page: Page
    base_url: str
    errors: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, context: BrowserContext, base_url: str) -> Tab:
        """A new page in ``context`` that records its console errors."""
        tab = cls(context.new_page(), base_url.rstrip("/"))

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                tab.errors.append(message.text)

        def on_error(error: Error) -> None:
            tab.errors.append(f"uncaught: {error}")

        tab.page.on("console", on_console)
        tab.page.on("pageerror", on_error)
        return tab

    def go(self, query: str = "") -> None:
        """Load the app with ``query`` (such as ``"?pos=44"``) and wait until it is idle."""
        self.page.goto(f"{self.base_url}/{query}")
        self.settle()

    def settle(self) -> None:
        """Wait until the page has no request under way (a computer reply included)."""
        self.page.wait_for_selector(IDLE, timeout=30_000)

    def click_column(self, column: int) -> None:
        """Click a column (1-based) and wait for the page to settle."""
        self.page.click(f'#board .column[data-column="{column}"]')
        self.settle()

    def press(self, key: str) -> None:
        """Press a key on the page and wait for it to settle."""
        self.page.keyboard.press(key)
        self.settle()

    def grid(self) -> list[list[int]]:
        """The discs shown: rows top first, 0 empty, 1 red, 2 yellow."""
        rows: list[list[int]] = self.page.evaluate(
            """() => {
                const columns = [...document.querySelectorAll('#board .column')];
                if (columns.length === 0) return [];
                const height = columns[0].querySelectorAll('.cell').length;
                return Array.from({length: height}, (_, row) => columns.map(
                    (column) => Number(column.querySelectorAll('.cell')[row].dataset.player || 0)));
            }"""
        )
        return rows

    def stones(self) -> int:
        """The number of discs on the board."""
        return sum(cell != 0 for row in self.grid() for cell in row)

    def status(self) -> str:
        """The status line's text."""
        return self.page.inner_text("#status")

    def value_texts(self) -> list[str]:
        """The signed number shown above each column."""
        texts: list[str] = self.page.eval_on_selector_all(
            "#values .value .number", "items => items.map(item => item.textContent)"
        )
        return texts

    def check_console(self, *allowed: str) -> None:
        """Fail on any console error or uncaught exception not containing one of ``allowed``."""
        unexpected = [e for e in self.errors if not any(text in e for text in allowed)]
        assert unexpected == [], unexpected
