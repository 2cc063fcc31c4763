"""Fmax of a core too large to place and route whole, block by block, every block boundary registered.

Whole-core place and route of the paper-size cores on an LFE5U-85F did not converge (issue 35: router2
plateaus on overuse after more than an hour; the seed 003 cores do not fit any ECP5). Issue 35 item 3 allows,
for those, "per-block timing with every block boundary registered, stated as such". This module measures it:

* the core is built for a target clock (:attr:`.config.CoreConfig.target_mhz`, :data:`TARGET_MHZ`) so that
  the generator's own pipeline stages (:mod:`.pipeline`: operand registers, split multiplexers, output
  registers) are in it, and with its glue in named submodules (:class:`.rtl.PairingCore` ``hier=True``, as
  :mod:`.blocksynth` splits it);
* each **distinct** block is taken alone: each unit kind (one instance: the instances of a kind share
  generator and parameters), the operand multiplexers of the unit instance of each kind with the most
  sources on one port (the deepest multiplexer of that kind), the register file with its write multiplexers,
  the controller with its micro-code ROM, the host read port (and the read buses when the core has them);
* the block is wrapped (:func:`wrap_rtlil`) with a register on every input and every output, so every path
  it has is register to register, synthesized with ``synth_ecp5`` (its default, delay-oriented mapping) and
  placed and routed out of context with nextpnr-ecp5 (:func:`..flow.toolchain.nextpnr_ecp5`, native when
  built) on an LFE5U-85F; its Fmax is read from nextpnr's timing report (``pnr.json``);
* the core's per-block Fmax is the minimum over its blocks; a block whose run passes its time limit is
  recorded "not converged after N s" and the core then has no figure (nor when a block does not fit).

What the method omits, stated wherever the figure is shown (:data:`OMITS`): the wires between blocks (the
control word's fan-out to every block, the register file's fan-out to every operand multiplexer, the unit
outputs to the write multiplexers), which on a whole-core placement are long; and the top level's own
logic (the table RAMs and their write multiplexers of cores with tables, the unit output registers).
Which boundaries are real registers in the generated core and which are only assumed: :func:`boundaries`.
A block input the core ties to a constant (seed 000's C·A unit's ``e = 1``) is a free, registered input here:
no constant crosses a block boundary, so the block is timed with at least the logic it has in the core.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from dataclasses import dataclass

from pairkit.hw.core import flow
from pairkit.hw.core.errors import CoreError
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow import synth
from pairkit.hw.flow.toolchain import nextpnr_ecp5, to_rtlil, yosys

#: the target clock the timed cores are built for: on the pipeline model it leaves 4 LUT levels
#: (:func:`.pipeline.level_budget`), so both characteristics get all three stages (operand registers, split
#: multiplexers, output registers): every unit boundary of the generated core is then a register
TARGET_MHZ = 150.0
#: the clock nextpnr's timing-driven placement aims at (``--freq``; the run may fail it: ``--timing-allow-fail``)
PNR_FREQ = 150.0
DEVICE = "LFE5U-85F"
METHOD = "per-block P&R, boundaries registered"
OMITS = (
    "the wires between blocks (the control word's fan-out to every block, the register file's to every operand "
    "multiplexer, the unit outputs' to the write multiplexers) and the top level's own logic (table RAMs and "
    "their write multiplexers, the unit output registers)"
)

_MODULE = re.compile(r"^module (\S+)$")
_PORT = re.compile(r"^\s*wire (?:width (\d+) )?(input|output|inout) (\d+)\s+(\S+)\s*$")


@dataclass(frozen=True)
class Port:
    name: str  # the RTLIL identifier, with its leading backslash
    direction: str  # input / output
    width: int


def modules(il: str) -> dict[str, str]:
    """The modules of an RTLIL text by name (without the leading backslash), each its text from ``module`` to
    its ``end`` (the attributes written before a module are dropped: they do not change its logic)."""
    out: dict[str, str] = {}
    cur, buf = None, []
    for line in il.splitlines():
        m = _MODULE.match(line)
        if m:
            cur, buf = m.group(1).lstrip("\\"), [line]
            continue
        if cur is None:
            continue
        buf.append(line)
        if line == "end":
            out[cur] = "\n".join(buf) + "\n"
            cur = None
    if cur is not None:
        raise HwToolError(f"RTLIL: module {cur} has no end")
    return out


def ports(module_text: str) -> list[Port]:
    """The ports of one RTLIL module, in port order."""
    found = []
    for line in module_text.splitlines():
        m = _PORT.match(line)
        if m:
            width, direction, idx, name = m.groups()
            if direction == "inout":
                raise HwToolError(f"RTLIL: inout port {name}: a block boundary cannot be registered")
            found.append((int(idx), Port(name, direction, int(width or 1))))
    return [p for _, p in sorted(found, key=lambda x: x[0])]


def block_text(mods: dict[str, str], name: str) -> str:
    """Module ``name`` and every module below it (Amaranth names a submodule ``<parent>.<child>``)."""
    if name not in mods:
        raise HwToolError(f"RTLIL: no module {name} (modules: {', '.join(sorted(mods))})")
    return "".join(mods[k] for k in sorted(mods) if k == name or k.startswith(name + "."))


def wrap_rtlil(name: str, block_ports: list[Port], clock: str = "\\clk") -> str:
    """An RTLIL module ``\\wrap`` instantiating module ``name`` with a register ($dff on ``\\clk``) on every input
    and every output port but the clock (the reset is an input like any other): every path of the block is
    then register to register (a combinational block, without a clock port, too). The wrapper's ports are
    ``\\clk``, ``\\i<k>`` and ``\\o<k>``."""
    L = ["module \\wrap", "  wire input 1 \\clk"]
    cells, conns, n = [], [f"  cell \\{name} \\u"], 2
    for k, p in enumerate(block_ports):
        if p.name == clock:
            conns.append(f"    connect {p.name} \\clk")
            continue
        outer, inner = f"\\{'i' if p.direction == 'input' else 'o'}{k}", f"\\q{k}"
        L.append(f"  wire width {p.width} {p.direction} {n} {outer}")
        L.append(f"  wire width {p.width} {inner}")
        n += 1
        d, q = (outer, inner) if p.direction == "input" else (inner, outer)
        cells += [
            f"  cell $dff $r{k}",
            f"    parameter \\WIDTH {p.width}",
            "    parameter \\CLK_POLARITY 1",
            "    connect \\CLK \\clk",
            f"    connect \\D {d}",
            f"    connect \\Q {q}",
            "  end",
        ]
        conns.append(f"    connect {p.name} {inner}")
    return "\n".join(L + cells + conns + ["  end", "end"]) + "\n"


@dataclass(frozen=True)
class Block:
    """One block to time: its label, the module, the instances of the core it stands for, why it was chosen."""

    label: str
    module: str
    count: int
    note: str = ""


def split(mc, layout) -> list[Block]:
    """The distinct blocks of a core (micro-code ``mc``, control-word layout ``layout``), see the module
    docstring. A heterogeneous mix (one kind's instances with different units) is refused, as by
    :func:`.blocksynth.blocks`."""
    if mc.variants:
        raise CoreError(
            f"per-block timing takes one unit per kind, but the {', '.join(mc.variants)} units differ between "
            "instances (heterogeneous mix)"
        )
    out = []
    for op, (unit, count, _) in sorted(mc.units.items()):
        out.append(Block(f"unit {op} ({unit})", f"top.{op}0", count, f"{count} instance(s), one timed"))
    for op, (_, count, _) in sorted(mc.units.items()):
        width = {
            i: max((len(s) for (o, j, _), s in layout.op_src.items() if o == op and j == i), default=0)
            for i in range(count)
        }
        best = max(range(count), key=lambda i: (width[i], -i))
        out.append(
            Block(
                f"operand multiplexers {op}{best}",
                f"top.{op}{best}_operands",
                count,
                f"the {op} instance with the most sources on one port ({width[best]})",
            )
        )
    out += [
        Block("register file and write multiplexers", "top.register_file", 1),
        Block("controller and micro-code ROM", "top.controller", 1),
        Block("host read port", "top.host_read", 1),
    ]
    if layout.bus_src:
        out.append(Block("read buses", "top.read_buses", 1))
    return out


def boundaries(mc) -> list[str]:
    """Which block boundaries are registers in the generated core (the stages of ``mc.info["pipeline"]``) and
    which the per-block figure only assumes registered."""
    pl = mc.info.get("pipeline") or {}
    real: list[str] = []
    assumed: list[str] = []
    real.append("register file -> operand multiplexers, host read port (the registers themselves)")
    real.append("controller -> every block (the micro-code ROM is a synchronous block RAM; busy and done registers)")
    (real if pl.get("operand_regs") else assumed).append("operand multiplexers -> unit inputs (operand registers)")
    (real if pl.get("output_regs") else assumed).append(
        "unit outputs -> write multiplexers, operand-multiplexer forwarding, host read port (output registers)"
    )
    real.append("host read port -> rd_data (the read port is registered)")
    assumed.append("host ports in (host_we/addr/wdata, start, rd_addr: driven by the host or the bus top)")
    if mc.n_buses:
        assumed.append("read buses -> operand multiplexers (combinational in the core)")
    return [f"real: {x}" for x in real] + [f"assumed: {x}" for x in assumed]


def block_key(text: str) -> str:
    """The identity of a block's logic: a hash of its modules' RTLIL (the same logic in two cores is timed once)."""
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def lut_count(stat_json: str) -> dict:
    cells = synth.cell_counts(stat_json)
    return {"lut": cells.get("LUT4", 0), "ff": cells.get("TRELLIS_FF", 0), "bram": cells.get("DP16KD", 0)}


def time_block(text: str, module: str, timeout: float, router: str = "router2", freq: float = PNR_FREQ) -> dict:
    """Wrap, synthesize and place and route one block (its RTLIL ``text``, top module ``module``): {lut, ff,
    bram, fmax_mhz, seconds, router, tool} or, past ``timeout`` (each tool run), {status: "not converged after
    N s", reason}; a block the device cannot hold: {status: "does not fit", reason}."""
    mods = modules(text)
    il = text + wrap_rtlil(module, ports(mods[module]))
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="blocktime-") as wd:
        with open(os.path.join(wd, "blk.il"), "w") as fh:
            fh.write(il)
        try:
            yosys(
                "read_rtlil blk.il\nhierarchy -top wrap\nsynth_ecp5 -top wrap -json top_ecp5.json\n"
                "tee -q -o stat.json stat -json\n",
                cwd=wd,
                timeout=timeout,
                what="yosys synth_ecp5 (block)",
            )
        except HwToolError as e:
            if "timed out" in str(e):
                return {"status": f"synthesis not finished after {timeout:g} s", "reason": str(e)[:300]}
            raise
        with open(os.path.join(wd, "stat.json")) as fh:
            counts = lut_count(fh.read())
        t1 = time.time()
        try:
            r = synth.pnr_ecp5(wd, timeout, freq=freq, router=router)
        except HwToolError as e:
            msg = str(e)
            if "not converged" in msg:
                return {**counts, "status": f"not converged after {timeout:g} s", "reason": msg[:400]}
            if "Unable to place" in msg or "utilization" in msg.lower() or "too many" in msg.lower():
                return {**counts, "status": "does not fit", "reason": msg[-400:]}
            raise
    return {
        **counts,
        "fmax_mhz": r["fmax_mhz"],
        "router": r["router"],
        "tool": r["tool"]["version"],
        "synth_seconds": round(t1 - t0, 1),
        "pnr_seconds": r["seconds"],
    }


def summarize(blocks: list[dict]) -> dict:
    """The core's figure from its blocks' results: the minimum Fmax and the critical block, or why there is
    none (a block not timed, not converged or too large)."""
    bad = [b for b in blocks if not b.get("fmax_mhz")]
    if bad:
        failed = [f"{b['label']}: {b['status']}" for b in bad if b.get("status", "not run") != "not run"]
        idle = len(bad) - len(failed)
        return {
            "fmax_mhz": None,
            "critical": None,
            "status": "; ".join(failed + ([f"{idle} of {len(blocks)} blocks not run"] if idle else [])),
        }
    crit = min(blocks, key=lambda b: b["fmax_mhz"])
    return {"fmax_mhz": crit["fmax_mhz"], "critical": crit["label"], "status": "ok"}


def core_blocks(name: str, target_mhz: float = TARGET_MHZ):
    """(compiled core built for ``target_mhz``, its blocks, the RTLIL modules of its ``hier=True`` design)."""
    c = flow.compile_core(flow.with_target(name, target_mhz))
    core = flow.rtl.PairingCore(c.mc, c.cfg.set_id, c.unit_params, hier=True)
    mods = modules(to_rtlil(core))
    return c, split(c.mc, core.layout), mods


def entry(name: str, c, blocks: list[Block], mods: dict, cache: dict, target_mhz: float = TARGET_MHZ) -> dict:
    """Core ``name``'s entry for the cache file from the block results in ``cache`` (by :func:`block_key`; a
    block not there reads "not run"): the blocks, what the method assumes and omits, and :func:`summarize`."""
    rows = []
    for b in blocks:
        key = block_key(block_text(mods, b.module))
        res = {k: v for k, v in cache.get(key, {"status": "not run"}).items() if k not in ("label", "first_core")}
        rows.append({**res, "label": b.label, "module": b.module, "count": b.count, "note": b.note, "key": key})
    tools = sorted({r["tool"] for r in rows if r.get("tool")})
    return {
        "core": name,
        "target_mhz": target_mhz,
        "base_cycles": flow.compile_core(name).mc.cycles(),  # the core without a target (compare: not stale)
        "pipeline": c.mc.info.get("pipeline"),
        "cycles": c.mc.cycles(),
        "miller_cycles": c.mc.info["miller_cycles"],
        "device": DEVICE,
        "method": METHOD,
        "omits": OMITS,
        "boundaries": boundaries(c.mc),
        "tool": ", ".join(tools) or None,
        "blocks": rows,
        **summarize(rows),
    }


def run(
    names: list[str],
    cache_path: str,
    timeout: float = 1800,
    target_mhz: float = TARGET_MHZ,
    router: str = "router2",
    log=None,
    max_chars: int | None = None,
    retry: bool = False,
) -> dict:
    """Time cores ``names`` block by block into the cache file ``cache_path`` (:func:`load`; written after every
    block, so an interrupted run keeps what it measured), one block at a time: core by core in the order given
    (so the first cores are complete before the later ones start), each core's blocks the smallest (RTLIL size)
    first; a block already cached (by any core) is not run again. ``max_chars``: skip the blocks whose RTLIL is
    larger (they read "not run"). ``retry``: run again the cached blocks without a figure (not converged, not
    finished, too large). Returns the cache document."""
    doc = load(cache_path)
    for name in names:
        c, blocks, mods = core_blocks(name, target_mhz)
        if log:
            log(f"{name}: {len(blocks)} blocks")
        todo = sorted(((len(block_text(mods, b.module)), b) for b in blocks), key=lambda x: x[0])
        for size, b in todo:
            text = block_text(mods, b.module)
            key = block_key(text)
            done = key in doc["blocks"] and not (retry and not doc["blocks"][key].get("fmax_mhz"))
            if done or (max_chars is not None and size > max_chars):
                continue
            t = time.time()
            res = time_block(text, b.module, timeout, router)
            doc["blocks"][key] = dict(res, label=b.label, first_core=name)
            doc["cores"][name] = entry(name, c, blocks, mods, doc["blocks"], target_mhz)
            save(cache_path, doc)
            if log:
                log(
                    f"{name}: {b.label} ({size:,} chars RTLIL): "
                    + (f"{res['fmax_mhz']} MHz, " if res.get("fmax_mhz") else f"{res.get('status')}, ")
                    + f"{res.get('lut', '?')} LUT4 ({time.time() - t:.0f} s)"
                )
        doc["cores"][name] = entry(name, c, blocks, mods, doc["blocks"], target_mhz)
        save(cache_path, doc)
    return doc


CACHE_FILE = "_blocks-timing.json"


def load(path: str) -> dict:
    """The cache file (``{"blocks": {key: result}, "cores": {name: entry}}``), empty when absent."""
    if not os.path.exists(path):
        return {"blocks": {}, "cores": {}}
    with open(path) as fh:
        d = json.load(fh)
    d.setdefault("blocks", {})
    d.setdefault("cores", {})
    return d


def save(path: str, doc: dict) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(doc, fh, indent=1, sort_keys=True)
        fh.write("\n")
    os.replace(tmp, path)


def tool_version() -> str:
    return nextpnr_ecp5().record()["version"]
