#!/usr/bin/env python3
"""Generator of x86_64_fp2_asm.rs: whole F_{p^2} products and squarings in one MULX/ADX block.

    python3 gen/x86_64_fp2_gen.py > crates/pairkit-core/src/field/fp/x86_64_fp2_asm.rs

F_{p^2} = F_p[i]/(i^2 + 1), p < R/4 (R = 2^{64N}; bn254 and bls12-381), Montgomery form. Lazy
reduction (Aranha, Karabina, Longa, Gebotys, Lopez, "Faster explicit formulas for computing
pairings over ordinary curves", eprint 2010/526, Sec. 3-4): the 2N-word products are combined
before reduction, so a product costs three N x N-word multiplications and two Montgomery
reductions, a squaring two and two.

* `fp2_mul_N`: Karatsuba. sa = a0 + a1, sb = b0 + b1 (< 2p < R, no reduction),
  T0 = a0 b0, T1 = a1 b1, T2 = sa sb; c1 = REDC(T2 - T0 - T1) (= a0 b1 + a1 b0 < 2p^2),
  c0 = REDC(T0 + p^2 - T1) (in (0, 2p^2)), each sum formed in registers (`redc_sum_store`).
* `fp2_sqr_N`: complex squaring. c0 = REDC((a0 + a1)(a0 + p - a1)) (< 4p^2 < p R since 4p < R),
  c1 = REDC((2 a0) a1) (< 2p^2).

REDC of T < p R with p < R/2 returns (T + M p)/R < 2p; one conditional subtraction (CMOVC)
makes the result canonical. The products are the row-wise MULX/ADCX/ADOX schedule of
x86_64_gen.py's Montgomery products (two carry chains per row), here without interleaved
reduction and addressed as base register + offset inside one `asm!` block, so that no intermediate value travels
through Rust.

Frame (u64 words, caller-provided scratch `s`): [0] address of mc = p words then -p^{-1},
[1] address of the result c0 || c1 (2N words), [2] address of p^2 (2N words; products only), then
sa (N), sb (N), T0 (2N), T1 (2N), T2 (2N). Register budget: pointers a, b, s; N temporaries, lo, hi, a rotating top
word, rdx:
N + 7 = 13 for N = 6 (every general register Rust lets inline assembly use); after the
products `a` holds &mc, `b` the address of p^2 and the rotating top word the signed carry count of
`redc_sum_store`, then the result address. The conditional subtraction keeps its
masked p in the (dead) sa words so that the borrow chain needs no extra register.
"""

from x86_64_gen import mulx_row  # the same MULX row schedule (this script's folder is on sys.path)


def off(n):
    sa = 3
    sb = sa + n
    t0 = sb + n
    t1 = t0 + 2 * n
    t2 = t1 + 2 * n
    return dict(sa=sa, sb=sb, t0=t0, t1=t1, t2=t2, size=t2 + 2 * n)


def m(reg, word):
    return f"qword ptr [{reg} + {8 * word}]" if word else f"qword ptr [{reg}]"


def chain(n, first, rest, operands):
    """One instruction per word j < n: `first` for word 0 and `rest` (its carry/borrow form) after,
    e.g. chain(n, "add", "adc", ...); `first == rest` gives a plain per-word sequence (mov)."""
    return [f"{first if j == 0 else rest} {operands(j)}" for j in range(n)]


def wide(n, x, xo, y, yo, o, oo):
    """2N-word product [x + xo] * [y + yo] -> [o + oo] (gen_wide's schedule)."""
    w = [f"{{t{j}}}" for j in range(n)]
    top, lo, hi = "{c}", "{lo}", "{hi}"
    ins = []
    for i in range(n):
        ins.append(f"mov rdx, {m(y, yo + i)}")
        ins += mulx_row(i, n, w, top, lo, hi, lambda j: m(x, xo + j))
        ins.append(f"mov {m(o, oo + i)}, {w[0]}")
        w, top = w[1:] + [top], w[0]
    for j in range(n):
        ins.append(f"mov {m(o, oo + n + j)}, {w[j]}")
    return ins


def redc_store(n, s, so, p, out, oo, tmp, subs=1):
    """REDC of [s + so] (2N words) with mc at [p], `subs` conditional subtractions of p (one when
    the REDC result is < 2p, two when < 3p), store to [out + oo]; [s + tmp] is N words of scratch
    for the masked p."""
    t = [f"{{t{j}}}" for j in range(n)]
    ins = [f"mov {t[j]}, {m(s, so + j)}" for j in range(n)]
    ins += redc_rounds(n, t, p)
    ins += chain(n, "add", "adc", lambda j: f"{t[j]}, {m(s, so + n + j)}")
    ins += cond_sub_store(n, t, p, s, tmp, out, oo, subs)
    return ins


