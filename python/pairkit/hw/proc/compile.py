"""The compiler from the executable specification to pairing-processor programs.

typea-512 (seed 002's pairing, spec/prime/typea.py): every block below is the spec's own code
(``tangent_line``, ``Curve.jac_double``, ``chord_line``, ``Curve.jac_add``, ``Fp2`` products, conjugate and
inverse, ``unitary_square``) traced on symbolic GF(q) values (spec/prime/trace.py), so the F_{q^2}
tower operations arrive already lowered to GF(q) operations; lower.py turns each into
instructions.  The control flow is seed 002 section 4's: one JSR loop walks the constant bits.

    prelude      LDC of every constant; f = 1, T = (xP, yP, 1)
    Miller loop  c0 = 158 iterations over the bits r_158 .. r_1 of r = 2^159 + 2^107 + 1
                 (spec miller_loop: for each bit f <- f^2 l_T,T(phi Q), T <- 2T; on a 1 bit
                 f <- f l_T,P(phi Q), T <- T + P): JSR picks the doubling body or the
                 doubling+addition body (two bodies, as the spec's two cases)
    last step    bit r_0 = 1: the doubling step, and the chord through T = -P and P is vertical (the
                 spec drops it: ``chord_line`` returns None), so only f <- f^2 l_T,T
    final exp.   g = conj(f) / f (f^(q-1)), then g^h, h = (q+1)/r, by the spec's unitary_pow with
                 JSR over the bits of h after the leading one (c1 iterations): square, or square
                 and multiply (spec unitary_square: (a+bi)^2 = (2a^2 - 1) + 2ab i)
    HALT         outputs re, im: the pairing a + b i

The JSR register holds the Miller bits then the exponent bits: one pass over it per pairing, so it
is restored at HALT (section 4).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pairkit import api
from pairkit.errors import NotSupportedError, PointAtInfinityError
from pairkit.hw.proc.emit import Emitter
from pairkit.hw.proc.isa import Program
from pairkit.hw.proc.lower import Block, trace_block
from pairkit.spec.prime import typea as pt
from pairkit.spec.prime.params import TYPEA_512 as S
from pairkit.spec.prime.params import groups, tower

SUPPORTED = ("typea-512", "bn254", "bls12-381")


@dataclass
class Compiled:
    set_id: str
    program: Program
    blocks: dict[str, Block]
    block_pc: dict[str, tuple[int, int]]  # block -> [start, end) addresses
    registers: int  # registers used (high-water mark)


def _typea_blocks():
    T, E = tower(pt.SET_ID), groups(pt.SET_ID).E1
    p = S.p
    rng = random.Random(2024)
    # concrete samples for tracing (any generic values: T = [5]G, random f and Z)
    G = groups(pt.SET_ID).G1
    P5 = E.mul(5, G)
    Z = T.fp(rng.randrange(1, p))
    sample = {
        "fa": rng.randrange(p),
        "fb": rng.randrange(p),
        "X": (P5[0] * Z.square()).a,
        "Y": (P5[1] * Z.square() * Z).a,
        "Z": Z.a,
        "xP": G[0].a,
        "yP": G[1].a,
        "xQ": P5[0].a,
        "yQ": P5[1].a,
    }

    def pts(v):
        Pa = (T.fp(v["xP"]), T.fp(v["yP"]))
        Qa = (T.fp(v["xQ"]), T.fp(v["yQ"]))
        Tj = (T.fp(v["X"]), T.fp(v["Y"]), T.fp(v["Z"]))
        return Pa, Qa, Tj, T.fp2(v["fa"], v["fb"])

    def st(f, Tj):
        return {"fa": f.a, "fb": f.b, "X": Tj[0].a, "Y": Tj[1].a, "Z": Tj[2].a}

    def dbl(v):
        _, Qa, Tj, f = pts(v)
        f = f.square() * pt.tangent_line(Tj, Qa)  # spec miller_loop, every bit
        return st(f, E.jac_double(Tj))

    def dbl_add(v):
        Pa, Qa, Tj, f = pts(v)
        f = f.square() * pt.tangent_line(Tj, Qa)
        Tj = E.jac_double(Tj)
        line = pt.chord_line(Tj, Pa, Qa)  # spec miller_loop, a 1 bit
        assert line is not None
        return st(f * line, E.jac_add(Tj, E.to_jacobian(Pa)))

    def last(v):
        _, Qa, Tj, f = pts(v)
        f = f.square() * pt.tangent_line(Tj, Qa)  # the final bit: its chord is vertical (dropped)
        g = f.conj() / f  # final_exponentiation: f^(q-1)
        return {"ga": g.a, "gb": g.b}

    usample = {"ra": rng.randrange(p), "rb": rng.randrange(p), "ga": rng.randrange(p), "gb": rng.randrange(p)}

    def usq(v):
        r = pt.unitary_square(T.fp2(v["ra"], v["rb"]))  # spec unitary_pow, a 0 bit
        return {"ra": r.a, "rb": r.b}

    def usq_mul(v):
        r = pt.unitary_square(T.fp2(v["ra"], v["rb"])) * T.fp2(v["ga"], v["gb"])  # a 1 bit
        return {"ra": r.a, "rb": r.b}

    mb = {
        "dbl": trace_block("dbl", p, sample, dbl),
        "dbl_add": trace_block("dbl_add", p, sample, dbl_add),
        "last": trace_block("last", p, sample, last),
    }
    mb["usq"] = trace_block("usq", p, {k: usample[k] for k in ("ra", "rb")}, usq)
    mb["usq_mul"] = trace_block("usq_mul", p, usample, usq_mul)
    return S, mb


def compile_set(set_id: str) -> Compiled:
    if set_id not in SUPPORTED:
        from pairkit import sets

        sets.get(set_id)  # UnknownSetError for an unknown id
        raise NotSupportedError(
            f"{set_id}: the pairing-processor compiler covers {', '.join(SUPPORTED)} "
            "(the small-characteristic sets have no GF(p) program)"
        )
    if set_id != "typea-512":
        from pairkit.hw.proc.compile_ate import compile_ate

        prog, blocks, pcs, regs = compile_ate(set_id)
        return Compiled(set_id, prog, blocks, pcs, regs)
    S, blocks = _typea_blocks()
    rbits = bin(S.r)[3:]  # after the leading one (spec miller_loop)
    assert rbits[-1] == "1" and S.r % 4 == 1  # the last chord is vertical: the 'last' block
    em = Emitter(S.p)
    em.init("fa", 1)
    em.init("fb", 0)
    em.mov([("X", "xP"), ("Y", "yP")])
    em.init("Z", 1)
    em.jsr_loop([int(b) for b in rbits[:-1]], blocks["dbl"], blocks["dbl_add"])  # c0: 158 bits
    em.block(blocks["last"])  # bit r_0, then g = conj(f)/f
    em.mov([("ra", "ga"), ("rb", "gb")])  # r = g: the leading bit of h
    em.jsr_loop([int(b) for b in bin(S.h1)[3:]], blocks["usq"], blocks["usq_mul"])  # c1: 352 bits
    prog, pcs, regs = em.build({n: n for n in ("xP", "yP", "xQ", "yQ")}, {"re": "ra", "im": "rb"})
    return Compiled(set_id, prog, blocks, pcs, regs)


def point_inputs(set_id: str, P: bytes, Q: bytes) -> dict[str, int]:
    """The program inputs of a pairing e(P, Q) given as encoded points (pairkit.api): typea-512 takes
    two G1 points, bn254 / bls12-381 P in G1 and Q in G2 (F_{p^2} coordinates as re, im)."""
    Pd = api.decode_point(set_id, P)  # typed errors: encoding, curve, subgroup
    Qd = api.decode_point(set_id, Q, group=1 if set_id == "typea-512" else 2)
    if Pd is None or Qd is None:
        raise PointAtInfinityError(
            "the processor's programs take finite points (e(O, Q) = e(P, O) = 1 needs no program)"
        )
    (xP, yP) = Pd
    if set_id == "typea-512":
        xQ, yQ = Qd
        return {"xP": xP, "yP": yP, "xQ": xQ, "yQ": yQ}
    (xQ0, xQ1), (yQ0, yQ1) = Qd
    return {"xP": xP, "yP": yP, "xQ0": xQ0, "xQ1": xQ1, "yQ0": yQ0, "yQ1": yQ1}


def result(set_id: str, outputs: dict[str, int]) -> list[int]:
    """The pairing's coordinates in pairkit.api.split_gt order from a run's outputs."""
    if set_id == "typea-512":
        return [outputs["re"], outputs["im"]]
    return [outputs[f"o{i}"] for i in range(12)]
