"""Symbolic execution of the large-characteristic specification: record every GF(p) operation.

The prime-field sibling of :mod:`pairkit.spec.trace` (which traces GF(2^m) / GF(3^m) through a
field object).  The prime-field spec (tower.Fp / Fp2, curve, typea) computes on
plain Python ints reduced with ``% p``, so here the *ints themselves* are replaced: a
:class:`SymInt` behaves like an int in [0, p) under + - * % and ``pow(x, p - 2, p)`` (the spec's
Fermat inverse, spec/prime/fp.py), records each operation as an :class:`~pairkit.spec.trace.Op`
(kinds input, const, add, sub, neg, mul, sqr, inv) and carries its concrete value, so a trace is
checked while it is recorded.  Concrete ints stay ints (constant folding), and products by a small
int constant k (the spec's ``2 * a``, ``Y * 8``, ``X^2 * 3``) become additions, as on seed 002's
datapath (no multiplier pass for a doubling).

Comparisons (``x == 0``, the spec's ``is_zero`` guards of degenerate cases) use the concrete value:
the traced path is the generic one of the point pair used to record it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pairkit.spec.prime import ate as pa
from pairkit.spec.prime import typea as pt
from pairkit.spec.prime.params import SETS, groups, tower
from pairkit.spec.trace import Op, op_counts

SMALL = 16  # k * x for 0 <= k < SMALL is lowered to additions (double-and-add)


@dataclass
class PrimeTracer:
    p: int
    ops: list[Op] = field(default_factory=list)
    _next: int = 0
    _consts: dict = field(default_factory=dict)

    def _new(self, kind: str, args: tuple[int, ...], value: int, label: str = "") -> SymInt:
        s = SymInt(self, self._next, value % self.p)
        self._next += 1
        self.ops.append(Op(kind, args, s.id, label))
        return s

    def input(self, name: str, value: int) -> SymInt:
        return self._new("input", (), value, name)

    def const(self, c: int) -> SymInt:
        c %= self.p
        if c not in self._consts:
            self._consts[c] = self._new("const", (), c, hex(c))
        return self._consts[c]

    def mark(self, label: str) -> None:
        self.ops.append(Op("mark", (), -1, label))

    def lift(self, x) -> SymInt:
        return x if isinstance(x, SymInt) else self.const(int(x))

    def add(self, a, b):
        a, b = self.lift(a), self.lift(b)
        return self._new("add", (a.id, b.id), a.value + b.value)

    def sub(self, a, b):
        a, b = self.lift(a), self.lift(b)
        return self._new("sub", (a.id, b.id), a.value - b.value)

    def neg(self, a):
        return self._new("neg", (a.id,), -a.value)

    def mul(self, a, b):
        if isinstance(b, int) and not isinstance(a, int):
            a, b = b, a
        if isinstance(a, int):  # a small constant: double-and-add (0 and 1 fold away)
            k = a % self.p
            if k == 0:
                return 0
            if k == 1:
                return b
            if k < SMALL:
                acc = b
                for bit in bin(k)[3:]:
                    acc = self.add(acc, acc)
                    if bit == "1":
                        acc = self.add(acc, b)
                return acc
            a = self.const(k)
        if a is b:
            return self._new("sqr", (a.id,), a.value * a.value)
        return self._new("mul", (a.id, b.id), a.value * b.value)

    def inv(self, a):
        if a.value == 0:
            raise ZeroDivisionError("inverse of 0 in GF(p)")
        return self._new("inv", (a.id,), pow(a.value, self.p - 2, self.p))

    def counts(self) -> dict[str, int]:
        return op_counts(self.ops)

    def to_json(self) -> dict:
        return {
            "field": {"p": self.p},
            "ops": [
                {"kind": o.kind, "args": list(o.args), "out": o.out, **({"label": o.label} if o.label else {})}
                for o in self.ops
            ],
        }


class SymInt:
    """A traced element of GF(p) that the spec's int code cannot tell from an int in [0, p)."""

    __slots__ = ("id", "tr", "value")

    def __init__(self, tr: PrimeTracer, id: int, value: int):
        self.tr, self.id, self.value = tr, id, value

    def __repr__(self):
        return f"SymInt(#{self.id}={self.value:#x})"

    def __int__(self):
        return self.value

    # arithmetic: concrete ints fold, zeros vanish ---------------------------------------------
    def __add__(self, o):
        if isinstance(o, int) and o % self.tr.p == 0:
            return self
        return self.tr.add(self, o)

    def __radd__(self, o):
        if isinstance(o, int) and o % self.tr.p == 0:
            return self
        return self.tr.add(o, self)

    def __sub__(self, o):
        if isinstance(o, int) and o % self.tr.p == 0:
            return self
        return self.tr.sub(self, o)

    def __rsub__(self, o):
        if isinstance(o, int) and o % self.tr.p == 0:
            return self.tr.neg(self)
        return self.tr.sub(o, self)

    def __neg__(self):
        return self.tr.neg(self)

    def __mul__(self, o):
        return self.tr.mul(self, o)

    __rmul__ = __mul__

    def __mod__(self, m: int):
        if m != self.tr.p:
            raise ValueError("a traced GF(p) value reduced modulo another number")
        return self

    def __pow__(self, e: int, m: int | None = None):
        if m == self.tr.p and e == self.tr.p - 2:
            return self.tr.inv(self)
        if m in (None, self.tr.p) and e == 2:
            return self.tr.mul(self, self)
        raise ValueError("only x^2 and the Fermat inverse x^(p-2) are traced")

    # comparisons use the concrete value (degenerate-case guards of the spec) ---------------------
    def __eq__(self, o):
        return self.value == (o.value if isinstance(o, SymInt) else o % self.tr.p)

    def __hash__(self):
        return hash(("sym", self.id))

    def __bool__(self):
        return self.value != 0


