"""The comb variants of the GPU kernels measured side by side (docs/gpu-runs/LOG.md, "Comb variants"): for
each set, each variant of source.COMB_VARIANTS (where the comb product's window table lives,
whether its word loop is unrolled) and each block size that fits, the seconds of one launch of
pk_miller and pk_pair over a device-resident batch (CUDA events, median of --repeats launches
after a warm-up), each kernel's registers, local and shared memory as the driver reports them,
and whether the variant's pairings equal the CPU engine's on that batch. Then, with --bench DIR,
`pairkit bench --engine gpu`'s report per set (bench-<set>.json) with the fastest equal variant.
Needs a CUDA device (CuPy). Writes --out after every measurement, so a run cut short keeps what
it measured.

    python scripts/gpu_variants.py --set ss2-283:131072 --set ss2-1223:4096:local,shared --out v.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit import api  # noqa: E402
from pairkit.gpu import engine, source
from pairkit.reports import bench_gpu as bench  # noqa: E402

STAGES = ("miller", "pair")


def measure(row: dict, combs: list[str], blocks: list[int], repeats: int, save) -> None:
    """Fill row ({"set", "n"}, already in the saved report) with every variant's figures."""
    set_id, n = row["set"], row["n"]
    alg = row["alg"] = api.default_algorithm(set_id)
    P, Q = bench._batch(set_id, n, 1), bench._batch(set_id, n, 2)
    batch = engine.prepare(set_id, P, Q, alg)
    want = api.pair_batch(set_id, P, Q, alg=alg)
    row["variants"] = {}
    for comb in combs:
        t0 = time.perf_counter()
        try:
            k = engine.GpuKernels(set_id, alg, comb=comb)
        except Exception as e:  # a variant that does not build or fit is a result too
            row["variants"][comb] = {"error": f"{type(e).__name__}: {e}"}
            save()
            continue
        v = {
            "compile_s": time.perf_counter() - t0,
            "shared_per_thread": k.per_thread,
            "attributes": {
                s: {a: k.fn[s].attributes[a] for a in ("num_regs", "local_size_bytes", "max_threads_per_block")}
                for s in STAGES
            },
            "equal_to_cpu": bool((k.run(batch.parts, "pair", check=batch) == want).all()),
            "per_s": {},
        }
        row["variants"][comb] = v
        print(set_id, comb, "equal to the CPU engine:", v["equal_to_cpu"], file=sys.stderr, flush=True)
        save()
        # a shared table caps the block at what the shared memory holds (k.block at its largest)
        cap = engine.GpuKernels(set_id, alg, comb=comb, block=max(blocks)).block
        fits = [b for b in blocks if b <= cap]
        for b in fits or [k.block]:
            kb = engine.GpuKernels(set_id, alg, comb=comb, block=b)
            v["per_s"][b] = {s: n / bench._kernel_seconds(kb, batch.coords, s, repeats) for s in STAGES}
            print(set_id, comb, b, {s: round(x) for s, x in v["per_s"][b].items()}, file=sys.stderr, flush=True)
            save()


def best(row: dict) -> tuple[str, int, float] | None:
    """The fastest (comb, block) by fused pairings/s among the variants equal to the CPU engine."""
    cands = [
        (x["pair"], comb, int(b))
        for comb, v in row["variants"].items()
        if v.get("equal_to_cpu")
        for b, x in v["per_s"].items()
    ]
    if not cands:
        return None
    rate, comb, block = max(cands)
    return comb, block, rate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", required=True, help="SET:BATCH[:COMB,COMB...]")
    ap.add_argument("--blocks", default="32,64,128,256")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--out", required=True)
    ap.add_argument("--bench", help="directory for bench-<set>.json with the fastest variant per set")
    ap.add_argument("--bench-batch", type=int, default=262144, help="pairkit bench's --batch (ss2-1223 runs 1/8)")
    a = ap.parse_args()
    blocks = [int(b) for b in a.blocks.split(",")]
    cp = engine.cupy_module()
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.runtime.getDevice())
    name = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    out: dict = {"device": name, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "results": []}

    def save():
        Path(a.out).write_text(json.dumps(out, indent=1))

    for spec in a.set:
        parts = spec.split(":")
        combs = parts[2].split(",") if len(parts) > 2 else list(source.COMB_VARIANTS)
        row: dict = {"set": parts[0], "n": int(parts[1])}
        out["results"].append(row)
        measure(row, combs, blocks, a.repeats, save)
        row["best"] = best(row)
        save()
    if a.bench:
        for row in out["results"]:
            if row.get("best") is None:
                continue
            comb, block, _ = row["best"]
            source.TUNED[row["set"], row["alg"]] = (comb, block)  # this process only: the engine path uses it too
            rep = bench.run([row["set"]], a.bench_batch, repeats=3)
            Path(a.bench, f"bench-{row['set']}.json").write_text(json.dumps(rep, indent=1))
            print(json.dumps(rep["results"][0]), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
