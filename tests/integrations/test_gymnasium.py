"""The Gymnasium environment, checked by the real Gymnasium: its env_checker, gymnasium.make
with options, whole games against our agents, seeds, the action mask and illegal actions."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy
import pytest
from gymnasium.utils.env_checker import check_env

from fourinarow.agents import make_agent
from fourinarow.core import Board, FourInARowError, GameOverError, InvalidMoveError
from fourinarow.core.render import render_text
from fourinarow.integrations.gymnasium import ENV_ID, ConnectFourEnv, register
from fourinarow.integrations.pettingzoo import draw_board, observation_planes


def make(**options: Any) -> Any:
    return gymnasium.make(ENV_ID, **options)


def play_out(game: Any, seed: int, policy: Any = None) -> tuple[float, list[int], dict[str, Any]]:
    """Play an episode with ``policy`` (default: random legal columns drawn by the action space);
    return the last reward, the columns of the whole game and the last info."""
    _, info = game.reset(seed=seed)
    game.action_space.seed(seed)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        if policy is None:
            action = game.action_space.sample(info["action_mask"])
        else:
            action = policy(game.unwrapped.board)
        _, reward, terminated, truncated, info = game.step(action)
    assert not truncated
    return float(reward), list(game.unwrapped.board.moves), info


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"opponent": "random", "agent_first": False},
        {"opponent": "perfect", "width": 5, "height": 4, "connect": 3, "agent_first": None},
        {"opponent": "level:3", "render_mode": "ansi"},
        {"opponent": "simple", "width": 9, "height": 7, "connect": 5, "render_mode": "rgb_array"},
    ],
)
def test_passes_gymnasiums_env_checker(options: dict[str, Any]) -> None:
    check_env(make(**options).unwrapped)  # made, so that it has the spec the checker wants


def test_is_registered_on_import_and_made_with_options() -> None:
    assert ENV_ID in gymnasium.registry
    register()  # again: nothing changes
    game = make(opponent="level:5", width=7, height=6, connect=4)
    assert game.spec is not None
    assert game.spec.id == ENV_ID
    assert isinstance(game.unwrapped, ConnectFourEnv)
    assert game.unwrapped.opponent_spec == "level:5"
    assert game.observation_space.shape == (6, 7, 2)
    assert game.observation_space.dtype == numpy.int8
    assert game.action_space.n == 7
    small = make(width=5, height=4, connect=3)
    assert small.observation_space.shape == (4, 5, 2)
    assert small.unwrapped.board.connect == 3


def test_gymnasium_make_imports_the_module_that_registers_it() -> None:
    code = (
        "import gymnasium\n"
        f"game = gymnasium.make('fourinarow.integrations.gymnasium:{ENV_ID}', width=5)\n"
        "print(game.unwrapped.board.width, game.reset(seed=1)[0].shape)\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        env=os.environ,
        check=True,
    )
    assert done.stdout.strip() == "5 (6, 5, 2)"


@pytest.mark.parametrize("opponent", ["level:1", "level:3", "level:5", "level:6", "perfect"])
@pytest.mark.parametrize("agent_first", [True, False])
def test_games_to_the_end_against_level_opponents(opponent: str, agent_first: bool) -> None:
    game = make(opponent=opponent, agent_first=agent_first)
    for seed in range(3):
        reward, moves, info = play_out(game, seed)
        board = game.unwrapped.board
        assert board.is_game_over()
        assert len(moves) == board.ply
        outcome = board.outcome()
        assert outcome is not None
        agent = 1 if agent_first else 2
        expected = 0.0 if outcome.winner is None else (1.0 if outcome.winner == agent else -1.0)
        assert reward == expected
        assert not info["action_mask"].any()
        if opponent == "perfect" and not agent_first:
            assert reward == -1.0  # the perfect first player wins on 7x6


def test_each_step_the_opponent_answers_and_the_observation_is_the_agents_view() -> None:
    game = make(opponent="level:5", agent_first=False)
    observation, info = game.reset(seed=7)
    board = game.unwrapped.board
    assert board.ply == 1
    assert info["opponent_move"] == board.moves[0]
    while True:
        assert (observation == observation_planes(board, 2)).all()
        assert list(numpy.flatnonzero(info["action_mask"])) == board.legal_moves
        before = board.ply
        action = int(numpy.flatnonzero(info["action_mask"])[0])
        observation, _, terminated, _, info = game.step(action)
        assert board.moves[before] == action
        assert info["illegal_move"] is False
        if terminated:
            assert info["opponent_move"] in (-1, board.moves[-1])
            break
        assert board.ply == before + 2
        assert info["opponent_move"] == board.moves[-1]


def test_seeds_replay_an_episode_exactly() -> None:
    game = make(opponent="level:4", agent_first=None)
    first = [play_out(game, seed)[:2] for seed in range(4)]
    again = [play_out(make(opponent="level:4", agent_first=None), seed)[:2] for seed in range(4)]
    assert first == again
    assert len({tuple(moves) for _, moves in first}) > 1


def test_the_opponent_is_seeded_from_reset() -> None:
    # random play for both: the same seed, the same game; another seed, another game
    game = make(opponent="random")
    games = {seed: [play_out(game, seed)[1] for _ in range(2)] for seed in (1, 2)}
    assert games[1][0] == games[1][1]
    assert games[1][0] != games[2][0]


def test_who_moves_first_is_drawn_when_agent_first_is_none() -> None:
    game = make(opponent="random", agent_first=None)
    plies = {game.reset(seed=seed)[0].sum() for seed in range(12)}
    assert plies == {0, 1}  # the opponent's first stone is on the board, or not


def test_reset_options_choose_who_starts_and_the_position() -> None:
    game = make(opponent="perfect")
    observation, _ = game.reset(seed=1, options={"agent_first": False})
    assert observation.sum() == 1
    observation, _ = game.reset(options={"moves": "4453"})
    board = game.unwrapped.board
    assert board.to_moves() == "4453"
    assert (observation == observation_planes(board, 1)).all()
    observation, _ = game.reset(options={"moves": "445"})
    assert (observation == observation_planes(game.unwrapped.board, 2)).all()
    with pytest.raises(FourInARowError, match="reset takes the options agent_first and moves"):
        game.reset(options={"colour": "red"})
    with pytest.raises(FourInARowError, match="agent_first is True"):
        game.reset(options={"agent_first": "yes"})
    with pytest.raises(GameOverError, match="end the game"):
        game.reset(options={"moves": "1212121"})


def test_an_illegal_action_ends_the_episode_with_minus_one() -> None:
    game = make(opponent="level:1", width=4, height=2, connect=3)
    game.reset(seed=1)
    board = game.unwrapped.board
    game.step(0)
    if board.heights[0] < 2:  # the opponent did not fill it: fill it ourselves
        game.step(0)
    assert board.heights[0] == 2
    _, reward, terminated, truncated, info = game.step(0)
    assert (reward, terminated, truncated, info["illegal_move"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    with pytest.raises(GameOverError, match="call reset"):
        game.step(1)


def test_an_action_off_the_board_raises() -> None:
    game = ConnectFourEnv()
    game.reset(seed=1)
    with pytest.raises(InvalidMoveError):
        game.step(7)
    game.step(numpy.int64(3))


def test_bad_options_raise_with_what_is_accepted() -> None:
    with pytest.raises(FourInARowError, match="unknown agent"):
        make(opponent="grandmaster")
    with pytest.raises(FourInARowError, match="render_mode is one of ansi, rgb_array"):
        ConnectFourEnv(render_mode="window")
    with pytest.raises(FourInARowError, match="agent_first is True"):
        ConnectFourEnv(agent_first=1)
    with pytest.raises(FourInARowError):
        make(width=0)


def test_renders_text_and_pictures() -> None:
    for mode in ("ansi", "rgb_array"):
        game = make(render_mode=mode, opponent="level:5")
        game.reset(seed=2)
        game.step(3)
        board: Board = game.unwrapped.board
        shown = game.render()
        if mode == "ansi":
            assert shown == render_text(board)
        else:
            assert (shown == draw_board(board)).all()
    assert ConnectFourEnv().render() is None


def test_the_environment_pickles() -> None:
    game = ConnectFourEnv(opponent="level:2", width=5, height=4, connect=3)
    game.reset(seed=3)
    copy = pickle.loads(pickle.dumps(game))
    assert isinstance(copy, ConnectFourEnv)
    assert copy.board == game.board


def test_our_agents_are_policies_on_the_board() -> None:
    perfect = make_agent("perfect")
    reward, _, _ = play_out(make(opponent="level:5"), 1, lambda b: perfect.choose(b).column)
    assert reward == 1.0


def test_without_gymnasium_the_environment_names_the_pip_install() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "from fourinarow.integrations import gymnasium\n"
        "try:\n    gymnasium.ConnectFourEnv\n"
        "except Exception as error:\n    print(type(error).__name__, error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, check=True
    )
    assert done.stdout.strip() == (
        "MissingExtraError the Gymnasium environment needs Gymnasium: "
        "pip install 'fourinarow[gymnasium]'"
    )


def test_the_example_trains_and_the_solver_judges() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "gymnasium_loop.py"
    done = subprocess.run(
        [sys.executable, "-W", "error", str(example), "--episodes", "20", "--positions", "12"],
        capture_output=True,
        text=True,
        env=os.environ,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("trained 20 episodes against simple:blunder=0.5")
    assert lines[1] == "judged by the solver on 12 Begin-Easy positions (Test_L1_R1):"
    assert [line.split()[0] for line in lines[3:]] == ["learned", "random", "level:6", "perfect"]
    assert lines[-1].split()[1:] == ["100.0%", "100.0%"]


def test_runs_in_gymnasiums_vector_environments() -> None:
    vector = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", opponent="level:3")
    observations, info = vector.reset(seed=1)
    assert observations.shape == (3, 6, 7, 2)
    assert info["action_mask"].shape == (3, 7)
    ended = numpy.zeros(3, dtype=bool)
    for _ in range(40):
        # an episode that ended is reset at the next step, whatever its action
        actions = numpy.array([int(numpy.argmax(mask)) for mask in info["action_mask"]])
        observations, rewards, terminated, truncated, info = vector.step(actions)
        assert not truncated.any()
        assert set(rewards) <= {-1.0, 0.0, 1.0}
        ended |= terminated
        if ended.all():
            break
    assert ended.all()
    vector.close()
