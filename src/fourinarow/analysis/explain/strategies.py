"""Proofs by strategies of Allis' kind: answer on top, take one of a pair, wait for zugzwang.

The attacker is to move; the defender answers. The strategy pairs up every empty cell:

- in each column, the empty cells from the bottom (or from the second empty cell) two by two,
  lower and upper: whenever the attacker takes the lower, the defender takes the upper, right on
  top of it. The attacker can never take an upper cell, since it only becomes playable once its
  lower cell is filled. When the lower cell is in an odd row (rows counted from 1 at the
  bottom) this is Allis' **claimeven**; when it is in an even row, his **vertical**;
- columns with an odd number of empty cells are matched two by two, and their two lowest empty
  cells, both playable now, form a pair (Allis' **baseinverse**): when the attacker takes one,
  the defender takes the other;
- at most one column may instead hold a cell where the defender completes a line at once, a
  **threat**, whose cells below pair up from the bottom with the threat as an upper cell: when
  every other pair is filled, the attacker must play in that column and the defender answers up
  to the threat (**zugzwang**). Nothing above the threat is ever reached.

The defender always has its answer, so the attacker only ever gets the lower cell of a
stacked pair and one cell of a playable pair. If every line the attacker could still complete
holds a defender stone, an upper cell, or both cells of a playable pair, the attacker never
completes a line: the defender at least draws. The defender wins with a threat (it is reached),
or when a line of its own lies on its stones and upper cells (Allis' **aftereven**: the board
fills and the defender has taken them all).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice

from fourinarow.core import Bitboard, Geometry

__all__ = ["MATCHINGS_TRIED", "Strategy", "find_strategy"]

MATCHINGS_TRIED = 15
"""The most ways of matching odd columns into playable pairs tried per threat choice."""


@dataclass(frozen=True)
class Strategy:
    """A defender's strategy found by :func:`find_strategy`.

    Attributes:
        win: True when it wins, False when it at least draws.
        rules: Allis' rules it uses, in the order claimeven, vertical, baseinverse, zugzwang,
            aftereven.
        pairs: the playable pairs (baseinverse), as two cell indices each.
        threat: the cell index of the threat it waits under (zugzwang), or None.
        line: the defender's line completed on its stones and upper cells (aftereven), as a
            mask, or 0.
    """

    win: bool
    rules: tuple[str, ...]
    pairs: tuple[tuple[int, int], ...]
    threat: int | None
    line: Bitboard


def _matchings(columns: list[int]) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way of splitting an even number of columns into pairs."""
    if not columns:
        yield ()
        return
    first, rest = columns[0], columns[1:]
    for index, partner in enumerate(rest):
        for others in _matchings(rest[:index] + rest[index + 1 :]):
            yield ((first, partner), *others)


def _uppers(geometry: Geometry, column: int, start: int, stop: int) -> Bitboard:
    """The upper cells of the stacked pairs of ``column`` from row ``start`` up to ``stop``."""
    return sum(1 << geometry.bit(column, row) for row in range(start + 1, stop, 2))


def find_strategy(
    geometry: Geometry, heights: Sequence[int], attacker: Bitboard, defender: Bitboard
) -> Strategy | None:
    """A strategy by which the defender, not to move, at least draws; a winning one if found.

    Args:
        geometry: the board's shape.
        heights: the stones in each column.
        attacker: the stones of the side to move.
        defender: the stones of the other side.

    Returns:
        A winning strategy if one of those tried wins, else a drawing one, else None.

    >>> from fourinarow.core import Board
    >>> board = Board.from_moves("1111", width=2, height=4, connect=3)
    >>> x, o = board.bitboards
    >>> find_strategy(board.geometry, board.heights, x, o).rules
    ('claimeven',)
    """
    height = geometry.height
    open_lines = [line for line in geometry.windows if not line & defender]
    own_lines = [line for line in geometry.windows if not line & attacker]
    choices: list[tuple[int | None, Bitboard]] = [(None, 0)]
    for column, low in enumerate(heights):
        for row in range(low + 1, height, 2):
            cell = geometry.bit(column, row)
            if geometry.completes_line(defender, cell):
                above = sum(1 << geometry.bit(column, r) for r in range(row + 1, height))
                choices.append((cell, _uppers(geometry, column, low, row + 1) | above))
    drawing: Strategy | None = None
    for threat, threat_cells in choices:
        skip = None if threat is None else geometry.cell(threat)[0]
        odd = [
            c
            for c, low in enumerate(heights)
            if c != skip and low < height and (height - low) % 2 == 1
        ]
        if len(odd) % 2 == 1:
            continue
        uppers, rules = _uppers_and_rules(geometry, heights, skip, set(odd), threat, threat_cells)
        bottoms = {c: 1 << geometry.bit(c, heights[c]) for c in odd}
        # Every matching of the odd columns leaves the same upper cells; the lines those do not
        # refute must each hold both cells of one playable pair.
        left = [line for line in open_lines if not line & uppers]
        if any(sum(1 for b in bottoms.values() if line & b) < 2 for line in left):
            continue
        for matching in islice(_matchings(odd), MATCHINGS_TRIED):
            masks = [bottoms[a] | bottoms[b] for a, b in matching]
            if not all(any(line & mask == mask for mask in masks) for line in left):
                continue
            pairs = tuple(
                (geometry.bit(a, heights[a]), geometry.bit(b, heights[b])) for a, b in matching
            )
            if threat is not None:
                return Strategy(True, (*rules, "zugzwang"), pairs, threat, 0)
            line = next((w for w in own_lines if not w & ~(defender | uppers)), 0)
            if line:
                return Strategy(True, (*rules, "aftereven"), pairs, None, line)
            if drawing is None:
                drawing = Strategy(False, rules, pairs, None, 0)
    return drawing


def _uppers_and_rules(
    geometry: Geometry,
    heights: Sequence[int],
    skip: int | None,
    matched: set[int],
    threat: int | None,
    threat_cells: Bitboard,
) -> tuple[Bitboard, tuple[str, ...]]:
    """The cells the defender takes or the attacker never reaches, and the rules that give
    them, when the ``matched`` columns' lowest cells form playable pairs."""
    height = geometry.height
    uppers = threat_cells
    kinds: set[str] = set()
    if threat is not None:
        column = geometry.cell(threat)[0]
        kinds.add("claimeven" if heights[column] % 2 == 0 else "vertical")
    for column, low in enumerate(heights):
        if column == skip or low >= height:
            continue
        base = low + 1 if column in matched else low
        if base + 1 < height:
            kinds.add("claimeven" if base % 2 == 0 else "vertical")
        uppers |= _uppers(geometry, column, base, height)
    if matched:
        kinds.add("baseinverse")
    order = ("claimeven", "vertical", "baseinverse")
    return uppers, tuple(rule for rule in order if rule in kinds)
