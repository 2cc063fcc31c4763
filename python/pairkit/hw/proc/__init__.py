"""Seed 002's programmable pairing processor (docs/PROC.md).

  isa.py      instruction set (Table 3's control instructions, field instructions), 32-bit encoding
  asm.py      assembler / disassembler (line- and column-accurate AssemblyError), binary images
  alu.py      the W-bit multi-precision ALU model: values and cycles (sections 3.2-3.3, Table 2)
  iss.py      instruction-set simulator: concrete GF(p) values, cycles per instruction class
  lower.py    a traced spec block -> instructions, linear-scan register allocation
  emit.py     blocks, moves and JSR loops -> a Program (homes and constants allocated first)
  compile.py  the spec's typea-512 pairing -> a program (JSR loops over r and the final exponent)
  compile_ate.py  bn254 / bls12-381 optimal ate -> programs (one processor, several curves)
  array.py, karatsuba.py, montgomery.py  the paper's future work: the array estimate, datapath variants
  rtl/        the processor in Amaranth and its Verilator testbenches

Its command line is :mod:`pairkit.cli.proc`; HARDWARE.md's rows come from :mod:`pairkit.reports.proc`.
"""
