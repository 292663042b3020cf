"""Your games in the terminal: ``play`` saves each game and prints how to review it,
``play --from``, and ``fourinarow games`` lists, shows, reviews, exports and replays them;
run in process through ``main(argv)`` with real SQLite files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.service.games import GameStore
from fourinarow.service.records import game_record
from tests.cli.conftest import Run
from tests.cli.test_damaged_databases import DAMAGES, checkpointed

PLAY = ("play", "--human-vs-human", "--no-color")
WIN = "4\n4\n5\n5\n6\n6\n7\n"  # X wins along the bottom row


def test_a_finished_game_is_saved_and_says_how_to_review_it(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = run(*PLAY, "--db", str(db), stdin=WIN + "n\n")
    assert result.returncode == 0, result.stderr
    assert "Moves: 4455667\n" in result.stdout
    assert f"Saved as game 1. Review it: fourinarow games --db {db} review 1\n" in result.stdout
    assert "or, from its moves: fourinarow review 4455667\n" in result.stdout
    with GameStore(db) as store:
        saved = store.game(1)
    assert (saved.moves, saved.result, saved.first, saved.second, saved.source) == (
        "4455667", "first", "Red", "Yellow", "terminal"
    )  # fmt: skip


def test_the_default_games_file_is_in_the_data_folder(run: Run, tmp_path: Path) -> None:
    result = run(*PLAY, stdin=WIN + "n\n", env={"XDG_DATA_HOME": str(tmp_path)})
    assert "Saved as game 1. Review it: fourinarow games review 1\n" in result.stdout
    with GameStore(tmp_path / "fourinarow" / "games.sqlite3") as store:
        assert len(store) == 1


@pytest.mark.parametrize("leave", ["q\n", ""])  # q, or the end of input
def test_a_game_left_after_a_move_is_saved_unfinished(run: Run, tmp_path: Path, leave: str) -> None:
    db = tmp_path / "games.sqlite3"
    result = run(*PLAY, "--db", str(db), stdin="4\n4\n3\n" + leave)
    assert result.returncode == 0, result.stderr
    assert "Moves: 443\n" in result.stdout
    with GameStore(db) as store:
        assert [(g.moves, g.result) for g in store.games()] == [("443", "unfinished")]


def test_a_game_left_before_any_move_is_not_saved(run: Run, tmp_path: Path) -> None:
    result = run(*PLAY, stdin="q\n", env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.returncode == 0
    assert "Moves:" not in result.stdout
    assert not (tmp_path / "fourinarow").exists()  # the default file is made for a game
    db = tmp_path / "games.sqlite3"
    assert run(*PLAY, "--db", str(db), stdin="q\n").returncode == 0
    with GameStore(db) as store:  # a file given is opened at once (and made)
        assert len(store) == 0


def test_games_against_the_computer_name_it(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = run(
        "play", "--no-color", "--opponent", "random", "--seed", "1", "--db", str(db),
        stdin="4\n4\n4\nq\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    with GameStore(db) as store:
        (saved,) = store.games()
    assert (saved.first, saved.second, saved.you) == ("You", "Computer (random)", "first")
    listing = run("games", "--db", str(db)).stdout.splitlines()
    assert " You vs Computer (random) " in listing[3]  # whole: 80 columns hold it
    assert all(len(line) <= 80 and line.isascii() for line in listing[1:])


def test_the_list_cuts_the_players_only_beyond_80_columns(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    long = "Computer (alphabeta:depth=5,eval=threats,blunder=0.25)"
    with GameStore(db) as store:
        for first, second in (("You", "Computer (level 10)"), (long, long), ("A" * 60, "You")):
            store.save(Board.from_moves("4455"), first=first, second=second, source="terminal")
    listing = run("games", "--db", str(db)).stdout.splitlines()
    assert listing[:2] == [f"Games in {db}", "3 games, newest first; times in UTC:"]
    assert listing[2].split() == ["#", "saved", "size", "X", "vs", "O", "result", "moves"]
    assert " You vs Computer (level 10) " in listing[5]
    assert "  Computer (... vs Computer (...  " in listing[4]  # each cut, in ASCII
    assert f"  {'A' * 20}... vs You  " in listing[3]  # a long first name leaves the second
    assert [len(line) for line in listing[2:6]] == [80, 80, 80, 80]


def test_a_long_opponent_is_saved_whole(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    spec = "alphabeta:depth=4,eval=threats"
    result = run(
        "play", "--no-color", "--opponent", spec, "--db", str(db), stdin="4\nq\n"
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    record = json.loads(run("games", "export", "1", "--json", "--db", str(db)).stdout)
    assert (record["first"], record["second"]) == ("You", f"Computer ({spec})")
    shown = run("games", "show", "1", "--no-color", "--db", str(db)).stdout
    assert f"You (X) against Computer ({spec}) (O)" in " ".join(shown.split())


def test_a_name_too_long_to_keep_is_refused_at_once(run: Run, tmp_path: Path) -> None:
    result = run("play", "--name", "A" * 301, "--db", str(tmp_path / "g.sqlite3"), stdin="4\n")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "fourinarow play: error: argument --name: a name is at most 300 characters long, not 301"
    )
    assert result.stderr.count("\n") == 1
    assert not (tmp_path / "g.sqlite3").exists()


def test_two_people_are_saved_under_the_name_given_or_their_colours(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    shown = run(*PLAY, "--name", "Ada", "--db", str(db), stdin=WIN + "n\n").stdout
    assert "Ada (X) wins" in shown  # the name the game shows is the name saved
    run(*PLAY, "--db", str(db), stdin=WIN + "n\n")
    run("play", "--no-color", "--opponent", "level:5", "--name", "Ada", "--db", str(db),
        stdin="4\nq\n")  # fmt: skip
    with GameStore(db) as store:
        computer, unnamed, people = store.games()  # newest first
    assert (people.first, people.second, people.you) == ("Ada", "Yellow", None)
    assert (unnamed.first, unnamed.second, unnamed.you) == ("Red", "Yellow", None)
    assert (computer.first, computer.second, computer.you) == (
        "Ada", "Computer (level 5)", "first"
    )  # fmt: skip


def test_two_people_give_both_names_and_the_game_shows_and_saves_them(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    played = run(*PLAY, "--name", "Ada", "--name", "Grace", "--db", str(db), stdin=WIN + "n\n")
    assert "Ada (X) wins" in played.stdout
    assert "Score: Ada 1, Grace 0, draws 0." in played.stdout
    with GameStore(db) as store:
        (game,) = store.games()
    assert (game.first, game.second, game.you) == ("Ada", "Grace", None)
    shown = run("games", "show", "1", "--no-color", "--db", str(db)).stdout
    assert "Game 1: Ada (X) against Grace (O)" in shown
    assert "(add --retry to replay the players' mistakes)" in shown  # two people: not "your"


def test_a_game_of_one_move_is_shown_as_one_move(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    run(*PLAY, "--db", str(db), stdin="4\nq\n")
    shown = run("games", "show", "1", "--no-color", "--db", str(db)).stdout
    assert "Result: unfinished after 1 move\n" in shown


@pytest.mark.parametrize(
    "names", [("Ada", "Grace"), ("Ada", "Grace", "Hedy")], ids=["two-vs-computer", "three"]
)
def test_a_second_name_needs_two_people_and_a_third_is_refused(
    run: Run, tmp_path: Path, names: tuple[str, ...]
) -> None:
    db = tmp_path / "g.sqlite3"
    people = ["--human-vs-human"] if len(names) == 3 else []
    options = [part for name in names for part in ("--name", name)]
    result = run("play", *people, *options, "--db", str(db), stdin="4\n")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "fourinarow play: error: --name is given once, your name; twice only with "
        "--human-vs-human, the first player's then the second's"
    )
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert not db.exists()


@pytest.mark.parametrize(
    ("options", "name"),
    [
        (["--human-vs-human", "--name", "Ada", "--name", " ada "], "Ada"),
        (["--human-vs-human", "--name", "Yellow"], "Yellow"),  # the second's own name
        (["--name", "computer"], "computer"),
    ],
    ids=["same-twice", "the-other-colour", "the-computer"],
)
def test_the_two_players_need_names_of_their_own(
    run: Run, tmp_path: Path, options: list[str], name: str
) -> None:
    """One name for both would make one player's score of both players' wins."""
    db = tmp_path / "g.sqlite3"
    result = run("play", *options, "--db", str(db), stdin="4\n")
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"fourinarow play: error: --name: the two players need names of their own, not both "
        f"{name!r}"
    )
    assert result.stderr.count("\n") == 1
    assert not db.exists()


def test_no_save_and_an_unusable_file_still_print_the_moves(run: Run, tmp_path: Path) -> None:
    result = run(*PLAY, "--no-save", stdin=WIN + "n\n", env={"XDG_DATA_HOME": str(tmp_path)})
    assert "Moves: 4455667\nReview it: fourinarow review 4455667\n" in result.stdout
    assert not (tmp_path / "fourinarow").exists()
    refused = run(*PLAY, "--db", str(tmp_path), stdin=WIN + "n\n")  # a file given: at once
    assert refused.returncode == 2
    assert f"{tmp_path} is a folder, not a games file" in refused.stderr
    blocker = tmp_path / "blocker"
    blocker.write_text("")  # the default folder cannot be made below a file
    env = {"XDG_DATA_HOME": str(blocker)}
    result = run(*PLAY, stdin=WIN + "y\n" + WIN + "n\n", env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("Not saved: ") == 1  # said once; the games go on
    assert result.stdout.count("Review it: fourinarow review 4455667") == 2


def test_play_from_a_position(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    result = run(*PLAY, "--from", "4455", "--db", str(db), stdin="u\n3\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Starting from 4455." in result.stdout
    assert "X to move." in result.stdout
    assert "Nothing to undo." in result.stdout  # the position's moves are not the game's
    with GameStore(db) as store:
        assert store.game(1).moves == "44553"
    wide = run(*PLAY, "--size", "10x6", "--from", "1,10", "--no-save", stdin="1\nq\n")
    assert "Moves: 1,10,1" in wide.stdout
    assert "fourinarow review 1,10,1 --size 10x6" in wide.stdout


@pytest.mark.parametrize(
    ("start", "message"),
    [("4455667", "the game of --from 4455667 is over"), ("48", "column 8, out of range")],
)
def test_a_position_that_cannot_be_played_is_one_line(run: Run, start: str, message: str) -> None:
    result = run(*PLAY, "--from", start, "--no-save")
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A games file with three games: a win, an unfinished game, a 5x4 draw."""
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        for moves, shape in (("4455667", {}), ("4453", {}),
                             ("44523224314125531531", {"width": 5, "height": 4})):  # fmt: skip
            store.save(Board.from_moves(moves, **shape), first="you", second="level 5",
                       source="terminal")  # fmt: skip
    return db


