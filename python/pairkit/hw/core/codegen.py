"""From a lowered program to micro-code: schedule each block, allocate registers, emit control words.

1. **Schedule.** The prologue, one loop iteration (the template of :mod:`.blocks`) and the epilogue
   are scheduled separately on the unit mix with :mod:`pairkit.dse` (seed 001's list scheduling, or
   the CP-SAT optimum of :mod:`pairkit.dse.exact`); blocks run one after the other, each for its
   makespan (every result is stored before the next block starts).
2. **Timeline.** Block steps are laid end to end: prologue, an optional copy step (constants or
   shared values into the loop's home registers), the loop body, the epilogue.
3. **Registers.** Every value that is read later gets a lifetime [written + 1, last read + 1) on that
   timeline (seed 001 section 3's lifetimes; the loop body appears once, since every iteration uses
   the same registers). A carried value has a *home* register that holds it at every iteration
   boundary: the value the first iteration reads is produced into it (or copied), and each
   iteration's new value is written into it once the old one has been read for the last time. A
   unit holds its result until its next start, so that write may come later than the result
   (deferred write-back, no extra register); only when the unit restarts first does the value go
   through a temporary, moved home in the step of the last read (no extra step: that read comes
   after the value was written). Lifetimes are coloured first-fit (host inputs first).
4. **Control words.** One per step: unit starts with their operand sources and sign bits, register
   writes with their sources.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairkit.dse import exact, listsched
from pairkit.dse import problem as dproblem
from pairkit.dse.ddg import DDG, Input, Node
from pairkit.hw.core import bankmap, binding, buses, readbanks
from pairkit.hw.core.blocks import Blocks, find_blocks
from pairkit.hw.core.config import UNIT_OPS, CoreConfig
from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.microcode import Hold, Microcode, Start, Step, TableWrite, Write
from pairkit.hw.core.program import Program, base_kind, lower, out_port, retime


@dataclass
class BlockSchedule:
    start: dict  # key (op index, or template position) -> start step
    inst: dict  # key -> unit instance
    T: int  # makespan
    info: dict


def _schedule(cfg: CoreConfig, name: str, nodes: list, inputs: list, exact_ok: bool) -> BlockSchedule:
    """Schedule a DDG given as ([(key, op, [arg ids])], [Input]) on the configuration's mix."""
    if not nodes:
        return BlockSchedule({}, {}, 0, {"method": "empty"})
    ddg = DDG(name, "iteration", [Node(f"n{nd[0]}", nd[1], tuple(nd[2])) for nd in nodes], inputs, [])
    P = dproblem.build(ddg, cfg.cost_model())
    P.inst_lat = cfg.inst_lat(P.types)  # heterogeneous instances: each its own latency (config.py)
    if cfg.bank_map is not None:  # a copy across fixed banks takes a step (bankmap.py)
        extra = bankmap.move_latency(cfg.bank_map, nodes, P.names, P.ops, cfg.forward)
        P.lat = [a + b for a, b in zip(P.lat, extra)]
    counts = P.counts_vector(cfg.counts())
    big = P.n > 400
    priority = "static" if big and cfg.priority == "mobility" else cfg.priority
    R = None
    if cfg.buses:  # at most B distinct values read from registers per step (buses.py)
        idx = {x: v for v, x in enumerate(P.names)}
        opnds = {f"n{nd[0]}": nd[3] for nd in nodes}
        R = buses.Reads(
            [[(key, None if p is None else idx[p]) for key, p in opnds[x]] for x in P.names],
            [cfg.window(o) for o in P.ops],
            [cfg.cycles(o) for o in P.ops],
            cfg.forward,
        )
        s = buses.list_schedule(P, counts, priority, R, cfg.buses, name)
    else:
        s = listsched.list_schedule(P, counts, priority, cfg.unit_bind)
    info = {"method": "list", "priority": priority, "list_T": s.T}
    if cfg.scheduler == "exact" and exact_ok:
        e = exact.solve(P, counts, time_limit=cfg.time_limit, hint=s)
        if e.T <= s.T and not e.violations():
            info.update(method="exact", **{k: v for k, v in e.info.items() if k in ("status", "proven", "bound")})
            s = e
    if cfg.sink:  # every result as late as the makespan allows: shorter lifetimes, same cycles
        kinds = None if cfg.sink == ("*",) else set(cfg.sink)
        s = listsched.sink(s.problem, s, kinds) if R is None else buses.sink(P, s, kinds, R, cfg.buses)
        info["sunk"] = list(cfg.sink)
    bad = s.violations()
    if bad:
        raise CoreError(f"schedule of {name} does not fit the unit mix: {bad[0]}")
    key = {f"n{nd[0]}": nd[0] for nd in nodes}
    # with forwarding the scheduler's latency is ``cycles``: the block still ends after the last store
    return BlockSchedule(
        {key[P.names[v]]: s.start[v] for v in range(P.n)},
        {key[P.names[v]]: s.inst[v] for v in range(P.n)},
        s.T + (1 if cfg.forward else 0),
        info,
    )


def _flat_nodes(prog: Program, idx: list) -> tuple[list, list]:
    """The DDG of a straight-line block: a compound operation is one node (its leader's), and reading
    any of its outputs depends on it."""
    inside: dict = {}
    for i in idx:
        o = prog.ops[i]
        inside[o.id] = inside[o.group] if o.follower else i
    nodes, ins = [], {}
    for i in idx:
        o = prog.ops[i]
        if o.follower:
            continue
        args: list = []
        opnds: list = []  # opnds: (value read from a register, its producer) per operand (buses.Reads)
        for a in o.args:
            if a.value in inside:
                args.append(f"n{inside[a.value]}")
                opnds.append((("v", a.value), args[-1]))
            else:
                kind = "const" if a.value in prog.consts else "live-in"
                ins[a.value] = Input(f"v{a.value}", "", kind)
                args.append(f"v{a.value}")
                if kind != "const":
                    opnds.append((("v", a.value), None))
        nodes.append((i, o.kind, args, opnds))
    return nodes, list(ins.values())


def _leader_pos(template: list, q: int) -> int:
    """The template position of the operation that starts the unit computing position q (q itself,
    or for output j of a compound operation its leader, j positions earlier)."""
    return q - out_port(template[q][0])


