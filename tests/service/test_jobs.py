"""Jobs (service/jobs.py): a search or review in a thread of its own, its progress iterated,
stopped early, waited for; and ``interruptible``, which waits for one so that Ctrl-C comes
through at once."""

from __future__ import annotations

import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from fourinarow.core import Board, GameOverError
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Bounds, Exact, Unvalued
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import (
    JobControl,
    JobStoppedError,
    interruptible,
    start_job,
    start_review,
    start_search,
)

LONG = Board(width=8, height=7)
"""A position no search proves in a test's time (8x7, no book, no limit)."""


def unfinished(values: object) -> bool:
    """True when some column's value is not exact (a search stopped before it was done)."""
    from fourinarow.search.scores import ColumnValues

    assert isinstance(values, ColumnValues)
    return any(isinstance(v, Bounds) or v is Unvalued.NOT_SEARCHED for v in values.values)


def test_progress_iterates_while_the_job_runs_and_ends_with_it() -> None:
    release = threading.Event()

    def work(control: JobControl) -> str:
        control.step(0, 3)
        control.step()
        release.wait(30)
        control.step()
        control.step()
        return "done"

    job = start_job(work, interval=0.01)
    snapshots = []
    for snapshot in job:
        snapshots.append(snapshot)
        release.set()  # the work goes on once the first snapshot was seen
    assert snapshots[0].running
    assert not snapshots[-1].running
    assert all(s.running for s in snapshots[:-1])
    assert (snapshots[-1].steps, snapshots[-1].total) == (3, 3)
    assert job.wait() == "done"
    assert job.finished


def test_a_search_reports_each_column_as_it_goes_and_its_result_at_the_end() -> None:
    board = Board.from_moves("", width=6, height=5)
    job = start_search(board, solver=Solver(tt_mb=16, book=False), interval=0.01)
    snapshots = list(job)
    values = job.wait()
    assert values is not None
    assert values.labels() == ("0",) * 6
    last = snapshots[-1]
    assert not last.running
    assert last.values is not None
    assert last.values.values == values.values
    assert last.nodes == values.nodes
    assert last.search is not None
    assert last.search.board == board


def test_stop_ends_a_long_search_early_with_what_it_proved() -> None:
    job = start_search(LONG, solver=Solver(tt_mb=16, book=False), interval=0.01)
    for snapshot in job:
        if snapshot.nodes > 0:  # the kernel is searching the first column
            job.stop()
    values = job.wait(60)
    assert job.finished
    assert job.stopped
    assert values is not None
    assert unfinished(values)


def test_a_stopped_solver_serves_the_next_search_in_full() -> None:
    solver = Solver(tt_mb=16, book=False)
    job = start_search(LONG, solver=solver, interval=0.01)
    for snapshot in job:
        if snapshot.nodes > 0:
            job.stop()
    assert job.wait(60) is not None
    job.stop()  # after its end: nothing left to stop, the solver's next search unaffected
    again = start_search(Board.from_moves("", width=6, height=5), solver=solver)
    values = again.wait(60)
    assert values is not None
    assert values.labels() == ("0",) * 6


def test_a_deadline_ends_a_search_as_a_limit_would() -> None:
    job = start_search(LONG, solver=Solver(tt_mb=16, book=False), deadline=0.2)
    values = job.wait(60)
    assert values is not None
    assert unfinished(values)
    assert job.stopped


def test_wait_raises_what_the_work_raised() -> None:
    over = Board.from_moves("4545454")
    with pytest.raises(GameOverError):
        start_search(over).wait(30)

    def fails(control: JobControl) -> None:
        raise TimeoutError("the work's own")

    with pytest.raises(TimeoutError, match="the work's own"):
        start_job(fails).wait(30)
    with pytest.raises(TimeoutError, match="the work's own"):
        interruptible(lambda: fails(JobControl()))


def test_wait_with_a_timeout_raises_while_the_job_runs() -> None:
    release = threading.Event()
    job = start_job(lambda control: release.wait(30))
    with pytest.raises(TimeoutError, match="not ended"):
        job.wait(0.01)
    release.set()
    assert job.wait(30) is True


