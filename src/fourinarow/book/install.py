"""Installing opening books for shapes the package ships none for (or deeper ones), listing
every book the solver may use, and removing installed ones.

An installed book lives in the user's data folder, ``books/WxHcN.book``
(:func:`fourinarow.search.book.installed_books_folder`), named by its own header's shape. The
solver's default book for a shape is the shipped or the installed one, the deeper (a tie goes
to the shipped one): :func:`fourinarow.search.book.default_book_path`.

:func:`install_book` copies a local file or downloads an ``http(s)`` URL to a temporary file in
that folder, checks its SHA-256 (required for a URL), reads the whole book (header, CRC-32,
entries) and only then renames it into place, atomically: a failure or Ctrl-C at any step leaves
the folder as it was.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import string
import tempfile
import urllib.error
import urllib.request
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import BinaryIO, Literal

from fourinarow.core.arguments import shown
from fourinarow.core.paths import check_output_file, check_regular_file
from fourinarow.search.book import (
    Book,
    BookError,
    BookHeader,
    BookPathError,
    book_file_name,
    cache_copy_path,
    cache_directory,
    default_book_path,
    installed_books_folder,
)
from fourinarow.userdata import UnknownDataHomeError

__all__ = [
    "BookDownloadError",
    "BookInstallError",
    "ChecksumMismatchError",
    "DownloadProgress",
    "ListedBook",
    "install_book",
    "is_url",
    "list_books",
    "remove_book",
]

DownloadProgress = Callable[[int, int | None], None]
"""Called as ``progress(bytes_so_far, total_bytes)`` while a book is copied or downloaded;
the total is ``None`` when the server does not say."""

_CHUNK = 1 << 20
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_TIMEOUT_S = 30.0


class BookInstallError(BookError):
    """A book that cannot be installed: a bad source or checksum, or the folder not writable."""


class BookDownloadError(BookInstallError):
    """A download that failed: an HTTP error, no connection, a timeout or a cut-off body."""


class ChecksumMismatchError(BookInstallError):
    """A book whose SHA-256 is not the one given."""


@dataclass(frozen=True)
class ListedBook:
    """One book the solver may use: shipped in the package or installed by the user.

    Attributes:
        path: the file.
        origin: ``shipped`` or ``installed``.
        header: its header, or ``None`` when that is damaged (then ``problem`` says how).
        size: the file's size in bytes.
        in_use: whether it is its shape's default book (:func:`default_book_path`).
        problem: what is wrong with the file, if anything.
    """

    path: Path
    origin: Literal["shipped", "installed"]
    header: BookHeader | None
    size: int
    in_use: bool
    problem: str | None = None


def is_url(source: str | os.PathLike[str]) -> bool:
    """Whether an install source is a URL (``scheme://...``) rather than a file.

    >>> is_url("https://example.org/7x6c4.book"), is_url("books/7x6c4.book")
    (True, False)
    """
    return isinstance(source, str) and bool(_URL.match(source))


def _checked_sha256(sha256: object) -> str | None:
    if sha256 is None:
        return None
    text = sha256.strip().lower() if isinstance(sha256, str) else None
    if text is None or len(text) != 64 or not set(text) <= set(string.hexdigits.lower()):
        raise BookInstallError(f"a SHA-256 is 64 hexadecimal digits, not {shown(sha256)}")
    return text


def install_book(
    source: str | os.PathLike[str],
    sha256: str | None = None,
    *,
    progress: DownloadProgress | None = None,
    timeout: float = _TIMEOUT_S,
) -> ListedBook:
    """Install a book from a file or an ``http(s)`` URL into the user's data folder, as
    ``WxHcN.book`` after its own header (replacing the one installed for that shape).

    Args:
        source: a book file, or an ``http://`` or ``https://`` URL of one.
        sha256: the book's SHA-256 in hexadecimal; required for a URL, checked if given.
        progress: called with the bytes read so far and the total (if known).
        timeout: seconds a download may wait for the server at any one point.

    Returns:
        The installed book, and whether it is now its shape's default (a shipped book at
        least as deep stays the default).

    Raises:
        BookInstallError: no SHA-256 for a URL, a malformed one, a URL of another scheme, a
            missing source, or a data folder that cannot be written.
        BookDownloadError: an HTTP error status, no connection, a timeout, a body shorter
            than announced.
        ChecksumMismatchError: the SHA-256 differs.
        BookError: the file is not a whole, intact book.
        BookPathError: the source is a folder, a FIFO, a device or a socket, found before
            anything is read or written.

    Nothing is left behind when it raises, nor on ``KeyboardInterrupt``.
    """
    expected = _checked_sha256(sha256)
    url = is_url(source)
    if url and expected is None:
        raise BookInstallError(
            f"{source}: a book downloaded from a URL needs its SHA-256 to be checked against"
        )
    if not isinstance(source, str | os.PathLike) or "\0" in str(source):
        raise BookInstallError(f"a book's source is a path or a URL, not {shown(source)}")
    if not url:  # a FIFO would block the copy; a device would copy forever
        check_regular_file(source, "the book", BookPathError)
    try:
        folder = installed_books_folder()
    except UnknownDataHomeError as error:
        raise BookInstallError(f"no folder to install books in: {error}") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=".install-", suffix=".partial", dir=folder)
    except OSError as error:
        raise BookInstallError(f"cannot write to {folder} ({error.strerror or error})") from None
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            if url:
                digest = _download(str(source), out, progress, timeout)
            else:
                digest = _copy(Path(source), out, progress)
        if expected is not None and digest != expected:
            raise ChecksumMismatchError(
                f"{source}: its SHA-256 is {digest}, not {expected} as given: not installed"
            )
        header = _read_whole(temporary, str(source))
        path = folder / book_file_name(header.width, header.height, header.connect)
        check_output_file(path, "the book", write_through=False, error=BookPathError)
        replaced = _header_or_none(path)
        temporary.chmod(0o644)  # mkstemp makes it private; a book is not
        temporary.replace(path)
    except BaseException as error:  # a failure or Ctrl-C: leave nothing behind
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise BookInstallError(
                f"{source}: cannot install it in {folder} ({error.strerror or error})"
            ) from None
        raise
    if replaced is not None and replaced.checksum != header.checksum:
        _forget_copy(path, replaced)
    return _listed(path, "installed")


def _download(url: str, out: BinaryIO, progress: DownloadProgress | None, timeout: float) -> str:
    """Stream ``url`` into ``out``; return the SHA-256 of what came.

    Raises:
        BookInstallError: not an http(s) URL.
        BookDownloadError: an HTTP error, no connection, a timeout, a body cut short.
    """
    scheme = url.split("://", 1)[0].lower()
    if scheme not in ("http", "https"):
        raise BookInstallError(f"{url}: books are downloaded over http:// or https:// only")
    request = urllib.request.Request(url, headers={"User-Agent": "fourinarow"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            digest = _stream(response, out, progress, total)
    except urllib.error.HTTPError as error:
        error.close()  # it holds the connection
        raise BookDownloadError(f"{url}: the server answered {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        reason = error.reason
        detail = getattr(reason, "strerror", None) or reason
        raise BookDownloadError(f"{url}: cannot download it ({detail})") from None
    except (TimeoutError, ConnectionError) as error:
        detail = "timed out" if isinstance(error, TimeoutError) else error.strerror or error
        raise BookDownloadError(f"{url}: the download failed ({detail})") from None
    if total is not None and out.tell() != total:
        raise BookDownloadError(
            f"{url}: the download stopped after {out.tell():,} of {total:,} bytes"
        )
    return digest


def _copy(source: Path, out: BinaryIO, progress: DownloadProgress | None) -> str:
    """Copy a local book into ``out``; return its SHA-256.

    Raises:
        BookInstallError: no such file, or it cannot be read.
    """
    try:
        with open(source, "rb") as f:
            return _stream(f, out, progress, os.fstat(f.fileno()).st_size)
    except OSError as error:
        if error.filename is None or Path(error.filename) != source:
            raise  # writing failed: install_book reports the folder
        raise BookInstallError(f"{source}: cannot be read ({error.strerror or error})") from None


def _stream(
    source: io.BufferedIOBase,
    out: BinaryIO,
    progress: DownloadProgress | None,
    total: int | None,
) -> str:
    """Copy ``source`` into ``out`` as bytes come (not waiting for whole chunks); return
    their SHA-256."""
    digest = hashlib.sha256()
    done = 0
    while chunk := source.read1(_CHUNK):
        digest.update(chunk)
        out.write(chunk)
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    return digest.hexdigest()


def _read_whole(path: Path, source: str) -> BookHeader:
    """Read a downloaded book in full (header, CRC-32, entries); return its header.

    Raises:
        BookError: it is damaged; the message names ``source``, not the temporary file.
    """
    try:
        book = Book.load(path)
    except BookError as error:
        raise BookError(str(error).replace(str(path), source)) from None
    assert book.header is not None  # read from a file
    return book.header


def _header_or_none(path: Path) -> BookHeader | None:
    try:
        return Book.read_header(path) if path.is_file() else None
    except BookError:
        return None


def _forget_copy(path: Path, header: BookHeader) -> None:
    """Remove the uncompressed copy of a book no longer installed (see ``Book.load``); a
    process still mapping it keeps its pages."""
    directory = cache_directory()
    if directory is not None:
        with contextlib.suppress(OSError):
            cache_copy_path(path, header, directory).unlink(missing_ok=True)


def _listed(path: Path, origin: Literal["shipped", "installed"]) -> ListedBook:
    try:
        size = path.stat().st_size
    except OSError as error:
        return ListedBook(path, origin, None, 0, False, f"{path}: {error.strerror or error}")
    try:
        header = Book.read_header(path)
    except BookError as error:
        return ListedBook(path, origin, None, size, False, str(error))
    name = book_file_name(header.width, header.height, header.connect)
    if path.name != name:
        problem = f"not used: named {path.name}, but a book for {header.shape} is named {name}"
        return ListedBook(path, origin, header, size, False, problem)
    try:
        with warnings.catch_warnings():  # the listing shows each file's problem itself
            warnings.simplefilter("ignore")
            in_use = default_book_path(header.width, header.height, header.connect) == path
    except BookError as error:  # this file's problem, or another book's of the same shape
        mine = str(error) if str(path) in str(error) else None
        return ListedBook(path, origin, header, size, False, mine)
    return ListedBook(path, origin, header, size, in_use)


def list_books() -> list[ListedBook]:
    """Every book the solver may use by default: those shipped in the package, then those
    installed in the user's data folder, each in name order.

    A damaged file is listed with its problem, not raised.
    """
    shipped = Path(str(resources.files("fourinarow.search").joinpath("books")))
    listed = [_listed(path, "shipped") for path in sorted(shipped.glob("*.book"))]
    try:
        folder = installed_books_folder()
    except UnknownDataHomeError:
        return listed
    return listed + [_listed(path, "installed") for path in sorted(folder.glob("*.book"))]


def remove_book(width: int, height: int, connect: int) -> Path:
    """Remove the book installed for a shape (and its uncompressed copy); return its path.

    Raises:
        BookInstallError: none is installed for that shape, or it cannot be removed.
        InvalidBoardSizeError: not a board's shape.
    """
    name = book_file_name(width, height, connect)  # checks the shape first
    try:
        path = installed_books_folder() / name
    except UnknownDataHomeError as error:
        raise BookInstallError(f"no folder of installed books: {error}") from None
    if not path.is_file():
        raise BookInstallError(
            f"no book is installed for {width}x{height} connect {connect} (no {name} in "
            f"{path.parent})"
        )
    header = _header_or_none(path)
    try:
        path.unlink()
    except OSError as error:
        raise BookInstallError(f"{path}: cannot be removed ({error.strerror or error})") from None
    if header is not None:
        _forget_copy(path, header)
    return path
