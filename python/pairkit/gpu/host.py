"""Host execution of the GPU kernels: the same CUDA source, compiled by g++ behind
kernels/host_shim.h (``__device__``/``__global__`` erased, ``blockIdx``/``threadIdx`` simulated)
into a shared library that loops every ``__global__`` function over the grid. This is the
correctness check available without a GPU (tests/test_gpu_kernels.py compares it with the Rust
core byte for byte); it is not an engine and is not fast."""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from pairkit.errors import GpuKernelBuildError, PairkitError
from pairkit.gpu import layout, prime_source, source

STAGES = {"miller": 0, "final_exp": 1, "pair": 2, "validate": 3}
# The layout kernels (kernels/layout.cuh): name -> (pk_host_convert's direction, input dtype).
CONVERSIONS = {"rows_to_words": (0, np.uint8), "words_to_rows": (1, np.uint32)}
OP_KINDS = ("mul", "sqr", "sqrt", "inv", "add")
CXXFLAGS = ("-O2", "-shared", "-fPIC", "-std=c++17", "-Wall", "-Wno-unknown-pragmas")


def cache_dir() -> Path:
    d = os.environ.get("PAIRKIT_GPU_HOST_CACHE") or os.path.join(
        tempfile.gettempdir(), f"pairkit-gpu-host-{os.getuid()}"
    )
    Path(d).mkdir(parents=True, exist_ok=True)
    return Path(d)


def build(set_id: str, alg: str, comb: str = source.DEFAULT_COMB) -> Path:
    """Compile (or reuse, keyed by the source's hash) the host library for (set_id, alg, comb); for the
    prime sets (prime_source) ``comb`` names the F_p product variant (prime_source.FP_MUL_VARIANTS;
    the binary default means prime_source.DEFAULT_FP_MUL)."""
    if prime_source.is_prime_set(set_id):
        fp_mul = prime_source.DEFAULT_FP_MUL if comb == source.DEFAULT_COMB else comb
        src, comb = prime_source.host_source(set_id, alg, fp_mul), f"prime-{fp_mul}"
    else:
        src = source.host_source(set_id, alg, comb)
    cxx = shutil.which(os.environ.get("CXX", "g++"))
    if cxx is None:
        raise GpuKernelBuildError("g++ is not installed (`make tools` installs it)")
    tag = hashlib.sha256((src + " ".join(CXXFLAGS)).encode()).hexdigest()[:16]
    lib = cache_dir() / f"{set_id}-{alg}-{comb}-{tag}.so"
    if lib.exists():
        return lib
    cpp = lib.with_suffix(".cpp")
    cpp.write_text(src)
    tmp = lib.with_suffix(f".{os.getpid()}.tmp")
    r = subprocess.run([cxx, *CXXFLAGS, "-o", str(tmp), str(cpp)], capture_output=True, text=True)
    if r.returncode != 0:
        raise GpuKernelBuildError(f"g++ failed on the {set_id}/{alg} kernels:\n{r.stderr[-4000:]}")
    os.replace(tmp, lib)
    return lib


