"""Installing opening books for shapes the package ships none for (or deeper ones), listing
every book the solver may use, and removing installed ones.

An installed book lives in the user's data folder, ``books/WxHcN.book``
(:func:`fourinarow.search.book.installed_books_folder`), named by its own header's shape. The
solver's default book for a shape is the shipped or the installed one, the deeper (a tie goes
to the shipped one): :func:`fourinarow.search.book.default_book_path`.

:func:`install_book` copies a local file or downloads an ``http(s)`` URL to a temporary file in
that folder, checks its SHA-256 (required for a URL), reads the whole book (header, CRC-32,
entries) and only then renames it into place, atomically: a failure or Ctrl-C at any step leaves
the folder as it was. A copy or download is bounded: it stops as soon as it is not a book (its
first 40 bytes are the header), runs past the size its header gives, or would pass
``max_bytes``; a download also stops at its ``deadline``, and when the server sends nothing
for ``timeout`` seconds. A temporary file left by an install that was killed
(``.install-PID-*.partial``) is removed by the next install once its process is gone, or
after ten minutes without a change.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import io
import math
import os
import re
import socket
import stat
import string
import tempfile
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import IO, BinaryIO, Literal

from fourinarow.core.checks import shown
from fourinarow.core.paths import (
    OutputWriteError,
    check_output_file,
    check_regular_file,
    open_regular_file,
)
from fourinarow.search.book import (
    HEADER_SIZE,
    Book,
    BookError,
    BookHeader,
    BookPathError,
    book_file_name,
    cache_copy_path,
    cache_directory,
    default_book_path,
    installed_books_folder,
    parse_header,
)
from fourinarow.userdata import UnknownDataHomeError, writer_gone

__all__ = [
    "DEADLINE_S",
    "MAX_BYTES",
    "READ_TIMEOUT_S",
    "BookDownloadError",
    "BookInstallError",
    "BookTooLargeError",
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

MAX_BYTES = 1 << 30
"""The most bytes a book may have to be installed, unless ``max_bytes`` says otherwise
(1 GiB; the shipped 12-ply 7x6 book has 4.4 MB)."""
DEADLINE_S = 600.0
"""The most seconds a download may take in all, unless ``deadline`` says otherwise."""
READ_TIMEOUT_S = 30.0
"""The most seconds a download waits for the server at any one point (connecting, or the
next bytes), unless ``timeout`` says otherwise."""

_CHUNK = 1 << 20
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")
_DIGITS = re.compile(r"[0-9]+")
_PARTIAL = re.compile(r"\.install-(?:([0-9]+)-)?[^/]*\.partial")
_ABANDONED_AFTER_S = 600.0
"""A temporary file of an install unchanged for this long is abandoned, whoever wrote it (a
running install writes whenever bytes come, and waits at most ``timeout`` for them)."""


_REDIRECTS = frozenset({301, 302, 303, 307, 308})
"""The statuses of a redirect: one that reaches the caller is one urllib would not follow on."""


class BookInstallError(BookError):
    """A book that cannot be installed: a bad source or checksum, or the folder not writable."""


class BookDownloadError(BookInstallError):
    """A download that failed: an HTTP error, no connection, a timeout or a cut-off body."""


class ChecksumMismatchError(BookInstallError):
    """A book whose SHA-256 is not the one given."""


class BookTooLargeError(BookInstallError):
    """A source larger than the size its book header gives, or than the most allowed."""


@dataclass(frozen=True)
class ListedBook:
    """One book the solver may use: shipped in the package or installed by the user.

    Attributes:
        path: the file.
        origin: ``shipped`` or ``installed``.
        header: its header, or ``None`` when that is damaged (then ``problem`` says how).
        size: the file's size in bytes.
        in_use: whether it is its shape's default book
            (:func:`~fourinarow.search.book.default_book_path`).
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


def _checked_limit(value: object, what: str, *, whole: bool = False) -> float:
    """A positive number of bytes or seconds (else ``BookInstallError``)."""
    number = value if isinstance(value, int | float) and not isinstance(value, bool) else None
    if (
        number is None
        or not (number > 0 and math.isfinite(number))
        or (whole and not isinstance(number, int))
    ):
        kind = "a whole number above 0" if whole else "a number above 0"
        raise BookInstallError(f"{what} is {kind}, not {shown(value)}")
    return number


