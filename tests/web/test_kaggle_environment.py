"""The Kaggle URL agent endpoint played by Kaggle's own harness: kaggle-environments' ConnectX
with our server as a ``UrlAgent`` against its ``negamax``, in both colours.

kaggle-environments pins versions that clash with other test dependencies, so it gets a virtual
environment of its own (the ``kaggle_python`` fixture of tests/conftest.py).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.test_install import clean_environment

GAMES = """
import json, sys
from kaggle_environments import make

url = sys.argv[1] + "/api/v1/kaggle"
results = []
for agents in ([url, "negamax"], ["negamax", url]):
    env = make("connectx", debug=True)
    steps = env.run(agents)
    ours = agents.index(url)
    results.append(
        {"ours": ours, "reward": steps[-1][ours].reward, "status": steps[-1][ours].status,
         "moves": len(steps) - 1}
    )
print(json.dumps(results))
"""


@pytest.mark.slow
def test_kaggle_harness_plays_our_server_and_it_beats_negamax_in_both_colours(
    kaggle_python: str, server_url: str, tmp_path: Path
) -> None:
    script = tmp_path / "games.py"
    script.write_text(GAMES)
    result = subprocess.run(
        [kaggle_python, str(script), server_url],
        capture_output=True,
        text=True,
        timeout=600,
        env=clean_environment(),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    games = json.loads(result.stdout.strip().splitlines()[-1])
    assert [game["ours"] for game in games] == [0, 1]
    for game in games:
        assert (game["reward"], game["status"]) == (1, "DONE"), games
