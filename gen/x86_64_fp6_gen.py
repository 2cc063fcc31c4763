#!/usr/bin/env python3
"""Generator of x86_64_fp6_asm.rs: the whole F_{p^6} product with lazy reduction in one MULX/ADX block.

    python3 gen/x86_64_fp6_gen.py > crates/pairkit-core/src/field/fp/x86_64_fp6_asm.rs

F_{p^6} = F_{p^2}[v]/(v^3 - xi), xi = 1 + i, F_{p^2} = F_p[i]/(i^2 + 1), N = 6 (bls12-381: p < R/8,
R = 2^384), Montgomery form. Lazy reduction through F_{p^6} (Aranha, Karabina, Longa, Gebotys,
Lopez, "Faster explicit formulas for computing pairings over ordinary curves", EUROCRYPT 2011 /
eprint 2010/354, Sec. 3-4 and Alg. 3): the Karatsuba product of the cubic extension (Devegili,
O hEigeartaigh, Scott, Dahab, eprint 2006/471 Sec. 4)

    t_k = a_k b_k (k = 0, 1, 2),  m_jk = (a_j + a_k)(b_j + b_k),
    c0 = t0 + xi (m12 - t1 - t2),  c1 = m01 - t0 - t1 + xi t2,  c2 = m02 - t0 - t2 + t1,

is evaluated on integers: the six F_{p^2} products are Karatsuba's three N x N-word products each
(X0 = x0 y0, X1 = x1 y1, X2 = (x0 + x1)(y0 + y1); Re = X0 - X1, Im = X2 - X0 - X1), none reduced,
the operand sums a_j + a_k are not reduced either (coordinates < 2p, inner sums < 4p < R), so every
coordinate of c is an exact integer polynomial in the canonical inputs. Its range (canonical
coordinates < p; Re(xy) in (-p^2, p^2), Im(xy) in [0, 2p^2)):

    c0.re in (-7p^2, 3p^2), c0.im in (-2p^2, 8p^2), c1.re in (-5p^2, 3p^2),
    c1.im in (-p^2, 7p^2), c2.re in (-3p^2, 3p^2), c2.im in [0, 6p^2),

so adding 7, 2, 5, 1, 3, 0 p^2 makes each one a 2N-word integer in [0, 10p^2). Intermediate sums
are taken modulo 2^{128N} (they may wrap; the final value is in range, so it is exact). Each
coordinate is then one Montgomery reduction: REDC(T) = (T + M p)/R < 10p^2/R + p < 3p (p < R/5),
made canonical by two conditional subtractions. 18 products and 6 reductions, against the 18 and 12
of six lazily reduced F_{p^2} products.

Each coordinate is a signed sum of 2N-word terms (the products X_k of the six F_{p^2} products and
the constant k p^2), generated from the formulas above by expanding Re and Im into the X_k, and
reduced by x86_64_fp2_gen.redc_sum_store: the low halves summed in registers with their carries
counted in one signed word, the reduction rounds on them, then the high halves and the count added.

Frame (u64 words, caller-provided scratch `s`): [0] address of mc = p words then -p^{-1},
[1] address of the result (6N words), [2] address of the table 7, 2, 5, 1, 3 p^2 (2N words each),
then the six operand sums (2N each), the inner sums sa, sb (N each) and the 18 products (2N each). Registers as x86_64_fp2_gen.py: a, b, s, N temporaries, lo, hi, c, rdx.
"""

from x86_64_fp2_gen import add_to, body, m, operands, redc_sum_store, wide

N = 6
# the coordinates' p^2 offsets (see the ranges above), in the table's order
OFFSETS = [7, 2, 5, 1, 3, 0]


def off(n):
    f = {"sums": 3}
    f["sa"] = f["sums"] + 12 * n
    f["sb"] = f["sa"] + n
    f["x"] = f["sb"] + n
    f["size"] = f["x"] + 36 * n
    return f


# the six F_{p^2} products: (name, x, y) with x, y either ("a"|"b", coefficient k) or ("sum", j)
SUMS = [("a", 1, 2), ("b", 1, 2), ("a", 0, 1), ("b", 0, 1), ("a", 0, 2), ("b", 0, 2)]
PRODUCTS = [("t0", ("in", 0), ("in", 0)), ("t1", ("in", 1), ("in", 1)), ("t2", ("in", 2), ("in", 2)),
            ("m12", ("sum", 0), ("sum", 1)), ("m01", ("sum", 2), ("sum", 3)), ("m02", ("sum", 4), ("sum", 5))]


def re(p):
    """Re of product p as {(p, k): coefficient}: X0 - X1."""
    return {(p, 0): 1, (p, 1): -1}


def im(p):
    """Im of product p: X2 - X0 - X1."""
    return {(p, 2): 1, (p, 0): -1, (p, 1): -1}


def lin(*terms):
    """Sum of (coefficient, {term: coefficient}) pairs."""
    out = {}
    for k, d in terms:
        for t, c in d.items():
            out[t] = out.get(t, 0) + k * c
    return {t: c for t, c in out.items() if c}


