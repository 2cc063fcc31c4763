"""`pairkit bench`: end-to-end figures measured through the Rust core, beside the papers'.

Per-pairing and per-field-operation medians are timed inside Rust (no Python overhead);
all-core throughput times ``pair_batch`` from Python over a batch large enough to amortise it.
"""
from __future__ import annotations

import os
import platform
import statistics
import time
from datetime import datetime, timezone

from . import _native, api, catalogue
from .papers import GOAL_MUL_NS, GOAL_SPEEDUP_2CORES, GOAL_US, PAIRING_CYCLES, PAIRING_LATENCY_US

FIELD_OPS = ("mul", "sqr", "sqrt", "inv")  # binary sets
FIELD_OPS3 = ("mul", "sqr", "cube", "cbrt", "inv")  # characteristic three


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}"


def bench_set(set_id: str, quick: bool = False) -> dict:
    p = catalogue.get(set_id)
    big = p.m > 600
    iters = (5 if big else 50) if quick else (30 if big else 400)
    out = {"set": set_id, "m": p.m, "family": p.family, "backend": api.backend(set_id), "algorithms": {},
           "field_ns": {}}
    for op in (FIELD_OPS3 if p.family == "ss3" else FIELD_OPS):
        runs = _native.bench_field(set_id, op, 200 if op == "inv" else 5000)
        out["field_ns"][op] = statistics.median(runs)
    for alg in api.algorithms(set_id):
        runs = _native.bench_pair(set_id, alg, iters)
        out["algorithms"][alg] = statistics.median(runs) / 1000.0  # us
    default = api.default_algorithm(set_id)
    out["default"] = default
    fastest = min(out["algorithms"], key=out["algorithms"].get)
    out["fastest"] = fastest  # goals and throughput are stated for what a user would pick
    n = (256 if big else 2000) if not quick else (8 if big else 200)
    P = api.random_points(set_id, n, seed=1)
    Q = api.random_points(set_id, n, seed=2)
    api.pair_batch(set_id, P[:4], Q[:4], alg=fastest)  # warm the thread pool
    t = time.perf_counter()
    api.pair_batch(set_id, P, Q, alg=fastest)
    dt = time.perf_counter() - t
    out["batch"] = {"n": n, "pairings_per_s": n / dt, "threads": os.cpu_count()}
    # one core on the same validated path (decode + subgroup checks + pairing), for a fair speed-up
    t = time.perf_counter()
    for a, b in zip(P, Q):
        api.pair(set_id, a, b, alg=fastest)
    out["single_core_per_s"] = n / (time.perf_counter() - t)
    out["speedup"] = out["batch"]["pairings_per_s"] / out["single_core_per_s"]
    out["papers"] = PAIRING_LATENCY_US.get(set_id, [])
    out["papers_cycles"] = PAIRING_CYCLES.get(set_id, [])
    out["goal_speedup"] = GOAL_SPEEDUP_2CORES.get(set_id)
    out["goal_us"] = GOAL_US.get(set_id)
    out["goal_mul_ns"] = GOAL_MUL_NS.get(set_id)
    return out


def run(sets: list[str], quick: bool = False) -> dict:
    return {
        "machine": machine(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "results": [bench_set(s, quick) for s in sets],
    }


def markdown(report: dict, command: str) -> str:
    L = [
        "# pairkit benchmarks",
        "",
        f"- machine: {report['machine']}",
        f"- date: {report['date']}",
        f"- command: `{command}`",
        "- medians; per-pairing and per-operation times measured inside Rust on one core, on",
        "  already-validated points; throughput counts validated pairings (decode, on-curve and",
        "  subgroup checks included): one core = sequential `pair`, all cores = `pair_batch`. Paper figures are quoted from the seeds",
        "  (hardware on their own devices) and from the issue's software anchors; they are not re-measured.",
        "- field operations are latencies: each result feeds the next operation (a dependent chain, through",
        "  the engine's operation dispatch); criterion (`make bench-rust`, benches/field*.rs) also gives the",
        "  throughput of independent operations, which is what the pairings' Karatsuba products mostly see.",
        "",
        "## Pairing latency, one core",
        "",
        "| set | algorithm | median µs | goal µs | published figures (µs) |",
        "|---|---|---:|---:|---|",
    ]
    for r in report["results"]:
        papers = "; ".join(f"{v:g} ({src}: {what})" for src, what, v in r["papers"]) or "—"
        fastest = r.get("fastest", r["default"])
        for alg, us in r["algorithms"].items():
            tags = [t for t, on in (("default", alg == r["default"]), ("fastest", alg == fastest)) if on]
            star = f" ({', '.join(tags)})" if tags else ""
            goal = f"{r['goal_us']:g}" if r["goal_us"] and alg == fastest else ""
            L.append(f"| {r['set']} | {alg}{star} | {us:.1f} | {goal} | {papers if alg == fastest else ''} |")
    cyc = [(r["set"], c) for r in report["results"] for c in r.get("papers_cycles", [])]
    if cyc:
        L += ["", "Hardware figures the papers give in clock cycles (no clock stated), for scale:", ""]
        L += [f"- {sid}: {n:,} cycles ({src}: {what})" for sid, (src, what, n) in cyc]
    L += ["", "## Field operations (GF(2^m), one core)", "",
          "| set | backend | mul ns | sqr ns | sqrt ns | inv ns | mul goal ns |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in report["results"]:
        if r.get("family", "ss2") != "ss2":
            continue
        f = r["field_ns"]
        goal = f"{r['goal_mul_ns']:g}" if r["goal_mul_ns"] else ""
        L.append(f"| {r['set']} | {r['backend']} | {f['mul']:.1f} | {f['sqr']:.1f} | {f['sqrt']:.1f} | "
                 f"{f['inv']:.0f} | {goal} |")
    r3 = [r for r in report["results"] if r.get("family") == "ss3"]
    if r3:
        L += ["", "## Field operations (GF(3^m), one core)", "",
              "| set | backend | mul ns | sqr ns | cube ns | cube root ns | inv ns | mul goal ns |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
        for r in r3:
            f = r["field_ns"]
            goal = f"{r['goal_mul_ns']:g}" if r["goal_mul_ns"] else ""
            L.append(f"| {r['set']} | {r['backend']} | {f['mul']:.1f} | {f['sqr']:.1f} | {f['cube']:.1f} | "
                     f"{f['cbrt']:.1f} | {f['inv']:.0f} | {goal} |")
    L += ["", "## Throughput", "",
          "| set | algorithm | one core /s | all cores /s | threads | speed-up | speed-up goal | batch |",
          "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in report["results"]:
        b = r["batch"]
        g = f"{r['goal_speedup']:g}x" if r.get("goal_speedup") else ""
        L.append(f"| {r['set']} | {r.get('fastest', r['default'])} | {r['single_core_per_s']:.0f} | {b['pairings_per_s']:.0f} | "
                 f"{b['threads']} | {r['speedup']:.2f}x | {g} | {b['n']} |")
    return "\n".join(L) + "\n"
