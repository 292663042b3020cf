"""Installing books from files and from a real HTTP server on 127.0.0.1, listing and removing
them: a failure never leaves anything in the books folder."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from fourinarow.book.build import build_book
from fourinarow.book.install import (
    BookDownloadError,
    BookInstallError,
    ChecksumMismatchError,
    install_book,
    is_url,
    list_books,
    remove_book,
)
from fourinarow.core import Board, FourInARowError
from fourinarow.search import book as book_module
from fourinarow.search.book import (
    Book,
    BookError,
    cache_copy_path,
    cache_directory,
    default_book,
    default_book_path,
    shipped_book_path,
)
from fourinarow.search.solver import Solver
from tests.book_server import closed_port, serving

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
    monkeypatch.setattr(book_module, "_defaults", {})
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
