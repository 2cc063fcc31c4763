"""Block-size sweep of the GPU engine's kernels (docs/GPU.md, "next steps"): for each set and block
size, the seconds of one launch of pk_miller and pk_pair over a device-resident batch (CUDA events,
the median of `--repeats` launches after one warm-up), and each kernel's registers and local memory
as the driver reports them. Needs a CUDA device (CuPy); prints one JSON object.

    python scripts/gpu_sweep.py --set ss2-283:262144 --set ss2-1223:16384 --blocks 32,64,128,256
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit import api  # noqa: E402
from pairkit.gpu import engine
from pairkit.reports import bench_gpu as bench  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", action="append", required=True, help="SET:BATCH")
    ap.add_argument("--blocks", default="32,64,128,256")
    ap.add_argument("--stages", default="miller,pair")
    ap.add_argument("--repeats", type=int, default=2)
    a = ap.parse_args()
    out = {"results": []}
    for spec in a.set:
        set_id, n = spec.split(":")
        n, alg = int(n), api.default_algorithm(set_id)
        t0 = time.perf_counter()
        k = engine.GpuKernels(set_id, alg)
        compile_s = time.perf_counter() - t0
        P, Q = bench._batch(set_id, n, 1), bench._batch(set_id, n, 2)
        coords = engine.prepare(set_id, P, Q, alg).coords
        attrs = {
            s: {key: k.fn[s].attributes[key] for key in ("num_regs", "local_size_bytes", "max_threads_per_block")}
            for s in a.stages.split(",")
        }
        row = {"set": set_id, "alg": alg, "n": n, "compile_s": compile_s, "attributes": attrs, "per_s": {}}
        for block in map(int, a.blocks.split(",")):
            engine.BLOCK = block
            row["per_s"][block] = {s: n / bench._kernel_seconds(k, coords, s, a.repeats) for s in a.stages.split(",")}
            print(set_id, block, {s: round(v) for s, v in row["per_s"][block].items()}, file=sys.stderr, flush=True)
        out["results"].append(row)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
