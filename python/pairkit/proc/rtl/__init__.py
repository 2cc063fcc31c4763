"""Seed 002's pairing processor in RTL (docs/PROC.md "RTL").

  layout.py    limb counts of Table 2, memory maps (register file, scratch, constant ROM), program checks
  core.py      the Amaranth core: ALU passes, PPGs and adder tree, instruction unit with the JSR register
  check.py     the RTL against the ISS instruction by instruction (Amaranth simulation)
  verilator.py the same check in a Verilator model (whole pairings)
  report.py    synthesis (yosys synth_ecp5 / synth_xilinx), cached under hw/reports/
  array.py     the multi-core array: n cores, a work distributor, ROMs shared by two cores (seed 002's future work)
  array_sim.py its Verilator bench: jobs streamed through it, each against the ISS; throughput, overhead
  array_report.py  the array's pairings and synthesis, cached under hw/reports/proc/array/; HARDWARE.md rows
"""
