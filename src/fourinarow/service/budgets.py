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
- a whole review with a cap (the web's) gives each position an even share of it, after
  :data:`COACH_SHARE` kept for the best lines (off the book), and what is left of the cap
  coaches: :data:`RECORD_SHARE` of it for the record's explanations and best lines, the rest
  for the mistakes to learn from (:func:`~fourinarow.service.coach.exercises` stops at it);
- a best line beside a review or a hint gets :data:`LINE_SECONDS` in all (:func:`line_limit`).

Within any of them, ``PROOF_SHARE`` of the time goes to proofs, every column narrowed
together, and the engine's estimates get the rest (prove, then estimate:
:mod:`fourinarow.service.judgement`).

>>> review_position_limit(Geometry(7, 6, 4)) is None, review_position_limit(Board(8, 7))
(True, Limit(time=1.0, depth=None, nodes=None))
"""

from __future__ import annotations

from fourinarow.agents.proofs import PROOF_SHARE, book_reach
from fourinarow.analysis.review import Review
from fourinarow.core import Board
from fourinarow.core.geometry import Geometry
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit

__all__ = [
    "ANALYSIS_SECONDS",
    "ANSWER_SECONDS_PER_MOVE",
    "COACH_SHARE",
    "LINE_LENGTH",
    "LINE_SECONDS",
    "LINE_SHARE",
    "PROOF_SHARE",
    "RECORD_SHARE",
    "REVIEW_SECONDS",
    "analysis_limit",
    "answer_reserve",
    "capped_line_limit",
    "grading_seconds",
    "hint_limit",
    "inside_book",
    "line_limit",
    "record_seconds",
    "review_position_limit",
    "whole_review_limit",
]

ANALYSIS_SECONDS = 1.0
"""The time a hint or an analysis takes by default where no book answers the position."""

REVIEW_SECONDS = 1.0
"""The time each position of a review takes by default on a shape without an opening book."""

LINE_LENGTH = 12
"""The most moves of a best line, by default."""

LINE_SECONDS = 0.25
"""The time a whole best line shown beside a review or a hint may take on a shape without an
opening book, shared evenly among its positions (:func:`line_limit`): a time, not a node
count, as a node costs a hundred times more on a 20x20 board than on 7x6."""

ANSWER_SECONDS_PER_MOVE = 50e-6
"""The time kept back from a capped review, per move, to write its answer (the record, then
JSON): about 35 microseconds a move measured on a 2-core x86-64 VM, 13 ms for 380 moves."""

COACH_SHARE = 0.2
"""The share of a capped review's time kept for its best lines, on a shape without an opening
book (with one, the book grades the game at once and the solver gives the lines quickly)."""

RECORD_SHARE = 0.7
"""The share of the coaching's time (what the cap leaves after the grading) that the record's
explanations and best lines may take; the mistakes to learn from take the rest."""

LINE_SHARE = 0.5
"""The share of the time left after a capped review's grading that the best lines may take,
on a shape without an opening book."""


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


def answer_reserve(board: Board) -> float:
    """The seconds a capped review of ``board``'s game keeps back to write its answer:
    :data:`ANSWER_SECONDS_PER_MOVE` a move."""
    return ANSWER_SECONDS_PER_MOVE * board.ply


def grading_seconds(board: Board, seconds: float) -> float:
    """The time the grading itself may take of a capped review's ``seconds``: all of it on a
    shape with an opening book, else all but :data:`COACH_SHARE`, kept for the best lines.

    >>> grading_seconds(Board(), 10.0), grading_seconds(Board(8, 7), 10.0)
    (10.0, 8.0)
    """
    if has_default_book(board.width, board.height, board.connect):
        return seconds
    return seconds * (1 - COACH_SHARE)


def record_seconds(coaching: float) -> float:
    """The time the record's explanations and best lines may take of the ``coaching`` seconds
    a capped review has left after its grading: :data:`RECORD_SHARE` of it (the mistakes to
    learn from get the rest)."""
    return coaching * RECORD_SHARE


def line_limit(shape: Board | Geometry | Review) -> Limit | None:
    """Each position's limit in a best line shown beside a review or a hint on a board of
    ``shape``: none on a shape with an opening book (the solver's line, exact and quick),
    else an even share of :data:`~fourinarow.service.budgets.LINE_SECONDS` among the
    :data:`~fourinarow.service.budgets.LINE_LENGTH` positions.

    >>> line_limit(Board()), line_limit(Board(8, 7)).time == LINE_SECONDS / LINE_LENGTH
    (None, True)
    """
    if has_default_book(shape.width, shape.height, shape.connect):
        return None
    return Limit(time=LINE_SECONDS / LINE_LENGTH)


def capped_line_limit(board: Board, left: float) -> Limit | None:
    """Each position's limit in the best lines of a capped review's record: :func:`line_limit`
    (none on a shape with an opening book), at most an even share of :data:`LINE_SHARE` of
    the ``left`` seconds among the game's positions and each line's :data:`LINE_LENGTH`
    moves.

    >>> capped_line_limit(Board.from_moves("4455", width=8, height=7), 0.48).time
    0.005
    """
    default = line_limit(board)
    if default is None:
        return None
    share = left * LINE_SHARE / max(1, board.ply * LINE_LENGTH)
    return Limit(time=share if default.time is None else min(share, default.time))
