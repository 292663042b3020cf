"""Probe (not shipped): the same estimated columns, estimated with larger engine budgets."""

from __future__ import annotations

import sys
import time

from calls_analyse import call, load

from fourinarow.core import Board
from fourinarow.search.deepening import column_estimates
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit

path, size = sys.argv[1], sys.argv[2]
width, height = (int(x) for x in size.split("x"))
rows = load(path)
engine = Engine(width, height, 4, tt_mb=16, evaluation="network")
by_record = {}
for r in rows:
    by_record.setdefault(r["record"]["moves"], []).append(r)
for budget in [int(b) for b in sys.argv[3:]]:
    right = 0
    depths = []
    t = time.perf_counter()
    for moves, group in by_record.items():
        board = Board.from_moves(moves, width=width, height=height)
        engine.clear()
        most = width * height - board.ply
        scores, depth, _ = column_estimates(
            engine, board, most, Limit(nodes=budget), time.perf_counter()
        )
        for r in group:
            right += (
                call(scores[r["column"]], 9, (0.45, 0.55), r["lower"], r["upper"]) == r["truth"]
            )
            depths.append(depth)
    print(
        f"engine nodes {budget:,}: {100 * right / len(rows):.1f}% ({right}/{len(rows)}) "
        f"mean depth {sum(depths) / len(depths):.1f} {time.perf_counter() - t:.0f}s",
        flush=True,
    )
