"""NVRTC compiles every GPU kernel module for sm_90 (H100 / H200) with no GPU present: the check of
the CUDA-specific syntax the host build (test_gpu_kernels.py) cannot see. libnvrtc comes from the
pinned test dependency nvidia-cuda-nvrtc-cu12==12.9.86."""

import re

import pytest

from pairkit import sets
from pairkit.errors import GpuKernelBuildError, GpuUnavailableError
from pairkit.gpu import nvrtc, source

try:
    NVRTC_VERSION = nvrtc.version()
    SKIP = None
except GpuUnavailableError as e:
    NVRTC_VERSION, SKIP = None, str(e)

pytestmark = [pytest.mark.gpu, pytest.mark.skipif(SKIP is not None, reason=f"NVRTC unavailable: {SKIP}")]

MODULES = [("ss2-283", "eta-t"), ("ss2-1223", "eta-t"), ("ss2-239", "eta-alg2"), ("ss2-283", "eta-alg2")]


def test_nvrtc_is_the_pinned_cuda_12_9():
    assert NVRTC_VERSION == (12, 9)


@pytest.mark.slow
@pytest.mark.parametrize("set_id,alg", MODULES)
def test_kernels_compile_for_sm90(set_id, alg):
    ptx, log = nvrtc.compile_source(source.device_source(set_id, alg), f"{set_id}-{alg}.cu", cubin=False)
    text = ptx.decode(errors="replace")
    assert ".target sm_90" in text, log
    for name in source.ENTRY_POINTS:  # extern "C": unmangled entry points for RawModule.get_function
        assert f".entry {name}(" in text, (name, log)
    cubin, _ = nvrtc.compile_source(source.device_source(set_id, alg), f"{set_id}-{alg}.cu", cubin=True)
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.slow
@pytest.mark.parametrize(
    "set_id,alg,comb",
    [("ss2-283", "eta-t", c) for c in source.COMB_VARIANTS if c != "local"]
    + [("ss2-239", "eta-alg2", "shared"), ("ss2-1223", "eta-t", "shared")],
)
def test_comb_variants_compile_for_sm90_without_spills_into_the_table(set_id, alg, comb):
    """The other comb variants (kernels/gf2m.cuh) compile to CUBIN; a shared table leaves a smaller
    local frame than the local variant's (ptxas -v: the table left local memory)."""
    opts = nvrtc.OPTIONS + ("--ptxas-options=-v",)

    def frame(c):
        _, log = nvrtc.compile_source(
            source.device_source(set_id, alg, c), f"{set_id}-{c}.cu", cubin=True, options=opts
        )
        return log, [
            int(x) for x in re.findall(r"Compiling entry function 'pk_pair'.*?(\d+) bytes stack frame", log, re.S)
        ]

    log, got = frame(comb)
    assert got, log
    if source.COMB_VARIANTS[comb][0]:
        assert got[0] + 4 * 16 * (source.words(sets.get(set_id).m) + 1) <= frame("local")[1][0] + 64


def test_a_cuda_error_is_reported_with_the_log():
    bad = source.device_source("ss2-239", "eta-alg2") + "\n__global__ void broken() { undeclared_thing(); }\n"
    with pytest.raises(GpuKernelBuildError, match="undeclared_thing"):
        nvrtc.compile_source(bad, "broken.cu", cubin=False)
