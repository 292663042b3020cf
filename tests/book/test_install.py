"""Installing books from files and from a real HTTP server on 127.0.0.1, listing and removing
them: a failure never leaves anything in the books folder."""

from __future__ import annotations

import hashlib
import os
import struct
import subprocess
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourinarow.book.build import build_book
from fourinarow.book.install import (
    BookDownloadError,
    BookInstallError,
    BookTooLargeError,
    ChecksumMismatchError,
    install_book,
    is_url,
    list_books,
    remove_book,
)
from fourinarow.core import Board, FourInARowError
from fourinarow.search.book import (
    Book,
    BookError,
    cache_copy_path,
    cache_directory,
    default_book,
    default_book_path,
    shipped_book_path,
)
from fourinarow.search.book import default as default_books
from fourinarow.search.solver import Solver
from tests.book_server import closed_port, self_signed, serving

SHAPE = (4, 5, 4)


@pytest.fixture(scope="module")
def book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A real 2-ply book of 4x5 connect 4, built by the builder."""
    path = tmp_path_factory.mktemp("built") / "b.book"
    build_book(path, *SHAPE, 2, chunk_size=64, tt_mb=4)
    return path.read_bytes()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The books folder of an empty user data folder (not made yet)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(default_books, "_defaults", {})
    return tmp_path / "data" / "fourinarow" / "books"


def damaged(data: bytes) -> bytes:
    """The book with a payload byte flipped: its CRC-32 no longer matches."""
    changed = bytearray(data)
    changed[-3] ^= 0xFF
    return bytes(changed)


@pytest.fixture
def server(book_bytes: bytes) -> Iterator[str]:
    with serving({"4x5.book": book_bytes, "damaged.book": damaged(book_bytes)}) as url:
        yield url


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def everything_in(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_download_is_checked_then_named_by_its_header_and_becomes_the_default(
    folder: Path, server: str, book_bytes: bytes
) -> None:
    seen: list[tuple[int, int | None]] = []
    listed = install_book(
        f"{server}/4x5.book",
        sha(book_bytes).upper(),
        progress=lambda done, total: seen.append((done, total)),
    )
    assert listed.path == folder / "4x5c4.book"
    assert everything_in(folder) == ["4x5c4.book"]
    assert listed.path.read_bytes() == book_bytes
    assert listed.in_use
    assert listed.origin == "installed"
    assert listed.header is not None
    assert (listed.header.plies, listed.size) == (2, len(book_bytes))
    assert seen[-1] == (len(book_bytes), len(book_bytes))
    assert default_book_path(*SHAPE) == listed.path
    solver = Solver(tt_mb=4)
    result = solver.solve(Board(*SHAPE))
    assert solver.book is default_book(*SHAPE)
    assert result.score == Solver(tt_mb=4, book=False).solve(Board(*SHAPE)).score


def test_a_file_installs_with_or_without_its_checksum_and_replaces_the_last(
    folder: Path, tmp_path: Path, book_bytes: bytes
) -> None:
    source = tmp_path / "any name.book"
    source.write_bytes(book_bytes)
    first = install_book(source)
    assert first.path == folder / "4x5c4.book"
    copy = cache_directory()
    assert copy is not None
    assert first.header is not None
    Book.load(first.path, copy)  # leaves an uncompressed copy in the cache
    old_copy = cache_copy_path(first.path, first.header, copy)
    assert old_copy.is_file()
    smaller = Book.load(source)
    kept = dict(list(smaller.items())[:3])
    Book.from_entries(*SHAPE, 2, kept).save(source)
    second = install_book(str(source), sha(source.read_bytes()))
    assert second.header is not None
    assert second.header.count == 3
    assert everything_in(folder) == ["4x5c4.book"]
    assert not old_copy.exists()  # the replaced book's copy goes with it


@pytest.mark.parametrize(
    ("path", "error", "message"),
    [
        ("/missing.book", BookDownloadError, r"/missing\.book: the server answered 404"),
        ("/short/4x5.book", BookDownloadError, r"stopped after \d+ of \d+ bytes"),
        ("/damaged.book", BookError, r"damaged\.book: is corrupt: its checksum does not match"),
    ],
)
def test_a_failed_download_leaves_nothing_behind(
    folder: Path, server: str, book_bytes: bytes, path: str, error: type[Exception], message: str
) -> None:
    digest = sha(damaged(book_bytes) if "damaged" in path else book_bytes)
    with pytest.raises(error, match=message) as caught:
        install_book(f"{server}{path}", digest)
    assert ".partial" not in str(caught.value)
    assert everything_in(folder) == []


def test_a_wrong_checksum_is_refused(folder: Path, server: str) -> None:
    with pytest.raises(ChecksumMismatchError, match=r"its SHA-256 is [0-9a-f]{64}, not 0{64}"):
        install_book(f"{server}/4x5.book", "0" * 64)
    assert everything_in(folder) == []


def test_a_refused_connection_is_a_download_error(folder: Path) -> None:
    with pytest.raises(BookDownloadError, match="cannot download it"):
        install_book(f"http://127.0.0.1:{closed_port()}/4x5.book", "0" * 64)
    assert everything_in(folder) == []


@pytest.mark.parametrize(
    ("source", "digest", "message"),
    [
        ("http://127.0.0.1:1/x.book", None, "needs its SHA-256"),
        ("ftp://127.0.0.1/x.book", "0" * 64, r"over http:// or https:// only"),
        ("x.book", "abc", "a SHA-256 is 64 hexadecimal digits, not 'abc'"),
        ("x.book", "g" * 64, "a SHA-256 is 64 hexadecimal digits"),
        ("no/such.book", None, r"no/such\.book: cannot be read \(No such file"),
        (3, None, "a path or a URL, not 3"),
        ("http://[::1", "0" * 64, r"http://\[::1: not a valid URL \(Invalid IPv6 URL\)"),
        ("http://exa mple.org/x.book", "0" * 64, "not a valid URL"),
        ("http://127.0.0.1:port/x.book", "0" * 64, r"not a valid URL \(nonnumeric port"),
    ],
)
def test_bad_sources_and_checksums_say_what_is_accepted(
    folder: Path, source: object, digest: str | None, message: str
) -> None:
    with pytest.raises(BookInstallError, match=message) as caught:
        install_book(source, digest)  # type: ignore[arg-type]
    assert isinstance(caught.value, FourInARowError)
    assert isinstance(caught.value, ValueError)
    assert everything_in(folder) == []


def test_a_file_that_is_not_a_book_is_refused(folder: Path, tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("not a book")
    with pytest.raises(BookError, match=r"notes\.txt: is not a fourinarow opening book"):
        install_book(source)
    assert everything_in(folder) == []


def test_the_list_holds_shipped_and_installed_books_and_which_is_in_use(
    folder: Path, tmp_path: Path, book_bytes: bytes
) -> None:
    source = tmp_path / "b.book"
    source.write_bytes(book_bytes)
    install_book(source)
    (folder / "5x5c4.book").write_bytes(b"FIARBOOK" + bytes(40))  # damaged
    (folder / "6x6c4.book").write_bytes(book_bytes)  # a 4x5 book under another shape's name
    listed = {(book.origin, book.path.name): book for book in list_books()}
    shipped = shipped_book_path(7, 6, 4)
    if shipped is not None:
        assert listed["shipped", "7x6c4.book"].in_use
    assert listed["installed", "4x5c4.book"].in_use
    if shipped_book_path(6, 6, 4) is not None:  # the misnamed file does not displace it
        assert listed["shipped", "6x6c4.book"].in_use
        assert listed["shipped", "6x6c4.book"].problem is None
    damaged = listed["installed", "5x5c4.book"]
    assert damaged.header is None
    assert damaged.problem is not None
    assert "format version 0" in damaged.problem
    misnamed = listed["installed", "6x6c4.book"]
    assert not misnamed.in_use
    assert misnamed.problem is not None
    assert "named 6x6c4.book, but a book for 4x5 connect 4 is named 4x5c4.book" in misnamed.problem


def test_remove_takes_the_installed_book_away(
    folder: Path, tmp_path: Path, book_bytes: bytes
) -> None:
    source = tmp_path / "b.book"
    source.write_bytes(book_bytes)
    installed = install_book(source)
    assert remove_book(*SHAPE) == installed.path
    assert everything_in(folder) == []
    assert default_book_path(*SHAPE) is None
    with pytest.raises(BookInstallError, match="no book is installed for 4x5 connect 4"):
        remove_book(*SHAPE)


def test_is_url() -> None:
    assert is_url("HTTPS://example.org/x.book")
    assert not is_url("C:/books/x.book")
    assert not is_url(Path("http://x"))


# ---------------------------------------------------------------- limits


def test_a_device_as_the_source_is_refused_at_once(folder: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this system")
    seen: list[int] = []
    with pytest.raises(BookError, match=r"/dev/zero") as caught:
        install_book("/dev/zero", progress=lambda done, total: seen.append(done))
    assert "\n" not in str(caught.value)
    assert seen == []  # refused within the first chunk read (its header), if read at all
    assert everything_in(folder) == []


def test_a_download_that_is_not_a_book_stops_after_its_first_bytes(folder: Path) -> None:
    zeros = bytes(100)
    not_a_book = r"zeros\.book: is not a fourinarow opening book"
    # the server sends zeros for ever
    with serving({"zeros.book": zeros}) as url, pytest.raises(BookError, match=not_a_book):
        install_book(f"{url}/endless/zeros.book", sha(zeros))
    assert everything_in(folder) == []


def test_a_body_past_the_size_its_header_gives_is_stopped_there(
    folder: Path, server: str, book_bytes: bytes
) -> None:
    seen: list[int] = []
    with pytest.raises(
        BookTooLargeError, match=rf"more than the {len(book_bytes):,} bytes its book header gives"
    ):
        install_book(
            f"{server}/endless/4x5.book",  # no Content-Length, the book, then zeros for ever
            sha(book_bytes),
            progress=lambda done, total: seen.append(done),
        )
    assert max(seen, default=0) <= len(book_bytes)  # never reported past the header's size
    assert everything_in(folder) == []


@pytest.mark.parametrize(
    ("path", "error", "message"),
    [
        ("/length=%C2%B2/4x5.book", BookDownloadError, r"Content-Length '²' is not a number"),
        ("/length=-1/4x5.book", BookDownloadError, r"Content-Length '-1' is not a number"),
        ("/length=1000/4x5.book", BookDownloadError, r"1,000 bytes announced, but its book"),
        ("/length=99999999999/4x5.book", BookTooLargeError, r"announces 99,999,999,999 bytes"),
        ("/to=ftp%3A%2F%2F127.0.0.1%2F4x5.book/x", BookDownloadError, r"redirects to 'ftp://"),
    ],
)
def test_a_lying_or_malformed_answer_is_refused_before_its_body(
    folder: Path, server: str, book_bytes: bytes, path: str, error: type[Exception], message: str
) -> None:
    seen: list[int] = []
    with pytest.raises(error, match=message) as caught:
        install_book(
            f"{server}{path}", sha(book_bytes), progress=lambda done, total: seen.append(done)
        )
    assert "\n" not in str(caught.value)
    assert max(seen, default=0) < len(book_bytes)
    assert everything_in(folder) == []


def test_a_header_promising_more_payload_than_its_entries_take_is_refused_at_once(
    folder: Path, book_bytes: bytes
) -> None:
    header = bytearray(book_bytes[:40])
    struct.pack_into("<Q", header, 24, 200 << 20)  # a 200 MB payload for a few entries
    junk = bytes(header)  # then zeros, for ever
    message = r"a payload of 209,715,200 bytes, more than its [\d,]+ entries take"
    with serving({"junk.book": junk}) as url, pytest.raises(BookError, match=message):
        install_book(f"{url}/endless/junk.book", sha(junk))
    assert everything_in(folder) == []


def test_a_redirect_to_http_is_followed(folder: Path, server: str, book_bytes: bytes) -> None:
    target = urllib.parse.quote(f"{server}/4x5.book", safe="")
    listed = install_book(f"{server}/to={target}/x", sha(book_bytes))
    assert listed.path == folder / "4x5c4.book"


def test_a_book_larger_than_allowed_is_refused_before_its_payload(
    folder: Path, server: str, tmp_path: Path, book_bytes: bytes
) -> None:
    small = len(book_bytes) - 1
    with pytest.raises(BookTooLargeError, match=rf"more than the {small:,} a book may have"):
        install_book(f"{server}/4x5.book", sha(book_bytes), max_bytes=small)
    with pytest.raises(BookTooLargeError, match=r"its header gives a book of [\d,]+ bytes"):
        install_book(f"{server}/endless/4x5.book", sha(book_bytes), max_bytes=small)
    source = tmp_path / "b.book"
    source.write_bytes(book_bytes)
    with pytest.raises(BookTooLargeError, match=rf"b\.book: {len(book_bytes):,} bytes, more"):
        install_book(source, max_bytes=small)
    assert everything_in(folder) == []
    assert install_book(source, max_bytes=len(book_bytes)).path == folder / "4x5c4.book"


def test_a_download_dripping_bytes_is_abandoned_at_its_deadline(
    folder: Path, book_bytes: bytes
) -> None:
    # a byte every 0.1 s: the read timeout (30 s) never passes, and the whole book would take
    # hours; only the deadline ends it, and the error says so
    late = r"took longer than its deadline of 1 s"
    with (
        serving({"4x5.book": book_bytes}, drip_s=0.1) as url,
        pytest.raises(BookDownloadError, match=late),
    ):
        install_book(f"{url}/drip/4x5.book", sha(book_bytes), deadline=1)
    assert everything_in(folder) == []


def test_a_server_that_sends_nothing_is_abandoned_at_the_read_timeout(
    folder: Path, book_bytes: bytes
) -> None:
    silent = r"timed out: the server sent nothing"
    with serving({"4x5.book": book_bytes}) as url, pytest.raises(BookDownloadError, match=silent):
        install_book(f"{url}/stall/4x5.book", sha(book_bytes), timeout=0.5)
    assert everything_in(folder) == []


@pytest.mark.parametrize(
    ("limit", "value", "message"),
    [
        ("max_bytes", 0, "max_bytes is a whole number above 0, not 0"),
        ("max_bytes", 1.5, "max_bytes is a whole number above 0, not 1.5"),
        ("deadline", -1, "deadline is a number above 0, not -1"),
        ("timeout", float("nan"), "timeout is a number above 0, not nan"),
        ("deadline", True, "deadline is a number above 0, not True"),
    ],
)
def test_limits_are_positive_numbers(
    folder: Path, tmp_path: Path, limit: str, value: object, message: str
) -> None:
    with pytest.raises(BookInstallError, match=message):
        install_book(tmp_path / "x.book", **{limit: value})  # type: ignore[arg-type]
    assert everything_in(folder) == []


def test_the_next_install_removes_what_killed_installs_left(
    folder: Path, tmp_path: Path, book_bytes: bytes
) -> None:
    folder.mkdir(parents=True)
    dead = subprocess.Popen(["true"])  # a process id that is gone once it has ended
    dead.wait()
    hour_ago = time.time() - 3600
    of_the_dead = folder / f".install-{dead.pid}-k1ll3d.partial"  # its writer is gone
    old = folder / ".install-x7gq2b9w.partial"  # an earlier version's name, untouched an hour
    mine_old = folder / f".install-{os.getpid()}-st4le.partial"  # alive, but untouched an hour
    mine = folder / f".install-{os.getpid()}-w0rk1ng.partial"  # alive and fresh: running
    other = folder / "notes.partial"  # not an install's
    for path in (of_the_dead, old, mine_old, mine, other):
        path.write_bytes(b"x" * 100)
    for path in (old, mine_old, other):
        os.utime(path, (hour_ago, hour_ago))
    source = tmp_path / "b.book"
    source.write_bytes(book_bytes)
    install_book(source)
    assert everything_in(folder) == sorted([mine.name, other.name, "4x5c4.book"])


def test_https_downloads_are_checked_and_bounded_alike(
    folder: Path, tmp_path: Path, book_bytes: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    tls = self_signed(tmp_path)
    if tls is None:
        pytest.skip("no openssl to make a certificate for a local https server")
    with serving({"4x5.book": book_bytes}, drip_s=0.1, tls=tls) as url:
        with pytest.raises(BookDownloadError, match="certificate verify failed"):
            install_book(f"{url}/4x5.book", sha(book_bytes))  # not a trusted certificate
        monkeypatch.setenv("SSL_CERT_FILE", str(tls[0]))  # trusted from here on
        with pytest.raises(BookDownloadError, match=r"took longer than its deadline of 1 s"):
            install_book(f"{url}/drip/4x5.book", sha(book_bytes), deadline=1)
        assert everything_in(folder) == []
        assert install_book(f"{url}/4x5.book", sha(book_bytes)).path == folder / "4x5c4.book"


def test_a_redirect_loop_is_one_line(folder: Path, server: str, book_bytes: bytes) -> None:
    with pytest.raises(BookDownloadError, match="redirects in a loop or too many times") as caught:
        install_book(f"{server}/loop/4x5.book", sha(book_bytes))
    assert "\n" not in str(caught.value)
    assert everything_in(folder) == []
