"""The gpu engine's contract: typed errors (unsupported set/algorithm, mismatched batches, bad
elements named by argument and index, no CuPy / no device), chunking by device memory, and,
on a machine with a CUDA device, large batches equal to the CPU engine byte for byte and bad
elements rejected by the device validation as the CPU engine rejects them."""

import sys

import numpy as np
import pytest

from pairkit import _native, api, sets
from pairkit.errors import (
    EncodingError,
    GpuUnavailableError,
    NotInSubgroupError,
    NotOnCurveError,
    PairkitError,
    PointAtInfinityError,
)
from pairkit.gpu import engine, source


def device_reason():
    try:
        engine.cupy_module()
        return None
    except GpuUnavailableError as e:
        return str(e)


NO_DEVICE = device_reason()
_no_device_skip = pytest.mark.skipif(NO_DEVICE is not None, reason=f"no CUDA device: {NO_DEVICE}")


def needs_gpu(test):
    """A test on the CUDA device: marked gpu, skipped without one."""
    return pytest.mark.gpu(_no_device_skip(test))


def batch(set_id, n, seed):
    return (
        np.frombuffer(b"".join(_native.random_points(set_id, n, seed, False, 1)), dtype=np.uint8).reshape(n, -1).copy()
    )


@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-239", "eta-alg2"), ("ss2-1223", "eta-t")])
def test_host_checks_name_bad_elements_like_the_cpu_engine(set_id, alg):
    """What the host still checks (no device): the point at infinity, bits at or above x^m, bits
    above the y bit of a compressed point, a compressed x with no point; the lowest index wins,
    P before Q at the same index. The curve equation and the subgroup test are the device's
    (test_gpu_validate.py, test_gpu_engine_fake_device.py)."""
    n, nb = 6, _native.sizes(set_id)[0]
    P, Q = batch(set_id, n, 3), batch(set_id, n, 4)
    high = P[0].copy()
    high[0] = 0xFF  # bits at or above x^m: not a field element
    high_y = P[1].copy()
    high_y[nb] |= 0x80
    infinity = np.full(P.shape[1], 0xFF, dtype=np.uint8)
    cases = [("P", 3, infinity, PointAtInfinityError), ("Q", 0, high, EncodingError), ("P", 5, high_y, EncodingError)]
    for arg, i, row, cls in cases:
        a, b = P.copy(), Q.copy()
        (a if arg == "P" else b)[i] = row
        with pytest.raises(cls) as cpu:
            api.pair_batch(set_id, a, b, alg=alg)
        assert cpu.value.index == i
        h = engine.prepare(set_id, a, b, alg)
        assert h.first_host_bad() == i
        err = h.first_error(0, np.zeros(n, np.uint32))
        assert type(err) is cls and err.index == i and str(err) == f"{arg}[{i}]: " + str(cpu.value).split(": ", 1)[1]
    # the same index bad in both arguments: P's error; a device code below outranks the host's
    a, b = P.copy(), Q.copy()
    a[4], b[4] = high, infinity
    h = engine.prepare(set_id, a, b, alg)
    assert isinstance(h.first_error(0, np.zeros(n, np.uint32)), EncodingError)
    status = np.zeros(n, np.uint32)
    status[2] = 3 << 8  # Q[2] not in the subgroup (pk_validate's code for Q)
    err = h.first_error(0, status)
    assert type(err) is NotInSubgroupError and str(err) == "Q[2]: point is not in the order-r subgroup"
    assert err.index == 2 and h.first_error(3, status[3:]).index == 4


def test_compressed_points_are_decompressed_on_the_host_and_bad_ones_named(monkeypatch):
    from pairkit.gpu import decode

    s, n = "ss2-283", 20
    C = np.frombuffer(b"".join(_native.random_points(s, n, 6, True, 1)), np.uint8).reshape(n, -1).copy()
    U = batch(s, n, 6)  # the same points, uncompressed
    x, y = decode.decode(s, "P", C)
    assert (np.concatenate([x, y], axis=1) == U).all()
    xs = (int.from_bytes(bytes(r), "big") >> 5 for r in np.random.default_rng(1).integers(0, 256, (64, 36), np.uint8))
    nox = next(v for v in xs if _pairs_ok(s, v.to_bytes(36, "big")) is NotOnCurveError)
    C[14] = np.frombuffer(nox.to_bytes(36, "big"), np.uint8)  # no point has this x
    C[9, 0] |= 0x10  # a bit above the y bit
    for chunk in (4, decode.CHUNK):  # the lowest index across decompression tasks
        monkeypatch.setattr(decode, "CHUNK", chunk)
        with pytest.raises(EncodingError, match=r"^Q\[9\]: invalid encoding: non-canonical compressed") as e:
            decode.decode(s, "Q", C)
        assert e.value.index == 9
    C[9] = U[9, :36]
    C[9, 0] |= 0x08 * (U[9, -1] & 1)
    with pytest.raises(NotOnCurveError, match=r"^Q\[14\]: point is not on the curve"):
        decode.decode(s, "Q", C)


