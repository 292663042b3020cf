"""``fourinarow gui``: the headless demo's screenshot, a missing pygame, bad options.

The tests that open a window (or save the demo's picture) skip when pygame is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import sys
import threading
from pathlib import Path

import pytest

from fourinarow.cli.main import main
from fourinarow.gui.launch import DEFAULT_WINDOW
from fourinarow.gui.layout import Layout
from fourinarow.gui.review_view import ReviewLayout
from tests.cli.conftest import Run

ROOT = Path(__file__).resolve().parents[2]

needs_pygame = pytest.mark.skipif(
    importlib.util.find_spec("pygame") is None,
    reason="needs pygame, the desktop game's extra: pip install 'fourinarow[gui]'",
)


def image_size(path: Path) -> tuple[int, int]:
    import pygame

    size: tuple[int, int] = pygame.image.load(str(path)).get_size()
    return size


def pixels(path: Path, area: tuple[int, int, int, int] | None = None) -> bytes:
    """The RGB bytes of a PNG file (or of the ``(x, y, width, height)`` part of it)."""
    import pygame

    image = pygame.image.load(str(path))
    if area is not None:
        image = image.subsurface(area)
    return pygame.image.tobytes(image, "RGB")


@needs_pygame
def test_the_demo_saves_its_last_frame_as_a_png_of_the_windows_size(
    run: Run, tmp_path: Path
) -> None:
    shot = tmp_path / "game.png"
    result = run("gui", "--demo", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr == ""
    assert image_size(shot) == DEFAULT_WINDOW


@needs_pygame
def test_the_demo_writes_its_screenshot_through_a_fifo(run: Run, tmp_path: Path) -> None:
    fifo = tmp_path / "game.png"
    os.mkfifo(fifo)
    got = bytearray()

    def read() -> None:
        with open(fifo, "rb") as f:
            got.extend(f.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    window = ["--window", "400x300", "--size", "5x4", "--seed", "3"]
    result = run("gui", "--demo", *window, "--screenshot", str(fifo))
    reader.join(10)
    assert result.returncode == 0, result.stderr
    assert bytes(got).startswith(b"\x89PNG")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["game.png"]


def test_a_folder_as_the_screenshot_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "shot.png").mkdir()
    with pytest.raises(SystemExit) as stop:
        main(["gui", "--demo", "--screenshot", str(tmp_path / "shot.png")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "shot.png: it is a folder" in err
    assert "Traceback" not in err


@needs_pygame
def test_the_demo_takes_the_window_size_levels_and_board(run: Run, tmp_path: Path) -> None:
    shot = tmp_path / "small.png"
    result = run(
        "gui", "--demo", "--screenshot", str(shot), "--window", "400x300",
        "--level", "2", "--second-level", "1", "--size", "5x4", "--seed", "3", "--color-blind",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert image_size(shot) == (400, 300)


@needs_pygame
def test_the_demo_saves_its_review_at_the_first_turning_point(run: Run, tmp_path: Path) -> None:
    end, review = tmp_path / "end.png", tmp_path / "review.png"
    assert run("gui", "--demo", "--screenshot", str(end)).returncode == 0
    result = run("gui", "--demo", "--review", "--screenshot", str(review))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert image_size(review) == DEFAULT_WINDOW
    assert pixels(review) != pixels(end)
    # docs/gui-review.png is this picture: compared in the bar of grades, where no text is
    # drawn (another pygame's fonts do not matter)
    bar = ReviewLayout.fit(DEFAULT_WINDOW, 7, 6).bar.rect()
    assert pixels(ROOT / "docs" / "gui-review.png", bar) == pixels(review, bar), (
        "docs/gui-review.png is not what the demo makes: run "
        "fourinarow gui --demo --review --screenshot docs/gui-review.png"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--level", "11"], "'11' is not a level: levels go from 1 to 10"),
        (["--demo", "--screenshot", "shot.jpg"], "does not end in .png"),
        (["--demo", "--screenshot", "no/such/folder/shot.png"], "there is no folder"),
        (["--screenshot", "shot.png"], "--screenshot goes with --demo"),
        (["--demo", "--review"], "--review goes with --demo --screenshot"),
        (["--window", "10x10"], "out of range"),
        (["--size", "3x3", "--connect", "5"], "connect 5 does not fit a 3x3 board"),
        (["--mode", "robots"], "invalid choice"),
    ],
)
def test_bad_options_say_what_is_wrong_in_one_line(
    run: Run, arguments: list[str], message: str
) -> None:
    result = run("gui", *arguments)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_without_pygame_the_message_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "pygame", None)  # import pygame now raises ImportError
    status = main(["gui", "--demo", "--screenshot", str(tmp_path / "shot.png")])
    assert status == 2
    assert capsys.readouterr().err == (
        "fourinarow gui: error: the desktop game needs pygame: pip install 'fourinarow[gui]'\n"
    )


@needs_pygame
def test_without_a_display_it_says_so_and_how_to_play_headless(run: Run) -> None:
    result = run("gui", env={"SDL_VIDEODRIVER": "no-such-driver"})
    assert result.returncode == 1
    assert result.stderr.startswith("fourinarow gui: error: cannot open a window")
    assert "--demo --screenshot" in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 and Wayland are Linux's")
def test_with_no_display_at_all_it_says_so_and_suggests_the_terminal_game(
    run: Run, run_process: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without X11, Wayland or a driver of the user's choice, SDL would open an invisible window
    and the game would wait in it forever. Once as a process (this command's one)."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    for fourinarow, arguments in ((run_process, []), (run, ["--no-menu", "--level", "3"])):
        result = fourinarow("gui", *arguments)
        assert result.returncode == 2
        assert result.stdout == ""
        (line,) = result.stderr.splitlines()
        assert line.startswith("fourinarow gui: error: there is no display")
        assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in line
        assert "fourinarow play" in line


def test_help_lists_the_keys_and_levels(run: Run) -> None:
    result = run("gui", "--help")
    assert result.returncode == 0
    words = " ".join(result.stdout.split())  # argparse wraps the lines
    for text in ("U undo", "R redo", "H hint", "Review (or R)", "--screenshot PATH", "Levels: 1 "):
        assert text in words


@needs_pygame
def test_the_manual_picture_is_what_its_documented_command_makes(run: Run, tmp_path: Path) -> None:
    """docs/gui.png, on README and the first-game tutorial, is what the command the tutorial
    names makes."""
    page = (ROOT / "docs" / "tutorials" / "first-game.md").read_text(encoding="utf-8")
    command = re.search(r"The picture above was made with\s+`fourinarow (gui [^`]*)`", page)
    assert command is not None
    arguments = command[1].split()
    assert arguments[-2:] == ["--screenshot", "docs/gui.png"]
    shots = [tmp_path / "first.png", tmp_path / "second.png"]
    for shot in shots:
        result = run(*arguments[:-1], str(shot))
        assert result.returncode == 0, result.stderr
    # The demo is the same game every time (its levels count positions, not seconds; seed 4):
    assert pixels(shots[0]) == pixels(shots[1])
    # and the manual shows it. Compared where no text is drawn (the board, the discs and the
    # ringed line), so that another pygame's font rendering does not matter:
    board = Layout.fit(DEFAULT_WINDOW, 7, 6).board.rect()
    assert pixels(ROOT / "docs" / "gui.png", board) == pixels(shots[0], board), (
        "docs/gui.png is not what the demo makes: run the tutorial's command again"
    )
