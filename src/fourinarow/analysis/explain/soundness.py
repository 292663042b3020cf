"""Check an explanation against the solver: every result it states must hold.

:func:`false_claims` takes the exact value of every column (a weak solve's sign is enough) and
lists the claims that contradict them; an empty list means the explanation is sound. The tests
and the benchmark ``benchmarks/explanations.py`` run it over thousands of positions.

>>> from fourinarow.core import Board
>>> from fourinarow.search.solver import Solver
>>> from fourinarow.analysis.explain import explain
>>> board = Board.from_moves("112233")
>>> false_claims(explain(board), column_signs(Solver(tt_mb=16), board))
[]
"""

from __future__ import annotations

from collections.abc import Sequence

from fourinarow.analysis.explain.explanation import Explanation
from fourinarow.analysis.explain.facts import (
    DoubleThreat,
    Fact,
    ForcedWin,
    GivesCellAbove,
    ImmediateWin,
    LeavesWin,
    LosesTo,
    MustBlock,
    RuleProof,
    Threats,
    ZugzwangControl,
)
from fourinarow.core import Board
from fourinarow.search.scores import Exact
from fourinarow.search.solver import Solver

__all__ = ["column_signs", "false_claims", "holds"]

Signs = Sequence[int | None]
"""Per column, the sign of its exact value for the player to move (1, 0, -1), None if full."""


def column_signs(solver: Solver, board: Board) -> list[int | None]:
    """The sign of every column's exact value for the player to move (None: full column)."""
    values = solver.analyze(board, weak=True).values
    return [v.result if isinstance(v, Exact) else None for v in values]


def _best(signs: Signs) -> int:
    return max(s for s in signs if s is not None)


def holds(fact: Fact, board: Board, signs: Signs) -> bool:
    """True if ``fact``, stated of ``board``, agrees with the columns' exact ``signs``."""
    mover = board.turn
    legal = [c for c, s in enumerate(signs) if s is not None]
    if isinstance(fact, Threats):
        geometry, bits = board.geometry, board.bitboards[fact.player - 1]
        return all(
            board.cell(c.column, c.row) == 0
            and geometry.completes_line(bits, geometry.bit(c.column, c.row))
            for c in fact.cells
        )
    if isinstance(fact, ImmediateWin):
        return fact.player == mover and signs[fact.column] == 1
    if isinstance(fact, MustBlock):
        return fact.player == mover and all(signs[c] == -1 for c in legal if c != fact.column)
    if isinstance(fact, DoubleThreat):
        if fact.column is None:
            return fact.player != mover and _best(signs) == -1
        return fact.player == mover and signs[fact.column] == 1
    if isinstance(fact, ForcedWin):
        return fact.player == mover and signs[fact.column] == 1
    if isinstance(fact, GivesCellAbove | LeavesWin | LosesTo):
        return fact.player == mover and signs[fact.column] == -1
    if isinstance(fact, RuleProof | ZugzwangControl):
        wins = isinstance(fact, RuleProof) and fact.proven == "win"
        if fact.column is None:
            best = _best(signs)
            return fact.player != mover and (best == -1 if wins else best <= 0)
        sign = signs[fact.column]
        return fact.player == mover and sign is not None and (sign == 1 if wins else sign >= 0)
    return not fact.result  # observations without a check of their own


_PROVES = {
    "win": lambda v: v == 1,
    "loss": lambda v: v == -1,
    "draw": lambda v: v == 0,
    "at least a draw": lambda v: v >= 0,
    "at most a draw": lambda v: v <= 0,
}


def false_claims(explanation: Explanation, signs: Signs) -> list[str]:
    """The claims of ``explanation`` that the columns' exact ``signs`` contradict, each as its
    kind and sentence; ``proves`` is checked too. Empty when it is sound."""
    board = explanation.board
    wrong = [
        f"{fact.kind}: {fact.sentence()}"
        for fact in explanation.facts
        if not holds(fact, board, signs)
    ]
    if explanation.proves is not None:
        column = explanation.column
        value = _best(signs) if column is None else signs[column]
        if value is None or not _PROVES[explanation.proves](value):
            wrong.append(f"proves: {explanation.proves} for a value of sign {value}")
    return wrong
