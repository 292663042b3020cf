"""core.paths: the kind of a path told without opening it; outputs replaced whole, written
through a device or a FIFO, or refused, and never renamed over anything but a regular file."""

from __future__ import annotations

import os
import resource
import signal
import socket
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import pytest

from fourinarow.core import FourInARowError, PathKindError
from fourinarow.core.paths import (
    OutputWriteError,
    check_output_file,
    check_output_folder,
    check_regular_file,
    kind_of,
    open_regular_file,
    path_problem,
    shown_path,
    write_output_file,
)
from tests.other_user import as_other_user, needs_root, shared_folder

ROOT_ONLY = pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0, reason="making a device node (mknod) needs root"
)


def make_device(path: Path) -> Path:
    """A twin of /dev/null at ``path`` (character device 1:3)."""
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


def make_fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def make_folder(path: Path) -> Path:
    path.mkdir()
    return path


def read_fifo_in_thread(path: Path) -> tuple[threading.Thread, bytearray]:
    """Start a thread reading ``path`` (a FIFO) to its end; join it for the bytes."""
    got = bytearray()

    def read() -> None:
        with open(path, "rb") as f:
            got.extend(f.read())

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread, got


def test_the_kinds_are_told_by_stat_alone(tmp_path: Path) -> None:
    fifo = make_fifo(tmp_path / "fifo")  # opening it for reading would block: kind_of must not
    (tmp_path / "file").write_text("x")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "socket"))
        assert kind_of(tmp_path / "socket") == "a socket"
    assert kind_of(fifo) == "a FIFO"
    assert kind_of(tmp_path) == "a folder"
    assert kind_of(tmp_path / "file") is None
    assert kind_of(tmp_path / "missing") is None
    assert kind_of(tmp_path / "file" / "below") is None  # for the caller's own check to say


@ROOT_ONLY
def test_a_device_is_told_as_one(tmp_path: Path) -> None:
    assert kind_of(make_device(tmp_path / "null")) == "a character device"


@pytest.mark.parametrize("make", [make_fifo, make_folder], ids=["fifo", "folder"])
def test_an_input_that_is_not_a_regular_file_is_refused(
    tmp_path: Path, make: Callable[[Path], Path]
) -> None:
    path = make(tmp_path / "node")
    with pytest.raises(PathKindError, match=r"the book .*node is a (FIFO|folder); it must be a"):
        check_regular_file(path, "the book")
    assert issubclass(PathKindError, FourInARowError)


def test_a_regular_or_missing_input_passes_to_the_callers_own_open(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert check_regular_file(str(tmp_path / "file"), "the book") == tmp_path / "file"
    assert check_regular_file(tmp_path / "missing", "the book") == tmp_path / "missing"


def test_a_layer_may_raise_its_own_subclass(tmp_path: Path) -> None:
    class MineError(PathKindError):
        """A test's own."""

    with pytest.raises(MineError):
        check_regular_file(make_fifo(tmp_path / "fifo"), "it", MineError)


def test_a_regular_output_is_replaced_whole_leaving_nothing_beside(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old")
    assert check_output_file(path, "the set", write_through=True) is False
    write_output_file(path, b"new", "the set", write_through=False)
    assert path.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_stale_partial_fifo_is_removed_not_opened(tmp_path: Path) -> None:
    make_fifo(tmp_path / "out.txt.partial")  # opening it to write would block
    write_output_file(tmp_path / "out.txt", b"new", "the set", write_through=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_symbolic_link_stays_and_its_target_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "target").write_text("old")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    write_output_file(tmp_path / "link", b"new", "the set", write_through=False)
    assert (tmp_path / "link").is_symlink()
    assert (tmp_path / "target").read_bytes() == b"new"


def test_a_fifo_output_is_written_through_to_its_reader(tmp_path: Path) -> None:
    fifo = make_fifo(tmp_path / "fifo")
    thread, got = read_fifo_in_thread(fifo)
    assert check_output_file(fifo, "the set", write_through=True) is True
    data = b"line\n" * 100_000  # more than a pipe holds: the reader must get it all
    write_output_file(fifo, data, "the set", write_through=True)
    thread.join(10)
    assert bytes(got) == data
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo"]


@ROOT_ONLY
def test_a_device_output_is_written_through_and_stays_a_device(tmp_path: Path) -> None:
    device = make_device(tmp_path / "null")
    write_output_file(device, b"gone", "the set", write_through=True)
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


@pytest.mark.parametrize("make", [make_fifo, make_folder], ids=["fifo", "folder"])
def test_an_output_not_written_through_is_refused_and_never_renamed_over(
    tmp_path: Path, make: Callable[[Path], Path]
) -> None:
    path = make(tmp_path / "node")
    for check in (
        lambda: check_output_file(path, "the book", write_through=False),
        lambda: write_output_file(path, b"x", "the book", write_through=False),
    ):
        with pytest.raises(PathKindError, match=r"cannot write the book to .*node: it is a"):
            check()
    assert kind_of(path) in ("a FIFO", "a folder")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["node"]


def test_a_folder_or_socket_output_is_refused_even_where_devices_are_written_through(
    tmp_path: Path,
) -> None:
    with pytest.raises(PathKindError, match="it is a folder"):
        write_output_file(tmp_path, b"x", "the set", write_through=True)
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "socket"))
        with pytest.raises(PathKindError, match="it is a socket"):
            check_output_file(tmp_path / "socket", "the set", write_through=True)


