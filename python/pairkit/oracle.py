"""The independent oracle: PARI/GP (through cypari2) computes the reduced Tate pairing.

tau_r(P, psi(Q)) = elltatepairing(E, P, psi(Q), r)^((2^{4m}-1)/r), in F_{2^{4m}} built by PARI
from its own irreducible polynomial (``ffinit``), with F_{2^m} embedded by ``ffembed`` and s, t
found as roots of X^2+X+1 and X^2+X+s. Coordinates in {1, s, t, st} come from the relative trace
and the dual basis (a 4x4 Gram system over F_{2^m}). Nothing here shares code with the spec or Rust.
"""
from __future__ import annotations

from functools import lru_cache

_GP = r"""
pk_setup(m, fpol) = {
  my(K = ffgen(ffinit(2, 4*m), 'pkw), A = ffgen(Mod(1,2)*fpol, 'pka), emb = ffembed(A, K));
  my(s = polrootsmod('X^2 + 'X + 1, K)[1]);
  my(t = polrootsmod('X^2 + 'X + s, K)[1]);
  [K, A, emb, ffinvmap(emb), s, t];
}
pk_int2ff(S, n) = ffmap(S[3], subst(Pol(binary(n)), 'x, S[2]));
pk_ff2int(S, c) = subst(lift(ffmap(S[4], c).pol), 'pka, 2);
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


@lru_cache(maxsize=1)
def pari():
    import cypari2

    p = cypari2.Pari()
    p.default("parisizemax", 4 << 30)  # grows on demand; m >= 283 needs hundreds of MB
    for chunk in _GP.strip().split("\npk_"):  # one definition per call (newlines are not separators)
        p(("pk_" + chunk if not chunk.startswith("pk_") else chunk).replace("\n", " "))
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
    return tuple(int(c) for c in res)


def discrete_log_mu_r(m: int, taps, r: int, g, h) -> int:
    """log_g(h) for g, h in the order-r subgroup of F_{2^{4m}}^* (PARI fflog; toy sets only)."""
    p = pari()
    S = _setup(m, tuple(taps))
    B = [p(1), S[4], S[5], S[4] * S[5]]

    def emb(c):
        return sum((p("pk_int2ff")(S, ci) * B[i] for i, ci in enumerate(c)), p(0) * S[0])

    return int(p.fflog(emb(h), emb(g), r))
