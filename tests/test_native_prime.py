"""The Rust engines of typea-512, bn254 and bls12-381 through the Python API (pairkit._native).

Rust == spec (the same bytes decoded by spec/serialize_prime.py and paired by the spec), Rust ==
the independent oracles (PARI/GP for typea-512, py_ecc for bn254 / bls12-381), bilinearity and
non-degeneracy, the staged API, multi_pair, pair_fixed (preprocessed lines), pair_batch, the
encodings users already have, RFC 9380 hashing, and typed errors on bad input."""

import random

import numpy as np
import pytest

from pairkit import _native, api, sets
from pairkit.errors import (
    EncodingError,
    NotInSubgroupError,
    NotOnCurveError,
    PairkitError,
    PointAtInfinityError,
    UnknownAlgorithmError,
)
from pairkit.reports.check_prime import REDUCED, oracle_pair, spec_pair
from pairkit.spec.prime import params as pp
from pairkit.spec.prime import serialize as sp

PRIME = ["typea-512", "bn254", "bls12-381"]
SEXTIC = ["bn254", "bls12-381"]


def _qg(sid):
    return 1 if sid == "typea-512" else 2


def _pts(sid, seed, n=1):
    return (api.random_points(sid, n, seed=seed), api.random_points(sid, n, seed=seed + 1, group=_qg(sid)))


@pytest.mark.parametrize("sid", PRIME)
def test_catalogue_and_labels(sid):
    p = sets.get(sid)
    want = ["tate"] if sid == "typea-512" else ["optimal-ate", "optimal-ate-reduced"]
    assert sid in _native.sets() and api.algorithms(sid) == want and api.default_algorithm(sid) == want[0]
    assert api.asymmetric(sid) == (sid != "typea-512")
    lab = sets.label(p)
    assert lab == {"typea-512": "INSECURE", "bn254": "reduced (~100-bit)", "bls12-381": "secure"}[sid]
    n, unc, comp, gt = _native.sizes(sid)
    assert n == p.nbytes and gt == n * p.gt_coords


@pytest.mark.parametrize("sid", PRIME)
def test_rust_equals_spec_and_oracle(sid):
    Ps, Qs = _pts(sid, 100, 3)
    for i, (P, Q) in enumerate(zip(Ps, Qs)):
        got = api.split_gt(sid, api.pair(sid, P, Q))
        sP, sQ = sp.decode_point(sid, P, group=1), sp.decode_point(sid, Q, group=_qg(sid))
        assert got == spec_pair(sid, sP, sQ)
        if sid in REDUCED:  # the explicit reduced pairing, against the spec's
            red = api.split_gt(sid, api.pair(sid, P, Q, alg=REDUCED[sid]))
            assert red == spec_pair(sid, sP, sQ, REDUCED[sid]) and red != got
        else:
            red = got
        if i == 0:  # the oracles (PARI/GP, py_ecc) compute the plain reduced pairing
            assert red == oracle_pair(sid, sP, sQ)


@pytest.mark.parametrize("sid", PRIME)
def test_bilinear_nondegenerate_and_staged(sid):
    rng = random.Random(7)
    (P,), (Q,) = _pts(sid, 200)
    r = sets.get(sid).r
    e = api.pair(sid, P, Q)
    assert e != _native.gt_one(sid)
    assert _native.gt_pow(sid, e, r) == _native.gt_one(sid)
    a, b = rng.randrange(2, r), rng.randrange(2, r)
    aP, bQ = api.point_mul(sid, P, a), api.point_mul(sid, Q, b, group=_qg(sid))
    assert api.pair(sid, aP, bQ) == _native.gt_pow(sid, e, a * b % r)
    P2 = api.point_add(sid, P, aP)
    assert api.pair(sid, P2, Q) == _native.gt_mul(sid, e, api.pair(sid, aP, Q))
    f = api.miller_loop(sid, P, Q)
    assert api.final_exponentiation(sid, f) == e
    # canonical: the plain reduced pairing (the default itself for typea-512)
    for alg in api.algorithms(sid):
        red = api.pair(sid, P, Q, alg=api.algorithms(sid)[-1])
        assert _native.to_canonical(sid, alg, api.pair(sid, P, Q, alg=alg)) == red
        assert api.final_exponentiation(sid, f, alg=alg) == api.pair(sid, P, Q, alg=alg)


