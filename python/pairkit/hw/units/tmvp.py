"""Toeplitz matrix-vector product (TMVP) multipliers of seed 003 (section 3.1-3.2, Appendix A.1) and
the double multiplier with one common input (DMOCI, section 6). Trinomials x^m + x^k + 1 only.

Multiplication as a TMVP (seed 003 section 3.1, after Mastrovito): A B mod f = M_A B with
M_A = [x^0 A, ..., x^{m-1} A] mod f; moving the top k rows of M_A to the bottom gives a Toeplitz
matrix T_A, so C' = T_A B and C is C' with the top m - k and the bottom k coefficients swapped.
T_A is fixed by its first row and column (the CONVERTOR block), derived here symbolically.

Split formulas (seed 003 Eq. 1-2): two-way T V = [P0 + P1; P2 + P1] with P0 = (T0+T1) V1,
P1 = T1 (V0+V1), P2 = (T1+T2) V0; three-way with six products. The hybrid sequential/parallel
multiplier applies the ``outer`` splits symbolically -- 2,2 gives nine products of size n/4 (A.1,
n = 1224 -> 306), 3 gives six of size n/3 (section 3.2, 408) -- and computes one product per cycle
on a fully parallel TMVP core built by the ``inner`` splits down to a quadratic base
(306 -> 102 -> 34 -> 17; 408 -> 136 -> 46 -> 16 -> 8, sizes rounded up to the split as in the paper).
T_net / V_net form each cycle's matrix and vector as XORs of blocks; OUT_net accumulates the n/s
output blocks. cycles = 1 (load) + 9 or 6.
"""

from __future__ import annotations

from functools import lru_cache

from amaranth.hdl import Cat, Const, Module, Mux, Signal

from pairkit.hw.errors import HwLimitError, HwParamError
from pairkit.hw.units.common import one_shot, wire
from pairkit.hw.units.gf2 import BinaryUnit
from pairkit.hw.units.unit import HwUnit, Param, register, scratch_module

#: at most this many splits in ``outer`` (3^4 = 81 sequential products) and ``inner`` (docs/HW.md "Limits")
MAX_SPLITS = {"outer": 4, "inner": 6}


def parse_splits(s: str, param: str) -> tuple[int, ...]:
    """The splits ``"2,3"`` of parameter ``param`` (outer | inner) as a tuple, checked (HwLimitError, HwParamError)."""
    s = str(s).strip()
    if not s:
        return ()
    limit = MAX_SPLITS.get(param, 6)
    if s.count(",") >= limit:
        raise HwLimitError(param, f"{s.count(',') + 1} splits exceed the limit of {limit}")
    try:
        out = tuple(int(x) for x in s.replace(" ", "").split(","))
    except ValueError:
        raise HwParamError(param, f"expected a comma-separated list of 2 and 3, got {s!r}") from None
    if any(x not in (2, 3) for x in out):
        raise HwParamError(param, f"splits must be 2 or 3, got {s!r}")
    return out


@lru_cache(maxsize=None)
def toeplitz_of(m: int, k: int) -> tuple[int, ...]:
    """t-vector of T_A (length 2m - 1, entry d + m - 1 for d = row - col) as masks over the bits of A.

    Row r of T_A is row (r + k) mod m of M_A. Column 0 is A itself; row 0 is coefficient k of
    x^i A mod f, i = 0..m-1 (computed by iterating v <- x v mod f on symbolic masks)."""
    t = [0] * (2 * m - 1)
    for r in range(m):
        t[m - 1 + r] = 1 << ((r + k) % m)
    v = [1 << j for j in range(m)]
    for i in range(m):
        t[m - 1 - i] = v[k]
        top = v[m - 1]  # v <- x v mod (x^m + x^k + 1)
        v = [0] + v[: m - 1]
        v[0] ^= top
        v[k] ^= top
    return tuple(t)


