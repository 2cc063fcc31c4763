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
from typing import Any

from . import _native, api, catalogue, registry
from .papers import GOAL_MUL_NS, GOAL_SPEEDUP_2CORES, GOAL_US, PAIRING_CYCLES, PAIRING_LATENCY_US

FIELD_OPS = ("mul", "sqr", "sqrt", "inv")  # binary sets
FIELD_OPS3 = ("mul", "sqr", "cube", "cbrt", "inv")  # characteristic three
FIELD_OPS_P = ("mul", "sqr", "inv", "sqrt")  # GF(p)
PRIME = ("typea", "bn", "bls12")
GOAL_MULTI8 = 4.5  # issue 4: multi_pair of 8 pairs <= 4.5x one pairing (bls12-381)


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


def _prime_extras(set_id: str, quick: bool, peers: bool, out: dict) -> None:
    """Preprocessed pairing, multi_pair of 8, and (``peers``) the peer libraries in the same run."""
    n = 20 if quick else 100
    out["prepared_us"] = statistics.median(_native.bench_pair_prepared(set_id, n)) / 1000.0
    out["multi8_us"] = statistics.median(_native.bench_multi_pair(set_id, 8, max(5, n // 4))) / 1000.0
    one = out["algorithms"][out["fastest"]]
    out["multi8_ratio"] = out["multi8_us"] / one
    # through Python as a peer is called: api.pair on encoded points (decode + subgroup checks included)
    qg = 1 if set_id == "typea-512" else 2
    P = api.random_points(set_id, 1, seed=11)[0]
    Q = api.random_points(set_id, 1, seed=12, group=qg)[0]
    from .peers import measure, median_us

    out["python_pair_us"] = median_us(lambda: api.pair(set_id, P, Q), 30 if quick else 200)
    out["peers"] = measure(set_id, 30 if quick else 200) if peers else []


def bench_set(set_id: str, quick: bool = False, peers: bool = False) -> dict:
    p = catalogue.get(set_id)
    prime = p.family in PRIME
    big = not isinstance(p, catalogue.ParamSetPrime) and p.m > 600  # prime: the ParamSetPrime families
    iters = (5 if big else 50) if quick else (30 if big else 400)
    if prime:
        iters = 20 if quick else 100
    out: dict[str, Any] = {"set": set_id, "m": getattr(p, "m", None), "family": p.family, "backend": api.backend(set_id),
           "algorithms": {}, "field_ns": {}}
    for op in (FIELD_OPS3 if p.family == "ss3" else FIELD_OPS_P if prime else FIELD_OPS):
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
    if prime:
        n = 64 if quick else 400
    P = api.random_points(set_id, n, seed=1)
    Q = api.random_points(set_id, n, seed=2, group=2 if api.asymmetric(set_id) else 1)
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
    if prime:
        _prime_extras(set_id, quick, peers, out)
    return out


def run(sets: list[str], quick: bool = False, peers: bool = False) -> dict:
    return {
        "machine": machine(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "results": [bench_set(s, quick, peers) for s in sets],
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
    rp = [r for r in report["results"] if r.get("family") in PRIME]
    if rp:
        L += ["", "## Field operations (GF(p), one core)", "",
              "| set | backend | mul ns | sqr ns | inv ns | sqrt ns (incl. one squaring) |",
              "|---|---|---:|---:|---:|---:|"]
        for r in rp:
            f = r["field_ns"]
            L.append(f"| {r['set']} | {r['backend']} | {f['mul']:.1f} | {f['sqr']:.1f} | {f['inv']:.0f} | {f['sqrt']:.0f} |")
        L += ["", "## Large characteristic: preprocessing, multi-pairing and the peer libraries", "",
              "pairkit's figures: `pair` timed inside Rust on validated points; `pair` through Python =",
              "`pairkit.api.pair` on encoded points (decode, on-curve and subgroup checks included); prepared = the",
              "fixed argument's Miller-loop lines precomputed (typea-512: the first argument P, as PBC's",
              "pairing_pp; bn254/bls12-381: the G2 argument). A peer's figure is one call of its Python binding on",
              "its own already-decoded points. ratio = pairkit (inside Rust) / peer: below 1 means pairkit is faster.",
              "",
              "| set | pairkit pair µs | through Python µs | prepared µs | multi_pair(8) µs | multi8 / one | peer | peer µs | ratio |",
              "|---|---:|---:|---:|---:|---:|---|---:|---:|"]
        for r in rp:
            one = r["algorithms"][r["fastest"]]
            base = (f"| {r['set']} | {one:.1f} | {r['python_pair_us']:.1f} | {r['prepared_us']:.1f} | "
                    f"{r['multi8_us']:.1f} | {r['multi8_ratio']:.2f}x |")
            from .peers import PEERS

            peers = r.get("peers") or [{"peer": "—", "missing": "not measured (run with --peers)"
                                        if r["set"] in PEERS else registry.entry(r["set"]).no_peer or "no peer on PyPI"}]
            for i, pe in enumerate(peers):
                lead = base if i == 0 else "| | | | | | |"
                if "us" in pe:
                    L.append(f"{lead} {pe['peer']} {pe['version']} | {pe['us']:.1f} | {one / pe['us']:.2f} |")
                else:
                    L.append(f"{lead} {pe['peer']} | {pe['missing']} | |")
        L += ["", f"Goals (issue 4): typea-512 ≤ 150 µs (≤ 100 µs prepared); bls12-381 ≤ 1.0x the fastest of pymcl / "
              f"blspy; multi_pair of 8 ≤ {GOAL_MULTI8:g}x one pairing; bn254 ≤ 1.0x mclbn256."]
    L += ["", "## Throughput", "",
          "| set | algorithm | one core /s | all cores /s | threads | speed-up | speed-up goal | batch |",
          "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in report["results"]:
        b = r["batch"]
        g = f"{r['goal_speedup']:g}x" if r.get("goal_speedup") else ""
        L.append(f"| {r['set']} | {r.get('fastest', r['default'])} | {r['single_core_per_s']:.0f} | {b['pairings_per_s']:.0f} | "
                 f"{b['threads']} | {r['speedup']:.2f}x | {g} | {b['n']} |")
    if report.get("backends"):
        from .bench_backends import markdown as backends_markdown

        L += backends_markdown(report["backends"])
    return "\n".join(L) + "\n"
