"""NVRTC through ctypes: compiles the kernel sources to PTX / CUBIN with no GPU present (the
CUDA-syntax check CI runs; tests/test_gpu_nvrtc.py). libnvrtc comes from the pinned wheel
``nvidia-cuda-nvrtc-cu12`` (test extra) or, on a CUDA machine, from CuPy's CUDA runtime."""

from __future__ import annotations

import ctypes
import glob
import os
import site
import sys

from pairkit.errors import GpuKernelBuildError, GpuUnavailableError

# H100 / H200.
DEFAULT_ARCH = "sm_90"
OPTIONS = ("--std=c++17",)  # what engine.py passes to CuPy's RawModule (NVRTC_OPTIONS)


def find_library() -> str:
    """Path of libnvrtc.so.12, from the nvidia-cuda-nvrtc-cu12 wheel or the loader's search path."""
    roots = [*site.getsitepackages(), site.getusersitepackages(), *sys.path]
    for r in roots:
        hits = sorted(glob.glob(os.path.join(r, "nvidia", "cuda_nvrtc", "lib", "libnvrtc.so.*")))
        if hits:
            return hits[0]
    return "libnvrtc.so.12"


def load() -> ctypes.CDLL:
    path = find_library()
    try:
        return ctypes.CDLL(path)
    except OSError as e:
        raise GpuUnavailableError(
            f"libnvrtc not found ({e}); install it with `pip install nvidia-cuda-nvrtc-cu12==12.9.86` "
            "(the test extra) or `pip install pairkit[gpu]`"
        ) from None


def version() -> tuple[int, int]:
    lib = load()
    major, minor = ctypes.c_int(), ctypes.c_int()
    lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
    return major.value, minor.value


def compile_source(
    src: str, name: str = "pairkit.cu", arch: str = DEFAULT_ARCH, cubin: bool = True, options: tuple[str, ...] = OPTIONS
) -> tuple[bytes, str]:
    """Compile src for ``--gpu-architecture=arch``: (CUBIN, or PTX if cubin=False; the log).
    Raises GpuKernelBuildError with NVRTC's log when compilation fails."""
    lib = load()
    prog = ctypes.c_void_p()
    rc = lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), name.encode(), 0, None, None)
    if rc != 0:
        raise GpuKernelBuildError(f"nvrtcCreateProgram failed with code {rc}")
    try:
        opts = [f"--gpu-architecture={arch}".encode(), *(o.encode() for o in options)]
        arr = (ctypes.c_char_p * len(opts))(*opts)
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, buf)
        log = buf.value.decode(errors="replace")
        if rc != 0:
            raise GpuKernelBuildError(f"NVRTC failed on {name} for {arch} (code {rc}):\n{log}")
        getsize, get = (lib.nvrtcGetCUBINSize, lib.nvrtcGetCUBIN) if cubin else (lib.nvrtcGetPTXSize, lib.nvrtcGetPTX)
        getsize(prog, ctypes.byref(size))
        out = ctypes.create_string_buffer(size.value)
        get(prog, out)
        return out.raw, log
    finally:
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
