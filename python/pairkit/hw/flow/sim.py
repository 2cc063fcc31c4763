"""The generic test harness: simulate any unit against its spec model.

``run_amaranth`` drives a unit in Amaranth's simulator (small m); ``pairkit.hw.flow.verilator`` drives
the generated Verilog with a C++ harness (the papers' m). Both follow the handshake of
:mod:`pairkit.hw.units.unit`: set the operands, pulse ``start`` for one edge, scramble the operands
(a unit must have latched them), count edges until ``done``, read the results.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pairkit.hw.units.unit import HwUnit


@dataclass
class SimResult:
    outputs: dict
    cycles: int


def random_vectors(unit: HwUnit, n: int, seed: int = 1) -> list[dict]:
    rng = random.Random(seed)
    vecs = []
    for i in range(n):
        ops = unit.random_operands(rng)
        if i == 0:  # corner cases first: all-zero and all-one (field elements reduced)
            ops = {k: (v if p.kind == "bits" else _extreme(p, 0)) for (k, v), p in zip(ops.items(), unit.in_specs)}
        elif i == 1:
            ops = {k: (v if p.kind == "bits" else _extreme(p, 1)) for (k, v), p in zip(ops.items(), unit.in_specs)}
        vecs.append(ops)
    return vecs


def _extreme(p, which):
    if p.kind == "gf3":
        return (0, 0) if which == 0 else ((1 << p.m) - 1, 0)
    return 0 if which == 0 else (1 << p.width) - 1


def run_amaranth(
    unit: HwUnit, vectors: list[dict], vcd: str | None = None, timeout: int | None = None, seed: int = 7
) -> list[SimResult]:
    """Simulate ``unit`` on ``vectors`` (operand dicts) with Amaranth's simulator."""
    from amaranth.sim import Simulator

    rng = random.Random(seed)
    results: list[SimResult] = []
    limit = timeout or (4 * unit.cycles + 16)

    async def bench(ctx):
        for ops in vectors:
            for p in unit.in_specs:
                ctx.set(unit.inputs[p.name], p.to_int(ops[p.name]))
            ctx.set(unit.start, 1)
            await ctx.tick()
            ctx.set(unit.start, 0)
            if getattr(unit, "latch", 1):  # the unit must have latched its operands (latch = 0: held)
                for p in unit.in_specs:
                    ctx.set(unit.inputs[p.name], rng.getrandbits(p.width))
            n = 1
            while not ctx.get(unit.done):
                if n >= limit:
                    raise AssertionError(f"{unit.describe()}: no done after {n} cycles")
                await ctx.tick()
                n += 1
            outs = {p.name: p.from_int(ctx.get(unit.outputs[p.name])) for p in unit.out_specs}
            results.append(SimResult(outs, n))
            await ctx.tick()  # one idle edge: done and results must hold
            for p in unit.out_specs:
                if p.from_int(ctx.get(unit.outputs[p.name])) != outs[p.name] or not ctx.get(unit.done):
                    raise AssertionError(f"{unit.describe()}: result/done not held after done")

    sim = Simulator(unit)
    sim.add_clock(1e-8)
    sim.add_testbench(bench)
    if vcd:
        with sim.write_vcd(vcd):
            sim.run()
    else:
        sim.run()
    return results


def check(unit: HwUnit, vectors: list[dict], results: list[SimResult]) -> list[str]:
    """Compare with the spec model and the declared cycle count; returns the mismatches."""
    errs = []
    for ops, r in zip(vectors, results):
        want = unit.spec_model(ops)
        if r.outputs != want:
            errs.append(f"{unit.describe()} ops={ops}: got {r.outputs}, want {want}")
        if r.cycles != unit.cycles:
            errs.append(f"{unit.describe()}: {r.cycles} cycles, declared {unit.cycles}")
    return errs