def sym_split(toffs: frozenset, voffs: frozenset, n: int, splits: tuple[int, ...]):
    """Apply the split formulas symbolically. toffs: offsets o of slices t[o : o + 2n - 1] whose XOR is
    this level's matrix; voffs: starts of v[o : o + n]. Returns (leaves, blocks): leaves = [(toffs, voffs)]
    of size s = n / prod(splits); blocks[b] = set of leaf indices XORed into output block b."""
    if not splits:
        return [(toffs, voffs)], [frozenset([0])]
    q = splits[0]
    s = n // q

    def tb(d):  # block with bi - bj = d
        return frozenset(o + d * s + n - s for o in toffs)

    def vb(i):
        return frozenset(o + i * s for o in voffs)

    def x(*sets):
        out: frozenset[int] = frozenset()
        for st in sets:
            out = out ^ st
        return out

    if q == 2:
        T0, T1, T2 = tb(-1), tb(0), tb(1)
        prods = [(x(T0, T1), vb(1)), (T1, x(vb(0), vb(1))), (x(T1, T2), vb(0))]
        comb: list[tuple[int, ...]] = [(0, 1), (2, 1)]
    else:
        T0, T1, T2, T3, T4 = tb(-2), tb(-1), tb(0), tb(1), tb(2)
        prods = [
            (x(T0, T1, T2), vb(2)),
            (x(T1, T2, T3), vb(1)),
            (x(T2, T3, T4), vb(0)),
            (T1, x(vb(1), vb(2))),
            (T2, x(vb(0), vb(2))),
            (T3, x(vb(0), vb(1))),
        ]
        comb = [(0, 3, 4), (1, 3, 5), (2, 4, 5)]
    leaves: list = []
    sub_blocks: list = []
    for tt, vv in prods:
        lv, bl = sym_split(tt, vv, s, splits[1:])
        base = len(leaves)
        leaves += lv
        sub_blocks.append([frozenset(base + j for j in b) for b in bl])
    blocks = []
    for c in comb:
        for bi in range(len(sub_blocks[0])):
            acc: frozenset = frozenset()
            for pi in c:
                acc = acc ^ sub_blocks[pi][bi]
            blocks.append(acc)
    return leaves, blocks


class Counter:
    def __init__(self):
        self.ands = 0
        self.xors = 0


