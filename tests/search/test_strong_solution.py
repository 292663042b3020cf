"""The 7x6 opening book against the published strong solution of Connect Four (Böck 2025).

benchmarks/strong_solution.py holds the published table (positions won, drawn and lost per ply,
the first player's view, finished games counted as lost, mirror images counted apart) and the
counting: the book's entries by ply and value, and every position played out ply by ply. These
tests check that the counting is right and that the shipped book agrees at every ply it holds.
"""

from __future__ import annotations

import os
import runpy
import subprocess
from pathlib import Path
from typing import Any

import pytest

from fourinarow.book.build import layers
from fourinarow.search.book import Book, shipped_book_path
from tests.benchmarks.scripts import run_script

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "strong_solution.py"
SHAPE = (7, 6, 4)
PLAYED_OUT = 8
"""The plies the fast tests play out (2 s); the slow one goes to 12 (minutes)."""


@pytest.fixture(scope="module")
def script() -> dict[str, Any]:
    """The script's functions and its published table."""
    return runpy.run_path(str(SCRIPT), run_name="strong_solution")


@pytest.fixture(scope="module")
def played_out(script: dict[str, Any]) -> list[Any]:
    """Every 7x6 position played out to ``PLAYED_OUT`` stones: positions and finished per ply."""
    reached: list[Any] = script["count_positions"](*SHAPE, PLAYED_OUT)
    return reached


