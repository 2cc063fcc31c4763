"""Where a core's area goes (``pairkit hw core report --breakdown``): flat syntheses with parts cut out.

The core is built with its glue in named submodules (:class:`.rtl.PairingCore` ``hier=True``, the
same logic as the flat build): per unit instance ``<op><i>`` the unit and ``<op><i>_operands`` its
operand multiplexers (with the x + 1 modifier and the start gating); ``register_file`` the registers,
their write multiplexers and the host's input writes; ``controller`` the program and loop counters
and the control ROM (block RAM); ``host_read`` the GT read port. A synthesis of the hierarchy as it
is (no flattening) is no guide: Yosys then cannot propagate the constants a unit's inputs are tied to
(seed 000's e = 1), nor simplify across the multiplexers, and counts two thirds more LUTs than the
flat core. So every figure here is a **flat** synthesis (``synth_xilinx -family xc2vp -flatten -nowidelut``:
Virtex-II Pro LUT4, seed 000 Table 3's family) of the core with some modules turned into black
boxes (Yosys ``blackbox``):

* a unit: everything black-boxed but that unit (its hard-wired inputs still tied: the top is kept);
  identical instances are synthesized once;
* the glue: every unit black-boxed; its LUTs are split between the operand multiplexers, the register
  file and the controller with the host read port in the proportions of a hierarchical synthesis of
  the same glue (no constants cross these boundaries; its per-module counts sum to within a few per
  cent of the flat glue);
* what remains of the whole core's flat count after the units and the glue (optimisation across the
  unit boundaries: tied inputs, merged logic) is its own row.
"""

from __future__ import annotations

import json
import os
import tempfile
import time

from pairkit.hw.core import flow
from pairkit.hw.flow.toolchain import to_rtlil, yosys

SYNTH = "synth_xilinx -family xc2vp -flatten -nowidelut -top top"  # report.XC2VP_OPT: LUT4 only
_LUTS = ("LUT1", "LUT2", "LUT3", "LUT4", "LUT5", "LUT6")
#: seed 000's names for the s000-ca cores' units (Fig. 1): op kind, instance -> name
S000_NAMES = {
    ("sca", 0): "C·A unit (6 MSD multipliers, scheme 1) with its F_{2^4m} input squarer",
    ("sqr4n", 0): "F_{2^4m} squarer (k in series; Alg. 2's C^{MT})",
    ("mul", 0): "Multiplier 1",
    ("mul", 1): "Multiplier 2",
    ("inv", 0): "inverter (Itoh-Tsujii)",
}


def _count(cells: dict) -> dict:
    return {
        "lut": sum(v for k, v in cells.items() if k in _LUTS),
        "ff": sum(v for k, v in cells.items() if k.startswith("FD")),
        "bram": sum(v for k, v in cells.items() if k.startswith("RAMB")),
    }


def _synth(wd: str, bb: list, timeout, flat: bool = True) -> dict:
    """Cells of the top module (``flat``) or, per module, of every module (hierarchical)."""
    synth = SYNTH if flat else SYNTH.replace(" -flatten", "")
    yosys(
        "read_rtlil top.il\n" + (f"blackbox {' '.join(bb)}\n" if bb else "") + f"{synth}\n"
        "tee -q -o stat.json stat -json\n",
        cwd=wd,
        timeout=timeout,
        what="yosys synth_xilinx (breakdown)",
    )
    with open(os.path.join(wd, "stat.json")) as fh:
        txt = fh.read()
    d = json.loads(txt[txt.index("{") :])
    mods = {
        k.lstrip("\\"): _count({t.lstrip("\\$"): n for t, n in v.get("num_cells_by_type", {}).items()})
        for k, v in d["modules"].items()
    }
    return mods["top"] if flat else mods


