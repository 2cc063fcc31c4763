"""Supersingular curves E_b: y^2 = x^3 - x + b over GF(3^m), b = +-1 (seed 001 Eq. 2).

Points are ``None`` (the point at infinity) or ``(x, y)`` of field elements. Group law (a4 = -1):
  -(x, y) = (x, -y);
  P + Q:  l = (y2 - y1)/(x2 - x1), x3 = l^2 - x1 - x2, y3 = l (x1 - x3) - y1;
  2P:     l = (3x^2 - 1)/(2y) = 1/y (char 3: 3x^2 = 0 and -1/2 = 1), x3 = l^2 + x, y3 = l (x - x3) - y;
  3P:     (x^9 - b, -y^9) -- tripling is two Frobenius maps (Duursma-Lee 2003, section 3),
so scalar multiplication runs on the balanced ternary digits of k.

Encodings: a field element is ``GF3m.to_bytes`` (L bytes, the integer sum a_i 3^i). A point is
x || y (2L bytes), or compressed 0x02/0x03 || x (L + 1 bytes) where 0x03 means the lowest nonzero
digit of y is 2 (exactly one of y, -y has that property when y != 0). The point at infinity is
the all-0xFF string of either length (never a valid x: 2^{8L} - 1 >= 3^m). When L = 1 (m <= 5)
L + 1 = 2L, so the compressed x is written on two bytes (0x02/0x03 || 0x00 || x, 3 bytes): the
two forms never share a length, and a two-byte string is always x || y.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.errors import EncodingError, NotInSubgroupError, NotOnCurveError, PointAtInfinityError
from pairkit.spec.char3.gf3m import GF3m


def _ysign(F: GF3m, y) -> int:
    """1 if the lowest nonzero digit of y is 2, else 0 (y = 0 -> 0)."""
    low = (y[0] | y[1]) & -(y[0] | y[1])
    return 1 if y[1] & low else 0


@dataclass(frozen=True)
class Curve3:
    F: GF3m
    b: int  # +1 or -1

    @property
    def bf(self):
        return self.F.digit(self.b)

    def rhs(self, x):
        F = self.F
        return F.add(F.sub(F.cube(x), x), self.bf)

    def is_on_curve(self, P) -> bool:
        return P is None or self.F.sqr(P[1]) == self.rhs(P[0])

    def neg(self, P):
        return None if P is None else (P[0], self.F.neg(P[1]))

    def double(self, P):
        if P is None or self.F.is_zero(P[1]):
            return None
        F = self.F
        x, y = P
        lam = F.inv(y)
        x3 = F.add(F.sqr(lam), x)
        return (x3, F.sub(F.mul(lam, F.sub(x, x3)), y))

    def triple(self, P):
        if P is None:
            return None
        F = self.F
        return (F.sub(F.cube_n(P[0], 2), self.bf), F.neg(F.cube_n(P[1], 2)))

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        F = self.F
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            return self.double(P) if y1 == y2 else None
        lam = F.mul(F.sub(y2, y1), F.inv(F.sub(x2, x1)))
        x3 = F.sub(F.sub(F.sqr(lam), x1), x2)
        return (x3, F.sub(F.mul(lam, F.sub(x1, x3)), y1))

    def mul(self, k: int, P):
        """[k]P by balanced-ternary Horner: R <- 3R +- P."""
        if k < 0:
            return self.mul(-k, self.neg(P))
        digits = []
        while k:
            d = k % 3
            if d == 2:
                d = -1
            digits.append(d)
            k = (k - d) // 3
        R, negP = None, self.neg(P)
        for d in reversed(digits):
            R = self.triple(R)
            if d:
                R = self.add(R, P if d == 1 else negP)
        return R

    def lift_x(self, x, sign: int):
        """The point with abscissa x whose y has _ysign(y) = sign, or None."""
        y = self.F.sqrt(self.rhs(x))
        if y is None:
            return None
        return (x, y if _ysign(self.F, y) == sign else self.F.neg(y))

    # -- encodings (the CLI contract) -----------------------------------------------------
    @property
    def xlen_compressed(self) -> int:
        """Bytes of x in the compressed form: L, or 2 when L = 1 (so that L + 1 != 2L)."""
        return max(self.F.nbytes, 2)

    def encode(self, P, compressed: bool = False) -> bytes:
        F, n, c = self.F, self.F.nbytes, self.xlen_compressed
        if P is None:
            return b"\xff" * (c + 1 if compressed else 2 * n)
        if compressed:
            return bytes([2 + _ysign(F, P[1])]) + F.to_int(P[0]).to_bytes(c, "big")
        return F.to_bytes(P[0]) + F.to_bytes(P[1])

    def decode(self, data: bytes, allow_infinity: bool = False):
        F, n, c = self.F, self.F.nbytes, self.xlen_compressed
        if len(data) not in (c + 1, 2 * n):
            raise EncodingError(f"a point of this set is {c + 1} (compressed) or {2 * n} bytes, got {len(data)}")
        if data == b"\xff" * len(data):
            if allow_infinity:
                return None
            raise PointAtInfinityError("the point at infinity is not allowed here")
        if len(data) == c + 1:
            if data[0] not in (2, 3):
                raise EncodingError(f"compressed point prefix must be 0x02 or 0x03, got {data[0]:#04x}")
            if any(data[1 : 1 + c - n]):
                raise EncodingError("non-canonical compressed point: x is not below 3^m")
            P = self.lift_x(F.from_bytes(data[1 + c - n :]), data[0] - 2)
            if P is None:
                raise NotOnCurveError("no point on the curve has this x coordinate")
            if F.is_zero(P[1]) and data[0] == 3:
                raise EncodingError("non-canonical compressed point: y = 0 needs prefix 0x02")
            return P
        P = (F.from_bytes(data[:n]), F.from_bytes(data[n:]))
        if not self.is_on_curve(P):
            raise NotOnCurveError("the point does not satisfy y^2 = x^3 - x + b")
        return P


def check_subgroup3(curve: Curve3, P, r: int) -> None:
    if P is None:
        raise PointAtInfinityError("the point at infinity is not allowed here")
    if not curve.is_on_curve(P):
        raise NotOnCurveError("the point does not satisfy y^2 = x^3 - x + b")
    if curve.mul(r, P) is not None:
        raise NotInSubgroupError("the point is not in the order-r subgroup")
