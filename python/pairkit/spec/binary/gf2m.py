"""GF(2^m) = F_2[x]/(f), f = x^m + sum_{k in taps} x^k + 1 -- the executable specification.

Elements are Python ints: bit i is the coefficient of x^i (the same convention as the Rust
core and the byte encodings). Every algorithm in ``pairkit.spec`` is written against the small
interface of :class:`GF2m` (``add mul sqr sqrt inv const``), so the same code runs on
concrete values or, through :class:`pairkit.spec.trace.TracingField`, on symbolic values that
record the operation trace consumed by the scheduler (``pairkit.dse``) and the RTL generators.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairkit.errors import EncodingError

# 8-bit -> 16-bit bit spreading table (squaring is linear: sum a_i x^i -> sum a_i x^{2i}).
_SPREAD = [0] * 256
for _b in range(256):
    _v = 0
    for _i in range(8):
        if _b >> _i & 1:
            _v |= 1 << (2 * _i)
    _SPREAD[_b] = _v
# 16-bit -> (even bits, odd bits) compression tables for the square root.
_EVEN = [0] * 65536
_ODD = [0] * 65536
for _w in range(65536):
    e = o = 0
    for _i in range(8):
        e |= ((_w >> (2 * _i)) & 1) << _i
        o |= ((_w >> (2 * _i + 1)) & 1) << _i
    _EVEN[_w], _ODD[_w] = e, o


def clmul(a: int, b: int) -> int:
    """Carry-less product of two polynomials over F_2 (4-bit window comb, HMV Alg. 2.36)."""
    if a.bit_length() < b.bit_length():
        a, b = b, a
    table = [0] * 16
    for i in range(1, 16):
        table[i] = table[i & (i - 1)] ^ (a << ((i & -i).bit_length() - 1))
    r = 0
    shift = 0
    while b:
        r ^= table[b & 15] << shift
        b >>= 4
        shift += 4
    return r


def spread(a: int) -> int:
    """sum a_i x^i -> sum a_i x^{2i} (the unreduced square)."""
    r = 0
    shift = 0
    while a:
        r |= _SPREAD[a & 0xFF] << shift
        a >>= 8
        shift += 16
    return r


def split_even_odd(a: int) -> tuple[int, int]:
    """(sum a_{2i} x^i, sum a_{2i+1} x^i)."""
    e = o = 0
    shift = 0
    while a:
        w = a & 0xFFFF
        e |= _EVEN[w] << shift
        o |= _ODD[w] << shift
        a >>= 16
        shift += 8
    return e, o


@dataclass(frozen=True)
class GF2m:
    """The field F_2[x]/(x^m + sum x^k + 1) for odd m and a trinomial (1 tap) or pentanomial (3 taps)."""

    m: int
    taps: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.m < 3 or self.m % 2 == 0:
            raise ValueError(f"m must be odd and >= 3, got {self.m}")
        if len(self.taps) not in (1, 3) or any(not 0 < k < self.m for k in self.taps):
            raise ValueError(f"taps must be 1 or 3 exponents in (0, m), got {self.taps}")

    # -- constants ------------------------------------------------------------------------
    @property
    def poly(self) -> int:
        p = (1 << self.m) | 1
        for k in self.taps:
            p |= 1 << k
        return p

    @property
    def mask(self) -> int:
        return (1 << self.m) - 1

    @property
    def nbytes(self) -> int:
        return (self.m + 7) // 8

    zero = 0
    one = 1

    def const(self, c: int) -> int:
        """A field constant (an int already reduced)."""
        return c

    # -- arithmetic -----------------------------------------------------------------------
    def reduce(self, a: int) -> int:
        """Reduce a polynomial of any degree modulo f: x^m = sum_{k in taps} x^k + 1."""
        m = self.m
        while a >> m:
            hi = a >> m
            a &= self.mask
            a ^= hi
            for k in self.taps:
                a ^= hi << k
        return a

    @staticmethod
    def add(a: int, b: int) -> int:
        return a ^ b

    def mul(self, a: int, b: int) -> int:
        return self.reduce(clmul(a, b))

    def sqr(self, a: int) -> int:
        return self.reduce(spread(a))

    @cached_property
    def sqrt_x(self) -> int:
        """sqrt(x) = x^{2^{m-1}} (for x^1223+x^255+1: x^612 + x^128, seed 003 section 2)."""
        r = 2
        for _ in range(self.m - 1):
            r = self.sqr(r)
        return r

    def sqrt(self, a: int) -> int:
        """sqrt(a) = a_even(x) + sqrt(x) * a_odd(x)  (seed 003 section 2)."""
        e, o = split_even_odd(a)
        return e ^ self.mul(self.sqrt_x, o)

    def inv(self, a: int) -> int:
        """Itoh-Tsujii inversion (seed 000 Eq. 7): a^{-1} = (a^{2^{m-1}-1})^2.

        Uses the binary expansion of m-1: beta_k = a^{2^k-1}, beta_{2k} = beta_k^{2^k} beta_k,
        beta_{k+1} = beta_k^2 a; floor(log2(m-1)) + HW(m-1) - 1 multiplications.
        """
        if a == 0:
            raise ZeroDivisionError("inverse of 0 in GF(2^m)")
        return itoh_tsujii(self, a)

    def inv_vartime(self, a: int) -> int:
        """Inverse by the binary-polynomial extended Euclid algorithm (HMV Alg. 2.48).

        Faster than Itoh-Tsujii in Python; used by the curve layer, not by the traced algorithms.
        """
        if a == 0:
            raise ZeroDivisionError("inverse of 0 in GF(2^m)")
        u, v, g1, g2 = a, self.poly, 1, 0
        while u != 1:
            j = u.bit_length() - v.bit_length()
            if j < 0:
                u, v, g1, g2 = v, u, g2, g1
                j = -j
            u ^= v << j
            g1 ^= g2 << j
        return self.reduce(g1)

    def trace(self, a: int) -> int:
        t, x = 0, a
        for _ in range(self.m):
            t ^= x
            x = self.sqr(x)
        return t & 1

    def half_trace(self, c: int) -> int:
        """H(c) = sum_{i=0}^{(m-1)/2} c^{2^{2i}}; for Tr(c) = 0, z = H(c) solves z^2 + z = c."""
        h, x = 0, c
        for _ in range((self.m - 1) // 2 + 1):
            h ^= x
            x = self.sqr(self.sqr(x))
        return h

    # -- encodings -------------------------------------------------------------------------
    def to_bytes(self, a: int) -> bytes:
        return a.to_bytes(self.nbytes, "big")

    def from_bytes(self, data: bytes) -> int:
        if len(data) != self.nbytes:
            raise EncodingError(f"a GF(2^{self.m}) element is {self.nbytes} bytes, got {len(data)}")
        v = int.from_bytes(data, "big")
        if v >> self.m:
            raise EncodingError(f"bits >= {self.m} are set: not a canonical GF(2^{self.m}) element")
        return v


def itoh_tsujii(F, a):
    """Generic Itoh-Tsujii over any field object with sqr/mul (works symbolically too)."""
    n = F.m - 1
    bits = bin(n)[2:]
    beta, k = a, 1  # beta = a^{2^k - 1}
    for bit in bits[1:]:
        beta = F.mul(sqr_n(F, beta, k), beta)  # beta_{2k}
        k *= 2
        if bit == "1":
            beta = F.mul(F.sqr(beta), a)  # beta_{k+1}
            k += 1
    return F.sqr(beta)


def itoh_tsujii_alg4_1223(F, a):
    """Seed 003 Appendix A.3 Algorithm 4: the 14-multiplication chain for m = 1223."""
    assert F.m == 1223
    s = a
    s = F.mul(F.sqr(s), s)
    r = s
    s = F.mul(sqr_n(F, s, 2), s)
    s = sqr_n(F, s, 2)
    r = F.mul(r, s)
    s = F.mul(sqr_n(F, s, 4), s)
    s = F.mul(sqr_n(F, s, 8), s)
    s = F.mul(sqr_n(F, s, 16), s)
    s = F.mul(sqr_n(F, s, 32), s)
    s = sqr_n(F, s, 4)
    r = F.mul(r, s)
    s = F.mul(sqr_n(F, s, 64), s)
    s = sqr_n(F, s, 64)
    r = F.mul(r, s)
    s = F.mul(sqr_n(F, s, 128), s)
    s = F.mul(sqr_n(F, s, 256), s)
    s = F.mul(sqr_n(F, s, 512), s)
    s = sqr_n(F, s, 128)
    r = F.mul(r, s)
    return F.sqr(r)


def sqr_n(F, a, n):
    for _ in range(n):
        a = F.sqr(a)
    return a


def sqrt_n(F, a, n):
    for _ in range(n):
        a = F.sqrt(a)
    return a
