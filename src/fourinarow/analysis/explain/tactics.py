"""Threats and tactics read off a board: where each side would complete a line, wins at once,
forced blocks, double threats, and moves that give the opponent the cell above.

>>> from fourinarow.core import Board
>>> board = Board.from_moves("112233")  # X on columns 1-3 of row 1, O above them
>>> [(c.column, c.row) for c in threat_cells(board, 1)], playable_threats(board, 1)
([(3, 0)], [Cell(column=3, row=0)])
"""

from __future__ import annotations

from fourinarow.analysis.explain.facts import Cell
from fourinarow.core import Board, Player

__all__ = ["double_threat", "playable_threats", "threat_cells"]


def threat_cells(board: Board, player: Player) -> list[Cell]:
    """The empty cells where a stone of ``player`` would complete a line, playable or not,
    column by column, bottom to top."""
    geometry = board.geometry
    bits = board.bitboards[player - 1]
    mask = board.mask
    found = []
    for column, low in enumerate(board.heights):
        for row in range(low, board.height):
            index = geometry.bit(column, row)
            if not (mask >> index) & 1 and geometry.completes_line(bits, index):
                found.append(Cell(column, row))
    return found


def playable_threats(board: Board, player: Player) -> list[Cell]:
    """The threats of ``player`` that can be played now: the cells it would win on at once."""
    heights = board.heights
    return [Cell(c, heights[c]) for c in board.winning_moves(player)]


def double_threat(board: Board, player: Player) -> tuple[Cell, Cell] | None:
    """Two threats of ``player`` that its opponent, to move and unable to win at once, cannot
    both stop: two playable ones, or a playable one with another right above it. None if
    there are none (the caller checks that the opponent cannot win at once)."""
    playable = playable_threats(board, player)
    if len(playable) >= 2:
        return playable[0], playable[1]
    geometry, bits = board.geometry, board.bitboards[player - 1]
    for cell in playable:
        row = cell.row + 1
        if row < board.height and geometry.completes_line(bits, geometry.bit(cell.column, row)):
            return cell, Cell(cell.column, row)
    return None
