"""Every command that opens a results database or a puzzle progress file, given one that is
damaged (cut short, a page overwritten, a bit of its header flipped, a stored text that is no
longer UTF-8) or that is no database at all: one line on standard error (never SQLite's own
message on a second line) that names the file and says what to do, exit status 2, and the
file left byte for byte. A command that never reads the damaged part may also succeed.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from fourinarow.puzzles.history import Progress
from fourinarow.tournament import Settings, Store, play_game, schedule
from tests.cli.conftest import Run

ADVICE = "restore it from a backup or give another --db"

RESULTS_COMMANDS = {
    "tournament": ["tournament", "random", "simple", "--games", "2", "--workers", "1", "--quiet"],
    "tournament --resume": ["tournament", "--resume", "1", "--quiet"],
    "experiment": ["experiment", "minimax-depths", "--games", "2", "--workers", "1", "--quiet",
                   "--out", "report"],
    "review --list": ["review", "--list"],
    "review --game": ["review", "--game", "1", "--quiet"],
    "review --tournament": ["review", "--tournament", "1", "--quiet"],
    "puzzle generate --db": ["puzzle", "generate", "--count", "1", "--quiet", "--out", "s.jsonl"],
}  # fmt: skip
"""The commands that open a results database (given with --db)."""

READING_TEXTS = {"tournament --resume", "review --game", "review --tournament",
                 "puzzle generate --db", "puzzle --stats"}  # fmt: skip
"""Those that read every stored game's moves or attempt's puzzle (and so meet a text that is
not UTF-8); the others may succeed beside it."""

PROGRESS_COMMANDS = {
    "puzzle --stats": ["puzzle", "--stats"],
    "puzzle": ["puzzle", "--count", "1"],
}
"""The commands that open a puzzle progress file."""


def checkpointed(path: Path) -> Path:
    """``path`` with its write-ahead log folded in, as one file (no -wal beside it)."""
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")
    db.close()
    return path


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A results database with a finished tournament, and a progress file with attempts."""
    folder = tmp_path_factory.mktemp("good")
    with Store(folder / "results.sqlite3") as store:
        settings = Settings(("random", "simple"), games=4, seed=1)
        store.add_many(store.create(settings, 4), [play_game(s) for s in schedule(settings)])
    with Progress(folder / "puzzles.sqlite3") as progress:
        for number in range(20):
            progress.record(f"p{number}", "s", "solved")
    return {
        "results": checkpointed(folder / "results.sqlite3"),
        "progress": checkpointed(folder / "puzzles.sqlite3"),
    }


def cut_short(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def page_overwritten(path: Path) -> None:
    """The first table's root page overwritten: SQLite's check answers in two lines."""
    with sqlite3.connect(path) as db:
        (page,) = db.execute(
            "SELECT min(rootpage) FROM sqlite_master WHERE rootpage > 1"
        ).fetchone()
    db.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = b"\x5a" * 4096
    path.write_bytes(bytes(data))


def header_flipped(path: Path) -> None:
    """A bit of the page size flipped: no longer a database SQLite can open."""
    data = bytearray(path.read_bytes())
    data[16] ^= 0x04
    path.write_bytes(bytes(data))


def not_a_database(path: Path) -> None:
    path.write_text("my notes, not a database\n" * 20)


def text_not_utf8(path: Path) -> None:
    """A stored text with a byte no UTF-8 has (as a flipped bit in a row leaves)."""
    with sqlite3.connect(path) as db:
        for table, column in (("games", "moves"), ("attempts", "puzzle")):
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchone():
                db.execute(f"UPDATE {table} SET {column} = CAST(X'5B30FF5D' AS TEXT)")
    db.close()


def rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, texts as their bytes."""
    with sqlite3.connect(path) as db:
        tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        db.text_factory = bytes
        found = {t: db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
    db.close()
    return found


DAMAGES: dict[str, Callable[[Path], None]] = {
    "cut short": cut_short,
    "page overwritten": page_overwritten,
    "header bit flipped": header_flipped,
    "not a database": not_a_database,
    "text not UTF-8": text_not_utf8,
}


def _cases() -> list[object]:
    cases: list[object] = []
    for kind, commands in (("results", RESULTS_COMMANDS), ("progress", PROGRESS_COMMANDS)):
        for command in commands:
            for damage in DAMAGES:
                cases.append(pytest.param(kind, command, damage, id=f"{command}-{damage}"))
    return cases


@pytest.mark.parametrize(("kind", "command", "damage"), _cases())
def test_a_damaged_database_is_one_line_that_says_what_to_do(
    run: Run,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    good: dict[str, Path],
    kind: str,
    command: str,
    damage: str,
) -> None:
    db = tmp_path / "my.sqlite3"
    shutil.copy(good[kind], db)
    DAMAGES[damage](db)
    before = db.read_bytes()
    rows_before = rows(db) if damage == "text not UTF-8" else {}
    monkeypatch.chdir(tmp_path)
    args = {**RESULTS_COMMANDS, **PROGRESS_COMMANDS}[command]
    result = run(*args, "--db", str(db), stdin="q\n")
    reads_it = damage != "text not UTF-8" or command in READING_TEXTS
    assert result.returncode == 2 or (result.returncode == 0 and not reads_it), result.stderr
    assert "Traceback" not in result.stderr
    if result.returncode == 2:
        lines = result.stderr.splitlines()
        assert len(lines) == 1, result.stderr
        assert str(db) in lines[0]
        expected = "give a" if damage == "not a database" else ADVICE
        assert expected in lines[0]
    if damage == "text not UTF-8":  # a database still: opened (in WAL mode), its rows kept
        after = rows(db)
        assert all(row in after[table] for table, old in rows_before.items() for row in old)
    elif result.returncode == 2:
        assert db.read_bytes() == before  # never repaired, emptied or written over
