"""HARDWARE.md's seed 002 sections (Table 5, the datapath variants, Table 6's estimate and the built array), from
the cached ``pairkit proc report`` / ``proc report --array`` measurements (proc.py, proc_array.py)."""

from __future__ import annotations

import os

from pairkit.hw.proc.rtl.layout import PAPER_DEPTH
from pairkit.reports.proc import DEFAULT_DIR, PAPER, load_dir
from pairkit.reports.proc_array import load
from pairkit.reports.proc_array import section as built_array_section
from pairkit.reports.proc_array_md import section as array_section


def _n(x) -> str:
    return "not measured" if x is None else f"{x:,}"


def _red(r: dict) -> str:
    return ", Montgomery (CIOS)" if r.get("reduction") == "montgomery" else ""


def _unlike(ours: int | None, paper: int, what: str) -> str:
    """``what``: ours against the paper's, lower or higher and *not like for like* (our core runs another program
    on a shallower pipeline than the paper's: docs/PROC.md), as ``pairkit hw core compare`` words it."""
    if ours is None:
        return f"{what}: not measured"
    return (
        f"{what}: {ours:,} against {paper:,}, {'lower' if ours <= paper else 'higher'}, not like for like "
        f"({(ours - paper) / paper:+.1%})"
    )


#: why seed 002's figures do not compare like for like (docs/PROC.md "Against the paper" and "RTL")
_WHY = (
    "pairkit's compiled program, not the paper's (which it does not publish), on a shallower pipeline than the paper's"
)
#: the same for the paper-depth core (d = PAPER_DEPTH): its depth is inferred, the paper states none
_WHY_DEEP = (
    "pairkit's compiled program, not the paper's (which it does not publish), on a pipeline of inferred depth "
    "(the paper states no stage count)"
)
#: what each pass latency registers (rtl/core.py, rtl/layout.py)
_STAGES = {
    2: "a column's W × W products, the adder tree and the accumulation share one clock cycle (logic depth above)",
    3: "the products are registered and the critical path (nextpnr) is the instruction unit's, from the program "
    "ROM's output through the decoder to a register-file read address in an instruction's first cycle",
    4: "the products and the read addresses are registered and the program ROM is in LUTs",
    5: "the products, the read addresses and the memories' outputs are registered and the program ROM is in LUTs",
    6: "the products, the adder tree's output, the read addresses and the memories' outputs are registered and the "
    "program ROM is in LUTs; the critical path (nextpnr, read once from its log) runs from the pc register through "
    "the program ROM and the decoder to a registered read address (14.2 ns, 22 cells)",
}
_NEXT = {
    2: "; the paper's clock needs a deeper pipeline (its 1,947–2,207 FF), i.e. a larger d",
    3: "; the paper's clock needs that path pipelined too (its 1,947–2,207 FF): a pre-decoded program ROM or a "
    "prefetched instruction register, not done",
}


