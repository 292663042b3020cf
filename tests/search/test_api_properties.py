"""Property tests of the search layer's public API: the solver, typed scores, opening books,
evaluations and the heuristic searches. Every call with arguments of any type either works or
raises a ``FourInARowError`` (a ``ValueError``) with a one-line message, never an
``AttributeError``, ``TypeError``, ``OverflowError``, ``IndexError`` or ``KeyError``."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fourinarow.core import Board, FourInARowError, Geometry
from fourinarow.search.book import (
    Book,
    BookError,
    decode_key,
    default_book_plies,
    mirror_key,
    position_key,
    shipped_book_path,
)
from fourinarow.search.deepening import column_values, deepen
from fourinarow.search.engine_search import Engine
from fourinarow.search.evaluation import (
    count_scores,
    evaluation_name,
    lines_across,
    make_evaluation,
)
from fourinarow.search.heuristic import HeuristicSearch, SearchResult, SearchStopped
from fourinarow.search.limit import Limit
from fourinarow.search.scores import (
    Bounds,
    ColumnValues,
    Exact,
    Heuristic,
    Probability,
    Unvalued,
    exact_value_of_win,
)
from fourinarow.search.solver import FirstBest, Solution, Solver
from tests.anything import anything, call, numbers

FEW = settings(max_examples=40, deadline=None)

SOLVER = Solver(tt_mb=1, book=False)
"""One small solver for every test here (its table is kept from call to call, as in use)."""

small_ints = st.integers(min_value=-3, max_value=25)
values = st.one_of(small_ints, anything())
sides = st.one_of(st.integers(min_value=1, max_value=8), numbers())


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board of a shape the solver finishes at once, after a few random legal moves."""
    width = draw(st.integers(min_value=2, max_value=5))
    height = draw(st.integers(min_value=2, max_value=4))
    board = Board(width, height, draw(st.integers(min_value=2, max_value=min(4, width))))
    for _ in range(draw(st.integers(min_value=0, max_value=width * height))):
        if board.is_game_over():
            break
        board.push(draw(st.sampled_from(board.legal_moves)))
    return board


limits = st.one_of(
    st.none(),
    st.builds(Limit, nodes=st.integers(min_value=-5, max_value=3000)),
    st.builds(Limit, time=st.sampled_from([0, 0.5, 1e308])),
    st.builds(Limit, nodes=st.sampled_from([10**18])),
    anything(),
)
any_board = st.one_of(boards(), anything())


# ------------------------------------------------------------------------------------ solver


@FEW
@given(tt_mb=st.one_of(st.just(1), numbers(), anything()), use_kernel=values, book=values)
@example(tt_mb=math.nan, use_kernel=None, book=True)
@example(tt_mb=math.inf, use_kernel=None, book=True)
@example(tt_mb="64", use_kernel=None, book=True)
@example(tt_mb=1, use_kernel="no", book=True)
@example(tt_mb=1, use_kernel=None, book="my.book")
def test_solver_takes_any_settings(tt_mb: object, use_kernel: object, book: object) -> None:
    solver = call(Solver, tt_mb=tt_mb, use_kernel=use_kernel, book=book)
    if solver is not None:
        assert isinstance(tt_mb, int | float)
        assert 0 < tt_mb < math.inf
        assert use_kernel in (None, True, False)
        assert book is None or isinstance(book, bool | Book)


@FEW
@given(board=any_board, limit=limits, weak=st.booleans())
@example(board=None, limit=None, weak=False)
@example(board="4455", limit=None, weak=False)
@example(board=Board(4, 4, 3), limit=0.5, weak=False)
@example(board=Board(4, 4, 3), limit=Limit(nodes=10**18), weak=False)
@example(board=Board(4, 4, 3), limit=Limit(time=1e308), weak=False)
def test_solve_and_analyze_take_anything(board: object, limit: object, weak: bool) -> None:
    solution = call(SOLVER.solve, board, limit, weak=weak)
    values = call(SOLVER.analyze, board, limit, weak=weak)
    assert (solution is None) == (values is None)
    if solution is not None:
        assert isinstance(board, Board)
        assert not board.is_game_over()
        assert solution.lower <= solution.upper
        assert len(values.values) == board.width
        json.dumps(values.to_json())
    kind = call(SOLVER.backend_for, board)
    assert (kind is None) == (not isinstance(board, Board))


@FEW
@given(board=any_board, solution=st.one_of(st.none(), anything()), weak=st.booleans())
@example(board=Board(4, 4, 3), solution="18", weak=False)
@example(board=Board(4, 4, 3), solution=Solution(1, 1, 1, False, 0, 0.0), weak=False)
def test_best_moves_takes_anything(board: object, solution: object, weak: bool) -> None:
    best = call(SOLVER.best_moves, board, weak=weak, solution=solution)
    if best is not None:
        assert isinstance(board, Board)
        assert set(best) <= set(board.legal_moves)


