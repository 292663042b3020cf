"""The perfect solver: exact scores, weak (win/draw/loss) solves and per-column analysis.

Scores follow the standard convention (Pascal Pons'), from the side to move's view: 0 is a draw; a
win scores ``(W*H + 1 - n) // 2`` where ``n`` is the number of stones on the board just before the
winning stone (faster wins score higher); a loss is the negative of the opponent's win score. A
weak solve gives only the sign: 1, 0 or -1.

>>> solver = Solver(tt_mb=16)
>>> solver.solve(Board.from_moves("4455")).score
18
"""

from __future__ import annotations

import time
import warnings
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from fourinarow.core import (
    Board,
    Column,
    FourInARowError,
    Geometry,
    InvalidPositionError,
)
from fourinarow.core.checks import shown, whole_number
from fourinarow.search.book import (
    BOOK_MAX_BITS,
    Book,
    BookError,
    default_book,
    default_book_plies,
)
from fourinarow.search.book.blocks import BlockCheck
from fourinarow.search.checks import (
    checked_board,
    checked_limit,
    kernel_choice,
    playable_board,
    table_megabytes,
    thread_count,
)
from fourinarow.search.limit import Limit
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.scores import Bounds, ColumnValue, ColumnValues, Exact, Unvalued
from fourinarow.search.solve_progress import SolveProgress, SolveWatch

__all__ = [
    "KERNEL_MAX_BITS",
    "Backend",
    "FirstBest",
    "Solution",
    "SolveProgress",
    "Solver",
    "compiled_kernel_available",
]

Backend = Literal["compiled", "python"]
"""Where a search runs: the compiled kernel, or pure Python."""

KERNEL_MAX_BITS = 128
"""The compiled kernel handles boards with ``width * (height + 1)`` up to this many bits: on
64-bit words up to 64, on 128-bit words (a table entry twice as large) beyond."""

NOTHING_TO_SOLVE = "there is nothing to solve"  # what a finished game's error says

_WORD_BITS = (64, 128)  # the compiled kernels' words, smallest first
_PYTHON_ENTRY_BYTES = 120  # a list slot and a tuple of three ints


class _Kernel(Protocol):
    """What the solver needs of a kernel (compiled or reference)."""

    @property
    def nodes(self) -> int: ...
    @property
    def bounds(self) -> tuple[int, int]: ...
    @property
    def stopped(self) -> bool: ...
    def reset_nodes(self) -> None: ...
    def set_book(
        self,
        keys: array[int] | memoryview | None,
        values: array[int] | memoryview | None,
        plies: int,
        blocks: BlockCheck | None = None,
    ) -> None: ...
    def clear(self, full: bool = False) -> None: ...
    def set_limits(self, node_limit: int, seconds: float) -> None: ...
    def stop(self) -> None: ...
    def can_win_next(self, current: int, mask: int) -> bool: ...
    def negamax(self, current: int, mask: int, moves: int, alpha: int, beta: int) -> int: ...
    def solve(self, current: int, mask: int, moves: int, weak: bool) -> tuple[int, int]: ...


class _CompiledKernel(_Kernel, Protocol):
    """The compiled kernel, which can also search on several threads."""

    threads: int


def _word_bits(shape: Geometry) -> int | None:
    """The bits of the smallest compiled kernel's word that holds this shape, or ``None``."""
    bits = shape.width * (shape.height + 1)
    return next((word for word in _WORD_BITS if bits <= word), None)


def _compiled_kernel_class(
    word_bits: int = 64,
) -> Callable[[int, int, int, int], _CompiledKernel] | None:
    """The compiled kernel on words of ``word_bits`` bits, or ``None`` where it was not built."""
    try:
        if word_bits == 64:
            from fourinarow.search._solver_kernel import Kernel
        else:
            from fourinarow.search._solver_kernel128 import Kernel as Kernel128

            return Kernel128
    except ImportError:
        return None
    return Kernel


