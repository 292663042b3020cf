"""Tournaments: schedules, stored games, statistics, and resuming after Ctrl-C or a kill."""

from __future__ import annotations

import importlib.util
import json
import shlex
import signal
import sqlite3
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import pytest

from fourinarow.tournament import Settings, Store, elo_ratings, schedule, summarise
from fourinarow.tournament.one_game import GameRecord, GameSpec, play_game
from fourinarow.tournament.runner import run_local
from fourinarow.tournament.schedule import MAX_TOURNAMENT_GAMES, InvalidSettingsError
from tests.cli.conftest import run_in_process


def test_schedule_pairs_everyone_with_both_colours_and_is_reproducible() -> None:
    settings = Settings(("random", "simple", "aggressive"), games=4, seed=7, opening_plies=3)
    games = schedule(settings)
    assert len(games) == 3 * 4
    assert [g.index for g in games] == list(range(12))
    for a in settings.agents:
        firsts = sum(g.first == a for g in games)
        seconds = sum(g.second == a for g in games)
        assert firsts == seconds == 4
    assert all(len(g.opening) == 3 for g in games)
    assert schedule(settings) == games
    assert schedule(Settings(settings.agents, games=4, seed=8, opening_plies=3)) != games


FORTY = tuple(f"simple:blunder=0.{i:03d}" for i in range(1, 41))
"""Forty agents: 780 pairings."""


def test_any_game_of_a_schedule_is_the_one_its_order_makes() -> None:
    settings = Settings(("random", "simple", "aggressive", "defensive"), games=6, seed=5,
                        opening_plies=3, time=0.1)  # fmt: skip
    games = schedule(settings)
    listed = list(games)
    assert len(listed) == len(games) == 36
    assert [games[i] for i in range(36)] == listed
    assert games[-1] == listed[-1]
    assert games[7:20:3] == listed[7:20:3]
    with pytest.raises(IndexError):
        games[36]


def test_a_schedule_of_a_billion_games_is_made_only_as_far_as_it_is_read() -> None:
    settings = Settings(FORTY, games=1_000_000)
    tracemalloc.start()
    try:
        games = schedule(settings)
        first, last = games[0], games[-1]
        head = [game.index for _, game in zip(range(5), games, strict=False)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(games, Sequence)
    assert not isinstance(games, list)
    assert len(games) == 780 * 1_000_000
    assert (first.index, last.index, head) == (0, 780 * 1_000_000 - 1, [0, 1, 2, 3, 4])
    assert (first.first, first.second, last.first, last.second) == (
        FORTY[0], FORTY[1], FORTY[39], FORTY[38]
    )  # fmt: skip
    assert peak < 1_000_000  # bytes: a few games, not a list of them


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        (Settings(("random",)), "at least two agents"),
        (
            Settings(FORTY, games=1_000_000),
            "--games 1000000 for each of 780 pairings is 780,000,000 games: at most 1,000,000 "
            "are played in all; give --games 1282 or fewer",
        ),
        (Settings(FORTY, games=1284), f"at most {MAX_TOURNAMENT_GAMES:,} are played in all"),
        (Settings(("random", "random")), "'random' is named more than once"),
        (Settings(("random", "simple"), games=3), "an even number of games"),
        (Settings(("random", "simple"), opening_plies=-1), "--opening-plies"),
    ],
)
def test_unplayable_settings_say_why(settings: Settings, message: str) -> None:
    with pytest.raises(InvalidSettingsError, match=message):
        settings.check()


def test_a_game_is_the_same_whoever_plays_it() -> None:
    spec = GameSpec(0, "mcts:playouts=30", "alphabeta:depth=2", opening=(3, 3), seed=11)
    first, again = play_game(spec), play_game(spec)
    assert first.moves == again.moves
    assert first.moves[:2] == (3, 3)
    assert len(first.times) == len(first.nodes) == first.length - 2