def breakdown(
    name: str, timeout: float = 3600, log=None, total: dict | None = None, unit_cache: dict | None = None, cfg=None
) -> dict:
    """Flat syntheses of core ``name`` with parts black-boxed: LUT4 and FF per unit instance, operand
    multiplexers, register file, controller and host read port, and the whole core. ``total``: the whole
    core's flat count if already measured (the report's xc2vp figure); ``unit_cache``: unit results by
    (field, unit, parameters), read and extended (a unit's logic does not depend on the core around it,
    only on its tied inputs, which the unit kind fixes); ``cfg``: a configuration instead of a name."""
    cfg, mc = flow.compiled(cfg or name)
    core = flow.rtl.PairingCore(mc, cfg.set_id, flow.unit_params(cfg), hier=True)
    units = [f"{op}{i}" for op, i in core.units]
    unit_cache = {} if unit_cache is None else unit_cache
    glue = [f"{u}_operands" for u in units] + ["register_file", "controller", "host_read"]
    t0 = time.time()
    out: dict = {"family": "xc2vp", "units": {}, "registers": mc.n_regs, "register_bits": core.W}
    with tempfile.TemporaryDirectory() as wd:
        with open(os.path.join(wd, "top.il"), "w") as fh:
            fh.write(to_rtlil(core))

        def run(what, bb, flat=True):
            t = time.time()
            r = _synth(wd, [f"top.{x}" for x in bb], timeout, flat)
            if log:
                x = r if flat else {k: sum(v[k] for v in r.values()) for k in ("lut", "ff")}
                log(f"{name} breakdown: {what}: {x['lut']:,} LUT4, {x['ff']:,} FF ({time.time() - t:.0f} s)")
            return r

        out["total"] = {"lut": total["lut"], "ff": total["ff"]} if total else run("whole core", [])
        for (op, _i), u in zip(core.units, units):
            ps = mc.variants[op][_i][1] if op in mc.variants else flow.unit_params(cfg).get(op)  # per instance
            key = f"{cfg.set_id}|{mc.unit_name(op, _i)}|{ps}"
            if key not in unit_cache:
                unit_cache[key] = run(u, [x for x in units if x != u] + glue)
            out["units"][u] = dict(unit_cache[key])
        out["glue_flat"] = run("glue (units black-boxed)", units)
        hier = run("glue, hierarchical", units, flat=False)
        opm = [f"top.{u}_operands" for u in units]
        for part, keep in (
            ("operand multiplexers", opm),
            ("registers and write multiplexers", ["top.register_file"]),
            ("controller and host read port", ["top.controller", "top.host_read", "top"]),
        ):
            out.setdefault("glue_hier", {})[part] = {
                k: sum(hier[m][k] for m in keep if m in hier) for k in ("lut", "ff")
            }
    out["seconds"] = round(time.time() - t0, 1)
    out["op_inputs"] = {f"{op}{i}.{k}": len(s) for (op, i, k), s in sorted(core.layout.op_src.items())}
    out["reg_inputs"] = {f"r{r}": len(s) for r, s in sorted(core.layout.reg_src.items())}
    return out


def parts(b: dict) -> list:
    """(category, part, LUT4, FF) rows of a breakdown, summing to the whole core's flat count."""
    rows = [("units", u, x["lut"], x["ff"]) for u, x in b["units"].items()]
    g, gh = b["glue_flat"], b["glue_hier"]
    hl = sum(x["lut"] for x in gh.values()) or 1
    order = ("operand multiplexers", "registers and write multiplexers", "controller and host read port")
    glue = [(part, round(g["lut"] * gh[part]["lut"] / hl), gh[part]["ff"]) for part in order if part in gh]
    glue[-1] = (glue[-1][0], g["lut"] - sum(x[1] for x in glue[:-1]), glue[-1][2])  # rounding: the parts sum to g
    rows += [("glue", *x) for x in glue]
    rows.append(
        (
            "rest",
            "optimisation across the unit boundaries",
            b["total"]["lut"] - sum(r[2] for r in rows),
            b["total"]["ff"] - sum(r[3] for r in rows),
        )
    )
    return rows


def unit_label(part: str, cfg_name: str) -> str:
    """A readable name for unit instance ``part`` (``sca0``, ``mul1``): seed 000's for its cores."""
    op = part.rstrip("0123456789")
    i = int(part[len(op) :] or 0)
    if cfg_name.startswith("s000-ca-") and (op, i) in S000_NAMES:
        return S000_NAMES[(op, i)]
    return {
        "add": "adder",
        "sqr": "squarer",
        "mul": "multiplier",
        "sqrt": "square root",
        "inv": "inverter",
        "cube": "cube",
        "cbrt": "cube root",
    }.get(op, op) + f" #{i}"


def table(name: str, b: dict) -> list:
    """Markdown lines: the breakdown ``b`` of core ``name``."""
    tot = b["total"]["lut"] or 1
    L = ["| part | LUT4 | share | FF |", "|---|---:|---:|---:|"]
    rows = parts(b)
    for _cat, part, lut, ff in sorted((r for r in rows if r[0] == "units"), key=lambda r: -r[2]):
        L.append(f"| {unit_label(part, name)} (`{part}`) | {lut:,} | {100 * lut / tot:.1f}% | {ff:,} |")
    n_op = sum(n for n in b["op_inputs"].values() if n > 1)
    n_rg = sum(n for n in b["reg_inputs"].values() if n > 1)
    notes = {
        "operand multiplexers": f" ({n_op} inputs on {sum(1 for n in b['op_inputs'].values() if n > 1)} "
        f"unit ports with more than one source)",
        "registers and write multiplexers": f" ({b['registers']} registers of {b['register_bits']} bits; "
        f"{n_rg} inputs on the registers with more than one source)",
    }
    for cat, part, lut, ff in rows:
        if cat != "units":
            L.append(f"| {part}{notes.get(part, '')} | {lut:,} | {100 * lut / tot:.1f}% | {ff:,} |")
    L.append(
        f"| **whole core** (flat, as in the tables above) | **{b['total']['lut']:,}** | 100% | {b['total']['ff']:,} |"
    )
    return L
