"""`pairkit bench --engine gpu`: the gpu engine's throughput per set, per stage, beside the CPU
engine on the same batch (and checked equal to it). Kernel times come from CUDA events around
launches on device-resident data (no transfers), the validation kernel (pk_validate: curve
equation and subgroup test of both points) timed on its own; end-to-end times include the host
checks (lengths, encodings, decompression), the copies and every kernel; "layout" times the
device-side conversion between byte rows and the word layout (kernels/layout.cuh), in and out.
The markdown goes into its own section of BENCHMARKS.md (between the markers below), leaving the
CPU figures as they are. Each device run (H100, H200), dated: docs/gpu-runs/LOG.md."""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from pairkit import api
from pairkit.errors import PairkitError
from pairkit.gpu import engine, layout, prime_source, source
from pairkit.protocols import bls
from pairkit.reports.bench import replace_section
from pairkit.reports.steps import Progress, no_progress

BEGIN, END = "<!-- gpu-engine:begin -->", "<!-- gpu-engine:end -->"
GOALS = {"ss2-283": 1_000_000, "ss2-1223": 100_000}  # pairings/s
PRIME_GOALS = {"bls12-381": 200_000, "bn254": 300_000}  # fused pairings/s (issue 40)
PRIME_BLOCKS = (32, 64, 128, 256)
TABLE_HEAD = (
    "| set | algorithm | batch | == CPU | Miller /s | final exp /s | fused /s | validate /s | layout /s "
    "| end to end /s | host checks /s | CPU engine /s | goal /s | comb, block |"
)
TABLE_RULE = "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"


def _batch(set_id: str, n: int, seed: int) -> np.ndarray:
    return np.frombuffer(b"".join(api.random_points(set_id, n, seed)), np.uint8).reshape(n, -1).copy()


def _event_seconds(k: engine.GpuKernels | engine.PrimeGpuKernels, launch, repeats: int) -> float:
    """Median seconds of launch() between two CUDA events (the first call, which loads the module,
    not counted)."""
    cp, times = k.cp, []
    for _ in range(repeats + 1):
        a, b = cp.cuda.Event(), cp.cuda.Event()
        a.record()
        launch()
        b.record()
        b.synchronize()
        times.append(cp.cuda.get_elapsed_time(a, b) / 1000.0)
    return float(np.median(times[1:]))


def _end_to_end(set_id: str, P, Q) -> tuple:
    """The whole batch through ``api.pair_batch`` on the GPU engine and on the CPU: (equal, GPU s, CPU s)."""
    t = time.perf_counter()
    got = api.pair_batch(set_id, P, Q, engine="gpu")
    t_gpu = time.perf_counter() - t
    t = time.perf_counter()
    want = api.pair_batch(set_id, P, Q)
    return bool((got == want).all()), t_gpu, time.perf_counter() - t


def _kernel_seconds(k: engine.GpuKernels, coords, stage: str, repeats: int) -> float:
    """Seconds of one launch of `stage` over the whole batch, data already on the device."""
    cp, n = k.cp, coords[0].shape[0]

    d_in = cp.asarray(layout.pack(coords, k.m))
    d_out, d_st = cp.empty_like(d_in), cp.empty(n, dtype=cp.uint32)
    return _event_seconds(k, lambda: k.launch(stage, (d_in, d_out, d_st, np.uint32(n), np.int32(0)), n), repeats)


def _layout_seconds(k: engine.GpuKernels, rows: np.ndarray, repeats: int) -> float:
    """Seconds of pk_rows_to_words then pk_words_to_rows over the whole batch, on the device."""
    cp, n = k.cp, rows.shape[0]
    d_rows, d_words = cp.asarray(rows.reshape(-1)), cp.empty(4 * source.words(k.m) * n, dtype=cp.uint32)

    def launch():
        k.launch_layout("rows_to_words", (d_rows, d_words, np.uint32(n)), n)
        k.launch_layout("words_to_rows", (d_words, d_rows, np.uint32(n)), n)

    return _event_seconds(k, launch, repeats)


