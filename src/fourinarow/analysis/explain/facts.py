"""The facts an explanation is made of: typed claims, each with its sentence and JSON form.

A fact is either an **observation**, true of the board as it stands (where each side threatens to
complete a line, a rule of thumb's reading of those threats), or a **result**, a claim about the
game's value under perfect play (a win at once, a forced block, a double threat, a rule's proof).
Results are only ever stated where a short argument proves them; the tests check every one of
them against the solver. A result may be missing from an explanation, never false.

Columns and rows are 0-based in code and 1-based in words, rows counted from the bottom as Allis
counts them: row 1 is the bottom row, an **odd** row; row 2 is an **even** one.

>>> Cell(3, 1).name, Cell(3, 1).parity
('column 4, row 2', 'even')
>>> ImmediateWin(1, 3).sentence()
'X wins at once in column 4.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from fourinarow.core import Column, Player, column_label

__all__ = [
    "Cell",
    "DoubleThreat",
    "Fact",
    "ForcedWin",
    "GivesCellAbove",
    "ImmediateWin",
    "LeavesWin",
    "LosesTo",
    "MustBlock",
    "Proven",
    "RuleOfThumb",
    "RuleProof",
    "Threats",
    "ZugzwangControl",
    "player_name",
]

Proven = Literal["win", "draw"]
"""What a rule proof proves for its player: ``win``, or ``draw`` for at least a draw."""


def player_name(player: Player) -> str:
    """``X`` for the first player, ``O`` for the second, as the boards show them."""
    return "X" if player == 1 else "O"


def _other(player: Player) -> str:
    return player_name(3 - player)


def _column(column: Column) -> str:
    return f"column {column_label(column)}"


@dataclass(frozen=True, order=True)
class Cell:
    """A cell of the board: ``column`` and ``row`` from 0, row 0 at the bottom."""

    column: int
    row: int

    @property
    def name(self) -> str:
        """The cell as the words say it: ``column 4, row 2``, both counted from 1."""
        return f"{_column(self.column)}, row {self.row + 1}"

    @property
    def parity(self) -> Literal["odd", "even"]:
        """``odd`` or ``even``: the parity of the row counted from 1 at the bottom."""
        return "odd" if self.row % 2 == 0 else "even"

    def to_json(self) -> dict[str, Any]:
        """The cell as JSON: 1-based ``column`` and ``row``, and the row's ``parity``."""
        return {"column": self.column + 1, "row": self.row + 1, "parity": self.parity}


