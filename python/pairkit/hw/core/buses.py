"""Restricted interconnect: B read buses (``CoreConfig.buses``).

Without buses every unit input port has a multiplexer over every register the schedule reads there
(about sum-over-ports of the distinct sources). With ``buses = B`` the core has B read buses: in
each step at most B distinct registers are read, each onto one bus (a bus is a multiplexer over the
registers assigned to it), and a unit port selects among the buses it reads (plus its forwarded unit
outputs, constants and tables, which use no bus). Multiplexer inputs fall from
sum(ports' distinct registers) to sum(buses' registers) + sum(ports' buses).

Three parts:

1. **The scheduling constraint** (:func:`list_schedule`, :func:`sink`): seed 001's list scheduling and
   the sinking of :mod:`pairkit.dse.listsched` (its ``admit`` hook) with one more resource, the buses. An operation
   started
   at step s reads each operand from its register in steps s .. s + window - 1 (window 1 for a
   latching unit, ``cycles`` for an unlatched one whose operands the core holds); an operand taken from
   its producer's output port in the step it appears (``forward``) uses no bus in step s (it is read
   from its register in the window's later steps); constants and table entries use none. Operands are
   counted per *value* (two readers of one value in one step share a bus). An operation is placed only
   where every step of its window keeps at most B distinct values read.
2. **Bus assignment** (:func:`assign`): once registers are bound, each step's registers are mapped
   one-to-one onto the buses, choosing the map that adds the fewest multiplexer inputs (bus <- register
   and port <- bus pairs not yet used): greedy in step order, then coordinate descent (each step
   re-chosen against all the others) until no step improves.
3. The RTL (:class:`pairkit.hw.core.rtl.Layout`) builds the bus multiplexers and the ports' bus
   selects from :attr:`Microcode.bus_of`; the schedule interpreter checks the assignment.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Optional

from pairkit.dse import analysis, listsched
from pairkit.dse.listsched import Schedule
from pairkit.dse.problem import Problem
from pairkit.hw.core.errors import CoreError

#: bus counts up to this value get the exact per-step assignment (all injective maps); above, greedy
EXACT_UP_TO = 5


class Reads:
    """Which values each operation reads from registers, and in which steps (relative to its start).
    ``operands[v]``: (value key, producing node or None) per operand that comes from a register
    (constants and table entries left out); a compound operation's outputs are distinct values."""

    def __init__(self, operands: list, window: list, cycles: list, forward: bool):
        self.window, self.cycles, self.forward = window, cycles, forward
        self.ops = [list(dict.fromkeys(o)) for o in operands]
        self.succs: list = [[] for _ in operands]  # consumers of each node's values
        for v, o in enumerate(self.ops):
            for _, p in o:
                if p is not None and v not in self.succs[p]:
                    self.succs[p].append(v)

    def width(self, v: int) -> int:
        return len({k for k, _ in self.ops[v]})

    def profile(self, v: int, start: list, at: Optional[int] = None) -> list:
        """[(step, value key)] that operation v reads from registers when it starts at ``at`` (default
        start[v]); its producers' starts come from ``start``."""
        s = start[v] if at is None else at
        out: list = []
        for key, p in self.ops[v]:
            fwd = self.forward and p is not None and start[p] >= 0 and start[p] + self.cycles[p] == s
            out.extend((s + k, key) for k in range(1 if fwd else 0, self.window[v]))
        return out


class Budget:
    """Per step, the values read (with multiplicity: several readers of one value share its bus)."""

    def __init__(self, B: int):
        self.B = B
        self.steps: dict = {}

    def fits(self, pairs) -> bool:
        new: dict = {}
        for t, key in pairs:
            c = self.steps.get(t)
            if c is None or key not in c:
                new.setdefault(t, set()).add(key)
        return all(len(self.steps.get(t, ())) + len(ks) <= self.B for t, ks in new.items())

    def add(self, pairs) -> None:
        for t, key in pairs:
            self.steps.setdefault(t, Counter())[key] += 1

    def remove(self, pairs) -> None:
        for t, key in pairs:
            c = self.steps[t]
            c[key] -= 1
            if not c[key]:
                del c[key]


