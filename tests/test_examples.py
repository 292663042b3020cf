"""The examples of README.md and of the manual (every Markdown page under docs/) are tests: they
run, and their output is checked.

What runs depends on the fenced block's language:

- ``pycon`` (or ``python``) blocks are doctests: every one starts with a ``>>>`` prompt, and
  all of a page's run in order as one session (names carry from block to block), with ELLIPSIS
  (``...`` stands for what varies, such as nodes and seconds) and NORMALIZE_WHITESPACE.
- ``console`` (or ``text``) blocks are terminal sessions: each line starting ``$ `` is a command,
  and the lines after it, up to the next ``$ `` line, are what it prints (standard output and
  standard error, in the order a terminal shows them). The command runs in ``bash`` from the
  repository root, with ``fourinarow`` meaning ``python -m fourinarow`` on this checkout's
  sources, so pipes and redirections work. The output is compared line by line, runs of spaces
  counting as one, with ``...`` matching any text within a line. The exit status is not
  checked: the output shows what went wrong.
  A command that asks ``http://127.0.0.1:8000`` (the address ``fourinarow serve`` listens on
  by default) is sent to a real ``fourinarow serve`` the test starts on a free port.
- ``sh`` blocks are lists of commands for the reader: each command runs the same way and must
  exit with status 0 (its output is not compared), so an ``sh`` block that is not exempted must
  be quick and change nothing (the commands run with ``HOME`` in a temporary directory, and the
  suite's ``FOURINAROW_CACHE``, as a safety net).
- A block right after a line ``<!-- not run: REASON -->`` does not run: installs, and builds or
  tournaments that take minutes to hours or write files. Keep these few, with a reason each.

Blocks in any other language, and the manual's directives (```` ```{toctree} ````,
```` ```{eval-rst} ````), are shown, not run.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.web.running import running_server

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MANUAL = ROOT / "docs"
PAGES = [README, *sorted(p for p in MANUAL.rglob("*.md") if "_build" not in p.parts)]

NOT_RUN = re.compile(r"<!-- not run: (?P<reason>\S.*?) -->")
FENCE = re.compile(r"^```(?P<language>[\w-]*|\{[\w-]+\}.*)\s*$")
DOCTEST_LANGUAGES = {"pycon", "python"}
SESSION_LANGUAGES = {"console", "text"}
PROMPT = "$ "


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: its page, language, first content line (1-based) and lines."""

    page: str  # relative to the repository root: "README.md", "docs/howto/gtp.md"
    language: str
    line: int
    lines: tuple[str, ...]
    not_run: str | None


@dataclass(frozen=True)
class Command:
    """A command of a ``console`` block and the output its page shows for it."""

    page: str
    line: int
    command: str
    output: tuple[str, ...]


