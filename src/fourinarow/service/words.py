"""Values in words: the one vocabulary every front end says them in.

A value is always for the player to move. Its words:

- an exact value: ``win in N``, ``loss in N`` or ``draw``, where N counts the **winner's own
  moves** from here, the winning one included (:data:`MOVES_RULE`): a win in 1 is the winning
  stone itself, a loss in 1 means the opponent wins with its next move;
- proven bounds: what they settle (``win``, ``loss``, ``at least a draw``, ``at most a draw``)
  or ``not proven``;
- an estimate, the engine's evaluation where nothing was proven in time, is written with ``~``
  (``~+1.2``) and named ``estimate`` (:data:`ESTIMATE_RULE`); it is never a proof;
- a heuristic search's forced result is said as an exact one (``win in 2``), its other values
  are estimates (``h+12``); Monte Carlo's probability is ``73% to win``.

>>> from fourinarow.core import Board
>>> from fourinarow.search.scores import Bounds, Estimate, Exact
>>> lost = Exact.of(-2, Board.from_moves("4435"))  # 36 plies away: the opponent's 18th move
>>> value_words(lost), value_text(lost), verb_words(lost), moves_to_end(lost)
('loss in 18', '-2 loss in 18', 'loses in 18', 18)
>>> value_text(Bounds(0, 4)), value_text(Estimate(12, 9))
('0..4 at least a draw', '~+1.2 estimate')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from fourinarow.core import Column, column_label
from fourinarow.search.scores import (
    Bounds,
    ColumnValue,
    ColumnValues,
    Estimate,
    Exact,
    Heuristic,
    Probability,
    Unvalued,
)

if TYPE_CHECKING:
    from fourinarow.analysis.review import MoveReview, Review

__all__ = [
    "ESTIMATE_RULE",
    "MOVES_RULE",
    "NO_TURNING_POINTS",
    "NO_TURNING_POINT_PROVEN",
    "VALUES_RULE",
    "label",
    "labels",
    "move_sentence",
    "moves_to_end",
    "result_of",
    "turning_points_words",
    "value_text",
    "value_words",
    "verb_words",
]

VALUES_RULE = "0 a draw, +N a win (larger: sooner), -N a loss (larger: later)"
"""What the numbers of values for the player to move mean, in one line."""

MOVES_RULE = (
    '"win in N" and "loss in N" count the winner\'s own moves from here, the winning one '
    "included: in a loss in N the opponent wins with its Nth move"
)
"""How every interface counts N, in one line for help texts and legends."""

ESTIMATE_RULE = (
    "~ marks an estimate, not a proof: where the solver proved nothing in time, the engine's "
    "evaluation in tenths (+ favours the player to move; a threat is worth about +1)"
)
"""What ``~`` means, in one line for help texts and legends."""

Result = Literal["win", "loss", "draw", "at least a draw", "at most a draw", "not proven"]
"""What a value proves of the game's result."""


def moves_to_end(value: ColumnValue) -> int | None:
    """N of ``win in N`` or ``loss in N``: the winner's own moves to its winning stone, that
    stone included; ``None`` for a draw, bounds, an estimate, or a value without a distance.

    >>> moves_to_end(Exact(18, 3)), moves_to_end(Exact(-18, 4)), moves_to_end(Exact(0))
    (2, 2, None)
    """
    if isinstance(value, Exact) and value.value != 0:
        return value.own_moves
    if isinstance(value, Heuristic) and value.forced:
        return value.own_moves
    return None


def result_of(value: ColumnValue) -> Result | None:
    """What ``value`` proves of the result; ``None`` for what proves nothing of it (a heuristic
    value without a forced result, a probability, a column full or not searched).

    >>> result_of(Bounds(1, 5)), result_of(Bounds(-2, 0)), result_of(Estimate(9, 4))
    ('win', 'at most a draw', 'not proven')
    """
    if isinstance(value, Exact):
        return "win" if value.value > 0 else "loss" if value.value < 0 else "draw"
    if isinstance(value, Heuristic):
        return None if not value.forced else "win" if value.forced > 0 else "loss"
    proven = value.bounds if isinstance(value, Estimate) else value
    if isinstance(value, Estimate) and proven is None:
        return "not proven"
    if not isinstance(proven, Bounds):
        return None
    lower, upper = proven.lower, proven.upper
    if lower > 0:
        return "win"
    if upper < 0:
        return "loss"
    if lower == upper == 0:
        return "draw"
    if lower >= 0:
        return "at least a draw"
    if upper <= 0:
        return "at most a draw"
    return "not proven"


def value_words(value: ColumnValue) -> str:
    """A value in words: ``win in 9``, ``loss in 18``, ``draw``; for bounds what they prove
    (``win``, ``at least a draw``, ``not proven``); ``estimate`` for an estimate or a
    heuristic value unless proven bounds beside it settle something; ``73% to win``;
    ``full``; ``not searched``.

    >>> value_words(Exact(3, 7)), value_words(Bounds(-4, 0)), value_words(Estimate(4, 6))
    ('win in 4', 'at most a draw', 'estimate')
    """
    if value is Unvalued.FULL:
        return "full"
    if value is Unvalued.NOT_SEARCHED:
        return "not searched"
    if isinstance(value, Probability):
        return f"{round(value.value * 100)}% to win"
    result = result_of(value)
    if result is None or (isinstance(value, Estimate) and result == "not proven"):
        return "estimate"
    moves = moves_to_end(value)
    return result if moves is None else f"{result} in {moves}"


