"""Measure a change to the compiled solver kernel: a saved build of it against the current one,
in the same run, node for node.

    cp src/fourinarow/search/_solver_kernel.*.so /tmp/before.so     # before the change
    python benchmarks/kernel_ab.py --base /tmp/before.so              # after rebuilding
    python benchmarks/kernel_ab.py --base /tmp/before.so --sets none --empty 7x6,6x7 --tt-mb 1024

Both kernels (the 64-bit one: boards of up to 64 bits) solve the same positions exactly, one
thread, no opening book, each with its own table of --tt-mb megabytes, cleared before each
position; the two take turns position by position (the base first on even repeats, the current
one first on odd ones), so a change in the machine's load touches both alike. On one thread a
kernel's node count is the same from run to run, so the nodes say what a change saves; the CPU
times (of the solve alone) are only comparable as the ratio in the same run. Every score must
agree between the two and with the set's file: a disagreement ends the script with status 1.

The positions: every --every-th line of the standard sets named (fourinarow's own, which ship
with the package; default Middle-Medium and Begin-Medium, mid-game 7x6 positions) and the empty
boards of --empty. The table prints per set the positions, each kernel's total nodes and CPU
seconds, and the current kernel's over the base's; the load average before and after says how
busy the machine was.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from fourinarow.analysis.set_making import SET_RULES
from fourinarow.analysis.standard_sets import SHIPPED_DIRECTORY, shipped_file_name
from fourinarow.core import Board, parse_size


@dataclass
class Total:
    """One set's sums, per kernel: positions, nodes and CPU seconds."""

    positions: int = 0
    nodes: dict[str, int] = field(default_factory=lambda: {"base": 0, "current": 0})
    seconds: dict[str, float] = field(default_factory=lambda: {"base": 0.0, "current": 0.0})


@dataclass(frozen=True)
class Job:
    """A position to solve: its set, shape, bitboards and known score (None: not known)."""

    name: str
    width: int
    height: int
    current: int
    mask: int
    ply: int
    score: int | None


def load_base(path: Path) -> ModuleType:
    """The saved kernel build at ``path``, beside the current one (imported first)."""
    import fourinarow.search._solver_kernel as current  # noqa: F401  (first: see below)

    # The extension's own name, so that its initialisation function is found; a module of
    # that name already imported from another file stays a separate module.
    spec = importlib.util.spec_from_file_location("_solver_kernel", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def jobs(sets: list[str], every: int, empty: list[tuple[int, int]]) -> list[Job]:
    """The positions to solve, in order."""
    found = []
    for name in sets:
        lines = (SHIPPED_DIRECTORY / shipped_file_name(name)).read_text().splitlines()
        for line in lines[::every]:
            moves, score = line.split()[:2]
            board = Board.from_moves(moves)
            first, second = board.bitboards
            current = first if board.turn == 1 else second
            found.append(Job(name, 7, 6, current, first | second, board.ply, int(score)))
    for width, height in empty:
        found.append(Job(f"empty {width}x{height}", width, height, 0, 0, 0, None))
    return found


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", type=Path, required=True, help="a saved _solver_kernel build")
    parser.add_argument(
        "--sets",
        default="middle-medium,begin-medium",
        help="comma-separated standard sets, or none (default middle-medium,begin-medium)",
    )
    parser.add_argument("--every", type=int, default=2, help="every Nth position (default 2)")
    parser.add_argument("--empty", default="", help="empty boards to solve too, such as 7x6,6x7")
    parser.add_argument("--tt-mb", type=int, default=128, help="each kernel's table (128)")
    parser.add_argument("--repeat", type=int, default=1, help="passes over the positions (1)")
    args = parser.parse_args()
    args.sets = [] if args.sets == "none" else [s.strip() for s in args.sets.split(",") if s]
    unknown = [name for name in args.sets if name not in SET_RULES]
    if unknown:
        parser.error(f"--sets: {', '.join(unknown)} unknown; one of {', '.join(SET_RULES)}")
    if args.every < 1 or args.repeat < 1 or args.tt_mb < 1:
        parser.error("--every, --repeat and --tt-mb are whole numbers from 1")
    if not args.base.is_file():
        parser.error(f"--base: no file {args.base}")
    try:
        args.empty = [parse_size(s)[:2] for s in args.empty.split(",") if s.strip()]
    except ValueError as error:
        parser.error(f"--empty: {error}")
    wide = [f"{w}x{h}" for w, h in args.empty if w * (h + 1) > 64]
    if wide:
        parser.error(f"--empty: {', '.join(wide)} over 64 bits; this kernel holds up to 64")
    return args


def main() -> int:
    args = parse_arguments()
    import fourinarow.search._solver_kernel as current

    base = load_base(args.base)
    modules = {"base": base, "current": current}
    bits = max(16, (args.tt_mb * 2**20 // 8).bit_length() - 1)
    kernels: dict[tuple[str, int, int], Any] = {}
    totals: dict[str, Total] = {}
    agree = True
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for repeat in range(args.repeat):
        order = ["base", "current"] if repeat % 2 == 0 else ["current", "base"]
        for job in jobs(args.sets, args.every, args.empty):
            total = totals.setdefault(job.name, Total())
            total.positions += 1
            scores = []
            for tag in order:
                key = (tag, job.width, job.height)
                if key not in kernels:
                    kernels[key] = modules[tag].Kernel(job.width, job.height, 4, bits)
                kernel = kernels[key]
                kernel.clear()
                kernel.reset_nodes()
                start = time.thread_time()
                lower, _ = kernel.solve(job.current, job.mask, job.ply, False)
                total.seconds[tag] += time.thread_time() - start
                total.nodes[tag] += kernel.nodes
                scores.append(lower)
            if scores[0] != scores[1] or job.score not in (None, scores[0]):
                print(f"{job.name}: scores {scores}, the file's {job.score}", file=sys.stderr)
                agree = False
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print(
        f"{'positions':<16}{'n':>5}{'base nodes':>15}{'nodes':>15}{'ratio':>7}"
        f"{'base s':>9}{'s':>9}{'ratio':>7}"
    )
    for name, total in totals.items():
        nodes, seconds = total.nodes, total.seconds
        print(
            f"{name:<16}{total.positions:>5}{nodes['base']:>15,}{nodes['current']:>15,}"
            f"{nodes['current'] / max(1, nodes['base']):>7.3f}{seconds['base']:>9.2f}"
            f"{seconds['current']:>9.2f}{seconds['current'] / max(1e-9, seconds['base']):>7.3f}"
        )
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
