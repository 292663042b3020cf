"""The engine's speed with the learned evaluation against the threats evaluation: nodes per second.

    python benchmarks/network_speed.py                            # 7x6, 9x7c5, 10x8
    python benchmarks/network_speed.py 7x6 --sizes 64x16,32x16 --nodes 200000 --runs 5
    python benchmarks/network_speed.py 7x6 --shipped              # the shipped network too
    python benchmarks/network_speed.py --threat-sizes 128x16,64x16  # networks reading threat cells

For each board shape (``WxH[cN]``) it draws ``--positions`` positions (default 20) of 8 to 22
stones from random games (``--seed``), and has the compiled engine search each from an empty
table, deepening one ply at a time as the engine does, until ``--nodes`` nodes (default 200,000)
have been searched, once with the threats
evaluation and once with a network of random weights for each ``--sizes`` (first x second hidden
layer, default ``64x16,32x16``; the weights do not change the time a leaf takes), once with a
network of random weights that reads the threat cells too for each ``--threat-sizes`` (default
``128x16``; ``""`` for none), and with the shape's shipped network when ``--shipped`` is given.
Each row is the median over ``--runs`` (default 3; the evaluations take turns within each run) of
the nodes searched per second over all the positions, and its ratio to the threats evaluation's:
a markdown table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from fourinarow.core import Board, Geometry
from fourinarow.search.engine_search import Engine
from fourinarow.search.heuristic import SearchStopped, compiled_module
from fourinarow.search.networks import Network, network_for

DEFAULT_SHAPES = ["7x6", "9x7c5", "10x8"]


def parse_shape(text: str) -> tuple[int, int, int]:
    """``9x7c5`` as ``(9, 7, 5)`` (connect 4 without ``cN``)."""
    size, _, connect = text.lower().partition("c")
    width, _, height = size.partition("x")
    return int(width), int(height), int(connect or 4)


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """``64x16,32x16`` as ``[(64, 16), (32, 16)]``."""
    sizes = []
    for part in filter(None, text.split(",")):
        first, _, second = part.partition("x")
        sizes.append((int(first), int(second)))
    return sizes


def positions(shape: tuple[int, int, int], count: int, seed: int) -> list[Board]:
    """``count`` positions of 8 to 22 stones from random games, none of them over."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board(*shape)
        for _ in range(rng.randint(8, min(22, shape[0] * shape[1] - 2))):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if not board.is_game_over():
            found.append(board)
    return found


def rate(engine: Engine, boards: list[Board], nodes: int) -> tuple[int, float]:
    """The nodes searched over ``boards`` and the seconds it took: from each, an empty table
    and the engine's iterative deepening (depth 1, 2, ...) until ``nodes`` nodes in all or the
    end of the game."""
    total = 0
    seconds = 0.0
    for board in boards:
        engine.clear()
        left = nodes
        started = time.perf_counter()
        for depth in range(1, board.width * board.height - board.ply + 1):
            try:
                engine.search(board, depth, node_limit=left)
            except SearchStopped:
                left = 0
            left -= engine.nodes
            total += engine.nodes
            if left <= 0:
                break
        seconds += time.perf_counter() - started
    return total, seconds


def measure(
    engines: list[Engine], boards: list[Board], nodes: int, runs: int
) -> list[tuple[int, float]]:
    """For each engine, the nodes of one run and the median nodes per second over ``runs``;
    the engines take turns within each run, so that a machine busy for a while slows them
    alike."""
    rates: list[list[float]] = [[] for _ in engines]
    searched = [0] * len(engines)
    for _ in range(runs):
        for index, engine in enumerate(engines):
            searched[index], seconds = rate(engine, boards, nodes)
            rates[index].append(searched[index] / seconds)
    return [(n, statistics.median(r)) for n, r in zip(searched, rates, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "shapes", nargs="*", default=DEFAULT_SHAPES, help="WxH[cN] (default: %(default)s)"
    )
    parser.add_argument("--sizes", default="64x16,32x16", help="H1xH2,... (default 64x16,32x16)")
    parser.add_argument(
        "--threat-sizes",
        default="128x16",
        help="H1xH2,... of networks reading threat cells (default 128x16)",
    )
    parser.add_argument("--positions", type=int, default=20, help="positions a shape (20)")
    parser.add_argument("--nodes", type=int, default=200_000, help="nodes a search (200000)")
    parser.add_argument("--runs", type=int, default=3, help="runs for the median (3)")
    parser.add_argument("--seed", type=int, default=1, help="the positions' draw (1)")
    parser.add_argument("--shipped", action="store_true", help="the shipped network too")
    args = parser.parse_args()
    print(
        f"{args.positions} positions of 8-22 stones a shape, {args.nodes:,} nodes of deepening "
        f"from an empty table each, median of {args.runs} runs"
    )
    print()
    print("| shape | evaluation | nodes | nodes/s | vs threats |")
    print("|---|---|---:|---:|---:|")
    for text in args.shapes:
        shape = parse_shape(text)
        geometry = Geometry(*shape)
        if compiled_module(geometry) is None:
            print(f"{text}: the compiled kernel is not built or does not hold it", file=sys.stderr)
            continue
        boards = positions(shape, args.positions, args.seed)
        name = f"{shape[0]}x{shape[1]}c{shape[2]}"
        engines = [("threats", Engine(*shape, evaluation="threats"))]
        for h1, h2 in parse_sizes(args.sizes):
            network = Network.random(geometry, h1, h2, seed=args.seed)
            engines.append((f"network {h1}-{h2} (random)", Engine(*shape, network=network)))
        for h1, h2 in parse_sizes(args.threat_sizes):
            network = Network.random(geometry, h1, h2, seed=args.seed, features=1)
            label = f"network {h1}-{h2} threat cells (random)"
            engines.append((label, Engine(*shape, network=network)))
        shipped = network_for(geometry) if args.shipped else None
        if shipped is not None:
            inputs = " threat cells" if shipped.features else ""
            label = f"network {shipped.h1}-{shipped.h2}{inputs} (shipped)"
            engines.append((label, Engine(*shape, network=shipped)))
        measured = measure([engine for _, engine in engines], boards, args.nodes, args.runs)
        base = measured[0][1]
        for (label, _), (searched, speed) in zip(engines, measured, strict=True):
            print(f"| {name} | {label} | {searched:,} | {speed:,.0f} | {speed / base:.2f} |")


if __name__ == "__main__":
    main()
