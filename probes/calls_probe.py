"""Probe (not shipped): per estimated column of benchmarks/estimates.py's positions, what the
search and the static network say, cached as JSON for refits without new searches.

    python probes/calls_probe.py --seed 20261129 --out probes/data/7x6-default.json \
        --exclude '/work/data/7x6c4-*.npz'

Reproduces ``measure`` of the benchmark exactly (same positions, same solver/engine clearing),
with the engine wrapped so that every finished search's per-column scores are recorded.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import estimates as bench

from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.networks import network_for
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import proven_result


class Recorder:
    """An engine whose finished searches are recorded (depth, scores)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.log: list[tuple[int, list[int | None]]] = []

    @property
    def nodes(self) -> int:
        return self.engine.nodes

    def search(self, board, depth, **kwargs):
        result = self.engine.search(board, depth, **kwargs)
        self.log.append((result.depth, list(result.scores)))
        return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", default="7x6")
    parser.add_argument("--connect", type=int, default=4)
    parser.add_argument("--stones", default="8-22")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--exclude", action="append", default=[])
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    low, high = (int(x) for x in args.stones.split("-"))
    skip = bench.excluded(args.exclude, width, height)
    boards = bench.positions(width, height, args.connect, args.positions, (low, high), args.seed,
                             skip)  # fmt: skip
    started = time.perf_counter()
    judge = Solver(tt_mb=256)
    truths = []
    for board in boards:
        values = judge.analyze(board, weak=True)
        truths.append([proven_result(v) for v in values.values])
    print(f"truths {time.perf_counter() - started:.0f}s", flush=True)
    solver = Solver(book=False, tt_mb=64)
    engine = Engine(width, height, args.connect, tt_mb=16, evaluation="network")
    network = network_for(boards[0].geometry)
    records = []
    for index, (board, truth) in enumerate(zip(boards, truths, strict=True)):
        solver.clear()
        engine.clear()
        recorder = Recorder(engine)
        values = prove_then_estimate(board, solver, Limit(nodes=args.nodes), recorder)
        statics: list[int | None] = []
        for column in range(width):
            if not board.is_legal(column):
                statics.append(None)
                continue
            child = board.copy()
            child.push(column)
            statics.append(None if child.is_game_over() else -network.evaluate(child))
        records.append(
            {
                "moves": "".join(str(c + 1) for c in board.moves),
                "ply": board.ply,
                "truth": truth,
                "values": values.to_json(),
                "searches": recorder.log,
                "static": statics,
                "nodes": values.nodes,
            }
        )
        if index % 20 == 0:
            print(index, f"{time.perf_counter() - started:.0f}s", flush=True)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    meta = {"size": args.size, "connect": args.connect, "seed": args.seed, "nodes": args.nodes,
            "positions": len(boards), "excluded": len(skip)}  # fmt: skip
    Path(args.out).write_text(json.dumps({"meta": meta, "records": records}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
