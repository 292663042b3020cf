"""Every command given a FIFO, a device or a folder where a file belongs: refused in one line
(exit 2, no traceback) before any work, the node left as it was and nothing written beside it,
or, where the command says so in --help, written through.

Then a table: every option and argument of every command that names a file or a folder (its
metavar is PATH, FILE, DIR or SOURCE; found by walking the parsers, so a new one is covered)
against every kind of path that cannot work: empty, a symbolic link loop (itself, or a folder
on the way), a link to nothing, a file on the way, a name too long, a socket, a folder this
user may not enter, and, by what the option takes, a folder, a file, a FIFO, a device or
nothing at all. Each is refused in one line that names the path, with nothing changed.

The command runs in this process, under the time limit of the CLI tests' runner, so that a
regression that opens a FIFO fails instead of hanging. Device nodes (a twin of /dev/null, made
with mknod) need root: those cases are skipped otherwise; a folder root may not enter needs
another user, as which the command then runs in a process of its own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fourinarow.cli.main import build_parser, main
from fourinarow.cli.options import PATH_METAVARS
from fourinarow.core.paths import shown_path
from fourinarow.puzzles.model import Puzzle
from tests.cli.conftest import run_in_process
from tests.cli.parser_tree import parsers
from tests.other_user import run_as_other_user, shared_folder

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


# ------------------------------------------------------ every path option x every bad kind

MATCH = ["match", "random", "simple", "--games", "2", "--workers", "1", "--quiet"]
BUILD = ["book", "build", "--plies", "1", "--size", "4x4", "--quiet"]

RECIPES: dict[str, tuple[list[str], str]] = {
    "solve --book": (["solve", "44"], "input"),
    "review --db": (["review", "--list"], "input"),
    "review --positions": (["review", "--agent", "random", "--quiet"], "input"),
    "puzzle --set": (["puzzle", "--db", "progress.sqlite3"], "input"),
    "puzzle --db": (["puzzle", "--stats"], "database"),
    "puzzle generate --out": (
        ["puzzle", "generate", "--count", "1", "--size", "5x4", "--time-ms", "50", "--quiet"],
        "written through",
    ),
    "puzzle generate --db": (["puzzle", "generate", "--count", "1", "--out", "s.jsonl"], "input"),
    "match --db": (MATCH, "database"),
    "match --plot": ([*MATCH, "--db", "r.sqlite3"], "written through"),
    "tournament --db": (TOURNAMENT, "database"),
    "tournament --plot": ([*TOURNAMENT, "--db", "r.sqlite3"], "written through"),
    "experiment --out": ([*EXPERIMENT, "--db", "r.sqlite3"], "folder"),
    "experiment --db": ([*EXPERIMENT, "--out", "report"], "database"),
    "gui --screenshot": (["gui", "--demo", "--size", "4x4", "--level", "1"], "written through"),
    "book build --out": (BUILD, "output"),
    "book build --progress-dir": ([*BUILD, "--out", "b.book"], "folder"),
    "book info PATH": (["book", "info"], "input"),
    "book install SOURCE": (["book", "install", "--quiet"], "input"),
    "kaggle export --out": (["kaggle", "export", "--agent", "random"], "folder"),
    "play --db": (["play", "--human-vs-human", "--no-color"], "database"),
    "review --puzzle-db": (["review", "4455", "--retry"], "database"),
    "games --db": (["games"], "database"),
    "games list --db": (["games", "list"], "database"),
    "games show --db": (["games", "show", "1"], "database"),
    "games review --db": (["games", "review", "1"], "database"),
    "games review --puzzle-db": (["games", "review", "1", "--retry"], "database"),
    "games export --db": (["games", "export", "1"], "database"),
    "games replay --db": (["games", "replay", "1"], "database"),
    "serve --games-db": (["serve", "--port", "0"], "database"),
    "serve --puzzle-db": (["serve", "--port", "0"], "database"),
}
"""For each path option: the arguments before it that make the rest of the command valid and
quick, and what it takes: an input (a regular file that exists), a database (a regular file or
a new one), an output (replaced whole), an output written through a device or FIFO, a folder."""

UNIVERSAL = ["empty", "loop", "loop on the way", "link to nothing", "below a file",
             "name too long", "socket", "no permission"]  # fmt: skip
"""Kinds no path option takes."""

BY_ROLE = {
    "input": ["folder", "fifo", "device", "missing"],
    "database": ["folder", "fifo", "device"],
    "output": ["folder", "fifo", "device"],
    "written through": ["folder"],
    "folder": ["file", "fifo", "device"],
}
"""Kinds refused by what the option takes (the others are what it takes)."""

NAME = "node.png"
"""The name given (a PNG's, which --screenshot wants of any name)."""


def path_options() -> dict[str, argparse.Action]:
    """Every option and argument that names a file or a folder, by its command and name
    ("book build --out", "book info PATH")."""
    found = {}
    for command, parser in parsers(build_parser()):
        for action in parser._actions:
            if action.metavar in PATH_METAVARS:
                name = action.option_strings[-1] if action.option_strings else action.metavar
                found[f"{command.removeprefix('fourinarow ')} {name}"] = action
    return found


def test_every_path_option_has_a_recipe() -> None:
    assert sorted(path_options()) == sorted(RECIPES), (
        "a path option without a recipe (or a recipe for none): add it to RECIPES"
    )


def make_kind(kind: str, folder: Path) -> tuple[str, Path]:
    """Put a path of ``kind`` in ``folder``; return the argument to give and the node made."""
    node = folder / NAME
    if kind == "empty":
        return "", folder
    if kind == "loop":
        node.symlink_to(NAME)
    elif kind == "loop on the way":
        (folder / "loop").symlink_to("loop")
        return str(folder / "loop" / NAME), folder / "loop"
    elif kind == "link to nothing":
        node.symlink_to(folder / "gone")
    elif kind == "below a file":
        (folder / "notes.txt").write_text("mine\n")
        return str(folder / "notes.txt" / NAME), folder / "notes.txt"
    elif kind == "name too long":
        return str(folder / ("x" * 300 + ".png")), folder
    elif kind == "socket":
        with socket.socket(socket.AF_UNIX) as server:
            server.bind(str(node))
    elif kind == "no permission":
        locked = folder / "locked"
        locked.mkdir()
        (locked / NAME).write_text("mine\n")
        locked.chmod(0)
        return str(locked / NAME), locked
    elif kind == "file":
        node.write_text("mine\n")
    elif kind == "missing":
        return str(node), folder
    else:
        make_node(kind, node)
        if kind == "folder":
            (node / "mine.txt").write_text("mine\n")
    return str(node), node


def tree(folder: Path) -> dict[str, object]:
    """Everything under ``folder``: each entry's kind, and a file's bytes or a link's target
    (a folder that may not be entered as it is)."""
    seen: dict[str, object] = {}
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        mode = entry.stat(follow_symlinks=False).st_mode
        if stat.S_ISLNK(mode):
            seen[entry.name] = ("link", os.readlink(entry.path))
        elif stat.S_ISREG(mode):
            seen[entry.name] = ("file", Path(entry.path).read_bytes())
        elif stat.S_ISDIR(mode) and os.access(entry.path, os.R_OK | os.X_OK):
            seen[entry.name] = ("folder", stat.S_IMODE(mode), tree(Path(entry.path)))
        else:
            seen[entry.name] = (stat.S_IFMT(mode), stat.S_IMODE(mode))
    return seen


FAST_AS_OTHER_USER = ("puzzle --set", "experiment --out", "tournament --plot", "book info PATH")
"""The options whose case "no permission" is in the fast tier where it needs a process of its
own (as root): an input, a folder, an output and a positional argument."""


def _cases() -> Iterator[object]:
    for option in sorted(path_options()):
        role = RECIPES.get(option, ([], ""))[1]
        for kind in [*UNIVERSAL, *BY_ROLE.get(role, [])]:
            slow = kind == "no permission" and os.geteuid() == 0
            slow = slow and option not in FAST_AS_OTHER_USER
            yield pytest.param(option, kind, id=f"{option}-{kind}", marks=[pytest.mark.slow] * slow)


@pytest.mark.parametrize(("option", "kind"), list(_cases()))
def test_a_path_that_cannot_work_is_refused_in_one_line_changing_nothing(
    tmp_path: Path, option: str, kind: str
) -> None:
    before_args, _ = RECIPES.get(option, ([*option.split()[:-1]], ""))
    action = path_options()[option]
    as_other_user = kind == "no permission" and os.geteuid() == 0
    with shared_folder() if as_other_user else contextlib.nullcontext(tmp_path) as folder:
        given, node = make_kind(kind, folder)
        args = [*before_args, *action.option_strings[-1:], given]
        before = tree(folder)
        if as_other_user:  # root enters every folder: run as a user that may not
            done = run_as_other_user(*args)
            status, err = done.returncode, done.stderr
        else:
            status, err = fourinarow(args, folder)
        assert status == 2, err
        assert len(err.strip().splitlines()) == 1, err
        assert "Traceback" not in err
        assert shown_path(given) in err if given else "the path is empty" in err
        assert tree(folder) == before  # nothing made, removed or written over
        assert node.exists() or node.is_symlink() or kind == "missing"
        if kind == "no permission":
            node.chmod(0o755)  # for the folder's removal


@pytest.mark.parametrize(
    "args",
    [
        ["puzzle", "--set", "loop"],
        ["experiment", "minimax-depths", "--games", "2", "--out", "loop"],
        ["experiment", "minimax-depths", "--games", "2", "--out", "dangling"],
    ],
    ids=["puzzle --set loop", "experiment --out loop", "experiment --out dangling"],
)
def test_the_links_reported_are_refused_by_the_console_script(
    tmp_path: Path, run_process: Callable[..., object], args: list[str]
) -> None:
    """As the user ran them: the console script in a process of its own."""
    import subprocess

    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    done = subprocess.run(
        ["fourinarow", *args, "--db", "r.sqlite3"] if args[0] == "experiment"
        else ["fourinarow", *args],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "FOURINAROW_CACHE": ""},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling", "loop"]
