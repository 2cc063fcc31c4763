"""``pairkit hw core``: list, sim, gen, report -- the whole pairing accelerators (docs/CORE.md)."""

from __future__ import annotations

import json
import os
import shlex
import sys
from typing import Optional

import typer

from pairkit import argcheck, checkout, sets
from pairkit.cli.progress import PROGRESS, QUIET, bar
from pairkit.errors import InvalidArgumentError

_CUSTOM = (
    "Without CORE: a core of your own, --set, --alg and --units "
    "(e.g. --units gf3_mul=5:D=4,gf3_add=4,gf3_cube=1,gf3_cbrt=1), with --unroll and --scheduler."
)


def _core(core, set_id, alg, units, unroll, scheduler, streams=False, retime=False, buses=None):
    """A named core, or the configuration the options describe."""
    from pairkit.hw.core.config import CoreConfig, parse_units
    from pairkit.hw.core.errors import CoreError

    if core is not None and not core.strip():
        raise CoreError("core: an empty core name (pairkit hw core list)")
    if scheduler is not None and not scheduler.strip():
        raise CoreError("scheduler: empty; give list or exact")
    if core:
        if any(x is not None for x in (set_id, alg, units, unroll, scheduler, buses)) or streams or retime:
            raise CoreError(
                "core: give either a core name or --set/--alg/--units (and --unroll, --scheduler, "
                "--streams, --retime, --buses), not both"
            )
        return core
    if set_id is None or alg is None or units is None:
        raise CoreError("core: give a core name (pairkit hw core list) or --set, --alg and --units")
    sets.small_characteristic(set_id, "the pairing cores")
    if buses is not None and not 1 <= buses <= 16:
        # 0 is the configuration's "no read buses"; on the command line the option is a count of buses
        raise CoreError(f"buses: --buses takes 1..16 read buses (leave it out for none), got {buses}")
    return CoreConfig(
        f"custom-{set_id}-{alg}",
        set_id,
        alg,
        parse_units(units),
        scheduler or "list",
        unroll=1 if unroll is None else unroll,
        streams=streams,
        retime=retime,
        buses=0 if buses is None else buses,
    )


#: test pairings of `hw core sim -n` and `hw core gen -n` (docs/CORE.md "Limits")
MAX_PAIRINGS = 1000


def _check(n=None, seed=None, timeout=None):
    """The command line's counts, seed and time limit, checked before a core is compiled."""
    from pairkit.hw.core.errors import CoreError

    if n is not None and (isinstance(n, bool) or not 1 <= n <= MAX_PAIRINGS):
        from pairkit.hw.errors import HwLimitError

        if isinstance(n, int) and n > MAX_PAIRINGS:
            raise HwLimitError("n", f"{n:,} pairings exceed the limit of {MAX_PAIRINGS:,}")
        raise CoreError(f"n: the number of pairings must be an integer from 1 to {MAX_PAIRINGS}, got {n!r}")
    if seed is not None:
        argcheck.seed(seed)
    if timeout is not None:
        argcheck.seconds("--timeout", timeout)


_SET = typer.Option(None, "--set", help="parameter set of a custom core")
_ALG = typer.Option(None, "--alg", help="algorithm of a custom core")
_UNITS = typer.Option(None, "--units", help="unit mix of a custom core: unit=count[:param=value...],...")
_UNROLL = typer.Option(None, "--unroll", help="Miller iterations per pass (custom core; 1..8)")
_SCHED = typer.Option(None, "--scheduler", help="list | exact (custom core)")
_BUSES = typer.Option(
    None,
    "--buses",
    help="custom core: B read buses (1..16): at most B registers read per step "
    "(a list-scheduling constraint), unit ports selecting among the buses (docs/CORE.md)",
)
_TARGET = typer.Option(
    None,
    "--target-mhz",
    help="the target clock in MHz: pipeline stages (operand and output registers around the units) "
    "derived from it, their cycles in the schedule (docs/CORE.md, Timing); gen: also the constraints' clock",
)
_STREAMS = typer.Option(
    False,
    "--streams",
    help="custom core: loop operands that change every pass are read from tables the prologue fills (e.g. tate-alg10)",
)
_RETIME = typer.Option(
    False,
    "--retime",
    help="custom core: iteration i + 1's operations that do not read the "
    "accumulator run beside iteration i's (a software-pipelined loop)",
)

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Pairing cores: whole pairings (Miller loop and final exponentiation) in generated hardware.",
)


