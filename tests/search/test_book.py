"""Opening books: the file format, its errors, and the solver consulting a book."""

from __future__ import annotations

import lzma
import os
import random
import signal
import struct
import subprocess
import sys
import tempfile
import time
import tracemalloc
import warnings
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fourinarow.book.build import build_book
from fourinarow.core import Board, FourInARowError
from fourinarow.search.book import (
    Book,
    BookError,
    cache_copy_path,
    cache_directory,
    decode_key,
    default_book,
    default_book_path,
    default_book_plies,
    entries_digest,
    has_default_book,
    installed_book_path,
    installed_books_folder,
    position_key,
    shipped_book_path,
)
from fourinarow.search.book import default as default_books
from fourinarow.search.book.blocks import BLOCK_BITS, BlockTable, table_digest
from fourinarow.search.book.format import read_block_table
from fourinarow.search.limit import Limit
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.solver import Solver, compiled_kernel_available
from tests import bench

SHAPE = (5, 5, 4)


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every 5x5 position of up to 6 stones, built by the real builder."""
    path = tmp_path_factory.mktemp("book") / "5x5.book"
    build_book(path, *SHAPE, 6, chunk_size=64, tt_mb=4)
    return path


def random_position(rng: random.Random, shape: tuple[int, int, int], most: int) -> Board:
    while True:
        board = Board(*shape)
        for _ in range(rng.randint(0, most)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if not board.is_game_over():
            return board


@pytest.mark.parametrize("compression", ["none", "zlib", "lzma"])
def test_a_book_survives_saving_and_loading(
    small_book: Path, tmp_path: Path, compression: str
) -> None:
    book = Book.load(small_book)
    copy = tmp_path / "copy.book"
    book.save(copy, compression)
    again = Book.load(copy)
    assert list(again.items()) == list(book.items())
    assert (again.width, again.height, again.connect, again.plies) == (*SHAPE, 6)
    assert Book.read_header(copy).compression == compression


def test_every_entry_is_the_solvers_score_and_mirror_images_share_it(small_book: Path) -> None:
    book = Book.load(small_book)
    solver = Solver(tt_mb=4, book=False)
    rng = random.Random(5)
    for _ in range(200):
        board = random_position(rng, SHAPE, 6)
        assert book.get(board) == solver.solve(board).score, board.to_moves()
        assert book.get(board.mirror()) == book.get(board)
    assert book.get(Board.from_moves("3333", width=5, height=5)) is not None
    deeper = Board.from_moves("1234512", width=5, height=5)
    assert book.get(deeper) is None  # 7 stones: beyond the book


def test_the_solver_with_a_book_agrees_with_the_solver_without(small_book: Path) -> None:
    with_book = Solver(tt_mb=4, book=Book.load(small_book))
    without = Solver(tt_mb=4, book=False)
    rng = random.Random(6)
    for _ in range(60):
        board = random_position(rng, SHAPE, 12)
        expected = without.solve(board)
        found = with_book.solve(board)
        assert found.score == expected.score, board.to_moves()
        assert with_book.solve(board, weak=True).score == without.solve(board, weak=True).score
        assert with_book.analyze(board).values == without.analyze(board).values
        if board.ply <= 6:
            assert found.nodes <= 8  # read from the book, not searched
    assert with_book.book is not None


@pytest.mark.skipif(not compiled_kernel_available(), reason="compiled kernel not built")
def test_the_kernel_and_its_python_twin_consult_a_book_alike(small_book: Path) -> None:
    from fourinarow.search._solver_kernel import Kernel

    book = Book.load(small_book)
    compiled, reference = Kernel(*SHAPE, 16), ReferenceKernel(*SHAPE, 16)
    for kernel in (compiled, reference):
        kernel.set_book(book.keys, book.values, book.plies)
        kernel.set_limits(0, 0.0)
    rng = random.Random(7)
    for _ in range(20):
        board = random_position(rng, SHAPE, 10)
        first, second = board.bitboards
        current = first if board.turn == 1 else second
        for kernel in (compiled, reference):
            kernel.clear()
            kernel.reset_nodes()
        expected = reference.solve(current, first | second, board.ply, False)
        assert compiled.solve(current, first | second, board.ply, False) == expected
        assert compiled.nodes == reference.nodes


# ------------------------------------------------------------------------- errors


def test_a_missing_book_is_named(tmp_path: Path) -> None:
    with pytest.raises(BookError, match=r"nowhere\.book: cannot be read"):
        Book.load(tmp_path / "nowhere.book")


def test_a_file_that_is_not_a_book_is_named(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a book at all, but long enough to hold a header of forty bytes")
    with pytest.raises(BookError, match=r"notes\.txt: is not a fourinarow opening book"):
        Book.load(path)


def test_a_corrupt_book_fails_its_checksum(small_book: Path, tmp_path: Path) -> None:
    data = bytearray(small_book.read_bytes())
    data[-10] ^= 0xFF
    path = tmp_path / "flipped.book"
    path.write_bytes(bytes(data))
    with pytest.raises(BookError, match=r"flipped\.book: is corrupt: its checksum"):
        Book.load(path)


def test_a_truncated_book_is_named(small_book: Path, tmp_path: Path) -> None:
    path = tmp_path / "short.book"
    path.write_bytes(small_book.read_bytes()[:-5])
    with pytest.raises(BookError, match=r"short\.book: is truncated"):
        Book.load(path)


def test_another_format_version_is_refused(small_book: Path, tmp_path: Path) -> None:
    data = bytearray(small_book.read_bytes())
    data[8] = 9  # the version's low byte
    path = tmp_path / "future.book"
    path.write_bytes(bytes(data))
    with pytest.raises(BookError, match="format version 9"):
        Book.load(path)


def test_a_cached_copy_is_written_once_then_mapped(small_book: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    read = Book.load(small_book, cache)  # writes the copy
    copies = list(cache.iterdir())
    assert len(copies) == 1
    mapped = Book.load(small_book, cache)
    assert isinstance(mapped.keys, memoryview)
    assert list(mapped.items()) == list(read.items()) == list(Book.load(small_book).items())
    board = random_position(random.Random(2), SHAPE, 6)
    assert (
        Solver(tt_mb=4, book=mapped).solve(board).score
        == Solver(tt_mb=4, book=False).solve(board).score
    )
    again = tmp_path / "again.book"  # a mapped book saves like any other
    mapped.save(again)
    assert list(Book.load(again).items()) == list(read.items())

    plain = list(Book.load(small_book).items())
    damaged = copies[0].read_bytes()[:-3]
    copies[0].unlink()  # (a new file: the books above still map the old one)
    copies[0].write_bytes(damaged)
    with pytest.warns(RuntimeWarning, match="is damaged"):
        assert list(Book.load(small_book, cache).items()) == plain  # the copy is replaced
    assert copies[0].stat().st_size == 24 + 9 * len(plain)


def test_ctrl_c_while_a_mapped_copy_is_checked_stays_a_ctrl_c(
    small_book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real SIGINT while the copy's entries are checked (views of the mapping still held):
    the ``KeyboardInterrupt`` comes out, not a ``BufferError`` from closing the mapping."""
    from fourinarow.search.book import cache as cache_module

    book = as_version_2(small_book, tmp_path)  # checked whole when mapped, as before blocks
    cache = tmp_path / "cache"
    Book.load(book, cache)  # writes the copy, mapped below

    def interrupted(*args: Any) -> int:
        os.kill(os.getpid(), signal.SIGINT)
        return entries_digest(*args)

    monkeypatch.setattr(cache_module, "entries_digest", interrupted)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            Book.load(book, cache)
    finally:
        signal.signal(signal.SIGINT, previous)


