"""What validating a BLS key and signature once saves (docs/PROTOCOLS.md "Validated signatures"): each verifier
timed from bytes (the key's KeyValidate and the signature's decoding and subgroup check on every call) and from
``bls.PublicKey`` / ``bls.Signature`` objects made once, interleaved round by round in one process, medians; and
the cost of making the objects. A measurement script, not a test:

    PYTHONPATH=python python scripts/bench_bls_objects.py [--variant min-pk] [--n 64] [--rounds 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

from pairkit.protocols import bls

#: a call slower than this many microseconds counts as stalled (descheduled on a loaded machine)
STALL_US = 10_000


def _interleaved(cases: dict, rounds: int) -> dict[str, dict[str, float]]:
    """Per case (run in turn in every round): the median, the minimum, and the number of calls that took over
    ``STALL_US`` in microseconds. On a loaded machine a call is now and then descheduled for a time slice
    (tens of milliseconds): the minimum and the count show that apart from the cost of the work."""
    ts: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(rounds):
        for name, f in cases.items():
            t = time.perf_counter_ns()
            assert f() is not False
            ts[name].append((time.perf_counter_ns() - t) / 1e3)
    return {
        k: {"median": statistics.median(v), "min": min(v), "stalled": sum(x > STALL_US for x in v)}
        for k, v in ts.items()
    }


def run(variant: str, n: int, rounds: int) -> dict:
    s = bls.ciphersuite(variant, "pop")
    sks = [s.keygen(i.to_bytes(32, "big")) for i in range(1, n + 1)]
    pkb = [s.sk_to_pk(k) for k in sks]
    msg = b"bench message"
    msgs = [i.to_bytes(8, "big") for i in range(n)]
    sig1 = s.sign(sks[0], msg)
    same = s.aggregate([s.sign(k, msg) for k in sks])
    distinct = s.aggregate([s.sign(k, m) for k, m in zip(sks, msgs)])
    keys = [s.public_key(p) for p in pkb]
    o1, osame, odist = s.signature(sig1), s.signature(same), s.signature(distinct)
    cases = {
        "verify, bytes": lambda: s.verify(pkb[0], msg, sig1),
        "verify, objects": lambda: s.verify(keys[0], msg, o1),
        f"aggregate_verify({n}), bytes": lambda: s.aggregate_verify(pkb, msgs, distinct),
        f"aggregate_verify({n}), objects": lambda: s.aggregate_verify(keys, msgs, odist),
        f"fast_aggregate_verify({n}), bytes": lambda: s.fast_aggregate_verify(pkb, msg, same),
        f"fast_aggregate_verify({n}), objects": lambda: s.fast_aggregate_verify(keys, msg, osame),
        "make a PublicKey (KeyValidate)": lambda: s.public_key(pkb[0]) is not None,
        "make a Signature (decode + subgroup check)": lambda: s.signature(sig1) is not None,
    }
    return {
        "variant": variant,
        "n": n,
        "rounds": rounds,
        "us": _interleaved(cases, rounds),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}",
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="min-pk", choices=bls.VARIANTS)
    ap.add_argument("--n", type=int, default=64, help="keys of the aggregate verifications")
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    r = run(a.variant, a.n, a.rounds)
    if a.json:
        print(json.dumps(r, indent=2))
        return
    print(f"BLS {r['variant']} pop, {r['rounds']} interleaved rounds ({r['machine']})")
    print(f"  {'':45s} {'median us':>12s} {'min us':>12s} {'calls > 10 ms':>14s}")
    for name, t in r["us"].items():
        print(f"  {name:45s} {t['median']:12.1f} {t['min']:12.1f} {t['stalled']:14d}")


if __name__ == "__main__":
    main()