def section(reports_dir: str = DEFAULT_DIR) -> list[str]:
    """HARDWARE.md's seed 002 section, from the cached ``pairkit proc report`` measurements."""
    rows = load_dir(reports_dir)
    if not rows:
        return []
    L = [
        "## Seed 002 Table 5 — the programmable pairing processor (`pairkit proc report`)",
        "",
        'One core of seed 002\'s processor (`pairkit.hw.proc.rtl`, docs/PROC.md "RTL") with its program in the ROMs, '
        "synthesized by Yosys (`synth_xilinx -family xc6v` for the paper's Virtex-6, `-family xc7`, `synth_ecp5`). "
        "Cycles are the ISS's and the RTL's (equal, instruction by instruction, in Verilator: `pairkit proc sim-rtl`).",
        "",
        "| core | source | LUT | FF | DSP | BRAM (18 Kbit) | depth (cells) | Fmax |",
        "|---|---|---|---|---|---|---|---|",
        "| seed 002, Virtex-5 xc5vlx110t | Table 5 (ISE) | 1,471 LUT6 | 2,207 | 4 | 4 | — | 208 MHz |",
        "| seed 002, Virtex-6 xc6vlx760 | Table 5 (ISE) | 1,850 LUT6 | 1,947 | 4 | 4 | — | 399 MHz |",
    ]
    for r in rows:
        name = f"`{r['set']}` W = {r['W']}, P = {r['P']}, d = {r['d']}" + _red(r)
        for key, label, unit in (
            ("xc6v", "yosys synth_xilinx xc6v", "LUT6"),
            ("xc7", "yosys synth_xilinx xc7", "LUT6"),
            ("ecp5", "yosys synth_ecp5", "LUT4"),
        ):
            x = r.get(key) or {}
            if "lut" not in x:
                L.append(f"| {name} | {label} | not run | | | | | |")
                continue
            bram = x.get("bram18", x.get("bram", 0))
            fmax = "—"
            if key == "ecp5" and "fmax_mhz" in (r.get("pnr") or {}):
                fmax = f"{r['pnr']['fmax_mhz']} MHz (nextpnr-ecp5, LFE5U-85F)"
            L.append(
                f"| {name} | {label} | {x['lut']:,} {unit} | {x['ff']:,} | {x['dsp']} | {bram} | {x['depth']} | "
                f"{fmax} |"
            )
    L.append("")
    for r in rows:
        sim, x6 = r.get("sim") or {}, r.get("xc6v") or {}
        if sim:
            c = sim["rtl_cycles"]
            same = "the same" if c == sim["iss_cycles"] else f"NOT the ISS's {sim['iss_cycles']:,}"
            line = (
                f"Cycles per `{r['set']}` pairing at d = {r['d']}{_red(r)} (Verilator, seed {sim['seed']}): {c:,} in "
                f"the RTL, {same} in the ISS, "
                f"{sim['instructions']:,} instructions checked one by one, GT "
                f"{'bit-exact' if sim['bit_exact'] else 'NOT bit-exact'}"
                " against the Rust engine"
            )
            if sim.get("iss_conversion_cycles"):
                line += (
                    f" (the host converts into and out of the Montgomery domain: {sim['iss_conversion_cycles']:,} "
                    "more cycles as the ISS counts them, one MUL an input or output)"
                )
            if r["set"] == "typea-512":
                line += "; " + _unlike(c, 9_000_000, "beside the paper's ≈ 9.0 M cycles (≈ 43.3 ms × 208 MHz)")
                if x6.get("ff"):
                    why = _WHY_DEEP if r["d"] >= PAPER_DEPTH else _WHY
                    line += f": {why} ({x6['ff']:,} FF against its {PAPER['ff_v6']:,}–{PAPER['ff_v5']:,})"
            fmhz = (r.get("pnr") or {}).get("fmax_mhz")
            if fmhz and r["set"] == "typea-512" and not _red(r):
                ms = c / fmhz / 1000
                line += (
                    f". At the ECP5 Fmax of {fmhz} MHz that is {ms:.1f} ms a pairing, "
                    f"{ms / 43.3:.1f}× the paper's 43.3 ms at 208 MHz"
                )
                line += f": with d = {r['d']} {_STAGES.get(r['d'], '')}" + _NEXT.get(r["d"], "")
                base3 = next(
                    (
                        o
                        for o in rows
                        if (o["set"], o["W"], o["P"], o["d"]) == (r["set"], r["W"], r["P"], 3) and not _red(o)
                    ),
                    {},
                )
                f3, c3 = (base3.get("pnr") or {}).get("fmax_mhz"), (base3.get("sim") or {}).get("rtl_cycles")
                if r["d"] > 3 and f3 and c3:
                    line += (
                        f"; the clock gain over d = 3 ({f3} MHz, the same flow): {fmhz / f3:.2f}×, for "
                        f"{c / c3 - 1:+.1%} cycles: {c3 / f3 / 1000:.1f} → {c / fmhz / 1000:.1f} ms a pairing"
                    )

            if fmhz and r["set"] == "typea-512" and _red(r):
                line += f". At its ECP5 Fmax of {fmhz} MHz: {c / fmhz / 1000:.1f} ms a pairing"
            L += [line + ".", ""]
        x6 = r.get("xc6v") or {}
        L.append(
            f"Beside the paper's Virtex-6 core (Table 5) for `{r['set']}` at W = {r['W']}, P = {r['P']}, "
            f"d = {r['d']}{_red(r)}: "
            + _unlike(x6.get("lut"), PAPER["lut_v6"], "LUT6 (xc6v)")
            + f"; DSP {_n(x6.get('dsp'))} against the paper's {PAPER['dsp']}"
            + f"; BRAM {_n(x6.get('bram18'))} against the paper's {PAPER['bram18']}"
            + f"; not like for like: {_WHY_DEEP if r['d'] >= PAPER_DEPTH else _WHY}."
        )
        L.append("")

    ours = [r for r in rows if r["set"] == "typea-512" and (r["W"], r["P"]) == (16, 4)]
    arrays = load(os.path.join(reports_dir, "array"))
    L += array_section(
        {r["d"]: r for r in ours if r.get("reduction", "barrett") == "barrett"},
        mont={r["d"]: r for r in ours if r.get("reduction") == "montgomery"},
        arrays=arrays,
    )
    L += built_array_section(
        [a for a in arrays if (a["set"], a["W"], a["P"]) == ("typea-512", 16, 4)],
        {(r.get("reduction", "barrett"), r["d"]): r for r in ours},
    )
    return L
