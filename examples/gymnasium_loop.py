"""The Gymnasium loop against one of our agents, and our solver as the judge of a policy.

A deliberately tiny learner, seven numbers, one preference per column (a softmax policy trained
by REINFORCE on the episode's reward), plays ``fourinarow/ConnectFour-v0`` against a weak
opponent for a few hundred episodes. That is the loop any learner runs. Then the solver grades
it: the share of the Begin-Easy benchmark positions (Pascal Pons' ``Test_L1_R1``) where the
policy plays an optimal move (one that keeps the position's exact score) and where it keeps the
result (win, draw or loss), beside random and perfect play for scale::

    pip install 'fourinarow[gymnasium]'
    python examples/gymnasium_loop.py --episodes 500 --positions 200

The positions are read from ``--set`` (``moves score`` per line), by default the full set in
``$FOURINAROW_BENCH_DIR``, else the benchmark folder beside the checkout when it is there, else
the sample committed in ``tests/data/bench`` (20 positions; a note says so).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import SupportsFloat

import gymnasium
import numpy as np

import fourinarow.integrations.gymnasium  # noqa: F401  # registers fourinarow/ConnectFour-v0
from fourinarow.core import Board
from fourinarow.integrations.pettingzoo import AgentPolicy, observation_planes, optimal_actions
from fourinarow.search.solver import Solver

ROOT = Path(__file__).resolve().parents[1]
SETS = [
    *(
        [Path(os.environ["FOURINAROW_BENCH_DIR"]) / "Test_L1_R1"]
        if os.environ.get("FOURINAROW_BENCH_DIR")
        else []
    ),
    ROOT.parent / "shared" / "bench" / "positions" / "Test_L1_R1",
    ROOT / "tests" / "data" / "bench" / "Test_L1_R1",
]
"""Where Begin-Easy is looked for: ``$FOURINAROW_BENCH_DIR`` (as ``fourinarow review --agent``
reads it), the full set beside the checkout, else the sample committed for the tests."""

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy: the observation planes and the action mask in, a column out."""


class ColumnPreferences:
    """A softmax over one learned preference per column, masked to the legal columns."""

    def __init__(self, width: int, rng: np.random.Generator, step: float = 0.05) -> None:
        self.weights = np.zeros(width)
        self.rng = rng
        self.step = step

    def probabilities(self, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask == 1, self.weights, -np.inf)
        exp = np.exp(logits - logits[mask == 1].max())
        return np.asarray(exp / exp.sum())

    def sample(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(self.rng.choice(len(mask), p=self.probabilities(mask)))

    def greedy(self, observation: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(self.probabilities(mask)))

    def learn(self, episode: list[tuple[int, np.ndarray]], reward: float) -> None:
        """REINFORCE: move each chosen column's log-probability by the episode's reward."""
        for action, mask in episode:
            gradient = -self.probabilities(mask)
            gradient[action] += 1
            self.weights += self.step * reward * gradient


def train(episodes: int, opponent: str, seed: int) -> tuple[ColumnPreferences, float]:
    """The loop: reset, act on the mask, step, learn from the reward. Returns the policy and its
    mean reward over the last quarter of the episodes."""
    env = gymnasium.make("fourinarow/ConnectFour-v0", opponent=opponent, agent_first=None)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)  # a column per action
    policy = ColumnPreferences(int(env.action_space.n), np.random.default_rng(seed))
    rewards = []
    for episode in range(episodes):
        observation, info = env.reset(seed=seed + episode)
        taken: list[tuple[int, np.ndarray]] = []
        terminated = truncated = False
        reward: SupportsFloat = 0.0
        while not (terminated or truncated):
            action = policy.sample(observation, info["action_mask"])
            taken.append((action, info["action_mask"]))
            observation, reward, terminated, truncated, info = env.step(action)
        policy.learn(taken, float(reward))
        rewards.append(float(reward))
    env.close()
    last = rewards[-max(1, episodes // 4) :]
    return policy, sum(last) / len(last)


def read_positions(path: Path, count: int) -> list[Board]:
    boards = []
    for line in path.read_text().splitlines()[:count]:
        boards.append(Board.from_moves(line.split()[0]))
    return boards


def judge(policy: Policy, boards: list[Board], solver: Solver) -> tuple[float, float]:
    """The shares of positions where ``policy`` keeps the exact score, and the result."""
    optimal = kept = 0
    for board in boards:
        mask = np.zeros(board.width, dtype=np.int8)
        mask[board.legal_moves] = 1
        observation = observation_planes(board, board.turn)
        column = policy(observation, mask)
        optimal += column in optimal_actions(observation, solver=solver)
        kept += column in optimal_actions(observation, weak=True, solver=solver)
    return 100 * optimal / len(boards), 100 * kept / len(boards)


def agent_policy(spec: str, seed: int) -> Policy:
    """One of our agents as a policy on observations (it reads the board back from them)."""
    play = AgentPolicy(spec, seed=seed)
    return lambda observation, mask: play(observation)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=500, help="training episodes")
    parser.add_argument(
        "--opponent", default="simple:blunder=0.5", help="the opponent's agent spec"
    )
    parser.add_argument("--positions", type=int, default=200, help="Begin-Easy positions judged")
    parser.add_argument("--set", type=Path, help="a file of 'moves score' lines")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start = time.perf_counter()
    learner, reward = train(args.episodes, args.opponent, args.seed)
    print(
        f"trained {args.episodes} episodes against {args.opponent} in "
        f"{time.perf_counter() - start:.1f} s: mean reward {reward:+.2f} over the last quarter; "
        f"column preferences {np.round(learner.weights, 2).tolist()}"
    )
    path = args.set or next(p for p in SETS if p.is_file())
    boards = read_positions(path, args.positions)
    if len(boards) < args.positions:
        print(
            f"note: {path} holds {len(boards)} positions, fewer than --positions {args.positions} "
            "(the full set: set FOURINAROW_BENCH_DIR to its folder, or give --set)",
            file=sys.stderr,
        )
    solver = Solver()
    print(f"judged by the solver on {len(boards)} Begin-Easy positions ({path.name}):")
    print(f"{'policy':<22} {'optimal move':>12} {'keeps result':>12}")
    rows: list[tuple[str, Policy]] = [
        ("learned (greedy)", learner.greedy),
        ("random", agent_policy("random", args.seed)),
        ("level:6", agent_policy("level:6", args.seed)),
        ("perfect", agent_policy("perfect", args.seed)),
    ]
    for name, policy in rows:
        optimal, kept = judge(policy, boards, solver)
        print(f"{name:<22} {optimal:>11.1f}% {kept:>11.1f}%")


if __name__ == "__main__":
    main()
