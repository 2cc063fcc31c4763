"""The optimal ate pairing of BN254 and BLS12-381 (Vercauteren, "Optimal pairings", eprint 2008/096).

  e(P, Q) = ( f_{6u+2,Q}(P) * l_{[6u+2]Q, pi(Q)}(P) * l_{[6u+2]Q + pi(Q), -pi^2(Q)}(P) )^((p^12-1)/r)  (BN)
  e(P, Q) = f_{u,Q}(P)^((p^12-1)/r), u < 0: f_{u,Q} = conj(f_{|u|,Q}) up to F_{p^6} factors  (BLS12)

for P in G1 = E(F_p)[r] and Q in G2 = E'(F_{p^2})[r].  Lines are computed in affine coordinates
on the twist and evaluated at P after untwisting (lines in F_{p^12} = F_{p^6}[w]):
  D-type (BN254), psi(x, y) = (x w^2, y w^3), slope lam on E' is lam w on E:
      l(P) = y_P - lam x_P w + (lam x_T - y_T) w^3                              (w^3 = v w)
  M-type (BLS12-381), psi(x, y) = (x/w^2, y/w^3), slope lam/w on E; scaled by w^3 (in F_{p^4},
  killed by the final exponentiation since p^4 - 1 divides (p^12 - 1)/r):
      w^3 l(P) = (lam x_T - y_T) - lam x_P w^2 + y_P w^3
Vertical lines lie in F_{p^6} and are dropped (denominator elimination, Barreto-Kim-Lynn-Scott,
eprint 2002/008 Theorem 1).  The multi-Miller loop shares the squarings of f among the pairs.

Two variants, named by the engine's algorithm ids (``ALGORITHMS``), differ only in the final power:
  "optimal-ate" (the default): f^(c (p^12 - 1)/r) with c = 3 (bls12-381) or c = 2u(6u^2 + 3u + 1)
      (bn254), the power the deployed libraries' fast hard parts compute, so GT values equal
      blst / zkcrypto bls12_381 / arkworks (bls12-381) and arkworks / mcl (bn254) byte for byte
      (test-vectors/interop/, produced by those libraries natively: crates/pairkit-peers);
  "optimal-ate-reduced": the plain reduced pairing f^((p^12 - 1)/r).
c is prime to r, so each variant is a non-degenerate bilinear pairing and determines the other.

Final exponentiation (p^12 - 1)/r = (p^6 - 1)(p^2 + 1) * (p^4 - p^2 + 1)/r:
  easy part: f^(p^6 - 1) = conj(f)/f, then g^(p^2 + 1) = frob^2(g) g; the result is unitary, so
  cyclotomic squarings (Granger-Scott, eprint 2009/565) and conj = inverse apply;
  hard part, "optimal-ate-reduced" (exact: the canonical value, no extra power):
    BN:    (p^4 - p^2 + 1)/r = l0 + l1 p + l2 p^2 + l3 p^3 with l3 = 1, l2 = 6u^2 + 1,
           l1 = -36u^3 - 18u^2 - 12u + 1, l0 = -36u^3 - 30u^2 - 18u - 2
           (Scott, Benger, Charlemagne, Dominguez Perez, Kachisa, eprint 2008/490 section 4;
           the same decomposition as Duquesne-Ghammam eprint 2015/192 use);
    BLS12: (p^4 - p^2 + 1)/r = (u - 1)^2/3 * (u + p) * (u^2 + p^2 - 1) + 1
           (Hayashida, Hayasaka, Teruya, eprint 2020/875, Theorem 1 / section 4.1 for k = 12).
  hard part, "optimal-ate" (the identities above times c):
    BN:    2u(6u^2 + 3u + 1)(p^4 - p^2 + 1)/r = l0 + l1 p + l2 p^2 + l3 p^3 with
           l0 = 12u^3 + 12u^2 + 6u + 1, l1 = 12u^3 + 6u^2 + 4u, l2 = 12u^3 + 6u^2 + 6u,
           l3 = 12u^3 + 6u^2 + 4u - 1 (Fuentes-Castaneda, Knapp, Rodriguez-Henriquez, "Faster
           hashing to G2", SAC 2011, section 6.1);
    BLS12: 3(p^4 - p^2 + 1)/r = (u - 1)^2 (u + p)(u^2 + p^2 - 1) + 3 (eprint 2020/875 without the
           division by 3: two exponentiations by u - 1 instead of one by (u - 1)^2/3).
  Every identity is checked as integers in the tests; ``final_exponentiation_naive`` is the plain
  power (times c for "optimal-ate"), and the tests check the chains agree with it.

Relation to py_ecc (tested, "optimal-ate-reduced"): for bn254, e(P, Q) ==
py_ecc.optimized_bn128.pairing(Q, P) exactly; for bls12-381, e(P, Q) ==
py_ecc.optimized_bls12_381.pairing(Q, P)^(-1) (py_ecc iterates over |u| and does not conjugate for
the negative u; blst / zkcrypto bls12_381 / the IETF pairing-friendly-curves draft do).
"""

