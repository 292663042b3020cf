"""Opening books: exact scores of early positions, solved ahead of time and stored in a file.

A book is only a cache of the solver. It maps positions (folded by mirror symmetry) to their
exact score, in the solver's convention, for positions of up to ``plies`` stones. The solver
consults it inside its search, so a book of every position of ``plies`` stones also speeds up
positions with fewer stones; ``fourinarow book build`` makes one and ``fourinarow book info``
describes one. One concept per module:

- :mod:`~fourinarow.search.book.format`: the file format (its header, its payload, the
  keys of positions);
- :mod:`~fourinarow.search.book.lookup`: :class:`Book`, a book in memory, looking
  positions up in it, reading and writing its file;
- :mod:`~fourinarow.search.book.blocks`: the blocks of a book's entries, each with a
  digest, checked the first time a lookup reads them (:class:`BlockCheck`);
- :mod:`~fourinarow.search.book.cache`: the uncompressed copies of books that
  :meth:`Book.load` maps into memory, and their cleanup;
- :mod:`~fourinarow.search.book.default`: each board shape's default book, shipped in the
  package or installed in the user's data folder, whichever is deeper.

>>> from fourinarow.core import Board
>>> book = Book.from_entries(7, 6, 4, 1, {position_key(Board.from_moves("4")): -2})
>>> book.get(Board.from_moves("4")), book.get(Board.from_moves("3"))
(-2, None)
"""

from __future__ import annotations

from fourinarow.search.book.blocks import BlockCheck, BlockTable
from fourinarow.search.book.cache import cache_copy_path, cache_directory
from fourinarow.search.book.default import (
    book_file_name,
    default_book,
    default_book_path,
    default_book_plies,
    has_default_book,
    installed_book_path,
    installed_books_folder,
    shipped_book_path,
)
from fourinarow.search.book.format import (
    BOOK_MAX_BITS,
    COMPRESSIONS,
    FORMAT_VERSION,
    HEADER_SIZE,
    BookError,
    BookHeader,
    BookPathError,
    decode_key,
    entries_digest,
    mirror_key,
    parse_header,
    position_key,
)
from fourinarow.search.book.lookup import Book

__all__ = [
    "BOOK_MAX_BITS",
    "COMPRESSIONS",
    "FORMAT_VERSION",
    "HEADER_SIZE",
    "BlockCheck",
    "BlockTable",
    "Book",
    "BookError",
    "BookHeader",
    "BookPathError",
    "book_file_name",
    "cache_copy_path",
    "cache_directory",
    "decode_key",
    "default_book",
    "default_book_path",
    "default_book_plies",
    "entries_digest",
    "has_default_book",
    "installed_book_path",
    "installed_books_folder",
    "mirror_key",
    "parse_header",
    "position_key",
    "shipped_book_path",
]
