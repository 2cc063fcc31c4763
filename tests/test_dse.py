"""pairkit.dse: DDG extraction, cost models, seed 001's scheduling methodology, exact and modulo
scheduling, exploration, pictures, the CLI and its typed errors."""

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairkit.dse import (
    CostModelError,
    CyclicGraphError,
    DDGFormatError,
    UnitMixError,
    UnknownOperationError,
    analysis,
    costs,
    exact,
    listsched,
    mock,
    modulo,
    paper,
    problem,
    registers,
)
from pairkit.dse import ddg as D
from pairkit.dse import explore as X
from pairkit.errors import PairkitError
from pairkit.reports import dse as report


@pytest.fixture(scope="module")
def dl():
    """The spec's ss3-97 Duursma-Lee loop body on seed 001's Table 2 units."""
    return problem.build(D.from_spec("ss3-97", "duursma-lee"), costs.seed001())


@pytest.fixture(scope="module")
def dl_explore():
    return X.explore(D.from_spec("ss3-97", "duursma-lee"), costs.seed001())


# ------------------------------------------------------------------------------------ DDG


@pytest.mark.parametrize("b", [1, -1])
def test_mock_alg21_computes_algorithm_21(b):
    F, rng = mock.GF3n(), random.Random(b)
    P, Q = (F.random(rng), F.random(rng)), (F.random(rng), F.random(rng))
    _, f = mock.traced_result(3, b, F, P, Q)
    st_ = (P[0], P[1], Q[0], Q[1], [F.digit(1)] + [F.digit(0)] * 5)
    for _ in range(3):
        st_ = mock.reference_iteration(F, b, *st_)
    assert f == st_[4]


def _eval(F, d, env):
    """Evaluate an (unfolded) iteration DDG over F: node id -> value."""
    ops = {
        "add": F.add,
        "sub": F.sub,
        "mul": F.mul,
        "sqr": lambda a: F.mul(a, a),
        "neg": F.neg,
        "cube": F.cube,
        "cbrt": F.cbrt,
    }
    val = dict(env)
    for n in d.nodes:
        val[n.id] = ops[n.op](*(val[a] for a in n.args))
    return val


def test_loop_carried_edges_are_semantically_right():
    """Unroll the extracted iteration DDG with its carried/invariant/const inputs and compare with
    running Alg. 2.1 itself: a wrong carried mapping gives other values."""
    F, rng = mock.GF3n(), random.Random(7)
    P, Q = (F.random(rng), F.random(rng)), (F.random(rng), F.random(rng))
    T = mock._Tracer(F)
    mock._run(T, 1, 6, P, Q)
    tr = {"field": {"p": 3, "m": 97, "h": 16}, "ops": T.ops}
    d = D.from_trace(tr, fold_neg=False)  # keep negations so the graph is exactly evaluable
    assert d.meta["iteration"] == "iter 2" and not d.meta["warnings"]
    env = {i.id: T.vals[int(i.id[1:])] for i in d.inputs}  # the values iteration 2 really read
    for _ in range(5):  # iterations 2..6
        val = _eval(F, d, env)
        env = {i.id: (val[i.src] if i.kind == "carried" else env[i.id]) for i in d.inputs}
    st_ = (P[0], P[1], Q[0], Q[1], [F.digit(1)] + [F.digit(0)] * 5)
    for _ in range(6):
        st_ = mock.reference_iteration(F, 1, *st_)
    want = sorted([*st_[:4], *st_[4]])
    got = sorted(env[i.id] for i in d.inputs if i.kind == "carried")
    assert got == want


def test_mock_iteration_counts_and_carried_inputs():
    d = D.from_trace(mock.alg21_trace())
    c = d.counts()
    assert c["add"] + c["sub"] == 44 and c["mul"] + c["sqr"] == 15 and c["cube"] == 2 and c["cbrt"] == 2
    assert "neg" not in c and set(d.meta["folded_in_trace"]) == {"neg"}
    kinds = sorted(i.kind for i in d.inputs)
    assert kinds.count("carried") == 10 and kinds.count("const") == 1  # xP yP xQ yQ f0..f5; the constant 1
    srcs = {d.nodes[[n.id for n in d.nodes].index(i.src)].op for i in d.inputs if i.kind == "carried"}
    assert srcs == {"cube", "cbrt", "sub"}
    # x_P <- x_P^3 is a self-recurrence of distance 1
    cubes = [n.id for n in d.nodes if n.op == "cube"]
    assert {(x, x, 1) for x in cubes} <= set(d.carried_edges())


