"""Read banks (``CoreConfig.read_banks``): units that read fixed registers, values crossing by copies.

Seed 003 (section 5.1, Fig. 3) places its 18 registers in banks: five in the binary arithmetic unit (BAU,
the multiplier, adder and squarers), five in the input and squaring unit (ISU), eight in the data handling
unit (DHU), which "handles transferring data from BAU to ISU and vice versa": each unit reads the
registers of its own block, and a value another block needs is copied there. Without banks the
generator's unit ports each multiplex every register the schedule reads there (:class:`.rtl.Layout`).
With ``read_banks = K`` the unit operand ports are partitioned into K groups, the registers into K
banks, and every port reads only registers of its group's bank. A binding pass on the micro-code,
before the registers are coloured; the schedule (and so the cycles) is unchanged:

1. **Groups** (:func:`group_ports`): agglomerative clustering of the operand ports, average linkage
   on the number of values two ports both read (their shared values would need a copy if they were
   apart), merged until K groups are left; then :func:`pairkit.hw.core.codegen._read_banks` moves one
   port at a time to another group while the multiplexers' extra inputs (:func:`excess`) fall, each
   layout split and coloured in full. From the data of the core's own schedule.
2. **Homes and copies** (:func:`split`): every value's virtual register goes to the bank of the group
   that reads it most; each other group reading it gets a *copy* virtual register in its own bank,
   one per definition its reads see. By default (:data:`COPY` = ``"dual"``) the copy is written
   together with the original, from the same source in the same step (a second write of the unit
   output: no step, no cycle, and a unit output rather than a register on the copy's write
   multiplexer); a host input, which no step writes, and a loop invariant are copied by a
   register-to-register move in the step before the group's first read (in the loop body, or just
   before it). A value read in the loop body before the body writes it (a carried value) has two
   reaching definitions, the previous iteration's and the one before the loop, and its copy is
   written at both. Every register has its own write multiplexer (:class:`.rtl.Layout`), so a copy
   never waits for a write port: the cycles stay those of the unbanked schedule. The original then
   lives only until its own group's last read (:func:`_shorten`).
3. **Colouring**: :meth:`.codegen._Alloc.colour` with each virtual register's bank; a register holds
   virtual registers of one bank only (those no port reads, e.g. read only by the host or by moves,
   fit anywhere).

Lifetimes are intervals on the block timeline of :mod:`.codegen` (the loop body once). A write in the
loop body recurs every iteration, so a copy written in the body's last step occupies its register at
both ends of the back edge: read after the loop, its lifetime starts in that step (a carried value in
the same register would be overwritten before the next iteration reads it); carried, it also holds
the epilogue's first step (a value the epilogue reads from the same register would be overwritten).
"""

from __future__ import annotations

from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.microcode import Start, Step, TableWrite, Write


def port_reads(steps: list, win: dict) -> list:
    """Unit-port reads of virtual registers: (first step, last step, port, vreg, (step, start index,
    operand, hold?)) per operand source (a hold: an unlatched unit's reads in the steps after its start)."""
    out = []
    for t, st in enumerate(steps):
        for i, s in enumerate(st.starts):
            w = win.get(s.unit[0], 1)
            for j, x in enumerate(s.srcs):
                if x[0] == "reg":
                    out.append((t, t, (s.unit[0], s.unit[1], j), x[1], (t, i, j, False)))
            for j, x in enumerate(s.hold):
                if x is not None and x[0] == "reg" and w > 1:
                    out.append((t + 1, t + w - 1, (s.unit[0], s.unit[1], j), x[1], (t, i, j, True)))
    return out


