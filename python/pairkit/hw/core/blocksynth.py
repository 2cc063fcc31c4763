"""LUT6 of a core too large to synthesize flat, as a sum of separately synthesized blocks.

Seed 003's 1223-bit eta_T cores did not finish one flat ``synth_xilinx -family xc6v`` in 71 minutes on
this machine. Here each **distinct** block is synthesized once, on its own, and the counts are summed
over the blocks' instances:

* a unit (the multiplier, the DMOCI, an adder, a squarer, a square-root network or chain): the core
  built with its glue in named submodules (:class:`.rtl.PairingCore` ``hier=True``), everything
  black-boxed but that unit (Yosys ``blackbox``; the unit's tied inputs stay tied), flattened;
  identical instances (same generator, same parameters) are synthesized once and counted per instance;
* the glue: every unit black-boxed, the rest synthesized **hierarchically** (no ``-flatten``): per
  unit instance its operand multiplexers (``<op><i>_operands``), the register file with its write
  multiplexers and the host's input writes (``register_file``), the controller with its micro-code ROM
  (``controller``) and the GT read port (``host_read``), each module mapped without its neighbours.

The multipliers (the TMVP multiplier, the DMOCI) are the exception: their in-core flattened synthesis did
not finish in an hour on this machine, while the units table (``pairkit hw report``) maps the same
generator in one or two minutes with its area flow (:func:`..synth.synth_xilinx`: ``abc -lut 6`` with
an area script). They are synthesized **standalone** with that flow (:data:`STANDALONE`): the
generator with the core's parameters (``latch = 0``: no operand registers), all its inputs driven by
the core's operand multiplexers, so no tied input is lost; the report labels them as such.

The sum has **no optimisation across the block boundaries** (Yosys cannot propagate constants or merge
logic between separately synthesized modules): on the smaller cores a flat synthesis counts less than
the sum of its parts (:mod:`.breakdown`'s last row). Seed 003's figures are ISE 12.4 place-and-route
counts of the whole design: the comparison is labelled as such wherever it is shown.
"""

from __future__ import annotations

import json
import os
import tempfile
import time

from pairkit.hw.core import flow
from pairkit.hw.core.config import generator
from pairkit.hw.core.errors import CoreError
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow import synth
from pairkit.hw.flow.synth import CMOS_FAMILY, cmos_count, cmos_script
from pairkit.hw.flow.toolchain import to_rtlil, yosys
from pairkit.hw.units.catalogue import build

_LUTS = ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6")


def _count(cells: dict) -> dict:
    return {
        "lut": sum(v for k, v in cells.items() if k in _LUTS),
        "ff": sum(v for k, v in cells.items() if k.startswith("FD")),
        "bram": sum(v for k, v in cells.items() if k.startswith("RAMB")),
    }


def _synth(wd: str, bb: list, family: str, flat: bool, timeout) -> dict:
    """Cells per module: the top (``flat``) or every module of the hierarchy. ``family``: a Xilinx family
    (``synth_xilinx``: LUT, FF, BRAM) or :data:`..synth.CMOS_FAMILY` (generic gates: GE, transistors, FF)."""
    cmos = family == CMOS_FAMILY
    script = cmos_script(flat) if cmos else f"synth_xilinx -family {family}{' -flatten' if flat else ''} -top top\n"
    yosys(
        "read_rtlil top.il\n"
        + (f"blackbox {' '.join(bb)}\n" if bb else "")
        + script
        + f"tee -q -o stat.json stat -json{' -tech cmos' if cmos else ''}\n",
        cwd=wd,
        timeout=timeout,
        what=f"yosys {'synth (generic gates)' if cmos else 'synth_xilinx'} (block, {family})",
    )
    with open(os.path.join(wd, "stat.json")) as fh:
        txt = fh.read()
    d = json.loads(txt[txt.index("{") :])
    if cmos:
        return {k.lstrip("\\"): cmos_count(v) for k, v in d["modules"].items()}
    return {
        k.lstrip("\\"): _count({t.lstrip("\\$"): n for t, n in v.get("num_cells_by_type", {}).items()})
        for k, v in d["modules"].items()
    }


