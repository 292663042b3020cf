"""Where the user's files go: the XDG data folder, or ~/.local/share."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.userdata import UnknownDataHomeError, data_file, data_folder


def test_xdg_data_home_when_it_is_an_absolute_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert data_folder() == tmp_path / "fourinarow"
    assert data_file("puzzles.sqlite3") == tmp_path / "fourinarow" / "puzzles.sqlite3"
    assert not (tmp_path / "fourinarow").exists()  # nothing is made


@pytest.mark.parametrize("value", [None, "", "relative/path"])
def test_the_home_folder_otherwise(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, value: str | None
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    if value is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", value)
    assert data_folder() == tmp_path / ".local" / "share" / "fourinarow"


def test_no_home_at_all_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(Path, "home", no_home)
    with pytest.raises(UnknownDataHomeError, match="set HOME or XDG_DATA_HOME"):
        data_folder()