def group_ports(reads: list, K: int) -> dict:
    """Operand port -> group 0..K-1: average-linkage agglomerative clustering on shared values (the
    number of virtual registers both clusters read, over the product of their sizes), deterministic
    (ties by port order)."""
    by_port: dict = {}
    for _, _, port, v, _ in reads:
        by_port.setdefault(port, set()).add(v)
    ports = sorted(by_port)
    clusters = [[p] for p in ports]
    vals = [set(by_port[p]) for p in ports]
    while len(clusters) > K:
        best, key = None, None
        for a in range(len(clusters)):
            for b in range(a + 1, len(clusters)):
                shared = sum(len(by_port[p] & by_port[q]) for p in clusters[a] for q in clusters[b])
                k = (shared / (len(clusters[a]) * len(clusters[b])), -a, -b)
                if key is None or k > key:
                    best, key = (a, b), k
        assert best is not None
        a, b = best
        clusters[a] += clusters.pop(b)
        vals[a] |= vals.pop(b)
    order = sorted(range(len(clusters)), key=lambda c: min(clusters[c]))
    return {p: g for g, c in enumerate(order) for p in clusters[c]}


#: how a copy is written where both ways are possible: "move" (late: a short copy lifetime, a register
#: source on the copy's write multiplexer) or "dual" (the original's source, in its step)
COPY = "dual"
#: passes of the layout search (codegen._read_banks): each tries every port in every other group
SWEEPS = 3


def split(
    steps: list,
    vregs: list,
    K: int,
    Ls: int,
    Le: int,
    win: dict,
    name: str = "core",
    group: dict | None = None,
    wiring=None,
) -> tuple:
    """Bank the reads of the micro-code ``steps`` (built with every virtual register its own, holds not
    expanded; ``vregs``: their interval lists, extended here with the copies). Returns (new steps,
    bank per virtual register (None: no port reads it), port -> group, statistics).

    ``wiring`` (a fixed bank map, :mod:`.bankmap`): a function from a write's source to the banks it
    may write (None: any); a value's home bank is then one its writers all reach, and a copy is a
    second write of the source only into a bank the source is wired to, otherwise a move."""
    reads = port_reads(steps, win)
    group = group_ports(reads, K) if group is None else group
    n0 = len(vregs)
    writes: dict = {}  # vreg -> {step: Write}
    for t, st in enumerate(steps):
        for w in st.writes:
            writes.setdefault(w.reg, {})[t] = w
    count: dict = {}  # (vreg, group) -> (reads, first step)
    for t0, _, port, v, _ in reads:
        c, f = count.get((v, group[port]), (0, t0))
        count[(v, group[port])] = (c + 1, min(f, t0))
    bank: list = [None] * n0
    for (v, g), (c, f) in sorted(count.items()):
        h = bank[v]
        if h is None or (c, -f, -g) > (count[(v, h)][0], -count[(v, h)][1], -h):
            bank[v] = g
    if wiring is not None:
        _homes(bank, writes, count, wiring, name)

    cp = _Copies(writes, Ls, Le, name, wiring)
    copies: dict = {}  # (v, group, reaching key) -> [reads]
    for r in reads:
        t0, _, port, v, _ = r
        g = group[port]
        if g != bank[v]:
            copies.setdefault((v, g, cp.reaching(v, t0)), []).append(r)
    new = [
        Step(starts=list(st.starts), writes=list(st.writes), twrites=list(st.twrites), holds=list(st.holds))
        for st in steps
    ]
    redirect: dict = {}  # (step, start index, operand, hold?) -> copy vreg
    stats = cp.stats
    for (v, g, key), rs in sorted(copies.items(), key=lambda kv: (kv[0][0], kv[0][1], min(r[0] for r in kv[1]))):
        c = len(vregs)
        ivs = cp.make(c, v, key, min(r[0] for r in rs), max(r[1] for r in rs), g)
        vregs.append([iv for iv in ivs if iv[1] > iv[0]])
        bank.append(g)
        stats["copies"] += 1
        for r in rs:
            redirect[r[4]] = c
    extra = cp.extra
    for t, ws in extra.items():
        new[t].writes.extend(ws)
    stats["shortened"] = _shorten(new, vregs, n0, reads, group, bank, redirect)
    for (t, i, j, hold), c in redirect.items():
        s = new[t].starts[i]
        if hold:
            s = Start(s.unit, s.srcs, s.signs, s.value, s.hold[:j] + (("reg", c),) + s.hold[j + 1 :])
        else:
            s = Start(s.unit, s.srcs[:j] + (("reg", c),) + s.srcs[j + 1 :], s.signs, s.value, s.hold)
        new[t].starts[i] = s
    stats["groups"] = [[f"{p[0]}{p[1]}.{p[2]}" for p in sorted(group) if group[p] == g] for g in range(K)]
    return new, bank, group, stats


