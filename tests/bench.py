"""The standard benchmark positions for the tests: Pascal Pons' full published sets when they are
here, else the small sample of them committed in ``tests/data/bench``, so no test fails or
skips for want of them.

The sets are Pascal Pons' six files of 1000 positions (one ``moves score`` line each, the score
exact, from the side to move's view). The full sets are looked for in ``$FOURINAROW_BENCH_DIR``
if it is set, else in ``shared/bench/positions`` beside the checkout (where CI has them). The
sample holds every 50th line of each
(lines 1, 51, 101, ...) and the few other lines a test names, each with its line number in the
full set, so a test asks for the same lines either way and gets those the source holds.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "FULL_SETS",
    "SAMPLE_EVERY",
    "SAMPLE_SETS",
    "SETS",
    "WITHOUT_FULL_SETS",
    "BenchPosition",
    "at_lines",
    "every",
    "full_sets_available",
    "positions",
    "read_sample",
]

FULL_SETS = Path(
    os.environ.get("FOURINAROW_BENCH_DIR")
    or Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
)
"""Where the full sets are, when they are: ``$FOURINAROW_BENCH_DIR``, else
``shared/bench/positions`` beside the checkout."""

WITHOUT_FULL_SETS = (
    "needs Pascal Pons' full benchmark sets (his Test_L*_R* files): set FOURINAROW_BENCH_DIR "
    "to their folder; the other tests use the sample of them committed in tests/data/bench"
)
"""Why a test that needs the full sets skips."""

SAMPLE_SETS = Path(__file__).resolve().parent / "data" / "bench"
"""The committed sample: ``moves score line`` per line."""

SAMPLE_EVERY = 50
"""The sample holds the lines ``1 + k * SAMPLE_EVERY`` of each set, and a few more."""

SETS = {
    "Test_L3_R1": "End-Easy",
    "Test_L2_R1": "Middle-Easy",
    "Test_L2_R2": "Middle-Medium",
    "Test_L1_R1": "Begin-Easy",
    "Test_L1_R2": "Begin-Medium",
    "Test_L1_R3": "Begin-Hard",
}
"""Every set's file name and its name in the benchmark tables, easiest first."""


@dataclass(frozen=True)
class BenchPosition:
    """One benchmark position: its 1-based line in the full set, its moves and exact score."""

    line: int
    moves: str
    score: int


def full_sets_available() -> bool:
    """True when every one of the six full sets is in :data:`FULL_SETS`."""
    return all((FULL_SETS / name).is_file() for name in SETS)


def _read_full(name: str) -> list[BenchPosition]:
    found = []
    for number, text in enumerate((FULL_SETS / name).read_text().splitlines(), start=1):
        moves, score = text.split()
        found.append(BenchPosition(number, moves, int(score)))
    return found


def read_sample(name: str) -> list[BenchPosition]:
    """The committed sample of one set, whether or not the full sets are here."""
    found = []
    for text in (SAMPLE_SETS / name).read_text().splitlines():
        moves, score, line = text.split()
        found.append(BenchPosition(int(line), moves, int(score)))
    return found


def positions(name: str) -> list[BenchPosition]:
    """Every position of the set ``name`` available here: the full set, else its sample."""
    if name not in SETS:
        raise KeyError(f"no benchmark set {name!r}: the sets are {', '.join(SETS)}")
    return _read_full(name) if full_sets_available() else read_sample(name)


def every(name: str, step: int, stop: int = 1000) -> list[BenchPosition]:
    """The positions of ``name`` at ``full_set[:stop:step]``; from the sample, those it holds
    (every line when ``step`` is a multiple of :data:`SAMPLE_EVERY`)."""
    return [p for p in positions(name) if p.line <= stop and (p.line - 1) % step == 0]


def at_lines(name: str, lines: Iterable[int]) -> list[BenchPosition]:
    """The positions of ``name`` at these 1-based lines, in that order; each must be available.

    Raises:
        KeyError: a line is not in the sample (add it to tests/data/bench) or not in the set.
    """
    by_line = {p.line: p for p in positions(name)}
    return [by_line[line] for line in lines]
