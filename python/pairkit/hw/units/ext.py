"""Extension-field units over F_{2^{4m}} = F_{2^m}{1, s, t, st} (seed 000 Eq. 4; seed 003 section 3.3).

All of them are instances of one datapath generator, :class:`MsdPlan`: a set of GF(2^m) products
(a-combination x b-combination, combinations being XORs of operand coordinates), scheduled in
rounds on ``slots`` structure-1 MSD digit-serial multipliers (seed 000 Fig. 2(a)); each output
coordinate is a sum of products. Because the MSD recurrence acc <- x^D acc + s is linear, every
output coordinate finished within one round is accumulated directly (one accumulator and one x^D
reduction per output, not per product); products with a common b operand in a round share the
x^i b mod f array (seed 000 Fig. 3). a-operands stay in place and feed their digits through a
counter-indexed mux (digit combinations such as c0 + c1 are XORs of D bits, no register).

* ``f4_mul_ca`` scheme 1: seed 000 Eq. 6 / Fig. 4(a), six multipliers, one round;
  scheme 2: Fig. 4(b), three multipliers, two rounds (c0', c1' then c2', c3').
* ``f4_mul_karatsuba``: seed 004 section 3.2 (Fig. 1-2) = spec ``f4_mul``: nine products;
  ``multipliers=9`` in parallel, ``multipliers=1`` the sequential form (nine rounds).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dfield
from types import SimpleNamespace

from amaranth.hdl import Cat, Const, Module, Mux, Signal

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.common import check_digit, n_digits, one_shot, shared_array, wire
from pairkit.hw.units.gf2 import FIELD, BinaryUnit
from pairkit.hw.units.linmap import emit_rows, sqr_map, xi_mod
from pairkit.hw.units.unit import Param, register
from pairkit.spec.binary.tower import f4_mul, f4_mul_ca, f4_sqr


@dataclass
class Plan:
    a_ports: list[str]
    b_ports: list[str]
    products: list[tuple[tuple[int, ...], tuple[int, ...]]]  # (a combo, b combo) of port indices
    rounds: list[list[int]]  # product indices per round, in slot order
    outputs: list[list[int]]  # product indices summed into output coordinate k
    out_ports: list[str]
    eterms: list[tuple[int, ...]] = dfield(default_factory=list)  # per output: a combo added when e = 1


def _in_rounds(rnd, rounds: set, R: int):
    if len(rounds) == R:
        return Const(1, 1)
    acc = Const(0, 1)
    for r in sorted(rounds):
        acc = acc | (rnd == r)
    return acc


KEEP = Param(
    "keep", int, 0, "1: keep each multiplier's partial sum as a net (no cross-product restructuring by ABC)", (0, 1)
)
A_SRC = Param(
    "a_src", str, "shift", "shift: rotating a registers (digit = top D bits); mux: static + digit mux", ("shift", "mux")
)


def _xor(vals):
    acc = vals[0]
    for v in vals[1:]:
        acc = acc ^ v
    return acc


class MsdPlan(BinaryUnit):
    plan: Plan

    def _setup(self, plan: Plan, D: int, a_src: str, keep: int):
        check_digit(D, self.m)
        self.D, self.a_src, self.keep, self.plan = D, a_src, keep, plan
        p = self.plan
        for n in p.a_ports:
            self._gin(n)
        for n in p.b_ports:
            self._gin(n)
        if p.eterms:
            self._in("e", "bits", 1)
        for n in p.out_ports:
            self._gout(n)

    def _a_inputs(self, m) -> dict:
        """The a operands as latched on the start edge (a subclass may put a linear map in front)."""
        return {x: self.inputs[x] for x in self.plan.a_ports}

    @property
    def cycles(self):
        return 1 + len(self.plan.rounds) * n_digits(self.m, self.D)

    @property
    def slots(self):
        return max(len(r) for r in self.plan.rounds)

    def metrics(self):
        return {"multipliers": self.slots, "rounds": len(self.plan.rounds), "products": len(self.plan.products)}

    def elaborate(self, platform):
        """The MSD datapath of the plan, stage by stage (the stages hand their signals on through ``ns``)."""
        m = Module()
        p, M, D = self.plan, self.m, self.D
        it = n_digits(M, D)
        ns = SimpleNamespace(p=p, M=M, D=D, it=it, n=it * D, R=len(p.rounds), S=self.slots)
        for stage in (
            self._registers,
            self._b_operands,
            self._load_operands,
            self._b_arrays,
            self._a_digits,
            self._slot_sums,
            self._accumulators,
        ):
            stage(m, ns)
        R, busy, itc, rnd = ns.R, ns.busy, ns.itc, ns.rnd
        accs, direct, regs_out = ns.accs, ns.direct, ns.regs_out
        with m.If(self.start):
            m.d.sync += [busy.eq(1), self.done.eq(0), rnd.eq(0), itc.eq(it - 1)]
        with m.Elif(busy):
            m.d.sync += itc.eq(itc - 1)
            with m.If(itc == 0):
                m.d.sync += [itc.eq(it - 1), rnd.eq(rnd + 1)]
                with m.If(rnd == R - 1):
                    m.d.sync += [busy.eq(0), self.done.eq(1)]
        for k, name in enumerate(p.out_ports):
            src = accs[direct[k]] if k in direct else regs_out[k]
            m.d.comb += self.outputs[name].eq(src)
        return m

    def _registers(self, m, ns):
        """The operand registers (a: per a port, b: per b port), e, the round and iteration counters."""
        M, R, it, n, p = ns.M, ns.R, ns.it, ns.n, ns.p
        a_regs = [Signal(n if self.a_src == "shift" else M, name=f"ra_{x}") for x in p.a_ports]
        b_base = [Signal(M, name=f"rb_{x}") for x in p.b_ports]
        e = Signal(name="re")
        rnd = Signal(range(max(R, 2)), name="rnd")
        itc = Signal(range(max(it, 2)), name="itc")
        busy = Signal(name="busy")
        last = busy & (itc == 0)
        ns.a_regs, ns.b_base, ns.busy, ns.e, ns.itc, ns.last, ns.rnd = a_regs, b_base, busy, e, itc, last, rnd

    def _b_operands(self, m, ns):
        """b operands: a constant combination per slot gets its own register (loaded at the start);
        otherwise a multiplexer over the b registers."""
        M, S, b_base, p = ns.M, ns.S, ns.b_base, ns.p
        slot_b = [[p.products[r[q]][1] if q < len(r) else None for r in p.rounds] for q in range(S)]
        static_b: dict[tuple[int, ...], Signal | None] = {}
        need_base = False
        for q in range(S):
            combos = {c for c in slot_b[q] if c is not None}
            if len(combos) == 1:
                static_b.setdefault(next(iter(combos)), None)
            else:
                need_base = True
        loads = []
        for combo in list(static_b):
            if len(combo) == 1 and need_base:
                static_b[combo] = b_base[combo[0]]
                continue
            r = Signal(M, name="rb_" + "_".join(p.b_ports[i] for i in combo))
            loads.append(r.eq(_xor([self.inputs[p.b_ports[i]] for i in combo])))
            static_b[combo] = r
        ns.loads, ns.need_base, ns.slot_b, ns.static_b = loads, need_base, slot_b, static_b

    def _load_operands(self, m, ns):
        """The start edge loads the operands."""
        a_regs, b_base, e, loads, need_base, p = ns.a_regs, ns.b_base, ns.e, ns.loads, ns.need_base, ns.p
        a_in = self._a_inputs(m)
        with m.If(self.start):
            m.d.sync += [r.eq(a_in[x]) for r, x in zip(a_regs, p.a_ports)]
            m.d.sync += loads
            if need_base:
                m.d.sync += [r.eq(self.inputs[x]) for r, x in zip(b_base, p.b_ports)]
            if p.eterms:
                m.d.sync += e.eq(self.inputs["e"])

    def _b_arrays(self, m, ns):
        """The x^i b mod f arrays: one per constant combination, shared by its slots; one per multiplexed slot."""
        D, M, R, S, b_base, rnd, slot_b, static_b = ns.D, ns.M, ns.R, ns.S, ns.b_base, ns.rnd, ns.slot_b, ns.static_b
        T_static = {c: shared_array(self.field, D, r) for c, r in static_b.items()}
        T_slot = []
        for q in range(S):
            combos = {c for c in slot_b[q] if c is not None}
            if len(combos) == 1:
                T_slot.append(T_static[next(iter(combos))])
                continue
            bsel = Signal(M, name=f"bsel{q}")
            with m.Switch(rnd):
                for r in range(R):
                    bcombo = slot_b[q][r]
                    if bcombo is not None:
                        with m.Case(r):
                            m.d.comb += bsel.eq(_xor([b_base[i] for i in bcombo]))
            T_slot.append(shared_array(self.field, D, bsel))
        ns.T_slot = T_slot

    def _a_digits(self, m, ns):
        """a digits, MSD first. shift: each a register rotates left by D in the rounds that use it (its
        top D bits are the digit; after ceil(m/D) rotations it is home again); mux: a static register
        and a counter-indexed digit multiplexer."""
        D, M, R, a_regs, busy, it, itc, n, p = ns.D, ns.M, ns.R, ns.a_regs, ns.busy, ns.it, ns.itc, ns.n, ns.p
        rnd = ns.rnd
        used: list[set[int]] = [set() for _ in range(len(a_regs))]
        for r, prods in enumerate(p.rounds):
            for j in prods:
                for k in p.products[j][0]:
                    used[k].add(r)
        a_dig, a_orig = [], []
        for k, reg in enumerate(a_regs):
            if self.a_src == "shift":
                rot = Cat(reg[n - D :], reg[: n - D])
                en = Signal(name=f"rot_{p.a_ports[k]}")
                m.d.comb += en.eq(busy & _in_rounds(rnd, used[k], R))
                with m.If(en & ~self.start):
                    m.d.sync += reg.eq(rot)
                a_dig.append(reg[n - D :])
                # the operand as loaded, on a round's last iteration: one rotation ahead if it rotates
                a_orig.append((rot[:M], reg[:M], used[k]))
            else:
                pad = Cat(reg, Const(0, n - M))
                dg = Signal(D, name=f"dig_{p.a_ports[k]}")
                with m.Switch(itc):
                    for j in range(it):
                        with m.Case(j):
                            m.d.comb += dg.eq(pad[j * D : (j + 1) * D])
                a_dig.append(dg)
                a_orig.append((reg, reg, set()))
        ns.a_dig, ns.a_orig = a_dig, a_orig

    def _slot_sums(self, m, ns):
        """Each slot's digit product s = sum_i T[i] d_i."""
        D, M, R, S, T_slot, a_dig, p, rnd = ns.D, ns.M, ns.R, ns.S, ns.T_slot, ns.a_dig, ns.p, ns.rnd
        s_slot = []
        for q in range(S):
            dq = Signal(D, name=f"digit{q}")
            with m.Switch(rnd):
                for r in range(R):
                    if q < len(p.rounds[r]):
                        with m.Case(r):
                            m.d.comb += dq.eq(_xor([a_dig[i] for i in p.products[p.rounds[r][q]][0]]))
            s = Const(0, M)
            for i in range(D):
                s = s ^ (T_slot[q][i] & dq[i].replicate(M))
            sq = Signal(M, name=f"s{q}", attrs={"keep": 1} if self.keep else {})
            m.d.comb += sq.eq(s)
            s_slot.append(sq)
        ns.s_slot = s_slot

    def _accumulators(self, m, ns):
        """Accumulators: per round, one per output coordinate that receives products there."""
        D, M, R, p = ns.D, ns.M, ns.R, ns.p
        contrib = []  # contrib[r] = [(k, slots)]
        for prods in p.rounds:
            row = []
            for k, pk in enumerate(p.outputs):
                sl = tuple(sorted(q for q, j in enumerate(prods) if j in pk))
                if sl:
                    row.append((k, sl))
            contrib.append(row)
        n_acc = max(len(c) for c in contrib)
        accs = [Signal(M, name=f"acc{i}") for i in range(n_acc)]
        rounds_of = {k: [r for r in range(R) if any(kk == k for kk, _ in contrib[r])] for k in range(len(p.outputs))}
        direct = {}  # output k -> physical accumulator, when k is finished in the last round alone
        for i, (k, _) in enumerate(contrib[R - 1]):
            if rounds_of[k] == [R - 1]:
                direct[k] = i
        regs_out = {k: Signal(M, name=f"ro_{p.out_ports[k]}") for k in range(len(p.outputs)) if k not in direct}
        xD = xi_mod(M, self.field.taps, D)
        ns.accs, ns.contrib, ns.direct, ns.regs_out, ns.rounds_of = accs, contrib, direct, regs_out, rounds_of
        ns.xD = xD
        for i, acc in enumerate(accs):
            self._accumulator(m, ns, i, acc)

    def _accumulator(self, m, ns, i, acc):
        """Accumulator i: its next value per round, the e-term, the clear, the transfer to output registers."""
        M, R, a_orig, busy, contrib, e, last, p = ns.M, ns.R, ns.a_orig, ns.busy, ns.contrib, ns.e, ns.last, ns.p
        regs_out, rnd, rounds_of, s_slot, xD = ns.regs_out, ns.rnd, ns.rounds_of, ns.s_slot, ns.xD
        nxt = Signal(M, name=f"acc{i}_next")
        ein = Signal(M, name=f"acc{i}_e")  # e-term added on the last iteration of the output's last round
        with m.Switch(rnd):
            for r in range(R):
                if i < len(contrib[r]):
                    k, sl = contrib[r][i]
                    with m.Case(r):
                        m.d.comb += nxt.eq(_xor([s_slot[q] for q in sl]))
                        if p.eterms and p.eterms[k] and rounds_of[k][-1] == r:
                            src = [a_orig[j][0] if r in a_orig[j][2] else a_orig[j][1] for j in p.eterms[k]]
                            m.d.comb += ein.eq(_xor(src) & (e & last).replicate(M))
        full = wire(m, emit_rows(xD, acc) ^ nxt ^ ein, f"acc{i}_full")
        # an accumulator whose round result moves to an output register restarts from 0
        moved = [r for r in range(R) if i < len(contrib[r]) and contrib[r][i][0] in regs_out]
        with m.If(self.start):
            m.d.sync += acc.eq(0)
        with m.Elif(busy):
            if moved:
                clr = Signal(name=f"acc{i}_clr")
                m.d.comb += clr.eq(last & _in_rounds(rnd, set(moved), R))
                m.d.sync += acc.eq(Mux(clr, 0, full))
            else:
                m.d.sync += acc.eq(full)
        # transfer to output registers at the end of a round
        for r in range(R):
            if i < len(contrib[r]):
                k, _ = contrib[r][i]
                if k in regs_out:
                    firstc = rounds_of[k][0] == r
                    with m.If(last & (rnd == r)):
                        m.d.sync += regs_out[k].eq(full if firstc else regs_out[k] ^ full)