def _loop_nodes(blocks: Blocks) -> tuple[list, list]:
    nodes, ins = [], {}
    assert blocks.loop is not None  # called for a block with a loop only
    tm = blocks.loop.template
    for q, (kind, slots) in enumerate(tm):
        if out_port(kind):
            continue
        args: list = []
        opnds: list = []
        for s in slots:
            if s.role == "internal":
                args.append(f"n{_leader_pos(tm, s.ref)}")
                opnds.append((("q", s.ref), args[-1]))
                continue
            if s.role in ("carried", "invariant"):  # constants and table entries use no register
                opnds.append(((s.role, s.ref), None))
            iid = {"carried": "c", "const": "k", "invariant": "v", "stream": "s"}[s.role] + str(s.ref)
            if s.role == "carried":
                ins[iid] = Input(iid, "", "carried", f"n{_leader_pos(tm, s.ref)}", 1)
            else:  # a table's entry is on the RAM's output for the whole pass, like an invariant
                ins[iid] = Input(iid, "", "invariant" if s.role == "stream" else s.role)
            args.append(iid)
        nodes.append((q, kind, args, opnds))
    return nodes, list(ins.values())


class _UnitCycles:
    """Unit cycles per (operation kind, instance): a compound operation's outputs count as their unit's
    kind, a heterogeneous kind's instances each their own (``CoreConfig.instance_cycles``)."""

    def __init__(self, cfg: CoreConfig):
        self.table = {k: cfg.instance_cycles(k) for k in cfg.counts()}

    def __call__(self, kind: str, inst: int) -> int:
        return self.table[base_kind(kind)][inst]

    def lat(self, kind: str, inst: int) -> int:
        """Steps until a register holds the result."""
        return self(kind, inst) + 1


class _Alloc:
    """Virtual registers (sets of disjoint intervals) coloured first-fit."""

    def __init__(self):
        self.vregs: list = []  # list of interval lists

    def new(self, *ivs) -> int:
        self.vregs.append([iv for iv in ivs if iv[1] > iv[0]])
        return len(self.vregs) - 1

    def add(self, v: int, iv) -> None:
        if iv[1] > iv[0]:
            self.vregs[v].append(iv)

    def colour(
        self,
        first: list,
        readers: dict | None = None,
        writers: dict | None = None,
        write_sources: int = 0,
        banks: list | None = None,
    ) -> tuple:
        """First-fit by first use (``first`` before the rest). Among the free registers, the one whose
        multiplexers grow least: the unit ports reading the value (``readers[v]``) and the sources
        writing it (``writers[v]``) that are not yet connected to the register (interconnect-aware
        binding); a new register only when none is free. ``write_sources`` = K > 0 (write banks,
        ``CoreConfig.write_banks``): a register takes a value only when its writing sources stay at
        most K (or the value brings none it lacks), so each register is in the bank of at most K
        sources and its write multiplexer has at most K inputs. ``banks`` (read banks, :mod:`.readbanks`):
        per virtual register its bank or None; a register holds virtual registers of one bank only."""
        readers, writers = readers or {}, writers or {}
        occ: list = []  # per register: list of intervals
        r_in: list = []  # per register: unit ports that read it
        r_wr: list = []  # per register: sources that write it
        r_bank: list = []  # per register: its read bank (None while only bankless values are on it)
        phys = [-1] * len(self.vregs)
        order = first + sorted(
            (v for v in range(len(self.vregs)) if v not in set(first)),
            key=lambda v: (min((a for a, _ in self.vregs[v]), default=0), v),
        )
        for v in order:
            ivs = self.vregs[v]
            rv, wv = readers.get(v, set()), writers.get(v, set())
            bv = banks[v] if banks is not None else None
            best, cost = None, None
            for r, taken in enumerate(occ):
                if bv is not None and r_bank[r] not in (None, bv):
                    continue
                if write_sources and not (wv <= r_wr[r] or len(r_wr[r] | wv) <= write_sources):
                    continue
                if all(b <= c or d <= a for a, b in ivs for c, d in taken):
                    c_r = len(rv - r_in[r]) + len(wv - r_wr[r])
                    if cost is None or c_r < cost:
                        best, cost = r, c_r
                        if c_r == 0:
                            break
            if best is None:
                best = len(occ)
                occ.append([])
                r_in.append(set())
                r_wr.append(set())
                r_bank.append(None)
            if bv is not None:
                r_bank[best] = bv
            occ[best].extend(ivs)
            r_in[best] |= rv
            r_wr[best] |= wv
            phys[v] = best
        self.reg_bank = r_bank
        return phys, len(occ)


def _orient(steps: list) -> list:
    """Swap the operands of additions and multiplications (commutative; the sign or +1 modifier travels
    with its operand) where that connects fewer sources to the unit's two ports (greedy, in order)."""
    ports: dict = {}
    for st in steps:
        for k, s in enumerate(st.starts):
            if s.unit[0] in ("add", "mul") and len(s.srcs) == 2 and s.srcs[0] != s.srcs[1]:
                p0, p1 = ports.setdefault((*s.unit, 0), set()), ports.setdefault((*s.unit, 1), set())
                keep = (s.srcs[0] not in p0) + (s.srcs[1] not in p1)
                swap = (s.srcs[1] not in p0) + (s.srcs[0] not in p1)
                if swap < keep:
                    s = Start(s.unit, s.srcs[::-1], s.signs[::-1], s.value, s.hold[::-1])
                    st.starts[k] = s
            for j, x in enumerate(s.srcs):
                ports.setdefault((*s.unit, j), set()).add(x)
    return steps


def compile_core(cfg: CoreConfig, prog: Program | None = None) -> Microcode:
    prog = prog or lower(cfg.set_id, cfg.alg, has_inv=cfg.has("inv"), chains=cfg.chains, compound=cfg.compound)
    if cfg.retime:
        prog = retime(prog)
    for k in prog.counts():
        cfg.choice(k)  # every operation kind needs a unit (a typed error names the missing one)
    blocks = find_blocks(prog, unroll=cfg.unroll, streams=cfg.streams)
    lp = blocks.loop
    pro = _followers(_schedule(cfg, "prologue", *_flat_nodes(prog, blocks.prologue), True), prog)
    body = _schedule(cfg, "loop body", *_loop_nodes(blocks), True) if lp else None
    if lp and body is not None:  # body is None exactly when there is no loop
        for q in range(len(lp.template)):
            ld = _leader_pos(lp.template, q)
            body.start[q], body.inst[q] = body.start[ld], body.inst[ld]
    epi = _followers(_schedule(cfg, "epilogue", *_flat_nodes(prog, blocks.epilogue), len(blocks.epilogue) <= 400), prog)
    return _emit(cfg, prog, blocks, pro, body, epi)


