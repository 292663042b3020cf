"""Are explanations sound, and how often do they explain a decisive position? In-process.

    python benchmarks/explanations.py                      # 5 shapes x 2,000 positions
    python benchmarks/explanations.py --shapes 5x4c4,6x5c4 --positions 200

For each shape, positions come from seeded noisy games (a player that takes a win at once,
blocks one, and otherwise plays a random column), stopped at a random ply of the shape's late
window; the solver gives every column's exact sign, and each position is explained, as a whole
and move by move. Every result an explanation states (a win at once, a forced block, a double
threat, a move that gives the cell above or leaves a win, a rule proof, zugzwang control, what
it proves) is checked against the signs. The table gives per shape: positions, the claims of
each kind, false claims (0 for a sound explainer), and the coverage: the share of decisive
positions (a win or a loss for the player to move) whose explanation proves that result,
beyond "the solver says so" (and the same as explained/decisive for wins and for losses
apart). The exit status is 1 if any claim is false.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

from fourinarow.analysis.explain import explain
from fourinarow.analysis.explain.soundness import column_signs, false_claims
from fourinarow.core import Board
from fourinarow.search.solver import Solver

DEFAULT_SHAPES = "7x6c4,6x7c4,5x4c4,6x5c4,8x7c4"
KINDS = (
    "immediate_win",
    "must_block",
    "double_threat",
    "forced_win",
    "gives_cell_above",
    "leaves_win",
    "loses_to",
    "rule_proof",
    "zugzwang_control",
)


def parse_shape(text: str) -> tuple[int, int, int]:
    """``7x6c4`` as ``(7, 6, 4)``."""
    size, _, connect = text.lower().partition("c")
    width, _, height = size.partition("x")
    return int(width), int(height), int(connect or 4)


def late_window(shape: tuple[int, int, int]) -> tuple[int, int]:
    """The plies positions are taken from: the last 55% of the board on small boards, the last
    40% on 8x7 and larger (where earlier positions take the solver long)."""
    cells = shape[0] * shape[1]
    share = 0.4 if cells > 42 else 0.55
    return int(cells * (1 - share)), cells - 1


def noisy_positions(shape: tuple[int, int, int], count: int, seed: int) -> list[Board]:
    """``count`` unfinished positions of seeded noisy games in the shape's late window."""
    rng = random.Random(seed)
    low, high = late_window(shape)
    found: list[Board] = []
    while len(found) < count:
        board = Board(*shape)
        stop = rng.randint(low, high)
        while board.ply < stop and not board.is_game_over():
            wins = board.winning_moves()
            blocks = board.winning_moves(3 - board.turn)
            if wins and rng.random() < 0.9:
                board.push(wins[0])
            elif blocks and rng.random() < 0.8:
                board.push(blocks[0])
            else:
                board.push(rng.choice(board.legal_moves))
        if not board.is_game_over():
            found.append(board)
    return found


@dataclass
class Row:
    """What one shape's positions gave."""

    positions: int = 0
    claims: Counter[str] = field(default_factory=Counter)
    false: list[str] = field(default_factory=list)
    decisive: int = 0
    explained: int = 0
    split: Counter[str] = field(default_factory=Counter)


def measure(shape: tuple[int, int, int], count: int, seed: int, solver: Solver) -> Row:
    """Explain and check ``count`` positions of ``shape``."""
    row = Row()
    for board in noisy_positions(shape, count, seed):
        signs = column_signs(solver, board)
        best = max(s for s in signs if s is not None)
        explanations = [explain(board)] + [explain(board, c) for c in board.legal_moves]
        for explanation in explanations:
            for fact in explanation.results:
                row.claims[fact.kind] += 1
            row.false += [f"{board.to_moves()}: {w}" for w in false_claims(explanation, signs)]
        row.positions += 1
        if best != 0:
            result = "win" if best > 0 else "loss"
            proven = explanations[0].proves == result
            row.decisive += 1
            row.explained += proven
            row.split[result] += 1
            row.split[f"{result} explained"] += proven
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", default=DEFAULT_SHAPES, help="comma-separated WxHcN")
    parser.add_argument("--positions", type=int, default=2000, help="positions per shape")
    parser.add_argument("--seed", type=int, default=42, help="the games' random seed")
    args = parser.parse_args(argv)
    solver = Solver(tt_mb=64)
    header = ["shape", "positions", *KINDS, "false", "decisive", "explained", "coverage"]
    header += ["wins", "losses"]
    print(" ".join(header))
    total_false = 0
    total = 0
    for text in args.shapes.split(","):
        shape = parse_shape(text)
        row = measure(shape, args.positions, args.seed, solver)
        total += row.positions
        total_false += len(row.false)
        coverage = row.explained / row.decisive if row.decisive else 0.0
        cells = [text, str(row.positions), *(str(row.claims[k]) for k in KINDS)]
        cells += [str(len(row.false)), str(row.decisive), str(row.explained), f"{coverage:.1%}"]
        cells += [f"{row.split[r + ' explained']}/{row.split[r]}" for r in ("win", "loss")]
        print(" ".join(cells), flush=True)
        for line in row.false[:10]:
            print("  false:", line)
    print(f"{total} positions, {total_false} false claims")
    return 1 if total_false else 0


if __name__ == "__main__":
    sys.exit(main())
