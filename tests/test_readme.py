"""README.md's examples are tests (house rule 15): they run, and their output is checked.

What runs depends on the fenced block's language:

- ``pycon`` (or ``python``) blocks are doctests: every one starts with a ``>>>`` prompt, and
  all of them run in order as one session (names carry from block to block), with ELLIPSIS
  (``...`` stands for what varies, such as nodes and seconds) and NORMALIZE_WHITESPACE.
- ``console`` (or ``text``) blocks are terminal sessions: each line starting ``$ `` is a command,
  and the lines after it, up to the next ``$ `` line, are what it prints (standard output and
  standard error, in the order a terminal shows them). The command runs in ``bash`` from the
  repository root, with ``fourinarow`` meaning ``python -m fourinarow`` on this checkout's
  sources, so pipes and redirections work. The output is compared line by line, runs of spaces
  counting as one, with ``...`` matching any text within a line. The exit status is not
  checked: the output shows what went wrong.
- ``sh`` blocks are lists of commands for the reader: each command runs the same way and must
  exit with status 0 (its output is not compared), so an ``sh`` block that is not exempted must
  be quick and change nothing (the commands run with ``HOME`` in a temporary directory, and the
  suite's ``FOURINAROW_CACHE``, as a safety net).
- A block right after a line ``<!-- not run: REASON -->`` does not run: installs, and builds or
  tournaments that take minutes to hours or write files. Keep these few, with a reason each.

Blocks in any other language are shown, not run.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

NOT_RUN = re.compile(r"<!-- not run: (?P<reason>\S.*?) -->")
FENCE = re.compile(r"^```(?P<language>[\w-]*)\s*$")
DOCTEST_LANGUAGES = {"pycon", "python"}
SESSION_LANGUAGES = {"console", "text"}
PROMPT = "$ "


@dataclass(frozen=True)
class Block:
    """A fenced block of README: its language, first content line (1-based) and lines."""

    language: str
    line: int
    lines: tuple[str, ...]
    not_run: str | None


@dataclass(frozen=True)
class Command:
    """A command of a ``console`` block and the output README shows for it."""

    line: int
    command: str
    output: tuple[str, ...]


def read_blocks(text: str) -> list[Block]:
    """The fenced blocks of a Markdown text, each with the reason it is not run, if marked.

    >>> [b.language for b in read_blocks("<!-- not run: slow -->\\n```sh\\nx\\n```\\n")]
    ['sh']
    """
    blocks: list[Block] = []
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        fence = FENCE.match(lines[index])
        if fence is None:
            index += 1
            continue
        end = index + 1
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        if end == len(lines):
            raise AssertionError(f"README.md:{index + 1}: a code block is never closed")
        marker = NOT_RUN.fullmatch(lines[index - 1].strip()) if index else None
        reason = marker["reason"] if marker else None
        content = tuple(lines[index + 1 : end])
        blocks.append(Block(fence["language"], index + 2, content, reason))
        index = end + 1
    return blocks


def session_commands(block: Block) -> list[Command]:
    """The commands of a terminal session block, each with the output shown after it."""
    commands: list[Command] = []
    for offset, line in enumerate(block.lines):
        if line.startswith(PROMPT):
            commands.append(Command(block.line + offset, line[len(PROMPT) :], ()))
        elif commands:
            last = commands[-1]
            commands[-1] = Command(last.line, last.command, (*last.output, line))
        elif line.strip():
            raise AssertionError(f"README.md:{block.line + offset}: output before any command")
    return commands


def sh_commands(block: Block) -> list[Command]:
    """The commands of an ``sh`` block (a line ending in a backslash goes on on the next)."""
    commands: list[Command] = []
    pending = ""
    for offset, line in enumerate(block.lines):
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        if pending.strip():
            commands.append(Command(block.line + offset, pending.strip(), ()))
        pending = ""
    return commands


def line_matches(expected: str, actual: str) -> bool:
    """True when ``actual`` is the ``expected`` line, ``...`` matching any text within it.

    >>> line_matches('"nodes": ..., "exact": true', '"nodes": 4,  "exact": true')
    True
    >>> line_matches("4455 18", "4455 19"), line_matches("18", "-18")
    (False, False)
    """
    expected, actual = " ".join(expected.split()), " ".join(actual.split())
    pattern = ".*".join(re.escape(part) for part in expected.split("..."))
    return re.fullmatch(pattern, actual) is not None


def output_differences(expected: tuple[str, ...], actual: str) -> list[str]:
    """What differs between README's output and the real one (empty when they match)."""
    wanted = list(expected)
    while wanted and not wanted[-1].strip():
        wanted.pop()
    got = actual.rstrip("\n").split("\n") if actual.strip() else []
    differences = [
        f"line {n}: README {want!r}\n        real   {have!r}"
        for n, (want, have) in enumerate(zip(wanted, got, strict=False), 1)
        if not line_matches(want, have)
    ]
    if len(wanted) != len(got):
        differences.append(f"README shows {len(wanted)} lines, the command printed {len(got)}")
    return differences


