"""``pairkit hw core gen``: everything a hardware engineer needs to take a core elsewhere.

Files: ``<core>.v`` (the design: one module per unit kind, instantiated per unit, the glue in named modules,
the generator's names, :mod:`.verilog`; a header comment with the interface protocol), ``<core>.mem`` (the
micro-code, read by the ROM module with ``$readmemh`` from the simulator's working directory),
``bench.cpp`` + ``vectors.txt`` + ``expected.txt`` + ``run.sh`` (a Verilator testbench that runs the
pairings and diffs the results and cycle counts with the interpreter's), ``rom.txt`` (the control
ROM, one line per step), ``core.json`` (the manifest: configuration, cycles, registers, control-word
fields) and ``gantt.png`` (one loop iteration's micro-code per unit instance); ``tb_states.v`` with
``tb_inputs.hex``, ``tb_states.hex``, ``tb_gt.hex`` and ``run_tb.sh`` (a plain-Verilog testbench that checks
the accumulator at every loop boundary, :mod:`.tb_verilog`); ``README.md`` (cycles, the target clock's
pipeline stages and, with ``depth=True``, the logic depth per stage after ``synth_ecp5``, :mod:`.depth`).

With ``bus="axi4-lite"`` also ``top_axi.v`` (the core behind an AXI4-Lite slave, :mod:`.bus`),
``regmap.md`` and ``regmap.json`` (the register map), ``<core>.lpf`` (ECP5) and ``<core>.xdc``
(7-series) with the target clock.
"""

from __future__ import annotations

import json
import os

from pairkit.hw.core import bus as bus_mod
from pairkit.hw.core import depth as depth_mod
from pairkit.hw.core import flow, interp, rtl, verilog
from pairkit.hw.core import pipeline as pipe
from pairkit.hw.core.plots import gantt
from pairkit.hw.core.sim import words_of
from pairkit.hw.core.tb_verilog import tb_files
from pairkit.hw.core.verilator_bench import bench_cpp
from pairkit.hw.errors import HwToolError

RUN_SH = """#!/bin/sh
# Build the Verilator model of {name} and run the {n} test pairings; prints PASS or the differences.
set -e
cd "$(dirname "$0")"
verilator --cc {name}.v --exe bench.cpp --top-module top -Mdir obj --build -j 2 -Wno-fatal -Wno-lint \\
  -Wno-style -O3 -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" >/dev/null
obj/Vtop < vectors.txt | grep '^R ' > results.txt
if diff -q results.txt expected.txt >/dev/null; then echo PASS; else diff results.txt expected.txt; exit 1; fi
"""


def _check_line_lengths(text: str, limit: int = 400) -> None:
    longest = max((len(x) for x in text.split("\n")), default=0)
    if longest > limit:
        raise HwToolError(f"generated Verilog has a {longest}-character line (limit {limit})")


def generate(
    core,
    out: str,
    n: int = 4,
    seed: int = 1,
    bus: str | None = None,
    target_mhz: float | None = None,
    depth: bool = False,
) -> dict:
    """``core``: a named core or a :class:`CoreConfig`; ``bus``: None or one of :data:`bus.BUSES`;
    ``target_mhz``: the core built for that clock (``CoreConfig.target_mhz``: its pipeline stages) and the
    constraints' clock (default: the core's own target, else :data:`bus.DEFAULT_MHZ`); ``depth``: also
    synthesize it and report the logic depth per stage (:mod:`.depth`)."""
    bus_mod.check_bus(bus)
    if target_mhz is not None:
        core = flow.with_target(core, bus_mod.check_mhz(target_mhz))
    c = flow.compile_core(core)
    cfg, mc = c.cfg, c.mc
    target_mhz = bus_mod.DEFAULT_MHZ if cfg.target_mhz is None else cfg.target_mhz
    name = cfg.name
    core = c.make_rtl(debug=True, hier=True)
    try:
        os.makedirs(out, exist_ok=True)
        probe = os.path.join(out, ".pairkit-write-test")
        open(probe, "w").close()
        os.remove(probe)
    except OSError as e:
        raise HwToolError(f"cannot write to {out!r}: {e.strerror}") from None
    v, files = verilog.write(core, core, name)
    _check_line_lengths(v)
    files[f"{name}.v"] = rtl.header(core, cfg) + "\n" + v
    files["bench.cpp"] = bench_cpp(core)
    pairs = flow.random_pairs(c.spec, n, seed)
    vec, exp, outs = [], [], []
    w = 8 * core.words
    for P, Q in pairs:
        vec.append(" ".join("%x" % x for e in (*P, *Q) for x in words_of(core.spec, e, core.words)))
        r = interp.run(mc, c.spec, cfg.alg, P, Q)
        outs.append(r.output)
        exp.append(f"R {mc.cycles() + 1} " + " ".join("%0*x" % (w, core.spec.to_int(c)) for c in r.output))
    files["vectors.txt"] = "\n".join(vec) + "\n"
    files["expected.txt"] = "\n".join(exp) + "\n"
    files["run.sh"] = RUN_SH.format(name=name, n=n)
    files["rom.txt"] = mc.listing()
    man = {
        "core": name,
        "set": cfg.set_id,
        "alg": cfg.alg,
        "units": cfg.mix_str(),
        "cycles": mc.cycles(),
        "miller_cycles": mc.info["miller_cycles"],
        "final_exp_cycles": mc.info["final_exp_cycles"],
        "registers": mc.n_regs,
        "register_bits": core.W,
        "control_words": mc.n_steps,
        "control_word_bits": core.layout.width,
        "loop": [mc.loop_start, mc.loop_end, mc.loop_count],
        "fields": {k: [f.lo, f.width] for k, f in core.layout.fields.items()},
        "schedules": mc.info["schedules"],
        "target_mhz": cfg.target_mhz,
        "pipeline": cfg.pipeline.as_dict(),
    }
    if cfg.target_mhz is not None:
        man["level_budget"] = pipe.level_budget(cfg.target_mhz)
    if depth:
        man["ecp5"] = depth_mod.measure(c)
    files["core.json"] = json.dumps(man, indent=1) + "\n"
    files["README.md"] = readme(man)
    files.update(tb_files(c, core, pairs, outs))
    if bus is not None:
        files.update(_bus_files(c, bus, target_mhz))
    for fn, text in files.items():
        with open(os.path.join(out, fn), "w") as fh:
            fh.write(text)
    os.chmod(os.path.join(out, "run.sh"), 0o755)
    os.chmod(os.path.join(out, "run_tb.sh"), 0o755)

    gantt(mc, os.path.join(out, "gantt.png"))
    return {"files": [*files, "gantt.png"], **man}


