"""The multi-core array (array.py) in Verilator: a C++ bench streams J jobs through the host job port (limbs,
then a push, whenever a slot is free), takes every result limb (optionally holding the stream back one cycle
in four), and logs the distributor's events; the Python side holds every job against the ISS (bit-exact
outputs, and the core's cycles between start and halt equal to the ISS's) and measures the array.

Figures (cycles of the array's clock, the bench's cycle 0 is the first after reset):
  span            first push to last result limb, inclusive
  latency         a job's push to its last result limb
  overhead        a job's cycles from the distributor taking it out of its slot to its last result limb, less the
                  core's own cycles: the copy, the start, the readout (and any wait for the readout engine)
  pairings/Mcycle J / span x 10^6
Models are cached like proc/rtl/verilator.py's (hw.verilator.build_model, ``$PAIRKIT_HW_CACHE``).
"""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field

from pairkit import api
from pairkit.errors import InvalidArgumentError
from pairkit.hw.flow.toolchain import to_verilog
from pairkit.hw.flow.verilator import build_model
from pairkit.hw.proc.asm import assemble
from pairkit.hw.proc.compile import point_inputs
from pairkit.hw.proc.rtl.array import MAX_CORES, ProcArray
from pairkit.hw.proc.rtl.check import RtlMismatchError, host_writes, iss_reference
from pairkit.hw.proc.rtl.layout import Layout

MAX_JOBS = 1024

# a few field operations of every kind and one JSR loop (bits 10110: MUL on a 0, ADD on a 1); the CI program
SHORT = """.modulus {p}
.const c5 5
.jsrbits 10110
.input a r0
.input b r1
.output o r2
.output q r3
    ADD r2, r0, r1
    SUB r3, r0, r1
    NEG r4, r3
    MUL r5, r0, r1
    LDC r6, #c5
    MOV r7, r6
    INV r8, r0
    MUL r3, r8, r0
    LOAD c0, 5
top: JSR one
    MUL r2, r2, r2
    JDEC c0, done
    JUMP top
one: ADD r2, r2, r0
    JDEC c0, done
    JUMP top
done: ADD r2, r2, r5
    HALT
"""


def short_program(p: int):
    return assemble(SHORT.format(p=p))


BENCH = r"""
#include "Vtop.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

static Vtop* top;
struct Job { unsigned id; std::vector<std::pair<unsigned, unsigned long long>> w; };

int main(int argc, char** argv) {
  Verilated::commandArgs(argc, argv);
  top = new Vtop;
  int nj, bp; long limit;
  if (scanf("%d %d %ld", &nj, &bp, &limit) != 3) return 2;
  std::vector<Job> jobs(nj);
  for (auto& j : jobs) {
    int nw;
    if (scanf("%x %d", &j.id, &nw) != 2) return 2;
    j.w.resize(nw);
    for (auto& p : j.w) if (scanf("%x %llx", &p.first, &p.second) != 2) return 2;
  }
  top->in_we = 0; top->in_valid = 0; top->out_ready = 0; top->rst = 1;
  for (int i = 0; i < 2; i++) { top->clk = 0; top->eval(); top->clk = 1; top->eval(); }
  top->rst = 0;
  long t = 0; int j = 0, done = 0; size_t w = 0; uint64_t rs = 0x9e3779b97f4a7c15ULL;
  while (done < nj) {
    top->clk = 0; top->in_we = 0; top->in_valid = 0; top->eval();
    if (j < nj && top->in_ready) {
      if (w < jobs[j].w.size()) {
        top->in_we = 1; top->in_addr = jobs[j].w[w].first; top->in_wdata = jobs[j].w[w].second; w++;
      } else {
        top->in_valid = 1; top->in_id = jobs[j].id; printf("P %x %ld\n", jobs[j].id, t); j++; w = 0;
      }
    }
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
    top->out_ready = bp ? ((rs & 3) != 0) : 1;
    top->eval();
    if (top->dbg_take) printf("T %x %ld\n", (unsigned)top->dbg_take_id, t);
    if (top->dbg_start) printf("S %x %d %ld\n", (unsigned)top->dbg_start_id, (int)top->dbg_start_core, t);
    uint64_t fin = (uint64_t)top->dbg_fin;
    for (int i = 0; i < 64; i++) if ((fin >> i) & 1) printf("F %d %ld\n", i, t);
    if (top->out_valid && top->out_ready) {
      printf("B %x %d %x %llx %d %ld\n", (unsigned)top->out_id, (int)top->out_error, (unsigned)top->out_addr,
             (unsigned long long)top->out_data, (int)top->out_last, t);
      if (top->out_last) done++;
    }
    top->clk = 1; top->eval();
    if (++t > limit) { printf("TIMEOUT %ld\n", t); return 3; }
  }
  printf("E %ld %d\n", t, (int)top->idle);
  top->final(); delete top; return 0;
}
"""


