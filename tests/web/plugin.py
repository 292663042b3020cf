"""A plugin package of agents, as another library registers them: a module and its dist-info
(with entry points of the group ``fourinarow.agents``) in a folder put on PYTHONPATH."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

PLUGIN = '''
"""Agents of another package, as a plugin registers them, for the web tests."""

import os
import time
from pathlib import Path

from fourinarow.agents import Decision
from fourinarow.agents.registry import AgentInfo
from fourinarow.extras import require_extra


class Stubborn:
    """Thinks for ``seconds``, whatever limit it is given, as a foreign search may."""

    name = "stubborn"

    def __init__(self, seconds):
        self.seconds = seconds

    def choose(self, board, limit=None):
        folder = os.environ.get("STUBBORN_PIDS")
        if folder:
            Path(folder, str(os.getpid())).touch()
        time.sleep(self.seconds)
        return Decision(board.legal_moves[0])


STUBBORN = AgentInfo(
    lambda rng, options: Stubborn(options.number("seconds", 600, -1, 10_000)),
    "thinks for seconds=S whatever its limit",
    ("seconds",),
)
NEEDY = AgentInfo(
    lambda rng, options: require_extra("surely_not_installed_pkg", "needy", "needy needs it"),
    "needs a package that is not installed",
)
'''


def install_plugin(root: Path) -> dict[str, str]:
    """Write the plugin into ``root``; the environment of a process that finds its agents
    ``stubborn`` and ``needy``. The stubborn agent leaves its process id in the folder
    ``STUBBORN_PIDS`` (``root/pids``) when it starts thinking."""
    (root / "stubborn_agents.py").write_text(textwrap.dedent(PLUGIN))
    info = root / "stubborn_agents-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: stubborn-agents\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[fourinarow.agents]\nstubborn = stubborn_agents:STUBBORN\nneedy = stubborn_agents:NEEDY\n"
    )
    pids = root / "pids"
    pids.mkdir()
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    return {"PYTHONPATH": path, "STUBBORN_PIDS": str(pids)}
