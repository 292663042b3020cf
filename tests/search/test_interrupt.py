"""``interruptible``: a search beside the main thread gives its result or its error, and Ctrl-C
stops the wait at once (the commands' own Ctrl-C tests are in tests/cli/test_interrupt.py)."""

from __future__ import annotations

import signal
import threading

import pytest

from fourinarow.core import GameOverError
from fourinarow.search.interrupt import interruptible


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
