"""How often does each agent play an optimal move? Accuracy against the solver on the six
standard sets, for every built-in agent and every level.

    python benchmarks/accuracy.py --sample 100               # every agent and level
    python benchmarks/accuracy.py --sample 100 --time-ms 1000  # engine, mcts at their default
    python benchmarks/accuracy.py --sample 20 --agents level:5,level:7 --sets end-easy,begin-hard

For each set, ``--sample`` evenly spaced positions (the first included) are solved once; then
each agent (built with ``make_agent(spec, seed=--seed)``, afresh for each set) chooses a move in
each, graded as ``fourinarow review --agent`` grades it (``fourinarow.analysis.accuracy``). The
markdown table gives per agent the accuracy on each set (the share of positions where the move
is best: the same value, distance included) and over all sets, then over all sets the weighted
accuracy, the outcome accuracy (the move keeps the result: win, draw or loss) and the mean time
per move.

Agents limited by depth or nodes (random, defensive, aggressive, simple, minimax, alphabeta,
levels 1-8) get no clock, so their figures do not depend on the machine. Engine and mcts use
all the time they get: ``--time-ms`` a move. Perfect and levels 9-10 play within 2 s a move but
stop as soon as the position is solved (with the shipped book, mostly in milliseconds):
``--perfect-ms`` a move. The figures of agents on a clock depend on the machine's speed and on
how many other programs share it.
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
from fourinarow.analysis.standard_sets import published_directory, source_line, standard_set
from fourinarow.core import FourInARowError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver

BESIDE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "positions"
"""Where a developer's checkout finds Pascal Pons' published sets, when they are there."""


def default_agents() -> list[str]:
    """Every built-in agent with its default options, then every level."""
    return [name for name in AGENTS if name != "level"] + [f"level:{n}" for n in LEVELS]


def split_specs(text: str) -> list[str]:
    """Comma-separated agent specs, where a part with ``=`` and no ``:`` is one more option of
    the spec before it: ``engine:nodes=300000,eval=threats,level:5`` is two agents."""
    specs: list[str] = []
    for part in text.split(","):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def clock_of(spec: str) -> str | None:
    """``"engine"`` for an agent that uses all the time it is given (engine and mcts),
    ``"perfect"`` for one that stops when it has solved the position (perfect, levels 9 and
    10), None for one limited by depth or nodes."""
    name, _, rest = spec.partition(":")
    if name == "level":
        return "perfect" if LEVELS[int(rest)].seconds is not None else None
    if name == "perfect":
        return "perfect"
    if name in ("engine", "mcts") and "nodes=" not in rest and "playouts=" not in rest:
        return "engine"
    return None


def percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.1%}"


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
        help="time a move for engine and mcts, which use all they are given (default 200)",
    )
    parser.add_argument(
        "--perfect-ms",
        type=float,
        default=2000.0,
        help="time a move for perfect and levels 9-10, which stop once the position is solved "
        "(default 2000, the levels' own clock)",
    )
    parser.add_argument(
        "--bench-dir",
        type=Path,
        help="the directory of Pascal Pons' Test_L*_R* files (default: $FOURINAROW_BENCH_DIR, "
        "else shared/bench/positions beside the project if there, else fourinarow's own sets)",
    )
    args = parser.parse_args()
    agents = split_specs(args.agents) if args.agents else default_agents()
    keys = [key.strip() for key in args.sets.split(",")]
    unknown = [key for key in keys if key not in BENCHMARK_SETS]
    if unknown or args.sample < 1:
        parser.error(f"sets are {', '.join(BENCHMARK_SETS)}; --sample is 1 or more")

    started = time.perf_counter()
    solver = Solver(tt_mb=64)
    sets: dict[str, tuple[SolvedPosition, ...]] = {}
    directory = args.bench_dir or published_directory(BESIDE)
    try:
        chosen = [found for key in keys if (found := standard_set(key, directory))]
        for found in chosen:
            boards = evenly_spaced(read_positions(found.path), args.sample)
            sets[found.title] = solve_positions(boards, solver=solver)
    except FourInARowError as error:
        parser.error(f"{error} (--bench-dir gives the sets' directory)")
    clocks = {"engine": args.time_ms, "perfect": args.perfect_ms}
    header = ["agent", *sets, "all", "weighted", "outcome", "ms/move"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for spec in agents:
        clock = clock_of(spec)
        limit = None if clock is None else Limit(clocks[clock] / 1000)
        reports = [
            agent_accuracy(spec, solved, limit=limit, seed=args.seed) for solved in sets.values()
        ]
        whole = AccuracyReport(spec, tuple(r for report in reports for r in report.records))
        name = spec + ("" if clock is None else f" ({clocks[clock]:g} ms)")
        cells = [name, *(percent(r.accuracy) for r in reports)]
        cells += [percent(whole.accuracy), percent(whole.weighted_accuracy)]
        cells.append(percent(whole.outcome_accuracy))
        seconds = whole.seconds_per_move
        cells.append("-" if seconds is None else f"{seconds * 1000:.1f}")
        lines.append("| " + " | ".join(cells) + " |")
        print(f"{spec}: {percent(whole.accuracy)}", file=sys.stderr, flush=True)
    print(
        f"{args.sample} positions per set (evenly spaced), seed {args.seed}; engine and mcts "
        f"{args.time_ms:g} ms a move, perfect and levels 9-10 {args.perfect_ms:g} ms"
    )
    print(f"{source_line(chosen)}\n")
    print("\n".join(lines))
    print(f"\nwall time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
