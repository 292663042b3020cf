"""The web page in a real Chromium, against a real ``fourinarow serve`` (the ``server_url``
fixture): play, analyse, share, keyboard, a phone-sized screen, and no console errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, urlsplit

import pytest

from fourinarow.core import Board
from fourinarow.search.solver import Solver
from tests.web import browser
from tests.web.browser import PHONE, Tab, require_browser

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

MINUS = "\u2212"

BAD_STATUS = "the server responded with a status of 400"
"""Chromium's console line for a request answered 400: expected where the test sends bad input."""


@pytest.fixture
def phone_tab(desktop: BrowserContext, server_url: str) -> Iterator[Tab]:
    tab = Tab.open(desktop, server_url)
    tab.page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    yield tab
    tab.page.close()


def signed(value: int) -> str:
    """A value as the page shows it: +5, a real minus sign before 3, 0."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def expected_values(moves: str) -> list[str]:
    """The exact value of each column of the 7x6 position ``moves``, as the page shows them."""
    values = Solver().analyze(Board.from_moves(moves)).exact_values()
    assert None not in values
    return [signed(value) for value in values if value is not None]


def query(tab: Tab) -> dict[str, list[str]]:
    return parse_qs(urlsplit(tab.page.url).query, keep_blank_values=True)


def test_a_missing_browser_skips_naming_apt_get_unless_required(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.delenv("FOURINAROW_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        require_browser()
    monkeypatch.setenv("FOURINAROW_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        require_browser()


# ------------------------------------------------------------------------ play


def test_clicking_columns_drops_discs(tab: Tab) -> None:
    tab.go("?mode=human")
    assert tab.stones() == 0
    assert "Red to move" in tab.status()
    tab.click_column(4)
    tab.click_column(4)
    tab.click_column(3)
    grid = tab.grid()
    assert len(grid) == 6
    assert all(len(row) == 7 for row in grid)
    assert grid[5][3] == 1  # bottom row, column 4
    assert grid[4][3] == 2  # on top of it
    assert grid[5][2] == 1
    assert tab.stones() == 3
    assert "Yellow to move" in tab.status()
    assert tab.page.locator("#board .disc.last").count() == 1
    falling = tab.page.locator("#board .disc.falling")  # the new disc falls six rows (CSS)
    assert falling.count() == 1
    assert falling.evaluate("disc => disc.style.getPropertyValue('--drop')") == "6"
    assert falling.evaluate("disc => getComputedStyle(disc).animationName") == "fall"
    tab.check_console()


GHOST = """() => getComputedStyle(document.querySelector(
    '#board .column[data-column="3"] .cell.target')).backgroundImage.includes('gradient')"""
"""Whether column 3 shows the pale disc where a drop would land."""


def test_the_preview_disc_hides_after_a_drop_until_the_pointer_moves(tab: Tab) -> None:
    tab.go("?mode=human")
    column = tab.page.locator('#board .column[data-column="3"]')
    box = column.bounding_box()
    assert box is not None
    tab.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert tab.page.evaluate(GHOST)
    tab.page.mouse.down()
    tab.page.mouse.up()
    tab.settle()
    assert tab.stones() == 1
    assert not tab.page.evaluate(GHOST)  # as after a tap, where the pointer stays
    tab.page.mouse.move(box["x"] + box["width"] / 2 + 3, box["y"] + box["height"] / 2)
    assert tab.page.evaluate(GHOST)
    tab.check_console()


def test_columns_have_labels_for_screen_readers(tab: Tab) -> None:
    tab.go("?mode=human")
    column = tab.page.locator('#board .column[data-column="3"]')
    assert column.get_attribute("aria-label") == "Column 3, 6 free cells"
    tab.click_column(3)
    assert column.get_attribute("aria-label") == "Column 3, 5 free cells"
    tab.page.wait_for_function(
        "document.getElementById('announce').textContent.includes('Red plays column 3')"
    )
    assert tab.page.get_attribute("#status", "aria-live") == "polite"
    tab.check_console()


def test_the_computer_replies(tab: Tab) -> None:
    tab.go("?mode=computer&level=5&first=human")
    tab.click_column(4)
    grid = tab.grid()
    assert tab.stones() == 2
    assert sum(cell == 2 for row in grid for cell in row) == 1
    assert "Your move" in tab.status()
    assert query(tab)["pos"][0].startswith("4")
    assert len(query(tab)["pos"][0]) == 2
    tab.check_console()


def test_the_computer_opens_when_you_play_second(tab: Tab) -> None:
    tab.go("?mode=computer&level=10&first=computer")
    assert tab.grid()[5][3] == 1  # perfect play opens in the middle
    assert tab.stones() == 1
    assert "Your move (Yellow)" in tab.status()
    tab.check_console()


def test_levels_and_agent_specs(tab: Tab) -> None:
    tab.go("")
    options = tab.page.eval_on_selector_all("#level option", "items => items.map(i => i.value)")
    assert options == [*(str(level) for level in range(1, 11)), "custom"]
    assert tab.page.input_value("#level") == "5"  # the default level
    tab.page.select_option("#level", "custom")
    tab.settle()
    tab.page.fill("#agent", "minimax:depth=2")
    tab.page.press("#agent", "Enter")
    tab.settle()
    assert query(tab)["agent"] == ["minimax:depth=2"]
    tab.click_column(1)
    assert tab.stones() == 2
    tab.page.fill("#agent", "no-such-agent")
    tab.page.press("#agent", "Enter")
    tab.settle()
    tab.click_column(1)  # the server refuses the spec: its message is shown, the game waits
    assert tab.page.is_visible("#error")
    assert tab.page.inner_text("#error").strip() != ""
    assert tab.stones() == 3
    tab.check_console(BAD_STATUS)


def test_a_bad_agent_spec_is_reported_at_once_and_the_status_says_what_to_do(tab: Tab) -> None:
    tab.go("?mode=computer&first=human")
    tab.page.select_option("#level", "custom")
    tab.settle()
    tab.page.fill("#agent", "no-such-agent")
    tab.page.press("#agent", "Enter")
    tab.settle()
    note = tab.page.locator("#agent-error")
    assert note.is_visible()  # before any move: the server's words, next to the field
    assert "no-such-agent" in note.inner_text()
    assert tab.page.get_attribute("#agent", "aria-invalid") == "true"
    tab.click_column(4)
    assert tab.stones() == 1
    status = tab.status()
    assert "agent spec" in status
    assert "Redo" not in status
    assert tab.page.is_disabled("#redo")
    tab.page.fill("#agent", "minimax:depth=2")  # fixed: the message goes, the computer moves
    tab.page.press("#agent", "Enter")
    tab.settle()
    assert note.is_hidden()
    assert tab.page.get_attribute("#agent", "aria-invalid") is None
    assert tab.stones() == 2
    assert "Your move" in tab.status()
    tab.check_console(BAD_STATUS)


LEVEL_LABELS_TOO_WIDE = """() => {
    const select = document.getElementById('level');
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding - 20;  /* the arrow */
    return [...select.options]
        .filter((option) => context.measureText(option.textContent).width > room)
        .map((option) => option.textContent);
}"""
"""The Level choices whose text is cut off in the closed dropdown."""


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_level_labels_fit_and_keep_the_whole_description(tab: Tab, screen: str) -> None:
    if screen == "phone":
        tab.page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    tab.go("")
    assert tab.page.evaluate(LEVEL_LABELS_TOO_WIDE) == []
    levels = tab.page.evaluate("fetch('api/v1/agents').then(r => r.json()).then(d => d.levels)")
    titles = tab.page.eval_on_selector_all("#level option", "items => items.map(i => i.title)")
    assert titles[:10] == [level["description"] for level in levels]
    assert tab.page.get_attribute("#level", "title") == levels[4]["description"]
    assert tab.page.inner_text("#level-note") == levels[4]["description"]
    tab.page.select_option("#level", "9")
    tab.settle()
    assert tab.page.inner_text("#level-note") == levels[8]["description"]
    # each short name says what its level does, as its description does
    names = tab.page.eval_on_selector_all("#level option", "items => items.map(i => i.text)")
    for number, words in ((6, "two moves ahead"), (7, "five moves ahead")):
        assert words in names[number - 1]
        assert words in levels[number - 1]["description"]
    tab.check_console()


def test_the_board_size_and_line_can_be_changed(tab: Tab) -> None:
    tab.go("?mode=human&pos=44")
    tab.page.fill("#width", "9")
    tab.page.press("#width", "Enter")
    tab.settle()
    tab.page.fill("#connect", "5")
    tab.page.press("#connect", "Enter")
    tab.settle()
    assert len(tab.grid()[0]) == 9
    assert tab.stones() == 0  # a new board starts a new game
    assert query(tab)["size"] == ["9x6"]
    assert query(tab)["connect"] == ["5"]
    tab.page.fill("#connect", "30")
    tab.page.press("#connect", "Enter")
    tab.settle()
    assert tab.page.is_visible("#error")  # the server's limits, in its words
    assert query(tab)["connect"] == ["5"]
    tab.check_console(BAD_STATUS)


@pytest.mark.parametrize("mode", ["human", "computer&level=1"])
def test_a_move_right_after_typing_a_size_is_played_on_the_new_board(tab: Tab, mode: str) -> None:
    tab.go(f"?mode={mode}")
    tab.page.fill("#width", "9")  # no Tab nor Enter: the size is still being typed
    tab.click_column(5)
    # the new board is drawn, then the move on it: wait for the disc (a hang guard, not a time)
    tab.page.wait_for_function(
        """() => {
            const cells = document.querySelectorAll('#board .column[data-column="5"] .cell');
            return cells.length > 0 && cells[cells.length - 1].dataset.player === '1';
        }""",
        timeout=30_000,
    )
    assert len(tab.grid()[0]) == 9
    assert tab.grid()[-1][4] == 1  # the move is kept, on the new board
    assert query(tab)["size"] == ["9x6"]
    assert query(tab)["pos"][0].startswith("5")
    tab.page.fill("#width", "9")  # the same size again: the game stays
    tab.page.press("#width", "Enter")
    tab.settle()
    assert tab.grid()[-1][4] == 1
    tab.check_console()


def test_a_click_whose_press_drew_the_new_board_is_played_on_it(tab: Tab) -> None:
    # The press commits the typed size and the new board replaces the old before the release:
    # the release lands on a new button, and the click on the board itself.
    tab.go("?mode=human")
    tab.page.fill("#width", "9")
    box = tab.page.locator('#board .column[data-column="5"]').bounding_box()
    assert box is not None
    tab.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.page.mouse.down()
    tab.page.wait_for_function("document.querySelectorAll('#board .column').length === 9")
    tab.page.mouse.up()
    tab.settle()
    assert len(tab.grid()[0]) == 9
    assert tab.stones() == 1
    assert query(tab)["size"] == ["9x6"]
    # the column pressed, by number, not the new board's column under the pointer
    assert query(tab)["pos"] == ["5"]
    assert tab.grid()[-1][4] == 1
    tab.check_console()


def test_undo_and_redo(tab: Tab) -> None:
    tab.go("?mode=human")
    for column in (4, 3, 5):
        tab.click_column(column)
    tab.page.click("#undo")
    tab.settle()
    assert tab.stones() == 2
    assert tab.page.is_enabled("#redo")
    tab.page.click("#redo")
    tab.settle()
    assert tab.grid()[5][4] == 1
    assert tab.page.is_disabled("#redo")
    # Back two moves and a different move: the later moves are dropped.
    tab.page.click("#undo")
    tab.settle()
    tab.page.click("#undo")
    tab.settle()
    tab.click_column(1)
    assert query(tab)["pos"] == ["41"]
    assert tab.page.is_disabled("#redo")
    assert tab.page.locator("#moves li.future").count() == 0
    tab.check_console()


def test_undo_against_the_computer_goes_back_to_your_turn(tab: Tab) -> None:
    tab.go("?mode=computer&level=3")
    tab.click_column(4)
    assert tab.stones() == 2
    tab.page.click("#undo")
    tab.settle()
    assert tab.stones() == 0
    assert "Your move" in tab.status()
    tab.page.click("#redo")
    tab.settle()
    assert tab.stones() == 2
    tab.check_console()


def test_undo_while_the_computer_thinks_cancels_its_move(tab: Tab) -> None:
    tab.go("?mode=computer&level=10&size=8x7")  # perfect play cannot solve 8x7: it thinks
    tab.page.click('#board .column[data-column="4"]')
    tab.page.wait_for_selector("#status.thinking")
    assert "thinking" in tab.status()
    assert tab.page.locator("#board .column[aria-disabled=true]").count() == 8
    tab.page.click("#undo")
    tab.settle()
    assert tab.stones() == 0
    assert "Your move" in tab.status()
    assert query(tab)["pos"] == [""]
    tab.check_console()


def test_a_finished_game_shows_the_winner_and_the_line(tab: Tab) -> None:
    tab.go("?mode=human")
    for column in (4, 4, 5, 5, 6, 6, 7):
        tab.click_column(column)
    assert "Red wins" in tab.status()
    tab.page.wait_for_function(  # and a screen reader hears the move and the result
        "document.getElementById('announce').textContent === 'Red plays column 7. Red wins!'"
    )
    winning = tab.page.eval_on_selector_all(
        "#board .cell[data-win]",
        "cells => cells.map(c => [Number(c.closest('.column').dataset.column),"
        " Number(c.dataset.row)])",
    )
    assert sorted(winning) == [[4, 0], [5, 0], [6, 0], [7, 0]]
    assert tab.page.locator("#board .column[aria-disabled=true]").count() == 7
    tab.page.click('#board .column[data-column="1"]', force=True)  # over: nothing happens
    tab.settle()
    assert tab.stones() == 7
    tab.check_console()


# ------------------------------------------------------------------------ analyse


def test_values_appear_and_update_after_a_move(tab: Tab) -> None:
    tab.go("?mode=human")
    assert tab.page.is_hidden("#values")
    tab.page.check("#show-values")
    tab.settle()
    assert tab.value_texts() == expected_values("")
    best = tab.page.locator("#values .value.best")
    assert best.count() == 1
    assert best.get_attribute("data-column") == "4"
    assert "★" in best.inner_text()
    label = best.get_attribute("aria-label") or ""
    assert "+1" in label
    assert "win" in label
    assert "best move" in label
    # The values stay on and are those of the new position after a move.
    tab.click_column(4)
    assert tab.value_texts() == expected_values("4")
    assert "Yellow" in tab.page.inner_text("#legend")
    tab.click_column(3)
    assert tab.value_texts() == expected_values("43")
    assert query(tab)["values"] == ["1"]
    tab.check_console()


def board_top(tab: Tab) -> float:
    box = tab.page.locator("#board").bounding_box()
    assert box is not None
    return box["y"]


def test_the_board_stays_put_when_values_are_turned_on_after_the_end(tab: Tab) -> None:
    tab.go("?mode=human&pos=445566")
    tab.click_column(7)
    assert "Red wins" in tab.status()
    top = board_top(tab)
    tab.page.check("#show-values")
    tab.settle()
    assert board_top(tab) == top  # no empty row of values above it
    assert "over" in tab.page.inner_text("#legend")
    assert query(tab)["values"] == ["1"]
    # With the values on before the end, their row keeps its place when the game ends.
    tab.page.click("#undo")
    tab.settle()
    top = board_top(tab)
    tab.click_column(7)
    assert "Red wins" in tab.status()
    assert board_top(tab) == top
    tab.check_console()


def test_values_read_without_colour(tab: Tab) -> None:
    tab.go("?mode=human&pos=4453&values=1")
    texts = tab.value_texts()
    assert texts == expected_values("4453")
    assert all(text.startswith(MINUS) for text in texts)  # every move loses here
    words = tab.page.eval_on_selector_all(
        "#values .value .word", "items => items.map(item => item.textContent)"
    )
    assert all(word.startswith("loss") for word in words)
    assert tab.page.locator("#values .value.best .star").all_inner_texts() == ["★▼"] * 3
    assert {font for _, font, _ in tab.page.evaluate(ESTIMATE_STYLE)} == {"normal"}  # proofs
    tab.check_console()


def test_values_are_estimates_where_the_time_runs_out(tab: Tab) -> None:
    # Far from solvable in 0.25 s; the engine has the half the proofs leave (a first board of
    # a shape may spend 0.05 s making the solver's table: 0.1 s could leave the engine none).
    tab.go("?mode=human&size=10x9&connect=4&values=1&time=250")
    texts = tab.value_texts()
    assert len(texts) == 10
    assert all(text.startswith("~") for text in texts), texts
    assert tab.page.locator("#values .value.estimate").count() == 10
    assert tab.page.locator("#values .value.best").count() >= 1  # the likely best
    legend = tab.page.inner_text("#legend")
    assert "an estimate, not a proof" in legend
    assert "likely best" in legend
    assert query(tab)["time"] == ["250"]
    tab.check_console()


ESTIMATE_STYLE = """() => [...document.querySelectorAll('#values .value')].map((cell) => {
    const style = getComputedStyle(cell);
    return [style.borderTopStyle, getComputedStyle(cell.querySelector('.number')).fontStyle,
            style.backgroundColor];
})"""
"""Each value cell's border style, its number's font style and its background."""


def test_every_column_of_9x7_connect_5_has_a_value_estimates_marked(tab: Tab) -> None:
    """The page values every legal column of a board the solver does not finish in the
    time: a proof where there is one, otherwise an estimate (dotted, in italics, explained)."""
    tab.go("?mode=human&size=9x7&connect=5&pos=545545&values=1&time=1000")
    texts = tab.value_texts()
    assert len(texts) == 9
    assert all(text and text != "?" for text in texts), texts
    cells = tab.page.locator("#values .value")
    estimated = [cells.nth(i).get_attribute("class") or "" for i in range(9)]
    assert all("estimate" in classes for classes in estimated), estimated
    for text in texts:
        assert text[0] == "~", texts
        assert text[1] in "+\u2212", texts
        float(text[2:])  # a number of tenths, as "~+0.4"
    styles = tab.page.evaluate(ESTIMATE_STYLE)
    for border, font, _ in styles:
        assert font == "italic"
        assert border in ("dotted", "solid")  # solid: the best column's outline
    assert tab.page.locator("#values .value.best").count() >= 1
    title = cells.nth(0).get_attribute("title") or ""
    assert "estimate, not proven" in title
    assert "favours Red" in title
    assert "an estimate, not a proof" in tab.page.inner_text("#legend")
    tab.check_console()


OVERFLOWING_VALUES = """() => [...document.querySelectorAll('#values .value')].flatMap((cell) => {
    const box = cell.getBoundingClientRect();
    const parts = [...cell.querySelectorAll('span')].filter((part) => {
        const rect = part.getBoundingClientRect();
        return rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
    });
    return cell.scrollWidth > cell.clientWidth || parts.length > 0
        ? [`${cell.dataset.column}: ${cell.innerText.replace(/\\s+/g, ' ')}`] : [];
})"""
"""The value cells whose text does not fit across them, with what they say."""


@pytest.mark.parametrize(
    "options",
    ["pos=5445&size=9x7&connect=5&time=1000", "pos=6,7&size=12x10&connect=5&time=250"],
)
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_value_texts_fit_their_cells(tab: Tab, options: str, screen: str) -> None:
    if screen == "phone":
        tab.page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    tab.go(f"?mode=human&values=1&{options}")
    assert tab.page.locator("#values .value").count() in (9, 12)
    assert tab.page.evaluate(OVERFLOWING_VALUES) == []
    tab.check_console()


def test_a_pasted_grid_loads_with_its_history(tab: Tab) -> None:
    tab.go("?mode=human")
    tab.page.fill("#position-input", "......./......./......./......./...O.../...XX..")
    tab.page.click("#load-position")
    tab.settle()
    grid = tab.grid()
    assert grid[5][3:5] == [1, 1]
    assert grid[4][3] == 2
    assert tab.page.locator("#moves li:not(.start)").count() == 3
    tab.page.fill("#position-input", "00000\n00000\n00200\n00112")  # a pasted 5x4 diagram
    tab.page.press("#position-input", "Enter")
    tab.settle()
    assert tab.grid() == [[0] * 5, [0] * 5, [0, 0, 2, 0, 0], [0, 0, 1, 1, 2]]
    assert query(tab)["size"] == ["5x4"]
    assert tab.page.input_value("#width") == "5"
    tab.page.fill("#position-input", "4x")
    tab.page.click("#load-position")
    tab.settle()
    assert "not a column" in tab.page.inner_text("#error")
    assert tab.stones() == 4  # a bad position changes nothing
    tab.check_console(BAD_STATUS)


def test_the_move_list_steps_through_history_and_branches(tab: Tab) -> None:
    tab.go("?mode=human&pos=44536")
    assert tab.stones() == 5
    tab.page.click('#moves button[data-ply="2"]')
    tab.settle()
    assert tab.stones() == 2
    assert tab.page.locator("#moves li.future").count() == 3
    tab.page.click('#moves button[data-ply="0"]')
    tab.settle()
    assert tab.stones() == 0
    tab.page.click('#moves button[data-ply="5"]')
    tab.settle()
    assert tab.stones() == 5
    tab.page.click('#moves button[data-ply="3"]')
    tab.settle()
    tab.click_column(1)  # a different fourth move: moves 4 and 5 are dropped
    assert query(tab)["pos"] == ["4451"]
    assert tab.page.locator("#moves li:not(.start)").count() == 4
    tab.check_console()


# ------------------------------------------------------------------------ share


def test_a_share_link_reproduces_the_board(tab: Tab, desktop: BrowserContext) -> None:
    tab.go("?mode=human&size=8x7&connect=4")
    for column in (1, 8, 4, 4, 2):
        tab.click_column(column)
    link = tab.page.url
    assert query(tab)["pos"] == ["18442"]
    assert query(tab)["size"] == ["8x7"]
    tab.page.click("#copy-moves")
    tab.page.wait_for_selector("#copy-note[data-copied]")
    assert tab.page.get_attribute("#copy-note", "data-copied") == "18442"
    other = Tab.open(desktop, tab.base_url)
    try:
        other.page.goto(link)
        other.settle()
        assert other.grid() == tab.grid()
        assert len(other.grid()[0]) == 8
        assert other.page.input_value("#position-input") == "18442"
        assert other.status() == tab.status()
        other.check_console()
    finally:
        other.page.close()
    tab.check_console()


def test_wide_boards_write_moves_with_commas(tab: Tab, desktop: BrowserContext) -> None:
    tab.go("?mode=computer&agent=minimax:depth=2&size=12x10")
    tab.click_column(11)
    assert "agent=minimax:depth=2&" in tab.page.url
    moves = query(tab)["pos"][0].split(",")
    assert moves[0] == "11"
    assert len(moves) == 2
    assert f"pos={moves[0]},{moves[1]}&" in tab.page.url
    other = Tab.open(desktop, tab.base_url)
    try:
        other.page.goto(tab.page.url)
        other.settle()
        assert other.grid() == tab.grid()
        assert other.page.input_value("#agent") == "minimax:depth=2"
        other.check_console()
    finally:
        other.page.close()
    tab.check_console()


def test_a_bad_position_in_the_url_shows_an_error_and_an_empty_board(tab: Tab) -> None:
    tab.go("?pos=44x&mode=human")
    error = tab.page.locator("#error")
    assert error.is_visible()
    assert "not a column" in error.inner_text()
    assert tab.stones() == 0
    assert tab.page.locator("#board .column").count() == 7
    assert "Red to move" in tab.status()
    tab.click_column(4)  # and the page still plays
    assert tab.stones() == 1
    assert error.is_hidden()
    tab.check_console(BAD_STATUS)


def test_a_bad_size_in_the_url_falls_back_to_the_standard_board(tab: Tab) -> None:
    tab.go("?pos=4&size=99x6&mode=human")
    assert tab.page.locator("#error").is_visible()
    assert tab.page.locator("#board .column").count() == 7
    assert tab.stones() == 0
    tab.check_console(BAD_STATUS)


def test_the_api_link_leads_to_the_api_page(tab: Tab) -> None:
    tab.go("")
    with tab.page.expect_navigation():
        tab.page.click("text=API")
    assert urlsplit(tab.page.url).path == "/api"
    assert "/api/v1/move" in tab.page.content()
    tab.check_console()


# ------------------------------------------------------------------------ keyboard


def test_keyboard_play(tab: Tab) -> None:
    tab.go("?mode=human")
    tab.press("4")
    assert tab.grid()[5][3] == 1
    tab.press("ArrowRight")
    focused = tab.page.evaluate("document.activeElement.dataset.column")
    assert focused == "5"
    tab.press("Enter")
    assert tab.grid()[5][4] == 2
    tab.press("ArrowLeft")
    tab.press("ArrowLeft")
    tab.press("ArrowRight")
    tab.press(" ")
    assert tab.grid()[4][3] == 1
    tab.press("u")
    assert tab.stones() == 2
    tab.press("r")
    assert tab.stones() == 3
    tab.press("v")
    assert tab.page.is_visible("#values")
    assert len(tab.value_texts()) == 7
    tab.check_console()


# ------------------------------------------------------------------------ phone


@pytest.mark.parametrize("options", ["values=1", "size=12x10&connect=5&values=1"])
def test_a_phone_screen_has_no_horizontal_scroll(phone_tab: Tab, options: str) -> None:
    phone_tab.go(f"?mode=human&{options}")
    phone_tab.click_column(2)
    widths = phone_tab.page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1] == PHONE["width"]
    board = phone_tab.page.locator("#board").bounding_box()
    assert board is not None
    assert board["x"] >= 0
    assert board["x"] + board["width"] <= PHONE["width"]
    assert board["y"] + board["height"] <= PHONE["height"]  # the whole board in view
    phone_tab.check_console()
