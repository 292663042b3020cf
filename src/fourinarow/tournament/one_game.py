"""One game between two agents, from an opening, with every move's time and nodes recorded."""

from __future__ import annotations

import time
from dataclasses import dataclass

from fourinarow.agents import Limit, make_agent
from fourinarow.core import Board, Column

__all__ = ["GameRecord", "GameSpec", "play_game", "play_games"]


@dataclass(frozen=True)
class GameSpec:
    """A game to play: who, on what board, from which opening, with which seed.

    Attributes:
        index: the game's number in its tournament (0-based).
        first, second: the agent specs of the first and second player.
        width, height, connect: the board.
        opening: columns (0-based) played before the agents take over.
        seed: seeds both agents (each its own stream).
        time: seconds per move for agents that use time (``None``: their own default).
    """

    index: int
    first: str
    second: str
    width: int = 7
    height: int = 6
    connect: int = 4
    opening: tuple[Column, ...] = ()
    seed: int = 0
    time: float | None = None


@dataclass(frozen=True)
class GameRecord:
    """A finished game.

    Attributes:
        spec: what was played.
        moves: every column played (0-based), the opening included.
        winner: 1 (the first player), 2, or ``None`` for a draw.
        times: seconds each agent move took (the opening's moves are not agents' moves).
        nodes: positions each agent move examined.
    """

    spec: GameSpec
    moves: tuple[Column, ...]
    winner: int | None
    times: tuple[float, ...]
    nodes: tuple[int, ...]

    @property
    def length(self) -> int:
        """Plies played, the opening included."""
        return len(self.moves)


def play_game(spec: GameSpec) -> GameRecord:
    """Play one game to its end.

    >>> record = play_game(GameSpec(0, "simple", "random", seed=3))
    >>> record.winner in (1, 2, None) and len(record.times) == record.length
    True
    """
    board = Board(spec.width, spec.height, spec.connect)
    for column in spec.opening:
        board.push(column)
    agents = {
        1: make_agent(spec.first, seed=spec.seed * 2 + 1),
        2: make_agent(spec.second, seed=spec.seed * 2 + 2),
    }
    limit = Limit(time=spec.time)
    times: list[float] = []
    nodes: list[int] = []
    while (outcome := board.outcome()) is None:
        start = time.perf_counter()
        decision = agents[board.turn].choose(board.copy(), limit)
        times.append(time.perf_counter() - start)
        nodes.append(decision.nodes)
        board.push(decision.column)
    return GameRecord(spec, tuple(board.moves), outcome.winner, tuple(times), tuple(nodes))


def play_games(specs: list[GameSpec]) -> list[GameRecord]:
    """Play a batch of games in order (one task of a worker process or a Ray worker)."""
    return [play_game(spec) for spec in specs]