def redc_rounds(n, t, p):
    """The N Montgomery reduction rounds on the low half in t (mc at [p]): t becomes
    (L + M p)/R < p + 1, M = -L p^{-1} mod R."""
    lo, hi = "{lo}", "{hi}"
    ins = []
    for _ in range(n):
        ins.append(f"mov rdx, {t[0]}")
        ins.append(f"imul rdx, {m(p, n)}")
        ins.append(f"xor {lo}, {lo}")
        ins.append(f"mulx {hi}, {lo}, {m(p, 0)}")
        ins.append(f"adcx {lo}, {t[0]}")
        ins.append(f"mov {t[0]}, {hi}")
        for j in range(1, n):
            ins.append(f"adcx {t[j - 1]}, {t[j]}")
            ins.append(f"mulx {t[j]}, {lo}, {m(p, j)}")
            ins.append(f"adox {t[j - 1]}, {lo}")
        ins.append(f"mov {lo}, 0")
        ins.append(f"adcx {t[n - 1]}, {lo}")
        ins.append(f"adox {t[n - 1]}, {lo}")
    return ins


def cond_sub_store(n, t, p, s, tmp, out, oo, subs):
    """`subs` conditional subtractions of p (mc at [p]) from t ([s + tmp]: N words of scratch for
    the masked p), then t to [out + oo]."""
    lo, hi = "{lo}", "{hi}"
    ins = []
    for _ in range(subs):
        # t < (k + 1) p: borrow of t - p (discarded difference) -> hi = all-ones iff t >= p
        for j in range(n):
            ins.append(f"mov {lo}, {t[j]}")
            ins.append(f"{'sub' if j == 0 else 'sbb'} {lo}, {m(p, j)}")
        ins.append(f"sbb {hi}, {hi}")
        ins.append(f"not {hi}")
        for j in range(n):
            ins.append(f"mov {lo}, {m(p, j)}")
            ins.append(f"and {lo}, {hi}")
            ins.append(f"mov {m(s, tmp + j)}, {lo}")
        ins += chain(n, "sub", "sbb", lambda j: f"{t[j]}, {m(s, tmp + j)}")
    ins += chain(n, "mov", "mov", lambda j: f"{m(out, oo + j)}, {t[j]}")
    return ins


def redc_sum_store(n, terms, p, s, out_slot, oo, tmp, subs=1):
    """REDC of a signed sum of 2N-word terms, stored canonical to [[s + out_slot] + oo].

    terms: (sign, register, word offset) of each 2N-word term, once per unit of its coefficient,
    the first one positive; the exact sum T must lie in [0, 2^{128N}) (intermediate sums wrap
    modulo 2^{128N}) and (T + M p)/R must be < (subs + 1) p < 2^{64N}. The low N words of the terms
    are summed in registers, their carries counted in one signed word ({c}); the N reduction rounds
    run on that low half, and the high halves (plus the count, sign-extended) are added to the
    result: T = L + R H gives (T + M p)/R = (L + M p)/R + H, so neither half goes through memory.
    Then `subs` conditional subtractions of p ([s + tmp]: N words of scratch) and the store (the
    result address is loaded from [s + out_slot] into {c} once the count is spent)."""
    t = [f"{{t{j}}}" for j in range(n)]
    hi, cnt = "{hi}", "{c}"
    assert terms[0][0] == 1, "the first term must be positive"

    def words(first, rest, reg, o):
        return [f"{first if j == 0 else rest} {t[j]}, {m(reg, o + j)}" for j in range(n)]

    _, reg, o = terms[0]
    ins = words("mov", "mov", reg, o)
    ins.append(f"xor {cnt}, {cnt}")
    for sign, reg, o in terms[1:]:
        op = ("add", "adc") if sign > 0 else ("sub", "sbb")
        ins += words(*op, reg, o)
        ins.append(f"{op[1]} {cnt}, 0")
    ins += redc_rounds(n, t, p)
    ins.append(f"mov {hi}, {cnt}")
    ins.append(f"sar {hi}, 63")
    ins.append(f"add {t[0]}, {cnt}")
    ins += [f"adc {t[j]}, {hi}" for j in range(1, n)]
    for sign, reg, o in terms:
        ins += words(*(("add", "adc") if sign > 0 else ("sub", "sbb")), reg, o + n)
    ins.append(f"mov {cnt}, {m(s, out_slot)}")
    ins += cond_sub_store(n, t, p, s, tmp, cnt, oo, subs)
    return ins


