"""``pairkit hw core report``: measure the named cores and render HARDWARE.md's Pairing cores section.

Per core (cached in ``hw-report-cache/cores/<core>.json``, re-measured when its micro-code or unit mix
changes): cycles from the micro-code, confirmed by simulating whole pairings (Verilator for the
papers' fields, Amaranth for the toys) against the spec and the Rust core; area from Yosys
``synth_ecp5`` (LUT4, FF, block RAM for the control ROM) and, for LUT6 comparisons, ``synth_xilinx``.
The section is rendered by :func:`section` into HARDWARE.md by ``pairkit hw report`` as well.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import tempfile

from pairkit.extras import require
from pairkit.hw.core import blocksynth, flow, instances
from pairkit.hw.core.breakdown import table
from pairkit.hw.core.rtl import storage_script
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.synth import XILINX_LUTRAM, XILINX_LUTS, pnr_ecp5, synth_design
from pairkit.reports.hw_compare import PAPER_ROWS
from pairkit.reports.hw_compare import rows as compare_rows
from pairkit.reports.hw_compare_md import render_markdown, row_line
from pairkit.reports.hw_cores_interconnect import interconnect_16, lut6_of
from pairkit.reports.hw_papers import FF_LUT

DEFAULT_DIR = os.path.join("hw-report-cache", "cores")


def _key(cfg, mc) -> str:
    h = hashlib.sha256(
        mc.listing().encode() + cfg.mix_str().encode() + repr(sorted((u.unit, u.params) for u in cfg.units)).encode()
    )
    return h.hexdigest()[:16]


def _yosys_cells(core, synth: str, timeout, wd: str | None = None) -> tuple:
    """Synthesize ``core`` with the Yosys command ``synth`` (netlist ``net.json`` in ``wd`` if given);
    (cells by type, seconds, logic depth)."""
    with tempfile.TemporaryDirectory() as tmp:
        return synth_design(core, synth, wd or tmp, timeout, f"yosys {synth.split()[0]} (core)")


def _synth_ecp5(core, timeout, wd: str | None = None) -> dict:
    cells, secs, depth = _yosys_cells(core, "synth_ecp5 -top top", timeout, wd)
    return {
        "lut": cells.get("LUT4", 0),
        "ff": cells.get("TRELLIS_FF", 0),
        "ccu2c": cells.get("CCU2C", 0),
        "bram": cells.get("DP16KD", 0),
        "pfumx": cells.get("PFUMX", 0) + cells.get("L6MUX21", 0),
        "depth": depth,
        "seconds": secs,
    }


def _pnr(core, timeout, router: str = "router1") -> dict:
    """Fmax of ``core`` on an LFE5U-85F: synth_ecp5 again (same script as the area figure) into a netlist
    that nextpnr-ecp5 places and routes out of context (``hw.synth.pnr_ecp5``: seed 1, ``router``, the
    100 MHz target only steers placement; timing failures allowed and Fmax read from the report)."""
    with tempfile.TemporaryDirectory() as wd:
        _synth_ecp5(core, timeout, wd)
        os.replace(os.path.join(wd, "net.json"), os.path.join(wd, "top_ecp5.json"))
        return pnr_ecp5(wd, timeout=timeout, router=router)


#: Virtex-II Pro: LUT4 only. By default Yosys also builds LUT5..LUT8 from LUT4s and the MUXF5..MUXF8
#: (two to sixteen LUT4 each), which on XOR networks costs far more LUT4 than a LUT4 mapping (seed 000's
#: C·A unit at m = 239, D = 16: 39,009 LUT4 with them, 23,662 without). Results measured before carry no
#: "flow" key.
XC2VP_OPT = " -nowidelut"


def _synth_xilinx(core, timeout, family: str = "xc7", storage: str = "bram") -> dict:
    """Yosys ``synth_xilinx``: LUT6 for 7 series (seed 004's Virtex-7), LUT4 for ``xc2vp`` (seed 000's
    Virtex-II Pro XC2VP100). ``storage="lut"`` (``CoreConfig.storage``): the tables in distributed RAM and the
    control ROM as LUT logic (:func:`rtl.storage_script`), ``lut`` then counts the distributed RAM's LUT6
    sites too (``lutram``; Vivado's "LUT as Memory"), as the paper's LUT figures do."""
    opt = XC2VP_OPT if family == "xc2vp" else ""  # xc6v (seed 003's Virtex-6) maps LUT6 as xc7 does
    pre = storage_script(storage)
    cells, secs, depth = _yosys_cells(core, f"{pre}synth_xilinx -family {family} -flatten{opt} -top top", timeout)
    lutram = sum(n * cells.get(k, 0) for k, n in XILINX_LUTRAM.items())
    out = {
        "lut": sum(cells.get(k, 0) for k in XILINX_LUTS) + lutram,
        "ff": sum(v for k, v in cells.items() if k.startswith("FD")),
        "bram": sum(v for k, v in cells.items() if k.startswith("RAMB")),
        "depth": depth,
        "seconds": secs,
    }
    if opt:
        out["flow"] = opt.strip()
    if storage != "bram":
        out.update(storage=storage, lutram=lutram, lut_logic=out["lut"] - lutram)
    if family not in ("xc7", "xc2vp"):
        out["family"] = family
    return out


def measure(
    name: str,
    reports_dir: str = DEFAULT_DIR,
    synth: bool = True,
    timeout: float = 3600,
    force: bool = False,
    pnr: bool = False,
    breakdown: bool = False,
    rtl: bool = True,
    router: str = "router1",
    ge: bool = False,
) -> dict:
    """Measure core ``name`` (cached in ``reports_dir``). ``rtl=False``: the 1223-bit cores are simulated in
    the schedule interpreter only (their Verilator models take about 25 minutes each to build); the report
    says which check each figure had. ``router``: nextpnr's router for ``pnr``; a place and route that
    failed or was stopped (no Fmax cached) is run again. ``ge``: the block-synthesized cores' ASIC-style
    gate-equivalent estimate too (generic gates, :data:`..synth.CMOS_GATES`)."""
    cfg, mc = flow.compiled(name)
    os.makedirs(reports_dir, exist_ok=True)
    path = os.path.join(reports_dir, f"{name}.json")
    key = _key(cfg, mc)
    res: dict = {}
    if os.path.exists(path) and not force:
        with open(path) as fh:
            res = json.load(fh)
        if res.get("key") != key:  # re-measure; a breakdown of the core as it was stays, labelled as such
            res = {k: v for k, v in res.items() if k in ("breakdown_before", "before")}
    res.update(
        {
            "key": key,
            "core": name,
            "set": cfg.set_id,
            "alg": cfg.alg,
            "units": cfg.mix_str(),
            "scheduler": cfg.scheduler,
            "summary": cfg.summary,
            "paper": cfg.paper,
            "cycles": mc.cycles(),
            "miller_cycles": mc.info["miller_cycles"],
            "final_exp_cycles": mc.info["final_exp_cycles"],
            "T_iter": mc.info["T_iter"],
            "T_pass": mc.info["T_pass"],
            "unroll": mc.unroll,
            "iterations": mc.info["iterations"],
            "binding": cfg.binding,
            "inversion_cycles": mc.info.get("inversion_cycles"),
            "looped_iterations": mc.info["looped_iterations"],
            "registers": mc.n_regs,
            "interconnect": _interconnect(mc),
            "control_words": mc.n_steps,
            "schedules": mc.info["schedules"],
        }
    )

    def save():
        res["_updated"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        with open(path, "w") as fh:
            json.dump(res, fh, indent=1, sort_keys=True)
            fh.write("\n")

    # the 1223-bit cores: "interp" (the interpreter only, no RTL, no synthesis) or "verilator" (one pairing
    # in Verilator, every iteration's accumulator checked; LUT6 only: they do not fit an ECP5-85F)
    interp_only = cfg.paper.get("measure") == "interp" or (not rtl and cfg.paper.get("measure") == "verilator")
    big = cfg.paper.get("measure") == "verilator" and rtl
    if "sim" not in res or (big and res["sim"].get("engine") == "interp"):  # an interpreter result until then
        res["sim"] = _simulated(name, interp_only, big)
        save()
    eng = "verilator" if big and res["sim"].get("engine") == "verilator" else "interp" if interp_only else None
    # the shared vectors (in RTL for the big cores); --no-rtl keeps a Verilator result already cached
    if eng and (res.get("vectors") or {}).get("engine") not in (eng, "verilator"):
        vec = os.path.join(os.path.dirname(__file__), *[".."] * 4, "test-vectors", f"{cfg.set_id}.json")  # the repo's
        if os.path.exists(vec):
            res["vectors"] = {
                "file": f"test-vectors/{cfg.set_id}.json",
                "engine": eng,
                "checked": flow.vector_check(name, vec, eng),
            }
            save()
    # memories in LUTs (CoreConfig.storage): compared in LUT6 only, no synth_ecp5
    if synth and "ecp5" not in res and not interp_only and not big and cfg.storage == "bram":
        core = flow.make_rtl(cfg, mc)
        res["ecp5"] = _unless_tool_error(lambda: _synth_ecp5(core, timeout))
        res["register_bits"] = core.W
        res["control_word_bits"] = core.layout.width
        save()
    # too large for one flat synthesis (seed 003's 1223-bit cores): LUT6 as a sum of separately synthesized
    # blocks (blocksynth.py), each distinct unit once (cached across cores), the glue hierarchically
    by_blocks = cfg.paper.get("synth") == "blocks"

    def blocks(field: str, family: str) -> None:
        """res[field]: the core as a sum of blocks in ``family``, the units cached across cores."""
        ucache = os.path.join(reports_dir, "_blocks-units.json")
        units = _read_json(ucache) if os.path.exists(ucache) else {}
        res[field] = _unless_tool_error(
            lambda: blocksynth.blocks(
                name,
                family,
                timeout,
                log=lambda s: print(s, flush=True),
                cache=units,
                glue_key=key,
                only=None if synth else (),
            )
        )
        with open(ucache, "w") as fh:
            json.dump(units, fh, indent=1, sort_keys=True)
            fh.write("\n")
        save()

    if by_blocks and "lut" not in (res.get("blocks") or {}):  # --no-synth: the blocks already cached only
        blocks("blocks", cfg.paper.get("family", "xc6v"))
    if by_blocks and ge and "ge" not in (res.get("ge_blocks") or {}):  # the ASIC-style estimate (seed 003 Tables 5, 8)
        from pairkit.hw.flow.synth import CMOS_FAMILY

        blocks("ge_blocks", CMOS_FAMILY)
    if synth and "area_lut6" in cfg.paper and "xilinx" not in res and not interp_only and not by_blocks:
        _xilinx_into(res, cfg, mc, timeout)
        save()
    if synth and "area_lut4" in cfg.paper and "xc2vp" not in res and not interp_only:
        res["xc2vp"] = _unless_tool_error(lambda: _synth_xilinx(flow.make_rtl(cfg, mc), timeout, "xc2vp"))
        save()
    if breakdown and "breakdown" not in res and not interp_only and not big:
        from pairkit.hw.core.breakdown import breakdown as area_breakdown

        ucache = os.path.join(reports_dir, "_breakdown-units.json")  # units do not change with the binding
        units = _read_json(ucache) if os.path.exists(ucache) else {}
        res["breakdown"] = _unless_tool_error(
            lambda: area_breakdown(
                name,
                timeout,
                log=lambda s: print(s, flush=True),
                unit_cache=units,
                total=res.get("xc2vp") if (res.get("xc2vp") or {}).get("lut") else None,
            )
        )
        with open(ucache, "w") as fh:
            json.dump(units, fh, indent=1, sort_keys=True)
            fh.write("\n")
        save()
    lut4 = (res.get("ecp5") or {}).get("lut")
    if pnr and not (res.get("pnr") or {}).get("fmax_mhz") and lut4:
        res["pnr"] = _placed_and_routed(cfg, mc, lut4, timeout, router)
        save()
    save()
    return res


def _xilinx_into(res: dict, cfg, mc, timeout) -> None:
    """``res["xilinx"]``: the core's flat ``synth_xilinx`` in the paper's family, its memories placed as
    ``cfg.storage`` says; with LUT storage also the widths ``synth_ecp5`` records otherwise (not run then)."""
    core = flow.make_rtl(cfg, mc)
    res["xilinx"] = _unless_tool_error(
        lambda: _synth_xilinx(core, timeout, cfg.paper.get("family", "xc7"), cfg.storage)
    )
    if cfg.storage != "bram":
        res["register_bits"], res["control_word_bits"], res["storage"] = core.W, core.layout.width, cfg.storage


def _simulated(name: str, interp_only: bool, big: bool) -> dict:
    """The report's record of simulated pairings of core ``name`` (one for the big cores, in the interpreter
    only where so measured)."""
    r = flow.simulate(name, 1 if interp_only or big else 2, seed=7, engine="interp" if interp_only else "auto")
    return {
        k: r[k]
        for k in (
            "engine",
            "pairings",
            "ok",
            "rtl_cycles",
            "rtl_states_checked",
            "rtl_iterations_checked",
            "interp_values_checked",
            "interp_states_checked",
            "interp_probes_checked",
            "seconds",
        )
        if k in r
    }


def _placed_and_routed(cfg, mc, lut4: int, timeout: float, router: str) -> dict:
    """The core placed and routed on the LFE5U-85F (Fmax), or why not."""
    from pairkit.hw.flow.synth import ECP5_85F_LUTS

    if lut4 > ECP5_85F_LUTS:
        return {"status": "not run", "reason": f"{lut4:,} LUT4 do not fit an LFE5U-85F ({ECP5_85F_LUTS:,})"}
    return _unless_tool_error(lambda: _pnr(flow.make_rtl(cfg, mc), timeout, router))


def _unless_tool_error(run) -> dict:
    """``run()``'s measurement, or the record of one that could not run (a tool missing or failing)."""
    try:
        return run()
    except HwToolError as e:
        return {"status": "not run", "reason": str(e)[:300]}


