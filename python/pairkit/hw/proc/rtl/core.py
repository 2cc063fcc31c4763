"""Seed 002's pairing processor as an Amaranth design: the W-bit multi-precision ALU (sections 3.2-3.3,
Fig. 2's multi-purpose datapath, Figs. 3-5's partial-product generators and adder tree, Table 2's
five-stage product), the segmented register file in block RAM (Fig. 1) and the instruction unit with
the JSR circular shift register (section 4, Table 3, Fig. 7), executing the 32-bit words of proc/isa.py
from a program ROM.

Every field instruction is a sequence of *passes*; a pass over n limbs takes n + d cycles (read limb t
in cycle t, compute it in t + 1, write it in t + 2: the d = 2 of hw/proc/alu.py; with d = 3 the partial
products are registered, the column sum follows a cycle later, and every other result waits one cycle
before its write), so each instruction takes
exactly the ALU model's cycles and the core runs cycle for cycle with the ISS:

  ADD   T <- a + b - p; rd <- (T < 0 ? a + b : T)                      2 passes (Table 1: sum1, sum2)
  SUB   T <- a - b;     rd <- T + (T < 0 ? p : 0)                      2 passes
  NEG   T <- 0 - a;     rd <- T + (T < 0 ? p : 0)                      2 passes
  MOV, LDC  rd <- ra / constant                                          1 pass
  MUL   Table 2: stage 1 P1 = a b (ceil(k/P) passes of k + P columns: P limbs of b in the PPGs, a streamed
        through the skew shift register of Fig. 4, Fig. 5's adder tree summing one column a cycle);
        stage 2 T1 = (P1 >> W j) mu; stage 3 e = T1 >> (N + 1 + M) (one shift pass); stage 4 P2 = e p;
        stage 5 X <- P1 - P2, Y <- X - p (and the sign of X - 2p), rd <- X | Y | Y - p   (3 passes)
  INV   binary extended Euclid: u lives in rd (copied from ra in the first pass, v <- p beside it),
        v, x1, x2 in the scratch memory (x1 = 1, x2 = 0 until first written); a halving is 2 passes
        (u or v by a 1-bit shift, its x by (x >> 1) + (x odd ? (p + 1) / 2 : 0)), a subtraction step 4
        (u - v, the right difference, x1 - x2, + p); the last step writes its result straight into rd.
  JUMP, LOAD, JDEC, JSR, HALT   one cycle (Fig. 7); JSR tests srl[L-1], then rotates right.
"""

from __future__ import annotations

from types import SimpleNamespace

from amaranth.hdl import Array, Cat, Elaboratable, Module, Mux, Signal, Value
from amaranth.lib.memory import Memory

from pairkit.errors import InvalidArgumentError
from pairkit.hw.proc.isa import OPCODES
from pairkit.hw.proc.rtl.layout import Layout, index_bits

# pass phases (0: the first pass of the instruction in the ROM's output)
(
    CTRL,
    A_ADD1,
    A_ADD2,
    A_SUB1,
    A_NEG1,
    A_FIX,
    A_MOV,
    A_LDC,
    I_INIT,
    I_HU,
    I_HX1,
    I_HV,
    I_HX2,
    I_S1,
    I_S2,
    I_S3,
    I_S4,
    M_S1,
    M_S2,
    M_S3,
    M_S4,
    M_R1,
    M_R2,
    M_R3,
    M_C1,
    M_C2,
    M_C3,
) = range(1, 28)
ALU, SHIFT, MULT = range(3)
Z0, ONE, RFA, PMA, ROM, RFB, PMB = range(7)  # operand sources

HEADER = """Seed 002 pairing processor (pairkit.hw.proc.rtl), generated for one program.
 p = {p:#x}
 N = {N}, W = {W}, k = {k} limbs, P = {P} partial-product generators, pass latency d = {d}
 program: {words} words, {nregs} registers (stride {stride} limbs), {nconst} constants, JSR register {L} bits
Host interface (clock clk, synchronous reset rst):
 host_we, host_addr[{aw}:0], host_wdata[{wm}:0]  while busy = 0: write limb i (W bits, limb 0 least
     significant) of register r at address r * {stride} + i (the program's inputs: {inputs})
 start      one cycle while busy = 0: run the program from pc 0
 busy       high while it runs; done rises with the HALT and stays high until the next start
 error      with done: INV of zero (the core stops at that instruction)
 host_raddr[{aw}:0], host_rdata[{wm}:0]  while busy = 0: limb at address host_raddr, one cycle later
     (the outputs: {outputs})"""


def _unnamed(make):
    """``make()`` without the name Amaranth's tracer would give it from the assignment it ends in."""
    return make()


def rom_memories(L: Layout) -> tuple[Memory, Memory]:
    """The program ROM (32-bit words) and the constant ROM (W-bit limbs) of a core running ``L.prog``."""
    return (
        Memory(shape=32, depth=len(L.prog.code), init=L.prog.words()),
        Memory(shape=L.W, depth=L.rom_depth, init=L.rom),
    )


def check_rom_sharing(layout: Layout) -> None:
    """A core of d >= 4 reads its program ROM asynchronously (in LUTs): it cannot take an array's shared
    synchronous ROM ports (InvalidArgumentError)."""
    if layout.addr_stage:
        raise InvalidArgumentError(
            f"a core of pass latency d = {layout.d} reads its program ROM asynchronously: it cannot share the "
            "synchronous ROM ports of an array (d = 2 or 3 there)"
        )


