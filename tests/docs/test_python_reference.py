"""The Python reference (docs/reference/python*.md) documents every name of fourinarow that a
tutorial, a how-to guide or README.md uses: the names their Python examples import, and those
their text names in code (`fourinarow.puzzles.daily.daily_puzzle`). A name counts as documented
when the reference documents that object under any of its names (``fourinarow.Board`` is
``fourinarow.core.Board``)."""

from __future__ import annotations

import ast
import contextlib
import importlib
import io
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from tests.test_examples import read_blocks

pytest.importorskip("sphinx", reason="needs Sphinx, the manual's extra: pip install '.[docs]'")

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
READERS = [
    ROOT / "README.md",
    *sorted((DOCS / "tutorials").glob("*.md")),
    *sorted((DOCS / "howto").glob("*.md")),
]
"""The pages a newcomer reads first, whose names must all be in the reference."""

NAMED_IN_TEXT = re.compile(r"`(fourinarow(?:\.[A-Za-z_]\w*)+)")
EXAMPLE_LANGUAGES = {"pycon", "python"}


def names_used(text: str, page: str) -> set[str]:
    """The dotted names of fourinarow a page uses: imported in its Python examples, or named in
    code in its text (``fourinarow.x.y``, a call's parentheses left out).

    >>> for name in sorted(names_used("Use `fourinarow.puzzles.shipped()`.\\n"
    ...     "```pycon\\n>>> from fourinarow.core import Board, Outcome\\n"
    ...     ">>> import fourinarow.integrations.gymnasium  # registers\\n```\\n", "x.md")):
    ...     print(name)
    fourinarow.core.Board
    fourinarow.core.Outcome
    fourinarow.integrations.gymnasium
    fourinarow.puzzles.shipped
    """
    names: set[str] = set()
    in_block = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_block = not in_block
        elif not in_block:
            names.update(NAMED_IN_TEXT.findall(line))
    for block in read_blocks(text, page):
        if block.language not in EXAMPLE_LANGUAGES:
            continue
        for line in block.lines:
            if not line.startswith(">>> "):
                continue
            try:
                tree = ast.parse(line[4:])
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "fourinarow"
                ):
                    names.update(f"{node.module}.{alias.name}" for alias in node.names)
                elif isinstance(node, ast.Import):
                    names.update(a.name for a in node.names if a.name.startswith("fourinarow"))
    return names


def resolve(name: str) -> Any:
    """The object a dotted name of fourinarow stands for: a module, or what is in one."""
    parts = name.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for part in parts[split:]:
            found = getattr(found, part)
        return found
    raise LookupError(name)


@pytest.fixture(scope="module")
def documented(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every Python object the reference documents, by its full name, as Sphinx records it
    when it reads the reference's pages (the rest of the manual left out)."""
    # Sphinx is the manual's extra, not the tests': mypy runs where it is not installed
    sphinx: Any = importlib.import_module("sphinx.application")
    pages = [page.relative_to(DOCS).with_suffix("").as_posix() for page in DOCS.rglob("*.md")]
    kept = {"index", *(page for page in pages if page.startswith("reference/python"))}
    out = tmp_path_factory.mktemp("reference")
    app = sphinx.Sphinx(
        srcdir=str(DOCS),
        confdir=str(DOCS),
        outdir=str(out / "out"),
        doctreedir=str(out / "doctrees"),
        buildername="dummy",
        confoverrides={
            "exclude_patterns": [f"{page}.md" for page in pages if page not in kept] + ["_build"],
            "nitpicky": False,
        },
        status=None,
        warning=io.StringIO(),
    )
    with warnings.catch_warnings():  # Sphinx's notices of its own coming changes
        warnings.simplefilter("ignore", DeprecationWarning)
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        app.build()
    domain: Any = app.env.get_domain("py")
    objects = {name: entry.objtype for name, entry in domain.objects.items()}
    assert "fourinarow.core.Board" in objects  # the reference was read
    return objects


def test_the_pages_use_names_that_exist() -> None:
    used = {name for page in READERS for name in names_used(page.read_text(), page.name)}
    assert "fourinarow.puzzles.attempt.PuzzleSession" in used  # a tutorial's import
    assert "fourinarow.puzzles.daily.daily_puzzle" in used  # a tutorial's text
    for name in used:
        resolve(name)


def test_every_name_the_tutorials_and_guides_use_is_in_the_reference(
    documented: dict[str, str],
) -> None:
    objects: dict[int, str] = {}
    for name in documented:
        # a name the reference declares on its own (a type alias, a lazy class) has no object
        with contextlib.suppress(LookupError, AttributeError):
            objects.setdefault(id(resolve(name)), name)
    missing = {}
    for page in READERS:
        for name in sorted(names_used(page.read_text(), page.name)):
            if name not in documented and id(resolve(name)) not in objects:
                missing[name] = page.relative_to(ROOT).as_posix()
    assert missing == {}, "used on these pages and not in docs/reference/python*.md"
