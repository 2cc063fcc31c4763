"""The Rust core (pairkit._native) against the executable spec, the vectors, and bad input."""

import json
import random
from pathlib import Path

import numpy as np
import pytest

from pairkit import api, sets
from pairkit.errors import (
    EncodingError,
    NotInSubgroupError,
    NotOnCurveError,
    PairkitError,
    PointAtInfinityError,
    UnknownAlgorithmError,
    UnknownSetError,
)
from pairkit.spec import pairing_for

VECTORS = sorted((Path(__file__).parents[1] / "test-vectors").glob("*.json"))
FAST_SETS = ["ss2-7", "ss2-11", "ss2-13", "ss2-17", "ss2-239", "ss2-283", "ss2-283b1", "ss2-353"]


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_rust_equals_spec_vectors(path):
    doc = json.loads(path.read_text())
    assert doc["vectors"], "empty vector file"
    for v in doc["vectors"]:
        P, Q = bytes.fromhex(v["P"]), bytes.fromhex(v["Q"])
        assert api.miller_loop(v["set"], P, Q, alg=v["alg"]).hex() == v["miller"], v["alg"]
        assert api.pair(v["set"], P, Q, alg=v["alg"]).hex() == v["output"], v["alg"]
        assert api.pair(v["set"], P, Q, alg=v["alg"], canonical=True).hex() == v["canonical"], v["alg"]
        if v["states"]:
            from pairkit import _native

            got = [s.hex() for s in _native.miller_states(v["set"], v["alg"], P, Q)]
            assert got == v["states"], v["alg"]


@pytest.mark.parametrize("sid", FAST_SETS)
def test_rust_equals_spec_random_points(sid):
    S = pairing_for(sid)
    rng = random.Random(sid)
    for _ in range(2):
        P, Q = S.random_point(rng), S.random_point(rng)
        eP, eQ = S.curve.encode(P), S.curve.encode(Q, compressed=True)
        for alg in S.algorithms():
            want = S.pair(alg, P, Q)
            assert api.pair(sid, eP, eQ, alg=alg) == S.encode_gt(want), alg
            assert api.final_exponentiation(sid, api.miller_loop(sid, eP, eQ, alg=alg), alg=alg) == S.encode_gt(want)
        assert api.algorithms(sid) == S.algorithms()


@pytest.mark.parametrize("sid", ["ss2-11", "ss2-283"])
def test_field_ops_equal_spec(sid):
    from pairkit import _native

    S = pairing_for(sid)
    F, rng = S.F, random.Random(1)
    for _ in range(20):
        a, b = rng.randrange(1, 1 << F.m), rng.randrange(1 << F.m)
        A, B = F.to_bytes(a), F.to_bytes(b)
        assert _native.field_op(sid, "mul", A, B) == F.to_bytes(F.mul(a, b))
        assert _native.field_op(sid, "sqr", A, B) == F.to_bytes(F.sqr(a))
        assert _native.field_op(sid, "sqrt", A, B) == F.to_bytes(F.sqrt(a))
        assert _native.field_op(sid, "inv", A, B) == F.to_bytes(F.inv(a))


def test_random_points_are_drawn_in_blocks():
    """random_points is one native call per api.POINTS_BLOCK points (Ctrl-C between them, issue 37): block 0
    is the one-call stream of the seed, later blocks have seeds of their own, and a prefix is the same for
    every n."""
    from pairkit import _native

    b = api.POINTS_BLOCK
    pts = api.random_points("ss2-7", 2 * b + 5, seed=3)
    assert [len(x) for x in api.iter_random_points("ss2-7", 2 * b + 5, seed=3)] == [b, b, 5]
    assert pts[:b] == list(_native.random_points("ss2-7", b, 3, False, 1))
    assert api.random_points("ss2-7", b + 1, seed=3) == pts[: b + 1]
    assert pts[b : 2 * b] != list(_native.random_points("ss2-7", 2 * b, 3, False, 1))[b:]  # block 1: its own seed
    assert api.random_points("ss2-7", 0, seed=3) == []


def test_random_points_valid_and_reproducible():
    pts = api.random_points("ss2-283", 3, seed=7)
    assert pts == api.random_points("ss2-283", 3, seed=7)
    S = pairing_for("ss2-283")
    for p in pts:
        S.check_point(S.curve.decode(p))
    c = api.random_points("ss2-283", 2, seed=7, compressed=True)
    assert [S.curve.decode(x) for x in c] == [S.curve.decode(x) for x in pts[:2]]