from __future__ import annotations

from typing import cast

from pairkit.spec.prime.params import SETS, groups, tower

DEFAULT = "optimal-ate"
REDUCED = "optimal-ate-reduced"
ALGORITHMS = (DEFAULT, REDUCED)


def interop_power(set_id: str) -> int:
    """c: the "optimal-ate" value is the "optimal-ate-reduced" value to the power c."""
    S = SETS[set_id]
    u = cast(int, S.u)  # BN / BLS12: u is set
    return 2 * u * (6 * u * u + 3 * u + 1) if S.family == "bn" else 3


def _check_alg(alg: str) -> None:
    if alg not in ALGORITHMS:
        from pairkit.errors import UnknownAlgorithmError

        raise UnknownAlgorithmError(f"{alg} (valid: {', '.join(ALGORITHMS)})")


def _line(S, lam, xT, yT, P):
    """The (scaled) line of slope lam through T on E', evaluated at P = (xP, yP) in G1."""
    T = tower(S.id)
    xP, yP = P
    zero, c = T.fp2_zero(), lam * xT - yT
    if S.twist == "D":
        return T.fp12(T.fp6(T.fp2(yP.a)), T.fp6(-(lam * xP), c))
    return T.fp12(T.fp6(c, -(lam * xP)), T.fp6(zero, T.fp2(yP.a)))


def dbl_step(S, R, P):
    """2R and the tangent line at R evaluated at P (R != O, y_R != 0 in G2); the proc compiler traces it too."""
    x, y = R
    lam = (x.square() * 3) / (y * 2)
    x3 = lam.square() - x * 2
    return (x3, lam * (x - x3) - y), _line(S, lam, x, y, P)


def add_step(S, R, Q, P):
    """R + Q and the chord through R, Q evaluated at P; a vertical chord gives the line 1."""
    (x1, y1), (x2, y2) = R, Q
    if x1 == x2:
        if y1 == y2:
            return dbl_step(S, R, P)
        return None, tower(S.id).fp12_one()  # vertical: in F_{p^6}, eliminated
    lam = (y2 - y1) / (x2 - x1)
    x3 = lam.square() - x1 - x2
    return (x3, lam * (x1 - x3) - y1), _line(S, lam, x1, y1, P)


def loop_count(S) -> int:
    """The Miller loop length: 6u + 2 (BN), |u| (BLS12)."""
    return 6 * S.u + 2 if S.family == "bn" else abs(S.u)


def multi_miller_loop(set_id: str, pairs):
    """prod_i f_i(P_i) over pairs (P_i, Q_i), P_i in G1, Q_i in G2 (affine; O contributes 1).

    Inputs are assumed valid (``pair``/``multi_pair`` check them)."""
    S, T = SETS[set_id], tower(set_id)
    G = groups(set_id)
    pairs = [(P, Q) for P, Q in pairs if P is not None and Q is not None]
    f = T.fp12_one()
    if not pairs:
        return f
    n = loop_count(S)
    R = [Q for _, Q in pairs]
    for bit in bin(n)[3:]:
        f = f.square()
        for j, (P, Q) in enumerate(pairs):
            R[j], ell = dbl_step(S, R[j], P)
            f = f * ell
            if bit == "1":
                R[j], ell = add_step(S, R[j], Q, P)
                f = f * ell
    if S.family == "bn":
        # the two Frobenius lines of the optimal ate pairing (eprint 2008/096 section 5)
        for j, (P, Q) in enumerate(pairs):
            Q1 = G.psi(Q)
            Q2 = G.E2.neg(G.psi(Q1))
            R[j], l1 = add_step(S, R[j], Q1, P)
            R[j], l2 = add_step(S, R[j], Q2, P)
            f = f * l1 * l2
    elif cast(int, S.u) < 0:  # BN / BLS12: u is set
        f = f.conj()  # f_{u,Q} = 1/(f_{|u|,Q} v_{[|u|]Q}) and 1/f = conj(f) after the easy part
    return f


