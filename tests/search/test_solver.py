"""The perfect solver against things we did not write: the standard benchmark sets, John Tromp's
table of empty-board results, and a naive brute-force search; and the kernel against its twin."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from fourinarow.agents.tiebreak import preference_order
from fourinarow.core import Board, InvalidPositionError
from fourinarow.search.limit import Limit
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.scores import Exact, Unvalued
from fourinarow.search.solver import Solver, compiled_kernel_available
from tests import bench
from tests.bench import BenchPosition
from tests.core.naive import NaiveBoard

SETS = list(bench.SETS)  # easiest first
needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)

# Begin-Hard positions (1-based line numbers) that solve in well under a second, for the fast suite.
QUICK_BEGIN_HARD = [49, 59, 60]


def check_rows(solver: Solver, rows: list[BenchPosition]) -> None:
    assert rows, "no benchmark positions to check"
    for row in rows:
        board = Board.from_moves(row.moves)
        solver.clear()
        assert solver.solve(board).score == row.score, row
        sign = (row.score > 0) - (row.score < 0)
        assert solver.solve(board, weak=True).score == sign, row


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=32, book=False)  # the search itself; tests/search/test_book.py adds one


@pytest.mark.parametrize("name", SETS[:5])
def test_a_sample_of_each_benchmark_set_is_exact(solver: Solver, name: str) -> None:
    step = {"Test_L1_R2": 200}.get(name, 50)  # Begin-Medium positions take ~0.1 s each
    check_rows(solver, bench.every(name, step))


def test_quick_begin_hard_positions_are_exact(solver: Solver) -> None:
    check_rows(solver, bench.at_lines("Test_L1_R3", QUICK_BEGIN_HARD))


@pytest.mark.slow
@pytest.mark.parametrize("name", SETS[:5])
def test_every_position_of_the_easier_sets_is_exact(solver: Solver, name: str) -> None:
    check_rows(solver, bench.positions(name))


@pytest.mark.slow
def test_begin_hard_sample_is_exact(solver: Solver) -> None:
    check_rows(solver, bench.every("Test_L1_R3", 100))


# John Tromp's results for the empty board: + first player wins, - second, = draw.
TROMP_FAST = {
    (4, 4): 0, (5, 4): 0, (6, 4): -1, (7, 4): 0, (4, 5): 0, (5, 5): 0,
    (6, 5): 0, (4, 6): 0, (5, 6): 0, (4, 7): 0, (4, 8): 0,
}  # fmt: skip
TROMP_SLOW = {(8, 4): -1, (6, 6): -1, (5, 7): 0, (4, 9): 0, (7, 5): 0}


@pytest.mark.parametrize(("shape", "sign"), TROMP_FAST.items(), ids=str)
def test_empty_small_boards_match_tromps_table(shape: tuple[int, int], sign: int) -> None:
    assert Solver(tt_mb=32).solve(Board(*shape), weak=True).score == sign


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "sign"), TROMP_SLOW.items(), ids=str)
def test_empty_larger_boards_match_tromps_table(shape: tuple[int, int], sign: int) -> None:
    assert Solver(tt_mb=64).solve(Board(*shape), weak=True).score == sign


def test_score_convention_examples_from_the_reference(solver: Solver) -> None:
    assert solver.solve(Board.from_moves("4455")).score == 18
    assert solver.solve(Board.from_moves("44455554221")).score == -15


# ----------------------------------------------------------------------- naive brute force


def naive_score(board: NaiveBoard) -> int:
    """Full minimax on the naive board, in the standard score convention (slow: few empties)."""
    cells = board.width * board.height
    best = -cells
    for column in board.legal_moves():
        board.play(column)
        if board.outcome() is not None and board.outcome()[0] is not None:  # type: ignore[index]
            value = (cells + 1 - (len(board.moves) - 1)) // 2
        elif len(board.moves) == cells:
            value = 0
        else:
            value = -naive_score(board)
        board.columns[column].pop()
        board.moves.pop()
        best = max(best, value)
    return best


def random_open_position(
    rng: random.Random, shape: tuple[int, int, int], empties: int
) -> tuple[Board, NaiveBoard] | None:
    """A random game cut off with ``empties`` cells left; its moves avoid ending the game early
    (where some move can), so that crowded boards are reached on every shape."""
    board, naive = Board(*shape), NaiveBoard(*shape)
    while board.legal_moves and board.width * board.height - board.ply > empties:
        quiet = [c for c in board.legal_moves if c not in board.winning_moves()]
        column = rng.choice(quiet or board.legal_moves)
        board.push(column)
        naive.play(column)
    return None if board.is_game_over() else (board, naive)


NAIVE_SHAPES = [
    # Claimeven bounds the side to move where the empty cells are even: the first player on even
    # heights (7x6, 12x6, 5x4, 6x4, 4x6), either player on odd ones (9x7, 20x3, 13x4 ...).
    ((7, 6, 4), 8),
    ((9, 7, 4), 8),
    ((12, 6, 5), 7),
    ((5, 4, 3), 9),
    ((20, 3, 3), 8),
    ((6, 4, 4), 7),
    ((4, 6, 3), 9),
    ((13, 4, 4), 7),  # 65 bits, on 128-bit words as are 9x7 (72), 12x6 (84) and 20x3 (80)
]
"""Shapes, and the empty cells left in the positions the naive search checks on each."""

NAIVE_POSITIONS = 4
"""Positions a shape the fast test checks: the first of the slow test's 12, as the same seed
draws them (the naive search takes seconds a position on the wide shapes)."""


def check_against_naive(shape: tuple[int, int, int], empties: int, count: int) -> None:
    """The solver's score of ``count`` random positions of ``shape`` with ``empties`` cells left
    is the naive full search's."""
    rng = random.Random(sum(shape) * 31 + empties)
    solver = Solver(tt_mb=8)
    checked = 0
    for _ in range(1000):
        if checked == count:
            break
        found = random_open_position(rng, shape, empties)
        if found is None:
            continue
        board, naive = found
        assert solver.solve(board).score == naive_score(naive), board.to_moves()
        checked += 1
    assert checked == count, "too few random games last long enough: pick another shape"


