"""Background tasks: results collected by polling, forgotten ones dropped, never two at once."""

from __future__ import annotations

import threading

import pytest

from fourinarow.gui.thinking import BackgroundTask, TaskFailed


def test_a_result_is_collected_once() -> None:
    task: BackgroundTask[int] = BackgroundTask("test")
    assert task.ready
    assert not task.pending
    task.start(lambda: 6 * 7)
    assert task.pending
    assert task.wait(5) == 42
    assert not task.pending
    assert task.poll() is None


def test_a_forgotten_result_is_dropped_and_the_next_waits_for_the_thread() -> None:
    gate = threading.Event()
    task: BackgroundTask[str] = BackgroundTask("test")
    task.start(lambda: "old" if gate.wait(5) else "timeout")
    task.cancel()
    assert not task.pending
    assert not task.ready
    with pytest.raises(RuntimeError, match="still running"):
        task.start(lambda: "new")
    gate.set()
    assert task.wait(5) is None  # the old result is not wanted
    assert task.ready
    task.start(lambda: "new")
    assert task.wait(5) == "new"


def test_an_error_is_handed_over_not_raised_on_the_thread() -> None:
    task: BackgroundTask[int] = BackgroundTask("test")

    def fail() -> int:
        raise ValueError("no")

    task.start(fail)
    result = task.wait(5)
    assert isinstance(result, TaskFailed)
    assert str(result.error) == "no"


def test_the_thread_is_a_daemon_so_it_never_holds_the_program_open() -> None:
    gate = threading.Event()
    task: BackgroundTask[bool] = BackgroundTask("daemon-check")
    task.start(lambda: gate.wait(5))
    threads = [t for t in threading.enumerate() if t.name == "daemon-check"]
    assert threads
    assert all(t.daemon for t in threads)
    gate.set()
    task.wait(5)
