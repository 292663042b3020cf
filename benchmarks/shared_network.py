"""One network for two board shapes, or one network each? Measured on held-out positions.

    python benchmarks/shared_network.py --first /work/data/7x6c4-*.npz \\
        --second /work/data/6x7c4-*.npz --hidden 64,16 --epochs 30 --seed 1

Each shape's positions (files of ``python -m fourinarow.training positions``) are split into
training and held-out positions as the ``train`` command splits them. Then, with the same
settings:

- one network per shape, trained on that shape's positions alone;
- one network for both, trained on both shapes' positions drawn in a common frame as wide as
  the wider shape and as tall as the taller; the frame's cells outside a shape's board are
  filled with the opponent's stones, which tells the network the shape (such constant inputs
  fold into the first layer's biases, so a shared network still exports as one file a shape).

The table gives, per shape and per way, the held-out positions, the share of right
win/draw/loss calls (all stones, and 8 to 22 stones), the Brier score and the loss.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from fourinarow.core import Geometry


def read(paths: list[str]) -> Any:
    import numpy as np

    from fourinarow.training.dataset import load_positions

    with np.load(paths[0]) as data:
        width, height, connect = (int(x) for x in data["shape"])
    return load_positions(paths, Geometry(width, height, connect))


def framed(positions: Any, frame: Geometry) -> Any:
    """The positions drawn in ``frame``: cells off the board are the opponent's stones."""
    import numpy as np

    from fourinarow.training.dataset import Positions

    shape = positions.shape
    cells = np.full((len(positions), frame.width, frame.height), 2, dtype=np.uint8)
    cells[:, : shape.width, : shape.height] = positions.cells.reshape(-1, shape.width, shape.height)
    return Positions(
        frame, cells.reshape(len(positions), -1), positions.result, positions.ply, positions.target
    )


def joined(parts: list[Any], frame: Geometry) -> Any:
    import numpy as np

    from fourinarow.training.dataset import Positions

    return Positions(
        frame,
        np.concatenate([p.cells for p in parts]),
        np.concatenate([p.result for p in parts]),
        np.concatenate([p.ply for p in parts]),
        np.concatenate([p.target for p in parts]),
    )


def row(name: str, way: str, logits: Any, held: Any) -> str:
    from fourinarow.training.dataset import measures

    middle = (held.ply >= 8) & (held.ply <= 22)
    every = measures(logits, held.result)
    some = measures(logits[middle], held.result[middle])
    return (
        f"| {name} | {way} | {every['positions']:,} | {every['accuracy']:.1%} | "
        f"{some['accuracy']:.1%} | {every['brier']:.4f} | {every['bce']:.4f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", nargs="+", required=True, help="one shape's position files")
    parser.add_argument("--second", nargs="+", required=True, help="the other shape's")
    parser.add_argument("--hidden", default="64,16")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from fourinarow.training.dataset import held_out
    from fourinarow.training.trainer import Settings, train_network

    h1, h2 = (int(x) for x in args.hidden.split(","))
    settings = Settings(hidden=(h1, h2), epochs=args.epochs, seed=args.seed)
    shapes = [read(args.first), read(args.second)]
    frame = Geometry(max(p.shape.width for p in shapes), max(p.shape.height for p in shapes), 4)
    splits = []
    for positions in shapes:
        mask = held_out(positions)
        splits.append((positions.subset(~mask), positions.subset(mask)))
    lines = [
        "| shape | network | held out | calls right | 8-22 stones | Brier | loss |",
        "|---|---|---|---|---|---|---|",
    ]
    started = time.perf_counter()
    for positions, (train, held) in zip(shapes, splits, strict=True):
        weights, _ = train_network(train, held, settings)
        name = f"{positions.shape.width}x{positions.shape.height}"
        lines.append(row(name, "its own", weights.logits(held.cells), held))
    both_train = joined([framed(t, frame) for t, _ in splits], frame)
    both_held = joined([framed(h, frame) for _, h in splits], frame)
    weights, _ = train_network(both_train, both_held, settings)
    for positions, (_, held) in zip(shapes, splits, strict=True):
        name = f"{positions.shape.width}x{positions.shape.height}"
        lines.append(row(name, "shared", weights.logits(framed(held, frame).cells), held))
    print("\n".join(lines))
    print(
        f"\n{h1}-{h2} units, {args.epochs} epochs, seed {args.seed}: "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
