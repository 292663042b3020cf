"""Our agents against PettingZoo's random policy, in PettingZoo's own ``connect_four_v3``.

    python benchmarks/pettingzoo_random.py     # perfect and level:6, 50 games a side
    python benchmarks/pettingzoo_random.py --games 20 --agents perfect,level:6,level:4 --env ours

Each agent plays ``--games`` games as ``player_0`` (first) and as many as ``player_1`` against
the random policy of PettingZoo's examples (``env.action_space(agent).sample(mask)``, seeded per
game). The agent sees only the observation dict and answers through
:class:`fourinarow.integrations.pettingzoo.AgentPolicy`, which reads the board back from the
planes; the time per move is the policy's whole call, on the wall clock. ``--env real`` (the
default) plays in PettingZoo's ``connect_four_v3``, ``--env ours`` in our environment
(``fourinarow.integrations.pettingzoo.env``, any ``--size``/``--connect``; ``perfect`` needs
``--time-ms`` on boards it cannot solve at once). The table gives per
agent and side: games, wins-draws-losses, score (win 1, draw 0.5), mean / p99 / max time per move.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import pettingzoo

from fourinarow.agents import Limit
from fourinarow.core import parse_size
from fourinarow.integrations.pettingzoo import AgentPolicy, env


def make_env(kind: str, width: int, height: int, connect: int) -> Any:
    if kind == "real":
        return pettingzoo.make("aec", "classic/connect_four-v3")
    return env(width=width, height=height, connect=connect)


def play(game: Any, policy: AgentPolicy, seat: str, seed: int) -> tuple[float, list[float]]:
    """One game; the agent's final reward and its seconds per move."""
    game.reset(seed=seed)
    for agent in game.possible_agents:
        game.action_space(agent).seed(seed)
    times: list[float] = []
    final = 0.0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            if agent == seat:
                final = float(reward)
            game.step(None)
        elif agent == seat:
            start = time.perf_counter()
            action = policy(observation)
            times.append(time.perf_counter() - start)
            game.step(action)
        else:
            game.step(game.action_space(agent).sample(observation["action_mask"]))
    return final, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per agent and side")
    parser.add_argument("--agents", default="perfect,level:6", help="agent specs, comma-separated")
    parser.add_argument("--env", choices=("real", "ours"), default="real")
    parser.add_argument("--size", default="7x6", help="WxH (with --env ours)")
    parser.add_argument("--connect", type=int, default=4, help="line length (with --env ours)")
    parser.add_argument(
        "--time-ms", type=float, help="the agents' time per move (default: their own limit)"
    )
    args = parser.parse_args()
    width, height = parse_size(args.size)
    if args.env == "real" and (width, height, args.connect) != (7, 6, 4):
        parser.error("connect_four_v3 is 7x6, connect 4: give --env ours for other shapes")
    game = make_env(args.env, width, height, args.connect)
    print(f"{args.games} games per side against PettingZoo's random policy in {game}")
    print(
        f"{'agent':<10} {'seat':<9} {'games':>5} {'W-D-L':>9} {'score':>7} "
        f"{'mean ms':>8} {'p99 ms':>7} {'max ms':>7}"
    )
    for spec in args.agents.split(","):
        for seat in game.possible_agents:
            limit = None if args.time_ms is None else Limit(time=args.time_ms / 1000)
            policy = AgentPolicy(spec, connect=args.connect, seed=1, limit=limit)
            results, times = [], []
            for seed in range(args.games):
                reward, moves = play(game, policy, seat, seed)
                results.append(reward)
                times += moves
            wins, draws = results.count(1.0), results.count(0.0)
            losses = len(results) - wins - draws
            score = 100 * (wins + draws / 2) / len(results)
            ordered = sorted(times)
            p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
            print(
                f"{spec:<10} {seat:<9} {len(results):>5} {f'{wins}-{draws}-{losses}':>9} "
                f"{score:>6.1f}% {1000 * statistics.fmean(times):>8.2f} {1000 * p99:>7.2f} "
                f"{1000 * ordered[-1]:>7.1f}"
            )


if __name__ == "__main__":
    main()