def as_version_2(book: Path, tmp_path: Path, *, digest: bool = True) -> Path:
    """The same book as fourinarow wrote it in format version 2: no block table, and the
    digest of all the entries in the header (or, with ``digest=False``, as a fourinarow before
    digests wrote it: 0 in that field)."""
    header = Book.read_header(book)
    assert header.version == 3
    assert header.block_bits
    entries = Book.load(book)
    words = array("Q", entries.keys)
    if sys.byteorder != "little":
        words.byteswap()
    field = entries_digest(words.tobytes(), entries.values) if digest else 0
    data = bytearray(book.read_bytes())
    head = bytearray(data[:40])
    struct.pack_into("<H", head, 8, 2)  # the version
    head[15] = 0  # reserved before version 3
    struct.pack_into("<I", head, 36, field)
    path = tmp_path / ("v2" if digest else "plain") / book.name
    path.parent.mkdir()
    path.write_bytes(bytes(head) + bytes(data[40 + header.table_size :]))
    assert Book.read_header(path).version == 2
    return path


def negated_with_checksum_recomputed(copy: Path, count: int) -> None:
    """Edit a cache copy as a tester did: every score negated, the copy's CRC-32 recomputed,
    written in place (same size, same header otherwise)."""
    data = bytearray(copy.read_bytes())
    scores = array("b", data[24 + 8 * count :])
    data[24 + 8 * count :] = array("b", (-score for score in scores)).tobytes()
    struct.pack_into("=I", data, 20, zlib.crc32(data[24:]))
    with open(copy, "r+b") as f:
        f.write(data)


