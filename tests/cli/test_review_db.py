"""``fourinarow review`` of stored games, on a database that a real ``fourinarow tournament``
wrote; as a process on a terminal and for Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from fourinarow.analysis import review_game
from fourinarow.tournament.one_game import play_game
from fourinarow.tournament.schedule import Settings, schedule
from fourinarow.tournament.store import Store
from tests.cli.conftest import Run, run_in_process

AGENTS = ("simple", "random", "level:3")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament of three agents, two games a pairing, two random opening moves."""
    path = tmp_path_factory.mktemp("review-db") / "results.sqlite3"
    played = run_in_process(
        ["tournament", *AGENTS, "--games", "2", "--opening-plies", "2", "--workers", "1",
         "--db", str(path), "--quiet"], stdin="", env={},
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    return path


def stored_games(db: Path) -> list[tuple[str, str, str, int | None]]:
    """(X agent, O agent, 1-based moves, winner) of every game of tournament 1."""
    with Store(db, create=False) as store:
        records = store.records(1)
    return [
        (r.spec.first, r.spec.second, "".join(str(c + 1) for c in r.moves), r.winner)
        for r in records
    ]


def test_list_shows_every_game_with_its_id_agents_result_and_moves(run: Run, db: Path) -> None:
    result = run("review", "--db", str(db), "--list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Tournament 1 (7x6, connect 4; 6 of 6 games stored; 2 random opening moves):"
    )
    assert lines[1].split() == ["game", "X", "O", "result", "moves"]
    games = stored_games(db)
    assert len(lines) == 2 + len(games)
    for number, (line, (first, second, moves, winner)) in enumerate(
        zip(lines[2:], games, strict=True), start=1
    ):
        result_words = ["draw"] if winner is None else ["XO"[winner - 1], "wins"]
        assert line.split() == [f"1:{number}", first, second, *result_words, moves]
    assert {first for first, *_ in games} == set(AGENTS)
    # --db alone lists too, and so does the default database (XDG_DATA_HOME)
    assert run("review", "--db", str(db)).stdout == result.stdout
    default = db.parent / "fourinarow" / "results.sqlite3"
    default.parent.mkdir(exist_ok=True)
    default.write_bytes(db.read_bytes())
    listed = run("review", "--list", "--tournament", env={"XDG_DATA_HOME": str(db.parent)})
    assert listed.stdout == result.stdout


def test_list_as_json(run: Run, db: Path) -> None:
    result = run("review", "--db", str(db), "--list", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["tournament"] == 1
    games = stored_games(db)
    assert [(g["X"], g["O"], g["moves"]) for g in data["games"]] == [g[:3] for g in games]
    assert data["games"][0]["id"] == "1:1"
    assert data["games"][0]["opening_plies"] == 2


def test_one_game_is_reviewed_as_its_moves_would_be_with_its_agents_named(
    run: Run, db: Path
) -> None:
    first, second, moves, _ = stored_games(db)[2]
    result = run("review", "--db", str(db), "--game", "1:3")
    assert result.returncode == 0, result.stderr
    head, rest = result.stdout.split("\n", 1)
    assert head == f"Game 1:3: X = {first}, O = {second}; moves 1-2 were the random opening"
    alone = run("review", moves)
    assert rest.startswith(alone.stdout)  # the same listing, then the agents' own moves
    tail = rest[len(alone.stdout) :].splitlines()
    assert tail[:2] == ["", "The agents' own moves (the opening left out):"]
    assert [line.split()[0] for line in tail[3:]] == [first, second]
    # the game's number alone is of the latest tournament
    assert run("review", "--db", str(db), "--game", "3").stdout == result.stdout
    assert run("review", "--db", str(db), "--game", "3", "--tournament", "1").stdout == (
        result.stdout
    )


def test_one_game_as_json(run: Run, db: Path) -> None:
    first, second, moves, winner = stored_games(db)[0]
    result = run("review", "--db", str(db), "--game", "1:1", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["id"], data["X"], data["O"], data["moves"]) == ("1:1", first, second, moves)
    assert data["result"] == ("draw" if winner is None else winner)
    assert [m["grade"] for m in data["review"]] == [m.grade for m in review_game(moves).moves]
    own = len(moves) - 2
    assert [a["agent"] for a in data["agents"]] == [first, second]
    assert [a["moves"] for a in data["agents"]] == [(own + 1) // 2, own // 2]


def test_a_tournament_is_summed_up_per_agent(run: Run, db: Path) -> None:
    result = run("review", "--db", str(db), "--tournament", "1")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Tournament 1 (7x6, connect 4; 6 of 6 games stored; 2 random opening moves): "
        "6 games reviewed"
    )
    assert lines[2].split() == [
        "agent", "games", "moves", "best", "?!", "?", "??", "~", "accuracy", "weighted",
        "??/game",
    ]  # fmt: skip
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:]}
    assert set(rows) == set(AGENTS)

    # the same figures from each game reviewed alone, the two opening moves left out
    expected: dict[str, list[str]] = {}
    for agent in AGENTS:
        grades = [
            move.grade
            for first, second, moves, _ in stored_games(db)
            if agent in (first, second)
            for move in review_game(moves).moves[2:]
            if (first, second)[move.player - 1] == agent
        ]
        counts = [grades.count(g) for g in ("best", "inaccuracy", "mistake", "blunder")]
        expected[agent] = ["4", str(len(grades)), *map(str, counts), "0"]
        assert rows[agent][-3] == f"{counts[0] / len(grades):.0%}"
        assert rows[agent][-1] == f"{counts[3] / 4:.2f}"
    assert {agent: row[:7] for agent, row in rows.items()} == expected

    # the latest tournament when the id is left out; JSON with the same figures
    assert run("review", "--db", str(db), "--tournament").stdout == result.stdout
    data = json.loads(run("review", "--db", str(db), "--tournament", "--json").stdout)
    assert data["tournament"] == 1
    assert len(data["games"]) == 6
    for summary in data["agents"]:
        row = expected[summary["agent"]]
        assert summary["games"] == 4
        assert summary["moves"] == int(row[1])
        assert summary["counts"]["blunder"] == int(row[5])
        assert summary["blunders_per_game"] == int(row[5]) / 4


