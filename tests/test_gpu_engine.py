"""The gpu engine's contract: typed errors (unsupported set/algorithm, mismatched batches, bad
elements named by argument and index, no CuPy / no device), chunking by device memory, and,
on a machine with a CUDA device, large batches equal to the CPU engine byte for byte."""
import sys

import numpy as np
import pytest

from pairkit import _native, api, catalogue
from pairkit.errors import (EncodingError, GpuUnavailableError, GpuUnsupportedError, NotInSubgroupError,
                            NotOnCurveError, PairkitError, PointAtInfinityError)
from pairkit.gpu import engine, source


def device_reason():
    try:
        engine.cupy_module()
        return None
    except GpuUnavailableError as e:
        return str(e)


NO_DEVICE = device_reason()
needs_gpu = pytest.mark.skipif(NO_DEVICE is not None, reason=f"no CUDA device: {NO_DEVICE}")


def batch(set_id, n, seed):
    return np.frombuffer(b"".join(_native.random_points(set_id, n, seed, False, 1)), dtype=np.uint8).reshape(n, -1).copy()


def off_curve(set_id, row):
    """row with y + x (y + 1 would be -P, y^2 + y being invariant under y -> y + 1)."""
    bad = row.copy()
    bad[-1] ^= 2
    assert _pairs_ok(set_id, bad) is NotOnCurveError
    return bad


def _pairs_ok(set_id, row):
    try:
        _native.decode_point(set_id, bytes(row), True, 1)
    except PairkitError as e:
        return type(e)
    return None


def off_subgroup(set_id, rng):
    """A point of E(GF(2^m)) outside the order-r subgroup: a random lift of x (cofactor > 1)."""
    from pairkit.spec.api import SpecPairing

    S = SpecPairing(set_id)
    while True:
        R = S.curve.lift_x(rng.randrange(1 << S.F.m), 0)
        if R is not None:
            row = np.frombuffer(S.curve.encode(R), dtype=np.uint8)
            if _pairs_ok(set_id, row) is NotInSubgroupError:
                return row


@pytest.mark.parametrize("set_id,alg", [("ss2-283", "tate-alg1"), ("ss2-283b1", "eta-alg2"), ("ss3-97", "eta-t"),
                                        ("bn254", "optimal-ate"), ("ss2-239", "eta-t")])
def test_unsupported_sets_and_algorithms_name_what_is_supported(set_id, alg):
    with pytest.raises(GpuUnsupportedError, match=r"supported: ss2-283 \(eta-t, eta-alg2\), ss2-1223"):
        api.pair_batch(set_id, np.zeros((1, 4), np.uint8), np.zeros((1, 4), np.uint8), alg=alg, engine="gpu")


def test_mismatched_batches():
    P, Q = batch("ss2-283", 3, 1), batch("ss2-283", 2, 2)
    with pytest.raises(PairkitError, match="batch sizes differ: 3 points P vs 2 points Q"):
        api.pair_batch("ss2-283", P, Q, engine="gpu")
    with pytest.raises(PairkitError, match="batch sizes differ"):
        engine.prepare("ss2-283", P, Q, "eta-t")


@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-239", "eta-alg2")])
def test_bad_elements_are_named_by_argument_and_index_like_the_cpu_engine(set_id, alg, rng):
    n = 40
    P, Q = batch(set_id, n, 3), batch(set_id, n, 4)
    infinity = np.full(P.shape[1], 0xFF, dtype=np.uint8)
    high = P[0].copy()
    high[0] = 0xFF  # bits at or above x^m: not a field element
    cases = [("P", 17, off_curve(set_id, P[17]), NotOnCurveError), ("P", 39, infinity, PointAtInfinityError),
             ("Q", 0, high, EncodingError)]
    if catalogue.get(set_id).cofactor > 1:  # ss2-239 has cofactor 1: every curve point is in the subgroup
        cases.append(("Q", 5, off_subgroup(set_id, rng), NotInSubgroupError))
    for arg, i, row, cls in cases:
        a, b = P.copy(), Q.copy()
        (a if arg == "P" else b)[i] = row
        with pytest.raises(cls) as cpu:
            api.pair_batch(set_id, a, b, alg=alg)
        assert cpu.value.index == i
        with pytest.raises(cls, match=rf"^{arg}\[{i}\]: ") as gpu:
            engine.prepare(set_id, a, b, alg)
        assert gpu.value.index == i
    # two bad elements: the lowest index is reported, across decode chunks
    a = P.copy()
    a[33], a[2] = infinity, off_curve(set_id, P[2])
    with pytest.raises(NotOnCurveError, match=r"^P\[2\]: "):
        engine.prepare(set_id, a, Q, alg)