@FEW
@given(
    board=any_board,
    columns=st.one_of(st.lists(small_ints, max_size=6), anything()),
    score=values,
    limit=limits,
)
@example(board=Board(4, 4, 3), columns=None, score=0, limit=None)
@example(board=Board(4, 4, 3), columns=[1, 2, 3, 0], score=10**30, limit=None)
@example(board=Board(4, 4, 3), columns=[1, 2, 3, 0], score="2", limit=None)
@example(board=Board(4, 4, 3), columns=[9, 1, 2, 3, 0], score=0, limit=None)
@example(board=Board(4, 4, 3), columns=[True, 2, 3, 0], score=0, limit=None)
@example(
    board=Board.from_moves("12121", width=4, height=4, connect=3),
    columns=[0],
    score=0,
    limit=None,
)
def test_first_best_move_takes_anything(
    board: object, columns: object, score: object, limit: object
) -> None:
    found = call(SOLVER.first_best_move, board, columns, score, limit)
    if found is not None:
        assert isinstance(found, FirstBest)
        assert isinstance(board, Board)
        assert found.column is None or board.is_legal(found.column)


@FEW
@given(width=sides, height=sides, connect=sides, full=values)
@example(width=None, height=6, connect=4, full=True)
def test_prepare_and_clear_take_anything(
    width: object, height: object, connect: object, full: object
) -> None:
    call(SOLVER.prepare, width, height, connect)
    call(SOLVER.clear, full=full)


@FEW
@given(
    shape=st.one_of(st.builds(Geometry, st.just(4), st.just(4), st.just(3)), anything()),
    current=values,
    mask=values,
)
@example(shape=Geometry(4, 4, 3), current=0, mask=2**70)
@example(shape=Geometry(4, 4, 3), current=-1, mask=0)
@example(shape=Geometry(4, 4, 3), current=1, mask=0)
@example(shape=Geometry(4, 4, 3), current=0, mask=1 << 4)  # a spare bit
@example(shape="4x4", current=0, mask=0)
def test_solve_bits_takes_anything(shape: object, current: object, mask: object) -> None:
    score = call(SOLVER.solve_bits, shape, current, mask)
    if score is not None:
        assert isinstance(score, int)


# ------------------------------------------------------------------------------------ scores


@FEW
@given(value=values, distance=values, forced=values)
@example(value="3", distance=None, forced=0)
@example(value=True, distance=None, forced=0)
@example(value=3, distance=0, forced=0)
@example(value=3, distance=None, forced=2)
@example(value=3.5, distance=None, forced=0)
def test_score_constructors_take_anything(value: object, distance: object, forced: object) -> None:
    for score in (
        call(Exact, value, distance),
        call(Bounds, value, distance),
        call(Heuristic, value, forced, distance),
        call(Probability, value),
    ):
        if score is not None:
            json.dumps(score.to_json())
            assert str(score)
            assert str(-score)
            assert isinstance(score.exact, bool)


@FEW
@given(board=any_board, value=values)
@example(board=Board(), value=100)
@example(board=Board(), value=-22)
@example(board="4455", value=1)
def test_exact_of_takes_anything(board: object, value: object) -> None:
    score = call(Exact.of, value, board)
    if score is not None:
        assert isinstance(board, Board)
        assert score.distance is None or score.distance >= 1


@FEW
@given(width=sides, height=sides, ply=values, distance=values)
@example(width=7, height=6, ply=4, distance=0)
@example(width=7, height=6, ply="4", distance=1)
def test_exact_value_of_win_takes_anything(
    width: object, height: object, ply: object, distance: object
) -> None:
    value = call(exact_value_of_win, width, height, ply, distance)
    if value is not None:
        assert isinstance(value, int)
        assert value != 0


column_entries = st.one_of(
    st.sampled_from([Exact(2), Bounds(-1, 3), Heuristic(5), Probability(0.5), Unvalued.FULL]),
    anything(),
)


@FEW
@given(
    entries=st.one_of(st.lists(column_entries, max_size=8), anything()),
    nodes=values,
    elapsed=values,
    board=any_board,
)
@example(entries=[1, 2], nodes=0, elapsed=0.0, board=Board())
@example(entries=(Exact(1),), nodes="many", elapsed=0.0, board=Board())
@example(entries=None, nodes=0, elapsed=0.0, board=Board())
@example(entries=[(1, 2), None, (3, 1)], nodes=0, elapsed=0.0, board=Board(3, 3, 3))
def test_column_values_take_anything(
    entries: object, nodes: object, elapsed: object, board: object
) -> None:
    for result in (
        call(ColumnValues, entries, nodes, elapsed),
        call(ColumnValues.of, entries, board),
        call(ColumnValues.from_bounds, entries, board),
    ):
        if result is not None:
            json.dumps(result.to_json())
            assert len(result.labels()) == len(result.values)
            result.best_moves()


