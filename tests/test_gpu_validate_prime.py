"""The prime kernels' curve layer (kernels/curve_prime.cuh) executed on the host (g++ behind
kernels/host_shim.h) against the Rust core: pk_validate's curve equation and subgroup tests (valid
points, points off the curve, points on the curve outside the order-r subgroup, for G1 and G2 of
bn254 and bls12-381, compared point by point with ``_native.decode_point(..., check_subgroup=True)``),
the scalar multiplications of pk_bls_scale against ``point_mul``, and the product / sum tree levels
(pk_fp12_prod, pk_g2_sum) against ``gt_mul`` / ``point_add``."""

import random

import pytest

from pairkit import _native, api
from pairkit.errors import NotInSubgroupError, NotOnCurveError, PairkitError
from pairkit.gpu import prime_source
from pairkit.gpu.host import PrimeHostKernels
from pairkit.spec.prime import params as spec_params

SETS = prime_source.PRIME_SETS


@pytest.fixture(scope="module")
def kernels():
    cache: dict = {}

    def get(set_id):
        if set_id not in cache:
            cache[set_id] = PrimeHostKernels(set_id, "optimal-ate", block=3)
        return cache[set_id]

    return get


def nb(set_id):
    return _native.sizes(set_id)[0]


def enc_g1(set_id, x, y):
    return x.to_bytes(nb(set_id), "big") + y.to_bytes(nb(set_id), "big")


def enc_g2(set_id, x, y):
    """EIP-197 / ZCash uncompressed: the imaginary part first."""
    return b"".join(v.to_bytes(nb(set_id), "big") for v in (x[1], x[0], y[1], y[0]))


def outside_subgroup(set_id, group, count):
    """Points on E (group 1) or E' (group 2) whose order is not r (lifted from small x)."""
    G = spec_params.groups(set_id)
    T = spec_params.tower(set_id)
    found = []
    for x in range(1, 400):
        if group == 1:
            P = G.E1.lift_x(T.fp(x))
            if P is not None and not G.g1_in_subgroup(P):
                found.append((int(P[0]), int(P[1])))
        else:
            Q = G.E2.lift_x(T.fp2(x, 1))
            if Q is not None and not G.g2_in_subgroup(Q):
                found.append(((int(Q[0].a), int(Q[0].b)), (int(Q[1].a), int(Q[1].b))))
        if len(found) == count:
            return found
    raise AssertionError("too few points outside the subgroup")


def native_code(set_id, data, group):
    """The Rust core's verdict as pk_validate's code: 0 ok, 2 not on the curve, 3 not in the subgroup."""
    try:
        _native.decode_point(set_id, data, True, group)
        return 0
    except NotOnCurveError:
        return 2
    except NotInSubgroupError:
        return 3


@pytest.mark.parametrize("set_id", SETS)
def test_the_groups_have_odd_order(set_id):
    """The complete formulas (RCB Alg. 7 / 9) are exceptional only for points of order 2, which a
    group of odd order has none of: #E(F_p) = h1 r and #E'(F_{p^2}) = h2 r are odd."""
    S = spec_params.SETS[set_id]
    assert S.h1 * S.r % 2 == 1 and S.h2 * S.r % 2 == 1


@pytest.mark.parametrize("set_id", SETS)
def test_validate_agrees_with_the_rust_decoder_point_by_point(kernels, set_id):
    """A shuffled batch of valid pairs, P or Q off the curve (a flipped bit of y), P (bls12-381; bn254's
    G1 has cofactor 1) or Q on the curve outside the subgroup: P's and Q's codes equal the Rust core's."""
    n = 10
    rng = random.Random(3)
    Ps = [api.decode_point(set_id, p, group=1) for p in _native.random_points(set_id, n, 11, False, 1)]
    Qs = [api.decode_point(set_id, q, group=2) for q in _native.random_points(set_id, n, 12, False, 2)]
    Ps[1] = (Ps[1][0], Ps[1][1] ^ 1)
    Qs[2] = (Qs[2][0], (Qs[2][1][0] ^ 1, Qs[2][1][1]))
    Qs[3], Qs[4] = outside_subgroup(set_id, 2, 2)
    Ps[4] = (Ps[4][0], Ps[4][1] ^ 4)  # P and Q bad at the same index: both codes reported
    if set_id == "bls12-381":
        Ps[5], Ps[6] = outside_subgroup(set_id, 1, 2)
    order = list(range(n))
    rng.shuffle(order)
    Ps, Qs = [Ps[i] for i in order], [Qs[i] for i in order]
    cols = [
        [p[0] for p in Ps],
        [p[1] for p in Ps],
        [q[0][0] for q in Qs],
        [q[0][1] for q in Qs],
        [q[1][0] for q in Qs],
        [q[1][1] for q in Qs],
    ]
    _, st = kernels(set_id).launch("validate", cols)
    got = [(int(s) & 0xFF, int(s) >> 8) for s in st]
    want = [
        (native_code(set_id, enc_g1(set_id, *P), 1), native_code(set_id, enc_g2(set_id, *Q), 2)) for P, Q in zip(Ps, Qs)
    ]
    assert got == want
    codes = {c for pair in want for c in pair}
    assert codes == {0, 2, 3}, codes  # every verdict is exercised


