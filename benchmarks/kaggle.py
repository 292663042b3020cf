"""Our agents against Kaggle's ConnectX baselines, in Kaggle's own harness.

    python benchmarks/kaggle.py                                # perfect and level:6 vs negamax
    python benchmarks/kaggle.py --ours perfect --theirs negamax,random --games 10
    python benchmarks/kaggle.py --rows 5 --columns 6

Runs where kaggle-environments is installed (pip install kaggle-environments, best in a virtual
environment of its own: its pins clash with other packages) and fourinarow can be imported (for
example PYTHONPATH=src). Each of our agents plays as ``fourinarow.integrations.kaggle.KaggleAgent``
(the agent a submission from ``fourinarow kaggle export`` plays) in ``make("connectx")``, GAMES
games as each colour against each of Kaggle's agents. It prints, per pairing, the games, our
wins, draws and losses, our score (a win 1, a draw 1/2), the statuses other than DONE
(TIMEOUT, ERROR, INVALID), our time per move as Kaggle measured it (mean, and the largest:
the first move of the run reads the opening book), the overage left at the end of a game (the
least of the games) and Kaggle's agent's mean time per move. To measure the pure-Python
fallback, put an unpacked ``fourinarow kaggle export --pure-python`` first on PYTHONPATH.
"""

from __future__ import annotations

import argparse
import os
import statistics
from typing import Any

from fourinarow.integrations.kaggle import KaggleAgent


def play(ours: str, theirs: str, games: int, rows: int, columns: int) -> dict[str, Any]:
    """``games`` games a colour of ``ours`` against Kaggle's ``theirs``."""
    from kaggle_environments import make

    player = KaggleAgent(ours, seed=2026)
    wins = draws = losses = 0
    statuses: list[str] = []
    times: list[float] = []
    their_times: list[float] = []
    overage_left: list[float] = []
    for game in range(2 * games):
        seat = game % 2
        env = make("connectx", configuration={"rows": rows, "columns": columns})
        agents: list[Any] = [player, theirs] if seat == 0 else [theirs, player]
        steps = env.run(agents)
        final = steps[-1][seat]
        if final.status != "DONE":
            statuses.append(final.status)
        reward = final.reward or 0
        wins += reward == 1
        draws += reward == 0 and final.status == "DONE"
        losses += reward == -1 or final.status != "DONE"
        for step in env.logs:
            for index, log in enumerate(step):
                if "duration" in log:
                    (times if index == seat else their_times).append(log["duration"])
        overage_left.append(final.observation.remainingOverageTime)
    return {
        "games": 2 * games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": (wins + draws / 2) / (2 * games),
        "statuses": ",".join(sorted(set(statuses))) or "-",
        "mean_ms": 1000 * statistics.fmean(times) if times else 0.0,
        "max_ms": 1000 * max(times, default=0.0),
        "their_ms": 1000 * statistics.fmean(their_times) if their_times else 0.0,
        "overage": min(overage_left),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ours", default="perfect,level:6", help="our agent specs, by commas")
    parser.add_argument("--theirs", default="negamax", help="Kaggle's agents: negamax, random")
    parser.add_argument("--games", type=int, default=10, help="games as each colour")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--columns", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("FOURINAROW_CACHE", "")  # as a submission: the book read in memory
    header = (
        f"{'ours':<10} {'theirs':<8} {'games':>5} {'W-D-L':>9} {'score':>6} "
        f"{'not DONE':>8} {'ms/move':>8} {'max ms':>7} {'overage':>7} {'their ms':>9}"
    )
    print(f"ConnectX {args.columns}x{args.rows} (columns x rows), in kaggle-environments")
    print(header)
    for ours in args.ours.split(","):
        for theirs in args.theirs.split(","):
            r = play(ours, theirs, args.games, args.rows, args.columns)
            wdl = f"{r['wins']}-{r['draws']}-{r['losses']}"
            print(
                f"{ours:<10} {theirs:<8} {r['games']:>5} {wdl:>9} {r['score']:>6.2f} "
                f"{r['statuses']:>8} {r['mean_ms']:>8.0f} {r['max_ms']:>7.0f} "
                f"{r['overage']:>7.1f} {r['their_ms']:>9.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
