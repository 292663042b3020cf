"""search.book.blocks: a book's entries checked a block at a time, the first time a lookup or a
search reads the block, against the digests the book carries; a changed score is caught when
its block is read, and one in a block not read is caught by checking the whole book."""

from __future__ import annotations

import random
import struct
import warnings
from array import array
from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.search.book import (
    Book,
    BookError,
    decode_key,
    position_key,
    shipped_book_path,
)
from fourinarow.search.book.blocks import (
    BlockCheck,
    BlockTable,
    block_digest,
    little_endian,
    table_digest,
)
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.solver import Solver, compiled_kernel_available

SHAPE = (5, 4, 4)
BITS = 6  # blocks of 64 entries: 258 blocks in the 16,465 entries of the 5x4 book
COPY_HEADER = 24  # the bytes of a cache copy's own header


@pytest.fixture(scope="module")
def book_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped 5x4 book, written again with blocks of 64 entries."""
    shipped = shipped_book_path(*SHAPE)
    assert shipped is not None
    path = tmp_path_factory.mktemp("blocks") / "5x4c4.book"
    Book.load(shipped).save(path, block_bits=BITS)
    return path


@pytest.fixture
def cache(book_file: Path, tmp_path: Path) -> Path:
    """A cache holding the book's uncompressed copy (written by a first load)."""
    folder = tmp_path / "cache"
    Book.load(book_file, folder)
    return folder


def copy_of(cache: Path) -> Path:
    (copy,) = cache.glob("*.entries")
    return copy


def change_score(copy: Path, index: int) -> None:
    """Change the score of one entry of a copy in place, as an edit would (same size)."""
    data = bytearray(copy.read_bytes())
    (count,) = struct.unpack_from("=Q", data, 8)
    offset = COPY_HEADER + 8 * count + index
    data[offset] = (data[offset] + 1) % 256
    with open(copy, "r+b") as f:
        f.write(data)


def mapped(book_file: Path, cache: Path) -> tuple[Book, BlockCheck]:
    book = Book.load(book_file, cache)
    assert book.copy is not None
    assert book.blocks is not None
    return book, book.blocks


def child(board: Board, column: int) -> Board:
    after = board.copy()
    after.push(column)
    return after


def a_key_in_block(book: Book, block: int) -> int:
    return int(book.keys[(block << BITS) + 5])


# -------------------------------------------------------------------- the table


def test_a_table_gives_each_block_its_first_key_and_digest() -> None:
    keys = array("Q", range(3, 3000, 3))
    values = array("b", [i % 7 - 3 for i in range(len(keys))])
    table = BlockTable.of(little_endian(keys), values, 4)
    assert len(table) == 63  # 999 entries, 16 a block
    assert table.span(62) == (992, 999)
    assert table.firsts.tolist() == [keys[16 * b] for b in range(63)]
    start, end = table.span(10)
    assert table.digest(10) == block_digest(little_endian(keys[start:end]), values[start:end])
    assert BlockTable.parse(table.to_bytes(), len(keys), 4) == table
    assert table.block_of(2) is None
    assert table.block_of(3) == 0
    assert table.block_of(10**6) == 62


def test_a_changed_score_changes_its_blocks_digest_and_the_tables() -> None:
    keys, values = array("Q", range(100)), array("b", [1] * 100)
    table = BlockTable.of(little_endian(keys), values, 4)
    values[37] = -1
    changed = BlockTable.of(little_endian(keys), values, 4)
    differ = [b for b in range(len(table)) if table.digest(b) != changed.digest(b)]
    assert differ == [2]  # 37 // 16
    assert table_digest(table.to_bytes()) != table_digest(changed.to_bytes())


def test_a_saved_book_carries_the_table_and_its_digest(book_file: Path) -> None:
    header = Book.read_header(book_file)
    assert (header.version, header.block_bits, header.blocks) == (3, BITS, 258)
    book = Book.load(book_file)
    table = BlockTable.of(little_endian(book.keys), book.values, BITS)
    data = book_file.read_bytes()
    assert data[40 : 40 + header.table_size] == table.to_bytes()
    assert header.digest == table_digest(table.to_bytes())


def test_a_book_whose_entries_do_not_match_its_table_is_corrupt(
    book_file: Path, tmp_path: Path
) -> None:
    data = bytearray(book_file.read_bytes())
    data[40 + 16 * 7 + 8] ^= 0x01  # the digest of block 7, and the header's of the table
    header = Book.read_header(book_file)
    struct.pack_into("<I", data, 36, table_digest(data[40 : 40 + header.table_size]))
    path = tmp_path / "forged.book"
    path.write_bytes(bytes(data))
    for cache in (None, tmp_path / "cache"):
        with pytest.raises(BookError, match=r"forged\.book: is corrupt: its entries do not"):
            Book.load(path, cache).verify()


