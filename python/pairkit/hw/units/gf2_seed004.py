"""Seed 004's multiplier family M1-M5 (section 3.1, Algorithms 2-6, Table 2), GF(2^m).

* M0 is :class:`pairkit.hw.units.gf2.BitSerialMul` (``gf2_mul_bitserial``).
* M1 ``gf2_mul_m1``: operand bit batching -- D (= 10) bits of a per cycle, LSB first, in-place
  reduction: c ^= sum_{k<D} a_{j+k} (x^k B mod f), B <- x^D B mod f (Alg. 2, Eq. 5).
* M2-M5 ``gf2_mul_chunked``: W-bit (= 32) words of b, LSB first; each word is multiplied by
  A_i = x^{iW} a mod f, whose K chunks go through one L x W carry-less multiplier (L = ceil(m/K)),
  one chunk per cycle; the unreduced sum (m + W - 1 bits) is reduced by a one-level XOR network
  (Alg. 4's "one clock cycle" reduction module; here combinational on the output, or registered with
  ``reduce_cycle=1``). K = 1 is M2 (Alg. 3), K = 3 is M3/M4 (Alg. 5; M4 differs only by the pairing-
  level precomputation of Alg. 10), K = 4 is M5 (Alg. 6).

Datapath of the chunked multiplier: a and the accumulator are cyclic registers that rotate by L each
cycle, so the current chunk is always the low L bits of a and its product is always added at the
accumulator's bit 0 -- no shifter or offset multiplexer (Alg. 5-6 add each chunk product at its own
offset). At the last chunk of a word, a is rotated back into place and multiplied by x^W mod f (wires
and the tap XORs) and the accumulator takes the complementary rotation. Seed 004's FSMs spend one
extra state per word (M3/M4: 3 + 1, M5: 4 + 1 + 1 for the leftover bits and the output); here a word
takes exactly K cycles.
"""

from __future__ import annotations

from amaranth.hdl import Cat, Const, Module, Signal

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.common import check_digit, n_digits, seq_control, wire
from pairkit.hw.units.gf2 import FIELD, BinaryUnit
from pairkit.hw.units.linmap import emit_rows, reduce_map, xi_mod
from pairkit.hw.units.unit import Param, register


@register(
    "gf2_mul_m1",
    summary="seed 004 M1: D bits of a per cycle (LSB first), in-place reduction of B",
    seed="seed 004 Alg. 2, Eq. 5 (M1, Table 2)",
    family="gf2",
    params=[FIELD, Param("D", int, 10, "bits of a per cycle (seed 004: 10)")],
    small={"field": "ss2-7", "D": 3},
)
class M1(BinaryUnit):
    def __init__(self, field="ss2-283", D=10):
        super().__init__(field, D=D)
        check_digit(D, self.m)
        self.D = D
        self._mul_ports()

    @property
    def cycles(self):
        return n_digits(self.m, self.D) + 1

    def spec_model(self, ops):
        return {"c": self.F.mul(ops["a"], ops["b"])}

    def elaborate(self, platform):
        m = Module()
        M, D = self.m, self.D
        n = n_digits(M, D) * D
        a = Signal(n)
        B = Signal(M)
        busy, _ = seq_control(m, self.start, self.done, n_digits(M, D))
        s = Const(0, M)
        for k in range(D):
            s = s ^ (emit_rows(xi_mod(M, self.field.taps, k), B) & a[k].replicate(M))
        with m.If(self.start):
            m.d.sync += [a.eq(self.a), B.eq(self.b), self.c.eq(0)]
        with m.Elif(busy):
            m.d.sync += [a.eq(a >> D), B.eq(emit_rows(xi_mod(M, self.field.taps, D), B)), self.c.eq(self.c ^ s)]
        return m


