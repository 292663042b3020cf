"""The float model trained in PyTorch on positions with exact results.

The model is the one of :mod:`fourinarow.training.quantized` (two clamped hidden layers, one
logit), trained by Adam on the binary cross-entropy of ``sigmoid(logit)`` against the exact
result (1 a win, 0.5 a draw, 0 a loss). Each position of a batch is mirrored with even odds
(the mirror image has the same result). Given weights, each position's loss counts that many
times (a batch's loss is the weighted mean). After every step the weights are clamped to
:data:`~fourinarow.training.quantized.LIMITS`, so that rounding them to the file's integers
never overflows. The same seed, data and thread count train the same weights.

PyTorch and NumPy are imported when training starts (the ``train`` extra brings them).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fourinarow.training.dataset import Positions, features, measures, mirror_order
from fourinarow.training.quantized import LIMITS, FloatWeights

__all__ = ["Settings", "train_network"]

LEAK = 0.05
"""The share of the gradient a clamped unit passes back while it is outside 0..1."""


@dataclass(frozen=True)
class Settings:
    """How to train: hidden layer sizes, epochs over the data, batch size, Adam's learning rate
    (it falls along a half cosine to a tenth of it by the last epoch), the random seed, the
    CPU threads PyTorch may use, and whether the network reads threat cells too."""

    hidden: tuple[int, int] = (64, 16)
    epochs: int = 30
    batch: int = 512
    learning_rate: float = 0.003
    seed: int = 0
    threads: int = 1
    threats: bool = False


def train_network(
    train: Positions,
    held_out: Positions,
    settings: Settings,
    report: Callable[[dict[str, float]], None] | None = None,
    *,
    weights: Any = None,
    hard: Any = None,
) -> tuple[FloatWeights, list[dict[str, float]]]:
    """Train the float model on ``train``; answer its weights and one record per epoch (the
    training loss, and the loss, Brier score and accuracy on the proven positions of
    ``held_out``), each also passed to ``report`` as it is made.

    ``weights`` (one a position of ``train``, or ``None`` for all 1) weight each position's
    loss; ``hard`` (booleans, one a position of ``held_out``) picks positions measured apart
    too, as ``held_out_hard_...`` in each record."""
    import numpy as np
    import torch

    torch.manual_seed(settings.seed)
    torch.set_num_threads(settings.threads)
    rng = np.random.default_rng(settings.seed)
    shape = train.shape
    h1, h2 = settings.hidden
    blocks = 4 if settings.threats else 2
    view = shape if settings.threats else None
    model = torch.nn.Sequential(
        torch.nn.Linear(blocks * shape.cells, h1),
        _Clamp(),
        torch.nn.Linear(h1, h2),
        _Clamp(),
        torch.nn.Linear(h2, 1),
    )
    layers = [model[0], model[2], model[4]]
    with torch.no_grad():  # start every first-layer unit inside its clamp's open range
        layers[0].bias.uniform_(0.2, 0.6)
        layers[1].bias.uniform_(0.1, 0.4)
    optimizer = torch.optim.Adam(model.parameters(), lr=settings.learning_rate)
    x = torch.from_numpy(features(train.cells, view))
    target = torch.from_numpy(train.target.astype(np.float32)[:, None])
    mirror = torch.from_numpy(
        np.concatenate([block * shape.cells + mirror_order(shape) for block in range(blocks)])
    )
    weight = None if weights is None else torch.from_numpy(np.asarray(weights, np.float32)[:, None])
    hard_at = None if hard is None else np.asarray(hard, dtype=bool)[held_out.proven]
    held_out = held_out.subset(held_out.proven)  # measured against proven results only
    held_x = torch.from_numpy(features(held_out.cells, view)).float()
    records: list[dict[str, float]] = []
    for epoch in range(1, settings.epochs + 1):
        started = time.perf_counter()
        share = (epoch - 1) / max(1, settings.epochs - 1)
        rate = settings.learning_rate * (0.1 + 0.9 * (1 + math.cos(math.pi * share)) / 2)
        for group in optimizer.param_groups:
            group["lr"] = rate
        model.train()
        order = torch.from_numpy(rng.permutation(len(train)))
        flips = torch.from_numpy(rng.random(len(train)) < 0.5)
        total = 0.0
        for start in range(0, len(train), settings.batch):
            picked = order[start : start + settings.batch]
            batch = x[picked].float()
            flip = flips[picked]
            batch[flip] = batch[flip][:, mirror]
            if weight is None:
                loss = torch.nn.functional.binary_cross_entropy_with_logits(
                    model(batch), target[picked]
                )
            else:
                each = torch.nn.functional.binary_cross_entropy_with_logits(
                    model(batch), target[picked], reduction="none"
                )
                loss = (each * weight[picked]).sum() / weight[picked].sum()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            _clamp(layers)
            total += float(loss.detach()) * len(picked)
        record: dict[str, float] = {
            "epoch": epoch,
            "learning_rate": rate,
            "train_bce": total / len(train),
        }
        logits = _logits(model, held_x)
        held = measures(logits, held_out.result)
        record |= {f"held_out_{name}": value for name, value in held.items() if name != "positions"}
        if hard_at is not None:
            held = measures(logits[hard_at], held_out.result[hard_at])
            record |= {f"held_out_hard_{name}": value for name, value in held.items()}
        record["seconds"] = time.perf_counter() - started
        records.append(record)
        if report is not None:
            report(record)
    return _weights(layers), records


def _Clamp() -> Any:  # noqa: N802 (it stands for a class)
    """``clamp(x, 0, 1)``, exactly, whose gradient outside 0..1 is a small share of the one
    inside rather than none: a unit pushed out of range by a step can come back."""
    import torch

    class Function(torch.autograd.Function):  # type: ignore[misc]
        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            ctx.save_for_backward(x)
            return x.clamp(0.0, 1.0)

        @staticmethod
        def backward(ctx: Any, grad: Any) -> Any:
            (x,) = ctx.saved_tensors
            inside = (x >= 0) & (x <= 1)
            return grad * torch.where(inside, 1.0, LEAK)

    class Module(torch.nn.Module):  # type: ignore[misc]
        def forward(self, x: Any) -> Any:
            return Function.apply(x)

    return Module()


def _clamp(layers: list[Any]) -> None:
    import torch

    with torch.no_grad():
        layers[0].weight.clamp_(-LIMITS["w1"], LIMITS["w1"])
        layers[0].bias.clamp_(-LIMITS["b1"], LIMITS["b1"])
        layers[1].weight.clamp_(-LIMITS["w2"], LIMITS["w2"])
        layers[2].weight.clamp_(-LIMITS["w3"], LIMITS["w3"])


def _logits(model: Any, x: Any) -> Any:
    import torch

    model.eval()
    with torch.no_grad():
        return model(x)[:, 0].double().numpy()


def _weights(layers: list[Any]) -> FloatWeights:
    def array(tensor: Any) -> Any:
        return tensor.detach().double().numpy().copy()

    return FloatWeights(
        w1=array(layers[0].weight),
        b1=array(layers[0].bias),
        w2=array(layers[1].weight),
        b2=array(layers[1].bias),
        w3=array(layers[2].weight)[0],
        b3=float(layers[2].bias.detach()[0]),
    )
