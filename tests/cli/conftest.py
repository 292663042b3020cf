"""Helpers to run the real ``fourinarow`` command in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def run() -> Run:
    """Run ``python -m fourinarow ARGS`` and return the completed process (text mode)."""

    def _run(
        *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "fourinarow", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, **(env or {})},
            check=False,
        )

    return _run
