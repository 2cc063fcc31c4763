"""``pairkit hw gen``: Verilog of a unit, a self-checking Verilog testbench and its vector files.

Layout of the output directory::

    <unit>.v            the unit (module <unit>; ports clk, rst, start, done, operands, results)
    tb_<unit>.v         testbench: $readmemh the vectors, pulse start, wait for done, compare the
                        results and the cycle count; prints PASS n / FAIL n
    vectors/<port>.hex  one operand per line (hex), in the order of the vectors
    expected/<port>.hex the spec model's results
    manifest.json       unit, parameters, ports (name, kind, width), cycles, vector count
"""

from __future__ import annotations

import json
import os
import tempfile

from pairkit.hw.flow.sim import random_vectors
from pairkit.hw.flow.toolchain import to_verilog


def tb_verilog(unit, module: str, n: int) -> str:
    ins, outs = unit.in_specs, unit.out_specs
    L = []
    L.append("`timescale 1ns/1ps")
    L.append(f"// self-checking testbench for {unit.describe()}; {unit.cycles} cycles from the start edge to done")
    L.append(f"module tb_{module};")
    L.append("  reg clk = 1'b0, rst = 1'b1, start = 1'b0;")
    for p in ins:
        L.append(f"  reg [{p.width - 1}:0] {p.name} = 0;")
        L.append(f"  reg [{p.width - 1}:0] mem_{p.name} [0:{n - 1}];")
    L.append("  wire done;")
    for p in outs:
        L.append(f"  wire [{p.width - 1}:0] {p.name};")
        L.append(f"  reg [{p.width - 1}:0] exp_{p.name} [0:{n - 1}];")
    conns = ", ".join(
        [".clk(clk)", ".rst(rst)", ".start(start)", ".done(done)"] + [f".{p.name}({p.name})" for p in ins + outs]
    )
    L.append(f"  {module} dut({conns});")
    L.append("  always #5 clk = ~clk;")
    L.append("  integer i, cyc, errors;")
    L.append("  initial begin")
    for p in ins:
        L.append(f'    $readmemh("vectors/{p.name}.hex", mem_{p.name});')
    for p in outs:
        L.append(f'    $readmemh("expected/{p.name}.hex", exp_{p.name});')
    L.append("    errors = 0;")
    L.append("    @(posedge clk); @(posedge clk); #1 rst = 1'b0;")
    L.append(f"    for (i = 0; i < {n}; i = i + 1) begin")
    for p in ins:
        L.append(f"      {p.name} = mem_{p.name}[i];")
    L.append("      start = 1'b1;")
    L.append("      @(posedge clk); #1 start = 1'b0; cyc = 1;")
    L.append("      while (!done) begin @(posedge clk); #1 cyc = cyc + 1; end")
    cmp = " || ".join([f"{p.name} !== exp_{p.name}[i]" for p in outs] + [f"cyc != {unit.cycles}"])
    L.append(f'      if ({cmp}) begin errors = errors + 1; $display("MISMATCH vector %0d (cycles %0d)", i, cyc); end')
    L.append("    end")
    L.append(f'    if (errors == 0) $display("PASS {n}"); else $display("FAIL %0d", errors);')
    L.append("    $finish;")
    L.append("  end")
    L.append("endmodule")
    return "\n".join(L) + "\n"


def header(unit, module: str) -> str:
    """The comment block on top of a unit's Verilog: the interface protocol (pairkit.hw.units.unit)."""

    def ports(specs):
        return ", ".join(f"{p.name}[{p.width - 1}:0] ({p.kind}{f', m = {p.m}' if p.m else ''})" for p in specs)

    lines = [
        f"pairkit hw gen: {unit.describe()} (Verilog module: {module})",
        f"inputs: {ports(unit.in_specs)}",
        f"outputs: {ports(unit.out_specs)}",
        "element encoding: gf2 = bit i is the coefficient of x^i; gf3 = Cat(lo, hi), the spec's two bit planes",
        "protocol (clock clk, synchronous reset rst): the edge that samples start = 1 latches the operands;",
        f"done rises exactly {unit.cycles} edges after it (that edge included) and stays high, with the",
        "results stable, until the next start; start while busy restarts the operation.",
    ]
    return "\n".join("// " + x for x in lines) + "\n"


def generate(unit, outdir: str, n: int = 32, seed: int = 1) -> dict:
    os.makedirs(os.path.join(outdir, "vectors"), exist_ok=True)
    os.makedirs(os.path.join(outdir, "expected"), exist_ok=True)
    module = unit.unit_name
    with tempfile.TemporaryDirectory() as td:
        v = to_verilog(unit, td, name=module)
    with open(os.path.join(outdir, f"{module}.v"), "w") as fh:
        fh.write(header(unit, module) + v)
    with open(os.path.join(outdir, f"tb_{module}.v"), "w") as fh:
        fh.write(tb_verilog(unit, module, n))
    vecs = random_vectors(unit, n, seed)
    exps = [unit.spec_model(o) for o in vecs]
    for p in unit.in_specs:
        with open(os.path.join(outdir, "vectors", f"{p.name}.hex"), "w") as fh:
            fh.write("".join("%x\n" % p.to_int(o[p.name]) for o in vecs))
    for p in unit.out_specs:
        with open(os.path.join(outdir, "expected", f"{p.name}.hex"), "w") as fh:
            fh.write("".join("%x\n" % p.to_int(e[p.name]) for e in exps))
    man = {
        "unit": unit.unit_name,
        "params": unit.params,
        "module": module,
        "cycles": unit.cycles,
        "compute_cycles": unit.compute_cycles,
        "vectors": n,
        "seed": seed,
        "inputs": [{"name": p.name, "kind": p.kind, "width": p.width} for p in unit.in_specs],
        "outputs": [{"name": p.name, "kind": p.kind, "width": p.width} for p in unit.out_specs],
        "files": [f"{module}.v", f"tb_{module}.v", "vectors/", "expected/"],
    }
    with open(os.path.join(outdir, "manifest.json"), "w") as fh:
        json.dump(man, fh, indent=1)
    return man
