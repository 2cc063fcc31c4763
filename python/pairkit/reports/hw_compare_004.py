"""Seed 004's like-for-like check for ``pairkit hw core compare``: a core's unit mix, storage and counting basis
against the paper's system (:data:`pairkit.hw.core.instances_s004.PAPER_MIX`, derived from seed 004 section 5
and Tables 3-4). Each function returns ``(category, text)`` pairs; :mod:`.hw_compare` makes them
``Difference`` rows (the categories that decide like for like are its ``DECIDING``).
"""

from __future__ import annotations

import json
import os

from pairkit.hw.core.instances_s004 import PAPER_GROUPS, PAPER_MIX
from pairkit.reports.hw_papers import SEED004

#: the paper's multiplier variants: chunks of a 32-bit word per multiplier (section 3.1, Algs. 5-6)
K_OF = {"M5": 4, "M4": 3}
#: what the paper does for each other operation kind (section 5; section 2.1: additions are XORs)
_PAPER_DOES = {
    "sqr": "two GF(2^m) squarers (section 5)",
    "inv": "one GF(2^m) inverter inside the F_{2^4m} inverter (section 4.2, Fig. 4)",
    "sqrt": "none: the square roots are loaded into tables before the loop (section 5, Alg. 10)",
    "add": "none: the XORs are combinational inside the FSM states (section 5, Fig. 6)",
}


def is_paper_mix(cfg) -> bool:
    """A core built as the paper's system (instances_s004): its memories counted in LUTs."""
    return cfg.storage == "lut"


def mix_differences(cfg, M: str) -> list[tuple[str, str]]:
    """The unit-mix differences of ``cfg`` from seed 004's system with multiplier ``M`` (kinds, counts,
    digit sizes, latencies, organisation); none only for the paper's exact mix."""
    out = []
    muls = [u for u in cfg.units if u.op == "mul"]
    n = sum(u.count for u in muls)
    kinds = sorted({(u.unit, dict(u.params).get("W"), dict(u.params).get("K")) for u in muls})
    if kinds != [("gf2_mul_chunked", 32, K_OF[M])]:
        out.append(("units", f"multipliers {kinds} against the paper's {M} (32-bit words in K = {K_OF[M]} chunks)"))
    if n != PAPER_MIX["mul"]:
        out.append(("units", f"{n} GF(2^m) multipliers against the paper's {PAPER_MIX['mul']} ({PAPER_GROUPS})"))
    if not any(u.unit.startswith("f4_mul") for u in cfg.units):
        out.append(
            (
                "units",
                f"our {n} multipliers share one register file and serve every product; the paper wires 18 into "
                "two F_{2^4m} Karatsuba units (Fig. 2; the inverter's own, Fig. 4) and 6 to the loop (section 5)",
            )
        )
    counts = cfg.counts()
    for op in ("sqr", "inv", "sqrt", "add"):
        if counts.get(op, 0) != PAPER_MIX[op]:
            how = ""
            if op == "add" and any(dict(u.params).get("latch") == 0 for u in cfg.units if u.op == "add"):
                how = " (unlatched" + (", results forwarded" if cfg.forward else "") + ": still a step each)"
            out.append(("units", f"{counts.get(op, 0)} {op} unit(s){how} against the paper's {_PAPER_DOES[op]}"))
    for u in cfg.units:
        if u.unit == "gf2_inv":
            p = dict(u.params)
            out.append(
                (
                    "units",
                    f"our GF(2^m) inverter's multiplier is digit-serial MSD (D = {p.get('D')}, {p.get('q')} "
                    f"squarer(s) in series), Alg. 7's an {M} and one squarer",
                )
            )
    want = SEED004["M5" if M == "M5" else "M3/M4"][2]
    if muls and want and cfg.cycles("mul") != want:
        out.append(
            (
                "units",
                f"our {M} multiplier takes {cfg.cycles('mul')} cycles against the {want} hw_papers.SEED004 derives "
                "from the paper's text (its FSM's states per word)",
            )
        )
    return out


