"""Parameters of the large-characteristic sets: ``typea-512``, ``bn254``, ``bls12-381``.

The numbers only, read from python/pairkit/data/prime.json, which `make params` (gen/emit_params.py)
writes from gen/params/prime.toml (each set's [set.numbers]; the same numbers go into the Rust core's
crates/pairkit-core/src/params/prime.rs); the set's registry entry (role, security label, benchmark
figures) is the same file's (python/pairkit/sets.py).

Every constant is derived from the family polynomials in u below or checked by
tests/test_spec_prime_params.py (p and r against the polynomials, primality, r | #E, the twist's
coefficient from xi, generators on the curve and of order r, ...) and independently by
gen/derive_params_prime.py (PARI/GP: ellcard of E and of the twist, embedding degrees).

BN (Barreto-Naehrig, "Pairing-friendly elliptic curves of prime order", SAC 2005, eprint 2005/133):
  p(u) = 36u^4 + 36u^3 + 24u^2 + 6u + 1,  r(u) = 36u^4 + 36u^3 + 18u^2 + 6u + 1,  t = 6u^2 + 1.
  bn254 ("alt_bn128" of Ethereum, EIP-196/197): u = 4965661367192848881, E: y^2 = x^3 + 3,
  xi = 9 + i, D-type twist E': y^2 = x^3 + 3/xi; G1 = (1, 2); G2 from EIP-197.
BLS12 (Barreto-Lynn-Scott 2002; the BLS12-381 choice of Bowe, https://electriccoin.co/blog/new-snark-curve/):
  p(u) = (u - 1)^2 (u^4 - u^2 + 1)/3 + u,  r(u) = u^4 - u^2 + 1,  t = u + 1.
  bls12-381: u = -0xd201000000010000, E: y^2 = x^3 + 4, xi = 1 + i, M-type twist E': y^2 = x^3 + 4 xi;
  h1 = (u - 1)^2/3, h2 = (u^8 - 4u^7 + 5u^6 - 4u^4 + 6u^3 - 4u^2 - 4u + 13)/9
  (Budroni-Pintore, eprint 2017/419 section 3; RFC 9380 section 8.8.2); generators of the ZCash spec
  (draft-irtf-cfrg-pairing-friendly-curves-11 section 4.2.1).
Type A (PBC, Lynn's thesis section 2.x; pbc/param/a.param): E: y^2 = x^3 + x over F_q, q = 3 mod 4,
  supersingular, #E(F_q) = q + 1 = h r, embedding degree 2, G1 = G2 = E(F_q)[r]; r = 2^159 + 2^107 + 1.
  PBC draws its generators at random; pairkit's is derived deterministically (``typea_generator``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pairkit import sets
from pairkit.spec.prime.curve import Curve, Groups


@dataclass(frozen=True)
class PrimeSet:
    id: str
    family: str  # "bn", "bls12", "typea"
    p: int  # base-field prime (q for typea)
    r: int  # prime order of G1, G2, GT
    k: int  # embedding degree
    a: int  # E: y^2 = x^3 + a x + b over F_p
    b: int
    g1: tuple[int, int]
    h1: int  # #E(F_p) = h1 r
    u: int | None = None  # the family parameter (x of the BLS literature)
    xi: tuple[int, int] | None = None  # F_{p^6} = F_{p^2}[v]/(v^3 - xi)
    twist: str | None = None  # "D" (E': y^2 = x^3 + b/xi) or "M" (E': y^2 = x^3 + b xi)
    b2: tuple[int, int] | None = None  # twist coefficient in F_{p^2}
    g2: tuple[tuple[int, int], tuple[int, int]] | None = None
    h2: int | None = None  # #E'(F_{p^2}) = h2 r


def bn_p(u: int) -> int:
    return 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1


def bn_r(u: int) -> int:
    return 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1


def bls12_p(u: int) -> int:
    return (u - 1) ** 2 * (u**4 - u**2 + 1) // 3 + u


def bls12_r(u: int) -> int:
    return u**4 - u**2 + 1


def fp2_div(a: tuple[int, int], b: tuple[int, int], p: int) -> tuple[int, int]:
    """(a0 + a1 i)/(b0 + b1 i) in F_p[i]/(i^2 + 1)."""
    n = pow(b[0] * b[0] + b[1] * b[1], p - 2, p)
    c0, c1 = b[0] * n % p, -b[1] * n % p
    return ((a[0] * c0 - a[1] * c1) % p, (a[0] * c1 + a[1] * c0) % p)


def _int(v: str) -> int:
    return int(v, 0)


def _load() -> dict[str, PrimeSet]:
    """The sets of data/prime.json, in registry order."""
    doc = sets.data("prime.json")
    out = {}
    for e in doc["sets"]:
        ate = {}
        if "u" in e:
            (x0, x1), (y0, y1) = e["g2"]
            ate = {
                "u": _int(e["u"]),
                "xi": (e["xi"][0], e["xi"][1]),
                "twist": e["twist"],
                "b2": (_int(e["b2"][0]), _int(e["b2"][1])),
                "g2": ((_int(x0), _int(x1)), (_int(y0), _int(y1))),
                "h2": _int(e["h2"]),
            }
        out[e["id"]] = PrimeSet(
            id=e["id"],
            family=e["family"],
            p=_int(e["p"]),
            r=_int(e["r"]),
            k=e["k"],
            a=e["a"],
            b=e["b"],
            g1=(_int(e["g1"][0]), _int(e["g1"][1])),
            h1=_int(e["h1"]),
            **ate,
        )
    return out


_SETS = _load()

# -- bn254: u = 4965661367192848881 (EIP-196), p = bn_p(u), r = bn_r(u); xi = 9 + i, D-type twist,
# b' = 3/xi; G1 = (1, 2); G2 from EIP-197 (x = x0 + x1 i, y = y0 + y1 i; EIP-197 lists the imaginary part
# first); #E = r (h1 = 1), #E'(F_{p^2}) = r (2p - r)
BN254 = _SETS["bn254"]
# -- bls12-381: u = -0xd201000000010000, p = bls12_p(u), r = bls12_r(u); xi = 1 + i, M-type twist,
# b' = 4 (1 + i); h1 = (u - 1)^2/3, h2 = (u^8 - 4u^7 + 5u^6 - 4u^4 + 6u^3 - 4u^2 - 4u + 13)/9
# (Budroni-Pintore, eprint 2017/419 section 3); generators of the ZCash spec
BLS12_381 = _SETS["bls12-381"]
# -- typea-512: PBC's a.param verbatim (q, h, r = 2^159 + 2^107 + 1); the generator is
# typea_generator()'s: h * (x0, y0), x0 the least x >= 1 with x^3 + x a square, y0 the root with
# sgn0(y0) = 0 -- pasted, re-derived by a test
TYPEA_512 = _SETS["typea-512"]

SETS = {s.id: s for s in (TYPEA_512, BN254, BLS12_381)}


# -- the objects built from the numbers ------------------------------------------------------
@lru_cache(maxsize=None)
def tower(set_id: str):
    """The field tower of a set (F_{q^2} only for typea)."""
    from pairkit.spec.prime.tower import Tower

    S = SETS[set_id]
    return Tower(S.p, S.xi)


@lru_cache(maxsize=None)
def groups(set_id: str):
    """G1, G2 (curves, generators, endomorphisms, subgroup checks) of a set."""
    return Groups(SETS[set_id], tower(set_id))


def typea_generator() -> tuple[int, int]:
    """pairkit's typea-512 generator: [h](x0, y0) with x0 the least x >= 1 such that x^3 + x is a
    non-zero square mod q, and y0 its square root with sgn0(y0) = 0 (even)."""
    from pairkit.spec.prime.tower import Tower

    S = TYPEA_512
    T = Tower(S.p)
    E = Curve(T.fp(1), T.fp(0), T.fp(0), T.fp(1))
    x = 1
    while True:
        P = E.lift_x(T.fp(x), sign=0)
        if P is not None and not P[1].is_zero():
            G = E.mul(S.h1, P)
            if G is not None:
                return (G[0].a, G[1].a)
        x += 1
