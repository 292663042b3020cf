"""Explanations in words: why a position is won, drawn or lost, and why a move wins or loses.

An explanation lists typed facts (:class:`~fourinarow.analysis.explain.Fact`): the threats each
side holds and their rows' parity, the tactics (a win at once, a forced block, a double threat,
a move that gives the opponent the cell above), and proofs by Allis' rules (claimeven,
vertical, baseinverse, zugzwang, aftereven). It reads the board alone; every result it states is
proven, so it may be silent about a value but never contradicts the solver.

>>> from fourinarow.core import Board
>>> from fourinarow.analysis.explain import explain
>>> explain(Board.from_moves("112233"), 3).sentences[-1]
'X wins at once in column 4.'
"""

from __future__ import annotations

from fourinarow.analysis.explain.explanation import Explanation, Proves, explain
from fourinarow.analysis.explain.facts import (
    Cell,
    DoubleThreat,
    Fact,
    ForcedWin,
    GivesCellAbove,
    ImmediateWin,
    LeavesWin,
    LosesTo,
    MustBlock,
    RuleOfThumb,
    RuleProof,
    Threats,
    ZugzwangControl,
)

__all__ = [
    "Cell",
    "DoubleThreat",
    "Explanation",
    "Fact",
    "ForcedWin",
    "GivesCellAbove",
    "ImmediateWin",
    "LeavesWin",
    "LosesTo",
    "MustBlock",
    "Proves",
    "RuleOfThumb",
    "RuleProof",
    "Threats",
    "ZugzwangControl",
    "explain",
]
