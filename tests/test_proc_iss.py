"""pairkit.hw.proc: the instruction-set simulator and the ALU cycle model (seed 002)."""

import random

import pytest

from pairkit.errors import InvalidArgumentError, ProgramError
from pairkit.hw.proc import asm
from pairkit.hw.proc.alu import AluModel
from pairkit.hw.proc.iss import Simulator
from pairkit.spec.prime.params import TYPEA_512

P101 = 101


def run(body: str, inputs=None, p=P101, head="", **kw):
    src = f".modulus {p}\n{head}.input a r0\n.input b r1\n.output o r2\n{body}\n"
    prog = asm.assemble(src)
    return Simulator(prog, AluModel(p, **kw)).run(inputs or {"a": 17, "b": 90})


@pytest.mark.parametrize(
    "ins,want",
    [
        ("ADD r2, r0, r1", (17 + 90) % 101),
        ("SUB r2, r0, r1", (17 - 90) % 101),
        ("NEG r2, r1", -90 % 101),
        ("MOV r2, r1", 90),
        ("MUL r2, r0, r1", 17 * 90 % 101),
        ("INV r2, r0", pow(17, -1, 101)),
    ],
)
def test_field_instructions(ins, want):
    r = run(ins + "\nHALT")
    assert r.outputs["o"] == want


def test_ldc_neg_of_zero_and_classes():
    r = run("LDC r3, #z\nNEG r2, r3\nHALT", head=".const z 0\n")
    assert r.outputs["o"] == 0
    alu = AluModel(P101)
    assert r.cycles == {"mul": 0, "inv": 0, "add": alu.cycles_add, "mov": alu.cycles_mov, "control": 1}


def test_jsr_walks_the_shift_register_and_restores_it():
    # r2 counts the 1 bits seen by JSR over 2 rounds of 5 bits; add r0 on a 1, r1 on a 0
    body = """
        MOV r2, r0
        SUB r2, r2, r0      ; r2 = 0
        LOAD c3, 10
top:    JSR one
        ADD r2, r2, r1
        JDEC c3, done
        JUMP top
one:    ADD r2, r2, r0
        JDEC c3, done
        JUMP top
done:   HALT"""
    bits = [1, 1, 0, 1, 0]
    r = run(body, {"a": 1, "b": 10}, head=f".jsrbits {''.join(map(str, bits))}\n")
    assert r.outputs["o"] == (2 * sum(bits) + 10 * 2 * (5 - sum(bits))) % 101
    assert r.counts["JSR"] == 10 and r.counts["JDEC"] == 10 and r.counts["JUMP"] == 9


def test_jsr_literal_table3_order():
    """JSR tests the MSB, then rotates right: the register image s[L-1], s[0], s[1], ... is the order."""
    prog = asm.assemble(".modulus 101\n.input a r0\n.output o r0\nJSR x\nJSR x\nJSR x\nHALT\nx: HALT\n")
    prog.srl = [1, 0, 0]  # s[0] = 1, s[2] = MSB = 0: JSR 1 falls through, JSR 2 sees s[0] = 1
    sim = Simulator(prog, AluModel(101), check_srl=False)
    r = sim.run({"a": 1})
    assert r.counts["JSR"] == 2


def test_srl_not_restored_is_rejected():
    prog = asm.assemble(".modulus 101\n.jsrbits 01\n.input a r0\n.output o r0\nJSR x\nx: HALT\n")
    with pytest.raises(ProgramError, match="not restored"):
        Simulator(prog, AluModel(101)).run({"a": 1})


def test_jdec_branches_when_zero():
    r = run("LOAD c0, 3\nMOV r2, r0\nl: ADD r2, r2, r1\nJDEC c0, e\nJUMP l\ne: HALT")
    assert r.outputs["o"] == (17 + 3 * 90) % 101 and r.counts["ADD"] == 3


