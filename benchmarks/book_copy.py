"""What checking a book's uncompressed copy costs when it is mapped (once per process).

    python benchmarks/book_copy.py                    # the shipped 7x6 and 6x7 books, 7 runs
    python benchmarks/book_copy.py --sizes 7x6 --runs 15

For each book it times, in this process and with the copy in the page cache (as every process
after the first finds it): mapping the copy with no check at all (the floor), mapping it checked
against its own CRC-32 (what a book without a digest gets, and what every book got before
digests), mapping it checked against the digest in the book's header (what ``Book.load`` does),
and decompressing the book without a copy (what the copy saves). It prints the median of
``--runs`` of each, and the digest's cost as a ratio to the CRC-32 check and to decompressing.
"""

from __future__ import annotations

import argparse
import dataclasses
import mmap
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fourinarow.core import parse_size
from fourinarow.search.openings import Book, cache_copy_path, shipped_book_path


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


def measure(width: int, height: int, runs: int, cache: Path) -> None:
    path = shipped_book_path(width, height, 4)
    if path is None:
        print(f"{width}x{height}: no shipped book")
        return
    header = Book.read_header(path)
    if not header.digest:
        print(f"{width}x{height}: the shipped book has no digest")
        return
    # the same book without a digest (0 in its header), so that its copy gets the CRC-32 check
    plain = cache / "plain" / path.name
    plain.parent.mkdir(exist_ok=True)
    data = bytearray(path.read_bytes())
    data[36:40] = bytes(4)
    plain.write_bytes(bytes(data))
    Book.load(path, cache)  # writes the copy both share (named by the payload's CRC-32)
    copy = cache_copy_path(path, header, cache)
    assert copy == cache_copy_path(plain, dataclasses.replace(header, digest=0), cache)
    floor = median_ms(lambda: map_only(copy), runs)
    crc = median_ms(lambda: Book.load(plain, cache), runs)
    digest = median_ms(lambda: Book.load(path, cache), runs)
    decompress = median_ms(lambda: Book.load(path), max(1, runs // 3))
    print(
        f"{width}x{height:<5} {header.count:>10,} {copy.stat().st_size / 1e6:>8.1f} "
        f"{floor:>8.2f} {crc:>8.1f} {digest:>8.1f} {decompress:>10.0f} "
        f"{digest / crc:>9.1f}x {digest / decompress:>12.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="7x6,6x7", help="board sizes (default 7x6,6x7)")
    parser.add_argument("--runs", type=int, default=7, help="runs per measure (default 7)")
    args = parser.parse_args()
    print(
        f"{'board':<9} {'entries':>10} {'copy MB':>8} {'map ms':>8} {'crc ms':>8} "
        f"{'digest ms':>8} {'decomp. ms':>10} {'dig./crc':>10} {'dig./decomp.':>12}"
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
