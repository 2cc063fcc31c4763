"""Linear maps over F_2 and F_3 derived symbolically from the field polynomial, and their XOR
networks (seed 000 section 5.1.1, seed 003 section 2, seed 001 Table 1).

A GF(2) linear map with n_in inputs and n_out outputs is a list of ``rows``: row j is an int whose
bit i says that input bit i enters the XOR of output bit j. A GF(3) map has two masks per row
(``plus``, ``minus``): output digit j = sum of the plus digits - sum of the minus digits.

The XOR count of a GF(2) map is sum(weight(row) - 1) (no sharing between rows) and its depth
ceil(log2(max weight)) two-input XOR levels: for x^1223 + x^255 + 1 this gives 738 XORs / depth 2
for the squarer and 611 XORs / depth 1 for the square root, seed 003 section 2's counts.
"""

from __future__ import annotations

from amaranth.hdl import Cat, Const, Value

from pairkit.hw.errors import HwParamError

# ------------------------------------------------------------------ GF(2) symbolic polynomials


def sym_identity(n: int) -> list[int]:
    """The symbolic polynomial sum_i b_i x^i (coefficient i = the mask of input bit i)."""
    return [1 << i for i in range(n)]


def sym_reduce(vec: list[int], m: int, taps: tuple[int, ...]) -> list[int]:
    """Reduce a symbolic polynomial (list of masks by degree) modulo x^m + sum x^k + 1."""
    v = list(vec)
    for d in range(len(v) - 1, m - 1, -1):
        mask = v[d]
        if not mask:
            continue
        v[d] = 0
        base = d - m
        v[base] ^= mask
        for k in taps:
            v[base + k] ^= mask
    return (v + [0] * m)[:m]


def sym_shift(vec: list[int], k: int) -> list[int]:
    return [0] * k + list(vec)


def xi_mod(m: int, taps, i: int, n_in: int | None = None) -> list[int]:
    """Rows of b -> x^i b mod f."""
    return sym_reduce(sym_shift(sym_identity(n_in or m), i), m, taps)


def reduce_map(n_in: int, m: int, taps) -> list[int]:
    """Rows of the reduction of an n_in-bit polynomial to m bits."""
    return sym_reduce(sym_identity(n_in), m, taps)


def sqr_map(m: int, taps) -> list[int]:
    """Rows of a -> a^2 mod f (seed 000 section 5.1.1: a^2 = sum a_i x^{2i}, then reduce)."""
    vec = [0] * (2 * m - 1)
    for i in range(m):
        vec[2 * i] = 1 << i
    return sym_reduce(vec, m, taps)


def sqrt_x_sparse(m: int, taps) -> tuple[int, int]:
    """Seed 003 section 2: for f = x^m + x^k + 1 with k odd, x = x^{m+1} + x^{k+1}, so
    sqrt(x) = x^{(m+1)/2} + x^{(k+1)/2}. Returns the two exponents; raises where it fails."""
    if len(taps) != 1:
        raise HwParamError(
            "method",
            "the seed 003 square-root derivation needs a trinomial x^m + x^k + 1 "
            f"(got {len(taps) + 2} terms); use method=matrix for the dense map",
        )
    k = taps[0]
    if k % 2 == 0:
        raise HwParamError(
            "method",
            f"the seed 003 square-root derivation needs an odd middle exponent "
            f"(x^{m} + x^{k} + 1: k = {k} is even, sqrt(x) is dense); use method=matrix",
        )
    return (m + 1) // 2, (k + 1) // 2


def sqrt_map(m: int, taps, method: str = "seed003") -> list[int]:
    """Rows of a -> sqrt(a) = a_even(x) + sqrt(x) a_odd(x) (seed 003 section 2).

    ``seed003``: sqrt(x) = x^{(m+1)/2} + x^{(k+1)/2} for a trinomial with odd k (raises otherwise);
    ``matrix``: sqrt(x) = x^{2^{m-1}} from the field, dense in general (any polynomial).
    """
    n_even, n_odd = (m + 1) // 2, m // 2
    even = [1 << (2 * i) for i in range(n_even)]
    odd = [1 << (2 * i + 1) for i in range(n_odd)]
    if method == "seed003":
        e1, e2 = sqrt_x_sparse(m, taps)
        vec = [0] * (2 * m)
        for i, msk in enumerate(even):
            vec[i] ^= msk
        for e in (e1, e2):
            for i, msk in enumerate(odd):
                vec[i + e] ^= msk
        return sym_reduce(vec, m, taps)
    if method == "matrix":
        from pairkit.spec.binary.gf2m import GF2m

        sx = GF2m(m, tuple(taps)).sqrt_x
        vec = [0] * (2 * m)
        for i, msk in enumerate(even):
            vec[i] ^= msk
        for e in range(m):
            if sx >> e & 1:
                for i, msk in enumerate(odd):
                    vec[i + e] ^= msk
        return sym_reduce(vec, m, taps)
    raise HwParamError("method", f"unknown square-root method {method!r} (seed003 | matrix)")