def test_games_lists_them_newest_first(run: Run, saved: Path) -> None:
    for args in ((), ("list",), ("list", "--limit", "3")):
        result = run("games", "--db", str(saved), *args)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[:2] == [f"Games in {saved}", "3 games, newest first; times in UTC:"]
        assert [line.split()[0] for line in lines[3:6]] == ["3", "2", "1"]
        assert "X won" in lines[5]
        assert "unfinished" in lines[4]
        assert all(len(line) <= 80 for line in lines[1:])  # the first names the file
    limited = run("games", "list", "--limit", "1", "--db", str(saved))
    assert "\nThe newest 1 of 3 games, newest first; times in UTC:\n" in limited.stdout
    listed = json.loads(run("games", "--json", "--db", str(saved)).stdout)
    assert [game["number"] for game in listed] == [3, 2, 1]


def test_no_games_yet(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "none.sqlite3"
    result = run("games", "--db", str(db))
    assert result.stdout == f"No games saved yet in {db}: play one with fourinarow play.\n"
    assert run("games", "--json", "--db", str(db)).stdout == "[]\n"
    shown = run("games", "show", "1", "--db", str(db))
    assert shown.returncode == 2
    assert shown.stderr == f"fourinarow games: error: no game 1: no games saved yet in {db}\n"
    assert not db.exists()


def test_show_and_export(run: Run, saved: Path) -> None:
    shown = run("games", "show", "1", "--no-color", "--db", str(saved))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Game 1: you (X) against level 5 (O), 7x6, connect 4")
    assert "Moves: 4455667\n" in shown.stdout
    assert "[X][X][X][X]" in shown.stdout  # the winning line
    assert run("games", "export", "3", "--db", str(saved)).stdout == "44523224314125531531\n"
    record = json.loads(run("games", "export", "3", "--json", "--db", str(saved)).stdout)
    with GameStore(saved) as store:
        assert record == game_record(store.game(3))
    assert (record["size"], record["result"]) == ("5x4", "draw")


def test_review_a_saved_game(run: Run, saved: Path) -> None:
    result = run("games", "review", "2", "--db", str(saved))
    assert result.returncode == 0, result.stderr
    heading, review = result.stdout.split("\n\n", 1)  # who played, then the review
    assert heading.startswith("Game 2: ")
    assert " (X) against " in heading
    assert "7x6, connect 4, played " in heading
    assert review.startswith("Review of 4453 (7x6, connect 4): unfinished")
    assert "Course (X's expected result" in result.stdout
    small = json.loads(run("games", "review", "3", "--json", "--db", str(saved)).stdout)
    assert small["size"] == "5x4"
    assert small["game"]["number"] == 3
    assert len(small["course"]) == 21


def test_bad_numbers_and_damaged_files_are_one_line(run: Run, saved: Path) -> None:
    for args in (("show", "9"), ("review", "9"), ("export", "0"), ("replay", "x")):
        result = run("games", *args, "--db", str(saved))
        assert result.returncode == 2, args
        assert len(result.stderr.splitlines()) == 1
    assert "the games are 1 to 3" in run("games", "show", "9", "--db", str(saved)).stderr


@pytest.mark.parametrize("damage", sorted(DAMAGES))
@pytest.mark.parametrize("action", [(), ("show", "1"), ("review", "1")])
def test_a_damaged_games_file_is_one_line(
    run: Run, tmp_path: Path, damage: str, action: tuple[str, ...]
) -> None:
    db = tmp_path / "games.sqlite3"
    with GameStore(db) as store:
        for _ in range(30):
            store.save(Board.from_moves("4455667"), first="a", second="b", source="web")
    DAMAGES[damage](checkpointed(db))
    result = run("games", *action, "--db", str(db))
    assert result.returncode == 2
    assert result.stderr.startswith("fourinarow games: error: ")
    assert str(db) in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_replay_steps_through_a_game(run: Run, saved: Path) -> None:
    result = run("games", "replay", "1", "--no-color", "--db", str(saved),
                 stdin="\n\nb\n7\nzz\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Replay of game 1 (4455667)")
    assert out.index("Move 1: X plays 4.") < out.index("Move 2: O plays 4.")
    assert out.count("Move 1: X plays 4.") == 2  # b went back to it
    assert "Move 7: X plays 7." in out
    assert "End of the game: X won." in out
    assert "Not understood: 'zz'" in out
