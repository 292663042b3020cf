"""``interruptible``: a search beside the main thread gives its result or its error, and Ctrl-C
stops the wait at once; ``worker_pool``: a Ctrl-C while the workers start reaches none of them
and leaves none behind (the commands' own Ctrl-C tests are in tests/cli/test_interrupt.py)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from fourinarow.core import GameOverError
from fourinarow.search.interrupt import interruptible


def test_interruptible_gives_the_result_or_the_error_of_the_work() -> None:
    assert interruptible(lambda: 42) == 42

    def fails() -> int:
        raise GameOverError("over")

    with pytest.raises(GameOverError, match="over"):
        interruptible(fails)


def test_interruptible_leaves_the_work_behind_on_ctrl_c() -> None:
    released = threading.Event()
    threading.Timer(0.2, signal.raise_signal, [signal.SIGINT]).start()
    with pytest.raises(KeyboardInterrupt):
        interruptible(lambda: released.wait(30))  # a search that would hold Ctrl-C back
    assert not released.is_set()  # Ctrl-C came through while the work still ran
    searching = [thread for thread in threading.enumerate() if thread.name == "fourinarow-search"]
    assert searching, "the work was not left behind in its daemon thread"
    assert all(thread.daemon for thread in searching)
    released.set()
    for thread in searching:
        thread.join(5)


FORK_WITH_CTRL_C = """
import multiprocessing, os, signal, sys
from fourinarow.cli.main import main

fork = os.fork

def fork_with_ctrl_c():
    pid = fork()
    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C reaches the new worker and this process at once
    return pid

os.fork = fork_with_ctrl_c
status = main(sys.argv[1:])
print(status, len(multiprocessing.active_children()))
"""
"""Run the command line in-process with every fork followed by a real SIGINT in both the new
worker and the main process: the moment a terminal's Ctrl-C finds the workers starting."""

POOLS = {
    "match": ["match", "random", "simple", "--games", "8", "--workers", "2", "--db", "r.db"],
    "book build": ["book", "build", "--plies", "2", "--size", "4x4", "--workers", "2"],
}


@pytest.mark.parametrize("args", POOLS.values(), ids=POOLS.keys())
def test_ctrl_c_while_the_workers_start_stops_the_command_and_every_worker(
    args: list[str], tmp_path: Path
) -> None:
    result = subprocess.run(
        [sys.executable, "-c", FORK_WITH_CTRL_C, *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr
    assert "KeyboardInterrupt" not in result.stderr
    # Ctrl-C's status, no worker left, and said once: no worker ran on as the main process
    assert result.stdout == "130 0\n"
