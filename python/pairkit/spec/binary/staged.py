"""The specification's staged pairing API over catalogue sets.

``SpecPairing(set_id)`` gives ``miller_loop``, ``final_exponentiation``, ``pair`` and
``to_canonical`` for each algorithm. The relations to the canonical reduced Tate pairing
tau_r(P, psi(Q)) were derived with the PARI/GP oracle by discrete logarithms on toy sets of
every class (m mod 8, b) and are checked against PARI on the large sets by the tests:

=============  =====================================================================
tate-alg1      canonical (seed 000 Alg. 1 with the section 5.2 final exponentiation)
tate-alg9/10   canonical^-1 if b = 0, canonical if b = 1 (seed 004 Alg. 9/10; b never
               enters its loop, so the b = 0 output is the inverse = the 2^{2m} conjugate)
eta-alg2       canonical (seed 000 Alg. 2 with line 11 and the exponent M|T| of Eq. 8)
eta-t          canonical^{2^m} if m = 3 mod 4, canonical if m = 1 mod 4; b = 0 only
               (seed 003 Alg. 1/2; for b = 1 the loop as printed is not bilinear)
=============  =====================================================================
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairkit import catalogue
from pairkit.errors import UnknownAlgorithmError
from pairkit.spec.binary import pairing as pb
from pairkit.spec.binary.tower import f4_frob, f4_frob2
from pairkit.spec.binary.gf2m import GF2m
from pairkit.spec.binary.curve import Curve, check_subgroup

ALGORITHMS = ("tate-alg1", "tate-alg9", "tate-alg10", "eta-alg2", "eta-t")


@dataclass
class SpecPairing:
    """The binary-family spec; ``SpecPairing("ss3-...")`` returns a :class:`SpecPairing3`."""

    set_id: str

    def __new__(cls, set_id: str):
        if cls is SpecPairing and catalogue.get(set_id).family == "ss3":
            from pairkit.spec.char3.staged import SpecPairing3

            return SpecPairing3(set_id)
        return super().__new__(cls)

    @cached_property
    def params(self):
        return catalogue.get(self.set_id)

    @cached_property
    def F(self) -> GF2m:
        return GF2m(self.params.m, self.params.taps)

    @cached_property
    def curve(self) -> Curve:
        return Curve(self.F, self.params.b)

    @property
    def generator(self):
        return (self.params.gx, self.params.gy)

    def algorithms(self) -> list[str]:
        return [a for a in ALGORITHMS if a != "eta-t" or self.params.b == 0]

    def check_alg(self, alg: str) -> None:
        """UnknownAlgorithmError unless ``alg`` is one of this set's algorithms."""
        if alg not in ALGORITHMS:
            raise UnknownAlgorithmError(f"unknown algorithm {alg!r}; known: {', '.join(ALGORITHMS)}")
        if alg not in self.algorithms():
            raise UnknownAlgorithmError(f"{alg} is defined for b = 0 curves only; {self.set_id} has b = 1")

    # -- staged API ------------------------------------------------------------------------
    def miller_loop(self, alg: str, P, Q, states=None, F=None):
        self.check_alg(alg)
        F = F or self.F
        b = self.params.b
        if alg == "tate-alg1":
            return pb.tate_alg1_miller(F, b, P, Q, states)
        if alg in ("tate-alg9", "tate-alg10"):
            return pb.alg9_miller(F, b, P, Q, states, precomputed=alg == "tate-alg10")
        if alg == "eta-alg2":
            return pb.eta_alg2_miller(F, b, P, Q, states)
        return pb.eta_t_miller(F, b, P, Q, states)

    def final_exponentiation(self, alg: str, f, F=None):
        self.check_alg(alg)
        F = F or self.F
        if alg == "tate-alg1":
            return pb.final_exp_2m(F, f)
        if alg in ("tate-alg9", "tate-alg10"):
            return pb.final_exp_2m_alg9(F, f)
        if alg == "eta-alg2":
            return pb.final_exp_mt(F, f, self.params.delta)
        return pb.final_exp_alg2(F, f, self.params.delta)

    def pair(self, alg: str, P, Q, states=None):
        return self.final_exponentiation(alg, self.miller_loop(alg, P, Q, states))

    def to_canonical(self, alg: str, value):
        """Map an algorithm's output to tau_r(P, psi(Q)) (the relations in the module docstring)."""
        F = self.F
        if alg in ("tate-alg9", "tate-alg10") and self.params.b == 0:
            return f4_frob2(F, value)  # inverse of a unitary element
        if alg == "eta-t" and self.params.m % 4 == 3:
            return f4_frob(F, f4_frob(F, f4_frob(F, value)))  # Frobenius^{-1} = Frobenius^3
        return value

    def canonical(self, P, Q, alg: str = "eta-alg2"):
        return self.to_canonical(alg, self.pair(alg, P, Q))

    # -- points and encodings --------------------------------------------------------------
    def check_point(self, P) -> None:
        check_subgroup(self.curve, P, self.params.r)

    def decode_point(self, data: bytes):
        P = self.curve.decode(data)
        self.check_point(P)
        return P

    def encode_gt(self, c) -> bytes:
        return b"".join(self.F.to_bytes(x) for x in c)

    def random_point(self, rng):
        while True:
            P = self.curve.lift_x(rng.randrange(1 << self.params.m), rng.randrange(2))
            if P is not None:
                P = self.curve.mul(self.params.cofactor, P)
                if P is not None:
                    return P


def trace_json(set_id: str, alg: str, whole: bool = False) -> dict:
    """The symbolic trace of ``alg`` on ``set_id`` (the generator paired with itself) as JSON.

    ``whole=False``: one steady-state loop iteration (the ops between the 2nd and 3rd iteration
    marks; live-ins are ids defined outside the slice); ``whole=True``: the whole Miller loop.
    Nodes are base-field operations: add, mul, sqr, sqrt, inv (binary) or add, sub, neg, mul,
    sqr, cube, cbrt, inv (characteristic three).
    """
    from pairkit.spec.trace import TracingField

    S = SpecPairing(set_id)
    T = TracingField(S.F)
    Pp = tuple(T.input(n, v) for n, v in zip(("xP", "yP"), S.generator))
    Qp = tuple(T.input(n, v) for n, v in zip(("xQ", "yQ"), S.generator))
    S.miller_loop(alg, Pp, Qp, F=T)
    j = T.to_json()
    if not whole:
        marks = [i for i, o in enumerate(j["ops"]) if o["kind"] == "mark"]
        lo, hi = (marks[1], marks[2]) if len(marks) > 2 else (0, len(j["ops"]))
        sl = j["ops"][lo:hi]
        j["counts"] = _counts(sl)
        j["ops"] = sl
        j["scope"] = sl[0].get("label", "iteration").replace("iter ", "iteration ") if sl else "empty"
    else:
        j["counts"] = T.counts()
        j["scope"] = "miller loop"
    j.update({"set": set_id, "alg": alg})
    return j


def _counts(ops) -> dict[str, int]:
    c: dict[str, int] = {}
    for o in ops:
        if o["kind"] not in ("input", "const", "mark"):
            c[o["kind"]] = c.get(o["kind"], 0) + 1
    return c
