"""A deliberately naive Connect Four board on 2-D lists: the reference for the bitboards.

Nothing here shares code with ``fourinarow.core``: every rule is written out the slow, obvious way.
"""

from __future__ import annotations

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class NaiveBoard:
    """Columns as lists of players from the bottom up; lines found by scanning every window."""

    def __init__(self, width: int, height: int, connect: int) -> None:
        self.width = width
        self.height = height
        self.connect = connect
        self.columns: list[list[int]] = [[] for _ in range(width)]
        self.moves: list[int] = []

    def cell(self, column: int, row: int) -> int:
        stones = self.columns[column]
        return stones[row] if row < len(stones) else 0

    def play(self, column: int) -> None:
        assert len(self.columns[column]) < self.height
        self.columns[column].append(1 + len(self.moves) % 2)
        self.moves.append(column)

    def turn(self) -> int:
        return 1 + len(self.moves) % 2

    def line_cells(self, player: int) -> set[tuple[int, int]]:
        """Every cell of every window of ``connect`` cells all holding ``player``'s stones."""
        found: set[tuple[int, int]] = set()
        for column in range(self.width):
            for row in range(self.height):
                for dc, dr in DIRECTIONS:
                    window = [(column + k * dc, row + k * dr) for k in range(self.connect)]
                    inside = all(0 <= c < self.width and 0 <= r < self.height for c, r in window)
                    if inside and all(self.cell(c, r) == player for c, r in window):
                        found.update(window)
        return found

    def outcome(self) -> tuple[int | None, list[tuple[int, int]]] | None:
        for player in (1, 2):
            cells = self.line_cells(player)
            if cells:
                return player, sorted(cells)
        if len(self.moves) == self.width * self.height:
            return None, []
        return None

    def legal_moves(self) -> list[int]:
        if self.outcome() is not None:
            return []
        return [c for c in range(self.width) if len(self.columns[c]) < self.height]

    def grid(self) -> list[list[int]]:
        """Rows top to bottom."""
        return [
            [self.cell(c, r) for c in range(self.width)] for r in range(self.height - 1, -1, -1)
        ]
