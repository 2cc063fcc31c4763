"""The Tate pairing of PBC's Type A curve (typea-512), seed 002 Algorithm 1.

E: y^2 = x^3 + x over F_q, q = 3 mod 4, #E(F_q) = q + 1 = h r; embedding degree 2,
F_{q^2} = F_q[i]/(i^2 + 1); distortion map phi(x, y) = (-x, i y) (an endomorphism of E over F_{q^2}
since (iy)^2 = -y^2 = (-x)^3 + (-x); Joux 2000 / Verheul 2001).  Canonical value:

    e(P, Q) = tau_r(P, phi(Q)) = f_{r,P}(phi(Q))^((q^2 - 1)/r),   P, Q in G = E(F_q)[r].

Miller loop (seed 002 Algorithm 1: for each bit of r, f <- f^2 l_{T,T}/v_{2T}, T <- 2T; on a 1 bit
f <- f l_{T,P}/v_{T+P}, T <- T + P), with
  * denominator elimination (Barreto-Kim-Lynn-Scott, eprint 2002/008 Theorem 1): v(phi(Q)) =
    -x_Q - x_V lies in F_q and (q - 1) divides (q^2 - 1)/r, so every vertical line is dropped;
  * T in Jacobian coordinates (X/Z^2, Y/Z^3) and each line multiplied by its F_q denominator
    (killed likewise).  With M = 3X^2 + a Z^4 (a = 1), the tangent at T evaluated at phi(Q) is
        2 Y Z^3 (y' - y_T) - M Z^2 (x' - x_T)
      = [M (x_Q Z^2 + X) - 2 Y^2] + [2 Y Z^3 y_Q] i                       (x' = -x_Q, y' = i y_Q)
    and the chord through T and the affine P, with N = y_P Z^3 - Y, D = (x_P Z^2 - X) Z:
        D (y' - y_P) - N (x' - x_P) = [N (x_Q + x_P) - D y_P] + [D y_Q] i.
    For r = 2^159 + 2^107 + 1 the last addition is T = -P + P: a vertical line, dropped.
Final exponentiation (q^2 - 1)/r = (q - 1) h: f^(q-1) = conj(f)/f (the q-power Frobenius is the
conjugation), then the power h in the unitary group {a + bi : a^2 + b^2 = 1}, where squaring is
(a + bi)^2 = (2a^2 - 1) + 2ab i (a cyclotomic squaring: 2 products instead of 3).

Relation to PBC (reasoned from pbc/ecc/a_param.c and pbc_pairing.h of blynn/pbc, checked by
``pbc_miller_loop`` below): pairing_apply(out, in1, in2) runs a_pairing_proj(in1, in2), the Miller
loop on in1 with the lines evaluated at (-x, i y) of in2 (a_miller_evalfn), computing
f = f_{2^159,P} * f_{2^107,P} * l_{[2^159]P, [2^107]P} (exp2 = 159, exp1 = 107, sign1 = sign0 = +1),
which equals f_{r,P} up to vertical lines (F_q factors), then a_tateexp: f^(q-1) by conj(f)/f and the
power h = (q+1)/r by Lucas sequences (exact).  So PBC's pairing_apply(P, Q) is exactly e(P, Q) here
(same element of F_{q^2}, same a + b i coordinates, i^2 = -1, field_init_fi).
"""

from __future__ import annotations

from pairkit.spec.prime.params import TYPEA_512, groups, tower

SET_ID = "typea-512"


def distortion(Q):
    """phi(x, y) = (-x, i y): E(F_q) -> E(F_{q^2})."""
    T = tower(SET_ID)
    if Q is None:
        return None
    return (T.fp2(-Q[0].a), T.fp2(0, Q[1].a))


def tangent_line(Tj, Q):
    """The tangent at T (Jacobian) at phi(Q), times its F_q denominator (see above); the proc compiler traces it."""
    X, Y, Z = Tj
    T = tower(SET_ID)
    Z2 = Z.square()
    M = X.square() * 3 + Z2.square()  # a = 1
    re = M * (Q[0] * Z2 + X) - Y.square() * 2
    im = Y * Z * Z2 * Q[1] * 2
    return T.fp2(re.a, im.a)


