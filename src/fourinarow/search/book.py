"""Opening books: exact scores of early positions, solved ahead of time and stored in a file.

A book is only a cache of the solver. It maps positions (folded by mirror symmetry) to their
exact score, in the solver's convention, for positions of up to ``plies`` stones. The solver
consults it inside its search, so a book of every position of ``plies`` stones also speeds up
positions with fewer stones; ``fourinarow book build`` makes one and ``fourinarow book info``
describes one.

Each board shape has at most one *default* book, the one ``Solver(book=True)`` consults: the
book shipped in the package (``books/WxHcN.book`` beside this module) or the one installed in
the user's data folder (``fourinarow book install``, see :func:`installed_books_folder`),
whichever is deeper; a tie goes to the shipped one (:func:`default_book_path`).

The file format, version 2 (integers little-endian)::

    offset  size  field
         0     8  magic b"FIARBOOK"
         8     2  format version (2; version 1 is read too)
        10     4  width, height, connect, plies (one byte each)
        14     1  compression: 0 none, 1 zlib, 2 lzma
        15     1  reserved (0)
        16     8  number of entries
        24     8  payload size in bytes
        32     4  CRC-32 of the payload
        36     4  digest of the entries (0: none, in files written before it)
        40     -  payload

The payload, once decompressed, is the sorted keys, each an 8-byte word, stored as eight byte
planes (all lowest bytes, then all second bytes, ...: the high planes of sorted keys are long
runs that compress away), followed by one signed byte per entry: the score. Version 1 stored
each key as its difference from the previous one instead, which compresses no better and
costs a pass in Python to undo (half a second for a 12-ply book). A key is the smaller of
``current + mask`` and that of the mirror image, where ``mask`` holds every stone and
``current`` those of the side to move, one column after another, ``height + 1`` bits per
column.

The digest of the entries is the first four bytes (little-endian) of
``SHA-256(SHA-256(E) + E)``, where ``E`` is the keys as 8-byte little-endian words followed by
the scores, one signed byte each: what the uncompressed copy of :meth:`Book.load` holds. The copy
is checked against it when it is mapped, so a copy edited in the cache, its own CRC-32
recomputed, is still refused: only the book knows the digest, and forging one takes a pass over
all the entries per try (about 2**31 tries). Readers that do not know the field ignore it (it
was reserved, 0), so the format stays version 2.

>>> book = Book.from_entries(7, 6, 4, 1, {position_key(Board.from_moves("4")): -2})
>>> book.get(Board.from_moves("4")), book.get(Board.from_moves("3"))
(-2, None)
"""

from __future__ import annotations

import bisect
import contextlib
import errno
import hashlib
import itertools
import lzma
import math
import mmap
import os
import struct
import sys
import time
import warnings
import zlib
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from fourinarow.core import Board, FourInARowError, Geometry, InvalidPositionError
from fourinarow.core.arguments import shown, whole_number
from fourinarow.core.geometry import board_side
from fourinarow.core.paths import PathKindError, check_regular_file, write_output_file
from fourinarow.search.arguments import checked_board
from fourinarow.userdata import UnknownDataHomeError, data_folder, writer_gone

