"""The independent oracle: PARI/GP (through cypari2) computes the reduced Tate pairing.

tau_r(P, psi(Q)) = elltatepairing(E, P, psi(Q), r)^((2^{4m}-1)/r), in F_{2^{4m}} = F_2(theta) built
by PARI as the compositum of F_{2^m} and F_16: theta = x + y with f(x) = 0 and y^4 + y + 1 = 0, whose
minimal polynomial is Res_Y(Y^4+Y+1, f(T+Y)) (irreducible of degree 4m for odd m, checked). In K,
y is the root of Y^4+Y+1 with f(theta + y) = 0, x = theta + y, and t = y, s = y^2 + y satisfy
s^2+s+1 = 0, t^2+t = s. (PARI's ``ffembed`` would take most of an hour for m = 1223.)
Coordinates in {1, s, t, st} come from the relative trace and the dual basis (a 4x4 Gram system
over F_{2^m}), and are read back in F_{2^m} through the inverse of the F_2-linear map
b -> sum b_j x^j (precomputed). Nothing here shares code with the spec or the Rust core.

PBC Type A (``reduced_tate_typea``): F_{q^2} = ffgen(i^2 + 1) over F_q; elltatepairing(E, P, (-x_Q, i y_Q), r)
to the power (q^2 - 1)/r, read back as (a, b) of a + b i.

Characteristic three (``reduced_tate3``): K = F_{3^{6m}} is PARI's own ``ffinit(3, 6m)``; x, rho
and sigma are roots in K of f, Z^3 - Z - b and Z^2 + 1 (fast for m <= 193), so K = F_{3^m}(rho,
sigma) with the spec's tower. The pairing is elltatepairing(E, P, (rho - x_Q, sigma y_Q), r) to
the power (3^{6m} - 1)/r; coordinates in {1, rho, rho^2, sigma, sigma rho, sigma rho^2} come from
the relative trace to F_{3^m} and the 6x6 Gram system, as above.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from pairkit.extras import require

_GP = r"""
pk_setup(m, fpol) = {
  my(R, K, th, y, xk, M, rows, B);
  R = polresultant(Mod(1,2)*('Y^4 + 'Y + 1), subst(Mod(1,2)*fpol, 'x, 'T + 'Y), 'Y);
  R = subst(lift(R), 'T, 'x);
  if (poldegree(R) != 4*m || !polisirreducible(Mod(1,2)*R), error("pk_setup: theta is not primitive"));
  K = ffgen(Mod(1,2)*R, 'pkw); th = K;
  y = 0; foreach(polrootsmod('Y^4 + 'Y + 1, K), z, if (subst(fpol, 'x, th + z) == 0, y = z));
  if (y == 0, error("pk_setup: no root y"));
  xk = th + y;
  M = matrix(4*m, m, i, j, 0); B = K^0;
  for (j = 1, m, my(v = Vecrev(lift(B.pol), 4*m)); for (i = 1, 4*m, M[i, j] = v[i]); B *= xk);
  M = Mod(M, 2); rows = Vec(matindexrank(M)[1]);
  [K, xk, 0, matrix(m, m, i, j, M[rows[i], j])^(-1), y^2 + y, y, rows];
}
pk_int2ff(S, n) = subst(Pol(binary(n)), 'x, S[2]) * S[1]^0;
pk_ff2int(S, c) = {
  my(v = Vecrev(lift(c.pol), 4*#S[4]), w, b);
  w = Mod(vector(#S[7], i, v[S[7][i]])~, 2);
  b = lift(S[4] * w);
  if (S[2]^0 * subst(Pol(Vecrev(b)), 'x, S[2]) != c, error("pk_ff2int: not in the subfield"));
  fromdigits(Vecrev(b), 2);
}
pk_rtr(S, z, m) = { my(r = z, y = z); for(j = 1, 3, y = y^(2^m); r += y); r; }
pk_coords(S, z, m) = {
  my(B = [1, S[5], S[6], S[5]*S[6]], G, v);
  G = matrix(4, 4, i, j, pk_rtr(S, B[i]*B[j], m));
  v = vector(4, j, pk_rtr(S, z*B[j], m))~;
  apply(c -> pk_ff2int(S, c), matsolve(G, v));
}
pk_tate(S, m, b, r, px, py, qx, qy) = {
  my(K = S[1], s = S[5], t = S[6], E, P, Q, x, y, e);
  E = ellinit([0, 0, 1, 1, b*K^0], K);
  P = [pk_int2ff(S, px), pk_int2ff(S, py)];
  x = pk_int2ff(S, qx); y = pk_int2ff(S, qy);
  Q = [x + s^2, y + s*x + t];
  if (!ellisoncurve(E, P) || !ellisoncurve(E, Q), error("pk_tate: point not on curve"));
  e = elltatepairing(E, P, Q, r)^((2^(4*m) - 1) / r);
  pk_coords(S, e, m);
}
"""

_GP3 = r"""
pk3_setup(m, fpol, b) = {
  my(K, xk, rho, sig, M, rows, B);
  K = ffgen(ffinit(3, 6*m), 'pk3w);
  xk = polrootsmod(fpol, K)[1];
  rho = polrootsmod('Z^3 - 'Z - b, K)[1]; sig = polrootsmod('Z^2 + 1, K)[1];
  M = matrix(6*m, m, i, j, 0); B = K^0;
  for (j = 1, m, my(v = Vecrev(lift(B.pol), 6*m)); for (i = 1, 6*m, M[i, j] = v[i]); B *= xk);
  M = Mod(M, 3); rows = Vec(matindexrank(M)[1]);
  [K, xk, rho, sig, matrix(m, m, i, j, M[rows[i], j])^(-1), rows];
}
pk3_int2ff(S, n) = subst(Pol(digits(n, 3)), 'x, S[2]) * S[1]^0;
pk3_ff2int(S, c) = {
  my(n = #S[5], v = Vecrev(lift(c.pol), 6*n), w, d);
  w = Mod(vector(#S[6], i, v[S[6][i]])~, 3);
  d = lift(S[5] * w);
  if (S[2]^0 * subst(Pol(Vecrev(d)), 'x, S[2]) != c, error("pk3_ff2int: not in the subfield"));
  fromdigits(Vecrev(d), 3);
}
pk3_rtr(z, m) = { my(r = z, y = z); for(j = 1, 5, y = y^(3^m); r += y); r; }
pk3_coords(S, z, m) = {
  my(B = [1, S[3], S[3]^2, S[4], S[4]*S[3], S[4]*S[3]^2], G, v);
  G = matrix(6, 6, i, j, pk3_rtr(B[i]*B[j], m));
  v = vector(6, j, pk3_rtr(z*B[j], m))~;
  apply(c -> pk3_ff2int(S, c), matsolve(G, v));
}
pk3_embed(S, c) = {
  my(B = [1, S[3], S[3]^2, S[4], S[4]*S[3], S[4]*S[3]^2]);
  sum(j = 1, 6, pk3_int2ff(S, c[j]) * B[j]);
}
pk3_tate(S, m, b, r, px, py, qx, qy) = {
  my(K = S[1], E, P, Q, e);
  E = ellinit([0, 0, 0, -1, b] * K^0, K);
  P = [pk3_int2ff(S, px), pk3_int2ff(S, py)];
  Q = [S[3] - pk3_int2ff(S, qx), S[4] * pk3_int2ff(S, qy)];
  if (!ellisoncurve(E, P) || !ellisoncurve(E, Q), error("pk3_tate: point not on curve"));
  e = elltatepairing(E, P, Q, r)^((3^(6*m) - 1) / r);
  pk3_coords(S, e, m);
}
"""


@lru_cache(maxsize=1)
def pari():
    cypari2 = require("cypari2", "the PARI/GP oracle")
    p = cypari2.Pari()
    p.default("debugmem", 0)  # no "increasing stack size" chatter
    p.default("parisizemax", 4 << 30)  # grows on demand; m >= 283 needs hundreds of MB
    for chunk in _GP.strip().split("\npk_"):  # one definition per call (newlines are not separators)
        p(("pk_" + chunk if not chunk.startswith("pk_") else chunk).replace("\n", " "))
    for chunk in _GP3.strip().split("\npk3_"):
        p(("pk3_" + chunk if not chunk.startswith("pk3_") else chunk).replace("\n", " "))
    return p


@lru_cache(maxsize=None)
def _setup(m: int, taps: tuple[int, ...]):
    p = pari()
    fpol = "x^%d + %s + 1" % (m, " + ".join("x^%d" % k for k in taps))
    if not p(f"polisirreducible(Mod(1,2)*({fpol}))"):
        raise ValueError(f"{fpol} is not irreducible over F_2")
    return p(f"pk_setup({m}, {fpol})")


def reduced_tate(m: int, taps, b: int, r: int, P, Q) -> tuple[int, int, int, int]:
    """tau_r(P, psi(Q)) as its coordinates (c0, c1, c2, c3) in the basis {1, s, t, st}."""
    p = pari()
    S = _setup(m, tuple(taps))
    res = p("pk_tate")(S, m, b, r, P[0], P[1], Q[0], Q[1])
    return cast(tuple[int, int, int, int], tuple(int(c) for c in res))


def discrete_log_mu_r(m: int, taps, r: int, g, h) -> int:
    """log_g(h) for g, h in the order-r subgroup of F_{2^{4m}}^* (PARI fflog; toy sets only)."""
    p = pari()
    S = _setup(m, tuple(taps))
    B = [p(1), S[4], S[5], S[4] * S[5]]

    def emb(c):
        return sum((p("pk_int2ff")(S, ci) * B[i] for i, ci in enumerate(c)), p(0) * S[0])

    return int(p.fflog(emb(h), emb(g), r))


@lru_cache(maxsize=None)
def _setup3(m: int, h: int, b: int):
    p = pari()
    fpol = f"x^{m} + x^{h} - 1"
    if not p(f"polisirreducible(Mod(1,3)*({fpol}))"):
        raise ValueError(f"{fpol} is not irreducible over F_3")
    return p(f"pk3_setup({m}, Mod(1,3)*({fpol}), {b})")


def reduced_tate3(m: int, h: int, b: int, r: int, P, Q) -> tuple[int, ...]:
    """tau_r(P, phi(Q)) on y^2 = x^3 - x + b over F_{3^m}, as its six coordinates (integer form
    sum a_i 3^i each) in the basis 1, rho, rho^2, sigma, sigma rho, sigma rho^2."""
    p = pari()
    S = _setup3(m, h, b)
    res = p("pk3_tate")(S, m, b, r, P[0], P[1], Q[0], Q[1])
    return tuple(int(c) for c in res)


def discrete_log3(m: int, h: int, b: int, r: int, g, x) -> int:
    """log_g(x) for g, x (six integer coordinates each) in the order-r subgroup of F_{3^{6m}}^*."""
    p = pari()
    S = _setup3(m, h, b)
    emb = p("pk3_embed")
    return int(p.fflog(emb(S, list(x)), emb(S, list(g)), r))


def reduced_tate_typea(q: int, r: int, P: tuple[int, int], Q: tuple[int, int]) -> tuple[int, int]:
    """PBC Type A (y^2 = x^3 + x over F_q, q = 3 mod 4, embedding degree 2): the reduced Tate
    pairing tau_r(P, phi(Q)) with the distortion map phi(x, y) = (-x, i y), in F_{q^2} =
    F_q[i]/(i^2 + 1) built by PARI (``ffgen``), as its coordinates (a, b) of a + b i.
    P, Q are affine integer coordinates of points of order r in E(F_q)."""
    p = pari()
    out = p(
        f"my(q = {int(q)}, i = ffgen(Mod(1, q)*('i^2 + 1), 'i), E = ellinit([1, 0], i),"
        f" P = [{int(P[0])}*i^0, {int(P[1])}*i^0], Q = [-{int(Q[0])}*i^0, {int(Q[1])}*i], e);"
        f' if(!ellisoncurve(E, P) || !ellisoncurve(E, Q), error("reduced_tate_typea: off the curve"));'
        f" e = elltatepairing(E, P, Q, {int(r)})^((q^2 - 1)/{int(r)});"
        f" [polcoef(e.pol, 0), polcoef(e.pol, 1)]"
    )
    return int(out[0]) % q, int(out[1]) % q
