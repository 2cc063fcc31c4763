"""GF(2^m) units: bit-serial and digit-serial multipliers, squarer, square root, Itoh-Tsujii inverter.

Golden model: :class:`pairkit.spec.binary.gf2m.GF2m`. Fields: any odd m with an irreducible trinomial or
pentanomial (``field=ss2-283`` or ``field=x^7+x+1``).
"""

from __future__ import annotations

from amaranth.hdl import Cat, Const, Module, Mux, Signal

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.common import (
    check_digit,
    msd_step_s1,
    msd_step_s2,
    n_digits,
    one_shot,
    seq_control,
    shared_array,
    wire,
)
from pairkit.hw.units.fields import binary_field
from pairkit.hw.units.linmap import emit_rows, reduce_map, sqr_map, sqrt_map, xi_mod, xor_count, xor_depth
from pairkit.hw.units.unit import HwUnit, Param, register

FIELD = Param("field", str, "ss2-283", "catalogue id or trinomial/pentanomial, e.g. x^7+x+1")
SMALL = {"field": "ss2-7"}


class BinaryUnit(HwUnit):
    """A unit over one binary field (``field``: a catalogue id or a polynomial): the base of the GF(2^m)
    generators here and in ext.py, gf2_seed004.py, tmvp.py."""

    def __init__(self, field="ss2-283", **kw):
        super().__init__(field=field, **kw)
        self.field = binary_field(field)
        self.F = self.field.spec
        self.m = self.field.m

    def _gin(self, name):
        return self._in(name, "gf2", self.m, self.m)

    def _gout(self, name):
        return self._out(name, "gf2", self.m, self.m)

    def _mul_ports(self):
        """Operands a, b and the result c of a two-operand unit."""
        self.a, self.b = self._gin("a"), self._gin("b")
        self.c = self._gout("c")


# ------------------------------------------------------------------ multipliers


@register(
    "gf2_mul_bitserial",
    summary="bit-serial LSB-first multiplier with in-place reduction (M0)",
    seed="seed 004 Alg. 1 (M0, Table 2)",
    family="gf2",
    params=[FIELD],
    small=SMALL,
)
class BitSerialMul(BinaryUnit):
    """Seed 004 Algorithm 1 (M0): result ^= a_i b; b <- b x mod f; m iterations (+1 load edge)."""

    def __init__(self, field="ss2-283"):
        super().__init__(field)
        self._mul_ports()

    @property
    def cycles(self):
        return self.m + 1

    def spec_model(self, ops):
        return {"c": self.F.mul(ops["a"], ops["b"])}

    def elaborate(self, platform):
        m = Module()
        M = self.m
        a = Signal(M)
        b = Signal(M)
        busy, _ = seq_control(m, self.start, self.done, M)
        with m.If(self.start):
            m.d.sync += [a.eq(self.a), b.eq(self.b), self.c.eq(0)]
        with m.Elif(busy):
            m.d.sync += [
                a.eq(a >> 1),
                b.eq(emit_rows(xi_mod(M, self.field.taps, 1), b)),
                self.c.eq(self.c ^ (b & a[0].replicate(M))),
            ]
        return m


@register(
    "gf2_mul_msd",
    summary="digit-serial MSD-first multiplier, digit D, Fig. 2 structure 1 or 2",
    seed="seed 000 section 5.1.2, Fig. 2; Eq. 9 (ceil(m/D) cycles)",
    family="gf2",
    params=[
        FIELD,
        Param("D", int, 16, "digit size, 1 <= D <= m"),
        Param("structure", int, 1, "1: x^i b mod f array (shareable); 2: m+D-bit partial sum", (1, 2)),
    ],
    small={"field": "ss2-7", "D": 3},
)
class MsdMul(BinaryUnit):
    """Left-to-right (MSD-first) digit-serial multiplier of seed 000 section 5.1.2.

    n = ceil(m/D) D; a is zero-padded to n bits and shifted D bits per cycle (the LFSR structure);
    each cycle c <- c x^D + sum_{i<D} a_{n-D+i} x^i b (mod f). Structure 1 keeps the partial sum in m
    bits with the x^i b mod f array; structure 2 keeps m + D bits and reduces once.
    """

    def __init__(self, field="ss2-283", D=16, structure=1):
        super().__init__(field, D=D, structure=structure)
        check_digit(D, self.m)
        self.D, self.structure = D, structure
        self._mul_ports()

    @property
    def iterations(self):
        return n_digits(self.m, self.D)

    @property
    def cycles(self):
        return self.iterations + 1

    def spec_model(self, ops):
        return {"c": self.F.mul(ops["a"], ops["b"])}

    def elaborate(self, platform):
        m = Module()
        M, D = self.m, self.D
        n = self.iterations * D
        a = Signal(n)
        b = Signal(M)
        busy, _ = seq_control(m, self.start, self.done, self.iterations)
        digit = a[n - D :]
        if self.structure == 1:
            nxt = msd_step_s1(self.field, D, self.c, digit, shared_array(self.field, D, b))
        else:
            nxt = msd_step_s2(m, self.field, D, self.c, digit, b)
        with m.If(self.start):
            m.d.sync += [a.eq(self.a), b.eq(self.b), self.c.eq(0)]
        with m.Elif(busy):
            m.d.sync += [a.eq(a << D), self.c.eq(nxt)]
        return m


