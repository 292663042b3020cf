"""How long the engine may look, decided once for every front end: a hint, an analysis, a
review position and a whole review.

Every budget is aware of opening books: a position the shape's default book answers (shipped
or installed; ``fourinarow book list`` shows them) needs no search, so its hint has no limit,
and a shape with a book is reviewed without a limit (the book makes every position quick).
Elsewhere:

- a hint (``?`` in the terminal game) and an analysis (``fourinarow analyze``, the web's
  analysis, unless told otherwise) get :data:`ANALYSIS_SECONDS`;
- each position of a review gets :data:`REVIEW_SECONDS` (the same in the terminal, on the
  web and on the desktop), unless the user asks for another time, a node limit or none;
- a whole review with a cap (the web's) gives each position an even share of it.

Within any of them, ``PROOF_SHARE`` of the time goes to proofs, every column narrowed
together, and the engine's estimates get the rest (prove, then estimate:
:mod:`fourinarow.service.judgement`).

>>> review_position_limit(Geometry(7, 6, 4)) is None, review_position_limit(Board(8, 7))
(True, Limit(time=1.0, depth=None, nodes=None))
"""

from __future__ import annotations

from fourinarow.agents.proofs import PROOF_SHARE, book_reach
from fourinarow.core import Board
from fourinarow.core.geometry import Geometry
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit

__all__ = [
    "ANALYSIS_SECONDS",
    "PROOF_SHARE",
    "REVIEW_SECONDS",
    "analysis_limit",
    "hint_limit",
    "inside_book",
    "review_position_limit",
    "whole_review_limit",
]

ANALYSIS_SECONDS = 1.0
"""The time a hint or an analysis takes by default where no book answers the position."""

REVIEW_SECONDS = 1.0
"""The time each position of a review takes by default on a shape without an opening book."""


def inside_book(board: Board) -> bool:
    """True when the shape's default opening book answers ``board`` at once (every column's
    position is in the book): it needs no search.

    >>> inside_book(Board.from_moves("44")), inside_book(Board(8, 7))
    (True, False)
    """
    return board.ply < book_reach(board)


def hint_limit(board: Board) -> Limit | None:
    """A hint's limit for ``board``: none inside the opening book (exact at once), else
    :data:`ANALYSIS_SECONDS`."""
    return None if inside_book(board) else Limit(time=ANALYSIS_SECONDS)


def analysis_limit(seconds: float | None = None) -> Limit:
    """An analysis's limit: ``seconds`` as asked (0: answer at once with what is known), by
    default :data:`ANALYSIS_SECONDS`; a position inside the opening book is answered at
    once within any of them.

    >>> analysis_limit(), analysis_limit(0.25)
    (Limit(time=1.0, depth=None, nodes=None), Limit(time=0.25, depth=None, nodes=None))
    """
    return Limit(time=ANALYSIS_SECONDS if seconds is None else seconds)


def review_position_limit(
    shape: Geometry | Board,
    *,
    time_ms: float | None = None,
    no_limit: bool = False,
    max_nodes: int | None = None,
) -> Limit | None:
    """Each position's limit in a review of a game of this ``shape`` (a board's geometry, or
    the board itself): what ``time_ms`` and ``max_nodes`` say; by default none where the
    shape has an opening book (shipped or installed) or with ``no_limit``, else
    :data:`REVIEW_SECONDS`."""
    seconds = None if time_ms is None else time_ms / 1000
    if (
        time_ms is None
        and not no_limit
        and not has_default_book(shape.width, shape.height, shape.connect)
    ):
        seconds = REVIEW_SECONDS
    if seconds is None and max_nodes is None:
        return None
    return Limit(seconds, nodes=max_nodes)


def whole_review_limit(board: Board, seconds: float) -> Limit | None:
    """Each position's limit in a review of ``board``'s game that may take ``seconds`` in
    all: none on a shape with an opening book (the book proves most positions at once; a
    hard one may take what is left), elsewhere an even share of the time.

    >>> whole_review_limit(Board.from_moves("4455", width=8, height=7), 2.0)
    Limit(time=0.5, depth=None, nodes=None)
    """
    if has_default_book(board.width, board.height, board.connect):
        return None
    return Limit(time=seconds / max(1, board.ply))
