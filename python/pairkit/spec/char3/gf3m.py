"""GF(3^m) = F_3[x]/(x^m + x^h - 1): the executable specification of the ternary base field.

Representation (shared with the Rust core and the hardware kit): an element is a pair of
bit-planes ``(lo, hi)`` of Python ints; bit i of ``lo`` is set iff digit a_i = 1, bit i of ``hi``
iff a_i = 2 (= -1); never both. Negation swaps the planes (seed 001 section 4: "an element of
F_3 ... encoded with two bits in such a way that by swapping the bits the sign is inverted").

Addition is the 6-operation bit-sliced formula (found by exhaustive search over two-level
formulas, checked on all nine digit pairs by the tests; the same count as Kawahara et al. 2008):

    t  = (a.lo | b.hi) ^ (a.hi | b.lo)
    lo = (a.hi | b.hi) ^ t
    hi = (a.lo | b.lo) ^ t

Cubing and cube roots are linear maps (seed 001 section 4, Table 1): a^3 = sum a_i x^{3i}, and
cbrt(a) = A0 + x^{1/3} A1 + x^{2/3} A2 for a = A0(x^3) + x A1(x^3) + x^2 A2(x^3). When
m = h = 1 or m = h = 2 (mod 3) the constants x^{1/3}, x^{2/3} have two or three terms
(Barreto, eprint 2004/305); otherwise they are dense and the map costs two multiplications.

Public integer form: the element sum a_i x^i <-> the integer sum a_i 3^i; bytes are that integer,
big-endian, in ceil(bitlen(3^m - 1) / 8) bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit.errors import EncodingError

Fe3 = tuple  # (lo, hi)


def _add(a, b):
    al, ah = a
    bl, bh = b
    t = (al | bh) ^ (ah | bl)
    return ((ah | bh) ^ t, (al | bl) ^ t)


def _sub(a, b):
    return _add(a, (b[1], b[0]))


def _deg(u) -> int:
    return (u[0] | u[1]).bit_length() - 1


def _lead(u, d: int) -> int:
    return 1 if (u[0] >> d) & 1 else 2


def _gcd_deg(u, v) -> int:
    """Degree of gcd(u, v) in F_3[x] (-1 if both are zero)."""
    while _deg(v) >= 0:
        while _deg(u) >= _deg(v):
            c = _lead(u, _deg(u)) * _lead(v, _deg(v)) % 3
            s = _deg(u) - _deg(v)
            vv = v if c == 1 else (v[1], v[0])
            u = _sub(u, (vv[0] << s, vv[1] << s))
        u, v = v, u
    return _deg(u)


def _shl(a, k):
    return (a[0] << k, a[1] << k)


@dataclass
class GF3m:
    m: int
    h: int
    _cbrt_consts: tuple = field(init=False, repr=False)

    def __post_init__(self):
        if not 0 < self.h < self.m:
            raise ValueError(f"need 0 < h < m, got m={self.m}, h={self.h}")
        self.mask = (1 << self.m) - 1
        if not self.is_irreducible(self.m, self.h):
            raise ValueError(f"x^{self.m} + x^{self.h} - 1 is not irreducible over F_3")
        x13 = self.cube_n((2, 0), self.m - 1)  # x^{3^{m-1}} = x^{1/3}
        self._cbrt_consts = (x13, self.mul(x13, x13))

    @staticmethod
    def is_irreducible(m: int, h: int) -> bool:
        """Rabin's test: x^{3^m} = x mod f and gcd(x^{3^{m/p}} - x, f) = 1 for primes p | m."""
        R = object.__new__(GF3m)  # arithmetic mod f without the field checks
        R.m, R.h, R.mask = m, h, (1 << m) - 1
        x = (2, 0)
        if R.cube_n(x, m) != R.reduce(x):
            return False
        f = ((1 << m) | (1 << h), 1)
        for p in {p for p in range(2, m + 1) if m % p == 0 and all(p % d for d in range(2, p))}:
            if _gcd_deg(_sub(R.cube_n(x, m // p), x), f) > 0:
                return False
        return True

    # -- constants and conversions ------------------------------------------------------------
    zero = (0, 0)
    one = (1, 0)

    @property
    def taps(self) -> tuple[int, ...]:
        return (self.h,)

    @property
    def nbytes(self) -> int:
        return ((3**self.m - 1).bit_length() + 7) // 8

    def digit(self, d: int) -> Fe3:
        d %= 3
        return (1, 0) if d == 1 else (0, 1) if d == 2 else (0, 0)

    def from_int(self, n: int) -> Fe3:
        if not 0 <= n < 3**self.m:
            raise EncodingError(f"{n} is not the integer form of an element of GF(3^{self.m})")
        lo = hi = 0
        i = 0
        while n:
            n, d = divmod(n, 3)
            if d == 1:
                lo |= 1 << i
            elif d == 2:
                hi |= 1 << i
            i += 1
        return (lo, hi)

    def to_int(self, a: Fe3) -> int:
        n = 0
        for i in reversed(range(self.m)):
            n = 3 * n + ((a[0] >> i) & 1) + 2 * ((a[1] >> i) & 1)
        return n

    def digits(self, a: Fe3) -> list[int]:
        return [((a[0] >> i) & 1) + 2 * ((a[1] >> i) & 1) for i in range(self.m)]

    def from_digits(self, ds) -> Fe3:
        lo = sum(1 << i for i, d in enumerate(ds) if d % 3 == 1)
        hi = sum(1 << i for i, d in enumerate(ds) if d % 3 == 2)
        return self.reduce((lo, hi))

    def to_bytes(self, a: Fe3) -> bytes:
        return self.to_int(a).to_bytes(self.nbytes, "big")

    def from_bytes(self, data: bytes) -> Fe3:
        if len(data) != self.nbytes:
            raise EncodingError(f"a GF(3^{self.m}) element is {self.nbytes} bytes, got {len(data)}")
        return self.from_int(int.from_bytes(data, "big"))

    def random(self, rng) -> Fe3:
        return self.from_int(rng.randrange(3**self.m))

    # -- arithmetic -----------------------------------------------------------------------------
    def add(self, a, b):
        return _add(a, b)

    def sub(self, a, b):
        return _sub(a, b)

    def neg(self, a):
        return (a[1], a[0])

    def is_zero(self, a) -> bool:
        return a[0] == 0 and a[1] == 0

    def reduce(self, a):
        """Fold digits >= m with x^m = 1 - x^h (each pass lowers the degree by m - h)."""
        m, h = self.m, self.h
        while (a[0] | a[1]) >> m:
            top = (a[0] >> m, a[1] >> m)
            a = (a[0] & self.mask, a[1] & self.mask)
            a = _sub(_add(a, top), _shl(top, h))
        return a

    def mul(self, a, b):
        """Schoolbook: sum over the digits of b of +-(a << i), then reduce (seed 001 Table 1's
        digit-serial multiplier with D = 1 computes the same sum)."""
        acc = (0, 0)
        neg_a = (a[1], a[0])
        bl, bh = b
        i = 0
        while bl >> i or bh >> i:
            if (bl >> i) & 1:
                acc = _add(acc, _shl(a, i))
            elif (bh >> i) & 1:
                acc = _add(acc, _shl(neg_a, i))
            i += 1
        return self.reduce(acc)

    def sqr(self, a):
        return self.mul(a, a)

    def mul_digit(self, a, d: int):
        d %= 3
        return a if d == 1 else (a[1], a[0]) if d == 2 else (0, 0)

    @staticmethod
    def _spread3(v: int) -> int:
        out, i = 0, 0
        while v:
            if v & 1:
                out |= 1 << (3 * i)
            v >>= 1
            i += 1
        return out

    @staticmethod
    def _thin3(v: int, start: int) -> int:
        v >>= start
        out, i = 0, 0
        while v:
            if v & 1:
                out |= 1 << i
            v >>= 3
            i += 1
        return out

    def cube(self, a):
        """a^3 = sum a_i x^{3i} (Frobenius: linear), then reduce."""
        return self.reduce((self._spread3(a[0]), self._spread3(a[1])))

    def cube_n(self, a, n: int):
        for _ in range(n):
            a = self.cube(a)
        return a

    def cbrt(self, a):
        """cbrt(a) = A0 + x^{1/3} A1 + x^{2/3} A2 with a = A0(x^3) + x A1(x^3) + x^2 A2(x^3)."""
        A = [(self._thin3(a[0], j), self._thin3(a[1], j)) for j in range(3)]
        x13, x23 = self._cbrt_consts
        return _add(_add(A[0], self.mul(x13, A[1])), self.mul(x23, A[2]))

    def cbrt_n(self, a, n: int):
        for _ in range(n):
            a = self.cbrt(a)
        return a

    @property
    def cbrt_consts(self) -> tuple[Fe3, Fe3]:
        """(x^{1/3}, x^{2/3}); their digit weight decides the hardware cube-root cost."""
        return self._cbrt_consts

    def inv(self, a):
        """Extended Euclid in F_3[x] on bit-planes (variable time; the spec is not constant-time)."""
        if self.is_zero(a):
            raise ZeroDivisionError("inverse of zero in GF(3^m)")

        deg, lead = _deg, _lead
        f = ((1 << self.m) | (1 << self.h), 1)  # x^m + x^h - 1: digit 2 (= -1) at 0
        u, v = a, f
        g1, g2 = (1, 0), (0, 0)  # invariants: g1 * a = u, g2 * a = v (mod f); gcd(u, v) = 1
        while True:
            du, dv = deg(u), deg(v)
            if du == 0:  # u = c, a^{-1} = g1 / c = g1 * c (c^2 = 1 in F_3)
                return self.reduce(self.mul_digit(g1, lead(u, 0)))
            if dv == 0:
                return self.reduce(self.mul_digit(g2, lead(v, 0)))
            if du < dv:
                u, v, g1, g2 = v, u, g2, g1
                continue
            c = lead(u, du) * lead(v, dv) % 3  # u_lead / v_lead
            u = _sub(u, _shl(self.mul_digit(v, c), du - dv))
            g1 = _sub(g1, _shl(self.mul_digit(g2, c), du - dv))

    def trace(self, a) -> int:
        """Absolute trace to F_3: sum of the m conjugates."""
        t, y = a, a
        for _ in range(self.m - 1):
            y = self.cube(y)
            t = _add(t, y)
        assert t[0] >> 1 == 0 and t[1] >> 1 == 0
        return 1 if t[0] else 2 if t[1] else 0

    def sqrt(self, a):
        """Square root (q = 3^m = 3 mod 4 for odd m): a^{(q+1)/4}, or None for non-squares."""
        e = (3**self.m + 1) // 4
        r, base = self.one, a
        while e:
            if e & 1:
                r = self.mul(r, base)
            base = self.sqr(base)
            e >>= 1
        return r if self.sqr(r) == a else None