def _check_width(P: Problem, R: Reads, B: int, name: str) -> None:
    for v in range(P.n):
        if R.width(v) > B:
            raise CoreError(
                f"buses: {P.ops[v]} in {name} reads {R.width(v)} registers at once, more "
                f"than the {B} buses (give buses >= the widest operation's operands)"
            )


def list_schedule(P: Problem, counts, priority: str, R: Reads, B: int, name: str = "block") -> Schedule:
    """:func:`pairkit.dse.listsched.list_schedule` (same priorities and tie-breaks) with at most B
    distinct values read from registers per step: a ready operation whose window would exceed the
    buses waits, the next one by priority may start instead."""
    _check_width(P, R, B, name)
    vec = P.counts_vector(counts)
    n, lat, occ, unit, succs = P.n, P.lat, P.occ, P.unit, P.succs
    tail = analysis.tails(P)
    static = None
    if priority == "static":
        a = analysis.asap(P)
        L0 = analysis.makespan(P, a)
        static = [L0 - tail[v] - a[v] for v in range(n)]
    npred = [len(p) for p in P.preds]
    ready_at = [0] * n
    start, inst = [-1] * n, [-1] * n
    busy = [[0] * c for c in vec]
    bud = Budget(B)
    pending = {v for v in range(n) if npred[v] == 0}
    t = 0
    while pending:
        by_type: list = [[] for _ in vec]
        for v in pending:
            if ready_at[v] <= t:
                by_type[unit[v]].append(v)
        mob: list = []
        dirty = True
        for u, C in enumerate(by_type):
            free = [k for k, b in enumerate(busy[u]) if b <= t]
            if not C or not free:
                continue
            if static is not None:
                C.sort(key=lambda v: (static[v], v))
            elif len(C) > 1:
                if dirty:
                    mob = (
                        listsched.paper_mobility(P, tail, start)
                        if priority == "mobility"
                        else listsched.rc_mobility(P, vec, t, start, busy)
                    )
                    dirty = False
                C.sort(key=lambda v: (mob[v], v))
            for v in C:
                if not free:
                    break
                prof = R.profile(v, start, t)
                if not bud.fits(prof):
                    continue
                k = free.pop(0)
                start[v], inst[v] = t, k
                bud.add(prof)
                busy[u][k] = t + occ[v]
                pending.discard(v)
                dirty = True
                listsched.release_successors(v, t + lat[v], succs, npred, ready_at, pending)
        if pending:
            minfree = [min(b) for b in busy]
            t = min(max(ready_at[v], minfree[unit[v]], t + 1) for v in pending)
    return Schedule(P, vec, start, inst, "list", {"priority": priority, "buses": B})


def sink(P: Problem, sched: Schedule, kinds: Optional[set], R: Reads, B: int) -> Schedule:
    """:func:`pairkit.dse.listsched.sink` keeping the bus budget (its ``admit`` hook): an operation
    moves to the latest start its successors, the makespan, a free instance **and the buses** allow.
    Moving v changes its own reads and whether its successors take it from its output port (then they
    read its register in their start step instead), so both are re-counted."""
    bud = Budget(B)
    for v in range(P.n):
        bud.add(R.profile(v, sched.start))

    def admit(v: int, t: int, start: list) -> bool:
        touched = [v, *R.succs[v]]
        old = [p for w in touched for p in R.profile(w, start)]
        bud.remove(old)
        s0, start[v] = start[v], t
        new = [p for w in touched for p in R.profile(w, start)]
        start[v] = s0
        ok = bud.fits(new)
        bud.add(new if ok else old)
        return ok

    return listsched.sink(P, sched, kinds, admit)


