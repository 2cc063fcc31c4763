"""Seed 002's pairing processor in RTL (docs/PROC.md "RTL").

  layout.py    limb counts of Table 2, memory maps (register file, scratch, constant ROM), program checks
  core.py      the Amaranth core: ALU passes, PPGs and adder tree, instruction unit with the JSR register
  check.py     the RTL against the ISS instruction by instruction (Amaranth simulation)
  verilator_bench.py  the same check in a Verilator model (whole pairings)
  array.py     the multi-core array: n cores, a work distributor, ROMs shared by two cores (seed 002's future work)
  array_sim.py its Verilator bench: jobs streamed through it, each against the ISS; throughput, overhead

Synthesis and the array's measurements: :mod:`pairkit.reports.proc`, :mod:`pairkit.reports.proc_array`.
"""
