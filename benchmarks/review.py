"""How long does a game review take, and how much of it is proven or estimated?

    python benchmarks/review.py                      # 10 games per board
    python benchmarks/review.py --games 30 --players level:4,level:9

Plays seeded games between two agents (``--players``, first and second) on each board, then
reviews every game with ``review_game`` (one solver per board, its table kept between games, as
``fourinarow review`` uses one per game), with the time per position the command would use:
none on a shape with a default book (7x6 connect 4 among them), ``--time-ms`` elsewhere. The
table gives per board: games, mean moves per game, mean and worst seconds per game, the worst
position, and the share of moves graded (not ``unproven``), then of those graded by proof and
by the engine's estimates.
"""

from __future__ import annotations

import argparse
import time

from fourinarow.agents import make_agent
from fourinarow.analysis import review_game
from fourinarow.core import Board
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver

BOARDS = ((7, 6, 4), (6, 5, 4), (8, 7, 4))


def game(width: int, height: int, connect: int, players: list[str], seed: int) -> str:
    """A seeded game between the two players, as a move string."""
    agents = [make_agent(spec, seed=seed + side) for side, spec in enumerate(players)]
    board = Board(width, height, connect)
    while not board.is_game_over():
        agent = agents[board.ply % 2]
        board.push(agent.choose(board.copy(), Limit(time=0.05)).column)
    return board.to_moves()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="games per board")
    parser.add_argument("--players", default="level:5,level:7", help="two agent specs")
    parser.add_argument("--time-ms", type=float, default=1000.0, help="per position, no book")
    args = parser.parse_args()
    players = args.players.split(",")
    print(f"players {players[0]} (X) and {players[1]} (O); {args.games} games per board")
    print("board    games  moves  s/game  worst s/game  worst s/position  graded  proof  estimate")
    for width, height, connect in BOARDS:
        solver = Solver(tt_mb=64)
        booked = has_default_book(width, height, connect)
        limit = None if booked else Limit(time=args.time_ms / 1000)
        times, moves, graded, proven, worst_position = [], 0, 0, 0, 0.0
        for seed in range(args.games):
            played = game(width, height, connect, players, seed)
            start = time.perf_counter()
            review = review_game(
                played, width=width, height=height, connect=connect, limit=limit, solver=solver
            )
            times.append(time.perf_counter() - start)
            moves += len(review.moves)
            graded += sum(m.grade != "unproven" for m in review.moves)
            proven += sum(m.graded_by == "proof" for m in review.moves)
            worst_position = max([worst_position, *(m.values.elapsed for m in review.moves)])
        print(
            f"{width}x{height}c{connect:<3} {args.games:>5}  {moves / args.games:>5.1f}"
            f"  {sum(times) / len(times):>6.2f}  {max(times):>12.2f}  {worst_position:>16.3f}"
            f"  {graded / moves:>6.0%}  {proven / moves:>5.0%}  {(graded - proven) / moves:>8.0%}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