@pytest.mark.parametrize(("shape", "empties"), NAIVE_SHAPES, ids=str)
def test_solver_matches_naive_brute_force(shape: tuple[int, int, int], empties: int) -> None:
    check_against_naive(shape, empties, NAIVE_POSITIONS)


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "empties"), NAIVE_SHAPES, ids=str)
def test_solver_matches_naive_brute_force_on_12_positions_a_shape(
    shape: tuple[int, int, int], empties: int
) -> None:
    check_against_naive(shape, empties, 12)


# --------------------------------------------------------------- kernel against reference


KERNEL_SHAPES = [
    ((7, 6, 4), 16),
    ((6, 5, 4), 10),
    ((5, 4, 3), 4),
    ((8, 7, 5), 36),
    ((4, 12, 4), 24),
]
"""Shapes, and the stones played in the positions the two kernels search on each."""


@needs_kernel
@pytest.mark.parametrize(("shape", "plies"), KERNEL_SHAPES, ids=str)
def test_compiled_kernel_and_python_reference_agree_node_for_node(
    shape: tuple[int, int, int], plies: int
) -> None:
    """On the first 2 positions of the slow test's 6 (the pure-Python search takes seconds on
    8x7 connect 5, where the 64 bits of a word are all used)."""
    check_kernels_node_for_node(shape, plies, 2)


@needs_kernel
@pytest.mark.slow
@pytest.mark.parametrize(("shape", "plies"), KERNEL_SHAPES, ids=str)
def test_compiled_kernel_and_python_reference_agree_node_for_node_on_6_positions(
    shape: tuple[int, int, int], plies: int
) -> None:
    check_kernels_node_for_node(shape, plies, 6)


