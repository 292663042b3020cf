"""The standard sets of 7x6 positions by name: Pascal Pons' published files where the user
points at them, else fourinarow's own sets, which ship with the package.

The six sets (:data:`~fourinarow.analysis.accuracy.BENCHMARK_SETS`: ``end-easy`` ..
``begin-hard``) are Pons' categories: positions of a part of the game (begin, middle, end),
easy, medium or hard by the search a solver needs. His files (``Test_L1_R1`` ..
``Test_L3_R1``, 1000 positions each, from his connect4 solver's repository) are used when
``$FOURINAROW_BENCH_DIR`` names their directory. Otherwise fourinarow's own sets are used:
made the same way by :mod:`fourinarow.analysis.set_making`, 1000 positions each, scored by
our solver (:data:`SHIPPED_COMMAND` made them). Both are ``moves score`` files, the score
exact and from the side to move's view.

>>> chosen = standard_set("end-easy", None)
>>> chosen.title, chosen.published, chosen.path.name
('End-Easy', False, 'fourinarow-end-easy.txt')
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from fourinarow.analysis.accuracy import BENCHMARK_SETS, PositionFileError

__all__ = [
    "BENCH_ENVIRONMENT",
    "SHIPPED_COMMAND",
    "SHIPPED_DIRECTORY",
    "SHIPPED_SEED",
    "StandardSet",
    "published_directory",
    "shipped_file_name",
    "source_line",
    "standard_set",
]

BENCH_ENVIRONMENT = "FOURINAROW_BENCH_DIR"
"""The environment variable naming the directory of Pascal Pons' published ``Test_L*_R*``
files."""

SHIPPED_DIRECTORY = Path(__file__).resolve().parent / "sets"
"""Where fourinarow's own sets are, inside this package."""

SHIPPED_SEED = 1
"""The seed of the games the shipped sets' positions come from."""

SHIPPED_COMMAND = f"nice python benchmarks/make_sets.py --count 1000 --seed {SHIPPED_SEED}"
"""The command that made the shipped sets (run in a checkout's root); it makes them again,
with their positions' classes kept (see :mod:`fourinarow.analysis.set_making`)."""


@dataclass(frozen=True)
class StandardSet:
    """One standard set, found.

    Attributes:
        name: its name (``begin-hard``).
        title: its name in tables (``Begin-Hard``).
        path: its file.
        published: ``True`` for Pascal Pons' published file, ``False`` for fourinarow's own.
    """

    name: str
    title: str
    path: Path
    published: bool


def shipped_file_name(name: str) -> str:
    """The file name of fourinarow's own set ``name``: ``fourinarow-begin-hard.txt``."""
    return f"fourinarow-{name}.txt"


def published_directory(fallback: Path | None = None) -> Path | None:
    """Where Pascal Pons' published files are: the directory ``$FOURINAROW_BENCH_DIR`` names,
    else ``fallback`` if it is a directory (the benchmark scripts give the checkout's
    neighbour ``shared/bench/positions``), else ``None``: fourinarow's own sets."""
    given = os.environ.get(BENCH_ENVIRONMENT, "")
    if given:
        return Path(given)
    return fallback if fallback is not None and fallback.is_dir() else None


def _name(key: str) -> str | None:
    by_file = {file.lower(): name for name, (_, file) in BENCHMARK_SETS.items()}
    name = by_file.get(key.strip().lower(), key.strip().lower())
    return name if name in BENCHMARK_SETS else None


def standard_set(key: str, directory: Path | None) -> StandardSet | None:
    """The standard set a name (``begin-hard``) or Pons' file name (``Test_L1_R3``) gives, or
    ``None`` when ``key`` names none.

    Args:
        key: the set's name or Pons' file name, in any case.
        directory: where Pons' published files are (such as :func:`published_directory`);
            ``None`` for fourinarow's own sets.

    Raises:
        PositionFileError: the published file is not in the directory given: the message
            says what to set and where the files come from.
    """
    name = _name(key)
    if name is None:
        return None
    title, file = BENCHMARK_SETS[name]
    if directory is None:
        return StandardSet(name, title, SHIPPED_DIRECTORY / shipped_file_name(name), False)
    if not (directory / file).is_file():
        raise PositionFileError(
            f"the standard set {name} ({file}) is not in {directory}: put Pascal Pons' published "
            f"Test_L*_R* files there (from his connect4 solver's repository), or unset "
            f"{BENCH_ENVIRONMENT} to use the sets that ship with fourinarow"
        )
    return StandardSet(name, title, directory / file, True)


def source_line(sets: list[StandardSet]) -> str | None:
    """A line saying where these standard sets come from (``None`` for none)."""
    published = sorted({str(s.path.parent) for s in sets if s.published})
    own = any(not s.published for s in sets)
    parts = [f"Pascal Pons' published sets in {', '.join(published)}"] if published else []
    if own:
        parts.append("fourinarow's own sets (shipped with the package)")
    return f"Standard sets: {' and '.join(parts)}" if parts else None