@pytest.mark.parametrize("sid", PRIME)
def test_multi_pair_fixed_and_batch(sid):
    Ps, Qs = _pts(sid, 300, 4)
    singles = [api.pair(sid, P, Q) for P, Q in zip(Ps, Qs)]
    prod = singles[0]
    for s in singles[1:]:
        prod = _native.gt_mul(sid, prod, s)
    assert api.multi_pair(sid, Ps, Qs) == prod
    assert api.multi_pair(sid, [], []) == _native.gt_one(sid)
    batch = api.pair_batch(sid, Ps, Qs)
    assert batch.shape == (4, _native.sizes(sid)[3])
    assert [bytes(row) for row in batch] == singles
    assert api.pair_fixed(sid, Ps[0], Qs) == [api.pair(sid, Ps[0], Q) for Q in Qs]
    assert api.pair_fixed(sid, Qs[0], Ps, fixed_is_p=False) == [api.pair(sid, P, Qs[0]) for P in Ps]


@pytest.mark.parametrize("sid", PRIME)
def test_encodings_match_the_spec(sid):
    for group in (1,) if sid == "typea-512" else (1, 2):
        (P,) = api.random_points(sid, 1, seed=400 + group, group=group)
        sP = sp.decode_point(sid, P, group=group)
        assert sp.encode_point(sid, sP, group=group) == P
        assert api.generator(sid, group) == sp.encode_point(
            sid, pp.groups(sid).G1 if group == 1 else pp.groups(sid).G2, group=group
        )
        xy = api.decode_point(sid, P, group=group)
        if group == 1:
            assert xy == (sP[0].a, sP[1].a)
        else:
            assert xy == ((sP[0].a, sP[0].b), (sP[1].a, sP[1].b))
        if sid == "bls12-381":
            c = _native.encode_point(sid, P, True, group)
            assert len(c) == 48 * group and c == sp.encode_point(sid, sP, group=group, compressed=True)
            assert _native.encode_point(sid, c, False, group) == P


