"""``pairkit dse``: design-space exploration of pairing hardware (seed 001 sections 3-5, and beyond).

Errors are :class:`pairkit.errors.PairkitError` subclasses: ``pairkit``'s main() prints them as
``error: <Type>: <message>`` and exits with status 2.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Optional

import typer

from pairkit import sets
from pairkit.sets import Family

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Design-space exploration: DDG, ASAP/ALAP, list/exact/modulo scheduling, Tables 3-4 of seed 001.",
)

_SET = typer.Option(None, "--set", help="parameter set id (e.g. ss3-97, ss2-283)")
_ALG = typer.Option(None, "--alg", help="algorithm (default: duursma-lee for ss3 sets, eta-alg2 for ss2)")
_TRACE = typer.Option(None, "--trace", help="read a trace or DDG JSON file instead of the spec")
_COSTS = typer.Option(
    None, "--costs", help="seed001 | table1 | binary | measured (default: seed001 in char. 3, binary in char. 2)"
)
_DIGIT = typer.Option(None, "--digit", help="digit size D of the multiplier (table1, binary)")
_UFILE = typer.Option(None, "--units-file", help="measured unit costs (default hw-report-cache/units.json)")
_REGS = typer.Option(None, "--registers", help="registers counted in A: a number, 'max' or 'each' (model default)")
_PRIO = typer.Option("mobility", "--priority", help="list-scheduling priority: mobility (seed 001) | static | rc")


def _warn(msg: str) -> None:
    print(f"note: {msg}", file=sys.stderr)


def _ddg(set_id, alg, trace, whole=False):
    from pairkit.dse import ddg as D
    from pairkit.dse.errors import DSEError

    if alg is not None and not alg.strip():
        raise DSEError("--alg: an empty algorithm name")
    if trace:
        d = D.load_file(trace, whole)
    else:
        if not set_id:
            raise DSEError("give --set (and --alg), or --trace FILE")
        family = sets.small_characteristic(set_id, "the design-space exploration's graphs").family
        alg = alg or ("duursma-lee" if family is Family.CHAR3 else "eta-alg2")
        d = D.from_spec(set_id, alg, whole)
    for w in d.meta.get("warnings", []):
        _warn(w)
    return d


#: limits of the command line (docs/DSE.md "Limits"); graph sizes and unit counts: ddg.MAX_DDG_OPS,
#: problem.MAX_UNITS
MAX_DIGIT = 2048
MAX_REGISTERS = 4096
MAX_TIME_LIMIT_S = 24 * 3600.0


def _registers(registers):
    from pairkit.dse.errors import DSEError, DSELimitError

    if registers is None or registers in ("max", "each"):
        return registers
    if not re.fullmatch(r"\d{1,12}", registers):
        raise DSEError(f"--registers: expected a number, 'max' or 'each', got {registers[:40]!r}")
    n = int(registers)
    if n > MAX_REGISTERS:
        raise DSELimitError(f"--registers: {n:,} exceeds the limit of {MAX_REGISTERS:,}")
    return n


def _digit(digit):
    from pairkit.dse.errors import DSEError, DSELimitError

    if digit is None:
        return None
    if digit < 1:
        raise DSEError(f"--digit: the digit size must be at least 1, got {digit}")
    if digit > MAX_DIGIT:
        raise DSELimitError(f"--digit: {digit:,} exceeds the limit of {MAX_DIGIT:,}")
    return digit


def _time_limit(t: float) -> float:
    from pairkit import argcheck
    from pairkit.dse.errors import DSEError, DSELimitError
    from pairkit.errors import LimitExceededError

    try:
        return argcheck.seconds("--time-limit", t, MAX_TIME_LIMIT_S)
    except LimitExceededError as e:
        raise DSELimitError(str(e)) from None
    except ValueError as e:
        raise DSEError(str(e)) from None


def _check_args(digit=None, registers=None, time_limit=None):
    """The command line's numbers, checked before the graph is built."""
    if time_limit is not None:
        _time_limit(time_limit)
    return _digit(digit), _registers(registers)


def _model(d, costs, digit, units_file, registers):
    from pairkit.dse import costs as C
    from pairkit.dse.errors import CostModelError

    if units_file is not None and costs != "measured":
        raise CostModelError(f"--units-file is read by --costs measured only (got --costs {costs or 'default'})")
    return C.get(costs, d.field, D=_digit(digit), units_file=units_file, registers=_registers(registers))


