"""Time of the secret-scalar operations for short and long scalars (issue 37 item 3): scalar
multiplication (`api.point_mul`) and GT exponentiation (`api.gt_pow`) on small-characteristic sets with
k = 1, k of half r's bits and k = r - 1, each given as an int (the binding pads it to r's byte length).
With the padding kept through to the ladder the three times agree within noise; when the limbs were
trimmed they grew with k's length. A measurement, not a test: `python scripts/bench_scalar_lengths.py
[--sets ss2-283 ss3-97] [--reps 200]` prints the median microseconds per call as JSON."""

from __future__ import annotations

import argparse
import json
import statistics
import time

from pairkit import api, sets


def _median_us(f, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


def measure(set_id: str, reps: int) -> dict:
    r = sets.get(set_id).r
    P, Q = api.random_points(set_id, 2, seed=7)
    gt = api.pair(set_id, P, Q)
    scalars = {"1": 1, "half": (1 << (r.bit_length() // 2)) + 1, "r-1": r - 1}
    out: dict = {"set": set_id, "r_bits": r.bit_length(), "point_mul_us": {}, "gt_pow_us": {}}
    for name, k in scalars.items():
        out["point_mul_us"][name] = round(_median_us(lambda k=k: api.point_mul(set_id, P, k), reps), 1)
        out["gt_pow_us"][name] = round(_median_us(lambda k=k: api.gt_pow(set_id, gt, k), reps), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", nargs="+", default=["ss2-283", "ss3-97"])
    ap.add_argument("--reps", type=int, default=200)
    a = ap.parse_args()
    print(json.dumps([measure(s, a.reps) for s in a.sets], indent=1))


if __name__ == "__main__":
    main()
