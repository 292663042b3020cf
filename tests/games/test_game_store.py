"""The player's saved games in a real SQLite file: saved, listed, opened, refused in one line
when the file is unusable, and kept whole when a process dies while saving."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.games import (
    MAX_NAME,
    GameStore,
    GameStoreError,
    SavedGame,
    UnknownGameError,
    default_games_path,
)
from fourinarow.games.game_store import APPLICATION_ID
from tests.cli.test_damaged_databases import DAMAGES, checkpointed, rows
from tests.other_user import as_other_user, needs_root, shared_folder

WON = "4455667"  # X wins along the bottom row
DRAWN_5X4 = "44523224314125531531"  # a full 5x4 board, no line of four


def save(store: GameStore, moves: str, **shape: int) -> SavedGame:
    return store.save(Board.from_moves(moves, **shape), first="you", second="level 3",
                      source="terminal")  # fmt: skip


def test_games_are_numbered_kept_and_listed_newest_first(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "games.sqlite3"
    when = datetime(2026, 11, 29, 7, 0, 5, tzinfo=UTC)
    with GameStore(path) as store:
        first = store.save(Board.from_moves(WON), first="you", second="level 5",
                           source="desktop", when=when)  # fmt: skip
        save(store, "44")
        save(store, "1,10,2", width=10, height=6)
    assert first == SavedGame(1, WON, 7, 6, 4, "you", "level 5", "first", "desktop",
                              "2026-11-29T07:00:05+00:00")  # fmt: skip
    with GameStore(path) as store:
        assert len(store) == 3
        assert [g.number for g in store.games()] == [3, 2, 1]
        assert [g.number for g in store.games(limit=1, offset=1)] == [2]
        assert store.game(1) == first
        assert store.game(2).result == "unfinished"
        wide = store.game(3)
    assert (wide.moves, wide.size, wide.board().to_moves()) == ("1,10,2", "10x6", "1,10,2")
    assert first.to_json()["plies"] == 7
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


@pytest.mark.parametrize(
    ("moves", "shape", "result"),
    [(WON, {}, "first"), ("1455667", {}, "unfinished"), ("17271727", {}, "second"),
     (DRAWN_5X4, {"width": 5, "height": 4}, "draw")],
)  # fmt: skip
def test_the_result_comes_from_the_board(
    tmp_path: Path, moves: str, shape: dict[str, int], result: str
) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        assert save(store, moves, **shape).result == result


def test_numbers_are_not_reused_after_pruning(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        for _ in range(5):
            save(store, "4")
        assert store.prune(2) == 3
        assert [g.number for g in store.games()] == [5, 4]
        assert save(store, "4").number == 6
        with pytest.raises(UnknownGameError, match=r"no game 1 in .*: the games are 4 to 6"):
            store.game(1)
        kept = store.save(Board.from_moves("4"), first="a", second="b", source="web", keep=2)
        assert [g.number for g in store.games()] == [kept.number, 6] == [7, 6]
        with pytest.raises(GameStoreError, match="the games to keep is a whole number >= 1"):
            store.save(Board.from_moves("4"), first="a", second="b", source="web", keep=0)
        assert len(store) == 2


def test_bad_games_and_numbers_are_one_line(tmp_path: Path) -> None:
    with GameStore(tmp_path / "g.sqlite3") as store:
        with pytest.raises(UnknownGameError, match="holds no games yet"):
            store.game(1)
        with pytest.raises(GameStoreError, match="without moves"):
            save(store, "")
        with pytest.raises(GameStoreError, match="source is terminal, desktop, web"):
            store.save(Board.from_moves("4"), first="a", second="b", source="phone")  # type: ignore[arg-type]
        with pytest.raises(GameStoreError, match=f"1 to {MAX_NAME} characters"):
            store.save(Board.from_moves("4"), first="x" * (MAX_NAME + 1), second="b", source="web")
        with pytest.raises(GameStoreError, match=f"1 to {MAX_NAME} characters"):
            store.save(Board.from_moves("4"), first="  ", second="b", source="web")
        with pytest.raises(GameStoreError, match="a Board"):
            store.save("4455", first="a", second="b", source="web")  # type: ignore[arg-type]
        with pytest.raises(GameStoreError, match="limit is a whole number >= 0"):
            store.games(limit=-1)
        assert len(store) == 0
    assert issubclass(UnknownGameError, LookupError)


def test_the_default_place_is_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_games_path() == tmp_path / "fourinarow" / "games.sqlite3"
    with GameStore() as store:
        save(store, "4")
    assert (tmp_path / "fourinarow" / "games.sqlite3").is_file()


def test_unusable_places_are_refused_in_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("not a folder")
    with pytest.raises(GameStoreError, match=f"{a_file} is a file, not a folder") as caught:
        GameStore(a_file / "games.sqlite3")
    assert "\n" not in str(caught.value)
    with pytest.raises(GameStoreError, match="is a folder"):
        GameStore(tmp_path)
    with pytest.raises(GameStoreError, match="not a SQLite file"):
        GameStore(a_file)
    assert a_file.read_text() == "not a folder"
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE mine (x)")
    db.close()
    with pytest.raises(GameStoreError, match="another program's database"):
        GameStore(other)


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_file_is_one_line_naming_it(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        for _ in range(30):
            save(store, WON)
    checkpointed(path)
    DAMAGES[damage](path)
    before = rows(path) if damage == "text not UTF-8" else path.read_bytes()
    with pytest.raises(GameStoreError) as caught, GameStore(path) as store:
        store.games()
    message = str(caught.value)
    assert "\n" not in message
    assert str(path) in message
    if damage == "text not UTF-8":  # still a database: opened (in WAL mode), its rows kept
        assert rows(path) == before
    else:
        assert path.read_bytes() == before


@needs_root
def test_an_unwritable_file_is_one_line(tmp_path: Path) -> None:
    with shared_folder() as folder:
        path = folder / "games.sqlite3"
        with GameStore(path) as store:
            save(store, WON)
        checkpointed(path)
        path.chmod(0o644)  # readable, not writable, by the other user
        folder.chmod(0o755)
        with as_other_user(), pytest.raises(GameStoreError) as caught, GameStore(path) as store:
            save(store, "4")
        assert "\n" not in str(caught.value)
        assert str(path) in str(caught.value)


def test_a_read_only_folder_is_one_line(tmp_path: Path) -> None:
    """A games file in a folder that cannot be made (below a file)."""
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    with pytest.raises(GameStoreError) as caught:
        GameStore(blocker / "sub" / "games.sqlite3")
    assert "\n" not in str(caught.value)


def test_a_process_killed_while_saving_loses_only_that_game(tmp_path: Path) -> None:
    """A child saves two games, starts writing a third without committing it, and is killed
    outright: the file opens, whole, with the two."""
    path = tmp_path / "g.sqlite3"
    child = textwrap.dedent(
        f"""
        import os, signal
        from fourinarow.core import Board
        from fourinarow.games import GameStore
        store = GameStore({str(path)!r})
        for moves in ("4455667", "44"):
            store.save(Board.from_moves(moves), first="you", second="engine", source="web")
        store._db.execute(
            "INSERT INTO games (moves, width, height, connect, first, second, result, source, "
            "finished) VALUES ('4', 7, 6, 4, 'a', 'b', 'unfinished', 'web', 'now')"
        )
        print("writing", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=60, check=False
    )
    assert (result.stdout, result.returncode) == ("writing\n", -9)
    with GameStore(path) as store:
        assert [g.moves for g in store.games()] == ["44", WON]
        assert save(store, "4").number == 3
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


def _save_many(path: str, count: int) -> None:
    with GameStore(path) as store:
        for _ in range(count):
            store.save(Board.from_moves("44"), first="you", second="engine", source="web")


def test_two_processes_save_at_once(tmp_path: Path) -> None:
    path = str(tmp_path / "g.sqlite3")
    GameStore(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_save_many, args=(path, 20)) for _ in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    assert [w.exitcode for w in workers] == [0, 0]
    with GameStore(path) as store:
        assert len(store) == 40
        assert sorted(g.number for g in store.games(limit=100)) == list(range(1, 41))
