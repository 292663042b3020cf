"""``/api/v1/games`` against a real server: a game saved, listed and opened again, its bad
input answered in one line of JSON, and its limits: a flood of posted games keeps only the
newest ``--keep-games`` (the file stops growing) and the server goes on answering."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from fourinarow.analysis import review_game
from fourinarow.puzzles.history import Progress
from fourinarow.service.coach import MISTAKES_SET, exercise_id, exercises
from fourinarow.service.games import GameStore
from tests.web.running import Server, request, running_server
from tests.web.test_api import assert_error, get, post

GAMES = "/api/v1/games"
MISSED = "/api/v1/exercises/missed"

KEEP = 5
"""The games the flood test's server keeps."""


@pytest.fixture(scope="module")
def keeper(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    """A server that keeps its newest 5 games in a file of its own, and that file."""
    folder = tmp_path_factory.mktemp("games")
    path = folder / "web-games.sqlite3"
    with running_server("--games-db", str(path), "--keep-games", str(KEEP)) as server:
        yield server, path
        status, err = server.stop()
    assert status == 0, err
    assert "Traceback" not in err, err


def game(moves: str = "4455667", **fields: object) -> dict[str, object]:
    return {"moves": moves, "first": "you", "second": "level 5", **fields}


def test_a_game_is_saved_listed_and_opened(keeper: tuple[Server, Path]) -> None:
    server, path = keeper
    reply = post(server.url, GAMES, game())
    assert reply.status == 201, reply.raw
    saved = reply.body
    fields = ("moves", "size", "connect", "plies", "first", "second", "result", "source")
    assert [saved[key] for key in fields] == [
        "4455667",
        "7x6",
        4,
        7,
        "you",
        "level 5",
        "first",
        "web",
    ]
    listed = get(server.url, GAMES, limit=1).body
    assert listed["games"] == [saved]
    assert 1 <= listed["count"] <= KEEP
    assert listed["keep"] == KEEP
    assert get(server.url, f"{GAMES}/{saved['number']}").body == saved
    with GameStore(path) as store:  # the file is a games file as the command line reads it
        assert store.game(saved["number"]).moves == "4455667"


@pytest.mark.parametrize(
    ("fields", "first", "second", "you"),
    [
        ({"computer": "second", "agent": "level:5"}, "You", "Computer (level 5)", "first"),
        ({"computer": "first", "agent": "engine"}, "Computer (engine)", "You", "second"),
        ({"computer": "first"}, "Computer (level 5)", "You", "second"),
        ({}, "Red", "Yellow", None),
        ({"first": "Ann", "second": "level 5"}, "Ann", "level 5", "first"),  # named by a client
    ],
)
def test_the_server_names_the_players_as_every_door(
    keeper: tuple[Server, Path], fields: dict[str, str], first: str, second: str, you: str | None
) -> None:
    server, _ = keeper
    reply = post(server.url, GAMES, {"moves": "4455", **fields})
    assert reply.status == 201, reply.raw
    assert (reply.body["first"], reply.body["second"], reply.body["you"]) == (first, second, you)
    assert get(server.url, f"{GAMES}/{reply.body['number']}").body["you"] == you


def test_other_shapes_and_unfinished_games(keeper: tuple[Server, Path]) -> None:
    server, _ = keeper
    wide = post(server.url, GAMES, game("1,10,1,10", size="10x4", connect=3)).body
    assert (wide["moves"], wide["width"], wide["result"]) == ("1,10,1,10", 10, "unfinished")
    won = post(server.url, GAMES, game("1,10,1,10,1", size="10x4", connect=3)).body
    assert won["result"] == "first"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"first": "you", "second": "me"}, 422, ("moves", "required")),
        (game(moves=""), 422, ("moves",)),
        (game(moves="4444444"), 400, ("column 4",)),
        (game(moves="4455", size="7"), 400, ("size",)),
        (game(moves="4455", connect=1), 400, ("connect",)),
        (game(first=""), 422, ("first",)),
        (game(second="x" * 301), 422, ("second", "300")),
        ({**game(), "moves": 4455}, 422, ("moves",)),
        (game(colour="red"), 422, ("colour", "not a field")),
        ({"moves": "4455", "first": "Ann"}, 422, ("give both or neither",)),
        ({"moves": "4455", "computer": "third"}, 422, ("computer",)),
        ([1, 2], 422, ()),
    ],
)
def test_bad_games_get_a_4xx_in_one_line(
    keeper: tuple[Server, Path], body: object, status: int, words: tuple[str, ...]
) -> None:
    server, _ = keeper
    before = get(server.url, GAMES).body["count"]
    assert_error(post(server.url, GAMES, body), status, *words)
    assert get(server.url, GAMES).body["count"] == before


def test_a_body_that_is_not_json_or_too_large(keeper: tuple[Server, Path]) -> None:
    server, _ = keeper
    assert_error(post(server.url, GAMES, data=b"{moves"), 422, "not JSON")
    assert_error(post(server.url, GAMES, data=b"x" * 70_000), 413, "larger than")


def test_unknown_numbers_and_bad_queries(keeper: tuple[Server, Path]) -> None:
    server, _ = keeper
    assert_error(get(server.url, f"{GAMES}/999999"), 404, "999999")
    assert_error(get(server.url, f"{GAMES}/0"), 422, "number")
    assert_error(get(server.url, f"{GAMES}/four"), 422, "number")
    assert_error(get(server.url, GAMES, limit=0), 422, "limit")
    assert_error(get(server.url, GAMES, limit=1000), 422, "limit")
    assert_error(get(server.url, GAMES, offset=-1), 422, "offset")
    assert_error(request(f"{server.url}{GAMES}", method="DELETE"), 405, "POST, GET")


