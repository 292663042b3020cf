"""Building an opening book with our own solver, resumably, on local processes or on Ray.

A book of ``plies`` holds every position of at most ``plies`` stones in which nobody has won
yet, folded by mirror symmetry, with its exact score. Only the deepest layer costs anything:
each of its positions is solved by the solver; every shallower position then follows from its
children by one negamax step (a move that wins at once scores the win, any other move the
negated score of the position it leads to, which is one layer deeper).

The deepest layer is solved in chunks of neighbouring positions (the children of one position
together, so that the solver's transposition table, kept across a worker's chunks, carries work
from one sibling to the next). Each finished chunk is written at once to the build
directory beside the book, so a build stopped by Ctrl-C or killed continues with the chunks
not yet done. The directory is plain files that can be copied, or committed, and resumed
elsewhere. ``log.jsonl`` records each chunk's CPU time and the CRC-32 of its scores, and the
book is written only from chunks of the right size that match their checksum: a chunk altered
after it was solved is named, never built into a book.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import threading
import time
import zlib
from array import array
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import NamedTuple

from fourinarow.book.estimate import check_build_size, estimate_build
from fourinarow.book.layers import children, layers, layers_of, next_layer
from fourinarow.core.geometry import Geometry
from fourinarow.core.json_text import read_json
from fourinarow.core.machine import capped_to_cores
from fourinarow.core.paths import (
    OutputWriteError,
    check_output_file,
    kind_of,
    path_problem,
    shown_path,
    write_output_file,
)
from fourinarow.search.book import (
    BOOK_MAX_BITS,
    Book,
    BookError,
    BookPathError,
    decode_key,
)
from fourinarow.search.interrupt import worker_pool
from fourinarow.search.solver import Solver

__all__ = [
    "BuildPlan",
    "BuildReport",
    "BuildStatus",
    "Progress",
    "build_book",
    "build_directory",
    "build_status",
    "chunk_problems",
    "cpu_seconds",
    "layers",
    "solve_chunk",
]

Progress = Callable[[int, int, float], None]
"""Called as ``progress(done, total, seconds)`` after each chunk of the deepest layer."""

PLAN_VERSION = 1


@dataclass(frozen=True)
class BuildPlan:
    """What a build directory is building; a resumed build must ask for the same."""

    width: int
    height: int
    connect: int
    plies: int
    chunk_size: int
    positions: int  # in the deepest layer
    version: int = PLAN_VERSION
    order: str = "siblings"  # see ORDERS; plans written before it was recorded used "keys"

    @property
    def chunks(self) -> int:
        """How many chunks the deepest layer is solved in."""
        return -(-self.positions // self.chunk_size)


ORDERS = ("siblings", "keys")
"""How the deepest layer is ordered for solving: by parent (the children of one position
together; measured 18-26% less work than apart at 9 plies, as siblings share much of their
trees) or by key (the first builds; 2-9% less)."""


def solving_order(geometry: Geometry, found: list[list[int]], order: str) -> list[int]:
    """The deepest layer of ``found`` in the order its positions are solved (and stored in
    chunks)."""
    if order == "keys" or len(found) < 2:
        return found[-1]
    return next_layer(geometry, found[-2])


def _layers_and_order(geometry: Geometry, plies: int) -> tuple[list[list[int]], list[int]]:
    """``layers(...)`` and its deepest layer in sibling order, expanding that layer once."""
    found = layers_of(geometry, max(0, plies - 1))
    if plies == 0:
        return found, found[-1]
    siblings = next_layer(geometry, found[-1])
    found.append(sorted(siblings))
    return found, siblings


def _complete(
    geometry: Geometry, found: list[list[int]], deepest: dict[int, int]
) -> dict[int, int]:
    """Every layer's scores, from the deepest layer's by negamax."""
    cells = geometry.cells
    scores = dict(deepest)
    for ply in range(len(found) - 2, -1, -1):
        win = (cells + 1 - ply) // 2
        for key in found[ply]:
            wins, below = children(geometry, key)
            if wins:
                scores[key] = win
            elif not below:  # the last cell, filled without a line
                scores[key] = 0
            else:
                scores[key] = max(-scores[child] for child in below)
    return scores


def build_directory(book_path: Path) -> Path:
    """Where the build of a book keeps its progress: ``BOOK.build`` beside it."""
    return book_path.with_name(book_path.name + ".build")


# ------------------------------------------------------------------ solving chunks

_solver: Solver | None = None


_ORPHAN_CHECK_S = 0.2
"""How often a worker looks whether the main process is still there."""


def _worker_setup() -> None:
    """In each worker process (which leaves Ctrl-C to the main process: :func:`worker_pool`):
    the worker ends, quietly, as soon as the main process is gone (killed with SIGKILL, say, it
    cannot stop its workers): at once by a watch on its parent, rather than solving on for
    minutes, and by the default action of SIGPIPE should it hand in a chunk first, rather than
    with a ``BrokenPipeError`` traceback."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parent = os.getppid()
    threading.Thread(target=_end_when_orphaned, args=(parent,), daemon=True).start()


