"""Cores per device and aggregate pairings/s for seed 002's processor: the paper's estimate (section 5.3:
"the total resource count available on the device divided by the per core requirements"; Table 6: 216
cores on an xc6vlx760, 9,568.8 pairings/s at 399 MHz), for pairkit's core and its datapath variants.

    cores       = min over the resources r of floor(available_r / per_core_r)   (the binding resource: the argmin)
    pairings/s  = cores x f_clk / cycles per pairing

An estimate, like the paper's: no device-sized array is placed and routed, and every core is assumed to keep
the clock of one. The per-core counts are one core's, or (reports/proc_array_md.py, "per core of the built array") the
synthesized multi-core array's (proc/rtl/array.py) divided by its cores, the work distributor included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pairkit.errors import InvalidArgumentError

RESOURCES = ("lut", "ff", "dsp", "bram")


@dataclass(frozen=True)
class Device:
    name: str
    lut: int
    ff: int
    dsp: int
    bram: int
    kinds: str  # what the four counts count
    source: str


DEVICES = {
    "xc6vlx760": Device(
        "xc6vlx760",
        lut=474_240,
        ff=948_480,
        dsp=864,
        bram=1_440,
        kinds="LUT6 / FF / DSP48E1 / RAMB18",
        source="Xilinx DS150 (Virtex-6 Family Overview) Table 1: 118,560 slices of 4 LUT6 and 8 FF each "
        "(758,784 logic cells = 1.6 LUT6 each), 864 DSP48E1, 720 36-Kbit block RAMs = 1,440 RAMB18; "
        "864 / 4 DSP = 216 is the paper's core count",
    ),
    "lfe5u-85f": Device(
        "lfe5u-85f",
        lut=83_640,
        ff=83_640,
        dsp=156,
        bram=208,
        kinds="LUT4 / FF / MULT18X18D / DP16KD",
        source="Lattice ECP5 family data sheet (FPGA-DS-02012) Table 1.1: 84 K LUT4 (83,640, the count nextpnr-ecp5 "
        "places into), two flip-flops beside two LUT4 in every slice, 156 18 x 18 multipliers (42 sysDSP "
        "slices), 208 EBR of 18 Kbit (DP16KD)",
    ),
}


def cores(dev: Device, per_core: dict) -> tuple[int, str, dict[str, int]]:
    """(cores that fit, the binding resource, cores per resource) for per-core counts {lut, ff, dsp, bram}."""
    fits = {}
    for r in RESOURCES:
        need = per_core.get(r)
        if isinstance(need, bool) or not isinstance(need, int) or need < 0:
            raise InvalidArgumentError(f"per-core {r} must be a non-negative integer, got {need!r}")
        if need:
            fits[r] = getattr(dev, r) // need
    if not fits:
        raise InvalidArgumentError("a core must use some resource")
    binding = min(fits, key=fits.__getitem__)
    return fits[binding], binding, fits


def estimate(dev: Device, per_core: dict, cycles: int, mhz: float) -> dict:
    """Cores, binding resource, pairings/s per core and in all (at ``mhz``) for ``cycles`` per pairing."""
    if cycles <= 0 or mhz <= 0:
        raise InvalidArgumentError("cycles and the clock must be positive")
    n, binding, fits = cores(dev, per_core)
    one = mhz * 1e6 / cycles
    return {
        "device": dev.name,
        "cores": n,
        "binding": binding,
        "fits": fits,
        "per_core": dict(per_core),
        "cycles": cycles,
        "mhz": mhz,
        "per_core_per_s": one,
        "per_s": n * one,
    }


def resources(x: dict) -> dict:
    """LUT / FF / DSP / BRAM of one cached synthesis (either tool's names)."""
    return {"lut": x["lut"], "ff": x["ff"], "dsp": x["dsp"], "bram": x.get("bram18", x.get("bram", 0))}


def per_core(arrays: list[dict], tool: str = "xc6v") -> dict | None:
    """The measured per-core cost with the distributor's share and the shared ROMs: the largest synthesized
    array of shared-ROM cores divided by its cores (rounded up), with its basis; None if none is cached."""
    got = [r for r in arrays if r["shared_roms"] and "lut" in (r.get(tool) or {})]
    if not got:
        return None
    r = max(got, key=lambda r: r["cores"])
    x = resources(r[tool])
    return {
        "per_core": {k: math.ceil(v / r["cores"]) for k, v in x.items()},
        "cores": r["cores"],
        "array": x,
        "reduction": r["reduction"],
        "d": r["d"],
    }
