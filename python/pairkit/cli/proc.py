"""``pairkit proc``: asm, disasm, compile, run, sim-rtl, sim-array, report (seed 002's pairing processor;
docs/PROC.md)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Optional, cast

import typer

from pairkit.cli.progress import PROGRESS, QUIET, bar
from pairkit.errors import EncodingError, FileAccessError, InvalidArgumentError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Seed 002's programmable pairing processor: assembler, compiler, instruction-set simulator, RTL.",
)

_W = typer.Option(16, "-W", help="limb width W in bits (seed 002 section 3.1)")
_P = typer.Option(4, "-P", "--ppg", help="partial-product generators (seed 002 Fig. 4)")
_D = typer.Option(2, "-d", "--latency", help="pipeline latency of one datapath pass (cycles; an assumption)")
_RED = typer.Option("barrett", "--reduction", help="barrett (seed 002 Table 2) | montgomery (CIOS / SOS, KAK96)")
_MULT = typer.Option("schoolbook", "--mult", help="schoolbook (seed 002 section 3.3) | karatsuba")
_LEVELS = typer.Option(0, "--levels", help="Karatsuba levels, 1 or 2 (with --mult karatsuba; default 1)")
_RTL_RED = typer.Option("barrett", "--reduction", help="the core's MUL: barrett (Table 2) | montgomery (CIOS)")


def _read(path: str, binary: bool):
    if os.path.isdir(path):
        raise FileAccessError(f"{path}: is a directory")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise FileAccessError(f"{path}: {e.strerror or e}") from None
    if binary:
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise EncodingError(f"{path}: not UTF-8 text (byte {data[e.start]:#04x} at offset {e.start})") from None


def _write(path: str, data, opt: str) -> None:
    from pairkit.cli.files import check_writable as _check_writable

    _check_writable(path, opt)
    try:
        with open(path, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
    except OSError as e:
        raise FileAccessError(f"{opt} {path}: {e.strerror or e}") from None


def _reference(set_id: str, Pb: bytes, Qb: bytes) -> bytes:
    """The Rust core's value the compiled program must equal: the plain reduced pairing (the
    compiler follows the spec's reduced chains, compile_ate.py; "optimal-ate-reduced" for bn254 /
    bls12-381, the one algorithm of typea-512)."""
    from pairkit import api
    from pairkit.reports.check_prime import REDUCED

    return api.pair(set_id, Pb, Qb, alg=REDUCED.get(set_id))


def _alu(p: int, W: int, P: int, d: int, reduction: str = "barrett", mult: str = "schoolbook", levels: int = 0):
    from pairkit import argcheck
    from pairkit.hw.proc.alu import AluModel

    return AluModel(
        p,
        W=argcheck.integer("-W", W),
        P=argcheck.integer("-P", P),
        d=argcheck.integer("-d", d),
        reduction=reduction,
        mult_alg=mult,
        levels=argcheck.integer("--levels", levels),
    )


@app.command("asm")
def asm_cmd(
    file: str = typer.Argument(..., help="assembly text (docs/PROC.md 'Syntax')"),
    output: str = typer.Option(..., "-o", "--output", help="the binary image to write"),
):
    """Assemble FILE into a binary image."""
    from pairkit.hw.proc.asm import assemble, to_binary

    text = _read(file, False)
    _write(output, to_binary(assemble(text)), "-o")


@app.command("disasm")
def disasm_cmd(file: str = typer.Argument(..., help="a binary image (pairkit proc asm / compile --binary)")):
    """Disassemble a binary image to assembly text (that assembles back to the same image)."""
    from pairkit.hw.proc.asm import disassemble, from_binary

    print(disassemble(from_binary(_read(file, True))), end="")


@app.command("compile")
def compile_cmd(
    set_id: str = typer.Option(..., "--set"),
    output: Optional[str] = typer.Option(None, "-o", "--output", help="write here (default: stdout)"),
    binary: bool = typer.Option(False, "--binary", help="write the binary image instead of text"),
):
    """Compile the spec's pairing of --set into a program (assembly text, or a binary with --binary)."""
    from pairkit.hw.proc.asm import disassemble, to_binary
    from pairkit.hw.proc.compile import compile_set

    if output is not None:
        from pairkit.cli.files import check_writable as _check_writable

        _check_writable(output, "-o")
    if binary and output is None:
        raise InvalidArgumentError("--binary needs -o FILE")
    c = compile_set(set_id)
    data = to_binary(c.program) if binary else disassemble(c.program)
    if output is None:
        print(data, end="")
    else:
        _write(output, data, "-o")


