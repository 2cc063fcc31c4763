"""The Duursma-Lee pairing on E_b: y^2 = x^3 - x + b over GF(3^m) (seed 001 section 2).

``dl_miller`` is seed 001 Algorithm 2.1 line by line (m iterations, two cubes and two cube roots
each); ``dl_nocbrt_miller`` is the cube-root-free form seed 001 section 2 attributes to Kwon
(eprint 2004/303) and Barreto et al.: the cube roots of x_Q, y_Q are replaced by two extra
cubes of x_P, y_P and one cube of the accumulator. ``final_exp`` is the power 3^{3m} - 1.

Derivation of the cube-root-free loop (checked by the tests against ``dl_miller``): iteration i
of Alg. 2.1 multiplies by g_i = G(x_P^{3^i}, y_P^{3^i}, x_Q^{3^{1-i}}, y_Q^{3^{1-i}}; rho, sigma).
Raising it to 3^{i-1} moves every cube root onto P and conjugates the constants:
rho^{3^k} = rho + k b, sigma^{3^k} = (-1)^k sigma (k = i - 1), and
h_i = g_i^{3^{i-1}} = -(-1)^k y_P' y_Q sigma - mu^2 - mu rho - rho^2 with
x_P' = x_P^{3^{2i-1}}, mu = x_P' + x_Q + (1 - k) b. Horner, f <- f^3 h_i, then yields
prod h_i^{3^{m-i}} = (prod g_i)^{3^{m-1}}: the cube-root-free value is Alg. 2.1's to the power
3^{m-1}, and so is its final exponentiation. Both variants and both b run the same body.

Every function takes the base field ``F`` (concrete or tracing), b = +-1, and affine points
P, Q (pairs of field values); ``states`` (optional) receives f after every iteration.
"""

from __future__ import annotations

from pairkit.spec.char3.tower import (
    f3_add,
    f3_inv,
    f3_mul,
    f6_conj,
    f6_cube,
    f6_frob,
    f6_mul,
    f6_mul_line,
    f6_one,
    f6_sqr,
    signed,
)


def _mark(F, label: str) -> None:
    mark = getattr(F, "mark", None)
    if mark is not None:
        mark(label)


def _line(F, b, xp, yp, xq, yq, c, s: int):
    """mu = x_P + x_Q + c; g = (-mu^2 - mu rho - rho^2) + (-s y_P y_Q) sigma (2 mul, 2 add)."""
    mu = F.add(F.add(xp, xq), c)
    lam0 = F.neg(F.sqr(mu))
    t = F.mul(yp, yq)
    return lam0, F.neg(mu), (F.neg(t) if s == 1 else t)


def _alg21_loop(F, b, P, Q, iters: int, last_cbrt: bool, states):
    """``iters`` iterations of Alg. 2.1's body from f = 1 (the cube roots of Q skipped in the last
    one unless ``last_cbrt``); returns f and the final P, Q."""
    (xp, yp), (xq, yq) = P, Q
    bc = F.digit(b)
    f = f6_one(F)
    for i in range(1, iters + 1):
        _mark(F, f"iter {i}")
        xp, yp = F.cube(xp), F.cube(yp)  # 1 + 1 cube powers
        g0, g1, c = _line(F, b, xp, yp, xq, yq, bc, 1)  # mu, lambda: 2 additions, 2 multiplications
        f = f6_mul_line(F, b, f, g0, g1, c)  # f <- f g: 13 multiplications
        if i < iters or last_cbrt:
            xq, yq = F.cbrt(xq), F.cbrt(yq)  # 1 + 1 cube roots
        if states is not None:
            states.append(f)
    return f, (xp, yp), (xq, yq)


def dl_miller(F, b, P, Q, states=None):
    """Seed 001 Algorithm 2.1: f = f_P(phi(Q)) in F_{3^{6m}}^* / F_{3^{3m}}^*."""
    f = _alg21_loop(F, b, P, Q, F.m, True, states)[0]
    _mark(F, "end")
    return f


def dl_nocbrt_miller(F, b, P, Q, states=None):
    """Cube-root-free Duursma-Lee (see the module docstring): returns Alg. 2.1's f^{3^{m-1}}."""
    (xp, yp), (xq, yq) = P, Q
    xp, yp = F.cube(xp), F.cube(yp)
    f = f6_one(F)
    for i in range(1, F.m + 1):
        _mark(F, f"iter {i}")
        k = i - 1
        c = F.digit((1 - k) * b)
        g0, g1, cs = _line(F, b, xp, yp, xq, yq, c, 1 if k % 2 == 0 else -1)
        f = f6_mul_line(F, b, f6_cube(F, b, f), g0, g1, cs)  # f <- f^3 h_i
        xp, yp = F.cube(F.cube(xp)), F.cube(F.cube(yp))  # 2 + 2 cube powers
        if states is not None:
            states.append(f)
    _mark(F, "end")
    return f


def final_exp(F, b, f):
    """f^{3^{3m} - 1} = conj(f) / f = conj(f)^2 / N(f), N(f) = f conj(f) = A0^2 + A1^2 in F_{3^{3m}}
    (seed 001 section 2: epsilon = 3^{3m} - 1; f^{q^3} = conj(f) because sigma^{q^3} = -sigma)."""
    A0, A1 = f
    ni = f3_inv(F, b, f3_add(F, f3_mul(F, b, A0, A0), f3_mul(F, b, A1, A1)))
    u = f6_sqr(F, b, f6_conj(F, f))
    return (f3_mul(F, b, u[0], ni), f3_mul(F, b, u[1], ni))