def metric(family: str) -> str:
    """The area figure a family counts: ``ge`` (generic gates) or ``lut``."""
    return "ge" if family == CMOS_FAMILY else "lut"


def glue_parts(h: dict, units: list, q: str = "lut") -> dict:
    """The glue's parts from the cells per module of its hierarchical synthesis (``h``: Yosys names the
    submodules of the hierarchy ``top.<name>``, the top ``top``). The register file, controller and host read
    port are required: a missing one (a renamed submodule, another Yosys naming) raises instead of counting 0.
    A unit's operand module may be absent: Yosys drops a submodule left without logic (a unit whose ports
    each have one source); it counts 0."""
    fixed = ["top.register_file", "top.controller", "top.host_read", "top"]
    missing = [x for x in fixed if x not in h]
    if missing:
        raise HwToolError(
            f"the glue's hierarchical synthesis has no module {', '.join(missing)} (modules: {', '.join(sorted(h))})"
        )
    # a core with read buses (buses.py): the bus multiplexers count with the operand multiplexers
    parts = {
        "operand multiplexers": [f"top.{u}_operands" for u in units if f"top.{u}_operands" in h]
        + [x for x in ("top.read_buses",) if x in h],
        "register file and write multiplexers": ["top.register_file"],
        "controller (micro-code ROM, counters) and host read port": fixed[1:],
    }
    return {part: {k: sum(h[x][k] for x in mods) for k in (q, "ff", "bram")} for part, mods in parts.items()}


#: units synthesized standalone with the units table's area flow (see the module's docstring)
STANDALONE = ("gf2_mul_tmvp", "gf2_dmoci")
STANDALONE_HOW = "standalone, the units table's area flow (abc -lut 6, area script)"
STANDALONE_HOW_CMOS = "standalone, generic gates"


def _standalone(cfg, mc, op: str, family: str, timeout) -> dict:
    """One unit of the core synthesized alone, as ``pairkit hw report`` measures the units."""
    params = dict(flow.unit_params(cfg).get(op, ()))
    params.setdefault("field", cfg.set_id)
    unit = build(generator(mc.units[op][0]), **params)
    with tempfile.TemporaryDirectory() as wd:
        if family == synth.CMOS_FAMILY:
            return {**synth.synth_cmos(unit, wd, timeout), "how": STANDALONE_HOW_CMOS}
        r = synth.synth_xilinx(unit, wd, timeout, "area", family)
    return {"lut": r["lut"], "ff": r["ff"], "bram": 0, "how": STANDALONE_HOW}


def unit_key(cfg, mc, op: str, family: str = "xc6v") -> str:
    """The identity of a unit's logic: field, generator and parameters (the core around it does not change it),
    and the family it is counted in (xc6v, the first one, unnamed)."""
    return f"{cfg.set_id}|{mc.units[op][0]}|{flow.unit_params(cfg).get(op)}" + (
        "" if family == "xc6v" else f"|{family}"
    )


