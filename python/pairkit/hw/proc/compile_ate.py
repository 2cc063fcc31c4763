"""The compiler for the optimal ate pairing of bn254 and bls12-381 (spec/prime/ate.py): the
claim of seed 002 (sections 4 and 6) that one processor serves several curves, made concrete.

Every block is the spec's own code traced on symbolic GF(p) values (spec/prime/trace.py): the
F_{p^12} = F_{p^6}[w] = F_{p^2}[v][w] tower products, Frobenius maps, cyclotomic squarings
(eprint 2009/565) and inversions arrive as GF(p) operations.  Control flow (seed 002 section 4):

    Miller loop    JSR over the bits of 6u + 2 (BN) / |u| (BLS12) after the leading one: body
                   ``dbl`` (f <- f^2 l_R,R(P), R <- 2R: spec dbl_step, affine, one inversion) or
                   ``dbl_add`` (+ add_step with Q)
    post           BN: the two Frobenius lines (eprint 2008/096 section 5); BLS12 (u < 0): conj(f);
                   then the easy part f^((p^6 - 1)(p^2 + 1)) (spec final_exponentiation_easy)
    hard part      the spec's chains of the plain reduced pairing (final_exponentiation_hard with
                   "optimal-ate-reduced": the program's output is ``api.pair(..., alg=
                   "optimal-ate-reduced")``, not the default's power of it) with every power by u (or
                   by (u - 1)^2 / 3) as a JSR loop of cyclotomic squarings (body ``csq``) or squaring
                   and product (``csq_mul``), the small powers and products straight-line
The JSR register holds all the loops' bits in order (one pass per pairing: restored at HALT).
"""

from __future__ import annotations

import random
from typing import cast

from pairkit.hw.proc.emit import Emitter
from pairkit.hw.proc.lower import trace_block
from pairkit.spec.prime import ate as pa
from pairkit.spec.prime.params import SETS, groups, tower


def _names(pre: str, n: int = 12) -> list[str]:
    return [f"{pre}_{i}" for i in range(n)]  # "m1_0", never "m10"


def compile_ate(set_id: str):
    S, T, G = SETS[set_id], tower(set_id), groups(set_id)
    p = S.p
    rng = random.Random(12)

    def rnd(names):
        return {n: rng.randrange(1, p) for n in names}

    def f12(v, pre):
        return T.fp12_from_ints([v[n] for n in _names(pre)])

    def out12(f, pre):
        return dict(zip(_names(pre), f.coeffs()))

    def pt2(v, pre):
        return (T.fp2(v[pre + "x0"], v[pre + "x1"]), T.fp2(v[pre + "y0"], v[pre + "y1"]))

    def pt1(v):
        return (T.fp(v["xP"]), T.fp(v["yP"]))

    Rn, Qn = ["Rx0", "Rx1", "Ry0", "Ry1"], ["Qx0", "Qx1", "Qy0", "Qy1"]
    msample = {**rnd(_names("f")), **rnd(Rn), **rnd(Qn), **rnd(["xP", "yP"])}

    def step(v, add: bool):
        f, R, Q, P = f12(v, "f"), pt2(v, "R"), pt2(v, "Q"), pt1(v)
        f = f.square()  # spec multi_miller_loop, every bit
        R, line = pa.dbl_step(S, R, P)
        f = f * line
        if add:  # a 1 bit
            R, line = pa.add_step(S, R, Q, P)
            f = f * line
        return {**out12(f, "f"), "Rx0": R[0].a, "Rx1": R[0].b, "Ry0": R[1].a, "Ry1": R[1].b}

    def post(v):
        f, R, Q, P = f12(v, "f"), pt2(v, "R"), pt2(v, "Q"), pt1(v)
        if S.family == "bn":  # the two Frobenius lines of the optimal ate pairing
            Q1 = G.psi(Q)
            Q2 = G.E2.neg(G.psi(Q1))
            R, l1 = pa.add_step(S, R, Q1, P)
            R, l2 = pa.add_step(S, R, Q2, P)
            f = f * l1 * l2
        elif cast(int, S.u) < 0:  # BN / BLS12: u is set
            f = f.conj()
        return out12(pa.final_exponentiation_easy(f), "m")

    csample = {**rnd(_names("a")), **rnd(_names("b"))}

    def csq(v):
        return out12(f12(v, "a").cyclotomic_square(), "a")

    def csq_mul(v):
        return out12(f12(v, "a").cyclotomic_square() * f12(v, "b"), "a")

    def pinit(v, neg: bool):  # acc = base = s (or conj(s): a negative exponent, spec cyclotomic_pow)
        s = f12(v, "s")
        s = s.conj() if neg else s
        return {**out12(s, "a"), **out12(s, "b")}

    blocks = {
        "dbl": trace_block("dbl", p, msample, lambda v: step(v, False)),
        "dbl_add": trace_block("dbl_add", p, msample, lambda v: step(v, True)),
        "post": trace_block("post", p, msample, post),
        "csq": trace_block("csq", p, csample, csq),
        "csq_mul": trace_block("csq_mul", p, csample, csq_mul),
        "pinit": trace_block("pinit", p, rnd(_names("s")), lambda v: pinit(v, False)),
        "pinit_neg": trace_block("pinit_neg", p, rnd(_names("s")), lambda v: pinit(v, True)),
    }
    em = Emitter(p)
    ident = {n: n for n in _names("a") + _names("b")}

    def pow_loop(src: str, dst: str, e: int):
        """dst <- src^e in the cyclotomic subgroup: acc = base = src (conj for e < 0), a JSR loop
        over the bits of |e| after the leading one, dst <- acc."""
        b = blocks["pinit_neg" if e < 0 else "pinit"]
        em.block(b, dict(zip(_names("s"), _names(src))), ident)
        em.jsr_loop([int(x) for x in bin(abs(e))[3:]], blocks["csq"], blocks["csq_mul"])
        em.mov(list(zip(_names(dst), _names("a"))))

    _miller_loop(em, blocks, pa.loop_count(S))
    _hard_part(em, S, p, rnd, f12, out12, pow_loop)
    ins = {"xP": "xP", "yP": "yP", "xQ0": "Qx0", "xQ1": "Qx1", "yQ0": "Qy0", "yQ1": "Qy1"}
    prog, pcs, regs = em.build(ins, {f"o{i}": f"o_{i}" for i in range(12)})
    return prog, em.blocks, pcs, regs


