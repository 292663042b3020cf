"""``fourinarow book install``, ``list`` and ``remove`` through the real command, against a real
HTTP server on 127.0.0.1; ``solve`` then uses the installed book (the other ``book`` commands
are tested in tests/book/test_build.py)."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourinarow.book.build import build_book
from tests.book_server import closed_port, serving
from tests.cli.conftest import Run


@pytest.fixture(scope="module")
def book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A real 2-ply book of 4x5 connect 4."""
    path = tmp_path_factory.mktemp("built") / "b.book"
    build_book(path, 4, 5, 4, 2, chunk_size=64, tt_mb=4)
    return path.read_bytes()


@pytest.fixture
def server(book_bytes: bytes) -> Iterator[str]:
    damaged = bytearray(book_bytes)
    damaged[-3] ^= 0xFF
    files = {"4x5.book": book_bytes, "damaged.book": bytes(damaged), "zeros.book": bytes(100)}
    with serving(files) as url:
        yield url


@pytest.fixture
def data(tmp_path: Path) -> dict[str, str]:
    """The environment of a user whose data folder is empty."""
    return {"XDG_DATA_HOME": str(tmp_path / "data")}


def books_in(env: dict[str, str]) -> list[str]:
    folder = Path(env["XDG_DATA_HOME"]) / "fourinarow" / "books"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def nodes_of_the_empty_board(run: Run, env: dict[str, str]) -> int:
    solved = run("solve", "--size", "4x5", "--json", "-", env=env)
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    assert answer["score"] == 0  # 4x5 connect 4 is a draw
    return int(answer["nodes"])


def test_a_book_installed_from_a_url_is_used_by_solve_info_and_list(
    run: Run, server: str, data: dict[str, str], book_bytes: bytes
) -> None:
    without = nodes_of_the_empty_board(run, data)
    installed = run("book", "install", f"{server}/4x5.book", "--sha256", sha(book_bytes), env=data)
    assert installed.returncode == 0, installed.stderr
    assert "4x5c4.book (4x5 connect 4, 2 plies" in installed.stdout
    assert "it is now the default book for 4x5 connect 4" in installed.stdout
    assert books_in(data) == ["4x5c4.book"]
    assert nodes_of_the_empty_board(run, data) < without  # the book answers at once
    solved = run("solve", "--size", "4x5", "--book", "shipped", "22", env=data)
    assert solved.stdout.split() == ["22", "0"]
    info = run("book", "info", "shipped", "--size", "4x5", env=data)
    assert info.returncode == 0, info.stderr
    assert "4x5c4.book" in info.stdout
    assert "entries verified against the book's digest, mapped" in info.stdout
    listed = run("book", "list", env=data)
    assert listed.returncode == 0, listed.stderr
    row = next(line for line in listed.stdout.splitlines() if "4x5 connect 4" in line)
    assert row.split()[3:7] == ["2", "11", f"{len(book_bytes):,}", "installed"]
    assert row.split()[7] == "yes"
    assert row.split()[-1].endswith("fourinarow/books/4x5c4.book")
    removed = run("book", "remove", "4x5", env=data)
    assert removed.returncode == 0, removed.stderr
    assert "no book is left for that shape" in removed.stdout
    assert books_in(data) == []
    assert nodes_of_the_empty_board(run, data) == without


def test_a_file_installs_without_a_checksum(
    run: Run, data: dict[str, str], tmp_path: Path, book_bytes: bytes
) -> None:
    source = tmp_path / "mine.book"
    source.write_bytes(book_bytes)
    installed = run("book", "install", str(source), env=data)
    assert installed.returncode == 0, installed.stderr
    assert books_in(data) == ["4x5c4.book"]


