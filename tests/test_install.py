"""Installing the package: without a C compiler it still installs and searches in pure Python.

The slow test installs a copy of this checkout into a new virtual environment the way a user
would (``pip install``, with the isolated build fetching setuptools and Cython), but with a C
compiler that always fails, then runs the real command and library of that environment.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from fourinarow.agents.base import Limit
from fourinarow.agents.registry import make_agent
from fourinarow.core import Board
from fourinarow.search.solver import compiled_kernel_available
from fourinarow.service.records import score_record

ROOT = Path(__file__).resolve().parents[1]

# Positions and their exact scores: README's two examples and three End-Easy benchmark lines.
SCORES = {
    "4455": 18,
    "44455554221": -15,
    "2252576253462244111563365343671351441": -1,
    "7422341735647741166133573473242566": 1,
    "23163416124767223154467471272416755633": 0,
}

# What the scratch environment runs through its own library (printed as one JSON object).
LIBRARY_CHECK = """
import json, sys
import fourinarow
from fourinarow.core import Board
from fourinarow.search.engine_search import Engine
from fourinarow.search.heuristic import HeuristicSearch
from fourinarow.search.solver import Solver, compiled_kernel_available
positions = json.loads(sys.argv[1])
solver = Solver(book=False)
print(json.dumps({
    "package": fourinarow.__file__,
    "compiled": compiled_kernel_available(),
    "solver": solver.backend_for(Board(7, 6)),
    "heuristic": HeuristicSearch(7, 6, 4, "window").backend,
    "engine": Engine(7, 6, 4).backend,
    "scores": {p: solver.solve(Board.from_moves(p)).score for p in positions},
}))
"""


def test_the_kernels_are_built_where_a_c_compiler_is_found() -> None:
    """The fallback must not hide a kernel that failed to build where it should have."""
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not compiler or shutil.which(compiler[0]) is None:
        pytest.skip("no C compiler found, so the searches run in pure Python")
    assert compiled_kernel_available(), (
        "a C compiler is installed but the compiled kernels are not built: run "
        "`pip install -e .` or `python setup.py build_ext --inplace`"
    )


def copy_sources(destination: Path) -> Path:
    """Copy what a build reads (no compiled kernels, generated C, build or book directories)."""
    destination.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, destination / name)
    ignore = shutil.ignore_patterns(
        "*.so", "*.pyd", "*.c", "*.egg-info", "__pycache__", "*.partial", "build"
    )
    shutil.copytree(ROOT / "src", destination / "src", ignore=ignore)
    assert not [*destination.rglob("*.so"), *destination.rglob("*.pyd")]
    return destination


def clean_environment(**extra: str) -> dict[str, str]:
    """This process's environment without what would import the checkout instead of the install."""
    drop = ("PYTHONPATH", "PYTHONHOME", "FOURINAROW_BENCH_DIR")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    return {**env, **extra}


def build_requirements() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        requires: list[str] = tomllib.load(file)["build-system"]["requires"]
    return requires


def make_venv(path: Path) -> str:
    """A new virtual environment with pip; skips the test where ``venv`` cannot make one."""
    result = subprocess.run(
        [sys.executable, "-m", "venv", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    python = path / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if result.returncode != 0 or not python.exists():
        pytest.skip(f"cannot create a virtual environment with pip: {result.stderr.strip()}")
    return str(python)


def fetch_build_requirements(python: str, tmp_path: Path) -> None:
    """Skip the test unless pip can fetch the build requirements (PyPI or a configured index)."""
    download = ["download", "--quiet", "--no-deps", "--only-binary", ":all:"]
    result = subprocess.run(
        [python, "-m", "pip", *download, "--dest", str(tmp_path / "wheels"), *build_requirements()],
        capture_output=True,
        text=True,
        timeout=180,
        env=clean_environment(),
        check=False,
    )
    if result.returncode != 0:
        lines = result.stderr.strip().splitlines() or ["no output"]
        pytest.skip(f"pip cannot fetch the build requirements (no network?): {lines[-1]}")


@pytest.mark.slow
def test_without_a_c_compiler_the_package_installs_and_searches_in_pure_python(
    tmp_path: Path,
) -> None:
    python = make_venv(tmp_path / "venv")
    fetch_build_requirements(python, tmp_path)
    source = copy_sources(tmp_path / "checkout")
    failing = shutil.which("false") or "false"
    install = subprocess.run(
        [python, "-m", "pip", "install", "--verbose", str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_environment(CC=failing, CXX=failing, LDSHARED=failing),
        check=False,
    )
    output = install.stdout + install.stderr
    assert install.returncode == 0, output[-3000:]
    assert "fourinarow: could not compile fourinarow.search._solver_kernel" in output
    assert "the searches will run in pure Python" in output

    def run(*args: str) -> str:
        result = subprocess.run(
            [python, *args],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            env=clean_environment(),
            check=False,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    library = json.loads(run("-c", LIBRARY_CHECK, json.dumps(list(SCORES))))
    package = Path(library["package"]).parent
    assert package.is_relative_to(tmp_path / "venv")
    assert not [*package.rglob("*.so"), *package.rglob("*.pyd")]
    assert library["compiled"] is False
    assert (library["solver"], library["heuristic"], library["engine"]) == ("python",) * 3
    assert library["scores"] == SCORES

    solved = run("-m", "fourinarow", "solve", "--no-book", *SCORES).splitlines()
    assert solved == [f"{position} {score}" for position, score in SCORES.items()]
    analyzed = run("-m", "fourinarow", "analyze", "44455554221", "--time-ms", "60000")
    assert analyzed.split() == ["-15"] * 7

    # The standard sets ship in the package: a set's name works from a plain install.
    reviewed = run(
        "-m", "fourinarow", "review", "--agent", "random", "--positions", "end-easy",
        "--count", "2",
    ).splitlines()  # fmt: skip
    assert reviewed[1] == "Standard sets: fourinarow's own sets (shipped with the package)"
    assert reviewed[4].split()[:2] == ["End-Easy", "2"]

    # A heuristic agent finds the same move, score and node count as in this process.
    moved = json.loads(
        run(
            "-m",
            "fourinarow",
            "move",
            "4453",
            "--agent",
            "alphabeta",
            "--json",
            "--time-ms",
            "60000",
        )
    )
    here = make_agent("alphabeta").choose(Board.from_moves("4453"), Limit(time=60))
    assert (moved["column"], moved["score"], moved["depth"], moved["nodes"]) == (
        here.column + 1,
        None if here.score is None else score_record(here.score),
        here.depth,
        here.nodes,
    )
