"""Running the ``fourinarow`` command in the tests: in this process (``run``), or as a real
process (``run_process``) where the process itself is what a test is about.

``run`` calls :func:`fourinarow.cli.main.main` as ``python -m fourinarow`` would, with what a
fresh process gives it: standard input from the text given, standard output and error captured
as pipes (no terminal), the environment given, Python's own warning filters, and no default
book read before. Whatever the command changes that a process's exit would have put right (the
streams, the environment, the working directory, warning filters, signal handlers, logging
handlers, the default books read) is put back after it; a thread of fourinarow's still running,
or a file left open, fails the test, since the next test would inherit it.
"""

from __future__ import annotations

import gc
import io
import logging
import os
import signal
import subprocess
import sys
import sysconfig
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Literal

import pytest

Run = Callable[..., subprocess.CompletedProcess[str]]
"""``run(*args, stdin="", env=None)``: the command's exit status, standard output and error."""

TIMEOUT = 60
"""Seconds a command may take before the test fails (rather than hang: a server that serves)."""

THREAD_GRACE = 5.0
"""Seconds the threads a command started may take to end once it has returned."""

FILE_GRACE = 2.0
"""Seconds the files opened while a command ran may take to be closed once it has returned
(by the test's own threads: the reader of a FIFO the command writes)."""

PACKAGE = str(Path(__file__).resolve().parents[2] / "src" / "fourinarow")
"""Where fourinarow's code lies: a thread running code from there belongs to the command."""

STARTUP_FILTERS: tuple[tuple[Literal["default", "ignore"], type[Warning], str | None], ...] = (
    ("default", DeprecationWarning, "__main__"),
    ("ignore", DeprecationWarning, None),
    ("ignore", PendingDeprecationWarning, None),
    ("ignore", ImportWarning, None),
    ("ignore", ResourceWarning, None),
)
"""The warning filters a new Python process starts with (not the suite's, which make every
warning an error): a warning the command gives is printed, as its user would see it."""


@pytest.fixture
def run() -> Run:
    """Run ``fourinarow ARGS`` in this process as a process would run it (see the module's
    docstring); return the exit status and the decoded output as a completed process."""

    def _run(
        *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return run_in_process(list(args), stdin, env or {})

    return _run


@pytest.fixture
def run_process() -> Run:
    """Run ``python -m fourinarow ARGS`` as a real process; return it completed (text mode)."""

    def _run(
        *args: str, stdin: str = "", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "fourinarow", *args],
            input=stdin,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env={**os.environ, **(env or {})},
            check=False,
        )

    return _run


def run_in_process(
    args: list[str], stdin: str, env: dict[str, str], timeout: float = TIMEOUT
) -> subprocess.CompletedProcess[str]:
    """``main(args)`` with ``stdin`` as standard input and ``env`` added to the environment,
    stopped after ``timeout`` seconds; its status (a ``SystemExit``'s code, as Python's exit
    gives it), standard output and error (decoded with universal newlines, as
    ``subprocess.run(text=True)`` reads a pipe)."""
    from fourinarow.cli.main import main

    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8", newline="\n"),
        io.TextIOWrapper(out, encoding="utf-8", newline="\n", write_through=True),
        io.TextIOWrapper(
            err, encoding="utf-8", errors="backslashreplace", newline="\n", write_through=True
        ),
    )
    with _as_a_new_process(args, env, streams), _time_limit(args, timeout):
        try:
            status = main(args)
        except SystemExit as stop:  # argparse's --help, --version and usage errors
            status = _exit_status(stop.code, streams[2])
        streams[1].flush()  # as a process's exit flushes what is left
        streams[2].flush()
    return subprocess.CompletedProcess(
        ["fourinarow", *args], status % 256, _text(out.getvalue()), _text(err.getvalue())
    )


class CommandTimedOut(BaseException):
    """The command ran past its time limit (a ``BaseException``, as Ctrl-C's, so that no
    handler of the command's takes it for an error of its own)."""


@contextmanager
def _time_limit(args: Sequence[str], seconds: float) -> Iterator[None]:
    """Stop the block with :class:`CommandTimedOut` after ``seconds``."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise CommandTimedOut(f"fourinarow {' '.join(args)} ran for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _exit_status(code: object, stderr: io.TextIOWrapper) -> int:
    """The exit status Python gives ``sys.exit(code)``: 0 for ``None``, the number, or 1 after
    printing anything else."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