def _end_when_orphaned(parent: int) -> None:
    """Wait until this process's parent is no longer ``parent`` (it died, and the process was
    handed to another), then end the process at once, without a word."""
    while os.getppid() == parent:
        time.sleep(_ORPHAN_CHECK_S)
    os._exit(1)


def solve_chunk(
    task: tuple[int, Geometry, float, list[int]],
) -> tuple[int, bytes, float]:
    """Solve one chunk of keys; return ``(index, scores as bytes, CPU seconds)``.

    The worker's solver, and so its transposition table, lives on from chunk to chunk.
    """
    global _solver
    index, shape, tt_mb, keys = task
    if _solver is None or _solver.tt_mb != tt_mb:
        _solver = Solver(tt_mb=tt_mb, book=False)
    start = time.process_time()
    scores = array("b")
    for key in keys:
        current, mask = decode_key(key, shape.width, shape.height)
        scores.append(_solver.solve_bits(shape, current, mask))
    return index, scores.tobytes(), time.process_time() - start


def _solved_locally(
    tasks: list[tuple[int, Geometry, float, list[int]]], workers: int
) -> Iterator[tuple[int, bytes, float]]:
    if workers <= 1:
        for task in tasks:
            yield solve_chunk(task)
        return
    with worker_pool(workers, _worker_setup) as pool:
        yield from pool.imap_unordered(solve_chunk, tasks)
        pool.close()


def _solved_on_ray(
    tasks: list[tuple[int, Geometry, float, list[int]]],
    workers: int,
    address: str | None,
) -> Iterator[tuple[int, bytes, float]]:
    from fourinarow.extras import start_ray

    ray, started_here = start_ray(workers, address)
    remote = ray.remote(solve_chunk)
    pending = [remote.remote(task) for task in tasks]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1, timeout=1.0)
            for reference in ready:
                yield ray.get(reference)
    finally:
        for reference in pending:
            ray.cancel(reference, force=True)
        if started_here:
            ray.shutdown()


# ------------------------------------------------------------------------- build


@dataclass(frozen=True)
class BuildReport:
    """What a finished build did."""

    entries: int
    solved: int  # positions of the deepest layer solved in this run
    cpu_seconds: float  # CPU time of every chunk, this run and earlier ones
    size: int  # bytes of the book file


@dataclass(frozen=True)
class BuildStatus:
    """How far the build in a build directory is."""

    plan: BuildPlan
    chunks_done: int
    positions_done: int  # of the deepest layer
    cpu_seconds: float  # spent on the chunks done, from the log

    @property
    def cpu_seconds_left(self) -> float | None:
        """The CPU time the remaining positions will take at the mean cost so far (``None``
        before any chunk is done)."""
        if not self.positions_done:
            return None
        left = self.plan.positions - self.positions_done
        return self.cpu_seconds / self.positions_done * left


def _read_plan(directory: Path) -> BuildPlan:
    """The plan in a build directory (plans written before "order" was recorded used keys).

    Raises:
        BookError: there is no plan.json, or it cannot be read.
    """
    _check_build_files(directory)
    try:
        plan = BuildPlan(**{"order": "keys", **read_json((directory / "plan.json").read_text())})
    except OSError:
        raise BookError(f"{directory}: not a book's build directory (no plan.json)") from None
    except (ValueError, TypeError) as error:
        raise BookError(f"build directory {directory}: plan.json is unreadable ({error})") from None
    return plan


