"""The default opening book of each board shape: the one ``Solver(book=True)`` consults.

Each board shape has at most one default book: the book shipped in the package
(``fourinarow/search/book/shipped/WxHcN.book``) or the one installed in the user's data folder
(``fourinarow book install``, see :func:`installed_books_folder`), whichever is deeper; a tie
goes to the shipped one (:func:`default_book_path`). :func:`default_book` reads it once per
process, through its uncompressed copy in :func:`~fourinarow.search.book.cache_directory`.

>>> book_file_name(7, 6, 4), default_book_plies(7, 6, 4) is not None
('7x6c4.book', True)
"""

from __future__ import annotations

import warnings
from importlib import resources
from pathlib import Path

from fourinarow.core.geometry import Geometry
from fourinarow.search.book.cache import cache_directory
from fourinarow.search.book.format import BookError, BookHeader, _fail
from fourinarow.search.book.lookup import Book
from fourinarow.userdata import UnknownDataHomeError, data_folder

__all__ = [
    "book_file_name",
    "default_book",
    "default_book_path",
    "default_book_plies",
    "has_default_book",
    "installed_book_path",
    "installed_books_folder",
    "shipped_book_path",
]


def shipped_book_path(width: int, height: int, connect: int) -> Path | None:
    """The book shipped inside the package for this shape, or ``None`` if there is none."""
    resource = resources.files("fourinarow.search.book").joinpath(
        "shipped", _file_name(Geometry(width, height, connect))
    )
    path = Path(str(resource))
    return path if path.is_file() else None


def book_file_name(width: int, height: int, connect: int) -> str:
    """The file name of the shipped or installed book for a shape: ``WxHcN.book``.

    >>> book_file_name(7, 6, 4)
    '7x6c4.book'
    """
    return _file_name(Geometry(width, height, connect))


def _file_name(shape: Geometry) -> str:
    """:func:`book_file_name` of a checked shape."""
    return f"{shape.width}x{shape.height}c{shape.connect}.book"


def installed_books_folder() -> Path:
    """Where ``fourinarow book install`` puts books: ``books`` in the user's data folder
    (``$XDG_DATA_HOME/fourinarow/books``, else ``~/.local/share/fourinarow/books``; not made
    here).

    Raises:
        UnknownDataHomeError: neither ``XDG_DATA_HOME`` nor the home folder is known.
    """
    return data_folder() / "books"


def installed_book_path(width: int, height: int, connect: int) -> Path | None:
    """The book installed in the user's data folder for this shape (see
    :func:`installed_books_folder`), or ``None`` if there is none (or no data folder)."""
    name = book_file_name(width, height, connect)
    try:
        path = installed_books_folder() / name
    except UnknownDataHomeError:
        return None
    return path if path.is_file() else None


def default_book_path(width: int, height: int, connect: int) -> Path | None:
    """The file of the book the solver consults by default for this shape, or ``None``.

    That is the book shipped in the package or the one installed in the user's data folder
    (``fourinarow book install``), whichever is deeper (more plies): a tie goes to the shipped
    one. Only headers are read, so this is cheap.

    Raises:
        BookError: a header of either file is damaged, or the installed file is for another
            shape than its name says (the message names the file).
    """
    chosen = _default_choice(Geometry(width, height, connect))
    return None if chosen is None else chosen[0]


def has_default_book(width: int, height: int, connect: int) -> bool:
    """Whether this shape has a default book (shipped or installed, see
    :func:`default_book_path`), read from the headers alone (cheap).

    The apps take it to mean that the solver proves whole games of the shape quickly, so that
    a review, a puzzle or a generator may run without a time limit. A damaged default book
    counts as none: the solver only warns and solves without it.

    >>> has_default_book(7, 6, 4), has_default_book(9, 8, 4)
    (True, False)

    Raises:
        InvalidBoardSizeError: the shape is not a valid board.
    """
    shape = Geometry(width, height, connect)
    try:
        return _default_choice(shape) is not None
    except BookError:
        return False


def _default_choice(shape: Geometry) -> tuple[Path, BookHeader] | None:
    """The default book's file and header (see :func:`default_book_path`)."""
    width, height, connect = shape.width, shape.height, shape.connect
    found: list[tuple[Path, BookHeader]] = []
    for path in (
        shipped_book_path(width, height, connect),
        installed_book_path(width, height, connect),
    ):
        if path is None:
            continue
        try:
            header = Book.read_header(path)
            if (header.width, header.height, header.connect) != (width, height, connect):
                raise _fail(
                    path,
                    f"is for {header.shape}, not for the {width}x{height} connect {connect} "
                    "its name says",
                )
        except BookError as error:
            if not found:  # no shipped book to fall back on
                raise
            _warn_fallback(error)
            continue
        found.append((path, header))
    if not found:
        return None
    return max(found, key=lambda choice: choice[1].plies)  # max keeps the first of a tie


_defaults: dict[tuple[int, int, int], tuple[Path, tuple[int, int, int], Book]] = {}
"""The default books read so far in this process, by shape, with the file chosen and its
identity (inode, size, modification time): a book installed or replaced meanwhile is read
afresh. The book is the shipped one where the chosen installed file could not be read."""


def default_book(width: int, height: int, connect: int) -> Book | None:
    """The default book for this shape (see :func:`default_book_path`: shipped or installed,
    the deeper), read once per process (through its uncompressed copy in
    ``cache_directory``); ``None`` when there is none.

    Raises:
        BookError: the file is damaged (reinstalling fourinarow, or the book, fixes it).
    """
    geometry = Geometry(width, height, connect)
    shape = (geometry.width, geometry.height, geometry.connect)
    chosen = _default_choice(geometry)
    if chosen is None:
        return None
    path = chosen[0]
    identity = _identity(path)
    known = _defaults.get(shape)
    if known is not None and known[:2] == (path, identity):
        return known[2]
    try:
        book = Book.load(path, cache_directory())
    except BookError as error:
        shipped = shipped_book_path(*shape)
        if shipped is None or shipped == path:
            raise
        _warn_fallback(error)
        book = Book.load(shipped, cache_directory())
    # kept under the file chosen, so that a damaged installed book is not tried again at every
    # call while it stays as it is
    _defaults[shape] = (path, identity, book)
    return book


_fallbacks_said: set[str] = set()


def _warn_fallback(error: BookError) -> None:
    """Say, once per process and problem, that an unusable installed book gives way to the
    shipped one."""
    if str(error) not in _fallbacks_said:
        _fallbacks_said.add(str(error))
        warnings.warn(f"{error}; using the shipped book instead", RuntimeWarning, stacklevel=3)


def _identity(path: Path) -> tuple[int, int, int]:
    """What tells one file at ``path`` from another put there later (an atomic install
    replaces the inode)."""
    try:
        status = path.stat()
    except OSError as error:
        raise _fail(path, f"cannot be read ({error.strerror or error})") from None
    return status.st_ino, status.st_size, status.st_mtime_ns


def default_book_plies(width: int, height: int, connect: int) -> int | None:
    """The stones of the deepest positions in the default book for this shape (see
    :func:`default_book_path`), read from its header alone (cheap; the book itself may be
    large), or ``None`` when there is none.

    Raises:
        BookError: as :func:`default_book_path`.
    """
    chosen = _default_choice(Geometry(width, height, connect))
    return None if chosen is None else chosen[1].plies
