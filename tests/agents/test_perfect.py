"""``perfect`` against the solver and the benchmark sets: best moves, limits, tie-breaks."""

from __future__ import annotations

import pytest

from fourinarow.agents import Decision, InvalidAgentSpecError, Limit, PerfectAgent, make_agent
from fourinarow.core import Board
from fourinarow.search.book import Book, shipped_book_path
from fourinarow.search.scores import Bounds, Exact
from fourinarow.search.solver import Solver
from tests import bench


def exact_value(decision: Decision) -> int | None:
    """The proven value of a decision's move, ``None`` when it is not proven."""
    return decision.score.value if isinstance(decision.score, Exact) else None


def test_takes_the_win_even_when_it_has_two() -> None:
    board = Board.from_moves("445566")
    decision = make_agent("perfect").choose(board)
    assert decision.column in (2, 6)
    assert decision.exact
    assert exact_value(decision) == (42 + 1 - 6) // 2


def test_keeps_the_exact_score_of_benchmark_positions() -> None:
    agent = PerfectAgent(tt_mb=16)
    solver = Solver(tt_mb=16)
    for position in bench.every("Test_L2_R1", 100):
        moves, expected = position.moves, position.score
        board = Board.from_moves(moves)
        decision = agent.choose(board)
        assert decision.exact
        assert exact_value(decision) == expected, moves
        child = board.copy()
        child.push(decision.column)
        if not child.is_game_over():
            assert -solver.solve(child).score == expected, moves  # type: ignore[operator]


def test_a_limited_search_that_finishes_gives_the_same_exact_answer() -> None:
    for position in bench.every("Test_L3_R1", 125):
        moves, expected = position.moves, position.score
        board = Board.from_moves(moves)
        decision = PerfectAgent(tt_mb=8).choose(board, Limit(time=5.0))
        assert decision.exact, moves
        assert exact_value(decision) == expected, moves
        assert decision.column == PerfectAgent(tt_mb=8).choose(board).column, moves


def test_prefers_the_fastest_win() -> None:
    # X can win at once in column 3 (0-based 2) or later elsewhere: the score says how fast.
    board = Board.from_moves("4455")
    decision = PerfectAgent(tt_mb=8).choose(board)
    assert exact_value(decision) == 18
    child = board.copy()
    child.push(decision.column)
    assert Solver(tt_mb=8).solve(child).score == -18


def test_the_shipped_book_makes_the_first_moves_instant_and_proven() -> None:
    agent = PerfectAgent(tt_mb=16)
    for moves, best in (("", 3), ("4", 3), ("44", 3)):
        decision = agent.choose(Board.from_moves(moves), Limit(time=0.1))
        assert decision.exact, moves
        assert decision.column == best, moves
        assert decision.nodes < 100, moves  # read from the book, not searched
    assert exact_value(agent.choose(Board(), Limit(time=0.1))) == 1  # the first player wins, late


def test_a_time_limit_too_short_to_solve_still_answers_in_time_and_says_so() -> None:
    agent = PerfectAgent(tt_mb=16, book=False)
    decision = agent.choose(Board(), Limit(time=0.2))  # a solve of many seconds without a book
    assert decision.column in range(7)
    assert not decision.exact
    assert decision.score is None or isinstance(decision.score, Bounds)
    at_once = agent.choose(Board(), Limit(time=0))  # no time at all is not "no limit"
    assert (at_once.nodes, at_once.exact) == (0, False)
    by_nodes = agent.choose(Board.from_moves("4"), Limit(nodes=50_000))
    assert not by_nodes.exact
    assert by_nodes.nodes <= 50_000 + 4096  # searches look at the count every 4096 nodes


def test_a_known_score_with_columns_too_hard_for_the_limit_still_answers_in_time() -> None:
    """The book gives the score of a hard position (Begin-Hard), but proving a column keeps
    it needs searches one stone deeper than the book, longer than the limit allows."""
    path = shipped_book_path(7, 6, 4)
    if path is None:
        pytest.skip("no 7x6 book shipped")
    book = Book.load(path)
    boards = (Board.from_moves(p.moves) for p in bench.positions("Test_L1_R3"))
    board = next(b for b in boards if b.ply == book.plies)  # line 82, in the sample too
    for agent in (make_agent("perfect"), PerfectAgent(tt_mb=16)):  # with and without fallback
        decision = agent.choose(board, Limit(time=0.01))
        assert decision.column in board.legal_moves
        if decision.exact:  # only when a column was proven to keep the score
            assert exact_value(decision) == book.get(board)
        else:
            assert decision.score is None or isinstance(decision.score, Bounds)
    by_nodes = PerfectAgent(tt_mb=16).choose(board, Limit(nodes=2000))
    assert by_nodes.nodes <= 2000 + 2 * 4096  # searches look at the count every 4096 nodes


def test_tie_breaks_are_policies_and_seeded() -> None:
    board = Board.from_moves("445566")  # wins at columns 2 and 6 (0-based)
    assert make_agent("perfect:tiebreak=leftmost").choose(board).column == 2
    picks = {make_agent("perfect:tiebreak=random", seed=s).choose(board).column for s in range(20)}
    assert picks == {2, 6}
    again = [make_agent("perfect:tiebreak=random", seed=7).choose(board).column for _ in range(3)]
    assert len(set(again)) == 1


def test_bad_options_say_what_is_accepted() -> None:
    with pytest.raises(InvalidAgentSpecError, match="tiebreak is one of random, centre, leftmost"):
        make_agent("perfect:tiebreak=middle")
    with pytest.raises(InvalidAgentSpecError, match="its options: tiebreak, tt_mb"):
        make_agent("perfect:depth=3")
    with pytest.raises(InvalidAgentSpecError, match="threads is a whole number from 1 to 64"):
        make_agent("perfect:threads=0")


def test_on_two_threads_the_moves_keep_the_exact_scores() -> None:
    """Threads change how the search runs, never what it proves: the same scores as one thread,
    on positions big enough to leave the single-thread start (Begin-Medium, no book)."""
    one = make_agent("perfect:book=none,tt_mb=16")
    two = make_agent("perfect:book=none,tt_mb=16,threads=2")
    assert isinstance(two, PerfectAgent)
    assert two.solver.threads == 2
    for position in bench.every("Test_L1_R2", 50)[:4]:
        board = Board.from_moves(position.moves)
        first, second = one.choose(board), two.choose(board)
        assert exact_value(first) == exact_value(second) == position.score, position.moves


def test_other_shapes() -> None:
    board = Board(5, 4)  # Tromp: a draw
    decision = PerfectAgent(tt_mb=8).choose(board)
    assert decision.exact
    assert exact_value(decision) == 0
    connect3 = Board.from_moves("1,2", width=12, height=3, connect=3)
    assert PerfectAgent(tt_mb=8).choose(connect3).exact
