"""The logic depth of a generated core per pipeline stage, after synthesis.

``synth_ecp5`` (Yosys, :func:`pairkit.hw.flow.synth.synth_design`) maps the core to ECP5 cells; every
path between state elements (``TRELLIS_FF`` flip-flops, ``DP16KD`` block RAM: the control ROM and the
tables) is counted in combinational cells (LUT4, PFUMX, L6MUX21, CCU2C: one level each, a chain of CCU2C
carry cells one level in all: the carry runs on the dedicated carry wires), as Yosys's ``ltp -noff``
counts a mapped netlist. The longest path is grouped by the stage it *ends* in, named from
the flip-flop's output net (the generator's names, :mod:`.rtl`):

* ``muxes``: the first stage of the split multiplexers (``<unit>_<port>_g<k>``, the group select
  ``<unit>_<port>_grp``, the delayed control inputs ``<unit>_<x>_m``; with ``mux_regs``),
* ``operands``: the operand registers (``<unit>_<port>_q``, ``<unit>_start_q``, after flattening often
  named as the unit's port ``<unit>.<port>`` they drive; with operand stages),
* ``outputs``: the unit output registers (``<unit>_<output>_q``; with output stages),
* ``units``: the units' own registers (``<unit>.*``: latched operands, accumulators, results),
* ``registers``: the register file (``r<k>``),
* ``control``: the controller, the host port, the block RAM inputs and anything else.

The model's budget for a target clock is :func:`pairkit.hw.core.pipeline.level_budget`; the depth here is
what synthesis built, so a unit whose own logic is deeper than the budget shows in ``units``.
"""

from __future__ import annotations

import json
import os
import re
import tempfile

from pairkit.hw.flow.synth import pnr_ecp5, synth_design

#: cells that start and end paths (state), and the stages reported
SEQUENTIAL = ("TRELLIS_FF", "DP16KD")
STAGES = ("muxes", "operands", "units", "outputs", "registers", "control")


def _names(core) -> tuple[set, set, tuple]:
    """(operand register names, output register names, unit instance prefixes) of a PairingCore (the
    split multiplexers' first-stage registers are told by their names' endings, :func:`classify`)."""
    ins: set[str] = set()
    outs: set[str] = set()
    prefixes: list[str] = []
    for (op, i), u in core.units.items():
        # the operand register drives the unit's port: flattened, its net often keeps the port's name
        ins.update((f"{op}{i}_start_q", f"{op}{i}.start"))
        ins.update(x for p in u.inputs for x in (f"{op}{i}_{p}_q", f"{op}{i}.{p}"))
        outs.update(f"{op}{i}_{p}_q" for p in u.outputs)
        prefixes.append(f"{op}{i}.")
    return ins, outs, tuple(prefixes)


def classify(name: str | None, ins: set, outs: set, prefixes: tuple) -> str:
    """The stage a flip-flop belongs to, from its output net's name."""
    if name is None:
        return "control"
    if name in ins:
        return "operands"
    if re.search(r"_(g\d+|grp|m)$", name) and name.startswith(tuple(p[:-1] + "_" for p in prefixes)):
        return "muxes"
    if name in outs:
        return "outputs"
    if name.startswith(prefixes):
        return "units"
    if re.fullmatch(r"r\d+", name):
        return "registers"
    return "control"


def _bit_names(top: dict, ins: set, outs: set) -> dict:
    """Net bit -> its public name: a stage register's own name first, then top-level names, then the shortest."""

    def rank(name):
        return (name not in ins and name not in outs, "." in name, len(name))

    out: dict = {}
    for name, n in top.get("netnames", {}).items():
        if n.get("hide_name"):
            continue
        for b in n["bits"]:
            if isinstance(b, int) and (b not in out or rank(name) < rank(out[b])):
                out[b] = name
    return out


def _bits(conn: dict, dirs: dict, direction: str) -> list:
    return [b for p, bits in conn.items() if dirs.get(p) == direction for b in bits if isinstance(b, int)]


