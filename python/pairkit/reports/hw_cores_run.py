"""``pairkit hw core report``'s run: measure the cores (report.py's ``measure``: cycles, the
Verilator check, synthesis, place and route, cached), then regenerate HARDWARE.md through the unit
report's run (report_run.py), whose renderer includes the cores' section.
"""
from __future__ import annotations

import time

from pairkit.reports.hw_units_run import run_report as unit_report
from pairkit.hw.core import instances
from pairkit.reports.hw_cores import DEFAULT_DIR, measure


def run_report(cores=None, out: str = "HARDWARE.md", reports_dir: str = DEFAULT_DIR, synth: bool = True,
               timeout: float = 3600, pnr: bool = False, breakdown: bool = False, rtl: bool = True,
               router: str = "router1", ge: bool = False) -> None:
    names = cores or [c.name for c in instances.all_configs()]
    for n in names:
        instances.get(n)
    for n in names:
        t = time.time()
        r = measure(n, reports_dir, synth, timeout, pnr=pnr, breakdown=breakdown, rtl=rtl, router=router, ge=ge)
        e, f = r.get("ecp5") or {}, (r.get("pnr") or {}).get("fmax_mhz", "?")
        print(f"{n}: {r['cycles']} cycles, {e.get('lut', '?')} LUT4, Fmax {f} MHz ({time.time() - t:.0f} s)", flush=True)
    unit_report(None, out=out, measure=False)
