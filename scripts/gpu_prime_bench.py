"""The prime sets' GPU kernels on a device (bn254, bls12-381; kernels/batch_prime.cu, docs/GPU.md):
per set and F_p product variant (--fp-mul, kernels/fp.cuh PK_FP_MUL_CALL),
`reports.bench_gpu.bench_prime_set` -- the NVRTC compile time, the kernel-only rate of
pk_miller, pk_final_exp and pk_pair (CUDA events, device-resident data; pk_pair per block size), the
registers and local memory of pk_pair, the end-to-end rate of api.pair_batch(engine="gpu"), the host
checks' rate, the CPU engine's rate on the same batch and whether every output equals it, and
multi_pair over the batch on both engines; with --bls N, `reports.bench_gpu.bench_bls`: min-pk BLS
batch verification of N distinct messages on both engines (bench-bls.json). Writes --out
DIR/bench-prime-<set>.json after each set (a run cut short keeps what it measured) and prints the
markdown rows; `pairkit bench --engine gpu --from DIR` renders BENCHMARKS.md's GPU section from them.
Needs a CUDA device (CuPy; tests/test_gpu_engine_prime_fake_device.py runs it on a stand-in).

    python scripts/gpu_prime_bench.py --set bn254:32768 --set bls12-381:32768 --bls 100000 --out /tmp/out
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

from pairkit.gpu import engine, prime_source  # noqa: E402
from pairkit.reports import bench_gpu as bench  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", default=[], help="SET:N (default bn254:32768, bls12-381:32768)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--blocks", default=",".join(str(b) for b in bench.PRIME_BLOCKS))
    ap.add_argument(
        "--fp-mul", default=prime_source.DEFAULT_FP_MUL, help="F_p product variants, comma-separated (call,inline)"
    )
    ap.add_argument("--bls", type=int, default=0, help="BLS batch verification of N messages (0: none)")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()
    specs = a.set or ["bn254:32768", "bls12-381:32768"]
    blocks = tuple(int(b) for b in a.blocks.split(","))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    cp = engine.cupy_module()
    props = cp.cuda.runtime.getDeviceProperties(cp.cuda.runtime.getDevice())
    device = props["name"].decode() if isinstance(props["name"], bytes) else str(props["name"])
    results = []
    for spec in specs:
        set_id, n = spec.split(":")
        for fp_mul in a.fp_mul.split(","):
            r = bench.bench_prime_set(set_id, int(n), a.repeats, blocks, fp_mul)
            r["device"] = device
            r["date"] = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
            suffix = "" if fp_mul == prime_source.DEFAULT_FP_MUL else f"-{fp_mul}"
            (out / f"bench-prime-{set_id}{suffix}.json").write_text(json.dumps(r, indent=1) + "\n")
            results.append(r)
            print(json.dumps(r), flush=True)
    ok = all(r["equal_to_cpu"] and r["multi_pair"]["equal"] for r in results)
    if a.bls:
        b = bench.bench_bls(a.bls)
        b["device"], b["date"] = device, datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        (out / "bench-bls.json").write_text(json.dumps(b, indent=1) + "\n")
        print(json.dumps(b), flush=True)
        ok = ok and b["verdicts_equal"] and b["valid_verdict"] and not b["bad_verdict"]
    print(bench.prime_markdown(results, device, "python scripts/gpu_prime_bench.py " + " ".join(sys.argv[1:])))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
