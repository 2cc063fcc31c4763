"""The core as an Amaranth design: units, registers, operand multiplexers limited to the sources the
schedule uses, and a micro-coded controller with a loop counter.

Host interface (one clock domain ``sync``; every port is also described in the generated Verilog's
header comment, :func:`header`):

* ``host_we``, ``host_addr``, ``host_wdata[31:0]``: while the core is idle, write word j of input i
  (i = 0..3: x_P, y_P, x_Q, y_Q) at address ``i * WORDS + j``. An element is W bits (m bits of
  GF(2^m); ``Cat(lo, hi)``, 2m bits, for GF(3^m): the spec's bit planes), word 0 its least
  significant 32 bits.
* ``start`` (one cycle, idle core): run the pairing. ``busy`` is high while it runs; ``done`` rises
  after the last control word and stays high until the next ``start``. Latency: exactly
  :meth:`Microcode.cycles` cycles from the start edge to ``done``.
* ``rd_addr``, ``rd_data[31:0]``: registered read of word j of GT coordinate i at ``i * WORDS + j``
  (the spec's coordinate order): ``rd_data`` holds the word one clock edge after ``rd_addr`` names it;
  valid while ``done``.
* ``rst``: synchronous reset to idle (registers keep their contents).
* debug (simulation builds only, ``debug=True``): ``dbg_pc``, ``dbg_sel``/``dbg_data`` (any register
  in full), used by the testbenches to compare the accumulator with the spec at every loop boundary.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from amaranth.hdl import Cat, Const, Elaboratable, Module, Signal
from amaranth.lib.memory import Memory

from pairkit.hw.core.config import COMPOUND, arity, generator
from pairkit.hw.core.microcode import Microcode
from pairkit.hw.core.program import base_kind, out_port
from pairkit.hw.units import catalogue as hwunit


def _bits(n: int) -> int:
    return max(1, (n - 1).bit_length())


@dataclass
class Field:
    name: str
    lo: int
    width: int


class Layout:
    """The control word's fields: per unit instance ``start``, per operand port a source select and
    a sign bit (characteristic 3), per register a write enable and a write-source select."""

    def __init__(self, mc: Microcode):
        self.reg_src = mc.sources()[1]
        # with read buses (buses.py) a port's register sources are the buses it reads
        self.op_src, self.bus_src = mc.port_sources()
        flips = {(*s.unit, k) for st in mc.steps for s in st.starts for k, g in enumerate(s.signs) if g}
        self.fields: dict = {}
        self.width = 0
        for op, (_, count, _) in sorted(mc.units.items()):
            for i in range(count):
                self._add(f"{op}{i}_start", 1)
                for k in range(arity(op)):
                    srcs = self.op_src.get((op, i, k), [])
                    if len(srcs) > 1:
                        self._add(f"{op}{i}_sel{k}", _bits(len(srcs)))
                    if mc.p == 3 or (op, i, k) in flips:  # sign (p = 3) or plus-one (p = 2) modifier
                        self._add(f"{op}{i}_neg{k}", 1)
        for b, regs in self.bus_src.items():
            if len(regs) > 1:
                self._add(f"bus{b}_sel", _bits(len(regs)))
        for r in sorted(self.reg_src):
            self._add(f"r{r}_we", 1)
            if len(self.reg_src[r]) > 1:
                self._add(f"r{r}_sel", _bits(len(self.reg_src[r])))
        self.table_src = mc.table_sources()
        for tb, depth in enumerate(mc.tables):
            self._add(f"t{tb}_we", 1)
            self._add(f"t{tb}_addr", _bits(depth))
            if len(self.table_src.get(tb, [])) > 1:
                self._add(f"t{tb}_sel", _bits(len(self.table_src[tb])))

    def _add(self, name, w):
        self.fields[name] = Field(name, self.width, w)
        self.width += w

    def encode(self, mc: Microcode) -> list:
        words = []
        for t, st in enumerate(mc.steps):
            w = 0
            bus = mc.bus_of[t] if mc.n_buses else {}

            def port(src, bus=bus):  # a register read in this step goes through its bus
                return ("bus", bus[src[1]]) if bus and src[0] == "reg" else src

            def put(name, v):
                nonlocal w
                f = self.fields.get(name)
                if f is not None:
                    w |= v << f.lo

            for s in st.starts:
                op, i = s.unit
                put(f"{op}{i}_start", 1)
                for k, (src, g) in enumerate(zip(s.srcs, s.signs)):
                    put(f"{op}{i}_sel{k}", self.op_src[(op, i, k)].index(port(src)))
                    put(f"{op}{i}_neg{k}", int(g))
            for h in st.holds:  # an unlatched unit's operand selects, held while it runs
                op, i = h.unit
                for k, (src, g) in enumerate(zip(h.srcs, h.signs)):
                    put(f"{op}{i}_sel{k}", self.op_src[(op, i, k)].index(port(src)))
                    put(f"{op}{i}_neg{k}", int(g))
            for r, b in bus.items():
                put(f"bus{b}_sel", self.bus_src[b].index(r))
            for wr in st.writes:
                put(f"r{wr.reg}_we", 1)
                put(f"r{wr.reg}_sel", self.reg_src[wr.reg].index(wr.src))
            for tw in st.twrites:
                put(f"t{tw.table}_we", 1)
                put(f"t{tw.table}_addr", tw.entry)
                put(f"t{tw.table}_sel", self.table_src[tw.table].index(tw.src))
            words.append(w)
        return words


class PairingCore(Elaboratable):
    def __init__(self, mc: Microcode, set_id: str, unit_params: dict, debug: bool = False, hier: bool = False):
        self.mc = mc
        self.debug = debug
        self.hier = hier  # the glue in named submodules (per-part area, :mod:`.breakdown`)
        self.ship = None  # gen's Verilog (:mod:`.verilog`): the units and the ROM as instances of modules
        self.layout = Layout(mc)
        self.units = {}
        for op, (name, count, _) in sorted(mc.units.items()):
            for i in range(count):  # a heterogeneous kind's instances each with their own unit and parameters
                uname, ps = mc.variants[op][i][:2] if op in mc.variants else (name, unit_params.get(op, ()))
                params = dict(ps)
                params.setdefault("field", set_id)
                self.units[(op, i)] = hwunit.build(generator(uname), **params)
        proto = next(iter(self.units.values()))
        self.spec = proto.in_specs[0]
        self.W = self.spec.width
        self.words = (self.W + 31) // 32
        n_out = len(mc.outputs)
        self.start = Signal(name="start")
        self.done = Signal(name="done")
        self.busy = Signal(name="busy")
        self.host_we = Signal(name="host_we")
        self.host_addr = Signal(_bits(4 * self.words + 1), name="host_addr")
        self.host_wdata = Signal(32, name="host_wdata")
        self.rd_addr = Signal(_bits(n_out * self.words + 1), name="rd_addr")
        self.rd_data = Signal(32, name="rd_data")
        self.regs = [Signal(self.W, name=f"r{r}") for r in range(mc.n_regs)]
        self.pc = Signal(_bits(mc.n_steps + 1), name="pc")
        if debug:
            self.dbg_pc = Signal(self.pc.shape(), name="dbg_pc")
            self.dbg_sel = Signal(_bits(mc.n_regs + 1), name="dbg_sel")
            self.dbg_data = Signal(self.W, name="dbg_data")

    def ports(self) -> list:
        p = [
            self.start,
            self.done,
            self.busy,
            self.host_we,
            self.host_addr,
            self.host_wdata,
            self.rd_addr,
            self.rd_data,
        ]
        if self.debug:
            p += [self.dbg_pc, self.dbg_sel, self.dbg_data]
        return p

    def const(self, c) -> Const:
        return Const(self.spec.to_int(c), self.W)

    def elaborate(self, platform):
        """The control ROM and tables, the read buses, the units and their operand multiplexers, the
        register file, the host's read port, the controller (this elaboration's signals on ``self._e``)."""
        m = Module()
        self._e = e = SimpleNamespace(m=m, bus_sig={}, unit_out={}, fld={})
        e.ctl = self._part("controller")
        self._control_rom()
        self._tables()
        self._read_buses()
        self._units()
        self._register_file()
        self._host_read()
        self._controller()
        if self.debug:
            m.d.comb += self.dbg_pc.eq(self.pc)
            with m.Switch(self.dbg_sel):
                for r, reg in enumerate(self.regs):
                    with m.Case(r):
                        m.d.comb += self.dbg_data.eq(reg)
        return m

    def _part(self, name):
        """The module the glue ``name`` goes into: a submodule of its own when ``hier`` (same logic)."""
        m = self._e.m
        if not self.hier:
            return m
        sub = Module()
        m.submodules[name] = sub
        return sub

    def _fld(self, name):
        """Control field ``name`` of the current word (with ``ship``, a signal of its own: ``cw_<name>``)."""
        if name in self._e.fld:
            return self._e.fld[name]
        f = self.layout.fields[name]
        return self._e.cw[f.lo : f.lo + f.width]

    def _source(self, src):
        kind, x = src
        if kind == "reg":
            return self.regs[x]
        if kind == "bus":
            return self._e.bus_sig[x]
        if kind == "table":
            return self._e.table_data[x][0]
        if kind == "const":
            return self.const(self.mc.consts[x])
        u = self.units[(base_kind(x[0]), x[1])]  # output j of a compound unit: its j-th output port
        port = u.out_specs[out_port(x[0])].name
        return self._e.unit_out.get((base_kind(x[0]), x[1], port), u.outputs[port])

    def _mux(self, m, target, srcs, sel_name):
        if len(srcs) == 1:
            m.d.comb += target.eq(self._source(srcs[0]))
            return
        sel = self._fld(sel_name)
        with m.Switch(sel):
            for i, s in enumerate(srcs):
                with m.Case(i):
                    m.d.comb += target.eq(self._source(s))

    def _control_rom(self):
        """A synchronous ROM (block RAM) of the control words addressed with the next pc: during step t
        it holds word t."""
        e, L = self._e, self.layout
        ctl = e.ctl
        pc_next = Signal(self.pc.shape(), name="pc_next")
        if self.ship is not None:  # gen's Verilog: a ROM module reading the words from a .mem file, its
            e.fld = {n: Signal(f.width, name=f"cw_{n}") for n, f in L.fields.items()}  # a port per field
            cw = Cat(*e.fld.values())
            ctl.submodules.control_rom = self.ship.rom(pc_next, e.fld)
        else:
            cw = Signal(L.width, name="control_word")
            words = L.encode(self.mc)
            rom = Memory(shape=L.width, depth=len(words), init=words)
            ctl.submodules.control_rom = rom
            rp = rom.read_port()
            ctl.d.comb += [rp.addr.eq(pc_next), cw.eq(rp.data)]
        ctl.d.sync += self.pc.eq(pc_next)
        e.cw, e.pc_next = cw, pc_next

    def _tables(self):
        """Tables (streams): a RAM each, written by the prologue's control words, read at the pass index;
        the read port is synchronous and addressed with the next step's pass, so during every step of
        pass g its output holds entry g (transparent to a write in the step before)."""
        e, mc = self._e, self.mc
        m, ctl, fld = e.m, e.ctl, self._fld
        pidx = Signal(_bits(mc.loop_count + 1), name="pass_index")
        pidx_next = Signal(pidx.shape(), name="pass_index_next")
        ctl.d.sync += pidx.eq(pidx_next)
        table_data = []
        for tb, depth in enumerate(mc.tables):
            mem = Memory(shape=self.W, depth=depth, init=[])
            m.submodules[f"table{tb}"] = mem
            wp = mem.write_port()
            rdp = mem.read_port(transparent_for=(wp,))
            m.d.comb += [rdp.addr.eq(pidx_next), wp.addr.eq(fld(f"t{tb}_addr")), wp.en.eq(self.busy & fld(f"t{tb}_we"))]
            table_data.append((rdp.data, wp.data))
        e.pidx, e.pidx_next, e.table_data = pidx, pidx_next, table_data

    def _read_buses(self):
        """Read buses (buses.py): each a multiplexer over the registers assigned to it."""
        e, L = self._e, self.layout
        rb = self._part("read_buses") if L.bus_src else e.m
        for b, regs in L.bus_src.items():
            e.bus_sig[b] = Signal(self.W, name=f"bus{b}")
            self._mux(rb, e.bus_sig[b], [("reg", r) for r in regs], f"bus{b}_sel")

    def _units(self):
        """The units and their operand multiplexers, with the pipeline stages of ``mc.info["pipeline"]``
        (:mod:`.pipeline`): split multiplexers (``mux_regs``: a port's sources in groups, each group's
        multiplexer registered, the group chosen a cycle later; every other control input of the unit
        delayed by the same cycle), operand registers (``operand_regs``: the selected, modified operand and
        the start registered) and output registers (``output_regs``: every output port registered). Each
        stage delays what the unit sees, or what leaves it, by one cycle."""
        m, L, mc, fld = self._e.m, self.layout, self.mc, self._fld
        pl = mc.info.get("pipeline") or {}
        for (op, i), u in self.units.items():
            m.submodules[f"{op}{i}"] = u if self.ship is None else self.ship.unit(op, i, u)
            if pl.get("output_regs"):
                for name, sig in u.outputs.items():
                    q = Signal(sig.shape(), name=f"{op}{i}_{name}_q")
                    m.d.sync += q.eq(sig)
                    self._e.unit_out[(op, i, name)] = q
            om = self._part(f"{op}{i}_operands")
            self._staged(om, u.start, self.busy & fld(f"{op}{i}_start"), f"{op}{i}_start")
            el_ports = [p for p in u.in_specs if p.kind != "bits"]
            bit_ports = [p for p in u.in_specs if p.kind == "bits"]
            for k, p in enumerate(el_ports):
                srcs = L.op_src.get((op, i, k), [])
                if srcs:
                    self._operand(om, u.inputs[p.name], srcs, op, i, k, p.name)
            fixed = COMPOUND.get(op, ((), {}))[1]  # inputs the core hard-wires (seed 000's e = 1)
            for k, p in enumerate(bit_ports):
                if p.name in fixed:
                    m.d.comb += u.inputs[p.name].eq(fixed[p.name])
                elif f"{op}{i}_neg{k}" in L.fields:
                    self._staged(om, u.inputs[p.name], fld(f"{op}{i}_neg{k}"), f"{op}{i}_{p.name}")

    def _stages(self) -> tuple[bool, bool]:
        pl = self.mc.info.get("pipeline") or {}
        return bool(pl.get("operand_regs")), bool(pl.get("mux_regs"))

    def _staged(self, om, target, value, name):
        """A unit's control input (start, a sign bit) through the stages in front of the unit: the split
        multiplexer's cycle (a delay), then the operand register."""
        op_regs, mux_regs = self._stages()
        for on, suffix in ((mux_regs, "_m"), (op_regs, "_q")):
            if on:
                d = Signal(target.shape(), name=name + suffix)
                om.d.sync += d.eq(value)
                value = d
        om.d.comb += target.eq(value)

    def _operand(self, om, target, srcs, op, i, k, port):
        """One operand port: its multiplexer (split with ``mux_regs``), the plus-one modifier, the operand
        register with ``operand_regs``."""
        L, fld = self.layout, self._fld
        op_regs, mux_regs = self._stages()
        plus_one = self.mc.p == 2 and f"{op}{i}_neg{k}" in L.fields  # x + 1: bit 0 inverted on the way in
        if not (plus_one or op_regs or mux_regs):
            self._mux(om, target, srcs, f"{op}{i}_sel{k}")
            return
        opnd = Signal(self.W, name=f"{op}{i}_{port}_src")
        if mux_regs:
            self._split_mux(om, opnd, srcs, f"{op}{i}_sel{k}", f"{op}{i}_{port}")
        else:
            self._mux(om, opnd, srcs, f"{op}{i}_sel{k}")
        value = opnd
        if plus_one:
            neg = fld(f"{op}{i}_neg{k}")
            if mux_regs:  # the plus-one bit waits for the operand's second stage
                neg_m = Signal(name=f"{op}{i}_neg{k}_m")
                om.d.sync += neg_m.eq(neg)
                neg = neg_m
            value = opnd ^ neg
        if op_regs:
            q = Signal(self.W, name=f"{op}{i}_{port}_q")
            om.d.sync += q.eq(value)
            value = q
        om.d.comb += target.eq(value)

    def _split_mux(self, m, target, srcs, sel_name, base):
        """``target`` = the source ``sel`` picks, one cycle later, in two stages: the sources in groups of
        G = 2^ceil(b / 2) (b select bits), each group's multiplexer on the select's low bits into a register;
        then the group register the select's high bits (registered) pick."""
        if len(srcs) == 1:
            q = Signal(self.W, name=f"{base}_g0")
            m.d.sync += q.eq(self._source(srcs[0]))
            m.d.comb += target.eq(q)
            return
        sel = self._fld(sel_name)
        lo = (len(sel) + 1) // 2
        G = 1 << lo
        groups = []
        for g, j in enumerate(range(0, len(srcs), G)):
            d, q = Signal(self.W, name=f"{base}_g{g}_d"), Signal(self.W, name=f"{base}_g{g}")
            with m.Switch(sel[:lo]):
                for x, src in enumerate(srcs[j : j + G]):
                    with m.Case(x):
                        m.d.comb += d.eq(self._source(src))
            m.d.sync += q.eq(d)
            groups.append(q)
        if len(groups) == 1:
            m.d.comb += target.eq(groups[0])
            return
        hi = Signal(len(sel) - lo, name=f"{base}_grp")
        m.d.sync += hi.eq(sel[lo:])
        with m.Switch(hi):
            for g, q in enumerate(groups):
                with m.Case(g):
                    m.d.comb += target.eq(q)

    def _register_file(self):
        """Registers: written by the micro-code while busy, input words by the host while idle."""
        e, L, mc = self._e, self.layout, self.mc
        rf = self._part("register_file")
        for r, reg in enumerate(self.regs):
            srcs = L.reg_src.get(r)
            if srcs:
                nxt = Signal(self.W, name=f"r{r}_next")
                self._mux(rf, nxt, srcs, f"r{r}_sel")
                with rf.If(self.busy & self._fld(f"r{r}_we")):
                    rf.d.sync += reg.eq(nxt)
        for tb, (_, wdata) in enumerate(e.table_data):
            self._mux(e.m, wdata, L.table_src[tb], f"t{tb}_sel")
        with rf.If(~self.busy & self.host_we):
            with rf.Switch(self.host_addr):
                for k, r in enumerate(mc.inputs):
                    for j in range(self.words):
                        hi = min(self.W, 32 * j + 32)
                        with rf.Case(k * self.words + j):
                            rf.d.sync += self.regs[r][32 * j : hi].eq(self.host_wdata[: hi - 32 * j])

    def _host_read(self):
        """The GT read port, registered: ``rd_data`` holds the word ``rd_addr`` named a cycle before."""
        hr = self._part("host_read")
        with hr.Switch(self.rd_addr):
            for k, (src, _) in enumerate(self.mc.outputs):
                v = self._source(src)
                for j in range(self.words):
                    hi = min(self.W, 32 * j + 32)
                    with hr.Case(k * self.words + j):
                        hr.d.sync += self.rd_data.eq(v[32 * j : hi])

    def _controller(self):
        """Program counter, loop counter."""
        e, mc = self._e, self.mc
        ctl, pc_next, pidx, pidx_next = e.ctl, e.pc_next, e.pidx, e.pidx_next
        cnt = Signal(_bits(mc.loop_count + 1), name="loop_count")
        last = mc.n_steps - 1
        ctl.d.comb += [pc_next.eq(self.pc), pidx_next.eq(pidx)]
        with ctl.If(self.busy):
            with ctl.If((self.pc == mc.loop_end - 1) & (cnt != 0)):
                ctl.d.comb += [pc_next.eq(mc.loop_start), pidx_next.eq(pidx + 1)]
                ctl.d.sync += cnt.eq(cnt - 1)
            with ctl.Elif(self.pc == last):
                ctl.d.sync += [self.busy.eq(0), self.done.eq(1)]
            with ctl.Else():
                ctl.d.comb += pc_next.eq(self.pc + 1)
        with ctl.Elif(self.start):
            ctl.d.comb += [pc_next.eq(0), pidx_next.eq(0)]
            ctl.d.sync += [self.busy.eq(1), self.done.eq(0), cnt.eq(mc.loop_count - 1)]