def test_decode_reports_the_lowest_index_across_chunks(monkeypatch):
    from pairkit.gpu import decode

    monkeypatch.setattr(decode, "CHUNK", 4)
    P = batch("ss2-239", 20, 6)
    P[14, -1] ^= 1
    P[9] = 0xFF
    with pytest.raises(PointAtInfinityError, match=r"^Q\[9\]: ") as e:
        decode.decode("ss2-239", "Q", P)
    assert e.value.index == 9


def test_decoded_coordinates_are_the_cpu_engine_s():
    P = batch("ss2-1223", 3, 7)
    x, y = engine.prepare("ss2-1223", P, P, "eta-t")[:2]
    for i in range(3):
        assert (bytes(x[i]), bytes(y[i])) == _native.decode_point("ss2-1223", bytes(P[i]), True, 1)


def test_no_cupy_is_a_typed_error_saying_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", None)  # import cupy -> ImportError
    P = batch("ss2-283", 2, 8)
    with pytest.raises(GpuUnavailableError, match=r"needs CuPy.*pip install pairkit\[gpu\].*cupy-cuda12x==14\.2\.0"):
        api.pair_batch("ss2-283", P, P, engine="gpu")


@pytest.mark.skipif(NO_DEVICE is None, reason="a CUDA device is present")
def test_without_a_device_the_engine_says_what_is_missing():
    P = batch("ss2-283", 2, 9)
    with pytest.raises(GpuUnavailableError, match="pip install pairkit"):
        api.pair_batch("ss2-283", P, P, engine="gpu")


def test_chunks_follow_free_device_memory():
    m = 283
    per = engine.per_instance_bytes(m)
    assert per == 2 * 4 * 9 * 4 + 4
    assert engine.chunk_size(10**7, m, free_bytes=80 * 2**30) == engine.MAX_CHUNK
    # 1 MiB free: half of it for two chunks in flight
    assert engine.chunk_size(10**6, m, free_bytes=2**20) == (2**20 // 2) // (2 * per)
    assert engine.chunk_size(5, m, free_bytes=2**20) == 5
    assert engine.chunk_size(10**6, m, free_bytes=80 * 2**30, max_chunk=1000) == 1000
    with pytest.raises(GpuUnavailableError, match="too few for one instance"):
        engine.chunk_size(10, m, free_bytes=per)


# -- on a CUDA device ---------------------------------------------------------------------

GPU_CASES = [("ss2-283", "eta-t", 100_000), ("ss2-239", "eta-alg2", 100_000), ("ss2-1223", "eta-t", 10_000),
             ("ss2-283", "eta-alg2", 10_000)]


@needs_gpu
@pytest.mark.parametrize("set_id,alg,n", GPU_CASES)
def test_gpu_large_batches_equal_the_cpu_engine(set_id, alg, n):
    P, Q = batch(set_id, n, 101), batch(set_id, n, 102)
    for canonical in (False, True):
        want = api.pair_batch(set_id, P, Q, alg=alg, canonical=canonical)
        got = api.pair_batch(set_id, P, Q, alg=alg, canonical=canonical, engine="gpu")
        bad = np.nonzero((got != want).any(axis=1))[0]
        assert bad.size == 0, f"{set_id}/{alg}: {bad.size} of {n} differ, first at {bad[:10]}"


@needs_gpu
@pytest.mark.parametrize("n", [0, 1, 31, 33, 1000])
def test_gpu_edge_sizes_and_forced_chunking(n):
    P, Q = batch("ss2-283", max(n, 1), 103)[:n], batch("ss2-283", max(n, 1), 104)[:n]
    want = api.pair_batch("ss2-283", P, Q)
    assert (engine.pair_batch("ss2-283", P, Q, "eta-t", max_chunk=7) == want).all()


@needs_gpu
@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-1223", "eta-t"), ("ss2-239", "eta-alg2")])
def test_gpu_stages_equal_the_rust_stages(set_id, alg):
    P, Q = batch(set_id, 64, 105), batch(set_id, 64, 106)
    k = engine.GpuKernels(set_id, alg)
    ml = k.run(engine.prepare(set_id, P, Q, alg), "miller")
    assert [bytes(r) for r in ml] == [_native.miller_loop(set_id, alg, bytes(P[i]), bytes(Q[i])) for i in range(64)]
    nb = ml.shape[1] // 4
    fe = k.run([np.ascontiguousarray(ml[:, i * nb:(i + 1) * nb]) for i in range(4)], "final_exp", canonical=True)
    assert (fe == api.pair_batch(set_id, P, Q, alg=alg, canonical=True)).all()
