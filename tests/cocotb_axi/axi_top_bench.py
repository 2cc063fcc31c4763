"""cocotb tests of ``top_axi.v`` (``pairkit hw core gen --bus axi4-lite``); run by tests/test_hw_axi.py,
which passes the register map, the test pairings and their expected GT words (``$PAIRKIT_AXI_VECTORS``)
and compares the words read here with ``pairkit.api`` (``$PAIRKIT_AXI_RESULTS``). Not collected by
pytest (no ``test_*`` names).

The bus master: ``cocotbext-axi``'s ``AxiLiteMaster`` with cocotb 2 (which needs Verilator >= 5.036);
with cocotb 1.9 (Debian's Verilator 5.006) the small :class:`Master` below, because ``AxiLiteMaster``'s
signal writes never reach the model there (its transactions wait forever). ``$PAIRKIT_AXI_MASTER``
(``cocotbext`` or ``builtin``) overrides the choice."""

from __future__ import annotations

import json
import logging
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, RisingEdge, Timer

with open(os.environ["PAIRKIT_AXI_VECTORS"]) as _fh:
    CFG = json.load(_fh)
MAP = CFG["map"]
BUSY, DONE, ERROR, GT_VALID = 1, 2, 4, 8
OKAY, SLVERR = 0, 2
TIMEOUT_US = 40 * CFG["latency"] * 10 // 1000 + 100  # simulated time per test: a few pairings with polling
COCOTBEXT = (
    os.environ.get("PAIRKIT_AXI_MASTER", "cocotbext" if int(cocotb.__version__.split(".")[0]) >= 2 else "builtin")
    == "cocotbext"
)


class Master:
    """A minimal AXI4-Lite master: drives after the falling edge, samples READY/VALID 1 ns later (stable
    until the rising edge, where the beat transfers); one transaction at a time."""

    def __init__(self, dut):
        self.dut = dut
        for n in (
            "awvalid",
            "wvalid",
            "bready",
            "arvalid",
            "rready",
            "awaddr",
            "araddr",
            "wdata",
            "wstrb",
            "awprot",
            "arprot",
        ):
            self.sig(n).value = 0

    def sig(self, name):
        return getattr(self.dut, "s_axi_" + name)

    async def _beat(self, valid, ready):
        """Hold ``valid`` high until the beat transfers (``ready`` high at a rising edge)."""
        self.sig(valid).value = 1
        while True:
            await Timer(1, "ns")
            fire = int(self.sig(ready).value) == 1
            await RisingEdge(self.dut.clk)
            if fire:
                self.sig(valid).value = 0
                return
            await FallingEdge(self.dut.clk)

    async def _response(self, valid, ready, *fields):
        self.sig(ready).value = 1
        while True:
            await FallingEdge(self.dut.clk)
            await Timer(1, "ns")
            if int(self.sig(valid).value):
                got = [int(self.sig(f).value) for f in fields]
                await RisingEdge(self.dut.clk)
                self.sig(ready).value = 0
                return got

    async def write(self, addr: int, value: int, strb: int = 0xF) -> int:
        await FallingEdge(self.dut.clk)
        self.sig("awaddr").value, self.sig("wdata").value, self.sig("wstrb").value = addr, value, strb
        aw = cocotb.start_soon(self._beat("awvalid", "awready"))
        await self._beat("wvalid", "wready")
        await aw
        return (await self._response("bvalid", "bready", "bresp"))[0]

    async def read(self, addr: int) -> tuple:
        await FallingEdge(self.dut.clk)
        self.sig("araddr").value = addr
        await self._beat("arvalid", "arready")
        data, resp = await self._response("rvalid", "rready", "rdata", "rresp")
        return data, resp


