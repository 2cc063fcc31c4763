#!/usr/bin/env python3
"""Regenerate test-vectors/fp/fp-{bn254,bls12-381,typea-512}.json from the executable spec.

    python scripts/gen_vectors_prime.py

Field-level vectors for the Rust GF(p) and tower layer (crates/pairkit-core/tests/fp_props.rs):
products, squares, inverses, square roots, Frobenius maps and cyclotomic squarings of fixed
pseudo-random inputs, computed by python/pairkit/spec/prime/tower.py on the parameters of
python/pairkit/spec/prime/params.py. The files live in the subdirectory test-vectors/fp/ so
that the pairing-vector readers (which take every test-vectors/*.json) do not see them.

Encoding: every F_p element is the hex of its 8N-byte big-endian canonical integer (N = limbs:
4 for bn254, 6 for bls12-381, 8 for typea-512; Fr elements use the limb count of r); F_{p^2}
elements are c0 || c1; F_{p^6} c0 || c1 || c2; F_{p^12} the 12 coefficients in the order of
Fp12.coeffs(); null where the spec returns None (sqrt of a non-square).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

from pairkit.spec.prime import fp as spec_fp  # noqa: E402
from pairkit.spec.prime.params import SETS, tower  # noqa: E402

LIMBS = {"bn254": (4, 4), "bls12-381": (6, 4), "typea-512": (8, 3)}  # (p limbs, r limbs)
COUNT = 6


def hx(x: int, n: int) -> str:
    return x.to_bytes(8 * n, "big").hex()


def main() -> None:
    outdir = ROOT / "test-vectors" / "fp"
    outdir.mkdir(parents=True, exist_ok=True)
    for sid, (n, nr) in LIMBS.items():
        doc = _FieldVectors(sid, n, nr).doc()
        path = outdir / f"fp-{sid}.json"
        path.write_text(json.dumps(doc, indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")


class _FieldVectors:
    """The vectors of one set's fields (F_p, F_r, F_{p^2}, and F_{p^6}, F_{p^12} where the tower has xi),
    from one seeded generator drawn in a fixed order."""

    def __init__(self, sid: str, n: int, nr: int):
        self.sid, self.n, self.nr = sid, n, nr
        self.S = SETS[sid]
        self.T = tower(sid)
        self.p, self.r = self.S.p, self.S.r
        self.rng = random.Random(f"pairkit fp vectors {sid}")

    def e1(self, x) -> str:
        return hx(int(x) % self.p, self.n)

    def e2(self, x) -> str:
        return hx(x.a, self.n) + hx(x.b, self.n)

    def e6(self, x) -> str:
        return self.e2(x.c0) + self.e2(x.c1) + self.e2(x.c2)

    def e12(self, x) -> str:
        return "".join(hx(c, self.n) for c in x.coeffs())

    def rfp2(self):
        return self.T.fp2(self.rng.randrange(self.p), self.rng.randrange(self.p))

    def rfp6(self):
        return self.T.fp6(self.rfp2(), self.rfp2(), self.rfp2())

    def rfp12(self):
        return self.T.fp12(self.rfp6(), self.rfp6())

    def doc(self) -> dict:
        T, p, r = self.T, self.p, self.r
        doc: dict = {
            "field": self.sid,
            "generated_by": "python scripts/gen_vectors_prime.py",
            "p": hex(p),
            "r": hex(r),
            "limbs": self.n,
            "r_limbs": self.nr,
        }
        doc["fp"] = self.fp()
        doc["fr"] = self.fr()
        doc["fp2"] = self.fp2()
        if T.xi is not None:
            doc["xi"] = [T.xi.a, T.xi.b]
            doc["gamma"] = [self.e2(g) for g in T.gamma]
            doc["fp6"] = self.fp6()
            doc["fp12"] = self.fp12()
        return doc

    def fp(self) -> list:
        """F_p, with the edge values 0, 1, p - 1 among the first operands."""
        p, rng, e1 = self.p, self.rng, self.e1
        fps = []
        for k in range(COUNT + 3):
            a = [0, 1, p - 1][k] if k < 3 else rng.randrange(p)
            b = rng.randrange(p)
            s = spec_fp.sqrt(a, p)
            fps.append(
                {
                    "a": e1(a),
                    "b": e1(b),
                    "add": e1(a + b),
                    "sub": e1(a - b),
                    "neg": e1(-a),
                    "mul": e1(a * b),
                    "sqr": e1(a * a),
                    "inv": None if a == 0 else e1(spec_fp.inv(a, p)),
                    "sqrt": None if s is None else e1(s),
                    "legendre": spec_fp.legendre(a, p),
                }
            )
        return fps

    def fr(self) -> list:
        r, nr, rng = self.r, self.nr, self.rng
        frs = []
        for _ in range(COUNT):
            a, b = rng.randrange(1, r), rng.randrange(r)
            frs.append({"a": hx(a, nr), "b": hx(b, nr), "mul": hx(a * b % r, nr), "inv": hx(pow(a, r - 2, r), nr)})
        return frs

    def fp2(self) -> list:
        T, p, rng, e2, rfp2 = self.T, self.p, self.rng, self.e2, self.rfp2
        fp2s = []
        for k in range(COUNT):
            a, b = rfp2(), rfp2()
            if k == 0:
                a = T.fp2(rng.randrange(p), 0)  # the b = 0 branch of the spec's sqrt
            if k == 1:
                a = rfp2().square()  # a square: sqrt exists
            s = a.sqrt()
            v = {
                "a": e2(a),
                "b": e2(b),
                "mul": e2(a * b),
                "sqr": e2(a.square()),
                "inv": e2(a.inverse()),
                "conj": e2(a.conj()),
                "sqrt": None if s is None else e2(s),
            }
            if T.xi is not None:
                v["mul_by_xi"] = e2(a.mul_by_xi())
            fp2s.append(v)
        return fp2s

    def fp6(self) -> list:
        e6 = self.e6
        fp6s = []
        for _ in range(COUNT):
            a, b = self.rfp6(), self.rfp6()
            fp6s.append(
                {
                    "a": e6(a),
                    "b": e6(b),
                    "mul": e6(a * b),
                    "sqr": e6(a.square()),
                    "inv": e6(a.inverse()),
                    "frob": e6(a.frobenius()),
                    "mul_by_v": e6(a.mul_by_v()),
                }
            )
        return fp6s

    def fp12(self) -> list:
        e12 = self.e12
        fp12s = []
        u = abs(self.S.u)
        for _ in range(COUNT):
            a, b = self.rfp12(), self.rfp12()
            # a cyclotomic element: a^((p^6 - 1)(p^2 + 1))
            c = a.conj() / a
            c = c.frobenius(2) * c
            fp12s.append(
                {
                    "a": e12(a),
                    "b": e12(b),
                    "mul": e12(a * b),
                    "sqr": e12(a.square()),
                    "inv": e12(a.inverse()),
                    "conj": e12(a.conj()),
                    "frob1": e12(a.frobenius(1)),
                    "frob2": e12(a.frobenius(2)),
                    "frob3": e12(a.frobenius(3)),
                    "frob7": e12(a.frobenius(7)),
                    "cyc_sqr_of_a": e12(a.cyclotomic_square()),  # the formula on any input
                    "cyc": e12(c),
                    "cyc_sqr": e12(c.cyclotomic_square()),
                    "abs_u": hex(u),
                    "cyc_pow_abs_u": e12(c.cyclotomic_pow(u)),
                }
            )
        return fp12s


if __name__ == "__main__":
    main()
