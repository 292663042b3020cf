"""Running a script of ``benchmarks/`` as a user does: a new process, its output captured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def run_script(
    name: str, *arguments: str, cache: Path | None = None, timeout: float = 600
) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/NAME ARGUMENTS...``; with ``cache``, c4 builds go under it (the
    scripts' own cache folder, found through ``XDG_CACHE_HOME`` set to its parent)."""
    environment = dict(os.environ)
    if cache is not None:
        environment["XDG_CACHE_HOME"] = str(cache.parent)
    return subprocess.run(
        [sys.executable, str(BENCHMARKS / name), *arguments],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=environment,
    )
