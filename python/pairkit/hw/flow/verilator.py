"""The fast simulator for the papers' m: Verilator on the generated Verilog with a small C++ harness.

The harness reads operand vectors (hex, one line per vector, inputs in port order), follows the
handshake of :mod:`pairkit.hw.units.unit` (start pulse, operands scrambled after the start edge, count
edges until done, check that done and the results hold one more edge) and prints the cycle count and
the results. Builds are cached by the hash of the Verilog and the harness
(``$PAIRKIT_HW_CACHE``, default ``~/.cache/pairkit-hw``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile

from pairkit.hw.errors import HwToolError
from pairkit.hw.flow.sim import SimResult
from pairkit.hw.flow.toolchain import find_tool, run, to_verilog


def cache_dir() -> str:
    d = os.environ.get("PAIRKIT_HW_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "pairkit-hw")
    os.makedirs(d, exist_ok=True)
    return d


def _ctype(w: int) -> str:
    return "uint8_t" if w <= 8 else "uint16_t" if w <= 16 else "uint32_t" if w <= 32 else "uint64_t"


def harness_cpp(unit, timeout: int) -> str:
    ins, outs = unit.in_specs, unit.out_specs
    setl, scr, getl = [], [], []
    for p in ins:
        nw = (p.width + 31) // 32
        if p.width <= 64:
            setl.append(
                f"  top->{p.name} = ({_ctype(p.width)})words(tok[{ins.index(p)}], {nw})[0] "
                f"| ((uint64_t)(nw64(tok[{ins.index(p)}], {nw})) << 32) * {int(p.width > 32)};"
            )
            mask = (1 << p.width) - 1
            scr.append(f"  top->{p.name} = ({_ctype(p.width)})(rnd() & 0x{mask:x}ULL);")
        else:
            setl.append(
                f"  {{ auto w = words(tok[{ins.index(p)}], {nw}); "
                f"for (int i = 0; i < {nw}; i++) top->{p.name}[i] = w[i]; }}"
            )
            top = p.width - 32 * (nw - 1)
            scr.append(
                f"  for (int i = 0; i < {nw}; i++) top->{p.name}[i] = (uint32_t)rnd();"
                f" top->{p.name}[{nw - 1}] &= 0x{(1 << top) - 1:x}u;"
            )
    for p in outs:
        nw = (p.width + 31) // 32
        if p.width <= 64:
            getl.append(
                f"  {{ uint64_t v = top->{p.name}; std::vector<uint32_t> w = {{(uint32_t)v, (uint32_t)(v >> 32)}}; "
                f"w.resize({nw}); line += ' ' + hex(w); }}"
            )
        else:
            getl.append(
                f"  {{ std::vector<uint32_t> w({nw}); for (int i = 0; i < {nw}; i++) w[i] = top->{p.name}[i]; "
                f"line += ' ' + hex(w); }}"
            )
    return (
        HARNESS.replace("@NIN@", str(len(ins)))
        .replace("@SET@", "\n".join(setl))
        .replace("@SCRAMBLE@", "\n".join(scr))
        .replace("@GET@", "\n".join(getl))
        .replace("@TIMEOUT@", str(timeout))
    )


HARNESS = r"""
#include "Vtop.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static uint64_t rs = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd() { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static std::vector<uint32_t> words(const std::string& h, int n) {
  std::vector<uint32_t> w(n, 0);
  int bit = 0;
  for (int i = (int)h.size() - 1; i >= 0 && bit < 32 * n; i--, bit += 4) {
    char c = h[i]; uint32_t v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : c - 'A' + 10;
    w[bit / 32] |= v << (bit % 32);
  }
  return w;
}
static uint32_t nw64(const std::string& h, int n) { auto w = words(h, 2); return n > 1 ? w[1] : 0; }
static std::string hex(const std::vector<uint32_t>& w) {
  std::string s; char buf[16];
  for (int i = (int)w.size() - 1; i >= 0; i--) { snprintf(buf, sizeof buf, "%08x", w[i]); s += buf; }
  size_t p = s.find_first_not_of('0');
  return p == std::string::npos ? "0" : s.substr(p);
}
static Vtop* top;
static void tick() { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vtop;
  top->start = 0; top->rst = 1; tick(); tick(); top->rst = 0; tick();
  std::string ln;
  while (std::getline(std::cin, ln)) {
    if (ln.empty()) continue;
    std::istringstream is(ln); std::vector<std::string> tok; std::string t;
    while (is >> t) tok.push_back(t);
    if ((int)tok.size() != @NIN@) { std::cerr << "bad vector line\n"; return 2; }
@SET@
    top->start = 1; tick(); top->start = 0;
@SCRAMBLE@
    int n = 1;
    while (!top->done) { if (n >= @TIMEOUT@) { std::cout << "TIMEOUT\n"; return 3; } tick(); n++; }
    std::string line = std::to_string(n);
@GET@
    tick();
    std::string again = std::to_string(n);
    { std::string save = line; line = again;
@GET@
      if (line != save || !top->done) { std::cout << "HOLDERR\n"; return 4; }
      line = save; }
    std::cout << line << "\n";
  }
  top->final(); delete top; return 0;
}
"""


def build_model(tag: str, vtext: str, cpp: str, flags: list, *, jobs: int = 2, timeout_s: float = 1800) -> str:
    """Compile Verilog ``vtext`` (top module ``top``) with the C++ testbench ``cpp`` into a Verilator
    executable, cached under ``tag`` and the hash of the sources and flags; returns its path."""
    vl = find_tool("verilator")
    find_tool("c++") if not os.path.exists("/usr/bin/g++") else None
    h = hashlib.sha256((vtext + cpp + " ".join(flags)).encode()).hexdigest()[:20]
    d = os.path.join(cache_dir(), "verilator", f"{tag}-{h}")
    exe = os.path.join(d, "obj", "Vtop")
    if os.path.exists(exe):
        return exe
    tmp = d + ".tmp%d" % os.getpid()
    os.makedirs(tmp, exist_ok=True)
    with open(os.path.join(tmp, "top.v"), "w") as fh:
        fh.write(vtext)
    with open(os.path.join(tmp, "bench.cpp"), "w") as fh:
        fh.write(cpp)
    run(
        [
            vl,
            "--cc",
            "top.v",
            "--exe",
            "bench.cpp",
            "--top-module",
            "top",
            "-Mdir",
            "obj",
            "--build",
            "-j",
            str(jobs),
            "-Wno-fatal",
            "-Wno-lint",
            "-Wno-style",
            "--x-assign",
            "fast",
            "--x-initial",
            "fast",
            *flags,
        ],
        cwd=tmp,
        timeout=timeout_s,
        what="verilator build",
    )
    try:
        os.rename(tmp, d)
    except OSError:  # built concurrently
        pass
    if not os.path.exists(exe):
        raise HwToolError(f"verilator build produced no executable in {d}")
    return exe


def build(unit, *, jobs: int = 2, timeout_s: float = 1800) -> str:
    """Compile the Verilator model of ``unit`` (cached); returns the executable's path."""
    with tempfile.TemporaryDirectory() as td:
        vtext = to_verilog(unit, td)
    # the generated models are huge straight-line code run on a few vectors: compiling them at -O0
    # builds the 1223-bit TMVP about 1.7x faster (the CI cost is the build, not the run)
    return build_model(
        unit.unit_name,
        vtext,
        harness_cpp(unit, 4 * unit.cycles + 64),
        ["-O1", "--output-split", "20000", "-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"],
        jobs=jobs,
        timeout_s=timeout_s,
    )


def run_verilator(unit, vectors: list[dict], **kw) -> list[SimResult]:
    exe = build(unit, **kw)
    lines = []
    for ops in vectors:
        lines.append(" ".join("%x" % p.to_int(ops[p.name]) for p in unit.in_specs))
    import subprocess

    r = subprocess.run([exe], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise AssertionError(
            f"{unit.describe()}: verilator harness failed ({r.returncode}): {r.stdout[-500:]} {r.stderr[-500:]}"
        )
    res = []
    for ln in r.stdout.split("\n"):
        if not ln.strip():
            continue
        tok = ln.split()
        outs = {p.name: p.from_int(int(t, 16)) for p, t in zip(unit.out_specs, tok[1:])}
        res.append(SimResult(outs, int(tok[0])))
    if len(res) != len(vectors):
        raise AssertionError(f"{unit.describe()}: {len(res)} results for {len(vectors)} vectors")
    return res