@pytest.mark.parametrize("set_id", SETS)
def test_bls_scale_equals_point_mul(kernels, set_id):
    """pk_bls_scale: [c] P affine and [c] Q projective against the Rust core's point_mul, for c = 1,
    2^64 - 1, a random 256-bit c and c = r ([r] P = O: status 1, x = y = 0)."""
    r = spec_params.SETS[set_id].r
    cs = [1, 2**64 - 1, random.Random(4).getrandbits(256) | 1 << 255, r]
    n = len(cs)
    Pb, Qb = _native.random_points(set_id, n, 31, False, 1), _native.random_points(set_id, n, 32, False, 2)
    Ps = [api.decode_point(set_id, p, group=1) for p in Pb]
    Qs = [api.decode_point(set_id, q, group=2) for q in Qb]
    cols = [[P[0] for P in Ps], [P[1] for P in Ps]]
    cols += [[Q[0][0] for Q in Qs], [Q[0][1] for Q in Qs], [Q[1][0] for Q in Qs], [Q[1][1] for Q in Qs], cs]
    out, st = kernels(set_id).launch("bls_scale", cols)
    p = spec_params.SETS[set_id].p
    for i, c in enumerate(cs):
        if c == r:
            assert st[i] == 1 and out[i][:2] == [0, 0]
            continue
        assert st[i] == 0
        assert tuple(out[i][:2]) == api.decode_point(set_id, api.point_mul(set_id, Pb[i], c), group=1)
        x0, x1, y0, y1, z0, z1 = out[i][2:]
        d = pow(z0 * z0 + z1 * z1, p - 2, p)
        zi = (z0 * d % p, -z1 * d % p)

        def mul(a, b):
            return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)

        want = api.decode_point(set_id, api.point_mul(set_id, Qb[i], c, group=2), group=2)
        assert (mul((x0, x1), zi), mul((y0, y1), zi)) == want


@pytest.mark.parametrize("set_id", SETS)
@pytest.mark.parametrize("fan", [1, 2, 3])
def test_tree_levels_equal_gt_mul_and_point_add(kernels, set_id, fan):
    """pk_fp12_prod over 5 GT elements and pk_g2_sum over 5 points (a sum with a repeated point, P + P,
    and P + (-P) = O inside), fan-in 1 (copies), 2 and 3, level after level down to one value."""
    k = kernels(set_id)
    gts = [api.pair(set_id, api.generator(set_id, 1), q) for q in _native.random_points(set_id, 5, 41, False, 2)]
    vals = [list(c) for c in zip(*(api.split_gt(set_id, g) for g in gts))]
    m = 5
    while m > 1 and fan > 1:
        out, _ = k.launch("fp12_prod", vals, fan)
        m = prime_source.out_count("fp12_prod", m, fan)
        assert len(out) == m
        vals = [list(c) for c in zip(*out)]
    want = gts[0]
    for g in gts[1:]:
        want = _native.gt_mul(set_id, want, g)
    if fan > 1:
        assert k.gt_bytes([v[0] for v in vals]) == want
    else:
        out, _ = k.launch("fp12_prod", vals, 1)
        assert [k.gt_bytes(o) for o in out] == gts
    Qb = _native.random_points(set_id, 3, 42, False, 2)
    neg = api.point_mul(set_id, Qb[1], spec_params.SETS[set_id].r - 1, group=2)
    pts = [Qb[0], Qb[1], Qb[0], neg, Qb[2]]  # Q0 + Q1 + Q0 - Q1 + Q2 = 2 Q0 + Q2
    aff = [api.decode_point(set_id, q, group=2) for q in pts]
    cols = [[a[0][0] for a in aff], [a[0][1] for a in aff], [a[1][0] for a in aff], [a[1][1] for a in aff]]
    cols += [[1] * 5, [0] * 5]  # Z = 1
    m = 5
    while m > 1 and fan > 1:
        out, _ = k.launch("g2_sum", cols, fan)
        m = prime_source.out_count("g2_sum", m, fan)
        cols = [list(c) for c in zip(*out)]
    if fan == 1:
        return
    p = spec_params.SETS[set_id].p
    x0, x1, y0, y1, z0, z1 = [c[0] for c in cols]
    d = pow(z0 * z0 + z1 * z1, p - 2, p)
    zi = (z0 * d % p, -z1 * d % p)

    def mul(a, b):
        return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)

    want_pt = api.point_add(set_id, api.point_mul(set_id, Qb[0], 2, group=2), Qb[2], group=2)
    assert (mul((x0, x1), zi), mul((y0, y1), zi)) == api.decode_point(set_id, want_pt, group=2)


def test_validate_codes_are_the_binary_kernels_codes():
    """decode.STATUS_ERRORS maps pk_validate's codes for both families: 2 NotOnCurveError, 3
    NotInSubgroupError (the engine turns the prime kernels' codes into errors through it)."""
    from pairkit.gpu import decode

    assert decode.STATUS_ERRORS[2][0] is NotOnCurveError and decode.STATUS_ERRORS[3][0] is NotInSubgroupError
    assert issubclass(NotOnCurveError, PairkitError)