# ------------------------------------------------------------------ seed 000: C * A


def ca_plan(scheme: int) -> Plan:
    """Seed 000 Eq. 6: c0' = c0 w + c1 z + e c3, c1' = (c0+c1)(w+z) + c0 w + e (c2+c3),
    c2' = c2 w + c3 z + e (c0+c2), c3' = (c2+c3)(w+z) + c2 w + e (c1+c3).
    Products: 0 c0 w, 1 c1 z, 2 (c0+c1)(w+z), 3 c2 w, 4 c3 z, 5 (c2+c3)(w+z)."""
    prods = [((0,), (0,)), ((1,), (1,)), ((0, 1), (0, 1)), ((2,), (0,)), ((3,), (1,)), ((2, 3), (0, 1))]
    rounds = [[0, 1, 2, 3, 4, 5]] if scheme == 1 else [[0, 1, 2], [3, 4, 5]]
    return Plan(
        ["c0", "c1", "c2", "c3"],
        ["w", "z"],
        prods,
        rounds,
        [[0, 1], [2, 0], [3, 4], [5, 3]],
        ["d0", "d1", "d2", "d3"],
        [(3,), (2, 3), (0, 2), (1, 3)],
    )


@register(
    "f4_mul_ca",
    summary="C*A in F_{2^4m}, A = w + z s + e t: scheme 1 (6 multipliers) or 2 (3 x 2 rounds)",
    seed="seed 000 Eq. 5-6, Fig. 3-4, Table 2",
    family="ext",
    params=[
        FIELD,
        Param("D", int, 16, "digit size of the GF(2^m) multipliers"),
        Param("scheme", int, 1, "1: six multipliers, one round; 2: three multipliers, two rounds", (1, 2)),
        A_SRC,
        KEEP,
        Param(
            "sqr_in",
            int,
            0,
            "1: C^2 * A, the F_{2^4m} squarer (XOR network) on the C inputs (seed 000 Alg. 1 lines 5-6, Fig. 5)",
            (0, 1),
        ),
    ],
    small={"field": "ss2-7", "D": 3},
)
class MulCA(MsdPlan):
    def __init__(self, field="ss2-283", D=16, scheme=1, a_src="shift", keep=0, sqr_in=0):
        super().__init__(field, D=D, scheme=scheme, a_src=a_src, keep=keep, sqr_in=sqr_in)
        self.sqr_in = sqr_in
        self._setup(ca_plan(scheme), D, a_src, keep)

    def _a_inputs(self, m) -> dict:
        c = tuple(self.inputs[f"c{i}"] for i in range(4))
        if self.sqr_in:  # spec f4_sqr on signals: base squarings are XOR networks, additions XORs
            sq = _SignalField(m, sqr_map(self.m, self.field.taps))
            c = tuple(wire(m, x, f"c{i}_sq") for i, x in enumerate(f4_sqr(sq, c)))
        return {f"c{i}": c[i] for i in range(4)}

    def spec_model(self, ops):
        c = tuple(ops[f"c{i}"] for i in range(4))
        if self.sqr_in:
            c = f4_sqr(self.F, c)
        d = f4_mul_ca(self.F, c, ops["w"], ops["z"], ops["e"])
        return {f"d{i}": d[i] for i in range(4)}


