"""The software a user would pick instead of pairkit, timed in the same run (`pairkit bench --peers`).

The peers are benchmark-only extras (``pip install -e .[peers]``, pinned in pyproject.toml; `make
bench` installs them); pairkit never imports them at run time. Each adapter builds two random
points in the peer's own types (outside the timing) and returns a zero-argument callable that
computes one full pairing (Miller loop + final exponentiation) through the peer's Python binding,
so the peer's figure includes one Python -> native call, as pairkit's ``api.pair`` figure does.

| set | peer (PyPI) | engine underneath |
|---|---|---|
| bls12-381 | pymcl 1.0.2 | herumi/mcl (x86-64 JIT assembly) |
| bls12-381 | blspy 2.0.3 | Chia's bls-signatures over relic |
| bls12-381 | py-arkworks-bls12381 0.5.0 | arkworks-rs (Rust) |
| bn254 | mclbn256 1.3.5 | herumi/mcl on its curve Fp254BNb (p = 0x2523648240000001...), NOT alt_bn128 |

So the bn254 row is a near peer, not a like-for-like one: Fp254BNb is another 254-bit BN curve
(same field and group sizes, same algorithm family, so about the same work per pairing), but
its pairing is not bn254's. `make bench-peers-native` (crates/pairkit-peers) times arkworks'
bn254 and mcl's bn254 (MCL_BN_SNARK1, through the C API that pymcl 1.0.2's extension module
exports, loaded without Python: crates/pairkit-peers/src/mcl.rs) natively instead.
"""

from __future__ import annotations

import secrets
import statistics
import time
from typing import Callable

from pairkit import sets

PINS = {
    "pymcl": "1.0.2",
    "blspy": "2.0.3",
    "py-arkworks-bls12381": "0.5.0",
    "mclbn256": "1.3.5",
}


def _pymcl() -> Callable[[], object]:
    import pymcl

    P, Q = pymcl.g1 * pymcl.Fr.random(), pymcl.g2 * pymcl.Fr.random()
    return lambda: pymcl.pairing(P, Q)


def _blspy() -> Callable[[], object]:
    import blspy

    sk = blspy.AugSchemeMPL.key_gen(secrets.token_bytes(32))
    P, Q = sk.get_g1(), blspy.AugSchemeMPL.sign(sk, secrets.token_bytes(16))
    return lambda: P.pair(Q)


def _arkworks() -> Callable[[], object]:
    import py_arkworks_bls12381 as ark

    P = ark.G1Point() * ark.Scalar(secrets.randbits(60) + 2)
    Q = ark.G2Point() * ark.Scalar(secrets.randbits(60) + 2)
    return lambda: ark.GT.pairing(P, Q)


def _mclbn256() -> Callable[[], object]:
    import mclbn256

    P, Q = mclbn256.G1.base_point() * mclbn256.Fr(), mclbn256.G2.base_point() * mclbn256.Fr()
    return lambda: P.pairing(Q)


# peer name -> adapter; which peers a set is timed against is its registry entry's `peers`
# (gen/params/*.toml).
ADAPTERS: dict[str, Callable[[], Callable[[], object]]] = {
    "pymcl": _pymcl,
    "blspy": _blspy,
    "py-arkworks-bls12381": _arkworks,
    "mclbn256": _mclbn256,
}
PEERS: dict[str, list[tuple[str, Callable[[], Callable[[], object]]]]] = {
    set_id: [(name, ADAPTERS[name]) for name in names] for set_id, names in sets.peer_sets().items()
}


def median_us(fn: Callable[[], object], n: int) -> float:
    """Median wall time of one call, in µs (after 3 warm-up calls)."""
    for _ in range(3):
        fn()
    ts = []
    for _ in range(n):
        t = time.perf_counter_ns()
        fn()
        ts.append(time.perf_counter_ns() - t)
    return statistics.median(ts) / 1000.0


def measure(set_id: str, n: int) -> list[dict]:
    """Each peer of ``set_id``: {"peer", "version", "us"} or {"peer", "missing": reason}."""
    out: list[dict] = []
    for name, make in PEERS.get(set_id, []):
        try:
            fn = make()
        except ImportError as e:
            out.append({"peer": name, "version": PINS[name], "missing": f"not installed ({e.name})"})
            continue
        out.append({"peer": name, "version": PINS[name], "us": median_us(fn, n)})
    return out