def test_a_flood_of_games_keeps_the_newest_and_the_file_stops_growing(
    keeper: tuple[Server, Path],
) -> None:
    server, path = keeper

    def flood(count: int) -> list[int]:
        with ThreadPoolExecutor(8) as pool:
            replies = list(
                pool.map(
                    lambda n: post(server.url, GAMES, game("4455" + str(n % 7 + 1))), range(count)
                )
            )
        return [reply.status for reply in replies]

    statuses = flood(60)
    assert set(statuses) <= {201, 503}, statuses
    assert statuses.count(201) >= 1
    size = path.stat().st_size
    listed = get(server.url, GAMES, limit=50).body
    assert listed["count"] == KEEP
    assert len(listed["games"]) == KEEP
    numbers = [g["number"] for g in listed["games"]]
    assert numbers == sorted(numbers, reverse=True)  # the newest, newest first
    statuses = flood(200)
    assert statuses.count(201) >= 1
    assert get(server.url, GAMES).body["count"] == KEEP
    grown = path.stat().st_size
    assert grown <= 2 * size, (size, grown)  # 200 more games, the same few kept: no growth
    # (its write-ahead log is bounded by SQLite's own checkpoints, a thousand pages)
    log = path.with_name(path.name + "-wal")
    assert not log.exists() or log.stat().st_size <= 8 * 2**20
    # and the server still answers everything else
    assert get(server.url, "/api/v1/position", pos="44").status == 200


def test_a_games_file_that_cannot_be_read_gets_503_and_the_rest_goes_on(
    tmp_path: Path,
) -> None:
    damaged = tmp_path / "games.sqlite3"
    damaged.write_text("not a games file: a text some other program wrote\n")
    with running_server("--games-db", str(damaged)) as server:
        for reply in (get(server.url, GAMES), post(server.url, GAMES, game())):
            assert_error(reply, 503, "cannot be read or written")
            assert str(tmp_path) not in reply.body["error"]  # the server's paths stay its own
        assert get(server.url, "/api/v1/position", pos="44").status == 200
        status, err = server.stop()
    assert status == 0
    assert "is not a games file" in err  # the log says why
    assert damaged.read_text().startswith("not a games file")  # left as it was


def test_a_server_that_keeps_no_games_saves_none(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    data = {"XDG_DATA_HOME": str(tmp_path / "data")}
    with running_server("--games-db", str(path), "--keep-games", "0", env=data) as server:
        assert get(server.url, GAMES).body == {"games": [], "count": 0, "keep": 0}
        assert_error(post(server.url, GAMES, game()), 403, "keeps no games", "--keep-games 0")
        missed = {"position": "44", "played": 5}
        assert_error(post(server.url, MISSED, missed), 403, "keeps nothing", "--keep-games 0")
        status, _ = server.stop()
    assert status == 0
    assert not path.exists()  # no file made
    assert not (tmp_path / "data" / "fourinarow" / "puzzles.sqlite3").exists()  # nor a history


def test_an_exercise_missed_on_the_page_joins_the_puzzle_history(tmp_path: Path) -> None:
    """As the terminal's ``review --retry`` records it: failed, or skipped when the answer was
    shown without a try; bad input gets a 4xx in one line and records nothing."""
    history = tmp_path / "puzzles.sqlite3"
    args = ("--games-db", str(tmp_path / "games.sqlite3"), "--puzzle-db", str(history))
    with running_server(*args) as server:
        reply = post(server.url, MISSED, {"position": "44", "played": 5})
        assert reply.status == 201, reply.raw
        assert reply.body == {"puzzle": "7x6:44", "set": MISTAKES_SET, "result": "failed"}
        shown = {"position": "-", "size": "6x5", "connect": 4, "played": 1, "shown": True}
        reply = post(server.url, MISSED, shown)
        assert reply.status == 201, reply.raw
        assert reply.body == {"puzzle": "6x5:-", "set": MISTAKES_SET, "result": "skipped"}
        full = "4" * 6
        for body, status, words in [
            ({"position": "44", "played": 8}, 400, ("from 1 to 7, not 8",)),
            ({"position": full, "played": 4}, 400, ("column 4 is full",)),
            ({"position": "4455667", "played": 1}, 400, ("game is over",)),
            ({"position": "44", "played": 0}, 422, ("played",)),
            ({"position": "44"}, 422, ("played",)),
            ({"position": "44", "played": 5, "shown": "yes"}, 422, ("shown",)),
            ({"position": "4x", "played": 5}, 400, ("4x",)),
            ({"position": "44", "played": 5, "extra": 1}, 422, ("extra",)),
        ]:
            assert_error(post(server.url, MISSED, body), status, *words)
        status, err = server.stop()
    assert status == 0, err
    (exercise,) = exercises(review_game("4455"), 1)
    with Progress(history) as progress:  # as the terminal's retry records the same miss
        attempts = [(a.puzzle, a.puzzle_set, a.result, a.moves) for a in progress.attempts()]
        assert progress.stats().failed == 1
    assert attempts == [
        (exercise_id(exercise), MISTAKES_SET, "failed", "5"),
        ("6x5:-", MISTAKES_SET, "skipped", ""),
    ]
