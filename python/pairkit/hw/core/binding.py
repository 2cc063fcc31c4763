"""Binding that minimises the multiplexers (``binding="mux"``; the interconnect of :mod:`.rtl`).

Every unit input port has a multiplexer over the registers (and constants) the schedule reads there,
and every register one over the sources that write it (:class:`.rtl.Layout`); each input costs about
half a LUT4 per bit (2:1 multiplexers in LUT4s, the upper levels in the F5/F6 multiplexers). The
first-fit colouring of :class:`.codegen._Alloc` picks, value by value, the free register that adds the
fewest inputs; this pass then improves the whole binding by local search over three kinds of choice,
each move taken when it lowers the number of multiplexer inputs (distinct sources per unit port +
distinct sources per register):

* **registers**: a virtual register (a value's lifetime, or a carried value's home) moves to another
  register where it fits, or swaps with the one virtual register that blocks it there;
* **unit instances** of the prologue's and epilogue's operations (straight-line code, whose results are
  written the step they leave the unit): an operation moves to another instance of its kind that is
  free for its whole occupancy, or swaps with the one operation that blocks it there (same start
  step and kind: both fit);
* **operand order** of additions and multiplications (commutative; a sign or +1 modifier travels with
  its operand), every operation.

With ``forward`` a reader that takes an operand from a unit's output port reads the *producing
operation's* instance: the source ``("unit", (op, i))`` is an event of the producer, so moving the
producer moves it (and its cost) with it; the reader's port sees the new instance. An operation's
occupancy is the scheduler's (``cycles`` with forwarding: the unit may restart in the step its result
appears). An unlatched unit's hold sources (the operand registers of the steps after its start, a
forwarded operand's register included) are read events of its port like the start's, so the cost is
what :class:`.rtl.Layout` builds: distinct sources per port over starts *and* holds, per register over
writes (a register-to-register move's source follows its register).

Start steps and lifetimes are unchanged (``spare``: registers the search may add), so the cycles are the same and
every binding visited is as valid as the first-fit one (lifetimes never overlap on a register, an
instance never runs two operations at once); the interpreter and the RTL simulations check the result.
"""

from __future__ import annotations

from pairkit.hw.core.ops import base_kind

COMMUTATIVE = ("add", "mul")
#: simulated-annealing moves of ``binding="mux"`` (about 10 s of Python per million on this machine)
ANNEAL_MOVES = 1_500_000


def _fits(ivs, taken) -> bool:
    return all(b <= c or d <= a for a, b in ivs for c, d in taken)


