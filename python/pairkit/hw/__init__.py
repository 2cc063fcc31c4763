"""pairkit.hw: the hardware wing (docs/HW.md, docs/CORE.md, docs/PROC.md), in layers:

  units/   the seeds' arithmetic units as Amaranth generators and their catalogue
  flow/    the toolchain shared by units, cores and the processor: synthesis, place and route, Verilator, formal
  core/    whole pairing accelerators generated from a schedule (docs/CORE.md)
  proc/    seed 002's programmable pairing processor, its compiler, ISS and RTL (docs/PROC.md)
  errors.py  the hardware kit's typed errors

Command lines live in :mod:`pairkit.cli`, HARDWARE.md's renderers in :mod:`pairkit.reports`.
"""