def _check_build_files(directory: Path) -> None:
    """Refuse a build directory whose plan, log or chunk files are not regular files (a FIFO
    there would block every read, a device would be read or written for ever).

    Raises:
        BookError: the first such file, named with its kind.
    """
    names = ("plan.json", "log.jsonl")
    try:
        entries = [e for e in os.scandir(directory) if e.name in names or _CHUNK.fullmatch(e.name)]
    except OSError:
        return  # no folder, or one we may not read: the callers' own reads say so
    for entry in sorted(entries, key=lambda e: e.name):
        kind = kind_of(entry.path)
        if kind is not None:
            again = " (its chunk is then solved again)" if _CHUNK.fullmatch(entry.name) else ""
            raise BookError(
                f"build directory {directory}: {entry.name} is {kind}, not a regular file; "
                f"remove it{again}"
            )


def build_status(directory: Path | str) -> BuildStatus:
    """How far the build in ``directory`` (a book's ``PATH.build``) is.

    Raises:
        BookError: the directory holds no build (no readable ``plan.json``).
    """
    directory = Path(directory)
    plan = _read_plan(directory)
    done = [i for i in range(plan.chunks) if _chunk_path(directory, i).exists()]
    positions = sum(min(plan.chunk_size, plan.positions - i * plan.chunk_size) for i in done)
    return BuildStatus(plan, len(done), positions, cpu_seconds(directory))


def _write_atomically(path: Path, data: bytes) -> None:
    """Write a file of the build directory whole or not at all (a temporary file, renamed).

    Raises:
        OutputWriteError: it cannot be written (the temporary file is removed).
    """
    write_output_file(path, data, "the build's file", write_through=False, error=BookPathError)


def _append_record(log: Path, record: dict[str, object]) -> None:
    """Add a line to the build's log, whole or not at all (a line cut short by a full disk is
    cut off again, so that the log reads on the next run).

    Raises:
        OutputWriteError: the line cannot be written; the log is as it was.
    """
    data = (json.dumps(record) + "\n").encode()
    try:
        with open(log, "ab", buffering=0) as f:
            size = os.fstat(f.fileno()).st_size
            try:
                written = 0
                while written < len(data):
                    written += f.write(data[written:]) or 0
            except OSError:
                os.ftruncate(f.fileno(), size)
                raise
    except OSError as error:
        raise OutputWriteError(
            f"cannot write the build's log {log} ({error.strerror or error})"
        ) from error


def _blocked(directory: Path) -> str | None:
    """Why files cannot be made in ``directory``, creating it and its parents as needed, or
    ``None`` when they can: the nearest part of it that exists must be a directory this
    process may write in."""
    place = directory
    while not place.exists() and place != place.parent:
        place = place.parent
    if not place.is_dir():
        return f"{place} is not a directory"
    if not os.access(place, os.W_OK | os.X_OK):
        return f"{place} is not writable"
    return None


def _check_outputs(path: Path, directory: Path) -> None:
    """Check, before any work, that the book file and the build directory can be written.

    Raises:
        BookError: one cannot; the message names it, says why and what is accepted.
    """
    for place, start, accepted in (
        (path, "cannot write the book to", "give a file's path"),
        (directory, "cannot keep the build's progress in", "give a directory's path"),
    ):
        problem = path_problem(place)
        if problem is not None:
            raise BookPathError(f"{start} {shown_path(place)}: {problem}; {accepted}")
    if path.is_dir():
        raise BookError(
            f"cannot write the book to {path}: it is a directory; give a file's path "
            f"(such as {path / 'NAME.book'})"
        )
    # never renamed over, nor written through: the build's progress would go beside it
    check_output_file(path, "the book", write_through=False, error=BookPathError)
    problem = _blocked(path.parent)
    if problem:
        raise BookError(
            f"cannot write the book to {path}: {problem}; give a file's path in a directory "
            "that can be written"
        )
    if directory.exists() and not directory.is_dir():
        raise BookError(
            f"cannot keep the build's progress in {directory}: it is "
            f"{kind_of(directory) or 'a file'}; give a directory, new or of the same build"
        )
    problem = _blocked(directory)
    if problem:
        raise BookError(
            f"cannot keep the build's progress in {directory}: {problem}; give a directory "
            "that can be made and written"
        )


def _make_directory(directory: Path) -> list[Path]:
    """Make a directory and its missing parents; return those made, innermost first.

    Raises:
        BookError: it cannot be made (nothing made stays).
    """
    missing = []
    place = directory
    while not place.exists() and place != place.parent:
        missing.append(place)
        place = place.parent
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        _remove_directories(missing)
        raise BookError(
            f"cannot keep the build's progress in {directory} ({error.strerror or error}); "
            "give a directory that can be made and written"
        ) from None
    return missing


