"""Boneh-Franklin identity-based encryption per RFC 5091 (IBCS #1), on its type-1 curves, in pure
Python over big integers (pairkit's native engine has no such curve).

The curve is E: y^2 = x^3 + 1 over F_p with p = 11 mod 12, a supersingular curve with #E(F_p) = p + 1
and embedding degree 2; q is a Solinas prime (2^a + s 2^b + c) dividing p + 1. F_{p^2} = F_p[i]/(i^2 + 1)
(p = 3 mod 4), an element a + b i is the pair (a, b). The pairing is RFC 5091's modified Tate pairing
e'(A, B) = e(A, phi(B)) with the distortion map phi(x, y) = (zeta x, y), zeta = -1/2 - 3^((p+1)/4)/2 i
a primitive cube root of unity (see _zeta), e(A, B) = f_{q,A}(B)^((p^2 - 1)/q) (Miller's algorithm).

Algorithms of the RFC, by number: 3.2 point multiplication (here a Montgomery ladder of fixed length,
the same result), 3.5 Tate, 4.1.1 HashToRange (two hash iterations, as the RFC fixes), 4.2.1
HashBytes, 4.3.2 Canonical1, 4.4.2 HashToPoint1, 4.5.2 Pairing1, 5.1.2 BFsetup1 (Solinas prime q,
p = 12 r q - 1, P = [12 r] P'), 5.2.1 BFderivePubl, 5.3.1 BFextractPriv, 5.4.1 BFencrypt and 5.5.1
BFdecrypt -- the RFC's "BF" is FullIdent: the Fujisaki-Okamoto transform with the random rho, the
re-encryption check U == [l]P on decryption (failure: DecryptionError). ``basic_encrypt`` /
``basic_decrypt`` are Boneh-Franklin BasicIdent (IND-ID-CPA only, no integrity: a demonstration of the
scheme the FO transform hardens, not for use) with the same hashes.

Security: F_{p^2} of 2 |p| bits and the order q (a generic discrete logarithm in about sqrt(q) steps)
bound the security. The RFC's levels n = 1024 / 2048 / 3072 / 7680 / 15360 have |p| = n / 2 and
|q| = 160 / 224 / 256 / 384 / 512 (section 5.1.2); a set is at the smaller of the levels its |p| and its
|q| reach, and only n >= 3072 (about 128 bits) is accepted without ``allow_insecure=True``
(n = 2048 gives about 112 bits, n = 1024 about 80, and the RFC's own test sets, |p| of 130 and 192
bits, are toys). NOT CONSTANT-TIME: Python big-integer arithmetic, the ladder's point additions
(which branch on exceptional cases) and the hashing to scalars all take secret-dependent time.

Encodings (pairkit's own; the RFC's ASN.1 module is not implemented): a point is 0x04 || x || y, each
coordinate l = ceil(lg p / 8) bytes big-endian; a ciphertext is point(U) || V || W; the public
parameters are JSON (``Params.to_json``).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass

from pairkit import argcheck as A
from pairkit.errors import (
    DecryptionError,
    EncodingError,
    InsecureParameterError,
    InvalidArgumentError,
    NotInSubgroupError,
    NotOnCurveError,
    PointAtInfinityError,
)

#: the RFC's security levels n -> (bits of p, bits of q, hash function), section 5.1.2
LEVELS = {
    1024: (512, 160, "sha1"),
    2048: (1024, 224, "sha224"),
    3072: (1536, 256, "sha256"),
    7680: (3840, 384, "sha384"),
    15360: (7680, 512, "sha512"),
}


def _level_of(bits: int, which: int) -> int:
    """The largest RFC level n whose size of p (which = 0) or of q (which = 1) ``bits`` reaches, else 0."""
    return max([n for n, (bp, bq, _) in LEVELS.items() if bits >= (bq if which else bp)], default=0)


#: the smallest level accepted without allow_insecure (about 128 bits)
MIN_SECURE_LEVEL = 3072
HASHES = {
    "sha1": hashlib.sha1,
    "sha224": hashlib.sha224,
    "sha256": hashlib.sha256,
    "sha384": hashlib.sha384,
    "sha512": hashlib.sha512,
}
#: the largest p accepted from outside (the RFC's 15360 level has a 7680-bit p)
MAX_P_BITS = 7680

Point = "tuple[int, int] | None"  # affine (x, y) over F_p or F_{p^2}; None is the point at infinity


# ---- F_{p^2} = F_p[i] / (i^2 + 1) ---------------------------------------------------------------


def _f2mul(a, b, p):
    return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)


def _f2sqr(a, p):
    return ((a[0] + a[1]) * (a[0] - a[1]) % p, 2 * a[0] * a[1] % p)


def _f2inv(a, p):
    n = (a[0] * a[0] + a[1] * a[1]) % p
    if n == 0:
        raise ZeroDivisionError("inverse of zero in F_p^2")
    t = pow(n, -1, p)
    return (a[0] * t % p, -a[1] * t % p)


def _f2pow(a, e, p):
    r = (1, 0)
    for bit in bin(e)[2:]:
        r = _f2sqr(r, p)
        if bit == "1":
            r = _f2mul(r, a, p)
    return r


# ---- the curve y^2 = x^3 + 1 over F_p ----------------------------------------------------------


def _on_curve(P, p) -> bool:
    x, y = P
    return (y * y - x * x * x - 1) % p == 0


def _add(P, Q, p):
    """P + Q on E(F_p), affine (RFC 5091 algorithms 3.1.1 / 3.1.2)."""
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = 3 * x1 * x1 * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def _neg(P, p):
    return None if P is None else (P[0], -P[1] % p)


def point_mul(k: int, P, p: int, bits: int | None = None):
    """[k]P by a Montgomery ladder over ``bits`` bits (default: k's length; a secret scalar is walked
    over the fixed length of q, the ladder's sequence of additions and doublings does not depend on its
    bits -- the big-integer arithmetic does, see the module docstring)."""
    if k < 0:
        return point_mul(-k, _neg(P, p), p, bits)
    n = max(bits or 0, k.bit_length())
    r0, r1 = None, P
    for j in range(n - 1, -1, -1):
        b = (k >> j) & 1
        if b:
            r0, r1 = r1, r0
        r1 = _add(r0, r1, p)
        r0 = _add(r0, r0, p)
        if b:
            r0, r1 = r1, r0
    return r0


# ---- the pairing (RFC 5091 sections 3.5 and 4.5) -----------------------------------------------


def _zeta(p: int):
    """The primitive cube root of unity of Pairing1: -1/2 - (sqrt(3)/2) i with sqrt(3) = 3^((p+1)/4),
    i.e. (p - 1)/2 + ((p - 1)/2 * 3^((p+1)/4)) i. Of the two cube roots this is the one that reproduces
    the RFC's pairing test data (the other gives the conjugate pairing value)."""
    return ((p - 1) // 2, (p - 1) // 2 * pow(3, (p + 1) // 4, p) % p)


def tate(A_, B2, p: int, q: int):
    """The reduced Tate pairing f_{q,A}(B)^((p^2 - 1)/q) of A in E(F_p)[q] and B in E(F_{p^2}) (x and y
    as F_{p^2} pairs): Miller's double-and-add over the bits of q, numerator and denominator kept
    apart (one inversion), the final power as the Frobenius (conjugation) quotient then (p + 1)/q."""
    xb, yb = B2
    num, den = (1, 0), (1, 0)
    T = A_
    for bit in bin(q)[3:]:
        # doubling: tangent at T over the vertical at 2T
        num, den = _f2sqr(num, p), _f2sqr(den, p)
        x, y = T
        lam = 3 * x * x * pow(2 * y, -1, p) % p
        l_ = ((yb[0] - y - lam * (xb[0] - x)) % p, (yb[1] - lam * xb[1]) % p)
        T = _add(T, T, p)
        num = _f2mul(num, l_, p)
        if T is not None:
            den = _f2mul(den, ((xb[0] - T[0]) % p, xb[1]), p)
        if bit == "1":
            x, y = T
            if x == A_[0]:  # T = -A: the vertical line, and T + A = O
                num = _f2mul(num, ((xb[0] - x) % p, xb[1]), p)
                T = None
            else:
                lam = (A_[1] - y) * pow(A_[0] - x, -1, p) % p
                l_ = ((yb[0] - y - lam * (xb[0] - x)) % p, (yb[1] - lam * xb[1]) % p)
                T = _add(T, A_, p)
                num = _f2mul(num, l_, p)
                den = _f2mul(den, ((xb[0] - T[0]) % p, xb[1]), p)
    f = _f2mul(num, _f2inv(den, p), p)
    f = _f2mul((f[0], -f[1] % p), _f2inv(f, p), p)  # f^(p-1) = conj(f) / f
    return _f2pow(f, (p + 1) // q, p)


def pairing(A_, B, p: int, q: int):
    """RFC 5091 Pairing1: e'(A, B) = Tate(A, phi(B)), A and B of order q in E(F_p)."""
    z = _zeta(p)
    return tate(A_, (_f2mul(z, (B[0], 0), p), (B[1], 0)), p, q)


# ---- supporting algorithms (RFC 5091 section 4) -------------------------------------------------


def hash_to_range(s: bytes, n: int, hashfcn: str) -> int:
    """Algorithm 4.1.1 HashToRange: two chained hash blocks h_i = H(h_{i-1} || s), read big-endian, mod n."""
    H = HASHES[hashfcn]
    h = bytes(H().digest_size)
    v = 0
    for _ in range(2):
        h = H(h + s).digest()
        v = (v << (8 * len(h))) + int.from_bytes(h, "big")
    return v % n


def hash_bytes(b: int, data: bytes, hashfcn: str) -> bytes:
    """Algorithm 4.2.1 HashBytes: b pseudo-random octets from ``data``: k = H(data), h_i = H(h_{i-1}),
    r_i = H(h_i || k), the leftmost b octets of r_1 || r_2 || ..."""
    H = HASHES[hashfcn]
    k = H(data).digest()
    h = bytes(H().digest_size)
    out = bytearray()
    while len(out) < b:
        h = H(h).digest()
        out += H(h + k).digest()
    return bytes(out[:b])


def _plen(p: int) -> int:
    return (p.bit_length() + 7) // 8


def canonical(v, p: int, order: int = 0) -> bytes:
    """Algorithm 4.3.2 Canonical1: a + b i as a || b (order 0) or b || a (order 1), ceil(lg p / 8) bytes each."""
    n = _plen(p)
    a, b = v[0].to_bytes(n, "big"), v[1].to_bytes(n, "big")
    return a + b if order == 0 else b + a


def hash_to_point(ident: bytes, p: int, q: int, hashfcn: str):
    """Algorithm 4.4.2 HashToPoint1: y = HashToRange(id, p), x = (y^2 - 1)^((2p - 1)/3) (the cube root),
    Q = [(p + 1)/q](x, y)."""
    y = hash_to_range(ident, p, hashfcn)
    x = pow((y * y - 1) % p, (2 * p - 1) // 3, p)
    return point_mul((p + 1) // q, (x, y), p)


# ---- parameters (RFC 5091 section 5.1) ----------------------------------------------------------

_SMALL_PRIMES = [n for n in range(3, 2000, 2) if all(n % d for d in range(3, int(n**0.5) + 1, 2))]


def is_probable_prime(n: int, rounds: int = 40) -> bool:
    """Miller-Rabin with random bases (error below 4^-rounds), after trial division."""
    if n < 2:
        return False
    if n in (2, 3):
        return True
    if n % 2 == 0:
        return False
    for d in _SMALL_PRIMES:
        if n % d == 0:
            return n == d
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(rounds):
        a = 2 + secrets.randbelow(n - 3)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@dataclass(frozen=True)
class Params:
    """BF public parameters (version 2, type-1): p, q, the generator P and P_pub = [s]P, the hash."""

    p: int
    q: int
    P: tuple
    P_pub: tuple
    hashfcn: str
    version: int = 2

    @property
    def plen(self) -> int:
        return _plen(self.p)

    @property
    def level(self) -> int:
        """The RFC security level n that both |p| and |q| reach (0: below n = 1024): the smaller of the
        levels of the two, by the sizes of RFC 5091 section 5.1.2 (``LEVELS``). |p| bounds the DLP in
        F_{p^2}, |q| the generic (Pollard rho, baby-step giant-step) DLP in the order-q subgroup."""
        return min(_level_of(self.p.bit_length(), 0), _level_of(self.q.bit_length(), 1))

    def label(self) -> str:
        lvl, pb, qb = self.level, self.p.bit_length(), self.q.bit_length()
        if lvl >= MIN_SECURE_LEVEL:
            return "secure"
        if _level_of(qb, 1) < _level_of(pb, 0):  # q limits: a generic DLP in ~sqrt(q) steps
            weak = "INSECURE" if lvl < 2048 else "reduced"
            return f"{weak} (~{qb // 2}-bit: {qb}-bit q, a generic discrete logarithm in about 2^{qb // 2} steps)"
        if lvl == 2048:
            return "reduced (~112-bit: F_{p^2} of 2048 bits)"
        if lvl == 1024:
            return "INSECURE (at most 80 bits: F_{p^2} of 1024 bits)"
        return f"toy ({pb}-bit p: RFC 5091 test-data size)"

    def to_json(self) -> str:
        return json.dumps(
            {
                "scheme": "rfc5091-bf",
                "version": self.version,
                "hashfcn": self.hashfcn,
                "p": hex(self.p),
                "q": hex(self.q),
                "P": [hex(c) for c in self.P],
                "P_pub": [hex(c) for c in self.P_pub],
            }
        )

    @classmethod
    def from_json(cls, text) -> "Params":
        """Parse and validate public parameters: EncodingError for malformed JSON or numbers,
        InvalidArgumentError for a p, q or point that does not form type-1 parameters."""
        try:
            d = json.loads(text)
            if not isinstance(d, dict) or d.get("scheme") != "rfc5091-bf":
                raise EncodingError('not RFC 5091 BF parameters ("scheme": "rfc5091-bf" missing)')
            num = {k: int(d[k], 16) for k in ("p", "q")}
            pts = {k: tuple(int(c, 16) for c in d[k]) for k in ("P", "P_pub")}
            hf, ver = d["hashfcn"], d.get("version", 2)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:
            raise EncodingError(f"malformed RFC 5091 parameters: {type(e).__name__}: {e}"[:300]) from None
        if any(len(v) != 2 for v in pts.values()):
            raise EncodingError("a point of the parameters is a pair of coordinates")
        return validate(cls(num["p"], num["q"], pts["P"], pts["P_pub"], hf, ver))


def validate(prm: Params) -> Params:
    """Check that ``prm`` are type-1 parameters: p prime, p = 11 mod 12, q prime dividing p + 1,
    P and P_pub of order q on E; InvalidArgumentError (NotOnCurveError / NotInSubgroupError for the
    points) otherwise."""
    p, q = prm.p, prm.q
    if prm.hashfcn not in HASHES:
        raise InvalidArgumentError(f"unknown hash function {prm.hashfcn!r}; known: {', '.join(HASHES)}")
    if prm.version != 2:
        raise InvalidArgumentError(f"only version 2 (type-1 curves) is defined, got {prm.version!r}")
    if not (isinstance(p, int) and 12 < p.bit_length() <= MAX_P_BITS and p % 12 == 11 and is_probable_prime(p)):
        raise InvalidArgumentError(f"p must be a prime = 11 mod 12 of at most {MAX_P_BITS} bits")
    if not (3 < q and (p + 1) % q == 0 and is_probable_prime(q)):
        raise InvalidArgumentError("q must be a prime dividing p + 1")
    for name, P in (("P", prm.P), ("P_pub", prm.P_pub)):
        check_point(P, p, q, name)
    return prm


def check_point(P, p: int, q: int, what: str = "the point") -> None:
    if P is None:
        raise PointAtInfinityError(f"{what} is the point at infinity")
    x, y = P
    if not (0 <= x < p and 0 <= y < p):
        raise EncodingError(f"{what}: a coordinate is not reduced mod p")
    if not _on_curve(P, p):
        raise NotOnCurveError(f"{what} is not on y^2 = x^3 + 1")
    if point_mul(q, P, p) is not None:
        raise NotInSubgroupError(f"{what} does not have order q")


def refuse(prm: Params, allow_insecure: bool) -> None:
    if A.flag("allow_insecure", allow_insecure):
        return
    lab = prm.label()
    if lab != "secure":
        raise InsecureParameterError(
            f"RFC 5091 BF refuses these parameters: {lab}; the level n >= "
            f"{MIN_SECURE_LEVEL} is required (pass {InsecureParameterError.OVERRIDE} for tests)"
        )


def _solinas_prime(bits: int) -> int:
    """A random Solinas prime q = 2^a + s 2^b + c of ``bits`` bits (s, c in {-1, 1})."""
    while True:
        s, c = secrets.choice((-1, 1)), secrets.choice((-1, 1))
        a = bits if s == -1 else bits - 1
        b = 1 + secrets.randbelow(a - 2)
        q = (1 << a) + s * (1 << b) + c
        if q.bit_length() == bits and is_probable_prime(q):
            return q


def setup(n: int = MIN_SECURE_LEVEL, allow_insecure: bool = False):
    """Algorithm 5.1.2 BFsetup1: new parameters at level ``n`` and the master secret s in [2, q - 1].
    Levels below 3072 need allow_insecure=True. Returns (Params, s)."""
    n = A.integer("the security level n", n)
    if n not in LEVELS:
        raise InvalidArgumentError(f"n must be one of {', '.join(map(str, LEVELS))} (RFC 5091 5.1.2), got {n}")
    if n < MIN_SECURE_LEVEL and not A.flag("allow_insecure", allow_insecure):
        raise InsecureParameterError(
            f"RFC 5091 BF at n = {n} is below ~128 bits; n >= {MIN_SECURE_LEVEL} "
            f"is required (pass {InsecureParameterError.OVERRIDE} for tests)"
        )
    np_, nq, hf = LEVELS[n]
    q = _solinas_prime(nq)
    lo, hi = ((1 << (np_ - 1)) + 1) // (12 * q) + 1, ((1 << np_) + 1) // (12 * q)
    while True:
        r = lo + secrets.randbelow(hi - lo)
        p = 12 * r * q - 1
        if p.bit_length() == np_ and is_probable_prime(p):
            break
    while True:
        y = secrets.randbelow(p)
        x = pow((y * y - 1) % p, (2 * p - 1) // 3, p)
        P = point_mul(12 * r, (x, y), p)
        if P is not None:
            break
    s = 2 + secrets.randbelow(q - 2)
    return Params(p, q, P, point_mul(s, P, p, q.bit_length()), hf), s


# ---- BF (RFC 5091 section 5) --------------------------------------------------------------------


def _ident(ident) -> bytes:
    return A.data("the identity", ident)


def derive_public(prm: Params, ident) -> tuple:
    """Algorithm 5.2.1 BFderivePubl: Q_id = HashToPoint(id)."""
    return hash_to_point(_ident(ident), prm.p, prm.q, prm.hashfcn)


def extract(prm: Params, s: int, ident, allow_insecure: bool = False) -> tuple:
    """Algorithm 5.3.1 BFextractPriv: S_id = [s]Q_id (the ladder over the bits of q)."""
    refuse(prm, allow_insecure)
    s = A.integer("the master secret", s)
    if not 1 <= s < prm.q:
        raise InvalidArgumentError("the master secret must be in [1, q)")
    return point_mul(s, derive_public(prm, ident), prm.p, prm.q.bit_length())


def encode_point(P, p: int) -> bytes:
    n = _plen(p)
    return b"\x04" + P[0].to_bytes(n, "big") + P[1].to_bytes(n, "big")


def decode_point(data, prm: Params, what: str = "the point") -> tuple:
    """0x04 || x || y, canonical (coordinates < p), on E, of order q; typed errors otherwise."""
    data = A.data(what, data)
    n = prm.plen
    if len(data) != 1 + 2 * n or data[0] != 4:
        raise EncodingError(
            f"{what}: a point is 0x04 || x || y, {1 + 2 * n} bytes, got {len(data)} bytes"
            + ("" if not data or data[0] == 4 else f" with prefix {data[0]:#04x}")
        )
    P = (int.from_bytes(data[1 : 1 + n], "big"), int.from_bytes(data[1 + n :], "big"))
    check_point(P, prm.p, prm.q, what)
    return P


@dataclass(frozen=True)
class Ciphertext:
    U: tuple
    V: bytes
    W: bytes

    def to_bytes(self, prm: Params) -> bytes:
        return encode_point(self.U, prm.p) + self.V + self.W

    @classmethod
    def from_bytes(cls, data, prm: Params) -> "Ciphertext":
        data = A.data("the ciphertext", data)
        n, hl = 1 + 2 * prm.plen, HASHES[prm.hashfcn]().digest_size
        if len(data) < n + hl:
            raise EncodingError(f"a ciphertext is at least {n + hl} bytes (U, V), got {len(data)}")
        return cls(decode_point(data[:n], prm, "U"), data[n : n + hl], data[n + hl :])


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def encrypt(prm: Params, ident, m, rho: bytes | None = None, allow_insecure: bool = False) -> Ciphertext:
    """Algorithm 5.4.1 BFencrypt (FullIdent): rho random (``rho`` fixes it: test vectors only),
    l = HashToRange(rho || H(m), q), U = [l]P, V = H(Canonical(e'(P_pub, Q_id)^l)) xor rho,
    W = HashBytes(|m|, rho) xor m."""
    refuse(prm, allow_insecure)
    m = A.data("the message", m)
    H = HASHES[prm.hashfcn]
    hl = H().digest_size
    rho = secrets.token_bytes(hl) if rho is None else A.data("rho", rho)
    if len(rho) != hl:
        raise InvalidArgumentError(f"rho is {hl} bytes (the hash length)")
    Q = derive_public(prm, ident)
    l_ = hash_to_range(rho + H(m).digest(), prm.q, prm.hashfcn)
    U = point_mul(l_, prm.P, prm.p, prm.q.bit_length())
    theta = _f2pow(pairing(prm.P_pub, Q, prm.p, prm.q), l_, prm.p)
    V = _xor(H(canonical(theta, prm.p, 0)).digest(), rho)
    W = _xor(hash_bytes(len(m), rho, prm.hashfcn), m)
    return Ciphertext(U, V, W)


def decrypt(prm: Params, S_id, ct: Ciphertext, allow_insecure: bool = False) -> bytes:
    """Algorithm 5.5.1 BFdecrypt: rho = H(Canonical(e'(U, S_id))) xor V, m = HashBytes(|W|, rho) xor W,
    then the FO check U == [HashToRange(rho || H(m), q)]P; DecryptionError when it fails."""
    refuse(prm, allow_insecure)
    check_point(S_id, prm.p, prm.q, "the private key")
    check_point(ct.U, prm.p, prm.q, "U")
    H = HASHES[prm.hashfcn]
    if len(ct.V) != H().digest_size:
        raise EncodingError(f"V is {H().digest_size} bytes")
    theta = pairing(ct.U, S_id, prm.p, prm.q)
    rho = _xor(H(canonical(theta, prm.p, 0)).digest(), ct.V)
    m = _xor(hash_bytes(len(ct.W), rho, prm.hashfcn), ct.W)
    l_ = hash_to_range(rho + H(m).digest(), prm.q, prm.hashfcn)
    if point_mul(l_, prm.P, prm.p, prm.q.bit_length()) != ct.U:
        raise DecryptionError("the ciphertext does not decrypt under this private key (FO check failed)")
    return m


def basic_encrypt(prm: Params, ident, m, allow_insecure: bool = False) -> Ciphertext:
    """BasicIdent (Boneh-Franklin 2001, section 4.1) with RFC 5091's hashing: r random in [1, q),
    U = [r]P, W = HashBytes(|m|, Canonical(e'(P_pub, Q_id)^r)) xor m (V is empty). IND-ID-CPA only."""
    refuse(prm, allow_insecure)
    m = A.data("the message", m)
    r = 1 + secrets.randbelow(prm.q - 1)
    g = _f2pow(pairing(prm.P_pub, derive_public(prm, ident), prm.p, prm.q), r, prm.p)
    return Ciphertext(
        point_mul(r, prm.P, prm.p, prm.q.bit_length()),
        b"",
        _xor(hash_bytes(len(m), canonical(g, prm.p, 0), prm.hashfcn), m),
    )


def basic_decrypt(prm: Params, S_id, ct: Ciphertext, allow_insecure: bool = False) -> bytes:
    """BasicIdent decryption: m = W xor HashBytes(|W|, Canonical(e'(U, S_id))) (no integrity check)."""
    refuse(prm, allow_insecure)
    check_point(S_id, prm.p, prm.q, "the private key")
    check_point(ct.U, prm.p, prm.q, "U")
    g = pairing(ct.U, S_id, prm.p, prm.q)
    return _xor(hash_bytes(len(ct.W), canonical(g, prm.p, 0), prm.hashfcn), ct.W)