def blocks(
    name,
    family: str = "xc6v",
    timeout: float = 3600,
    log=None,
    cache: dict | None = None,
    only: tuple | None = None,
    glue_key: str | None = None,
) -> dict:
    """Synthesize core ``name`` (or a configuration) block by block. ``cache``: unit results by
    :func:`unit_key` and the glue's by ``"glue|" + glue_key`` (the micro-code's hash: the glue depends on
    it), read and extended; ``only``: the unit keys to run (the rest must be cached), the glue included when
    ``"glue"`` is in it. Returns per part {lut, ff, bram, count, seconds} and the sums."""
    cfg, mc = flow.compiled(name)
    if mc.variants:
        raise CoreError(
            f"{cfg.name}: block synthesis counts one unit per operation kind, but the {', '.join(mc.variants)} "
            "units differ between instances (heterogeneous mix): synthesize the core whole"
        )
    units = [f"{op}{i}" for op, (_, count, _) in sorted(mc.units.items()) for i in range(count)]
    glue = (
        [f"{u}_operands" for u in units]
        + ["register_file", "controller", "host_read"]
        + (["read_buses"] if mc.n_buses else [])
    )
    cache = {} if cache is None else cache
    out: dict = {
        "family": family,
        "registers": mc.n_regs,
        "register_bits": mc.m * (2 if mc.p == 3 else 1),
        "units": {},
        "glue": {},
        "method": "sum of separately synthesized blocks (no optimisation across blocks)",
    }
    gk = f"glue|{family}|{glue_key}" if glue_key else None
    q = metric(family)
    need = [
        op
        for op in mc.units
        if unit_key(cfg, mc, op, family) not in cache
        and mc.units[op][0] not in STANDALONE
        and (only is None or unit_key(cfg, mc, op, family) in only)
    ]
    have_glue = bool(gk and "glue" in cache.get(gk, {}))  # a cached failure ({"reason": ...}) is retried
    need_glue = not have_glue and (only is None or "glue" in only)
    with tempfile.TemporaryDirectory() as wd:
        if need or need_glue:  # the RTLIL of a 1223-bit core takes minutes to elaborate: only when needed
            # (the core, with its units, is built only then: nothing unelaborated when every block is cached)
            core = flow.rtl.PairingCore(mc, cfg.set_id, flow.unit_params(cfg), hier=True)
            with open(os.path.join(wd, "top.il"), "w") as fh:
                fh.write(to_rtlil(core))
        for op in sorted(mc.units):
            key = unit_key(cfg, mc, op, family)
            n = mc.units[op][1]
            if key not in cache:
                if only is not None and key not in only:
                    out["units"][op] = {"status": "not run", "key": key, "count": n}
                    continue
                t = time.time()
                u = f"{op}0"
                if mc.units[op][0] in STANDALONE:
                    r = _standalone(cfg, mc, op, family, timeout)
                else:
                    r = _synth(wd, [f"top.{x}" for x in units + glue if x != u], family, True, timeout)["top"]
                cache[key] = dict(r, seconds=round(time.time() - t, 1))
                if log:
                    log(f"{cfg.name}: {u} ({key}): {r[q]:,} {q.upper()}, {r['ff']:,} FF ({time.time() - t:.0f} s)")
            out["units"][op] = dict(cache[key], key=key, count=n)
        if have_glue:
            out["glue"], out["glue_seconds"] = cache[gk]["glue"], cache[gk]["seconds"]
        elif gk and gk in cache and not need_glue:
            out["glue_reason"] = cache[gk].get("reason")
        elif need_glue:
            t = time.time()
            out["glue"] = glue_parts(_synth(wd, [f"top.{u}" for u in units], family, False, timeout), units, q)
            out["glue_seconds"] = round(time.time() - t, 1)
            if gk:
                cache[gk] = {"glue": out["glue"], "seconds": out["glue_seconds"]}
            if log:
                log(
                    f"{cfg.name}: glue ({time.time() - t:.0f} s): "
                    + ", ".join(f"{p} {x[q]:,} {q.upper()}" for p, x in out["glue"].items())
                )
    done = all(q in u for u in out["units"].values()) and out["glue"]
    if done:
        out[q] = sum(u[q] * u["count"] for u in out["units"].values()) + sum(g[q] for g in out["glue"].values())
        out["ff"] = sum(u["ff"] * u["count"] for u in out["units"].values()) + sum(
            g["ff"] for g in out["glue"].values()
        )
        out["bram"] = sum(u["bram"] * u["count"] for u in out["units"].values()) + sum(
            g["bram"] for g in out["glue"].values()
        )
    return out