def _homes(bank: list, writes: dict, count: dict, wiring, name: str) -> None:
    """A fixed bank map: each value's home is a bank every source writing it is wired to (the one its
    ports read most among them; the first wired one when no port reads it). A host input (no write: the
    host writes any bank, before the first step) lives in the bank that reads it first, so the copies
    for the others can be moved in before they read it."""
    for v in range(len(bank)):
        if v not in writes:
            gs = [(f, -c, g) for (u, g), (c, f) in count.items() if u == v]
            if gs:
                bank[v] = min(gs)[2]
            continue
        allowed = None
        for w in writes.get(v, {}).values():
            al = wiring(w.src)
            if al is not None:
                allowed = list(al) if allowed is None else [b for b in allowed if b in al]
        if allowed is None:
            continue
        if not allowed:
            srcs = sorted({str(w.src[1]) for w in writes[v].values()})
            raise CoreError(
                f"{name}: bank map: value v{v} is written by {', '.join(srcs)}, whose outputs share no bank "
                "(wire them to a common bank)"
            )
        if bank[v] not in allowed:
            bank[v] = max(allowed, key=lambda g: (count.get((v, g), (0, 0))[0], -allowed.index(g)))


class _Copies:
    """The copies :func:`split` makes for the reads of another group than a register's bank: where
    each copy is written (a move from the register, or a second write of the value's source) and the
    intervals it lives in; ``extra``: step -> the copies' writes, ``stats``: their counts. With a
    fixed ``wiring`` (:mod:`.bankmap`): a second write only where the source is wired to the copy's
    bank, else a move, and a typed error where no step is left for the move."""

    def __init__(self, writes: dict, Ls: int, Le: int, name: str, wiring=None):
        self.writes, self.Ls, self.Le, self.name, self.wiring = writes, Ls, Le, name, wiring
        self.extra: dict = {}  # step -> copy writes (after the originals: probes find the original first)
        self.stats: dict = {"copies": 0, "moves": 0, "dual_writes": 0}

    def in_loop(self, t):
        return self.Ls <= t < self.Le

    def reaching(self, v, t):
        """The definition(s) of vreg v that a read at step t sees: ("one", w) (w = -1: the host's
        input), ("inv", w) (a loop read of a value the body never writes), ("wrap", body w, w before)."""
        Ls, Le = self.Ls, self.Le
        ws = sorted(self.writes.get(v, {}))
        if self.in_loop(t):
            prior = [w for w in ws if Ls <= w < t]
            if prior:
                return ("one", prior[-1])
            pre = max((w for w in ws if w < Ls), default=-1)
            body = [w for w in ws if Ls <= w < Le]
            return ("wrap", body[-1], pre) if body else ("inv", pre)
        return ("one", max((w for w in ws if w < t), default=-1))

    def dual_ok(self, v, w, g) -> bool:
        """Whether the source of v's write at step w may also write bank g (fixed wiring)."""
        if w < 0:
            return False
        al = self.wiring(self.writes[v][w].src)
        return al is None or g in al

    def no_step(self, v, w, first, g):
        raise CoreError(
            f"{self.name}: bank map: value v{v} (written at step {w}) is read at step {first} from bank {g}, "
            f"which its source is not wired to, and no step is left between for the copy (a move): wire the "
            "source to that bank or give the copy a cycle"
        )

    def dual(self, c, v, w):
        if w < 0:
            raise CoreError(
                f"{self.name}: read_banks: a host input is read by two groups in the first step, before "
                f"a copy can be made (give fewer banks)"
            )
        o = self.writes[v][w]
        self.extra.setdefault(w, []).append(Write(c, o.src, o.value))
        self.stats["dual_writes"] += 1

    def move(self, c, v, m, w, carried=False):
        """A move at step m of the value the definition at step w wrote (checked by the interpreter; not
        a carried value, which the previous pass wrote under the same id)."""
        tag = self.writes[v][w].value if w >= 0 and not carried else -1
        self.extra.setdefault(m, []).append(Write(c, ("reg", v), tag))
        self.stats["moves"] += 1

    def make(self, c, v, key, first, last, g=None) -> list:
        """Copy c of vreg v (into bank g) for the reads from step first to last that see definition(s)
        ``key``: its writes, and the intervals it lives in."""
        if self.wiring is not None:
            return self.make_wired(c, v, key, first, last, g)
        Ls, Le = self.Ls, self.Le
        ivs: list = []
        if key[0] == "one":
            w = key[1]
            m = first - 1
            if not self.in_loop(first) and self.in_loop(m):
                m = Ls - 1  # not in the loop body: a write there would recur every iteration
            if m >= w + 1 and m >= 0 and (COPY == "move" or w < 0):
                self.move(c, v, m, w)
                ivs.append((m + 1, last + 1))
            else:
                self.dual(c, v, w)
                lo = w + 1
                if self.in_loop(w) and not self.in_loop(last) and w == Le - 1:
                    lo = w  # rewritten every iteration in the body's last step
                ivs.append((lo, last + 1))
        elif key[0] == "inv":
            w = key[1]
            if first - 1 >= Ls:
                self.move(c, v, first - 1, w)
                ivs.append((first, last + 1))
            elif Ls - 1 >= max(w + 1, 0):
                self.move(c, v, Ls - 1, w)
                ivs.append((Ls, Le))
            else:
                self.dual(c, v, w)
                ivs.append((w + 1, Le))
        else:  # carried: written with the body's write and before the loop
            _, b, p = key
            self.dual(c, v, b)
            ivs += [(b + 1, Le), (Ls, last + 1)]
            if b == Le - 1:  # written in the body's last step: the register holds it in the epilogue's first
                ivs.append((Le, Le + 1))
            if Ls - 1 >= max(p + 1, 0):
                self.move(c, v, Ls - 1, p)
            else:
                self.dual(c, v, p)
                ivs.append((p + 1, Ls))
        return ivs

    def make_wired(self, c, v, key, first, last, g) -> list:
        """:meth:`make` with a fixed wiring: a second write of the source where it is wired to bank g,
        else a move from the home register in a step between the write and the first read (one the
        schedule left: :func:`.bankmap.move_latency`)."""
        Ls, Le = self.Ls, self.Le
        w = key[1]
        if key[0] == "one":
            if self.dual_ok(v, w, g):
                self.dual(c, v, w)
                lo = w + 1
                if self.in_loop(w) and not self.in_loop(last) and w == Le - 1:
                    lo = w  # rewritten every iteration in the body's last step
                return [(lo, last + 1)]
            m = first - 1
            if m < max(w + 1, 0):
                self.no_step(v, w, first, g)
            self.move(c, v, m, w)
            if not self.in_loop(first) and self.in_loop(m):  # the body's last step: it recurs, so the
                return [(Ls, Ls + 1), (m + 1, last + 1)]  # copy register is written at the back edge too
            return [(m + 1, last + 1)]
        if key[0] == "inv":  # a loop read of a value the body never writes (written at w < Ls)
            if first - 1 >= Ls:
                self.move(c, v, first - 1, w)
                return [(first, last + 1)]
            if Ls - 1 >= max(w + 1, 0):
                self.move(c, v, Ls - 1, w)
                return [(Ls, Le)]
            if self.dual_ok(v, w, g):
                self.dual(c, v, w)
                return [(w + 1, Le)]
            self.no_step(v, w, first, g)
        _, b, p = key  # carried: the body's write b, the one before the loop p
        if first - 1 >= Ls:  # one move in the body before the first read: it sees p, then b
            self.move(c, v, first - 1, b, carried=True)
            return [(first, last + 1)]
        ivs: list = []
        if self.dual_ok(v, b, g):
            self.dual(c, v, b)
            ivs += [(b + 1, Le), (Ls, last + 1)] + ([(Le, Le + 1)] if b == Le - 1 else [])
        elif b + 1 < Le:
            self.move(c, v, b + 1, b)
            ivs += [(b + 2, Le), (Ls, last + 1)]
        else:
            self.no_step(v, b, first, g)
        if Ls - 1 >= max(p + 1, 0):
            self.move(c, v, Ls - 1, p)
        elif self.dual_ok(v, p, g):
            self.dual(c, v, p)
            ivs.append((p + 1, Ls))
        else:
            self.no_step(v, p, Ls, g)
        return ivs


