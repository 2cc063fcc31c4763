"""One random pairing of a large-characteristic set, recomputed three ways (used by `pairkit demo`).

Rust (``api.pair``) against the executable spec (``spec.prime.ate`` / ``spec.prime.typea`` on the
spec's own decoding of the same bytes), against the independent oracle (PARI/GP for typea-512,
py_ecc for bn254 / bls12-381), and bilinearity e(aP, Q) = e(P, Q)^a through the Rust core.

The oracles compute the plain reduced pairing, so for bn254 / bls12-381 they are compared with the
explicit "optimal-ate-reduced" algorithm (``REDUCED``); the default "optimal-ate" is the peer
libraries' value, the reduced one to the power ``spec.prime.ate.interop_power`` (tests/test_interop.py).
"""

from __future__ import annotations

import random

from pairkit import api
from pairkit.oracle_ecc import pairing
from pairkit.sets import PrimeSet, get
from pairkit.spec.prime import ate as pa
from pairkit.spec.prime import serialize as sp


def spec_points(set_id: str, P: bytes, Q: bytes):
    """The spec's own decoding of a pairing input pair (Q in G2 for bn254 / bls12-381)."""
    qgroup = 1 if set_id == "typea-512" else 2
    return sp.decode_point(set_id, P, group=1), sp.decode_point(set_id, Q, group=qgroup)


#: The algorithm whose values the oracles compute, per set (None: the set's default).
REDUCED = {"bn254": "optimal-ate-reduced", "bls12-381": "optimal-ate-reduced"}


def spec_pair(set_id: str, sP, sQ, alg: str | None = None) -> list[int]:
    """The spec's pairing of spec points (``alg``: default "optimal-ate"), as its GT coordinates."""
    if set_id == "typea-512":
        from pairkit.spec.prime import typea as pt

        e = pt.pair(sP, sQ)
        return [e.a, e.b]

    return pa.pair(set_id, sP, sQ, alg or pa.DEFAULT).coeffs()


def oracle_pair(set_id: str, sP, sQ) -> list[int]:
    """The oracle's value for spec points (coordinates handed over as plain integers): the reduced
    pairing, i.e. ``api.pair(..., alg=REDUCED.get(set_id))``."""
    if set_id == "typea-512":
        from pairkit.oracle import reduced_tate_typea

        p = get(set_id)
        assert isinstance(p, PrimeSet)
        return list(reduced_tate_typea(p.p, p.r, (sP[0].a, sP[1].a), (sQ[0].a, sQ[1].a)))

    return pairing(set_id, (sP[0].a, sP[1].a), ((sQ[0].a, sQ[0].b), (sQ[1].a, sQ[1].b)))


def check(set_id: str, seed: int, use_oracle: bool = True) -> dict:
    """{"spec": bool, "oracle": "yes" | "NO" | "skipped", "bilinear": bool} for one random pair."""
    rng = random.Random(seed)
    qgroup = 1 if set_id == "typea-512" else 2
    P = api.random_points(set_id, 1, seed=rng.getrandbits(32))[0]
    Q = api.random_points(set_id, 1, seed=rng.getrandbits(32), group=qgroup)[0]
    gt = api.pair(set_id, P, Q)
    got = api.split_gt(set_id, gt)
    sP, sQ = spec_points(set_id, P, Q)
    res = {"spec": got == spec_pair(set_id, sP, sQ), "oracle": "skipped"}
    if use_oracle:
        try:
            red = api.split_gt(set_id, api.pair(set_id, P, Q, alg=REDUCED.get(set_id)))
            res["oracle"] = "yes" if red == oracle_pair(set_id, sP, sQ) else "NO"
        except ImportError:
            pass
    a = rng.randrange(2, get(set_id).r)
    lhs = api.pair(set_id, api.point_mul(set_id, P, a), Q)
    res["bilinear"] = lhs == api.gt_pow(set_id, gt, a) and gt != api.gt_one(set_id)
    return res
