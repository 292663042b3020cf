"""Agents of other libraries in worker processes, killed at the server's time cap.

Our own agents keep to the time they are given, whatever their options (``depth=``,
``nodes=``, ``playouts=``). An agent from another library, found through the entry points of
the group ``fourinarow.agents`` (``openspiel:``, ``kaggle:`` and any other), may not:
OpenSpiel's MCTS counts simulations and Kaggle's negamax searches its plies, and neither can be
stopped from outside. The server runs each move or analysis of such an agent in a worker
process of its own and kills the process when the time cap has passed (with
:data:`GRACE` to spare for the handing over); the request then gets :class:`TimeCapError` and
its search slot is free at once.

Worker processes are forked from a server process started on the first such request, which
imports fourinarow's agents and the frameworks of its adapters ahead (:data:`PRELOAD`); that
first start (about a second) is not counted against the cap, as a limit bounds the thinking,
not one-time costs. Killing a worker from outside never reaches a half-written table: each
process has its own memory.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import select
import signal
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from fourinarow.agents import AGENTS, Decision, Limit, analyze, make_agent
from fourinarow.agents.registry import agent_info
from fourinarow.core import Board, FourInARowError
from fourinarow.extras import MissingExtraError
from fourinarow.search.scores import ColumnValues

__all__ = ["GRACE", "PRELOAD", "ForeignAgent", "TimeCapError", "WorkerProcesses", "is_foreign"]

GRACE = 0.25
"""Seconds a worker has past the time cap to hand its answer over before it is killed."""

WATCH_SLICE = 0.2
"""Seconds between two looks of a worker at its time (and, without ``select.poll``, at its
server)."""

PRELOAD = (
    "fourinarow.agents",
    "fourinarow.web.foreign",
    "fourinarow.integrations.openspiel",
    "fourinarow.integrations.kaggle",
    "numpy",
    "pyspiel",
    "open_spiel.python.algorithms.mcts",
    "open_spiel.python.bots.uniform_random",
    "kaggle_environments.envs.connectx.connectx",
)
"""What the process that forks the workers imports once, so that no request pays for it (a
framework that is not installed is left out)."""


class TimeCapError(FourInARowError):
    """An agent that cannot be stopped ran past the server's time cap; its worker was killed."""


def is_foreign(spec: str) -> bool:
    """True when the spec names an agent another package registers (an entry point of the
    group ``fourinarow.agents``), not one of ours nor an unknown name.

    >>> is_foreign("openspiel:mcts,simulations=100"), is_foreign("level:5"), is_foreign("nope")
    (True, False, False)
    """
    name = spec.strip().partition(":")[0].strip().lower()
    return name not in AGENTS and agent_info(name) is not None


class WorkerProcesses:
    """Runs foreign agents in worker processes, one per move, and kills the ones that overrun.

    The methods may be called from several threads at once.
    """

    def __init__(self) -> None:
        methods = multiprocessing.get_all_start_methods()
        self._context: Any = multiprocessing.get_context(
            "forkserver" if "forkserver" in methods else "spawn"
        )
        if self._context.get_start_method() == "forkserver":
            self._context.set_forkserver_preload(list(PRELOAD))
        self._lock = threading.Lock()
        self._running: set[Any] = set()
        self._closed = False

    def run(
        self, spec: str, seed: int | None, board: Board, limit: Limit, *, values: bool
    ) -> Decision | ColumnValues:
        """The agent's decision (or with ``values``, its column values) for ``board``, from a
        worker process killed once ``limit.time`` and :data:`GRACE` have passed.

        Raises:
            TimeCapError: the worker ran past the time cap (and was killed).
            FourInARowError, MissingExtraError: what building the agent or its answer raised
                (a spec the adapter refuses, a framework not installed, a game that is over).
            RuntimeError: the worker ended without an answer (the framework crashed, or the
                server is stopping).
        """
        self._start_forkserver()
        ours, theirs = self._context.Pipe(duplex=False)
        seconds = None if limit.time is None else max(0.0, limit.time) + GRACE
        process = self._context.Process(
            target=_work,
            args=(theirs, spec, seed, board, limit, values, seconds),
            name="fourinarow-agent",
            daemon=True,
        )
        if self._closed:
            raise RuntimeError("the server is stopping")
        process.start()  # the first waits for the forkserver's imports: not under the lock
        with self._lock:
            self._running.add(process)
            closed = self._closed
        theirs.close()
        try:
            if closed:  # close() came during the start and missed this one
                raise RuntimeError("the server is stopping")
            if not ours.poll(seconds):
                raise TimeCapError(_overrun(spec, limit))
            status, answer = ours.recv()
        except EOFError:
            process.join(1)
            raise RuntimeError(
                f"the worker process of {spec} ended without an answer "
                f"(exit status {process.exitcode})"
            ) from None
        finally:
            ours.close()
            self._end(process)
        if status == "ok":
            assert isinstance(answer, Decision | ColumnValues)
            return answer
        raise answer

    def close(self) -> None:
        """Kill every running worker; later calls of :meth:`run` are refused."""
        with self._lock:
            self._closed = True
            running = list(self._running)
        for process in running:
            self._end(process)

    def _start_forkserver(self) -> None:
        """Start the process the workers are forked from, if not yet (once per server)."""
        if self._context.get_start_method() == "forkserver":
            from multiprocessing import forkserver

            forkserver.ensure_running()

    def _end(self, process: Any) -> None:
        """Kill ``process`` if it still runs, and wait for it."""
        if process.exitcode is None:
            with contextlib.suppress(OSError):
                process.kill()
        process.join(5)
        with self._lock:
            self._running.discard(process)