def _pairs_ok(set_id, row):
    try:
        _native.decode_point(set_id, bytes(row), True, 1)
    except PairkitError as e:
        return type(e)
    return None


def test_wrong_lengths_are_the_host_s_and_name_index_0():
    P = batch("ss2-239", 3, 1)
    h = engine.prepare("ss2-239", P, P[:, :-1].copy(), "eta-alg2")
    err = h.first_error(0, np.zeros(3, np.uint32))
    assert type(err) is EncodingError and str(err) == "Q[0]: wrong encoding length: expected 60 bytes, got 59"


def test_decoded_coordinates_are_the_cpu_engine_s():
    P = batch("ss2-1223", 3, 7)
    x, y = engine.prepare("ss2-1223", P, P, "eta-t").coords[:2]
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
    assert per == 4 * 36 + 2 * 4 * 9 * 4 + 2 * 4  # its byte row, coordinates in and out, two status words
    assert engine.chunk_size(10**7, m, free_bytes=80 * 2**30) == engine.MAX_CHUNK
    # 1 MiB free: half of it for two chunks in flight
    assert engine.chunk_size(10**6, m, free_bytes=2**20) == (2**20 // 2) // (2 * per)
    assert engine.chunk_size(5, m, free_bytes=2**20) == 5
    assert engine.chunk_size(10**6, m, free_bytes=80 * 2**30, max_chunk=1000) == 1000
    with pytest.raises(GpuUnavailableError, match="too few for one instance"):
        engine.chunk_size(10, m, free_bytes=per)


# -- on a CUDA device ---------------------------------------------------------------------

GPU_CASES = [
    ("ss2-283", "eta-t", 100_000),
    ("ss2-239", "eta-alg2", 100_000),
    ("ss2-1223", "eta-t", 10_000),
    ("ss2-283", "eta-alg2", 10_000),
]


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
@pytest.mark.parametrize(
    "set_id,alg,n,comb",
    [
        (s, a, n, c)
        for s, a, n in [("ss2-283", "eta-t", 20_000), ("ss2-239", "eta-alg2", 20_000), ("ss2-1223", "eta-t", 1_000)]
        for c in source.COMB_VARIANTS
        if s != "ss2-1223" or c in ("local", "shared")
    ],
)
def test_gpu_every_comb_variant_equals_the_cpu_engine(set_id, alg, n, comb):
    """Each variant of the comb product (kernels/gf2m.cuh), with its shared-memory table shared by the
    warps of a block for real: chunks of 7,000 and every validation on the device too."""
    P, Q = batch(set_id, n, 109), batch(set_id, n, 110)
    b = engine.prepare(set_id, P, Q, alg)
    k = engine.GpuKernels(set_id, alg, comb=comb)
    got = k.run(b.parts, "pair", canonical=True, max_chunk=7_000, check=b)
    bad = np.nonzero((got != api.pair_batch(set_id, P, Q, alg=alg, canonical=True)).any(axis=1))[0]
    assert bad.size == 0, f"{set_id}/{alg} comb {comb}: {bad.size} of {n} differ, first at {bad[:10]}"


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
    ml = k.run(engine.prepare(set_id, P, Q, alg).coords, "miller")
    assert [bytes(r) for r in ml] == [
        _native.Engine(set_id, alg).miller_loop(bytes(P[i]), bytes(Q[i])) for i in range(64)
    ]
    nb = ml.shape[1] // 4
    fe = k.run([np.ascontiguousarray(ml[:, i * nb : (i + 1) * nb]) for i in range(4)], "final_exp", canonical=True)
    assert (fe == api.pair_batch(set_id, P, Q, alg=alg, canonical=True)).all()


@needs_gpu
@pytest.mark.parametrize("set_id,alg", [("ss2-283", "eta-t"), ("ss2-1223", "eta-t"), ("ss2-239", "eta-alg2")])
def test_gpu_validation_rejects_like_the_cpu_engine(set_id, alg):
    from pairkit.spec import pairing_for

    n = 5000
    P, Q = batch(set_id, n, 107), batch(set_id, n, 108)
    C = pairing_for(set_id).curve
    a, b = P.copy(), Q.copy()
    b[4321, -1] ^= 2  # off the curve
    cases = [(P, b)]
    if sets.get(set_id).cofactor > 1:  # plus (0, 0), a point of order 5: outside the subgroup
        a[1234] = np.frombuffer(C.encode(C.add(C.decode(bytes(P[1234])), (0, 0))), np.uint8)
        cases += [(a, Q), (a, b)]
    for x, y in cases:
        with pytest.raises(PairkitError) as cpu:
            api.pair_batch(set_id, x, y, alg=alg)
        with pytest.raises(type(cpu.value)) as gpu:
            engine.pair_batch(set_id, x, y, alg, max_chunk=1000)
        assert gpu.value.index == cpu.value.index
