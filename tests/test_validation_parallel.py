"""Cheaper validation and the split Miller loop through Python: the Frobenius-trace subgroup check (multi-squaring
tables) against r P = O on valid points, on valid points plus the order-5 point (0, 1), and on
off-curve points; and `pair_parallel` (the split eta_T Miller loop) equal to `pair`."""

import pytest

from pairkit import _native, api, errors, sets


def _order5(set_id: str) -> bytes:
    n = len(api.generator(set_id)) // 2
    return bytes(n) + (1).to_bytes(n, "big")  # (0, 1): y^2 + y = 0 = x^3 + x at x = 0


@pytest.mark.parametrize("set_id", ["ss2-17", "ss2-283", "ss2-1223"])
def test_trace_check_against_scalar_mul(set_id):
    r = sets.get(set_id).r
    t5 = _order5(set_id)
    assert api.decode_point(set_id, t5, check_subgroup=False)
    with pytest.raises(errors.NotInSubgroupError):
        api.decode_point(set_id, t5, check_subgroup=True)
    for p in api.random_points(set_id, 4, seed=5):
        assert api.decode_point(set_id, p, check_subgroup=True)
        bad = api.point_add(set_id, p, t5)
        with pytest.raises(errors.NotInSubgroupError):
            api.decode_point(set_id, bad, check_subgroup=True)
        # The reference r P = O: r P is O (all 0xFF), r (P + T5) = r T5 is not.
        inf = b"\xff" * len(p)
        assert api.point_mul(set_id, p, r) == inf
        assert api.point_mul(set_id, bad, r) != inf
        off = bytearray(p)
        off[-1] ^= 2
        with pytest.raises(errors.NotOnCurveError):
            api.decode_point(set_id, bytes(off), check_subgroup=True)


@pytest.mark.parametrize("set_id", ["ss2-283", "ss2-1223"])
def test_pair_parallel_equals_pair(set_id):
    pts = api.random_points(set_id, 4, seed=9)
    for p, q in [(pts[0], pts[1]), (pts[2], pts[3])]:
        want = api.pair(set_id, p, q, alg="eta-t")
        for t in (1, 2, 3):
            assert api.pair_parallel(set_id, p, q, threads=t, alg="eta-t") == want
        assert api.pair_parallel(set_id, p, q, 2, alg="eta-t", canonical=True) == api.pair(
            set_id, p, q, alg="eta-t", canonical=True
        )


def test_pair_parallel_bad_input():
    p, q = api.random_points("ss2-283", 2, seed=1)
    with pytest.raises(errors.InvalidArgumentError):
        api.pair_parallel("ss2-283", p, q, threads=0)
    with pytest.raises(errors.InvalidArgumentError):  # the binding's own check below the wrapper
        _native.pair_parallel("ss2-283", "eta-t", p, q, 0)
    with pytest.raises(errors.LimitExceededError):
        api.pair_parallel("ss2-283", p, q, threads=65)
    with pytest.raises(errors.UnknownAlgorithmError):
        api.pair_parallel("ss2-283", p, q, threads=2, alg="eta-alg2")
    assert api.pair_parallel("ss2-283", p, q, threads=1, alg="eta-alg2") == api.pair("ss2-283", p, q, alg="eta-alg2")
    with pytest.raises(errors.NotOnCurveError):
        api.pair_parallel("ss2-283", p[:-1] + bytes([p[-1] ^ 2]), q, threads=2)