def _cells(cells: tuple[Cell, ...]) -> str:
    names = [cell.name for cell in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(frozen=True)
class Fact:
    """A claim of an explanation; subclasses say what it claims.

    Attributes:
        player: the player the fact is about (1 or 2).
    """

    kind: ClassVar[str] = "fact"
    result: ClassVar[bool] = True
    """True for a claim about the value under perfect play; False for an observation."""

    player: Player

    def sentence(self) -> str:
        """The fact in one English sentence."""
        raise NotImplementedError

    def fields(self) -> dict[str, Any]:
        """The fact's own fields as JSON, columns and rows counted from 1."""
        return {}

    def to_json(self) -> dict[str, Any]:
        """The fact as JSON: its ``kind``, ``player`` (``X`` or ``O``), whether it is a
        ``result``, its fields and its ``sentence``."""
        return {
            "kind": self.kind,
            "player": player_name(self.player),
            "result": self.result,
            **self.fields(),
            "sentence": self.sentence(),
        }


@dataclass(frozen=True)
class Threats(Fact):
    """An observation: the empty cells where ``player`` would complete a line, lowest first."""

    kind: ClassVar[str] = "threats"
    result: ClassVar[bool] = False
    cells: tuple[Cell, ...] = ()

    def sentence(self) -> str:
        name = player_name(self.player)
        if not self.cells:
            return f"{name} has no threat (no cell that would complete a line of {name})."
        parts = [f"{cell.name} ({cell.parity})" for cell in self.cells]
        joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        if len(parts) == 1:
            return f"{name} has a threat, a cell that would complete a line: {joined}."
        return f"{name} has {len(parts)} threats, cells that would complete a line: {joined}."

    def fields(self) -> dict[str, Any]:
        return {"cells": [cell.to_json() for cell in self.cells]}


@dataclass(frozen=True)
class ImmediateWin(Fact):
    """``player``, to move, completes a line by playing ``column``: a win in 1."""

    kind: ClassVar[str] = "immediate_win"
    column: Column = 0

    def sentence(self) -> str:
        return f"{player_name(self.player)} wins at once in {_column(self.column)}."

    def fields(self) -> dict[str, Any]:
        return {"column": self.column + 1}


@dataclass(frozen=True)
class MustBlock(Fact):
    """``player``, to move, cannot win at once and the opponent wins next in ``column``: every
    other column loses at once."""

    kind: ClassVar[str] = "must_block"
    column: Column = 0

    def sentence(self) -> str:
        return (
            f"{player_name(self.player)} must play {_column(self.column)}: "
            f"{_other(self.player)} wins there next, so every other column loses at once."
        )

    def fields(self) -> dict[str, Any]:
        return {"column": self.column + 1}


@dataclass(frozen=True)
class DoubleThreat(Fact):
    """``player`` holds two threats the opponent cannot both stop, so ``player`` wins.

    With ``column`` set, ``player`` is to move and makes them by playing ``column``; without it,
    they stand on the board and the opponent, to move, cannot win at once. The ``cells`` are two
    playable cells, or a playable cell and the cell right above it (the opponent must take the
    lower, which gives ``player`` the upper).
    """

    kind: ClassVar[str] = "double_threat"
    cells: tuple[Cell, ...] = ()
    column: Column | None = None

    def sentence(self) -> str:
        name, other = player_name(self.player), _other(self.player)
        low, high = self.cells[0], self.cells[1]
        if low.column == high.column:
            how = (
                f"two threats one above the other, {low.name} and {high.name}: {other} must "
                f"take the lower, which gives {name} the upper"
            )
        else:
            how = f"two threats {other} cannot both stop, {_cells(self.cells)}"
        if self.column is None:
            return f"{name} holds {how}; {other} cannot win first, so {name} wins."
        return f"Playing {_column(self.column)} gives {name} {how}; {name} wins."

    def fields(self) -> dict[str, Any]:
        return {
            "cells": [cell.to_json() for cell in self.cells],
            "column": None if self.column is None else self.column + 1,
        }


@dataclass(frozen=True)
class GivesCellAbove(Fact):
    """``player``, to move, loses at once by ``column``: it makes the cell above playable and
    the opponent completes a line there."""

    kind: ClassVar[str] = "gives_cell_above"
    column: Column = 0
    cell: Cell = Cell(0, 0)

    def sentence(self) -> str:
        return (
            f"Playing {_column(self.column)} gives {_other(self.player)} the cell above "
            f"({self.cell.name}), where {_other(self.player)} completes a line: it loses at once."
        )

    def fields(self) -> dict[str, Any]:
        return {"column": self.column + 1, "cell": self.cell.to_json()}


@dataclass(frozen=True)
class LeavesWin(Fact):
    """``player``, to move, loses at once by ``column``: the opponent wins next at ``cell``,
    elsewhere, which ``column`` does not block."""

    kind: ClassVar[str] = "leaves_win"
    column: Column = 0
    cell: Cell = Cell(0, 0)

    def sentence(self) -> str:
        other = _other(self.player)
        return (
            f"Playing {_column(self.column)} leaves {other} a win at once at "
            f"{self.cell.name}: it loses."
        )

    def fields(self) -> dict[str, Any]:
        return {"column": self.column + 1, "cell": self.cell.to_json()}


@dataclass(frozen=True)
class ForcedWin(Fact):
    """``player``, to move, wins by ``column``: it makes one threat, at ``block``, that the
    opponent must take at once, and then wins by ``then`` (a win at once, a double threat, a
    winning :class:`RuleProof` or another forced win, stated of the position after the block)."""

    kind: ClassVar[str] = "forced_win"
    column: Column = 0
    block: Cell = Cell(0, 0)
    then: Fact | None = None

    def sentence(self) -> str:
        name, other = player_name(self.player), _other(self.player)
        then = "" if self.then is None else self.then.sentence()
        then = then[:1].lower() + then[1:]
        return (
            f"Playing {_column(self.column)} wins for {name} by force: it threatens "
            f"{self.block.name}, so {other} must play {_column(self.block.column)}; then {then}"
        )

    def fields(self) -> dict[str, Any]:
        then = None if self.then is None else self.then.to_json()
        return {"column": self.column + 1, "block": self.block.to_json(), "then": then}


@dataclass(frozen=True)
class LosesTo(Fact):
    """``player``, to move, loses by ``column``: the opponent then has a winning move proven by
    ``because`` (a :class:`DoubleThreat` or a winning :class:`RuleProof` of the opponent, stated
    of the position after ``column``)."""

    kind: ClassVar[str] = "loses_to"
    column: Column = 0
    because: Fact | None = None

    def sentence(self) -> str:
        because = self.because
        reply = getattr(because, "column", None)
        if because is None or reply is None:
            return f"Playing {_column(self.column)} loses."
        return (
            f"Playing {_column(self.column)} loses, as {_other(self.player)} answers in "
            f"{_column(reply)}. {because.sentence()}"
        )

    def fields(self) -> dict[str, Any]:
        because = None if self.because is None else self.because.to_json()
        return {"column": self.column + 1, "because": because}


@dataclass(frozen=True)
class RuleProof(Fact):
    """A proof by a strategy of Allis' kind that ``player`` at least draws (``proven`` is
    ``draw``) or wins (``win``).

    Without ``column``, the opponent is to move and ``player`` answers; with it, ``player`` is to
    move and plays ``column`` first, then answers. The strategy answers each opponent move in
    the same column, on top of it (claimeven, vertical), takes one of two playable cells when
    the opponent takes the other (``pairs``, baseinverse), and with a ``threat`` waits until the
    opponent must play right below it (zugzwang). No line of the opponent can be completed on
    the cells the strategy leaves it.
    """

    kind: ClassVar[str] = "rule_proof"
    rules: tuple[str, ...] = ()
    proven: Proven = "draw"
    column: Column | None = None
    pairs: tuple[tuple[Cell, Cell], ...] = ()
    threat: Cell | None = None
    line: tuple[Cell, ...] = ()

    def sentence(self) -> str:
        name, other = player_name(self.player), _other(self.player)
        start = "" if self.column is None else "after it, "
        how = [f"{start}{name} answers every move of {other} on top of it"]
        if self.pairs:
            pairs = "; ".join(f"{a.name} or {b.name}" for a, b in self.pairs)
            how.append(f"takes one of each playable pair ({pairs}) when {other} takes the other")
        if self.threat is not None:
            how.append(
                f"until {other} runs out of other moves and must play below {name}'s "
                f"{self.threat.parity} threat at {self.threat.name}"
            )
        strategy = ", ".join(how)
        rules = ", ".join(self.rules)
        if self.column is None:
            goal = f"{name} wins" if self.proven == "win" else f"{name} cannot lose"
        elif self.proven == "win":
            goal = f"{_column(self.column).capitalize()} wins for {name}"
        else:
            goal = f"{_column(self.column).capitalize()} keeps at least a draw for {name}"
        ending = f"no line of {other} can be completed on the cells left to {other}"
        if self.line and self.threat is None:
            ending += f", and {name} completes the line through {_cells(self.line)}"
        return f"{goal} by rule ({rules}): {strategy}; {ending}."

    def fields(self) -> dict[str, Any]:
        return {
            "rules": list(self.rules),
            "proven": self.proven,
            "column": None if self.column is None else self.column + 1,
            "pairs": [[a.to_json(), b.to_json()] for a, b in self.pairs],
            "threat": None if self.threat is None else self.threat.to_json(),
            "line": [cell.to_json() for cell in self.line],
        }


@dataclass(frozen=True)
class ZugzwangControl(Fact):
    """``player`` controls the zugzwang: stated only beside a :class:`RuleProof` for the same
    player whose strategy is the control (so it claims what that proof claims: ``player`` at
    least draws, with ``column`` played first when set)."""

    kind: ClassVar[str] = "zugzwang_control"
    reason: str = ""
    column: Column | None = None

    def sentence(self) -> str:
        first = "" if self.column is None else f"After {_column(self.column)}, "
        return f"{first}{player_name(self.player)} controls the zugzwang: {self.reason}."

    def fields(self) -> dict[str, Any]:
        return {"reason": self.reason, "column": None if self.column is None else self.column + 1}


@dataclass(frozen=True)
class RuleOfThumb(Fact):
    """An observation, not a proof: what Allis' rule of thumb on odd and even threats reads in
    the threats on the board."""

    kind: ClassVar[str] = "rule_of_thumb"
    result: ClassVar[bool] = False
    reason: str = ""

    def sentence(self) -> str:
        return f"Rule of thumb, not a proof: {self.reason}."

    def fields(self) -> dict[str, Any]:
        return {"reason": self.reason}
