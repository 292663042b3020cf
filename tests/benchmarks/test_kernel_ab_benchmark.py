"""benchmarks/kernel_ab.py compares a saved kernel build with the current one, node for node."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.search.solver import compiled_kernel_available
from tests.benchmarks.scripts import run_script

needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)


@needs_kernel
def test_a_build_against_itself_searches_the_same_nodes() -> None:
    import fourinarow.search._solver_kernel as kernel

    result = run_script(
        "kernel_ab.py", "--base", str(kernel.__file__), "--sets", "middle-medium",
        "--every", "100", "--empty", "4x4",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("load average before: ")
    assert lines[1].startswith("load average after: ")
    rows = {line.split()[0]: line.split() for line in lines[3:]}
    assert set(rows) == {"middle-medium", "empty"}
    medium = rows["middle-medium"]
    assert medium[1] == "10"
    assert medium[2] == medium[3]  # the same nodes
    assert medium[4] == "1.000"
    assert rows["empty"][3] == rows["empty"][4]  # "empty 4x4": one column more


def test_bad_arguments_are_one_line_each(tmp_path: Path) -> None:
    for arguments, message in [
        (["--base", str(tmp_path / "none.so")], f"--base: no file {tmp_path / 'none.so'}"),
        (["--base", __file__, "--sets", "begin-impossible"], "--sets: begin-impossible unknown"),
        (["--base", __file__, "--empty", "9x7"], "--empty: 9x7 over 64 bits"),
    ]:
        result = run_script("kernel_ab.py", *arguments)
        assert result.returncode == 2
        assert message in result.stderr
        assert "Traceback" not in result.stderr
