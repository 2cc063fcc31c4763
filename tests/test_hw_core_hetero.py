"""Heterogeneous units of one operation kind (seed 000 Fig. 5: Multiplier 1 at digit D1 beside Multiplier 2 at
D2 = D1/4): each instance scheduled, micro-coded and built with its own latency and parameters; the mixes the
schedulers cannot realise refused with a typed error."""

from __future__ import annotations

import dataclasses
import gc
import warnings

import pytest
from amaranth.hdl import UnusedElaboratable

from pairkit.dse import exact, listsched
from pairkit.dse import problem as dproblem
from pairkit.dse.costs import CostModel, Unit
from pairkit.dse.ddg import DDG, Input, Node
from pairkit.dse.errors import DSEError
from pairkit.hw.core import codegen, flow, instances, interp
from pairkit.hw.core.config import CoreConfig, UnitChoice
from pairkit.hw.core.errors import CoreMismatchError, CoreMixError

pytestmark = pytest.mark.hw

TOY = "toy-ss2-13-ca-eta2-het"  # Multiplier 1 D = 4 (5 cycles), Multiplier 2 D = 2 (8 cycles)


def _mul_timing(mc) -> dict:
    """Per multiplier instance: the set of (first register write of a result - its start) over its starts."""
    first_write: dict = {}
    for t, st in enumerate(mc.steps):
        for w in st.writes:
            if w.src[0] == "unit" and w.src[1][0] == "mul":
                first_write.setdefault((w.src[1], w.value), t)
    out: dict = {}
    for t, st in enumerate(mc.steps):
        for s in st.starts:
            if s.unit[0] == "mul" and (s.unit, s.value) in first_write:
                out.setdefault(s.unit[1], set()).add(first_write[(s.unit, s.value)] - t)
    return out


def test_two_multipliers_keep_their_own_latencies():
    """Both multipliers are used and each result is written when its own multiplier has it: after 5 cycles
    on Multiplier 1 and 8 on Multiplier 2 (deferred writes aside, never earlier). With the D = 2 parameter
    ignored both would take 5; the RTL builds each instance with its own digit."""
    cfg, mc = flow.compiled(TOY)
    assert cfg.instance_cycles("mul") == [5, 8]
    assert mc.variants["mul"] == (("gf2_mul_msd", (("D", 4),), 5), ("gf2_mul_msd", (("D", 2),), 8))
    timing = _mul_timing(mc)
    assert set(timing) == {0, 1}
    assert min(timing[0]) == 5 and min(timing[1]) == 8
    core = flow.make_rtl(cfg, mc)
    cycles = core.units[("mul", 0)].cycles, core.units[("mul", 1)].cycles
    with warnings.catch_warnings():  # the design is inspected, not elaborated: Amaranth's unused-design warning
        warnings.simplefilter("ignore", UnusedElaboratable)  # is raised when it is collected, so collect it here
        del core
        gc.collect()
    assert cycles == (5, 8)


def test_scheduler_binds_by_earliest_finish_and_checks_the_latency():
    """Products a, b, c on a 2-cycle and a 10-cycle instance, a and b at the head of a long chain, c off it:
    ``finish`` puts all three on the fast one (finish 2, 4, 6 beat 10), each waiting for it; ``slack`` starts
    c at once on the slow one (its slack covers the 8 cycles more). A schedule whose node latency is not its
    instance's is a violation."""
    chain = [("d", "add", ("a", "b")), ("e", "mul", ("d", "x")), ("g", "add", ("e", "x")), ("h", "mul", ("g", "x"))]
    chain += [("i", "add", ("h", "x")), ("j", "mul", ("i", "x"))]
    ddg = DDG(
        "t",
        "iteration",
        [Node(n, "mul", ("x", "y")) for n in "abc"] + [Node(n, op, args) for n, op, args in chain],
        [Input("x", "", "live-in"), Input("y", "", "live-in")],
        [],
    )
    model = CostModel(
        "t",
        {"mul": Unit("mul", 0.0, 2, False), "add": Unit("add", 0.0, 1, False)},
        {"mul": "mul", "add": "add"},
        0.0,
        "max",
        {},
        "t",
    )
    P = dproblem.build(ddg, model)
    P.inst_lat = [[2, 10] if t == "mul" else [1] for t in P.types]
    s = listsched.list_schedule(P, {"mul": 2, "add": 1})
    by = dict(zip(s.problem.names, zip(s.start, s.inst, s.problem.lat)))
    assert by["a"] == (0, 0, 2) and by["b"] == (2, 0, 2) and by["c"] == (4, 0, 2)
    assert not s.violations()
    s2 = listsched.list_schedule(P, {"mul": 2, "add": 1}, bind="slack")  # c is off the critical path
    by2 = dict(zip(s2.problem.names, zip(s2.start, s2.inst, s2.problem.lat)))
    assert by2["c"] == (0, 1, 10) and not s2.violations() and s2.T < s.T
    bad = dataclasses.replace(s2, problem=dataclasses.replace(s2.problem, lat=[2] * s2.problem.n))
    assert any("whose latency is 10" in b for b in bad.violations())
    with pytest.raises(DSEError, match="identical instances"):
        exact.solve(P, {"mul": 2, "add": 1}, time_limit=1.0)
    with pytest.raises(DSEError, match="rc"):
        listsched.list_schedule(P, {"mul": 2, "add": 1}, "rc")


