"""The pairings of seeds 000, 003 and 004 on E_b: y^2 + y = x^3 + x + b over GF(2^m).

Each algorithm is split into ``*_miller`` (the accumulation loop) and ``*_final`` (the final
exponentiation), written exactly in the order of the paper so that the symbolic trace matches the
paper's data path. All of them take the base field ``F`` (concrete or tracing), b, and affine
points P = (alpha, beta), Q = (x, y) whose coordinates are field values of ``F``.
An optional ``states`` list receives the accumulator after every iteration (vectors, RTL checks).

The relation of every algorithm's output to the canonical reduced Tate pairing
tau_r(P, psi(Q)) = f_{r,P}(psi(Q))^{(2^{4m}-1)/r} is derived in ``pairkit.spec.relations``.
"""

from __future__ import annotations

from pairkit.spec.binary.gf2m import itoh_tsujii
from pairkit.spec.binary.tower import (
    f2_add,
    f2_frob,
    f2_mul,
    f2_mul_s,
    f2_norm,
    f2_sqr,
    f4_frob,
    f4_frob2,
    f4_inv,
    f4_mul,
    f4_mul_ca,
    f4_mul_fg,
    f4_pow_2k,
    f4_pow_2k_by_sqrt,
    f4_sqr_mul_ca,
    one4,
)


def _addc(F, a, c: int):
    """a + c for a constant c in F_2 (a wire inversion in hardware; no op when c = 0)."""
    return F.add(a, F.one) if c & 1 else a


def _mark(F, label: str) -> None:
    mark = getattr(F, "mark", None)
    if mark is not None:
        mark(label)


def sqr2(F, a):
    return F.sqr(F.sqr(a))


# ------------------------------------------------------------------ seed 000 Algorithm 1


