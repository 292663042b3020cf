"""The cache of opening books' uncompressed copies: written once, then mapped into memory.

Decompressing a large book takes a while (0.6 s for the 12-ply 7x6 book), so
:meth:`~fourinarow.search.book.Book.load` given a cache directory keeps the entries there
uncompressed, as ``NAME-CRC-COUNT-BYTEORDER.entries`` (:func:`cache_copy_path`), and later loads,
in any process, map that copy into memory instead. A copy starts with its own header::

    magic b"FIARKEY2", entries (8 bytes), the book's CRC-32, the entries' CRC-32 (4 each)

in this machine's byte order, then the keys as 8-byte words and the scores as signed bytes.
The copy of a book of format version 3 is checked a block at a time against the book's block
table, when a lookup first reads the block (:mod:`~fourinarow.search.book.blocks`); that of
an older book, in full at every mapping, against the book's digest (or, for a book without one,
against the copy's own CRC-32). A copy that is not a regular file (a FIFO, a device, a link in a
loop) is damaged too: it is opened without waiting, never read. A copy is written as
``COPY.PID.partial`` and renamed when whole; partial copies whose writer was killed are removed
by a later load.

>>> header = BookHeader(2, 7, 6, 4, 12, "lzma", 9_188_816, 4_344_272, 0x1234ABCD)
>>> cache_copy_path(Path("books/7x6c4.book"), header, "/cache").name.replace("big", "little")
'7x6c4-1234abcd-9188816-little.entries'
"""

from __future__ import annotations

import contextlib
import errno
import mmap
import os
import struct
import sys
import time
import warnings
import zlib
from array import array
from pathlib import Path
from typing import TypeAlias

from fourinarow.core.paths import PathKindError, kind_of, open_regular_file
from fourinarow.search.book.blocks import BlockTable, little_endian
from fourinarow.search.book.format import (
    BookHeader,
    entries_digest,
    read_block_table,
    read_entries,
)
from fourinarow.userdata import writer_gone

__all__ = ["cache_copy_path", "cache_directory", "cached_entries", "entries_for_damaged_copy"]

_CACHE_MAGIC = b"FIARKEY2"  # 2: the entries' own CRC-32 (copies of version 1 are rewritten)
_CACHE_HEADER = struct.Struct("=8sQII")  # magic, entries, the book's and the entries' CRC-32
_ABANDONED_AFTER_S = 600.0
"""A partial cache copy untouched for this long is abandoned, whoever wrote it (a copy takes a
fraction of a second to write)."""


class _DamagedCopyError(Exception):
    """An uncompressed copy of a book that is there but not intact (the message says how)."""


Entries: TypeAlias = "tuple[array[int] | memoryview, array[int] | memoryview]"
"""A book's keys and scores: arrays, or memoryviews of a mapped copy."""


def cached_entries(
    path: Path, header: BookHeader, cache: Path
) -> tuple[Entries, Path | None, BlockTable | None]:
    """The entries of the book ``path`` through its uncompressed copy in ``cache`` (see the
    module's docstring), with the copy they are mapped from (``None`` when they were read from
    the book, the copy being unusable) and, for a copy whose blocks are yet to be checked
    against the book (format version 3), the book's block table.

    A damaged or edited copy found here (its size, its header, its kind, or for a book before
    version 3 its entries) is reported with a ``RuntimeWarning`` and written again from the
    book; one that cannot be written is removed at once, reported with a ``RuntimeWarning``,
    and the book is read without a copy.

    Raises:
        BookError: the book fails its checksum or its digest, or does not decode to the
            number of entries its header gives.
    """
    _remove_abandoned_copies(cache)
    copy = cache_copy_path(path, header, cache)
    table = read_block_table(path, header) if header.block_bits else None
    try:
        mapped = _mapped(copy, header)
    except _DamagedCopyError as damage:
        _warn_damaged(copy, path, str(damage))
        mapped = None
    if mapped is not None:
        return mapped, copy, table
    keys, values = read_entries(path, header)
    if not _written_again(copy, path, keys, values, header):
        return (keys, values), None, None
    try:
        mapped = _mapped(copy, header)
    except _DamagedCopyError:  # replaced meanwhile, by another process writing it
        return (keys, values), None, None
    return ((keys, values), None, None) if mapped is None else (mapped, copy, table)