@pytest.mark.parametrize(
    "check", ["blocks", "digest", "crc"], ids=["book's blocks", "book's digest", "copy's CRC-32"]
)
@pytest.mark.parametrize("where", ["a key", "a score"])
def test_a_tampered_copy_of_the_same_size_and_header_is_caught_and_replaced(
    small_book: Path, tmp_path: Path, where: str, check: str
) -> None:
    """A copy altered in place (same size, same header) must never give wrong scores: a book
    of version 3 finds it when the changed block is read, an older one when it is mapped."""
    book_path = {
        "blocks": small_book,
        "digest": as_version_2(small_book, tmp_path),
        "crc": as_version_2(small_book, tmp_path, digest=False),
    }[check]
    cache = tmp_path / "cache"
    plain = list(Book.load(book_path, cache).items())
    (copy,) = cache.iterdir()
    data = bytearray(copy.read_bytes())
    offset = {"a key": 24 + 8, "a score": len(data) - 1}[where]
    data[offset] ^= 0x01
    copy.unlink()
    copy.write_bytes(data)
    problem = {
        "blocks": r"\(block \d+: its entries do not match the book's digest",
        "digest": r"\(its entries do not match the book's digest",
        "crc": "entries fail their checksum",
    }[check]
    with pytest.warns(RuntimeWarning, match=problem):
        found = list(Book.load(book_path, cache).items())
    assert found == plain
    again = Book.load(book_path, cache)  # written again: now without a warning
    assert again.copy == copy
    assert list(again.items()) == plain


