"""The text of a game's review, as ``fourinarow review`` and ``fourinarow play`` print it:
every move graded, the game's course as a small chart, the turning points with why each move
was wrong, why the better one is right and the best line from there, and the per-player
summary."""

from __future__ import annotations

import textwrap

from fourinarow.cli.course_graph import course_graph
from fourinarow.core import Column, column_label
from fourinarow.core.render import render_text
from fourinarow.search.scores import Estimate, Exact
from fourinarow.search.solver import Solver
from fourinarow.service.coach import Explanation, best_line, line_limit, move_explanations
from fourinarow.service.reviews import GRADES, SYMBOLS, MoveReview, Review, Value
from fourinarow.service.words import (
    ESTIMATE_RULE,
    move_sentence,
    turning_points_words,
    value_text,
)

__all__ = ["explanation_lines", "line_text", "review_text"]

TEXT_WIDTH = 79
"""The widest line of the sentences (the chart keeps within 80 columns too)."""


def line_text(line: tuple[Column, ...]) -> str:
    """A best line as the columns to play, 1-based: ``4 4 3 5``."""
    return " ".join(column_label(c) for c in line)


def explanation_lines(label: str, explanation: Explanation | None, indent: str = "  ") -> list[str]:
    """Why, in wrapped lines: ``label`` then the explanation's headline (what it proves and
    why); nothing when it proves nothing (the solver's search is then the only reason)."""
    if explanation is None or explanation.headline is None:
        return []
    return textwrap.wrap(
        f"{label} {explanation.headline}",
        TEXT_WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
    )


def _why(review: Review, move: MoveReview, solver: Solver) -> list[str]:
    """Why the move was wrong, why the better column is right, and the best line there."""
    played, best = move_explanations(review, move.number)
    lines = explanation_lines("Why:", played)
    if best is not None and best.column != move.column:
        lines += explanation_lines("Better:", best)
    board = review.board_after(move.ply)
    line = best_line(board, limit=line_limit(review), solver=solver)
    if line:
        lines.append(f"  Best line from the board above: {line_text(line)}")
    return lines


def _shown(value: Value, estimate: object) -> str:
    """A proven value with its words (``-2 loss in 18``), else the column's estimate
    (``~+1.2``) where there is one."""
    if not isinstance(value, Exact) and isinstance(estimate, Estimate):
        return str(estimate)
    return value_text(value) if isinstance(value, Exact) else str(value)


def _line(move: MoveReview, width: int) -> str:
    mark = move.mark + ("*" if move.from_bounds else "") + (" est." if move.estimated else "")
    best = " ".join(column_label(c) for c in move.best)
    likely = move.likely_best
    if not best and move.estimated and likely is not None:
        best = "~" + column_label(likely)
    columns = move.values.values
    before = _shown(move.before, None if likely is None else columns[likely])
    return (
        f"{move.number:>4}  {move.symbol}  {move.label:>3}  {mark:<{width}}"
        f"{before:<16}{_shown(move.played, columns[move.column]):<16}{best or '?'}"
    )


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{share:.0%}"


def _result(review: Review) -> str:
    outcome = review.board.outcome()
    if outcome is None:
        return "unfinished"
    if outcome.is_draw:
        return "a draw"
    assert outcome.winner is not None
    return f"{SYMBOLS[outcome.winner]} wins"


def review_text(review: Review, solver: Solver | None = None) -> str:
    """The review as text, as ``fourinarow review`` prints it: one line per move, the
    course chart, the turning points with the board before each and why, and the per-player
    summary. ``solver`` finds the best lines (the review's, to reuse its table)."""
    solver = Solver(tt_mb=32) if solver is None else solver
    moves = review.board.to_moves()
    width = 9 if any(move.estimated for move in review.moves) else 4  # room for " est."
    lines = [
        f"Review of {moves} ({review.width}x{review.height}, connect {review.connect}): "
        f"{_result(review)}",
        "",
        f"{'move':>4}     {'col':>3}  {'':<{width}}{'before':<16}{'played':<16}best",
    ]
    lines += [_line(move, width) for move in review.moves]
    lines += ["", *course_graph(review)]
    turning = review.turning_points
    by = review.graded_by()
    lines += ["", "Turning points:" if turning else turning_points_words(review)]
    for move in turning:
        lines += ["", f"{move_sentence(move)}.", render_text(review.board_after(move.ply))]
        lines += _why(review, move, solver)
    likely = review.likely_turning_points
    if likely:
        lines += ["", "Likely turning points (graded by estimates, not proven):"]
        for move in likely:
            lines += textwrap.wrap(
                f"{move_sentence(move)}.", TEXT_WIDTH, initial_indent="  ", subsequent_indent="    "
            )
    lines += [
        "",
        f"Graded: {by['proof']} moves by proof, {by['estimate']} by estimate (marked est.), "
        f"{by['ungraded']} ungraded (marked ~).",
    ]
    if by["estimate"]:
        lines += textwrap.wrap(f"Values: {ESTIMATE_RULE}.", TEXT_WIDTH)
    names = {"best": "best", "inaccuracy": "?!", "mistake": "?", "blunder": "??", "unproven": "~"}
    header = "".join(f"{names[g]:>6}" for g in GRADES)
    lines += ["", f"player  moves{header}  accuracy  weighted"]
    for summary in review.summaries():
        counts = "".join(f"{summary.counts[g]:>6}" for g in GRADES)
        lines.append(
            f"{SYMBOLS[summary.player]:<6}  {summary.moves:>5}{counts}"
            f"  {_percent(summary.accuracy):>8}  {_percent(summary.weighted_accuracy):>8}"
        )
    return "\n".join(lines)