def chord_line(Tj, P, Q):
    """The chord through T and P at phi(Q), or None for a vertical chord (T = -P)."""
    X, Y, Z = Tj
    T = tower(SET_ID)
    Z2 = Z.square()
    N = P[1] * Z2 * Z - Y
    D = (P[0] * Z2 - X) * Z
    if D.is_zero():
        return None
    re = N * (Q[0] + P[0]) - D * P[1]
    im = D * Q[1]
    return T.fp2(re.a, im.a)


def miller_loop(P, Q):
    """f_{r,P}(phi(Q)) up to F_q factors (seed 002 Algorithm 1 with denominator elimination)."""
    G, T = groups(SET_ID), tower(SET_ID)
    E = G.E1
    f = T.fp2_one()
    if P is None or Q is None:
        return f
    Tj, Pj = E.to_jacobian(P), E.to_jacobian(P)
    for bit in bin(TYPEA_512.r)[3:]:
        f = f.square() * tangent_line(Tj, Q)
        Tj = E.jac_double(Tj)
        if bit == "1":
            line = chord_line(Tj, P, Q)
            if line is not None:
                f = f * line
            Tj = E.jac_add(Tj, Pj)
    assert Tj is None  # [r]P = O
    return f


def unitary_square(g):
    """(a + bi)^2 for a^2 + b^2 = 1: (2a^2 - 1) + 2ab i."""
    T = g.T
    return T.fp2(2 * g.a * g.a - 1, 2 * g.a * g.b)


def unitary_pow(g, e: int):
    r = g.T.fp2_one()
    for bit in bin(e)[2:]:
        r = unitary_square(r)
        if bit == "1":
            r = r * g
    return r


def final_exponentiation(f):
    """f^((q^2 - 1)/r) = (conj(f)/f)^h."""
    return unitary_pow(f.conj() / f, TYPEA_512.h1)


def final_exponentiation_naive(f):
    S = TYPEA_512
    return f ** ((S.p**2 - 1) // S.r)


def pair(P, Q):
    """The reduced Tate pairing tau_r(P, phi(Q)) (P, Q checked to lie in G; O gives 1)."""
    G = groups(SET_ID)
    G.check_g1(P, allow_infinity=True)
    G.check_g1(Q, allow_infinity=True)
    return final_exponentiation(miller_loop(P, Q))


def multi_pair(pairs):
    G, T = groups(SET_ID), tower(SET_ID)
    f = T.fp2_one()
    for P, Q in pairs:
        G.check_g1(P, allow_infinity=True)
        G.check_g1(Q, allow_infinity=True)
        f = f * miller_loop(P, Q)
    return final_exponentiation(f)


def pbc_miller_loop(P, Q):
    """PBC's a_pairing_affine/a_pairing_proj loop structure, transliterated for the relation test:
    f_{2^exp2,P} * f_{2^exp1,P} * l_{[2^exp2]P, [2^exp1]P}(phi(Q)) with exp2 = 159, exp1 = 107, in
    affine coordinates with PBC's line scaling (a X + b Y + c, b = 2 y_V; compute_abc_tangent/line)."""
    T, E = tower(SET_ID), groups(SET_ID).E1
    exp2, exp1 = 159, 107
    assert TYPEA_512.r == 2**exp2 + 2**exp1 + 1

    def evalfn(a, b, c):  # a_miller_evalfn: a (-Qx) + b (i Qy) + c
        return T.fp2((c - a * Q[0]).a, (b * Q[1]).a)

    f, V, f1, V1 = T.fp2_one(), P, None, None
    for i in range(exp2):
        if i == exp1:
            f1, V1 = f, V
        x, y = V
        a = -(x.square() * 3 + T.fp(1))
        b = y * 2
        c = -(b * y + a * x)
        f = f.square() * evalfn(a, b, c)
        V = E.double(V)
    assert f1 is not None and V1 is not None  # exp1 < exp2: set in the loop
    f = f * f1
    (x, y), (x1, y1) = V, V1
    a, b, c = y - y1, x1 - x, x * y1 - y * x1  # compute_abc_line(V, V1)
    return f * evalfn(a, b, c)