def value(x) -> int:
    """The concrete value of a traced or plain int."""
    return x.value if isinstance(x, SymInt) else int(x)


def trace_json_typea(whole: bool = False) -> dict:
    """The symbolic trace of the typea-512 Tate pairing (spec/prime/typea.py), the generator paired
    with [5] of itself, as JSON (the shape of spec.api.trace_json).

    ``whole=False``: one steady-state Miller iteration (a 0 bit: f <- f^2 l_T,T(phi Q), T <- 2T, on a
    generic T); ``whole=True``: the whole Miller loop (the leading bit is folded: f = 1, Z = 1 are
    constants).  Nodes are GF(q) operations: add, sub, neg, mul, sqr, inv."""
    T, G = tower(pt.SET_ID), groups(pt.SET_ID)
    E, P = G.E1, G.G1
    Q = E.mul(5, P)
    tr = PrimeTracer(T.p)
    Ps = tuple(T.fp(tr.input(n, v.a)) for n, v in zip(("xP", "yP"), P))
    Qs = tuple(T.fp(tr.input(n, v.a)) for n, v in zip(("xQ", "yQ"), Q))
    if whole:
        f = pt.miller_loop(Ps, Qs)
        assert (value(f.a), value(f.b)) == ((g := pt.miller_loop(P, Q)).a, g.b)
        scope = "miller loop"
    else:
        Tj = E.to_jacobian(E.mul(3, P))
        Ts = tuple(T.fp(tr.input(n, v.a)) for n, v in zip(("X", "Y", "Z"), Tj))
        f = T.fp2(tr.input("fa", 2), tr.input("fb", 3))
        f = f.square() * pt.tangent_line(Ts, Qs)
        E.jac_double(Ts)
        scope = "iteration (doubling step)"
    j = tr.to_json()
    j.update({"counts": tr.counts(), "scope": scope, "set": pt.SET_ID, "alg": "tate-miller"})
    return j


def trace_json_ate(set_id: str, whole: bool = False) -> dict:
    """The symbolic trace of the optimal ate pairing of bn254 / bls12-381 (spec/prime/ate.py) on the
    generators, as JSON: one steady-state Miller iteration (a 0 bit: f <- f^2 l_R,R(P), R <- 2R, affine
    with one F_{p^2} inversion) or, with ``whole``, the whole Miller loop."""
    S, T, G = SETS[set_id], tower(set_id), groups(set_id)
    tr = PrimeTracer(T.p)
    P, Q = G.G1, G.G2
    Ps = tuple(T.fp(tr.input(n, v.a)) for n, v in zip(("xP", "yP"), P))
    Qs = tuple(T.fp2(tr.input(n + "0", v.a), tr.input(n + "1", v.b)) for n, v in zip(("xQ", "yQ"), Q))
    if whole:
        f = pa.miller_loop(set_id, Ps, Qs)
        assert [value(c) for c in f.coeffs()] == pa.miller_loop(set_id, P, Q).coeffs()
        scope = "miller loop"
    else:
        f = T.fp12_from_ints([tr.input(f"f{i}", i + 2) for i in range(12)])
        R = G.E2.mul(3, Q)
        Rs = tuple(T.fp2(tr.input(n + "0", v.a), tr.input(n + "1", v.b)) for n, v in zip(("xR", "yR"), R))
        f = f.square()
        _, line = pa.dbl_step(S, Rs, Ps)
        f = f * line
        scope = "iteration (doubling step)"
    j = tr.to_json()
    j.update({"counts": tr.counts(), "scope": scope, "set": set_id, "alg": "optimal-ate"})
    return j
