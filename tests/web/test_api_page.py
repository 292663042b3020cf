"""docs/api_page.py: the API page the server shows at /api is docs/api.md, up to date."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "api_page.py"


def api_page() -> ModuleType:
    spec = importlib.util.spec_from_file_location("api_page", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_api_page_is_made_from_docs_api_md() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_markdown_becomes_html() -> None:
    markdown = "\n".join(
        [
            "# The `x` API",
            "",
            "Some **bold** text with `a<b` and a [link](https://example.org/) that",
            "goes on.",
            "",
            "- one",
            "  more",
            "- two",
            "",
            "| name | n |",
            "|---|---:|",
            "| `a` | 1 |",
            "",
            "```console",
            "$ curl -s 'x?a=1&b=2'",
            "```",
        ]
    )
    title, body = api_page().convert(markdown)
    assert title == "The x API"
    assert body.splitlines() == [
        '<h1 id="the-x-api">The <code>x</code> API</h1>',
        "<p>Some <strong>bold</strong> text with <code>a&lt;b</code> and a "
        '<a href="https://example.org/">link</a> that goes on.</p>',
        "<ul>",
        "<li>one more</li>",
        "<li>two</li>",
        "</ul>",
        '<div class="table"><table>',
        '<thead><tr><th>name</th><th class="right">n</th></tr></thead>',
        "<tbody>",
        '<tr><td><code>a</code></td><td class="right">1</td></tr>',
        "</tbody>",
        "</table></div>",
        "<pre><code class=\"language-console\">$ curl -s 'x?a=1&amp;b=2'</code></pre>",
    ]