def through_tmp(n, first, rest, x, xo, y, yo, o, oo, tmp):
    """[o + oo] = [x + xo] op [y + yo] over n words through the register tmp (op: first, then rest)."""
    ins = []
    for j in range(n):
        ins.append(f"mov {tmp}, {m(x, xo + j)}")
        ins.append(f"{first if j == 0 else rest} {tmp}, {m(y, yo + j)}")
        ins.append(f"mov {m(o, oo + j)}, {tmp}")
    return ins


def add_to(n, x, xo, y, yo, o, oo, tmp="{lo}"):
    """[o + oo] = [x + xo] + [y + yo] over N words (no reduction; no carry out by the bounds)."""
    return through_tmp(n, "add", "adc", x, xo, y, yo, o, oo, tmp)


def operands(n, with_b):
    regs = "".join(f"            t{j} = out(reg) _,\n" for j in range(n))
    b = "            b = inout(reg) b => _,\n" if with_b else "            b = out(reg) _,\n"
    return (
        "            a = inout(reg) a => _,\n"
        + b
        + "            s = in(reg) s,\n"
        + regs
        + "            lo = out(reg) _,\n            hi = out(reg) _,\n            c = out(reg) _,\n"
        + '            out("rdx") _,\n            options(nostack)\n'
    )


def body(ins):
    return "\n".join(f'            "{s}",' for s in ins)


def gen_mul(n):
    f = off(n)
    a, b, s = "{a}", "{b}", "{s}"
    ins = add_to(n, a, 0, a, n, s, f["sa"]) + add_to(n, b, 0, b, n, s, f["sb"])
    ins += wide(n, a, 0, b, 0, s, f["t0"])
    ins += wide(n, a, n, b, n, s, f["t1"])
    ins += wide(n, s, f["sa"], s, f["sb"], s, f["t2"])
    # a, b are free now: a = &mc, b = &p^2
    ins.append(f"mov {a}, {m(s, 0)}")
    ins.append(f"mov {b}, {m(s, 2)}")
    t0, t1, t2 = f["t0"], f["t1"], f["t2"]
    ins += redc_sum_store(n, [(1, s, t0), (1, b, 0), (-1, s, t1)], a, s, 1, 0, f["sa"])
    ins += redc_sum_store(n, [(1, s, t2), (-1, s, t0), (-1, s, t1)], a, s, 1, n, f["sa"])
    return ins


def gen_sqr(n):
    f = off(n)
    a, b, s = "{a}", "{b}", "{s}"
    ins = []
    # sa = a0 + a1; sb = a0 + (p - a1); the T2 words hold 2 a0
    ins.append(f"mov {{c}}, {m(s, 0)}")
    ins += add_to(n, a, 0, a, n, s, f["sa"])
    ins += chain(n, "mov", "mov", lambda j: f"{{t{j}}}, {m('{c}', j)}")
    ins += chain(n, "sub", "sbb", lambda j: f"{{t{j}}}, {m(a, n + j)}")
    ins += chain(n, "add", "adc", lambda j: f"{{t{j}}}, {m(a, j)}")
    ins += chain(n, "mov", "mov", lambda j: f"{m(s, f['sb'] + j)}, {{t{j}}}")
    ins += chain(n, "mov", "mov", lambda j: f"{{t{j}}}, {m(a, j)}")
    ins += chain(n, "add", "adc", lambda j: f"{{t{j}}}, {{t{j}}}")
    ins += chain(n, "mov", "mov", lambda j: f"{m(s, f['t2'] + j)}, {{t{j}}}")
    ins += wide(n, s, f["sa"], s, f["sb"], s, f["t0"])
    ins += wide(n, s, f["t2"], a, n, s, f["t1"])
    ins.append(f"mov {a}, {m(s, 0)}")
    ins.append(f"mov {b}, {m(s, 1)}")
    ins += redc_store(n, s, f["t0"], a, b, 0, f["sa"])
    ins += redc_store(n, s, f["t1"], a, b, n, f["sa"])
    return ins