class ProcCore(Elaboratable):
    def __new__(cls, layout: Layout, debug: bool = True, rom_ports: tuple | None = None):
        if rom_ports is not None:  # refused before the object exists (no "created but never used" warning)
            check_rom_sharing(layout)
        return super().__new__(cls, src_loc_at=1)

    def __init__(self, layout: Layout, debug: bool = True, rom_ports: tuple | None = None):
        self.L = L = layout
        self.debug = debug
        # (program ROM, constant ROM) read ports of memories held elsewhere: ProcArray shares them between two cores
        self.rom_ports = rom_ports
        W = L.W
        aw = index_bits(L.rf_depth)

        def sig(name, width=1):
            return Signal(width, name=name)

        self.start, self.busy, self.done, self.error = sig("start"), sig("busy"), sig("done"), sig("error")
        self.host_we, self.host_addr, self.host_wdata = sig("host_we"), sig("host_addr", aw), sig("host_wdata", W)
        self.host_raddr, self.host_rdata = sig("host_raddr", aw), sig("host_rdata", W)
        if debug:  # for the testbenches: the cycle counter, retirement and the register file's write port
            self.cycles = sig("cycles", 48)
            self.dbg_retire, self.dbg_pc = sig("dbg_retire"), sig("dbg_pc", index_bits(len(L.prog.code) + 1))
            self.dbg_we, self.dbg_waddr, self.dbg_wdata = sig("dbg_we"), sig("dbg_waddr", aw), sig("dbg_wdata", W)

    def ports(self) -> list:
        p = [
            self.start,
            self.busy,
            self.done,
            self.error,
            self.host_we,
            self.host_addr,
            self.host_wdata,
            self.host_raddr,
            self.host_rdata,
        ]
        if self.debug:
            p += [self.cycles, self.dbg_retire, self.dbg_pc, self.dbg_we, self.dbg_waddr, self.dbg_wdata]
        return p

    def header(self) -> str:
        L = self.L
        return HEADER.format(
            p=L.prog.p,
            N=L.N,
            W=L.W,
            k=L.k,
            P=L.P,
            d=L.d,
            words=len(L.prog.code),
            nregs=L.nregs,
            stride=L.stride,
            nconst=len(L.prog.consts),
            L=len(L.prog.srl),
            aw=index_bits(L.rf_depth) - 1,
            wm=L.W - 1,
            inputs=L.prog.inputs,
            outputs=L.prog.outputs,
        )

    def elaborate(self, platform):
        """The datapath stage by stage, then the controller; the stages hand their signals on through
        ``ns``, a namespace of this elaboration (each stage unpacks what it reads, publishes what it makes)."""
        m = Module()
        L = self.L
        ns = SimpleNamespace(m=m, L=L, W=L.W, P=L.P, k=L.k, prog=L.prog, code=L.prog.words(), mask=(1 << L.W) - 1)
        for stage in (
            self._memories,
            self._instruction_unit,
            self._pass_signals,
            self._pass_descriptor,
            self._read_stage,
            self._compute_controls,
            self._alu,
            self._ppgs,
            self._adder_tree,
            self._compute_state,
            self._write_stage,
            self._controller,
        ):
            stage(m, ns)
        return m

    # --- helpers of the stages -------------------------------------------------------------------------
    def _xreg(self, ns, which):  # (pm region, constant source) of x1 / x2
        return (ns.L.pm["X1"], ns.x1_one) if which == 1 else (ns.L.pm["X2"], ns.x2_zero)

    def _rf_addr(self, ns, reg, limb):
        return ((reg << ns.lgs) + limb)[: ns.aw]

    def _off(self, ns, no):  # the pass offset m P, which the CIOS passes go without (the Barrett core has no such mux)
        return Mux(no, 0, ns.mP) if ns.L.mont else ns.mP

    def _reg(self, ns, v, name):
        """``v`` registered (a cycle later), as the signal ``name``."""
        v = Value.cast(v)
        r = Signal(v.shape(), name=name)
        ns.m.d.sync += r.eq(v)
        return r

    def _delay(self, ns, v, name, n):
        """``v`` delayed by ``n`` registers, the last named ``name`` (n = 1: :meth:`_reg`; n = 0: ``v``)."""
        for i in range(n):
            v = self._reg(ns, v, name if i == n - 1 else f"{name}_p{i}")
        return v

    def _creg(self, ns, v, name):
        """A control of limb t, formed with its addresses in cycle t, as the compute stage sees it (R cycles later)."""
        return self._delay(ns, v, name, ns.L.R)

    def _source(self, ns, sel, hi=False):
        """The operand the source select ``sel`` names (ONE: 1 in the first limb; Z0: 0)."""
        m = ns.m
        v = Signal(ns.W)
        with m.Switch(sel):
            with m.Case(ONE):
                m.d.comb += v.eq(Mux(hi, 0, ns.first))
            with m.Case(RFA):
                m.d.comb += v.eq(ns.rfa.data)
            with m.Case(PMA):
                m.d.comb += v.eq(ns.pma.data)
            with m.Case(ROM):
                m.d.comb += v.eq(ns.cr.data)
            with m.Case(RFB):
                m.d.comb += v.eq(ns.rfb.data)
            with m.Case(PMB):
                m.d.comb += v.eq(ns.pmb.data)
        return v

    def _goto(self, ns, phase):
        ns.m.d.sync += ns.ph_reg.eq(phase)

    def _inv_done(
        self, ns
    ):  # the inversion's result is in rd: the instruction ends, or (CIOS) INV's product by R^3 follows
        if ns.L.mont:
            ns.m.d.sync += ns.inv_tail.eq(1)
            self._goto(ns, M_C1)
        else:
            ns.m.d.comb += ns.end.eq(1)

    def _counted_pass(
        self, ns, after, again=None
    ):  # pass mi of npass ends: the next one (in phase `again`), or `after`
        m, mi = ns.m, ns.mi
        with m.If(mi + 1 == ns.npass):
            m.d.sync += mi.eq(0)
            self._goto(ns, after)
        with m.Else():
            m.d.sync += mi.eq(mi + 1)
            if again is not None:
                self._goto(ns, again)

    # --- the stages ----------------------------------------------------------------------------------------

    def _memories(self, m, ns):
        """The program and constant ROMs (or the ports of shared ones), the register file and the scratch memory."""
        L, W = ns.L, ns.W
        own = self.rom_ports is None
        if own:
            prom, crom = rom_memories(L)
        if own:
            m.submodules.prom = prom
        m.submodules.rf = rf = Memory(shape=W, depth=L.rf_depth, init=[])
        m.submodules.pm = pm = Memory(shape=W, depth=L.pm_depth, init=[])
        if own:
            m.submodules.crom = crom
        if own and L.addr_stage:  # d >= 4: the program ROM in LUTs, read from the pc register (no DP16KD clock-to-out)
            ip = prom.read_port(domain="comb")
        elif own:  # (the port names come from these assignments)
            ip = prom.read_port()
        else:
            assert self.rom_ports is not None
            ip = self.rom_ports[0]
        # (_unnamed: these ports, like the others here, keep Amaranth's anonymous names in the netlist, as
        # when this was one function: the RTLIL, and with it the report cache keys of reports/proc.py, stay)
        rfw, rfa, rfb = rf.write_port(), rf.read_port(), _unnamed(rf.read_port)
        pmw, pma, pmb = pm.write_port(), pm.read_port(), _unnamed(pm.read_port)
        if own:
            cr = crom.read_port()
        else:
            assert self.rom_ports is not None
            cr = self.rom_ports[1]
        ns.rfa_port, ns.read_ports = rfa, {}
        if L.addr_stage or L.data_stage:  # the read stage and the compute stage see these in place of the ports
            px = {}
            for name, port in (("cr", cr), ("pma", pma), ("pmb", pmb), ("rfa", rfa), ("rfb", rfb)):
                addr = Signal.like(port.addr, name=f"{name}_a") if L.addr_stage else port.addr
                data = self._reg(ns, port.data, f"{name}_q") if L.data_stage else port.data
                px[name] = SimpleNamespace(addr=addr, data=data)
                ns.read_ports[name] = port
            cr, pma, pmb, rfa, rfb = px["cr"], px["pma"], px["pmb"], px["rfa"], px["rfb"]
        ns.cr, ns.ip, ns.pma, ns.pmb, ns.pmw, ns.rfa, ns.rfb, ns.rfw = cr, ip, pma, pmb, pmw, rfa, rfb, rfw

    def _instruction_unit(self, m, ns):
        """The program counter, the pass counter and phase, the loop counters, the JSR register, the
        first phase of each opcode and the flags."""
        L, P, code, prog, ip = ns.L, ns.P, ns.code, ns.prog, ns.ip
        pc = Signal(index_bits(len(code) + 1))
        pc_next = Signal.like(pc)
        m.d.comb += ip.addr.eq(pc if L.addr_stage else pc_next)  # (d >= 4: an asynchronous ROM, the same word)
        m.d.sync += pc.eq(pc_next)
        ins = ip.data
        op, f_rd, f_ra, f_rb = ins[26:32], ins[18:26], ins[10:18], ins[2:10]
        f_k, f_c, f_imm = ins[0:18], ins[22:26], ins[0:22]
        running = Signal()
        m.d.comb += self.busy.eq(running)
        nmax = max(L.k + P, L.ku + P, L.km + P, L.kr + P if L.mont else L.kr, 2 * P if L.mont else 0, L.n3) + L.d
        t = Signal(index_bits(nmax + 1))
        ph_reg = Signal(5)
        mi = Signal(index_bits(max(L.passes1, L.passes2, L.passes4) + 1))
        cnt = Array(Signal(22, name=f"c{i}") for i in range(L.ncounters))
        Ls = len(prog.srl)
        srl = Signal(max(1, Ls), init=sum(b << j for j, b in enumerate(prog.srl)))

        first = Signal(5)
        with m.Switch(op):
            for name, ph in (
                ("ADD", A_ADD1),
                ("SUB", A_SUB1),
                ("NEG", A_NEG1),
                ("MOV", A_MOV),
                ("LDC", A_LDC),
                ("MUL", M_C1 if L.mont else M_S1),
                ("INV", I_INIT),
            ):
                with m.Case(OPCODES[name][0]):
                    m.d.comb += first.eq(ph)
            with m.Default():
                m.d.comb += first.eq(CTRL)
        ph = Signal(5)
        m.d.comb += ph.eq(Mux(ph_reg == 0, first, ph_reg))

        # flags
        nflag, ge, n1, n2 = Signal(), Signal(), Signal(), Signal()
        u_even, u_is1, v_even, v_is1 = Signal(), Signal(), Signal(), Signal()
        x1_one, x2_zero = Signal(), Signal(name="$signal")  # (anonymous, as x1_one: see _unnamed)
        fl_lsb, fl_one, fl_zero, fl_nz = Signal(), Signal(), Signal(), Signal()
        ns.Ls, ns.cnt, ns.f_c, ns.f_imm, ns.f_k, ns.f_ra, ns.f_rb, ns.f_rd = Ls, cnt, f_c, f_imm, f_k, f_ra, f_rb, f_rd
        ns.fl_lsb, ns.fl_nz, ns.fl_one, ns.fl_zero, ns.ge, ns.mi, ns.n1, ns.n2 = (
            fl_lsb,
            fl_nz,
            fl_one,
            fl_zero,
            ge,
            mi,
            n1,
            n2,
        )
        ns.nflag, ns.nmax, ns.op, ns.pc, ns.pc_next, ns.ph, ns.ph_reg = nflag, nmax, op, pc, pc_next, ph, ph_reg
        ns.running, ns.srl, ns.t, ns.u_even, ns.u_is1, ns.v_even, ns.v_is1 = (
            running,
            srl,
            t,
            u_even,
            u_is1,
            v_even,
            v_is1,
        )
        ns.x1_one, ns.x2_zero = x1_one, x2_zero

    def _pass_signals(self, m, ns):
        """The pass descriptor's signals."""
        L, mi, nmax = ns.L, ns.mi, ns.nmax
        n = Signal(index_bits(nmax + 1))
        mode = Signal(2)
        xsrc, ysrc, hsrc = Signal(3), Signal(3), Signal(3)
        ysub, zen, zsub = Signal(), Signal(), Signal()
        shr3, odd_en, hi_lim = Signal(), Signal(), Signal(index_bits(nmax + 1))
        rfa_reg, rfb_reg = Signal(8), Signal(8)
        rfb_off = Signal()
        pma_base, pmb_base, pm_wbase = (
            Signal(index_bits(L.pm_depth)),
            Signal(index_bits(L.pm_depth)),
            Signal(index_bits(L.pm_depth)),
        )
        rom_base = Signal(index_bits(L.rom_depth) + 18)
        wrf, wpm, pm_wrom = Signal(), Signal(), Signal()
        upd_u, upd_v = Signal(), Signal()
        a_len, b_len, m_asrc_pm, m_brom, npass = Signal(8), Signal(8), Signal(), Signal(), Signal.like(mi)
        pmb_off = Signal()
        # CIOS (Montgomery, montgomery.py): addresses without the pass offset m P, A from the ROM, B from PM A,
        # the accumulation's own length / always on / off; inv_tail: INV's product by R^3 after the inversion
        no_pmb, no_rom, no_b, no_w, asrc_rom, bsrc_pma = Signal(), Signal(), Signal(), Signal(), Signal(), Signal()
        acc_len, acc_all, acc_off = Signal(8), Signal(), Signal()
        inv_tail = Signal()
        ns.a_len, ns.acc_all, ns.acc_len, ns.acc_off, ns.asrc_rom = a_len, acc_all, acc_len, acc_off, asrc_rom
        ns.b_len, ns.bsrc_pma, ns.hi_lim, ns.hsrc, ns.inv_tail = b_len, bsrc_pma, hi_lim, hsrc, inv_tail
        ns.m_asrc_pm, ns.m_brom, ns.mode, ns.n, ns.no_b, ns.no_pmb = m_asrc_pm, m_brom, mode, n, no_b, no_pmb
        ns.no_rom, ns.no_w, ns.npass, ns.odd_en, ns.pm_wbase, ns.pm_wrom = (
            no_rom,
            no_w,
            npass,
            odd_en,
            pm_wbase,
            pm_wrom,
        )
        ns.pma_base, ns.pmb_base, ns.pmb_off, ns.rfa_reg, ns.rfb_off = pma_base, pmb_base, pmb_off, rfa_reg, rfb_off
        ns.rfb_reg, ns.rom_base, ns.shr3, ns.upd_u, ns.upd_v, ns.wpm, ns.wrf = (
            rfb_reg,
            rom_base,
            shr3,
            upd_u,
            upd_v,
            wpm,
            wrf,
        )
        ns.xsrc, ns.ysrc, ns.ysub, ns.zen, ns.zsub = xsrc, ysrc, ysub, zen, zsub

    def _pass_descriptor(self, m, ns):
        """The pass descriptor: combinational in the phase, the instruction and the flags."""
        L, ph = ns.L, ns.ph
        with m.Switch(ph):
            self._describe_add_sub(m, ns)
            self._describe_inv(m, ns)
            self._describe_mul(m, ns)
            if L.mont:
                self._describe_cios(m, ns)
            self._describe_reduce(m, ns)

    def _describe_add_sub(self, m, ns):
        """ADD, SUB, NEG, MOV, LDC."""
        L, k, f_k, f_ra, f_rb, n, nflag, ph, pm_wbase = (
            ns.L,
            ns.k,
            ns.f_k,
            ns.f_ra,
            ns.f_rb,
            ns.n,
            ns.nflag,
            ns.ph,
            ns.pm_wbase,
        )
        pma_base, rfa_reg, rfb_reg, rom_base, wpm, wrf = (
            ns.pma_base,
            ns.rfa_reg,
            ns.rfb_reg,
            ns.rom_base,
            ns.wpm,
            ns.wrf,
        )
        xsrc, ysrc, ysub, zen, zsub = ns.xsrc, ns.ysrc, ns.ysub, ns.zen, ns.zsub
        with m.Case(A_ADD1, A_SUB1, A_NEG1):
            m.d.comb += [
                n.eq(k),
                rfa_reg.eq(f_ra),
                rfb_reg.eq(Mux(ph == A_NEG1, f_ra, f_rb)),
                xsrc.eq(Mux(ph == A_NEG1, Z0, RFA)),
                ysrc.eq(RFB),
                ysub.eq(ph != A_ADD1),
                zen.eq(ph == A_ADD1),
                zsub.eq(1),
                rom_base.eq(L.rom_p),
                wpm.eq(1),
                pm_wbase.eq(L.pm["T"]),
            ]
        with m.Case(A_ADD2):
            m.d.comb += [
                n.eq(k),
                rfa_reg.eq(f_ra),
                rfb_reg.eq(f_rb),
                pma_base.eq(L.pm["T"]),
                wrf.eq(1),
                xsrc.eq(Mux(nflag, RFA, PMA)),
                ysrc.eq(Mux(nflag, RFB, Z0)),
            ]
        with m.Case(A_FIX):
            m.d.comb += [n.eq(k), pma_base.eq(L.pm["T"]), xsrc.eq(PMA), zen.eq(nflag), rom_base.eq(L.rom_p), wrf.eq(1)]
        with m.Case(A_MOV):
            m.d.comb += [n.eq(k), rfa_reg.eq(f_ra), xsrc.eq(RFA), wrf.eq(1)]
        with m.Case(A_LDC):
            m.d.comb += [n.eq(k), xsrc.eq(ROM), rom_base.eq(L.rom_c + f_k * k), wrf.eq(1)]

    def _describe_inv(self, m, ns):
        """INV: the set-up pass, the halvings, the subtraction steps."""
        L, k, f_ra, f_rd, ge, hi_lim, hsrc, mode, n = (
            ns.L,
            ns.k,
            ns.f_ra,
            ns.f_rd,
            ns.ge,
            ns.hi_lim,
            ns.hsrc,
            ns.mode,
            ns.n,
        )
        nflag, odd_en, pm_wbase, pm_wrom, pma_base = ns.nflag, ns.odd_en, ns.pm_wbase, ns.pm_wrom, ns.pma_base
        pmb_base, pmb_off, rfa_reg, rfb_off, rfb_reg = ns.pmb_base, ns.pmb_off, ns.rfa_reg, ns.rfb_off, ns.rfb_reg
        rom_base, u_is1, upd_u, upd_v, v_is1, wpm, wrf = (
            ns.rom_base,
            ns.u_is1,
            ns.upd_u,
            ns.upd_v,
            ns.v_is1,
            ns.wpm,
            ns.wrf,
        )
        xsrc, ysrc, ysub, zen = ns.xsrc, ns.ysrc, ns.ysub, ns.zen
        with m.Case(I_INIT):
            m.d.comb += [
                n.eq(k),
                rfa_reg.eq(f_ra),
                xsrc.eq(RFA),
                wrf.eq(1),
                upd_u.eq(1),
                rom_base.eq(L.rom_p),
                wpm.eq(1),
                pm_wbase.eq(L.pm["V"]),
                pm_wrom.eq(1),
            ]
        with m.Case(I_HU):
            m.d.comb += [
                n.eq(k),
                mode.eq(SHIFT),
                hi_lim.eq(k),
                rfa_reg.eq(f_rd),
                rfb_reg.eq(f_rd),
                rfb_off.eq(1),
                xsrc.eq(RFA),
                hsrc.eq(RFB),
                wrf.eq(1),
                upd_u.eq(1),
            ]
        with m.Case(I_HV):
            m.d.comb += [
                n.eq(k),
                mode.eq(SHIFT),
                hi_lim.eq(k),
                pma_base.eq(L.pm["V"]),
                pmb_base.eq(L.pm["V"]),
                pmb_off.eq(1),
                xsrc.eq(PMA),
                hsrc.eq(PMB),
                wpm.eq(1),
                pm_wbase.eq(L.pm["V"]),
                upd_v.eq(1),
            ]
        for ph_x, which in ((I_HX1, 1), (I_HX2, 2)):
            base, const = self._xreg(ns, which)
            cval = ONE if which == 1 else Z0
            with m.Case(ph_x):
                m.d.comb += [
                    n.eq(k),
                    mode.eq(SHIFT),
                    hi_lim.eq(k),
                    pma_base.eq(base),
                    pmb_base.eq(base),
                    pmb_off.eq(1),
                    xsrc.eq(Mux(const, cval, PMA)),
                    hsrc.eq(Mux(const, Z0, PMB)),
                    odd_en.eq(1),
                    zen.eq(1),
                    rom_base.eq(L.rom_h),
                    wpm.eq(1),
                    pm_wbase.eq(base),
                ]
        with m.Case(I_S1):
            m.d.comb += [
                n.eq(k),
                rfa_reg.eq(f_rd),
                xsrc.eq(RFA),
                pmb_base.eq(L.pm["V"]),
                ysrc.eq(PMB),
                ysub.eq(1),
                wpm.eq(1),
                pm_wbase.eq(L.pm["T"]),
            ]
        with m.Case(I_S2):
            with m.If(ge):  # u <- u - v (= T)
                m.d.comb += [pma_base.eq(L.pm["T"]), xsrc.eq(PMA), wrf.eq(1), upd_u.eq(1)]
            with m.Else():  # v <- v - u
                m.d.comb += [
                    pma_base.eq(L.pm["V"]),
                    xsrc.eq(PMA),
                    rfb_reg.eq(f_rd),
                    ysrc.eq(RFB),
                    ysub.eq(1),
                    wpm.eq(1),
                    pm_wbase.eq(L.pm["V"]),
                    upd_v.eq(1),
                ]
            m.d.comb += n.eq(k)
        with m.Case(I_S3):
            b1, c1 = self._xreg(ns, 1)
            b2, c2 = self._xreg(ns, 2)
            with m.If(ge):  # x1 - x2
                m.d.comb += [pma_base.eq(b1), xsrc.eq(Mux(c1, ONE, PMA)), pmb_base.eq(b2), ysrc.eq(Mux(c2, Z0, PMB))]
            with m.Else():  # x2 - x1
                m.d.comb += [pma_base.eq(b2), xsrc.eq(Mux(c2, Z0, PMA)), pmb_base.eq(b1), ysrc.eq(Mux(c1, ONE, PMB))]
            m.d.comb += [n.eq(k), ysub.eq(1), wpm.eq(1), pm_wbase.eq(L.pm["T"])]
        with m.Case(I_S4):
            fin = u_is1 | v_is1
            other = Signal()  # the last step's result is the x this step does not update: copy it to rd
            m.d.comb += other.eq(fin & (u_is1 != ge))
            b1, c1 = self._xreg(ns, 1)
            b2, c2 = self._xreg(ns, 2)
            with m.If(other):
                with m.If(ge):
                    m.d.comb += [pma_base.eq(b2), xsrc.eq(Mux(c2, Z0, PMA))]
                with m.Else():
                    m.d.comb += [pma_base.eq(b1), xsrc.eq(Mux(c1, ONE, PMA))]
            with m.Else():
                m.d.comb += [pma_base.eq(L.pm["T"]), xsrc.eq(PMA), zen.eq(nflag), rom_base.eq(L.rom_p)]
            m.d.comb += [n.eq(k), wrf.eq(fin), wpm.eq(~fin), pm_wbase.eq(Mux(ge, b1, b2))]

    def _describe_mul(self, m, ns):
        """MUL, Barrett: stages 1 to 4 (Table 2)."""
        L, P, k, a_len, b_len, f_ra, f_rb, hi_lim = ns.L, ns.P, ns.k, ns.a_len, ns.b_len, ns.f_ra, ns.f_rb, ns.hi_lim
        hsrc, m_asrc_pm, m_brom, mode, n, npass = ns.hsrc, ns.m_asrc_pm, ns.m_brom, ns.mode, ns.n, ns.npass
        pm_wbase, pma_base, pmb_base, pmb_off, rfa_reg = ns.pm_wbase, ns.pma_base, ns.pmb_base, ns.pmb_off, ns.rfa_reg
        rfb_reg, rom_base, shr3, wpm, xsrc = ns.rfb_reg, ns.rom_base, ns.shr3, ns.wpm, ns.xsrc
        with m.Case(M_S1):
            m.d.comb += [
                mode.eq(MULT),
                n.eq(k + P),
                a_len.eq(k),
                b_len.eq(k),
                rfa_reg.eq(f_ra),
                rfb_reg.eq(f_rb),
                pmb_base.eq(L.pm["P1"]),
                pm_wbase.eq(L.pm["P1"]),
                wpm.eq(1),
                npass.eq(L.passes1),
            ]
        with m.Case(M_S2):
            m.d.comb += [
                mode.eq(MULT),
                n.eq(L.ku + P),
                a_len.eq(L.ku),
                b_len.eq(L.km),
                m_asrc_pm.eq(1),
                pma_base.eq(L.pm["P1"] + L.j),
                m_brom.eq(1),
                rom_base.eq(L.rom_mu),
                pmb_base.eq(L.pm["T1"]),
                pm_wbase.eq(L.pm["T1"]),
                wpm.eq(1),
                npass.eq(L.passes2),
            ]
        with m.Case(M_S3):
            m.d.comb += [
                mode.eq(SHIFT),
                shr3.eq(1),
                n.eq(L.n3),
                hi_lim.eq(L.n3),
                pma_base.eq(L.pm["T1"] + L.q3),
                pmb_base.eq(L.pm["T1"] + L.q3),
                pmb_off.eq(1),
                xsrc.eq(PMA),
                hsrc.eq(PMB),
                wpm.eq(1),
                pm_wbase.eq(L.pm["E"]),
            ]
        with m.Case(M_S4):
            m.d.comb += [
                mode.eq(MULT),
                n.eq(L.km + P),
                a_len.eq(L.km),
                b_len.eq(k),
                m_asrc_pm.eq(1),
                pma_base.eq(L.pm["E"]),
                m_brom.eq(1),
                rom_base.eq(L.rom_p),
                pmb_base.eq(L.pm["P2"]),
                pm_wbase.eq(L.pm["P2"]),
                wpm.eq(1),
                npass.eq(L.passes4),
            ]

    def _describe_cios(self, m, ns):
        """MUL, Montgomery (CIOS): the accumulation, m_j, the reduction."""
        L, P, k, a_len, acc_all, acc_len, acc_off = ns.L, ns.P, ns.k, ns.a_len, ns.acc_all, ns.acc_len, ns.acc_off
        asrc_rom, b_len, bsrc_pma, f_ra, f_rb, f_rd = ns.asrc_rom, ns.b_len, ns.bsrc_pma, ns.f_ra, ns.f_rb, ns.f_rd
        inv_tail, m_asrc_pm, m_brom, mode, n, no_b = ns.inv_tail, ns.m_asrc_pm, ns.m_brom, ns.mode, ns.n, ns.no_b
        no_pmb, no_rom, no_w, npass, pm_wbase, pma_base = (
            ns.no_pmb,
            ns.no_rom,
            ns.no_w,
            ns.npass,
            ns.pm_wbase,
            ns.pma_base,
        )
        pmb_base, rfa_reg, rfb_reg, rom_base, wpm = ns.pmb_base, ns.rfa_reg, ns.rfb_reg, ns.rom_base, ns.wpm
        X = L.pm["X"]
        with m.Case(M_C1):  # t <- t + a b_j (b_j: P limbs of rb, or of R^3 after an INV)
            m.d.comb += [
                mode.eq(MULT),
                n.eq(L.km + P),
                a_len.eq(k),
                b_len.eq(k),
                rfa_reg.eq(Mux(inv_tail, f_rd, f_ra)),
                rfb_reg.eq(f_rb),
                m_brom.eq(inv_tail),
                rom_base.eq(L.rom_r3),
                pmb_base.eq(X),
                no_pmb.eq(1),
                acc_len.eq(L.km),
                pm_wbase.eq(X),
                no_w.eq(1),
                wpm.eq(1),
                npass.eq(L.passes1),
            ]
        with m.Case(M_C2):  # m_j <- (t mod 2^WP) p' (low P limbs used)
            m.d.comb += [
                mode.eq(MULT),
                n.eq(2 * P),
                a_len.eq(P),
                m_asrc_pm.eq(1),
                pma_base.eq(X),
                b_len.eq(P),
                m_brom.eq(1),
                rom_base.eq(L.rom_pinv),
                no_rom.eq(1),
                no_b.eq(1),
                acc_off.eq(1),
                pm_wbase.eq(L.pm["MJ"]),
                no_w.eq(1),
                wpm.eq(1),
                npass.eq(L.passes1),
            ]
        with m.Case(M_C3):  # t <- (t + m_j p) / 2^WP: written P limbs lower
            m.d.comb += [
                mode.eq(MULT),
                n.eq(L.kr + P),
                a_len.eq(k),
                asrc_rom.eq(1),
                rom_base.eq(L.rom_p),
                no_rom.eq(1),
                b_len.eq(P),
                bsrc_pma.eq(1),
                pma_base.eq(L.pm["MJ"]),
                no_b.eq(1),
                acc_all.eq(1),
                acc_len.eq(L.km + P),
                pmb_base.eq(X),
                no_pmb.eq(1),
                pm_wbase.eq(X - P),
                no_w.eq(1),
                wpm.eq(1),
                npass.eq(L.passes1),
            ]

    def _describe_reduce(self, m, ns):
        """MUL: stage 5, X <- P1 - P2, Y <- X - p, rd <- X | Y | Y - p."""
        L, n, n1, n2, pm_wbase, pma_base, pmb_base = ns.L, ns.n, ns.n1, ns.n2, ns.pm_wbase, ns.pma_base, ns.pmb_base
        rom_base, wpm, wrf, xsrc, ysrc, ysub, zen = ns.rom_base, ns.wpm, ns.wrf, ns.xsrc, ns.ysrc, ns.ysub, ns.zen
        zsub = ns.zsub
        with m.Case(M_R1):
            m.d.comb += [
                n.eq(L.kr),
                pma_base.eq(L.pm["P1"]),
                pmb_base.eq(L.pm["P2"]),
                xsrc.eq(PMA),
                ysrc.eq(PMB),
                ysub.eq(1),
                wpm.eq(1),
                pm_wbase.eq(L.pm["X"]),
            ]
        with m.Case(M_R2):
            m.d.comb += [
                n.eq(L.kr),
                pma_base.eq(L.pm["X"]),
                xsrc.eq(PMA),
                zen.eq(1),
                zsub.eq(1),
                rom_base.eq(L.rom_p),
                wpm.eq(1),
                pm_wbase.eq(L.pm["Y"]),
            ]
        with m.Case(M_R3):
            m.d.comb += [
                n.eq(L.kr),
                pma_base.eq(Mux(n1, L.pm["X"], L.pm["Y"])),
                xsrc.eq(PMA),
                zen.eq(~n1 & ~n2),
                zsub.eq(1),
                rom_base.eq(L.rom_p),
                wrf.eq(1),
            ]

    def _read_stage(self, m, ns):
        """Cycle t reads limb t."""
        L, P, cr, mi, mode, nmax, no_pmb, no_rom, ph = (
            ns.L,
            ns.P,
            ns.cr,
            ns.mi,
            ns.mode,
            ns.nmax,
            ns.no_pmb,
            ns.no_rom,
            ns.ph,
        )
        pma, pma_base, pmb, pmb_base, pmb_off, rfa = ns.pma, ns.pma_base, ns.pmb, ns.pmb_base, ns.pmb_off, ns.rfa
        rfa_reg, rfb, rfb_off, rfb_reg, rom_base = ns.rfa_reg, ns.rfb, ns.rfb_off, ns.rfb_reg, ns.rom_base
        running, t = ns.running, ns.t
        lgs = index_bits(L.stride) if L.stride > 1 else 0
        aw = index_bits(L.rf_depth)
        mP = Signal(index_bits(nmax * 4 + 1))
        m.d.comb += mP.eq(mi * P)
        ns.lgs, ns.aw, ns.mP = lgs, aw, mP  # (the address helpers read them)
        rd_phase = Signal()
        m.d.comb += rd_phase.eq(running & (ph != CTRL))
        with m.If(mode == MULT):
            m.d.comb += [
                rfa.addr.eq(self._rf_addr(ns, rfa_reg, t)),
                rfb.addr.eq(self._rf_addr(ns, rfb_reg, mP + t)),
                pma.addr.eq(pma_base + t),
                pmb.addr.eq(pmb_base + self._off(ns, no_pmb) + t - L.post),
                cr.addr.eq(rom_base + self._off(ns, no_rom) + t),
            ]
        with m.Else():
            m.d.comb += [
                rfa.addr.eq(self._rf_addr(ns, rfa_reg, t)),
                rfb.addr.eq(self._rf_addr(ns, rfb_reg, t + rfb_off)),
                pma.addr.eq(pma_base + t),
                pmb.addr.eq(pmb_base + t + pmb_off),
                cr.addr.eq(rom_base + t),
            ]
        if L.addr_stage:  # the addresses registered; the host's read address is not (one cycle of latency)
            for name, port in ns.read_ports.items():
                a = self._reg(ns, getattr(ns, name).addr, f"{name}_ar")
                m.d.comb += port.addr.eq(Mux(running, a, self.host_raddr) if name == "rfa" else a)
        else:
            with m.If(~running):
                m.d.comb += rfa.addr.eq(self.host_raddr)
        m.d.comb += self.host_rdata.eq(ns.rfa_port.data)
        ns.rd_phase = rd_phase

    def _compute_controls(self, m, ns):
        """The compute stage's controls: cycle t computes limb t - 1, read in cycle t - 1, under the pass
        descriptor as it was in cycle t - 1 (the same pass), registered: no path runs from the program ROM
        through the decoder into the datapath."""
        L, P, k, a_len, acc_all, acc_len, acc_off = ns.L, ns.P, ns.k, ns.a_len, ns.acc_all, ns.acc_len, ns.acc_off
        b_len, f_rd, hi_lim, hsrc, mP, m_asrc_pm = ns.b_len, ns.f_rd, ns.hi_lim, ns.hsrc, ns.mP, ns.m_asrc_pm
        m_brom, mi, mode, n, no_b, no_w, odd_en = ns.m_brom, ns.mi, ns.mode, ns.n, ns.no_b, ns.no_w, ns.odd_en
        pm_wbase, pm_wrom, rd_phase, shr3, t, upd_u = ns.pm_wbase, ns.pm_wrom, ns.rd_phase, ns.shr3, ns.t, ns.upd_u
        upd_v, wpm, wrf, xsrc, ysrc, ysub, zen, zsub = (
            ns.upd_v,
            ns.wpm,
            ns.wrf,
            ns.xsrc,
            ns.ysrc,
            ns.ysub,
            ns.zen,
            ns.zsub,
        )
        # --- compute stage (cycle t computes limb t - 1, read in cycle t - 1). Its controls are the pass
        # descriptor as it was in cycle t - 1 (the same pass), registered: no path runs from the program
        # ROM through the decoder into the datapath
        cvalid = self._creg(ns, rd_phase & (t < n), "c_valid")
        first = self._creg(ns, t == 0, "c_first")
        c_mode, c_shr3, c_odd_en = (
            self._creg(ns, mode, "c_mode"),
            self._creg(ns, shr3, "c_shr3"),
            self._creg(ns, odd_en, "c_odd_en"),
        )
        c_xsrc, c_ysrc, c_hsrc = (
            self._creg(ns, xsrc, "c_xsrc"),
            self._creg(ns, ysrc, "c_ysrc"),
            self._creg(ns, hsrc, "c_hsrc"),
        )
        c_ysub, c_zen, c_zsub = (
            self._creg(ns, ysub, "c_ysub"),
            self._creg(ns, zen, "c_zen"),
            self._creg(ns, zsub, "c_zsub"),
        )
        hi_zero = self._creg(ns, t + 1 >= hi_lim, "c_hi_zero")
        a_ok, b_ok = self._creg(ns, t < a_len, "c_a_ok"), self._creg(ns, self._off(ns, no_b) + t < b_len, "c_b_ok")
        if L.mont:
            acc_ok = self._creg(
                ns, ~acc_off & (acc_all | (mi != 0)) & (t < Mux(acc_len != 0, acc_len, a_len)), "c_acc_ok"
            )
        else:
            acc_ok = self._creg(ns, (mi != 0) & (t < a_len), "c_acc_ok")
        c_asrc_pm, c_brom = self._creg(ns, m_asrc_pm, "c_asrc_pm"), self._creg(ns, m_brom, "c_brom")
        load = [self._creg(ns, t == jj, f"c_load{jj}") for jj in range(P)]
        c_upd, c_klimb = self._creg(ns, upd_u | upd_v, "c_upd"), self._creg(ns, t < k, "c_klimb")
        c_wrf, c_wpm, c_pm_wrom = (
            self._creg(ns, wrf & (t < k), "c_wrf"),
            self._creg(ns, wpm, "c_wpm"),
            self._creg(ns, pm_wrom, "c_pm_wrom"),
        )
        c_wrf_addr = self._creg(ns, self._rf_addr(ns, f_rd, t), "c_wrf_addr")
        wmul = ((mode == MULT) & ~no_w) if L.mont else (mode == MULT)
        c_wpm_addr = self._creg(ns, (pm_wbase + Mux(wmul, mP, 0) + t)[: index_bits(L.pm_depth)], "c_wpm_addr")
        ns.a_ok, ns.acc_ok, ns.b_ok, ns.c_asrc_pm, ns.c_brom, ns.c_hsrc = a_ok, acc_ok, b_ok, c_asrc_pm, c_brom, c_hsrc
        ns.c_klimb, ns.c_mode, ns.c_odd_en, ns.c_pm_wrom, ns.c_shr3 = c_klimb, c_mode, c_odd_en, c_pm_wrom, c_shr3
        ns.c_upd, ns.c_wpm, ns.c_wpm_addr, ns.c_wrf, ns.c_wrf_addr = c_upd, c_wpm, c_wpm_addr, c_wrf, c_wrf_addr
        ns.c_xsrc, ns.c_ysrc, ns.c_ysub, ns.c_zen, ns.c_zsub, ns.cvalid = c_xsrc, c_ysrc, c_ysub, c_zen, c_zsub, cvalid
        ns.first, ns.hi_zero, ns.load = first, hi_zero, load

    def _alu(self, m, ns):
        """The adder lanes: a + b + z + carry (sums, differences, the shifts) and the sign of X - 2p."""
        L, W, mask, c_hsrc, c_mode, c_odd_en, c_shr3 = ns.L, ns.W, ns.mask, ns.c_hsrc, ns.c_mode, ns.c_odd_en, ns.c_shr3
        c_xsrc, c_ysrc, c_ysub, c_zen, c_zsub, cr = ns.c_xsrc, ns.c_ysrc, ns.c_ysub, ns.c_zen, ns.c_zsub, ns.cr
        first, hi_zero = ns.first, ns.hi_zero
        xv, yv, hv = self._source(ns, c_xsrc), self._source(ns, c_ysrc), self._source(ns, c_hsrc, True)
        hmask = Signal(W)
        m.d.comb += hmask.eq(Mux(hi_zero, 0, hv))
        carry, carry2 = Signal(2), Signal(2)
        odd_reg, prevp = Signal(), Signal(W)
        odd = Signal()
        m.d.comb += odd.eq(Mux(first, xv[0], odd_reg) & c_odd_en)
        cat = Cat(xv, hmask)
        xs = Signal(W)
        m.d.comb += xs.eq(Mux(c_shr3, cat[L.r3 : L.r3 + W] if L.r3 else xv, cat[1 : 1 + W]))
        zv = Signal(W)
        m.d.comb += zv.eq(Mux(c_zen & ((c_mode != SHIFT) | odd), cr.data, 0))
        a_in, b_in, z_in, c_in = Signal(W), Signal(W), Signal(W), Signal(2)
        m.d.comb += [
            a_in.eq(Mux(c_mode == SHIFT, xs, xv)),
            b_in.eq(Mux(c_mode == SHIFT, 0, yv ^ Mux(c_ysub, mask, 0))),
            z_in.eq(zv ^ Mux(c_zsub & c_zen, mask, 0)),
            c_in.eq(Mux(first, Mux(c_mode == SHIFT, 0, c_ysub + (c_zsub & c_zen)), carry)),
        ]
        s = Signal(W + 2)
        m.d.comb += s.eq(a_in + b_in + z_in + c_in)
        # lane 2 (stage 5, second pass): the sign of X - 2p beside X - p
        twop = Signal(W)
        m.d.comb += twop.eq(Cat(Mux(first, 0, prevp[W - 1]), cr.data[: W - 1]))
        s2 = Signal(W + 2)
        m.d.comb += s2.eq(xv + (twop ^ mask) + Mux(first, 1, carry2))
        ns.carry, ns.carry2, ns.odd_reg, ns.prevp, ns.s, ns.s2, ns.xv = carry, carry2, odd_reg, prevp, s, s2, xv

    def _ppgs(self, m, ns):
        """Long multiplication: P PPGs (W x W: one MULT18X18D each at W <= 18) fed by the skew shift
        register of Fig. 4 (x_j = a_{i-j})."""
        L, P, W, a_ok, asrc_rom, b_ok, bsrc_pma = ns.L, ns.P, ns.W, ns.a_ok, ns.asrc_rom, ns.b_ok, ns.bsrc_pma
        c_asrc_pm, c_brom, cr, load, pma, rfa, rfb = ns.c_asrc_pm, ns.c_brom, ns.cr, ns.load, ns.pma, ns.rfa, ns.rfb
        # long multiplication: P PPGs (W x W: one MULT18X18D each at W <= 18), the skew shift register of
        # Fig. 4 (x_j = a_{i-j}) and Fig. 5's adder tree summing one column a cycle
        x0 = Signal(W)
        bdat = Signal(W)
        if L.mont:  # CIOS: p streamed from the ROM (A), m_j loaded from the scratch memory (B)
            c_asrc_rom, c_bsrc_pma = self._creg(ns, asrc_rom, "c_asrc_rom"), self._creg(ns, bsrc_pma, "c_bsrc_pma")
            m.d.comb += [
                x0.eq(Mux(a_ok, Mux(c_asrc_pm, pma.data, Mux(c_asrc_rom, cr.data, rfa.data)), 0)),
                bdat.eq(Mux(b_ok, Mux(c_brom, cr.data, Mux(c_bsrc_pma, pma.data, rfb.data)), 0)),
            ]
        else:
            m.d.comb += [
                x0.eq(Mux(a_ok, Mux(c_asrc_pm, pma.data, rfa.data), 0)),
                bdat.eq(Mux(b_ok, Mux(c_brom, cr.data, rfb.data), 0)),
            ]
        sreg = [Signal(W, name=f"skew{j}") for j in range(P - 1)]
        breg = [Signal(W, name=f"ppg_b{j}") for j in range(P)]
        xs_m = [x0] + sreg
        prods = []
        for jj in range(P):
            bop = Signal(W, name=f"ppg_op{jj}")
            m.d.comb += bop.eq(Mux(load[jj], bdat, breg[jj]))
            pr = Signal(2 * W, name=f"pp{jj}")
            m.d.comb += pr.eq(xs_m[jj] * bop)
            if L.d >= 3:  # the PPG's output register (MULT18X18D / DSP48E1 pipeline register)
                pr = self._reg(ns, pr, f"pp{jj}_r")
            prods.append(pr)
        ns.bdat, ns.breg, ns.prods, ns.sreg, ns.x0 = bdat, breg, prods, sreg, x0

    def _adder_tree(self, m, ns):
        """Fig. 5's adder tree summing one column a cycle, and the column accumulation."""
        L, P, W, acc_ok, c_mode, c_wpm_addr, cvalid = ns.L, ns.P, ns.W, ns.acc_ok, ns.c_mode, ns.c_wpm_addr, ns.cvalid
        first, pmb, prods, s = ns.first, ns.pmb, ns.prods, ns.s
        while len(prods) > 1:  # the adder tree
            nxt = []
            for a, b in zip(prods[0::2], prods[1::2]):
                sm = Signal(len(a) + 1)
                m.d.comb += sm.eq(a + b)
                nxt.append(sm)
            if len(prods) % 2:
                nxt.append(prods[-1])
            prods = nxt
        col = prods[0]
        if L.tree_stage:  # d = 6: the adder tree's output registered before the accumulation
            col = self._reg(ns, col, "col_r")
        cw = 2 * W + index_bits(P + 1) + 2
        mcarry = Signal(cw - W)
        if L.d >= 3:  # the column sum L.post cycles after the products (1; 2 with the tree's register)
            m_first, m_acc_ok, m_valid = (
                self._delay(ns, first, "m_first", L.post),
                self._delay(ns, acc_ok, "m_acc_ok", L.post),
                self._delay(ns, cvalid & (c_mode == MULT), "m_valid", L.post),
            )
            m_wpm_addr = self._delay(ns, c_wpm_addr, "m_wpm_addr", L.post)
        else:
            m_first, m_acc_ok, m_valid = first, acc_ok, cvalid & (c_mode == MULT)
            m_wpm_addr = None  # (d = 2: the write stage has no column-sum path)
        acc = Signal(W)
        m.d.comb += acc.eq(Mux(m_acc_ok, pmb.data, 0))
        sm = Signal(cw)
        m.d.comb += sm.eq(col + acc + Mux(m_first, 0, mcarry))
        res = Signal(W)
        m.d.comb += res.eq(Mux(c_mode == MULT, sm[:W], s[:W]) if L.d == 2 else s[:W])
        ns.m_valid, ns.m_wpm_addr, ns.mcarry, ns.res, ns.sm = m_valid, m_wpm_addr, mcarry, res, sm

    def _compute_state(self, m, ns):
        """The registers the compute stage updates: carries, the skew and PPG registers, the flags."""
        P, W, bdat, breg, c_klimb, c_mode, c_upd = ns.P, ns.W, ns.bdat, ns.breg, ns.c_klimb, ns.c_mode, ns.c_upd
        carry, carry2, cr, cvalid, first, fl_lsb, fl_nz = (
            ns.carry,
            ns.carry2,
            ns.cr,
            ns.cvalid,
            ns.first,
            ns.fl_lsb,
            ns.fl_nz,
        )
        fl_one, fl_zero, load, m_valid, mcarry, odd_reg = (
            ns.fl_one,
            ns.fl_zero,
            ns.load,
            ns.m_valid,
            ns.mcarry,
            ns.odd_reg,
        )
        prevp, res, s, s2, sm, sreg, x0, xv = ns.prevp, ns.res, ns.s, ns.s2, ns.sm, ns.sreg, ns.x0, ns.xv
        with m.If(cvalid):
            m.d.sync += [carry.eq(s[W:]), carry2.eq(s2[W:]), prevp.eq(cr.data)]
            with m.If(first):
                m.d.sync += odd_reg.eq(xv[0])
            with m.If(c_mode == MULT):
                m.d.sync += sreg[0].eq(x0) if P > 1 else []
                m.d.sync += [sreg[jj].eq(sreg[jj - 1]) for jj in range(1, P - 1)]
                for jj in range(P):
                    with m.If(load[jj]):
                        m.d.sync += breg[jj].eq(bdat)
            with m.If(c_upd):
                with m.If(first):
                    m.d.sync += [fl_lsb.eq(res[0]), fl_one.eq(res == 1), fl_zero.eq(res == 0), fl_nz.eq(0)]
                with m.Elif(c_klimb):
                    m.d.sync += fl_nz.eq(fl_nz | (res != 0))

        with m.If(m_valid):
            m.d.sync += mcarry.eq(sm[W:])

    def _write_stage(self, m, ns):
        """Registered: cycle t writes limb t - d; the host's port while the core is idle."""
        L, W, aw, c_mode, c_pm_wrom, c_wpm, c_wpm_addr = (
            ns.L,
            ns.W,
            ns.aw,
            ns.c_mode,
            ns.c_pm_wrom,
            ns.c_wpm,
            ns.c_wpm_addr,
        )
        c_wrf, c_wrf_addr, cr, cvalid, m_valid = ns.c_wrf, ns.c_wrf_addr, ns.cr, ns.cvalid, ns.m_valid
        m_wpm_addr, pc, pmw, res, rfw, running, sm = ns.m_wpm_addr, ns.pc, ns.pmw, ns.res, ns.rfw, ns.running, ns.sm
        wrf_en, wrf_addr, wrf_data = Signal(), Signal(aw), Signal(W)
        wpm_en, wpm_addr, wpm_data = Signal(), Signal(index_bits(L.pm_depth)), Signal(W)
        if L.d == 2:
            m.d.sync += [
                wrf_en.eq(cvalid & c_wrf),
                wrf_addr.eq(c_wrf_addr),
                wrf_data.eq(res),
                wpm_en.eq(cvalid & c_wpm),
                wpm_addr.eq(c_wpm_addr),
                wpm_data.eq(Mux(c_pm_wrom, cr.data, res)),
            ]
        else:  # the adder's results wait L.post cycles, as the column sums do after the products
            w1 = [
                self._delay(ns, cvalid & c_wrf, "w1_rf_en", L.post),
                self._delay(ns, c_wrf_addr, "w1_rf_addr", L.post),
                self._delay(ns, res, "w1_rf_data", L.post),
                self._delay(ns, cvalid & c_wpm & (c_mode != MULT), "w1_pm_en", L.post),
                self._delay(ns, c_wpm_addr, "w1_pm_addr", L.post),
                self._delay(ns, Mux(c_pm_wrom, cr.data, res), "w1_pm_data", L.post),
            ]
            m.d.sync += [
                wrf_en.eq(w1[0]),
                wrf_addr.eq(w1[1]),
                wrf_data.eq(w1[2]),
                wpm_en.eq(w1[3] | m_valid),
                wpm_addr.eq(Mux(m_valid, m_wpm_addr, w1[4])),
                wpm_data.eq(Mux(m_valid, sm[:W], w1[5])),
            ]
        m.d.comb += [pmw.en.eq(wpm_en), pmw.addr.eq(wpm_addr), pmw.data.eq(wpm_data)]
        with m.If(running):
            m.d.comb += [rfw.en.eq(wrf_en), rfw.addr.eq(wrf_addr), rfw.data.eq(wrf_data)]
        with m.Else():
            m.d.comb += [rfw.en.eq(self.host_we), rfw.addr.eq(self.host_addr), rfw.data.eq(self.host_wdata)]
        if self.debug:
            m.d.comb += [
                self.dbg_we.eq(rfw.en),
                self.dbg_waddr.eq(rfw.addr),
                self.dbg_wdata.eq(rfw.data),
                self.dbg_pc.eq(pc),
            ]

    def _controller(self, m, ns):
        """Pass ends, instruction ends, control instructions."""
        L, carry, fl_lsb, fl_nz, fl_one, fl_zero, mi = ns.L, ns.carry, ns.fl_lsb, ns.fl_nz, ns.fl_one, ns.fl_zero, ns.mi
        n, pc, pc_next, ph, ph_reg, running, t, u_even = (
            ns.n,
            ns.pc,
            ns.pc_next,
            ns.ph,
            ns.ph_reg,
            ns.running,
            ns.t,
            ns.u_even,
        )
        u_is1, upd_u, upd_v, v_even, v_is1, ysub, zen = (
            ns.u_is1,
            ns.upd_u,
            ns.upd_v,
            ns.v_even,
            ns.v_is1,
            ns.ysub,
            ns.zen,
        )
        zsub = ns.zsub
        neg = Signal()
        m.d.comb += neg.eq(carry < (ysub + (zsub & zen)))
        cu_even, cu_is1, cu_is0 = Signal(), Signal(), Signal()
        cv_even, cv_is1 = Signal(), Signal()
        m.d.comb += [
            cu_even.eq(Mux(upd_u, ~fl_lsb, u_even)),
            cu_is1.eq(Mux(upd_u, fl_one & ~fl_nz, u_is1)),
            cu_is0.eq(upd_u & fl_zero & ~fl_nz),
            cv_even.eq(Mux(upd_v, ~fl_lsb, v_even) & (ph != I_INIT)),
            cv_is1.eq(Mux(upd_v, fl_one & ~fl_nz, v_is1)),
        ]
        retire, target = Signal(), Signal.like(pc)
        m.d.comb += target.eq(pc + 1)
        nxt_ph = Signal(5)
        m.d.comb += nxt_ph.eq(Mux(cu_even, I_HU, Mux(cv_even, I_HV, I_S1)))  # the binary Euclid's next pass
        ns.cu_even, ns.cu_is0, ns.cu_is1, ns.cv_even, ns.cv_is1 = cu_even, cu_is0, cu_is1, cv_even, cv_is1
        ns.neg, ns.nxt_ph, ns.retire, ns.target = neg, nxt_ph, retire, target

        with m.If(~running):
            m.d.comb += pc_next.eq(0)
            with m.If(self.start):
                m.d.sync += [running.eq(1), self.done.eq(0), self.error.eq(0), t.eq(0), ph_reg.eq(0), mi.eq(0)]
                if self.debug:
                    m.d.sync += self.cycles.eq(0)
        with m.Elif(ph == CTRL):
            self._control_instruction(m, ns)
        with m.Elif(t == n + L.d - 1):  # the last cycle of a pass
            m.d.sync += t.eq(0)
            end = Signal()
            ns.end = end
            self._pass_end(m, ns)
        with m.Else():
            m.d.sync += t.eq(t + 1)
            m.d.comb += pc_next.eq(pc)
        if self.debug:
            m.d.comb += self.dbg_retire.eq(retire & running)
            with m.If(running):
                m.d.sync += self.cycles.eq(self.cycles + 1)

    def _control_instruction(self, m, ns):
        """JUMP, LOAD, JDEC, JSR, HALT: one cycle."""
        Ls, cnt, f_c, f_imm, op, pc_next, retire = ns.Ls, ns.cnt, ns.f_c, ns.f_imm, ns.op, ns.pc_next, ns.retire
        running, srl, target = ns.running, ns.srl, ns.target
        m.d.comb += retire.eq(1)
        with m.Switch(op):
            with m.Case(OPCODES["JUMP"][0]):
                m.d.comb += target.eq(f_imm)
            with m.Case(OPCODES["LOAD"][0]):
                m.d.sync += cnt[f_c].eq(f_imm)
            with m.Case(OPCODES["JDEC"][0]):
                m.d.sync += cnt[f_c].eq(cnt[f_c] - 1)
                with m.If(cnt[f_c] == 1):
                    m.d.comb += target.eq(f_imm)
            with m.Case(OPCODES["JSR"][0]):
                if Ls:
                    m.d.sync += srl.eq(Cat(srl[1:], srl[0]))
                    with m.If(srl[Ls - 1]):
                        m.d.comb += target.eq(f_imm)
            with m.Case(OPCODES["HALT"][0]):
                m.d.sync += [running.eq(0), self.done.eq(1)]
        m.d.comb += pc_next.eq(target)

    def _pass_end(self, m, ns):
        """The last cycle of a pass: the next phase, the flags, the instruction's end."""
        L, cu_even, cu_is1, cv_even, cv_is1, end = ns.L, ns.cu_even, ns.cu_is1, ns.cv_even, ns.cv_is1, ns.end
        inv_tail, pc, pc_next, ph, retire, u_even = ns.inv_tail, ns.pc, ns.pc_next, ns.ph, ns.retire, ns.u_even
        u_is1, upd_u, upd_v, v_even, v_is1 = ns.u_is1, ns.upd_u, ns.upd_v, ns.v_even, ns.v_is1
        with m.Switch(ph):
            self._inv_transitions(m, ns)
            self._mul_transitions(m, ns)
        with m.If(upd_u):
            m.d.sync += [u_even.eq(cu_even), u_is1.eq(cu_is1)]
        with m.If(upd_v):
            m.d.sync += [v_even.eq(cv_even), v_is1.eq(cv_is1)]
        with m.If(end):
            m.d.comb += [retire.eq(1), pc_next.eq(pc + 1)]
            if L.mont:
                m.d.sync += inv_tail.eq(0)
            self._goto(ns, 0)
        with m.Else():
            m.d.comb += pc_next.eq(pc)

    def _inv_transitions(self, m, ns):
        """ADD, SUB, NEG, MOV, LDC and INV: the phase after each pass."""
        cu_is0, cu_is1, end, ge, neg, nflag, nxt_ph = ns.cu_is0, ns.cu_is1, ns.end, ns.ge, ns.neg, ns.nflag, ns.nxt_ph
        running, u_is1, v_even, v_is1, x1_one, x2_zero = (
            ns.running,
            ns.u_is1,
            ns.v_even,
            ns.v_is1,
            ns.x1_one,
            ns.x2_zero,
        )
        with m.Case(A_ADD1):
            m.d.sync += nflag.eq(neg)
            self._goto(ns, A_ADD2)
        with m.Case(A_SUB1, A_NEG1):
            m.d.sync += nflag.eq(neg)
            self._goto(ns, A_FIX)
        with m.Case(A_ADD2, A_FIX, A_MOV, A_LDC, M_R3):
            m.d.comb += end.eq(1)
        with m.Case(I_INIT):
            m.d.sync += [v_even.eq(0), v_is1.eq(0), x1_one.eq(1), x2_zero.eq(1)]
            with m.If(cu_is0):  # INV of zero: stop with error
                m.d.sync += [running.eq(0), self.done.eq(1), self.error.eq(1)]
            with m.Elif(cu_is1):
                self._inv_done(
                    ns,
                )
            with m.Else():
                self._goto(ns, nxt_ph)
        with m.Case(I_HU):
            self._goto(ns, I_HX1)
        with m.Case(I_HV):
            self._goto(ns, I_HX2)
        with m.Case(I_HX1):
            m.d.sync += x1_one.eq(0)
            self._goto(ns, nxt_ph)
        with m.Case(I_HX2):
            m.d.sync += x2_zero.eq(0)
            self._goto(ns, nxt_ph)
        with m.Case(I_S1):
            m.d.sync += ge.eq(~neg)
            self._goto(ns, I_S2)
        with m.Case(I_S2):
            self._goto(ns, I_S3)
        with m.Case(I_S3):
            m.d.sync += nflag.eq(neg)
            self._goto(ns, I_S4)
        with m.Case(I_S4):
            with m.If(u_is1 | v_is1):
                self._inv_done(
                    ns,
                )
            with m.Else():
                with m.If(ge):
                    m.d.sync += x1_one.eq(0)
                with m.Else():
                    m.d.sync += x2_zero.eq(0)
                self._goto(ns, nxt_ph)

    def _mul_transitions(self, m, ns):
        """MUL: the phase after each pass (counted passes repeat)."""
        L, carry2, n1, n2, neg = ns.L, ns.carry2, ns.n1, ns.n2, ns.neg
        for a, b in ((M_S1, M_S2), (M_S2, M_S3), (M_S4, M_R1)):
            with m.Case(a):
                self._counted_pass(ns, b)
        with m.Case(M_S3):
            self._goto(ns, M_S4)
        if L.mont:
            with m.Case(M_C1):
                self._goto(ns, M_C2)
            with m.Case(M_C2):
                self._goto(ns, M_C3)
            with m.Case(M_C3):
                self._counted_pass(ns, M_R2, again=M_C1)
        with m.Case(M_R1):
            self._goto(ns, M_R2)
        with m.Case(M_R2):
            m.d.sync += [n1.eq(neg), n2.eq(carry2 < 1)]
            self._goto(ns, M_R3)
