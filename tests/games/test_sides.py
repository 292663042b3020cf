"""The names a game is saved under and which side is yours: one decision for every door, which
still reads the games saved before it (each door spelt the players its own way then)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.games import (
    MAX_NAME,
    GameStore,
    GameStoreError,
    computer_name,
    player_names,
    your_side,
)
from fourinarow.games.sides import Side


@pytest.mark.parametrize(
    ("first", "second", "names"),
    [
        (None, "level:5", ("You", "Computer (level 5)")),
        ("level:10", None, ("Computer (level 10)", "You")),
        (None, "random", ("You", "Computer (random)")),
        (None, None, ("Red", "Yellow")),
        ("level:3", "level:5", ("Computer (level 3)", "Computer (level 5)")),
    ],
)
def test_every_door_names_the_players_one_way(
    first: str | None, second: str | None, names: tuple[str, str]
) -> None:
    assert player_names(first, second) == names


def test_a_name_you_gave_stands_for_you_and_a_long_spec_is_kept_whole() -> None:
    assert player_names(None, "level:5", you="  Ann  ") == ("Ann", "Computer (level 5)")
    # between two people, the name given is the first player's (play --name --human-vs-human)
    assert player_names(None, None, you=" Ann ") == ("Ann", "Yellow")
    assert player_names(None, None, you="  ") == ("Red", "Yellow")
    spec = "alphabeta:depth=5,eval=threats,blunder=0.25,tiebreak=centre"
    assert computer_name(spec) == f"Computer ({spec})"
    assert player_names(None, spec, you="A" * 100) == ("A" * 100, f"Computer ({spec})")


def test_a_long_name_is_saved_whole_and_a_too_long_one_refused(tmp_path: Path) -> None:
    assert MAX_NAME >= 200
    long = "Computer (" + "x" * (MAX_NAME - 11) + ")"
    with GameStore(tmp_path / "games.sqlite3") as store:
        saved = store.save(Board.from_moves("4455"), first="You", second=long, source="web")
        assert store.game(saved.number).second == long
        with pytest.raises(GameStoreError) as refused:
            store.save(Board.from_moves("4455"), first="You", second=long + "y", source="web")
        assert len(store) == 1
    assert str(refused.value) == (
        f"the second player's name has {MAX_NAME + 1} characters: a name is 1 to {MAX_NAME} "
        "characters long"
    )


YOURS: list[tuple[str, str, Side | None]] = [
    # the names saved from now on
    ("You", "Computer (level 5)", "first"),
    ("Computer (level 5)", "You", "second"),
    ("Red", "Yellow", None),
    ("Computer (level 3)", "Computer (level 5)", None),
    # the terminal's before: "computer (<spec>)", and a name given with --name
    ("You", "computer (level:5)", "first"),
    ("computer (random)", "You", "second"),
    ("Ann", "computer (level:5)", "first"),
    ("Player 1", "Player 2", None),
    # the web page's before: "you" and "level 5" (or an agent spec), "you" twice for two people
    ("level 5", "you", "second"),
    ("you", "engine:nodes=30", "first"),
    ("you", "you", None),
    # the desktop's before: colours for two people, "Red (level 3)" for two computers
    ("Red (level 3)", "Yellow (level 5)", None),
]


@pytest.mark.parametrize(("first", "second", "side"), YOURS)
def test_your_side_is_read_from_every_spelling(first: str, second: str, side: Side | None) -> None:
    assert your_side(first, second) == side


def test_the_record_says_which_side_is_yours(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        for first, second, _ in YOURS:
            store.save(Board.from_moves("4455"), first=first, second=second, source="web")
        records = [game.to_json() for game in reversed(store.games())]
    assert [record["you"] for record in records] == [side for _, _, side in YOURS]
