"""pairkit.hw.core: the multiplexer-minimising binding (binding="mux", binding.py) and the per-part area
breakdown (breakdown.py, the hierarchical build of rtl.PairingCore)."""
from __future__ import annotations

import dataclasses

import pytest

from pairkit.hw.core import breakdown, codegen, flow, instances, interp, rtl
from pairkit.hw.core.errors import CoreError


def _inputs(mc) -> int:
    L = rtl.Layout(mc)
    return sum(len(s) for s in L.op_src.values()) + sum(len(s) for s in L.reg_src.values())


@pytest.mark.slow
@pytest.mark.parametrize("name", ["toy-ss2-13-ca-eta2", "toy-ss3-13-dl", "toy-ss2-13-alg10"])
def test_mux_binding_is_bit_exact_and_smaller(name):
    """Same schedule (cycles, registers), fewer multiplexer inputs, and the RTL still computes the
    pairing (Amaranth, every loop boundary) -- signs (ss3), tables (alg10) and compound units included."""
    base = instances.get(name)
    cfg = dataclasses.replace(base, binding="mux")
    mc0, mc = codegen.compile_core(base), codegen.compile_core(cfg)
    assert mc.cycles() == mc0.cycles() and mc.n_regs <= mc0.n_regs
    assert _inputs(mc) < _inputs(mc0)
    r = flow.simulate(cfg, n=2, seed=9, engine="amaranth")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] == mc0.cycles()


@pytest.mark.slow
def test_paper_cores_use_the_mux_binding():
    for name in ("s000-ca-eta2-239-d16", "s000-ca-alg1-283-d32", "s000-ca-eta2-283-d16"):
        cfg, mc = flow.compiled(name)
        assert cfg.binding == "mux" and cfg.spare_regs == 4
        assert mc.cycles() <= cfg.paper["cycles"]
        P, Q = flow.random_pairs(cfg.set_id, 1, seed=4)[0]
        flow.rust_check(cfg, P, Q, interp.run(mc, cfg.set_id, cfg.alg, P, Q).output)


def test_bad_binding_is_refused():
    with pytest.raises(CoreError, match="binding"):
        dataclasses.replace(instances.get("toy-ss2-11-alg1"), binding="best")
    for bad in (-1, 17, 2.5, True):
        with pytest.raises(CoreError, match="spare_regs"):
            dataclasses.replace(instances.get("toy-ss2-11-alg1"), binding="mux", spare_regs=bad)
    with pytest.raises(CoreError, match="spare_regs"):  # spare registers only with the search
        dataclasses.replace(instances.get("toy-ss2-11-alg1"), spare_regs=2)


def test_hierarchical_build_simulates_like_the_flat_one():
    from pairkit.hw.core.sim import run_amaranth

    cfg, mc = flow.compiled("toy-ss2-11-alg1")
    core = rtl.PairingCore(mc, cfg.set_id, flow.unit_params(cfg), hier=True)
    pairs = flow.random_pairs(cfg.set_id, 1, seed=2)
    got = run_amaranth(core, cfg.set_id, cfg.alg, pairs)[0]
    want = interp.run(mc, cfg.set_id, cfg.alg, *pairs[0])
    assert got.output == want.output and got.cycles == mc.cycles() + 1


def test_breakdown_rows_sum_to_the_whole_core():
    b = {"total": {"lut": 1000, "ff": 300}, "units": {"mul0": {"lut": 300, "ff": 100}, "add0": {"lut": 20, "ff": 10}},
         "glue_flat": {"lut": 600, "ff": 190},
         "glue_hier": {"operand multiplexers": {"lut": 400, "ff": 0},
                       "registers and write multiplexers": {"lut": 200, "ff": 180},
                       "controller and host read port": {"lut": 50, "ff": 10}},
         "registers": 4, "register_bits": 13, "op_inputs": {"mul0.0": 3, "add0.1": 1}, "reg_inputs": {"r0": 2}}
    rows = breakdown.parts(b)
    assert sum(r[2] for r in rows) == 1000 and sum(r[3] for r in rows) == 300
    assert dict((r[1], r[2]) for r in rows)["operand multiplexers"] == round(600 * 400 / 650)
    text = "\n".join(breakdown.table("s000-ca-x", b))
    assert "Multiplier 1 (`mul0`)" in text and "**1,000**" in text and "optimisation across" in text


def test_report_renders_breakdown_and_before(tmp_path):
    """The seed 000 goal row states the flow, the figures before the binding and the cause from the
    breakdown; the breakdowns are rendered under "Where the area goes" (cached figures, no synthesis)."""
    import json

    from pairkit.hw.core import report

    cfg = instances.get("s000-ca-eta2-239-d16")
    b = {"total": {"lut": 50000, "ff": 14000}, "units": {"sca0": {"lut": 24000, "ff": 2640}, "inv0": {"lut": 6000, "ff": 973}},
         "glue_flat": {"lut": 18000, "ff": 5000},
         "glue_hier": {"operand multiplexers": {"lut": 10000, "ff": 0},
                       "registers and write multiplexers": {"lut": 8000, "ff": 5000},
                       "controller and host read port": {"lut": 500, "ff": 20}},
         "registers": 22, "register_bits": 239, "op_inputs": {"sca0.0": 3}, "reg_inputs": {"r0": 2}}
    r = {"key": "x", "core": cfg.name, "set": cfg.set_id, "alg": cfg.alg, "units": cfg.mix_str(), "scheduler": "list",
         "summary": "", "paper": cfg.paper, "cycles": 2862, "miller_cycles": 2119, "final_exp_cycles": 743,
         "T_iter": 17, "T_pass": 34, "unroll": 2, "iterations": 120, "looped_iterations": 116, "registers": 22,
         "control_words": 924, "binding": "mux", "sim": {"engine": "verilator", "ok": True, "rtl_cycles": 2862},
         "xc2vp": {"lut": 50000, "ff": 14000, "flow": "-nowidelut"}, "breakdown": b,
         "breakdown_before": dict(b, binding="first-fit"),
         "before": {"binding": "first-fit", "xc2vp_lut": 60000, "xc2vp_lut_widelut": 79705, "ecp5_lut": 73689,
                    "registers": 18}}
    (tmp_path / f"{cfg.name}.json").write_text(json.dumps(r))
    (tmp_path / "_breakdown-units.json").write_text("{}")  # not a core
    text = "\n".join(report.section(str(tmp_path)))
    assert "`synth_xilinx -family xc2vp -nowidelut`" in text and "LUT4 missed (+2.3%)" in text
    assert "60,000 LUT4 in the same flow, 79,705 with Yosys's default wide-LUT mapping" in text
    assert "### Where the area goes" in text and "before, with the first-fit binding" in text
    assert "C·A unit (6 MSD multipliers, scheme 1)" in text and "cause (breakdown of `s000-ca-eta2-239-d16`" in text
