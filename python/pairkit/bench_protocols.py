"""`pairkit bench --protocols`: issue 18's goals table, every row measured in one run.

- Verify (min-pk, basic) and FastAggregateVerify of N signers (min-pk, pop): pairkit's
  ``Ciphersuite`` beside blspy's ``BasicSchemeMPL``/``PopSchemeMPL`` (Chia's bls-signatures, a
  Python binding over relic; the `peers` extra) on their own keys and messages. blspy is the
  Python-level peer the issue names; it is not blst.
- Batch verification of N distinct messages (one multi-pairing, random linear combination)
  against N single Verify calls, same triples.
- PEKS search of N ciphertexts (``pair_fixed`` with the trapdoor fixed, plus the hash) against
  ``pair_batch`` of the same N pairs: the rate with all cores and per core.
- Ray (``pairkit.distributed``): ``pair_batch`` of N bls12-381 pairings on a local cluster of 2
  worker CPUs against 1, one native thread per task.

Wall-clock medians (``peers.median_us``) or one timed pass over a batch; the machine and its load
are stated with the table.
"""
from __future__ import annotations

import os
import time
from datetime import datetime, timezone
from typing import Any

from . import api
from .bench import machine, replace_section
from .peers import PINS, median_us

BEGIN, END = "<!-- protocols:begin -->", "<!-- protocols:end -->"
SET = "bls12-381"


def _blspy():
    try:
        import blspy
    except ImportError:
        return None
    return blspy


def _keys(n: int) -> tuple[list[int], list[bytes]]:
    from .protocols import bls

    sks = [bls.keygen(i.to_bytes(4, "big") * 8) for i in range(n)]
    return sks, [bls.MinPkBasic.sk_to_pk(sk) for sk in sks]


def _verify(out: dict, reps: int) -> None:
    from .protocols import bls

    sks, pks = _keys(1)
    msg = b"pairkit bench --protocols"
    sig = bls.MinPkBasic.sign(sks[0], msg)
    row: dict[str, Any] = {"what": "Verify (min-pk, basic)", "pairkit_us": median_us(
        lambda: bls.MinPkBasic.verify(pks[0], msg, sig), reps), "goal": "<= 1.0x blst"}
    b = _blspy()
    if b is not None:
        sk = b.BasicSchemeMPL.key_gen(bytes(32))
        pk, s = sk.get_g1(), b.BasicSchemeMPL.sign(sk, msg)
        row["peer"], row["peer_us"] = f"blspy {PINS['blspy']}", median_us(lambda: b.BasicSchemeMPL.verify(pk, msg, s), reps)
    out["rows"].append(row)


def _fast_aggregate(out: dict, n: int, reps: int) -> None:
    from .protocols import bls

    sks, pks = _keys(n)
    msg = b"one message, many signers"
    agg = bls.MinPkPop.aggregate([bls.MinPkPop.sign(sk, msg) for sk in sks])
    assert bls.MinPkPop.fast_aggregate_verify(pks, msg, agg)
    # not like for like: pairkit takes the keys as compressed bytes (decoded and subgroup-checked
    # on every call), blspy as G1Element objects decoded before the timing
    row: dict[str, Any] = {"what": f"FastAggregateVerify, {n:,} signers (min-pk, pop; pairkit from key bytes, "
                                   "blspy from decoded key objects)", "goal": "<= 1.0x blst",
                           "pairkit_us": median_us(lambda: bls.MinPkPop.fast_aggregate_verify(pks, msg, agg), reps)}
    b = _blspy()
    if b is not None:
        bsk = [b.PopSchemeMPL.key_gen(i.to_bytes(4, "big") * 8) for i in range(n)]
        bpk = [k.get_g1() for k in bsk]
        bagg = b.PopSchemeMPL.aggregate([b.PopSchemeMPL.sign(k, msg) for k in bsk])
        row["peer"] = f"blspy {PINS['blspy']}"
        row["peer_us"] = median_us(lambda: b.PopSchemeMPL.fast_aggregate_verify(bpk, msg, bagg), reps)
    out["rows"].append(row)


def _batch_verify(out: dict, n: int) -> None:
    from .protocols import bls

    sks, pks = _keys(n)
    msgs = [b"message %d" % i for i in range(n)]
    sigs = [bls.MinPkBasic.sign(sk, m) for sk, m in zip(sks, msgs)]
    t = time.perf_counter()
    ok = bls.MinPkBasic.batch_verify(pks, msgs, sigs)
    batch = time.perf_counter() - t
    t = time.perf_counter()
    ok_single = all(bls.MinPkBasic.verify(pk, m, s) for pk, m, s in zip(pks, msgs, sigs))
    single = time.perf_counter() - t
    assert ok and ok_single
    out["rows"].append({"what": f"batch verify of {n:,} distinct messages (min-pk, basic)",
                        "pairkit_us": batch * 1e6, "peer": f"{n:,} single Verify calls (pairkit)",
                        "peer_us": single * 1e6, "goal": ">= 3x faster than the single verifies", "speedup_goal": 3.0})


