"""pairkit.hw.core: whole pairing accelerators generated from a schedule (docs/CORE.md).

The flow, bottom up:

  errors.py        the typed errors (CoreError, CoreMixError, CoreMismatchError)
  ops.py           the operation vocabulary of a lowered program: kinds, Operand (value, sign), Op
  common_input.py  seed 003's DMOCI: products with a common input paired into one ``dmul``
  program.py       the spec's whole pairing traced (TracingField) and lowered: signs, folded constants,
                   Itoh-Tsujii for inversions, fused chains, compound operations; ``retime``
  blocks.py        the program cut into prologue / repeated loop iteration / epilogue (``streams``: per-pass tables)
  config.py        a core's configuration: the pairing, the unit mix from the kit's units, latencies, scheduler
  pipeline.py      a target clock's pipeline stages (operand regs, split muxes, output regs): the timing model
  instances.py     the named cores (``pairkit hw core list``): the seeds' accelerators and the toy cores
  instances_s003.py  seed 003's BAU/ISU/DHU organisation: the ``-paper`` cores (a fixed bank map) and their toy
  instances_s004.py  seed 004's own unit mix (section 5, Tables 3-4) with its memories in LUTs (``storage``)
  binding.py       ``binding="mux"``: units and operand order chosen to minimise multiplexer inputs
  buses.py         ``buses=B``: at most B registers read per step (a scheduling constraint), ports on buses
  readbanks.py     ``read_banks=K``: operand ports in K groups, each reading its bank; values copied across
  bankmap.py       ``bank_map``: fixed banks (each unit port reads one, each output writes its wired ones), moves
                   across banks scheduled with their cycles, bank sizes checked (seed 003's BAU/ISU/DHU)
  microcode.py     the micro-code: one control word per step (starts, holds, writes, table writes)
  codegen.py       schedule each block with pairkit.dse, allocate registers (homes, deferred write-back), emit
  interp.py        the schedule interpreter: control words on concrete values, every value against the spec
  rtl.py           the Amaranth core: units, operand muxes, registers, table RAMs, micro-coded controller, host port
  sim.py           whole pairings in Amaranth's simulator (toy fields), the accumulator at every loop boundary
  verilator_bench.py  the same checks in Verilator (paper-size cores), plus the probes inside passes
  flow.py          compile, build, simulate and check against the spec and the Rust core (``simulate``)
  export.py        ``pairkit hw core gen``: the Verilog, a Verilator testbench, vectors, the control ROM, a manifest
  verilog.py       gen's Verilog: one module per unit kind (instantiated), named glue modules and nets, the
                   micro-code in a ``.mem`` file ($readmemh); the anonymous-net count
  bus.py, tb_verilog.py  gen's AXI4-Lite top (register map, constraints) and its plain-Verilog testbench
  breakdown.py     ``--breakdown``: LUT4 per unit / operand muxes / register file / controller
  blocksynth.py    LUT6 (or ``--ge`` gate equivalents) of the 1223-bit cores as a sum of blocks
  blocktime.py     per-block Fmax (``hw core blocks-timing``): each distinct block wrapped in registers, synth_ecp5
                   + nextpnr-ecp5 on an LFE5U-85F, the minimum over blocks, cached per block by its RTLIL's hash
  plots.py         a Gantt chart of one loop iteration's micro-code
  depth.py         the logic depth per pipeline stage after synth_ecp5 (``gen --depth``, ``report --target-mhz``)

Its command line is :mod:`pairkit.cli.hw_core`; HARDWARE.md's Pairing cores section comes from
:mod:`pairkit.reports.hw_cores`.
"""
