"""The perfect-play search in pure Python: the reference, and the fallback for any board size.

This is the same algorithm as the compiled kernel (``_solver_kernel.pyx``), step for step, on Python
ints so that it works on every board up to 20x20, where the kernel's words (64 or 128 bits) are too
small, and wherever the extension could not be built. For the same table size it searches the same
nodes and returns the same scores (a differential test checks this). Read this file to understand
the kernel; read the kernel to see how it is made fast.

A position is ``current`` (the stones of the side to move) and ``mask`` (all stones), with
``ply`` the number of stones on the board, in the bit layout of :mod:`fourinarow.core.geometry`.
Scores follow the standard convention, from the side to move's view: a win scores
``(W*H + 1 - n) // 2`` with ``n`` stones on the board before the winning stone; a loss is the
negative of the opponent's win score; 0 is a draw. The tuning constants (shared with the kernel)
are in :mod:`fourinarow.search.constants`.
"""

from __future__ import annotations

import time
from array import array

from fourinarow.search.book import Book, mirror_key
from fourinarow.search.book.blocks import BlockCheck
from fourinarow.search.constants import (
    ETC_PLIES,
    HASH_MULTIPLIER,
    MAX_TABLE_BITS,
    MIN_TABLE_BITS,
    NEAR_BITS,
    NEAR_EMPTIES,
    NO_LOWER,
    NO_UPPER,
    PYTHON_SOLVER_CHECK_EVERY,
    SYMMETRY_PLIES,
    TABLE_MIN_EMPTIES,
    solver_column_order,
)

__all__ = ["ReferenceKernel"]

_WORD = (1 << 64) - 1