def _reads(st) -> dict:
    """register -> unit ports (unit, k) reading it in a step (starts and holds)."""
    out: dict = {}
    for s in (*st.starts, *st.holds):
        for k, x in enumerate(s.srcs):
            if x[0] == "reg":
                out.setdefault(x[1], set()).add((*s.unit, k))
    return out


def assign(steps: list, B: int, seed: int = 0) -> list:
    """Per step {register: bus}: one-to-one, fewest multiplexer inputs (bus <- register and port <- bus
    pairs). Greedy in step order, then passes of
    coordinate descent in a seeded random order, each step's best map re-chosen against all the others
    (ties broken at random, so the search walks plateaus); the best total is kept."""
    import random

    rng = random.Random(seed)
    reads = [_reads(st) for st in steps]
    for t, rd in enumerate(reads):
        if len(rd) > B:
            raise CoreError(f"internal: buses: step {t} reads {len(rd)} registers, more than the {B} buses")
    mx = _BusMux(B, rng)
    maps = []
    for rd in reads:
        m = mx.best(rd, False) if rd else {}
        mx.use(rd, m, 1)
        maps.append(m)
    best_total, best_maps = mx.total(), list(maps)
    idle = 0
    order = [t for t, rd in enumerate(reads) if rd]
    for _ in range(60):
        rng.shuffle(order)
        for t in order:
            mx.use(reads[t], maps[t], -1)
            maps[t] = mx.best(reads[t], True)
            mx.use(reads[t], maps[t], 1)
        cur = mx.total()
        if cur < best_total:
            best_total, best_maps, idle = cur, list(maps), 0
        else:
            idle += 1
            if idle >= 8:
                break
    return best_maps


class _BusMux:
    """The multiplexer inputs of :func:`assign`'s maps: bus <- register and port <- bus pairs in use."""

    def __init__(self, B: int, rng):
        self.B, self.rng = B, rng
        self.br: Counter = Counter()  # (bus, register) -> uses
        self.pb: Counter = Counter()  # (port, bus) -> uses

    def use(self, rd, m, d):
        for r, b in m.items():
            self.br[(b, r)] += d
            for p in rd[r]:
                self.pb[(p, b)] += d

    def cost(self, rd, m):
        c = 0
        for r, b in m.items():
            c += self.br[(b, r)] == 0
            c += sum(self.pb[(p, b)] == 0 for p in rd[r])
        return c

    def best(self, rd, random_ties):
        B = self.B
        regs = sorted(rd)
        if B <= EXACT_UP_TO:
            cands = [dict(zip(regs, perm)) for perm in itertools.permutations(range(B), len(regs))]
        else:  # greedy: each register the cheapest free bus
            m: dict = {}
            for r in regs:
                m[r] = min((b for b in range(B) if b not in m.values()), key=lambda b: self.cost(rd, {r: b}))
            return m
        scored = [(self.cost(rd, m), k) for k, m in enumerate(cands)]
        lo = min(sc for sc, _ in scored)
        ties = [k for sc, k in scored if sc == lo]
        return cands[self.rng.choice(ties) if random_ties else ties[0]]

    def total(self):
        return sum(1 for c in self.br.values() if c) + sum(1 for c in self.pb.values() if c)


def check(steps: list, bus_of: list, B: int) -> Optional[str]:
    """The first step whose register reads are not one-to-one on the B buses (None when all are)."""
    for t, st in enumerate(steps):
        rd = _reads(st)
        m = bus_of[t] if t < len(bus_of) else {}
        if set(rd) - set(m):
            return f"step {t}: register(s) {sorted(set(rd) - set(m))} read without a bus"
        used = [m[r] for r in rd]
        if len(set(used)) != len(used) or any(not 0 <= b < B for b in used):
            return f"step {t}: registers {sorted(rd)} on buses {used} (one register per bus, {B} buses)"
    return None