@app.command("ddg")
def ddg_cmd(
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    trace: Optional[str] = _TRACE,
    whole: bool = typer.Option(False, "--whole", help="the whole Miller loop instead of one iteration"),
):
    """The data-dependence graph (JSON, schema pairkit.dse.ddg v1) of one loop iteration or the whole loop."""
    print(json.dumps(_ddg(set_id, alg, trace, whole).to_json(), indent=1))


@app.command()
def analyze(
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    trace: Optional[str] = _TRACE,
    costs: Optional[str] = _COSTS,
    digit: Optional[int] = _DIGIT,
    units_file: Optional[str] = _UFILE,
    whole: bool = typer.Option(False, "--whole"),
    as_json: bool = typer.Option(False, "--json"),
):
    """Unlimited units: ASAP/ALAP, mobility, critical path and variability ranges (unit and real latencies)."""
    from pairkit.dse import analysis, problem
    from pairkit.dse.explore import ranges_of

    _check_args(digit)
    d = _ddg(set_id, alg, trace, whole)
    M = _model(d, costs, digit, units_file, None)
    rr = ranges_of(d, M)
    if as_json:
        print(
            json.dumps(
                {
                    "ddg": d.name,
                    "counts": d.counts(),
                    "ranges": rr,
                    "unit_latency": analysis.summary(problem.build(d, M, unit_latency=True)),
                    "real_latency": analysis.summary(problem.build(d, M)),
                },
                indent=1,
            )
        )
        return
    print(f"{d.name} ({d.scope}): {d.counts()}; {len(d.carried_edges())} loop-carried edges")
    print(
        f"control steps with unit latencies: {rr['unit']['makespan']}; critical path with model "
        f"{M.name}: {rr['real']['makespan']} clk"
    )
    print(f"{'unit':6} {'ops':>4} {'range':>6} {'asap':>5} {'alap':>5} {'window':>6}   real: {'range':>5}")
    for t, u in rr["unit"]["units"].items():
        r = rr["real"]["units"][t]
        print(
            f"{t:6} {u['ops']:>4} {u['range']:>6} {u['asap_peak']:>5} {u['alap_peak']:>5} {u['window']:>6}"
            f"         {r['range']:>5}"
        )


@app.command()
def schedule(
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    trace: Optional[str] = _TRACE,
    units: str = typer.Option(..., "--units", help="unit mix, e.g. mul=5,add=4,cube=1,cbrt=1"),
    costs: Optional[str] = _COSTS,
    digit: Optional[int] = _DIGIT,
    units_file: Optional[str] = _UFILE,
    registers: Optional[str] = _REGS,
    priority: str = _PRIO,
    whole: bool = typer.Option(False, "--whole"),
    exact: bool = typer.Option(False, "--exact", help="also the CP-SAT optimum"),
    time_limit: float = typer.Option(10.0, "--time-limit", help="CP-SAT wall-clock limit (s)"),
    modulo: bool = typer.Option(False, "--modulo", help="also iterative modulo scheduling"),
    gantt: Optional[str] = typer.Option(None, "--gantt", help="write a Gantt chart (.png/.svg; no suffix: both)"),
    as_json: bool = typer.Option(False, "--json"),
):
    """Schedule one unit mix: list schedule (seed 001), registers, A/T/AT/AT^2; optionally exact and modulo."""
    from pairkit.dse import listsched, problem
    from pairkit.dse import registers as R
    from pairkit.reports import dse_plots as plots

    _check_args(digit, registers, time_limit=time_limit)
    if gantt:
        from pairkit import argcheck

        argcheck.output_file(gantt, "--gantt")
    d = _ddg(set_id, alg, trace, whole)
    M = _model(d, costs, digit, units_file, registers)
    P = problem.build(d, M)
    vec = problem.resolve_counts(P, units)
    s = listsched.list_schedule(P, vec, priority).verify()
    ra = R.allocate(s)
    nreg = M.registers if isinstance(M.registers, int) else ra["registers"]
    A = M.area(P.mix(vec), nreg)
    res = {
        "ddg": d.name,
        "units": P.mix(vec),
        "cost_model": M.name,
        "priority": priority,
        "T": s.T,
        "A": round(A, 2),
        "AT": round(A * s.T),
        "AT2": round(A * s.T**2),
        "registers_in_A": nreg,
        "registers": {k: ra[k] for k in ("registers", "max_live", "carried_moves")},
        "schedule": s.to_json(),
    }
    extra = []
    if exact:
        from pairkit.dse.exact import solve

        e = solve(P, vec, time_limit=time_limit).verify()
        res["exact"] = {
            "T": e.T,
            **{k: e.info[k] for k in ("status", "proven", "bound", "wall_s")},
            "gap_pct": round(100 * (s.T / e.T - 1), 1),
        }
        extra.append(
            f"CP-SAT: T* = {e.T} ({'optimal' if e.info['proven'] else 'best found, bound ' + str(e.info['bound'])}"
            f"), list schedule gap {res['exact']['gap_pct']}%"
        )
    if modulo:
        from pairkit.dse.modulo import modulo_schedule

        m = modulo_schedule(P, vec)
        res["modulo"] = m.to_json()
        extra.append(
            f"modulo: II = {m.II} (MII {m.info['MII']} = max(ResMII {m.info['ResMII']}, RecMII "
            f"{m.info['RecMII']}, occupancy {m.info['max_occupancy']})), one iteration {m.length} clk, "
            f"{m.stages} stages, {m.max_live()} registers; {s.T / m.II:.2f}x the list schedule's throughput"
        )
    if gantt:
        res["gantt"] = plots.gantt(s, gantt)
    if as_json:
        print(json.dumps(res, indent=1))
        return
    print(f"{d.name}: {', '.join(f'{k}={v}' for k, v in P.mix(vec).items())} ({M.name}, priority {priority})")
    print(f"T = {s.T} clk   A = {A:,.0f} LUT ({nreg} registers)   AT = {A * s.T:,.0f}   AT^2 = {A * s.T**2:.3e}")
    print(f"registers: {ra['registers']} (max live {ra['max_live']}; {ra['carried_moves']} loop-carried moves)")
    for x in extra:
        print(x)
    for p in res.get("gantt", []):
        print(f"wrote {p}")


