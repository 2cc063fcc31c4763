"""`pairkit bench --engine gpu`: the gpu engine's throughput per set, per stage, beside the CPU
engine on the same batch (and checked equal to it). Kernel times come from CUDA events around
launches on device-resident data (no transfers), the validation kernel (pk_validate: curve
equation and subgroup test of both points) timed on its own; end-to-end times include the host
checks (lengths, encodings, decompression), the copies and every kernel; "layout" times the
device-side conversion between byte rows and the word layout (kernels/layout.cuh), in and out.
The markdown goes into its own section of BENCHMARKS.md (between the markers below), leaving the
CPU figures as they are. Each device run (H100, H200), dated: docs/gpu-runs/LOG.md."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np

from pairkit import api
from pairkit.gpu import decode, engine, layout, prime_source, source
from pairkit.reports.bench import replace_section
from pairkit.reports.steps import Progress, no_progress

BEGIN, END = "<!-- gpu-engine:begin -->", "<!-- gpu-engine:end -->"
GOALS = {"ss2-283": 1_000_000, "ss2-1223": 100_000}  # pairings/s
PRIME_GOALS = {"bls12-381": 200_000, "bn254": 300_000}  # fused pairings/s (issue 40)
PRIME_BLOCKS = (32, 64, 128, 256)


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
        "",
        "| set | algorithm | batch | == CPU | Miller /s | final exp /s | fused /s | validate /s | layout /s "
        "| end to end /s | host checks /s | CPU engine /s | goal /s | comb, block |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in report["results"]:
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
        L += ["", "Goals (issue 7): " + "; ".join(verdicts) + "."]
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
    stage's kernel-only rate (CUDA events, device-resident words) per block size, the registers and
    local memory ptxas gave pk_pair, the end-to-end rate of api.pair_batch(engine="gpu") (host
    validation by the Rust decoder, layout on the host, copies, pk_pair), the host validation's rate,
    the CPU engine's rate on the same batch and whether the outputs are equal (the end-to-end path
    runs the default F_p product variant; the kernel rates run ``fp_mul``)."""
    alg = api.default_algorithm(set_id)
    t = time.perf_counter()
    k = engine.PrimeGpuKernels(set_id, alg, fp_mul=fp_mul)
    t_compile = time.perf_counter() - t
    cp = k.cp
    P = np.frombuffer(b"".join(api.random_points(set_id, n, 1)), np.uint8).reshape(n, -1).copy()
    Q = np.frombuffer(b"".join(api.random_points(set_id, n, 2, group=2)), np.uint8).reshape(n, -1).copy()
    t = time.perf_counter()
    rows = decode.prime_rows(set_id, P, Q)
    t_host = time.perf_counter() - t
    nb, bits = 4 * k.nl, k.bits
    ml = k.run(rows, "miller")
    equal_stages = bool((k.run(ml, "final_exp") == api.pair_batch(set_id, P, Q)).all())
    words = {
        s: cp.asarray(layout.pack([r[:, c * nb : (c + 1) * nb] for c in range(r.shape[1] // nb)], bits))
        for s, r in (("miller", rows), ("pair", rows), ("final_exp", ml))
    }
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
    attrs = getattr(k.fn["pair"], "attributes", {}) or {}
    equal, t_gpu, t_cpu = _end_to_end(set_id, P, Q)
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
    }


def prime_markdown(results: list[dict], device: str, command: str) -> str:
    """The prime sets' rows (a table of their own: no device validation or layout kernels yet)."""
    L = [
        f"- device: {device}; command: `{command}`; kernel: CUDA events, one launch over the batch on",
        '  device-resident words (median); end to end: `api.pair_batch(..., engine="gpu")` with the points',
        "  validated on the host by the Rust decoder (host checks /s); CPU: `api.pair_batch` on every core.",
        "",
        "| set | algorithm | batch | == CPU | Miller /s | final exp /s | fused /s | end to end /s | host checks /s "
        "| CPU engine /s | goal /s | F_p product, block | registers, local B |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in results:
        k = r["kernel_per_s"]
        L.append(
            f"| {r['set']} | {r['alg']} | {r['n']:,} | {'yes' if r['equal_to_cpu'] else 'NO'} | {k['miller']:,.0f} | "
            f"{k['final_exp']:,.0f} | {k['pair']:,.0f} | {r['end_to_end_per_s']:,.0f} | "
            f"{r['host_checks_per_s']:,.0f} | {r['cpu_per_s']:,.0f} | {r['goal_per_s']:,} | "
            f"{r['fp_mul']}, {r['block']} | {r['registers']}, {r['local_bytes']} |"
        )
    return "\n".join(L) + "\n"