def test_a_copy_edited_with_its_checksum_recomputed_is_caught_by_the_books_digest(
    small_book: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    truth = Book.load(small_book)
    Book.load(small_book, cache)
    (copy,) = cache.iterdir()
    negated_with_checksum_recomputed(copy, len(truth))
    rng = random.Random(1)
    picks = [rng.randrange(len(truth)) for _ in range(400)]

    def wrong(book: Book) -> int:
        return sum(book.lookup(truth.keys[i]) != truth.values[i] for i in picks)

    # what the digest guards against: the copy's own checksum passes, the answers are wrong
    plain = as_version_2(small_book, tmp_path, digest=False)
    assert wrong(Book.load(plain, cache)) > 200  # of 400 (scores of 0 stay right)
    book = Book.load(small_book, cache)
    with pytest.warns(RuntimeWarning, match=r"do not match the book's digest\); writing it again"):
        assert wrong(book) == 0
    assert book.copy is None  # the book's entries, read again
    again = Book.load(small_book, cache)
    assert again.copy == copy
    assert list(again.items()) == list(truth.items())  # no warning now


def test_a_book_whose_entries_do_not_match_its_digest_is_corrupt(
    small_book: Path, tmp_path: Path
) -> None:
    for version in (3, 2):
        data = bytearray(
            (small_book if version == 3 else as_version_2(small_book, tmp_path)).read_bytes()
        )
        data[36] ^= 0x01  # the header's digest (the payload's CRC-32 does not cover it)
        path = tmp_path / f"bad{version}.book"
        path.write_bytes(bytes(data))
        for cache in (None, tmp_path / "cache"):
            with pytest.raises(BookError, match=r"(do|does) not match the digest in its header"):
                Book.load(path, cache)
        assert not list((tmp_path / "cache").glob("*.entries"))  # no copy of a book not trusted


def little_endian(keys: array[int] | memoryview) -> bytes:
    words = array("Q", keys)
    if sys.byteorder != "little":
        words.byteswap()
    return words.tobytes()


def test_every_shipped_book_carries_the_digests_of_its_blocks() -> None:
    for width, height in ((4, 4), (5, 4), (6, 6), (6, 7), (7, 5), (7, 6)):
        path = shipped_book_path(width, height, 4)
        assert path is not None
        header = Book.read_header(path)
        assert (header.version, header.block_bits) == (3, BLOCK_BITS), path
        table = read_block_table(path, header)  # checked against the header's digest
        assert len(table) == header.blocks
        if header.count < 2_000_000:  # the 7x6 book takes seconds to decompress
            book = Book.load(path)  # checks every block
            assert BlockTable.of(little_endian(book.keys), book.values, BLOCK_BITS) == table


def test_save_writes_the_table_of_its_blocks_and_its_digest(tmp_path: Path) -> None:
    entries = {5: 1, 9: -2, 1 << 40: 3}
    path = tmp_path / "b.book"
    Book.from_entries(7, 6, 4, 2, entries).save(path)
    header = Book.read_header(path)
    values = array("b", [entries[k] for k in sorted(entries)])
    table = BlockTable.of(little_endian(array("Q", sorted(entries))), values, BLOCK_BITS)
    data = path.read_bytes()
    assert data[40:56] == table.to_bytes()  # one block: its first key, its digest
    assert header.digest == table_digest(table.to_bytes())
    assert struct.unpack_from("<I", data, 36) == (header.digest,)


def test_a_copy_of_an_older_cache_format_is_written_again_silently(
    small_book: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    plain = list(Book.load(small_book, cache).items())
    (copy,) = cache.iterdir()
    data = bytearray(copy.read_bytes())
    data[:8] = b"FIARKEYS"  # the first cache format, without the entries' checksum
    copy.unlink()
    copy.write_bytes(data)
    book = Book.load(small_book, cache)  # no warning (the suite turns warnings into errors)
    assert list(book.items()) == plain
    assert copy.read_bytes()[:8] == b"FIARKEY2"


def test_the_cache_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FOURINAROW_CACHE", "/somewhere")
    assert cache_directory() == Path("/somewhere")
    monkeypatch.setenv("FOURINAROW_CACHE", "")
    assert cache_directory() is None
    monkeypatch.delenv("FOURINAROW_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert cache_directory() == Path("/xdg/fourinarow")


def test_a_version_1_book_with_key_differences_still_loads(
    small_book: Path, tmp_path: Path
) -> None:
    """Version 1 stored each key as its difference from the previous one; written here by
    hand, as this fourinarow only writes version 3."""
    book = Book.load(small_book)
    keys = list(book.keys)
    deltas = [b - a for a, b in zip([0, *keys], keys, strict=False)]
    raw = b"".join(d.to_bytes(8, "little") for d in deltas)
    payload = b"".join(raw[i::8] for i in range(8)) + book.values.tobytes()
    header = struct.pack(
        "<8sH4BBBQQII",
        b"FIARBOOK",
        1,
        *SHAPE,
        6,
        0,
        0,
        len(keys),
        len(payload),
        zlib.crc32(payload),
        0,
    )
    path = tmp_path / "old.book"
    path.write_bytes(header + payload)
    old = Book.load(path)
    assert Book.read_header(path).version == 1
    assert list(old.items()) == list(book.items())


def test_a_book_for_another_shape_is_refused_by_the_solver(small_book: Path) -> None:
    solver = Solver(tt_mb=4, book=Book.load(small_book))
    with pytest.raises(BookError, match=r"5x5\.book: is for 5x5 connect 4, not for 7x6 connect 4"):
        solver.solve(Board.from_moves("4444"))
    assert issubclass(BookError, FourInARowError)  # a user-input error, as the house rule says


def test_a_damaged_shipped_book_leaves_the_solver_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "5x5c4.book"
    broken.write_bytes(b"FIARBOOK" + bytes(40))
    monkeypatch.setattr(default_books, "_defaults", {})
    monkeypatch.setattr(default_books, "shipped_book_path", lambda *shape: broken)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        score = Solver(tt_mb=4).solve(Board.from_moves("33", width=5, height=5)).score
    plain = Solver(tt_mb=4, book=False).solve(Board.from_moves("33", width=5, height=5))
    assert score == plain.score
    assert any("5x5c4.book" in str(w.message) for w in caught)


# --------------------------------------------------------------- the shipped book


SHIPPED = shipped_book_path(7, 6, 4)
needs_shipped = pytest.mark.skipif(SHIPPED is None, reason="no 7x6 book shipped")


@needs_shipped
def test_the_shipped_book_is_attached_only_when_a_search_can_reach_it() -> None:
    solver = Solver(tt_mb=4)
    assert SHIPPED is not None
    plies = Book.read_header(SHIPPED).plies
    late = Board.from_moves("12345671234567")  # more stones than the book holds
    assert late.ply > plies
    solver.solve(late)
    assert solver.book is None
    solver.solve(Board.from_moves("44"))
    assert solver.book is not None
    assert solver.book.plies == plies


@needs_shipped
def test_prepare_reads_the_book_and_wipes_the_table_before_any_search() -> None:
    for use_kernel in (None, False):
        solver = Solver(tt_mb=4, use_kernel=use_kernel)
        solver.prepare()
        assert solver.book is not None
        assert solver.solve(Board.from_moves("44")).nodes < 100  # read from the book
        solver.clear(full=True)
        assert solver.solve(Board.from_moves("4455")).score == 18


@needs_shipped
def test_the_shipped_book_agrees_with_the_benchmark_sets() -> None:
    assert SHIPPED is not None
    book = Book.load(SHIPPED)
    checked = total = 0
    for name in ("Test_L1_R1", "Test_L1_R2", "Test_L1_R3"):
        for position in bench.positions(name):
            board = Board.from_moves(position.moves)
            total += 1
            if board.ply <= book.plies:
                assert book.get(board) == position.score, position
                checked += 1
    assert checked > total // 2  # the book holds most positions of the Begin sets


SHIPPED_SHAPES = [
    (width, height, 4)
    for width, height in ((7, 6), (6, 7), (7, 5), (6, 6), (5, 4), (4, 4))
    if shipped_book_path(width, height, 4) is not None
]
"""Every shape a book ships for (README's table), each checked against the solver below."""


def test_a_book_ships_for_every_shape_readme_lists() -> None:
    assert SHIPPED is not None
    shipped = sorted(path.name for path in SHIPPED.parent.glob("*.book"))
    assert len(SHIPPED_SHAPES) == 6, shipped
    assert shipped == sorted(f"{w}x{h}c4.book" for w, h, _ in SHIPPED_SHAPES)


@pytest.mark.parametrize("shape", SHIPPED_SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_shipped_book_is_consistent_layer_to_layer(shape: tuple[int, int, int]) -> None:
    """Every entry below the deepest layer is the negamax of its children's entries."""
    path = shipped_book_path(*shape)
    assert path is not None
    book = Book.load(path)
    cells = shape[0] * shape[1]
    rng = random.Random(8)
    for _ in range(300):
        board = random_position(rng, shape, book.plies - 1)
        wins = board.winning_moves()
        if wins:
            expected = (cells + 1 - board.ply) // 2
        else:
            values = []
            for column in board.legal_moves:
                board.push(column)
                child = book.get(board)
                board.pop()
                assert child is not None
                values.append(-child)
            expected = max(values)
        assert book.get(board) == expected, board.to_moves()
    assert position_key(Board(*shape)) == 0


@pytest.mark.parametrize("shape", SHIPPED_SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.slow
def test_a_sample_of_every_shipped_books_deepest_layer_re_solves_alike(
    shape: tuple[int, int, int],
) -> None:
    path = shipped_book_path(*shape)
    assert path is not None
    book = Book.load(path)
    solver = Solver(book=False)
    rng = random.Random(9)
    wanted = 4 if book.plies < 8 else 25  # shallow positions take seconds each, deep ones ms
    checked = 0
    while checked < wanted:
        board = random_position(rng, shape, book.plies)
        if board.ply == book.plies:
            assert solver.solve(board).score == book.get(board), board.to_moves()
            checked += 1


# ------------------------------------------------------- damaged headers and cache copies


def book_file(
    path: Path,
    *,
    shape: tuple[int, int, int] = (7, 6, 4),
    plies: int = 4,
    compression: int = 2,
    count: int = 1,
    payload: bytes | None = None,
) -> Path:
    """A book file with these header fields, its payload's size and CRC-32 consistent."""
    if payload is None:
        payload = lzma.compress(bytes(9 * count)) if compression == 2 else bytes(9 * count)
    header = struct.pack(
        "<8sH4BBBQQII",
        b"FIARBOOK",
        2,
        *shape,
        plies,
        compression,
        0,
        count,
        len(payload),
        zlib.crc32(payload),
        0,
    )
    path.write_bytes(header + payload)
    return path


def test_a_payload_larger_than_its_entries_uncompressed_is_refused_from_its_header(
    tmp_path: Path,
) -> None:
    path = book_file(tmp_path / "padded.book", count=10, payload=lzma.compress(bytes(90)) * 40)
    with pytest.raises(BookError, match=r"a payload of [\d,]+ bytes, more than its 10 entries"):
        Book.read_header(path)
    assert Book.read_header(book_file(tmp_path / "ok.book", count=10)).count == 10


def test_a_tiny_book_claiming_millions_of_entries_is_refused_from_its_header(
    tmp_path: Path,
) -> None:
    path = book_file(tmp_path / "tiny.book", plies=12, count=50_000_000, payload=b"\x00" * 64)
    tracemalloc.start()
    try:
        with pytest.raises(BookError, match=r"tiny\.book: .*50,000,000 entries"):
            Book.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_a_compressed_bomb_is_refused_before_it_is_decompressed(tmp_path: Path) -> None:
    """5 million entries of zeros: 45 MB that zlib packs in 44 KB, a ratio no book reaches."""
    payload = zlib.compress(bytes(45_000_000), 9)
    path = book_file(
        tmp_path / "bomb.book", plies=12, compression=1, count=5_000_000, payload=payload
    )
    tracemalloc.start()
    try:
        with pytest.raises(BookError, match=r"bomb\.book: .*5,000,000 entries"):
            Book.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 5_000_000


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"shape": (0, 6, 4)}, "width 0"),
        ({"shape": (7, 21, 4)}, "height 21"),
        ({"shape": (7, 6, 9)}, "connect 9"),
        ({"shape": (9, 7, 4)}, r"width \* \(height \+ 1\) <= 64"),
        ({"plies": 43}, "plies 43"),
        ({"plies": 1, "count": 9}, "9 entries"),  # up to 1 stone: 8 positions, 5 once folded
        ({"compression": 0, "count": 3, "payload": bytes(20)}, "20 bytes"),
    ],
)
def test_a_header_with_impossible_fields_is_refused_naming_the_file_and_the_field(
    tmp_path: Path, fields: dict[str, Any], problem: str
) -> None:
    path = book_file(tmp_path / "odd.book", **fields)
    with pytest.raises(BookError, match=rf"odd\.book: .*{problem}"):
        Book.read_header(path)
    with pytest.raises(BookError, match=rf"odd\.book: .*{problem}"):
        Book.load(path)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    width=st.integers(0, 255),
    height=st.integers(0, 255),
    connect=st.integers(0, 255),
    plies=st.integers(0, 255),
    compression=st.integers(0, 3),
    count=st.one_of(st.integers(0, 64), st.integers(0, 2**64 - 1)),
    entries=st.integers(0, 64),
    noise=st.binary(max_size=32),
)
def test_any_header_loads_or_raises_a_book_error_without_a_large_allocation(
    width: int,
    height: int,
    connect: int,
    plies: int,
    compression: int,
    count: int,
    entries: int,
    noise: bytes,
) -> None:
    """Whatever the header says, loading gives a book or a BookError naming the file, and never
    allocates much more than the file's size."""
    raw = bytes(9 * entries) + noise
    pack: dict[int, Callable[[bytes], bytes]] = {
        0: bytes,
        1: zlib.compress,
        2: lambda b: lzma.compress(b, preset=0),  # (lzma's own state: 256 KB, not 8 MB)
        3: bytes,
    }
    with tempfile.TemporaryDirectory() as directory:
        path = book_file(
            Path(directory) / "fuzz.book",
            shape=(width, height, connect),
            plies=plies,
            compression=compression,
            count=count,
            payload=pack[compression](raw),
        )
        tracemalloc.start()
        try:
            outcome: Book | BookError = Book.load(path)
        except BookError as error:
            outcome = error
        finally:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    if isinstance(outcome, BookError):
        assert "fuzz.book" in str(outcome)
    else:
        assert len(outcome) == count
    assert peak < 2_000_000


