"""A board-ready top for a pairing core: its host port behind an AXI4-Lite slave (``pairkit hw core gen
--bus axi4-lite``).

:class:`AxiLiteTop` wraps a :class:`~pairkit.hw.core.rtl.PairingCore` (built without the debug port)
from outside: the core's host port (input words, ``start``, ``busy``/``done``, the GT read port) is
driven by a 32-bit AXI4-Lite slave; a two-flop reset synchroniser turns the active-low asynchronous
``aresetn`` into the core's synchronous reset (asserted at once, released two ``clk`` edges after
``aresetn`` rises); a cycle counter times each run; a read-only core id tells a driver which core it
talks to.

Ports: ``clk``; ``aresetn`` (active low, asynchronous assertion); ``irq`` (high while ``STATUS.DONE``);
the AXI4-Lite slave ``s_axi_*`` (AW: ``awaddr[13:0] awprot awvalid awready``; W: ``wdata[31:0]
wstrb[3:0] wvalid wready``; B: ``bresp[1:0] bvalid bready``; AR: ``araddr[13:0] arprot arvalid
arready``; R: ``rdata[31:0] rresp[1:0] rvalid rready``). One write and one read are in flight at a
time: ``awready`` and ``wready`` fall once their beat is held and rise again after the B beat;
``arready`` is low while a read is answered (the R beat comes two cycles after the AR beat: the core's GT
read port is a register) and while an R beat waits. ``bresp``/``rresp`` and ``rdata`` are registers (no
combinational path from the core to the bus outputs). Responses: ``OKAY`` (0b00) or ``SLVERR``
(0b10); every ``SLVERR`` also sets the sticky ``STATUS.ERROR`` bit.

Register map (byte offsets, 32-bit registers, the low two address bits ignored; docs/CORE.md
"A bus and a board-ready top" has the same table):

========== ========== ====== =============================================================================
offset     name       access meaning
========== ========== ====== =============================================================================
0x0000     CTRL       W      bit 0 START: write 1 to run a pairing (SLVERR while busy, nothing happens);
                             bit 1 CLEAR_ERROR: write 1 to clear STATUS.ERROR. Reads 0.
0x0004     STATUS     R      bit 0 BUSY (a pairing runs); bit 1 DONE (the last run finished; cleared by
                             START and by reset); bit 2 ERROR (sticky: a SLVERR was returned since the
                             last CLEAR_ERROR); bit 3 GT_VALID (the GT registers hold the last run's
                             result: set when a run finishes, cleared by START and by an input write)
0x0008     CYCLES     R      clock cycles of the current or last run (0 at START, +1 per busy cycle;
                             equals LATENCY after a run)
0x000C     CORE_ID    R      the core's identity: the first 32 bits of SHA-256 over the set, algorithm,
                             m and the micro-code listing (:func:`core_id`)
0x0010     INFO       R      bits 15:0 m; 23:16 WORDS (32-bit words per field element); 27:24 NOUT (GT
                             coordinates); 31:28 the characteristic p (2 or 3)
0x0014     LATENCY    R      the pairing's latency in cycles (the micro-code's, a constant)
0x0018     VERSION    R      the register map's version (1)
0x1000+4k  IN[k]      W      input word k = i * WORDS + j: word j (bits 32j..32j+31) of input i (0..3:
                             x_P, y_P, x_Q, y_Q); SLVERR while busy. Clears GT_VALID. Reads: SLVERR
0x2000+4k  GT[k]      R      GT word k = i * WORDS + j: word j of GT coordinate i (the spec's order);
                             SLVERR (data 0) unless GT_VALID -- in particular while busy
other                 --     SLVERR (reads return 0; writes change nothing)
========== ========== ====== =============================================================================

Writes to read-only registers, writes with a write strobe other than 0b1111 and reads of write-only
registers other than CTRL answer SLVERR and change nothing. A host runs a pairing by writing the
4 * WORDS input words, writing CTRL = 1, polling STATUS until DONE (or waiting for ``irq``), and
reading the NOUT * WORDS GT words.
"""

from __future__ import annotations

import hashlib
import math

