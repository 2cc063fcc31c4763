"""CPU-side cost per pairing of the gpu engine's path, measured without a GPU: ``engine.pair_batch``
runs against a device stand-in whose kernels and copies do nothing, so what is timed is the host's
share only (host checks, the copy of the byte rows into pinned memory, the copy of the output rows
out of it, the Python around the launches). For comparison it also times the numpy transposes the
engine did on the host before the layout kernels (``layout.pack`` / ``layout.unpack``). CPU time
of this process (time.process_time), so other load on the machine does not count; the stand-in's
"pinned" buffers are ordinary zeroed memory, so their first touch (page faults) is counted but
not what cudaHostAlloc costs to pin them. Nothing here says anything about a GPU's speed.

    python scripts/gpu_host_cost.py [--log2n 20] [--set ss2-283]
"""

from __future__ import annotations

import argparse
import time
import types

import numpy as np

from pairkit import _native, sets
from pairkit.gpu import engine, layout


class _Buffer(np.ndarray):  # a "device" array: copies to and from it are the DMA engine's, not the CPU's
    def set(self, arr, stream=None):
        pass

    def get(self, stream=None, out=None, blocking=True):
        return out


class _Stream:
    def __init__(self, non_blocking=False):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def synchronize(self):
        pass


def no_op_device(free_bytes: int = 80 << 30):
    noop = types.SimpleNamespace(get_function=lambda name: lambda grid, block, args: None)
    runtime = types.SimpleNamespace(
        getDeviceCount=lambda: 1, getDevice=lambda: 0, memGetInfo=lambda: (free_bytes, free_bytes)
    )
    cuda = types.SimpleNamespace(
        runtime=runtime, Stream=_Stream, alloc_pinned_memory=lambda nbytes: np.zeros(nbytes, np.uint8)
    )
    return types.SimpleNamespace(
        cuda=cuda,
        RawModule=lambda code, options=(): noop,
        uint8=np.uint8,
        uint32=np.uint32,
        empty=lambda n, dtype: np.empty(n, dtype).view(_Buffer),
    )


def cpu_seconds(f, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.process_time()
        f()
        best = min(best, time.process_time() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--log2n", type=int, default=20)
    ap.add_argument("--set", default="ss2-283")
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    n, s = 1 << a.log2n, a.set
    alg = "eta-t" if sets.get(s).b == 0 else "eta-alg2"
    P, Q = (
        np.frombuffer(b"".join(_native.random_points(s, n, seed, False, 1)), np.uint8).reshape(n, -1).copy()
        for seed in (1, 2)
    )
    engine.cupy_module = no_op_device
    m = sets.get(s).m
    batch = engine.prepare(s, P, Q, alg)
    k = engine.GpuKernels(s, alg)
    words = layout.pack(batch.coords, m)
    rows = {
        "engine.prepare (host checks)": cpu_seconds(lambda: engine.prepare(s, P, Q, alg), a.repeats),
        "GpuKernels.run (rows to pinned and back, launches)": cpu_seconds(
            lambda: k.run(batch.parts, "pair", check=batch), a.repeats
        ),
        "engine.pair_batch, no-op device (all of the above)": cpu_seconds(
            lambda: engine.pair_batch(s, P, Q, alg), a.repeats
        ),
        "for comparison: layout.pack (the old host transpose in)": cpu_seconds(
            lambda: layout.pack(batch.coords, m), a.repeats
        ),
        "for comparison: layout.unpack (the old host transpose out)": cpu_seconds(
            lambda: layout.unpack(words, m, n), a.repeats
        ),
    }
    print(f"{s}, n = 2^{a.log2n}, uncompressed points, CPU time of one process (best of {a.repeats})")
    for name, t in rows.items():
        print(f"  {name:58s} {t * 1e3:9.1f} ms  {t / n * 1e9:7.1f} ns/pairing  {n / t / 1e6:6.2f} M/s")


if __name__ == "__main__":
    main()
