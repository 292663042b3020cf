"""Probe (not shipped): the benchmark's numbers with other proof shares.

python probes/share_sweep.py 7x6 0.75 0.9 0.95
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import estimates as bench

import fourinarow.agents.proofs as proofs
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Estimate
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import proven_result

size = sys.argv[1]
width, height = (int(x) for x in size.split("x"))
skip = bench.excluded([f"/work/data/{size}c4-*.npz"], width, height)
boards = bench.positions(width, height, 4, 200, (8, 22), 20261129, skip)
judge = Solver(tt_mb=256)
truths = [[proven_result(v) for v in judge.analyze(b, weak=True).values] for b in boards]
for arg in sys.argv[2:]:
    share, first = [*arg.split(":"), "20000"][:2]
    share = float(share)
    proofs.PROOF_SHARE = share
    proofs.FIRST_PASS_NODES = int(first)
    tally = bench.measure(boards, truths, "network", 100_000)
    # every column: proven (right by construction) or estimated and called right
    solver = Solver(book=False, tt_mb=64)
    engine = Engine(width, height, 4, tt_mb=16, evaluation="network")
    total = right = 0
    for board, truth in zip(boards, truths, strict=True):
        solver.clear()
        engine.clear()
        values = proofs.prove_then_estimate(board, solver, Limit(nodes=100_000), engine)
        for column, value in enumerate(values.values):
            if truth[column] is None:
                continue
            total += 1
            if isinstance(value, Estimate):
                right += bench.RESULT[value.likely_result] == truth[column]
            else:
                lo = getattr(value, "lower", getattr(value, "value", None))
                hi = getattr(value, "upper", getattr(value, "value", None))
                res = (lo > 0) - (hi < 0) if lo is not None else None
                right += (lo > 0 or hi < 0 or lo == hi == 0) and res == truth[column]
    print(
        f"share {share} first {first}: "
        + tally.row("network")
        + f" all columns' result right or proven: {right}/{total} = {100 * right / total:.1f}%",
        flush=True,
    )
