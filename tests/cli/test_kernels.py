"""Whether the compiled kernels are in use, said where a user sees it: ``--version``, and a
one-line note when ``solve``, ``analyze`` or ``play`` start their searches in pure Python.

An install without a C compiler is stood in for by hiding the compiled kernels from this
process (``sys.modules`` holding ``None`` for them makes their import fail, as when they were
never built); tests/test_install.py builds such an install for real.
"""

from __future__ import annotations

import json
import sys
import sysconfig
from pathlib import Path

import pytest

from fourinarow import __version__
from fourinarow.search.solver import compiled_kernel_available
from tests.cli.conftest import Run

KERNELS = (
    "fourinarow.search._solver_kernel",
    "fourinarow.search._solver_kernel128",
    "fourinarow.search._heuristic_kernel",
    "fourinarow.search._heuristic_kernel128",
)

NOTE = "note: the compiled solver kernels are not installed"

needs_kernels = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernels are not built here"
)


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as if installed without a C compiler: no compiled kernel imports."""
    for name in KERNELS:
        monkeypatch.setitem(sys.modules, name, None)
    assert not compiled_kernel_available()


@needs_kernels
def test_version_says_the_compiled_kernels_are_in_use() -> None:
    import subprocess

    script = Path(sysconfig.get_path("scripts")) / "fourinarow"
    result = subprocess.run(
        [str(script), "--version"], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0
    assert result.stdout == f"fourinarow {__version__} (compiled solver kernels)\n"


@pytest.mark.usefixtures("pure_python")
def test_version_says_when_the_solver_runs_in_pure_python(run: Run) -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout == (
        f"fourinarow {__version__} (pure Python: no C compiler at install; the solver is "
        "100-200x slower)\n"
    )


@pytest.mark.usefixtures("pure_python")
@pytest.mark.parametrize(
    ("args", "output"),
    [
        (["solve", "4455"], "4455 18\n"),
        (["solve", "--json", "4455"], None),
        (["analyze", "--json", "--time-ms", "0", "4455"], None),
        (["play", "--opponent", "simple", "--seed", "1"], None),
    ],
)
def test_a_search_in_pure_python_is_noted_once_on_standard_error(
    run: Run, args: list[str], output: str | None
) -> None:
    result = run(*args, stdin="q\n")
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(NOTE) == 1
    assert result.stderr.startswith(f"fourinarow {args[0]}: {NOTE}")
    assert result.stderr.count("\n") == 1
    assert NOTE not in result.stdout
    if output is not None:
        assert result.stdout == output
    if "--json" in args:
        json.loads(result.stdout)  # one JSON record, the note not in it


@pytest.mark.usefixtures("pure_python")
@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--size", "20x20", "--connect", "5", "--time-ms", "0", "-"],  # too large
        ["play", "--human-vs-human"],  # no search
        ["move", "--time-ms", "0", "4455"],  # for programs: its output is all they read
        ["solve", "99"],  # bad input: its one line only
    ],
)
def test_no_note_where_the_kernels_would_not_have_served(run: Run, args: list[str]) -> None:
    assert NOTE not in run(*args, stdin="q\n").stderr


@needs_kernels
def test_no_note_with_the_compiled_kernels(run: Run) -> None:
    assert NOTE not in run("solve", "4455").stderr