def tmvp_parallel(m: Module, t, v, n: int, splits: tuple[int, ...], cnt: Counter, tag: str = "c"):
    """Fully parallel TMVP of size n (t: 2n - 1 bits, v: n bits) by the split formulas, quadratic base.
    Sizes not divisible by the split are extended (diagonals by zeros, v by zeros)."""
    if not splits:
        out = Const(0, n)
        for i in range(n):
            out = out ^ (t[n - 1 - i : 2 * n - 1 - i] & v[i].replicate(n))
        cnt.ands += n * n
        cnt.xors += n * (n - 1)
        return wire(m, out, tag + "_q")
    q = splits[0]
    if n % q:
        n2 = -(-n // q) * q
        e = n2 - n
        t2 = wire(m, Cat(Const(0, e), t, Const(0, e)), tag + "_te")
        v2 = wire(m, Cat(v, Const(0, e)), tag + "_ve")
        return tmvp_parallel(m, t2, v2, n2, splits, cnt, tag)[:n]
    s = n // q

    def tb(d):
        o = d * s + n - s
        return t[o : o + 2 * s - 1]

    def vb(i):
        return v[i * s : (i + 1) * s]

    def w(x, name, width):
        return wire(m, x, f"{tag}_{name}", width)

    if q == 2:
        T0, T1, T2 = tb(-1), tb(0), tb(1)
        cnt.xors += 2 * (2 * s - 1) + s + 2 * s
        P0 = tmvp_parallel(m, w(T0 ^ T1, "t01", 2 * s - 1), vb(1), s, splits[1:], cnt, tag + "0")
        P1 = tmvp_parallel(m, w(T1, "t1", 2 * s - 1), w(vb(0) ^ vb(1), "v01", s), s, splits[1:], cnt, tag + "1")
        P2 = tmvp_parallel(m, w(T1 ^ T2, "t12", 2 * s - 1), vb(0), s, splits[1:], cnt, tag + "2")
        return wire(m, Cat(P0 ^ P1, P2 ^ P1), tag + "_o")
    T0, T1, T2, T3, T4 = tb(-2), tb(-1), tb(0), tb(1), tb(2)
    cnt.xors += 6 * (2 * s - 1) + 3 * s + 6 * s
    args = [
        (T0 ^ T1 ^ T2, vb(2)),
        (T1 ^ T2 ^ T3, vb(1)),
        (T2 ^ T3 ^ T4, vb(0)),
        (T1, vb(1) ^ vb(2)),
        (T2, vb(0) ^ vb(2)),
        (T3, vb(0) ^ vb(1)),
    ]
    P = [
        tmvp_parallel(m, w(tt, f"t{i}", 2 * s - 1), w(vv, f"v{i}", s), s, splits[1:], cnt, f"{tag}{i}")
        for i, (tt, vv) in enumerate(args)
    ]
    return wire(m, Cat(P[0] ^ P[3] ^ P[4], P[1] ^ P[3] ^ P[5], P[2] ^ P[4] ^ P[5]), tag + "_o")


@lru_cache(maxsize=None)
def core_gates(n: int, inner: tuple[int, ...]) -> dict:
    """Two-input AND / XOR gates of the parallel TMVP core of size n (seed 003 Table 1's counts)."""
    cnt = Counter()
    m = scratch_module()
    tmvp_parallel(m, Signal(2 * n - 1), Signal(n), n, inner, cnt)
    return {"core_and": cnt.ands, "core_xor": cnt.xors}


def xor_lut6(k: int) -> int:
    """LUT6 of one XOR of k distinct inputs: each LUT6 takes 6 signals and gives 1, so a tree of
    ceil((k - 1) / 5) LUTs, and no network of 6-input LUTs does with fewer (each removes at most 5)."""
    return 0 if k <= 1 else -(-(k - 1) // 5)


@lru_cache(maxsize=None)
def core_lut6_model(n: int, inner: tuple[int, ...]) -> int:
    """Structural LUT6 count of `tmvp_parallel`'s network, one function per LUT (no fracturable pairs).

    Quadratic base of size s: row r is the XOR of s ANDs (2s inputs), xor_lut6(2s) LUTs, no row
    shares a pair with another. A split level: every pre-added T entry (2- or 3-input XOR) and V entry
    is one LUT, its sub-products are materialized, each output bit is one XOR of 2 or 3 of them --
    except directly above the quadratic base, where the products used once (two-way: P0, P2;
    three-way: P0, P1, P2) are folded into the output rows (2s pair inputs plus the shared ones).
    Zero padding (sizes rounded up to the split) is counted as if it were logic, so for padded sizes
    this is an overcount. An estimate of what a perfect mapper could reach for this decomposition,
    set beside Yosys/ABC's mapping in HARDWARE.md; not a lower bound over all circuits."""
    if not inner:
        return n * xor_lut6(2 * n)
    q = inner[0]
    n2 = -(-n // q) * q
    s = n2 // q
    shared = 1 if q == 2 else 2  # products each output block takes from the shared ones
    pre = (2 if q == 2 else 3) * (2 * s - 1) + (1 if q == 2 else 3) * s
    if not inner[1:]:
        n_shared = 1 if q == 2 else 3
        return pre + n_shared * core_lut6_model(s, ()) + n2 * xor_lut6(2 * s + shared)
    return pre + (3 if q == 2 else 6) * core_lut6_model(s, inner[1:]) + n2 * xor_lut6(shared + 1)


PARAMS = [
    Param("field", str, "ss2-1223", "catalogue id or trinomial x^m+x^k+1"),
    Param("outer", str, "2,2", "sequential splits: 2,2 (seed 003 A.1, 9 cycles) or 3 (section 3.2, 6 cycles)"),
    Param("inner", str, "3,3,2", "parallel core splits: 3,3,2 (306->17) or 3,3,3,2 (408->8); empty: quadratic"),
    Param(
        "latch",
        int,
        1,
        "1: operands latched on the start edge (cycles = 1 + products); 0: the ports are "
        "read on every product edge, the start edge computing the first (cycles = products, as seed 003 "
        "counts: 9 or 6); the driver must hold the operands stable until done",
        (0, 1),
    ),
]


class _Tmvp(BinaryUnit):
    def __init__(self, field="ss2-1223", outer="2,2", inner="3,3,2", latch=1):
        super().__init__(field, outer=outer, inner=inner, latch=latch)
        if latch not in (0, 1) or isinstance(latch, bool):
            raise HwParamError("latch", f"must be 0 or 1, got {latch!r}")
        self.latch = latch
        if len(self.field.taps) != 1:
            raise HwParamError(
                "field",
                f"the TMVP multiplier needs a trinomial x^m + x^k + 1; {self.field.poly_str} "
                "is a pentanomial (T_A is not Toeplitz)",
            )
        self.outer = parse_splits(outer, "outer")
        self.inner = parse_splits(inner, "inner")
        if not self.outer:
            raise HwParamError("outer", "need at least one sequential split (2,2 or 3)")
        q = 1
        for x in self.outer:
            q *= x
        self.n = -(-self.m // q) * q  # seed 003: 1223 -> 1224
        self.s = self.n // q
        self.leaves, self.blocks = sym_split(frozenset([0]), frozenset([0]), self.n, self.outer)

    @property
    def cycles(self):
        return self.latch + len(self.leaves)

    @property
    def compute_cycles(self):
        return len(self.leaves)

    def metrics(self):
        return {
            "n": self.n,
            "core_size": self.s,
            "products": len(self.leaves),
            "cores": len(self.B_PORTS),
            **core_gates(self.s, self.inner),
        }

    def _t_vector(self, m: Module, A: Signal):
        """CONVERTOR: t of the n x n extension of T_A (2n - 1 bits) from the bits of A."""
        M, n = self.m, self.n
        tm = toeplitz_of(M, self.field.taps[0])
        bits = []
        for d in range(-(n - 1), n):
            if -(M - 1) <= d <= M - 1:
                msk = tm[d + M - 1]
                idx = [i for i in range(msk.bit_length()) if msk >> i & 1]
                bits.append(A[idx[0]] if len(idx) == 1 else Cat(*(A[i] for i in idx)).xor())
            else:
                bits.append(Const(0, 1))
        return wire(m, Cat(*bits), "t_full")

    def _net(self, m: Module, src: Signal, sets, width: int, step: Signal, name: str):
        """T_net / V_net: in cycle j, the XOR of the slices of ``src`` at the offsets of leaf j."""
        out = Signal(width, name=name)
        with m.Switch(step):
            for j, offs in enumerate(sets):
                with m.Case(j):
                    acc = Const(0, width)
                    for o in sorted(offs):
                        acc = acc ^ src[o : o + width]
                    m.d.comb += out.eq(acc)
        return out

    def _unswap(self, cprime: Signal):
        """C[j] = C'[(j - k) mod m]: undo the row rotation of T_A."""
        M, k = self.m, self.field.taps[0]
        return Cat(*(cprime[(j - k) % M] for j in range(M)))

    def _tnet(self, m: Module, t: Signal, step: Signal):
        return self._net(m, t, [lv[0] for lv in self.leaves], 2 * self.s - 1, step, "tnet")

    def _product_path(self, m: Module, tl: Signal, bpad: Signal, step: Signal, busy, tag: str):
        """V_net + parallel core + OUT_net for one product; returns C (m bits, valid when done)."""
        s = self.s
        vl = self._net(m, bpad, [lv[1] for lv in self.leaves], s, step, f"{tag}_vnet")
        P = tmvp_parallel(m, tl, vl, s, self.inner, Counter(), tag + "core")
        accs = [Signal(s, name=f"{tag}_out{b}") for b in range(len(self.blocks))]
        for b, acc in enumerate(accs):
            hit = Signal(name=f"{tag}_hit{b}")
            with m.Switch(step):
                for j in range(len(self.leaves)):
                    if j in self.blocks[b]:
                        with m.Case(j):
                            m.d.comb += hit.eq(1)
            with m.If(self.start):  # unlatched: the start edge accumulates product 0 (step reads 0)
                m.d.sync += acc.eq(Mux(hit, P, 0) if not self.latch else 0)
            with m.Elif(busy & hit):
                m.d.sync += acc.eq(acc ^ P)
        cprime = wire(m, Cat(*accs)[: self.m], f"{tag}_cprime")
        return self._unswap(cprime)

    def _control(self, m: Module):
        """The product counter. Latched: the start edge loads the operands, products 0..L-1 on the
        next L edges. Unlatched (latch = 0): product 0 on the start edge itself (``step`` reads 0
        while start is high), products 1..L-1 on the next L - 1 edges."""
        L = len(self.leaves)
        cnt = Signal(range(L + 1), name="step_count")
        busy = Signal(name="busy")
        step = Signal(range(L + 1), name="step")
        if self.latch:
            m.d.comb += step.eq(cnt)
            with m.If(self.start):
                m.d.sync += [cnt.eq(0), busy.eq(1), self.done.eq(0)]
        else:
            m.d.comb += step.eq(Mux(self.start, 0, cnt))
            with m.If(self.start):
                m.d.sync += [cnt.eq(1), busy.eq(L > 1), self.done.eq(L == 1)]
        with m.If(~self.start & busy):
            m.d.sync += cnt.eq(cnt + 1)
            with m.If(cnt == L - 1):
                m.d.sync += [busy.eq(0), self.done.eq(1)]
        return step, busy

    # -- the multipliers: A times each B of ``B_PORTS`` (one CONVERTOR and T_net for the common A)
    B_PORTS: tuple[str, ...] = ("b",)
    C_PORTS: tuple[str, ...] = ("c",)

    def _ports(self):
        self._gin("a")
        for b in self.B_PORTS:
            self._gin(b)
        for c in self.C_PORTS:
            self._gout(c)

    def spec_model(self, ops):
        return {c: self.F.mul(ops["a"], ops[b]) for b, c in zip(self.B_PORTS, self.C_PORTS)}

    def elaborate(self, platform):
        m = Module()
        A = Signal(self.m, name="A")
        Bs = [Signal(self.m, name=b.upper()) for b in self.B_PORTS]
        if self.latch:
            with m.If(self.start):
                m.d.sync += [A.eq(self.inputs["a"])] + [B.eq(self.inputs[b]) for B, b in zip(Bs, self.B_PORTS)]
        else:  # the ports themselves, held by the driver from the start edge to done
            m.d.comb += [A.eq(self.inputs["a"])] + [B.eq(self.inputs[b]) for B, b in zip(Bs, self.B_PORTS)]
        step, busy = self._control(m)
        t = self._t_vector(m, A)
        tl = self._tnet(m, t, step)
        pad = Const(0, 2 * self.n - self.m)  # room for block offsets
        for j, (B, b, c) in enumerate(zip(Bs, self.B_PORTS, self.C_PORTS)):
            bpad = wire(m, Cat(B, pad), f"{b}pad")
            m.d.comb += self.outputs[c].eq(self._product_path(m, tl, bpad, step, busy, f"p{j}"))
        return m


@register(
    "gf2_mul_tmvp",
    summary="hybrid sequential/parallel TMVP multiplier (2-way x2: 9 cycles; 3-way: 6 cycles)",
    seed="seed 003 section 3.1-3.2, Eq. 1-2, Appendix A.1, Table 1-2",
    family="tmvp",
    params=PARAMS,
    small={"field": "ss2-11", "outer": "2,2", "inner": "2"},
)
class TmvpMul(_Tmvp):
    def __init__(self, field="ss2-1223", outer="2,2", inner="3,3,2", latch=1):
        super().__init__(field, outer, inner, latch)
        self._ports()


@register(
    "gf2_dmoci",
    summary="double multiplier with one common input: A*B1 and A*B2, one T_net, two cores",
    seed="seed 003 section 6 (DMOCI, 38,002 LUTs)",
    family="tmvp",
    params=PARAMS,
    small={"field": "ss2-11", "outer": "2,2", "inner": "2"},
)
class Dmoci(_Tmvp):
    """Seed 003 section 6: the two products share the common input's CONVERTOR and T_net; each B has
    its own V_net, parallel core and OUT_net."""

    B_PORTS = ("b1", "b2")
    C_PORTS = ("c1", "c2")

    def __init__(self, field="ss2-1223", outer="2,2", inner="3,3,2", latch=1):
        super().__init__(field, outer, inner, latch)
        self._ports()


class _Size:
    """The 'field' of a unit that works on bit vectors of size m (simulator choice, reports)."""

    def __init__(self, m: int):
        self.m = m


@register(
    "tmvp_core",
    summary="fully parallel Toeplitz matrix-vector product of size n (split formulas, quadratic base)",
    seed="seed 003 section 3.1, Eq. 1-2, Table 1; the 306-bit core of Appendix A.1 (306->102->34->17)",
    family="tmvp",
    params=[
        Param("n", int, 306, "size of the TMVP (t: 2n - 1 bits, v and p: n bits)"),
        Param("inner", str, "3,3,2", "parallel splits (2 or 3 each) down to the quadratic base; empty: quadratic"),
    ],
    small={"n": 12, "inner": "3,2"},
)
class TmvpCore(HwUnit):
    """p = T v for the n x n Toeplitz matrix T[r][c] = t[r - c + n - 1] (the core of the hybrid
    multipliers, measured alone in HARDWARE.md): operands registered on the start edge, the product on
    the next (cycles = 2)."""

    def __init__(self, n=306, inner="3,3,2"):
        super().__init__(n=n, inner=inner)
        if not 2 <= n <= 4096:
            raise HwParamError("n", f"TMVP size {n}: need 2 <= n <= 4096")
        self.n, self.inner = n, parse_splits(inner, "inner")
        self.field = _Size(n)
        self.t = self._in("t", "bits", 2 * n - 1)
        self.v = self._in("v", "bits", n)
        self.p = self._out("p", "bits", n)

    @property
    def cycles(self):
        return 2

    def metrics(self):
        return core_gates(self.n, self.inner)

    def spec_model(self, ops):
        t, v, n = ops["t"], ops["v"], self.n
        p = 0
        for r in range(n):
            bit = 0
            for c in range(n):
                bit ^= (t >> (r - c + n - 1)) & (v >> c) & 1
            p |= bit << r
        return {"p": p}

    def elaborate(self, platform):
        m = Module()
        t, v = Signal(2 * self.n - 1, name="t_reg"), Signal(self.n, name="v_reg")
        one_shot(m, self.start, self.done)
        with m.If(self.start):
            m.d.sync += [t.eq(self.t), v.eq(self.v)]
        m.d.sync += self.p.eq(tmvp_parallel(m, t, v, self.n, self.inner, Counter()))
        return m
