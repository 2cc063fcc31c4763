"""Register allocation: the minimum number of temporary registers of a schedule (seed 001 section 3,
step 2: "compute the minimum number of temporary variables (register allocation)").

Lifetimes (cycles, half-open [begin, end)) in a loop body scheduled in T cycles, iterations back to back:

* a node's value is written to a temporary register when it is produced (cycle start + latency) and
  is held until the load cycle of its last reader (the reader's start cycle), i.e. [def, last + 1);
* a value the next iteration reads (a loop-carried output, or any output of the scope) is held until
  the end of the iteration, [def, T): the next iteration finds it there;
* a carried input (the value the previous iteration left) is live from cycle 0 to its last read;
  with a dependence distance d > 1 it also occupies d - 1 extra registers for the whole iteration
  (the values of the iterations in between);
* an invariant input (e.g. x_Q in seed 000 Alg. 2) is live the whole iteration, [0, T);
* constants (0, 1, b) are hard-wired and need no register; stream/live-in inputs live [0, last + 1).

The interval graph of these lifetimes is coloured by the left-edge algorithm (intervals by increasing
begin, each taking a free register), which uses exactly max-live registers, the minimum. Among free
registers a loop-carried output prefers the one holding the input it becomes in the next iteration;
``carried_moves`` counts carried values that could not keep their register (each costs a
register-to-register move at the iteration boundary, or an unroll by two). The registers of this
module are the temporaries; units' I/O buffers are inside the unit areas (seed 001 section 4).
"""

from __future__ import annotations

import heapq


def lifetimes(sched) -> list:
    """[(begin, end, value id, kind)] for every value needing a register in ``sched``."""
    P = sched.problem
    T = sched.T
    start, lat = sched.start, P.lat
    out = []
    outputs = set(P.outputs)
    for v in range(P.n):
        d = start[v] + lat[v]
        last = max((start[s] for s in P.succs[v]), default=None)
        end = T if v in outputs else (last + 1 if last is not None else None)
        if end is not None and end > d:
            out.append((d, end, P.names[v], "carried-out" if v in outputs else "temp"))
    inputs = {i.id: i for i in P.ddg.inputs}
    last_read: dict = {}
    for v in range(P.n):
        for r in P.reads[v]:
            last_read[r] = max(last_read.get(r, -1), start[v])
    for r in sorted(last_read):
        inp = inputs[r]
        if inp.kind == "const":
            continue
        if inp.kind == "invariant":
            out.append((0, max(T, 1), r, "invariant"))
            continue
        out.append((0, last_read[r] + 1, r, "carried-in" if inp.kind == "carried" else inp.kind))
        if inp.kind == "carried":
            for k in range(1, inp.distance):
                out.append((0, max(T, 1), f"{r}@-{k}", "carried-in"))
    return sorted(out)


def max_live(intervals) -> int:
    """The largest number of intervals covering one cycle (sweep)."""
    ev = []
    for b, e, *_ in intervals:
        ev.append((b, 1))
        ev.append((e, -1))
    ev.sort(key=lambda x: (x[0], x[1]))  # an end at c frees before a begin at c
    cur = best = 0
    for _, d in ev:
        cur += d
        best = max(best, cur)
    return best


def allocate(sched) -> dict:
    """Left-edge register allocation of ``sched`` (see the module docstring)."""
    P = sched.problem
    ivs = lifetimes(sched)
    # which carried input a node's value becomes in the next iteration (distance 1)
    becomes: dict = {}
    for i in P.ddg.inputs:
        if i.kind == "carried" and i.distance == 1:
            becomes.setdefault(i.src, i.id)
    inv = {}
    for src, inp in becomes.items():
        inv[inp] = src
    free: list = []
    active: list = []  # (end, reg)
    reg_of: dict = {}
    reserved: dict = {}  # register -> carried-out value that wants it
    nregs = 0
    moves = 0
    for b, e, name, kind in ivs:
        while active and active[0][0] <= b:
            free.append(heapq.heappop(active)[1])
        want = reg_of.get(becomes.get(name)) if kind == "carried-out" else None
        if want is not None and want in free:
            r = want
        else:
            if kind == "carried-out" and becomes.get(name) in reg_of:
                moves += 1
            # any free register keeps the count minimal; avoid those a pending carried output wants
            r = min(free, key=lambda x: (x in reserved, x)) if free else None
            if r is None:
                r, nregs = nregs, nregs + 1
        if r in free:
            free.remove(r)
        reserved.pop(r, None)
        if kind == "carried-in" and name in inv:
            reserved[r] = inv[name]
        reg_of[name] = r
        heapq.heappush(active, (e, r))
    return {
        "registers": nregs,
        "max_live": max_live(ivs),
        "carried_moves": moves,
        "assignment": reg_of,
        "intervals": [list(x) for x in ivs],
    }
