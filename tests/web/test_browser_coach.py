"""The coach on the web page, in a real Chromium against a real ``fourinarow serve``: the
review beside the board (1280x800) and stacked on a phone, the evaluation graph, the best move
drawn on the board, the best line stepped, the explanations, learning from the mistakes, the
games saved and opened again, and a full column that says why it takes no disc. What the page
shows is checked against the service's own record of the same game."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from fourinarow.analysis import review_game
from fourinarow.puzzles.history import Progress
from fourinarow.service.coach import (
    MISTAKES_SET,
    answer_words,
    exercise_id,
    exercises,
    task_words,
)
from fourinarow.service.records import review_record
from tests.web.browser import Tab
from tests.web.running import running_server

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, FloatRect, ViewportSize

GAME = "4444433333676641366611171177775555"
"""Two computer players: the win changes hands three times (moves 15 to 17
are blunders)."""

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@cache
def record() -> dict[str, Any]:
    """The service's review record of :data:`GAME` (the book proves every position)."""
    return review_record(review_game(GAME))


def player_words(text: str) -> str:
    """The page's names for the players in the server's sentences."""
    import re

    return re.sub(r"\bO\b", "Yellow", re.sub(r"\bX\b", "Red", text))


@pytest.fixture
def reviewing(tab: Tab) -> Tab:
    """The page with :data:`GAME` under review."""
    tab.go(f"?pos={GAME}&mode=human")
    open_review(tab)
    return tab


def open_review(tab: Tab) -> None:
    tab.page.click("#review-game")
    tab.settle()
    tab.page.wait_for_selector("#moves [data-grade]")


def go_to(tab: Tab, ply: int) -> None:
    tab.page.click(f'#moves button[data-ply="{ply}"]')
    tab.settle()


def box(tab: Tab, selector: str) -> FloatRect:
    found = tab.page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def inside(found: FloatRect, viewport: ViewportSize) -> bool:
    right = found["x"] + found["width"]
    bottom = found["y"] + found["height"]
    return (
        found["x"] >= 0
        and found["y"] >= 0
        and right <= viewport["width"]
        and bottom <= viewport["height"]
    )


def test_board_graph_moves_and_marks_are_seen_together_at_1280x800(reviewing: Tab) -> None:
    tab = reviewing
    tab.page.set_viewport_size(DESKTOP)
    go_to(tab, 15)
    assert tab.page.evaluate("window.scrollY") == 0
    for selector in ("#board", "#review-graph", "#moves", "#review-players"):
        assert inside(box(tab, selector), DESKTOP), (selector, box(tab, selector))
    marks = tab.page.locator("#moves button[data-grade='blunder']")
    assert marks.count() == 3
    for index in range(3):
        found = marks.nth(index).bounding_box()
        assert found is not None
        assert inside(found, DESKTOP), found
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= DESKTOP["width"]
    tab.check_console()


def test_on_a_phone_the_review_is_stacked_under_the_board(reviewing: Tab) -> None:
    tab = reviewing
    tab.page.set_viewport_size(PHONE)
    go_to(tab, 15)
    board, graph, moves = (box(tab, s) for s in ("#board", "#review-graph", "#moves"))
    assert board["y"] + board["height"] <= graph["y"] <= moves["y"]
    for found in (board, graph, moves):
        assert found["x"] >= 0
        assert found["x"] + found["width"] <= PHONE["width"]
    assert tab.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    tab.check_console()


