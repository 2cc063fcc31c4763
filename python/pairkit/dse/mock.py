"""A hand-written trace of seed 001 Algorithm 2.1 (Duursma-Lee, characteristic 3), for the DSE.

Until the characteristic-3 spec's own trace is wired in (``pairkit.spec.trace.trace_json``), this is
what ``pairkit dse`` schedules for ``ss3-97``/``duursma-lee``. It is written independently of
``pairkit.spec`` and records the same JSON as :class:`pairkit.spec.trace.TracingField`
(field ``{"p": 3, "m": 97, "h": 16}``; kinds add, sub, neg, mul, sqr, cube, cbrt).

The loop body, per seed 001 Alg. 2.1, with F_{3^{3m}} = F_{3^m}[rho]/(rho^3 - rho - b) and
F_{3^{6m}} = F_{3^{3m}}[sigma]/(sigma^2 + 1)::

    x_P <- x_P^3;  y_P <- y_P^3                        2 cubes
    mu <- x_P + x_Q + b                                2 additions
    g = (-mu^2 - mu rho - rho^2) + (-y_P y_Q) sigma    2 multiplications (mu^2 is a 'sqr'), 3 negations
    f <- f g                                           13 multiplications, 42 additions/subtractions
    x_Q <- x_Q^(1/3);  y_Q <- y_Q^(1/3)                2 cube roots

f g = (A + B sigma)(C + d sigma) with C = c0 + c1 rho - rho^2 (c0 = -mu^2, c1 = -mu, d = -y_P y_Q) is
Karatsuba over sigma: A C (5 mul), B d (3 mul), (A + B)(C + d) (5 mul), where a product by the sparse
C is Karatsuba on three terms with the known c2 = -1:
m0 = a0 c0, m1 = a1 c1, m01 = (a0+a1)(c0+c1), m02 = (a0+a2)(c0-1), m12 = (a1+a2)(c1-1),
p3 = m12 - m1 + a2, then (rho^3 = rho + b)
r0 = m0 + b p3,  r1 = (m01 - m0 - m1) + p3 - b a2,  r2 = m02 - m0 + m1.
Totals per iteration: 15 mul, 44 add/sub, 2 cubes, 2 cube roots (seed 001 counts 52 add/sub: its f g
spends 50 additions where this one spends 42; the true ss3-97 trace will replace this file's numbers).

``alg21_trace(field=GF3n(...))`` also carries concrete values, so the tests check the recorded
loop against a direct F_{3^{6n}} computation (:func:`reference_iteration`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True)
class GF3n:
    """F_3[x]/(modulus) for a small monic irreducible modulus (coefficients low degree first)."""

    modulus: tuple = (1, 2, 0, 0, 0, 1)  # x^5 + 2x + 1

    @property
    def n(self) -> int:
        return len(self.modulus) - 1

    def add(self, a, b):
        return tuple((x + y) % 3 for x, y in zip(a, b))

    def sub(self, a, b):
        return tuple((x - y) % 3 for x, y in zip(a, b))

    def neg(self, a):
        return tuple(-x % 3 for x in a)

    def mul(self, a, b):
        n = self.n
        r = [0] * (2 * n - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    r[i + j] += x * y
        for d in range(2 * n - 2, n - 1, -1):
            c = r[d] % 3
            if c:
                for k in range(n + 1):
                    r[d - n + k] -= c * self.modulus[k]
        return tuple(v % 3 for v in r[:n])

    def cube(self, a):
        return self.mul(self.mul(a, a), a)

    def cbrt(self, a):
        for _ in range(self.n - 1):  # a^(3^(n-1)) inverts the Frobenius a -> a^3
            a = self.cube(a)
        return a

    def digit(self, d: int):
        return (d % 3,) + (0,) * (self.n - 1)

    def random(self, rng):
        return tuple(rng.randrange(3) for _ in range(self.n))


@dataclass
class _Tracer:
    F: Optional[GF3n] = None
    ops: list = field(default_factory=list)
    vals: dict = field(default_factory=dict)
    _consts: dict = field(default_factory=dict)

    def _new(self, kind, args, value=None, label=""):
        out = len(self.vals)
        self.vals[out] = value
        self.ops.append({"kind": kind, "args": list(args), "out": out, **({"label": label} if label else {})})
        return out

    def _v(self, *ids):
        return [self.vals[i] for i in ids]

    def _op(self, kind, fn, *args):
        return self._new(kind, args, fn(*self._v(*args)) if self.F else None)

    def input(self, name, value=None):
        return self._new("input", (), value, name)

    def const(self, d: int):
        if d % 3 not in self._consts:
            self._consts[d % 3] = self._new("const", (), self.F.digit(d) if self.F else None, str(d % 3))
        return self._consts[d % 3]

    def mark(self, label):
        self.ops.append({"kind": "mark", "args": [], "out": -1, "label": label})

    def add(self, a, b):
        return self._op("add", self.F and self.F.add, a, b)

    def sub(self, a, b):
        return self._op("sub", self.F and self.F.sub, a, b)

    def neg(self, a):
        return self._op("neg", self.F and self.F.neg, a)

    def mul(self, a, b):
        return self._op("mul", self.F and self.F.mul, a, b)

    def sqr(self, a):
        return self._op("sqr", self.F and (lambda x: self.F.mul(x, x)), a)

    def cube(self, a):
        return self._op("cube", self.F and self.F.cube, a)

    def cbrt(self, a):
        return self._op("cbrt", self.F and self.F.cbrt, a)


def _sparse_mul(T, b, a, c0, c1, c1m1=None):
    """(a0 + a1 rho + a2 rho^2)(c0 + c1 rho - rho^2): 5 multiplications (module docstring)."""
    a0, a1, a2 = a
    one = T.const(1)
    m0, m1 = T.mul(a0, c0), T.mul(a1, c1)
    m01 = T.mul(T.add(a0, a1), T.add(c0, c1))
    m02 = T.mul(T.add(a0, a2), T.sub(c0, one))
    c1m1 = c1m1 if c1m1 is not None else T.sub(c1, one)
    m12 = T.mul(T.add(a1, a2), c1m1)
    p3 = T.add(T.sub(m12, m1), a2)
    r0 = T.add(m0, p3) if b == 1 else T.sub(m0, p3)
    p13 = T.add(T.sub(T.sub(m01, m0), m1), p3)
    r1 = T.sub(p13, a2) if b == 1 else T.add(p13, a2)
    r2 = T.add(T.sub(m02, m0), m1)
    return (r0, r1, r2), c1m1


def alg21_body(T, b, st):
    """One iteration of seed 001 Alg. 2.1 on the state (x_P, y_P, x_Q, y_Q, f[6])."""
    xp, yp, xq, yq, f = st
    xp, yp = T.cube(xp), T.cube(yp)
    mu = T.add(T.add(xp, xq), T.const(b))
    c0, c1, d = T.neg(T.sqr(mu)), T.neg(mu), T.neg(T.mul(yp, yq))
    A, B = f[:3], f[3:]
    t0, c1m1 = _sparse_mul(T, b, A, c0, c1)
    t1 = [T.mul(x, d) for x in B]
    t2, _ = _sparse_mul(T, b, [T.add(x, y) for x, y in zip(A, B)], T.add(c0, d), c1, c1m1)
    re = [T.sub(x, y) for x, y in zip(t0, t1)]
    im = [T.sub(T.sub(z, x), y) for x, y, z in zip(t0, t1, t2)]
    return xp, yp, T.cbrt(xq), T.cbrt(yq), re + im


def _run(T, b, iterations, P, Q):
    xp, yp = (T.input(n, v) for n, v in zip(("xP", "yP"), P))
    xq, yq = (T.input(n, v) for n, v in zip(("xQ", "yQ"), Q))
    f = [T.const(1)] + [T.const(0)] * 5
    st = (xp, yp, xq, yq, f)
    for i in range(1, iterations + 1):
        T.mark(f"iter {i}")
        st = alg21_body(T, b, st)
    T.mark("end")
    return st[4]


def alg21_trace(iterations: int = 4, b: int = 1, field: Optional[GF3n] = None, P=None, Q=None) -> dict:
    """The trace JSON of ``iterations`` iterations of Alg. 2.1 (m = 97, h = 16 in the header; with
    ``field`` the ops carry concrete values in ``T.vals`` too: see :func:`traced_result`)."""
    return traced_result(iterations, b, field, P, Q)[0]


def traced_result(iterations: int = 4, b: int = 1, field: Optional[GF3n] = None, P=None, Q=None):
    """(trace JSON, final f as 6 concrete coordinates or None)."""
    T = _Tracer(field)
    f = _run(T, b, iterations, P or (None, None), Q or (None, None))
    tr = {
        "field": {"p": 3, "m": 97, "h": 16},
        "ops": T.ops,
        "set": "ss3-97",
        "alg": "duursma-lee",
        "source": "mock: pairkit.dse.mock (hand-written seed 001 Alg. 2.1)",
    }
    return tr, ([T.vals[x] for x in f] if field else None)


# ------------------------------------------------------------ an independent reference (tests)


def _f3_mul(F, b, a, c):
    """Schoolbook product in F[rho]/(rho^3 - rho - b)."""
    z = (0,) * F.n
    p = [z] * 5
    for i in range(3):
        for j in range(3):
            p[i + j] = F.add(p[i + j], F.mul(a[i], c[j]))
    bb = F.digit(b)
    return [F.add(p[0], F.mul(bb, p[3])), F.add(F.add(p[1], p[3]), F.mul(bb, p[4])), F.add(p[2], p[4])]


def reference_iteration(F: GF3n, b: int, xp, yp, xq, yq, f):
    """Alg. 2.1's iteration computed directly in F_{3^{6n}} (schoolbook, no sparsity)."""
    xp, yp = F.cube(xp), F.cube(yp)
    mu = F.add(F.add(xp, xq), F.digit(b))
    C = [F.neg(F.mul(mu, mu)), F.neg(mu), F.digit(-1)]
    D = [F.neg(F.mul(yp, yq)), (0,) * F.n, (0,) * F.n]
    A, B = f[:3], f[3:]
    AC, BD, AD, BC = _f3_mul(F, b, A, C), _f3_mul(F, b, B, D), _f3_mul(F, b, A, D), _f3_mul(F, b, B, C)
    f = [F.sub(x, y) for x, y in zip(AC, BD)] + [F.add(x, y) for x, y in zip(AD, BC)]
    return xp, yp, F.cbrt(xq), F.cbrt(yq), f
