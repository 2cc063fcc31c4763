"""Wall-clock timings of pairkit.protocols.bls on this machine (docs/PROTOCOLS.md): Sign, Verify,
FastAggregateVerify of 100 signers, batch verification of 100 distinct messages vs 100 single
verifies. A measurement script, not a test: `PYTHONPATH=python python scripts/bench_bls.py`."""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time

from pairkit.protocols import bls


def best(f, reps: int) -> float:
    """The median of ``reps`` wall-clock runs of f(), in seconds."""
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def run(variant: str, n: int, reps: int) -> dict:
    pop = bls.ciphersuite(variant, "pop")
    basic = bls.ciphersuite(variant, "basic")
    sks = [pop.keygen(i.to_bytes(32, "big")) for i in range(1, n + 1)]
    pks = [pop.sk_to_pk(k) for k in sks]
    msg = b"bench message"
    sig = pop.sign(sks[0], msg)
    same = pop.aggregate([pop.sign(k, msg) for k in sks])
    msgs = [i.to_bytes(8, "big") for i in range(n)]
    sigs = [basic.sign(k, m) for k, m in zip(sks, msgs)]
    assert basic.batch_verify(pks, msgs, sigs) and pop.fast_aggregate_verify(pks, msg, same)
    r = {
        "variant": variant,
        "sign_ms": 1e3 * best(lambda: pop.sign(sks[0], msg), reps * 5),
        "verify_ms": 1e3 * best(lambda: pop.verify(pks[0], msg, sig), reps * 5),
        f"fast_aggregate_verify_{n}_ms": 1e3 * best(lambda: pop.fast_aggregate_verify(pks, msg, same), reps),
        f"batch_verify_{n}_ms": 1e3 * best(lambda: basic.batch_verify(pks, msgs, sigs), reps),
        f"single_verify_x{n}_ms": 1e3 * best(lambda: [basic.verify(p, m, s) for p, m, s in zip(pks, msgs, sigs)], reps),
        f"aggregate_verify_{n}_ms": 1e3
        * best(lambda: bls.ciphersuite(variant, "pop").aggregate_verify(pks, msgs, basic.aggregate(sigs)), reps),
    }
    return r


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=100)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args()
    out = {
        "machine": f"{platform.processor() or platform.machine()}, {platform.python_version()}",
        "results": [run(v, a.n, a.reps) for v in bls.VARIANTS],
    }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
