"""Build and run Christophe Steininger's c4 solver (C++) as a benchmark peer.

c4 (https://github.com/ChristopheSteininger/c4, AGPL-3.0) fixes its board shape, thread count and
table size at compile time, in ``src/solver/settings.h``. This module copies the solver sources
of a c4 checkout the user cloned into a build folder of its own (under
``~/.cache/fourinarow-bench``, never writing into the checkout), writes those settings for the
run, and compiles them with our driver, ``c4_driver.cpp`` beside this file, which feeds c4
positions on standard input, clears c4's table before each (outside the timing) and prints
score, nodes and times. The binary is cached per settings and rebuilt when the sources, the
driver or the compiler change. c4 is a comparison only: never a dependency, never copied into
this project. Standard library only, so the benchmark scripts run from a fresh clone.

    >>> settings = C4Settings.for_table_mb(7, 6, threads=1, table_mb=1024)
    >>> settings.entries, settings.folder_name
    (134217757, 'c4-7x6-t1-134217757')
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ENTRY_BYTES = 8
"""c4's table entry: one 64-bit word."""
KEY_BITS_KEPT = 46
"""The bits of a position's key an entry keeps (64 less 18 for score, type, move and work)."""
DRIVER = Path(__file__).resolve().parent / "c4_driver.cpp"
COMPILE_FLAGS = ("-std=c++20", "-O3", "-march=native", "-flto=auto", "-DNDEBUG", "-pthread")
"""As c4's CMakeLists.txt optimises (-O3 -flto, NDEBUG), plus -march=native as ours is built."""
SOURCES = Path("src") / "solver"
SWITCHED_OFF = ("LOAD_BOOK_FILE", "LOAD_TABLE_FILE", "UPDATE_TABLE_FILE")
"""c4's opening book and table files: off, so every solve starts from nothing."""
WRITTEN = ("BOARD_WIDTH", "BOARD_HEIGHT", "NUM_THREADS", "NUM_TABLE_ENTRIES", *SWITCHED_OFF)
"""The constants of settings.h a build sets."""


class C4Error(ValueError):
    """A c4 checkout, setting, build or run that cannot be used; the message says why."""


def is_prime(number: int) -> bool:
    """Whether ``number`` is prime (Miller-Rabin with bases that are exact below 3.3e24).

    >>> [n for n in range(20) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19]
    """
    if number < 2:
        return False
    bases = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for base in bases:
        if number % base == 0:
            return number == base
    odd, twos = number - 1, 0
    while odd % 2 == 0:
        odd, twos = odd // 2, twos + 1
    for base in bases:
        value = pow(base, odd, number)
        if value in (1, number - 1):
            continue
        for _ in range(twos - 1):
            value = value * value % number
            if value == number - 1:
                break
        else:
            return False
    return True


