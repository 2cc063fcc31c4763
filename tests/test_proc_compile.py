"""pairkit.hw.proc: the typea-512 program compiled from the spec, run in the ISS, equals the Rust
pairing bit for bit; the prime-field trace; the `pairkit proc` commands."""

import json
import subprocess
import sys

import pytest

from pairkit import api
from pairkit.errors import NotSupportedError, UnknownSetError
from pairkit.hw.proc import asm
from pairkit.hw.proc.alu import AluModel
from pairkit.hw.proc.compile import compile_set, point_inputs, result
from pairkit.hw.proc.isa import srl_sequence
from pairkit.hw.proc.iss import Simulator
from pairkit.spec.prime.params import TYPEA_512

SID = "typea-512"


@pytest.fixture(scope="module")
def compiled():
    return compile_set(SID)


def _inputs(seed):
    (P,), (Q,) = api.random_points(SID, 1, seed=seed), api.random_points(SID, 1, seed=seed + 1)
    (xP, yP), (xQ, yQ) = api.decode_point(SID, P), api.decode_point(SID, Q)
    return P, Q, {"xP": xP, "yP": yP, "xQ": xQ, "yQ": yQ}


@pytest.mark.parametrize("seed", [1, 77, 4242])
def test_typea_program_is_bit_exact_against_rust(compiled, seed):
    P, Q, ins = _inputs(seed)
    r = Simulator(compiled.program, AluModel(TYPEA_512.p)).run(ins)
    assert [r.outputs["re"], r.outputs["im"]] == api.split_gt(SID, api.pair(SID, P, Q))


def test_typea_program_shape(compiled):
    prog = compiled.program
    # the JSR register: the Miller bits r_158..r_1, then the bits of h after its leading one
    seq = srl_sequence(prog.srl)
    assert len(seq) == 158 + TYPEA_512.h1.bit_length() - 1
    assert seq[:158] == [int(b) for b in bin(TYPEA_512.r)[3:-1]]
    assert sum(seq[:158]) == 1  # r = 2^159 + 2^107 + 1: one doubling+addition body run
    assert [i.op for i in prog.code].count("JSR") == 2 and prog.code[-1].op == "HALT"
    assert compiled.registers <= 64 and len(prog.code) < 400
    # the doubling+addition body reuses the doubling's work: fewer products than the two apart
    c = {k: b.counts() for k, b in compiled.blocks.items()}
    assert c["dbl"].get("inv", 0) == 0 and c["last"]["inv"] == 1
    # binary round trip of the compiled program
    b = asm.to_binary(prog)
    assert asm.to_binary(asm.assemble(asm.disassemble(asm.from_binary(b)))) == b


def test_cycles_by_class_and_monotone_in_w(compiled):
    _, _, ins = _inputs(5)
    totals = []
    for W in (8, 16, 32, 64):
        r = Simulator(compiled.program, AluModel(TYPEA_512.p, W=W)).run(ins)
        assert set(r.cycles) == {"mul", "inv", "add", "mov", "control"}
        assert r.cycles["control"] == sum(r.counts.get(o, 0) for o in ("JUMP", "LOAD", "JDEC", "JSR", "HALT"))
        totals.append(r.total)
        if W == 16:  # the paper's parameters (docs/PROC.md): products dominate
            alu = AluModel(TYPEA_512.p, W=16)
            assert r.cycles["mul"] == r.counts["MUL"] * alu.cycles_mul
            assert r.cycles["mul"] > 0.8 * r.total
    assert totals == sorted(totals, reverse=True)


@pytest.mark.parametrize("sid", ["bn254", "bls12-381"])
def test_ate_programs_are_bit_exact_against_rust(sid):
    """One processor, several curves (seed 002 sections 4, 6): the same ISA and ISS run the optimal
    ate pairing compiled from spec/pairing_ate.py (its plain reduced variant, "optimal-ate-reduced")."""
    c = compile_set(sid)
    seq = srl_sequence(c.program.srl)
    assert [i.op for i in c.program.code].count("JSR") == (5 if sid == "bls12-381" else 4)
    assert c.registers <= 256
    alu = AluModel(c.program.p)
    for seed in (3, 31):
        (P,) = api.random_points(sid, 1, seed=seed)
        (Q,) = api.random_points(sid, 1, seed=seed + 1, group=2)
        r = Simulator(c.program, alu).run(point_inputs(sid, P, Q))
        want = api.pair(sid, P, Q, alg="optimal-ate-reduced")
        assert result(sid, r.outputs) == api.split_gt(sid, want)
        assert r.counts["JSR"] == len(seq)


def test_other_sets_are_typed_errors():
    with pytest.raises(NotSupportedError):
        compile_set("ss2-7")
    with pytest.raises(UnknownSetError):
        compile_set("nope")


