#!/usr/bin/env python3
"""Generator of x86_64_tower_asm.rs: whole products in the sextic tower with lazy reduction, one MULX/ADX block each.

    python3 gen/x86_64_tower_gen.py > crates/pairkit-core/src/field/fp/x86_64_tower_asm.rs

Tower F_{p^2} = F_p[i]/(i^2 + 1), F_{p^6} = F_{p^2}[v]/(v^3 - xi), F_{p^12} = F_{p^6}[w]/(w^2 - v),
xi = 1 + i, N = 6, p < R/8 (R = 2^384; bls12-381), Montgomery form. Lazy reduction (Aranha,
Karabina, Longa, Gebotys, Lopez, "Faster explicit formulas for computing pairings over ordinary
curves", EUROCRYPT 2011 / eprint 2010/526, Sec. 3-4): a product is written once, symbolically, as
the same Karatsuba formulas as the Rust code (fp6.rs `mul_generic`), over
F_{p^2} products that are never reduced. Each F_{p^2} product x y is Karatsuba's three N x N-word
products (X0 = x0 y0, X1 = x1 y1, X2 = (x0 + x1)(y0 + y1); Re = X0 - X1, Im = X2 - X0 - X1), its
operands are sums of input coefficients left unreduced, and every output coordinate becomes one
signed sum of 2N-word products: an exact integer polynomial in the canonical input coordinates.

Bounds, derived here, not by hand: each output coordinate is expanded into a bilinear form in the
input coordinates (each in [0, p)), whose negative and positive coefficients bound it:
T in (-neg p^2, pos p^2). Adding neg p^2 (a compile-time table, emitted as `OFFSETS_*` for the
Rust side) makes it an integer in [0, W p^2), W = neg + pos, and then one Montgomery reduction
returns (T + M p)/R < (W p/R + 1) p <= (W/8 + 1) p, made canonical by ceil(W/8) conditional
subtractions (x86_64_fp2_gen.redc_sum_store; intermediate sums wrap modulo 2^{128N}, the final value
is in range). The generator asserts that every product and sum fits its words.

* `fp6_mul_6`: (a0 + a1 v + a2 v^2)(b0 + b1 v + b2 v^2), Karatsuba of the cubic extension
  (Devegili, O hEigeartaigh, Scott, Dahab, eprint 2006/471 Sec. 4): 6 F_{p^2} products, 18 N x N
  products and 6 reductions (six reduced F_{p^2} products: 18 and 12).

The sparse F_{p^12} product of the Miller loop (sparse.rs `mul_by_014`: 13 F_{p^2} products, 39 N x N
products and 12 reductions instead of 26) was generated the same way and measured slower on the
bls12-381 pairing (about 520 against 500 us on the 2-core VM, 2026-11-27, three interleaved pairs
under load), so it stays on the out-of-line F_{p^2} products. The likely cause, not profiled: its
10,500 instructions (about 50 KB) and the F_{p^6} product's 5,000 run in every Miller-loop
iteration, more than a 32 KB first-level instruction cache holds.

Frame (u64 words, caller-provided scratch `s`): [0] address of mc = p words then -p^{-1},
[1] address of the result, [2] address of the offsets table (k p^2, 2N words per output
coordinate), then the operand sums (2N each), the inner sums sa, sb (N each) and the products
(2N each). Registers as x86_64_fp2_gen.py: a, b, s, N temporaries, lo, hi, c, rdx.
"""

from x86_64_fp2_gen import add_to, body, m, operands, redc_sum_store, wide

N = 6


class Operand:
    """An F_{p^2} operand of a product: the sum of input coefficients `refs` ((input, index) pairs)."""

    def __init__(self, refs):
        self.refs = tuple(refs)

    def __add__(self, o):
        return Operand(self.refs + o.refs)


class F2:
    """An F_{p^2} value as two linear forms {(product, k): coefficient} over the products X_k."""

    def __init__(self, re, im):
        self.re, self.im = re, im

    @staticmethod
    def _lin(x, y, s):
        out = dict(x)
        for t, c in y.items():
            out[t] = out.get(t, 0) + s * c
        return {t: c for t, c in out.items() if c}

    def __add__(self, o):
        return F2(self._lin(self.re, o.re, 1), self._lin(self.im, o.im, 1))

    def __sub__(self, o):
        return F2(self._lin(self.re, o.re, -1), self._lin(self.im, o.im, -1))

    def xi(self):
        """xi (u + w i) = (u - w) + (u + w) i for xi = 1 + i."""
        return F2(self._lin(self.re, self.im, -1), self._lin(self.re, self.im, 1))


