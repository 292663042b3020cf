"""``fourinarow solve``: arguments, standard input, formats, bad lines; Ctrl-C in a real
process."""

from __future__ import annotations

import json
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.search.solver import Solver
from tests.cli.conftest import Run
from tests.cpu_time import wait_for_cpu_seconds


def test_positions_from_arguments_print_position_and_score(run: Run) -> None:
    result = run("solve", "4455", "44455554221")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["4455 18", "44455554221 -15"]


def test_positions_from_standard_input_as_in_the_benchmark_files(run: Run) -> None:
    result = run("solve", "--weak", stdin="4455 18\n44455554221 -15\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["4455 1", "44455554221 -1"]


def test_an_empty_line_or_a_dash_is_the_empty_board(run: Run) -> None:
    result = run("solve", "--size", "5x4", stdin="\n-\n3\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:2] == ["- 0", "- 0"]  # Tromp: 5x4 is a draw
    assert lines[2].startswith("3 ")


def test_bad_lines_are_reported_with_their_number_and_the_rest_is_solved(run: Run) -> None:
    text = "4455\n44x5\n4444444\n1212121\n44455554221\n"
    result = run("solve", stdin=text)
    assert result.returncode == 2
    assert result.stdout.splitlines() == ["4455 18", "44455554221 -15"]
    errors = result.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith("fourinarow solve: error: line 2: ")
    assert "'x'" in errors[0]
    assert errors[1].startswith("fourinarow solve: error: line 3: ")
    assert "column 4 is full" in errors[1]
    assert errors[2].startswith("fourinarow solve: error: line 4: ")
    assert "the game is over" in errors[2]
    assert "Traceback" not in result.stderr


def test_a_bad_position_argument_is_an_error_like_a_bad_option(run: Run) -> None:
    result = run("solve", "4455", "99")
    assert result.returncode == 2
    assert result.stdout.splitlines() == ["4455 18"]
    assert result.stderr.splitlines() == [
        "fourinarow solve: error: argument 2: move 1 of '99' is column 9, out of range: "
        "moves are the numbers 1-7"
    ]


DIAGRAM = "......./......./......./......./...O.../..OXX.."  # 4453, as the tutorial draws it


def test_grid_reads_each_position_as_a_diagram_of_its_own_shape(run: Run) -> None:
    """As ``show --grid`` and ``analyze --grid``: from the arguments or, a line each, from
    standard input; the line gives the position as moves, with the same score."""
    small = "..../..../..X./.OX."  # 4x4: its own shape, as --size is not given
    result = run("solve", "--grid", DIAGRAM, small)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == ["4354 -2", "323 0"]
    assert Board.from_diagram(DIAGRAM) == Board.from_moves("4453")
    piped = run("solve", "--grid", "--analyze", stdin=f"{DIAGRAM}\n")
    assert piped.stdout == run("solve", "--analyze", "4354").stdout


def test_grid_refuses_a_diagram_of_another_size_than_size(run: Run) -> None:
    result = run("solve", "--grid", "--size", "7x6", "..../..X.")
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow solve: error: argument 1: --grid: the diagram is 4x2 (4 columns, 2 rows) "
        "but --size is 7x6: give a diagram of 7x6, or leave out --size to read the diagram's "
        "shape\n"
    )


def test_analyze_prints_every_column_with_a_marker_for_full_ones(run: Run) -> None:
    # End-Easy position whose columns 1, 2, 3 and 7 are full; its score is -4.
    position = "37342133236232526427711116166777"
    result = run("solve", "--analyze", position)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [position, "-", "-", "-", "-5", "-4", "-5", "-"]


def test_json_gives_score_best_moves_nodes_and_time(run: Run) -> None:
    result = run("solve", "--json", "4455", "445566")
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["position"] == "4455"
    assert first["score"] == 18
    assert first["exact"] is True
    assert first["best_moves"]  # the columns that keep a win in 18
    assert isinstance(first["nodes"], int)
    assert first["time_ms"] >= 0
    assert second["score"] == (42 + 1 - 6) // 2
    assert second["best_moves"] == [3, 7]


def test_json_nodes_count_the_search_for_the_best_moves(run: Run) -> None:
    board = Board.from_moves("21314444", width=4, height=4)  # the book gives its score at once
    solver = Solver(threads=1)
    solution = solver.solve(board)
    solver.best_moves(board, solution=solution)
    result = run("solve", "--size", "4x4", "--threads", "1", "--json", "21314444")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["best_moves"] == [2]
    assert record["nodes"] == solution.nodes + solver.last_nodes > solution.nodes


def test_a_time_limit_prints_bounds_never_a_guess(run: Run) -> None:
    result = run("solve", "--no-book", "--time-ms", "30", "4")
    assert result.returncode == 0, result.stderr
    position, value = result.stdout.split()
    assert position == "4"
    low, high = (int(v) for v in value.split(".."))
    assert low <= -1 <= high  # the exact score is -1
    limited = json.loads(run("solve", "--no-book", "--json", "--max-nodes", "5000", "4").stdout)
    assert limited["exact"] is False
    assert limited["score"] is None
    assert limited["lower"] <= -1 <= limited["upper"]


def test_other_shapes_and_connect_lengths(run: Run) -> None:
    result = run("solve", "--size", "4x4", "--weak", "-")
    assert result.stdout.strip() == "- 0"  # Tromp: 4x4 is a draw
    wide = run("solve", "--size", "10x4", "10,9,10,9,10,9")  # wins at once in column 10
    assert wide.returncode == 0, wide.stderr
    assert wide.stdout.strip() == f"10,9,10,9,10,9 {(40 + 1 - 6) // 2}"
    three = run("solve", "--size", "5x4", "--connect", "3", "--json", "3")
    assert json.loads(three.stdout)["exact"] is True


def test_bad_options_exit_2_with_one_line(run: Run) -> None:
    for args, message in [
        (["solve", "--size", "7x0", "4"], "height 0 is out of range"),
        (["solve", "--tt-mb", "0", "4"], "argument --tt-mb: 0 is too small: it must be above 0"),
        (["solve", "--tt-mb", "1048576", "4"], "more than this machine's memory"),
        (["solve", "--time-ms", "-5", "4"], "argument --time-ms: -5 is below 0"),
        (
            ["solve", "--max-nodes", "lots", "4"],
            "argument --max-nodes: 'lots' is not a whole number",
        ),
        (["solve", "--threads", "0", "4"], "argument --threads: 0 is below 1"),
        (["solve", "--threads", "65", "4"], "argument --threads: 65 is above 64"),
    ]:
        result = run(*args)
        assert result.returncode == 2
        assert message in result.stderr
        assert "Traceback" not in result.stderr


def test_threads_give_the_same_scores(run: Run) -> None:
    positions = ["4455", "44455554221", "32751571231557"]
    one = run("solve", "--no-book", *positions)
    two = run("solve", "--no-book", "--threads", "2", *positions)
    assert two.returncode == 0, two.stderr
    assert two.stdout == one.stdout


@pytest.mark.parametrize("threads", ["1", "2"])
def test_ctrl_c_stops_a_long_solve_at_once(threads: str) -> None:
    process = subprocess.Popen(
        # The empty board without the book: minutes.
        [sys.executable, "-m", "fourinarow", "solve", "--no-book", "--threads", threads, "-"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_cpu_seconds(process.pid, 1.0)  # past start-up (about 0.4 s): solving
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=10)
    finally:
        process.kill()  # if it did not stop, do not leave it solving through the other tests
        process.wait()
    assert process.returncode == 130
    assert "Traceback" not in stderr


def test_a_tampered_cache_copy_of_the_shipped_book_is_caught(run: Run, tmp_path: Path) -> None:
    """Scores altered in the uncompressed copy (same size, same header, its own CRC-32
    recomputed) never reach an answer: the copy fails the book's digest, the command warns in
    one line and writes it again."""
    cache = {"FOURINAROW_CACHE": str(tmp_path)}
    assert run("solve", "4455", env=cache).stdout.split() == ["4455", "18"]  # writes the copy
    (copy,) = tmp_path.glob("*.entries")
    data = bytearray(copy.read_bytes())
    count = (len(data) - 24) // 9
    scores = data[24 + 8 * count :]
    data[24 + 8 * count :] = bytes((256 - b) % 256 for b in scores)  # every score negated
    struct.pack_into("=I", data, 20, zlib.crc32(data[24:]))  # the copy's own checksum agrees
    copy.unlink()
    copy.write_bytes(data)
    result = run("solve", "4455", "-", env=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["4455", "18", "-", "1"]  # the truth, not the tampered copy
    warning = result.stderr.strip().splitlines()
    assert len(warning) == 1
    assert "cached copy of the book 7x6c4.book is damaged" in warning[0]
    info = run("book", "info", "shipped", "--verify", "2", env=cache)
    assert info.returncode == 0, info.stderr
    assert "entries verified against the book's digest" in info.stdout
    assert "2 of 2 re-solved entries agree" in info.stdout


def test_an_unusable_cache_copy_path_costs_one_warning_line_and_leaves_nothing(
    run: Run, tmp_path: Path
) -> None:
    """The copy's name taken by a directory: the command answers from the book itself, warns
    in one line, and leaves no partial copy (83 MB) behind."""
    cache = {"FOURINAROW_CACHE": str(tmp_path)}
    assert run("solve", "44", env=cache).returncode == 0  # writes the copy
    (copy,) = tmp_path.glob("*.entries")
    copy.unlink()
    copy.mkdir()
    result = run("solve", "4455", env=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["4455", "18"]
    warning = result.stderr.strip().splitlines()
    assert len(warning) == 1
    assert f"{copy}: cannot keep an uncompressed copy" in warning[0]
    assert "(Is a directory); reading the book without one" in warning[0]
    assert [p.name for p in tmp_path.iterdir()] == [copy.name]