def xor_count(rows: list[int]) -> int:
    """Two-input XOR gates without sharing: sum over rows of (weight - 1)."""
    return sum(max(bin(r).count("1") - 1, 0) for r in rows)


def xor_depth(rows: list[int]) -> int:
    """Levels of two-input XORs of the deepest row: ceil(log2(max weight))."""
    w = max((bin(r).count("1") for r in rows), default=1)
    return max(w - 1, 0).bit_length()


def apply_rows(rows: list[int], x: int) -> int:
    """Evaluate a GF(2) map on an int (bit i = input i): the software model of the network."""
    out = 0
    for j, r in enumerate(rows):
        if bin(r & x).count("1") & 1:
            out |= 1 << j
    return out


def emit_rows(rows: list[int], src: Value) -> Value:
    """The XOR network of ``rows`` on the bits of ``src`` (one XOR reduction per output bit)."""
    bits = []
    for r in rows:
        idx = [i for i in range(r.bit_length()) if r >> i & 1]
        if not idx:
            bits.append(Const(0, 1))
        elif len(idx) == 1:
            bits.append(src[idx[0]])
        else:
            bits.append(Cat(*(src[i] for i in idx)).xor())
    return Cat(*bits)


# ------------------------------------------------------------------ GF(3) signed maps on bit-planes


def t3_add(al, ah, bl, bh):
    """The 6-operation bit-sliced F_3 addition of pairkit.spec.char3.gf3m (works on Values or ints)."""
    t = (al | bh) ^ (ah | bl)
    return ((ah | bh) ^ t, (al | bl) ^ t)


def t3_add_planes(al, ah, bl, bh):
    """F_3 addition with each output plane its own sum of products (lo: 1 + 0, 0 + 1, 2 + 2; hi: 2 + 0,
    0 + 2, 1 + 1): equal to :func:`t3_add` on valid digits, but without the node ``t`` that both
    planes of the 6-operation form share -- a mapper that keeps such a node builds 3 LUT4 per F3A
    instead of 2 (one 4-input function per plane, seed 001's F3A)."""
    nb, na = ~(bl | bh), ~(al | ah)
    return (al & nb) | (bl & na) | (ah & bh), (ah & nb) | (bh & na) | (al & bl)


def t3_sum(terms, keep=None):
    """Balanced tree of t3_add over a list of (lo, hi) pairs. ``keep`` (an Amaranth Module): every
    adder's planes become kept nets -- each output bit a 4-input function, i.e. exactly one LUT4
    (seed 001's F3A = two LUTs), instead of leaving the grouping to the mapper."""
    terms = list(terms)
    if not terms:
        raise ValueError("empty sum")
    while len(terms) > 1:
        nxt = [t3_add(*terms[i], *terms[i + 1]) for i in range(0, len(terms) - 1, 2)]
        if keep is not None:
            nxt = [_keep(keep, lo, hi) for lo, hi in nxt]
        if len(terms) % 2:
            nxt.append(terms[-1])
        terms = nxt
    return terms[0]


_KEEP_N = [0]


def _keep(m, lo, hi):
    from amaranth.hdl import Signal

    _KEEP_N[0] += 1
    a = Signal(len(lo), name=f"f3a{_KEEP_N[0]}_lo", attrs={"keep": 1})
    b = Signal(len(hi), name=f"f3a{_KEEP_N[0]}_hi", attrs={"keep": 1})
    m.d.comb += [a.eq(lo), b.eq(hi)]
    return a, b


def ter_map_from_spec(F, fn, m: int) -> list[tuple[int, int]]:
    """Rows (plus, minus) of an F_3-linear map ``fn`` on GF(3^m), read off its images of x^i."""
    rows = [[0, 0] for _ in range(m)]
    for i in range(m):
        lo, hi = fn((1 << i, 0))
        for j in range(m):
            if lo >> j & 1:
                rows[j][0] |= 1 << i
            elif hi >> j & 1:
                rows[j][1] |= 1 << i
    return [(r[0], r[1]) for r in rows]


def ter_weight(rows) -> int:
    return max((bin(p).count("1") + bin(q).count("1") for p, q in rows), default=0)