__all__ = [
    "BOOK_MAX_BITS",
    "COMPRESSIONS",
    "FORMAT_VERSION",
    "HEADER_SIZE",
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

MAGIC = b"FIARBOOK"
FORMAT_VERSION = 2
_READABLE_VERSIONS = (1, 2)
_CACHE_MAGIC = b"FIARKEY2"  # 2: the entries' own CRC-32 (copies of version 1 are rewritten)
_CACHE_HEADER = struct.Struct("=8sQII")  # magic, entries, the book's and the entries' CRC-32
_HEADER = struct.Struct("<8sH4BBBQQII")
HEADER_SIZE = _HEADER.size
"""The bytes of a book file's header, before its payload (40)."""
COMPRESSIONS = {"none": 0, "zlib": 1, "lzma": 2}
"""Payload compressions by name, with their code in the header."""
BOOK_MAX_BITS = 64
"""Books hold boards with ``width * (height + 1)`` up to this many bits (a key is one 64-bit
word), although the compiled solver holds boards of up to 128."""
_MAX_EXPANSION = 200
"""The most bytes of entries a byte of compressed payload may stand for. Real books reach about
20 (the 12-ply 7x6 book 19); a compressed run of zeros, 1,000 with zlib and 6,500 with lzma.
A header claiming more entries than that is refused before anything is allocated."""
_SMALL_PAYLOAD = 1024  # bytes allowed beyond those bounds (tiny books compress badly)
_LZMA_MEMORY = 256 << 20
"""The most memory lzma may take to decompress a payload (ours need 65 MB, for a 64 MB
dictionary): a stream's header cannot make it allocate more."""
_ABANDONED_AFTER_S = 600.0
"""A partial cache copy untouched for this long is abandoned, whoever wrote it (a copy takes a
fraction of a second to write)."""


class BookError(FourInARowError):
    """A book file that is missing, corrupt, truncated or for another board than asked for."""


class BookPathError(BookError, PathKindError):
    """A book path naming a folder, a FIFO, a device or a socket instead of a regular file."""


@dataclass(frozen=True)
class BookHeader:
    """What a book file says about itself."""

    version: int
    width: int
    height: int
    connect: int
    plies: int
    compression: str
    count: int
    payload_size: int
    checksum: int
    digest: int = 0
    """The digest of the entries (see the module's docstring), or 0 when the file has none."""

    @property
    def shape(self) -> str:
        """For messages: ``7x6 connect 4``."""
        return f"{self.width}x{self.height} connect {self.connect}"

    @property
    def file_size(self) -> int:
        """The bytes of the whole file: the header and the payload."""
        return HEADER_SIZE + self.payload_size


def mirror_key(key: int, width: int, height: int) -> int:
    """The key of the mirror image of the position with this key.

    >>> mirror_key(0b1, 2, 1), mirror_key(0b100, 2, 1)
    (4, 1)
    """
    key = _checked_key(key, width, height)
    stride = height + 1
    column = (1 << stride) - 1
    mirrored = 0
    for c in range(width):
        mirrored |= ((key >> (c * stride)) & column) << ((width - 1 - c) * stride)
    return mirrored


def position_key(board: Board) -> int:
    """The book key of a position: folded by mirror symmetry, so a position and its mirror
    image share one entry.

    >>> position_key(Board.from_moves("1")) == position_key(Board.from_moves("7"))
    True
    """
    key = checked_board(board).key()
    return min(key, mirror_key(key, board.width, board.height))


def decode_key(key: int, width: int, height: int) -> tuple[int, int]:
    """The ``(current, mask)`` bitboards of a key (``current + mask``, as :meth:`Board.key`
    makes it): the inverse of the key, for a board of ``width`` columns and ``height`` rows.

    In each column the key holds ``2**h - 1 + stones``, where ``h`` is the column's height and
    ``stones`` the side to move's stones there, so ``h`` is read from the key's top bit.

    >>> decode_key(0b10, 1, 6)  # one stone of the side to move
    (1, 1)
    """
    key = _checked_key(key, width, height)
    stride = height + 1
    column_bits = (1 << stride) - 1
    current = mask = 0
    for c in range(width):
        value = (key >> (c * stride)) & column_bits
        filled = (1 << ((value + 1).bit_length() - 1)) - 1
        current |= (value - filled) << (c * stride)
        mask |= filled << (c * stride)
    return current, mask


class _DamagedCopyError(Exception):
    """An uncompressed copy of a book that is there but not intact (the message says how)."""


def _fail(path: Path | str, problem: str) -> BookError:
    return BookError(f"opening book {path}: {problem}")


def _positions_up_to(width: int, height: int, plies: int) -> int:
    """How many ways there are to place at most ``plies`` stones on a board, as play stacks
    them, the first player holding the odd one: more than the positions a book of ``plies``
    can hold (it leaves out won positions and mirror images).

    >>> _positions_up_to(7, 6, 1)  # the empty board, and one stone in any of 7 columns
    8
    """
    fills = [1] + [0] * plies  # fills[k]: the ways to fill the columns so far with k stones
    for _ in range(width):
        fills = [sum(fills[k - j] for j in range(min(height, k) + 1)) for k in range(plies + 1)]
    return sum(fills[k] * math.comb(k, k // 2) for k in range(plies + 1))


def entries_digest(keys: bytes | memoryview, values: array[int] | memoryview) -> int:
    """The digest of a book's entries that its header carries (see the module's docstring):
    never 0, which stands for none.

    Args:
        keys: the sorted keys as 8-byte little-endian words.
        values: the scores, one signed byte each.

    >>> entries_digest(bytes(8), array("b", [0])) == entries_digest(bytes(8), array("b", [1]))
    False
    """
    inner = hashlib.sha256(keys)
    inner.update(values)
    outer = hashlib.sha256(inner.digest())
    outer.update(keys)
    outer.update(values)
    return int.from_bytes(outer.digest()[:4], "little") or 1


def _little_endian(keys: array[int] | memoryview) -> bytes | memoryview:
    """The keys as 8-byte little-endian words (a copy only on a big-endian machine)."""
    if sys.byteorder == "little":
        return memoryview(keys).cast("B")
    swapped = array("Q")
    swapped.frombytes(memoryview(keys).cast("B"))
    swapped.byteswap()
    return swapped.tobytes()


def _check_header(path: Path | str, header: BookHeader) -> None:
    """Check that a header's fields make sense together and with the file's size, before any
    of them sizes an allocation.

    Raises:
        BookError: a field is impossible; the message names the file and the field.
    """
    width, height, count = header.width, header.height, header.count
    try:
        Geometry(width, height, header.connect)
    except FourInARowError as error:
        raise _fail(path, f"has an impossible board in its header: {error}") from None
    if width * (height + 1) > BOOK_MAX_BITS:
        raise _fail(
            path,
            f"is for {width}x{height}, but a book needs width * (height + 1) <= {BOOK_MAX_BITS}",
        )
    if header.plies > width * height:
        raise _fail(
            path,
            f"has plies {header.plies} in its header, more than the {width * height} cells "
            f"of a {width}x{height} board",
        )
    most = _positions_up_to(width, height, header.plies)
    if count > most:
        raise _fail(
            path,
            f"claims {count:,} entries, but a {width}x{height} board has at most {most:,} "
            f"positions of up to {header.plies} stones",
        )
    if header.compression == "none" and header.payload_size != 9 * count:
        raise _fail(
            path,
            f"has an uncompressed payload of {header.payload_size:,} bytes, not 9 for each of "
            f"its {count:,} entries",
        )
    if header.payload_size > 9 * count + 9 * count // 64 + _SMALL_PAYLOAD:
        raise _fail(
            path,
            f"has a payload of {header.payload_size:,} bytes, more than its {count:,} entries "
            f"take even uncompressed (9 bytes each; damaged, or not made by fourinarow)",
        )
    if 9 * count > _MAX_EXPANSION * header.payload_size + _SMALL_PAYLOAD:
        raise _fail(
            path,
            f"claims {count:,} entries in a payload of {header.payload_size:,} bytes, more "
            f"than any book packs in that size (damaged, or not made by fourinarow)",
        )


def parse_header(head: bytes, name: Path | str) -> BookHeader:
    """The header of a book from its first :data:`HEADER_SIZE` bytes, checked for sense as
    :meth:`Book.read_header` checks it, but not against a file's size (so a download can be
    judged, and its size known, from its first bytes).

    Args:
        head: the first bytes of the book (only the first ``HEADER_SIZE`` are read).
        name: the book's file or URL, for messages.

    Raises:
        BookError: fewer bytes than a header, not a book, another format version, or
            impossible fields.
    """
    if len(head) < HEADER_SIZE or not head.startswith(MAGIC):
        raise _fail(name, "is not a fourinarow opening book (no FIARBOOK header)")
    fields = _HEADER.unpack_from(head)
    (_, version, width, height, connect, plies, compression, _, count, payload, crc, digest) = (
        fields
    )
    if version not in _READABLE_VERSIONS:
        readable = " and ".join(map(str, _READABLE_VERSIONS))
        raise _fail(name, f"has format version {version}; this fourinarow reads {readable}")
    by_code = {code: label for label, code in COMPRESSIONS.items()}
    if compression not in by_code:
        raise _fail(name, f"has an unknown compression code {compression}")
    header = BookHeader(
        version, width, height, connect, plies, by_code[compression], count, payload, crc, digest
    )
    _check_header(name, header)
    return header


def _checked_key(key: object, width: object, height: object) -> int:
    """A key of a board ``width`` by ``height``: a whole number of its ``width * (height + 1)``
    bits (else ``InvalidPositionError``; a bad shape is an ``InvalidBoardSizeError``)."""
    bits = board_side(width, "width") * (board_side(height, "height") + 1)
    number = whole_number(key, "a position key", InvalidPositionError)
    if not 0 <= number < 1 << bits:
        raise InvalidPositionError(
            f"a position key of a {width}x{height} board is a number of {bits} bits, "
            f"not {shown(number)}"
        )
    return number


def _checked_shape(width: object, height: object, connect: object) -> tuple[int, int, int]:
    """A board shape as three ints (else ``InvalidBoardSizeError``)."""
    shape = Geometry(width, height, connect)  # type: ignore[arg-type]
    return shape.width, shape.height, shape.connect


def _checked_path(path: object, what: str = "a book") -> Path:
    """``path`` as a ``Path`` if it is text or a path (never a number: ``open(2)`` would read
    a file descriptor), else ``BookError``."""
    if not isinstance(path, str | os.PathLike) or isinstance(path, bytes) or "\0" in str(path):
        raise BookError(f"{what} is a path (a str or a Path, without NUL), not {shown(path)}")
    return Path(path)


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
        copy: the verified uncompressed copy the entries are mapped from, if any.
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
    ) -> None:
        width, height, connect = _checked_shape(width, height, connect)
        if not 0 <= whole_number(plies, "plies", BookError) <= width * height:
            raise BookError(f"plies go from 0 to {width * height}, not {shown(plies)}")
        if width * (height + 1) > BOOK_MAX_BITS:
            raise BookError(
                f"a book needs width * (height + 1) <= {BOOK_MAX_BITS}; {width}x{height} has "
                f"{width * (height + 1)} bits"
            )
        if len(keys) != len(values):
            raise BookError(f"{len(keys)} keys but {len(values)} values")
        self.width = width
        self.height = height
        self.connect = connect
        self.plies = plies
        self.keys = keys
        self.values = values
        self.path = path
        self.header = header
        self.copy = copy
        """The uncompressed copy the entries are mapped from (checked against the book's digest,
        or its own CRC-32, when it was mapped), or ``None`` when they were decompressed from
        ``path``."""

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
        width, height, connect = _checked_shape(width, height, connect)
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
        i = bisect.bisect_left(self.keys, key)
        if i < len(self.keys) and self.keys[i] == key:
            return int(self.values[i])
        return None

    def get(self, board: Board) -> int | None:
        """The exact score of the position for the side to move, or ``None`` if not in the book.

        Raises:
            BookError: the book is for another board shape.
            InvalidPositionError: ``board`` is not a :class:`Board`.
        """
        board = checked_board(board)
        self.require_shape(board.width, board.height, board.connect)
        if board.ply > self.plies:
            return None
        return self.lookup(position_key(board))

    def items(self) -> Iterable[tuple[int, int]]:
        """The ``(key, score)`` entries in key order."""
        return zip(self.keys, self.values, strict=True)

    # ------------------------------------------------------------------- the file

    def save(self, path: Path | str, compression: str = "lzma") -> int:
        """Write the book to ``path`` (atomically: a temporary file, then a rename); return
        its size in bytes.

        Raises:
            BookError: an unknown compression, or the file cannot be written (the disk is
                full, ...); no partial file is left.
            BookPathError: ``path`` is a folder, a FIFO, a device or a socket (never renamed
                over), checked before anything is written.
        """
        if not isinstance(compression, str) or compression not in COMPRESSIONS:
            raise BookError(
                f"unknown compression {shown(compression)}; accepted: {', '.join(COMPRESSIONS)}"
            )
        path = _checked_path(path)
        keys = array("Q")
        keys.frombytes(memoryview(self.keys).cast("B"))
        if sys.byteorder != "little":
            keys.byteswap()
        raw = keys.tobytes()
        digest = entries_digest(raw, self.values)
        planes = b"".join(raw[i::8] for i in range(8))
        payload = planes + self.values.tobytes()
        if compression == "zlib":
            payload = zlib.compress(payload, 9)
        elif compression == "lzma":
            payload = lzma.compress(payload, preset=9 | lzma.PRESET_EXTREME)
        header = _HEADER.pack(
            MAGIC,
            FORMAT_VERSION,
            self.width,
            self.height,
            self.connect,
            self.plies,
            COMPRESSIONS[compression],
            0,
            len(self),
            len(payload),
            zlib.crc32(payload),
            digest,
        )
        try:
            write_output_file(
                path, header + payload, "the book", write_through=False, error=BookPathError
            )
        except OSError as error:  # no partial file stays
            raise _fail(path, f"cannot be written ({error.strerror or error})") from None
        return _HEADER.size + len(payload)

    @staticmethod
    def read_header(path: Path | str) -> BookHeader:
        """The header of a book file, checked for sense but without reading the payload.

        Raises:
            BookError: no such file, not a book, another format version, a truncated file,
                or a header whose fields are impossible: a board no book can be for, more
                plies than cells, more entries than the board has positions or than the
                file's payload can hold (at most 200 bytes of entries a compressed byte; real
                books pack about 20), or a payload larger than its entries uncompressed.
            BookPathError: ``path`` is a folder, a FIFO, a device or a socket (found without
                opening it, so a FIFO never blocks).
        """
        path = check_regular_file(_checked_path(path), "the book", BookPathError)
        try:
            with open(path, "rb") as f:
                head = f.read(HEADER_SIZE)
                f.seek(0, 2)
                size = f.tell()
        except OSError as error:
            raise _fail(path, f"cannot be read ({error.strerror or error})") from None
        header = parse_header(head, path)
        if size != header.file_size:
            raise _fail(
                path,
                f"is truncated or has trailing data: {size} bytes, but the header says "
                f"{header.file_size}",
            )
        return header

    @classmethod
    def load(cls, path: Path | str, cache: Path | str | None = None) -> Book:
        """Read and check a book file.

        Args:
            path: the book file.
            cache: a directory for an uncompressed copy of the entries. The first load writes
                it there; later loads (in any process) map that copy into memory instead of
                decompressing, which takes a fraction of the time (0.12 s rather than 0.6 s
                for the 12-ply 7x6 book on a quiet machine), and lets processes share the
                pages. A copy that cannot be written or read is skipped: the book is then read
                from ``path`` as without a cache. A copy is never changed in place (a new file
                replaces it), so processes that map the old one keep working. At every mapping
                the copy's entries are checked against the digest in the book's header (0.1 s
                for the 83 MB copy of the 12-ply book), which whoever edits the copy cannot
                recompute; a book written before digests (0 in that field) has its copy
                checked against the CRC-32 the copy carries (0.02 s). A damaged or edited copy
                is reported with a ``RuntimeWarning`` and written again from ``path``. A copy
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
        if cache is None:
            return cls._decompressed(path, header)
        _remove_abandoned_copies(Path(cache))
        copy = cache_copy_path(path, header, cache)
        try:
            mapped = cls._mapped(copy, path, header)
        except _DamagedCopyError as damage:
            warnings.warn(
                f"{copy}: the cached copy of the book {path.name} is damaged ({damage}); "
                "writing it again from the book",
                RuntimeWarning,
                stacklevel=2,
            )
            mapped = None
        if mapped is not None:
            return mapped
        book = cls._decompressed(path, header)
        try:
            _write_copy(copy, book, header)
        except OSError as error:  # no room, no permission, or the name taken by a directory
            warnings.warn(
                f"{copy}: cannot keep an uncompressed copy of the book {path.name} there "
                f"({error.strerror or error}); reading the book without one",
                RuntimeWarning,
                stacklevel=2,
            )
            return book
        try:
            return cls._mapped(copy, path, header) or book
        except _DamagedCopyError:  # replaced meanwhile, by another process writing it
            return book

    @classmethod
    def _mapped(cls, copy: Path, path: Path, header: BookHeader) -> Book | None:
        """The book from an uncompressed copy mapped into memory, its entries checked against
        the book's digest (those of a book without one, against the copy's CRC-32); ``None``
        if there is no copy (or one of an older cache format).

        Raises:
            _DamagedCopyError: the copy is there but its size, header or entries are wrong.
        """
        count = header.count
        try:
            with open(copy, "rb") as f:
                memory = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError):  # missing, unreadable, or empty
            return None
        start = _CACHE_HEADER.size
        try:
            if len(memory) < start or memory[:8] != _CACHE_MAGIC:
                return None  # not a copy of this format: written again silently
            _, entries, book_checksum, digest = _CACHE_HEADER.unpack_from(memory)
            if (entries, book_checksum) != (count, header.checksum):
                raise _DamagedCopyError("its header is not this book's")
            if len(memory) != start + 9 * count:
                raise _DamagedCopyError(f"{len(memory):,} bytes, not {start + 9 * count:,}")
            view = memoryview(memory)
            keys = view[start : start + 8 * count].cast("Q")
            values = view[start + 8 * count :].cast("b")
            problem = _copy_problem(view[start:], keys, values, digest, header)
            if problem is not None:
                for released in (values, keys, view):
                    released.release()
                raise _DamagedCopyError(problem)
        except BaseException:
            memory.close()
            raise
        return cls(
            header.width,
            header.height,
            header.connect,
            header.plies,
            keys,
            values,
            path,
            header,
            copy=copy,
        )

    @classmethod
    def _decompressed(cls, path: Path, header: BookHeader) -> Book:
        """The book read from its file, its entries checked against the header's CRC-32 and
        digest (if it has one).

        Raises:
            BookError: either fails, or the payload does not decode to the header's count.
        """
        payload = path.read_bytes()[_HEADER.size :]
        if zlib.crc32(payload) != header.checksum:
            raise _fail(path, "is corrupt: its checksum does not match")
        count = header.count
        payload = _unpacked(path, header, payload)
        if len(payload) != 9 * count:
            raise _fail(
                path, f"is corrupt: {len(payload):,} bytes of entries for {count:,} entries"
            )
        raw = bytearray(8 * count)
        for i in range(8):
            raw[i::8] = payload[i * count : (i + 1) * count]
        keys = array("Q")
        keys.frombytes(raw)
        del raw
        if sys.byteorder != "little":
            keys.byteswap()
        if header.version == 1:  # differences from the previous key
            keys = array("Q", itertools.accumulate(keys))
        values = array("b")
        values.frombytes(payload[8 * count :])
        if header.digest and entries_digest(_little_endian(keys), values) != header.digest:
            raise _fail(path, "is corrupt: its entries do not match the digest in its header")
        return cls(
            header.width, header.height, header.connect, header.plies, keys, values, path, header
        )


def _copy_problem(
    entries: memoryview,
    keys: memoryview,
    values: memoryview,
    checksum: int,
    header: BookHeader,
) -> str | None:
    """What is wrong with the entries of a mapped copy, or ``None``: checked against the
    book's digest where its header has one (a copy's own CRC-32 can be recomputed by whoever
    edits it; the digest is the book's), else against the copy's CRC-32."""
    if header.digest:
        if entries_digest(_little_endian(keys), values) != header.digest:
            return "its entries do not match the book's digest"
        return None
    if zlib.crc32(entries) != checksum:
        return "its entries fail their checksum"
    return None


def _write_copy(copy: Path, book: Book, header: BookHeader) -> None:
    """Write the uncompressed copy of a book's entries (see :meth:`Book.load`): to a file of
    this process, renamed to ``copy`` when whole, and removed if anything goes wrong.

    Raises:
        OSError: the copy cannot be written.
    """
    if copy.parent.exists() and not copy.parent.is_dir():  # mkdir would say "File exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(copy.parent))
    copy.parent.mkdir(parents=True, exist_ok=True)
    temporary = copy.with_name(f"{copy.name}.{os.getpid()}.partial")
    try:
        digest = zlib.crc32(book.values, zlib.crc32(book.keys))
        with open(temporary, "wb") as f:
            f.write(_CACHE_HEADER.pack(_CACHE_MAGIC, header.count, header.checksum, digest))
            f.write(book.keys)
            f.write(book.values)
        temporary.replace(copy)
    except BaseException:  # a failure, or Ctrl-C: leave no 83 MB fragment behind
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise


def _remove_abandoned_copies(cache: Path) -> None:
    """Remove the partial copies (``NAME.entries.PID.partial``) in a cache directory whose
    writer was killed: its process is gone, or the file has not changed for ten minutes."""
    now = time.time()
    try:
        partials = list(cache.glob("*.entries.*.partial"))
    except OSError:
        return
    for partial in partials:
        writer = partial.name.split(".")[-2]
        try:
            age = now - partial.stat().st_mtime
        except OSError:
            continue  # just renamed or removed by its writer
        if not writer.isdigit() or not (age > _ABANDONED_AFTER_S or writer_gone(int(writer))):
            continue
        with contextlib.suppress(OSError):
            partial.unlink()


def _unpacked(path: Path, header: BookHeader, payload: bytes) -> bytes:
    """The entries of a payload, decompressed; never more than the header's count of entries
    and a byte, whatever the payload would decompress to.

    Raises:
        BookError: the payload is not a complete stream of its compression.
    """
    if header.compression == "none":
        return payload
    limit = 9 * header.count + 1
    unpacker = (
        zlib.decompressobj()
        if header.compression == "zlib"
        else lzma.LZMADecompressor(memlimit=_LZMA_MEMORY)
    )
    try:
        entries = unpacker.decompress(payload, limit)
    except (zlib.error, lzma.LZMAError) as error:
        raise _fail(path, f"is corrupt: {error}") from None
    if not unpacker.eof and len(entries) < limit:
        raise _fail(path, "is corrupt: its compressed payload ends early")
    return entries


def shipped_book_path(width: int, height: int, connect: int) -> Path | None:
    """The book shipped inside the package for this shape, or ``None`` if there is none."""
    width, height, connect = _checked_shape(width, height, connect)
    resource = resources.files("fourinarow.search").joinpath(
        "books", book_file_name(width, height, connect)
    )
    path = Path(str(resource))
    return path if path.is_file() else None


def book_file_name(width: int, height: int, connect: int) -> str:
    """The file name of the shipped or installed book for a shape: ``WxHcN.book``.

    >>> book_file_name(7, 6, 4)
    '7x6c4.book'
    """
    width, height, connect = _checked_shape(width, height, connect)
    return f"{width}x{height}c{connect}.book"


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
    chosen = _default_choice(*_checked_shape(width, height, connect))
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
    shape = _checked_shape(width, height, connect)
    try:
        return _default_choice(*shape) is not None
    except BookError:
        return False


def _default_choice(width: int, height: int, connect: int) -> tuple[Path, BookHeader] | None:
    """The default book's file and header (see :func:`default_book_path`)."""
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
    :func:`cache_directory`); ``None`` when there is none.

    Raises:
        BookError: the file is damaged (reinstalling fourinarow, or the book, fixes it).
    """
    shape = _checked_shape(width, height, connect)
    path = default_book_path(*shape)
    if path is None:
        return None
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


def cache_copy_path(path: Path, header: BookHeader, cache: Path | str) -> Path:
    """Where :meth:`Book.load` keeps the uncompressed copy of the book ``path`` in the
    directory ``cache``: named by the book's checksum, entry count and byte order, so that a
    changed book never meets a stale copy."""
    return Path(cache) / (
        f"{path.stem}-{header.checksum:08x}-{header.count}-{sys.byteorder}.entries"
    )


def cache_directory() -> Path | None:
    """Where the default books' uncompressed copies go (see :meth:`Book.load`):
    ``$FOURINAROW_CACHE`` if set (empty: no cache), else ``$XDG_CACHE_HOME/fourinarow``, else
    ``~/.cache/fourinarow``."""
    chosen = os.environ.get("FOURINAROW_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "fourinarow"


def default_book_plies(width: int, height: int, connect: int) -> int | None:
    """The stones of the deepest positions in the default book for this shape (see
    :func:`default_book_path`), read from its header alone (cheap; the book itself may be
    large), or ``None`` when there is none.

    Raises:
        BookError: as :func:`default_book_path`.
    """
    chosen = _default_choice(*_checked_shape(width, height, connect))
    return None if chosen is None else chosen[1].plies