class Program:
    """A lazily reduced product: its operand sums, F_{p^2} products and output coordinates."""

    def __init__(self, name, inputs):
        self.name, self.inputs = name, inputs  # inputs: {name: base register}
        self.products, self.outputs = [], []

    def coef(self, src, k):
        return Operand([(src, k)])

    def mul(self, x, y):
        idx = len(self.products)
        self.products.append((x, y))
        return F2({(idx, 0): 1, (idx, 1): -1}, {(idx, 2): 1, (idx, 0): -1, (idx, 1): -1})

    # -- layout ---------------------------------------------------------------------------
    def sum_slots(self):
        """Every operand with more than one term gets a frame slot (2N words), once."""
        slots = []
        for x, y in self.products:
            for op in (x, y):
                if len(op.refs) > 1 and op.refs not in slots:
                    slots.append(op.refs)
        return slots

    def frame(self, n):
        f = {"sums": 3, "slots": self.sum_slots()}
        f["sa"] = f["sums"] + 2 * n * len(f["slots"])
        f["sb"] = f["sa"] + n
        f["x"] = f["sb"] + n
        f["size"] = f["x"] + 6 * n * len(self.products)
        return f

    def where(self, n, f, op):
        """(register, word offset) of an operand: an input coefficient or its sum slot."""
        if len(op.refs) == 1:
            src, k = op.refs[0]
            return self.inputs[src], 2 * n * k
        return "{s}", f["sums"] + 2 * n * f["slots"].index(op.refs)

    # -- bounds ---------------------------------------------------------------------------
    def bilinear(self, coeffs):
        """The bilinear form in the input coordinates of a linear form over the products."""
        out = {}
        for (idx, k), c in coeffs.items():
            x, y = self.products[idx]
            xs = [(src, kk, part) for src, kk in x.refs for part in (0, 1)]
            ys = [(src, kk, part) for src, kk in y.refs for part in (0, 1)]
            for u in xs:
                for v in ys:
                    if k == 0 and (u[2], v[2]) != (0, 0):
                        continue
                    if k == 1 and (u[2], v[2]) != (1, 1):
                        continue
                    out[(u, v)] = out.get((u, v), 0) + c
        return {t: c for t, c in out.items() if c}

    def bound(self, coeffs):
        """(offset k, conditional subtractions) for one output coordinate (see the module doc),
        for every p <= R/8 (the worst case p = R/8)."""
        form = self.bilinear(coeffs)
        neg = -sum(c for c in form.values() if c < 0)
        pos = sum(c for c in form.values() if c > 0)
        width = neg + pos
        assert width <= 64, f"{self.name}: an output leaves 2N words"  # R^2 >= 64 p^2
        subs = max(1, -(-width // 8))  # result < (width p/R + 1) p <= (width/8 + 1) p
        assert (subs + 1) <= 8, f"{self.name}: the reduced value leaves N words"
        return neg, subs

    def check_products(self):
        """Operand coordinates are sums of b canonical ones (< b p); Karatsuba's inner sums
        (< 2 b p) must fit N words for every p <= R/8."""
        for x, y in self.products:
            assert max(len(x.refs), len(y.refs)) <= 4, f"{self.name}: an inner sum leaves N words"

    # -- code -----------------------------------------------------------------------------
    def gen(self, n):
        self.check_products()
        f = self.frame(n)
        a, b, s = "{a}", "{b}", "{s}"
        ins = []
        for j, refs in enumerate(f["slots"]):
            ins += self._sum(n, refs, s, f["sums"] + 2 * n * j)
        for idx, (x, y) in enumerate(self.products):
            xr, xo = self.where(n, f, x)
            yr, yo = self.where(n, f, y)
            base = f["x"] + 6 * n * idx
            ins += add_to(n, xr, xo, xr, xo + n, s, f["sa"])
            ins += add_to(n, yr, yo, yr, yo + n, s, f["sb"])
            ins += wide(n, xr, xo, yr, yo, s, base)
            ins += wide(n, xr, xo + n, yr, yo + n, s, base + 2 * n)
            ins += wide(n, s, f["sa"], s, f["sb"], s, base + 4 * n)
        # a, b are free now: a = &mc, b = &offsets
        ins.append(f"mov {a}, {m(s, 0)}")
        ins.append(f"mov {b}, {m(s, 2)}")
        offsets = []
        for idx, coeffs in enumerate(self.outputs):
            k, subs = self.bound(coeffs)
            offsets.append(k)
            terms = [] if k == 0 else [(1, b, 2 * n * idx)]
            for (pi, kk), c in sorted(coeffs.items(), key=lambda kv: (-kv[1], kv[0])):
                terms += [(1 if c > 0 else -1, s, f["x"] + 6 * n * pi + 2 * n * kk)] * abs(c)
            ins += redc_sum_store(n, terms, a, s, 1, n * idx, f["sa"], subs=subs)
        return ins, offsets, f

    def _sum(self, n, refs, s, o):
        """[s + o] = the coordinatewise sum of the input coefficients refs (2N words, unreduced)."""
        ins = []
        for part in (0, n):
            t = [f"{{t{j}}}" for j in range(n)]
            src, k = refs[0]
            reg = self.inputs[src]
            ins += [f"mov {t[j]}, {m(reg, 2 * n * k + part + j)}" for j in range(n)]
            for src, k in refs[1:]:
                reg = self.inputs[src]
                ins += [f"{'add' if j == 0 else 'adc'} {t[j]}, {m(reg, 2 * n * k + part + j)}" for j in range(n)]
            ins += [f"mov {m(s, o + part + j)}, {t[j]}" for j in range(n)]
        return ins


def fp6_mul(prog, x, y):
    """Karatsuba over the cubic extension (fp6.rs `mul_generic`): x, y are 3 operands each."""
    t0, t1, t2 = (prog.mul(x[k], y[k]) for k in range(3))
    c0 = t0 + (prog.mul(x[1] + x[2], y[1] + y[2]) - t1 - t2).xi()
    c1 = prog.mul(x[0] + x[1], y[0] + y[1]) - t0 - t1 + t2.xi()
    c2 = prog.mul(x[0] + x[2], y[0] + y[2]) - t0 - t2 + t1
    return [c0, c1, c2]


def coords(fp2s):
    out = []
    for v in fp2s:
        out += [v.re, v.im]
    return out


def program_fp6_mul():
    prog = Program("fp6_mul", {"a": "{a}", "b": "{b}"})
    a = [prog.coef("a", k) for k in range(3)]
    b = [prog.coef("b", k) for k in range(3)]
    prog.outputs = coords(fp6_mul(prog, a, b))
    return prog


def emit(prog, n, doc, out_words, in_words):
    ins, offsets, f = prog.gen(n)
    name, upper = f"{prog.name}_{n}", f"{prog.name.upper()}_{n}"
    return f"""
/// Scratch frame length (u64 words) of `{name}`.
pub const FRAME_{upper}: usize = {f["size"]};
/// The offsets k of `{name}`'s output coordinates, in p^2 (the table at `s[2]`: k p^2, 2N words each).
pub const OFFSETS_{upper}: [u64; {len(offsets)}] = {offsets};

/// {doc}, N = {n}: `a` points to {in_words[0]} canonical words, `b` to {in_words[1]} (F_{{p^2}}
/// coefficients c0 || c1); the canonical product ({out_words} words) is written to the address in
/// `s[1]`.
///
/// # Safety
/// The CPU must support BMI2 and ADX; 8p <= 2^{{64 * {n}}}; `s` points to `FRAME_{upper}` = {f["size"]} writable words: s[0] the address of mc (p words then
/// -p^{{-1}} mod 2^64), s[1] that of {out_words} writable words (not overlapping a, b), s[2] that of
/// the table k p^2 for k in `OFFSETS_{upper}` ({2 * n} words each).
#[inline(always)]
pub unsafe fn {name}(a: *const u64, b: *const u64, s: *mut u64) {{
    asm!(
{body(ins)}
{operands(n, True)}    );
}}
"""


HEADER = """\
// @generated by gen/x86_64_tower_gen.py (`make asm`); do not edit by hand.
//! Whole products in the sextic tower with lazy reduction in one MULX/ADX block each (see
//! `gen/x86_64_tower_gen.py` for the formulas, the derived bounds and the frame layout). Callers
//! must have checked BMI2 and ADX, N = 6, xi = 1 + i and 8p <= R (`super::x86_64::fp6_lazy_ok`).
#![allow(clippy::too_many_lines)]

use core::arch::asm;
"""

if __name__ == "__main__":
    out = [HEADER]
    out.append(emit(program_fp6_mul(), N, "(a0 + a1 v + a2 v^2)(b0 + b1 v + b2 v^2) in F_{p^6}", 6 * N, (6 * N, 6 * N)))
    print("".join(out), end="")
