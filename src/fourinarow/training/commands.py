"""The command line of ``python -m fourinarow.training``."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from fourinarow.core import FourInARowError, Geometry

__all__ = ["main"]


def _shape(text: str, connect: int) -> Geometry:
    width, _, height = text.partition("x")
    try:
        return Geometry(int(width), int(height), connect)
    except (ValueError, FourInARowError) as error:
        message = f"a board size is WIDTHxHEIGHT, such as 7x6: {error}"
        raise argparse.ArgumentTypeError(message) from None


def _positions(args: argparse.Namespace) -> int:
    import numpy as np

    from fourinarow.training.labelled import labelled_positions

    shape = _shape(args.size, args.connect)
    cells: list[bytes] = []
    results: list[int] = []
    plies: list[int] = []
    started = time.perf_counter()
    for found in labelled_positions(
        shape,
        args.games,
        seed=args.seed,
        node_limit=args.nodes,
        first_ply=args.first_ply,
        engine_games=args.engine_games,
    ):
        cells.append(found.cells)
        results.append(found.result)
        plies.append(found.ply)
    out = Path(args.out)
    temporary = out.with_name(out.name + ".part.npz")
    np.savez_compressed(
        temporary,
        cells=np.frombuffer(b"".join(cells), dtype=np.uint8).reshape(len(cells), -1),
        result=np.array(results, dtype=np.int8),
        ply=np.array(plies, dtype=np.uint8),
        shape=np.array([shape.width, shape.height, shape.connect], dtype=np.uint8),
    )
    os.replace(temporary, out)
    print(
        f"{len(cells):,} positions from {args.games} games in "
        f"{time.perf_counter() - started:.0f} s: {out}"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fourinarow.training")
    commands = parser.add_subparsers(dest="command", required=True)
    positions = commands.add_parser("positions", help="play games and label their positions")
    positions.add_argument("--size", default="7x6")
    positions.add_argument("--connect", type=int, default=4)
    positions.add_argument("--games", type=int, default=100)
    positions.add_argument("--seed", type=int, default=0)
    positions.add_argument("--nodes", type=int, default=2_000_000)
    positions.add_argument("--first-ply", type=int, default=None)
    positions.add_argument("--engine-games", type=float, default=0.0)
    positions.add_argument("--out", required=True)
    positions.set_defaults(run=_positions)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
