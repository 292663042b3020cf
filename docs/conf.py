"""Sphinx configuration of the fourinarow manual (build: ``python -m sphinx -W -n docs site``).

The pages are Markdown (MyST); the Python API comes from the docstrings (autodoc), the command
reference from the argument parsers and the HTTP endpoints from the OpenAPI schema (both by the
small extension in ``_ext/``). Every warning is an error in the project's checks, and ``-n``
makes a reference to anything undocumented one too.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent / "src"))  # the checkout's package, installed or not

import fourinarow  # noqa: E402  (after the path)

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
    (r"py:.*", r"(collections\.abc|typing|types|enum|random|pathlib|os|io|argparse|array)\..*"),
    (r"py:.*", r"array"),
    (r"py:.*", r"(random\.Random|Path|Random|Callable|Iterable|Iterator|Sequence|Mapping)"),
    (r"py:.*", r"(int|str|float|bool|bytes|None|dict|list|tuple|object|ValueError|Exception)"),
    (r"py:.*", r"(numpy|gymnasium|pettingzoo|pyspiel|ray|fastapi|starlette|sqlite3)(\..*)?"),
]

html_theme = "furo"
html_title = f"fourinarow {release}"
html_static_path = ["_static"]
html_css_files = ["manual.css"]
html_show_sourcelink = False
pygments_style = "friendly"