def _levels(top: dict, drivers: dict, comb_in: dict) -> dict:
    """Combinational cell -> the most levels on a path ending at it (iterative DFS)."""
    types = {cname: c["type"] for cname, c in top["cells"].items()}

    def step(src, dst):  # a carry chain is one level however long (CCU2C to CCU2C: the dedicated carry)
        return 0 if types[src] == types[dst] == "CCU2C" else 1

    level: dict = {}
    for start in comb_in:
        stack = [(start, False)]
        while stack:
            n, done = stack.pop()
            if n in level:
                continue
            if done:
                level[n] = max((level[drivers[b]] + step(drivers[b], n) for b in comb_in[n] if b in drivers), default=1)
                continue
            stack.append((n, True))
            stack.extend((drivers[b], False) for b in comb_in[n] if b in drivers and drivers[b] not in level)
    return level


def depth_by_stage(netlist_path: str, core) -> dict:
    """Stage -> the most combinational cells on a path ending in it (0: none of that stage)."""
    with open(netlist_path) as fh:
        d = json.load(fh)
    mods = d["modules"]
    top = mods.get("top") or next(iter(mods.values()))
    ins, outs, prefixes = _names(core)
    bit_name = _bit_names(top, ins, outs)
    drivers: dict = {}
    comb_in: dict = {}
    ends: list = []  # (stage, input bits) per state element
    for cname, c in top["cells"].items():
        dirs, conn = c.get("port_directions", {}), c["connections"]
        if c["type"] in SEQUENTIAL:
            q = _bits(conn, dirs, "output")
            ff = c["type"] == "TRELLIS_FF" and q
            ends.append(
                (classify(bit_name.get(q[0]), ins, outs, prefixes) if ff else "control", _bits(conn, dirs, "input"))
            )
            continue
        comb_in[cname] = _bits(conn, dirs, "input")
        drivers.update(dict.fromkeys(_bits(conn, dirs, "output"), cname))
    level = _levels(top, drivers, comb_in)
    out = dict.fromkeys(STAGES, 0)
    for stage, bits in ends:
        out[stage] = max(out[stage], max((level[drivers[b]] for b in bits if b in drivers), default=0))
    return out


def measure(compiled, timeout: float = 600, pnr_mhz: float | None = None, pnr_max_lut: int | None = None) -> dict:
    """Synthesize a compiled core (:class:`pairkit.hw.core.flow.CompiledCore`) with ``synth_ecp5`` and
    return LUT4, flip-flops, the longest path and the longest path per stage (LUT levels); with ``pnr_mhz``
    also place and route the netlist (nextpnr-ecp5, LFE5U-85F out of context, that clock steering it:
    :func:`pairkit.hw.flow.synth.pnr_ecp5`) for its Fmax, unless it has more than ``pnr_max_lut`` LUT4."""
    core = compiled.make_rtl(debug=False)
    with tempfile.TemporaryDirectory() as wd:
        cells, secs, depth = synth_design(core, "synth_ecp5 -top top", wd, timeout, "yosys synth_ecp5 (core depth)")
        stages = depth_by_stage(os.path.join(wd, "net.json"), core)
        out = {
            "lut": cells.get("LUT4", 0),
            "ff": cells.get("TRELLIS_FF", 0),
            "depth": max(stages.values()),
            "depth_flow": depth,  # hw/flow/synth.logic_depth, as the reports: block RAM as logic, ports as ends
            "stages": stages,
            "seconds": secs,
        }
        if pnr_mhz is not None and (pnr_max_lut is None or out["lut"] <= pnr_max_lut):
            os.replace(os.path.join(wd, "net.json"), os.path.join(wd, "top_ecp5.json"))
            out["pnr"] = {**pnr_ecp5(wd, timeout=timeout, freq=pnr_mhz), "freq": pnr_mhz}
    return out