def _remove_directories(made: list[Path]) -> None:
    """Remove directories made by :func:`_make_directory` (innermost first), if empty."""
    for directory in made:
        with contextlib.suppress(OSError):
            directory.rmdir()


_CHUNK = re.compile(r"chunk-\d{7}\.scores")
"""The name of a chunk's file in a build directory (:func:`_chunk_path`)."""


def _chunk_path(directory: Path, index: int) -> Path:
    return directory / f"chunk-{index:07d}.scores"


def _describe(plan: BuildPlan) -> str:
    return (
        f"{plan.width}x{plan.height} connect {plan.connect}, {plan.plies} plies, "
        f"chunks of {plan.chunk_size}"
    )


def _check_plan(directory: Path, plan: BuildPlan) -> BuildPlan:
    """The plan to follow: the directory's own, if it holds the same build (whatever order it
    solves in), else ``plan``, written there. Raises BookError if it holds another build."""
    _check_build_files(directory)
    path = directory / "plan.json"
    if path.exists():
        existing = _read_plan(directory)
        if replace(existing, order=plan.order) != plan:
            raise BookError(
                f"build directory {directory} holds another build ({_describe(existing)}); "
                "give the same settings to continue it, or build to another file"
            )
        return existing
    made = _make_directory(directory)
    try:
        _write_atomically(path, json.dumps(asdict(plan), indent=1).encode())
    except (BookError, OSError):
        _remove_directories(made)
        raise
    return plan


def build_book(
    path: Path | str,
    width: int = 7,
    height: int = 6,
    connect: int = 4,
    plies: int = 4,
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int = 256,
    tt_mb: float = 128,
    compression: str = "lzma",
    directory: Path | str | None = None,
    progress: Progress | None = None,
    check_size: bool = True,
) -> BuildReport:
    """Build (or finish building) a book of every position of up to ``plies`` stones.

    Progress is kept in ``directory`` (default :func:`build_directory`, ``PATH.build``); run
    again with the same arguments to continue. The book file is written when every chunk is
    solved. Local workers are at most one per core
    (:func:`~fourinarow.core.machine.capped_to_cores`); a Ray cluster's (``address``) are as
    many as asked for. Unless ``check_size`` is false,
    the build is estimated first (:func:`~fourinarow.book.estimate.estimate_build`) and
    refused if this machine cannot hold it in its free memory or finish it in
    :data:`~fourinarow.book.estimate.MAX_BUILD_DAYS` days.

    Raises:
        BookError: the book file or the build directory cannot be written (checked before
            any work: ``path`` a directory, or under a file; ``directory`` a file, or not
            writable); nothing is left behind. ``path`` a FIFO, a device or a socket raises
            ``BookPathError`` (a ``BookError``): it is never written through nor renamed over.
        BookError: the build directory holds a build with other settings.
        BookError: the shape does not fit a book (``width * (height + 1) <= 64``) or plies is
            not between 0 and the number of cells.
        BuildTooLargeError: (a ``BookError``) the build is estimated beyond this machine, as
            above; nothing is written.
    """
    path = Path(path)
    shape = Geometry(width, height, connect)
    if width * (height + 1) > BOOK_MAX_BITS:
        raise BookError(
            f"books need width * (height + 1) <= {BOOK_MAX_BITS}; {width}x{height} does not fit"
        )
    if not 0 <= plies < width * height:
        raise BookError(f"--plies is from 0 to {width * height - 1}, not {plies}")
    here = backend != "ray" or address is None  # a cluster's size and memory are its own
    if here:
        workers = capped_to_cores(workers)
    if check_size:
        estimate = estimate_build(
            width, height, connect, plies, workers=workers, tt_mb=tt_mb, tables_here=here
        )
        check_build_size(estimate, f"{width}x{height} connect {connect} up to {plies} stones")
    directory = Path(directory) if directory is not None else build_directory(path)
    _check_outputs(path, directory)
    found, siblings = _layers_and_order(shape, plies)
    plan = BuildPlan(width, height, connect, plies, chunk_size, len(found[-1]))
    plan = _check_plan(directory, plan)
    deepest = siblings if plan.order == "siblings" else found[-1]
    tasks = [
        (i, shape, tt_mb, deepest[i * chunk_size : (i + 1) * chunk_size])
        for i in range(plan.chunks)
        if not _chunk_path(directory, i).exists()
    ]
    done = plan.chunks - len(tasks)
    log = directory / "log.jsonl"
    start = time.perf_counter()
    solved = 0
    if backend == "ray":
        results = _solved_on_ray(tasks, workers, address)
    else:
        results = _solved_locally(tasks, workers)
    if progress:
        progress(done, plan.chunks, 0.0)
    for index, scores, seconds in results:
        chunk = _chunk_path(directory, index)
        _write_atomically(chunk, scores)
        record = {"chunk": index, "positions": len(scores), "cpu_s": seconds}
        try:
            _append_record(log, {**record, "crc32": zlib.crc32(scores)})
        except OutputWriteError:
            chunk.unlink(missing_ok=True)  # solved again next time, with its record
            raise
        done += 1
        solved += len(scores)
        if progress:
            progress(done, plan.chunks, time.perf_counter() - start)
    problems = chunk_problems(directory)
    if problems:
        raise BookError(
            f"build directory {directory}: {problems[0]}"
            + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "")
            + "; delete such chunks and run the build again to solve them anew"
        )
    values = array("b")
    for i in range(plan.chunks):
        values.frombytes(_chunk_path(directory, i).read_bytes())
    entries = _complete(shape, found, dict(zip(deepest, values, strict=True)))
    book = Book.from_entries(width, height, connect, plies, entries)
    kept = f"every chunk is solved and kept in {directory}: run the build again to write the book"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        size = book.save(path, compression)
    except BookError as error:
        raise BookError(f"{error}; {kept}") from None
    except OSError as error:  # a full disk: exit status 1
        raise OutputWriteError(f"{error}; {kept}") from error
    return BuildReport(len(book), solved, cpu_seconds(directory), size)


