"""Field parameters of the generated units: GF(2^m) by a trinomial or pentanomial, GF(3^m) by
x^m + x^h - 1 (seed 001 section 4). Parsing, validation (odd m, irreducibility) and the spec models.

A field is given as a catalogue id (``ss2-283``, ``ss3-97``) or as its polynomial
(``x^283+x^12+x^7+x^5+1``, ``x^97+x^16-1``). The golden models are :class:`pairkit.spec.binary.gf2m.GF2m`
and :class:`pairkit.spec.char3.gf3m.GF3m`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pairkit import sets
from pairkit.errors import UnknownSetError
from pairkit.hw.errors import HwLimitError, HwParamError
from pairkit.sets import Family
from pairkit.spec.binary.gf2m import GF2m
from pairkit.spec.char3.gf3m import GF3m

_TERM = re.compile(r"^x(?:\^(\d+))?$")
#: the largest field degree m of a unit (docs/HW.md "Limits"; the catalogue's largest is 1223)
MAX_FIELD_DEGREE = 2048


def _primes_dividing(n: int) -> list[int]:
    ps, p = [], 2
    while p * p <= n:
        if n % p == 0:
            ps.append(p)
            while n % p == 0:
                n //= p
        p += 1
    if n > 1:
        ps.append(n)
    return ps


def _pmod2(a: int, f: int) -> int:
    df = f.bit_length() - 1
    while a and a.bit_length() - 1 >= df:
        a ^= f << (a.bit_length() - 1 - df)
    return a


def _gcd2(a: int, b: int) -> int:
    while b:
        a, b = b, _pmod2(a, b)
    return a


@lru_cache(maxsize=None)
def gf2_irreducible(m: int, taps: tuple[int, ...]) -> bool:
    """Rabin's test over F_2: x^(2^m) = x mod f and gcd(x^(2^(m/p)) - x, f) = 1 for primes p | m."""
    F = GF2m.__new__(GF2m)
    object.__setattr__(F, "m", m)
    object.__setattr__(F, "taps", taps)
    f = F.poly
    pows = {}
    x, k = 2, 0
    need = sorted({m // p for p in _primes_dividing(m)} | {m})
    for target in need:
        while k < target:
            x = F.sqr(x)
            k += 1
        pows[target] = x
    if pows[m] != 2:
        return False
    return all(_gcd2(f, pows[m // p] ^ 2) == 1 for p in _primes_dividing(m))


@dataclass(frozen=True)
class BinField:
    """GF(2^m) = F_2[x]/(x^m + sum_{k in taps} x^k + 1), m odd, 1 or 3 taps, irreducible."""

    m: int
    taps: tuple[int, ...]
    name: str = ""

    @property
    def p(self) -> int:
        return 2

    @property
    def spec(self) -> GF2m:
        return _gf2(self.m, self.taps)

    @property
    def poly(self) -> int:
        return self.spec.poly

    @property
    def poly_str(self) -> str:
        return "x^%d+%s+1" % (self.m, "+".join("x^%d" % k if k > 1 else "x" for k in self.taps))

    @property
    def label(self) -> str:
        return self.name or self.poly_str

    @property
    def width(self) -> int:
        """Bits of one element on a port."""
        return self.m

    def random(self, rng) -> int:
        return rng.getrandbits(self.m)


@dataclass(frozen=True)
class TerField:
    """GF(3^m) = F_3[x]/(x^m + x^h - 1) on two bit-planes (lo: digit 1, hi: digit 2)."""

    m: int
    h: int
    name: str = ""

    @property
    def p(self) -> int:
        return 3

    @property
    def spec(self) -> GF3m:
        return gf3_spec(self.m, self.h)

    @property
    def poly_str(self) -> str:
        return "x^%d+%s-1" % (self.m, "x^%d" % self.h if self.h > 1 else "x")

    @property
    def label(self) -> str:
        return self.name or self.poly_str

    @property
    def width(self) -> int:
        """Bits of one element on a port: Cat(lo, hi), 2m bits."""
        return 2 * self.m

    def random(self, rng):
        return self.spec.random(rng)


@lru_cache(maxsize=None)
def _gf2(m, taps):
    return GF2m(m, taps)


@lru_cache(maxsize=None)
def gf3_spec(m, h):
    """The spec's GF(3^m) of x^m + x^h - 1, one instance per (m, h)."""
    return GF3m(m, h)


def _parse_poly(s: str, param: str):
    """'x^283+x^12+x^7+x^5+1' -> (283, [12, 7, 5], +1); 'x^97+x^16-1' -> (97, [16], -1)."""
    t = s.replace(" ", "").lower()
    m = re.fullmatch(r"(.*?)([+-])1", t)
    if not m:
        raise HwParamError(param, f"cannot parse polynomial {s!r}: expected x^m + ... + 1 or x^m + x^h - 1")
    body, sign = m.group(1), m.group(2)
    exps = []
    for term in body.split("+"):
        mt = _TERM.match(term)
        if not mt:
            raise HwParamError(param, f"cannot parse term {term!r} of {s!r}")
        e = mt.group(1) or "1"
        if len(e) > 5 or int(e) > MAX_FIELD_DEGREE:
            raise HwLimitError(
                param,
                f"degree {e if len(e) <= 12 else e[:12] + '...'} of {s[:40]!r} exceeds the limit of {MAX_FIELD_DEGREE}",
            )
        exps.append(int(e))
    if len(set(exps)) != len(exps) or exps != sorted(exps, reverse=True):
        raise HwParamError(param, f"terms of {s!r} must be distinct, highest degree first")
    return exps[0], exps[1:], (1 if sign == "+" else -1)


#: how a set of each family is named in a refusal
_FAMILY_WORDS = {
    Family.BINARY: "a binary set",
    Family.CHAR3: "a characteristic-three set",
    Family.PRIME: "a prime-field set",
}


def _catalogue(s: str, param: str, family: Family, works_over: str):
    """The registered parameter set ``s`` of ``family`` (binary | char3), or HwParamError naming ``param``
    and what ``s`` is (a binary, characteristic-three or prime-field set)."""
    try:
        ps = sets.get(s)
    except UnknownSetError:
        raise HwParamError(param, f"unknown parameter set or polynomial {s!r}") from None
    if ps.family != family:
        raise HwParamError(param, f"{s} is {_FAMILY_WORDS[ps.family]}; this unit works over {works_over}")
    return ps


def binary_field(spec: str | BinField, param: str = "field") -> BinField:
    """Resolve a binary field parameter: a catalogue id or a trinomial/pentanomial; validated."""
    if isinstance(spec, BinField):
        return spec
    s = str(spec).strip()
    name = ""
    if not s.startswith("x"):
        ps = _catalogue(s, param, Family.BINARY, "GF(2^m)")
        m, taps, name = ps.m, tuple(ps.taps), s
    else:
        m, taps, sign = _parse_poly(s, param)
        if sign != 1:
            raise HwParamError(param, f"{s!r}: a binary polynomial ends in +1")
        taps = tuple(taps)
    if m % 2 == 0:
        raise HwParamError(param, f"m = {m} is even; the supersingular towers need odd m")
    if m < 3:
        raise HwParamError(param, f"m = {m} is too small (need m >= 3)")
    if len(taps) not in (1, 3):
        raise HwParamError(
            param, f"unsupported polynomial with {len(taps) + 2} terms: need a trinomial or a pentanomial"
        )
    if not gf2_irreducible(m, taps):
        poly = BinField(m, taps).poly_str
        raise HwParamError(param, f"{poly} is reducible over F_2")
    return BinField(m, taps, name)


def ternary_field(spec: str | TerField, param: str = "field") -> TerField:
    """Resolve a ternary field parameter: a catalogue id or x^m + x^h - 1; validated."""
    if isinstance(spec, TerField):
        return spec
    s = str(spec).strip()
    name = ""
    if not s.startswith("x"):
        ps = _catalogue(s, param, Family.CHAR3, "GF(3^m)")
        m, h, name = ps.m, ps.h, s
    else:
        m, taps, sign = _parse_poly(s, param)
        if sign != -1 or len(taps) != 1:
            raise HwParamError(param, f"unsupported polynomial {s!r}: GF(3^m) units take a trinomial x^m + x^h - 1")
        h = taps[0]
    if not 0 < h < m:
        raise HwParamError(param, f"need 0 < h < m, got m = {m}, h = {h}")
    try:
        gf3_spec(m, h)
    except ValueError as e:
        raise HwParamError(param, str(e)) from None
    return TerField(m, h, name)


def small_ternary_h(m: int, cbrt_friendly: bool = False) -> int:
    """The smallest h with x^m + x^h - 1 irreducible (and, if asked, m = h mod 3, seed 001 cube root)."""
    for h in range(1, m):
        if cbrt_friendly and (m - h) % 3:
            continue
        try:
            gf3_spec(m, h)
            return h
        except ValueError:
            continue
    raise HwParamError("m", f"no irreducible x^{m} + x^h - 1")
