"""``--no-color``: every command that prints in colour takes it, as ``play`` does, and with it
prints no escape codes, even on a real terminal (pexpect), where colour is on otherwise."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from fourinarow.cli.main import build_parser
from fourinarow.core import Board
from fourinarow.service.games import GameStore

COLOURED = [
    ["play"],
    ["show", "4455"],
    ["puzzle"],
    ["review", "4455432"],
    ["games", "show", "1"],
    ["games", "replay", "1"],
    ["games", "review", "1"],
    ["match", "random", "simple"],
    ["tournament", "random", "simple", "level:3"],
    ["experiment", "minimax-depths"],
]
"""Every command that prints in colour (boards, or rich's tables on a terminal)."""

ESCAPE = "\x1b["

COLOUR = re.compile(r"\x1b\[(?:[0-9]+;)*(?:3[0-8]|9[0-7]|4[0-8]|10[0-7])(?:;[0-9]+)*m")
"""An escape code that sets a colour (not bold, not the cursor's moves: a progress display
draws those in plain text too)."""


@pytest.mark.parametrize("command", COLOURED, ids=" ".join)
def test_every_command_that_prints_colour_takes_no_color(command: list[str]) -> None:
    assert build_parser().parse_args([*command, "--no-color"]).no_color is True


def spawned(*args: str) -> str:
    """What ``fourinarow ARGS`` prints on a terminal, answering ``q`` to its first question."""
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fourinarow", *args],
        encoding="utf-8",
        timeout=120,
        env=environment,
        dimensions=(50, 120),
    )
    index = child.expect([r"\]: ", pexpect.EOF])
    text = child.before or ""
    if index == 0:
        child.sendline("q")
        child.expect(pexpect.EOF)
        text += child.before or ""
    child.close()
    assert child.exitstatus == 0, text
    return text


def test_review_and_games_review_retry_in_plain_text(tmp_path: Path) -> None:
    history, db = str(tmp_path / "puzzles.sqlite3"), tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        store.save(Board.from_moves("4455432"), first="Red", second="Yellow", source="desktop")
    review = ["review", "4455432", "--retry", "--puzzle-db", history]
    assert ESCAPE in spawned(*review)  # a terminal: the retry's board in colour
    assert ESCAPE not in spawned(*review, "--no-color")
    saved = ["games", "--db", str(db), "review", "1", "--retry", "--puzzle-db", history]
    assert ESCAPE not in spawned(*saved, "--no-color")


def test_match_tables_in_plain_text(tmp_path: Path) -> None:
    match = ["match", "random", "simple", "--games", "2", "--workers", "1", "--quiet"]
    assert ESCAPE in spawned(*match, "--db", str(tmp_path / "a.sqlite3"))
    assert ESCAPE not in spawned(*match, "--db", str(tmp_path / "b.sqlite3"), "--no-color")


def test_progress_bars_in_plain_text(tmp_path: Path) -> None:
    """The match's progress bar on standard error (a real terminal): in colour, but not with
    ``--no-color``, as with ``NO_COLOR``."""
    match = ["match", "random", "simple", "--games", "4", "--workers", "1"]
    coloured = spawned(*match, "--db", str(tmp_path / "a.sqlite3"))
    assert "4/4" in coloured  # the bar was drawn
    assert COLOUR.search(coloured)
    plain = spawned(*match, "--db", str(tmp_path / "b.sqlite3"), "--no-color")
    assert "4/4" in plain
    assert ESCAPE in plain  # the display still moves the cursor
    assert not COLOUR.search(plain), sorted(set(COLOUR.findall(plain)))
