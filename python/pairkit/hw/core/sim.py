"""Simulate a generated core on whole pairings and compare it with the spec.

``run_amaranth`` drives the core through its host interface in Amaranth's simulator (toy fields):
load the points word by word, pulse ``start``, count the cycles to ``done``, compare the accumulator's
home registers with the spec's state at every loop boundary, read the GT element word by word.
The paper-size cores run in Verilator (:mod:`pairkit.hw.core.verilator_bench`) with the same checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.hw.core.errors import CoreMismatchError
from pairkit.hw.core.program import modify, run_trace, spec_of


@dataclass
class CoreRun:
    output: tuple
    cycles: int
    states_checked: int
    probes_checked: int = 0  # accumulator coordinates read inside passes and outside the loop
    iterations_checked: int = 0  # distinct Miller iterations with an accumulator coordinate compared


def words_of(spec, x, n: int) -> list:
    v = spec.to_int(x)
    return [(v >> (32 * j)) & 0xFFFFFFFF for j in range(n)]


def element_of(spec, ws: list):
    return spec.from_int(sum(w << (32 * j) for j, w in enumerate(ws)))


def boundary_states(mc, spec, alg, P, Q):
    """The spec's accumulator at each loop boundary: [(pass index, [(reg, neg, value)])] (``spec``: a set
    id or its spec object)."""
    T, _, states, _ = run_trace(spec, alg, P, Q, "inv" in mc.units)
    out = []
    for k in range(mc.loop_count + 1):
        i = mc.first_looped_iteration + k * mc.unroll - 1
        if 0 <= i < len(states):
            out.append((i, [(sr[0], sr[1], T.values[tid]) for sr, tid in zip(mc.state_regs, states[i]) if sr]))
    return out


def run_amaranth(core, spec, alg: str, pairs: list) -> list:
    """Whole pairings of ``pairs`` [(P, Q)] on ``core`` (a :class:`PairingCore`) in Amaranth's simulator
    (``spec``: the set id or its spec object)."""
    from amaranth.sim import Simulator

    mc = core.mc
    S = spec_of(spec)
    F = S.F
    results: list = []

    async def bench(ctx):
        for P, Q in pairs:
            bnd = boundary_states(mc, S, alg, P, Q)
            for i, x in enumerate((*P, *Q)):
                for j, w in enumerate(words_of(core.spec, x, core.words)):
                    ctx.set(core.host_we, 1)
                    ctx.set(core.host_addr, i * core.words + j)
                    ctx.set(core.host_wdata, w)
                    await ctx.tick()
            ctx.set(core.host_we, 0)
            ctx.set(core.start, 1)
            await ctx.tick()
            ctx.set(core.start, 0)
            n, passes, checked = 1, 0, 0
            limit = mc.cycles() + 8
            while not ctx.get(core.done):
                pc = ctx.get(core.pc)
                at_start = pc == mc.loop_start and ctx.get(core.busy)
                at_exit = pc == mc.loop_end and mc.loop_end < mc.n_steps and passes == mc.loop_count
                if at_start or at_exit:
                    if passes < len(bnd):
                        it, regs = bnd[passes]
                        for r, neg, want in regs:
                            got = core.spec.from_int(ctx.get(core.regs[r]))
                            if modify(F, mc.p, got, neg) != want:
                                raise CoreMismatchError(
                                    f"Miller iteration {it + 1}, register r{r}",
                                    "the RTL accumulator differs from the spec's state",
                                )
                        checked += 1
                    passes += 1
                if n > limit:
                    raise CoreMismatchError("controller", f"no done after {n} cycles")
                await ctx.tick()
                n += 1
            out = []
            for i in range(len(mc.outputs)):
                ws = []
                for j in range(core.words):
                    ctx.set(core.rd_addr, i * core.words + j)
                    await ctx.tick()  # the read port is a register
                    ws.append(ctx.get(core.rd_data))
                out.append(element_of(core.spec, ws))
            results.append(CoreRun(tuple(out), n, checked))

    sim = Simulator(core)
    sim.add_clock(1e-8)
    sim.add_testbench(bench)
    sim.run()
    return results