def test_failures_exit_2_in_one_line_and_leave_nothing(
    run: Run, server: str, data: dict[str, str], book_bytes: bytes, tmp_path: Path
) -> None:
    good, bad = sha(book_bytes), "0" * 64
    damaged = bytearray(book_bytes)
    damaged[-3] ^= 0xFF
    cases = {
        "checksum": ((f"{server}/4x5.book", "--sha256", bad), f"its SHA-256 is {good}"),
        "404": ((f"{server}/nothing.book", "--sha256", good), "the server answered 404"),
        "refused": (
            (f"http://127.0.0.1:{closed_port()}/4x5.book", "--sha256", good),
            "Connection refused",
        ),
        "damaged": (
            (f"{server}/damaged.book", "--sha256", sha(bytes(damaged))),
            "damaged.book: is corrupt: its checksum does not match",
        ),
        "no checksum": ((f"{server}/4x5.book",), "a download needs --sha256 HEX"),
        "bad checksum": ((f"{server}/4x5.book", "--sha256", "xyz"), "64 hexadecimal digits"),
        "no file": ((str(tmp_path / "none.book"),), "none.book: cannot be read"),
        "a device": (("/dev/zero",), "/dev/zero is a character device"),
        "not a book": (
            (f"{server}/endless/zeros.book", "--sha256", sha(bytes(100))),
            "zeros.book: is not a fourinarow opening book",
        ),
        "dripping": (
            (f"{server}/drip/4x5.book", "--sha256", good, "--deadline", "1"),
            "took longer than its deadline of 1 s",
        ),
        "endless": ((f"{server}/endless/4x5.book", "--sha256", good), "its book header gives"),
        "bad length": (
            (f"{server}/length=%C2%B2/4x5.book", "--sha256", good),
            "Content-Length '²' is not a number of bytes",
        ),
        "bad URL": (("http://[::1", "--sha256", good), "not a valid URL (Invalid IPv6 URL)"),
    }
    for name, (args, message) in cases.items():
        result = run("book", "install", *args, env=data)
        assert result.returncode == 2, (name, result.stderr)
        assert result.stderr.count("\n") == 1, (name, result.stderr)
        assert result.stderr.startswith("fourinarow book: error: "), (name, result.stderr)
        assert message in result.stderr, (name, result.stderr)
        assert books_in(data) == [], name
    gone = run("book", "remove", "5x5", env=data)
    assert gone.returncode == 2
    assert "no book is installed for 5x5 connect 4" in gone.stderr


def test_ctrl_c_during_a_download_exits_130_and_leaves_nothing(
    data: dict[str, str], book_bytes: bytes
) -> None:
    folder = Path(data["XDG_DATA_HOME"]) / "fourinarow" / "books"
    stalled = threading.Event()
    with serving({"4x5.book": book_bytes}, stalled) as server:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "fourinarow",
                "book",
                "install",
                f"{server}/stall/4x5.book",
                "--sha256",
                sha(book_bytes),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **data},
        )
        try:
            assert stalled.wait(30), "the download never started"
            deadline = time.monotonic() + 30
            while not list(folder.glob("*.partial")):
                assert time.monotonic() < deadline, "no temporary file"
                time.sleep(0.05)
            time.sleep(0.2)  # the half sent is being read
            process.send_signal(signal.SIGINT)
            _, stderr = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate()
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert stderr == "fourinarow book install: interrupted; nothing was installed\n"  # one line
    assert list(folder.iterdir()) == []


def test_shipped_for_a_shape_without_a_book_says_how_to_get_one(
    run: Run, data: dict[str, str]
) -> None:
    for args in (
        ("book", "info", "shipped", "--size", "5x5"),
        ("solve", "--size", "5x5", "--book", "shipped", "33"),
    ):
        result = run(*args, env=data)
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1
        assert "no book for 5x5 connect 4 ships with fourinarow or is installed" in result.stderr
        assert "fourinarow book install" in result.stderr
    assert run("solve", "--size", "5x5", "33", env=data).returncode == 0  # none by default


def test_what_an_install_killed_mid_download_leaves_goes_with_the_next(
    run: Run, data: dict[str, str], book_bytes: bytes
) -> None:
    folder = Path(data["XDG_DATA_HOME"]) / "fourinarow" / "books"
    stalled = threading.Event()
    with serving({"4x5.book": book_bytes}, stalled) as server:
        args = ["book", "install", f"{server}/stall/4x5.book", "--sha256", sha(book_bytes)]
        process = subprocess.Popen(
            [sys.executable, "-m", "fourinarow", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **data},
        )
        try:
            assert stalled.wait(30), "the download never started"
            deadline = time.monotonic() + 30
            while not list(folder.glob(".install-*.partial")):
                assert time.monotonic() < deadline, "no temporary file"
                time.sleep(0.05)
        finally:
            process.kill()  # SIGKILL: no handler runs, the temporary file stays
            process.wait()
        left = list(folder.glob(".install-*.partial"))
        assert [p.name.split("-")[1] for p in left] == [str(process.pid)]
        installed = run(
            "book", "install", f"{server}/4x5.book", "--sha256", sha(book_bytes), env=data
        )
    assert installed.returncode == 0, installed.stderr
    assert books_in(data) == ["4x5c4.book"]
