"""Make fourinarow's own standard sets: the six sets of positions that ship with the package.

    nice python benchmarks/make_sets.py                  # all six, 1000 each, seed 1
    python benchmarks/make_sets.py --sets begin-hard --count 100 --out /tmp/sets

Each set is Pascal Pons' category (the plies of his files; easy, medium or hard by the nodes our
solver needs without a book) filled with positions from seeded games between the levels, each
scored exactly by our solver: see :mod:`fourinarow.analysis.set_making` for the rules. A set is
written as ``fourinarow-NAME.txt`` in ``--out``, one ``moves score`` line per position, in the
order found, as soon as it is complete. The same seed and count make the same files on any
machine and with any version of the solver: with the seed of the shipped sets (1), their
positions keep the classes frozen in the shipped files, and only positions beyond a file's end
are classified by today's solver (``--anew`` classifies every one, for sets of their own).
The summary gives per set the positions, the games played, the plies, the scores (wins,
draws, losses for the side to move) and the processor time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from fourinarow.analysis.set_making import (
    EASY_NODES,
    HARD_NODES,
    SET_RULES,
    StaleSetError,
    make_set,
)
from fourinarow.analysis.standard_sets import SHIPPED_DIRECTORY, SHIPPED_SEED, shipped_file_name


def shipped_moves(name: str) -> list[str]:
    """The moves of the shipped set ``name``, in order (none if it is missing)."""
    path = SHIPPED_DIRECTORY / shipped_file_name(name)
    if not path.is_file():
        return []
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip()]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=1000, help="positions per set (1000)")
    parser.add_argument("--seed", type=int, default=1, help="the games' seed (1)")
    parser.add_argument(
        "--sets", default=",".join(SET_RULES), help="comma-separated, of: " + ", ".join(SET_RULES)
    )
    parser.add_argument(
        "--out", type=Path, default=SHIPPED_DIRECTORY, help=f"where to write ({SHIPPED_DIRECTORY})"
    )
    parser.add_argument(
        "--anew",
        action="store_true",
        help=f"classify every position with today's solver, even with seed {SHIPPED_SEED}, "
        "whose shipped sets otherwise keep their classes",
    )
    args = parser.parse_args()
    names = [name.strip() for name in args.sets.split(",") if name.strip()]
    unknown = [name for name in names if name not in SET_RULES]
    if unknown:
        parser.error(f"--sets: {', '.join(unknown)} unknown; one of {', '.join(SET_RULES)}")
    if args.count < 1:
        parser.error(f"--count is a whole number from 1, not {args.count}")
    args.out.mkdir(parents=True, exist_ok=True)
    print(
        f"seed {args.seed}, {args.count} per set; easy under {EASY_NODES:,} nodes, "
        f"hard over {HARD_NODES:,} (no book, one thread)"
        + (
            "; the shipped sets' classes kept"
            if args.seed == SHIPPED_SEED and not args.anew
            else ""
        )
    )
    print(f"{'set':<14}{'positions':>10}{'games':>8}{'plies':>8}{'W/D/L':>14}{'CPU s':>9}")
    total = 0.0
    for name in names:
        start = time.process_time()

        def progress(kept: int, count: int, games: int, name: str = name) -> None:
            if kept % 100 == 0 or kept == count:
                print(f"{name}: {kept}/{count} after {games} games", file=sys.stderr)

        frozen = shipped_moves(name) if args.seed == SHIPPED_SEED and not args.anew else []
        try:
            made = make_set(name, args.count, args.seed, progress=progress, frozen=frozen)
        except StaleSetError as error:
            print(f"make_sets.py: {error} (--anew)", file=sys.stderr)
            return 1
        found = made.positions
        seconds = time.process_time() - start
        total += seconds
        path = args.out / shipped_file_name(name)
        path.write_text("".join(f"{moves} {score}\n" for moves, score in found))
        plies = [len(moves) for moves, _ in found]
        signs = Counter((score > 0) - (score < 0) for _, score in found)
        results = f"{signs[1]}/{signs[0]}/{signs[-1]}"
        print(
            f"{name:<14}{len(found):>10}{made.games:>8}{f'{min(plies)}-{max(plies)}':>8}"
            f"{results:>14}{seconds:>9.1f}"
        )
    print(f"total CPU time {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
