"""Play a tournament's missing games on a Ray cluster: an existing one (``address``) or a local
one started for the run. Needs the extra: ``pip install 'fourinarow[ray]'``.

Games go out in batches, one Ray task per batch, a few batches per worker in flight at once,
and come back with ``ray.wait`` a few at a time; each finished batch is stored at once, as with
local workers, and another goes out. Games are seeded by their place in
the schedule, so for a fixed seed the results equal the local backend's (but for the times).
Ray is only initialised if it is not already, with at most ``workers`` CPUs when it starts a
local instance (and no more than the games or the local cores), and shut down again if this run
started it. An address where no cluster answers fails within seconds
(:class:`~fourinarow.extras.RayConnectionError`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from fourinarow.extras import start_ray
from fourinarow.tournament.one_game import GameRecord, play_games
from fourinarow.tournament.runner import (
    Progress,
    batches,
    missing_games,
    store_as_played,
    worker_count,
)
from fourinarow.tournament.store import Store

__all__ = ["IN_FLIGHT", "run_ray"]

IN_FLIGHT = 4
"""Batches per worker sent to the cluster ahead of their results (a batch is up to 8 games)."""


def run_ray(
    store: Store,
    tournament_id: int,
    workers: int,
    address: str | None = None,
    progress: Progress | None = None,
) -> int:
    """Play and store every missing game of a tournament on Ray; return how many were played."""
    missing = missing_games(store, tournament_id)
    if not missing.left:  # a finished tournament: nothing to start Ray for
        return store_as_played(store, tournament_id, [], progress)
    # A cluster's size is its own; a local instance gets at most the cores of this machine.
    count = missing.left
    workers = max(1, min(workers, count)) if address else worker_count(workers, count)
    ray, started_here = start_ray(workers, address)
    remote_batch = ray.remote(play_games)
    waiting = batches(missing, workers)
    pending: list[Any] = []

    def finished_batches() -> Iterator[list[GameRecord]]:
        nonlocal pending
        pending += [remote_batch.remote(b) for b in itertools.islice(waiting, IN_FLIGHT * workers)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=min(4, len(pending)), timeout=1.0)
            pending += [remote_batch.remote(b) for b in itertools.islice(waiting, len(ready))]
            for reference in ready:
                yield ray.get(reference)

    try:
        return store_as_played(store, tournament_id, finished_batches(), progress)
    finally:
        for reference in pending:
            ray.cancel(reference, force=True)
        if started_here:
            ray.shutdown()
