"""``minimax`` and ``alphabeta``: wins, blocks, agreement, budgets, seeds, other shapes."""

from __future__ import annotations

import random

import pytest

from fourinarow.agents import InvalidAgentSpecError, Limit, make_agent
from fourinarow.agents.minimax import MAX_DEPTH, SearchAgent
from fourinarow.core import Board
from fourinarow.search.evaluation import EVALUATIONS
from fourinarow.search.heuristic import WIN, HeuristicSearch
from fourinarow.search.scores import Heuristic

SPECS = [f"{kind}:depth={depth},eval={name}" for kind, depth in (("minimax", 3), ("alphabeta", 4))
         for name in EVALUATIONS]  # fmt: skip


@pytest.mark.parametrize("spec", SPECS)
def test_takes_a_win_even_when_it_has_two(spec: str) -> None:
    board = Board.from_moves("445566")  # X wins at c1 and at g1
    for seed in range(4):
        decision = make_agent(spec, seed=seed).choose(board)
        assert decision.column in (2, 6)
        assert decision.score == Heuristic(WIN - 1, 1, 1)


@pytest.mark.parametrize("spec", SPECS)
def test_blocks_a_one_move_threat_at_depth_two(spec: str) -> None:
    board = Board.from_moves("17273")  # X holds a1 b1 c1; O must block at d1
    kind, _, rest = spec.partition(":")
    spec2 = f"{kind}:depth=2,{rest.split(',')[1]}"
    for seed in range(4):
        assert make_agent(spec2, seed=seed).choose(board).column == 3


def test_prefers_the_faster_win() -> None:
    # X to move: d1 e1 f1 give two immediate wins; no evaluation should prefer a slower one.
    board = Board.from_moves("445566")
    decision = make_agent("alphabeta:depth=6,eval=streaks", seed=1).choose(board)
    assert decision.score == Heuristic(WIN - 1, 1, 1)


def test_pruning_gives_the_same_values_as_plain_minimax() -> None:
    rng = random.Random(5)
    for name in EVALUATIONS:
        plain = HeuristicSearch(7, 6, 4, name, prune=False, centre_first=False)
        pruned = HeuristicSearch(7, 6, 4, name, prune=True)
        for _ in range(4):
            board = Board()
            for _ in range(rng.randrange(2, 16)):
                if board.is_game_over():
                    break
                board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                continue
            full = plain.search(board, 3)
            fast = pruned.search(board, 3)
            assert fast.score == full.score
            assert fast.best_moves == full.best_moves
            assert fast.nodes <= full.nodes


def test_same_seed_same_move_and_tie_break_policies() -> None:
    board = Board()
    moves = {make_agent("alphabeta:depth=2,eval=rivest", seed=9).choose(board).column for _ in "ab"}
    assert len(moves) == 1
    two_wins = Board.from_moves("445566")  # equally good: c1 and g1
    assert make_agent("alphabeta:depth=3,tiebreak=leftmost").choose(two_wins).column == 2
    spec = "alphabeta:depth=3,tiebreak=random"
    picks = {make_agent(spec, seed=seed).choose(two_wins).column for seed in range(20)}
    assert picks == {2, 6}


def test_a_time_limit_is_kept_by_deepening() -> None:
    agent = make_agent("alphabeta:depth=12,eval=window", seed=1)
    decision = agent.choose(Board.from_moves("44"), Limit(time=0.1))
    assert 1 <= decision.depth < 12  # 12 plies take minutes: the time stopped the deepening
    capped = agent.choose(Board.from_moves("44"), Limit(depth=3))
    assert capped.depth == 3
    counted = agent.choose(Board.from_moves("44"), Limit(nodes=2_000))
    assert counted.nodes <= 2_000 + 1024


def quiet_game(rng: random.Random, shape: tuple[int, int, int], empties: int) -> Board:
    """A random game that avoids winning moves, stopped with ``empties`` cells left."""
    while True:
        board = Board(*shape)
        while board.width * board.height - board.ply > empties and not board.is_game_over():
            quiet = [c for c in board.legal_moves if c not in board.winning_moves()]
            board.push(rng.choice(quiet or board.legal_moves))
        if not board.is_game_over():
            return board


def test_nearly_full_boards_and_other_shapes() -> None:
    rng = random.Random(2)
    for _ in range(5):
        nearly_full = quiet_game(rng, (7, 6, 4), 3)
        for spec in ("minimax:depth=4,eval=window", "alphabeta:depth=8,eval=threats"):
            decision = make_agent(spec, seed=1).choose(nearly_full)
            assert decision.column in nearly_full.legal_moves
    small = Board.from_moves("12", width=5, height=4, connect=3)
    assert make_agent("alphabeta:depth=5,eval=connections").choose(small).column in range(5)
    wide = Board.from_moves("1,20,2,19", width=20, height=4, connect=3)
    assert make_agent("alphabeta:depth=3,eval=window").choose(wide).column == 2  # wins at c1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphabeta:depth=0", "depth is a whole number from 1 to 12"),
        ("alphabeta:depth=13", "depth is a whole number from 1 to 12"),
        ("minimax:depth=10", "depth is a whole number from 1 to 9"),
        ("minimax:depth=400", "depth is a whole number from 1 to 9"),
        ("alphabeta:depth=two", "depth=two is not accepted"),
        ("minimax:eval=magic", "eval is one of window, connections, rivest, streaks, threats"),
        ("alphabeta:speed=3", "its options: depth, eval, tiebreak"),
    ],
)
def test_bad_specs_say_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec)


@pytest.mark.parametrize("depth", [0, 10, 400, 10**30, 2.5, "4", None, True])
def test_the_constructor_refuses_a_depth_out_of_range(depth: object) -> None:
    with pytest.raises(InvalidAgentSpecError, match="depth is a whole number from 1 to 9"):
        SearchAgent(random.Random(1), depth=depth, evaluation="window", prune=False)  # type: ignore[arg-type]


def test_a_search_never_goes_deeper_than_the_empty_cells() -> None:
    nearly_full = quiet_game(random.Random(5), (7, 6, 4), 4)
    for spec in ("minimax:depth=9", "alphabeta:depth=12"):
        agent = make_agent(spec, seed=1)
        full = agent.choose(nearly_full)
        assert full.depth <= 4
        timed = agent.choose(nearly_full, Limit(time=5))
        assert timed.depth <= 4
        assert timed.nodes <= 2 * full.nodes  # it does not repeat the full tree 9 or 12 times


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["minimax", "alphabeta"])
def test_the_deepest_search_without_a_time_limit_ends(kind: str) -> None:
    """The measurement behind MAX_DEPTH: 7x6, the empty board (the widest tree for minimax)
    and a midgame position; about 3 s each on one core."""
    agent = make_agent(f"{kind}:depth={MAX_DEPTH[kind == 'alphabeta']}", seed=1)
    for board in (Board(), Board.from_moves("4453")):
        decision = agent.choose(board)
        assert decision.depth == MAX_DEPTH[kind == "alphabeta"]