class HostKernels:
    """The kernels of one (set, algorithm), executed on the host."""

    def __init__(self, set_id: str, alg: str, block: int = 32, comb: str = source.DEFAULT_COMB):
        self.set_id, self.alg, self.block, self.comb = set_id, alg, block, comb
        self.m = source.param(set_id).m
        self.lib = ctypes.CDLL(str(build(set_id, alg, comb)))
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.pk_host_launch.argtypes = [ctypes.c_int, u32p, u32p, u32p, ctypes.c_uint, ctypes.c_int, ctypes.c_uint]
        self.lib.pk_host_launch.restype = ctypes.c_int
        self.lib.pk_host_convert.argtypes = [
            ctypes.c_int,
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_uint,
        ]
        self.lib.pk_host_convert.restype = ctypes.c_int
        self.lib.pk_host_counts.argtypes = [ctypes.POINTER(ctypes.c_ulonglong)]

    def launch(
        self, stage: str, words_in: np.ndarray, n: int, canonical: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """Run one entry point over n instances: (output words, status per instance)."""
        w = source.words(self.m)
        inp = np.ascontiguousarray(words_in, dtype=np.uint32)
        if inp.size != 4 * w * n:
            raise PairkitError(f"expected {4 * w * n} input words, got {inp.size}")
        out = np.zeros(4 * w * n, dtype=np.uint32)
        status = np.full(n, 0xFFFFFFFF, dtype=np.uint32)
        p = ctypes.POINTER(ctypes.c_uint32)
        rc = self.lib.pk_host_launch(
            STAGES[stage],
            inp.ctypes.data_as(p),
            out.ctypes.data_as(p),
            status.ctypes.data_as(p),
            n,
            int(canonical),
            self.block,
        )
        if rc != 0:
            raise PairkitError(f"pk_host_launch({stage}) returned {rc}")
        return out, status

    def convert(self, kind: str, data: np.ndarray, n: int) -> np.ndarray:
        """Run a layout kernel over n instances: "rows_to_words" takes (n, 4 ceil(m/8)) uint8 rows
        (or their flat bytes) to the 4 W n word-major words, "words_to_rows" the reverse."""
        w, nb = source.words(self.m), (self.m + 7) // 8
        direction, dtype = CONVERSIONS[kind]
        inp = np.ascontiguousarray(data, dtype=dtype).reshape(-1)
        sizes = (4 * nb * n, 4 * w * n) if direction == 0 else (4 * w * n, 4 * nb * n)
        if inp.size != sizes[0]:
            raise PairkitError(f"{kind}: expected {sizes[0]} input items, got {inp.size}")
        out = np.zeros(sizes[1], dtype=np.uint32 if direction == 0 else np.uint8)
        rc = self.lib.pk_host_convert(direction, inp.ctypes.data, out.ctypes.data, n, self.block)
        if rc != 0:
            raise PairkitError(f"pk_host_convert({kind}) returned {rc}")
        return out if direction == 0 else out.reshape(n, 4 * nb)

    def counts(self) -> dict[str, int]:
        """GF(2^m) operations since the last call (and reset them)."""
        buf = (ctypes.c_ulonglong * len(OP_KINDS))()
        self.lib.pk_host_counts(buf)
        return dict(zip(OP_KINDS, (int(v) for v in buf)))

    def pair_coords(self, coords: list[np.ndarray], canonical: bool = False, stage: str = "pair") -> np.ndarray:
        """Encoded coordinates in ((n, ceil(m/8)) uint8 each) -> encoded outputs (n, 4 ceil(m/8))."""
        n = coords[0].shape[0]
        out, status = self.launch(stage, layout.pack(coords, self.m), n, canonical)
        if status.any():
            raise PairkitError(f"kernel status {status.max()} at index {int(np.argmax(status != 0))}")
        return layout.unpack(out, self.m, n)


def prime_words(values: list[list[int]], nl: int) -> np.ndarray:
    """Coordinates (a list per coordinate of n canonical integers) -> the kernels' word-major words:
    word j of coordinate c of instance i at (c nl + j) n + i (kernels/batch_prime.cu)."""
    n = len(values[0])
    out = np.zeros((len(values), nl, n), dtype=np.uint32)
    for c, col in enumerate(values):
        for i, v in enumerate(col):
            out[c, :, i] = [(v >> (32 * j)) & 0xFFFFFFFF for j in range(nl)]
    return out.reshape(-1)


def prime_ints(words: np.ndarray, coords: int, nl: int, n: int) -> list[list[int]]:
    """The inverse of prime_words: per instance, its coordinates as integers."""
    w = words.reshape(coords, nl, n).astype(object)
    return [[sum(int(w[c, j, i]) << (32 * j) for j in range(nl)) for c in range(coords)] for i in range(n)]


class PrimeHostKernels:
    """The prime kernels of one (set, algorithm) (prime_source: bn254, bls12-381), executed on the host.
    Inputs and outputs are canonical integers per coordinate; ``gt_bytes`` gives the CPU engine's GT
    encoding (12 coordinates, each big-endian in 4 PK_NL bytes)."""

    def __init__(self, set_id: str, alg: str, block: int = 32, fp_mul: str = prime_source.DEFAULT_FP_MUL):
        prime_source.check(set_id, alg)
        prime_source.check_fp_mul(fp_mul)
        self.set_id, self.alg, self.block, self.fp_mul = set_id, alg, block, fp_mul
        self.nl = prime_source.limbs(set_id)
        self.lib = ctypes.CDLL(str(build(set_id, alg, fp_mul)))
        u32p = ctypes.POINTER(ctypes.c_uint32)
        self.lib.pk_host_launch.argtypes = [ctypes.c_int, u32p, u32p, u32p, ctypes.c_uint, ctypes.c_int, ctypes.c_uint]
        self.lib.pk_host_launch.restype = ctypes.c_int
        self.lib.pk_host_counts.argtypes = [ctypes.POINTER(ctypes.c_ulonglong)]

    def launch_words(self, stage: str, words: np.ndarray, n: int, arg: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Run one entry point (prime_source.KERNELS: "miller", "final_exp", "pair" with arg = canonical;
        "fp_op" with arg = prime_source.FP_OPS[op]; "validate"; the tree levels "fp12_prod" and
        "g2_sum" with arg = the fan-in; "bls_scale") over n instances of word-major input words:
        (output words, status per input instance)."""
        code, _, coords_out, _ = prime_source.KERNELS[stage]
        m = prime_source.out_count(stage, n, arg)
        inp = np.ascontiguousarray(words, dtype=np.uint32)
        out = np.zeros(max(1, coords_out * self.nl * m), dtype=np.uint32)
        status = np.full(max(1, n), 0xFFFFFFFF, dtype=np.uint32)
        p = ctypes.POINTER(ctypes.c_uint32)
        rc = self.lib.pk_host_launch(
            code, inp.ctypes.data_as(p), out.ctypes.data_as(p), status.ctypes.data_as(p), n, arg, self.block
        )
        if rc != 0:
            raise PairkitError(f"pk_host_launch({stage}) returned {rc}")
        return out[: coords_out * self.nl * m], status[:n]

    def launch(self, stage: str, values: list[list[int]], arg: int = 0) -> tuple[list[list[int]], np.ndarray]:
        """launch_words on coordinates given as integers (one list of n per coordinate): (output
        coordinates per output instance, status)."""
        n = len(values[0])
        out, status = self.launch_words(stage, prime_words(values, self.nl), n, arg)
        coords_out = prime_source.KERNELS[stage][2]
        return prime_ints(out, coords_out, self.nl, prime_source.out_count(stage, n, arg)), status

    def counts(self) -> dict[str, int]:
        """F_p operations since the last call (and reset them): mul counts every Montgomery product,
        squarings included; sqr the squarings; inv the inversions; add additions, subtractions and
        negations (kernels/fp.cuh PK_COUNT); "sqrt" is unused here."""
        buf = (ctypes.c_ulonglong * len(OP_KINDS))()
        self.lib.pk_host_counts(buf)
        return dict(zip(OP_KINDS, (int(v) for v in buf)))

    def fp_op(self, op: str, a: list[int], b: list[int]) -> list[int]:
        out, status = self.launch("fp_op", [a, b], prime_source.FP_OPS[op])
        if status.any():
            raise PairkitError(f"pk_fp_op({op}): status {status.max()}")
        return [r[0] for r in out]

    def gt_bytes(self, coords: list[int]) -> bytes:
        return b"".join(c.to_bytes(4 * self.nl, "big") for c in coords)