@pytest.fixture(scope="module")
def shipped_book() -> Book:
    path = shipped_book_path(*SHAPE)
    assert path is not None, "fourinarow ships a 7x6 connect 4 book"
    return Book.load(path)


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The script with these arguments, its output captured."""
    return run_script("strong_solution.py", *arguments, timeout=300)


def small_book(shipped: Book, path: Path, plies: int, change: dict[int, int | None]) -> Path:
    """A 7x6 book of up to ``plies`` stones with the shipped book's scores, but for ``change``
    (key: new score, or None to leave the entry out), saved to ``path``."""
    entries = {key: shipped.lookup(key) for layer in layers(*SHAPE, plies) for key in layer}
    entries.update(change)
    kept = {key: score for key, score in entries.items() if score is not None}
    Book.from_entries(*SHAPE, plies, kept).save(path)
    return path


def test_the_published_table_adds_up(script: dict[str, Any]) -> None:
    table = script["PUBLISHED"]
    assert len(table) == 43  # plies 0 to 42
    assert all(won + drawn + lost == total for won, drawn, lost, total, _ in table)
    # The sums the paper's README prints under the table, and John Tromp's count of positions.
    assert [sum(row[i] for row in table) for i in range(4)] == [
        2_317_028_267_398,
        123_343_183_724,
        2_091_613_767_970,
        4_531_985_219_092,
    ]
    # Ply 12 as quoted from the paper: wins, draws, losses for the first player, who is to move.
    assert table[12][:4] == (8_191_645, 541_825, 3_502_631, 12_236_101)


def test_the_published_counts_are_turned_to_the_side_to_move(script: dict[str, Any]) -> None:
    published = script["published"]
    # After one stone the second player is to move: the first player's 4 losses are its wins
    # (the first stone in an outer two columns on either side), 1 loss (the centre).
    assert (published(1).wins, published(1).draws, published(1).losses) == (4, 2, 1)
    # The first finished games come at ply 7 (four stones of the first player): lost for the
    # second player, who is to move, so among its losses.
    seven = published(7)
    assert (seven.wins, seven.losses, seven.finished) == (31_408, 17_507, 728)


def test_positions_played_out_match_the_published_counts(
    script: dict[str, Any], played_out: list[Any]
) -> None:
    published = script["PUBLISHED"]
    assert [(r.positions, r.finished) for r in played_out] == [
        (total, finished) for _, _, _, total, finished in published[: PLAYED_OUT + 1]
    ]


@pytest.mark.slow
def test_positions_played_out_to_12_stones_match_the_published_counts(
    script: dict[str, Any],
) -> None:
    reached = script["count_positions"](*SHAPE, 12)
    published = script["PUBLISHED"]
    assert [(r.positions, r.finished) for r in reached] == [
        (total, finished) for _, _, _, total, finished in published[:13]
    ]


def test_counting_positions_on_small_boards_by_hand(script: dict[str, Any]) -> None:
    count_positions = script["count_positions"]
    # One row of 4, two in a row wins. Ply 2: 4 * 3. Ply 3: the second player's cell (4) and two
    # of the other 3 for the first (3); finished where those two touch: 2 with the second
    # player at an end, 1 with it inside, 2 * 2 + 2 * 1 = 6. Ply 4 fills the row: the first
    # player's two stones apart (cells 1 and 3, 1 and 4, 2 and 4), 3 positions, finished the
    # one where the second player's two touch (cells 2 and 3).
    row = count_positions(4, 1, 2, 4)
    assert [(r.positions, r.finished) for r in row] == [
        (1, 0), (4, 0), (12, 0), (12, 6), (3, 1),
    ]  # fmt: skip
    # 2x2, two in a row: any two cells are in a line, so every position of 3 stones is
    # finished (6 of them, 3 and their mirror images) and play reaches none of 4.
    square = count_positions(2, 2, 2, 4)
    assert [(r.positions, r.finished) for r in square] == [
        (1, 0), (2, 0), (4, 0), (6, 6), (0, 0),
    ]  # fmt: skip


def test_the_shipped_book_agrees_with_the_published_counts_at_every_ply(
    script: dict[str, Any], shipped_book: Book, played_out: list[Any]
) -> None:
    counts = script["book_counts"](shipped_book)
    assert len(counts) == shipped_book.plies + 1 == 13
    for ply, ours in enumerate(counts):
        reached = played_out[ply] if ply <= PLAYED_OUT else None
        problems = script["compare"](ours, reached, script["published"](ply))
        assert problems == [], f"ply {ply}: {problems}"
    # The book holds no finished game: its losses at ply 12 are the published ones less the
    # 573,323 positions where the first player's last move made four.
    twelve = counts[12]
    assert (twelve.wins, twelve.draws, twelve.losses) == (8_191_645, 541_825, 2_929_308)


def test_a_deeper_book_agrees_with_the_published_counts(
    script: dict[str, Any], played_out: list[Any]
) -> None:
    path = os.environ.get("FOURINAROW_DEEP_BOOK")
    if not path:
        pytest.skip(
            "no 7x6 book deeper than the shipped one (12 stones) to check: set "
            "FOURINAROW_DEEP_BOOK to one (such as the one fourinarow book install put in the "
            "data folder) to check its plies too"
        )
    book = Book.load(path)
    book.require_shape(*SHAPE)
    counts = script["book_counts"](book)
    for ply, ours in enumerate(counts):
        reached = played_out[ply] if ply <= PLAYED_OUT else None
        problems = script["compare"](ours, reached, script["published"](ply))
        assert problems == [], f"ply {ply}: {problems}"


def test_the_script_prints_every_ply_and_exits_0_when_the_book_agrees(
    shipped_book: Book, tmp_path: Path
) -> None:
    book = small_book(shipped_book, tmp_path / "7x6c4-plies4.book", 4, {})
    result = run("--book", str(book), "--enumerate", "4")
    assert result.returncode == 0, result.stdout + result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line[:3].strip().isdigit()]
    assert [row[0] for row in rows] == ["0", "1", "2", "3", "4"]
    assert rows[4][1:7] == ["690", "200", "230", "0", "1,120", "played"]
    assert rows[4][-1] == "yes"
    assert result.stdout.splitlines()[-1] == (
        "every ply from 0 to 4 agrees with the published strong solution"
    )


def test_the_script_says_where_and_by_how_much_a_book_disagrees(
    shipped_book: Book, tmp_path: Path
) -> None:
    empty = 0  # the key of the empty board: a win for the first player, +1 in the book
    changed = small_book(shipped_book, tmp_path / "changed.book", 2, {empty: 0})
    result = run("--book", str(changed), "--enumerate", "2")
    assert result.returncode == 1
    zero = next(line for line in result.stdout.splitlines() if line.startswith("  0 "))
    assert zero.endswith("NO: wins 0 against 1 (-1); draws 1 against 0 (+1)")
    assert "1 of 3 plies disagree with the published strong solution" in result.stdout
    # An entry left out: the position is missing from the totals of its ply.
    one = next(key for key in layers(*SHAPE, 1)[1] if shipped_book.lookup(key) == 1)
    missing = small_book(shipped_book, tmp_path / "missing.book", 2, {one: None})
    result = run("--book", str(missing), "--enumerate", "2")
    assert result.returncode == 1
    line = next(line for line in result.stdout.splitlines() if line.startswith("  1 "))
    assert "wins 2 against 4 (-2)" in line
    assert "positions 5 against 7 (-2)" in line


def test_the_script_refuses_a_book_for_another_board(tmp_path: Path) -> None:
    other = tmp_path / "6x7c4.book"
    Book.from_entries(6, 7, 4, 0, {0: 1}).save(other)
    result = run("--book", str(other))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "is for 6x7 connect 4, not for 7x6 connect 4" in result.stderr
