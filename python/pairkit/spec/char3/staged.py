"""The specification's staged pairing API over the characteristic-three sets (``ss3-*``).

``Char3Pairing(set_id)`` mirrors :class:`pairkit.spec.binary.staged.BinaryPairing` (:func:`pairkit.spec.pairing_for`
picks the family's class). Relations to the canonical reduced Tate pairing tau_r(P, phi(Q)), derived with the
PARI/GP oracle (discrete logarithms on toy sets of every class m mod 12 and both b) and checked
against PARI on ss3-97 by the tests:

==================  ============================================================================
duursma-lee         canonical: seed 001 Alg. 2.1 followed by the power 3^{3m} - 1
duursma-lee-nocbrt  canonical^{3^{m-1}} (the cube-root-free loop; see pairing.py), mapped back
                    by x -> (x^{q^5})^3, two linear maps
eta-t               canonical^{3^{m+1}} ((m + 1)/2 iterations, a correction factor, the power
                    (3^{6m} - 1)/#E; see pairing.py), mapped back by x -> (x^{q^5})^{1/3}
==================  ============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from pairkit import sets
from pairkit.errors import UnknownAlgorithmError
from pairkit.sets import Family
from pairkit.spec.char3 import pairing as pc
from pairkit.spec.char3.curve import Curve3, check_subgroup3
from pairkit.spec.char3.gf3m import GF3m
from pairkit.spec.char3.tower import f6_flat, f6_unflat

ALGORITHMS3 = ("duursma-lee", "duursma-lee-nocbrt", "eta-t")


@dataclass
class Char3Pairing:
    set_id: str
    family = Family.CHAR3

    @cached_property
    def params(self):
        return sets.get(self.set_id)

    @cached_property
    def F(self) -> GF3m:
        return GF3m(self.params.m, self.params.h)

    @cached_property
    def curve(self) -> Curve3:
        return Curve3(self.F, self.params.b)

    @property
    def generator(self):
        return (self.F.from_int(self.params.gx), self.F.from_int(self.params.gy))

    def algorithms(self) -> list[str]:
        return list(ALGORITHMS3)

    def check_alg(self, alg: str) -> None:
        """UnknownAlgorithmError unless ``alg`` is one of this set's algorithms."""
        if alg not in ALGORITHMS3:
            raise UnknownAlgorithmError(f"unknown algorithm {alg!r} for {self.set_id}; known: {', '.join(ALGORITHMS3)}")

    # -- staged API ------------------------------------------------------------------------
    def miller_loop(self, alg: str, P, Q, states=None, F=None):
        self.check_alg(alg)
        F = F or self.F
        if alg == "duursma-lee":
            return pc.dl_miller(F, self.params.b, P, Q, states)
        if alg == "eta-t":
            return pc.eta_miller(F, self.params.b, P, Q, states)
        return pc.dl_nocbrt_miller(F, self.params.b, P, Q, states)

    def final_exponentiation(self, alg: str, f, F=None):
        self.check_alg(alg)
        if alg == "eta-t":
            return pc.eta_final_exp(F or self.F, self.params.b, self.params.mu, f)
        return pc.final_exp(F or self.F, self.params.b, f)

    def pair(self, alg: str, P, Q, states=None):
        return self.final_exponentiation(alg, self.miller_loop(alg, P, Q, states))

    def to_canonical(self, alg: str, value):
        if alg == "duursma-lee-nocbrt":
            return pc.nocbrt_to_dl(self.F, self.params.b, value)
        if alg == "eta-t":
            return pc.eta_to_canonical(self.F, self.params.b, value)
        return value

    def canonical(self, P, Q, alg: str = "duursma-lee"):
        return self.to_canonical(alg, self.pair(alg, P, Q))

    # -- points and encodings --------------------------------------------------------------
    def check_point(self, P) -> None:
        check_subgroup3(self.curve, P, self.params.r)

    def decode_point(self, data: bytes):
        P = self.curve.decode(data)
        self.check_point(P)
        return P

    def encode_gt(self, c) -> bytes:
        return b"".join(self.F.to_bytes(x) for x in f6_flat(c))

    def gt_ints(self, c) -> tuple[int, ...]:
        return tuple(self.F.to_int(x) for x in f6_flat(c))

    def gt_from_ints(self, c):
        return f6_unflat([self.F.from_int(x) for x in c])

    def random_point(self, rng):
        while True:
            P = self.curve.lift_x(self.F.random(rng), rng.randrange(2))
            if P is not None:
                P = self.curve.mul(self.params.cofactor, P)
                if P is not None:
                    return P
