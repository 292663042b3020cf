"""The opening book's file format: its header, its payload, and the keys of its positions.

The file format, version 3 (integers little-endian)::

    offset  size  field
         0     8  magic b"FIARBOOK"
         8     2  format version (3; versions 1 and 2 are read too)
        10     4  width, height, connect, plies (one byte each)
        14     1  compression: 0 none, 1 zlib, 2 lzma
        15     1  block bits: the entries of a block are 2**this (version 3; 0 before)
        16     8  number of entries
        24     8  payload size in bytes
        32     4  CRC-32 of the payload
        36     4  digest: version 3, of the block table; version 2, of the entries (0: none)
        40     -  the block table (version 3): 16 bytes a block
         -     -  payload

The payload, once decompressed, is the sorted keys, each an 8-byte word, stored as eight byte
planes (all lowest bytes, then all second bytes, ...: the high planes of sorted keys are long
runs that compress away), followed by one signed byte per entry: the score. Version 1 stored
each key as its difference from the previous one instead, which compresses no better and
costs a pass in Python to undo (half a second for a 12-ply book). A key is the smaller of
``current + mask`` and that of the mirror image, where ``mask`` holds every stone and
``current`` those of the side to move, one column after another, ``height + 1`` bits per
column.

The block table (:mod:`~fourinarow.search.book.blocks`) gives the first key and the digest
of each block of ``2**block_bits`` entries, and the header the digest of the table, so that the
uncompressed copy :meth:`Book.load` maps from the cache is checked a block at a time, when a
lookup first reads the block: whoever edits the copy cannot change the book's digests, and a
process pays only for the blocks it reads. Version 2 carried instead the digest of all the
entries, the first four bytes (little-endian) of ``SHA-256(SHA-256(E) + E)``, where ``E`` is the
keys as 8-byte little-endian words followed by the scores, one signed byte each, which the copy
of a version 2 book is checked against, in full, whenever it is mapped. Readers of version 2
refuse version 3 by its version number.

>>> HEADER_SIZE, position_key(Board.from_moves("1")) == position_key(Board.from_moves("7"))
(40, True)
"""

from __future__ import annotations

import hashlib
import itertools
import lzma
import math
import os
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from pathlib import Path

from fourinarow.core import Board, FourInARowError, Geometry, InvalidPositionError
from fourinarow.core.checks import shown, whole_number
from fourinarow.core.geometry import board_side
from fourinarow.core.paths import PathKindError, open_regular_file
from fourinarow.search.book.blocks import (
    BLOCK_BITS,
    MAX_BLOCK_BITS,
    MIN_BLOCK_BITS,
    ROW_SIZE,
    BlockTable,
    block_count,
    little_endian,
    table_digest,
)
from fourinarow.search.checks import checked_board

__all__ = [
    "BOOK_MAX_BITS",
    "COMPRESSIONS",
    "FORMAT_VERSION",
    "HEADER_SIZE",
    "MAGIC",
    "BookError",
    "BookHeader",
    "BookPathError",
    "decode_key",
    "encode_book",
    "entries_digest",
    "mirror_key",
    "parse_header",
    "position_key",
    "read_block_table",
    "read_entries",
    "read_header",
]

