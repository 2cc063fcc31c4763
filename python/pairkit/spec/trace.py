"""Symbolic execution of the specification: record every base-field operation.

``TracingField(F)`` has the same interface as :class:`~pairkit.spec.binary.gf2m.GF2m` (or
:class:`~pairkit.spec.char3.gf3m.GF3m`: then the kinds also include sub, neg, cube and cbrt) but its values are
:class:`Sym` nodes carrying both an id and the concrete value (so a trace is checked while it is
recorded). Each operation appends ``Op(kind, args, out)`` to ``ops``; ``mark(label)`` inserts a
marker (e.g. a loop-iteration boundary) so consumers can cut one iteration out of the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pairkit.spec import pairing_for


def op_counts(ops) -> dict[str, int]:
    """Operations per kind in a trace (inputs, constants and marks are not operations)."""
    c: dict[str, int] = {}
    for op in ops:
        if op.kind not in ("input", "const", "mark"):
            c[op.kind] = c.get(op.kind, 0) + 1
    return c


@dataclass(frozen=True)
class Sym:
    id: int
    value: object  # int (GF(2^m)) or (lo, hi) planes (GF(3^m))


@dataclass(frozen=True)
class Op:
    kind: str  # input | const | add | sub | neg | mul | sqr | sqrt | cube | cbrt | inv | mark
    args: tuple[int, ...]
    out: int
    label: str = ""


@dataclass
class TracingField:
    base: Any  # a GF2m or a GF3m (duck-typed: cube, cbrt, digit exist on GF3m only)
    ops: list[Op] = field(default_factory=list)
    _next: int = 0
    _consts: dict = field(default_factory=dict)

    @property
    def m(self) -> int:
        return self.base.m

    @property
    def constants(self) -> dict:
        """The constants recorded so far: value -> its Sym (one ``const`` operation each)."""
        return self._consts

    def _new(self, kind: str, args: tuple[int, ...], value: int, label: str = "") -> Sym:
        s = Sym(self._next, value)
        self._next += 1
        self.ops.append(Op(kind, args, s.id, label))
        return s

    def input(self, name: str, value: int) -> Sym:
        return self._new("input", (), value, name)

    @property
    def ternary(self) -> bool:
        return hasattr(self.base, "cbrt")

    def const(self, c) -> Sym:
        if c not in self._consts:
            label = str(self.base.to_int(c)) if self.ternary else hex(c)
            self._consts[c] = self._new("const", (), c, label)
        return self._consts[c]

    @property
    def zero(self) -> Sym:
        return self.const(self.base.zero)

    @property
    def one(self) -> Sym:
        return self.const(self.base.one)

    def digit(self, d: int) -> Sym:
        return self.const(self.base.digit(d))

    def mark(self, label: str) -> None:
        self.ops.append(Op("mark", (), -1, label))

    def add(self, a: Sym, b: Sym) -> Sym:
        return self._new("add", (a.id, b.id), self.base.add(a.value, b.value))

    def sub(self, a: Sym, b: Sym) -> Sym:
        return self._new("sub", (a.id, b.id), self.base.sub(a.value, b.value))

    def neg(self, a: Sym) -> Sym:
        return self._new("neg", (a.id,), self.base.neg(a.value))

    def cube(self, a: Sym) -> Sym:
        return self._new("cube", (a.id,), self.base.cube(a.value))

    def cbrt(self, a: Sym) -> Sym:
        return self._new("cbrt", (a.id,), self.base.cbrt(a.value))

    def mul(self, a: Sym, b: Sym) -> Sym:
        return self._new("mul", (a.id, b.id), self.base.mul(a.value, b.value))

    def sqr(self, a: Sym) -> Sym:
        return self._new("sqr", (a.id,), self.base.sqr(a.value))

    def sqrt(self, a: Sym) -> Sym:
        return self._new("sqrt", (a.id,), self.base.sqrt(a.value))

    def inv(self, a: Sym) -> Sym:
        return self._new("inv", (a.id,), self.base.inv(a.value))

    def counts(self) -> dict[str, int]:
        return op_counts(self.ops)

    def to_json(self) -> dict:
        return {
            "field": (
                {"p": 3, "m": self.base.m, "h": self.base.h}
                if self.ternary
                else {"p": 2, "m": self.base.m, "taps": list(self.base.taps)}
            ),
            "ops": [
                {"kind": o.kind, "args": list(o.args), "out": o.out, **({"label": o.label} if o.label else {})}
                for o in self.ops
            ],
        }


def trace_json(set_id: str, alg: str, whole: bool = False) -> dict:
    """The symbolic trace of ``alg`` on ``set_id`` (the generator paired with itself) as JSON.

    ``whole=False``: one steady-state loop iteration (the ops between the 2nd and 3rd iteration
    marks; live-ins are ids defined outside the slice); ``whole=True``: the whole Miller loop.
    Nodes are base-field operations: add, mul, sqr, sqrt, inv (binary) or add, sub, neg, mul,
    sqr, cube, cbrt, inv (characteristic three).
    """
    S = pairing_for(set_id)
    T = TracingField(S.F)
    Pp = tuple(T.input(n, v) for n, v in zip(("xP", "yP"), S.generator))
    Qp = tuple(T.input(n, v) for n, v in zip(("xQ", "yQ"), S.generator))
    S.miller_loop(alg, Pp, Qp, F=T)
    j = T.to_json()
    if not whole:
        marks = [i for i, o in enumerate(j["ops"]) if o["kind"] == "mark"]
        lo, hi = (marks[1], marks[2]) if len(marks) > 2 else (0, len(j["ops"]))
        sl = j["ops"][lo:hi]
        j["counts"] = _counts(sl)
        j["ops"] = sl
        j["scope"] = sl[0].get("label", "iteration").replace("iter ", "iteration ") if sl else "empty"
    else:
        j["counts"] = T.counts()
        j["scope"] = "miller loop"
    j.update({"set": set_id, "alg": alg})
    return j


def _counts(ops) -> dict[str, int]:
    c: dict[str, int] = {}
    for o in ops:
        if o["kind"] not in ("input", "const", "mark"):
            c[o["kind"]] = c.get(o["kind"], 0) + 1
    return c
