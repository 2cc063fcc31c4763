"""Karatsuba multiplication in the ALU's datapath (seed 002 section 5.3, its future work).

Karatsuba-Ofman (1962; Knuth TAOCP vol. 2, 4.3.3 A; HAC 14.2.2 note 14.15): an a-limb by b-limb
product is split at h = ceil(max(a, b) / 2) limbs, X = 2^(W h):

    x = x1 X + x0,  y = y1 X + y0
    z0 = x0 y0,  z2 = x1 y1,  zm = (x0 + x1)(y0 + y1),  z1 = zm - z0 - z2
    x y = z2 X^2 + z1 X + z0

one level per call, ``levels`` levels deep (the three sub-products split again).  The sub-products
are the long multiplication of the ALU (alu.py ``mult``: the P PPGs, P limbs of one operand loaded,
the other streamed).

Datapath assumptions (docs/PROC.md "Montgomery and Karatsuba"):
  * the sums x0 + x1 and y0 + y1 are formed by an adder in front of each PPG operand as the limbs
    stream in (least significant first, a carry flip-flop; the DSP48E1's pre-adder on Virtex-6), so
    they cost no pass; each level widens the top limb of a sum by one bit, so the PPGs multiply
    (W + levels)-bit operands (W = 16: 17 x 17 at one level fits a MULT18X18D or a DSP48E1's
    25 x 18 signed port; 18 x 18 at two levels fits a MULT18X18D only);
  * z0 and z2 are written side by side (their concatenation is z0 + z2 X^2: addressing), zm apart;
    then two passes of the multi-purpose adder (Table 1's X +- Y +- Z): D = zm - z0 - z2 over 2h + 1
    limbs, and the result's limbs h .. a + b - 1 += D (a + b - h limbs, in place).

Cycles:  kmult(a, b, L) = mult(a, b)                                   if L = 0 or min(a, b) <= h
                        = 2 kmult(h, h, L-1) + kmult(a-h, b-h, L-1) + pass(2h+1) + pass(a+b-h)
"""

from __future__ import annotations

from collections.abc import Callable


def _split(a: int, b: int) -> int:
    return -(-max(a, b) // 2)


def cycles(a: int, b: int, levels: int, mult: Callable[[int, int], int], pass_: Callable[[int], int]) -> int:
    """Cycles of an a x b limb product by ``levels`` levels of Karatsuba over long multiplication."""
    h = _split(a, b)
    if levels == 0 or min(a, b) <= h:
        return mult(a, b)
    sub = cycles(h, h, levels - 1, mult, pass_)
    return 2 * sub + cycles(a - h, b - h, levels - 1, mult, pass_) + pass_(2 * h + 1) + pass_(a + b - h)


def product(x: int, y: int, a: int, b: int, levels: int, W: int) -> int:
    """x y (x of a limbs, y of b limbs of W bits) computed along the Karatsuba recursion."""
    h = _split(a, b)
    if levels == 0 or min(a, b) <= h:
        return x * y
    s = W * h
    mask = (1 << s) - 1
    x0, x1, y0, y1 = x & mask, x >> s, y & mask, y >> s
    z0 = product(x0, y0, h, h, levels - 1, W)
    z2 = product(x1, y1, a - h, b - h, levels - 1, W)
    zm = product(x0 + x1, y0 + y1, h, h, levels - 1, W)  # h limbs, the top one W + 1 bits wider per level
    z1 = zm - z0 - z2
    if z1 < 0 or z1 >> (W * (2 * h + 1)):
        raise AssertionError("Karatsuba middle term out of its 2h + 1 limbs")  # pragma: no cover (a model bug)
    return z0 + (z1 << s) + (z2 << (2 * s))