def off4(n):
    """Frame of `fp4_sqr_N`: [0] &mc, [1] &out (4N words), [2] &k (2p^2, 4p^2, 5p^2: 2N words
    each), then z = x + y mod p (2N words, written by the caller), the operand scratch sa, sb,
    dd (N each) and the six 2N-word squares X0, X1, Y0, Y1, S0, S1."""
    z = 3
    sa = z + 2 * n
    sb = sa + n
    dd = sb + n
    x0 = dd + n
    d = dict(z=z, sa=sa, sb=sb, dd=dd)
    for k, name in enumerate(["x0", "x1", "y0", "y1", "s0", "s1"]):
        d[name] = x0 + 2 * n * k
    d["size"] = x0 + 12 * n
    return d


def sqr_wide(n, src, so, f, o0, o1):
    """Unreduced complex square of the canonical [src + so] (c0 || c1): o0 = (c0 + c1)(c0 + p - c1)
    (< 2.25 p^2), o1 = (2 c0) c1 (< 2 p^2), 2N words each, at frame offsets o0, o1."""
    s = "{s}"
    ins = [f"mov {{c}}, {m(s, 0)}"]
    ins += add_to(n, src, so, src, so + n, s, f["sa"])
    ins += chain(n, "mov", "mov", lambda j: f"{{t{j}}}, {m('{c}', j)}")
    ins += chain(n, "sub", "sbb", lambda j: f"{{t{j}}}, {m(src, so + n + j)}")
    ins += chain(n, "add", "adc", lambda j: f"{{t{j}}}, {m(src, so + j)}")
    ins += chain(n, "mov", "mov", lambda j: f"{m(s, f['sb'] + j)}, {{t{j}}}")
    ins += chain(n, "mov", "mov", lambda j: f"{{t{j}}}, {m(src, so + j)}")
    ins += chain(n, "add", "adc", lambda j: f"{{t{j}}}, {{t{j}}}")
    ins += chain(n, "mov", "mov", lambda j: f"{m(s, f['dd'] + j)}, {{t{j}}}")
    ins += wide(n, s, f["sa"], s, f["sb"], s, o0)
    ins += wide(n, s, f["dd"], src, so + n, s, o1)
    return ins


def gen_fp4_sqr(n):
    """(x + y s)^2 in F_{p^4} = F_{p^2}[s]/(s^2 - xi), xi = 1 + i, with lazy reduction: the three
    complex squares X = x^2, Y = y^2, S = (x + y)^2 stay unreduced (2N words per coordinate),
    c0 = X + xi Y = (X0 + Y0 - Y1) + (X1 + Y0 + Y1) i and c1 = 2xy = S - X - Y are formed on the
    2N-word integers with multiples of p^2 added so that nothing goes negative, then four
    REDCs. Bounds (canonical x, y, z = x + y mod p): X0, Y0, S0 < 2.25 p^2, X1, Y1, S1 < 2 p^2;
    c0.re = X0 + Y0 + 2p^2 - Y1 < 6.5 p^2, c0.im = X1 + Y0 + Y1 < 6.25 p^2,
    c1.re = S0 + 5p^2 - X0 - Y0 < 7.25 p^2, c1.im = S1 + 4p^2 - X1 - Y1 < 6 p^2, each >= 0
    (intermediate sums may wrap modulo 2^{128N}) and < 8 p^2 <= p R when 8p <= R (bls12-381: R/p > 9.8), so each REDC
    returns < 2p and one conditional subtraction makes it canonical. 6 products, 4 reductions
    (the three separate complex squarings: 6 and 6). Each coordinate is one `redc_sum_store`: the
    sum in registers, reduced without a round trip through the frame."""
    f = off4(n)
    a, b, s = "{a}", "{b}", "{s}"
    ins = sqr_wide(n, a, 0, f, f["x0"], f["x1"])
    ins += sqr_wide(n, b, 0, f, f["y0"], f["y1"])
    ins += sqr_wide(n, s, f["z"], f, f["s0"], f["s1"])
    ins.append(f"mov {a}, {m(s, 0)}")
    ins.append(f"mov {b}, {m(s, 2)}")  # b = &k: 2p^2 at 0, 4p^2 at 2N, 5p^2 at 4N
    x0, x1, y0, y1, s0, s1 = (f[k] for k in ("x0", "x1", "y0", "y1", "s0", "s1"))
    coords = [
        [(1, s, x0), (1, s, y0), (1, b, 0), (-1, s, y1)],  # c0.re = X0 + Y0 + 2p^2 - Y1
        [(1, s, x1), (1, s, y0), (1, s, y1)],  # c0.im = X1 + Y0 + Y1
        [(1, s, s0), (1, b, 4 * n), (-1, s, x0), (-1, s, y0)],  # c1.re = S0 + 5p^2 - X0 - Y0
        [(1, s, s1), (1, b, 2 * n), (-1, s, x1), (-1, s, y1)],  # c1.im = S1 + 4p^2 - X1 - Y1
    ]
    for k, terms in enumerate(coords):
        ins += redc_sum_store(n, terms, a, s, 1, k * n, f["sa"])
    return ins