def load_all(reports_dir: str = DEFAULT_DIR) -> dict:
    out = {}
    if os.path.isdir(reports_dir):
        for fn in sorted(os.listdir(reports_dir)):
            if fn.endswith(".json") and not fn.startswith("_"):
                with open(os.path.join(reports_dir, fn)) as fh:
                    d = json.load(fh)
                out[d["core"]] = d
    return out


def _n(x) -> str:
    return "—" if x is None else f"{x:,}" if isinstance(x, int) else str(x)


def _lut_eq(r) -> int | None:
    e = r.get("ecp5") or {}
    if "lut" not in e:
        return None
    return e["lut"] + math.ceil(FF_LUT * e["ff"])


def pareto(points: list) -> list:
    """The (cycles, area) points not dominated by another (fewer or equal cycles and area, one strictly)."""
    return [p for p in points if not any(q[0] <= p[0] and q[1] <= p[1] and q[:2] != p[:2] for q in points)]


def pareto_plot(res: dict, field: str, path: str) -> list:
    """Area (LUT-eq) against cycles of the measured cores on ``field``; returns the front's cores."""
    pts = [(r["cycles"], _lut_eq(r) or 0, n) for n, r in res.items() if r["set"] == field and _lut_eq(r)]
    if not pts:
        return []
    front = sorted(pareto(pts))
    require("matplotlib", "the Pareto plot").use("Agg")
    plt = require("matplotlib.pyplot", "the Pareto plot")

    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.scatter([p[0] for p in pts], [p[1] for p in pts], color="tab:blue", label="measured cores")
    ax.plot([p[0] for p in front], [p[1] for p in front], color="tab:red", marker="o", label="Pareto front")
    for c, a, n in pts:
        ax.annotate(n, (c, a), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("cycles per pairing (Miller loop + final exponentiation)")
    ax.set_ylabel("LUT-eq (ECP5 LUT4 + 4/3 FF)")
    ax.set_title(f"Pairing cores on {field}: area against cycles (measured)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return [p[2] for p in front]


_MIX = ("mul", "cube", "add", "cbrt")


def _mix(units: str) -> str:
    """A seed 001 core's mix, mul/cube/add/cbrt counts, from its report's unit list (``5 gf3_mul, 1 gf3_cube``)."""
    n = dict.fromkeys(_MIX, 0)
    for part in units.split(", "):
        count, unit = part.split(" ", 1)
        n[unit.removeprefix("gf3_")] = n.get(unit.removeprefix("gf3_"), 0) + int(count)
    return "/".join(str(n[k]) for k in _MIX)


def _goals_beyond(res: dict) -> list:
    """The goals beyond the papers (DSE schedules, seed 003's two-multiplier core, the Pareto fronts), each met
    or missed by a stated amount, every figure from the cache. The papers' own goals are compare's verdicts."""
    rows = []
    r = res.get("s001-dl-5141-cpsat")
    if r and r.get("T_iter"):
        t = r["T_iter"]
        rows.append(
            (
                "seed 001 at 5/1/4/1, CP-SAT schedule: ≤ 102 clk/iteration (≤ 9,894 per loop)",
                f"`s001-dl-5141-cpsat`: T = {t:g}, Miller loop {r['miller_cycles']:,}",
                "met" if t <= 102 else f"missed by {t - 102:g}",
            )
        )
    for name in ("s001-dl-5141-u4", "s001-dl-9mul-u4-cpsat"):
        r = res.get(name)
        if not r or "loop_cycles" not in (r.get("paper") or {}):
            continue
        p = r["paper"]
        pm = PAPER_ROWS.get((p["seed"], p["loop_cycles"]), {}).get("mix")
        paper_mix = "/".join(str(pm[k]) for k in _MIX) if pm else "?"
        mix = _mix(r["units"])
        d = (p["loop_cycles"] - r["miller_cycles"]) / p["loop_cycles"]
        status = f"{d:.1%} fewer"
        if mix == paper_mix:
            status = ("met" if d >= 0.10 else "missed") + f" ({status})"
        else:
            status += f", not like for like (mix {mix}, the paper's {paper_mix})"
        rows.append(
            (
                f"seed 001: a DSE schedule beats {p['seed']}'s {p['loop_cycles']:,} loop cycles by ≥ 10%",
                f"`{name}`: Miller loop {r['miller_cycles']:,}, T = {r['T_iter']:g} per iteration; mix {mix} "
                f"(mul/cube/add/cbrt), {r['unroll']} iterations per pass",
                status,
            )
        )
    r = res.get("s003-eta-t-2xtmvp3-u8")
    if r:
        lut = lut6_of(r)[0]
        rows.append(
            (
                "seed 003: a DSE-scheduled variant ≤ 20,000 cycles, its LUT6 reported",
                f"`{r['core']}` ({r['units']}): {r['cycles']:,} cycles (Miller loop {r['miller_cycles']:,}, the "
                f"rest {r['final_exp_cycles']:,}); {r['registers']} registers; "
                + (f"{lut:,} LUT6 (by blocks)" if lut else "LUT6 not measured"),
                f"cycles {'met' if r['cycles'] <= 20000 else 'missed'} by {abs(r['cycles'] - 20000):,} "
                f"({(r['cycles'] - 20000) / 20000:+.1%}); LUT6 " + ("reported" if lut else "not measured"),
            )
        )
    for field in sorted({x["set"] for x in res.values() if not x["core"].startswith("toy")}):
        pts = [(x["cycles"], _lut_eq(x), n) for n, x in res.items() if x["set"] == field and _lut_eq(x)]
        if pts:
            n_front = len(pareto(pts))
            rows.append(
                (
                    f"≥ 5 measured cores on the area–cycles Pareto front ({field})",
                    f"{len(pts)} measured, {n_front} on the front",
                    "met" if n_front >= 5 else f"missed ({n_front} of 5)",
                )
            )
    if not rows:
        return []
    return ["", "### Goals beyond the papers", "", "| goal | ours | status |", "|---|---|---|"] + [
        row_line(x) for x in rows
    ]


def _interconnect(mc) -> dict:
    """The built layout's multiplexer inputs (operand ports, read buses, register writes) and the registers
    each multiplier port reads (directly or through the buses), for the report's prose."""
    mul = next((op for op in ("mul", "dmul") if op in mc.units), None)
    out = {
        **mc.mux_inputs(),
        "read_buses": mc.n_buses,
        "multiplier_port_registers": mc.port_registers(mul) if mul else [],
    }
    rb = mc.info.get("read_banks")
    if rb:  # read banks (readbanks.py): registers per bank, the ports' groups, the copies
        out["read_banks"] = {
            "registers": rb["registers"],
            "groups": rb["groups"],
            "copies": rb["copies"],
            "moves": rb["moves"],
            "dual_writes": rb["dual_writes"],
            **({"banks": rb["banks"], "sizes": rb["sizes"]} if "banks" in rb else {}),  # a fixed bank map
        }
    return out


def _seed003_notes(res: dict) -> list:
    """How the seed 003 cores' LUT6 are counted, and what the restricted-connectivity variants changed (every
    figure from the cache; the method's details are in docs/CORE.md)."""
    if not any(k.startswith("s003-") for k in res):
        return []
    return [
        "",
        "### Seed 003: LUT6 by blocks, and restricted connectivity",
        "",
        "The 1,223-bit cores are too large for one flat synthesis on this machine, so their LUT6 are sums of "
        "separately synthesized blocks (each distinct unit once, counted per instance; the operand multiplexers, "
        "the register file with its write multiplexers, the controller with its micro-code ROM; the multipliers "
        "mapped standalone with the units table's area flow): no optimisation across blocks, against the paper's "
        'ISE 12.4 count of the whole design (docs/CORE.md "LUT6 of the 1,223-bit cores"). The register counts are '
        "the generator's (lifetimes after `sink`, one register file), beside the paper's 18 in its BAU, ISU and "
        "DHU banks. The cores do not fit an LFE5U-85F, so they have no Fmax; their multipliers, squarer and square "
        "root were placed and routed alone (the units table above).",
        "",
        interconnect_16(res).strip(),
    ]


#: seed 003 Tables 5 and 8 (Synopsys Design Compiler E-2010.12, TSMC 65 nm TCBN65GPLUS, best case, 500 MHz):
#: gates (area / gates = 1.44 um^2, one NAND2) and area of the whole cryptoprocessor
PAPER_GE = {
    "s003-eta-t-tmvp2-u8": ("Table 5, two-way", 472_777, 680_799),
    "s003-eta-t-tmvp3-u8": ("Table 5, three-way", 524_286, 754_972),
    "s003-eta-t-dmoci-u8": ("Table 8, two-way with DMOCI", 665_300, 958_032),
}


def _ge_16(res: dict) -> list:
    """Seed 003's cores in NAND2 gate equivalents (an estimate: Yosys generic gates, :data:`..synth.CMOS_GATES`)
    beside the paper's ASIC gate counts (Tables 5 and 8)."""
    rows = []
    for name in [c.name for c in instances.all_configs()]:
        r = res.get(name) or {}
        g = r.get("ge_blocks") or {}
        if not g:
            continue
        paper = PAPER_GE.get(name)
        parts = [
            f"{op} {u['ge']:,}" + (f" × {u['count']}" if u["count"] > 1 else "")
            for op, u in sorted((g.get("units") or {}).items())
            if u.get("ge") is not None
        ]
        parts += [f"{p} {x['ge']:,}" for p, x in (g.get("glue") or {}).items() if x.get("ge") is not None]
        part_s = ", ".join(parts)
        if not g.get("ge"):
            rows.append(
                f"| `{name}` | — | — | — | {paper[1]:,} ({paper[0]})" if paper else f"| `{name}` | — | — | — | —"
            )
            rows[-1] += (
                f" | not measured: {g.get('reason') or g.get('glue_reason') or 'blocks not all synthesized'}"
                f"{'; so far: ' + part_s if part_s else ''} |"
            )
            continue
        ctl = sum(x.get("ge", 0) for p, x in (g.get("glue") or {}).items() if p.startswith("controller"))
        dp = g["ge"] - ctl
        ratio = (
            f"ours / paper {g['ge'] / paper[1]:.2f}× with the controller, {dp / paper[1]:.2f}× without"
            if paper
            else "—"
        )
        rows.append(
            f"| `{name}` | {g['ge']:,} | {dp:,} | {_n(g.get('ff'))} | "
            + (f"{paper[1]:,} ({paper[0]})" if paper else "— (beyond the paper)")
            + f" | {ratio}; {part_s} |"
        )
    if not rows:
        return []
    return [
        "",
        "ASIC-style estimate beside seed 003 Tables 5 and 8 (`pairkit hw core report --ge`): the cores in NAND2 "
        "gate equivalents, **an estimate, not an ASIC synthesis**. Each block is mapped by Yosys to simple gates "
        "and plain D flip-flops (`abc -g AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX`; enables and resets become "
        "logic; the micro-code ROM becomes logic) and its static-CMOS transistors counted (`stat -tech cmos`: NAND/NOR "
        "4, XOR/XNOR/MUX 12, D flip-flop 16, ...); GE = transistors / 4. Summed block by block as the LUT6 above "
        "(no optimisation across blocks; the multipliers standalone). The controller's micro-code ROM (about two "
        "thousand control words) becomes gates here, where an ASIC would hold it in a ROM macro or replace it "
        "by a state machine, so the table also gives the count without the controller. The paper's gates are Design "
        "Compiler's with "
        "TSMC 65 nm cells (its area / gates = 1.44 µm², one NAND2), whose XOR and flip-flop cells are smaller in GE "
        "than these transistor counts, and which optimises across the whole design: the comparison says how far "
        "apart the two are, not which is smaller.",
        "",
        "| core | GE (estimate) | without the controller | D flip-flops | paper's gates | parts (GE) |",
        "|---|---:|---:|---:|---:|---|",
        *rows,
    ]


def _timing(res: dict) -> list:
    """Fmax (nextpnr-ecp5, LFE5U-85F), latency = cycles / Fmax and area × time of the placed cores; why a core
    was not placed goes into a numbered note under the table."""
    L = [
        "",
        "Place and route (`pairkit hw core report --pnr`): nextpnr-ecp5 on an LFE5U-85F out of context, "
        "seed 1, one run per core (Fmax of one seed, not a sweep) with the router named (nextpnr's default router1; "
        "router2, its congestion-driven router, for the large cores, where router1 crawls); "
        "latency = cycles per pairing / Fmax; "
        "A·T = LUT-eq × latency. Cores above the 85F's 83,640 LUT4 are not placed.",
        "",
        "| core | LUT-eq | slices | Fmax (MHz) | cycles | latency (µs) | A·T (LUT-eq · ms) | router | nextpnr (s) |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    notes: list[str] = []
    for name in [c.name for c in instances.all_configs()]:
        r = res.get(name)
        p = (r or {}).get("pnr") or {}
        if r is None or not p:
            continue
        if not p.get("fmax_mhz"):
            notes.append(f"`{name}` not placed: {p.get('reason', '?')}")
            L.append(
                f"| `{name}` | {_n(_lut_eq(r))} | — | not placed (note {len(notes)}) | {r['cycles']:,} | — | — | "
                "— | — |"
            )
            continue
        lat = r["cycles"] / p["fmax_mhz"]
        L.append(
            f"| `{name}` | {_n(_lut_eq(r))} | {_n(p.get('slices'))} | {p['fmax_mhz']:.1f} | {r['cycles']:,} | "
            f"{lat:,.1f} | {_lut_eq(r) * lat / 1000:,.0f} | {p.get('router', 'router1')}{_tool(p)} | "
            f"{_n(p.get('seconds'))} |"
        )
    if len(L) == 8:
        return ["", "Place and route: no core placed yet (`pairkit hw core report --pnr`)."]
    return L + ([""] + [f"{i}. {t}" for i, t in enumerate(notes, 1)] if notes else [])


def _tool(p: dict) -> str:
    """The label ", native" / ", wasm" of the nextpnr-ecp5 a place and route ran with (``synth.pnr_ecp5``
    records it; results from before it did carry no label)."""
    kind = (p.get("tool") or {}).get("kind")
    return f", {kind}" if kind else ""


def _breakdowns(res: dict) -> list:
    """Where the area goes, for the cores measured with ``--breakdown`` (breakdown.py)."""
    L: list[str] = []
    for name, key in [(c.name, k) for c in instances.all_configs() for k in ("breakdown_before", "breakdown")]:
        b = (res.get(name) or {}).get(key)
        if not b or "total" not in b:
            continue
        if not L:
            L = [
                "",
                "### Where the area goes",
                "",
                "Regenerate with `pairkit hw core report --breakdown --core <core>` (cached beside the core's "
                "figures). Virtex-II Pro LUT4 (`synth_xilinx -family xc2vp -flatten -nowidelut`, seed 000 Table 3's "
                "family): "
                "each unit synthesized flat with everything else black-boxed (its tied inputs still tied); the "
                "glue (all units black-boxed) split between operand multiplexers, register file and controller "
                "in the proportions of a hierarchical synthesis of that glue; the last row is what the whole "
                "core's flat synthesis saves beyond the parts (constants and logic shared across unit "
                "boundaries). docs/CORE.md describes the parts.",
            ]
        when = (
            f"before, with the {b.get('binding', 'first-fit')} binding"
            if key == "breakdown_before"
            else f"as measured above, binding {res[name].get('binding', 'first-fit')}"
        )
        L += ["", f"`{name}`, {when} ({res[name].get('units', '')}; {b['registers']} registers):", ""] + table(name, b)
    return L


def section(reports_dir: str = DEFAULT_DIR) -> list:
    """HARDWARE.md's Pairing cores section (Markdown lines) from the cached measurements; the comparison with the
    papers rendered from ``pairkit hw core compare``'s rows (the caches beside ``reports_dir``: ``cores/`` and
    ``proc/``)."""
    res = load_all(reports_dir)
    L = [
        "## Pairing cores — whole pairings in generated hardware (`pairkit hw core`)",
        "",
        "Generated by `pairkit hw core report` from `hw-report-cache/cores/*.json` (docs/CORE.md). Each core runs the "
        "whole pairing — Miller loop **and** final exponentiation — from micro-code the generator derives from "
        "the spec's trace, a unit mix of the hardware kit's units and a schedule (pairkit.dse). Cycles are the "
        "micro-code's and were confirmed by simulating whole pairings (column *sim*: Verilator for the papers' "
        "fields, Amaranth for the toys; every value against the spec in the schedule interpreter, the "
        "accumulator at every loop boundary in the RTL, the GT element against the Rust core). Area: Yosys "
        "`synth_ecp5` LUT4 and FF of the whole core (units, registers, multiplexers, controller); the control "
        "ROM is in block RAM (DP16KD column). LUT-eq = LUT4 + ⌈4/3 FF⌉, seed 001's equivalent. "
        "The papers' figures beside ours, seed by seed, follow the place-and-route table.",
        "",
    ]
    if not res:
        return L + ["No core measured yet: run `pairkit hw core report`.", ""]
    L += [
        "| core | pairing | units | schedule | loop body (cycles) | Miller loop | final exp. | total cycles | "
        "registers | control words | sim | LUT4 | FF | DP16KD | LUT-eq |",
        "|" + "---|" * 15,
    ]
    L += _cores_table(res)
    L += _timing(res)
    L += render_markdown(compare_rows(os.path.dirname(os.path.normpath(reports_dir)) or "."), level=3)
    L += _goals_beyond(res)
    L += _seed003_notes(res)
    L += _ge_16(res)
    L += _breakdowns(res)
    for field in sorted({r["set"] for r in res.values() if not r["core"].startswith("toy")}):
        png = os.path.join(reports_dir, f"pareto-{field}.png")
        front = pareto_plot(res, field, png)
        if front:
            n_meas = sum(1 for r in res.values() if r["set"] == field and _lut_eq(r))
            L += [
                "",
                f"![area against cycles, {field}]({png})",
                "",
                f"{field}: {n_meas} measured cores, {len(front)} on the area–cycles Pareto front: "
                + ", ".join(f"`{n}`" for n in front)
                + ".",
            ]
    return L + [""]


def _cores_table(res: dict) -> list:
    """The rows of the cores' table, in the instances' order."""
    L: list = []
    for name in [c.name for c in instances.all_configs()]:
        r = res.get(name)
        if r is None:
            continue
        e = r.get("ecp5") or {}
        T = (
            (
                f"{r['T_pass']} × {r['looped_iterations'] // r['unroll']}"
                + (f" (passes of {r['unroll']} iterations)" if r["unroll"] > 1 else "")
            )
            if r.get("T_pass")
            else "—"
        )
        sim = r.get("sim", {})
        simtxt = f"{sim.get('engine')}: {'PASS' if sim.get('ok') else 'FAIL'}" if sim else "—"
        L.append(
            f"| `{name}` | {r['set']} {r['alg']} | {r['units']} | {r['scheduler']} | {T} | {_n(r['miller_cycles'])} | "
            f"{_n(r['final_exp_cycles'])} | {_n(r['cycles'])} | {r['registers']} | {_n(r['control_words'])} | "
            f"{simtxt} | {_n(e.get('lut'))} | {_n(e.get('ff'))} | {_n(e.get('bram'))} | {_n(_lut_eq(r))} |"
        )
    return L


def _read_json(path: str):
    with open(path) as fh:
        return json.load(fh)