@register(
    "gf2_mul_msd_shared",
    summary="k MSD multipliers sharing operand b and its x^i b mod f array",
    seed="seed 000 Fig. 3 (two D = 4 multipliers sharing sum x^i b(x) mod f239)",
    family="gf2",
    params=[FIELD, Param("D", int, 4, "digit size"), Param("k", int, 2, "multipliers sharing b")],
    small={"field": "ss2-7", "D": 2, "k": 2},
)
class MsdShared(BinaryUnit):
    """Seed 000 Fig. 3: k structure-1 multipliers c_j = a_j b share the array x^i b mod f."""

    def __init__(self, field="ss2-283", D=4, k=2):
        super().__init__(field, D=D, k=k)
        check_digit(D, self.m)
        if not 1 <= k <= 16:
            raise HwParamError("k", f"{k} multipliers: need 1 <= k <= 16")
        self.D, self.k = D, k
        self.a = [self._gin(f"a{j}") for j in range(k)]
        self.b = self._gin("b")
        self.c = [self._gout(f"c{j}") for j in range(k)]

    @property
    def cycles(self):
        return n_digits(self.m, self.D) + 1

    def spec_model(self, ops):
        return {f"c{j}": self.F.mul(ops[f"a{j}"], ops["b"]) for j in range(self.k)}

    def elaborate(self, platform):
        m = Module()
        M, D = self.m, self.D
        it = n_digits(M, D)
        n = it * D
        b = Signal(M)
        busy, _ = seq_control(m, self.start, self.done, it)
        T = shared_array(self.field, D, b)
        with m.If(self.start):
            m.d.sync += b.eq(self.b)
        for j in range(self.k):
            a = Signal(n, name=f"a{j}_sh")
            with m.If(self.start):
                m.d.sync += [a.eq(self.a[j]), self.c[j].eq(0)]
            with m.Elif(busy):
                m.d.sync += [a.eq(a << D), self.c[j].eq(msd_step_s1(self.field, D, self.c[j], a[n - D :], T))]
        return m


# ------------------------------------------------------------------ squarer, square root


class _LinearMap(BinaryUnit):
    """A registered GF(2)-linear map: the operand register is loaded on the start edge and the XOR
    network of ``rows`` (derived from the polynomial, :mod:`pairkit.hw.units.linmap`), applied ``stages``
    times in series, is registered on the next edge (cycles = 2). ``latch = 0``: no operand register, the
    network on the input port registered on the start edge itself (cycles = 1: seed 003 section 5.1's
    "two squarings in a single clock cycle")."""

    rows: list
    stages = 1
    latch = 1

    def _setup(self, rows, in_name="a", in_width=None):
        self.rows = rows
        if in_width is None:
            self.x = self._gin(in_name)
        else:
            self.x = self._in(in_name, "bits", in_width)
        self.c = self._gout("c")

    @property
    def cycles(self):
        return 2 if self.latch else 1

    def metrics(self):
        return {"xor": xor_count(self.rows) * self.stages, "xor_depth": xor_depth(self.rows) * self.stages}

    def elaborate(self, platform):
        m = Module()
        if not self.latch:  # one edge: the network on the port straight into the result register
            x = self.x
            for j in range(self.stages):
                x = wire(m, emit_rows(self.rows, x), f"map{j + 1}")
            m.d.comb += self.done.eq(1)
            with m.If(self.start):
                m.d.sync += self.c.eq(x)
            return m
        a = Signal(len(self.x), name="x_reg")
        busy = one_shot(m, self.start, self.done)
        x = a
        for j in range(self.stages):
            x = wire(m, emit_rows(self.rows, x), f"map{j + 1}")
        with m.If(self.start):
            m.d.sync += a.eq(self.x)
        with m.If(busy):
            m.d.sync += self.c.eq(x)
        return m