def emit_fp4(n):
    f = off4(n)
    return f"""
/// (x + y s)^2 in F_{{p^4}} = F_{{p^2}}[s]/(s^2 - (1 + i)) with lazy reduction (see
/// `gen/x86_64_fp2_gen.py`, `gen_fp4_sqr`), N = {n}: x, y point to canonical c0 || c1 ({2 * n}
/// words each); the canonical (x^2 + (1 + i) y^2) || 2xy ({4 * n} words) is written to the
/// address in `s[1]`.
///
/// # Safety
/// The CPU must support BMI2 and ADX; 8p <= 2^{{64 * {n}}}; `s` points to `FRAME4_{n}` = {f["size"]}
/// writable words: s[0] the address of mc (p words then -p^{{-1}} mod 2^64), s[1] that of {4 * n}
/// writable words (not overlapping x, y), s[2] that of 2p^2, 4p^2, 5p^2 ({2 * n} words each),
/// s[3..{3 + 2 * n}] the canonical x + y.
#[inline(always)]
pub unsafe fn fp4_sqr_{n}(a: *const u64, b: *const u64, s: *mut u64) {{
    asm!(
{body(gen_fp4_sqr(n))}
{operands(n, True)}    );
}}
"""


def emit(name, n, ins, with_b, doc):
    f = off(n)
    sig_b = "b: *const u64, " if with_b else ""
    return f"""
/// {doc}, N = {n}: operands c0 || c1 (< p); the canonical result c0 || c1 is written to the
/// address in `s[1]`.
///
/// # Safety
/// The CPU must support BMI2 and ADX; 4p < 2^{64 * n}; the operands point to {2 * n} readable
/// words each, `s` to `FRAME_{n}` = {f["size"]} writable words whose first holds the address of
/// mc = p words then -p^{{-1}} mod 2^64 ({n + 1} words), whose second that of {2 * n} writable
/// words (the result; it may not overlap the operands) and, for the product, whose third that of
/// p^2 ({2 * n} words).
#[inline(always)]
pub unsafe fn {name}_{n}(a: *const u64, {sig_b}s: *mut u64) {{
    asm!(
{body(ins)}
{operands(n, with_b)}    );
}}
"""


HEADER = """\
// @generated by gen/x86_64_fp2_gen.py (`make asm`); do not edit by hand.
//! Whole F_{p^2} products and squarings with lazy reduction in one MULX/ADX block each (see
//! `gen/x86_64_fp2_gen.py` for the formulas, the bounds and the frame layout). Callers must have
//! checked BMI2 and ADX and 4p < R (`super::x86_64::lazy_ok`).
#![allow(clippy::too_many_lines)]

use core::arch::asm;

/// Scratch frame length (u64 words) for N = 4.
pub const FRAME_4: usize = {f4};
/// Scratch frame length (u64 words) for N = 6.
pub const FRAME_6: usize = {f6};
/// Scratch frame length (u64 words) of `fp4_sqr_6`.
pub const FRAME4_6: usize = {g6};
"""

if __name__ == "__main__":
    out = [
        HEADER.replace("{f4}", str(off(4)["size"]))
        .replace("{f6}", str(off(6)["size"]))
        .replace("{g6}", str(off4(6)["size"]))
    ]
    for n in (4, 6):
        out.append(emit("fp2_mul", n, gen_mul(n), True, "(a0 + a1 i)(b0 + b1 i) by Karatsuba with lazy reduction"))
        out.append(emit("fp2_sqr", n, gen_sqr(n), False, "(a0 + a1 i)^2 by complex squaring with lazy reduction"))
    # F_{p^4} squaring for xi = 1 + i and 8p <= R: bls12-381 (N = 6) only
    out.append(emit_fp4(6))
    print("".join(out), end="")
