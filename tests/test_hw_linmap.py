"""pairkit.hw derivations: XOR networks from the polynomial (seed 003's 738 / 611 counts), the
Toeplitz form of seed 003, the split formulas, the inverters' addition chains."""

import pytest

from pairkit.hw.units import linmap as L
from pairkit.hw.units.gf2 import it_program, run_program
from pairkit.hw.units.tmvp import sym_split, toeplitz_of
from pairkit.spec.binary.gf2m import GF2m
from pairkit.spec.char3.gf3m import GF3m


def test_seed003_xor_counts_for_1223():
    sq = L.sqr_map(1223, (255,))
    rt = L.sqrt_map(1223, (255,), "seed003")
    assert (L.xor_count(sq), L.xor_depth(sq)) == (738, 2)  # seed 003 section 2
    assert (L.xor_count(rt), L.xor_depth(rt)) == (611, 1)
    assert L.sqrt_x_sparse(1223, (255,)) == (612, 128)  # sqrt(x) = x^612 + x^128
    assert rt == L.sqrt_map(1223, (255,), "matrix")


@pytest.mark.parametrize("m,taps", [(7, (1,)), (13, (4, 3, 1)), (239, (36,)), (283, (12, 7, 5)), (1223, (255,))])
def test_linear_maps_equal_the_spec(m, taps, rng):
    F = GF2m(m, taps)
    sq, sr = L.sqr_map(m, taps), L.sqrt_map(m, taps, "matrix")
    for _ in range(5):
        a = rng.getrandbits(m)
        assert L.apply_rows(sq, a) == F.sqr(a)
        assert L.apply_rows(sr, a) == F.sqrt(a)
        for i in (1, 5, 16):
            assert L.apply_rows(L.xi_mod(m, taps, i), a) == F.mul(a, F.reduce(1 << i))
        big = rng.getrandbits(m + 31)
        assert L.apply_rows(L.reduce_map(m + 31, m, taps), big) == F.reduce(big)


def test_ternary_maps(rng):
    F = GF3m(97, 16)
    cube = L.ter_map_from_spec(F, F.cube, 97)
    cbrt = L.ter_map_from_spec(F, F.cbrt, 97)
    assert L.ter_adds(cbrt) == 96  # seed 001 Table 1: (m - 1) F3A for the cube root
    assert L.ter_adds(cube) <= 2 * 97  # Table 1: 2m F3A for the cube
    # pairs of signed digits that recur (up to sign) are added once: 91 / 96 F3A instead of 96 / 106
    assert len(L.ter_plan(cbrt)[0]) == 91 and len(L.ter_plan(cube)[0]) == 96
    for _ in range(5):
        a = F.random(rng)
        for rows, fn in ((cube, F.cube), (cbrt, F.cbrt)):
            lo = hi = 0
            for j, (p, q) in enumerate(rows):
                d = sum(((a[0] >> i) & 1) + 2 * ((a[1] >> i) & 1) for i in range(97) if p >> i & 1)
                d -= sum(((a[0] >> i) & 1) + 2 * ((a[1] >> i) & 1) for i in range(97) if q >> i & 1)
                d %= 3
                lo |= (d == 1) << j
                hi |= (d == 2) << j
            assert (lo, hi) == fn(a)


@pytest.mark.parametrize("m,k", [(7, 1), (11, 2), (17, 3), (239, 36), (1223, 255)])
def test_toeplitz_form_is_the_product(m, k, rng):
    """Seed 003 section 3.1: C' = T_A B with T_A Toeplitz; C is C' with the blocks swapped."""
    F = GF2m(m, (k,))
    t = toeplitz_of(m, k)
    for _ in range(3):
        a, b = rng.getrandbits(m), rng.getrandbits(m)
        tv = [bin(msk & a).count("1") & 1 for msk in t]
        cp = 0
        for r in range(m):
            s = 0
            for i in range(m):
                if b >> i & 1:
                    s ^= tv[r - i + m - 1]
            cp |= s << r
        c = sum(((cp >> ((j - k) % m)) & 1) << j for j in range(m))
        assert c == F.mul(a, b)


