"""Resource-constrained list scheduling with the minimum-mobility priority of seed 001 section 3.

Seed 001: "The LBS discipline uses the latency and number of every function unit type, to construct
the schedule by assigning all the operations to each control step at a time. It maintains a
ready-set of operations, i.e., those the predecessors of which are already scheduled, assigned to the
current control step until the available resources are run out. To determine which of the ready-set
operations of the same type to schedule first, that having minimum mobility is selected. Mobility is
the control step interval delimited by the ASAP and ALAP schedules constrained by the actual resources
and latencies; both schedules are recomputed whenever the resource availability changes."

Our reading, made exact (``priority="mobility"``, the default):

* Cycles advance from 0; at cycle t an operation is *ready* when every predecessor has finished
  (start + latency <= t), and a unit instance is *free* when its previous operation's occupancy has
  ended (non-pipelined: the whole latency; pipelined: one cycle). Cycles where nothing can start are
  skipped (the schedule is the same as stepping every cycle).
* Unit types are served in the fixed order of ``costs.UNIT_ORDER``. When a type has at least as many
  free instances as ready operations, all of them start at t. Otherwise the ready operations with the
  smallest mobility start, one per free instance (lowest instance index first).
* Mobility(v) = ALAP(v) - ASAP(v), recomputed whenever the resource availability changed since the
  last computation (a new cycle, or operations committed at this cycle for an earlier type):
  ASAP is the as-soon-as-possible schedule of the unscheduled operations with the real latencies,
  where every operation already placed sits at the cycle the resource-constrained scheduler gave it
  (this is how "the actual resources" enter); ALAP is the as-late-as-possible schedule against that
  ASAP's makespan. (Algebraically the order this gives equals "largest data-ready time + longest path
  to the end first", but it is computed as the paper describes.)
* Ties are broken by the node's position in the (topologically ordered, trace-ordered) DDG, so
  schedules are reproducible bit for bit.

Heterogeneous instances (``P.inst_lat``: a type whose instances differ in latency, hw.core's seed 000
Multipliers 1 and 2 at digits D1 and D1/4): the ready operations of such a type are taken in priority
order, each bound to the instance that finishes it first (max(t, free) + latency, lowest index on a
tie); an operation whose best instance is still busy waits for it rather than start on a slower free
one. The schedule's problem then carries each node's bound latency (``Schedule.problem.lat``).

Why this reading: on the spec's ss3-97 loop body it reproduces seed 001 Table 3's T for 1 to 5 and
>= 9 multipliers exactly (423, 234, 159, 132, 108, 87) and 7 of the 14 (unit mix, T) pairs printed
in Tables 3-4; the textbook variant matches 6, and variants that clamp ASAP to the current cycle and
to unit availability match 3 (docs/DSE.md has the comparison). Other priorities:

``static``  mobility from the unlimited-unit ASAP/ALAP with the real latencies, computed once
            (Gajski et al.'s textbook list scheduling, seed 001's reference [10]);
``rc``      a stronger heuristic beyond the paper: ASAP clamped to the current cycle and to the first
            free unit of the type, ALAP from a backward list schedule on the actual unit counts
            (resource-constrained ALAP), both recomputed as above. It finds shorter schedules when
            units are scarce (e.g. 411 instead of 423 clk with one multiplier).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

from pairkit.dse import analysis
from pairkit.dse.problem import Problem

PRIORITIES = ("mobility", "static", "rc")
#: how a node of a heterogeneous unit type chooses its instance (:func:`_bind`)
BINDS = ("finish", "slack")


@dataclass
class Schedule:
    problem: Problem
    counts: list  # units per type (over problem.types)
    start: list  # start cycle per node
    inst: list  # unit instance per node (0-based, within its type)
    method: str = "list"
    info: dict = field(default_factory=dict)

    @property
    def T(self) -> int:
        return analysis.makespan(self.problem, self.start)

    def mix(self) -> dict:
        return self.problem.mix(self.counts)

    def violations(self) -> list:
        """Everything wrong with the schedule (empty when it respects precedence and resources)."""
        P, bad = self.problem, []
        for v in range(P.n):
            if self.start[v] < 0:
                bad.append(f"{P.names[v]} is not scheduled")
                continue
            for p in P.preds[v]:
                if self.start[v] < self.start[p] + P.lat[p]:
                    bad.append(
                        f"{P.names[v]} starts at {self.start[v]} before {P.names[p]} ends at {self.start[p] + P.lat[p]}"
                    )
            if not 0 <= self.inst[v] < self.counts[P.unit[v]]:
                bad.append(f"{P.names[v]} on instance {self.inst[v]} of {self.counts[P.unit[v]]}")
            elif P.lat[v] != P.instance_latency(P.unit[v], self.inst[v], v):
                bad.append(
                    f"{P.names[v]} takes {P.lat[v]} cycles on {P.types[P.unit[v]]}#{self.inst[v]}, whose latency is "
                    f"{P.instance_latency(P.unit[v], self.inst[v], v)}"
                )
        occ: dict = {}
        for v in range(P.n):
            for c in range(self.start[v], self.start[v] + P.occ[v]):
                key = (P.unit[v], self.inst[v], c)
                if key in occ:
                    bad.append(
                        f"{P.names[v]} and {P.names[occ[key]]} share {P.types[P.unit[v]]}#{self.inst[v]} at cycle {c}"
                    )
                occ[key] = v
        return bad

    def verify(self) -> "Schedule":
        bad = self.violations()
        if bad:
            raise AssertionError(f"invalid schedule ({len(bad)} violations): " + "; ".join(bad[:5]))
        return self

    def to_json(self) -> dict:
        P = self.problem
        return {
            "method": self.method,
            "T": self.T,
            "units": self.mix(),
            "info": self.info,
            "ops": [
                {
                    "id": P.names[v],
                    "op": P.ops[v],
                    "unit": P.types[P.unit[v]],
                    "instance": self.inst[v],
                    "start": self.start[v],
                    "end": self.start[v] + P.lat[v],
                }
                for v in range(P.n)
            ],
        }


def assign_instances(P: Problem, counts, start) -> list:
    """Unit instances for given start times (interval-graph colouring per type, lowest free first);
    feasible whenever no more than counts[u] operations of type u occupy any cycle."""
    inst = [-1] * P.n
    free_at = [[0] * c for c in counts]
    for v in sorted(range(P.n), key=lambda v: (start[v], v)):
        u = P.unit[v]
        k = next((k for k, f in enumerate(free_at[u]) if f <= start[v]), None)
        if k is None:
            k = min(range(counts[u]), key=lambda k: (free_at[u][k], k))  # over capacity: caught by verify()
        inst[v] = k
        free_at[u][k] = start[v] + P.occ[v]
    return inst


def paper_mobility(P: Problem, tail, start, lat: Optional[list] = None) -> list:
    """ALAP - ASAP of the unscheduled nodes, placed nodes fixed at their cycles (``mobility``); ``lat``:
    the latencies per node when not P's (placed nodes on heterogeneous instances: their bound ones)."""
    est, alap = paper_windows(P, tail, start, lat)
    return [a - e for a, e in zip(alap, est)]


