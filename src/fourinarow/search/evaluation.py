"""Heuristic evaluations for depth-limited search: the classic minimax tutorials' and our own.

Every evaluation scores a position that is not over, from one player's view, for any board shape
and connect length N: ``evaluate(own, other, own_to_move)`` takes that player's stones, the
opponent's (in the bit layout of :mod:`fourinarow.core.geometry`) and whether it is that player's
turn. As in the tutorials, the search evaluates its leaves from the view of the player it plays for.
Wins and losses are not the evaluation's business: the search scores finished games itself, above
any evaluation, so an evaluation's own "win" weights only matter for lines it sees on the board.

The tutorials' weights, generalised from connect 4 to connect N:

- ``window`` (two of the tutorials): each line of N cells scores +100 with N own stones, +5 with
  N-1 own and one empty, +2 with N-2 (at least one) own and two empty, -4 with N-1 of the
  opponent's and one empty; each own stone in the centre column (both middle columns on even
  widths) +3.
- ``connections`` (a third tutorial): every maximal run of a player's stones in a direction with
  an empty cell at one end at least: 2 -> 4, 3 -> 9, k -> k*k below N, N or more -> 1000; own
  minus opponent's. (The tutorial returned from inside its loop after one run: fixed.)
- ``rivest`` (a fourth, after Rivest 1988): each line of N cells holding only one player's stones
  scores 1, 10 or 50 for N-3 or fewer, N-2 or N-1 stones (+512 for N), own minus opponent's, and
  +16 for having the move.
- ``streaks`` (a fifth, whose study ``fourinarow experiment`` reproduces): the number of runs of N,
  N-1 and N-2 own stones in a row (counted as the tutorial does, once per starting cell) weighted
  100000, 100 and 10, minus the opponent's N-1 and N-2 runs. (The tutorial's depth bonus is the
  search's preference for faster wins here.)
- ``threats`` (ours): threat analysis with the odd/even rule: each empty cell that would complete
  a line for a player counts, far more when its row has the parity that player needs (odd rows,
  counted from 1 at the bottom, for the first player; even rows for the second) and more again
  when it is the lowest such cell in its column; and each stone counts once for every line
  through it that the opponent has not blocked (three times when the line is nearly full), which
  favours the centre.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from fourinarow.core import MAX_SIDE, MIN_CONNECT, FourInARowError, Geometry, InvalidBoardSizeError
from fourinarow.core.checks import shown, whole_number
from fourinarow.search.constants import RIVEST_TO_MOVE_BONUS, WINDOW_CENTRE_WEIGHT

__all__ = [
    "EVALUATIONS",
    "Evaluation",
    "EvaluationName",
    "UnknownEvaluationError",
    "count_scores",
    "evaluation_name",
    "lines_across",
    "make_evaluation",
]


Evaluation = Callable[[int, int, bool], int]
"""An evaluation: ``(own, other, own_to_move) -> score`` from the view of ``own``'s player."""


def count_scores(kind: str, n: int) -> list[list[int]]:
    """The score of one line of ``n`` cells by its stone counts, ``[mine][theirs]``, for the
    ``window`` and ``rivest`` evaluations (the compiled kernel reads its table from here).

    Raises:
        UnknownEvaluationError: ``kind`` is neither ``window`` nor ``rivest``.
        InvalidBoardSizeError: ``n`` is not a connect length.

    >>> count_scores("window", 4)[3][0], count_scores("window", 4)[0][3]
    (5, -4)
    """
    if kind not in ("window", "rivest") or not isinstance(kind, str):
        raise UnknownEvaluationError(
            f"count_scores knows the evaluations window and rivest, not {shown(kind)}"
        )
    if not MIN_CONNECT <= whole_number(n, "a line length", InvalidBoardSizeError) <= MAX_SIDE:
        raise InvalidBoardSizeError(f"a line length goes from {MIN_CONNECT} to {MAX_SIDE}, not {n}")
    table = [[0] * (n + 1) for _ in range(n + 1)]
    rivest = [0] + [1 if k <= n - 3 else 10 if k == n - 2 else 50 for k in range(1, n)] + [512]
    for mine in range(n + 1):
        for theirs in range(n + 1 - mine):
            empty = n - mine - theirs
            score = 0
            if kind == "window":
                if mine == n:
                    score += 100
                elif mine == n - 1 and empty == 1:
                    score += 5
                elif mine == n - 2 and mine > 0 and empty == 2:
                    score += 2
                if theirs == n - 1 and empty == 1:
                    score -= 4
            elif kind == "rivest":
                if not theirs:
                    score += rivest[mine]
                elif not mine:
                    score -= rivest[theirs]
            table[mine][theirs] = score
    return table


def _window(shape: Geometry) -> Evaluation:
    centre = shape.centre_mask
    windows = shape.windows
    scores = count_scores("window", shape.connect)

    def evaluate(own: int, other: int, own_to_move: bool) -> int:
        score = WINDOW_CENTRE_WEIGHT * (own & centre).bit_count()
        for window in windows:
            score += scores[(own & window).bit_count()][(other & window).bit_count()]
        return score

    return evaluate