BLOCKS = read_blocks(README.read_text(encoding="utf-8"))
RUN = [block for block in BLOCKS if block.not_run is None]
SESSIONS = [c for b in RUN if b.language in SESSION_LANGUAGES for c in session_commands(b)]
SH_COMMANDS = [c for b in RUN if b.language == "sh" for c in sh_commands(b)]


@pytest.fixture(scope="module")
def shell_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment README's commands run in: ``fourinarow`` on PATH is this checkout's, and
    ``FOURINAROW_BENCH_DIR`` unset, so the standard sets are those every install has."""
    bin_dir = tmp_path_factory.mktemp("bin")
    shim = bin_dir / "fourinarow"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m fourinarow "$@"\n')
    shim.chmod(0o755)
    python_path = [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    environment = {k: v for k, v in os.environ.items() if k != "FOURINAROW_BENCH_DIR"}
    return {  # without FOURINAROW_BENCH_DIR: the standard sets any install has
        **environment,
        "PATH": os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")]),
        "PYTHONPATH": os.pathsep.join(p for p in python_path if p),
        "PYTHONUNBUFFERED": "1",  # standard output and error interleave as on a terminal
        "HOME": str(tmp_path_factory.mktemp("home")),
    }


def run_shell(command: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run one README command in bash from the repository root, standard error merged."""
    return subprocess.run(
        ["bash", "-c", command],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=60,
        check=False,
    )


def test_python_examples_run_as_doctests() -> None:
    """Every Python example in README runs, in order, and prints what README shows."""
    blocks = [block for block in RUN if block.language in DOCTEST_LANGUAGES]
    assert blocks, "README has no Python examples"
    readme_lines = README.read_text(encoding="utf-8").splitlines()
    kept = [""] * len(readme_lines)  # README's line numbers stay, for the failure report
    for block in blocks:
        first = next((line for line in block.lines if line.strip()), "")
        assert first.startswith(">>> "), f"README.md:{block.line}: a Python block without >>>"
        for offset, line in enumerate(block.lines):
            kept[block.line - 1 + offset] = line
        kept[block.line - 1 + len(block.lines)] = ""  # the closing fence ends the last output
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(kept), {}, "README.md", str(README), 0)
    report: list[str] = []
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    result = runner.run(test, out=report.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(report)


def test_readme_has_checked_commands() -> None:
    """README shows commands with their output, and each not-run marker sits on a block."""
    assert len(SESSIONS) >= 10, "README's terminal examples were not found"
    lines = README.read_text(encoding="utf-8").splitlines()
    marked = sum(1 for line in lines if NOT_RUN.search(line))
    assert marked == sum(1 for block in BLOCKS if block.not_run), (
        "a <!-- not run: REASON --> marker must be on the line right before a code block"
    )


@pytest.mark.parametrize("command", SESSIONS, ids=lambda c: f"line{c.line}")
def test_command_prints_what_readme_shows(command: Command, shell_env: dict[str, str]) -> None:
    """A ``$ fourinarow ...`` line of README prints the output shown under it."""
    result = run_shell(command.command, shell_env)
    differences = output_differences(command.output, result.stdout)
    assert not differences, (
        f"README.md:{command.line}: $ {command.command}\n"
        + "\n".join(differences)
        + f"\nreal output:\n{result.stdout}"
    )


def test_sh_commands_succeed(shell_env: dict[str, str]) -> None:
    """Each command of an ``sh`` block not marked ``not run`` exits with status 0 (today every
    ``sh`` block of README installs, builds or plays for minutes, so all are marked)."""
    failures = [
        f"README.md:{command.line}: {command.command}\n{result.stdout}"
        for command in SH_COMMANDS
        if (result := run_shell(command.command, shell_env)).returncode != 0
    ]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize(
    ("expected", "actual", "same"),
    [
        (("4455 18",), "4455 18\n", True),
        (("4455 18",), "4455 -18\n", False),
        (('{"nodes": ..., "exact": true}',), '{"nodes": 12, "exact": true}\n', True),
        (('{"nodes": ..., "exact": true}',), '{"nodes": 12, "exact": false}\n', False),
        (("a", "b"), "a\n", False),
        (("a",), "a\nb\n", False),
    ],
)
def test_output_comparison_catches_drift(
    expected: tuple[str, ...], actual: str, same: bool
) -> None:
    """The comparison accepts ``...`` within a line and rejects any other change."""
    assert (output_differences(expected, actual) == []) is same