def miller_loop(set_id: str, P, Q):
    return multi_miller_loop(set_id, [(P, Q)])


def final_exponentiation_easy(f):
    """f^((p^6 - 1)(p^2 + 1)): unitary, in the cyclotomic subgroup."""
    g = f.conj() / f
    return g.frobenius(2) * g


def final_exponentiation_hard(set_id: str, m, alg: str = DEFAULT):
    """m^((p^4 - p^2 + 1)/r) ("optimal-ate-reduced") or m^(c (p^4 - p^2 + 1)/r) ("optimal-ate")
    for unitary m (see the module docstring for the chains)."""
    _check_alg(alg)
    S = SETS[set_id]
    u = cast(int, S.u)  # BN / BLS12: u is set
    if S.family == "bn" and alg == DEFAULT:
        # Fuentes-Castaneda et al.: m^(l0 + l1 p + l2 p^2 + l3 p^3)
        a = m.cyclotomic_pow(u)
        b = a.cyclotomic_square()  # m^(2u)
        d = b.cyclotomic_square() * b  # m^(6u)
        e = d.cyclotomic_pow(u)  # m^(6u^2)
        g = e.cyclotomic_square().cyclotomic_pow(u)  # m^(12u^3)
        k = g * e * d  # l2
        l1 = k * b.conj()  # l1
        l0 = k * e * m  # l0
        l3 = l1 * m.conj()  # l3
        return l0 * l1.frobenius(1) * k.frobenius(2) * l3.frobenius(3)
    if S.family == "bn":
        m1 = m.cyclotomic_pow(u)
        m2 = m1.cyclotomic_pow(u)
        m3 = m2.cyclotomic_pow(u)

        def lam(c3, c2, c1, c0):  # m^(c3 u^3 + c2 u^2 + c1 u + c0), small c_i
            return m3.cyclotomic_pow(c3) * m2.cyclotomic_pow(c2) * m1.cyclotomic_pow(c1) * m.cyclotomic_pow(c0)

        l0 = lam(-36, -30, -18, -2)
        l1 = lam(-36, -18, -12, 1)
        l2 = lam(0, 6, 0, 1)
        return l0 * l1.frobenius(1) * l2.frobenius(2) * m.frobenius(3)
    # BLS12, eprint 2020/875: a = m^((u-1)^2/3) (reduced) or m^((u-1)^2) (interop),
    # b = a^(u + p), c = b^(u^2 + p^2 - 1), result c m (reduced) or c m^3 (interop)
    if alg == DEFAULT:
        t = m.cyclotomic_pow(u - 1)
        a = t.cyclotomic_pow(u - 1)
    else:
        a = m.cyclotomic_pow((u - 1) ** 2 // 3)
    b = a.cyclotomic_pow(u) * a.frobenius(1)
    c = b.cyclotomic_pow(u).cyclotomic_pow(u) * b.frobenius(2) * b.conj()
    return c * m if alg == REDUCED else c * m.cyclotomic_pow(3)


def final_exponentiation(set_id: str, f, alg: str = DEFAULT):
    return final_exponentiation_hard(set_id, final_exponentiation_easy(f), alg)


def final_exponentiation_naive(set_id: str, f, alg: str = DEFAULT):
    """The plain power f^((p^12 - 1)/r), times c for "optimal-ate"."""
    _check_alg(alg)
    S = SETS[set_id]
    c = interop_power(set_id) if alg == DEFAULT else 1
    return f ** (c * ((S.p**12 - 1) // S.r))


def to_reduced(set_id: str, g):
    """The "optimal-ate-reduced" value of an "optimal-ate" value g in GT: g^(c^-1 mod r)."""
    S = SETS[set_id]
    return g.cyclotomic_pow(pow(interop_power(set_id), -1, S.r))


def pair(set_id: str, P, Q, alg: str = DEFAULT):
    """The optimal ate pairing e(P, Q) of ``alg``, P in G1, Q in G2 (checked; O gives 1)."""
    return multi_pair(set_id, [(P, Q)], alg)


def multi_pair(set_id: str, pairs, alg: str = DEFAULT):
    """prod_i e(P_i, Q_i) with one shared Miller loop and one final exponentiation."""
    _check_alg(alg)
    G = groups(set_id)
    checked = [(G.check_g1(P, allow_infinity=True), G.check_g2(Q, allow_infinity=True)) for P, Q in pairs]
    return final_exponentiation(set_id, multi_miller_loop(set_id, checked), alg)
