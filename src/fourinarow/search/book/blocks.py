"""The blocks of a book's entries, each with a digest of its own, checked when first read.

A book of format version 3 cuts its sorted entries into blocks of ``2**block_bits`` entries
(the last one shorter) and carries, between its header and its payload, a table of one row
per block, little-endian::

    first key of the block (8 bytes) | digest of the block (8 bytes)

A block's digest is the first eight bytes of ``SHA-256(K + V)``, where ``K`` is the block's
keys as 8-byte little-endian words and ``V`` its scores, one signed byte each. The book's
header carries the table's own digest (:func:`table_digest`), which covers every row.

The uncompressed copy of a book that :meth:`~fourinarow.search.book.Book.load` maps from the
cache is a file anyone who can write the cache may edit. Rather than digest all of it whenever a
process maps it (0.1 s for the 83 MB copy of the 7x6 book), :class:`BlockCheck` checks a block
against the book's table the first time a lookup reads it: a process pays for the blocks it
reads (a few for a move from the opening, 36 KB and about 0.05 ms each), and a changed score is
still caught before it is used. Forging a block whose digest matches takes about ``2**63``
tries.

>>> keys, values = array("Q", range(0, 20, 2)), array("b", [0] * 10)
>>> table = BlockTable.of(little_endian(keys), values, 2)
>>> len(table), table.firsts.tolist(), table.span(2)
(3, [0, 8, 16], (8, 10))
"""

from __future__ import annotations

import bisect
import hashlib
import struct
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "BLOCK_BITS",
    "MAX_BLOCK_BITS",
    "MIN_BLOCK_BITS",
    "ROW_SIZE",
    "BlockCheck",
    "BlockTable",
    "block_count",
    "block_digest",
    "little_endian",
    "table_digest",
]

BLOCK_BITS = 12
"""Entries per block in the books fourinarow writes: ``2**12`` (36 KB of an uncompressed copy;
a table row per 4,096 entries, 36 KB of table for the 9.2 million entries of the 7x6 book)."""
MIN_BLOCK_BITS = 4
MAX_BLOCK_BITS = 30
"""The range of ``block_bits`` a book's header may give."""
_ROW = struct.Struct("<Q8s")
ROW_SIZE = _ROW.size
"""The bytes of a table row: the block's first key and its digest (16)."""
_DIGEST_BYTES = 8

UNCHECKED, CHECKED, DAMAGED = 0, 1, 2
"""The states of a block in :attr:`BlockCheck.state`."""


def little_endian(keys: array[int] | memoryview) -> bytes | memoryview:
    """Keys (8-byte words) as little-endian bytes (a copy only on a big-endian machine)."""
    if sys.byteorder == "little":
        return memoryview(keys).cast("B")
    swapped = array("Q")
    swapped.frombytes(memoryview(keys).cast("B"))
    swapped.byteswap()
    return swapped.tobytes()


