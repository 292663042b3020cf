"""How instant and how perfect is ``perfect`` from the empty board, with and without a book?

    python benchmarks/perfect_play.py                         # 7x6, 2 games per opponent and side
    python benchmarks/perfect_play.py --size 6x6              # with the 6x6 book, if there is one
    python benchmarks/perfect_play.py --games 5 --time-ms 100 --opponents random,simple,engine

``perfect`` plays whole games from the empty board of ``--size`` and ``--connect`` (default 7x6
connect 4), as first and as second player, against each opponent, with ``--time-ms`` per move
(in-process, wall clock). For every move it records the time taken and whether the move was
proven perfect (``Decision.exact``): when the clock runs out before the solver has proven a
move, ``perfect`` falls back to the engine's choice among the columns not proven worse. The
same games are played with the shape's default book (``--book shipped``: the book shipped with
fourinarow or installed with ``fourinarow book install``, the deeper; or ``--book PATH``) and
with none (``book=none``, the baseline, measured in the same run), and the table gives per
opponent and side: moves, median / p99 / max time per move, and the share of moves proven.
When the shape has no default book, only the baseline is played.

The goal of the opening-book issue is every move within 100 ms (p99, in-process, the first move
of every game included) and proven; the last line says whether the book rows meet it. Reading
the book from its file happens once per process: it is timed and printed on its own before the
table and is not in the table's times, unless ``--include-read`` is given, in which case the
first game's first move pays for it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from fourinarow.agents import Limit, make_agent
from fourinarow.core import Board, parse_size
from fourinarow.search.book import default_book_path

GOAL_MS = 100.0
"""The opening-book issue's goal: every move of ``perfect`` within this (p99), proven."""


def play(
    perfect_spec: str,
    opponent: str,
    perfect_first: bool,
    seed: int,
    seconds: float,
    shape: tuple[int, int, int] = (7, 6, 4),
) -> list[tuple[float, bool]]:
    """One game from the empty board of ``shape``; the (seconds, proven) of each of perfect's
    moves."""
    perfect = make_agent(perfect_spec, seed=seed)
    other = make_agent(opponent, seed=seed)
    board = Board(*shape)
    moves: list[tuple[float, bool]] = []
    while not board.is_game_over():
        perfects_turn = (board.turn == 1) == perfect_first
        agent = perfect if perfects_turn else other
        start = time.perf_counter()
        decision = agent.choose(board.copy(), Limit(time=seconds))
        elapsed = time.perf_counter() - start
        if perfects_turn:
            moves.append((elapsed, decision.exact))
        board.push(decision.column)
    return moves


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (the nearest rank above)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default="7x6", metavar="WxH", help="the board (default 7x6)")
    parser.add_argument("--connect", type=int, default=4, help="line length that wins (4)")
    parser.add_argument("--games", type=int, default=2, help="games per opponent and side")
    parser.add_argument("--time-ms", type=float, default=100.0, help="perfect's time per move")
    parser.add_argument(
        "--opponents", default="random,simple,engine:nodes=100000", help="comma-separated specs"
    )
    parser.add_argument(
        "--book",
        default="shipped",
        help="the book to measure against none: shipped (default: the shape's default book, "
        "shipped or installed) or a PATH, such as a book built but not yet shipped",
    )
    parser.add_argument(
        "--include-read",
        action="store_true",
        help="count reading the book in the first game's first move (default: timed apart)",
    )
    args = parser.parse_args()
    try:
        width, height = parse_size(args.size)
        shape = (width, height, args.connect)
        Board(*shape)
    except ValueError as error:
        parser.error(f"--size WxH and --connect N make a board: {error}")
    seconds = args.time_ms / 1000
    book = default_book_path(*shape) if args.book == "shipped" else args.book
    with_book = "perfect" if args.book == "shipped" else f"perfect:book={args.book}"
    board_name = f"{width}x{height} connect {args.connect}"
    print(f"board: {board_name}; book: {book or 'none'}; perfect has {args.time_ms:g} ms a move")
    runs = [("none", "perfect:book=none")]
    if book is None:
        print(f"no default book for {board_name} (ship one or: fourinarow book install)")
    else:
        runs.insert(0, ("book", with_book))
    if book is not None and not args.include_read:
        start = time.perf_counter()
        make_agent(with_book).choose(Board(*shape))  # reads the book, once per process
        seconds_to_read = time.perf_counter() - start
        print(f"reading the book (once per process, not counted below): {seconds_to_read:.2f} s")
    header = (
        f"{'book':<8}{'opponent':<24}{'perfect':<8}{'moves':>6}{'median ms':>11}{'p99 ms':>9}"
        f"{'max ms':>9}{'proven':>8}"
    )
    print(header)
    print("-" * len(header))
    totals: dict[str, list[tuple[float, bool]]] = {}
    for label, spec in runs:
        for opponent in args.opponents.split(","):
            for first in (True, False):
                moves: list[tuple[float, bool]] = []
                for game in range(args.games):
                    moves += play(spec, opponent, first, game + 1, seconds, shape)
                totals.setdefault(label, []).extend(moves)
                times = [1000 * t for t, _ in moves]
                proven = sum(p for _, p in moves) / len(moves)
                print(
                    f"{label:<8}{opponent:<24}{'first' if first else 'second':<8}{len(moves):>6}"
                    f"{statistics.median(times):>11.1f}{percentile(times, 0.99):>9.1f}"
                    f"{max(times):>9.1f}{proven:>8.0%}"
                )
                sys.stdout.flush()
    print()
    for label, moves in totals.items():
        times = [1000 * t for t, _ in moves]
        proven = sum(p for _, p in moves) / len(moves)
        print(
            f"{label}: {len(moves)} moves, median {statistics.median(times):.1f} ms, "
            f"p99 {percentile(times, 0.99):.1f} ms, max {max(times):.1f} ms, {proven:.0%} proven"
        )
    if len(totals) == 2:
        ratio = sum(t for t, _ in totals["book"]) / max(1e-9, sum(t for t, _ in totals["none"]))
        print(f"total thinking time, book / no book: {ratio:.2f}")
    if "book" in totals:
        moves = totals["book"]
        p99 = percentile([1000 * t for t, _ in moves], 0.99)
        met = p99 <= GOAL_MS and all(p for _, p in moves)
        print(
            f"goal (book: p99 <= {GOAL_MS:g} ms, every move proven): {'met' if met else 'missed'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