def verilog(arr: ProcArray) -> str:
    with tempfile.TemporaryDirectory() as td:
        v = to_verilog(arr, td)
    return "".join(f"// {ln}\n" for ln in arr.header().splitlines()) + v


def build(L: Layout, cores: int, *, fast: bool = False, jobs: int = 1, timeout_s: float = 3600) -> str:
    """The array's Verilator model (cached). ``fast``: compiled at -O0 (small programs: the build is the cost)."""
    vtext = verilog(ProcArray(L, cores, debug=True))
    flags = (
        ["-O1", "-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"]
        if fast
        else ["-O3", "-MAKEFLAGS", "OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2"]
    )
    return build_model(f"proc-array{cores}-W{L.W}-P{L.P}-d{L.d}", vtext, BENCH, flags, jobs=jobs, timeout_s=timeout_s)


@dataclass
class JobRecord:
    id: int
    inputs: dict
    push: int = -1
    take: int = -1
    start: int = -1
    core: int = -1
    fin: int = -1
    last: int = -1
    error: bool = False
    limbs: list = field(default_factory=list)  # (addr, limb) in stream order
    outputs: dict = field(default_factory=dict)


def check_counts(cores: int, jobs: int) -> None:
    """cores in [1, MAX_CORES] (array.py says why), jobs in [1, MAX_JOBS]: else InvalidArgumentError."""
    for name, v, hi in (("cores", cores, MAX_CORES), ("jobs", jobs, MAX_JOBS)):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= hi:
            raise InvalidArgumentError(f"--{name} must be an integer in [1, {hi}], got {v!r}")


def run_array(
    L: Layout,
    cores: int,
    inputs: list[dict],
    *,
    backpressure: bool = False,
    fast: bool = False,
    limit: int = 2_000_000_000,
) -> tuple[list[JobRecord], int]:
    """Stream ``inputs`` (one dict a job) through the array's Verilator model; (records in job order, bench
    cycles). Job j is tagged j mod 2^8."""
    check_counts(cores, len(inputs))
    writes = [host_writes(L, x) for x in inputs]  # checks the inputs (typed errors) before any tool runs
    exe = build(L, cores, fast=fast)
    recs = [JobRecord(j % 256, x) for j, x in enumerate(inputs)]
    text = [f"{len(inputs)} {int(backpressure)} {limit}"]
    for r, w in zip(recs, writes):
        text.append(f"{r.id:x} {len(w)}")
        text += [f"{a:x} {v:x}" for a, v in w]
    p = subprocess.run(
        [exe], input="\n".join(text) + "\n", capture_output=True, text=True, timeout=7200, cwd=os.path.dirname(exe)
    )
    if p.returncode != 0:
        raise RtlMismatchError(f"verilator array bench failed ({p.returncode}): {p.stdout[-300:]} {p.stderr[-300:]}")
    live: dict[int, JobRecord] = {}  # tag -> the job in flight with it
    pushed = iter(recs)
    on_core: dict[int, JobRecord] = {}
    end, idle = None, False
    for ln in p.stdout.splitlines():
        tok = ln.split()
        if tok[0] == "P":
            r = next(pushed)
            r.push = int(tok[2])
            live[r.id] = r
        elif tok[0] == "T":
            live[int(tok[1], 16)].take = int(tok[2])
        elif tok[0] == "S":
            r = live[int(tok[1], 16)]
            r.start, r.core = int(tok[3]), int(tok[2])
            on_core[r.core] = r
        elif tok[0] == "F":
            on_core[int(tok[1])].fin = int(tok[2])
        elif tok[0] == "B":
            r = live[int(tok[1], 16)]
            r.error = r.error or tok[2] == "1"
            r.limbs.append((int(tok[3], 16), int(tok[4], 16)))
            if tok[5] == "1":
                r.last = int(tok[6])
                del live[r.id]
        elif tok[0] == "E":
            end, idle = int(tok[1]), tok[2] == "1"
    if end is None:
        raise RtlMismatchError("verilator array bench: no end line")
    if not idle:
        raise RtlMismatchError("the array is not idle after the last result limb")
    for r in recs:
        vals: dict[int, int] = {}
        for a, v in r.limbs:
            reg, i = divmod(a, L.stride)
            vals[reg] = vals.get(reg, 0) | v << (L.W * i)
        r.outputs = {name: vals.get(reg) for name, reg in L.prog.outputs.items()}
    return recs, end