class Model:
    """Read and write events of a built micro-code (registers as virtual registers), with the choices
    the search may change.

    ``reads``: per event [op, j, src] (src ("vreg", v), ("fwd", producer op, output kind) or a fixed
    source); ``writes``: per event [vreg, op or None, src] (src ("unit", (kind, i)) with op the unit's
    operation, ("vreg", v) for a move, or fixed); ``ops``: per operation [kind, inst, swap, movable,
    occupancy (start, end), read events, write events, operand count, forwarded read events]."""

    def __init__(self, vregs, phys, n_regs, counts, peers=None):
        self.vregs, self.phys, self.n_regs, self.counts = vregs, list(phys), n_regs, counts
        # (kind, inst) -> the instances an operation on it may move to (a heterogeneous kind: those of the
        # same latency; by default every instance of the kind)
        self.peers: dict = peers or {}
        self.reads, self.writes, self.ops = [], [], []
        self.busy: dict = {}  # (kind, inst) -> list of op ids

    def add_op(self, kind, inst, srcs, t0, t1, movable) -> int:
        k = len(self.ops)
        self.ops.append([kind, inst, 0, movable and len(self.insts(kind, inst)) > 1, (t0, t1), [], [], len(srcs), []])
        self.busy.setdefault((kind, inst), []).append(k)
        return k

    def insts(self, kind, inst) -> tuple:
        """The instances an operation of ``kind`` on ``inst`` may be bound to."""
        return self.peers.get((kind, inst), tuple(range(self.counts.get(kind, 1))))

    def add_read(self, op, j, src) -> None:
        """Operand j of ``op`` reads ``src`` (at its start or, for an unlatched unit, a hold)."""
        self.ops[op][5].append(len(self.reads))
        if src[0] == "fwd":
            self.ops[src[1]][8].append(len(self.reads))
        self.reads.append([op, j, src])

    def add_write(self, vreg, op, src) -> None:
        e = len(self.writes)
        self.writes.append([vreg, op, src])
        if op is not None:
            self.ops[op][6].append(e)

    def _two(self, o) -> bool:
        return o[0] in COMMUTATIVE and o[7] == 2

    # -- the cost: distinct sources per port and per register
    def port(self, e):
        op, j, _ = self.reads[e]
        o = self.ops[op]
        return (o[0], o[1], j ^ o[2] if self._two(o) else j)

    def rsrc(self, e):
        s = self.reads[e][2]
        if s[0] == "vreg":
            return ("reg", self.phys[s[1]])
        if s[0] == "fwd":
            return ("unit", (s[2], self.ops[s[1]][1]))
        return s

    def wreg(self, e):
        return self.phys[self.writes[e][0]]

    def wsrc(self, e):
        v, op, src = self.writes[e]
        if op is not None:
            return ("unit", (src[1][0], self.ops[op][1]))
        return ("reg", self.phys[src[1]]) if src[0] == "vreg" else src

    def _counts(self):
        self.rc: dict = {}
        self.wc: dict = {}
        for e in range(len(self.reads)):
            self._rd(e, 1)
        for e in range(len(self.writes)):
            self._wr(e, 1)

    @staticmethod
    def _bump(table, key, d) -> int:
        """Add d (+1 or -1) to a source's count: +1 / -1 when the source appears / disappears."""
        n = table.get(key, 0)
        table[key] = n + d
        return int(n == 0) if d > 0 else -int(n + d == 0)

    def _rd(self, e, d):
        return self._bump(self.rc, (self.port(e), self.rsrc(e)), d)

    def _wr(self, e, d):
        return self._bump(self.wc, (self.wreg(e), self.wsrc(e)), d)

    def cost(self) -> int:
        """Distinct sources over all ports and registers (multiplexer inputs, first ones included)."""
        return sum(1 for n in self.rc.values() if n) + sum(1 for n in self.wc.values() if n)

    # -- moves (each returns the change in inputs; undo by the inverse move)
    def _v_events(self):
        self.v_reads: dict = {}
        self.v_writes: dict = {}  # writes into v, and moves out of v
        for e, (_, _, s) in enumerate(self.reads):
            if s[0] == "vreg":
                self.v_reads.setdefault(s[1], []).append(e)
        for e, w in enumerate(self.writes):
            self.v_writes.setdefault(w[0], []).append(e)
            if w[1] is None and w[2][0] == "vreg" and w[2][1] != w[0]:
                self.v_writes.setdefault(w[2][1], []).append(e)

    def move_vreg(self, v, r) -> int:
        d = 0
        for e in self.v_reads.get(v, ()):
            d += self._rd(e, -1)
        for e in self.v_writes.get(v, ()):
            d += self._wr(e, -1)
        if self.vregs[v]:
            self.on[self.phys[v]].remove(v)
            self.on[r].append(v)
        self.phys[v] = r
        for e in self.v_reads.get(v, ()):
            d += self._rd(e, 1)
        for e in self.v_writes.get(v, ()):
            d += self._wr(e, 1)
        return d

    def set_op(self, k, inst, swap) -> int:
        o = self.ops[k]
        d = 0
        moved = inst != o[1]
        for e in o[5]:
            d += self._rd(e, -1)
        for e in o[6]:
            d += self._wr(e, -1)
        for e in o[8] if moved else ():  # readers of its output port follow it
            d += self._rd(e, -1)
        if moved:
            self.busy[(o[0], o[1])].remove(k)
            self.busy.setdefault((o[0], inst), []).append(k)
        o[1], o[2] = inst, swap
        for e in o[5]:
            d += self._rd(e, 1)
        for e in o[6]:
            d += self._wr(e, 1)
        for e in o[8] if moved else ():
            d += self._rd(e, 1)
        return d

    def search(self, sweeps: int = 12, anneal: int = 0, seed: int = 1, swaps: bool = False) -> None:
        self._counts()
        self._v_events()
        self.on: list[list[int]] = [[] for _ in range(self.n_regs)]
        for v, r in enumerate(self.phys):
            if self.vregs[v]:
                self.on[r].append(v)
        vs = [v for v in range(len(self.vregs)) if v in self.v_reads or v in self.v_writes]
        if anneal:  # about 2,000 moves per choice, at most ``anneal``
            self._anneal(vs, min(anneal, 2000 * (len(vs) + len(self.ops))), seed, swaps)
        for _ in range(sweeps):
            gain = self._sweep_ops() + self._sweep_vregs(vs)
            if gain == 0:
                break

    def _anneal(self, vs, moves: int, seed: int, swaps: bool = False, t_hi: float = 2.0, t_lo: float = 0.05) -> None:
        """Simulated annealing (deterministic: a seeded generator): random register and instance /
        operand-order moves, a worse binding accepted with probability exp(-d / T), T from 2 to 0.05;
        the best binding seen is kept. ``swaps``: a register move blocked by exactly one lifetime
        swaps the two (what a full register file needs: the s003 cores, whose sunk schedules leave
        almost no register free; off for the cores bound before, so their micro-code stays the same)."""
        import math
        import random

        rng = random.Random(seed)
        ops = [k for k, o in enumerate(self.ops) if o[3] or self._two(o)]
        cur = best = self.cost()
        keep = (list(self.phys), [list(o[1:3]) for o in self.ops])
        for it in range(moves):
            T = t_hi * ((t_lo / t_hi) ** (it / moves))
            if ops and rng.random() < 0.5:
                k = rng.choice(ops)
                o = self.ops[k]
                inst0, sw0 = o[1], o[2]
                inst = rng.choice(self.insts(o[0], inst0)) if o[3] else inst0
                sw = rng.randrange(2) if self._two(o) else 0
                if (inst, sw) == (inst0, sw0):
                    continue
                t0, t1 = o[4]
                if inst != inst0 and any(
                    not (self.ops[q][4][1] <= t0 or t1 <= self.ops[q][4][0]) for q in self.busy.get((o[0], inst), ())
                ):
                    continue
                d = self.set_op(k, inst, sw)
                if d > 0 and rng.random() >= math.exp(-d / T):
                    self.set_op(k, inst0, sw0)
                    continue
            else:
                v = rng.choice(vs)
                r0, r1 = self.phys[v], rng.randrange(self.n_regs)
                if r1 == r0:
                    continue
                block = [u for u in self.on[r1] if not _fits(self.vregs[v], self.vregs[u])]
                u = block[0] if len(block) == 1 and swaps else None
                if block and (
                    u is None or not _fits(self.vregs[u], [iv for w in self.on[r0] if w != v for iv in self.vregs[w]])
                ):
                    continue  # a swap with the one lifetime that blocks r1 (a full register file)
                d = self.move_vreg(v, r1) + (self.move_vreg(u, r0) if u is not None else 0)
                if d > 0 and rng.random() >= math.exp(-d / T):
                    if u is not None:
                        self.move_vreg(u, r1)
                    self.move_vreg(v, r0)
                    continue
            cur += d
            if cur < best:
                best = cur
                keep = (list(self.phys), [list(o[1:3]) for o in self.ops])
        phys, opst = keep
        for v, r in enumerate(phys):
            if self.phys[v] != r:
                self.move_vreg(v, r)
        for k, (inst, sw) in enumerate(opst):
            if tuple(self.ops[k][1:3]) != (inst, sw):
                self.set_op(k, inst, sw)

    def _sweep_ops(self) -> int:
        total = 0
        for k, o in enumerate(self.ops):
            kind, inst0, swap0 = o[0], o[1], o[2]
            swaps = (0, 1) if self._two(o) else (0,)
            insts = self.insts(kind, inst0) if o[3] else (inst0,)
            best, bd = None, 0
            t0, t1 = o[4]
            for inst in insts:
                other = None
                if inst != inst0:
                    block = [
                        q
                        for q in self.busy.get((kind, inst), ())
                        if not (self.ops[q][4][1] <= t0 or t1 <= self.ops[q][4][0])
                    ]
                    if len(block) > 1:
                        continue
                    if block:
                        other = block[0]
                        q = self.ops[other]
                        if not q[3] or any(
                            not (self.ops[x][4][1] <= q[4][0] or q[4][1] <= self.ops[x][4][0])
                            for x in self.busy[(kind, inst0)]
                            if x != k
                        ):
                            continue
                for sw in swaps:
                    if inst == inst0 and sw == swap0:
                        continue
                    d = self._try(k, inst, sw, other, inst0, swap0)
                    if d < bd:
                        best, bd = (inst, sw, other), d
            if best is not None:
                inst, sw, other = best
                if other is not None:
                    total += self.set_op(other, inst0, self.ops[other][2])
                total += self.set_op(k, inst, sw)
        return total

    def _try(self, k, inst, sw, other, inst0, swap0) -> int:
        d = 0
        if other is not None:
            sw_o = self.ops[other][2]
            d += self.set_op(other, inst0, sw_o)
        d += self.set_op(k, inst, sw)
        self.set_op(k, inst0, swap0)
        if other is not None:
            self.set_op(other, inst, sw_o)
        return d

    def _sweep_vregs(self, vs) -> int:
        total = 0
        for v in vs:
            r0 = self.phys[v]
            best, bd = None, 0
            for r1 in range(self.n_regs):
                if r1 == r0:
                    continue
                block = [u for u in self.on[r1] if not _fits(self.vregs[v], self.vregs[u])]
                if len(block) > 1:
                    continue
                u = block[0] if block else None
                if u is not None and not _fits(
                    self.vregs[u], [iv for w in self.on[r0] if w != v for iv in self.vregs[w]]
                ):
                    continue
                d = self.move_vreg(v, r1) + (self.move_vreg(u, r0) if u is not None else 0)
                if u is not None:
                    self.move_vreg(u, r1)
                self.move_vreg(v, r0)
                if d < bd:
                    best, bd = (r1, u), d
            if best is not None:
                r1, u = best
                total += self.move_vreg(v, r1)
                if u is not None:
                    total += self.move_vreg(u, r0)
        return total


