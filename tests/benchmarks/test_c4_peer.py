"""benchmarks/peers/c4.py: the settings it writes into c4's settings.h, and (with g++ and a c4
checkout named by FOURINAROW_C4_DIR) a real build of c4 whose scores match ours."""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from fourinarow.core import Board
from fourinarow.search.solver import Solver

MODULE = Path(__file__).resolve().parents[2] / "benchmarks" / "peers" / "c4.py"


def load_module() -> ModuleType:
    """benchmarks/peers/c4.py, which is a script's helper, not part of the package."""
    spec = importlib.util.spec_from_file_location("c4_peer", MODULE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


c4 = load_module()

HEADER = """\
#ifndef SETTINGS_H_
#define SETTINGS_H_
#include <cstdint>
// A header in the form of c4's: board, threads, table, files.
inline constexpr int BOARD_WIDTH = 7;
inline constexpr int BOARD_HEIGHT = 6;
inline constexpr int NUM_THREADS = 0;
inline constexpr uint64_t NUM_TABLE_ENTRIES = 134217757;
inline constexpr bool ENABLE_HUGE_PAGES = false;
inline constexpr int ENHANCED_TABLE_CUTOFF_PLIES = BOARD_WIDTH * BOARD_HEIGHT - 15;
inline constexpr bool LOAD_BOOK_FILE = true;
inline constexpr bool LOAD_TABLE_FILE = false;
inline constexpr bool UPDATE_TABLE_FILE = true;
static_assert(!(LOAD_BOOK_FILE && LOAD_TABLE_FILE), "Cannot load both.");
#endif
"""
"""Our own text in the form of c4's settings.h, every constant the module writes in it."""


def test_table_sizes_are_the_primes_c4_names_for_its_example_sizes() -> None:
    megabytes = [64, 1024, 8 * 1024, 32 * 1024, 48 * 1024, 54 * 1024]
    assert [c4.table_entries(mb) for mb in megabytes] == [
        8388617, 134217757, 1073741827, 4294967311, 6442450967, 7247757317,
    ]  # fmt: skip


def test_primes_agree_with_trial_division() -> None:
    def by_trial(n: int) -> bool:
        return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))

    numbers = [*range(3000), *range(2**31 - 200, 2**31 + 200)]
    assert [n for n in numbers if c4.is_prime(n)] == [n for n in numbers if by_trial(n)]


def test_written_settings_read_back_and_nothing_else_changes() -> None:
    settings = c4.C4Settings.for_table_mb(5, 4, threads=2, table_mb=1)
    written = c4.write_settings(HEADER, settings)
    assert c4.read_settings(written) == {
        "BOARD_WIDTH": "5",
        "BOARD_HEIGHT": "4",
        "NUM_THREADS": "2",
        "NUM_TABLE_ENTRIES": "131101",
        "LOAD_BOOK_FILE": "false",
        "LOAD_TABLE_FILE": "false",
        "UPDATE_TABLE_FILE": "false",
    }
    changed = [
        (before, after)
        for before, after in zip(HEADER.splitlines(), written.splitlines(), strict=True)
        if before != after
    ]
    assert changed == [
        ("inline constexpr int BOARD_WIDTH = 7;", "inline constexpr int BOARD_WIDTH = 5;"),
        ("inline constexpr int BOARD_HEIGHT = 6;", "inline constexpr int BOARD_HEIGHT = 4;"),
        ("inline constexpr int NUM_THREADS = 0;", "inline constexpr int NUM_THREADS = 2;"),
        (
            "inline constexpr uint64_t NUM_TABLE_ENTRIES = 134217757;",
            "inline constexpr uint64_t NUM_TABLE_ENTRIES = 131101;",
        ),
        (
            "inline constexpr bool LOAD_BOOK_FILE = true;",
            "inline constexpr bool LOAD_BOOK_FILE = false;",
        ),
        (
            "inline constexpr bool UPDATE_TABLE_FILE = true;",
            "inline constexpr bool UPDATE_TABLE_FILE = false;",
        ),
    ]  # fmt: skip
    assert settings.folder_name == "c4-5x4-t2-131101"


@pytest.mark.parametrize("missing", ["NUM_THREADS", "UPDATE_TABLE_FILE"])
def test_a_header_without_a_constant_is_refused(missing: str) -> None:
    header = "\n".join(line for line in HEADER.splitlines() if f" {missing} " not in line)
    settings = c4.C4Settings(7, 6, 1, 134217757)
    with pytest.raises(c4.C4Error, match=f"declares {missing} 0 times"):
        c4.write_settings(header, settings)
    with pytest.raises(c4.C4Error, match=f"declares {missing} 0 times"):
        c4.read_settings(header)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((3, 4, 1, 131101), "at least 4x4"),
        ((12, 10, 1, 131101), "not 12x10"),
        ((7, 6, 0, 131101), "1 thread or more, not 0"),
        ((7, 6, 1, 131100), "odd number of entries, not 131100"),
        ((8, 7, 1, 2**20 - 1), "it needs at least 2\\*\\*20"),  # entry.h: 19 + 45 bits <= 64
    ],
)
def test_settings_c4_cannot_build_are_refused(
    arguments: tuple[int, int, int, int], message: str
) -> None:
    with pytest.raises(c4.C4Error, match=message):
        c4.C4Settings(*arguments)
    c4.C4Settings(8, 7, 1, 2**20 + 1)  # enough