def paper_windows(P: Problem, tail, start, lat: Optional[list] = None) -> tuple[list, list]:
    """(ASAP, ALAP) of :func:`paper_mobility`."""
    n, preds = P.n, P.preds
    lat = P.lat if lat is None else lat
    est = [0] * n
    L = 0
    for v in range(n):  # topological order
        s = start[v]
        if s < 0:
            s = 0
            for p in preds[v]:
                f = (start[p] if start[p] >= 0 else est[p]) + lat[p]
                if f > s:
                    s = f
        est[v] = s
        if s + lat[v] > L:
            L = s + lat[v]
    return est, [L - tail[v] for v in range(n)]  # ALAP(v) = L - tail(v)


def rc_mobility(P: Problem, vec, t, start, busy) -> list:
    """ALAP_rc - ASAP_rc of the unscheduled nodes at cycle t (``rc``, see the module docstring)."""
    n, lat, occ, unit, preds = P.n, P.lat, P.occ, P.unit, P.preds
    minfree = [max(t, min(b)) for b in busy]
    est = [0] * n
    L = 0
    for v in range(n):
        s = start[v]
        if s >= 0:
            f = s + lat[v]
        else:
            e = minfree[unit[v]]
            for p in preds[v]:
                fp = start[p] + lat[p] if start[p] >= 0 else est[p] + lat[p]
                if fp > e:
                    e = fp
            est[v] = e
            f = e + lat[v]
        if f > L:
            L = f
    ceil = [[L] * c for c in vec]
    LF = [L] * n
    cnt = [0] * n
    heap = []
    for v in range(n):
        if start[v] < 0:
            cnt[v] = sum(1 for s in P.succs[v] if start[s] < 0)
            if cnt[v] == 0:
                heap.append((-L, -est[v], -v))
    heapq.heapify(heap)
    mob = [0] * n
    while heap:
        _, _, mv = heapq.heappop(heap)
        v = -mv
        cu = ceil[unit[v]]
        k = max(range(len(cu)), key=lambda k: (cu[k], -k))
        s = min(LF[v] - lat[v], cu[k] - occ[v])
        cu[k] = s
        mob[v] = s - est[v]
        for p in preds[v]:
            if start[p] < 0:
                if s < LF[p]:
                    LF[p] = s
                cnt[p] -= 1
                if cnt[p] == 0:
                    heapq.heappush(heap, (-LF[p], -est[p], -p))
    return mob


