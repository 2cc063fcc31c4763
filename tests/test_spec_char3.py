"""The characteristic-three spec: GF(3^m), the tower, E_b: y^2 = x^3 - x + b and Duursma-Lee,
checked against PARI/GP (irreducibility, curve orders, the reduced Tate pairing) and against
algebraic identities (hypothesis)."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairkit import sets
from pairkit.errors import EncodingError, NotInSubgroupError, NotOnCurveError, PointAtInfinityError
from pairkit.sets import Family
from pairkit.spec import pairing_for
from pairkit.spec.char3 import pairing as pc
from pairkit.spec.char3 import tower as X
from pairkit.spec.char3.gf3m import GF3m
from pairkit.spec.trace import trace_json

F97 = GF3m(97, 16)
TOYS3 = [s.id for s in sets.all_sets() if s.family is Family.CHAR3 and s.role == "toy"]
elem97 = st.integers(0, 3**97 - 1).map(F97.from_int)


def test_digit_tables_exhaustive():
    F = GF3m(5, 4)
    for x, y in itertools.product(range(3), repeat=2):
        a, b = F.digit(x), F.digit(y)
        assert F.add(a, b) == F.digit(x + y)
        assert F.sub(a, b) == F.digit(x - y)
        assert F.neg(a) == F.digit(-x)
        assert F.mul(a, b) == F.digit(x * y)


def test_encoding_is_the_base3_integer():
    F = F97
    assert F.nbytes == 20  # ceil(154 / 8)
    assert F.to_int(F.from_digits([1, 2, 0, 1])) == 1 + 2 * 3 + 27
    assert F.to_bytes(F.one) == bytes(19) + b"\x01"
    with pytest.raises(EncodingError):
        F.from_int(3**97)
    with pytest.raises(EncodingError):
        F.from_bytes((3**97).to_bytes(20, "big"))
    with pytest.raises(EncodingError):
        F.from_bytes(bytes(19))


@settings(max_examples=60, deadline=None)
@given(elem97, elem97, elem97)
def test_field_axioms_97(a, b, c):
    F = F97
    assert F.mul(a, b) == F.mul(b, a)
    assert F.mul(F.mul(a, b), c) == F.mul(a, F.mul(b, c))
    assert F.mul(a, F.add(b, c)) == F.add(F.mul(a, b), F.mul(a, c))
    assert F.sub(F.add(a, b), b) == a
    assert F.cube(a) == F.mul(F.sqr(a), a)
    assert F.cbrt(F.cube(a)) == a and F.cube(F.cbrt(a)) == a
    if not F.is_zero(a):
        assert F.mul(a, F.inv(a)) == F.one
    assert F.from_bytes(F.to_bytes(a)) == a


def test_mul_matches_digit_schoolbook():
    """An independent digit-list product reduced by x^m = 1 - x^h."""
    rng = random.Random(7)
    for m, h in ((97, 16), (193, 64), (13, 4), (5, 4)):
        F = GF3m(m, h)
        for _ in range(5):
            a, b = F.random(rng), F.random(rng)
            da, db = F.digits(a), F.digits(b)
            prod = [0] * (2 * m)
            for i, j in itertools.product(range(m), repeat=2):
                prod[i + j] += da[i] * db[j]
            for k in range(2 * m - 1, m - 1, -1):  # x^k = x^{k-m} - x^{k-m+h}
                c, prod[k] = prod[k], 0
                prod[k - m] += c
                prod[k - m + h] -= c
            assert F.mul(a, b) == F.from_digits([d % 3 for d in prod[:m]])


def test_cube_root_constants():
    """m = h = 1 (mod 3): x^{1/3} = x^{(2m+1)/3} - x^{(m+h+1)/3} + x^{(2h+1)/3}, x^{2/3} =
    x^{(m+2)/3} + x^{(h+2)/3} (eprint 2004/305); for 97, 16: x^65 - x^38 + x^11 and x^33 + x^6."""
    x13, x23 = F97.cbrt_consts
    d13 = {i: d for i, d in enumerate(F97.digits(x13)) if d}
    d23 = {i: d for i, d in enumerate(F97.digits(x23)) if d}
    assert d13 == {65: 1, 38: 2, 11: 1} and d23 == {33: 1, 6: 1}
    # m = h = 2 (mod 3) is sparse too; 163 with h = 80 is not (dense map, two products)
    assert sum(1 for d in GF3m(11, 2).digits(GF3m(11, 2).cbrt_consts[0]) if d) <= 3
    F = GF3m(163, 80)
    assert sum(1 for d in F.digits(F.cbrt_consts[0]) if d) > 100
    a = F.random(random.Random(1))
    assert F.cube(F.cbrt(a)) == a


def test_irreducibility_agrees_with_pari():
    from pairkit.oracle import pari

    p = pari()
    reducible = []
    for m in range(2, 25):
        for h in range(1, m):
            ours = GF3m.is_irreducible(m, h)
            assert ours == bool(int(p(f"polisirreducible(Mod(1,3)*(x^{m}+x^{h}-1))"))), (m, h)
            if not ours:
                reducible.append((m, h))
    for m, h in reducible[:5]:
        with pytest.raises(ValueError, match="not irreducible"):
            GF3m(m, h)


def test_tower_identities():
    rng = random.Random(2)
    F, b = F97, 1
    for _ in range(4):
        a = tuple(F.random(rng) for _ in range(3))
        c = tuple(F.random(rng) for _ in range(3))
        # f3_mul against the schoolbook product with rho^3 = rho + b
        prod = [F.zero] * 5
        for i, j in itertools.product(range(3), repeat=2):
            prod[i + j] = F.add(prod[i + j], F.mul(a[i], c[j]))
        ref = (F.add(prod[0], prod[3]), F.add(F.add(prod[1], prod[3]), prod[4]), F.add(prod[2], prod[4]))
        assert X.f3_mul(F, b, a, c) == ref
        assert X.f3_mul(F, b, a, X.f3_inv(F, b, a)) == (F.one, F.zero, F.zero)
        assert X.f3_cube(F, b, a) == X.f3_mul(F, b, a, X.f3_mul(F, b, a, a))
        g0, g1 = F.random(rng), F.random(rng)
        assert X.f3_mul_line(F, b, a, g0, g1) == X.f3_mul(F, b, a, (g0, g1, F.neg(F.one)))
        x = (a, c)
        y = (tuple(F.random(rng) for _ in range(3)), tuple(F.random(rng) for _ in range(3)))
        assert X.f6_sqr(F, b, x) == X.f6_mul(F, b, x, x)
        assert X.f6_cube(F, b, x) == X.f6_mul(F, b, x, X.f6_sqr(F, b, x))
        assert X.f6_mul(F, b, x, X.f6_inv(F, b, x)) == X.f6_one(F)
        cs = F.random(rng)
        line = ((g0, g1, F.neg(F.one)), (cs, F.zero, F.zero))
        assert X.f6_mul_line(F, b, x, g0, g1, cs) == X.f6_mul(F, b, x, line)
        # the q-Frobenius is the m-fold cube
        fx = x
        for _ in range(F.m):
            fx = X.f6_cube(F, b, fx)
        assert X.f6_frob(F, b, x) == fx
        del y


def test_curve_group_law_and_encodings():
    S = pairing_for("ss3-97")
    C, rng = S.curve, random.Random(4)
    P, Q = S.random_point(rng), S.random_point(rng)
    assert C.triple(P) == C.add(C.double(P), P)
    assert C.mul(S.params.r, P) is None and C.mul(S.params.r + 5, P) == C.mul(5, P)
    assert C.add(C.add(P, Q), C.neg(Q)) == P
    for comp in (False, True):
        enc = C.encode(P, compressed=comp)
        assert len(enc) == (21 if comp else 40)
        assert S.decode_point(enc) == P
    bad = C.encode(P)[:20] + C.encode(Q)[20:]
    with pytest.raises(NotOnCurveError):
        S.decode_point(bad)
    with pytest.raises(PointAtInfinityError):
        S.decode_point(b"\xff" * 40)
    with pytest.raises(EncodingError):
        S.decode_point(b"\x05" + C.encode(P)[:20])
    with pytest.raises(EncodingError):
        S.decode_point(C.encode(P)[:39])
    # a point of order 7 (the cofactor part) is on the curve but outside the subgroup
    while True:
        T = C.lift_x(S.F.random(rng), 0)
        if T is not None:
            T = C.mul(S.params.r, T)
            if T is not None:
                break
    with pytest.raises(NotInSubgroupError):
        S.decode_point(C.encode(T))


@pytest.mark.parametrize("set_id", TOYS3)
def test_toys_against_pari_both_algorithms(set_id):
    """Both variants, mapped to canonical, equal PARI's reduced Tate pairing; DL is in mu_r."""
    from pairkit.oracle import reduced_tate3

    S, p = pairing_for(set_id), sets.get(set_id)
    rng = random.Random(set_id)
    for _ in range(3):
        P, Q = S.random_point(rng), S.random_point(rng)
        want = reduced_tate3(p.m, p.h, p.b, p.r, tuple(map(S.F.to_int, P)), tuple(map(S.F.to_int, Q)))
        dl = S.pair("duursma-lee", P, Q)
        assert S.gt_ints(dl) == want
        assert X.f6_pow(S.F, p.b, dl, p.r) == X.f6_one(S.F)
        assert S.gt_ints(S.to_canonical("duursma-lee-nocbrt", S.pair("duursma-lee-nocbrt", P, Q))) == want
        assert S.gt_ints(S.canonical(P, Q, "eta-t")) == want