def ter_adds(rows) -> int:
    """F_3 adders (F3A) of the map without sharing: sum over rows of (weight - 1)."""
    return sum(max(bin(p).count("1") + bin(q).count("1") - 1, 0) for p, q in rows)


def emit_ter_rows(rows, lo: Value, hi: Value, keep=None):
    """The F_3 adder network of a signed map on bit-planes: output digit j = sum of its terms.

    Terms are laid out column by column (term k of every row), so each layer is one vector
    addition of m digits; a missing term is the digit 0.
    """
    m_out = len(rows)
    cols: list[list[tuple | None]] = []  # cols[k][j] = (bit index, negate) or None
    for j, (p, q) in enumerate(rows):
        terms = [(i, False) for i in range(p.bit_length()) if p >> i & 1]
        terms += [(i, True) for i in range(q.bit_length()) if q >> i & 1]
        for k, t in enumerate(terms):
            while len(cols) <= k:
                cols.append([None] * m_out)
            cols[k][j] = t
    if not cols:
        return Const(0, m_out), Const(0, m_out)
    vecs = []
    for col in cols:
        vl, vh = [], []
        for ct in col:
            if ct is None:
                vl.append(Const(0, 1))
                vh.append(Const(0, 1))
            else:
                i, neg = ct
                a, b = (hi[i], lo[i]) if neg else (lo[i], hi[i])
                vl.append(a)
                vh.append(b)
        vecs.append((Cat(*vl), Cat(*vh)))
    return t3_sum(vecs, keep)


def ter_plan(rows) -> tuple[list, list]:
    """The F_3 adder network of a signed map with common pairs shared (seed 001 Table 1 counts the
    cube root as (m - 1) F3A without sharing; a pair of signed digits that recurs in several rows,
    up to a common sign, is added once).

    Terms are (index, negate); indices >= n_in name the sums of ``adds``. Returns (adds, row_terms):
    adds[k] = (term, term) is F3A number k (its result is term index n_in + k), row_terms[j] the terms
    of output digit j, summed left to right by further F3As (tracked in ``adds`` as well)."""
    from collections import Counter

    n_in = max((max(p.bit_length(), q.bit_length()) for p, q in rows), default=0)
    R = [
        [(i, False) for i in range(p.bit_length()) if p >> i & 1]
        + [(i, True) for i in range(q.bit_length()) if q >> i & 1]
        for p, q in rows
    ]
    adds: list = []

    def norm(x, y):  # a pair and its negation are the same F3A (negation swaps the planes: free)
        (i, s), (j, t) = sorted((x, y))
        return ((i, False), (j, s != t)), s

    while True:
        cnt = Counter(norm(r[a], r[b])[0] for r in R for a in range(len(r)) for b in range(a + 1, len(r)))
        best = [(c, k) for k, c in cnt.items() if c > 1]
        if not best:
            break
        _, key = max(best)
        new = n_in + len(adds)
        adds.append(key)
        for r in R:
            for a in range(len(r)):
                for b in range(a + 1, len(r)):
                    k, neg = norm(r[a], r[b])
                    if k == key:
                        rest = [x for z, x in enumerate(r) if z not in (a, b)]
                        r[:] = [(new, neg)] + rest
                        break
                else:
                    continue
                break
    for r in R:  # the remaining terms of each row, added in a chain
        while len(r) > 1:
            new = n_in + len(adds)
            (i, s), (j, t) = r[0], r[1]
            adds.append(((i, False), (j, s != t)))
            r[:] = [(new, s)] + r[2:]
    return adds, R


def emit_ter_plan(rows, lo: Value, hi: Value, m) -> tuple[Value, Value]:
    """:func:`ter_plan`'s network on bit-planes; every F3A's planes are kept nets (one LUT4 each)."""
    from amaranth.hdl import Signal

    adds, R = ter_plan(rows)
    sig = [(lo[i], hi[i]) for i in range(len(lo))]

    def term(i, neg):
        a, b = sig[i]
        return (b, a) if neg else (a, b)

    for k, (x, y) in enumerate(adds):
        sl, sh = t3_add_planes(*term(*x), *term(*y))
        a = Signal(name=f"f3a{k}_lo", attrs={"keep": 1})
        b = Signal(name=f"f3a{k}_hi", attrs={"keep": 1})
        m.d.comb += [a.eq(sl), b.eq(sh)]
        sig.append((a, b))
    out = [term(*r[0]) if r else (Const(0, 1), Const(0, 1)) for r in R]
    return Cat(*(o[0] for o in out)), Cat(*(o[1] for o in out))
