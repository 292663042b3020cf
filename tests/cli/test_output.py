"""A failed write of standard output: one line on standard error and a non-zero status, with a
full disk (the real ``/dev/full``), a standard output the shell closed (``>&-``) and a reader
that went away (a pipe with no reader: quiet, as before)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

import pytest

from fourinarow.cli.main import main
from fourinarow.cli.output import (
    CLOSED,
    OutputError,
    discard_output,
    guard_output,
    output_failure,
)

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(not FULL.exists(), reason="this system has no /dev/full")

NO_SPACE = os.strerror(28)  # ENOSPC: what a write to /dev/full answers

COMMANDS = [
    ["solve", "4453"],
    ["analyze", "4453"],
    ["move", "4453"],
    ["show", "4453"],
    ["review", "4453"],
    ["puzzle", "--stats"],
    ["book", "list"],
    ["agents"],
    ["gtp"],
    ["play", "--time-ms", "0"],
    ["--help"],
]
"""Every command the tester named, the interactive ones and the help: each writes output."""

STDIN = {"gtp": "name\n", "play": "q\n"}


def _stdin(args: list[str]) -> str:
    return STDIN.get(args[0], "")


def _command(args: list[str]) -> str:
    return f"fourinarow {args[0]}" if not args[0].startswith("-") else "fourinarow"


# ------------------------------------------------------------------------------- the wrapper


@contextmanager
def _dev_full(buffering: int = -1) -> Iterator[TextIO]:
    """``/dev/full`` opened for text; what its buffer holds at the end goes to the null device
    instead of failing the close."""
    if not FULL.exists():
        pytest.skip("this system has no /dev/full")
    full = FULL.open("w", buffering=buffering)
    try:
        yield full
    finally:
        discard_output(full)
        full.close()


def test_a_full_disk_raises_output_error_with_the_reason() -> None:
    with _dev_full(buffering=1) as full:  # line-buffered: the write itself fails
        out = guard_output(full)
        with pytest.raises(OutputError, match=NO_SPACE):
            out.write("a line\n")


def test_a_full_disk_raises_output_error_on_flush() -> None:
    with _dev_full() as full:
        out = guard_output(full)
        out.write("buffered")  # kept in the buffer: nothing written yet
        with pytest.raises(OutputError, match=NO_SPACE):
            out.flush()


def test_a_closed_output_raises_on_write_not_on_flush() -> None:
    out = guard_output(None)
    out.flush()  # nothing written, nothing lost
    assert not out.isatty()
    with pytest.raises(OutputError, match=CLOSED):
        print("a line", file=out)


def test_a_closed_file_object_is_a_closed_output() -> None:
    stream = io.StringIO()
    stream.close()
    with pytest.raises(OutputError, match=CLOSED):
        guard_output(stream).write("x")


def test_a_broken_pipe_passes_as_it_is() -> None:
    read, write = os.pipe()
    os.close(read)
    pipe = open(write, "w", buffering=1)  # noqa: SIM115 (closed below, after the discard)
    try:
        with pytest.raises(BrokenPipeError):
            guard_output(pipe).write("a line\n")
    finally:
        discard_output(pipe)
        pipe.close()


def test_a_character_the_encoding_cannot_write_is_written_in_ascii() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    out = guard_output(stream)
    out.write("\N{BOX DRAWINGS LIGHT HORIZONTAL}" * 2 + " 7\N{MULTIPLICATION SIGN}6 \N{SNOWMAN}\n")
    out.flush()
    assert raw.getvalue() == b"-- 7x6 \\u2603\n"  # drawn in ASCII, anything else escaped
    assert output_failure(out) is None


def test_what_works_passes_through() -> None:
    stream = io.StringIO()
    out = guard_output(stream)
    print("one", "two", file=out)
    out.writelines(["three\n"])
    assert stream.getvalue() == "one two\nthree\n"
    assert out.getvalue() == stream.getvalue()  # type: ignore[attr-defined]


# ------------------------------------------------------------------ the command line, in process


@pytest.fixture
def full() -> Iterator[TextIO]:
    """The real ``/dev/full``, block-buffered as a file is."""
    with _dev_full() as full:
        yield full


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_reports_a_full_disk_in_one_line(
    args: list[str],
    full: TextIO,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "stdout", full)  # here: pytest puts its own back for the call
    monkeypatch.setattr(sys, "stdin", io.StringIO(_stdin(args)))
    assert main(args) == 1
    assert capsys.readouterr().err == (
        f"{_command(args)}: error: cannot write the output: {NO_SPACE}\n"
    )


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_reports_a_closed_output_in_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)  # what ``>&-`` gives Python
    monkeypatch.setattr(sys, "stdin", io.StringIO(_stdin(args)))
    assert main(args) == 1
    assert capsys.readouterr().err == (
        f"{_command(args)}: error: cannot write the output: {CLOSED}\n"
    )


def test_main_puts_standard_output_back(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["show", "4453", "--no-color"]) == 0
    assert sys.stdout is stream
    assert stream.getvalue().endswith("X to move.\n")


def test_a_command_that_writes_nothing_runs_without_standard_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    out = tmp_path / "set.txt"
    args = ["puzzle", "generate", "--count", "1", "--quiet", "--seed", "1", "--out", str(out)]
    assert main(args) == 0
    assert out.exists()
    assert capsys.readouterr().err == ""


# --------------------------------------------------------------- the command line, as a process


def _environment(buffered: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONUNBUFFERED", None)
    if not buffered:
        env["PYTHONUNBUFFERED"] = "1"
    return env


def _fourinarow(args: list[str]) -> str:
    return " ".join([sys.executable, "-m", "fourinarow", *args])


def _assert_one_line(result: subprocess.CompletedProcess[str], args: list[str], why: str) -> None:
    assert result.returncode == 1, result.stderr
    assert result.stderr == f"{_command(args)}: error: cannot write the output: {why}\n"


PROCESS_COMMANDS = [
    pytest.param(args, marks=[] if args[0] == "show" else [pytest.mark.slow]) for args in COMMANDS
]
"""As processes: one command in the fast tier (the others are run in process), every one in
the slow."""


@needs_dev_full
@pytest.mark.parametrize("buffered", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", PROCESS_COMMANDS, ids=" ".join)
def test_a_full_disk_is_one_line_and_status_1(args: list[str], buffered: bool) -> None:
    """Buffered, the write fails only when the output is flushed (once at exit it was)."""
    result = subprocess.run(
        f"{_fourinarow(args)} >/dev/full",
        shell=True,
        input=_stdin(args),
        capture_output=True,
        text=True,
        env=_environment(buffered),
        timeout=60,
        check=False,
    )
    _assert_one_line(result, args, NO_SPACE)


@pytest.mark.parametrize("args", PROCESS_COMMANDS, ids=" ".join)
def test_a_closed_standard_output_is_one_line_and_status_1(args: list[str]) -> None:
    result = subprocess.run(
        ["sh", "-c", f"{_fourinarow(args)} >&-"],
        input=_stdin(args),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    _assert_one_line(result, args, CLOSED)


@pytest.mark.parametrize("args", PROCESS_COMMANDS, ids=" ".join)
def test_a_pipe_without_a_reader_ends_quietly(args: list[str]) -> None:
    """Block-buffered output meets the closed pipe at the last flush: no "Exception ignored"."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "fourinarow", *args],
            stdout=write,
            input=_stdin(args),
            stderr=subprocess.PIPE,
            text=True,
            env=_environment(buffered=True),
            timeout=60,
            check=False,
        )
    finally:
        os.close(write)
    assert result.returncode == 1
    assert result.stderr == ""
