"""The repository's root conftest.py: the desktop game's doctests are collected when pygame is
installed and left out, module by module, when it is not; and no conftest ships in the package."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

COLLECT_GUI = (
    "import sys, pytest\n"
    "{hide}"
    "sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', sys.argv[1]]))"
)
"""A pytest run that only collects the desktop game's doctests; ``{hide}`` may make pygame
unimportable first (None in sys.modules: Python's own way of saying a module is not there)."""


def collect_gui(*, without_pygame: bool) -> str:
    """The test ids pytest collects in src/fourinarow/gui, run from the repository's root."""
    hide = "sys.modules['pygame'] = None\n" if without_pygame else ""
    result = subprocess.run(
        [sys.executable, "-c", COLLECT_GUI.format(hide=hide), "src/fourinarow/gui"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.mark.skipif(
    importlib.util.find_spec("pygame") is None, reason="pygame is not installed (the gui extra)"
)
def test_with_pygame_the_gui_modules_importing_it_are_doctested() -> None:
    collected = collect_gui(without_pygame=False)
    assert "src/fourinarow/gui/sound.py::fourinarow.gui.sound.pcm16" in collected
    assert "src/fourinarow/gui/physics.py::fourinarow.gui.physics.Bounce" in collected


def test_without_pygame_the_gui_modules_importing_it_are_left_out() -> None:
    collected = collect_gui(without_pygame=True)
    assert "src/fourinarow/gui/sound.py" not in collected
    assert "src/fourinarow/gui/controls.py" not in collected
    assert "src/fourinarow/gui/physics.py::fourinarow.gui.physics.Bounce" in collected


def test_no_conftest_is_installed_with_the_package() -> None:
    package = ROOT / "src" / "fourinarow"
    assert [str(path.relative_to(package)) for path in package.rglob("conftest.py")] == []
