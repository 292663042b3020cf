"""Take the README's screenshots of the web app: docs/web-play.png, docs/web-phone.png,
docs/web-review.png (a review at 1280x800, the best line stepped), docs/web-review-phone.png
(the same review on a 390x844 phone) and docs/web-retry.png (learning from a mistake).

Usage: python docs/screenshots.py [--url http://127.0.0.1:8000/]

Without --url it starts ``fourinarow serve --port 0`` itself and stops it afterwards. It drives
Debian's Chromium (/usr/bin/chromium) through Playwright, as the browser tests do.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page

DOCS = Path(__file__).resolve().parent

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PLAY = "?pos=4444533347&size=7x6&connect=4&mode=computer&level=7&first=human&values=1"
"""A game against level 7 after ten moves, values shown: wins, draws and losses side by side."""

PHONE = "?pos=453766&size=7x6&connect=4&mode=human&values=1"
"""Two players at one screen, values shown."""

REVIEW = "?pos=4444433333676641366611171177775555&size=7x6&connect=4&mode=human"
"""Two computer players: the win changes hands three times, for its review."""

REVIEW_MOVE = 15
"""The move the review screenshot shows: the first turning point."""

LINE_STEPS = 2
"""How many moves of the best line the review screenshot draws on the board."""


@contextmanager
def server(url: str | None) -> Iterator[str]:
    """The app's URL: ``url`` if given, else that of a ``fourinarow serve`` started here."""
    if url:
        yield url.rstrip("/")
        return
    process = subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://\S+", line)
        if not found:
            raise SystemExit(f"fourinarow serve did not print its URL: {line!r}")
        yield found.group(0).rstrip("/")
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)


def open_review(page: Page, base: str) -> None:
    """The review of :data:`REVIEW` at move :data:`REVIEW_MOVE` on ``page``, the mouse away."""
    page.goto(base + "/" + REVIEW)
    page.wait_for_selector('body[data-busy="idle"]', timeout=60_000)
    page.click("#review-game")
    page.wait_for_selector("#moves [data-grade]", timeout=60_000)
    page.click(f'#moves button[data-ply="{REVIEW_MOVE}"]')
    page.wait_for_selector('body[data-busy="idle"]', timeout=60_000)
    page.mouse.move(0, 0)
    page.evaluate("window.scrollTo(0, 0)")


def shoot(base: str) -> None:
    """Save the five screenshots, taken from the app at ``base``."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as profile, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path="/usr/bin/chromium",
            args=CHROMIUM_ARGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
        )
        try:
            page = context.new_page()
            page.goto(base + "/" + PLAY)
            page.wait_for_selector('body[data-busy="idle"]', timeout=60_000)
            page.hover('#board .column[data-column="3"]')
            page.wait_for_timeout(1500)  # let the winning-line glow and the last drop finish
            page.screenshot(path=DOCS / "web-play.png")

            phone = context.new_page()
            phone.set_viewport_size({"width": 375, "height": 667})
            phone.goto(base + "/" + PHONE)
            phone.wait_for_selector('body[data-busy="idle"]', timeout=60_000)
            phone.wait_for_timeout(1500)
            phone.screenshot(path=DOCS / "web-phone.png")

            review = context.new_page()
            review.set_viewport_size({"width": 1280, "height": 800})
            open_review(review, base)
            for _ in range(LINE_STEPS):
                review.click("#line-next")
            review.wait_for_timeout(500)
            review.screenshot(path=DOCS / "web-review.png")

            retry = context.new_page()
            retry.set_viewport_size({"width": 1280, "height": 800})
            open_review(retry, base)
            retry.click("#retry-start")
            retry.wait_for_selector('body[data-busy="idle"]', timeout=60_000)
            retry.click('#board .column[data-column="4"]')  # the move played: not that
            retry.mouse.move(0, 0)
            retry.wait_for_timeout(500)
            retry.screenshot(path=DOCS / "web-retry.png")

            phone_review = context.new_page()
            phone_review.set_viewport_size({"width": 390, "height": 844})
            open_review(phone_review, base)
            phone_review.wait_for_timeout(500)
            phone_review.screenshot(path=DOCS / "web-review-phone.png")
        finally:
            context.close()


def main() -> None:
    """Parse the arguments and take the screenshots."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running app (default: start fourinarow serve here)")
    arguments = parser.parse_args()
    with server(arguments.url) as base:
        shoot(base)
    names = ("web-play.png", "web-phone.png", "web-review.png", "web-review-phone.png")
    shown = ", ".join(str(DOCS / name) for name in names)
    print(f"wrote {shown} and {DOCS / 'web-retry.png'}")


if __name__ == "__main__":
    main()