def table_entries(table_mb: float) -> int:
    """The entries of c4's table for ``table_mb`` megabytes: the smallest prime at or above
    that many 8-byte entries, as the examples in c4's settings.h are (its table must be odd,
    and a prime spreads positions best).

    >>> table_entries(64), table_entries(1024)
    (8388617, 134217757)
    """
    if not table_mb > 0:
        raise C4Error(f"a table size is a number of megabytes above 0, not {table_mb!r}")
    entries = max(3, int(table_mb * 1024 * 1024) // ENTRY_BYTES)
    while not is_prime(entries):
        entries += 1
    return entries


@dataclass(frozen=True)
class C4Settings:
    """The compile-time settings of one c4 build: board shape, search threads, table entries.

    Raises:
        C4Error: the shape is under 4x4 or over c4's 128-bit boards, ``threads`` is not 1 or
            more, or ``entries`` is even or too few for c4's table to tell positions apart.
    """

    width: int
    height: int
    threads: int
    entries: int

    def __post_init__(self) -> None:
        if self.width < 4 or self.height < 4 or self.width * (self.height + 1) > 128:
            raise C4Error(
                f"c4 solves boards of at least 4x4 with width x (height + 1) at most 128 "
                f"cells, not {self.width}x{self.height}"
            )
        if self.threads < 1:
            raise C4Error(f"c4 runs on 1 thread or more, not {self.threads}")
        if self.entries % 2 == 0:
            raise C4Error(f"c4's table needs an odd number of entries, not {self.entries}")
        # c4's entry.h: the slot number plus the kept key bits must identify a position
        if (self.entries.bit_length() - 1) + KEY_BITS_KEPT - 1 <= self.width * (self.height + 1):
            raise C4Error(
                f"{self.entries} entries are too few for c4 on {self.width}x{self.height}: "
                f"it needs at least 2**{self.width * (self.height + 1) - KEY_BITS_KEPT + 2}"
            )

    @classmethod
    def for_table_mb(cls, width: int, height: int, threads: int, table_mb: float) -> C4Settings:
        """The settings for a table of about ``table_mb`` megabytes (see :func:`table_entries`)."""
        return cls(width, height, threads, table_entries(table_mb))

    @property
    def table_mb(self) -> float:
        """The table's size in megabytes."""
        return self.entries * ENTRY_BYTES / (1024 * 1024)

    @property
    def folder_name(self) -> str:
        """The build folder's name in the cache: one per shape, thread count and table."""
        return f"c4-{self.width}x{self.height}-t{self.threads}-{self.entries}"

    def values(self) -> dict[str, str]:
        """The constants of settings.h this build sets, as C++ text."""
        numbers = (self.width, self.height, self.threads, self.entries)
        return dict(zip(WRITTEN, [*map(str, numbers), *["false"] * len(SWITCHED_OFF)], strict=True))


def _constant(name: str) -> re.Pattern[str]:
    """A declaration ``inline constexpr TYPE NAME = VALUE;`` of settings.h, VALUE its group 2."""
    return re.compile(
        rf"^(\s*(?:inline\s+)?(?:static\s+)?constexpr\s+[\w:]+\s+{name}\s*=\s*)([^;]*?)(\s*;)",
        re.MULTILINE,
    )


def write_settings(text: str, settings: C4Settings) -> str:
    """c4's settings.h ``text`` with the constants of ``settings`` written in; the rest as is.

    Raises:
        C4Error: a constant is not declared exactly once (a c4 this module does not know).
    """
    for name, value in settings.values().items():
        text, count = _constant(name).subn(rf"\g<1>{value}\g<3>", text)
        if count != 1:
            raise C4Error(
                f"c4's settings.h declares {name} {count} times, not once: "
                "this c4 is not one benchmarks/peers/c4.py knows"
            )
    return text


def read_settings(text: str) -> dict[str, str]:
    """The values, as C++ text, of the constants a build sets, read from settings.h ``text``.

    Raises:
        C4Error: one of them is not declared exactly once.
    """
    found = {}
    for name in WRITTEN:
        matches = _constant(name).findall(text)
        if len(matches) != 1:
            raise C4Error(f"c4's settings.h declares {name} {len(matches)} times, not once")
        found[name] = matches[0][1].strip()
    return found


def default_cache() -> Path:
    """Where builds go: ``$XDG_CACHE_HOME/fourinarow-bench``, else ``~/.cache/fourinarow-bench``."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "fourinarow-bench"


def _check_checkout(checkout: Path) -> Path:
    settings = checkout / SOURCES / "settings.h"
    if not (settings.is_file() and (checkout / SOURCES / "solver.h").is_file()):
        raise C4Error(
            f"{checkout} is not a c4 checkout (no {SOURCES}/settings.h and solver.h in it); "
            "git clone https://github.com/ChristopheSteininger/c4"
        )
    return checkout / SOURCES


def _stamp(sources: Path, compiler: str) -> str:
    """A digest of everything the binary depends on: sources, driver, flags and compiler."""
    digest = hashlib.sha256()
    for path in sorted(sources.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(sources)).encode() + b"\0" + path.read_bytes())
    digest.update(DRIVER.read_bytes())
    digest.update(" ".join(COMPILE_FLAGS).encode())
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False)
    digest.update(compiler.encode() + version.stdout.encode())
    return digest.hexdigest()


def build(
    checkout: Path,
    settings: C4Settings,
    *,
    cache: Path | None = None,
    compiler: str | None = None,
) -> Path:
    """The driver binary for ``settings``, compiled from ``checkout``'s solver sources unless
    the cached one was built from the same sources, driver and compiler (``compiler``, else
    ``$CXX``, else ``g++``), in ``cache`` (default :func:`default_cache`).

    Raises:
        C4Error: ``checkout`` is not a c4 checkout, its settings.h is not one this module
            knows, the compiler is not found, or the build fails (its output in the message).
    """
    checkout = Path(checkout).expanduser()
    compiler = compiler or os.environ.get("CXX") or "g++"
    sources = _check_checkout(checkout)
    if shutil.which(compiler) is None:
        raise C4Error(
            f"no C++ compiler {compiler!r} on PATH: c4 needs one for C++20, such as g++ 10 or "
            "newer (set CXX to choose another)"
        )
    folder = (cache or default_cache()) / settings.folder_name
    binary = folder / "c4_driver"
    stamp_file = folder / "stamp"
    stamp = _stamp(sources, compiler)
    if binary.is_file() and stamp_file.is_file() and stamp_file.read_text() == stamp:
        return binary
    copy = folder / "src" / "solver"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(sources, copy)
    header = copy / "settings.h"
    header.write_text(write_settings(header.read_text(), settings))
    partial = folder / "c4_driver.partial"
    command = [
        compiler,
        *COMPILE_FLAGS,
        "-I",
        str(folder / "src"),
        *sorted(str(path) for path in copy.rglob("*.cpp")),
        str(DRIVER),
        "-o",
        str(partial),
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise C4Error(f"building c4 failed: {' '.join(command)}\n{result.stderr[-4000:]}")
    partial.replace(binary)
    stamp_file.write_text(stamp)
    return binary


@dataclass(frozen=True)
class C4Result:
    """c4's answer for one position: its score (Pascal Pons' convention), its node count, and
    the wall and process CPU seconds of the solve call alone (measured by our driver around
    it; c4's own clock counts whole milliseconds), table cleared before it."""

    score: int
    nodes: int
    wall: float
    cpu: float


def run(binary: Path, positions: Iterable[str], *, weak: bool = False) -> list[C4Result]:
    """Solve ``positions`` (1-based column digits, ``""`` for the empty board) in one process
    of a built driver, c4's table cleared before each; strongly unless ``weak``.

    Raises:
        C4Error: the driver stopped with an error (a bad position: its message says which).
    """
    lines = list(positions)
    result = subprocess.run(
        [str(binary), *(["--weak"] if weak else [])],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise C4Error(f"c4 stopped with status {result.returncode}: {result.stderr.strip()}")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    if len(rows) != len(lines):
        raise C4Error(f"c4 answered {len(rows)} of {len(lines)} positions")
    return [C4Result(row["score"], row["nodes"], row["wall"], row["cpu"]) for row in rows]
