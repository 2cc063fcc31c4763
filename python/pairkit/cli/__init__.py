"""pairkit.cli: every command line, the top layer (presentation only; no library module imports it).

  root.py      the ``pairkit`` command (``--version``) and its small commands (list, points, pair, pair-batch,
               bench, trace, count, demo); the entry point ``main``
  batch.py     ``pair-batch`` as a stream (lines ``P Q`` in, GT out)
  lines.py     the input of every batch command as a stream of lines (line limit, pauses) and streamed JSON
  files.py     ``--input`` opened as a stream, ``--markdown``/``-o`` output checks, shared by every group
  progress.py  progress on stderr (rich; --progress, --quiet) drawn from the libraries' plain callbacks
  hw.py        ``pairkit hw`` (units: list, gen, sim, formal, synth, report)
  hw_core.py   ``pairkit hw core`` (whole pairing accelerators: list, sim, gen, report)
  proc.py      ``pairkit proc`` (seed 002's processor: asm, disasm, compile, run, sim-rtl, sim-array, report)
  dse.py       ``pairkit dse`` (seed 001's design-space exploration)
  bls.py, ibe.py, peks.py   the protocol groups

``python -m pairkit.cli`` runs the command line (``__main__.py``).
"""

from pairkit.cli.root import app, main

__all__ = ["app", "main"]