async def setup(dut):
    """Clock, a reset of four cycles, the AXI4-Lite master."""
    dut.aresetn.value = 0
    if COCOTBEXT:
        from cocotbext.axi import AxiLiteBus, AxiLiteMaster

        cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
        axil = AxiLiteMaster(AxiLiteBus.from_prefix(dut, "s_axi"), dut.clk, dut.aresetn, reset_active_level=False)
        for itf in (axil.write_if, axil.read_if):
            itf.log.setLevel(logging.WARNING)
    else:
        axil = Master(dut)
        await Timer(1, "ns")
        cocotb.start_soon(Clock(dut.clk, 10, "ns").start())
    await ClockCycles(dut.clk, 4)
    dut.aresetn.value = 1
    await ClockCycles(dut.clk, 4)
    return axil


async def rd(axil, addr):
    """(data, response) of a 32-bit read."""
    if COCOTBEXT:
        r = await axil.read(addr, 4)
        return int.from_bytes(r.data, "little"), int(r.resp)
    return await axil.read(addr)


async def wr(axil, addr, value, nbytes=4):
    """The response of a write of the low ``nbytes`` bytes of ``value`` (write strobe 2^nbytes - 1)."""
    if COCOTBEXT:
        return int((await axil.write(addr, value.to_bytes(4, "little")[:nbytes])).resp)
    return await axil.write(addr, value, (1 << nbytes) - 1)


async def load(axil, words):
    for k, w in enumerate(words):
        assert await wr(axil, MAP["IN"] + 4 * k, w) == OKAY, f"IN[{k}]"


async def wait_done(axil):
    for _ in range(2 * CFG["latency"]):
        s, r = await rd(axil, MAP["STATUS"])
        assert r == OKAY
        if s & DONE:
            return s
    raise AssertionError("no DONE after twice the latency in polls")


async def read_gt(axil):
    out = []
    for k in range(CFG["gt_words"]):
        v, r = await rd(axil, MAP["GT"] + 4 * k)
        assert r == OKAY, f"GT[{k}]"
        out.append(v)
    return out


async def pairing(dut, axil, vec):
    """Load, start, poll, read: the GT words (checked against the expected ones) and the cycle count."""
    await load(axil, vec["in"])
    assert await wr(axil, MAP["CTRL"], 1) == OKAY
    s = await wait_done(axil)
    assert s & (BUSY | GT_VALID) == GT_VALID, f"STATUS {s:#x} at DONE"
    assert int(dut.irq.value) == 1
    gt = await read_gt(axil)
    assert gt == vec["gt"], f"GT {gt} expected {vec['gt']}"
    cyc, r = await rd(axil, MAP["CYCLES"])
    assert r == OKAY and cyc == CFG["latency"], (cyc, CFG["latency"])
    return gt


def record(key, value):
    path = os.environ["PAIRKIT_AXI_RESULTS"]
    doc = {}
    if os.path.exists(path):
        with open(path) as fh:
            doc = json.load(fh)
    doc[key] = value
    with open(path, "w") as fh:
        json.dump(doc, fh)


@cocotb.test(timeout_time=TIMEOUT_US, timeout_unit="us")
async def identity_registers(dut):
    """CORE_ID, INFO, LATENCY, VERSION, CTRL reads 0, STATUS all clear after reset."""
    axil = await setup(dut)
    for name in ("CORE_ID", "INFO", "LATENCY", "VERSION"):
        v, r = await rd(axil, MAP[name])
        assert r == OKAY and v == CFG["expect"][name], (name, hex(v), hex(CFG["expect"][name]))
    assert await rd(axil, MAP["CTRL"]) == (0, OKAY)
    assert await rd(axil, MAP["STATUS"]) == (0, OKAY)
    assert int(dut.irq.value) == 0


@cocotb.test(timeout_time=TIMEOUT_US, timeout_unit="us")
async def back_to_back(dut):
    """Two pairings back to back, each compared with the expected GT words; recorded for pairkit.api."""
    axil = await setup(dut)
    got = [await pairing(dut, axil, v) for v in CFG["pairs"][:2]]
    s, _ = await rd(axil, MAP["STATUS"])
    assert not s & ERROR
    record("back_to_back", got)


