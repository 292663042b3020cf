"""Play a tournament's missing games on local worker processes, storing each as it finishes.

Games go to the workers in small batches (less overhead than one task a game); each finished
game is committed to the store at once by the main process. Ctrl-C stops the workers at once:
the games already stored stay, and ``run`` on the same tournament plays only the rest. The
games are made from the schedule as the workers take them, never all at once, so that memory
does not grow with the number of games.
"""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import NamedTuple

from fourinarow.core.machine import available_cores
from fourinarow.search.interrupt import worker_pool
from fourinarow.service.jobs import interruptible
from fourinarow.tournament.one_game import (
    GameRecord,
    GameSpec,
    LatestMove,
    play_games,
    report_moves,
)
from fourinarow.tournament.schedule import schedule
from fourinarow.tournament.store import Store

__all__ = [
    "MissingGames",
    "Progress",
    "available_cores",
    "batches",
    "missing_games",
    "run_local",
    "store_as_played",
    "worker_count",
]

Progress = Callable[[int, int, float], None]
"""Called after each stored game with (games done, games in all, seconds since the start)."""


class MissingGames(NamedTuple):
    """The games of a stored tournament still to play: how many are ``left``, and the ``games``
    themselves, in order, made one by one as they are read."""

    left: int
    games: Iterator[GameSpec]


def missing_games(store: Store, tournament_id: int) -> MissingGames:
    """The scheduled games of a stored tournament that are not stored yet, in order."""
    stored = store.tournament(tournament_id)
    if stored is None:
        raise KeyError(tournament_id)
    done = store.played_indexes(tournament_id)
    games = schedule(stored.settings)
    left = len(games) - sum(1 for index in done if 0 <= index < len(games))
    return MissingGames(left, (spec for spec in games if spec.index not in done))


def worker_count(requested: int, games: int, cores: int | None = None) -> int:
    """The worker processes worth starting: those ``requested``, but no more than the games to
    play or the cores (``cores``, default :func:`available_cores`), and at least one.

    >>> worker_count(1000, games=2, cores=8), worker_count(1000, games=50, cores=8)
    (2, 8)
    """
    limit = available_cores() if cores is None else cores
    return max(1, min(requested, games, limit))


def batches(missing: MissingGames, workers: int) -> Iterator[list[GameSpec]]:
    """The games in batches, made as they are taken: a few per worker at least, at most 8
    games each."""
    size = max(1, min(8, missing.left // max(1, workers * 4)))
    while batch := list(itertools.islice(missing.games, size)):
        yield batch


def _worker_setup(latest: LatestMove | None = None) -> None:
    """In each worker (which leaves Ctrl-C to the main process: :func:`worker_pool`): when
    Ctrl-C stops the workers mid-write, the pool's own complaints are noise (errors in games
    still reach the main process, as exceptions). Its games record their moves in
    ``latest``, if given."""
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (lives as long as the worker)
    if latest is not None:
        report_moves(latest)


def _batches_played(
    missing: MissingGames, workers: int, latest: LatestMove | None = None
) -> Iterator[list[GameRecord]]:
    """Finished games, a batch at a time, as the workers finish them (the pool takes batches
    as its queue to the workers has room); each move is recorded in ``latest``, if given."""
    if workers <= 1:  # in this process, a game at a time, beside the main thread for Ctrl-C
        for spec in missing.games:
            yield interruptible(partial(play_games, [spec], latest))
        return
    with worker_pool(workers, partial(_worker_setup, latest)) as pool:
        yield from pool.imap_unordered(play_games, batches(missing, workers))
        pool.close()


def store_as_played(
    store: Store,
    tournament_id: int,
    finished_batches: Iterable[list[GameRecord]],
    progress: Progress | None = None,
) -> int:
    """Store each batch of finished games as it comes (one commit a batch: its games ended
    together) and report progress; return how many games were stored."""
    stored = store.tournament(tournament_id)
    assert stored is not None
    start = time.perf_counter()
    played = 0
    if progress is not None:
        progress(stored.played, stored.total_games, 0.0)  # where a resumed run starts
    for finished in finished_batches:
        store.add_many(tournament_id, finished)
        played += len(finished)
        if progress is not None:
            progress(stored.played + played, stored.total_games, time.perf_counter() - start)
    return played


def run_local(
    store: Store,
    tournament_id: int,
    workers: int,
    progress: Progress | None = None,
    latest: LatestMove | None = None,
) -> int:
    """Play and store every missing game of a tournament on ``workers`` processes (at most one
    per game and per core: :func:`worker_count`); return how many were played. Each move is
    recorded in ``latest``, if given, for a display of the games in play."""
    missing = missing_games(store, tournament_id)
    workers = worker_count(workers, missing.left)
    played = _batches_played(missing, workers, latest)
    return store_as_played(store, tournament_id, played, progress)
