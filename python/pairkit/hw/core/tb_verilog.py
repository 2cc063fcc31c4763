"""A plain-Verilog testbench of a core (no Python, no C++): ``tb_states.v`` of ``pairkit hw core gen``.

The testbench drives the core's host port like the Verilator C++ bench (:mod:`.verilator_bench`): it
reads the inputs, the expected accumulator registers at every loop boundary (the spec's state of the
Miller iteration that ends there, through the operand modifier the register holds it with) and the
expected GT words from ``tb_inputs.hex``, ``tb_states.hex`` and ``tb_gt.hex`` ($readmemh), runs each
pairing, compares the accumulator's home registers through the debug port at every boundary, the
latency and the GT words, and prints ``PASS`` (or one ``FAIL`` line per difference and exits with
``$fatal``). ``run_tb.sh`` builds and runs it with ``verilator --binary --timing``.
"""

from __future__ import annotations

from pairkit.hw.core.errors import CoreError
from pairkit.hw.core.program import modify
from pairkit.hw.core.sim import boundary_states, words_of

TB = r"""// tb_states.v: a self-checking testbench of @NAME@ (pairkit hw core gen), plain Verilog.
// Reads tb_inputs.hex (4 x @WORDS@ input words per pairing), tb_states.hex (per pairing, per loop boundary,
// the @NSTATE@ accumulator registers the spec expects) and tb_gt.hex (the GT words); checks every loop
// boundary through the debug port, the latency (@CYC@ cycles) and the GT element; prints PASS or FAIL.
// Run: ./run_tb.sh (Verilator 5: verilator --binary --timing tb_states.v @NAME@.v --top-module tb_states)
`timescale 1ns/1ps
module tb_states;
  localparam integer WORDS = @WORDS@, NPAIR = @NPAIR@, NSTATE = @NSTATE@, NBND = @NBND@, NOUT = @NOUT@;
  localparam integer LOOP_START = @LS@, LOOP_END = @LE@, N_STEPS = @NS@, LOOPS = @LC@, CYCLES = @CYC@;
  reg clk = 1'b0, rst = 1'b1, start = 1'b0, host_we = 1'b0;
  reg [@AW@:0] host_addr = 0;
  reg [31:0] host_wdata = 0;
  reg [@RW@:0] rd_addr = 0;
  reg [@SW@:0] dbg_sel = 0;
  wire done, busy;
  wire [31:0] rd_data;
  wire [@PW@:0] dbg_pc;
  wire [@W@:0] dbg_data;
  top dut(.clk(clk), .rst(rst), .start(start), .done(done), .busy(busy), .host_we(host_we),
          .host_addr(host_addr), .host_wdata(host_wdata), .rd_addr(rd_addr), .rd_data(rd_data),
          .dbg_pc(dbg_pc), .dbg_sel(dbg_sel), .dbg_data(dbg_data));
  reg [31:0] inputs [0:4 * WORDS * NPAIR - 1];
  reg [@W@:0] states [0:NSTATE * NBND * NPAIR - 1];
  reg [31:0] gt [0:NOUT * WORDS * NPAIR - 1];
  integer sreg [0:NSTATE - 1];  // the accumulator's home registers (debug-port selects)
  integer iter [0:NBND - 1];    // the Miller iteration (1-based) that ends at each loop boundary
  integer p, a, k, n, passes, errors, checked;
  always #50 clk = ~clk;
  task tick; begin @(posedge clk); #1; end endtask
  initial begin
    $readmemh("tb_inputs.hex", inputs);
    $readmemh("tb_states.hex", states);
    $readmemh("tb_gt.hex", gt);
@INIT@
    errors = 0; checked = 0;
    tick; tick; rst = 1'b0; tick;
    for (p = 0; p < NPAIR; p = p + 1) begin
      for (a = 0; a < 4 * WORDS; a = a + 1) begin
        host_we = 1'b1; host_addr = a; host_wdata = inputs[4 * WORDS * p + a]; tick;
      end
      host_we = 1'b0; start = 1'b1; tick; start = 1'b0;
      n = 1; passes = 0;
      while (!done && n <= CYCLES + 16) begin
        if ((dbg_pc == LOOP_START && busy) || (dbg_pc == LOOP_END && LOOP_END < N_STEPS && passes == LOOPS)) begin
          if (passes < NBND) begin
            for (k = 0; k < NSTATE; k = k + 1) begin
              dbg_sel = sreg[k]; #1;
              if (dbg_data !== states[(p * NBND + passes) * NSTATE + k]) begin
                $display("FAIL pairing %0d, Miller iteration %0d (loop boundary %0d), register r%0d: %h, the spec %h",
                         p, iter[passes], passes, sreg[k], dbg_data, states[(p * NBND + passes) * NSTATE + k]);
                errors = errors + 1;
              end
            end
            checked = checked + 1;
          end
          passes = passes + 1;
        end
        tick; n = n + 1;
      end
      if (!done) begin $display("FAIL pairing %0d: no done after %0d cycles", p, n); errors = errors + 1; end
      else if (n != CYCLES + 1) begin
        $display("FAIL pairing %0d: done after %0d cycles, the micro-code's latency is %0d", p, n - 1, CYCLES);
        errors = errors + 1;
      end
      if (passes != NBND) begin
        $display("FAIL pairing %0d: %0d loop boundaries seen, expected %0d", p, passes, NBND); errors = errors + 1;
      end
      for (a = 0; a < NOUT * WORDS; a = a + 1) begin
        rd_addr = a; tick;  // the read port is a register: the word a clock edge later
        if (rd_data !== gt[NOUT * WORDS * p + a]) begin
          $display("FAIL pairing %0d: GT word %0d is %h, expected %h", p, a, rd_data, gt[NOUT * WORDS * p + a]);
          errors = errors + 1;
        end
      end
    end
    if (errors != 0) $fatal(1, "FAIL: %0d differences", errors);
    $display("PASS: %0d pairings, %0d loop boundaries x %0d registers, latency %0d cycles and GT checked",
             NPAIR, checked, NSTATE, CYCLES);
    $finish;
  end
endmodule
"""

