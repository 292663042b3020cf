"""The start menu's rows, values and focus, and where a click lands."""

from __future__ import annotations

import pytest

from fourinarow.core import Board
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.menu import ROWS, Menu, MenuLayout


def test_every_value_the_menu_offers_makes_a_valid_game() -> None:
    menu = Menu(GuiSettings())
    for mode in range(3):
        for row in ROWS:
            for step in (1, -1) * 12:
                menu.change(step, row)
                s = menu.settings
                Board(s.width, s.height, s.connect)  # raises if the menu made nonsense
        menu.change(1, "mode")
        assert menu.settings.mode is list(Mode)[(mode + 1) % 3]


def test_numbers_stop_at_their_ends_and_choices_wrap() -> None:
    menu = Menu(GuiSettings(level=9))
    for _ in range(3):
        menu.change(1, "level")
    assert menu.settings.level == 10
    menu.change(1, "palette")
    menu.change(1, "palette")
    assert not menu.settings.color_blind
    menu.change(-1, "first")
    assert menu.settings.first == "random"


def test_a_smaller_board_shortens_the_line_to_fit() -> None:
    menu = Menu(GuiSettings(width=7, height=6, connect=6))
    for _ in range(10):
        menu.change(-1, "size")
    assert (menu.settings.width, menu.settings.height) == (4, 4)
    assert menu.settings.connect == 4


def test_a_board_size_from_the_command_line_is_offered_too() -> None:
    menu = Menu(GuiSettings(width=12, height=3, connect=3))
    assert (12, 3) in menu.sizes()
    assert menu.value("size") == "12 x 3"


def test_rows_that_do_not_apply_are_inactive_and_skipped() -> None:
    menu = Menu(GuiSettings(mode=Mode.COMPUTER_VS_COMPUTER))
    assert menu.active("second_level")
    assert not menu.active("first")
    assert menu.label("level") == "Red's level"
    assert menu.label("second_level") == "Yellow's level"
    menu.focus_row("first")  # inactive: the focus stays
    assert menu.focused == "mode"
    menu.move_focus(-1)
    assert menu.focused == "start"
    before = menu.settings
    menu.change(1, "first")
    assert menu.settings == before


def test_values_are_shown_in_words() -> None:
    menu = Menu(GuiSettings(color_blind=True, sound=False))
    assert menu.value("mode") == "Human vs computer"
    assert menu.value("level").startswith("5: ")
    assert menu.value("connect") == "4 in a row"
    assert menu.value("palette") == "Colour-blind safe"
    assert menu.value("sound") == "Off"
    assert menu.label("second_level") == "Blue's level"


@pytest.mark.parametrize("size", [(720, 640), (300, 260), (1600, 1000)])
def test_clicks_find_their_row_and_arrow(size: tuple[int, int]) -> None:
    layout = MenuLayout.fit(size)
    for index, boxes in enumerate(layout.rows):
        assert layout.hit(boxes.left.centre) == (ROWS[index], -1)
        assert layout.hit(boxes.right.centre) == (ROWS[index], 1)
        assert layout.hit(boxes.label.centre) == (ROWS[index], 0)
    assert layout.hit(layout.start.centre) == ("start", 0)
    assert layout.hit((1, 1)) is None
    assert layout.help.bottom <= size[1] + 1