def entries_for_damaged_copy(
    path: Path, header: BookHeader, copy: Path, damage: str
) -> tuple[array[int], array[int]]:
    """The entries of the book ``path`` read from the book itself, once its mapped copy
    ``copy`` was found damaged later on (``damage`` says how): reported with a
    ``RuntimeWarning`` as :func:`cached_entries` reports it, and the copy written again.

    Raises:
        BookError: as :func:`cached_entries`.
    """
    _warn_damaged(copy, path, damage)
    keys, values = read_entries(path, header)
    _written_again(copy, path, keys, values, header)
    return keys, values


def _warn_damaged(copy: Path, path: Path, damage: str) -> None:
    warnings.warn(
        f"{copy}: the cached copy of the book {path.name} is damaged ({damage}); "
        "writing it again from the book",
        RuntimeWarning,
        stacklevel=4,
    )


def _written_again(
    copy: Path,
    path: Path,
    keys: array[int] | memoryview,
    values: array[int] | memoryview,
    header: BookHeader,
) -> bool:
    """Write the copy again (see :func:`_write_copy`); whether it was written. One that cannot
    be is reported with a ``RuntimeWarning``."""
    try:
        _write_copy(copy, keys, values, header)
    except OSError as error:  # no room, no permission, or the name taken by a directory
        warnings.warn(
            f"{copy}: cannot keep an uncompressed copy of the book {path.name} there "
            f"({error.strerror or error}); reading the book without one",
            RuntimeWarning,
            stacklevel=4,
        )
        return False
    return True


def _mapped(copy: Path, header: BookHeader) -> Entries | None:
    """The entries of an uncompressed copy mapped into memory; ``None`` if there is no copy
    (or one of an older cache format, or a folder, which no copy can replace). The entries of
    a book before version 3 are checked here against the book's digest (those of a book
    without one, against the copy's CRC-32); a later book's, a block at a time as they are
    read (:class:`~fourinarow.search.book.blocks.BlockCheck`).

    Raises:
        _DamagedCopyError: the copy is there but its kind, size, header or entries are wrong.
    """
    count = header.count
    try:
        with open_regular_file(copy, "the cached copy") as f:
            memory = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except PathKindError:
        kind = kind_of(copy)
        if kind == "a folder":
            return None  # written to, which says why that fails
        raise _DamagedCopyError(
            f"it is {kind or 'a symbolic link in a loop'}, not a regular file"
        ) from None
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
        problem = (
            None if header.block_bits else _copy_problem(view[start:], keys, values, digest, header)
        )
        if problem is not None:
            for released in (values, keys, view):
                released.release()
            raise _DamagedCopyError(problem)
    except BaseException:
        # A view of the mapping may still be held (by the frames of a Ctrl-C's traceback, in
        # the middle of the check): then the mapping goes when the last view does.
        with contextlib.suppress(BufferError):
            memory.close()
        raise
    return keys, values


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
        if entries_digest(little_endian(keys), values) != header.digest:
            return "its entries do not match the book's digest"
        return None
    if zlib.crc32(entries) != checksum:
        return "its entries fail their checksum"
    return None


def _write_copy(
    copy: Path,
    keys: array[int] | memoryview,
    values: array[int] | memoryview,
    header: BookHeader,
) -> None:
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
        digest = zlib.crc32(values, zlib.crc32(keys))
        with open(temporary, "wb") as f:
            f.write(_CACHE_HEADER.pack(_CACHE_MAGIC, header.count, header.checksum, digest))
            f.write(keys)
            f.write(values)
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
