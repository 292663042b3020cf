"""The opening book in memory: its entries, sorted by key, and looking positions up in them.

A book is only a cache of the solver. It maps positions (folded by mirror symmetry) to their
exact score, in the solver's convention, for positions of up to ``plies`` stones. The solver
consults it inside its search, so a book of every position of ``plies`` stones also speeds up
positions with fewer stones. :meth:`Book.save` writes one in the file format of
:mod:`fourinarow.search.book.format`, and :meth:`Book.load` reads one (through the cache of
:mod:`fourinarow.search.book.cache`, if given one).

>>> book = Book.from_entries(7, 6, 4, 1, {position_key(Board.from_moves("4")): -2})
>>> book.get(Board.from_moves("4")), book.get(Board.from_moves("3"))
(-2, None)
"""

from __future__ import annotations

import bisect
import threading
import warnings
from array import array
from collections.abc import Iterable, Mapping
from pathlib import Path

from fourinarow.core import Board, Geometry, InvalidPositionError
from fourinarow.core.checks import shown, whole_number
from fourinarow.core.paths import write_output_file
from fourinarow.search.book.blocks import (
    BLOCK_BITS,
    MAX_BLOCK_BITS,
    MIN_BLOCK_BITS,
    BlockCheck,
)
from fourinarow.search.book.cache import Entries, cached_entries, entries_for_damaged_copy
from fourinarow.search.book.format import (
    BOOK_MAX_BITS,
    COMPRESSIONS,
    BookError,
    BookHeader,
    BookPathError,
    _checked_path,
    _fail,
    encode_book,
    position_key,
    read_entries,
    read_header,
)
from fourinarow.search.checks import checked_board

__all__ = ["Book"]


