"""pairkit.reports: measurement campaigns and the renderers of BENCHMARKS.md and HARDWARE.md (presentation;
the library packages never import it; the command lines in :mod:`pairkit.cli` call it).

  bench.py, bench_backends.py, bench_goals.py, bench_protocols.py, bench_gpu.py
               ``pairkit bench`` and its sections (BENCHMARKS.md)
  peers.py     the peer libraries timed beside pairkit; papers.py the seeds' published figures
  check_prime.py  one prime-set pairing recomputed three ways (``pairkit demo``)
  dse.py, dse_plots.py   the exploration's Markdown and pictures
  hw_units*.py   HARDWARE.md's units sections (``pairkit hw report``); hw_papers.py their published figures
  hw_cores*.py   HARDWARE.md's pairing cores section (``pairkit hw core report``)
  hw_compare.py  the papers' figures beside ours (``pairkit hw core compare``); hw_compare_md.py its tables
               in HARDWARE.md; hw_compare_003.py the differences of seed 003's bank-map cores
               in HARDWARE.md; hw_compare_004.py seed 004's like-for-like check (unit mix, storage, basis)
  hw_timing.py   the cycles-versus-target-clock table of docs/CORE.md (``pairkit hw core report --target-mhz``)
  proc*.py       HARDWARE.md's seed 002 sections (``pairkit proc report``)
  hardware.py    HARDWARE.md assembled from the sections above (``pairkit hw report``)
  steps.py       the progress callback type the campaigns take (the command line draws it)
"""
