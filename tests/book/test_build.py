"""Building books: layers, resuming after an interruption, local workers and Ray, the CLI."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from array import array
from pathlib import Path

import pytest

from fourinarow.book.build import (
    build_book,
    build_directory,
    build_status,
    layers,
    solving_order,
)
from fourinarow.core import Board, Geometry
from fourinarow.core.machine import available_cores
from fourinarow.core.paths import OutputWriteError
from fourinarow.search.book import Book, BookError, decode_key, position_key
from tests.cli.conftest import run_in_process
from tests.core.naive import NaiveBoard
from tests.core.test_paths import file_size_limit

SHAPE = (5, 4, 4)


def naive_layer(width: int, height: int, connect: int, plies: int) -> set[int]:
    """The folded keys of every position of ``plies`` stones, by playing every move sequence
    on the naive board of the tests (which knows nothing of bitboards)."""
    found: set[int] = set()

    def walk(moves: list[int]) -> None:
        board = NaiveBoard(width, height, connect)
        for column in moves:
            board.play(column)
        if board.outcome() is not None:
            return
        if len(moves) == plies:
            played = "".join(str(c + 1) for c in moves)
            found.add(position_key(Board.from_moves(played, width=width, height=height)))
            return
        for column in board.legal_moves():
            walk([*moves, column])

    walk([])
    return found


@pytest.mark.parametrize("plies", [0, 1, 3, 5])
def test_layers_hold_every_position_nobody_has_won_once(plies: int) -> None:
    found = layers(*SHAPE, plies)
    assert len(found) == plies + 1
    assert set(found[-1]) == naive_layer(*SHAPE, plies)
    assert found[-1] == sorted(set(found[-1]))


@pytest.mark.parametrize("plies", [0, 1, 4, 6])
def test_the_solving_order_holds_the_deepest_layer_once_siblings_together(plies: int) -> None:
    found = layers(*SHAPE, plies)
    ordered = solving_order(Geometry(*SHAPE), found, "siblings")
    assert sorted(ordered) == found[-1]
    assert solving_order(Geometry(*SHAPE), found, "keys") == found[-1]


def test_keys_decode_to_the_positions_bitboards() -> None:
    board = Board.from_moves("1123345", width=5, height=4)
    first, second = board.bitboards
    current = first if board.turn == 1 else second
    assert decode_key(current + (first | second), 5, 4) == (current, first | second)


def test_a_build_interrupted_then_resumed_equals_one_straight_build(tmp_path: Path) -> None:
    straight = tmp_path / "straight.book"
    build_book(straight, *SHAPE, 5, chunk_size=40, tt_mb=4)

    resumed = tmp_path / "resumed.book"
    calls = 0

    def stop_after_two(done: int, total: int, seconds: float) -> None:
        nonlocal calls
        calls += 1
        if calls == 3:  # the first call reports the start, then one call per chunk
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_book(resumed, *SHAPE, 5, chunk_size=40, tt_mb=4, progress=stop_after_two)
    assert not resumed.exists()
    directory = build_directory(resumed)
    assert len(list(directory.glob("chunk-*.scores"))) == 2
    (directory / "chunk-0000009.scores.partial").write_bytes(b"\x01")  # a write cut short
    status = build_status(directory)
    chunks = -(-len(layers(*SHAPE, 5)[-1]) // 40)
    assert (status.chunks_done, status.plan.chunks, status.positions_done) == (2, chunks, 80)
    assert status.cpu_seconds >= 0  # a quick machine solves two small chunks in no time
    assert status.cpu_seconds_left is not None
    info = fourinarow("book", "info", str(directory))
    assert info.returncode == 0, info.stderr
    assert f"2 of {chunks} chunks, 80 of " in info.stdout
    assert " h so far; about " in info.stdout
    assert "continue     fourinarow book build --plies 5 --size 5x4" in info.stdout
    assert f"--out {resumed} --progress-dir {directory}" in info.stdout

    report = build_book(resumed, *SHAPE, 5, chunk_size=40, tt_mb=4)
    done = fourinarow("book", "info", str(directory)).stdout
    assert f"{chunks} of {chunks} chunks" in done
    assert "h in all\n" in done
    assert "so far" not in done
    assert "write it     fourinarow book build" in done
    assert list(Book.load(resumed).items()) == list(Book.load(straight).items())
    log = (directory / "log.jsonl").read_text().splitlines()
    solved_chunks = [json.loads(line)["chunk"] for line in log]
    assert sorted(solved_chunks) == list(range(len(solved_chunks)))  # none solved twice
    assert report.solved == len(layers(*SHAPE, 5)[-1]) - 80
    assert report.entries == sum(len(layer) for layer in layers(*SHAPE, 5))


def test_resuming_with_other_settings_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.book"
    build_book(path, *SHAPE, 3, chunk_size=40, tt_mb=4)
    with pytest.raises(BookError, match="holds another build"):
        build_book(path, *SHAPE, 4, chunk_size=40, tt_mb=4)


def test_two_worker_processes_build_the_same_book(tmp_path: Path) -> None:
    one, two = tmp_path / "one.book", tmp_path / "two.book"
    build_book(one, *SHAPE, 6, chunk_size=100, tt_mb=4)
    build_book(two, *SHAPE, 6, chunk_size=100, tt_mb=4, workers=2)
    assert list(Book.load(one).items()) == list(Book.load(two).items())


def test_ray_builds_the_same_book(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    local, on_ray = tmp_path / "local.book", tmp_path / "ray.book"
    build_book(local, *SHAPE, 5, chunk_size=100, tt_mb=4)
    build_book(on_ray, *SHAPE, 5, chunk_size=100, tt_mb=4, workers=2, backend="ray")
    assert list(Book.load(local).items()) == list(Book.load(on_ray).items())


def test_impossible_builds_say_what_is_accepted(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="plies is from 0 to 19"):
        build_book(tmp_path / "x.book", *SHAPE, 20)
    with pytest.raises(ValueError, match="width \\* \\(height \\+ 1\\) <= 64"):
        build_book(tmp_path / "x.book", 9, 7, 4, 2)


def fourinarow(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The command, run in this process as a new process would run it."""
    return run_in_process(list(args), stdin="", env=env or {})