def test_bls12_381_hash_to_curve_rfc9380():
    from pairkit.spec.prime import hash_to_curve as h2c

    for group, dst in (
        (1, b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"),
        (2, b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"),
    ):
        for msg in (b"", b"abc", b"a512_" + b"a" * 512):
            want = (h2c.hash_to_g1 if group == 1 else h2c.hash_to_g2)(msg, dst)
            got = api.hash_to_point("bls12-381", msg, dst, group=group)
            assert got == sp.encode_point("bls12-381", want, group=group)
    with pytest.raises(PairkitError):
        api.hash_to_point("bn254", b"abc", b"DST", group=1)


@pytest.mark.parametrize("sid", PRIME)
def test_bad_input_typed_errors(sid, off_subgroup):
    (P,), (Q,) = _pts(sid, 500)
    groups = (1,) if sid == "typea-512" else (1, 2)
    with pytest.raises(EncodingError):
        api.pair(sid, P[:-1], Q)
    with pytest.raises(EncodingError):
        api.pair(sid, P, Q + b"\x00")
    with pytest.raises(UnknownAlgorithmError):
        api.pair(sid, P, Q, alg="eta-t")
    p = pp.SETS[sid].p
    n = (p.bit_length() + 7) // 8
    for group in groups:
        pt = P if group == 1 else Q
        # a coordinate >= p (non-canonical)
        if sid == "bls12-381":
            big = bytearray(p.to_bytes(n, "big"))
            big[0] |= 0x80
            bad = bytes(big) + bytes(48 * group - 48)
        else:
            bad = p.to_bytes(n, "big") + bytes(len(pt) - n)
        with pytest.raises(EncodingError):
            api.decode_point(sid, bad, group=group)
        # off the curve: y + 1
        sP = sp.decode_point(sid, pt, group=group)
        one = pp.tower(sid).fp(1) if group == 1 else pp.tower(sid).fp2_one()
        off = sp.encode_point(sid, (sP[0], sP[1] + one), group=group)
        with pytest.raises(NotOnCurveError):
            api.decode_point(sid, off, group=group)
        # on the curve (or the twist), outside the order-r subgroup
        if not (sid == "bn254" and group == 1):  # bn254 G1 has cofactor 1
            R = sp.encode_point(sid, off_subgroup(sid, group, random.Random(600 + group)), group=group)
            with pytest.raises(NotInSubgroupError):
                api.decode_point(sid, R, group=group)
            assert api.decode_point(sid, R, check_subgroup=False, group=group) is not None
            with pytest.raises(PairkitError) as ei:
                api.pair(sid, R, Q) if group == 1 else api.pair(sid, P, R)
            assert isinstance(ei.value, NotInSubgroupError)
        # the identity decodes, but is not a pairing input
        inf = sp.encode_point(sid, None, group=group)
        assert api.decode_point(sid, inf, group=group) is None
        with pytest.raises(PointAtInfinityError):
            api.pair(sid, inf, Q) if group == 1 else api.pair(sid, P, inf)
    if sid != "typea-512":
        with pytest.raises(EncodingError):  # a G2 encoding where G1 is expected
            api.pair(sid, Q, P)
        with pytest.raises(PairkitError):
            api.random_points(sid, 1, seed=1, group=3)
    # a batch names the bad index
    P_off = P[:-1] + bytes([P[-1] ^ 1])  # y changed: off the curve, same length
    with pytest.raises(NotOnCurveError, match="batch item 1"):
        api.pair_batch(sid, [P, P_off], [Q, Q])
    with pytest.raises(PairkitError):
        api.pair_batch(sid, np.zeros((2, 3), dtype=np.uint8), [Q, Q])


def test_bls12_381_flag_errors():
    sid = "bls12-381"
    for group in (1, 2):
        (P,) = api.random_points(sid, 1, seed=700, compressed=True, group=group)
        bad = bytearray(P)
        bad[0] &= 0x7F  # compressed length without the C flag
        with pytest.raises(EncodingError):
            api.decode_point(sid, bytes(bad), group=group)
        inf = bytearray(sp.encode_point(sid, None, group=group, compressed=True))
        inf[-1] = 1  # the infinity flag with a non-zero bit
        with pytest.raises(EncodingError):
            api.decode_point(sid, bytes(inf), group=group)
        unc = bytearray(_native.encode_point(sid, P, False, group))
        unc[0] |= 0x20  # the sign flag in the uncompressed format
        with pytest.raises(EncodingError):
            api.decode_point(sid, bytes(unc), group=group)


def test_cli_prime_sets(tmp_path):
    import json
    import subprocess
    import sys

    def run(*a):
        return subprocess.run([sys.executable, "-m", "pairkit.cli", *a], capture_output=True, text=True)

    r = run("list", "--json")
    assert r.returncode == 0
    ids = {s["id"]: s for s in json.loads(r.stdout)}
    assert ids["typea-512"]["label"] == "INSECURE" and ids["bls12-381"]["label"] == "secure"
    P = run("points", "--set", "bls12-381", "--seed", "1").stdout.strip()
    Q = run("points", "--set", "bls12-381", "--seed", "2", "--group", "2").stdout.strip()
    r = run("pair", P, Q, "--set", "bls12-381", "--json")
    assert r.returncode == 0, r.stderr
    res = json.loads(r.stdout)
    assert bytes.fromhex(res["gt"]) == api.pair("bls12-381", bytes.fromhex(P), bytes.fromhex(Q))
    assert len(res["coords"]) == 12
    r = run("pair", Q, P, "--set", "bls12-381")
    assert r.returncode == 2 and "EncodingError" in r.stderr