@pytest.mark.parametrize("n,splits,leaves", [(12, (2, 2), 9), (12, (3,), 6), (18, (3, 2), 18), (1224, (2, 2), 9)])
def test_symbolic_splits(n, splits, leaves, rng):
    lv, blocks = sym_split(frozenset([0]), frozenset([0]), n, splits)
    assert len(lv) == leaves
    s = n
    for q in splits:
        s //= q
    t = [rng.getrandbits(1) for _ in range(2 * n - 1)]
    v = [rng.getrandbits(1) for _ in range(n)]
    want = [sum(t[r - i + n - 1] & v[i] for i in range(n)) & 1 for r in range(n)]

    def tmv(tt, vv, size):
        return [sum(tt[r - i + size - 1] & vv[i] for i in range(size)) & 1 for r in range(size)]

    P = []
    for toffs, voffs in lv:
        tt = [0] * (2 * s - 1)
        vv = [0] * s
        for o in toffs:
            tt = [x ^ t[o + j] for j, x in enumerate(tt)]
        for o in voffs:
            vv = [x ^ (v[o + j] if o + j < n else 0) for j, x in enumerate(vv)]
        P.append(tmv(tt, vv, s))
    got = []
    for b in blocks:
        blk = [0] * s
        for j in b:
            blk = [x ^ y for x, y in zip(blk, P[j])]
        got += blk
    assert got == want


@pytest.mark.parametrize("m,taps", [(7, (1,)), (13, (4, 3, 1)), (239, (36,)), (283, (12, 7, 5))])
def test_itoh_tsujii_eq7_program(m, taps, rng):
    F = GF2m(m, taps)
    prog = it_program(m, "eq7")
    n = m - 1
    muls = sum(1 for i in prog if i[0] == "mul")
    assert muls == n.bit_length() - 1 + bin(n).count("1") - 1  # seed 000 Eq. 7
    assert sum(i[3] for i in prog if i[0] == "sqr") == m - 1
    for _ in range(3):
        a = rng.getrandbits(m) or 1
        assert F.mul(run_program(F, prog, a), a) == 1


def test_itoh_tsujii_alg4_program(rng):
    F = GF2m(1223, (255,))
    prog = it_program(1223, "alg4")
    assert sum(1 for i in prog if i[0] == "mul") == 14  # seed 003 A.3: 14 Mul, 1222 Squ
    assert sum(i[3] for i in prog if i[0] == "sqr") == 1222
    a = rng.getrandbits(1223)
    assert run_program(F, prog, a) == F.inv(a)


def test_ter_plan_evaluates_to_the_map(rng):
    """The shared F3A network (ter_plan) digit by digit against the map, and the sum-of-products F_3
    adder against the 6-operation one on the valid digits."""
    F = GF3m(97, 16)
    for fn in (F.cube, F.cbrt):
        adds, R = L.ter_plan(L.ter_map_from_spec(F, fn, 97))
        for _ in range(3):
            a = F.random(rng)
            val = [((a[0] >> i) & 1) + 2 * ((a[1] >> i) & 1) for i in range(97)]
            for (i, s), (j, t) in adds:
                val.append((val[i] * (-1) ** s + val[j] * (-1) ** t) % 3)
            out = [(val[r[0][0]] * (-1) ** r[0][1]) % 3 if r else 0 for r in R]
            c = fn(a)
            assert out == [((c[0] >> j) & 1) + 2 * ((c[1] >> j) & 1) for j in range(97)]
    digits = [(0, 0), (1, 0), (0, 1)]
    for a in digits:
        for b in digits:
            assert tuple(x & 1 for x in L.t3_add_planes(*a, *b)) == L.t3_add(*a, *b)