def bench_set(set_id: str, n: int, repeats: int) -> dict:
    alg = api.default_algorithm(set_id)
    k = engine.GpuKernels(set_id, alg)
    P, Q = _batch(set_id, n, 1), _batch(set_id, n, 2)
    t = time.perf_counter()
    coords = engine.prepare(set_id, P, Q, alg).coords
    t_host = time.perf_counter() - t
    ml = k.run(coords, "miller")
    nb = ml.shape[1] // 4
    ml_coords = [ml[:, i * nb : (i + 1) * nb] for i in range(4)]
    kern = {
        "miller": _kernel_seconds(k, coords, "miller", repeats),
        "final_exp": _kernel_seconds(k, ml_coords, "final_exp", repeats),
        "pair": _kernel_seconds(k, coords, "pair", repeats),
        "validate": _kernel_seconds(k, coords, "validate", repeats),
        "layout": _layout_seconds(k, np.hstack([P, Q]), repeats),
    }
    equal, t_gpu, t_cpu = _end_to_end(set_id, P, Q)
    return {
        "set": set_id,
        "alg": alg,
        "n": n,
        "comb": k.comb,
        "block": k.block,
        "equal_to_cpu": equal,
        "kernel_per_s": {s: n / v for s, v in kern.items()},
        "end_to_end_per_s": n / t_gpu,
        "host_checks_per_s": n / t_host,
        "cpu_per_s": n / t_cpu,
        "goal_per_s": GOALS.get(set_id),
    }


