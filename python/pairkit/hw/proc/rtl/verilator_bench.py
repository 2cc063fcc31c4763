"""The processor in Verilator: a C++ testbench that writes the inputs through the host port, runs the
program, keeps a shadow of the register file from its write port and prints one line per retired
instruction (pc, cycles, the limbs of the register written), then the outputs read through the host
read port. check.compare holds it against the ISS. Models are built at -O3 / -O2 and cached by the hash
of the Verilog and the bench (hw.verilator.build_model, ``$PAIRKIT_HW_CACHE``)."""

from __future__ import annotations

import os
import subprocess
import tempfile

from pairkit.hw.flow.toolchain import to_verilog
from pairkit.hw.flow.verilator import build_model
from pairkit.hw.proc.rtl.check import RtlMismatchError, RtlRun, host_writes
from pairkit.hw.proc.rtl.core import ProcCore
from pairkit.hw.proc.rtl.layout import Layout

BENCH = r"""
#include "Vtop.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <vector>

static Vtop* top;
static void tick() { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }
static const int RD[] = {@RD@};
static const int NPC = @NPC@, K = @K@, STRIDE = @STRIDE@, DEPTH = @DEPTH@;
static const int OUTS[] = {@OUTS@};
static const int NOUT = @NOUT@;
static const long LIMIT = @LIMIT@L;

static void limbs(const std::vector<uint64_t>& sh, int reg) {
  for (int i = K - 1; i >= 0; i--) printf(i ? "%llx." : "%llx", (unsigned long long)sh[reg * STRIDE + i]);
}

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vtop;
  std::vector<uint64_t> sh(DEPTH, 0);
  top->start = 0; top->host_we = 0; top->rst = 1; tick(); tick(); top->rst = 0; tick();
  unsigned long long a, d;
  while (scanf("%llx %llx", &a, &d) == 2) {
    top->host_we = 1; top->host_addr = a; top->host_wdata = d; sh[a] = d; tick();
  }
  top->host_we = 0; top->start = 1; tick(); top->start = 0;
  long n = 0;
  while (!top->done) {
    top->eval();
    if (top->dbg_we) sh[top->dbg_waddr] = top->dbg_wdata;
    if (top->dbg_retire) {
      int pc = top->dbg_pc;
      printf("R %d %llu ", pc, (unsigned long long)top->cycles + 1);
      if (pc < NPC && RD[pc] >= 0) limbs(sh, RD[pc]); else printf("-");
      printf("\n");
    }
    if (++n > LIMIT) { printf("TIMEOUT %d\n", (int)top->dbg_pc); return 3; }
    tick();
  }
  printf("E %d %llu\n", (int)top->error, (unsigned long long)top->cycles);
  for (int o = 0; o < NOUT; o++) {
    printf("O %d ", o);
    for (int i = K - 1; i >= 0; i--) {
      top->host_raddr = OUTS[o] * STRIDE + i; tick();
      printf(i ? "%llx." : "%llx\n", (unsigned long long)top->host_rdata);
    }
  }
  top->final(); delete top; return 0;
}
"""


def verilog(core: ProcCore) -> str:
    """The core's Verilog (Amaranth -> RTLIL -> yosys), its host interface in the header comment."""
    with tempfile.TemporaryDirectory() as td:
        v = to_verilog(core, td)
    return "".join(f"// {ln}\n" for ln in core.header().splitlines()) + v


def bench_cpp(L: Layout, limit: int) -> str:
    rd = [-1 if i.writes() is None else i.writes() for i in L.prog.code]
    outs = list(L.prog.outputs.values())
    rep = {
        "@RD@": ", ".join(map(str, rd)),
        "@NPC@": len(rd),
        "@K@": L.k,
        "@STRIDE@": L.stride,
        "@DEPTH@": L.rf_depth,
        "@OUTS@": ", ".join(map(str, outs or [0])),
        "@NOUT@": len(outs),
        "@LIMIT@": limit,
    }
    s = BENCH
    for k, v in rep.items():
        s = s.replace(k, str(v))
    return s


def build(L: Layout, *, limit: int = 100_000_000, jobs: int = 1, timeout_s: float = 3600) -> str:
    vtext = verilog(ProcCore(L, debug=True))
    return build_model(
        f"proc-W{L.W}-P{L.P}-d{L.d}",
        vtext,
        bench_cpp(L, limit),
        ["-O3", "-MAKEFLAGS", "OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2"],
        jobs=jobs,
        timeout_s=timeout_s,
    )


def _value(L: Layout, tok: str) -> int:
    v = 0
    for limb in tok.split("."):
        v = (v << L.W) | int(limb, 16)
    return v


def run_verilator(L: Layout, inputs: dict[str, int], **kw) -> RtlRun:
    writes = host_writes(L, inputs)
    exe = build(L, **kw)
    text = "".join(f"{a:x} {v:x}\n" for a, v in writes)
    r = subprocess.run([exe], input=text, capture_output=True, text=True, timeout=3600, cwd=os.path.dirname(exe))
    if r.returncode != 0:
        raise RtlMismatchError(f"verilator bench failed ({r.returncode}): {r.stdout[-300:]} {r.stderr[-300:]}")
    trace, outs, cycles, err = [], {}, None, False
    names = list(L.prog.outputs)
    for ln in r.stdout.splitlines():
        tok = ln.split()
        if tok[0] == "R":
            pc = int(tok[1])
            w = L.prog.code[pc].writes() if pc < len(L.prog.code) else None
            trace.append((pc, w, None if tok[3] == "-" else _value(L, tok[3]), int(tok[2])))
        elif tok[0] == "E":
            err, cycles = tok[1] == "1", int(tok[2])
        elif tok[0] == "O":
            outs[names[int(tok[1])]] = _value(L, tok[2])
    if cycles is None:
        raise RtlMismatchError("verilator bench: no HALT")
    return RtlRun(outs, cycles, trace, err)
