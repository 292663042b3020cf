"""Local workers: never more processes than games or cores, however many are asked for; the
games to play made as they are taken."""

from __future__ import annotations

import multiprocessing
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourinarow.tournament import Settings, Store, schedule
from fourinarow.tournament.one_game import GameSpec, LatestMove, play_game
from fourinarow.tournament.runner import available_cores, missing_games, run_local, worker_count


@given(requested=st.integers(1, 10**6), games=st.integers(0, 10**4), cores=st.integers(1, 1024))
def test_workers_are_capped_at_the_games_and_the_cores(
    requested: int, games: int, cores: int
) -> None:
    workers = worker_count(requested, games, cores)
    assert 1 <= workers <= requested
    assert workers <= cores
    assert workers <= max(1, games)
    assert workers in {1, requested, games, cores}  # no lower than a cap makes it


def test_a_thousand_workers_for_two_games_start_at_most_two_processes(tmp_path: Path) -> None:
    settings = Settings(("random", "simple"), games=2)
    running: list[int] = []
    with Store(tmp_path / "r.sqlite3") as store:
        tournament = store.create(settings, len(schedule(settings)))
        played = run_local(
            store,
            tournament,
            1000,
            lambda *_: running.append(len(multiprocessing.active_children())),
        )
    assert played == 2
    assert max(running) <= min(2, available_cores())


def test_the_missing_games_of_a_million_are_made_as_they_are_taken(tmp_path: Path) -> None:
    settings = Settings(("random", "simple"), games=1_000_000)
    games = schedule(settings)
    with Store(tmp_path / "r.sqlite3") as store:
        tournament = store.create(settings, len(games))
        store.add_many(tournament, [play_game(games[i]) for i in (0, 1, 3)])
        tracemalloc.start()
        try:
            missing = missing_games(store, tournament)
            taken = [next(missing.games).index for _ in range(3)]
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert isinstance(missing.games, Iterator)
    assert missing.left == 1_000_000 - 3
    assert taken == [2, 4, 5]
    assert peak < 1_000_000  # bytes: the games taken, not the million


def test_a_game_records_each_move_as_it_is_played() -> None:
    """What a progress display reads while a game is in play: the game and its stones."""
    seen: list[tuple[int, int] | None] = []

    class Watching(LatestMove):
        def record(self, index: int, plies: int) -> None:
            super().record(index, plies)
            seen.append(self.read())

    record = play_game(GameSpec(5, "simple", "random", opening=(3, 3), seed=1), Watching())
    assert seen == [(5, plies) for plies in range(3, record.length + 1)]


@pytest.mark.parametrize("workers", [1, 2])
def test_the_games_in_play_record_their_moves_from_every_worker(
    tmp_path: Path, workers: int
) -> None:
    """In this process (one worker) or in worker processes, which share the record."""
    settings = Settings(("random", "simple"), games=4)
    latest = LatestMove()
    seen: list[tuple[int, int] | None] = []
    with Store(tmp_path / "r.sqlite3") as store:
        tournament = store.create(settings, len(schedule(settings)))
        run_local(store, tournament, workers, lambda *_: seen.append(latest.read()), latest)
        finished = {(record.spec.index, record.length) for record in store.records(tournament)}
    assert seen[0] is None  # the first report comes before any move
    assert None not in seen[1:]  # each later one after a game's last move, at least
    assert latest.read() in finished