def test_the_interpreter_holds_each_instance_to_its_latency():
    """The micro-code runs as scheduled; read with Multiplier 1 as slow as Multiplier 2 (its own cycles
    ignored), a result is taken before it exists or the multiplier restarts while busy."""
    cfg, mc = flow.compiled(TOY)
    P, Q = flow.random_pairs(cfg.set_id, 1, seed=4)[0]
    assert interp.run(mc, cfg.set_id, cfg.alg, P, Q).cycles == mc.cycles()
    slow = dict(mc.variants, mul=(mc.variants["mul"][1], mc.variants["mul"][1]))
    with pytest.raises(CoreMismatchError):
        interp.run(dataclasses.replace(mc, variants=slow), cfg.set_id, cfg.alg, P, Q)


def test_mixes_the_scheduler_cannot_realise_are_refused():
    base = instances.get(TOY)
    muls = [UnitChoice("gf2_mul_msd", 1, (("D", 4),)), UnitChoice("gf2_mul_msd", 1, (("D", 2),))]
    others = [u for u in base.units if u.op != "mul"]
    with pytest.raises(CoreMixError, match="list scheduler"):
        CoreConfig("x", "ss2-13", "eta-alg2", others + muls, "exact")
    with pytest.raises(CoreMixError, match="read-bus"):
        CoreConfig("x", "ss2-13", "eta-alg2", others + muls, "list", buses=3)
    with pytest.raises(CoreMixError, match="target clock"):  # the stages are added per kind, not per instance
        CoreConfig("x", "ss2-13", "eta-alg2", others + muls, "list", target_mhz=150.0)
    CoreConfig("x", "ss2-13", "eta-alg2", others + muls[:1], "list", target_mhz=150.0)  # one multiplier: it may
    with pytest.raises(CoreMixError, match="same 'mul' unit"):
        CoreConfig("x", "ss2-13", "eta-alg2", others + [muls[0], muls[0]], "list")
    sq = [UnitChoice("gf2_sqr_chain", 1, (("k", 2),)), UnitChoice("gf2_sqr_chain", 1, (("k", 3),))]
    with pytest.raises(CoreMixError, match="chain"):
        CoreConfig("x", "ss2-13", "eta-alg2", base.units + sq, "list")
    with pytest.raises(CoreMixError, match="operand windows"):  # one latching multiplier beside an unlatched one
        cfg = CoreConfig(
            "x",
            "ss2-17",
            "eta-t",
            [
                UnitChoice("gf2_mul_tmvp", 1, (("outer", "2,2"), ("inner", "2"), ("latch", 0))),
                UnitChoice("gf2_mul_msd", 1, (("D", 4),)),
                UnitChoice("gf2_add", 2, (("latch", 0),)),
                UnitChoice("gf2_sqr", 1),
                UnitChoice("gf2_sqrt", 2),
            ],
            "list",
        )
        codegen.compile_core(cfg)


def test_seed000_fig5_instances_run_multiplier_2_at_a_quarter_digit():
    """The six Table 3 designs on the paper's Fig. 5 mix: Multiplier 2 at D1/4, the inverter at D1/2."""
    names = [c.name for c in instances.all_configs() if c.name.startswith("s000-ca-") and c.name.endswith("-fig5")]
    assert len(names) == 6
    for n in names:
        cfg = instances.get(n)
        D1 = dict(cfg.choice("sca").params)["D"]
        assert [dict(u.params)["D"] for u in cfg.entries("mul")] == [D1, D1 // 4]
        assert dict(cfg.choice("inv").params)["D"] == D1 // 2
        assert cfg.paper["cycles"] in (4700, 2739, 6384, 3520, 2870, 3790)


@pytest.mark.slow
def test_toy_with_two_multipliers_in_verilator():
    r = flow.simulate(TOY, n=2, seed=21, engine="verilator")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] // 2 + 1


def test_seed001_labels_say_the_mix_they_have():
    """A seed 001 core compared with a paper row has that row's exact mix (mul/cube/add/cbrt), or says in its
    summary that it goes beyond it; the paper's three mixes 1/1/1/1, 5/1/4/1 and 9/1/4/1 each have a core."""
    from pairkit.reports.hw_compare import PAPER_ROWS

    have = set()
    for cfg in instances.all_configs():
        if not cfg.paper.get("seed", "").startswith("seed 001"):
            continue
        row = PAPER_ROWS[(cfg.paper["seed"], cfg.paper["loop_cycles"])]
        mix = cfg.counts()
        if mix == row["mix"]:
            have.add(tuple(mix[k] for k in ("mul", "cube", "add", "cbrt")))
            assert "beyond" not in cfg.summary, cfg.name
            assert f"{mix['mul']} mul/{mix['cube']} cube/{mix['add']} add/{mix['cbrt']} cbrt" in cfg.summary, cfg.name
        else:
            assert cfg.summary.startswith("beyond seed 001"), cfg.name
    assert have == {(1, 1, 1, 1), (5, 1, 4, 1), (9, 1, 4, 1)}


@pytest.mark.slow
def test_seed001_exact_mixes_loop_time():
    """Compiled T per iteration by the list schedule (deterministic; CP-SAT's depends on its wall-clock limit):
    9/1/4/1 meets Table 3's 87; 1/1/1/1 takes 441 (Table 4: 426)."""
    assert flow.compiled("s001-dl-9141-list")[1].info["T_iter"] == 87
    assert flow.compiled("s001-dl-1111-list")[1].info["T_iter"] == 441