def lines_across(shape: Geometry) -> list[list[int]]:
    """Every line across the whole board in each direction, as its cells' masks in order.

    Raises:
        InvalidBoardSizeError: ``shape`` is not a :class:`Geometry`.
    """
    if not isinstance(shape, Geometry):
        raise InvalidBoardSizeError(f"a board shape is a Geometry, not {shown(shape)}")
    width, height, stride = shape.width, shape.height, shape.stride
    lines = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for column in range(width):
            for row in range(height):
                if 0 <= column - dc < width and 0 <= row - dr < height:
                    continue  # a line in this direction does not start here
                cells = []
                c, r = column, row
                while 0 <= c < width and 0 <= r < height:
                    cells.append(1 << (c * stride + r))
                    c, r = c + dc, r + dr
                lines.append(cells)
    return lines


def _connections(shape: Geometry) -> Evaluation:
    n = shape.connect
    lines = lines_across(shape)

    def side(stones: int, occupied: int) -> int:
        total = 0
        for cells in lines:
            run = 0
            open_before = False  # the line's start is the board's edge
            for cell in [*cells, 0]:  # 0: the edge after the line's end
                if cell and stones & cell:
                    run += 1
                    continue
                open_here = cell != 0 and not occupied & cell
                if run >= 2 and (open_before or open_here):
                    total += 1000 if run >= n else run * run
                open_before = open_here
                run = 0
        return total

    def evaluate(own: int, other: int, own_to_move: bool) -> int:
        occupied = own | other
        return side(own, occupied) - side(other, occupied)

    return evaluate


def _rivest(shape: Geometry) -> Evaluation:
    windows = shape.windows
    scores = count_scores("rivest", shape.connect)

    def evaluate(own: int, other: int, own_to_move: bool) -> int:
        score = RIVEST_TO_MOVE_BONUS if own_to_move else -RIVEST_TO_MOVE_BONUS
        for window in windows:
            score += scores[(own & window).bit_count()][(other & window).bit_count()]
        return score

    return evaluate


def _streaks(shape: Geometry) -> Evaluation:
    n = shape.connect
    by_length = {k: shape.line_masks(k) for k in {n, n - 1, n - 2} if k >= 2}

    def count(stones: int, length: int) -> int:
        return sum(1 for line in by_length.get(length, ()) if stones & line == line)

    def evaluate(own: int, other: int, own_to_move: bool) -> int:
        if count(other, n):
            return -100_000
        mine = count(own, n) * 100_000 + count(own, n - 1) * 100 + count(own, n - 2) * 10
        return mine - (count(other, n - 1) * 100 + count(other, n - 2) * 10)

    return evaluate


def _winning_cells(windows: tuple[int, ...], stones: int, occupied: int) -> int:
    """The empty cells where ``stones`` would complete one of the lines ``windows``."""
    cells = 0
    for window in windows:
        missing = window & ~stones
        if missing & (missing - 1) == 0 and missing & ~occupied:
            cells |= missing
    return cells & ~occupied


def _threats(shape: Geometry) -> Evaluation:
    windows = shape.windows
    n = shape.connect
    odd_rows = shape.odd_rows_mask
    full = shape.full_mask
    bottom = shape.bottom_mask

    def side(stones: int, others: int, occupied: int, good_rows: int) -> int:
        threats = _winning_cells(windows, stones, occupied)
        playable = (occupied + bottom) & full
        lowest = threats & ~(threats << 1)  # no threat of the same player just below
        score = 12 * (threats & good_rows).bit_count() + 4 * (threats & ~good_rows).bit_count()
        score += 6 * (lowest & good_rows).bit_count() + 3 * (threats & playable).bit_count()
        for window in windows:
            if not others & window:  # a line still open: each stone in it counts
                mine = (stones & window).bit_count()
                score += 3 * mine if mine >= n - 2 else mine
        return score

    def evaluate(own: int, other: int, own_to_move: bool) -> int:
        occupied = own | other
        own_first = (occupied.bit_count() % 2 == 0) == own_to_move  # own moved first
        own_rows = odd_rows if own_first else full & ~odd_rows
        other_rows = full & ~own_rows
        return side(own, other, occupied, own_rows) - side(other, own, occupied, other_rows)

    return evaluate


EvaluationName = Literal["window", "connections", "rivest", "streaks", "threats"]
"""The name of one of the evaluations."""

EVALUATIONS: dict[EvaluationName, Callable[[Geometry], Evaluation]] = {
    "window": _window,
    "connections": _connections,
    "rivest": _rivest,
    "streaks": _streaks,
    "threats": _threats,
}
"""Every evaluation by name, each a factory taking the board shape."""


class UnknownEvaluationError(FourInARowError):
    """A name that is not one of the evaluations."""


def evaluation_name(text: str) -> EvaluationName:
    """The evaluation ``text`` names (case-insensitive).

    Raises:
        UnknownEvaluationError: no such evaluation; the message lists them.

    >>> evaluation_name("Window")
    'window'
    """
    if isinstance(text, str):
        for name in EVALUATIONS:
            if name == text.strip().lower():
                return name
    raise UnknownEvaluationError(
        f"unknown evaluation {shown(text)}; accepted: {', '.join(EVALUATIONS)}"
    )


def make_evaluation(name: str, width: int, height: int, connect: int) -> Evaluation:
    """The evaluation called ``name`` for one board shape.

    Raises:
        UnknownEvaluationError: no such evaluation.
        InvalidBoardSizeError: the shape is out of range.

    >>> evaluate = make_evaluation("window", 7, 6, 4)
    >>> evaluate(0b1, 0, False)  # one stone in the bottom-left corner: no centre, no windows
    0
    """
    return EVALUATIONS[evaluation_name(name)](Geometry(width, height, connect))