def _half(value: int) -> int:
    """Halve, rounding toward zero as C does (the kernel's arithmetic)."""
    return -((-value) // 2) if value < 0 else value // 2


class ReferenceKernel:
    """A perfect solver for one board shape, with its own transposition table.

    Args:
        width, height, connect: the shape (any size the core supports).
        table_bits: the transposition table has ``2**table_bits`` slots (16 to 40).
    """

    def __init__(self, width: int, height: int, connect: int, table_bits: int) -> None:
        self.width = width
        self.height = height
        self.connect = connect
        self.stride = height + 1
        self.cells = width * height
        self.bottom = sum(1 << (c * self.stride) for c in range(width))
        self.column_mask = [((1 << height) - 1) << (c * self.stride) for c in range(width)]
        self.board = sum(self.column_mask)
        # The cells the side to move keeps under claimeven: rows 1, 3, 5, ... (counting from 1)
        # on a board of even height, rows 2, 4, 6, ... on an odd one.
        self.odd_rows = self.bottom * (((1 << height) - 1) // 3)
        self.symmetry_plies = SYMMETRY_PLIES
        self.etc_plies = ETC_PLIES
        self.order = solver_column_order(width)
        self.vertical = connect <= height
        self.horizontal = connect <= width
        self.diagonal = connect <= width and connect <= height
        self.table_bits = max(MIN_TABLE_BITS, min(MAX_TABLE_BITS, table_bits))
        self._table: list[tuple[int, int, int] | None] = [None] * (1 << self.table_bits)
        self._near_table: list[tuple[int, int, int] | None] = [None] * (1 << NEAR_BITS)
        self.table_plies = self.cells - TABLE_MIN_EMPTIES + 1
        self.near_plies = self.cells - NEAR_EMPTIES
        # Keys use width*(height+1) bits; the spare bits of the kernel's word (64 bits, or 128
        # for boards of more than 64) hold an epoch (see the kernel).
        self._epoch_shift = width * self.stride
        word_bits = 64 if self._epoch_shift <= 64 else 128
        self._epoch_max = (
            (1 << (word_bits - self._epoch_shift)) - 1 if self._epoch_shift < word_bits else 0
        )
        self._epoch = 1 if self._epoch_max else 0
        self._epoch_bits = self._epoch << self._epoch_shift
        self.nodes = 0
        self.bounds = (0, 0)
        """(lower, upper): the bounds :meth:`solve` has proven so far, for another thread to
        read while it runs; its result once it returns ((0, 0) before the first solve)."""
        self._node_limit = 0
        self._deadline = 0.0
        self.stopped = False
        self._book: Book | None = None
        self._book_plies = -1

    # ---------------------------------------------------------------------- control

    def set_book(
        self,
        keys: array[int] | memoryview | None,
        values: array[int] | memoryview | None,
        plies: int,
        blocks: BlockCheck | None = None,
    ) -> None:
        """Consult an opening book (sorted folded keys and their exact scores) in positions of
        at most ``plies`` stones; ``keys=None`` removes it. ``blocks``: for entries not checked
        yet, the check of each block the first time a probe reads it (a damaged one is not
        used), as the compiled kernel does."""
        if keys is None or values is None or not keys:
            self._book, self._book_plies = None, -1
        else:
            self._book = Book(
                self.width, self.height, self.connect, plies, keys, values, blocks=blocks
            )
            self._book_plies = plies

    def _book_probe(self, current: int, mask: int) -> int | None:
        assert self._book is not None
        key = current + mask
        return self._book.lookup(min(key, self._mirror(key)))

    def reset_nodes(self) -> None:
        """Start counting nodes from zero."""
        self.nodes = 0

    def clear(self, full: bool = False) -> None:
        """Forget every table entry: a new epoch where the keys leave room for one, else (or
        with ``full``) a wipe."""
        if self._epoch < self._epoch_max and not full:
            self._epoch += 1
        else:
            self._table = [None] * (1 << self.table_bits)
            self._near_table = [None] * (1 << NEAR_BITS)
            self._epoch = 1 if self._epoch_max else 0
        self._epoch_bits = self._epoch << self._epoch_shift

    def set_limits(self, node_limit: int, seconds: float) -> None:
        """Stop after ``node_limit`` nodes (0: none) or ``seconds`` from now (0: none)."""
        self.stopped = False
        self._node_limit = node_limit
        self._deadline = time.monotonic() + seconds if seconds > 0 else 0.0

    def stop(self) -> None:
        """End the running search at its next look at its limits, as a limit would (from any
        thread; the next :meth:`set_limits` clears it)."""
        self._node_limit = 1

    # ------------------------------------------------------------------ bitboards

    def _line_ends(self, p: int, step: int) -> int:
        """Cells with ``connect - 1`` stones of ``p`` around them along ``step``."""
        n = self.connect
        below = [-1] * n
        above = [-1] * n
        for j in range(1, n):
            below[j] = below[j - 1] & (p << (j * step))
            above[j] = above[j - 1] & (p >> (j * step))
        result = 0
        for j in range(n):
            result |= below[j] & above[n - 1 - j]
        return result

    def _winning_cells(self, p: int, mask: int) -> int:
        """The empty cells where the stones ``p`` would complete a line (playable or not)."""
        r = 0
        if self.vertical:
            below = p << 1
            for j in range(2, self.connect):
                below &= p << j
            r = below
        if self.horizontal:
            r |= self._line_ends(p, self.stride)
        if self.diagonal:
            r |= self._line_ends(p, self.stride - 1)
            r |= self._line_ends(p, self.stride + 1)
        return r & (self.board ^ mask)

    def _has_line(self, p: int) -> bool:
        """True if the stones ``p`` hold a line of ``connect``."""
        steps = [1] if self.vertical else []
        if self.horizontal:
            steps.append(self.stride)
        if self.diagonal:
            steps += [self.stride - 1, self.stride + 1]
        for step in steps:
            m = p
            for j in range(1, self.connect):
                m &= p >> (j * step)
            if m:
                return True
        return False

    def _claimeven_bound(self, second: int, mask: int) -> int:
        """An upper bound on the score of the side to move, with an even number of empty cells
        left and ``second`` the other side's stones: 0, -1, -2, ..., or NO_UPPER for none.

        Claimeven (here for the first player to move on a board of even height, and so on any
        board where the empty cells are even): the second player can answer a move into a row
        1, 3, 5, ... (counting from 1; on a board of odd height, 2, 4, 6, ...) on top of it,
        and a move into one of the (paired) columns with an odd number of empty cells in the
        other such column; so it gets every empty cell of rows 2, 4, 6, ... (odd height: 3, 5,
        7, ...) not playable now. If the first player's stones and every other cell hold no
        line, it cannot win (score <= 0). If the second player's stones and those cells then
        hold one, it loses, at the latest when the line's highest empty cell is filled, with
        the cells above that one still empty: with its line whose highest empty cell is lowest,
        in row r, the second player wins at least (height + 2 - r) // 2 (score <= -1 for
        r = height, -2 below, ...).
        """
        empty_claims = self.board & ~self.odd_rows & ~mask & ~self._possible(mask)
        claimed = second | empty_claims
        if self._has_line(self.board & ~claimed):
            return NO_UPPER
        if not self._has_line(claimed):
            return 0
        for row in range(2 + self.height % 2, self.height, 2):
            if self._has_line(second | (empty_claims & (self.bottom * ((1 << row) - 1)))):
                return -((self.height + 2 - row) // 2)
        return -1

    def _possible(self, mask: int) -> int:
        return (mask + self.bottom) & self.board

    def can_win_next(self, current: int, mask: int) -> bool:
        """True if the side to move can make a line with its next stone."""
        return (self._winning_cells(current, mask) & self._possible(mask)) != 0

    def _non_losing_moves(self, current: int, mask: int) -> int:
        """Playable cells that do not hand the opponent a win next move; 0 if every move loses.

        Precondition: the side to move cannot win at once.
        """
        moves = self._possible(mask)
        opponent_win = self._winning_cells(current ^ mask, mask)
        forced = moves & opponent_win
        if forced:
            if forced & (forced - 1):
                return 0  # two threats to block at once: lost
            moves = forced
        return moves & ~(opponent_win >> 1)  # never play just below an opponent's winning cell

    # ------------------------------------------------------------------------ table

    def _mirror(self, key: int) -> int:
        """The key of the mirror-image position (keys have no carries across columns)."""
        return mirror_key(key, self.width, self.height)

    def _key(self, current: int, mask: int, ply: int) -> int:
        """The table key: ``current + mask``, or its mirror image's if smaller in the first
        ``symmetry_plies`` plies (where mirror transpositions pay), with the epoch."""
        key = current + mask
        if ply < self.symmetry_plies:
            key = min(key, self._mirror(key))
        return key | self._epoch_bits

    def _slot(self, key: int, ply: int) -> tuple[list[tuple[int, int, int] | None], int]:
        """The kernel's table and slot for a key: the near-leaf table for positions of
        ``near_plies`` stones or more, else the main one; the slot is given by the top bits of a
        multiplicative hash of the key's low 64 bits, into which the bits above are first
        folded (XOR with their multiple).

        The kernel stores the remaining hash bits (and the bits above 64) to recognise its key;
        here the whole key is stored, which recognises the same keys wherever they fit in its
        128 bits.
        """
        folded = (key ^ (key >> 64) * HASH_MULTIPLIER) & _WORD
        hashed = (folded * HASH_MULTIPLIER) & _WORD
        if ply >= self.near_plies:
            return self._near_table, hashed >> (64 - NEAR_BITS)
        return self._table, hashed >> (64 - self.table_bits)

    def _probe(self, key: int, ply: int) -> tuple[int, int, int] | None:
        table, slot = self._slot(key, ply)
        entry = table[slot]
        return entry if entry is not None and entry[0] == key else None

    def _store(self, key: int, ply: int, lower: int, upper: int) -> None:
        table, slot = self._slot(key, ply)
        entry = table[slot]
        if entry is not None and entry[0] == key:
            lower = max(lower, entry[1])
            upper = min(upper, entry[2])
        table[slot] = (key, lower, upper)

    # ----------------------------------------------------------------------- search

    def negamax(self, current: int, mask: int, ply: int, alpha: int, beta: int) -> int:
        """The score if it lies within (alpha, beta), else a bound on the far side.

        Preconditions: alpha < beta; nobody has won; the side to move cannot win with its next
        stone. Returns v with alpha < v < beta the exact score; v <= alpha an upper bound;
        v >= beta a lower bound.
        """
        self.nodes += 1
        if (self.nodes & PYTHON_SOLVER_CHECK_EVERY) == 0 and (
            (self._node_limit and self.nodes >= self._node_limit)
            or (self._deadline and time.monotonic() >= self._deadline)
        ):
            self.stopped = True
        if self.stopped:
            return 0
        if ply <= self._book_plies:
            known = self._book_probe(current, mask)
            if known is not None:
                return known

        next_moves = self._non_losing_moves(current, mask)
        if next_moves == 0:
            return -((self.cells - ply) // 2)
        if ply >= self.cells - 2:
            return 0

        lowest = -((self.cells - 2 - ply) // 2)
        if alpha < lowest:
            alpha = lowest
            if alpha >= beta:
                return alpha
        highest = (self.cells - 1 - ply) // 2
        if beta > highest:
            beta = highest
            if alpha >= beta:
                return beta

        if next_moves & (next_moves - 1) == 0:
            # One move does not lose at once: play it, without the table (the position's value
            # is its child's, and storing both would take two slots for one subtree).
            return -self.negamax(current ^ mask, mask | next_moves, ply + 1, -beta, -alpha)

        # Claimeven bounds the side to move when the empty cells are even (the first player on
        # a board of even height).
        if self.odd_rows and (self.cells - ply) % 2 == 0 and beta > -(self.height // 2):
            value = self._claimeven_bound(current ^ mask, mask)
            if value < beta:
                beta = value
                if alpha >= beta:
                    return beta

        key = self._key(current, mask, ply)
        use_table = ply < self.table_plies
        entry = self._probe(key, ply) if use_table else None
        if entry is not None:
            if entry[1] > alpha:
                alpha = entry[1]
                if alpha >= beta:
                    return alpha
            if entry[2] < beta:
                beta = entry[2]
                if alpha >= beta:
                    return beta

        # Order the moves: the threats (cells that would complete a line) the move leaves,
        # counted twice, and once more for each one right above a cell the opponent may play
        # next (which it then may not), but none right above an opponent's threat (useless: the
        # opponent wins first); ties centre first. With an odd number of empty cells (the second
        # player to move on a board of even height), a move after which claimeven bounds the
        # opponent bounds this position from below, and may end the search, at any depth.
        opponent_threats = self._winning_cells(current ^ mask, mask)
        static_children = self.odd_rows != 0 and (self.cells - ply) % 2 == 1
        ordered: list[tuple[int, int]] = []
        for c in self.order:
            move = next_moves & self.column_mask[c]
            if move:
                threats = self._winning_cells(current | move, mask | move) & ~(
                    opponent_threats << 1
                )
                reply = self._possible(mask | move)
                value = 2 * threats.bit_count() + (threats & (reply << 1)).bit_count()
                if static_children:
                    score = -self._claimeven_bound(current | move, mask | move)
                    if score >= beta:
                        if use_table:
                            self._store(key, ply, score, NO_UPPER)
                        return score
                    alpha = max(alpha, score)
                j = len(ordered)
                while j > 0 and ordered[j - 1][0] < value:
                    j -= 1
                ordered.insert(j, (value, move))

        # Enhanced transposition cut-off: a child already known to refute the opponent ends
        # the search here (the kernel has prefetched these slots while ordering).
        if ply < self.etc_plies and ply + 1 < self.table_plies:
            for _, move in ordered:
                child = self._probe(self._key(current ^ mask, mask | move, ply + 1), ply + 1)
                if child is not None:
                    if -child[2] >= beta:
                        self._store(key, ply, -child[2], NO_UPPER)
                        return -child[2]
                    alpha = max(alpha, -child[2])

        alpha_in = alpha
        for _, move in ordered:
            score = -self.negamax(current ^ mask, mask | move, ply + 1, -beta, -alpha)
            if self.stopped:
                return 0
            if score >= beta:
                if use_table:
                    self._store(key, ply, score, NO_UPPER)
                return score
            if score > alpha:
                alpha = score
        if use_table:
            self._store(key, ply, alpha if alpha > alpha_in else NO_LOWER, alpha)
        return alpha

    def solve(self, current: int, mask: int, ply: int, weak: bool) -> tuple[int, int]:
        """Narrow the score by null-window searches; return the proven (lower, upper) bounds.

        Precondition: nobody has won and the board is not full. The bounds are equal unless a
        limit stopped the search; with ``weak`` they are signs (1, 0, -1).
        """
        if self.can_win_next(current, mask):
            score = 1 if weak else (self.cells + 1 - ply) // 2
            self.bounds = (score, score)
            return score, score
        lower = -((self.cells - ply) // 2)
        upper = (self.cells + 1 - ply) // 2
        if weak:
            lower = max(lower, -1)
            upper = min(upper, 1)
        self.bounds = (lower, upper)
        while lower < upper and not self.stopped:
            middle = lower + (upper - lower) // 2
            if middle <= 0 and _half(lower) < middle:
                middle = _half(lower)
            elif middle >= 0 and _half(upper) > middle:
                middle = _half(upper)
            r = self.negamax(current, mask, ply, middle, middle + 1)
            if self.stopped:
                break
            if weak:
                r = max(-1, min(1, r))
            if r <= middle:
                upper = r
            else:
                lower = r
            self.bounds = (lower, upper)
        return lower, upper
