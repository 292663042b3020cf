"""A book build's size is known before it starts, and one beyond the machine is refused at once,
in one line, with nothing written; small builds go on as before."""

from __future__ import annotations

import multiprocessing
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from fourinarow.book.build import build_book, layers
from fourinarow.book.estimate import (
    MAX_BUILD_DAYS,
    BuildTooLargeError,
    estimate_build,
    layer_sizes,
)
from fourinarow.core.machine import available_cores, free_memory_bytes
from fourinarow.search.book import BookError

STRONG_SOLUTION = Path(__file__).resolve().parents[2] / "benchmarks" / "strong_solution.py"


@pytest.mark.parametrize(("shape", "plies"), [((5, 4, 4), 8), ((4, 4, 4), 15), ((6, 5, 4), 5)])
def test_the_first_layers_are_counted_exactly(shape: tuple[int, int, int], plies: int) -> None:
    exact = [len(layer) for layer in layers(*shape, plies)]
    estimated = layer_sizes(*shape, plies)
    assert list(estimated[:6]) == exact[:6]  # the first layers, counted
    assert all(guess >= real for guess, real in zip(estimated, exact, strict=True))


def test_7x6_is_close_to_the_published_counts_where_builds_are_made_and_above_beyond() -> None:
    published = runpy.run_path(str(STRONG_SOLUTION), run_name="strong_solution")["PUBLISHED"]
    estimated = layer_sizes(7, 6, 4, len(published) - 1)
    for ply, row in enumerate(published):
        total, finished = row[3], row[4]
        # A book holds the positions nobody has won, a position and its mirror image once.
        folded_at_least = (total - finished) / 2
        assert estimated[ply] >= 0.98 * folded_at_least, ply
        if 2 <= ply <= 12:
            assert estimated[ply] <= 1.1 * folded_at_least + 1, ply
        else:
            assert estimated[ply] >= folded_at_least, ply


def test_a_build_far_beyond_any_machine_is_refused_with_its_size() -> None:
    estimate = estimate_build(7, 6, 4, 30)
    assert estimate.positions > 10**12
    assert estimate.days > MAX_BUILD_DAYS
    problem = estimate.problem(free_memory_bytes())
    assert problem is not None
    assert problem.startswith("about 3.0e12 positions (1.1e12 of 30 stones to solve) take about")
    assert "of memory" in problem
    assert "of CPU time" in problem


def test_small_builds_are_not_refused() -> None:
    for shape, plies in (((4, 4, 4), 15), ((5, 4, 4), 8), ((7, 6, 4), 2), ((7, 6, 4), 8)):
        assert estimate_build(*shape, plies, tt_mb=4).problem(None) is None, (shape, plies)


def test_more_workers_divide_the_time_and_add_their_tables() -> None:
    one = estimate_build(7, 6, 4, 8, workers=1, tt_mb=128)
    four = estimate_build(7, 6, 4, 8, workers=4, tt_mb=128)
    assert four.days == pytest.approx(one.days / 4)
    assert four.memory - one.memory >= 3 * 128 * 2**20
    cluster = estimate_build(7, 6, 4, 8, workers=4, tt_mb=128, tables_here=False)
    assert cluster.memory < one.memory


@pytest.mark.parametrize(("shape", "plies"), [((7, 6, 4), 30), ((8, 7, 4), 40), ((8, 7, 4), 12)])
def test_the_library_refuses_before_writing_anything(
    tmp_path: Path, shape: tuple[int, int, int], plies: int
) -> None:
    with pytest.raises(BuildTooLargeError) as error:
        build_book(tmp_path / "x.book", *shape, plies)
    assert isinstance(error.value, BookError)
    assert str(error.value).startswith(f"{shape[0]}x{shape[1]} connect 4 up to {plies} stones: ")
    assert str(error.value).endswith("; give fewer plies, or check_size=False to build anyway")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [["--plies", "30"], ["--plies", "40", "--size", "8x7"], ["--plies", "14", "--size", "8x7"]],
)
def test_the_command_refuses_in_one_line_with_exit_2_and_no_folder(
    tmp_path: Path, args: list[str]
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fourinarow", "book", "build", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,  # a hang guard: the refusal comes before any layer is built
        check=False,
    )
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith("fourinarow book: error: ")
    assert " positions (" in result.stderr
    assert "of memory" in result.stderr
    assert result.stderr.endswith("; give fewer --plies, or --yes to build anyway\n")
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_yes_goes_past_the_estimate(tmp_path: Path) -> None:
    """With --yes the build is not estimated: the next check, of its output, is the one that
    stops this one (a book's path taken by a folder), before any position is found."""
    (tmp_path / "taken").mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "fourinarow", "book", "build", "--plies", "30", "--yes",
         "--out", str(tmp_path / "taken")],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert "positions (" not in result.stderr
    assert "it is a directory" in result.stderr


def test_a_thousand_workers_start_no_more_processes_than_cores(tmp_path: Path) -> None:
    running: list[int] = []
    build_book(
        tmp_path / "x.book",
        5,
        4,
        4,
        4,
        workers=1000,
        chunk_size=8,
        tt_mb=4,
        progress=lambda *_: running.append(len(multiprocessing.active_children())),
    )
    assert running
    assert max(running) <= available_cores()
