"""The tower F_{2^{2m}} = F_{2^m}[s]/(s^2+s+1), F_{2^{4m}} = F_{2^{2m}}[t]/(t^2+t+s).

Seed 000 Eq. 4 (basis {1, s, t, st}); the same tower as seed 003 section 3.3 with u = s, v = t.
An F_{2^{2m}} element is a pair (a0, a1) = a0 + a1 s; an F_{2^{4m}} element is a 4-tuple
(c0, c1, c2, c3) = c0 + c1 s + c2 t + c3 st. Every function takes the base field ``F`` first, so it
runs on concrete ints or on traced symbols alike. m must be odd.
"""

from __future__ import annotations

import functools

from pairkit.spec.binary.gf2m import itoh_tsujii, sqrt_n


def unit_op(name: str):
    """Mark an F_{2^{4m}} operation that a hardware core may execute as *one* unit operation.

    A field object with a ``compound(name, fn, args)`` method (the tracing field of a core whose unit
    mix has a compound unit, :mod:`pairkit.hw.core.program`) is asked first; it returns the result
    (recording one multi-output operation) or None, and then the operation runs on base-field
    operations as usual. Concrete fields have no such method: the decorator changes nothing there.
    """

    def deco(fn):
        @functools.wraps(fn)
        def wrapper(F, *args):
            hook = getattr(F, "compound", None)
            if hook is not None:
                r = hook(name, fn, args)
                if r is not None:
                    return r
            return fn(F, *args)

        wrapper.__dict__["unit_name"] = name  # the function's own attribute (functools' _Wrapped type declares none)
        return wrapper

    return deco


# ---------------------------------------------------------------- F_{2^{2m}}


def f2_add(F, a, b):
    return (F.add(a[0], b[0]), F.add(a[1], b[1]))


def f2_mul(F, a, b):
    """Karatsuba: (a0+a1 s)(b0+b1 s) = (a0b0 + a1b1) + ((a0+a1)(b0+b1) + a0b0) s, s^2 = s+1. 3M."""
    p0 = F.mul(a[0], b[0])
    p1 = F.mul(a[1], b[1])
    p2 = F.mul(F.add(a[0], a[1]), F.add(b[0], b[1]))
    return (F.add(p0, p1), F.add(p2, p0))


def f2_sqr(F, a):
    """(a0 + a1 s)^2 = (a0^2 + a1^2) + a1^2 s."""
    s0, s1 = F.sqr(a[0]), F.sqr(a[1])
    return (F.add(s0, s1), s1)


def f2_mul_s(F, a):
    """s (a0 + a1 s) = a1 + (a0 + a1) s."""
    return (a[1], F.add(a[0], a[1]))


def f2_frob(F, a):
    """(a0 + a1 s)^{2^m} = a0 + a1 s^2 = (a0 + a1) + a1 s  (m odd; seed 003 Lemma 1 (i))."""
    return (F.add(a[0], a[1]), a[1])


def f2_norm(F, a):
    """N(a) = a * a^{2^m} = a0^2 + a0 a1 + a1^2  (seed 003 Alg. 3 step 4)."""
    return F.add(F.add(F.sqr(a[0]), F.mul(a[0], a[1])), F.sqr(a[1]))


def f2_inv(F, a, inv=None):
    """a^{-1} = a^{2^m} / N(a) (norm approach, seed 003 section 4.1)."""
    inv = inv or F.inv
    v = inv(f2_norm(F, a))
    c = f2_frob(F, a)
    return (F.mul(c[0], v), F.mul(c[1], v))


# ---------------------------------------------------------------- F_{2^{4m}}


def one4(F):
    return (F.one, F.zero, F.zero, F.zero)


def f4_add(F, a, b):
    return tuple(F.add(x, y) for x, y in zip(a, b))