class _LogRecord(NamedTuple):
    """One line of a build's ``log.jsonl``: a chunk solved, its positions, its CPU time, and
    the CRC-32 of its scores (``None`` in builds from before checksums were recorded)."""

    chunk: int
    positions: int
    cpu_s: float
    crc32: int | None


def _log_records(directory: Path) -> list[_LogRecord]:
    """The records of a build's ``log.jsonl`` (none if there is no log yet).

    Raises:
        BookError: a line is not a record of a chunk; the message names the file and the line.
    """
    log = directory / "log.jsonl"
    if not log.exists():
        return []
    records = []
    for number, line in enumerate(log.read_text(errors="replace").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            fields = read_json(line)
            crc = fields.get("crc32")
            records.append(
                _LogRecord(
                    int(fields["chunk"]),
                    int(fields["positions"]),
                    float(fields["cpu_s"]),
                    None if crc is None else int(crc),
                )
            )
        except (ValueError, TypeError, KeyError, AttributeError):
            raise BookError(
                f"{log}: line {number} is not a chunk's record ({line[:60]!r}); remove the line "
                "(its chunk is then re-solved only if its file is deleted too)"
            ) from None
    return records


def cpu_seconds(directory: Path) -> float:
    """The CPU time spent on the chunks of a build so far, from its log.

    Raises:
        BookError: the log has a line that is not a chunk's record.
    """
    return sum(record.cpu_s for record in _log_records(directory))


def chunk_problems(directory: Path | str) -> list[str]:
    """What is wrong with the finished chunks of the build in ``directory``: a file of the
    wrong size, or scores that do not match the CRC-32 the log recorded when the chunk was
    solved (chunks of builds from before checksums were recorded are checked for size only).
    Empty when every chunk present is intact.

    Raises:
        BookError: the directory holds no build, or its log cannot be read.
    """
    directory = Path(directory)
    plan = _read_plan(directory)
    recorded = {r.chunk: r.crc32 for r in _log_records(directory) if r.crc32 is not None}
    problems = []
    for index in range(plan.chunks):
        path = _chunk_path(directory, index)
        if not path.exists():
            continue
        scores = path.read_bytes()
        size = min(plan.chunk_size, plan.positions - index * plan.chunk_size)
        if len(scores) != size:
            problems.append(f"{path.name} holds {len(scores)} scores, not {size}")
        elif index in recorded and zlib.crc32(scores) != recorded[index]:
            problems.append(f"{path.name} does not match the checksum recorded when it was solved")
    return problems