def check_kernels_node_for_node(shape: tuple[int, int, int], plies: int, count: int) -> None:
    """The compiled kernel and the pure-Python one give the same score, nodes and bounds on
    ``count`` random positions of ``shape`` after ``plies`` stones."""
    from fourinarow.search._solver_kernel import Kernel

    rng = random.Random(plies)
    compiled, reference = Kernel(*shape, 16), ReferenceKernel(*shape, 16)
    checked = 0
    while checked < count:
        board = Board(*shape)
        while board.legal_moves and board.ply < plies:
            board.push(rng.choice(board.legal_moves))
        if board.is_game_over():
            continue
        first, second = board.bitboards
        current = first if board.turn == 1 else second
        for kernel in (compiled, reference):
            kernel.clear()
            kernel.reset_nodes()
            kernel.set_limits(0, 0.0)
        for weak in (False, True):
            expected = reference.solve(current, first | second, board.ply, weak)
            assert compiled.solve(current, first | second, board.ply, weak) == expected
            assert compiled.nodes == reference.nodes
            assert compiled.bounds == reference.bounds == expected  # what progress reads
        checked += 1


@needs_kernel
def test_the_test_log_lists_a_solves_null_window_tests() -> None:
    """Halving the bounds, closer to 0: each test's window, result and nodes by then."""
    from fourinarow.search._solver_kernel import Kernel

    kernel = Kernel(6, 5, 4, 20)
    kernel.set_limits(0, 0.0)
    assert kernel.solve(0, 0, 0, False) == (0, 0)
    log = kernel.test_log
    assert [window for window, _, _ in log] == [-7, 7, -3, 3, -1, 1, 0]
    assert [result for _, result, _ in log] == [-6, 7, -2, 3, 0, 1, 0]
    assert [nodes for _, _, nodes in log] == sorted(nodes for _, _, nodes in log)


def test_boards_beyond_128_bits_use_the_python_search() -> None:
    solver = Solver(tt_mb=8)
    assert solver.backend_for(Board(11, 11)) == "python"  # 132 bits
    if compiled_kernel_available():
        assert solver.backend_for(Board(7, 6)) == "compiled"
    assert Solver(use_kernel=False).backend_for(Board(7, 6)) == "python"


# --------------------------------------------------------------------- API behaviour


def test_analyze_scores_every_column_and_agrees_with_solve(solver: Solver) -> None:
    for position in bench.every("Test_L3_R1", 100):
        moves, expected = position.moves, position.score
        board = Board.from_moves(moves)
        analysis = solver.analyze(board)
        assert analysis.exact
        legal = [s for s in analysis.exact_values() if s is not None]
        assert max(legal) == expected, moves
        assert analysis.best_moves() == tuple(
            c for c, s in enumerate(analysis.exact_values()) if s == expected
        )
        for column, score in enumerate(analysis.exact_values()):
            if column in board.winning_moves() or not board.is_legal(column):
                continue
            child = board.copy()
            child.push(column)
            if not child.is_game_over():
                assert score == -solver.solve(child).score  # type: ignore[operator]
        for column in range(board.width):
            if not board.is_legal(column):
                assert analysis.exact_values()[column] is None
                assert analysis.values[column] is Unvalued.FULL


def test_columns_that_lose_at_once_are_exact_whatever_the_limit() -> None:
    """A column after which the opponent wins with its next stone is valued before any search:
    a limit that stops the search at once (8x7, which no book covers) still proves them."""
    board = Board.from_moves("48464", width=8, height=7)  # X threatens the fourth in column 4
    analysis = Solver().analyze(board, Limit(nodes=1))
    for column in (0, 1, 2, 4, 5, 6, 7):
        assert analysis.values[column] == Exact(-25, 2), column  # the opponent's next stone
    assert not isinstance(analysis.values[3], Exact)  # the block needs a search
    weak = Solver().analyze(board, Limit(nodes=1), weak=True)
    assert weak.values[0] == Exact(-1)