def test_the_graph_draws_the_course_and_takes_you_to_a_position(reviewing: Tab) -> None:
    tab = reviewing
    course = record()["course"]
    points = tab.page.locator("#review-graph .graph-point")
    assert points.count() == len(course) == len(GAME) + 1
    titles = tab.page.eval_on_selector_all(
        "#review-graph .graph-point title", "items => items.map(t => t.textContent)"
    )
    for point, title in zip(course, titles, strict=True):
        assert f"{point['words']} for Red" in title, title
    # the dots' heights follow the expected results: a higher point is a better one for Red
    heights = tab.page.eval_on_selector_all(
        "#review-graph .graph-dot", "dots => dots.map(d => Number(d.getAttribute('cy')))"
    )
    expected = [point["expected"] for point in course]
    for a in range(len(course) - 1):
        if expected[a] != expected[a + 1]:
            assert (heights[a] < heights[a + 1]) == (expected[a] > expected[a + 1])
    blunders = tab.page.locator("#review-graph .graph-dot[data-grade='blunder']")
    assert blunders.count() == 3
    tab.page.click('#review-graph .graph-point[data-ply="16"] .graph-hit', force=True)
    tab.settle()
    assert tab.stones() == 16
    current = tab.page.locator('#review-graph [aria-current="step"]')
    assert current.get_attribute("data-ply") == "16"
    assert tab.status() == "Review: move 16 of 34 moves."
    tab.check_console()


def ringed(tab: Tab) -> list[int]:
    columns: list[int] = tab.page.eval_on_selector_all(
        "#board .cell.best-move",
        "cells => cells.map(c => Number(c.closest('.column').dataset.column))",
    )
    return sorted(columns)


def test_the_best_move_is_drawn_on_the_board(reviewing: Tab) -> None:
    tab = reviewing
    moves = record()["review"]
    for ply in (0, 14, 15, 20):
        go_to(tab, ply)
        assert ringed(tab) == sorted(moves[ply]["best"]), ply
    go_to(tab, len(GAME))  # the end: no move to come
    assert ringed(tab) == []
    tab.check_console()


def line_discs(tab: Tab) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = tab.page.eval_on_selector_all(
        "#board .disc.line",
        "discs => discs.map(d => [Number(d.closest('.column').dataset.column), d.textContent])",
    )
    return sorted((column, text) for column, text in found)


def test_the_best_line_is_stepped_on_the_board(reviewing: Tab) -> None:
    tab = reviewing
    go_to(tab, 14)
    line = record()["review"][14]["best_line"]
    assert len(line) >= 3
    shown = tab.page.eval_on_selector_all(
        "#best-line-moves li", "items => items.map(i => i.textContent)"
    )
    assert shown == [str(column) for column in line]
    assert line_discs(tab) == []
    before = tab.stones()
    tab.page.click("#line-next")
    assert line_discs(tab) == [(line[0], "1")]
    assert ringed(tab) == [line[1]]  # the ring moves on to the line's next move
    tab.page.click("#line-next")
    tab.press(".")
    assert sorted(text for _, text in line_discs(tab)) == ["1", "2", "3"]
    assert [column for column, text in line_discs(tab) if text == "2"] == [line[1]]
    tab.press(",")
    assert len(line_discs(tab)) == 2
    tab.page.click("#line-back")
    tab.page.click("#line-back")
    assert line_discs(tab) == []
    assert tab.page.locator("#line-back").is_disabled()
    assert tab.stones() == before  # the line is drawn, never played
    go_to(tab, 20)  # another position: the line starts again
    assert line_discs(tab) == []
    tab.check_console()


def test_the_explanations_are_under_the_board(reviewing: Tab) -> None:
    tab = reviewing
    go_to(tab, 15)
    move = record()["review"][14]
    text = tab.page.inner_text("#explanation")
    assert text.startswith("Column 4, the move played:")
    for sentence in move["explanation"]["sentences"]:
        assert player_words(sentence) in text
    # the best column's explanation says nothing the position's sentences have not said
    assert set(move["best_explanation"]["sentences"]) <= set(move["explanation"]["sentences"])
    assert "Why column" not in text
    explanation = box(tab, "#explanation")
    board = box(tab, "#board")
    assert explanation["y"] >= board["y"] + board["height"]
    tab.check_console()


