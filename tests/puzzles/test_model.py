"""Puzzles and set files: the JSON round trip, and every malformed field refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourinarow.puzzles.model import Puzzle, PuzzleError, read_puzzles, write_puzzles

GOOD: dict[str, object] = {
    "id": "7x6c4-744454544575771552212722217",
    "size": "7x6",
    "connect": 4,
    "moves": "744454544575771552212722217",
    "kind": "win",
    "solution": 1,
    "distance": 4,
    "value": 5,
    "line": "1 1 1 6 6 3 3",
    "rating": 598,
    "source": "self-play",
}


def test_a_puzzle_round_trips_through_json() -> None:
    puzzle = Puzzle.from_json(GOOD)
    assert puzzle.solution == 0
    assert puzzle.label == "1"
    assert puzzle.line == (0, 0, 0, 5, 5, 2, 2)
    assert puzzle.board.ply == 27
    assert puzzle.to_json() == GOOD
    assert Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle


def test_rating_and_source_may_be_left_out() -> None:
    data = {k: v for k, v in GOOD.items() if k not in ("rating", "source")}
    puzzle = Puzzle.from_json(data)
    assert (puzzle.rating, puzzle.source) == (0, "")


MALFORMED: dict[str, tuple[dict[str, object], str]] = {
    "not an object": ({}, "JSON object"),  # replaced below by a list
    "id missing": ({"id": None}, "'id'"),
    "id a number": ({"id": 3}, "id is a string"),
    "size missing": ({"size": None}, "'size'"),
    "size malformed": ({"size": "7by6"}, "puzzle 7x6c4-"),
    "connect text": ({"connect": "4"}, "connect is a whole number"),
    "connect too long": ({"connect": 9}, "puzzle 7x6c4-"),
    "moves illegal": ({"moves": "1111111"}, "puzzle 7x6c4-"),
    "moves not a string": ({"moves": 4453}, "moves is a string"),
    "kind unknown": ({"kind": "mate"}, "kind is one of win, only-move, save-draw"),
    "solution zero": ({"solution": 0}, "solution is a column 1-7"),
    "solution eight": ({"solution": 8}, "solution is a column 1-7"),
    "solution a bool": ({"solution": True}, "solution is a whole number"),
    "distance text": ({"distance": "4"}, "distance is a whole number or null"),
    "distance a bool": ({"distance": False}, "distance is a whole number or null"),
    "value missing": ({"value": None}, "'value'"),
    "value a float": ({"value": 5.0}, "value is a whole number"),
    "line off the board": ({"line": "1 8"}, "puzzle 7x6c4-"),
    "line a list": ({"line": [1, 2]}, "line is a string"),
    "rating text": ({"rating": "hard"}, "rating is a whole number"),
    "source a number": ({"source": 1}, "source is a string"),
}


@pytest.mark.parametrize("case", MALFORMED, ids=list(MALFORMED))
def test_every_malformed_field_is_refused(case: str) -> None:
    change, words = MALFORMED[case]
    data: object = [GOOD]
    if case == "not an object":
        words = "a puzzle is a JSON object"
    else:
        fields = {**GOOD, **change}
        for key, value in change.items():
            if value is None and key != "distance":
                del fields[key]  # a missing field
        data = fields
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_json(data)
    assert words in str(caught.value)


def test_a_set_file_round_trips(tmp_path: Path) -> None:
    puzzle = Puzzle.from_json(GOOD)
    other = Puzzle.from_json({**GOOD, "id": "other", "kind": "only-move"})
    path = tmp_path / "set.jsonl"
    assert write_puzzles(path, [puzzle, other]) == 2
    assert read_puzzles(path) == [puzzle, other]
    assert not (tmp_path / "set.jsonl.partial").exists()


def test_blank_lines_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text("\n" + json.dumps(GOOD) + "\n\n", encoding="utf-8")
    assert [p.id for p in read_puzzles(path)] == [GOOD["id"]]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json\n", "line 1: not JSON"),
        (json.dumps(GOOD) + "\n" + json.dumps(GOOD) + "\n", "line 2: the id"),
        (json.dumps({**GOOD, "kind": "x"}) + "\n", "line 1: puzzle"),
    ],
    ids=["not json", "id twice", "bad puzzle"],
)
def test_a_bad_line_is_named(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleError) as caught:
        read_puzzles(path)
    assert words in str(caught.value)
    assert str(path) in str(caught.value)


def test_a_missing_file_is_a_puzzle_error(tmp_path: Path) -> None:
    with pytest.raises(PuzzleError, match="cannot read the puzzle set"):
        read_puzzles(tmp_path / "none.jsonl")