def frob_inv(F, b, x):
    """x^{3^{-m}} = x^{q^5} (q-Frobenius has order 6 on F_{3^{6m}})."""
    for _ in range(5):
        x = f6_frob(F, b, x)
    return x


def nocbrt_to_dl(F, b, x):
    """x^{3^{-(m-1)}} = (x^{q^{-1}})^3: maps the cube-root-free output onto Alg. 2.1's."""
    return f6_cube(F, b, frob_inv(F, b, x))


# ---------------------------------------------------------------- eta_T (half the loop)
#
# The eta_T pairing (Barreto, Galbraith, O hEigeartaigh and Scott, eprint 2004/375, section 5;
# the characteristic-three algorithms of Beuchat et al., IEEE TC 57(11), 2008) written in the
# iteration form of seed 001 Alg. 2.1. Derivation (each step checked by the tests):
#  * tripling is [3](x, y) = (x^9 - b, -y^9) and g_R(x, y) = beta^3 y - (alpha^3 - x + b)^2 has
#    divisor 3(R) + (-[3]R) - 4(O), so Miller's function f_{3^n,P} is a product of n tripling
#    lines; in Horner form at -phi(Q) it is exactly the first n iterations of the cube-root-free
#    loop (``dl_nocbrt_miller``), i.e. (first n iterations of Alg. 2.1)^{3^{n-1}};
#  * with n = (m + 1)/2 and T = 3^n + mu b (mu as in #E = 3^m + 1 + mu b 3^n), f_{T,P} = f_{3^n,P}
#    times the line through [3^n]P = (x_P^3 - n b, (-1)^n y_P^3) and mu b P. Up to factors in
#    F_{3^{3m}} (killed by the final power) that line at -phi(Q), raised to 3^{-(n-1)} to match
#    the cube-root form, is D = y_P' (x_P' + x_Q' + b) - y_P' rho + y_Q' sigma with
#    P' = P^{3^n} and Q' = Q^{3^{-(n-1)}}: the values the loop holds after its last iteration
#    (x_P cubed n times, x_Q cube-rooted n - 1 times). No inversion is needed.
#  * final power W = (3^{6m} - 1)/#E = (q^3 - 1)(q + 1)(q + 1 - mu b 3^n) (BGOS Thm. 6); then
#    (eta_miller^W) = tau_r(P, phi(Q))^{3^{m+1}} on every set (PARI discrete logarithms on toys
#    of every class m mod 12 and both b), undone by two linear maps: x -> (x^{q^{-1}})^{1/3}.


def eta_miller(F, b, P, Q, states=None):
    """eta_T: (m + 1)/2 iterations of Alg. 2.1's body, then one sparse correction factor D."""
    f, (xp, yp), (xq, yq) = _alg21_loop(F, b, P, Q, (F.m + 1) // 2, False, states)
    bc = F.digit(b)
    _mark(F, "correction")
    # D = y_P (x_P + x_Q + b) - y_P rho + y_Q sigma: the line of T = 3^n + mu b (see above)
    d0 = F.mul(yp, F.add(F.add(xp, xq), bc))
    f = f6_mul(F, b, f, ((d0, F.neg(yp), F.zero), (yq, F.zero, F.zero)))
    _mark(F, "end")
    return f


def eta_final_exp(F, b, mu: int, f):
    """f^W, W = (q^3 - 1)(q + 1)(q + 1 - mu b 3^n), n = (m + 1)/2 (BGOS Thm. 6): after the first
    factor f is unitary (f^{q^3 + 1} = 1), so its inverse is its conjugate."""
    u = final_exp(F, b, f)  # f^{q^3 - 1}
    u = f6_mul(F, b, f6_frob(F, b, u), u)  # ^(q + 1)
    w = u
    for _ in range((F.m + 1) // 2):  # ^(3^n): n cubings in F_{3^{6m}}
        w = f6_cube(F, b, w)
    if mu * b == 1:
        w = f6_conj(F, w)  # ^(-3^n)
    return f6_mul(F, b, f6_mul(F, b, f6_frob(F, b, u), u), w)


def f6_cbrt(F, b, x):
    """x^{1/3}: sigma^{1/3} = -sigma, rho^{1/3} = rho - b, rho^{2/3} = rho^2 + b rho + 1."""

    def f3_cbrt(a):
        c0, c1, c2 = F.cbrt(a[0]), F.cbrt(a[1]), F.cbrt(a[2])
        return (F.add(F.sub(c0, signed(F, c1, b)), c2), F.add(c1, signed(F, c2, b)), c2)

    return (f3_cbrt(x[0]), f3_cbrt(f6_conj(F, x)[1]))


def eta_to_canonical(F, b, x):
    """x^{3^{-(m+1)}} = (x^{q^{-1}})^{1/3}: maps eta_T's value onto tau_r(P, phi(Q))."""
    return f6_cbrt(F, b, frob_inv(F, b, x))