@app.command("list")
def list_cores(as_json: bool = typer.Option(False, "--json", help="machine-readable output")):
    """The named cores: pairing, unit mix, scheduler."""
    from pairkit.hw.core.instances import all_configs

    rows = [
        {
            "core": c.name,
            "set": c.set_id,
            "alg": c.alg,
            "units": ", ".join(
                f"{u.count} {u.unit}" + (f"({','.join(f'{k}={v}' for k, v in u.params)})" if u.params else "")
                for u in c.units
            ),
            "scheduler": c.scheduler,
            "unroll": c.unroll,
            "streams": c.streams,
            "retime": c.retime,
            "summary": c.summary,
        }
        for c in all_configs()
    ]
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    for r in rows:
        print(f"{r['core']:22s} {r['set']}/{r['alg']}  [{r['units']}; {r['scheduler']} schedule]")
        print(f"{'':22s} {r['summary']}")


@app.command()
def sim(
    core: Optional[str] = typer.Argument(None, help="core name (pairkit hw core list)"),
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    units: Optional[str] = _UNITS,
    unroll: Optional[int] = _UNROLL,
    scheduler: Optional[str] = _SCHED,
    streams: bool = _STREAMS,
    retime: bool = _RETIME,
    buses: Optional[int] = _BUSES,
    target_mhz: Optional[float] = _TARGET,
    n: int = typer.Option(2, "-n", "--pairings", help="random pairings (1..1000)"),
    seed: int = typer.Option(1, help="seed of the random points"),
    engine: str = typer.Option(
        "auto", help="auto | interp | amaranth | verilator (auto: Amaranth for m <= 32, else Verilator)"
    ),
    as_json: bool = typer.Option(False, "--json"),
):
    """Run whole pairings on CORE and check them bit for bit (spec per value and per iteration, Rust core)."""
    from pairkit.hw.core.flow import simulate

    _check(n, seed)
    r = simulate(
        _core(core, set_id, alg, units, unroll, scheduler, streams, retime, buses),
        n,
        seed,
        engine,
        target_mhz=target_mhz,
    )
    if as_json:
        print(json.dumps(r))
        return
    loop = (
        f"loop body {r['T_pass']} cycles x {r['looped_iterations'] // r['unroll']} passes of {r['unroll']} iteration(s)"
        if r["T_pass"]
        else "no loop: straight-line micro-code"
    )
    print(
        f"{r['core']} ({r['set']}/{r['alg']}): {r['pairings']} pairing(s) on {r['engine']}: "
        f"{r['cycles']} cycles = Miller loop {r['miller_cycles']} + final exponentiation {r['final_exp_cycles']}"
        f" ({loop}); {r['registers']} registers, {r['control_words']} control words"
    )
    pl = r.get("pipeline") or {}
    if r.get("target_mhz") is not None:
        yn = {k: "yes" if pl.get(k) else "no" for k in ("operand_regs", "mux_regs", "output_regs")}
        print(
            f"  target {r['target_mhz']:g} MHz: operand registers {yn['operand_regs']}, split multiplexers "
            f"{yn['mux_regs']}, output registers {yn['output_regs']} (+{pl.get('stages', 0)} cycles per operation)"
        )
    extra = (
        f", RTL accumulator checked at {r['rtl_states_checked']} loop boundaries" if "rtl_states_checked" in r else ""
    )
    print(
        f"  bit-exact: PASS (interpreter: {r['interp_values_checked']} values and {r['interp_states_checked']} "
        f"iteration states against the spec{extra}; GT and canonical value equal to the Rust core)"
    )