_VERBS = {
    "win": "wins",
    "loss": "loses",
    "draw": "draws",
    "at least a draw": "does not lose",
    "at most a draw": "does not win",
    "not proven": "is not proven",
}


def verb_words(value: ColumnValue) -> str:
    """A column's value as a verb, for sentences (``column 3 wins in 9``): ``wins in 9``,
    ``loses in 18``, ``draws``, ``does not lose``, ``is about +1.2`` for an estimate.

    >>> verb_words(Exact(-1, 36)), verb_words(Bounds(-3, 0)), verb_words(Estimate(-5, 8))
    ('loses in 18', 'does not win', 'is about -0.5')
    """
    if isinstance(value, Estimate):
        return f"is about {value.tenths}"
    result = result_of(value)
    if result is None:
        return "is not proven"
    moves = moves_to_end(value)
    verb = _VERBS[result]
    return verb if moves is None else f"{verb} in {moves}"


def label(value: ColumnValue) -> str:
    """A column's value as ``analyze``, ``solve --analyze`` and GTP's ``analyze`` print it,
    a word without spaces, so that a line of them splits into one a column: ``-2``, ``-1..3``
    (bounds), ``~+1.2`` (an estimate), ``h+12``, ``p=0.731``, ``-`` (a full column), ``?``
    (not searched); a heuristic search's forced result is its words joined by hyphens,
    ``win-in-2``, ``loss-in-1``."""
    if value is Unvalued.FULL:
        return "-"
    if value is Unvalued.NOT_SEARCHED:
        return "?"
    if isinstance(value, Heuristic) and value.forced:
        return value_words(value).replace(" ", "-")
    return str(value)


def labels(values: ColumnValues) -> tuple[str, ...]:
    """:func:`label` of every column, in order."""
    return tuple(label(value) for value in values.values)


def value_text(value: ColumnValue) -> str:
    """A value's number and words: ``-2 loss in 18``, ``+18 win in 1``, ``0 draw``, ``1..9
    win``, ``-3..2 not proven``, ``~-1.2 estimate``; a heuristic search's forced result in
    its words (``win in 2``); another heuristic value or a probability as :func:`label`
    writes it."""
    if isinstance(value, Exact):
        number = f"{value.value:+d}" if value.value else "0"
        return f"{number} {value_words(value)}"
    if isinstance(value, Bounds | Estimate):
        return f"{value} {value_words(value)}"
    if isinstance(value, Heuristic) and value.forced:
        return value_words(value)
    return label(value)


def move_sentence(move: MoveReview) -> str | None:
    """What a mistake or blunder of a review threw away, e.g. ``move 17 (X, column 3) threw
    the win: column 5 wins in 9, column 3 loses in 12``; for one graded by estimates, ``move
    9 (O, column 2) was likely a blunder: column 4 is about +1.2, column 2 is about -2.5
    (estimated, 0.41 of the expected result lost)``; ``None`` for other grades.

    >>> from fourinarow.analysis import review_game
    >>> move_sentence(review_game("4455").turning_points[1])
    'move 4 (O, column 5) threw the win: column 3 wins in 19, column 5 loses in 2'
    """
    if move.grade not in ("mistake", "blunder"):
        return None
    columns = move.values.values
    head = f"move {move.number} ({move.symbol}, column {move.label})"
    played = f"column {move.label} {verb_words(move.played)}"
    if move.estimated:
        head += f" was likely a {move.grade}"
        best = move.likely_best
        if best is None or move.loss is None:
            return head
        return head + (
            f": column {column_label(best)} {verb_words(columns[best])}, column {move.label} "
            f"{verb_words(columns[move.column])} (estimated, {move.loss:.2f} of the expected "
            "result lost)"
        )
    lost = "win" if result_of(move.before) == "win" else "draw"
    head += f" threw the {lost}: "
    alternative = move.best[0] if move.best else _surest(move)
    if alternative is None:
        return head + f"the best column {verb_words(move.before)}, {played}"
    better = verb_words(columns[alternative])
    return head + f"column {column_label(alternative)} {better}, {played}"


NO_TURNING_POINTS = "No turning points: no one threw a result away."
"""A game graded all by proof with no mistake or blunder."""

NO_TURNING_POINT_PROVEN = "No turning point proven."
"""A game without a proven mistake or blunder, some of whose moves were graded by estimates
or not at all: a turning point may hide among them."""


def turning_points_words(review: Review) -> str:
    """How many turning points (proven mistakes and blunders) a review found, in one sentence
    every front end says: ``2 turning points.``, ``1 turning point.``,
    :data:`NO_TURNING_POINTS` when every move was graded by proof and none threw a result
    away, else :data:`NO_TURNING_POINT_PROVEN`.

    >>> from fourinarow.analysis import review_game
    >>> turning_points_words(review_game("4455")), turning_points_words(review_game("44"))
    ('2 turning points.', 'No turning points: no one threw a result away.')
    """
    count = len(review.turning_points)
    if count:
        return "1 turning point." if count == 1 else f"{count} turning points."
    by = review.graded_by()
    return NO_TURNING_POINT_PROVEN if by["estimate"] or by["ungraded"] else NO_TURNING_POINTS


def _surest(move: MoveReview) -> Column | None:
    """The column with the highest proven lower bound: the one a sentence names when none is
    proven best."""
    proven = {
        c: v.value if isinstance(v, Exact) else v.lower
        for c, v in move.values.scores().items()
        if isinstance(v, Exact | Bounds)
    }
    return max(proven, key=lambda c: proven[c]) if proven else None