def _miller_loop(em, blocks: dict, loop_count: int) -> None:
    """f = 1, R = Q, then a JSR loop over the bits of the loop count after the leading one (doubling
    steps, and an addition on a 1 bit), and the steps after the loop (Frobenius lines or conjugation)
    with the easy part of the final exponentiation."""
    em.init("f_0", 1)
    for n in _names("f")[1:]:
        em.init(n, 0)
    em.mov([("Rx0", "Qx0"), ("Rx1", "Qx1"), ("Ry0", "Qy0"), ("Ry1", "Qy1")])
    em.jsr_loop([int(x) for x in bin(loop_count)[3:]], blocks["dbl"], blocks["dbl_add"])
    em.block(blocks["post"])


def _hard_part(em, S, p: int, rnd, f12, out12, pow_loop) -> None:
    """The hard part of the final exponentiation after the easy one (``m``), into ``o``: BN's (the spec's
    final_exponentiation_hard, its powers by u as JSR loops) or BLS12's (eprint 2020/875)."""
    u = cast(int, S.u)  # BN / BLS12: u is set
    if S.family == "bn":
        pow_loop("m", "m1", u)
        pow_loop("m1", "m2", u)
        pow_loop("m2", "m3", u)

        def hard(v):  # spec final_exponentiation_hard (BN), the powers by u done above
            m, m1, m2, m3 = (f12(v, x) for x in ("m", "m1", "m2", "m3"))

            def lam(c3, c2, c1, c0):
                return m3.cyclotomic_pow(c3) * m2.cyclotomic_pow(c2) * m1.cyclotomic_pow(c1) * m.cyclotomic_pow(c0)

            l0, l1, l2 = lam(-36, -30, -18, -2), lam(-36, -18, -12, 1), lam(0, 6, 0, 1)
            return out12(l0 * l1.frobenius(1) * l2.frobenius(2) * m.frobenius(3), "o")

        em.block(trace_block("hard", p, rnd(_names("m") + _names("m1") + _names("m2") + _names("m3")), hard))
    else:  # BLS12, eprint 2020/875 as in the spec
        pow_loop("m", "pa", (u - 1) ** 2 // 3)  # a = m^((u-1)^2/3)
        pow_loop("pa", "pt", u)  # a^u

        def hb(v):
            return out12(f12(v, "pt") * f12(v, "pa").frobenius(1), "pb")  # b = a^u a^p

        em.block(trace_block("hard_b", p, rnd(_names("pt") + _names("pa")), hb))
        pow_loop("pb", "pt", u)
        pow_loop("pt", "pt", u)

        def hc(v):
            b = f12(v, "pb")
            c = f12(v, "pt") * b.frobenius(2) * b.conj()
            return out12(c * f12(v, "m"), "o")

        em.block(trace_block("hard_c", p, rnd(_names("pt") + _names("pb") + _names("m")), hc))
