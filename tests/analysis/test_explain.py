"""Explanations: each fact on a position made for it, the JSON form, and soundness against the
solver on a sample of positions of several shapes (the full run is benchmarks/explanations.py)."""

from __future__ import annotations

import json
import random

import pytest

from fourinarow.analysis.explain import (
    Cell,
    DoubleThreat,
    ForcedWin,
    GivesCellAbove,
    ImmediateWin,
    LeavesWin,
    LosesTo,
    MustBlock,
    RuleOfThumb,
    RuleProof,
    Threats,
    ZugzwangControl,
    explain,
)
from fourinarow.analysis.explain.soundness import column_signs, false_claims
from fourinarow.core import (
    Board,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from fourinarow.search.solver import Solver


@pytest.fixture(scope="module")
def solver() -> Solver:
    return Solver(tt_mb=16)


def small(moves: str) -> Board:
    return Board.from_moves(moves, width=5, height=4)


def test_a_win_at_once_is_named_and_proves_the_win() -> None:
    explanation = explain(Board.from_moves("112233"))
    assert ImmediateWin(1, 3) in explanation.facts
    assert Threats(1, (Cell(3, 0),)) in explanation.facts
    assert explanation.proves == "win"
    assert "X wins at once in column 4." in explanation.sentences
    assert explanation.headline == "X wins at once in column 4."


def test_a_forced_block_says_every_other_column_loses() -> None:
    board = Board.from_moves("11223")  # X threatens column 4, row 1; O to move
    explanation = explain(board)
    assert MustBlock(2, 3) in explanation.facts
    assert LeavesWin(2, 0, Cell(3, 0)) in explanation.facts
    assert explain(board, 3).facts[-1] == MustBlock(2, 3)


def test_two_threats_that_cannot_both_be_stopped_lose() -> None:
    explanation = explain(Board.from_moves("44553"))  # X: columns 3-5 of row 1; O to move
    assert DoubleThreat(1, (Cell(1, 0), Cell(5, 0))) in explanation.facts
    assert explanation.proves == "loss"
    made = explain(Board.from_moves("4455"), 2)
    assert made.facts[-1] == DoubleThreat(1, (Cell(1, 0), Cell(5, 0)), 2)
    assert made.sentences[-1] == (
        "Playing column 3 gives X two threats O cannot both stop, column 2, row 1 and "
        "column 6, row 1; X wins."
    )


def test_a_threat_that_must_be_blocked_leads_to_a_forced_win() -> None:
    board = Board.from_moves("361342642253561", width=6, height=5)
    explanation = explain(board, 2)
    double = DoubleThreat(2, (Cell(0, 2), Cell(4, 2)), 3)
    assert explanation.facts[-1] == ForcedWin(2, 2, Cell(2, 4), double)
    assert explanation.proves == "win"
    assert explanation.sentences[-1] == (
        "Playing column 3 wins for O by force: it threatens column 3, row 5, so X must play "
        "column 3; then playing column 4 gives O two threats X cannot both stop, column 1, "
        "row 3 and column 5, row 3; O wins."
    )


def test_a_move_loses_to_a_reply_with_a_proven_win() -> None:
    explanation = explain(Board.from_moves("36134264225356", width=6, height=5), 2)
    stacked = DoubleThreat(2, (Cell(4, 2), Cell(4, 3)), 3)
    assert explanation.facts[-1] == LosesTo(1, 2, stacked)
    assert explanation.proves == "loss"
    assert explanation.sentences[-1].startswith("Playing column 3 loses, as O answers in column 4.")


def test_a_move_that_gives_the_cell_above_loses_at_once() -> None:
    board = small("5435111413")  # O threatens column 2, row 2; X to move
    explanation = explain(board, 1)
    assert explanation.facts[-1] == GivesCellAbove(1, 1, Cell(1, 1))
    assert explanation.proves == "loss"
    assert "gives O the cell above (column 2, row 2)" in explanation.sentences[-1]


def test_claimeven_proves_the_second_player_cannot_lose() -> None:
    board = small("5453143441")  # every open column has an even number of empty cells
    explanation = explain(board)
    proof = next(f for f in explanation.facts if isinstance(f, RuleProof))
    assert (proof.player, proof.rules, proof.proven, proof.column) == (
        2,
        ("claimeven",),
        "draw",
        None,
    )
    assert any(isinstance(f, ZugzwangControl) and f.player == 2 for f in explanation.facts)
    assert explanation.proves == "at most a draw"


def test_an_even_threat_under_zugzwang_wins_for_the_second_player() -> None:
    explanation = explain(small("5435111413"))
    proof = next(f for f in explanation.facts if isinstance(f, RuleProof))
    assert proof.rules == ("claimeven", "zugzwang")
    assert (proof.proven, proof.threat) == ("win", Cell(1, 1))
    assert explanation.proves == "loss"
    thumb = next(f for f in explanation.facts if isinstance(f, RuleOfThumb))
    assert "O has 1 even threat" in thumb.sentence()


def test_an_odd_threat_under_zugzwang_wins_for_the_first_player() -> None:
    explanation = explain(Board.from_moves("275751557113145522113444672"))  # O to move
    proof = next(f for f in explanation.facts if isinstance(f, RuleProof))
    assert (proof.player, proof.proven, proof.column) == (1, "win", None)
    assert proof.threat == Cell(5, 2)
    assert proof.threat.parity == "odd"
    assert explanation.proves == "loss"


def test_baseinverse_and_aftereven_win_on_a_line_of_upper_cells() -> None:
    explanation = explain(small("4544341215"))
    proof = next(f for f in explanation.facts if isinstance(f, RuleProof))
    assert proof.rules == ("claimeven", "baseinverse", "aftereven")
    assert proof.pairs == ((Cell(1, 1), Cell(2, 1)),)
    assert proof.line == tuple(Cell(c, 3) for c in range(4))


def test_the_json_record_counts_columns_and_rows_from_one() -> None:
    record = explain(Board.from_moves("44553")).to_json()
    assert json.loads(json.dumps(record)) == record
    assert (record["moves"], record["to_move"], record["column"]) == ("44553", "O", None)
    assert record["proves"] == "loss"
    assert record["headline"].startswith("X holds two threats O cannot both stop")
    double = next(f for f in record["facts"] if f["kind"] == "double_threat")
    assert double["cells"][0] == {"column": 2, "row": 1, "parity": "odd"}
    assert double["result"] is True
    assert double["player"] == "X"
    assert record["sentences"] == [f["sentence"] for f in record["facts"]]


def test_a_finished_game_a_full_column_or_a_wrong_argument_is_refused() -> None:
    with pytest.raises(GameOverError):
        explain(Board.from_moves("1212121"))
    with pytest.raises(IllegalMoveError):
        explain(Board.from_moves("444444"), 3)
    with pytest.raises(InvalidMoveError):
        explain(Board(), 7)
    with pytest.raises(InvalidPositionError):
        explain("4455")  # type: ignore[arg-type]


def test_the_check_catches_a_false_claim(solver: Solver) -> None:
    board = Board.from_moves("112233")
    signs = column_signs(solver, board)
    wrong = explain(board)
    wrong = type(wrong)(wrong.board, None, (*wrong.facts, ImmediateWin(1, 0)), "loss")
    assert len(false_claims(wrong, signs)) == 2  # the fact and what it proves


def noisy(shape: tuple[int, int, int], count: int, seed: int, low: int) -> list[Board]:
    """Unfinished positions of seeded games that win at once and block when they can."""
    rng = random.Random(seed)
    found: list[Board] = []
    while len(found) < count:
        board = Board(*shape)
        stop = rng.randint(low, shape[0] * shape[1] - 1)
        while board.ply < stop and not board.is_game_over():
            wins, blocks = board.winning_moves(), board.winning_moves(3 - board.turn)
            column = (wins or blocks or [rng.choice(board.legal_moves)])[0]
            board.push(column if rng.random() < 0.85 else rng.choice(board.legal_moves))
        if not board.is_game_over():
            found.append(board)
    return found


@pytest.mark.parametrize(
    ("shape", "count", "low"), [((5, 4, 4), 150, 6), ((6, 5, 4), 80, 14), ((7, 6, 4), 70, 24)]
)
def test_no_claim_is_false_on_a_sample(
    solver: Solver, shape: tuple[int, int, int], count: int, low: int
) -> None:
    kinds: set[str] = set()
    explained = 0
    for board in noisy(shape, count, 5, low):
        signs = column_signs(solver, board)
        for column in (None, *board.legal_moves):
            explanation = explain(board, column)
            assert false_claims(explanation, signs) == [], board.to_moves()
            kinds.update(fact.kind for fact in explanation.results)
        explained += explain(board).proves is not None
    assert {"immediate_win", "must_block", "double_threat", "rule_proof"} <= kinds
    assert explained > count // 3
