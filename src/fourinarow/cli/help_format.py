"""How ``--help`` lays out a command's description and epilog on any terminal width."""

from __future__ import annotations

import argparse
import itertools
import re
import textwrap

__all__ = ["ParagraphHelpFormatter", "text_runs"]


def text_runs(text: str) -> list[list[tuple[bool, list[str]]]]:
    """The paragraphs of a description (split at blank lines), each as runs of lines:
    ``(False, lines)`` for prose, which starts at the margin and may be filled to any width,
    ``(True, rows)`` for indented rows laid out by hand (a table, a list), kept as written.
    ``--help`` and the manual's command reference both lay descriptions out from these.

    >>> text_runs("one two\\nthree\\n  a   row\\nfour\\n\\nfive")
    [[(False, ['one two', 'three']), (True, ['  a   row']), (False, ['four'])], [(False, ['five'])]]
    """
    return [
        [
            (indented, list(lines))
            for indented, lines in itertools.groupby(
                paragraph.rstrip().splitlines(), key=lambda line: line[:1].isspace()
            )
        ]
        for paragraph in re.split(r"\n\s*\n", text.strip("\n"))
    ]


class ParagraphHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Prose is filled to the terminal's width; laid-out rows are kept as written.

    Each run of prose lines of :func:`text_runs` is filled again to fit; an indented row (a
    row of the grades' table, a list of puzzle kinds or of set names) is kept as it is, as
    ``RawDescriptionHelpFormatter`` keeps everything.

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
        paragraphs = []
        for runs in text_runs(text):
            lines: list[str] = []
            for indented, run in runs:
                if indented:
                    lines.extend(indent + row for row in run)
                else:
                    filled = textwrap.fill(
                        " ".join(" ".join(run).split()),
                        width,
                        initial_indent=indent,
                        subsequent_indent=indent,
                        break_on_hyphens=False,  # options such as --max-nodes stay whole
                    )
                    lines.extend(filled.splitlines())
            paragraphs.append("\n".join(lines))
        return "\n\n".join(paragraphs)
