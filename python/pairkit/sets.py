"""The parameter sets: one registry, one cached lookup, one typed set per family.

Every set is declared once, in ``gen/params/{ss2,ss3,prime}.toml``; ``make params`` derives the
numbers (PARI/GP) and writes the generated data this module reads: ``data/registry.json`` (what each
set is registered for: role, seeds, security, benchmark and GPU membership, peers, the papers'
figures and the goals), ``data/ss2.json`` and ``data/ss3.json`` (the small-characteristic numbers)
and ``data/prime.json`` (the large-characteristic numbers, each set's ``[set.numbers]``; the executable
specification, :mod:`pairkit.spec.prime.params`, reads the same file and its tests derive every number).
The same toml files generate the Rust registry (``crates/pairkit-core/src/params/``).

One vocabulary: a set's :class:`Family` is ``binary`` (supersingular curves over GF(2^m), seeds 000,
003, 004), ``char3`` (over GF(3^m), seed 001) or ``prime`` (large characteristic: typea-512, bn254,
bls12-381). ``kind`` is the registry's finer name of the same thing (``ss2``, ``ss3``, ``typea``,
``bn``, ``bls12``), the word JSON outputs and file names carry.

    get(set_id)           the typed set (BinarySet | Char3Set | PrimeSet); UnknownSetError otherwise
    small_characteristic(set_id, what)   a binary or char-3 set; NotSupportedError for a prime one
    all_sets()            every set, in registry order (binary, characteristic three, large characteristic)
    registration(set_id)  what the set is registered for (:class:`Registration`)
    label(set)            the honest one-word security label shown by the CLI and the docs
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Union

from pairkit.errors import NotSupportedError, UnknownSetError

Figure = tuple[str, str, float]  # (source, what, value)


class Family(str, enum.Enum):
    """The three families of parameter sets (the spec's packages: spec/binary, spec/char3, spec/prime)."""

    BINARY = "binary"
    CHAR3 = "char3"
    PRIME = "prime"

    @property
    def small_characteristic(self) -> bool:
        return self is not Family.PRIME


#: the registry's kind -> its family
KIND_FAMILY = {
    "ss2": Family.BINARY,
    "ss3": Family.CHAR3,
    "typea": Family.PRIME,
    "bn": Family.PRIME,
    "bls12": Family.PRIME,
}


@dataclass(frozen=True)
class Registration:
    """What a set is registered for (data/registry.json), beside its numbers."""

    id: str
    kind: str  # ss2 | ss3 | typea | bn | bls12
    role: str  # toy | paper | extra
    seeds: str
    security: str
    security_bits: int | None  # large characteristic only
    bench: bool  # one of `pairkit bench`'s default sets
    gpu: int | None  # the gpu engine has kernels for it (the number orders its list)
    peers: tuple[str, ...]  # the peer adapters timed beside it (`pairkit bench --peers`)
    no_peer: str | None  # why there is no peer (BENCHMARKS.md)
    papers_us: tuple[Figure, ...]  # published latencies per pairing, µs
    papers_cycles: tuple[Figure, ...]  # published clock cycles per pairing
    goal_us: float | None
    goal_mul_ns: float | None
    goal_speedup_2cores: float | None

    @property
    def family(self) -> Family:
        return KIND_FAMILY[self.kind]


@dataclass(frozen=True)
class BinarySet:
    """A binary set: E_b: y^2 + y = x^3 + x + b over GF(2^m) = F_2[x]/(f), embedding degree 4."""

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
    family = Family.BINARY
    kind = "ss2"

    @property
    def poly(self) -> str:
        return "x^%d + %s + 1" % (self.m, " + ".join("x^%d" % k if k > 1 else "x" for k in self.taps))

    @property
    def curve(self) -> str:
        return "y^2 + y = x^3 + x" + (" + 1" if self.b else "")

    @property
    def nbytes(self) -> int:
        return (self.m + 7) // 8

    @property
    def gt_coords(self) -> int:
        """Base-field coordinates of a GT element (F_{2^{4m}})."""
        return 4


@dataclass(frozen=True)
class Char3Set:
    """A characteristic-three set: E_b: y^2 = x^3 - x + b over F_3[x]/(x^m + x^h - 1), embedding degree 6."""

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
    family = Family.CHAR3
    kind = "ss3"

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

    @property
    def gt_coords(self) -> int:
        """Base-field coordinates of a GT element (F_{3^{6m}})."""
        return 6


@dataclass(frozen=True)
class PrimeSet:
    """A large-characteristic set: typea-512 (PBC Type A, seed 002), bn254, bls12-381.

    The numbers come from data/prime.json; role, seeds and security from the registration (both
    generated from gen/params/prime.toml)."""

    id: str
    kind: str  # "typea" | "bn" | "bls12"
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
    family = Family.PRIME

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
        return self.k if self.kind == "typea" else 12


#: a set of any family (tell them apart by ``family``)
AnySet = Union[BinarySet, Char3Set, PrimeSet]


def _figures(rows: list) -> tuple[Figure, ...]:
    return tuple((str(src), str(what), v) for src, what, v in rows)


@lru_cache(maxsize=None)
def data(name: str) -> dict:
    """The generated file ``python/pairkit/data/<name>`` (JSON), parsed once."""
    return json.loads(resources.files("pairkit").joinpath(f"data/{name}").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def registrations() -> tuple[Registration, ...]:
    """Every set's registration, in registry order (binary, characteristic three, large characteristic)."""
    return tuple(
        Registration(
            id=s["id"],
            kind=s["family"],
            role=s["role"],
            seeds=s["seeds"],
            security=s["security"],
            security_bits=s.get("security_bits"),
            bench=bool(s.get("bench", False)),
            gpu=s.get("gpu"),
            peers=tuple(s.get("peers", ())),
            no_peer=s.get("no_peer"),
            papers_us=_figures(s.get("papers_us", [])),
            papers_cycles=_figures(s.get("papers_cycles", [])),
            goal_us=s.get("goal_us"),
            goal_mul_ns=s.get("goal_mul_ns"),
            goal_speedup_2cores=s.get("goal_speedup_2cores"),
        )
        for s in data("registry.json")["sets"]
    )


def ids() -> list[str]:
    return [e.id for e in registrations()]


def registration(set_id: str) -> Registration:
    for e in registrations():
        if e.id == set_id:
            return e
    raise UnknownSetError(f"unknown parameter set {set_id!r}; known: {', '.join(ids())}")


def bench_sets() -> list[str]:
    """`pairkit bench`'s default sets, in registry order."""
    return [e.id for e in registrations() if e.bench]


def gpu_sets() -> tuple[str, ...]:
    """The sets the gpu engine has kernels for, in the order of their ``gpu`` numbers."""
    return tuple(e.id for e in sorted((e for e in registrations() if e.gpu is not None), key=lambda e: e.gpu or 0))


def peer_sets() -> dict[str, tuple[str, ...]]:
    """set id -> the peer adapters timed beside it."""
    return {e.id: e.peers for e in registrations() if e.peers}


def _prime_sets() -> list[PrimeSet]:
    out = []
    for n in data("prime.json")["sets"]:
        e = registration(n["id"])
        bits = e.security_bits if e.security_bits is not None else 0
        a = "" if n["a"] == 0 else (" + x" if n["a"] == 1 else f" + {n['a']}x")
        b = "" if n["b"] == 0 else f" + {n['b']}"
        twist = None
        if n.get("twist") is not None and n.get("xi") is not None:
            coeff = f"{n['b']}/xi" if n["twist"] == "D" else f"{n['b']} xi"
            twist = f"{n['twist']}-type sextic twist y^2 = x^3 + {coeff}, xi = {n['xi'][0]} + {n['xi'][1]}i"
        out.append(
            PrimeSet(
                id=n["id"],
                kind=n["family"],
                p=int(n["p"], 0),
                r=int(n["r"], 0),
                k=n["k"],
                cofactor=int(n["h1"], 0),
                cofactor2=int(n["h2"], 0) if "h2" in n else None,
                u=int(n["u"], 0) if "u" in n else None,
                secure=bits >= 100,
                security=e.security,
                security_bits=bits,
                role=e.role,
                seeds=e.seeds,
                curve=f"y^2 = x^3{a}{b}",
                twist=twist,
            )
        )
    return out


def derived_char3() -> list[dict]:
    """The characteristic-three sets as gen/derive_params3.py wrote them (its PARI/GP results, e.g. ``mu``)."""
    return list(data("ss3.json")["sets"])


def _small_common(s: dict) -> dict:
    """The fields a binary and a characteristic-three set share, from their derived JSON entry."""
    return dict(
        id=s["id"],
        order=int(s["order"], 16),
        r=int(s["r"], 16),
        cofactor=int(s["cofactor"], 16),
        gx=int(s["generator"]["x"], 16),
        gy=int(s["generator"]["y"], 16),
        secure=s["secure"],
        security=s["security"],
        role=s["role"],
        seeds=s["seeds"],
    )


@lru_cache(maxsize=1)
def all_sets() -> tuple[AnySet, ...]:
    """Every set, in registry order (binary, characteristic three, large characteristic)."""
    out: list[AnySet] = []
    for s in data("ss2.json")["sets"]:
        out.append(BinarySet(m=s["m"], taps=tuple(s["taps"]), b=s["b"], delta=s["delta"], **_small_common(s)))
    for s in data("ss3.json")["sets"]:
        out.append(Char3Set(m=s["m"], h=s["h"], b=s["b"], **_small_common(s)))
    out.extend(_prime_sets())
    return tuple(out)


@lru_cache(maxsize=1)
def _by_id() -> dict[str, AnySet]:
    return {s.id: s for s in all_sets()}


def get(set_id: str) -> AnySet:
    """The set ``set_id``, typed by its family; :class:`UnknownSetError` naming the known ones otherwise."""
    try:
        return _by_id()[set_id]
    except (KeyError, TypeError):
        raise UnknownSetError(f"unknown parameter set {set_id!r}; known: {', '.join(_by_id())}") from None


def small_characteristic(set_id: str, what: str) -> BinarySet | Char3Set:
    """The set ``set_id`` when it is a binary or characteristic-three set; :class:`NotSupportedError`
    saying that ``what`` (e.g. "the hardware cores") covers only those families otherwise."""
    p = get(set_id)
    if isinstance(p, PrimeSet):
        raise NotSupportedError(
            f"{set_id} is a large-characteristic set ({p.kind}); {what} cover only the binary (ss2-*) "
            "and characteristic-three (ss3-*) sets"
        )
    return p


def label(p: AnySet) -> str:
    """The honest one-word security label shown by the CLI and the docs."""
    if p.role == "toy":
        return "toy"
    if not p.secure:
        return "INSECURE"
    if getattr(p, "security_bits", 128) < 117:
        return f"reduced (~{p.security_bits}-bit)"  # type: ignore[union-attr]
    return "secure"


def notes() -> dict:
    """The binary catalogue's notes (data/ss2.json, gen/derive_params.py)."""
    return data("ss2.json")["notes"]
