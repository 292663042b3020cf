"""How well does an estimate's expected result match the real result? The logistic scale of
``Estimate.expected`` (``ESTIMATE_SCALE``) fitted on 7x6 positions of known value.

    python benchmarks/estimate_calibration.py                      # 200 positions a set, depth 8
    python benchmarks/estimate_calibration.py --sample 50 --depth 6 --sets begin-easy

Each position of the standard sets (``moves score`` lines, the score exact, for the side to
move) is valued by the heuristic engine as an analysis values it: ``column_estimates`` at a
fixed depth (``--depth``, so the figures do not depend on the machine), the position's value the
best column's. A position whose search proves a win or a loss is left out (a review grades those
by proof). The real result is 1 for a win, 0.5 for a draw, 0 for a loss. The scale ``s`` of
``1 / (1 + exp(-value / s))`` is fitted to make that expected result match the real one: the
least mean squared difference (the Brier score), by a search over ``s`` from 1 to 1000.

The table groups the positions by value (in the tenths that ``~+1.7`` shows) and gives per
group the positions, the mean real result, and the expected result at the fitted and at the
current scale; then both scales and their Brier scores.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from pathlib import Path

from fourinarow.analysis.accuracy import BENCHMARK_SETS, evenly_spaced
from fourinarow.analysis.standard_sets import published_directory, source_line, standard_set
from fourinarow.core import Board, FourInARowError
from fourinarow.search.constants import FORCED
from fourinarow.search.deepening import column_estimates
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ESTIMATE_SCALE

BESIDE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
"""Where a developer's checkout finds Pascal Pons' published sets, when they are there."""

DEFAULT_SETS = ("middle-easy", "middle-medium", "begin-easy", "begin-medium", "begin-hard")
"""The sets fitted by default: End-Easy is left out, its positions are mostly won at once."""

EDGES = (-60, -30, -15, -5, 5, 15, 30, 60)
"""The value groups' edges, in the engine's units (a group holds ``low <= value < high``)."""


def result_of(score: int) -> float:
    """The real result of an exact score: 1 a win, 0.5 a draw, 0 a loss."""
    return 1.0 if score > 0 else 0.5 if score == 0 else 0.0


def expected(value: float, scale: float) -> float:
    """The logistic expected result of ``value`` at ``scale``."""
    return 1 / (1 + math.exp(-max(-700.0, min(700.0, value / scale))))


def brier(pairs: list[tuple[int, float]], scale: float) -> float:
    """The mean squared difference of expected and real results at ``scale``."""
    return sum((expected(v, scale) - r) ** 2 for v, r in pairs) / len(pairs)


def fit_scale(pairs: list[tuple[int, float]]) -> float:
    """The scale from 1 to 1000 with the least Brier score: a coarse pass over a log grid,
    then a golden-section search around its best point."""
    grid = [10 ** (i / 40) for i in range(121)]  # 1 .. 1000
    best = min(range(len(grid)), key=lambda i: brier(pairs, grid[i]))
    low, high = grid[max(0, best - 1)], grid[min(len(grid) - 1, best + 1)]
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if brier(pairs, a) <= brier(pairs, b):
            high = b
        else:
            low = a
    return (low + high) / 2


def read_scored(path: Path) -> list[tuple[Board, int]]:
    """The positions of a ``moves score`` file with their exact scores."""
    found = []
    for line in path.read_text().splitlines():
        words = line.split("#")[0].split()
        if len(words) >= 2:
            found.append((Board.from_moves(words[0]), int(words[1])))
    return found


def value_of(engine: Engine, board: Board, depth: int) -> int | None:
    """The engine's value of ``board`` for the side to move (its best column's estimate at
    ``depth``), or ``None`` when the search proves a win or a loss."""
    most = board.width * board.height - board.ply
    scores, _, _ = column_estimates(engine, board, most, Limit(depth=depth), time.perf_counter())
    known = [s for s in scores if s is not None]
    if not known or abs(max(known)) > FORCED:
        return None
    return max(known)


def table(pairs: list[tuple[int, float]], fitted: float) -> list[str]:
    """The rows by value group: range (tenths), positions, real and expected results."""
    lines = [
        f"{'value':>13}  {'positions':>9}  {'real':>6}  {'fitted':>6}  {'current':>7}",
        "-" * 49,
    ]
    bounds = [-math.inf, *EDGES, math.inf]
    for low, high in itertools.pairwise(bounds):
        group = [(v, r) for v, r in pairs if low <= v < high]
        if not group:
            continue
        real = sum(r for _, r in group) / len(group)
        fit = sum(expected(v, fitted) for v, _ in group) / len(group)
        now = sum(expected(v, ESTIMATE_SCALE) for v, _ in group) / len(group)
        shown = f"{_tenths(low)}..{_tenths(high)}"
        lines.append(f"{shown:>13}  {len(group):>9}  {real:>6.3f}  {fit:>6.3f}  {now:>7.3f}")
    return lines


def _tenths(edge: float) -> str:
    return "" if math.isinf(edge) else f"{edge / 10:+.1f}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--sets",
        default=",".join(DEFAULT_SETS),
        help="comma-separated: " + ", ".join(BENCHMARK_SETS) + " (default: all but end-easy)",
    )
    parser.add_argument("--sample", type=int, default=200, help="positions per set (default 200)")
    parser.add_argument("--depth", type=int, default=8, help="the engine's depth (default 8)")
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help="the directory of Pascal Pons' Test_L*_R* files (default: $FOURINAROW_BENCH_DIR, "
        "else shared/bench/positions beside the project if there, else fourinarow's own sets)",
    )
    args = parser.parse_args()
    keys = [key.strip() for key in args.sets.split(",")]
    unknown = [key for key in keys if key not in BENCHMARK_SETS]
    if unknown or args.sample < 1 or args.depth < 1:
        parser.error(f"sets are {', '.join(BENCHMARK_SETS)}; --sample and --depth are 1 or more")
    started = time.perf_counter()
    directory = args.bench_dir or published_directory(BESIDE)
    engine = Engine(7, 6, 4, tt_mb=16)
    pairs: list[tuple[int, float]] = []
    forced = 0
    try:
        chosen = [found for key in keys if (found := standard_set(key, directory))]
        for found in chosen:
            for board, score in evenly_spaced(read_scored(found.path), args.sample):
                value = value_of(engine, board, args.depth)
                if value is None:
                    forced += 1
                else:
                    pairs.append((value, result_of(score)))
    except (FourInARowError, OSError) as error:
        parser.error(f"{error} (--bench-dir gives the sets' directory)")
    if not pairs:
        parser.error("every position's search proved its result: nothing to fit")
    fitted = fit_scale(pairs)
    print(
        f"{args.sample} positions per set (evenly spaced) of {', '.join(keys)}; engine depth "
        f"{args.depth}; {len(pairs)} valued, {forced} left out (a win or loss proven)"
    )
    print(f"{source_line(chosen)}\n")
    print("\n".join(table(pairs, fitted)))
    print(
        f"\nfitted scale {fitted:.1f} (Brier {brier(pairs, fitted):.4f}); "
        f"current ESTIMATE_SCALE {ESTIMATE_SCALE:g} (Brier {brier(pairs, ESTIMATE_SCALE):.4f})"
    )
    print(f"wall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
