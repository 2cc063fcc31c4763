"""The tower F_{3^{3m}} = F_{3^m}[rho]/(rho^3 - rho - b), F_{3^{6m}} = F_{3^{3m}}[sigma]/(sigma^2 + 1).

Seed 001 section 2 (the representation of [1, 11, 12, 14] it adopts). m must be coprime to 6 so
that both steps stay irreducible over F_{3^m}; b = +-1 is the curve constant.

An F_{3^{3m}} element is a triple (a0, a1, a2) = a0 + a1 rho + a2 rho^2; an F_{3^{6m}} element is
a pair (A0, A1) = A0 + A1 sigma of triples -- its six F_{3^m} coordinates in the order
1, rho, rho^2, sigma, sigma rho, sigma rho^2 (the public GT encoding). Every function takes the
base field ``F`` and the curve constant ``b`` (an int, +-1) first, so the same code runs on
concrete values and on traced symbols. Multiplications by the F_3 constants b, -1 are sign
changes (free in seed 001's units, which compute +-A +-B and (+-A)(+-B)).

Reduction identities: rho^3 = rho + b, rho^4 = rho^2 + b rho, and (used by the cube map)
rho^6 = rho^2 - b rho + 1; sigma^2 = -1, sigma^3 = -sigma. Frobenius (q = 3^m, m odd):
rho^q = rho + e with e = m b mod 3 (Artin-Schreier: rho^3 = rho + b), sigma^q = -sigma.
"""

from __future__ import annotations


def signed(F, a, s: int):
    """s * a for an F_3 constant s (+-1); a sign swap in hardware."""
    return a if s % 3 == 1 else F.neg(a)


# ---------------------------------------------------------------- F_{3^{3m}}


def f3_add(F, a, c):
    return tuple(F.add(x, y) for x, y in zip(a, c))


def f3_sub(F, a, c):
    return tuple(F.sub(x, y) for x, y in zip(a, c))


def f3_neg(F, a):
    return tuple(F.neg(x) for x in a)


def _f3_reduce(F, b, c0, c1, c2, c3, c4):
    """c0 + c1 rho + ... + c4 rho^4 with rho^3 = rho + b, rho^4 = rho^2 + b rho."""
    return (F.add(c0, signed(F, c3, b)), F.add(F.add(c1, c3), signed(F, c4, b)), F.add(c2, c4))


def f3_mul(F, b, a, c):
    """Three-term Karatsuba: 6 multiplications (a_i c_i and (a_i + a_j)(c_i + c_j))."""
    p0, p1, p2 = F.mul(a[0], c[0]), F.mul(a[1], c[1]), F.mul(a[2], c[2])
    s01 = F.mul(F.add(a[0], a[1]), F.add(c[0], c[1]))
    s02 = F.mul(F.add(a[0], a[2]), F.add(c[0], c[2]))
    s12 = F.mul(F.add(a[1], a[2]), F.add(c[1], c[2]))
    c1 = F.sub(F.sub(s01, p0), p1)
    c2 = F.add(F.sub(F.sub(s02, p0), p2), p1)
    c3 = F.sub(F.sub(s12, p1), p2)
    return _f3_reduce(F, b, p0, c1, c2, c3, p2)


def f3_mul_line(F, b, a, g0, g1):
    """a * (g0 + g1 rho - rho^2): the sparse factor of the Duursma-Lee line; 5 multiplications.

    Karatsuba on (a0 + a1 rho)(g0 + g1 rho) (3M) plus a2 g0, a2 g1 (2M); the -rho^2 term only
    shifts and negates a.
    """
    p0, p1 = F.mul(a[0], g0), F.mul(a[1], g1)
    m01 = F.sub(F.sub(F.mul(F.add(a[0], a[1]), F.add(g0, g1)), p0), p1)  # a0 g1 + a1 g0
    q0, q1 = F.mul(a[2], g0), F.mul(a[2], g1)
    c2 = F.add(F.sub(p1, a[0]), q0)  # -a0 + a1 g1 + a2 g0
    c3 = F.sub(q1, a[1])  # -a1 + a2 g1
    c4 = F.neg(a[2])
    return _f3_reduce(F, b, p0, m01, c2, c3, c4)


def f3_mul_base(F, a, s):
    """a * s for s in F_{3^m}: 3 multiplications."""
    return tuple(F.mul(x, s) for x in a)


def f3_cube(F, b, a):
    """(a0 + a1 rho + a2 rho^2)^3 = (a0^3 + b a1^3 + a2^3) + (a1^3 - b a2^3) rho + a2^3 rho^2."""
    c0, c1, c2 = F.cube(a[0]), F.cube(a[1]), F.cube(a[2])
    return (F.add(F.add(c0, signed(F, c1, b)), c2), F.sub(c1, signed(F, c2, b)), c2)


