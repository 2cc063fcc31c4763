"""Short Weierstrass curves y^2 = x^3 + a x + b over GF(p) or F_{p^2}: G1, G2 (on the sextic
twist) for BN254 / BLS12-381 and the Type A curve y^2 = x^3 + x of typea-512.

Points are ``None`` (the point at infinity O) or affine ``(x, y)`` of field elements (tower.Fp
or Fp2; the code is generic over the two).  Group law:
  affine:   the chord-and-tangent formulas (Silverman, AEC III.2.3);
  Jacobian: (X, Y, Z) ~ (X/Z^2, Y/Z^3); doubling dbl-2007-bl, addition add-2007-bl of the Explicit-
            Formulas Database (Bernstein-Lange, hyperelliptic.org/EFD/g1p/auto-shortw-jacobian.html);
  scalar multiplication: left-to-right double-and-add in Jacobian coordinates (variable time).

Subgroup checks (``Groups``): r*P = O always (``*_in_subgroup_naive``), and the fast ones:
  BLS12-381 G1: sigma(P) == [-u^2] P, sigma(x, y) = (beta x, y), beta a cube root of unity
                (Scott, "A note on group membership tests for G1, G2 and GT on BLS pairing-friendly
                curves", eprint 2021/1130 section 6; the endomorphism of Bowe, eprint 2019/814);
  BLS12-381 G2: psi(Q) == [u] Q  (eprint 2021/1130 section 4);
  BN254 G2:     psi(Q) == [6u^2] Q (eprint 2021/1130 section 5);
  BN254 G1 and typea: cofactor 1 (BN254 G1) or r*P (typea: h = (q+1)/r is large anyway).
psi = untwist o Frobenius o twist on E'(F_{p^2}) (Galbraith-Scott, eprint 2008/117):
  D-type (BN254, E': y^2 = x^3 + b/xi, untwist (x w^2, y w^3)): psi(x, y) = (conj(x) g2, conj(y) g3);
  M-type (BLS12-381, E': y^2 = x^3 + b xi, untwist (x/w^2, y/w^3)): psi(x, y) = (conj(x)/g2, conj(y)/g3),
  with g_j = xi^(j (p-1)/6) the Frobenius constants of the tower (computed, not pasted).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.errors import NotInSubgroupError, NotOnCurveError, PointAtInfinityError


@dataclass(frozen=True)
class Curve:
    """y^2 = x^3 + a x + b; a, b field elements, zero/one those of the same field."""

    a: object
    b: object
    zero: object
    one: object

    # -- affine ---------------------------------------------------------------------------
    def rhs(self, x):
        return x.square() * x + self.a * x + self.b

    def is_on_curve(self, P) -> bool:
        return P is None or P[1].square() == self.rhs(P[0])

    def neg(self, P):
        return None if P is None else (P[0], -P[1])

    def double(self, P):
        if P is None or P[1].is_zero():
            return None
        x, y = P
        lam = (x.square() * 3 + self.a) / (y * 2)
        x3 = lam.square() - x * 2
        return (x3, lam * (x - x3) - y)

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            return self.double(P) if y1 == y2 else None
        lam = (y2 - y1) / (x2 - x1)
        x3 = lam.square() - x1 - x2
        return (x3, lam * (x1 - x3) - y1)

    def sub(self, P, Q):
        return self.add(P, self.neg(Q))

    def lift_x(self, x, sign: int | None = None):
        """A point with abscissa x (None if x^3 + a x + b is a non-square); sign picks sgn0(y)."""
        y = self.rhs(x).sqrt()
        if y is None:
            return None
        if sign is not None and y.sgn0() != sign:
            y = -y
        return (x, y)

    # -- Jacobian -------------------------------------------------------------------------
    def to_jacobian(self, P):
        return None if P is None else (P[0], P[1], self.one)

    def from_jacobian(self, J):
        if J is None or J[2].is_zero():
            return None
        X, Y, Z = J
        zi = Z.inverse()
        zi2 = zi.square()
        return (X * zi2, Y * zi2 * zi)

    def jac_double(self, J):
        """dbl-2007-bl (EFD), any a."""
        if J is None or J[1].is_zero():
            return None
        X1, Y1, Z1 = J
        XX, YY, ZZ = X1.square(), Y1.square(), Z1.square()
        YYYY = YY.square()
        S = ((X1 + YY).square() - XX - YYYY) * 2
        M = XX * 3 + self.a * ZZ.square()
        T = M.square() - S * 2
        Y3 = M * (S - T) - YYYY * 8
        Z3 = (Y1 + Z1).square() - YY - ZZ
        return (T, Y3, Z3)

    def jac_add(self, J1, J2):
        """add-2007-bl (EFD); falls back to doubling for equal inputs."""
        if J1 is None:
            return J2
        if J2 is None:
            return J1
        X1, Y1, Z1 = J1
        X2, Y2, Z2 = J2
        Z1Z1, Z2Z2 = Z1.square(), Z2.square()
        U1, U2 = X1 * Z2Z2, X2 * Z1Z1
        S1, S2 = Y1 * Z2 * Z2Z2, Y2 * Z1 * Z1Z1
        H = U2 - U1
        rr = (S2 - S1) * 2
        if H.is_zero():
            return self.jac_double(J1) if rr.is_zero() else None
        I = (H * 2).square()  # noqa: E741  (the EFD's name in add-2007-bl, kept so the formula reads as cited)
        J = H * I
        V = U1 * I
        X3 = rr.square() - J - V * 2
        Y3 = rr * (V - X3) - S1 * J * 2
        Z3 = ((Z1 + Z2).square() - Z1Z1 - Z2Z2) * H
        return (X3, Y3, Z3)

    def mul(self, k: int, P):
        """[k]P, left-to-right double-and-add in Jacobian coordinates (variable time)."""
        if k < 0:
            k, P = -k, self.neg(P)
        if P is None or k == 0:
            return None
        R, J = None, self.to_jacobian(P)
        for bit in bin(k)[2:]:
            R = self.jac_double(R)
            if bit == "1":
                R = self.jac_add(R, J)
        return self.from_jacobian(R)


class Groups:
    """G1, G2 of one set with its subgroup checks (see the module docstring)."""

    def __init__(self, S, T):
        self.S, self.T, self.r = S, T, S.r
        self.E1 = Curve(T.fp(S.a), T.fp(S.b), T.fp(0), T.fp(1))
        self.G1 = (T.fp(S.g1[0]), T.fp(S.g1[1]))
        self.E2 = self.G2 = None
        if S.g2 is not None:
            self.E2 = Curve(T.fp2_zero(), T.fp2(*S.b2), T.fp2_zero(), T.fp2_one())
            (x0, x1), (y0, y1) = S.g2
            self.G2 = (T.fp2(x0, x1), T.fp2(y0, y1))
            g2, g3 = T.gamma[2], T.gamma[3]
            if S.twist == "M":
                g2, g3 = g2.inverse(), g3.inverse()
            self.psi_cx, self.psi_cy = g2, g3
        self.beta = None
        if S.family == "bls12":
            # beta: the primitive cube root of unity with sigma(G1) = [-u^2] G1 (eprint 2021/1130)
            p = S.p
            g = 2
            while pow(g, (p - 1) // 3, p) == 1:  # g must be a non-cube
                g += 1
            w = pow(g, (p - 1) // 3, p)
            for beta in (w, w * w % p):
                if self.sigma(self.G1, beta) == self.E1.mul(-S.u * S.u, self.G1):
                    self.beta = beta
            assert self.beta is not None

    # -- endomorphisms --------------------------------------------------------------------
    def sigma(self, P, beta: int | None = None):
        """(x, y) -> (beta x, y): the order-3 automorphism of the j = 0 curve E(F_p)."""
        return None if P is None else (P[0] * (self.beta if beta is None else beta), P[1])

    def psi(self, Q):
        """untwist o p-power Frobenius o twist on E'(F_{p^2})."""
        return None if Q is None else (Q[0].conj() * self.psi_cx, Q[1].conj() * self.psi_cy)

    # -- membership -----------------------------------------------------------------------
    def g1_in_subgroup_naive(self, P) -> bool:
        return self.E1.is_on_curve(P) and self.E1.mul(self.r, P) is None

    def g2_in_subgroup_naive(self, Q) -> bool:
        E2 = self.E2
        assert E2 is not None, "this set has no G2 on a twist"
        return E2.is_on_curve(Q) and E2.mul(self.r, Q) is None

    def g1_in_subgroup(self, P) -> bool:
        if not self.E1.is_on_curve(P):
            return False
        if self.S.h1 == 1:
            return True
        if self.S.family == "bls12":
            return self.sigma(P) == self.E1.mul(-self.S.u * self.S.u, P)
        return self.E1.mul(self.r, P) is None

    def g2_in_subgroup(self, Q) -> bool:
        E2 = self.E2
        assert E2 is not None, "this set has no G2 on a twist"
        if not E2.is_on_curve(Q):
            return False
        u = self.S.u
        if self.S.family == "bls12":
            return self.psi(Q) == E2.mul(u, Q)
        if self.S.family == "bn":
            return self.psi(Q) == E2.mul(6 * u * u, Q)
        return E2.mul(self.r, Q) is None  # pragma: no cover

    # -- validation with typed errors (the API's inputs) ----------------------------------
    def check_g1(self, P, allow_infinity: bool = False):
        if P is None:
            if allow_infinity:
                return P
            raise PointAtInfinityError("G1 point is the point at infinity")
        if not self.E1.is_on_curve(P):
            raise NotOnCurveError("G1 point is not on the curve")
        if not self.g1_in_subgroup(P):
            raise NotInSubgroupError("G1 point is not in the order-r subgroup")
        return P

    def check_g2(self, Q, allow_infinity: bool = False):
        if Q is None:
            if allow_infinity:
                return Q
            raise PointAtInfinityError("G2 point is the point at infinity")
        assert self.E2 is not None, "this set has no G2 on a twist"
        if not self.E2.is_on_curve(Q):
            raise NotOnCurveError("G2 point is not on the twist curve")
        if not self.g2_in_subgroup(Q):
            raise NotInSubgroupError("G2 point is not in the order-r subgroup")
        return Q