def _shorten(steps: list, vregs: list, n0: int, reads: list, group: dict, bank: list, redirect: dict) -> int:
    """An original virtual register whose other groups now read copies need live only until its own
    group's last read (and its last read by a move or a table write): shorten the plain ones (one
    interval, one write, no read after the micro-code's, such as the host's output read)."""
    last_own: dict = {}
    last_any: dict = {}
    for _, t1, port, v, loc in reads:
        last_any[v] = max(last_any.get(v, -1), t1)
        if loc not in redirect and group[port] == bank[v]:
            last_own[v] = max(last_own.get(v, -1), t1)
    other: dict = {}  # register-file reads: moves and table writes
    n_w: dict = {}
    for t, st in enumerate(steps):
        for w in st.writes:
            n_w[w.reg] = n_w.get(w.reg, 0) + 1
            if w.src[0] == "reg":
                other[w.src[1]] = max(other.get(w.src[1], -1), t)
        for tw in st.twrites:
            if tw.src[0] == "reg":
                other[tw.src[1]] = max(other.get(tw.src[1], -1), t)
    n = 0
    for v in range(n0):
        if len(vregs[v]) != 1 or n_w.get(v, 0) != 1 or v not in last_own:
            continue
        a, b = vregs[v][0]
        if b - 1 > max(last_any.get(v, -1), other.get(v, -1)):
            continue  # read after the micro-code (the host) or by the loop's next pass
        end = max(last_own[v], other.get(v, -1), a) + 1
        if end < b:
            vregs[v] = [(a, end)]
            n += 1
    return n


