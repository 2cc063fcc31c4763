"""Supersingular curves E_b: y^2 + y = x^3 + x + b over GF(2^m), m odd (seed 000 section 2).

Points are ``None`` (the point at infinity) or ``(x, y)`` with ints. Group law from the general
Weierstrass formulas with a1 = a2 = 0, a3 = a4 = 1, a6 = b:
  -(x, y) = (x, y + 1);
  P + Q:  l = (y1 + y2)/(x1 + x2), x3 = l^2 + x1 + x2, y3 = l (x1 + x3) + y1 + 1;
  2P:     (x^4 + 1, y^4 + x^4)  -- only squarings (seed 000 section 3: 2P = phi(alpha^(2), beta^(2))).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.errors import EncodingError, NotInSubgroupError, NotOnCurveError, PointAtInfinityError
from pairkit.spec.binary.gf2m import GF2m


@dataclass(frozen=True)
class Curve:
    F: GF2m
    b: int  # 0 or 1

    def rhs(self, x: int) -> int:
        F = self.F
        return F.mul(F.sqr(x), x) ^ x ^ self.b

    def is_on_curve(self, P) -> bool:
        if P is None:
            return True
        x, y = P
        return (self.F.sqr(y) ^ y) == self.rhs(x)

    def neg(self, P):
        return None if P is None else (P[0], P[1] ^ 1)

    def double(self, P):
        if P is None:
            return None
        F = self.F
        x4 = F.sqr(F.sqr(P[0]))
        return (x4 ^ 1, F.sqr(F.sqr(P[1])) ^ x4)

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        F = self.F
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            return self.double(P) if y1 == y2 else None
        lam = F.mul(y1 ^ y2, F.inv_vartime(x1 ^ x2))
        x3 = F.sqr(lam) ^ x1 ^ x2
        return (x3, F.mul(lam, x1 ^ x3) ^ y1 ^ 1)

    def mul(self, k: int, P):
        if k < 0:
            return self.mul(-k, self.neg(P))
        R = None
        for bit in bin(k)[2:]:
            R = self.double(R)
            if bit == "1":
                R = self.add(R, P)
        return R

    def lift_x(self, x: int, ybit: int):
        """The point with abscissa x whose y has constant coefficient ybit (half-trace solve)."""
        F = self.F
        c = self.rhs(x)
        if F.trace(c):
            return None
        y = F.half_trace(c)
        if (y & 1) != ybit:
            y ^= 1
        return (x, y)

    # -- encodings (the CLI contract) -----------------------------------------------------
    def encode(self, P, compressed: bool = False) -> bytes:
        """Uncompressed x||y, each ceil(m/8) bytes big-endian. Compressed: x with bit m = y_0.

        The point at infinity is the all-0xFF string (never a valid x: bits >= m are set).
        """
        n = self.F.nbytes
        if P is None:
            return b"\xff" * (n if compressed else 2 * n)
        x, y = P
        if compressed:
            return (x | ((y & 1) << self.F.m)).to_bytes(n, "big")
        return x.to_bytes(n, "big") + y.to_bytes(n, "big")

    def decode(self, data: bytes, allow_infinity: bool = False):
        F, n = self.F, self.F.nbytes
        if len(data) not in (n, 2 * n):
            raise EncodingError(f"a point of this set is {n} (compressed) or {2 * n} bytes, got {len(data)}")
        if data == b"\xff" * len(data):
            if allow_infinity:
                return None
            raise PointAtInfinityError("the point at infinity is not allowed here")
        if len(data) == n:
            v = int.from_bytes(data, "big")
            if v >> (F.m + 1):
                raise EncodingError("non-canonical compressed point: bits above m are set")
            P = self.lift_x(v & F.mask, v >> F.m)
            if P is None:
                raise NotOnCurveError("no point on the curve has this x coordinate")
            return P
        P = (F.from_bytes(data[:n]), F.from_bytes(data[n:]))
        if not self.is_on_curve(P):
            raise NotOnCurveError("the point does not satisfy y^2 + y = x^3 + x + b")
        return P


def check_subgroup(curve: Curve, P, r: int) -> None:
    if P is None:
        raise PointAtInfinityError("the point at infinity is not allowed here")
    if curve.mul(r, P) is not None:
        raise NotInSubgroupError("the point is not in the order-r subgroup")