def tate_alg1_miller(F, b, P, Q, states=None):
    """Seed 000 Algorithm 1 (m iterations of C <- C^2 * A, A = w + z s + t, Eq. 1)."""
    m = F.m
    alpha, beta = P
    x, y = Q
    C = one4(F)
    alpha, beta = sqr2(F, alpha), sqr2(F, beta)
    x2 = F.sqr(x)
    u = _addc(F, F.add(x2, F.sqr(y)), b + (m - 1) // 2)
    v = _addc(F, x2, 1)
    theta = F.mul(alpha, v)
    for i in range(m):
        _mark(F, f"iter {i}")
        w = F.add(F.add(beta, theta), u)
        z = F.add(alpha, v)
        C = f4_sqr_mul_ca(F, C, w, z, 1)  # C <- C^2, C <- C A
        if states is not None:
            states.append(C)
        alpha, beta = sqr2(F, alpha), sqr2(F, beta)
        u = F.add(u, v)
        v = _addc(F, v, 1)
        theta = F.mul(alpha, v)
    _mark(F, "end")
    return C


def final_exp_2m(F, C, inv=None):
    """C^{2^{2m}-1} by seed 000 section 5.2 (one F_{2^m} inversion + 12 multiplications).

    C = C1 + C2 t;  c0 + c1 s = C1^2 + C1 C2 + C2^2 s;
    C^{2^{2m}-1} = (c0 + c1 (s+1)) / (c0^2 + c0 c1 + c1^2) * (C1^2 + C2^2 (1+s) + C2^2 t).
    """
    # a field object may bring its own inversion (``F.inverter``: the tracing field of a hardware core
    # with an inverter unit); otherwise Itoh-Tsujii on F's products and squarings
    inv = inv or getattr(F, "inverter", None) or (lambda a: itoh_tsujii(F, a))
    C1, C2 = (C[0], C[1]), (C[2], C[3])
    C1s, C2s = f2_sqr(F, C1), f2_sqr(F, C2)
    n = f2_add(F, f2_add(F, C1s, f2_mul(F, C1, C2)), f2_mul_s(F, C2s))
    d = inv(f2_norm(F, n))
    k = f2_frob(F, n)  # c0 + c1 (s + 1)
    k = (F.mul(k[0], d), F.mul(k[1], d))
    lo = f2_add(F, C1s, f2_add(F, C2s, f2_mul_s(F, C2s)))  # C1^2 + C2^2 (1 + s)
    r0 = f2_mul(F, k, lo)
    r1 = f2_mul(F, k, C2s)
    return (r0[0], r0[1], r1[0], r1[1])


def tate_alg1(F, b, P, Q, states=None):
    return final_exp_2m(F, tate_alg1_miller(F, b, P, Q, states))


# ------------------------------------------------------------------ seed 004 Algorithms 9, 10


def x4basis_to_st(F, c):
    """F_{2^m}[X]/(X^4+X+1) (seed 004 section 2.3) -> basis {1, s, t, st}.

    X = t satisfies t^2 + t = s and s = X^2 + X satisfies s^2 + s + 1 = 0, so X^2 = s + t,
    X^3 = st + s + t:  c0 + c1 X + c2 X^2 + c3 X^3 = c0 + (c2+c3) s + (c1+c2+c3) t + c3 st.
    """
    c0, c1, c2, c3 = c
    c23 = F.add(c2, c3)
    return (c0, c23, F.add(c1, c23), c3)


def st_to_x4basis(F, a):
    """Inverse of :func:`x4basis_to_st`."""
    a0, a1, a2, a3 = a
    return (a0, F.add(a2, a1), F.add(a1, a3), a3)


def alg9_body(F, c, xp, yp, xq, yq):
    """One iteration of seed 004 Algorithms 9/10: c <- c (w + z X + (z+1) X^2) in the X basis.

    The paper prints z <- x_p + y_p; with it y_p cancels from w and the result is not bilinear
    (tests/test_spec_binary.py::test_alg9_printed_z_is_an_erratum). The line of Eq. 1 (seed 000)
    needs z <- x_p + x_q, which we use: w = (x_p+1)(x_q+1) + y_p + y_q, z + 1 = x_p + x_q + 1.
    The seven products m1..m7 and the recombination are as printed (old c_i on the right).
    """
    z = F.add(xp, xq)
    m1 = F.mul(xp, xq)
    w = _addc(F, F.add(F.add(F.add(z, m1), yp), yq), 1)
    z1 = _addc(F, z, 1)
    wz1 = F.add(w, z1)
    c0, c1, c2, c3 = c
    m2 = F.mul(c0, w)
    m3 = F.mul(F.add(c2, c3), z1)
    m4 = F.mul(F.add(F.add(c1, c2), c3), w)
    m5 = F.mul(F.add(F.add(c0, c2), c3), wz1)
    m6 = F.mul(c3, z1)
    m7 = F.mul(F.add(c1, c2), wz1)
    n0 = F.add(F.add(m2, m3), c3)
    n1 = F.add(F.add(F.add(F.add(F.add(m2, m4), m5), m6), c0), c3)
    n2 = F.add(F.add(F.add(F.add(m2, m4), m5), m7), c1)
    n3 = F.add(F.add(m4, m7), c2)
    return (n0, n1, n2, n3)


def alg9_miller(F, b, P, Q, states=None, precomputed=False):
    """Seed 004 Algorithm 9 (square roots of Q in the loop) or 10 (``precomputed=True``:
    the m square roots of x_q, y_q computed before the loop, as the paper's look-up tables).

    Both run m iterations (the paper's "for i <- 0 to m" in Alg. 9 is one too many: an extra
    iteration multiplies by the first factor again and breaks bilinearity) and return the
    accumulator converted to the basis {1, s, t, st}. b does not enter the loop.
    """
    m = F.m
    xp, yp = P
    xq, yq = Q
    c = one4(F)
    if precomputed:
        xs, ys = [xq], [yq]
        for _ in range(m - 1):
            xs.append(F.sqrt(xs[-1]))
            ys.append(F.sqrt(ys[-1]))
    for i in range(m):
        _mark(F, f"iter {i}")
        xp, yp = F.sqr(xp), F.sqr(yp)
        if precomputed:
            xq, yq = xs[i], ys[i]
        c = alg9_body(F, c, xp, yp, xq, yq)
        if states is not None:
            states.append(x4basis_to_st(F, c))
        if not precomputed:
            xq, yq = F.sqrt(xq), F.sqrt(yq)
    _mark(F, "end")
    return x4basis_to_st(F, c)


def final_exp_2m_alg9(F, C):
    """Seed 004 section 5: C^{2^{2m}} * C^{-1} with the generic F_{2^{4m}} inverse."""
    return f4_mul(F, f4_frob2(F, C), f4_inv(F, C))


# ------------------------------------------------------------------ seed 000 Algorithm 2


def eta_alg2_miller(F, b, P, Q, states=None, closing="alg"):
    """Seed 000 Algorithm 2: (m+1)/2 iterations, then the closing line l(psi Q) (Eq. 3).

    ``closing="alg"`` is line 11 as printed, A <- A + (alpha^2 + v + 1) + s;
    ``closing="eq3"`` is Eq. 3, l = g + (m+1)/2 + alpha^2 + x + s. They differ by 1.
    """
    m = F.m
    alpha, beta = P
    x, y = Q
    C = one4(F)
    alpha = _addc(F, F.sqr(alpha), 1)
    beta = _addc(F, F.sqr(beta), 1)
    u = _addc(F, y, b + 1)
    v = _addc(F, x, 1)
    theta = F.mul(alpha, v)
    h = (m - 1) // 2
    for i in range(h + 1):
        _mark(F, f"iter {i}")
        w = F.add(F.add(beta, theta), u)
        z = _addc(F, F.add(alpha, v), 1)
        C = f4_sqr_mul_ca(F, C, w, z, 1)  # C <- C^2, C <- C A
        if states is not None:
            states.append(C)
        if i < h:
            alpha, beta = sqr2(F, alpha), sqr2(F, beta)
            u = _addc(F, F.add(u, v), 1)
            v = _addc(F, v, 1)
            theta = F.mul(alpha, v)
    _mark(F, "closing line")
    if closing == "alg":
        w = F.add(w, _addc(F, F.add(F.sqr(alpha), v), 1))
    else:
        w = F.add(w, _addc(F, F.add(F.sqr(alpha), x), (m + 1) // 2))
    z = _addc(F, z, 1)
    C = f4_mul_ca(F, C, w, z, 1)
    _mark(F, "end")
    return C


def final_exp_mt(F, C, delta: int):
    """C^{M T} (seed 000 Eq. 8), with M = (2^{2m}-1)(2^m + 1 - delta 2^k), |T| = 2^k + delta,
    k = (m+1)/2 and #E = 2^m + 1 + delta 2^k.

    z = C^{2^{2m}-1} is unitary (z^{-1} = z^{2^{2m}}). For delta = -1, Eq. 8 replaces
    (2^k - 1) by 2^m; for delta = +1 likewise z^{B (2^k+1)} = z^{-B 2^m}, B = 2^m + 1 - 2^k.
    """
    k = (F.m + 1) // 2
    z = final_exp_2m(F, C)
    zk = f4_pow_2k(F, z, k)
    if delta > 0:
        zk = f4_frob2(F, zk)  # z^{-2^k}
    w = f4_mul(F, f4_mul(F, f4_frob(F, z), z), zk)  # z^{2^m + 1 - delta 2^k}
    w = f4_frob(F, w)  # ^ 2^m
    return f4_frob2(F, w) if delta > 0 else w


def eta_alg2(F, b, P, Q, delta: int, states=None):
    return final_exp_mt(F, eta_alg2_miller(F, b, P, Q, states), delta)


# ------------------------------------------------------------------ seed 003 Algorithm 1


def eta_t_miller(F, b, P, Q, states=None):
    """Seed 003 Algorithm 1 ((m+1)/2 iterations with square roots of P; f <- f g, g = g0 + g1 u + v).

    Written in the paper for m = 1223, b = 0 (m = 7 mod 8); valid for that class
    (checked on every class in the tests, see ``ETA_T_CLASSES``).
    """
    m = F.m
    x1, y1 = P
    x2, y2 = Q
    T = _addc(F, x1, 1)
    g0 = F.add(F.add(F.mul(T, _addc(F, F.add(x1, x2), 1)), y1), y2)
    g1 = F.add(T, x2)
    f = (g0, g1, F.one, F.zero)
    for i in range((m + 1) // 2):
        _mark(F, f"iter {i}")
        T = x1
        x1, y1 = F.sqrt(x1), F.sqrt(y1)
        g0 = _addc(F, F.add(F.add(F.add(F.mul(T, F.add(x1, x2)), y1), y2), x1), 1)
        g1 = F.add(T, x2)
        f = f4_mul_fg(F, f, g0, g1)
        if states is not None:
            states.append(f)
        x2, y2 = F.sqr(x2), F.sqr(y2)
    _mark(F, "end")
    return f


def final_exp_alg2(F, f, delta: int = 1):
    """Seed 003 Algorithm 2: f^{(2^{2m}-1)(2^m + 1 - delta 2^{(m+1)/2})}.

    Step 1 S = f^{2^{2m}} (Lemma 1 (iii)); 2 T = f^{-1} (Algorithm 3, Itoh-Tsujii inside);
    3 S = S T; 4 T = S^{2^{2m}}; 5 T = T^{2^{(m+1)/2}} (Appendix A.2: square-root chain when
    (m+1)/2 = 0 mod 4, squarings otherwise); 6 R = S^{2^m} (Lemma 1 (ii)); 7 R = R T S.
    """
    k = (F.m + 1) // 2
    S = f4_frob2(F, f)
    T = f4_inv(F, f)
    S = f4_mul(F, S, T)
    T = f4_frob2(F, S) if delta > 0 else S
    T = f4_pow_2k_by_sqrt(F, T, k) if k % 4 == 0 else f4_pow_2k(F, T, k)
    R = f4_frob(F, S)
    return f4_mul(F, f4_mul(F, R, T), S)


def eta_t(F, b, P, Q, delta: int = 1, states=None):
    return final_exp_alg2(F, eta_t_miller(F, b, P, Q, states), delta)
