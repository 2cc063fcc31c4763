"""The RTL against the ISS: the same program and inputs, instruction by instruction.

Both sides produce one record per retired instruction: (pc, register written or None, its value, the
cycles since start when it retires). The ISS records them with ``Simulator(record=True)``; the RTL
testbenches (Amaranth simulation here, Verilator in verilator.py) keep a shadow of the register file
from its write port and read the written register out of it at retirement. The first record that
differs raises :class:`RtlMismatchError` naming the pc, the instruction and the cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairkit.errors import InvalidArgumentError, PairkitError
from pairkit.hw.proc.iss import RunResult, Simulator
from pairkit.hw.proc.rtl.layout import Layout


class RtlMismatchError(PairkitError):
    """The RTL and the ISS disagree: ``pc`` and ``cycle`` locate the first differing instruction."""

    def __init__(self, message: str, pc: int | None = None, cycle: int | None = None):
        self.pc, self.cycle = pc, cycle
        super().__init__(message)


@dataclass
class RtlRun:
    outputs: dict[str, int]
    cycles: int
    trace: list  # (pc, rd, value, cycles) per retired instruction
    error: bool = False


def iss_reference(L: Layout, inputs: dict[str, int]) -> tuple[RunResult, list]:
    """The ISS's run and trace; with a Montgomery core the host converts (writes x R mod p, reads y R^-1), so the
    ISS's conversion cycles (class "conv") are not the core's: they are taken off the trace."""
    sim = Simulator(L.prog, L.alu, record=True)
    r = sim.run(inputs)
    conv = r.cycles.get("conv", 0)
    return r, [(pc, w, v, c - conv) for pc, w, v, c in sim.trace]


def host_writes(L: Layout, inputs: dict[str, int]) -> list[tuple[int, int]]:
    """(address, limb) the host writes before start; inputs are checked like the ISS checks them."""
    out = []
    if set(inputs) != set(L.prog.inputs):
        raise InvalidArgumentError(f"program inputs are {sorted(L.prog.inputs)}, got {sorted(inputs)}")
    for name, v in inputs.items():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < L.prog.p:
            raise InvalidArgumentError(f"input {name} must be an int in [0, p)")
        r = L.prog.inputs[name]
        v = L.alu.to_domain(v)  # x R mod p with a Montgomery core (the host's conversion)
        out += [(L.rf_addr(r, i), (v >> (L.W * i)) & ((1 << L.W) - 1)) for i in range(L.k)]
    return out


def compare(L: Layout, want: list, got: list) -> None:
    """Raise RtlMismatchError at the first record of ``got`` (RTL) that differs from ``want`` (ISS)."""
    code = L.prog.code
    for n, (w, g) in enumerate(zip(want, got)):
        if w != g:
            pc = w[0]
            ins = code[pc]
            what = []
            if w[0] != g[0]:
                what.append(f"the RTL retired pc {g[0]}")
            if w[3] != g[3]:
                what.append(f"at cycle {g[3]:,} instead of {w[3]:,}")
            if w[1:3] != g[1:3]:
                what.append(
                    f"r{w[1]} = {g[2]:#x}, the ISS has {w[2]:#x}"
                    if w[2] is not None and g[2] is not None
                    else f"wrote {g[1:3]}, the ISS {w[1:3]}"
                )
            raise RtlMismatchError(
                f"instruction {n + 1} (pc {pc}: {ins.op}), cycle {w[3]:,} in the ISS: " + "; ".join(what), pc, w[3]
            )
    if len(want) != len(got):
        at = min(len(want), len(got))
        pc = (want[at] if at < len(want) else got[at])[0]
        raise RtlMismatchError(
            f"the RTL retired {len(got)} instructions, the ISS {len(want)} (first extra or missing at pc {pc})", pc
        )


def value_of(L: Layout, shadow: dict, reg: int) -> int:
    return sum(shadow.get(L.rf_addr(reg, i), 0) << (L.W * i) for i in range(L.k))


def run_amaranth(L: Layout, inputs: dict[str, int], max_cycles: int = 2_000_000) -> RtlRun:
    """The core in Amaranth's simulator (small programs: a few thousand cycles a second)."""
    from amaranth.sim import Simulator as ASim

    from pairkit.hw.proc.rtl.core import ProcCore

    writes = host_writes(L, inputs)
    dut = ProcCore(L, debug=True)
    code = L.prog.code
    out: dict = {}

    async def bench(ctx):
        shadow: dict = {}
        for a, v in writes:
            ctx.set(dut.host_we, 1)
            ctx.set(dut.host_addr, a)
            ctx.set(dut.host_wdata, v)
            shadow[a] = v
            await ctx.tick()
        ctx.set(dut.host_we, 0)
        ctx.set(dut.start, 1)
        await ctx.tick()
        ctx.set(dut.start, 0)
        trace = []
        n = 0
        while not ctx.get(dut.done):
            if ctx.get(dut.dbg_we):
                shadow[ctx.get(dut.dbg_waddr)] = ctx.get(dut.dbg_wdata)
            if ctx.get(dut.dbg_retire):
                pc = ctx.get(dut.dbg_pc)
                w = code[pc].writes() if pc < len(code) else None
                trace.append((pc, w, None if w is None else value_of(L, shadow, w), ctx.get(dut.cycles) + 1))
            n += 1
            if n > max_cycles:
                raise RtlMismatchError(f"no HALT within {max_cycles:,} cycles", ctx.get(dut.dbg_pc), n)
            await ctx.tick()
        out["trace"], out["cycles"], out["error"] = trace, ctx.get(dut.cycles), bool(ctx.get(dut.error))
        res = {}
        for name, r in L.prog.outputs.items():  # through the host read port
            v = 0
            for i in range(L.k):
                ctx.set(dut.host_raddr, L.rf_addr(r, i))
                await ctx.tick()
                v |= ctx.get(dut.host_rdata) << (L.W * i)
            res[name] = v
        out["outputs"] = res

    sim = ASim(dut)
    sim.add_clock(1e-8)
    sim.add_testbench(bench)
    sim.run()
    return RtlRun(out["outputs"], out["cycles"], out["trace"], out["error"])


def check(L: Layout, inputs: dict[str, int], run: Callable[..., RtlRun] = run_amaranth) -> tuple[RtlRun, RunResult]:
    """Run ``inputs`` on the RTL and the ISS; raise RtlMismatchError unless every instruction retires at the
    same cycle with the same value and the outputs agree. Returns (RTL run, ISS result)."""
    ref, want = iss_reference(L, inputs)
    got = run(L, inputs)
    compare(L, want, got.trace)
    got.outputs = {k: L.alu.from_domain(v) for k, v in got.outputs.items()}  # the host's conversion out
    total = ref.total - ref.cycles.get("conv", 0)
    if got.cycles != total:
        raise RtlMismatchError(f"the RTL ran {got.cycles:,} cycles, the ISS {total:,}", None, got.cycles)
    if got.outputs != ref.outputs:
        bad = [k for k in ref.outputs if got.outputs.get(k) != ref.outputs[k]]
        raise RtlMismatchError(f"outputs {bad} differ after HALT")
    return got, ref