MAGIC = b"FIARBOOK"
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
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
    """Version 3: the digest of the block table; version 2: that of the entries, or 0 when the
    file has none (see the module's docstring)."""
    block_bits: int = 0
    """Version 3: a block of the table holds ``2**block_bits`` entries; 0 before."""

    @property
    def blocks(self) -> int:
        """The rows of the block table (0 before version 3)."""
        return block_count(self.count, self.block_bits) if self.block_bits else 0

    @property
    def table_size(self) -> int:
        """The bytes of the block table, between the header and the payload."""
        return ROW_SIZE * self.blocks

    @property
    def shape(self) -> str:
        """For messages: ``7x6 connect 4``."""
        return f"{self.width}x{self.height} connect {self.connect}"

    @property
    def file_size(self) -> int:
        """The bytes of the whole file: the header, the block table and the payload."""
        return HEADER_SIZE + self.table_size + self.payload_size


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
    (_, version, width, height, connect, plies, compression, bits, count, payload, crc, digest) = (
        fields
    )
    if version not in READABLE_VERSIONS:
        readable = " and ".join(map(str, READABLE_VERSIONS))
        raise _fail(name, f"has format version {version}; this fourinarow reads {readable}")
    by_code = {code: label for label, code in COMPRESSIONS.items()}
    if compression not in by_code:
        raise _fail(name, f"has an unknown compression code {compression}")
    if version < 3:
        bits = 0  # reserved, and 0, before
    elif not MIN_BLOCK_BITS <= bits <= MAX_BLOCK_BITS:
        raise _fail(
            name,
            f"has blocks of 2**{bits} entries in its header; a book's blocks have 2**"
            f"{MIN_BLOCK_BITS} to 2**{MAX_BLOCK_BITS}",
        )
    header = BookHeader(
        version,
        width,
        height,
        connect,
        plies,
        by_code[compression],
        count,
        payload,
        crc,
        digest,
        bits,
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


def _checked_path(path: object, what: str = "a book") -> Path:
    """``path`` as a ``Path`` if it is text or a path (never a number: ``open(2)`` would read
    a file descriptor), else ``BookError``."""
    if not isinstance(path, str | os.PathLike) or isinstance(path, bytes) or "\0" in str(path):
        raise BookError(f"{what} is a path (a str or a Path, without NUL), not {shown(path)}")
    return Path(path)


def read_header(path: Path | str) -> BookHeader:
    """The header of a book file, checked for sense but without reading the payload (what
    :meth:`~fourinarow.search.book.Book.read_header` returns).

    Raises:
        BookError: no such file, not a book, another format version, a truncated file, or a
            header whose fields are impossible.
        BookPathError: ``path`` is a folder, a FIFO, a device, a socket or a link in a loop
            (opened without waiting, so a FIFO never blocks).
    """
    path = _checked_path(path)
    try:
        with open_regular_file(path, "the book", BookPathError) as f:
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


def encode_book(
    shape: tuple[int, int, int, int],
    keys: array[int] | memoryview,
    values: array[int] | memoryview,
    compression: str,
    block_bits: int = BLOCK_BITS,
) -> bytes:
    """The bytes of a book file: its header, its block table and its payload.

    Args:
        shape: the book's ``(width, height, connect, plies)``.
        keys: the sorted keys, in this machine's byte order.
        values: the scores, one per key.
        compression: a name in :data:`COMPRESSIONS` (checked by the caller).
        block_bits: a block of the table holds ``2**block_bits`` entries (checked by the
            caller).
    """
    width, height, connect, plies = shape
    words = array("Q")
    words.frombytes(memoryview(keys).cast("B"))
    if sys.byteorder != "little":
        words.byteswap()
    raw = words.tobytes()
    table = BlockTable.of(raw, values, block_bits).to_bytes()
    planes = b"".join(raw[i::8] for i in range(8))
    payload = planes + values.tobytes()
    if compression == "zlib":
        payload = zlib.compress(payload, 9)
    elif compression == "lzma":
        payload = lzma.compress(payload, preset=9 | lzma.PRESET_EXTREME)
    header = _HEADER.pack(
        MAGIC,
        FORMAT_VERSION,
        width,
        height,
        connect,
        plies,
        COMPRESSIONS[compression],
        block_bits,
        len(values),
        len(payload),
        zlib.crc32(payload),
        table_digest(table),
    )
    return header + table + payload


def read_entries(path: Path, header: BookHeader) -> tuple[array[int], array[int]]:
    """The keys and scores of a book read from its file, checked against the header's CRC-32
    and digest (if it has one): every block against the block table, and the table against
    the header (version 3), or all the entries against the header (version 2).

    Raises:
        BookError: either fails, or the payload does not decode to the header's count.
        BookPathError: ``path`` is no longer a regular file.
    """
    try:
        with open_regular_file(path, "the book", BookPathError) as f:
            data = f.read()
    except OSError as error:
        raise _fail(path, f"cannot be read ({error.strerror or error})") from None
    start = HEADER_SIZE + header.table_size
    if len(data) != header.file_size:
        raise _fail(path, "changed while it was read: its size is not its header's")
    payload = data[start:]
    if zlib.crc32(payload) != header.checksum:
        raise _fail(path, "is corrupt: its checksum does not match")
    count = header.count
    payload = _unpacked(path, header, payload)
    if len(payload) != 9 * count:
        raise _fail(path, f"is corrupt: {len(payload):,} bytes of entries for {count:,} entries")
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
    if header.block_bits:
        table = _checked_table(path, header, data[HEADER_SIZE:start])
        if BlockTable.of(little_endian(keys), values, header.block_bits) != table:
            raise _fail(path, "is corrupt: its entries do not match the digest in its header")
    elif header.digest and entries_digest(little_endian(keys), values) != header.digest:
        raise _fail(path, "is corrupt: its entries do not match the digest in its header")
    return keys, values


def _checked_table(path: Path, header: BookHeader, rows: bytes) -> BlockTable:
    """The block table from its rows, checked against the header's digest.

    Raises:
        BookError: the rows do not match the digest.
    """
    if len(rows) != header.table_size or table_digest(rows) != header.digest:
        raise _fail(path, "is corrupt: its block table does not match the digest in its header")
    return BlockTable.parse(rows, header.count, header.block_bits)


def read_block_table(path: Path, header: BookHeader) -> BlockTable:
    """The block table of a book of version 3 (``header`` read from ``path`` before), checked
    against the header's digest: a small read (36 KB for the 7x6 book).

    Raises:
        BookError: the file cannot be read, has changed since ``header`` was read, or its
            table does not match the digest.
        BookPathError: ``path`` is no longer a regular file.
    """
    try:
        with open_regular_file(path, "the book", BookPathError) as f:
            data = f.read(HEADER_SIZE + header.table_size)
    except OSError as error:
        raise _fail(path, f"cannot be read ({error.strerror or error})") from None
    if parse_header(data, path) != header:
        raise _fail(path, "changed while it was read: its header is not the one read before")
    return _checked_table(path, header, data[HEADER_SIZE:])


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