@register(
    "gf2_mul_chunked",
    summary="seed 004 M2 (K=1), M3/M4 (K=3), M5 (K=4): W-bit words x K chunks of a",
    seed="seed 004 Alg. 3-6, Alg. 4 (reduction), Table 2-3",
    family="gf2",
    params=[
        FIELD,
        Param("W", int, 32, "word size of b (seed 004: 32)"),
        Param("K", int, 4, "chunks of a per word: 1 = M2, 3 = M3/M4, 4 = M5"),
        Param("reduce_cycle", int, 0, "1: register the reduction (one more cycle, m more FF)", (0, 1)),
    ],
    small={"field": "ss2-13", "W": 4, "K": 2},
)
class Chunked(BinaryUnit):
    def __init__(self, field="ss2-283", W=32, K=4, reduce_cycle=0):
        super().__init__(field, W=W, K=K, reduce_cycle=reduce_cycle)
        check_digit(W, self.m, "W")
        if not 1 <= K <= self.m:
            raise HwParamError("K", f"{K} chunks: need 1 <= K <= m = {self.m}")
        self.W, self.K, self.reduce_cycle = W, K, reduce_cycle
        self.L = -(-self.m // K)
        self._mul_ports()

    @property
    def words(self):
        return n_digits(self.m, self.W)

    @property
    def cycles(self):
        return 1 + self.words * self.K + self.reduce_cycle

    def spec_model(self, ops):
        return {"c": self.F.mul(ops["a"], ops["b"])}

    def metrics(self):
        return {"chunk_bits": self.L, "clmul": f"{self.L}x{self.W}"}

    def elaborate(self, platform):
        m = Module()
        M, W, K, L = self.m, self.W, self.K, self.L
        NA, N = K * L, M + W - 1
        words = self.words
        a = Signal(NA)
        b = Signal(words * W)
        acc = Signal(N)
        wc = Signal(range(max(words, 2)))
        kc = Signal(range(max(K, 2)))
        busy = Signal()
        word = Signal(W)
        with m.Switch(wc):
            for i in range(words):
                with m.Case(i):
                    m.d.comb += word.eq(b[i * W : (i + 1) * W])
        chunk = a[:L]
        prod = Const(0, L + W - 1)
        for j in range(W):
            prod = prod ^ Cat(Const(0, j), chunk & word[j].replicate(L), Const(0, W - 1 - j))
        accx = wire(m, acc ^ Cat(prod, Const(0, N - (L + W - 1))) if N > L + W - 1 else acc ^ prod[:N], "accx")

        def rotr(x, r, width):
            r %= width
            return Cat(x[r:], x[:r]) if r else x

        a_home = wire(m, rotr(a, L, NA), "a_home")
        a_next = emit_rows(xi_mod(M, self.field.taps, W), a_home[:M])
        last_chunk = kc == K - 1
        with m.If(self.start):
            m.d.sync += [a.eq(self.a), b.eq(self.b), acc.eq(0), wc.eq(0), kc.eq(0), busy.eq(1), self.done.eq(0)]
        with m.Elif(busy):
            with m.If(last_chunk):
                m.d.sync += [
                    a.eq(Cat(a_next, Const(0, NA - M))),
                    acc.eq(rotr(accx, N - L * (K - 1), N)),
                    kc.eq(0),
                    wc.eq(wc + 1),
                ]
                with m.If(wc == words - 1):
                    m.d.sync += busy.eq(0)
                    if not self.reduce_cycle:
                        m.d.sync += self.done.eq(1)
            with m.Else():
                m.d.sync += [a.eq(rotr(a, L, NA)), acc.eq(rotr(accx, L, N)), kc.eq(kc + 1)]
        red = emit_rows(reduce_map(N, M, self.field.taps), acc)
        if self.reduce_cycle:
            fin = Signal()
            m.d.sync += fin.eq(busy & last_chunk & (wc == words - 1) & ~self.start)
            with m.If(fin):
                m.d.sync += [self.c.eq(red), self.done.eq(1)]
        else:
            m.d.comb += self.c.eq(red)
        return m
