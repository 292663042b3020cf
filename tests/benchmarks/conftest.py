"""Fixtures for the benchmark scripts' tests: a c4 checkout and one build cache for them all."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture
def c4_checkout() -> Path:
    """The c4 checkout named by FOURINAROW_C4_DIR; skips without it or without g++."""
    if shutil.which("g++") is None:
        pytest.skip("no g++ on PATH to build c4 with")
    named = os.environ.get("FOURINAROW_C4_DIR")
    if not named:
        pytest.skip(
            "no c4 checkout: set FOURINAROW_C4_DIR to a clone of "
            "https://github.com/ChristopheSteininger/c4"
        )
    return Path(named)


@pytest.fixture(scope="session")
def c4_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for every c4 build of the session, so a build is made once (about 25 s): the
    scripts' own when they run with ``XDG_CACHE_HOME`` set to its parent."""
    return tmp_path_factory.mktemp("c4-builds") / "fourinarow-bench"
