"""Settings for the whole suite."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile

import pytest

# The shipped book's uncompressed copy (see Book.load) goes to a directory of this run, not
# to the user's cache; subprocesses inherit the setting.
os.environ["FOURINAROW_CACHE"] = tempfile.mkdtemp(prefix="fourinarow-cache-")
# Likewise the user's data folder: books the user installed (fourinarow book install) would
# otherwise become the default books of their shapes in every test.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="fourinarow-data-")

# A job started in the background by a non-interactive shell (`cmd &` in a script, as CI runners
# may do) starts with Ctrl-C ignored, and the programs the tests start would inherit that and
# never see the SIGINT the Ctrl-C tests send. A handler of our own is reset to the default in
# each child program, which then turns Ctrl-C into KeyboardInterrupt as usual.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


SHARED_BUILDS = {"kaggle_python": "kaggle-venv", "c4_cache": "c4-builds"}
"""Session fixtures that build something for minutes, and the xdist group of their tests: under
``-n`` (pytest-xdist, ``--dist loadgroup``) each worker has sessions of its own, so the tests
that use one of these run on one worker, which builds it once."""


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put each test that uses a shared build into that build's xdist group."""
    for item in items:
        for fixture, group in SHARED_BUILDS.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture(scope="session")
def kaggle_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A Python with kaggle-environments installed, in a virtual environment of its own (its
    pins clash with the suite's gymnasium, pettingzoo and open_spiel): made once a session, for
    the tests that play in Kaggle's own ConnectX harness. Slow: the install takes minutes."""
    from tests.test_install import clean_environment

    venv = tmp_path_factory.mktemp("kaggle") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "kaggle-environments"],
        capture_output=True,
        text=True,
        timeout=1800,
        env=clean_environment(),
        check=False,
    )
    assert install.returncode == 0, f"pip install kaggle-environments failed: {install.stderr}"
    return python