def run(sets: list[str], n: int, repeats: int = 5, progress: Progress = no_progress) -> dict:
    """Every set's figures on the device; ``progress`` one step a set."""
    cp = engine.cupy_module()
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.runtime.getDevice())
    results = []
    for i, s in enumerate(sets):
        progress(i, len(sets), s)
        results.append(bench_set(s, n if source.param(s).m < 600 else max(1, n // 8), repeats))
    progress(len(sets), len(sets), "done")
    return {
        "device": props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"]),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "results": results,
    }


def markdown(report: dict, command: str) -> str:
    L = [
        BEGIN,
        "## GPU engine (CUDA, lane per instance)",
        "",
        f"- device: {report['device']}; date: {report['date']}; command: `{command}`",
        "- kernel: CUDA events around one launch over the batch on device-resident data (median);",
        "  validate: pk_validate alone (curve equation + subgroup test of P and Q, per pair of points);",
        "  layout: pk_rows_to_words + pk_words_to_rows (byte rows <-> word layout, in and out, per pairing);",
        '  end to end: `api.pair_batch(..., engine="gpu")` (host checks, copies, every kernel);',
        "  host checks: lengths, encodings, infinity, decompression on the CPU (`engine.prepare`);",
        "  CPU: `api.pair_batch` on every core of the GPU's host machine, same batch; docs/GPU.md has the ceilings;",
        "  comb, block: where the comb product's window table lives (kernels/gf2m.cuh) and threads per block.",
    ]
    if any(prime_source.is_prime_set(r["set"]) for r in report["results"]):
        L += [
            "  bn254 / bls12-381 (issue 40): the encodings checked on the host (numpy; the Rust decoder for",
            "  compressed points), curve and subgroup tests in pk_validate, the word layout on the host (layout: —),",
            "  last column: where the F_p product lives (kernels/fp.cuh) and threads per block.",
        ]
    L += [
        "",
        TABLE_HEAD,
        TABLE_RULE,
    ]
    for r in report["results"]:
        if prime_source.is_prime_set(r["set"]):
            L.append(prime_row(r))
            continue
        k = r["kernel_per_s"]
        goal = f"{r['goal_per_s']:,}" if r["goal_per_s"] else ""
        L.append(
            f"| {r['set']} | {r['alg']} | {r['n']:,} | {'yes' if r['equal_to_cpu'] else 'NO'} | "
            f"{k['miller']:,.0f} | {k['final_exp']:,.0f} | {k['pair']:,.0f} | {k['validate']:,.0f} | "
            f"{k['layout']:,.0f} | "
            f"{r['end_to_end_per_s']:,.0f} | {r['host_checks_per_s']:,.0f} | {r['cpu_per_s']:,.0f} | {goal} | "
            f"{r.get('comb', 'local')}, {r.get('block', 128)} |"
        )
    verdicts = [
        f"{r['set']}: {'met' if r['kernel_per_s']['pair'] >= r['goal_per_s'] else 'missed'} (fused kernel "
        f"{r['kernel_per_s']['pair']:,.0f}/s = {100 * r['kernel_per_s']['pair'] / r['goal_per_s']:.1f}% of "
        f"{r['goal_per_s']:,}/s; end to end {r['end_to_end_per_s']:,.0f}/s)"
        for r in report["results"]
        if r["goal_per_s"]
    ]
    if verdicts:
        L += ["", "Goals (issues 7 and 40): " + "; ".join(verdicts) + "."]
    L += products_markdown([r for r in report["results"] if prime_source.is_prime_set(r["set"])], report.get("bls"))
    return "\n".join(L + ["", END]) + "\n"


def write_section(path: str, section: str) -> None:
    """Replace the GPU section of the markdown file at path (or append it)."""
    replace_section(path, section, BEGIN, END)


DEFAULT_SETS = list(source.GPU_SETS)


# -- the prime sets (bn254, bls12-381: engine.PrimeGpuKernels) ---------------------------------------


def bench_prime_set(
    set_id: str,
    n: int,
    repeats: int,
    blocks: tuple[int, ...] = PRIME_BLOCKS,
    fp_mul: str = prime_source.DEFAULT_FP_MUL,
) -> dict:
    """The prime kernels of set_id's default algorithm on n random pairs: the NVRTC compile time, each
    stage's kernel-only rate (CUDA events, device-resident words; pk_validate: curve and subgroup
    tests of P and Q) per block size, the registers and local memory ptxas gave pk_pair, the end-to-end
    rate of api.pair_batch(engine="gpu") (host checks of the encodings, layout on the host, copies,
    pk_validate, pk_pair), the host checks' rate, the CPU engine's rate on the same batch and whether
    the outputs are equal (the end-to-end path runs the default F_p product variant; the kernel rates
    run ``fp_mul``); and multi_pair over the whole batch on both engines (pairs/s, equal)."""
    alg = api.default_algorithm(set_id)
    t = time.perf_counter()
    k = engine.PrimeGpuKernels(set_id, alg, fp_mul=fp_mul)
    t_compile = time.perf_counter() - t
    cp = k.cp
    P = np.frombuffer(b"".join(api.random_points(set_id, n, 1)), np.uint8).reshape(n, -1).copy()
    Q = np.frombuffer(b"".join(api.random_points(set_id, n, 2, group=2)), np.uint8).reshape(n, -1).copy()
    t = time.perf_counter()
    rows = engine.prime_batch(set_id, P, Q).rows
    t_host = time.perf_counter() - t
    ml = k.run(rows, "miller")
    equal_stages = bool((k.run(ml, "final_exp") == api.pair_batch(set_id, P, Q)).all())
    words = {s: cp.asarray(k.words(r)) for s, r in (("miller", rows), ("pair", rows), ("final_exp", ml))}
    words["validate"] = words["pair"]
    d_out = cp.empty(prime_source.GT_COORDS * k.nl * n, dtype=cp.uint32)
    d_st = cp.empty(n, dtype=cp.uint32)

    def rate(stage: str) -> float:
        args = (words[stage], d_out, d_st, np.uint32(n), np.int32(0))
        return n / _event_seconds(k, lambda: k.launch(stage, args, n), repeats)

    per_block = {}
    for b in blocks:
        k.block = b
        per_block[b] = rate("pair")
    best = max(per_block, key=lambda b: per_block[b])
    k.block = best
    kern = {"miller": rate("miller"), "final_exp": rate("final_exp"), "pair": per_block[best]}
    kern["validate"] = rate("validate")
    attrs = getattr(k.fn["pair"], "attributes", {}) or {}
    equal, t_gpu, t_cpu = _end_to_end(set_id, P, Q)
    t = time.perf_counter()
    mp_gpu = api.multi_pair(set_id, P, Q, engine="gpu")
    t_mp_gpu = time.perf_counter() - t
    t = time.perf_counter()
    mp_cpu = api.multi_pair(set_id, list(map(bytes, P)), list(map(bytes, Q)))
    t_mp_cpu = time.perf_counter() - t
    return {
        "set": set_id,
        "alg": alg,
        "n": n,
        "fp_mul": fp_mul,
        "block": best,
        "pair_per_s_by_block": {str(b): v for b, v in per_block.items()},
        "registers": attrs.get("num_regs"),
        "local_bytes": attrs.get("local_size_bytes"),
        "compile_s": t_compile,
        "equal_to_cpu": equal and equal_stages,
        "kernel_per_s": kern,
        "end_to_end_per_s": n / t_gpu,
        "host_checks_per_s": n / t_host,
        "cpu_per_s": n / t_cpu,
        "goal_per_s": PRIME_GOALS.get(set_id),
        "multi_pair": {"equal": mp_gpu == mp_cpu, "gpu_pairs_per_s": n / t_mp_gpu, "cpu_pairs_per_s": n / t_mp_cpu},
    }


BLS_GOAL_RATIO = 10.0  # issue 40: BLS batch verification >= 10x the host's CPU engine, end to end


def bench_bls(n: int, bad: int = 1000) -> dict:
    """min-pk BLS batch verification of n distinct messages (basic scheme) on both engines, end to end
    (``Ciphersuite.batch_verify``: hashing on the host, then the device's part or the CPU engine's
    native batch), each verdict True; then the first ``bad`` triples with two signatures swapped,
    False on both. The signers' secret keys are small integers (1 + i mod 1009: signing cost does
    not matter here, verification does not depend on the keys). Also the host's hashing alone."""
    s = bls.ciphersuite("min-pk", "basic")
    sks = [1 + i % 1009 for i in range(n)]
    pk_of = {k: s.sk_to_pk(k) for k in set(sks)}
    msgs = [b"pairkit gpu bench message %d" % i for i in range(n)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as ex:  # the native calls release the GIL
        sigs = list(ex.map(s.sign, sks, msgs, chunksize=256))
    pks = [pk_of[k] for k in sks]
    t = time.perf_counter()
    for m in msgs[: min(n, 2000)]:
        api.hash_to_point("bls12-381", m, s.dst, group=2)
    t_hash = (time.perf_counter() - t) / min(n, 2000)
    t = time.perf_counter()
    ok_gpu = s.batch_verify(pks, msgs, sigs, engine="gpu")
    t_gpu = time.perf_counter() - t
    t = time.perf_counter()
    ok_cpu = s.batch_verify(pks, msgs, sigs)
    t_cpu = time.perf_counter() - t
    b = min(bad, n)
    swapped = sigs[:b]
    if b >= 2:
        swapped[0], swapped[1] = swapped[1], swapped[0]
    bad_gpu = s.batch_verify(pks[:b], msgs[:b], swapped, engine="gpu")
    bad_cpu = s.batch_verify(pks[:b], msgs[:b], swapped)
    return {
        "what": "bls-batch-verify",
        "variant": "min-pk",
        "n": n,
        "verdicts_equal": ok_gpu == ok_cpu and bad_gpu == bad_cpu,
        "valid_verdict": ok_gpu,
        "bad_verdict": bad_gpu,
        "bad_n": b,
        "gpu_per_s": n / t_gpu,
        "cpu_per_s": n / t_cpu,
        "speedup": t_cpu / t_gpu,
        "goal_speedup": BLS_GOAL_RATIO,
        "hash_one_core_per_s": 1.0 / t_hash,
    }


def prime_row(r: dict) -> str:
    """One bn254 / bls12-381 row in the columns of :func:`markdown` (layout: on the host, no kernel;
    the last column: the F_p product variant and the block)."""
    k = r["kernel_per_s"]
    validate = f"{k['validate']:,.0f}" if "validate" in k else "—"
    return (
        f"| {r['set']} | {r['alg']} | {r['n']:,} | {'yes' if r['equal_to_cpu'] else 'NO'} | {k['miller']:,.0f} | "
        f"{k['final_exp']:,.0f} | {k['pair']:,.0f} | {validate} | — | {r['end_to_end_per_s']:,.0f} | "
        f"{r['host_checks_per_s']:,.0f} | {r['cpu_per_s']:,.0f} | {r['goal_per_s']:,} | "
        f"{r['fp_mul']} F_p product, {r['block']} |"
    )


def products_markdown(primes: list[dict], blsr: dict | None) -> list[str]:
    """The products of pairings (multi_pair) and BLS batch verification, GPU against the CPU engine."""
    rows = [r for r in primes if "multi_pair" in r]
    if not rows and blsr is None:
        return []
    L = [
        "",
        "Products of pairings on the GPU engine (one Miller loop per pair on the device, a product tree,",
        'one final exponentiation; end to end, `api.multi_pair(..., engine="gpu")` and',
        '`Ciphersuite.batch_verify(..., engine="gpu")` against the CPU engine on the same input):',
        "",
        "| work | batch | == CPU | GPU /s | CPU engine /s | GPU / CPU | goal |",
        "|---|---:|---|---:|---:|---:|---|",
    ]
    for r in rows:
        m = r["multi_pair"]
        L.append(
            f"| multi_pair {r['set']} | {r['n']:,} | {'yes' if m['equal'] else 'NO'} | {m['gpu_pairs_per_s']:,.0f} | "
            f"{m['cpu_pairs_per_s']:,.0f} | {m['gpu_pairs_per_s'] / m['cpu_pairs_per_s']:.2f}x | |"
        )
    if blsr is not None:
        verdict = "met" if blsr["speedup"] >= blsr["goal_speedup"] else "missed"
        L.append(
            f"| BLS batch verification, {blsr['variant']} (messages/s) | {blsr['n']:,} | "
            f"{'yes' if blsr['verdicts_equal'] else 'NO'} | {blsr['gpu_per_s']:,.0f} | {blsr['cpu_per_s']:,.0f} | "
            f"{blsr['speedup']:.2f}x | >= {blsr['goal_speedup']:.0f}x ({verdict}) |"
        )
        L += [
            "",
            f"(BLS: hashing a message to G2 on one host core: {blsr['hash_one_core_per_s']:,.0f}/s; "
            "it stays on the host.)",
        ]
    return L


def prime_markdown(results: list[dict], device: str, command: str) -> str:
    """The prime sets' rows on their own (scripts/gpu_prime_bench.py prints them)."""
    L = [
        f"- device: {device}; command: `{command}`; kernel: CUDA events, one launch over the batch on",
        '  device-resident words (median); end to end: `api.pair_batch(..., engine="gpu")` (host checks of the',
        "  encodings, pk_validate, pk_pair); CPU: `api.pair_batch` on every core.",
        "",
        TABLE_HEAD,
        TABLE_RULE,
    ]
    L += [prime_row(r) for r in results]
    L += products_markdown(results, None)
    return "\n".join(L) + "\n"


def load_dirs(paths: list[str]) -> dict:
    """:func:`_load_dirs`, a report that cannot be read or lacks a field a PairkitError naming it."""
    try:
        return _load_dirs(paths)
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise PairkitError(f"{', '.join(paths)}: not a device run's reports ({type(e).__name__}: {e})") from None


def _load_dirs(paths: list[str]) -> dict:
    """Device runs' JSON reports (scripts/gpu_session.sh's $OUT: bench-ss2-*.json from
    gpu_variants.py --bench, bench-prime-<set>.json, bench-bls.json) as one report for
    :func:`markdown`; a later folder's row of a set replaces an earlier one's (so a kept run's rows
    and a new run's merge). PairkitError when the folders hold none."""
    by_set: dict[str, dict] = {}
    blsr = None
    devices, dates = set(), set()
    for path in paths:
        d = Path(path)
        binary = [json.loads(f.read_text()) for f in sorted(d.glob("bench-ss2-*.json"))]
        primes = [json.loads(f.read_text()) for f in sorted(d.glob("bench-prime-*.json"))]
        primes = [r for r in primes if r.get("fp_mul") == prime_source.DEFAULT_FP_MUL] or primes
        blsf = d / "bench-bls.json"
        here_bls = json.loads(blsf.read_text()) if blsf.exists() else None
        blsr = here_bls or blsr
        for r in binary:
            devices.add(r["device"])
            dates.add(r["date"])
            for x in r["results"]:
                by_set[x["set"]] = x
        for r in primes + ([here_bls] if here_bls else []):
            devices.add(r.get("device", "?"))
            if "date" in r:
                dates.add(r["date"])
            if "set" in r:
                by_set[r["set"]] = r
    if not by_set and blsr is None:
        raise PairkitError(f"{', '.join(paths)}: no bench-ss2-*.json, bench-prime-*.json or bench-bls.json to render")
    order = {s: i for i, s in enumerate(DEFAULT_SETS + list(prime_source.PRIME_SETS))}
    ds = sorted(dates)
    return {
        "device": ", ".join(sorted(devices)),
        "date": (ds[0] if len(ds) < 2 else f"{ds[0]} to {ds[-1]}") if ds else "?",
        "results": sorted(by_set.values(), key=lambda x: order.get(x["set"], 99)),
        "bls": blsr,
    }
