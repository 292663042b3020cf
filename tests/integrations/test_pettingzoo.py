"""The PettingZoo environment, checked by the real PettingZoo: its api_test, seed_test and
render_test, and PettingZoo's own connect_four_v3 playing the same moves on 7x6."""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import os
import pickle
import random
import re
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path
from typing import Any

import numpy
import pettingzoo
import pytest

from fourinarow.agents import make_agent
from fourinarow.core import Board, FourInARowError, IllegalMoveError
from fourinarow.core.render import render_text
from fourinarow.integrations.pettingzoo import (
    AgentPolicy,
    InvalidObservationError,
    board_from_observation,
    draw_board,
    env,
    observation_planes,
    optimal_actions,
)
from fourinarow.search.solver import Solver

with warnings.catch_warnings():
    # pettingzoo.test imports classic.connect_four_v3 by its old name, which is deprecated
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, render_test, seed_test

ROOT = Path(__file__).resolve().parents[2]

SHAPES = [(7, 6, 4), (5, 4, 3), (4, 4, 4), (9, 7, 5), (3, 5, 3)]

NAME_KEYED_ADVICE = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}
"""api_test's advice that it spares connect_four_v3 by name (its lists of environments with dict
observations), though our observations are laid out as that environment's."""


def real_connect_four() -> Any:
    """PettingZoo's own connect_four_v3, through its registry (the old import is deprecated)."""
    return pettingzoo.make("aec", "classic/connect_four-v3")


