"""pairkit.gpu: the GPU batch engine (docs/GPU.md): CUDA C++ kernels for the binary sets and for bn254 /
bls12-381 (the latter proved host-executed only so far: pair_batch, multi_pair, BLS batch verification),
one pairing per thread, compiled at run time by NVRTC through CuPy; it has run on H100 and H200 GPUs
(the binary sets), its outputs equal to the CPU engine's.

  kernels/    batch.cu and *.cuh (gf2m, gf2m_ext, eta_t, eta_alg2, curve: the subgroup test of pk_validate,
              layout), mirroring field/gf2m, field/ext and pairing/eta_t.rs, eta_alg2.rs of the Rust core;
              batch_prime.cu, fp.cuh, fp_tower.cuh, ate.cuh: bn254 / bls12-381 (field/fp, pairing/ate*.rs);
              curve_prime.cuh: their G1 / G2 (curve and subgroup tests, complete projective formulas)
  source.py   one (set, algorithm) module's source: the prelude from sets.py, comb variants per set (TUNED)
  prime_source.py  the same for the prime sets: Montgomery, tower, loop and exponent constants from the spec
  layout.py   the kernels' word-major packing ("structure of arrays"), the host reference
  decode.py   the host half of input validation: lengths, encodings, infinity, decompression; errors by index
  prime_batch.py  products of pairings on the device: multi_pair, BLS batch verification (min-pk)
  engine.py   ``api.pair_batch(..., engine="gpu")``: CuPy RawModule, two streams, chunks by free memory
  host.py     the same CUDA source compiled by g++ and run on the host (the tests, no GPU needed)
  nvrtc.py    NVRTC through ctypes: the kernels compiled to PTX / CUBIN with no GPU present (CI)

Its benchmark is :mod:`pairkit.reports.bench_gpu` (``pairkit bench --engine gpu``).
"""