def test_best_moves_match_the_analysis_on_random_positions(solver: Solver) -> None:
    rng = random.Random(3)
    for _ in range(15):
        board = Board()
        for _ in range(rng.randrange(12, 30)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if board.is_game_over():
            continue
        assert solver.best_moves(board) == list(solver.analyze(board).best_moves())
        weak = solver.analyze(board, weak=True)
        assert solver.best_moves(board, weak=True) == list(weak.best_moves())


def test_last_nodes_counts_each_calls_own_searches() -> None:
    board = Board.from_moves("21314444", width=4, height=4)  # the 4x4 book's deepest layer
    solver = Solver(threads=1)
    assert solver.last_nodes == 0
    solution = solver.solve(board)
    assert solver.last_nodes == solution.nodes
    assert solver.best_moves(board, solution=solution) == [1]  # column 2
    assert solver.last_nodes > 0  # its children are past the book: searched, and counted
    analysis = solver.analyze(board)
    assert solver.last_nodes == analysis.nodes


@pytest.mark.parametrize("policy", ["centre", "leftmost"])
def test_the_first_best_move_is_the_preferred_one_of_all_best_moves(
    solver: Solver, policy: str
) -> None:
    rng = random.Random(11)
    tested = 0
    while tested < 20:
        board = Board()
        for _ in range(rng.randrange(10, 34)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if board.is_game_over():
            continue
        tested += 1
        score = solver.solve(board).score
        assert score is not None
        order = preference_order(board.legal_moves, policy, board.width)
        assert order is not None
        best = solver.best_moves(board)
        found = solver.first_best_move(board, order, score)
        first = order.index(next(c for c in order if c in best))
        assert found.column == order[first], board.to_moves()
        assert found.refuted == tuple(order[:first])  # every column tried before it is worse


def test_the_first_best_move_stops_at_a_limit_and_refuses_a_wrong_score() -> None:
    solver = Solver(tt_mb=8, book=False)
    board = Board.from_moves("4444")  # far from solved in a handful of nodes
    stopped = solver.first_best_move(board, [3, 2, 4], 1, Limit(nodes=100))
    assert stopped.column is None
    assert stopped.nodes >= 100
    wins_at_once = Board.from_moves("123412341234", width=4, height=4)
    for board in (wins_at_once, Board.from_moves("4455")):
        score = solver.solve(board).score
        assert score is not None
        with pytest.raises(ValueError, match="keeps the score"):
            solver.first_best_move(board, board.legal_moves, score + 1)


def test_immediate_wins_and_the_last_cell() -> None:
    solver = Solver(tt_mb=8)
    board = Board.from_moves("445566")
    assert solver.best_moves(board) == [2, 6]
    assert solver.analyze(board).exact_values()[2] == (42 + 1 - 6) // 2
    last = Board.from_moves("1234", width=5, height=1, connect=2)
    assert solver.solve(last).score == 0
    assert solver.analyze(last).exact_values() == (None, None, None, None, 0)


def test_limits_give_bounds_never_a_guess() -> None:
    solver = Solver(tt_mb=8, book=False)  # the book would answer these at once
    board = Board.from_moves("4")
    result = solver.solve(board, Limit(nodes=20_000))
    assert result.score is None
    assert not result.exact
    assert -21 <= result.lower <= -1 <= result.upper <= 21  # the truth is -1
    assert result.nodes < 30_000
    timed = solver.solve(Board(), Limit(time=0.05))  # a solve of many seconds, cut short
    assert timed.score is None
    assert not timed.exact
    analysis = solver.analyze(Board(), Limit(nodes=10_000))
    assert not analysis.exact
    assert solver.solve(Board.from_moves("4455")).exact  # limits do not outlive their call


def test_finished_games_cannot_be_solved(solver: Solver) -> None:
    with pytest.raises(InvalidPositionError, match="the game is over"):
        solver.solve(Board.from_moves("1212121"))


def test_clearing_many_times_keeps_answers_right() -> None:
    solver = Solver(tt_mb=1, book=False)  # the book would answer without the table
    board = Board.from_moves("32164625")
    expected = solver.solve(board).score
    for _ in range(33_000):  # past the 2**15 epochs a 7x6 key leaves room for
        solver.clear()
    assert solver.solve(board).score == expected == 11


def test_the_table_is_kept_between_calls() -> None:
    solver = Solver(tt_mb=8, book=False)  # the book would answer without the table
    board = Board.from_moves("32164625")
    cold = solver.solve(board).nodes
    assert solver.solve(board).nodes < cold


def test_resident_memory_at_default_settings_stays_under_300_mb() -> None:
    code = (
        "from fourinarow import Board\n"
        "from fourinarow.search.solver import Solver\n"
        "Solver().solve(Board.from_moves('32164625'))\n"
        "rss = [l for l in open('/proc/self/status') if l.startswith('VmRSS')][0]\n"
        "print(int(rss.split()[1]) // 1024)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert int(result.stdout) < 300


def test_zero_time_is_no_time_not_no_limit() -> None:
    solver = Solver(tt_mb=8, book=False)
    for seconds in (0.0, -1.0):
        result = solver.solve(Board(), Limit(time=seconds))
        assert result.score is None
        assert result.nodes <= 4096 + 1  # one look at the clock


@pytest.mark.parametrize(
    ("use_kernel", "threads"),
    [
        pytest.param(True, 1, marks=needs_kernel),
        (None, 2),
        (False, 1),
    ],
)
def test_stop_from_another_thread_ends_searches_as_a_limit_would_until_resumed(
    use_kernel: bool | None, threads: int
) -> None:
    import threading

    solver = Solver(tt_mb=16, book=False, use_kernel=use_kernel, threads=threads)
    board = Board(width=8, height=7) if use_kernel is not False else Board(width=6, height=6)
    answers: list[object] = []
    search = threading.Thread(target=lambda: answers.append(solver.analyze(board)), daemon=True)
    search.start()
    while not answers:
        progress = solver.progress
        if progress is not None and progress.running and progress.nodes > 0:
            solver.stop()
        search.join(0.01)
    (values,) = answers
    assert any(value is Unvalued.NOT_SEARCHED for value in values.values)  # type: ignore[attr-defined]
    small = Board(width=5, height=4)
    assert not solver.solve(small).exact  # stopped until resumed
    solver.resume()
    assert solver.solve(small).exact


def test_claimeven_bounds_the_first_player_by_the_row_of_the_second_players_line() -> None:
    """The second player's claimeven line whose highest empty cell is in row 4 (of 6) wins it
    at least 2: the cells above that one are still empty when it is filled."""
    board = Board.from_moves("14664411342517732422455712")
    first, second = board.bitboards
    assert board.turn == 1
    assert ReferenceKernel(7, 6, 4, 16)._claimeven_bound(second, first | second) == -2
    assert Solver(tt_mb=1, book=False).solve(board).score == -2


@pytest.mark.parametrize("use_kernel", [True, False])
def test_claimeven_after_each_move_of_the_second_player_cuts_near_the_leaves_too(
    use_kernel: bool,
) -> None:
    """With 29 stones down (13 empty cells), a move of the second player after which claimeven
    holds the first player to a draw proves at once that the second player reaches at least 0:
    one node, the move never searched."""
    board = Board.from_moves("26152653322136634677576524721")
    first, second = board.bitboards
    current = second  # the second player is to move
    assert board.ply == 29
    assert board.turn == 2
    if use_kernel:
        if not compiled_kernel_available():
            pytest.skip("the compiled kernel is not built")
        import fourinarow.search._solver_kernel as compiled

        kernel = compiled.Kernel(7, 6, 4, 16)
        assert kernel.negamax(current, first | second, 29, -2, -1) >= -1
        assert kernel.nodes == 1
    else:
        reference = ReferenceKernel(7, 6, 4, 16)
        assert reference.negamax(current, first | second, 29, -2, -1) >= -1
        assert reference.nodes == 1


@pytest.mark.parametrize("use_kernel", [True, False])
def test_claimeven_bounds_the_side_to_move_on_boards_of_odd_height_too(use_kernel: bool) -> None:
    """On six columns of seven rows with 28 stones down (an even number of cells left), the
    second player can answer every move on top of it and so take every empty cell of rows 3, 5
    and 7 not playable now; the first player's other cells hold no line, so it cannot win: "is
    the score above 0?" is answered no in one node."""
    board = Board.from_moves("5612414632113334116316432432", width=6, height=7)
    first, second = board.bitboards
    assert board.ply == 28
    assert board.turn == 1
    if use_kernel:
        if not compiled_kernel_available():
            pytest.skip("the compiled kernel is not built")
        import fourinarow.search._solver_kernel as compiled

        kernel = compiled.Kernel(6, 7, 4, 16)
        assert kernel.negamax(first, first | second, 28, 0, 1) <= 0
        assert kernel.nodes == 1
    else:
        reference = ReferenceKernel(6, 7, 4, 16)
        assert reference.negamax(first, first | second, 28, 0, 1) <= 0
        assert reference.nodes == 1
    assert Solver(tt_mb=1, book=False, use_kernel=use_kernel).solve(board).score == -2