def test_the_cli_builds_describes_and_verifies_a_book(tmp_path: Path) -> None:
    path = tmp_path / "cli.book"
    built = fourinarow(
        "book", "build", "--plies", "5", "--size", "5x4", "--out", str(path), "--quiet"
    )
    assert built.returncode == 0, built.stderr
    assert f"{path}:" in built.stdout
    assert "positions" in built.stdout
    info = fourinarow("book", "info", str(path), "--verify", "10")
    assert info.returncode == 0, info.stderr
    assert "5x4 connect 4" in info.stdout
    assert "10 of 10 re-solved entries agree" in info.stdout

    book = Book.load(path)  # a book whose every score is off by one fails its verification
    wrong = Book(5, 4, 4, 5, book.keys, array("b", (v + 1 for v in book.values)))
    wrong.save(tmp_path / "wrong.book")
    info = fourinarow("book", "info", str(tmp_path / "wrong.book"), "--verify", "3")
    assert info.returncode == 1
    assert "0 of 3 re-solved entries agree" in info.stdout
    named = [line for line in info.stdout.splitlines() if line.startswith("disagrees    entry 0x")]
    assert len(named) == 3  # each entry that disagrees is named, with both scores

    solved = fourinarow("solve", "--size", "5x4", "--book", str(path), "33", "3322")
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.split() == ["33", "0", "3322", "7"]


def test_the_cli_describes_the_shipped_book_and_refuses_impossible_builds(tmp_path: Path) -> None:
    info = fourinarow("book", "info", "shipped")
    assert info.returncode == 0, info.stderr
    assert "7x6 connect 4" in info.stdout
    assert fourinarow("solve", "--book", "shipped", "44").stdout.split() == ["44", "1"]
    cache = tmp_path / "cache"
    env = {"FOURINAROW_CACHE": str(cache)}
    first = fourinarow("book", "info", "shipped", env=env).stdout  # reads it as solve does
    (copy,) = cache.iterdir()
    assert f"cache        {copy} ({copy.stat().st_size:,} bytes" in first
    assert "entries verified against the book's digest, mapped" in first
    assert fourinarow("solve", "44", env=env).stdout.split() == ["44", "1"]  # maps the copy
    off = fourinarow("book", "info", "shipped", env={"FOURINAROW_CACHE": ""}).stdout
    assert "cache        none (FOURINAROW_CACHE is empty)" in off
    for plies in ("20", "-1"):
        out = str(tmp_path / "x.book")
        built = fourinarow("book", "build", "--plies", plies, "--size", "5x4", "--out", out)
        assert built.returncode == 2
        assert "--plies is from 0 to 19" in built.stderr
        assert "Traceback" not in built.stderr


