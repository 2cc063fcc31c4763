"""The towers over GF(p): F_{p^2}, F_{p^6}, F_{p^12} (BN254, BLS12-381) and F_{q^2} (typea-512).

  F_{p^2}  = F_p[i]/(i^2 + 1)        (p = 3 mod 4 for all three sets, so -1 is a non-square)
  F_{p^6}  = F_{p^2}[v]/(v^3 - xi)   (xi = 9 + i for BN254, 1 + i for BLS12-381)
  F_{p^12} = F_{p^6}[w]/(w^2 - v)    (so w^6 = xi)

This is the tower of Devegili, O hEigeartaigh, Scott, Dahab, "Multiplication and squaring on
pairing-friendly fields", eprint 2006/471 (Karatsuba products: section 4, eqs. for the cubic
extension; the quadratic one: section 3), and of Beuchat et al. eprint 2010/354 (Frobenius).

Frobenius (eprint 2010/354 section 3.2): for c in F_{p^2}, c^p = conj(c); v^p = xi^((p-1)/3) v and
w^p = xi^((p-1)/6) w (p = 1 mod 6), so the p-power map multiplies the coefficient of w^j by
gamma_j = xi^(j (p-1)/6) after conjugating it.  The constants gamma_j are COMPUTED here from p and
xi when a Tower is built, never pasted (tests check Frobenius == x^p).

Elements are small immutable objects with operators; every element carries its Tower T.
"""

from __future__ import annotations

from pairkit.spec.prime import fp


def _pow(one, b, e: int):
    """b^e by right-to-left square-and-multiply (negative e through the inverse); public e only."""
    r = one
    if e < 0:
        e, b = -e, b.inverse()
    while e:
        if e & 1:
            r = r * b
        b, e = b.square(), e >> 1
    return r