def test_trace_typea_iteration_and_whole():
    from pairkit.spec.prime.trace import trace_json_typea

    j = trace_json_typea()
    assert j["scope"].startswith("iteration") and j["counts"]["mul"] + j["counts"]["sqr"] > 10
    w = trace_json_typea(whole=True)  # checks the traced value equals the spec's Miller loop
    assert w["counts"]["sqr"] > 159


@pytest.mark.parametrize("sid", ["bn254", "bls12-381"])
def test_trace_ate_iteration_and_whole(sid):
    from pairkit.spec.prime.trace import trace_json_ate

    j = trace_json_ate(sid)
    assert j["scope"].startswith("iteration") and j["counts"]["inv"] == 1
    w = trace_json_ate(sid, whole=True)  # checks the traced value equals the spec's Miller loop
    assert w["counts"]["inv"] > 60 and w["alg"] == "optimal-ate"


def run_cli(*argv):
    return subprocess.run([sys.executable, "-m", "pairkit.cli", *argv], capture_output=True, text=True, timeout=120)


def test_cli_compile_asm_disasm_run(tmp_path):
    s, b = tmp_path / "p.s", tmp_path / "p.bin"
    assert run_cli("proc", "compile", "--set", SID, "-o", str(s)).returncode == 0
    assert run_cli("proc", "asm", str(s), "-o", str(b)).returncode == 0
    p = run_cli("proc", "disasm", str(b))
    assert p.returncode == 0 and asm.to_binary(asm.assemble(p.stdout)) == b.read_bytes()
    p = run_cli("proc", "run", "--set", SID, "--seed", "9", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["bit_exact"] and d["total_cycles"] == sum(d["cycles"].values()) and d["k"] == 32
    p = run_cli("trace", "--set", SID)
    assert p.returncode == 0 and json.loads(p.stdout)["set"] == SID


@pytest.mark.parametrize(
    "argv,etype",
    [
        (["proc", "run", "--set", "ss3-5"], "NotSupportedError"),
        (["proc", "run", "--set", "nope"], "UnknownSetError"),
        (["proc", "run", "--set", SID, "-W", "0"], "InvalidArgumentError"),
        (["proc", "run", "--set", SID, "--seed", "-1"], "InvalidArgumentError"),
        (["proc", "compile", "--set", "ss2-7"], "NotSupportedError"),
        (["proc", "compile", "--set", SID, "--binary"], "InvalidArgumentError"),
        (["proc", "asm", "/nonexistent/x.s", "-o", "/tmp/x.bin"], "FileAccessError"),
        (["proc", "disasm", "/nonexistent/x.bin"], "FileAccessError"),
        (["trace", "--set", SID, "--alg", "eta-alg2"], "UnknownAlgorithmError"),
        (["proc"], "UsageError"),
    ],
)
def test_cli_errors_exit_2(argv, etype):
    p = run_cli(*argv)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert f"error: {etype}: " in p.stderr, p.stderr


def test_cli_run_given_points_and_bad_points():
    (P,) = api.random_points("bn254", 1, seed=8)
    (Q,) = api.random_points("bn254", 1, seed=9, group=2)
    p = run_cli("proc", "run", "--set", "bn254", P.hex(), Q.hex(), "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["bit_exact"], p.stderr
    for argv, etype in (
        (["proc", "run", "--set", "bn254", P.hex()], "InvalidArgumentError"),
        (["proc", "run", "--set", "bn254", Q.hex(), P.hex()], "EncodingError"),
        (["proc", "run", "--set", "bn254", "zz", Q.hex()], "EncodingError"),
        (["proc", "run", "--set", "bn254", "00" * 64, Q.hex()], "PointAtInfinityError"),
    ):
        r = run_cli(*argv)
        assert r.returncode == 2 and f"error: {etype}: " in r.stderr, (argv, r.stderr)


def test_compile_is_deterministic():
    for sid in ("typea-512", "bls12-381"):
        assert asm.to_binary(compile_set(sid).program) == asm.to_binary(compile_set(sid).program)


def test_cli_assembly_error_line_and_column(tmp_path):
    f = tmp_path / "bad.s"
    f.write_text(".modulus 7\n\n   MUL r1, r2, q9\n")
    p = run_cli("proc", "asm", str(f), "-o", str(tmp_path / "o.bin"))
    assert p.returncode == 2 and "error: AssemblyError: line 3, column 16: bad register 'q9'" in p.stderr
    f.write_bytes(b"\xff\xfe")
    assert "error: EncodingError" in run_cli("proc", "asm", str(f), "-o", str(tmp_path / "o.bin")).stderr
    g = tmp_path / "bad.bin"
    g.write_bytes(b"PKPROC\x00\x01junk")
    assert "error: ProgramError" in run_cli("proc", "disasm", str(g)).stderr