def optimise(
    steps: list,
    blocks: tuple,
    cyc,
    counts: dict,
    vregs: list,
    phys: list,
    n_regs: int,
    forward: bool = False,
    sweeps: int = 12,
    anneal: int = ANNEAL_MOVES,
    spare: int = 0,
    mux_swaps: bool = False,
) -> tuple:
    """Search a better binding for the micro-code ``steps`` built with every virtual register its own
    (``("reg", v)`` is virtual register v; holds not yet expanded: each start carries them). ``blocks``:
    the step ranges whose operations may change instance (the prologue's and the epilogue's); ``cyc``:
    unit cycles per (operation kind, instance) (a compound operation's outputs included); an operation
    moves only between instances of equal cycles (a heterogeneous kind's: the schedule stays valid).
    Returns (phys, registers used, {(step, value): instance}, {(step, value)} whose two operands swap,
    (inputs before, after))."""
    peers = {(k, i): tuple(j for j in range(n) if cyc(k, j) == cyc(k, i)) for k, n in counts.items() for i in range(n)}
    M = Model(vregs, phys, n_regs + spare, counts, peers)
    where: dict = {}
    by_start: dict = {}  # (unit kind, instance, start step) -> op
    for t, st in enumerate(steps):
        flat = any(a <= t < b for a, b in blocks)
        for s in st.starts:
            kind, inst = s.unit
            busy = cyc(kind, inst) + (0 if forward else 1)  # the scheduler's occupancy (config.latency)
            where[(t, s.value)] = by_start[(kind, inst, t)] = M.add_op(kind, inst, s.srcs, t, t + busy, flat)

    def producer(src, t):
        """The operation whose result ``("unit", (kind, i))`` is on that output in step t (a
        compound operation's outputs j > 0: its leader's), or None."""
        kind, inst = src[1]
        return by_start.get((base_kind(kind), inst, t - cyc(kind, inst)))

    for t, st in enumerate(steps):
        for s in st.starts:
            k = by_start[(*s.unit, t)]
            for j, x in enumerate(s.srcs):
                if x[0] == "reg":
                    M.add_read(k, j, ("vreg", x[1]))
                elif x[0] == "unit" and producer(x, t) is not None:  # forwarded: follows the producer
                    M.add_read(k, j, ("fwd", producer(x, t), x[1][0]))
                else:
                    M.add_read(k, j, x)
            for j, x in enumerate(s.hold):  # the held sources of the steps after the start
                if x is not None and x != s.srcs[j]:
                    M.add_read(k, j, ("vreg", x[1]) if x[0] == "reg" else x)
        for w in st.writes:
            op = producer(w.src, t) if w.src[0] == "unit" else None
            M.add_write(w.reg, op, ("vreg", w.src[1]) if w.src[0] == "reg" else w.src)
    M._counts()
    before = M.cost()
    M.search(sweeps, anneal, swaps=mux_swaps)
    after = M.cost()
    inst = {key: M.ops[k][1] for key, k in where.items() if M.ops[k][3]}
    swaps = {key for key, k in where.items() if M.ops[k][2]}
    used = sorted({r for v, r in enumerate(M.phys) if vregs[v] or v in M.v_reads or v in M.v_writes})
    ren = {r: k for k, r in enumerate(used)}
    return [ren.get(r, 0) for r in M.phys], len(used), inst, swaps, (before, after)
