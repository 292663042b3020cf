"""benchmarks/wide_boards.py: the compiled and pure-Python solvers on boards of 65 to 128 bits,
in a tiny run, and its refusals."""

from __future__ import annotations

import pytest

from tests.benchmarks.scripts import run_script

try:
    import fourinarow.search._solver_kernel128  # noqa: F401

    BUILT = True
except ImportError:
    BUILT = False


@pytest.mark.skipif(not BUILT, reason="the compiled kernel on 128-bit words is not built")
def test_a_tiny_run_prints_a_row_per_position_with_the_same_nodes_and_score() -> None:
    result = run_script(
        "wide_boards.py", "--shapes", "9x7c5:20,13x4c4:20", "--positions", "2",
        "--min-nodes", "500", "--max-nodes", "5000", "--repeat", "2", "--table-bits", "16",
        timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("before: load average ")
    assert lines[0].endswith("tables 2**16 slots each, medians of 2 solve(s), CPU time")
    assert lines[1].split(" | ")[1:3] == ["nodes, compiled", "nodes, Python"]
    rows = [line.strip("| ").split(" | ") for line in lines[3:7]]
    assert [row[0].split(" (")[0] for row in rows] == [
        "9x7c5 #1", "9x7c5 #2", "13x4c4 #1", "13x4c4 #2",
    ]  # fmt: skip
    for row in rows:
        assert 500 <= int(row[1].replace(",", "")) <= 5000
        assert row[2] == "same"
        assert int(row[3]) in range(-33, 34)
    moves = lines[7:11]
    assert [line.split(": ")[0] for line in moves] == [row[0] for row in rows]
    assert lines[-1].startswith("after: load average ")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--shapes", "9x7"], "--shapes takes WxHcN:E items such as 9x7c5:24, not '9x7'"),
        (["--shapes", "7x6c4:10"], "7x6c4:10 is not a board of 65 to 128 bits"),
        (["--shapes", "11x11c4:10"], "11x11c4:10 is not a board of 65 to 128 bits"),
        (["--repeat", "0"], "--positions and --repeat are at least 1"),
    ],
)
def test_bad_arguments_say_what_is_accepted(arguments: list[str], message: str) -> None:
    result = run_script("wide_boards.py", *arguments, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr
