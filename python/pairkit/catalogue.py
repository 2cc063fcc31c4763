"""The parameter catalogue: every set's numbers, in registry order.

The small-characteristic sets come from data/ss2.json and data/ss3.json (derived with PARI/GP by
gen/derive_params.py / derive_params3.py, which write the Rust catalogues from the same entries);
the large-characteristic ones from the executable specification (spec/params_prime.py). Every
set is declared in gen/params/{ss2,ss3,prime}.toml (`make params`); labels and roles of the prime
sets come from that registry (registry.py).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Union

from pairkit import registry
from pairkit.errors import UnknownSetError


@dataclass(frozen=True)
class ParamSet:
    id: str
    m: int
    taps: tuple[int, ...]
    b: int
    delta: int  # #E = 2^m + 1 + delta 2^((m+1)/2)
    order: int
    r: int
    cofactor: int
    gx: int
    gy: int
    secure: bool
    security: str
    role: str  # toy | paper | extra
    seeds: str
    family: str = "ss2"

    @property
    def poly(self) -> str:
        return "x^%d + %s + 1" % (self.m, " + ".join("x^%d" % k if k > 1 else "x" for k in self.taps))

    @property
    def curve(self) -> str:
        return "y^2 + y = x^3 + x" + (" + 1" if self.b else "")

    @property
    def nbytes(self) -> int:
        return (self.m + 7) // 8


@dataclass(frozen=True)
class ParamSet3:
    """A characteristic-three set: E_b: y^2 = x^3 - x + b over F_3[x]/(x^m + x^h - 1)."""
    id: str
    m: int
    h: int
    b: int  # +1 or -1
    order: int
    r: int
    cofactor: int
    gx: int  # integer form sum a_i 3^i
    gy: int
    secure: bool
    security: str
    role: str
    seeds: str
    family: str = "ss3"

    @property
    def taps(self) -> tuple[int, ...]:
        return (self.h,)

    @property
    def poly(self) -> str:
        return f"x^{self.m} + x^{self.h} - 1"

    @property
    def mu(self) -> int:
        """#E = 3^m + 1 + mu b 3^((m+1)/2): mu = +1 if m = 1, 11 mod 12, else -1."""
        return 1 if self.m % 12 in (1, 11) else -1

    @property
    def curve(self) -> str:
        return "y^2 = x^3 - x " + ("+ 1" if self.b == 1 else "- 1")

    @property
    def nbytes(self) -> int:
        return ((3**self.m - 1).bit_length() + 7) // 8


@dataclass(frozen=True)
class ParamSetPrime:
    """A large-characteristic set: typea-512 (PBC Type A, seed 002), bn254, bls12-381.

    The values come from the executable specification (``spec/params_prime.py``, which derives the
    BN/BLS primes from u and is re-checked with PARI/GP by gen/derive_params_prime.py); role, seeds
    and security from the registry entry (gen/params/prime.toml)."""
    id: str
    family: str  # "typea" | "bn" | "bls12"
    p: int
    r: int
    k: int
    cofactor: int  # #E(F_p) / r
    cofactor2: int | None  # #E'(F_{p^2}) / r (None: symmetric pairing, both arguments in G1)
    u: int | None
    secure: bool
    security: str
    security_bits: int
    role: str
    seeds: str
    curve: str
    twist: str | None

    @property
    def nbytes(self) -> int:
        """Bytes per base-field element (32, 48, 64)."""
        return (self.p.bit_length() + 7) // 8

    @property
    def poly(self) -> str:
        return f"p: {self.p.bit_length()}-bit prime"

    @property
    def asymmetric(self) -> bool:
        return self.cofactor2 is not None

    @property
    def gt_coords(self) -> int:
        """F_p coordinates of a GT element (2 for F_{q^2}, 12 for F_{p^12})."""
        return self.k if self.family == "typea" else 12


def _prime_sets() -> list[ParamSetPrime]:
    from pairkit.spec.prime.params import SETS

    out = []
    for S in SETS.values():
        e = registry.entry(S.id)
        bits = e.security_bits if e.security_bits is not None else 0
        a = "" if S.a == 0 else (" + x" if S.a == 1 else f" + {S.a}x")
        b = "" if S.b == 0 else f" + {S.b}"
        twist = None if S.twist is None or S.xi is None else (f"{S.twist}-type sextic twist y^2 = x^3 + "
                                              + (f"{S.b}/xi" if S.twist == "D" else f"{S.b} xi") +
                                              f", xi = {S.xi[0]} + {S.xi[1]}i")
        out.append(ParamSetPrime(
            id=S.id, family=S.family, p=S.p, r=S.r, k=S.k, cofactor=S.h1, cofactor2=S.h2, u=S.u,
            secure=bits >= 100, security=e.security, security_bits=bits, role=e.role, seeds=e.seeds,
            curve=f"y^2 = x^3{a}{b}", twist=twist))
    return out


def label(p) -> str:
    """The honest one-word security label shown by the CLI and the docs."""
    if p.role == "toy":
        return "toy"
    if not p.secure:
        return "INSECURE"
    if getattr(p, "security_bits", 128) < 117:
        return f"reduced (~{p.security_bits}-bit)"
    return "secure"


@lru_cache(maxsize=1)
def _raw3() -> dict:
    return json.loads(resources.files("pairkit").joinpath("data/ss3.json").read_text())


@lru_cache(maxsize=1)
def _raw() -> dict:
    return json.loads(resources.files("pairkit").joinpath("data/ss2.json").read_text())


# A set of any family (the callers tell them apart by ``family`` or isinstance).
AnySet = Union[ParamSet, ParamSet3, ParamSetPrime]


@lru_cache(maxsize=1)
def all_sets() -> tuple[AnySet, ...]:
    out: list[AnySet] = []
    for s in _raw()["sets"]:
        out.append(ParamSet(
            id=s["id"], m=s["m"], taps=tuple(s["taps"]), b=s["b"], delta=s["delta"],
            order=int(s["order"], 16), r=int(s["r"], 16), cofactor=int(s["cofactor"], 16),
            gx=int(s["generator"]["x"], 16), gy=int(s["generator"]["y"], 16),
            secure=s["secure"], security=s["security"], role=s["role"], seeds=s["seeds"]))
    for s in _raw3()["sets"]:
        out.append(ParamSet3(
            id=s["id"], m=s["m"], h=s["h"], b=s["b"], order=int(s["order"], 16), r=int(s["r"], 16),
            cofactor=int(s["cofactor"], 16), gx=int(s["generator"]["x"], 16),
            gy=int(s["generator"]["y"], 16), secure=s["secure"], security=s["security"],
            role=s["role"], seeds=s["seeds"]))
    out.extend(_prime_sets())
    return tuple(out)


def get(set_id: str) -> AnySet:
    for s in all_sets():
        if s.id == set_id:
            return s
    raise UnknownSetError(f"unknown parameter set {set_id!r}; known: {', '.join(s.id for s in all_sets())}")


def notes() -> dict:
    return _raw()["notes"]