@ROOT_ONLY
def test_a_device_output_not_written_through_is_refused(tmp_path: Path) -> None:
    device = make_device(tmp_path / "null")
    with pytest.raises(PathKindError, match="it is a character device"):
        write_output_file(device, b"x", "the book", write_through=False)
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


def test_a_failed_write_leaves_no_partial_file(tmp_path: Path) -> None:
    with pytest.raises(OutputWriteError, match="No such file or directory"):
        write_output_file(tmp_path / "missing" / "out", b"x", "the set", write_through=False)
    assert list(tmp_path.iterdir()) == []


@contextmanager
def hang_guard(seconds: float = 60.0) -> Iterator[None]:
    """Fail the block, rather than hang, if it takes ``seconds`` (an open blocked on a FIFO
    is interrupted by the alarm)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise AssertionError(f"blocked for {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_open_regular_file_reads_a_regular_file_or_a_link_to_one(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"data")
    (tmp_path / "link").symlink_to("file")
    for name in ("file", "link"):
        with open_regular_file(tmp_path / name, "the book") as f:
            assert f.read() == b"data"
    with pytest.raises(FileNotFoundError):
        open_regular_file(tmp_path / "missing", "the book")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("link", [False, True], ids=["fifo", "link to a fifo"])
def test_open_regular_file_refuses_a_fifo_without_waiting_for_a_writer(
    tmp_path: Path, link: bool
) -> None:
    path = make_fifo(tmp_path / "fifo")
    if link:
        (tmp_path / "link").symlink_to(path)
        path = tmp_path / "link"
    with hang_guard(), pytest.raises(PathKindError, match=r"the book .* is a FIFO; it must be"):
        open_regular_file(path, "the book")


def test_open_regular_file_refuses_a_path_that_became_a_fifo_after_its_check(
    tmp_path: Path,
) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text("{}")
    check_regular_file(path, "the puzzle set")  # what a reader checks first ...
    path.unlink()
    make_fifo(path)  # ... then the path is swapped before it opens it
    with hang_guard(), pytest.raises(PathKindError, match="is a FIFO"):
        open_regular_file(path, "the puzzle set")


def test_open_regular_file_refuses_a_folder_a_socket_and_a_link_loop(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "socket"))
        for name, said in (
            ("loop", "a symbolic link that leads round in a loop"),
            ("socket", "a socket"),
            (".", "a folder"),
        ):
            with hang_guard(), pytest.raises(PathKindError, match=f"is {said}; it must be"):
                open_regular_file(tmp_path / name, "the book")


@ROOT_ONLY
def test_open_regular_file_refuses_a_device(tmp_path: Path) -> None:
    with pytest.raises(PathKindError, match="is a character device"):
        open_regular_file(make_device(tmp_path / "null"), "the book")


# ------------------------------------------------------------- paths that name nothing usable


def test_a_path_that_can_be_looked_at_or_is_simply_missing_has_no_problem(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    assert path_problem(tmp_path / "file") is None
    assert path_problem(tmp_path) is None
    assert path_problem(tmp_path / "missing") is None
    assert path_problem(tmp_path / "missing" / "deeper") is None  # folders for the caller


def test_each_path_that_names_nothing_usable_is_told_in_words(tmp_path: Path) -> None:
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    (tmp_path / "file").write_text("x")
    assert path_problem("") == "the path is empty"
    assert path_problem("a\0b") == "the path holds a NUL character"
    assert path_problem(tmp_path / "loop") == (
        "it is a symbolic link that leads back to itself (a loop)"
    )
    assert path_problem(tmp_path / "loop" / "x") == (
        f"{tmp_path / 'loop'} is a symbolic link that leads back to itself (a loop)"
    )
    assert path_problem(tmp_path / "dangling") == (
        f"it is a symbolic link to {tmp_path / 'gone'}, which does not exist"
    )
    assert path_problem(tmp_path / "dangling" / "x") == (
        f"{tmp_path / 'dangling'} is a symbolic link to {tmp_path / 'gone'}, which does not exist"
    )
    assert path_problem(tmp_path / "file" / "x") == f"{tmp_path / 'file'} is a file, not a folder"
    assert path_problem(tmp_path / ("x" * 300)) == "the name is too long for the file system"


@needs_root
def test_a_folder_the_user_may_not_enter_is_named(tmp_path: Path) -> None:
    with shared_folder() as folder:
        locked = folder / "locked"
        locked.mkdir(mode=0)
        with as_other_user():
            problem = path_problem(locked / "r.sqlite3")
        assert problem == f"this user may not enter the folder {locked}"


@pytest.mark.parametrize(
    "check",
    [
        lambda path: check_regular_file(path, "the set"),
        lambda path: check_output_file(path, "the set", write_through=True),
        lambda path: check_output_folder(path, "the set"),
        lambda path: write_output_file(path, b"x", "the set", write_through=True),
    ],
    ids=["input", "output", "folder", "write"],
)
def test_every_check_refuses_a_loop_in_one_line_naming_it(
    tmp_path: Path, check: Callable[[Path], object]
) -> None:
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(PathKindError) as caught:
        check(tmp_path / "loop")
    assert f"{tmp_path / 'loop'}: it is a symbolic link that leads back to itself" in str(
        caught.value
    )
    assert "\n" not in str(caught.value)
    assert (tmp_path / "loop").is_symlink()


def test_an_output_folder_is_a_folder_or_new_where_files_can_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("mine")
    assert check_output_folder(tmp_path, "it") == tmp_path
    assert check_output_folder(tmp_path / "new" / "deeper", "it") == tmp_path / "new" / "deeper"
    with pytest.raises(PathKindError, match="it is a file; give a folder's path"):
        check_output_folder(tmp_path / "file", "it")
    assert not (tmp_path / "new").exists()  # made by the writer, not the check
    assert (tmp_path / "file").read_text() == "mine"


def test_a_long_path_is_shown_by_its_ends() -> None:
    text = "/" + "x" * 300 + "/end.png"
    assert shown_path(text).startswith("/xxx")
    assert shown_path(text).endswith("/end.png")
    assert len(shown_path(text)) < 100


# ------------------------------------------------------------------------ writes that fail


@contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """Writes past ``size`` bytes fail with "File too large" in this block (a full disk, as
    far as the writer can tell)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def test_a_write_that_fails_keeps_the_old_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"old" * 1000)
    with file_size_limit(100), pytest.raises(OutputWriteError) as caught:
        write_output_file(path, b"new" * 1000, "the set", write_through=False)
    assert str(caught.value) == (
        f"cannot write the set to {path} (File too large); the file there before is unchanged"
    )
    assert isinstance(caught.value, OSError)
    assert not isinstance(caught.value, FourInARowError)  # not bad input: exit status 1
    assert path.read_bytes() == b"old" * 1000
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="this system has no /dev/full")
def test_a_full_device_written_through_is_an_output_write_error() -> None:
    with pytest.raises(OutputWriteError, match=r"^cannot write the set to /dev/full \(No space"):
        write_output_file("/dev/full", b"x" * 10, "the set", write_through=True)


def test_folders_made_for_an_output_that_fails_are_no_half_file(tmp_path: Path) -> None:
    target = tmp_path / "new" / "out.txt"
    with file_size_limit(10), pytest.raises(OutputWriteError):
        write_output_file(target, b"x" * 100, "it", write_through=False, make_folders=True)
    assert list((tmp_path / "new").iterdir()) == []
