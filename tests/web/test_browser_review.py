"""A game's review on the web page, in a real Chromium against a real ``fourinarow serve``:
the Review button, the grade marks in the move list, stepping through the game by mouse and
keys, the turning points and accuracies, back to play, a phone's dark screen, no console
errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fourinarow.analysis import review_game
from fourinarow.service import words
from tests.web.browser import PHONE, Tab

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

GAME = "4455667"
"""X's 5 at move 3 throws the win, O's 5 at move 4 throws it back; X wins with a row at 7."""


def open_review(tab: Tab) -> None:
    """Press Review and wait for the grades."""
    tab.page.click("#review-game")
    tab.settle()
    tab.page.wait_for_selector("#moves [data-grade]")


def grades(tab: Tab) -> list[str]:
    """The grade of each move in the move list."""
    found: list[str] = tab.page.eval_on_selector_all(
        "#moves button[data-ply]:not([data-ply='0'])", "items => items.map(i => i.dataset.grade)"
    )
    return found


def move_texts(tab: Tab) -> list[str]:
    texts: list[str] = tab.page.eval_on_selector_all(
        "#moves button[data-ply]:not([data-ply='0'])", "items => items.map(i => i.textContent)"
    )
    return texts


def test_a_finished_game_offers_the_review_and_shows_every_grade(tab: Tab) -> None:
    tab.go(f"?pos={GAME}&mode=human")
    assert "Red wins" in tab.status()
    button = tab.page.locator("#review-game")
    assert button.is_enabled()
    assert "offer" in (button.get_attribute("class") or "")
    assert button.inner_text() == "Review the game"
    assert tab.page.locator("#review").is_hidden()
    open_review(tab)
    expected = review_game(GAME)
    assert grades(tab) == [move.grade for move in expected.moves]
    assert move_texts(tab)[:4] == ["4", "4", "5??", "5??"]
    label = tab.page.locator('#moves button[data-ply="3"]').get_attribute("aria-label")
    assert label == "Move 3: Red in column 5, blunder"
    turning = tab.page.locator("#review-turning button")
    assert turning.count() == len(expected.turning_points) == 2
    assert turning.nth(0).inner_text().startswith("Move 3 (Red, column 5) threw the win")
    assert turning.nth(1).inner_text().startswith("Move 4 (Yellow, column 5) threw the win")
    assert "Red won. 2 turning points." in tab.page.inner_text("#review-status")
    rows = tab.page.locator("#review-players tbody tr")
    assert rows.count() == 2
    red, yellow = expected.summaries()
    for row, summary, name in ((rows.nth(0), red, "Red"), (rows.nth(1), yellow, "Yellow")):
        cells = row.locator("th, td").all_inner_texts()
        assert cells[0] == name
        assert summary.accuracy is not None
        assert cells[1] == f"{round(summary.accuracy * 100)}%"
        assert cells[5] == str(summary.counts["blunder"])
    assert tab.page.locator("#settings").is_hidden()  # the review takes the settings' place
    tab.check_console()


def test_choosing_a_move_or_a_turning_point_shows_its_position(tab: Tab) -> None:
    tab.go(f"?pos={GAME}&mode=human")
    open_review(tab)
    tab.page.click('#moves button[data-ply="3"]')
    tab.settle()
    assert tab.stones() == 3
    assert tab.status() == "Review: move 3 of 7 moves."
    note = tab.page.inner_text("#review-move")
    assert note.startswith("Move 3, Red in column 5 ??: blunder.")
    assert "Best: column 4." in note
    assert grades(tab)[2] == "blunder"  # the marks stay while stepping
    tab.page.click("#review-turning button >> nth=1")
    tab.settle()
    assert tab.stones() == 4
    assert tab.grid()[4][4] == 2  # Yellow's 5 on Red's
    tab.page.click('#moves button[data-ply="0"]')
    tab.settle()
    assert tab.stones() == 0
    # The board takes no moves in a review (its columns say so: aria-disabled).
    tab.page.click('#board .column[data-column="1"]', force=True)
    tab.settle()
    assert tab.stones() == 0
    assert len(grades(tab)) == len(GAME)
    tab.check_console()


def test_the_review_by_keyboard(tab: Tab) -> None:
    tab.go("?pos=44556&mode=human")
    tab.press("g")
    tab.page.wait_for_selector("#moves [data-grade]")
    assert tab.page.evaluate("document.activeElement.id") == "review-heading"
    assert tab.stones() == 5
    tab.press("ArrowLeft")
    assert tab.stones() == 4
    tab.press("Home")
    assert tab.stones() == 0
    tab.press("ArrowRight")
    assert tab.stones() == 1
    tab.press("End")
    assert tab.stones() == 5
    tab.press("u")  # undo steps one move in a review, whoever played it
    assert tab.stones() == 4
    # Tab to a move in the list and choose it with Enter; arrows keep the focus on the move shown.
    tab.page.focus('#moves button[data-ply="2"]')
    tab.press("Enter")
    assert tab.stones() == 2
    tab.press("ArrowRight")
    assert tab.stones() == 3
    focused = tab.page.evaluate("document.activeElement.dataset.ply")
    assert focused == "3"
    tab.press("Escape")
    assert tab.page.locator("#review").is_hidden()
    assert tab.stones() == 5  # back to play at the end of the game
    assert tab.page.evaluate("document.activeElement.id") == "review-game"
    assert grades(tab) == [None] * 5  # no marks outside a review
    tab.check_console()


def test_moves_not_proven_in_the_servers_time_are_graded_by_estimates(tab: Tab) -> None:
    # 9x8 has no book: the opening's values are not proven within the test server's cap, so
    # the engine's estimates grade the moves, and the page says so.
    tab.go("?pos=4455&size=9x8&mode=human")
    open_review(tab)
    assert grades(tab)[0] != "unproven"
    mark = tab.page.locator('#moves button[data-ply="1"]')
    assert "(estimated)" in (mark.get_attribute("aria-label") or "")
    status = tab.page.inner_text("#review-status")
    assert "Graded: 0 moves by proof, 4 by estimate." in status
    tab.page.click('#moves button[data-ply="1"]')
    tab.settle()
    assert "Graded by the engine's estimates" in tab.page.inner_text("#review-move")
    tab.check_console()


def test_back_to_play_against_the_computer(tab: Tab) -> None:
    tab.go("?level=1")
    assert tab.page.locator("#review-game").is_disabled()  # no moves yet
    tab.click_column(4)
    assert tab.stones() == 2  # the computer replied
    open_review(tab)
    assert len(grades(tab)) == 2
    assert tab.page.locator("#engine-move").is_disabled()
    tab.page.click("#review-close")
    tab.settle()
    assert tab.page.locator("#review").is_hidden()
    assert tab.page.locator("#settings").is_visible()
    tab.click_column(3)
    assert tab.stones() == 4  # played, and the computer replied
    tab.check_console()


def test_a_new_game_ends_the_review(tab: Tab) -> None:
    tab.go(f"?pos={GAME}&mode=human")
    open_review(tab)
    tab.page.click("#new-game")
    tab.settle()
    assert tab.page.locator("#review").is_hidden()
    assert tab.stones() == 0
    tab.click_column(4)
    assert tab.stones() == 1
    tab.check_console()


def test_the_review_fits_a_phone_in_the_dark(desktop: BrowserContext, server_url: str) -> None:
    tab = Tab.open(desktop, server_url)
    try:
        tab.page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
        tab.page.emulate_media(color_scheme="dark")
        tab.go(f"?pos={GAME}&mode=human")
        open_review(tab)
        tab.page.click("#review-turning button >> nth=0")
        tab.settle()
        width = tab.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        card = tab.page.eval_on_selector(
            "#review", "card => getComputedStyle(card).backgroundColor"
        )
        assert card == "rgb(23, 32, 51)"  # the dark palette's card
        box = tab.page.locator("#review").bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= PHONE["width"]
        tab.check_console()
    finally:
        tab.page.close()


def test_a_game_without_turning_points_says_so_in_the_terminals_words(tab: Tab) -> None:
    tab.go("?pos=44&mode=human")
    open_review(tab)
    status = tab.page.inner_text("#review-status")
    assert f" {words.NO_TURNING_POINTS} " in status, status
