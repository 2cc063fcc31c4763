"""The prime kernels (bn254, bls12-381) where the CUDA toolchain is: NVRTC compiles them for sm_90
with no GPU present (PTX; every entry point unmangled), and, on a CUDA device, large batches through
``api.pair_batch(..., engine="gpu")`` equal the CPU engine byte for byte (skipped without one; the
host-executed proof is tests/test_gpu_kernels_prime.py, the engine's bookkeeping
tests/test_gpu_engine_prime_fake_device.py)."""

import numpy as np
import pytest

from pairkit import _native, api
from pairkit.errors import GpuUnavailableError, NotOnCurveError
from pairkit.gpu import engine, nvrtc, prime_source


def _nvrtc_reason():
    try:
        nvrtc.version()
        return None
    except GpuUnavailableError as e:
        return str(e)


def _device_reason():
    try:
        engine.cupy_module()
        return None
    except GpuUnavailableError as e:
        return str(e)


NO_NVRTC, NO_DEVICE = _nvrtc_reason(), _device_reason()
needs_nvrtc = pytest.mark.skipif(NO_NVRTC is not None, reason=f"NVRTC unavailable: {NO_NVRTC}")
needs_device = pytest.mark.skipif(NO_DEVICE is not None, reason=f"no CUDA device: {NO_DEVICE}")


def batch(set_id, n, seed, group):
    pts = _native.random_points(set_id, n, seed, False, group)
    return np.frombuffer(b"".join(pts), np.uint8).reshape(n, -1).copy()


@pytest.mark.gpu
@pytest.mark.slow
@needs_nvrtc
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
def test_prime_kernels_compile_for_sm90(set_id):
    """PTX only (ptxas, which takes minutes for these kernels on a loaded 2-core machine, runs on the
    device session: docs/GPU.md has its register counts)."""
    ptx, log = nvrtc.compile_source(prime_source.device_source(set_id, "optimal-ate"), f"{set_id}.cu", cubin=False)
    text = ptx.decode(errors="replace")
    assert ".target sm_90" in text, log
    for name in prime_source.ENTRY_POINTS:
        assert f".entry {name}(" in text, (name, log)


@pytest.mark.gpu
@needs_device
@pytest.mark.parametrize("set_id,alg,n", [(s, "optimal-ate", 32_768) for s in prime_source.PRIME_SETS])
def test_gpu_prime_large_batches_equal_the_cpu_engine(set_id, alg, n):
    P, Q = batch(set_id, n, 201, 1), batch(set_id, n, 202, 2)
    for canonical in (False, True):
        want = api.pair_batch(set_id, P, Q, alg=alg, canonical=canonical)
        got = api.pair_batch(set_id, P, Q, alg=alg, canonical=canonical, engine="gpu")
        bad = np.nonzero((got != want).any(axis=1))[0]
        assert bad.size == 0, f"{set_id}/{alg}: {bad.size} of {n} differ, first at {bad[:10]}"


@pytest.mark.gpu
@needs_device
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
@pytest.mark.parametrize("n,max_chunk", [(0, 7), (1, 7), (33, 7), (1000, 300)])
def test_gpu_prime_edge_sizes_stages_and_the_reduced_variant(set_id, n, max_chunk):
    P, Q = batch(set_id, max(n, 1), 203, 1)[:n], batch(set_id, max(n, 1), 204, 2)[:n]
    for alg in prime_source.PRIME_ALGS:
        got = engine.pair_batch(set_id, P, Q, alg, canonical=False, max_chunk=max_chunk)
        assert (got == api.pair_batch(set_id, P, Q, alg=alg)).all(), alg
    if n:
        k = engine.PrimeGpuKernels(set_id, "optimal-ate")
        ml = k.run(engine.prime_batch(set_id, P, Q).rows, "miller", max_chunk=max_chunk)
        e = _native.Engine(set_id, "optimal-ate")
        assert [bytes(r) for r in ml[:5]] == [e.miller_loop(bytes(P[i]), bytes(Q[i])) for i in range(min(n, 5))]
        assert (k.run(ml, "final_exp", max_chunk=max_chunk) == api.pair_batch(set_id, P, Q)).all()


@pytest.mark.gpu
@needs_device
def test_gpu_prime_bad_point_is_the_cpu_engine_s_error():
    P, Q = batch("bls12-381", 500, 205, 1), batch("bls12-381", 500, 206, 2)
    P[321, -1] ^= 1
    with pytest.raises(NotOnCurveError) as e:
        api.pair_batch("bls12-381", P, Q, engine="gpu")
    assert e.value.index == 321