def test_a_cache_path_taken_by_a_directory_gives_one_warning_and_no_partial_copy(
    small_book: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    copy = cache_copy_path(small_book, Book.read_header(small_book), cache)
    copy.mkdir(parents=True)
    with pytest.warns(RuntimeWarning, match=r"cannot keep .* \(Is a directory\)") as caught:
        book = Book.load(small_book, cache)
    assert len(caught) == 1
    assert list(book.items()) == list(Book.load(small_book).items())
    assert book.copy is None
    assert sorted(p.name for p in cache.iterdir()) == [copy.name]  # no .partial left behind


@pytest.mark.parametrize("cache", ["file", "file/cache"])
def test_a_cache_that_cannot_be_written_is_skipped_with_a_warning(
    small_book: Path, tmp_path: Path, cache: str
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a directory")
    with pytest.warns(RuntimeWarning, match=r"\(Not a directory\); reading the book without one"):
        book = Book.load(small_book, tmp_path / cache)
    assert isinstance(book.keys, array)
    assert len(book) > 0


def test_partial_copies_abandoned_by_a_killed_process_are_removed_at_the_next_load(
    small_book: Path, tmp_path: Path
) -> None:
    """A copy is written as ``NAME.PID.partial`` and renamed: a process killed meanwhile leaves
    that file. The next load removes it once its writer is gone, or after ten minutes."""
    cache = tmp_path / "cache"
    copy = cache_copy_path(small_book, Book.read_header(small_book), cache)
    cache.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = cache / f"{copy.name}.{dead.pid}.partial"  # its writer is gone
    old = cache / f"other-00000000-9-little.entries.{os.getppid()}.partial"  # an hour old
    fresh = cache / f"{copy.name}.{os.getppid()}.partial"  # being written by a live process
    for partial in (stale, old, fresh):
        partial.write_bytes(bytes(1000))
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    book = Book.load(small_book, cache)
    assert book.copy == copy
    assert sorted(p.name for p in cache.iterdir()) == sorted([copy.name, fresh.name])


def test_a_first_read_killed_while_writing_its_copy_leaves_nothing_after_the_next(
    tmp_path: Path,
) -> None:
    """A real interruption: ``fourinarow solve`` killed while it writes the shipped book's
    83 MB copy; the next run removes what it left and writes the copy whole."""
    if SHIPPED is None:
        pytest.skip("no 7x6 book shipped")
    env = {**os.environ, "FOURINAROW_CACHE": str(tmp_path)}
    command = [sys.executable, "-m", "fourinarow", "solve", "44"]
    for _ in range(10):  # the copy takes some 0.1 s to write: catch the process at it
        for leftover in tmp_path.iterdir():
            leftover.unlink()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            while process.poll() is None and not list(tmp_path.glob("*.partial")):
                time.sleep(0.001)
        finally:
            process.kill()
            process.wait()
        if list(tmp_path.glob("*.partial")):
            break
    else:
        pytest.skip("a timing race: never caught the cache copy while it was being written")
    again = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split() == ["44", "1"]
    assert [p.suffix for p in tmp_path.iterdir()] == [".entries"]


# ------------------------------------------------- the default book: shipped or installed


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user data folder, and no default book read yet in this process."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(default_books, "_defaults", {})
    return tmp_path / "data" / "fourinarow" / "books"


def install(folder: Path, book: Book) -> Path:
    """Put a book where ``fourinarow book install`` puts it (the install itself is tested
    in tests/book/test_install.py)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{book.width}x{book.height}c{book.connect}.book"
    book.save(path)
    return path


def test_an_installed_book_is_the_default_where_none_ships(
    data_home: Path, small_book: Path
) -> None:
    assert installed_books_folder() == data_home
    assert default_book_path(*SHAPE) is None
    assert default_book(*SHAPE) is None
    path = install(data_home, Book.load(small_book))
    assert installed_book_path(*SHAPE) == default_book_path(*SHAPE) == path
    assert default_book_plies(*SHAPE) == 6
    book = default_book(*SHAPE)
    assert book is not None
    assert book.path == path
    assert default_book(*SHAPE) is book
    solver = Solver(tt_mb=4)
    assert (
        solver.solve(Board.from_moves("33", width=5, height=5)).score
        == Solver(tt_mb=4, book=False).solve(Board.from_moves("33", width=5, height=5)).score
    )
    assert solver.book is book


def test_a_book_installed_or_replaced_later_is_read_afresh(
    data_home: Path, small_book: Path
) -> None:
    shallow = Book.load(small_book)
    entries = {k: v for k, v in shallow.items() if decode_key(k, 5, 5)[1].bit_count() <= 2}
    install(data_home, Book.from_entries(*SHAPE, 2, entries))
    first = default_book(*SHAPE)
    assert first is not None
    assert first.plies == 2
    install(data_home, shallow)  # a new file by rename, as an install makes it
    second = default_book(*SHAPE)
    assert second is not None
    assert second.plies == 6 == default_book_plies(*SHAPE)


@needs_shipped
@pytest.mark.parametrize(("more", "wins"), [(-1, "shipped"), (0, "shipped"), (1, "installed")])
def test_the_deeper_of_the_shipped_and_the_installed_book_is_the_default(
    data_home: Path, more: int, wins: str
) -> None:
    assert SHIPPED is not None
    plies = Book.read_header(SHIPPED).plies + more
    installed = install(
        data_home, Book.from_entries(7, 6, 4, plies, {position_key(Board.from_moves("4")): -2})
    )
    assert default_book_path(7, 6, 4) == (SHIPPED if wins == "shipped" else installed)
    assert default_book_plies(7, 6, 4) == max(plies, plies - more)


def test_an_installed_file_for_another_shape_than_its_name_is_refused(
    data_home: Path, small_book: Path
) -> None:
    data_home.mkdir(parents=True)
    (data_home / "4x4c3.book").write_bytes(small_book.read_bytes())
    with pytest.raises(BookError, match=r"4x4c3\.book: is for 5x5 connect 4, not for the 4x4"):
        default_book_path(4, 4, 3)
    with warnings.catch_warnings(record=True) as caught:  # the solver goes on without a book
        warnings.simplefilter("always")
        Solver(tt_mb=4).solve(Board.from_moves("22", width=4, height=4, connect=3))
    assert any("4x4c3.book" in str(w.message) for w in caught)


def test_a_shape_has_a_default_book_when_one_ships_or_is_installed(
    data_home: Path, small_book: Path
) -> None:
    assert has_default_book(6, 6, 4)  # shipped (as 4x4 and 5x4 are)
    assert has_default_book(5, 4, 4)
    assert not has_default_book(8, 7, 4)
    assert not has_default_book(*SHAPE)
    install(data_home, Book.load(small_book))
    assert has_default_book(*SHAPE)


def test_a_damaged_default_book_counts_as_none(data_home: Path, small_book: Path) -> None:
    data_home.mkdir(parents=True)
    (data_home / "4x4c3.book").write_bytes(small_book.read_bytes())  # a 5x5 book
    (data_home / "5x5c4.book").write_bytes(b"not a book")
    assert not has_default_book(4, 4, 3)
    assert not has_default_book(*SHAPE)


def test_has_default_book_refuses_a_shape_that_is_no_board() -> None:
    with pytest.raises(FourInARowError, match="width"):
        has_default_book(0, 6, 4)


def test_without_a_data_folder_there_is_no_installed_book(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(Path, "home", no_home)
    assert installed_book_path(*SHAPE) is None


@pytest.mark.parametrize("damage", ["truncated", "another shape", "corrupt payload"])
def test_an_unusable_installed_book_gives_way_to_the_shipped_one(
    data_home: Path, small_book: Path, damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed 6x6 book that cannot be used must not leave 6x6 without its shipped book;
    the user is told once which file was set aside."""
    shipped = shipped_book_path(6, 6, 4)
    assert shipped is not None
    data_home.mkdir(parents=True)
    installed = data_home / "6x6c4.book"
    whole = shipped.read_bytes()
    if damage == "truncated":
        installed.write_bytes(whole[:1000])
    elif damage == "another shape":
        installed.write_bytes(small_book.read_bytes())
    else:  # a header deeper than the shipped one, and a payload failing its checksum
        header = bytearray(whole)
        header[13] += 1  # plies
        header[60] ^= 0xFF
        installed.write_bytes(bytes(header))
    monkeypatch.setenv("FOURINAROW_CACHE", "")  # read the payloads, not a cached copy
    default_books._fallbacks_said.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        book = default_book(6, 6, 4)
        assert default_book(6, 6, 4) is book  # not read again while the files stay as they are
        assert has_default_book(6, 6, 4)
        score = Solver(tt_mb=4).solve(Board(6, 6), Limit(nodes=10)).score
    assert book is not None
    assert book.path == shipped
    assert score == -1  # Tromp: the second player wins 6x6; from the book at once
    said = [str(w.message) for w in caught]
    assert len(said) == 1, said
    assert said[0].startswith(f"opening book {installed}: ")
    assert said[0].endswith("; using the shipped book instead")