def check_array(
    L: Layout, cores: int, inputs: list[dict], progress: Callable[[int, int, str], None] | None = None, **kw
) -> dict:
    """Run the jobs on the array and hold each against the ISS: outputs bit-exact (after the host's conversion
    out of the Montgomery domain), the limbs in the documented order, the core's cycles from start to halt the
    ISS's. Raises RtlMismatchError at the first difference; returns the figures (module docstring).
    ``progress(done, total, what)``, if given, is called before the Verilator run and before each job's check."""
    report = progress or (lambda done, total, what: None)
    report(0, len(inputs), "Verilator: the model built (or cached), the array run")
    recs, end = run_array(L, cores, inputs, **kw)
    order = [L.rf_addr(r, i) for r in L.prog.outputs.values() for i in range(L.k)]
    per_job: list[dict] = []
    for j, r in enumerate(recs):
        report(j, len(recs), f"job {j} against the ISS")
        ref, _ = iss_reference(L, r.inputs)
        core_cycles = ref.total - ref.cycles.get("conv", 0)
        if r.error:
            raise RtlMismatchError(f"job {j}: the array reports an error, the ISS ran to HALT")
        if [a for a, _ in r.limbs] != order:
            raise RtlMismatchError(
                f"job {j}: result limbs at addresses {[a for a, _ in r.limbs][:8]}..., expected {order[:8]}..."
            )
        got = {k: L.alu.from_domain(v) for k, v in r.outputs.items()}
        if got != ref.outputs:
            bad = [k for k in ref.outputs if got.get(k) != ref.outputs[k]]
            raise RtlMismatchError(f"job {j} (core {r.core}): outputs {bad} differ from the ISS's")
        if r.fin - r.start - 1 != core_cycles:
            raise RtlMismatchError(
                f"job {j} (core {r.core}): {r.fin - r.start - 1:,} cycles from start to halt, the ISS {core_cycles:,}",
                None,
                r.fin,
            )
        per_job.append(
            {
                "job": j,
                "core": r.core,
                "push": r.push,
                "take": r.take,
                "start": r.start,
                "halt": r.fin,
                "last": r.last,
                "core_cycles": core_cycles,
                "latency": r.last - r.push + 1,
                "overhead": r.last - r.take + 1 - core_cycles,
                "outputs": r.outputs,
            }
        )
    report(len(recs), len(recs), "done")
    first = min(r.push for r in recs)
    span = max(r.last for r in recs) - first + 1
    nin, nout = len(L.prog.inputs), len(L.prog.outputs)
    return {
        "cores": cores,
        "jobs": len(recs),
        "bench_cycles": end,
        "span_cycles": span,
        "per_mcycle": len(recs) * 1e6 / span,
        "per_job": per_job,
        "overhead_min": min(x["overhead"] for x in per_job),
        "overhead_max": max(x["overhead"] for x in per_job),
        "overhead_formula": nin * L.k + nout * L.k + 4,
        "backpressure": kw.get("backpressure", False),
    }


def random_inputs(L: Layout, jobs: int, seed: int) -> list[dict]:
    """Random [1, p) inputs for the short program (a != 0: its INV)."""
    rng = random.Random(seed)
    return [{name: rng.randrange(1, L.prog.p) for name in L.prog.inputs} for _ in range(jobs)]


def pairing_inputs(set_id: str, jobs: int, seed: int) -> list[tuple]:
    """(P, Q, inputs) of ``jobs`` random pairings: points from seeds seed + 2 j, seed + 2 j + 1."""
    out = []
    for j in range(jobs):
        (Pb,) = api.random_points(set_id, 1, seed=seed + 2 * j)
        (Qb,) = api.random_points(set_id, 1, seed=seed + 2 * j + 1, group=1 if set_id == "typea-512" else 2)
        out.append((Pb, Qb, point_inputs(set_id, Pb, Qb)))
    return out