def test_progress_shows_on_a_terminal_and_quiet_hides_it(db: Path) -> None:
    for quiet in ([], ["--quiet"]):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "fourinarow", "review", "--db", str(db), "--tournament", *quiet],
            encoding="utf-8",
            timeout=60,
            dimensions=(40, 120),
        )
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        seen = child.before or ""
        assert ("6/6" in seen) is not bool(quiet), seen
        assert "6 games reviewed" in seen


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "1:7"], "tournament 1 has no game 7: its games are 1-6"),
        (["--game", "2:1"], "there is no tournament 2 in {db} (the latest is tournament 1)"),
        (["--tournament", "5"], "there is no tournament 5 in {db}"),
        (["4453", "--game", "1"], "give either MOVES (4453) or a stored game"),
        (["-", "--tournament"], "give either MOVES (-) or a stored game"),
        (["--game", "1:1", "--list"], "--list shows a tournament's games: leave out --game"),
        (["--game", "1:1", "--tournament", "2"], "--game 1:1 is of tournament 1, not"),
        (["--game", "one"], "a game's id is T:N (game N of tournament T, from 1; see --list)"),
        (["--game", "1:0"], "a game's id is T:N"),
        (["--tournament", "0"], "a tournament's id is a number from 1, not '0'"),
    ],
)
def test_bad_ids_and_mixed_inputs_are_refused_in_one_line(
    run: Run, db: Path, args: list[str], message: str
) -> None:
    result = run("review", "--db", str(db), *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("fourinarow review: ")
    assert message.format(db=db) in result.stderr


def test_a_missing_database_and_no_game_at_all_are_refused(run: Run, tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    result = run("review", "--db", str(missing), "--game", "1")
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow review: error: there is no results database {missing}: give the file "
        "fourinarow tournament wrote with --db PATH\n"
    )
    assert not missing.exists()
    result = run("review", "--list", env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.returncode == 2
    assert f"there is no results database {tmp_path}/fourinarow/results.sqlite3" in (result.stderr)
    result = run("review")
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow review: error: give the game's MOVES (such as 4453, or - for standard "
        "input), or a stored game: --game ID, --tournament [ID] or --list (see --help)\n"
    )


def test_a_database_without_tournaments(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    Store(path).close()
    result = run("review", "--db", str(path), "--tournament")
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow review: error: there is no tournament in {path}: it holds none\n"
    )


def test_a_tournament_stopped_halfway_keeps_each_game_its_place(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "stopped.sqlite3"
    settings = Settings(agents=("simple", "random"), games=6, seed=3)
    specs = schedule(settings)
    with Store(path) as store:
        tournament = store.create(settings, len(specs))
        store.add_many(tournament, [play_game(specs[i]) for i in (0, 1, 3)])
    listed = run("review", "--db", str(path), "--list").stdout.splitlines()
    assert listed[0] == "Tournament 1 (7x6, connect 4; 3 of 6 games stored):"
    assert [line.split()[0] for line in listed[2:]] == ["1:1", "1:2", "1:4"]
    fourth = run("review", "--db", str(path), "--game", "1:4")
    assert fourth.returncode == 0, fourth.stderr
    assert fourth.stdout.splitlines()[1].startswith(f"Review of {listed[4].split()[-1]} ")
    missing = run("review", "--db", str(path), "--game", "1:3")
    assert missing.returncode == 2
    assert "tournament 1 has no game 3: its games are 1-2, 4 (see fourinarow review --list)" in (
        missing.stderr
    )
    summary = run("review", "--db", str(path), "--tournament")
    assert summary.stdout.startswith(
        "Tournament 1 (7x6, connect 4; 3 of 6 games stored): 3 games reviewed\n"
    )


@pytest.mark.slow
def test_ctrl_c_stops_a_long_tournament_review_at_once(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "big.sqlite3"
    played = run(
        "tournament", "random", "simple", "--games", "2", "--size", "8x7", "--db", str(path),
        "--quiet", "--workers", "1",
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    # without a book and without a limit, the empty 8x7 board takes far longer than this test
    with subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "review", "--db", str(path), "--tournament",
         "--no-limit"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    ) as process:  # fmt: skip
        try:
            time.sleep(2)
            assert process.poll() is None, "it ended before Ctrl-C"
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=10)
        finally:
            process.kill()
    assert process.returncode == 130
    assert stdout == ""
    assert stderr == "\n"