def test_a_folder_that_is_not_c4_is_refused(tmp_path: Path) -> None:
    with pytest.raises(c4.C4Error, match="is not a c4 checkout"):
        c4.build(tmp_path, c4.C4Settings(5, 4, 1, 131101), cache=tmp_path / "cache")


def random_positions(count: int, seed: int) -> list[Board]:
    """``count`` positions of a 5x4 board, 2 to 12 stones, nobody has won."""
    rng = random.Random(seed)
    positions: list[Board] = []
    while len(positions) < count:
        board = Board(5, 4)
        for _ in range(rng.randint(2, 12)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        else:
            positions.append(board)
    return positions


@pytest.mark.slow
def test_c4_built_for_5x4_scores_as_ours(c4_checkout: Path, c4_cache: Path) -> None:
    checkout = c4_checkout
    settings_h = checkout / "src" / "solver" / "settings.h"
    before = settings_h.read_bytes()
    settings = c4.C4Settings.for_table_mb(5, 4, threads=1, table_mb=1)
    binary = c4.build(checkout, settings, cache=c4_cache)
    assert binary == c4_cache / "c4-5x4-t1-131101" / "c4_driver"
    assert settings_h.read_bytes() == before  # the checkout is never written
    built = (binary.parent / "src" / "solver" / "settings.h").read_text()
    assert c4.read_settings(built)["NUM_TABLE_ENTRIES"] == "131101"

    boards = [Board(5, 4), *random_positions(40, seed=5)]
    answers = c4.run(binary, [board.to_moves() for board in boards])
    ours = Solver(tt_mb=1, book=False)
    for board, answer in zip(boards, answers, strict=True):
        assert answer.score == ours.solve(board).score, board.to_moves()
        assert answer.nodes >= 0
        assert answer.wall >= 0  # a number (a quick machine may print 0)
    assert sum(answer.nodes for answer in answers) > 1000  # c4's own count, not ours
    weak = c4.run(binary, [board.to_moves() for board in boards[:10]], weak=True)
    assert [row.score for row in weak] == [
        (row.score > 0) - (row.score < 0) for row in answers[:10]
    ]
    built_at = binary.stat().st_mtime_ns
    assert c4.build(checkout, settings, cache=c4_cache) == binary
    assert binary.stat().st_mtime_ns == built_at  # cached: not built again

    with pytest.raises(c4.C4Error, match="line 2: 6 is not a column 1-5"):
        c4.run(binary, ["1", "6"])
    with pytest.raises(c4.C4Error, match="line 1: column 1 cannot be played there"):
        c4.run(binary, ["11111"])


def not_quite_c4(folder: Path) -> Path:
    """A folder with the two files that make a c4 checkout, and no real solver."""
    sources = folder / "src" / "solver"
    sources.mkdir(parents=True)
    (sources / "settings.h").write_text(HEADER)
    (sources / "solver.h").write_text("// not c4\n")
    (sources / "solver.cpp").write_text("not C++\n")
    return folder


def test_a_compiler_not_there_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CXX", "no-such-compiler")
    with pytest.raises(c4.C4Error, match="no C\\+\\+ compiler 'no-such-compiler' on PATH"):
        c4.build(not_quite_c4(tmp_path / "c4"), c4.C4Settings(5, 4, 1, 131101), cache=tmp_path)


def test_a_failed_build_says_so_and_caches_nothing(tmp_path: Path) -> None:
    if shutil.which("g++") is None:
        pytest.skip("no g++ on PATH")
    checkout = not_quite_c4(tmp_path / "c4")
    settings = c4.C4Settings(5, 4, 1, 131101)
    with pytest.raises(c4.C4Error, match="building c4 failed: g\\+\\+ -std=c\\+\\+20"):
        c4.build(checkout, settings, cache=tmp_path / "cache", compiler="g++")
    folder = tmp_path / "cache" / "c4-5x4-t1-131101"
    assert not (folder / "c4_driver").exists()
    assert not (folder / "stamp").exists()
    assert (
        c4.read_settings((folder / "src" / "solver" / "settings.h").read_text())["BOARD_WIDTH"]
        == "5"
    )  # the copy was written, not the checkout
    assert (checkout / "src" / "solver" / "settings.h").read_text() == HEADER