def release_successors(v: int, f: int, succs: list, npred: list, ready_at: list, pending: set) -> None:
    """Operation v started, its result ready at f: its successors wait for one predecessor less."""
    for s in succs[v]:
        npred[s] -= 1
        if f > ready_at[s]:
            ready_at[s] = f
        if npred[s] == 0:
            pending.add(s)


def _bind(C: list, t: int, busy: list, il: list, alap: list, nominal: list, bind: str) -> list:
    """Heterogeneous instances of one type at cycle t: (node, instance) for the ready nodes ``C`` (in priority
    order) that start now. ``finish``: each on the instance that finishes it first (max(t, free) + latency,
    lowest index on a tie), waiting when that one is busy. ``slack``: a node whose slack covers a slower free
    instance (t + its latency <= ALAP + the nominal latency) starts on the slowest such, keeping the fast ones
    for the critical nodes; the others as ``finish``."""
    out = []
    for v in C:
        k = min(range(len(il)), key=lambda k: (max(t, busy[k]) + il[k], k))
        if bind == "slack":
            ok = [j for j in range(len(il)) if busy[j] <= t and t + il[j] <= alap[v] + nominal[v]]
            if ok:
                k = max(ok, key=lambda j: (il[j], -j))
        if busy[k] > t:
            continue  # its best instance is still busy: it waits for it
        busy[k] = t + il[k]  # reserved here (the caller sets the occupancy)
        out.append((v, k))
    return out


def _heterogeneous_types(P: Problem, ntypes: int, priority: str, bind: str) -> list:
    """Per type whether its instances differ in latency; the priority and binding checked."""
    from pairkit.dse.errors import DSEError

    if priority not in PRIORITIES:
        raise DSEError(f"unknown priority {priority!r} (known: {', '.join(PRIORITIES)})")
    if bind not in BINDS:
        raise DSEError(f"unknown instance binding {bind!r} (known: {', '.join(BINDS)})")
    if not P.heterogeneous or P.inst_lat is None:
        return [False] * ntypes
    if priority == "rc":
        raise DSEError("priority 'rc' assumes identical instances per unit type; use 'mobility' or 'static'")
    return [il is not None and len(set(il)) > 1 for il in P.inst_lat]


class _Priority:
    """The ready nodes' priorities at a cycle (the module docstring's): static ones once, the others
    recomputed whenever the resource availability changed (``dirty``: a new cycle, a node started)."""

    def __init__(self, P: Problem, vec: list, priority: str):
        self.P, self.vec, self.priority = P, vec, priority
        self.tail = analysis.tails(P)
        self.static: Optional[tuple] = None
        if priority == "static":
            a = analysis.asap(P)
            L0 = analysis.makespan(P, a)
            self.static = ([L0 - self.tail[v] - a[v] for v in range(P.n)], [L0 - self.tail[v] for v in range(P.n)])
        self.dirty, self.recomputes = True, 0
        self.mob: list = []
        self.alap: list = []

    def windows(self, t: int, start: list, busy: list, lat: list) -> tuple:
        """(mobility, ALAP) per node (ALAP: empty for ``rc``)."""
        if self.static is not None:
            return self.static
        if self.dirty:
            if self.priority == "mobility":
                est, self.alap = paper_windows(self.P, self.tail, start, lat)
                self.mob = [a - e for a, e in zip(self.alap, est)]
            else:
                self.mob, self.alap = rc_mobility(self.P, self.vec, t, start, busy), []
            self.dirty = False
            self.recomputes += 1
        return self.mob, self.alap


