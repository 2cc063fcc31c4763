"""GF(p) and the towers F_{p^2}, F_{p^6}, F_{p^12}: hypothesis property tests (spec/fp.py, fp_tower.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairkit.spec.prime import fp
from pairkit.spec.prime.params import SETS, tower

SEXTIC = ["bn254", "bls12-381"]
ints = st.integers(min_value=0, max_value=2**512)


def _fp12(T, cs):
    return T.fp12_from_ints([c % T.p for c in cs])


fp12s = st.lists(ints, min_size=12, max_size=12)


@pytest.mark.parametrize("p", [SETS[s].p for s in SETS] + [10007, 2**61 - 1, 97])
def test_fp_sqrt_legendre_inverse(p, rng):
    for _ in range(20):
        a = rng.randrange(1, p)
        assert a * fp.inv(a, p) % p == 1
        s = fp.sqrt(a, p)
        assert (s is None) == (fp.legendre(a, p) == -1)
        if s is not None:
            assert s * s % p == a
    with pytest.raises(ZeroDivisionError):
        fp.inv(0, p)


def test_tonelli_shanks_p_1_mod_4(rng):
    for p in (10037, 998244353, 2**255 - 19):  # p = 1 mod 4 (998244353 = 1 mod 2^23)
        assert p % 4 == 1
        for _ in range(10):
            a = rng.randrange(1, p)
            s = fp.sqrt(a * a % p, p)
            assert s * s % p == a * a % p


@pytest.mark.parametrize("sid", SEXTIC)
@settings(max_examples=15, deadline=None)
@given(a=fp12s, b=fp12s, c=fp12s)
def test_fp12_ring_axioms(sid, a, b, c):
    T = tower(sid)
    x, y, z = _fp12(T, a), _fp12(T, b), _fp12(T, c)
    assert (x * y) * z == x * (y * z)
    assert x * (y + z) == x * y + x * z
    assert x * y == y * x
    if x != T.fp12_one() - T.fp12_one():
        assert x * x.inverse() == T.fp12_one()
    assert x.square() == x * x


@pytest.mark.parametrize("sid", SEXTIC)
@settings(max_examples=5, deadline=None)
@given(a=fp12s)
def test_frobenius_is_p_power(sid, a):
    T = tower(sid)
    x = _fp12(T, a)
    assert x.frobenius(1) == x**T.p
    assert x.frobenius(2) == x.frobenius(1).frobenius(1)
    assert x.frobenius(6) == x.conj()
    assert x.frobenius(12) == x


@pytest.mark.parametrize("sid", SEXTIC)
@settings(max_examples=20, deadline=None)
@given(a=st.lists(ints, min_size=6, max_size=6), b=st.lists(ints, min_size=6, max_size=6))
def test_fp6_and_fp2(sid, a, b):
    T = tower(sid)
    x = T.fp6(T.fp2(a[0], a[1]), T.fp2(a[2], a[3]), T.fp2(a[4], a[5]))
    y = T.fp6(T.fp2(b[0], b[1]), T.fp2(b[2], b[3]), T.fp2(b[4], b[5]))
    assert x * y == y * x
    if not x.is_zero():
        assert x * x.inverse() == T.fp6_one()
    assert x.frobenius() == _pow6(x, T.p)
    u = x.c0
    assert u.frobenius() == u**T.p
    if not u.is_zero():
        assert u * u.inverse() == T.fp2_one()
    s = u.square().sqrt()
    assert s is not None and s.square() == u.square()


def _pow6(x, e):
    r, b = x.T.fp6_one(), x
    while e:
        if e & 1:
            r = r * b
        b, e = b * b, e >> 1
    return r


@pytest.mark.parametrize("sid", SEXTIC)
def test_tower_constants(sid):
    T = tower(sid)
    # w^6 = xi: build w = (0 + 1 w) and check; v^3 = xi
    zero, one = T.fp2_zero(), T.fp2_one()
    w = T.fp12(T.fp6_zero(), T.fp6(one))
    xi12 = T.fp12(T.fp6(T.xi))
    assert w**6 == xi12
    assert w.frobenius() == w**T.p
    assert not T.xi.is_square() and T.fp6(zero, one).frobenius() == _pow6(T.fp6(zero, one), T.p)


@pytest.mark.parametrize("sid", SEXTIC)
@settings(max_examples=5, deadline=None)
@given(a=fp12s)
def test_cyclotomic_square(sid, a):
    """Granger-Scott squaring == squaring on unitary elements f^((p^6-1)(p^2+1))."""
    T = tower(sid)
    x = _fp12(T, a)
    if x == T.fp12_one() - T.fp12_one():
        return
    g = x.conj() / x
    g = g.frobenius(2) * g
    assert g.cyclotomic_square() == g.square()
    assert g.cyclotomic_pow(-12345) == (g**12345).inverse()


@settings(max_examples=30, deadline=None)
@given(a=ints, b=ints)
def test_fq2_typea(a, b):
    T = tower("typea-512")
    x = T.fp2(a, b)
    assert x.frobenius() == x**T.p
    if not x.is_zero():
        assert x * x.inverse() == T.fp2_one()
    s = x.sqrt()
    assert (s is None) == (not x.is_square())
    if s is not None:
        assert s.square() == x
