"""Modulo scheduling of the loop body across iterations (beyond seed 001, which runs iterations back to
back): B. R. Rau, "Iterative modulo scheduling: an algorithm for software pipelining loops",
MICRO-27, 1994.

A new iteration starts every II cycles (the initiation interval) on the same units, so the loop of
N iterations takes (N - 1) II + SL cycles instead of N T (SL: the length of one iteration's schedule).

* ResMII = max over unit types u of ceil(n_u / r_u) * occupancy_u: the n_u operations of type u keep
  their unit instance from one iteration to the next, so some instance runs ceil(n_u / r_u) of them
  per II (the classic ceil(sum of occupancies / r_u) when occupancies differ).
* RecMII = the smallest II for which no dependence cycle has positive slack deficit, i.e. no cycle C
  with sum_C latency > II * sum_C distance (cycles run through the loop-carried dependences of the
  DDG; checked by Bellman-Ford on the weights latency - II * distance).
* A non-pipelined operation holds its unit for its whole latency, and the same operation of
  consecutive iterations uses the same unit instance (a modulo reservation table, MRT), so also
  II >= the largest occupancy. MII = max(ResMII, RecMII, max occupancy).
* Iterative modulo scheduling tries II = MII, MII + 1, ...: operations are taken by decreasing
  HeightR (the longest latency - II * distance path to the end), each placed at the first cycle in
  [Estart, Estart + II - 1] with a free instance in the MRT (the search also stops at the latest cycle
  its already placed successors allow, when that is >= Estart: a refinement that avoids needless
  evictions; on the ss3-97 loop it reaches MII on 138 instead of 126 of 312 mixes); if none is free it
  is placed anyway
  (at Estart, or one past its previous cycle) and the operations it conflicts with, in the MRT or as
  successors whose dependence it now violates, are unscheduled. A budget of ``budget_ratio`` x n
  placements per II bounds the search. The list schedule (II = T) is always valid, so the search
  stops at the list schedule's T at the latest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from pairkit.dse.listsched import list_schedule
from pairkit.dse.problem import Problem


def edges(P: Problem) -> list:
    """(src, dst, latency, distance) for every dependence, intra-iteration and loop-carried."""
    e = [(p, w, P.lat[p], 0) for w in range(P.n) for p in P.preds[w]]
    e += [(s, d, P.lat[s], k) for s, d, k in P.carried]
    return e


def _has_positive_cycle(n: int, E: list, II: int) -> bool:
    dist = [0] * n
    for _ in range(n + 1):
        changed = False
        for s, d, lat, k in E:
            w = dist[s] + lat - II * k
            if w > dist[d]:
                dist[d] = w
                changed = True
        if not changed:
            return False
    return True


def res_mii(P: Problem, vec) -> int:
    """max over types of ceil(n_u / r_u) * occupancy_u (every op of a type has the same occupancy, and
    each keeps its MRT instance: some instance runs ceil(n_u / r_u) of them per II); with mixed
    occupancies, ceil(sum / r_u)."""
    occs: list = [[] for _ in vec]
    for v in range(P.n):
        occs[P.unit[v]].append(P.occ[v])
    best = 1
    for o, r in zip(occs, vec):
        if o:
            best = max(best, -(-len(o) // r) * o[0] if len(set(o)) == 1 else -(-sum(o) // r))
    return best


def rec_mii(P: Problem) -> int:
    """The recurrence-constrained minimum II (0 when the DDG has no loop-carried dependence)."""
    E = edges(P)
    if not P.carried:
        return 0
    lo, hi = 1, max(1, sum(P.lat))
    while lo < hi:
        mid = (lo + hi) // 2
        if _has_positive_cycle(P.n, E, mid):
            lo = mid + 1
        else:
            hi = mid
    return lo


@dataclass
class ModuloSchedule:
    problem: Problem
    counts: list
    II: int
    start: list  # cycle of every operation within its iteration (iteration i adds i * II)
    inst: list
    info: dict = field(default_factory=dict)

    @property
    def length(self) -> int:
        return max(self.start[v] + self.problem.lat[v] for v in range(self.problem.n))

    @property
    def stages(self) -> int:
        return -(-self.length // self.II)

    def cycles(self, iterations: int) -> int:
        return (iterations - 1) * self.II + self.length

    def violations(self) -> list:
        P, bad, II = self.problem, [], self.II
        for s, d, lat, k in edges(P):
            if self.start[d] + II * k < self.start[s] + lat:
                bad.append(f"{P.names[d]} (+{k} iterations) starts before {P.names[s]} ends")
        mrt: dict = {}
        for v in range(P.n):
            if P.occ[v] > II:
                bad.append(f"{P.names[v]} occupies its unit {P.occ[v]} > II = {II} cycles")
            if not 0 <= self.inst[v] < self.counts[P.unit[v]]:
                bad.append(f"{P.names[v]} on a missing instance")
            for c in range(self.start[v], self.start[v] + P.occ[v]):
                key = (P.unit[v], self.inst[v], c % II)
                if key in mrt:
                    bad.append(f"{P.names[v]} and {P.names[mrt[key]]} share a unit in slot {c % II}")
                mrt[key] = v
        return bad

    def verify(self) -> "ModuloSchedule":
        bad = self.violations()
        if bad:
            raise AssertionError(f"invalid modulo schedule: {'; '.join(bad[:5])}")
        return self

    def max_live(self) -> int:
        """Registers needed in the steady state: lifetimes folded modulo II (constants excluded,
        invariant inputs live throughout)."""
        P, II = self.problem, self.II
        ivs = []
        out = set(P.outputs)
        carried_reads: dict = {}
        for s, d, k in P.carried:
            carried_reads.setdefault(s, []).append(self.start[d] + II * k)
        for v in range(P.n):
            b = self.start[v] + P.lat[v]
            reads = [self.start[w] for w in P.succs[v]] + carried_reads.get(v, [])
            e = max(reads) + 1 if reads else (b + 1 if v in out else b)
            if e > b:
                ivs.append((b, e))
        inputs = {i.id: i for i in P.ddg.inputs}
        last: dict = {}
        for v in range(P.n):
            for r in P.reads[v]:
                last[r] = max(last.get(r, -1), self.start[v])
        invariant = 0
        for r, t in last.items():
            k = inputs[r].kind
            if k == "invariant":
                invariant += 1
            elif k in ("stream", "live-in"):
                ivs.append((0, t + 1))
        slots = [0] * II
        for b, e in ivs:
            for c in range(b, e):
                slots[c % II] += 1
        return max(slots) + invariant

    def to_json(self) -> dict:
        P = self.problem
        return {
            "II": self.II,
            "length": self.length,
            "stages": self.stages,
            "units": P.mix(self.counts),
            "info": self.info,
            "max_live": self.max_live(),
            "ops": [
                {
                    "id": P.names[v],
                    "op": P.ops[v],
                    "unit": P.types[P.unit[v]],
                    "instance": self.inst[v],
                    "start": self.start[v],
                }
                for v in range(P.n)
            ],
        }


def _heights(P: Problem, E: list, II: int) -> list:
    h = list(P.lat)
    for _ in range(P.n + 1):
        changed = False
        for s, d, lat, k in E:
            w = h[d] + lat - II * k
            if w > h[s]:
                h[s] = w
                changed = True
        if not changed:
            break
    return h


def _ims_window(v: int, II: int, ins: list, outs: list, time: list, lstart: bool) -> tuple[int, int]:
    """(earliest, latest) start of v that its scheduled predecessors (and, with lstart, successors) allow."""
    est = 0
    for s, lat, k in ins[v]:
        if time[s] is not None:
            est = max(est, time[s] + lat - II * k)
    lst = est + II - 1
    if lstart:
        for d, lat, k in outs[v]:
            if d != v and time[d] is not None:
                lst = min(lst, time[d] - lat + II * k)
        if lst < est:
            lst = est + II - 1
    return est, lst


def _ims_free(mrt_u: list, count: int, slots_at: list, est: int) -> tuple[int, int] | None:
    """The first (start, instance) from est on whose modulo slots (``slots_at[t - est]``) are free."""
    for i, sl in enumerate(slots_at):
        for kk in range(count):
            if all(mrt_u[kk][c] < 0 for c in sl):
                return (est + i, kk)
    return None


def _ims(P: Problem, vec, II: int, budget: int, E: list, lstart: bool = True):
    n = P.n
    ins: list = [[] for _ in range(n)]
    outs: list = [[] for _ in range(n)]
    for s, d, lat, k in E:
        ins[d].append((s, lat, k))
        outs[s].append((d, lat, k))
    h = _heights(P, E, II)
    order = sorted(range(n), key=lambda v: (-h[v], v))
    rank = {v: i for i, v in enumerate(order)}
    time: list[int | None] = [None] * n
    prev: list[int | None] = [None] * n
    inst = [-1] * n
    mrt = [[[-1] * II for _ in range(r)] for r in vec]
    todo = set(range(n))

    def slots(v, t):
        return [(c % II) for c in range(t, t + P.occ[v])]

    def unschedule(w):
        for c in slots(w, time[w]):
            mrt[P.unit[w]][inst[w]][c] = -1
        time[w], inst[w] = None, -1
        todo.add(w)

    while todo and budget > 0:
        budget -= 1
        v = min(todo, key=rank.__getitem__)
        est, lst = _ims_window(v, II, ins, outs, time, lstart)
        u = P.unit[v]
        found = _ims_free(mrt[u], vec[u], [slots(v, t) for t in range(est, lst + 1)], est)
        if found is None:
            pv = prev[v]
            t = est if pv is None or est > pv else pv + 1
            sl = slots(v, t)
            kk = min(range(vec[u]), key=lambda k: (len({mrt[u][k][c] for c in sl if mrt[u][k][c] >= 0}), k))
            for w in sorted({mrt[u][kk][c] for c in sl if mrt[u][kk][c] >= 0}):
                unschedule(w)
            found = (t, kk)
        t, kk = found
        time[v], inst[v], prev[v] = t, kk, t
        todo.discard(v)
        for c in slots(v, t):
            mrt[u][kk][c] = v
        for d, lat, k in outs[v]:
            td = time[d]
            if d != v and td is not None and td < t + lat - II * k:
                unschedule(d)
    if todo:
        return None
    done = cast(list[int], time)  # every node placed
    base = min(done)
    return [x - base for x in done], inst


def modulo_schedule(P: Problem, counts, budget_ratio: int = 6, max_ii: int | None = None) -> ModuloSchedule:
    """The smallest II iterative modulo scheduling reaches on ``counts`` units (see the module docstring)."""
    vec = P.counts_vector(counts)
    if P.n == 0:
        from pairkit.dse.errors import DSEError

        raise DSEError(f"{P.ddg.name}: the graph has no operation to schedule")
    ls = list_schedule(P, vec)
    rm, cm = res_mii(P, vec), rec_mii(P)
    mo = max(P.occ)
    mii = max(rm, cm, mo, 1)
    top = min(max_ii or ls.T, ls.T)
    E = edges(P)
    info = {"ResMII": rm, "RecMII": cm, "max_occupancy": mo, "MII": mii, "list_T": ls.T}
    for II in range(mii, top):
        r = _ims(P, vec, II, budget_ratio * P.n, E)
        if r is not None:
            ms = ModuloSchedule(P, vec, II, r[0], r[1], info)
            info["speedup_vs_list"] = round(ls.T / II, 4)
            return ms.verify()
    info["speedup_vs_list"] = 1.0
    info["note"] = "no II below the list schedule's T was found; the list schedule is used (II = T)"
    return ModuloSchedule(P, vec, ls.T, list(ls.start), list(ls.inst), info).verify()