def test_save_refuses_a_block_size_out_of_range(book_file: Path, tmp_path: Path) -> None:
    book = Book.load(book_file)
    for bits in (3, 31, True, 6.0):
        with pytest.raises(BookError, match="block_bits goes from 4 to 30"):
            book.save(tmp_path / "b.book", block_bits=bits)  # type: ignore[arg-type]


# ----------------------------------------------------- checked as they are read


def test_a_lookup_digests_only_the_block_it_reads(book_file: Path, cache: Path) -> None:
    book, blocks = mapped(book_file, cache)
    assert blocks.checked == 0  # mapping the copy digests nothing
    truth = Book.load(book_file)
    key = a_key_in_block(truth, 100)
    assert book.lookup(key) == truth.lookup(key)
    assert blocks.checked == 1
    assert blocks.state[100] == 1
    assert book.lookup(int(truth.keys[(100 << BITS) + 9])) is not None
    assert book.lookup(key + 1) == truth.lookup(key + 1)  # absent, in the same block
    assert blocks.checked == 1
    assert book.lookup(0) == truth.lookup(0) == 0  # the empty board: a draw, in block 0
    assert blocks.checked == 2
    assert blocks.state[0] == 1
    book.verify()
    assert blocks.checked == len(blocks.state)
    assert set(blocks.state) == {1}


@pytest.mark.parametrize("use_kernel", [None, False], ids=["compiled", "python"])
def test_a_search_digests_only_the_blocks_it_reads(
    book_file: Path, cache: Path, use_kernel: bool | None
) -> None:
    if use_kernel is None and not compiled_kernel_available():
        pytest.skip("compiled kernel not built")
    book, blocks = mapped(book_file, cache)
    board = Board.from_moves("3322", width=5, height=4)  # in the book: one probe answers
    solver = Solver(tt_mb=4, book=book, use_kernel=use_kernel)
    solution = solver.solve(board)
    assert solution.score == Book.load(book_file).get(board)
    assert blocks.checked == 1
    assert blocks.state[blocks.table.block_of(position_key(board)) or 0] == 1
    near = Board.from_moves("332211", width=5, height=4)  # each column's value in the book
    values = solver.analyze(near).values
    assert values == Solver(tt_mb=4, book=False).analyze(near).values
    needed = {blocks.table.block_of(position_key(b)) for b in (board, near)} | {
        blocks.table.block_of(position_key(child(near, c))) for c in near.legal_moves
    }
    read = {block for block, state in enumerate(blocks.state) if state}
    assert len(read) > 2
    assert read <= needed
    assert blocks.checked == len(read)