def list_schedule(P: Problem, counts, priority: str = "mobility", bind: str = "finish") -> Schedule:
    """Seed 001's list-based schedule of ``P`` on ``counts`` units (dict by name or vector over P.types);
    ``bind``: how nodes of a heterogeneous type choose their instance (:func:`_bind`: finish | slack)."""
    vec = P.counts_vector(counts)
    hetero = _heterogeneous_types(P, len(vec), priority, bind)
    n, unit, succs = P.n, P.unit, P.succs
    lat = list(P.lat)  # a node on a heterogeneous instance: its instance's latency once bound
    occ = list(P.occ)
    pr = _Priority(P, vec, priority)
    npred = [len(p) for p in P.preds]
    ready_at = [0] * n
    start, inst = [-1] * n, [-1] * n
    busy = [[0] * c for c in vec]
    pending = {v for v in range(n) if npred[v] == 0}
    ntypes = len(vec)
    t = 0
    while pending:
        by_type: list = [[] for _ in range(ntypes)]
        for v in pending:
            if ready_at[v] <= t:
                by_type[unit[v]].append(v)
        pr.dirty = True
        for u in range(ntypes):
            C = by_type[u]
            free = [k for k, b in enumerate(busy[u]) if b <= t]
            if not C or not free:
                continue
            if hetero[u]:
                mob, alap = pr.windows(t, start, busy, lat)
                C.sort(key=lambda v: (mob[v], v))
                il = [P.instance_latency(u, k, -1) for k in range(vec[u])]
                bound = _bind(C, t, busy[u], il, alap, P.lat, bind)
                for v, k in bound:
                    if occ[v] == lat[v]:  # non-pipelined: busy for the whole latency
                        occ[v] = il[k]
                    lat[v] = il[k]
                C, free = [v for v, _ in bound], [k for _, k in bound]
            elif len(C) > len(free):
                mob = pr.windows(t, start, busy, lat)[0]
                C.sort(key=lambda v: (mob[v], v))
                C = C[: len(free)]
            else:
                C.sort()
            for v, k in zip(C, free):
                start[v], inst[v] = t, k
                busy[u][k] = t + occ[v]
                pending.discard(v)
                pr.dirty = True
                release_successors(v, t + lat[v], succs, npred, ready_at, pending)
        if pending:
            minfree = [min(b) for b in busy]
            t = min(max(ready_at[v], minfree[unit[v]], t + 1) for v in pending)
    info = {"priority": priority, "mobility_recomputations": pr.recomputes}
    if any(hetero):  # the problem as bound: each node's latency that of its instance
        P = replace(P, lat=lat, occ=occ)
    return Schedule(P, vec, start, inst, "list", info)


def sink(
    P: Problem, sched: Schedule, kinds: Optional[set] = None, admit: Optional[Callable[[int, int, list], bool]] = None
) -> Schedule:
    """Shorter lifetimes at the same makespan: each operation (of ``kinds``, all when None) moves to the
    latest start its successors and the makespan allow where an instance of its unit is free (reverse
    topological order, so a chain sinks whole: its results are then produced just before they are
    read instead of as soon as possible, the way seed 003's ISU computes each iteration's square
    roots when the BAU needs them). Precedence, resources and the makespan are kept: the cycles are
    the list schedule's.

    ``admit(v, t, start)``: one more constraint (e.g. the read buses of :mod:`pairkit.hw.core.buses`),
    asked for each later start t where an instance is free, latest first, with ``start`` the current
    starts (start[v] still v's old one); it returns whether v may start at t and, when it does, records
    v there (the move is then made: the first start admitted is taken).

    Heterogeneous instances: the schedule's own problem (each node's bound latency) is used, and a node
    moves only to an instance of the same latency."""
    if sched.problem.heterogeneous:
        P = sched.problem
    T = sched.T
    start, inst = list(sched.start), list(sched.inst)
    busy: dict = {}  # (unit, instance) -> set of cycles
    for v in range(P.n):
        busy.setdefault((P.unit[v], inst[v]), set()).update(range(start[v], start[v] + P.occ[v]))
    for v in reversed(range(P.n)):
        if kinds is not None and P.ops[v] not in kinds:
            continue
        latest = min([start[s] - P.lat[v] for s in P.succs[v]] + [T - P.lat[v]])
        if latest <= start[v]:
            continue
        own = busy[(P.unit[v], inst[v])]
        own.difference_update(range(start[v], start[v] + P.occ[v]))
        best = None
        for t in range(latest, start[v], -1):
            for k in range(sched.counts[P.unit[v]]):
                if P.instance_latency(P.unit[v], k, v) != P.lat[v]:
                    continue
                b = busy.setdefault((P.unit[v], k), set())
                if all(c not in b for c in range(t, t + P.occ[v])):
                    if admit is None or admit(v, t, start):
                        best = (t, k)
                    break
            if best:
                break
        if best:
            start[v], inst[v] = best
        busy[(P.unit[v], inst[v])].update(range(start[v], start[v] + P.occ[v]))
    out = Schedule(P, sched.counts, start, inst, sched.method, dict(sched.info, sunk=True))
    return out.verify()