def f4_mul(F, a, b):
    """Karatsuba over F_{2^{2m}}: (A0 + A1 t)(B0 + B1 t) = (A0B0 + s A1B1) + ((A0+A1)(B0+B1) + A0B0) t.

    Three F_{2^{2m}} products = 9 F_{2^m} multiplications (seed 003 section 3.3).
    """
    A0, A1 = (a[0], a[1]), (a[2], a[3])
    B0, B1 = (b[0], b[1]), (b[2], b[3])
    P0 = f2_mul(F, A0, B0)
    P1 = f2_mul(F, A1, B1)
    P2 = f2_mul(F, f2_add(F, A0, A1), f2_add(F, B0, B1))
    C0 = f2_add(F, P0, f2_mul_s(F, P1))
    C1 = f2_add(F, P2, P0)
    return (C0[0], C0[1], C1[0], C1[1])


def f4_sqr(F, a):
    """(A0 + A1 t)^2 = (A0^2 + s A1^2) + A1^2 t   (t^2 = t + s): 4 base squarings."""
    A0s = f2_sqr(F, (a[0], a[1]))
    A1s = f2_sqr(F, (a[2], a[3]))
    C0 = f2_add(F, A0s, f2_mul_s(F, A1s))
    return (C0[0], C0[1], A1s[0], A1s[1])


@unit_op("ca")
def f4_mul_ca(F, c, w, z, e: int):
    """Seed 000 Eq. 5-6: C * (w + z s + e t), e in {0, 1}, with 6 F_{2^m} multiplications.

    c0' = c0 w + c1 z + e c3            c1' = (c0+c1)(w+z) + c0 w + e (c2+c3)
    c2' = c2 w + c3 z + e (c0+c2)       c3' = (c2+c3)(w+z) + c2 w + e (c1+c3)
    """
    c0, c1, c2, c3 = c
    c0w, c1z = F.mul(c0, w), F.mul(c1, z)
    c2w, c3z = F.mul(c2, w), F.mul(c3, z)
    wz = F.add(w, z)
    m1 = F.mul(F.add(c0, c1), wz)
    m3 = F.mul(F.add(c2, c3), wz)
    n0 = F.add(c0w, c1z)
    n1 = F.add(m1, c0w)
    n2 = F.add(c2w, c3z)
    n3 = F.add(m3, c2w)
    if e:
        n0 = F.add(n0, c3)
        n1 = F.add(n1, F.add(c2, c3))
        n2 = F.add(n2, F.add(c0, c2))
        n3 = F.add(n3, F.add(c1, c3))
    return (n0, n1, n2, n3)


@unit_op("sca")
def f4_sqr_mul_ca(F, c, w, z, e: int):
    """Seed 000 Alg. 1 lines 5-6 (Alg. 2 lines 5-6): C <- C^2, C <- C * A, the step of Fig. 5 in which
    the F_{2^{4m}} squarer (4 base squarings and additions, combinational) feeds the C.A unit."""
    return f4_mul_ca(F, f4_sqr(F, c), w, z, e)


def f4_mul_fg(F, f, g0, g1):
    """Seed 003 section 3.3: f * (g0 + g1 u + v) with two F_{2^{2m}} products (6M + 15A).

    fg = (f0+f1u)(g0+g1u) + (f2+f3u)(g0+g1u) v + f v, and with v^2 = v + u, u^2 = u + 1:
    f v = (f3 + (f2+f3) u) + ((f0+f2) + (f1+f3) u) v. The paper prints the added terms as
    f2 + f3 + f3 u and f0 + f3 + (f1+f3) u, which does not match its own tower (checked against
    the generic product in tests/test_spec_fields.py); we use the derived form.
    """
    g = (g0, g1)
    lo = f2_mul(F, (f[0], f[1]), g)
    hi = f2_mul(F, (f[2], f[3]), g)
    return (
        F.add(lo[0], f[3]),
        F.add(lo[1], F.add(f[2], f[3])),
        F.add(hi[0], F.add(f[0], f[2])),
        F.add(hi[1], F.add(f[1], f[3])),
    )


