"""What checking a book's uncompressed copy costs a process that maps it: a block at a time as
lookups read them (format version 3), against the whole copy at every mapping (version 2).

    python benchmarks/book_copy.py                    # the shipped 7x6 and 6x7 books, 7 runs
    python benchmarks/book_copy.py --sizes 7x6 --runs 15

For each book it times, in this process and with the copy in the page cache (as every process
after the first finds it): mapping the copy with no check at all (the floor); loading the book
as ``Book.load`` does (its header and block table read, the copy mapped, no entry digested);
that load and a first lookup (one block digested: what a move from the opening adds); that load
and every block checked (``Book.verify``, what ``book info`` does); loading the same book in
format version 2, whose copy is checked in full against the book's digest at every mapping (what
every process paid before blocks); and decompressing the book without a copy (what the copy
saves). It prints the median of ``--runs`` of each, and the version 2 load as a ratio to the
load and first lookup of version 3.
"""

from __future__ import annotations

import argparse
import mmap
import shutil
import statistics
import struct
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fourinarow.core import parse_size
from fourinarow.search.book import (
    HEADER_SIZE,
    Book,
    cache_copy_path,
    entries_digest,
    shipped_book_path,
)
from fourinarow.search.book.blocks import little_endian


def median_ms(action: Callable[[], object], runs: int) -> float:
    """The median wall time of ``action`` over ``runs`` calls, in milliseconds."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def map_only(copy: Path) -> None:
    """Map a copy as ``Book.load`` does, with no check: the floor."""
    with open(copy, "rb") as f:
        memory = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    memory.close()


def as_version_2(path: Path, folder: Path) -> Path:
    """The same book in format version 2: no block table, the digest of all its entries in the
    header (its payload, and so the name of its copy, unchanged)."""
    header = Book.read_header(path)
    book = Book.load(path)
    data = bytearray(path.read_bytes())
    head = bytearray(data[:HEADER_SIZE])
    struct.pack_into("<H", head, 8, 2)
    head[15] = 0
    struct.pack_into("<I", head, 36, entries_digest(little_endian(book.keys), book.values))
    older = folder / path.name
    older.write_bytes(bytes(head) + bytes(data[HEADER_SIZE + header.table_size :]))
    return older


def measure(width: int, height: int, runs: int, cache: Path) -> None:
    path = shipped_book_path(width, height, 4)
    if path is None:
        print(f"{width}x{height}: no shipped book")
        return
    header = Book.read_header(path)
    if not header.block_bits:
        print(f"{width}x{height}: the shipped book has no block table")
        return
    folder = cache / f"v2-{width}x{height}"
    folder.mkdir()
    older = as_version_2(path, folder)
    Book.load(path, cache)  # writes the copy both share (named by the payload's CRC-32)
    copy = cache_copy_path(path, header, cache)
    assert copy == cache_copy_path(older, Book.read_header(older), cache)
    sample = Book.load(path, cache)
    key = int(sample.keys[len(sample) // 2])
    floor = median_ms(lambda: map_only(copy), runs)
    load = median_ms(lambda: Book.load(path, cache), runs)
    lookup = median_ms(lambda: Book.load(path, cache).lookup(key), runs)
    verify = median_ms(lambda: Book.load(path, cache).verify(), runs)
    whole = median_ms(lambda: Book.load(older, cache), runs)
    decompress = median_ms(lambda: Book.load(path), max(1, runs // 3))
    print(
        f"{width}x{height:<5} {header.count:>10,} {copy.stat().st_size / 1e6:>8.1f} "
        f"{floor:>7.2f} {load:>8.2f} {lookup:>9.2f} {verify:>9.1f} {whole:>8.1f} "
        f"{decompress:>10.0f} {whole / lookup:>9.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="7x6,6x7", help="board sizes (default 7x6,6x7)")
    parser.add_argument("--runs", type=int, default=7, help="runs per measure (default 7)")
    args = parser.parse_args()
    print(
        f"{'board':<9} {'entries':>10} {'copy MB':>8} {'map ms':>7} {'load ms':>8} "
        f"{'+1 lookup':>9} {'verify ms':>9} {'v2 ms':>8} {'decomp. ms':>10} {'v2/lookup':>9}"
    )
    cache = Path(tempfile.mkdtemp(prefix="book-copy-"))
    try:
        for size in args.sizes.split(","):
            width, height = parse_size(size)
            measure(width, height, args.runs, cache)
    finally:
        shutil.rmtree(cache)


if __name__ == "__main__":
    main()