@app.command()
def gen(
    core: Optional[str] = typer.Argument(None, help="core name"),
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    units: Optional[str] = _UNITS,
    unroll: Optional[int] = _UNROLL,
    scheduler: Optional[str] = _SCHED,
    streams: bool = _STREAMS,
    retime: bool = _RETIME,
    buses: Optional[int] = _BUSES,
    out: str = typer.Option(..., "-o", "--out", help="output directory"),
    n: int = typer.Option(4, "-n", "--pairings", help="test pairings for the testbench"),
    seed: int = typer.Option(1),
    bus: Optional[str] = typer.Option(
        None,
        "--bus",
        help="also the core behind a standard bus: axi4-lite "
        "(top_axi.v, regmap.md/.json, <core>.lpf and <core>.xdc; docs/CORE.md)",
    ),
    target_mhz: Optional[float] = _TARGET,
    depth: bool = typer.Option(
        False,
        "--depth",
        help="also synthesize the core (Yosys synth_ecp5) and write its logic depth per stage "
        "(LUT levels) into core.json and README.md (seconds on the toy cores, long on paper-size ones)",
    ),
):
    """Verilog of CORE, its Verilator testbench with vectors and a run script, a plain-Verilog testbench of
    the per-iteration states, the control ROM listing, the micro-code as JSON and a Gantt chart of one loop
    iteration; with --bus, a board-ready top."""
    from pairkit.hw.core import bus as bus_mod
    from pairkit.hw.core.export import generate

    _check(n, seed)
    bus_mod.check_bus(bus)
    if target_mhz is not None:
        bus_mod.check_mhz(target_mhz)
    cfg = _core(core, set_id, alg, units, unroll, scheduler, streams, retime, buses)
    argcheck.output_dir(out, "-o")
    man = generate(cfg, out, n, seed, bus=bus, target_mhz=target_mhz, depth=depth)
    print(f"{man['core']}: wrote {', '.join(man['files'])} to {out}")


@app.command()
def report(
    cores: Optional[list[str]] = typer.Option(None, "--core", help="cores to (re)measure (default all)"),
    out: Optional[str] = typer.Option(
        None, "--out", help="the Markdown report to update (default: the checkout's HARDWARE.md)"
    ),
    reports_dir: Optional[str] = typer.Option(
        None, help="per-core JSON cache (default: the checkout's hw-report-cache/cores)"
    ),
    synth: bool = typer.Option(True, help="synthesize (Yosys) the cores not cached"),
    timeout: float = typer.Option(3600, help="seconds per tool run"),
    pnr: bool = typer.Option(
        False,
        "--pnr",
        help="also place and route (nextpnr-ecp5, LFE5U-85F) the "
        "cores that fit, for Fmax, latency and area x time (long: minutes to hours)",
    ),
    ge: bool = typer.Option(
        False,
        "--ge",
        help="also estimate the 1223-bit cores in NAND2 gate equivalents "
        "(Yosys generic gates, block by block; beside seed 003's ASIC Tables 5 and 8)",
    ),
    router: str = typer.Option(
        "router1",
        help="nextpnr's router for --pnr: router1 (its default) or "
        "router2 (congestion-driven; converges on the large cores)",
    ),
    breakdown: bool = typer.Option(
        False,
        "--breakdown",
        help="also measure where the area goes (per "
        "unit, operand multiplexers, register file, controller: about ten "
        "flat Virtex-II Pro syntheses per core; give --core)",
    ),
    rtl: bool = typer.Option(
        True,
        help="simulate the 1223-bit cores in Verilator (about 25 minutes of model "
        "build each); --no-rtl: the schedule interpreter only, and the report says so",
    ),
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
    target_mhz: Optional[list[float]] = typer.Option(
        None,
        "--target-mhz",
        help="instead of HARDWARE.md: the cycle cost of these target clocks (repeatable) on the --core cores, "
        "each also without a target: stages, cycles, LUT4 and logic depth per stage (synth_ecp5); printed, or "
        "with --out FILE written between the pipeline-table markers of FILE (docs/CORE.md)",
    ),
):
    """Measure the cores (cycles by simulation, area by synthesis; cached) and update HARDWARE.md's
    Pairing cores section; with --target-mhz, the cycles-versus-clock table instead."""
    from pairkit.reports.hardware import run_cores_report as run_report

    _check(timeout=timeout)
    if target_mhz:
        _timing_report(cores, target_mhz, out, timeout, synth, pnr)
        return
    from pairkit.hw.flow.synth import PNR_ROUTERS

    if router not in PNR_ROUTERS:
        raise InvalidArgumentError(f"--router must be one of {', '.join(PNR_ROUTERS)}, got {router!r}")
    out, reports_dir = checkout.enter("pairkit hw core report", out, reports_dir)
    out = out or "HARDWARE.md"
    reports_dir = reports_dir or os.path.join("hw-report-cache", "cores")
    argcheck.output_file(out, "--out")
    argcheck.output_dir(reports_dir, "--reports-dir")
    with bar("hw core report", show_progress, quiet) as b:
        run_report(
            cores or None,
            out=out,
            reports_dir=reports_dir,
            synth=synth,
            timeout=timeout,
            pnr=pnr,
            breakdown=breakdown,
            rtl=rtl,
            router=router,
            ge=ge,
            progress=b,
        )


