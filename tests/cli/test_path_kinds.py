"""Every command given a FIFO, a device or a folder where a file belongs: refused in one line
(exit 2, no traceback) before any work, the node left as it was and nothing written beside it,
or, where the command says so in --help, written through.

The command runs in this process, under the time limit of the CLI tests' runner, so that a
regression that opens a FIFO fails instead of hanging. Device nodes (a twin of /dev/null, made
with mknod) need root: those cases are skipped otherwise.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from fourinarow.cli.main import main
from fourinarow.puzzles.model import Puzzle
from tests.cli.conftest import run_in_process

KINDS = ["fifo", "device", "folder"]
MAKE: dict[str, Callable[[Path], None]] = {
    "fifo": os.mkfifo,
    "device": lambda path: os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3)),
    "folder": Path.mkdir,
}
IS: dict[str, Callable[[int], bool]] = {
    "fifo": stat.S_ISFIFO,
    "device": stat.S_ISCHR,
    "folder": stat.S_ISDIR,
}


def make_node(kind: str, path: Path) -> Path:
    """A FIFO, a device node or a folder at ``path`` (a device only as root: else skip)."""
    if kind == "device" and (os.name != "posix" or os.geteuid() != 0):
        pytest.skip("making a device node (mknod) needs root")
    path.parent.mkdir(parents=True, exist_ok=True)
    MAKE[kind](path)
    return path


def fourinarow(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run the command in ``cwd`` (timing out rather than hanging); return its status and
    standard error."""
    env = {"XDG_DATA_HOME": str(cwd / "data"), "FOURINAROW_CACHE": ""}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        done = run_in_process(args, stdin="", env=env)
    return done.returncode, done.stderr


def assert_refused(status: int, err: str, kind: str, node: Path) -> None:
    """Exit 2, one line, no traceback; the node as it was, nothing beside it."""
    assert status == 2, err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert IS[kind](os.stat(node).st_mode)
    beside = [p.name for p in node.parent.iterdir() if p != node and p.name.startswith(node.name)]
    assert beside == []  # no NAME-journal, NAME.partial, NAME.build


TOURNAMENT = ["tournament", "random", "simple", "--games", "2", "--workers", "1", "--quiet"]
EXPERIMENT = ["experiment", "minimax-depths", "--games", "2", "--workers", "1", "--quiet"]

REFUSED = {
    "book build --out": ["book", "build", "--plies", "1", "--size", "4x4", "--quiet", "--out"],
    "tournament --db": [*TOURNAMENT, "--db"],
    "experiment --db": [*EXPERIMENT, "--db"],
    "puzzle --db": ["puzzle", "--stats", "--db"],
    "puzzle generate --db": ["puzzle", "generate", "--out", "set.jsonl", "--quiet", "--db"],
    "review --db": ["review", "--list", "--db"],
    "solve --book": ["solve", "44", "--book"],
    "review --positions": ["review", "--agent", "random", "--positions"],
    "puzzle --set": ["puzzle", "--db", "progress.sqlite3", "--set"],
    "book install": ["book", "install", "--quiet"],
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", REFUSED)
def test_a_node_given_for_a_file_is_refused_in_one_line(
    tmp_path: Path, command: str, kind: str
) -> None:
    node = make_node(kind, tmp_path / "node")
    status, err = fourinarow([*REFUSED[command], str(node)], tmp_path)
    assert_refused(status, err, kind, node)


@pytest.mark.parametrize("kind", ["fifo", "device"])
@pytest.mark.parametrize(
    "args",
    [["move", "44", "--agent", "perfect:book={}"], ["book", "info", "{}"]],
    ids=["perfect:book=", "book info"],
)
def test_a_book_that_is_a_fifo_or_device_is_refused(
    tmp_path: Path, args: list[str], kind: str
) -> None:
    node = make_node(kind, tmp_path / "node")
    status, err = fourinarow([a.format(node) for a in args], tmp_path)
    assert_refused(status, err, kind, node)
    assert f"the book {node} is a " in err


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(
    ("args", "inside"),
    [
        (["kaggle", "export", "--agent", "random", "--out", "out"], "submission.tar.gz"),
        ([*EXPERIMENT, "--db", "results.sqlite3", "--out", "out"], "report.md"),
    ],
    ids=["kaggle export", "experiment --out"],
)
def test_a_node_in_place_of_a_file_an_output_folder_gets_is_refused(
    tmp_path: Path, args: list[str], inside: str, kind: str
) -> None:
    node = make_node(kind, tmp_path / "out" / inside)
    status, err = fourinarow(args, tmp_path)
    assert_refused(status, err, kind, node)
    assert [p.name for p in node.parent.iterdir()] == [inside]


def test_puzzle_generate_writes_the_set_through_a_fifo(tmp_path: Path) -> None:
    fifo = make_node("fifo", tmp_path / "fifo")
    got = bytearray()

    def read() -> None:
        with open(fifo, "rb") as f:
            got.extend(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    args = ["--count", "2", "--size", "5x4", "--time-ms", "50", "--seed", "1", "--quiet"]
    status, err = fourinarow(["puzzle", "generate", *args, "--out", str(fifo)], tmp_path)
    reader.join(10)
    assert status == 0, err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["fifo"]
    lines = bytes(got).decode().splitlines()
    assert len(lines) == 2
    assert all(Puzzle.from_json(json.loads(line)).width == 5 for line in lines)


def test_puzzle_generate_writes_through_a_device_and_leaves_it_one(tmp_path: Path) -> None:
    device = make_node("device", tmp_path / "null")
    args = ["--count", "1", "--size", "5x4", "--time-ms", "50", "--quiet", "--out", str(device)]
    status, err = fourinarow(["puzzle", "generate", *args], tmp_path)
    assert status == 0, err
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]


@pytest.mark.parametrize("words", [["puzzle", "generate"], ["tournament"]])
def test_the_help_says_a_device_or_fifo_is_written_through(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*words, "--help"])
    assert "device or FIFO" in " ".join(capsys.readouterr().out.split())


def test_the_tournament_plot_is_written_through_a_fifo(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    fifo = make_node("fifo", tmp_path / "fifo")
    got = bytearray()

    def read() -> None:
        with open(fifo, "rb") as f:
            got.extend(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    status, err = fourinarow([*TOURNAMENT, "--db", "r.sqlite3", "--plot", str(fifo)], tmp_path)
    reader.join(10)
    assert status == 0, err
    assert bytes(got).startswith(b"\x89PNG")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("name", ["plan.json", "log.jsonl", "chunk-0000000.scores"])
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_build_directory_holding_a_fifo_or_device_is_refused(
    kind: str, name: str, tmp_path: Path
) -> None:
    build = ["book", "build", "--size", "4x4", "--plies", "2", "--out", "b.book"]
    work = tmp_path / "work"
    work.mkdir()
    status, err = fourinarow(build, work)
    assert status == 0, err
    directory = work / "b.book.build"
    node = directory / name
    node.unlink()
    make_node(kind, node)
    for args in (
        ["book", "info", str(directory)],
        [*build[:-1], "other.book", "--progress-dir", str(directory)],
    ):
        status, err = fourinarow(args, work)
        assert status == 2, err
        assert f"{name} is a " in err
        assert len(err.strip().splitlines()) == 1, err
        assert IS[kind](os.stat(node).st_mode)
    assert not (work / "other.book").exists()