def test_summaries_and_elo_order_the_agents(tmp_path: Path) -> None:
    settings = Settings(("random", "simple", "alphabeta:depth=4"), games=8, seed=1, opening_plies=2)
    with Store(tmp_path / "results.sqlite3") as store:
        tournament = store.create(settings, len(schedule(settings)))
        assert run_local(store, tournament, workers=1) == 24
        records = store.records(tournament)
    agents, pairings = summarise(records, settings.agents)
    by_name = {a.agent: a for a in agents}
    assert all(a.games == 16 for a in agents)
    assert by_name["random"].score < by_name["simple"].score < by_name["alphabeta:depth=4"].score
    assert all(a.low <= a.score <= a.high for a in agents)
    assert len(pairings) == 6
    ratings = elo_ratings(records, settings.agents)
    assert ratings["random"] == (0.0, 0.0)
    assert 0 < ratings["simple"][0] < ratings["alphabeta:depth=4"][0]
    assert all(error > 0 for name, (_, error) in ratings.items() if name != "random")


def test_stored_games_survive_and_a_rerun_plays_only_the_rest(tmp_path: Path) -> None:
    settings = Settings(("random", "simple"), games=6, seed=3)
    path = tmp_path / "results.sqlite3"
    with Store(path) as store:
        tournament = store.create(settings, 6)
        for spec in schedule(settings)[:2]:
            store.add(tournament, play_game(spec))
    with Store(path) as store:  # a new process would open it like this
        assert store.played_indexes(tournament) == {0, 1}
        assert run_local(store, tournament, workers=2) == 4
        assert run_local(store, tournament, workers=2) == 0
        assert store.played_indexes(tournament) == set(range(6))
    again = play_game(schedule(settings)[0])
    with Store(path) as store:  # as when two runs resume one tournament at once
        stored = store.records(tournament)
        store.add(tournament, again)
        assert store.records(tournament) == stored  # never stored twice, and no error


def record(first: str, second: str, winner: int | None) -> GameRecord:
    return GameRecord(GameSpec(0, first, second), (), winner, (), ())


def test_elo_follows_the_scores() -> None:
    games = [record("a", "b", 1)] * 6 + [record("b", "a", 2)] * 6 + [record("a", "b", None)] * 4
    ratings = elo_ratings(games, ["a", "b"], anchor="b")
    assert ratings["a"][0] > 150
    even = [record("a", "b", 1), record("b", "a", 1)] * 5
    assert abs(elo_ratings(even, ["a", "b"])["b"][0]) < 1e-6


# ------------------------------------------------------------------ the command, for real


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "fourinarow", *args]