def test_ss3_97_spec_trace_matches_seed001_counts():
    d = D.from_spec("ss3-97", "duursma-lee")
    c = d.counts()
    assert c["mul"] + c.get("sqr", 0) == paper.OPS_PER_ITERATION["mul"] == 15
    assert c["cube"] == 2 and c["cbrt"] == 2
    assert c["add"] + c["sub"] == 37  # seed 001 counts 52; the difference is in the reports
    assert sum(i.kind == "carried" for i in d.inputs) == 10 and d.outputs


@pytest.mark.slow
def test_binary_traces():
    e = D.from_spec("ss2-283", "eta-alg2")
    assert e.counts() == {"add": 23, "mul": 7, "sqr": 8}
    assert [i.label for i in e.inputs if i.kind == "invariant"] == ["xQ"]  # v = x + 1 folds onto x_Q
    assert set(e.meta["folded_in_trace"]) == {"add-const"}
    t10 = D.from_spec("ss2-283", "tate-alg10")
    assert sum(i.kind == "stream" for i in t10.inputs) == 2  # the precomputed square-root tables
    et = D.from_spec("ss2-1223", "eta-t")
    assert et.counts() == {"add": 20, "mul": 7, "sqr": 2, "sqrt": 2}
    w = D.from_spec("ss2-283", "eta-alg2", whole=True)
    assert w.scope == "whole" and not w.carried_edges() and len(w.nodes) > 100 * len(e.nodes)


def test_one_iteration_trace_file_has_no_carried_info(tmp_path):
    from pairkit.spec.trace import trace_json

    p = tmp_path / "it.json"
    p.write_text(json.dumps(trace_json("ss2-283", "eta-alg2")))
    d = D.load_file(str(p))
    assert len(d.meta["warnings"]) == 2 and all(i.kind == "live-in" for i in d.inputs)
    full = D.from_spec("ss2-283", "eta-alg2").counts()
    # the slice does not define the constant 1, so its additions (bit-0 inversions) stay as nodes
    assert d.counts()["mul"] == full["mul"] and d.counts()["sqr"] == full["sqr"] and d.counts()["add"] > full["add"]


def test_ddg_json_roundtrip():
    d = D.from_spec("ss3-97", "duursma-lee")
    j = json.loads(json.dumps(d.to_json()))
    assert j["schema"] == "pairkit.dse.ddg" and j["version"] == 1
    d2 = D.DDG.from_json(j)
    assert d2.to_json() == d.to_json() and d2.carried_edges() == d.carried_edges()
    assert D.load(j).to_json() == d.to_json()


def _ddg_json(nodes, inputs=({"id": "x", "kind": "invariant"},), **kw):
    return {
        "schema": "pairkit.dse.ddg",
        "version": 1,
        "name": "t",
        "scope": "iteration",
        "inputs": list(inputs),
        "nodes": nodes,
        "outputs": [],
        **kw,
    }


@pytest.mark.parametrize(
    "obj,err",
    [
        (
            _ddg_json([{"id": "a", "op": "add", "args": ["x", "b"]}, {"id": "b", "op": "add", "args": ["a", "x"]}]),
            CyclicGraphError,
        ),
        (_ddg_json([{"id": "a", "op": "frobnicate", "args": ["x"]}]), UnknownOperationError),
        (_ddg_json([{"id": "a", "op": "add", "args": ["x"]}]), DDGFormatError),  # arity
        (_ddg_json([{"id": "a", "op": "add", "args": ["x", "nope"]}]), DDGFormatError),  # dangling
        (_ddg_json([{"id": "a", "op": "add", "args": ["x", "x"]}], version=2), DDGFormatError),
        (_ddg_json([{"op": "add", "args": ["x", "x"]}]), DDGFormatError),  # no id
        (
            _ddg_json(
                [{"id": "a", "op": "add", "args": ["x", "y"]}],
                inputs=[{"id": "x"}, {"id": "y", "kind": "carried", "src": "zz", "distance": 1}],
            ),
            DDGFormatError,
        ),
        (
            {"ops": [{"kind": "input", "args": [], "out": 0}, {"kind": "teleport", "args": [0], "out": 1}]},
            UnknownOperationError,
        ),
        ({"ops": [{"kind": "add", "args": [1, 0], "out": 0}, {"kind": "input", "args": [], "out": 1}]}, DDGFormatError),
        ({"ops": "nope"}, DDGFormatError),
        ([1, 2], DDGFormatError),
    ],
)
def test_bad_ddg_input_is_a_typed_error(obj, err):
    with pytest.raises(err) as e:
        D.load(obj)
    assert isinstance(e.value, PairkitError)


