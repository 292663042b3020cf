"""ruff (lint and format) and mypy --strict, as configured in pyproject.toml, must be clean."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

EXTRAS_TYPED = ("pygame", "matplotlib", "ray", "rich", "gymnasium", "numpy")
"""The optional packages whose types mypy reads where the code uses them."""


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy"],
    ],
    ids=["ruff-check", "ruff-format", "mypy"],
)
def test_static_check_is_clean(command: list[str]) -> None:
    missing = [name for name in EXTRAS_TYPED if importlib.util.find_spec(name) is None]
    if command == ["mypy"] and missing:
        pytest.skip(
            "mypy checks the code against the extras' types, and these are not installed: "
            f"{', '.join(missing)} (pip install -e '.[test]')"
        )
    result = subprocess.run(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