def _followers(bs: BlockSchedule, prog: Program) -> BlockSchedule:
    """A compound operation's outputs j > 0 start with their leader, on its unit."""
    index = {o.id: i for i, o in enumerate(prog.ops)}
    for i, o in enumerate(prog.ops):
        if o.follower and index[o.group] in bs.start:
            bs.start[i], bs.inst[i] = bs.start[index[o.group]], bs.inst[index[o.group]]
    return bs


def _emit(cfg, prog: Program, blocks: Blocks, pro, body, epi) -> Microcode:
    return _Emitter(cfg, prog, blocks, pro, body, epi).emit()


class _Emitter:
    """The micro-code of a scheduled program (:func:`_emit`), stage by stage: each stage reads the
    attributes earlier ones set (unpacked at its top) and sets its own (at its end)."""

    def __init__(self, cfg, prog: Program, blocks: Blocks, pro, body, epi):
        self.cfg, self.prog, self.blocks, self.pro, self.body, self.epi = cfg, prog, blocks, pro, body, epi

    def emit(self) -> Microcode:
        for stage in (
            self._timing,
            self._loop_copies,
            self._loop_writes,
            self._forwarding,
            self._reads,
            self._table_writes,
            self._allocate,
            self._allocate_loop,
            self._colour,
            self._bind_mux,
            self._finish,
        ):
            stage()
        return self._microcode()

    # --- helpers of the stages -------------------------------------------------------------------------
    def _loop_fwd(self, ref, t):
        """Whether a loop-body reader starting at step t takes template position ``ref`` from its
        unit's output (forwarding: the result appears in that very step)."""
        lp = self.lp
        assert lp is not None
        return self.cfg.forward and self.body.start[ref] + self.cyc(lp.template[ref][0], self.body.inst[ref]) == t

    def _step_pro(self, i):
        return self.pro.start[i]

    def _step_epi(self, i):
        return self.Es + self.epi.start[i]

    def _note_read(self, value, t):
        if value not in self.prog.consts:
            self.reads[value] = max(self.reads.get(value, -1), t)

    def _set_ready(self):  # again after binding="mux" moves operations: a forwarded source follows its producer
        for blk, t0, bs in ((self.blocks.prologue, 0, self.pro), (self.blocks.epilogue, self.Es, self.epi)):
            for i in blk:
                o = self.prog.ops[i]
                self.ready[o.id] = (t0 + bs.start[i] + self.cyc(o.kind, bs.inst[i]), (o.kind, bs.inst[i]))

    def _fwd(self, value, t):
        return self.cfg.forward and value in self.ready and self.ready[value][0] == t

    def _reg_of(self, value):
        if value in self.looped_pos and self.lp:
            return self.phys[self.pos_vreg[self.looped_pos[value]]]
        return self.phys[self.vreg[value]]

    def _src(self, value):
        if value in self.prog.consts:
            return ("const", self.cidx[value])
        return ("reg", self._reg_of(value))

    def _operands(self, o, t):
        """(start sources, hold sources) of op ``o`` started at step t: a result that appears at t
        comes from its unit's output; an unlatched unit reads registers in the steps after."""
        srcs = [("unit", self.ready[a.value][1]) if self._fwd(a.value, t) else self._src(a.value) for a in o.args]
        return srcs, (tuple(self._src(a.value) for a in o.args) if self.win[o.kind] > 1 else ())

    # --- the stages ----------------------------------------------------------------------------------------
    def _forwarding(self):
        """Straight-line blocks: where each result appears (step, unit), for forwarding."""
        self.ready: dict = {}
        self._set_ready()

    def _timing(self):
        """Each kind's cycles, latency and operand window; the constants; the allocator."""
        blocks, cfg, pro, prog = self.blocks, self.cfg, self.pro, self.prog
        lp = blocks.loop
        cyc = _UnitCycles(cfg)
        lat = cyc.lat  # steps until a register holds the result
        win = {k: cfg.window(base_kind(k)) for k in cfg.counts()}  # steps a unit reads its operand ports
        for o in prog.ops:  # a compound operation's outputs: its unit's window
            win.setdefault(o.kind, win.get(base_kind(o.kind), 1))
        consts = sorted(prog.consts)
        cidx = {v: i for i, v in enumerate(consts)}
        A = _Alloc()
        vreg: dict = {}  # program value -> vreg (prologue/epilogue values, inputs)
        reads: dict = {}  # program value -> last read step (absolute)
        Tp = pro.T
        self.A, self.Tp, self.cidx, self.consts, self.cyc, self.lat, self.lp = A, Tp, cidx, consts, cyc, lat, lp
        self.reads, self.vreg, self.win = reads, vreg, win

    def _loop_copies(self):
        """Where every value lives, reads first (absolute steps need the layout): the last looped
        iteration's values by template position; the copies into homes before the loop (constants, values
        also needed elsewhere, shared initial values)."""
        Tp, blocks, lp, prog = self.Tp, self.blocks, self.lp, self.prog
        looped_pos = {}  # value of the last looped iteration -> template position
        if lp:
            for q, i in enumerate(lp.seg_ops[-1]):
                looped_pos[prog.ops[i].id] = q
        carried = lp.carried_positions() if lp else []
        # copies into homes before the loop: constants, values also needed elsewhere, shared inits
        init_src = {}
        copies = []
        if lp:
            used_after: set = set()
            for i in blocks.epilogue:
                used_after.update(a.value for a in prog.ops[i].args)
            used_after.update(o.value for o in prog.outputs)
            used_after.update(lp.invariants)
            seen = set()
            for q in carried:
                a = lp.init[q]
                if a.value in prog.consts or a.value in seen or a.value in used_after:
                    copies.append(q)
                seen.add(a.value)
                init_src[q] = a.value
        Ls = Tp + (1 if copies else 0)
        self.Ls, self.carried, self.copies, self.init_src, self.looped_pos = Ls, carried, copies, init_src, looped_pos

    def _loop_writes(self):
        """The loop body: natural write steps, deferred writes, temporaries, moves; the blocks' steps."""
        Ls, body, carried, cyc, epi, lp, win = self.Ls, self.body, self.carried, self.cyc, self.epi, self.lp, self.win
        moves = []
        home_w = {}
        temp_needed = set()
        last_internal: dict = {}
        last_carried: dict = {}
        if lp:
            Tb = body.T
            for q, (kind, slots) in enumerate(lp.template):
                tq, w = body.start[q], win[kind]
                for s in slots:
                    if s.role == "internal":
                        if w == 1 and self._loop_fwd(s.ref, tq):  # from the unit's output: no register read
                            continue
                        last_internal[s.ref] = max(last_internal.get(s.ref, -1), tq + w - 1)
                    elif s.role == "carried":
                        last_carried[s.ref] = max(last_carried.get(s.ref, -1), tq + w - 1)
            nxt = {}
            for q in range(len(lp.template)):
                u = (base_kind(lp.template[q][0]), body.inst[q])
                later = [
                    body.start[r]
                    for r in range(len(lp.template))
                    if (base_kind(lp.template[r][0]), body.inst[r]) == u and body.start[r] > body.start[q]
                ]
                nxt[q] = min(later, default=Tb - 1)
            for q in carried:
                ws = body.start[q] + cyc(lp.template[q][0], body.inst[q])
                need = last_carried.get(q, -1)
                if need <= ws:
                    home_w[q] = ws
                elif need <= min(nxt[q], Tb - 1):
                    home_w[q] = need
                    if last_internal.get(q, -1) >= ws + 1:
                        temp_needed.add(q)
                else:  # the unit restarts first: through a temporary, moved home after the last read
                    home_w[q] = need
                    moves.append(q)
                    temp_needed.add(q)
            Tl = Tb
        else:
            Tl = 0
        Le = Ls + Tl
        Es = Le
        END = Es + epi.T
        self.END, self.Es, self.Le, self.home_w, self.last_carried = END, Es, Le, home_w, last_carried
        self.last_internal, self.moves, self.temp_needed = last_internal, moves, temp_needed

    def _reads(self):
        """The last step each value is read at: the straight-line blocks, the outputs, the loop's invariants
        and copies."""
        blocks, looped_pos, lp, prog, win = self.blocks, self.looped_pos, self.lp, self.prog, self.win
        for i in blocks.prologue:
            w = win[prog.ops[i].kind]
            for a in prog.ops[i].args:
                if w > 1 or not self._fwd(a.value, self._step_pro(i)):
                    self._note_read(a.value, self._step_pro(i) + w - 1)
        for i in blocks.epilogue:
            w = win[prog.ops[i].kind]
            for a in prog.ops[i].args:
                if a.value in looped_pos:
                    continue
                if w > 1 or not self._fwd(a.value, self._step_epi(i)):
                    self._note_read(a.value, self._step_epi(i) + w - 1)
        self.epi_reads_pos = self._epilogue_reads_of_the_loop()
        if lp:
            for v in lp.invariants:
                self._note_read(v, self.Le - 1)
            for q in self.copies:
                self._note_read(self.init_src[q], self.Ls - 1)

    def _epilogue_reads_of_the_loop(self) -> dict:
        """Template position -> the last step the epilogue (or the outputs, at the end) reads the last
        looped iteration's value at; the outputs' other values are noted as read at the end."""
        END, blocks, looped_pos, prog, win = self.END, self.blocks, self.looped_pos, self.prog, self.win
        epi_reads_pos: dict = {}
        for i in blocks.epilogue:
            for a in prog.ops[i].args:
                if a.value in looped_pos:
                    q = looped_pos[a.value]
                    epi_reads_pos[q] = max(epi_reads_pos.get(q, -1), self._step_epi(i) + win[prog.ops[i].kind] - 1)
        for o in prog.outputs:
            if o.value in looped_pos:
                epi_reads_pos[looped_pos[o.value]] = END
            else:
                self._note_read(o.value, END)
        return epi_reads_pos

    def _table_writes(self):
        """Tables (streams): the prologue writes entry g of table s from the register holding the value,
        at the first step its write port is free once the value is there (the loop reads entry 0 from its
        first step on: the RAM's read port is transparent to a write in the step before)."""
        Ls, blocks, cfg, cyc, lat, lp, pro = self.Ls, self.blocks, self.cfg, self.cyc, self.lat, self.lp, self.pro
        prog = self.prog
        twrites = []  # (step, table, entry, value, from the unit's output?)
        if lp and lp.streams:
            avail, made = {v: 0 for v, _ in prog.inputs}, {}
            for i in blocks.prologue:
                o = prog.ops[i]
                avail[o.id] = pro.start[i] + lat(o.kind, pro.inst[i])
                made[o.id] = pro.start[i] + cyc(
                    o.kind, pro.inst[i]
                )  # on the unit's output (a register holds it next step)
            for s, vals in enumerate(lp.streams):
                busy = set()
                for g, v in sorted(enumerate(vals), key=lambda gv: (avail.get(gv[1], 0), gv[0])):
                    if v not in avail:
                        raise CoreError(f"internal: table {s} entry {g} (value {v}) is not made before the loop")
                    if v in made and made[v] not in busy:
                        w, direct = made[v], True
                    else:
                        w, direct = avail[v], False
                        while w in busy:
                            w += 1
                    if w > Ls - 1:
                        raise CoreError(
                            f"{cfg.name}: the prologue ({Ls} steps) is too short to fill table {s} "
                            f"({len(vals)} entries)"
                        )
                    busy.add(w)
                    twrites.append((w, s, g, v, direct))
                    if not direct:
                        self._note_read(v, w)
        self.twrites = twrites

    def _allocate(self):
        """Virtual registers of the inputs and of the straight-line blocks' values."""
        A, Es, blocks, epi, lat, pro, prog = self.A, self.Es, self.blocks, self.epi, self.lat, self.pro, self.prog
        reads, vreg = self.reads, self.vreg
        # values of the prologue and inputs
        for v, _ in prog.inputs:
            vreg[v] = A.new((0, reads.get(v, 0) + 1)) if v in reads else A.new()
        in_first = [vreg[v] for v, _ in prog.inputs]
        defs = {}
        for i in blocks.prologue:
            o = prog.ops[i]
            defs[o.id] = pro.start[i] + lat(o.kind, pro.inst[i])
        for i in blocks.epilogue:
            o = prog.ops[i]
            defs[o.id] = Es + epi.start[i] + lat(o.kind, epi.inst[i])
        for v, d in defs.items():
            if v in reads:
                vreg[v] = A.new((d, reads[v] + 1))
        self.defs, self.in_first = defs, in_first

    def _allocate_loop(self):
        """The loop's virtual registers: homes, temporaries, plain positions."""
        A, Le, Ls, body, carried, copies = self.A, self.Le, self.Ls, self.body, self.carried, self.copies
        defs, epi_reads_pos, home_w, in_first = self.defs, self.epi_reads_pos, self.home_w, self.in_first
        init_src, last_carried, last_internal, lat = self.init_src, self.last_carried, self.last_internal, self.lat
        lp, moves, prog, temp_needed, vreg = self.lp, self.moves, self.prog, self.temp_needed, self.vreg
        # the loop: homes, temps, plain positions
        pos_vreg = {}
        temp_vreg = {}
        if lp:
            for q in carried:
                h = A.new((Ls, Ls + last_carried[q] + 1))
                A.add(h, (Ls + home_w[q] + 1, max(Le, epi_reads_pos.get(q, -1) + 1)))
                if q not in copies:  # the initial value is produced into the home
                    v = init_src[q]
                    if v in vreg:
                        for iv in A.vregs[vreg[v]]:
                            A.add(h, (iv[0], Ls))
                        A.vregs[vreg[v]] = []
                        if v in [x for x, _ in prog.inputs]:
                            in_first[in_first.index(vreg[v])] = h
                        vreg[v] = h
                    else:
                        first_def = 0 if v in [x for x, _ in prog.inputs] else defs[v]
                        A.add(h, (first_def, Ls))
                        vreg[v] = h
                pos_vreg[q] = h
            for q in range(len(lp.template)):
                kind = lp.template[q][0]
                d = Ls + body.start[q] + lat(kind, body.inst[q])
                if q in carried:
                    if q in temp_needed:
                        end = Ls + max(last_internal.get(q, -1), home_w[q] if q in moves else -1) + 1
                        temp_vreg[q] = A.new((d, end))
                    continue
                end = max(Ls + last_internal.get(q, -1) + 1, epi_reads_pos.get(q, -1) + 1)
                if end > d:
                    pos_vreg[q] = A.new((d, end))

        self.pos_vreg, self.temp_vreg = pos_vreg, temp_vreg

    def _build_steps(self):
        """The steps: starts, writes and table writes of the blocks, with the current colouring."""
        Es, Ls, blocks, copies, cyc, epi = self.Es, self.Ls, self.blocks, self.copies, self.cyc, self.epi
        init_src, phys, pos_vreg, pro, prog = self.init_src, self.phys, self.pos_vreg, self.pro, self.prog
        twrites, vreg = self.twrites, self.vreg
        steps = [Step() for _ in range(self.END)]
        for i in blocks.prologue:
            _start(
                steps,
                prog.ops[i],
                pro.start[i],
                pro.inst[i],
                self._operands(prog.ops[i], pro.start[i]),
                cyc,
                self._reg_of if prog.ops[i].id in vreg else None,
                phys,
                vreg,
            )
        for q in copies:
            steps[Ls - 1].writes.append(Write(phys[pos_vreg[q]], self._src(init_src[q]), -1))
        unit_of = {prog.ops[i].id: (prog.ops[i].kind, pro.inst[i]) for i in blocks.prologue}
        for w, tb, g, v, direct in twrites:
            steps[w].twrites.append(TableWrite(tb, g, ("unit", unit_of[v]) if direct else self._src(v), v))
        if self.lp:
            self._loop_steps(steps)
        for i in blocks.epilogue:
            o = prog.ops[i]
            _start(
                steps,
                o,
                Es + epi.start[i],
                epi.inst[i],
                self._operands(o, Es + epi.start[i]),
                cyc,
                self._reg_of if o.id in vreg else None,
                phys,
                vreg,
            )
        return steps

    def _template_sources(self, q, slots) -> tuple[list, list]:
        """(start sources, hold sources) of the loop body's template position q."""
        body, lp, phys, pos_vreg, temp_vreg = self.body, self.lp, self.phys, self.pos_vreg, self.temp_vreg
        assert lp is not None
        srcs: list[tuple] = []
        hold: list[tuple | None] = []
        for s in slots:
            if s.role in ("const",):
                srcs.append(("const", self.cidx[s.ref]))
            elif s.role == "invariant":
                srcs.append(self._src(s.ref))
            elif s.role == "stream":
                srcs.append(("table", s.ref))
            elif s.role == "carried":
                srcs.append(("reg", phys[pos_vreg[s.ref]]))
            else:
                r = temp_vreg.get(s.ref, pos_vreg.get(s.ref))
                if self._loop_fwd(s.ref, body.start[q]):
                    hold.append(("reg", phys[r]) if r is not None else None)
                    srcs.append(("unit", (lp.template[s.ref][0], body.inst[s.ref])))
                    continue
                assert r is not None  # a template position read from a register has one
                srcs.append(("reg", phys[r]))
            hold.append(srcs[-1])
        return srcs, hold

    def _loop_steps(self, steps):
        """The loop body's starts and writes (natural, deferred, into temporaries, the moves home)."""
        Ls, body, carried, cyc, home_w, lp = self.Ls, self.body, self.carried, self.cyc, self.home_w, self.lp
        moves, phys, pos_vreg, prog, temp_vreg, win = (
            self.moves,
            self.phys,
            self.pos_vreg,
            self.prog,
            self.temp_vreg,
            self.win,
        )
        assert lp is not None
        for q, (kind, slots) in enumerate(lp.template):
            srcs, hold = self._template_sources(q, slots)
            t = Ls + body.start[q]
            u = (kind, body.inst[q])
            val = prog.ops[lp.seg_ops[0][q]].id
            if not out_port(kind):  # a compound operation's outputs j > 0 start with their leader
                steps[t].starts.append(
                    Start(u, tuple(srcs), tuple(s.neg for s in slots), val, tuple(hold) if win[kind] > 1 else ())
                )
            ws = t + cyc(kind, body.inst[q])
            if q in temp_vreg:
                steps[ws].writes.append(Write(phys[temp_vreg[q]], ("unit", u), val))
            if q in carried and q not in moves:
                steps[Ls + home_w[q]].writes.append(Write(phys[pos_vreg[q]], ("unit", u), val))
            elif q not in carried and q in pos_vreg:
                steps[ws].writes.append(Write(phys[pos_vreg[q]], ("unit", u), val))
        for q in moves:
            steps[Ls + home_w[q]].writes.append(Write(phys[pos_vreg[q]], ("reg", phys[temp_vreg[q]]), -1))

    def _colour(self):
        """Colour twice: once with every virtual register its own, to see which unit ports read and which
        sources write each of them, then with those affinities (fewer multiplexer inputs); or read banks."""
        A, Le, Ls, cfg, in_first, win = self.A, self.Le, self.Ls, self.cfg, self.in_first, self.win
        self.phys = phys = list(range(len(A.vregs)))
        own = self._build_steps()  # every virtual register its own
        banked = None
        if cfg.bank_map is not None:  # fixed banks: ports and outputs wired to banks (bankmap.py)
            own, rgroup, banked, col, n_regs, reg_bank = _fixed_banks(cfg, own, A, in_first, Ls, Le, win)
            phys[:] = col
            steps = readbanks.rename(own, phys)
        elif cfg.read_banks:  # ports in groups, registers in banks, copies across (readbanks.py)
            own, rgroup, banked, col, n_regs, reg_bank = _read_banks(cfg, own, A, in_first, Ls, Le, win)
            phys[:] = col
            steps = readbanks.rename(own, phys)  # the copies are in ``own`` only; no operand swaps (two banks)
        else:
            rgroup = reg_bank = None
            readers, writers = _affinity(own)
            col, n_regs = A.colour(in_first, readers, writers, cfg.write_banks)
            phys[:] = col
            steps = _orient(self._build_steps())  # first-fit with affinities, operands oriented
        self.banked, self.col, self.n_regs, self.own, self.reg_bank, self.rgroup = (
            banked,
            col,
            n_regs,
            own,
            reg_bank,
            rgroup,
        )
        self.steps = steps

    def _bind_mux(self):
        """binding="mux": registers, flat blocks' instances and operand order (binding.py), kept when better
        than first-fit."""
        A, END, Es, Tp, blocks, cfg, cyc = self.A, self.END, self.Es, self.Tp, self.blocks, self.cfg, self.cyc
        epi, n_regs, own, phys, pro, prog = self.epi, self.n_regs, self.own, self.phys, self.pro, self.prog
        col, steps = self.col, self.steps
        mux_in = None
        if cfg.binding == "mux":  # registers, flat blocks' instances and operand order (binding.py)
            kept = (dict(pro.inst), dict(epi.inst), n_regs)
            col, n_regs, inst, swaps, mux_in = binding.optimise(
                own,
                ((0, Tp), (Es, END)),
                cyc,
                cfg.counts(),
                A.vregs,
                col,
                n_regs,
                cfg.forward,
                spare=cfg.spare_regs,
                mux_swaps=cfg.mux_swaps,
            )
            by_id = {prog.ops[i].id: i for i in (*blocks.prologue, *blocks.epilogue)}
            for (t, v), k in inst.items():
                (pro if t < Tp else epi).inst[by_id[v]] = k
            _followers(pro, prog)  # a compound operation's outputs stay on their leader's unit
            _followers(epi, prog)
            self._set_ready()
            first_fit, phys[:] = (list(phys), steps), col
            steps = self._build_steps()
            for t, st in enumerate(steps):
                st.starts = [
                    Start(s.unit, s.srcs[::-1], s.signs[::-1], s.value, s.hold[::-1]) if (t, s.value) in swaps else s
                    for s in st.starts
                ]
            mux_in = (*mux_in, _mux_inputs(first_fit[1]))
            if mux_in[1] > mux_in[2]:  # the search did worse than first-fit (it starts unoriented): keep first-fit
                pro.inst, epi.inst, n_regs = kept
                self._set_ready()
                phys[:], steps = first_fit

        self.mux_in, self.n_regs, self.steps = mux_in, n_regs, steps

    def _finish(self):
        """Holds, read banks' check, buses, outputs, the state registers, probes, where the Miller loop ends."""
        Es, Le, Ls, banked, blocks, carried = self.Es, self.Le, self.Ls, self.banked, self.blocks, self.carried
        cfg, epi, lat, lp, phys, pos_vreg = self.cfg, self.epi, self.lat, self.lp, self.phys, self.pos_vreg
        pro, prog, reg_bank, rgroup, steps, win = self.pro, self.prog, self.reg_bank, self.rgroup, self.steps, self.win
        _expand_holds(steps, win)
        if banked and cfg.bank_map is not None:
            bad = bankmap.check(steps, reg_bank, rgroup, cfg.bank_map)
            if bad:
                raise CoreError(f"internal: {cfg.name}: bank map: {bad}")
            banked["bank_of"] = reg_bank
        elif banked:
            bad = readbanks.check(steps, reg_bank, rgroup)
            if bad:
                raise CoreError(f"internal: {cfg.name}: read banks: {bad}")
            banked["registers"] = [sum(1 for b in reg_bank.values() if b == g) for g in range(cfg.read_banks)]
            banked["bank_of"] = reg_bank
        bus_of = buses.assign(steps, cfg.buses) if cfg.buses else []  # registers onto buses, fewest mux inputs
        outputs = []
        for o in prog.outputs:
            if o.neg:
                raise CoreError("internal: a negated output was not materialised")
            outputs.append((self._src(o.value), False))
        state_regs = []
        first_iter = lp.first if lp else 0
        if lp:
            pos_in_first = {prog.ops[i].id: q for q, i in enumerate(lp.seg_ops[0])}
            for o in prog.states[lp.first + lp.unroll - 1]:
                pq = pos_in_first.get(o.value)
                state_regs.append((phys[pos_vreg[pq]], o.neg) if pq is not None and pq in carried else None)
        probes = _probes(prog, lp, steps, Ls, Le) if lp else []
        flat_probes = _flat_probes(prog, lp, steps, Ls, Le)
        # where the Miller loop ends: the last write of an operation before the final exponentiation
        body_extra = (Le - Ls) * ((lp.count if lp else 1) - 1)
        miller_end = Le if lp else 0
        for i in blocks.prologue:
            o = prog.ops[i]
            if prog.segments[o.seg][0] != "final exponentiation":
                miller_end = max(miller_end, pro.start[i] + lat(o.kind, pro.inst[i]))
        for i in blocks.epilogue:
            o = prog.ops[i]
            if prog.segments[o.seg][0] != "final exponentiation":
                miller_end = max(miller_end, Es + epi.start[i] + lat(o.kind, epi.inst[i]))
        self.body_extra, self.bus_of, self.first_iter, self.flat_probes = body_extra, bus_of, first_iter, flat_probes
        self.miller_end, self.outputs, self.probes, self.state_regs = miller_end, outputs, probes, state_regs

    def _microcode(self):
        """The micro-code and its report."""
        END, Es, Le, Ls, banked, blocks, body = self.END, self.Es, self.Le, self.Ls, self.banked, self.blocks, self.body
        body_extra, bus_of, carried, cfg, consts = self.body_extra, self.bus_of, self.carried, self.cfg, self.consts
        copies, cyc, epi, first_iter, flat_probes = self.copies, self.cyc, self.epi, self.first_iter, self.flat_probes
        home_w, lp, miller_end, moves, mux_in = self.home_w, self.lp, self.miller_end, self.moves, self.mux_in
        n_regs, outputs, phys, pro, probes = self.n_regs, self.outputs, self.phys, self.pro, self.probes
        prog, state_regs, steps, vreg, win = self.prog, self.state_regs, self.steps, self.vreg, self.win
        units = {k: (cfg.choice(k).unit, n, cyc(k, 0)) for k, n in cfg.counts().items()}
        blocks_d = {"prologue": (0, Ls), "loop": (Ls, Le), "epilogue": (Es, END)}
        info = {
            "schedules": {
                "prologue": pro.info | {"T": pro.T},
                "loop": (body.info | {"T": body.T}) if lp else None,
                "epilogue": epi.info | {"T": epi.T},
            },
            "chains": dict(cfg.chains),
            "compound": dict(cfg.compound),
            "forward": cfg.forward,
            "pipeline": cfg.pipeline.as_dict(),  # the stages rtl.py builds (their cycles are in cyc)
            "target_mhz": cfg.target_mhz,
            "probes": probes,
            "flat_probes": flat_probes,
            "windows": {k: w for k, w in sorted(win.items()) if w > 1},
            "lowered_only": sorted(o.id for o in prog.ops if o.trace_id is None),  # no spec twin
            "copies": len(copies),
            "moves": len(moves),
            "mux_inputs": mux_in,
            "read_banks": banked,
            "deferred_writes": sum(
                1
                for q in carried
                if q not in moves and home_w[q] > body.start[q] + cyc(lp.template[q][0], body.inst[q])
            )
            if lp
            else 0,
            "ops": prog.counts(),
            "loop_ops": _loop_counts(lp),
            "miller_cycles": miller_end + body_extra,
            "final_exp_cycles": END - miller_end,
            "iterations": len(prog.iter_segments),
            "inversion_cycles": _inversion_span(prog, blocks, ((pro, 0), (epi, Es)), cyc),
            "looped_iterations": lp.count * lp.unroll if lp else 0,
            "unroll": lp.unroll if lp else 1,
            "tables": [len(v) for v in lp.streams] if lp else [],
            "T_iter": (Le - Ls) / lp.unroll if lp else None,
            "T_pass": (Le - Ls) if lp else None,
        }
        return Microcode(
            cfg.name,
            prog.p,
            prog.m,
            units,
            n_regs,
            [prog.consts[v] for v in consts],
            steps,
            Ls,
            Le,
            lp.count if lp else 1,
            [phys[vreg[v]] for v, _ in prog.inputs],
            outputs,
            state_regs,
            first_iter,
            blocks_d,
            info,
            lp.unroll if lp else 1,
            [[prog.ops[i].id for i in ops] for ops in lp.seg_ops] if lp else [],
            dict(prog.trace_of),
            [len(v) for v in lp.streams] if lp else [],
            cfg.buses,
            bus_of,
            cfg.variants(),
        )