def api_advice(game: Any) -> set[str]:
    """Run PettingZoo's api_test (it fails by assertion) and return the advice it warns of."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(game, num_cycles=1000)
    return {str(warning.message) for warning in caught}


@pytest.mark.parametrize(("width", "height", "connect"), SHAPES)
def test_passes_pettingzoos_api_test_with_no_more_advice_than_connect_four_v3(
    width: int, height: int, connect: int, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = api_advice(env(width=width, height=height, connect=connect))
    theirs = api_advice(real_connect_four())
    assert "Passed API test" in capsys.readouterr().out
    assert ours <= theirs | NAME_KEYED_ADVICE


def test_passes_pettingzoos_seed_test() -> None:
    seed_test(env)
    seed_test(lambda: env(width=5, height=4, connect=3))


def test_passes_pettingzoos_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: env(render_mode=render_mode))
    assert " 1  2  3  4  5  6  7" in capsys.readouterr().out  # "human" prints the board


def random_moves(rng: random.Random, width: int, height: int, connect: int) -> list[int]:
    """The columns of a random game to its end."""
    board = Board(width, height, connect)
    while not board.is_game_over():
        board.push(rng.choice(board.legal_moves))
    return list(board.moves)


def views(game: Any) -> list[Any]:
    """Everything an agent can see of an AEC game now."""
    seen: list[Any] = [game.agent_selection, dict(game.terminations), dict(game.truncations)]
    seen.append(dict(game._cumulative_rewards))
    for agent in game.possible_agents:
        observation = game.observe(agent)
        seen += [observation["observation"], observation["action_mask"]]
    return seen


def assert_same(ours: list[Any], theirs: list[Any]) -> None:
    assert len(ours) == len(theirs)
    for mine, real in zip(ours, theirs, strict=True):
        if isinstance(real, numpy.ndarray):
            assert isinstance(mine, numpy.ndarray)
            assert mine.dtype == real.dtype
            assert mine.shape == real.shape
            assert (mine == real).all()
        else:
            assert mine == real


@pytest.mark.parametrize("seed", range(12))
def test_sees_what_connect_four_v3_sees_on_the_same_moves(seed: int) -> None:
    moves = random_moves(random.Random(seed), 7, 6, 4)
    ours, theirs = env(), real_connect_four()
    ours.reset(seed=seed)
    theirs.reset(seed=seed)
    assert ours.possible_agents == theirs.possible_agents
    for agent in ours.possible_agents:
        assert ours.observation_space(agent) == theirs.observation_space(agent)
        assert ours.action_space(agent) == theirs.action_space(agent)
    assert_same(views(ours), views(theirs))
    for column in moves:
        ours.step(column)
        theirs.step(column)
        assert_same(views(ours), views(theirs))
        assert ours.rewards == theirs.rewards
    assert any(ours.terminations.values())
    for _ in ours.possible_agents:  # each agent steps out with None, as in any AEC game
        ours.step(None)
        theirs.step(None)
    assert ours.agents == theirs.agents == []


def test_an_illegal_move_ends_the_game_as_in_connect_four_v3() -> None:
    ours, theirs = env(), real_connect_four()
    for game in (ours, theirs):
        game.reset()
        for _ in range(6):
            game.step(0)  # column 0 is full, no line made
        assert game.agent_selection == "player_0"
        game.step(0)
    assert_same(views(ours), views(theirs))
    assert ours.terminations == ours.truncations == {"player_0": True, "player_1": True}
    assert ours.rewards == {"player_0": -1, "player_1": 0}


def test_an_action_off_the_board_fails_as_in_connect_four_v3() -> None:
    for game in (env(), real_connect_four()):
        game.reset()
        with pytest.raises(AssertionError):
            game.step(7)


def test_the_unwrapped_environment_refuses_a_full_column() -> None:
    game = env(width=4, height=1, connect=2).unwrapped
    game.reset()
    game.step(numpy.int64(2))
    with pytest.raises(IllegalMoveError):
        game.step(2)


@pytest.mark.parametrize(("width", "height", "connect"), SHAPES)
def test_random_games_agree_with_the_rules_core(width: int, height: int, connect: int) -> None:
    rng = random.Random(width * 100 + height * 10 + connect)
    game = env(width=width, height=height, connect=connect)
    for episode in range(6):
        game.reset(seed=episode)
        board = Board(width, height, connect)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            player = game.possible_agents.index(agent) + 1
            grid = numpy.array(board.to_grid())
            assert observation["observation"].shape == (height, width, 2)
            assert (observation["observation"][:, :, 0] == (grid == player)).all()
            assert (observation["observation"][:, :, 1] == (grid == 3 - player)).all()
            if termination or truncation:
                outcome = board.outcome()
                assert outcome is not None
                expected = 0 if outcome.winner is None else (1 if outcome.winner == player else -1)
                assert reward == expected
                game.step(None)
                continue
            assert board.turn == player
            legal = [int(c) for c in numpy.flatnonzero(observation["action_mask"])]
            assert legal == board.legal_moves
            column = rng.choice(legal)
            board.push(column)
            game.step(column)
        assert board.is_game_over()


def test_renders_text_and_pictures_of_the_board() -> None:
    moves = [3, 3, 4, 4, 5, 5, 6]  # the first player's line on the bottom row
    board = Board()
    for column in moves:
        board.push(column)
    text, picture = env(render_mode="ansi"), env(render_mode="rgb_array")
    for game in (text, picture):
        game.reset()
        for column in moves:
            game.step(column)
    assert text.render() == render_text(board)
    image = picture.render()
    assert image.dtype == numpy.uint8
    assert image.shape == (6 * 40, 7 * 40, 3)
    assert (image == draw_board(board)).all()

    def centre(column: int, row: int) -> list[int]:  # row 0 at the bottom
        return list(image[(5 - row) * 40 + 20, column * 40 + 20])

    assert centre(0, 0) == [235, 235, 240]  # empty
    assert centre(3, 1) == [245, 200, 30]  # player_1's stone
    ring = list(image[5 * 40 + 20, 3 * 40 + 6])  # the winning line's stones are ringed
    assert ring == [40, 170, 70]
    assert centre(3, 0) == [220, 40, 40]  # player_0's


def test_pictures_of_other_shapes_have_a_cell_per_40_pixels() -> None:
    game = env(width=9, height=3, connect=3, render_mode="rgb_array")
    game.reset()
    assert game.render().shape == (120, 360, 3)


def test_refuses_an_unknown_render_mode() -> None:
    with pytest.raises(FourInARowError, match="render_mode is one of human, ansi, rgb_array"):
        env(render_mode="window")


def test_the_raw_environment_pickles() -> None:
    from fourinarow.integrations.pettingzoo import raw_env

    game = raw_env(width=5, height=4, connect=3)
    copy = pickle.loads(pickle.dumps(game))
    assert isinstance(copy, raw_env)
    assert str(copy) == "fourinarow_v0(5x4, connect 3)"


def test_board_from_observation_reads_both_sides_views() -> None:
    board = Board.from_moves("4453", width=5, height=4, connect=3)
    for player in (1, 2):
        planes = observation_planes(board, player)
        # the side to move's view gives the board; the other side's view has one stone more
        if player == board.turn:
            assert board_from_observation(planes, connect=3).to_grid() == board.to_grid()
    seen = board_from_observation({"observation": observation_planes(board, board.turn)})
    assert seen.turn == board.turn


@pytest.mark.parametrize(
    ("planes", "message"),
    [
        (numpy.zeros((6, 7)), "a \\(height, width, 2\\) array"),
        (numpy.full((6, 7, 2), 2), "a \\(height, width, 2\\) array"),
        ("six rows", "a \\(height, width, 2\\) array"),
        (numpy.ones((6, 7, 2)), "both players"),
        (observation_planes(Board.from_moves("4"), 1), "the side to move has 1 stones"),
        (observation_planes(Board.from_moves("44"), 1)[::-1], "no position of a game"),
    ],
)
def test_board_from_observation_refuses_what_no_game_shows(planes: Any, message: str) -> None:
    with pytest.raises(InvalidObservationError, match=message):
        board_from_observation(planes)


def test_the_perfect_policy_plays_the_solvers_best_moves() -> None:
    policy = AgentPolicy("perfect")
    solver = Solver()
    game = env()
    game.reset()
    rng = random.Random(5)
    board = Board()
    for _ in range(8):
        observation = game.observe(game.agent_selection)
        assert policy(observation) in solver.best_moves(board)
        column = rng.choice(board.legal_moves)
        board.push(column)
        game.step(column)


def test_the_perfect_policy_beats_random_play_as_player_0() -> None:
    policy = AgentPolicy("perfect")
    game = env()
    for seed in range(2):
        game.reset(seed=seed)
        game.action_space("player_1").seed(seed)
        final: dict[str, float] = {}
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if termination or truncation:
                final[agent] = reward
                game.step(None)
            elif agent == "player_0":
                game.step(policy(observation))
            else:
                game.step(game.action_space(agent).sample(observation["action_mask"]))
        assert final == {"player_0": 1, "player_1": -1}


def test_any_agent_is_a_policy_on_any_shape() -> None:
    policy = AgentPolicy("level:5", connect=3, seed=1)
    game = env(width=5, height=4, connect=3)
    game.reset()
    observation = game.observe("player_0")
    column = policy(observation)
    assert column == make_agent("level:5", seed=1).choose(Board(5, 4, 3)).column


def test_without_pettingzoo_the_environment_names_the_pip_install() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "from fourinarow.integrations import pettingzoo\n"
        "try:\n    pettingzoo.env()\n"
        "except Exception as error:\n    print(type(error).__name__, error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=os.environ, check=True
    )
    assert done.stdout.strip() == (
        "MissingExtraError the PettingZoo environment needs PettingZoo: "
        "pip install 'fourinarow[pettingzoo]'"
    )


def test_pettingzoos_registry_makes_it_with_options() -> None:
    from fourinarow.integrations.pettingzoo import ENV_ID, register

    assert register()  # done on import already: again, nothing changes
    game = pettingzoo.make("aec", ENV_ID, width=9, height=7, connect=5)
    assert str(game) == "fourinarow_v0(9x7, connect 5)"
    game.reset()
    with pytest.raises(AssertionError):
        game.step(9)  # off the board: the same wrappers as env()'s


def test_optimal_actions_judge_moves_as_the_solver_does() -> None:
    solver = Solver()
    game = real_connect_four()  # PettingZoo's own observations are judged too
    game.reset()
    rng = random.Random(11)
    board = Board()
    for _ in range(10):
        observation = game.observe(game.agent_selection)
        assert optimal_actions(observation) == sorted(solver.best_moves(board))
        assert optimal_actions(observation, weak=True, solver=solver) == sorted(
            solver.best_moves(board, weak=True)
        )
        column = rng.choice(board.legal_moves)
        board.push(column)
        game.step(column)
    small = Board.from_moves("11", width=4, height=4, connect=3)
    assert optimal_actions(observation_planes(small, 1), connect=3) == solver.best_moves(small)


def _distribution_name(requirement: str) -> str:
    """The normalised distribution name a requirement (``pygame>=2.5; ...``) names."""
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert match is not None, requirement
    return re.sub(r"[-_.]+", "-", match.group()).lower()


def test_the_extra_installs_what_pettingzoos_own_connect_four_imports() -> None:
    """The how-to's example plays PettingZoo's own connect_four_v3 beside ours, and that
    module imports packages only PettingZoo's classic extra brings (pygame): `pip install
    ".[pettingzoo]"` has to bring each of them itself."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        extra = tomllib.load(file)["project"]["optional-dependencies"]["pettingzoo"]
    installed = {_distribution_name(r) for r in extra}
    spec = importlib.util.find_spec("pettingzoo.classic.connect_four.connect_four")
    assert spec is not None
    assert spec.origin is not None
    imported: set[str] = set()
    for node in ast.walk(ast.parse(Path(spec.origin).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.partition(".")[0])
    providers = importlib.metadata.packages_distributions()
    needed = {
        module: {_distribution_name(name) for name in providers.get(module, [module])}
        for module in imported - set(sys.stdlib_module_names)
    }
    assert "pygame" in needed  # what a fresh install without it failed on
    missing = {module for module, names in needed.items() if not names & installed}
    assert not missing, f"the pettingzoo extra lacks what provides {sorted(missing)}"
