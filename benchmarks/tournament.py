"""Tournament throughput with 1 and N worker processes, and the overhead per game.

    python benchmarks/tournament.py                 # 400 games: alphabeta depth 4 vs mcts
    python benchmarks/tournament.py --games 4000 --agents random,simple

Plays the same match (fast agents, so that the machinery shows) once with one worker and once
with --workers (default: the number of cores), each into a fresh SQLite file, and prints the
games per second, the speed-up over one worker (goal: at least 1.8x with 2 workers) and the
overhead per game: the wall time per game with one worker minus the time the agents spent
thinking (goal: under 5 ms).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from fourinarow.tournament import Settings, Store, schedule
from fourinarow.tournament.runner import run_local


def run(settings: Settings, workers: int, folder: Path) -> tuple[float, float]:
    """(wall seconds, seconds the agents spent choosing moves)."""
    with Store(folder / f"bench-{workers}.sqlite3") as store:
        tournament = store.create(settings, len(schedule(settings)))
        start = time.perf_counter()
        run_local(store, tournament, workers)
        wall = time.perf_counter() - start
        thinking = sum(sum(r.times) for r in store.records(tournament))
    return wall, thinking


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--agents", default="alphabeta:depth=4,mcts:playouts=40", help="two comma-separated specs"
    )
    parser.add_argument("--games", type=int, default=400, help="games (even)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args()
    settings = Settings(tuple(args.agents.split(",")), games=args.games, seed=1, opening_plies=2)
    with tempfile.TemporaryDirectory() as folder:
        one, thinking = run(settings, 1, Path(folder))
        many, _ = run(settings, args.workers, Path(folder))
    games = args.games
    print(f"{'workers':>8}{'games/s':>10}{'speed-up':>10}{'overhead/game':>15}")
    print(f"{1:>8}{games / one:>10.1f}{1.0:>10.2f}{(one - thinking) / games * 1e3:>13.2f}ms")
    print(f"{args.workers:>8}{games / many:>10.1f}{one / many:>10.2f}{'':>15}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
