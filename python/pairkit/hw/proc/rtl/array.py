"""Seed 002's multi-core array (section 5.3: "the total resource count available on the device divided by the
per core requirements", Table 6's 216 cores) built, not only estimated: n ProcCore instances running one
program, a work distributor that hands each job to an idle core, and a tagged result stream (seed 002's future work).

    host --limbs--> staging buffer (2 job slots) --copy--> core i's register file (host write port), start
    core i done --read (host read port)--> result stream (job id, error, limbs), one core at a time

The distributor has one copy engine and one readout engine; they run at the same time (on different cores)
and beside the cores, so a job costs the array n_in k + 1 cycles before its core starts (the copy, one limb a
cycle, and the start) and n_out k + 1 after its core halts (the read port's cycle of latency, then one limb a
cycle) when the result stream is not held back. The host may fill the second slot while the first waits for a
core or is being copied.

Two neighbouring cores share their program ROM and constant ROM (``share_roms``): one memory with two read
ports each, which a block RAM provides (true dual port), so the pair holds one copy of each ROM.

Parameters: ``cores`` in 1..MAX_CORES. The bound: the idle-core and finished-core priority encoders and the
n-way result multiplexer are one combinational level over n inputs; a larger device (an xc6vlx760 holds
216 cores) would be several arrays behind the host, or a distributor with registered trees.
"""

from __future__ import annotations

from types import SimpleNamespace

from amaranth.hdl import Array, Cat, Elaboratable, Module, Signal

from pairkit.errors import InvalidArgumentError
from pairkit.hw.proc.rtl.core import ProcCore, check_rom_sharing, rom_memories
from pairkit.hw.proc.rtl.layout import Layout, index_bits, pow2

MAX_CORES = 64

ARRAY_HEADER = """Seed 002 pairing processor array (pairkit.hw.proc.rtl.array): {n} cores, one program, a work distributor.
 {share}
Host protocol (clock clk, synchronous reset rst; a transfer happens in a cycle where valid and ready are both 1):
 in_ready        1: a job slot is free (2 slots). Only while in_ready = 1:
 in_we, in_addr[{aw}:0], in_wdata[{wm}:0]   write limb i of input register r at in_addr = r * {stride} + i, as on
                 one core's host port (the inputs: {inputs}; writes to other addresses are ignored)
 in_valid, in_id[{im}:0]   push the slot's job, tagged in_id (the slot's limbs are copied to an idle core by the
                 distributor, which then starts it); a limb not written since the previous job in that slot keeps
                 that job's value
 out_valid, out_ready, out_id[{im}:0], out_error, out_addr[{aw}:0], out_data[{wm}:0], out_last
                 one result limb a transfer: limb i of output register r (out_addr = r * {stride} + i) of job out_id,
                 outputs in the order {outputs}, limbs 0..{km}; out_last on the job's last limb. Jobs complete in any
                 order (tagged by out_id); out_error = 1: the job stopped at an INV of zero (its limbs are undefined).
                 out_ready = 0 holds the stream (the limb stays on out_data)
 idle            no job in a slot, a core or the result stream
One core's cycles ({nin} inputs x {k} limbs copied before, {nout} outputs x {k} limbs read after):"""