from amaranth.hdl import Cat, ClockDomain, Elaboratable, Module, Mux, Signal
from amaranth.lib.cdc import ResetSynchronizer

from pairkit.hw.core.errors import BusError

#: the bus wrappers ``pairkit hw core gen --bus`` knows
BUSES = ("axi4-lite",)
ADDR_BITS = 14
MAP_VERSION = 1
OKAY, SLVERR = 0b00, 0b10
CTRL, STATUS, CYCLES, CORE_ID, INFO, LATENCY, VERSION = 0x00, 0x04, 0x08, 0x0C, 0x10, 0x14, 0x18
IN_BASE, GT_BASE, REGION = 0x1000, 0x2000, 0x1000
#: target clock limits of ``--target-mhz`` (MHz)
MIN_MHZ, MAX_MHZ = 0.001, 1000.0
DEFAULT_MHZ = 100.0


__all__ = ["AxiLiteTop", "BusError", "BUSES", "check_bus", "check_mhz", "core_id", "registers"]


def check_bus(bus: str | None) -> None:
    if bus is not None and bus not in BUSES:
        raise BusError(f"bus: {bus!r} is not one of {', '.join(BUSES)}")


def check_mhz(mhz) -> float:
    """The target clock in MHz: a finite number in [MIN_MHZ, MAX_MHZ]."""
    if isinstance(mhz, bool) or not isinstance(mhz, (int, float)) or not math.isfinite(mhz):
        raise BusError(f"target-mhz: a number of MHz, got {mhz!r}")
    if not MIN_MHZ <= mhz <= MAX_MHZ:
        raise BusError(f"target-mhz: {mhz!r} MHz is out of range ({MIN_MHZ} to {MAX_MHZ:g} MHz)")
    return float(mhz)


def core_id(mc, set_id: str, alg: str) -> int:
    """The CORE_ID register: the first 32 bits of SHA-256 over set, algorithm, m and the micro-code."""
    h = hashlib.sha256(f"{set_id}\n{alg}\n{mc.m}\n{mc.listing()}".encode()).digest()
    return int.from_bytes(h[:4], "big")


def registers(words: int, n_out: int) -> list:
    """The register map as rows (offset, name, access, meaning) -- the module docstring's table."""
    return [
        (
            CTRL,
            "CTRL",
            "W",
            "bit 0 START: write 1 to run a pairing (SLVERR while busy); bit 1 CLEAR_ERROR: "
            "write 1 to clear STATUS.ERROR; reads 0",
        ),
        (
            STATUS,
            "STATUS",
            "R",
            "bit 0 BUSY; bit 1 DONE (the last run finished; cleared by START and reset); "
            "bit 2 ERROR (sticky: a SLVERR since the last CLEAR_ERROR); bit 3 GT_VALID "
            "(set when a run finishes, cleared by START and by an input write)",
        ),
        (CYCLES, "CYCLES", "R", "cycles of the current or last run (0 at START, +1 per busy cycle)"),
        (CORE_ID, "CORE_ID", "R", "first 32 bits of SHA-256 over set, algorithm, m and the micro-code"),
        (INFO, "INFO", "R", "bits 15:0 m; 23:16 WORDS per element; 27:24 NOUT GT coordinates; 31:28 p"),
        (LATENCY, "LATENCY", "R", "the pairing's latency in cycles (a constant)"),
        (VERSION, "VERSION", "R", f"the register map's version ({MAP_VERSION})"),
        (
            IN_BASE,
            f"IN[0..{4 * words - 1}]",
            "W",
            f"input word k = i * {words} + j at 0x{IN_BASE:04x} + 4k: "
            "word j of input i (x_P, y_P, x_Q, y_Q); SLVERR while busy; "
            "clears GT_VALID; reads SLVERR",
        ),
        (
            GT_BASE,
            f"GT[0..{n_out * words - 1}]",
            "R",
            f"GT word k = i * {words} + j at 0x{GT_BASE:04x} + 4k: "
            "word j of GT coordinate i; SLVERR (data 0) unless "
            "GT_VALID, e.g. while busy",
        ),
    ]