class ForeignAgent:
    """An agent of another library as the server plays it: each move in a worker process.

    The worker builds the agent from the spec, so that the cap bounds that too, and hands
    back what it raised: a spec the adapter refuses, a framework that is not installed
    (:class:`~fourinarow.extras.MissingExtraError`), an agent that does not value columns.

    Args:
        spec: the agent spec.
        seed: seeds the agent's choices.
        workers: the worker processes that run it.
    """

    def __init__(self, spec: str, seed: int | None, workers: WorkerProcesses) -> None:
        self._spec = spec
        self._seed = seed
        self._workers = workers

    @property
    def name(self) -> str:
        """The spec."""
        return self._spec

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The agent's move, chosen in a worker process killed at the limit's time.

        Raises:
            TimeCapError: the agent ran past the time.
        """
        decision = self._workers.run(self._spec, self._seed, board, limit or Limit(), values=False)
        assert isinstance(decision, Decision)
        return decision

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """The agent's column values, found in a worker process killed at the limit's time.

        Raises:
            CannotAnalyzeError: the agent does not value columns.
            TimeCapError: the agent ran past the time.
        """
        values = self._workers.run(self._spec, self._seed, board, limit or Limit(), values=True)
        assert isinstance(values, ColumnValues)
        return values


def _overrun(spec: str, limit: Limit) -> str:
    cap = 0.0 if limit.time is None else limit.time * 1000
    return (
        f"{spec} ran past the server's time cap of {cap:g} ms and was stopped: it comes from "
        "another library and does not keep to a time limit; ask it for less work (fewer "
        "simulations=) or name one of this server's own agents, which answer within the cap"
    )


def _work(
    answers: Connection,
    spec: str,
    seed: int | None,
    board: Board,
    limit: Limit,
    values: bool,
    seconds: float | None,
) -> None:
    """The worker: build the agent, answer, and send ``("ok", answer)`` or ``("error", e)``.

    Ctrl-C on a terminal reaches the whole process group: the server kills its workers, so
    they ignore it. A worker ends itself a second after its time is up, or when the process
    that started it has gone (the server was killed).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(answers.fileno(), seconds), daemon=True).start()
    started = time.perf_counter()
    try:
        agent = make_agent(spec, seed=seed)
        left = limit.remaining(started)
        answer: object = (
            analyze(agent, board, left, spec=spec) if values else agent.choose(board, left)
        )
        reply: tuple[str, object] = ("ok", answer)
    except Exception as error:  # handed to the server, which answers the request with it
        reply = ("error", error if isinstance(error, _PASSED_ON) else _plain(error))
    try:
        answers.send(reply)
    except Exception as error:  # an answer or error that does not pickle
        answers.send(("error", _plain(error)))
    answers.close()


_PASSED_ON = (FourInARowError, MissingExtraError)
"""The errors a worker hands over as they are: the server answers them with a 400."""


def _watch(answers: int, seconds: float | None) -> None:
    """End this worker once ``seconds`` and one more have passed, or once nobody reads the
    pipe ``answers`` (the file descriptor of its writing end) any more: the server has gone
    or given up. (Its parent, the forkserver, is no sign: it waits for its children.)"""
    end = None if seconds is None else time.monotonic() + seconds + 1
    poller = select.poll() if hasattr(select, "poll") else None
    if poller is not None:
        poller.register(answers, select.POLLERR)  # the reading end closed
    while end is None or time.monotonic() < end:
        if poller is None:
            time.sleep(WATCH_SLICE)
        elif poller.poll(WATCH_SLICE * 1000):
            break
    os._exit(1)


def _plain(error: Exception) -> RuntimeError:
    """A picklable error that names ``error``."""
    return RuntimeError(f"the agent failed in its worker process: {type(error).__name__}: {error}")
