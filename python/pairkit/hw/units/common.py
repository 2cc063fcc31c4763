"""Shared RTL building blocks: the start/done sequencer and GF(2^m) digit-serial datapaths
(seed 000 section 5.1.2, Fig. 2)."""

from __future__ import annotations

from amaranth.hdl import Cat, Const, Module, Signal, Value

from pairkit.hw.errors import HwParamError
from pairkit.hw.units.linmap import emit_rows, reduce_map, xi_mod


def wire(m: Module, expr: Value, name: str, width: int | None = None) -> Signal:
    """Materialize ``expr`` in a combinational Signal. Bit-level networks (emit_rows) must read
    Signals: slicing a large expression bit by bit re-lowers it per bit in the backend."""
    s = Signal(width or len(expr), name=name)
    m.d.comb += s.eq(expr)
    return s


def seq_control(m: Module, start: Value, done: Signal, n_iter: int, name: str = "cnt"):
    """A counter that runs ``n_iter`` busy cycles after the start edge and then raises ``done``.

    Returns (busy, last): ``busy`` is high during the iterations, ``last`` on the final one.
    cycles = n_iter + 1 (the start edge loads the operands).
    """
    cnt = Signal(range(n_iter + 1), name=name)
    busy = Signal(name=name + "_busy")
    with m.If(start):
        m.d.sync += [cnt.eq(n_iter), busy.eq(1), done.eq(0)]
    with m.Elif(busy):
        m.d.sync += cnt.eq(cnt - 1)
        with m.If(cnt == 1):
            m.d.sync += [busy.eq(0), done.eq(1)]
    return busy, busy & (cnt == 1)


def one_shot(m: Module, start: Value, done: Signal):
    """For single-cycle units (cycles = 2): the result register is written on every edge from the
    operand registers (which change only on start), and done is ``~start`` delayed by one edge -- one
    flip-flop, no enable. Out of reset done is high with the result of the zero operands (correct)."""
    m.d.sync += done.eq(~start)
    return Const(1, 1)


def check_digit(D: int, m: int, name: str = "D", lo: int = 1, hi: int | None = None):
    hi = m if hi is None else hi
    if not isinstance(D, int) or not lo <= D <= hi:
        raise HwParamError(name, f"digit size {D} out of range [{lo}, {hi}] for m = {m}")


def n_digits(m: int, D: int) -> int:
    """Seed 000 section 5.1.2: n = min{l >= m, D | l}; the multiplier runs n / D iterations."""
    return -(-m // D)


def shared_array(field, D: int, b: Value) -> list[Value]:
    """T_i = x^i b mod f, i < D: the XOR array of Fig. 2 (structure 1) that several multipliers
    with the common operand b can share (seed 000 Fig. 3)."""
    return [emit_rows(xi_mod(field.m, field.taps, i), b) for i in range(D)]


def msd_step_s1(field, D: int, acc: Value, digit: Value, T: list[Value]) -> Value:
    """Structure 1 (Fig. 2(a)): acc x^D mod f + sum_i a_{n-D+i} (x^i b mod f), kept in m bits."""
    m = field.m
    s = Const(0, m)
    for i in range(D):
        s = s ^ (T[i] & digit[i].replicate(m))
    return emit_rows(xi_mod(m, field.taps, D), acc) ^ s


def msd_step_s2(mod: Module, field, D: int, acc: Value, digit: Value, b: Value) -> Value:
    """Structure 2 (Fig. 2(b)): the partial sum x^D acc + sum_i a_i x^i b is kept in m + D bits and
    reduced once."""
    m = field.m
    w = m + D
    p = Const(0, w)
    for i in range(D):
        p = p ^ (Cat(Const(0, i), b, Const(0, D - i)) & digit[i].replicate(w))
    p = wire(mod, p ^ Cat(Const(0, D), acc), "psum")
    return emit_rows(reduce_map(w, m, field.taps), p)
