"""The cached copy of a book as a new process finds it: replaced by a FIFO, a link to one, a
device, a socket or a link in a loop (never waited on: reported in one line and written again),
or with its scores changed (caught when a lookup reads them, answered from the book).

Each case runs ``python -m fourinarow`` as a real process, with a time limit that turns a hang
into a failure, on the shipped 5x4 book (small: its copy takes a moment to write)."""

from __future__ import annotations

import json
import os
import socket
import stat
import struct
import subprocess
import sys
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path

import pytest

from fourinarow.search.book import Book, cache_copy_path, shipped_book_path

HANG_GUARD_S = 60
"""Seconds a command may take before the test fails rather than hang (it takes about one)."""

SOLVE = ["solve", "--size", "5x4", "11"]


def fourinarow(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fourinarow", *args],
        capture_output=True,
        text=True,
        timeout=HANG_GUARD_S,
        env={**os.environ, "FOURINAROW_CACHE": str(cache)},
        check=False,
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """Where the shipped 5x4 book's copy goes in a cache of this test's own (not written)."""
    book = shipped_book_path(5, 4, 4)
    assert book is not None
    return cache_copy_path(book, Book.read_header(book), tmp_path / "cache")


def make_fifo(copy: Path) -> str:
    os.mkfifo(copy)
    return "a FIFO"


def link_to_fifo(copy: Path) -> str:
    os.mkfifo(copy.with_name("fifo"))
    copy.symlink_to(copy.with_name("fifo"))
    return "a FIFO"


def link_to_device(copy: Path) -> str:
    copy.symlink_to("/dev/zero")
    return "a character device"


def link_in_a_loop(copy: Path) -> str:
    copy.symlink_to(copy.name)  # itself
    return "a symbolic link in a loop"


def make_socket(copy: Path) -> str:
    here = Path.cwd()
    os.chdir(copy.parent)  # bound by its name alone: a test's folder is past AF_UNIX's 108 bytes
    try:
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(copy.name)
    finally:
        os.chdir(here)
    return "a socket"


MAKE: dict[str, Callable[[Path], str]] = {
    "fifo": make_fifo,
    "link to a fifo": link_to_fifo,
    "link to /dev/zero": link_to_device,
    "link in a loop": link_in_a_loop,
    "socket": make_socket,
}


@pytest.mark.parametrize("kind", MAKE)
def test_a_copy_that_is_not_a_regular_file_is_written_again_without_waiting(
    copy: Path, kind: str
) -> None:
    plain = fourinarow(*SOLVE, cache=copy.parent)  # writes the copy
    assert plain.returncode == 0, plain.stderr
    copy.unlink()
    said = MAKE[kind](copy)
    done = fourinarow(*SOLVE, cache=copy.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout == plain.stdout
    assert done.stderr == (
        f"fourinarow: warning: {copy}: the cached copy of the book 5x4c4.book is damaged (it is "
        f"{said}, not a regular file); writing it again from the book\n"
    )
    assert stat.S_ISREG(os.lstat(copy).st_mode)  # the node replaced, not what it led to
    again = fourinarow(*SOLVE, cache=copy.parent)
    assert (again.returncode, again.stdout, again.stderr) == (0, plain.stdout, "")


def negate_scores(copy: Path) -> None:
    """Every score of a copy negated, its own CRC-32 recomputed, in place (as a tester did)."""
    data = bytearray(copy.read_bytes())
    (count,) = struct.unpack_from("=Q", data, 8)
    scores = array("b", data[24 + 8 * count :])
    data[24 + 8 * count :] = array("b", (-score for score in scores)).tobytes()
    struct.pack_into("=I", data, 20, zlib.crc32(data[24:]))
    with open(copy, "r+b") as f:
        f.write(data)


@pytest.mark.parametrize(
    "args",
    [
        ["move", "--json", "--time-ms", "1", "--size", "5x4", "3322"],
        ["solve", "--size", "5x4", "--analyze", "332211"],
    ],
    ids=["move", "solve --analyze"],
)
def test_a_copy_whose_scores_were_changed_is_caught_and_the_book_answers(
    copy: Path, args: list[str]
) -> None:
    plain = fourinarow(*args, cache=copy.parent)
    assert plain.returncode == 0, plain.stderr
    negate_scores(copy)
    done = fourinarow(*args, cache=copy.parent)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(
        f"fourinarow: warning: {copy}: the cached copy of the book 5x4c4.book is damaged (block "
    )
    assert done.stderr.endswith(
        "its entries do not match the book's digest); writing it again from the book\n"
    )
    assert len(done.stderr.splitlines()) == 1
    if args[0] == "move":
        expected, found = json.loads(plain.stdout), json.loads(done.stdout)
        assert (found["column"], found["score"]) == (expected["column"], expected["score"])
    else:
        assert done.stdout == plain.stdout
    again = fourinarow(*args, cache=copy.parent)  # the copy written again
    assert (again.returncode, again.stderr) == (0, "")