class _SignalField:
    """Just enough of a GF(2^m) field over Amaranth values to run a spec formula as a circuit."""

    def __init__(self, m, sqr_rows):
        self.mod, self.rows, self.n = m, sqr_rows, 0

    def add(self, a, b):
        return a ^ b

    def sqr(self, a):
        self.n += 1
        return wire(self.mod, emit_rows(self.rows, a), f"sq{self.n}")


# ------------------------------------------------------------------ seed 000: the F_{2^4m} squarer


@register(
    "f4_sqr",
    summary="F_{2^4m} squarer a^(2^k): 4 base squarers and XORs per stage, k stages in series",
    seed='seed 000 section 5.3 ("the component computing C^{2^4} each cycle", T4 of Eq. 10)',
    family="ext",
    params=[FIELD, Param("k", int, 1, "F_{2^4m} squarings in series (a^(2^k) per cycle)")],
    small={"field": "ss2-7", "k": 2},
)
class F4Squarer(BinaryUnit):
    """A registered linear map like gf2_sqr: operands loaded on the start edge, the k squarings
    (spec f4_sqr run on signals: base squarer XOR networks and additions) registered on the next
    edge (cycles = 2)."""

    def __init__(self, field="ss2-283", k=1):
        super().__init__(field, k=k)
        if not isinstance(k, int) or not 1 <= k <= 64:
            raise HwParamError("k", f"{k} F_{{2^4m}} squarings in series: need 1 <= k <= 64")
        self.k = k
        for i in range(4):
            self._gin(f"a{i}")
        for i in range(4):
            self._gout(f"c{i}")

    @property
    def cycles(self):
        return 2

    def elaborate(self, platform):
        m = Module()
        a = [Signal(self.m, name=f"a{i}_reg") for i in range(4)]
        busy = one_shot(m, self.start, self.done)
        sq = _SignalField(m, sqr_map(self.m, self.field.taps))
        x = tuple(a)
        for j in range(self.k):
            x = tuple(wire(m, v, f"s{j + 1}_{i}") for i, v in enumerate(f4_sqr(sq, x)))
        with m.If(self.start):
            m.d.sync += [r.eq(self.inputs[f"a{i}"]) for i, r in enumerate(a)]
        with m.If(busy):
            m.d.sync += [self.outputs[f"c{i}"].eq(x[i]) for i in range(4)]
        return m

    def spec_model(self, ops):
        x = tuple(ops[f"a{i}"] for i in range(4))
        for _ in range(self.k):
            x = f4_sqr(self.F, x)
        return {f"c{i}": x[i] for i in range(4)}