def _peks(out: dict, n: int) -> None:
    from .protocols import peks

    sk, pk = peks.keygen()
    words = [b"kw%d" % (i % 97) for i in range(n)]
    cts = peks.encrypt_many(pk, words)
    td = peks.trapdoor(sk, b"kw5")
    t = time.perf_counter()
    found = peks.search(td, cts)
    search = time.perf_counter() - t
    assert found == [w == b"kw5" for w in words]
    P = [c[:48] for c in cts]
    Q = [td] * n
    t = time.perf_counter()
    api.pair_batch(SET, P, Q)
    plain = time.perf_counter() - t
    cores = os.cpu_count() or 1
    out["rows"].append({"what": f"PEKS search, {n:,} ciphertexts ({n / search:,.0f}/s, "
                                f"{n / search / cores:,.0f}/s per core of {cores})",
                        "pairkit_us": search * 1e6, "peer": f"pair_batch of the same {n:,} pairs",
                        "peer_us": plain * 1e6, "goal": ">= 1.5x the pair_batch rate", "speedup_goal": 1.5})


def _ray(out: dict, n: int) -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        out["rows"].append({"what": f"Ray pair_batch, {n:,} bls12-381 pairings, 2 workers vs 1",
                            "missing": "Ray not installed (pip install 'pairkit[ray]')"})
        return
    from . import distributed as D

    P = api.random_points(SET, n, seed=1)
    Q = api.random_points(SET, n, seed=2, group=2)
    want = api.pair_batch(SET, P[:8], Q[:8])
    secs = {}
    for w in (1, 2):
        D.shutdown()
        D.connect(workers=w)
        assert (D.pair_batch(SET, P[:8], Q[:8], chunk=4) == want).all()  # start the workers
        t = time.perf_counter()
        D.pair_batch(SET, P, Q, chunk=max(1, n // 16))
        secs[w] = time.perf_counter() - t
        D.shutdown()
    out["rows"].append({"what": f"Ray pair_batch, {n:,} bls12-381 pairings, 2 workers vs 1",
                        "pairkit_us": secs[2] * 1e6, "peer": "the same on 1 worker", "peer_us": secs[1] * 1e6,
                        "goal": ">= 1.8x", "speedup_goal": 1.8})


def measure(quick: bool = False) -> dict:
    reps = 20 if quick else 100
    n = 100 if quick else 1000
    out: dict[str, Any] = {"machine": machine(), "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                           "load": os.getloadavg()[0], "quick": quick, "rows": []}
    _verify(out, reps)
    _fast_aggregate(out, n, max(5, reps // 10))
    _batch_verify(out, n)
    _peks(out, 2000 if quick else 20000)
    _ray(out, 2000 if quick else 20000)
    return out


def _verdict(r: dict) -> str:
    if "missing" in r or "peer_us" not in r:
        return "not measured"
    ratio = r["pairkit_us"] / r["peer_us"]
    if "speedup_goal" in r:
        s = 1 / ratio
        return f"{s:.2f}x: {'met' if s >= r['speedup_goal'] else 'missed'}"
    return f"{ratio:.2f}x: {'met' if ratio <= 1.0 else 'missed'}"


def markdown(report: dict, command: str) -> str:
    L = [BEGIN, "## Protocols (issue 18)", "",
         f"- machine: {report['machine']}; date: {report['date']}; load average at the start: "
         f"{report['load']:.1f}; command: `{command}`",
         "- pairkit and the row's anchor are timed in the same run; µs is the median of one call (Verify, "
         "FastAggregateVerify) or one pass over the batch (the other rows); ratio = pairkit / anchor, "
         "or anchor / pairkit (a speed-up) where the goal is one. blspy is Chia's bls-signatures over "
         "relic, the Python-level peer; it is not blst.", "",
         "| what | pairkit µs | anchor | anchor µs | goal | ratio |", "|---|---:|---|---:|---|---|"]
    for r in report["rows"]:
        if "missing" in r:
            L.append(f"| {r['what']} | | {r['missing']} | | | not measured |")
            continue
        peer = r.get("peer", "blspy (not installed: `make peers`)")
        pu = f"{r['peer_us']:,.1f}" if "peer_us" in r else ""
        L.append(f"| {r['what']} | {r['pairkit_us']:,.1f} | {peer} | {pu} | {r['goal']} | {_verdict(r)} |")
    L += ["", END, ""]
    return "\n".join(L)


def write(path: str, report: dict, command: str) -> None:
    replace_section(path, markdown(report, command), BEGIN, END)
