"""Probe (not shipped): extra per-column features (threats engine estimate) cached to JSON."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from calls_analyse import load

from fourinarow.core import Board
from fourinarow.search.deepening import column_estimates
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit

path, size, out = sys.argv[1], sys.argv[2], sys.argv[3]
width, height = (int(x) for x in size.split("x"))
rows = load(path)
engine = Engine(width, height, 4, tt_mb=16, evaluation="threats")
cache = {}
result = []
for r in rows:
    moves = r["record"]["moves"]
    if moves not in cache:
        board = Board.from_moves(moves, width=width, height=height)
        engine.clear()
        cache[moves] = column_estimates(
            engine, board, width * height - board.ply, Limit(nodes=25000), time.perf_counter()
        )[0]
    result.append(cache[moves][r["column"]])
Path(out).write_text(json.dumps(result))