class ProcArray(Elaboratable):
    def __new__(cls, layout: Layout, cores: int = 2, *, id_width: int = 8, **kw):
        # refused before the object exists: no "created but never used" warning for a refused array
        for name, v, lo, hi in (("cores", cores, 1, MAX_CORES), ("id_width", id_width, 1, 32)):
            if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                raise InvalidArgumentError(f"the array's {name} must be an integer in [{lo}, {hi}], got {v!r}")
        if not layout.prog.outputs:
            raise InvalidArgumentError("the array returns the program's outputs: the program declares none (.output)")
        if kw.get("share_roms", True):
            check_rom_sharing(layout)
        return super().__new__(cls, src_loc_at=1)  # the caller's line, as without this method

    def __init__(
        self, layout: Layout, cores: int = 2, *, id_width: int = 8, share_roms: bool = True, debug: bool = False
    ):
        self.L, self.n, self.idw, self.share_roms, self.debug = layout, cores, id_width, share_roms, debug
        self.in_regs = list(layout.prog.inputs.values())
        self.out_regs = list(layout.prog.outputs.values())
        aw, W = index_bits(layout.rf_depth), layout.W

        def sig(name, width=1):
            return Signal(width, name=name)

        self.in_ready, self.in_valid, self.in_id = sig("in_ready"), sig("in_valid"), sig("in_id", id_width)
        self.in_we, self.in_addr, self.in_wdata = sig("in_we"), sig("in_addr", aw), sig("in_wdata", W)
        self.out_valid, self.out_ready, self.out_id = sig("out_valid"), sig("out_ready"), sig("out_id", id_width)
        self.out_error, self.out_addr, self.out_data = sig("out_error"), sig("out_addr", aw), sig("out_data", W)
        self.out_last, self.idle = sig("out_last"), sig("idle")
        if debug:  # for the bench: the distributor's events (take a job from its slot, start a core, a core halts)
            self.dbg_take, self.dbg_take_id = sig("dbg_take"), sig("dbg_take_id", id_width)
            self.dbg_start, self.dbg_start_id = sig("dbg_start"), sig("dbg_start_id", id_width)
            self.dbg_start_core, self.dbg_fin = sig("dbg_start_core", index_bits(cores)), sig("dbg_fin", cores)

    def ports(self) -> list:
        p = [
            self.in_ready,
            self.in_valid,
            self.in_id,
            self.in_we,
            self.in_addr,
            self.in_wdata,
            self.out_valid,
            self.out_ready,
            self.out_id,
            self.out_error,
            self.out_addr,
            self.out_data,
            self.out_last,
            self.idle,
        ]
        if self.debug:
            p += [self.dbg_take, self.dbg_take_id, self.dbg_start, self.dbg_start_id, self.dbg_start_core, self.dbg_fin]
        return p

    def header(self) -> str:
        L = self.L
        share = (
            f"Cores 2j and 2j+1 share one program ROM and one constant ROM (two read ports each): "
            f"{self.n // 2} shared pair(s)" + (", one core with its own" if self.n % 2 else "")
            if self.share_roms and self.n > 1
            else "Every core has its own program and constant ROMs"
        )
        head = ARRAY_HEADER.format(
            n=self.n,
            share=share,
            aw=index_bits(L.rf_depth) - 1,
            wm=L.W - 1,
            stride=L.stride,
            inputs=L.prog.inputs,
            outputs=L.prog.outputs,
            im=self.idw - 1,
            km=L.k - 1,
            nin=len(self.in_regs),
            nout=len(self.out_regs),
            k=L.k,
        )
        core = ProcCore.header(SimpleNamespace(L=L)).splitlines()  # type: ignore[arg-type]  # it reads only .L
        return "\n".join([head] + [" " + ln for ln in core[1:4]])

    def elaborate(self, platform):
        m = Module()
        L, n, k = self.L, self.n, self.L.k
        lgs = (L.stride - 1).bit_length()  # the stride is a power of two
        nin, nout = len(self.in_regs), len(self.out_regs)
        lgi = (pow2(max(nin, 1)) - 1).bit_length()

        # --- the cores, two to a pair of shared ROMs ----------------------------------------------------
        cores: list[ProcCore] = []
        shared: list = []
        for i in range(n):
            ports = None
            if self.share_roms and i + 1 < n and i % 2 == 0:
                prom, crom = rom_memories(L)
                m.submodules[f"prom{i // 2}"], m.submodules[f"crom{i // 2}"] = prom, crom
                shared = [(prom.read_port(), crom.read_port()) for _ in range(2)]
            if self.share_roms and i < 2 * (n // 2):
                ports = shared[i % 2]
            c = ProcCore(L, debug=False, rom_ports=ports)
            m.submodules[f"core{i}"] = c
            cores.append(c)

        # --- staging buffer: 2 slots of (inputs rounded up to a power of two) x stride limbs --------------
        from amaranth.lib.memory import Memory

        m.submodules.stage = stage = Memory(shape=L.W, depth=2 * pow2(max(nin, 1)) * L.stride, init=[])
        sw = stage.write_port()
        sr = stage.read_port()
        full, wslot, rslot = Signal(2), Signal(), Signal()
        ids = Array(Signal(self.idw, name=f"slot_id{j}") for j in range(2))
        m.d.comb += self.in_ready.eq(~full.bit_select(wslot, 1))
        push = Signal()
        m.d.comb += push.eq(self.in_valid & self.in_ready)
        hit, sidx = Signal(), Signal(max(1, lgi))
        with m.Switch(self.in_addr[lgs:]):
            for j, r in enumerate(self.in_regs):
                with m.Case(r):
                    m.d.comb += [hit.eq(1), sidx.eq(j)]
        m.d.comb += [
            sw.en.eq(self.in_we & self.in_ready & hit),
            sw.data.eq(self.in_wdata),
            sw.addr.eq(Cat(self.in_addr[:lgs], sidx[:lgi], wslot)),
        ]
        with m.If(push):
            m.d.sync += [ids[wslot].eq(self.in_id), wslot.eq(~wslot)]

        # --- per-core job state ---------------------------------------------------------------------------
        alloc = Signal(n)
        jid = Array(Signal(self.idw, name=f"job{i}") for i in range(n))
        alloc_set, alloc_clr, full_clr = Signal(n), Signal(n), Signal(2)
        m.d.sync += [
            alloc.eq((alloc | alloc_set) & ~alloc_clr),
            full.eq((full | Cat(push & ~wslot, push & wslot)) & ~full_clr),
        ]
        pend = Signal(n)  # halted, result not yet read
        m.d.comb += pend.eq(Cat(alloc[i] & c.done & ~c.busy for i, c in enumerate(cores)))

        def first(bits, into):  # the lowest set bit's index
            for i in reversed(range(n)):
                with m.If(bits[i]):
                    m.d.comb += into.eq(i)

        # --- dispatch: take a slot's job, copy its limbs into an idle core, start it ---------------------
        free_core, dsel = Signal(range(max(n, 2))), Signal(range(max(n, 2)))
        first(~alloc, free_core)
        ii, li = Signal(max(1, lgi)), Signal(range(max(k, 2)))
        wv, waddr = Signal(), Signal(len(self.in_addr))
        in_reg = Array(self.in_regs or [0])
        starting = Signal()
        with m.FSM(name="dispatch"):
            with m.State("IDLE"):
                with m.If(full.bit_select(rslot, 1) & (~alloc).any()):
                    m.d.sync += [dsel.eq(free_core), ii.eq(0), li.eq(0)]
                    if self.debug:
                        m.d.comb += [self.dbg_take.eq(1), self.dbg_take_id.eq(ids[rslot])]
                    m.next = "COPY" if nin else "START"
            with m.State("COPY"):  # read limb (ii, li) of the slot; its write follows a cycle later
                m.d.comb += sr.addr.eq(Cat(li[:lgs], ii[:lgi], rslot))
                m.d.sync += [wv.eq(1), waddr.eq(Cat(li[:lgs], in_reg[ii]))]
                with m.If(li == k - 1):
                    m.d.sync += [li.eq(0), ii.eq(ii + 1)]
                    with m.If(ii == nin - 1):
                        m.next = "START"
                with m.Else():
                    m.d.sync += li.eq(li + 1)
            with m.State("START"):  # the last limb's write and the start, in one cycle
                m.d.comb += [starting.eq(1), full_clr.eq(Cat(~rslot, rslot)), alloc_set.eq(1 << dsel)]
                m.d.sync += [wv.eq(0), rslot.eq(~rslot), jid[dsel].eq(ids[rslot])]
                if self.debug:
                    m.d.comb += [self.dbg_start.eq(1), self.dbg_start_id.eq(ids[rslot]), self.dbg_start_core.eq(dsel)]
                m.next = "IDLE"
        for i, c in enumerate(cores):
            m.d.comb += [
                c.host_we.eq(wv & (dsel == i)),
                c.host_addr.eq(waddr),
                c.host_wdata.eq(sr.data),
                c.start.eq(starting & (dsel == i)),
            ]

        # --- readout: one halted core at a time, its outputs limb by limb through its host read port ---------
        rsel, pick = Signal(range(max(n, 2))), Signal(range(max(n, 2)))
        first(pend, pick)
        ro, lo = Signal(range(nout + 1)), Signal(range(max(k, 2)))
        nro, nlo = Signal.like(ro), Signal.like(lo)
        primed, fire, reading = Signal(), Signal(), Signal()
        out_reg = Array(self.out_regs)
        m.d.comb += [nro.eq(ro), nlo.eq(lo)]
        with m.FSM(name="readout"):
            with m.State("IDLE"):
                with m.If(pend.any()):
                    m.d.sync += [rsel.eq(pick), ro.eq(0), lo.eq(0), primed.eq(0)]
                    m.next = "READ"
            with m.State("READ"):
                m.d.comb += [reading.eq(1), self.out_valid.eq(primed), fire.eq(primed & self.out_ready)]
                with m.If(fire):
                    with m.If(lo == k - 1):
                        m.d.comb += [nlo.eq(0), nro.eq(ro + 1)]
                    with m.Else():
                        m.d.comb += nlo.eq(lo + 1)
                m.d.sync += [ro.eq(nro), lo.eq(nlo), primed.eq(1)]
                with m.If(fire & self.out_last):
                    m.d.comb += alloc_clr.eq(1 << rsel)
                    m.d.sync += primed.eq(0)
                    m.next = "IDLE"
        raddr = Signal(len(self.in_addr))
        m.d.comb += raddr.eq(Cat(nlo[:lgs], out_reg[nro]))  # the next limb's address when this one leaves
        for c in cores:
            m.d.comb += c.host_raddr.eq(raddr)
        m.d.comb += [
            self.out_id.eq(jid[rsel]),
            self.out_error.eq(Array(c.error for c in cores)[rsel]),
            self.out_data.eq(Array(c.host_rdata for c in cores)[rsel]),
            self.out_addr.eq(Cat(lo[:lgs], out_reg[ro])),
            self.out_last.eq((ro == nout - 1) & (lo == k - 1)),
            self.idle.eq(~full.any() & ~alloc.any() & ~wv & ~reading),
        ]
        if self.debug:
            was = Signal(n)
            m.d.sync += was.eq(Cat(c.done for c in cores))
            m.d.comb += self.dbg_fin.eq(Cat(c.done for c in cores) & ~was)
        return m
