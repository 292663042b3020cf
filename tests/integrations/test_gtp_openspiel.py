"""``fourinarow gtp`` driven by OpenSpiel's own ``GTPBot`` (the real open_spiel package): the
engine plays OpenSpiel's connect_four, and its board agrees with OpenSpiel's state move by move."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pyspiel
import pytest
from open_spiel.python.bots.gtp import GTPBot
from open_spiel.python.bots.uniform_random import UniformRandomBot

from fourinarow.core import Board


def engine(*options: str) -> list[str]:
    return [sys.executable, "-m", "fourinarow", "gtp", *options]


@pytest.fixture
def perfect_x() -> Iterator[GTPBot]:
    bot = GTPBot(pyspiel.load_game("connect_four"), engine("--time-ms", "3000"))
    yield bot
    bot.close()


def play_out(state: pyspiel.State, bots: list[pyspiel.Bot], gtp: GTPBot) -> pyspiel.State:
    """Play to the end, informing each bot of the other's moves, and check after every move
    that the engine's game is OpenSpiel's."""
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions()
        for other, bot in enumerate(bots):
            if other != player:
                bot.inform_action(state, player, action)
        state.apply_action(action)
        history = "".join(str(a + 1) for a in state.history())
        assert gtp.gtp_cmd("moves") == history
    return state


def test_the_engine_names_itself_to_openspiel(perfect_x: GTPBot) -> None:
    assert perfect_x.name == "fourinarow"
    assert perfect_x.version
    assert perfect_x.running


def test_the_perfect_engine_beats_random_play_as_first_player(perfect_x: GTPBot) -> None:
    game = pyspiel.load_game("connect_four")
    for seed in (1, 2):
        perfect_x.restart()
        state = play_out(
            game.new_initial_state(), [perfect_x, UniformRandomBot(1, _rng(seed))], perfect_x
        )
        assert state.returns() == [1.0, -1.0]
        assert perfect_x.gtp_cmd("result") == "x"


def test_the_engine_plays_second_with_its_own_colour_names() -> None:
    game = pyspiel.load_game("connect_four")
    bot = GTPBot(game, engine("--time-ms", "3000"), player_colors=("x", "o"))
    try:
        state = play_out(game.new_initial_state(), [UniformRandomBot(0, _rng(3)), bot], bot)
        assert state.returns() == [-1.0, 1.0]
    finally:
        bot.close()


def test_other_shapes_when_the_engine_is_told_the_size() -> None:
    game = pyspiel.load_game("connect_four(rows=5,columns=6,x_in_row=4)")
    first = GTPBot(game, engine("--size", "6x5", "--agent", "level:5", "--seed", "1"))
    second = GTPBot(game, engine("--size", "6x5", "--agent", "level:3", "--seed", "2"))
    try:
        state = play_out(game.new_initial_state(), [first, second], first)
        assert second.gtp_cmd("moves") == first.gtp_cmd("moves")
        board = Board.from_moves(first.gtp_cmd("moves"), width=6, height=5)
        outcome = board.outcome()
        assert outcome is not None
        expected = (
            [0.0, 0.0]
            if outcome.winner is None
            else ([1.0, -1.0] if outcome.winner == 1 else [-1.0, 1.0])
        )
        assert state.returns() == expected
    finally:
        first.close()
        second.close()


def test_an_engine_error_reaches_openspiel_as_its_command_error(perfect_x: GTPBot) -> None:
    from open_spiel.python.bots.gtp import CommandError

    with pytest.raises(CommandError, match="it is x's turn, not o's"):
        perfect_x.gtp_cmd("genmove", "w")


def _rng(seed: int) -> object:
    import numpy as np

    return np.random.RandomState(seed)
