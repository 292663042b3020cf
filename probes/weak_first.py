"""Probe (not shipped): the narrowing settles each column's result (a weak solve) before its
exact value, measured by the benchmark's numbers.

    python probes/weak_first.py 7x6
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import estimates as bench

import fourinarow.agents.proofs as proofs
from fourinarow.search.limit import MAX_NODES, Limit
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import proven_result

original = proofs._narrow_checked


def narrow_weak_first(
    solver, board, limit, start, *, until_best=False, publish=None, exact_first=False
):
    bounds = {}
    first = True
    nodes = 0
    per_search = proofs.FIRST_PASS_NODES
    child = board.copy()
    wins = set(board.winning_moves())
    while True:
        for column in board.legal_moves:
            if column in bounds and bounds[column][0] == bounds[column][1]:
                continue
            left = limit.remaining(start)
            allowed = per_search if left.nodes is None else min(per_search, left.nodes - nodes)
            if (left.time is not None and left.time <= 0) or allowed <= 0:
                return bounds, nodes
            child.push(column)
            if column in wins:
                low = high = (board.width * board.height + 1 - board.ply) // 2
            elif child.is_game_over():
                low = high = 0
            else:
                known = bounds.get(column)
                open_result = (known is None or (known[0] <= 0 <= known[1])) and not (
                    exact_first and first
                )
                if open_result:
                    found = solver._solve_checked(child, Limit(left.time, nodes=allowed), weak=True)
                    nodes += found.nodes
                    sl, su = -found.upper, -found.lower
                    cells = board.width * board.height - board.ply
                    low, high = -(cells // 2), (cells + 1) // 2
                    if sl >= 1:
                        low = 1
                    elif sl == 0:
                        low = 0
                    if su <= -1:
                        high = -1
                    elif su == 0:
                        high = 0
                else:
                    found = solver._solve_checked(child, Limit(left.time, nodes=allowed))
                    nodes += found.nodes
                    low, high = -found.upper, -found.lower
            child.pop()
            if column in bounds:
                low, high = max(low, bounds[column][0]), min(high, bounds[column][1])
            bounds[column] = (low, high)
            if solver.stopping:
                return bounds, nodes
        if len(bounds) == len(board.legal_moves):
            if all(lo == hi for lo, hi in bounds.values()):
                return bounds, nodes
            if until_best and proofs.proven_best(bounds):
                return bounds, nodes
        per_search = min(per_search * proofs.GROWTH, MAX_NODES)
        first = False


size = sys.argv[1]
width, height = (int(x) for x in size.split("x"))
skip = bench.excluded([f"/work/data/{size}c4-*.npz"], width, height)
boards = bench.positions(
    width, height, 4, 200, (8, 22), int(sys.argv[2]) if len(sys.argv) > 2 else 20261129, skip
)
judge = Solver(tt_mb=256)
exact_truths = [judge.analyze(b).values for b in boards]
truths = [[proven_result(v) for v in values] for values in exact_truths]
for share in (0.75, 0.9):
    proofs.PROOF_SHARE = share
    for name, narrow in (
        ("shipped", original),
        ("weak first", narrow_weak_first),
        ("exact pass, then weak", functools.partial(narrow_weak_first, exact_first=True)),
    ):
        proofs._narrow_checked = narrow
        tally = bench.measure(boards, truths, "network", 100_000)
        # soundness and exact values shown
        solver = Solver(book=False, tt_mb=64)
        exact_shown = 0
        for board, exact in zip(boards, exact_truths, strict=True):
            solver.clear()
            values = proofs.prove_then_estimate(board, solver, Limit(nodes=100_000))
            for value, truth in zip(values.values, exact, strict=True):
                kind = getattr(value, "kind", None)
                if kind == "exact":
                    assert value.value == truth.value, (board, value, truth)
                    exact_shown += 1
                elif kind == "bounds":
                    assert value.lower <= truth.value <= value.upper, (board, value, truth)
        print(
            f"share {share}, {name}: "
            + tally.row("network")
            + f" exact values shown {exact_shown}",
            flush=True,
        )
