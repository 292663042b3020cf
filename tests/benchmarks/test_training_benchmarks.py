"""benchmarks/evaluation_calls.py and benchmarks/shared_network.py run end to end on small
boards' positions labelled by the solver."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from fourinarow.core import Geometry
from tests.benchmarks.scripts import run_script

NO_TORCH = "needs PyTorch, the training extra: pip install 'fourinarow[train]'"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from fourinarow.training.commands import main

    folder = tmp_path_factory.mktemp("positions")
    files = {}
    for size in ("5x4", "4x5"):
        out = folder / f"{size}c4.npz"
        args = ["positions", "--size", size, "--games", "30", "--seed", "1", "--out", str(out)]
        assert main(args) == 0
        files[size] = out
    return files


def test_evaluation_calls_compares_the_threats_evaluation_and_networks(
    data: dict[str, Path], tmp_path: Path
) -> None:
    np = pytest.importorskip("numpy")
    from fourinarow.training.quantized import FloatWeights, QuantizedNetwork

    rng = np.random.default_rng(1)
    weights = FloatWeights(
        rng.uniform(-1, 1, (8, 40)), rng.uniform(0, 1, 8), rng.uniform(-1, 1, (4, 8)),
        rng.uniform(0, 1, 4), rng.uniform(-3, 3, 4), 0.1,
    )  # fmt: skip
    net = tmp_path / "5x4c4.net"
    QuantizedNetwork.from_float(Geometry(5, 4, 4), weights).write(net)
    result = run_script("evaluation_calls.py", "--data", str(data["5x4"]), "--network", str(net))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("5x4 connect 4, ")
    assert lines[1].startswith("| evaluation | 0-7 stones | 8-22 stones |")
    assert [line.split(" | ")[0] for line in lines[3:]] == ["| threats", f"| {net} (8-4)"]


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason=NO_TORCH)
def test_shared_network_trains_one_network_each_and_one_for_both(data: dict[str, Path]) -> None:
    result = run_script(
        "shared_network.py", "--first", str(data["5x4"]), "--second", str(data["4x5"]),
        "--hidden", "8,4", "--epochs", "1",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [line.split(" | ")[:2] for line in result.stdout.splitlines()[2:6]]
    assert rows == [["| 5x4", "its own"], ["| 4x5", "its own"], ["| 5x4", "shared"],
                    ["| 4x5", "shared"]]  # fmt: skip