def block_count(count: int, bits: int) -> int:
    """The blocks of ``count`` entries cut ``2**bits`` at a time (the last one shorter).

    >>> block_count(0, 12), block_count(4096, 12), block_count(4097, 12)
    (0, 1, 2)
    """
    return -(-count // (1 << bits))


def block_digest(keys: bytes | memoryview, values: bytes | memoryview | array[int]) -> bytes:
    """The digest of one block (see the module's docstring): 8 bytes.

    Args:
        keys: the block's keys as 8-byte little-endian words.
        values: its scores, one signed byte each.
    """
    digest = hashlib.sha256(keys)
    digest.update(values)
    return digest.digest()[:_DIGEST_BYTES]


def table_digest(table: bytes | bytearray | memoryview) -> int:
    """The digest of a block table that a book's header carries: the first four bytes
    (little-endian) of its SHA-256, never 0 (which stands for none).

    >>> table_digest(b"") != table_digest(bytes(16))
    True
    """
    return int.from_bytes(hashlib.sha256(table).digest()[:4], "little") or 1


@dataclass(frozen=True)
class BlockTable:
    """A book's table of blocks: the first key and the digest of each block of its entries.

    Attributes:
        bits: a block holds ``2**bits`` entries (the last one fewer).
        count: the entries of the book.
        firsts: the first key of each block, in order.
        digests: the blocks' digests, 8 bytes each, end to end.
    """

    bits: int
    count: int
    firsts: array[int]
    digests: bytes

    @classmethod
    def of(
        cls, keys: bytes | memoryview, values: bytes | memoryview | array[int], bits: int
    ) -> BlockTable:
        """The table of a book's entries: its keys as 8-byte little-endian words and its
        scores, one signed byte each."""
        keys, values = memoryview(keys).cast("B"), memoryview(values).cast("B")
        count, size = len(values), 1 << bits
        firsts = array("Q")
        digests = bytearray()
        for start in range(0, count, size):
            end = min(start + size, count)
            firsts.append(int.from_bytes(keys[8 * start : 8 * start + 8], "little"))
            digests += block_digest(keys[8 * start : 8 * end], values[start:end])
        return cls(bits, count, firsts, bytes(digests))

    @classmethod
    def parse(cls, data: bytes, count: int, bits: int) -> BlockTable:
        """The table from its rows as a book stores them (``ROW_SIZE`` bytes a block; the
        caller has checked their number and their digest)."""
        firsts = array("Q")
        digests = bytearray()
        for first, digest in _ROW.iter_unpack(data):
            firsts.append(first)
            digests += digest
        return cls(bits, count, firsts, bytes(digests))

    def to_bytes(self) -> bytes:
        """The rows as a book stores them."""
        return b"".join(
            _ROW.pack(first, self.digest(block)) for block, first in enumerate(self.firsts)
        )

    def __len__(self) -> int:
        return len(self.firsts)

    def digest(self, block: int) -> bytes:
        """The digest of a block, as the book gives it."""
        return self.digests[_DIGEST_BYTES * block : _DIGEST_BYTES * (block + 1)]

    def span(self, block: int) -> tuple[int, int]:
        """The indices of a block's entries: from the first to one past the last."""
        start = block << self.bits
        return start, min(start + (1 << self.bits), self.count)

    def block_of(self, key: int) -> int | None:
        """The block that holds ``key`` if any block does (the last whose first key is at most
        ``key``), or ``None`` when ``key`` is below every key of the book."""
        block = bisect.bisect_right(self.firsts, key) - 1
        return None if block < 0 else block


class BlockCheck:
    """The blocks of a book's entries (a mapped copy), each checked against the book's table
    the first time it is read.

    The compiled solver reads :attr:`state` (a byte per block) and calls :meth:`check` for a
    block it has not seen checked; a lookup does the same. A block that fails is never read,
    and ``on_damage`` is told once: the book then reads its entries again from its file and
    puts them in :attr:`replacement`, which every lookup and search reading these entries
    turns to.

    Args:
        table: the book's table of blocks.
        keys, values: the entries to check (8-byte keys in this machine's order, scores).
        on_damage: called once with this object and the block when a block fails.
    """

    def __init__(
        self,
        table: BlockTable,
        keys: array[int] | memoryview,
        values: array[int] | memoryview,
        on_damage: Callable[[BlockCheck, int], None] | None = None,
    ) -> None:
        self.table = table
        self.state = bytearray(len(table))
        """Each block's state: 0 not checked yet, 1 checked, 2 damaged."""
        self.checked = 0
        """How many blocks have been digested so far."""
        self.damaged: int | None = None
        """The first block found damaged, if any."""
        self.replacement: tuple[array[int], array[int]] | None = None
        """The keys and scores to read instead of these, once a block was found damaged and
        the book read its entries again (checked in full); ``None`` until then."""
        self.on_damage = on_damage
        self._keys = memoryview(keys)
        self._values = memoryview(values)

    def check(self, block: int) -> bool:
        """Whether a block's entries match the book's digest: computed the first time, then
        remembered."""
        state = self.state[block]
        if state != UNCHECKED:
            return state == CHECKED
        start, end = self.table.span(block)
        found = block_digest(little_endian(self._keys[start:end]), self._values[start:end])
        good = found == self.table.digest(block)
        self.checked += 1
        self.state[block] = CHECKED if good else DAMAGED
        if not good and self.damaged is None:
            self.damaged = block
            if self.on_damage is not None:
                self.on_damage(self, block)
        return good

    def check_all(self) -> bool:
        """Check every block not yet checked, up to the first damaged one; whether all match."""
        return all(self.check(block) for block in range(len(self.state)))