def test_pair_batch_matches_single_and_numpy_shapes():
    sid = "ss2-283"
    P = api.random_points(sid, 37, seed=1)
    Q = api.random_points(sid, 37, seed=2)
    out = api.pair_batch(sid, P, Q, canonical=True)
    assert out.shape == (37, 4 * 36) and out.dtype == np.uint8
    for i in (0, 17, 36):
        assert out[i].tobytes() == api.pair(sid, P[i], Q[i], canonical=True)
    Pm = np.frombuffer(b"".join(P), dtype=np.uint8).reshape(37, -1)
    assert (api.pair_batch(sid, Pm, Q, canonical=True) == out).all()
    assert api.pair_batch(sid, [], []).shape[0] == 0
    with pytest.raises(PairkitError):
        api.pair_batch(sid, P, Q[:-1])
    with pytest.raises(PairkitError):
        api.pair_batch(sid, P, Q, engine="quantum")


def test_bilinearity_through_native():
    from pairkit import _native

    sid = "ss2-283"
    S = pairing_for(sid)
    P, Q = api.random_points(sid, 2, seed=3)
    a = 123456789
    e = api.pair(sid, P, Q, canonical=True)
    aP = S.curve.encode(S.curve.mul(a, S.curve.decode(P)))
    assert api.pair(sid, aP, Q, canonical=True) == _native.gt_pow(sid, e, a.to_bytes(4, "big"))
    r = sets.get(sid).r
    one = api.join_gt(sid, [1, 0, 0, 0])
    assert _native.gt_pow(sid, e, r.to_bytes((r.bit_length() + 7) // 8, "big")) == one
    assert e != one


# ----------------------------------------------------------------------------- bad input


def _good(sid="ss2-283"):
    return api.random_points(sid, 2, seed=11)


def test_unknown_set_and_algorithm():
    P, Q = _good()
    with pytest.raises(UnknownSetError):
        api.pair("ss2-284", P, Q)
    with pytest.raises(UnknownAlgorithmError):
        api.pair("ss2-283", P, Q, alg="miller-rabin")
    P2, Q2 = _good("ss2-239")
    with pytest.raises(UnknownAlgorithmError):
        api.pair("ss2-239", P2, Q2, alg="eta-t")  # b = 1


def test_wrong_length_and_noncanonical_encoding():
    P, Q = _good()
    with pytest.raises(EncodingError):
        api.pair("ss2-283", P[:-1], Q)
    with pytest.raises(EncodingError):
        api.pair("ss2-283", P + b"\0", Q)
    bad = bytes([0x80]) + P[1:]  # bit 287 set: >= m
    with pytest.raises(EncodingError):
        api.pair("ss2-283", bad, Q)


def test_not_on_curve_not_in_subgroup_infinity():
    sid = "ss2-283"
    S = pairing_for(sid)
    P, Q = _good()
    x, y = S.curve.decode(P)
    with pytest.raises(NotOnCurveError):
        api.pair(sid, S.curve.encode((x, y ^ 2)), Q)
    # a point of order 5 * r: on the curve, outside the subgroup
    rng = random.Random(5)
    while True:
        T = S.curve.lift_x(rng.randrange(1 << S.F.m), 0)
        if T is not None and S.curve.mul(S.params.r, T) is not None:
            break
    with pytest.raises(NotInSubgroupError):
        api.pair(sid, S.curve.encode(T), Q)
    with pytest.raises(PointAtInfinityError):
        api.pair(sid, b"\xff" * len(P), Q)
    with pytest.raises(NotOnCurveError):  # compressed x with no point on the curve
        while True:
            x0 = rng.randrange(1 << S.F.m)
            if S.F.trace(S.curve.rhs(x0)):
                break
        api.pair(sid, S.F.to_bytes(x0), Q)


def test_batch_error_names_the_index():
    sid = "ss2-283"
    P = api.random_points(sid, 4, seed=1)
    Q = api.random_points(sid, 4, seed=2)
    P[2] = b"\xff" * len(P[2])
    with pytest.raises(PointAtInfinityError, match="2"):
        api.pair_batch(sid, P, Q)


@pytest.mark.parametrize(
    "call",
    [
        lambda n: n.bench_pair("bls12-381", "optimal-ate", 10**18),
        lambda n: n.bench_field("bls12-381", "mul", 10**18),
        lambda n: n.bench_pair_prepared("bls12-381", 10**18),
        lambda n: n.bench_multi_pair("bls12-381", 2, 10**18),
        lambda n: n.bench_multi_pair("bls12-381", 10**18, 1),
    ],
)
def test_bench_counts_are_limited(call):
    """A huge count to the native benches is a typed LimitExceededError before anything is allocated (it
    aborted the interpreter with a capacity overflow, issue 37 item 8)."""
    from pairkit import _native
    from pairkit.errors import LimitExceededError

    with pytest.raises(LimitExceededError):
        call(_native)
