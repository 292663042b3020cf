"""Does a review graded by estimates find the real mistakes? Estimated grades against exact ones.

    python benchmarks/estimated_review.py                    # 30 games of 7x6, 100,000 nodes
    python benchmarks/estimated_review.py --games 10 --nodes 300000 --evaluations network

Seeded noisy games (a share of random moves, else the engine's best at depth 4) are reviewed
move by move as ``fourinarow review`` grades a move (``review_move``) from an analysis within
``--nodes`` nodes without an opening book (``prove_then_estimate``: proofs for three quarters of
the nodes, the engine's estimates for the rest), once per engine evaluation. The truth is the
exact grade from the solver's full analysis (with the book): a real mistake changes the result
(a mistake or a blunder), a best move keeps the exact value.

Per evaluation, over the moves whose grade came from estimates (the rest are proven, so right),
the table gives the real mistakes and the share flagged (graded mistake or blunder), the best
moves and the share flagged all the same; then the same over every move of the games.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.analysis.review import review_move
from fourinarow.core import Board
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import play_noisily

FLAGGED = {"mistake", "blunder"}


def games(width: int, height: int, connect: int, count: int, seed: int) -> list[Board]:
    """``count`` finished noisy games."""
    rng = random.Random(seed)
    engine = Engine(width, height, connect, tt_mb=8, evaluation="threats")
    found = []
    for _ in range(count):
        share = rng.uniform(0.1, 0.3)
        board = Board(width, height, connect)
        play_noisily(board, rng, engine, share)
        found.append(board)
    return found


def share(part: int, whole: int) -> str:
    return f"{100 * part / max(1, whole):.1f}% ({part}/{whole})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="7x6")
    parser.add_argument("--connect", type=int, default=4)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--evaluations", default="threats,network")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument(
        "--fit", action="store_true", help="also tabulate the grades' thresholds (mistake)"
    )
    args = parser.parse_args()
    fits: list[tuple[str, list[tuple[float, str]]]] = []
    width, height = (int(x) for x in args.size.split("x"))
    played = games(width, height, args.connect, args.games, args.seed)
    judge = Solver(tt_mb=256)
    moves: list[tuple[Board, int, str]] = []  # position, column, exact grade
    for game in played:
        board = Board(width, height, args.connect)
        for column in game.moves:
            if board.winning_moves() or len(board.legal_moves) == 1:
                board.push(column)  # nothing to judge: a win at once, a forced column
                continue
            moves.append(
                (board.copy(), column, review_move(board, column, judge.analyze(board)).grade)
            )
            board.push(column)
    mistakes = sum(grade in FLAGGED for _, _, grade in moves)
    print(
        f"{len(played)} games of {args.size} connect {args.connect} (seed {args.seed}), "
        f"{len(moves)} moves judged, {mistakes} real mistakes; {args.nodes:,} nodes a move, "
        "no book\n"
    )
    print(
        "| evaluation | estimated grades | real mistakes flagged | best moves flagged "
        "| all moves: mistakes flagged | all moves: best flagged | seconds |"
    )
    print("|---|---|---|---|---|---|---|")
    for evaluation in args.evaluations.split(","):
        solver = Solver(book=False, tt_mb=64)
        engine = Engine(width, height, args.connect, tt_mb=16, evaluation=evaluation)
        counts = dict.fromkeys(
            ("est", "est_m", "est_mf", "est_b", "est_bf", "m", "mf", "b", "bf"), 0
        )
        started = time.perf_counter()
        losses: list[tuple[float, str]] = []  # each estimated grade's loss, and the truth
        for board, column, truth in moves:
            solver.clear()
            engine.clear()
            analysis = prove_then_estimate(board, solver, Limit(nodes=args.nodes), engine)
            graded = review_move(board, column, analysis)
            flagged = graded.grade in FLAGGED
            prefixes = ("", "est_") if graded.estimated else ("",)
            counts["est"] += graded.estimated
            if graded.estimated and graded.loss is not None:
                losses.append((graded.loss, truth))
            for prefix in prefixes:
                if truth in FLAGGED:
                    counts[prefix + "m"] += 1
                    counts[prefix + "mf"] += flagged
                elif truth == "best":
                    counts[prefix + "b"] += 1
                    counts[prefix + "bf"] += flagged
        print(
            f"| {evaluation} | {counts['est']} | {share(counts['est_mf'], counts['est_m'])} "
            f"| {share(counts['est_bf'], counts['est_b'])} | {share(counts['mf'], counts['m'])} "
            f"| {share(counts['bf'], counts['b'])} | {time.perf_counter() - started:.0f} |",
            flush=True,
        )
        if args.fit:
            fits.append((evaluation, losses))
    for evaluation, losses in fits:
        print(f"\n{evaluation}: estimated moves whose loss of expected result is at least t")
        print("\n| t | real mistakes | best moves |\n|---|---|---|")
        mistakes = [loss for loss, truth in losses if truth in FLAGGED]
        best = [loss for loss, truth in losses if truth == "best"]
        for tenth in range(1, 11):
            t = tenth / 20
            print(
                f"| {t:.2f} | {share(sum(m >= t for m in mistakes), len(mistakes))} "
                f"| {share(sum(b >= t for b in best), len(best))} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