def _affinity(steps: list) -> tuple:
    """(unit ports reading, sources writing) per register of built steps (holds not yet expanded)."""
    readers: dict = {}
    writers: dict = {}
    for st in steps:
        for s0 in st.starts:
            for k, x in enumerate((*s0.srcs, *s0.hold)):
                if x is not None and x[0] == "reg":
                    readers.setdefault(x[1], set()).add((*s0.unit, k % len(s0.srcs)))
        for w in st.writes:
            writers.setdefault(w.reg, set()).add(w.src if w.src[0] != "reg" else ("reg", -1))
    return readers, writers


def _read_banks(cfg, own: list, A: _Alloc, in_first: list, Ls: int, Le: int, win: dict) -> tuple:
    """Read banks (:mod:`.readbanks`): the port groups from the clustering, then improved by moving one
    port at a time to another group while the multiplexers' extra inputs (sum over the operand ports and
    the registers' write multiplexers of inputs - 1) fall, each layout split and coloured in full.
    Returns (steps with the copies, port -> group, statistics, colouring, registers, register -> bank)."""
    K = cfg.read_banks
    group = readbanks.group_ports(readbanks.port_reads(own, win), K)

    def trial(g):
        vr = [list(x) for x in A.vregs]
        st, vbank, g2, stats = readbanks.split(own, vr, K, Ls, Le, win, cfg.name, g)
        B = _Alloc()
        B.vregs = vr
        rd, wr = _affinity(st)
        col, n = B.colour(in_first, rd, wr, 0, vbank)
        return readbanks.excess(readbanks.rename(st, col)), (st, g2, stats, col, n, B.reg_bank, vr)

    best = trial(group)
    tried = 1
    for _ in range(readbanks.SWEEPS):
        better = False
        for p in sorted(group):
            for g in range(K):
                if g == group[p]:
                    continue
                cand = dict(group)
                cand[p] = g
                try:
                    r = trial(cand)
                except CoreError:
                    continue
                tried += 1
                if r[0] < best[0]:
                    best, group, better = r, cand, True
        if not better:
            break
    st, g2, stats, col, n, rb, vr = best[1]
    A.vregs[:] = vr
    stats.update(excess=best[0], layouts_tried=tried)
    return st, g2, stats, col, n, {r: b for r, b in enumerate(rb) if b is not None}


