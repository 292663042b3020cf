"""Every command that takes ``--db``, given a database its user may not open (a folder on the
way they may not enter, as ``/root``, named in the message; a file they may not read): one
line, exit status 2, no traceback. Run as another user, which only root can become."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path

import pytest

from fourinarow.puzzles import SHIPPED_SET
from fourinarow.puzzles.history import Progress
from fourinarow.tournament import Settings, Store, play_game, schedule
from tests.other_user import needs_root, private_folder, run_as_other_user, shared_folder

pytestmark = needs_root

RESULTS = "cannot open the results database {db} (Permission denied)"
PROGRESS = "cannot open the puzzle progress file {db} (Permission denied)"

COMMANDS = {
    "tournament": (["tournament", "random", "simple", "--games", "2", "--workers", "1"], RESULTS),
    "tournament --resume": (["tournament", "--resume"], RESULTS),
    "experiment": (["experiment", "minimax-depths", "--games", "2", "--workers", "1"], RESULTS),
    "review --list": (["review", "--list"], RESULTS),
    "review --game": (["review", "--game", "1"], RESULTS),
    "puzzle --stats": (["puzzle", "--stats"], PROGRESS),
    "puzzle": (["puzzle", "--count", "1"], PROGRESS),
    "puzzle generate": (["puzzle", "generate", "--count", "1"], RESULTS),
}
"""Each command, and the message it gives for a database it may not open."""

FAST = ("tournament", "puzzle --stats", "review --list")
"""In the fast tier: a writer and a reader of the results, and the progress file."""


@pytest.fixture(scope="module")
def databases(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """A results database and a progress file, each in a folder of root's alone and as a copy
    of mode 000 in a folder anyone may read; and a new file in that private folder."""
    hidden = private_folder(tmp_path_factory.mktemp("db"))
    with Store(hidden / "results.sqlite3") as store:
        settings = Settings(("random", "simple"), games=2, seed=1)
        store.add_many(store.create(settings, 2), [play_game(s) for s in schedule(settings)])
    with Progress(hidden / "puzzles.sqlite3") as progress:
        progress.record("p1", "test", "solved")
    with shared_folder() as shared:
        for name in ("results.sqlite3", "puzzles.sqlite3"):
            shutil.copy(hidden / name, shared / name)
            (shared / name).chmod(0)
        # the puzzles to play, where the other user may read them (the checkout, and so the
        # shipped set, may lie in a folder of root's alone, as CI's may)
        puzzles = files("fourinarow.puzzles").joinpath(SHIPPED_SET).read_bytes()
        (shared / "set.jsonl").write_bytes(puzzles)
        (shared / "set.jsonl").chmod(0o644)
        yield {
            "private": hidden,
            "unreadable": shared,
        }


def _params() -> Iterator[object]:
    for name in COMMANDS:
        for where in ("private", "unreadable", "new"):
            slow = name not in FAST or where == "new"
            yield pytest.param(name, where, id=f"{name}-{where}", marks=[pytest.mark.slow] * slow)


@pytest.mark.parametrize(("name", "where"), list(_params()))
def test_a_database_the_user_may_not_open_is_one_line_and_status_2(
    databases: dict[str, Path], tmp_path: Path, name: str, where: str
) -> None:
    args, message = COMMANDS[name]
    file = "puzzles.sqlite3" if message is PROGRESS else "results.sqlite3"
    folder = databases["private" if where == "new" else where]
    db = folder / ("new.sqlite3" if where == "new" else file)
    extra = ["--db", str(db)]
    if name == "puzzle":
        extra += ["--set", str(databases["unreadable"] / "set.jsonl")]
    if name in ("experiment", "puzzle generate"):  # a place the other user may write: unused
        extra += ["--out", str(Path(tempfile.gettempdir()) / f"fourinarow-unused-{tmp_path.name}")]
    result = run_as_other_user(*args, *extra, stdin="q\n")
    assert result.returncode == 2, result.stderr
    if where == "unreadable":
        assert result.stderr == f"fourinarow {args[0]}: error: {message.format(db=db)}\n"
    else:  # a folder on the way that the user may not enter: named, before the command runs
        assert result.stderr.startswith(
            f"fourinarow {args[0]}: error: --db {db}: this user may not enter the folder "
        )
        assert result.stderr.endswith("; give a file's path\n")
        assert result.stderr.count("\n") == 1
