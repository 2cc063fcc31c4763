"""Montgomery multiplication in the ALU's datapath (seed 002 section 5.3, its future work).

Montgomery (1985): with R = 2^r > p, p odd, p' = -p^-1 mod 2^w, MonPro(a, b) = a b R^-1 mod p.  Two of
the word-level organisations of Koc, Acar and Kaliski, "Analyzing and comparing Montgomery
multiplication algorithms", IEEE Micro 16(3), 1996 (KAK96), with a "word" of the datapath:

* **CIOS** (KAK96 section 4, Coarsely Integrated Operand Scanning), used with the schoolbook
  product.  The word is a block of P limbs (W P bits: the P PPGs hold one block), n = ceil(k / P)
  blocks, R = 2^(W P n).  Per block j of b:
      t = t + a b_j                   one long-multiplication pass: b_j in the PPGs, a streamed,
                                      accumulating onto t (t <= 2p < 2^(N+1) before, t + a b_j
                                      < 2^(N+1+WP) after: km + P columns, km + P + d cycles)
      m = (t mod 2^(WP)) p' mod 2^(WP)   a P x P pass, p' (mod 2^(WP)) from the constant ROM in the
                                      PPGs, t's P low limbs streamed: 2 P + d cycles
      t = (t + m p) / 2^(WP)          a pass with m in the PPGs, p streamed, accumulating into t
                                      written P limbs lower (the division is addressing); t + m p
                                      < 2^(N+2+WP): kr + P columns, kr + P + d cycles
  with km = ceil((N + 1) / W), kr = ceil((N + 2) / W).  Then t <= 2 p - 1 (a, b < p < R; KAK96) and
  one conditional subtraction, ADD's two passes over the kr limbs of t: 2 pass(kr).
      MUL = n ((km + P + d) + (2 P + d) + (kr + P + d)) + 2 pass(kr)

* **SOS** (KAK96 section 3, Separated Operand Scanning), used with the Karatsuba product (the
  product must be whole before the reduction starts).  R = 2^(W k), p' = -p^-1 mod R:
      t = a b                         kmult(k, k)           (karatsuba.py)
      m = (t mod R) p' mod R          the low k limbs only: long multiplication whose pass j streams
                                      the k - jP limbs of t that reach the low k columns:
                                      sum_j (k - j P + P + d), j < ceil(k / P)
      s = m p                         kmult(k, k)
      u = t_hi + s_hi + [t_lo != 0]   t + m p = 0 mod R, so its low half is 0 or R: a carry, and
                                      one pass over the km high limbs: pass(km)
  then u < 2 p, the conditional subtraction 2 pass(km).

Both compute the same MonPro only when their R agree (P divides k); the ALU model uses one R per
configuration and converts in and out of the domain with it (alu.py).
"""

from __future__ import annotations

from collections.abc import Callable


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def cios_stages(k: int, P: int, d: int, km: int, kr: int, pass_: Callable[[int], int]) -> dict[str, int]:
    n = _ceil(k, P)
    return {"a*b_j": n * (km + P + d), "m_j": n * (2 * P + d), "m_j*p": n * (kr + P + d), "final": 2 * pass_(kr)}


def low_half_cycles(k: int, P: int, d: int) -> int:
    return sum(k - j * P + P + d for j in range(_ceil(k, P)))


def sos_stages(
    k: int, P: int, d: int, km: int, prod: Callable[[int, int], int], pass_: Callable[[int], int]
) -> dict[str, int]:
    return {
        "a*b": prod(k, k),
        "m": low_half_cycles(k, P, d),
        "m*p": prod(k, k),
        "add": pass_(km),
        "final": 2 * pass_(km),
    }


def cios(a: int, b: int, p: int, W: int, P: int, k: int, pinv_block: int) -> int:
    """MonPro(a, b) with R = 2^(W P ceil(k/P)), block by block (pinv_block = -p^-1 mod 2^(W P)); the
    passes' column counts (km + P, kr + P) are checked."""
    bw = W * P
    mask = (1 << bw) - 1
    N = p.bit_length()
    km, kr = _ceil(N + 1, W), _ceil(N + 2, W)
    t = 0
    for j in range(_ceil(k, P)):
        t += a * ((b >> (bw * j)) & mask)
        m = ((t & mask) * pinv_block) & mask
        if t >> (W * (km + P)) or (t + m * p) >> (W * (kr + P)):
            raise AssertionError("CIOS pass wider than its columns")  # pragma: no cover (a model bug)
        t = (t + m * p) >> bw
    if not 0 <= t < 2 * p:
        raise AssertionError("CIOS bound t < 2p violated")  # pragma: no cover (a model bug)
    return t - p if t >= p else t


def sos(a: int, b: int, p: int, W: int, k: int, pinv: int, prod: Callable[[int, int], int]) -> int:
    """MonPro(a, b) with R = 2^(W k): t = a b and s = m p by ``prod`` (x, y) -> x y."""
    r = W * k
    mask = (1 << r) - 1
    t = prod(a, b)
    m = ((t & mask) * pinv) & mask
    s = prod(m, p)
    u = (t >> r) + (s >> r) + (1 if t & mask else 0)
    if not 0 <= u < 2 * p or u << r != t + s:
        raise AssertionError("SOS reduction violated")  # pragma: no cover (a model bug)
    return u - p if u >= p else u
