"""``python -m fourinarow.training``: its help and its one-line refusals in a real process, and
a whole (small) training run: float model, held-out metrics, the quantized file and its log."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from fourinarow.core import Geometry
from fourinarow.search.scores import CALL_EDGES
from tests.training.commands import HAS_TORCH, NO_TORCH, training


def test_help_names_both_commands() -> None:
    result = training("--help")
    assert result.returncode == 0
    assert "positions" in result.stdout
    assert "train" in result.stdout
    assert result.stderr == ""


def test_train_help_names_its_options() -> None:
    result = training("train", "--help")
    assert result.returncode == 0
    for option in ("--size", "--data", "--out", "--hidden", "--epochs", "--seed"):
        assert option in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["trian"], "invalid choice"),
        (["train", "--data", "a.npz"], "--out"),
        (["train", "--data", "missing.npz", "--out", "n.net", "--hidden", "64,x"], "--hidden"),
        (["train", "--data", "missing.npz", "--out", "n.net", "--hidden", "64"], "--hidden"),
        (["train", "--data", "missing.npz", "--out", "n.net", "--epochs", "0"], "--epochs"),
        (["train", "--size", "7by6", "--data", "m.npz", "--out", "n.net"], "7by6"),
        (["positions", "--size", "7x6", "--games", "-1", "--out", "p.npz"], "--games"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: list[str], words: str) -> None:
    result = training(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_missing_or_foreign_data_exits_2_with_one_line(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    result = training("train", "--data", str(tmp_path / "none.npz"), "--out", "n.net")
    assert (result.returncode, result.stderr.count("\n")) == (2, 1), result.stderr
    assert "none.npz" in result.stderr
    other = tmp_path / "6x7.npz"
    np.savez(
        other,
        cells=np.zeros((3, 42), dtype=np.uint8),
        result=np.zeros(3, dtype=np.int8),
        ply=np.zeros(3, dtype=np.uint8),
        shape=np.array([6, 7, 4], dtype=np.uint8),
    )
    result = training("train", "--size", "7x6", "--data", str(other), "--out", "n.net")
    assert (result.returncode, result.stderr.count("\n")) == (2, 1), result.stderr
    assert "6x7" in result.stderr


@pytest.fixture(scope="module")
def small_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Positions of 5x4 labelled by the solver (a few seconds)."""
    from fourinarow.training.commands import main

    out = tmp_path_factory.mktemp("data") / "5x4c4-1.npz"
    assert (
        main(["positions", "--size", "5x4", "--games", "60", "--seed", "1", "--out", str(out)]) == 0
    )
    return out


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_a_training_run_writes_the_network_and_its_log(small_data: Path, tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import calls, held_out, load_positions
    from fourinarow.training.quantized import FloatWeights, QuantizedNetwork

    net = tmp_path / "5x4c4.net"
    args = ["train", "--size", "5x4", "--data", str(small_data), "--out", str(net)]
    assert main([*args, "--hidden", "16,8", "--epochs", "4", "--seed", "2"]) == 0
    log = json.loads(net.with_suffix(".json").read_text())
    assert [epoch["epoch"] for epoch in log["epochs"]] == [1, 2, 3, 4]
    assert all({"train_bce", "held_out_bce"} <= set(epoch) for epoch in log["epochs"])
    final = log["final"]
    assert final["held_out_positions"] > 0
    assert final["train_positions"] > final["held_out_positions"]
    assert abs(final["float"]["accuracy"] - final["quantized"]["accuracy"]) <= 0.02
    assert log["command"][:2] == ["train", "--size"]
    network = QuantizedNetwork.read(net)
    assert network.shape == Geometry(5, 4, 4)
    assert (network.h1, network.h2) == (16, 8)
    # the integer forward follows the float model (whose weights are kept beside) closely
    positions = load_positions([small_data], Geometry(5, 4, 4))
    cells = positions.cells[held_out(positions)]
    assert len(cells) == final["held_out_positions"]
    weights = FloatWeights.load(net.with_suffix(".weights.npz"))
    float_logits = weights.logits(cells)
    integer_logits = network.outputs(cells) / (127 * 64)
    assert np.abs(float_logits - integer_logits).max() < 0.1
    # the win/draw/loss calls differ only where the float logit is that close to an edge
    # (the call edges are symmetric about 1/2: one logit, + and -)
    low, high = CALL_EDGES
    assert low == pytest.approx(1 - high)
    edge = np.log(high / (1 - high))
    differ = calls(1 / (1 + np.exp(-float_logits))) != calls(1 / (1 + np.exp(-integer_logits)))
    assert np.all(np.abs(np.abs(float_logits[differ]) - edge) < 0.1)


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_the_same_seed_trains_the_same_network(small_data: Path, tmp_path: Path) -> None:
    from fourinarow.training.commands import main

    files = []
    for name in ("a", "b"):
        net = tmp_path / f"{name}.net"
        args = ["train", "--size", "5x4", "--data", str(small_data), "--out", str(net)]
        assert main([*args, "--hidden", "8,4", "--epochs", "2", "--seed", "7"]) == 0
        files.append(net.read_bytes())
    assert files[0] == files[1]


def test_plot_draws_the_runs_of_the_logs_given(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from fourinarow.training.commands import main

    row = {"positions": 40, "accuracy": 0.8, "brier": 0.1, "bce": 0.3}
    log = {
        "shape": [7, 6, 4],
        "hidden": [64, 16],
        "epochs": [{"epoch": e, "train_bce": 0.5 / e, "held_out_bce": 0.55 / e} for e in (1, 2, 3)],
        "final": {"by_ply": {str(p): {"float": row, "quantized": row} for p in (8, 9, 10)}},
    }
    path = tmp_path / "run.json"
    path.write_text(json.dumps(log))
    image = tmp_path / "curves.png"
    assert main(["plot", str(path), "--out", str(image)]) == 0
    assert image.read_bytes().startswith(b"\x89PNG")
    result = training("plot", str(tmp_path / "none.json"), "--out", str(image))
    assert (result.returncode, result.stderr.count("\n")) == (2, 1), result.stderr
    assert "none.json" in result.stderr


def soft_file(small_data: Path, tmp_path: Path) -> Path:
    """Every other position of ``small_data`` again, with a search's target (0.9) instead of
    its result, and as many positions of no proven result (their cells shifted up a column)."""
    np = pytest.importorskip("numpy")
    with np.load(small_data) as data:
        cells, ply = data["cells"][::2], data["ply"][::2]
    empty_last = cells[:, -4:].max(axis=1) == 0  # 5x4: the last column is empty
    moved = np.roll(cells[empty_last], 4, axis=1)
    out = tmp_path / "5x4c4-soft.npz"
    np.savez(
        out,
        cells=np.concatenate([cells, moved]),
        target=np.full(len(cells) + len(moved), 0.9, dtype=np.float32),
        ply=np.concatenate([ply, ply[empty_last]]),
        shape=np.array([5, 4, 4], dtype=np.uint8),
    )
    return out


def test_search_targets_are_trained_on_where_no_result_is_proven(
    small_data: Path, tmp_path: Path
) -> None:
    from fourinarow.training.dataset import UNPROVEN, load_positions

    shape = Geometry(5, 4, 4)
    proven = load_positions([small_data], shape)
    both = load_positions([soft_file(small_data, tmp_path), small_data], shape)
    assert (both.result != UNPROVEN).sum() == len(proven)
    assert (both.result == UNPROVEN).sum() > 0
    assert both.target[both.result == UNPROVEN].tolist() == pytest.approx(
        [0.9] * int((both.result == UNPROVEN).sum())
    )
    mine = both.result != UNPROVEN
    assert sorted(((both.target[mine] * 2) - 1).tolist()) == sorted(proven.result.tolist())


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_a_run_with_search_targets_measures_proven_positions_only(
    small_data: Path, tmp_path: Path
) -> None:
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import held_out, load_positions

    net = tmp_path / "5x4c4.net"
    files = [str(soft_file(small_data, tmp_path)), str(small_data)]
    args = ["train", "--size", "5x4", "--data", *files, "--out", str(net), "--epochs", "1"]
    assert main([*args, "--hidden", "8,4"]) == 0
    final = json.loads(net.with_suffix(".json").read_text())["final"]
    proven = load_positions([small_data], Geometry(5, 4, 4))
    assert final["unproven_positions"] > 0
    assert final["held_out_positions"] == int(held_out(proven).sum())


def test_book_writes_a_file_the_train_command_reads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import load_positions

    out = tmp_path / "5x4c4-book.npz"
    assert main(["book", "--size", "5x4", "--per-ply", "10", "--out", str(out)]) == 0
    positions = load_positions([out], Geometry(5, 4, 4))
    assert sorted(set(positions.ply.tolist())) == list(range(1, 9))
    assert len(positions) <= 80
    result = training("book", "--size", "8x7", "--out", str(tmp_path / "none.npz"))
    assert (result.returncode, result.stderr.count("\n")) == (2, 1), result.stderr
    assert "8x7 connect 4 has no opening book" in result.stderr
    assert not (tmp_path / "none.npz").exists()


def test_bootstrap_writes_search_targets_the_train_command_reads(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from fourinarow.search.networks import Network
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import UNPROVEN, load_positions

    shape = Geometry(5, 4, 4)
    net = tmp_path / "5x4c4.net"
    net.write_bytes(Network.random(shape, 8, 4, seed=3).to_bytes())
    out = tmp_path / "boot.npz"
    args = ["bootstrap", "--size", "5x4", "--network", str(net), "--games", "2"]
    assert main([*args, "--last-ply", "6", "--nodes", "500", "--out", str(out)]) == 0
    positions = load_positions([out], shape)
    assert len(positions) > 0
    assert (positions.result == UNPROVEN).all()
    assert positions.ply.max() <= 6
    assert ((positions.target >= 0) & (positions.target <= 1)).all()
    other = training("bootstrap", "--size", "7x6", "--network", str(net), "--last-ply", "6",
                     "--out", str(tmp_path / "x.npz"))  # fmt: skip
    assert (other.returncode, other.stderr.count("\n")) == (2, 1), other.stderr
    assert "not a network of 7x6 boards" in other.stderr


@pytest.mark.skipif(not HAS_TORCH, reason=NO_TORCH)
def test_a_network_that_reads_threat_cells_is_written_with_features_1(
    small_data: Path, tmp_path: Path
) -> None:
    np = pytest.importorskip("numpy")
    from fourinarow.training.commands import main
    from fourinarow.training.dataset import held_out, load_positions
    from fourinarow.training.quantized import FloatWeights, QuantizedNetwork

    net = tmp_path / "5x4c4.net"
    args = ["train", "--size", "5x4", "--data", str(small_data), "--out", str(net), "--threats"]
    assert main([*args, "--hidden", "16,8", "--epochs", "3", "--seed", "2"]) == 0
    network = QuantizedNetwork.read(net)
    assert network.features == 1
    assert net.read_bytes()[11] == 1
    positions = load_positions([small_data], network.shape)
    cells = positions.cells[held_out(positions)]
    weights = FloatWeights.load(net.with_suffix(".weights.npz"))
    difference = weights.logits(cells, network.shape) - network.outputs(cells) / (127 * 64)
    assert np.abs(difference).max() < 0.1


def test_positions_without_numpy_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fourinarow.training.commands import main

    monkeypatch.setitem(sys.modules, "numpy", None)  # as if NumPy were not installed
    out = tmp_path / "positions.npz"
    with pytest.raises(SystemExit) as ended:
        main(["positions", "--size", "5x4", "--games", "1", "--out", str(out)])
    assert ended.value.code == 2
    error = capsys.readouterr().err
    assert error.splitlines() == [
        "python -m fourinarow.training positions: error: writing positions needs NumPy: "
        "pip install 'fourinarow[train]'"
    ]
    assert not out.exists()
