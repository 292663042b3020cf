"""Waiting on a process's CPU time rather than the clock: how far a child has come.

A fixed sleep before a signal may end before a slow start-up on a busy machine does; the CPU
seconds a process has used say how much work it has done, whatever the load.
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` has used; ``None`` where there is no
    Linux ``/proc`` or the process has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for_cpu_seconds(pid: int, seconds: float, within: float = 60.0) -> None:
    """Wait until process ``pid`` has used ``seconds`` of CPU time, or ``within`` seconds of
    the clock have passed (a hang guard), or the process has ended (the test then says what
    went wrong). Without Linux's ``/proc``, sleep ``seconds`` instead."""
    if not Path("/proc/self/stat").exists():
        time.sleep(seconds)
        return
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        used = cpu_seconds(pid)
        if used is None or used >= seconds:
            return
        time.sleep(0.05)
