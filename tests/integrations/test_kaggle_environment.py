"""The exported Kaggle submission in Kaggle's own harness: kaggle-environments' ConnectX loads
it as Kaggle does (the last callable of main.py) and plays it against Kaggle's ``negamax``, as
both colours; it must win every game on 7x6 and never time out or fail (status ``DONE``), as a
tar.gz, as one file, and in pure Python (the compiled kernel left out).

kaggle-environments gets a virtual environment of its own (tests/conftest.py's
``kaggle_python``), where fourinarow is not installed: the submission must bring all it needs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest

from fourinarow.integrations.kaggle import export_submission
from tests.archives import extract_all
from tests.test_install import clean_environment, copy_sources

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
        extract_all(tar, into)
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
from fourinarow.core import Board

def game(first, second):
    board = Board()
    while not board.is_game_over():
        player = first if board.turn == 1 else second
        board.push(player.choose(board).column)
    return board.to_moves(), board.outcome().winner

negamax = make_agent("kaggle:negamax", seed=1)
print(json.dumps({
    "names": [make_agent(spec).name for spec in ("kaggle", "kaggle:negamax", "kaggle:random")],
    "level_6_first": game(make_agent("level:6"), negamax)[1],
    "replayed": game(make_agent("kaggle:negamax", seed=3), make_agent("kaggle:random", seed=4))
    == game(make_agent("kaggle:negamax", seed=3), make_agent("kaggle:random", seed=4)),
    "package": sys.modules["fourinarow"].__file__,
}))
"""


@pytest.fixture(scope="module")
def installed_here(kaggle_python: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This checkout installed by pip (as a user would, its entry points and all) into a
    directory of its own, for the kaggle-environments venv to put on its path: the venv itself
    stays without fourinarow, as the submissions above need. Built without a C compiler (pure
    Python), which is quicker and enough for Kaggle's agents."""
    work = tmp_path_factory.mktemp("installed")
    source = copy_sources(work / "checkout")
    failing = shutil.which("false") or "false"
    install = subprocess.run(
        [
            kaggle_python,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--target",
            str(work / "site"),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=clean_environment(CC=failing, CXX=failing, LDSHARED=failing),
        check=False,
    )
    assert install.returncode == 0, (install.stdout + install.stderr)[-3000:]
    return work / "site"


@pytest.mark.slow
def test_kaggles_negamax_and_random_are_agent_specs(
    kaggle_python: str, installed_here: Path, tmp_path: Path
) -> None:
    """``kaggle:negamax`` and ``kaggle:random`` through the agent registry's entry points: Kaggle's
    own functions choose the moves, level 5 beats negamax moving first, a seed replays a game."""
    script = tmp_path / "theirs.py"
    script.write_text(THEIR_AGENTS)
    environment = clean_environment(PYTHONPATH=str(installed_here))
    result = subprocess.run(
        [kaggle_python, str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        env=environment,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found = json.loads(result.stdout.strip().splitlines()[-1])
    assert Path(found["package"]).is_relative_to(installed_here)
    assert found["names"] == ["kaggle:negamax", "kaggle:negamax", "kaggle:random"]
    assert found["level_6_first"] == 1, found  # two-move alpha-beta beats negamax
    assert found["replayed"] is True


@pytest.mark.slow
def test_a_match_against_kaggles_negamax(
    kaggle_python: str, installed_here: Path, tmp_path: Path
) -> None:
    match = subprocess.run(
        [
            kaggle_python,
            "-m",
            "fourinarow",
            "match",
            "--games",
            "2",
            "--json",
            "--db",
            str(tmp_path / "match.sqlite3"),
            "level:5",
            "kaggle:negamax",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=clean_environment(PYTHONPATH=str(installed_here)),
        cwd=tmp_path,
        check=False,
    )
    assert match.returncode == 0, match.stderr[-3000:]
    report = json.loads(match.stdout)
    assert [agent["agent"] for agent in report["agents"]] == ["level:5", "kaggle:negamax"]
    assert report["agents"][0]["games"] == 2
