"""Field and tower laws of the executable specification (hypothesis property tests)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairkit.spec.binary import tower as ext
from pairkit.spec.binary.gf2m import GF2m, itoh_tsujii_alg4_1223
from pairkit.spec.trace import TracingField

FIELDS = [GF2m(7, (1,)), GF2m(13, (4, 3, 1)), GF2m(239, (36,)), GF2m(283, (12, 7, 5)), GF2m(1223, (255,))]


def elems(F, n=1):
    return st.tuples(*[st.integers(0, (1 << F.m) - 1)] * n)


@pytest.mark.slow
@pytest.mark.parametrize("F", FIELDS, ids=lambda F: f"m{F.m}")
def test_field_laws(F):
    @settings(max_examples=30, deadline=None)
    @given(elems(F, 3))
    def laws(abc):
        a, b, c = abc
        assert F.mul(a, b) == F.mul(b, a)
        assert F.mul(F.mul(a, b), c) == F.mul(a, F.mul(b, c))
        assert F.mul(a, b ^ c) == F.mul(a, b) ^ F.mul(a, c)
        assert F.sqr(a) == F.mul(a, a)
        assert F.sqrt(F.sqr(a)) == a
        assert F.trace(a ^ b) == F.trace(a) ^ F.trace(b)
        if a:
            assert F.mul(a, F.inv(a)) == 1
        if F.trace(a) == 0:
            h = F.half_trace(a)
            assert F.sqr(h) ^ h == a

    laws()
    assert F.trace(1) == 1  # m odd


def test_sqrt_x_1223_is_sparse():
    """Seed 003 section 2: sqrt(x) = x^612 + x^128 mod x^1223 + x^255 + 1."""
    assert GF2m(1223, (255,)).sqrt_x == (1 << 612) | (1 << 128)


def test_itoh_tsujii_alg4_matches_generic(rng):
    F = GF2m(1223, (255,))
    a = rng.randrange(1, 1 << 1223)
    assert itoh_tsujii_alg4_1223(F, a) == F.inv(a)
    T = TracingField(F)
    itoh_tsujii_alg4_1223(T, T.input("a", a))
    assert T.counts()["mul"] == 14  # seed 003 Appendix A.3: 14 Mul + 1222 Squ
    assert T.counts()["sqr"] == 1222


def test_itoh_tsujii_count_matches_eq7():
    """Seed 000 Eq. 7: floor(log2(m-1)) + HW(m-1) - 1 multiplications."""
    from pairkit.spec.binary.gf2m import itoh_tsujii

    for F in FIELDS:
        T = TracingField(F)
        itoh_tsujii(T, T.input("a", 3))
        n = F.m - 1
        assert T.counts()["mul"] == n.bit_length() - 1 + bin(n).count("1") - 1


@pytest.mark.parametrize("F", [FIELDS[0], FIELDS[2], FIELDS[3]], ids=lambda F: f"m{F.m}")
def test_tower_laws(F, rng):
    R = lambda: rng.randrange(1 << F.m)  # noqa: E731
    for _ in range(10):
        a, b, c = [(R(), R(), R(), R()) for _ in range(3)]
        w, z = R(), R()
        assert ext.f4_mul(F, a, b) == ext.f4_mul(F, b, a)
        assert ext.f4_mul(F, ext.f4_mul(F, a, b), c) == ext.f4_mul(F, a, ext.f4_mul(F, b, c))
        assert ext.f4_sqr(F, a) == ext.f4_mul(F, a, a)
        assert ext.f4_mul(F, a, ext.f4_inv(F, a)) == ext.one4(F)
        assert ext.f4_mul_ca(F, a, w, z, 1) == ext.f4_mul(F, a, (w, z, 1, 0))
        assert ext.f4_mul_ca(F, a, w, z, 0) == ext.f4_mul(F, a, (w, z, 0, 0))
        assert ext.f4_mul_fg(F, a, w, z) == ext.f4_mul(F, a, (w, z, 1, 0))
        assert ext.f4_frob2(F, ext.f4_frob2(F, a)) == a
        assert ext.f4_frob(F, ext.f4_frob(F, a)) == ext.f4_frob2(F, a)
    if F.m < 100:
        assert ext.f4_frob(F, a) == ext.f4_pow(F, a, 2**F.m)
        assert ext.f4_frob2(F, a) == ext.f4_pow(F, a, 2 ** (2 * F.m))


def test_paper_fg_recombination_is_an_erratum(rng):
    """Seed 003 section 3.3 prints f*g with the added terms f2+f3+f3u and f0+f3+(f1+f3)u."""
    F = FIELDS[0]
    R = lambda: rng.randrange(1 << F.m)  # noqa: E731
    bad = 0
    for _ in range(20):
        f, g0, g1 = (R(), R(), R(), R()), R(), R()
        lo = ext.f2_mul(F, (f[0], f[1]), (g0, g1))
        hi = ext.f2_mul(F, (f[2], f[3]), (g0, g1))
        printed = (lo[0] ^ f[2] ^ f[3], lo[1] ^ f[3], hi[0] ^ f[0] ^ f[3], hi[1] ^ f[1] ^ f[3])
        bad += printed != ext.f4_mul(F, f, (g0, g1, 1, 0))
    assert bad > 0


def test_trace_records_and_checks_values(rng):
    F = FIELDS[2]
    T = TracingField(F)
    a, b = rng.randrange(1 << F.m), rng.randrange(1 << F.m)
    x = T.mul(T.input("a", a), T.sqr(T.input("b", b)))
    assert x.value == F.mul(a, F.sqr(b))
    j = T.to_json()
    assert [o["kind"] for o in j["ops"]] == ["input", "input", "sqr", "mul"]


@pytest.mark.parametrize("F", FIELDS, ids=lambda F: f"m{F.m}")
def test_euclid_inverse_equals_itoh_tsujii(F, rng):
    for _ in range(5):
        a = rng.randrange(1, 1 << F.m)
        assert F.inv_vartime(a) == F.inv(a)