@app.command("run")
def run_cmd(
    set_id: str = typer.Option(..., "--set"),
    P_hex: Optional[str] = typer.Argument(None, metavar="[P]", help="P, hex-encoded (default: random)"),
    Q_hex: Optional[str] = typer.Argument(None, metavar="[Q]", help="Q, hex-encoded (G2 for bn254 / bls12-381)"),
    seed: int = typer.Option(1, "--seed", help="seed of the random points P, Q (an integer in [0, 2^64))"),
    W: int = _W,
    P: int = _P,
    d: int = _D,
    reduction: str = _RED,
    mult: str = _MULT,
    levels: int = _LEVELS,
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """Run the compiled pairing of --set on P, Q (or random points) in the ISS: cycles by instruction class,
    the total, and the verdict against the Rust engine (bit-exact or not).  --reduction and --mult pick the
    ALU's datapath (docs/PROC.md "Montgomery and Karatsuba")."""
    from pairkit import api, argcheck
    from pairkit.hw.proc.compile import compile_set, point_inputs, result
    from pairkit.hw.proc.iss import Simulator

    s = argcheck.seed(seed)
    if s + 1 > argcheck.MAX_SEED:
        raise InvalidArgumentError(f"--seed must be below {argcheck.MAX_SEED} (Q uses seed + 1)")
    c = compile_set(set_id)
    alu = _alu(c.program.p, W, P, d, reduction, mult, levels)
    if (P_hex is None) != (Q_hex is None):
        raise InvalidArgumentError("give both points P and Q, or neither (random points from --seed)")
    if P_hex is None:
        (Pb,) = api.random_points(set_id, 1, seed=s)
        (Qb,) = api.random_points(set_id, 1, seed=s + 1, group=1 if set_id == "typea-512" else 2)
    else:
        from pairkit.cli.batch import parse_hex as _hex

        Pb, Qb = _hex(P_hex), _hex(cast(str, Q_hex))  # both given (checked above)
    r = Simulator(c.program, alu).run(point_inputs(set_id, Pb, Qb))
    want = api.split_gt(set_id, _reference(set_id, Pb, Qb))
    got = result(set_id, r.outputs)
    rep = {
        "set": set_id,
        "seed": s if P_hex is None else None,
        "W": alu.W,
        "N": alu.N,
        "k": alu.k,
        "P": alu.P,
        "d": alu.d,
        "reduction": alu.reduction,
        "mult": alu.mult_alg,
        "levels": alu.levels,
        "mul_cycles": alu.cycles_mul,
        "cycles": r.cycles,
        "total_cycles": r.total,
        "instructions": r.steps,
        "counts": r.counts,
        "mul_stages": alu.stages(),
        "registers": c.registers,
        "program_words": len(c.program.code),
        "bit_exact": got == want,
    }
    if as_json:
        print(json.dumps(rep, indent=1))
    else:
        kara = f" ({alu.levels} level{'s' if alu.levels > 1 else ''})" if alu.mult_alg == "karatsuba" else ""
        print(
            f"{set_id}: W={alu.W} N={alu.N} k={alu.k} P={alu.P} d={alu.d}, {alu.reduction} reduction, "
            f"{alu.mult_alg}{kara} products; program {len(c.program.code)} words, "
            f"{c.registers} registers, {r.steps:,} instructions executed"
        )
        where = "Table 2 stages" if alu.reduction == "barrett" else "stages"
        print(
            f"  MUL {alu.cycles_mul} cycles ({where} {alu.stages()}), ADD/SUB/NEG {alu.cycles_add}, "
            f"MOV/LDC {alu.cycles_mov}"
        )
        for cls, v in r.cycles.items():
            print(f"  {cls:8s} {v:>12,} cycles  {100 * v / r.total:5.1f} %")
        paper = "  (seed 002: ~9.0 M = 43.3 ms x 208 MHz)" if set_id == "typea-512" else ""
        print(f"  total    {r.total:>12,} cycles{paper}")
        print(f"  bit-exact against the Rust engine: {'yes' if rep['bit_exact'] else 'NO'}")
    if not rep["bit_exact"]:
        raise typer.Exit(1)


def _points(set_id: str, P_hex, Q_hex, seed: int):
    from pairkit import api, argcheck

    s = argcheck.seed(seed)
    if s + 1 > argcheck.MAX_SEED:
        raise InvalidArgumentError(f"--seed must be below {argcheck.MAX_SEED} (Q uses seed + 1)")
    if (P_hex is None) != (Q_hex is None):
        raise InvalidArgumentError("give both points P and Q, or neither (random points from --seed)")
    if P_hex is None:
        (Pb,) = api.random_points(set_id, 1, seed=s)
        (Qb,) = api.random_points(set_id, 1, seed=s + 1, group=1 if set_id == "typea-512" else 2)
        return Pb, Qb, s
    from pairkit.cli.batch import parse_hex as _hex

    return _hex(P_hex), _hex(Q_hex), None


@app.command("sim-rtl")
def sim_rtl_cmd(
    set_id: str = typer.Option("typea-512", "--set"),
    P_hex: Optional[str] = typer.Argument(None, metavar="[P]", help="P, hex-encoded (default: random)"),
    Q_hex: Optional[str] = typer.Argument(None, metavar="[Q]", help="Q, hex-encoded"),
    seed: int = typer.Option(1, "--seed", help="seed of the random points P, Q (an integer in [0, 2^64))"),
    W: int = _W,
    P: int = _P,
    d: int = typer.Option(
        2,
        "-d",
        "--latency",
        help="pass latency: 2, 3 (products registered) or 4-6 (deeper pipelines; 6 with Barrett: the paper-depth core)",
    ),
    engine: str = typer.Option("verilator", "--engine", help="verilator (whole pairings) | amaranth (slow)"),
    reduction: str = _RTL_RED,
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """Run the compiled pairing of --set in the processor's RTL (docs/PROC.md "RTL") and hold it against the ISS
    instruction by instruction: same values, same retirement cycle; the outputs against the Rust engine."""
    from pairkit import api, argcheck
    from pairkit.hw.proc.compile import compile_set, point_inputs, result
    from pairkit.hw.proc.rtl.check import check, run_amaranth
    from pairkit.hw.proc.rtl.layout import Layout

    if engine not in ("verilator", "amaranth"):
        raise InvalidArgumentError(f"--engine must be verilator or amaranth, got {engine!r}")
    c = compile_set(set_id)
    L = Layout(
        c.program,
        W=argcheck.integer("-W", W),
        P=argcheck.integer("-P", P),
        d=argcheck.integer("-d", d),
        reduction=reduction,
    )
    Pb, Qb, s = _points(set_id, P_hex, Q_hex, seed)
    from pairkit.hw.proc.rtl.check import RtlRun

    run: Callable[..., RtlRun]
    if engine == "verilator":
        from pairkit.hw.proc.rtl.verilator_bench import run_verilator as run
    else:
        run = run_amaranth
    import time

    t = time.time()
    got, ref = check(L, point_inputs(set_id, Pb, Qb), run=run)
    secs = time.time() - t
    exact = result(set_id, got.outputs) == api.split_gt(set_id, _reference(set_id, Pb, Qb))
    conv = ref.cycles.get("conv", 0)
    rep = {
        "set": set_id,
        "seed": s,
        "W": L.W,
        "P": L.P,
        "d": L.d,
        "k": L.k,
        "engine": engine,
        "reduction": L.reduction,
        "rtl_cycles": got.cycles,
        "iss_cycles": ref.total - conv,
        "iss_conversion_cycles": conv,
        "iss_cycles_by_class": ref.cycles,
        "instructions_checked": len(got.trace),
        "bit_exact": exact,
        "seconds": round(secs, 1),
    }
    if as_json:
        print(json.dumps(rep, indent=1))
    else:
        print(
            f"{set_id}: W={L.W} P={L.P} d={L.d} k={L.k}; {engine}; {len(got.trace):,} instructions retired at the "
            f"ISS's cycles with the ISS's values"
        )
        host = f" (+ {conv:,} for the host's conversions in and out of the Montgomery domain)" if conv else ""
        print(f"  cycles  RTL {got.cycles:,}  ISS {ref.total - conv:,}  (equal){host}")
        print(f"  bit-exact against the Rust engine: {'yes' if exact else 'NO'}   ({secs:.1f} s)")
    if not exact:
        raise typer.Exit(1)


@app.command("sim-array")
def sim_array_cmd(
    cores: int = typer.Option(2, "--cores", help="cores in the array, 1..64"),
    jobs: int = typer.Option(5, "--jobs", help="jobs streamed through it, 1..1024 (more than --cores)"),
    set_id: str = typer.Option("typea-512", "--set", help="the set whose prime (short) or pairing runs"),
    program: str = typer.Option(
        "short",
        "--program",
        help="short (a few field operations and one JSR loop) | pairing (the compiled pairing of --set)",
    ),
    W: int = _W,
    P: int = _P,
    d: int = typer.Option(2, "-d", "--latency", help="pass latency: 2 or 3 (an array shares synchronous ROMs)"),
    reduction: str = _RTL_RED,
    seed: int = typer.Option(1, "--seed", help="seed of the random inputs (an integer in [0, 2^64))"),
    backpressure: bool = typer.Option(False, "--backpressure", help="hold the result stream one cycle in four"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
):
    """Stream --jobs jobs through a --cores-core array of the processor with its work distributor (docs/PROC.md
    "Array") in Verilator; every job's outputs against the ISS (and, for --program pairing, the Rust engine), and
    the array's throughput: cycles from the first push to the last result, pairings per million cycles, the
    distributor's overhead a job."""
    from pairkit import api, argcheck
    from pairkit.hw.proc.compile import compile_set, result
    from pairkit.hw.proc.rtl.array_sim import check_array, check_counts, pairing_inputs, random_inputs, short_program
    from pairkit.hw.proc.rtl.layout import Layout

    n, J = argcheck.integer("--cores", cores), argcheck.integer("--jobs", jobs)
    check_counts(n, J)
    if program not in ("short", "pairing"):
        raise InvalidArgumentError(f"--program must be short or pairing, got {program[:40]!r}")
    s = argcheck.seed(seed)
    if s + 2 * J > argcheck.MAX_SEED:
        raise InvalidArgumentError(
            f"--seed must be below {argcheck.MAX_SEED - 2 * J} (the jobs use seed .. seed + 2 J)"
        )
    c = compile_set(set_id)
    prog = c.program if program == "pairing" else short_program(c.program.p)
    L = Layout(
        prog, W=argcheck.integer("-W", W), P=argcheck.integer("-P", P), d=argcheck.integer("-d", d), reduction=reduction
    )
    pts = pairing_inputs(set_id, J, s) if program == "pairing" else None
    ins = [x for _, _, x in pts] if pts else random_inputs(L, J, s)
    import time

    t = time.time()
    with bar("proc sim-array", show_progress, quiet) as b:
        r = check_array(L, n, ins, progress=b, backpressure=backpressure, fast=program == "short")
    r["seconds"] = round(time.time() - t, 1)
    exact = True
    for x, j in zip(r["per_job"], range(J)):
        got = {k: L.alu.from_domain(v) for k, v in x.pop("outputs").items()}
        if pts:
            Pb, Qb, _ = pts[j]
            x["bit_exact_rust"] = result(set_id, got) == api.split_gt(set_id, _reference(set_id, Pb, Qb))
            exact = exact and x["bit_exact_rust"]
    r.update(set=set_id, program=program, W=L.W, P=L.P, d=L.d, k=L.k, reduction=L.reduction, seed=s)
    if as_json:
        print(json.dumps(r, indent=1))
    else:
        print(
            f"{set_id} {program} program on {n} cores: W={L.W} P={L.P} d={L.d} k={L.k}, {L.reduction}; {J} jobs"
            + (", result stream held one cycle in four" if backpressure else "")
        )
        for x in r["per_job"]:
            rust = "" if "bit_exact_rust" not in x else f", Rust {'bit-exact' if x['bit_exact_rust'] else 'DIFFERS'}"
            print(
                f"  job {x['job']:3d}  core {x['core']:2d}  {x['core_cycles']:>11,} core cycles (= ISS)  latency "
                f"{x['latency']:>11,}  overhead {x['overhead']:4d}  outputs = ISS{rust}"
            )
        print(
            f"  {r['span_cycles']:,} cycles from the first push to the last result: {r['per_mcycle']:.3f} jobs per "
            f"million cycles; overhead a job {r['overhead_min']}..{r['overhead_max']} cycles (uncontended "
            f"{r['overhead_formula']}: inputs + outputs limbs + 4)   ({r['seconds']:.1f} s)"
        )
    if not exact:
        raise typer.Exit(1)


@app.command("report")
def report_cmd(
    set_id: str = typer.Option("typea-512", "--set"),
    W: int = _W,
    P: int = _P,
    d: int = typer.Option(
        2,
        "-d",
        "--latency",
        help="pass latency: 2, 3 (products registered) or 4-6 (deeper pipelines; 6 with Barrett: the paper-depth core)",
    ),
    force: bool = typer.Option(False, "--force", help="re-measure (default: the cached hw-report-cache/proc/)"),
    pnr: bool = typer.Option(False, "--pnr", help="also nextpnr-ecp5 (LFE5U-85F) for Fmax"),
    reports_dir: str = typer.Option("hw-report-cache/proc", "--dir", help="the cache directory"),
    reduction: str = _RTL_RED,
    array: int = typer.Option(
        0,
        "--array",
        help="measure an array of this many cores with its work "
        "distributor instead (1..64; cores + 1 pairings in Verilator, then yosys "
        "xc6v and ecp5; cached in --dir/array)",
    ),
    own_roms: bool = typer.Option(
        False, "--own-roms", help="with --array: each core its own ROMs (default: two cores share them)"
    ),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """Synthesize one processor core (yosys synth_ecp5, synth_xilinx xc6v / xc7) beside seed 002 Table 5, or
    with --array N the multi-core array beside Table 6 (docs/PROC.md "Array")."""
    from pairkit import argcheck
    from pairkit.reports.proc import measure

    n = argcheck.integer("--array", array)
    if n:
        from pairkit.hw.proc.rtl.array_sim import check_counts

        check_counts(n, n + 1)
    if os.path.exists(reports_dir) and not os.path.isdir(reports_dir):
        raise FileAccessError(f"--dir {reports_dir}: not a directory")
    try:
        os.makedirs(reports_dir, exist_ok=True)
    except OSError as e:
        raise FileAccessError(f"--dir {reports_dir}: {e.strerror or e}") from None
    if n:
        from pairkit.reports import proc_array as array_report

        r = array_report.measure(
            n,
            set_id,
            argcheck.integer("-W", W),
            argcheck.integer("-P", P),
            argcheck.integer("-d", d),
            reduction,
            share=not own_roms,
            reports_dir=os.path.join(reports_dir, "array"),
            force=force,
            log=lambda s: print(s, flush=True) if not as_json else None,
        )
        if as_json:
            print(json.dumps(r, indent=1, sort_keys=True))
            return
        sim = r.get("sim") or {}
        print(
            f"{set_id} array of {n} cores ({'own' if own_roms else 'shared'} ROMs): W={r['W']} P={r['P']} d={r['d']}, "
            f"{r['reduction']}; {sim.get('jobs')} pairings in {sim.get('span_cycles', 0):,} cycles, bit-exact: "
            f"{sim.get('bit_exact')}"
        )
        for name in ("xc6v", "ecp5"):
            x = r.get(name) or {}
            print(
                f"  yosys {name}: "
                + (
                    f"{x['lut']:,} LUT / {x['ff']:,} FF / {x['dsp']} DSP / {x.get('bram18', x.get('bram', 0))} BRAM"
                    if "lut" in x
                    else "not run"
                )
            )
        return
    r = measure(
        set_id,
        argcheck.integer("-W", W),
        argcheck.integer("-P", P),
        argcheck.integer("-d", d),
        reports_dir,
        force=force,
        with_pnr=pnr,
        log=lambda s: print(s, flush=True) if not as_json else None,
        reduction=reduction,
    )
    if as_json:
        print(json.dumps(r, indent=1, sort_keys=True))
        return
    print(
        f"{set_id} core: W={r['W']} P={r['P']} d={r['d']} k={r['k']}, {r['registers']} registers, "
        f"{r['program_words']} program words, {r['jsr_bits']} JSR bits"
    )
    print(f"  {'':28s}{'LUT':>8s}{'FF':>8s}{'DSP':>6s}{'BRAM18':>8s}")
    print(f"  {'seed 002 Virtex-5 (Table 5)':28s}{1471:>8,}{2207:>8,}{4:>6}{4:>8}")
    print(f"  {'seed 002 Virtex-6 (Table 5)':28s}{1850:>8,}{1947:>8,}{4:>6}{4:>8}")
    for name, label in (
        ("xc6v", "yosys synth_xilinx xc6v LUT6"),
        ("xc7", "yosys synth_xilinx xc7 LUT6"),
        ("ecp5", "yosys synth_ecp5 LUT4"),
    ):
        x = r.get(name) or {}
        if "lut" not in x:
            print(f"  {label:28s} not run: {x.get('reason', '')[:100]}")
            continue
        print(f"  {label:28s}{x['lut']:>8,}{x['ff']:>8,}{x['dsp']:>6}{x.get('bram18', x.get('bram', 0)):>8}")
    if "pnr" in r:
        kind = (r["pnr"].get("tool") or {}).get("kind")
        tool = f"nextpnr-ecp5 ({kind})" if kind else "nextpnr-ecp5"
        print(f"  {tool} LFE5U-85F: {r['pnr'].get('fmax_mhz')} MHz")


@app.command("verilog")
def verilog_cmd(
    set_id: str = typer.Option("typea-512", "--set"),
    W: int = _W,
    P: int = _P,
    d: int = typer.Option(
        2,
        "-d",
        "--latency",
        help="pass latency: 2, 3 (products registered) or 4-6 (deeper pipelines; 6 with Barrett: the paper-depth core)",
    ),
    output: str = typer.Option(..., "-o", "--output", help="the Verilog file to write"),
    debug: bool = typer.Option(False, "--debug", help="add the testbench ports (cycles, dbg_*)"),
    reduction: str = _RTL_RED,
):
    """Write the processor core for the compiled program of --set as Verilog (host interface in its header)."""
    from pairkit import argcheck
    from pairkit.cli.files import check_writable as _check_writable
    from pairkit.hw.proc.compile import compile_set
    from pairkit.hw.proc.rtl.core import ProcCore
    from pairkit.hw.proc.rtl.layout import Layout
    from pairkit.hw.proc.rtl.verilator_bench import verilog

    _check_writable(output, "-o")
    L = Layout(
        compile_set(set_id).program,
        W=argcheck.integer("-W", W),
        P=argcheck.integer("-P", P),
        d=argcheck.integer("-d", d),
        reduction=reduction,
    )
    _write(output, verilog(ProcCore(L, debug=debug)), "-o")


@app.command("array")
def array_cmd(
    reports_dir: str = typer.Option("hw-report-cache/proc", "--dir", help="the cached `pairkit proc report` results"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
):
    """Cores per device and aggregate pairings/s (seed 002 Table 6's estimate) for the xc6vlx760 and the
    LFE5U-85F, from the cached typea-512 core synthesis (W = 16, P = 4) and the ISS's cycles per datapath, and
    from the synthesized multi-core array where cached (--dir/array: `pairkit proc sim-array`, docs/PROC.md)."""
    from pairkit.reports.proc_array_md import datapath_cycles, estimates, section

    measured: dict[int, dict] = {}
    mont: dict[int, dict] = {}
    for d in (2, 3):
        for into, suffix in ((measured, ""), (mont, "-montgomery")):
            path = os.path.join(reports_dir, f"typea-512-W16-P4-d{d}{suffix}.json")
            if os.path.isfile(path):
                into[d] = json.loads(_read(path, False))
    if 2 not in measured:
        raise FileAccessError(f"--dir {reports_dir}: no typea-512-W16-P4-d2.json (run `pairkit proc report` first)")
    from pairkit.reports.proc_array import load

    arrays = load(os.path.join(reports_dir, "array"))
    cyc = datapath_cycles()
    if as_json:
        print(
            json.dumps(
                {
                    "cycles": [
                        {
                            "W": W,
                            "P": P,
                            "d": d,
                            "reduction": k[0],
                            "mult": k[1],
                            "levels": k[2],
                            "mul": v[0],
                            "total": v[1],
                            "bit_exact": v[2],
                        }
                        for (W, P, d), row in cyc.items()
                        for k, v in row.items()
                    ],
                    "array": estimates(measured, cyc, mont, arrays),
                },
                indent=1,
            )
        )
    else:
        print("\n".join(section(measured, cyc, mont, arrays)))