def _timing_report(cores, targets, out, timeout, synth, pnr) -> None:
    """``report --target-mhz``: the table of reports/hw_timing.py."""
    from pairkit.reports import hw_timing

    if out is not None:
        argcheck.output_file(out, "--out")
    rows = hw_timing.sweep(cores or [], list(targets), timeout, synth, lambda s: print(s, file=sys.stderr), pnr)
    command = "pairkit hw core report " + " ".join(
        [*(f"--core {shlex.quote(c)}" for c in cores), *(f"--target-mhz {f:g}" for f in targets)]
        + ([] if synth else ["--no-synth"])
        + (["--pnr"] if pnr else [])
        + ([f"--out {shlex.quote(out)}"] if out else [])
    )
    table = hw_timing.render_markdown(rows, command)
    if out is None:
        print(table, end="")
    else:
        hw_timing.update_file(out, table, hw_timing.BLOCK_PNR if pnr else hw_timing.BLOCK)
        print(f"wrote the table to {out}")


@app.command()
def compare(
    cores: Optional[list[str]] = typer.Option(
        None,
        "--core",
        help="only these cores (default: every core with a paper figure, and seed 002's processor cores)",
    ),
    reports_dir: Optional[str] = typer.Option(None, help="the report caches (default: the checkout's hw-report-cache)"),
    as_json: bool = typer.Option(False, "--json", help='machine-readable output (docs/CORE.md "compare")'),
):
    """The papers' figures and ours side by side, one row per (core, paper table), from the cached reports:
    like for like or not, every difference, met / missed where the figures compare. A core named with --core
    whose report is missing or stale is an error; the default listing shows such rows with "ours": null."""
    from pairkit.reports.hw_compare import render_text, rows

    rs = rows(reports_dir, cores or None)
    if as_json:
        print(json.dumps({"rows": rs}, indent=1, ensure_ascii=False))
        return
    print(render_text(rs), end="")


@app.command("blocks-timing")
def blocks_timing(
    cores: list[str] = typer.Option(..., "--core", help="the cores to time (repeatable; names of hw core list)"),
    reports_dir: Optional[str] = typer.Option(
        None, help="the per-core cache folder (default: the checkout's hw-report-cache/cores)"
    ),
    timeout: float = typer.Option(1800, help="seconds per tool run (synthesis, place and route) of one block"),
    target_mhz: float = typer.Option(150.0, "--target-mhz", help="the target clock the timed core is built for"),
    router: str = typer.Option("router2", help="nextpnr's router: router1 or router2"),
    max_chars: Optional[int] = typer.Option(
        None, help="skip the blocks whose RTLIL is larger than this (they read 'not run'; a later run times them)"
    ),
    retry: bool = typer.Option(False, "--retry-failed", help="run again the cached blocks that gave no figure"),
    quiet: bool = QUIET,
):
    """Fmax of cores too large to place and route whole, block by block with every block boundary registered
    (synth_ecp5 + nextpnr-ecp5 on an LFE5U-85F per block; long: minutes per block, not in CI). Writes
    _blocks-timing.json in the cache folder, which `hw core compare` and HARDWARE.md read."""
    from pairkit.hw.core import blocktime, instances
    from pairkit.hw.flow.synth import PNR_ROUTERS

    _check(timeout=timeout)
    if router not in PNR_ROUTERS:
        raise InvalidArgumentError(f"--router must be one of {', '.join(PNR_ROUTERS)}, got {router!r}")
    for c in cores:
        instances.get(c)  # an unknown name: CoreError naming the known cores, before anything runs
    _, reports_dir = checkout.enter("pairkit hw core blocks-timing", None, reports_dir)
    reports_dir = reports_dir or os.path.join("hw-report-cache", "cores")
    argcheck.output_dir(reports_dir, "--reports-dir")
    path = os.path.join(reports_dir, blocktime.CACHE_FILE)
    log = None if quiet else (lambda s: print(s, file=sys.stderr, flush=True))
    doc = blocktime.run(cores, path, timeout, target_mhz, router, log, max_chars, retry)
    for c in cores:
        e = doc["cores"][c]
        how = f"{e['fmax_mhz']} MHz, critical: {e['critical']}" if e["fmax_mhz"] else f"no figure: {e['status']}"
        print(f"{c}: {how}")
    print(f"wrote {path}; re-render HARDWARE.md with: pairkit hw report --cached")
