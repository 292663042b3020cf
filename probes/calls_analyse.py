"""Probe (not shipped): analyse probes/data/*.json of calls_probe.py.

python probes/calls_analyse.py probes/data/7x6-default.json
"""

from __future__ import annotations

import json
import math
import sys
from collections import Counter, defaultdict
from pathlib import Path

from fourinarow.search.constants import FORCED

RESULT = {"win": 1, "draw": 0, "loss": -1}


def load(path: str) -> list[dict]:
    data = json.loads(Path(path).read_text())
    rows = []
    for record in data["records"]:
        searches = record["searches"]
        for entry in record["values"]:
            if entry["kind"] != "estimate":
                continue
            column = entry["column"] - 1
            truth = record["truth"][column]
            if truth is None:
                continue
            by_depth = {d: s[column] for d, s in searches}
            rows.append(
                {
                    "record": record,
                    "column": column,
                    "truth": truth,
                    "value": entry["value"],
                    "depth": entry["depth"],
                    "lower": entry.get("lower"),
                    "upper": entry.get("upper"),
                    "static": record["static"][column],
                    "by_depth": by_depth,
                    "ply": record["ply"],
                }
            )
    return rows


def call(value: float, scale: float, edges: tuple[float, float], lower=None, upper=None) -> int:
    expected = 1 / (1 + math.exp(-max(-700, min(700, value / scale))))
    low, high = edges
    c = 1 if expected > high else -1 if expected < low else 0
    if lower is not None:
        if c == -1 and lower >= 0:
            c = 0 if lower == 0 else 1
        elif c == 1 and upper <= 0:
            c = 0 if upper == 0 else -1
        elif c == 0 and (lower > 0 or upper < 0):
            c = 1 if lower > 0 else -1
    return c


def share(rows, key, scale=9.0, edges=(0.45, 0.55)) -> tuple[int, int]:
    right = sum(call(key(r), scale, edges, r["lower"], r["upper"]) == r["truth"] for r in rows)
    return right, len(rows)


def pct(pair) -> str:
    return f"{100 * pair[0] / max(1, pair[1]):.1f}% ({pair[0]}/{pair[1]})"


def main() -> None:
    for path in sys.argv[1:]:
        rows = load(path)
        print(f"== {path}: {len(rows)} estimated columns")
        print("truths:", Counter(r["truth"] for r in rows))
        print("searched:", pct(share(rows, lambda r: r["value"])))
        static = [r for r in rows if r["static"] is not None]
        print("static  :", pct(share(static, lambda r: r["static"])))
        print(
            "deepest only:",
            pct(
                share(
                    rows,
                    lambda r: r["by_depth"][r["depth"]],
                )
            ),
        )
        # by depth reached
        groups = defaultdict(list)
        for r in rows:
            groups[r["depth"]].append(r)
        print("depth | n | searched | static | deepest | previous")
        for depth in sorted(groups):
            g = groups[depth]
            deep = share(g, lambda r: r["by_depth"][r["depth"]])
            prev = share(
                [r for r in g if r["depth"] - 1 in r["by_depth"]],
                lambda r: r["by_depth"][r["depth"] - 1],
            )
            print(
                depth,
                len(g),
                pct(share(g, lambda r: r["value"])),
                pct(share(g, lambda r: r["static"])),
                pct(deep),
                pct(prev),
            )
        # parity swing: per column, value at odd vs even depths
        swings = []
        for r in rows:
            d = {k: v for k, v in r["by_depth"].items() if v is not None and abs(v) < FORCED}
            if len(d) >= 4:
                odd = [v for k, v in d.items() if k % 2 == 1 and k >= 3]
                even = [v for k, v in d.items() if k % 2 == 0 and k >= 2]
                if odd and even:
                    swings.append(sum(odd) / len(odd) - sum(even) / len(even))
        if swings:
            print(
                f"mean(odd-depth value - even-depth value) over columns: "
                f"{sum(swings) / len(swings):.2f} (n={len(swings)}); "
                f"mean |.|: {sum(abs(s) for s in swings) / len(swings):.2f}"
            )
        print("by-depth mean value at each root depth, by truth:")
        for truth in (-1, 0, 1):
            means = []
            for depth in range(1, 16):
                vals = [
                    r["by_depth"][depth]
                    for r in rows
                    if r["truth"] == truth
                    and depth in r["by_depth"]
                    and r["by_depth"][depth] is not None
                    and abs(r["by_depth"][depth]) < FORCED
                ]
                if len(vals) >= 5:
                    means.append(f"d{depth}:{sum(vals) / len(vals):+.1f}({len(vals)})")
            print(" truth", truth, " ".join(means))


if __name__ == "__main__":
    main()
