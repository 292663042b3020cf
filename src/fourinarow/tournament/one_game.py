"""One game between two agents, from an opening, with every move's time and nodes recorded."""

from __future__ import annotations

import multiprocessing
import time
from dataclasses import dataclass

from fourinarow.agents import Limit, make_agent
from fourinarow.core import Board, Column

__all__ = ["GameRecord", "GameSpec", "LatestMove", "play_game", "play_games", "report_moves"]


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


class LatestMove:
    """The latest move of the games in play, for a progress display: which game, and how many
    plies it has. Worker processes share it with the one that made it (hand it to them as they
    start: :func:`report_moves`), each writing it as its game moves; one 64-bit word, so that a
    reader never sees half of a write.

    >>> latest = LatestMove()
    >>> latest.read() is None
    True
    >>> latest.record(2, 14)
    >>> latest.read()
    (2, 14)
    """

    _PLY_BITS = 16  # a game has at most 400 plies (20x20)

    def __init__(self) -> None:
        self._word = multiprocessing.RawValue("q", 0)  # 0: no move yet

    def record(self, index: int, plies: int) -> None:
        """Game ``index`` (0-based) now has ``plies`` stones."""
        self._word.value = (index + 1) << self._PLY_BITS | plies

    def read(self) -> tuple[int, int] | None:
        """(game index, plies) of the latest move recorded, or ``None`` before the first."""
        word = int(self._word.value)
        if word == 0:
            return None
        return (word >> self._PLY_BITS) - 1, word & ((1 << self._PLY_BITS) - 1)


_worker_latest: list[LatestMove] = []
"""In a worker process: where the games it plays record their moves (:func:`report_moves`)."""


def report_moves(latest: LatestMove) -> None:
    """In a worker process, as it starts (a pool's initializer: ``latest`` can reach a worker
    only then): the games it plays record each move in ``latest``."""
    _worker_latest[:] = [latest]


def play_game(spec: GameSpec, latest: LatestMove | None = None) -> GameRecord:
    """Play one game to its end; record each move in ``latest``, if given.

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
        if latest is not None:
            latest.record(spec.index, board.ply)
    return GameRecord(spec, tuple(board.moves), outcome.winner, tuple(times), tuple(nodes))


def play_games(specs: list[GameSpec], latest: LatestMove | None = None) -> list[GameRecord]:
    """Play a batch of games in order (one task of a worker process or a Ray worker); record
    each move in ``latest``, else in the one this worker was given (:func:`report_moves`)."""
    if latest is None and _worker_latest:
        latest = _worker_latest[0]
    return [play_game(spec, latest) for spec in specs]
