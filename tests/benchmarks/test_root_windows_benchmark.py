"""benchmarks/root_windows.py replays a solve's root tests under other rules, node for node."""

from __future__ import annotations

import pytest

from fourinarow.search.solver import compiled_kernel_available
from tests.benchmarks.scripts import run_script

needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)


@needs_kernel
def test_halving_searches_what_the_solver_searches_and_every_rule_is_exact() -> None:
    import fourinarow.search._solver_kernel as compiled

    result = run_script(
        "root_windows.py", "--sets", "middle-medium", "--sample", "5", "--empty", "4x4",
        "--rules", "halving,zero:5,middle,cost:8,mtd:4,known", "--tt-mb", "16",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[3:]]
    empty = {row[3]: int(row[4].replace(",", "")) for row in rows if row[0] == "empty"}
    assert list(empty) == ["halving", "zero:5", "middle", "cost:8", "mtd:4", "known"]
    kernel = compiled.Kernel(4, 4, 4, 21)
    kernel.clear()
    kernel.reset_nodes()
    assert kernel.solve(0, 0, 0, False) == (0, 0)
    assert empty["halving"] == kernel.nodes
    assert empty["known"] <= empty["halving"]
    medium = [row for row in rows if row[0] == "Middle-Medium"]
    assert [row[1] for row in medium] == ["5"] * 6


@needs_kernel
def test_the_tests_are_printed_when_asked() -> None:
    result = run_script(
        "root_windows.py", "--sets", "none", "--empty", "4x4", "--rules", "halving,known",
        "--tt-mb", "16", "--tests",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if " tests " in line]
    assert [line.split()[2] for line in lines] == ["halving", "known"]
    known = lines[1].split("tests ")[1].split()
    assert [test.split(":")[:2] for test in known] == [["0", "0"], ["-1", "0"]]


def test_bad_arguments_are_one_line_each() -> None:
    for arguments, message in [
        (["--rules", "halving,sideways:3"], "--rules: sideways:3 is not a rule"),
        (["--rules", "halving:3"], "--rules: halving takes no :W"),
        (["--sets", "begin-impossible"], "--sets: begin-impossible unknown"),
        (["--sample", "x"], "--sample: x is not whole numbers"),
        (["--sets", "begin-hard,begin-medium", "--sample", "1,2,3"], "--sample: one number"),
        (["--empty", "9x7"], "--empty: 9x7 over 64 bits"),
    ]:
        result = run_script("root_windows.py", *arguments)
        assert result.returncode == 2, arguments
        assert message in result.stderr
        assert "Traceback" not in result.stderr