def in_process(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The command, run in this process as a new process would run it."""
    return run_in_process(list(args), stdin="", env={}, timeout=timeout)


def stored_indexes(path: Path) -> list[int]:
    """The stored games' indexes; none while the run has made the file but not its tables."""
    with sqlite3.connect(path) as db:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
            return []
        return [i for (i,) in db.execute("SELECT game_index FROM games ORDER BY game_index")]


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill"])
def test_a_stopped_tournament_resumes_to_exactly_its_games(tmp_path: Path, stop: int) -> None:
    db = tmp_path / "results.sqlite3"
    args = ["tournament", "engine", "simple", "--games", "8", "--time-ms", "40", "--db", str(db)]
    process = subprocess.Popen(
        command(*args, "--workers", "2", "--quiet"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not db.exists() or len(stored_indexes(db)) < 2):
        time.sleep(0.05)
    try:
        process.send_signal(stop)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()  # if it did not stop, do not leave it playing through the other tests
        process.wait()
    assert "Traceback" not in stderr
    stopped_at = stored_indexes(db)
    assert 2 <= len(stopped_at) < 8
    resume = ["tournament", "--resume", "--db", str(db)]
    if stop == signal.SIGINT:  # it says how to go on, and that command does
        assert process.returncode == 130
        stopped, hint = stderr.strip().splitlines()[-2:]
        assert stopped == f"Stopped: {len(stopped_at)} of 8 games are stored."
        assert hint == f"Continue with: fourinarow tournament --resume 1 --db {db}"
        resume = shlex.split(hint.partition(": fourinarow ")[2])
    resumed = subprocess.run(
        command(*resume, "--json", "--workers", "2"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert stored_indexes(db) == list(range(8))
    results = json.loads(resumed.stdout)
    assert sum(a["games"] for a in results["agents"]) == 16


def test_the_command_prints_tables_json_and_csv(tmp_path: Path) -> None:
    db = str(tmp_path / "results.sqlite3")
    base = [
        "match",
        "random",
        "simple",
        "--games",
        "4",
        "--seed",
        "2",
        "--db",
        db,
        "--workers",
        "1",
    ]
    table = in_process(*base)
    assert table.returncode == 0, table.stderr
    assert "95% interval" in table.stdout
    assert "random vs simple" in table.stdout or "simple vs random" in table.stdout
    data = json.loads(in_process(*base, "--json").stdout)
    assert [a["agent"] for a in data["agents"]] == ["random", "simple"]
    assert data["settings"]["seed"] == 2
    rows = in_process(*base, "--csv")
    assert rows.stdout.splitlines()[0].startswith("agent,opponent,games,wins")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "random"], "a match is between two agents, not 1"),
        (["match", "random", "deepblue"], "unknown agent 'deepblue'"),
        (["tournament", "random", "simple", "--games", "3"], "an even number of games"),
        (["tournament", "--resume", "5"], "there is no results database"),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    result = in_process(*args, "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_the_ray_backend_gives_the_local_backends_games(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from fourinarow.tournament.distributed import run_ray

    settings = Settings(("random", "alphabeta:depth=2", "mcts:playouts=20"), games=4, seed=9,
                        opening_plies=2)  # fmt: skip
    results = {}
    for backend in ("local", "ray"):
        with Store(tmp_path / f"{backend}.sqlite3") as store:
            tournament = store.create(settings, len(schedule(settings)))
            if backend == "ray":
                assert run_ray(store, tournament, workers=2) == 12
            else:
                assert run_local(store, tournament, workers=2) == 12
            results[backend] = [(r.spec, r.moves, r.winner) for r in store.records(tournament)]
    assert results["ray"] == results["local"]


def test_plots_are_written_as_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    db, png = tmp_path / "r.sqlite3", tmp_path / "plots" / "elo.png"
    args = ["tournament", "random", "simple", "alphabeta:depth=2", "minimax:depth=2"]
    result = in_process(*args, "--games", "2", "--db", str(db), "--plot", str(png), "--quiet")
    assert result.returncode == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 10_000


def test_a_missing_extra_names_the_pip_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # importing either raises ImportError
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    db = tmp_path / "r.sqlite3"
    for option, extra in ((["--backend", "ray"], "ray"), (["--plot", "x.png"], "plot")):
        result = in_process(
            "match", "random", "simple", "--games", "2", "--db", str(db), "--quiet", *option
        )
        assert result.returncode == 2
        assert f"pip install 'fourinarow[{extra}]'" in result.stderr
        assert "Traceback" not in result.stderr
        assert not db.exists()  # found out before the tournament was made


def test_the_minimax_depths_experiment_writes_its_report(tmp_path: Path) -> None:
    out, db = tmp_path / "report", tmp_path / "r.sqlite3"
    args = ["experiment", "minimax-depths", "--games", "2", "--out", str(out), "--db", str(db)]
    result = in_process(*args, timeout=300)
    assert result.returncode == 0, result.stderr
    report = (out / "report.md").read_text()
    for heading in ("## 6x6: minimax against random", "## 7x6: minimax against minimax:depth=2"):
        assert heading in report
    assert report.count("\n| 5 |") == 6  # depth 5 against each opponent on both boards
    if importlib.util.find_spec("matplotlib") is not None:
        assert (out / "minimax-depths.png").exists()
    else:  # the tables are the report; the missing plot is said, with the extra that draws it
        assert "pip install 'fourinarow[plot]'" in result.stderr
    with sqlite3.connect(db) as connection:
        (games,) = connection.execute("SELECT COUNT(*) FROM games").fetchone()
    assert games == 2 * (3 * 5 - 2) * 2  # boards x matches (no self-play) x games