@pytest.mark.skipif(NO_DEVICE is None, reason="a CUDA device is present")
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
def test_without_a_device_the_prime_path_says_how_to_install(set_id):
    """GpuUnavailableError (what to install), before any host check of the points."""
    P = np.zeros((1, 3), np.uint8)  # not even a point: the missing device is reported first
    with pytest.raises(GpuUnavailableError, match="pip install pairkit"):
        api.pair_batch(set_id, P, P, engine="gpu")


SMALL_KERNEL = """
extern "C" __global__ void pk_mul_only(const pk_u32* in, pk_u32* out, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    pk_fp a, b;
    for (int j = 0; j < PK_NL; ++j) {
        a.w[j] = in[(size_t)j * n + i];
        b.w[j] = in[(size_t)(PK_NL + j) * n + i];
    }
    const pk_fp r = pk_fp_mul(a, b);
    for (int j = 0; j < PK_NL; ++j) out[(size_t)j * n + i] = r.w[j];
}
"""


def mul_only_registers(set_id, fp_mul):
    """ptxas's registers for a kernel of one F_p product (fp.cuh alone, CUBIN for sm_90): seconds, where
    the whole module takes minutes."""
    import re

    src = prime_source.prelude(set_id, "optimal-ate", fp_mul) + (prime_source.KERNEL_DIR / "fp.cuh").read_text()
    cubin, log = nvrtc.compile_source(
        src + SMALL_KERNEL, f"{set_id}-{fp_mul}.cu", cubin=True, options=nvrtc.OPTIONS + ("--ptxas-options=-v",)
    )
    assert cubin[:4] == b"\x7fELF", log
    return {
        name: int(r)
        for name, r in re.findall(r"Function properties for (\w+).*?Used (\d+) registers", log, re.S)
        + re.findall(r"Compiling entry function '(\w+)'.*?Used (\d+) registers", log, re.S)
    }


@pytest.mark.gpu
@needs_nvrtc
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
def test_the_ptx_carry_chains_assemble_for_sm90(set_id):
    """The "ptx" product's inline asm (mad.lo.cc, madc.hi.cc, addc; kernels/fp.cuh PK_FP_MUL_PTX) passes
    ptxas for sm_90 (NVRTC to PTX alone would not read the asm); its values are checked host-executed
    (the same instruction sequence, tests/test_gpu_kernels_prime.py) and, on a device, by the ptx
    variant's bench equality. The kernel of one product gets registers from ptxas either way."""
    regs = {v: mul_only_registers(set_id, v) for v in ("call", "ptx")}
    assert regs["ptx"].get("pk_mul_only") and regs["call"].get("pk_mul_only"), regs


@pytest.mark.gpu
@needs_device
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
def test_gpu_the_ptx_product_equals_the_cpu_engine(set_id):
    """The "ptx" F_p product on the device (the carry flag between asm statements is what only a device
    shows): 4,096 pairings and the Miller stage equal the CPU engine's."""
    n = 4096
    P, Q = batch(set_id, n, 207, 1), batch(set_id, n, 208, 2)
    k = engine.PrimeGpuKernels(set_id, "optimal-ate", fp_mul="ptx")
    pb = engine.prime_batch(set_id, P, Q)
    assert (k.run(pb.rows, "pair", check=pb) == api.pair_batch(set_id, P, Q)).all()


@pytest.mark.gpu
@needs_device
@pytest.mark.parametrize("set_id", prime_source.PRIME_SETS)
def test_gpu_multi_pair_and_validation_equal_the_cpu_engine(set_id):
    """multi_pair of 10,000 pairs (several product-tree levels) and a batch with a point outside the
    subgroup deep inside: the CPU engine's bytes and error."""
    n = 10_000
    P, Q = batch(set_id, n, 209, 1), batch(set_id, n, 210, 2)
    want = api.multi_pair(set_id, list(map(bytes, P)), list(map(bytes, Q)))
    assert api.multi_pair(set_id, P, Q, engine="gpu") == want
    assert api.multi_pair(set_id, P[:1], Q[:1], engine="gpu") == api.pair(set_id, bytes(P[0]), bytes(Q[0]))
    Q[7777, -1] ^= 1
    with pytest.raises(NotOnCurveError) as e:
        api.pair_batch(set_id, P, Q, engine="gpu")
    assert e.value.index == 7777
