"""`pairkit bench --backends`: every arithmetic backend side by side, each pinned by its variable
(``PAIRKIT_GF2M_BACKEND``, ``PAIRKIT_GF3M_BACKEND``, ``PAIRKIT_FP_BACKEND``) in its own process,
since the variables are read when an engine is built. A backend the CPU lacks is listed with the
refusal's message (the missing CPU features)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from pairkit import sets
from pairkit.reports.steps import Progress, no_progress

BACKENDS = {
    "ss2": ("PAIRKIT_GF2M_BACKEND", ("portable", "clmul", "vpclmul256", "vpclmul512")),
    "ss3": ("PAIRKIT_GF3M_BACKEND", ("comb", "avx2", "avx512")),
    "prime": ("PAIRKIT_FP_BACKEND", ("portable", "mulx")),
}

CHILD = r"""
import json, statistics, sys
from pairkit import api, errors, sets
from pairkit.sets import Family
s, iters = sys.argv[1], int(sys.argv[2])
try:
    alg = "eta-t" if sets.get(s).family is Family.CHAR3 else api.default_algorithm(s)
    us = statistics.median(api.bench_pair(s, alg, iters)) / 1000
    mul = statistics.median(api.bench_field(s, "mul", 2000))
    print(json.dumps({"backend": api.backend(s), "alg": alg, "us": us, "mul_ns": mul}))
except errors.PairkitError as e:
    print(json.dumps({"missing": str(e)}))
"""


def family(set_id: str) -> str:
    p = sets.get(set_id)
    return p.kind if p.family.small_characteristic else "prime"


def measure(set_ids: list[str], quick: bool = False, progress: Progress = no_progress) -> list[dict[str, Any]]:
    """One row per (set, backend), each timed in its own process; ``progress`` one step a row."""
    rows: list[dict[str, Any]] = []
    total = sum(len(BACKENDS[family(s)][1]) for s in set_ids)
    for s in set_ids:
        p = sets.get(s)
        big = not isinstance(p, sets.PrimeSet) and p.m > 600
        var, names = BACKENDS[family(s)]
        for b in names:
            iters = (3 if quick else 10) if big else (20 if quick else 200)
            if big and b == "portable":
                iters = 2
            progress(len(rows), total, f"{s} pinned to {b}")
            env = {k: v for k, v in os.environ.items() if not k.startswith("PAIRKIT_")} | {var: b}
            r = subprocess.run(
                [sys.executable, "-c", CHILD, s, str(iters)], env=env, capture_output=True, text=True, timeout=600
            )
            out = (
                json.loads(r.stdout.strip().splitlines()[-1])
                if r.returncode == 0 and r.stdout.strip()
                else {"missing": f"exit {r.returncode}: {r.stderr.strip()[-200:]}"}
            )
            rows.append({"set": s, "pinned": f"{var}={b}"} | out)
    progress(total, total, "done")
    return rows


def markdown(rows: list[dict[str, Any]]) -> list[str]:
    L = [
        "",
        "## Backends side by side",
        "",
        "Each backend pinned in its own process (`PAIRKIT_*_BACKEND`); the default algorithm's pairing "
        "(eta-t on the characteristic-three sets), "
        "one core, medians; ratio = this backend's time / the fastest backend's on the same set.",
        "",
        "| set | algorithm | backend | median µs | mul ns | ratio |",
        "|---|---|---|---:|---:|---:|",
    ]
    best: dict[str, float] = {}
    for r in rows:
        if "us" in r:
            best[r["set"]] = min(best.get(r["set"], r["us"]), r["us"])
    for r in rows:
        if "us" in r:
            L.append(
                f"| {r['set']} | {r['alg']} | {r['backend']} | {r['us']:.1f} | {r['mul_ns']:.1f} | "
                f"{r['us'] / best[r['set']]:.2f}x |"
            )
        else:
            L.append(f"| {r['set']} | | {r['pinned']} | not available: {r['missing']} | | |")
    return L