# ------------------------------------------------------------------------------------- books


@FEW
@given(key=values, width=sides, height=sides)
@example(key=-1, width=7, height=6)
@example(key=2**64, width=7, height=6)
@example(key="12", width=7, height=6)
@example(key=0, width=7.0, height=6)
@example(key=0, width=7, height=10**30)
def test_book_keys_take_anything(key: object, width: object, height: object) -> None:
    mirrored = call(mirror_key, key, width, height)
    decoded = call(decode_key, key, width, height)
    if mirrored is not None:
        assert isinstance(key, int)
        assert isinstance(width, int)
        assert isinstance(height, int)
        assert 0 <= mirrored < 2 ** (width * (height + 1))
        assert mirror_key(mirrored, width, height) == key
    if decoded is not None:
        assert isinstance(key, int)


SMALL_BOOK = Book.from_entries(
    4, 4, 3, 2, {position_key(Board.from_moves("2", width=4, height=4, connect=3)): 1}
)


@FEW
@given(key=values, board=any_board, shape=st.tuples(sides, sides, sides))
@example(key="1", board=Board(4, 4, 3), shape=(4, 4, 3))
@example(key=2**64, board=None, shape=(4, 4, 3))
@example(key=-1, board=Board(4, 4, 3), shape=(None, 4, 3))
def test_book_lookups_take_anything(key: object, board: object, shape: tuple[object, ...]) -> None:
    call(SMALL_BOOK.lookup, key)
    call(SMALL_BOOK.get, board)
    call(SMALL_BOOK.require_shape, *shape)
    call(position_key, board)
    path = call(shipped_book_path, *shape)
    assert path is None or isinstance(path, Path)
    plies = call(default_book_plies, *shape)
    assert plies is None or isinstance(plies, int)


@FEW
@given(
    shape=st.tuples(sides, sides, sides),
    plies=values,
    entries=st.one_of(st.dictionaries(small_ints, small_ints, max_size=3), anything()),
)
@example(shape=(4, 4, 3), plies=2, entries={-1: 0})
@example(shape=(4, 4, 3), plies=2, entries={1: 200})
@example(shape=(4, 4, 3), plies=2, entries=[1, 2])
@example(shape=(4, 4, 3), plies="2", entries={})
@example(shape=(9, 7, 4), plies=2, entries={})
def test_book_from_entries_takes_anything(
    shape: tuple[object, ...], plies: object, entries: object
) -> None:
    book = call(Book.from_entries, *shape, plies, entries)
    if book is not None:
        assert isinstance(entries, dict)
        assert len(book) == len(entries)


@FEW
@given(
    # Paths with a line break are left out: book messages show a path as it is (issue 16).
    path=st.one_of(st.sampled_from(["", "/nonexistent/x.book", ".", "\0"]), anything()).filter(
        lambda path: not (isinstance(path, str) and ("\n" in path or "\r" in path))
    ),
    compression=values,
)
@example(path=None, compression="lzma")
@example(path=b"x.book", compression="lzma")
@example(path=0, compression="lzma")
@example(path=2, compression="lzma")
@example(path="x.book", compression=["zlib"])
def test_book_files_take_any_path(path: object, compression: object) -> None:
    call(Book.read_header, path)
    call(Book.load, path)
    with tempfile.TemporaryDirectory() as directory:
        size = call(SMALL_BOOK.save, Path(directory) / "small.book", compression)
        if size is not None:
            assert (
                Book.load(Path(directory) / "small.book").lookup(next(iter(SMALL_BOOK.keys))) == 1
            )


def test_a_book_file_is_never_a_file_descriptor() -> None:
    """``open(2)`` would read standard error and close it afterwards: a number is no path."""
    for number in (0, 1, 2):
        with pytest.raises(BookError, match="a path"):
            Book.read_header(number)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- evaluations, searches


@FEW
@given(
    name=st.one_of(st.sampled_from(["window", "Threats", " rivest "]), anything()),
    shape=st.tuples(sides, sides, sides),
    n=values,
)
@example(name=None, shape=(7, 6, 4), n=4)
@example(name="window", shape=(7, 6, 4), n=10**9)
@example(name="nonsense", shape=(7, 6, 4), n=4)
def test_evaluations_take_anything(name: object, shape: tuple[object, ...], n: object) -> None:
    call(evaluation_name, name)
    evaluate = call(make_evaluation, name, *shape)
    if evaluate is not None:
        assert isinstance(evaluate(0, 0, True), int)
    table = call(count_scores, name, n)
    if table is not None:
        assert isinstance(n, int)
        assert len(table) == n + 1
    call(lines_across, shape[0])