def _fixed_banks(cfg, own: list, A: _Alloc, in_first: list, Ls: int, Le: int, win: dict) -> tuple:
    """A fixed bank map (:mod:`.bankmap`): the ports' banks and the outputs' wiring are the map's; the
    values placed and copied (:func:`.readbanks.split`), each bank coloured, its size checked.
    Returns as :func:`_read_banks`."""
    bm = cfg.bank_map
    arity = {op: len(UNIT_OPS[cfg.choice(op).unit][1]) for op in cfg.counts()}
    group = bm.groups(cfg.counts(), arity)
    vr = [list(x) for x in A.vregs]
    st, vbank, g2, stats = readbanks.split(own, vr, len(bm.banks), Ls, Le, win, cfg.name, group, bm.wiring)
    B = _Alloc()
    B.vregs = vr
    rd, wr = _affinity(st)
    col, n = B.colour(in_first, rd, wr, 0, vbank)
    reg_bank = [bm.spare_bank() if b is None else b for b in B.reg_bank]
    fit = bankmap.fit(cfg.name, bm, reg_bank)
    stats["banks"] = list(fit)
    stats["registers"] = [u for u, _ in fit.values()]
    stats["sizes"] = [n for _, n in fit.values()]
    stats["excess"] = readbanks.excess(readbanks.rename(st, col))
    A.vregs[:] = vr
    return st, g2, stats, col, n, dict(enumerate(reg_bank))


