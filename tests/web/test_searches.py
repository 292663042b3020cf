"""The search pool (web/searches.py): bounded, off the event loop, solvers not shared."""

from __future__ import annotations

import asyncio
import threading

import pytest

from fourinarow.core import Board
from fourinarow.search.solver import Solver
from fourinarow.web.searches import (
    DaemonThreads,
    SearchPool,
    ServerBusyError,
    ServerStoppingError,
)


def test_searches_run_in_worker_threads_with_their_own_solvers() -> None:
    pool = SearchPool(2, tt_mb=1)
    seen: list[tuple[str, int]] = []
    lock = threading.Lock()
    both_running = threading.Barrier(2, timeout=30)

    def work(solver: Solver) -> str:
        with lock:
            seen.append((threading.current_thread().name, id(solver)))
        both_running.wait()  # two at once: the pool runs them side by side
        return "done"

    async def main() -> list[str]:
        return list(await asyncio.gather(pool.run(work, 30), pool.run(work, 30)))

    try:
        assert asyncio.run(main()) == ["done", "done"]
    finally:
        pool.close()
    assert all(name.startswith("fourinarow-search") for name, _ in seen)
    assert len({solver for _, solver in seen}) == 2


def test_a_request_that_waits_past_its_limit_is_refused() -> None:
    pool = SearchPool(1, tt_mb=1)
    release = threading.Event()
    started = threading.Event()

    def hold(solver: Solver) -> None:
        started.set()
        release.wait(30)

    async def main() -> None:
        holding = asyncio.ensure_future(pool.run(hold, 30))
        while not started.is_set():
            await asyncio.sleep(0.01)
        with pytest.raises(ServerBusyError, match="busy"):
            await pool.run(lambda solver: None, 0.05)
        release.set()
        await holding
        assert await pool.run(lambda solver: 7, 30) == 7  # the slot came back

    try:
        asyncio.run(main())
    finally:
        release.set()
        pool.close()


def test_an_error_in_a_search_reaches_the_caller_and_frees_the_slot() -> None:
    pool = SearchPool(1, tt_mb=1)

    def fail(solver: Solver) -> None:
        raise ValueError("no")

    async def main() -> int:
        with pytest.raises(ValueError, match="no"):
            await pool.run(fail, 30)
        return await pool.run(lambda solver: 1, 30)

    try:
        assert asyncio.run(main()) == 1
    finally:
        pool.close()


def test_a_cancelled_request_gives_the_slot_back_when_its_search_ends() -> None:
    pool = SearchPool(1, tt_mb=1)
    release = threading.Event()

    async def main() -> int:
        running = asyncio.ensure_future(pool.run(lambda solver: release.wait(30), 30))
        await asyncio.sleep(0.05)
        running.cancel()
        release.set()
        return await pool.run(lambda solver: 3, 30)

    try:
        assert asyncio.run(main()) == 3
    finally:
        release.set()
        pool.close()


def test_stop_answers_the_running_and_the_waiting_requests_at_once() -> None:
    """When the server stops, a request whose search runs on and one that waits for a slot
    both get ServerStoppingError at once, and so does a later one; the search is left to end
    on its own, in a daemon thread (it would not keep the process alive)."""
    pool = SearchPool(1, tt_mb=1)
    release = threading.Event()
    started = threading.Event()
    threads: list[threading.Thread] = []

    def hold(solver: Solver) -> None:
        threads.append(threading.current_thread())
        started.set()
        release.wait(30)

    async def main() -> None:
        running = asyncio.ensure_future(pool.run(hold, 30))
        while not started.is_set():
            await asyncio.sleep(0.01)
        waiting = asyncio.ensure_future(pool.run(lambda solver: 7, 30))
        await asyncio.sleep(0.05)
        pool.stop()
        for request in (running, waiting):
            with pytest.raises(ServerStoppingError, match="stopping"):
                await asyncio.wait_for(request, 5)
        with pytest.raises(ServerStoppingError):
            await pool.run(lambda solver: 7, 30)

    try:
        asyncio.run(main())
        assert threads[0].daemon
        assert threads[0].is_alive()  # the search runs on, abandoned
    finally:
        release.set()
        pool.close()


def test_daemon_threads_are_kept_for_the_next_call_and_hand_errors_over() -> None:
    threads = DaemonThreads("fourinarow-test")
    first = threads.submit(threading.current_thread).result(30)
    assert first.daemon
    assert first.name == "fourinarow-test"
    assert threads.submit(threading.current_thread).result(30) is first
    with pytest.raises(ZeroDivisionError):
        threads.submit(lambda: 1 / 0).result(30)
    assert threads.submit(threading.current_thread).result(30) is first


def test_searches_of_large_boards_leave_one_slot_to_the_others() -> None:
    pool = SearchPool(2, tt_mb=1)
    release = threading.Event()
    started = threading.Event()

    def hold(solver: Solver) -> None:
        started.set()
        release.wait(30)

    async def main() -> None:
        holding = asyncio.ensure_future(pool.run(hold, 30, heavy=True))
        while not started.is_set():
            await asyncio.sleep(0.01)
        with pytest.raises(ServerBusyError, match="busy"):  # a second large board waits
            await pool.run(lambda solver: None, 0.1, heavy=True)
        assert await pool.run(lambda solver: 5, 0.1) == 5  # another board finds the slot
        release.set()
        await holding
        assert await pool.run(lambda solver: 6, 30, heavy=True) == 6

    try:
        asyncio.run(main())
    finally:
        release.set()
        pool.close()


def test_with_one_slot_a_large_board_may_take_it() -> None:
    pool = SearchPool(1, tt_mb=1)
    try:
        assert asyncio.run(pool.run(lambda solver: 4, 30, heavy=True)) == 4
    finally:
        pool.close()


def test_a_request_whose_client_has_gone_stops_its_search() -> None:
    pool = SearchPool(1, tt_mb=16)
    endless = Board(width=8, height=7)  # no book, no limit: never ends on its own

    async def main() -> int:
        searching = asyncio.ensure_future(pool.run(lambda solver: solver.analyze(endless), 30))
        while pool._free:  # until the search has the only slot and its solver
            await asyncio.sleep(0.01)
        searching.cancel()  # the client has gone
        with pytest.raises(asyncio.CancelledError):
            await searching
        return await pool.run(lambda solver: 7, 30)  # the slot comes back once it stopped

    try:
        assert asyncio.run(main()) == 7
    finally:
        pool.close()


def test_stopping_the_pool_stops_the_searches_it_runs() -> None:
    pool = SearchPool(1, tt_mb=16)
    endless = Board(width=8, height=7)

    async def main() -> None:
        searching = asyncio.ensure_future(pool.run(lambda solver: solver.analyze(endless), 30))
        while pool._free:  # until the search has the only slot and its solver
            await asyncio.sleep(0.01)
        pool.stop()  # the server stops
        with pytest.raises(ServerStoppingError):
            await searching
        for _ in range(3000):  # the search stops and gives its solver back
            if pool._free:
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the search went on after the pool stopped")

    try:
        asyncio.run(main())
    finally:
        pool.close()