@app.command()
def explore(
    set_id: Optional[str] = _SET,
    alg: Optional[str] = _ALG,
    trace: Optional[str] = _TRACE,
    costs: Optional[str] = _COSTS,
    digit: Optional[int] = _DIGIT,
    units_file: Optional[str] = _UFILE,
    registers: Optional[str] = _REGS,
    priority: str = _PRIO,
    ranges: str = typer.Option("max", "--ranges", help="max | unit (seed 001's) | real"),
    exact: bool = typer.Option(False, "--exact", help="CP-SAT optimum for every row of Tables 3-4"),
    time_limit: float = typer.Option(10.0, "--time-limit", help="CP-SAT wall-clock limit per row (s)"),
    modulo: bool = typer.Option(False, "--modulo", help="iterative modulo scheduling for every row"),
    as_json: bool = typer.Option(False, "--json"),
    out: Optional[str] = typer.Option(
        None, "--out", help="directory for explore.json, tables.md, ddg.json, pareto and Gantt pictures (PNG + SVG)"
    ),
):
    """Every unit mix within the variability ranges: Tables 3 (min T) and 4 (min AT), AT^2, the Pareto front."""
    from pairkit.dse import explore as X
    from pairkit.reports import dse as report
    from pairkit.reports import dse_plots as plots

    _check_args(digit, registers, time_limit=time_limit)
    if out:
        from pairkit import argcheck

        argcheck.output_dir(out, "--out")
    d = _ddg(set_id, alg, trace)
    M = _model(d, costs, digit, units_file, registers)
    ex = X.explore(d, M, priority=priority, ranges=ranges)
    if exact:
        X.run_exact(ex, time_limit=time_limit)
    if modulo:
        X.run_modulo(ex)
    js = ex.to_json()
    js["paper_comparison"] = report.compare_paper(ex)
    md = report.markdown(ex)
    if out:
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "explore.json"), "w") as fh:
            json.dump(js, fh, indent=1)
        with open(os.path.join(out, "tables.md"), "w") as fh:
            fh.write(md)
        with open(os.path.join(out, "ddg.json"), "w") as fh:
            json.dump(d.to_json(), fh, indent=1)
        files = plots.pareto(ex, os.path.join(out, "pareto"))
        files += plots.gantt(ex.schedule(ex.best("T").counts), os.path.join(out, "gantt_min_T"))
        files += plots.gantt(ex.schedule(ex.best("AT").counts), os.path.join(out, "gantt_min_AT"))
        js["files"] = [os.path.join(out, f) for f in ("explore.json", "tables.md", "ddg.json")] + files
        _warn(f"wrote {', '.join(js['files'])}")
    print(json.dumps(js, indent=1) if as_json else md)