def readme(man: dict) -> str:
    """README.md of a generated core: what it is, its cycles, its pipeline stages for the target clock and,
    when measured (``gen --depth``), the logic depth per stage after synth_ecp5."""
    pl = man["pipeline"]
    lines = [
        f"# {man['core']}",
        "",
        f"{man['set']} / {man['alg']}, units: {man['units']}.",
        f"Latency {man['cycles']} cycles (Miller loop {man['miller_cycles']}, final exponentiation "
        f"{man['final_exp_cycles']}); {man['registers']} registers of {man['register_bits']} bits; "
        f"{man['control_words']} control words of {man['control_word_bits']} bits.",
        "",
        "## Timing",
        "",
    ]
    if man["target_mhz"] is None:
        lines.append("No target clock: no pipeline stages (`pairkit hw core gen --target-mhz F` adds them).")
    else:
        lines.append(
            f"Target {man['target_mhz']:g} MHz: the model allows {man['level_budget']} LUT4 levels per cycle "
            f"(pairkit.hw.core.pipeline, {pipe.NS_PER_LEVEL} ns per level); operand registers: "
            f"{'yes' if pl['operand_regs'] else 'no'}, split multiplexers: {'yes' if pl['mux_regs'] else 'no'}, "
            f"output registers: {'yes' if pl['output_regs'] else 'no'} "
            f"(+{pl['stages']} cycles per operation, in the latency above)."
        )
    e = man.get("ecp5")
    if e:
        lines += [
            "",
            f"Yosys `synth_ecp5`: {e['lut']:,} LUT4, {e['ff']:,} flip-flops; longest register-to-register path "
            f"{e['depth']} LUT levels (block RAM counted as a register). Per stage (the path's end):",
            "",
            "| stage | LUT levels |",
            "|---|---|",
            *(f"| {k} | {v} |" for k, v in e["stages"].items()),
        ]
        if man["target_mhz"] is not None:
            worst = max(e["stages"], key=lambda k: e["stages"][k])
            fits = e["depth"] <= man["level_budget"]
            lines += [
                "",
                f"The longest path ({e['depth']} levels, ending in {worst}) "
                + (
                    f"fits the model's budget of {man['level_budget']}."
                    if fits
                    else f"exceeds the model's budget of {man['level_budget']}: the target is not met by "
                    "construction (place and route decides)."
                ),
            ]
    else:
        lines += ["", "Logic depth: not measured (`gen --depth` synthesizes the core and reports it)."]
    return "\n".join(lines) + "\n"


def _bus_files(c, bus: str, mhz: float) -> dict:
    """``top_axi.v``, the register map and the constraints of compiled core ``c`` behind ``bus``."""
    ident = bus_mod.core_id(c.mc, c.set_id, c.alg)
    top = bus_mod.AxiLiteTop(c.make_rtl(debug=False, hier=True), ident)
    v, mem = verilog.write(top, top.core, c.name, "top_axi")
    _check_line_lengths(v)
    words, n_out = top.core.words, len(c.mc.outputs)
    doc = bus_mod.regmap_markdown(c.name, words, n_out, ident, c.mc.cycles(), mhz)
    head = "\n".join("// " + ln if ln else "//" for ln in doc.rstrip("\n").split("\n"))
    regs = [
        {"offset": off, "name": nm, "access": acc, "meaning": txt}
        for off, nm, acc, txt in bus_mod.registers(words, n_out)
    ]
    rm = {
        "core": c.name,
        "bus": bus,
        "version": bus_mod.MAP_VERSION,
        "top": "top_axi",
        "addr_bits": bus_mod.ADDR_BITS,
        "target_mhz": mhz,
        "core_id": ident,
        "latency": c.mc.cycles(),
        "words": words,
        "n_out": n_out,
        "info": top.info(),
        "registers": regs,
    }
    return {
        "top_axi.v": head + "\n" + v,
        **mem,
        "regmap.md": doc,
        "regmap.json": json.dumps(rm, indent=1) + "\n",
        f"{c.name}.lpf": bus_mod.lpf(c.name, mhz),
        f"{c.name}.xdc": bus_mod.xdc(c.name, mhz),
    }
