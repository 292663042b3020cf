"""Write the server's one-page API documentation, src/fourinarow/web/static/api.html, from
docs/api.md (served at ``/api`` by ``fourinarow serve``).

Usage: python docs/api_page.py [--check]

The Markdown of docs/api.md is turned into HTML by the small converter below (standard library
only): headings, paragraphs, bullet lists, tables, fenced code blocks, inline code, bold and
links; that is all docs/api.md uses. With --check it writes nothing and exits 1 when api.html is
not what docs/api.md gives (tests/web/test_api_page.py runs it so).
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "docs" / "api.md"
TARGET = ROOT / "src" / "fourinarow" / "web" / "static" / "api.html"

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="static/style.css">
</head>
<!-- Written by docs/api_page.py from docs/api.md: edit that, then run the script. -->
<body class="doc">
  <header class="top">
    <p class="site">Four in a Row</p>
    <nav><a href="./">Play</a></nav>
  </header>
  <main class="doc-page">
{body}
  </main>
</body>
</html>
"""

_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)")


def inline(text: str) -> str:
    """HTML for one line or paragraph's text: `code`, **bold**, [links](url), the rest escaped."""
    out: list[str] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.append(html.escape(text[position : match.start()], quote=False))
        code, bold, label, url = match.groups()
        if code is not None:
            out.append(f"<code>{html.escape(code, quote=False)}</code>")
        elif bold is not None:
            out.append(f"<strong>{inline(bold)}</strong>")
        else:
            out.append(f'<a href="{html.escape(url)}">{inline(label)}</a>')
        position = match.end()
    out.append(html.escape(text[position:], quote=False))
    return "".join(out)


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(lines: list[str]) -> str:
    header, rule, *rows = lines
    aligns = ["right" if cell.endswith(":") else "" for cell in _cells(rule)]

    def row(cells: list[str], tag: str) -> str:
        parts = []
        for index, cell in enumerate(cells):
            align = aligns[index] if index < len(aligns) else ""
            style = f' class="{align}"' if align else ""
            parts.append(f"<{tag}{style}>{inline(cell)}</{tag}>")
        return "<tr>" + "".join(parts) + "</tr>"

    body = "\n".join(row(_cells(line), "td") for line in rows)
    return (
        f'<div class="table"><table>\n<thead>{row(_cells(header), "th")}</thead>\n'
        f"<tbody>\n{body}\n</tbody>\n</table></div>"
    )


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", re.sub(r"`", "", text).lower()).strip("-")


def convert(markdown: str) -> tuple[str, str]:
    """The page's title (its first heading, as text) and its body's HTML."""
    lines = markdown.splitlines()
    blocks: list[str] = []
    title = "API"
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
        elif line.startswith("```"):
            language = line[3:].strip()
            end = index + 1
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            code = html.escape("\n".join(lines[index + 1 : end]), quote=False)
            kind = f' class="language-{language}"' if language else ""
            blocks.append(f"<pre><code{kind}>{code}</code></pre>")
            index = end + 1
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            text = line[level:].strip()
            if level == 1:
                title = re.sub(r"`", "", text)
            blocks.append(f'<h{level} id="{_slug(text)}">{inline(text)}</h{level}>')
            index += 1
        elif line.startswith("|"):
            end = index
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            blocks.append(_table(lines[index:end]))
            index = end
        elif line.startswith("- "):
            items: list[str] = []
            while index < len(lines) and lines[index].strip():
                if lines[index].startswith("- "):
                    items.append(lines[index][2:].strip())
                else:
                    items[-1] += " " + lines[index].strip()
                index += 1
            blocks.append("<ul>\n" + "\n".join(f"<li>{inline(i)}</li>" for i in items) + "\n</ul>")
        else:
            paragraph: list[str] = []
            while (
                index < len(lines)
                and lines[index].strip()
                and not lines[index].startswith(("```", "#", "|", "- "))
            ):
                paragraph.append(lines[index].strip())
                index += 1
            blocks.append(f"<p>{inline(' '.join(paragraph))}</p>")
    return title, "\n".join(blocks)


def page(markdown: str) -> str:
    """The whole api.html for the Markdown ``markdown``."""
    title, body = convert(markdown)
    return PAGE.format(title=html.escape(title), body=body)


def main() -> int:
    """Write api.html, or with --check say whether it is up to date."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check api.html is up to date")
    arguments = parser.parse_args()
    wanted = page(SOURCE.read_text(encoding="utf-8"))
    if arguments.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != wanted:
            print(f"{TARGET} is not up to date: run python docs/api_page.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(wanted, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