@pytest.mark.parametrize("m,b", [(5, 1), (7, 1), (11, -1), (13, 1), (17, -1), (19, 1)])
def test_eta_t_every_class_against_pari(m, b):
    """eta_T mapped by x -> (x^{q^5})^{1/3} is PARI's tau_r(P, phi(Q)) for every class (m mod 12,
    b), including those the catalogue's toys miss; the raw value is canonical^{3^{m+1}}."""
    from pairkit.oracle import pari, reduced_tate3
    from pairkit.spec.char3.curve import Curve3

    h = next(h for h in range(1, m) if GF3m.is_irreducible(m, h))
    mu = 1 if m % 12 in (1, 11) else -1
    order = 3**m + 1 + mu * b * 3 ** ((m + 1) // 2)
    r = int(pari()(f"vecmax(factor({order})[,1])"))
    F, E, rng = GF3m(m, h), Curve3(GF3m(m, h), b), random.Random(m * b)

    def point():
        while True:
            P = E.lift_x(F.random(rng), rng.randrange(2))
            if P is not None and (P := E.mul(order // r, P)) is not None:
                return P

    for _ in range(2):
        P, Q = point(), point()
        v = pc.eta_final_exp(F, b, mu, pc.eta_miller(F, b, P, Q))
        want = reduced_tate3(m, h, b, r, tuple(map(F.to_int, P)), tuple(map(F.to_int, Q)))
        assert tuple(map(F.to_int, X.f6_flat(pc.eta_to_canonical(F, b, v)))) == want
        assert v == X.f6_pow(F, b, X.f6_unflat([F.from_int(c) for c in want]), 3 ** (m + 1))


def test_ss3_97_against_pari_and_bilinear():
    from pairkit.oracle import reduced_tate3

    S, p = pairing_for("ss3-97"), sets.get("ss3-97")
    rng = random.Random(97)
    P, Q = S.random_point(rng), S.random_point(rng)
    want = reduced_tate3(p.m, p.h, p.b, p.r, tuple(map(S.F.to_int, P)), tuple(map(S.F.to_int, Q)))
    e = S.pair("duursma-lee", P, Q)
    assert S.gt_ints(e) == want
    assert S.canonical(P, Q, "duursma-lee-nocbrt") == e
    assert S.canonical(P, Q, "eta-t") == e
    a, c = rng.randrange(1, p.r), rng.randrange(1, p.r)
    lhs = S.pair("duursma-lee", S.curve.mul(a, P), S.curve.mul(c, Q))
    assert lhs == X.f6_pow(S.F, p.b, e, a * c % p.r)
    assert e != X.f6_one(S.F)  # non-degenerate


def test_nocbrt_is_a_fixed_power_of_alg21():
    S = pairing_for("ss3-97")
    rng = random.Random(11)
    P, Q = S.random_point(rng), S.random_point(rng)
    f = S.miller_loop("duursma-lee", P, Q)
    g = S.miller_loop("duursma-lee-nocbrt", P, Q)
    fx = f
    for _ in range(96):
        fx = X.f6_cube(S.F, 1, fx)
    assert g == fx  # before the final exponentiation already: g = f^{3^{m-1}}


def test_trace_counts_against_seed001():
    """Seed 001 Alg. 2.1 per iteration: 15 mul (square counted as one), 2 cubes, 2 cube roots,
    52 add/sub. Our Karatsuba f * g needs fewer additions (see docs); negations are sign swaps."""
    j = trace_json("ss3-97", "duursma-lee")
    c = j["counts"]
    assert c["mul"] + c["sqr"] == 15 and c["cube"] == 2 and c["cbrt"] == 2
    assert c["add"] + c["sub"] <= 52
    nc = trace_json("ss3-97", "duursma-lee-nocbrt")["counts"]
    assert "cbrt" not in nc and nc["mul"] + nc["sqr"] == 15
    assert nc["cube"] == 4 + 6  # x_P^9, y_P^9 and the cube of f (six base-field cubes)
    # every argument of an op in the slice is defined in it or is a live-in
    ids = {o["out"] for o in j["ops"]}
    assert any(a not in ids for o in j["ops"] for a in o["args"])


def test_final_exp_is_the_3_3m_minus_1_power_on_a_toy():
    S = pairing_for("ss3-5")
    F, b = S.F, S.params.b
    rng = random.Random(3)
    x = (tuple(F.random(rng) for _ in range(3)), tuple(F.random(rng) for _ in range(3)))
    assert pc.final_exp(F, b, x) == X.f6_pow(F, b, x, 3 ** (3 * F.m) - 1)


@pytest.mark.parametrize("set_id", ["ss3-5", "ss3-7", "ss3-11", "ss3-13"])
def test_eta_final_exp_is_the_6m_over_order_power(set_id):
    """eta_final_exp(f) = f^{(3^{6m} - 1)/#E} on arbitrary f, and the cube root of F_{3^{6m}}."""
    S = pairing_for(set_id)
    F, b, p = S.F, S.params.b, S.params
    rng = random.Random(set_id)
    x = (tuple(F.random(rng) for _ in range(3)), tuple(F.random(rng) for _ in range(3)))
    assert pc.eta_final_exp(F, b, p.mu, x) == X.f6_pow(F, b, x, (3 ** (6 * F.m) - 1) // p.order)
    assert X.f6_cube(F, b, pc.f6_cbrt(F, b, x)) == x


def test_eta_t_trace_halves_the_loop():
    """eta_T runs Alg. 2.1's body (m + 1)/2 times: per iteration the same counts as Duursma-Lee."""
    dl, et = trace_json("ss3-97", "duursma-lee"), trace_json("ss3-97", "eta-t")
    assert et["counts"] == dl["counts"]
    w_dl, w_et = (trace_json("ss3-97", a, whole=True)["counts"] for a in ("duursma-lee", "eta-t"))
    assert w_et["mul"] < 0.55 * w_dl["mul"] and w_et["cube"] == 2 * 49 and w_et["cbrt"] == 2 * 48
