"""GF(3^m) units of seed 001 Table 1 on the spec's bit-plane encoding (lo: digit 1, hi: digit 2).

Every element port is 2m bits, ``Cat(lo, hi)``; negation swaps the planes (seed 001 section 4:
"encoded with two bits in such a way that by swapping the bits the sign is inverted"), so the sign
controls ±A, ±B are 2:1 plane swaps folded into the operand load. Linear maps (x^i A mod f, cube,
cube root) are read off the spec (:class:`pairkit.spec.char3.gf3m.GF3m`) on the basis x^i and emitted as
F_3 adder trees of the 6-operation bit-sliced addition.
"""

from __future__ import annotations

from functools import lru_cache

from amaranth.hdl import Cat, Module, Mux, Signal

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.common import check_digit, n_digits, one_shot, seq_control, wire
from pairkit.hw.units.fields import gf3_spec, ternary_field
from pairkit.hw.units.linmap import (
    emit_ter_plan,
    emit_ter_rows,
    t3_add,
    t3_sum,
    ter_adds,
    ter_map_from_spec,
    ter_plan,
    ter_weight,
)
from pairkit.hw.units.unit import HwUnit, Param, register

FIELD = Param("field", str, "ss3-97", "catalogue id or x^m+x^h-1, e.g. ss3-97 or x^13+x^4-1")
KEEP = Param(
    "keep", int, 1, "1: each F_3 adder of the network a kept net (one LUT4 per plane bit, seed 001's F3A)", (0, 1)
)
SHARE = Param(
    "share", int, 1, "1: a signed pair of digits that recurs in several rows is added once (with keep=1)", (0, 1)
)


@lru_cache(maxsize=None)
def _xi_rows(m, h, i):
    F = gf3_spec(m, h)
    xi = F.reduce((1 << i, 0))
    return tuple(ter_map_from_spec(F, lambda a: F.mul(a, xi), m))


class _Ter(HwUnit):
    def __init__(self, field="ss3-97", **kw):
        super().__init__(field=field, **kw)
        self.field = ternary_field(field)
        self.F = self.field.spec
        self.m = self.field.m

    def _tin(self, name):
        return self._in(name, "gf3", 2 * self.m, self.m)

    def _tout(self, name):
        return self._out(name, "gf3", 2 * self.m, self.m)

    def _sign(self, a, s):
        return (a[1], a[0]) if s else a

    def _load(self, m, port, neg, name):
        """Operand register (lo, hi) loaded at start, negated (planes swapped) when ``neg``."""
        M = self.m
        lo, hi = Signal(M, name=name + "_lo"), Signal(M, name=name + "_hi")
        with m.If(self.start):
            m.d.sync += [lo.eq(Mux(neg, port[M:], port[:M])), hi.eq(Mux(neg, port[:M], port[M:]))]
        return lo, hi


@register(
    "gf3_add",
    summary="adder/subtractor ±A±B (sign controls)",
    seed="seed 001 Table 1 (m F3A + 4m MX), Table 2",
    family="gf3",
    params=[FIELD],
    small={"field": "ss3-7"},
)
class Adder(_Ter):
    def __init__(self, field="ss3-97"):
        super().__init__(field)
        self.a, self.b = self._tin("a"), self._tin("b")
        self.sa, self.sb = self._in("sa", "bits", 1), self._in("sb", "bits", 1)
        self.c = self._tout("c")

    @property
    def cycles(self):
        return 2

    def spec_model(self, ops):
        return {"c": self.F.add(self._sign(ops["a"], ops["sa"]), self._sign(ops["b"], ops["sb"]))}

    def elaborate(self, platform):
        m = Module()
        busy = one_shot(m, self.start, self.done)
        al, ah = self._load(m, self.a, self.sa, "a")
        bl, bh = self._load(m, self.b, self.sb, "b")
        lo, hi = t3_add(al, ah, bl, bh)
        with m.If(busy):
            m.d.sync += self.c.eq(Cat(lo, hi))
        return m