def test_the_cli_reports_bad_books_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.book"
    bad.write_bytes(b"FIARBOOK" + bytes(10))
    for args in (("book", "info", str(bad)), ("solve", "--book", str(bad), "44")):
        result = fourinarow(*args)
        assert result.returncode == 2
        assert "bad.book" in result.stderr
        assert "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("damage", ["altered", "short"])
def test_a_damaged_chunk_is_named_and_never_built_into_a_book(tmp_path: Path, damage: str) -> None:
    """A chunk altered after it was solved (same size) or cut short stops the build, naming it;
    `book info DIR` names it too; deleting it re-solves it and gives the right book."""
    good = tmp_path / "good.book"
    build_book(good, *SHAPE, 3, chunk_size=20, tt_mb=4)
    path = tmp_path / "x.book"
    build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    chunk = build_directory(path) / "chunk-0000001.scores"
    scores = bytearray(chunk.read_bytes())
    if damage == "altered":
        scores[3] = (scores[3] + 1) % 256
    else:
        del scores[-2:]
    chunk.write_bytes(scores)
    path.unlink()
    with pytest.raises(BookError, match=r"chunk-0000001\.scores"):
        build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    assert not path.exists()
    info = fourinarow("book", "info", str(build_directory(path)))
    assert info.returncode == 1
    assert "damaged      chunk-0000001.scores" in info.stdout
    chunk.unlink()
    build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    assert path.read_bytes() == good.read_bytes()


def test_a_log_line_that_is_not_a_record_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "x.book"
    build_book(path, *SHAPE, 2, chunk_size=20, tt_mb=4)
    log = build_directory(path) / "log.jsonl"
    with open(log, "a") as f:
        f.write("this is not json\n")
    result = fourinarow("book", "info", str(build_directory(path)))
    assert result.returncode == 2
    assert "log.jsonl: line" in result.stderr
    assert "is not a chunk's record" in result.stderr
    assert "Traceback" not in result.stderr
    with pytest.raises(BookError, match="is not a chunk's record"):
        build_status(build_directory(path))


# ------------------------------------------------------------- unusable outputs


def entries_of(directory: Path) -> list[str]:
    """Every path under ``directory``, relative to it, sorted."""
    return sorted(str(p.relative_to(directory)) for p in directory.rglob("*"))


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("--out", r"cannot write the book to \S*outdir: it is a directory"),
        ("--out-under-a-file", r"--out \S*notes\.txt/x\.book: \S*notes\.txt is a file, not a"),
        ("--progress-dir", r"cannot keep the build's progress in \S*notes\.txt: it is a file"),
        ("--progress-dir-under-a-file", r"--progress-dir \S*notes\.txt/sub: \S*notes\.txt is a"),
    ],
)
def test_an_unusable_output_stops_the_cli_at_once_in_one_line_leaving_nothing(
    tmp_path: Path, where: str, problem: str
) -> None:
    """A 7x6 build of 4 plies takes half an hour: an output it cannot write is refused before
    it starts, and nothing (no PATH.partial, no PATH.build) is left beside it."""
    (tmp_path / "outdir").mkdir()
    (tmp_path / "notes.txt").write_text("a file, not a directory")
    before = entries_of(tmp_path)
    out, progress = tmp_path / "x.book", None
    if where == "--out":
        out = tmp_path / "outdir"
    elif where == "--out-under-a-file":
        out, progress = tmp_path / "notes.txt" / "x.book", tmp_path / "x.build"
    elif where == "--progress-dir":
        progress = tmp_path / "notes.txt"
    else:
        progress = tmp_path / "notes.txt" / "sub"
    args = ["book", "build", "--plies", "4", "--out", str(out), "--quiet"]
    if progress is not None:
        args += ["--progress-dir", str(progress)]
    result = fourinarow(*args)  # refused before any solving (the build would take minutes)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert re.search(problem, lines[0]), lines[0]
    assert entries_of(tmp_path) == before


