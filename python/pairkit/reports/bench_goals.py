"""`pairkit bench --goals`: BENCHMARKS.md's CPU goals table, every row from one run on one machine.

Measured in this process (one core unless the row says otherwise, medians):

- the bls12-381 / bn254 GT values of the default algorithm against the interop vectors the peer
  libraries produced natively (``test-vectors/interop/``, each file names its libraries);
- every arithmetic backend pinned in its own process (``bench_backends.measure``): the best
  non-AVX-512 backend against the AVX-512 one of the same set, and the AVX2 GF(3^m) kernel's
  eta_T latency on ss3-97;
- the one-core latency of ss2-239 / ss2-283 (the fastest algorithm) and typea-512 (the default),
  timed inside Rust (``api.bench_pair``) on validated points;
- ss2-1223's split pairing (``api.pair_parallel``, 2 threads; and all cores) against ``api.pair``,
  wall clock through the API, validation included in both.

Read from the native benches run just before on the same machine (``scripts/cpu_goals.sh`` runs
them all and then this command): ``--validation FILE``, the ``validation-summary`` lines of
``cargo bench -p pairkit-core --bench validation -- summary-only``; ``--peers-criterion DIR``, the
criterion directory of ``crates/pairkit-peers`` (``benches/peers.rs``: pairkit, blst, arkworks and
mcl natively in one binary). A row whose input was not given says so instead of a figure.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pairkit import api, sets
from pairkit.errors import PairkitError
from pairkit.reports import bench_backends
from pairkit.reports.bench import machine, replace_section
from pairkit.reports.steps import Progress, no_progress

BEGIN, END = "<!-- goals:begin -->", "<!-- goals:end -->"
ROOT = Path(__file__).resolve().parents[3]  # the checkout (python/pairkit/reports/ under it)
#: the backends that need AVX-512 (the rest is what a CPU without it runs)
AVX512 = {"gf2m-vpclmul512", "gf3m-avx512"}
GOAL_BACKEND_RATIO = 1.4
GOAL_SS3_AVX2_US = 60.0
GOAL_LATENCY_US = {"ss2-239": 20.0, "ss2-283": 25.0, "typea-512": 150.0}
GOAL_PARALLEL = 0.6
GOAL_PEER_RATIO = 1.0
GOAL_VALIDATION = 0.8
INTEROP = {"bls12-381": "blst · zkcrypto · arkworks", "bn254": "arkworks · mcl"}
#: the native peer each large-characteristic set is held to (criterion function-name prefix)
NATIVE_PEER = {"bls12-381": "blst", "bn254": "mcl"}


def _interop() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for sid, want_libs in INTEROP.items():
        path = ROOT / "test-vectors" / "interop" / f"{sid}.json"
        try:
            doc = json.loads(path.read_text())
        except OSError as e:
            rows.append({"set": sid, "missing": f"{path.name}: {e.strerror}"})
            continue
        cases = doc["cases"]
        equal = sum(
            api.pair(sid, bytes.fromhex(c["g1"]), bytes.fromhex(c["g2"])) == bytes.fromhex(c["e"]) for c in cases
        )
        rows.append({"set": sid, "equal": equal, "cases": len(cases), "libraries": doc["libraries"], "want": want_libs})
    return rows


def _latency(sid: str, iters: int) -> dict[str, Any]:
    algs = api.algorithms(sid)
    per = {a: statistics.median(api.bench_pair(sid, a, iters)) / 1000.0 for a in algs}
    best = min(per, key=per.__getitem__) if sid != "typea-512" else api.default_algorithm(sid)
    return {"set": sid, "alg": best, "us": per[best], "backend": api.backend(sid)}


def _wall_us(f: Any, n: int) -> float:
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts) * 1e6


def _parallel(n: int) -> dict[str, Any]:
    sid = "ss2-1223"
    P = api.random_points(sid, 1, seed=1)[0]
    Q = api.random_points(sid, 1, seed=2)[0]
    want = api.pair(sid, P, Q)
    cores = os.cpu_count() or 1
    threads = sorted({1, 2, cores})
    for t in threads:  # the same bytes, and the pool and the plans warm before any timing
        if api.pair_parallel(sid, P, Q, threads=t) != want:
            raise PairkitError(f"bench --goals: pair_parallel({t} threads) differs from pair")
    serial = _wall_us(lambda: api.pair(sid, P, Q), n)
    par = {t: _wall_us(lambda t=t: api.pair_parallel(sid, P, Q, threads=t), n) for t in threads}
    return {"serial_us": serial, "threads_us": par, "cores": cores}


LINE = re.compile(
    r"validation-summary: (\S+) (\S+): one core: per pairing without validation ([\d.]+) us, "
    r"with ([\d.]+) us, throughput with/without ([\d.]+).*?\| all cores \((\d+) threads\): "
    r"without ([\d.]+) us, with ([\d.]+) us per pairing, ratio ([\d.]+)(.*)$"
)
POINT = re.compile(r"G(\d) per point: decode\+checks (\d+) ns, decode\+curve check (\d+) ns")


def parse_validation(text: str) -> list[dict[str, Any]]:
    """The ``validation-summary`` lines of benches/validation.rs (its ``summary_line``)."""
    rows = []
    for ln in text.splitlines():
        m = LINE.search(ln)
        if not m:
            continue
        g = m.groups()
        pts = {int(a): (int(b) - int(c)) for a, b, c in POINT.findall(g[9])}
        rows.append(
            {
                "set": g[0],
                "alg": g[1],
                "one": float(g[4]),
                "one_without_us": float(g[2]),
                "one_with_us": float(g[3]),
                "threads": int(g[5]),
                "all": float(g[8]),
                "subgroup_ns": pts,
            }
        )
    return rows


def parse_peers(base: Path) -> dict[str, dict[str, float]]:
    """Criterion medians (µs) per set and library from crates/pairkit-peers' `peers-native_<set>` groups."""
    out: dict[str, dict[str, float]] = {}
    for set_dir in sorted(base.glob("peers-native_*")):
        sid = set_dir.name.split("_", 1)[1]
        for d in sorted(set_dir.iterdir()):
            est = d / "new" / "estimates.json"
            if est.is_file():
                med = json.loads(est.read_text())["median"]["point_estimate"] / 1000.0
                out.setdefault(sid, {})[d.name] = med
    return out