@FEW
@given(
    shape=st.tuples(sides, sides, sides),
    evaluation=st.one_of(st.sampled_from(["window", "threats"]), anything()),
    use_kernel=st.one_of(st.sampled_from([None, False]), anything()),
)
@example(shape=(7, 6, 4), evaluation="Window", use_kernel=None)
@example(shape=(7, 6, 4), evaluation="nonsense", use_kernel=None)
@example(shape=(7, 6, 4), evaluation=["window"], use_kernel=None)
@example(shape=(7, 6, 4), evaluation="window", use_kernel="yes")
def test_heuristic_search_constructors_take_anything(
    shape: tuple[object, ...], evaluation: object, use_kernel: object
) -> None:
    search = call(HeuristicSearch, *shape, evaluation, use_kernel=use_kernel)
    if search is not None:
        assert search.backend in ("compiled", "python")
    engine = call(Engine, *shape, tt_mb=1, use_kernel=use_kernel)
    if engine is not None:
        assert engine.backend in ("compiled", "python")


SEARCHES: list[HeuristicSearch | Engine] = [
    HeuristicSearch(4, 4, 3, "window"),
    HeuristicSearch(4, 4, 3, "window", use_kernel=False),
    Engine(4, 4, 3, tt_mb=1),
    Engine(4, 4, 3, tt_mb=1, use_kernel=False),
]


@FEW
@given(
    board=st.one_of(
        st.just(Board(4, 4, 3)),
        st.just(Board.from_moves("23", width=4, height=4, connect=3)),
        anything(),
    ),
    depth=st.one_of(st.integers(min_value=-2, max_value=6), anything()),
    deadline=st.one_of(st.none(), anything()),
    node_limit=st.one_of(st.none(), st.integers(min_value=-2, max_value=5000), anything()),
)
@example(board=Board(4, 4, 3), depth=2**40, deadline=None, node_limit=None)
@example(board=Board(4, 4, 3), depth=-(10**5000), deadline=None, node_limit=None)
@example(board=Board(4, 4, 3), depth=3, deadline=math.nan, node_limit=None)
@example(board=Board(4, 4, 3), depth=3, deadline=None, node_limit=2**70)
@example(board=Board(4, 4, 3), depth="3", deadline=None, node_limit=None)
@example(board=Board(7, 6, 4), depth=3, deadline=None, node_limit=None)
def test_heuristic_searches_take_anything(
    board: object, depth: object, deadline: object, node_limit: object
) -> None:
    for search in SEARCHES:
        try:
            result = call(search.search, board, depth, deadline=deadline, node_limit=node_limit)
        except SearchStopped:  # the documented signal of a limit reached
            continue
        if result is not None:
            assert isinstance(result, SearchResult)
            assert isinstance(board, Board)
            assert set(result.best_moves) <= set(board.legal_moves)


def test_node_limit_zero_stops_every_search_at_once() -> None:
    """No nodes means no search, in the compiled kernel as in Python (0 is not "no limit")."""
    for search in SEARCHES:
        with pytest.raises(SearchStopped):
            search.search(Board(4, 4, 3), 6, node_limit=0)


def test_a_solver_given_a_path_for_a_book_says_how_to_load_it() -> None:
    """``book="my.book"`` used to mean "the shipped book" (a truthy value): a wrong book."""
    with pytest.raises(BookError, match=r"Book\.load"):
        Solver(book="my.book")  # type: ignore[arg-type]


def test_first_best_move_refuses_a_score_out_of_range() -> None:
    with pytest.raises(FourInARowError):
        SOLVER.first_best_move(Board(4, 4, 3), [1, 2, 0, 3], 10**30)


@FEW
@given(
    searcher=st.one_of(st.sampled_from(SEARCHES), anything()),
    board=st.one_of(st.just(Board(4, 4, 3)), anything()),
    most=st.one_of(st.integers(min_value=-1, max_value=5), anything()),
    limit=limits,
    start=st.one_of(st.just(0.0), anything()),
)
@example(searcher=SEARCHES[0], board=Board(4, 4, 3), most="3", limit=None, start=0.0)
@example(searcher=SEARCHES[0], board=Board(4, 4, 3), most=3, limit=None, start="now")
@example(searcher=SEARCHES[0], board=None, most=3, limit=Limit(time=0), start=0.0)
@example(searcher=None, board=Board(4, 4, 3), most=3, limit=None, start=0.0)
def test_deepening_takes_anything(
    searcher: object, board: object, most: object, limit: object, start: object
) -> None:
    found = call(deepen, searcher, board, most, limit, start)
    if found is not None:
        result, nodes = found
        assert result is None or isinstance(result, SearchResult)
        assert nodes >= 0
    values = call(column_values, searcher, board, most, limit, start)
    assert (values is None) == (found is None)
