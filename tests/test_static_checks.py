"""Lint (ruff check, ruff format --check) and type checks (mypy --strict, as pyproject.toml
configures it) are steps of CI of their own, as the tests, the manual and the slow tests are:
``.ci/run`` runs each one, and README.md and CONTRIBUTING.md say how to run them. These tests
check that the steps are there and that the pages name the commands the steps run; the checks
themselves run in their steps, not here."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CI = ROOT / ".ci" / "run"

EXTRAS_TYPED = ("pygame", "matplotlib", "ray", "rich", "gymnasium", "numpy")
"""The optional packages whose types mypy reads where the code uses them."""

LINT = ("python -m ruff check .", "python -m ruff format --check .")
TYPES = "python -m mypy"
SLOW = "python -m pytest -n auto -p no:cacheprovider -m slow"


def section(text: str, heading: str) -> str:
    """The text of a Markdown section, from its heading to the next heading of its level."""
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    end = text.find(f"\n{level} ", start + 1)
    return text[start : end if end != -1 else len(text)]


def quick_start_test_command() -> str:
    """README's Quick start line that runs pytest, as .ci/run reads it."""
    quick_start = section((ROOT / "README.md").read_text(), "## Quick start")
    return next(line for line in quick_start.splitlines() if "pytest" in line)


def step_command(name: str) -> str:
    """The line of shell .ci/run runs for a step (its lines joined)."""
    text = CI.read_text().replace("\\\n", "")
    found = re.search(rf'step {name} "(?P<command>[^"]*)"', text)
    assert found is not None, f".ci/run has no step {name}"
    return found["command"]


def test_ci_runs_lint_and_types_as_steps_of_their_own() -> None:
    assert step_command("lint") == " && ".join(LINT)
    types = step_command("types")
    assert types.endswith(f"&& {TYPES}")
    imported = re.search(r"import ([\w, ]+)'", types)
    assert imported is not None
    assert tuple(imported[1].split(", ")) == EXTRAS_TYPED  # missing: an error, not a skip
    assert step_command("slow") == SLOW
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["strict"] is True
    assert {"src/fourinarow", "tests", "examples"} <= set(mypy["files"])


def test_ci_runs_readme_s_test_command_without_the_slow_tests() -> None:
    command = quick_start_test_command()
    install, tests = command.split(" && ")
    assert install == 'python -m pip install -e ".[test]"'
    assert tests == 'python -m pytest -n auto -m "not slow"'
    assert 'step tests "$tests"' in CI.read_text()


def test_ci_names_its_steps_and_refuses_an_unknown_one() -> None:
    result = subprocess.run(
        ["bash", str(CI), "nothing"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        ".ci/run: unknown step 'nothing': the steps are tests, lint, types, docs, slow\n"
    )


def test_readme_and_contributing_say_how_to_run_each_step() -> None:
    readme = section((ROOT / "README.md").read_text(), "## Quick start")
    assert readme.count("```sh") == 1
    commands = readme.split("```sh\n")[1].split("```")[0].splitlines()
    assert len(commands) == 2  # the game, and the suite
    for words in ("slow tests", "ruff", "mypy", "`--strict`", "`.ci/run`"):
        assert words in readme, words
    test = section((ROOT / "CONTRIBUTING.md").read_text(), "## Test")
    for command in (quick_start_test_command().split(" && ")[1], *LINT, TYPES, SLOW, ".ci/run"):
        shown = command.replace("python -m ruff", "ruff").replace("python -m mypy", "mypy")
        shown = shown.replace(" -p no:cacheprovider", "")
        assert shown in test, command
