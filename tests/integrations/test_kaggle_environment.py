"""The exported Kaggle submission in Kaggle's own harness: kaggle-environments' ConnectX loads
it as Kaggle does (the last callable of main.py) and plays it against Kaggle's ``negamax``, as
both colours; it must win every game on 7x6 and never time out or fail (status ``DONE``), as a
tar.gz, as one file, and in pure Python (the compiled kernel left out).

kaggle-environments gets a virtual environment of its own (tests/conftest.py's
``kaggle_python``), where fourinarow is not installed: the submission must bring all it needs.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest

from fourinarow.integrations.kaggle import export_submission
from tests.test_install import clean_environment

GAMES = """
import json, sys
from kaggle_environments import make
from kaggle_environments.agent import get_last_callable

path, rows, columns, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
with open(path) as file:
    last = get_last_callable(file.read(), path=path)  # what Kaggle calls
results = []
for _ in range(games):
    for ours in (0, 1):
        env = make("connectx", configuration={"rows": rows, "columns": columns})
        steps = env.run([path, "negamax"] if ours == 0 else ["negamax", path])
        final = steps[-1][ours]
        results.append(
            {"ours": ours, "reward": final.reward, "status": final.status,
             "overage": final.observation.remainingOverageTime, "moves": len(steps) - 1}
        )
solver = sys.modules["fourinarow.search.solver"]
print(json.dumps({
    "last": last.__name__,
    "package": sys.modules["fourinarow"].__file__,
    "compiled": solver.compiled_kernel_available(),
    "games": results,
}))
"""


def play_in_kaggle(
    python: str, main: Path, work: Path, *, rows: int = 6, columns: int = 7, games: int = 1
) -> dict[str, Any]:
    """Run ``games`` games a colour of the submission ``main`` against negamax in Kaggle's
    ConnectX, in the kaggle-environments venv; what the script above prints."""
    script = work / "games.py"
    script.write_text(GAMES)
    result = subprocess.run(
        [python, str(script), str(main), str(rows), str(columns), str(games)],
        capture_output=True,
        text=True,
        timeout=1200,
        env=clean_environment(),
        cwd=work,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


def unpacked(archive: Path, into: Path) -> Path:
    """``main.py`` of a submission.tar.gz, unpacked as Kaggle does."""
    with tarfile.open(archive) as tar:
        assert {name.split("/")[0] for name in tar.getnames()} == {"main.py", "fourinarow"}
        tar.extractall(into, filter="data")
    return into / "main.py"


def check_wins(report: dict[str, Any], main: Path, compiled: bool) -> None:
    assert report["last"] == "agent"
    assert (
        Path(report["package"]).is_relative_to(main.parent)
        or "fourinarow-kaggle-" in (report["package"])
    )
    assert report["compiled"] is compiled
    games = report["games"]
    assert {game["ours"] for game in games} == {0, 1}
    for game in games:
        assert (game["status"], game["reward"]) == ("DONE", 1), games
        assert game["overage"] > 0, games


@pytest.mark.slow
def test_the_tar_gz_beats_negamax_in_every_game_as_both_colours(
    kaggle_python: str, tmp_path: Path
) -> None:
    submission = export_submission("perfect", tmp_path / "out")
    main = unpacked(submission.path, tmp_path / "agent")
    check_wins(play_in_kaggle(kaggle_python, main, tmp_path, games=2), main, compiled=True)


@pytest.mark.slow
def test_the_single_file_beats_negamax_as_both_colours(kaggle_python: str, tmp_path: Path) -> None:
    submission = export_submission("perfect", tmp_path / "out", single_file=True)
    check_wins(
        play_in_kaggle(kaggle_python, submission.path, tmp_path), submission.path, compiled=True
    )


@pytest.mark.slow
def test_in_pure_python_it_still_beats_negamax_within_the_clock(
    kaggle_python: str, tmp_path: Path
) -> None:
    submission = export_submission("perfect", tmp_path / "out", pure_python=True)
    assert not submission.compiled
    main = unpacked(submission.path, tmp_path / "agent")
    check_wins(play_in_kaggle(kaggle_python, main, tmp_path), main, compiled=False)


@pytest.mark.slow
def test_on_another_board_it_never_loses_nor_times_out(kaggle_python: str, tmp_path: Path) -> None:
    """6 columns and 5 rows: a draw with perfect play (no book ships for it)."""
    submission = export_submission("perfect", tmp_path / "out")
    main = unpacked(submission.path, tmp_path / "agent")
    report = play_in_kaggle(kaggle_python, main, tmp_path, rows=5, columns=6)
    for game in report["games"]:
        assert game["status"] == "DONE", report
        assert game["reward"] in (0, 1), report


THEIR_AGENTS = """
import json, random, sys
from fourinarow.agents import make_agent
from fourinarow.agents.registry import AgentOptions
from fourinarow.core import Board
from fourinarow.integrations.kaggle import AGENT_INFO, KaggleEnvironmentAgent

def game(first, second):
    board = Board()
    while not board.is_game_over():
        player = first if board.turn == 1 else second
        board.push(player.choose(board).column)
    return board.to_moves(), board.outcome().winner

def negamax(seed):
    return AGENT_INFO.factory(random.Random(seed), AgentOptions("kaggle", {"kaggle": "negamax"}))

results = {
    "perfect_first": game(make_agent("perfect"), negamax(1)),
    "perfect_second": game(negamax(2), make_agent("perfect")),
    "replayed": game(negamax(3), KaggleEnvironmentAgent("random", random.Random(4)))
    == game(negamax(3), KaggleEnvironmentAgent("random", random.Random(4))),
    "name": negamax(5).name,
}
print(json.dumps(results))
"""


@pytest.mark.slow
def test_kaggles_negamax_and_random_play_in_our_games(kaggle_python: str, tmp_path: Path) -> None:
    """``kaggle:negamax`` and ``kaggle:random``: Kaggle's own functions choose the moves; our
    perfect player beats negamax as both colours, and a seed replays a game."""
    script = tmp_path / "theirs.py"
    script.write_text(THEIR_AGENTS)
    source = Path(__file__).resolve().parents[2] / "src"
    result = subprocess.run(
        [kaggle_python, str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        env=clean_environment(PYTHONPATH=str(source)),
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert found["perfect_first"][1] == 1, found
    assert found["perfect_second"][1] == 2, found
    assert found["replayed"] is True
    assert found["name"] == "kaggle:negamax"