class Book:
    """The entries of one book, for one board shape, sorted by key.

    Args:
        width, height, connect: the board shape the book is for.
        plies: the most stones of any position in the book.
        keys: the sorted keys (see :func:`position_key`), an ``array("Q")`` or a memoryview
            of that format (a copy mapped into memory, see :meth:`load`).
        values: the scores, one per key, an ``array("b")`` or a memoryview of that format.
        path: the file it was read from, if any (for messages).
        header: that file's header, if any.
        copy: the uncompressed copy the entries are mapped from, if any.
        blocks: for entries mapped from a copy, the check of their blocks against the book's
            digests, each the first time it is read (see :attr:`blocks`).
    """

    def __init__(
        self,
        width: int,
        height: int,
        connect: int,
        plies: int,
        keys: array[int] | memoryview,
        values: array[int] | memoryview,
        path: Path | None = None,
        header: BookHeader | None = None,
        copy: Path | None = None,
        blocks: BlockCheck | None = None,
    ) -> None:
        shape = Geometry(width, height, connect)
        width, height, connect = shape.width, shape.height, shape.connect
        if not 0 <= whole_number(plies, "plies", BookError) <= width * height:
            raise BookError(f"plies go from 0 to {width * height}, not {shown(plies)}")
        if width * (height + 1) > BOOK_MAX_BITS:
            raise BookError(
                f"a book needs width * (height + 1) <= {BOOK_MAX_BITS}; {width}x{height} has "
                f"{width * (height + 1)} bits"
            )
        if len(keys) != len(values):
            raise BookError(f"{len(keys)} keys but {len(values)} values")
        if blocks is not None and blocks.table.count != len(keys):
            raise BookError(f"{len(keys)} entries but a block table of {blocks.table.count}")
        self.width = width
        self.height = height
        self.connect = connect
        self.plies = plies
        self.keys = keys
        self.values = values
        self.path = path
        self.header = header
        self.copy = copy
        """The uncompressed copy the entries are mapped from, or ``None`` when they were
        decompressed from ``path`` (checked in full then)."""
        self.blocks = blocks
        """For entries mapped from a copy of a book of format version 3: the check of their
        blocks against the book's block table, each the first time a lookup reads it
        (``blocks.checked`` counts the blocks checked so far); ``None`` for entries checked in
        full when read. A block found damaged is never used: the book warns once, writes its
        copy again and reads its entries from ``path`` instead."""
        self._replacing = threading.Lock()

    @classmethod
    def from_entries(
        cls, width: int, height: int, connect: int, plies: int, entries: Mapping[int, int]
    ) -> Book:
        """A book of ``{key: score}`` entries.

        Raises:
            BookError: ``entries`` is not a mapping of keys (whole numbers of 64 bits at most)
                to scores (whole numbers from -128 to 127), or the shape is not one a book holds.
        """
        if not isinstance(entries, Mapping):
            raise BookError(f"entries are a mapping of keys to scores, not {shown(entries)}")
        for key, score in entries.items():
            if not (
                isinstance(key, int)
                and isinstance(score, int)
                and 0 <= key < 1 << 64
                and -128 <= score <= 127
            ) or isinstance(score, bool):
                raise BookError(
                    "a book entry is a key (a whole number of 64 bits at most) and a score "
                    f"(from -128 to 127), not {shown(key)}: {shown(score)}"
                )
        ordered = sorted(entries.items())
        return cls(
            width,
            height,
            connect,
            plies,
            array("Q", (k for k, _ in ordered)),
            array("b", (v for _, v in ordered)),
        )

    def __len__(self) -> int:
        return len(self.keys)

    def __repr__(self) -> str:
        where = f" from {self.path}" if self.path else ""
        return f"<Book {self.shape}, {self.plies} plies, {len(self)} entries{where}>"

    @property
    def shape(self) -> str:
        """For messages: ``7x6 connect 4``."""
        return f"{self.width}x{self.height} connect {self.connect}"

    def require_shape(self, width: int, height: int, connect: int) -> None:
        """Check that the book is for this board shape.

        Raises:
            BookError: it is for another; the message names the file and both shapes.
            InvalidBoardSizeError: the shape asked for is not a board's.
        """
        asked = Geometry(width, height, connect)
        width, height, connect = asked.width, asked.height, asked.connect
        if (width, height, connect) != (self.width, self.height, self.connect):
            raise _fail(
                self.path or "(in memory)",
                f"is for {self.shape}, not for {width}x{height} connect {connect}",
            )

    def lookup(self, key: int) -> int | None:
        """The score stored for a key, or ``None``.

        Raises:
            InvalidPositionError: ``key`` is not a whole number.
        """
        key = whole_number(key, "a position key", InvalidPositionError)
        blocks = self.blocks
        if blocks is None:
            i = bisect.bisect_left(self.keys, key)
            found = i < len(self.keys) and self.keys[i] == key
            return int(self.values[i]) if found else None
        block = blocks.table.block_of(key)
        if block is None:
            return None
        if not blocks.check(block):  # damaged: read the book's entries, once it has them
            return self.lookup(key) if self._turned_to_replacement(blocks) else None
        start, end = blocks.table.span(block)
        i = bisect.bisect_left(self.keys, key, start, end)
        return int(self.values[i]) if i < end and self.keys[i] == key else None

    def verify(self) -> None:
        """Check every entry not checked yet (the blocks of a mapped copy no lookup has read)
        against the book's digests; a damaged copy is reported and replaced as on a lookup
        (see :attr:`blocks`). Reading every entry (:meth:`items`, :meth:`save`) does this
        first."""
        blocks = self.blocks
        if blocks is not None and not blocks.check_all():
            self._turned_to_replacement(blocks)

    def _turned_to_replacement(self, blocks: BlockCheck) -> bool:
        """Read the entries that replace those of ``blocks`` (damaged) from now on, if the
        book has read them; whether it has."""
        if blocks.replacement is None:
            return False
        if self.blocks is blocks:
            self.keys, self.values = blocks.replacement
            self.copy = None
            self.blocks = None
        return True

    def _replace_damaged_copy(self, blocks: BlockCheck, block: int) -> None:
        """Read the entries from the book once a block of its mapped copy failed its digest
        (told by ``blocks``): warn once, write the copy again, and give the book's entries to
        whoever reads ``blocks`` (:attr:`BlockCheck.replacement`)."""
        with self._replacing:
            if blocks.replacement is not None or self.path is None or self.header is None:
                return
            copy = self.copy if self.copy is not None else self.path
            damage = f"block {block:,}: its entries do not match the book's digest"
            try:
                entries = entries_for_damaged_copy(self.path, self.header, copy, damage)
            except BookError as error:  # the book is damaged too: go on without it
                warnings.warn(f"{error}; solving without it", RuntimeWarning, stacklevel=3)
                entries = array("Q"), array("b")
            blocks.replacement = entries
            self._turned_to_replacement(blocks)

    def get(self, board: Board) -> int | None:
        """The exact score of the position for the side to move, or ``None`` if not in the book.

        Raises:
            BookError: the book is for another board shape.
            InvalidPositionError: ``board`` is not a :class:`~fourinarow.core.Board`.
        """
        board = checked_board(board)
        self.require_shape(board.width, board.height, board.connect)
        if board.ply > self.plies:
            return None
        return self.lookup(position_key(board))

    def items(self) -> Iterable[tuple[int, int]]:
        """The ``(key, score)`` entries in key order (all checked first, see :meth:`verify`)."""
        self.verify()
        return zip(self.keys, self.values, strict=True)

    # ------------------------------------------------------------------- the file

    def save(
        self, path: Path | str, compression: str = "lzma", *, block_bits: int = BLOCK_BITS
    ) -> int:
        """Write the book to ``path`` (atomically: a temporary file, then a rename) in format
        version 3; return its size in bytes. Entries mapped from a copy are all checked first
        (see :meth:`verify`).

        Args:
            path: the book file.
            compression: ``"lzma"``, ``"zlib"`` or ``"none"``.
            block_bits: each block of the book's table, checked as a whole when a copy is
                read, holds ``2**block_bits`` entries (4 to 30; 12 unless told).

        Raises:
            BookError: an unknown compression or block size.
            OutputWriteError: the file cannot be written (the disk is full, ...); no partial
                file is left, and a book that was there is left as it was.
            BookPathError: ``path`` is a folder, a FIFO, a device or a socket (never renamed
                over), checked before anything is written.
        """
        if not isinstance(compression, str) or compression not in COMPRESSIONS:
            raise BookError(
                f"unknown compression {shown(compression)}; accepted: {', '.join(COMPRESSIONS)}"
            )
        if not (
            isinstance(block_bits, int)
            and not isinstance(block_bits, bool)
            and MIN_BLOCK_BITS <= block_bits <= MAX_BLOCK_BITS
        ):
            raise BookError(
                f"block_bits goes from {MIN_BLOCK_BITS} to {MAX_BLOCK_BITS}, "
                f"not {shown(block_bits)}"
            )
        path = _checked_path(path)
        self.verify()
        data = encode_book(
            (self.width, self.height, self.connect, self.plies),
            self.keys,
            self.values,
            compression,
            block_bits,
        )
        write_output_file(path, data, "the book", write_through=False, error=BookPathError)
        return len(data)

    @staticmethod
    def read_header(path: Path | str) -> BookHeader:
        """The header of a book file, checked for sense but without reading the payload.

        Raises:
            BookError: no such file, not a book, another format version, a truncated file,
                or a header whose fields are impossible: a board no book can be for, more
                plies than cells, more entries than the board has positions or than the
                file's payload can hold (at most 200 bytes of entries a compressed byte; real
                books pack about 20), or a payload larger than its entries uncompressed.
            BookPathError: ``path`` is a folder, a FIFO, a device, a socket or a link in a
                loop (opened without waiting, so a FIFO never blocks).
        """
        return read_header(path)

    @classmethod
    def load(cls, path: Path | str, cache: Path | str | None = None) -> Book:
        """Read and check a book file.

        Args:
            path: the book file.
            cache: a directory for an uncompressed copy of the entries. The first load writes
                it there; later loads (in any process) map that copy into memory instead of
                decompressing, which takes a fraction of the time (1 ms rather than 0.6 s
                for the 12-ply 7x6 book on a quiet machine), and lets processes share the
                pages. A copy that cannot be written or read is skipped: the book is then read
                from ``path`` as without a cache. A copy is never changed in place (a new file
                replaces it), so processes that map the old one keep working. The copy's
                entries are checked against the digests in the book, which whoever edits the
                copy cannot recompute: for a book of format version 3, a block of 4,096
                entries at a time, the first time a lookup reads the block (see
                :attr:`blocks`; about 0.05 ms a block, so a move from the opening pays for a
                few); for an older book, all of them at every mapping (0.1 s for the 83 MB copy
                of the 12-ply 7x6 book), or, for a book written before digests (0 in that
                field), against the CRC-32 the copy carries (0.02 s). A damaged or edited copy,
                or one that is not a regular file (a FIFO, a device, a link in a loop: opened
                without waiting), is reported with a ``RuntimeWarning`` and written again from
                ``path``, when it is found. A copy
                is written as ``COPY.PID.partial``, then renamed: one that cannot be written
                (the directory cannot be made, the disk is full, ``COPY`` is a directory) is
                removed at once and reported with a ``RuntimeWarning``, and the book is read
                without a copy; one left by a process that was killed while writing it is
                removed by the next load once that process is gone (or after ten minutes).

        Raises:
            BookError: the file is missing, not a regular file (a ``BookPathError``), not a
                book, truncated, fails its checksum or its digest, or does not decode to the
                number of entries its header gives.
        """
        path = _checked_path(path)
        if cache is not None:
            cache = _checked_path(cache, "a cache directory")
        header = cls.read_header(path)
        entries: Entries
        copy = table = None
        if cache is None:
            entries = read_entries(path, header)
        else:
            entries, copy, table = cached_entries(path, header, cache)
        keys, values = entries
        book = cls(
            header.width,
            header.height,
            header.connect,
            header.plies,
            keys,
            values,
            path,
            header,
            copy=copy,
            blocks=None if table is None else BlockCheck(table, keys, values),
        )
        if book.blocks is not None:
            book.blocks.on_damage = book._replace_damaged_copy
        return book