def check(steps: list, reg_bank: dict, group: dict) -> str | None:
    """The first unit-port read of a register outside its group's bank (None when there is none).
    ``reg_bank``: physical register -> bank (registers no port reads are absent)."""
    for t, st in enumerate(steps):
        for s in (*st.starts, *st.holds):
            for j, x in enumerate(s.srcs):
                if x[0] == "reg":
                    g = group.get((s.unit[0], s.unit[1], j))
                    if g is None or reg_bank.get(x[1]) != g:
                        return (
                            f"step {t}: {s.unit[0]}{s.unit[1]} operand {j} (group {g}) reads register {x[1]} "
                            f"of bank {reg_bank.get(x[1])}"
                        )
    return None


def excess(steps: list) -> int:
    """Multiplexer inputs beyond the first (a one-input multiplexer is a wire or an enable), over the
    unit operand ports (starts and holds) and the registers' write multiplexers: the layout search's cost."""
    ports: dict = {}
    regs: dict = {}
    for st in steps:
        for s in st.starts:
            for j, x in enumerate((*s.srcs, *s.hold)):
                if x is not None:
                    ports.setdefault((s.unit, j % len(s.srcs)), set()).add(x)
        for w in st.writes:
            regs.setdefault(w.reg, set()).add(w.src)
    return sum(len(v) - 1 for v in ports.values()) + sum(len(v) - 1 for v in regs.values())


def rename(steps: list, phys: list) -> list:
    """The steps with virtual registers replaced by their physical ones."""

    def r(x):
        return ("reg", phys[x[1]]) if x is not None and x[0] == "reg" else x

    out = []
    for st in steps:
        out.append(
            Step(
                starts=[
                    Start(s.unit, tuple(r(x) for x in s.srcs), s.signs, s.value, tuple(r(x) for x in s.hold))
                    for s in st.starts
                ],
                writes=[Write(phys[w.reg], r(w.src), w.value) for w in st.writes],
                twrites=[TableWrite(tw.table, tw.entry, r(tw.src), tw.value) for tw in st.twrites],
                holds=list(st.holds),
            )
        )
    return out
