"""Every file a command writes, when the write fails on the way (a full disk, a file grown
past its size limit): exit status 1, the manual's "the output could not be written", in one
line, with the file that was there before left byte for byte and nothing half written beside
it.

A full disk is made real without root in two ways: ``/dev/full`` (every write to it fails with
"No space left on device") where an output is written through a device, and the process's
file size limit (``RLIMIT_FSIZE``, with ``SIGXFSZ`` ignored, so that a write past it fails with
"File too large") where an output is replaced whole. Each command runs as a real process.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

FULL = Path("/dev/full")

TOURNAMENT = ["tournament", "random", "simple", "--games", "2", "--workers", "1", "--quiet"]
SET = ["puzzle", "generate", "--count", "2", "--size", "5x4", "--time-ms", "50", "--quiet"]


def fourinarow(
    args: list[str], cwd: Path, file_limit: int | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m fourinarow ARGS`` in ``cwd``, its files limited to ``file_limit``
    bytes."""

    def limit() -> None:
        if file_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    environment = {
        **os.environ,
        "XDG_DATA_HOME": str(cwd / "data"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    return subprocess.run(
        [sys.executable, "-m", "fourinarow", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        preexec_fn=limit,
        check=False,
    )


def assert_failed_output(done: subprocess.CompletedProcess[str], reason: str) -> None:
    assert done.returncode == 1, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert reason in done.stderr


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="this system has no /dev/full")


@needs_dev_full
@pytest.mark.parametrize(
    "args",
    [[*SET, "--out", str(FULL)], [*TOURNAMENT, "--db", "r.sqlite3", "--plot", str(FULL)]],
    ids=["puzzle generate --out", "tournament --plot"],
)
def test_an_output_written_through_a_full_device_exits_1(tmp_path: Path, args: list[str]) -> None:
    if "--plot" in args:
        pytest.importorskip("matplotlib")
    done = fourinarow(args, tmp_path)
    assert_failed_output(done, "No space left on device")
    assert f"to {FULL} (" in done.stderr


OLD = b"the file that was here before\n" * 200
"""An old output, larger than any limit below: a write that fails must leave it whole."""


@pytest.mark.parametrize(
    ("args", "name", "limit"),
    [
        ([*SET, "--out", "set.jsonl"], "set.jsonl", 400),
        ([*TOURNAMENT, "--db", "r.sqlite3", "--plot", "elo.svg"], "elo.svg", 60_000),
        (["kaggle", "export", "--agent", "random", "--out", "k"], "k/submission.tar.gz", 1 << 20),
        (
            [
                "book",
                "build",
                "--plies",
                "5",
                "--size",
                "4x4",
                "--compression",
                "none",
                "--quiet",
                "--out",
                "b.book",
            ],
            "b.book",
            1000,
        ),
        (
            ["gui", "--demo", "--size", "4x4", "--level", "1", "--screenshot", "shot.png"],
            "shot.png",
            4000,
        ),
    ],
    ids=["puzzle generate --out", "tournament --plot", "kaggle export", "book build", "gui"],
)
def test_a_file_that_cannot_be_written_whole_exits_1_and_keeps_the_old_one(
    tmp_path: Path, args: list[str], name: str, limit: int
) -> None:
    if "--plot" in args:
        pytest.importorskip("matplotlib")
    if "gui" in args:
        pytest.importorskip("pygame")
    old = tmp_path / name
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_bytes(OLD)
    done = fourinarow(args, tmp_path, file_limit=limit)
    assert_failed_output(done, "File too large")
    assert f"{old} (File too large); the file there before is unchanged" in done.stderr
    assert old.read_bytes() == OLD
    assert not list(tmp_path.rglob("*.partial"))


@pytest.mark.parametrize(
    ("args", "limit", "what"),
    [
        ([*TOURNAMENT, "--db", "r.sqlite3"], 8192, "the results database"),
        (["puzzle", "--db", "p.sqlite3", "--count", "1"], 4096, "the puzzle progress file"),
        (["book", "install", "--quiet", "b.book"], 50, "cannot install it in"),
    ],
    ids=["tournament --db", "puzzle --db", "book install"],
)
def test_a_database_or_book_that_cannot_grow_exits_1(
    tmp_path: Path, args: list[str], limit: int, what: str
) -> None:
    made = fourinarow(["book", "build", "--plies", "2", "--size", "4x4", "--quiet", "--out",
                       "b.book"], tmp_path)  # fmt: skip
    assert made.returncode == 0, made.stderr
    before = files_in(tmp_path)
    done = fourinarow(args, tmp_path, file_limit=limit, stdin="s\nq\n")
    assert_failed_output(done, what)
    assert all(files_in(tmp_path).get(name) == data for name, data in before.items())
    assert not list(tmp_path.rglob("*.partial"))
