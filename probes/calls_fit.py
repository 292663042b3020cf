"""Probe (not shipped): fit call thresholds on some cached runs, measure on others.

    python probes/calls_fit.py --fit probes/data/7x6-seed2.json probes/data/7x6-seed3.json \
        --test probes/data/7x6-default.json
"""

from __future__ import annotations

import argparse
import math
from collections import Counter

from calls_analyse import load

from fourinarow.search.constants import FORCED


def called(value, low, high, lower, upper):
    c = 1 if value > high else -1 if value < low else 0
    if lower is not None:
        if c == -1 and lower >= 0:
            c = 0 if lower == 0 else 1
        elif c == 1 and upper <= 0:
            c = 0 if upper == 0 else -1
        elif c == 0 and (lower > 0 or upper < 0):
            c = 1 if lower > 0 else -1
    return c


def right(rows, key, low, high):
    return sum(called(key(r), low, high, r["lower"], r["upper"]) == r["truth"] for r in rows)


def fit(rows, key):
    best = None
    for low in range(-40, 21):
        for high in range(low, 41):
            n = right(rows, key, low - 0.5, high + 0.5)
            # prefer the narrowest band around the centre among ties
            score = (n, -abs(low + high))
            if best is None or score > best[0]:
                best = (score, low - 0.5, high + 0.5)
    return best[1], best[2]


def brier(rows, key, scale):
    total = 0.0
    for r in rows:
        v = key(r)
        e = 1 / (1 + math.exp(-max(-700, min(700, v / scale))))
        total += (e - (r["truth"] + 1) / 2) ** 2
    return total / len(rows)


def fit_scale(rows, key):
    return min((brier(rows, key, s / 2), s / 2) for s in range(4, 120))


def deepest(r):
    return r["by_depth"][r["depth"]]


def previous(r):
    return r["by_depth"].get(r["depth"] - 1, deepest(r))


def mean2(r):
    return r["value"]


def even_odd(r):
    """Parity-corrected deepest: the deepest value shifted by half the swing."""
    d = r["depth"]
    v = deepest(r)
    if abs(v) > FORCED:
        return v
    return v + (5 if d % 2 else -5)


def static(r):
    return r["static"] if r["static"] is not None else r["value"]


def blend(weight):
    def key(r):
        if abs(r["value"]) > FORCED:
            return r["value"]
        return weight * static(r) + (1 - weight) * r["value"]

    return key


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--fit", nargs="+")
    p.add_argument("--test", nargs="+")
    a = p.parse_args()
    train = [r for path in a.fit for r in load(path)]
    test = [r for path in a.test for r in load(path)]
    print(f"fit on {len(train)} columns, test on {len(test)}")
    keys = {
        "mean2 (shipped)": mean2,
        "deepest": deepest,
        "previous": previous,
        "static": static,
        "deepest+parity": even_odd,
    }
    for w in (0.25, 0.5):
        keys[f"blend static {w}"] = blend(w)
    base = right(test, mean2, -1.81, 1.81)
    print(f"shipped edges on test: {base}/{len(test)} = {100 * base / len(test):.1f}%")
    for name, key in keys.items():
        low, high = fit(train, key)
        tr = right(train, key, low, high)
        te = right(test, key, low, high)
        b, s = fit_scale(train, key)
        print(
            f"{name:22s} band ({low:+.1f}, {high:+.1f}) fit {100 * tr / len(train):.1f}%"
            f"  test {100 * te / len(test):.1f}% ({te}/{len(test)})"
            f"  scale {s} Brier fit {b:.4f} test {brier(test, key, s):.4f}"
            f" (at 9: {brier(test, key, 9):.4f})"
        )
    # confusion of shipped calls on test
    conf = Counter(
        (r["truth"], called(mean2(r), -1.81, 1.81, r["lower"], r["upper"])) for r in test
    )
    print("confusion (truth, call):", sorted(conf.items()))


if __name__ == "__main__":
    main()
