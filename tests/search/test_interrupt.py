"""``worker_pool``: a Ctrl-C while the workers start reaches none of them
and leaves none behind (the commands' own Ctrl-C tests are in tests/cli/test_interrupt.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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
