"""Where a window can open: ``no_display_reason`` reads the environment as SDL would."""

from __future__ import annotations

import pytest

from fourinarow.gui.launch import no_display_reason

NO_DISPLAY: dict[str, str] = {"HOME": "/home/ada", "TERM": "xterm"}


def test_linux_without_x11_or_wayland_has_no_display() -> None:
    reason = no_display_reason(NO_DISPLAY, "linux")
    assert reason is not None
    assert "neither DISPLAY nor WAYLAND_DISPLAY is set" in reason
    assert "fourinarow play" in reason
    assert "\n" not in reason


@pytest.mark.parametrize(
    "environment",
    [
        {"DISPLAY": ":0"},
        {"WAYLAND_DISPLAY": "wayland-0"},
        {"SDL_VIDEODRIVER": "dummy"},  # as the tests of the window, and --screenshot
        {"SDL_VIDEODRIVER": "offscreen"},
        {"SDL_VIDEODRIVER": "kmsdrm"},  # the console's framebuffer: SDL tries it and says
    ],
)
def test_a_display_or_a_driver_of_the_users_choice_lets_sdl_try(
    environment: dict[str, str],
) -> None:
    assert no_display_reason({**NO_DISPLAY, **environment}, "linux") is None


@pytest.mark.parametrize("driver", ["", "x11", "wayland", "wayland,x11", " X11 "])
def test_drivers_that_need_a_display_server_do_not_count(driver: str) -> None:
    assert no_display_reason({**NO_DISPLAY, "SDL_VIDEODRIVER": driver}, "linux") is not None


@pytest.mark.parametrize("platform", ["darwin", "win32"])
def test_other_systems_always_have_their_own_display(platform: str) -> None:
    assert no_display_reason(NO_DISPLAY, platform) is None


def test_an_empty_display_variable_is_no_display() -> None:
    assert no_display_reason({**NO_DISPLAY, "DISPLAY": ""}, "linux") is not None