def read_blocks(text: str, page: str = "README.md") -> list[Block]:
    """The fenced blocks of a Markdown text, each with the reason it is not run, if marked.

    >>> [b.language for b in read_blocks("<!-- not run: slow -->\\n```sh\\nx\\n```\\n")]
    ['sh']
    >>> [b.language for b in read_blocks("```{toctree}\\n:hidden:\\n```\\n")]
    ['{toctree}']
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
            raise AssertionError(f"{page}:{index + 1}: a code block is never closed")
        marker = NOT_RUN.fullmatch(lines[index - 1].strip()) if index else None
        reason = marker["reason"] if marker else None
        content = tuple(lines[index + 1 : end])
        blocks.append(Block(page, fence["language"], index + 2, content, reason))
        index = end + 1
    return blocks


def session_commands(block: Block) -> list[Command]:
    """The commands of a terminal session block, each with the output shown after it."""
    commands: list[Command] = []
    for offset, line in enumerate(block.lines):
        if line.startswith(PROMPT):
            commands.append(Command(block.page, block.line + offset, line[len(PROMPT) :], ()))
        elif commands:
            last = commands[-1]
            commands[-1] = Command(last.page, last.line, last.command, (*last.output, line))
        elif line.strip():
            raise AssertionError(f"{block.page}:{block.line + offset}: output before any command")
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
            commands.append(Command(block.page, block.line + offset, pending.strip(), ()))
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
        f"line {n}: shown {want!r}\n        real  {have!r}"
        for n, (want, have) in enumerate(zip(wanted, got, strict=False), 1)
        if not line_matches(want, have)
    ]
    if len(wanted) != len(got):
        differences.append(f"the page shows {len(wanted)} lines, the command printed {len(got)}")
    return differences


def _page_name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


BLOCKS = [
    block
    for path in PAGES
    for block in read_blocks(path.read_text(encoding="utf-8"), _page_name(path))
]
RUN = [block for block in BLOCKS if block.not_run is None]
SESSIONS = [c for b in RUN if b.language in SESSION_LANGUAGES for c in session_commands(b)]
SH_COMMANDS = [c for b in RUN if b.language == "sh" for c in sh_commands(b)]
DOCTEST_PAGES = sorted({b.page for b in RUN if b.language in DOCTEST_LANGUAGES})


@pytest.fixture(scope="module")
def shell_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment the pages' commands run in: ``fourinarow`` on PATH is this checkout's, and
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
    """Run one command of a page in bash from the repository root, standard error merged."""
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


@pytest.mark.parametrize("page", DOCTEST_PAGES)
def test_python_examples_run_as_doctests(page: str) -> None:
    """Every Python example of a page runs, in order, and prints what the page shows."""
    blocks = [b for b in RUN if b.page == page and b.language in DOCTEST_LANGUAGES]
    page_lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
    kept = [""] * len(page_lines)  # the page's line numbers stay, for the failure report
    for block in blocks:
        first = next((line for line in block.lines if line.strip()), "")
        assert first.startswith(">>> "), f"{page}:{block.line}: a Python block without >>>"
        for offset, line in enumerate(block.lines):
            kept[block.line - 1 + offset] = line
        kept[block.line - 1 + len(block.lines)] = ""  # the closing fence ends the last output
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(kept), {}, page, str(ROOT / page), 0)
    report: list[str] = []
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    result = runner.run(test, out=report.append)
    assert result.attempted > 0
    assert result.failed == 0, "".join(report)


def test_pages_have_checked_examples() -> None:
    """README and the manual show commands with their output and Python sessions."""
    assert len(PAGES) > 1, "the manual's pages were not found"
    assert len(SESSIONS) >= 10, "the terminal examples were not found"
    assert "README.md" in {c.page for c in SESSIONS}, "README shows no command with its output"
    assert DOCTEST_PAGES, "no page has Python examples"


@pytest.mark.parametrize("path", PAGES, ids=_page_name)
def test_not_run_markers_sit_on_blocks(path: Path) -> None:
    """Each ``<!-- not run: REASON -->`` marker is on the line right before a code block."""
    lines = path.read_text(encoding="utf-8").splitlines()
    marked = sum(1 for line in lines if NOT_RUN.search(line))
    page = _page_name(path)
    assert marked == sum(1 for block in BLOCKS if block.page == page and block.not_run), (
        "a <!-- not run: REASON --> marker must be on the line right before a code block"
    )


SERVER_ADDRESS = "http://127.0.0.1:8000"
"""Where the pages' HTTP examples find ``fourinarow serve`` (its default address)."""


@pytest.fixture(scope="module")
def page_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``fourinarow serve`` (default settings), on a free port, with a
    data folder of its own: the games the pages' ``play`` examples save are not in its list,
    whatever order the tests run in."""
    data = tmp_path_factory.mktemp("server-data")
    with running_server(env={"XDG_DATA_HOME": str(data)}) as server:
        yield server.url


@pytest.mark.parametrize("command", SESSIONS, ids=lambda c: f"{c.page}:{c.line}")
def test_command_prints_what_the_page_shows(
    command: Command, shell_env: dict[str, str], request: pytest.FixtureRequest
) -> None:
    """A ``$ fourinarow ...`` line of a page prints the output shown under it."""
    text = command.command
    if SERVER_ADDRESS in text:
        text = text.replace(SERVER_ADDRESS, request.getfixturevalue("page_server"))
    result = run_shell(text, shell_env)
    differences = output_differences(command.output, result.stdout)
    assert not differences, (
        f"{command.page}:{command.line}: $ {command.command}\n"
        + "\n".join(differences)
        + f"\nreal output:\n{result.stdout}"
    )


@pytest.mark.parametrize("command", SH_COMMANDS, ids=lambda c: f"{c.page}:{c.line}")
def test_sh_commands_succeed(command: Command, shell_env: dict[str, str]) -> None:
    """A command of an ``sh`` block not marked ``not run`` exits with status 0."""
    result = run_shell(command.command, shell_env)
    assert result.returncode == 0, (
        f"{command.page}:{command.line}: {command.command}\n{result.stdout}"
    )


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


LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)|src=\"(?P<source>[^\"]+)\"")


def test_readme_is_a_front_page() -> None:
    """README stays a front page (at most 250 lines) whose links into the checkout all lead
    somewhere: the manual's pages, the pictures, CONTRIBUTING, the license."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250, "README.md is a front page: move details to docs/"
    targets = [m["target"] or m["source"] for m in LINK.finditer(text)]
    local = [t for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
    assert any(t.startswith("docs/") for t in local), "README links to no page of the manual"
    missing = [t for t in local if not (ROOT / t.split("#")[0]).exists()]
    assert not missing, f"README.md links to files that do not exist: {missing}"
