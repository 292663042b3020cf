"""Typed scores: what kind of number a search found, and the value of every column.

A score is always from the view of the side to move in the position it values. Five kinds:

- :class:`Exact`: the proven game value in the standard convention (Pascal Pons'): 0 a draw; a
  win scores ``(W*H + 1 - n) // 2`` where ``n`` is the number of stones on the board before the
  winning one (faster wins score higher); a loss is the negative of the opponent's win. It knows
  its ``distance``: plies from the position to the winning stone, that stone included.
- :class:`Bounds`: proven lower and upper bounds on the exact value (a search stopped early).
- :class:`Heuristic`: a heuristic search's evaluation; ``forced`` is set when the search proved
  a win or loss within its horizon (then ``distance`` counts the plies to it).
- :class:`Probability`: an expected result from 0 (sure loss) to 1 (sure win), as MCTS gives.
- :class:`Estimate`: an analysis's value of a column it could not prove: the heuristic engine's
  evaluation at the depth it reached, with the bounds proven so far where they say something.

>>> from fourinarow.core import Board
>>> score = Exact.of(18, Board.from_moves("4455"))
>>> score, score.distance, score.result, -score
(Exact(value=18, distance=3), 3, 1, Exact(value=-18, distance=3))
>>> Bounds(-2, 4).to_json()
{'kind': 'bounds', 'lower': -2, 'upper': 4}
>>> str(Bounds(-2, 4)), str(Exact(0)), str(Heuristic(904)), str(Probability(0.731))
('-2..4', '0', 'h+904', 'p=0.731')
>>> str(Estimate(17, depth=14)), Estimate(17, depth=14).describe()
('~+1.7', 'about +1.7 (an estimate, depth 14)')

:class:`ColumnValues` holds one entry per column: a score, or :data:`Unvalued.FULL` for a full
column, or :data:`Unvalued.NOT_SEARCHED` for a legal column the search did not reach in time.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from fourinarow.core import Board, Column, FourInARowError, InvalidPositionError
from fourinarow.core.checks import shown
from fourinarow.core.geometry import board_side

__all__ = [
    "CALL_EDGES",
    "ESTIMATE_SCALE",
    "Bounds",
    "ColumnValue",
    "ColumnValues",
    "Estimate",
    "Exact",
    "Heuristic",
    "InvalidScoreError",
    "Probability",
    "Score",
    "ScoreKind",
    "Unvalued",
    "exact_value_of_win",
    "expected_result",
    "value_range",
]


class InvalidScoreError(FourInARowError):
    """A score built from values it cannot hold: a value that is not a whole number, bounds
    the wrong way round, a probability outside 0..1, a value no game on the board can have."""


_LARGEST = (1 << 63) - 1
"""The largest number a score holds either way: a 64-bit one, as JSON readers and kernels do."""


def _whole(value: object, what: str) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) of 64 bits, else ``InvalidScoreError``."""
    if value.__class__ is not int and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidScoreError(f"{what} is a whole number, not {shown(value)}")
    if not -_LARGEST <= value <= _LARGEST:
        raise InvalidScoreError(f"{what} is a 64-bit whole number, not {shown(value)}")
    return value


def _distance_of(value: object) -> None:
    """Check a distance: ``None``, or plies to the winning stone (at least 1)."""
    if value is not None and _whole(value, "a distance") < 1:
        raise InvalidScoreError(
            f"a distance is at least 1 ply (the winning stone), not {shown(value)}"
        )


def _board(board: object) -> Board:
    if not isinstance(board, Board):
        raise InvalidPositionError(f"a position is a Board, not {shown(board)}")
    return board


ScoreKind = Literal["exact", "bounds", "heuristic", "probability", "estimate"]


