"""Probe (not shipped): benchmarks/estimated_review.py with the weak-first narrowing.

python probes/weak_review.py
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

sys.argv = [sys.argv[0], "--evaluations", "network", "--size", "7x6"]
here = Path(__file__).resolve().parent
sys.path.insert(0, str(here))
sys.path.insert(0, str(here.parent / "benchmarks"))
source = (here / "weak_first.py").read_text().split("\nsize = sys.argv[1]")[0]
namespace: dict[str, object] = {"__name__": "weak_first", "__file__": str(here / "weak_first.py")}
exec(compile(source, "weak_first.py", "exec"), namespace)  # the narrowing, without its run

import fourinarow.agents.proofs as proofs  # noqa: E402

proofs._narrow_checked = namespace["narrow_weak_first"]  # type: ignore[assignment]
runpy.run_path(str(here.parent / "benchmarks" / "estimated_review.py"), run_name="__main__")
