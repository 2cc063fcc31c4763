"""The schedule interpreter: run a core's control words on concrete values with the spec's field
operations, step by step as the RTL does, and compare with the spec.

This is the cheap first check of scheduling and register allocation, before any RTL. It models the
datapath exactly: operands are read from registers at the step a unit starts (register writes of
the same step are not yet visible), a unit's result appears ``cycles`` steps after its start and
stays on its output until the unit starts again, register writes take effect at the end of their
step. It raises :class:`CoreMismatchError` on

* a unit restarted while busy, or a write from a unit whose result is not ready or already gone;
* any written value that differs from the spec's value of the same operation (every value of the
  pairing, every iteration: the spec trace on the same points), naming the Miller iteration (or
  block), the step and the register;
* a Miller state (the accumulator's home registers at every loop boundary) or the final value that
  differs from the spec's.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.hw.core import buses
from pairkit.hw.core.config import CHAIN_OF, COMPOUND
from pairkit.hw.core.errors import CoreMismatchError
from pairkit.hw.core.microcode import Microcode
from pairkit.hw.core.program import COMPOUND_FIXED, modify, run_trace, spec_of
from pairkit.spec.binary.tower import f4_mul_ca, f4_pow_2k, f4_sqr_mul_ca


@dataclass
class RunResult:
    output: tuple  # GT coordinates
    cycles: int
    states_checked: int  # Miller iterations whose state was compared at a loop boundary
    values_checked: int  # register writes compared with the spec
    values_written: int  # register writes of program values (those made by lowering have no spec twin)
    unchecked: frozenset = frozenset()  # program values written without a spec twin (made by lowering)
    probes_checked: int = 0  # accumulator coordinates of iterations inside a pass, read at their probes


def unit_result(
    F, p: int, kind: str, ops: list, signs: tuple, chains: dict | None = None, compound: dict | None = None
):
    xs = [modify(F, p, x, s) for x, s in zip(ops, signs)]
    if kind == "add":
        return F.add(xs[0], xs[1])
    if kind == "mul":
        return F.mul(xs[0], xs[1])
    if kind in COMPOUND:  # every output of the compound unit (pairkit.spec.binary.tower.unit_op)
        return compound_result(F, kind, xs, (compound or {}).get(kind))
    if kind in CHAIN_OF:  # k single operations in series
        x = xs[0]
        for _ in range((chains or {})[kind]):
            x = getattr(F, CHAIN_OF[kind])(x)
        return x
    return getattr(F, kind)(xs[0])


def compound_result(F, kind: str, xs: list, k=None) -> tuple:
    """The outputs of a compound unit on operands ``xs`` (port order), by the spec's function (``k``:
    the squarings per start of ``sqr4n``)."""
    if kind == "sqr4n":
        return tuple(f4_pow_2k(F, tuple(xs), k))
    if kind == "dmul":  # seed 003's DMOCI: A B1, A B2
        return (F.mul(xs[0], xs[1]), F.mul(xs[0], xs[2]))
    fn = {"ca": f4_mul_ca, "sca": f4_sqr_mul_ca}[kind]
    return tuple(fn(F, tuple(xs[:4]), xs[4], xs[5], COMPOUND_FIXED[kind]))


def run(mc: Microcode, spec, alg: str, P, Q, *, check: bool = True) -> RunResult:
    """Interpret ``mc`` on the points (P, Q) (spec encoding); with ``check`` compare every value.
    ``spec``: the set id or its spec object (program.spec_of)."""
    if mc.n_buses:  # read buses: every register read in a step on its own bus (buses.py)
        bus_bad = buses.check(mc.steps, mc.bus_of, mc.n_buses)
        if bus_bad:
            raise CoreMismatchError("read buses", bus_bad)
    return _Interpreter(mc, spec_of(spec), alg, P, Q, check).run()


class _Interpreter:
    """One run of :func:`run`: the registers, tables and units' results, step by step."""

    def __init__(self, mc: Microcode, spec, alg: str, P, Q, check: bool):
        self.mc, self.check = mc, check
        self.F = spec.F
        T, _, self.states, self.outs = (
            run_trace(spec, alg, P, Q, "inv" in mc.units, mc.info.get("compound", {})) if check else (None, [], [], [])
        )
        self.values = T.values if T is not None else {}
        self.regs: list = [None] * mc.n_regs
        self.tables = [[None] * d for d in mc.tables]
        for r, v in zip(mc.inputs, (*P, *Q)):
            self.regs[r] = v
        self.units: dict = {}  # (op, i) -> [result, ready step, started step]
        self.cyc = mc.unit_cycles  # (op, instance) -> cycles
        self.t = self.pc = 0
        self.it = 0  # completed passes through the loop body
        self.n_states = self.n_values = self.n_written = 0
        self.unchecked: set = set()
        self.first = mc.first_looped_iteration
        self.windows = mc.info.get("windows", {})
        self.held: dict = {}  # unlatched unit -> (start step, its operands with their modifiers)
        self.probes: dict = {}  # loop step -> [(register, modifier, iteration in the pass, coordinate)]
        for t_p, r_p, neg_p, j_p, c_p in mc.info.get("probes", []):
            self.probes.setdefault(t_p, []).append((r_p, neg_p, j_p, c_p))
        for t_p, r_p, neg_p, k_p, c_p in mc.info.get("flat_probes", []):  # outside the loop: iteration k as -k - 1
            self.probes.setdefault(t_p, []).append((r_p, neg_p, -k_p - 1, c_p))
        self.n_probed = 0

    def where(self, step_pc):
        mc, first, it = self.mc, self.first, self.it
        if mc.loop_start <= step_pc < mc.loop_end:
            return (
                f"Miller iteration {first + it * mc.unroll + 1}"
                + (f"-{first + it * mc.unroll + mc.unroll}" if mc.unroll > 1 else "")
                + f" (loop step {step_pc - mc.loop_start})"
            )
        blk = "prologue" if step_pc < mc.loop_start else "epilogue"
        return f"{blk} step {step_pc}"

    def check_states(self, k):
        mc, states = self.mc, self.states
        if not self.check or not mc.state_regs or not 0 <= k < len(states):
            return
        for c, (sr, tid) in enumerate(zip(mc.state_regs, states[k])):
            if sr is None:
                continue
            r, neg = sr
            got = modify(self.F, mc.p, self.regs[r], neg)
            if got != self.values[tid]:
                raise CoreMismatchError(
                    f"Miller iteration {k + 1}, register r{r}",
                    f"accumulator coordinate {c} differs from the spec's state",
                )
        self.n_states += 1

    def read(self, src, dest, t, pc):
        """The value a write at step t (pc) takes from ``src``; ``dest`` names the target in errors."""
        kind, x = src
        if kind == "unit":
            u = self.units.get(x)
            if u is None or t < u[1]:
                raise CoreMismatchError(
                    f"{self.where(pc)}, {dest}", f"written from {x[0]}{x[1]} before its result is ready"
                )
            return u[0]
        return self.regs[x] if kind == "reg" else self.mc.consts[x]

    def operand(self, src, unit, t, pc):
        kind, x = src
        if kind == "unit":  # forwarded: the result on the unit's output in this step
            return self.read(src, f"{unit[0]}{unit[1]}'s operand", t, pc)
        v = self.regs[x] if kind == "reg" else self.tables[x][self.it] if kind == "table" else self.mc.consts[x]
        if v is None:
            what = f"register r{x}" if kind == "reg" else f"table t{x} entry {self.it}"
            raise CoreMismatchError(f"{self.where(pc)}", f"{unit[0]}{unit[1]} reads {what}, never written")
        return v

    def check_holds(self, st, t, pc):
        """An unlatched unit reads its ports on every step of its operation: the control word must
        hold its selects, and the sources must still give the operands it started with."""
        held = self.held
        hs = {h.unit: h for h in st.holds}
        for u, (t0, want) in list(held.items()):
            if t >= t0 + self.windows[u[0]]:
                del held[u]
                continue
            if t == t0:
                continue
            h = hs.get(u)
            if h is None:
                raise CoreMismatchError(
                    f"{self.where(pc)}", f"{u[0]}{u[1]} is running unlatched, its operands are not held"
                )
            got = [modify(self.F, self.mc.p, self.operand(x, u, t, pc), g) for x, g in zip(h.srcs, h.signs)]
            if got != want:
                raise CoreMismatchError(
                    f"{self.where(pc)}", f"{u[0]}{u[1]}'s operand changed while it runs (started at step {t0})"
                )
        for u in hs:
            if u not in held:
                raise CoreMismatchError(f"{self.where(pc)}", f"a hold for {u[0]}{u[1]}, which is not running")

    def check_probes(self, pc):
        """The iterations inside a pass (and outside the loop) at their probes."""
        mc, states = self.mc, self.states
        for r_p, neg_p, j_p, c_p in self.probes.get(pc, ()) if self.check else ():
            k = self.first + self.it * mc.unroll + j_p if j_p >= 0 else -j_p - 1
            if k < len(states) and modify(self.F, mc.p, self.regs[r_p], neg_p) != self.values[states[k][c_p]]:
                raise CoreMismatchError(
                    f"Miller iteration {k + 1}, register r{r_p}",
                    f"accumulator coordinate {c_p} (probe) differs from the spec's state",
                )
            self.n_probed += 1

    def writes(self, st, t, pc) -> dict:
        """The step's register writes (register -> value), each checked against the spec."""
        mc = self.mc
        new = {}
        for w in st.writes:
            val = self.read(w.src, f"register r{w.reg}", t, pc)
            if w.value >= 0:
                self.n_written += 1
            if self.check and w.value >= 0:
                vid = w.value
                if mc.loop_start <= pc < mc.loop_end and mc.loop_values:
                    vid = mc.loop_values[self.it][mc.loop_values[0].index(w.value)]
                tid = mc.trace_of.get(vid)
                if tid is None:
                    self.unchecked.add(vid)
                else:
                    if val != self.values[tid]:
                        raise CoreMismatchError(
                            f"{self.where(pc)}, register r{w.reg}", f"value {vid} differs from the spec"
                        )
                    self.n_values += 1
            new[w.reg] = val
        return new

    def table_writes(self, st, t, pc) -> list:
        new_t = []
        for w in st.twrites:
            val = self.read(w.src, f"table t{w.table}[{w.entry}]", t, pc)
            tid = self.mc.trace_of.get(w.value)
            if self.check and tid is not None and val != self.values[tid]:
                raise CoreMismatchError(
                    f"{self.where(pc)}, table t{w.table}[{w.entry}]", f"value {w.value} differs from the spec"
                )
            new_t.append((w.table, w.entry, val))
        return new_t

    def starts(self, st, t, pc):
        """The step's unit starts: every operand is read before any unit of this step restarts (its output
        is old)."""
        mc, cyc, units = self.mc, self.cyc, self.units
        started = []
        for s in st.starts:
            old = units.get(s.unit)
            if old is not None and t < old[2] + cyc(*s.unit):
                raise CoreMismatchError(f"{self.where(pc)}", f"{s.unit[0]}{s.unit[1]} restarted while busy")
            started.append((s, [self.operand(src, s.unit, t, pc) for src in s.srcs]))
        for s, ops in started:
            if self.windows.get(s.unit[0], 1) > 1:  # unlatched: these operands must stay on its ports
                self.held[s.unit] = (t, [modify(self.F, mc.p, v, g) for v, g in zip(ops, s.signs)])
            res = unit_result(self.F, mc.p, s.unit[0], ops, s.signs, mc.info.get("chains"), mc.info.get("compound"))
            if s.unit[0] in COMPOUND:  # output j is read as (kind.j, i); the leader's (kind, i) is output 0
                for j, v in enumerate(res):
                    units[(f"{s.unit[0]}.{j}" if j else s.unit[0], s.unit[1])] = [v, t + cyc(*s.unit), t]
            else:
                units[s.unit] = [res, t + cyc(*s.unit), t]

    def run(self) -> RunResult:
        mc = self.mc
        n_total = mc.cycles()
        while self.pc < mc.n_steps:
            t, pc = self.t, self.pc
            if pc == mc.loop_start:
                self.check_states(self.first + self.it * mc.unroll - 1)
            st = mc.steps[pc]
            self.check_probes(pc)
            self.check_holds(st, t, pc)
            new = self.writes(st, t, pc)
            new_t = self.table_writes(st, t, pc)
            self.starts(st, t, pc)
            for r, v in new.items():
                self.regs[r] = v
            for tb, g, v in new_t:
                self.tables[tb][g] = v
            self.t += 1
            if pc == mc.loop_end - 1 and self.it + 1 < mc.loop_count:
                self.it += 1
                self.pc = mc.loop_start
            else:
                if pc == mc.loop_end - 1:
                    self.check_states(self.first + (self.it + 1) * mc.unroll - 1)
                self.pc += 1
        out = tuple(self.regs[x] if kind == "reg" else mc.consts[x] for (kind, x), _ in mc.outputs)
        if self.check:
            want = tuple(self.values[i] for i in self.outs)
            if out != want:
                bad = next(i for i, (a, b) in enumerate(zip(out, want)) if a != b)
                raise CoreMismatchError("output", f"GT coordinate {bad} differs from the spec's pairing")
        if self.t != n_total:
            raise CoreMismatchError("controller", f"ran {self.t} cycles, the micro-code has {n_total}")
        return RunResult(
            out, self.t, self.n_states, self.n_values, self.n_written, frozenset(self.unchecked), self.n_probed
        )