# ------------------------------------------------------------------------------ cost models


def test_table1_formulas_reproduce_table2():
    t1, s = costs.table1(97, 4), costs.seed001()
    for u, (area, lat, _) in paper.TABLE2.items():
        assert (t1.units[u].area, t1.units[u].latency) == (area, lat) == (s.units[u].area, s.units[u].latency)
    assert abs(s.register_area - 2 * 97 * 4 / 3) < 1e-9 and s.registers == 32
    assert costs.table1(193, 8).units["mul"].latency == 25 + 2


def test_binary_model_uses_the_field():
    b = costs.binary(283, (12, 7, 5), D=4)
    assert b.units["mul"].latency == 71 + 2 and b.units["add"].latency == 3
    assert costs.binary(1223, (255,), D=8).units["mul"].latency == 153 + 2
    # a trinomial's squaring matrix is sparser than a pentanomial's
    assert costs.binary(283, (12, 7, 5)).units["sqr"].area > costs.binary(239, (36,)).units["sqr"].area


def test_measured_model(tmp_path, dl, monkeypatch):
    # the hardware kit's committed report: the GF(3^97) units it synthesized (HARDWARE.md)
    M0 = costs.measured()
    assert {k: (u.area, u.latency) for k, u in M0.units.items()} == {
        "add": (1361, 3),
        "mul": (2801, 27),
        "cube": (906, 3),
        "cbrt": (896, 3),
    }
    monkeypatch.chdir(tmp_path)  # no hw-report-cache/ here: the package's checkout has them
    assert costs.measured().units == M0.units
    from pairkit import checkout

    monkeypatch.setattr(checkout, "package_checkout", lambda: None)  # an installed wheel: nowhere to look
    with pytest.raises(CostModelError, match="hw-report-cache/units.json"):
        costs.measured()
    p = tmp_path / "units.json"
    p.write_text(
        json.dumps(
            {
                "multiplier": {"area_lut": 4000, "latency": 27, "pipelined": True},
                "adder": {"area_lut": 1300, "latency": 3},
                "cube": {"area_lut": 1000, "latency": 3},
                "cube_root": {"area_lut": 900, "latency": 3},
                "register": {"area_lut": 250},
            }
        )
    )
    M = costs.measured(str(p))
    assert M.units["mul"].occupancy == 1 and M.register_area == 250
    P = problem.build(dl.ddg, M)
    s = listsched.list_schedule(P, {"mul": 1, "add": 4, "cube": 1, "cbrt": 1}).verify()
    assert s.T < listsched.list_schedule(dl, {"mul": 1, "add": 4, "cube": 1, "cbrt": 1}).T  # pipelined helps
    p.write_text(json.dumps({"mul": {"area_lut": -1, "latency": 27}}))
    with pytest.raises(CostModelError):
        costs.measured(str(p))


def test_cost_model_mismatch_and_unknown_ops(dl):
    with pytest.raises(CostModelError):
        costs.get("seed001", {"p": 2, "m": 283, "taps": [12, 7, 5]})
    with pytest.raises(CostModelError):
        costs.get("nope", {"p": 3})
    bad = D.DDG.from_json(_ddg_json([{"id": "a", "op": "sqrt", "args": ["x"]}]))
    with pytest.raises(UnknownOperationError):
        problem.build(bad, costs.seed001())  # no square-root unit in characteristic 3


# ------------------------------------------------------------------------- seed 001 analyses


def test_unit_latency_analysis_ss3_97(dl):
    Pu = problem.build(dl.ddg, dl.model, unit_latency=True)
    vr = analysis.variability_ranges(Pu)
    assert vr["makespan"] == 13  # seed 001: 18 control steps (its DDG has 52 additions, ours 37)
    assert {t: u["range"] for t, u in vr["units"].items()} == {"mul": 5, "cube": 2, "add": 6, "cbrt": 2}
    assert analysis.critical_path(dl) == paper.MIN_T == 87
    # the range suffices: with that many units the unit-latency list schedule is the ASAP one
    s = listsched.list_schedule(Pu, {t: u["range"] for t, u in vr["units"].items()})
    assert s.T == vr["makespan"]