def coordinates():
    """The six output coordinates as {(product, k): coefficient} (xi = 1 + i: xi (u + w i) =
    (u - w) + (u + w) i)."""
    w_re = lin((1, re("m12")), (-1, re("t1")), (-1, re("t2")))
    w_im = lin((1, im("m12")), (-1, im("t1")), (-1, im("t2")))
    u_re = lin((1, re("m01")), (-1, re("t0")), (-1, re("t1")))
    u_im = lin((1, im("m01")), (-1, im("t0")), (-1, im("t1")))
    return [
        lin((1, re("t0")), (1, w_re), (-1, w_im)),
        lin((1, im("t0")), (1, w_re), (1, w_im)),
        lin((1, u_re), (1, re("t2")), (-1, im("t2"))),
        lin((1, u_im), (1, re("t2")), (1, im("t2"))),
        lin((1, re("m02")), (-1, re("t0")), (-1, re("t2")), (1, re("t1"))),
        lin((1, im("m02")), (-1, im("t0")), (-1, im("t2")), (1, im("t1"))),
    ]


def operand(n, f, spec):
    """(base register, word offset) of an F_{p^2} operand of the products."""
    if spec[0] == "sum":
        return "{s}", f["sums"] + 2 * n * spec[1]
    return None, 2 * n * spec[1]


def products(n, f):
    """The operand sums, then the 18 N x N-word products into the frame."""
    s = "{s}"
    ins = []
    for j, (src, x, y) in enumerate(SUMS):
        reg = "{a}" if src == "a" else "{b}"
        o = f["sums"] + 2 * n * j
        ins += add_to(n, reg, 2 * n * x, reg, 2 * n * y, s, o)
        ins += add_to(n, reg, 2 * n * x + n, reg, 2 * n * y + n, s, o + n)
    for idx, (_, xs, ys) in enumerate(PRODUCTS):
        xr, xo = operand(n, f, xs)
        yr, yo = operand(n, f, ys)
        xr, yr = xr or "{a}", yr or "{b}"
        base = f["x"] + 6 * n * idx
        ins += add_to(n, xr, xo, xr, xo + n, s, f["sa"])
        ins += add_to(n, yr, yo, yr, yo + n, s, f["sb"])
        ins += wide(n, xr, xo, yr, yo, s, base)
        ins += wide(n, xr, xo + n, yr, yo + n, s, base + 2 * n)
        ins += wide(n, s, f["sa"], s, f["sb"], s, base + 4 * n)
    return ins


def terms_of(n, f, coeffs, k_off):
    """The (sign, register, word offset) terms of one coordinate, once per unit of its coefficient:
    the table entry k p^2 at [b + k_off] (if any) first, then the positive products."""
    names = [p[0] for p in PRODUCTS]
    terms = [] if k_off is None else [(1, "{b}", k_off)]
    for (p, k), c in sorted(coeffs.items(), key=lambda kv: (-kv[1], kv[0])):
        terms += [(1 if c > 0 else -1, "{s}", f["x"] + 6 * n * names.index(p) + 2 * n * k)] * abs(c)
    return terms


def gen_mul(n):
    f = off(n)
    a, b, s = "{a}", "{b}", "{s}"
    ins = products(n, f)
    # a, b are free now: a = &mc, b = &(k p^2 table)
    ins.append(f"mov {a}, {m(s, 0)}")
    ins.append(f"mov {b}, {m(s, 2)}")
    k_index = 0
    for idx, coeffs in enumerate(coordinates()):
        k_off = None
        if OFFSETS[idx]:
            k_off = 2 * n * k_index
            k_index += 1
        ins += redc_sum_store(n, terms_of(n, f, coeffs, k_off), a, s, 1, n * idx, f["sa"], subs=2)
    return ins


def emit(n):
    f = off(n)
    return f'''\
// @generated by gen/x86_64_fp6_gen.py (`make asm`); do not edit by hand.
//! The whole F_{{p^6}} product with lazy reduction in one MULX/ADX block (see
//! `gen/x86_64_fp6_gen.py` for the formulas, the bounds and the frame layout). Callers must have
//! checked BMI2 and ADX, N = {n}, xi = 1 + i and 8p <= R (`super::x86_64::fp6_lazy_ok`).
#![allow(clippy::too_many_lines)]

use core::arch::asm;

/// Scratch frame length (u64 words) of `fp6_mul_{n}`.
pub const FRAME6_{n}: usize = {f["size"]};

/// (a0 + a1 v + a2 v^2)(b0 + b1 v + b2 v^2) in F_{{p^6}} = F_{{p^2}}[v]/(v^3 - (1 + i)), N = {n}:
/// a, b point to canonical c0 || c1 || c2 ({6 * n} words each, every F_{{p^2}} coefficient c0 || c1);
/// the canonical product ({6 * n} words) is written to the address in `s[1]`.
///
/// # Safety
/// The CPU must support BMI2 and ADX; 8p <= 2^{{64 * {n}}}; `s` points to `FRAME6_{n}` = {f["size"]}
/// writable words: s[0] the address of mc (p words then -p^{{-1}} mod 2^64), s[1] that of {6 * n}
/// writable words (not overlapping a, b), s[2] that of 7, 2, 5, 1, 3 p^2 ({2 * n} words each).
#[inline(always)]
pub unsafe fn fp6_mul_{n}(a: *const u64, b: *const u64, s: *mut u64) {{
    asm!(
{body(gen_mul(n))}
{operands(n, True)}    );
}}
'''


if __name__ == "__main__":
    print(emit(N), end="")
