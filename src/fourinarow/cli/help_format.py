"""How ``--help`` lays out a command's description and epilog on any terminal width."""

from __future__ import annotations

import argparse
import textwrap

__all__ = ["ParagraphHelpFormatter"]


class ParagraphHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Prose is filled to the terminal's width; laid-out lines are kept as written.

    A description is paragraphs separated by blank lines. The lines that start at the margin
    are prose, written wrapped at some width: each run of them is filled again to fit. An
    indented line (a row of the grades' table, a list of puzzle kinds or of set names) is kept
    as it is, as ``RawDescriptionHelpFormatter`` keeps everything.

    >>> text = "one two three\\nfour five\\n  kept   as\\n  it is\\nsix seven\\n\\neight"
    >>> print(ParagraphHelpFormatter("prog")._fill_text(text, 12, ""))
    one two
    three four
    five
      kept   as
      it is
    six seven
    <BLANKLINE>
    eight
    """

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n\n".join(
            self._fill_paragraph(paragraph, width, indent) for paragraph in text.split("\n\n")
        )

    @staticmethod
    def _fill_paragraph(paragraph: str, width: int, indent: str) -> str:
        lines: list[str] = []
        prose: list[str] = []

        def flush() -> None:
            if prose:
                filled = textwrap.fill(
                    " ".join(" ".join(prose).split()),
                    width,
                    initial_indent=indent,
                    subsequent_indent=indent,
                    break_on_hyphens=False,  # options such as --max-nodes stay whole
                )
                lines.extend(filled.splitlines())
                prose.clear()

        for line in paragraph.split("\n"):
            if line[:1].isspace():
                flush()
                lines.append(indent + line)
            else:
                prose.append(line)
        flush()
        return "\n".join(lines)
