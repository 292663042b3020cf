"""Solve positions with connect-four-ai (a benchmark peer), run under its own Python 3.13.

Reads one position (1-based moves) per line on standard input; prints one JSON object per line:
score, nodes and CPU seconds, with the solver reset before each position outside the timing.
Its built-in opening book is switched off unless --book is given.
Used by benchmarks/solver.py --c4ai-python; not part of the package.
"""

import json
import sys
import time

import connect_four_ai

solver = connect_four_ai.Solver()
if "--book" not in sys.argv:
    solver.load_opening_book("/nonexistent")  # a failed load leaves the solver with no book
for line in sys.stdin:
    position = connect_four_ai.Position.from_moves(line.strip())
    solver.reset()
    start = time.thread_time()
    score = solver.solve(position)
    seconds = time.thread_time() - start
    print(json.dumps({"score": score, "nodes": solver.explored_positions, "seconds": seconds}))
    sys.stdout.flush()