def _mux_inputs(steps: list) -> int:
    """Multiplexer inputs of built steps (holds not yet expanded): distinct sources per unit port over
    starts and holds, plus per register over writes (what rtl.Layout builds; binding.Model's cost)."""
    ports: set = set()
    regs: set = set()
    for st in steps:
        for s in st.starts:
            ports.update((s.unit, j, x) for j, x in enumerate(s.srcs))
            ports.update((s.unit, j, x) for j, x in enumerate(s.hold))
        regs.update((w.reg, w.src) for w in st.writes)
    return len(ports) + len(regs)


def _inversion_span(prog: Program, blocks: Blocks, scheds, cyc) -> int | None:
    """Steps from the first start of a lowered GF(p^m) inversion (the Itoh-Tsujii chain, seed 003 Alg.
    4) to its last result in a register; None when the program has none (or the core an inverter).
    Other operations may run beside it (the list schedule overlaps them)."""
    span = []
    for idx, (bs, t0) in zip((blocks.prologue, blocks.epilogue), scheds):
        for i in idx:
            o = prog.ops[i]
            if o.id in prog.inv_values:
                span.append((t0 + bs.start[i], t0 + bs.start[i] + cyc(o.kind, bs.inst[i]) + 1))
    return max(b for _, b in span) - min(a for a, _ in span) if span else None