def install_book(
    source: str | os.PathLike[str],
    sha256: str | None = None,
    *,
    progress: DownloadProgress | None = None,
    timeout: float = READ_TIMEOUT_S,
    deadline: float = DEADLINE_S,
    max_bytes: int = MAX_BYTES,
) -> ListedBook:
    """Install a book from a file or an ``http(s)`` URL into the user's data folder, as
    ``WxHcN.book`` after its own header (replacing the one installed for that shape).

    Args:
        source: a book file, or an ``http://`` or ``https://`` URL of one.
        sha256: the book's SHA-256 in hexadecimal; required for a URL, checked if given.
        progress: called with the bytes read so far and the total (if known).
        timeout: seconds a download may wait for the server at any one point.
        deadline: seconds a download may take in all, from connecting to the last byte.
        max_bytes: the most bytes the book may have; a source is refused as soon as it is
            found larger (by its size, its ``Content-Length``, its header or its bytes).

    Returns:
        The installed book, and whether it is now its shape's default (a shipped book at
        least as deep stays the default).

    Raises:
        BookInstallError: no SHA-256 for a URL, a malformed one, a malformed URL or one of
            another scheme, a missing source, a limit that is not a positive number, or a
            data folder that cannot be written.
        OutputWriteError: the copy could not be written there (a full disk, ...).
        BookDownloadError: an HTTP error status, no connection, a timeout, the deadline
            passed, a redirect to another scheme, a malformed answer, a body shorter than
            announced.
        BookTooLargeError: the source is larger than its header says, or than ``max_bytes``.
        ChecksumMismatchError: the SHA-256 differs.
        BookError: the file is not a whole, intact book (a source that does not begin with
            a book's header is refused after its first 40 bytes).
        BookPathError: the source is a folder, a FIFO, a device or a socket, found before
            anything is read or written.

    Nothing is left behind when it raises, nor on ``KeyboardInterrupt``; a temporary file
    left by a killed install is removed by the next one.
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
    limits = _Limits(
        int(_checked_limit(max_bytes, "max_bytes", whole=True)),
        _checked_limit(timeout, "timeout"),
        _checked_limit(deadline, "deadline"),
    )
    if not url and not os.path.lexists(source):  # before the books folder is made
        raise BookInstallError(f"{source}: cannot be read (No such file or directory)")
    try:
        folder = installed_books_folder()
    except UnknownDataHomeError as error:
        raise BookInstallError(f"no folder to install books in: {error}") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _remove_abandoned_installs(folder)
        handle, name = tempfile.mkstemp(
            prefix=f".install-{os.getpid()}-", suffix=".partial", dir=folder
        )
    except OSError as error:
        raise BookInstallError(f"cannot write to {folder} ({error.strerror or error})") from None
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            if url:
                digest = _download(str(source), out, progress, limits)
            else:
                digest = _copy(Path(source), out, progress, limits)
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
        if isinstance(error, OSError):  # writing failed (a full disk): exit status 1
            raise OutputWriteError(
                f"{source}: cannot install it in {folder} ({error.strerror or error}); the "
                "books installed before are unchanged"
            ) from None
        raise
    if replaced is not None and replaced.checksum != header.checksum:
        _forget_copy(path, replaced)
    return _listed(path, "installed")


@dataclass(frozen=True)
class _Limits:
    """What bounds one install: its bytes, and a download's wait and time in all."""

    max_bytes: int
    timeout: float
    deadline: float


def _remove_abandoned_installs(folder: Path) -> None:
    """Remove the temporary files (``.install-PID-*.partial``) of installs that were killed:
    their process is gone, or the file has not changed for ten minutes (also for the names
    without a process id that earlier versions wrote)."""
    now = time.time()
    for partial in folder.glob(".install-*.partial"):
        match = _PARTIAL.fullmatch(partial.name)
        if match is None:
            continue
        try:
            age = now - partial.stat().st_mtime
        except OSError:
            continue  # renamed or removed by its writer meanwhile
        writer = match.group(1)
        if age > _ABANDONED_AFTER_S or (writer is not None and writer_gone(int(writer))):
            with contextlib.suppress(OSError):
                partial.unlink()


