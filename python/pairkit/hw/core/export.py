"""``pairkit hw core gen``: everything a hardware engineer needs to take a core elsewhere.

Files: ``<core>.v`` (the design, one module per unit, a header comment with the interface protocol),
``bench.cpp`` + ``vectors.txt`` + ``expected.txt`` + ``run.sh`` (a Verilator testbench that runs the
pairings and diffs the results and cycle counts with the interpreter's), ``rom.txt`` (the control
ROM, one line per step), ``core.json`` (the manifest: configuration, cycles, registers, control-word
fields) and ``gantt.png`` (one loop iteration's micro-code per unit instance).
"""
from __future__ import annotations

import json
import os
import tempfile

from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.toolchain import to_verilog
from pairkit.hw.core import flow, interp, rtl
from pairkit.hw.core.sim import words_of
from pairkit.hw.core.verilator_bench import bench_cpp
from pairkit.hw.core.plots import gantt

RUN_SH = """#!/bin/sh
# Build the Verilator model of {name} and run the {n} test pairings; prints PASS or the differences.
set -e
cd "$(dirname "$0")"
verilator --cc {name}.v --exe bench.cpp --top-module top -Mdir obj --build -j 2 -Wno-fatal -Wno-lint \\
  -Wno-style -O3 -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1" >/dev/null
obj/Vtop < vectors.txt | grep '^R ' > results.txt
if diff -q results.txt expected.txt >/dev/null; then echo PASS; else diff results.txt expected.txt; exit 1; fi
"""


def _check_line_lengths(text: str, limit: int = 2000) -> None:
    longest = max((len(x) for x in text.split("\n")), default=0)
    if longest > limit:
        raise HwToolError(f"generated Verilog has a {longest}-character line (limit {limit})")


def generate(core, out: str, n: int = 4, seed: int = 1) -> dict:
    """``core``: a named core or a :class:`CoreConfig`."""
    c = flow.compile_core(core)
    cfg, mc = c.cfg, c.mc
    name = cfg.name
    core = c.make_rtl(debug=True)
    try:
        os.makedirs(out, exist_ok=True)
        probe = os.path.join(out, ".pairkit-write-test")
        open(probe, "w").close()
        os.remove(probe)
    except OSError as e:
        raise HwToolError(f"cannot write to {out!r}: {e.strerror}") from None
    with tempfile.TemporaryDirectory() as td:
        v = to_verilog(core, td)
    _check_line_lengths(v)
    files = {}
    files[f"{name}.v"] = rtl.header(core, cfg) + "\n" + v
    files["bench.cpp"] = bench_cpp(core)
    pairs = flow.random_pairs(c.spec, n, seed)
    vec, exp = [], []
    w = 8 * core.words
    for P, Q in pairs:
        vec.append(" ".join("%x" % x for e in (*P, *Q) for x in words_of(core.spec, e, core.words)))
        r = interp.run(mc, c.spec, cfg.alg, P, Q)
        exp.append(f"R {mc.cycles() + 1} " + " ".join("%0*x" % (w, core.spec.to_int(c)) for c in r.output))
    files["vectors.txt"] = "\n".join(vec) + "\n"
    files["expected.txt"] = "\n".join(exp) + "\n"
    files["run.sh"] = RUN_SH.format(name=name, n=n)
    files["rom.txt"] = mc.listing()
    man = {"core": name, "set": cfg.set_id, "alg": cfg.alg, "units": cfg.mix_str(), "cycles": mc.cycles(),
           "miller_cycles": mc.info["miller_cycles"], "final_exp_cycles": mc.info["final_exp_cycles"],
           "registers": mc.n_regs, "register_bits": core.W, "control_words": mc.n_steps,
           "control_word_bits": core.layout.width, "loop": [mc.loop_start, mc.loop_end, mc.loop_count],
           "fields": {k: [f.lo, f.width] for k, f in core.layout.fields.items()},
           "schedules": mc.info["schedules"]}
    files["core.json"] = json.dumps(man, indent=1) + "\n"
    for fn, text in files.items():
        with open(os.path.join(out, fn), "w") as fh:
            fh.write(text)
    os.chmod(os.path.join(out, "run.sh"), 0o755)

    gantt(mc, os.path.join(out, "gantt.png"))
    return {"files": [*files, "gantt.png"], **man}