def compiled_kernel_available() -> bool:
    """True if the compiled kernel was built and can be imported (for boards of up to 64 bits;
    the one for 65 to 128 is built from the same source, with it)."""
    return _compiled_kernel_class() is not None


def _exact(value: int, board: Board, weak: bool) -> Exact:
    """The exact score ``value`` of ``board``'s side to move: with its distance, or for a weak
    solve (a sign) without one."""
    return Exact(value) if weak else Exact.of(value, board)


def _dimensions(shape: Geometry) -> tuple[int, int, int]:
    return shape.width, shape.height, shape.connect


def _table_bits(budget: int, entry_bytes: int) -> int:
    """The largest table of ``2**bits`` entries within ``budget`` bytes (at least 2**16)."""
    return max(16, (budget // entry_bytes).bit_length() - 1)


@dataclass(frozen=True)
class Solution:
    """The result of a solve.

    Attributes:
        score: the exact score (the sign only for a weak solve), or ``None`` when a limit
            stopped the search before it was proven.
        lower, upper: the bounds proven on the score; equal when exact.
        weak: True for a weak solve.
        nodes: positions searched.
        elapsed: seconds taken.
    """

    score: int | None
    lower: int
    upper: int
    weak: bool
    nodes: int
    elapsed: float

    @property
    def exact(self) -> bool:
        """True when the score is proven."""
        return self.score is not None

    def value(self, board: Board) -> Exact | Bounds:
        """The typed score of ``board`` (the position solved): exact, with its distance, or
        the proven bounds. For a weak solve, an exact sign without a distance."""
        if self.score is None:
            return Bounds(self.lower, self.upper)
        return _exact(self.score, board, self.weak)


@dataclass(frozen=True)
class FirstBest:
    """What :meth:`Solver.first_best_move` found.

    Attributes:
        column: the first column that keeps the score, or ``None`` if a limit stopped the
            search first.
        refuted: the columns tried before it (or before the stop), each proven worse.
        nodes: positions searched.
    """

    column: Column | None
    refuted: tuple[Column, ...]
    nodes: int


class Solver:
    """Solves positions exactly; keeps its transposition table across calls.

    Args:
        tt_mb: the transposition table's memory budget in megabytes (used as the largest
            power of two of slots that fits; the compiled kernel adds a fixed 2 MB table for
            positions near the end of the game, which stays in the CPU's cache; entries, and
            so that table, are twice as large on boards of more than 64 bits).
        use_kernel: ``True`` to require the compiled kernel, ``False`` to use pure Python, ``None``
            (default) for the kernel wherever the board fits (``width * (height + 1)`` at most
            128 bits, :data:`KERNEL_MAX_BITS`) and it was built.
        book: an opening book to consult; ``True`` (default) for the board shape's default
            book, if there is one: the one shipped with fourinarow or the one installed with
            ``fourinarow book install``, the deeper (see
            :func:`fourinarow.search.book.default_book_path`); ``False``
            or ``None`` for none.
        threads: how many threads a search runs on (1 to 64; default 1), sharing the table;
            the scores are the same on any number, the node counts may differ. Only the
            compiled kernel uses more than one; pure Python searches on one.

    Raises:
        InvalidSearchSettingError: ``tt_mb`` is not a number above 0 (at most an exbibyte),
            ``use_kernel`` not ``True``, ``False`` or ``None``, or ``threads`` not a whole
            number from 1 to 64.
        BookError: ``book`` is neither a :class:`~fourinarow.search.book.Book` nor
            ``True``, ``False`` or ``None`` (a path is read with ``Book.load(path)``).
        RuntimeError: ``use_kernel=True`` but the compiled kernel is not built.
    """

    def __init__(
        self,
        *,
        tt_mb: float = 128,
        use_kernel: bool | None = None,
        book: Book | bool | None = True,
        threads: int = 1,
    ) -> None:
        tt_mb = table_megabytes(tt_mb)
        use_kernel = kernel_choice(use_kernel)
        threads = thread_count(threads)
        if book is not None and not isinstance(book, bool | Book):
            raise BookError(
                "book is a Book (read one with Book.load(path)), True for the default book or "
                f"False or None for none, not {shown(book)}"
            )
        self._compiled = _compiled_kernel_class()
        if use_kernel and self._compiled is None:
            raise RuntimeError(
                "the compiled kernel is not built; reinstall with a C compiler available"
            )
        self.tt_mb = tt_mb
        self._threads = threads
        self._use_kernel = use_kernel
        self._geometry: Geometry | None = None
        self._kernel: _Kernel | None = None
        self._book = book
        self._book_reach = -1
        self.book: Book | None = None
        """The book in use for the current shape, if any (attached at the first search from a
        position it can help with)."""
        self._attached: object = None  # the book's keys that the kernel was given
        self._watch: SolveWatch | None = None
        self._stopping = False  # stop() holds until resume()

    @property
    def threads(self) -> int:
        """The threads a search runs on (pure-Python searches use one whatever this says)."""
        return self._threads

    # ------------------------------------------------------------------------ kernel

    @property
    def last_nodes(self) -> int:
        """The positions searched by this solver's latest call (:meth:`solve`, :meth:`analyze`,
        :meth:`best_moves`, :meth:`first_best_move`), 0 before any. It is how to count the
        nodes of :meth:`best_moves`, which returns columns only; those are the searches of the
        columns, not of the :meth:`solve` it makes first when given no ``solution``."""
        return 0 if self._kernel is None else self._kernel.nodes

    @property
    def progress(self) -> SolveProgress | None:
        """How far this solver's latest :meth:`solve` or :meth:`analyze` has come, for
        another thread to read while it runs (a display, Ctrl-C's report): the time, the nodes
        and the bounds proven so far; once it has returned, its result. ``None`` before the
        first. See :class:`SolveProgress`."""
        watch = self._watch
        return None if watch is None else watch.snapshot()

    def _watch_call(
        self, kernel: _Kernel, board: Board, weak: bool, values: list[ColumnValue] | None = None
    ) -> SolveWatch:
        """Record a call that starts now (after ``kernel.reset_nodes()``) for :attr:`progress`."""
        earlier = self._watch
        total = 0 if earlier is None else earlier.earlier_nodes + earlier.snapshot().nodes
        self._watch = SolveWatch(kernel, board, weak=weak, earlier_nodes=total, values=values)
        return self._watch

    def stop(self) -> None:
        """End the search running now (in another thread) early, as a limit would: it returns
        within one batch of nodes with what it has proven (an analysis: the bounds of the column
        being searched, the columns not reached ``Unvalued.NOT_SEARCHED``), and so does every
        later call until :meth:`resume`. Safe from any thread; compiled searches on several
        threads stop on all of them."""
        self._stopping = True
        kernel = self._kernel
        if kernel is not None:
            kernel.stop()

    def resume(self) -> None:
        """Let calls search again after :meth:`stop` (those that start from now on)."""
        self._stopping = False

    @property
    def stopping(self) -> bool:
        """Whether :meth:`stop` holds: every call returns at once until :meth:`resume`."""
        return self._stopping

    def _set_limits(self, kernel: _Kernel, budget: tuple[int, float]) -> None:
        """Give ``kernel`` a call's budget; stopped at once while :meth:`stop` holds (checked
        after the budget is set, so that a stop at any moment reaches the call)."""
        kernel.set_limits(*budget)
        if self._stopping:
            kernel.stop()

    @property
    def book_choice(self) -> Book | bool | None:
        """The opening book the solver was made with: a :class:`~fourinarow.search.book.Book`,
        ``True`` for the shape's default book, ``False`` or ``None`` for none."""
        return self._book

    def backend_for(self, board: Board) -> Backend:
        """``"compiled"`` or ``"python"``: where a search of this board's shape runs."""
        return self._backend(checked_board(board).geometry)

    def _backend(self, shape: Geometry) -> Backend:
        word_bits = _word_bits(shape)
        if self._compiled is None or word_bits is None or self._use_kernel is False:
            return "python"
        return "python" if _compiled_kernel_class(word_bits) is None else "compiled"

    def _kernel_for(self, board: Board) -> _Kernel:
        return self._kernel_for_shape(board.geometry, board.ply)

    def _kernel_for_shape(self, shape: Geometry, ply: int) -> _Kernel:
        """The kernel for this shape, with the book attached once a search starts from a
        position of at most the book's plies (a search from deeper never meets a position
        the book holds, so a solve of late positions does not wait for the shipped book to
        load)."""
        if self._kernel is None or self._geometry != shape:
            reach = self._book_plies(shape)  # first: a book for another shape raises
            self._kernel = None  # free the old table before allocating the new one
            budget = int(self.tt_mb * 1024 * 1024)
            if self._backend(shape) == "compiled":
                word_bits = _word_bits(shape)
                assert word_bits is not None
                kernel_class = _compiled_kernel_class(word_bits)
                assert kernel_class is not None
                compiled = kernel_class(*_dimensions(shape), _table_bits(budget, word_bits // 8))
                compiled.threads = self._threads
                self._kernel = compiled
            else:
                self._kernel = ReferenceKernel(
                    *_dimensions(shape), _table_bits(budget, _PYTHON_ENTRY_BYTES)
                )
            self._geometry = shape
            self.book = None
            self._book_reach = reach
        if ply <= self._book_reach:
            self._book_reach = -1  # attach once
            self.book = self._book_for(shape)
            self._attach_book()
        elif self.book is not None and self._attached is not self.book.keys:
            self._attach_book()  # the book has read its entries again: its copy was damaged
        return self._kernel

    def _attach_book(self) -> None:
        """Give the kernel the book's entries (and the check of their blocks, if any)."""
        book = self.book
        if book is not None and self._kernel is not None:
            self._kernel.set_book(book.keys, book.values, book.plies, book.blocks)
            self._attached = book.keys

    def _book_plies(self, shape: Geometry) -> int:
        """The ply of the deepest positions in the book this shape would use, or -1 for
        no book; a damaged default book (shipped or installed) counts as deep as possible, so
        the first search reports it."""
        width, height, connect = _dimensions(shape)
        if isinstance(self._book, Book):
            self._book.require_shape(width, height, connect)
            return self._book.plies
        if not self._book or width * (height + 1) > BOOK_MAX_BITS:
            return -1
        try:
            plies = default_book_plies(width, height, connect)
        except BookError:
            return width * height
        return -1 if plies is None else plies

    def _book_for(self, shape: Geometry) -> Book | None:
        """The book to attach, once :meth:`_book_plies` has found there is one for this shape
        (and checked a given book's shape); ``None`` if the default one turns out damaged."""
        if isinstance(self._book, Book):
            return self._book
        try:
            return default_book(*_dimensions(shape))
        except BookError as error:  # keep solving, only slower
            warnings.warn(f"{error}; solving without it", RuntimeWarning, stacklevel=5)
            return None

    def solve_bits(self, shape: Geometry, current: int, mask: int, *, weak: bool = False) -> int:
        """The exact score of a position given as bitboards, for tools that hold positions
        that way (the opening book's builder): ``mask`` every stone, ``current`` the side to
        move's, ``height + 1`` bits per column.

        Preconditions: nobody has won and the board is not full (not checked).

        Raises:
            InvalidPositionError: ``shape`` is not a :class:`~fourinarow.core.Geometry`, or
                ``current`` and ``mask`` are not whole numbers with ``current`` within ``mask``
                within the board.
        """
        if not isinstance(shape, Geometry):
            raise InvalidPositionError(f"a shape is a Geometry, not {shown(shape)}")
        current = whole_number(current, "current", InvalidPositionError)
        mask = whole_number(mask, "mask", InvalidPositionError)
        if mask & ~shape.full_mask or current & ~mask or current < 0:
            raise InvalidPositionError(
                "current holds the side to move's stones, mask every stone, both within the "
                f"cells of a {shape.width}x{shape.height} board"
            )
        kernel = self._kernel_for_shape(shape, mask.bit_count())
        self._set_limits(kernel, Limit().kernel_budget())
        lower, _ = kernel.solve(current, mask, mask.bit_count(), weak)
        return lower

    def prepare(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        """Pay the one-time costs for a board shape now rather than in the first search:
        allocate the table and back all of it with memory, and read the book, if any.

        Raises:
            BookError: a book was given for another shape.
        """
        self._kernel_for_shape(Geometry(width, height, connect), 0).clear(True)

    def clear(self, *, full: bool = False) -> None:
        """Empty the transposition table.

        Args:
            full: wipe every slot now rather than start a new epoch (slower, once); this also
                backs the whole table with memory, so that no later search pays for touching
                fresh pages (what a benchmark wants before timing anything).
        """
        if self._kernel is not None:
            self._kernel.clear(full)

    # ------------------------------------------------------------------------- solve

    @staticmethod
    def _position(board: Board) -> tuple[int, int, int]:
        """A position whose game goes on (not checked) as the kernel's bitboards."""
        first, second = board.bitboards
        current = first if board.turn == 1 else second
        return current, first | second, board.ply

    def solve(self, board: Board, limit: Limit | None = None, *, weak: bool = False) -> Solution:
        """The exact score of the position for the side to move.

        Args:
            board: a position where the game is not over (left unchanged).
            limit: the time and nodes the search may spend (depth does not apply); when it
                stops the search first, the result holds the proven bounds only. Zero time
                answers at once, after at most one batch of nodes (the book still answers
                positions it holds).
            weak: find only the sign (1 win, 0 draw, -1 loss), which is faster.

        Raises:
            GameOverError: the game is already over.
        """
        board = playable_board(board, NOTHING_TO_SOLVE)
        return self._solve_checked(board, checked_limit(limit), weak=weak)

    def _solve_checked(self, board: Board, limit: Limit, *, weak: bool = False) -> Solution:
        """:meth:`solve` of arguments already checked (a board whose game goes on, a
        ``Limit``): what the library's own searches call, once their entry point has checked
        what it was given."""
        position = self._position(board)
        kernel = self._kernel_for(board)
        kernel.reset_nodes()
        self._set_limits(kernel, limit.kernel_budget())
        watch = self._watch_call(kernel, board, weak)
        start = time.perf_counter()
        try:
            lower, upper = kernel.solve(*position, weak)
        except BaseException:
            watch.finish()
            raise
        elapsed = time.perf_counter() - start
        watch.finish((lower, upper))
        return Solution(
            score=lower if lower == upper else None,
            lower=lower,
            upper=upper,
            weak=weak,
            nodes=kernel.nodes,
            elapsed=elapsed,
        )

    def analyze(
        self, board: Board, limit: Limit | None = None, *, weak: bool = False
    ) -> ColumnValues:
        """The value of every column for the side to move, as if it played there.

        The limit applies to the whole analysis: a column whose search it stopped holds the
        proven bounds, and columns not reached are ``Unvalued.NOT_SEARCHED``. With ``weak``
        the values are exact signs (1, 0, -1) without distances.

        Raises:
            GameOverError: the game is over.
        """
        board = playable_board(board, NOTHING_TO_SOLVE)
        return self._analyze_checked(board, checked_limit(limit), weak=weak)

    def _analyze_checked(self, board: Board, limit: Limit, *, weak: bool = False) -> ColumnValues:
        """:meth:`analyze` of arguments already checked (as :meth:`_solve_checked`)."""
        kernel = self._kernel_for(board)
        kernel.reset_nodes()
        self._set_limits(kernel, limit.kernel_budget())
        values: list[ColumnValue] = []
        watch = self._watch_call(kernel, board, weak, values)
        try:
            return self._analyze(kernel, board, weak, values, watch)
        finally:
            watch.finish()

    def _analyze(
        self,
        kernel: _Kernel,
        board: Board,
        weak: bool,
        values: list[ColumnValue],
        watch: SolveWatch,
    ) -> ColumnValues:
        """The loop of :meth:`analyze`: each column's value appended to ``values`` in turn."""
        start = time.perf_counter()
        win_now = set(board.winning_moves())
        win_score = (board.width * board.height + 1 - board.ply) // 2
        child = board.copy()
        lose_now = set() if win_now else self._losing_at_once(child)
        loss_score = -((board.width * board.height - board.ply) // 2)  # the opponent wins next
        for column in range(board.width):
            if not board.is_legal(column):
                values.append(Unvalued.FULL)
            elif column in win_now:
                values.append(_exact(1 if weak else win_score, board, weak))
            elif column in lose_now:  # valued before any search, so a limit never hides them
                values.append(_exact(-1 if weak else loss_score, board, weak))
            elif kernel.stopped:
                values.append(Unvalued.NOT_SEARCHED)
            else:
                child.push(column)
                if child.is_game_over():  # the last cell, filled without a line
                    values.append(Exact(0))
                else:
                    watch.searching(column)
                    lower, upper = kernel.solve(*self._position(child), weak)
                    watch.searched()
                    if lower != upper:
                        values.append(Bounds(-upper, -lower))
                    else:
                        values.append(_exact(-lower, board, weak))
                child.pop()
        return ColumnValues(tuple(values), kernel.nodes, time.perf_counter() - start)

    @staticmethod
    def _losing_at_once(child: Board) -> set[Column]:
        """The columns after which the opponent wins with its next stone (``child`` is a copy
        of the position, left as it was)."""
        losing = set()
        for column in child.legal_moves:
            child.push(column)
            if not child.is_game_over() and child.winning_moves():
                losing.add(column)
            child.pop()
        return losing

    def best_moves(
        self, board: Board, *, weak: bool = False, solution: Solution | None = None
    ) -> list[Column]:
        """The columns that keep the position's exact score (or its sign, when ``weak``).

        Cheaper than :meth:`analyze`: knowing the score ``s``, a column is best exactly when the
        position after it scores ``-s`` for the opponent, which one null-window search decides.

        Args:
            board: a position where the game is not over.
            weak: keep the sign rather than the exact score.
            solution: this board's solution, if already known (with the same ``weak``).

        Raises:
            GameOverError: the game is over.
            FourInARowError: ``solution`` is not a :class:`Solution`.
        """
        board = playable_board(board, NOTHING_TO_SOLVE)
        if solution is not None and not isinstance(solution, Solution):
            raise FourInARowError(
                f"solution is this board's Solution from solve(), not {shown(solution)}"
            )
        if solution is None or solution.score is None or solution.weak != weak:
            solution = self._solve_checked(board, Limit(), weak=weak)
        score = solution.score
        assert score is not None
        kernel = self._kernel_for(board)
        kernel.reset_nodes()  # count this call's searches alone (last_nodes)
        self._set_limits(kernel, Limit().kernel_budget())
        win_now = board.winning_moves()
        if win_now and not weak:
            return win_now  # only a winning stone keeps a score this high
        if weak and score < 0:
            return board.legal_moves  # every move loses
        target = -score  # the opponent's score after a best move
        child = board.copy()
        legal = board.legal_moves
        return [c for c in legal if self._keeps(kernel, child, c, target, weak, win_now)]

    def first_best_move(
        self,
        board: Board,
        columns: Sequence[Column],
        score: int,
        limit: Limit | None = None,
    ) -> FirstBest:
        """The first of ``columns`` that keeps the position's exact ``score``: a null-window
        search per column tried, and no more columns once one is found (for a player who
        prefers columns in a fixed order, this is :meth:`best_moves`' choice at a fraction of
        the cost). If a limit stops it first, the result still says which columns it refuted.

        Args:
            board: a position where the game is not over, whose exact score is ``score``.
            columns: legal columns, most preferred first; every best column among them.
            limit: the time and nodes the scan may spend.

        Raises:
            FourInARowError: no column of ``columns`` keeps ``score`` (the score is not the
                position's, or a best column is missing).
            InvalidMoveError, IllegalMoveError: an item of ``columns`` is not a legal column.
            GameOverError: the game is over.
        """
        board = playable_board(board, NOTHING_TO_SOLVE)
        columns = _legal_columns(board, columns)
        score = whole_number(score, "a score", FourInARowError)
        if abs(score) > (board.width * board.height + 1) // 2:
            raise FourInARowError(
                f"no column keeps the score {shown(score)}: scores on a "
                f"{board.width}x{board.height} board are at most "
                f"{(board.width * board.height + 1) // 2} either way"
            )
        return self._first_best_checked(board, columns, score, checked_limit(limit))

    def _first_best_checked(
        self, board: Board, columns: Sequence[Column], score: int, limit: Limit
    ) -> FirstBest:
        """:meth:`first_best_move` of arguments already checked (as :meth:`_solve_checked`)."""
        kernel = self._kernel_for(board)
        kernel.reset_nodes()
        self._set_limits(kernel, limit.kernel_budget())
        win_now = board.winning_moves()
        if win_now:  # only a winning stone keeps a score this high
            if score != (board.width * board.height + 1 - board.ply) // 2:
                raise FourInARowError(f"no column keeps the score {score}: a stone wins at once")
            columns = list(columns)
            for i, column in enumerate(columns):
                if column in win_now:
                    return FirstBest(column, tuple(columns[:i]), 0)
            raise FourInARowError(f"no column of {columns} keeps the score {score}")
        child = board.copy()
        refuted: list[Column] = []
        for column in columns:
            keeps = self._keeps(kernel, child, column, -score, False, win_now)
            if kernel.stopped:
                return FirstBest(None, tuple(refuted), kernel.nodes)
            if keeps:
                return FirstBest(column, tuple(refuted), kernel.nodes)
            refuted.append(column)
        raise FourInARowError(f"no column of {list(columns)} keeps the score {score}")

    def _keeps(
        self,
        kernel: _Kernel,
        child: Board,
        column: Column,
        target: int,
        weak: bool,
        win_now: list[Column],
    ) -> bool:
        """Whether playing ``column`` on ``child`` (the position, restored afterwards) leaves
        the opponent a score of at most ``target`` (with ``weak``, a sign: 1, 0 or -1).
        Meaningless if the kernel stopped."""
        if column in win_now:
            return True  # the highest score there is, and weakly as good as any other
        child.push(column)
        if child.is_game_over():
            value = 0  # the last cell, filled without a line
        else:
            current, mask, moves = self._position(child)
            if kernel.can_win_next(current, mask):
                value = (child.width * child.height + 1 - moves) // 2
            else:
                value = kernel.negamax(current, mask, moves, target, target + 1)
        child.pop()
        if weak:
            value = max(-1, min(1, value))
        return value <= target


def _legal_columns(board: Board, columns: object) -> list[Column]:
    """``columns`` as a list, each a legal column of ``board`` (else the error a move there
    raises: ``InvalidMoveError`` or ``IllegalMoveError``)."""
    if isinstance(columns, str | bytes) or not isinstance(columns, Iterable):
        raise InvalidPositionError(
            f"columns are a sequence of 0-based columns, not {shown(columns)}"
        )
    checked = list(columns)
    probe = board.copy()
    for column in checked:
        probe.push(column)
        probe.pop()
    return checked