def test_list_schedule_reproduces_seed001_table3(dl):
    want = {1: 423, 2: 234, 3: 159, 4: 132, 5: 108, 9: 87}  # seed 001 Table 3
    ex = X.explore(dl.ddg, dl.model)
    got = {c.counts[0]: c.T for c in ex.table("T")}
    assert {k: got[k] for k in want} == want
    assert ex.best("AT").counts == (5, 1, 4, 1) and ex.best("AT").T == 108  # seed 001 Table 4's minimum
    hits = sum(
        listsched.list_schedule(dl, mix).T == T for _, mix, T in paper.mixes(paper.TABLE3) + paper.mixes(paper.TABLE4)
    )
    assert hits >= 7


def test_mobility_priority_beats_fifo_on_a_critical_chain():
    # one multiplier; a leaf mul and a mul at the head of a long add chain are both ready at 0
    nodes = [{"id": "leaf", "op": "mul", "args": ["x", "x"]}, {"id": "head", "op": "mul", "args": ["x", "x"]}]
    prev = "head"
    for i in range(5):
        nodes.append({"id": f"a{i}", "op": "add", "args": [prev, "x"]})
        prev = f"a{i}"
    P = problem.build(D.DDG.from_json(_ddg_json(nodes)), costs.seed001())
    for prio in listsched.PRIORITIES:
        s = listsched.list_schedule(P, {"mul": 1, "add": 1}, prio).verify()
        # the head of the 15-cycle chain has mobility 0, the leaf 15: head 0..27, leaf 27..54, chain 27..42
        # (the trace order alone, leaf first, would end at 27 + 27 + 15 = 69)
        assert s.start[P.names.index("head")] == 0 and s.T == 54


def test_list_schedule_is_deterministic(dl):
    a = listsched.list_schedule(dl, (3, 1, 2, 1))
    b = listsched.list_schedule(dl, {"cbrt": 1, "add": 2, "cube": 1, "mul": 3})
    assert a.start == b.start and a.inst == b.inst


def test_unit_mix_errors(dl):
    with pytest.raises(UnitMixError, match="no cube unit"):
        listsched.list_schedule(dl, {"mul": 1, "add": 1, "cbrt": 1})
    with pytest.raises(UnitMixError):
        problem.resolve_counts(dl, "mul=2,add=x")
    with pytest.raises(UnitMixError):
        problem.resolve_counts(dl, "mul=2,warp=1")
    assert problem.resolve_counts(dl, "multiplier=5,adder=4,power=1,root=1") == [5, 1, 4, 1]


def test_registers_ss3_97(dl, dl_explore):
    s = listsched.list_schedule(dl, (5, 1, 4, 1))
    r = registers.allocate(s)
    assert r["registers"] == r["max_live"] == 24
    regs = [c.regs for c in dl_explore.table("T")]
    assert 19 <= min(regs) and max(regs) <= 24  # seed 001: 28..32 on its larger DDG


def test_exact_rows(dl):
    e = exact.solve(dl, (5, 1, 4, 1), time_limit=20).verify()
    assert e.T == 102 and e.info["proven"]
    e2 = exact.solve(dl, (2, 2, 4, 1), time_limit=20).verify()
    assert e2.T == 222 and e2.info["proven"]  # 15 x 27-cycle products on 2 units: 3 + 8 x 27 + 3
    assert analysis.resource_bound(dl, (2, 2, 4, 1))["bound"] == 222


def test_modulo_ss3_97(dl):
    assert modulo.rec_mii(dl) == 51  # f <- f g: the recurrence through the products and the additions
    m = modulo.modulo_schedule(dl, (13, 2, 6, 2)).verify()
    assert m.II == m.info["MII"] == 54 < listsched.list_schedule(dl, (13, 2, 6, 2)).T
    assert m.cycles(97) < 97 * 87


def test_rec_mii_hand_graph():
    nodes = [{"id": "a", "op": "mul", "args": ["y", "x"]}, {"id": "b", "op": "add", "args": ["a", "x"]}]
    for dist, want in ((1, 30), (2, 15), (3, 10)):
        d = D.DDG.from_json(
            _ddg_json(
                nodes,
                inputs=[{"id": "x", "kind": "invariant"}, {"id": "y", "kind": "carried", "src": "b", "distance": dist}],
            )
        )
        assert modulo.rec_mii(problem.build(d, costs.seed001())) == want


# -------------------------------------------------------------------- properties (hypothesis)


