"""The command line of ``python -m fourinarow.training``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from fourinarow.core import FourInARowError, Geometry
from fourinarow.extras import MissingExtraError, require_extra

if TYPE_CHECKING:
    import numpy as np

__all__ = ["main"]


def _shape(text: str, connect: int) -> Geometry:
    width, _, height = text.partition("x")
    try:
        return Geometry(int(width), int(height), connect)
    except ValueError as error:
        problem = str(error) if isinstance(error, FourInARowError) else f"not {text!r}"
        message = f"a board size is WIDTHxHEIGHT, such as 7x6; {problem}"
        raise argparse.ArgumentTypeError(message) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of at least 1 is accepted, not {text!r}")
    return value


def _weight(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 1 <= value <= 1000:
        raise argparse.ArgumentTypeError(f"a weight is a number from 1 to 1000, not {text!r}")
    return value


def _hidden(text: str) -> tuple[int, int]:
    first, _, second = text.partition(",")
    try:
        sizes = (int(first), int(second))
    except ValueError:
        sizes = (0, 0)
    if not (1 <= sizes[0] <= 4096 and 1 <= sizes[1] <= 1024):
        raise argparse.ArgumentTypeError(
            f"the hidden layers' sizes are H1,H2 (1 to 4096 and 1 to 1024), such as 64,16; "
            f"not {text!r}"
        )
    return sizes


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, naming ``--help``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _write_positions(path: str, shape: Geometry, **arrays: np.ndarray) -> Path:
    """Write a file of positions (``arrays`` and the board's ``shape``) whole: to a file beside
    it first, then renamed over ``path``, so that a stopped run leaves no half-written file."""
    import numpy as np

    out = Path(path)
    temporary = out.with_name(out.name + ".part.npz")
    shape_row = np.array([shape.width, shape.height, shape.connect], dtype=np.uint8)
    np.savez_compressed(temporary, **arrays, shape=shape_row)  # type: ignore[arg-type]
    os.replace(temporary, out)
    return out


def _positions(args: argparse.Namespace) -> int:
    require_extra("numpy", "train", "writing positions needs NumPy")
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
    out = _write_positions(
        args.out,
        shape,
        cells=np.frombuffer(b"".join(cells), dtype=np.uint8).reshape(len(cells), -1),
        result=np.array(results, dtype=np.int8),
        ply=np.array(plies, dtype=np.uint8),
    )
    print(
        f"{len(cells):,} positions from {args.games} games in "
        f"{time.perf_counter() - started:.0f} s: {out}"
    )
    return 0


def _book(args: argparse.Namespace) -> int:
    shape = _shape(args.size, args.connect)
    require_extra("numpy", "train", "drawing book positions needs NumPy")

    from fourinarow.training.book_positions import book_positions

    started = time.perf_counter()
    cells, result, ply = book_positions(
        shape, args.per_ply, seed=args.seed, first_ply=args.first_ply
    )
    out = _write_positions(args.out, shape, cells=cells, result=result, ply=ply)
    print(
        f"{len(result):,} positions of {int(ply.min()) if len(ply) else 0} to "
        f"{int(ply.max()) if len(ply) else 0} stones from the book in "
        f"{time.perf_counter() - started:.0f} s: {out}"
    )
    return 0


def _bootstrap(args: argparse.Namespace) -> int:
    shape = _shape(args.size, args.connect)
    require_extra("numpy", "train", "bootstrapping needs NumPy")
    import numpy as np

    from fourinarow.search.networks import Network
    from fourinarow.training.bootstrap import searched_positions

    network = Network.read(args.network)
    if network.shape != shape:
        raise _InputError(f"{args.network} is not a network of {args.size} boards")
    started = time.perf_counter()
    found = list(
        searched_positions(
            shape, args.games, network, last_ply=args.last_ply, seed=args.seed, nodes=args.nodes
        )
    )
    out = _write_positions(
        args.out,
        shape,
        cells=np.frombuffer(b"".join(f.cells for f in found), dtype=np.uint8).reshape(
            len(found), shape.cells
        ),
        target=np.array([f.target for f in found], dtype=np.float32),
        ply=np.array([f.ply for f in found], dtype=np.uint8),
    )
    print(
        f"{len(found):,} positions from {args.games} games in "
        f"{time.perf_counter() - started:.0f} s: {out}"
    )
    return 0


def _hardness(args: argparse.Namespace) -> int:
    shape = _shape(args.size, args.connect)
    require_extra("numpy", "train", "labelling hard positions needs NumPy")
    import numpy as np

    from fourinarow.training.dataset import load_positions
    from fourinarow.training.hardness import hardness_labels

    started = time.perf_counter()
    positions = load_positions(args.data, shape)
    found = hardness_labels(
        positions,
        args.positions,
        node_limit=args.nodes,
        first_ply=args.first_ply,
        last_ply=args.last_ply,
        seed=args.seed,
    )
    out = _write_positions(
        args.out,
        shape,
        cells=positions.cells[found.picked],
        ply=positions.ply[found.picked],
        result=positions.result[found.picked],
        settled=found.settled,
        nodes=found.nodes,
        lower=found.lower,
        upper=found.upper,
        node_limit=np.array(args.nodes, dtype=np.int64),
    )
    hard = int((~found.settled).sum())
    print(
        f"{hard:,} of {len(found.picked):,} positions not settled within {args.nodes:,} nodes "
        f"in {time.perf_counter() - started:.0f} s: {out}"
    )
    return 0


def _train(args: argparse.Namespace, argv: Sequence[str]) -> int:
    shape = _shape(args.size, args.connect)
    if args.hard_weight != 1 and args.hard is None:
        raise argparse.ArgumentTypeError("--hard-weight needs --hard FILE, the hard positions")
    require_extra("torch", "train", "training needs PyTorch")
    import numpy as np

    from fourinarow.training.dataset import (
        hard_positions,
        held_out,
        load_positions,
        measures,
        sample_weights,
    )
    from fourinarow.training.quantized import QuantizedNetwork
    from fourinarow.training.trainer import Settings, train_network

    started = time.perf_counter()
    positions = load_positions(args.data, shape)
    mask = held_out(positions)
    train, held = positions.subset(~mask), positions.subset(mask)
    unproven = int((~positions.proven).sum())
    hard = None if args.hard is None else hard_positions(args.hard, positions)
    print(
        f"{len(positions):,} positions ({len(train):,} to train on, {len(held):,} held out"
        + (f"; {unproven:,} with search targets, not measured" if unproven else "")
        + f") from {len(args.data)} file(s)"
    )
    train_hard = held_hard = None
    if hard is not None:
        train_hard, held_hard = hard[~mask], hard[mask]
        print(
            f"{int(hard.sum()):,} hard positions ({int(train_hard.sum()):,} to train on, "
            f"weighted {args.hard_weight:g}; {int(held_hard.sum()):,} held out)"
        )
    settings = Settings(
        hidden=args.hidden,
        epochs=args.epochs,
        batch=args.batch,
        learning_rate=args.learning_rate,
        seed=args.seed,
        threads=args.threads,
        threats=args.threats,
    )

    def report(record: dict[str, float]) -> None:
        hard_calls = record.get("held_out_hard_accuracy")
        print(
            f"epoch {record['epoch']:3.0f}: train loss {record['train_bce']:.4f}, held-out loss "
            f"{record['held_out_bce']:.4f}, Brier {record['held_out_brier']:.4f}, calls right "
            f"{record['held_out_accuracy']:.2%}"
            + ("" if hard_calls is None else f" (hard {hard_calls:.2%})")
            + f" ({record['seconds']:.1f} s)",
            flush=True,
        )

    weighted = None
    if train_hard is not None and args.hard_weight != 1:
        weighted = sample_weights(train_hard, args.hard_weight)
    weights, epochs = train_network(train, held, settings, report, weights=weighted, hard=held_hard)
    if held_hard is not None:
        held_hard = held_hard[held.proven]
    held = held.subset(held.proven)
    network = QuantizedNetwork.from_float(shape, weights)
    out = Path(args.out)
    digest = network.write(out)
    weights.save(out.with_suffix(".weights.npz"))
    float_logits = weights.logits(held.cells, shape)
    integer_logits = network.outputs(held.cells) / (127 * 64)
    final: dict[str, object] = {
        "train_positions": len(train),
        "unproven_positions": unproven,
        "held_out_positions": len(held),
        "float": measures(float_logits, held.result),
        "quantized": measures(integer_logits, held.result),
        "largest_logit_difference": float(np.abs(float_logits - integer_logits).max(initial=0)),
        "by_ply": _by_ply(held.ply, float_logits, integer_logits, held.result),
        "file_bytes": out.stat().st_size,
        "sha256": digest,
        "seconds": time.perf_counter() - started,
    }
    middle = (held.ply >= 8) & (held.ply <= 22)
    final["float_8_22"] = measures(float_logits[middle], held.result[middle])
    final["quantized_8_22"] = measures(integer_logits[middle], held.result[middle])
    if held_hard is not None:
        final["float_hard"] = measures(float_logits[held_hard], held.result[held_hard])
        final["quantized_hard"] = measures(integer_logits[held_hard], held.result[held_hard])
    log = {
        "command": list(argv),
        "shape": [shape.width, shape.height, shape.connect],
        "data": [{"file": Path(p).name, "bytes": Path(p).stat().st_size} for p in args.data],
        "hidden": list(args.hidden),
        "epochs": epochs,
        "settings": {
            "epochs": args.epochs,
            "batch": args.batch,
            "learning_rate": args.learning_rate,
            "seed": args.seed,
            "threads": args.threads,
            "threats": args.threats,
            "hard": None if args.hard is None else Path(args.hard).name,
            "hard_weight": args.hard_weight,
        },
        "final": final,
    }
    out.with_suffix(".json").write_text(json.dumps(log, indent=1) + "\n")
    f, q = final["float"], final["quantized"]
    print(
        f"held out: calls right {f['accuracy']:.2%} (quantized {q['accuracy']:.2%}), Brier "  # type: ignore[index]
        f"{f['brier']:.4f} ({q['brier']:.4f}), loss {f['bce']:.4f} ({q['bce']:.4f})"  # type: ignore[index]
    )
    if held_hard is not None:
        f, q = final["float_hard"], final["quantized_hard"]
        print(
            f"held out, hard: calls right {f['accuracy']:.2%} (quantized {q['accuracy']:.2%}), "  # type: ignore[index]
            f"Brier {f['brier']:.4f} ({q['brier']:.4f}) of {f['positions']:,} positions"  # type: ignore[index]
        )
    print(f"{out} ({final['file_bytes']:,} bytes, SHA-256 {digest}) in {final['seconds']:.0f} s")
    return 0


def _plot(args: argparse.Namespace) -> int:
    from fourinarow.training.curves import write_curves

    logs = []
    for name in args.logs:
        try:
            logs.append(json.loads(Path(name).read_text()))
        except (OSError, ValueError) as error:
            raise _InputError(f"{name} is not a training log ({error})") from None
    print(write_curves(logs, args.out, args.title))
    return 0


class _InputError(FourInARowError):
    """A file given to a command that it cannot use (a log, a network of another board)."""


def _by_ply(ply: object, float_logits: object, integer_logits: object, result: object) -> object:
    import numpy as np

    from fourinarow.training.dataset import measures

    plies = np.asarray(ply)
    rows = {}
    for stones in sorted(set(plies.tolist())):
        at = plies == stones
        rows[str(stones)] = {
            "float": measures(np.asarray(float_logits)[at], np.asarray(result)[at]),
            "quantized": measures(np.asarray(integer_logits)[at], np.asarray(result)[at]),
        }
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = _Parser(
        prog="python -m fourinarow.training",
        description="Make training positions labelled by the solver, and train the learned "
        "evaluation's network on them.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    positions = commands.add_parser("positions", help="play games and label their positions")
    positions.add_argument("--size", default="7x6")
    positions.add_argument("--connect", type=int, default=4)
    positions.add_argument("--games", type=_positive, default=100)
    positions.add_argument("--seed", type=int, default=0)
    positions.add_argument("--nodes", type=int, default=2_000_000)
    positions.add_argument("--first-ply", type=int, default=None)
    positions.add_argument("--engine-games", type=float, default=0.0)
    positions.add_argument("--out", required=True)
    positions.set_defaults(run=lambda args: _positions(args))
    book = commands.add_parser(
        "book",
        help="draw positions with their results from the opening book",
        description="Draw up to --per-ply positions of each number of stones from the board's "
        "opening book, with their exact results, into a file the train command reads.",
    )
    book.add_argument("--size", default="7x6", help="the board, WIDTHxHEIGHT (default 7x6)")
    book.add_argument("--connect", type=int, default=4, help="the line that wins (default 4)")
    book.add_argument("--per-ply", type=_positive, default=30_000, help="default 30000")
    book.add_argument("--first-ply", type=int, default=1, help="the fewest stones (default 1)")
    book.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    book.add_argument("--out", required=True, help="the file to write (NAME.npz)")
    book.set_defaults(run=_book)
    bootstrap = commands.add_parser(
        "bootstrap",
        help="give early positions targets from a search with a network",
        description="Play noisy games and give every position before --last-ply stones (and "
        "each one move later) the expected result of the engine's search with the network "
        "--network, into a file the train command reads (its targets are not proven results).",
    )
    bootstrap.add_argument("--size", default="8x7", help="the board, WIDTHxHEIGHT (default 8x7)")
    bootstrap.add_argument("--connect", type=int, default=4, help="the line that wins (4)")
    bootstrap.add_argument("--network", required=True, help="a .net file of that board")
    bootstrap.add_argument("--games", type=_positive, default=100, help="default 100")
    bootstrap.add_argument("--last-ply", type=_positive, required=True, help="stones up to")
    bootstrap.add_argument("--nodes", type=_positive, default=20_000, help="a search's nodes")
    bootstrap.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    bootstrap.add_argument("--out", required=True, help="the file to write (NAME.npz)")
    bootstrap.set_defaults(run=_bootstrap)
    hardness = commands.add_parser(
        "hardness",
        help="label positions the solver does not settle quickly (hard ones)",
        description="Solve up to --positions positions of --first-ply to --last-ply stones, "
        "drawn at random from the files given, each without a book and within --nodes nodes, "
        "and write whether its win, draw or loss was settled, into a file the train command's "
        "--hard reads.",
    )
    hardness.add_argument("--size", default="7x6", help="the board, WIDTHxHEIGHT (default 7x6)")
    hardness.add_argument("--connect", type=int, default=4, help="the line that wins (4)")
    hardness.add_argument(
        "--data", nargs="+", required=True, metavar="FILE", help="files of positions"
    )
    hardness.add_argument("--positions", type=_positive, default=300_000, help="default 300000")
    hardness.add_argument("--nodes", type=_positive, default=20_000, help="default 20000")
    hardness.add_argument("--first-ply", type=int, default=8, help="the fewest stones (8)")
    hardness.add_argument("--last-ply", type=int, default=30, help="the most stones (30)")
    hardness.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    hardness.add_argument("--out", required=True, help="the file to write (NAME.npz)")
    hardness.set_defaults(run=_hardness)
    train = commands.add_parser(
        "train",
        help="train a network and write its .net file",
        description="Train the network of one board shape on position files, measure it on "
        "the held-out positions (one in ten, the same every run), and write the .net file, "
        "its log (.json: the loss per epoch and the final measures) and its float weights "
        "(.weights.npz) beside it.",
    )
    train.add_argument("--size", default="7x6", help="the board, WIDTHxHEIGHT (default 7x6)")
    train.add_argument("--connect", type=int, default=4, help="the line that wins (default 4)")
    train.add_argument(
        "--data", nargs="+", required=True, metavar="FILE", help="files of the positions command"
    )
    train.add_argument("--out", required=True, help="the network file to write (NAME.net)")
    train.add_argument(
        "--hidden", type=_hidden, default=(64, 16), help="hidden layer sizes (default 64,16)"
    )
    train.add_argument("--epochs", type=_positive, default=30, help="passes (default 30)")
    train.add_argument("--batch", type=_positive, default=512, help="batch size (default 512)")
    train.add_argument("--learning-rate", type=float, default=0.003, help="Adam's (0.003)")
    train.add_argument("--seed", type=int, default=0, help="the random seed (default 0)")
    train.add_argument("--threads", type=_positive, default=1, help="CPU threads (default 1)")
    train.add_argument(
        "--threats",
        action="store_true",
        help="the network reads each side's threat cells too (a file of features 1)",
    )
    train.add_argument(
        "--hard",
        metavar="FILE",
        help="a file of the hardness command: its hard positions (those the solver did not "
        "settle within its node limit) are measured apart on the held-out side, and weighted "
        "by --hard-weight on the training side",
    )
    train.add_argument(
        "--hard-weight",
        type=_weight,
        default=1.0,
        metavar="K",
        help="each hard position's loss counts K times (1 to 1000; default 1: measured only)",
    )
    train.set_defaults(run=lambda args: _train(args, argv))
    plot = commands.add_parser(
        "plot",
        help="draw training runs' loss curves and held-out calls by stones",
        description="Draw the loss per epoch and the held-out calls right by stones on the "
        "board of the runs whose logs (.json beside each .net) are given, into one image.",
    )
    plot.add_argument("logs", nargs="+", metavar="LOG", help="logs the train command wrote")
    plot.add_argument("--out", required=True, help="the image to write (PNG, SVG, PDF)")
    plot.add_argument("--title", default="", help="a heading for the figure")
    plot.set_defaults(run=_plot)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (MissingExtraError, FourInARowError, argparse.ArgumentTypeError) as error:
        parser.exit(2, f"{parser.prog} {args.command}: error: {error}\n")
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
