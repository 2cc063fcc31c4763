"""Paper-size cores in Verilator: the generated Verilog, a C++ testbench, the same checks as the
Amaranth simulation (accumulator at every loop boundary, cycles, the GT element word by word).

The testbench reads one pairing per line (the four input elements in hex), drives the host
interface, prints ``S <pass> <register words>`` at every loop boundary (the accumulator's home
registers through the debug port) and ``R <cycles> <GT coordinates>`` at ``done``; Python compares
with the spec. Models are built with optimisation (``-O2``, about 10x faster to simulate than
``-O0``) and cached by the hash of the Verilog and the testbench (``$PAIRKIT_HW_CACHE``).
"""

from __future__ import annotations

import subprocess
import tempfile

from pairkit.hw.core.errors import CoreMismatchError
from pairkit.hw.core.program import modify, run_trace, spec_of
from pairkit.hw.core.sim import CoreRun, boundary_states, words_of
from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.toolchain import to_verilog
from pairkit.hw.flow.verilator import build_model

BENCH = r"""
#include "Vtop.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static Vtop* top;
static void tick() { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }
static const int WORDS = @WORDS@, LOOP_START = @LS@, LOOP_END = @LE@, N_STEPS = @NS@, LOOPS = @LC@;
static const int STATE_REGS[] = {@SREGS@};
static const int N_STATE = @NSREGS@, N_OUT = @NOUT@;
static const long LIMIT = @LIMIT@L;
// probes: the accumulator of the iterations inside a pass (loop steps) and outside the loop (others)
static const int N_PROBE = @NPROBE@, PROBE_PC[] = {@PPC@}, PROBE_REG[] = {@PREG@};
static const int N_FPROBE = @NFPROBE@, FPROBE_PC[] = {@FPC@}, FPROBE_REG[] = {@FREG@};

static void dump_reg(int r, std::string& line) {
  top->dbg_sel = r; top->eval();
  char buf[16]; line += ' ';
  for (int j = WORDS - 1; j >= 0; j--) { snprintf(buf, sizeof buf, "%08x", (uint32_t)(@DBGWORD@)); line += buf; }
}

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vtop;
  top->start = 0; top->host_we = 0; top->rst = 1; tick(); tick(); top->rst = 0; tick();
  std::string ln;
  while (std::getline(std::cin, ln)) {
    if (ln.empty()) continue;
    std::istringstream is(ln); std::vector<uint32_t> w; std::string t;
    while (is >> t) w.push_back((uint32_t)std::stoul(t, nullptr, 16));
    if ((int)w.size() != 4 * WORDS) { std::cerr << "bad input line\n"; return 2; }
    for (int a = 0; a < 4 * WORDS; a++) { top->host_we = 1; top->host_addr = a; top->host_wdata = w[a]; tick(); }
    top->host_we = 0; top->start = 1; tick(); top->start = 0;
    long n = 1; int passes = 0;
    while (!top->done) {
      int pc = top->dbg_pc;
      bool at_start = pc == LOOP_START && top->busy;
      bool at_exit = pc == LOOP_END && LOOP_END < N_STEPS && passes == LOOPS;
      if (at_start || at_exit) {
        std::string line = "S " + std::to_string(passes);
        for (int k = 0; k < N_STATE; k++) dump_reg(STATE_REGS[k], line);
        std::cout << line << "\n";
        passes++;
      }
      if (top->busy) {
        for (int k = 0; k < N_PROBE; k++)
          if (PROBE_PC[k] == pc) { std::string l = "P " + std::to_string(passes - 1) + " " + std::to_string(k);
                                   dump_reg(PROBE_REG[k], l); std::cout << l << "\n"; }
        for (int k = 0; k < N_FPROBE; k++)
          if (FPROBE_PC[k] == pc) { std::string l = "F " + std::to_string(k); dump_reg(FPROBE_REG[k], l);
                                    std::cout << l << "\n"; }
      }
      if (n > LIMIT) { std::cout << "TIMEOUT\n"; return 3; }
      tick(); n++;
    }
    std::string line = "R " + std::to_string(n);
    char buf[16];
    for (int i = 0; i < N_OUT; i++) {
      line += ' ';
      for (int j = WORDS - 1; j >= 0; j--) {
        top->rd_addr = i * WORDS + j; tick();  // the read port is a register
        snprintf(buf, sizeof buf, "%08x", (uint32_t)top->rd_data); line += buf;
      }
    }
    std::cout << line << std::endl;
  }
  top->final(); delete top; return 0;
}
"""


