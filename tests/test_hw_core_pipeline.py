"""Pipeline stages from a target clock (CoreConfig.target_mhz, hw/core/pipeline.py): the model, the stages in
the RTL and the schedule, whole pairings bit-exact in the simulators, the logic depth per stage, the CLI."""

from __future__ import annotations

import dataclasses
import json
import math
import shutil

import pytest

from pairkit.errors import FileAccessError
from pairkit.hw.core import depth, flow, instances, interp, pipeline
from pairkit.hw.core.errors import CoreError, CoreMismatchError
from pairkit.hw.core.pipeline import Pipeline

#: one toy core per family: binary Tate (alg. 1), characteristic 3 (Duursma-Lee), F_{2^4m} Alg. 10 with its
#: tables, eta_T on seed 003's DMOCI (unlatched, forwarded operands)
FAMILIES = ("toy-ss2-11-alg1", "toy-ss3-13-dl", "toy-ss2-13-alg10", "toy-ss2-17-eta-t-dmoci")


def _target(stages: int, p: int = 2) -> float:
    """A target clock for which the model adds ``stages`` stages to a core of characteristic p (the lowest
    on a 1-MHz grid)."""
    for f in range(1, math.floor(pipeline.max_mhz()) + 1):
        if pipeline.derive(float(f), p).stages == stages:
            return float(f)
    raise AssertionError(f"no target gives {stages} stages")


ALL = max(_target(3, 2), _target(3, 3))  # every stage on in both characteristics


def _cfg(name: str, mhz: float | None):
    return dataclasses.replace(instances.get(name), target_mhz=mhz)


def test_model_mapping_is_monotone_and_ordered():
    assert pipeline.derive(None) == Pipeline()
    assert pipeline.derive(1.0) == Pipeline() and pipeline.derive(1.0, 3) == Pipeline()
    for p in (2, 3):
        seen = []
        for f in range(1, math.floor(pipeline.max_mhz()) + 1):
            pl = pipeline.derive(float(f), p)
            seen.append(pl.stages)
            # the model's order: operand registers, then split multiplexers, then output registers
            assert (not pl.mux_regs or pl.operand_regs) and (not pl.output_regs or pl.mux_regs)
        assert seen == sorted(seen) and seen[-1] == 3
    assert set(seen) == {0, 1, 2, 3}  # characteristic 3: each stage has its own range of targets
    assert pipeline.level_budget(100.0) == math.floor(1000 / (100 * pipeline.NS_PER_LEVEL))
    assert _cfg("toy-ss3-13-dl", _target(1, 3)).pipeline == Pipeline(operand_regs=True)


@pytest.mark.parametrize("bad", [0, -5, 0.0001, 1e6, float("nan"), float("inf"), True, "100"])
def test_bad_target_is_a_typed_error(bad):
    with pytest.raises(CoreError, match="target_mhz"):
        pipeline.check_target(bad)
    with pytest.raises(CoreError, match="target_mhz"):
        _cfg("toy-ss2-11-alg1", bad)


def test_scheduler_sees_the_stages_and_cycles_grow():
    plain = _cfg("toy-ss2-11-alg1", None)
    piped = _cfg("toy-ss2-11-alg1", ALL)
    assert piped.pipeline.stages == 3
    for u in plain.units:
        assert piped.latency(u.op) == plain.latency(u.op) + 3
        assert piped.window(u.op) == plain.window(u.op)  # the held operands' window is the unit's own
    _, mc0 = flow.compiled(plain)
    _, mc1 = flow.compiled(piped)
    assert {k: c + 3 for k, (_, _, c) in mc0.units.items()} == {k: c for k, (_, _, c) in mc1.units.items()}
    assert mc1.cycles() > mc0.cycles() and mc1.info["pipeline"]["stages"] == 3
    assert "pipeline: split multiplexer and operand and output registers" in mc1.listing(0)
    assert "pipeline" not in mc0.listing(0)


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=pytest.mark.slow) if n.startswith("toy-ss3") else n for n in FAMILIES]
)
def test_every_stage_bit_exact_in_the_interpreter_and_amaranth(name):
    p = 3 if name.startswith("toy-ss3") else 2
    for k in (1, 2, 3) if p == 3 else (2, 3):  # binary: operand registers and split multiplexers come together
        r = flow.simulate(_cfg(name, _target(k, p)), n=1, seed=7, engine="amaranth")
        assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] > 0


def test_schedule_that_ignored_the_stages_would_fail():
    """The RTL's stages are real delays: the unpipelined core's micro-code on an RTL built with every stage
    writes results before they arrive, and the simulation disagrees with the interpreter (so a scheduler
    that did not see the stages fails the bit-exact tests)."""
    from pairkit.hw.core.rtl import PairingCore
    from pairkit.hw.core.sim import run_amaranth

    c = flow.compile_core(_cfg("toy-ss2-11-alg1", None))
    mc = dataclasses.replace(c.mc, info={**c.mc.info, "pipeline": pipeline.derive(ALL).as_dict()})
    core = PairingCore(mc, c.set_id, c.unit_params)
    pairs = flow.random_pairs(c.spec, 1, 3)
    want = interp.run(c.mc, c.spec, c.alg, *pairs[0]).output
    try:
        got = run_amaranth(core, c.spec, c.alg, pairs)[0].output
    except CoreMismatchError:
        return
    assert got != want