class AxiLiteTop(Elaboratable):
    """``core`` (a :class:`PairingCore`) behind an AXI4-Lite slave; the module docstring has the map."""

    def __init__(self, core, ident: int = 0):
        self.core = core
        self.ident = ident & 0xFFFFFFFF
        self.n_in = 4 * core.words
        self.n_out = len(core.mc.outputs) * core.words
        if max(self.n_in, self.n_out) > REGION // 4:
            raise BusError(
                f"core: {max(self.n_in, self.n_out)} words do not fit a {REGION}-byte region of "
                "the AXI4-Lite register map"
            )
        if core.mc.m >= 1 << 16 or core.words >= 1 << 8 or len(core.mc.outputs) >= 1 << 4:
            raise BusError("core: m, WORDS or NOUT too large for the INFO register")
        self.cd = ClockDomain("sync")
        self.clk = self.cd.clk
        self.aresetn = Signal(name="aresetn", init=1)
        self.irq = Signal(name="irq")
        p = "s_axi_"
        self.awaddr, self.awprot = Signal(ADDR_BITS, name=p + "awaddr"), Signal(3, name=p + "awprot")
        self.awvalid, self.awready = Signal(name=p + "awvalid"), Signal(name=p + "awready")
        self.wdata, self.wstrb = Signal(32, name=p + "wdata"), Signal(4, name=p + "wstrb")
        self.wvalid, self.wready = Signal(name=p + "wvalid"), Signal(name=p + "wready")
        self.bresp, self.bvalid, self.bready = (
            Signal(2, name=p + "bresp"),
            Signal(name=p + "bvalid"),
            Signal(name=p + "bready"),
        )
        self.araddr, self.arprot = Signal(ADDR_BITS, name=p + "araddr"), Signal(3, name=p + "arprot")
        self.arvalid, self.arready = Signal(name=p + "arvalid"), Signal(name=p + "arready")
        self.rdata, self.rresp = Signal(32, name=p + "rdata"), Signal(2, name=p + "rresp")
        self.rvalid, self.rready = Signal(name=p + "rvalid"), Signal(name=p + "rready")

    def ports(self) -> list:
        return [
            self.clk,
            self.aresetn,
            self.irq,
            self.awaddr,
            self.awprot,
            self.awvalid,
            self.awready,
            self.wdata,
            self.wstrb,
            self.wvalid,
            self.wready,
            self.bresp,
            self.bvalid,
            self.bready,
            self.araddr,
            self.arprot,
            self.arvalid,
            self.arready,
            self.rdata,
            self.rresp,
            self.rvalid,
            self.rready,
        ]

    def info(self) -> int:
        mc = self.core.mc
        return mc.m | self.core.words << 16 | len(mc.outputs) << 24 | mc.p << 28

    def elaborate(self, platform):
        m = Module()
        m.domains.sync = self.cd
        arst = Signal(name="arst")
        m.d.comb += arst.eq(~self.aresetn)
        m.submodules.reset_sync = ResetSynchronizer(arst, domain="sync", stages=2)
        core = self.core
        m.submodules.core = core

        error = Signal(name="error")
        gt_valid = Signal(name="gt_valid")
        was_busy = Signal(name="was_busy")
        cycles = Signal(32, name="cycles")
        wr_error, rd_error = Signal(name="wr_slverr"), Signal(name="rd_slverr")
        m.d.comb += self.irq.eq(core.done)

        # run bookkeeping: the cycle counter and GT_VALID
        m.d.sync += was_busy.eq(core.busy)
        with m.If(core.start & ~core.busy):
            m.d.sync += [cycles.eq(0), gt_valid.eq(0)]
        with m.Elif(core.busy):
            m.d.sync += cycles.eq(cycles + 1)
        finished = Signal(name="finished")  # the cycle after the last step: DONE is up, gt_valid not yet
        m.d.comb += finished.eq(was_busy & ~core.busy & core.done)
        with m.If(finished & ~core.start):
            m.d.sync += gt_valid.eq(1)
        gt_ok = Signal(name="gt_ok")  # GT_VALID as the host sees it (from the cycle DONE rises)
        m.d.comb += gt_ok.eq(gt_valid | finished)

        self._write_channel(m, core, error, gt_valid, wr_error)
        self._read_channel(m, core, error, gt_ok, cycles, rd_error)
        with m.If(wr_error | rd_error):  # after CLEAR_ERROR: a SLVERR in the same cycle wins
            m.d.sync += error.eq(1)
        return m

    def _write_channel(self, m, core, error, gt_valid, slverr):
        """AW and W beats held until both are in, then one write, then the B beat."""
        aw_full, w_full = Signal(name="aw_full"), Signal(name="w_full")
        aw_addr, w_data, w_strb = Signal(ADDR_BITS, name="aw_addr"), Signal(32, name="w_data"), Signal(4, name="w_strb")
        m.d.comb += [self.awready.eq(~aw_full), self.wready.eq(~w_full)]
        with m.If(self.awvalid & ~aw_full):
            m.d.sync += [aw_full.eq(1), aw_addr.eq(self.awaddr)]
        with m.If(self.wvalid & ~w_full):
            m.d.sync += [w_full.eq(1), w_data.eq(self.wdata), w_strb.eq(self.wstrb)]
        with m.If(self.bvalid & self.bready):
            m.d.sync += self.bvalid.eq(0)

        do = Signal(name="do_write")
        err = Signal(name="write_error")
        region, k = aw_addr[12:], aw_addr[2:12]
        m.d.comb += do.eq(aw_full & w_full & ~self.bvalid)
        with m.If(do):
            m.d.sync += [aw_full.eq(0), w_full.eq(0), self.bvalid.eq(1), self.bresp.eq(Mux(err, SLVERR, OKAY))]
            m.d.comb += slverr.eq(err)
            with m.If(w_strb != 0b1111):
                m.d.comb += err.eq(1)
            with m.Elif((region == 0) & (k == CTRL >> 2)):
                with m.If(w_data[0] & core.busy):
                    m.d.comb += err.eq(1)
                with m.Else():
                    m.d.comb += core.start.eq(w_data[0])
                    with m.If(w_data[1]):
                        m.d.sync += error.eq(0)
            with m.Elif((region == IN_BASE // REGION) & (k < self.n_in)):
                with m.If(core.busy):
                    m.d.comb += err.eq(1)
                with m.Else():
                    m.d.comb += [core.host_we.eq(1), core.host_addr.eq(k), core.host_wdata.eq(w_data)]
                    m.d.sync += gt_valid.eq(0)
            with m.Else():  # read-only, GT, unmapped
                m.d.comb += err.eq(1)

    def _read_channel(self, m, core, error, gt_valid, cycles, slverr):
        """One AR beat at a time, answered two cycles later: the accepting edge registers the address
        (and the core's GT read port the word ``araddr`` names, :mod:`.rtl`'s read port being a register),
        the next edge registers rdata and rresp from the decoded held address."""
        ar_full, ar_addr = Signal(name="ar_full"), Signal(ADDR_BITS, name="ar_addr")
        m.d.comb += [self.arready.eq(~self.rvalid & ~ar_full), core.rd_addr.eq(self.araddr[2:12])]
        with m.If(self.rvalid & self.rready):
            m.d.sync += self.rvalid.eq(0)
        with m.If(self.arvalid & ~self.rvalid & ~ar_full):
            m.d.sync += [ar_full.eq(1), ar_addr.eq(self.araddr)]
        region, k = ar_addr[12:], ar_addr[2:12]
        data, err = Signal(32, name="read_data"), Signal(name="read_error")
        with m.If(region == 0):
            with m.Switch(k):
                with m.Case(CTRL >> 2):
                    m.d.comb += data.eq(0)
                with m.Case(STATUS >> 2):
                    m.d.comb += data.eq(Cat(core.busy, core.done, error, gt_valid))
                with m.Case(CYCLES >> 2):
                    m.d.comb += data.eq(cycles)
                with m.Case(CORE_ID >> 2):
                    m.d.comb += data.eq(self.ident)
                with m.Case(INFO >> 2):
                    m.d.comb += data.eq(self.info())
                with m.Case(LATENCY >> 2):
                    m.d.comb += data.eq(core.mc.cycles())
                with m.Case(VERSION >> 2):
                    m.d.comb += data.eq(MAP_VERSION)
                with m.Default():
                    m.d.comb += err.eq(1)
        with m.Elif((region == GT_BASE // REGION) & (k < self.n_out) & gt_valid):
            m.d.comb += data.eq(core.rd_data)
        with m.Else():  # IN (write-only), GT while not valid, unmapped
            m.d.comb += err.eq(1)
        with m.If(ar_full):
            m.d.sync += [
                ar_full.eq(0),
                self.rvalid.eq(1),
                self.rdata.eq(Mux(err, 0, data)),
                self.rresp.eq(Mux(err, SLVERR, OKAY)),
            ]
            m.d.comb += slverr.eq(err)


def regmap_markdown(name: str, words: int, n_out: int, ident: int, latency: int, mhz: float) -> str:
    rows = "\n".join(f"| 0x{off:04x} | {nm} | {acc} | {txt} |" for off, nm, acc, txt in registers(words, n_out))
    return (
        f"# {name}: AXI4-Lite register map (version {MAP_VERSION})\n\n"
        f"Top module `top_axi` (top_axi.v): clock `clk` (target {mhz:g} MHz), reset `aresetn` (active low, "
        f"synchronised on chip by two flops), `irq` (high while STATUS.DONE), AXI4-Lite slave `s_axi_*` "
        f"({ADDR_BITS}-bit byte addresses, 32-bit data). CORE_ID = 0x{ident:08x}, LATENCY = {latency} cycles, "
        f"WORDS = {words}, NOUT = {n_out}.\n\n"
        "Responses: OKAY, or SLVERR for an unmapped address, a write to a read-only register, a read of a "
        "write-only one (except CTRL, which reads 0), a write strobe other than 0b1111, START or an input "
        "write while busy, and a GT read unless GT_VALID (e.g. while busy; data 0). Every SLVERR sets "
        "STATUS.ERROR.\n\n"
        "| offset | name | access | meaning |\n|---|---|---|---|\n" + rows + "\n\n"
        "A pairing: write IN[0..], write CTRL = 1, poll STATUS until DONE (bit 1) or wait for irq, read "
        "GT[0..].\n"
    )


def lpf(name: str, mhz: float) -> str:
    """ECP5 constraints (nextpnr-ecp5 / Diamond): the target clock; pin locations left to fill in."""
    return (
        f"# {name}: top_axi (pairkit hw core gen --bus axi4-lite), Lattice ECP5\n"
        f'FREQUENCY PORT "clk" {mhz:g} MHZ;\n'
        "# Pin locations and I/O standards of your board (fill in and uncomment):\n"
        '# LOCATE COMP "clk" SITE "<pin>";\n# IOBUF PORT "clk" IO_TYPE=LVCMOS33;\n'
        '# LOCATE COMP "aresetn" SITE "<pin>";\n# IOBUF PORT "aresetn" IO_TYPE=LVCMOS33;\n'
        '# LOCATE COMP "irq" SITE "<pin>";\n'
        "# The s_axi_* port usually connects on chip (a soft CPU or a bus bridge), not to pins.\n"
    )


def xdc(name: str, mhz: float) -> str:
    """AMD/Xilinx 7-series constraints (Vivado): the target clock; pins left to fill in."""
    return (
        f"# {name}: top_axi (pairkit hw core gen --bus axi4-lite), AMD/Xilinx 7-series\n"
        f"create_clock -period {1000.0 / mhz:.3f} -name clk [get_ports clk]\n"
        "# aresetn is asynchronous and synchronised on chip (two flops)\n"
        "set_false_path -from [get_ports aresetn]\n"
        "# Pin locations and I/O standards of your board (fill in and uncomment):\n"
        "# set_property -dict {PACKAGE_PIN <pin> IOSTANDARD LVCMOS33} [get_ports clk]\n"
        "# set_property -dict {PACKAGE_PIN <pin> IOSTANDARD LVCMOS33} [get_ports aresetn]\n"
        "# set_property -dict {PACKAGE_PIN <pin> IOSTANDARD LVCMOS33} [get_ports irq]\n"
        "# The s_axi_* port usually connects on chip (a soft CPU, Zynq PS or an AXI interconnect).\n"
    )
