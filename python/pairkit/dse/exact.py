"""The exact minimum loop time for a given unit mix, by constraint programming (OR-Tools CP-SAT).

Beyond seed 001, whose list-based scheduling (LBS) is a heuristic: this solves the same problem
exactly, so every row of Tables 3-4 can be given the list schedule's gap to the optimum.

Model: one integer start variable s_v per operation; an interval [s_v, s_v + occupancy_v) per operation
(occupancy = latency for a non-pipelined unit, 1 for a pipelined one); per unit type u with r_u
instances, ``AddNoOverlap`` (r_u = 1) or ``AddCumulative`` with capacity r_u and demand 1 (for
identical units and interval jobs, a cumulative profile <= r_u is exactly a feasible assignment to r_u
instances: interval graphs are perfect; instances are then assigned by left-edge colouring);
precedence s_w >= s_v + latency_v for every edge v -> w; makespan >= s_v + latency_v; minimise the
makespan. Bounds: s_v in [ASAP_v, H - tail_v] with H the T of the better list schedule (``mobility`` or ``rc``;
a feasible upper bound, also given as the solution hint), and the makespan >=
:func:`analysis.resource_bound` (critical path and per-type counting bound), which lets CP-SAT stop as
soon as a schedule meets it.

Reproducibility: ``workers=1`` (the default) makes CP-SAT's search deterministic; with a wall-clock
``time_limit`` an unproven row can still differ between machines, so each result says whether
optimality was proven and the best lower bound found (``bound``). ``deterministic_time`` (CP-SAT's
machine-independent work unit) gives fully reproducible runs instead of wall time.
"""

from __future__ import annotations

from typing import Optional

from pairkit.dse import analysis
from pairkit.dse.errors import DSEError
from pairkit.dse.listsched import Schedule, assign_instances, list_schedule
from pairkit.dse.problem import Problem
from pairkit.extras import require


def solve(
    P: Problem,
    counts,
    time_limit: float = 10.0,
    workers: int = 1,
    hint: Optional[Schedule] = None,
    deterministic_time: Optional[float] = None,
    seed: int = 0,
) -> Schedule:
    """The minimum-makespan schedule of ``P`` on ``counts`` units (or the best found in the limit).

    ``info``: status (OPTIMAL / FEASIBLE), proven (bool), bound (lower bound on T), hint_T (the list
    schedule it started from), wall time. The caller computes the gap of its own list schedule.
    """
    cp_model = require("ortools.sat.python.cp_model", "the exact schedule (--exact: OR-Tools' CP-SAT)")
    vec = P.counts_vector(counts)
    if P.heterogeneous:
        raise DSEError(
            "the CP-SAT model assumes identical instances per unit type (a cumulative capacity); this problem "
            "has instances of different latencies: schedule it with the list scheduler"
        )
    if hint is None:  # the better of the paper's heuristic and the resource-constrained one
        hint = min((list_schedule(P, vec, pr) for pr in ("mobility", "rc")), key=lambda x: x.T)
    H = hint.T
    a = analysis.asap(P)
    tl = analysis.tails(P)
    cp = analysis.makespan(P, a)
    m = cp_model.CpModel()
    s = [m.new_int_var(a[v], H - tl[v], f"s{v}") for v in range(P.n)]
    iv = [m.new_fixed_size_interval_var(s[v], P.occ[v], f"i{v}") for v in range(P.n)]
    for w in range(P.n):
        for v in P.preds[w]:
            m.add(s[w] >= s[v] + P.lat[v])
    for u, r in enumerate(vec):
        group = [iv[v] for v in range(P.n) if P.unit[v] == u]
        if not group or r >= len(group):
            continue
        if r == 1:
            m.add_no_overlap(group)
        else:
            m.add_cumulative(group, [1] * len(group), r)
    lb = analysis.resource_bound(P, vec)["bound"]
    mk = m.new_int_var(min(lb, H), H, "T")
    for v in range(P.n):
        if not P.succs[v]:
            m.add(mk >= s[v] + P.lat[v])
    m.minimize(mk)
    for v in range(P.n):
        m.add_hint(s[v], hint.start[v])
    solver = cp_model.CpSolver()
    prm = solver.parameters
    prm.num_workers = max(1, int(workers))
    prm.random_seed = seed
    if deterministic_time is not None:
        prm.max_deterministic_time = float(deterministic_time)
    else:
        prm.max_time_in_seconds = float(time_limit)
    st = solver.Solve(m)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # the hint is feasible, so this only happens when the limit is hit before CP-SAT loads it
        start, status, bound = list(hint.start), "UNKNOWN", lb
    else:
        start = [solver.Value(x) for x in s]
        status, bound = solver.StatusName(st), int(round(solver.BestObjectiveBound()))
    sched = Schedule(P, vec, start, assign_instances(P, vec, start), "cp-sat")
    if sched.T > H:  # never worse than the hint
        sched = Schedule(P, vec, list(hint.start), list(hint.inst), "cp-sat")
    T = sched.T
    proven = status == "OPTIMAL" or T <= lb
    sched.info = {
        "status": "OPTIMAL" if proven else status,
        "proven": proven,
        "bound": T if proven else max(bound, lb),
        "resource_bound": lb,
        "hint_T": H,
        "critical_path": cp,
        "wall_s": round(solver.WallTime(), 3),
        "workers": prm.num_workers,
        "limit": {"deterministic_time": deterministic_time}
        if deterministic_time is not None
        else {"time_limit_s": time_limit},
    }
    return sched