@pytest.mark.parametrize(
    "body,pc,words",
    [
        ("ADD r2, r0, r5\nHALT", 0, "uninitialised register r5"),
        ("MOV r2, r0", 1, "ran off the end"),
        ("JUMP 7\nHALT", 7, "jumped outside"),
        ("l: JUMP l", 0, "no HALT within"),
        ("LDC r3, #0\nINV r2, r3\nHALT", 1, "INV of zero"),
        ("HALT", 0, "output o (r2) never written"),
    ],
)
def test_bad_programs_are_rejected_with_the_pc(body, pc, words):
    kw = {"head": ".const z 0\n"} if "#0" in body else {}
    src = f".modulus 101\n{kw.get('head', '')}.input a r0\n.input b r1\n.output o r2\n{body}\n"
    sim = Simulator(asm.assemble(src), AluModel(101), max_steps=1000)
    with pytest.raises(ProgramError) as e:
        sim.run({"a": 17, "b": 90})
    assert e.value.pc == pc and words in str(e.value) and str(e.value).startswith(f"pc {pc}: ")


def test_inputs_are_checked():
    sim = Simulator(asm.assemble(".modulus 101\n.input a r0\n.output o r0\nHALT\n"), AluModel(101))
    for bad in ({}, {"a": 1, "x": 2}, {"a": 101}, {"a": -1}, {"a": True}):
        with pytest.raises(InvalidArgumentError):
            sim.run(bad)


def test_alu_parameters_are_checked():
    for kw in ({"W": 0}, {"W": 16.0}, {"P": 0}, {"d": -1}, {"W": True}):
        with pytest.raises(InvalidArgumentError):
            AluModel(P101, **kw)


def test_cycle_formulas_at_the_papers_parameters():
    """Hand computation for N = 512, W = 16 (k = 32), P = 4, d = 2 (docs/PROC.md)."""
    alu = AluModel(TYPEA_512.p, W=16, P=4, d=2)
    assert (alu.N, alu.k, alu.M, alu.j) == (512, 32, 15, 31)
    # stage 1: k/P = 8 passes ("k/4 passes", section 3.3) of (k+1) + (P-1) + d = 38 cycles
    st = alu.stages()
    assert st["1"] == 8 * 38
    # stage 2: the upper ceil((N+1+M)/W) = 33 limbs of P1 times mu (33 limbs): 9 passes of 39
    assert st["2"] == 9 * 39
    assert st["3"] == 33 + 2  # one pass of the division datapath (Fig. 6)
    assert st["4"] == 8 * 39  # e (33 limbs) streamed against p's 32 limbs in the PPGs
    assert st["5"] == 3 * 35  # subtract, then two conditional subtractions of p
    assert alu.cycles_mul == 1107
    assert alu.cycles_add == 2 * (32 + 2)  # two passes (section 3.2)
    assert alu.cycles_mov == 34


def test_cycles_monotone_in_w_and_ppgs():
    p = TYPEA_512.p
    muls = [AluModel(p, W=w).cycles_mul for w in (8, 16, 32, 64)]
    assert muls == sorted(muls, reverse=True) and len(set(muls)) == 4
    adds = [AluModel(p, W=w).cycles_add for w in (8, 16, 32, 64)]
    assert adds == sorted(adds, reverse=True)
    ppg = [AluModel(p, P=n).cycles_mul for n in (1, 2, 4, 8)]
    assert ppg == sorted(ppg, reverse=True)


@pytest.mark.parametrize("W", [7, 16, 17, 32])
def test_barrett_and_binary_inversion_values(W):
    p = TYPEA_512.p
    alu = AluModel(p, W=W)
    rng = random.Random(W)
    for a, b in [(p - 1, p - 1), (0, 5), (1, 1)] + [(rng.randrange(p), rng.randrange(p)) for _ in range(200)]:
        assert alu.mul(a, b) == a * b % p
    for a in [1, 2, p - 1] + [rng.randrange(1, p) for _ in range(5)]:
        x, c = alu.inv(a)
        assert x * a % p == 1 and c > 0