def test_why_the_best_column_is_best(tab: Tab) -> None:
    game = "5363767665174"  # move 7, Red's 7, misses the win at once in column 4
    tab.go(f"?pos={game}&mode=human")
    open_review(tab)
    go_to(tab, 7)
    move = review_game(game).moves[6]
    assert (move.grade, move.best) == ("blunder", (3,))  # 0-based: column 4
    text = tab.page.inner_text("#explanation")
    assert text.endswith("Why column 4:\n\nRed wins at once in column 4.")
    assert text.count("Red wins at once in column 4.") == 1
    tab.check_console()


def test_learning_from_the_mistakes(reviewing: Tab) -> None:
    tab = reviewing
    expected = exercises(review_game(GAME))
    start = tab.page.locator("#retry-start")
    assert start.is_visible()
    assert start.inner_text() == f"Learn from your {len(expected)} mistakes"
    start.click()
    tab.settle()
    first = expected[0]
    assert tab.stones() == first.number - 1
    task = tab.page.inner_text("#exercise-task")
    assert task == f"1 of {len(expected)}. " + player_words(task_words(first))
    assert tab.status() == "Learn from your mistakes: find a better column."
    played = first.played + 1
    tab.click_column(played)
    verdict = tab.page.locator("#exercise-verdict")
    assert verdict.inner_text().startswith("Not that: column")
    assert "wrong" in (verdict.get_attribute("class") or "")
    assert tab.stones() == first.number - 1  # a try is not played
    good = first.good[0] + 1
    tab.click_column(good)
    assert verdict.inner_text() == f"Right: column {good} keeps the win."
    assert tab.page.locator("#board .cell.good-move").count() == len(first.good)
    tab.page.click("#exercise-next")
    tab.settle()
    assert tab.stones() == expected[1].number - 1
    tab.page.click("#exercise-show")
    assert verdict.inner_text() == answer_words(expected[1])  # the terminal's words
    # the best line from the position, as the terminal's retry shows it on a miss
    line = " ".join(str(c) for c in record()["review"][expected[1].number - 1]["best_line"])
    assert line
    assert f"Best line: {line}" in tab.page.inner_text("#exercise-explanation")
    for _ in expected[1:]:
        tab.page.click("#exercise-next")
        tab.settle()
    task = tab.page.inner_text("#exercise-task")
    assert task.startswith(f"Done: you found a better move for 1 of {len(expected)} mistakes.")
    tab.page.click("#exercise-close")
    tab.settle()
    assert tab.page.locator("#exercise").is_hidden()
    assert tab.page.locator("#coach").is_visible()
    tab.check_console()


def test_against_the_computer_only_your_own_mistakes_are_set(tab: Tab) -> None:
    tab.go(f"?pos={GAME}&mode=computer&level=5&first=human")  # you are Red
    open_review(tab)
    red = [e for e in exercises(review_game(GAME)) if e.player == 1]
    assert len(red) == 2
    assert tab.page.inner_text("#retry-start") == "Learn from your 2 mistakes"
    tab.page.click("#retry-start")
    tab.settle()
    assert tab.page.inner_text("#exercise-task").startswith(f"1 of 2. Move {red[0].number}: Red")
    tab.check_console()


def test_the_retry_by_keyboard_and_escape(reviewing: Tab) -> None:
    tab = reviewing
    tab.page.click("#retry-start")
    tab.settle()
    number = exercises(review_game(GAME))[0].number
    tab.press("1")
    assert tab.page.inner_text("#exercise-verdict") != "Choose a column on the board."
    tab.press("ArrowLeft")  # the board asks a question: no stepping away
    assert tab.stones() == number - 1
    tab.press("Escape")
    assert tab.page.locator("#exercise").is_hidden()
    assert tab.page.locator("#review").is_visible()
    tab.check_console()


