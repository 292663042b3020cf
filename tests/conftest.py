"""Settings for the whole suite."""

from __future__ import annotations

import atexit
import os
import shutil
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
# Both go when this process ends (each worker under ``-n`` has its own): the book's copy alone
# is about 100 MB, and a run that left it behind would fill the disk over many runs.
for _directory in (os.environ["FOURINAROW_CACHE"], os.environ["XDG_DATA_HOME"]):
    atexit.register(shutil.rmtree, _directory, ignore_errors=True)

# A job started in the background by a non-interactive shell (`cmd &` in a script, as CI runners
# may do) starts with Ctrl-C ignored, and the programs the tests start would inherit that and
# never see the SIGINT the Ctrl-C tests send. A handler of our own is reset to the default in
# each child program, which then turns Ctrl-C into KeyboardInterrupt as usual.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files that hold slow tests first, each file's tests still together and in
    order: under ``-n`` the workers then share out the long tests early and finish together,
    instead of one of them starting a minute-long test when the other has nothing left."""
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)  # stable: order kept within


@pytest.fixture(scope="session")
def kaggle_python(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A Python with kaggle-environments installed, in a virtual environment of its own (its
    pins clash with the suite's gymnasium, pettingzoo and open_spiel): made once a session (once
    a worker under ``-n``), for the tests that play in Kaggle's own ConnectX harness.

    The package comes without its declared dependencies, which are for Kaggle's other games
    (jax, transformers, scipy, open_spiel...: two minutes to install), and with what the ConnectX
    harness and its agents import (jsonschema, requests) and numpy, which Kaggle's notebooks
    have: about 10 s."""
    from tests.test_install import clean_environment

    venv = tmp_path_factory.mktemp("kaggle") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    for packages in (["--no-deps", "kaggle-environments"], ["jsonschema", "requests", "numpy"]):
        install = subprocess.run(
            [python, "-m", "pip", "install", "--quiet", *packages],
            capture_output=True,
            text=True,
            timeout=1800,
            env=clean_environment(),
            check=False,
        )
        assert install.returncode == 0, f"pip install {' '.join(packages)} failed: {install.stderr}"
    return python
