"""``fourinarow kaggle export``, run as a user would."""

from __future__ import annotations

import tarfile
from pathlib import Path

from tests.cli.conftest import Run


def test_export_writes_the_tar_gz_and_says_what_it_holds(run: Run, tmp_path: Path) -> None:
    result = run("kaggle", "export", "--agent", "level:5", "--out", str(tmp_path / "sub"))
    assert result.returncode == 0, result.stderr
    archive = tmp_path / "sub" / "submission.tar.gz"
    assert f"wrote {archive}" in result.stdout
    assert "agent level:5" in result.stdout
    with tarfile.open(archive) as tar:
        main = tar.extractfile("main.py")
        assert main is not None
        assert "'level:5'" in main.read().decode()


def test_export_single_file_pure_python(run_process: Run, tmp_path: Path) -> None:
    """As a process (this command's one): its exit status and the file it writes."""
    result = run_process(
        "kaggle", "export", "--out", str(tmp_path), "--single-file", "--pure-python"
    )
    assert result.returncode == 0, result.stderr
    assert "pure Python only" in result.stdout
    assert (tmp_path / "main.py").is_file()
    assert not (tmp_path / "submission.tar.gz").exists()


def test_a_bad_spec_or_place_is_one_line_and_exit_2(run: Run, tmp_path: Path) -> None:
    result = run("kaggle", "export", "--agent", "nobody", "--out", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.startswith("fourinarow kaggle: error: unknown agent 'nobody'")
    assert len(result.stderr.splitlines()) == 1
    (tmp_path / "file").write_text("")
    result = run("kaggle", "export", "--out", str(tmp_path / "file" / "sub"))
    assert result.returncode == 2
    assert f"{tmp_path / 'file'} is a file, not a folder" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    result = run("kaggle", "export", "--out", str(tmp_path / "file"))
    assert result.returncode == 2
    assert "cannot write the submission into" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_export_needs_out_and_kaggle_needs_an_action(run: Run) -> None:
    assert run("kaggle", "export").returncode == 2
    assert run("kaggle").returncode == 2
    helped = run("kaggle", "export", "--help")
    assert helped.returncode == 0
    assert "--single-file" in helped.stdout
    assert "standard library" in helped.stdout