def test_a_finished_game_is_saved_and_opened_again(tab: Tab) -> None:
    tab.go("?mode=human")
    for column in "4455667":
        tab.click_column(int(column))
    assert "Red wins" in tab.status()
    tab.page.wait_for_selector("#games button[data-game]")
    first = tab.page.locator("#games button[data-game]").first
    assert first.inner_text().startswith("Game ")
    assert "Red vs Yellow, Red won, 7 moves, 7x6" in str(first.get_attribute("aria-label"))
    assert "saved" in tab.page.inner_text("#games-note")
    tab.page.click("#new-game")
    tab.settle()
    tab.go("")  # a new visit lists it too
    first = tab.page.locator("#games button[data-game]").first
    first.click()
    tab.settle()
    tab.page.wait_for_selector("#moves [data-grade]")
    assert tab.stones() == 7
    assert len(tab.page.locator("#moves button[data-grade]").all()) == 7
    tab.check_console()


def test_the_games_list_shows_whole_entries_and_a_new_game_drops_the_note(tab: Tab) -> None:
    for _ in range(5):  # (the server may hold games of other tests too)
        answer = tab.page.request.post(
            f"{tab.base_url}/api/v1/games",
            data={"moves": "4455667", "computer": "second", "agent": "level:10"},
        )
        assert answer.status == 201
    tab.go("?mode=human")
    for column in "4455667":
        tab.click_column(int(column))
    # the list may be drawn from the games posted above before the game just played is saved
    tab.page.wait_for_function(
        "() => document.getElementById('games-note').textContent.startsWith('This game is saved')"
    )
    tab.page.wait_for_selector("#games button[data-game]")
    tab.press("n")
    assert tab.page.inner_text("#games-note") == ""
    # every entry as high as the others (no name wrapped mid-way), the scroll box ending on one
    heights, box, gap = tab.page.evaluate(
        """() => {
            const list = document.getElementById("games");
            const rows = [...list.querySelectorAll("button")];
            return [rows.map((row) => row.getBoundingClientRect().height), list.clientHeight,
                    parseFloat(getComputedStyle(list).rowGap)];
        }"""
    )
    assert len(heights) >= 6
    assert max(heights) - min(heights) < 0.5
    shown = (box + gap) / (heights[0] + gap)
    assert shown >= 2
    assert abs(shown - round(shown)) < 0.05
    number = answer.json()["number"]
    line = tab.page.locator(f'#games button[data-game="{number}"]')
    assert line.inner_text().splitlines()[1] == "You vs Computer (level 10)"  # whole at 1280x800
    label = f"Game {number}: You vs Computer (level 10),"
    assert str(line.get_attribute("aria-label")).startswith(label)
    assert line.get_attribute("title") == line.get_attribute("aria-label")
    tab.check_console()


def test_a_game_won_against_the_computer_is_saved_under_every_door_s_names(tab: Tab) -> None:
    tab.go("?pos=445566&mode=computer&level=5&first=human")  # you are Red, to win at once
    tab.click_column(7)
    # the list may show games of other tests before this one is saved: wait for its entry
    saved = ": You vs Computer (level 5), Red won, 7 moves, 7x6"
    tab.page.wait_for_selector(f'#games button[data-game][aria-label*="{saved}"]')
    line = tab.page.locator("#games button[data-game]").first.get_attribute("aria-label")
    assert saved in str(line)  # the newest first
    tab.check_console()


@pytest.mark.parametrize(
    "players",
    [
        {"computer": "first", "agent": "level:5"},  # as the page saves it
        {"first": "computer (level:5)", "second": "Ann"},  # as the terminal saved it, --name Ann
    ],
)
def test_a_saved_game_against_the_computer_sets_only_your_mistakes(
    tab: Tab, players: dict[str, str]
) -> None:
    answer = tab.page.request.post(
        f"{tab.base_url}/api/v1/games", data={"moves": GAME, **players}
    )  # you were Yellow
    assert answer.status == 201
    number = answer.json()["number"]
    tab.go("")
    tab.page.click(f'#games button[data-game="{number}"]')
    tab.settle()
    tab.page.wait_for_selector("#retry-start")
    yellow = [e for e in exercises(review_game(GAME)) if e.player == 2]
    everyone = exercises(review_game(GAME))
    assert 0 < len(yellow) < len(everyone)
    words = "your mistake" if len(yellow) == 1 else f"your {len(yellow)} mistakes"
    assert tab.page.inner_text("#retry-start") == f"Learn from {words}"
    tab.check_console()