@pytest.mark.slow
def test_generated_verilog_has_the_stage_registers(tmp_path):
    from pairkit.hw.core.export import generate

    man = generate(_cfg("toy-ss2-11-alg1", ALL), str(tmp_path / "p"), n=1)
    v = (tmp_path / "p" / f"{man['core']}.v").read_text()
    names = [ln for ln in v.split("\n") if "reg " in ln or "wire " in ln]
    assert any("_a_q" in ln for ln in names) and any("_a_g0" in ln for ln in names)
    assert any("_start_m" in ln for ln in names) and any("_start_q" in ln for ln in names)
    core_json = json.loads((tmp_path / "p" / "core.json").read_text())
    assert core_json["pipeline"]["stages"] == 3 and core_json["target_mhz"] == ALL
    assert "operand registers: yes" in (tmp_path / "p" / "README.md").read_text()
    man0 = generate("toy-ss2-11-alg1", str(tmp_path / "n"), n=1)
    v0 = (tmp_path / "n" / f"{man0['core']}.v").read_text()
    assert "_start_q" not in v0 and "_g0" not in v0 and man0["cycles"] < man["cycles"]


@pytest.mark.slow
@pytest.mark.parametrize("name", FAMILIES)
def test_pipelined_toy_cores_bit_exact_in_verilator(name):
    """Every stage on, one toy core per family, Verilator: the GT element, the accumulator at every loop
    boundary (and the probes inside passes), the cycle count, the Rust core."""
    if shutil.which("verilator") is None:
        pytest.fail("verilator not found (apt-get install verilator)")
    r = flow.simulate(_cfg(name, ALL), n=1, seed=5, engine="verilator")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] > 0


@pytest.mark.slow
def test_depth_per_stage_after_synthesis():
    """synth_ecp5 of the toy core without and with every stage: the split multiplexers' and operand
    registers' stages appear, and the longest path shortens."""
    plain = depth.measure(flow.compile_core(_cfg("toy-ss2-11-alg1", None)))
    piped = depth.measure(flow.compile_core(_cfg("toy-ss2-11-alg1", ALL)))
    assert plain["stages"]["muxes"] == 0 and piped["stages"]["muxes"] > 0
    assert piped["stages"]["operands"] > 0 and piped["ff"] > plain["ff"]
    assert piped["depth"] < plain["depth"]
    assert set(piped["stages"]) == set(depth.STAGES) and piped["depth"] == max(piped["stages"].values())


def test_cli_target_on_sim_and_gen(tmp_path):
    from typer.testing import CliRunner

    from pairkit.cli.hw_core import app

    r = CliRunner().invoke(app, ["sim", "toy-ss2-11-alg1", "-n", "1", "--engine", "interp", "--target-mhz", str(ALL)])
    assert r.exit_code == 0, r.output
    assert "operand registers yes" in r.output and "+3 cycles per operation" in r.output
    r = CliRunner().invoke(app, ["sim", "toy-ss2-11-alg1", "-n", "1", "--engine", "interp", "--target-mhz", "0"])
    assert isinstance(r.exception, CoreError)
    r = CliRunner().invoke(app, ["gen", "toy-ss2-11-alg1", "-o", str(tmp_path / "g"), "-n", "1", "--target-mhz", "50"])
    assert r.exit_code == 0, r.output
    man = json.loads(next((tmp_path / "g").glob("core.json")).read_text())
    assert man["target_mhz"] == 50 and man["pipeline"] == pipeline.derive(50.0).as_dict()


def test_timing_table_command(tmp_path):
    from typer.testing import CliRunner

    from pairkit.cli.hw_core import app
    from pairkit.reports import hw_timing

    doc = tmp_path / "doc.md"
    doc.write_text(f"before\n{hw_timing.BEGIN}\nold\n{hw_timing.END}\nafter\n")
    r = CliRunner().invoke(
        app,
        ["report", "--core", "toy-ss2-11-alg1", "--target-mhz", str(ALL), "--no-synth", "--out", str(doc)],
    )
    assert r.exit_code == 0, r.output
    text = doc.read_text()
    assert "old" not in text and text.startswith("before\n") and text.endswith(f"{hw_timing.END}\nafter\n")
    assert "| toy-ss2-11-alg1 (ss2-11/tate-alg1) | - |" in text and "split" not in text.split("|")[0]
    assert f"--target-mhz {ALL:g}" in text and "mux + operand + output" in text
    r = CliRunner().invoke(app, ["report", "--target-mhz", "100", "--no-synth"])
    assert isinstance(r.exception, CoreError)


def test_timing_table_with_place_and_route_columns(tmp_path):
    """The --pnr table: Fmax with its steering clock and latency = cycles / Fmax, into its own block."""
    from pairkit.reports import hw_timing

    row = {
        "core": "c",
        "set": "ss2-11",
        "alg": "tate-alg1",
        "target_mhz": 150.0,
        "level_budget": 4,
        "pipeline": pipeline.derive(150.0).as_dict(),
        "cycles": 1500,
        "ecp5": {"lut": 1, "ff": 2, "depth": 5, "stages": {}, "pnr": {"fmax_mhz": 100.0, "freq": 150.0}},
    }
    text = hw_timing.render_markdown([row, {**row, "ecp5": {**row["ecp5"], "pnr": None}}], "cmd", "2026-11-28")
    assert "| 100.0 (at 150) | 15.0 |" in text and text.rstrip().endswith("| - | - |")
    doc = tmp_path / "d.md"
    doc.write_text(f"{hw_timing.begin(hw_timing.BLOCK_PNR)}\nx\n{hw_timing.end(hw_timing.BLOCK_PNR)}\n")
    hw_timing.update_file(str(doc), text, hw_timing.BLOCK_PNR)
    assert "(at 150)" in doc.read_text() and "\nx\n" not in doc.read_text()
    with pytest.raises(FileAccessError, match="no block"):
        hw_timing.update_file(str(doc), text)  # the plain table's block is not there