_LATCH = Param(
    "latch",
    int,
    1,
    "1: operand latched on the start edge, the result registered on the next (cycles = 2); 0: the network on "
    "the input port registered on the start edge itself (cycles = 1)",
    (0, 1),
)


@register(
    "gf2_sqr",
    summary="squarer a^(2^k) as an XOR network derived from the polynomial (k in series)",
    seed="seed 000 section 5.1.1; seed 003 section 2 (738 XORs for x^1223+x^255+1); seed 004 Table 3",
    family="gf2",
    params=[FIELD, Param("k", int, 1, "squarers in series (a^(2^k) per cycle)"), _LATCH],
    small=SMALL,
)
class Squarer(_LinearMap):
    def __init__(self, field="ss2-283", k=1, latch=1):
        super().__init__(field, k=k, latch=latch)
        if not 1 <= k <= 64:
            raise HwParamError("k", f"{k} squarers in series: need 1 <= k <= 64")
        self.k = self.stages = k
        self.latch = latch
        self._setup(sqr_map(self.m, self.field.taps))

    def spec_model(self, ops):
        x = ops["a"]
        for _ in range(self.k):
            x = self.F.sqr(x)
        return {"c": x}


@register(
    "gf2_sqrt",
    summary="square root as an XOR network (seed 003: 611 XORs for x^1223+x^255+1)",
    seed="seed 003 section 2 (sqrt(x) = x^612 + x^128)",
    family="gf2",
    params=[
        Param("field", str, "ss2-1223", FIELD.help),
        Param(
            "method",
            str,
            "seed003",
            "seed003: sparse sqrt(x) (trinomial, odd k); matrix: dense map, any polynomial",
            ("seed003", "matrix"),
        ),
        Param("k", int, 1, "square roots in series (a^(2^-k) per cycle; seed 003's chains)"),
        _LATCH,
    ],
    small=SMALL,
)
class SquareRoot(_LinearMap):
    def __init__(self, field="ss2-1223", method="seed003", k=1, latch=1):
        super().__init__(field, method=method, k=k, latch=latch)
        if not 1 <= k <= 64:
            raise HwParamError("k", f"{k} square roots in series: need 1 <= k <= 64")
        self.k = self.stages = k
        self.latch = latch
        self._setup(sqrt_map(self.m, self.field.taps, method))

    def spec_model(self, ops):
        x = ops["a"]
        for _ in range(self.k):
            x = self.F.sqrt(x)
        return {"c": x}


# ------------------------------------------------------------------ Itoh-Tsujii inverter


def it_program(m: int, chain: str):
    """The inverter's micro-program: ('sqr', dst, src, n) | ('mul', dst, x, y) | ('mov', dst, src) on
    registers A (the input), S (= A at start), R, W; the result is in W.

    ``eq7``: seed 000 Eq. 7 (binary expansion of m - 1: floor(log2(m-1)) + HW(m-1) - 1 multiplications);
    ``alg4``: seed 003 Appendix A.3 Algorithm 4 (m = 1223, 14 multiplications).
    """
    prog = []
    if chain == "eq7":
        bits = bin(m - 1)[2:]
        k = 1
        for bit in bits[1:]:
            prog += [("sqr", "W", "S", k), ("mul", "S", "W", "S")]
            k *= 2
            if bit == "1":
                prog += [("sqr", "W", "S", 1), ("mul", "S", "W", "A")]
                k += 1
        prog.append(("sqr", "W", "S", 1))
        return prog
    if chain == "alg4":
        if m != 1223:
            raise HwParamError("chain", f"seed 003 Algorithm 4 is the addition chain for m = 1223, not m = {m}")
        P = [
            ("sqr", "W", "S", 1),
            ("mul", "S", "W", "S"),
            ("mov", "R", "S"),
            ("sqr", "W", "S", 2),
            ("mul", "S", "W", "S"),
            ("sqr", "S", "S", 2),
            ("mul", "R", "R", "S"),
        ]
        for k in (4, 8, 16, 32):
            P += [("sqr", "W", "S", k), ("mul", "S", "W", "S")]
        P += [
            ("sqr", "S", "S", 4),
            ("mul", "R", "R", "S"),
            ("sqr", "W", "S", 64),
            ("mul", "S", "W", "S"),
            ("sqr", "S", "S", 64),
            ("mul", "R", "R", "S"),
        ]
        for k in (128, 256, 512):
            P += [("sqr", "W", "S", k), ("mul", "S", "W", "S")]
        P += [("sqr", "S", "S", 128), ("mul", "R", "R", "S"), ("sqr", "W", "R", 1)]
        return P
    raise HwParamError("chain", f"unknown addition chain {chain!r} (eq7 | alg4)")