@cocotb.test(timeout_time=TIMEOUT_US, timeout_unit="us")
async def busy_rules(dut):
    """While busy: GT reads, input writes and START answer SLVERR and change nothing; ERROR is sticky
    until CLEAR_ERROR; an input write after DONE clears GT_VALID."""
    axil = await setup(dut)
    vec = CFG["pairs"][0]
    await load(axil, vec["in"])
    assert await wr(axil, MAP["CTRL"], 1) == OKAY
    s, _ = await rd(axil, MAP["STATUS"])
    assert s & (BUSY | DONE | GT_VALID) == BUSY, hex(s)
    assert await rd(axil, MAP["GT"]) == (0, SLVERR)
    assert await wr(axil, MAP["IN"], vec["in"][0] ^ 1) == SLVERR
    assert await wr(axil, MAP["CTRL"], 1) == SLVERR
    s, _ = await rd(axil, MAP["STATUS"])
    assert s & (BUSY | ERROR) == BUSY | ERROR, hex(s)
    s = await wait_done(axil)
    assert s & ERROR
    assert await read_gt(axil) == vec["gt"]
    assert await wr(axil, MAP["CTRL"], 2) == OKAY  # CLEAR_ERROR, no START
    s, _ = await rd(axil, MAP["STATUS"])
    assert s == DONE | GT_VALID, hex(s)
    assert await wr(axil, MAP["IN"], vec["in"][0]) == OKAY
    s, _ = await rd(axil, MAP["STATUS"])
    assert s == DONE, hex(s)
    assert await rd(axil, MAP["GT"]) == (0, SLVERR)


@cocotb.test(timeout_time=TIMEOUT_US, timeout_unit="us")
async def bad_accesses(dut):
    """Unmapped addresses, read-only and write-only registers, a partial write strobe: SLVERR."""
    axil = await setup(dut)
    assert await rd(axil, MAP["GT"]) == (0, SLVERR)  # no result yet
    for addr in (0x1C, 0x100, 0xFFC, MAP["IN"] + 4 * CFG["in_words"], MAP["GT"] + 4 * CFG["gt_words"], 0x3000, 0x3FFC):
        assert await rd(axil, addr) == (0, SLVERR), hex(addr)
        assert await wr(axil, addr, 0xFFFFFFFF) == SLVERR, hex(addr)
    for name in ("STATUS", "CYCLES", "CORE_ID", "INFO", "LATENCY", "VERSION"):
        assert await wr(axil, MAP[name], 0) == SLVERR, name
    assert await wr(axil, MAP["GT"], 0) == SLVERR
    assert (await rd(axil, MAP["IN"]))[1] == SLVERR
    assert await wr(axil, MAP["CTRL"], 1, nbytes=1) == SLVERR  # one byte lane: SLVERR, no START
    s, _ = await rd(axil, MAP["STATUS"])
    assert s == ERROR, hex(s)
    v, _ = await rd(axil, MAP["CORE_ID"])  # nothing changed
    assert v == CFG["expect"]["CORE_ID"]
    assert await wr(axil, MAP["CTRL"], 2) == OKAY
    assert await rd(axil, MAP["STATUS"]) == (0, OKAY)


@cocotb.test(timeout_time=TIMEOUT_US, timeout_unit="us")
async def reset_mid_run(dut):
    """aresetn in the middle of a pairing: idle after the reset, then a correct pairing."""
    axil = await setup(dut)
    await load(axil, CFG["pairs"][0]["in"])
    assert await wr(axil, MAP["CTRL"], 1) == OKAY
    await ClockCycles(dut.clk, CFG["latency"] // 2)
    s, _ = await rd(axil, MAP["STATUS"])
    assert s & BUSY
    dut.aresetn.value = 0
    await ClockCycles(dut.clk, 3)
    dut.aresetn.value = 1
    await ClockCycles(dut.clk, 3)
    assert await rd(axil, MAP["STATUS"]) == (0, OKAY)
    assert await rd(axil, MAP["CYCLES"]) == (0, OKAY)
    assert await rd(axil, MAP["GT"]) == (0, SLVERR)
    got = await pairing(dut, axil, CFG["pairs"][2])
    record("after_reset", got)