@register(
    "gf3_mul",
    summary="digit-serial multiplier (±A)(±B), D digits of B per cycle",
    seed="seed 001 Table 1 (ceil(m/D) cycles), Table 2 (m = 97, D = 4)",
    family="gf3",
    params=[
        FIELD,
        Param("D", int, 4, "digit size, 1 <= D <= m"),
        Param("keep", int, 0, "1: each F_3 adder of the accumulation tree a kept net", (0, 1)),
    ],
    small={"field": "ss3-7", "D": 2},
)
class Multiplier(_Ter):
    """A in parallel, B by groups of D digits, most significant first:
    acc <- acc x^D mod f + sum_{i<D} b_{n-D+i} (x^i A mod f); the sign (±)(±) is folded into A."""

    def __init__(self, field="ss3-97", D=4, keep=0):
        super().__init__(field, D=D, keep=keep)
        check_digit(D, self.m)
        self.D = D
        self.a, self.b = self._tin("a"), self._tin("b")
        self.sa, self.sb = self._in("sa", "bits", 1), self._in("sb", "bits", 1)
        self.c = self._tout("c")

    @property
    def cycles(self):
        return n_digits(self.m, self.D) + 1

    def spec_model(self, ops):
        return {"c": self.F.mul(self._sign(ops["a"], ops["sa"]), self._sign(ops["b"], ops["sb"]))}

    def elaborate(self, platform):
        m = Module()
        M, D, h = self.m, self.D, self.field.h
        it = n_digits(M, D)
        n = it * D
        busy, _ = seq_control(m, self.start, self.done, it)
        al, ah = self._load(m, self.a, self.sa ^ self.sb, "a")
        bl, bh = Signal(n), Signal(n)
        cl, ch = Signal(M), Signal(M)
        terms = [emit_ter_rows(_xi_rows(M, h, D), cl, ch)]
        for i in range(D):
            tl, th = emit_ter_rows(_xi_rows(M, h, i), al, ah)
            tl, th = wire(m, tl, f"t{i}_lo"), wire(m, th, f"t{i}_hi")
            dl, dh = bl[n - D + i].replicate(M), bh[n - D + i].replicate(M)
            terms.append(((dl & tl) | (dh & th), (dl & th) | (dh & tl)))
        lo, hi = t3_sum(terms, m if self.params.get("keep") else None)
        with m.If(self.start):
            m.d.sync += [bl.eq(self.b[:M]), bh.eq(self.b[M:]), cl.eq(0), ch.eq(0)]
        with m.Elif(busy):
            m.d.sync += [bl.eq(bl << D), bh.eq(bh << D), cl.eq(lo), ch.eq(hi)]
        m.d.comb += self.c.eq(Cat(cl, ch))
        return m


class _TerLinear(_Ter):
    """A registered F_3-linear map with a sign control on its input (cube, cube root)."""

    rows: list

    def __init__(self, field, **kw):
        super().__init__(field, **kw)
        self.a = self._tin("a")
        self.sa = self._in("sa", "bits", 1)
        self.c = self._tout("c")

    @property
    def cycles(self):
        return 2

    def _shared(self):
        return bool(self.params.get("keep") and self.params.get("share"))

    def metrics(self):
        n = len(ter_plan(self.rows)[0]) if self._shared() else ter_adds(self.rows)
        return {"f3_adds": n, "f3_adds_unshared": ter_adds(self.rows), "max_terms": ter_weight(self.rows)}

    def elaborate(self, platform):
        m = Module()
        busy = one_shot(m, self.start, self.done)
        al, ah = self._load(m, self.a, self.sa, "a")
        if self._shared():
            lo, hi = emit_ter_plan(self.rows, al, ah, m)
        else:
            lo, hi = emit_ter_rows(self.rows, al, ah, m if self.params.get("keep") else None)
        with m.If(busy):
            m.d.sync += self.c.eq(Cat(lo, hi))
        return m


@register(
    "gf3_cube",
    summary="cube (±A)^3: a linear map (thinning + reduction)",
    seed="seed 001 Table 1 (2m F3A + 2m MX)",
    family="gf3",
    params=[FIELD, KEEP, SHARE],
    small={"field": "ss3-7"},
)
class Cube(_TerLinear):
    def __init__(self, field="ss3-97", keep=1, share=1):
        super().__init__(field, keep=keep, share=share)
        self.rows = ter_map_from_spec(self.F, self.F.cube, self.m)

    def spec_model(self, ops):
        return {"c": self.F.cube(self._sign(ops["a"], ops["sa"]))}


@register(
    "gf3_cbrt",
    summary="cube root of ±A as a linear map",
    seed="seed 001 Table 1 ((m-1) F3A + 2m MX; Barreto 2004/305)",
    family="gf3",
    params=[
        FIELD,
        Param(
            "method",
            str,
            "seed001",
            "seed001: needs m = h = 1 or 2 (mod 3) (sparse); matrix: any (dense)",
            ("seed001", "matrix"),
        ),
        KEEP,
        SHARE,
    ],
    small={"field": "ss3-13"},
)
class CubeRoot(_TerLinear):
    def __init__(self, field="ss3-97", method="seed001", keep=1, share=1):
        f = ternary_field(field)
        if method == "seed001" and not (f.m % 3 == f.h % 3 and f.m % 3 in (1, 2)):
            raise HwParamError(
                "method",
                f"seed 001's cube root needs m, h = 1, 1 or 2, 2 (mod 3); "
                f"x^{f.m} + x^{f.h} - 1 has ({f.m % 3}, {f.h % 3}): use method=matrix (dense)",
            )
        super().__init__(field, method=method, keep=keep, share=share)
        self.rows = ter_map_from_spec(self.F, self.F.cbrt, self.m)

    def spec_model(self, ops):
        return {"c": self.F.cbrt(self._sign(ops["a"], ops["sa"]))}
