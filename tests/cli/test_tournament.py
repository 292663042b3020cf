"""``fourinarow match``, ``tournament`` and ``experiment`` as a new user meets them: help texts,
refused combinations, missing extras and databases, and what Ctrl-C says."""

from __future__ import annotations

from pathlib import Path

from fourinarow.tournament import Store
from tests.cli.conftest import Run


def test_the_help_texts_print_percent_signs_once(run: Run) -> None:
    for command in ("tournament", "match", "experiment"):
        result = run(command, "--help")
        assert result.returncode == 0
        assert "%%" not in result.stdout
    assert "95% intervals" in run("tournament", "--help").stdout


def test_resuming_an_empty_database_says_so_in_plain_words(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    Store(db).close()
    result = run("tournament", "--resume", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow tournament: error: there is no tournament to resume in {db}\n"
    )


def test_a_doubly_named_agent_is_named(run: Run, tmp_path: Path) -> None:
    result = run("tournament", "random", "simple", "random", "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2
    assert "'random' is named more than once" in result.stderr


def test_a_tournament_without_agents_says_what_to_type(run: Run, tmp_path: Path) -> None:
    result = run("tournament", "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2
    assert "at least two agents, not 0: fourinarow tournament SPEC SPEC" in result.stderr
    assert "--resume" in result.stderr