@pytest.mark.parametrize("page", ["?mode=computer&level=3&first=computer", "?mode=human"])
def test_a_saved_game_leaves_the_page_s_opponent_and_says_who_won(tab: Tab, page: str) -> None:
    answer = tab.page.request.post(
        f"{tab.base_url}/api/v1/games",
        data={"moves": "4455667", "computer": "second", "agent": "level:5"},
    )  # you were Red, and won
    assert answer.status == 201
    tab.go(page)
    mode = "computer" if "computer" in page else "human"
    tab.page.click(f'#games button[data-game="{answer.json()["number"]}"]')
    tab.settle()
    tab.page.wait_for_selector("#moves [data-grade]")
    tab.page.click("#review-close")
    tab.settle()
    assert tab.page.is_checked(f'input[name=mode][value="{mode}"]')
    assert f"mode={mode}" in tab.page.url
    assert tab.page.locator("#level").is_visible() == (mode == "computer")
    assert tab.status() == "You win with Red!"  # the saved game's own sides
    tab.press("n")
    assert tab.stones() == (1 if mode == "computer" else 0)  # the computer moves first again
    tab.check_console()


def test_a_server_that_keeps_no_games_shows_no_list(
    desktop: BrowserContext, tmp_path: Path
) -> None:
    games = tmp_path / "games.sqlite3"
    with running_server("--games-db", str(games), "--keep-games", "0") as server:
        tab = Tab.open(desktop, server.url)
        tab.go("?mode=human")
        assert tab.page.locator("#games-card").is_hidden()
        for column in "4455667":
            tab.click_column(int(column))
        assert "Red wins" in tab.status()
        tab.check_console()  # nothing posted, so no 403 in the console
        tab.page.close()
        server.stop()
    assert not games.exists()


def test_the_mistakes_missed_join_the_puzzle_history_as_in_the_terminal(
    desktop: BrowserContext, tmp_path: Path
) -> None:
    """A wrong first try joins the history as failed (a right one after it changes nothing),
    an answer shown before any try as skipped, a right first try not at all: the entries the
    terminal's ``review --retry`` makes (``remember_missed``)."""
    history = tmp_path / "puzzles.sqlite3"
    args = ("--games-db", str(tmp_path / "games.sqlite3"), "--puzzle-db", str(history))
    expected = exercises(review_game(GAME))
    assert len(expected) >= 3
    with running_server(*args) as server:
        tab = Tab.open(desktop, server.url)
        tab.go(f"?pos={GAME}&mode=human")
        open_review(tab)
        tab.page.click("#retry-start")
        tab.settle()
        first, second, third = expected[:3]
        tab.click_column(first.played + 1)  # missed: failed
        tab.click_column(first.good[0] + 1)  # then found: still failed, once
        tab.page.click("#exercise-next")
        tab.settle()
        tab.page.click("#exercise-show")  # shown before any try: skipped
        tab.page.click("#exercise-next")
        tab.settle()
        tab.click_column(third.good[0] + 1)  # right at once: not recorded
        for _ in expected[2:]:
            tab.page.click("#exercise-next")
            tab.settle()
        task = tab.page.locator("#exercise-task")
        task.filter(has_text="joined your puzzle history").wait_for()
        assert task.inner_text().endswith(
            " The 2 not found at the first try joined your puzzle history (fourinarow puzzle "
            "--stats counts them)."
        )
        tab.check_console()
        tab.page.close()
        server.stop()
    with Progress(history) as progress:
        attempts = [(a.puzzle, a.puzzle_set, a.result, a.moves) for a in progress.attempts()]
    assert attempts == [
        (exercise_id(first), MISTAKES_SET, "failed", str(first.played + 1)),
        (exercise_id(second), MISTAKES_SET, "skipped", ""),
    ]