@pytest.mark.skipif(not compiled_kernel_available(), reason="compiled kernel not built")
def test_the_kernel_and_its_python_twin_read_the_same_blocks(book_file: Path, cache: Path) -> None:
    from fourinarow.search._solver_kernel import Kernel

    rng = random.Random(3)
    boards = [Board.from_moves("", width=5, height=4)]
    for _ in range(6):
        board = Board(*SHAPE)
        for _ in range(rng.randint(7, 12)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if not board.is_game_over():
            boards.append(board)
    states = []
    for kernel in (Kernel(*SHAPE, 16), ReferenceKernel(*SHAPE, 16)):
        book, blocks = mapped(book_file, cache)
        kernel.set_book(book.keys, book.values, book.plies, blocks)
        kernel.set_limits(0, 0.0)
        nodes = []
        for board in boards:
            first, second = board.bitboards
            current = first if board.turn == 1 else second
            kernel.clear()
            kernel.reset_nodes()
            kernel.solve(current, first | second, board.ply, False)
            nodes.append(kernel.nodes)
        states.append((bytes(blocks.state), nodes))
    assert states[0] == states[1]
    assert 0 < sum(states[0][0]) < len(states[0][0])


# --------------------------------------------------------------- changed scores


def test_a_score_changed_in_a_block_read_is_caught_and_the_book_answers(
    book_file: Path, cache: Path
) -> None:
    truth = Book.load(book_file)
    change_score(copy_of(cache), (100 << BITS) + 5)
    book, blocks = mapped(book_file, cache)  # mapping reads no block: nothing said yet
    key = a_key_in_block(truth, 100)
    with pytest.warns(RuntimeWarning) as said:
        assert book.lookup(key) == truth.lookup(key)
    assert len(said) == 1
    assert str(said[0].message) == (
        f"{copy_of(cache)}: the cached copy of the book 5x4c4.book is damaged (block 100: its "
        "entries do not match the book's digest); writing it again from the book"
    )
    assert blocks.damaged == 100
    assert book.blocks is None
    assert book.copy is None
    assert list(book.items()) == list(truth.items())
    again = Book.load(book_file, cache)  # the copy written again: no warning now
    assert again.copy == copy_of(cache)
    assert list(again.items()) == list(truth.items())


def test_a_score_changed_in_a_block_not_read_is_caught_by_checking_the_whole_book(
    book_file: Path, cache: Path
) -> None:
    truth = Book.load(book_file)
    change_score(copy_of(cache), (200 << BITS) + 1)
    book, blocks = mapped(book_file, cache)
    key = a_key_in_block(truth, 100)
    assert book.lookup(key) == truth.lookup(key)  # no warning: block 200 is not read
    assert blocks.state[200] == 0
    assert book.blocks is blocks
    with pytest.warns(RuntimeWarning, match=r"\(block 200: its entries do not match"):
        book.verify()
    assert list(book.items()) == list(truth.items())


@pytest.mark.parametrize("use_kernel", [None, False], ids=["compiled", "python"])
def test_a_search_reading_a_changed_block_answers_from_the_book_read_again(
    book_file: Path, cache: Path, use_kernel: bool | None
) -> None:
    if use_kernel is None and not compiled_kernel_available():
        pytest.skip("compiled kernel not built")
    truth = Book.load(book_file)
    board = Board.from_moves("3322", width=5, height=4)
    index = list(truth.keys).index(position_key(board))
    change_score(copy_of(cache), index)
    book, _ = mapped(book_file, cache)
    solver = Solver(tt_mb=4, book=book, use_kernel=use_kernel)
    with pytest.warns(RuntimeWarning, match="is damaged"):
        solution = solver.solve(board)
    assert solution.score == truth.get(board)
    assert solution.nodes <= 8  # answered by the book read again, not searched
    later = Board.from_moves("33221", width=5, height=4)
    assert solver.solve(later).score == truth.get(later)  # attached afresh: no warning


def test_entries_that_do_not_fill_their_blocks_are_refused() -> None:
    keys, values = array("Q", range(10)), array("b", [0] * 10)
    table = BlockTable.of(little_endian(keys), values, 4)
    with pytest.raises(BookError, match="a block table of 10"):
        Book(*SHAPE, 8, keys[:5], values[:5], blocks=BlockCheck(table, keys, values))


@pytest.mark.skipif(not compiled_kernel_available(), reason="compiled kernel not built")
@pytest.mark.parametrize("threads", [1, 4])
def test_searches_on_threads_read_checked_blocks_and_never_a_changed_score(
    book_file: Path, tmp_path: Path, threads: int
) -> None:
    """A book of the 8-stone layer alone: a search from fewer stones probes it at many nodes,
    on every thread, in blocks of 16 entries; one block's scores changed, the searches still
    give the scores of a solver without a book."""
    full = Book.load(book_file)
    deepest = {
        int(key): int(value)
        for key, value in full.items()
        if decode_key(int(key), 5, 4)[1].bit_count() == 8
    }
    layer = tmp_path / "layer.book"
    Book.from_entries(*SHAPE, 8, deepest).save(layer, block_bits=4)
    cache = tmp_path / "cache"
    Book.load(layer, cache)
    truth = Book.load(layer)
    change_score(copy_of(cache), len(truth) // 2)
    boards = [Board.from_moves(moves, width=5, height=4) for moves in ("", "3", "32", "3324")]
    plain = Solver(tt_mb=4, book=False)
    expected = [plain.solve(board).score for board in boards]
    book = Book.load(layer, cache)
    blocks = book.blocks
    assert blocks is not None
    solver = Solver(tt_mb=4, book=book, threads=threads)
    solver.prepare(*SHAPE)
    kernel = solver._kernel
    assert kernel is not None
    kernel.serial_nodes = 0  # type: ignore[attr-defined]  # every search on all its threads
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        found = []
        for board in boards:
            solver.clear()
            found.append(solver.solve(board).score)
    assert found == expected
    assert 1 < blocks.checked < len(blocks.state)
    damaged = [str(w.message) for w in said if "is damaged" in str(w.message)]
    assert blocks.damaged is not None or threads > 1  # one thread reads it; four, likely
    if blocks.damaged is not None:  # the searches read the changed block: said once
        assert blocks.damaged == (len(truth) // 2) >> 4
        assert len(damaged) == 1
        assert book.blocks is None
    else:
        assert damaged == []
