"""The same column of the same position through every door: the terminal's ``?``,
``fourinarow analyze``, ``fourinarow review``, the web API and the desktop's review screen
say the same value with the same N ("win in N" and "loss in N" count the winner's own moves,
the winning stone's included).

The positions are late in their games, so every door proves them within its own budget and
the test checks the words, not the search: 7x6 (with its opening book), 8x7 and 9x7 connect 5
(without one)."""

from __future__ import annotations

import io
import json
import re
import urllib.parse
from dataclasses import dataclass

import pytest

from fourinarow.core import Board
from fourinarow.gui.review_view import ReviewJob, ReviewView
from fourinarow.search.limit import Limit
from tests.cli.conftest import Run
from tests.web.browser import Tab
from tests.web.running import request


@dataclass(frozen=True)
class Case:
    moves: str
    size: str
    connect: int
    column: int  # 1-based, the column looked at
    value: int  # its exact value for the side to move
    words: str  # said in every door


CASES = [
    # the opponent's 18th move from here wins (its stone number 20 in the game)
    Case("4435", "7x6", 4, 1, -2, "loss in 18"),
    Case("786482574176817671384224671256857686", "8x7", 4, 5, -3, "loss in 8"),
    Case("5248426783672522267421919679476998565539", "9x7", 5, 5, 2, "win in 11"),
]
SAID = re.compile(r"(?P<value>[+-]?\d+) (?P<words>(?:win|loss) in \d+|draw)")


def board_of(case: Case) -> Board:
    width, height = (int(side) for side in case.size.split("x"))
    return Board.from_moves(case.moves, width=width, height=height, connect=case.connect)


def shape(case: Case) -> list[str]:
    return ["--size", case.size, "--connect", str(case.connect)]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_the_terminal_hint_says_it(case: Case) -> None:
    from fourinarow.cli.play import GameSettings, TerminalGame

    board = board_of(case)
    typed = iter([*(str(board.moves[i] + 1) for i in range(board.ply)), "?", "q"])
    out = io.StringIO()
    settings = GameSettings(board=Board(board.width, board.height, board.connect), color=False)
    TerminalGame(settings, read=lambda _prompt: next(typed), out=out).run()
    line = next(x for x in out.getvalue().splitlines() if x.startswith(f"  {case.column}: "))
    said = SAID.search(line)
    assert said is not None, line
    assert (int(said["value"]), said["words"]) == (case.value, case.words), line
    assert "stone number" not in out.getvalue()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_analyze_says_it(run: Run, case: Case) -> None:
    done = run("analyze", case.moves, *shape(case), "--json")
    assert done.returncode == 0, done.stderr
    column = json.loads(done.stdout)["columns"][case.column - 1]
    n = int(case.words.rsplit(" ", 1)[1])
    assert (column["value"], column["moves"], column["words"]) == (case.value, n, case.words)
    text = run("analyze", case.moves, *shape(case))
    assert text.stdout.split()[case.column - 1] == str(case.value)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_the_review_says_it(run: Run, case: Case) -> None:
    game = case.moves + str(case.column)
    done = run("review", game, *shape(case), "--time-ms", "100")
    assert done.returncode == 0, done.stderr
    last = next(x for x in done.stdout.splitlines() if x.startswith(f"{len(game):>4}  "))
    played = [(int(s["value"]), s["words"]) for s in SAID.finditer(last)][-1]
    assert played == (case.value, case.words), last
    record = json.loads(run("review", game, *shape(case), "--time-ms", "100", "--json").stdout)
    assert record["review"][-1]["played"]["words"] == case.words


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_the_web_api_says_it(server_url: str, case: Case) -> None:
    query = {"pos": case.moves, "size": case.size, "connect": case.connect}
    analysis = request(f"{server_url}/api/v1/analyze?{urllib.parse.urlencode(query)}").body
    column = analysis["columns"][case.column - 1]
    n = int(case.words.rsplit(" ", 1)[1])
    assert (column["value"], column["moves"], column["words"]) == (case.value, n, case.words)
    query["pos"] = case.moves + str(case.column)
    review = request(f"{server_url}/api/v1/review?{urllib.parse.urlencode(query)}").body
    played = review["review"][-1]["played"]
    assert (played["value"], played["words"]) == (case.value, case.words)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_the_web_page_says_it(tab: Tab, case: Case) -> None:
    query = {"mode": "human", "pos": case.moves, "size": case.size, "connect": case.connect}
    tab.go("?" + urllib.parse.urlencode({**query, "values": 1, "time": 2000}))
    assert tab.value_texts()  # the values are in
    cell = tab.page.locator(f'#values .value[data-column="{case.column}"]')
    label = cell.get_attribute("aria-label") or ""
    number = str(case.value).replace("-", "\u2212") if case.value < 0 else f"+{case.value}"
    assert label.startswith(f"Column {case.column}: {number}, {case.words}"), label
    tab.check_console()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.size)
def test_the_desktop_review_says_it(case: Case) -> None:
    game = board_of(case)
    game.push(case.column - 1)
    job = ReviewJob(game, Limit(time=0.1))
    job.start()
    assert job.wait(120.0)
    view = ReviewView(game, ("Red", "Yellow"))
    view.review = job.review
    view.last()
    assert f"column {case.column}: {case.words}" in view.value_words()