@st.composite
def graphs(draw, max_n=16):
    n = draw(st.integers(1, max_n))
    ncar = draw(st.integers(0, 3))
    inputs = [{"id": "x", "kind": "invariant"}, {"id": "c", "kind": "const"}]
    for j in range(ncar):
        inputs.append(
            {
                "id": f"y{j}",
                "kind": "carried",
                "src": f"n{draw(st.integers(0, n - 1))}",
                "distance": draw(st.integers(1, 2)),
            }
        )
    nodes = []
    for i in range(n):
        op = draw(st.sampled_from(["add", "mul", "cube", "cbrt", "sub"]))
        cands = [x["id"] for x in inputs] + [f"n{j}" for j in range(i)]
        nodes.append({"id": f"n{i}", "op": op, "args": [draw(st.sampled_from(cands)) for _ in range(D.OP_ARITY[op])]})
    lat = {u: draw(st.integers(1, 6)) for u in ("add", "mul", "cube", "cbrt")}
    pipe = {u: draw(st.booleans()) for u in lat}
    M = costs.CostModel("rand", {u: costs.Unit(u, 100.0, lat[u], pipe[u]) for u in lat}, dict(costs.OPS_CHAR3), 10.0)
    P = problem.build(D.DDG.from_json(_ddg_json(nodes, inputs, outputs=[f"n{n - 1}"])), M)
    counts = [draw(st.integers(1, 3)) for _ in P.types]
    return P, counts


_fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_fast
@given(graphs(), st.sampled_from(listsched.PRIORITIES))
def test_list_schedule_properties(g, prio):
    P, counts = g
    s = listsched.list_schedule(P, counts, prio).verify()  # precedence and resources
    assert s.T >= analysis.critical_path(P)
    assert s.T >= analysis.resource_bound(P, counts)["bound"]
    busy = analysis.busy_profile(P, s.start)
    assert all(max(row) <= c for row, c in zip(busy, counts))


@_fast
@given(graphs())
def test_variability_range_reaches_the_critical_path(g):
    P, _ = g
    Pu = problem.build(P.ddg, P.model, unit_latency=True)
    vr = analysis.variability_ranges(Pu)
    s = listsched.list_schedule(Pu, [vr["units"][t]["range"] for t in Pu.types])
    assert s.T == vr["makespan"] == analysis.critical_path(Pu)


@_fast
@given(graphs())
def test_register_allocation_properties(g):
    P, counts = g
    s = listsched.list_schedule(P, counts)
    r = registers.allocate(s)
    ivs = r["intervals"]
    # left-edge is optimal: exactly the maximum number of simultaneously live values (brute force)
    T = max([e for _, e, *_ in ivs], default=0)
    brute = max([sum(b <= c < e for b, e, *_ in ivs) for c in range(T)], default=0)
    assert r["registers"] == r["max_live"] == brute
    for i, (b1, e1, n1, _) in enumerate(ivs):  # no two overlapping lifetimes share a register
        for b2, e2, n2, _ in ivs[i + 1 :]:
            if b1 < e2 and b2 < e1:
                assert r["assignment"][n1] != r["assignment"][n2]


@_fast
@given(graphs(max_n=12))
def test_modulo_properties(g):
    P, counts = g
    m = modulo.modulo_schedule(P, counts).verify()
    assert m.info["MII"] <= m.II <= listsched.list_schedule(P, counts).T
    assert m.II >= modulo.res_mii(P, counts) and m.II >= modulo.rec_mii(P)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graphs(max_n=10))
def test_exact_properties(g):
    P, counts = g
    ls = min((listsched.list_schedule(P, counts, p) for p in listsched.PRIORITIES), key=lambda s: s.T)
    e = exact.solve(P, counts, time_limit=5).verify()
    assert analysis.resource_bound(P, counts)["bound"] <= e.info["bound"] <= e.T <= ls.T


# ------------------------------------------------------------------------------ exploration


def test_exploration_tables_and_pareto(dl_explore):
    ex = dl_explore
    for metric, key in (("T", lambda c: c.T), ("AT", lambda c: c.AT)):
        for row in ex.table(metric):
            same = [c for c in ex.configs if c.counts[0] == row.counts[0]]
            assert key(row) == min(key(c) for c in same)
    front = ex.pareto()
    for c in ex.configs:  # every mix is dominated by (or on) the front
        assert any(f.A <= c.A and f.T <= c.T for f in front)
    for f in front:
        assert not any(c.A <= f.A and c.T <= f.T and (c.A, c.T) != (f.A, f.T) for c in ex.configs)
    assert ex.ranges["used"] == {"mul": 13, "cube": 2, "add": 6, "cbrt": 2} and len(ex.configs) == 13 * 2 * 6 * 2
    unit = X.explore(ex.problem.ddg, ex.model, ranges="unit")
    assert max(c.counts[0] for c in unit.configs) == 5 and unit.best("T").T > ex.best("T").T