def test_a_book_path_taken_by_a_directory_while_building_keeps_the_chunks(tmp_path: Path) -> None:
    """The check before the build cannot see the future: a book file that cannot be written at
    the end is a BookError, no partial file stays, and the chunks solved stay for the next run."""
    path = tmp_path / "x.book"

    def take_the_name(done: int, total: int, seconds: float) -> None:
        if done == total:
            path.mkdir(exist_ok=True)

    with pytest.raises(BookError, match=r"x\.book: it is a folder.*run the build again"):
        build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4, progress=take_the_name)
    assert entries_of(tmp_path) == sorted(
        ["x.book", "x.book.build", *entries_of_build(build_directory(path))]
    )
    path.rmdir()
    report = build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    assert report.solved == 0  # every chunk was kept
    assert len(Book.load(path)) == report.entries


def entries_of_build(directory: Path) -> list[str]:
    return [f"{directory.name}/{name}" for name in entries_of(directory)]


def test_a_book_saved_over_a_directory_is_a_book_error_leaving_no_partial_file(
    tmp_path: Path,
) -> None:
    book = Book.from_entries(*SHAPE, 0, {0: 0})
    (tmp_path / "taken").mkdir()
    with pytest.raises(BookError, match=r"taken: it is a folder; give a regular file"):
        book.save(tmp_path / "taken")
    assert entries_of(tmp_path) == ["taken"]


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0,
    reason="needs a non-root user on POSIX: root can write to read-only folders",
)
def test_a_read_only_directory_is_refused_before_the_build(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(BookError, match=r"locked is not writable"):
            build_book(locked / "x.book", *SHAPE, 3, chunk_size=20, tt_mb=4)
        assert entries_of(locked) == []
    finally:
        locked.chmod(0o755)


# ------------------------------------------------------------------- orphaned workers


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` and that run fourinarow (the pool's workers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and b"fourinarow" in command:
            found.append(int(stat.parent.name))
    return found


def running(pid: int) -> bool:
    """Whether the process runs (a zombie no longer does)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the workers")
@pytest.mark.skipif(available_cores() < 2, reason="two workers need two cores")
def test_the_workers_of_a_build_killed_with_sigkill_exit_at_once_and_quietly(
    tmp_path: Path,
) -> None:
    """Killed mid-chunk with SIGKILL, the main process cannot stop its workers: they see it is
    gone and exit, rather than solving on and failing to hand in their chunk with a
    BrokenPipeError traceback on the terminal. Each chunk here is a hundred 7x6 positions of
    four stones, minutes of solving, so a worker still running after the minute the test waits
    has not seen that it was left alone."""
    errors = tmp_path / "stderr.txt"
    command = [sys.executable, "-m", "fourinarow", "book", "build", "--plies", "4"]
    command += ["--size", "7x6", "--chunk", "100", "--tt-mb", "8", "--workers", "2", "--quiet"]
    with open(errors, "wb") as stderr:
        main = subprocess.Popen(
            [*command, "--out", str(tmp_path / "x.book")], stdout=subprocess.DEVNULL, stderr=stderr
        )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = children(main.pid)
        assert len(workers) == 2
        time.sleep(0.5)  # each is solving its first chunk
    finally:
        main.kill()
        main.wait()
    killed = time.monotonic()
    while any(running(pid) for pid in workers) and time.monotonic() < killed + 60:
        time.sleep(0.05)
    assert not any(running(pid) for pid in workers)  # not solving their chunks to the end
    assert not (tmp_path / "x.book").exists()  # killed mid-build
    assert errors.read_text() == ""


def test_a_log_line_cut_short_by_a_full_disk_is_cut_off_and_the_build_resumes(
    tmp_path: Path,
) -> None:
    """A full disk in the middle of a line of the build's log: exit status 1 (an
    OutputWriteError), the log as it was before that line, and the chunk whose line it was
    solved again by the next run, which ends with a whole book."""
    path = tmp_path / "x.book"
    directory = build_directory(path)
    limit = 200  # plan.json fits, and each chunk of 20 scores; the log's third line does not
    with file_size_limit(limit), pytest.raises(OutputWriteError, match="the build's log"):
        build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    log = (directory / "log.jsonl").read_text()
    assert log.endswith("\n")
    lines = [json.loads(line) for line in log.splitlines()]  # each line whole
    chunks = sorted(p.name for p in directory.glob("chunk-*.scores"))
    assert chunks == [f"chunk-{line['chunk']:07d}.scores" for line in lines]
    report = build_book(path, *SHAPE, 3, chunk_size=20, tt_mb=4)
    assert report.solved > 0
    assert len(Book.load(path)) == report.entries
