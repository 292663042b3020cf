"""Sphinx configuration of the fourinarow manual (build: ``python -m sphinx -W -n docs site``).

The pages are Markdown (MyST); the Python API comes from the docstrings (autodoc), the command
reference from the argument parsers and the HTTP endpoints from the OpenAPI schema (both by the
small extension in ``_ext/``). Every warning is an error in the project's checks, and ``-n``
makes a reference to anything undocumented one too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))  # the checkout's package, installed or not

import fourinarow  # noqa: E402  (after the path)

if TYPE_CHECKING:
    from sphinx.application import Sphinx

project = "fourinarow"
author = "The fourinarow developers"
copyright = "2026, the fourinarow developers"
release = fourinarow.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "fourinarow_docs",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "api.md", "Thumbs.db", ".DS_Store"]

smartquotes = False  # "--json" stays two hyphens, "''" two quotes: text here is often typed
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3  # [text](#a-heading) and [text](page.md#a-heading) links resolve

add_module_names = False  # headings read "Solver", not "fourinarow.search.solver.Solver"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autodoc_default_options = {"members": ""}

nitpicky = True
# The standard library and the third-party types our signatures name: the manual is read
# without the network, so they stay unlinked rather than broken.
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(collections\.abc|typing|types|enum|random|pathlib|os|io|argparse|array|datetime)\..*",
    ),
    (r"py:.*", r"array"),
    (r"py:.*", r"(random\.Random|Path|Random|Callable|Iterable|Iterator|Sequence|Mapping)"),
    (r"py:.*", r"(int|str|float|bool|bytes|None|dict|list|tuple|object|ValueError|Exception)"),
    (r"py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|ray|fastapi|starlette|sqlite3)(\..*)?"),
    (r"py:.*", r"(concurrent\.futures\.(_base\.)?)?(Future|Executor)"),
    (r"py:class", r"(fourinarow\.[\w.]+\.)?T"),  # a type variable: what a job returns
]

html_theme = "furo"
html_title = f"fourinarow {release}"
html_static_path = ["_static"]
html_css_files = ["manual.css"]
html_show_sourcelink = False
pygments_style = "friendly"

SERVICE_PAGE = "reference/python-service"
"""The application layer's page: each module of ``fourinarow.service`` is added to it below."""


def service_modules() -> list[str]:
    """The modules of ``fourinarow.service``, by name, as its folder holds them."""
    folder = HERE.parent / "src" / "fourinarow" / "service"
    return sorted(path.stem for path in folder.glob("*.py") if not path.stem.startswith("_"))


def add_service_modules(app: Sphinx, docname: str, source: list[str]) -> None:
    """Give the application layer's page an ``automodule`` entry for each of its modules, so
    that a module added to the package is documented without a change here."""
    if docname == SERVICE_PAGE:
        for name in service_modules():
            module = f"fourinarow.service.{name}"
            source[0] += f"\n## `{module}`\n\n```{{eval-rst}}\n.. automodule:: {module}\n"
            source[0] += "   :members:\n```\n"


def setup(app: Sphinx) -> None:
    app.connect("source-read", add_service_modules)
