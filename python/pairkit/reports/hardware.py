"""HARDWARE.md's campaigns: ``pairkit hw report`` measures the unit entries that are not cached
(:mod:`.hw_units`), ``pairkit hw core report`` the pairing cores (:mod:`.hw_cores`: cycles, the Verilator
check, synthesis, place and route, cached); both then regenerate the whole document
(:mod:`.hw_units_md` renders it, the cores' and the processor's sections included) and units.json.
The top of the hardware reports: it imports the measurements and the renderer, none imports it.
"""

from __future__ import annotations

import datetime
import json
import os
import time
import traceback

from pairkit.hw.core import instances
from pairkit.hw.flow.verilator import cache_dir
from pairkit.hw.units.catalogue import build
from pairkit.reports.hw_cores import DEFAULT_DIR as CORES_DIR
from pairkit.reports.hw_cores import measure as measure_core
from pairkit.reports.hw_units import (
    NOT_RUN,
    REPORTS_DIR,
    complete,
    load_results,
    measure_unit,
    select,
    write_units_json,
)
from pairkit.reports.hw_units_md import render
from pairkit.reports.steps import Progress, no_progress


def run_report(
    keys=None,
    *,
    out="HARDWARE.md",
    reports_dir=REPORTS_DIR,
    force=False,
    timeout=900.0,
    pnr=True,
    log=print,
    measure=True,
    progress: Progress = no_progress,
) -> None:
    """Measure the unit entries ``keys`` (default all) not cached, then render ``out`` and units.json;
    ``progress`` one step an entry (cached ones included)."""
    os.makedirs(reports_dir, exist_ok=True)
    entries = select(keys) if measure else []
    for i, e in enumerate(entries):
        progress(i, len(entries), e.id)
        path = os.path.join(reports_dir, f"{e.id}.json")
        res = {}
        if os.path.exists(path) and not force:
            with open(path) as fh:
                res = json.load(fh)
            if complete(res, pnr) or res.get("_skip"):
                continue
            if res.get("_timeout", 0) >= timeout and any(
                res.get(k, {}).get("status") == NOT_RUN for k in ("xilinx", "ecp5", "pnr")
            ):
                continue  # already timed out at this budget
        res["_timeout"] = timeout

        def save(res=res, path=path):
            res["_updated"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
            with open(path + ".tmp", "w") as fh:
                json.dump(res, fh, indent=1, default=str)
            os.replace(path + ".tmp", path)

        log(f"[hw report] {e.id}: {e.unit} {e.params}")
        t = time.time()
        try:
            u = build(e.unit, **e.params)
            measure_unit(
                u,
                os.path.join(cache_dir(), "work", e.id),
                pnr,
                timeout,
                res=res,
                save=save,
                flow=e.flow,
                router=e.router,
            )
        except Exception as ex:  # keep the sweep going; the entry shows the failure
            res["error"] = f"{type(ex).__name__}: {ex}"[:600]
            res["traceback"] = traceback.format_exc()[-2000:]
        save()
        log(f"[hw report] {e.id}: done in {time.time() - t:.0f} s")
    progress(len(entries), len(entries), "rendering the report")
    results = load_results(reports_dir)
    with open(out, "w") as fh:
        fh.write(render(results))
    write_units_json(results, reports_dir)


def run_cores_report(
    cores=None,
    out: str = "HARDWARE.md",
    reports_dir: str = CORES_DIR,
    synth: bool = True,
    timeout: float = 3600,
    pnr: bool = False,
    breakdown: bool = False,
    rtl: bool = True,
    router: str = "router1",
    ge: bool = False,
    progress: Progress = no_progress,
) -> None:
    """Measure ``cores`` (default all; cached), then render ``out``; ``progress`` one step a core."""
    names = cores or [c.name for c in instances.all_configs()]
    for n in names:
        instances.get(n)
    for i, n in enumerate(names):
        progress(i, len(names), n)
        t = time.time()
        r = measure_core(n, reports_dir, synth, timeout, pnr=pnr, breakdown=breakdown, rtl=rtl, router=router, ge=ge)
        e, f = r.get("ecp5") or {}, (r.get("pnr") or {}).get("fmax_mhz", "?")
        print(
            f"{n}: {r['cycles']} cycles, {e.get('lut', '?')} LUT4, Fmax {f} MHz ({time.time() - t:.0f} s)", flush=True
        )
    progress(len(names), len(names), "rendering the report")
    run_report(None, out=out, measure=False)
