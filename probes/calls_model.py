"""Probe (not shipped): could more features call better? An ordinal logistic model on the
fit seeds, measured on the default seed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from calls_analyse import load


def clip(v):
    return max(-80, min(80, v))


def features(path):
    rows = load(path)
    threats = json.loads(Path(path.replace(".json", "-threats.json")).read_text())
    xs, y = [], []
    for r, t in zip(rows, threats, strict=True):
        bd = r["by_depth"]
        d = r["depth"]
        deep = bd[d]
        prev = bd.get(d - 1, deep)
        static = r["static"] if r["static"] is not None else r["value"]
        lo = -10 if r["lower"] is None else max(-10, r["lower"])
        hi = 10 if r["upper"] is None else min(10, r["upper"])
        xs.append(
            [
                clip(r["value"]) / 10,
                clip(static) / 10,
                clip(deep) / 10,
                clip(prev) / 10,
                clip(t if t is not None else 0) / 10,
                lo / 10,
                hi / 10,
                r["ply"] / 10,
                (d % 2),
            ]
        )
        y.append(r["truth"])
    return np.array(xs), np.array(y), rows


def fit(x, y, cols, l2=0.01, steps=4000):
    """Ordinal logistic: P(y > -1) = s(w.x - a), P(y > 0) = s(w.x - b), a < b."""
    xc = x[:, cols]
    w = np.zeros(len(cols))
    a, b = -1.0, 1.0
    lr = 0.05
    for _ in range(steps):
        z = xc @ w
        p1 = 1 / (1 + np.exp(-(z - a)))  # P(y >= 0)
        p2 = 1 / (1 + np.exp(-(z - b)))  # P(y >= 1)
        # gradients of neg log lik
        # y=-1: -log(1-p1); y=0: -log(p1-p2); y=1: -log(p2)
        eps = 1e-9
        g_z = np.where(
            y == -1,
            p1,
            np.where(
                y == 1, -(1 - p2), -(p1 * (1 - p1) - p2 * (1 - p2)) / np.maximum(p1 - p2, eps)
            ),
        )
        g_a = np.where(y == -1, -p1, np.where(y == 1, 0, p1 * (1 - p1) / np.maximum(p1 - p2, eps)))
        g_b = np.where(
            y == -1, 0, np.where(y == 1, (1 - p2), -p2 * (1 - p2) / np.maximum(p1 - p2, eps))
        )
        w -= lr * (xc.T @ g_z / len(y) + l2 * w)
        a -= lr * g_a.mean()
        b -= lr * g_b.mean()
        if b < a + 0.01:
            b = a + 0.01
    return w, a, b


def predict(x, cols, w, a, b):
    z = x[:, cols] @ w
    p1 = 1 / (1 + np.exp(-(z - a)))
    p2 = 1 / (1 + np.exp(-(z - b)))
    probs = np.stack([1 - p1, p1 - p2, p2], 1)
    return probs.argmax(1) - 1


Xf, yf, _ = features("data/7x6-seed2.json")
X2, y2, _ = features("data/7x6-seed3.json")
Xf = np.vstack([Xf, X2])
yf = np.concatenate([yf, y2])
Xt, yt, _ = features("data/7x6-default.json")
names = ["mean2", "static", "deep", "prev", "threats", "lo", "hi", "ply", "odd"]
for cols in ([0], [2, 3], [0, 1], [0, 4], [2, 3, 8], [0, 5, 6], [0, 1, 4, 5, 6], list(range(9))):
    w, a, b = fit(Xf, yf, cols)
    pf = predict(Xf, cols, w, a, b)
    pt = predict(Xt, cols, w, a, b)
    print(
        [names[c] for c in cols],
        f"fit {100 * (pf == yf).mean():.1f}% test {100 * (pt == yt).mean():.1f}%",
        f"({(pt == yt).sum()}/{len(yt)})",
        "w",
        np.round(w, 2),
        round(a, 2),
        round(b, 2),
    )