def test_a_full_column_says_why_it_takes_no_disc(tab: Tab) -> None:
    tab.go("?pos=444444&mode=human")
    # (the full column is aria-disabled, as a screen reader should hear; a mouse still clicks it)
    tab.page.click('#board .column[data-column="4"]', force=True)
    tab.settle()
    error = tab.page.locator("#error")
    assert error.is_visible()
    assert error.inner_text() == "Column 4 is full: no disc fits in it. Choose another column."
    assert tab.stones() == 6
    tab.click_column(3)
    assert error.is_hidden()
    assert tab.stones() == 7
    tab.check_console()


def test_a_key_beyond_the_board_says_why_it_takes_no_disc(tab: Tab) -> None:
    tab.go("?pos=44&mode=human")
    tab.press("9")
    error = tab.page.locator("#error")
    assert error.is_visible()
    assert error.inner_text() == (
        "Column 9 is not on the board: it has 7 columns. Choose another column."
    )
    assert tab.stones() == 2
    tab.press("3")
    assert error.is_hidden()
    assert tab.stones() == 3
    tab.check_console()


def test_a_key_beyond_the_board_leaves_the_keyboard_s_column(tab: Tab) -> None:
    tab.go("?mode=human")
    tab.press("3")
    tab.press("ArrowLeft")  # column 2 chosen
    tab.press("9")  # refused: column 2 stays chosen
    error = tab.page.locator("#error")
    assert error.is_visible()
    tab.press("ArrowLeft")
    assert error.is_hidden()  # a key that acts clears the error, as every other action does
    assert tab.page.locator("#board .column.selected").get_attribute("data-column") == "1"
    tab.press("Enter")
    assert tab.grid()[-1][0] == 2  # Yellow played column 1
    tab.check_console()


def test_a_key_beyond_the_board_in_a_review_says_why(reviewing: Tab) -> None:
    tab = reviewing
    go_to(tab, 10)
    tab.press("9")
    assert tab.page.inner_text("#error") == (
        "Column 9 is not on the board: it has 7 columns. Choose another column."
    )
    tab.check_console()


def test_a_key_beyond_the_board_in_an_exercise_says_why(reviewing: Tab) -> None:
    tab = reviewing
    tab.page.click("#retry-start")
    tab.settle()
    tab.press("8")
    error = tab.page.locator("#error")
    assert error.inner_text() == (
        "Column 8 is not on the board: it has 7 columns. Choose another column."
    )
    assert tab.page.inner_text("#exercise-verdict") == "Choose a column on the board."
    tab.press("1")  # a try: the verdict, and the error goes
    assert error.is_hidden()
    assert tab.page.inner_text("#exercise-verdict") != "Choose a column on the board."
    tab.check_console()


def test_the_exercise_board_marks_no_column_before_you_choose(tab: Tab) -> None:
    tab.go(f"?pos={GAME[:-1]}&mode=human")
    tab.click_column(int(GAME[-1]))  # the game's last move, by a click
    open_review(tab)
    tab.page.click("#retry-start")
    tab.settle()
    tab.page.mouse.move(0, 0)
    assert tab.page.locator("#board .column.selected").count() == 0
    backgrounds = tab.page.eval_on_selector_all(
        "#board .column", "columns => columns.map(c => getComputedStyle(c).backgroundColor)"
    )
    assert set(backgrounds) == {"rgba(0, 0, 0, 0)"}  # no pale band over any column
    tab.press("ArrowLeft")  # the keyboard still chooses one
    assert tab.page.locator("#board .column.selected").count() == 1
    tab.check_console()
