"""How often does each agent play an optimal move? Accuracy against the solver on the six
standard sets, for every built-in agent and every level.

    python benchmarks/accuracy.py --sample 100               # every agent and level
    python benchmarks/accuracy.py --sample 20 --agents level:5,level:7 --sets end-easy,begin-hard

For each set, ``--sample`` evenly spaced positions (the first included) are solved once; then
each agent (built with ``make_agent(spec, seed=--seed)``, afresh for each set) chooses a move in
each, graded as ``fourinarow review --agent`` grades it (``fourinarow.analysis.accuracy``). The
markdown table gives per agent the accuracy on each set (the share of positions where the move
is best: the same value, distance included), over all sets, the weighted accuracy over all sets,
and the mean time per move.

Agents limited by depth or nodes (random, defensive, aggressive, simple, minimax, alphabeta,
levels 1-8) get no clock, so their figures do not depend on the machine. Agents on a clock
(engine, mcts, perfect, levels 9 and 10, which play within 2 s a move) get ``--time-ms`` a move:
their figures do depend on the machine, and on how many other programs share it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from fourinarow.agents import AGENTS
from fourinarow.agents.levels import LEVELS
from fourinarow.analysis.accuracy import (
    BENCHMARK_SETS,
    AccuracyReport,
    SolvedPosition,
    agent_accuracy,
    evenly_spaced,
    read_positions,
    solve_positions,
)
from fourinarow.core import FourInARowError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver

DEFAULT_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
CLOCKED = ("engine", "mcts", "perfect")
"""The built-in agents that play on a clock (the others are limited by depth or nodes)."""


def default_agents() -> list[str]:
    """Every built-in agent with its default options, then every level."""
    return [name for name in AGENTS if name != "level"] + [f"level:{n}" for n in LEVELS]


def on_a_clock(spec: str) -> bool:
    """True for an agent whose moves depend on the time it is given."""
    name, _, rest = spec.partition(":")
    if name == "level":
        return LEVELS[int(rest)].seconds is not None
    return name in CLOCKED and "nodes=" not in rest and "playouts=" not in rest


def percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.1%}"


def overall(reports: list[AccuracyReport]) -> tuple[float | None, float | None, float | None]:
    """Accuracy, weighted accuracy and seconds per move over every position of the reports."""
    records = [r for report in reports for r in report.records]
    whole = AccuracyReport("", tuple(records))
    return whole.accuracy, whole.weighted_accuracy, whole.seconds_per_move


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sample", type=int, default=100, help="positions per set (default 100)")
    parser.add_argument(
        "--sets",
        default=",".join(BENCHMARK_SETS),
        help="comma-separated: " + ", ".join(BENCHMARK_SETS),
    )
    parser.add_argument("--agents", help="comma-separated specs (default: every agent and level)")
    parser.add_argument("--seed", type=int, default=0, help="the agents' seed (default 0)")
    parser.add_argument(
        "--time-ms",
        type=float,
        default=200.0,
        help="time a move for agents on a clock: engine, mcts, perfect, levels 9-10 (default "
        "200; levels 9-10 take at most their own 2 s)",
    )
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH)
    args = parser.parse_args()
    agents = args.agents.split(",") if args.agents else default_agents()
    keys = [key.strip() for key in args.sets.split(",")]
    unknown = [key for key in keys if key not in BENCHMARK_SETS]
    if unknown or args.sample < 1:
        parser.error(f"sets are {', '.join(BENCHMARK_SETS)}; --sample is 1 or more")

    started = time.perf_counter()
    solver = Solver(tt_mb=64)
    sets: dict[str, tuple[SolvedPosition, ...]] = {}
    for key in keys:
        title, file = BENCHMARK_SETS[key]
        try:
            boards = evenly_spaced(read_positions(args.bench_dir / file), args.sample)
        except FourInARowError as error:
            parser.error(f"{error} (--bench-dir gives the sets' directory)")
        sets[title] = solve_positions(boards, solver=solver)
    clock = Limit(args.time_ms / 1000)
    header = ["agent", *sets, "all", "weighted", "ms/move"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for spec in agents:
        limit = clock if on_a_clock(spec) else None
        reports = [
            agent_accuracy(spec, solved, limit=limit, seed=args.seed) for solved in sets.values()
        ]
        accuracy, weighted, seconds = overall(reports)
        name = spec + (f" ({args.time_ms:g} ms)" if limit is not None else "")
        cells = [
            name,
            *(percent(r.accuracy) for r in reports),
            percent(accuracy),
            percent(weighted),
        ]
        cells.append("-" if seconds is None else f"{seconds * 1000:.1f}")
        lines.append("| " + " | ".join(cells) + " |")
        print(f"{spec}: {percent(accuracy)}", file=sys.stderr, flush=True)
    print(
        f"{args.sample} positions per set (evenly spaced), seed {args.seed}; agents on a clock: "
        f"{args.time_ms:g} ms a move\n"
    )
    print("\n".join(lines))
    print(f"\nwall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
