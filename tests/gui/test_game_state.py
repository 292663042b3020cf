"""The game session: seats, turns, and undo / redo back to a human's turn."""

from __future__ import annotations

import random

import pytest

from fourinarow.core import Board, IllegalMoveError
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.game_state import GameSession, Seat, seats_for

HUMAN, COMPUTER = Seat(), Seat(5)


def test_seats_follow_the_mode_and_who_starts() -> None:
    rng = random.Random(0)
    assert seats_for(GuiSettings(), rng) == (HUMAN, COMPUTER)
    assert seats_for(GuiSettings(first="computer"), rng) == (COMPUTER, HUMAN)
    assert seats_for(GuiSettings(mode=Mode.HUMAN_VS_HUMAN), rng) == (HUMAN, HUMAN)
    both = GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER, level=7, second_level=2)
    assert seats_for(both, rng) == (Seat(7), Seat(2))
    drawn = {seats_for(GuiSettings(first="random"), rng) for _ in range(40)}
    assert drawn == {(HUMAN, COMPUTER), (COMPUTER, HUMAN)}


def test_whose_turn() -> None:
    session = GameSession(Board(), (COMPUTER, HUMAN))
    assert session.computer_to_move
    assert not session.human_to_move
    session.play(3)
    assert session.human_to_move
    for column in (0, 1, 0, 1, 0, 1, 0):
        session.play(column)
    assert session.outcome is not None
    assert not session.human_to_move
    assert not session.computer_to_move


def test_undo_against_the_computer_goes_back_to_the_humans_turn() -> None:
    session = GameSession(Board(), (COMPUTER, HUMAN))
    session.play(3)  # the computer
    assert not session.can_undo
    assert session.undo() == []
    session.play(2)  # the human
    session.play(4)  # the computer's reply
    assert session.undo() == [4, 2]
    assert session.board.moves == (3,)
    assert session.human_to_move
    assert session.can_redo
    assert session.redo() == [2, 4]
    assert list(session.board.moves) == [3, 2, 4]
    assert not session.can_redo


def test_undo_between_humans_takes_back_one_move_at_a_time() -> None:
    session = GameSession(Board(), (HUMAN, HUMAN))
    for column in (0, 1, 2):
        session.play(column)
    assert session.undo() == [2]
    assert session.undo() == [1]
    assert session.redo() == [1]
    assert session.redo() == [2]
    assert session.redo() == []


def test_a_new_move_forgets_the_redo_list() -> None:
    session = GameSession(Board(), (HUMAN, HUMAN))
    session.play(0)
    session.undo()
    session.play(5)
    assert not session.can_redo
    assert session.board.moves == (5,)


def test_undo_after_the_end_reopens_the_game() -> None:
    session = GameSession(Board(), (HUMAN, COMPUTER))
    for column in (0, 1, 0, 1, 0, 1, 0):
        session.play(column)
    assert session.outcome is not None
    with pytest.raises(IllegalMoveError):
        session.play(3)
    assert session.undo() == [0]
    assert session.outcome is None
    assert session.human_to_move


def test_restart_clears_the_board_and_may_swap_seats() -> None:
    session = GameSession(Board(5, 4), (HUMAN, COMPUTER))
    session.play(2)
    session.undo()
    session.restart((COMPUTER, HUMAN))
    assert session.board.ply == 0
    assert not session.can_redo
    assert session.seat(1) == COMPUTER
    assert session.board.width == 5