def run_program(F, prog, a: int) -> int:
    """Software model of the micro-program (checked against the spec in the tests)."""
    reg = {"A": a, "S": a, "R": 0, "W": 0}
    for ins in prog:
        if ins[0] == "sqr":
            x = reg[ins[2]]
            for _ in range(ins[3]):
                x = F.sqr(x)
            reg[ins[1]] = x
        elif ins[0] == "mul":
            reg[ins[1]] = F.mul(reg[ins[2]], reg[ins[3]])
        else:
            reg[ins[1]] = reg[ins[2]]
    return reg["W"]


@register(
    "gf2_inv",
    summary="Itoh-Tsujii inverter: one MSD multiplier (digit D) + q squarers in series",
    seed="seed 000 Eq. 7 and section 5.3 (T3); seed 003 Alg. 4; seed 004 Table 3",
    family="gf2",
    params=[
        FIELD,
        Param("D", int, 8, "digit size of the multiplier"),
        Param("q", int, 4, "squarers in series (a^(2^q) per cycle; seed 000 uses 4)"),
        Param("chain", str, "eq7", "eq7 (seed 000) | alg4 (seed 003, m = 1223)", ("eq7", "alg4")),
    ],
    small={"field": "ss2-13", "D": 3, "q": 2},
)
class ItohTsujii(BinaryUnit):
    """A tiny programmed datapath: registers A, S, R, W; one structure-1 MSD multiplier whose digit
    comes from a counter-indexed mux of its source register; q squarers in series with a tap mux.
    cycles = 1 + sum over the program of ceil(n/q) (sqr), ceil(m/D) (mul), 1 (mov)."""

    REGS = ("A", "S", "R", "W")

    def __init__(self, field="ss2-283", D=8, q=4, chain="eq7"):
        super().__init__(field, D=D, q=q, chain=chain)
        check_digit(D, self.m)
        if not 1 <= q <= 64:
            raise HwParamError("q", f"{q} squarers in series: need 1 <= q <= 64")
        self.D, self.q = D, q
        self.prog = it_program(self.m, chain)
        self.a = self._gin("a")
        self.c = self._gout("c")

    def _icycles(self, ins):
        if ins[0] == "sqr":
            return -(-ins[3] // self.q)
        if ins[0] == "mul":
            return n_digits(self.m, self.D)
        return 1

    @property
    def cycles(self):
        return 1 + sum(self._icycles(i) for i in self.prog)

    @property
    def multiplications(self):
        return sum(1 for i in self.prog if i[0] == "mul")

    def spec_model(self, ops):
        a = ops["a"]
        return {"c": self.F.inv(a) if a else 0}

    def random_operands(self, rng):
        return {"a": rng.getrandbits(self.m)}

    def elaborate(self, platform):
        m = Module()
        M, D, q = self.m, self.D, self.q
        it = n_digits(M, D)
        n = it * D
        regs = {r: Signal(M, name=f"r{r}") for r in self.REGS}
        pc = Signal(range(len(self.prog) + 1))
        step = Signal(range(max(it, 1024) + 1))
        busy = Signal()
        # operand selects, driven per instruction
        x_sel = Signal(range(4))
        y_sel = Signal(range(4))
        s_src = Signal(range(4))
        taps = Signal(range(q + 1))
        regv = [regs[r] for r in self.REGS]
        xv = Signal(M)
        yv = Signal(M)
        m.d.comb += [xv.eq(regv[0]), yv.eq(regv[0])]
        with m.Switch(x_sel):
            for i, r in enumerate(regv):
                with m.Case(i):
                    m.d.comb += xv.eq(r)
        with m.Switch(y_sel):
            for i, r in enumerate(regv):
                with m.Case(i):
                    m.d.comb += yv.eq(r)
        # multiplier: MSD structure 1; digit j of xv (j counts down), acc in register P
        P = Signal(M)
        xpad = Cat(xv, Const(0, n - M))
        digit = Signal(D)
        didx = Signal(range(it + 1))
        m.d.comb += didx.eq(step - 1)
        with m.Switch(didx):
            for j in range(it):
                with m.Case(j):
                    m.d.comb += digit.eq(xpad[j * D : (j + 1) * D])
        first = Signal()
        acc_in = wire(m, Mux(first, 0, P), "acc_in", M)
        mul_next = wire(m, msd_step_s1(self.field, D, acc_in, digit, shared_array(self.field, D, yv)), "mul_next")
        # squarer chain with a tap mux; the first step reads s_src, later ones the destination
        sq_in = Signal(M)
        with m.Switch(s_src):
            for i, r in enumerate(regv):
                with m.Case(i):
                    m.d.comb += sq_in.eq(r)
        rows = sqr_map(M, self.field.taps)
        chain = [sq_in]
        for j in range(q):
            chain.append(wire(m, emit_rows(rows, chain[-1]), f"sq{j + 1}"))
        sq_out = Signal(M)
        with m.Switch(taps):
            for t in range(1, q + 1):
                with m.Case(t):
                    m.d.comb += sq_out.eq(chain[t])
        idx = {r: i for i, r in enumerate(self.REGS)}
        with m.If(self.start):
            m.d.sync += [
                regs["A"].eq(self.a),
                regs["S"].eq(self.a),
                pc.eq(0),
                busy.eq(1),
                self.done.eq(0),
                step.eq(self._icycles(self.prog[0])),
            ]
        with m.Elif(busy):
            m.d.sync += step.eq(step - 1)
            with m.Switch(pc):
                for i, ins in enumerate(self.prog):
                    with m.Case(i):
                        nxt_steps = self._icycles(self.prog[i + 1]) if i + 1 < len(self.prog) else 0
                        end = step == 1
                        with m.If(end):
                            m.d.sync += [pc.eq(i + 1), step.eq(nxt_steps)]
                            if i + 1 == len(self.prog):
                                m.d.sync += [busy.eq(0), self.done.eq(1)]
                        if ins[0] == "sqr":
                            _, dst, src, k = ins
                            total = self._icycles(ins)
                            # first step from src, then in place on dst; the last step applies the remainder
                            m.d.comb += s_src.eq(Mux(step == total, idx[src], idx[dst]))
                            rem = k - q * (total - 1)
                            m.d.comb += taps.eq(Mux(end, rem, q))
                            m.d.sync += regs[dst].eq(sq_out)
                        elif ins[0] == "mul":
                            _, dst, x, y = ins
                            m.d.comb += [x_sel.eq(idx[x]), y_sel.eq(idx[y]), first.eq(step == it)]
                            m.d.sync += P.eq(mul_next)
                            with m.If(end):
                                m.d.sync += regs[dst].eq(mul_next)
                        else:
                            _, dst, src = ins
                            m.d.sync += regs[dst].eq(regs[src])
        m.d.comb += self.c.eq(regs["W"])
        return m


# ------------------------------------------------------------------ adder, reduction module


@register(
    "gf2_add",
    summary="adder a + b (m XORs), registered",
    seed="seed 004 section 2.1; seed 003 (1223 XORs)",
    family="gf2",
    params=[
        FIELD,
        Param(
            "latch",
            int,
            1,
            "1: operands latched on the start edge, the sum "
            "registered on the next (cycles = 2); 0: the sum of the input ports "
            "registered on the start edge itself (cycles = 1)",
            (0, 1),
        ),
    ],
    small=SMALL,
)
class Adder(BinaryUnit):
    def __init__(self, field="ss2-283", latch=1):
        super().__init__(field, latch=latch)
        self.latch = latch
        self._mul_ports()

    @property
    def cycles(self):
        return 2 if self.latch else 1

    def spec_model(self, ops):
        return {"c": ops["a"] ^ ops["b"]}

    def elaborate(self, platform):
        m = Module()
        if not self.latch:  # one edge: the XOR of the ports straight into the result register
            m.d.comb += self.done.eq(1)
            with m.If(self.start):
                m.d.sync += self.c.eq(self.a ^ self.b)
            return m
        busy = one_shot(m, self.start, self.done)
        a, b = Signal(self.m), Signal(self.m)
        with m.If(self.start):
            m.d.sync += [a.eq(self.a), b.eq(self.b)]
        with m.If(busy):
            m.d.sync += self.c.eq(a ^ b)
        return m


@register(
    "gf2_reduce",
    summary="reduction module: an (m + W - 1)-bit product to m bits, one XOR level per fold",
    seed="seed 004 Alg. 4, Table 3 (54 LUTs)",
    family="gf2",
    params=[FIELD, Param("W", int, 32, "word size: the input has m + W - 1 bits (W = m + 1: a full product)")],
    small={"field": "ss2-13", "W": 4},
)
class Reduce(_LinearMap):
    def __init__(self, field="ss2-283", W=32):
        super().__init__(field, W=W)
        check_digit(W, self.m + 1, "W", 1)
        self.W = W
        self.width = self.m + W - 1
        self._setup(reduce_map(self.width, self.m, self.field.taps), "p", self.width)

    def spec_model(self, ops):
        return {"c": self.F.reduce(ops["p"])}
