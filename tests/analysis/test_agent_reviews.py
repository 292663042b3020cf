"""Reviews of many games summed up per agent (fourinarow.analysis.agent_reviews)."""

from __future__ import annotations

import pytest

from fourinarow.analysis import (
    PlayedGame,
    ReviewError,
    agent_summaries,
    review_game,
    review_games,
)
from fourinarow.core import InvalidPositionError
from fourinarow.search.limit import Limit

# X stacks column 1, O column 2: X's 1 loses on 7x6 (only the centre wins), O's 2 at move 4
# wins more slowly than its best, O ignores X's three at move 6 and X misses its win at move 7,
# and O's last stone wins: alpha (X) best 2, blunder 2; beta (O) best 2, ?! 1, blunder 1.
STACKS = PlayedGame("12121232", "alpha", "beta", id="1:1")
# X's 5 throws the win, O's 5 throws it back (see fourinarow.analysis.review).
BACK_AND_FORTH = PlayedGame("4455", "beta", "alpha", id="1:2")
# Two opening moves on a small board, both best: alpha best 1.
SHORT = PlayedGame("33", "alpha", "gamma", width=5, height=4)


def test_the_grades_are_those_of_each_game_reviewed_alone() -> None:
    reviewed = review_games([STACKS, BACK_AND_FORTH])
    assert [g.game for g in reviewed] == [STACKS, BACK_AND_FORTH]
    for r in reviewed:
        alone = review_game(r.game.moves)
        assert [m.grade for m in r.review.moves] == [m.grade for m in alone.moves]
    assert [m.grade for m in reviewed[0].review.moves] == [
        "blunder", "best", "best", "inaccuracy", "best", "blunder", "blunder", "best",
    ]  # fmt: skip
    assert [m.grade for m in reviewed[0].moves_of("beta")] == [
        "best", "inaccuracy", "blunder", "best",
    ]  # fmt: skip


def test_each_agent_sums_its_own_moves_over_both_colours() -> None:
    reviewed = review_games([STACKS, BACK_AND_FORTH, SHORT])
    alpha, beta, gamma = agent_summaries(reviewed)
    assert (alpha.agent, beta.agent, gamma.agent) == ("alpha", "beta", "gamma")

    assert alpha.games == 3
    assert alpha.moves == 4 + 2 + 1
    assert alpha.counts == {"best": 4, "inaccuracy": 0, "mistake": 0, "blunder": 3, "unproven": 0}
    # pooled over moves (4 of 7), not the mean of the games' accuracies (1/2, 1/2, 1)
    assert alpha.accuracy == pytest.approx(4 / 7)
    assert alpha.weighted_accuracy == pytest.approx(4 / 7)
    assert alpha.blunders_per_game == pytest.approx(1.0)

    assert beta.games == 2
    assert beta.counts == {"best": 3, "inaccuracy": 1, "mistake": 0, "blunder": 2, "unproven": 0}
    assert beta.accuracy == pytest.approx(3 / 6)
    inaccuracy = reviewed[0].review.moves[3]
    assert inaccuracy.grade == "inaccuracy"
    assert inaccuracy.credit is not None
    assert 0 < inaccuracy.credit < 1
    assert beta.weighted_accuracy == pytest.approx((3 + inaccuracy.credit) / 6)
    assert beta.blunders_per_game == pytest.approx(1.0)

    assert (gamma.games, gamma.moves, gamma.accuracy) == (1, 1, 1.0)
    assert gamma.to_json() == {
        "agent": "gamma",
        "games": 1,
        "moves": 1,
        "counts": {"best": 1, "inaccuracy": 0, "mistake": 0, "blunder": 0, "unproven": 0},
        "accuracy": 1.0,
        "weighted_accuracy": 1.0,
        "blunders_per_game": 0.0,
    }


def test_a_summary_per_game_agrees_with_the_reviews_own_per_player_summary() -> None:
    (reviewed,) = review_games([STACKS])
    alpha, beta = agent_summaries([reviewed])
    x, o = reviewed.review.summaries()
    assert (alpha.counts, alpha.accuracy, alpha.weighted_accuracy) == (
        x.counts,
        x.accuracy,
        x.weighted_accuracy,
    )
    assert (beta.counts, beta.accuracy, beta.weighted_accuracy) == (
        o.counts,
        o.accuracy,
        o.weighted_accuracy,
    )


def test_the_random_opening_is_reviewed_but_counts_for_no_agent() -> None:
    game = PlayedGame("12121232", "alpha", "beta", opening_plies=2)
    (reviewed,) = review_games([game])
    assert len(reviewed.review.moves) == 8
    alpha, beta = agent_summaries([reviewed])
    # X's losing first move and O's first reply were the opening's
    assert alpha.counts["blunder"] == 1
    assert alpha.moves == 3
    assert beta.moves == 3
    assert beta.counts["best"] == 1


def test_unproven_moves_leave_the_accuracy_open() -> None:
    game = PlayedGame("6,7,6", "big", "board", width=12, height=10, connect=5)
    (reviewed,) = review_games([game], limit=Limit(0))
    big, board = agent_summaries([reviewed])
    assert big.counts["unproven"] == 2
    assert board.counts["unproven"] == 1
    assert big.accuracy is None
    assert big.weighted_accuracy is None


def test_progress_is_told_before_the_first_game_and_after_each() -> None:
    calls: list[tuple[int, int]] = []
    review_games([SHORT, SHORT], progress=lambda done, total, _: calls.append((done, total)))
    assert calls == [(0, 2), (1, 2), (2, 2)]


def test_no_games_give_no_agents() -> None:
    assert review_games([]) == []
    assert agent_summaries([]) == []


def test_bad_games_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(ReviewError, match="a game to review is a PlayedGame, not '4453'"):
        review_games(["4453"])  # type: ignore[list-item]
    with pytest.raises(ReviewError, match="game 7:1: its opening of 3 moves is not part"):
        review_games([PlayedGame("44", "a", "b", opening_plies=3, id="7:1")])
    with pytest.raises(InvalidPositionError):
        review_games([PlayedGame("8", "a", "b")])