class Tower:
    """GF(p) and its extensions for one prime p and one non-residue xi = (xi0, xi1) of F_{p^2}."""

    def __init__(self, p: int, xi: tuple[int, int] | None = None):
        if p % 4 != 3:
            raise ValueError("F_p[i]/(i^2+1) needs p = 3 mod 4")
        self.p = p
        self.xi = None
        if xi is not None:
            self.xi = Fp2(self, *xi)
            if p % 6 != 1:
                raise ValueError("the sextic tower needs p = 1 mod 6")
            # v^3 - xi and w^6 - xi irreducible over F_{p^2}  <=>  xi is neither a square nor a cube
            if self.xi.is_square() or self.xi ** ((p * p - 1) // 3) == self.fp2_one():
                raise ValueError("xi must be a non-square and a non-cube in F_{p^2}")
            # gamma_j = xi^(j (p - 1)/6), j = 0..5   (eprint 2010/354 section 3.2)
            g1 = self.xi ** ((p - 1) // 6)
            self.gamma = [self.fp2_one()]
            for _ in range(5):
                self.gamma.append(self.gamma[-1] * g1)

    # constructors -------------------------------------------------------------------------
    def fp(self, a: int) -> "Fp":
        return Fp(self, a)

    def fp2(self, a: int, b: int = 0) -> "Fp2":
        return Fp2(self, a, b)

    def fp2_zero(self) -> "Fp2":
        return Fp2(self, 0, 0)

    def fp2_one(self) -> "Fp2":
        return Fp2(self, 1, 0)

    def fp6(self, c0, c1=None, c2=None) -> "Fp6":
        z = self.fp2_zero()
        return Fp6(self, c0, c1 if c1 is not None else z, c2 if c2 is not None else z)

    def fp6_zero(self) -> "Fp6":
        z = self.fp2_zero()
        return Fp6(self, z, z, z)

    def fp6_one(self) -> "Fp6":
        z = self.fp2_zero()
        return Fp6(self, self.fp2_one(), z, z)

    def fp12(self, c0: "Fp6", c1: "Fp6" | None = None) -> "Fp12":
        return Fp12(self, c0, c1 if c1 is not None else self.fp6_zero())

    def fp12_one(self) -> "Fp12":
        return Fp12(self, self.fp6_one(), self.fp6_zero())

    def fp12_from_ints(self, coeffs) -> "Fp12":
        """12 ints: (g0, g1, g2, h0, h1, h2) as (re, im) pairs, f = g + h w, g = g0 + g1 v + g2 v^2."""
        c = [self.fp2(coeffs[2 * k], coeffs[2 * k + 1]) for k in range(6)]
        return Fp12(self, Fp6(self, c[0], c[1], c[2]), Fp6(self, c[3], c[4], c[5]))


class Fp:
    """An element of GF(p) as an object with the same interface as Fp2 (so curve code is generic)."""

    __slots__ = ("T", "a")

    def __init__(self, T: Tower, a: int):
        self.T, self.a = T, a % T.p

    def __repr__(self):
        return f"Fp({self.a:#x})"

    def __int__(self):
        return self.a

    def __eq__(self, o):
        return isinstance(o, Fp) and self.a == o.a

    def __hash__(self):
        return hash(self.a)

    def is_zero(self) -> bool:
        return self.a == 0

    def __add__(self, o):
        return Fp(self.T, self.a + o.a)

    def __sub__(self, o):
        return Fp(self.T, self.a - o.a)

    def __neg__(self):
        return Fp(self.T, -self.a)

    def __mul__(self, o):
        return Fp(self.T, self.a * (o if isinstance(o, int) else o.a))

    __rmul__ = __mul__

    def square(self):
        return Fp(self.T, self.a * self.a)

    def inverse(self):
        return Fp(self.T, fp.inv(self.a, self.T.p))

    def __truediv__(self, o):
        return self * o.inverse()

    def __pow__(self, e: int):
        return Fp(self.T, pow(self.a, e, self.T.p))

    def is_square(self) -> bool:
        return fp.is_square(self.a, self.T.p)

    def sqrt(self):
        r = fp.sqrt(self.a, self.T.p)
        return None if r is None else Fp(self.T, r)

    def sgn0(self) -> int:
        return fp.sgn0(self.a)


class Fp2:
    """a + b i, i^2 = -1."""

    __slots__ = ("T", "a", "b")

    def __init__(self, T: Tower, a: int, b: int = 0):
        self.T, self.a, self.b = T, a % T.p, b % T.p

    def __repr__(self):
        return f"Fp2({self.a:#x}, {self.b:#x})"

    def __eq__(self, o):
        return isinstance(o, Fp2) and self.a == o.a and self.b == o.b

    def __hash__(self):
        return hash((self.a, self.b))

    def is_zero(self) -> bool:
        return self.a == 0 and self.b == 0

    def __add__(self, o):
        return Fp2(self.T, self.a + o.a, self.b + o.b)

    def __sub__(self, o):
        return Fp2(self.T, self.a - o.a, self.b - o.b)

    def __neg__(self):
        return Fp2(self.T, -self.a, -self.b)

    def __mul__(self, o):
        if not isinstance(o, Fp2):  # an int or an Fp: scale both coordinates
            k = o if isinstance(o, int) else o.a
            return Fp2(self.T, self.a * k, self.b * k)
        # Karatsuba, 3 products (eprint 2006/471 section 3)
        t0, t1 = self.a * o.a, self.b * o.b
        return Fp2(self.T, t0 - t1, (self.a + self.b) * (o.a + o.b) - t0 - t1)

    __rmul__ = __mul__

    def square(self):
        # complex squaring: (a + b i)^2 = (a + b)(a - b) + 2ab i
        return Fp2(self.T, (self.a + self.b) * (self.a - self.b), 2 * self.a * self.b)

    def conj(self):
        return Fp2(self.T, self.a, -self.b)

    frobenius = conj  # c^p = conj(c) since i^p = -i for p = 3 mod 4

    def norm(self) -> int:
        return (self.a * self.a + self.b * self.b) % self.T.p

    def inverse(self):
        n = fp.inv(self.norm(), self.T.p)  # 1/(a + b i) = (a - b i)/(a^2 + b^2)
        return Fp2(self.T, self.a * n, -self.b * n)

    def __truediv__(self, o):
        return self * o.inverse()

    def __pow__(self, e: int):
        return _pow(self.T.fp2_one(), self, e)

    def mul_by_xi(self):
        return self * self.T.xi

    def is_square(self) -> bool:
        # a + b i is a square in F_{p^2} iff its norm a^2 + b^2 is a square in F_p
        return fp.is_square(self.norm(), self.T.p)

    def sqrt(self):
        """A square root, or None: the 'complex method' (Adj, Rodriguez-Henriquez, eprint 2012/685, Alg. 8)."""
        p = self.T.p
        if self.b == 0:
            ra = fp.sqrt(self.a, p)
            if ra is not None:
                return Fp2(self.T, ra, 0)
            rb = fp.sqrt(-self.a, p)
            assert rb is not None  # -1 = i^2 and -a is a square
            return Fp2(self.T, 0, rb)
        lam = fp.sqrt(self.norm(), p)
        if lam is None:
            return None
        half = fp.inv(2, p)
        delta = (self.a + lam) * half % p
        if not fp.is_square(delta, p):
            delta = (self.a - lam) * half % p
        x0 = fp.sqrt(delta, p)
        assert x0 is not None  # one of (a +- lam) / 2 is a square when the norm is
        x1 = self.b * fp.inv(2 * x0, p)
        r = Fp2(self.T, x0, x1)
        assert r.square() == self
        return r

    def sgn0(self) -> int:
        """RFC 9380 section 4.1, sgn0 for m = 2."""
        return (self.a & 1) | ((self.a == 0) & (self.b & 1))


class Fp6:
    """c0 + c1 v + c2 v^2, v^3 = xi."""

    __slots__ = ("T", "c0", "c1", "c2")

    def __init__(self, T: Tower, c0: Fp2, c1: Fp2, c2: Fp2):
        self.T, self.c0, self.c1, self.c2 = T, c0, c1, c2

    def __repr__(self):
        return f"Fp6({self.c0}, {self.c1}, {self.c2})"

    def __eq__(self, o):
        return isinstance(o, Fp6) and (self.c0, self.c1, self.c2) == (o.c0, o.c1, o.c2)

    def __hash__(self):
        return hash((self.c0, self.c1, self.c2))

    def is_zero(self) -> bool:
        return self.c0.is_zero() and self.c1.is_zero() and self.c2.is_zero()

    def __add__(self, o):
        return Fp6(self.T, self.c0 + o.c0, self.c1 + o.c1, self.c2 + o.c2)

    def __sub__(self, o):
        return Fp6(self.T, self.c0 - o.c0, self.c1 - o.c1, self.c2 - o.c2)

    def __neg__(self):
        return Fp6(self.T, -self.c0, -self.c1, -self.c2)

    def __mul__(self, o):
        if isinstance(o, Fp2):
            return Fp6(self.T, self.c0 * o, self.c1 * o, self.c2 * o)
        # Karatsuba for the cubic extension (eprint 2006/471 section 4, 6 products in F_{p^2})
        a0, a1, a2, b0, b1, b2 = self.c0, self.c1, self.c2, o.c0, o.c1, o.c2
        t0, t1, t2 = a0 * b0, a1 * b1, a2 * b2
        c0 = ((a1 + a2) * (b1 + b2) - t1 - t2).mul_by_xi() + t0
        c1 = (a0 + a1) * (b0 + b1) - t0 - t1 + t2.mul_by_xi()
        c2 = (a0 + a2) * (b0 + b2) - t0 - t2 + t1
        return Fp6(self.T, c0, c1, c2)

    def square(self):
        return self * self

    def mul_by_v(self):
        # v (c0 + c1 v + c2 v^2) = xi c2 + c0 v + c1 v^2
        return Fp6(self.T, self.c2.mul_by_xi(), self.c0, self.c1)

    def inverse(self):
        # eprint 2010/354 Alg. 17 (norm to F_{p^2})
        a0, a1, a2 = self.c0, self.c1, self.c2
        A = a0.square() - (a1 * a2).mul_by_xi()
        B = a2.square().mul_by_xi() - a0 * a1
        C = a1.square() - a0 * a2
        F = (a2 * B).mul_by_xi() + a0 * A + (a1 * C).mul_by_xi()
        Fi = F.inverse()
        return Fp6(self.T, A * Fi, B * Fi, C * Fi)

    def frobenius(self):
        g = self.T.gamma  # v^p = gamma_2 v, (v^2)^p = gamma_4 v^2
        return Fp6(self.T, self.c0.conj(), self.c1.conj() * g[2], self.c2.conj() * g[4])


class Fp12:
    """c0 + c1 w, w^2 = v (c0, c1 in F_{p^6})."""

    __slots__ = ("T", "c0", "c1")

    def __init__(self, T: Tower, c0: Fp6, c1: Fp6):
        self.T, self.c0, self.c1 = T, c0, c1

    def __repr__(self):
        return f"Fp12({self.c0}, {self.c1})"

    def __eq__(self, o):
        return isinstance(o, Fp12) and self.c0 == o.c0 and self.c1 == o.c1

    def __hash__(self):
        return hash((self.c0, self.c1))

    def coeffs(self) -> list[int]:
        """12 ints in the order of Tower.fp12_from_ints."""
        out = []
        for c in (self.c0.c0, self.c0.c1, self.c0.c2, self.c1.c0, self.c1.c1, self.c1.c2):
            out += [c.a, c.b]
        return out

    def __add__(self, o):
        return Fp12(self.T, self.c0 + o.c0, self.c1 + o.c1)

    def __sub__(self, o):
        return Fp12(self.T, self.c0 - o.c0, self.c1 - o.c1)

    def __mul__(self, o):
        # Karatsuba for the quadratic extension, w^2 = v (eprint 2006/471 section 3)
        t0, t1 = self.c0 * o.c0, self.c1 * o.c1
        return Fp12(self.T, t0 + t1.mul_by_v(), (self.c0 + self.c1) * (o.c0 + o.c1) - t0 - t1)

    def square(self):
        return self * self

    def conj(self):
        """c0 - c1 w = f^(p^6) (w^(p^6) = -w)."""
        return Fp12(self.T, self.c0, -self.c1)

    def inverse(self):
        # 1/(c0 + c1 w) = (c0 - c1 w)/(c0^2 - v c1^2)
        d = (self.c0.square() - self.c1.square().mul_by_v()).inverse()
        return Fp12(self.T, self.c0 * d, -(self.c1 * d))

    def __truediv__(self, o):
        return self * o.inverse()

    def frobenius(self, k: int = 1):
        """f^(p^k): (h w)^p = h^p gamma_1 w (eprint 2010/354 section 3.2)."""
        f = self
        for _ in range(k % 12):
            f = Fp12(f.T, f.c0.frobenius(), f.c1.frobenius() * f.T.gamma[1])
        return f

    def __pow__(self, e: int):
        return _pow(self.T.fp12_one(), self, e)

    def cyclotomic_square(self):
        """Squaring in the cyclotomic subgroup G_{Phi_6(p^2)} (Granger, Scott, eprint 2009/565 section 3.2).

        View F_{p^12} = F_{p^4}[w]/(w^3 - s), F_{p^4} = F_{p^2}[s]/(s^2 - xi), s = w^3; then
        f = A + B w + C w^2 with A = g0 + h1 s, B = h0 + g2 s, C = g1 + h2 s, conj(x + y s) = x - y s
        (the p^6-power on F_{p^4}), and for unitary f (f^(p^6 + 1) = 1):
        A' = 3 A^2 - 2 conj(A),  B' = 3 s C^2 + 2 conj(B),  C' = 3 B^2 - 2 conj(C).
        """
        g0, g1, g2 = self.c0.c0, self.c0.c1, self.c0.c2
        h0, h1, h2 = self.c1.c0, self.c1.c1, self.c1.c2

        def sq4(x, y):  # (x + y s)^2 = x^2 + xi y^2 + 2xy s
            t0, t1 = x.square(), y.square()
            return t0 + t1.mul_by_xi(), (x + y).square() - t0 - t1

        a0, a1 = sq4(g0, h1)
        b0, b1 = sq4(h0, g2)
        c0, c1 = sq4(g1, h2)
        ng0 = a0 * 3 - g0 * 2
        nh1 = a1 * 3 + h1 * 2
        ng1 = b0 * 3 - g1 * 2  # C' = 3 B^2 - 2 conj(C)
        nh2 = b1 * 3 + h2 * 2
        nh0 = c1.mul_by_xi() * 3 + h0 * 2  # B' = 3 s C^2 + 2 conj(B)
        ng2 = c0 * 3 - g2 * 2
        T = self.T
        return Fp12(T, Fp6(T, ng0, ng1, ng2), Fp6(T, nh0, nh1, nh2))

    def cyclotomic_pow(self, e: int):
        """f^e for f in the cyclotomic subgroup: square-and-multiply with cyclotomic squarings,
        a negative e by conjugation (the inverse of a unitary element)."""
        b = self.conj() if e < 0 else self
        e = abs(e)
        r = self.T.fp12_one()
        for bit in bin(e)[2:]:
            r = r.cyclotomic_square()
            if bit == "1":
                r = r * b
        return r