def storage_script(storage: str) -> str:
    """Yosys commands (before ``synth_*``) that place the memories as ``CoreConfig.storage`` says: "bram" none
    (the tool's choice: block RAM for the large ones); "lut" (seed 004 section 5: the tables "into LUTs", its
    control FSMs) the tables ``table*`` in distributed RAM and the control ROM as LUT logic."""
    if storage == "bram":
        return ""
    return (
        "hierarchy -top top\n"
        'setattr -set rom_style "logic" top/m:control_rom\n'
        'setattr -set ram_style "distributed" top/m:table*\n'
    )


def header(core: PairingCore, cfg) -> str:
    """The comment block at the top of the generated Verilog: the interface protocol."""
    mc = core.mc
    return "\n".join(
        "// " + ln
        for ln in f"""pairkit.hw.core: {cfg.name} -- {cfg.set_id} {cfg.alg}, the whole pairing (Miller loop and final exponentiation)
{cfg.summary}
units: {cfg.mix_str()}; {mc.n_regs} registers of {core.W} bits; control ROM {mc.n_steps} x {core.layout.width} bits
Protocol (clock clk, synchronous reset rst to idle):
  1. while idle, write the inputs x_P, y_P, x_Q, y_Q: host_we = 1, host_addr = i * {core.words} + j, host_wdata = word j
     (bits 32j..32j+31) of input i; an element is {core.W} bits ({"Cat(lo, hi): the two GF(3) bit planes" if mc.p == 3 else "bit i = coefficient of x^i"}).
  2. pulse start for one cycle; busy is high while the pairing runs.
  3. done rises exactly {mc.cycles()} cycles after the start edge and stays high until the next start.
  4. read the result: rd_addr = i * {core.words} + j gives word j of GT coordinate i (i = 0..{len(mc.outputs) - 1}, the spec's order)
     on rd_data one clock edge later (the read port is a register).
Latency {mc.cycles()} cycles: prologue {mc.block_cycles()["prologue"]}, loop {mc.loop_end - mc.loop_start} x {mc.loop_count}, epilogue {mc.block_cycles()["epilogue"]}.""".split(
            "\n"
        )
    )