def _probes(prog: Program, lp, steps: list, Ls: int, Le: int) -> list:
    """Where the accumulator of the iterations inside a pass (all but its last, whose state is in the
    home registers at the pass boundary) can be read: [loop step, register, modifier, iteration in
    the pass, coordinate] for each coordinate written into a register in the pass (the step after
    its write). A coordinate only ever forwarded (never in a register) has no probe."""
    written: dict = {}
    for t in range(Ls, Le):
        for w in steps[t].writes:
            if w.value >= 0 and t + 1 < Le:
                written.setdefault(w.value, (t + 1, w.reg))
    pos_in_first = {prog.ops[i].id: q for q, i in enumerate(lp.seg_ops[0])}
    out = []
    for j in range(lp.unroll - 1):
        for c, o in enumerate(prog.states[lp.first + j]):
            q = pos_in_first.get(o.value)
            if q is not None and prog.ops[lp.seg_ops[0][q]].id in written:
                t, r = written[prog.ops[lp.seg_ops[0][q]].id]
                out.append([t, r, o.neg, j, c])
    return out


def _flat_probes(prog: Program, lp, steps: list, Ls: int, Le: int) -> list:
    """The iterations outside the loop (prologue, epilogue): [step, register, modifier, iteration,
    coordinate] for each accumulator coordinate written into a register there (read the step after)."""
    looped = set(range(lp.first - 1, lp.first + lp.count * lp.unroll)) if lp else set()
    written: dict = {}
    for t, st in enumerate(steps):
        if not Ls <= t < Le:
            for w in st.writes:
                if w.value >= 0 and t + 1 < len(steps) and not Ls <= t + 1 < Le:
                    written.setdefault(w.value, (t + 1, w.reg))
    out = []
    for k, st in enumerate(prog.states):
        if k in looped:
            continue
        for c, o in enumerate(st):
            if o.value in written:
                out.append([*written[o.value], o.neg, k, c])
    return out


def _expand_holds(steps: list, win: dict) -> None:
    """An unlatched unit's operand selects stay on its hold sources for the rest of its operation."""
    for t, st in enumerate(steps):
        for s in st.starts:
            if s.hold:
                if None in s.hold:
                    raise CoreError(f"internal: step {t}: {s.unit[0]}{s.unit[1]} holds an operand no register keeps")
                for k in range(1, win[s.unit[0]]):
                    steps[t + k].holds.append(Hold(s.unit, s.hold, s.signs))


def _loop_counts(lp) -> dict:
    c: dict = {}
    if lp:
        for kind, _ in lp.template:
            c[kind] = c.get(kind, 0) + 1
    return c


def _start(steps, o, t, inst, srcs_hold, cyc, has_reg, phys, vreg):
    u = (o.kind, inst)
    srcs, hold = srcs_hold
    if not o.follower:
        steps[t].starts.append(Start(u, tuple(srcs), tuple(a.neg for a in o.args), o.id, hold))
    if has_reg is not None:
        steps[t + cyc(o.kind, inst)].writes.append(Write(phys[vreg[o.id]], ("unit", u), o.id))
