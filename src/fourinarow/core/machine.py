"""What this machine gives a process: its cores and its memory.

Every option that starts processes or threads (``--workers``, ``--threads``) is capped at
:func:`available_cores`, and every amount of memory a command asks for (a transposition table,
a book build) is checked against :func:`memory_bytes` or :func:`free_memory_bytes` before
anything is allocated. A control group's limit (a container's) counts as the machine's.

>>> available_cores() >= 1, capped_to_cores(10**6) == available_cores(), capped_to_cores(1)
(True, True, 1)
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "available_cores",
    "capped_to_cores",
    "free_memory_bytes",
    "memory_bytes",
    "memory_text",
]

_CGROUP = Path("/sys/fs/cgroup")
"""Where Linux shows this process's control group (version 2, or version 1's memory folder)."""

_NO_LIMIT = 1 << 60
"""A control group limit this large means none (version 1 writes about 2**63)."""


def available_cores() -> int:
    """The cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def capped_to_cores(requested: int) -> int:
    """``requested`` processes or threads, but no more than :func:`available_cores` (and at
    least one): more than one per core only share the cores, each with memory of its own."""
    return max(1, min(requested, available_cores()))


def _read_number(path: Path) -> int | None:
    """The whole number a control group file holds, or ``None`` (no file, ``max``, none)."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.isdigit():
        return None
    value = int(text)
    return value if value < _NO_LIMIT else None


def _group_limit() -> tuple[int, int] | None:
    """This process's control group memory limit and its use now, in bytes; ``None`` when
    no limit applies."""
    for limit_name, use_name in (
        ("memory.max", "memory.current"),
        ("memory/memory.limit_in_bytes", "memory/memory.usage_in_bytes"),
    ):
        limit = _read_number(_CGROUP / limit_name)
        if limit is not None:
            return limit, _read_number(_CGROUP / use_name) or 0
    return None


def memory_bytes() -> int | None:
    """The most memory this process can have: the machine's physical memory, or a control
    group's limit where that is lower; ``None`` where neither can be read."""
    try:
        physical: int | None = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not a POSIX system
        physical = None
    group = _group_limit()
    sizes = [size for size in (physical, group and group[0]) if size]
    return min(sizes) if sizes else None


def free_memory_bytes() -> int | None:
    """The memory a new allocation can get now without swapping: ``MemAvailable`` of
    ``/proc/meminfo``, or what a control group's limit leaves, whichever is lower; where
    neither can be read, :func:`memory_bytes`."""
    sizes = []
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    sizes.append(int(line.split()[1]) * 1024)
                    break
    except (OSError, ValueError, IndexError, UnicodeDecodeError):
        pass
    group = _group_limit()
    if group is not None:
        sizes.append(max(0, group[0] - group[1]))
    return min(sizes) if sizes else memory_bytes()


def memory_text(size: float) -> str:
    """A number of bytes in words for a message: MB below 10 GB, then GB, then TB.

    >>> memory_text(3 * 2**20), memory_text(25.3 * 2**30), memory_text(7e15)
    ('3 MB', '25 GB', '6,366 TB')
    """
    megabytes = size / 2**20
    if megabytes < 10 * 1024:
        return f"{megabytes:,.0f} MB"
    if megabytes < 10 * 1024**2:
        return f"{megabytes / 1024:,.0f} GB"
    return f"{megabytes / 1024**2:,.0f} TB"