@contextmanager
def _as_a_new_process(
    args: Sequence[str],
    env: dict[str, str],
    streams: tuple[io.TextIOWrapper, io.TextIOWrapper, io.TextIOWrapper],
) -> Iterator[None]:
    """The block runs with what a new process has, and what it changes is put back after."""
    saved_streams = (sys.stdin, sys.stdout, sys.stderr)
    saved_dunder = (sys.__stdin__, sys.__stdout__, sys.__stderr__)
    saved_argv = sys.argv
    saved_environment = dict(os.environ)
    saved_cwd = os.getcwd()
    saved_signals = _signal_handlers()
    root = logging.getLogger()
    saved_logging = (list(root.handlers), root.level, logging.root.manager.disable)
    threads_before = set(threading.enumerate())
    files_before = _open_files()
    _forget_default_books()
    try:
        with warnings.catch_warnings():  # puts back the filters and warnings.showwarning
            warnings.resetwarnings()
            for action, category, module in reversed(STARTUP_FILTERS):
                warnings.filterwarnings(action, category=category, module=module or "")
            os.environ.update(env)
            sys.argv = ["fourinarow", *args]
            sys.stdin, sys.stdout, sys.stderr = streams
            # shutil.get_terminal_size, which argparse asks, looks at sys.__stdout__
            sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]
            try:
                yield
            finally:
                sys.stdin, sys.stdout, sys.stderr = saved_streams
                sys.__stdin__, sys.__stdout__, sys.__stderr__ = saved_dunder  # type: ignore[misc]
                sys.argv = saved_argv
    finally:
        _put_back_environment(saved_environment)
        os.chdir(saved_cwd)
        for number, handler in saved_signals.items():
            if signal.getsignal(number) is not handler:
                signal.signal(number, handler)
        root.handlers[:] = saved_logging[0]
        root.setLevel(saved_logging[1])
        logging.disable(saved_logging[2])
        _forget_default_books()
    _check_threads_ended(threads_before)
    _check_files_closed(files_before)


def _forget_default_books() -> None:
    """Empty the default books read and the warnings given about them, as a new process has
    them (``default_book`` reads a book once per process)."""
    from fourinarow.search.book import default

    default._defaults.clear()
    default._fallbacks_said.clear()


def _put_back_environment(saved: dict[str, str]) -> None:
    for name in set(os.environ) - set(saved):
        del os.environ[name]
    for name, value in saved.items():
        if os.environ.get(name) != value:
            os.environ[name] = value


Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers


def _signal_handlers() -> dict[signal.Signals, Handler]:
    handlers = {}
    for number in signal.valid_signals():
        try:
            handlers[signal.Signals(number)] = signal.getsignal(number)
        except (ValueError, OSError):  # not a signal this system names or lets one catch
            continue
    return {number: handler for number, handler in handlers.items() if handler is not None}


def _check_threads_ended(before: set[threading.Thread]) -> None:
    """Fail if a thread the command started still runs fourinarow's code (a search left
    behind); the threads of the test's own servers are theirs to end."""
    deadline = time.monotonic() + THREAD_GRACE
    left = [thread for thread in threading.enumerate() if thread not in before]
    for thread in left:
        thread.join(max(0.0, deadline - time.monotonic()))
    frames = sys._current_frames()
    running = []
    for thread in left:
        frame = frames.get(thread.ident) if thread.is_alive() and thread.ident else None
        while frame is not None:
            if frame.f_code.co_filename.startswith(PACKAGE):
                running.append(thread.name)
                break
            frame = frame.f_back
    assert not running, f"the command left threads running: {running}"


INSTALLED = tuple({sys.prefix, sys.base_prefix, *sysconfig.get_paths().values()})
"""Where Python and the installed packages lie: the files their caches keep open (fonts of
matplotlib and pygame) are theirs, not the command's."""


def _open_files() -> dict[str, str]:
    """This process's open descriptors other than sockets and the installed packages' files,
    and what each is open on."""
    found = {}
    for descriptor in os.listdir("/proc/self/fd") if os.path.isdir("/proc/self/fd") else ():
        try:
            target = os.readlink(f"/proc/self/fd/{descriptor}")
        except OSError:  # closed meanwhile (the listing's own descriptor)
            continue
        if not target.startswith(("socket:", *INSTALLED)):
            found[descriptor] = target
    return found


def _check_files_closed(before: dict[str, str]) -> None:
    """Fail if the command left a file open (a database, a book) that a process's exit would
    have closed."""
    left = {d: t for d, t in _open_files().items() if before.get(d) != t}
    if left:
        gc.collect()  # what only the collector frees (a cycle holding a file) is no leak
    deadline = time.monotonic() + FILE_GRACE
    while left and time.monotonic() < deadline:
        time.sleep(0.05)  # the test's own reader of a FIFO closes it once the writer has
        left = {d: t for d, t in _open_files().items() if before.get(d) != t}
    assert not left, f"the command left files open: {sorted(left.values())}"