def bench_cpp(core) -> str:
    mc = core.mc
    sregs = [sr[0] for sr in mc.state_regs if sr]
    word = "top->dbg_data[j]" if core.W > 64 else "(((uint64_t)top->dbg_data) >> (32 * j))"
    rep = {
        "@WORDS@": core.words,
        "@LS@": mc.loop_start,
        "@LE@": mc.loop_end,
        "@NS@": mc.n_steps,
        "@LC@": mc.loop_count,
        "@SREGS@": ", ".join(map(str, sregs or [0])),
        "@NSREGS@": len(sregs),
        "@NOUT@": len(mc.outputs),
        "@LIMIT@": mc.cycles() + 16,
        "@DBGWORD@": word,
    }
    pr, fp = mc.info.get("probes", []), mc.info.get("flat_probes", [])
    rep.update(
        {
            "@NPROBE@": len(pr),
            "@PPC@": ", ".join(str(p[0]) for p in pr) or "0",
            "@PREG@": ", ".join(str(p[1]) for p in pr) or "0",
            "@NFPROBE@": len(fp),
            "@FPC@": ", ".join(str(p[0]) for p in fp) or "0",
            "@FREG@": ", ".join(str(p[1]) for p in fp) or "0",
        }
    )
    s = BENCH
    for k, v in rep.items():
        s = s.replace(k, str(v))
    return s


def build(core, *, jobs: int = 2, timeout_s: float = 3600, opt: str = "-O2") -> str:
    """Compile the Verilator model of ``core`` (debug port required; cached); returns the executable."""
    if not core.debug:
        raise HwToolError("the Verilator testbench needs a core built with debug=True")
    with tempfile.TemporaryDirectory() as td:
        vtext = to_verilog(core, td)
    return build_model(
        f"core-{core.mc.name}",
        vtext,
        bench_cpp(core),
        ["-O3", "-MAKEFLAGS", f"OPT_FAST={opt} OPT_SLOW=-O1 OPT_GLOBAL={opt}"],
        jobs=jobs,
        timeout_s=timeout_s,
    )


def _check_states(core, F, spec, alg: str, P, Q, states: list, probed: list) -> list:
    """The states the model printed at the loop boundaries and probes of one pairing against the spec's;
    returns the boundary states (iteration, [(register, modifier, value)])."""
    mc = core.mc
    bnd = boundary_states(mc, spec, alg, P, Q)
    for (it, regs), got in zip(bnd, states):
        for (reg, neg, want), g in zip(regs, got):
            v = core.spec.from_int(g)
            if modify(F, mc.p, v, neg) != want:
                raise CoreMismatchError(
                    f"Miller iteration {it + 1}, register r{reg}", "the RTL accumulator differs from the spec's state"
                )
    if len(states) != len(bnd):
        raise CoreMismatchError("controller", f"{len(states)} loop boundaries seen, expected {len(bnd)}")
    if probed:
        T, _, sts, _ = run_trace(spec, alg, P, Q, "inv" in mc.units)
        for k, reg, neg, c, g in probed:
            if k < len(sts) and modify(F, mc.p, core.spec.from_int(g), neg) != T.values[sts[k][c]]:
                raise CoreMismatchError(
                    f"Miller iteration {k + 1}, register r{reg}",
                    f"the RTL accumulator's coordinate {c} differs from the spec's state",
                )
    return bnd


def run_verilator(core, spec, alg: str, pairs: list, **kw) -> list:
    """Whole pairings in the Verilator model, checked at every loop boundary against the spec."""
    S = spec_of(spec)
    F = S.F
    mc = core.mc
    exe = build(core, **kw)
    lines = []
    for P, Q in pairs:
        lines.append(" ".join("%x" % w for x in (*P, *Q) for w in words_of(core.spec, x, core.words)))
    r = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        raise CoreMismatchError("verilator", f"testbench failed ({r.returncode}): {r.stdout[-300:]} {r.stderr[-300:]}")
    runs: list = []
    states: list = []
    probed: list = []  # (iteration, register, modifier, coordinate, value) read at the probes
    pr, fp = mc.info.get("probes", []), mc.info.get("flat_probes", [])
    for ln in r.stdout.split("\n"):
        tok = ln.split()
        if not tok:
            continue
        if tok[0] == "S":
            states.append([int(x, 16) for x in tok[2:]])
            continue
        if tok[0] == "P":
            _, reg, neg, j, c = pr[int(tok[2])]
            probed.append((mc.first_looped_iteration + int(tok[1]) * mc.unroll + j, reg, neg, c, int(tok[3], 16)))
            continue
        if tok[0] == "F":
            _, reg, neg, k, c = fp[int(tok[1])]
            probed.append((k, reg, neg, c, int(tok[2], 16)))
            continue
        if tok[0] != "R":
            raise CoreMismatchError("verilator", f"unexpected testbench output {ln[:80]!r}")
        P, Q = pairs[len(runs)]
        bnd = _check_states(core, F, S, alg, P, Q, states, probed)
        iters = {it for it, _ in bnd} | {k for k, *_ in probed}
        out = tuple(core.spec.from_int(int(x, 16)) for x in tok[2:])
        runs.append(CoreRun(out, int(tok[1]), len(states), len(probed), len(iters)))
        states, probed = [], []
    if len(runs) != len(pairs):
        raise CoreMismatchError("verilator", f"{len(runs)} results for {len(pairs)} pairings")
    return runs