def measure(
    quick: bool = False, validation: str | None = None, peers_dir: str | None = None, progress: Progress = no_progress
) -> dict[str, Any]:
    """Every row's figures; ``validation`` is the text holding the validation bench's summary lines; ``progress``
    one step for the backends and one per latency set and for the parallel rows."""
    load = os.getloadavg()[0]
    bench_sets = sets.bench_sets()
    rep: dict[str, Any] = {
        "machine": machine(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": load,
        "interop": _interop(),
    }
    total = 2 + len(GOAL_LATENCY_US)
    rep["backends"] = bench_backends.measure(
        bench_sets, quick, progress=lambda done, n, what: progress(0, total, f"backends {done}/{n}: {what}")
    )
    rep["default_backends"] = {s: api.backend(s) for s in bench_sets}
    rep["latency"] = []
    for i, s in enumerate(GOAL_LATENCY_US):
        progress(1 + i, total, f"{s} latency")
        rep["latency"].append(_latency(s, 20 if quick else 400))
    progress(total - 1, total, "parallel throughput")
    rep["parallel"] = _parallel(5 if quick else 60)
    progress(total, total, "done")
    rep["validation"] = parse_validation(validation) if validation is not None else None
    rep["peers"] = parse_peers(Path(peers_dir)) if peers_dir else None
    rep["load_end"] = os.getloadavg()[0]
    return rep


def _status(value: float, goal: float, lower_is_better: bool = True, unit: str = "", digits: int = 2) -> str:
    """'**met**', or 'missed by' the difference (in the goal's unit) and its share of the goal."""
    ok = value <= goal if lower_is_better else value >= goal
    if ok:
        return "**met**"
    by = value - goal if lower_is_better else goal - value
    return f"missed by {by:.{digits}f}{unit} ({by / goal * 100:.0f} %)"


def _backend_rows(rep: dict[str, Any]) -> list[str]:
    by_set: dict[str, list[dict[str, Any]]] = {}
    for r in rep["backends"]:
        by_set.setdefault(r["set"], []).append(r)
    L = []
    for sid, rows in by_set.items():
        timed = [r for r in rows if "us" in r]
        wide = [r for r in timed if r["backend"] in AVX512]
        rest = [r for r in timed if r["backend"] not in AVX512]
        if not wide:
            missing = [r for r in rows if r.get("pinned", "").split("=")[-1] in ("vpclmul512", "avx512")]
            why = (
                "no AVX-512 backend exists for GF(p): every backend here runs without AVX-512"
                if not missing
                else f"the AVX-512 backend cannot run on this CPU: {missing[0]['missing']}"
            )
            L.append(
                f"| best non-AVX-512 backend / AVX-512 backend, {sid} | ≤ {GOAL_BACKEND_RATIO:g}x | — | "
                f"not applicable | {why} |"
            )
            continue
        best = min(rest, key=lambda r: r["us"])
        ratio = best["us"] / wide[0]["us"]
        L.append(
            f"| best non-AVX-512 backend / AVX-512 backend, {sid} ({best['alg']}) | ≤ {GOAL_BACKEND_RATIO:g}x | "
            f"{ratio:.2f}x ({best['backend']} {best['us']:.1f} µs / {wide[0]['backend']} {wide[0]['us']:.1f} µs) | "
            f"{_status(ratio, GOAL_BACKEND_RATIO, unit='x')} | |"
        )
    return L


def markdown(rep: dict[str, Any], command: str) -> str:
    L = [
        BEGIN,
        "## Issue 21's goals, one run",
        "",
        f"- machine: {rep['machine']}; date: {rep['date']}; load average at the start {rep['load']:.1f}, "
        f"at the end {rep['load_end']:.1f}; command: `{command}`",
        "- default backends (what an unpinned engine picks on this CPU): "
        + ", ".join(f"{s} {b}" for s, b in rep["default_backends"].items()),
        "- one-core latencies are medians timed inside Rust on validated points; the split pairing is wall "
        "clock through `pairkit.api` with validation in both; the native-peer and validation rows come "
        "from the benches `scripts/cpu_goals.sh` runs just before this command on the same machine.",
        "",
        "| what | goal | measured | status | note |",
        "|---|---|---|---|---|",
    ]
    for r in rep["interop"]:
        if "missing" in r:
            L.append(
                f"| {r['set']} GT value = {INTEROP[r['set']]} | byte-identical | — | not measured | {r['missing']} |"
            )
            continue
        ok = r["equal"] == r["cases"]
        L.append(
            f"| {r['set']} GT value (default algorithm) | byte-identical to {r['want']} | {r['equal']} of "
            f"{r['cases']} pinned vectors equal | {'**met**' if ok else 'missed'} | vectors from "
            f"{'; '.join(r['libraries'])} |"
        )
    L += _backend_rows(rep)
    avx2 = [r for r in rep["backends"] if r["set"] == "ss3-97" and r.get("backend") == "gf3m-avx2" and "us" in r]
    if avx2:
        us = avx2[0]["us"]
        L.append(
            f"| ss3-97 eta_T, AVX2 kernel | ≤ {GOAL_SS3_AVX2_US:g} µs on an AVX2-only CPU | {us:.1f} µs | "
            f"{_status(us, GOAL_SS3_AVX2_US, unit=' µs', digits=1)} | the AVX2 kernel forced on this CPU, not an "
            "AVX2-only CPU |"
        )
    for r in rep["latency"]:
        goal = GOAL_LATENCY_US[r["set"]]
        L.append(
            f"| {r['set']} pairing, one core ({r['alg']}, {r['backend']}) | ≤ {goal:g} µs | {r['us']:.1f} µs | "
            f"{_status(r['us'], goal, unit=' µs', digits=1)} | |"
        )
    p = rep["parallel"]
    two = p["threads_us"].get(2)
    if two:
        ratio = two / p["serial_us"]
        others = ", ".join(
            f"{t} threads {us:.0f} µs ({us / p['serial_us']:.2f}x)" for t, us in p["threads_us"].items() if t != 2
        )
        L.append(
            f"| ss2-1223 pairing on 2 cores / one core (`pair_parallel`) | ≤ {GOAL_PARALLEL:g}x | {ratio:.2f}x "
            f"({two:.0f} / {p['serial_us']:.0f} µs) | {_status(ratio, GOAL_PARALLEL, unit='x')} | {others} |"
        )
    peers = rep["peers"]
    for sid, peer in NATIVE_PEER.items():
        if peers is None:
            L.append(
                f"| {sid} pairing / {peer}, natively | ≤ {GOAL_PEER_RATIO:.1f}x | — | not measured in this run | |"
            )
            continue
        med = peers.get(sid, {})
        ours = med.get("pairkit")
        theirs = next((v for k, v in med.items() if k.startswith(peer)), None)
        if ours is None or theirs is None:
            L.append(
                f"| {sid} pairing / {peer}, natively | ≤ {GOAL_PEER_RATIO:.1f}x | — | not measured | "
                f"the criterion run has {', '.join(sorted(med)) or 'no'} entries for {sid} |"
            )
            continue
        ratio = ours / theirs
        L.append(
            f"| {sid} pairing / {peer}, natively | ≤ {GOAL_PEER_RATIO:.1f}x | {ratio:.2f}x ({ours:.0f} / "
            f"{theirs:.0f} µs) | {_status(ratio, GOAL_PEER_RATIO, unit='x')} | criterion medians, one binary |"
        )
    if rep["validation"] is None:
        L.append(
            f"| `pair_batch` with validation / without, every set | ≥ {GOAL_VALIDATION:g} | — | not measured in "
            "this run | |"
        )
    else:
        for v in rep["validation"]:
            low = min(v["one"], v["all"])
            sub = "; ".join(f"G{g} subgroup check {ns / 1000:.1f} µs" for g, ns in sorted(v["subgroup_ns"].items()))
            L.append(
                f"| `pair_batch` with validation / without, {v['set']} ({v['alg']}) | ≥ {GOAL_VALIDATION:g} | "
                f"{v['one']:.3f} one core, {v['all']:.3f} all cores ({v['threads']} threads) | "
                f"{_status(low, GOAL_VALIDATION, lower_is_better=False, digits=3)} | pairing "
                f"{v['one_without_us']:.1f} µs; "
                f"{sub} |"
            )
    L += ["", END, ""]
    return "\n".join(L)


def write(path: str, rep: dict[str, Any], command: str) -> None:
    replace_section(path, markdown(rep, command), BEGIN, END)