RUN_TB = """#!/bin/sh
# Build the plain-Verilog testbench tb_states.v of {name} with Verilator and run it: prints PASS or FAIL lines.
set -e
cd "$(dirname "$0")"
verilator --binary --timing -j 2 -Wno-fatal -Wno-lint -Wno-style --top-module tb_states -Mdir obj_tb \\
  tb_states.v {name}.v >/dev/null
obj_tb/Vtb_states
"""


def tb_files(c, core, pairs: list, outputs: list) -> dict:
    """``tb_states.v``, its three hex files and ``run_tb.sh`` for compiled core ``c`` (``core``: its
    :class:`PairingCore` with the debug port) on ``pairs``, whose GT coordinates are ``outputs``."""
    mc, S, sp = c.mc, c.spec, core.spec
    if not core.debug:
        raise CoreError("tb_states.v needs a core built with debug=True")
    sregs = [sr[0] for sr in mc.state_regs if sr]
    inputs, states, gt = [], [], []
    bnds = []
    for (P, Q), out in zip(pairs, outputs):
        inputs += ["%08x" % w for e in (*P, *Q) for w in words_of(sp, e, core.words)]
        bnd = boundary_states(mc, S, c.alg, P, Q)
        bnds.append([it for it, _ in bnd])
        for _, regs in bnd:
            states += ["%0*x" % ((core.W + 3) // 4, sp.to_int(modify(S.F, mc.p, want, neg))) for _, neg, want in regs]
        gt += ["%08x" % w for x in out for w in words_of(sp, x, core.words)]
    if not 0 < len(sregs) < 90 or any(b != bnds[0] for b in bnds) or not bnds[0]:  # #1 per register read
        raise CoreError(f"core: {c.name} has no loop-boundary states the Verilog testbench can check")
    init = [f"    sreg[{k}] = {r};" for k, r in enumerate(sregs)]
    init += [f"    iter[{b}] = {it + 1};" for b, it in enumerate(bnds[0])]
    rep = {
        "@NAME@": c.name,
        "@WORDS@": core.words,
        "@NPAIR@": len(pairs),
        "@NSTATE@": len(sregs),
        "@NBND@": len(bnds[0]),
        "@NOUT@": len(mc.outputs),
        "@LS@": mc.loop_start,
        "@LE@": mc.loop_end,
        "@NS@": mc.n_steps,
        "@LC@": mc.loop_count,
        "@CYC@": mc.cycles(),
        "@AW@": len(core.host_addr) - 1,
        "@RW@": len(core.rd_addr) - 1,
        "@SW@": len(core.dbg_sel) - 1,
        "@PW@": len(core.dbg_pc) - 1,
        "@W@": core.W - 1,
        "@INIT@": "\n".join(init),
    }
    tb = TB
    for k, v in rep.items():
        tb = tb.replace(k, str(v))
    return {
        "tb_states.v": tb,
        "tb_inputs.hex": "\n".join(inputs) + "\n",
        "tb_states.hex": "\n".join(states) + "\n",
        "tb_gt.hex": "\n".join(gt) + "\n",
        "run_tb.sh": RUN_TB.format(name=c.name),
    }
