"""Parameters of the large-characteristic sets: ``typea-512``, ``bn254``, ``bls12-381``.

The numbers only: each set's registry entry (role, security label, benchmark figures) is in
gen/params/prime.toml (python/pairkit/sets.py).

Every constant is either computed here from the family polynomials in u, or pasted and then
asserted by tests/test_spec_prime_params.py (primality, r | #E, generators on the curve and of
order r, ...) and independently by gen/derive_params_prime.py (PARI/GP: ellcard of E and of
the twist, embedding degrees).

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
from pairkit.spec.prime.curve import Groups
from pairkit.spec.prime.curve import Curve


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


# -- bn254 ----------------------------------------------------------------------------------
_U_BN = 4965661367192848881
_P_BN = bn_p(_U_BN)
_R_BN = bn_r(_U_BN)
BN254 = PrimeSet(
    id="bn254",
    family="bn",
    p=_P_BN,
    r=_R_BN,
    k=12,
    a=0,
    b=3,
    g1=(1, 2),
    h1=1,  # BN curves have prime order: #E = p + 1 - t = r
    u=_U_BN,
    xi=(9, 1),
    twist="D",
    b2=fp2_div((3, 0), (9, 1), _P_BN),
    # EIP-197: x = x0 + x1 i, y = y0 + y1 i (EIP-197 lists the imaginary part first)
    g2=(
        (
            10857046999023057135944570762232829481370756359578518086990519993285655852781,
            11559732032986387107991004021392285783925812861821192530917403151452391805634,
        ),
        (
            8495653923123431417604973247489272438418190587263600148770280649306958101930,
            4082367875863433681332203403145435568316851327593401208105741076214120093531,
        ),
    ),
    h2=2 * _P_BN - _R_BN,  # #E'(F_{p^2}) = r (2p - r) for the BN sextic twist
)

# -- bls12-381 ------------------------------------------------------------------------------
_U_BLS = -0xD201000000010000
_P_BLS = bls12_p(_U_BLS)
BLS12_381 = PrimeSet(
    id="bls12-381",
    family="bls12",
    p=_P_BLS,
    r=bls12_r(_U_BLS),
    k=12,
    a=0,
    b=4,
    g1=(
        0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB,
        0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1,
    ),
    h1=(_U_BLS - 1) ** 2 // 3,
    u=_U_BLS,
    xi=(1, 1),
    twist="M",
    b2=(4, 4),  # 4 (1 + i)
    g2=(
        (
            0x024AA2B2F08F0A91260805272DC51051C6E47AD4FA403B02B4510B647AE3D1770BAC0326A805BBEFD48056C8C121BDB8,
            0x13E02B6052719F607DACD3A088274F65596BD0D09920B61AB5DA61BBDC7F5049334CF11213945D57E5AC7D055D042B7E,
        ),
        (
            0x0CE5D527727D6E118CC9CDC6DA2E351AADFD9BAA8CBDD3A76D429A695160D12C923AC9CC3BACA289E193548608B82801,
            0x0606C4A02EA734CC32ACD2B02BC28B99CB3E287E85A763AF267492AB572E99AB3F370D275CEC1DA1AAA9075FF05F79BE,
        ),
    ),
    h2=(_U_BLS**8 - 4 * _U_BLS**7 + 5 * _U_BLS**6 - 4 * _U_BLS**4 + 6 * _U_BLS**3
        - 4 * _U_BLS**2 - 4 * _U_BLS + 13) // 9,
)

# -- typea-512 (PBC's a.param, verbatim) ----------------------------------------------------
_Q_A = int(
    "87807107996633125224377819847540498158068831994142082110286533992664756308802229570786251794"
    "22662221423155858769582317459277713367317481324925129998224791"
)
_H_A = int(
    "12016012264891146079388821366740534204802954401251311822919615131047207289359704531102844802"
    "183906537786776"
)
_R_A = 730750818665451621361119245571504901405976559617  # 2^159 + 2^107 + 1
TYPEA_512 = PrimeSet(
    id="typea-512",
    family="typea",
    p=_Q_A,
    r=_R_A,
    k=2,
    a=1,
    b=0,
    # typea_generator(): h * (x0, y0), x0 the least x >= 1 with x^3 + x a square, y0 the root with
    # sgn0(y0) = 0 -- pasted, re-derived by a test
    g1=(
        0x4CFD27578626C761D854778DFCBEED90736898A0920EEE191D619128721F02099697110E1E350C1029D862B9CF35831376CB0FA404823E30B64F8F4D74D37F31,
        0x1916626C3EF074B93384AF70A68DAA51D3614A6D5CD1F8F16352B706E6137809D386583E24AA3E87FC8B5A00A033C7CBAC3F56D7627018D9F8BFA3B08E4CAAD4,
    ),
    h1=_H_A,
)

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
