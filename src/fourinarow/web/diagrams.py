"""Diagrams read off the event loop, one at a time, each within the time cap.

A position given as a diagram (``grid=``, or a Kaggle observation's cells) is read by searching
for an order of play that reaches it (:meth:`fourinarow.core.Board.from_diagram`): a step per
stone for most diagrams, but up to a second of pure Python, holding the interpreter's lock, for
a large one with many stones whose order is hard to find. :class:`DiagramReader` reads them in
one worker thread of its own, never a search slot's, so that however many clients send such
diagrams, the event loop competes with one thread for the lock and the searches are not held
up. Each reading must end by the request's deadline (the server's time cap from its arrival):
its wait for the thread counts, and the search for an order of play is given what is left.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from fourinarow.core import Board, OrderSearchStoppedError
from fourinarow.web.searches import (
    STOPPING,
    DaemonThreads,
    ServerBusyError,
    ServerStoppingError,
    settle,
)

__all__ = ["WAITING", "DiagramReader", "Reading"]

WAITING = 64
"""How many requests may wait for the reader before more are refused at once."""

Reading = Callable[[float], Board]
"""Reads a board, its order of play searched for at most the seconds given."""


class DiagramReader:
    """Reads diagrams in one worker thread, in turn, each by its request's deadline."""

    def __init__(self) -> None:
        self._executor = DaemonThreads("fourinarow-diagram")
        self._turn: asyncio.Semaphore | None = None
        self._waiting = 0
        self._answers: set[asyncio.Future[Board]] = set()
        self._stopped = False

    def stop(self) -> None:
        """Answer every request that waits for a reading or its turn, and every later one,
        with :class:`~fourinarow.web.searches.ServerStoppingError` at once (on the event loop,
        when the server starts to stop); a reading still running ends on its own."""
        self._stopped = True
        for answer in self._answers:
            if not answer.done():
                answer.set_exception(ServerStoppingError(STOPPING))
        if self._waiting and self._turn is not None:
            self._turn.release()  # each request woken so passes it on to the next

    async def read(self, reading: Reading, deadline: float, cap_ms: float) -> Board:
        """``reading(seconds)`` in the reader's thread, once its turn comes, with the seconds
        left until ``deadline`` (a :func:`time.monotonic` time).

        Raises:
            ServerBusyError: the turn did not come by the deadline, or too many wait.
            ServerStoppingError: the server stops.
            OrderSearchStoppedError: the order of play was not found by the deadline (the
                message names the server's time cap, ``cap_ms``), or within its steps.
            FourInARowError: the diagram is not valid, or no game reaches it.
        """
        if self._stopped:
            raise ServerStoppingError(STOPPING)
        if self._turn is None:
            self._turn = asyncio.Semaphore(1)
        turn = self._turn
        if self._waiting >= WAITING:
            raise ServerBusyError(
                f"the server is busy: {self._waiting} requests wait to have a diagram read; "
                "try again, or give the position as its moves"
            )
        busy = ServerBusyError(
            f"the server is busy: no diagram could be read within its time cap of {cap_ms:g} "
            "ms; try again, or give the position as its moves"
        )
        self._waiting += 1
        try:
            async with asyncio.timeout(deadline - time.monotonic()):
                await turn.acquire()
        except TimeoutError:
            raise busy from None
        finally:
            self._waiting -= 1
        if self._stopped:  # woken by stop(): pass the wake-up on to the next in line
            turn.release()
            raise ServerStoppingError(STOPPING)
        if deadline - time.monotonic() <= 0:
            turn.release()
            raise busy

        def read_in_time() -> Board:
            return reading(deadline - time.monotonic())

        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._executor, read_in_time)
        future.add_done_callback(lambda _: turn.release())  # once the thread is done
        answer: asyncio.Future[Board] = loop.create_future()  # the reading's, or stop()'s
        future.add_done_callback(lambda done: settle(answer, done))
        self._answers.add(answer)
        try:
            return await answer  # a request gone leaves the reading to end on its own
        except OrderSearchStoppedError as error:
            if not error.timed_out:
                raise
            raise _over_the_cap(error, cap_ms) from None
        finally:
            self._answers.discard(answer)


def _over_the_cap(error: OrderSearchStoppedError, cap_ms: float) -> OrderSearchStoppedError:
    """The error of a reading stopped at the deadline, saying so in the server's words."""
    stopped = OrderSearchStoppedError(
        f"could not find an order of play for this grid within the server's time cap of "
        f"{cap_ms:g} ms ({error.steps} steps searched): give the position as its moves"
    )
    stopped.steps, stopped.timed_out = error.steps, True
    return stopped