def test_two_jobs_run_at_once() -> None:
    both = threading.Barrier(2, timeout=30)
    jobs = [start_job(lambda control: both.wait() >= 0) for _ in range(2)]
    assert [job.wait(30) for job in jobs] == [True, True]  # each waited for the other

    boards = [Board.from_moves("", width=6, height=5), Board.from_moves("4455")]
    searches = [start_search(board, solver=Solver(tt_mb=16)) for board in boards]
    results = [job.wait(60) for job in searches]
    alone = [Solver(tt_mb=16).analyze(board) for board in boards]
    assert [r.labels() if r else None for r in results] == [v.labels() for v in alone]


def test_a_job_stopped_before_it_starts_never_runs() -> None:
    ran: list[str] = []
    release = threading.Event()
    with ThreadPoolExecutor(1) as executor:
        busy = start_job(lambda control: release.wait(30), executor=executor)
        waiting = start_job(lambda control: ran.append("ran"), executor=executor)
        waiting.stop()
        release.set()
        assert busy.wait(30) is True
        assert waiting.wait(30) is None
    assert ran == []
    assert waiting.finished
    assert not waiting.progress().running


def test_a_job_stopped_before_its_work_checks_in_ends_with_none() -> None:
    entered = threading.Event()
    release = threading.Event()

    def work(control: JobControl) -> str:
        entered.set()
        release.wait(30)
        control.check()  # the stop is seen here
        return "not reached"

    job = start_job(work)
    assert entered.wait(30)
    job.stop()
    release.set()
    assert job.wait(30) is None
    with pytest.raises(JobStoppedError):
        JobControl(deadline=0).check()


def test_a_stop_before_the_solver_is_called_still_stops_its_search() -> None:
    solver = Solver(tt_mb=16, book=False)
    entered = threading.Event()
    release = threading.Event()

    def work(control: JobControl) -> object:
        entered.set()
        release.wait(30)
        return solver.analyze(LONG)  # no check first: the solver itself must stop

    job = start_job(work, solver=solver)
    assert entered.wait(30)
    job.stop()
    release.set()
    values = job.wait(60)
    assert unfinished(values)
    assert solver.solve(Board(width=5, height=4)).exact  # resumed once the job ended


def test_a_with_block_stops_its_job() -> None:
    with start_search(LONG, solver=Solver(tt_mb=16, book=False)) as job:
        pass
    values = job.wait(60)
    assert job.stopped
    assert values is None or unfinished(values)


def test_a_review_counts_its_positions_and_stops_between_two() -> None:
    board = Board.from_moves("445536", width=8, height=7)
    whole = start_review(board, Limit(time=0.05), solver=Solver(tt_mb=16), interval=0.01)
    seen = list(whole)
    review = whole.wait(60)
    assert review is not None
    assert len(review.moves) == 6
    assert (seen[-1].steps, seen[-1].total) == (6, 6)

    stopped = start_review(board, Limit(time=0.05), solver=Solver(tt_mb=16), interval=0.01)
    for snapshot in stopped:
        if snapshot.steps >= 1:
            stopped.stop()
    assert stopped.wait(60) is None
    assert stopped.progress().steps < 6


def test_values_so_far_are_proven() -> None:
    job = start_search(LONG, solver=Solver(tt_mb=16, book=False), deadline=0.3)
    values = job.wait(60)
    assert values is not None
    for value in values.values:
        assert isinstance(value, Exact | Bounds) or value in (Unvalued.NOT_SEARCHED,)


# ------------------------------------------------------------------ interruptible


def test_interruptible_gives_the_result_or_the_error_of_the_work() -> None:
    assert interruptible(lambda: 42) == 42

    def fails() -> int:
        raise GameOverError("over")

    with pytest.raises(GameOverError, match="over"):
        interruptible(fails)


def test_interruptible_leaves_the_work_behind_on_ctrl_c() -> None:
    released = threading.Event()
    threading.Timer(0.2, signal.raise_signal, [signal.SIGINT]).start()
    with pytest.raises(KeyboardInterrupt):
        interruptible(lambda: released.wait(30))  # a search that would hold Ctrl-C back
    assert not released.is_set()  # Ctrl-C came through while the work still ran
    searching = [thread for thread in threading.enumerate() if thread.name == "fourinarow-search"]
    assert searching, "the work was not left behind in its daemon thread"
    assert all(thread.daemon for thread in searching)
    released.set()
    for thread in searching:
        thread.join(5)
