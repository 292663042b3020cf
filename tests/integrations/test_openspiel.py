"""OpenSpiel both ways, against the real open_spiel package: our agents as pyspiel bots in its
connect_four, and its MCTS and random bots as our agents, the two games agreeing move by move."""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots.uniform_random import UniformRandomBot

from fourinarow.agents import Agent, InvalidAgentSpecError, make_agent
from fourinarow.core import Board
from fourinarow.integrations.openspiel import (
    OpenSpielAgent,
    OpenSpielGameError,
    board_of,
    bot,
    game_for,
)
from tests.cli.conftest import run_in_process


def cells(state: pyspiel.State) -> str:
    """OpenSpiel's board text, top row first: ``.``, ``x``, ``o``."""
    return str(state).strip()


def our_cells(board: Board) -> str:
    """Our board in OpenSpiel's text."""
    symbols = {0: ".", 1: "x", 2: "o"}
    rows = []
    for row in reversed(range(board.height)):
        rows.append("".join(symbols[board.cell(column, row)] for column in range(board.width)))
    return "\n".join(rows)


def play(game: pyspiel.Game, bots: list[pyspiel.Bot]) -> tuple[pyspiel.State, Board]:
    """Play a game in OpenSpiel, mirroring every move on our board and comparing the two."""
    width, height, connect = (
        game.get_parameters()["columns"],
        game.get_parameters()["rows"],
        game.get_parameters()["x_in_row"],
    )
    state = game.new_initial_state()
    board = Board(width, height, connect)
    while not state.is_terminal():
        player = state.current_player()
        assert player == board.turn - 1
        action = bots[player].step(state)
        for other, each in enumerate(bots):
            if other != player:
                each.inform_action(state, player, action)
        state.apply_action(action)
        board.push(action)
        assert cells(state) == our_cells(board)
        assert state.is_terminal() == (board.outcome() is not None)
    return state, board


def returns(board: Board) -> list[float]:
    outcome = board.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return [0.0, 0.0]
    return [1.0, -1.0] if outcome.winner == 1 else [-1.0, 1.0]


def test_our_perfect_bot_beats_openspiel_mcts_as_first_player() -> None:
    game = pyspiel.load_game("connect_four")
    opponent = mcts.MCTSBot(
        game,
        2,
        200,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        random_state=np.random.RandomState(1),
    )
    state, board = play(game, [bot(game, "perfect"), opponent])
    assert state.returns() == returns(board) == [1.0, -1.0]


def test_our_bot_plays_second_on_another_shape() -> None:
    game = pyspiel.load_game("connect_four(rows=5,columns=6,x_in_row=4)")
    ours = bot(game, "level:6", seed=2)
    state, board = play(game, [UniformRandomBot(0, np.random.RandomState(3)), ours])
    assert state.returns() == returns(board) == [-1.0, 1.0]
    assert (board.width, board.height) == (6, 5)


def test_board_of_replays_a_state() -> None:
    game = game_for(7, 6, 4)
    state = game.new_initial_state()
    for action in (3, 3, 4):
        state.apply_action(action)
    assert board_of(state).to_moves() == "445"


def test_other_games_are_refused() -> None:
    with pytest.raises(OpenSpielGameError, match="our agents play connect_four, not tic_tac_toe"):
        bot(pyspiel.load_game("tic_tac_toe"))


def test_openspiel_mcts_as_our_agent_in_a_game_against_ours() -> None:
    """The spec plays in our own game loop; OpenSpiel's state, rebuilt from our moves, agrees."""
    theirs = make_agent("openspiel:mcts,simulations=300", seed=4)
    ours = make_agent("perfect", seed=4)
    for players in ((ours, theirs), (theirs, ours)):
        board = Board()
        while board.outcome() is None:
            agent: Agent = players[board.turn - 1]
            board.push(agent.choose(board).column)
        state = game_for(7, 6, 4).new_initial_state()
        for column in board.moves:
            state.apply_action(column)
        assert cells(state) == our_cells(board)
        winner = board.outcome().winner  # type: ignore[union-attr]
        assert winner == 1 + players.index(ours)  # perfect play wins as either colour here


def test_the_same_seed_gives_the_same_moves() -> None:
    board = Board.from_moves("4453")
    first = [
        make_agent("openspiel:mcts,simulations=100", seed=9).choose(board).column for _ in range(2)
    ]
    assert first[0] == first[1]


def test_openspiel_random_is_an_agent_too() -> None:
    agent = make_agent("openspiel:random", seed=1)
    board = Board.from_moves("1111112222223")
    assert board.is_legal(agent.choose(board).column)
    assert agent.name == "openspiel:random"


def test_any_pyspiel_bot_can_be_wrapped() -> None:
    def first_legal(game: pyspiel.Game, player: int, rng: object) -> pyspiel.Bot:
        class FirstLegal(pyspiel.Bot):  # type: ignore[misc]
            def __init__(self) -> None:
                pyspiel.Bot.__init__(self)

            def step(self, state: pyspiel.State) -> int:
                return int(state.legal_actions()[0])

        return FirstLegal()

    import random

    agent = OpenSpielAgent("first-legal", first_legal, random.Random(1))
    assert agent.choose(Board.from_moves("111111")).column == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "openspiel:alphazero",
            "openspiel:alphazero is not accepted; OpenSpiel's bots here: mcts, random",
        ),
        (
            "openspiel:random,simulations=5",
            "openspiel:random does not take the option 'simulations'",
        ),
        ("openspiel:mcts,simulations=0", "simulations is a whole number from 1 to"),
        ("openspiel:mcts,solve=maybe", "solve is one of yes, no"),
        ("openspiel:mcts,depth=3", "agent 'openspiel' does not take the option 'depth'"),
    ],
)
def test_bad_specs_say_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec)


def test_the_agents_listing_names_the_plugin() -> None:
    with pytest.raises(InvalidAgentSpecError, match=r"accepted agents: .*level, .*openspiel"):
        make_agent("wizard")


def test_without_openspiel_the_spec_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where pyspiel cannot be imported, the engine command exits 2 with one line naming the
    pip install."""
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    result = run_in_process(["move", "--agent", "openspiel:mcts", "44"], stdin="", env={})
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "fourinarow move: error: OpenSpiel's games and bots need OpenSpiel: "
        "pip install 'fourinarow[openspiel]'"
    )