# ------------------------------------------------------------------ seed 004: Karatsuba F_{2^4m}


def karatsuba_plan(multipliers: int) -> Plan:
    """spec f4_mul (Karatsuba over F_{2^2m}, each F_{2^2m} product Karatsuba over F_{2^m}):
    p0 = a0 b0, p1 = a1 b1, p2 = (a0+a1)(b0+b1), q0 = a2 b2, q1 = a3 b3, q2 = (a2+a3)(b2+b3),
    r0 = (a0+a2)(b0+b2), r1 = (a1+a3)(b1+b3), r2 = (a0+a1+a2+a3)(b0+b1+b2+b3);
    c0 = p0+p1+q0+q2, c1 = p0+p2+q1+q2, c2 = p0+p1+r0+r1, c3 = p0+p2+r0+r2."""
    combos = [(0,), (1,), (0, 1), (2,), (3,), (2, 3), (0, 2), (1, 3), (0, 1, 2, 3)]
    prods = [(c, c) for c in combos]
    outs = [[0, 1, 3, 5], [0, 2, 4, 5], [0, 1, 6, 7], [0, 2, 6, 8]]
    if multipliers == 9:
        rounds = [list(range(9))]
    elif multipliers == 1:
        rounds = [[j] for j in range(9)]
    elif multipliers == 3:
        rounds = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    else:
        raise HwParamError("multipliers", f"{multipliers}: the Karatsuba unit has 9, 3 or 1 multipliers")
    return Plan(["a0", "a1", "a2", "a3"], ["b0", "b1", "b2", "b3"], prods, rounds, outs, ["c0", "c1", "c2", "c3"])


@register(
    "f4_mul_karatsuba",
    summary="Karatsuba product in F_{2^4m}: 9 GF(2^m) multipliers in parallel, or 3 / 1 in rounds",
    seed="seed 004 section 3.2, Fig. 1-2, Table 3; seed 003 section 3.3 (9 M + 21 A)",
    family="ext",
    params=[
        FIELD,
        Param("D", int, 6, "digit size of the GF(2^m) multipliers"),
        Param("multipliers", int, 9, "9 (parallel), 3 or 1 (sequential)", (1, 3, 9)),
        A_SRC,
        KEEP,
    ],
    small={"field": "ss2-7", "D": 3},
)
class MulKaratsuba(MsdPlan):
    def __init__(self, field="ss2-283", D=6, multipliers=9, a_src="shift", keep=0):
        super().__init__(field, D=D, multipliers=multipliers, a_src=a_src, keep=keep)
        self._setup(karatsuba_plan(multipliers), D, a_src, keep)

    def spec_model(self, ops):
        c = f4_mul(self.F, tuple(ops[f"a{i}"] for i in range(4)), tuple(ops[f"b{i}"] for i in range(4)))
        return {f"c{i}": c[i] for i in range(4)}