def storage_differences(cfg, x: dict) -> list[tuple[str, str]]:
    """Storage and counting basis of the LUT6 figure ``x`` (the core's cached ``synth_xilinx``) against the
    paper's: tables "into LUTs" (section 5) and FSM control, Vivado's LUT count (LUT as memory included)."""
    if not x.get("lut"):
        return [("storage", "not synthesized: where the tables and the control sit is unmeasured")]
    out = []
    if x.get("bram"):
        what = "square-root tables and micro-code ROM sit" if cfg.streams else "micro-code ROM sits"
        out.append(
            (
                "storage",
                f"our {what} in {x['bram']} block RAM outside the LUT count; the paper stores its precomputed "
                'square roots "into LUTs" (counted)',
            )
        )
    if x.get("storage") != "lut" or x["lut"] != x.get("lut_logic", 0) + x.get("lutram", 0):
        out.append(("basis", "our LUT6 count leaves out distributed RAM; Vivado's LUT count includes LUT as memory"))
    return out


def storage_note(x: dict) -> str | None:
    """How the LUT-storage figure was counted (a note, not a difference)."""
    if x.get("storage") != "lut":
        return None
    return (
        f"LUT6 {x['lut']:,} = {x['lut_logic']:,} logic (the control ROM as LUT logic included) + {x['lutram']:,} "
        "LUT6 sites of distributed RAM (the tables), 0 block RAM: Yosys setattr rom_style=logic / "
        "ram_style=distributed before synth_xilinx (rtl.storage_script)"
    )


def cycles_note(r: dict, paper_cycles: int) -> str:
    """Where the cycles of a paper-mix core go (its micro-code, measured), beside the paper's total."""
    d = (r["cycles"] - paper_cycles) / paper_cycles
    return (
        f"cycles {r['cycles']:,} against {paper_cycles:,} ({d:+.1%}): Miller loop {r['miller_cycles']:,} "
        f"(prologue filling the tables, then {r['T_iter']:g} a pass) + final exponentiation "
        f"{r['final_exp_cycles']:,}; per pass our XORs take adder steps (the paper's are combinational inside "
        "its FSM states) while our multiplier is the faster one (units note)"
    )


#: the multiplier's own synthesis in the units' cache (``pairkit hw report``), by chunks K (M4 is M3's unit)
UNIT_CACHE = {4: "s004-m5.json", 3: "s004-m3.json"}


def lut_note(cfg, x: dict, paper_lut: int, cache_dir: str) -> str | None:
    """Where the LUT6 of a paper-mix core go, as far as measured: its multipliers at their own synthesis's
    LUT6 (the units' cache) against the paper's Table 2 figure, the distributed RAM, the rest."""
    muls = [u for u in cfg.units if u.unit == "gf2_mul_chunked"]
    if not x.get("lut") or not muls:
        return None
    K = int(dict(muls[0].params).get("K") or 0)
    if K not in UNIT_CACHE or not os.path.exists(path := os.path.join(cache_dir, UNIT_CACHE[K])):
        return None
    with open(path) as fh:
        unit = json.load(fh)
    one = (unit.get("xilinx") or {}).get("lut")
    if not one or unit.get("params", {}).get("K") != K:
        return None
    n = sum(u.count for u in muls)
    paper_one = SEED004["M5" if K == 4 else "M3/M4"][0]
    d = (x["lut"] - paper_lut) / paper_lut
    rest = x["lut"] - n * one - x.get("lutram", 0)
    return (
        f"LUT6 {x['lut']:,} against {paper_lut:,} ({d:+.1%}): {n} multipliers × {one:,} (the unit's own "
        f"synthesis, hw-report-cache/{UNIT_CACHE[K]}; the paper's {paper_one:,} each, Table 2) = {n * one:,}, "
        f"tables {x.get('lutram', 0):,}, the rest (operand and write multiplexers, the control ROM as logic, "
        f"inverter, squarers, adders, square roots) {rest:,} (approximate: the flattened core maps the "
        "multipliers anew)"
    )
