"""Unlimited-unit analyses (seed 001 section 3, step 1): ASAP, ALAP, the variability range.

Times are 0-based cycles: an operation started at s with latency L occupies cycles s..s+L-1 and its
result can be read from cycle s+L. With unit latencies a cycle is a "control step" (the paper counts
them from 1: control step = s + 1), and the makespan is the number of control steps (seed 001
section 5: 18 for the Duursma-Lee loop body).

Variability range (seed 001 section 3: "From such schedules, determine the maximum number of each
unit type, called 'variability range', such that by allowing more units of that type further
speed-up of the algorithm would not take place any longer"). Our precise reading: with unit
latencies and unlimited units,

    range(u) = max over control steps t of max(#{v of type u : ASAP(v) = t}, #{v of type u : ALAP(v) = t})

i.e. the largest number of type-u operations that either extreme schedule runs in one control step.
It bounds the useful count: with range(u) units of type u (and enough of the others) the ASAP
schedule is feasible, so the critical path is reached and more units cannot help. Alternatives
reported beside it: the ASAP and ALAP peaks separately, and ``window``: the largest number of type-u
operations whose mobility intervals [ASAP, ALAP] share a control step (an upper bound on what any
minimum-length schedule can use at once). With real latencies the same definitions count busy units
(a non-pipelined unit stays busy for its whole latency).
"""

from __future__ import annotations

from pairkit.dse.problem import Problem


def asap(P: Problem) -> list:
    """Earliest start of every node (unlimited units)."""
    s = [0] * P.n
    for v in range(P.n):  # nodes are in topological order
        s[v] = max((s[p] + P.lat[p] for p in P.preds[v]), default=0)
    return s


def makespan(P: Problem, starts) -> int:
    return max((starts[v] + P.lat[v] for v in range(P.n)), default=0)


def critical_path(P: Problem) -> int:
    """Length of the longest dependence chain: the minimum loop time with unlimited units."""
    return makespan(P, asap(P))


def tails(P: Problem) -> list:
    """tail(v): longest path from v's start to the end of the graph (lat(v) included)."""
    t = [0] * P.n
    for v in range(P.n - 1, -1, -1):
        t[v] = P.lat[v] + max((t[s] for s in P.succs[v]), default=0)
    return t


def alap(P: Problem, L: int | None = None) -> list:
    """Latest start of every node so that everything finishes by L (default: the critical path)."""
    L = critical_path(P) if L is None else L
    return [L - t for t in tails(P)]


def busy_profile(P: Problem, starts, occupancy: bool = True) -> list:
    """Per unit type, the number of busy units in every cycle (``occupancy``: a non-pipelined unit is
    busy for its whole latency; False counts issue cycles only)."""
    L = makespan(P, starts)
    prof = [[0] * max(L, 1) for _ in P.types]
    for v in range(P.n):
        for c in range(starts[v], starts[v] + (P.occ[v] if occupancy else 1)):
            prof[P.unit[v]][c] += 1
    return prof


def variability_ranges(P: Problem) -> dict:
    """The variability range of every unit type of ``P`` (see the module docstring), with details.

    Build ``P`` with ``unit_latency=True`` for the paper's definition; with real latencies the same
    numbers count units busy at once.
    """
    a = asap(P)
    L = makespan(P, a)
    z = alap(P, L)
    pa, pz = busy_profile(P, a), busy_profile(P, z)
    win = [[0] * max(L, 1) for _ in P.types]
    for v in range(P.n):
        for c in range(a[v], z[v] + P.occ[v]):
            win[P.unit[v]][c] += 1
    n = P.n_of_type()
    out = {}
    for i, t in enumerate(P.types):
        out[t] = {
            "range": max(max(pa[i]), max(pz[i])),
            "asap_peak": max(pa[i]),
            "alap_peak": max(pz[i]),
            "window": max(win[i]),
            "ops": n[i],
        }
    return {"makespan": L, "units": out}


def summary(P: Problem) -> dict:
    """ASAP/ALAP times, mobilities and the critical path, per node (for reports and the CLI)."""
    a = asap(P)
    L = makespan(P, a)
    z = alap(P, L)
    return {
        "makespan": L,
        "nodes": [
            {
                "id": P.names[v],
                "op": P.ops[v],
                "unit": P.types[P.unit[v]],
                "asap": a[v],
                "alap": z[v],
                "mobility": z[v] - a[v],
            }
            for v in range(P.n)
        ],
        "critical": [P.names[v] for v in range(P.n) if a[v] == z[v]],
    }


def resource_bound(P: Problem, counts) -> dict:
    """A lower bound on the loop time of any schedule on ``counts`` units (list, exact or other).

    For a unit type u with r instances, every operation of u has the same latency L and occupancy o.
    Take any set S of them whose ASAP is >= h and whose tail after their own latency is >= q; on r
    units the last of S starts at >= h + (ceil(|S| / r) - 1) o, so T >= h + (ceil(|S| / r) - 1) o + L + q.
    We maximise over the thresholds (h, q) taken from the operations' own heads and tails, and over
    the types; the critical path is the bound with unlimited units. Returns {"bound", "by"}.
    """
    a = asap(P)
    tl = tails(P)
    best, by = makespan(P, a), "critical path"
    vec = list(counts)
    for u, r in enumerate(vec):
        vs = [v for v in range(P.n) if P.unit[v] == u]
        if not vs or r <= 0:
            continue
        o, L = P.occ[vs[0]], P.lat[vs[0]]
        heads = sorted({a[v] for v in vs})
        for h in heads:
            sub = sorted((tl[v] - P.lat[v] for v in vs if a[v] >= h), reverse=True)
            for k, q in enumerate(sub, 1):  # the k operations with the largest tails, q the smallest of them
                b = h + (-(-k // r) - 1) * o + L + q
                if b > best:
                    best, by = b, f"{P.types[u]}: {k} ops after cycle {h} on {r} unit(s)"
    return {"bound": best, "by": by}
