"""Hard positions: the ``hardness`` command's labels (settled by the solver within a node
limit or not), and the ``train`` command's ``--hard`` and ``--hard-weight`` that measure them
apart and weight them up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourinarow.core import Geometry
from tests.training.commands import HAS_TORCH, NO_TORCH, training


@pytest.fixture(scope="module")
def book_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """7x6 positions of 8 to 12 stones with their exact results, from the opening book."""
    pytest.importorskip("numpy")
    from fourinarow.training.commands import main

    out = tmp_path_factory.mktemp("data") / "7x6c4-book.npz"
    args = ["book", "--size", "7x6", "--per-ply", "8", "--first-ply", "8", "--out", str(out)]
    assert main([*args, "--seed", "3"]) == 0
    return out


def label(data: Path, out: Path, nodes: int, *extra: str) -> dict[str, Any]:
    np = pytest.importorskip("numpy")
    from fourinarow.training.commands import main

    args = ["hardness", "--size", "7x6", "--data", str(data), "--nodes", str(nodes)]
    assert main([*args, "--out", str(out), *extra]) == 0
    with np.load(out) as found:
        return {name: found[name] for name in found.files}


def test_a_position_is_settled_when_its_bounds_decide_the_result(
    book_data: Path, tmp_path: Path
) -> None:
    np = pytest.importorskip("numpy")
    quick = label(book_data, tmp_path / "quick.npz", 2_000)
    settled, lower, upper, result = (
        np.asarray(quick[k]) for k in ("settled", "lower", "upper", "result")
    )
    assert len(settled) == 40  # 8 positions of each of 8..12 stones
    assert set(np.asarray(quick["ply"]).tolist()) == {8, 9, 10, 11, 12}
    assert 0 < settled.sum() < len(settled)  # some settle within 2,000 nodes, some do not
    decided = (lower > 0) | (upper < 0) | ((lower == 0) & (upper == 0))
    assert (settled == decided).all()
    assert (np.sign(lower[settled]) == result[settled]).all()  # settled the right way
    assert (np.asarray(quick["nodes"])[~settled] >= 2_000).all()
    assert int(quick["node_limit"]) == 2_000
    # more nodes settle at least the same positions; the same arguments, the same labels
    slow = label(book_data, tmp_path / "slow.npz", 50_000)
    assert (np.asarray(slow["cells"]) == np.asarray(quick["cells"])).all()
    assert np.asarray(slow["settled"])[settled].all()
    assert np.asarray(slow["settled"]).sum() > settled.sum()
    again = label(book_data, tmp_path / "again.npz", 2_000)
    assert all((np.asarray(again[k]) == np.asarray(quick[k])).all() for k in quick)


def test_hardness_labels_a_sample_of_the_plies_asked_for(book_data: Path, tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    found = label(book_data, tmp_path / "some.npz", 1_000, "--positions", "5", "--last-ply", "9")
    assert len(found["settled"]) == 5
    assert set(np.asarray(found["ply"]).tolist()) <= {8, 9}


def hard_file(path: Path, cells: object, settled: object, shape: tuple[int, int, int]) -> Path:
    np = pytest.importorskip("numpy")
    np.savez(
        path,
        cells=np.asarray(cells, dtype=np.uint8),
        settled=np.asarray(settled, dtype=bool),
        shape=np.array(shape, dtype=np.uint8),
    )
    return path


def test_hard_positions_are_found_as_themselves_or_their_mirror_image(
    book_data: Path, tmp_path: Path
) -> None:
    np = pytest.importorskip("numpy")
    from fourinarow.training.dataset import (
        TrainingDataError,
        hard_positions,
        load_positions,
        mirror_order,
        sample_weights,
    )

    shape = Geometry(7, 6, 4)
    positions = load_positions([book_data], shape)
    cells = positions.cells.copy()
    cells[1::2] = cells[1::2][:, mirror_order(shape)]  # every other one mirrored
    settled = np.arange(len(cells)) % 3 != 0  # every third one hard
    path = hard_file(tmp_path / "hard.npz", cells, settled, (7, 6, 4))
    hard = hard_positions(path, positions)
    assert hard.tolist() == (~settled).tolist()
    assert sample_weights(hard, 4.0).tolist() == np.where(settled, 1.0, 4.0).tolist()
    assert sample_weights(hard, 4.0).dtype == np.float32
    other = hard_file(tmp_path / "6x7.npz", cells[:, :42], settled, (6, 7, 4))
    with pytest.raises(TrainingDataError, match="6x7 connect 4"):
        hard_positions(other, positions)
    with pytest.raises(TrainingDataError, match=r"none\.npz does not exist"):
        hard_positions(tmp_path / "none.npz", positions)
    with pytest.raises(TrainingDataError, match="not a file of hardness labels"):
        hard_positions(book_data, positions)  # positions, no labels


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--hard-weight", "0"], "a weight is a number from 1 to 1000, not '0'"),
        (["--hard-weight", "x"], "not 'x'"),
        (["--hard-weight", "3"], "--hard-weight needs --hard FILE"),
        (["--hard", "none.npz"], "none.npz does not exist"),
    ],
)
def test_bad_hard_options_exit_2_with_one_line(
    book_data: Path, args: list[str], words: str
) -> None:
    if "--hard" in args and not HAS_TORCH:
        pytest.skip(NO_TORCH)  # the file is read once training can start
    result = training("train", "--data", str(book_data), "--out", "n.net", *args)
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr


def test_train_help_names_the_hard_options() -> None:
    result = training("train", "--help")
    assert result.returncode == 0
    assert "--hard FILE" in result.stdout
    assert "--hard-weight K" in result.stdout
    assert "hardness" in training("--help").stdout


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_hard_positions_are_measured_apart_and_weighted_only_when_asked(
    book_data: Path, tmp_path: Path
) -> None:
    np = pytest.importorskip("numpy")
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import held_out, load_positions

    shape = Geometry(7, 6, 4)
    positions = load_positions([book_data], shape)
    settled = np.arange(len(positions)) % 2 == 0
    hard = hard_file(tmp_path / "hard.npz", positions.cells, settled, (7, 6, 4))
    runs = {}
    for name, extra in (
        ("plain", []),
        ("measured", ["--hard", str(hard)]),
        ("weighted", ["--hard", str(hard), "--hard-weight", "8"]),
    ):
        net = tmp_path / f"{name}.net"
        args = ["train", "--size", "7x6", "--data", str(book_data), "--out", str(net)]
        assert main([*args, "--hidden", "8,4", "--epochs", "2", "--seed", "5", *extra]) == 0
        runs[name] = (net.read_bytes(), json.loads(net.with_suffix(".json").read_text()))
    assert runs["plain"][0] == runs["measured"][0]  # weight 1: the same network
    assert runs["weighted"][0] != runs["measured"][0]
    mask = held_out(positions)
    for name in ("measured", "weighted"):
        log = runs[name][1]
        final = log["final"]
        assert final["float_hard"]["positions"] == int((mask & ~settled).sum())
        assert final["quantized_hard"]["positions"] == final["float_hard"]["positions"]
        assert all("held_out_hard_accuracy" in epoch for epoch in log["epochs"])
        assert log["settings"]["hard"] == "hard.npz"
    assert runs["weighted"][1]["settings"]["hard_weight"] == 8
    assert "float_hard" not in runs["plain"][1]["final"]