def f3_frob(F, b, a):
    """a^q, q = 3^m: rho -> rho + e, e = m b mod 3 (nonzero, e^2 = 1):
    (a0 + e a1 + a2) + (a1 - e a2) rho + a2 rho^2."""
    e = (F.m * b) % 3
    return (F.add(F.add(a[0], signed(F, a[1], e)), a[2]), F.sub(a[1], signed(F, a[2], e)), a[2])


def f3_inv(F, b, a):
    """a^{-1} = a^q a^{q^2} / N(a) with the norm N(a) = a a^q a^{q^2} in F_{3^m}.

    9 multiplications and one F_{3^m} inversion; only the constant coefficient of a * t is
    needed: a0 t0 + b (a1 t2 + a2 t1) (the rho^3 = rho + b fold of _f3_reduce).
    """
    a1 = f3_frob(F, b, a)
    t = f3_mul(F, b, a1, f3_frob(F, b, a1))
    n = F.add(F.mul(a[0], t[0]), signed(F, F.add(F.mul(a[1], t[2]), F.mul(a[2], t[1])), b))
    return f3_mul_base(F, t, F.inv(n))


# ---------------------------------------------------------------- F_{3^{6m}}


def f6_one(F):
    return ((F.one, F.zero, F.zero), (F.zero, F.zero, F.zero))


def f6_mul(F, b, x, y):
    """Karatsuba over sigma^2 = -1: 3 F_{3^{3m}} products, 18 multiplications."""
    t0, t1 = f3_mul(F, b, x[0], y[0]), f3_mul(F, b, x[1], y[1])
    t2 = f3_mul(F, b, f3_add(F, x[0], x[1]), f3_add(F, y[0], y[1]))
    return (f3_sub(F, t0, t1), f3_sub(F, f3_sub(F, t2, t0), t1))


def f6_mul_line(F, b, f, g0, g1, c):
    """f * ((g0 + g1 rho - rho^2) + c sigma): the Duursma-Lee product f <- f g (seed 001 Alg. 2.1),
    13 multiplications = 5 (F0 G0) + 3 (c F1) + 5 ((F0 + F1)(G0 + c)), as counted by seed 001."""
    t0 = f3_mul_line(F, b, f[0], g0, g1)
    t1 = f3_mul_base(F, f[1], c)
    t2 = f3_mul_line(F, b, f3_add(F, f[0], f[1]), F.add(g0, c), g1)
    return (f3_sub(F, t0, t1), f3_sub(F, f3_sub(F, t2, t0), t1))


def f6_sqr(F, b, x):
    """(A0 + A1 sigma)^2 = (A0 + A1)(A0 - A1) + 2 A0 A1 sigma: 2 F_{3^{3m}} products."""
    p = f3_mul(F, b, x[0], x[1])
    return (f3_mul(F, b, f3_add(F, x[0], x[1]), f3_sub(F, x[0], x[1])), f3_neg(F, p))  # 2 = -1


def f6_conj(F, x):
    """x^{q^3} = A0 - A1 sigma (sigma^{3^{3m}} = -sigma for odd m)."""
    return (x[0], f3_neg(F, x[1]))


def f6_cube(F, b, x):
    """(A0 + A1 sigma)^3 = A0^3 - A1^3 sigma."""
    return (f3_cube(F, b, x[0]), f3_neg(F, f3_cube(F, b, x[1])))


def f6_frob(F, b, x):
    """x^q = frob(A0) - frob(A1) sigma."""
    return (f3_frob(F, b, x[0]), f3_neg(F, f3_frob(F, b, x[1])))


def f6_inv(F, b, x):
    """x^{-1} = conj(x) / (A0^2 + A1^2)."""
    n = f3_add(F, f3_mul(F, b, x[0], x[0]), f3_mul(F, b, x[1], x[1]))
    ni = f3_inv(F, b, n)
    return (f3_mul(F, b, x[0], ni), f3_neg(F, f3_mul(F, b, x[1], ni)))


def f6_pow(F, b, x, e: int):
    if e < 0:
        return f6_pow(F, b, f6_inv(F, b, x), -e)
    r = f6_one(F)
    for bit in bin(e)[2:]:
        r = f6_sqr(F, b, r)
        if bit == "1":
            r = f6_mul(F, b, r, x)
    return r


def f6_flat(x) -> tuple:
    """The six coordinates in the order 1, rho, rho^2, sigma, sigma rho, sigma rho^2."""
    return (*x[0], *x[1])


def f6_unflat(c) -> tuple:
    return (tuple(c[0:3]), tuple(c[3:6]))
