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
