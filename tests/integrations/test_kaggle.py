"""Kaggle ConnectX in process: reading observations, planning time, the agent call on several
boards, the submission's files (run in a fresh Python from its own directory), and
``kaggle:negamax`` without kaggle-environments installed. Kaggle's own harness plays the
submission in test_kaggle_environment.py."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fourinarow.core import Board, FourInARowError
from fourinarow.extras import MissingExtraError
from fourinarow.integrations.kaggle import (
    AGENT_INFO,
    MARGIN,
    OVERAGE_RESERVE,
    KaggleAgent,
    KaggleConfigurationError,
    KaggleEnvironmentAgent,
    agent,
    export_submission,
    kaggle_board,
    kaggle_grid,
    move_seconds,
)
from fourinarow.search.solver import Solver
from tests.archives import extract_all
from tests.test_install import clean_environment

CONNECTX = {"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2, "timeout": 2}


def observation(board: Board, overage: float = 60.0) -> dict[str, Any]:
    """What Kaggle shows the player to move on ``board``."""
    cells = [int(cell) for row in board.to_grid() for cell in row]
    return {"board": cells, "mark": board.turn, "remainingOverageTime": overage}


def configuration(board: Board, act_timeout: float = 2) -> dict[str, Any]:
    return {
        "rows": board.height,
        "columns": board.width,
        "inarow": board.connect,
        "actTimeout": act_timeout,
    }


# ------------------------------------------------------------------------ reading


def test_the_board_is_read_top_row_first_with_its_mark() -> None:
    cells = [0] * 42
    cells[38] = 1  # the bottom row's middle
    assert kaggle_board({"board": cells, "mark": 2}, CONNECTX).to_moves() == "4"
    with pytest.raises(FourInARowError, match="mark is 1"):
        kaggle_board({"board": cells, "mark": 1}, CONNECTX)


def test_kaggles_attribute_objects_read_as_mappings_do() -> None:
    board = Board.from_moves("4455", width=6, height=5)
    seen = SimpleNamespace(**observation(board))
    config = SimpleNamespace(**configuration(board))
    assert kaggle_board(seen, config) == kaggle_board(observation(board), configuration(board))


def test_configuration_defaults_are_connectx() -> None:
    assert kaggle_grid({}) == (7, 6, 4)
    assert kaggle_grid({"rows": 5.0, "columns": 6, "inarow": 3}) == (6, 5, 3)


@pytest.mark.parametrize(
    ("seen", "config", "words"),
    [
        ({"mark": 1}, CONNECTX, "no board"),
        ({"board": "0" * 42, "mark": 1}, CONNECTX, "no board"),
        ({"board": [0] * 42, "mark": 1}, {"rows": "six"}, "rows is 'six'"),
        ({"board": [0] * 42, "mark": 1}, {"columns": 7.5}, "columns is '7.5'"),
        ({"board": [0] * 42, "mark": 1}, {"inarow": True}, "inarow"),
        ({"board": [0] * 41, "mark": 1}, CONNECTX, "needs width x height = 42"),
        ({"board": [0] * 42, "mark": 2}, CONNECTX, "mark is 2"),
    ],
)
def test_unreadable_observations_say_why(
    seen: dict[str, Any], config: dict[str, Any], words: str
) -> None:
    with pytest.raises(FourInARowError, match=words):
        kaggle_board(seen, config)
    with pytest.raises(FourInARowError):
        agent(seen, config)


def test_configuration_errors_are_the_librarys_errors() -> None:
    assert issubclass(KaggleConfigurationError, FourInARowError)


# ------------------------------------------------------------------------ the clock


@given(
    act=st.floats(0, 10),
    overage=st.floats(0, 120),
    empty=st.integers(1, 100),
    spent=st.floats(0, 20),
)
def test_the_plan_keeps_the_reserve_and_the_margin(
    act: float, overage: float, empty: int, spent: float
) -> None:
    seconds = move_seconds(act, overage, empty, spent)
    assert seconds >= 0
    above_reserve = max(0.0, overage - OVERAGE_RESERVE)
    assert seconds <= act - min(MARGIN, act / 4) + above_reserve + 0.001  # not measured: planned


def test_more_bank_and_fewer_moves_left_give_more_time() -> None:
    assert move_seconds(2, 60, 42) > move_seconds(2, 30, 42) > move_seconds(2, 15, 42) == 1.6
    assert move_seconds(2, 60, 10) > move_seconds(2, 60, 30)
    assert move_seconds(2, 60, 30, spent=1) == pytest.approx(move_seconds(2, 60, 30) - 1)


# ------------------------------------------------------------------------ playing


def test_agent_takes_a_win_and_blocks_one() -> None:
    win = Board.from_moves("445566")
    assert agent(observation(win), CONNECTX) == 2  # column 3, 0-based 2
    block = Board.from_moves("414151")  # the second player threatens column 1
    assert agent(observation(block), CONNECTX) == 0


def test_agent_opens_in_the_centre_from_the_book() -> None:
    assert agent(observation(Board()), CONNECTX) == 3


@pytest.mark.parametrize(
    ("width", "height", "connect", "moves"),
    [(6, 5, 4, "3344"), (5, 4, 3, "11"), (9, 7, 5, "5566"), (4, 4, 4, "")],
)
def test_agent_plays_other_boards(width: int, height: int, connect: int, moves: str) -> None:
    board = Board.from_moves(moves, width=width, height=height, connect=connect)
    column = agent(observation(board, overage=0), configuration(board, act_timeout=0.5))
    assert column in board.legal_moves


def test_a_whole_game_of_perfect_against_level_5_on_6x5() -> None:
    """6x5 is a draw with perfect play: perfect, moving first, must not lose."""
    ours = KaggleAgent("perfect", seed=1)
    theirs = KaggleAgent("level:5", seed=2)
    board = Board(6, 5)
    while not board.is_game_over():
        player = ours if board.turn == 1 else theirs
        board.push(player(observation(board), configuration(board, act_timeout=1)))
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner in (None, 1)


def test_the_first_move_counts_the_time_since_the_submission_started() -> None:
    """Kaggle's clock for the first move runs from before main.py loads: a start long ago
    leaves no time, and the agent answers at once with a legal move."""
    player = KaggleAgent("engine", started=time.perf_counter() - 100)
    board = Board.from_moves("4444")
    assert player(observation(board, overage=0), CONNECTX) in board.legal_moves
    assert player(observation(Board.from_moves("44445"), overage=0), CONNECTX) in range(7)


def test_the_agents_solvers_are_prepared_once_per_shape() -> None:
    player = KaggleAgent("level:10")
    board = Board.from_moves("4", width=5, height=4)
    player(observation(board), configuration(board))
    assert (5, 4, 4) in player._prepared


def test_a_bad_spec_is_refused() -> None:
    with pytest.raises(FourInARowError, match="unknown agent"):
        KaggleAgent("nobody")


# ------------------------------------------------------------------------ the submission

CALL = """
import json, runpy, sys
agent = runpy.run_path(sys.argv[1])["agent"]
cells = [0] * 42
cells[38] = 1
column = agent({"board": cells, "mark": 2, "remainingOverageTime": 60}, {"rows": 6,
    "columns": 7, "inarow": 4, "actTimeout": 2})