class _Watchdog:
    """Ends a download at its deadline: shuts down its sockets, which wakes a read blocked
    on one (a server sending a byte now and then never lets the read's own timeout pass)."""

    def __init__(self, seconds: float) -> None:
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def watch(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def _opener(watchdog: _Watchdog) -> urllib.request.OpenerDirector:
    """urllib's opener (proxies from the environment included) whose connections the
    watchdog watches and whose redirects stay on http(s)."""

    class Connection(http.client.HTTPConnection):
        def connect(self) -> None:
            super().connect()
            watchdog.watch(self.sock)

    class SecureConnection(http.client.HTTPSConnection):
        def connect(self) -> None:
            super().connect()
            watchdog.watch(self.sock)

    class Handler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(Connection, req)

    class SecureHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(SecureConnection, req)

    class Redirects(urllib.request.HTTPRedirectHandler):
        def redirect_request(
            self,
            req: urllib.request.Request,
            fp: IO[bytes],
            code: int,
            msg: str,
            headers: http.client.HTTPMessage,
            newurl: str,
        ) -> urllib.request.Request | None:
            if newurl.split("://", 1)[0].lower() not in ("http", "https"):
                fp.close()  # it holds the connection
                raise BookDownloadError(
                    f"{req.full_url}: the server redirects to {shown(newurl)}; books are "
                    "downloaded over http:// or https:// only"
                )
            return super().redirect_request(req, fp, code, msg, headers, newurl)

    return urllib.request.build_opener(Handler, SecureHandler, Redirects)


def _download(url: str, out: BinaryIO, progress: DownloadProgress | None, limits: _Limits) -> str:
    """Stream ``url`` into ``out`` within ``limits``; return the SHA-256 of what came.

    Raises:
        BookInstallError: not an http(s) URL, or a malformed one.
        BookDownloadError: an HTTP error, no connection, a timeout, the deadline passed, a
            malformed answer, a body cut short.
        BookTooLargeError: more bytes than the header gives or than allowed.
        BookError: the first bytes are not a book's header.
    """
    scheme = url.split("://", 1)[0].lower()
    if scheme not in ("http", "https"):
        raise BookInstallError(f"{url}: books are downloaded over http:// or https:// only")
    try:
        request = urllib.request.Request(url, headers={"User-Agent": "fourinarow"})
    except ValueError as error:  # urllib: "Invalid IPv6 URL", ...
        raise BookInstallError(f"{url}: not a valid URL ({error})") from None
    started = time.monotonic()
    with _Watchdog(limits.deadline) as watchdog:
        try:
            with _opener(watchdog).open(
                request, timeout=min(limits.timeout, limits.deadline)
            ) as response:
                total = _announced_length(url, response.headers.get_all("Content-Length"))
                if total is not None and total > limits.max_bytes:
                    raise BookTooLargeError(
                        f"{url}: the server announces {total:,} bytes, more than the "
                        f"{limits.max_bytes:,} a book may have here"
                    )
                digest = _stream(url, response, out, progress, total, limits.max_bytes)
        except BookError:
            if watchdog.expired:
                raise _late(url, out, limits) from None
            raise
        except urllib.error.HTTPError as error:
            error.close()  # it holds the connection
            if error.code in _REDIRECTS:  # urllib gave up: a loop, or too many redirects
                raise BookDownloadError(
                    f"{url}: the server redirects in a loop or too many times ({error.code})"
                ) from None
            said = " ".join(str(error.reason).split())  # one line, whatever the server sent
            raise BookDownloadError(f"{url}: the server answered {error.code} {said}") from None
        except urllib.error.URLError as error:
            reason = error.reason
            detail = getattr(reason, "strerror", None) or reason
            if watchdog.expired:
                raise _late(url, out, limits) from None
            raise BookDownloadError(f"{url}: cannot download it ({detail})") from None
        except (OSError, http.client.HTTPException, ValueError) as error:
            # a timeout, a reset, a malformed answer, or a malformed URL (http.client's
            # InvalidURL: a bad port, a space in the host, ...)
            if watchdog.expired or time.monotonic() - started >= limits.deadline:
                raise _late(url, out, limits) from None
            if isinstance(error, http.client.InvalidURL | UnicodeError):
                raise BookInstallError(f"{url}: not a valid URL ({error})") from None
            raise BookDownloadError(f"{url}: the download failed ({_said(error)})") from None
    if watchdog.expired:  # the last bytes came just as it passed
        raise _late(url, out, limits)
    if total is not None and out.tell() != total:
        raise BookDownloadError(
            f"{url}: the download stopped after {out.tell():,} of {total:,} bytes"
        )
    return digest


def _late(url: str, out: BinaryIO, limits: _Limits) -> BookDownloadError:
    return BookDownloadError(
        f"{url}: the download took longer than its deadline of {limits.deadline:g} s "
        f"(stopped after {out.tell():,} bytes)"
    )


def _said(error: BaseException) -> str:
    """What went wrong, in a few words."""
    if isinstance(error, TimeoutError):
        return "timed out: the server sent nothing for too long"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def _announced_length(url: str, values: list[str] | None) -> int | None:
    """The body's length a ``Content-Length`` announces, or ``None`` when there is none.

    Raises:
        BookDownloadError: not a number of bytes (``²``, ``-1``), or several that differ.
    """
    if not values:
        return None
    if len(set(values)) > 1 or not _DIGITS.fullmatch(values[0].strip()):
        raise BookDownloadError(
            f"{url}: the server's Content-Length {shown(', '.join(values))} is not a number "
            "of bytes"
        )
    return int(values[0])


def _copy(source: Path, out: BinaryIO, progress: DownloadProgress | None, limits: _Limits) -> str:
    """Copy a local book into ``out``, within ``limits.max_bytes``; return its SHA-256.

    Raises:
        BookInstallError: no such file, or it cannot be read.
        BookTooLargeError: more bytes than the header gives or than allowed.
        BookError: the first bytes are not a book's header.
    """
    try:
        with open_regular_file(source, "the book", BookPathError) as f:  # never waits
            status = os.fstat(f.fileno())
            total = status.st_size if stat.S_ISREG(status.st_mode) else None
            if total is not None and total > limits.max_bytes:
                raise BookTooLargeError(
                    f"{source}: {total:,} bytes, more than the {limits.max_bytes:,} a book "
                    "may have here"
                )
            return _stream(str(source), f, out, progress, total, limits.max_bytes)
    except OSError as error:
        if error.filename is None or Path(error.filename) != source:
            raise  # writing failed: install_book reports the folder
        raise BookInstallError(f"{source}: cannot be read ({error.strerror or error})") from None


def _stream(
    name: str,
    source: io.BufferedIOBase | http.client.HTTPResponse,
    out: BinaryIO,
    progress: DownloadProgress | None,
    total: int | None,
    max_bytes: int,
) -> str:
    """Copy ``source`` into ``out`` as bytes come (not waiting for whole chunks); return
    their SHA-256. The first bytes are read as a book's header, which gives the size of the
    whole: a source that is not a book, or runs past that size or ``max_bytes``, or whose
    announced ``total`` differs from it, is stopped at once.

    Raises:
        BookError: the first bytes are not a book's header.
        BookTooLargeError: too many bytes, announced or sent.
        BookDownloadError: the announced total is not the header's size.
    """
    digest = hashlib.sha256()
    head = b""
    size: int | None = None  # the header's, once read
    done = 0
    while chunk := source.read1(_CHUNK):
        digest.update(chunk)
        out.write(chunk)
        done += len(chunk)
        if size is None and len(head) < HEADER_SIZE:
            head += chunk[: HEADER_SIZE - len(head)]
            if len(head) == HEADER_SIZE:
                size = _expected_size(name, head, total, max_bytes)
        most = max_bytes if size is None else size
        if done > most:
            raise BookTooLargeError(
                f"{name}: more than the {most:,} bytes "
                + ("a book may have here" if size is None else "its book header gives")
            )
        if progress is not None:
            progress(done, total if total is not None else size)
    if size is None:  # fewer bytes than a header
        parse_header(head, name)
    return digest.hexdigest()


def _expected_size(name: str, head: bytes, total: int | None, max_bytes: int) -> int:
    """The size of the whole book by its header (checked for sense, and against the most
    allowed and the size announced).

    Raises:
        BookError: not a book's header, or an impossible one.
        BookTooLargeError: the header gives more than ``max_bytes``.
        BookDownloadError: the ``total`` announced is another size.
    """
    header = parse_header(head, name)
    size = header.file_size
    if size > max_bytes:
        raise BookTooLargeError(
            f"{name}: its header gives a book of {size:,} bytes, more than the {max_bytes:,} "
            "a book may have here"
        )
    if total is not None and total != size:
        raise BookDownloadError(
            f"{name}: {total:,} bytes announced, but its book header gives {size:,}"
        )
    return size


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
    shipped = Path(str(resources.files("fourinarow.search.book").joinpath("shipped")))
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