@pytest.mark.slow
def test_exploration_report(dl_explore, tmp_path):
    ex = dl_explore
    X.run_exact(ex, time_limit=2)
    X.run_modulo(ex)
    js = json.loads(json.dumps(ex.to_json()))
    assert js["min_T"]["T"] == 87 and js["table3"][0]["T"] == 423
    for r in js["table3"] + js["table4"]:
        assert r["exact"]["T"] <= r["T"] and r["modulo"]["II"] <= r["T"]
    md = report.markdown(ex)
    assert "Table 3 analogue" in md and "Against seed 001" in md and "T* CP-SAT" in md
    from pairkit.reports import dse_plots as plots

    files = plots.pareto(ex, str(tmp_path / "p")) + plots.gantt(ex.schedule((5, 1, 4, 1)), str(tmp_path / "g.svg"))
    assert sorted(os.path.basename(f) for f in files) == ["g.svg", "p.png", "p.svg"]
    assert all(os.path.getsize(f) > 1000 for f in files)


# ------------------------------------------------------------------------------------- CLI


def run(*args, ok=True):
    p = subprocess.run([sys.executable, "-m", "pairkit.cli", "dse", *args], capture_output=True, text=True, timeout=300)
    if ok:
        assert p.returncode == 0, p.stderr
    return p


@pytest.mark.slow
def test_cli_explore_json_and_out(tmp_path):
    js = json.loads(run("explore", "--set", "ss3-97", "--alg", "duursma-lee", "--json", "--out", str(tmp_path)).stdout)
    assert js["min_T"]["T"] == 87 and js["min_AT"]["units"] == {"mul": 5, "cube": 1, "add": 4, "cbrt": 1}
    for f in (
        "explore.json",
        "tables.md",
        "ddg.json",
        "pareto.png",
        "pareto.svg",
        "gantt_min_T.png",
        "gantt_min_AT.svg",
    ):
        assert (tmp_path / f).stat().st_size > 0


@pytest.mark.slow
def test_cli_ddg_and_schedule(tmp_path):
    d = json.loads(run("ddg", "--set", "ss2-283", "--alg", "eta-alg2").stdout)
    assert d["schema"] == "pairkit.dse.ddg" and d["scope"] == "iteration"
    g = tmp_path / "g.png"
    p = run(
        "schedule",
        "--set",
        "ss3-97",
        "--alg",
        "duursma-lee",
        "--units",
        "mul=5,add=4,cube=1,cbrt=1",
        "--gantt",
        str(g),
        "--modulo",
    )
    assert "T = 108 clk" in p.stdout and "II = " in p.stdout and g.stat().st_size > 1000
    (tmp_path / "cyc.json").write_text(
        json.dumps(
            _ddg_json([{"id": "a", "op": "add", "args": ["x", "b"]}, {"id": "b", "op": "add", "args": ["a", "x"]}])
        )
    )
    (tmp_path / "bad.json").write_text("{ not json")
    (tmp_path / "op.json").write_text(json.dumps(_ddg_json([{"id": "a", "op": "fft", "args": ["x"]}])))
    for args, etype in [
        (["schedule", "--set", "ss3-97", "--units", "mul=0,add=4,cube=1,cbrt=1"], "UnitMixError"),
        (["schedule", "--trace", str(tmp_path / "cyc.json"), "--units", "add=1"], "CyclicGraphError"),
        (["ddg", "--trace", str(tmp_path / "bad.json")], "DDGFormatError"),
        (["ddg", "--trace", str(tmp_path / "op.json")], "UnknownOperationError"),
        (
            ["explore", "--set", "ss3-97", "--costs", "measured", "--units-file", str(tmp_path / "none.json")],
            "CostModelError",
        ),
        (["ddg", "--set", "ss9-1"], "UnknownSetError"),
    ]:
        p = run(*args, ok=False)
        assert p.returncode == 2 and etype in p.stderr and "Traceback" not in p.stderr, (args, p.stderr)