solver = sys.modules["fourinarow.search.solver"]
print(json.dumps([column, sys.modules["fourinarow"].__file__,
    solver.compiled_kernel_available()]))
"""


def call_submission(main: Path, work: Path) -> list[Any]:
    """Load ``main`` in a fresh Python that has no fourinarow of its own on its path (run
    isolated, from another directory) and ask it for a move."""
    script = work / "call.py"
    script.write_text(CALL)
    result = subprocess.run(
        [sys.executable, "-I", str(script), str(main)],
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_environment(),
        cwd=work,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    import json

    answer: list[Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return answer


def test_the_tar_gz_has_main_py_at_its_root_and_runs_on_its_own(tmp_path: Path) -> None:
    submission = export_submission("perfect", tmp_path / "out")
    assert submission.path == tmp_path / "out" / "submission.tar.gz"
    with tarfile.open(submission.path) as tar:
        names = tar.getnames()
        extract_all(tar, tmp_path / "agent")
    assert names[0] == "main.py"
    assert "fourinarow/search/book/shipped/7x6c4.book" in names
    assert "fourinarow/integrations/kaggle/player.py" in names
    assert not [n for n in names if "/templates/" in n]  # read only by the exporter
    assert not [n for n in names if n.startswith(("fourinarow/cli", "fourinarow/web"))]
    column, package, compiled = call_submission(tmp_path / "agent" / "main.py", tmp_path)
    assert column == 3
    assert Path(package).is_relative_to(tmp_path / "agent")
    assert compiled == bool(submission.compiled)


def test_the_single_file_runs_on_its_own(tmp_path: Path) -> None:
    submission = export_submission("level:5", tmp_path, single_file=True)
    assert submission.path == tmp_path / "main.py"
    text = submission.path.read_text()
    assert "_PAYLOAD" in text
    assert "'level:5'" in text
    column, package, _ = call_submission(submission.path, tmp_path)
    assert column in range(7)
    assert "fourinarow-kaggle-" in package


def test_pure_python_leaves_the_kernels_out_and_still_plays(tmp_path: Path) -> None:
    submission = export_submission("perfect", tmp_path / "out", pure_python=True)
    assert submission.compiled == ()
    assert not [n for n in submission.files if n.endswith((".so", ".pyd"))]
    with tarfile.open(submission.path) as tar:
        extract_all(tar, tmp_path / "agent")
    column, _, compiled = call_submission(tmp_path / "agent" / "main.py", tmp_path)
    assert (column, compiled) == (3, False)


def test_export_refuses_a_bad_spec_and_an_unwritable_place(tmp_path: Path) -> None:
    with pytest.raises(FourInARowError, match="unknown agent"):
        export_submission("nobody", tmp_path)
    assert not list(tmp_path.iterdir())
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(FourInARowError, match="cannot write the submission"):
        export_submission("perfect", blocker / "out")


# ------------------------------------------------------------------------ kaggle:negamax


@pytest.mark.skipif(
    importlib.util.find_spec("kaggle_environments") is not None,
    reason="checks the error without kaggle-environments, and it is installed",
)
def test_kaggles_agents_without_the_extra_name_the_pip_install() -> None:
    with pytest.raises(MissingExtraError, match=r"pip install 'fourinarow\[kaggle\]'"):
        KaggleEnvironmentAgent("negamax")


def test_only_kaggles_own_agents_are_accepted() -> None:
    with pytest.raises(FourInARowError, match="negamax, random"):
        KaggleEnvironmentAgent("alphazero")
    assert AGENT_INFO.options == ("kaggle",)


def test_a_solver_of_our_own_agrees_with_the_agent_on_a_late_position() -> None:
    board = Board.from_moves("4444443555332")
    best = Solver(tt_mb=16).best_moves(board)
    assert agent(observation(board), CONNECTX) in best


def test_the_kaggle_family_is_registered_as_an_agents_entry_point() -> None:
    """pyproject.toml names AGENT_INFO in the registry's entry-point group (the slow tests of
    test_kaggle_environment.py build specs through it in an installed copy)."""
    import importlib
    import tomllib

    from fourinarow.agents.registry import PLUGIN_GROUP

    with (Path(__file__).resolve().parents[2] / "pyproject.toml").open("rb") as file:
        points = tomllib.load(file)["project"]["entry-points"][PLUGIN_GROUP]
    module, _, name = points["kaggle"].partition(":")
    assert getattr(importlib.import_module(module), name) is AGENT_INFO