def value_range(board: Board) -> tuple[int, int]:
    """The lowest and highest exact value a game from ``board`` can have for its side to move:
    a loss to the opponent's last stone, a win with the side to move's next one.

    >>> value_range(Board.from_moves("4453"))
    (-19, 19)
    """
    cells = board.width * board.height
    return -((cells - board.ply) // 2), (cells + 1 - board.ply) // 2


def exact_value_of_win(width: int, height: int, ply: int, distance: int) -> int:
    """The standard-convention value for the side to move at ``ply`` (stones on the board) of a
    win whose winning stone is ``distance`` plies away (1: now); even distances are the
    opponent's wins, so their value is negative.

    Raises:
        InvalidScoreError: ``ply`` or ``distance`` is not a whole number, or the winning stone
            does not fit on the board.
        InvalidBoardSizeError: ``width`` or ``height`` is not a board's side.

    >>> exact_value_of_win(7, 6, 4, 1), exact_value_of_win(7, 6, 4, 2)
    (19, -19)
    """
    cells = board_side(width, "width") * board_side(height, "height")
    if not 0 <= _whole(ply, "a ply") < cells or not _whole(distance, "a distance") >= 1:
        raise InvalidScoreError(
            f"a win {shown(distance)} plies from ply {shown(ply)} does not fit {cells} cells"
        )
    if ply + distance > cells:
        raise InvalidScoreError(f"a win {distance} plies from ply {ply} does not fit {cells} cells")
    stones_before = ply + distance - 1
    value = (width * height + 1 - stones_before) // 2
    return value if distance % 2 else -value


def _own_moves(distance: int | None) -> int | None:
    """A distance in plies as the winner's own moves, the winning stone's included: the winner
    moves on plies 1, 3, 5... of it, the loser on 2, 4, 6... (``None`` stays ``None``)."""
    return None if distance is None else (distance + 1) // 2


def _distance(value: int, width: int, height: int, ply: int) -> int | None:
    """Plies from ``ply`` to the winning stone of an exact ``value`` (``None`` for a draw).

    A win is worth ``(cells + 1 - n) // 2`` with ``n`` stones on the board before the winning
    one, so two counts ``n`` give each value; the winner's turn decides which: the first player
    puts its stones on even counts, the second on odd ones. (On a board of an odd number of
    cells the first player has one stone more, so the two players' stone numbers differ.)

    >>> _distance(18, 7, 6, 4), _distance(-1, 5, 5, 3)  # X's 4th stone; X's 13th, the last cell
    (3, 22)
    """
    if value == 0:
        return None
    first_player_wins = (value > 0) == (ply % 2 == 0)
    before = width * height + 1 - 2 * abs(value)  # or one fewer: the count of the right parity
    if (before % 2 == 0) != first_player_wins:
        before -= 1
    return before + 1 - ply


@dataclass(frozen=True)
class Exact:
    """A proven game value in the standard convention, for the side to move.

    Attributes:
        value: 0 a draw, positive a win (larger: sooner), negative a loss.
        distance: plies to the winning stone, that stone included (``None``: a draw, or not
            known when the score was made without a board).
    """

    value: int
    distance: int | None = None

    kind: Literal["exact"] = field(default="exact", init=False, repr=False)

    def __post_init__(self) -> None:
        _whole(self.value, "an exact value")
        _distance_of(self.distance)

    @classmethod
    def of(cls, value: int, board: Board) -> Exact:
        """The exact score ``value`` of ``board``'s side to move, with its distance.

        Raises:
            InvalidScoreError: no game from ``board`` ends with that value.
        """
        board = _board(board)
        ply = board.ply
        lowest, highest = value_range(board)
        if not lowest <= _whole(value, "an exact value") <= highest:
            raise InvalidScoreError(
                f"no game from ply {ply} of a {board.width}x{board.height} board has the value "
                f"{shown(value)}: values go from {lowest} to {highest}"
            )
        return cls(value, _distance(value, board.width, board.height, ply))

    @property
    def result(self) -> int:
        """1 a win, 0 a draw, -1 a loss."""
        return (self.value > 0) - (self.value < 0)

    @property
    def own_moves(self) -> int | None:
        """The distance in the winner's own moves, the winning stone's included: a win (or a
        loss) in ``n``, as reviews and puzzles count it; ``None`` when there is no distance.

        >>> Exact(18, 1).own_moves, Exact(-5, 4).own_moves, Exact(0).own_moves
        (1, 2, None)
        """
        return _own_moves(self.distance)

    @property
    def exact(self) -> bool:
        """True: the value is proven."""
        return True

    def __neg__(self) -> Exact:
        return Exact(-self.value, self.distance)

    def __repr__(self) -> str:
        return f"Exact(value={self.value}, distance={self.distance})"

    def __str__(self) -> str:
        return str(self.value)

    def to_json(self) -> dict[str, object]:
        """``{"kind": "exact", "value": V, "distance": D}`` (distance ``None`` for a draw)."""
        return {"kind": "exact", "value": self.value, "distance": self.distance}


@dataclass(frozen=True)
class Bounds:
    """Proven bounds on an exact value not found within the limit (``lower <= upper``)."""

    lower: int
    upper: int

    kind: Literal["bounds"] = field(default="bounds", init=False, repr=False)

    def __post_init__(self) -> None:
        if _whole(self.lower, "a lower bound") > _whole(self.upper, "an upper bound"):
            raise InvalidScoreError(f"bounds go lower..upper, not {self.lower}..{self.upper}")

    @property
    def exact(self) -> bool:
        """False: only bounds are proven."""
        return False

    def __neg__(self) -> Bounds:
        return Bounds(-self.upper, -self.lower)

    def __repr__(self) -> str:
        return f"Bounds(lower={self.lower}, upper={self.upper})"

    def __str__(self) -> str:
        return f"{self.lower}..{self.upper}"

    def to_json(self) -> dict[str, object]:
        """``{"kind": "bounds", "lower": L, "upper": U}``."""
        return {"kind": "bounds", "lower": self.lower, "upper": self.upper}


@dataclass(frozen=True)
class Heuristic:
    """A heuristic evaluation (a search's own units), for the side to move.

    Attributes:
        value: larger is better; a proven win or loss scores beyond any evaluation.
        forced: 1 when the search proved a win within its horizon, -1 a loss, 0 neither.
        distance: with ``forced``, plies to the winning stone, that stone included.
    """

    value: int
    forced: int = 0
    distance: int | None = None

    kind: Literal["heuristic"] = field(default="heuristic", init=False, repr=False)

    def __post_init__(self) -> None:
        _whole(self.value, "a heuristic value")
        if _whole(self.forced, "forced") not in (-1, 0, 1):
            raise InvalidScoreError(f"forced is 1, 0 or -1, not {shown(self.forced)}")
        _distance_of(self.distance)

    @property
    def exact(self) -> bool:
        """False: a heuristic value is not a game value."""
        return False

    @property
    def own_moves(self) -> int | None:
        """A forced result's distance in the winner's own moves, the winning stone's included,
        as :attr:`Exact.own_moves` counts it (``None`` when nothing is forced).

        >>> Heuristic(10**6, 1, 3).own_moves, Heuristic(-(10**6), -1, 2).own_moves
        (2, 1)
        """
        return _own_moves(self.distance)

    def __neg__(self) -> Heuristic:
        return Heuristic(-self.value, -self.forced, self.distance)

    def __repr__(self) -> str:
        extra = f", forced={self.forced}, distance={self.distance}" if self.forced else ""
        return f"Heuristic(value={self.value}{extra})"

    def __str__(self) -> str:
        """``h+12``, or a forced result in the winner's own moves: ``win in 2``, as the solver's
        values, reviews and hints count them."""
        if self.forced:
            return f"{'win' if self.forced > 0 else 'loss'} in {self.own_moves}"
        return f"h{self.value:+d}"

    def to_json(self) -> dict[str, object]:
        """``{"kind": "heuristic", "value": V, "forced": F, "distance": D}``."""
        return {
            "kind": "heuristic",
            "value": self.value,
            "forced": self.forced,
            "distance": self.distance,
        }


@dataclass(frozen=True)
class Probability:
    """An expected result from 0 (sure loss) through 0.5 to 1 (sure win)."""

    value: float

    kind: Literal["probability"] = field(default="probability", init=False, repr=False)

    def __post_init__(self) -> None:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            raise InvalidScoreError(f"a probability is a number from 0 to 1, not {shown(value)}")

    @property
    def exact(self) -> bool:
        """False: an estimate."""
        return False

    def __neg__(self) -> Probability:
        return Probability(1 - self.value)

    def __repr__(self) -> str:
        return f"Probability(value={self.value})"

    def __str__(self) -> str:
        return f"p={self.value:.3f}"

    def to_json(self) -> dict[str, object]:
        """``{"kind": "probability", "value": P}``."""
        return {"kind": "probability", "value": self.value}


ESTIMATE_SCALE = 9.0
"""The evaluation (in the engine's units) at which an estimate's expected result is
``1 / (1 + e**-1)``, about 0.73: the logistic curve that turns evaluations into expected results.

Fitted on 7x6 positions of known value (``python benchmarks/estimate_calibration.py --sample
1000``: 4000 positions of the five standard sets past End-Easy, engine depth 8, those it proves
left out): the least Brier score is at 9.1 (0.1003, against 0.1133 at the earlier guess of 20);
at depth 12, 9.0. Values within 0.5 of 0 won 54% (expected 50%), from +1.5 to +3 90% (90%)."""


CALL_EDGES = (0.45, 0.55)
"""An estimate whose expected result is below the first edge calls a loss, above the second a
win, else a draw (:attr:`Estimate.likely_result`). Fitted to the learned evaluations' held-out
positions (7x6 and 6x7): a narrow band of draws calls more results right (7x6: 85.1% against
83.5% with edges at 1/3 and 2/3; 6x7: 82.8% against 82.2%), because a position whose expected
result is near one half is more often won or lost than drawn."""


@dataclass(frozen=True)
class Estimate:
    """An unproven column's likely value: the heuristic engine's evaluation of it at the depth
    its search reached, beside the exact value's bounds proven so far.

    An estimate is never a proof: it says which side the position leans to, not who wins.
    Shown as ``~+1.7`` (the evaluation in tenths; a threat on a row its owner can claim counts
    12, so about +1.2 each), in long form ``about +1.7 (an estimate, depth 14)``.

    Attributes:
        value: the evaluation in the engine's units, for the side to move; larger is better.
        depth: the plies the search looked ahead (at least 1).
        lower, upper: the bounds proven on the exact value, or ``None`` each where nothing
            was proven beyond the value's whole range.
    """

    value: int
    depth: int
    lower: int | None = None
    upper: int | None = None

    kind: Literal["estimate"] = field(default="estimate", init=False, repr=False)

    def __post_init__(self) -> None:
        _whole(self.value, "an estimated value")
        if _whole(self.depth, "a depth") < 1:
            raise InvalidScoreError(f"an estimate's depth is at least 1 ply, not {self.depth}")
        if (self.lower is None) != (self.upper is None):
            raise InvalidScoreError("an estimate's proven bounds are both given or both None")
        if (
            self.lower is not None
            and self.upper is not None
            and _whole(self.lower, "a lower bound") > _whole(self.upper, "an upper bound")
        ):
            raise InvalidScoreError(f"bounds go lower..upper, not {self.lower}..{self.upper}")

    @property
    def exact(self) -> bool:
        """False: an estimate is not a proven value."""
        return False

    @property
    def bounds(self) -> Bounds | None:
        """The bounds proven on the exact value, or ``None``."""
        if self.lower is None or self.upper is None:
            return None
        return Bounds(self.lower, self.upper)

    @property
    def expected(self) -> float:
        """The expected result from 0 (a loss) to 1 (a win) the evaluation stands for, on a
        logistic curve (see ``ESTIMATE_SCALE``).

        >>> Estimate(0, 8).expected, round(Estimate(9, 8).expected, 3)
        (0.5, 0.731)
        """
        return 1 / (1 + math.exp(-max(-700.0, min(700.0, self.value / ESTIMATE_SCALE))))

    @property
    def likely_result(self) -> Literal["win", "draw", "loss"]:
        """The result the estimate calls: a win when its expected result is above the higher of
        :data:`CALL_EDGES`, a loss when below the lower, else a draw; never a result its proven
        bounds rule out.

        >>> Estimate(12, 8).likely_result, Estimate(-1, 8).likely_result
        ('win', 'draw')
        >>> Estimate(-30, 8, 0, 5).likely_result  # at least a draw is proven
        'draw'
        """
        expected = self.expected
        low, high = CALL_EDGES
        call: Literal["win", "draw", "loss"] = (
            "win" if expected > high else "loss" if expected < low else "draw"
        )
        if self.lower is not None and self.upper is not None:
            if call == "loss" and self.lower >= 0:
                call = "draw" if self.lower == 0 else "win"
            elif call == "win" and self.upper <= 0:
                call = "draw" if self.upper == 0 else "loss"
            elif call == "draw" and (self.lower > 0 or self.upper < 0):
                call = "win" if self.lower > 0 else "loss"
        return call

    def __neg__(self) -> Estimate:
        if self.lower is None or self.upper is None:
            return Estimate(-self.value, self.depth)
        return Estimate(-self.value, self.depth, -self.upper, -self.lower)

    def __repr__(self) -> str:
        extra = "" if self.lower is None else f", lower={self.lower}, upper={self.upper}"
        return f"Estimate(value={self.value}, depth={self.depth}{extra})"

    @property
    def tenths(self) -> str:
        """The evaluation as shown, in tenths with its sign: ``+1.7``."""
        return f"{self.value / 10:+.1f}"

    def __str__(self) -> str:
        return f"~{self.tenths}"

    def describe(self) -> str:
        """The long form: ``about +1.7 (an estimate, depth 14)``, with the proven bounds where
        there are some (``, proven -2..5``)."""
        proven = "" if self.lower is None else f", proven {self.lower}..{self.upper}"
        return f"about {self.tenths} (an estimate, depth {self.depth}{proven})"

    def to_json(self) -> dict[str, object]:
        """``{"kind": "estimate", "value": V, "depth": D, "expected": E, "lower": L,
        "upper": U}`` (bounds ``None`` where not proven; ``expected`` rounded to 3 places)."""
        return {
            "kind": "estimate",
            "value": self.value,
            "depth": self.depth,
            "expected": round(self.expected, 3),
            "lower": self.lower,
            "upper": self.upper,
        }


Score = Exact | Bounds | Heuristic | Probability | Estimate
"""Any of the five kinds of score."""


class Unvalued(enum.Enum):
    """Why a column has no score: it is full, or the search did not reach it in time."""

    FULL = "full"
    NOT_SEARCHED = "not searched"

    def __str__(self) -> str:
        return self.value


ColumnValue = Score | Unvalued
"""A column's entry in :class:`ColumnValues`."""


@dataclass(frozen=True)
class ColumnValues:
    """What playing each column is worth to the side to move (the one analysis result).

    Attributes:
        values: per column (0-based), a score, or ``Unvalued.FULL`` / ``Unvalued.NOT_SEARCHED``.
        nodes: positions searched.
        elapsed: seconds taken.

    >>> values = ColumnValues((Exact(2), Unvalued.FULL, Bounds(-1, 3), Unvalued.NOT_SEARCHED))
    >>> values.legal, values.exact, values.labels()
    ((0, 2, 3), False, ('2', '-', '-1..3', '?'))
    """

    values: tuple[ColumnValue, ...]
    nodes: int = 0
    elapsed: float = 0.0

    def __post_init__(self) -> None:
        values = self.values
        if isinstance(values, str | bytes) or not isinstance(values, Sequence):
            raise InvalidScoreError(f"values are a sequence, one per column, not {shown(values)}")
        for value in values:
            if not isinstance(value, Score | Unvalued):
                raise InvalidScoreError(
                    f"a column's value is a score or an Unvalued, not {shown(value)}"
                )
        if _whole(self.nodes, "a node count") < 0:
            raise InvalidScoreError(f"a node count is at least 0, not {self.nodes}")
        elapsed = self.elapsed
        if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not elapsed >= 0:
            raise InvalidScoreError(f"elapsed is a number of seconds, not {shown(elapsed)}")
        if not isinstance(values, tuple):
            object.__setattr__(self, "values", tuple(values))

    @property
    def legal(self) -> tuple[Column, ...]:
        """The columns that are not full."""
        return tuple(c for c, v in enumerate(self.values) if v is not Unvalued.FULL)

    @property
    def exact(self) -> bool:
        """True when every legal column's value is proven exactly."""
        return all(isinstance(self.values[c], Exact) for c in self.legal)

    def scores(self) -> dict[Column, Score]:
        """The columns that have a score, with it."""
        return {c: v for c, v in enumerate(self.values) if not isinstance(v, Unvalued)}

    def exact_values(self) -> tuple[int | None, ...]:
        """Per column, the exact value, ``None`` where not proven or full (as Pons' API)."""
        return tuple(v.value if isinstance(v, Exact) else None for v in self.values)

    def best_moves(self) -> tuple[Column, ...]:
        """The columns whose value is proven best: exact scores no other column can beat.
        Empty when no column is proven best (some are not searched, or bounds overlap); for
        heuristic and probability values, the columns with the highest value; and where some
        columns hold estimates, the likely best (see :meth:`likely_best`)."""
        scores = self.scores()
        if not scores:
            return ()
        if any(isinstance(s, Estimate) for s in scores.values()):
            return self._likely_best(scores)
        if all(isinstance(s, Heuristic | Probability) for s in scores.values()):
            top = max(s.value for s in scores.values())  # type: ignore[union-attr]
            return tuple(c for c, s in scores.items() if s.value == top)  # type: ignore[union-attr]
        if len(scores) < len(self.legal):
            return ()
        low = {c: _low(s) for c, s in scores.items()}
        high = {c: _high(s) for c, s in scores.items()}
        best = max(low.values())
        if max(high.values()) > best:
            return ()
        return tuple(c for c in scores if low[c] == high[c] == best)

    def likely_best(self) -> tuple[Column, ...]:
        """The best columns by proofs first, estimates second: the proven best where there is
        one, else, among the columns no proof shows worse than another, those with the highest
        expected result (a proven win 1, a proven draw 0.5, a proven loss 0, an estimate its
        ``expected``, kept within what its bounds prove). Empty when nothing is valued.

        >>> ColumnValues((Estimate(-5, 9), Bounds(-3, 2), Estimate(12, 9))).likely_best()
        (2,)
        """
        scores = self.scores()
        if not scores:
            return ()
        return self.best_moves() or self._likely_best(scores)  # with estimates: the same

    def _likely_best(self, scores: dict[Column, Score]) -> tuple[Column, ...]:
        floor = max(_low(s) for s in scores.values())
        hopeful = {c: s for c, s in scores.items() if _high(s) >= floor}
        rank = {c: (round(expected_result(s), 9), _low(s), _high(s)) for c, s in hopeful.items()}
        top = max(rank.values())
        return tuple(c for c, r in rank.items() if r == top)

    def labels(self) -> tuple[str, ...]:
        """Short text per column: the score, ``-`` for a full column, ``?`` not searched."""
        return tuple(_label(v) for v in self.values)

    def to_json(self) -> list[dict[str, object]]:
        """Per column, its score's JSON with a 1-based ``column``, or ``{"kind": "full"}`` /
        ``{"kind": "not searched"}``."""
        return [
            {"column": c + 1, **({"kind": v.value} if isinstance(v, Unvalued) else v.to_json())}
            for c, v in enumerate(self.values)
        ]

    @classmethod
    def of(
        cls,
        scores: Sequence[Score | None],
        board: Board,
        *,
        nodes: int = 0,
        elapsed: float = 0.0,
    ) -> ColumnValues:
        """Values from a score per column of ``board`` (``None`` for a column not searched);
        full columns are marked full whatever their entry.

        Raises:
            InvalidScoreError: ``scores`` does not hold one score or ``None`` per column.
        """
        _board(board)
        if isinstance(scores, str | bytes) or not isinstance(scores, Sequence):
            raise InvalidScoreError(f"scores are a sequence, one per column, not {shown(scores)}")
        if len(scores) != board.width:
            raise InvalidScoreError(f"{len(scores)} scores for the {board.width} columns")
        values: list[ColumnValue] = []
        for column, score in enumerate(scores):
            if score is not None and not isinstance(score, Score):
                raise InvalidScoreError(f"a column's score is a score or None, not {shown(score)}")
            if not board.is_legal(column):
                values.append(Unvalued.FULL)
            else:
                values.append(Unvalued.NOT_SEARCHED if score is None else score)
        return cls(tuple(values), nodes, elapsed)

    @classmethod
    def from_bounds(
        cls,
        bounds: Sequence[tuple[int, int] | None],
        board: Board,
        *,
        nodes: int = 0,
        elapsed: float = 0.0,
    ) -> ColumnValues:
        """Values from proven ``(lower, upper)`` bounds per column of ``board`` (``None`` for a
        column not searched), each as the side to move's value of playing it.

        Raises:
            InvalidScoreError: an entry is not ``None`` or two whole numbers, lower first.
        """
        if isinstance(bounds, str | bytes) or not isinstance(bounds, Sequence):
            raise InvalidScoreError(f"bounds are a sequence, one per column, not {shown(bounds)}")
        for entry in bounds:
            if entry is not None and not (isinstance(entry, tuple | list) and len(entry) == 2):
                raise InvalidScoreError(f"bounds are (lower, upper) or None, not {shown(entry)}")
        scores = [
            None if b is None else Exact.of(b[0], board) if b[0] == b[1] else Bounds(*b)
            for b in bounds
        ]
        return cls.of(scores, board, nodes=nodes, elapsed=elapsed)


def _low(score: Score) -> float:
    if isinstance(score, Estimate):
        return -math.inf if score.lower is None else score.lower
    return score.lower if isinstance(score, Bounds) else score.value


def _high(score: Score) -> float:
    if isinstance(score, Estimate):
        return math.inf if score.upper is None else score.upper
    return score.upper if isinstance(score, Bounds) else score.value


def _sign(value: float) -> int:
    return (value > 0) - (value < 0)


def expected_result(score: Score) -> float:
    """The expected result a score stands for, from 0 (a loss) to 1 (a win): a proven win 1, a
    proven draw 0.5, a proven loss 0; an estimate its ``expected``, kept within what its bounds
    prove; bounds the middle of the results they allow; a probability its value.

    >>> from fourinarow.core import Board
    >>> expected_result(Exact(3)), expected_result(Bounds(-4, -1)), expected_result(Bounds(0, 6))
    (1.0, 0.0, 0.75)
    >>> round(expected_result(Estimate(-9, 9)), 3), expected_result(Estimate(-9, 9, 0, 6))
    (0.269, 0.5)
    """
    if isinstance(score, Probability):
        return score.value
    if isinstance(score, Heuristic):
        return 0.5 + 0.5 * score.forced
    floor = (1 + _sign(_low(score))) / 2
    ceiling = (1 + _sign(_high(score))) / 2
    if isinstance(score, Estimate):
        return min(ceiling, max(floor, score.expected))
    return (floor + ceiling) / 2


def _label(value: ColumnValue) -> str:
    if value is Unvalued.FULL:
        return "-"
    if value is Unvalued.NOT_SEARCHED:
        return "?"
    return str(value)