def f4_frob(F, a):
    """a^{2^m} for odd m: s -> s + 1, t -> t^{2^{m mod 4}} (t^2 = t+s, t^8 = t+s+1).

    m = 3 mod 4: (f0+f1+f2) + (f1+f2+f3) s + (f2+f3) t + f3 st   (seed 003 Lemma 1 (ii); seed 004 Eq. 4)
    m = 1 mod 4: (f0+f1+f3) + (f1+f2) s + (f2+f3) t + f3 st      (same derivation with t -> t + s)
    """
    f0, f1, f2, f3 = a
    if F.m % 4 == 3:
        return (F.add(F.add(f0, f1), f2), F.add(F.add(f1, f2), f3), F.add(f2, f3), f3)
    return (F.add(F.add(f0, f1), f3), F.add(f1, f2), F.add(f2, f3), f3)


def f4_frob2(F, a):
    """a^{2^{2m}}: s fixed, t -> t + 1: (f0+f2) + (f1+f3) s + f2 t + f3 st (seed 003 Lemma 1 (iii))."""
    f0, f1, f2, f3 = a
    return (F.add(f0, f2), F.add(f1, f3), f2, f3)


def f4_inv(F, a, inv=None):
    """Seed 003 Algorithm 3: norm-based inversion in F_{2^{4m}}, 10M + 3S + 1I + 14A.

    R = A^{2^{2m}}; S = A R in F_{2^{2m}}; T = S^{2^m}; U = S T in F_{2^m}; V = U^{-1};
    W = T V; Z = R W = A^{-1}.
    """
    inv = inv or getattr(F, "inverter", None) or (lambda x: itoh_tsujii(F, x))  # F.inverter: see final_exp_2m
    A0, A1 = (a[0], a[1]), (a[2], a[3])
    R = f4_frob2(F, a)
    R0 = (R[0], R[1])
    # S = A0 (A0 + A1) + s A1^2  (= A0 R0 + s A1^2)
    S = f2_add(F, f2_mul(F, A0, R0), f2_mul_s(F, f2_sqr(F, A1)))
    T = f2_frob(F, S)
    U = F.add(F.mul(S[0], T[0]), F.sqr(S[1]))  # S1 = T1 so S1 T1 is a squaring
    V = inv(U)
    W = (F.mul(T[0], V), F.mul(T[1], V))
    Z0 = f2_mul(F, R0, W)
    Z1 = f2_mul(F, (R[2], R[3]), W)
    return (Z0[0], Z0[1], Z1[0], Z1[1])


@unit_op("sqr4n")
def f4_pow_2k(F, a, k):
    """a^{2^k} by k squarings in F_{2^{4m}} (a core may run them on an F_{2^{4m}} squarer with several
    in series: seed 000 section 5.3's "component computing C^{2^4} each cycle")."""
    for _ in range(k):
        a = f4_sqr(F, a)
    return a


def f4_pow_2k_by_sqrt(F, a, k):
    """a^{2^k} by m - k square roots of each coordinate (seed 003 Appendix A.2).

    Needs k = 0 mod 4 (then s^{2^k} = s, t^{2^k} = t and the power acts coordinate-wise,
    f_i^{2^k} = f_i^{2^{-(m-k)}}); seed 003 has k = 612.
    """
    if k % 4 != 0:
        raise ValueError("the coordinate-wise square-root chain needs k = 0 mod 4")
    return tuple(sqrt_n(F, c, F.m - k) for c in a)


def f4_pow(F, a, e: int):
    """a^e, e >= 0, plain square-and-multiply (reference only)."""
    r = one4(F)
    for bit in bin(e)[2:]:
        r = f4_sqr(F, r)
        if bit == "1":
            r = f4_mul(F, r, a)
    return r


def f4_is_one(F, a):
    return a[0] == F.one and a[1] == F.zero and a[2] == F.zero and a[3] == F.zero
