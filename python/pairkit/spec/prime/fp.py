"""GF(p) for a large prime p, on Python ints (the executable specification, not the fast path).

Elements are ints in [0, p). Everything is variable-time: this is a specification.
  inv(a, p)       a^(p-2) (Fermat), so 0 has no inverse (raises ZeroDivisionError);
  legendre(a, p)  a^((p-1)/2) in {0, 1, -1} (Euler's criterion);
  sqrt(a, p)      a^((p+1)/4) when p = 3 mod 4, else Tonelli-Shanks (Cohen, GTM 138, Alg. 1.5.1);
                  returns None for a non-square; the root returned is the one the formula gives
                  (callers that need a canonical root choose by sign, see sgn0).
  sgn0(a)         a mod 2 (RFC 9380 section 4.1, the "sign" of a GF(p) element).
"""

from __future__ import annotations


def inv(a: int, p: int) -> int:
    a %= p
    if a == 0:
        raise ZeroDivisionError("inverse of 0 in GF(p)")
    return pow(a, p - 2, p)


def legendre(a: int, p: int) -> int:
    """Euler's criterion: a^((p-1)/2) mod p as 0, 1 or -1."""
    s = pow(a % p, (p - 1) // 2, p)
    return -1 if s == p - 1 else s


def is_square(a: int, p: int) -> bool:
    return legendre(a, p) != -1


def sqrt(a: int, p: int) -> int | None:
    """A square root of a mod p, or None when a is not a square."""
    a %= p
    if a == 0:
        return 0
    if legendre(a, p) != 1:
        return None
    if p % 4 == 3:
        return pow(a, (p + 1) // 4, p)
    # Tonelli-Shanks: p - 1 = 2^s * t with t odd; z a non-square.
    s, t = 0, p - 1
    while t % 2 == 0:
        s, t = s + 1, t // 2
    z = 2
    while legendre(z, p) != -1:
        z += 1
    m, c, x, b = s, pow(z, t, p), pow(a, (t + 1) // 2, p), pow(a, t, p)
    while b != 1:
        i, b2 = 0, b
        while b2 != 1:
            b2, i = b2 * b2 % p, i + 1
        g = pow(c, 1 << (m - i - 1), p)
        m, c = i, g * g % p
        x, b = x * g % p, b * c % p
    return x


def sgn0(a: int) -> int:
    return a & 1
