"""The gpu engine behind ``api.pair_batch(..., engine="gpu")``: inputs decoded and validated on
the CPU through the Rust core (:mod:`.decode`), packed into the kernels' word layout
(:mod:`.layout`), launched through CuPy's RawModule (NVRTC at run time) chunk by chunk on two
streams, so the copies of one chunk overlap the kernels of the other, and unpacked into GT
encodings. Batches larger than the free device memory allows are split, never refused.

UNMEASURED: nothing in this module has run on a GPU yet (docs/GPU.md says what a GPU session
must run). The kernels it launches are checked byte for byte against the Rust core by the
host-executed build (tests/test_gpu_kernels.py) and compiled for sm_90 by NVRTC in CI."""
from __future__ import annotations

import numpy as np

from .. import catalogue
from ..errors import GpuUnavailableError, PairkitError
from . import decode, layout, source

CUPY_PIN = "cupy-cuda12x==14.2.0"
INSTALL = f"`pip install pairkit[gpu]` ({CUPY_PIN}; needs an NVIDIA driver for CUDA 12)"
BLOCK = 128  # threads per block (a GPU session should sweep 64..256: docs/GPU.md)
MEM_FRACTION = 0.5  # of the free device memory, for the double-buffered chunks
MAX_CHUNK = 1 << 20
STAGES = ("miller", "final_exp", "pair")
NVRTC_OPTIONS = ("--std=c++17",)


def cupy_module():
    """CuPy with at least one CUDA device, or GpuUnavailableError saying what is missing."""
    try:
        import cupy
    except ImportError as e:
        raise GpuUnavailableError(f"the gpu engine needs CuPy, which is not installed ({e}): {INSTALL}") from None
    try:
        count = cupy.cuda.runtime.getDeviceCount()
    except Exception as e:  # CUDARuntimeError: no driver, no device
        raise GpuUnavailableError(f"no CUDA device: CuPy cannot reach one ({type(e).__name__}: {e}); {INSTALL}") from None
    if count == 0:
        raise GpuUnavailableError(f"no CUDA device: the CUDA runtime reports 0 devices; {INSTALL}")
    return cupy


def per_instance_bytes(m: int) -> int:
    """Device bytes one instance needs: 4 input + 4 output coordinates, and its status word."""
    return 2 * 4 * source.words(m) * 4 + 4


def chunk_size(n: int, m: int, free_bytes: int, max_chunk: int = MAX_CHUNK) -> int:
    """Instances per chunk: two chunks in flight (two streams) within MEM_FRACTION of free memory."""
    fit = int(free_bytes * MEM_FRACTION) // (2 * per_instance_bytes(m))
    if fit < 1:
        raise GpuUnavailableError(f"the device has {free_bytes} bytes free, too few for one instance")
    return max(1, min(n, fit, max_chunk))


class GpuKernels:
    """The compiled kernels of one (set, algorithm) on the current CUDA device."""

    _cache: dict = {}

    def __init__(self, set_id: str, alg: str):
        source.check(set_id, alg)
        self.cp = cupy_module()
        self.set_id, self.alg, self.m = set_id, alg, catalogue.get(set_id).m
        key = (set_id, alg, self.cp.cuda.runtime.getDevice())
        if key not in GpuKernels._cache:
            mod = self.cp.RawModule(code=source.device_source(set_id, alg), options=NVRTC_OPTIONS)
            GpuKernels._cache[key] = {s: mod.get_function(f"pk_{s}") for s in STAGES}
        self.fn = GpuKernels._cache[key]

    def run(self, coords: list[np.ndarray], stage: str = "pair", canonical: bool = False,
            max_chunk: int = MAX_CHUNK) -> np.ndarray:
        """Encoded coordinates ((n, ceil(m/8)) uint8, 4 of them) -> (n, 4 ceil(m/8)) uint8 outputs."""
        cp, n = self.cp, coords[0].shape[0]
        nb = 4 * ((self.m + 7) // 8)
        if n == 0:
            return np.zeros((0, nb), dtype=np.uint8)
        free, _ = cp.cuda.runtime.memGetInfo()
        size = chunk_size(n, self.m, free, max_chunk)
        words = 4 * source.words(self.m)
        streams = [cp.cuda.Stream(non_blocking=True) for _ in range(2)]
        bufs = [dict(d_in=cp.empty(words * size, dtype=cp.uint32), d_out=cp.empty(words * size, dtype=cp.uint32),
                     d_st=cp.empty(size, dtype=cp.uint32),
                     h_in=_pinned(cp, words * size), h_out=_pinned(cp, words * size), h_st=_pinned(cp, size),
                     job=None) for _ in range(2)]
        out = np.empty((n, nb), dtype=np.uint8)
        for k, start in enumerate(range(0, n, size)):
            s, b = streams[k % 2], bufs[k % 2]
            self._drain(s, b, out)  # the chunk this stream ran before: its pinned buffers are free again
            cnt = min(size, n - start)
            b["h_in"][:words * cnt] = layout.pack([c[start:start + cnt] for c in coords], self.m)
            grid = ((cnt + BLOCK - 1) // BLOCK,)
            with s:  # RawKernel launches on the current stream
                b["d_in"][:words * cnt].set(b["h_in"][:words * cnt], stream=s)
                self.fn[stage](grid, (BLOCK,), (b["d_in"], b["d_out"], b["d_st"], np.uint32(cnt), np.int32(canonical)))
                b["d_out"][:words * cnt].get(stream=s, out=b["h_out"][:words * cnt], blocking=False)
                b["d_st"][:cnt].get(stream=s, out=b["h_st"][:cnt], blocking=False)
            b["job"] = (start, cnt)
        for s, b in zip(streams, bufs):
            self._drain(s, b, out)
        return out

    def _drain(self, stream, b: dict, out: np.ndarray) -> None:
        if b["job"] is None:
            return
        stream.synchronize()
        start, cnt = b["job"]
        st = b["h_st"][:cnt]
        if st.any():
            i = int(np.argmax(st != 0))
            raise PairkitError(f"batch item {start + i}: division by zero (inverse of 0) in the final exponentiation")
        out[start:start + cnt] = layout.unpack(b["h_out"][:4 * source.words(self.m) * cnt], self.m, cnt)
        b["job"] = None


def _pinned(cp, count: int) -> np.ndarray:
    mem = cp.cuda.alloc_pinned_memory(count * 4)
    return np.frombuffer(mem, dtype=np.uint32, count=count)


def prepare(set_id: str, P: np.ndarray, Q: np.ndarray, alg: str) -> list[np.ndarray]:
    """Check (set, alg) support and decode/validate both batches: [x(P), y(P), x(Q), y(Q)]."""
    source.check(set_id, alg)
    if P.shape[0] != Q.shape[0]:
        raise PairkitError(f"batch sizes differ: {P.shape[0]} points P vs {Q.shape[0]} points Q")
    xp, yp = decode.decode(set_id, "P", P)
    xq, yq = decode.decode(set_id, "Q", Q)
    return [xp, yp, xq, yq]


def pair_batch(set_id: str, P: np.ndarray, Q: np.ndarray, alg: str, canonical: bool = False,
               max_chunk: int = MAX_CHUNK) -> np.ndarray:
    """The gpu engine's ``pair_batch``: same inputs, outputs and errors as the CPU engine's."""
    source.check(set_id, alg)
    kernels = GpuKernels(set_id, alg)  # GpuUnavailableError before the (slow) validation
    return kernels.run(prepare(set_id, P, Q, alg), "pair", canonical, max_chunk)
